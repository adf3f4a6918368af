// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// On-the-fly dequantisation of GGUF weight blocks, shared by every kernel that reads weights
// (matvec, get_rows; later the transposed matvec of the backward pass).
//
// The includer declares the raw weight buffer as `uint wq[]` and defines exactly one QTYPE_*
// macro (the build bakes one shader per type). Weights stay in their GGUF byte layout: a tensor
// of rows of K values is rows of (K / BLOCK_VALUES) blocks of BLOCK_BYTES bytes. Blocks of 18, 34
// or 210 bytes are not word aligned, so every field is extracted from the uint words with byte
// arithmetic (wqU32 reads any 4 bytes at any byte address). The base byte address of a tensor
// must be a multiple of 4.
//
// A block is split into UNITS_PER_BLOCK units; a unit decodes UNIT_GROUPS runs of 4 consecutive
// values (a vec4 each) and reports where each run starts inside the block. Neighbouring threads
// take neighbouring units, so their loads touch neighbouring bytes.
//
// Exactness: every decoded value is computed with the same float operations in the same order as
// engine/gguf/dequant.cpp (which follows ggml), and `precise` forbids fusing them into an fma, so
// the GPU produces bit-identical weights (the get_rows test checks this bit for bit). Half
// fields are converted with unpackHalf2x16, which is exact for all finite halves.
#ifndef FACET_QUANT_GLSL
#define FACET_QUANT_GLSL

#include "common.glsl"

// Word i (4 bytes at byte address 4i) of the weight buffer. An includer that declares the buffer
// with a wider element type (matvec.comp: uvec2, for 8-byte loads) defines this first.
#ifndef WQ_WORD
#define WQ_WORD(i) wq[i]
#endif

// 4 bytes at byte address a (any alignment), little-endian. Branch-free: it always reads the
// following word too, which is why GPU buffers keep at least 16 bytes of slack past their
// contents (see Buffer).
uint wqU32(uint a) {
    const uint i = a >> 2u;
    const uint s = (a & 3u) * 8u;
    // (hi << (31 - s)) << 1 is hi << (32 - s) without the undefined shift by 32 when s == 0.
    return (WQ_WORD(i) >> s) | ((WQ_WORD(i + 1u) << (31u - s)) << 1u);
}

// Byte at byte address a.
uint wqU8(uint a) {
    return (WQ_WORD(a >> 2u) >> ((a & 3u) * 8u)) & 0xFFu;
}

// IEEE half at an even byte address a (every f16 field of every block type is at an even address
// when the tensor base is).
float wqF16(uint a) {
    return unpackHalf2x16((WQ_WORD(a >> 2u) >> ((a & 2u) * 8u)) & 0xFFFFu).x;
}

// The low and high nibbles of the 4 bytes of w.
uvec4 lowNibbles(uint w) {
    return bytesOf(w) & 15u;
}
uvec4 highNibbles(uint w) {
    return bytesOf(w) >> 4u;
}

#if defined(QTYPE_F32)
// Plain types are treated as "blocks" of 4 values (K must be a multiple of 4).
#define BLOCK_VALUES 4u
#define BLOCK_BYTES 16u
#define UNITS_PER_BLOCK 1u
#define UNIT_GROUPS 1
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    v[0] = uintBitsToFloat(uvec4(wqU32(b), wqU32(b + 4u), wqU32(b + 8u), wqU32(b + 12u)));
    pos[0] = 0u;
}

#elif defined(QTYPE_F16)
#define BLOCK_VALUES 4u
#define BLOCK_BYTES 8u
#define UNITS_PER_BLOCK 1u
#define UNIT_GROUPS 1
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    v[0] = vec4(unpackHalf2x16(wqU32(b)), unpackHalf2x16(wqU32(b + 4u)));
    pos[0] = 0u;
}

#elif defined(QTYPE_BF16)
#define BLOCK_VALUES 4u
#define BLOCK_BYTES 8u
#define UNITS_PER_BLOCK 1u
#define UNIT_GROUPS 1
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    const uint w0 = wqU32(b);
    const uint w1 = wqU32(b + 4u);
    // bfloat16 is the top half of an f32.
    v[0] = uintBitsToFloat(uvec4(w0 << 16u, w0 & 0xFFFF0000u, w1 << 16u, w1 & 0xFFFF0000u));
    pos[0] = 0u;
}

#elif defined(QTYPE_Q4_0)
// d:f16, qs[16]; w[j] = d*((qs[j]&15)-8), w[j+16] = d*((qs[j]>>4)-8). Unit j: qs[4j..4j+3].
#define BLOCK_VALUES 32u
#define BLOCK_BYTES 18u
#define UNITS_PER_BLOCK 4u
#define UNIT_GROUPS 2
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    const float d = wqF16(b);
    const uint q = wqU32(b + 2u + 4u * j);
    precise vec4 lo = vec4(ivec4(lowNibbles(q)) - 8) * d;
    precise vec4 hi = vec4(ivec4(highNibbles(q)) - 8) * d;
    v[0] = lo;
    v[1] = hi;
    pos[0] = 4u * j;
    pos[1] = 16u + 4u * j;
}

