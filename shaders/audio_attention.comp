// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// The Gemma 4 audio tower's chunked local attention with Transformer-XL relative positions (HF
// Gemma4AudioAttention after the projections; engine/gpu/audio_kernels.h, recordAudioAttention;
// CPU reference facet::audio::ops::chunkedLocalAttention).
//
// The frames are cut into query blocks of `chunk`; block b sees the context of chunk + maxPast
// keys starting at frame b * chunk - maxPast (keys outside the sequence are zeros, as HF pads
// them). For query i and context slot j the distance is i + maxPast - j, and the logit is
//   q'.k' + q'.relK[j - i]   (the relative term only for 0 <= j - i <= maxPast)
// with q' = clamp(q, qMin, qMax) * qScale * perDim[d] and k' = clamp(k, kMin, kMax) * kScale (v
// clamped likewise: the projections' output bounds), soft-capped (cap * tanh(l / cap)), and
// replaced by invalidLogit where the key is outside the sequence, masked, or not within
// 0 <= distance < window. Softmax over all chunk + maxPast slots (so a query that sees no valid
// key averages the context, as HF's softmax over all-invalid logits does).
//
// One workgroup per (query block, head): the whole block's logits (chunk x context) stay in
// shared memory; q, k, the relative keys and then v are staged through shared memory SL head
// dimensions at a time, so the kernel needs about 10 KiB of shared memory whatever the head
// size.
layout(local_size_x = 128) in;

layout(std140, binding = 0) uniform Params {
    uint frames;
    uint heads;
    uint headDim;
    uint chunk;
    uint maxPast;
    uint window;
    float softcap;
    float invalidLogit;
    float qScale;
    float kScale;
    uint qOffset;
    uint qStride;
    uint kOffset;
    uint kStride;
    uint vOffset;
    uint vStride;
    uint relOffset;
    uint scaleOffset;
    uint useMask;
    uint maskOffset;
    uint outOffset;
    uint outStride;
    float qMin;
    float qMax;
    float kMin;
    float kMax;
    float vMin;
    float vMax;
    uint blockStep;
} p;

layout(std430, binding = 1) buffer Qkv { float xv[]; };
layout(std430, binding = 2) buffer Weights { float wv[]; };
layout(std430, binding = 3) buffer Mask { uint mv[]; };
layout(std430, binding = 4) buffer Output { float ov[]; };

const uint WG = 128u;
const uint MAX_CHUNK = 16u;
const uint MAX_CTX = 48u;
const uint SL = 16u;  // head dimensions per stage
const uint PAIRS = (MAX_CHUNK * MAX_CTX + WG - 1u) / WG;  // (query, slot) pairs per invocation

shared float qs[MAX_CHUNK * SL];
shared float ks[MAX_CTX * SL];  // keys, then values
shared float rs[MAX_CTX * SL];  // relative keys 0 .. maxPast
shared float lg[MAX_CHUNK * MAX_CTX];

// tanh without the overflow and cancellation of (e^2z - 1) / (e^2z + 1): a Taylor polynomial for
// |z| < 1/4 (truncation < 1e-10 relative), 1 - 2 / (e^2|z| + 1) beyond (the form of
// shaders/elementwise.comp).
float tanhAccurate(float z) {
    const float a = abs(z);
    if (a < 0.25) {
        const float z2 = z * z;
        const float poly =
            1.0 + z2 * (-1.0 / 3.0 +
                        z2 * (2.0 / 15.0 +
                              z2 * (-17.0 / 315.0 + z2 * (62.0 / 2835.0 + z2 * (-1382.0 / 155925.0)))));
        return z * poly;
    }
    return sign(z) * (1.0 - 2.0 / (exp(2.0 * a) + 1.0));
}

