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

// The two passes of the separable resize, in PyTorch's integer arithmetic: each output is
// (half + Σ in·w) >> precision, clamped to [0, 255]. Integer sums are exact in any order, so the
// passes are laid out for the cache rather than in PyTorch's loop order.
uint8_t fixedToByte(int32_t acc, int precision) {
    // >> of a negative sum floors, as PyTorch's int arithmetic does.
    return static_cast<uint8_t>(std::clamp(acc >> precision, 0, 255));
}

// The filter as plain values, passed by value to the loops below: a byte store may alias
// anything reached through memory (a reference, a lambda's captures), and the compiler would then
// reload every field for every output and keep the row loops from vectorising.
struct Taps {
    const int *first, *count;
    const int16_t *fixed;
    int taps, precision, outSize;
    int32_t half;
};

Taps tapsOf(const AxisFilter &f) {
    return {f.first.data(),
            f.count.data(),
            f.fixed.data(),
            f.taps,
            f.precision,
            f.outSize,
            int32_t{1} << (f.precision - 1)};
}

// Along rows, rows [begin, end): rows of f.inSize pixels of `channels` bytes (`inRow` apart) into
// packed rows of f.outSize pixels.
void resampleRowRange(const Taps t, const uint8_t *src, ptrdiff_t inRow, uint8_t *dst, int channels,
                      int begin, int end) {
    const ptrdiff_t outRow = ptrdiff_t{t.outSize} * channels;
    for (int r = begin; r < end; ++r) {
        const uint8_t *line = src + r * inRow;
        uint8_t *out = dst + r * outRow;
        for (int i = 0; i < t.outSize; ++i) {
            const int16_t *w = t.fixed + static_cast<size_t>(i) * t.taps;
            const uint8_t *in = line + ptrdiff_t{t.first[i]} * channels;
            const int n = t.count[i];
            if (channels == 3) {
                int32_t a0 = t.half, a1 = t.half, a2 = t.half;
                for (int j = 0; j < n; ++j, in += 3) {
                    a0 += static_cast<int32_t>(in[0]) * w[j];
                    a1 += static_cast<int32_t>(in[1]) * w[j];
                    a2 += static_cast<int32_t>(in[2]) * w[j];
                }
                out[3 * i] = fixedToByte(a0, t.precision);
                out[3 * i + 1] = fixedToByte(a1, t.precision);
                out[3 * i + 2] = fixedToByte(a2, t.precision);
                continue;
            }
            for (int c = 0; c < channels; ++c) {
                int32_t acc = t.half;
                for (int j = 0; j < n; ++j)
                    acc += static_cast<int32_t>(in[j * channels + c]) * w[j];
                out[i * channels + c] = fixedToByte(acc, t.precision);
            }
        }
    }
}

void resampleRows(const AxisFilter &f, const uint8_t *src, ptrdiff_t inRow, uint8_t *dst, int rows,
                  int channels) {
    const Taps t = tapsOf(f);
    util::parallelFor(rows, 16, [&](int begin, int end) {
        resampleRowRange(t, src, inRow, dst, channels, begin, end);
    });
}

// Along columns, output rows [begin, end): input rows of `rowBytes` bytes (`inRow` apart) into
// packed rows. Each output row is a weighted sum of whole input rows, so every access is
// contiguous and the loops vectorise.
void resampleColumnRange(const Taps t, const uint8_t *src, ptrdiff_t inRow, uint8_t *dst,
                         int rowBytes, int begin, int end) {
    std::vector<int32_t> sums(static_cast<size_t>(rowBytes));
    int32_t *__restrict acc = sums.data();
    for (int i = begin; i < end; ++i) {
        const int16_t *w = t.fixed + static_cast<size_t>(i) * t.taps;
        for (int x = 0; x < rowBytes; ++x)
            acc[x] = t.half;
        for (int j = 0; j < t.count[i]; ++j) {
            const uint8_t *__restrict in = src + ptrdiff_t{t.first[i] + j} * inRow;
            const int32_t wj = w[j];
            for (int x = 0; x < rowBytes; ++x)
                acc[x] += static_cast<int32_t>(in[x]) * wj;
        }
        uint8_t *__restrict out = dst + ptrdiff_t{i} * rowBytes;
        for (int x = 0; x < rowBytes; ++x)
            out[x] = fixedToByte(acc[x], t.precision);
    }
}

void resampleColumns(const AxisFilter &f, const uint8_t *src, ptrdiff_t inRow, uint8_t *dst,
                     int rowBytes) {
    const Taps t = tapsOf(f);
    util::parallelFor(f.outSize, 8, [&](int begin, int end) {
        resampleColumnRange(t, src, inRow, dst, rowBytes, begin, end);
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

namespace {

// The resize of rows `inRow` bytes apart (a QImage's scan lines, or packed rows).
std::vector<uint8_t> resize(const uint8_t *pixels, ptrdiff_t inRow, int width, int height,
                            int channels, int outWidth, int outHeight) {
    const ptrdiff_t outRow = ptrdiff_t{outWidth} * channels;
    std::vector<uint8_t> out(static_cast<size_t>(outRow) * outHeight);
    if (outWidth == width && outHeight == height) {
        for (int y = 0; y < height; ++y)
            std::memcpy(out.data() + y * outRow, pixels + y * inRow, static_cast<size_t>(outRow));
        return out;
    }
    if (outHeight == height) {
        resampleRows(bicubicAntialiasFilter(width, outWidth), pixels, inRow, out.data(), height,
                     channels);
        return out;
    }
    if (outWidth == width) {
        resampleColumns(bicubicAntialiasFilter(height, outHeight), pixels, inRow, out.data(),
                        static_cast<int>(outRow));
        return out;
    }
    // Width first, then height, as PyTorch does.
    std::vector<uint8_t> mid(static_cast<size_t>(outRow) * height);
    resampleRows(bicubicAntialiasFilter(width, outWidth), pixels, inRow, mid.data(), height,
                 channels);
    resampleColumns(bicubicAntialiasFilter(height, outHeight), mid.data(), outRow, out.data(),
                    static_cast<int>(outRow));
    return out;
}

}  // namespace

std::vector<uint8_t> resizeBicubicAntialias(std::span<const uint8_t> pixels, int width, int height,
                                            int channels, int outWidth, int outHeight) {
    return resize(pixels.data(), ptrdiff_t{width} * channels, width, height, channels, outWidth,
                  outHeight);
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
    util::parallelFor(py, 4, [&](int yBegin, int yEnd) {
        for (int y = yBegin; y < yEnd; ++y) {
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
    });
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
    // Straight from the scan lines: no packed copy of the source.
    std::vector<uint8_t> resized =
        resize(rgbImage.constBits(), rgbImage.bytesPerLine(), rgbImage.width(), rgbImage.height(),
               3, target.width(), target.height());
    return patchify(std::move(resized), target.width(), target.height(), error);
}

}  // namespace facet::vision
