// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// CPU reference dequantisation (and simple reference quantisation) of GGUF tensor blocks.
// Plain, readable code: this is the oracle the GPU kernels are tested against.
#pragma once

#include "gguf/gguf.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace facet::gguf {

// True for the types this module can dequantise:
// F32, F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q4_K, Q5_K, Q6_K.
bool canDequantize(TensorType t);

// Dequantises one block of `t` (traits.blockSize values) from `block` into `out`.
bool dequantizeBlock(TensorType t, const uint8_t *block, float *out);

// Dequantises `n` consecutive values (n a multiple of the block size) starting at `src`.
// Returns false for an unsupported type or a bad n.
bool dequantizeRow(TensorType t, const uint8_t *src, float *out, int64_t n);

// Reference quantiser (round to nearest, no search): encodes `n` floats (multiple of the block
// size) as `t`, appending to `out`. Used by the fixture generator and round-trip tests.
bool quantizeRow(TensorType t, const float *src, int64_t n, QByteArray *out);

// IEEE half and bfloat16 conversions (round to nearest even).
float halfToFloat(uint16_t h);
uint16_t floatToHalf(float f);
float bf16ToFloat(uint16_t b);
uint16_t floatToBf16(float f);

}  // namespace facet::gguf
