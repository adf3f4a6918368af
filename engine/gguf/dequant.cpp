// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// CPU reference dequantisation and simple round-to-nearest quantisation of GGUF blocks.
//
// The block layouts and the arithmetic (including the order of float operations, so results match
// ggml bit for bit) follow ggml's definitions; see docs/gemma4.md §1. All multi-byte fields are
// read with memcpy: blocks inside a mapped file have no alignment guarantee.
#include "gguf/dequant.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace facet::gguf {

static_assert(std::endian::native == std::endian::little);

// --- half / bfloat16 -------------------------------------------------------------------------

float halfToFloat(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t exp = (h >> 10) & 0x1fu;
    const uint32_t mant = h & 0x3ffu;
    if (exp == 0) {
        // Zero or subnormal: mant · 2^-24, exact in float.
        const float mag = std::ldexp(static_cast<float>(mant), -24);
        return sign ? -mag : mag;
    }
    if (exp == 31) {
        // Inf or NaN; the NaN payload moves to the top of the float mantissa.
        return std::bit_cast<float>(sign | 0x7f800000u | (mant << 13));
    }
    // Normal: rebias the exponent from 15 to 127.
    return std::bit_cast<float>(sign | ((exp + 112) << 23) | (mant << 13));
}

uint16_t floatToHalf(float f) {
    const uint32_t bits = std::bit_cast<uint32_t>(f);
    const auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
    const uint32_t abs = bits & 0x7fffffffu;
    if (abs > 0x7f800000u) {
        // NaN: keep the top payload bits and force the quiet bit so it stays a NaN.
        return static_cast<uint16_t>(sign | 0x7e00u | ((abs >> 13) & 0x3ffu));
    }
    // 65520 is halfway between the largest half (65504) and 65536; ties go to even, i.e. to inf.
    if (abs >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);
    if (abs < 0x38800000u) {
        // Below the smallest normal half (2^-14): the result is a multiple of 2^-24. Scaling by
        // 2^24 is exact, and nearbyint rounds to nearest even in the default rounding mode. A
        // result of 1024 is the smallest normal, whose encoding is 0x0400: still correct.
        const float scaled = std::bit_cast<float>(abs) * 16777216.0f;
        return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::nearbyint(scaled)));
    }
    // Normal: rebias, keep the top 10 mantissa bits, round the 13 dropped bits to nearest even.
    // A carry out of the mantissa correctly bumps the exponent.
    uint32_t h = ((((abs >> 23) - 127 + 15)) << 10) | ((abs >> 13) & 0x3ffu);
    const uint32_t dropped = abs & 0x1fffu;
    if (dropped > 0x1000u || (dropped == 0x1000u && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
}

float bf16ToFloat(uint16_t b) {
    return std::bit_cast<float>(static_cast<uint32_t>(b) << 16);
}

uint16_t floatToBf16(float f) {
    const uint32_t bits = std::bit_cast<uint32_t>(f);
    if ((bits & 0x7fffffffu) > 0x7f800000u) {
        return static_cast<uint16_t>((bits >> 16) | 0x0040u);  // quiet NaN
    }
    // Round to nearest even on the 16 dropped bits; overflow rounds to inf as it should.
    const uint32_t rounded = bits + 0x7fffu + ((bits >> 16) & 1u);
    return static_cast<uint16_t>(rounded >> 16);
}

namespace {

// --- block readers ---------------------------------------------------------------------------

float loadHalf(const uint8_t *p) {
    uint16_t h;
    std::memcpy(&h, p, 2);
    return halfToFloat(h);
}

uint32_t loadU32(const uint8_t *p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

// 6-bit scale and min of sub-block s (0..7) of a Q4_K/Q5_K block, packed into 12 bytes: the low
// 6 bits of bytes 0..7 hold sub-blocks 0..3; sub-blocks 4..7 keep their low 4 bits in bytes 8..11
// and their top 2 bits in the spare top bits of bytes 0..7.
void kScaleMin(const uint8_t *sc, int s, uint8_t *scale, uint8_t *min) {
    if (s < 4) {
        *scale = sc[s] & 63;
        *min = sc[s + 4] & 63;
    } else {
        *scale = static_cast<uint8_t>((sc[s + 4] & 15) | ((sc[s - 4] >> 6) << 4));
        *min = static_cast<uint8_t>((sc[s + 4] >> 4) | ((sc[s] >> 6) << 4));
    }
}

void dequantQ4_0(const uint8_t *b, float *y) {
    const float d = loadHalf(b);
    const uint8_t *qs = b + 2;
    for (int j = 0; j < 16; ++j) {
        y[j] = static_cast<float>((qs[j] & 15) - 8) * d;
        y[j + 16] = static_cast<float>((qs[j] >> 4) - 8) * d;
    }
}

void dequantQ4_1(const uint8_t *b, float *y) {
    const float d = loadHalf(b);
    const float m = loadHalf(b + 2);
    const uint8_t *qs = b + 4;
    for (int j = 0; j < 16; ++j) {
        y[j] = static_cast<float>(qs[j] & 15) * d + m;
        y[j + 16] = static_cast<float>(qs[j] >> 4) * d + m;
    }
}

void dequantQ5_0(const uint8_t *b, float *y) {
    const float d = loadHalf(b);
    const uint32_t qh = loadU32(b + 2);
    const uint8_t *qs = b + 6;
    for (int j = 0; j < 16; ++j) {
        const int hi0 = static_cast<int>((qh >> j) & 1u) << 4;
        const int hi1 = static_cast<int>((qh >> (j + 16)) & 1u) << 4;
        y[j] = static_cast<float>(((qs[j] & 15) | hi0) - 16) * d;
        y[j + 16] = static_cast<float>(((qs[j] >> 4) | hi1) - 16) * d;
    }
}

void dequantQ5_1(const uint8_t *b, float *y) {
    const float d = loadHalf(b);
    const float m = loadHalf(b + 2);
    const uint32_t qh = loadU32(b + 4);
    const uint8_t *qs = b + 8;
    for (int j = 0; j < 16; ++j) {
        const int hi0 = static_cast<int>((qh >> j) & 1u) << 4;
        const int hi1 = static_cast<int>((qh >> (j + 16)) & 1u) << 4;
        y[j] = static_cast<float>((qs[j] & 15) | hi0) * d + m;
        y[j + 16] = static_cast<float>((qs[j] >> 4) | hi1) * d + m;
    }
}

void dequantQ8_0(const uint8_t *b, float *y) {
    const float d = loadHalf(b);
    for (int j = 0; j < 32; ++j)
        y[j] = static_cast<float>(static_cast<int8_t>(b[2 + j])) * d;
}

// Q4_K: 8 sub-blocks of 32, w = d·S·q − dmin·M. Bytes: d, dmin, sc[12], qs[128]; each qs byte
// holds element l of sub-block 2c (low nibble) and of sub-block 2c+1 (high nibble).
void dequantQ4_K(const uint8_t *b, float *y) {
    const float d = loadHalf(b);
    const float dmin = loadHalf(b + 2);
    const uint8_t *sc = b + 4;
    const uint8_t *qs = b + 16;
    for (int c = 0; c < 4; ++c) {
        uint8_t s0, m0, s1, m1;
        kScaleMin(sc, 2 * c, &s0, &m0);
        kScaleMin(sc, 2 * c + 1, &s1, &m1);
        const float d0 = d * s0, min0 = dmin * m0;
        const float d1 = d * s1, min1 = dmin * m1;
        const uint8_t *q = qs + 32 * c;
        for (int l = 0; l < 32; ++l) {
            y[64 * c + l] = d0 * static_cast<float>(q[l] & 15) - min0;
            y[64 * c + 32 + l] = d1 * static_cast<float>(q[l] >> 4) - min1;
        }
    }
}

// Q5_K: as Q4_K plus a fifth bit per value from qh[32]: bit 2c for sub-block 2c, bit 2c+1 for
// sub-block 2c+1. Bytes: d, dmin, sc[12], qh[32], qs[128].
void dequantQ5_K(const uint8_t *b, float *y) {
    const float d = loadHalf(b);
    const float dmin = loadHalf(b + 2);
    const uint8_t *sc = b + 4;
    const uint8_t *qh = b + 16;
    const uint8_t *qs = b + 48;
    for (int c = 0; c < 4; ++c) {
        uint8_t s0, m0, s1, m1;
        kScaleMin(sc, 2 * c, &s0, &m0);
        kScaleMin(sc, 2 * c + 1, &s1, &m1);
        const float d0 = d * s0, min0 = dmin * m0;
        const float d1 = d * s1, min1 = dmin * m1;
        const uint8_t *q = qs + 32 * c;
        for (int l = 0; l < 32; ++l) {
            const int lo = (q[l] & 15) + (((qh[l] >> (2 * c)) & 1) << 4);
            const int hi = (q[l] >> 4) + (((qh[l] >> (2 * c + 1)) & 1) << 4);
            y[64 * c + l] = d0 * static_cast<float>(lo) - min0;
            y[64 * c + 32 + l] = d1 * static_cast<float>(hi) - min1;
        }
    }
}

// Q6_K: 16 sub-blocks of 16 with int8 scales, 6-bit values offset by 32. Bytes: ql[128] (low
// nibbles), qh[64] (2-bit high parts), sc[16], d (last). Each 128-value half h uses ql[64h..],
// qh[32h..], sc[8h..].
void dequantQ6_K(const uint8_t *b, float *y) {
    const float d = loadHalf(b + 208);
    for (int h = 0; h < 2; ++h) {
        const uint8_t *ql = b + 64 * h;
        const uint8_t *qh = b + 128 + 32 * h;
        const auto *sc = reinterpret_cast<const int8_t *>(b + 192 + 8 * h);
        float *out = y + 128 * h;
        for (int l = 0; l < 32; ++l) {
            const int g = l / 16;
            const int q1 = ((ql[l] & 15) | (((qh[l] >> 0) & 3) << 4)) - 32;
            const int q2 = ((ql[l + 32] & 15) | (((qh[l] >> 2) & 3) << 4)) - 32;
            const int q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
            const int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
            out[l] = d * static_cast<float>(sc[g + 0]) * static_cast<float>(q1);
            out[l + 32] = d * static_cast<float>(sc[g + 2]) * static_cast<float>(q2);
            out[l + 64] = d * static_cast<float>(sc[g + 4]) * static_cast<float>(q3);
            out[l + 96] = d * static_cast<float>(sc[g + 6]) * static_cast<float>(q4);
        }
    }
}

// --- quantisers ------------------------------------------------------------------------------

// Rounds v to the nearest integer and clamps it to [lo, hi]; NaN gives lo.
int quantClamp(float v, int lo, int hi) {
    if (!(v > static_cast<float>(lo))) return lo;
    if (v >= static_cast<float>(hi)) return hi;
    return static_cast<int>(std::lround(v));
}

// The half the block will store, and the float it decodes to: quantising against the decoded
// scale keeps the stored scale and the quants consistent.
struct HalfScale {
    uint16_t bits;
    float value;
};
HalfScale halfScale(float v) {
    const uint16_t h = floatToHalf(v);
    return {h, halfToFloat(h)};
}

void putHalf(uint8_t *p, uint16_t h) {
    std::memcpy(p, &h, 2);
}
float inverse(float d) {
    return d != 0.0f ? 1.0f / d : 0.0f;
}

// The value of largest magnitude, with its sign.
float signedMaxAbs(const float *x, int n) {
    float best = 0.0f;
    for (int i = 0; i < n; ++i) {
        if (std::fabs(x[i]) > std::fabs(best)) best = x[i];
    }
    return best;
}

// Symmetric 4/5-bit (Q4_0, Q5_0): the extreme value maps to the most negative level.
void quantSymmetric(const float *x, uint8_t *b, int bits) {
    const int levels = 1 << bits;
    const int offset = levels / 2;
    const HalfScale d = halfScale(signedMaxAbs(x, 32) / static_cast<float>(-offset));
    const float id = inverse(d.value);
    putHalf(b, d.bits);
    int q[32];
    for (int j = 0; j < 32; ++j)
        q[j] = quantClamp(x[j] * id + static_cast<float>(offset), 0, levels - 1);
    uint8_t *qs = b + (bits == 4 ? 2 : 6);
    uint32_t qh = 0;
    for (int j = 0; j < 16; ++j) {
        qs[j] = static_cast<uint8_t>((q[j] & 15) | ((q[j + 16] & 15) << 4));
        qh |= static_cast<uint32_t>(q[j] >> 4) << j;
        qh |= static_cast<uint32_t>(q[j + 16] >> 4) << (j + 16);
    }
    if (bits == 5) std::memcpy(b + 2, &qh, 4);
}

// Affine 4/5-bit (Q4_1, Q5_1): w = d·q + m with m the block minimum.
void quantAffine(const float *x, uint8_t *b, int bits) {
    const int maxq = (1 << bits) - 1;
    const auto [mn, mx] = std::minmax_element(x, x + 32);
    const HalfScale d = halfScale((*mx - *mn) / static_cast<float>(maxq));
    const HalfScale m = halfScale(*mn);
    const float id = inverse(d.value);
    putHalf(b, d.bits);
    putHalf(b + 2, m.bits);
    int q[32];
    for (int j = 0; j < 32; ++j)
        q[j] = quantClamp((x[j] - m.value) * id, 0, maxq);
    uint8_t *qs = b + (bits == 4 ? 4 : 8);
    uint32_t qh = 0;
    for (int j = 0; j < 16; ++j) {
        qs[j] = static_cast<uint8_t>((q[j] & 15) | ((q[j + 16] & 15) << 4));
        qh |= static_cast<uint32_t>(q[j] >> 4) << j;
        qh |= static_cast<uint32_t>(q[j + 16] >> 4) << (j + 16);
    }
    if (bits == 5) std::memcpy(b + 4, &qh, 4);
}

void quantQ8_0(const float *x, uint8_t *b) {
    float amax = 0.0f;
    for (int j = 0; j < 32; ++j)
        amax = std::max(amax, std::fabs(x[j]));
    const HalfScale d = halfScale(amax / 127.0f);
    const float id = inverse(d.value);
    putHalf(b, d.bits);
    for (int j = 0; j < 32; ++j) {
        b[2 + j] = static_cast<uint8_t>(static_cast<int8_t>(quantClamp(x[j] * id, -127, 127)));
    }
}

// Q4_K / Q5_K: per sub-block of 32 an affine range [min ≤ 0, max], scale and min quantised to
// 6 bits against super-block factors d and dmin, then each value rounded against its sub-block's
// decoded scale and min.
void quantK(const float *x, uint8_t *b, int bits) {
    const int maxq = (1 << bits) - 1;
    float scale[8], minus[8];
    float maxScale = 0.0f, maxMin = 0.0f;
    for (int s = 0; s < 8; ++s) {
        const auto [mn, mx] = std::minmax_element(x + 32 * s, x + 32 * s + 32);
        const float lo = std::min(0.0f, *mn);  // the format can only subtract a min
        scale[s] = (*mx - lo) / static_cast<float>(maxq);
        minus[s] = -lo;
        maxScale = std::max(maxScale, scale[s]);
        maxMin = std::max(maxMin, minus[s]);
    }
    const HalfScale d = halfScale(maxScale / 63.0f);
    const HalfScale dmin = halfScale(maxMin / 63.0f);
    uint8_t S[8], M[8];
    for (int s = 0; s < 8; ++s) {
        S[s] = static_cast<uint8_t>(quantClamp(scale[s] * inverse(d.value), 0, 63));
        M[s] = static_cast<uint8_t>(quantClamp(minus[s] * inverse(dmin.value), 0, 63));
    }
    putHalf(b, d.bits);
    putHalf(b + 2, dmin.bits);
    uint8_t *sc = b + 4;
    for (int j = 0; j < 4; ++j) {
        sc[j] = static_cast<uint8_t>((S[j] & 63) | ((S[j + 4] >> 4) << 6));
        sc[j + 4] = static_cast<uint8_t>((M[j] & 63) | ((M[j + 4] >> 4) << 6));
        sc[j + 8] = static_cast<uint8_t>((S[j + 4] & 15) | ((M[j + 4] & 15) << 4));
    }
    int q[256];
    for (int s = 0; s < 8; ++s) {
        const float step = d.value * S[s];
        const float off = dmin.value * M[s];
        const float istep = inverse(step);
        for (int l = 0; l < 32; ++l) {
            q[32 * s + l] = quantClamp((x[32 * s + l] + off) * istep, 0, maxq);
        }
    }
    if (bits == 4) {
        uint8_t *qs = b + 16;
        for (int c = 0; c < 4; ++c) {
            for (int l = 0; l < 32; ++l) {
                qs[32 * c + l] = static_cast<uint8_t>(q[64 * c + l] | (q[64 * c + 32 + l] << 4));
            }
        }
    } else {
        uint8_t *qh = b + 16;
        uint8_t *qs = b + 48;
        std::memset(qh, 0, 32);
        for (int c = 0; c < 4; ++c) {
            for (int l = 0; l < 32; ++l) {
                const int lo = q[64 * c + l], hi = q[64 * c + 32 + l];
                qs[32 * c + l] = static_cast<uint8_t>((lo & 15) | ((hi & 15) << 4));
                qh[l] = static_cast<uint8_t>(qh[l] | ((lo >> 4) << (2 * c)) |
                                             ((hi >> 4) << (2 * c + 1)));
            }
        }
    }
}

// Q6_K: per sub-block of 16 a signed scale (the extreme maps to −32), scales quantised to int8
// against d, values rounded to 0..63 around 32.
void quantQ6_K(const float *x, uint8_t *b) {
    float scale[16];
    float maxAbs = 0.0f;
    for (int s = 0; s < 16; ++s) {
        scale[s] = signedMaxAbs(x + 16 * s, 16) / -32.0f;
        maxAbs = std::max(maxAbs, std::fabs(scale[s]));
    }
    const HalfScale d = halfScale(maxAbs / 127.0f);
    int8_t sc[16];
    int q[256];
    for (int s = 0; s < 16; ++s) {
        sc[s] = static_cast<int8_t>(quantClamp(scale[s] * inverse(d.value), -128, 127));
        const float istep = inverse(d.value * sc[s]);
        for (int l = 0; l < 16; ++l)
            q[16 * s + l] = quantClamp(x[16 * s + l] * istep + 32.0f, 0, 63);
    }
    uint8_t *ql = b;
    uint8_t *qh = b + 128;
    for (int h = 0; h < 2; ++h) {
        for (int l = 0; l < 32; ++l) {
            const int *o = q + 128 * h;
            const int q1 = o[l], q2 = o[l + 32], q3 = o[l + 64], q4 = o[l + 96];
            ql[64 * h + l] = static_cast<uint8_t>((q1 & 15) | ((q3 & 15) << 4));
            ql[64 * h + l + 32] = static_cast<uint8_t>((q2 & 15) | ((q4 & 15) << 4));
            qh[32 * h + l] = static_cast<uint8_t>((q1 >> 4) | ((q2 >> 4) << 2) | ((q3 >> 4) << 4) |
                                                  ((q4 >> 4) << 6));
        }
    }
    std::memcpy(b + 192, sc, 16);
    putHalf(b + 208, d.bits);
}

}  // namespace

// --- public entry points ---------------------------------------------------------------------

bool canDequantize(TensorType t) {
    switch (t) {
        case TensorType::F32:
        case TensorType::F16:
        case TensorType::BF16:
        case TensorType::Q4_0:
        case TensorType::Q4_1:
        case TensorType::Q5_0:
        case TensorType::Q5_1:
        case TensorType::Q8_0:
        case TensorType::Q4_K:
        case TensorType::Q5_K:
        case TensorType::Q6_K:
            return true;
        default:
            return false;
    }
}

bool dequantizeBlock(TensorType t, const uint8_t *block, float *out) {
    switch (t) {
        case TensorType::F32:
            std::memcpy(out, block, 4);
            return true;
        case TensorType::F16:
            *out = loadHalf(block);
            return true;
        case TensorType::BF16: {
            uint16_t v;
            std::memcpy(&v, block, 2);
            *out = bf16ToFloat(v);
            return true;
        }
        case TensorType::Q4_0:
            dequantQ4_0(block, out);
            return true;
        case TensorType::Q4_1:
            dequantQ4_1(block, out);
            return true;
        case TensorType::Q5_0:
            dequantQ5_0(block, out);
            return true;
        case TensorType::Q5_1:
            dequantQ5_1(block, out);
            return true;
        case TensorType::Q8_0:
            dequantQ8_0(block, out);
            return true;
        case TensorType::Q4_K:
            dequantQ4_K(block, out);
            return true;
        case TensorType::Q5_K:
            dequantQ5_K(block, out);
            return true;
        case TensorType::Q6_K:
            dequantQ6_K(block, out);
            return true;
        default:
            return false;
    }
}

bool dequantizeRow(TensorType t, const uint8_t *src, float *out, int64_t n) {
    if (!canDequantize(t) || n < 0) return false;
    const TypeTraits tr = *typeTraits(t);
    if (n % tr.blockSize != 0) return false;
    const int64_t blocks = n / tr.blockSize;
    // Plain types in one pass; block types one block at a time.
    switch (t) {
        case TensorType::F32:
            std::memcpy(out, src, static_cast<size_t>(n) * 4);
            return true;
        case TensorType::F16:
            for (int64_t i = 0; i < n; ++i)
                out[i] = loadHalf(src + 2 * i);
            return true;
        case TensorType::BF16:
            for (int64_t i = 0; i < n; ++i) {
                uint16_t v;
                std::memcpy(&v, src + 2 * i, 2);
                out[i] = bf16ToFloat(v);
            }
            return true;
        default:
            for (int64_t i = 0; i < blocks; ++i) {
                dequantizeBlock(t, src + i * tr.bytesPerBlock, out + i * tr.blockSize);
            }
            return true;
    }
}

bool quantizeRow(TensorType t, const float *src, int64_t n, QByteArray *out) {
    if (!canDequantize(t) || n < 0 || !out) return false;
    const TypeTraits tr = *typeTraits(t);
    if (n % tr.blockSize != 0) return false;
    const int64_t blocks = n / tr.blockSize;
    const qsizetype start = out->size();
    out->resize(start + static_cast<qsizetype>(blocks * tr.bytesPerBlock));
    auto *dst = reinterpret_cast<uint8_t *>(out->data() + start);
    for (int64_t i = 0; i < blocks; ++i) {
        const float *x = src + i * tr.blockSize;
        uint8_t *b = dst + i * tr.bytesPerBlock;
        switch (t) {
            case TensorType::F32:
                std::memcpy(b, x, 4);
                break;
            case TensorType::F16:
                putHalf(b, floatToHalf(*x));
                break;
            case TensorType::BF16:
                putHalf(b, floatToBf16(*x));
                break;
            case TensorType::Q4_0:
                quantSymmetric(x, b, 4);
                break;
            case TensorType::Q5_0:
                quantSymmetric(x, b, 5);
                break;
            case TensorType::Q4_1:
                quantAffine(x, b, 4);
                break;
            case TensorType::Q5_1:
                quantAffine(x, b, 5);
                break;
            case TensorType::Q8_0:
                quantQ8_0(x, b);
                break;
            case TensorType::Q4_K:
                quantK(x, b, 4);
                break;
            case TensorType::Q5_K:
                quantK(x, b, 5);
                break;
            case TensorType::Q6_K:
                quantQ6_K(x, b);
                break;
            default:
                return false;  // unreachable: canDequantize() checked above
        }
    }
    return true;
}

}  // namespace facet::gguf
