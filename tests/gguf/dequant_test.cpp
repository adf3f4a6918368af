// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Reference dequantisation: half/bf16 conversions, hand-built blocks of every supported type with
// independently computed expected values, and quantise → dequantise round trips with stated
// error bounds.
#include "gguf/dequant.h"
#include "gguf_test_util.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace facet::gguf {
namespace {

// --- independent references ------------------------------------------------------------------

// Value of a binary16 from its definition, in double.
double halfReference(uint16_t h) {
    const int sign = (h >> 15) ? -1 : 1;
    const int exp = (h >> 10) & 31;
    const int mant = h & 1023;
    if (exp == 31) {
        return mant ? std::numeric_limits<double>::quiet_NaN()
                    : sign * std::numeric_limits<double>::infinity();
    }
    if (exp == 0) return sign * std::ldexp(mant, -24);
    return sign * std::ldexp(1024 + mant, exp - 25);
}

void putHalf(std::vector<uint8_t> &b, size_t at, uint16_t h) {
    std::memcpy(&b[at], &h, 2);
}

std::vector<float> dequant(TensorType t, const std::vector<uint8_t> &block, int n) {
    std::vector<float> y(n, -12345.0f);
    EXPECT_TRUE(dequantizeRow(t, block.data(), y.data(), n));
    std::vector<float> single(n, -54321.0f);
    EXPECT_TRUE(dequantizeBlock(t, block.data(), single.data()));
    if (typeTraits(t)->blockSize == static_cast<uint32_t>(n)) {
        EXPECT_EQ(std::memcmp(y.data(), single.data(), n * sizeof(float)), 0);
    }
    return y;
}

// Packs K-quant 6-bit scales and mins as docs/gemma4.md §1 describes their decoding: sub-blocks
// 0..3 in the low 6 bits of sc[s] (scale) and sc[s+4] (min); sub-blocks 4..7 with low nibbles in
// sc[s+4] (scale low, min high) and their top 2 bits in the top bits of sc[s-4] and sc[s].
std::array<uint8_t, 12> packKScales(const uint8_t (&S)[8], const uint8_t (&M)[8]) {
    std::array<uint8_t, 12> sc{};
    for (int s = 0; s < 4; ++s) {
        sc[s] = S[s];
        sc[s + 4] = M[s];
    }
    for (int s = 4; s < 8; ++s) {
        sc[s + 4] = static_cast<uint8_t>((S[s] & 15) | ((M[s] & 15) << 4));
        sc[s - 4] = static_cast<uint8_t>(sc[s - 4] | ((S[s] >> 4) << 6));
        sc[s] = static_cast<uint8_t>(sc[s] | ((M[s] >> 4) << 6));
    }
    return sc;
}

// --- half / bf16 -----------------------------------------------------------------------------

TEST(HalfFloat, DecodesEveryHalfExactly) {
    for (uint32_t h = 0; h < 65536; ++h) {
        const float f = halfToFloat(static_cast<uint16_t>(h));
        const double ref = halfReference(static_cast<uint16_t>(h));
        if (std::isnan(ref)) {
            EXPECT_TRUE(std::isnan(f)) << h;
        } else {
            ASSERT_EQ(static_cast<double>(f), ref) << "half 0x" << std::hex << h;
            ASSERT_EQ(std::signbit(f), (h & 0x8000) != 0) << h;  // including -0
        }
    }
}

TEST(HalfFloat, EncodesEveryHalfBack) {
    for (uint32_t h = 0; h < 65536; ++h) {
        const auto half = static_cast<uint16_t>(h);
        const uint16_t back = floatToHalf(halfToFloat(half));
        if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) {
            EXPECT_EQ(back & 0x7c00, 0x7c00) << h;  // still a NaN
            EXPECT_NE(back & 0x3ff, 0) << h;
            EXPECT_EQ(back & 0x8000, h & 0x8000) << h;
        } else {
            ASSERT_EQ(back, half) << "half 0x" << std::hex << h;
        }
    }
}

