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

// 4 bytes at byte address a (any alignment), little-endian. Branch-free: it always reads the
// following word too, which is why GPU buffers keep at least 16 bytes of slack past their
// contents (see Buffer).
uint wqU32(uint a) {
    const uint i = a >> 2u;
    const uint s = (a & 3u) * 8u;
    // (hi << (31 - s)) << 1 is hi << (32 - s) without the undefined shift by 32 when s == 0.
    return (wq[i] >> s) | ((wq[i + 1u] << (31u - s)) << 1u);
}

// Byte at byte address a.
uint wqU8(uint a) {
    return (wq[a >> 2u] >> ((a & 3u) * 8u)) & 0xFFu;
}

// IEEE half at an even byte address a (every f16 field of every block type is at an even address
// when the tensor base is).
float wqF16(uint a) {
    return unpackHalf2x16((wq[a >> 2u] >> ((a & 2u) * 8u)) & 0xFFFFu).x;
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

#endif  // FACET_QUANT_GLSL
