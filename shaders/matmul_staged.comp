// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
// The tensor-core build (matmul_staged_coopmat.glsl): the subgroup pack, on devices with
// VK_NV_cooperative_matrix (kernels.def, MM_COOPMAT).
#if defined(MM_COOPMAT)
#define MM_TENSOR 1
#extension GL_NV_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_KHR_shader_subgroup_basic : require
#endif
// The staged prefill product: y[m][n] (+)= sum_k W[n][k] x[m][k] for m < M, n < N, with both
// operands already in f16 in a staging buffer (binding 1): the weight rows decoded once by
// dequant_f16_<type>, the input columns converted once by convert_f16 (which also forms the
// GeGLU). Semantics and limits: engine/gpu/matmul_ops.h (recordMatMulStaged).
//
// Operands: W row n (n < the padded row count) at uvec4 p.wOffset + n K/8 of binding 1, x column
// m at uvec4 p.xOffset + m K/8: K halves each (K a multiple of 32, zero padded past the real
// K). Both are padded to whole tiles of this build (the staging areas' row counts are multiples
// of 128), so the loads need no edge checks; rows n >= N and columns m >= M are never written.
// The parameter block is MatMulParams (rowBytes, xStride, inputMode, x2Offset, x2Stride unused),
// so split K reuses matmul_reduce unchanged: with p.splits > 1 workgroup z multiplies only the
// K-slice [z kSlice, (z + 1) kSlice) into part[z][m][n] at p.partOffset of binding 2.
// The grid: x over column tiles, y over row tiles (so the workgroups that run together share
// their weight rows, which are read from memory about once, while the few MB of inputs stay in
// the L2 cache), z over K-slices; grid-stride loops beyond it (p.tilesM / p.tilesN).
#if defined(MM_TENSOR) && defined(MM_SUBGROUPS)
layout(local_size_x = MM_SUBGROUPS * 32) in;
#else
layout(local_size_x = 256) in;
#endif

layout(std140, binding = 0) uniform Params {
    uint K;           // halves per operand row (a multiple of 32)
    uint N;           // output rows
    uint M;           // output columns (tokens)
    uint rowBytes;    // unused
    uint wOffset;     // uvec4 offset of W row 0 in binding 1
    uint xOffset;     // uvec4 offset of x column 0 in binding 1
    uint xStride;     // unused
    uint yOffset;     // float offset of column 0 of y
    uint yStride;     // floats between columns of y
    uint accumulate;  // 0: y = W x; 1: y += W x
    uint inputMode;   // unused
    uint x2Offset;    // unused
    uint x2Stride;    // unused
    uint tilesN;      // workgroups along y (grid stride over row tiles)
    uint tilesM;      // workgroups along x (grid stride over column tiles)
    uint splits;      // K-slices (workgroups along z); 0 or 1: no split, y written directly
    uint kSlice;      // splits > 1: K values per slice (a multiple of 32)
    uint partOffset;  // splits > 1: float offset (binding 2) of the partial tiles [splits][M][N]
} p;

layout(std430, binding = 1) buffer Staging { uvec4 hv[]; };
layout(std430, binding = 2) buffer Output { float yv[]; };

#if defined(MM_TENSOR)
#include "matmul_staged_coopmat.glsl"
#else
// The portable build: a 64 x 64 tile per workgroup, each invocation a 4 x 4 block (rows tn + 16i,
// columns tm + 16j), the step's 64 x 32 operand tiles unpacked to f32 in shared memory. It serves
// the tests on devices without tensor cores (the model records the staged product only on
// devices with them; elsewhere shaders/matmul.comp is faster, having no staging pass).
const uint TILE = 64u;
const uint KSTEP = 32u;
const uint RW = KSTEP + 1u;  // floats per shared row (+1: column reads hit distinct banks)

shared float wS[TILE * RW];
shared float xS[TILE * RW];

void unpack8(uvec4 h, uint at, bool weights) {
    const vec2 v0 = unpackHalf2x16(h.x), v1 = unpackHalf2x16(h.y);
    const vec2 v2 = unpackHalf2x16(h.z), v3 = unpackHalf2x16(h.w);
    const float v[8] = float[8](v0.x, v0.y, v1.x, v1.y, v2.x, v2.y, v3.x, v3.y);
    [[unroll]] for (uint i = 0u; i < 8u; ++i) {
        if (weights) {
            wS[at + i] = v[i];
        } else {
            xS[at + i] = v[i];
        }
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint tn = t & 15u;
    const uint tm = t >> 4u;
    const uint rowUv = p.K / 8u;
    // Load role: row (or column) t / 4 of the tile, uvec4 t % 4 of the step.
    const uint lr = t >> 2u;
    const uint lq = t & 3u;
    const uint nTiles = (p.N + TILE - 1u) / TILE;
    const uint mTiles = (p.M + TILE - 1u) / TILE;
    const bool split = p.splits > 1u;
    const uint kBegin = split ? gl_WorkGroupID.z * p.kSlice : 0u;
    const uint kEnd = split ? min(p.K, kBegin + p.kSlice) : p.K;
    const uint outBase = split ? p.partOffset + gl_WorkGroupID.z * p.M * p.N : p.yOffset;
    const uint outStride = split ? p.N : p.yStride;
    const bool add = !split && p.accumulate != 0u;
    for (uint nt = gl_WorkGroupID.y; nt < nTiles; nt += p.tilesN) {
        for (uint mt = gl_WorkGroupID.x; mt < mTiles; mt += p.tilesM) {
            const uint n0 = nt * TILE;
            const uint m0 = mt * TILE;
            float acc[16];
            [[unroll]] for (uint i = 0u; i < 16u; ++i) acc[i] = 0.0;
            for (uint kb = kBegin; kb < kEnd; kb += KSTEP) {
                const uvec4 w = hv[p.wOffset + (n0 + lr) * rowUv + kb / 8u + lq];
                const uvec4 x = hv[p.xOffset + (m0 + lr) * rowUv + kb / 8u + lq];
                barrier();
                unpack8(w, lr * RW + 8u * lq, true);
                unpack8(x, lr * RW + 8u * lq, false);
                barrier();
                for (uint k = 0u; k < KSTEP; ++k) {
                    float a[4], b[4];
                    [[unroll]] for (uint i = 0u; i < 4u; ++i) a[i] = wS[(tn + 16u * i) * RW + k];
                    [[unroll]] for (uint j = 0u; j < 4u; ++j) b[j] = xS[(tm + 16u * j) * RW + k];
                    [[unroll]] for (uint i = 0u; i < 4u; ++i) {
                        [[unroll]] for (uint j = 0u; j < 4u; ++j) acc[4u * i + j] += a[i] * b[j];
                    }
                }
            }
            [[unroll]] for (uint i = 0u; i < 4u; ++i) {
                [[unroll]] for (uint j = 0u; j < 4u; ++j) {
                    const uint n = n0 + tn + 16u * i;
                    const uint m = m0 + tm + 16u * j;
                    if (n < p.N && m < p.M) {
                        const uint yo = outBase + m * outStride + n;
                        yv[yo] = add ? yv[yo] + acc[4u * i + j] : acc[4u * i + j];
                    }
                }
            }
        }
    }
}
#endif  // MM_TENSOR
