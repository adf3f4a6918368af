// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The tensor-core body of shaders/attention.comp (AT_COOPMAT): causal (optionally sliding-window)
// attention with grouped KV heads against the KV cache, for prefill, on NVIDIA's cooperative
// matrices (16 x 16 x 16, f16 inputs, f32 accumulation). Included after the parameter block and
// bindings; defines main(). Same parameters and semantics as attention.comp, restricted by
// attention_ops.cpp to stage 0 without splits and head dims 64, 128, 256 and 512.
//
// A workgroup of 256 invocations (8 subgroups of 32) owns PM = 16 (query row, head) pairs that
// share one KV head: R rows times Gb heads (attnLayout() in attention_ops.cpp; keep in sync), so
// every K and V row it reads serves 16 pairs. The head dimension is cut into NP = min(8, D / 16)
// parts of DQ = D / NP dims; subgroup s < NP owns part s: its q fragments (f16, scaled), its part
// of every K and V row and its part of the output, which stays in cooperative-matrix accumulators
// (16 pairs x DQ: up to 4 fragments) for the whole pass. Tiles of BC keys (32; 16 at D = 512,
// where a tile's rows would not fit shared memory next to the partial scores). Per tile:
//   1. the subgroup writes the tile's K part (loaded into registers during the previous tile) to
//      its staging region and multiplies: partial scores S_s = q_s K_s^T (16 x BC), stored (f32);
//      then it writes the V part over the K part and issues the loads of the next tile's K and V
//      parts, which run while the rest of this tile computes (the kernel is bound by the latency
//      of those loads, not by the tensor cores);
//   2. softmax (all 256 invocations, 16 per pair, BC / 16 keys each): S = sum_s S_s, masked; the
//      pair's running maximum m only moves when the tile's maximum exceeds it by more than TAU
//      (the result is the same for any shift: softmax is shift invariant, and P = exp(S - m) <=
//      e^TAU stays well inside f16); P goes to shared memory as f16, l = l alpha + sum P;
//   3. when some pair's maximum moved (rare after the first tiles), every subgroup rescales its
//      accumulators' rows by alpha through a staging block (accumulators cannot be scaled per row
//      in place);
//   4. O_s += P V_s on the tensor cores.
// At the end O_s / l goes to the output. Keys of the tile outside the block's range are staged as
// zeros (never read from the cache: slots past the last position may hold anything).
//
// Numerics: q (scaled), K, V and P are rounded to f16 (values clamped to +-65504); scores, row
// sums and the output are f32.

const uint NSG = 8u;         // subgroups
const uint PM = 16u;         // (row, head) pairs per workgroup
const uint BCMAX = 32u;      // keys per tile at most
const uint MAXF = 4u;        // output fragments per subgroup (an eighth of head dim 512)
const uint REGION = 160u;    // uvec4 per subgroup staging region: BC rows of DQ / 8 + 1 pieces
const uint SPS = BCMAX + 4u; // floats per row of a partial-score block
const uint PS = BCMAX + 8u;  // halves per P row
const uint MAXJ = 4u;        // pieces of a tile's K (and V) part a lane loads: BC DQ / 8 / 32
const float NEG = -3.0e38;   // "no visible key"
const float TAU = 8.0;       // how far a tile's maximum may exceed m before m moves
const float F16MAX = 65504.0;

shared uvec4 kvs[NSG * REGION];         // per subgroup: [key][dims / 8] of its part
shared float sp[NSG * PM * SPS];        // per subgroup: partial scores [pair][key]; staging
shared float16_t ps[PM * PS];           // probabilities [pair][key]
shared float alphaS[PM];                // this tile's rescale factor per pair
shared float linvS[PM];                 // 1 / l per pair, at the end
shared uint flagS[2];                   // a pair's maximum moved (by tile parity)

uvec4 pack8(vec4 a, vec4 b) {
    a = clamp(a, vec4(-F16MAX), vec4(F16MAX));
    b = clamp(b, vec4(-F16MAX), vec4(F16MAX));
    return uvec4(packHalf2x16(a.xy), packHalf2x16(a.zw), packHalf2x16(b.xy), packHalf2x16(b.zw));
}

// One tile's K and V parts of this lane in registers, as the cache holds them: piece j is the
// 8-dim piece (lane + 32 j) % dq8 of key (lane + 32 j) / dq8 of the tile (zeros for keys past the
// block's last one and for pieces past the part).
#if defined(KV_F16)
uvec4 kr[MAXJ], vr[MAXJ];
#else
vec4 klo[MAXJ], khi[MAXJ], vlo[MAXJ], vhi[MAXJ];
#endif

