// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Quantises float columns to the Q8A layout that the integer-dot mat-vec kernels read
// (quant.glsl, MV_DOT): per block of 32 values, d = max|v| / 127, q = roundEven(v * (1 / d)) as
// signed bytes, and d with the two half sums d * sum(q[0..15]), d * sum(q[16..31]).
// engine/model/reference_ops.cpp quantizeQ8A is the CPU reference (same operations; 1 / d may
// differ by a rounding on the GPU, where division is not exactly rounded, so a q can differ by
// one where v / d lies within a rounding of a half-integer).
//
// Input modes: 0 v = x; 1 v = gelu_tanh(x) * x2 (the GeGLU of the FFN, as geglu.comp, so the
// down projection's input is formed and quantised in one pass).
//
// One invocation per block of 32 values (8 vec4 loads, all issued before they are used):
// activations are a few KiB per column, so this is a short, latency-bound dispatch either way.
layout(local_size_x = 64) in;

#include "q8a.glsl"

layout(std140, binding = 0) uniform Params {
    uint K;          // values per column (a multiple of 32)
    uint columns;    // number of columns (gl_WorkGroupID.y covers them)
    uint xOffset;    // float offset of column 0 of x (multiple of 4)
    uint xStride;    // floats between columns of x (multiple of 4)
    uint x2Offset;   // mode 1: float offset of column 0 of x2 (multiple of 4)
    uint x2Stride;   // mode 1: floats between its columns (multiple of 4)
    uint inputMode;  // 0 plain, 1 GeGLU
    uint yOffset;    // float offset of column 0 of the Q8A output (multiple of 4)
    uint yStride;    // floats between output columns (multiple of 4; K / 32 * 12 or more)
} p;

layout(std430, binding = 1) buffer Input { vec4 xv4[]; };
layout(std430, binding = 2) buffer Output { uvec4 yq4[]; };

vec4 geluTanh(vec4 v) {
    const vec4 z = 0.7978845608028654 * (v + 0.044715 * v * v * v);
    return v / (1.0 + exp(-2.0 * z));
}

void main() {
    const uint blk = gl_GlobalInvocationID.x;
    const uint col = gl_WorkGroupID.y;
    if (blk >= p.K / 32u) return;
    const uint x0 = (p.xOffset + col * p.xStride) / 4u + 8u * blk;
    vec4 v[8];
    for (uint i = 0u; i < 8u; ++i) v[i] = xv4[x0 + i];
    if (p.inputMode == 1u) {
        const uint g0 = (p.x2Offset + col * p.x2Stride) / 4u + 8u * blk;
        for (uint i = 0u; i < 8u; ++i) v[i] = geluTanh(v[i]) * xv4[g0 + i];
    }
    uvec4 lo, hi, scales;
    q8aBlock(v, lo, hi, scales);
    const uint y0 = (p.yOffset + col * p.yStride) / 4u + 3u * blk;
    yq4[y0] = lo;
    yq4[y0 + 1u] = hi;
    yq4[y0 + 2u] = scales;
}
