// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Index and value of the largest element of x[0..n): a two-stage, atomics-free tree reduction.
//   stage 0: workgroup g reduces x[g*chunk .. min((g+1)*chunk, n)) to partials[g];
//   stage 1: one workgroup reduces partials[0..n) (n = number of stage-0 workgroups) to result.
// Both stages are recorded in the same compute pass; QRhi puts a barrier between them because
// stage 1 reads the buffer stage 0 wrote. Result: uint index, then the value's bits.
// Ties go to the lowest index; NaNs never win (all NaN or n == 0: index 0xFFFFFFFF, value -inf).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;        // stage 0: elements of x; stage 1: number of partials
    uint xOffset;  // float offset of x[0] (stage 0)
    uint chunk;    // elements per workgroup (stage 0)
    uint stage;    // 0 or 1
} p;

layout(std430, binding = 1) buffer Input { float xv[]; };
layout(std430, binding = 2) buffer Partials { uvec2 partials[]; };  // (index, value bits)
layout(std430, binding = 3) buffer Result { uvec2 result; };

const uint WG = 256u;
shared float bestValue[WG];
shared uint bestIndex[WG];

// Candidate (v, i) beats (bv, bi) when larger, or equal with a lower index; NaN never wins.
bool beats(float v, uint i, float bv, uint bi) {
    return v > bv || (v == bv && i < bi);
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    float bv = uintBitsToFloat(0xFF800000u);  // -inf
    uint bi = 0xFFFFFFFFu;
    if (p.stage == 0u) {
        const uint begin = gl_WorkGroupID.x * p.chunk;
        const uint end = min(begin + p.chunk, p.n);
        for (uint i = begin + t; i < end; i += WG) {
            const float v = xv[p.xOffset + i];
            if (beats(v, i, bv, bi)) {
                bv = v;
                bi = i;
            }
        }
    } else {
        for (uint i = t; i < p.n; i += WG) {
            const uvec2 c = partials[i];
            const float v = uintBitsToFloat(c.y);
            if (beats(v, c.x, bv, bi)) {
                bv = v;
                bi = c.x;
            }
        }
    }
    bestValue[t] = bv;
    bestIndex[t] = bi;
    memoryBarrierShared();
    barrier();
    for (uint s = WG / 2u; s > 0u; s >>= 1u) {
        if (t < s && beats(bestValue[t + s], bestIndex[t + s], bestValue[t], bestIndex[t])) {
            bestValue[t] = bestValue[t + s];
            bestIndex[t] = bestIndex[t + s];
        }
        memoryBarrierShared();
        barrier();
    }
    if (t == 0u) {
        const uvec2 best = uvec2(bestIndex[0], floatBitsToUint(bestValue[0]));
        if (p.stage == 0u) {
            partials[gl_WorkGroupID.x] = best;
        } else {
            result = best;
        }
    }
}
