// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// CPU reference ops of the Gemma 4 vision tower that the text decoder's reference ops
// (engine/model/reference_ops.h) do not have: the clippable linear, the two-axis RoPE,
// bidirectional attention and the 3×3 average pooling by patch position. Activations are
// row-major float buffers [T][D]; sums are accumulated in double. The products over many rows are
// split over threads by rows, which leaves every value exactly what one thread computes.
#pragma once

#include "model/reference_ops.h"

#include <cstdint>
#include <limits>
#include <span>

namespace facet::vision::ops {

// Bounds of Hugging Face's Gemma4ClippableLinear: y = clamp(W·clamp(x, inMin, inMax), outMin,
// outMax). `active` false: a plain linear.
struct ClampBounds {
    bool active = false;
    float inMin = -std::numeric_limits<float>::infinity();
    float inMax = std::numeric_limits<float>::infinity();
    float outMin = -std::numeric_limits<float>::infinity();
    float outMax = std::numeric_limits<float>::infinity();
};

// x[i] = min(max(x[i], lo), hi) (torch.clamp).
void clamp(std::span<float> x, float lo, float hi);

// Y = clamp(W·clamp(X)) for T rows: X is [T][W.cols], Y is [T][W.rows]. X is not modified.
void clippedLinear(const model::ref::WeightView &w, const ClampBounds &bounds,
                   std::span<const float> x, int t, std::span<float> y);

// Two-axis RoPE of one token's [heads][headDim] vector, in place (HF's Gemma4VisionRotaryEmbedding
// with apply_multidimensional_rope): the first half of each head rotates by the patch's x, the
// second half by its y. Within a half of n = headDim/2 values, pairs (j, j + n/2) rotate by
// pos·θ^(−2j/n) (NeoX "rotate half"). headDim must be a multiple of 4.
void rope2d(std::span<float> x, int headDim, int posX, int posY, float theta);

// Bidirectional multi-head attention over T tokens (no mask): q is [T][heads·headDim], k and v
// [T][kvHeads·headDim] (query head h reads KV head h·kvHeads/heads), out [T][heads·headDim] =
// Σ_j softmax_j(scale·q_i·k_j)·v_j.
void bidirectionalAttention(std::span<const float> q, std::span<const float> k,
                            std::span<const float> v, int t, int heads, int kvHeads, int headDim,
                            float scale, std::span<float> out);

// Average pooling of kernel × kernel patch blocks by patch position (HF's
// Gemma4VisionPooler._avg_pool_by_positions): h is [T][width] with positions [T][2] = (x, y);
// the output has (maxX+1)/kernel · (maxY+1)/kernel rows, block (bx, by) at row bx + by·(maxX+1)/
// kernel, each the sum of its patches divided by kernel². Returns false for a grid whose sides are
// not multiples of kernel or for an incomplete block.
bool averagePoolByPosition(std::span<const float> h, std::span<const int32_t> positions, int t,
                           int width, int kernel, std::vector<float> *out);

}  // namespace facet::vision::ops
