// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The vision tower's own ops against float64 evaluations of Hugging Face's formulas.
#include "vision/vision_ops.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace facet::vision::ops {
namespace {

std::vector<float> randomVector(size_t n, std::mt19937_64 &rng, float scale = 1.0f) {
    std::normal_distribution<float> d(0.0f, scale);
    std::vector<float> v(n);
    for (float &x : v)
        x = d(rng);
    return v;
}

// HF: inv_freq over head_dim/2 "spatial" dims, cos/sin laid out [x, x, y, y] (each head_dim/4),
// then apply_multidimensional_rope: each half of the head goes through rotate_half RoPE with its
// quarter of cos/sin duplicated.
std::vector<double> rope2dHf64(const std::vector<float> &x, int headDim, int px, int py,
                               double theta) {
    const int spatial = headDim / 2, quarter = headDim / 4;
    std::vector<double> cosv(headDim), sinv(headDim);
    for (int i = 0; i < quarter; ++i) {
        const double inv = 1.0 / std::pow(theta, (2.0 * i) / spatial);
        for (int axis = 0; axis < 2; ++axis) {
            const double a = (axis == 0 ? px : py) * inv;
            for (int rep = 0; rep < 2; ++rep) {
                cosv[axis * spatial + rep * quarter + i] = std::cos(a);
                sinv[axis * spatial + rep * quarter + i] = std::sin(a);
            }
        }
    }
    std::vector<double> y(x.size());
    const size_t heads = x.size() / headDim;
    for (size_t h = 0; h < heads; ++h)
        for (int part = 0; part < 2; ++part) {
            const size_t base = h * headDim + static_cast<size_t>(part) * spatial;
            for (int i = 0; i < spatial; ++i) {
                const double rot = i < quarter ? -static_cast<double>(x[base + i + quarter])
                                               : static_cast<double>(x[base + i - quarter]);
                y[base + i] =
                    x[base + i] * cosv[part * spatial + i] + rot * sinv[part * spatial + i];
            }
        }
    return y;
}

TEST(VisionOps, Rope2dMatchesHf) {
    auto rng = test::seededRng();
    for (int headDim : {8, 16, 64, 72}) {
        for (auto [px, py] :
             {std::pair{0, 0}, std::pair{3, 0}, std::pair{0, 5}, std::pair{41, 98}}) {
            auto x = randomVector(3 * static_cast<size_t>(headDim), rng);
            const auto expected = rope2dHf64(x, headDim, px, py, 100.0);
            rope2d(x, headDim, px, py, 100.0f);
            for (size_t i = 0; i < x.size(); ++i)
                // One float rounding of a value of magnitude ~|x| (rotations keep the norm).
                EXPECT_NEAR(x[i], expected[i], 1e-6 * (1 + std::abs(expected[i])))
                    << "hd " << headDim << " pos " << px << "," << py << " i " << i;
        }
    }
}

TEST(VisionOps, BidirectionalAttentionMatchesDouble) {
    auto rng = test::seededRng();
    for (auto [t, heads, kvHeads, hd] :
         {std::tuple{1, 1, 1, 8}, std::tuple{9, 2, 2, 16}, std::tuple{27, 4, 2, 8}}) {
        const auto q = randomVector(size_t(t) * heads * hd, rng, 2.0f);
        const auto k = randomVector(size_t(t) * kvHeads * hd, rng, 2.0f);
        const auto v = randomVector(size_t(t) * kvHeads * hd, rng);
        std::vector<float> out(q.size());
        bidirectionalAttention(q, k, v, t, heads, kvHeads, hd, 1.0f, out);
        for (int i = 0; i < t; ++i)
            for (int h = 0; h < heads; ++h) {
                const int g = h / (heads / kvHeads);
                std::vector<double> s(t);
                double mx = -1e300, sum = 0;
                for (int j = 0; j < t; ++j) {
                    double d = 0;
                    for (int e = 0; e < hd; ++e)
                        d += double(q[(size_t(i) * heads + h) * hd + e]) *
                             k[(size_t(j) * kvHeads + g) * hd + e];
                    s[j] = d;
                    mx = std::max(mx, d);
                }
                for (double &x : s)
                    sum += (x = std::exp(x - mx));
                for (int e = 0; e < hd; ++e) {
                    double o = 0;
                    for (int j = 0; j < t; ++j)
                        o += s[j] / sum * v[(size_t(j) * kvHeads + g) * hd + e];
                    // Rounded once to float.
                    EXPECT_NEAR(out[(size_t(i) * heads + h) * hd + e], o, 1e-6 * (1 + std::abs(o)));
                }
            }
    }
}

TEST(VisionOps, AveragePoolByPosition) {
    auto rng = test::seededRng();
    const int gx = 6, gy = 9, w = 5, k = 3, t = gx * gy;
    // Patches in a shuffled order: pooling goes by position, not by row index.
    std::vector<int> order(t);
    for (int i = 0; i < t; ++i)
        order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<int32_t> pos(2 * t);
    for (int i = 0; i < t; ++i) {
        pos[2 * i] = order[i] % gx;
        pos[2 * i + 1] = order[i] / gx;
    }
    const auto h = randomVector(size_t(t) * w, rng);
    std::vector<float> out;
    ASSERT_TRUE(averagePoolByPosition(h, pos, t, w, k, &out));
    ASSERT_EQ(out.size(), size_t(gx / k) * (gy / k) * w);
    for (int by = 0; by < gy / k; ++by)
        for (int bx = 0; bx < gx / k; ++bx)
            for (int d = 0; d < w; ++d) {
                double sum = 0;
                for (int i = 0; i < t; ++i)
                    if (pos[2 * i] / k == bx && pos[2 * i + 1] / k == by)
                        sum += h[size_t(i) * w + d];
                EXPECT_NEAR(out[(size_t(by) * (gx / k) + bx) * w + d], sum / 9.0,
                            1e-6 * (1 + std::abs(sum)));
            }
    // A grid that is not a multiple of the kernel.
    std::vector<int32_t> bad = {0, 0, 1, 0, 2, 0, 3, 0};
    std::vector<float> hb(4 * w);
    EXPECT_FALSE(averagePoolByPosition(hb, bad, 4, w, k, &out));
}

TEST(VisionOps, ClippedLinearMatchesDouble) {
    auto rng = test::seededRng();
    const int in = 24, outW = 10, t = 7;
    const auto wv = randomVector(size_t(in) * outW, rng, 0.5f);
    const auto x = randomVector(size_t(in) * t, rng, 3.0f);
    const auto w = model::ref::WeightView::fromF32(wv, in, outW);
    for (bool active : {false, true}) {
        ClampBounds b;
        if (active) b = {true, -1.5f, 2.0f, -0.75f, 1.25f};
        std::vector<float> y(size_t(outW) * t);
        clippedLinear(w, b, x, t, y);
        for (int r = 0; r < t; ++r)
            for (int n = 0; n < outW; ++n) {
                double s = 0;
                for (int c = 0; c < in; ++c) {
                    double xv = x[size_t(r) * in + c];
                    if (active) xv = std::min(std::max(xv, -1.5), 2.0);
                    s += double(wv[size_t(n) * in + c]) * xv;
                }
                if (active) s = std::min(std::max(s, -0.75), 1.25);
                EXPECT_NEAR(y[size_t(r) * outW + n], s, 1e-6 * (1 + std::abs(s)));
            }
    }
    std::vector<float> c = {-3.0f, 0.5f, 7.0f};
    clamp(c, -1.0f, 1.0f);
    EXPECT_EQ(c, (std::vector<float>{-1.0f, 0.5f, 1.0f}));
}

}  // namespace
}  // namespace facet::vision::ops
