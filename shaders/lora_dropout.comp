// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// LoRA dropout on the GPU trainer: over `rows` rows of n floats of binding 1,
//   out[r][c] = x[r][c] · mask(r·n + c)            (accumulate 0: the adapter's masked input)
//   out[r][c] = out[r][c] + x[r][c] · mask(r·n + c)  (accumulate 1: the input gradient)
// with mask(i) = 0 when the top 24 bits of draw(key, i) are below `threshold`, else keepScale.
// The draw is train/dropout_mask.h's dropoutDraw, the same 32-bit integer arithmetic, so the
// masks are the CPU oracle's bit for bit; `precise` keeps one f32 multiply (and one add) as the
// CPU rounds them. out may be x exactly (in place); otherwise the two do not overlap (ops.h
// recordLoraDropout). Semantics: ops.h recordLoraDropout; CPU reference: applyDropoutMask.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;          // values per row (the mask's row length)
    uint rows;
    uint xOffset;    // float offset of row 0 of x
    uint xStride;    // floats between rows of x
    uint outOffset;  // float offset of row 0 of out
    uint outStride;  // floats between rows of out
    uint accumulate;
    uint key;        // dropoutKey(seed, stream)
    uint threshold;  // dropoutThreshold(p)
    float keepScale; // 1 / (1 - p)
    uint gridStep;   // invocations in the grid (workgroups along x * 256)
} p;

layout(std430, binding = 1) buffer Act { float act[]; };

// dropout_mask.h dropoutMix (lowbias32).
uint mixBits(uint x) {
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}

void main() {
    const uint total = p.n * p.rows;
    for (uint e = gl_GlobalInvocationID.x; e < total; e += p.gridStep) {
        const uint r = e / p.n;
        const uint c = e - r * p.n;
        const uint draw = mixBits(mixBits(e + p.key) ^ p.key);
        const float m = (draw >> 8) < p.threshold ? 0.0 : p.keepScale;
        const uint o = p.outOffset + r * p.outStride + c;
        precise float v = act[p.xOffset + r * p.xStride + c] * m;
        if (p.accumulate != 0u) v = act[o] + v;
        act[o] = v;
    }
}
