// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The tensor-core body of shaders/matmul_staged.comp (MM_TENSOR): the same product, parameters and
// bindings, on NVIDIA's cooperative matrices (GL_NV_cooperative_matrix, 16 x 16 x 16, f16
// inputs, f32 accumulation). Included by matmul_staged.comp after its parameter block and bindings;
// it defines main().
//
// Tiling: a workgroup of 256 invocations (8 subgroups of 32) computes a TN (n) x TM (m) tile of
// y in K steps of 32. The operands are already f16, so a step's load is a copy: every invocation
// moves TN / 64 + TM / 64 uvec4s (8 halves each) from memory into shared memory, rows along K,
// 32 halves + 8 of padding per row (80 bytes: the 8 rows a matrix load reads at once fall on
// distinct bank groups). Two shared buffers: the next step's values are fetched into registers
// before the current step's multiplications and stored into the other buffer after them, so one
// barrier per step separates the phases. Subgroup s multiplies the rows SN (s % WN) .. by the
// columns SM (s / WN) ..: FN x FM accumulators of 16 x 16, per 16 values of K FN A fragments and
// FM B fragments from shared memory.
// The end of a tile goes through a per-subgroup 16 x 16 f32 staging block in the (then idle)
// weight buffer, from which each invocation writes 8 outputs with the edge checks, accumulate
// and split-K handling of the portable body.
//
// Numerics: the products of f16 values are exact in f32 and summed in f32 (the operands' f16
// rounding happened in the staging passes; the error bound is in tests/gpu/gpu_matmul_test.cpp).
//
// Why this shape (NVIDIA H200 through Vulkan, 2026-11-28, tests/gpu/gpu_matmul_test.cpp
// StagedMatMulTimings, wall clock of 10 products): 8 subgroups of 64 x 32 blocks (MM_WN 2),
// 128 x 128 tiles: 130-153 TFLOPS on the Gemma 4 E2B/E4B prefill shapes at 512 and 2048 tokens
// (K=2560 N=20480 M=2048: 1.40 ms, 153 TFLOPS; the single-kernel tensor-core matmul 3.7 ms, 58).
// Measured slower in the same run, the defines kept for the next try: 4 subgroups of 64 x 64
// (MM_SUBGROUPS 4: 16 accumulators each, 2 workgroups per SM) 110-130 TFLOPS; 8 subgroups of
// 32 x 64 (MM_WN 4) 2-8% slower. Next to try: K steps of 64 (half the barriers), a third buffer.

#ifndef MM_TN
#define MM_TN 128u
#endif
#ifndef MM_TM
#define MM_TM 128u
#endif
#ifndef MM_WN
#define MM_WN 2u
#endif
#ifndef MM_SUBGROUPS
#define MM_SUBGROUPS 8u
#endif
const uint TN = MM_TN;          // weight rows (n) per tile
const uint TM = MM_TM;          // input columns (m) per tile
const uint NSG = MM_SUBGROUPS;  // subgroups per workgroup
const uint WN = MM_WN;          // subgroups along n (NSG / WN along m)
const uint SN = TN / WN;        // rows per subgroup
const uint SM = TM / (NSG / WN); // columns per subgroup
const uint LR = NSG * 8u;       // operand rows one load round covers (4 uvec4 per row)
const uint FN = SN / 16u;       // A fragments (and accumulator rows) per subgroup
const uint FM = SM / 16u;       // B fragments (and accumulator columns) per subgroup
const uint KSTEP = 32u;
const uint RS = 5u;             // uvec4 per shared row: 4 of data + 1 of padding
const uint LW = TN / LR;        // weight uvec4s an invocation moves per step
const uint LX = TM / LR;        // input uvec4s an invocation moves per step

