// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Two-axis RoPE in place over `rows` rows of `heads` heads of headDim floats (Hugging Face's
// apply_multidimensional_rope for the Gemma 4 vision tower; engine/gpu/kernel_params.h,
// Rope2dParams): the first half of each head rotates by the patch's x, the second by its y; in a
// half of n = headDim/2 values the pairs (j, j + n/2) rotate by pos * freq[j] ("rotate half").
// The frequencies come from the host (computed in double and rounded once), so the angle is one
// f32 product; it is reduced to [-pi, pi] explicitly (as in rope.comp) before sin/cos.
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint rows;
    uint heads;
    uint headDim;
    uint xOffset;
    uint xStride;
    uint posOffset;
    uint fOffset;
    uint rowStep;
} p;

layout(std430, binding = 1) buffer Act { float av[]; };
layout(std430, binding = 2) buffer Consts { float cv[]; };
layout(std430, binding = 3) buffer Ids { int pos[]; };

const uint WG = 64u;
const float INV_TWO_PI = 0.15915494309189535;
const float TWO_PI_HI = 6.28125;                 // 201/32: k * TWO_PI_HI is exact for k < 2^16
const float TWO_PI_LO = 1.9353071795864769e-03;  // 2*pi - TWO_PI_HI

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint half_ = p.headDim / 2u;
    const uint quarter = half_ / 2u;
    const uint perRow = p.heads * half_;  // pairs per row: heads x 2 axes x quarter
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const float px = float(pos[p.posOffset + 2u * r]);
        const float py = float(pos[p.posOffset + 2u * r + 1u]);
        const uint rowBase = p.xOffset + r * p.xStride;
        for (uint i = t; i < perRow; i += WG) {
            const uint h = i / half_;
            const uint rem = i - h * half_;
            const uint axis = rem / quarter;
            const uint j = rem - axis * quarter;
            precise float theta = (axis == 0u ? px : py) * cv[p.fOffset + j];
            const float k = round(theta * INV_TWO_PI);
            theta = (theta - k * TWO_PI_HI) - k * TWO_PI_LO;
            const float c = cos(theta);
            const float s = sin(theta);
            const uint a = rowBase + h * p.headDim + axis * half_ + j;
            const float x0 = av[a];
            const float x1 = av[a + quarter];
            av[a] = x0 * c - x1 * s;
            av[a + quarter] = x1 * c + x0 * s;
        }
    }
}
