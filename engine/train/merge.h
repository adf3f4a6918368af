// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A merged model: the base GGUF with an adapter folded into its weights, W' = W + strength·s·B·A
// for every adapted projection, written as a GGUF file any Gemma 4 runtime loads (Ollama's runner
// cannot apply LoRA adapters at all, so this is how an Ollama user takes a fine-tune along).
// Adapted tensors are re-quantised (round to nearest) to the base's type, to Q8_0 or to F16;
// every other tensor and all metadata are copied as they are. Written through the streaming
// writer: bounded memory, a free-space check, the file whole or not at all.
#pragma once

#include "model/gemma4_config.h"
#include "train/lora_types.h"

#include <QString>

#include <functional>

namespace facet::gguf {
class File;
}

namespace facet::train {

enum class MergedType {
    Base,  // each adapted tensor keeps its type (re-quantised)
    Q8_0,  // F16 where a row is not a whole number of Q8_0 blocks
    F16,
};

// Progress: bytes written so far and in total; return false to cancel (nothing is left behind).
using MergeProgressFn = std::function<bool(qint64 done, qint64 total)>;

bool exportMergedGguf(const gguf::File &base, const model::Gemma4Config &config,
                      const LoraAdapter &adapter, float strength, MergedType type,
                      const QString &path, QString *error, const MergeProgressFn &progress = {});

}  // namespace facet::train
