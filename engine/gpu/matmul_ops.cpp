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

// Every GGUF row is a whole number of blocks, whose sizes are even, and multiples of 4 for F32,
// Q4_1, Q5_1, Q4_K and Q5_K; the weight decoder (matmul_decode.glsl) reads half fields (and those
// types' blocks) with aligned word loads, so it relies on that.
uint32_t weightRowAlign(gguf::TensorType type) {
    using gguf::TensorType;
    return type == TensorType::F32 || type == TensorType::Q4_1 || type == TensorType::Q5_1 ||
                   type == TensorType::Q4_K || type == TensorType::Q5_K
               ? 4
               : 2;
}

// The weight rows a matmul or dequant_f16 kernel of `type` reads: K a positive multiple of the
// type's block, rows at least as long as K values need and aligned as the decoder needs them,
// the tensor at a 4-aligned offset.
bool checkWeightRows(const QString &name, gguf::TensorType type, uint32_t K, uint32_t rowBytes,
                     uint32_t wOffset, QString *error) {
    const int block = kernelBlockValues(type);
    if (K == 0 || K % uint32_t(block) != 0) {
        return fail(error, QStringLiteral("%1: K = %2 is not a positive multiple of %3")
                               .arg(name)
                               .arg(K)
                               .arg(block));
    }
    const qint64 minRow = weightRowBytes(type, K);
    const uint32_t rowAlign = weightRowAlign(type);
    if (qint64(rowBytes) < minRow || rowBytes % rowAlign != 0 || wOffset % 4 != 0) {
        return fail(error, QStringLiteral("%1: rowBytes %2 (minimum %3, multiple of %4) / offset "
                                          "%5 (multiple of 4) invalid")
                               .arg(name)
                               .arg(rowBytes)
                               .arg(minRow)
                               .arg(rowAlign)
                               .arg(wOffset));
    }
    return true;
}

// K values per slice when K is cut into (at most) `splits` slices: whole K steps.
uint32_t sliceValues(uint32_t K, uint32_t splits) {
    const uint32_t per = (K + splits - 1) / splits;
    return (per + kKStep - 1) / kKStep * kKStep;
}