TEST(HalfFloat, RoundsToNearestEven) {
    const float inf = std::numeric_limits<float>::infinity();
    EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3c00);      // tie, down to even
    EXPECT_EQ(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);  // tie, up to even
    EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)), 0x3c01);
    EXPECT_EQ(floatToHalf(65504.0f), 0x7bff);
    EXPECT_EQ(floatToHalf(65519.99f), 0x7bff);
    EXPECT_EQ(floatToHalf(65520.0f), 0x7c00);  // tie between 65504 and 2^16: to inf
    EXPECT_EQ(floatToHalf(-1e9f), 0xfc00);
    EXPECT_EQ(floatToHalf(inf), 0x7c00);
    EXPECT_EQ(floatToHalf(-inf), 0xfc00);
    EXPECT_EQ(floatToHalf(0.0f), 0x0000);
    EXPECT_EQ(floatToHalf(-0.0f), 0x8000);
    // Subnormals: multiples of 2^-24.
    EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -24)), 0x0001);
    EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -25)), 0x0000);  // tie, to even 0
    EXPECT_EQ(floatToHalf(std::ldexp(1.5f, -25)), 0x0001);
    EXPECT_EQ(floatToHalf(std::ldexp(3.0f, -25)), 0x0002);      // 1.5 ulp, to even 2
    EXPECT_EQ(floatToHalf(std::ldexp(5.0f, -25)), 0x0002);      // 2.5 ulp, to even 2
    EXPECT_EQ(floatToHalf(-std::ldexp(1023.0f, -24)), 0x83ff);  // largest subnormal
    EXPECT_EQ(floatToHalf(std::ldexp(2047.0f, -25)), 0x0400);   // tie at the normal boundary
    EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -14)), 0x0400);      // smallest normal
    EXPECT_EQ(floatToHalf(1e-10f), 0x0000);
    EXPECT_EQ(floatToHalf(std::numeric_limits<float>::denorm_min()), 0x0000);
    // NaNs stay NaNs, even when the payload sits only in the low bits.
    for (uint32_t bits : {0x7fc00000u, 0x7f800001u, 0xff800001u, 0x7fffffffu}) {
        const uint16_t h = floatToHalf(std::bit_cast<float>(bits));
        EXPECT_EQ(h & 0x7c00, 0x7c00) << bits;
        EXPECT_NE(h & 0x3ff, 0) << bits;
        EXPECT_EQ(h >> 15, bits >> 31) << bits;
    }
}

// Checks floatToHalf(f) against the definition: no other half is nearer, and ties go to the
// even encoding. Beyond 65504 the next candidate is 2^16, which encodes as infinity.
TEST(HalfFloat, RandomFloatsRoundToTheNearestHalf) {
    auto rng = test::seededRng();
    std::uniform_int_distribution<int> expDist(-27, 16);
    for (int i = 0; i < 200000; ++i) {
        const float mag =
            std::ldexp(1.0f + static_cast<float>(rng() % (1u << 23)) / (1 << 23), expDist(rng));
        const float f = (rng() & 1) ? -mag : mag;
        const uint16_t h = floatToHalf(f);
        ASSERT_EQ(h >> 15, f < 0 ? 1 : 0);
        const uint16_t a = h & 0x7fff;
        ASSERT_LE(a, 0x7c00) << f;
        const auto value = [](uint16_t x) {
            return x >= 0x7c00 ? 65536.0 : std::fabs(halfReference(x));
        };
        const double target = std::fabs(static_cast<double>(f));
        const double dist = std::fabs(value(a) - target);
        if (a > 0) {
            ASSERT_LE(dist, std::fabs(value(a - 1) - target)) << f;
        }
        if (a < 0x7c00) {
            ASSERT_LE(dist, std::fabs(value(a + 1) - target)) << f;
        }
        if (a > 0 && dist == std::fabs(value(a - 1) - target)) {
            ASSERT_EQ(a % 2, 0) << f;
        }
        if (a < 0x7c00 && dist == std::fabs(value(a + 1) - target)) {
            ASSERT_EQ(a % 2, 0) << f;
        }
    }
}

