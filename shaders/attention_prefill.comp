#version 450
#extension GL_GOOGLE_include_directive : require
// Loops over compile-time bounds are unrolled so the register blocks keep constant indices (the
// hint reaches Vulkan drivers and HLSL; the GLSL and MSL translations drop it harmlessly).
#extension GL_EXT_control_flow_attributes : require
// Flash attention for prefill chunks (queries > 1): the same maths, parameters and scratch
// records as shaders/attention.comp (AttentionParams in engine/gpu/kernel_params.h; the caller is
// recordAttention in engine/gpu/attention_ops.cpp, which picks this kernel for prefill and
// attention.comp's stage 1 to combine key splits), shaped for many queries per K/V row:
//   o[r][h] = sum_k softmax_k(scale * q[r][h] . K[k][h / G]) V[k][h / G]
// over the keys kp <= qp (and kp > qp - window when window > 0), qp = firstPos + r.
//
// A workgroup of 128 threads owns a block of M <= 16 (query row, head) pairs: R consecutive rows
// times Gb heads of one KV head (E2B's 8:1 grouping: 2 rows x 8 heads), so every K and V value
// it reads serves 16 pairs. It walks the keys the block can see (kLo .. its last row; with
// splits > 1 split number gl_WorkGroupID.x of them) in tiles of 64 keys, each tile as two small
// matrix products with all operands in shared memory or registers:
//   scores  S[16 x 64] = Q K^T: the head dimension is streamed in chunks of 64 values; per chunk
//           the 64 x 64 K slice and the 16 x 64 Q slice are staged in shared memory (loaded into
//           registers one chunk ahead, so the global loads overlap the arithmetic). Thread
//           (pg, dh, kq) accumulates the 16 partial scores of pairs 8 pg .. 8 pg + 7 with keys
//           kq and kq + 32 over half dh of every chunk: per 4 dims 2 vec4 K reads (its own rows;
//           rows padded to 17 vec4 so 8 consecutive keys hit 8 different bank groups) and 8 vec4
//           Q reads that are the same address for the whole warp (broadcasts), for 64 FMAs. The
//           two halves of a score meet in shared memory (pS[half][key][pair]).
//   softmax online per pair in the exp2 domain (scores scaled by scale * log2 e): thread
//           (pair, sub) takes keys sub, sub + 8, ... of the tile, adds the halves, scales and
//           masks; the tile maximum goes through shared memory, then each thread writes its 8
//           probabilities p = exp2(s - m_new) into pS and keeps a partial row sum (rescaled by
//           exp2(m_old - m_new) per tile, summed over the 8 threads at the end).
//   values  O[16 x D] += P V: thread (pg, col) keeps an 8 pairs x (1 or 2 vec4 columns) register
//           block of O (columns col and col + 64: D <= 256 uses one, D <= 512 two); per key and
//           column it reads 2 vec4 of probabilities (broadcasts) and one V vec4 (coalesced from
//           the cache, 8 keys' loads issued together) for 32 FMAs.
// Barriers per tile: 2 per head-dim chunk - 1, plus 3 for the softmax.
// Masking: keys past the block's last row, before its window or (last tile) past the range get
// score -inf (NONE) and probability 0; their loads read a valid key of the tile instead (never
// a stale slot, whose contents may be anything). Blocks are dispatched heaviest first (the last
// rows of a causal chunk see the most keys), so the long blocks do not start last.
//
// Output: with one split, o = acc / l into the act binding; with several, the partial record of
// this split in attention.comp's format: record ((r * heads + h) * splits + split) of
// headDim + 4 floats [m, l, 0, 0, acc[headDim]] from scratchOffset, m in natural-log units
// (NONE when the split saw no key of the pair); attention.comp's stage 1 combines them.
//
// The block shape (R, Gb, head groups) is derived from the parameters exactly as
// prefillLayout() in engine/gpu/attention_ops.cpp does it; keep them in sync. Grid:
// (splits, kvHeads * headGroups, ceil(queries / R)). Shared memory: 31.6 KiB (within the
// 32 KiB that OpenGL, Metal and D3D11 guarantee; attention.comp needs 32 too).
// p.stage and p.pairCap are not used here.
layout(local_size_x = 128) in;

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
    uint splits;         // key splits (1: the output is written directly)
    uint scratchOffset;  // float offset of the partial records in the scratch binding
    uint stage;          // unused (attention.comp's combine is stage 1 of that kernel)
    uint pairCap;        // unused
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) buffer KCache { vec4 kc[]; };
layout(std430, binding = 3) buffer VCache { vec4 vc[]; };
layout(std430, binding = 4) buffer Scratch { float scratch[]; };

