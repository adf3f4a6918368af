#include "gpu/attention_decode_ops.h"

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"

#include <algorithm>
#include <cmath>

namespace facet::gpu {

namespace {

// Constants of shaders/attention_decode.comp.
constexpr uint32_t kGroup = 256;        // invocations per workgroup (WG)
constexpr uint32_t kMaxGroupHeads = 8;  // MAX_G
constexpr uint32_t kQueryVec4s = 512;   // qs[]: groupHeads * headDim/4 <= this
constexpr uint32_t kMaxHeadDim = 512;
// Most key splits: bounds the scratch and the last workgroup's combine (see chooseSplits).
constexpr uint32_t kMaxSplits = 256;
// Query heads per workgroup when the caller leaves it to recordDecodeAttention. Fewer heads per
// workgroup means more workgroups reading the same K and V rows (from L2 after the first), but
// each one's chain is shorter: its prologue norms and rotates fewer queries, and every key
// tile's score loop reads every head's query from shared memory (8 heads at head dim 256: 64
// 16-byte shared loads per thread and tile, some 2000 cycles of the workgroup's shared-memory
// bandwidth, on its critical path), and so do its value loop and its final sums. The
// measurements recorded in attention_ops.cpp (attention.comp: 16 (row, head) pairs per
// workgroup about three times slower than 2) and gpu_model.cpp (this kernel with all 8 heads
// per workgroup slower than the three dispatches it replaces) point the same way. So 2 by
// default; FACET_DECODE_GROUP_HEADS=1..8 (read once) overrides it to compare.
constexpr uint32_t kDefaultGroupHeads = 2;

uint32_t defaultGroupHeads() {
    static const uint32_t heads = [] {
        bool ok = false;
        const int v = qEnvironmentVariableIntValue("FACET_DECODE_GROUP_HEADS", &ok);
        return ok && v >= 1 && v <= int(kMaxGroupHeads) ? uint32_t(v) : kDefaultGroupHeads;
    }();
    return heads;
}

// Key split cost model (chooseSplits), in units of about half a memory round trip. A decode
// workgroup is latency bound: its time is a chain of waits, not bandwidth. Per split it runs
//   - a prologue, the same for every split count (not counted);
//   - one key tile after another: each issues all its K and V loads at once (64 KiB at head dim
//     256 / 512) and then waits for them, a DRAM round trip plus the score, softmax and value
//     work that depends on them: kTileCost;
//   - with more than one split, the partials' store and fence, then the counter atomic (two L2
//     round trips, about one tile): kSplitCost;
//   - the last workgroup then reads every split's records, eight splits' loads in flight at a
//     time, one L2 round trip each: kCombinePerEightSplits.
// So more splits shorten the key chain (tiles / splits) but lengthen the combine (splits / 8):
// the optimum grows like the square root of the tile count. At ~300 keys and head dim 256 (10
// tiles of 32) this gives 10 splits of one tile (cost 6; one split would cost 20); at 512 keys
// 16 splits; at 8192 keys and head dim 512 (512 tiles of 16) 86 splits of 6 tiles per head
// group, 172 workgroups for one KV head: enough to keep every SM of a large GPU streaming the
// cache, with a combine of 11 round trips instead of the 512 tiles one workgroup would walk. A
// single split (no scratch, no counter) wins up to 2 tiles (64 keys at head dim 256, 32 at 512).
constexpr uint32_t kTileCost = 2;
constexpr uint32_t kSplitCost = 2;
constexpr uint32_t kCombinePerEightSplits = 1;

bool fail(QString *error, const QString &message) {
    if (error) *error = message;
    return false;
}

uint32_t ceilDiv(uint64_t a, uint64_t b) {
    return uint32_t((a + b - 1) / b);
}

// Tile of the kernel's key loop: 16 keys at head dims above 256 (16 parts of <= 8 vec4 per key),
// else 32 (8 parts).
uint32_t tileKeysFor(uint32_t headDim) {
    return headDim / 4 > 64 ? 16 : 32;
}

// The split count for `tiles` key tiles: the cheapest by the cost model above (ties: fewer).
uint32_t chooseSplits(uint32_t tiles) {
    uint32_t best = 1;
    uint64_t bestCost = uint64_t(tiles) * kTileCost;
    const uint32_t most = std::min(tiles, kMaxSplits);
    for (uint32_t s = 2; s <= most; ++s) {
        const uint32_t perSplit = ceilDiv(tiles, s);
        if (ceilDiv(tiles, perSplit) != s) continue;  // the same layout as a smaller count
        const uint64_t cost = uint64_t(perSplit) * kTileCost + kSplitCost +
                              uint64_t(ceilDiv(s, 8)) * kCombinePerEightSplits;
        if (cost < bestCost) {
            best = s;
            bestCost = cost;
        }
    }
    return best;
}

// Checks that words [first, first + count) fit storage binding `index`.
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

bool overlaps(qint64 a, qint64 aLen, qint64 b, qint64 bLen) {
    return a < b + bLen && b < a + aLen;
}

}  // namespace

DecodeAttentionLayout decodeAttentionLayout(uint32_t heads, uint32_t kvHeads, uint32_t headDim,
                                            uint32_t visibleKeys, uint32_t groupHeads) {
    DecodeAttentionLayout l;
    if (kvHeads == 0 || heads % kvHeads != 0 || headDim < 4) return l;
    const uint32_t g = heads / kvHeads;
    // Heads per workgroup: as asked (kDefaultGroupHeads when 0), at most what fits qs[] (8 at
    // head dim 256, 4 at 512) and the score partials red[] (8 heads of 256 threads); the KV
    // head's heads are then spread evenly over the fewest groups of at most that many.
    const uint32_t asked = groupHeads > 0 ? groupHeads : defaultGroupHeads();
    const uint32_t most =
        std::max<uint32_t>(1, std::min({asked, kMaxGroupHeads, kQueryVec4s / (headDim / 4)}));
    l.headGroups = ceilDiv(g, most);
    l.groupHeads = ceilDiv(g, l.headGroups);
    l.tileKeys = tileKeysFor(headDim);
    const uint32_t tiles = std::max<uint32_t>(1, ceilDiv(visibleKeys, l.tileKeys));
    const uint32_t perSplit = ceilDiv(tiles, chooseSplits(tiles));
    l.splits = ceilDiv(tiles, perSplit);
    l.keysPerSplit = perSplit * l.tileKeys;
    return l;
}

uint64_t decodeAttentionScratchWords(uint32_t heads, uint32_t headDim, uint32_t maxKeys) {
    if (heads == 0 || headDim < 4 || headDim % 4 != 0 || headDim > kMaxHeadDim) return 0;
    // Every head dim <= headDim has tiles of 16 keys or more, so at most ceil(maxKeys / 16)
    // splits (and never more than kMaxSplits); a record is headDim + 4 words.
    const uint64_t splits = std::min<uint64_t>(kMaxSplits, (uint64_t(maxKeys) + 15) / 16);
    return splits <= 1 ? 0 : uint64_t(heads) * splits * (headDim + 4);
}

bool recordDecodeAttention(ComputeBatch &batch, const Bindings &b, DecodeAttentionParams p,
                           QString *error) {
    if (b.kernel().id() != KernelId::AttentionDecode) {
        return fail(error,
                    QStringLiteral("%1 is not the attention_decode kernel").arg(b.kernel().name()));
    }
    if (p.heads == 0 || p.kvHeads == 0 || p.heads % p.kvHeads != 0) {
        return fail(error, QStringLiteral("attention_decode: %1 query heads are not a positive "
                                          "multiple of %2 KV heads")
                               .arg(p.heads)
                               .arg(p.kvHeads));
    }
    if (p.headDim < 4 || p.headDim % 4 != 0 || p.headDim > kMaxHeadDim) {
        return fail(error, QStringLiteral("attention_decode: head dim %1 must be a multiple of 4 "
                                          "in 4..%2")
                               .arg(p.headDim)
                               .arg(kMaxHeadDim));
    }
    if (p.ropeDims < 2 || p.ropeDims % 2 != 0 || p.ropeDims > p.headDim) {
        return fail(error, QStringLiteral("attention_decode: rope dims %1 must be even and in "
                                          "2..head dim (%2)")
                               .arg(p.ropeDims)
                               .arg(p.headDim));
    }
    if (!(p.base > 0.0f) || !std::isfinite(p.base)) {
        return fail(
            error,
            QStringLiteral("attention_decode: base %1 is not a positive number").arg(p.base));
    }
    if (!(p.eps >= 0.0f) || !std::isfinite(p.eps)) {
        return fail(
            error,
            QStringLiteral("attention_decode: eps %1 is not a non-negative number").arg(p.eps));
    }
    if (!std::isfinite(p.scale)) {
        return fail(error, QStringLiteral("attention_decode: scale %1 is not finite").arg(p.scale));
    }
    // Positions are rotated as f32: exact below 2^24.
    if (p.pos >= (1u << 24)) {
        return fail(error, QStringLiteral("attention_decode: position %1 exceeds 2^24").arg(p.pos));
    }
    // Every key the token sees must still be in the cache: all positions so far, or the last
    // `window` of them in a ring.
    const uint64_t endPos = uint64_t(p.pos) + 1;
    if (p.cacheRows == 0 || (endPos > p.cacheRows && (p.window == 0 || p.cacheRows < p.window))) {
        return fail(error,
                    p.window == 0
                        ? QStringLiteral("attention_decode: position %1 does not fit a global "
                                         "cache of %2 rows")
                              .arg(p.pos)
                              .arg(p.cacheRows)
                        : QStringLiteral("attention_decode: a ring cache of %1 rows cannot hold "
                                         "window %2")
                              .arg(p.cacheRows)
                              .arg(p.window));
    }

    const qint64 qLen = qint64(p.heads) * p.headDim;
    const qint64 kvLen = qint64(p.kvHeads) * p.headDim;
    const qint64 cacheWords = qint64(p.cacheRows) * kvLen;
    if (!fits(b, 0, "q", p.qOffset, qLen, error) || !fits(b, 0, "o", p.oOffset, qLen, error) ||
        !fits(b, 1, "the q norm weight", p.qNormOffset, p.headDim, error) ||
        (p.useFactors && !fits(b, 1, "the rope factors", p.fOffset, p.ropeDims / 2, error)) ||
        !fits(b, 2, "the K cache", 0, cacheWords, error) ||
        !fits(b, 3, "the V cache", 0, cacheWords, error)) {
        return false;
    }
    // o is written (by the last workgroup) while other workgroups still read q, k and v.
    if (overlaps(p.oOffset, qLen, p.qOffset, qLen)) {
        return fail(error, QStringLiteral("attention_decode: the output overlaps the query"));
    }
    if (p.storeKv) {
        if (!fits(b, 0, "k", p.kOffset, kvLen, error) ||
            !fits(b, 0, "v", p.vOffset, kvLen, error) ||
            !fits(b, 1, "the k norm weight", p.kNormOffset, p.headDim, error)) {
            return false;
        }
        if (overlaps(p.oOffset, qLen, p.kOffset, kvLen) ||
            overlaps(p.oOffset, qLen, p.vOffset, kvLen)) {
            return fail(error, QStringLiteral("attention_decode: the output overlaps k or v"));
        }
    }

    const uint64_t visible = p.window > 0 ? std::min<uint64_t>(p.window, endPos) : endPos;
    const DecodeAttentionLayout l =
        decodeAttentionLayout(p.heads, p.kvHeads, p.headDim, uint32_t(visible), p.groupHeads);
    const uint64_t yGroups = uint64_t(p.kvHeads) * l.headGroups;
    const auto limit = uint64_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    if (yGroups > limit || l.splits > limit) {
        return fail(error, QStringLiteral("attention_decode: %1 KV heads exceed the dispatch "
                                          "limit %2")
                               .arg(p.kvHeads)
                               .arg(limit));
    }
    if (l.splits > 1) {
        const qint64 records = qint64(p.heads) * l.splits * (p.headDim + 4);
        if (!fits(b, 4, "the split partials (see decodeAttentionScratchWords)", p.scratchOffset,
                  records, error) ||
            !fits(b, 4, "the split counters", p.counterOffset, qint64(yGroups), error)) {
            return false;
        }
        if (overlaps(p.scratchOffset, records, p.counterOffset, qint64(yGroups))) {
            return fail(error, QStringLiteral("attention_decode: the split counters overlap the "
                                              "partials"));
        }
    }
    p.storeKv = p.storeKv ? 1 : 0;
    p.splits = l.splits;
    p.keysPerSplit = l.keysPerSplit;
    p.groupHeads = l.groupHeads;
    batch.dispatch(b, p, int(l.splits), int(yGroups));
    return true;
}

}  // namespace facet::gpu
