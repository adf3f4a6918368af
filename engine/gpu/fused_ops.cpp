// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/fused_ops.h"

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/record_checks.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace facet::gpu {

namespace {

using detail::fail;

using detail::isKernel;

// Checks that floats [first, first + count) fit storage binding `index` (as in ops.cpp).
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

qint64 floorDiv(qint64 a, qint64 b) {  // b > 0
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// Rows of n floats: `rows` of them at aOffset + r * aStride and as many at bOffset + s * bStride.
// Whether any row of the one meets any row of the other (exact, so interleaved layouts pass).
bool rowsOverlap(qint64 aOffset, qint64 aStride, qint64 bOffset, qint64 bStride, qint64 rows,
                 qint64 n) {
    if (rows == 0) return false;
    if (spanOf(aOffset, aStride, rows, n) <= bOffset ||
        spanOf(bOffset, bStride, rows, n) <= aOffset)
        return false;
    for (qint64 r = 0; r < rows; ++r) {
        const qint64 a = aOffset + r * aStride;
        // Row s of b meets [a, a + n) iff a - n < bOffset + s * bStride < a + n.
        if (bStride == 0 || rows == 1) {
            if (bOffset > a - n && bOffset < a + n) return true;
            continue;
        }
        const qint64 lo = std::max<qint64>(floorDiv(a - n - bOffset, bStride) + 1, 0);
        const qint64 hi = std::min<qint64>(-floorDiv(-(a + n - bOffset), bStride) - 1, rows - 1);
        if (lo <= hi) return true;
    }
    return false;
}

}  // namespace

bool recordAddRmsNorm(ComputeBatch &batch, const Bindings &b, AddRmsNormParams p, QString *error) {
    if (!isKernel(b, KernelId::AddRmsNorm, "add_rmsnorm", error)) return false;
    if (p.n == 0) return fail(error, QStringLiteral("add_rmsnorm over rows of 0 values"));
    if (!std::isfinite(p.scale)) {
        return fail(error, QStringLiteral("add_rmsnorm: scale %1 is not finite").arg(p.scale));
    }
    if (!(p.eps >= 0.0f) || !std::isfinite(p.eps)) {
        return fail(error,
                    QStringLiteral("add_rmsnorm: eps %1 is not a finite value >= 0").arg(p.eps));
    }
    if (p.q8Out != 0 && (p.normOut == 0 || p.n % 32 != 0 || p.n > AddRmsNormParams::kQ8MaxN ||
                         p.q8Offset % 4 != 0 ||
                         (p.rows > 1 && (p.q8Stride % 4 != 0 || p.q8Stride < q8aFloats(p.n))))) {
        return fail(error, QStringLiteral("add_rmsnorm: the Q8A output needs the normed output, "
                                          "rows of a multiple of 32 values up to %1 (%2), and "
                                          "offsets and strides that are multiples of 4 floats")
                               .arg(AddRmsNormParams::kQ8MaxN)
                               .arg(p.n));
    }
    if (p.rows == 0) return true;
    const bool normOut = p.normOut != 0;
    if (p.rows > 1 && (p.xStride < p.n || (normOut && p.outStride < p.n))) {
        return fail(error, QStringLiteral("add_rmsnorm: row stride %1 (x) / %2 (out) is shorter "
                                          "than a row (%3): rows would overlap")
                               .arg(p.xStride)
                               .arg(normOut ? QString::number(p.outStride) : QStringLiteral("-"))
                               .arg(p.n));
    }
    if (!fits(b, 0, "x", 0, spanOf(p.xOffset, p.xStride, p.rows, p.n), error) ||
        !fits(b, 0, "y", 0, spanOf(p.yOffset, p.yStride, p.rows, p.n), error) ||
        (normOut && !fits(b, 0, "out", 0, spanOf(p.outOffset, p.outStride, p.rows, p.n), error)) ||
        !fits(b, 1, "w1", p.w1Offset, p.n, error) ||
        (normOut && !fits(b, 1, "w2", p.w2Offset, p.n, error))) {
        return false;
    }
    if (rowsOverlap(p.xOffset, p.xStride, p.yOffset, p.yStride, p.rows, p.n)) {
        return fail(error, QStringLiteral("add_rmsnorm: y (offset %1, stride %2) overlaps x "
                                          "(offset %3, stride %4)")
                               .arg(p.yOffset)
                               .arg(p.yStride)
                               .arg(p.xOffset)
                               .arg(p.xStride));
    }
    if (normOut) {
        const bool onX = rowsOverlap(p.outOffset, p.outStride, p.xOffset, p.xStride, p.rows, p.n);
        if (onX || rowsOverlap(p.outOffset, p.outStride, p.yOffset, p.yStride, p.rows, p.n)) {
            return fail(error, QStringLiteral("add_rmsnorm: out (offset %1, stride %2) overlaps "
                                              "%3 (offset %4, stride %5)")
                                   .arg(p.outOffset)
                                   .arg(p.outStride)
                                   .arg(QLatin1String(onX ? "x" : "y"))
                                   .arg(onX ? p.xOffset : p.yOffset)
                                   .arg(onX ? p.xStride : p.yStride));
        }
    }
    if (p.q8Out != 0) {
        if (!fits(b, 0, "the Q8A output", 0, spanOf(p.q8Offset, p.q8Stride, p.rows, q8aFloats(p.n)),
                  error))
            return false;
        // (Runs of n floats: longer than a Q8A row, so this also catches every real overlap.)
        if (rowsOverlap(p.q8Offset, p.q8Stride, p.xOffset, p.xStride, p.rows, p.n) ||
            rowsOverlap(p.q8Offset, p.q8Stride, p.yOffset, p.yStride, p.rows, p.n) ||
            rowsOverlap(p.q8Offset, p.q8Stride, p.outOffset, p.outStride, p.rows, p.n)) {
            return fail(error, QStringLiteral("add_rmsnorm: the Q8A output (offset %1) overlaps "
                                              "x, y or out")
                                   .arg(p.q8Offset));
        }
    }
    // One workgroup per row, up to the dispatch limit; the kernel loops over further rows.
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    const uint32_t groups = std::clamp<uint32_t>(p.rows, 1, limit);
    p.rowStep = groups;
    batch.dispatch(b, p, int(groups));
    return true;
}

// --- TopK ----------------------------------------------------------------------------------------

namespace {

// Shared-memory entries of shaders/topk.comp (S there): a tile.
constexpr uint32_t kTile = 2048;
// A dispatch boundary (barrier, launch) in units of the kernel's barrier passes: a rough guess
// for a large GPU (a pass is ~0.1-0.2 us there, a dependent dispatch a few us).
constexpr uint32_t kDispatchCost = 16;

uint32_t ceilLog2(uint32_t v) {
    return v <= 1 ? 0 : uint32_t(std::bit_width(v - 1));
}

// log2 of the run length of shaders/topk.comp: k rounded up to a power of two, at least 8.
uint32_t runLogFor(uint32_t k) {
    return std::max<uint32_t>(3, ceilLog2(k));
}

// Barrier passes of the kernel (three stride levels per pass): merging a bitonic run, sorting a
// run from scratch, reducing `slotCount` sorted runs to one.
uint32_t mergePasses(uint32_t runLog) {
    return (runLog + 2) / 3;
}
uint32_t sortPasses(uint32_t runLog) {
    uint32_t passes = 1;  // levels 1..3 in registers
    for (uint32_t level = 4; level <= runLog; ++level)
        passes += (level + 2) / 3;
    return passes;
}
uint32_t reducePasses(uint32_t slotCount, uint32_t runLog) {
    return ceilLog2(slotCount) * mergePasses(runLog);
}

// Passes of one stage-0 workgroup over `chunk` elements: the first tile takes kTile, the next
// ones kTile - run (slot 0 keeps the best run so far).
uint32_t stage0Cost(uint32_t chunk, uint32_t runLog) {
    const uint32_t run = 1u << runLog;
    const uint32_t perTile = sortPasses(runLog);
    const uint32_t first = std::min(chunk, kTile);
    uint32_t cost = perTile + reducePasses(std::max<uint32_t>(1, (first + run - 1) / run), runLog);
    if (chunk > kTile) {
        const uint32_t rest = chunk - kTile, step = kTile - run;
        const uint32_t full = rest / step, last = rest % step;
        cost += full * (perTile + reducePasses(kTile / run, runLog));
        if (last > 0) cost += perTile + reducePasses(1 + (last + run - 1) / run, runLog);
    }
    return cost;
}

// Passes of stage 1 over `runs` sorted runs: the first tile merges kTile / run pairs while
// loading, the next ones one pair fewer (slot 0 keeps the best run so far).
uint32_t stage1Cost(uint32_t runs, uint32_t runLog) {
    const uint32_t slotCount = kTile >> runLog;
    uint32_t cost = 0;
    uint32_t left = runs;
    uint32_t base = 0;
    while (left > 0) {
        const uint32_t pairs = std::min(slotCount - base, (left + 1) / 2);
        cost += mergePasses(runLog) + reducePasses(base + pairs, runLog);
        left -= std::min(left, 2 * pairs);
        base = 1;
    }
    return cost;
}

}  // namespace

TopK::~TopK() = default;

std::unique_ptr<TopK> TopK::create(GpuContext &ctx, const Buffer &input, QString *error) {
    const Kernel *k = ctx.kernel(KernelId::TopK, error);
    if (!k) return nullptr;
    std::unique_ptr<TopK> t(new TopK);
    t->m_partials = ctx.createBuffer(BufferKind::Storage, qint64(kMaxGroups) * kMaxK * 8,
                                     QStringLiteral("top-k partials"), error);
    t->m_result = ctx.createBuffer(BufferKind::Storage, resultBytes(kMaxK),
                                   QStringLiteral("top-k result"), error);
    if (!t->m_partials || !t->m_result) return nullptr;
    t->m_bindings = ctx.bind(*k, {input, *t->m_partials, *t->m_result}, error);
    if (!t->m_bindings) return nullptr;
    return t;
}

uint32_t TopK::groupsFor(uint32_t n, uint32_t k) const {
    const uint32_t most = std::clamp<uint32_t>(n, 1, kMaxGroups);
    if (m_forcedGroups != 0) return std::min(m_forcedGroups, most);
    // The model: stage 0's workgroups run side by side (a large GPU holds all kMaxGroups at
    // once), so its cost is one workgroup's passes; stage 1 is one workgroup; a second dispatch
    // costs kDispatchCost. Fewer groups win ties.
    const uint32_t runLog = runLogFor(k);
    uint32_t best = 1;
    uint32_t bestCost = std::numeric_limits<uint32_t>::max();
    for (uint32_t g = 1; g <= most; ++g) {
        const uint32_t chunk = (n + g - 1) / g;
        if ((n + chunk - 1) / chunk != g) continue;  // the same chunks as fewer groups
        uint32_t cost = stage0Cost(chunk, runLog);
        if (g > 1) cost += kDispatchCost + stage1Cost(g, runLog);
        if (cost < bestCost) {
            bestCost = cost;
            best = g;
        }
    }
    return best;
}

bool TopK::record(ComputeBatch &batch, uint32_t n, uint32_t xOffset, uint32_t k, QString *error) {
    if (k == 0 || k > kMaxK) {
        return fail(error, QStringLiteral("top-k: k = %1 is outside 1..%2").arg(k).arg(kMaxK));
    }
    if (k > n) {
        return fail(error, QStringLiteral("top-k: k = %1 exceeds the %2 values").arg(k).arg(n));
    }
    if (!fits(*m_bindings, 0, "x", xOffset, n, error)) return false;
    if (n >= 0xFFFFFFFFu) {  // index 0xFFFFFFFF marks an empty slot
        return fail(error, QStringLiteral("top-k: %1 values exceed the index range").arg(n));
    }
    const uint32_t groups = groupsFor(n, k);
    TopKParams p;
    p.n = n;
    p.xOffset = xOffset;
    p.k = k;
    p.chunk = (n + groups - 1) / groups;
    p.partials = (n + p.chunk - 1) / p.chunk;  // no empty group
    p.stage = 0;
    batch.dispatch(*m_bindings, p, int(p.partials));
    if (p.partials > 1) {
        p.stage = 1;
        batch.dispatch(*m_bindings, p, 1);
    }
    return true;
}

std::vector<TopK::Entry> TopK::decode(const QByteArray &bytes) {
    std::vector<Entry> out(size_t(bytes.size() / 8));
    for (size_t i = 0; i < out.size(); ++i) {
        std::memcpy(&out[i].index, bytes.constData() + 8 * i, 4);
        std::memcpy(&out[i].value, bytes.constData() + 8 * i + 4, 4);
    }
    return out;
}

}  // namespace facet::gpu
