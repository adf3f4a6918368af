// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// GGUF weight decoding for the tiled matmul (shaders/matmul.comp).
//
// Quant types: decodePiece() decodes a "piece", 16 consecutive values of one weight row, into
// 4 vec4s. A piece never straddles a quant block (16 divides every block size) and uses one scale
// of the K-quants (their sub-blocks are 16 or 32 values), so a piece costs one scale decode and a
// few word loads. (quant.glsl's loadUnit serves the matvec's layout, 4 or 8 values per thread
// with the scales decoded per unit; the matmul stages whole pieces of a row per thread.)
// Plain types (F32, F16, BF16): plainValues() reads 4 consecutive values; the matmul loads these
// like its input, 8 threads per row.
//
// Exactness: every value is computed with the same float operations in the same order as
// engine/gguf/dequant.cpp, and `precise` forbids fusing them, so the decoded weights equal the
// CPU reference's bit for bit (the products are then the only rounding the matmul adds).
//
// The includer declares `uint wq[]` (raw weight words) and defines exactly one QTYPE_* macro.
// Row addresses: even for every type; a multiple of 4 for F32 and for the types whose blocks
// are (Q4_1, Q5_1, Q4_K, Q5_K: recordMatMul checks rowBytes), whose fields are then read with
// aligned word loads. The other types' 16-byte runs are extracted from 5 words with byte
// arithmetic, reading at most 4 bytes past the last byte a piece uses (buffers keep slack past
// their contents, and recordMatMul checks the range).
#ifndef FACET_MATMUL_DECODE_GLSL
#define FACET_MATMUL_DECODE_GLSL

#include "common.glsl"

// 4 bytes at byte address a (any alignment), little-endian.
uint mmWord(uint a) {
    const uint i = a >> 2u;
    const uint s = (a & 3u) * 8u;
    // (hi << (31 - s)) << 1 is hi << (32 - s) without the undefined shift by 32 when s == 0.
    return (wq[i] >> s) | ((wq[i + 1u] << (31u - s)) << 1u);
}

// 16 bytes at byte address a (any alignment) as 4 words: 5 loads instead of 8.
uvec4 mmWords4(uint a) {
    const uint i = a >> 2u;
    const uint s = (a & 3u) * 8u;
    const uvec4 lo = uvec4(wq[i], wq[i + 1u], wq[i + 2u], wq[i + 3u]);
    const uvec4 hi = uvec4(lo.yzw, wq[i + 4u]);
    return (lo >> s) | ((hi << (31u - s)) << 1u);
}

// 16 bytes at a 4-aligned byte address.
uvec4 mmWords4Aligned(uint a) {
    const uint i = a >> 2u;
    return uvec4(wq[i], wq[i + 1u], wq[i + 2u], wq[i + 3u]);
}

uint mmByte(uint a) {
    return (wq[a >> 2u] >> ((a & 3u) * 8u)) & 0xFFu;
}

// IEEE half at an even byte address.
float mmHalf(uint a) {
    return unpackHalf2x16((wq[a >> 2u] >> ((a & 2u) * 8u)) & 0xFFFFu).x;
}

// The 4 nibbles of w's bytes selected by `high` (0: low nibbles, 1: high nibbles).
uvec4 mmNibbles(uint w, uint high) {
    return (bytesOf(w) >> (4u * high)) & 15u;
}

#if defined(QTYPE_F32) || defined(QTYPE_F16) || defined(QTYPE_BF16)
#define MM_PLAIN 1
// Values k .. k+3 (k a multiple of 4) of the row at byte address `row`.
vec4 plainValues(uint row, uint k) {
#if defined(QTYPE_F32)
    return uintBitsToFloat(mmWords4Aligned(row + 4u * k));
#else
    const uint a = row + 2u * k;
    const uint w0 = mmWord(a);
    const uint w1 = mmWord(a + 4u);
#if defined(QTYPE_F16)
    return vec4(unpackHalf2x16(w0), unpackHalf2x16(w1));
#else
    // bfloat16 is the top half of an f32.
    return uintBitsToFloat(uvec4(w0 << 16u, w0 & 0xFFFF0000u, w1 << 16u, w1 & 0xFFFF0000u));
#endif
#endif
}

