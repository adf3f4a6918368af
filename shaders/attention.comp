// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Loops over compile-time bounds are unrolled so the per-thread arrays stay in registers (the
// hint reaches Vulkan drivers and HLSL; the GLSL and MSL translations drop it harmlessly).
#extension GL_EXT_control_flow_attributes : require
// Causal (optionally sliding-window) attention with grouped KV heads against one layer's KV cache
// (see AttentionParams in engine/gpu/kernel_params.h and engine/gpu/attention_ops.h):
//   o[r][h] = sum_k softmax_k(scale * q[r][h] . K[k][h / G]) V[k][h / G],  G = heads / kvHeads,
// over the keys kp <= qp (and kp > qp - window when window > 0), qp = firstPos + r, the key of
// position kp in cache slot kp % cacheRows.
//
// Stage 0 (flash attention). A workgroup takes a block of M = R x Gb (query row, head) pairs: R
// consecutive query rows times Gb query heads that share one KV head, so every K and V row it
// reads serves all M pairs (decode: R = 1, the G heads of the KV head; prefill: R > 1 where the
// head dimension leaves room). Its queries sit in shared memory for the whole pass. It walks
// the keys its block can see (or, when splits > 1, split number gl_WorkGroupID.x of them) in
// tiles of 32 keys:
//   scores:  thread (key j, part) dots its key with all M queries over the vec4s part,
//            part + 8, ... of the head (the 8 parts of a key read 128 contiguous bytes of its K
//            row per step; q comes from shared memory); the 8 partial sums per (pair, key) are
//            added by thread (pair, j), scaled and masked;
//   softmax: online, per pair: running max m, p = exp(s - m_new), acc and l rescaled by
//            exp(m_old - m_new) (numerically stable for any score range);
//   values:  thread (4 pairs, 4 dims) accumulates sum_j p_j V[j] in registers (V read
//            coalesced from the cache).
// With one split the workgroup writes o = acc / l; with several it writes the partial
// (m, l, acc) of its split to the scratch binding: record ((r * heads + h) * splits + split) of
// headDim + 4 floats [m, l, 0, 0, acc[headDim]] from scratchOffset.
// Stage 1 (combine, one workgroup per (row, head) and 64 output values): o = sum_s e^(m_s - M)
// acc_s / sum_s e^(m_s - M) l_s with M = max_s m_s.
//
// The block shape (R, Gb, head groups) is derived from the parameters exactly as pairsPerGroup()
// and attnLayout() in engine/gpu/attention_ops.cpp do it; keep them in sync. Grid:
// stage 0 (splits, ceil(queries / R), kvHeads * headGroups), stage 1 (queries * heads,
// ceil(headDim / 64)). Shared memory: 32 KiB (the portable minimum of OpenGL, Metal, D3D11).
//
// The tensor-core build (AT_COOPMAT: shaders/attention_coopmat.glsl, 256 invocations) is the
// subgroup pack of the attention_prefill kernel, on devices with VK_NV_cooperative_matrix; it runs
// stage 0 without splits for head dims that are multiples of 64 (attention_ops.cpp chooses).
#if defined(AT_COOPMAT)
#extension GL_NV_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#endif
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint queries;        // query rows
    uint heads;          // query heads
    uint kvHeads;        // KV heads (heads is a multiple)
    uint headDim;        // multiple of 4, <= 512
    uint qOffset;        // act float offset of query row 0
    uint qStride;        // act floats between query rows
    uint oOffset;        // act float offset of output row 0
    uint oStride;
    uint cacheRows;      // slots of the K and V caches
    uint firstPos;       // position of query row 0
    uint window;         // 0: causal only
    float scale;         // score multiplier
    uint splits;         // key splits (1: stage 0 writes the output)
    uint scratchOffset;  // float offset of the partial records in the scratch binding
    uint stage;          // 0: attention, 1: combine the splits' partials
    uint pairCap;        // most (row, head) pairs per workgroup (>= 1)
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
// The caches hold f32 values, or f16 ones (KV_F16: the attention_f16 kernels, each 4-value group
// a uvec2; the tensor-core build reads 8-value groups, uvec4). Indices below count 4-value groups.
#if defined(KV_F16) && defined(AT_COOPMAT)
layout(std430, binding = 2) readonly buffer KCache { uvec4 kc[]; };
layout(std430, binding = 3) readonly buffer VCache { uvec4 vc[]; };
#elif defined(KV_F16)
layout(std430, binding = 2) readonly buffer KCache { uvec2 kc[]; };
layout(std430, binding = 3) readonly buffer VCache { uvec2 vc[]; };
vec4 loadK(uint i) {
    const uvec2 h = kc[i];
    return vec4(unpackHalf2x16(h.x), unpackHalf2x16(h.y));
}
vec4 loadV(uint i) {
    const uvec2 h = vc[i];
    return vec4(unpackHalf2x16(h.x), unpackHalf2x16(h.y));
}
#else
layout(std430, binding = 2) readonly buffer KCache { vec4 kc[]; };
layout(std430, binding = 3) readonly buffer VCache { vec4 vc[]; };
vec4 loadK(uint i) {
    return kc[i];
}
vec4 loadV(uint i) {
    return vc[i];
}
#endif
layout(std430, binding = 4) buffer Scratch { float scratch[]; };

