// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Weight data for the GPU weight-kernel tests (mat-vec, matmul, get_rows): random and
// quantised GGUF rows, their CPU dequantisation, and the per-type bound helpers. One copy, shared
// by the kernel test files.
#pragma once

#include "gguf/gguf.h"

#include <QByteArray>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace facet::test {

using WeightRng = std::mt19937_64;

constexpr double kU = 1.0 / 16777216.0;  // 2^-24, the f32 unit roundoff

// Every GGUF type the weight kernels read.
inline constexpr gguf::TensorType kWeightTypes[] = {
    gguf::TensorType::F32,  gguf::TensorType::F16,  gguf::TensorType::BF16, gguf::TensorType::Q4_0,
    gguf::TensorType::Q4_1, gguf::TensorType::Q5_0, gguf::TensorType::Q5_1, gguf::TensorType::Q8_0,
    gguf::TensorType::Q4_K, gguf::TensorType::Q5_K, gguf::TensorType::Q6_K};

// "Q4_K", ... for test names.
std::string typeName(gguf::TensorType t);
// n uniform floats in [lo, hi).
std::vector<float> randomFloats(WeightRng &rng, size_t n, float lo, float hi);
// N rows of K normal values (per-row scale 2^-3 .. 2^3) through the reference quantiser:
// realistic blocks.
QByteArray quantizedRows(gguf::TensorType t, int K, int N, WeightRng &rng);
// A random finite, normal half (|v| in [2^-10, 2^6)), so products stay normal floats.
uint16_t randomHalf(WeightRng &rng);
// N rows of uniformly random bytes, so every quant bit pattern (scales, mins, high bits, signs)
// occurs; the f16 scale fields (and plain values) are replaced by finite normal values (the GPU
// is not required to reproduce NaN payloads or half subnormals).
QByteArray randomBlockRows(gguf::TensorType t, int K, int N, WeightRng &rng);
// The CPU dequantisation of N rows of K values.
std::vector<float> dequantRows(gguf::TensorType t, const QByteArray &rows, int K, int N);
// The offset term o of every dequantised weight w = d q + o (Q4_1, Q5_1: the block's m; Q4_K,
// Q5_K: -dmin * min of the sub-block; 0 for the other types): the CPU dequantisation of the same
// blocks with every quant bit cleared.
std::vector<float> offsetRows(gguf::TensorType t, const QByteArray &rows, int K, int N);

}  // namespace facet::test
