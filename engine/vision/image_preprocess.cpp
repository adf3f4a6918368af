// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "vision/image_preprocess.h"

#include "util/parallel.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace facet::vision {

namespace {

constexpr std::array<int, 5> kBudgets = {70, 140, 280, 560, 1120};

void setError(QString *error, const QString &message) {
    if (error) *error = message;
}

// Keys' cubic convolution kernel with a = −0.5 (PIL's bicubic, which PyTorch uses whenever it
// antialiases), written with the same operation order as PyTorch so the double weights agree bit
// for bit.
double cubicKeys(double x) {
    constexpr double a = -0.5;
    x = std::abs(x);
    if (x < 1.0) return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0;
    if (x < 2.0) return ((a * x - 5.0 * a) * x + 8.0 * a) * x - 4.0 * a;
    return 0.0;
}

// One pass along an axis. `lines` independent lines of `inSize` samples; sample k of line l is at
// src[l·lineStride + k·sampleStride + c] for channel c (channels values per sample).
void resamplePass(const AxisFilter &f, const uint8_t *src, uint8_t *dst, int lines,
                  ptrdiff_t srcLineStride, ptrdiff_t srcSampleStride, ptrdiff_t dstLineStride,
                  ptrdiff_t dstSampleStride, int channels) {
    const int32_t half = int32_t{1} << (f.precision - 1);
    // Lines are independent: split over threads (a 1024×768 image's passes take tens of ms on
    // one core).
    util::parallelFor(lines, 64, [&](int begin, int end) {
        for (int l = begin; l < end; ++l) {
            const uint8_t *line = src + l * srcLineStride;
            uint8_t *outLine = dst + l * dstLineStride;
            for (int i = 0; i < f.outSize; ++i) {
                const int16_t *w = f.fixed.data() + static_cast<size_t>(i) * f.taps;
                const uint8_t *in = line + f.first[i] * srcSampleStride;
                for (int c = 0; c < channels; ++c) {
                    int32_t acc = half;
                    for (int j = 0; j < f.count[i]; ++j)
                        acc += static_cast<int32_t>(in[j * srcSampleStride + c]) * w[j];
                    // >> of a negative sum floors, as PyTorch's int arithmetic does.
                    outLine[i * dstSampleStride + c] =
                        static_cast<uint8_t>(std::clamp(acc >> f.precision, 0, 255));
                }
            }
        }
    });
}

}  // namespace

std::span<const int> supportedSoftTokenBudgets() {
    return kBudgets;
}

bool isSupportedSoftTokenBudget(int budget) {
    return std::find(kBudgets.begin(), kBudgets.end(), budget) != kBudgets.end();
}

QSize targetSize(QSize source, int softTokenBudget, QString *error) {
    if (!isSupportedSoftTokenBudget(softTokenBudget)) {
        setError(error, QStringLiteral("An image budget of %1 soft tokens is not supported; "
                                       "choose 70, 140, 280, 560 or 1120.")
                            .arg(softTokenBudget));
        return {};
    }
    if (source.width() <= 0 || source.height() <= 0) {
        setError(error, QStringLiteral("The image has no pixels (%1×%2).")
                            .arg(source.width())
                            .arg(source.height()));
        return {};
    }
    // HF's arithmetic (get_aspect_ratio_preserving_size), in the same double operations.
    const int64_t height = source.height(), width = source.width();
    const int64_t maxPatches = int64_t{softTokenBudget} * kPoolingKernel * kPoolingKernel;
    const int64_t targetPx = maxPatches * kPatchSize * kPatchSize;
    const double factor =
        std::sqrt(static_cast<double>(targetPx) / static_cast<double>(height * width));
    const double idealHeight = factor * static_cast<double>(height);
    const double idealWidth = factor * static_cast<double>(width);
    const int64_t sideMult = int64_t{kPoolingKernel} * kPatchSize;
    int64_t targetHeight = static_cast<int64_t>(std::floor(idealHeight / sideMult)) * sideMult;
    int64_t targetWidth = static_cast<int64_t>(std::floor(idealWidth / sideMult)) * sideMult;
    if (targetHeight == 0 && targetWidth == 0) {
        setError(error, QStringLiteral("The image (%1×%2) cannot be resized for the vision model.")
                            .arg(width)
                            .arg(height));
        return {};
    }
    const int64_t maxSide = (maxPatches / (kPoolingKernel * kPoolingKernel)) * sideMult;
    if (targetHeight == 0) {
        targetHeight = sideMult;
        targetWidth = std::min(
            static_cast<int64_t>(std::floor(static_cast<double>(width) / height)) * sideMult,
            maxSide);
    } else if (targetWidth == 0) {
        targetWidth = sideMult;
        targetHeight = std::min(
            static_cast<int64_t>(std::floor(static_cast<double>(height) / width)) * sideMult,
            maxSide);
    }
    if (targetHeight * targetWidth > targetPx) {
        setError(error, QStringLiteral("The image (%1×%2) cannot be resized within %3 soft tokens.")
                            .arg(width)
                            .arg(height)
                            .arg(softTokenBudget));
        return {};
    }
    return QSize(static_cast<int>(targetWidth), static_cast<int>(targetHeight));
}

