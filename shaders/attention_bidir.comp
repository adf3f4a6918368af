// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
// Attention without a mask over the rows of one block (the encoder towers; engine/gpu/
// kernel_params.h, BidirAttentionParams), flash-attention style: a workgroup owns BR query rows
// of one head and streams the keys in tiles of BC, keeping each row's running max m, sum l and
// output accumulator (online softmax), so the T x T scores are never stored.
//
// Four threads share a query row (row = t % 64, quarter = t / 64, so a warp holds 32 rows of one
// quarter). Each holds the whole scaled q row in registers; per key tile (K in shared memory)
// it scores its quarter's 8 keys (every warp reads the same K row at once: broadcasts), the four
// combine their row maxima and sums through shared memory, the probabilities go to shared memory
// key-major, V replaces K, and each thread accumulates its 16 output dims over the tile's keys.
// The row state (m, l) stays in registers, identical in the row's four threads. Shared memory:
// K/V 32 x 64, P 32 x 64 and 256 partials, 17 KiB (OpenGL 4.3 and Metal guarantee 32 KiB).
// Head dims up to HD (64; a multiple of 4): values past headDim are zero in q, K and V, and their
// outputs are not written. Masked-out keys of the last tile score -1e30, whose exp() is 0.
// The tensor-core build (attention_bidir_coopmat.glsl, 128 invocations): the subgroup pack, on
// devices with VK_NV_cooperative_matrix (kernels.def, AB_COOPMAT).
#if defined(AB_COOPMAT)
#extension GL_NV_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require
layout(local_size_x = 128) in;
#else
layout(local_size_x = 256) in;
#endif

layout(std140, binding = 0) uniform Params {
    uint rows;
    uint heads;
    uint kvHeads;
    uint headDim;
    uint qOffset;
    uint qStride;
    uint kOffset;
    uint kStride;
    uint vOffset;
    uint vStride;
    uint oOffset;
    uint oStride;
    float scale;
} p;

layout(std430, binding = 1) buffer Act { float av[]; };

#if defined(AB_COOPMAT)
#include "attention_bidir_coopmat.glsl"
#else

const uint BR = 64u;      // query rows per workgroup
const uint BC = 32u;      // keys per tile
const uint HD4 = 16u;     // vec4s of the largest head dim (64)
const uint KPT = 8u;      // keys per thread per tile (BC / 4)
const float NEG = -1e30;  // a masked score; also the initial row max

shared vec4 KVs[BC * HD4];  // [key][dim / 4]
shared float Ps[BC * BR];   // [key][row]
shared float red[256];      // [quarter][row]

vec4 load4(uint o) {
    return vec4(av[o], av[o + 1u], av[o + 2u], av[o + 3u]);
}

// Rows kb .. kb + BC - 1 of K or V (offset, stride) of KV head g into KVs; zero past the end.
void loadTile(uint kb, uint offset, uint stride, uint g, uint hd4) {
    for (uint i = gl_LocalInvocationID.x; i < BC * HD4; i += 256u) {
        const uint j = i / HD4;
        const uint s = i - j * HD4;
        vec4 v = vec4(0.0);
        if (kb + j < p.rows && s < hd4) v = load4(offset + (kb + j) * stride + g * p.headDim + 4u * s);
        KVs[i] = v;
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint row = t & (BR - 1u);
    const uint quarter = t >> 6u;
    const uint qr = gl_WorkGroupID.x * BR + row;
    const uint h = gl_WorkGroupID.y;
    const uint g = h / (p.heads / p.kvHeads);
    const uint hd4 = p.headDim / 4u;

    vec4 q[HD4];
    [[unroll]] for (uint s = 0u; s < HD4; ++s) {
        q[s] = vec4(0.0);
        if (qr < p.rows && s < hd4) q[s] = load4(p.qOffset + qr * p.qStride + h * p.headDim + 4u * s) * p.scale;
    }
    vec4 acc[4];
    [[unroll]] for (uint c = 0u; c < 4u; ++c) acc[c] = vec4(0.0);
    float m = NEG;
    float l = 0.0;

    for (uint kb = 0u; kb < p.rows; kb += BC) {
        // The previous tile's V and P reads are done before they are overwritten.
        barrier();
        loadTile(kb, p.kOffset, p.kStride, g, hd4);
        memoryBarrierShared();
        barrier();
        float sc[KPT];
        float mx = NEG;
        [[unroll]] for (uint i = 0u; i < KPT; ++i) {
            const uint j = quarter * KPT + i;
            float d = 0.0;
            [[unroll]] for (uint s = 0u; s < HD4; ++s) d += dot(q[s], KVs[j * HD4 + s]);
            sc[i] = kb + j < p.rows ? d : NEG;
            mx = max(mx, sc[i]);
        }
        red[quarter * BR + row] = mx;
        memoryBarrierShared();
        barrier();
        const float mNew = max(max(m, max(red[row], red[BR + row])),
                               max(red[2u * BR + row], red[3u * BR + row]));
        float sum = 0.0;
        [[unroll]] for (uint i = 0u; i < KPT; ++i) {
            const float e = exp(sc[i] - mNew);
            Ps[(quarter * KPT + i) * BR + row] = e;
            sum += e;
        }
        // Every thread has read the maxima (and every K row) before they are overwritten.
        barrier();
        red[quarter * BR + row] = sum;
        loadTile(kb, p.vOffset, p.vStride, g, hd4);
        memoryBarrierShared();
        barrier();
        const float alpha = exp(m - mNew);
        l = l * alpha + ((red[row] + red[BR + row]) + (red[2u * BR + row] + red[3u * BR + row]));
        m = mNew;
        [[unroll]] for (uint c = 0u; c < 4u; ++c) acc[c] *= alpha;
        for (uint j = 0u; j < BC; ++j) {
            const float pj = Ps[j * BR + row];
            [[unroll]] for (uint c = 0u; c < 4u; ++c) acc[c] += pj * KVs[j * HD4 + 4u * quarter + c];
        }
    }
    if (qr < p.rows) {
        [[unroll]] for (uint c = 0u; c < 4u; ++c) {
            const uint s = 4u * quarter + c;
            if (s < hd4) {
                const vec4 o = acc[c] / l;
                const uint at = p.oOffset + qr * p.oStride + h * p.headDim + 4u * s;
                av[at] = o.x;
                av[at + 1u] = o.y;
                av[at + 2u] = o.z;
                av[at + 3u] = o.w;
            }
        }
    }
}
#endif  // AB_COOPMAT