#elif defined(QTYPE_Q4_0) || defined(QTYPE_Q4_1) || defined(QTYPE_Q5_0) || defined(QTYPE_Q5_1)
// 32-value blocks; piece `high` of a block is the low (0) or high (1) nibbles of its 16 qs bytes.
// Q4_0: d, qs[16]; (q - 8) d.   Q4_1: d, m, qs[16]; q d + m.
// Q5_0: d, qh:u32, qs[16]; fifth bit of value i is bit i of qh; (q - 16) d.   Q5_1: d, m, qh, qs.
#if defined(QTYPE_Q4_0)
#define MM_BLOCK_BYTES 18u
#define MM_QS 2u
#elif defined(QTYPE_Q4_1)
#define MM_BLOCK_BYTES 20u
#define MM_QS 4u
#elif defined(QTYPE_Q5_0)
#define MM_BLOCK_BYTES 22u
#define MM_QH 2u
#define MM_QS 6u
#else
#define MM_BLOCK_BYTES 24u
#define MM_QH 4u
#define MM_QS 8u
#endif
void decodePiece(uint row, uint k0, out vec4 v[4]) {
    const uint b = row + (k0 >> 5u) * MM_BLOCK_BYTES;
    const uint high = (k0 >> 4u) & 1u;
#if defined(QTYPE_Q4_1) || defined(QTYPE_Q5_1)
    // 4-byte blocks: d and m are one word, qh and qs aligned.
    const vec2 dm = unpackHalf2x16(wq[b >> 2u]);
    const float d = dm.x;
    const float m = dm.y;
#if defined(MM_QH)
    const uint qh = wq[(b + MM_QH) >> 2u] >> (16u * high);
#endif
    const uvec4 q = mmWords4Aligned(b + MM_QS);
#else
    const float d = mmHalf(b);
#if defined(MM_QH)
    const uint qh = mmWord(b + MM_QH) >> (16u * high);
#endif
    const uvec4 q = mmWords4(b + MM_QS);
#endif
    for (uint i = 0u; i < 4u; ++i) {
        uvec4 n = mmNibbles(q[i], high);
#if defined(MM_QH)
        n |= ((uvec4(qh) >> (uvec4(0u, 1u, 2u, 3u) + 4u * i)) & 1u) << 4u;
#endif
#if defined(QTYPE_Q4_0)
        precise vec4 r = vec4(ivec4(n) - 8) * d;
#elif defined(QTYPE_Q5_0)
        precise vec4 r = vec4(ivec4(n) - 16) * d;
#else
        precise vec4 r = vec4(n) * d + m;
#endif
        v[i] = r;
    }
}

#elif defined(QTYPE_Q8_0)
// d, q[32]:i8; q d. Piece h is q[16h .. 16h+15].
void decodePiece(uint row, uint k0, out vec4 v[4]) {
    const uint b = row + (k0 >> 5u) * 34u;
    const float d = mmHalf(b);
    const uvec4 q = mmWords4(b + 2u + 16u * ((k0 >> 4u) & 1u));
    for (uint i = 0u; i < 4u; ++i) {
        const uvec4 c = bytesOf(q[i]);
        precise vec4 r = vec4(signExtend8(c.x), signExtend8(c.y), signExtend8(c.z),
                              signExtend8(c.w)) * d;
        v[i] = r;
    }
}

