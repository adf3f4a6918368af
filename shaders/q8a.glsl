// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// One block of 32 values in the Q8A layout (quant.glsl, MV_DOT; the input of the integer-dot
// mat-vecs), shared by quantize_q8.comp and add_rmsnorm.comp so the two round identically:
// d = max|v| / 127, q = clamp(roundEven(v * (1 / d)), -127, 127), and the 48-byte record
// (q[0..15], q[16..31], (d, d * sum q[0..15], d * sum q[16..31], 0)) as three uvec4.
// engine/model/reference_ops.cpp q8aQuantize / q8aPack are the CPU reference.
#ifndef FACET_Q8A_GLSL
#define FACET_Q8A_GLSL

// A block's scale d and its inverse from its largest magnitude amax.
float q8aScale(float amax, out float id) {
    const float d = amax / 127.0;
    id = d > 0.0 ? 1.0 / d : 0.0;
    return d;
}

// Four values' q (times id, rounded half to even, clamped) packed little-endian into a word;
// *sum their sum.
uint q8aPack4(vec4 v, float id, out int sum) {
    const ivec4 q = clamp(ivec4(roundEven(v * id)), ivec4(-127), ivec4(127));
    sum = q.x + q.y + q.z + q.w;
    const uvec4 b = uvec4(q) & 0xFFu;
    return b.x | (b.y << 8u) | (b.z << 16u) | (b.w << 24u);
}

void q8aBlock(vec4 v[8], out uvec4 lo, out uvec4 hi, out uvec4 scales) {
    vec4 m = abs(v[0]);
    for (int i = 1; i < 8; ++i) m = max(m, abs(v[i]));
    float id;
    const float d = q8aScale(max(max(m.x, m.y), max(m.z, m.w)), id);
    uint w[8];
    int s0 = 0, s1 = 0;
    for (int i = 0; i < 8; ++i) {
        int sum;
        w[i] = q8aPack4(v[i], id, sum);
        if (i < 4) {
            s0 += sum;
        } else {
            s1 += sum;
        }
    }
    lo = uvec4(w[0], w[1], w[2], w[3]);
    hi = uvec4(w[4], w[5], w[6], w[7]);
    scales = uvec4(floatBitsToUint(d), floatBitsToUint(d * float(s0)),
                   floatBitsToUint(d * float(s1)), 0u);
}

#endif  // FACET_Q8A_GLSL