shared uvec4 wS[2u * TN * RS];  // [buffer][n][k / 8]
shared uvec4 xS[2u * TM * RS];  // [buffer][m][k / 8]

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint sg = t >> 5u;  // subgroup (the build is only used where subgroups have 32 lanes)
    const uint lane = t & 31u;
    const uint sn = sg % WN;
    const uint sm = sg / WN;
    const uint rowUv = p.K / 8u;
    const uint nTiles = (p.N + TN - 1u) / TN;
    const uint mTiles = (p.M + TM - 1u) / TM;
    const bool split = p.splits > 1u;
    const uint kBegin = split ? gl_WorkGroupID.z * p.kSlice : 0u;
    const uint kEnd = split ? min(p.K, kBegin + p.kSlice) : p.K;
    const uint outBase = split ? p.partOffset + gl_WorkGroupID.z * p.M * p.N : p.yOffset;
    const uint outStride = split ? p.N : p.yStride;
    const bool add = !split && p.accumulate != 0u;
    // Load role: rows lr + LR i of each operand tile, uvec4 lq of the step.
    const uint lr = t >> 2u;
    const uint lq = t & 3u;

    for (uint nt = gl_WorkGroupID.y; nt < nTiles; nt += p.tilesN) {
        for (uint mt = gl_WorkGroupID.x; mt < mTiles; mt += p.tilesM) {
            const uint n0 = nt * TN;
            const uint m0 = mt * TM;
            // A subgroup whose block lies wholly past N or M skips the multiplications.
            const bool busy = n0 + SN * sn < p.N && m0 + SM * sm < p.M;
            fcoopmatNV<32, gl_ScopeSubgroup, 16, 16> acc[FN * FM];
            [[unroll]] for (uint i = 0u; i < FN * FM; ++i)
                acc[i] = fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0);

            const uint wAt = p.wOffset + (n0 + lr) * rowUv + lq;
            const uint xAt = p.xOffset + (m0 + lr) * rowUv + lq;
            uvec4 wr[LW], xr[LX];
            [[unroll]] for (uint i = 0u; i < LW; ++i) wr[i] = hv[wAt + LR * i * rowUv + kBegin / 8u];
            [[unroll]] for (uint i = 0u; i < LX; ++i) xr[i] = hv[xAt + LR * i * rowUv + kBegin / 8u];
            [[unroll]] for (uint i = 0u; i < LW; ++i) wS[(lr + LR * i) * RS + lq] = wr[i];
            [[unroll]] for (uint i = 0u; i < LX; ++i) xS[(lr + LR * i) * RS + lq] = xr[i];
            barrier();

            uint buf = 0u;
            for (uint kb = kBegin; kb < kEnd; kb += KSTEP) {
                const bool more = kb + KSTEP < kEnd;
                if (more) {
                    const uint kn = (kb + KSTEP) / 8u;
                    [[unroll]] for (uint i = 0u; i < LW; ++i) wr[i] = hv[wAt + LR * i * rowUv + kn];
                    [[unroll]] for (uint i = 0u; i < LX; ++i) xr[i] = hv[xAt + LR * i * rowUv + kn];
                }
                if (busy) {
                    const uint wb = buf * TN * RS + SN * sn * RS;
                    const uint xb = buf * TM * RS + SM * sm * RS;
                    [[unroll]] for (uint s = 0u; s < 2u; ++s) {
                        fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> a[FN], b[FM];
                        [[unroll]] for (uint i = 0u; i < FN; ++i)
                            coopMatLoadNV(a[i], wS, wb + 16u * i * RS + 2u * s, RS, false);
                        [[unroll]] for (uint j = 0u; j < FM; ++j)
                            coopMatLoadNV(b[j], xS, xb + 16u * j * RS + 2u * s, RS, true);
                        [[unroll]] for (uint i = 0u; i < FN; ++i) {
                            [[unroll]] for (uint j = 0u; j < FM; ++j)
                                acc[i * FM + j] = coopMatMulAddNV(a[i], b[j], acc[i * FM + j]);
                        }
                    }
                }
                if (more) {
                    const uint o = (buf ^ 1u);
                    [[unroll]] for (uint i = 0u; i < LW; ++i)
                        wS[o * TN * RS + (lr + LR * i) * RS + lq] = wr[i];
                    [[unroll]] for (uint i = 0u; i < LX; ++i)
                        xS[o * TM * RS + (lr + LR * i) * RS + lq] = xr[i];
                }
                barrier();
                buf ^= 1u;
            }

            // Out: each accumulator through the subgroup's staging block (64 uvec4 = 256 floats
            // of the weight buffer, idle now); (n, m) of the block at m * 16 + n, so 16
            // consecutive lanes write 16 consecutive outputs of a column.
            if (busy) {
                const uint st = sg * 64u;
                [[unroll]] for (uint i = 0u; i < FN; ++i) {
                    [[unroll]] for (uint j = 0u; j < FM; ++j) {
                        coopMatStoreNV(acc[i * FM + j], wS, st, 4u, true);
                        subgroupMemoryBarrierShared();
                        subgroupBarrier();
                        const uint nb = n0 + SN * sn + 16u * i;
                        const uint mb = m0 + SM * sm + 16u * j;
                        [[unroll]] for (uint e = lane; e < 256u; e += 32u) {
                            const uint n = nb + (e & 15u);
                            const uint m = mb + (e >> 4u);
                            if (n < p.N && m < p.M) {
                                const uint yo = outBase + m * outStride + n;
                                const float v = uintBitsToFloat(wS[st + (e >> 2u)][e & 3u]);
                                yv[yo] = add ? yv[yo] + v : v;
                            }
                        }
                        subgroupMemoryBarrierShared();
                        subgroupBarrier();
                    }
                }
            }
            // The next tile's first store reuses the buffers.
            barrier();
        }
    }
}