const uint WG = 128u;
const uint BM = 16u;             // (row, head) pairs per workgroup
const uint BN = 64u;             // keys per tile
const uint DC4 = 16u;            // vec4 per head-dim chunk (64 values)
const uint KROW = DC4 + 1u;      // padded K row in shared memory (vec4)
const uint PROW = 5u;            // probability row: 16 pairs + 4 floats of padding (vec4)
const uint KLOADS = BN * DC4 / WG;   // K vec4 staged per thread and chunk (8)
const uint QLOADS = BM * DC4 / WG;   // Q vec4 staged per thread and chunk (2)
const uint VUNROLL = 8u;         // V rows loaded together in the value loop
const float NONE = -3.0e38;      // "no visible key" (finite: drivers may flush infinities)
const uint NO_POS = 0xFFFFFFFFu; // pairPos of a pair past the last row or head
const float LOG2E = 1.4426950408889634;
const float LN2 = 0.6931471805599453;

shared vec4 kS[BN * KROW];   // K chunk [key][vec4], 17 KiB
shared vec4 qS[BM * DC4];    // Q chunk [pair][vec4], 4 KiB
shared vec4 pS[2u * BN * PROW];  // score halves [half][key][pair]; probabilities in half 0, 10 KiB
shared float red[8u * BM];   // per-pair partial maxima / sums of the 8 softmax threads
shared float alphaS[BM];     // per-pair rescale factor of the tile
shared uint pairPos[BM];     // query position of each pair (NO_POS: padding)

// Block geometry, fixed per workgroup (set in main).
uint gD4, gRowVec4, gHeadVec4;