AxisFilter bicubicAntialiasFilter(int inSize, int outSize) {
    AxisFilter f;
    f.inSize = inSize;
    f.outSize = outSize;
    const double scale = static_cast<double>(inSize) / outSize;
    // Shrinking stretches the kernel over `scale` input pixels per output pixel (the antialias);
    // enlarging keeps the plain cubic support of 2.
    const double support = scale >= 1.0 ? 2.0 * scale : 2.0;
    const double invScale = scale >= 1.0 ? 1.0 / scale : 1.0;
    f.taps = static_cast<int>(std::ceil(support)) * 2 + 1;
    f.first.resize(outSize);
    f.count.resize(outSize);
    f.weights.assign(static_cast<size_t>(outSize) * f.taps, 0.0);
    double maxWeight = 0.0;
    for (int i = 0; i < outSize; ++i) {
        const double center = scale * (i + 0.5);
        // Truncation toward zero, then the clamp to the image, as PyTorch (and PIL) bound it.
        const int64_t xmin = std::max(static_cast<int64_t>(center - support + 0.5), int64_t{0});
        int64_t xsize =
            std::min(static_cast<int64_t>(center + support + 0.5), int64_t{inSize}) - xmin;
        xsize = std::clamp(xsize, int64_t{0}, int64_t{f.taps});
        double *w = f.weights.data() + static_cast<size_t>(i) * f.taps;
        double total = 0.0;
        for (int64_t j = 0; j < xsize; ++j) {
            w[j] = cubicKeys((static_cast<double>(j + xmin) - center + 0.5) * invScale);
            total += w[j];
        }
        if (total != 0.0) {
            for (int64_t j = 0; j < xsize; ++j) {
                w[j] /= total;
                maxWeight = std::max(maxWeight, w[j]);
            }
        }
        f.first[i] = static_cast<int>(xmin);
        f.count[i] = static_cast<int>(xsize);
    }
    // The most fractional bits for which the largest weight still fits in int16.
    int precision = 0;
    for (; precision < 22; ++precision) {
        const int next = static_cast<int>(0.5 + maxWeight * (1 << (precision + 1)));
        if (next >= (1 << 15)) break;
    }
    f.precision = precision;
    f.fixed.resize(f.weights.size());
    for (size_t k = 0; k < f.weights.size(); ++k) {
        const double v = f.weights[k] * (1 << precision);
        f.fixed[k] =
            static_cast<int16_t>(v < 0 ? static_cast<int>(-0.5 + v) : static_cast<int>(0.5 + v));
    }
    return f;
}

