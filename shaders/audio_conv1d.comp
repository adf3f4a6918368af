// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
// The light conv module of the Gemma 4 audio tower: GLU and the causal depthwise convolution over
// time (HF Gemma4AudioLightConv1d), over `rows` frames of `channels` outputs:
//   mode 0 (GLU):       out[t][c] = x[t][c] * sigmoid(x[t][channels + c])
//   mode 1 (depthwise): out[t][c] = sum_j w[c][j] * x[t - (k - 1) + j][c], zeros before t = 0
//   mode 2 (both):      the depthwise convolution of the GLU of the rows of x
// Mode 2 recomputes each GLU value k times instead of writing the GLU out and reading it back: a
// sigmoid costs less than the memory round trip. One invocation per output, neighbouring
// invocations on neighbouring channels (coalesced rows); a grid-stride loop covers the rest.
// out must not overlap x in modes 1 and 2 (neighbouring frames are read); in mode 0 it may alias
// x's first half exactly.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint rows;
    uint channels;
    uint kernel;
    uint mode;
    uint xOffset;
    uint xStride;
    uint wOffset;
    uint outOffset;
    uint outStride;
    uint gridStep;
} p;

layout(std430, binding = 1) buffer Input { float xv[]; };
layout(std430, binding = 2) buffer Weights { float wv[]; };
layout(std430, binding = 3) buffer Output { float ov[]; };

float gluAt(uint t, uint c) {
    const uint b = p.xOffset + t * p.xStride;
    const float gate = xv[b + p.channels + c];
    // 1 / (1 + e^-g): e^-g overflows to +inf for g < -88, which gives the exact limit 0.
    return xv[b + c] * (1.0 / (1.0 + exp(-gate)));
}

void main() {
    const uint total = p.rows * p.channels;
    for (uint e = gl_GlobalInvocationID.x; e < total; e += p.gridStep) {
        const uint t = e / p.channels;
        const uint c = e - t * p.channels;
        float v;
        if (p.mode == 0u) {
            v = gluAt(t, c);
        } else {
            v = 0.0;
            const uint wb = p.wOffset + c * p.kernel;
            for (uint j = 0u; j < p.kernel; ++j) {
                const int src = int(t + j) - int(p.kernel - 1u);
                if (src < 0) continue;
                const float x =
                    p.mode == 1u ? xv[p.xOffset + uint(src) * p.xStride + c] : gluAt(uint(src), c);
                v += wv[wb + j] * x;
            }
        }
        ov[p.outOffset + t * p.outStride + c] = v;
    }
}