TEST(BFloat16, ConversionsAndRounding) {
    for (uint32_t b = 0; b < 65536; ++b) {
        const float f = bf16ToFloat(static_cast<uint16_t>(b));
        ASSERT_EQ(std::bit_cast<uint32_t>(f), b << 16);
        if (!std::isnan(f)) {
            ASSERT_EQ(floatToBf16(f), b);
        }
    }
    EXPECT_EQ(floatToBf16(1.0f + std::ldexp(1.0f, -8)), 0x3f80);      // tie, to even
    EXPECT_EQ(floatToBf16(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3f82);  // tie, to even
    EXPECT_EQ(floatToBf16(1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -20)), 0x3f81);
    EXPECT_EQ(floatToBf16(std::numeric_limits<float>::max()), 0x7f80);  // rounds up to inf
    EXPECT_EQ(floatToBf16(-std::numeric_limits<float>::infinity()), 0xff80);
    EXPECT_EQ(floatToBf16(std::bit_cast<float>(0x00012345u)), 0x0001);  // subnormal
    EXPECT_EQ(floatToBf16(std::bit_cast<float>(0x00018000u)), 0x0002);  // subnormal tie, to even
    EXPECT_EQ(floatToBf16(-0.0f), 0x8000);
    for (uint32_t bits : {0x7fc00000u, 0x7f800001u, 0xffffffffu, 0x7f80ffffu}) {
        const uint16_t b = floatToBf16(std::bit_cast<float>(bits));
        EXPECT_TRUE(std::isnan(bf16ToFloat(b))) << std::hex << bits;
        EXPECT_EQ(b >> 15, bits >> 31);
    }
}

// --- hand-built blocks -----------------------------------------------------------------------

TEST(DequantBlocks, PlainTypes) {
    std::vector<uint8_t> f32(12);
    const float xs[3] = {1.5f, -0.0f, 3e38f};
    std::memcpy(f32.data(), xs, 12);
    const auto y = dequant(TensorType::F32, f32, 3);
    EXPECT_EQ(std::memcmp(y.data(), xs, 12), 0);

    std::vector<uint8_t> f16(10);
    const uint16_t hs[5] = {0x3c00, 0xc000, 0x7c00, 0x0001, 0x7e00};
    std::memcpy(f16.data(), hs, 10);
    const auto h = dequant(TensorType::F16, f16, 5);
    EXPECT_EQ(h[0], 1.0f);
    EXPECT_EQ(h[1], -2.0f);
    EXPECT_EQ(h[2], std::numeric_limits<float>::infinity());
    EXPECT_EQ(h[3], std::ldexp(1.0f, -24));
    EXPECT_TRUE(std::isnan(h[4]));

    std::vector<uint8_t> bf(6);
    const uint16_t bs[3] = {0x3f80, 0xc040, 0xff80};
    std::memcpy(bf.data(), bs, 6);
    const auto b = dequant(TensorType::BF16, bf, 3);
    EXPECT_EQ(b[0], 1.0f);
    EXPECT_EQ(b[1], -3.0f);
    EXPECT_EQ(b[2], -std::numeric_limits<float>::infinity());
}

TEST(DequantBlocks, Q8_0) {
    std::vector<uint8_t> b(34);
    putHalf(b, 0, 0x3800);  // d = 0.5
    for (int j = 0; j < 32; ++j)
        b[2 + j] = static_cast<uint8_t>(static_cast<int8_t>(j * 8 - 128));
    b[2 + 31] = 127;
    const auto y = dequant(TensorType::Q8_0, b, 32);
    for (int j = 0; j < 31; ++j)
        EXPECT_EQ(y[j], (j * 8 - 128) * 0.5f) << j;
    EXPECT_EQ(y[0], -64.0f);
    EXPECT_EQ(y[31], 63.5f);
}

TEST(DequantBlocks, Q4_0) {
    std::vector<uint8_t> b(18);
    putHalf(b, 0, 0x3400);  // d = 0.25
    for (int j = 0; j < 16; ++j)
        b[2 + j] = static_cast<uint8_t>(j | ((15 - j) << 4));
    const auto y = dequant(TensorType::Q4_0, b, 32);
    for (int j = 0; j < 16; ++j) {
        EXPECT_EQ(y[j], (j - 8) * 0.25) << j;            // low nibbles: first half
        EXPECT_EQ(y[j + 16], (15 - j - 8) * 0.25) << j;  // high nibbles: second half
    }
    EXPECT_EQ(y[0], -2.0f);
    EXPECT_EQ(y[16], 1.75f);
}

