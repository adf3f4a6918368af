// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
// The tensor-core build (gemm_coopmat.glsl): the subgroup pack, on devices with
// VK_NV_cooperative_matrix (kernels.def, GEMM_COOPMAT).
#if defined(GEMM_COOPMAT)
#extension GL_NV_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_KHR_shader_subgroup_basic : require
#endif
// A general f32 matrix product for training: C[i][j] = (accumulate ? C[i][j] : 0) +
// alpha·Σ_k A[i][k]·B[k][j], every operand addressed by its own row and column strides, so one
// kernel serves every transpose the backward pass needs (a LoRA's dB = s·dYᵀ·U, dA = dUᵀ·X,
// du = s·dY·B, dx += du·A; the frozen weights' dx through their dequantised copy; the attention
// backward's score products). CPU reference: the test's double loops. Semantics and limits:
// engine/gpu/ops.h recordGemm.
//
// Batches: `batches` products whose operands lie aBatchStride, bBatchStride, cBatchStride floats
// apart (workgroup z), or with sumBatches one product C = Σ_b A_b·B_b (the batch loop inside).
// Split K (filled by recordGemm): with splits > 1 workgroup z = batch·splits + s multiplies only
// the K-slice [s kSlice, (s + 1) kSlice) into part[batch][s][i][j] at partOffset of binding 3,
// and a second dispatch (stage 1) sums the slices in order into C (alpha and accumulate there).
//
// Portable build: 64 x 64 outputs per workgroup (4 x 4 per invocation), K in steps of 16 through
// shared memory, f32 throughout. The tensor-core build: 64 x 64 outputs, K steps of 32 rounded to
// f16 in shared memory (f32 sums).
// Operands may share a buffer (C must not overlap A or B).
#if defined(GEMM_COOPMAT)
layout(local_size_x = 128) in;  // 4 subgroups of 32 (the build is only used with 32 lanes)
#else
layout(local_size_x = 256) in;  // 64 x 64 outputs (one-dimensional: the kernel table's rule)
#endif

layout(std140, binding = 0) uniform Params {
    uint M;  // rows of C
    uint N;  // columns of C
    uint K;
    uint aOffset;
    uint aRowStride;  // floats between A[i][k] and A[i + 1][k]
    uint aColStride;  // floats between A[i][k] and A[i][k + 1]
    uint bOffset;
    uint bRowStride;  // between B[k][j] and B[k + 1][j]
    uint bColStride;  // between B[k][j] and B[k][j + 1]
    uint cOffset;
    uint cRowStride;  // between C[i][j] and C[i + 1][j] (columns are adjacent)
    float alpha;
    uint accumulate;
    uint batches;       // >= 1
    uint aBatchStride;  // floats between A_b and A_(b+1)
    uint bBatchStride;
    uint cBatchStride;  // (unused with sumBatches)
    uint sumBatches;    // 1: C = Σ_b A_b·B_b
    uint splits;        // K-slices (filled by recordGemm; 0 or 1: none)
    uint kSlice;        // K values per slice (a multiple of 32)
    uint partOffset;    // float offset in binding 3 of the partial tiles [outBatches][splits][M][N]
    uint stage;         // 0: products; 1: the split-K sum (filled by recordGemm)
    uint maskMode;      // the attention mask (kernel_params.h GemmParams): 0 none, 1, 2, 3
    uint maskQuery;     // the query of row / sum index 0
    uint maskKey;       // the key of column / row / sum index 0
    uint maskWindow;    // 0: causal only
} p;

layout(std430, binding = 1) readonly buffer A { float av[]; };
layout(std430, binding = 2) readonly buffer B { float bv[]; };
layout(std430, binding = 3) buffer C { float cv[]; };

uint outBatches() {
    return p.sumBatches != 0u ? 1u : max(p.batches, 1u);
}
uint splitCount() {
    return max(p.splits, 1u);
}

// The end of one output: C[ob][i][j] from the sum `acc`, or the partial of slice s.
void finish(uint ob, uint s, uint i, uint j, float acc) {
    if (i >= p.M || j >= p.N) return;
    if (p.splits > 1u) {
        cv[p.partOffset + ((ob * p.splits + s) * p.M + i) * p.N + j] = acc;
        return;
    }
    const uint c = p.cOffset + ob * p.cBatchStride + i * p.cRowStride + j;
    cv[c] = (p.accumulate != 0u ? cv[c] : 0.0) + p.alpha * acc;
}

// The K range [kb, ke) a tile of rows i0 .. i0 + tm - 1 and columns j0 .. j0 + tn - 1 sums over
// under the attention mask (GemmParams::maskMode): query q sees key k when k <= q and, with a
// window W, q - k < W. Mode 1 (rows queries, columns keys): the whole range, or none when no
// query of the tile sees a key of it; mode 2 (rows queries, K keys): the keys the rows see; mode
// 3 (rows keys, K queries): the queries that see the rows. What is left out is zeros of P or dS.
void maskRange(uint i0, uint tm, uint j0, uint tn, inout uint kb, inout uint ke) {
    if (p.maskMode == 0u) return;
    const int W = int(p.maskWindow);
    int lo = int(kb), hi = int(ke);
    if (p.maskMode == 1u) {
        const int qMin = int(p.maskQuery + i0), qMax = qMin + int(tm) - 1;
        const int kMin = int(p.maskKey + j0), kMax = kMin + int(tn) - 1;
        if (kMin > qMax || (W > 0 && qMin - kMax >= W)) hi = lo;
    } else if (p.maskMode == 2u) {
        const int first = int(p.maskQuery + i0) - int(p.maskKey);  // row i0's query, as a key index
        hi = min(hi, first + int(tm));
        if (W > 0) lo = max(lo, first - W + 1);
    } else {
        const int first = int(p.maskKey + i0) - int(p.maskQuery);  // row i0's key, as a query index
        lo = max(lo, first);
        if (W > 0) hi = min(hi, first + int(tm) + W - 1);
    }
    kb = uint(lo);
    ke = uint(max(hi, lo));
}

