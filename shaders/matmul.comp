// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
// The tensor-core build (matmul_coopmat.glsl): the subgroup pack of every type but F32, on devices
// with VK_NV_cooperative_matrix (kernels.def, MM_COOPMAT).
#if defined(MM_COOPMAT) && !defined(QTYPE_F32)
#define MM_TENSOR 1
#extension GL_NV_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_KHR_shader_subgroup_basic : require
#endif
// y[m][n] (+)= sum_k W[n][k] * x[m][k] for m < M, n < N: a GGUF linear weight (N rows of K
// values, quant blocks along K) times M input columns at once (prefill). Baked once per weight
// type (QTYPE_* define). Semantics and limits: engine/gpu/matmul_ops.h.
//
// Tiling: a workgroup of 256 threads computes a 64 (n) x 64 (m) tile of y. Per K-step of 32 it
// dequantises the 64 x 32 weight tile into shared memory as f32 (each weight value is decoded
// once per tile, not once per product) and loads the matching 64 x 32 tile of x (forming the
// GeGLU there in Geglu mode); both are stored row-major along K as vec4s: wS[n][k/4], xS[m][k/4].
// Loads are coalesced: x and plain weights 4 consecutive values per thread, 8 threads per row;
// quant weights one 16-value piece per thread, 2 threads per row (matmul_decode.glsl), done by
// the first 128 threads.
// The threads then form 2 groups of 128; group g multiplies the K-slice [16g, 16g + 16) of the
// step, each thread accumulating an 8 x 4 register block (rows tn + 8i, columns tm + 16j):
// 12 vec4 reads from shared memory per 128 FMAs. After the last step group 1 hands its partial
// block to group 0 through shared memory, which writes the tile.
//
// Why this shape (measured on an H200 through Vulkan, K=1536 N=12288 M=512 Q4_K; see
// tests/gpu/gpu_matmul_test.cpp MatMulTimings): the driver gives it 80 registers, so 3
// workgroups (24 warps) share an SM and hide each other's load phases: 27 TFLOPS. The same
// kernel with K-steps of 64 (more values staged in registers across the barrier: 100 registers,
// 2 workgroups per SM) ran at 18, with 128 threads and no K split at 24 (and at 14 instead of 18
// on the N=1536 shapes, whose 24 x 8 tiles are too few to fill 132 SMs with 4-warp workgroups);
// per-thread value loads with scalar shared-memory stores halved the plain types' speed.
// Shared memory: 2 x 8 KiB. Rows are stored with their 8 vec4 slots XOR-swizzled by (row & 7),
// so the stores of the load phase and the vec4 reads of the multiply phase spread over all bank
// groups without padding.
//
// Edges: rows n >= N and columns m >= M are read clamped (valid memory) and never written; values
// past K (plain types, whose K is only a multiple of 4) are zero in both tiles. Tiles beyond the
// grid (N over 64 x 65535, say) are covered by grid-stride loops (tilesN / tilesM are the
// workgroup counts along x / y). A tile with at most 32 valid columns skips the upper half of
// its register block (prefill chunks of 16..32 tokens do half the work).
// Split K (grids of few tiles, engine/gpu/matmul_ops.h): with p.splits > 1 the grid has a third
// dimension; workgroup z multiplies only the K-slice [z kSlice, (z + 1) kSlice) (kSlice a multiple
// of KSTEP, so a step never straddles slices) and writes its plain partial tile to
// part[z][m][n] at p.partOffset in the y binding; shaders/matmul_reduce.comp then sums the slices
// into y (applying accumulate). Nothing else changes, so every tile's inner loop stays as tuned;
// only the number of workgroups grows (a 1536-row output at 512 tokens is 24 x 8 = 192 tiles, too
// few for a GPU with 100+ SMs that holds 3 of these workgroups each).
// Only the multiply's inner loops are unrolled ([[unroll]]; the register block needs constant
// indices): unrolling more made lavapipe's compile 5x slower for no gain.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint K;           // values per weight row (a multiple of the type's block size)
    uint N;           // weight rows = outputs per column
    uint M;           // input / output columns (tokens)
    uint rowBytes;    // bytes between weight rows
    uint wOffset;     // byte offset of the tensor in the weight buffer (multiple of 4)
    uint xOffset;     // float offset of column 0 of x
    uint xStride;     // floats between columns of x
    uint yOffset;     // float offset of column 0 of y
    uint yStride;     // floats between columns of y
    uint accumulate;  // 0: y = W x; 1: y += W x
    uint inputMode;   // 0: x as is; 1: gelu_tanh(x) * x2
    uint x2Offset;    // mode 1: float offset of column 0 of x2 (same binding as x)
    uint x2Stride;    // mode 1: floats between columns of x2
    uint tilesN;      // workgroups along x (grid stride over n tiles)
    uint tilesM;      // workgroups along y (grid stride over m tiles)
    uint splits;      // K-slices (workgroups along z); 0 or 1: no split, y written directly
    uint kSlice;      // splits > 1: K values per slice (a multiple of KSTEP)
    uint partOffset;  // splits > 1: float offset (y binding) of the partial tiles [splits][M][N]
} p;