// Loads chunk c of the tile at key position kb (nk keys, first slot slot0) into registers: the
// K slice of every key of the tile and the Q slice of every pair (zeros past the head dim and
// for padding pairs).
void fetchChunk(uint t, uint slot0, uint nk, uint c, uint qAt0, uint qAt1, bool qOk0, bool qOk1,
                out vec4 sk[KLOADS], out vec4 sq[QLOADS]) {
    const uint i = t % DC4;
    const uint d4 = c * DC4 + i;
    const bool inHead = d4 < gD4;
    [[unroll]] for (uint u = 0u; u < KLOADS; ++u) {
        const uint key = min((t + u * WG) / DC4, nk - 1u);
        uint slot = slot0 + key;
        if (slot >= p.cacheRows) slot -= p.cacheRows;
        sk[u] = inHead ? kc[slot * gRowVec4 + gHeadVec4 + d4] : vec4(0.0);
    }
    [[unroll]] for (uint u = 0u; u < QLOADS; ++u) {
        const bool ok = inHead && (u == 0u ? qOk0 : qOk1);
        const uint a = (u == 0u ? qAt0 : qAt1) + 4u * d4;
        sq[u] = ok ? vec4(act[a], act[a + 1u], act[a + 2u], act[a + 3u]) : vec4(0.0);
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint D = p.headDim;
    const uint D4 = D / 4u;
    gD4 = D4;
    // Block shape (prefillLayout() in attention_ops.cpp).
    const uint G = p.heads / p.kvHeads;
    const uint ng = (G + BM - 1u) / BM;
    const uint gb = (G + ng - 1u) / ng;
    const uint R = clamp(BM / gb, 1u, p.queries);
    const uint M = R * gb;
    const uint qBlocks = (p.queries + R - 1u) / R;

    const uint split = gl_WorkGroupID.x;
    const uint kvh = gl_WorkGroupID.y / ng;
    const uint hg = gl_WorkGroupID.y - kvh * ng;
    const uint h0 = kvh * G + hg * gb;
    const uint r0 = (qBlocks - 1u - gl_WorkGroupID.z) * R;  // heaviest (last) blocks first
    const uint rowCount = min(R, p.queries - r0);
    const uint headCount = min(gb, G - hg * gb);

    if (t < BM) {
        const uint rl = t / gb;
        const uint hh = t - rl * gb;
        pairPos[t] = (t < M && rl < rowCount && hh < headCount) ? p.firstPos + r0 + rl : NO_POS;
    }
    // The two pairs whose Q this thread stages (pairs t / 16 and t / 16 + 8).
    uint qAt[2];
    bool qOk[2];
    [[unroll]] for (uint u = 0u; u < QLOADS; ++u) {
        const uint pair = (t + u * WG) / DC4;
        const uint rl = pair / gb;
        const uint hh = pair - rl * gb;
        qOk[u] = pair < M && rl < rowCount && hh < headCount;
        qAt[u] = qOk[u] ? p.qOffset + (r0 + rl) * p.qStride + (h0 + hh) * D : 0u;
    }

    // Keys of the block: [kLo, qLast]; this workgroup's split of them: [sLo, sEnd).
    const uint qFirst = p.firstPos + r0;
    const uint qLast = qFirst + rowCount - 1u;
    const uint kLo = (p.window > 0u && qFirst + 1u > p.window) ? qFirst + 1u - p.window : 0u;
    const uint span = qLast + 1u - kLo;
    const uint per = ((span + p.splits - 1u) / p.splits + BN - 1u) / BN * BN;
    const uint sLo = kLo + min(split * per, span);
    const uint sEnd = min(qLast + 1u, sLo + per);
    const uint nTiles = (sEnd - sLo + BN - 1u) / BN;
    const uint nChunks = (D4 + DC4 - 1u) / DC4;
    gRowVec4 = p.kvHeads * D4;
    gHeadVec4 = kvh * D4;
    const float sScale = p.scale * LOG2E;

    // Thread roles. Scores: pairs 8 pg .. 8 pg + 7 with keys kq and kq + 32 over half dh of
    // each chunk. Values: the same pairs with head columns lane and lane + 64. Softmax: pair sm,
    // keys sub, sub + 8, ...
    const uint pg = t / BN;
    const uint lane = t % BN;
    const uint dh = (t / 32u) % 2u;
    const uint kq = t % 32u;
    const uint sm = t % BM;
    const uint sub = t / BM;
    const uint ncols = D4 > BN ? 2u : 1u;

    float mRun = NONE;  // running maximum of pair sm (exp2 domain; the same in all 8 threads)
    float lPart = 0.0;  // this softmax thread's share of pair sm's probability sum
    vec4 acc[16];       // O block: pair 8 pg + m, column lane + 64 cc at acc[2 m + cc]
    [[unroll]] for (uint i = 0u; i < 16u; ++i)
        acc[i] = vec4(0.0);

    vec4 sk[KLOADS];
    vec4 sq[QLOADS];
    if (nTiles > 0u) {
        fetchChunk(t, sLo % p.cacheRows, min(BN, sEnd - sLo), 0u, qAt[0], qAt[1], qOk[0], qOk[1],
                   sk, sq);
    }
    for (uint tile = 0u; tile < nTiles; ++tile) {
        const uint kb = sLo + tile * BN;
        const uint nk = min(BN, sEnd - kb);
        const uint slot0 = kb % p.cacheRows;

        // Partial scores of this thread's 8 pairs with keys kq (s[m]) and kq + 32 (s[8 + m]),
        // over its half of every chunk of the head.
        float s[16];
        [[unroll]] for (uint m = 0u; m < 16u; ++m)
            s[m] = 0.0;
        for (uint c = 0u; c < nChunks; ++c) {
            // The previous chunk's readers are done (at c == 0 the softmax barriers of the
            // previous tile stand between them and these stores).
            if (c > 0u) {
                memoryBarrierShared();
                barrier();
            }
            [[unroll]] for (uint u = 0u; u < KLOADS; ++u) {
                const uint idx = t + u * WG;
                kS[(idx / DC4) * KROW + idx % DC4] = sk[u];
            }
            [[unroll]] for (uint u = 0u; u < QLOADS; ++u)
                qS[t + u * WG] = sq[u];
            memoryBarrierShared();
            barrier();
            // The next chunk (of this tile or the next one) into registers while this one is
            // multiplied.
            if (c + 1u < nChunks) {
                fetchChunk(t, slot0, nk, c + 1u, qAt[0], qAt[1], qOk[0], qOk[1], sk, sq);
            } else if (tile + 1u < nTiles) {
                const uint kn = kb + BN;
                fetchChunk(t, kn % p.cacheRows, min(BN, sEnd - kn), 0u, qAt[0], qAt[1], qOk[0],
                           qOk[1], sk, sq);
            }
            const uint k0 = kq * KROW + dh * (DC4 / 2u);
            const uint k1 = k0 + 32u * KROW;
            const uint q0 = pg * 8u * DC4 + dh * (DC4 / 2u);
            if (nk > 32u) {
                [[unroll]] for (uint i = 0u; i < DC4 / 2u; ++i) {
                    const vec4 kv0 = kS[k0 + i];
                    const vec4 kv1 = kS[k1 + i];
                    [[unroll]] for (uint m = 0u; m < 8u; ++m) {
                        const vec4 q = qS[q0 + m * DC4 + i];
                        s[m] += dot(q, kv0);
                        s[8u + m] += dot(q, kv1);
                    }
                }
            } else {
                // A short tile (the last of a causal block, or a window's one-key overhang):
                // keys 32.. are masked anyway, so their half of the products is skipped.
                [[unroll]] for (uint i = 0u; i < DC4 / 2u; ++i) {
                    const vec4 kv0 = kS[k0 + i];
                    [[unroll]] for (uint m = 0u; m < 8u; ++m)
                        s[m] += dot(qS[q0 + m * DC4 + i], kv0);
                }
            }
        }

        // Partial scores into pS[dh][key][pair].
        {
            const uint a0 = (dh * BN + kq) * PROW + pg * 2u;
            const uint a1 = a0 + 32u * PROW;
            pS[a0] = vec4(s[0], s[1], s[2], s[3]);
            pS[a0 + 1u] = vec4(s[4], s[5], s[6], s[7]);
            pS[a1] = vec4(s[8], s[9], s[10], s[11]);
            pS[a1 + 1u] = vec4(s[12], s[13], s[14], s[15]);
        }
        memoryBarrierShared();
        barrier();

        // Online softmax of pair sm: tile maximum, new running maximum, probabilities in place.
        const uint pv = sm / 4u;
        const uint pc = sm % 4u;
        // Scores: the two halves added, scaled, masked.
        const uint qp = pairPos[sm];
        float sv[BN / 8u];
        float mx = NONE;
        [[unroll]] for (uint u = 0u; u < BN / 8u; ++u) {
            const uint key = sub + 8u * u;
            const uint at = key * PROW + pv;
            const float sum = pS[at][pc] + pS[at + BN * PROW][pc];
            const uint kp = kb + key;
            const bool visible = key < nk && qp != NO_POS && kp <= qp &&
                                 (p.window == 0u || kp + p.window > qp);
            sv[u] = visible ? sum * sScale : NONE;
            mx = max(mx, sv[u]);
        }
        red[sub * BM + sm] = mx;
        memoryBarrierShared();
        barrier();
        float tileMax = NONE;
        [[unroll]] for (uint u = 0u; u < 8u; ++u)
            tileMax = max(tileMax, red[u * BM + sm]);
        const float mNew = max(mRun, tileMax);
        const float alpha = mRun > NONE ? exp2(mRun - mNew) : 0.0;
        lPart *= alpha;
        [[unroll]] for (uint u = 0u; u < BN / 8u; ++u) {
            const float pr = sv[u] > NONE ? exp2(sv[u] - mNew) : 0.0;
            lPart += pr;
            pS[(sub + 8u * u) * PROW + pv][pc] = pr;
        }
        if (sub == 0u) alphaS[sm] = alpha;
        mRun = mNew;
        memoryBarrierShared();
        barrier();

        // Values: acc = acc * alpha + sum_j p_j V[j].
        if (lane < D4) {
            [[unroll]] for (uint m = 0u; m < 8u; ++m) {
                const float a = alphaS[pg * 8u + m];
                acc[2u * m] *= a;
                acc[2u * m + 1u] *= a;
            }
            // Column by column (the second only at D > 256): VUNROLL loads in flight, each V
            // vec4 used for 8 pairs. Keys past nk have probability 0; their loads read key
            // nk - 1 (valid memory), so every group of VUNROLL loads is issued at once.
            [[unroll]] for (uint cc = 0u; cc < 2u; ++cc) {
                if (cc >= ncols || lane + BN * cc >= D4) continue;
                for (uint j0 = 0u; j0 < nk; j0 += VUNROLL) {
                    vec4 v[VUNROLL];
                    [[unroll]] for (uint u = 0u; u < VUNROLL; ++u) {
                        uint slot = slot0 + min(j0 + u, nk - 1u);
                        if (slot >= p.cacheRows) slot -= p.cacheRows;
                        v[u] = vc[slot * gRowVec4 + gHeadVec4 + lane + BN * cc];
                    }
                    [[unroll]] for (uint u = 0u; u < VUNROLL; ++u) {
                        const uint j = min(j0 + u, BN - 1u);
                        const bool live = j0 + u < nk;
                        const vec4 pa = live ? pS[j * PROW + pg * 2u] : vec4(0.0);
                        const vec4 pb = live ? pS[j * PROW + pg * 2u + 1u] : vec4(0.0);
                        acc[0u + cc] += pa.x * v[u];
                        acc[2u + cc] += pa.y * v[u];
                        acc[4u + cc] += pa.z * v[u];
                        acc[6u + cc] += pa.w * v[u];
                        acc[8u + cc] += pb.x * v[u];
                        acc[10u + cc] += pb.y * v[u];
                        acc[12u + cc] += pb.z * v[u];
                        acc[14u + cc] += pb.w * v[u];
                    }
                }
            }
        }
        // pS and alphaS are next written after the next tile's chunk barriers.
    }

    // Probability sums: the 8 softmax threads' shares of each pair (red was last read before
    // the value loop's barrier).
    red[sub * BM + sm] = lPart;
    memoryBarrierShared();
    barrier();

    const uint recLen = D + 4u;
    if (p.splits > 1u && sub == 0u && pairPos[sm] != NO_POS) {
        const uint rl = sm / gb;
        const uint hh = sm - rl * gb;
        const uint rec =
            p.scratchOffset + (((r0 + rl) * p.heads + h0 + hh) * p.splits + split) * recLen;
        float l = 0.0;
        [[unroll]] for (uint u = 0u; u < 8u; ++u)
            l += red[u * BM + sm];
        scratch[rec] = mRun > NONE ? mRun * LN2 : NONE;
        scratch[rec + 1u] = l;
        scratch[rec + 2u] = 0.0;
        scratch[rec + 3u] = 0.0;
    }
    if (lane >= D4) return;
    [[unroll]] for (uint m = 0u; m < 8u; ++m) {
        const uint pair = pg * 8u + m;
        if (pairPos[pair] == NO_POS) continue;
        const uint rl = pair / gb;
        const uint hh = pair - rl * gb;
        float l = 0.0;
        [[unroll]] for (uint u = 0u; u < 8u; ++u)
            l += red[u * BM + pair];
        [[unroll]] for (uint cc = 0u; cc < 2u; ++cc) {
            const uint d4 = lane + BN * cc;
            if (cc >= ncols || d4 >= D4) continue;
            vec4 o = acc[2u * m + cc];
            uint a;
            if (p.splits == 1u) {
                o = l > 0.0 ? o / l : vec4(0.0);
                a = p.oOffset + (r0 + rl) * p.oStride + (h0 + hh) * D + 4u * d4;
                act[a] = o.x;
                act[a + 1u] = o.y;
                act[a + 2u] = o.z;
                act[a + 3u] = o.w;
            } else {
                a = p.scratchOffset +
                    (((r0 + rl) * p.heads + h0 + hh) * p.splits + split) * recLen + 4u + 4u * d4;
                scratch[a] = o.x;
                scratch[a + 1u] = o.y;
                scratch[a + 2u] = o.z;
                scratch[a + 3u] = o.w;
            }
        }
    }
}
