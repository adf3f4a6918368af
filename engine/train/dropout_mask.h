// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// LoRA dropout masks from a counter-based hash: the mask of an adapted projection's input is a
// function of (seed, layer, target, row, column), computed where it is needed and never stored,
// so the CPU oracle (reference_trainer.cpp) and the GPU trainer (shaders/lora_dropout.comp, the
// same 32-bit integer arithmetic) draw bit-identical masks, and the GPU's forward, its recompute
// (gradient checkpointing) and its backward agree without keeping a mask.
//
// Element `index` = row · in + column of the mask of (layer, target) for an example's dropout
// seed: dropped (0) when the top 24 bits of dropoutDraw(key, index) are below
// dropoutThreshold(p), i.e. with probability p to 2⁻²⁴; kept as 1 / (1 - p) otherwise.
#pragma once

#include "model/lora.h"

#include <cmath>
#include <cstdint>

namespace facet::train {

// lowbias32 (C. Wellons, hash-prospector): a bijection of 32-bit integers whose output bits each
// flip with probability ~1/2 when any input bit does.
constexpr uint32_t dropoutMix(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}

// The 32-bit seed of an example's 64-bit dropout seed (its halves folded).
constexpr uint32_t dropoutSeed32(uint64_t seed) {
    return uint32_t(seed) ^ uint32_t(seed >> 32);
}

// One stream per (layer, target): a mask does not depend on which other projections are adapted.
constexpr uint32_t dropoutStream(int layer, model::LoraTarget t) {
    return uint32_t(layer) * uint32_t(model::kLoraTargetCount) + uint32_t(t);
}

// The key of one stream of one seed (computed on the host; the kernel takes it as a parameter).
constexpr uint32_t dropoutKey(uint32_t seed32, uint32_t stream) {
    return dropoutMix(seed32 ^ dropoutMix(stream + 0x9E3779B9u));
}

// Draw `index` of a stream: two rounds of the mix, the key added before and folded in between.
// (shaders/lora_dropout.comp repeats this; the two must stay the same.)
constexpr uint32_t dropoutDraw(uint32_t key, uint32_t index) {
    return dropoutMix(dropoutMix(index + key) ^ key);
}

// The 24-bit draws below which an element is dropped: ceil(p · 2²⁴), so that "dropped" is exactly
// "(draw >> 8) / 2²⁴ < p" (both sides exact in float).
inline uint32_t dropoutThreshold(float p) {
    if (!(p > 0.0f)) return 0;
    if (p >= 1.0f) return 1u << 24;
    return uint32_t(std::ceil(p * 16777216.0f));
}

// The mask of one (layer, target) for one example.
struct DropoutMask {
    uint32_t key = 0;
    uint32_t threshold = 0;  // dropoutThreshold(p)
    float keepScale = 1.0f;  // 1 / (1 - p)

    // The mask's element `index` (row · in + column): 0 or keepScale.
    constexpr float at(uint32_t index) const {
        return (dropoutDraw(key, index) >> 8) < threshold ? 0.0f : keepScale;
    }
};

// The mask of projection `t` of `layer` for dropout probability p in [0, 1) and an example's seed.
inline DropoutMask dropoutMask(uint64_t seed, int layer, model::LoraTarget t, float p) {
    return {dropoutKey(dropoutSeed32(seed), dropoutStream(layer, t)), dropoutThreshold(p),
            1.0f / (1.0f - p)};
}

// The kernel's semantics on the CPU (the reference of lora_dropout.comp): over `rows` rows of `n`
// values, out[r][c] = x[r][c] · mask(r·n + c), or with `accumulate` out[r][c] += x[r][c] · mask.
// Rows are xStride / outStride floats apart.
inline void applyDropoutMask(const DropoutMask &m, const float *x, uint32_t xStride, float *out,
                             uint32_t outStride, uint32_t rows, uint32_t n, bool accumulate) {
    for (uint32_t r = 0; r < rows; ++r) {
        for (uint32_t c = 0; c < n; ++c) {
            const float v = x[size_t(r) * xStride + c] * m.at(r * n + c);
            float &o = out[size_t(r) * outStride + c];
            o = accumulate ? o + v : v;
        }
    }
}

}  // namespace facet::train