TEST(DequantBlocks, Q4_1) {
    std::vector<uint8_t> b(20);
    putHalf(b, 0, 0x3800);  // d = 0.5
    putHalf(b, 2, 0xbc00);  // m = -1
    for (int j = 0; j < 16; ++j)
        b[4 + j] = static_cast<uint8_t>(((j * 3) & 15) | ((j ^ 5) << 4));
    const auto y = dequant(TensorType::Q4_1, b, 32);
    for (int j = 0; j < 16; ++j) {
        EXPECT_EQ(y[j], ((j * 3) & 15) * 0.5 - 1.0) << j;
        EXPECT_EQ(y[j + 16], (j ^ 5) * 0.5 - 1.0) << j;
    }
    EXPECT_EQ(y[16], 1.5f);  // q = 5
}

TEST(DequantBlocks, Q5_0) {
    std::vector<uint8_t> b(22);
    putHalf(b, 0, 0x3800);  // d = 0.5
    const uint32_t qh = 0xa5a5f00fu;
    std::memcpy(&b[2], &qh, 4);
    for (int j = 0; j < 16; ++j)
        b[6 + j] = static_cast<uint8_t>(j | ((15 - j) << 4));
    const auto y = dequant(TensorType::Q5_0, b, 32);
    for (int j = 0; j < 16; ++j) {
        const int q0 = j | (((qh >> j) & 1) << 4);
        const int q1 = (15 - j) | (((qh >> (j + 16)) & 1) << 4);
        EXPECT_EQ(y[j], (q0 - 16) * 0.5) << j;
        EXPECT_EQ(y[j + 16], (q1 - 16) * 0.5) << j;
    }
    EXPECT_EQ(y[0], 0.0f);   // q = 0 | 16
    EXPECT_EQ(y[4], -6.0f);  // q = 4, bit 4 of qh clear
    EXPECT_EQ(y[16], 7.5f);  // q = 15 | 16 (qh bit 16 set)
}

TEST(DequantBlocks, Q5_1) {
    std::vector<uint8_t> b(24);
    putHalf(b, 0, 0x3400);  // d = 0.25
    putHalf(b, 2, 0x3800);  // m = 0.5
    const uint32_t qh = 0x0f0f3c3cu;
    std::memcpy(&b[4], &qh, 4);
    for (int j = 0; j < 16; ++j)
        b[8 + j] = static_cast<uint8_t>((j * 5 & 15) | ((j * 11 & 15) << 4));
    const auto y = dequant(TensorType::Q5_1, b, 32);
    for (int j = 0; j < 16; ++j) {
        const int q0 = (j * 5 & 15) | (((qh >> j) & 1) << 4);
        const int q1 = (j * 11 & 15) | (((qh >> (j + 16)) & 1) << 4);
        EXPECT_EQ(y[j], q0 * 0.25 + 0.5) << j;
        EXPECT_EQ(y[j + 16], q1 * 0.25 + 0.5) << j;
    }
    EXPECT_EQ(y[2], 7.0f);  // q = 10 | 16 (qh bit 2 set): 26 · 0.25 + 0.5
}

// A Q4_K block written byte by byte; values worked out by hand.
TEST(DequantBlocks, Q4_KLiteral) {
    std::vector<uint8_t> b(144, 0);
    putHalf(b, 0, 0x3800);  // d = 0.5
    putHalf(b, 2, 0x3400);  // dmin = 0.25
    b[4 + 0] = 0xc5;        // S0 = 5; top bits 3 → bits 4-5 of S4
    b[4 + 4] = 0x43;        // M0 = 3; top bits 1 → bits 4-5 of M4
    b[4 + 8] = 0x21;        // S4 low = 1, M4 low = 2  → S4 = 49, M4 = 18
    for (int i = 0; i < 128; ++i)
        b[16 + i] = 0x21;  // low nibble 1, high nibble 2
    const auto y = dequant(TensorType::Q4_K, b, 256);
    EXPECT_EQ(y[0], 1.75f);  // 0.5·5·1 − 0.25·3
    EXPECT_EQ(y[31], 1.75f);
    EXPECT_EQ(y[32], 0.0f);    // sub-block 1: S = M = 0
    EXPECT_EQ(y[128], 20.0f);  // sub-block 4: 0.5·49·1 − 0.25·18
    EXPECT_EQ(y[159], 20.0f);
    EXPECT_EQ(y[160], 0.0f);  // sub-block 5
}