#elif defined(QTYPE_Q4_1)
// d:f16, m:f16, qs[16]; w = q*d + m.
#define BLOCK_VALUES 32u
#define BLOCK_BYTES 20u
#define UNITS_PER_BLOCK 4u
#define UNIT_GROUPS 2
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    const float d = wqF16(b);
    const float m = wqF16(b + 2u);
    const uint q = wqU32(b + 4u + 4u * j);
    precise vec4 lo = vec4(lowNibbles(q)) * d + m;
    precise vec4 hi = vec4(highNibbles(q)) * d + m;
    v[0] = lo;
    v[1] = hi;
    pos[0] = 4u * j;
    pos[1] = 16u + 4u * j;
}

#elif defined(QTYPE_Q5_0)
// d:f16, qh:u32, qs[16]; fifth bit of value i is bit i of qh; offset -16.
#define BLOCK_VALUES 32u
#define BLOCK_BYTES 22u
#define UNITS_PER_BLOCK 4u
#define UNIT_GROUPS 2
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    const float d = wqF16(b);
    const uint qh = wqU32(b + 2u);
    const uint q = wqU32(b + 6u + 4u * j);
    const uvec4 shifts = uvec4(0u, 1u, 2u, 3u) + 4u * j;
    const uvec4 h0 = ((uvec4(qh) >> shifts) & 1u) << 4u;
    const uvec4 h1 = ((uvec4(qh) >> (shifts + 16u)) & 1u) << 4u;
    precise vec4 lo = vec4(ivec4(lowNibbles(q) | h0) - 16) * d;
    precise vec4 hi = vec4(ivec4(highNibbles(q) | h1) - 16) * d;
    v[0] = lo;
    v[1] = hi;
    pos[0] = 4u * j;
    pos[1] = 16u + 4u * j;
}

#elif defined(QTYPE_Q5_1)
// d:f16, m:f16, qh:u32, qs[16]; w = q*d + m.
#define BLOCK_VALUES 32u
#define BLOCK_BYTES 24u
#define UNITS_PER_BLOCK 4u
#define UNIT_GROUPS 2
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    const float d = wqF16(b);
    const float m = wqF16(b + 2u);
    const uint qh = wqU32(b + 4u);
    const uint q = wqU32(b + 8u + 4u * j);
    const uvec4 shifts = uvec4(0u, 1u, 2u, 3u) + 4u * j;
    const uvec4 h0 = ((uvec4(qh) >> shifts) & 1u) << 4u;
    const uvec4 h1 = ((uvec4(qh) >> (shifts + 16u)) & 1u) << 4u;
    precise vec4 lo = vec4(lowNibbles(q) | h0) * d + m;
    precise vec4 hi = vec4(highNibbles(q) | h1) * d + m;
    v[0] = lo;
    v[1] = hi;
    pos[0] = 4u * j;
    pos[1] = 16u + 4u * j;
}

#elif defined(QTYPE_Q8_0)
// d:f16, q[32]:i8; w = q*d. Unit j: values 8j..8j+7.
#define BLOCK_VALUES 32u
#define BLOCK_BYTES 34u
#define UNITS_PER_BLOCK 4u
#define UNIT_GROUPS 2
vec4 int8x4(uint w) {
    const uvec4 b = bytesOf(w);
    return vec4(signExtend8(b.x), signExtend8(b.y), signExtend8(b.z), signExtend8(b.w));
}
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    const float d = wqF16(b);
    precise vec4 a = int8x4(wqU32(b + 2u + 8u * j)) * d;
    precise vec4 c = int8x4(wqU32(b + 6u + 8u * j)) * d;
    v[0] = a;
    v[1] = c;
    pos[0] = 8u * j;
    pos[1] = 8u * j + 4u;
}

#elif defined(QTYPE_Q4_K) || defined(QTYPE_Q5_K)
// d:f16, dmin:f16, sc[12], [qh[32] for Q5_K], qs[128]. Sub-block s of 32 values has a 6-bit
// scale S and min M (kScaleMin below); w = (d*S)*q - dmin*M. qs chunk c (32 bytes) holds
// sub-block 2c in its low nibbles and 2c+1 in its high nibbles. Unit j: chunk c = j/8, bytes
// l0..l0+3 with l0 = 4*(j%8).
#define BLOCK_VALUES 256u
#if defined(QTYPE_Q4_K)
#define BLOCK_BYTES 144u
#define QS_OFFSET 16u
#else
#define BLOCK_BYTES 176u
#define QS_OFFSET 48u
#endif
#define UNITS_PER_BLOCK 32u
#define UNIT_GROUPS 2
// Scale and min of sub-block s (0..7) from the 12 packed bytes at byte address sc.
uvec2 kScaleMin(uint sc, uint s) {
    if (s < 4u) return uvec2(wqU8(sc + s) & 63u, wqU8(sc + s + 4u) & 63u);
    const uint hi = wqU8(sc + s + 4u);
    return uvec2((hi & 15u) | ((wqU8(sc + s - 4u) >> 6u) << 4u),
                 (hi >> 4u) | ((wqU8(sc + s) >> 6u) << 4u));
}
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    const uint c = j >> 3u;
    const uint l0 = (j & 7u) * 4u;
    const float d = wqF16(b);
    const float dmin = wqF16(b + 2u);
    const uvec2 sm0 = kScaleMin(b + 4u, 2u * c);
    const uvec2 sm1 = kScaleMin(b + 4u, 2u * c + 1u);
    precise float d0 = d * float(sm0.x);
    precise float m0 = dmin * float(sm0.y);
    precise float d1 = d * float(sm1.x);
    precise float m1 = dmin * float(sm1.y);
    const uint q = wqU32(b + QS_OFFSET + 32u * c + l0);
    uvec4 lo = lowNibbles(q);
    uvec4 hi = highNibbles(q);
