// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/audio_kernels.h"

#include "gpu/gpu_buffer.h"
#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/record_checks.h"

#include <algorithm>
#include <cmath>

namespace facet::gpu {

namespace {

using detail::fail;

bool isKernel(const Bindings &b, KernelId id, QString *error) {
    if (b.kernel().id() == id) return true;
    return fail(
        error,
        QStringLiteral("%1 is bound where %2 is expected").arg(b.kernel().name(), kernelName(id)));
}

// Elements spanned by `count` runs of `len` elements, `stride` apart, from `offset`.
qint64 spanOf(qint64 offset, qint64 stride, qint64 count, qint64 len) {
    return count == 0 ? 0 : offset + (count - 1) * stride + len;
}

// A run of 4-byte elements [first, end) of storage binding `index` (0-based).
struct Range {
    int index;
    qint64 first, end;
};

bool fits(const Bindings &b, const Range &r, const char *what, QString *error) {
    if (r.first < 0 || r.end < r.first || r.end * 4 > b.boundBytes(r.index)) {
        return fail(error, QStringLiteral("%1: %2 needs bytes up to %3, but binding %4 covers %5")
                               .arg(b.kernel().name(), QLatin1String(what))
                               .arg(r.end * 4)
                               .arg(r.index + 1)
                               .arg(b.boundBytes(r.index)));
    }
    return true;
}

// Whether two ranges meet in memory: both bindings view the same buffer and the byte ranges
// (from the start of that buffer) intersect.
bool meets(const Bindings &b, const Range &x, const Range &y) {
    if (b.boundBuffer(x.index) != b.boundBuffer(y.index)) return false;
    const qint64 x0 = b.boundOffset(x.index) + x.first * 4, x1 = b.boundOffset(x.index) + x.end * 4;
    const qint64 y0 = b.boundOffset(y.index) + y.first * 4, y1 = b.boundOffset(y.index) + y.end * 4;
    return x0 < y1 && y0 < x1;
}

// Whether two ranges of equal layout are exactly the same memory (an in-place operation).
bool sameStart(const Bindings &b, const Range &x, const Range &y) {
    return b.boundBuffer(x.index) == b.boundBuffer(y.index) &&
           b.boundOffset(x.index) + x.first * 4 == b.boundOffset(y.index) + y.first * 4;
}

bool refuseOverlap(const Bindings &b, const Range &out, const Range &in, const char *what,
                   QString *error) {
    if (!meets(b, out, in)) return true;
    return fail(error, QStringLiteral("%1: the output overlaps %2; write it elsewhere")
                           .arg(b.kernel().name(), QLatin1String(what)));
}

int axisLimit(const Bindings &b) {
    return b.kernel().context().info().maxWorkgroupsPerDimension;
}

// The elementwise kernels' grid (256 invocations per workgroup, grid-stride loop).
bool elementGrid(const Bindings &b, qint64 total, int *gx, uint32_t *step, QString *error) {
    constexpr qint64 group = 256;
    const qint64 groups = std::clamp<qint64>((total + group - 1) / group, 1, axisLimit(b));
    const qint64 s = groups * group;
    if (total + s > qint64(UINT32_MAX)) {
        return fail(error, QStringLiteral("%1: %2 elements exceed the 32-bit index range")
                               .arg(b.kernel().name())
                               .arg(total));
    }
    *gx = int(groups);
    *step = uint32_t(s);
    return true;
}

bool finite(float v) {
    return std::isfinite(v);
}

}  // namespace

std::vector<float> audioConv2dWeightLayout(std::span<const float> torchWeight, int cin, int cout) {
    std::vector<float> out(torchWeight.size());
    if (cin <= 0 || cout <= 0 || torchWeight.size() != size_t(cin) * size_t(cout) * 9) return {};
    for (int co = 0; co < cout; ++co)
        for (int ci = 0; ci < cin; ++ci)
            for (int tap = 0; tap < 9; ++tap)
                out[(size_t(tap) * size_t(cin) + size_t(ci)) * size_t(cout) + size_t(co)] =
                    torchWeight[(size_t(co) * size_t(cin) + size_t(ci)) * 9 + size_t(tap)];
    return out;
}

bool recordAudioConv2d(ComputeBatch &batch, const Bindings &b, AudioConv2dParams p,
                       QString *error) {
    if (!isKernel(b, KernelId::AudioConv2d, error)) return false;
    if (p.frames == 0 || p.freq == 0 || p.cin == 0 || p.cout == 0 || p.cout > kAudioConv2dMaxCout) {
        return fail(error, QStringLiteral("audio_conv2d: shape %1 x %2 x %3 -> %4 channels is "
                                          "invalid (at most %5 output channels)")
                               .arg(p.frames)
                               .arg(p.freq)
                               .arg(p.cin)
                               .arg(p.cout)
                               .arg(kAudioConv2dMaxCout));
    }
    if (!finite(p.eps) || p.eps < 0.0f)
        return fail(error, QStringLiteral("audio_conv2d: epsilon %1 is invalid").arg(p.eps));
    if (p.useMask && p.maskStride == 0)
        return fail(error, QStringLiteral("audio_conv2d: mask stride 0"));
    const qint64 outFrames = (qint64(p.frames) + 1) / 2, outFreq = (qint64(p.freq) + 1) / 2;
    const Range in{0, p.inOffset, p.inOffset + qint64(p.frames) * p.freq * p.cin};
    const Range w{1, p.wOffset, p.wOffset + qint64(9) * p.cin * p.cout};
    const Range norm{1, p.normOffset, p.normOffset + qint64(p.cout)};
    const Range mask{2, p.maskOffset, spanOf(p.maskOffset, p.maskStride, p.frames, 1)};
    const Range out{3, p.outOffset, p.outOffset + outFrames * outFreq * p.cout};
    if (!fits(b, in, "the input", error) || !fits(b, w, "the kernel", error) ||
        !fits(b, norm, "the norm weight", error) ||
        (p.useMask && !fits(b, mask, "the mask", error)) || !fits(b, out, "the output", error) ||
        !refuseOverlap(b, out, in, "the input", error)) {
        return false;
    }
    // A tile covers up to 16 output bins of all channels, at most 1024 outputs (the kernel's
    // 256 invocations x 4).
    p.tileF = uint32_t(std::min<qint64>({16, kAudioConv2dMaxCout / p.cout, outFreq}));
    p.tilesF = uint32_t((outFreq + p.tileF - 1) / p.tileF);
    const qint64 tiles = outFrames * p.tilesF;
    const int gx = int(std::clamp<qint64>(tiles, 1, axisLimit(b)));
    p.tileStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordAudioConv1d(ComputeBatch &batch, const Bindings &b, AudioConv1dParams p,
                       QString *error) {
    if (!isKernel(b, KernelId::AudioConv1d, error)) return false;
    const auto mode = AudioConv1dMode(p.mode);
    if (mode != AudioConv1dMode::Glu && mode != AudioConv1dMode::Depthwise &&
        mode != AudioConv1dMode::GluDepthwise) {
        return fail(error, QStringLiteral("audio_conv1d: unknown mode %1").arg(p.mode));
    }
    const bool glu = mode != AudioConv1dMode::Depthwise;
    const bool conv = mode != AudioConv1dMode::Glu;
    if (p.channels == 0 || (conv && p.kernel == 0))
        return fail(error, QStringLiteral("audio_conv1d: %1 channels, kernel %2 is invalid")
                               .arg(p.channels)
                               .arg(p.kernel));
    if (p.rows == 0) return true;
    const qint64 inWidth = glu ? 2 * qint64(p.channels) : qint64(p.channels);
    const Range x{0, p.xOffset, spanOf(p.xOffset, p.xStride, p.rows, inWidth)};
    const Range w{1, p.wOffset, p.wOffset + qint64(p.channels) * p.kernel};
    const Range out{2, p.outOffset, spanOf(p.outOffset, p.outStride, p.rows, p.channels)};
    if (!fits(b, x, "x", error) || (conv && !fits(b, w, "the weight", error)) ||
        !fits(b, out, "the output", error)) {
        return false;
    }
    if (meets(b, out, x)) {
        // In place is safe for the GLU alone: every invocation reads its own element and the
        // gate half, which no invocation writes.
        const bool inPlace = !conv && sameStart(b, out, x) && p.outStride == p.xStride;
        if (!inPlace)
            return fail(error, QStringLiteral("audio_conv1d: the output overlaps x; write it "
                                              "elsewhere"));
    }
    int gx = 0;
    if (!elementGrid(b, qint64(p.rows) * p.channels, &gx, &p.gridStep, error)) return false;
    batch.dispatch(b, p, gx);
    return true;
}

bool recordAudioRows(ComputeBatch &batch, const Bindings &b, AudioRowsParams p, QString *error) {
    if (!isKernel(b, KernelId::AudioRows, error)) return false;
    constexpr uint32_t known = kAudioRowsBias | kAudioRowsNorm | kAudioRowsNormWeight |
                               kAudioRowsSilu | kAudioRowsResidual;
    if ((p.flags & ~known) != 0 ||
        ((p.flags & kAudioRowsNormWeight) && !(p.flags & kAudioRowsNorm))) {
        return fail(error, QStringLiteral("audio_rows: invalid flags %1").arg(p.flags));
    }
    const float lo[] = {p.lo1, p.lo2, p.lo3}, hi[] = {p.hi1, p.hi2, p.hi3};
    for (int i = 0; i < 3; ++i) {
        if (std::isnan(lo[i]) || std::isnan(hi[i]) || lo[i] > hi[i])
            return fail(error, QStringLiteral("audio_rows: clamp bounds [%1, %2] are invalid")
                                   .arg(lo[i])
                                   .arg(hi[i]));
    }
    if (!finite(p.eps) || p.eps < 0.0f || !finite(p.scale))
        return fail(error, QStringLiteral("audio_rows: epsilon %1 / scale %2 are invalid")
                               .arg(p.eps)
                               .arg(p.scale));
    if (p.n == 0) return fail(error, QStringLiteral("audio_rows over rows of 0 values"));
    if (p.rows == 0) return true;
    const Range x{0, p.xOffset, spanOf(p.xOffset, p.xStride, p.rows, p.n)};
    const Range bias{1, p.bOffset, p.bOffset + qint64(p.n)};
    const Range w{1, p.wOffset, p.wOffset + qint64(p.n)};
    const Range res{2, p.resOffset, spanOf(p.resOffset, p.resStride, p.rows, p.n)};
    const Range out{3, p.outOffset, spanOf(p.outOffset, p.outStride, p.rows, p.n)};
    const bool hasRes = p.flags & kAudioRowsResidual;
    if (!fits(b, x, "x", error) ||
        ((p.flags & kAudioRowsBias) && !fits(b, bias, "the bias", error)) ||
        ((p.flags & kAudioRowsNormWeight) && !fits(b, w, "the norm weight", error)) ||
        (hasRes && !fits(b, res, "the residual", error)) || !fits(b, out, "the output", error)) {
        return false;
    }
    // Every invocation reads and writes the same elements of a row, so only an exact alias (or
    // no overlap at all) is safe.
    const auto aliasOk = [&](const Range &in, uint32_t stride) {
        return !meets(b, out, in) || (sameStart(b, out, in) && stride == p.outStride);
    };
    if (!aliasOk(x, p.xStride) || (hasRes && !aliasOk(res, p.resStride))) {
        return fail(error, QStringLiteral("audio_rows: the output partly overlaps x or the "
                                          "residual; alias one exactly or write elsewhere"));
    }
    const int gx = int(std::clamp<qint64>(p.rows, 1, axisLimit(b)));
    p.rowStep = uint32_t(gx);
    batch.dispatch(b, p, gx);
    return true;
}

bool recordAudioAttention(ComputeBatch &batch, const Bindings &b, AudioAttentionParams p,
                          QString *error) {
    if (!isKernel(b, KernelId::AudioAttention, error)) return false;
    if (p.heads == 0 || p.headDim == 0 || p.chunk == 0 || p.chunk > kAudioAttentionMaxChunk ||
        p.chunk + p.maxPast > kAudioAttentionMaxContext || p.window == 0) {
        return fail(error, QStringLiteral("audio_attention: %1 heads of %2, chunk %3, past %4, "
                                          "window %5 is not supported (chunk <= %6, chunk + past "
                                          "<= %7)")
                               .arg(p.heads)
                               .arg(p.headDim)
                               .arg(p.chunk)
                               .arg(p.maxPast)
                               .arg(p.window)
                               .arg(kAudioAttentionMaxChunk)
                               .arg(kAudioAttentionMaxContext));
    }
    if (!finite(p.softcap) || !(p.softcap > 0.0f) || !finite(p.invalidLogit) || !finite(p.qScale) ||
        !finite(p.kScale)) {
        return fail(error, QStringLiteral("audio_attention: cap %1, invalid logit %2, scales %3 "
                                          "/ %4 must be finite (cap > 0)")
                               .arg(p.softcap)
                               .arg(p.invalidLogit)
                               .arg(p.qScale)
                               .arg(p.kScale));
    }
    const float lo[] = {p.qMin, p.kMin, p.vMin}, hi[] = {p.qMax, p.kMax, p.vMax};
    for (int i = 0; i < 3; ++i) {
        if (std::isnan(lo[i]) || std::isnan(hi[i]) || lo[i] > hi[i])
            return fail(error, QStringLiteral("audio_attention: clamp bounds [%1, %2] are invalid")
                                   .arg(lo[i])
                                   .arg(hi[i]));
    }
    if (int(p.heads) > axisLimit(b))
        return fail(error,
                    QStringLiteral("audio_attention: %1 heads exceed the grid limit").arg(p.heads));
    if (p.frames == 0) return true;
    const qint64 width = qint64(p.heads) * p.headDim;
    const Range q{0, p.qOffset, spanOf(p.qOffset, p.qStride, p.frames, width)};
    const Range k{0, p.kOffset, spanOf(p.kOffset, p.kStride, p.frames, width)};
    const Range v{0, p.vOffset, spanOf(p.vOffset, p.vStride, p.frames, width)};
    const Range rel{1, p.relOffset, p.relOffset + (qint64(p.maxPast) + 1) * width};
    const Range scale{1, p.scaleOffset, p.scaleOffset + qint64(p.headDim)};
    const Range mask{2, p.maskOffset, p.maskOffset + qint64(p.frames)};
    const Range out{3, p.outOffset, spanOf(p.outOffset, p.outStride, p.frames, width)};
    if (!fits(b, q, "q", error) || !fits(b, k, "k", error) || !fits(b, v, "v", error) ||
        !fits(b, rel, "the relative keys", error) || !fits(b, scale, "the per-dim scale", error) ||
        (p.useMask && !fits(b, mask, "the mask", error)) || !fits(b, out, "the output", error) ||
        !refuseOverlap(b, out, q, "q", error) || !refuseOverlap(b, out, k, "k", error) ||
        !refuseOverlap(b, out, v, "v", error)) {
        return false;
    }
    const qint64 blocks = (qint64(p.frames) + p.chunk - 1) / p.chunk;
    const int gx = int(std::clamp<qint64>(blocks, 1, axisLimit(b)));
    p.blockStep = uint32_t(gx);
    batch.dispatch(b, p, gx, int(p.heads));
    return true;
}

}  // namespace facet::gpu