TEST(DequantBlocks, Q4_K) {
    const uint8_t S[8] = {1, 63, 17, 32, 45, 2, 60, 33};
    const uint8_t M[8] = {0, 5, 63, 31, 16, 48, 1, 62};
    std::vector<uint8_t> b(144, 0);
    putHalf(b, 0, 0x3000);  // d = 0.125
    putHalf(b, 2, 0x2c00);  // dmin = 0.0625
    const auto sc = packKScales(S, M);
    std::memcpy(&b[4], sc.data(), 12);
    int q[256];
    for (int i = 0; i < 256; ++i)
        q[i] = (i * 7 + i / 32) % 16;
    // Each byte of the 32-byte group c holds element l of sub-block 2c (low) and 2c+1 (high).
    for (int c = 0; c < 4; ++c) {
        for (int l = 0; l < 32; ++l)
            b[16 + 32 * c + l] = static_cast<uint8_t>(q[64 * c + l] | (q[64 * c + 32 + l] << 4));
    }
    const auto y = dequant(TensorType::Q4_K, b, 256);
    for (int i = 0; i < 256; ++i) {
        const int s = i / 32;
        EXPECT_EQ(y[i], 0.125 * S[s] * q[i] - 0.0625 * M[s]) << i;
    }
}

TEST(DequantBlocks, Q5_K) {
    const uint8_t S[8] = {63, 16, 0, 31, 32, 47, 48, 15};
    const uint8_t M[8] = {7, 63, 32, 0, 33, 17, 63, 16};
    std::vector<uint8_t> b(176, 0);
    putHalf(b, 0, 0x3400);  // d = 0.25
    putHalf(b, 2, 0x3800);  // dmin = 0.5
    const auto sc = packKScales(S, M);
    std::memcpy(&b[4], sc.data(), 12);
    int q[256];
    for (int i = 0; i < 256; ++i)
        q[i] = (i * 13 + i / 64) % 32;
    // qh[l] bit 2c is the fifth bit of element l of sub-block 2c, bit 2c+1 of sub-block 2c+1.
    for (int c = 0; c < 4; ++c) {
        for (int l = 0; l < 32; ++l) {
            const int lo = q[64 * c + l], hi = q[64 * c + 32 + l];
            b[48 + 32 * c + l] = static_cast<uint8_t>((lo & 15) | ((hi & 15) << 4));
            b[16 + l] = static_cast<uint8_t>(b[16 + l] | ((lo >> 4) << (2 * c)) |
                                             ((hi >> 4) << (2 * c + 1)));
        }
    }
    const auto y = dequant(TensorType::Q5_K, b, 256);
    for (int i = 0; i < 256; ++i) {
        const int s = i / 32;
        EXPECT_EQ(y[i], 0.25 * S[s] * q[i] - 0.5 * M[s]) << i;
    }
}

