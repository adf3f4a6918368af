#version 450
#extension GL_GOOGLE_include_directive : require
// Loops over compile-time bounds are unrolled so the per-thread arrays stay in registers.
#extension GL_EXT_control_flow_attributes : require
// One layer's attention for ONE token (a decode step) in one dispatch: what qkv_prep.comp and
// attention.comp (attention + combine) do in three (see DecodeAttentionParams in
// engine/gpu/kernel_params.h and engine/gpu/attention_decode_ops.h):
//   q  <- rope(rmsw(q head, nw[qNormOffset..]))                   (kept in shared memory)
//   k' <- rope(rmsw(k head, nw[kNormOffset..])), v' <- rms(v head) (storeKv != 0: the new token's
//         key and value, stored into the cache slot pos % cacheRows)
//   o[h] = sum_k softmax_k(scale * q[h] . K[k][h / G]) V[k][h / G],  G = heads / kvHeads,
// over the keys kp <= pos (and kp > pos - window when window > 0). The norm and RoPE maths are
// qkv_prep.comp's (same formulas, same Cody-Waite angle reduction; the angle table is computed
// once per workgroup since every head of one token shares it).
//
// Grid (splits, kvHeads * headGroups). A workgroup takes `groupHeads` (Gb) query heads that share
// one KV head, so every K and V row it reads serves all of them, and split number
// gl_WorkGroupID.x of the visible keys (keysPerSplit keys each). The host chooses both
// (attention_decode_ops.cpp: Gb 2 by default, the split count by a cost model); the kernel takes
// any Gb with Gb * headDim <= 2048 and Gb <= 8 (the shared-memory budget below), the KV head's
// heads spread over ceil(G / Gb) head groups.
//
// Prologue (every workgroup): its Gb q heads normed and rotated into shared memory. The last
// split, the one whose keys end at pos, also norms k and v of the new token (storeKv != 0) and
// starts its online softmax with that key (score scale * q . k', value v') instead of reading
// it from the cache, so no workgroup waits for another's store; head group 0's last split also
// writes k' and v' to the cache. With storeKv == 0 (a layer sharing another layer's cache) the
// donor layer stored position pos earlier in the step, and it is read from the cache like every
// other key.
//
// Key loop, in tiles of TK keys (16 at head dims above 256, else 32): a tile's K and V rows are
// 64 KiB at head dim 256 / 512, at most 8 K and 8 V vec4 loads per thread, all issued before
// anything waits on them. Decode attention is latency bound, so the loads are pipelined: the
// first tile's go out before the prologue (which then hides their latency), the next tile's K
// once the scores are done with kv[], its V once the values are done with vv[]:
//   scores:  thread (key, part) dots its key's vec4s part, part + PARTS, ... with the Gb queries
//            (from shared memory); the PARTS partial sums of (head, key) go through shared
//            memory and are added by thread (head, key), scaled, masked;
//   softmax: online, per head: running max m, p = exp(s - m_new), acc and l rescaled by
//            exp(m_old - m_new);
//   values:  thread (d4, kq) accumulates sum p_j V[j] over the tile's keys kq, kq + NQ, ... for
//            the Gb heads in registers; the NQ key subsets are added at the end.
//
// Splits > 1: every workgroup writes its partial (m, l, acc) of each of its heads to the scratch
// binding (record ((h * splits + split) * (headDim + 4)) from scratchOffset: [m, l, 0, 0, acc as
// 4 planes of headDim/4: component c of vec4 d4 at 4 + c * headDim/4 + d4]), fences, and counts
// itself done on the counter of its (KV head, head group) (counterOffset + gl_WorkGroupID.y). The
// workgroup that counts last combines the splits into o (o = sum_s e^(m_s - M) acc_s /
// sum_s e^(m_s - M) l_s, online over s) and sets the counter back to 0 for the next dispatch.
// Nothing waits for another workgroup, so drivers that run workgroups one after another (Mesa's
// lavapipe) are fine. The counters must be 0 before the first dispatch. With one split there is
// no scratch traffic and no counter.
//
// Shared memory: 16 KiB (qs 8 KiB + red 8 KiB).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint heads;          // query heads
    uint kvHeads;        // KV heads (heads is a multiple)
    uint headDim;        // multiple of 4, <= 512
    uint ropeDims;       // rotated values per head (even, <= headDim)
    uint qOffset;        // act float offset of the token's q (heads * headDim floats)
    uint kOffset;        // act float offset of its k (kvHeads * headDim; read when storeKv != 0)
    uint vOffset;        // act float offset of its v (likewise)
    uint oOffset;        // act float offset of the output row (heads * headDim floats)
    uint qNormOffset;    // float offsets in the norms binding (headDim weights each)
    uint kNormOffset;
    uint fOffset;        // float offset of the ropeDims/2 frequency factors
    uint useFactors;     // 0: factors are not read (all 1)
    float base;          // theta base
    float eps;           // rms norm epsilon
    float scale;         // score multiplier
    uint storeKv;        // 0: the cache already holds position pos (KV-sharing layer)
    uint cacheRows;      // slots of the K and V caches
    uint pos;            // the token's position
    uint window;         // 0: causal only
    uint scratchOffset;  // word offset of the split partials in the scratch binding
    uint counterOffset;  // word offset of the completion counters in the scratch binding
    uint splits;         // key splits (filled by recordDecodeAttention)
    uint keysPerSplit;   // multiple of the tile (filled by recordDecodeAttention)
    uint groupHeads;     // Gb (filled by recordDecodeAttention)
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) buffer Norms { float nw[]; };
layout(std430, binding = 3) buffer KCache { vec4 kc[]; };
layout(std430, binding = 4) buffer VCache { vec4 vc[]; };
// Partials (float bits) and counters. Coherent: the last workgroup reads what the others wrote
// in this dispatch, past any non-coherent cache.
layout(std430, binding = 5) coherent buffer Scratch { uint sx[]; };

