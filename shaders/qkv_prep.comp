// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// Per-head preparation of one layer's attention inputs, for `rows` tokens at positions
// firstPos + r (see QkvPrepParams in engine/gpu/kernel_params.h):
//   q head  <- rope(rmsw(q head, nw[qNormOffset..]))           in place in the act buffer
//   K cache <- rope(rmsw(k head, nw[kNormOffset..]))           when storeKv != 0
//   V cache <- rms(v head)  (no weight)                         when storeKv != 0
// with rmsw(x, w) = x / sqrt(mean(x^2) + eps) * w (Gemma multiplies by the stored weight, no +1)
// and the cache row of position pos at slot pos % cacheRows (a ring for sliding layers), plus
// slotOffset.
//
// One workgroup per (token, head vector): the heads q heads first, then the kvHeads k heads,
// then the kvHeads v heads of each token (grid-stride over these items with rowStep). The head
// is staged in shared memory, its sum of squares reduced as in rmsnorm.comp, then every thread
// normalises and rotates whole NeoX pairs (j, j + ropeDims/2), so reading and writing the same
// act range (q in place) is safe: all reads happen before the reduction's barrier.
//
// RoPE is exactly rope.comp's: theta_j = pos * exp2(j * (-2 log2(base) / ropeDims)) / factor_j,
// reduced to [-pi, pi] by a two-constant Cody-Waite step before sin/cos (GPUs guarantee their
// accuracy only there, and positions reach 10^5 radians). Factors of 1e30 (Gemma 4's
// proportional RoPE) make theta ~ 0: those pairs come out as the normalised values.
layout(local_size_x = 128) in;

layout(std140, binding = 0) uniform Params {
    uint rows;         // tokens
    uint heads;        // query heads per token
    uint kvHeads;      // key / value heads per token
    uint headDim;      // floats per head (<= 512)
    uint ropeDims;     // rotated values per head (even, <= headDim)
    uint qOffset;      // act float offset of token 0's q
    uint qStride;      // act floats between tokens' q
    uint kOffset;      // act float offset of token 0's k (read when storeKv != 0)
    uint kStride;
    uint vOffset;      // act float offset of token 0's v (read when storeKv != 0)
    uint vStride;
    uint qNormOffset;  // float offsets in the norms binding (headDim weights each)
    uint kNormOffset;
    uint fOffset;      // float offset of the ropeDims/2 frequency factors
    uint useFactors;   // 0: factors are not read (all 1)
    float base;        // theta base
    float eps;
    uint storeKv;      // 0: q only (layers that reuse another layer's cache)
    uint cacheRows;    // rows of the K and V caches
    uint firstPos;     // position of token 0
    uint rowStep;      // workgroups along x (HLSL has no gl_NumWorkGroups)
    uint slotOffset;   // cache rows before slot 0 (a packed training sequence's segment)
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) buffer Norms { float nw[]; };
// The caches take f32 values, or f16 ones (KV_F16: the qkv_prep_f16 kernel, two values a uint;
// head dims are even, so a head's values are whole uints).
#if defined(KV_F16)
layout(std430, binding = 3) buffer KCache { uint kc[]; };
layout(std430, binding = 4) buffer VCache { uint vc[]; };
#else
layout(std430, binding = 3) buffer KCache { float kc[]; };
layout(std430, binding = 4) buffer VCache { float vc[]; };
#endif

const uint WG = 128u;
const uint MAX_DIM = 512u;
const float INV_TWO_PI = 0.15915494309189535;
const float TWO_PI_HI = 6.28125;                 // 201/32: k * TWO_PI_HI is exact for k < 2^16
const float TWO_PI_LO = 1.9353071795864769e-03;  // 2*pi - TWO_PI_HI

shared float xs[MAX_DIM];
shared float partial[WG];

#if defined(KV_F16)
// The item's k or v values, staged until the whole head is done (then stored in pairs).
shared float outs[MAX_DIM];
#endif