// Issues the loads of the keys [kb, kb + BC) (none when kb > kEnd).
void loadTile(uint kb, uint kEnd, uint bc, uint dq8, uint dq8log, uint lane, uint colVec4,
              uint rowVec4) {
    // Ring slots: one modulo per tile, unless the tile wraps around the ring.
    const uint slot0 = kb % p.cacheRows;
    const bool wraps = slot0 + bc > p.cacheRows;
    [[unroll]] for (uint j = 0u; j < MAXJ; ++j) {
        const uint i = lane + 32u * j;
        const uint key = i >> dq8log;
        const uint piece = i & (dq8 - 1u);
        const bool use = key < bc && kb <= kEnd && kb + key <= kEnd;
        const uint slot = wraps ? (kb + key) % p.cacheRows : slot0 + key;
#if defined(KV_F16)
        kr[j] = uvec4(0u);
        vr[j] = uvec4(0u);
        if (use) {
            const uint a = (slot * rowVec4 + colVec4) / 2u + piece;
            kr[j] = kc[a];
            vr[j] = vc[a];
        }
#else
        klo[j] = khi[j] = vlo[j] = vhi[j] = vec4(0.0);
        if (use) {
            const uint a = slot * rowVec4 + colVec4 + 2u * piece;
            klo[j] = kc[a];
            khi[j] = kc[a + 1u];
            vlo[j] = vc[a];
            vhi[j] = vc[a + 1u];
        }
#endif
    }
}

