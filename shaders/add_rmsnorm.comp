// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// The residual add of a normed branch, fused with the norm of the result, per row of n floats:
//   x = (x + rmsw(y, w1)) * scale;  if normOut: out = rmsw(x, w2)
// where rmsw(v, w) = v / sqrt(mean(v^2) + eps) * w (Gemma 4 multiplies by the stored weight
// directly). x, y and out live in the act binding, w1 and w2 in the norms binding. One
// workgroup per row (grid-stride over rows). The first PT*WG values of a row stay in registers,
// so y, x and the new x are each read from memory once; longer rows loop over the rest, re-reading
// from memory. Sums of squares are f32 per invocation, then a tree over the workgroup.
// y and out must not overlap x, nor out y (recordAddRmsNorm checks): a row of x is written while
// other invocations still read y.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;          // values per row
    uint rows;       // number of rows
    uint xOffset;    // float offset of row 0 of x (act)
    uint xStride;    // floats between rows of x
    uint yOffset;    // float offset of row 0 of y (act)
    uint yStride;    // floats between rows of y
    uint w1Offset;   // float offset of the norm weight of y (norms)
    float scale;     // multiplies the sum
    uint normOut;    // 0: no out
    uint w2Offset;   // float offset of the norm weight of out (norms)
    uint outOffset;  // float offset of row 0 of out (act)
    uint outStride;  // floats between rows of out
    float eps;
    uint rowStep;    // workgroups along x (HLSL has no gl_NumWorkGroups)
    uint q8Out;      // 1: also write out in the Q8A layout (normOut only; n % 32 == 0, n <= 3072)
    uint q8Offset;   // float offset of row 0 of the Q8A output (act; multiple of 4)
    uint q8Stride;   // floats between its rows (multiple of 4)
} p;

// Words, so that the Q8A output (integers) can be stored without passing through a float.
layout(std430, binding = 1) buffer Act { uint actw[]; };
#define ACT(i) uintBitsToFloat(actw[i])
#define SET_ACT(i, value) actw[i] = floatBitsToUint(value)
layout(std430, binding = 2) buffer Norms { float nw[]; };

const uint WG = 256u;
const uint PT = 16u;  // values per invocation kept in registers: rows up to 4096 are read once
// One array per sum of a row. A sum's result is read after its last barrier and used before the
// next one (never across it): Mesa's GL compiler was seen moving a shared load past a barrier()
// to its use, where a later sum had overwritten the slot. With two arrays, sum 1 of the next row
// writes its array only after the row-end barrier, which every use of the previous result
// precedes (they feed stores).
shared float partial1[WG];
shared float partial2[WG];
// q8Out: the row of out, so that invocation b can quantise block b (32 consecutive values) in one
// pass. Q8_MAX_N floats: with partial1/2 the kernel stays within Vulkan's guaranteed 16 KiB.
const uint Q8_MAX_N = 3072u;  // AddRmsNormParams::kQ8MaxN
shared float stage[Q8_MAX_N];

#include "q8a.glsl"

// The sum of v over the workgroup into partial[0] (a macro: GLSL cannot pass a shared array).
#define WORKGROUP_SUM(partial, v)                                  \
    {                                                              \
        partial[t] = (v);                                          \
        memoryBarrierShared();                                     \
        barrier();                                                 \
        for (uint s = WG / 2u; s > 0u; s >>= 1u) {                 \
            if (t < s) partial[t] += partial[t + s];               \
            memoryBarrierShared();                                 \
            barrier();                                             \
        }                                                          \
    }

void main() {
    const uint t = gl_LocalInvocationID.x;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint xb = p.xOffset + r * p.xStride;
        const uint yb = p.yOffset + r * p.yStride;
        // y, x and w1 of the cached part, all loads issued before the first reduction.
        float v[PT];
        float xs[PT];
        float w[PT];
        float ss = 0.0;
        for (uint j = 0u; j < PT; ++j) {
            const uint i = t + j * WG;
            v[j] = 0.0;
            xs[j] = 0.0;
            w[j] = 0.0;
            if (i < p.n) {
                v[j] = ACT(yb + i);
                xs[j] = ACT(xb + i);
                w[j] = nw[p.w1Offset + i];
            }
            ss += v[j] * v[j];
        }
        for (uint i = t + PT * WG; i < p.n; i += WG) {
            const float y = ACT(yb + i);
            ss += y * y;
        }
        WORKGROUP_SUM(partial1, ss)
        const float inv1 = inversesqrt(partial1[0] / float(p.n) + p.eps);

        ss = 0.0;
        for (uint j = 0u; j < PT; ++j) {
            const uint i = t + j * WG;
            if (i < p.n) {
                const float x = (xs[j] + v[j] * inv1 * w[j]) * p.scale;
                SET_ACT(xb + i, x);
                v[j] = x;
                ss += x * x;
            }
        }
        for (uint i = t + PT * WG; i < p.n; i += WG) {
            const float x = (ACT(xb + i) + ACT(yb + i) * inv1 * nw[p.w1Offset + i]) * p.scale;
            SET_ACT(xb + i, x);
            ss += x * x;
        }
        if (p.normOut != 0u) {
            const uint ob = p.outOffset + r * p.outStride;
            WORKGROUP_SUM(partial2, ss)
            const float inv2 = inversesqrt(partial2[0] / float(p.n) + p.eps);
            for (uint j = 0u; j < PT; ++j) {
                const uint i = t + j * WG;
                if (i < p.n) {
                    v[j] = v[j] * inv2 * nw[p.w2Offset + i];
                    SET_ACT(ob + i, v[j]);
                }
            }
            // This invocation wrote these x values itself above, so it reads them back.
            for (uint i = t + PT * WG; i < p.n; i += WG) {
                SET_ACT(ob + i, ACT(xb + i) * inv2 * nw[p.w2Offset + i]);
            }
            if (p.q8Out != 0u) {
                // Invocation b < n / 32 quantises block b (q8a.glsl, the rounding of
                // quantize_q8.comp) from the same floats that were stored above; n <= Q8_MAX_N
                // (recordAddRmsNorm), so every value is in v[].
                for (uint j = 0u; j < PT; ++j) {
                    const uint i = t + j * WG;
                    if (i < p.n) stage[i] = v[j];
                }
                memoryBarrierShared();
                barrier();
                const uint qb = p.q8Offset + r * p.q8Stride;
                for (uint b = t; 32u * b < p.n; b += WG) {
                    vec4 blk[8];
                    for (uint k = 0u; k < 8u; ++k) {
                        const uint e = 32u * b + 4u * k;
                        blk[k] = vec4(stage[e], stage[e + 1u], stage[e + 2u], stage[e + 3u]);
                    }
                    uvec4 lo, hi, scales;
                    q8aBlock(blk, lo, hi, scales);
                    const uint o = qb + 12u * b;
                    for (uint k = 0u; k < 4u; ++k) {
                        actw[o + k] = lo[k];
                        actw[o + 4u + k] = hi[k];
                        actw[o + 8u + k] = scales[k];
                    }
                }
            }
        }
        // partial1/2 are reused by the next row.
        barrier();
    }
}
