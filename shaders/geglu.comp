// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// out[r][i] = gelu_tanh(gate[r][i]) * up[r][i] over `rows` rows of n floats (the gated FFN and the
// per-layer-input gate). gate, up and out are separate bindings, each with its own offset and row
// stride, so the two matvec outputs can live in one buffer or two; out may alias gate or up
// (every element is read before it is written, by the same invocation).
//
// gelu_tanh(x) = 0.5 x (1 + tanh(z)), z = sqrt(2/pi) (x + 0.044715 x^3), is evaluated as
// x / (1 + exp(-2z)) (the same function: 0.5 (1 + tanh z) = sigmoid(2z)), which has no
// cancellation for negative x and saturates cleanly (exp -> inf gives -0, exp -> 0 gives x).
// (The grid stride is `gridStep`, not `step`: for the OpenGL target SPIRV-Cross renames a member
// named after a GLSL built-in, and QRhi's GL backend, which sets the block's members by their
// reflected names, then leaves it 0.)
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;           // values per row
    uint rows;        // number of rows
    uint gateOffset;  // float offset of row 0 of gate
    uint gateStride;  // floats between rows of gate
    uint upOffset;    // float offset of row 0 of up
    uint upStride;    // floats between rows of up
    uint outOffset;   // float offset of row 0 of out
    uint outStride;   // floats between rows of out
    uint gridStep;        // invocations in the grid (workgroups along x * 256)
} p;

layout(std430, binding = 1) buffer Gate { float gv[]; };
layout(std430, binding = 2) buffer Up { float uv[]; };
layout(std430, binding = 3) buffer Output { float ov[]; };

float geluTanh(float x) {
    const float z = 0.7978845608028654 * (x + 0.044715 * x * x * x);
    return x / (1.0 + exp(-2.0 * z));
}

void main() {
    const uint total = p.n * p.rows;
    for (uint e = gl_GlobalInvocationID.x; e < total; e += p.gridStep) {
        const uint r = e / p.n;
        const uint i = e - r * p.n;
        const float g = gv[p.gateOffset + r * p.gateStride + i];
        const float u = uv[p.upOffset + r * p.upStride + i];
        ov[p.outOffset + r * p.outStride + i] = geluTanh(g) * u;
    }
}
