// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// LoRA adapters in the files other tools use:
//   - PEFT (Hugging Face): a folder with adapter_model.safetensors and adapter_config.json.
//     Tensor names as transformers names Gemma 4's modules,
//       base_model.model.model.language_model.layers.N.self_attn.q_proj.lora_A.weight
//       base_model.model.model.language_model.layers.N.mlp.gate_proj.lora_B.weight
//       base_model.model.model.language_model.layers.N.per_layer_input_gate.lora_A.weight
//     (text-only Gemma4ForCausalLM checkpoints: base_model.model.model.layers.N…); lora_A is
//     [r, in], lora_B [out, r]; y = W·x + (alpha / r)·B·(A·x) (alpha / sqrt(r) with use_rslora).
//   - GGUF LoRA, as llama.cpp's --lora reads it: general.type = adapter, general.architecture =
//     gemma4, adapter.type = lora, adapter.lora.alpha; tensors blk.N.attn_q.weight.lora_a
//     (ne [in, r]) and blk.N.attn_q.weight.lora_b (ne [r, out]).
// Loading checks every factor against the model it is meant for (layer count, each projection's
// inputs and outputs), so an adapter made for another model is refused with what does not fit.
#pragma once

#include "model/gemma4_config.h"
#include "train/lora_types.h"

#include <QString>

#include <optional>

namespace facet::train {

enum class PeftNames {
    Multimodal,  // base_model.model.model.language_model.layers.N… (Gemma4ForConditionalGeneration)
    TextOnly,    // base_model.model.model.layers.N… (Gemma4ForCausalLM)
};

// Writes `dir`/adapter_model.safetensors (f32) and `dir`/adapter_config.json (creating the folder;
// each file written whole or not at all). `baseModel` goes to base_model_name_or_path.
bool savePeftAdapter(const LoraAdapter &adapter, const QString &dir, const QString &baseModel,
                     PeftNames names, QString *error);
// Reads a PEFT adapter folder for a model of configuration `c` (F32, F16 or BF16 factors; either
// naming). Refuses adapters PEFT makes that Facet cannot run yet (per-module ranks or alphas,
// DoRA, biases) with a message saying so.
std::optional<LoraAdapter> loadPeftAdapter(const QString &dir, const model::Gemma4Config &c,
                                           QString *error);

// Writes a GGUF LoRA file (f32 factors), atomically.
bool saveGgufLora(const LoraAdapter &adapter, const QString &path, QString *error);
// Reads a GGUF LoRA file for a model of configuration `c` (F32 or F16 factors).
std::optional<LoraAdapter> loadGgufLora(const QString &path, const model::Gemma4Config &c,
                                        QString *error);

// Writes `data` to `path` whole or not at all (QSaveFile); false with *error saying why.
bool writeFileWhole(const QString &path, const QByteArray &data, QString *error);

// A PEFT folder or a GGUF LoRA file, by what `path` is.
std::optional<LoraAdapter> loadAdapter(const QString &path, const model::Gemma4Config &c,
                                       QString *error);

}  // namespace facet::train