// Writes the registers' K (cache 0) or V (cache 1) part to the subgroup's staging region.
void stageTile(uint cache, uint bc, uint dq8, uint dq8log, uint lane, uint region, uint rs) {
    [[unroll]] for (uint j = 0u; j < MAXJ; ++j) {
        const uint i = lane + 32u * j;
        const uint key = i >> dq8log;
        if (key < bc) {
#if defined(KV_F16)
            kvs[region + key * rs + (i & (dq8 - 1u))] = cache == 0u ? kr[j] : vr[j];
#else
            kvs[region + key * rs + (i & (dq8 - 1u))] =
                cache == 0u ? pack8(klo[j], khi[j]) : pack8(vlo[j], vhi[j]);
#endif
        }
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint sg = t >> 5u;
    const uint lane = t & 31u;
    const uint D = p.headDim;
    const uint NP = min(NSG, D / 16u);  // subgroups with a part of the head dimension
    const uint DQ = D / NP;             // dims of a part
    const uint NF = DQ / 16u;           // output fragments of a part
    const uint dq8 = DQ / 8u;           // uvec4 pieces per staged row (a power of two: 2 .. 8)
    const uint dq8log = uint(findLSB(dq8));
    const uint rs = dq8 + 1u;           // staged row stride (uvec4)
    const uint BC = D > 256u ? 16u : BCMAX;
    const uint KPI = BC / 16u;          // keys per softmax invocation
    const bool owner = sg < NP;         // this subgroup owns a part
    const uint region = sg * REGION;
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
    const uint colVec4 = (kvh * D + min(sg, NP - 1u) * DQ) / 4u;

    // The first tile's loads go out before anything else.
    if (owner) loadTile(kLo, qLast, BC, dq8, dq8log, lane, colVec4, rowVec4);

    // The subgroup's q part of the 16 pairs (scaled, f16) through its staging region.
    fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> qf[MAXF];
    fcoopmatNV<32, gl_ScopeSubgroup, 16, 16> of[MAXF];
    if (owner) {
        for (uint i = lane; i < PM * dq8; i += 32u) {
            const uint m = i >> dq8log;
            const uint piece = i & (dq8 - 1u);
            const uint rl = m / gb;
            const uint hh = m - rl * gb;
            uvec4 v = uvec4(0u);
            if (m < R * gb && rl < rowCount && hh < headCount) {
                const uint a =
                    p.qOffset + (r0 + rl) * p.qStride + (h0 + hh) * D + sg * DQ + 8u * piece;
                v = pack8(vec4(act[a], act[a + 1u], act[a + 2u], act[a + 3u]) * p.scale,
                          vec4(act[a + 4u], act[a + 5u], act[a + 6u], act[a + 7u]) * p.scale);
            }
            kvs[region + m * rs + piece] = v;
        }
        subgroupMemoryBarrierShared();
        subgroupBarrier();
        [[unroll]] for (uint f = 0u; f < MAXF; ++f) {
            if (f < NF) coopMatLoadNV(qf[f], kvs, region + 2u * f, rs, false);
        }
    }
    [[unroll]] for (uint f = 0u; f < MAXF; ++f)
        of[f] = fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0);
    if (t < 2u) flagS[t] = 0u;

    // Softmax invocations: pair sm (16 per pair, consecutive lanes), keys KPI sk .. + KPI - 1.
    const uint sm = t >> 4u;
    const uint sk = t & 15u;
    const uint srl = sm / gb;
    const uint shh = sm - srl * gb;
    const bool pairValid = sm < R * gb && srl < rowCount && shh < headCount;
    const uint sqp = qFirst + srl;
    float m = NEG;
    float l = 0.0;

    uint tile = 0u;
    for (uint kb = kLo; kb <= qLast; kb += BC, ++tile) {
        // 1. K part, partial scores, V part, next tile's loads. (The previous tile's products
        // and the q fragments' loads are done with the region before it is replaced.)
        if (owner) {
            subgroupMemoryBarrierShared();
            subgroupBarrier();
            stageTile(0u, BC, dq8, dq8log, lane, region, rs);
            subgroupMemoryBarrierShared();
            subgroupBarrier();
            [[unroll]] for (uint kk = 0u; kk < BCMAX / 16u; ++kk) {
                if (kk < KPI) {
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
            }
            subgroupMemoryBarrierShared();
            subgroupBarrier();
            stageTile(1u, BC, dq8, dq8log, lane, region, rs);
            loadTile(kb + BC, qLast, BC, dq8, dq8log, lane, colVec4, rowVec4);
        }
        memoryBarrierShared();
        barrier();

        // 2. Softmax of pair sm over keys KPI sk .. of the tile.
        const uint par = tile & 1u;
        if (t == 0u) flagS[par ^ 1u] = 0u;  // read during the previous tile, set in the next
        float s[2];
        float tileMax = NEG;
        [[unroll]] for (uint i = 0u; i < 2u; ++i) {
            s[i] = NEG;
            if (i < KPI) {
                const uint key = KPI * sk + i;
                const uint kp = kb + key;
                const bool visible =
                    pairValid && kp <= sqp && (p.window == 0u || kp + p.window > sqp);
                float sum = 0.0;
                for (uint q = 0u; q < NP; ++q) sum += sp[q * PM * SPS + sm * SPS + key];
                s[i] = visible ? sum : NEG;
                tileMax = max(tileMax, s[i]);
            }
        }
        tileMax = max(tileMax, subgroupShuffleXor(tileMax, 1u));
        tileMax = max(tileMax, subgroupShuffleXor(tileMax, 2u));
        tileMax = max(tileMax, subgroupShuffleXor(tileMax, 4u));
        tileMax = max(tileMax, subgroupShuffleXor(tileMax, 8u));
        float alpha = 1.0;
        if (tileMax > NEG && (m == NEG || tileMax > m + TAU)) {
            // The output so far is zero while m == NEG: nothing to rescale then.
            alpha = m == NEG ? 1.0 : exp(m - tileMax);
            if (m != NEG && sk == 0u) atomicOr(flagS[par], 1u);
            m = tileMax;
        }
        float rowSum = 0.0;
        [[unroll]] for (uint i = 0u; i < 2u; ++i) {
            if (i < KPI) {
                const float e = s[i] > NEG ? exp(s[i] - m) : 0.0;
                rowSum += e;
                ps[sm * PS + KPI * sk + i] = float16_t(e);
            }
        }
        rowSum += subgroupShuffleXor(rowSum, 1u);
        rowSum += subgroupShuffleXor(rowSum, 2u);
        rowSum += subgroupShuffleXor(rowSum, 4u);
        rowSum += subgroupShuffleXor(rowSum, 8u);
        l = l * alpha + rowSum;
        if (sk == 0u) alphaS[sm] = alpha;
        memoryBarrierShared();
        barrier();

        if (owner) {
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
            [[unroll]] for (uint kk = 0u; kk < BCMAX / 16u; ++kk) {
                if (kk < KPI) {
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
        }
    }

    // o = O / l for the block's pairs, through the staging block.
    if (sk == 0u) linvS[sm] = l > 0.0 ? 1.0 / l : 0.0;
    memoryBarrierShared();
    barrier();
    if (owner) {
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
                        act[p.oOffset + (r0 + rl) * p.oStride + (h0 + hh) * D + sg * DQ +
                            16u * f + (e & 15u)] = sp[spRegion + pm * 20u + (e & 15u)] * linvS[pm];
                    }
                }
            }
        }
    }
    // The scratch binding is part of the kernel's interface (the portable build's split
    // partials); this build never splits.
    if (p.splits > 1u && t == 0u) scratch[p.scratchOffset] = 0.0;
}
