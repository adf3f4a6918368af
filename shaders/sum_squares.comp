// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// Partial sums of squares for a global L2 norm (the GPU trainer's gradient clipping): workgroup w
// of p.groupStep sums x[i]² over its grid-stride share of the p.count floats at p.xOffset of
// binding 1 and writes the sum to part[p.partialOffset + w] of binding 2; the caller adds the
// partials (in double, on the host). Semantics: engine/gpu/ops.h recordSumSquares; CPU
// reference: train::gradientNorm (optimizer.h), the test's double sum.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint count;
    uint xOffset;
    uint partialOffset;
    uint groupStep;  // workgroups (filled by recordSumSquares)
} p;

layout(std430, binding = 1) readonly buffer X { float x[]; };
layout(std430, binding = 2) buffer Partials { float part[]; };

shared float red[256];

void main() {
    const uint t = gl_LocalInvocationID.x;
    float s = 0.0;
    for (uint i = gl_WorkGroupID.x * 256u + t; i < p.count; i += p.groupStep * 256u) {
        const float v = x[p.xOffset + i];
        s += v * v;
    }
    red[t] = s;
    memoryBarrierShared();
    barrier();
    for (uint h = 128u; h > 0u; h >>= 1u) {
        if (t < h) red[t] += red[t + h];
        memoryBarrierShared();
        barrier();
    }
    if (t == 0u) part[p.partialOffset + gl_WorkGroupID.x] = red[0];
}
