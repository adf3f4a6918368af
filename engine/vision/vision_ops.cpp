// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "vision/vision_ops.h"

#include "util/parallel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>
#include <vector>

namespace facet::vision::ops {

namespace {

void require(bool ok, const char *what) {
    if (ok) return;
    std::fprintf(stderr, "facet vision op: contract violated: %s\n", what);
    std::abort();
}

// The row loops below split over threads (util::parallelFor); the results do not depend on the
// split.
void parallelFor(int n, const std::function<void(int, int)> &body) {
    util::parallelFor(n, 1, body);
}

}  // namespace

void clamp(std::span<float> x, float lo, float hi) {
    for (float &v : x)
        v = std::min(std::max(v, lo), hi);
}

void clippedLinear(const model::ref::WeightView &w, const ClampBounds &bounds,
                   std::span<const float> x, int t, std::span<float> y) {
    const size_t in = static_cast<size_t>(w.cols), out = static_cast<size_t>(w.rows);
    require(x.size() == in * static_cast<size_t>(t) && y.size() == out * static_cast<size_t>(t),
            "clippedLinear sizes");
    std::vector<float> clamped;
    std::span<const float> input = x;
    if (bounds.active) {
        clamped.assign(x.begin(), x.end());
        clamp(clamped, bounds.inMin, bounds.inMax);
        input = clamped;
    }
    // Rows are independent, so each thread multiplies its own slice of the input rows.
    parallelFor(t, [&](int b, int e) {
        model::ref::matmul(w, input.subspan(b * in, (e - b) * in), e - b,
                           y.subspan(b * out, (e - b) * out));
    });
    if (bounds.active) clamp(y, bounds.outMin, bounds.outMax);
}

void rope2d(std::span<float> x, int headDim, int posX, int posY, float theta) {
    require(headDim > 0 && headDim % 4 == 0 && x.size() % static_cast<size_t>(headDim) == 0,
            "rope2d head size");
    const int half = headDim / 2, pairs = half / 2;
    const size_t heads = x.size() / static_cast<size_t>(headDim);
    for (int axis = 0; axis < 2; ++axis) {
        const double pos = axis == 0 ? posX : posY;
        for (int j = 0; j < pairs; ++j) {
            const double angle = pos * std::pow(static_cast<double>(theta), -2.0 * j / half);
            const double c = std::cos(angle), s = std::sin(angle);
            for (size_t h = 0; h < heads; ++h) {
                float *p = x.data() + h * headDim + axis * half;
                const double a = p[j], b = p[j + pairs];
                p[j] = static_cast<float>(a * c - b * s);
                p[j + pairs] = static_cast<float>(b * c + a * s);
            }
        }
    }
}

void bidirectionalAttention(std::span<const float> q, std::span<const float> k,
                            std::span<const float> v, int t, int heads, int kvHeads, int headDim,
                            float scale, std::span<float> out) {
    require(heads > 0 && kvHeads > 0 && heads % kvHeads == 0 && headDim > 0 && t >= 0,
            "attention heads");
    const size_t hd = static_cast<size_t>(headDim), T = static_cast<size_t>(t);
    const size_t qw = static_cast<size_t>(heads) * hd, kw = static_cast<size_t>(kvHeads) * hd;
    require(q.size() == T * qw && out.size() == T * qw && k.size() == T * kw && v.size() == T * kw,
            "attention sizes");
    parallelFor(t, [&](int b, int e) {
        std::vector<double> scores(T), acc(hd);
        for (int i = b; i < e; ++i) {
            for (int h = 0; h < heads; ++h) {
                const size_t g = static_cast<size_t>(h) * kvHeads / heads;
                const float *qi = q.data() + i * qw + h * hd;
                double maxScore = -std::numeric_limits<double>::infinity();
                for (size_t j = 0; j < T; ++j) {
                    const float *kj = k.data() + j * kw + g * hd;
                    double s = 0.0;
                    for (size_t d = 0; d < hd; ++d)
                        s += static_cast<double>(qi[d]) * kj[d];
                    scores[j] = s * scale;
                    maxScore = std::max(maxScore, scores[j]);
                }
                double sum = 0.0;
                for (size_t j = 0; j < T; ++j) {
                    scores[j] = std::exp(scores[j] - maxScore);
                    sum += scores[j];
                }
                std::fill(acc.begin(), acc.end(), 0.0);
                for (size_t j = 0; j < T; ++j) {
                    const float *vj = v.data() + j * kw + g * hd;
                    const double w = scores[j] / sum;
                    for (size_t d = 0; d < hd; ++d)
                        acc[d] += w * vj[d];
                }
                float *o = out.data() + i * qw + h * hd;
                for (size_t d = 0; d < hd; ++d)
                    o[d] = static_cast<float>(acc[d]);
            }
        }
    });
}

bool averagePoolByPosition(std::span<const float> h, std::span<const int32_t> positions, int t,
                           int width, int kernel, std::vector<float> *out) {
    require(h.size() == static_cast<size_t>(t) * width && positions.size() == 2 * size_t(t),
            "pool sizes");
    if (t <= 0 || kernel <= 0) return false;
    int maxX = 0, maxY = 0;
    for (int i = 0; i < t; ++i) {
        if (positions[2 * i] < 0 || positions[2 * i + 1] < 0) return false;
        maxX = std::max(maxX, positions[2 * i]);
        maxY = std::max(maxY, positions[2 * i + 1]);
    }
    const int gx = maxX + 1, gy = maxY + 1;
    if (gx % kernel != 0 || gy % kernel != 0) return false;
    const int ox = gx / kernel, oy = gy / kernel;
    std::vector<double> sums(static_cast<size_t>(ox) * oy * width, 0.0);
    std::vector<int> counts(static_cast<size_t>(ox) * oy, 0);
    for (int i = 0; i < t; ++i) {
        const size_t cell = static_cast<size_t>(positions[2 * i] / kernel) +
                            static_cast<size_t>(ox) * (positions[2 * i + 1] / kernel);
        ++counts[cell];
        for (int d = 0; d < width; ++d)
            sums[cell * width + d] += h[static_cast<size_t>(i) * width + d];
    }
    for (int c : counts)
        if (c != kernel * kernel) return false;
    out->resize(sums.size());
    const double inv = 1.0 / (kernel * kernel);
    for (size_t i = 0; i < sums.size(); ++i)
        (*out)[i] = static_cast<float>(sums[i] * inv);
    return true;
}

}  // namespace facet::vision::ops
