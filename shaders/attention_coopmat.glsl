// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The tensor-core body of shaders/attention.comp (AT_COOPMAT): causal (optionally sliding-window)
// attention with grouped KV heads against the KV cache, for prefill, on NVIDIA's cooperative
// matrices (16 x 16 x 16, f16 inputs, f32 accumulation). Included after the parameter block and
// bindings; defines main(). Same parameters and semantics as attention.comp, restricted by
// attention_ops.cpp to stage 0 without splits and head dims 64, 128, 256 and 512.
//
// A workgroup of 128 invocations (4 subgroups of 32) owns PM = 16 (query row, head) pairs that
// share one KV head: R rows times Gb heads (attnLayout() in attention_ops.cpp; keep in sync), so
// every K and V row it reads serves 16 pairs. Subgroup s owns the quarter [s D/4, (s+1) D/4) of
// the head dimension: its q fragments (f16, scaled), its part of every K and V row and its part of
// the output, which stays in cooperative-matrix accumulators (16 pairs x D/4: up to 8 fragments)
// for the whole pass. Per tile of BC = 32 keys:
//   1. each subgroup stages its quarter of the tile's K rows (f16) and multiplies: partial scores
//      S_s = q_s K_s^T (16 x 32), stored (f32) for the softmax; then it stages its V quarter;
//   2. softmax (all 128 invocations, 8 per pair, 4 keys each): S = sum_s S_s, masked; the pair's
//      running maximum m only moves when the tile's maximum exceeds it by more than TAU (the
//      result is the same for any shift: softmax is shift invariant, and P = exp(S - m) <= e^TAU
//      stays well inside f16); P goes to shared memory as f16, l = l alpha + sum P;
//   3. when some pair's maximum moved (rare after the first tiles), every subgroup rescales its
//      accumulators' rows by alpha through a staging block (accumulators cannot be scaled per row
//      in place);
//   4. O_s += P V_s on the tensor cores.
// At the end O_s / l goes to the output. Keys of the tile outside the block's range are staged as
// zeros (never read from the cache: slots past the last position may hold anything).
//
// Numerics: q (scaled), K, V and P are rounded to f16 (values clamped to +-65504); scores, row
// sums and the output are f32.

const uint PM = 16u;         // (row, head) pairs per workgroup
const uint BC = 32u;         // keys per tile
const uint MAXF = 8u;        // output fragments per subgroup (a quarter of head dim 512)
const uint KVS = 17u;        // uvec4 per staged row at most: 16 (128 halves) + 1 of padding
const uint SPS = 36u;        // floats per row of a partial-score block
const uint PS = 40u;         // halves per P row
const float NEG = -3.0e38;   // "no visible key"
const float TAU = 8.0;       // how far a tile's maximum may exceed m before m moves
const float F16MAX = 65504.0;

shared uvec4 kvs[4u * BC * KVS];        // per subgroup: [key][dims / 8] of its quarter
shared float sp[4u * PM * SPS];         // per subgroup: partial scores [pair][key]; staging
shared float16_t ps[PM * PS];           // probabilities [pair][key]
shared float alphaS[PM];                // this tile's rescale factor per pair
shared float linvS[PM];                 // 1 / l per pair, at the end
shared uint flagS[2];                   // a pair's maximum moved (by tile parity)

uvec4 pack8(vec4 a, vec4 b) {
    a = clamp(a, vec4(-F16MAX), vec4(F16MAX));
    b = clamp(b, vec4(-F16MAX), vec4(F16MAX));
    return uvec4(packHalf2x16(a.xy), packHalf2x16(a.zw), packHalf2x16(b.xy), packHalf2x16(b.zw));
}

