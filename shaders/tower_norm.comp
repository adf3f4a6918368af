// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Row norms of the encoder towers: RMS norm (weighted or not) and layer norm (weight, bias
// optional), per row of a [T][n] activation or per group of n values (per-head q/k/v norms of a
// [T][heads * n] activation, groups = heads). Row r is group r % groups of token r / groups. One
// workgroup per row (grid-stride over rows); sums are f32 shared-memory trees. The layer norm
// takes its variance as mean((x - mean)^2) in a second pass over the row (no cancellation). In
// place (y = x) is allowed: every invocation reads the elements it later writes, and only those.
// Semantics: engine/gpu/kernel_params.h, TowerNormParams.
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint n;
    uint rows;
    uint groups;
    uint xOffset;
    uint xStride;
    uint yOffset;
    uint yStride;
    uint wOffset;
    uint bOffset;
    uint mode;  // 0 RMS, 1 layer
    uint weighted;
    uint biased;
    float eps;
    uint rowStep;
} p;

layout(std430, binding = 1) buffer Act { float av[]; };
layout(std430, binding = 2) buffer Consts { float cv[]; };

const uint WG = 64u;
shared float partial[WG];

float rowSum(float v) {
    const uint t = gl_LocalInvocationID.x;
    partial[t] = v;
    memoryBarrierShared();
    barrier();
    for (uint s = WG / 2u; s > 0u; s >>= 1u) {
        if (t < s) partial[t] += partial[t + s];
        memoryBarrierShared();
        barrier();
    }
    const float total = partial[0];
    // partial[] is reused by the next sum.
    barrier();
    return total;
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint token = r / p.groups;
        const uint g = r - token * p.groups;
        const uint xb = p.xOffset + token * p.xStride + g * p.n;
        const uint yb = p.yOffset + token * p.yStride + g * p.n;
        // The mean is summed for both modes: a barrier under a condition, even a uniform one,
        // miscompiled on llvmpipe's OpenGL.
        float s = 0.0;
        for (uint i = t; i < p.n; i += WG) s += av[xb + i];
        const float total = rowSum(s);
        const float mean = p.mode == 1u ? total / float(p.n) : 0.0;
        float ss = 0.0;
        for (uint i = t; i < p.n; i += WG) {
            const float v = av[xb + i] - mean;
            ss += v * v;
        }
        const float inv = inversesqrt(rowSum(ss) / float(p.n) + p.eps);
        for (uint i = t; i < p.n; i += WG) {
            float v = (av[xb + i] - mean) * inv;
            if (p.weighted != 0u) v *= cv[p.wOffset + i];
            if (p.biased != 0u) v += cv[p.bOffset + i];
            av[yb + i] = v;
        }
    }
}
