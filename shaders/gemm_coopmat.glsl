// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The tensor-core body of shaders/gemm.comp (GEMM_COOPMAT): the same product, parameters and
// bindings, on NVIDIA's cooperative matrices (GL_NV_cooperative_matrix, 16 x 16 x 16, f16
// inputs, f32 accumulation). Included by gemm.comp after its parameter block, bindings and
// helpers; it defines main().
//
// Tiling: a workgroup of 128 invocations (4 subgroups of 32) computes 64 x 64 outputs of C in K
// steps of 32. Per step each invocation reads 2 x 8 values of A and 2 x 8 of B from memory,
// rounds them to f16 (clamped to +-65504, as convert_f16 does) and stores them as uvec4s into
// shared memory, rows along K (A[i][k] and B[k][j] both as [row][k]: 32 halves + 8 of padding
// per row, 80 bytes, so the 8 rows a fragment load reads fall on distinct bank groups). Which
// 8 values an invocation reads follows the operand's layout: 8 consecutive k of one row where K
// is the contiguous direction, else 8 k of one row with consecutive invocations on consecutive
// rows, so that a subgroup's reads coalesce either way (the transposed operands of the backward
// pass are as fast as the plain ones). The next step's values are read into registers while the
// current step multiplies. Subgroup s multiplies rows 32 (s % 2) .. by columns 32 (s / 2) ..: 2 x 2
// accumulators of 16 x 16. The end goes through a per-subgroup 16 x 16 f32 staging block, from
// which each lane writes 8 outputs with the edge checks, alpha, accumulate and split-K of
// finish().
//
// Numerics: A and B are rounded to f16 (relative 2^-11 each), products exact in f32, sums in f32
// (bound in tests/gpu/gpu_train_kernels_test.cpp).

const uint GT = 64u;     // rows and columns of C per workgroup
const uint KSTEP = 32u;
const uint RS = 5u;      // uvec4 per shared row: 4 of data + 1 of padding

shared uvec4 aS[GT * RS];  // [i][k / 8]
shared uvec4 bS[GT * RS];  // [j][k / 8]
shared float cS[4u * 256u];  // per subgroup: a 16 x 16 f32 block, row-major

#define GEMM_HALF_MAX 65504.0

uint packPair(float x, float y) {
    return packHalf2x16(clamp(vec2(x, y), vec2(-GEMM_HALF_MAX), vec2(GEMM_HALF_MAX)));
}

// The uvec4 `u` (0..255) of the 64 x 32 A tile at (i0, k0) of batch bb: (row, quarter) by
// layout; values outside [0, M) x [k0, kEnd) are zero.
uvec4 loadA(uint u, uint bb, uint i0, uint k0, uint kEnd, bool kFast, out uint at) {
    const uint row = kFast ? u >> 2u : u & 63u;
    const uint q = kFast ? u & 3u : u >> 6u;
    at = row * RS + q;
    const uint i = i0 + row;
    float v[8];
    const uint base = p.aOffset + bb * p.aBatchStride + i * p.aRowStride;
    [[unroll]] for (uint e = 0u; e < 8u; ++e) {
        const uint k = k0 + 8u * q + e;
        v[e] = (i < p.M && k < kEnd) ? av[base + k * p.aColStride] : 0.0;
    }
    return uvec4(packPair(v[0], v[1]), packPair(v[2], v[3]), packPair(v[4], v[5]),
                 packPair(v[6], v[7]));
}

// The same for the 32 x 64 B tile at (k0, j0), stored as [j][k].
uvec4 loadB(uint u, uint bb, uint j0, uint k0, uint kEnd, bool kFast, out uint at) {
    const uint col = kFast ? u >> 2u : u & 63u;
    const uint q = kFast ? u & 3u : u >> 6u;
    at = col * RS + q;
    const uint j = j0 + col;
    float v[8];
    const uint base = p.bOffset + bb * p.bBatchStride + j * p.bColStride;
    [[unroll]] for (uint e = 0u; e < 8u; ++e) {
        const uint k = k0 + 8u * q + e;
        v[e] = (j < p.N && k < kEnd) ? bv[base + k * p.bRowStride] : 0.0;
    }
    return uvec4(packPair(v[0], v[1]), packPair(v[2], v[3]), packPair(v[4], v[5]),
                 packPair(v[6], v[7]));
}

