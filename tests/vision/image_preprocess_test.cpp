// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Target sizes, the antialiased bicubic resize against a float64 evaluation of the same formula,
// and the patch layout.
#include "vision/image_preprocess.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace facet::vision {
namespace {

TEST(ImagePreprocess, DocumentedSizes) {
    QString error;
    EXPECT_EQ(targetSize(QSize(1024, 768), 280, &error), QSize(912, 672));
    EXPECT_EQ(targetSize(QSize(768, 1024), 280, &error), QSize(672, 912));
    EXPECT_EQ(targetSize(QSize(1024, 1024), 280, &error), QSize(768, 768));
    EXPECT_EQ(targetSize(QSize(1024, 1024), 1120, &error), QSize(1584, 1584));
    EXPECT_EQ(targetSize(QSize(896, 896), 280, &error), QSize(768, 768));
    const auto tokens = [](QSize s) { return (s.width() / 48) * (s.height() / 48); };
    EXPECT_EQ(tokens(targetSize(QSize(1024, 768), 280, &error)), 266);
    EXPECT_EQ(tokens(targetSize(QSize(1024, 1024), 280, &error)), 256);
    EXPECT_EQ(tokens(targetSize(QSize(1024, 1024), 1120, &error)), 1089);
}

TEST(ImagePreprocess, DegenerateAspectRatios) {
    QString error;
    // One side would round to 0: it becomes 48 and the other is capped at budget·48.
    EXPECT_EQ(targetSize(QSize(20000, 1), 280, &error), QSize(13440, 48));
    EXPECT_EQ(targetSize(QSize(1, 20000), 280, &error), QSize(48, 13440));
    EXPECT_EQ(targetSize(QSize(20000, 1), 70, &error), QSize(3360, 48));
    // The rounded side stays a multiple of 48 when the long side is not extreme.
    EXPECT_EQ(targetSize(QSize(400, 5), 70, &error), QSize(3360, 48));
    EXPECT_EQ(targetSize(QSize(1, 1), 280, &error), QSize(768, 768));  // enlarged
}

TEST(ImagePreprocess, EveryBudgetOnRandomSizes) {
    auto rng = test::seededRng();
    std::uniform_int_distribution<int> side(1, 6000);
    for (int budget : supportedSoftTokenBudgets()) {
        for (int trial = 0; trial < 300; ++trial) {
            const QSize src(side(rng), side(rng));
            QString error;
            const QSize t = targetSize(src, budget, &error);
            ASSERT_TRUE(t.isValid()) << error.toStdString();
            EXPECT_EQ(t.width() % 48, 0);
            EXPECT_EQ(t.height() % 48, 0);
            EXPECT_LE((t.width() / 48) * (t.height() / 48), budget);
            // The formula in long double, independently of the implementation's doubles (the two
            // can differ only when f·side lands within rounding of a multiple of 48).
            const long double f = std::sqrt(static_cast<long double>(budget) * 9 * 256 /
                                            (static_cast<long double>(src.width()) * src.height()));
            const long double w = f * src.width() / 48, h = f * src.height() / 48;
            if (w >= 1 && h >= 1 && std::abs(w - std::round(w)) > 1e-9 &&
                std::abs(h - std::round(h)) > 1e-9) {
                EXPECT_EQ(t.width(), static_cast<int>(std::floor(w)) * 48) << src.width();
                EXPECT_EQ(t.height(), static_cast<int>(std::floor(h)) * 48) << src.height();
            }
        }
    }
}

TEST(ImagePreprocess, BadBudgetsAndEmptyImages) {
    QString error;
    EXPECT_FALSE(targetSize(QSize(100, 100), 300, &error).isValid());
    EXPECT_TRUE(error.contains(QLatin1String("300")));
    EXPECT_FALSE(targetSize(QSize(0, 100), 280, &error).isValid());
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(preprocessImage(QImage(), {}, &error));
    PreprocessOptions bad;
    bad.softTokenBudget = 0;
    EXPECT_FALSE(preprocessImage(QImage(10, 10, QImage::Format_RGB888), bad, &error));
}

// The resize formula evaluated directly in double: per output sample, the Keys cubic (a = −0.5)
// stretched by the scale when shrinking, over the input samples its support reaches, normalised;
// rounded half up and clamped to 0..255.
double keys(double x) {
    x = std::abs(x);
    if (x < 1) return 1.5 * x * x * x - 2.5 * x * x + 1;
    if (x < 2) return -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2;
    return 0;
}

std::vector<uint8_t> resizeAxis64(const std::vector<uint8_t> &src, int w, int h, int ch, int outW,
                                  int outH) {
    const bool horizontal = outW != w;
    const int in = horizontal ? w : h, out = horizontal ? outW : outH;
    std::vector<uint8_t> dst(static_cast<size_t>(outW) * outH * ch);
    const double scale = static_cast<double>(in) / out;
    const double stretch = std::max(scale, 1.0);
    const double support = 2 * stretch;
    for (int i = 0; i < out; ++i) {
        const double center = (i + 0.5) * scale;
        const int lo = std::max(static_cast<int>(std::trunc(center - support + 0.5)), 0);
        const int hi = std::min(static_cast<int>(std::trunc(center + support + 0.5)), in);
        std::vector<double> wts;
        double total = 0;
        for (int j = lo; j < hi; ++j) {
            wts.push_back(keys((j - center + 0.5) / stretch));
            total += wts.back();
        }
        const int lines = horizontal ? h : w;
        for (int l = 0; l < lines; ++l) {
            for (int c = 0; c < ch; ++c) {
                double v = 0;
                for (int j = lo; j < hi; ++j) {
                    const int x = horizontal ? j : l, y = horizontal ? l : j;
                    v += wts[j - lo] / total * src[(static_cast<size_t>(y) * w + x) * ch + c];
                }
                const int x = horizontal ? i : l, y = horizontal ? l : i;
                dst[(static_cast<size_t>(y) * outW + x) * ch + c] =
                    static_cast<uint8_t>(std::clamp(std::floor(v + 0.5), 0.0, 255.0));
            }
        }
    }
    return dst;
}

int maxDiff(const std::vector<uint8_t> &a, const std::vector<uint8_t> &b) {
    EXPECT_EQ(a.size(), b.size());
    int m = 0;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        m = std::max(m, std::abs(int(a[i]) - int(b[i])));
    return m;
}

TEST(ImagePreprocess, ResizeMatchesTheFormulaInDouble) {
    auto rng = test::seededRng();
    std::uniform_int_distribution<int> size(1, 160), byte(0, 255);
    for (int trial = 0; trial < 60; ++trial) {
        const int w = size(rng), h = size(rng), ow = size(rng), oh = size(rng);
        std::vector<uint8_t> src(static_cast<size_t>(w) * h * 3);
        for (uint8_t &v : src)
            v = static_cast<uint8_t>(byte(rng));
        SCOPED_TRACE(testing::Message() << w << "x" << h << " -> " << ow << "x" << oh);
        // Each pass alone is within 1 LSB of the double evaluation (the fixed-point weights).
        const auto wide = resizeBicubicAntialias(src, w, h, 3, ow, h);
        if (ow != w) {
            EXPECT_LE(maxDiff(wide, resizeAxis64(src, w, h, 3, ow, h)), 1);
        }
        const auto tall = resizeBicubicAntialias(src, w, h, 3, w, oh);
        if (oh != h) {
            EXPECT_LE(maxDiff(tall, resizeAxis64(src, w, h, 3, w, oh)), 1);
        }
        // Both: the width first, then the height on the rounded uint8 intermediate.
        const auto both = resizeBicubicAntialias(src, w, h, 3, ow, oh);
        EXPECT_EQ(both, resizeBicubicAntialias(wide, ow, h, 3, ow, oh));
        if (oh != h) {
            EXPECT_LE(maxDiff(both, resizeAxis64(wide, ow, h, 3, ow, oh)), 1);
        }
    }
    // Same size: untouched.
    std::vector<uint8_t> same(12 * 5 * 3);
    for (uint8_t &v : same)
        v = static_cast<uint8_t>(byte(rng));
    EXPECT_EQ(resizeBicubicAntialias(same, 12, 5, 3, 12, 5), same);
}

TEST(ImagePreprocess, FilterWeightsAreNormalisedAndFixedPointFits) {
    for (auto [in, out] : {std::pair{1000, 48}, std::pair{48, 1000}, std::pair{7, 3},
                           std::pair{1, 48}, std::pair{20000, 13440}}) {
        const AxisFilter f = bicubicAntialiasFilter(in, out);
        ASSERT_GT(f.precision, 0);
        for (int i = 0; i < out; ++i) {
            double sum = 0;
            for (int j = 0; j < f.count[i]; ++j)
                sum += f.weights[static_cast<size_t>(i) * f.taps + j];
            EXPECT_NEAR(sum, 1.0, 1e-12) << in << "->" << out << " i=" << i;
            EXPECT_GE(f.first[i], 0);
            EXPECT_LE(f.first[i] + f.count[i], in);
        }
    }
}

TEST(ImagePreprocess, PatchesInHfOrder) {
    auto rng = test::seededRng();
    std::uniform_int_distribution<int> byte(0, 255);
    const int w = 96, h = 144;
    std::vector<uint8_t> rgb(static_cast<size_t>(w) * h * 3);
    for (uint8_t &v : rgb)
        v = static_cast<uint8_t>(byte(rng));
    QString error;
    const auto img = patchify(rgb, w, h, &error);
    ASSERT_TRUE(img) << error.toStdString();
    ASSERT_EQ(img->patchesX(), 6);
    ASSERT_EQ(img->patchesY(), 9);
    EXPECT_EQ(img->softTokens(), 6);
    // HF: image [C][H][W] reshaped to (C, ph, 16, pw, 16), permuted to (ph, pw, 16, 16, C).
    for (int py = 0; py < 9; ++py)
        for (int px = 0; px < 6; ++px) {
            const size_t p = static_cast<size_t>(py) * 6 + px;
            EXPECT_EQ(img->positions[2 * p], px);
            EXPECT_EQ(img->positions[2 * p + 1], py);
            for (int r = 0; r < 16; ++r)
                for (int c = 0; c < 16; ++c)
                    for (int ch = 0; ch < 3; ++ch) {
                        const uint8_t v =
                            rgb[((static_cast<size_t>(py) * 16 + r) * w + px * 16 + c) * 3 + ch];
                        // v/255 up to the float rounding of HF's multiply by 1/255.
                        ASSERT_FLOAT_EQ(img->patches[p * 768 + (r * 16 + c) * 3 + ch], v / 255.0f);
                    }
        }
    EXPECT_FALSE(patchify(rgb, 95, h, &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(ImagePreprocess, EndToEndFromAQImage) {
    QImage img(1024, 768, QImage::Format_RGB32);
    img.fill(qRgb(10, 200, 30));
    QString error;
    const auto pre = preprocessImage(img, {}, &error);
    ASSERT_TRUE(pre) << error.toStdString();
    EXPECT_EQ(pre->width, 912);
    EXPECT_EQ(pre->height, 672);
    EXPECT_EQ(pre->softTokens(), 266);
    EXPECT_EQ(pre->patches.size(), size_t(57 * 42) * 768);
    // A flat colour stays flat through a resize whose weights sum to 1.
    EXPECT_EQ(pre->rgb[0], 10);
    EXPECT_EQ(pre->rgb[1], 200);
    EXPECT_EQ(pre->rgb[pre->rgb.size() - 1], 30);

    QImage thin(20000, 1, QImage::Format_RGB888);
    thin.fill(Qt::white);
    const auto degenerate = preprocessImage(thin, {}, &error);
    ASSERT_TRUE(degenerate) << error.toStdString();
    EXPECT_EQ(degenerate->softTokens(), 280);
}

}  // namespace
}  // namespace facet::vision