bool keyValid(int kt) {
    return kt >= 0 && uint(kt) < p.frames && (p.useMask == 0u || mv[p.maskOffset + uint(kt)] != 0u);
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint h = gl_WorkGroupID.y;
    const uint ctx = p.chunk + p.maxPast;
    const uint pairs = p.chunk * ctx;
    const uint blocks = (p.frames + p.chunk - 1u) / p.chunk;
    const uint hb = h * p.headDim;
    for (uint b = gl_WorkGroupID.x; b < blocks; b += p.blockStep) {
        const int first = int(b * p.chunk) - int(p.maxPast);  // frame of context slot 0
        float acc[PAIRS];
        for (uint m = 0u; m < PAIRS; ++m)
            acc[m] = 0.0;
        for (uint s0 = 0u; s0 < p.headDim; s0 += SL) {
            const uint sl = min(SL, p.headDim - s0);
            for (uint e = t; e < p.chunk * sl; e += WG) {
                const uint i = e / sl, d = e - i * sl;
                const uint qt = b * p.chunk + i;
                float v = 0.0;
                if (qt < p.frames) {
                    v = clamp(xv[p.qOffset + qt * p.qStride + hb + s0 + d], p.qMin, p.qMax) *
                        p.qScale;
                    v *= wv[p.scaleOffset + s0 + d];
                }
                qs[i * SL + d] = v;
            }
            for (uint e = t; e < ctx * sl; e += WG) {
                const uint j = e / sl, d = e - j * sl;
                const int kt = first + int(j);
                float v = 0.0;
                if (kt >= 0 && uint(kt) < p.frames)
                    v = clamp(xv[p.kOffset + uint(kt) * p.kStride + hb + s0 + d], p.kMin, p.kMax) *
                        p.kScale;
                ks[j * SL + d] = v;
            }
            for (uint e = t; e < (p.maxPast + 1u) * sl; e += WG) {
                const uint r = e / sl, d = e - r * sl;
                rs[r * SL + d] = wv[p.relOffset + r * p.heads * p.headDim + hb + s0 + d];
            }
            barrier();
            for (uint m = 0u; m < PAIRS; ++m) {
                const uint e = t + m * WG;
                if (e >= pairs) break;
                const uint i = e / ctx, j = e - i * ctx;
                float ac = 0.0, bd = 0.0;
                for (uint d = 0u; d < sl; ++d)
                    ac += qs[i * SL + d] * ks[j * SL + d];
                if (j >= i && j - i <= p.maxPast) {
                    for (uint d = 0u; d < sl; ++d)
                        bd += qs[i * SL + d] * rs[(j - i) * SL + d];
                }
                acc[m] += ac + bd;
            }
            // The stages are refilled by the next slice.
            barrier();
        }
        for (uint m = 0u; m < PAIRS; ++m) {
            const uint e = t + m * WG;
            if (e >= pairs) break;
            const uint i = e / ctx, j = e - i * ctx;
            const int distance = int(i + p.maxPast) - int(j);
            const bool visible =
                keyValid(first + int(j)) && distance >= 0 && uint(distance) < p.window;
            lg[e] = visible ? p.softcap * tanhAccurate(acc[m] / p.softcap) : p.invalidLogit;
        }
        barrier();
        if (t < p.chunk) {
            const uint base = t * ctx;
            float top = lg[base];
            for (uint j = 1u; j < ctx; ++j)
                top = max(top, lg[base + j]);
            float sum = 0.0;
            for (uint j = 0u; j < ctx; ++j) {
                const float e = exp(lg[base + j] - top);
                lg[base + j] = e;
                sum += e;
            }
            const float inv = 1.0 / sum;
            for (uint j = 0u; j < ctx; ++j)
                lg[base + j] *= inv;
        }
        barrier();
        for (uint s0 = 0u; s0 < p.headDim; s0 += SL) {
            const uint sl = min(SL, p.headDim - s0);
            for (uint e = t; e < ctx * sl; e += WG) {
                const uint j = e / sl, d = e - j * sl;
                const int kt = first + int(j);
                float v = 0.0;
                if (kt >= 0 && uint(kt) < p.frames)
                    v = clamp(xv[p.vOffset + uint(kt) * p.vStride + hb + s0 + d], p.vMin, p.vMax);
                ks[j * SL + d] = v;
            }
            barrier();
            for (uint e = t; e < p.chunk * sl; e += WG) {
                const uint i = e / sl, d = e - i * sl;
                const uint qt = b * p.chunk + i;
                if (qt >= p.frames) continue;
                float o = 0.0;
                for (uint j = 0u; j < ctx; ++j)
                    o += lg[i * ctx + j] * ks[j * SL + d];
                ov[p.outOffset + qt * p.outStride + hb + s0 + d] = o;
            }
            barrier();
        }
    }
}
