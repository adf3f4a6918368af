// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The tensor-core body of shaders/matmul.comp (MM_TENSOR): the same product, parameters and
// bindings, on NVIDIA's cooperative matrices (GL_NV_cooperative_matrix, 16 x 16 x 16, f16 inputs,
// f32 accumulation). Included by matmul.comp after its parameter block, bindings, weight decoder
// and inputValues(); it defines main(). Semantics and limits: engine/gpu/matmul_ops.h.
//
// Tiling: a workgroup of 256 invocations (8 subgroups of 32) computes a 128 (n) x 64 (m) tile of
// y. Per K step of 32 values every invocation decodes one 16-value piece of the weight tile
// (matmul_decode.glsl: row t / 2, piece t % 2) and loads 8 input values (column t / 4, values
// 8 (t % 4) ..), converts them to f16 and stores them in shared memory, rows along K, 32 halves
// + 8 of padding per row (80 bytes: the 8 rows a matrix load reads at once fall on distinct bank
// groups). Subgroup s then multiplies rows 32 (s % 4) .. + 31 by columns 32 (s / 4) .. + 31: two
// A fragments (16 x 16 weights), two B fragments (16 x 16 inputs), four accumulators, per 16
// values of K. The next step's weights and inputs are fetched into registers before the
// multiplications of the current one, so their latency hides behind the tensor-core work (one
// shared buffer: the barrier before each store waits for every subgroup's reads).
// The end of a tile goes through a per-subgroup 16 x 16 f32 staging area in shared memory, from
// which each invocation writes 8 outputs with the edge checks, accumulate and split-K handling of
// the portable body.
//
// Numerics: weights are decoded exactly as the portable body decodes them (f32), then rounded to
// f16, as are the inputs (clamped to the f16 range first, so a large activation saturates instead
// of turning into infinity); products are exact in f32 and summed in f32. The error bound is the
// f32 one plus one f16 rounding of each factor (tests/gpu/gpu_matmul_test.cpp).
//
// Why this shape (H100, GPU timestamps, 2026-11-28): K=1536 N=12288 M=512 runs at 41 TFLOPS (F16)
// and 32 (Q4_K), 1.6x and 1.5x the f32 kernel; the whole E2B prefill at 512 tokens 1.57x. Tried
// and slower in the model: a 128 x 128 tile with eight accumulators per subgroup and two shared
// buffers (Q4_K alone 46 TFLOPS, but F16 18, the GeGLU-input down projections slower and the
// prefill 9% slower: about twice the registers, one workgroup per SM), and this tile with two
// shared buffers and one barrier per step (24 TFLOPS). What still limits it: the per-step ALU
// work of decoding and converting (every invocation decodes 16 weights and converts 24 values
// for 8 products of its subgroup) and the two barriers per 32 values of K; a next version
// should stage several steps per barrier and move the f16 conversion off the critical path.

const uint TN = 128u;    // weight rows (n) per tile
const uint TM = 64u;     // input columns (m) per tile
const uint KSTEP = 32u;  // K values per step
const uint RS = 5u;      // uvec4 (8 halves) per shared row: 4 of data + 1 of padding

shared uvec4 wS[TN * RS];       // [n][k / 8]
shared uvec4 xS[TM * RS];       // [m][k / 8]
shared float stage[8u * 256u];  // per subgroup: a 16 x 16 f32 block, column-major

#define MM_HALF_MAX 65504.0

uvec4 packHalf8(vec4 a, vec4 b) {
    a = clamp(a, vec4(-MM_HALF_MAX), vec4(MM_HALF_MAX));
    b = clamp(b, vec4(-MM_HALF_MAX), vec4(MM_HALF_MAX));
    return uvec4(packHalf2x16(a.xy), packHalf2x16(a.zw), packHalf2x16(b.xy), packHalf2x16(b.zw));
}

// Values k .. k+7 of input column m (zero past K; K is a multiple of 4).
uvec4 inputPiece(uint m, uint k) {
    const vec4 a = k < p.K ? inputValues(m, k) : vec4(0.0);
    const vec4 b = k + 4u < p.K ? inputValues(m, k + 4u) : vec4(0.0);
    return packHalf8(a, b);
}

