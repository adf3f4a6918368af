// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// Backward of the RMS norm y = x·inv ⊙ w (inv = 1 / sqrt(mean(x²) + eps); no weight: w = 1) over
// each of `rows` rows of n values, for the input only (the norm weights are frozen in LoRA
// training):
//   dx (+)= inv·(w ⊙ dy) − (inv³ / n)·(Σ_i x_i·w_i·dy_i)·x
// CPU reference: model::ref::rmsNormRowsBackward. One workgroup per row (grid-stride); dx must
// not overlap x or dy unless it is dy itself (each invocation reads its elements first).
layout(local_size_x = 128) in;

layout(std140, binding = 0) uniform Params {
    uint n;
    uint rows;
    uint xOffset;
    uint xStride;
    uint dyOffset;
    uint dyStride;
    uint dxOffset;
    uint dxStride;
    uint wOffset;     // float offset of the weight (binding 2), n values
    uint weighted;    // 0: no weight
    float eps;
    uint accumulate;  // 1: dx += …
    uint rowStep;     // workgroups along x
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) readonly buffer Weight { float wv[]; };

const uint WG = 128u;
shared float sx[WG];
shared float sd[WG];

void main() {
    const uint t = gl_LocalInvocationID.x;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint xb = p.xOffset + r * p.xStride;
        const uint yb = p.dyOffset + r * p.dyStride;
        const uint db = p.dxOffset + r * p.dxStride;
        float ssq = 0.0, dot = 0.0;
        for (uint i = t; i < p.n; i += WG) {
            const float x = act[xb + i];
            const float w = p.weighted != 0u ? wv[p.wOffset + i] : 1.0;
            ssq += x * x;
            dot += x * w * act[yb + i];
        }
        sx[t] = ssq;
        sd[t] = dot;
        memoryBarrierShared();
        barrier();
        for (uint h = WG / 2u; h > 0u; h >>= 1u) {
            if (t < h) {
                sx[t] += sx[t + h];
                sd[t] += sd[t + h];
            }
            memoryBarrierShared();
            barrier();
        }
        const float inv = inversesqrt(sx[0] / float(p.n) + p.eps);
        const float k = inv * inv * inv / float(p.n) * sd[0];
        for (uint i = t; i < p.n; i += WG) {
            const float w = p.weighted != 0u ? wv[p.wOffset + i] : 1.0;
            const float g = inv * w * act[yb + i] - k * act[xb + i];
            act[db + i] = p.accumulate != 0u ? act[db + i] + g : g;
        }
        barrier();  // sx / sd are reused by the next row
    }
}
