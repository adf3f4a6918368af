// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
// The weight staging pass of the staged prefill product (shaders/matmul_staged.comp): the N rows
// of a GGUF weight decoded once into f16 rows of kPad halves (binding 2, uvec4 p.yOffset +
// n kPad / 8), values past K and rows from N to p.rows zero. Baked once per weight type
// (QTYPE_* define). Semantics and limits: engine/gpu/matmul_ops.h (recordDequantF16).
//
// Each invocation decodes one 16-value piece of a row (matmul_decode.glsl, exactly as the
// tiled matmul decodes it) and writes it as two uvec4s; 256 consecutive pieces per workgroup,
// so consecutive invocations read consecutive pieces of a row and write consecutive memory.
// Values are rounded to the nearest f16, clamped to +-65504 first (a weight beyond the f16
// range saturates instead of turning into infinity).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint K;         // values per weight row (a multiple of the type's block, of 4 for plain types)
    uint N;         // weight rows decoded
    uint rowBytes;  // bytes between weight rows
    uint wOffset;   // byte offset of the tensor in the weight buffer (multiple of 4)
    uint kPad;      // halves per output row (a multiple of 16, >= K)
    uint rows;      // output rows written (>= N; rows N .. rows-1 zero)
    uint yOffset;   // uvec4 offset of output row 0 in binding 2
    uint groups;    // workgroups along x (grid stride)
    uint transposed;  // 1: the transposed rows (see below)
} p;

layout(std430, binding = 1) buffer Weights { uint wq[]; };
layout(std430, binding = 2) buffer Staging { uvec4 hv[]; };

#include "matmul_decode.glsl"

#define DQ_HALF_MAX 65504.0

uvec2 packHalf4(vec4 a) {
    a = clamp(a, vec4(-DQ_HALF_MAX), vec4(DQ_HALF_MAX));
    return uvec2(packHalf2x16(a.xy), packHalf2x16(a.zw));
}

// Transposed (the input gradient of training, dx = dy·W, as a staged product over Wᵀ): output
// row k (of p.rows, a multiple of 16 and >= K) holds the kPad >= N halves W[0..N)[k], zero past
// N, and rows from K on are zero. Each invocation decodes one 16-value piece of 8 consecutive
// weight rows and writes 16 uvec4s (8 halves of one output row each); consecutive invocations
// take consecutive groups of 8 rows, so their writes are consecutive.
void transposedMain() {
    const uint groupsN = p.kPad / 8u;
    const uint total = groupsN * (p.rows / 16u);
    for (uint e = gl_WorkGroupID.x * 256u + gl_LocalInvocationID.x; e < total;
         e += 256u * p.groups) {
        const uint g = e % groupsN;
        const uint k0 = (e / groupsN) * 16u;
        vec4 v[8][4];
        for (uint r = 0u; r < 8u; ++r) {
            [[unroll]] for (uint i = 0u; i < 4u; ++i) v[r][i] = vec4(0.0);
            const uint n = g * 8u + r;
            if (n < p.N && k0 < p.K) {
                const uint row = p.wOffset + n * p.rowBytes;
#if defined(MM_PLAIN)
                [[unroll]] for (uint i = 0u; i < 4u; ++i) {
                    if (k0 + 4u * i < p.K) v[r][i] = plainValues(row, k0 + 4u * i);
                }
#else
                vec4 piece[4];
                decodePiece(row, k0, piece);
                [[unroll]] for (uint i = 0u; i < 4u; ++i) v[r][i] = piece[i];
#endif
            }
        }
        for (uint i = 0u; i < 16u; ++i) {
            vec4 lo = vec4(v[0][i / 4u][i % 4u], v[1][i / 4u][i % 4u], v[2][i / 4u][i % 4u],
                           v[3][i / 4u][i % 4u]);
            vec4 hi = vec4(v[4][i / 4u][i % 4u], v[5][i / 4u][i % 4u], v[6][i / 4u][i % 4u],
                           v[7][i / 4u][i % 4u]);
            hv[p.yOffset + (k0 + i) * (p.kPad / 8u) + g] = uvec4(packHalf4(lo), packHalf4(hi));
        }
    }
}

void main() {
    if (p.transposed != 0u) {
        transposedMain();
        return;
    }
    const uint pieces = p.kPad / 16u;
    const uint total = p.rows * pieces;
    for (uint e = gl_WorkGroupID.x * 256u + gl_LocalInvocationID.x; e < total;
         e += 256u * p.groups) {
        const uint n = e / pieces;
        const uint k0 = (e - n * pieces) * 16u;
        vec4 v[4];
        [[unroll]] for (uint i = 0u; i < 4u; ++i) v[i] = vec4(0.0);
        if (n < p.N) {
            const uint row = p.wOffset + n * p.rowBytes;
#if defined(MM_PLAIN)
            [[unroll]] for (uint i = 0u; i < 4u; ++i) {
                if (k0 + 4u * i < p.K) v[i] = plainValues(row, k0 + 4u * i);
            }
#else
            if (k0 < p.K) decodePiece(row, k0, v);
#endif
        }
        const uint at = p.yOffset + n * (p.kPad / 8u) + 2u * (k0 / 16u);
        hv[at] = uvec4(packHalf4(v[0]), packHalf4(v[1]));
        hv[at + 1u] = uvec4(packHalf4(v[2]), packHalf4(v[3]));
    }
}