void main() {
    if (p.stage == 1u) {
        reduceSlices();
        return;
    }
    const uint t = gl_LocalInvocationID.x;
    const uint sg = t >> 5u, lane = t & 31u;
    const uint sm = sg & 1u, sn = sg >> 1u;
    const uint i0 = gl_WorkGroupID.y * GT, j0 = gl_WorkGroupID.x * GT;
    const uint S = splitCount();
    const uint ob = gl_WorkGroupID.z / S, s = gl_WorkGroupID.z - ob * S;
    uint kBegin = p.splits > 1u ? s * p.kSlice : 0u;
    uint kEnd = p.splits > 1u ? min(p.K, kBegin + p.kSlice) : p.K;
    maskRange(i0, GT, j0, GT, kBegin, kEnd);
    const uint b0 = p.sumBatches != 0u ? 0u : ob;
    const uint nb = p.sumBatches != 0u ? max(p.batches, 1u) : 1u;
    const uint steps = kEnd > kBegin ? (kEnd - kBegin + KSTEP - 1u) / KSTEP : 0u;
    const uint total = nb * steps;
    // A's rows along K when its column stride is 1 (or it has a single row); B likewise.
    const bool aK = p.aColStride == 1u && p.aRowStride != 1u;
    const bool bK = p.bRowStride == 1u && p.bColStride != 1u;

    fcoopmatNV<32, gl_ScopeSubgroup, 16, 16> acc[4];
    [[unroll]] for (uint x = 0u; x < 4u; ++x)
        acc[x] = fcoopmatNV<32, gl_ScopeSubgroup, 16, 16>(0.0);

    uvec4 ar[2], br[2];
    uint aAt[2], bAt[2];
    if (total > 0u) {
        [[unroll]] for (uint r = 0u; r < 2u; ++r) {
            ar[r] = loadA(t + 128u * r, b0, i0, kBegin, kEnd, aK, aAt[r]);
            br[r] = loadB(t + 128u * r, b0, j0, kBegin, kEnd, bK, bAt[r]);
        }
    }
    for (uint it = 0u; it < total; ++it) {
        barrier();  // the previous step's fragment loads are done
        [[unroll]] for (uint r = 0u; r < 2u; ++r) {
            aS[aAt[r]] = ar[r];
            bS[bAt[r]] = br[r];
        }
        barrier();
        if (it + 1u < total) {
            const uint nx = it + 1u;
            const uint bb = b0 + nx / steps;
            const uint k0 = kBegin + (nx - (nx / steps) * steps) * KSTEP;
            [[unroll]] for (uint r = 0u; r < 2u; ++r) {
                ar[r] = loadA(t + 128u * r, bb, i0, k0, kEnd, aK, aAt[r]);
                br[r] = loadB(t + 128u * r, bb, j0, k0, kEnd, bK, bAt[r]);
            }
        }
        [[unroll]] for (uint h = 0u; h < 2u; ++h) {
            fcoopmatNV<16, gl_ScopeSubgroup, 16, 16> a[2], b[2];
            [[unroll]] for (uint x = 0u; x < 2u; ++x)
                coopMatLoadNV(a[x], aS, (32u * sm + 16u * x) * RS + 2u * h, RS, false);
            [[unroll]] for (uint y = 0u; y < 2u; ++y)
                coopMatLoadNV(b[y], bS, (32u * sn + 16u * y) * RS + 2u * h, RS, true);
            [[unroll]] for (uint x = 0u; x < 2u; ++x) {
                [[unroll]] for (uint y = 0u; y < 2u; ++y)
                    acc[x * 2u + y] = coopMatMulAddNV(a[x], b[y], acc[x * 2u + y]);
            }
        }
    }

    const uint st = sg * 256u;
    [[unroll]] for (uint x = 0u; x < 2u; ++x) {
        [[unroll]] for (uint y = 0u; y < 2u; ++y) {
            coopMatStoreNV(acc[x * 2u + y], cS, st, 16u, false);
            subgroupMemoryBarrierShared();
            subgroupBarrier();
            const uint ib = i0 + 32u * sm + 16u * x, jb = j0 + 32u * sn + 16u * y;
            [[unroll]] for (uint e = lane; e < 256u; e += 32u)
                finish(ob, s, ib + (e >> 4u), jb + (e & 15u), cS[st + e]);
            subgroupMemoryBarrierShared();
            subgroupBarrier();
        }
    }
}
