// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "weight_test_data.h"

#include "gguf/dequant.h"
#include "gpu/ops.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace facet::test {

namespace {}  // namespace

std::string typeName(gguf::TensorType t) {
    return gguf::typeTraits(t)->name;
}

std::vector<float> randomFloats(WeightRng &rng, size_t n, float lo, float hi) {
    std::uniform_real_distribution<float> d(lo, hi);
    std::vector<float> v(n);
    for (auto &x : v)
        x = d(rng);
    return v;
}

// Rows of K values quantised by the reference quantiser (realistic blocks).
QByteArray quantizedRows(gguf::TensorType t, int K, int N, WeightRng &rng) {
    QByteArray out;
    std::normal_distribution<float> d(0.0f, 1.0f);
    std::vector<float> row(static_cast<size_t>(K));
    for (int r = 0; r < N; ++r) {
        const float scale = std::exp2(float(int(rng() % 7)) - 3.0f);
        for (auto &x : row)
            x = d(rng) * scale;
        EXPECT_TRUE(gguf::quantizeRow(t, row.data(), K, &out));
    }
    return out;
}

// A random finite, normal half (|v| in [2^-10, 2^6)), so products stay normal floats.
uint16_t randomHalf(WeightRng &rng) {
    const uint32_t exp = 5 + uint32_t(rng() % 16);
    return uint16_t(((rng() & 1) << 15) | (exp << 10) | (rng() & 0x3FF));
}

namespace {
void putU16(QByteArray &b, qsizetype at, uint16_t v) {
    std::memcpy(b.data() + at, &v, 2);
}
}  // namespace

// Rows of uniformly random bytes, so every quant bit pattern (scales, mins, high bits, signs)
// occurs; the f16 scale fields (and plain values) are replaced by finite normal values.
QByteArray randomBlockRows(gguf::TensorType t, int K, int N, WeightRng &rng) {
    const auto traits = *gguf::typeTraits(t);
    const qsizetype rowBytes = qsizetype(K / int(traits.blockSize) * int(traits.bytesPerBlock));
    QByteArray b(rowBytes * N, Qt::Uninitialized);
    for (qsizetype i = 0; i + 8 <= b.size(); i += 8) {
        const uint64_t r = rng();
        std::memcpy(b.data() + i, &r, 8);
    }
    for (qsizetype i = b.size() / 8 * 8; i < b.size(); ++i)
        b[i] = char(rng() & 0xFF);
    const qsizetype blocks = b.size() / qsizetype(traits.bytesPerBlock);
    for (qsizetype i = 0; i < blocks; ++i) {
        const qsizetype at = i * qsizetype(traits.bytesPerBlock);
        switch (t) {
            case gguf::TensorType::F32: {
                const float v =
                    std::ldexp(float(int(rng() % 2000001) - 1000000) / 1e6f, int(rng() % 40) - 20);
                std::memcpy(b.data() + at, &v, 4);
                break;
            }
            case gguf::TensorType::F16:
                putU16(b, at, randomHalf(rng));
                break;
            case gguf::TensorType::BF16:
                putU16(b, at,
                       uint16_t(((rng() & 1) << 15) | ((100 + rng() % 55) << 7) | (rng() & 0x7F)));
                break;
            case gguf::TensorType::Q4_0:
            case gguf::TensorType::Q5_0:
            case gguf::TensorType::Q8_0:
                putU16(b, at, randomHalf(rng));
                break;
            case gguf::TensorType::Q4_1:
            case gguf::TensorType::Q5_1:
            case gguf::TensorType::Q4_K:
            case gguf::TensorType::Q5_K:
                putU16(b, at, randomHalf(rng));
                putU16(b, at + 2, randomHalf(rng));
                break;
            case gguf::TensorType::Q6_K:
                putU16(b, at + 208, randomHalf(rng));
                break;
            default:
                ADD_FAILURE() << "unexpected type";
        }
    }
    return b;
}

std::vector<float> dequantRows(gguf::TensorType t, const QByteArray &rows, int K, int N) {
    std::vector<float> out(size_t(K) * size_t(N));
    const qint64 rowBytes = gpu::weightRowBytes(t, K);
    for (int r = 0; r < N; ++r) {
        EXPECT_TRUE(gguf::dequantizeRow(
            t, reinterpret_cast<const uint8_t *>(rows.constData()) + r * rowBytes,
            out.data() + size_t(r) * size_t(K), K));
    }
    return out;
}

// The offset term of every dequantised weight, w = d q + offset (Q4_1, Q5_1: the block's m;
// Q4_K, Q5_K: -dmin * min of the sub-block; 0 for the other types): the CPU dequantisation of
// the same blocks with every quant bit cleared.
std::vector<float> offsetRows(gguf::TensorType t, const QByteArray &rows, int K, int N) {
    struct Field {
        int from, to;  // quant bytes [from, to) of a block
    };
    std::vector<Field> quantBytes;
    switch (t) {
        case gguf::TensorType::Q4_1:
            quantBytes = {{4, 20}};
            break;
        case gguf::TensorType::Q5_1:
            quantBytes = {{4, 24}};
            break;
        case gguf::TensorType::Q4_K:
            quantBytes = {{16, 144}};
            break;
        case gguf::TensorType::Q5_K:
            quantBytes = {{16, 176}};
            break;
        default:
            return std::vector<float>(size_t(K) * size_t(N), 0.0f);
    }
    QByteArray zeroed = rows;
    const int blockBytes = int(gguf::typeTraits(t)->bytesPerBlock);
    for (qsizetype at = 0; at < zeroed.size(); at += blockBytes) {
        for (const Field &f : quantBytes)
            std::memset(zeroed.data() + at + f.from, 0, size_t(f.to - f.from));
    }
    return dequantRows(t, zeroed, K, N);
}

}  // namespace facet::test
