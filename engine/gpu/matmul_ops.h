// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Tiled matrix-matrix products for prefill: the GGUF weight kernels over many input columns.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/kernel_params.h"

#include <QString>

#include <cstdint>
#include <optional>

namespace facet::gpu {

class Bindings;
class GpuContext;
class Kernel;

// Output tile of one matmul workgroup (64 rows n x 64 columns m; shaders/matmul.comp); the
// tensor-core build (Kernel::tensorCores(), shaders/matmul_coopmat.glsl) covers 128 rows n x 64
// columns m.
inline constexpr uint32_t kMatMulTile = 64;
inline constexpr uint32_t kMatMulTensorTileN = 128;
inline constexpr uint32_t kMatMulTensorTileM = 64;
struct MatMulTile {
    uint32_t n = kMatMulTile;
    uint32_t m = kMatMulTile;
};
// The tile of the build of matmul kernel `k` that was loaded.
MatMulTile matMulTile(const Kernel &k);

// Split K. A grid of few 64 x 64 tiles leaves most of a large GPU idle (K=6144 N=1536 M=512 is
// 24 x 8 = 192 workgroups of 256 invocations; an H100 has 132 SMs and holds 3 of them each), and
// the tile cannot shrink without losing the reuse that makes it fast. So such a product is cut
// along K into S slices: S times the workgroups, each multiplying K/S values of its tile into a
// partial tile in a scratch area, then a second dispatch (matmul_reduce) sums the S partials in
// order into y (and applies accumulate). The partials cost 8 S M N bytes of traffic, small next
// to the product's 2 K M N flops as long as the slices are not short (kMatMulSplitMinK).
//
// S = floor(target / tiles) (1 when the grid already has half the target or more), at most
// K / kMatMulSplitMinK, at most what the scratch area holds (S M N floats). Vulkan does not report
// the number of SMs, so the target is a fixed workgroup count: 768 = 2 full waves of a 132-SM GPU
// at 3 workgroups per SM, and several waves of smaller GPUs. Examples at M = 512: K=12288|6144|
// 2048 N=1536 (192 tiles) 4 slices; K=1536 N=256 (32 tiles) 12 slices of 128; K=256 N=1536 2
// slices; N=2048 3; N=2560 2; N > 3072 none.
//
// GpuOptions::matMulSplitTarget overrides the target (for A/B runs; FACET_MATMUL_SPLIT): 1 records
// the single-dispatch product of before for every shape; a number >= 2 is the target workgroup
// count; 0 the default.
inline constexpr uint32_t kMatMulSplitTarget = 768;
// The shortest K-slice the automatic choice makes: 4 steps of the kernel's 32-value K step, so
// the per-tile prologue and epilogue (zeroing, the group hand-off, 64 x 64 partial stores) stay
// a modest share of a workgroup's time.
inline constexpr uint32_t kMatMulSplitMinK = 128;

// The workgroup target in force on `ctx` (GpuOptions::matMulSplitTarget, else
// kMatMulSplitTarget); 1 = never split.
uint32_t matMulSplitTarget(const GpuContext &ctx);
// A target as FACET_MATMUL_SPLIT spells it ("auto" or empty: kMatMulSplitTarget; "old", "off":
// 1; a positive number); nullopt when it is not one of the accepted spellings.
std::optional<uint32_t> parseMatMulSplitTarget(const QString &value);
// The number of K-slices the automatic choice makes for a K x N product over M columns.
uint32_t matMulSplitCount(uint32_t K, uint32_t N, uint32_t M, uint32_t target,
                          MatMulTile tile = {});
// Scratch floats that let every product of up to maxM columns take its full automatic split with
// either build's tiles (S M N <= target x 128 x min(M, 64), whatever N and K): what a caller
// should reserve (at M >= 64 and the default target, 24 MiB).
uint64_t matMulSplitScratchFloats(uint32_t maxM, uint32_t target = kMatMulSplitTarget);

// Where recordMatMul may put split-K partials, and how it sums them.
struct MatMulSplit {
    // A matmul_reduce kernel with both bindings on the buffer range of the matmul's y binding.
    const Bindings *reduce = nullptr;
    // The scratch area: floats [scratchOffset, scratchOffset + scratchFloats) of the y binding,
    // apart from y, x and x2. Its size caps the slices (S M N floats).
    uint32_t scratchOffset = 0;
    uint32_t scratchFloats = 0;
    // 0: the automatic choice (matMulSplitCount with matMulSplitTarget(context)). n > 0: at most n
    // slices of any multiple of 32 values (tests force the split path on small shapes with it).
    uint32_t splits = 0;
};

// y[m][n] (+)= sum_k W[n][k] x[m][k] for m < p.M, n < p.N. `b` binds a matmul_<type> kernel
// (matMulKernel(type)) to (weights, x, y).
//   W: p.N rows of p.K values in the type's GGUF block layout, row n at byte p.wOffset +
//      n * p.rowBytes (p.K a positive multiple of kernelBlockValues(type); p.wOffset a multiple of
//      4; p.rowBytes >= weightRowBytes(type, p.K) and even, a multiple of 4 for F32).
//   x: MatInputMode(p.inputMode): Plain, x[m][k] = xv[p.xOffset + m * p.xStride + k]; or Geglu,
//      x[m][k] = gelu_tanh(xv[p.xOffset + m * p.xStride + k]) * xv[p.x2Offset + m * p.x2Stride
//      + k] (both operands in the x binding).
//   y: y[m][n] at p.yOffset + m * p.yStride + n; p.accumulate != 0 adds to it. Only these N x M
//      floats are written (the gaps between columns are untouched). y must not overlap x.
// Products of the dequantised weights (bit-identical to engine/gguf/dequant.cpp) are summed in
// f32 in an unspecified order. p.tilesN / p.tilesM are filled in (the grid; tiles beyond it are
// covered by grid-stride loops, so any N and M work). Index ranges are checked against the
// bound buffers, as recordMatVec does; M == 0 or N == 0 records nothing.
//
// Speed of the single dispatch (H200 through Vulkan, GPU timestamps; every type within ~10%):
// K=1536 N=12288 M=512 26-28 TFLOPS, K=6144 N=1536 M=512 16-18, K=1536 N=12288 M=64 15-19. Each
// workgroup covers a 64 x 64 tile, so grids of fewer than ~400 tiles leave SMs idle (K=6144
// N=1536 M=64 is 24 tiles: a few TFLOPS) unless split K spreads them (above; its speed was not
// measured when it was written); tiles with at most 32 columns do half the work (M = 16..32 per
// call is roughly matvec-like in cost per column).
// With `split` (see MatMulSplit) a product of few tiles is recorded as two dispatches (split K);
// p.splits / p.kSlice / p.partOffset are filled in (0 when not split).
bool recordMatMul(ComputeBatch &batch, const Bindings &b, MatMulParams p, QString *error,
                  const MatMulSplit *split = nullptr);

// ---- the staged product (prefill on tensor cores) ------------------------------------------
// The tensor-core build of recordMatMul decodes every weight tile again for each 64 input
// columns, and converts (and, in Geglu mode, forms) every input tile again for each 128 weight
// rows: at 2048 tokens that ALU work, not the tensor cores, sets its speed. The staged product
// does each once per call instead:
//   1. recordDequantF16: the weight's rows decoded into f16 rows (the exact values recordMatMul
//      decodes, rounded to f16) in a staging buffer;
//   2. recordConvertF16: the input columns (as the input mode forms them) rounded to f16 there;
//   3. recordMatMulStaged: the product of the two f16 operands, f32 accumulation, 128 x 128 tiles
//      whose loads are plain copies (shaders/matmul_staged_coopmat.glsl).
// Same result as recordMatMul's tensor-core build up to the summation order (both round both
// operands to f16). The staging costs a write and a read of the f16 weight (2 N K bytes each way),
// small next to the product when M is large; the model takes this path from
// GpuModelOptions::stagedMatMulMinColumns columns on.
//
// Staging layout: rows (weights) and columns (inputs) of matMulStagedPadK(K) halves, zero past K,
// matMulStagedPadRows(n) of them (whole tiles of either build, so the product's loads need no edge
// checks; rows past the real count are zero).
inline constexpr uint32_t kMatMulStagedTile = 128;
uint32_t matMulStagedPadK(uint32_t K);
uint32_t matMulStagedPadRows(uint32_t rows);
// uvec4s (16 bytes) the staging of `rows` rows of K values takes.
uint64_t matMulStagedStagingUvec4s(uint32_t rows, uint32_t K);
// The split-K workgroup target of the staged product: its workgroups hold twice the registers
// of recordMatMul's (two per SM on an H100), so a third of kMatMulSplitTarget.
inline constexpr uint32_t kMatMulStagedSplitTarget = 256;

// Decodes p.N weight rows (a dequant_f16_<type> kernel, bindings (weights, staging); p.K, p.N,
// p.rowBytes, p.wOffset as recordMatMul's, rowBytes and wOffset multiples of 4) into p.rows f16
// rows of p.kPad halves at uvec4 p.yOffset of the staging binding (p.kPad a multiple of 32 and
// >= K, p.rows >= N; the rest zero). p.groups is filled in. With p.transposed, Wᵀ instead: p.rows
// (a multiple of 16, >= K) rows of p.kPad (a multiple of 32, >= N) halves, row k holding column k
// of the weight, the rest zero (a staged product over it gives dy·W, training's input gradient).
bool recordDequantF16(ComputeBatch &batch, const Bindings &b, DequantF16Params p, QString *error);
// Converts p.M input columns (convert_f16, bindings (x, staging); p.K a multiple of 4; the input
// modes of recordMatMul) into p.cols f16 columns of p.kPad halves at uvec4 p.yOffset (the rest
// zero). p.groups is filled in.
bool recordConvertF16(ComputeBatch &batch, const Bindings &b, ConvertF16Params p, QString *error);
// y[m][n] (+)= sum_k W[n][k] x[m][k] over the staged operands (matmul_staged, bindings (staging,
// y)): p.K the padded K (a multiple of 32), W row n at uvec4 p.wOffset + n K / 8 and x column m at
// uvec4 p.xOffset + m K / 8 of the staging binding, each padded to matMulStagedPadRows rows; y, M,
// N, accumulate and split K as recordMatMul (the split scratch on the y binding; splitTarget 0:
// kMatMulStagedSplitTarget). The other input fields are ignored.
bool recordMatMulStaged(ComputeBatch &batch, const Bindings &b, MatMulParams p, QString *error,
                        const MatMulSplit *split = nullptr, uint32_t splitTarget = 0);

}  // namespace facet::gpu