layout(std430, binding = 1) buffer Weights { uint wq[]; };
layout(std430, binding = 2) buffer Input { float xv[]; };
layout(std430, binding = 3) buffer Output { float yv[]; };

#include "matmul_decode.glsl"

// Input values k .. k+3 of column m (clamped to the last column; k + 3 < K).
vec4 inputValues(uint m, uint k) {
    const uint c = min(m, p.M - 1u);
    const uint o = p.xOffset + c * p.xStride + k;
    const vec4 x = vec4(xv[o], xv[o + 1u], xv[o + 2u], xv[o + 3u]);
    if (p.inputMode != 1u) return x;
    const uint o2 = p.x2Offset + c * p.x2Stride + k;
    return vec4(geluTanh1(x.x), geluTanh1(x.y), geluTanh1(x.z), geluTanh1(x.w)) *
           vec4(xv[o2], xv[o2 + 1u], xv[o2 + 2u], xv[o2 + 3u]);
}

#if defined(MM_TENSOR)
#include "matmul_coopmat.glsl"
#else
const uint TILE = 64u;     // n and m extent of a tile
const uint KSTEP = 32u;    // K values per shared-memory step
const uint SLOTS = 8u;     // vec4 slots per tile row (KSTEP / 4)
const uint GROUPS = 2u;    // K-slices multiplied in parallel
const uint SPG = 4u;       // slots per group (SLOTS / GROUPS)
const uint ROWSTEP = 32u;  // rows between a thread's vec4 loads (256 threads / SLOTS)
const uint VX = 2u;        // vec4 loads per thread per step (TILE / ROWSTEP)
const uint PPR = 2u;       // 16-value pieces per row per step (KSTEP / 16)

shared vec4 wS[TILE * SLOTS];  // [n][k / 4], swizzled
shared vec4 xS[TILE * SLOTS];  // [m][k / 4], swizzled

// The thread's 8 x 4 block: acc[4 i + j] is row tn + 8i, column tm + 16j of the tile.
float acc[32];

uint slotOf(uint row, uint k4) {
    return row * SLOTS + (k4 ^ (row & 7u));
}