#if defined(AT_COOPMAT)
#include "attention_coopmat.glsl"
#else

const uint WG = 256u;
const uint TILE = 32u;          // keys per tile
const uint PARTS = WG / TILE;   // head-dimension parts of a score dot product
const uint MAX_M = 16u;         // (row, head) pairs per workgroup
const float NONE = -3.0e38;     // "no visible key" (finite: drivers may flush infinities)
const uint KV_UNROLL = 8u;      // cache loads issued together (score and value loops)

// Queries of the block: pair m's head at qs[m * headDim/4 ...] (M * headDim/4 <= 1024).
shared vec4 qs[1024];
// Per tile: the score partials [M][TILE][PARTS]. Once thread (m, j) has added the 8 partials of
// (m, j), their slots are its own: slot 0 takes the score, slot 1 the probability, and slot 2
// of (m, 0) the pair's rescale factor. The combine stage reuses it.
shared float red[4096];

void combine() {
    const uint t = gl_LocalInvocationID.x;
    const uint D4 = p.headDim / 4u;
    const uint row = gl_WorkGroupID.x / p.heads;
    const uint h = gl_WorkGroupID.x - row * p.heads;
    const uint lane = t % 16u;
    const uint phase = t / 16u;
    const uint d4 = gl_WorkGroupID.y * 16u + lane;
    const uint recLen = p.headDim + 4u;
    const uint rec0 = p.scratchOffset + (row * p.heads + h) * p.splits * recLen;

    float mx = NONE;
    for (uint s = phase; s < p.splits; s += 16u)
        mx = max(mx, scratch[rec0 + s * recLen]);
    red[t] = mx;
    memoryBarrierShared();
    barrier();
    float mAll = NONE;
    for (uint i = 0u; i < 16u; ++i)
        mAll = max(mAll, red[i * 16u]);

    vec4 acc = vec4(0.0);
    float l = 0.0;
    for (uint s = phase; s < p.splits; s += 16u) {
        const uint rec = rec0 + s * recLen;
        const float ms = scratch[rec];
        const float w = ms > NONE ? exp(ms - mAll) : 0.0;
        l += w * scratch[rec + 1u];
        if (d4 < D4) {
            const uint a = rec + 4u + 4u * d4;
            acc += w * vec4(scratch[a], scratch[a + 1u], scratch[a + 2u], scratch[a + 3u]);
        }
    }
    qs[t] = acc;
    red[256u + t] = l;
    memoryBarrierShared();
    barrier();
    if (phase == 0u && d4 < D4) {
        vec4 o = vec4(0.0);
        float lt = 0.0;
        for (uint i = 0u; i < 16u; ++i) {
            o += qs[i * 16u + lane];
            lt += red[256u + i * 16u + lane];
        }
        o = lt > 0.0 ? o / lt : vec4(0.0);
        const uint a = p.oOffset + row * p.oStride + h * p.headDim + 4u * d4;
        act[a] = o.x;
        act[a + 1u] = o.y;
        act[a + 2u] = o.z;
        act[a + 3u] = o.w;
    }
}

