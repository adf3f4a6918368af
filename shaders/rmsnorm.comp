// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// y = x / sqrt(mean(x^2) + eps) [* w] over each of `rows` rows of n floats. One workgroup per row
// (grid-stride over rows); used for the hidden state (rows = tokens) and per head (rows = heads x
// tokens, one shared weight of n values). Gemma 4 multiplies by the stored weight directly (no
// +1). In place (x and y bound to the same buffer and range) is allowed: every thread reads the
// elements it later writes, and only those.
layout(local_size_x = 128) in;

layout(std140, binding = 0) uniform Params {
    uint n;         // values per row
    uint rows;      // number of rows
    uint xOffset;   // float offset of row 0 of x
    uint xStride;   // floats between rows of x
    uint yOffset;   // float offset of row 0 of y
    uint yStride;   // floats between rows of y
    uint wOffset;   // float offset of the weight (n values)
    uint weighted;  // 0: no weight (w is not read)
    float eps;
    uint rowStep;   // workgroups along x (HLSL has no gl_NumWorkGroups)
} p;

layout(std430, binding = 1) buffer Input { float xv[]; };
layout(std430, binding = 2) buffer Weight { float wv[]; };
layout(std430, binding = 3) buffer Output { float yv[]; };

const uint WG = 128u;
shared float partial[WG];

void main() {
    const uint t = gl_LocalInvocationID.x;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint xb = p.xOffset + r * p.xStride;
        const uint yb = p.yOffset + r * p.yStride;
        float ss = 0.0;
        for (uint i = t; i < p.n; i += WG) {
            const float v = xv[xb + i];
            ss += v * v;
        }
        partial[t] = ss;
        memoryBarrierShared();
        barrier();
        for (uint s = WG / 2u; s > 0u; s >>= 1u) {
            if (t < s) partial[t] += partial[t + s];
            memoryBarrierShared();
            barrier();
        }
        const float inv = inversesqrt(partial[0] / float(p.n) + p.eps);
        for (uint i = t; i < p.n; i += WG) {
            const float v = xv[xb + i] * inv;
            yv[yb + i] = p.weighted != 0u ? v * wv[p.wOffset + i] : v;
        }
        // partial[] is reused by the next row.
        barrier();
    }
}