const uint WG = 256u;
const uint MAX_G = 8u;           // query heads per workgroup
const uint LOADS = 8u;           // K (and V) vec4 loads per thread and tile
const float NONE = -3.0e38;      // "no key yet" (finite: drivers may flush infinities)
const float INV_TWO_PI = 0.15915494309189535;
const float TWO_PI_HI = 6.28125;                 // 201/32: k * TWO_PI_HI is exact for k < 2^16
const float TWO_PI_LO = 1.9353071795864769e-03;  // 2*pi - TWO_PI_HI

// The group's queries: head h at qs[h * headDim/4 ...] (Gb * headDim/4 <= 512). At the end the
// value threads' per-subset sums pass through it.
shared vec4 qs[512];
// Per tile: the score partials [Gb][TK][PARTS], part p of (h, j) in slot (p + r / 32) % PARTS of
// row r = (h * TK + j) * PARTS: rotated by the row's 32-float bank line, so the writers (the
// parts of a key) and the reader (thread (h, j), which adds them) both touch 32 different banks
// per warp instead of 4. Once thread (h, j) has added the partials of (h, j), the row is its
// own: slot 0 takes the score, slot 1 the probability, and slot 2 of (h, 0) the head's rescale
// factor. The prologue keeps the raw then normed k' at [K_RAW..],
// v' at [V_RAW..], reduction partials at [PART..] and the angles' cos / sin at [COS..], [SIN..].
shared float red[2048];
const uint K_RAW = 0u;
const uint V_RAW = 512u;
const uint PART = 1024u;
const uint COS = 1280u;
const uint SIN = 1536u;

void sync() {
    memoryBarrierShared();
    barrier();
}

// Adds red[PART + t] within teams of `team` consecutive threads (a power of two, <= 16):
// afterwards red[PART + v * team] holds team v's sum. All threads must call it.
void teamSum(uint team) {
    const uint t = gl_LocalInvocationID.x;
    const uint lane = t % team;
    sync();
    for (uint s = team / 2u; s > 0u; s >>= 1u) {
        if (lane < s) red[PART + t] += red[PART + t + s];
        sync();
    }
}

// Teams for n vectors: the smallest power of two >= n (n <= 16).
uint teamsFor(uint n) {
    uint teams = 1u;
    while (teams < n) teams <<= 1u;
    return teams;
}

// Element e of the staged queries (a read: dynamic component writes are avoided, not every
// shading language takes them on shared memory).
float qGet(uint e) {
    return qs[e >> 2u][e & 3u];
}

