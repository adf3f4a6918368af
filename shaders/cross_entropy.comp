// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// The training loss head, forward and backward in one pass over each row of raw logits x (before
// the final softcap): for a row with a target t >= 0,
//   y = cap·tanh(x / cap)   (cap <= 0: y = x)
//   loss = logsumexp(y) − y[t]                     (written per row, not scaled)
//   dx = (softmax(y) − onehot(t))·scale·sech²(x / cap)   (sech² = 1 without a cap)
// where scale is the loss's weight per counted row (1 / counted rows for a mean). A row without a
// target (t < 0: prompt tokens, the last position) gets loss 0 and dx 0. CPU references:
// model::ref::softcap, crossEntropy and softcapBackward. One workgroup per row (grid-stride);
// dx may be x itself (each invocation reads its elements before it writes them).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;             // values per row (the vocabulary)
    uint rows;
    uint xOffset;       // float offset of row 0 of x (act)
    uint xStride;
    uint dxOffset;      // float offset of row 0 of dx (act)
    uint dxStride;
    uint lossOffset;    // float offset of the per-row losses (act)
    uint targetOffset;  // int offset of the per-row targets (binding 2)
    float cap;          // the final logit softcap; <= 0: none
    float scale;        // dx's factor
    uint rowStep;       // workgroups along x (HLSL has no gl_NumWorkGroups)
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) readonly buffer Targets { int targets[]; };

const uint WG = 256u;
shared float sm[WG];
shared float ss[WG];

float capped(float x) {
    return p.cap > 0.0 ? p.cap * tanh(x / p.cap) : x;
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint xb = p.xOffset + r * p.xStride;
        const uint db = p.dxOffset + r * p.dxStride;
        const int target = targets[p.targetOffset + r];
        if (target < 0 || uint(target) >= p.n) {
            for (uint i = t; i < p.n; i += WG)
                act[db + i] = 0.0;
            if (t == 0u) act[p.lossOffset + r] = 0.0;
            continue;
        }
        // Running maximum and sum of exp(y - max) per invocation, then across the workgroup.
        float m = -3.0e38;
        float s = 0.0;
        for (uint i = t; i < p.n; i += WG) {
            const float y = capped(act[xb + i]);
            if (y > m) {
                s = s * exp(m - y) + 1.0;
                m = y;
            } else {
                s += exp(y - m);
            }
        }
        sm[t] = m;
        ss[t] = s;
        memoryBarrierShared();
        barrier();
        for (uint h = WG / 2u; h > 0u; h >>= 1u) {
            if (t < h) {
                const float m1 = sm[t], m2 = sm[t + h];
                const float mm = max(m1, m2);
                ss[t] = ss[t] * exp(m1 - mm) + ss[t + h] * exp(m2 - mm);
                sm[t] = mm;
            }
            memoryBarrierShared();
            barrier();
        }
        const float lse = sm[0] + log(ss[0]);
        if (t == 0u) act[p.lossOffset + r] = lse - capped(act[xb + uint(target)]);
        for (uint i = t; i < p.n; i += WG) {
            const float x = act[xb + i];
            float g = exp(capped(x) - lse) - (i == uint(target) ? 1.0 : 0.0);
            if (p.cap > 0.0) {
                // sech²(z) = 1 / cosh²(z): tends to 0 in saturation without cancelling (cosh
                // overflows to infinity far out, and 1 / infinity is 0).
                const float c = cosh(x / p.cap);
                g /= c * c;
            }
            act[db + i] = g * p.scale;
        }
        // sm / ss are reused by the next row.
        barrier();
    }
}
