// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
// Attention without a mask over the rows of one block (the encoder towers; engine/gpu/
// kernel_params.h, BidirAttentionParams), flash-attention style: a workgroup owns BR query rows
// of one head and streams the keys in tiles of BC, keeping the running max m, sum l and output
// accumulator per row (online softmax), so the T x T scores are never stored.
//
// Per key tile: K into shared memory; S = scale q . k as a register-blocked product (thread
// (tr, tc) computes rows tr + 16a, keys tc + 16b: 6 vec4 shared reads per 32 FMAs); the tile's
// row maxima and exp() by 4 threads per row; V into the same shared buffer; O = O * alpha + P V
// with thread (tr, tc) owning rows tr + 16a and dims 4tc .. 4tc + 3. Shared memory: Q 64 x 68,
// K/V 32 x 68, S 64 x 33 floats and the row state, ~37 KiB; the row strides (68, 33) put the
// rows a warp reads at once in different banks.
// Head dims up to HD (64; a multiple of 4; values past headDim are zero in Q and K, and their
// outputs are not written). Masked-out keys of the last tile score -1e30, whose exp() is 0.
layout(local_size_x = 256) in;

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

const uint BR = 64u;      // query rows per workgroup
const uint BC = 32u;      // keys per tile
const uint HD = 64u;      // largest head dim
const uint QV = 17u;      // vec4 slots per Q / K / V row in shared memory (HD / 4 + 1)
const uint SS = 33u;      // floats per score row in shared memory (BC + 1)
const float NEG = -1e30;  // a masked score; also the initial row max

shared vec4 Qs[BR * QV];
shared vec4 KVs[BC * QV];
shared float Ss[BR * SS];
shared float red[256];
shared float mRow[BR];
shared float lRow[BR];
shared float aRow[BR];

vec4 load4(uint o) {
    return vec4(av[o], av[o + 1u], av[o + 2u], av[o + 3u]);
}

// Rows kb .. kb + BC - 1 of K or V (offset, stride) of KV head g into KVs; zero past the end.
void loadTile(uint kb, uint offset, uint stride, uint g, uint hd4) {
    for (uint i = gl_LocalInvocationID.x; i < BC * 16u; i += 256u) {
        const uint j = i >> 4u;
        const uint s = i & 15u;
        vec4 v = vec4(0.0);
        if (kb + j < p.rows && s < hd4) v = load4(offset + (kb + j) * stride + g * p.headDim + 4u * s);
        KVs[j * QV + s] = v;
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint row0 = gl_WorkGroupID.x * BR;
    const uint h = gl_WorkGroupID.y;
    const uint g = h / (p.heads / p.kvHeads);
    const uint hd4 = p.headDim / 4u;
    // Product threads: rows tr + 16a, keys tc + 16b, output dims 4tc ..
    const uint tr = t & 15u;
    const uint tc = t >> 4u;
    // Softmax threads: row sr, keys 8sp .. 8sp + 7.
    const uint sr = t >> 2u;
    const uint sp = t & 3u;

    for (uint i = t; i < BR * 16u; i += 256u) {
        const uint r = i >> 4u;
        const uint s = i & 15u;
        vec4 v = vec4(0.0);
        if (row0 + r < p.rows && s < hd4)
            v = load4(p.qOffset + (row0 + r) * p.qStride + h * p.headDim + 4u * s) * p.scale;
        Qs[r * QV + s] = v;
    }
    if (t < BR) {
        mRow[t] = NEG;
        lRow[t] = 0.0;
    }
    vec4 acc[4];
    [[unroll]] for (uint a = 0u; a < 4u; ++a) acc[a] = vec4(0.0);

    for (uint kb = 0u; kb < p.rows; kb += BC) {
        // The previous tile's V reads are done before K overwrites it.
        barrier();
        loadTile(kb, p.kOffset, p.kStride, g, hd4);
        memoryBarrierShared();
        barrier();
        float sacc[8];
        [[unroll]] for (uint i = 0u; i < 8u; ++i) sacc[i] = 0.0;
        for (uint s = 0u; s < hd4; ++s) {
            const vec4 k0 = KVs[tc * QV + s];
            const vec4 k1 = KVs[(tc + 16u) * QV + s];
            [[unroll]] for (uint a = 0u; a < 4u; ++a) {
                const vec4 q = Qs[(tr + 16u * a) * QV + s];
                sacc[2u * a] += dot(q, k0);
                sacc[2u * a + 1u] += dot(q, k1);
            }
        }
        [[unroll]] for (uint a = 0u; a < 4u; ++a) {
            [[unroll]] for (uint b = 0u; b < 2u; ++b) {
                const uint key = tc + 16u * b;
                Ss[(tr + 16u * a) * SS + key] = kb + key < p.rows ? sacc[2u * a + b] : NEG;
            }
        }
        memoryBarrierShared();
        barrier();

        // Online softmax, 4 threads per row.
        float mx = NEG;
        [[unroll]] for (uint i = 0u; i < 8u; ++i) mx = max(mx, Ss[sr * SS + 8u * sp + i]);
        red[t] = mx;
        memoryBarrierShared();
        barrier();
        const float mOld = mRow[sr];
        const float mNew = max(max(mOld, max(red[4u * sr], red[4u * sr + 1u])),
                               max(red[4u * sr + 2u], red[4u * sr + 3u]));
        float sum = 0.0;
        [[unroll]] for (uint i = 0u; i < 8u; ++i) {
            const uint at = sr * SS + 8u * sp + i;
            const float e = exp(Ss[at] - mNew);
            Ss[at] = e;
            sum += e;
        }
        memoryBarrierShared();
        barrier();
        red[t] = sum;
        // K is no longer read: V takes its place.
        loadTile(kb, p.vOffset, p.vStride, g, hd4);
        memoryBarrierShared();
        barrier();
        if (sp == 0u) {
            const float alpha = exp(mOld - mNew);
            aRow[sr] = alpha;
            lRow[sr] = lRow[sr] * alpha +
                       ((red[4u * sr] + red[4u * sr + 1u]) + (red[4u * sr + 2u] + red[4u * sr + 3u]));
            mRow[sr] = mNew;
        }
        memoryBarrierShared();
        barrier();

        [[unroll]] for (uint a = 0u; a < 4u; ++a) acc[a] *= aRow[tr + 16u * a];
        for (uint j = 0u; j < BC; ++j) {
            const vec4 v = KVs[j * QV + tc];
            [[unroll]] for (uint a = 0u; a < 4u; ++a) acc[a] += Ss[(tr + 16u * a) * SS + j] * v;
        }
    }
    memoryBarrierShared();
    barrier();
    if (tc < hd4) {
        [[unroll]] for (uint a = 0u; a < 4u; ++a) {
            const uint r = row0 + tr + 16u * a;
            if (r < p.rows) {
                const vec4 o = acc[a] / lRow[tr + 16u * a];
                const uint at = p.oOffset + r * p.oStride + h * p.headDim + 4u * tc;
                av[at] = o.x;
                av[at + 1u] = o.y;
                av[at + 2u] = o.z;
                av[at + 3u] = o.w;
            }
        }
    }
}