// Stages the subgroup's quarter of the keys [kb, kb + BC) of cache `cache` (0: K, 1: V) into its
// kvs region; keys past kEnd are zeros. dq8 (pieces of 8 dims per key) is a power of two, so a
// lane always takes the same piece, lpiece = lane % dq8, of keys lkey + kstep u (kstep = 32 /
// dq8, u < dq8): consecutive lanes read consecutive 32-byte pieces of a row, and no index needs a
// division. The loads go out four pieces at a time before any is converted.
void stageKeys(uint cache, uint kb, uint kEnd, uint region, uint rs, uint dq8, uint lpiece,
               uint lkey, uint kstep, uint colVec4, uint rowVec4) {
    // Ring slots: one modulo per tile, unless the tile wraps around the ring.
    const uint slot0 = kb % p.cacheRows;
    const bool wraps = slot0 + BC > p.cacheRows;
    [[unroll]] for (uint u0 = 0u; u0 < 16u; u0 += 4u) {
        if (u0 < dq8) {
#if defined(KV_F16)
            // f16 cache: the pieces are copied as they are.
            uvec4 h[4];
            [[unroll]] for (uint j = 0u; j < 4u; ++j) {
                const uint key = lkey + kstep * (u0 + j);
                h[j] = uvec4(0u);
                if (u0 + j < dq8 && kb + key <= kEnd) {
                    const uint slot = wraps ? (kb + key) % p.cacheRows : slot0 + key;
                    const uint a = (slot * rowVec4 + colVec4) / 2u + lpiece;
                    h[j] = cache == 0u ? kc[a] : vc[a];
                }
            }
            [[unroll]] for (uint j = 0u; j < 4u; ++j) {
                if (u0 + j < dq8) kvs[region + (lkey + kstep * (u0 + j)) * rs + lpiece] = h[j];
            }
#else
            vec4 lo[4], hi[4];
            [[unroll]] for (uint j = 0u; j < 4u; ++j) {
                const uint key = lkey + kstep * (u0 + j);
                lo[j] = vec4(0.0);
                hi[j] = vec4(0.0);
                if (u0 + j < dq8 && kb + key <= kEnd) {
                    const uint slot = wraps ? (kb + key) % p.cacheRows : slot0 + key;
                    const uint a = slot * rowVec4 + colVec4 + 2u * lpiece;
                    lo[j] = cache == 0u ? kc[a] : vc[a];
                    hi[j] = cache == 0u ? kc[a + 1u] : vc[a + 1u];
                }
            }
            [[unroll]] for (uint j = 0u; j < 4u; ++j) {
                if (u0 + j < dq8)
                    kvs[region + (lkey + kstep * (u0 + j)) * rs + lpiece] = pack8(lo[j], hi[j]);
            }
#endif
        }
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint sg = t >> 5u;
    const uint lane = t & 31u;
    const uint D = p.headDim;
    const uint DQ = D / 4u;       // this subgroup's dims
    const uint NF = DQ / 16u;     // its output fragments
    const uint dq8 = DQ / 8u;     // uvec4 pieces per staged row (a power of two: 2 .. 16)
    const uint rs = dq8 + 1u;     // staged row stride (uvec4)
    const uint region = sg * BC * KVS;
    const uint spRegion = sg * PM * SPS;

    // Block shape (attnLayout() in attention_ops.cpp with 16 pairs and no splits).
    const uint G = p.heads / p.kvHeads;
    const uint ng = (G + PM - 1u) / PM;
    const uint gb = (G + ng - 1u) / ng;
    const uint R = clamp(PM / gb, 1u, p.queries);
    // The last query rows (the most keys, under the causal mask) in the first workgroups, so the
    // longest blocks start first and the short ones fill in behind them.
    const uint r0 = (gl_NumWorkGroups.y - 1u - gl_WorkGroupID.y) * R;
    const uint kvh = gl_WorkGroupID.z / ng;
    const uint hg = gl_WorkGroupID.z - kvh * ng;
    const uint h0 = kvh * G + hg * gb;
    const uint rowCount = min(R, p.queries - r0);
    const uint headCount = min(gb, G - hg * gb);
    const uint qFirst = p.firstPos + r0;
    const uint qLast = qFirst + rowCount - 1u;
    const uint kLo = (p.window > 0u && qFirst + 1u > p.window) ? qFirst + 1u - p.window : 0u;
    const uint rowVec4 = p.kvHeads * D / 4u;
    const uint colVec4 = (kvh * D + sg * DQ) / 4u;
    const uint dq8log = uint(findLSB(dq8));
    const uint lpiece = lane & (dq8 - 1u);
    const uint lkey = lane >> dq8log;
    const uint kstep = 32u >> dq8log;

    // The subgroup's q quarter of the 16 pairs (scaled, f16) through its kvs region.
    for (uint i = lane; i < PM * dq8; i += 32u) {
        const uint m = i / dq8;
        const uint piece = i - m * dq8;
        const uint rl = m / gb;
        const uint hh = m - rl * gb;
        uvec4 v = uvec4(0u);
        if (m < R * gb && rl < rowCount && hh < headCount) {
            const uint a = p.qOffset + (r0 + rl) * p.qStride + (h0 + hh) * D + sg * DQ + 8u * piece;
            v = pack8(vec4(act[a], act[a + 1u], act[a + 2u], act[a + 3u]) * p.scale,
                      vec4(act[a + 4u], act[a + 5u], act[a + 6u], act[a + 7u]) * p.scale);
        }
        kvs[region + m * rs + piece] = v;
    }
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> qf[MAXF];
    fcoopmatNV<32, gl_ScopeSubgroup, 16, 16> of[MAXF];
    [[unroll]] for (uint f = 0u; f < MAXF; ++f) {
        if (f < NF) coopMatLoadNV(qf[f], kvs, region + 2u * f, rs, false);
        of[f] = fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0);
    }
    if (t < 2u) flagS[t] = 0u;

    // Softmax invocations: pair sm (8 per pair, consecutive lanes), keys 4 sk .. 4 sk + 3.
    const uint sm = t >> 3u;
    const uint sk = t & 7u;
    const uint srl = sm / gb;
    const uint shh = sm - srl * gb;
    const bool pairValid = sm < R * gb && srl < rowCount && shh < headCount;
    const uint sqp = qFirst + srl;
    float m = NEG;
    float l = 0.0;

    uint tile = 0u;
    for (uint kb = kLo; kb <= qLast; kb += BC, ++tile) {
        // 1. K quarter, partial scores, V quarter. (The previous tile's products and the q
        // fragments' loads are done with the region before it is replaced.)
        subgroupMemoryBarrierShared();
        subgroupBarrier();
        stageKeys(0u, kb, qLast, region, rs, dq8, lpiece, lkey, kstep, colVec4, rowVec4);
        subgroupMemoryBarrierShared();
        subgroupBarrier();
        [[unroll]] for (uint kk = 0u; kk < BC / 16u; ++kk) {
            fcoopmatNV<32, gl_ScopeSubgroup, 16, 16> sc =
                fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0);
            [[unroll]] for (uint f = 0u; f < MAXF; ++f) {
                if (f < NF) {
                    fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> kf;
                    coopMatLoadNV(kf, kvs, region + 16u * kk * rs + 2u * f, rs, true);
                    sc = coopMatMulAddNV(qf[f], kf, sc);
                }
            }
            coopMatStoreNV(sc, sp, spRegion + 16u * kk, SPS, false);
        }
        subgroupMemoryBarrierShared();
        subgroupBarrier();
        stageKeys(1u, kb, qLast, region, rs, dq8, lpiece, lkey, kstep, colVec4, rowVec4);
        memoryBarrierShared();
        barrier();

        // 2. Softmax of pair sm over keys 4 sk .. 4 sk + 3 of the tile.
        const uint par = tile & 1u;
        if (t == 0u) flagS[par ^ 1u] = 0u;  // read during the previous tile, set in the next
        float s[4];
        float tileMax = NEG;
        [[unroll]] for (uint i = 0u; i < 4u; ++i) {
            const uint key = 4u * sk + i;
            const uint kp = kb + key;
            const bool visible = pairValid && kp <= sqp && (p.window == 0u || kp + p.window > sqp);
            float sum = 0.0;
            [[unroll]] for (uint q = 0u; q < 4u; ++q)
                sum += sp[q * PM * SPS + sm * SPS + key];
            s[i] = visible ? sum : NEG;
            tileMax = max(tileMax, s[i]);
        }
        tileMax = max(tileMax, subgroupShuffleXor(tileMax, 1u));
        tileMax = max(tileMax, subgroupShuffleXor(tileMax, 2u));
        tileMax = max(tileMax, subgroupShuffleXor(tileMax, 4u));
        float alpha = 1.0;
        if (tileMax > NEG && (m == NEG || tileMax > m + TAU)) {
            // The output so far is zero while m == NEG: nothing to rescale then.
            alpha = m == NEG ? 1.0 : exp(m - tileMax);
            if (m != NEG && sk == 0u) atomicOr(flagS[par], 1u);
            m = tileMax;
        }
        float rowSum = 0.0;
        [[unroll]] for (uint i = 0u; i < 4u; ++i) {
            const float e = s[i] > NEG ? exp(s[i] - m) : 0.0;
            rowSum += e;
            ps[sm * PS + 4u * sk + i] = float16_t(e);
        }
        rowSum += subgroupShuffleXor(rowSum, 1u);
        rowSum += subgroupShuffleXor(rowSum, 2u);
        rowSum += subgroupShuffleXor(rowSum, 4u);
        l = l * alpha + rowSum;
        if (sk == 0u) alphaS[sm] = alpha;
        memoryBarrierShared();
        barrier();

        // 3. Rescale the accumulators' rows where a maximum moved.
        if (flagS[par] != 0u) {
            [[unroll]] for (uint f = 0u; f < MAXF; ++f) {
                if (f < NF) {
                    coopMatStoreNV(of[f], sp, spRegion, 20u, false);
                    subgroupMemoryBarrierShared();
                    subgroupBarrier();
                    [[unroll]] for (uint i = 0u; i < 8u; ++i) {
                        const uint e = lane + 32u * i;
                        const uint at = spRegion + (e >> 4u) * 20u + (e & 15u);
                        sp[at] *= alphaS[e >> 4u];
                    }
                    subgroupMemoryBarrierShared();
                    subgroupBarrier();
                    coopMatLoadNV(of[f], sp, spRegion, 20u, false);
                }
            }
        }

        // 4. O += P V.
        [[unroll]] for (uint kk = 0u; kk < BC / 16u; ++kk) {
            fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> pf;
            coopMatLoadNV(pf, ps, 16u * kk, PS, false);
            [[unroll]] for (uint f = 0u; f < MAXF; ++f) {
                if (f < NF) {
                    fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> vf;
                    coopMatLoadNV(vf, kvs, region + 16u * kk * rs + 2u * f, rs, false);
                    of[f] = coopMatMulAddNV(pf, vf, of[f]);
                }
            }
        }
    }

    // o = O / l for the block's pairs, through the staging block.
    if (sk == 0u) linvS[sm] = l > 0.0 ? 1.0 / l : 0.0;
    memoryBarrierShared();
    barrier();
    [[unroll]] for (uint f = 0u; f < MAXF; ++f) {
        if (f < NF) {
            subgroupMemoryBarrierShared();
            subgroupBarrier();
            coopMatStoreNV(of[f], sp, spRegion, 20u, false);
            subgroupMemoryBarrierShared();
            subgroupBarrier();
            [[unroll]] for (uint i = 0u; i < 8u; ++i) {
                const uint e = lane + 32u * i;
                const uint pm = e >> 4u;
                const uint rl = pm / gb;
                const uint hh = pm - rl * gb;
                if (pm < R * gb && rl < rowCount && hh < headCount) {
                    act[p.oOffset + (r0 + rl) * p.oStride + (h0 + hh) * D + sg * DQ + 16u * f +
                        (e & 15u)] = sp[spRegion + pm * 20u + (e & 15u)] * linvS[pm];
                }
            }
        }
    }
    // The scratch binding is part of the kernel's interface (the portable build's split
    // partials); this build never splits.
    if (p.splits > 1u && t == 0u) scratch[p.scratchOffset] = 0.0;
}
