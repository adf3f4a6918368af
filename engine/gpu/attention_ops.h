// Attention and its input preparation for the Gemma 4 decoder (see AttentionParams and
// QkvPrepParams in kernel_params.h for the cache layout and the exact maths).
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/kernel_params.h"

#include <QString>

#include <cstdint>

namespace facet::gpu {

class Bindings;

// Floats of scratch (binding 4 of the attention kernel, from p.scratchOffset) that
// recordAttention may use for p.queries queries of p.heads heads over up to `maxKeys` visible
// keys. Allocate this much once, for the largest call.
uint64_t attentionScratchFloats(uint32_t queries, uint32_t heads, uint32_t headDim,
                                uint32_t maxKeys);

// Records attention (one or more dispatches: split over keys when few queries see many keys,
// then a combine). `b` binds the attention kernel to (act, K cache, V cache, scratch).
bool recordAttention(ComputeBatch &batch, const Bindings &b, AttentionParams p, QString *error);

// Records the per-head norm + RoPE of q (and of k, and the v norm, with the cache stores when
// p.storeKv). `b` binds the qkv_prep kernel to (act, norms, K cache, V cache).
bool recordQkvPrep(ComputeBatch &batch, const Bindings &b, QkvPrepParams p, QString *error);

}  // namespace facet::gpu
