// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Element-wise ops of the encoder towers over `rows` rows of n floats (modes: engine/gpu/
// kernel_params.h, TowerEltMode). x and out are in the act binding; the second operand y is in act
// or in consts (ySource), where a row stride of 0 broadcasts one row (a bias, a per-column scale);
// the per-column vectors of ColumnAffine are in consts. out may alias x or y exactly: every
// element is read before it is written, by the same invocation. Add, Mul and AddScale round as
// the CPU reference does (`precise` keeps the order and forbids contraction).
// (The grid stride is `gridStep`, not `step`: see elementwise.comp.)
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;
    uint rows;
    uint xOffset;
    uint xStride;
    uint yOffset;
    uint yStride;
    uint ySource;
    uint outOffset;
    uint outStride;
    uint mode;
    float s;
    float t;
    uint vOffset;
    uint v2Offset;
    uint gridStep;
} p;

layout(std430, binding = 1) buffer Act { float av[]; };
layout(std430, binding = 2) buffer Consts { float cv[]; };

// As shaders/geglu.comp: 0.5 x (1 + tanh z) = x / (1 + exp(-2z)), z = sqrt(2/pi)(x + 0.044715 x^3),
// without cancellation for negative x; saturates cleanly (exp -> inf gives -0, exp -> 0 gives x).
float geluTanh(float x) {
    const float z = 0.7978845608028654 * (x + 0.044715 * x * x * x);
    return x / (1.0 + exp(-2.0 * z));
}

float sigmoid(float x) {
    return 1.0 / (1.0 + exp(-x));
}

void main() {
    const uint total = p.n * p.rows;
    for (uint e = gl_GlobalInvocationID.x; e < total; e += p.gridStep) {
        const uint r = e / p.n;
        const uint i = e - r * p.n;
        const float x = av[p.xOffset + r * p.xStride + i];
        float y = 0.0;
        if (p.mode == 0u || p.mode == 1u || p.mode == 3u || p.mode == 7u || p.mode == 8u) {
            const uint yo = p.yOffset + r * p.yStride + i;
            y = p.ySource == 0u ? av[yo] : cv[yo];
        }
        precise float v;
        switch (p.mode) {
            case 0u: v = x + y; break;
            case 1u: v = x * y; break;
            case 2u: v = x * p.s + p.t; break;
            case 3u: v = (x + y) * p.s; break;
            case 4u: v = geluTanh(x); break;
            case 5u: v = x * sigmoid(x); break;
            case 6u: v = max(x, 0.0); break;
            case 7u: v = x * sigmoid(y); break;
            case 8u: v = geluTanh(x) * y; break;
            case 9u: v = min(max(x, p.s), p.t); break;
            default: v = (x - cv[p.vOffset + i]) * cv[p.v2Offset + i]; break;
        }
        av[p.outOffset + r * p.outStride + i] = v;
    }
}