// Stage 1: each invocation sums one output's slices in order.
void reduceSlices() {
    const uint e = gl_WorkGroupID.x * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    const uint ob = gl_WorkGroupID.y;
    if (e >= p.M * p.N) return;
    const uint i = e / p.N, j = e - i * p.N;
    float acc = 0.0;
    for (uint s = 0u; s < p.splits; ++s)
        acc += cv[p.partOffset + ((ob * p.splits + s) * p.M + i) * p.N + j];
    const uint c = p.cOffset + ob * p.cBatchStride + i * p.cRowStride + j;
    cv[c] = (p.accumulate != 0u ? cv[c] : 0.0) + p.alpha * acc;
}

#if defined(GEMM_COOPMAT)
#include "gemm_coopmat.glsl"
#else
// 64 x 64 outputs per workgroup of 256: invocation (tx, ty) = (t % 16, t / 16) accumulates the
// 4 x 4 outputs (ty + 16 r, tx + 16 c), so that 16 consecutive invocations write 16 consecutive
// columns of C; K in steps of 16 through shared memory, each invocation loading 4 values of A and
// 4 of B per step along the operand's contiguous direction (coalesced either way).
const uint GT = 64u, KT = 16u;
shared float as[KT][GT + 4u];  // [k][i]
shared float bs[KT][GT + 4u];  // [k][j]

void main() {
    if (p.stage == 1u) {
        reduceSlices();
        return;
    }
    const uint t = gl_LocalInvocationID.x;
    const uint tx = t & 15u, ty = t >> 4u;
    const uint i0 = gl_WorkGroupID.y * GT, j0 = gl_WorkGroupID.x * GT;
    const uint S = splitCount();
    const uint ob = gl_WorkGroupID.z / S, s = gl_WorkGroupID.z - ob * S;
    uint kBegin = p.splits > 1u ? s * p.kSlice : 0u;
    uint kEnd = p.splits > 1u ? min(p.K, kBegin + p.kSlice) : p.K;
    maskRange(i0, GT, j0, GT, kBegin, kEnd);
    const uint b0 = p.sumBatches != 0u ? 0u : ob;
    const uint b1 = p.sumBatches != 0u ? max(p.batches, 1u) : ob + 1u;
    const bool aK = p.aColStride == 1u && p.aRowStride != 1u;
    const bool bJ = p.bColStride == 1u && p.bRowStride != 1u;
    float acc[4][4];
    [[unroll]] for (uint r = 0u; r < 4u; ++r) {
        [[unroll]] for (uint c = 0u; c < 4u; ++c)
            acc[r][c] = 0.0;
    }
    for (uint bb = b0; bb < b1; ++bb) {
        const uint aBase = p.aOffset + bb * p.aBatchStride, bBase = p.bOffset + bb * p.bBatchStride;
        for (uint k0 = kBegin; k0 < kEnd; k0 += KT) {
            [[unroll]] for (uint q = 0u; q < 4u; ++q) {
                const uint e = t + 256u * q;
                // A[i0 + row][k0 + kk] -> as[kk][row]
                const uint row = aK ? e >> 4u : e & 63u;
                const uint kk = aK ? e & 15u : e >> 6u;
                const uint i = i0 + row, k = k0 + kk;
                as[kk][row] =
                    (i < p.M && k < kEnd) ? av[aBase + i * p.aRowStride + k * p.aColStride] : 0.0;
                // B[k0 + kb][j0 + col] -> bs[kb][col]
                const uint col = bJ ? e & 63u : e >> 4u;
                const uint kb = bJ ? e >> 6u : e & 15u;
                const uint j = j0 + col, kq = k0 + kb;
                bs[kb][col] =
                    (kq < kEnd && j < p.N) ? bv[bBase + kq * p.bRowStride + j * p.bColStride] : 0.0;
            }
            memoryBarrierShared();
            barrier();
            [[unroll]] for (uint k = 0u; k < KT; ++k) {
                float a[4], b[4];
                [[unroll]] for (uint r = 0u; r < 4u; ++r)
                    a[r] = as[k][ty + 16u * r];
                [[unroll]] for (uint c = 0u; c < 4u; ++c)
                    b[c] = bs[k][tx + 16u * c];
                [[unroll]] for (uint r = 0u; r < 4u; ++r) {
                    [[unroll]] for (uint c = 0u; c < 4u; ++c)
                        acc[r][c] += a[r] * b[c];
                }
            }
            barrier();
        }
    }
    [[unroll]] for (uint r = 0u; r < 4u; ++r) {
        [[unroll]] for (uint c = 0u; c < 4u; ++c)
            finish(ob, s, i0 + ty + 16u * r, j0 + tx + 16u * c, acc[r][c]);
    }
}
#endif
