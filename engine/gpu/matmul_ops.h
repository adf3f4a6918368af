// Tiled matrix-matrix products for prefill: the GGUF weight kernels over many input columns.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/kernel_params.h"

#include <QString>

namespace facet::gpu {

class Bindings;

// y[m][n] (+)= sum_k W[k,n] x[m][k] for m < p.M (x formed as p.inputMode says). `b` binds a
// matmul_<type> kernel to (weights, x, y); y must not overlap x or x2. p.tilesN / p.tilesM are
// filled in. Same weight checks as recordMatVec.
bool recordMatMul(ComputeBatch &batch, const Bindings &b, MatMulParams p, QString *error);

}  // namespace facet::gpu
