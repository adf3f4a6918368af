// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// Second pass of the split-K matmul (shaders/matmul.comp with p.splits > 1, engine/gpu/
// matmul_ops.h): y[m][n] (+)= sum_s part[s][m][n] for m < M, n < N, the slices summed in order
// s = 0, 1, ... (so the result does not depend on how workgroups are scheduled).
// The partials are dense at p.partOffset of binding 1: part[s][m][n] at p.partOffset +
// (s M + m) N + n. recordMatMul binds both bindings to the matmul's y range (the partials sit
// beside y there), as separate bindings so that the partials are read-only here. One invocation per output; workgroup x covers 256 consecutive n
// of column y (coalesced loads of every slice and stores to y), grid-stride loops beyond the
// grid (p.tilesN / p.tilesM are the workgroup counts along x / y here).
// The parameter block is the matmul's (the same MatMulParams record both dispatches).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint K;
    uint N;
    uint M;
    uint rowBytes;
    uint wOffset;
    uint xOffset;
    uint xStride;
    uint yOffset;     // float offset of column 0 of y
    uint yStride;     // floats between columns of y
    uint accumulate;  // 0: y = sum; 1: y += sum
    uint inputMode;
    uint x2Offset;
    uint x2Stride;
    uint tilesN;      // workgroups along x (grid stride over n, 256 per workgroup)
    uint tilesM;      // workgroups along y (grid stride over m)
    uint splits;      // slices to sum
    uint kSlice;
    uint partOffset;  // float offset of part[0][0][0]
} p;

layout(std430, binding = 1) readonly buffer Partials { float pv[]; };
layout(std430, binding = 2) buffer Output { float yv[]; };

void main() {
    const uint sliceFloats = p.M * p.N;
    for (uint m = gl_WorkGroupID.y; m < p.M; m += p.tilesM) {
        for (uint n = gl_WorkGroupID.x * 256u + gl_LocalInvocationID.x; n < p.N;
             n += 256u * p.tilesN) {
            uint at = p.partOffset + m * p.N + n;
            float sum = 0.0;
            for (uint s = 0u; s < p.splits; ++s) {
                sum += pv[at];
                at += sliceFloats;
            }
            const uint yo = p.yOffset + m * p.yStride + n;
            yv[yo] = p.accumulate != 0u ? yv[yo] + sum : sum;
        }
    }
}