void attend() {
    const uint t = gl_LocalInvocationID.x;
    const uint D = p.headDim;
    const uint D4 = D / 4u;
    // Block shape (pairsPerGroup() and attnLayout() in attention_ops.cpp).
    const uint G = p.heads / p.kvHeads;
    const uint mMax = max(1u, min(min(MAX_M, 4u * (WG / D4)), p.pairCap));
    const uint ng = (G + mMax - 1u) / mMax;
    const uint gb = (G + ng - 1u) / ng;
    const uint R = clamp(mMax / gb, 1u, p.queries);
    const uint M = R * gb;

    const uint split = gl_WorkGroupID.x;
    const uint r0 = gl_WorkGroupID.y * R;
    const uint kvh = gl_WorkGroupID.z / ng;
    const uint hg = gl_WorkGroupID.z - kvh * ng;
    const uint h0 = kvh * G + hg * gb;
    const uint rowCount = min(R, p.queries - r0);
    const uint headCount = min(gb, G - hg * gb);

    // Queries of the block (zeros for the pairs past the last row or head).
    for (uint idx = t; idx < M * D4; idx += WG) {
        const uint m = idx / D4;
        const uint i = idx - m * D4;
        const uint rl = m / gb;
        const uint hh = m - rl * gb;
        vec4 q = vec4(0.0);
        if (rl < rowCount && hh < headCount) {
            const uint a = p.qOffset + (r0 + rl) * p.qStride + (h0 + hh) * D + 4u * i;
            q = vec4(act[a], act[a + 1u], act[a + 2u], act[a + 3u]);
        }
        qs[idx] = q;
    }

    // Keys of the block: [kLo, qLast]; this workgroup's split of them: [sLo, sEnd).
    const uint qFirst = p.firstPos + r0;
    const uint qLast = qFirst + rowCount - 1u;
    const uint kLo = (p.window > 0u && qFirst + 1u > p.window) ? qFirst + 1u - p.window : 0u;
    const uint span = qLast + 1u - kLo;
    const uint per = ((span + p.splits - 1u) / p.splits + TILE - 1u) / TILE * TILE;
    const uint sLo = kLo + min(split * per, span);
    const uint sEnd = min(qLast + 1u, sLo + per);

    // Score threads: key t / PARTS of the tile, head vec4s part, part + PARTS, ...
    const uint key = t / PARTS;
    const uint part = t % PARTS;
    const uint rowVec4 = p.kvHeads * D4;
    const uint headVec4 = kvh * D4;
    // Softmax threads: pairs t / TILE and t / TILE + 8, key j (running maxima in registers).
    const uint j = t % TILE;
    float mRun[2] = float[2](NONE, NONE);
    float sc[2];
    // Value threads: pairs 4 mg .. 4 mg + 3, dims 4 d4 .. 4 d4 + 3.
    const uint mg = t / D4;
    const uint d4 = t - mg * D4;
    const bool valueThread = mg * 4u < M;
    vec4 acc[4] = vec4[4](vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0));
    float lSum[4] = float[4](0.0, 0.0, 0.0, 0.0);

    memoryBarrierShared();
    barrier();
    for (uint kb = sLo; kb < sEnd; kb += TILE) {
        const uint nk = min(TILE, sEnd - kb);

        // Partial scores over this thread's part of the head.
        float s[MAX_M];
        [[unroll]] for (uint m = 0u; m < MAX_M; ++m)
            s[m] = 0.0;
        if (key < nk) {
            const uint base = ((kb + key) % p.cacheRows) * rowVec4 + headVec4;
            // KV_UNROLL independent loads are issued before they are used: a loop that loads
            // and uses one vec4 per iteration waits a full memory latency every iteration, and
            // that, not bandwidth, is what a decode workgroup's time per tile is made of.
            for (uint i0 = part; i0 < D4; i0 += PARTS * KV_UNROLL) {
                vec4 kv[KV_UNROLL];
                [[unroll]] for (uint u = 0u; u < KV_UNROLL; ++u) {
                    const uint i = i0 + u * PARTS;
                    kv[u] = i < D4 ? loadK(base + i) : vec4(0.0);
                }
                [[unroll]] for (uint u = 0u; u < KV_UNROLL; ++u) {
                    const uint i = min(i0 + u * PARTS, D4 - 1u);
                    [[unroll]] for (uint m = 0u; m < MAX_M; ++m) {
                        if (m < M) s[m] += dot(qs[m * D4 + i], kv[u]);
                    }
                }
            }
        }
        [[unroll]] for (uint m = 0u; m < MAX_M; ++m) {
            if (m < M) red[(m * TILE + key) * PARTS + part] = s[m];
        }
        memoryBarrierShared();
        barrier();

        // Scores: sum of the parts, scaled, masked, into slot 0 of (m, j).
        [[unroll]] for (uint k = 0u; k < 2u; ++k) {
            const uint m = t / TILE + 8u * k;
            sc[k] = NONE;
            if (m < M) {
                float sum = 0.0;
                [[unroll]] for (uint q = 0u; q < PARTS; ++q)
                    sum += red[(m * TILE + j) * PARTS + q];
                const uint rl = m / gb;
                const uint hh = m - rl * gb;
                const uint qp = qFirst + rl;
                const uint kp = kb + j;
                const bool visible = j < nk && rl < rowCount && hh < headCount && kp <= qp &&
                                     (p.window == 0u || kp + p.window > qp);
                if (visible) sc[k] = sum * p.scale;
                red[(m * TILE + j) * PARTS] = sc[k];
            }
        }
        memoryBarrierShared();
        barrier();

        // Online softmax: tile maximum, new running maximum, probabilities, rescale factors.
        [[unroll]] for (uint k = 0u; k < 2u; ++k) {
            const uint m = t / TILE + 8u * k;
            if (m < M) {
                float tileMax = NONE;
                [[unroll]] for (uint jj = 0u; jj < TILE; ++jj)
                    tileMax = max(tileMax, red[(m * TILE + jj) * PARTS]);
                const float mNew = max(mRun[k], tileMax);
                red[(m * TILE + j) * PARTS + 1u] = sc[k] > NONE ? exp(sc[k] - mNew) : 0.0;
                if (j == 0u) {
                    red[m * TILE * PARTS + 2u] = mRun[k] > NONE ? exp(mRun[k] - mNew) : 0.0;
                }
                mRun[k] = mNew;
            }
        }
        memoryBarrierShared();
        barrier();

        // Values: acc = acc * alpha + sum_j p_j V[j].
        if (valueThread) {
            [[unroll]] for (uint i = 0u; i < 4u; ++i) {
                if (mg * 4u + i < M) {
                    const float alpha = red[(mg * 4u + i) * TILE * PARTS + 2u];
                    acc[i] *= alpha;
                    lSum[i] *= alpha;
                }
            }
            // Keys past nk have probability 0 (written above); their loads read the tile's
            // first key, so every group of KV_UNROLL loads is issued at once (see above).
            for (uint j0 = 0u; j0 < nk; j0 += KV_UNROLL) {
                vec4 v[KV_UNROLL];
                [[unroll]] for (uint u = 0u; u < KV_UNROLL; ++u) {
                    const uint slot = (kb + (j0 + u < nk ? j0 + u : 0u)) % p.cacheRows;
                    v[u] = loadV(slot * rowVec4 + headVec4 + d4);
                }
                [[unroll]] for (uint u = 0u; u < KV_UNROLL; ++u) {
                    const uint pb = (mg * 4u * TILE + j0 + u) * PARTS + 1u;
                    [[unroll]] for (uint i = 0u; i < 4u; ++i) {
                        if (mg * 4u + i < M) {
                            const float pr = j0 + u < nk ? red[pb + i * TILE * PARTS] : 0.0;
                            acc[i] += pr * v[u];
                            lSum[i] += pr;
                        }
                    }
                }
            }
        }
        // red[] is overwritten by the next tile's partial scores.
        memoryBarrierShared();
        barrier();
    }

    if (p.splits == 1u) {
        if (valueThread) {
            [[unroll]] for (uint i = 0u; i < 4u; ++i) {
                const uint m = mg * 4u + i;
                const uint rl = m / gb;
                const uint hh = m - rl * gb;
                if (m < M && rl < rowCount && hh < headCount) {
                    const vec4 o = lSum[i] > 0.0 ? acc[i] / lSum[i] : vec4(0.0);
                    const uint a = p.oOffset + (r0 + rl) * p.oStride + (h0 + hh) * D + 4u * d4;
                    act[a] = o.x;
                    act[a + 1u] = o.y;
                    act[a + 2u] = o.z;
                    act[a + 3u] = o.w;
                }
            }
        }
        return;
    }
    // Partial record of this split: [m, l, 0, 0, acc[D]].
    const uint recLen = D + 4u;
    if (valueThread) {
        [[unroll]] for (uint i = 0u; i < 4u; ++i) {
            const uint m = mg * 4u + i;
            const uint rl = m / gb;
            const uint hh = m - rl * gb;
            if (m < M && rl < rowCount && hh < headCount) {
                const uint rec =
                    p.scratchOffset + (((r0 + rl) * p.heads + h0 + hh) * p.splits + split) * recLen;
                const uint a = rec + 4u + 4u * d4;
                scratch[a] = acc[i].x;
                scratch[a + 1u] = acc[i].y;
                scratch[a + 2u] = acc[i].z;
                scratch[a + 3u] = acc[i].w;
                if (d4 == 0u) {
                    scratch[rec + 1u] = lSum[i];
                    scratch[rec + 2u] = 0.0;
                    scratch[rec + 3u] = 0.0;
                }
            }
        }
    }
    if (j == 0u) {
        [[unroll]] for (uint k = 0u; k < 2u; ++k) {
            const uint m = t / TILE + 8u * k;
            const uint rl = m / gb;
            const uint hh = m - rl * gb;
            if (m < M && rl < rowCount && hh < headCount) {
                scratch[p.scratchOffset + (((r0 + rl) * p.heads + h0 + hh) * p.splits + split) *
                                              recLen] = mRun[k];
            }
        }
    }
}

void main() {
    if (p.stage == 0u) {
        attend();
    } else {
        combine();
    }
}
#endif
