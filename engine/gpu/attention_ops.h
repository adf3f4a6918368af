// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Attention and its input preparation for the Gemma 4 decoder (see AttentionParams and
// QkvPrepParams in kernel_params.h for the cache layout and the exact maths).
//
// One layer's step, for `queries` tokens at positions firstPos + r:
//   recordQkvPrep(...)      q normed + rotated in place, k normed + rotated and v normed into
//                           the cache slots pos % cacheRows (storeKv = 0 for KV-sharing layers)
//   recordAttention(...)    o = softmax(scale q.K) V over the visible cached keys
//
// Attention limits (checked, with a message naming the problem): headDim a multiple of 4 in
// 4..512; heads a positive multiple of kvHeads; q and o rows in the act binding must not share
// an element (strides >= heads * headDim when queries > 1); every key a query sees must still be
// in the cache: firstPos + queries <= cacheRows, or (window > 0) cacheRows >= window + queries - 1;
// positions below 2^31. queries, keys and heads are otherwise free (a grid axis per query block,
// split and KV-head group, each below the device's dispatch limit).
//
// The attention kernel (shaders/attention.comp) serves every call: one dispatch (decode with few
// keys, and prefill whose query blocks already fill the GPU), or two when the keys are split over
// workgroups (flash decoding: more than 32 visible keys and fewer than 128 workgroups otherwise;
// about 512 in all then): the partial (max, sum, acc) of every split goes to the scratch
// binding, and a second dispatch of the same kernel (stage 1) combines them into o.
// Within a dispatch the work runs in tiles of 32 keys; a workgroup serves all query heads of one
// KV head (decode) or several query rows times those heads (prefill, up to 16 (row, head) pairs,
// 8 at head dim 512), so each K/V row is read once per block of queries.
// On devices with tensor cores, large prefill calls go to attention_prefill's tensor-core build
// instead (shaders/attention_coopmat.glsl: one dispatch, 16 pairs a workgroup, f16 products);
// the model picks it (GpuModelOptions::tensorAttentionMinPairs). The *_f16 kernels are the same
// over f16 caches (GpuModelOptions::kvCacheF16).
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
// It covers every call with queries' <= queries, the same heads (any KV head count), a head dim
// <= headDim and at most maxKeys visible keys, so one allocation for (largest prefill chunk,
// heads, largest head dim, context length) serves every layer, decode and prefill. (The largest
// splits * queries' * heads * (headDim + 4) of all those layouts; 0 when none splits, then bind any
// buffer as scratch.) `maxKeys` >= the keys visible to the last query of any call: min(window,
// firstPos + queries), or firstPos + queries for global layers.
uint64_t attentionScratchFloats(uint32_t queries, uint32_t heads, uint32_t headDim,
                                uint32_t maxKeys);

// Whether the tensor-core build of attention_prefill serves head dim `headDim` (64, 128, 256,
// 512; Gemma 4's are 256 and 512).
bool tensorCoreAttentionFits(uint32_t headDim);
// Records attention (one or more dispatches: split over keys when few queries see many keys,
// then a combine). `b` binds the attention or attention_prefill kernel (or their f16-cache
// twins attention_f16 / attention_prefill_f16, whose caches hold f16 values) to (act, K cache,
// V cache, scratch). attention_prefill's tensor-core build (Kernel::tensorCores(); shaders/
// attention_coopmat.glsl: f16 inputs, f32 sums) takes any query count in one dispatch without
// splits, for head dims tensorCoreAttentionFits() accepts (others fail); its portable build is
// the attention kernel itself. p.splits and p.stage are filled in. queries == 0 records nothing.
bool recordAttention(ComputeBatch &batch, const Bindings &b, AttentionParams p, QString *error);

// Records the per-head norm + RoPE of q (and of k, and the v norm, with the cache stores when
// p.storeKv). `b` binds the qkv_prep kernel (qkv_prep_f16: the caches take f16 values, rounded
// to nearest, clamped to +-65504; even head dims) to (act, norms, K cache, V cache); with storeKv =
// 0 the caches are not touched (bind any buffers). One dispatch. Limits: headDim 1..512, ropeDims
// even in 2..headDim, positions below 2^24 (rotated as f32), rows <= cacheRows when storing
// (a ring slot is written once per call), q rows must not share an element with the k / v rows
// (the fused [T][q | k | v] projection layout is fine). p.rowStep is filled in.
bool recordQkvPrep(ComputeBatch &batch, const Bindings &b, QkvPrepParams p, QString *error);

}  // namespace facet::gpu
