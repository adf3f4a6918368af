// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A LoRA adapter for the Gemma 4 text decoder: for each adapted projection W (y = W·x) of a layer,
// two factors A [rank][in] and B [out][rank] (PyTorch order, as PEFT stores lora_A / lora_B) and
// y = W·x + s·B·(A·dropout(x)), s = alpha / rank (alpha / sqrt(rank) with rsLoRA).
//
// Layers that read another layer's KV cache compute no K and V, so they get no K/V factors (as in
// Hugging Face, where those layers have no k_proj / v_proj to adapt).
#pragma once

#include "model/gemma4_config.h"

#include <QString>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace facet::model {

// The projections an adapter can sit on.
enum class LoraTarget { AttnQ, AttnK, AttnV, AttnOutput, FfnGate, FfnUp, FfnDown, InpGate, Proj };
inline constexpr int kLoraTargetCount = 9;

// GGUF tensor stem ("attn_q", …, "inp_gate", "proj"): blk.N.<stem>.weight.
std::string_view loraTargetName(LoraTarget t);
// "attn_q" … back to the target (also "q_proj" … as PEFT's target_modules names them).
std::optional<LoraTarget> loraTargetByName(std::string_view name);

// The (inputs, outputs) of projection `t` of `layer`; nullopt where the layer has no such
// projection to adapt (K and V of a layer that shares another's cache; inp_gate and proj without
// per-layer inputs).
struct LoraShape {
    int in = 0, out = 0;
};
std::optional<LoraShape> loraShape(const Gemma4Config &c, int layer, LoraTarget t);

struct LoraConfig {
    int rank = 16;
    float alpha = 32.0f;
    float dropout = 0.0f;  // probability of zeroing an input element of A (training only)
    bool rsLora = false;   // scale alpha / sqrt(rank) instead of alpha / rank
    // Default: every attention and FFN projection (PEFT's "all-linear" for the text decoder).
    std::vector<LoraTarget> targets = {
        LoraTarget::AttnQ,   LoraTarget::AttnK, LoraTarget::AttnV,  LoraTarget::AttnOutput,
        LoraTarget::FfnGate, LoraTarget::FfnUp, LoraTarget::FfnDown};
    float scale() const;
};

struct LoraMatrix {
    int in = 0, out = 0;
    std::vector<float> a;  // [rank][in]
    std::vector<float> b;  // [out][rank]
};

class LoraAdapter {
public:
    // The adapter's shapes for a model, A drawn as PEFT initialises it (uniform in ±1/sqrt(in),
    // PyTorch's kaiming_uniform with a = sqrt(5)) from `seed`, B zero: the adapted model starts
    // as the base model. Fails (nullopt, *error) on a rank below 1, a dropout outside [0, 1), or
    // a target the model does not have (inp_gate / proj without per-layer inputs).
    static std::optional<LoraAdapter> create(const Gemma4Config &config, const LoraConfig &lora,
                                             uint64_t seed, QString *error);

    const LoraConfig &config() const { return m_config; }
    int layerCount() const { return int(m_layers.size()); }
    // The factors of one projection, or nullptr when it carries none.
    const LoraMatrix *find(int layer, LoraTarget t) const;
    LoraMatrix *find(int layer, LoraTarget t);
    // Every present matrix, layer by layer in target order.
    std::vector<const LoraMatrix *> matrices() const;
    std::vector<LoraMatrix *> matrices();
    int64_t parameterCount() const;
    // The same shapes, every factor zero (a gradient buffer).
    LoraAdapter zerosLike() const;

    // An adapter without matrices for a model of `layers` layers (loading fills it with set()).
    static LoraAdapter empty(int layers, const LoraConfig &lora);
    // Places the factors of one projection (replacing any); false when the layer is out of range
    // or the factors' sizes do not match in / out and the adapter's rank.
    bool set(int layer, LoraTarget t, LoraMatrix m);

private:
    LoraConfig m_config;
    std::vector<std::array<std::optional<LoraMatrix>, kLoraTargetCount>> m_layers;
};

}  // namespace facet::model
