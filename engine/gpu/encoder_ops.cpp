// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/encoder_ops.h"

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/record_checks.h"

#include <algorithm>
#include <cmath>

namespace facet::gpu {

namespace {

using detail::fail;

using detail::isKernel;

// Elements spanned by `count` runs of `len` elements, `stride` apart, from `offset`.
qint64 spanOf(qint64 offset, qint64 stride, qint64 count, qint64 len) {
    return count == 0 ? 0 : offset + (count - 1) * stride + len;
}

// Whether 4-byte elements up to `end` fit storage binding `index`.
bool fits(const Bindings &b, int index, const char *what, qint64 end, QString *error) {
    if (end * 4 > b.boundBytes(index) || end > qint64(UINT32_MAX)) {
        return fail(error, QStringLiteral("%1: %2 needs bytes up to %3, but binding %4 covers %5")
                               .arg(b.kernel().name(), QLatin1String(what))
                               .arg(end * 4)
                               .arg(index + 1)
                               .arg(b.boundBytes(index)));
    }
    return true;
}

// Whether two row ranges of one binding (offset, stride, rows of len) share an element, checked
// as whole spans (the tower layouts keep different tensors in different regions).
bool spansMeet(qint64 aOffset, qint64 aStride, qint64 aLen, qint64 bOffset, qint64 bStride,
               qint64 bLen, qint64 rows) {
    if (rows == 0 || aLen == 0 || bLen == 0) return false;
    const qint64 aEnd = spanOf(aOffset, aStride, rows, aLen);
    const qint64 bEnd = spanOf(bOffset, bStride, rows, bLen);
    return aOffset < bEnd && bOffset < aEnd;
}

int rowGroups(const Bindings &b, uint32_t rows) {
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    return int(std::clamp<uint32_t>(rows, 1, limit));
}

// Element-wise grid: 256 invocations per workgroup, grid-stride beyond the dispatch limit.
bool flatGrid(const Bindings &b, qint64 total, int *gx, uint32_t *step, QString *error) {
    const auto limit = qint64(b.kernel().context().info().maxWorkgroupsPerDimension);
    const qint64 groups = std::clamp<qint64>((total + 255) / 256, 1, limit);
    const qint64 s = groups * 256;
    if (total + s > qint64(UINT32_MAX)) {
        return fail(error, QStringLiteral("%1: %2 elements exceed the 32-bit index range")
                               .arg(b.kernel().name())
                               .arg(total));
    }
    *gx = int(groups);
    *step = uint32_t(s);
    return true;
}

}  // namespace

bool recordTowerNorm(ComputeBatch &batch, const Bindings &b, TowerNormParams p, QString *error) {
    if (!isKernel(b, KernelId::TowerNorm, "tower_norm", error)) return false;
    if (p.rows == 0) return true;
    if (p.n == 0 || p.groups == 0 || p.rows % p.groups != 0 ||
        p.mode > uint32_t(TowerNormMode::Layer) || !std::isfinite(p.eps) || p.eps < 0.0f) {
        return fail(error, QStringLiteral("tower_norm: bad shape (n %1, rows %2, groups %3, mode "
                                          "%4, eps %5)")
                               .arg(p.n)
                               .arg(p.rows)
                               .arg(p.groups)
                               .arg(p.mode)
                               .arg(p.eps));
    }
    const qint64 tokens = p.rows / p.groups, rowLen = qint64(p.n) * p.groups;
    if (!fits(b, 0, "x", spanOf(p.xOffset, p.xStride, tokens, rowLen), error) ||
        !fits(b, 0, "y", spanOf(p.yOffset, p.yStride, tokens, rowLen), error) ||
        (p.weighted && !fits(b, 1, "the weight", qint64(p.wOffset) + p.n, error)) ||
        (p.biased && !fits(b, 1, "the bias", qint64(p.bOffset) + p.n, error))) {
        return false;
    }
    if (tokens > 1 && (p.xStride < rowLen || p.yStride < rowLen))
        return fail(error, QStringLiteral("tower_norm: rows overlap (strides < %1)").arg(rowLen));
    const bool inPlace = p.xOffset == p.yOffset && p.xStride == p.yStride;
    if (!inPlace && spansMeet(p.xOffset, p.xStride, rowLen, p.yOffset, p.yStride, rowLen, tokens))
        return fail(error, QStringLiteral("tower_norm: y overlaps x without being x"));
    const int gx = rowGroups(b, p.rows);
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordTowerElementwise(ComputeBatch &batch, const Bindings &b, TowerEltParams p,
                            QString *error) {
    if (!isKernel(b, KernelId::TowerElementwise, "tower_elementwise", error)) return false;
    if (p.mode > uint32_t(TowerEltMode::ColumnAffine))
        return fail(error, QStringLiteral("tower_elementwise: unknown mode %1").arg(p.mode));
    if (p.n == 0 || p.rows == 0) return true;
    const auto mode = TowerEltMode(p.mode);
    const bool readsY = mode == TowerEltMode::Add || mode == TowerEltMode::Mul ||
                        mode == TowerEltMode::AddScale || mode == TowerEltMode::Glu ||
                        mode == TowerEltMode::Geglu;
    if (p.rows > 1 && p.outStride < p.n)
        return fail(error, QStringLiteral("tower_elementwise: output rows overlap"));
    if (!fits(b, 0, "x", spanOf(p.xOffset, p.xStride, p.rows, p.n), error) ||
        !fits(b, 0, "out", spanOf(p.outOffset, p.outStride, p.rows, p.n), error)) {
        return false;
    }
    const auto aliasOk = [&](uint32_t offset, uint32_t stride) {
        return (offset == p.outOffset && stride == p.outStride) ||
               !spansMeet(offset, stride, p.n, p.outOffset, p.outStride, p.n, p.rows);
    };
    if (!aliasOk(p.xOffset, p.xStride))
        return fail(error, QStringLiteral("tower_elementwise: out overlaps x without being x"));
    if (readsY) {
        if (!fits(b, p.ySource ? 1 : 0, "y", spanOf(p.yOffset, p.yStride, p.rows, p.n), error))
            return false;
        if (p.ySource == 0 && !aliasOk(p.yOffset, p.yStride))
            return fail(error, QStringLiteral("tower_elementwise: out overlaps y without being y"));
    }
    if (mode == TowerEltMode::ColumnAffine &&
        (!fits(b, 1, "the column vector", qint64(p.vOffset) + p.n, error) ||
         !fits(b, 1, "the second column vector", qint64(p.v2Offset) + p.n, error))) {
        return false;
    }
    int gx = 0;
    if (!flatGrid(b, qint64(p.n) * p.rows, &gx, &p.gridStep, error)) return false;
    batch.dispatch(b, p, gx);
    return true;
}

bool recordTowerGather(ComputeBatch &batch, const Bindings &b, TowerGatherParams p, uint32_t maxId,
                       QString *error) {
    if (!isKernel(b, KernelId::TowerGather, "tower_gather", error)) return false;
    if (p.rows == 0 || p.n == 0) return true;
    if (p.count == 0) return fail(error, QStringLiteral("tower_gather: no rows to sum"));
    if (p.rows > 1 && p.yStride < p.n)
        return fail(error, QStringLiteral("tower_gather: output rows overlap"));
    const qint64 srcEnd = qint64(p.srcOffset) + qint64(maxId) * p.srcStride + p.n;
    if (!fits(b, 2, "the ids", qint64(p.idsOffset) + qint64(p.rows) * p.count, error) ||
        !fits(b, p.source ? 1 : 0, "the source rows", srcEnd, error) ||
        !fits(b, 0, "y", spanOf(p.yOffset, p.yStride, p.rows, p.n), error)) {
        return false;
    }
    if (p.source == 0) {
        const qint64 yEnd = spanOf(p.yOffset, p.yStride, p.rows, p.n);
        if (qint64(p.yOffset) < srcEnd && qint64(p.srcOffset) < yEnd)
            return fail(error, QStringLiteral("tower_gather: y overlaps the source rows"));
    }
    int gx = 0;
    if (!flatGrid(b, qint64(p.n) * p.rows, &gx, &p.gridStep, error)) return false;
    batch.dispatch(b, p, gx);
    return true;
}

bool recordRope2d(ComputeBatch &batch, const Bindings &b, Rope2dParams p, QString *error) {
    if (!isKernel(b, KernelId::Rope2d, "rope2d", error)) return false;
    if (p.rows == 0) return true;
    if (p.headDim == 0 || p.headDim % 4 != 0 || p.heads == 0)
        return fail(
            error,
            QStringLiteral("rope2d: head size %1 is not a positive multiple of 4").arg(p.headDim));
    const qint64 rowLen = qint64(p.heads) * p.headDim;
    if (p.rows > 1 && p.xStride < rowLen)
        return fail(
            error,
            QStringLiteral("rope2d: rows overlap (stride %1 < %2)").arg(p.xStride).arg(rowLen));
    if (!fits(b, 0, "x", spanOf(p.xOffset, p.xStride, p.rows, rowLen), error) ||
        !fits(b, 1, "the frequencies", qint64(p.fOffset) + p.headDim / 4, error) ||
        !fits(b, 2, "the positions", qint64(p.posOffset) + 2 * qint64(p.rows), error)) {
        return false;
    }
    const int gx = rowGroups(b, p.rows);
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordBidirAttention(ComputeBatch &batch, const Bindings &b, BidirAttentionParams p,
                          QString *error) {
    if (!isKernel(b, KernelId::AttentionBidir, "attention_bidir", error)) return false;
    if (p.rows == 0) return true;
    if (p.headDim == 0 || p.headDim % 4 != 0 || p.headDim > kBidirAttentionMaxHeadDim) {
        return fail(error, QStringLiteral("attention_bidir: head size %1 is not a multiple of 4 "
                                          "up to %2")
                               .arg(p.headDim)
                               .arg(kBidirAttentionMaxHeadDim));
    }
    if (p.heads == 0 || p.kvHeads == 0 || p.heads % p.kvHeads != 0) {
        return fail(error, QStringLiteral("attention_bidir: %1 heads do not share %2 KV heads")
                               .arg(p.heads)
                               .arg(p.kvHeads));
    }
    if (!std::isfinite(p.scale))
        return fail(error, QStringLiteral("attention_bidir: the scale is not finite"));
    const qint64 qLen = qint64(p.heads) * p.headDim, kvLen = qint64(p.kvHeads) * p.headDim;
    if (p.rows > 1 &&
        (p.qStride < qLen || p.oStride < qLen || p.kStride < kvLen || p.vStride < kvLen)) {
        return fail(error, QStringLiteral("attention_bidir: row strides shorter than a row"));
    }
    if (!fits(b, 0, "q", spanOf(p.qOffset, p.qStride, p.rows, qLen), error) ||
        !fits(b, 0, "k", spanOf(p.kOffset, p.kStride, p.rows, kvLen), error) ||
        !fits(b, 0, "v", spanOf(p.vOffset, p.vStride, p.rows, kvLen), error) ||
        !fits(b, 0, "o", spanOf(p.oOffset, p.oStride, p.rows, qLen), error)) {
        return false;
    }
    if (spansMeet(p.oOffset, p.oStride, qLen, p.qOffset, p.qStride, qLen, p.rows) ||
        spansMeet(p.oOffset, p.oStride, qLen, p.kOffset, p.kStride, kvLen, p.rows) ||
        spansMeet(p.oOffset, p.oStride, qLen, p.vOffset, p.vStride, kvLen, p.rows)) {
        return fail(error, QStringLiteral("attention_bidir: o overlaps q, k or v"));
    }
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    const uint32_t blocks = (p.rows + 63) / 64;
    if (blocks > limit || p.heads > limit)
        return fail(
            error,
            QStringLiteral("attention_bidir: %1 rows exceed the dispatch limit").arg(p.rows));
    batch.dispatch(b, p, int(blocks), int(p.heads));
    return true;
}

}  // namespace facet::gpu
