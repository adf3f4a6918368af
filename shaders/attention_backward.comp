// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// Backward of causal (optionally sliding-window) attention with grouped KV heads over one training
// sequence of T tokens at positions 0..T-1 (AttentionBackwardParams in engine/gpu/kernel_params.h,
// ops.h recordAttentionBackward). The forward: query row i, head h sees the keys j <= i (and
// i - j < window when window > 0) of KV head g = h / G (G = heads / kvHeads),
//   s_ij = scale·q_i·k_j,  P_ij = softmax_j(s_ij),  o_i = Σ_j P_ij·v_j.
// With dP_ij = dO_i·v_j, Δ_i = dO_i·o_i (o the forward's output, read from the O rows) and
// dS_ij = P_ij·(dP_ij − Δ_i):
//   dq_i (+)= scale·Σ_j dS_ij·k_j,   dk_j (+)= scale·Σ_{i,h} dS_ij·q_i,   dv_j (+)= Σ_{i,h} P_ij·dO_i
// CPU reference: model::ref::attentionBackward (no logit cap here). No atomics: two stages
// (FlashAttention-2's backward), every output element written by exactly one invocation.
//
// Stage 0, per (block of R query rows, query head): one sweep over the visible keys in tiles of R
// keys with an online softmax (running max m and sum l, the dq accumulator rescaled by
// e^(m_old − m_new) like the forward's output), so dq needs no second sweep:
//   dq_i = scale·(Σ_j e^(s_ij − m)·(dP_ij − Δ_i)·k_j) / l.
// It writes dq, and L_i = m + ln l (the row's logsumexp) and Δ_i to the scratch region:
// L at scratchOffset + i·heads + h, Δ at scratchOffset + (T + i)·heads + h.
// Stage 1, per (block of R key rows, KV head): for each query head of the group, a sweep over the
// query rows that see the block (i >= j, and i < j + window when windowed) in tiles of R rows,
// P_ij = e^(s_ij − L_i) recomputed from the scratch, accumulating dk and dv in registers.
//
// Both stages have the same shape: R "own" rows of a head held in shared memory for the whole
// workgroup (stage 0: q and dO; stage 1: k and v) against tiles of R "stream" rows (stage 0: k
// and v; stage 1: q and dO). Per tile:
//   scores: the R² (own, stream) pairs each get WG / R² invocations ("parts"), which dot the
//           pair's rows over every parts-th vec4 (a = own A·stream A, b = own B·stream B, i.e.
//           q·k and dO·v), then add their partial sums by a tree in shared memory;
//   update: invocation (own row r, lane) owns the vec4 `lane` of its row's accumulator(s).
// The tile R (the `tile` parameter, filled by the record function) is the largest power of two
// <= 16 with R·headDim <= 1024, so every tile array fits 256 vec4s (4 KiB, 16 KiB for the four)
// and each row has WG / R >= headDim / 4 lanes. headDim: a multiple of 4, at most 512.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint tokens;  // T: rows of every operand, at positions 0..T-1
    uint heads;
    uint kvHeads;  // heads is a multiple
    uint headDim;  // D, multiple of 4, <= 512
    uint qOffset;  // act float offset of row 0 of Q [T][heads·D] (after norm and RoPE)
    uint qStride;  // floats between rows
    uint kOffset;  // K [T][kvHeads·D]
    uint kStride;
    uint vOffset;  // V [T][kvHeads·D]
    uint vStride;
    uint oOffset;  // O [T][heads·D], the forward's output
    uint oStride;
    uint dOOffset;  // dO [T][heads·D], the output's gradient
    uint dOStride;
    uint dqOffset;  // dQ [T][heads·D]
    uint dqStride;
    uint dkOffset;  // dK [T][kvHeads·D]
    uint dkStride;
    uint dvOffset;  // dV [T][kvHeads·D]
    uint dvStride;
    uint scratchOffset;  // 2·T·heads floats: L then Δ (written by stage 0, read by stage 1)
    uint window;         // 0: causal only
    float scale;         // score multiplier (Gemma 4: 1.0)
    uint accumulateDq;   // 1: dQ += …
    uint accumulateDkv;  // 1: dK += …, dV += … (KV-sharing layers add their gradients)
    uint stage;          // 0 or 1 (filled by the record function)
    uint tile;           // R (filled by the record function)
} p;

layout(std430, binding = 1) buffer Act { float act[]; };

