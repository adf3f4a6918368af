// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/matmul_ops.h"

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/ops.h"
#include "gpu/record_checks.h"

#include <algorithm>

namespace facet::gpu {

namespace {

using detail::fail;

// Checks that elements [first, first + count) of `elementBytes`-byte elements fit storage binding
// `index` (as in ops.cpp).
bool fits(const Bindings &b, int index, const char *what, qint64 first, qint64 count,
          qint64 elementBytes, QString *error) {
    const qint64 end = (first + count) * elementBytes;
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

bool isMatMulKernel(KernelId id) {
    return kernelFamily(id) == KernelFamily::MatMul;
}

// The kernel's K step: slices are whole steps.
constexpr uint32_t kKStep = 32;

// [first, first + count) floats of storage binding `index` as a byte range of its buffer.
struct ByteRange {
    const Buffer *buffer;
    qint64 begin, end;
};
ByteRange bytesOf(const Bindings &b, int index, qint64 first, qint64 count) {
    const qint64 at = b.boundOffset(index) + 4 * first;
    return {b.boundBuffer(index), at, at + 4 * count};
}
bool overlap(const ByteRange &a, const ByteRange &b) {
    return a.buffer == b.buffer && a.begin < a.end && b.begin < b.end && a.begin < b.end &&
           b.begin < a.end;
}

// K values per slice when K is cut into (at most) `splits` slices: whole K steps.
uint32_t sliceValues(uint32_t K, uint32_t splits) {
    const uint32_t per = (K + splits - 1) / splits;
    return (per + kKStep - 1) / kKStep * kKStep;
}

}  // namespace

std::optional<uint32_t> parseMatMulSplitTarget(const QString &value) {
    const QString v = value.trimmed().toLower();
    if (v.isEmpty() || v == QLatin1String("auto")) return kMatMulSplitTarget;
    if (v == QLatin1String("old") || v == QLatin1String("off")) return 1;
    bool ok = false;
    const uint n = v.toUInt(&ok);
    if (!ok || n == 0) return std::nullopt;
    return uint32_t(n);
}

uint32_t matMulSplitTarget(const GpuContext &ctx) {
    const uint32_t target = ctx.options().matMulSplitTarget;
    return target == 0 ? kMatMulSplitTarget : target;
}

MatMulTile matMulTile(const Kernel &k) {
    return k.tensorCores() ? MatMulTile{kMatMulTensorTileN, kMatMulTensorTileM}
                           : MatMulTile{kMatMulTile, kMatMulTile};
}

uint32_t matMulSplitCount(uint32_t K, uint32_t N, uint32_t M, uint32_t target, MatMulTile tile) {
    const uint64_t tiles =
        uint64_t((N + tile.n - 1) / tile.n) * uint64_t((M + tile.m - 1) / tile.m);
    if (tiles == 0) return 1;
    const uint64_t s = std::min<uint64_t>(target / tiles, K / kMatMulSplitMinK);
    return s < 2 ? 1 : uint32_t(s);
}

uint64_t matMulSplitScratchFloats(uint32_t maxM, uint32_t target) {
    // The largest tile (the tensor-core build's) bounds S M N for either build.
    return uint64_t(target) * kMatMulTensorTileN * std::min(maxM, kMatMulTensorTileM);
}

bool recordMatMul(ComputeBatch &batch, const Bindings &b, MatMulParams p, QString *error,
                  const MatMulSplit *split) {
    const QString name = b.kernel().name();
    const auto type = kernelWeightType(b.kernel().id());
    if (!isMatMulKernel(b.kernel().id()) || !type)
        return fail(error, QStringLiteral("%1 is not a matmul kernel").arg(name));
    const int block = kernelBlockValues(*type);
    if (p.K == 0 || p.K % uint32_t(block) != 0) {
        return fail(error, QStringLiteral("%1: K = %2 is not a positive multiple of %3")
                               .arg(name)
                               .arg(p.K)
                               .arg(block));
    }
    // Every GGUF row is a whole number of blocks, whose sizes are even, and multiples of 4 for
    // F32, Q4_1, Q5_1, Q4_K and Q5_K; the kernel reads half fields (and those types' blocks)
    // with aligned word loads, so it relies on that.
    const qint64 minRow = weightRowBytes(*type, p.K);
    using gguf::TensorType;
    const uint32_t rowAlign = *type == TensorType::F32 || *type == TensorType::Q4_1 ||
                                      *type == TensorType::Q5_1 || *type == TensorType::Q4_K ||
                                      *type == TensorType::Q5_K
                                  ? 4
                                  : 2;
    if (qint64(p.rowBytes) < minRow || p.rowBytes % rowAlign != 0 || p.wOffset % 4 != 0) {
        return fail(error, QStringLiteral("%1: rowBytes %2 (minimum %3, multiple of %4) / offset "
                                          "%5 (multiple of 4) invalid")
                               .arg(name)
                               .arg(p.rowBytes)
                               .arg(minRow)
                               .arg(rowAlign)
                               .arg(p.wOffset));
    }
    const auto mode = MatInputMode(p.inputMode);
    if (mode != MatInputMode::Plain && mode != MatInputMode::Geglu)
        return fail(error, QStringLiteral("%1: unknown input mode %2").arg(name).arg(p.inputMode));
    if (p.N == 0 || p.M == 0) return true;  // nothing to compute
    const qint64 weightBytes = qint64(p.N - 1) * p.rowBytes + minRow;
    // + 4: the weight reader fetches one word past the last byte it decodes.
    if (!fits(b, 0, "the weight rows", p.wOffset, weightBytes + 4, 1, error) ||
        !fits(b, 1, "x", 0, spanOf(p.xOffset, p.xStride, p.M, p.K), 4, error) ||
        (mode == MatInputMode::Geglu &&
         !fits(b, 1, "x2", 0, spanOf(p.x2Offset, p.x2Stride, p.M, p.K), 4, error)) ||
        !fits(b, 2, "y", 0, spanOf(p.yOffset, p.yStride, p.M, p.N), 4, error)) {
        return false;
    }
    // Columns must not overlap within y (each output is written by one thread, once).
    if (p.M > 1 && p.yStride < p.N) {
        return fail(error, QStringLiteral("%1: y stride %2 is shorter than a column (%3)")
                               .arg(name)
                               .arg(p.yStride)
                               .arg(p.N));
    }
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    const MatMulTile tile = matMulTile(b.kernel());
    // Split K: how many slices, if the caller gave a scratch area.
    uint32_t splits = 1;
    if (split) {
        const auto sameAsY = [&](int i) {
            return split->reduce->boundBuffer(i) == b.boundBuffer(2) &&
                   split->reduce->boundOffset(i) == b.boundOffset(2) &&
                   split->reduce->boundBytes(i) == b.boundBytes(2);
        };
        if (!split->reduce || split->reduce->kernel().id() != KernelId::MatMulReduce ||
            !sameAsY(0) || !sameAsY(1)) {
            return fail(error, QStringLiteral("%1: the split-K reduction must be a matmul_reduce "
                                              "kernel with both bindings on the matmul's y range")
                                   .arg(name));
        }
        if (!fits(b, 2, "the split-K scratch", split->scratchOffset, split->scratchFloats, 4,
                  error)) {
            return false;
        }
        const ByteRange scratch = bytesOf(b, 2, split->scratchOffset, split->scratchFloats);
        const bool hitsX = overlap(
            scratch, bytesOf(b, 1, p.xOffset, spanOf(p.xOffset, p.xStride, p.M, p.K) - p.xOffset));
        const bool hitsX2 =
            mode == MatInputMode::Geglu &&
            overlap(scratch, bytesOf(b, 1, p.x2Offset,
                                     spanOf(p.x2Offset, p.x2Stride, p.M, p.K) - p.x2Offset));
        const bool hitsY = overlap(
            scratch, bytesOf(b, 2, p.yOffset, spanOf(p.yOffset, p.yStride, p.M, p.N) - p.yOffset));
        if (hitsX || hitsX2 || hitsY) {
            return fail(error, QStringLiteral("%1: the split-K scratch overlaps %2")
                                   .arg(name, QLatin1String(hitsY ? "y" : "x")));
        }
        splits = split->splits ? std::min(split->splits, (p.K + kKStep - 1) / kKStep)
                               : matMulSplitCount(p.K, p.N, p.M,
                                                  matMulSplitTarget(b.kernel().context()), tile);
        const uint64_t sliceFloats = uint64_t(p.M) * p.N;
        splits = uint32_t(std::min<uint64_t>(splits, split->scratchFloats / sliceFloats));
        splits = std::min(splits, limit);
    }
    p.splits = 0;
    p.kSlice = 0;
    p.partOffset = 0;
    if (splits >= 2) {
        // Whole K steps per slice; rounding up may leave fewer slices.
        p.kSlice = sliceValues(p.K, splits);
        p.splits = (p.K + p.kSlice - 1) / p.kSlice;
        if (p.splits < 2) p.splits = 0;
        p.partOffset = split->scratchOffset;
    }
    // One workgroup per tile (and K-slice), up to the dispatch limit per axis (beyond it the
    // workgroups loop over further tiles).
    const uint32_t tilesN = (p.N + tile.n - 1) / tile.n;
    const uint32_t tilesM = (p.M + tile.m - 1) / tile.m;
    p.tilesN = std::clamp<uint32_t>(tilesN, 1, limit);
    p.tilesM = std::clamp<uint32_t>(tilesM, 1, limit);
    batch.dispatch(b, p, int(p.tilesN), int(p.tilesM), int(std::max<uint32_t>(p.splits, 1)));
    if (p.splits >= 2) {
        // The reduction: 256 outputs of one column per workgroup.
        MatMulParams r = p;
        r.tilesN = std::clamp<uint32_t>((p.N + 255) / 256, 1, limit);
        r.tilesM = std::clamp<uint32_t>(p.M, 1, limit);
        batch.dispatch(*split->reduce, r, int(r.tilesN), int(r.tilesM));
    }
    return true;
}

}  // namespace facet::gpu