#if defined(QTYPE_Q5_K)
    const uvec4 h = bytesOf(wqU32(b + 16u + l0));
    lo |= ((h >> (2u * c)) & 1u) << 4u;
    hi |= ((h >> (2u * c + 1u)) & 1u) << 4u;
#endif
    precise vec4 a = d0 * vec4(lo) - m0;
    precise vec4 e = d1 * vec4(hi) - m1;
    v[0] = a;
    v[1] = e;
    pos[0] = 64u * c + l0;
    pos[1] = 64u * c + 32u + l0;
}

#elif defined(QTYPE_Q6_K)
// ql[128], qh[64], sc[16]:i8, d:f16 (last). Half h (128 values) uses ql[64h..], qh[32h..],
// sc[8h..]; for l < 32 (g = l/16) the values at l, l+32, l+64, l+96 are
// (ql[l]&15 | (qh[l]&3)<<4), (ql[l+32]&15 | ((qh[l]>>2)&3)<<4), (ql[l]>>4 | ((qh[l]>>4)&3)<<4),
// (ql[l+32]>>4 | ((qh[l]>>6)&3)<<4), each minus 32, times d*sc[g], d*sc[g+2], d*sc[g+4],
// d*sc[g+6]. Unit j: half h = j/8, l0 = 4*(j%8).
#define BLOCK_VALUES 256u
#define BLOCK_BYTES 210u
#define UNITS_PER_BLOCK 16u
#define UNIT_GROUPS 4
void loadUnit(uint b, uint j, out vec4 v[UNIT_GROUPS], out uint pos[UNIT_GROUPS]) {
    const uint h = j >> 3u;
    const uint l0 = (j & 7u) * 4u;
    const uint g = l0 >> 4u;
    const float d = wqF16(b + 208u);
    const uvec4 ql0 = bytesOf(wqU32(b + 64u * h + l0));
    const uvec4 ql1 = bytesOf(wqU32(b + 64u * h + l0 + 32u));
    const uvec4 qh = bytesOf(wqU32(b + 128u + 32u * h + l0));
    const uint sc = b + 192u + 8u * h + g;
    precise float s0 = d * float(signExtend8(wqU8(sc)));
    precise float s1 = d * float(signExtend8(wqU8(sc + 2u)));
    precise float s2 = d * float(signExtend8(wqU8(sc + 4u)));
    precise float s3 = d * float(signExtend8(wqU8(sc + 6u)));
    const ivec4 q1 = ivec4((ql0 & 15u) | ((qh & 3u) << 4u)) - 32;
    const ivec4 q2 = ivec4((ql1 & 15u) | (((qh >> 2u) & 3u) << 4u)) - 32;
    const ivec4 q3 = ivec4((ql0 >> 4u) | (((qh >> 4u) & 3u) << 4u)) - 32;
    const ivec4 q4 = ivec4((ql1 >> 4u) | (((qh >> 6u) & 3u) << 4u)) - 32;
    precise vec4 a = s0 * vec4(q1);
    precise vec4 c = s1 * vec4(q2);
    precise vec4 e = s2 * vec4(q3);
    precise vec4 f = s3 * vec4(q4);
    v[0] = a;
    v[1] = c;
    v[2] = e;
    v[3] = f;
    const uint o = 128u * h + l0;
    pos[0] = o;
    pos[1] = o + 32u;
    pos[2] = o + 64u;
    pos[3] = o + 96u;
}

#else
#error "quant.glsl: define one QTYPE_* macro"
#endif


// ---------------------------------------------------------------------------------------------
// Dot products straight from the blocks (the matvec kernels; define MV_KERNEL and declare the
// weights as `uvec2 wq2[]` with WQ_WORD reading words of it).
//
// These do not produce the dequantised weights (that is loadUnit above, bit-exact for get_rows):
// they return sum_i w_i x_i over one "unit" of a block with the block's scales factored out of
// the sum (sum_i (d q_i - m) x_i = d sum_i q_i x_i - m sum_i x_i), which is what makes them cheap.
// The rounding is different from dequantise-then-multiply, but every term still passes through
// a few roundings only (see tests/gpu/gpu_kernels_test.cpp for the bound).
//
// A block is split into MV_UPB units; unit j covers MV_RUNS runs of MV_RUNLEN consecutive values,
// run k starting at value mvRunStart(j, k) of the block. The caller loads those x values
// (xs[k * MV_RUNLEN / 4 + i] = x[start_k + 4i .. start_k + 4i + 3]) and, when MV_XSUM is defined,
// their per-run sums, once for all the rows it processes, and calls mvDot(b, j, xs, xsum) with
// the byte address b of the block in each row. Consecutive units of a block read consecutive
// bytes, so neighbouring threads given neighbouring units read neighbouring memory.
//
// Small integers q (0..255) become floats without an int->float conversion instruction: the
// float with bits 0x4B000000 | q is 2^23 + q exactly, and subtracting 2^23 + offset is exact too.
#ifdef MV_KERNEL

