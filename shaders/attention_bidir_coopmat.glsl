// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The tensor-core body of shaders/attention_bidir.comp (AB_TENSOR): the same attention, parameters
// and binding on NVIDIA's cooperative matrices (16 x 16 x 16, f16 inputs, f32 accumulation).
// Included after the parameter block and binding; defines main(). Semantics: kernel_params.h,
// BidirAttentionParams; engine/gpu/encoder_ops.h.
//
// A workgroup of 128 invocations (4 subgroups of 32) owns 64 query rows of one head, 16 per
// subgroup, as attention_bidir.comp's 64-row blocks (the grid is the same). The scaled q rows go
// to f16 fragments once (4 A fragments: 16 rows x 64 dims). Per tile of 64 keys, K and V are
// staged in shared memory as f16 (rows of 64 halves + 8 of padding); each subgroup then
//   1. scores S = q K^T (16 x 64: 16 products) and stores it, f32, in its staging block;
//   2. runs the online softmax on it: lane (r, hh) = (lane % 16, lane / 16) owns half hh of row r
//      (32 keys); the row maximum and sum combine with the partner lane (lane ^ 16) by shuffle;
//      the probabilities go to shared memory as f16 (the A operand of step 3);
//   3. multiplies P V (16 x 64: 16 products) into fresh accumulators, stores them in the staging
//      block, and each lane folds its 32 values into its running output (o alpha + P V).
// The per-row rescaling needs the output outside the fragments (cooperative matrices cannot be
// scaled row by row), so it lives in registers, 32 floats a lane. The lanes visit their 32
// columns rotated by 5 r + 16 hh (mod 32): with a 68-float staging row (16-byte multiple for the
// matrix stores) the 32 lanes then read 32 distinct banks at every step.
//
// Speed (H100, E2B vision: 2394 rows, 12 heads of 64): 0.69 ms a layer, ~25 TFLOP/s, 1.4x the
// f32 kernel and far from the tensor cores' rate; prefetching the next K/V tile into registers
// gained 3 %, reading the staged scores twice instead of keeping them in registers lost 25 %
// (so shared-memory traffic, not registers or global latency, is the suspect; next: keep S in
// the accumulators' registers across steps 1-2, larger key tiles).
//
// Numerics: q (scaled), K, V and P are rounded to f16; scores, sums and the output are f32. Head
// dims up to 64 (a multiple of 4): values past headDim are zero and not written. Keys past the
// last row score -1e30 (exp gives 0).

const uint BR = 64u;   // query rows per workgroup (16 per subgroup)
const uint BC = 64u;   // keys per tile
const uint RK = 9u;    // uvec4 per staged K / V / q row: 8 (64 halves) + 1 of padding
const uint RP = 72u;   // halves per P row (the same 144 bytes)
const uint SS = 68u;   // floats per staging row
const float NEG = -1e30;

shared uvec4 Ks[BC * RK];  // [key][dim / 8]; the workgroup's q rows before the first tile
shared uvec4 Vs[BC * RK];  // [key][dim / 8]
shared float16_t Ps[4u * 16u * RP];  // per subgroup: [row][key]
shared float St[4u * 16u * SS];      // per subgroup: [row][key or dim], f32

uvec4 pack8(vec4 a, vec4 b) {
    return uvec4(packHalf2x16(a.xy), packHalf2x16(a.zw), packHalf2x16(b.xy), packHalf2x16(b.zw));
}

vec4 load4(uint o) {
    return vec4(av[o], av[o + 1u], av[o + 2u], av[o + 3u]);
}

// Dims 8 s .. 8 s + 7 of row `row` (< rows) at base + row * stride, times `scale`; zero past
// headDim.
uvec4 rowPiece(uint base, uint stride, uint row, uint s, float scale) {
    const uint d = 8u * s;
    const uint o = base + row * stride + d;
    const vec4 a = d < p.headDim ? load4(o) * scale : vec4(0.0);
    const vec4 b = d + 4u < p.headDim ? load4(o + 4u) * scale : vec4(0.0);
    return pack8(a, b);
}

