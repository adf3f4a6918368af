// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_EXT_control_flow_attributes : enable
// One SSCP block of the Gemma 4 audio tower (HF Gemma4AudioSubSampleConvProjectionLayer): the
// input frames times their time mask, a 3x3 convolution with stride 2 and zero padding 1 (no
// bias), LayerNorm over the output channels (weight, no bias, biased variance), ReLU.
// in: [frames][freq][cin]; weight [3][3][cin][cout] (time tap, frequency tap, then channels, the
// output channel innermost so that neighbouring invocations read neighbouring weights); out:
// [(frames+1)/2][(freq+1)/2][cout]. Semantics: engine/gpu/audio_kernels.h.
//
// A workgroup computes a tile of tileF neighbouring output bins of one output frame, all cout
// channels of each (the LayerNorm needs a whole channel vector): tileF * cout <= 1024 outputs,
// 4 per invocation. The input patch under the tile (3 frames x 2 tileF + 1 bins) is staged in
// shared memory CIN_STEP channels at a time, so each input value is read from memory once per
// tile rather than once per output channel; the weights are read straight from memory
// (coalesced along cout, and shared by every tile, so they stay in cache), and where cout divides
// 256 an invocation's outputs share one channel, so each weight read serves all of them.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint frames;
    uint freq;
    uint cin;
    uint cout;
    uint inOffset;
    uint wOffset;
    uint normOffset;
    float eps;
    uint useMask;
    uint maskOffset;
    uint maskStride;
    uint outOffset;
    uint tileF;     // output bins per workgroup
    uint tilesF;    // workgroups per output frame
    uint tileStep;  // workgroups along x (grid stride over tiles)
} p;

layout(std430, binding = 1) buffer Input { float xv[]; };
layout(std430, binding = 2) buffer Weights { float wv[]; };
layout(std430, binding = 3) buffer Mask { uint mv[]; };
layout(std430, binding = 4) buffer Output { float ov[]; };

const uint WG = 256u;
const uint PER_THREAD = 4u;
const uint MAX_TILE_F = 16u;
const uint CIN_STEP = 16u;
const uint PATCH_COLS = 2u * MAX_TILE_F + 1u;