// Group g's K-slice of the step (slots SPG g .. SPG g + SPG-1 of every row) into the 8 x J block
// (J = 4, or 2 when the tile has at most 32 columns), one rank-1 update per K value.
void multiplySlice(uint g, uint tn, uint tm, const uint J) {
    [[dont_unroll]] for (uint kk = 0u; kk < SPG; ++kk) {
        const uint k4 = SPG * g + kk;
        // slotOf(tm + 16j, k4) and slotOf(tn + 8i, k4) spelled out: one base address each, the
        // other rows are constant offsets from it.
        const uint xBase = tm * SLOTS + (k4 ^ (tm & 7u));
        const uint wBase = tn * SLOTS + (k4 ^ tn);
        vec4 b[4];
        [[unroll]] for (uint j = 0u; j < J; ++j) b[j] = xS[xBase + 16u * SLOTS * j];
        [[unroll]] for (uint i = 0u; i < 8u; ++i) {
            const vec4 a = wS[wBase + 8u * SLOTS * i];
            [[unroll]] for (uint c = 0u; c < 4u; ++c) {
                [[unroll]] for (uint j = 0u; j < J; ++j) acc[4u * i + j] += a[c] * b[j][c];
            }
        }
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    // Load phase: vec4 kq of rows rr + ROWSTEP i (x, plain weights); 16-value piece `piece` of
    // row wr (quant weights, threads below TILE * PPR).
    const uint kq = t % SLOTS;
    const uint rr = t / SLOTS;
    const uint wr = t / PPR;
    const uint piece = t % PPR;
    const bool decoder = t < TILE * PPR;
    // Multiply phase: group g, block rows tn + 8i, columns tm + 16j.
    const uint g = t >> 7u;
    const uint tn = t & 7u;
    const uint tm = (t >> 3u) & 15u;
    const uint nTiles = (p.N + TILE - 1u) / TILE;
    const uint mTiles = (p.M + TILE - 1u) / TILE;
    const bool split = p.splits > 1u;
    const uint kBegin = split ? gl_WorkGroupID.z * p.kSlice : 0u;
    const uint kEnd = split ? min(p.K, kBegin + p.kSlice) : p.K;

    for (uint mt = gl_WorkGroupID.y; mt < mTiles; mt += p.tilesM) {
        for (uint nt = gl_WorkGroupID.x; nt < nTiles; nt += p.tilesN) {
            const uint n0 = nt * TILE;
            const uint m0 = mt * TILE;
            const bool wide = p.M - m0 > 32u;
#if !defined(MM_PLAIN)
            const uint wRow = p.wOffset + min(n0 + (wr & 63u), p.N - 1u) * p.rowBytes;
#endif
            [[unroll]] for (uint i = 0u; i < 32u; ++i) acc[i] = 0.0;

            for (uint kb = kBegin; kb < kEnd; kb += KSTEP) {
                // Global loads first: they are in flight while the other group finishes the
                // previous step's products. Values past K are zero in both tiles.
                const uint k = kb + 4u * kq;
                vec4 xs[VX];
                [[unroll]] for (uint i = 0u; i < VX; ++i)
                    xs[i] = k < p.K ? inputValues(m0 + rr + ROWSTEP * i, k) : vec4(0.0);
#if defined(MM_PLAIN)
                vec4 ws[VX];
                [[unroll]] for (uint i = 0u; i < VX; ++i) {
                    const uint row = p.wOffset + min(n0 + rr + ROWSTEP * i, p.N - 1u) * p.rowBytes;
                    ws[i] = k < p.K ? plainValues(row, k) : vec4(0.0);
                }
#else
                const uint k0 = kb + 16u * piece;
                vec4 w[4];
                if (decoder && k0 < p.K) {
                    decodePiece(wRow, k0, w);
                } else {
                    for (uint i = 0u; i < 4u; ++i) w[i] = vec4(0.0);
                }
#endif
                memoryBarrierShared();
                barrier();
                [[unroll]] for (uint i = 0u; i < VX; ++i) xS[slotOf(rr + ROWSTEP * i, kq)] = xs[i];
#if defined(MM_PLAIN)
                [[unroll]] for (uint i = 0u; i < VX; ++i) wS[slotOf(rr + ROWSTEP * i, kq)] = ws[i];
#else
                if (decoder) {
                    for (uint i = 0u; i < 4u; ++i) wS[slotOf(wr, 4u * piece + i)] = w[i];
                }
#endif
                memoryBarrierShared();
                barrier();
                if (wide) {
                    multiplySlice(g, tn, tm, 4u);
                } else {
                    multiplySlice(g, tn, tm, 2u);
                }
            }

            // Group 1 hands its block to group 0 through shared memory: slot q * 128 + its
            // thread index (consecutive threads, consecutive slots), over wS then xS.
            const uint gt = t & 127u;
            memoryBarrierShared();
            barrier();
            if (g == 1u) {
                [[unroll]] for (uint q = 0u; q < 8u; ++q) {
                    const vec4 v = vec4(acc[4u * q], acc[4u * q + 1u], acc[4u * q + 2u],
                                        acc[4u * q + 3u]);
                    const uint at = q * 128u + gt;
                    if (at < TILE * SLOTS) {
                        wS[at] = v;
                    } else {
                        xS[at - TILE * SLOTS] = v;
                    }
                }
            }
            memoryBarrierShared();
            barrier();
            if (g == 0u) {
                [[unroll]] for (uint q = 0u; q < 8u; ++q) {
                    const uint at = q * 128u + gt;
                    const vec4 v = at < TILE * SLOTS ? wS[at] : xS[at - TILE * SLOTS];
                    acc[4u * q] += v.x;
                    acc[4u * q + 1u] += v.y;
                    acc[4u * q + 2u] += v.z;
                    acc[4u * q + 3u] += v.w;
                }
                // Split K: this slice's partial tile, dense [M][N] per slice, never accumulated.
                const uint outBase = split ? p.partOffset + gl_WorkGroupID.z * p.M * p.N : p.yOffset;
                const uint outStride = split ? p.N : p.yStride;
                const bool add = !split && p.accumulate != 0u;
                // Constant trip counts (no break): acc must stay in registers, which needs
                // every index of it known at compile time.
                [[unroll]] for (uint i = 0u; i < 8u; ++i) {
                    const uint n = n0 + tn + 8u * i;
                    [[unroll]] for (uint j = 0u; j < 4u; ++j) {
                        const uint m = m0 + tm + 16u * j;
                        if (n < p.N && m < p.M) {
                            const uint yo = outBase + m * outStride + n;
                            const float v = acc[4u * i + j];
                            yv[yo] = add ? yv[yo] + v : v;
                        }
                    }
                }
            }
        }
    }
}
#endif  // MM_TENSOR