// Set by the kernel: the weight rows are 8-byte aligned (tensor offset and row stride multiples
// of 8), so 8 bytes at an 8-aligned address can be read with one uvec2 load.
bool mvFast8 = false;

// 8 bytes at a 4-aligned byte address a.
uvec2 mvLoad8(uint a) {
    if (mvFast8) return wq2[a >> 3u];
    const uint i = a >> 2u;
    return uvec2(WQ_WORD(i), WQ_WORD(i + 1u));
}

// 8 bytes at any byte address a (reads 3 words; the last may lie up to 4 bytes past the 8).
uvec2 mvLoad8Any(uint a) {
    const uint i = a >> 2u;
    const uint s = (a & 3u) * 8u;
    const uint w0 = WQ_WORD(i), w1 = WQ_WORD(i + 1u), w2 = WQ_WORD(i + 2u);
    return uvec2((w0 >> s) | ((w1 << (31u - s)) << 1u), (w1 >> s) | ((w2 << (31u - s)) << 1u));
}

// The 4 bytes of w (each 0..255) as floats minus `bias - 2^23`: pass bias = 8388608 + offset to
// get byte - offset.
vec4 mvBytes(uint w, float bias) {
    return uintBitsToFloat(uvec4(0x4B000000u) | ((uvec4(w) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu)) -
           bias;
}

// Bit k of the low 4 bits of n moved to bit 8k (the four partial products do not overlap).
uint mvSpread4(uint n) {
    return ((n & 15u) * 0x00204081u) & 0x01010101u;
}

#if defined(QTYPE_F32)
#define MV_UPB 1u
#define MV_RUNS 1
#define MV_RUNLEN 4u
uint mvRunStart(uint j, int k) {
    return 0u;
}
float mvDot(uint b, uint j, vec4 xs[1], float xsum[1]) {
    return dot(uintBitsToFloat(uvec4(mvLoad8(b), mvLoad8(b + 8u))), xs[0]);
}

#elif defined(QTYPE_F16)
#define MV_UPB 1u
#define MV_RUNS 1
#define MV_RUNLEN 4u
uint mvRunStart(uint j, int k) {
    return 0u;
}
float mvDot(uint b, uint j, vec4 xs[1], float xsum[1]) {
    const uvec2 w = mvLoad8(b);
    return dot(vec4(unpackHalf2x16(w.x), unpackHalf2x16(w.y)), xs[0]);
}

#elif defined(QTYPE_BF16)
#define MV_UPB 1u
#define MV_RUNS 1
#define MV_RUNLEN 4u
uint mvRunStart(uint j, int k) {
    return 0u;
}
float mvDot(uint b, uint j, vec4 xs[1], float xsum[1]) {
    const uvec2 w = mvLoad8(b);
    return dot(uintBitsToFloat(uvec4(w.x << 16u, w.x & 0xFFFF0000u, w.y << 16u,
                                     w.y & 0xFFFF0000u)),
               xs[0]);
}

#elif defined(QTYPE_Q4_0)
// Unit j: qs[8j..8j+7]; low nibbles are values 8j.., high nibbles 16+8j...
#define MV_UPB 2u
#define MV_RUNS 2
#define MV_RUNLEN 8u
uint mvRunStart(uint j, int k) {
    return 8u * j + 16u * uint(k);
}
float mvDot(uint b, uint j, vec4 xs[4], float xsum[2]) {
    const float d = wqF16(b);
    const uvec2 q = mvLoad8Any(b + 2u + 8u * j);
    const uvec2 lo = q & 0x0F0F0F0Fu, hi = (q >> 4u) & 0x0F0F0F0Fu;
    const float bias = 8388616.0;  // 2^23 + 8
    return d * (dot(mvBytes(lo.x, bias), xs[0]) + dot(mvBytes(lo.y, bias), xs[1]) +
                dot(mvBytes(hi.x, bias), xs[2]) + dot(mvBytes(hi.y, bias), xs[3]));
}

#elif defined(QTYPE_Q4_1)
#define MV_UPB 2u
#define MV_RUNS 2
#define MV_RUNLEN 8u
#define MV_XSUM 1
uint mvRunStart(uint j, int k) {
    return 8u * j + 16u * uint(k);
}
float mvDot(uint b, uint j, vec4 xs[4], float xsum[2]) {
    const vec2 dm = unpackHalf2x16(WQ_WORD(b >> 2u));
    const uvec2 q = uvec2(WQ_WORD((b >> 2u) + 1u + 2u * j), WQ_WORD((b >> 2u) + 2u + 2u * j));
    const uvec2 lo = q & 0x0F0F0F0Fu, hi = (q >> 4u) & 0x0F0F0F0Fu;
    const float bias = 8388608.0;
    return dm.x * (dot(mvBytes(lo.x, bias), xs[0]) + dot(mvBytes(lo.y, bias), xs[1]) +
                   dot(mvBytes(hi.x, bias), xs[2]) + dot(mvBytes(hi.y, bias), xs[3])) +
           dm.y * (xsum[0] + xsum[1]);
}

#elif defined(QTYPE_Q5_0)
// d, qh (bit i: fifth bit of value i), qs[16]. Unit j as Q4_0.
#define MV_UPB 2u
#define MV_RUNS 2
#define MV_RUNLEN 8u
uint mvRunStart(uint j, int k) {
    return 8u * j + 16u * uint(k);
}
float mvDot(uint b, uint j, vec4 xs[4], float xsum[2]) {
    const float d = wqF16(b);
    const uint qh = wqU32(b + 2u);
    const uvec2 q = mvLoad8Any(b + 6u + 8u * j);
    const uint hl = qh >> (8u * j), hh = qh >> (16u + 8u * j);
    const uvec2 lo = (q & 0x0F0F0F0Fu) | (uvec2(mvSpread4(hl), mvSpread4(hl >> 4u)) << 4u);
    const uvec2 hi = ((q >> 4u) & 0x0F0F0F0Fu) | (uvec2(mvSpread4(hh), mvSpread4(hh >> 4u)) << 4u);
    const float bias = 8388624.0;  // 2^23 + 16
    return d * (dot(mvBytes(lo.x, bias), xs[0]) + dot(mvBytes(lo.y, bias), xs[1]) +
                dot(mvBytes(hi.x, bias), xs[2]) + dot(mvBytes(hi.y, bias), xs[3]));
}

#elif defined(QTYPE_Q5_1)
// d, m, qh, qs[16] (24 bytes: 8-byte loads when the rows are 8-aligned).
#define MV_UPB 2u
#define MV_RUNS 2
#define MV_RUNLEN 8u
#define MV_XSUM 1
uint mvRunStart(uint j, int k) {
    return 8u * j + 16u * uint(k);
}
float mvDot(uint b, uint j, vec4 xs[4], float xsum[2]) {
    const uvec2 head = mvLoad8(b);
    const vec2 dm = unpackHalf2x16(head.x);
    const uvec2 q = mvLoad8(b + 8u + 8u * j);
    const uint hl = head.y >> (8u * j), hh = head.y >> (16u + 8u * j);
    const uvec2 lo = (q & 0x0F0F0F0Fu) | (uvec2(mvSpread4(hl), mvSpread4(hl >> 4u)) << 4u);
    const uvec2 hi = ((q >> 4u) & 0x0F0F0F0Fu) | (uvec2(mvSpread4(hh), mvSpread4(hh >> 4u)) << 4u);
    const float bias = 8388608.0;
    return dm.x * (dot(mvBytes(lo.x, bias), xs[0]) + dot(mvBytes(lo.y, bias), xs[1]) +
                   dot(mvBytes(hi.x, bias), xs[2]) + dot(mvBytes(hi.y, bias), xs[3])) +
           dm.y * (xsum[0] + xsum[1]);
}

#elif defined(QTYPE_Q8_0)
// d, q[32]:i8. Unit j: q[8j..8j+7].
#define MV_UPB 4u
#define MV_RUNS 1
#define MV_RUNLEN 8u
uint mvRunStart(uint j, int k) {
    return 8u * j;
}
float mvDot(uint b, uint j, vec4 xs[2], float xsum[1]) {
    const float d = wqF16(b);
    // Flipping the sign bits maps -128..127 to 0..255 (q + 128).
    const uvec2 q = mvLoad8Any(b + 2u + 8u * j) ^ 0x80808080u;
    const float bias = 8388736.0;  // 2^23 + 128
    return d * (dot(mvBytes(q.x, bias), xs[0]) + dot(mvBytes(q.y, bias), xs[1]));
}

#elif defined(QTYPE_Q4_K) || defined(QTYPE_Q5_K)
// The 6-bit scales (sc) and mins (mn) of sub-blocks 2c and 2c+1 of a Q4_K / Q5_K block, two
// bytes each (sub-block 2c in the low byte), from its header words h01 (d, dmin, scales[0..3])
// and h23 (scales[4..11]): bytes 2c%4.. of the three scale words (see kScaleMin).
void mvKScaleMin(uvec2 h01, uvec2 h23, uint c, out uint sc, out uint mn) {
    const uint sh = 16u * (c & 1u);
    const uint a = (h01.y >> sh) & 0xFFFFu;
    const uint e = (h23.x >> sh) & 0xFFFFu;
    const uint f = (h23.y >> sh) & 0xFFFFu;
    if (c < 2u) {
        sc = a & 0x3F3Fu;
        mn = e & 0x3F3Fu;
    } else {
        sc = (f & 0x0F0Fu) | ((a >> 2u) & 0x3030u);
        mn = ((f >> 4u) & 0x0F0Fu) | ((e >> 2u) & 0x3030u);
    }
}

// Unit j: qs chunk c = j/4 (32 bytes: sub-block 2c in the low nibbles, 2c+1 in the high ones),
// bytes l0..l0+7 with l0 = 8*(j%4); values 64c+l0.. (low) and 64c+32+l0.. (high).
#define MV_UPB 16u
#define MV_RUNS 2
#define MV_RUNLEN 8u
#define MV_XSUM 1
uint mvRunStart(uint j, int k) {
    return 64u * (j >> 2u) + 32u * uint(k) + 8u * (j & 3u);
}
float mvDot(uint b, uint j, vec4 xs[4], float xsum[2]) {
    const uint c = j >> 2u;
    const uint l0 = 8u * (j & 3u);
    const uvec2 h01 = mvLoad8(b);       // d, dmin, scales[0..3]
    const uvec2 h23 = mvLoad8(b + 8u);  // scales[4..11]
    uvec2 q = mvLoad8(b + QS_OFFSET + 32u * c + l0);
    uint sc, mn;
    mvKScaleMin(h01, h23, c, sc, mn);
    const vec4 smf = mvBytes(sc | (mn << 16u), 8388608.0);  // scale0, scale1, min0, min1
    const vec2 dm = unpackHalf2x16(h01.x);
    uvec2 lo = q & 0x0F0F0F0Fu;
    uvec2 hi = (q >> 4u) & 0x0F0F0F0Fu;
#if defined(QTYPE_Q5_K)
    const uvec2 qh = mvLoad8(b + 16u + l0);
    lo |= ((qh >> (2u * c)) & 0x01010101u) << 4u;
    hi |= ((qh >> (2u * c + 1u)) & 0x01010101u) << 4u;
#endif
    const float bias = 8388608.0;
    const float dotLo = dot(mvBytes(lo.x, bias), xs[0]) + dot(mvBytes(lo.y, bias), xs[1]);
    const float dotHi = dot(mvBytes(hi.x, bias), xs[2]) + dot(mvBytes(hi.y, bias), xs[3]);
    return dm.x * (smf.x * dotLo + smf.y * dotHi) - dm.y * (smf.z * xsum[0] + smf.w * xsum[1]);
}

#elif defined(QTYPE_Q6_K)
// Unit j: half h = j/8, l0 = 4*(j%8): ql[64h+l0..+3], ql[64h+l0+32..+3], qh[32h+l0..+3] give the
// values 128h + l0 + {0, 32, 64, 96} + 0..3 (see loadUnit), with scales sc[8h + l0/16 + 2i].
#define MV_UPB 16u
#define MV_RUNS 4
#define MV_RUNLEN 4u
uint mvRunStart(uint j, int k) {
    return 128u * (j >> 3u) + 4u * (j & 7u) + 32u * uint(k);
}
float mvDot(uint b, uint j, vec4 xs[4], float xsum[4]) {
    const uint h = j >> 3u;
    const uint l0 = 4u * (j & 7u);
    const uint ql0 = wqU32(b + 64u * h + l0);
    const uint ql1 = wqU32(b + 64u * h + l0 + 32u);
    const uint qh = wqU32(b + 128u + 32u * h + l0);
    const uvec2 scw = mvLoad8Any(b + 192u + 8u * h);
    const float d = wqF16(b + 208u);
    const uint g = 8u * (l0 >> 4u);
    // Scales sc[g], sc[g+2] (word 0) and sc[g+4], sc[g+6] (word 1), as signed bytes.
    const uvec2 sb = scw >> g;
    const uint scs = ((sb.x & 0xFFu) | ((sb.x >> 8u) & 0xFF00u) | ((sb.y & 0xFFu) << 16u) |
                      ((sb.y << 8u) & 0xFF000000u)) ^ 0x80808080u;
    const vec4 s = mvBytes(scs, 8388736.0);  // 2^23 + 128
    const uint q1 = (ql0 & 0x0F0F0F0Fu) | ((qh & 0x03030303u) << 4u);
    const uint q2 = (ql1 & 0x0F0F0F0Fu) | ((qh & 0x0C0C0C0Cu) << 2u);
    const uint q3 = ((ql0 >> 4u) & 0x0F0F0F0Fu) | (qh & 0x30303030u);
    const uint q4 = ((ql1 >> 4u) & 0x0F0F0F0Fu) | ((qh >> 2u) & 0x30303030u);
    const float bias = 8388640.0;  // 2^23 + 32
    return d * (s.x * dot(mvBytes(q1, bias), xs[0]) + s.y * dot(mvBytes(q2, bias), xs[1]) +
                s.z * dot(mvBytes(q3, bias), xs[2]) + s.w * dot(mvBytes(q4, bias), xs[3]));
}

#endif  // QTYPE_*

#define MV_XV (MV_RUNS * int(MV_RUNLEN) / 4)

// ---------------------------------------------------------------------------------------------
// Integer dot products against 8-bit quantised activations (MV_DOT: the matvec_dot_<type>
// kernels). The input column is in the Q8A layout that quantize_q8.comp writes: per block of 32
// values, 48 bytes = three uvec4 elements:
//   [3b]     q[0..15]  (signed bytes, 4 per word, little-endian)
//   [3b + 1] q[16..31]
//   [3b + 2] (d, s0, s1, 0) as float bits: x ~= d * q, s0 = d * sum(q[0..15]), s1 = d * sum(q[16..31])
// A weight block's integer values are multiplied with the q bytes four at a time (sdot4: one
// instruction where the device has shaderIntegerDotProduct), the integer sums are exact, and
// only the per-sub-block scales are applied in float. This trades ~6 integer operations per
// weight of the float path (byte extraction and conversion) for ~1/4 instruction per weight,
// at the price of the activation's rounding to 8 bits (see engine/model/reference_ops.h,
// quantizeQ8A and dotQ8A, the CPU reference of exactly this arithmetic).
#ifdef MV_DOT

// The activation record element i (uvec4): from the input binding, unless the including kernel
// defines another source (matvec.comp's fused AddNorm prologue reads shared memory).
#ifndef XQ4
#define XQ4(i) xq4[(i)]
#endif

#ifdef MV_DOT_NATIVE
// OpSDot (SPV_KHR_integer_dot_product, Vulkan 1.3 core): signed 4 x 8-bit packed dot product.
// Debian 12's glslang has no GL_EXT_integer_dot_product, so it is declared through
// GL_EXT_spirv_intrinsics: capabilities DotProductInput4x8BitPacked (6019) and DotProduct
// (6018), opcode 4450, the last operand the PackedVectorFormat4x8Bit literal (0).
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018],
                  id = 4450) int mvSdotOp(uint a, uint b, spirv_literal int packedFormat);
