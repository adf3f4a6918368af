// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/attention_ops.h"

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/record_checks.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>

namespace facet::gpu {

namespace {

// Constants of shaders/attention.comp.
constexpr uint32_t kAttnGroup = 256;    // invocations per workgroup (WG)
constexpr uint32_t kAttnMaxPairs = 16;  // (row, head) pairs per workgroup (MAX_M)
constexpr uint32_t kCombineLanes = 16;  // vec4 output lanes per combine workgroup
constexpr uint32_t kMaxHeadDim = 512;   // the documented limit (qkv_prep's too)
// Split heuristics (flash decoding): split the keys only when the blocks alone give fewer than
// kSplitBelowGroups workgroups (about one per SM of a large GPU; a prefill chunk's blocks
// already fill the GPU, and splitting them only adds the combine) and a block sees more than
// kSplitMinKeys keys; then aim for about kTargetGroups workgroups in all (enough to stream the
// cache at full bandwidth), give every split at least kKeysPerSplit keys, and never make more
// than kMaxSplits splits (bounds the scratch and the combine's work).
constexpr uint32_t kSplitBelowGroups = 128;
constexpr uint32_t kSplitMinKeys = 32;
constexpr uint32_t kKeysPerSplit = 32;
constexpr uint32_t kTargetGroups = 512;
// Decode (this many queries or fewer): at most kFewQueryPairs (row, head) pairs per workgroup.
// Measured on an H200 (E2B shape, 512 keys, bench --profile): 16 pairs and 64 keys per split
// 47.8 us per layer, 2 pairs and 32 keys per split 15 us (+ 4.7 us for the combine).
constexpr uint32_t kFewQueries = 1;
constexpr uint32_t kFewQueryPairs = 2;
constexpr uint32_t kMaxSplits = 512;
// attention_coopmat.glsl (the tensor-core build of attention_prefill): PM pairs per workgroup;
// head dims 64 << n up to 512 (a subgroup's quarter of the head is a power-of-two number of
// 8-dim pieces).
constexpr uint32_t kTensorPairs = 16;
constexpr uint32_t kTensorMinDim = 64;
// qkv_prep.comp: MAX_DIM.
constexpr uint32_t kPrepMaxHeadDim = 512;

using detail::fail;

uint32_t ceilDiv(uint64_t a, uint64_t b) {
    return uint32_t((a + b - 1) / b);
}

// The block shape and grid of the attention kernel for a parameter set; mirrors the derivation at
// the top of attend() in shaders/attention.comp (keep the two in sync).
struct AttnLayout {
    uint32_t rowsPerBlock = 1;   // R
    uint32_t headsPerBlock = 1;  // Gb
    uint32_t headGroups = 1;     // ng: blocks per KV head along the heads
    uint32_t qBlocks = 1;        // ceil(queries / R)
    uint32_t splits = 1;
};

// (row, head) pairs per workgroup at head dim `headDim`: the queries (pairs x headDim/4 vec4)
// must fit qs[1024] and the value threads (4 pairs x 4 dims each) the 256 invocations.
uint32_t pairsPerGroup(uint32_t headDim) {
    return std::min(kAttnMaxPairs, 4 * (kAttnGroup / (headDim / 4)));
}

AttnLayout attnLayout(uint32_t queries, uint32_t heads, uint32_t kvHeads, uint32_t mMax,
                      uint64_t visibleKeys) {
    AttnLayout l;
    const uint32_t g = heads / kvHeads;
    l.headGroups = ceilDiv(g, mMax);
    l.headsPerBlock = ceilDiv(g, l.headGroups);
    l.rowsPerBlock =
        std::clamp<uint32_t>(mMax / l.headsPerBlock, 1, std::max<uint32_t>(queries, 1));
    l.qBlocks = ceilDiv(std::max<uint32_t>(queries, 1), l.rowsPerBlock);
    const uint64_t groups = uint64_t(l.qBlocks) * kvHeads * l.headGroups;
    if (visibleKeys > kSplitMinKeys && groups < kSplitBelowGroups) {
        const uint64_t byKeys = (visibleKeys + kKeysPerSplit - 1) / kKeysPerSplit;
        const uint64_t byGroups = (kTargetGroups + groups - 1) / groups;
        l.splits = uint32_t(std::clamp<uint64_t>(std::min(byKeys, byGroups), 1, kMaxSplits));
    }
    return l;
}

// Keys visible to the last of `queries` queries from firstPos.
uint64_t visibleKeys(uint64_t firstPos, uint32_t queries, uint32_t window) {
    const uint64_t lastPos = firstPos + queries - 1;
    return window > 0 ? std::min<uint64_t>(window, lastPos + 1) : lastPos + 1;
}

// Checks that elements [first, first + count) of 4-byte elements fit storage binding `index`.
bool fits(const Bindings &b, int index, const char *what, qint64 first, qint64 count,
          QString *error) {
    const qint64 end = (first + count) * 4;
    if (first < 0 || count < 0 || end > b.boundBytes(index)) {
        return fail(error, QStringLiteral("%1: %2 needs bytes up to %3, but binding %4 covers %5")
                               .arg(b.kernel().name(), QLatin1String(what))
                               .arg(end)
                               .arg(index + 1)
                               .arg(b.boundBytes(index)));
    }
    return true;
}

// Elements spanned by `count` runs of `len` elements, `stride` apart, from `offset`.
qint64 spanOf(qint64 offset, qint64 stride, qint64 count, qint64 len) {
    return count == 0 ? 0 : offset + (count - 1) * stride + len;
}

// A strided set of `rows` runs of `len` floats: [offset + r * stride, + len).
struct Runs {
    qint64 offset, stride, len;
};

// Whether two strided sets of `rows` runs share an element. Exact for equal strides (the
// interleaved [T][q | k | v] layout of a fused projection), conservative otherwise (any overlap
// of the spans counts).
bool runsOverlap(const Runs &a, const Runs &b, qint64 rows) {
    if (rows <= 0 || a.len <= 0 || b.len <= 0) return false;
    const qint64 aEnd = spanOf(a.offset, a.stride, rows, a.len);
    const qint64 bEnd = spanOf(b.offset, b.stride, rows, b.len);
    if (aEnd <= b.offset || bEnd <= a.offset) return false;
    if (rows > 1 && a.stride != b.stride) return true;
    // Row ra of a meets row rb of b iff d + k * stride lies in (-b.len, a.len), d = b.offset -
    // a.offset, k = rb - ra in [-(rows - 1), rows - 1]; with len <= stride only the k nearest
    // -d / stride can.
    const qint64 d = b.offset - a.offset;
    if (rows == 1) return d > -b.len && d < a.len;
    const qint64 s = a.stride;
    const qint64 k0 = (-d >= 0 ? -d / s : -((d + s - 1) / s));
    for (qint64 k = k0 - 1; k <= k0 + 2; ++k) {
        if (k < -(rows - 1) || k > rows - 1) continue;
        const qint64 x = d + k * s;
        if (x > -b.len && x < a.len) return true;
    }
    return false;
}

}  // namespace

uint64_t attentionScratchFloats(uint32_t queries, uint32_t heads, uint32_t headDim,
                                uint32_t maxKeys) {
    if (queries == 0 || heads == 0 || headDim < 4 || headDim % 4 != 0 || headDim > kMaxHeadDim)
        return 0;
    // The split count depends on the KV head count (not a parameter here), the query count and,
    // through the pairs per workgroup, the head dim: take the largest record count over every KV
    // head count dividing `heads`, every query count up to `queries` and every pairs-per-group
    // value of a head dim up to `headDim` (smaller heads pack more pairs into a workgroup, hence
    // fewer workgroups and more splits), times the record length at `headDim`. Splits never
    // decrease with more keys, so maxKeys is the worst case.
    uint64_t most = 0;
    for (uint32_t d = 4; d <= headDim; d += 4) {
        const uint32_t mMax = pairsPerGroup(d);
        if (d > 4 && mMax == pairsPerGroup(d - 4)) continue;  // same layouts as a smaller d
        for (uint32_t kv = 1; kv <= heads; ++kv) {
            if (heads % kv != 0) continue;
            for (uint32_t q = 1; q <= queries; ++q) {
                const AttnLayout l = attnLayout(q, heads, kv, mMax, std::max<uint32_t>(maxKeys, q));
                if (l.splits > 1) most = std::max<uint64_t>(most, uint64_t(l.splits) * q);
            }
        }
    }
    return most * heads * (headDim + 4);
}

bool tensorCoreAttentionFits(uint32_t headDim) {
    return headDim >= kTensorMinDim && headDim <= kMaxHeadDim && (headDim & (headDim - 1)) == 0;
}

bool recordAttention(ComputeBatch &batch, const Bindings &b, AttentionParams p, QString *error) {
    const KernelId id = b.kernel().id();
    if (id != KernelId::Attention && id != KernelId::AttentionPrefill &&
        id != KernelId::AttentionF16 && id != KernelId::AttentionPrefillF16) {
        return fail(error, QStringLiteral("%1 is not the attention kernel").arg(b.kernel().name()));
    }
    // f16 caches: two values per 4-byte element of the bindings.
    const qint64 cachePerElement =
        id == KernelId::AttentionF16 || id == KernelId::AttentionPrefillF16 ? 2 : 1;
    const bool tensorCores = b.kernel().tensorCores();
    if (p.heads == 0 || p.kvHeads == 0 || p.heads % p.kvHeads != 0) {
        return fail(error, QStringLiteral("attention: %1 query heads are not a positive multiple "
                                          "of %2 KV heads")
                               .arg(p.heads)
                               .arg(p.kvHeads));
    }
    if (p.headDim < 4 || p.headDim % 4 != 0 || p.headDim > kMaxHeadDim) {
        return fail(error, QStringLiteral("attention: head dim %1 must be a multiple of 4 in "
                                          "4..%2")
                               .arg(p.headDim)
                               .arg(kMaxHeadDim));
    }
    if (!std::isfinite(p.scale)) {
        return fail(error, QStringLiteral("attention: scale %1 is not finite").arg(p.scale));
    }
    if (p.queries == 0) return true;
    const uint64_t endPos = uint64_t(p.firstPos) + p.queries;  // one past the last position
    if (endPos > uint64_t(INT32_MAX)) {
        return fail(error, QStringLiteral("attention: positions up to %1 exceed the supported "
                                          "range")
                               .arg(endPos));
    }
    // Every key a query sees must still be in the cache: all positions so far (no wrap), or the
    // last window + queries - 1 of them (a ring).
    if (p.cacheRows == 0 ||
        (endPos > p.cacheRows &&
         (p.window == 0 || uint64_t(p.cacheRows) < uint64_t(p.window) + p.queries - 1))) {
        return fail(
            error,
            p.window == 0
                ? QStringLiteral("attention: positions up to %1 do not fit a global cache of %2 "
                                 "rows")
                      .arg(endPos)
                      .arg(p.cacheRows)
                : QStringLiteral("attention: a ring cache of %1 rows cannot hold window %2 + "
                                 "%3 queries - 1")
                      .arg(p.cacheRows)
                      .arg(p.window)
                      .arg(p.queries));
    }

    const qint64 rowLen = qint64(p.heads) * p.headDim;
    if (p.queries > 1 && (qint64(p.qStride) < rowLen || qint64(p.oStride) < rowLen)) {
        return fail(error, QStringLiteral("attention: row strides q %1 / o %2 are shorter than a "
                                          "row (%3)")
                               .arg(p.qStride)
                               .arg(p.oStride)
                               .arg(rowLen));
    }
    if (!fits(b, 0, "q", 0, spanOf(p.qOffset, p.qStride, p.queries, rowLen), error) ||
        !fits(b, 0, "o", 0, spanOf(p.oOffset, p.oStride, p.queries, rowLen), error)) {
        return false;
    }
    if (runsOverlap({p.qOffset, p.qStride, rowLen}, {p.oOffset, p.oStride, rowLen}, p.queries)) {
        return fail(error, QStringLiteral("attention: the output rows overlap the query rows"));
    }
    const qint64 cacheElements = qint64(p.cacheRows) * p.kvHeads * p.headDim / cachePerElement;
    if (!fits(b, 1, "the K cache", 0, cacheElements, error) ||
        !fits(b, 2, "the V cache", 0, cacheElements, error)) {
        return false;
    }

    const auto limit = uint64_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    if (tensorCores) {
        if (!tensorCoreAttentionFits(p.headDim)) {
            return fail(error, QStringLiteral("attention: the tensor-core build takes head dims "
                                              "64, 128, 256 and 512 (got %1)")
                                   .arg(p.headDim));
        }
        // The same block shape with kTensorPairs pairs and no key splits (the top of main() in
        // shaders/attention_coopmat.glsl derives it the same way; keep the two in sync).
        const AttnLayout l = attnLayout(p.queries, p.heads, p.kvHeads, kTensorPairs, 0);
        const uint64_t zGroups = uint64_t(p.kvHeads) * l.headGroups;
        if (l.qBlocks > limit || zGroups > limit) {
            return fail(error, QStringLiteral("attention: %1 queries x %2 heads exceed the "
                                              "dispatch limit %3")
                                   .arg(p.queries)
                                   .arg(p.heads)
                                   .arg(limit));
        }
        p.splits = 1;
        p.stage = 0;
        p.pairCap = kTensorPairs;
        batch.dispatch(b, p, 1, int(l.qBlocks), int(zGroups));
        return true;
    }
    // Few queries (decode): fewer (row, head) pairs per workgroup. The score loop reads every
    // pair's query from shared memory for every key, so a workgroup's time per key tile grows
    // with its pairs; with a handful of queries there are few workgroups anyway, and spreading
    // the pairs over more of them (each re-reading the tile's K and V rows, from L2) is faster.
    p.pairCap = p.queries <= kFewQueries ? kFewQueryPairs : kAttnMaxPairs;
    const AttnLayout l =
        attnLayout(p.queries, p.heads, p.kvHeads, std::min(pairsPerGroup(p.headDim), p.pairCap),
                   visibleKeys(p.firstPos, p.queries, p.window));
    const uint64_t zGroups = uint64_t(p.kvHeads) * l.headGroups;
    if (l.qBlocks > limit || zGroups > limit || l.splits > limit ||
        (l.splits > 1 && uint64_t(p.queries) * p.heads > limit)) {
        return fail(error, QStringLiteral("attention: %1 queries x %2 heads exceed the dispatch "
                                          "limit %3")
                               .arg(p.queries)
                               .arg(p.heads)
                               .arg(limit));
    }
    p.splits = l.splits;
    p.stage = 0;
    if (l.splits > 1) {
        const qint64 records = qint64(l.splits) * p.queries * p.heads;
        if (!fits(b, 3, "the split partials (see attentionScratchFloats)", p.scratchOffset,
                  records * (p.headDim + 4), error)) {
            return false;
        }
    }
    batch.dispatch(b, p, int(l.splits), int(l.qBlocks), int(zGroups));
    if (l.splits > 1) {
        p.stage = 1;
        batch.dispatch(b, p, int(p.queries * p.heads), int(ceilDiv(p.headDim / 4, kCombineLanes)));
    }
    return true;
}

bool recordQkvPrep(ComputeBatch &batch, const Bindings &b, QkvPrepParams p, QString *error) {
    const bool f16Cache = b.kernel().id() == KernelId::QkvPrepF16;
    if (b.kernel().id() != KernelId::QkvPrep && !f16Cache) {
        return fail(error, QStringLiteral("%1 is not the qkv_prep kernel").arg(b.kernel().name()));
    }
    if (f16Cache && p.storeKv && p.headDim % 2 != 0) {
        return fail(error, QStringLiteral("qkv_prep: an f16 cache needs an even head dim (got %1)")
                               .arg(p.headDim));
    }
    if (p.headDim == 0 || p.headDim > kPrepMaxHeadDim) {
        return fail(error, QStringLiteral("qkv_prep: head dim %1 must be in 1..%2")
                               .arg(p.headDim)
                               .arg(kPrepMaxHeadDim));
    }
    if (p.ropeDims == 0 || p.ropeDims % 2 != 0 || p.ropeDims > p.headDim) {
        return fail(error, QStringLiteral("qkv_prep: rope dims %1 must be even and in 2..head dim "
                                          "(%2)")
                               .arg(p.ropeDims)
                               .arg(p.headDim));
    }
    if (!(p.base > 0.0f) || !std::isfinite(p.base)) {
        return fail(error,
                    QStringLiteral("qkv_prep: base %1 is not a positive number").arg(p.base));
    }
    if (!(p.eps >= 0.0f) || !std::isfinite(p.eps)) {
        return fail(error,
                    QStringLiteral("qkv_prep: eps %1 is not a non-negative number").arg(p.eps));
    }
    if (p.heads == 0 || (p.storeKv && p.kvHeads == 0)) {
        return fail(error,
                    QStringLiteral("qkv_prep: %1 heads / %2 KV heads").arg(p.heads).arg(p.kvHeads));
    }
    if (p.rows == 0) return true;
    // Positions are rotated as f32: exact below 2^24.
    if (uint64_t(p.firstPos) + p.rows > (uint64_t(1) << 24)) {
        return fail(error, QStringLiteral("qkv_prep: positions up to %1 exceed 2^24")
                               .arg(uint64_t(p.firstPos) + p.rows));
    }
    const qint64 qLen = qint64(p.heads) * p.headDim;
    const qint64 kvLen = qint64(p.kvHeads) * p.headDim;
    if (p.rows > 1 && qint64(p.qStride) < qLen) {
        return fail(error, QStringLiteral("qkv_prep: q row stride %1 is shorter than a row (%2)")
                               .arg(p.qStride)
                               .arg(qLen));
    }
    if (!fits(b, 0, "q", 0, spanOf(p.qOffset, p.qStride, p.rows, qLen), error) ||
        !fits(b, 1, "the q norm weight", p.qNormOffset, p.headDim, error) ||
        (p.useFactors && !fits(b, 1, "the rope factors", p.fOffset, p.ropeDims / 2, error))) {
        return false;
    }
    if (p.storeKv) {
        if (p.rows > 1 && (qint64(p.kStride) < kvLen || qint64(p.vStride) < kvLen)) {
            return fail(error, QStringLiteral("qkv_prep: k / v row strides %1 / %2 are shorter "
                                              "than a row (%3)")
                                   .arg(p.kStride)
                                   .arg(p.vStride)
                                   .arg(kvLen));
        }
        if (p.cacheRows == 0 || p.rows > p.cacheRows) {
            return fail(error, QStringLiteral("qkv_prep: %1 rows do not fit a cache of %2 rows "
                                              "(ring slots would collide)")
                                   .arg(p.rows)
                                   .arg(p.cacheRows));
        }
        const qint64 cacheFloats =
            (qint64(p.cacheRows) + p.slotOffset) * kvLen / (f16Cache ? 2 : 1);
        if (!fits(b, 0, "k", 0, spanOf(p.kOffset, p.kStride, p.rows, kvLen), error) ||
            !fits(b, 0, "v", 0, spanOf(p.vOffset, p.vStride, p.rows, kvLen), error) ||
            !fits(b, 1, "the k norm weight", p.kNormOffset, p.headDim, error) ||
            !fits(b, 2, "the K cache", 0, cacheFloats, error) ||
            !fits(b, 3, "the V cache", 0, cacheFloats, error)) {
            return false;
        }
        // q is rewritten in place while other workgroups read k and v.
        if (runsOverlap({p.qOffset, p.qStride, qLen}, {p.kOffset, p.kStride, kvLen}, p.rows) ||
            runsOverlap({p.qOffset, p.qStride, qLen}, {p.vOffset, p.vStride, kvLen}, p.rows)) {
            return fail(error, QStringLiteral("qkv_prep: the q rows overlap the k or v rows"));
        }
    }
    const uint64_t items = uint64_t(p.rows) * (p.heads + (p.storeKv ? 2ull * p.kvHeads : 0));
    if (items + uint64_t(b.kernel().context().info().maxWorkgroupsPerDimension) > UINT32_MAX) {
        return fail(
            error,
            QStringLiteral("qkv_prep: %1 head vectors exceed the 32-bit index range").arg(items));
    }
    p.storeKv = p.storeKv ? 1 : 0;
    const auto limit = uint64_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    const int gx = int(std::clamp<uint64_t>(items, 1, limit));
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

}  // namespace facet::gpu