std::vector<uint8_t> resizeBicubicAntialias(std::span<const uint8_t> pixels, int width, int height,
                                            int channels, int outWidth, int outHeight) {
    std::vector<uint8_t> current(pixels.begin(), pixels.end());
    int curWidth = width;
    if (outWidth != width) {
        const AxisFilter f = bicubicAntialiasFilter(width, outWidth);
        std::vector<uint8_t> next(static_cast<size_t>(outWidth) * height * channels);
        resamplePass(f, current.data(), next.data(), height, ptrdiff_t{width} * channels, channels,
                     ptrdiff_t{outWidth} * channels, channels, channels);
        current = std::move(next);
        curWidth = outWidth;
    }
    if (outHeight != height) {
        const AxisFilter f = bicubicAntialiasFilter(height, outHeight);
        std::vector<uint8_t> next(static_cast<size_t>(curWidth) * outHeight * channels);
        // Each (column, channel) is a line; the samples are rows apart.
        const ptrdiff_t row = ptrdiff_t{curWidth} * channels;
        resamplePass(f, current.data(), next.data(), curWidth * channels, 1, row, 1, row, 1);
        current = std::move(next);
    }
    return current;
}

std::optional<PreprocessedImage> patchify(std::vector<uint8_t> rgb, int width, int height,
                                          QString *error) {
    const int block = kPatchSize * kPoolingKernel;
    if (width <= 0 || height <= 0 || width % block != 0 || height % block != 0 ||
        rgb.size() != static_cast<size_t>(width) * height * 3) {
        setError(error, QStringLiteral("A %1×%2 image cannot be cut into %3-pixel blocks.")
                            .arg(width)
                            .arg(height)
                            .arg(block));
        return std::nullopt;
    }
    PreprocessedImage out;
    out.width = width;
    out.height = height;
    out.rgb = std::move(rgb);
    const int px = out.patchesX(), py = out.patchesY(), values = out.patchValues();
    out.patches.resize(static_cast<size_t>(out.numPatches()) * values);
    out.positions.resize(static_cast<size_t>(out.numPatches()) * 2);
    // HF rescales with a float32 multiply by 1/255.
    const float rescale = 1.0f / 255.0f;
    for (int y = 0; y < py; ++y) {
        for (int x = 0; x < px; ++x) {
            const size_t p = static_cast<size_t>(y) * px + x;
            float *dst = out.patches.data() + p * values;
            for (int r = 0; r < kPatchSize; ++r) {
                const uint8_t *src =
                    out.rgb.data() + (static_cast<size_t>(y * kPatchSize + r) * width +
                                      static_cast<size_t>(x) * kPatchSize) *
                                         3;
                for (int k = 0; k < kPatchSize * 3; ++k)
                    dst[r * kPatchSize * 3 + k] = static_cast<float>(src[k]) * rescale;
            }
            out.positions[2 * p] = x;
            out.positions[2 * p + 1] = y;
        }
    }
    return out;
}

std::optional<PreprocessedImage> preprocessImage(const QImage &image,
                                                 const PreprocessOptions &options, QString *error) {
    if (image.isNull() || image.width() <= 0 || image.height() <= 0) {
        setError(error, QStringLiteral("The image has no pixels."));
        return std::nullopt;
    }
    const QSize target = targetSize(image.size(), options.softTokenBudget, error);
    if (!target.isValid()) return std::nullopt;
    const QImage rgbImage = image.format() == QImage::Format_RGB888
                                ? image
                                : image.convertToFormat(QImage::Format_RGB888);
    const int w = rgbImage.width(), h = rgbImage.height();
    std::vector<uint8_t> source(static_cast<size_t>(w) * h * 3);
    for (int y = 0; y < h; ++y)
        std::memcpy(source.data() + static_cast<size_t>(y) * w * 3, rgbImage.constScanLine(y),
                    static_cast<size_t>(w) * 3);
    std::vector<uint8_t> resized =
        (target.width() == w && target.height() == h)
            ? std::move(source)
            : resizeBicubicAntialias(source, w, h, 3, target.width(), target.height());
    return patchify(std::move(resized), target.width(), target.height(), error);
}

}  // namespace facet::vision
