// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Small element-wise ops of the decoder over `rows` rows of n floats, out = f(x[, y]):
//   mode 0 (add-scale): out = (x + y) * s   (residual add; s = 1 for a plain add)
//   mode 1 (scale):     out = x * s
//   mode 2 (softcap):   out = s * tanh(x / s), s > 0 (final-logit capping)
// y is read only in mode 0 (bind any buffer otherwise). out may alias x or y exactly (in place):
// every element is read before it is written, by the same invocation. Modes 0 and 1 round exactly
// as the CPU reference does (one f32 add, one f32 multiply; `precise` keeps the order).
// (The grid stride is `gridStep`, not `step`: for the OpenGL target SPIRV-Cross renames a member
// named after a GLSL built-in, and QRhi's GL backend, which sets the block's members by their
// reflected names, then leaves it 0.)
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;          // values per row
    uint rows;       // number of rows
    uint xOffset;    // float offset of row 0 of x
    uint xStride;    // floats between rows of x
    uint yOffset;    // float offset of row 0 of y (mode 0)
    uint yStride;    // floats between rows of y
    uint outOffset;  // float offset of row 0 of out
    uint outStride;  // floats between rows of out
    uint mode;       // 0 add-scale, 1 scale, 2 softcap
    float s;         // scale (modes 0, 1) or cap (mode 2)
    uint gridStep;       // invocations in the grid (workgroups along x * 256)
} p;

layout(std430, binding = 1) buffer X { float xv[]; };
layout(std430, binding = 2) buffer Y { float yv[]; };
layout(std430, binding = 3) buffer Output { float ov[]; };

// tanh without the overflow and cancellation of (e^2z - 1) / (e^2z + 1): a Taylor polynomial for
// |z| < 1/4 (truncation < 1e-10 relative), 1 - 2 / (e^2|z| + 1) beyond (e^2|z| -> inf gives 1).
float tanhAccurate(float z) {
    const float a = abs(z);
    if (a < 0.25) {
        const float z2 = z * z;
        const float poly =
            1.0 + z2 * (-1.0 / 3.0 +
                        z2 * (2.0 / 15.0 +
                              z2 * (-17.0 / 315.0 + z2 * (62.0 / 2835.0 + z2 * (-1382.0 / 155925.0)))));
        return z * poly;
    }
    return sign(z) * (1.0 - 2.0 / (exp(2.0 * a) + 1.0));
}

void main() {
    const uint total = p.n * p.rows;
    for (uint e = gl_GlobalInvocationID.x; e < total; e += p.gridStep) {
        const uint r = e / p.n;
        const uint i = e - r * p.n;
        const float x = xv[p.xOffset + r * p.xStride + i];
        precise float v;
        if (p.mode == 0u) {
            v = (x + yv[p.yOffset + r * p.yStride + i]) * p.s;
        } else if (p.mode == 1u) {
            v = x * p.s;
        } else {
            v = p.s * tanhAccurate(x / p.s);
        }
        ov[p.outOffset + r * p.outStride + i] = v;
    }
}