TEST(DequantBlocks, Q6_K) {
    const int8_t sc[16] = {1, -1, 127, -128, 5, -7, 64, -64, 0, 33, -33, 100, -100, 2, 3, -4};
    std::vector<uint8_t> b(210, 0);
    int q[256];
    for (int i = 0; i < 256; ++i)
        q[i] = (i * 29 + 3) % 64;
    // Per 128-value half h: ql at 64h, qh at 128+32h. For l < 32 the four outputs o+l, o+32+l,
    // o+64+l, o+96+l take low nibbles of ql[l], ql[l+32], high nibbles of ql[l], ql[l+32], and
    // bits 0-1, 2-3, 4-5, 6-7 of qh[l].
    for (int h = 0; h < 2; ++h) {
        const int o = 128 * h;
        for (int l = 0; l < 32; ++l) {
            const int v1 = q[o + l], v2 = q[o + 32 + l], v3 = q[o + 64 + l], v4 = q[o + 96 + l];
            b[64 * h + l] = static_cast<uint8_t>((v1 & 15) | ((v3 & 15) << 4));
            b[64 * h + l + 32] = static_cast<uint8_t>((v2 & 15) | ((v4 & 15) << 4));
            b[128 + 32 * h + l] = static_cast<uint8_t>((v1 >> 4) | ((v2 >> 4) << 2) |
                                                       ((v3 >> 4) << 4) | ((v4 >> 4) << 6));
        }
    }
    std::memcpy(&b[192], sc, 16);
    putHalf(b, 208, 0x3400);  // d = 0.25, stored last
    const auto y = dequant(TensorType::Q6_K, b, 256);
    for (int h = 0; h < 2; ++h) {
        for (int k = 0; k < 4; ++k) {
            for (int l = 0; l < 32; ++l) {
                const int i = 128 * h + 32 * k + l;
                const int scale = sc[8 * h + l / 16 + 2 * k];  // docs: C[g + 0/2/4/6], g = l/16
                EXPECT_EQ(y[i], 0.25 * scale * (q[i] - 32)) << i;
            }
        }
    }
    EXPECT_EQ(y[0], 0.25f * 1 * (3 - 32));
}

TEST(Dequant, SupportedTypesAndArguments) {
    for (TensorType t : {TensorType::F32, TensorType::F16, TensorType::BF16, TensorType::Q4_0,
                         TensorType::Q4_1, TensorType::Q5_0, TensorType::Q5_1, TensorType::Q8_0,
                         TensorType::Q4_K, TensorType::Q5_K, TensorType::Q6_K}) {
        EXPECT_TRUE(canDequantize(t)) << typeTraits(t)->name;
    }
    for (TensorType t : {TensorType::Q8_1, TensorType::Q2_K, TensorType::Q3_K, TensorType::Q8_K,
                         TensorType::I8, TensorType::I32, TensorType::F64, TensorType::MXFP4}) {
        EXPECT_FALSE(canDequantize(t)) << typeTraits(t)->name;
        std::vector<uint8_t> block(512);
        std::vector<float> out(256);
        EXPECT_FALSE(dequantizeBlock(t, block.data(), out.data()));
        EXPECT_FALSE(dequantizeRow(t, block.data(), out.data(), 256));
        QByteArray q;
        EXPECT_FALSE(quantizeRow(t, out.data(), 256, &q));
    }
    std::vector<uint8_t> block(512);
    std::vector<float> out(512);
    EXPECT_FALSE(dequantizeRow(TensorType::Q4_K, block.data(), out.data(), 128));
    EXPECT_FALSE(dequantizeRow(TensorType::Q8_0, block.data(), out.data(), -32));
    EXPECT_TRUE(dequantizeRow(TensorType::Q8_0, block.data(), out.data(), 0));
    QByteArray q;
    EXPECT_FALSE(quantizeRow(TensorType::Q4_0, out.data(), 31, &q));
    EXPECT_FALSE(quantizeRow(TensorType::Q4_0, out.data(), 32, nullptr));
    EXPECT_TRUE(q.isEmpty());
}

// --- quantise → dequantise ---------------------------------------------------------------------

struct Bound {
    TensorType type;
    double maxErr;  // worst |error| over a block, as a fraction of the block's largest |x|
    double rmsErr;  // RMS error over the whole row, as a fraction of the amplitude
};

// Bounds for round-to-nearest on uniform data. Examples: Q4_0 maps the block's extreme to −8·d
// with d = max|x|/8, so a value of the opposite sign near the extreme clamps at +7·d: an error of
// up to d = 1/8. Q8_0 rounds to d/2 = max|x|/254, plus the f16 rounding of d. K-quants add the
// error of the 6-bit (8-bit for Q6_K) quantised sub-block scales and mins.
constexpr Bound kBounds[] = {
    {TensorType::Q8_0, 0.0045, 0.0025}, {TensorType::Q4_0, 0.13, 0.05},
    {TensorType::Q4_1, 0.075, 0.04},    {TensorType::Q5_0, 0.065, 0.025},
    {TensorType::Q5_1, 0.036, 0.02},    {TensorType::Q4_K, 0.1, 0.045},
    {TensorType::Q5_K, 0.055, 0.022},   {TensorType::Q6_K, 0.04, 0.012},
};

