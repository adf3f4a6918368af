// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// One AdamW step over `count` parameters (PyTorch's decoupled weight decay), the gradient scaled
// first by gradScale (global-norm clipping's factor, 1 without clipping):
//   g = gradScale·grad;  θ ← θ·(1 − lr·λ);  m ← β1 m + (1 − β1) g;  v ← β2 v + (1 − β2) g²;
//   θ ← θ − lr·(m / c1) / (sqrt(v / c2) + ε),   c1 = 1 − β1^t, c2 = 1 − β2^t (from the host).
// CPU reference: train::AdamW (engine/train/optimizer.h), which computes each update in double.
// Grid-stride over the elements (256 per workgroup, `groupStep` workgroups).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint count;
    uint paramOffset;  // float offsets in their bindings
    uint gradOffset;
    uint momentOffset;  // m at momentOffset, v at momentOffset + count
    float lr;
    float beta1;
    float beta2;
    float eps;
    float weightDecay;
    float c1;  // 1 − β1^t
    float c2;  // 1 − β2^t
    float gradScale;
    uint groupStep;  // workgroups along x
    float oneMinusBeta1;  // 1 − β1, 1 − β2 (rounded once from the double values)
    float oneMinusBeta2;
} p;

layout(std430, binding = 1) buffer Theta { float theta[]; };
layout(std430, binding = 2) readonly buffer Grads { float grad[]; };
layout(std430, binding = 3) buffer Moments { float moment[]; };

void main() {
    const uint stride = p.groupStep * 256u;
    for (uint i = gl_GlobalInvocationID.x; i < p.count; i += stride) {
        const float g = grad[p.gradOffset + i] * p.gradScale;
        const uint mi = p.momentOffset + i, vi = p.momentOffset + p.count + i;
        const float m = p.beta1 * moment[mi] + p.oneMinusBeta1 * g;
        const float v = p.beta2 * moment[vi] + p.oneMinusBeta2 * g * g;
        moment[mi] = m;
        moment[vi] = v;
        const float t = theta[p.paramOffset + i] * (1.0 - p.lr * p.weightDecay);
        theta[p.paramOffset + i] = t - p.lr * (m / p.c1) / (sqrt(v / p.c2) + p.eps);
    }
}