// Stores value i of the item's output: kind 0 (q) in place in act, 1 (k) and 2 (v) in the caches
// (KV_F16: into outs[], offset `at` relative to the head's first value, for storeHead()).
void store(uint kind, uint at, float v) {
    if (kind == 0u) {
        act[at] = v;
#if defined(KV_F16)
    } else {
        outs[at] = v;
    }
#else
    } else if (kind == 1u) {
        kc[at] = v;
    } else {
        vc[at] = v;
    }
#endif
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint D = p.headDim;
    const uint half_ = p.ropeDims / 2u;
    const uint perRow = p.heads + (p.storeKv != 0u ? 2u * p.kvHeads : 0u);
    const uint items = p.rows * perRow;
    // -2 * log2(base) / ropeDims: freq_j = exp2(j * freqScale).
    const float freqScale = -2.0 * log2(p.base) / float(p.ropeDims);
    for (uint item = gl_WorkGroupID.x; item < items; item += p.rowStep) {
        const uint r = item / perRow;
        uint head = item - r * perRow;
        uint kind = 0u;
        if (head >= p.heads) {
            head -= p.heads;
            kind = 1u;
            if (head >= p.kvHeads) {
                head -= p.kvHeads;
                kind = 2u;
            }
        }
        const uint pos = p.firstPos + r;
        const uint slotBase =
            (pos % max(p.cacheRows, 1u) + p.slotOffset) * p.kvHeads * D + head * D;
#if defined(KV_F16)
        // k and v go to outs[] first (see store()); dst below is then 0.
        const uint cacheAt = slotBase;
#endif
        uint src;
        uint dst;
        uint wOff;
        if (kind == 0u) {
            src = p.qOffset + r * p.qStride + head * D;
            dst = src;
            wOff = p.qNormOffset;
        } else if (kind == 1u) {
            src = p.kOffset + r * p.kStride + head * D;
            dst = slotBase;
            wOff = p.kNormOffset;
        } else {
            src = p.vOffset + r * p.vStride + head * D;
            dst = slotBase;
            wOff = 0u;
        }
#if defined(KV_F16)
        if (kind != 0u) dst = 0u;
#endif

        float ss = 0.0;
        for (uint i = t; i < D; i += WG) {
            const float v = act[src + i];
            xs[i] = v;
            ss += v * v;
        }
        partial[t] = ss;
        memoryBarrierShared();
        barrier();
        for (uint s = WG / 2u; s > 0u; s >>= 1u) {
            if (t < s) partial[t] += partial[t + s];
            memoryBarrierShared();
            barrier();
        }
        const float inv = inversesqrt(partial[0] / float(D) + p.eps);

        if (kind == 2u) {
            for (uint i = t; i < D; i += WG)
                store(kind, dst + i, xs[i] * inv);
        } else {
            const float position = float(pos);
            for (uint j = t; j < half_; j += WG) {
                const float x0 = xs[j] * inv * nw[wOff + j];
                const float x1 = xs[j + half_] * inv * nw[wOff + j + half_];
                float freq = exp2(float(j) * freqScale);
                if (p.useFactors != 0u) freq /= nw[p.fOffset + j];
                precise float theta = position * freq;
                const float k = round(theta * INV_TWO_PI);
                theta = (theta - k * TWO_PI_HI) - k * TWO_PI_LO;
                const float c = cos(theta);
                const float s = sin(theta);
                store(kind, dst + j, x0 * c - x1 * s);
                store(kind, dst + j + half_, x1 * c + x0 * s);
            }
            for (uint i = p.ropeDims + t; i < D; i += WG)
                store(kind, dst + i, xs[i] * inv * nw[wOff + i]);
        }
#if defined(KV_F16)
        // The head's k or v values, rounded to f16, two to a uint.
        if (kind != 0u) {
            memoryBarrierShared();
            barrier();
            for (uint i = t; 2u * i < D; i += WG) {
                const uint packed = packHalf2x16(
                    clamp(vec2(outs[2u * i], outs[2u * i + 1u]), vec2(-65504.0), vec2(65504.0)));
                if (kind == 1u) {
                    kc[cacheAt / 2u + i] = packed;
                } else {
                    vc[cacheAt / 2u + i] = packed;
                }
            }
        }
#endif
        // xs[], partial[] (and outs[]) are reused by the next item.
        memoryBarrierShared();
        barrier();
    }
}