// The invocation's 4 pieces of K and of V of the key tile starting at kb (zero past the last row).
void fetchKeyTile(uint kb, uint kBase, uint vBase, out uvec4 kr[4], out uvec4 vr[4]) {
    [[unroll]] for (uint u = 0u; u < 4u; ++u) {
        const uint i = gl_LocalInvocationID.x + 128u * u;
        const uint j = kb + (i >> 3u);
        const bool valid = j < p.rows;
        kr[u] = valid ? rowPiece(kBase, p.kStride, j, i & 7u, 1.0) : uvec4(0u);
        vr[u] = valid ? rowPiece(vBase, p.vStride, j, i & 7u, 1.0) : uvec4(0u);
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint sg = t >> 5u;
    const uint lane = t & 31u;
    const uint h = gl_WorkGroupID.y;
    const uint g = h / (p.heads / p.kvHeads);
    const uint q0 = gl_WorkGroupID.x * BR;
    const uint kBase = p.kOffset + g * p.headDim;
    const uint vBase = p.vOffset + g * p.headDim;

    // The workgroup's q rows (scaled, f16) through Ks, into fragments.
    for (uint i = t; i < BR * 8u; i += 128u) {
        const uint r = i >> 3u;
        const uint s = i & 7u;
        Ks[r * RK + s] = q0 + r < p.rows
                             ? rowPiece(p.qOffset + h * p.headDim, p.qStride, q0 + r, s, p.scale)
                             : uvec4(0u);
    }
    barrier();
    fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> qf[4];
    [[unroll]] for (uint d = 0u; d < 4u; ++d)
        coopMatLoadNV(qf[d], Ks, (16u * sg) * RK + 2u * d, RK, false);

    const uint r = lane & 15u;
    const uint hh = lane >> 4u;
    const uint rot = 5u * r + 16u * hh;
    const uint stRow = (16u * sg + r) * SS + 32u * hh;
    const uint pRow = (16u * sg + r) * RP + 32u * hh;
    float o[32];
    [[unroll]] for (uint j = 0u; j < 32u; ++j) o[j] = 0.0;
    float m = NEG;
    float l = 0.0;

    // The next K/V tile in registers (each invocation's 4 pieces of each), fetched while the
    // current tile is multiplied.
    uvec4 kr[4], vr[4];
    fetchKeyTile(0u, kBase, vBase, kr, vr);
    for (uint kb = 0u; kb < p.rows; kb += BC) {
        // Every subgroup is done with the previous tile (and the q rows) before it is replaced.
        barrier();
        [[unroll]] for (uint u = 0u; u < 4u; ++u) {
            const uint i = t + 128u * u;
            Ks[(i >> 3u) * RK + (i & 7u)] = kr[u];
            Vs[(i >> 3u) * RK + (i & 7u)] = vr[u];
        }
        barrier();
        if (kb + BC < p.rows) fetchKeyTile(kb + BC, kBase, vBase, kr, vr);

        // 1. Scores.
        [[unroll]] for (uint kk = 0u; kk < 4u; ++kk) {
            fcoopmatNV<32, gl_ScopeSubgroup, 16, 16> sc =
                fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0);
            [[unroll]] for (uint d = 0u; d < 4u; ++d) {
                fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> kf;
                coopMatLoadNV(kf, Ks, (16u * kk) * RK + 2u * d, RK, true);
                sc = coopMatMulAddNV(qf[d], kf, sc);
            }
            coopMatStoreNV(sc, St, (16u * sg) * SS + 16u * kk, SS, false);
        }
        subgroupMemoryBarrierShared();
        subgroupBarrier();

        // 2. Online softmax of row r, keys 32 hh + c.
        float s[32];
        float mx = NEG;
        [[unroll]] for (uint j = 0u; j < 32u; ++j) {
            const uint c = (j + rot) & 31u;
            s[j] = kb + 32u * hh + c < p.rows ? St[stRow + c] : NEG;
            mx = max(mx, s[j]);
        }
        mx = max(mx, subgroupShuffleXor(mx, 16u));
        const float mNew = max(m, mx);
        const float alpha = exp(m - mNew);
        float sum = 0.0;
        [[unroll]] for (uint j = 0u; j < 32u; ++j) {
            const float e = exp(s[j] - mNew);
            sum += e;
            Ps[pRow + ((j + rot) & 31u)] = float16_t(e);
        }
        l = l * alpha + (sum + subgroupShuffleXor(sum, 16u));
        m = mNew;
        subgroupMemoryBarrierShared();
        subgroupBarrier();

        // 3. P V into the staging block, folded into the running output.
        fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> pf[4];
        [[unroll]] for (uint kk = 0u; kk < 4u; ++kk)
            coopMatLoadNV(pf[kk], Ps, (16u * sg) * RP + 16u * kk, RP, false);
        [[unroll]] for (uint d = 0u; d < 4u; ++d) {
            fcoopmatNV<32, gl_ScopeSubgroup, 16, 16> of =
                fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0);
            [[unroll]] for (uint kk = 0u; kk < 4u; ++kk) {
                fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> vf;
                coopMatLoadNV(vf, Vs, (16u * kk) * RK + 2u * d, RK, false);
                of = coopMatMulAddNV(pf[kk], vf, of);
            }
            coopMatStoreNV(of, St, (16u * sg) * SS + 16u * d, SS, false);
        }
        subgroupMemoryBarrierShared();
        subgroupBarrier();
        [[unroll]] for (uint j = 0u; j < 32u; ++j)
            o[j] = o[j] * alpha + St[stRow + ((j + rot) & 31u)];
    }

    const uint qr = q0 + 16u * sg + r;
    if (qr < p.rows) {
        const float inv = 1.0 / l;
        const uint at = p.oOffset + qr * p.oStride + h * p.headDim + 32u * hh;
        [[unroll]] for (uint j = 0u; j < 32u; ++j) {
            const uint c = (j + rot) & 31u;
            if (32u * hh + c < p.headDim) av[at + c] = o[j] * inv;
        }
    }
}