int sdot4(uint a, uint b) {
    return mvSdotOp(a, b, 0);
}
#else
// The same product in plain GLSL (the portable pack's translation, tests).
int sdot4(uint a, uint b) {
    const ivec4 x = ivec4(uvec4(a) << uvec4(24u, 16u, 8u, 0u)) >> 24;
    const ivec4 y = ivec4(uvec4(b) << uvec4(24u, 16u, 8u, 0u)) >> 24;
    return x.x * y.x + x.y * y.y + x.z * y.z + x.w * y.w;
}
#endif

// Bytes 0..255 (values that fit 0..127 too) minus c per byte, as signed bytes, without borrows
// between bytes: setting bit 7 first keeps every byte >= c.
uint mvqSubBytes(uint q, uint c4) {
    return ((q | 0x80808080u) - c4) ^ 0x80808080u;
}

#if defined(QTYPE_Q4_K) || defined(QTYPE_Q5_K)
// Unit j (8 per block): chunk c = j / 2 of qs (32 bytes: sub-block 2c in the low nibbles, 2c+1 in
// the high ones), half hh = j % 2: bytes 16hh..16hh+15, i.e. values 64c + 16hh + 0..15 (low) and
// 64c + 32 + 16hh + 0..15 (high): half hh of activation blocks 2c and 2c+1 of this weight block.
#define MVQ_UPB 8u
struct MvqX {
    uvec4 qa, qb;  // activation bytes of the low and high values
    vec3 ha, hb;   // (d, sum of this half) of the two activation blocks, and unused
};
void mvqLoadX(uint xq0, uint u, out MvqX x, out uint blk, out uint j) {
    blk = u / MVQ_UPB;
    j = u % MVQ_UPB;
    const uint ab = xq0 + 3u * (8u * blk + 2u * (j >> 1u));
    const uint hh = j & 1u;
    x.qa = XQ4(ab + hh);
    x.qb = XQ4(ab + 3u + hh);
    const vec4 da = uintBitsToFloat(XQ4(ab + 2u)), db = uintBitsToFloat(XQ4(ab + 5u));
    x.ha = vec3(da.x, hh == 0u ? da.y : da.z, 0.0);
    x.hb = vec3(db.x, hh == 0u ? db.y : db.z, 0.0);
}
float mvqDot(uint b, uint j, MvqX x) {
    const uint c = j >> 1u;
    const uint l0 = 16u * (j & 1u);
    const uvec2 h01 = mvLoad8(b);       // d, dmin, scales[0..3]
    const uvec2 h23 = mvLoad8(b + 8u);  // scales[4..11]
    const uvec4 q = uvec4(mvLoad8(b + QS_OFFSET + 32u * c + l0),
                          mvLoad8(b + QS_OFFSET + 32u * c + l0 + 8u));
    uint sc, mn;
    mvKScaleMin(h01, h23, c, sc, mn);
    uvec4 lo = q & 0x0F0F0F0Fu;
    uvec4 hi = (q >> 4u) & 0x0F0F0F0Fu;
#if defined(QTYPE_Q5_K)
    const uvec4 qh = uvec4(mvLoad8(b + 16u + l0), mvLoad8(b + 24u + l0));
    lo |= ((qh >> (2u * c)) & 0x01010101u) << 4u;
    hi |= ((qh >> (2u * c + 1u)) & 0x01010101u) << 4u;
#endif
    const int ia = sdot4(lo.x, x.qa.x) + sdot4(lo.y, x.qa.y) + sdot4(lo.z, x.qa.z) +
                   sdot4(lo.w, x.qa.w);
    const int ib = sdot4(hi.x, x.qb.x) + sdot4(hi.y, x.qb.y) + sdot4(hi.z, x.qb.z) +
                   sdot4(hi.w, x.qb.w);
    const vec2 dm = unpackHalf2x16(h01.x);
    const float sc0 = float(sc & 0xFFu), sc1 = float(sc >> 8u);
    const float mn0 = float(mn & 0xFFu), mn1 = float(mn >> 8u);
    return dm.x * (sc0 * (x.ha.x * float(ia)) + sc1 * (x.hb.x * float(ib))) -
           dm.y * (mn0 * x.ha.y + mn1 * x.hb.y);
}

