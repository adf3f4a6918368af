// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Gathered row sums: y[r][d] = (accumulate ? y[r][d] : 0) + scale * sum_i src[ids[r count + i]][d]
// (engine/gpu/kernel_params.h, TowerGatherParams): the position-table lookup of the vision
// tower's patch embedding (two rows per patch, from consts) and its average pooling by position
// (k^2 rows per soft token, from act). Sums run over i in order, in f32. y must not meet the
// source rows when both are in act (recordTowerGather checks).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint rows;
    uint count;
    uint n;
    uint idsOffset;
    uint srcOffset;
    uint srcStride;
    uint source;  // 0 act, 1 consts
    uint yOffset;
    uint yStride;
    uint accumulate;
    float scale;
    uint gridStep;
} p;

layout(std430, binding = 1) buffer Act { float av[]; };
layout(std430, binding = 2) buffer Consts { float cv[]; };
layout(std430, binding = 3) buffer Ids { uint ids[]; };

void main() {
    const uint total = p.n * p.rows;
    for (uint e = gl_GlobalInvocationID.x; e < total; e += p.gridStep) {
        const uint r = e / p.n;
        const uint d = e - r * p.n;
        float sum = 0.0;
        for (uint i = 0u; i < p.count; ++i) {
            const uint at = p.srcOffset + ids[p.idsOffset + r * p.count + i] * p.srcStride + d;
            sum += p.source == 0u ? av[at] : cv[at];
        }
        const uint yo = p.yOffset + r * p.yStride + d;
        const float v = p.scale * sum;
        av[yo] = p.accumulate != 0u ? av[yo] + v : v;
    }
}
