// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// The small steps between the Gemma 4 audio tower's matrix products, chained in one pass over
// each row of n values (engine/gpu/audio_kernels.h, recordAudioRows):
//   v = x (+ bias);  v = clamp(clamp(v, lo1, hi1), lo2, hi2)
//   Norm: v = v / sqrt(mean(v^2) + eps) (* w);  Silu: v = v * sigmoid(v)
//   v = clamp(v, lo3, hi3) * scale;  Residual: v = res + v;  out = v
// That covers every norm site of a Conformer layer: a clipped linear's output bounds, the
// gradient clip, the RMSNorm, the half-step residual (scale 0.5), the next linear's input bounds
// and the activation, each of which would otherwise be a pass over memory of its own.
// One workgroup per row (grid-stride over rows). Every invocation reads x, res and writes out only
// at the elements i = t (mod 128), so out may alias x or res exactly (in place).
layout(local_size_x = 128) in;

layout(std140, binding = 0) uniform Params {
    uint n;
    uint rows;
    uint xOffset;
    uint xStride;
    uint resOffset;
    uint resStride;
    uint outOffset;
    uint outStride;
    uint bOffset;
    uint wOffset;
    uint flags;  // 1 bias, 2 norm, 4 norm weight, 8 SiLU, 16 residual
    float lo1;
    float hi1;
    float lo2;
    float hi2;
    float lo3;
    float hi3;
    float eps;
    float scale;
    uint rowStep;
} p;

layout(std430, binding = 1) buffer Input { float xv[]; };
layout(std430, binding = 2) buffer Weights { float wv[]; };
layout(std430, binding = 3) buffer Residual { float rv[]; };
layout(std430, binding = 4) buffer Output { float ov[]; };

const uint WG = 128u;
shared float partial[WG];

float loadClamped(uint xb, uint i) {
    float v = xv[xb + i];
    if ((p.flags & 1u) != 0u) v += wv[p.bOffset + i];
    return clamp(clamp(v, p.lo1, p.hi1), p.lo2, p.hi2);
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const bool norm = (p.flags & 2u) != 0u;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint xb = p.xOffset + r * p.xStride;
        float inv = 1.0;
        if (norm) {
            float ss = 0.0;
            for (uint i = t; i < p.n; i += WG) {
                const float v = loadClamped(xb, i);
                ss += v * v;
            }
            partial[t] = ss;
            barrier();
            for (uint s = WG / 2u; s > 0u; s >>= 1u) {
                if (t < s) partial[t] += partial[t + s];
                barrier();
            }
            inv = inversesqrt(partial[0] / float(p.n) + p.eps);
        }
        for (uint i = t; i < p.n; i += WG) {
            float v = loadClamped(xb, i);
            if (norm) {
                v *= inv;
                if ((p.flags & 4u) != 0u) v *= wv[p.wOffset + i];
            }
            // 1 / (1 + e^-v): e^-v overflows to +inf for v < -88, which gives the exact limit -0.
            if ((p.flags & 8u) != 0u) v = v * (1.0 / (1.0 + exp(-v)));
            v = clamp(v, p.lo3, p.hi3) * p.scale;
            if ((p.flags & 16u) != 0u) v = rv[p.resOffset + r * p.resStride + i] + v;
            ov[p.outOffset + r * p.outStride + i] = v;
        }
        // partial[] is reused by the next row.
        barrier();
    }
}