// An invocation's 16 weights of a step, as f16: values k .. k+7 of the rows at byte addresses a
// and b (plain types; zero past K), or the 16-value piece at k of row a (quant types).
#if defined(MM_PLAIN)
uvec4 weightPiece(uint row, uint k) {
    return packHalf8(k < p.K ? plainValues(row, k) : vec4(0.0),
                     k + 4u < p.K ? plainValues(row, k + 4u) : vec4(0.0));
}
void weightStep(uint a, uint b, uint k, out uvec4 w8[2]) {
    w8[0] = weightPiece(a, k);
    w8[1] = weightPiece(b, k);
}
#else
void weightStep(uint a, uint b, uint k, out uvec4 w8[2]) {
    vec4 w[4];
    decodePiece(a, k, w);
    w8[0] = packHalf8(w[0], w[1]);
    w8[1] = packHalf8(w[2], w[3]);
}
#endif

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint sg = t >> 5u;  // subgroup (the build is only used where subgroups have 32 lanes)
    const uint lane = t & 31u;
    const uint sn = sg & 3u;   // rows 32 sn ..
    const uint sm = sg >> 2u;  // columns 32 sm ..
    const uint nTiles = (p.N + TN - 1u) / TN;
    const uint mTiles = (p.M + TM - 1u) / TM;
    const bool split = p.splits > 1u;
    const uint kBegin = split ? gl_WorkGroupID.z * p.kSlice : 0u;
    const uint kEnd = split ? min(p.K, kBegin + p.kSlice) : p.K;
    const uint outBase = split ? p.partOffset + gl_WorkGroupID.z * p.M * p.N : p.yOffset;
    const uint outStride = split ? p.N : p.yStride;
    const bool add = !split && p.accumulate != 0u;
    // Load roles: input column xr, values 8 xq ..; weight row t / 2, piece t % 2 (quant types) or
    // rows xr and xr + 64, values 8 xq .. (plain types).
    const uint xr = t >> 2u;
    const uint xq = t & 3u;
    // Where the weights go in shared memory (uvec4 slots) and their offset in a step.
#if defined(MM_PLAIN)
    const uint wSlot0 = xr * RS + xq, wSlot1 = (xr + 64u) * RS + xq, wk = 8u * xq;
#else
    const uint wSlot0 = (t >> 1u) * RS + 2u * (t & 1u), wSlot1 = wSlot0 + 1u, wk = 16u * (t & 1u);
#endif

    for (uint mt = gl_WorkGroupID.y; mt < mTiles; mt += p.tilesM) {
        for (uint nt = gl_WorkGroupID.x; nt < nTiles; nt += p.tilesN) {
            const uint n0 = nt * TN;
            const uint m0 = mt * TM;
            // A subgroup whose 32 columns all lie past M skips the multiplications.
            const bool busy = m0 + 32u * sm < p.M;
            fcoopmatNV<32, gl_ScopeSubgroup, 16, 16> acc[4];
            [[unroll]] for (uint i = 0u; i < 4u; ++i)
                acc[i] = fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0);

#if defined(MM_PLAIN)
            const uint wRowA = p.wOffset + min(n0 + xr, p.N - 1u) * p.rowBytes;
            const uint wRowB = p.wOffset + min(n0 + xr + 64u, p.N - 1u) * p.rowBytes;
#else
            const uint wRowA = p.wOffset + min(n0 + (t >> 1u), p.N - 1u) * p.rowBytes;
            const uint wRowB = wRowA;
#endif
            // The first step's values, in registers.
            uvec4 x8 = inputPiece(m0 + xr, kBegin + 8u * xq);
            uvec4 w8[2];
            weightStep(wRowA, wRowB, kBegin + wk, w8);

            for (uint kb = kBegin; kb < kEnd; kb += KSTEP) {
                barrier();
                xS[xr * RS + xq] = x8;
                wS[wSlot0] = w8[0];
                wS[wSlot1] = w8[1];
                barrier();
                // The next step's values: in flight during this step's multiplications.
                const uint kn = kb + KSTEP;
                if (kn < kEnd) {
                    x8 = inputPiece(m0 + xr, kn + 8u * xq);
                    weightStep(wRowA, wRowB, kn + wk, w8);
                }
                if (busy) {
                    [[unroll]] for (uint s = 0u; s < 2u; ++s) {
                        fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> a0, a1, b0, b1;
                        coopMatLoadNV(a0, wS, (32u * sn) * RS + 2u * s, RS, false);
                        coopMatLoadNV(a1, wS, (32u * sn + 16u) * RS + 2u * s, RS, false);
                        coopMatLoadNV(b0, xS, (32u * sm) * RS + 2u * s, RS, true);
                        coopMatLoadNV(b1, xS, (32u * sm + 16u) * RS + 2u * s, RS, true);
                        acc[0] = coopMatMulAddNV(a0, b0, acc[0]);
                        acc[1] = coopMatMulAddNV(a0, b1, acc[1]);
                        acc[2] = coopMatMulAddNV(a1, b0, acc[2]);
                        acc[3] = coopMatMulAddNV(a1, b1, acc[3]);
                    }
                }
            }

            // Out: each accumulator through the subgroup's staging block; (n, m) of the block
            // at m * 16 + n, so 16 consecutive lanes write 16 consecutive outputs of a column.
            if (busy) {
                [[unroll]] for (uint i = 0u; i < 4u; ++i) {
                    coopMatStoreNV(acc[i], stage, sg * 256u, 16u, true);
                    subgroupMemoryBarrierShared();
                    subgroupBarrier();
                    const uint nb = n0 + 32u * sn + 16u * (i >> 1u);
                    const uint mb = m0 + 32u * sm + 16u * (i & 1u);
                    [[unroll]] for (uint e = lane; e < 256u; e += 32u) {
                        const uint n = nb + (e & 15u);
                        const uint m = mb + (e >> 4u);
                        if (n < p.N && m < p.M) {
                            const uint yo = outBase + m * outStride + n;
                            const float v = stage[sg * 256u + e];
                            yv[yo] = add ? yv[yo] + v : v;
                        }
                    }
                    subgroupMemoryBarrierShared();
                    subgroupBarrier();
                }
            }
        }
    }
}
