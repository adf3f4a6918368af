// Tiled matrix-matrix products for prefill: the GGUF weight kernels over many input columns.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/kernel_params.h"

#include <QString>

#include <cstdint>

namespace facet::gpu {

class Bindings;

// Output tile of one matmul workgroup (64 rows n x 64 columns m; shaders/matmul.comp).
inline constexpr uint32_t kMatMulTile = 64;

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
// Speed (H200 through Vulkan, GPU timestamps; every type within ~10%): K=1536 N=12288 M=512
// 26-28 TFLOPS, K=6144 N=1536 M=512 16-18, K=1536 N=12288 M=64 15-19. Each workgroup covers a
// 64 x 64 tile, so grids of fewer than ~400 tiles leave SMs idle (K=6144 N=1536 M=64 is 24
// tiles: a few TFLOPS); tiles with at most 32 columns do half the work (M = 16..32 per call is
// roughly matvec-like in cost per column).
bool recordMatMul(ComputeBatch &batch, const Bindings &b, MatMulParams p, QString *error);

}  // namespace facet::gpu
