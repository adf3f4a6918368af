// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// The input staging pass of the staged prefill product (shaders/matmul_staged.comp): M input
// columns of K floats (binding 1; formed by the matmul's input modes: as is, or the GeGLU
// gelu_tanh(x) * x2) converted once into f16 columns of kPad halves (binding 2, uvec4
// p.yOffset + m kPad / 8); values past K and columns from M to p.cols zero. Semantics and
// limits: engine/gpu/matmul_ops.h (recordConvertF16).
//
// Each invocation forms 8 values of a column and writes them as one uvec4; 256 consecutive
// uvec4s per workgroup (coalesced reads and writes). Values are rounded to the nearest f16,
// clamped to +-65504 first (a large activation saturates instead of turning into infinity).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint K;          // values per input column (a multiple of 4)
    uint M;          // input columns
    uint kPad;       // halves per output column (a multiple of 8, >= K)
    uint cols;       // output columns written (>= M; columns M .. cols-1 zero)
    uint xOffset;    // float offset of column 0 of x
    uint xStride;    // floats between columns of x
    uint inputMode;  // 0: x as is; 1: gelu_tanh(x) * x2
    uint x2Offset;   // mode 1: float offset of column 0 of x2 (same binding as x)
    uint x2Stride;   // mode 1: floats between columns of x2
    uint yOffset;    // uvec4 offset of output column 0 in binding 2
    uint groups;     // workgroups along x (grid stride)
} p;

layout(std430, binding = 1) buffer Input { float xv[]; };
layout(std430, binding = 2) buffer Staging { uvec4 hv[]; };

#include "common.glsl"

#define CV_HALF_MAX 65504.0

vec4 inputValues(uint m, uint k) {
    const uint o = p.xOffset + m * p.xStride + k;
    const vec4 x = vec4(xv[o], xv[o + 1u], xv[o + 2u], xv[o + 3u]);
    if (p.inputMode != 1u) return x;
    const uint o2 = p.x2Offset + m * p.x2Stride + k;
    return vec4(geluTanh1(x.x), geluTanh1(x.y), geluTanh1(x.z), geluTanh1(x.w)) *
           vec4(xv[o2], xv[o2 + 1u], xv[o2 + 2u], xv[o2 + 3u]);
}

uint packPair(vec2 v) {
    return packHalf2x16(clamp(v, vec2(-CV_HALF_MAX), vec2(CV_HALF_MAX)));
}

void main() {
    const uint perCol = p.kPad / 8u;
    const uint total = p.cols * perCol;
    for (uint e = gl_WorkGroupID.x * 256u + gl_LocalInvocationID.x; e < total;
         e += 256u * p.groups) {
        const uint m = e / perCol;
        const uint k = (e - m * perCol) * 8u;
        vec4 a = vec4(0.0), b = vec4(0.0);
        if (m < p.M) {
            if (k < p.K) a = inputValues(m, k);
            if (k + 4u < p.K) b = inputValues(m, k + 4u);
        }
        hv[p.yOffset + e] = uvec4(packPair(a.xy), packPair(a.zw), packPair(b.xy), packPair(b.zw));
    }
}
