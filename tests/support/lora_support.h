// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Test helpers for adapters: random factors, and the PEFT reference of tests/data/gemma4_lora.
#pragma once

#include "gguf/gguf.h"
#include "model/lora.h"

#include <QString>

#include <memory>
#include <optional>
#include <random>
#include <vector>

namespace facet::test {

// Every factor B drawn uniform in [-bound, bound), matrix by matrix (a fresh adapter's B is zero,
// so it would not change the model).
void randomizeLoraB(model::LoraAdapter &adapter, std::mt19937_64 &rng, float bound);

// The tiny transformers Gemma 4 of tests/data/gemma4_mm converted to GGUF, the adapter Hugging
// Face PEFT made for it (tests/data/gemma4_lora) and what transformers + PEFT computed with it.
struct PeftReference {
    std::unique_ptr<gguf::File> file;
    std::optional<model::LoraAdapter> adapter;
    std::vector<int32_t> tokens;
    std::vector<float> logits;      // [tokens][V] with the adapter
    std::vector<float> baseLogits;  // without
};
// Empty members and *error set when something cannot be read.
PeftReference loadPeftReference(QString *error);

// The same two as files the engine loads: the tiny model converted to a GGUF at `path`, and the
// PEFT adapter folder (tests/data/gemma4_lora), which changes the model's answers.
bool writePeftBaseModel(const QString &path, QString *error);
QString peftAdapterDir();

}  // namespace facet::test