const uint WG = 256u;
const uint TILE_VEC4 = 256u;  // R·D/4 <= 256
shared vec4 ownA[TILE_VEC4];  // [own row][D / 4]
shared vec4 ownB[TILE_VEC4];
shared vec4 strA[TILE_VEC4];  // [stream row][D / 4]
shared vec4 strB[TILE_VEC4];
shared float redA[WG];   // the partial sums of the score pass
shared float redB[WG];
shared float pairA[WG];  // [own][stream]: stage 0 s_ij, stage 1 P_ij
shared float pairB[WG];  // stage 0 dP_ij, stage 1 dS_ij
shared float rowL[16];   // stage 1: L and Δ of the stream rows
shared float rowD[16];

vec4 load4(uint at) {
    return vec4(act[at], act[at + 1u], act[at + 2u], act[at + 3u]);
}

void store4(uint at, vec4 g, bool accumulate) {
    if (accumulate) g += load4(at);
    act[at] = g.x;
    act[at + 1u] = g.y;
    act[at + 2u] = g.z;
    act[at + 3u] = g.w;
}

// Whether query row i sees key row j.
bool visible(uint i, uint j) {
    return j <= i && (p.window == 0u || i - j < p.window);
}

void sync() {
    memoryBarrierShared();
    barrier();
}

// The score pass over the current tiles: leaves a = Σ ownA·strA and b = Σ ownB·strB of pair
// t / parts in redA[t], redB[t] of its part-0 invocation (t % parts == 0).
void scorePass(uint R, uint D4) {
    const uint t = gl_LocalInvocationID.x;
    const uint parts = WG / (R * R);
    const uint pair = t / parts, part = t - pair * parts;
    const uint o = pair / R, s = pair - o * R;
    float a = 0.0, b = 0.0;
    for (uint c = part; c < D4; c += parts) {
        a += dot(ownA[o * D4 + c], strA[s * D4 + c]);
        b += dot(ownB[o * D4 + c], strB[s * D4 + c]);
    }
    redA[t] = a;
    redB[t] = b;
    sync();
    for (uint h = parts / 2u; h > 0u; h >>= 1u) {
        if (part < h) {
            redA[t] += redA[t + h];
            redB[t] += redB[t + h];
        }
        sync();
    }
}

void stage0(uint R, uint D4) {
    const uint t = gl_LocalInvocationID.x;
    const uint T = p.tokens, D = p.headDim, G = p.heads / p.kvHeads;
    const uint i0 = gl_WorkGroupID.x * R, h = gl_WorkGroupID.y, g = h / G;
    const uint LW = WG / R, r = t / LW, lane = t - r * LW;  // update-phase layout
    const uint i = i0 + r;
    for (uint e = t; e < R * D4; e += WG) {
        const uint rr = e / D4, c = e - rr * D4, row = i0 + rr;
        const bool in_ = row < T;
        ownA[e] = in_ ? load4(p.qOffset + row * p.qStride + h * D + 4u * c) : vec4(0.0);
        ownB[e] = in_ ? load4(p.dOOffset + row * p.dOStride + h * D + 4u * c) : vec4(0.0);
    }
    sync();
    // Δ_i = dO_i·O_i: the row's lanes, then a tree over them.
    float part = 0.0;
    if (i < T) {
        for (uint c = lane; c < D4; c += LW)
            part += dot(ownB[r * D4 + c], load4(p.oOffset + i * p.oStride + h * D + 4u * c));
    }
    redA[t] = part;
    sync();
    for (uint s = LW / 2u; s > 0u; s >>= 1u) {
        if (lane < s) redA[t] += redA[t + s];
        sync();
    }
    const float delta = redA[r * LW];

    // The keys the block sees: from the first row's window start to the last row.
    const uint kLo = (p.window > 0u && i0 + 1u > p.window) ? i0 + 1u - p.window : 0u;
    const uint kEnd = min(T, i0 + R);
    float m = 0.0, l = 0.0;
    bool started = false;
    vec4 acc = vec4(0.0);
    for (uint j0 = kLo; j0 < kEnd; j0 += R) {
        sync();  // the previous tile's readers are done
        for (uint e = t; e < R * D4; e += WG) {
            const uint rr = e / D4, c = e - rr * D4, row = j0 + rr;
            const bool in_ = row < T;
            strA[e] = in_ ? load4(p.kOffset + row * p.kStride + g * D + 4u * c) : vec4(0.0);
            strB[e] = in_ ? load4(p.vOffset + row * p.vStride + g * D + 4u * c) : vec4(0.0);
        }
        sync();
        scorePass(R, D4);
        if (t % (WG / (R * R)) == 0u) {
            const uint pair = t / (WG / (R * R));
            pairA[pair] = p.scale * redA[t];
            pairB[pair] = redB[t];
        }
        sync();
        if (i < T) {
            for (uint s = 0u; s < R; ++s) {
                const uint j = j0 + s;
                if (j >= T || !visible(i, j)) continue;
                const float sc = pairA[r * R + s];
                const float mNew = started ? max(m, sc) : sc;
                const float corr = started ? exp(m - mNew) : 0.0;
                const float w = exp(sc - mNew);
                l = l * corr + w;
                if (lane < D4) acc = acc * corr + (w * (pairB[r * R + s] - delta)) * strA[s * D4 + lane];
                m = mNew;
                started = true;
            }
        }
    }
    if (i < T) {
        if (lane < D4)
            store4(p.dqOffset + i * p.dqStride + h * D + 4u * lane, (p.scale / l) * acc,
                   p.accumulateDq != 0u);
        if (lane == 0u) {
            act[p.scratchOffset + i * p.heads + h] = m + log(l);
            act[p.scratchOffset + (T + i) * p.heads + h] = delta;
        }
    }
}