#elif defined(QTYPE_Q4_K) || defined(QTYPE_Q5_K)
// d, dmin, sc[12], [qh[32] for Q5_K], qs[128]. Values 64c .. 64c+63 are the low (sub-block
// s = 2c) and high (s = 2c+1) nibbles of qs[32c .. 32c+31]; w = (d S_s) q - dmin M_s with the
// 6-bit scale and min of sub-block s; Q5_K adds bit s of qh[l] as bit 4 of value l of each
// 32-value sub-block.
#if defined(QTYPE_Q4_K)
#define MM_BLOCK_BYTES 144u
#define MM_QS 16u
#else
#define MM_BLOCK_BYTES 176u
#define MM_QS 48u
#endif
void decodePiece(uint row, uint k0, out vec4 v[4]) {
    const uint b = row + (k0 >> 8u) * MM_BLOCK_BYTES;
    const uint pos = k0 & 255u;
    const uint c = pos >> 6u;
    const uint high = (pos >> 5u) & 1u;
    const uint l0 = pos & 16u;
    const uint s = 2u * c + high;
    // 4-byte blocks: d and dmin are one word, the 12 scale bytes 3 aligned words. Bytes s and
    // s +- 4 sit at the same shift in neighbouring words.
    const vec2 dd = unpackHalf2x16(wq[b >> 2u]);
    const float d = dd.x;
    const float dmin = dd.y;
    const uvec3 sw = uvec3(wq[(b >> 2u) + 1u], wq[(b >> 2u) + 2u], wq[(b >> 2u) + 3u]);
    const uint sh = 8u * (s & 3u);
    uint scale, mn;
    if (s < 4u) {
        scale = (sw.x >> sh) & 63u;
        mn = (sw.y >> sh) & 63u;
    } else {
        const uint hb = (sw.z >> sh) & 0xFFu;
        scale = (hb & 15u) | (((sw.x >> sh) & 0xC0u) >> 2u);
        mn = (hb >> 4u) | (((sw.y >> sh) & 0xC0u) >> 2u);
    }
    precise float d1 = d * float(scale);
    precise float m1 = dmin * float(mn);
    const uvec4 q = mmWords4Aligned(b + MM_QS + 32u * c + l0);
#if defined(QTYPE_Q5_K)
    const uvec4 qh = mmWords4Aligned(b + 16u + l0);
#endif
    for (uint i = 0u; i < 4u; ++i) {
        uvec4 n = mmNibbles(q[i], high);
#if defined(QTYPE_Q5_K)
        n |= ((bytesOf(qh[i]) >> s) & 1u) << 4u;
#endif
        precise vec4 r = d1 * vec4(n) - m1;
        v[i] = r;
    }
}

#elif defined(QTYPE_Q6_K)
// ql[128], qh[64], sc[16]:i8, d (last). Half h (128 values) uses ql[64h..], qh[32h..], sc[8h..];
// its quarter qq (32 values, l < 32) is the low (qq 0, 1) or high (qq 2, 3) nibbles of
// ql[l + 32 (qq & 1)] with bits 2qq, 2qq+1 of qh[l] on top, minus 32, times d * sc[l/16 + 2qq].
void decodePiece(uint row, uint k0, out vec4 v[4]) {
    const uint b = row + (k0 >> 8u) * 210u;
    const uint pos = k0 & 255u;
    const uint h = pos >> 7u;
    const uint qq = (pos >> 5u) & 3u;
    const uint l0 = pos & 16u;
    const float d = mmHalf(b + 208u);
    precise float s = d * float(signExtend8(mmByte(b + 192u + 8u * h + (l0 >> 4u) + 2u * qq)));
    const uvec4 ql = mmWords4(b + 64u * h + 32u * (qq & 1u) + l0);
    const uvec4 qh = mmWords4(b + 128u + 32u * h + l0);
    for (uint i = 0u; i < 4u; ++i) {
        const uvec4 n = mmNibbles(ql[i], qq >> 1u) | (((bytesOf(qh[i]) >> (2u * qq)) & 3u) << 4u);
        precise vec4 r = s * vec4(ivec4(n) - 32);
        v[i] = r;
    }
}

#else
#error "matmul_decode.glsl: define one QTYPE_* macro"
#endif

#endif  // FACET_MATMUL_DECODE_GLSL
