// One layer's attention for one token (a decode step) as ONE dispatch
// (shaders/attention_decode.comp, DecodeAttentionParams in kernel_params.h): the q norm + RoPE,
// the new token's k norm + RoPE, v norm and cache store (storeKv), attention over the visible
// cached keys, and the combine of the key splits, which recordQkvPrep + recordAttention
// (attention_ops.h) record as three dispatches (prep, attention, combine).
//
// Limits (checked, with a message naming the problem): headDim a multiple of 4 in 4..512;
// ropeDims even in 2..headDim; heads a positive multiple of kvHeads; pos below 2^24 (rotated as
// f32); every key the token sees still in the cache (pos < cacheRows, or window > 0 and
// cacheRows >= window); o must not overlap q, k or v; the scratch binding holds the split
// partials (see decodeAttentionScratchWords) and, at counterOffset, one counter per (KV head,
// head group) (at most `heads` words), all ZERO before the first dispatch: the kernel leaves them
// zero again, so one zeroed region serves every later dispatch in any batch.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/kernel_params.h"

#include <QString>

#include <cstdint>

namespace facet::gpu {

class Bindings;

// How recordDecodeAttention lays a call out (exposed for tests and profiling).
struct DecodeAttentionLayout {
    uint32_t groupHeads = 1;    // query heads per workgroup (of one KV head)
    uint32_t headGroups = 1;    // workgroups per KV head along the heads
    uint32_t tileKeys = 32;     // keys per tile of the kernel's key loop
    uint32_t splits = 1;        // workgroups per (KV head, head group) along the keys
    uint32_t keysPerSplit = 0;  // a multiple of tileKeys
};
// groupHeads: the most query heads per workgroup (0: the default, 2, or FACET_DECODE_GROUP_HEADS;
// never more than the kernel holds: 8, and 2048 / headDim).
DecodeAttentionLayout decodeAttentionLayout(uint32_t heads, uint32_t kvHeads, uint32_t headDim,
                                            uint32_t visibleKeys, uint32_t groupHeads = 0);

// Words of scratch (from p.scratchOffset) for the split partials of any call with `heads` query
// heads, a head dim <= headDim and at most maxKeys visible keys.
uint64_t decodeAttentionScratchWords(uint32_t heads, uint32_t headDim, uint32_t maxKeys);
// Words of counters (from p.counterOffset) for any call with `heads` query heads.
inline uint64_t decodeAttentionCounterWords(uint32_t heads) {
    return heads;
}

// Records the fused decode attention (one dispatch). `b` binds the attention_decode kernel to
// (act, norms, K cache, V cache, scratch). p.groupHeads is the most query heads per workgroup
// (0: the default, see decodeAttentionLayout) and is replaced by the count used; p.splits and
// p.keysPerSplit are filled in.
bool recordDecodeAttention(ComputeBatch &batch, const Bindings &b, DecodeAttentionParams p,
                           QString *error);

}  // namespace facet::gpu