// The split-K choice for a product recorded by `b`, y on storage binding `yIndex` (index 0 is
// the first storage binding): p.splits / p.kSlice / p.partOffset filled in (0 = no split).
// `inputs`: byte ranges the product reads, which the scratch must not overlap.
bool planSplit(const Bindings &b, int yIndex, MatMulParams &p, const MatMulSplit *split,
               std::initializer_list<ByteRange> inputs, MatMulTile tile, uint32_t target,
               QString *error) {
    const QString name = b.kernel().name();
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    uint32_t splits = 1;
    if (split) {
        const auto sameAsY = [&](int i) {
            return split->reduce->boundBuffer(i) == b.boundBuffer(yIndex) &&
                   split->reduce->boundOffset(i) == b.boundOffset(yIndex) &&
                   split->reduce->boundBytes(i) == b.boundBytes(yIndex);
        };
        if (!split->reduce || split->reduce->kernel().id() != KernelId::MatMulReduce ||
            !sameAsY(0) || !sameAsY(1)) {
            return fail(error, QStringLiteral("%1: the split-K reduction must be a matmul_reduce "
                                              "kernel with both bindings on the matmul's y range")
                                   .arg(name));
        }
        if (!fits(b, yIndex, "the split-K scratch", split->scratchOffset, split->scratchFloats, 4,
                  error)) {
            return false;
        }
        const ByteRange scratch = bytesOf(b, yIndex, split->scratchOffset, split->scratchFloats);
        bool hitsX = false;
        for (const ByteRange &in : inputs)
            hitsX = hitsX || overlap(scratch, in);
        const bool hitsY = overlap(
            scratch,
            bytesOf(b, yIndex, p.yOffset, spanOf(p.yOffset, p.yStride, p.M, p.N) - p.yOffset));
        if (hitsX || hitsY) {
            return fail(error, QStringLiteral("%1: the split-K scratch overlaps %2")
                                   .arg(name, QLatin1String(hitsY ? "y" : "x")));
        }
        splits = split->splits ? std::min(split->splits, (p.K + kKStep - 1) / kKStep)
                               : matMulSplitCount(p.K, p.N, p.M, target, tile);
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
    return true;
}

// One workgroup per tile (and K-slice), up to the dispatch limit per axis (beyond it the
// workgroups loop over further tiles); then the split-K reduction. `mAlongX`: the grid's x axis
// runs over column tiles (matmul_staged) instead of row tiles (matmul).
void dispatchProduct(ComputeBatch &batch, const Bindings &b, MatMulParams &p,
                     const MatMulSplit *split, MatMulTile tile, bool mAlongX) {
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    const uint32_t tilesN = (p.N + tile.n - 1) / tile.n;
    const uint32_t tilesM = (p.M + tile.m - 1) / tile.m;
    p.tilesN = std::clamp<uint32_t>(tilesN, 1, limit);
    p.tilesM = std::clamp<uint32_t>(tilesM, 1, limit);
    const int z = int(std::max<uint32_t>(p.splits, 1));
    if (mAlongX) {
        batch.dispatch(b, p, int(p.tilesM), int(p.tilesN), z);
    } else {
        batch.dispatch(b, p, int(p.tilesN), int(p.tilesM), z);
    }
    if (p.splits >= 2) {
        // The reduction: 256 outputs of one column per workgroup.
        MatMulParams r = p;
        r.tilesN = std::clamp<uint32_t>((p.N + 255) / 256, 1, limit);
        r.tilesM = std::clamp<uint32_t>(p.M, 1, limit);
        batch.dispatch(*split->reduce, r, int(r.tilesN), int(r.tilesM));
    }
}

// Workgroups for a grid-stride pass over `items` items, 256 per workgroup.
uint32_t passGroups(const Bindings &b, uint64_t items) {
    const auto limit = uint64_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    return uint32_t(std::clamp<uint64_t>((items + 255) / 256, 1, limit));
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
    if (!checkWeightRows(name, *type, p.K, p.rowBytes, p.wOffset, error)) return false;
    const qint64 minRow = weightRowBytes(*type, p.K);
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
    const MatMulTile tile = matMulTile(b.kernel());
    const ByteRange x =
        bytesOf(b, 1, p.xOffset, spanOf(p.xOffset, p.xStride, p.M, p.K) - p.xOffset);
    const ByteRange x2 =
        mode == MatInputMode::Geglu
            ? bytesOf(b, 1, p.x2Offset, spanOf(p.x2Offset, p.x2Stride, p.M, p.K) - p.x2Offset)
            : ByteRange{nullptr, 0, 0};
    if (!planSplit(b, 2, p, split, {x, x2}, tile, matMulSplitTarget(b.kernel().context()), error))
        return false;
    dispatchProduct(batch, b, p, split, tile, false);
    return true;
}

uint32_t matMulStagedPadK(uint32_t K) {
    return (K + kKStep - 1) / kKStep * kKStep;
}

uint32_t matMulStagedPadRows(uint32_t rows) {
    return (rows + kMatMulStagedTile - 1) / kMatMulStagedTile * kMatMulStagedTile;
}

uint64_t matMulStagedStagingUvec4s(uint32_t rows, uint32_t K) {
    return uint64_t(matMulStagedPadRows(rows)) * matMulStagedPadK(K) / 8;
}

bool recordDequantF16(ComputeBatch &batch, const Bindings &b, DequantF16Params p, QString *error) {
    const QString name = b.kernel().name();
    const auto type = kernelWeightType(b.kernel().id());
    if (kernelFamily(b.kernel().id()) != KernelFamily::DequantF16 || !type)
        return fail(error, QStringLiteral("%1 is not a dequant_f16 kernel").arg(name));
    if (!checkWeightRows(name, *type, p.K, p.rowBytes, p.wOffset, error)) return false;
    const qint64 minRow = weightRowBytes(*type, p.K);
    if (p.transposed != 0) {
        if (p.kPad < p.N || p.kPad % 32 != 0 || p.rows < p.K || p.rows % 16 != 0) {
            return fail(error, QStringLiteral("%1: %2 x %3 transposed rows cannot hold %4 x %5 "
                                              "values (rows a multiple of 16)")
                                   .arg(name)
                                   .arg(p.rows)
                                   .arg(p.kPad)
                                   .arg(p.K)
                                   .arg(p.N));
        }
        if (p.rows == 0) return true;
        if ((p.N > 0 && !fits(b, 0, "the weight rows", p.wOffset,
                              qint64(p.N - 1) * p.rowBytes + minRow + 4, 1, error)) ||
            !fits(b, 1, "the f16 rows", p.yOffset, qint64(p.rows) * p.kPad / 8, 16, error)) {
            return false;
        }
        p.groups = passGroups(b, uint64_t(p.rows / 16) * (p.kPad / 8));
        batch.dispatch(b, p, int(p.groups));
        return true;
    }
    if (p.kPad < p.K || p.kPad % 32 != 0 || p.rows < p.N) {
        return fail(error, QStringLiteral("%1: %2 x %3 output rows cannot hold %4 x %5 values")
                               .arg(name)
                               .arg(p.rows)
                               .arg(p.kPad)
                               .arg(p.N)
                               .arg(p.K));
    }
    if (p.rows == 0) return true;
    // + 4: the weight reader fetches one word past the last byte it decodes.
    if ((p.N > 0 && !fits(b, 0, "the weight rows", p.wOffset,
                          qint64(p.N - 1) * p.rowBytes + minRow + 4, 1, error)) ||
        !fits(b, 1, "the f16 rows", p.yOffset, qint64(p.rows) * p.kPad / 8, 16, error)) {
        return false;
    }
    p.groups = passGroups(b, uint64_t(p.rows) * (p.kPad / 16));
    batch.dispatch(b, p, int(p.groups));
    return true;
}

bool recordConvertF16(ComputeBatch &batch, const Bindings &b, ConvertF16Params p, QString *error) {
    const QString name = b.kernel().name();
    if (b.kernel().id() != KernelId::ConvertF16)
        return fail(error, QStringLiteral("%1 is not the convert_f16 kernel").arg(name));
    const auto mode = MatInputMode(p.inputMode);
    if (mode != MatInputMode::Plain && mode != MatInputMode::Geglu)
        return fail(error, QStringLiteral("%1: unknown input mode %2").arg(name).arg(p.inputMode));
    if (p.K == 0 || p.K % 4 != 0 || p.kPad < p.K || p.kPad % 32 != 0 || p.cols < p.M) {
        return fail(error, QStringLiteral("%1: %2 x %3 output columns cannot hold %4 x %5 values "
                                          "(K a multiple of 4)")
                               .arg(name)
                               .arg(p.cols)
                               .arg(p.kPad)
                               .arg(p.M)
                               .arg(p.K));
    }
    if (p.cols == 0) return true;
    if (!fits(b, 0, "x", 0, spanOf(p.xOffset, p.xStride, p.M, p.K), 4, error) ||
        (mode == MatInputMode::Geglu &&
         !fits(b, 0, "x2", 0, spanOf(p.x2Offset, p.x2Stride, p.M, p.K), 4, error)) ||
        !fits(b, 1, "the f16 columns", p.yOffset, qint64(p.cols) * p.kPad / 8, 16, error)) {
        return false;
    }
    p.groups = passGroups(b, uint64_t(p.cols) * (p.kPad / 8));
    batch.dispatch(b, p, int(p.groups));
    return true;
}

bool recordMatMulStaged(ComputeBatch &batch, const Bindings &b, MatMulParams p, QString *error,
                        const MatMulSplit *split, uint32_t splitTarget) {
    const QString name = b.kernel().name();
    if (b.kernel().id() != KernelId::MatMulStaged)
        return fail(error, QStringLiteral("%1 is not the matmul_staged kernel").arg(name));
    if (p.K == 0 || p.K % kKStep != 0) {
        return fail(error, QStringLiteral("%1: K = %2 is not a positive multiple of %3")
                               .arg(name)
                               .arg(p.K)
                               .arg(kKStep));
    }
    if (p.N == 0 || p.M == 0) return true;  // nothing to compute
    const qint64 rowUv = p.K / 8;
    if (!fits(b, 0, "the f16 weight rows", p.wOffset, qint64(matMulStagedPadRows(p.N)) * rowUv, 16,
              error) ||
        !fits(b, 0, "the f16 input columns", p.xOffset, qint64(matMulStagedPadRows(p.M)) * rowUv,
              16, error) ||
        !fits(b, 1, "y", 0, spanOf(p.yOffset, p.yStride, p.M, p.N), 4, error)) {
        return false;
    }
    if (p.M > 1 && p.yStride < p.N) {
        return fail(error, QStringLiteral("%1: y stride %2 is shorter than a column (%3)")
                               .arg(name)
                               .arg(p.yStride)
                               .arg(p.N));
    }
    const MatMulTile tile = b.kernel().tensorCores()
                                ? MatMulTile{kMatMulStagedTile, kMatMulStagedTile}
                                : MatMulTile{kMatMulTile, kMatMulTile};
    const ByteRange staging{b.boundBuffer(0), b.boundOffset(0), b.boundOffset(0) + b.boundBytes(0)};
    if (!planSplit(b, 1, p, split, {staging}, tile,
                   splitTarget ? splitTarget : kMatMulStagedSplitTarget, error))
        return false;
    dispatchProduct(batch, b, p, split, tile, true);
    return true;
}

}  // namespace facet::gpu