void stage1(uint R, uint D4) {
    const uint t = gl_LocalInvocationID.x;
    const uint T = p.tokens, D = p.headDim, G = p.heads / p.kvHeads;
    const uint j0 = gl_WorkGroupID.x * R, g = gl_WorkGroupID.y;
    const uint LW = WG / R, r = t / LW, lane = t - r * LW;  // update-phase layout
    const uint j = j0 + r;
    for (uint e = t; e < R * D4; e += WG) {
        const uint rr = e / D4, c = e - rr * D4, row = j0 + rr;
        const bool in_ = row < T;
        ownA[e] = in_ ? load4(p.kOffset + row * p.kStride + g * D + 4u * c) : vec4(0.0);
        ownB[e] = in_ ? load4(p.vOffset + row * p.vStride + g * D + 4u * c) : vec4(0.0);
    }
    // The query rows that see the block: from its first key to the last key's window end.
    const uint iEnd = p.window > 0u ? min(T, j0 + R - 1u + p.window) : T;
    const uint parts = WG / (R * R);
    vec4 dk = vec4(0.0), dv = vec4(0.0);
    for (uint hh = 0u; hh < G; ++hh) {
        const uint h = g * G + hh;
        for (uint i0 = j0; i0 < iEnd; i0 += R) {
            sync();  // the previous tile's readers are done (and the own rows are in)
            for (uint e = t; e < R * D4; e += WG) {
                const uint rr = e / D4, c = e - rr * D4, row = i0 + rr;
                const bool in_ = row < T;
                strA[e] = in_ ? load4(p.qOffset + row * p.qStride + h * D + 4u * c) : vec4(0.0);
                strB[e] = in_ ? load4(p.dOOffset + row * p.dOStride + h * D + 4u * c) : vec4(0.0);
            }
            if (t < R) {
                const uint row = i0 + t;
                rowL[t] = row < T ? act[p.scratchOffset + row * p.heads + h] : 0.0;
                rowD[t] = row < T ? act[p.scratchOffset + (T + row) * p.heads + h] : 0.0;
            }
            sync();
            scorePass(R, D4);
            if (t % parts == 0u) {
                const uint pair = t / parts, o = pair / R, s = pair - o * R;
                const uint kj = j0 + o, qi = i0 + s;
                float pr = 0.0, ds = 0.0;
                if (qi < T && kj < T && visible(qi, kj)) {
                    pr = exp(p.scale * redA[t] - rowL[s]);
                    ds = pr * (redB[t] - rowD[s]);
                }
                pairA[pair] = pr;
                pairB[pair] = ds;
            }
            sync();
            if (lane < D4) {
                for (uint s = 0u; s < R; ++s) {
                    dv += pairA[r * R + s] * strB[s * D4 + lane];
                    dk += pairB[r * R + s] * strA[s * D4 + lane];
                }
            }
        }
    }
    if (j < T && lane < D4) {
        const bool accumulate = p.accumulateDkv != 0u;
        store4(p.dkOffset + j * p.dkStride + g * D + 4u * lane, p.scale * dk, accumulate);
        store4(p.dvOffset + j * p.dvStride + g * D + 4u * lane, dv, accumulate);
    }
}

void main() {
    const uint R = p.tile, D4 = p.headDim / 4u;
    if (p.stage == 0u)
        stage0(R, D4);
    else
        stage1(R, D4);
}
