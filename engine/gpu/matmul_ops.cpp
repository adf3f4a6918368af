#include "gpu/matmul_ops.h"

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/ops.h"

#include <algorithm>

namespace facet::gpu {

namespace {

bool fail(QString *error, const QString &message) {
    if (error) *error = message;
    return false;
}

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
    return int(id) >= int(KernelId::MatMulF32) && int(id) <= int(KernelId::MatMulQ6_K);
}

}  // namespace

bool recordMatMul(ComputeBatch &batch, const Bindings &b, MatMulParams p, QString *error) {
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
    // One workgroup per 64 x 64 tile, up to the dispatch limit per axis (beyond it the
    // workgroups loop over further tiles).
    const auto limit = uint32_t(b.kernel().context().info().maxWorkgroupsPerDimension);
    const uint32_t tilesN = (p.N + kMatMulTile - 1) / kMatMulTile;
    const uint32_t tilesM = (p.M + kMatMulTile - 1) / kMatMulTile;
    p.tilesN = std::clamp<uint32_t>(tilesN, 1, limit);
    p.tilesM = std::clamp<uint32_t>(tilesM, 1, limit);
    batch.dispatch(b, p, int(p.tilesN), int(p.tilesM));
    return true;
}

}  // namespace facet::gpu