TEST(QuantizeRoundTrip, ErrorWithinBounds) {
    auto rng = test::seededRng();
    constexpr int64_t n = 256 * 16;
    for (float amplitude : {1.0f, 0.05f, 40.0f}) {
        const std::vector<float> x = testutil::randomFloats(rng, n, amplitude);
        for (const Bound &bound : kBounds) {
            const auto traits = *typeTraits(bound.type);
            SCOPED_TRACE(std::string(traits.name) + " amplitude " + std::to_string(amplitude));
            QByteArray q("prefix");
            ASSERT_TRUE(quantizeRow(bound.type, x.data(), n, &q));
            ASSERT_EQ(q.size(), 6 + n / traits.blockSize * traits.bytesPerBlock);
            EXPECT_TRUE(q.startsWith("prefix"));  // appends
            std::vector<float> y(n);
            ASSERT_TRUE(dequantizeRow(
                bound.type, reinterpret_cast<const uint8_t *>(q.constData()) + 6, y.data(), n));
            double worst = 0, sq = 0;
            for (int64_t blk = 0; blk < n / traits.blockSize; ++blk) {
                double amax = 0, err = 0;
                for (uint32_t j = 0; j < traits.blockSize; ++j) {
                    const int64_t i = blk * traits.blockSize + j;
                    amax = std::max(amax, std::fabs(static_cast<double>(x[i])));
                    err = std::max(err, std::fabs(static_cast<double>(y[i]) - x[i]));
                    sq += (static_cast<double>(y[i]) - x[i]) * (static_cast<double>(y[i]) - x[i]);
                }
                worst = std::max(worst, err / amax);
            }
            const double rms = std::sqrt(sq / n) / amplitude;
            RecordProperty(std::string(traits.name) + "_max_rel_error", std::to_string(worst));
            EXPECT_LE(worst, bound.maxErr);
            EXPECT_LE(rms, bound.rmsErr);
        }
    }
}

TEST(QuantizeRoundTrip, PlainTypes) {
    auto rng = test::seededRng();
    const std::vector<float> x = testutil::randomFloats(rng, 4096, 3.0f);
    for (TensorType t : {TensorType::F32, TensorType::F16, TensorType::BF16}) {
        QByteArray q;
        ASSERT_TRUE(quantizeRow(t, x.data(), 4096, &q));
        std::vector<float> y(4096);
        ASSERT_TRUE(
            dequantizeRow(t, reinterpret_cast<const uint8_t *>(q.constData()), y.data(), 4096));
        // Relative rounding error: 0 for F32, 2^-11 for F16 (plus 2^-25 absolute in the
        // subnormal range), 2^-8 for BF16.
        const double rel = t == TensorType::F32   ? 0.0
                           : t == TensorType::F16 ? std::ldexp(1.0, -11)
                                                  : std::ldexp(1.0, -8);
        const double abs = t == TensorType::F16 ? std::ldexp(1.0, -25) : 0.0;
        for (int i = 0; i < 4096; ++i) {
            ASSERT_LE(std::fabs(static_cast<double>(y[i]) - x[i]), rel * std::fabs(x[i]) + abs)
                << typeTraits(t)->name << " " << x[i];
        }
    }
}

TEST(QuantizeRoundTrip, ZerosAndConstants) {
    std::vector<float> zeros(256, 0.0f), ones(256, 1.0f), neg(256, -2.0f);
    for (const Bound &bound : kBounds) {
        SCOPED_TRACE(typeTraits(bound.type)->name);
        for (const auto *x : {&zeros, &ones, &neg}) {
            QByteArray q;
            ASSERT_TRUE(quantizeRow(bound.type, x->data(), 256, &q));
            std::vector<float> y(256);
            ASSERT_TRUE(dequantizeRow(bound.type, reinterpret_cast<const uint8_t *>(q.constData()),
                                      y.data(), 256));
            for (int i = 0; i < 256; ++i) {
                ASSERT_FALSE(std::isnan(y[i]));
                ASSERT_NEAR(y[i], (*x)[i], bound.maxErr * std::fabs((*x)[0]) + 1e-6);
            }
        }
    }
}

}  // namespace
}  // namespace facet::gguf