#elif defined(QTYPE_Q6_K)
// Unit j (16 per block) as the float path: half h = j / 8, l0 = 4 (j % 8); values
// 128h + 32i + l0 + 0..3 for i = 0..3, i.e. 4 values of activation blocks 4h + i.
#define MVQ_UPB 16u
struct MvqX {
    uvec4 q;  // activation bytes of the four runs
    vec4 d;   // their blocks' scales
};
void mvqLoadX(uint xq0, uint u, out MvqX x, out uint blk, out uint j) {
    blk = u / MVQ_UPB;
    j = u % MVQ_UPB;
    const uint l0 = 4u * (j & 7u);
    const uint ab = xq0 + 3u * (8u * blk + 4u * (j >> 3u));
    const uint e = ab + (l0 >> 4u), w = (l0 >> 2u) & 3u;
    x.q = uvec4(XQ4(e)[w], XQ4(e + 3u)[w], XQ4(e + 6u)[w], XQ4(e + 9u)[w]);
    x.d = vec4(uintBitsToFloat(XQ4(ab + 2u).x), uintBitsToFloat(XQ4(ab + 5u).x),
               uintBitsToFloat(XQ4(ab + 8u).x), uintBitsToFloat(XQ4(ab + 11u).x));
}
float mvqDot(uint b, uint j, MvqX x) {
    const uint h = j >> 3u;
    const uint l0 = 4u * (j & 7u);
    const uint ql0 = wqU32(b + 64u * h + l0);
    const uint ql1 = wqU32(b + 64u * h + l0 + 32u);
    const uint qh = wqU32(b + 128u + 32u * h + l0);
    const uvec2 scw = mvLoad8Any(b + 192u + 8u * h);
    const float d = wqF16(b + 208u);
    const uint g = 8u * (l0 >> 4u);
    // Scales sc[g/8 + 2i] as signed integers: bytes 0 and 2 of each word after the shift.
    const uvec2 sb = scw >> g;
    const ivec4 s = ivec4(bitfieldExtract(int(sb.x), 0, 8), bitfieldExtract(int(sb.x), 16, 8),
                          bitfieldExtract(int(sb.y), 0, 8), bitfieldExtract(int(sb.y), 16, 8));
    const uint c32 = 0x20202020u;
    const uint q1 = mvqSubBytes((ql0 & 0x0F0F0F0Fu) | ((qh & 0x03030303u) << 4u), c32);
    const uint q2 = mvqSubBytes((ql1 & 0x0F0F0F0Fu) | ((qh & 0x0C0C0C0Cu) << 2u), c32);
    const uint q3 = mvqSubBytes(((ql0 >> 4u) & 0x0F0F0F0Fu) | (qh & 0x30303030u), c32);
    const uint q4 = mvqSubBytes(((ql1 >> 4u) & 0x0F0F0F0Fu) | ((qh >> 2u) & 0x30303030u), c32);
    const vec4 t = vec4(s * ivec4(sdot4(q1, x.q.x), sdot4(q2, x.q.y), sdot4(q3, x.q.z),
                                  sdot4(q4, x.q.w)));
    return d * dot(t, x.d);
}

#elif defined(QTYPE_Q8_0)
// Unit j (4 per block): q[8j..8j+7], values 8j.. of the block's one activation block.
#define MVQ_UPB 4u
struct MvqX {
    uvec2 q;
    float d;
};
void mvqLoadX(uint xq0, uint u, out MvqX x, out uint blk, out uint j) {
    blk = u / MVQ_UPB;
    j = u % MVQ_UPB;
    const uint e = xq0 + 3u * blk + (j >> 1u), w = 2u * (j & 1u);
    x.q = uvec2(XQ4(e)[w], XQ4(e)[w + 1u]);
    x.d = uintBitsToFloat(XQ4(xq0 + 3u * blk + 2u).x);
}
float mvqDot(uint b, uint j, MvqX x) {
    const uvec2 q = mvLoad8Any(b + 2u + 8u * j);
    return wqF16(b) * (x.d * float(sdot4(q.x, x.q.x) + sdot4(q.y, x.q.y)));
}

#else
#error "MV_DOT: no integer-dot decoder for this QTYPE"
#endif

#endif  // MV_DOT

#endif  // MV_KERNEL

#endif  // FACET_QUANT_GLSL
