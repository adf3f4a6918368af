// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// NeoX ("rotate half") RoPE, in place, over `rows` rows of `heads` heads of headDim floats (a Q or
// K activation [T][heads * headDim]). Row r sits at xOffset + r * xStride and is rotated by the
// angle of position positions[posOffset + r] (int32): within each head the first `dims` values
// form dims/2 pairs (j, j + dims/2) rotated by
//     theta_j = position * base^(-2j/dims) / factor_j
// (factor_j = factors[fOffset + j] when useFactors != 0, else 1; Gemma 4's rope_freqs hold 1e30
// for the pairs proportional RoPE leaves alone, which makes theta ~ 0: those pairs come out
// unchanged). Values at dims and beyond are not touched. Matches reference_ops::ropeNeox, in f32.
// With backward != 0 every pair is rotated by -theta_j instead: the inverse rotation, which is
// RoPE's backward (the transpose of a rotation; model::ref::ropeNeoxBackward), applied in place
// to the gradient of the rotated rows.
//
// The angle is reduced to [-pi, pi] explicitly (two-constant Cody-Waite) before sin/cos: GPUs
// only guarantee their accuracy there, and positions reach 10^5 radians.
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint rows;        // number of rows (tokens)
    uint heads;       // heads per row
    uint headDim;     // floats per head
    uint dims;        // rotated values per head (even, <= headDim)
    uint xOffset;     // float offset of row 0
    uint xStride;     // floats between rows (>= heads * headDim)
    uint posOffset;   // int offset of row 0's position
    uint fOffset;     // float offset of the dims/2 frequency factors
    uint useFactors;  // 0: factors are not read (all 1)
    float base;       // theta base (10000, 1e6, ...)
    uint rowStep;     // workgroups along x (HLSL has no gl_NumWorkGroups)
    uint backward;    // 1: rotate by -theta (RoPE's backward; not "inverse", a GLSL built-in)
} p;

layout(std430, binding = 1) buffer Data { float xv[]; };
layout(std430, binding = 2) buffer Positions { int pos[]; };
layout(std430, binding = 3) buffer Factors { float fv[]; };

const uint WG = 64u;
const float INV_TWO_PI = 0.15915494309189535;
const float TWO_PI_HI = 6.28125;                 // 201/32: k * TWO_PI_HI is exact for k < 2^16
const float TWO_PI_LO = 1.9353071795864769e-03;  // 2*pi - TWO_PI_HI

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint half_ = p.dims / 2u;
    const uint pairs = p.heads * half_;
    // -2 * log2(base) / dims: freq_j = exp2(j * freqScale).
    const float freqScale = -2.0 * log2(p.base) / float(p.dims);
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const float position = float(pos[p.posOffset + r]);
        const uint rowBase = p.xOffset + r * p.xStride;
        for (uint i = t; i < pairs; i += WG) {
            const uint h = i / half_;
            const uint j = i - h * half_;
            float freq = exp2(float(j) * freqScale);
            if (p.useFactors != 0u) freq /= fv[p.fOffset + j];
            precise float theta = position * freq;
            const float k = round(theta * INV_TWO_PI);
            theta = (theta - k * TWO_PI_HI) - k * TWO_PI_LO;
            const float c = cos(theta);
            const float s = p.backward != 0u ? -sin(theta) : sin(theta);
            const uint a = rowBase + h * p.headDim + j;
            const float x0 = xv[a];
            const float x1 = xv[a + half_];
            xv[a] = x0 * c - x1 * s;
            xv[a + half_] = x1 * c + x0 * s;
        }
    }
}
