// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// CPU reference operations of the Gemma 4 audio tower (the Conformer) that the text decoder's
// ops (engine/model/reference_ops.h) do not cover. Plain code, sums in double, one function per
// op with explicit shapes: the oracle the GPU kernels are tested against.
//
// Layouts are row-major with the channel innermost: a time × frequency × channel activation is
// [T][F][C], a sequence of vectors [T][C].
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace facet::audio::ops {

// 3×3 convolution, stride 2, zero padding 1, no bias (HF Gemma4AudioSubSampleConvProjectionLayer).
// in: [T][F][cin]; weight: PyTorch's [cout][cin][3][3] (kernel rows over time, columns over
// frequency; GGUF ne = [3, 3, cin, cout]); out: [(T+1)/2][(F+1)/2][cout].
void conv2dStride2(std::span<const float> in, int t, int f, int cin, std::span<const float> weight,
                   int cout, std::span<float> out);

// LayerNorm over the innermost `c` values of each of `rows` rows, weight and no bias:
// y = (x − mean) / sqrt(var + eps) · w, var the biased variance (torch.nn.LayerNorm).
void channelLayerNorm(std::span<const float> x, int rows, int c, std::span<const float> weight,
                      float eps, std::span<float> y);

// Gated linear unit over the last dimension: x is [rows][2c], y[r][i] = x[r][i]·σ(x[r][c + i]).
void glu(std::span<const float> x, int rows, int c, std::span<float> y);

// Causal depthwise 1-D convolution over time, no bias: x, y are [T][c], weight [c][k],
// y[t][ch] = Σ_j w[ch][j]·x[t − (k − 1) + j][ch] with zeros before t = 0.
void depthwiseCausalConv(std::span<const float> x, int t, int c, std::span<const float> weight,
                         int k, std::span<float> y);

// Sinusoidal relative-position table of HF's Gemma4AudioRelPositionalEncoding: row p (p = 0 …
// maxPast) is the embedding of distance maxPast − p, [sin(d·inv_i) …, cos(d·inv_i) …] with
// inv_i = exp(−i·ln(10⁴)/max(width/2 − 1, 1)). Returns [maxPast + 1][width].
std::vector<float> relativePositionTable(int maxPast, int width);

struct ChunkedAttentionParams {
    int heads = 0;
    int headDim = 0;
    int chunk = 12;         // query block size
    int maxPast = 12;       // attention_context_left − 1: context keys before a block
    int window = 12;        // a key is visible when 0 <= q − k < window (HF's sliding mask)
    float softcap = 50.0f;  // logits → tanh(l / cap)·cap
    float invalidLogit = -1.0e9f;
};

// HF's Gemma4AudioAttention after the projections: chunked local attention with Transformer-XL
// relative positions. q, k, v: [T][heads][headDim], q already times q_scale·softplus(per_dim_scale)
// and k times k_scale. relK: the relative-position keys, [maxPast + 1][heads][headDim] in
// relativePositionTable's row order (already through linear_pos). valid: [T], the key padding
// mask. Each query block of `chunk` rows sees the maxPast keys before it and its own keys; logit
// = q·k + q·relK[row of distance q − k] (0 for distances outside 0 … maxPast), soft-capped, masked
// to invalidLogit where the key is padding, out of range or outside the window, softmax over the
// block's chunk + maxPast context (out-of-range keys and values are zeros, as HF pads them).
// out: [T][heads][headDim].
void chunkedLocalAttention(std::span<const float> q, std::span<const float> k,
                           std::span<const float> v, std::span<const float> relK,
                           std::span<const uint8_t> valid, int t, const ChunkedAttentionParams &p,
                           std::span<float> out);

}  // namespace facet::audio::ops
