// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The random stream of fine-tuning (dataset shuffling, adapter initialisation, the examples'
// dropout seeds; the masks themselves: train/dropout_mask.h): SplitMix64, the same numbers on every
// platform for a seed (the standard library's engines are portable, its distributions and
// std::shuffle are not).
#pragma once

#include <cstdint>

namespace facet::model {

inline uint64_t splitMix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// A float uniform in [0, 1) from one draw (24 bits: exact in float).
inline float unitFloat(uint64_t draw) {
    return float(draw >> 40) * (1.0f / 16777216.0f);
}

}  // namespace facet::model
