// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
// Backward of out = gelu_tanh(gate) ⊙ up over `rows` rows of F values, gate and up side by side
// in one row of 2F (the fused gate|up projection's output):
//   dGate (+)= gelu_tanh'(gate) ⊙ up ⊙ dOut,   dUp (+)= gelu_tanh(gate) ⊙ dOut
// written side by side the same way, with gelu_tanh'(x) = ½(1 + tanh z) + ½·x·sech²(z)·
// sqrt(2/π)·(1 + 3·0.044715·x²), z = sqrt(2/π)·(x + 0.044715·x³) (sech² as 1 − tanh² is fine
// here: it multiplies x, and both vanish together only where the product is negligible). CPU
// reference: model::ref::gegluBackward. Grid-stride over all elements.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint F;
    uint rows;
    uint guOffset;   // gate at guOffset + r·guStride, up F floats later
    uint guStride;
    uint dOffset;    // dOut
    uint dStride;
    uint dguOffset;  // dGate | dUp, laid out like gate | up
    uint dguStride;
    uint accumulate;
    uint groupStep;  // workgroups along x
} p;

layout(std430, binding = 1) buffer Act { float act[]; };

void main() {
    const uint total = p.F * p.rows;
    for (uint e = gl_GlobalInvocationID.x; e < total; e += p.groupStep * 256u) {
        const uint r = e / p.F, i = e - r * p.F;
        const float g = act[p.guOffset + r * p.guStride + i];
        const float u = act[p.guOffset + r * p.guStride + p.F + i];
        const float d = act[p.dOffset + r * p.dStride + i];
        const float z = 0.7978845608028654 * (g + 0.044715 * g * g * g);
        const float th = tanh(z);
        const float dgelu = 0.5 * (1.0 + th) +
                            0.5 * g * (1.0 - th * th) * 0.7978845608028654 *
                                (1.0 + 3.0 * 0.044715 * g * g);
        const uint o = p.dguOffset + r * p.dguStride + i;
        const float dg = dgelu * u * d, du = geluTanh1(g) * d;
        act[o] = p.accumulate != 0u ? act[o] + dg : dg;
        act[o + p.F] = p.accumulate != 0u ? act[o + p.F] + du : du;
    }
}