// A tile's K and V vec4s of this invocation (registers): kv[u] = K vec4 part + u * PARTS of key
// `key`, vv[u] = V vec4 d4 of key kq + u * NQ; zero where there is nothing to load.
vec4 kv[LOADS];
vec4 vv[LOADS];

void loadK(uint kb, uint nk, uint key, uint part, uint parts, uint D4, uint base) {
    const uint row = ((kb + min(key, nk - 1u)) % p.cacheRows) * p.kvHeads * D4 + base;
    [[unroll]] for (uint u = 0u; u < LOADS; ++u) {
        const uint i = part + u * parts;
        kv[u] = vec4(0.0);
        if (key < nk && i < D4) kv[u] = kc[row + i];
    }
}

void loadV(uint kb, uint nk, bool valueThread, uint kq, uint nq, uint D4, uint base) {
    [[unroll]] for (uint u = 0u; u < LOADS; ++u) {
        const uint jj = kq + u * nq;
        vv[u] = vec4(0.0);
        if (valueThread && jj < nk) vv[u] = vc[((kb + jj) % p.cacheRows) * p.kvHeads * D4 + base];
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint D = p.headDim;
    const uint D4 = D / 4u;
    const uint G = p.heads / p.kvHeads;
    const uint Gb = p.groupHeads;
    const uint ng = (G + Gb - 1u) / Gb;
    const uint split = gl_WorkGroupID.x;
    const uint kvh = gl_WorkGroupID.y / ng;
    const uint hg = gl_WorkGroupID.y - kvh * ng;
    const uint h0 = kvh * G + hg * Gb;       // first query head of the group
    const uint nh = min(Gb, G - hg * Gb);    // heads of the group
    const uint pos = p.pos;

    // Keys of the split: [sLo, sEnd); the last split ends at pos (inclusive).
    const uint lo = (p.window > 0u && pos + 1u > p.window) ? pos + 1u - p.window : 0u;
    const uint sLo = lo + split * p.keysPerSplit;
    uint sEnd = min(pos + 1u, sLo + p.keysPerSplit);
    const bool lastSplit = split == p.splits - 1u;
    // This workgroup forms the new key and value itself (and leaves pos out of the cache loop).
    const bool kvNew = p.storeKv != 0u && lastSplit;
    if (kvNew) sEnd = pos;

    // Thread roles. Scores: key t / PARTS of the tile, head vec4s part, part + PARTS, ...
    const uint PARTS = D4 > 64u ? 16u : 8u;
    const uint TK = WG / PARTS;
    const uint key = t / PARTS;
    const uint part = t % PARTS;
    // Softmax: head sh, key j (the running max in a register).
    const uint sh = t / TK;
    const uint j = t % TK;
    // Values: dims vec4 d4, keys kq, kq + NQ, ... of each tile.
    const uint NQ = WG / D4;
    const uint d4 = t % D4;
    const uint kq = t / D4;
    const bool valueThread = kq < NQ;
    const uint headVec4 = kvh * D4;

    // The first tile's K and V loads go out before the prologue, which runs while they are in
    // flight (a split of one tile waits for memory once, not twice).
    if (sLo < sEnd) {
        loadK(sLo, min(TK, sEnd - sLo), key, part, PARTS, D4, headVec4);
        loadV(sLo, min(TK, sEnd - sLo), valueThread, kq, NQ, D4, headVec4 + d4);
    }

    // ---- prologue: stage the raw q heads (and k, v), the RoPE angles ---------------------------
    // The norm weights this invocation applies below are loaded now too, with everything else.
    const uint half_ = p.ropeDims / 2u;
    vec4 wOwn[2];   // q norm weights of the elements of output vec4 t + r * WG
    vec4 wPair[2];  // ... and of their RoPE partners
    [[unroll]] for (uint r = 0u; r < 2u; ++r) {
        const uint idx = t + r * WG;
        wOwn[r] = vec4(0.0);
        wPair[r] = vec4(0.0);
        if (idx < nh * D4) {
            const uint h = idx / D4;
            [[unroll]] for (uint c = 0u; c < 4u; ++c) {
                const uint i = 4u * (idx - h * D4) + c;
                const uint partner = i < half_ ? i + half_ : (i < p.ropeDims ? i - half_ : i);
                wOwn[r][c] = nw[p.qNormOffset + i];
                wPair[r][c] = nw[p.qNormOffset + partner];
            }
        }
    }
    float wk0 = 0.0, wk1 = 0.0;  // k norm weights of pair t (half_ <= WG)
    if (kvNew && t < half_) {
        wk0 = nw[p.kNormOffset + t];
        wk1 = nw[p.kNormOffset + t + half_];
    }
    for (uint idx = t; idx < nh * D4; idx += WG) {
        const uint a = p.qOffset + h0 * D + 4u * idx;
        qs[idx] = vec4(act[a], act[a + 1u], act[a + 2u], act[a + 3u]);
    }
    if (kvNew) {
        for (uint i = t; i < D; i += WG) {
            red[K_RAW + i] = act[p.kOffset + kvh * D + i];
            red[V_RAW + i] = act[p.vOffset + kvh * D + i];
        }
    }
    {
        // -2 * log2(base) / ropeDims: freq_j = exp2(j * freqScale) (qkv_prep.comp).
        const float freqScale = -2.0 * log2(p.base) / float(p.ropeDims);
        const float position = float(pos);
        for (uint j = t; j < half_; j += WG) {
            float freq = exp2(float(j) * freqScale);
            if (p.useFactors != 0u) freq /= nw[p.fOffset + j];
            precise float theta = position * freq;
            const float k = round(theta * INV_TWO_PI);
            theta = (theta - k * TWO_PI_HI) - k * TWO_PI_LO;
            red[COS + j] = cos(theta);
            red[SIN + j] = sin(theta);
        }
    }
    sync();

    // ---- sums of squares: the nh q heads, then k and v; one team of threads per vector --------
    const uint nv = nh + (kvNew ? 2u : 0u);
    // Teams of at most 16 threads: each adds a few vec4s, then a tree of <= 4 barriers.
    const uint team = min(16u, WG / teamsFor(nv));
    {
        const uint v = t / team;
        const uint lane = t % team;
        float ss = 0.0;
        if (v < nh) {
            for (uint i = lane; i < D4; i += team) {
                const vec4 x = qs[v * D4 + i];
                ss += dot(x, x);
            }
        } else if (v < nv) {
            const uint at = v == nh ? K_RAW : V_RAW;
            for (uint i = lane; i < D; i += team) {
                const float x = red[at + i];
                ss += x * x;
            }
        }
        red[PART + t] = ss;
    }
    teamSum(team);

    // ---- norm + RoPE: q into registers first (the rotation reads other threads' elements), then
    // back into qs as whole vec4s; k' (by pairs, each pair one thread's) and v' in place ---------
    vec4 qn[2];
    [[unroll]] for (uint r = 0u; r < 2u; ++r) {
        const uint idx = t + r * WG;  // output vec4 (head h, i4) of the group
        qn[r] = vec4(0.0);
        if (idx < nh * D4) {
            const uint h = idx / D4;
            const uint e = h * D;
            const float inv = inversesqrt(red[PART + h * team] / float(D) + p.eps);
            [[unroll]] for (uint c = 0u; c < 4u; ++c) {
                const uint i = 4u * (idx - h * D4) + c;
                const float x = qGet(e + i) * inv * wOwn[r][c];
                float y;
                if (i < half_) {
                    const float x1 = qGet(e + i + half_) * inv * wPair[r][c];
                    y = x * red[COS + i] - x1 * red[SIN + i];
                } else if (i < p.ropeDims) {
                    const uint jj = i - half_;
                    const float x0 = qGet(e + jj) * inv * wPair[r][c];
                    y = x * red[COS + jj] + x0 * red[SIN + jj];
                } else {
                    y = x;
                }
                qn[r][c] = y;
            }
        }
    }
    if (kvNew) {
        const float invK = inversesqrt(red[PART + nh * team] / float(D) + p.eps);
        const float invV = inversesqrt(red[PART + (nh + 1u) * team] / float(D) + p.eps);
        if (t < half_) {
            const float x0 = red[K_RAW + t] * invK * wk0;
            const float x1 = red[K_RAW + t + half_] * invK * wk1;
            const float c = red[COS + t];
            const float s = red[SIN + t];
            red[K_RAW + t] = x0 * c - x1 * s;
            red[K_RAW + t + half_] = x1 * c + x0 * s;
        }
        for (uint i = p.ropeDims + t; i < D; i += WG)
            red[K_RAW + i] = red[K_RAW + i] * invK * nw[p.kNormOffset + i];
        for (uint i = t; i < D; i += WG)
            red[V_RAW + i] = red[V_RAW + i] * invV;
    }
    sync();
    [[unroll]] for (uint r = 0u; r < 2u; ++r) {
        if (t + r * WG < nh * D4) qs[t + r * WG] = qn[r];
    }
    sync();

    // ---- the new key: cache store (head group 0) and its score with every head ----------------
    const uint rowVec4 = p.kvHeads * D4;
    if (kvNew && hg == 0u) {
        const uint slot = (pos % p.cacheRows) * rowVec4 + headVec4;
        for (uint i = t; i < D4; i += WG) {
            const uint e = 4u * i;
            kc[slot + i] = vec4(red[K_RAW + e], red[K_RAW + e + 1u], red[K_RAW + e + 2u],
                                red[K_RAW + e + 3u]);
            vc[slot + i] = vec4(red[V_RAW + e], red[V_RAW + e + 1u], red[V_RAW + e + 2u],
                                red[V_RAW + e + 3u]);
        }
    }
    const uint dotTeam = min(16u, WG / teamsFor(nh));
    if (kvNew) {
        const uint v = t / dotTeam;
        const uint lane = t % dotTeam;
        float d = 0.0;
        if (v < nh) {
            for (uint i = lane; i < D4; i += dotTeam) {
                const uint e = 4u * i;
                d += dot(qs[v * D4 + i], vec4(red[K_RAW + e], red[K_RAW + e + 1u],
                                              red[K_RAW + e + 2u], red[K_RAW + e + 3u]));
            }
        }
        red[PART + t] = d;
        teamSum(dotTeam);
    }

    // Online-softmax state, started from the new key when this workgroup formed it.
    float mRun = NONE;
    if (kvNew && sh < nh) mRun = red[PART + sh * dotTeam] * p.scale;
    vec4 acc[MAX_G];
    float lSum[MAX_G];
    {
        const bool first = kvNew && kq == 0u;
        const uint e = 4u * d4;
        const vec4 v0 = first ? vec4(red[V_RAW + e], red[V_RAW + e + 1u], red[V_RAW + e + 2u],
                                     red[V_RAW + e + 3u])
                              : vec4(0.0);
        [[unroll]] for (uint h = 0u; h < MAX_G; ++h) {
            acc[h] = v0;
            lSum[h] = first ? 1.0 : 0.0;
        }
    }
    sync();  // red[] now belongs to the key loop

    // ---- key loop ----------------------------------------------------------------------------
    // Every tile's loads are in flight before anything waits on them: the next tile's K as soon
    // as the scores no longer need kv[], its V once the values no longer need vv[].
    for (uint kb = sLo; kb < sEnd; kb += TK) {
        const uint nk = min(TK, sEnd - kb);
        const uint next = kb + TK;
        const uint nextNk = next < sEnd ? min(TK, sEnd - next) : 0u;

        // Partial scores over this thread's vec4s, for every head of the group.
        float s[MAX_G];
        [[unroll]] for (uint h = 0u; h < MAX_G; ++h)
            s[h] = 0.0;
        [[unroll]] for (uint u = 0u; u < LOADS; ++u) {
            const uint i = min(part + u * PARTS, D4 - 1u);  // kv[u] is 0 past the head
            [[unroll]] for (uint h = 0u; h < MAX_G; ++h) {
                if (h < nh) s[h] += dot(qs[h * D4 + i], kv[u]);
            }
        }
        [[unroll]] for (uint h = 0u; h < MAX_G; ++h) {
            if (h < nh) {
                const uint row = (h * TK + key) * PARTS;
                red[row + ((part + (row >> 5u)) & (PARTS - 1u))] = s[h];
            }
        }
        if (nextNk > 0u) loadK(next, nextNk, key, part, PARTS, D4, headVec4);
        sync();

        // Scores: sum of the parts, scaled, masked, into slot 0 of (sh, j).
        float sc = NONE;
        if (sh < nh) {
            float sum = 0.0;
            const uint row = (sh * TK + j) * PARTS;
            for (uint q = 0u; q < PARTS; ++q)
                sum += red[row + ((q + (row >> 5u)) & (PARTS - 1u))];
            if (j < nk) sc = sum * p.scale;
            red[(sh * TK + j) * PARTS] = sc;
        }
        sync();

        // Online softmax: tile maximum, new running maximum, probabilities, rescale factor.
        if (sh < nh) {
            float tileMax = NONE;
            for (uint jj = 0u; jj < TK; ++jj)
                tileMax = max(tileMax, red[(sh * TK + jj) * PARTS]);
            const float mNew = max(mRun, tileMax);
            red[(sh * TK + j) * PARTS + 1u] = sc > NONE ? exp(sc - mNew) : 0.0;
            if (j == 0u) red[sh * TK * PARTS + 2u] = mRun > NONE ? exp(mRun - mNew) : 0.0;
            mRun = mNew;
        }
        sync();

        // Values: acc = acc * alpha + sum_j p_j V[j] over this thread's keys.
        if (valueThread) {
            [[unroll]] for (uint h = 0u; h < MAX_G; ++h) {
                if (h < nh) {
                    const float alpha = red[h * TK * PARTS + 2u];
                    acc[h] *= alpha;
                    lSum[h] *= alpha;
                }
            }
            [[unroll]] for (uint u = 0u; u < LOADS; ++u) {
                const uint jj = kq + u * NQ;
                if (jj < nk) {
                    [[unroll]] for (uint h = 0u; h < MAX_G; ++h) {
                        if (h < nh) {
                            const float pr = red[(h * TK + jj) * PARTS + 1u];
                            acc[h] += pr * vv[u];
                            lSum[h] += pr;
                        }
                    }
                }
            }
        }
        if (nextNk > 0u) loadV(next, nextNk, valueThread, kq, NQ, D4, headVec4 + d4);
        // red[] is overwritten by the next tile's partial scores.
        sync();
    }

    // ---- this split's result: the value threads' key subsets added, two heads at a time -------
    const uint recLen = D + 4u;
    const bool single = p.splits == 1u;
    if (!single && sh < nh && j == 0u) {
        sx[p.scratchOffset + ((h0 + sh) * p.splits + split) * recLen] = floatBitsToUint(mRun);
    }
    for (uint r0 = 0u; r0 < nh; r0 += 2u) {
        if (valueThread) {
            [[unroll]] for (uint h = 0u; h < MAX_G; ++h) {
                if (h < nh && (h == r0 || h == r0 + 1u)) {
                    qs[((h - r0) * NQ + kq) * D4 + d4] = acc[h];
                    if (d4 == 0u) red[(h - r0) * NQ + kq] = lSum[h];
                }
            }
        }
        sync();
        const uint hh = t / D4;
        const uint h = r0 + hh;
        if (hh < 2u && h < nh) {
            vec4 a = vec4(0.0);
            float l = 0.0;
            for (uint q = 0u; q < NQ; ++q) {
                a += qs[(hh * NQ + q) * D4 + d4];
                l += red[hh * NQ + q];
            }
            if (single) {
                const vec4 o = l > 0.0 ? a / l : vec4(0.0);
                const uint at = p.oOffset + (h0 + h) * D + 4u * d4;
                act[at] = o.x;
                act[at + 1u] = o.y;
                act[at + 2u] = o.z;
                act[at + 3u] = o.w;
            } else {
                const uint rec = p.scratchOffset + ((h0 + h) * p.splits + split) * recLen;
                if (d4 == 0u) {
                    sx[rec + 1u] = floatBitsToUint(l);
                    sx[rec + 2u] = 0u;
                    sx[rec + 3u] = 0u;
                }
                sx[rec + 4u + d4] = floatBitsToUint(a.x);
                sx[rec + 4u + D4 + d4] = floatBitsToUint(a.y);
                sx[rec + 4u + 2u * D4 + d4] = floatBitsToUint(a.z);
                sx[rec + 4u + 3u * D4 + d4] = floatBitsToUint(a.w);
            }
        }
        sync();
    }
    if (single) return;

    // ---- completion count; the last workgroup of the (KV head, head group) combines -----------
    memoryBarrierBuffer();
    barrier();
    const uint counter = p.counterOffset + gl_WorkGroupID.y;
    if (t == 0u) {
        const uint done = atomicAdd(sx[counter], 1u);
        red[0] = done == p.splits - 1u ? 1.0 : 0.0;
    }
    sync();
    if (red[0] == 0.0) return;
    memoryBarrierBuffer();

    // Thread t combines (head, d4) pairs t and t + WG (nh * D4 <= 512), online over the splits,
    // eight splits' loads issued at a time.
    const uint pairs = nh * D4;
    const uint pa = t;
    const uint pb = min(t + WG, max(pairs, 1u) - 1u);
    const bool hasA = pa < pairs;
    const bool hasB = t + WG < pairs;
    const uint ha = min(pa, max(pairs, 1u) - 1u) / D4;
    const uint hb = pb / D4;
    const uint da = min(pa, max(pairs, 1u) - 1u) - ha * D4;
    const uint db = pb - hb * D4;
    const uint recA = p.scratchOffset + (h0 + ha) * p.splits * recLen;
    const uint recB = p.scratchOffset + (h0 + hb) * p.splits * recLen;
    float mA = NONE, mB = NONE, lA = 0.0, lB = 0.0;
    vec4 aA = vec4(0.0), aB = vec4(0.0);
    for (uint s0 = 0u; s0 < p.splits; s0 += 8u) {
        float ms[16];
        float ls[16];
        vec4 as[16];
        [[unroll]] for (uint u = 0u; u < 16u; ++u) {
            const uint sp = min(s0 + (u & 7u), p.splits - 1u);
            const uint rec = (u < 8u ? recA : recB) + sp * recLen;
            const uint dd = u < 8u ? da : db;
            ms[u] = NONE;
            ls[u] = 0.0;
            as[u] = vec4(0.0);
            if (u < 8u || hasB) {
                ms[u] = uintBitsToFloat(sx[rec]);
                ls[u] = uintBitsToFloat(sx[rec + 1u]);
                as[u] = vec4(uintBitsToFloat(sx[rec + 4u + dd]),
                             uintBitsToFloat(sx[rec + 4u + D4 + dd]),
                             uintBitsToFloat(sx[rec + 4u + 2u * D4 + dd]),
                             uintBitsToFloat(sx[rec + 4u + 3u * D4 + dd]));
            }
        }
        [[unroll]] for (uint u = 0u; u < 16u; ++u) {
            if (s0 + (u & 7u) < p.splits && ms[u] > NONE) {
                if (u < 8u) {
                    const float mN = max(mA, ms[u]);
                    const float x = mA > NONE ? exp(mA - mN) : 0.0;
                    const float y = exp(ms[u] - mN);
                    aA = aA * x + as[u] * y;
                    lA = lA * x + ls[u] * y;
                    mA = mN;
                } else {
                    const float mN = max(mB, ms[u]);
                    const float x = mB > NONE ? exp(mB - mN) : 0.0;
                    const float y = exp(ms[u] - mN);
                    aB = aB * x + as[u] * y;
                    lB = lB * x + ls[u] * y;
                    mB = mN;
                }
            }
        }
    }
    if (hasA) {
        const vec4 o = lA > 0.0 ? aA / lA : vec4(0.0);
        const uint at = p.oOffset + (h0 + ha) * D + 4u * da;
        act[at] = o.x;
        act[at + 1u] = o.y;
        act[at + 2u] = o.z;
        act[at + 3u] = o.w;
    }
    if (hasB) {
        const vec4 o = lB > 0.0 ? aB / lB : vec4(0.0);
        const uint at = p.oOffset + (h0 + hb) * D + 4u * db;
        act[at] = o.x;
        act[at + 1u] = o.y;
        act[at + 2u] = o.z;
        act[at + 3u] = o.w;
    }
    // Ready for the next dispatch (which a pipeline barrier separates from this one).
    if (t == 0u) sx[counter] = 0u;
}