shared float tilePatch[3u * PATCH_COLS * CIN_STEP];
shared float tileOut[WG * PER_THREAD];
shared float stats[2u * MAX_TILE_F];

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint outFrames = (p.frames + 1u) / 2u;
    const uint outFreq = (p.freq + 1u) / 2u;
    const uint tiles = outFrames * p.tilesF;
    const uint outputs = p.tileF * p.cout;
    const uint cols = 2u * p.tileF + 1u;
    // Output j of this invocation is o = t + 256 j (bin o / cout, channel o % cout). When cout
    // divides 256 the channel is the same for every j: bins pos0 + j * posStep.
    const bool sharedChannel = (WG % p.cout) == 0u;
    const uint co0 = t % p.cout;
    const uint pos0 = t / p.cout;
    const uint posStep = WG / p.cout;
    for (uint g = gl_WorkGroupID.x; g < tiles; g += p.tileStep) {
        const uint ot = g / p.tilesF;
        const uint f0 = (g - ot * p.tilesF) * p.tileF;  // first output bin of the tile
        float acc[PER_THREAD];
        [[unroll]] for (uint j = 0u; j < PER_THREAD; ++j)
            acc[j] = 0.0;
        for (uint c0 = 0u; c0 < p.cin; c0 += CIN_STEP) {
            const uint cc = min(CIN_STEP, p.cin - c0);
            // The patch: frames 2 ot - 1 .. 2 ot + 1, bins 2 f0 - 1 .. 2 f0 + 2 tileF - 1; zeros
            // outside the input and on masked frames.
            for (uint e = t; e < 3u * cols * cc; e += WG) {
                const uint kt = e / (cols * cc);
                const uint rest = e - kt * cols * cc;
                const uint col = rest / cc;
                const uint ci = rest - col * cc;
                const int it = int(2u * ot + kt) - 1;
                const int jf = int(2u * f0 + col) - 1;
                float v = 0.0;
                if (it >= 0 && uint(it) < p.frames && jf >= 0 && uint(jf) < p.freq &&
                    (p.useMask == 0u || mv[p.maskOffset + uint(it) * p.maskStride] != 0u)) {
                    v = xv[p.inOffset + (uint(it) * p.freq + uint(jf)) * p.cin + c0 + ci];
                }
                tilePatch[(kt * PATCH_COLS + col) * CIN_STEP + ci] = v;
            }
            barrier();
            if (sharedChannel) {
                // All of this invocation's outputs are channel `co0`: each weight is read once
                // and used for every output bin the invocation holds.
                for (uint kt = 0u; kt < 3u; ++kt) {
                    for (uint kf = 0u; kf < 3u; ++kf) {
                        const uint wb = p.wOffset + ((kt * 3u + kf) * p.cin + c0) * p.cout + co0;
                        for (uint ci = 0u; ci < cc; ++ci) {
                            const float w = wv[wb + ci * p.cout];
                            [[unroll]] for (uint j = 0u; j < PER_THREAD; ++j) {
                                const uint pos = pos0 + j * posStep;
                                const uint at = (kt * PATCH_COLS + 2u * pos + kf) * CIN_STEP + ci;
                                if (pos < p.tileF) acc[j] += tilePatch[at] * w;
                            }
                        }
                    }
                }
            } else {
                [[unroll]] for (uint j = 0u; j < PER_THREAD; ++j) {
                    const uint o = t + j * WG;
                    if (o >= outputs) continue;
                    const uint pos = o / p.cout;
                    const uint co = o - pos * p.cout;
                    float a = acc[j];
                    for (uint kt = 0u; kt < 3u; ++kt) {
                        for (uint kf = 0u; kf < 3u; ++kf) {
                            const uint pb = (kt * PATCH_COLS + 2u * pos + kf) * CIN_STEP;
                            const uint wb = p.wOffset + ((kt * 3u + kf) * p.cin + c0) * p.cout + co;
                            for (uint ci = 0u; ci < cc; ++ci)
                                a += tilePatch[pb + ci] * wv[wb + ci * p.cout];
                        }
                    }
                    acc[j] = a;
                }
            }
            // The patch is refilled by the next channel step.
            barrier();
        }
        [[unroll]] for (uint j = 0u; j < PER_THREAD; ++j) {
            const uint o = t + j * WG;
            if (o < outputs) tileOut[o] = acc[j];
        }
        barrier();
        // LayerNorm statistics, one invocation per output bin: two passes (mean, then the squared
        // deviations), which keep the variance accurate where it is small next to the mean.
        if (t < p.tileF) {
            const uint base = t * p.cout;
            float sum = 0.0;
            for (uint c = 0u; c < p.cout; ++c)
                sum += tileOut[base + c];
            const float mean = sum / float(p.cout);
            float sq = 0.0;
            for (uint c = 0u; c < p.cout; ++c) {
                const float d = tileOut[base + c] - mean;
                sq += d * d;
            }
            stats[2u * t] = mean;
            stats[2u * t + 1u] = inversesqrt(sq / float(p.cout) + p.eps);
        }
        barrier();
        for (uint j = 0u; j < PER_THREAD; ++j) {
            const uint o = t + j * WG;
            if (o >= outputs) break;
            const uint pos = o / p.cout;
            const uint co = o - pos * p.cout;
            if (f0 + pos >= outFreq) continue;
            const float y =
                (tileOut[o] - stats[2u * pos]) * stats[2u * pos + 1u] * wv[p.normOffset + co];
            ov[p.outOffset + (ot * outFreq + f0 + pos) * p.cout + co] = max(y, 0.0);
        }
        // tileOut and stats are reused by the next tile.
        barrier();
    }
}
