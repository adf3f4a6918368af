// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Shape-checked recording helpers for the encoder towers' kernels (the vision and audio towers;
// model/tower_ops.h is the op layer over them). Every kernel here reads and writes activations in
// one f32 `act` binding and reads constant vectors (norm weights, biases, tables) from a `consts`
// binding; the gather and 2-D RoPE kernels also read an `ids` binding (uint / int32 indices,
// uploaded per call). Offsets and strides count 4-byte elements. Each helper checks its index
// ranges against the bound buffers (a bad offset is an error with a message, not a GPU fault),
// picks the grid and records one dispatch. The exact maths of each kernel is at its parameter
// struct in kernel_params.h.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/kernel_params.h"

#include <QString>

namespace facet::gpu {

class Bindings;

// RMS or layer norm per row or per group of a row. `b` binds tower_norm to (act, consts).
bool recordTowerNorm(ComputeBatch &batch, const Bindings &b, TowerNormParams p, QString *error);

// An element-wise TowerEltMode. `b` binds tower_elementwise to (act, consts); out may alias x
// or y exactly, but must not otherwise overlap them.
bool recordTowerElementwise(ComputeBatch &batch, const Bindings &b, TowerEltParams p,
                            QString *error);

// Gathered row sums (TowerGatherParams). `b` binds tower_gather to (act, consts, ids); ids are
// checked on the host by the caller (the kernel reads whatever rows they name; recordTowerGather
// checks the range of `maxId`, the largest id the caller uploaded).
bool recordTowerGather(ComputeBatch &batch, const Bindings &b, TowerGatherParams p, uint32_t maxId,
                       QString *error);

// Two-axis RoPE in place (Rope2dParams). `b` binds rope2d to (act, consts, ids).
bool recordRope2d(ComputeBatch &batch, const Bindings &b, Rope2dParams p, QString *error);

// The largest head dim attention_bidir takes.
inline constexpr uint32_t kBidirAttentionMaxHeadDim = 64;

// Bidirectional attention over p.rows rows (BidirAttentionParams). `b` binds attention_bidir to
// (act). Limits: headDim a multiple of 4 up to kBidirAttentionMaxHeadDim, heads a multiple of
// kvHeads, o must not overlap q, k or v. One dispatch: ceil(rows / 64) x heads workgroups.
bool recordBidirAttention(ComputeBatch &batch, const Bindings &b, BidirAttentionParams p,
                          QString *error);

}  // namespace facet::gpu
