// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Recording helpers for the kernels of the Gemma 4 audio tower (the Conformer; the CPU reference
// is engine/audio/audio_ops.h and audio_tower.h). Like ops.h, each checks what its kernel assumes
// and every index range against the bound buffers, refuses overlaps the kernel cannot take,
// chooses the grid and records one dispatch. The matrix products are the text decoder's matmul
// kernels (matmul_ops.h).
//
// Bindings (GpuContext::bind, in this order):
//   audio_conv2d     (input, weights, mask, output)
//   audio_conv1d     (x, weights, output)
//   audio_rows       (x, weights, residual, output)
//   audio_attention  (q/k/v, weights, mask, output)
// A binding a call does not read (the mask without useMask, the weights of a mode that needs
// none, ...) may be any buffer. Masks are uint32 per frame, nonzero = a real frame.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/kernel_params.h"

#include <QString>

#include <span>
#include <vector>

namespace facet::gpu {

class Bindings;

// One SSCP block (see AudioConv2dParams): out = ReLU(LayerNorm_c(conv3x3s2(in * mask))). The
// kernel takes its weight as [3][3][cin][cout]: audioConv2dWeightLayout converts PyTorch's
// [cout][cin][3][3] (the GGUF's ne = [3, 3, cin, cout]). cout <= kAudioConv2dMaxCout; the output
// must not overlap the input. p.tileF / p.tilesF / p.tileStep are filled in.
bool recordAudioConv2d(ComputeBatch &batch, const Bindings &b, AudioConv2dParams p, QString *error);
std::vector<float> audioConv2dWeightLayout(std::span<const float> torchWeight, int cin, int cout);

// GLU and/or the causal depthwise convolution over time (see AudioConv1dParams). x rows hold
// 2 * channels values in the GLU modes. Modes 1 and 2 refuse an output that overlaps x; mode 0
// takes out == x's first half exactly (in place). p.gridStep is filled in.
bool recordAudioConv1d(ComputeBatch &batch, const Bindings &b, AudioConv1dParams p, QString *error);

// The row chain of AudioRowsParams. out may alias x or the residual exactly (same offset and
// stride in the same buffer), no other overlap. Clamp bounds may be infinite, not NaN, lo <= hi.
// p.rowStep is filled in.
bool recordAudioRows(ComputeBatch &batch, const Bindings &b, AudioRowsParams p, QString *error);

// The chunked local relative-position attention of all query blocks and heads in one dispatch
// (see AudioAttentionParams): chunk <= kAudioAttentionMaxChunk, chunk + maxPast <=
// kAudioAttentionMaxContext. The output must not overlap q, k or v. p.blockStep is filled in.
bool recordAudioAttention(ComputeBatch &batch, const Bindings &b, AudioAttentionParams p,
                          QString *error);

}  // namespace facet::gpu
