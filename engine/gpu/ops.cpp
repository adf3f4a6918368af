// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/ops.h"

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/record_checks.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace facet::gpu {

namespace {

// shaders/matvec.comp: rows per team (MV_R), teams of a workgroup (128 invocations in teams of
// 32: the portable kernel's teams, and the subgroups on NVIDIA), and the row counts under which
// a workgroup's 128 invocations share MV_R rows instead (split modes), under the old and the new
// policy (matVecWorkSplit). The kernel loops over row groups, so the grid only has to be about
// right: with other subgroup sizes a workgroup covers more or fewer rows than assumed here, and
// surplus workgroups find no rows.
constexpr uint32_t kMatVecRows = 4;
constexpr uint32_t kMatVecTeams = 4;
constexpr uint32_t kMatVecSplitRowsOneUnit = 8192;
// Measured on an H200: rows mode beats split mode at 1536 x 6144 (23.7 vs 27.7 us) and loses at
// 1536 x 2048 (see shaders/matvec.comp).
constexpr uint32_t kMatVecSplitRowsTwoUnits = 4096;

using detail::fail;

// Workgroups along x for `rows` rows: one each, up to the device limit.
int groupsFor(const Bindings &b, uint32_t rows) {
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    return int(std::clamp<uint32_t>(rows, 1, limit));
}

// Checks the weight-side parameters shared by matvec and get_rows.
bool checkWeight(const Bindings &b, uint32_t K, uint32_t rowBytes, uint32_t wOffset,
                 QString *error) {
    const auto type = kernelWeightType(b.kernel().id());
    if (!type)
        return fail(error, QStringLiteral("%1 is not a weight kernel").arg(b.kernel().name()));
    const int block = kernelBlockValues(*type);
    if (K == 0 || K % uint32_t(block) != 0) {
        return fail(error, QStringLiteral("%1: K = %2 is not a positive multiple of %3")
                               .arg(b.kernel().name())
                               .arg(K)
                               .arg(block));
    }
    const qint64 minRow = weightRowBytes(*type, K);
    if (qint64(rowBytes) < minRow || wOffset % 4 != 0) {
        return fail(error, QStringLiteral("%1: rowBytes %2 (minimum %3) / offset %4 (multiple of "
                                          "4) invalid")
                               .arg(b.kernel().name())
                               .arg(rowBytes)
                               .arg(minRow)
                               .arg(wOffset));
    }
    return true;
}

// Checks that elements [first, first + count) of 4-byte elements fit storage binding `index`,
// or for raw bytes (elementBytes 1) bytes [first, first + count).
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

// Element-wise kernels: invocations per workgroup (local_size_x of geglu/elementwise.comp and
// lora_dropout.comp).
constexpr uint32_t kElementwiseGroup = 256;

// The grid of a flattened element-wise kernel over `total` elements: workgroups along x (up to
// the device limit) and the grid-stride step they loop with; false if the indices could wrap.
bool elementwiseGrid(const Bindings &b, qint64 total, int *gx, uint32_t *step, QString *error) {
    const auto limit = qint64(b.kernel().context().info().maxWorkgroupsPerDimension);
    const qint64 groups =
        std::clamp<qint64>((total + kElementwiseGroup - 1) / kElementwiseGroup, 1, limit);
    const qint64 s = groups * kElementwiseGroup;
    if (total + s > qint64(UINT32_MAX)) {
        return fail(error, QStringLiteral("%1: %2 elements exceed the 32-bit index range")
                               .arg(b.kernel().name())
                               .arg(total));
    }
    *gx = int(groups);
    *step = uint32_t(s);
    return true;
}

using detail::isKernel;

// Runs i = 0 .. count-1 of aLen elements at aOffset + i * aStride against as many runs of bLen
// elements at bOffset + j * bStride: whether any run of the one meets any run of the other
// (exact, so interleaved column layouts pass).
bool runsOverlap(qint64 aOffset, qint64 aStride, qint64 aLen, qint64 bOffset, qint64 bStride,
                 qint64 bLen, qint64 count) {
    if (count == 0 || aLen == 0 || bLen == 0) return false;
    if (spanOf(aOffset, aStride, count, aLen) <= bOffset ||
        spanOf(bOffset, bStride, count, bLen) <= aOffset)
        return false;
    auto floorDiv = [](qint64 x, qint64 d) { return x >= 0 ? x / d : -((-x + d - 1) / d); };
    for (qint64 i = 0; i < count; ++i) {
        const qint64 a = aOffset + i * aStride;
        // Run j of b meets [a, a + aLen) iff a - bLen < bOffset + j * bStride < a + aLen.
        if (bStride == 0 || count == 1) {
            if (bOffset > a - bLen && bOffset < a + aLen) return true;
            continue;
        }
        const qint64 lo = std::max<qint64>(floorDiv(a - bLen - bOffset, bStride) + 1, 0);
        const qint64 hi =
            std::min<qint64>(-floorDiv(-(a + aLen - bOffset), bStride) - 1, count - 1);
        if (lo <= hi) return true;
    }
    return false;
}

// MatInputMode::AddNorm: the shape and value checks that need no column count.
bool checkAddNorm(const Bindings &b, const MatVecParams &p, QString *error) {
    const QString name = b.kernel().name();
    if (p.K > kMatVecAddNormMaxK) {
        return fail(error, QStringLiteral("%1: the fused residual add and norm takes rows of at "
                                          "most %2 values (K = %3); record add_rmsnorm and a plain "
                                          "mat-vec instead")
                               .arg(name)
                               .arg(kMatVecAddNormMaxK)
                               .arg(p.K));
    }
    if (!std::isfinite(p.normScale) || !std::isfinite(p.normEps) || p.normEps < 0.0f) {
        return fail(error, QStringLiteral("%1: norm scale %2 / epsilon %3 must be finite (epsilon "
                                          ">= 0)")
                               .arg(name)
                               .arg(p.normScale)
                               .arg(p.normEps));
    }
    if (!fits(b, 3, "the first norm weight", p.n1Offset, p.K, 4, error)) return false;
    if (p.n2Offset != MatVecParams::kNoSecondNorm &&
        !fits(b, 3, "the second norm weight", p.n2Offset, p.K, 4, error)) {
        return false;
    }
    return true;
}

// MatInputMode::AddNorm: the residual written by workgroup (0, m) must fit the output binding and
// meet neither x, x2 (read by every workgroup while it is written) nor y (written by the others)
// nor itself across columns. Ranges in different bindings can only meet when both bindings view
// the same buffer; they are compared in bytes of that buffer.
bool checkAddNormRanges(const Bindings &b, const MatVecParams &p, uint32_t columns, qint64 yLen,
                        QString *error) {
    const QString name = b.kernel().name();
    if (!fits(b, 2, "the residual output", 0, spanOf(p.rOutOffset, p.rOutStride, columns, p.K), 4,
              error)) {
        return false;
    }
    const qint64 K = p.K;
    if (columns > 1 && qint64(p.rOutStride) < K) {
        return fail(error, QStringLiteral("%1: the residual output's columns overlap (stride %2 "
                                          "< K = %3)")
                               .arg(name)
                               .arg(p.rOutStride)
                               .arg(K));
    }
    struct Range {
        const char *what;
        int binding;
        qint64 offset, stride, len;
    };
    const Range others[] = {{"x", 1, p.xOffset, p.xStride, K},
                            {"x2", 1, p.x2Offset, p.x2Stride, K},
                            {"y", 2, p.yOffset, p.yStride, yLen}};
    for (const Range &o : others) {
        if (b.boundBuffer(o.binding) != b.boundBuffer(2)) continue;
        // Float offsets in bytes of the shared buffer (views may start at different offsets).
        const qint64 rStart = b.boundOffset(2) + qint64(p.rOutOffset) * 4;
        const qint64 oStart = b.boundOffset(o.binding) + o.offset * 4;
        if (runsOverlap(rStart, qint64(p.rOutStride) * 4, K * 4, oStart, o.stride * 4, o.len * 4,
                        columns)) {
            return fail(error, QStringLiteral("%1: the residual output (float offset %2, stride "
                                              "%3) overlaps %4 (offset %5, stride %6); write the "
                                              "residual to another slot")
                                   .arg(name)
                                   .arg(p.rOutOffset)
                                   .arg(p.rOutStride)
                                   .arg(QLatin1String(o.what))
                                   .arg(o.offset)
                                   .arg(o.stride));
        }
    }
    return true;
}

}  // namespace

std::optional<MatVecSplitPolicy> parseMatVecSplitPolicy(QStringView text) {
    if (text.compare(QLatin1String("one"), Qt::CaseInsensitive) == 0)
        return MatVecSplitPolicy::OneUnit;
    if (text.compare(QLatin1String("two"), Qt::CaseInsensitive) == 0)
        return MatVecSplitPolicy::TwoUnits;
    if (text.compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0)
        return MatVecSplitPolicy::Auto;
    if (text.compare(QLatin1String("rows"), Qt::CaseInsensitive) == 0)
        return MatVecSplitPolicy::Rows;
    return std::nullopt;
}

MatVecWorkSplit matVecWorkSplit(uint32_t N, bool softwareDevice, MatVecSplitPolicy policy) {
    if (policy == MatVecSplitPolicy::Auto)
        policy = softwareDevice ? MatVecSplitPolicy::Rows : MatVecSplitPolicy::OneUnit;
    if (policy == MatVecSplitPolicy::OneUnit)
        return N >= kMatVecSplitRowsOneUnit ? MatVecWorkSplit::Rows : MatVecWorkSplit::Split;
    if (policy == MatVecSplitPolicy::Rows) return MatVecWorkSplit::Rows;
    return N >= kMatVecSplitRowsTwoUnits ? MatVecWorkSplit::Rows : MatVecWorkSplit::SplitTwoUnits;
}

MatVecWorkSplit matVecWorkSplit(const GpuContext &ctx, uint32_t N) {
    return matVecWorkSplit(N, ctx.info().softwareDevice, ctx.matVecSplitPolicy());
}

qint64 weightRowBytes(gguf::TensorType type, qint64 K) {
    const auto traits = gguf::typeTraits(type);
    if (!traits || K < 0 || K % traits->blockSize != 0) return 0;
    return K / traits->blockSize * traits->bytesPerBlock;
}

namespace {

// What recordMatVec and recordMatVecGegluQ8 both check: the weights, the input mode and x
// (Q8A columns for the integer-dot kernels, float columns otherwise and for the GeGLU kernels'
// AddNorm prologue), and that `yLen` floats per column of y, x2 and the AddNorm residual fit and
// do not meet. True with nothing to record when N or columns is 0.
bool checkMatVec(const Bindings &b, const MatVecParams &p, uint32_t columns, qint64 yLen,
                 QString *error) {
    if (!checkWeight(b, p.K, p.rowBytes, p.wOffset, error)) return false;
    const auto mode = MatInputMode(p.inputMode);
    if (mode != MatInputMode::Plain && mode != MatInputMode::Geglu &&
        mode != MatInputMode::AddNorm) {
        return fail(
            error,
            QStringLiteral("%1: unknown input mode %2").arg(b.kernel().name()).arg(p.inputMode));
    }
    if (mode == MatInputMode::AddNorm && !checkAddNorm(b, p, error)) return false;
    const KernelId id = b.kernel().id();
    const bool geglu = kernelFamily(id) == KernelFamily::MatVecDotGeglu;
    const bool dot = geglu || kernelFamily(id) == KernelFamily::MatVecDot;
    // The GeGLU-into-Q8A kernels also take AddNorm (their prologue quantises the formed input):
    // float columns of b and res, at multiples of 4 floats like Q8A columns.
    const bool addNormQ8 = geglu && mode == MatInputMode::AddNorm;
    const auto aligned4 = [columns](uint32_t offset, uint32_t stride) {
        return offset % 4 == 0 && (columns <= 1 || stride % 4 == 0);
    };
    const bool inputOk = !dot || (mode == MatInputMode::Plain && aligned4(p.xOffset, p.xStride)) ||
                         (addNormQ8 && p.K % 32 == 0 && aligned4(p.xOffset, p.xStride) &&
                          aligned4(p.x2Offset, p.x2Stride));
    if (!inputOk) {
        return fail(error, QStringLiteral("%1: x must be plain Q8A columns at multiples of 4 "
                                          "floats (offset %2, stride %3, input mode %4)")
                               .arg(b.kernel().name())
                               .arg(p.xOffset)
                               .arg(p.xStride)
                               .arg(p.inputMode));
    }
    if (p.N == 0 || columns == 0) return true;  // nothing to compute
    const qint64 weightBytes =
        qint64(p.N - 1) * p.rowBytes + weightRowBytes(*kernelWeightType(id), p.K);
    // + 4: the weight reader fetches up to one word past the last byte it decodes.
    if (!fits(b, 0, "the weight rows", p.wOffset, weightBytes + 4, 1, error) ||
        !fits(b, 1, "x", 0,
              spanOf(p.xOffset, p.xStride, columns, dot && !addNormQ8 ? q8aFloats(p.K) : p.K), 4,
              error) ||
        !fits(b, 2, "y", 0, spanOf(p.yOffset, p.yStride, columns, yLen), 4, error)) {
        return false;
    }
    if (mode != MatInputMode::Plain &&
        !fits(b, 1, "x2", 0, spanOf(p.x2Offset, p.x2Stride, columns, p.K), 4, error)) {
        return false;
    }
    if (mode == MatInputMode::AddNorm && !checkAddNormRanges(b, p, columns, yLen, error))
        return false;
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    if (columns > limit) {
        return fail(error, QStringLiteral("matvec over %1 columns exceeds the dispatch limit %2")
                               .arg(columns)
                               .arg(limit));
    }
    return true;
}

}  // namespace

bool recordMatVec(ComputeBatch &batch, const Bindings &b, MatVecParams p, uint32_t columns,
                  QString *error) {
    if (!checkMatVec(b, p, columns, p.N, error)) return false;
    if (p.N == 0 || columns == 0) return true;  // nothing to compute
    // One workgroup per row group, up to the dispatch limit (beyond it, e.g. the 262144-row
    // output head, workgroups loop over further row groups).
    const KernelId id = b.kernel().id();
    const MatVecWorkSplit split = matVecWorkSplit(b.kernel().context(), p.N);
    // (The Q4_K / Q5_K integer-dot kernels have teams of 16 invocations, 8 per workgroup:
    // matvec.comp, MV_HALF_TEAMS.)
    const bool halfTeams = id == KernelId::MatVecDotQ4_K || id == KernelId::MatVecDotQ5_K;
    const uint32_t rowsPerGroup = split == MatVecWorkSplit::Rows
                                      ? kMatVecRows * kMatVecTeams * (halfTeams ? 2 : 1)
                                      : kMatVecRows;
    const int gx = groupsFor(b, (p.N + rowsPerGroup - 1) / rowsPerGroup);
    p.rowStep = uint32_t(gx);
    p.workSplit = uint32_t(split);
    batch.dispatch(b, p, gx, int(columns));
    return true;
}

bool recordMatVecGegluQ8(ComputeBatch &batch, const Bindings &b, MatVecParams p, uint32_t columns,
                         QString *error) {
    const KernelId id = b.kernel().id();
    if (kernelFamily(id) != KernelFamily::MatVecDotGeglu)
        return fail(error,
                    QStringLiteral("%1 is not a matvec_dot_geglu kernel").arg(b.kernel().name()));
    const uint32_t F = p.N / 2;
    if (p.N % 2 != 0 || F == 0 || F % 32 != 0 || p.accumulate != 0 || p.yOffset % 4 != 0 ||
        (columns > 1 && (p.yStride % 4 != 0 || p.yStride < q8aFloats(F)))) {
        return fail(error, QStringLiteral("%1: the GeGLU-into-Q8A mode needs gate|up rows (2F, F "
                                          "a multiple of 32; here N = %2), no accumulation and "
                                          "Q8A output columns at multiples of 4 floats")
                               .arg(b.kernel().name())
                               .arg(p.N));
    }
    // y: the Q8A of h, q8aFloats(F) floats per column.
    if (!checkMatVec(b, p, columns, q8aFloats(F), error)) return false;
    if (columns == 0) return true;
    const int gx = groupsFor(b, F / 32);
    p.rowStep = uint32_t(gx);
    p.workSplit = uint32_t(MatVecWorkSplit::GegluQ8);
    batch.dispatch(b, p, gx, int(columns));
    return true;
}

bool recordQuantizeQ8(ComputeBatch &batch, const Bindings &b, QuantizeQ8Params p, QString *error) {
    if (!isKernel(b, KernelId::QuantizeQ8, "quantize_q8", error)) return false;
    const bool aligned =
        p.xOffset % 4 == 0 && p.yOffset % 4 == 0 &&
        (p.columns <= 1 || (p.xStride % 4 == 0 && p.yStride % 4 == 0)) &&
        (p.inputMode == 0 || (p.x2Offset % 4 == 0 && (p.columns <= 1 || p.x2Stride % 4 == 0)));
    if (p.K == 0 || p.K % 32 != 0 || p.inputMode > 1 || !aligned ||
        (p.columns > 1 && p.yStride < q8aFloats(p.K))) {
        return fail(error, QStringLiteral("quantize_q8: K = %1 must be a positive multiple of "
                                          "32, offsets and strides multiples of 4 floats, the "
                                          "output stride at least %2, input mode 0 or 1 (%3)")
                               .arg(p.K)
                               .arg(q8aFloats(p.K))
                               .arg(p.inputMode));
    }
    if (p.columns == 0) return true;
    if (!fits(b, 0, "x", 0, spanOf(p.xOffset, p.xStride, p.columns, p.K), 4, error) ||
        (p.inputMode == 1 &&
         !fits(b, 0, "x2", 0, spanOf(p.x2Offset, p.x2Stride, p.columns, p.K), 4, error)) ||
        !fits(b, 1, "y", 0, spanOf(p.yOffset, p.yStride, p.columns, q8aFloats(p.K)), 4, error)) {
        return false;
    }
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    if (p.columns > limit) {
        return fail(error, QStringLiteral("quantize_q8 over %1 columns exceeds the dispatch "
                                          "limit %2")
                               .arg(p.columns)
                               .arg(limit));
    }
    // One invocation per block of 32 values, 64 per workgroup.
    batch.dispatch(b, p, int((p.K / 32 + 63) / 64), int(p.columns));
    return true;
}

bool recordGetRows(ComputeBatch &batch, const Bindings &b, GetRowsParams p, QString *error) {
    if (!checkWeight(b, p.K, p.rowBytes, p.wOffset, error)) return false;
    if (p.rows == 0) return true;
    const qint64 weightBytes = p.wRows == 0
                                   ? 0
                                   : qint64(p.wRows - 1) * p.rowBytes +
                                         weightRowBytes(*kernelWeightType(b.kernel().id()), p.K);
    if (!fits(b, 0, "the weight rows", p.wOffset, weightBytes + 4, 1, error) ||
        !fits(b, 1, "ids", p.idsOffset, p.rows, 4, error) ||
        !fits(b, 2, "y", 0, spanOf(p.yOffset, p.yStride, p.rows, p.K), 4, error)) {
        return false;
    }
    const int gx = groupsFor(b, p.rows);
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordRmsNorm(ComputeBatch &batch, const Bindings &b, RmsNormParams p, QString *error) {
    if (b.kernel().id() != KernelId::RmsNorm) {
        return fail(error, QStringLiteral("%1 is not the rmsnorm kernel").arg(b.kernel().name()));
    }
    if (p.n == 0) return fail(error, QStringLiteral("rmsnorm over rows of 0 values"));
    if (p.rows == 0) return true;
    if (!fits(b, 0, "x", 0, spanOf(p.xOffset, p.xStride, p.rows, p.n), 4, error) ||
        (p.weighted && !fits(b, 1, "w", p.wOffset, p.n, 4, error)) ||
        !fits(b, 2, "y", 0, spanOf(p.yOffset, p.yStride, p.rows, p.n), 4, error)) {
        return false;
    }
    const int gx = groupsFor(b, p.rows);
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordRmsNormBackward(ComputeBatch &batch, const Bindings &b, RmsNormBackwardParams p,
                           QString *error) {
    if (!isKernel(b, KernelId::RmsNormBackward, "rmsnorm_backward", error)) return false;
    if (p.n == 0) return fail(error, QStringLiteral("rmsnorm_backward over rows of 0 values"));
    if (!(p.eps >= 0) || !std::isfinite(p.eps))
        return fail(error, QStringLiteral("rmsnorm_backward: eps must be a number >= 0"));
    if (p.rows == 0) return true;
    const qint64 xEnd = spanOf(p.xOffset, p.xStride, p.rows, p.n);
    const qint64 yEnd = spanOf(p.dyOffset, p.dyStride, p.rows, p.n);
    const qint64 dEnd = spanOf(p.dxOffset, p.dxStride, p.rows, p.n);
    const bool inPlace = p.dxOffset == p.dyOffset && p.dxStride == p.dyStride;
    if ((qint64(p.dxOffset) < xEnd && qint64(p.xOffset) < dEnd) ||
        (!inPlace && qint64(p.dxOffset) < yEnd && qint64(p.dyOffset) < dEnd))
        return fail(error, QStringLiteral("rmsnorm_backward: dx overlaps its inputs"));
    if (!fits(b, 0, "x", 0, xEnd, 4, error) || !fits(b, 0, "dy", 0, yEnd, 4, error) ||
        !fits(b, 0, "dx", 0, dEnd, 4, error) ||
        (p.weighted && !fits(b, 1, "w", p.wOffset, p.n, 4, error)))
        return false;
    const int gx = groupsFor(b, p.rows);
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordGegluBackward(ComputeBatch &batch, const Bindings &b, GegluBackwardParams p,
                         QString *error) {
    if (!isKernel(b, KernelId::GegluBackward, "geglu_backward", error)) return false;
    if (p.F == 0 || p.rows == 0) return true;
    const qint64 guEnd = spanOf(p.guOffset, p.guStride, p.rows, qint64(p.F) * 2);
    const qint64 dEnd = spanOf(p.dOffset, p.dStride, p.rows, p.F);
    const qint64 oEnd = spanOf(p.dguOffset, p.dguStride, p.rows, qint64(p.F) * 2);
    if ((qint64(p.dguOffset) < guEnd && qint64(p.guOffset) < oEnd) ||
        (qint64(p.dguOffset) < dEnd && qint64(p.dOffset) < oEnd))
        return fail(error, QStringLiteral("geglu_backward: the gradients overlap the inputs"));
    if (!fits(b, 0, "gate|up", 0, guEnd, 4, error) || !fits(b, 0, "dOut", 0, dEnd, 4, error) ||
        !fits(b, 0, "dGate|dUp", 0, oEnd, 4, error))
        return false;
    const uint64_t total = uint64_t(p.F) * p.rows;
    if (total > 0xFFFFFFFFull)
        return fail(error, QStringLiteral("geglu_backward: too many elements in one call"));
    const int gx = groupsFor(b, uint32_t((total + 255) / 256));
    p.groupStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

namespace {
// gemm or gemm_tensor (the same product and parameters).
bool isGemmKernel(const Bindings &b, const char *what, QString *error) {
    return b.kernel().id() == KernelId::GemmTensor || isKernel(b, KernelId::Gemm, what, error);
}

// The head geometry and scale every attention training path needs.
bool checkAttentionShape(const AttentionBackwardParams &p, const char *what, QString *error) {
    if (p.heads == 0 || p.kvHeads == 0 || p.heads % p.kvHeads != 0) {
        return fail(error, QStringLiteral("%1: heads %2 is not a positive multiple of kvHeads %3")
                               .arg(QLatin1String(what))
                               .arg(p.heads)
                               .arg(p.kvHeads));
    }
    if (p.headDim == 0 || p.headDim % 4 != 0 || p.headDim > kAttentionBackwardMaxHeadDim) {
        return fail(error, QStringLiteral("%1: head dim %2 is not a multiple of 4 in 4..%3")
                               .arg(QLatin1String(what))
                               .arg(p.headDim)
                               .arg(kAttentionBackwardMaxHeadDim));
    }
    if (!std::isfinite(p.scale))
        return fail(error,
                    QStringLiteral("%1: the scale is not a number").arg(QLatin1String(what)));
    return true;
}

// The operand checks both attention backward paths share (binding 0 of `b` holds them all):
// `scratchFloats` the scratch region's length.
bool checkAttentionBackward(const Bindings &b, const AttentionBackwardParams &p,
                            qint64 scratchFloats, QString *error) {
    if (!checkAttentionShape(p, "attention_backward", error)) return false;
    const qint64 T = p.tokens, D = p.headDim;
    const qint64 qLen = qint64(p.heads) * D, kvLen = qint64(p.kvHeads) * D;
    struct Range {
        const char *name;
        qint64 offset, stride, len, count;
    };
    // The scratch region is one run of 2·T·heads floats.
    const Range inputs[] = {{"Q", p.qOffset, p.qStride, qLen, T},
                            {"K", p.kOffset, p.kStride, kvLen, T},
                            {"V", p.vOffset, p.vStride, kvLen, T},
                            {"O", p.oOffset, p.oStride, qLen, T},
                            {"dO", p.dOOffset, p.dOStride, qLen, T}};
    const Range outputs[] = {{"dQ", p.dqOffset, p.dqStride, qLen, T},
                             {"dK", p.dkOffset, p.dkStride, kvLen, T},
                             {"dV", p.dvOffset, p.dvStride, kvLen, T},
                             {"the scratch", p.scratchOffset, 0, scratchFloats, 1}};
    const auto checkRange = [&](const Range &r) {
        if (r.count > 1 && r.stride < r.len) {
            return fail(error, QStringLiteral("attention_backward: %1's row stride %2 is shorter "
                                              "than its row (%3)")
                                   .arg(QLatin1String(r.name))
                                   .arg(r.stride)
                                   .arg(r.len));
        }
        const qint64 end = spanOf(r.offset, r.stride, r.count, r.len);
        if (end > qint64(UINT32_MAX)) {  // the shader's float indices are 32-bit
            return fail(error, QStringLiteral("attention_backward: %1 reaches past float 2^32")
                                   .arg(QLatin1String(r.name)));
        }
        return fits(b, 0, r.name, 0, end, 4, error);
    };
    for (const Range &r : inputs) {
        if (!checkRange(r)) return false;
    }
    for (const Range &r : outputs) {
        if (!checkRange(r)) return false;
    }
    // Whether runs of a meet runs of b (a single run counts as T runs of stride 0 against T rows).
    const auto overlap = [&](const Range &a, const Range &o) {
        if (a.count == o.count)
            return runsOverlap(a.offset, a.stride, a.len, o.offset, o.stride, o.len, a.count);
        const Range &rows = a.count == 1 ? o : a, &one = a.count == 1 ? a : o;
        return runsOverlap(one.offset, 0, one.len, rows.offset, rows.stride, rows.len, rows.count);
    };
    for (size_t i = 0; i < std::size(outputs); ++i) {
        for (const Range &in : inputs) {
            if (overlap(outputs[i], in)) {
                return fail(error,
                            QStringLiteral("attention_backward: %1 overlaps %2")
                                .arg(QLatin1String(outputs[i].name), QLatin1String(in.name)));
            }
        }
        for (size_t k = i + 1; k < std::size(outputs); ++k) {
            if (overlap(outputs[i], outputs[k])) {
                return fail(error, QStringLiteral("attention_backward: %1 overlaps %2")
                                       .arg(QLatin1String(outputs[i].name),
                                            QLatin1String(outputs[k].name)));
            }
        }
    }
    return true;
}
}  // namespace

bool recordAttentionBackward(ComputeBatch &batch, const Bindings &b, AttentionBackwardParams p,
                             QString *error) {
    if (!isKernel(b, KernelId::AttentionBackward, "attention_backward", error)) return false;
    if (!checkAttentionBackward(b, p, 2 * qint64(p.tokens) * p.heads, error)) return false;
    if (p.tokens == 0) return true;
    const qint64 T = p.tokens;
    // The largest power-of-two tile <= 16 with tile·D <= 1024 (the shader's shared arrays).
    uint32_t tile = 16;
    while (tile > 1 && tile * p.headDim > 1024)
        tile /= 2;
    const qint64 blocks = (T + tile - 1) / tile;
    const auto limit = qint64(b.kernel().context().info().maxWorkgroupsPerDimension);
    if (blocks > limit || p.heads > limit) {
        return fail(error, QStringLiteral("attention_backward: %1 tokens x %2 heads exceed the "
                                          "dispatch limit %3")
                               .arg(T)
                               .arg(p.heads)
                               .arg(limit));
    }
    p.tile = tile;
    p.stage = 0;
    batch.dispatch(b, p, int(blocks), int(p.heads));
    p.stage = 1;
    batch.dispatch(b, p, int(blocks), int(p.kvHeads));
    return true;
}

namespace {
// Keys the block of query rows [q0, q0 + tq) sees: [k0, q0 + tq).
uint32_t blockFirstKey(uint32_t q0, uint32_t window) {
    return (window > 0 && q0 + 1 > window) ? q0 + 1 - window : 0;
}
// One block of the products' attention (KV head g, query rows q0 .. q0 + tq - 1, keys k0 ..
// k0 + nk - 1; G query heads a KV head).
struct ScoreBlock {
    uint32_t g, G, q0, tq, k0, nk;
};
// S[h][i][j] = scale·q_(q0+i)·k_(k0+j) for the G heads of the block, into `s` (rows nk apart,
// heads tq·nk apart); from `q` (Q's offset and stride: Q or dO) and `k` (K or V).
GemmParams scoreProduct(const AttentionBackwardParams &p, const ScoreBlock &sb, uint32_t q,
                        uint32_t qStride, uint32_t k, uint32_t kStride, uint32_t s, float scale) {
    GemmParams g;
    g.M = sb.tq;
    g.N = sb.nk;
    g.K = p.headDim;
    g.aOffset = q + sb.q0 * qStride + sb.g * sb.G * p.headDim;
    g.aRowStride = qStride;
    g.aColStride = 1;
    g.bOffset = k + sb.k0 * kStride + sb.g * p.headDim;
    g.bRowStride = 1;
    g.bColStride = kStride;
    g.cOffset = s;
    g.cRowStride = sb.nk;
    g.alpha = scale;
    g.batches = sb.G;
    g.aBatchStride = p.headDim;
    g.bBatchStride = 0;
    g.cBatchStride = sb.tq * sb.nk;
    // Tiles no query of the block sees stay zero (attention_rows reads only visible scores).
    g.maskMode = 1;
    g.maskQuery = sb.q0;
    g.maskKey = sb.k0;
    g.maskWindow = p.window;
    return g;
}
// The attention_rows pass over a block's G·tq score rows (mode 0 softmax in place over s, mode 1
// dS over d).
void recordRowPass(ComputeBatch &batch, const Bindings &rows, const AttentionBackwardParams &p,
                   const ScoreBlock &sb, uint32_t mode, uint32_t s, uint32_t d) {
    const auto limit = qint64(rows.kernel().context().info().maxWorkgroupsPerDimension);
    AttentionRowsParams r;
    r.rows = sb.G * sb.tq;
    r.cols = sb.nk;
    r.sOffset = s;
    r.dOffset = d;
    r.blockRows = sb.tq;
    r.queryBase = sb.q0;
    r.keyBase = sb.k0;
    r.window = p.window;
    r.mode = mode;
    r.rowStep = uint32_t(std::min<qint64>(r.rows, limit));
    batch.dispatch(rows, r, int(r.rowStep));
}
qint64 blockScoreFloats(uint32_t tokens, uint32_t tq, uint32_t groupHeads, uint32_t window) {
    // The widest block: the last one (it sees the most keys when causal; with a window every
    // block past the first sees tq + window - 1 at most).
    const uint32_t nk = window > 0 ? std::min<uint32_t>(tokens, tq + window - 1) : tokens;
    return 2 * qint64(groupHeads) * tq * nk;
}
}  // namespace

uint32_t attentionBackwardBlockRows(uint32_t tokens, uint32_t groupHeads, uint32_t window,
                                    qint64 scratchFloats) {
    if (tokens == 0) return 0;
    const qint64 room = scratchFloats / 4 * 3;
    // A windowed layer's block of tq rows sees tq + window - 1 keys of which each row uses at most
    // window: blocks of about the window keep the wasted scores to at most as many as the used.
    const uint32_t cap =
        (window > 0 && window < tokens) ? std::max(16u, (window + 15) / 16 * 16) : tokens;
    if (cap >= tokens && blockScoreFloats(tokens, tokens, groupHeads, window) <= room)
        return tokens;
    for (uint32_t tq = std::min(cap, (tokens - 1) / 16 * 16); tq >= 16; tq -= 16) {
        if (blockScoreFloats(tokens, tq, groupHeads, window) <= room) return tq;
    }
    return 0;
}

qint64 attentionBackwardProductsScratch(uint32_t tokens, uint32_t groupHeads, uint32_t window) {
    return (blockScoreFloats(tokens, tokens, groupHeads, window) + 2) / 3 * 4;
}

bool recordAttentionProducts(ComputeBatch &batch, const Bindings &qk, const Bindings &pv,
                             const Bindings &rows, const AttentionBackwardParams &p,
                             qint64 scratchFloats, QString *error) {
    const char *what = "attention (products)";
    if (!isGemmKernel(qk, what, error) || !isGemmKernel(pv, what, error) ||
        !isKernel(rows, KernelId::AttentionRows, "attention_rows", error) ||
        !checkAttentionShape(p, what, error))
        return false;
    // Q, S and O in act: the three kernels' act bindings are one range.
    for (const auto &[g, i] :
         {std::pair{&qk, 0}, std::pair{&qk, 2}, std::pair{&pv, 0}, std::pair{&pv, 2}}) {
        if (g->boundBuffer(i) != rows.boundBuffer(0) || g->boundOffset(i) != rows.boundOffset(0) ||
            g->boundBytes(i) != rows.boundBytes(0)) {
            return fail(error, QStringLiteral("attention (products): the gemms' first and third "
                                              "bindings must be the rows kernel's act range"));
        }
    }
    if (!fits(rows, 0, "the scratch", p.scratchOffset, scratchFloats, 4, error)) return false;
    if (p.tokens == 0) return true;
    const uint32_t T = p.tokens, D = p.headDim, G = p.heads / p.kvHeads;
    const uint32_t Tq = attentionBackwardBlockRows(T, G, p.window, scratchFloats);
    if (Tq == 0) {
        return fail(error, QStringLiteral("attention (products): %1 scratch floats hold no block "
                                          "of 16 query rows")
                               .arg(scratchFloats));
    }
    // The scratch against Q and O (the products check O against Q and S).
    const qint64 qEnd = spanOf(p.qOffset, p.qStride, T, qint64(p.heads) * D);
    const qint64 oEnd = spanOf(p.oOffset, p.oStride, T, qint64(p.heads) * D);
    const qint64 sEnd = qint64(p.scratchOffset) + scratchFloats;
    if ((p.scratchOffset < qEnd && p.qOffset < sEnd) ||
        (p.scratchOffset < oEnd && p.oOffset < sEnd))
        return fail(error, QStringLiteral("attention (products): the scratch overlaps Q or O"));
    QString why;
    for (uint32_t g = 0; g < p.kvHeads; ++g) {
        for (uint32_t q0 = 0; q0 < T; q0 += Tq) {
            const uint32_t tq = std::min(Tq, T - q0), k0 = blockFirstKey(q0, p.window);
            const ScoreBlock sb{g, G, q0, tq, k0, q0 + tq - k0};
            const uint32_t S = p.scratchOffset;
            if (!recordGemm(
                    batch, qk,
                    scoreProduct(p, sb, p.qOffset, p.qStride, p.kOffset, p.kStride, S, p.scale),
                    &why))
                return fail(error, QStringLiteral("attention (products): %1").arg(why));
            recordRowPass(batch, rows, p, sb, 0, S, S);
            // O = P·V, one batch per query head.
            GemmParams o;
            o.M = tq;
            o.N = D;
            o.K = sb.nk;
            o.aOffset = S;
            o.aRowStride = sb.nk;
            o.aColStride = 1;
            o.bOffset = p.vOffset + k0 * p.vStride + g * D;
            o.bRowStride = p.vStride;
            o.bColStride = 1;
            o.cOffset = p.oOffset + q0 * p.oStride + g * G * D;
            o.cRowStride = p.oStride;
            o.batches = G;
            o.aBatchStride = tq * sb.nk;
            o.cBatchStride = D;
            o.maskMode = 2;  // each row tile over the keys it sees (P is 0 past them)
            o.maskQuery = q0;
            o.maskKey = k0;
            o.maskWindow = p.window;
            if (!recordGemm(batch, pv, o, &why))
                return fail(error, QStringLiteral("attention (products): %1").arg(why));
        }
    }
    return true;
}

bool recordAttentionBackwardProducts(ComputeBatch &batch, const Bindings &gemm,
                                     const Bindings &rows, AttentionBackwardParams p,
                                     qint64 scratchFloats, QString *error) {
    if (!isGemmKernel(gemm, "attention_backward (products)", error)) return false;
    if (!isKernel(rows, KernelId::AttentionRows, "attention_rows", error)) return false;
    for (int i = 0; i < 3; ++i) {
        if (gemm.boundBuffer(i) != rows.boundBuffer(0) ||
            gemm.boundOffset(i) != rows.boundOffset(0) ||
            gemm.boundBytes(i) != rows.boundBytes(0)) {
            return fail(error, QStringLiteral("attention_backward (products): the gemm's three "
                                              "bindings must be the rows kernel's act range"));
        }
    }
    if (!checkAttentionBackward(rows, p, scratchFloats, error)) return false;
    if (p.tokens == 0) return true;
    const uint32_t T = p.tokens, D = p.headDim, G = p.heads / p.kvHeads;
    const uint32_t Tq = attentionBackwardBlockRows(T, G, p.window, scratchFloats);
    if (Tq == 0) {
        return fail(error, QStringLiteral("attention_backward (products): %1 scratch floats "
                                          "hold no block of 16 query rows")
                               .arg(scratchFloats));
    }
    QString why;
    const auto product = [&](GemmParams g, const GemmSplit *split) {
        if (!recordGemm(batch, gemm, g, &why, split)) {
            return fail(error, QStringLiteral("attention_backward (products): %1").arg(why));
        }
        return true;
    };
    for (uint32_t g = 0; g < p.kvHeads; ++g) {
        const uint32_t qCol = g * G * D, kvCol = g * D;
        for (uint32_t q0 = 0; q0 < T; q0 += Tq) {
            const uint32_t tq = std::min(Tq, T - q0);
            const uint32_t k0 = blockFirstKey(q0, p.window), nk = q0 + tq - k0;
            const ScoreBlock sb{g, G, q0, tq, k0, nk};
            const uint32_t S = p.scratchOffset, DP = S + G * tq * nk;
            GemmSplit split;
            split.scratchOffset = DP + G * tq * nk;
            split.scratchFloats =
                uint32_t(std::max<qint64>(0, scratchFloats - 2 * qint64(G) * tq * nk));
            const uint32_t qAt = p.qOffset + q0 * p.qStride + qCol;
            const uint32_t dOAt = p.dOOffset + q0 * p.dOStride + qCol;
            // S = scale·Q·Kᵀ and dP = dO·Vᵀ, one batch per query head of the group.
            if (!product(
                    scoreProduct(p, sb, p.qOffset, p.qStride, p.kOffset, p.kStride, S, p.scale),
                    nullptr))
                return false;
            recordRowPass(batch, rows, p, sb, 0, S, S);
            if (!product(
                    scoreProduct(p, sb, p.dOOffset, p.dOStride, p.vOffset, p.vStride, DP, 1.0f),
                    nullptr))
                return false;
            recordRowPass(batch, rows, p, sb, 1, S, DP);
            // dQ (+)= scale·dS·K.
            GemmParams dq;
            dq.M = tq;
            dq.N = D;
            dq.K = nk;
            dq.aOffset = DP;
            dq.aRowStride = nk;
            dq.aColStride = 1;
            dq.bOffset = p.kOffset + k0 * p.kStride + kvCol;
            dq.bRowStride = p.kStride;
            dq.bColStride = 1;
            dq.cOffset = p.dqOffset + q0 * p.dqStride + qCol;
            dq.cRowStride = p.dqStride;
            dq.alpha = p.scale;
            dq.accumulate = p.accumulateDq ? 1 : 0;
            dq.batches = G;
            dq.aBatchStride = tq * nk;
            dq.bBatchStride = 0;
            dq.cBatchStride = D;
            dq.maskMode = 2;  // each row tile over the keys it sees (dS is 0 past them)
            dq.maskQuery = q0;
            dq.maskKey = k0;
            dq.maskWindow = p.window;
            if (!product(dq, &split)) return false;
            // dK (+)= scale·Σ dSᵀ·Q and dV (+)= Σ Pᵀ·dO over the block's keys. Keys below q0 were
            // written by an earlier block (added to); the block's own keys from q0 on are new.
            for (int which = 0; which < 2; ++which) {
                GemmParams kv;
                kv.N = D;
                kv.K = tq;
                kv.aRowStride = 1;
                kv.aColStride = nk;
                kv.bRowStride = which == 0 ? p.qStride : p.dOStride;
                kv.bColStride = 1;
                kv.bOffset = which == 0 ? qAt : dOAt;
                kv.alpha = which == 0 ? p.scale : 1.0f;
                kv.batches = G;
                kv.aBatchStride = tq * nk;
                kv.bBatchStride = D;
                kv.sumBatches = 1;
                // Each tile of keys over the queries that see them (P and dS are 0 elsewhere).
                kv.maskMode = 3;
                kv.maskQuery = q0;
                kv.maskWindow = p.window;
                const uint32_t out = which == 0 ? p.dkOffset : p.dvOffset;
                const uint32_t outStride = which == 0 ? p.dkStride : p.dvStride;
                kv.cRowStride = outStride;
                const uint32_t base = which == 0 ? DP : S;
                // [k0, q0): added to; [q0, k1): written unless accumulating.
                const uint32_t cut = p.accumulateDkv ? k0 : std::max(k0, q0);
                if (cut > k0) {
                    GemmParams old = kv;
                    old.M = cut - k0;
                    old.aOffset = base;
                    old.cOffset = out + k0 * outStride + kvCol;
                    old.accumulate = 1;
                    old.maskKey = k0;
                    if (!product(old, &split)) return false;
                }
                kv.M = q0 + tq - cut;
                kv.aOffset = base + (cut - k0);
                kv.cOffset = out + cut * outStride + kvCol;
                kv.accumulate = p.accumulateDkv ? 1 : 0;
                kv.maskKey = cut;
                if (!product(kv, &split)) return false;
            }
        }
    }
    return true;
}

bool recordSumSquares(ComputeBatch &batch, const Bindings &b, SumSquaresParams p, uint32_t groups,
                      QString *error) {
    if (!isKernel(b, KernelId::SumSquares, "sum_squares", error)) return false;
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    groups = std::clamp<uint32_t>(groups, 1, limit);
    if (!fits(b, 0, "x", p.xOffset, p.count, 4, error) ||
        !fits(b, 1, "the partials", p.partialOffset, groups, 4, error))
        return false;
    if (qint64(p.count) + qint64(groups) * 256 > qint64(UINT32_MAX))
        return fail(error, QStringLiteral("sum_squares: too many elements for 32-bit indices"));
    p.groupStep = groups;
    batch.dispatch(b, p, int(groups));
    return true;
}

bool recordLoraDropout(ComputeBatch &batch, const Bindings &b, LoraDropoutParams p,
                       QString *error) {
    if (!isKernel(b, KernelId::LoraDropout, "lora_dropout", error)) return false;
    if (!std::isfinite(p.keepScale))
        return fail(error, QStringLiteral("lora_dropout: the keep scale is not a number"));
    if (p.n == 0) return fail(error, QStringLiteral("lora_dropout over rows of 0 values"));
    if (p.rows == 0) return true;
    const qint64 xEnd = spanOf(p.xOffset, p.xStride, p.rows, p.n);
    const qint64 outEnd = spanOf(p.outOffset, p.outStride, p.rows, p.n);
    if (!fits(b, 0, "x", 0, xEnd, 4, error) || !fits(b, 0, "out", 0, outEnd, 4, error))
        return false;
    const bool same = p.xOffset == p.outOffset && p.xStride == p.outStride;
    if (!same && qint64(p.xOffset) < outEnd && qint64(p.outOffset) < xEnd)
        return fail(error, QStringLiteral("lora_dropout: out overlaps x"));
    p.accumulate = p.accumulate ? 1 : 0;
    int gx = 0;
    if (!elementwiseGrid(b, qint64(p.n) * p.rows, &gx, &p.gridStep, error)) return false;
    batch.dispatch(b, p, gx);
    return true;
}

uint32_t gemmSplitCount(uint32_t M, uint32_t N, uint32_t K, uint32_t outBatches, uint32_t tile,
                        uint32_t target) {
    const uint64_t tiles =
        uint64_t((M + tile - 1) / tile) * ((N + tile - 1) / tile) * std::max(outBatches, 1u);
    if (tiles * 2 > target || K < 2 * kGemmSplitMinK) return 1;
    return uint32_t(std::min<uint64_t>(target / tiles, K / kGemmSplitMinK));
}

bool recordGemm(ComputeBatch &batch, const Bindings &b, GemmParams p, QString *error,
                const GemmSplit *split) {
    if (!isGemmKernel(b, "gemm", error)) return false;
    if (!std::isfinite(p.alpha)) return fail(error, QStringLiteral("gemm: alpha is not a number"));
    if (p.batches == 0) return fail(error, QStringLiteral("gemm: batches must be at least 1"));
    p.sumBatches = p.sumBatches ? 1 : 0;
    p.splits = p.kSlice = p.partOffset = p.stage = 0;
    if (p.M == 0 || p.N == 0) return true;
    const qint64 nb = p.batches;
    const qint64 outBatches = p.sumBatches ? 1 : nb;
    // One past the last element each operand touches (K = 0 reads nothing of A and B).
    const auto end = [](qint64 off, qint64 rows, qint64 rowStride, qint64 cols, qint64 colStride,
                        qint64 batches, qint64 batchStride) {
        return off + (rows - 1) * rowStride + (cols - 1) * colStride + (batches - 1) * batchStride +
               1;
    };
    const qint64 aEnd =
        p.K ? end(p.aOffset, p.M, p.aRowStride, p.K, p.aColStride, nb, p.aBatchStride) : 0;
    const qint64 bEnd =
        p.K ? end(p.bOffset, p.K, p.bRowStride, p.N, p.bColStride, nb, p.bBatchStride) : 0;
    const qint64 cEnd = end(p.cOffset, p.M, p.cRowStride, p.N, 1, outBatches, p.cBatchStride);
    if ((p.K && (!fits(b, 0, "A", 0, aEnd, 4, error) || !fits(b, 1, "B", 0, bEnd, 4, error))) ||
        !fits(b, 2, "C", 0, cEnd, 4, error))
        return false;
    if (p.M > 1 && p.cRowStride < p.N)
        return fail(error, QStringLiteral("gemm: C's rows overlap (row stride below N)"));
    if (outBatches > 1) {
        // The batches of C side by side within its rows, or one after another.
        const qint64 one = (qint64(p.M) - 1) * p.cRowStride + p.N;
        const bool columns = p.cBatchStride >= p.N &&
                             (p.M == 1 || (outBatches - 1) * p.cBatchStride + p.N <= p.cRowStride);
        if (!columns && qint64(p.cBatchStride) < one)
            return fail(error, QStringLiteral("gemm: C's batches overlap"));
    }
    // C against A and B where they share memory (conservatively by span).
    const auto shift = [&](int i, int j) {
        return (b.boundOffset(i) - b.boundOffset(j)) / 4;  // binding i's float 0 in binding j
    };
    for (int i = 0; i < 2 && p.K; ++i) {
        if (b.boundBuffer(i) != b.boundBuffer(2)) continue;
        const qint64 lo = (i == 0 ? p.aOffset : p.bOffset) + shift(i, 2);
        const qint64 hi = (i == 0 ? aEnd : bEnd) + shift(i, 2);
        if (lo < cEnd && qint64(p.cOffset) < hi)
            return fail(error, QStringLiteral("gemm: C overlaps %1").arg(i == 0 ? "A" : "B"));
    }
    const Kernel &k = b.kernel();
    const uint32_t tile = kGemmTile;
    const auto limit = qint64(k.context().info().maxWorkgroupsPerDimension);
    uint32_t splits = 1;
    if (split && p.K) {
        splits = gemmSplitCount(p.M, p.N, p.K, uint32_t(outBatches), tile, split->target);
        const qint64 slice = qint64(p.M) * p.N * outBatches;
        splits = uint32_t(std::min<qint64>(splits, split->scratchFloats / slice));
        splits = uint32_t(std::min<qint64>(splits, limit / outBatches));
        if (splits >= 2) {
            p.kSlice = (p.K + splits - 1) / splits;
            p.kSlice = (p.kSlice + 31) / 32 * 32;
            splits = (p.K + p.kSlice - 1) / p.kSlice;
        }
        if (splits >= 2) {
            const qint64 lo = split->scratchOffset, hi = lo + slice * splits;
            if (!fits(b, 2, "the split-K scratch", lo, hi - lo, 4, error)) return false;
            bool hits = lo < cEnd && qint64(p.cOffset) < hi;
            for (int i = 0; i < 2; ++i) {
                if (b.boundBuffer(i) != b.boundBuffer(2)) continue;
                const qint64 olo = (i == 0 ? p.aOffset : p.bOffset) + shift(i, 2);
                const qint64 ohi = (i == 0 ? aEnd : bEnd) + shift(i, 2);
                hits = hits || (lo < ohi && olo < hi);
            }
            if (hits)
                return fail(error, QStringLiteral("gemm: the split-K scratch overlaps an operand"));
            p.splits = splits;
            p.partOffset = split->scratchOffset;
        } else {
            p.kSlice = 0;
            splits = 1;
        }
    }
    const qint64 gz = outBatches * splits;
    if (gz > limit)
        return fail(error, QStringLiteral("gemm: %1 batches exceed the device's grid").arg(gz));
    batch.dispatch(b, p, int((p.N + tile - 1) / tile), int((p.M + tile - 1) / tile), int(gz));
    if (splits >= 2) {
        p.stage = 1;
        const qint64 wg = k.localSize()[0];
        const qint64 gx = (qint64(p.M) * p.N + wg - 1) / wg;
        if (gx > limit) return fail(error, QStringLiteral("gemm: C is too large to split"));
        batch.dispatch(b, p, int(gx), int(outBatches));
    }
    return true;
}

bool recordAdamW(ComputeBatch &batch, const Bindings &b, AdamWParams p, QString *error) {
    if (!isKernel(b, KernelId::AdamW, "adamw", error)) return false;
    for (const float v : {p.lr, p.beta1, p.beta2, p.eps, p.weightDecay, p.c1, p.c2, p.gradScale}) {
        if (!std::isfinite(v))
            return fail(error, QStringLiteral("adamw: a hyper-parameter is not a number"));
    }
    if (p.lr < 0 || p.beta1 < 0 || p.beta1 >= 1 || p.beta2 < 0 || p.beta2 >= 1 || p.eps <= 0 ||
        !(p.c1 > 0 && p.c1 <= 1) || !(p.c2 > 0 && p.c2 <= 1)) {
        return fail(error, QStringLiteral("adamw: lr >= 0, betas in [0, 1), eps > 0 and the bias "
                                          "corrections in (0, 1] are required"));
    }
    if (p.oneMinusBeta1 == 0.0f) p.oneMinusBeta1 = float(1.0 - double(p.beta1));
    if (p.oneMinusBeta2 == 0.0f) p.oneMinusBeta2 = float(1.0 - double(p.beta2));
    if (!std::isfinite(p.oneMinusBeta1) || !std::isfinite(p.oneMinusBeta2))
        return fail(error, QStringLiteral("adamw: a hyper-parameter is not a number"));
    if (p.count == 0) return true;
    if (!fits(b, 0, "the parameters", p.paramOffset, p.count, 4, error) ||
        !fits(b, 1, "the gradients", p.gradOffset, p.count, 4, error) ||
        !fits(b, 2, "the moments", p.momentOffset, qint64(p.count) * 2, 4, error))
        return false;
    const int gx = groupsFor(b, (p.count + 255) / 256);
    p.groupStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordCrossEntropy(ComputeBatch &batch, const Bindings &b, CrossEntropyParams p,
                        QString *error) {
    if (!isKernel(b, KernelId::CrossEntropy, "cross_entropy", error)) return false;
    if (p.n == 0) return fail(error, QStringLiteral("cross_entropy over rows of 0 values"));
    if (!std::isfinite(p.cap) || !std::isfinite(p.scale))
        return fail(error, QStringLiteral("cross_entropy: the cap and the scale must be numbers"));
    if (p.rows == 0) return true;
    if (p.rows > 1 && (p.xStride < p.n || p.dxStride < p.n))
        return fail(error, QStringLiteral("cross_entropy: a row stride is shorter than a row"));
    const qint64 xEnd = spanOf(p.xOffset, p.xStride, p.rows, p.n);
    const qint64 dEnd = spanOf(p.dxOffset, p.dxStride, p.rows, p.n);
    const bool same = p.xOffset == p.dxOffset && p.xStride == p.dxStride;
    if (!same && qint64(p.dxOffset) < xEnd && qint64(p.xOffset) < dEnd)
        return fail(error, QStringLiteral("cross_entropy: dx overlaps x without being x"));
    const qint64 lossEnd = qint64(p.lossOffset) + p.rows;
    if ((qint64(p.lossOffset) < xEnd && qint64(p.xOffset) < lossEnd) ||
        (qint64(p.lossOffset) < dEnd && qint64(p.dxOffset) < lossEnd))
        return fail(error, QStringLiteral("cross_entropy: the losses overlap the logits"));
    if (!fits(b, 0, "x", 0, xEnd, 4, error) || !fits(b, 0, "dx", 0, dEnd, 4, error) ||
        !fits(b, 0, "the losses", p.lossOffset, p.rows, 4, error) ||
        !fits(b, 1, "the targets", p.targetOffset, p.rows, 4, error))
        return false;
    const int gx = groupsFor(b, p.rows);
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordRope(ComputeBatch &batch, const Bindings &b, RopeParams p, QString *error) {
    if (!isKernel(b, KernelId::Rope, "rope", error)) return false;
    if (p.headDim == 0 || p.dims == 0 || p.dims % 2 != 0 || p.dims > p.headDim) {
        return fail(error, QStringLiteral("rope: dims %1 must be even and in 2..headDim (%2)")
                               .arg(p.dims)
                               .arg(p.headDim));
    }
    if (!(p.base > 0.0f) || !std::isfinite(p.base)) {
        return fail(error, QStringLiteral("rope: base %1 is not a positive number").arg(p.base));
    }
    if (p.heads == 0 || p.rows == 0) return true;
    const qint64 rowLen = qint64(p.heads) * p.headDim;
    if (p.rows > 1 && qint64(p.xStride) < rowLen) {
        return fail(error, QStringLiteral("rope: row stride %1 is shorter than a row (%2)")
                               .arg(p.xStride)
                               .arg(rowLen));
    }
    if (!fits(b, 0, "x", 0, spanOf(p.xOffset, p.xStride, p.rows, rowLen), 4, error) ||
        !fits(b, 1, "positions", p.posOffset, p.rows, 4, error) ||
        (p.useFactors && !fits(b, 2, "factors", p.fOffset, p.dims / 2, 4, error))) {
        return false;
    }
    const int gx = groupsFor(b, p.rows);
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordGeglu(ComputeBatch &batch, const Bindings &b, GegluParams p, QString *error) {
    if (!isKernel(b, KernelId::Geglu, "geglu", error)) return false;
    if (p.n == 0) return fail(error, QStringLiteral("geglu over rows of 0 values"));
    if (p.rows == 0) return true;
    if (!fits(b, 0, "gate", 0, spanOf(p.gateOffset, p.gateStride, p.rows, p.n), 4, error) ||
        !fits(b, 1, "up", 0, spanOf(p.upOffset, p.upStride, p.rows, p.n), 4, error) ||
        !fits(b, 2, "out", 0, spanOf(p.outOffset, p.outStride, p.rows, p.n), 4, error)) {
        return false;
    }
    int gx = 0;
    if (!elementwiseGrid(b, qint64(p.n) * p.rows, &gx, &p.gridStep, error)) return false;
    batch.dispatch(b, p, gx);
    return true;
}

bool recordElementwise(ComputeBatch &batch, const Bindings &b, ElementwiseParams p,
                       QString *error) {
    if (!isKernel(b, KernelId::Elementwise, "elementwise", error)) return false;
    const auto mode = ElementwiseMode(p.mode);
    if (mode != ElementwiseMode::AddScale && mode != ElementwiseMode::Scale &&
        mode != ElementwiseMode::Softcap) {
        return fail(error, QStringLiteral("elementwise: unknown mode %1").arg(p.mode));
    }
    if (!std::isfinite(p.s) || (mode == ElementwiseMode::Softcap && !(p.s > 0.0f))) {
        return fail(error, QStringLiteral("elementwise: %1 is not a valid %2")
                               .arg(p.s)
                               .arg(mode == ElementwiseMode::Softcap ? QStringLiteral("cap")
                                                                     : QStringLiteral("scale")));
    }
    if (p.n == 0) return fail(error, QStringLiteral("elementwise over rows of 0 values"));
    if (p.rows == 0) return true;
    if (!fits(b, 0, "x", 0, spanOf(p.xOffset, p.xStride, p.rows, p.n), 4, error) ||
        (mode == ElementwiseMode::AddScale &&
         !fits(b, 1, "y", 0, spanOf(p.yOffset, p.yStride, p.rows, p.n), 4, error)) ||
        !fits(b, 2, "out", 0, spanOf(p.outOffset, p.outStride, p.rows, p.n), 4, error)) {
        return false;
    }
    int gx = 0;
    if (!elementwiseGrid(b, qint64(p.n) * p.rows, &gx, &p.gridStep, error)) return false;
    batch.dispatch(b, p, gx);
    return true;
}

// --- Argmax --------------------------------------------------------------------------------------

Argmax::~Argmax() = default;

std::unique_ptr<Argmax> Argmax::create(GpuContext &ctx, const Buffer &input, QString *error) {
    const Kernel *k = ctx.kernel(KernelId::Argmax, error);
    if (!k) return nullptr;
    std::unique_ptr<Argmax> a(new Argmax);
    a->m_partials = ctx.createBuffer(BufferKind::Storage, kMaxPartials * 8,
                                     QStringLiteral("argmax partials"), error);
    a->m_result = ctx.createBuffer(BufferKind::Storage, 8, QStringLiteral("argmax result"), error);
    if (!a->m_partials || !a->m_result) return nullptr;
    a->m_bindings = ctx.bind(*k, {input, *a->m_partials, *a->m_result}, error);
    if (!a->m_bindings) return nullptr;
    return a;
}

bool Argmax::record(ComputeBatch &batch, uint32_t n, uint32_t xOffset, QString *error) {
    if (!fits(*m_bindings, 0, "x", xOffset, n, 4, error)) return false;
    // Stage 0: enough workgroups to spread the reads (>= 2048 elements each), at most
    // kMaxPartials so stage 1 stays one workgroup.
    const uint32_t groups = std::clamp<uint32_t>((n + 2047) / 2048, 1, kMaxPartials);
    ArgmaxParams p;
    p.n = n;
    p.xOffset = xOffset;
    p.chunk = std::max<uint32_t>(1, (n + groups - 1) / groups);
    p.stage = 0;
    batch.dispatch(*m_bindings, p, int(groups));
    p.n = groups;
    p.stage = 1;
    batch.dispatch(*m_bindings, p, 1);
    return true;
}

Argmax::Result Argmax::decode(const QByteArray &bytes) {
    Result r;
    if (bytes.size() >= 8) {
        std::memcpy(&r.index, bytes.constData(), 4);
        std::memcpy(&r.value, bytes.constData() + 4, 4);
    }
    return r;
}

}  // namespace facet::gpu
