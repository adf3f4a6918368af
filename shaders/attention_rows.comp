// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// The row passes of the attention backward computed as products (engine/gpu/ops.h
// recordAttentionBackwardProducts), over a block of score rows (AttentionRowsParams): row r holds
// query i = queryBase + r % blockRows against keys j = keyBase + c, c < cols; query i sees key j
// when j <= i and, with a window, i - j < window.
//   mode 0: S -> P in place, P_ij = e^(S_ij - max) / Σ e^(S_ij - max) over the visible keys, 0
//           for the others (the forward's softmax, recomputed from the scores);
//   mode 1: dP -> dS in place, dS_ij = P_ij (dP_ij - Δ_i) with Δ_i = Σ_j P_ij dP_ij (which
//           equals dO_i·o_i) over the visible keys, 0 for the others (whatever dP holds there).
// CPU reference: model::ref::attentionBackward (through the whole composite; the test). One
// workgroup per row, grid-stride over rows; the reductions by a tree in shared memory.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint rows;
    uint cols;
    uint sOffset;
    uint dOffset;
    uint blockRows;
    uint queryBase;
    uint keyBase;
    uint window;
    uint mode;
    uint rowStep;
} p;

layout(std430, binding = 1) buffer Act { float act[]; };

shared float red[256];

bool visible(uint i, uint j) {
    return j <= i && (p.window == 0u || i - j < p.window);
}

float reduceMax(float v) {
    const uint t = gl_LocalInvocationID.x;
    red[t] = v;
    memoryBarrierShared();
    barrier();
    for (uint h = 128u; h > 0u; h >>= 1u) {
        if (t < h) red[t] = max(red[t], red[t + h]);
        memoryBarrierShared();
        barrier();
    }
    const float r = red[0];
    barrier();  // everyone has read red[0] before the next reduction writes it
    return r;
}

float reduceSum(float v) {
    const uint t = gl_LocalInvocationID.x;
    red[t] = v;
    memoryBarrierShared();
    barrier();
    for (uint h = 128u; h > 0u; h >>= 1u) {
        if (t < h) red[t] += red[t + h];
        memoryBarrierShared();
        barrier();
    }
    const float r = red[0];
    barrier();
    return r;
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint i = p.queryBase + r % p.blockRows;
        const uint so = p.sOffset + r * p.cols, dof = p.dOffset + r * p.cols;
        if (p.mode == 0u) {
            float m = -3.0e38;
            for (uint c = t; c < p.cols; c += 256u) {
                if (visible(i, p.keyBase + c)) m = max(m, act[so + c]);
            }
            m = reduceMax(m);
            float sum = 0.0;
            for (uint c = t; c < p.cols; c += 256u) {
                if (visible(i, p.keyBase + c)) sum += exp(act[so + c] - m);
            }
            const float inv = 1.0 / reduceSum(sum);
            for (uint c = t; c < p.cols; c += 256u)
                act[so + c] = visible(i, p.keyBase + c) ? exp(act[so + c] - m) * inv : 0.0;
        } else {
            // Only the visible entries are read: the products leave dP's masked tiles uncomputed.
            float d = 0.0;
            for (uint c = t; c < p.cols; c += 256u) {
                if (visible(i, p.keyBase + c)) d += act[so + c] * act[dof + c];
            }
            d = reduceSum(d);
            for (uint c = t; c < p.cols; c += 256u) {
                act[dof + c] =
                    visible(i, p.keyBase + c) ? act[so + c] * (act[dof + c] - d) : 0.0;
            }
        }
    }
}
