// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// A general f32 matrix product for training: C[i][j] = (accumulate ? C[i][j] : 0) +
// alpha·Σ_k A[i][k]·B[k][j], every operand addressed by its own row and column strides, so one
// kernel serves every transpose the backward pass needs (a LoRA's dB = s·dYᵀ·U, dA = dUᵀ·X,
// du = s·dY·B, dx += du·A; the frozen weights' dx through their dequantised copy). CPU reference:
// the test's double loops. 16 x 16 outputs per workgroup, K in steps of 16 through shared memory;
// operands may share a buffer (C must not overlap A or B).
layout(local_size_x = 256) in;  // 16 x 16 outputs (one-dimensional: the kernel table's rule)

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
} p;

layout(std430, binding = 1) readonly buffer A { float av[]; };
layout(std430, binding = 2) readonly buffer B { float bv[]; };
layout(std430, binding = 3) buffer C { float cv[]; };

const uint T = 16u;
shared float as[T][T + 1u];
shared float bs[T][T + 1u];

void main() {
    const uint tx = gl_LocalInvocationID.x & 15u, ty = gl_LocalInvocationID.x >> 4u;
    const uint i = gl_WorkGroupID.y * T + ty;  // row of C
    const uint j = gl_WorkGroupID.x * T + tx;  // column of C
    float acc = 0.0;
    for (uint k0 = 0u; k0 < p.K; k0 += T) {
        // as[ty][tx] = A[i][k0 + tx], bs[ty][tx] = B[k0 + ty][j].
        const uint ka = k0 + tx, kb = k0 + ty;
        as[ty][tx] = (i < p.M && ka < p.K) ? av[p.aOffset + i * p.aRowStride + ka * p.aColStride]
                                           : 0.0;
        bs[ty][tx] = (kb < p.K && j < p.N) ? bv[p.bOffset + kb * p.bRowStride + j * p.bColStride]
                                           : 0.0;
        memoryBarrierShared();
        barrier();
        for (uint k = 0u; k < T; ++k)
            acc += as[ty][k] * bs[k][tx];
        barrier();
    }
    if (i < p.M && j < p.N) {
        const uint c = p.cOffset + i * p.cRowStride + j;
        cv[c] = (p.accumulate != 0u ? cv[c] : 0.0) + p.alpha * acc;
    }
}
