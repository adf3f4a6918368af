// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gradient checks of the reference backward ops (engine/model/reference_backward.h): each
// analytic backward against central finite differences of the float64 forward (the double
// overloads in reference_ops.h), element by element, on fresh random data (FACET_TEST_SEED
// reproduces a run).
//
// Method: a scalar loss L = Σ r ⊙ y over the op's outputs with random r, so every output element
// contributes; the backward is given dy = r. For every input element x_e,
//   fd_e = (L(x + h·e) − L(x − h·e)) / 2h, in double, h = 1e-5 · (the input's magnitude).
// Bound: |analytic_e − fd_e| <= 1e-6 · (1 + |fd_e|) per op (the 1 scaled by the gradient's
// magnitude where a test says so; chains of ops: 1e-5, see kChainBound). Why it holds for a correct
// backward, with the O(1) data used here:
//  - the analytic value is a double computation rounded once to float (the buffers start at 0, so
//    the += is exact): |error| <= 2^-24 |g| ≈ 6e-8 |g| plus double rounding (~1e-15);
//  - central differences err by h²/6 · |∂³L| (truncation: ~2e-11 |∂³L| at h = 1e-5) plus the
//    double rounding of L amplified by 1/h: ~1e-16 · Σ|r ⊙ y| / h ≈ 1e-11 Σ|r ⊙ y|.
//  For |∂³L| and Σ|r ⊙ y| below ~1e3 (true for these shapes) both terms are below 1e-7, a tenth
// of the bound. A wrong backward (a missing term, the rotation not transposed, a mask dropped, a
// gradient not accumulated) is off by O(|g|), orders of magnitude above it. The largest
// |analytic − fd| / (1 + |fd|) of each op is printed.
#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "model/reference_backward.h"
#include "model/reference_model.h"
#include "model/reference_ops.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace facet::model::ref {
namespace {

using Rng = std::mt19937_64;
using Fn = std::function<double(std::span<const double>)>;
using CSpanD = std::span<const double>;

constexpr double kH = 1e-5;
constexpr double kBound = 1e-6;

std::vector<float> randomVector(Rng &rng, size_t n, float lo = -1.0f, float hi = 1.0f) {
    std::uniform_real_distribution<float> d(lo, hi);
    std::vector<float> v(n);
    for (float &x : v)
        x = d(rng);
    return v;
}

std::vector<double> toDouble(std::span<const float> v) {
    return std::vector<double>(v.begin(), v.end());
}

double dot(std::span<const double> a, std::span<const float> b) {
    double s = 0.0;
    for (size_t i = 0; i < a.size(); ++i)
        s += a[i] * static_cast<double>(b[i]);
    return s;
}

// The central difference of f at x along every element, step h.
std::vector<double> centralDifferences(std::vector<double> x, const Fn &f, double h) {
    std::vector<double> g(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        const double xi = x[i];
        x[i] = xi + h;
        const double up = f(x);
        x[i] = xi - h;
        const double down = f(x);
        x[i] = xi;
        g[i] = (up - down) / (2.0 * h);
    }
    return g;
}

// Chains of ops: the backward reads the float forward's intermediates, each rounded to u relative,
// and the gradient's sensitivity to them (the norms of short rows, the softmax, sums that cancel)
// turns that into up to ~40 u per element (measured up to 2.2e-6 in the attention block chain
// over 140 seeds). A wrong backward is still off by O(|g|).
constexpr double kChainBound = 1e-5;

// The worst |analytic − fd| / (1 + |fd|) per op and its bound, printed at the end of the program.
std::map<std::string, std::pair<double, double>> &worstByOp() {
    static std::map<std::string, std::pair<double, double>> m;
    return m;
}

struct WorstReport : ::testing::Environment {
    void TearDown() override {
        for (const auto &[op, worst] : worstByOp())
            std::printf("[ measured ] %-28s max |analytic - fd| / (1 + |fd|) = %.3g (bound %.0e)\n",
                        op.c_str(), worst.first, worst.second);
    }
};
const auto *const kWorstReport = ::testing::AddGlobalTestEnvironment(new WorstReport);

// Checks the analytic gradient of input `what` of `op` against central differences of f at x
// (h = kH · magnitude). `unit` scales the bound's 1 (for gradients of another magnitude).
void expectGradient(const char *op, const char *what, std::span<const float> analytic,
                    const std::vector<double> &x, const Fn &f, double magnitude = 1.0,
                    double unit = 1.0, double bound = kBound) {
    ASSERT_EQ(analytic.size(), x.size()) << op << " " << what;
    const std::vector<double> fd = centralDifferences(x, f, kH * magnitude);
    worstByOp()[op].second = bound;
    double &worst = worstByOp()[op].first;
    for (size_t i = 0; i < fd.size(); ++i) {
        ASSERT_TRUE(std::isfinite(analytic[i])) << op << " d" << what << "[" << i << "]";
        const double err = std::abs(static_cast<double>(analytic[i]) - fd[i]);
        const double ratio = err / (unit + std::abs(fd[i]));
        worst = std::max(worst, ratio);
        ASSERT_LE(ratio, bound) << op << " d" << what << "[" << i << "]: analytic " << analytic[i]
                                << " vs finite difference " << fd[i];
    }
}

// ---- normalisation ----------------------------------------------------------------------------

TEST(ReferenceGrad, RmsNormRowsWeightedAndWeightless) {
    auto rng = test::seededRng();
    const float eps = 1e-6f;
    const int rows = 3, dim = 8;
    for (const float magnitude : {1.0f, 40.0f, 1e-3f}) {
        SCOPED_TRACE(::testing::Message() << "magnitude " << magnitude);
        const std::vector<float> x = randomVector(rng, rows * dim, -magnitude, magnitude);
        const std::vector<float> w = randomVector(rng, dim, 0.5f, 1.5f);
        const std::vector<double> r = toDouble(randomVector(rng, rows * dim));
        const std::vector<double> xd = toDouble(x), wd = toDouble(w);
        std::vector<float> rf(r.begin(), r.end());
        for (const bool weighted : {true, false}) {
            SCOPED_TRACE(weighted ? "weighted" : "weightless");
            std::vector<float> dx(x.size(), 0.0f), dw(dim, 0.0f);
            rmsNormRowsBackward(x, rows,
                                weighted ? std::span<const float>(w) : std::span<const float>(), rf,
                                eps, dx, weighted ? std::span<float>(dw) : std::span<float>());
            auto loss = [&](std::span<const double> xs, std::span<const double> ws) {
                std::vector<double> y(xs.size());
                rmsNormRows(xs, rows, weighted ? ws : std::span<const double>(), y, eps);
                double s = 0.0;
                for (size_t i = 0; i < y.size(); ++i)
                    s += r[i] * y[i];
                return s;
            };
            // The gradient scales as 1 / magnitude (the norm divides by it).
            const double unit = 1.0 / magnitude;
            expectGradient(
                "rmsNormRows", "x", dx, xd, [&](std::span<const double> v) { return loss(v, wd); },
                magnitude, unit);
            if (weighted) {
                expectGradient("rmsNormRows", "w", dw, wd,
                               [&](std::span<const double> v) { return loss(xd, v); });
            }
        }
    }
}

TEST(ReferenceGrad, RmsNormSingleVectorForms) {
    auto rng = test::seededRng();
    const float eps = 1e-6f;
    const std::vector<float> x = randomVector(rng, 16, -2.0f, 2.0f);
    const std::vector<float> w = randomVector(rng, 16, -1.5f, 1.5f);
    const std::vector<float> rf = randomVector(rng, 16);
    const std::vector<double> xd = toDouble(x), wd = toDouble(w), r = toDouble(rf);
    std::vector<float> dx(16, 0.0f), dw(16, 0.0f), dxPlain(16, 0.0f);
    rmsNormWeightedBackward(x, w, rf, eps, dx, dw);
    rmsNormBackward(x, rf, eps, dxPlain);
    expectGradient("rmsNormWeighted", "x", dx, xd, [&](std::span<const double> v) {
        std::vector<double> y(16);
        rmsNormWeighted(v, wd, y, eps);
        return dot(y, rf);
    });
    expectGradient("rmsNormWeighted", "w", dw, wd, [&](std::span<const double> v) {
        std::vector<double> y(16);
        rmsNormWeighted(xd, v, y, eps);
        return dot(y, rf);
    });
    expectGradient("rmsNorm", "x", dxPlain, xd, [&](std::span<const double> v) {
        std::vector<double> y(16);
        rmsNorm(v, y, eps);
        return dot(y, rf);
    });
}

// ---- activations ------------------------------------------------------------------------------

TEST(ReferenceGrad, Geglu) {
    auto rng = test::seededRng();
    std::vector<float> gate = randomVector(rng, 40, -4.0f, 4.0f);
    // The tails and the middle of the GELU: saturated (x and 0), and the zero crossing.
    const float special[] = {-12.0f, -6.0f, -2.5f, 0.0f, 1e-4f, 3.0f, 8.0f, 15.0f};
    std::copy(std::begin(special), std::end(special), gate.begin());
    const std::vector<float> up = randomVector(rng, 40, -2.0f, 2.0f);
    const std::vector<float> rf = randomVector(rng, 40);
    std::vector<float> dGate(40, 0.0f), dUp(40, 0.0f);
    gegluBackward(gate, up, rf, dGate, dUp);
    const std::vector<double> gd = toDouble(gate), ud = toDouble(up);
    auto loss = [&](std::span<const double> g, std::span<const double> u) {
        std::vector<double> y(40);
        geglu(g, u, y);
        return dot(y, rf);
    };
    expectGradient("geglu", "gate", dGate, gd,
                   [&](std::span<const double> v) { return loss(v, ud); });
    expectGradient("geglu", "up", dUp, ud, [&](std::span<const double> v) { return loss(gd, v); });
    // The derivative itself at a few points against a symmetric difference of geluTanh.
    for (const double x : {-5.0, -1.0, -0.1, 0.0, 0.3, 2.0, 7.0}) {
        const double fd = (geluTanh(x + 1e-6) - geluTanh(x - 1e-6)) / 2e-6;
        EXPECT_NEAR(geluTanhDerivative(x), fd, 1e-8) << x;
    }
}

TEST(ReferenceGrad, SoftcapIncludingSaturation) {
    auto rng = test::seededRng();
    for (const float cap : {30.0f, 0.0f}) {
        SCOPED_TRACE(::testing::Message() << "cap " << cap);
        std::vector<float> x = randomVector(rng, 30, -60.0f, 60.0f);
        // Saturation: x/cap of 3 .. 40, where 1 − tanh² cancels to 0 in double before x/cap ~19.
        const float special[] = {0.0f, 1e-3f, -29.0f, 90.0f, -150.0f, 400.0f, -1000.0f, 1200.0f};
        std::copy(std::begin(special), std::end(special), x.begin());
        const std::vector<float> rf = randomVector(rng, 30);
        std::vector<float> dx(30, 0.0f);
        softcapBackward(x, cap, rf, dx);
        expectGradient("softcap", "x", dx, toDouble(x), [&](std::span<const double> v) {
            std::vector<double> y(30);
            softcap(v, static_cast<double>(cap), y);
            return dot(y, rf);
        });
        if (cap > 0.0f) {
            // Saturated values pass (almost) nothing back, and nothing that is not a number.
            EXPECT_NE(dx[5], 0.0f);  // 400 / 30: sech² ≈ 1e-11, not cancelled to 0
            EXPECT_LT(std::abs(dx[5]), 1e-10f);
            EXPECT_LT(std::abs(dx[6]), 1e-25f);
        }
    }
}

// ---- rotary position embedding ----------------------------------------------------------------

TEST(ReferenceGrad, RopeIsTransposedRotation) {
    auto rng = test::seededRng();
    const int heads = 3, headDim = 10;
    // Partial rotation (8 of 10 rotate) with factors, one of them proportional RoPE's 1e30.
    const std::vector<float> factors = {1.0f, 2.5f, 1e30f, 7.0f};
    for (const int64_t position : {int64_t(0), int64_t(37), int64_t(5000)}) {
        SCOPED_TRACE(::testing::Message() << "position " << position);
        RopeParams p;
        p.dims = 8;
        p.base = 10000.0f;
        p.freqFactors = factors;
        const std::vector<float> x = randomVector(rng, heads * headDim, -2.0f, 2.0f);
        const std::vector<float> rf = randomVector(rng, heads * headDim);
        std::vector<float> dx(x.size(), 0.0f);
        ropeNeoxBackward(rf, headDim, position, p, dx);
        expectGradient("ropeNeox", "x", dx, toDouble(x), [&](std::span<const double> v) {
            std::vector<double> y(v.size());
            ropeNeox(v, y, headDim, position, p);
            return dot(y, rf);
        });
    }
}

// The per-head q (k) preparation: RoPE of the weighted per-head norm, as the decoder (and the
// GPU's qkv_prep) computes it, through both backward ops.
TEST(ReferenceGrad, HeadNormThenRope) {
    auto rng = test::seededRng();
    const int heads = 4, headDim = 8;
    const float eps = 1e-6f;
    RopeParams p;
    p.dims = 8;
    p.base = 1e6f;
    const int64_t position = 11;
    const std::vector<float> x = randomVector(rng, heads * headDim, -3.0f, 3.0f);
    const std::vector<float> w = randomVector(rng, headDim, 0.3f, 1.2f);
    const std::vector<float> rf = randomVector(rng, heads * headDim);
    std::vector<float> dNormed(x.size(), 0.0f), dx(x.size(), 0.0f), dw(headDim, 0.0f);
    ropeNeoxBackward(rf, headDim, position, p, dNormed);
    rmsNormRowsBackward(x, heads, w, dNormed, eps, dx, dw);
    const std::vector<double> xd = toDouble(x), wd = toDouble(w);
    auto loss = [&](std::span<const double> xs, std::span<const double> ws) {
        std::vector<double> n(xs.size()), y(xs.size());
        rmsNormRows(xs, heads, ws, n, eps);
        ropeNeox(n, y, headDim, position, p);
        return dot(y, rf);
    };
    expectGradient("rmsNormRows+ropeNeox", "x", dx, xd,
                   [&](std::span<const double> v) { return loss(v, wd); });
    expectGradient("rmsNormRows+ropeNeox", "w", dw, wd,
                   [&](std::span<const double> v) { return loss(xd, v); });
}

// ---- attention --------------------------------------------------------------------------------

struct AttnCase {
    const char *name;
    int heads, kvHeads, headDim, window;
    float scale, logitCap;
    int64_t firstQueryPos;
    int queries, keys;  // keys at positions 0..keys-1
};

TEST(ReferenceGrad, AttentionMasksGqaAndCap) {
    auto rng = test::seededRng();
    const AttnCase cases[] = {
        {"causal 4:2 from 0", 4, 2, 8, 0, 1.0f, 0.0f, 0, 5, 5},
        {"causal 4:1 continuing", 4, 1, 6, 0, 1.0f, 0.0f, 4, 3, 7},
        {"sliding window 3, 2:1", 2, 1, 8, 3, 1.0f, 0.0f, 2, 5, 7},
        {"scale 0.5 and logit cap 2, 3:3", 3, 3, 4, 0, 0.5f, 2.0f, 1, 4, 5},
        {"window 2, 6:2, scale 0.7", 6, 2, 4, 2, 0.7f, 0.0f, 5, 2, 7},
    };
    for (const AttnCase &c : cases) {
        SCOPED_TRACE(c.name);
        AttentionParams p;
        p.heads = c.heads;
        p.kvHeads = c.kvHeads;
        p.headDim = c.headDim;
        p.window = c.window;
        p.scale = c.scale;
        p.logitCap = c.logitCap;
        const size_t qw = size_t(c.heads) * c.headDim, kvw = size_t(c.kvHeads) * c.headDim;
        std::vector<int64_t> qPos(c.queries), kPos(c.keys);
        for (int i = 0; i < c.queries; ++i)
            qPos[i] = c.firstQueryPos + i;
        for (int j = 0; j < c.keys; ++j)
            kPos[j] = j;
        // Scores of a few units: softmax weights neither uniform nor one-hot.
        const std::vector<float> q = randomVector(rng, c.queries * qw, -1.2f, 1.2f);
        const std::vector<float> k = randomVector(rng, c.keys * kvw, -1.2f, 1.2f);
        const std::vector<float> v = randomVector(rng, c.keys * kvw, -1.0f, 1.0f);
        const std::vector<float> rf = randomVector(rng, c.queries * qw);
        std::vector<float> dq(q.size(), 0.0f), dk(k.size(), 0.0f), dv(v.size(), 0.0f);
        attentionBackward(q, qPos, k, v, kPos, p, rf, dq, dk, dv);
        const std::vector<double> qd = toDouble(q), kd = toDouble(k), vd = toDouble(v);
        auto loss = [&](std::span<const double> qs, std::span<const double> ks,
                        std::span<const double> vs) {
            std::vector<double> o(qs.size());
            attention(qs, qPos, ks, vs, kPos, p, o);
            return dot(o, rf);
        };
        expectGradient("attention", "q", dq, qd,
                       [&](std::span<const double> x) { return loss(x, kd, vd); });
        expectGradient("attention", "k", dk, kd,
                       [&](std::span<const double> x) { return loss(qd, x, vd); });
        expectGradient("attention", "v", dv, vd,
                       [&](std::span<const double> x) { return loss(qd, kd, x); });
        // Keys no query sees (after the last query, or behind every window) get exactly 0.
        for (int j = 0; j < c.keys; ++j) {
            bool seen = false;
            for (int i = 0; i < c.queries; ++i)
                seen = seen || attentionVisible(qPos[i], kPos[j], c.window);
            if (seen) continue;
            for (size_t e = 0; e < kvw; ++e) {
                EXPECT_EQ(dk[j * kvw + e], 0.0f) << "key " << j;
                EXPECT_EQ(dv[j * kvw + e], 0.0f) << "key " << j;
            }
        }
    }
}

// Two layers reading one KV cache (Gemma 4's KV sharing): the donor's K/V gradient is the sum of
// both layers' contributions, accumulated by two calls into the same buffers.
TEST(ReferenceGrad, AttentionKvSharedLayersSumIntoTheDonor) {
    auto rng = test::seededRng();
    AttentionParams p;
    p.heads = 4;
    p.kvHeads = 2;
    p.headDim = 6;
    p.window = 4;
    const int queries = 4, keys = 6;
    const size_t qw = 24, kvw = 12;
    std::vector<int64_t> qPos = {2, 3, 4, 5}, kPos = {0, 1, 2, 3, 4, 5};
    const std::vector<float> q1 = randomVector(rng, queries * qw, -1.2f, 1.2f);
    const std::vector<float> q2 = randomVector(rng, queries * qw, -1.2f, 1.2f);
    const std::vector<float> k = randomVector(rng, keys * kvw, -1.2f, 1.2f);
    const std::vector<float> v = randomVector(rng, keys * kvw);
    const std::vector<float> r1 = randomVector(rng, queries * qw);
    const std::vector<float> r2 = randomVector(rng, queries * qw);
    std::vector<float> dk(k.size(), 0.0f), dv(v.size(), 0.0f), dkOnce(k.size(), 0.0f);
    attentionBackward(q1, qPos, k, v, kPos, p, r1, {}, dk, dv);      // the donor layer
    attentionBackward(q1, qPos, k, v, kPos, p, r1, {}, dkOnce, {});  // (its share alone)
    attentionBackward(q2, qPos, k, v, kPos, p, r2, {}, dk, dv);      // the sharing layer
    const std::vector<double> q1d = toDouble(q1), q2d = toDouble(q2), kd = toDouble(k),
                              vd = toDouble(v);
    auto loss = [&](std::span<const double> ks, std::span<const double> vs) {
        std::vector<double> o1(q1d.size()), o2(q2d.size());
        attention(q1d, qPos, ks, vs, kPos, p, o1);
        attention(q2d, qPos, ks, vs, kPos, p, o2);
        return dot(o1, r1) + dot(o2, r2);
    };
    expectGradient("attention (KV shared)", "k", dk, kd,
                   [&](std::span<const double> x) { return loss(x, vd); });
    expectGradient("attention (KV shared)", "v", dv, vd,
                   [&](std::span<const double> x) { return loss(kd, x); });
    // The sharing layer's part is not negligible: the sum differs from the donor's share.
    double diff = 0.0;
    for (size_t i = 0; i < dk.size(); ++i)
        diff = std::max(diff, std::abs(double(dk[i]) - double(dkOnce[i])));
    EXPECT_GT(diff, 1e-3);
}

// ---- projections ------------------------------------------------------------------------------

// A quantised (or F32) weight view over bytes it does not own.
WeightView weightView(gguf::TensorType type, const std::vector<float> &w, int in, int out,
                      QByteArray *storage) {
    storage->clear();
    if (type == gguf::TensorType::F32) {
        storage->append(reinterpret_cast<const char *>(w.data()), int(w.size() * sizeof(float)));
    } else {
        for (int n = 0; n < out; ++n)
            EXPECT_TRUE(gguf::quantizeRow(type, w.data() + size_t(n) * in, in, storage));
    }
    WeightView view;
    view.type = type;
    view.data = reinterpret_cast<const uint8_t *>(storage->constData());
    view.cols = in;
    view.rows = out;
    view.rowBytes = size_t(storage->size()) / size_t(out);
    return view;
}

TEST(ReferenceGrad, MatmulFrozenWeights) {
    auto rng = test::seededRng();
    const int in = 64, out = 5, t = 3;
    for (const gguf::TensorType type :
         {gguf::TensorType::F32, gguf::TensorType::Q8_0, gguf::TensorType::Q4_K}) {
        SCOPED_TRACE(static_cast<int>(type));
        const int inputs = type == gguf::TensorType::Q4_K ? 256 : in;
        QByteArray bytes;
        const WeightView w =
            weightView(type, randomVector(rng, size_t(inputs) * out), inputs, out, &bytes);
        const std::vector<float> x = randomVector(rng, size_t(inputs) * t, -2.0f, 2.0f);
        const std::vector<float> rf = randomVector(rng, size_t(out) * t);
        std::vector<float> dx(x.size(), 0.0f);
        matmulBackward(w, rf, t, dx);
        expectGradient("matmul", "x", dx, toDouble(x), [&](std::span<const double> v) {
            std::vector<double> y(size_t(out) * t);
            matmul(w, v, t, y);
            return dot(y, rf);
        });
    }
}

// The staged products' oracle (matmulBackwardF16): both factors rounded to f16, dy at the given
// scale and saturated at 65504 as convert_f16 saturates. Exact on chosen values: a weight of
// 1 + 2^-12 is 1 in f16, and a dy of 35000 at scale 2 (70000) saturates to 65504 / 2. On random
// data within the rounding bound of the unrounded product: 2·2^-11 of Σ|W||dy| per element.
TEST(ReferenceGrad, MatmulF16RoundsBothFactorsAndSaturates) {
    const std::vector<float> exactW = {1.0f + std::ldexp(1.0f, -12), 3.0f};  // [2 rows][1 col]
    const WeightView we = WeightView::fromF32(exactW, 1, 2);
    const std::vector<float> exactDy = {0.5f, 35000.0f};
    std::vector<float> dx(1, 0.25f);  // added to
    matmulBackwardF16(we, exactDy, 1, dx, 2.0);
    EXPECT_EQ(dx[0], 0.25f + 1.0f * 0.5f + 3.0f * 32752.0f);
    std::vector<float> plain(1, 0.25f);
    matmulBackward(we, exactDy, 1, plain);
    EXPECT_NE(plain[0], dx[0]);

    auto rng = test::seededRng();
    const int in = 48, out = 20, t = 3;
    const std::vector<float> wv = randomVector(rng, size_t(in) * out);
    const WeightView w = WeightView::fromF32(wv, in, out);
    const std::vector<float> dy = randomVector(rng, size_t(out) * t);
    std::vector<float> got(size_t(in) * t, 0.0f), want(size_t(in) * t, 0.0f);
    matmulBackwardF16(w, dy, t, got, 5888.0);
    matmulBackward(w, dy, t, want);
    for (int r = 0; r < t; ++r) {
        for (int k = 0; k < in; ++k) {
            double mag = 0;
            for (int n = 0; n < out; ++n)
                mag += std::abs(double(wv[size_t(n * in + k)]) * double(dy[size_t(r * out + n)]));
            const size_t i = size_t(r * in + k);
            EXPECT_NEAR(got[i], want[i], 2 * std::ldexp(mag, -11) + 1e-6) << r << " " << k;
        }
    }
    EXPECT_NE(got, want);  // rounded
}

// y = W x + s·B·(A·x): the frozen product's input gradient plus the adapter's, and the gradients
// of both LoRA factors.
TEST(ReferenceGrad, LoraAdaptedProjection) {
    auto rng = test::seededRng();
    const int in = 32, out = 6, rank = 3, t = 2;
    const float s = 16.0f / rank;  // alpha / rank
    QByteArray bytes;
    const WeightView w =
        weightView(gguf::TensorType::Q8_0, randomVector(rng, in * out), in, out, &bytes);
    const std::vector<float> a = randomVector(rng, rank * in, -0.3f, 0.3f);
    const std::vector<float> b = randomVector(rng, out * rank, -0.3f, 0.3f);
    const std::vector<float> x = randomVector(rng, in * t, -2.0f, 2.0f);
    const std::vector<float> rf = randomVector(rng, out * t);
    std::vector<float> dx(x.size(), 0.0f), dA(a.size(), 0.0f), dB(b.size(), 0.0f);
    matmulBackward(w, rf, t, dx);
    loraAddBackward(a, b, rank, s, x, t, rf, dx, dA, dB);
    const std::vector<double> ad = toDouble(a), bd = toDouble(b), xd = toDouble(x);
    auto loss = [&](std::span<const double> as, std::span<const double> bs,
                    std::span<const double> xs) {
        std::vector<double> y(size_t(out) * t);
        matmul(w, xs, t, y);
        loraAdd(as, bs, rank, s, xs, t, y);
        return dot(y, rf);
    };
    expectGradient("matmul+loraAdd", "x", dx, xd,
                   [&](std::span<const double> v) { return loss(ad, bd, v); });
    expectGradient("matmul+loraAdd", "A", dA, ad,
                   [&](std::span<const double> v) { return loss(v, bd, xd); });
    expectGradient("matmul+loraAdd", "B", dB, bd,
                   [&](std::span<const double> v) { return loss(ad, v, xd); });
    // The float forward adds the same update (rounded once per value).
    std::vector<float> y(size_t(out) * t, 0.0f);
    std::vector<double> yd(y.size(), 0.0);
    loraAdd(a, b, rank, s, x, t, y);
    loraAdd(ad, bd, rank, s, xd, t, yd);
    for (size_t i = 0; i < y.size(); ++i)
        EXPECT_NEAR(y[i], yd[i], 1.2e-7 * std::abs(yd[i])) << i;
}

// Scatter-add: repeated ids sum, rows never looked up get nothing. The table values sit on a grid
// of 1/64 and h = 2^-10, so the perturbed F32 table is exact and the (linear) differences are too.
TEST(ReferenceGrad, EmbeddingScatterAdd) {
    auto rng = test::seededRng();
    const int vocab = 6, cols = 4;
    std::vector<float> table(vocab * cols);
    for (float &v : table)
        v = float(int(rng() % 129) - 64) / 64.0f;
    const std::vector<int32_t> ids = {2, 0, 2, 5, 2};
    const float scale = 3.5f;
    const std::vector<float> rf = randomVector(rng, ids.size() * cols);
    std::vector<float> dTable(table.size(), 0.0f);
    embeddingBackward(ids, scale, rf, dTable);
    const double h = std::ldexp(1.0, -10);
    expectGradient(
        "embeddingRow", "table", dTable, toDouble(table),
        [&](std::span<const double> v) {
            const std::vector<float> t(v.begin(), v.end());  // exact: grid ± 2^-10
            const WeightView view = WeightView::fromF32(t, cols, vocab);
            double s = 0.0;
            std::vector<double> row(cols);
            for (size_t i = 0; i < ids.size(); ++i) {
                embeddingRow(view, ids[i], static_cast<double>(scale), row);
                for (int c = 0; c < cols; ++c)
                    s += row[c] * static_cast<double>(rf[i * cols + c]);
            }
            return s;
        },
        h / kH);
    for (const int unused : {1, 3, 4})
        for (int c = 0; c < cols; ++c)
            EXPECT_EQ(dTable[unused * cols + c], 0.0f);
}

// ---- small helpers ----------------------------------------------------------------------------

TEST(ReferenceGrad, ScaleAndAdd) {
    auto rng = test::seededRng();
    const std::vector<float> x = randomVector(rng, 12, -3.0f, 3.0f);
    const std::vector<float> rf = randomVector(rng, 12);
    const float s = 0.8871f;
    std::vector<float> dx(12, 0.0f);
    const double ds = scaleBackward(x, s, rf, dx);
    expectGradient("scale", "x", dx, toDouble(x), [&](std::span<const double> v) {
        std::vector<double> y(12);
        scale(v, static_cast<double>(s), y);
        return dot(y, rf);
    });
    const std::vector<double> one = {s};
    const std::vector<float> dsf = {static_cast<float>(ds)};
    expectGradient("scale", "s", dsf, one, [&](std::span<const double> v) {
        std::vector<double> y(12);
        scale(toDouble(x), v[0], y);
        return dot(y, rf);
    });
    // add: both inputs receive dy; addInto accumulates.
    std::vector<float> da(12, 0.5f);
    addInto(da, rf);
    for (size_t i = 0; i < 12; ++i)
        EXPECT_EQ(da[i], 0.5f + rf[i]);
}

// ---- per-layer inputs -------------------------------------------------------------------------

TEST(ReferenceGrad, PerLayerInputCombine) {
    auto rng = test::seededRng();
    const int tokens = 2, layers = 3, P = 8;
    const size_t n = size_t(tokens) * layers * P;
    const float projScale = 0.125f, eps = 1e-6f;  // H = 64
    const std::vector<float> proj = randomVector(rng, n, -4.0f, 4.0f);
    const std::vector<float> z = randomVector(rng, n, -2.0f, 2.0f);
    const std::vector<float> norm = randomVector(rng, P, 0.5f, 1.5f);
    const std::vector<float> rf = randomVector(rng, n);
    std::vector<float> dProj(n, 0.0f), dZ(n, 0.0f), dNorm(P, 0.0f);
    pleCombineBackward(proj, norm, projScale, eps, rf, dProj, dZ, dNorm);
    const std::vector<double> pd = toDouble(proj), zd = toDouble(z), nd = toDouble(norm);
    auto loss = [&](std::span<const double> ps, std::span<const double> zs,
                    std::span<const double> ns) {
        std::vector<double> out(n);
        pleCombine(ps, zs, ns, static_cast<double>(projScale), eps, out);
        return dot(out, rf);
    };
    expectGradient("pleCombine", "proj", dProj, pd,
                   [&](std::span<const double> v) { return loss(v, zd, nd); });
    expectGradient("pleCombine", "z", dZ, zd,
                   [&](std::span<const double> v) { return loss(pd, v, nd); });
    expectGradient("pleCombine", "norm", dNorm, nd,
                   [&](std::span<const double> v) { return loss(pd, zd, v); });
}

// pleCombine is the reference model's combine: recomputed from the model's own inputs (the
// "embed" trace and the fixture's tensors) it equals the "ple" trace bit for bit.
TEST(ReferenceGrad, PerLayerInputCombineIsTheModels) {
    auto rng = test::seededRng();
    QString error;
    const QByteArray bytes = test::gemma4FixtureBytes({}, &error);
    ASSERT_FALSE(bytes.isEmpty()) << error.toStdString();
    auto file = gguf::File::fromBytes(bytes, &error);
    ASSERT_TRUE(file) << error.toStdString();
    auto model = ReferenceModel::load(*file, &error);
    ASSERT_TRUE(model) << error.toStdString();
    const Gemma4Config &c = model->config();
    std::vector<int32_t> tokens(4);
    for (int32_t &t : tokens)
        t = int32_t(rng() % uint64_t(c.vocabSize));
    std::vector<float> embed, ple;
    ReferenceModel::Session s = model->newSession();
    s.setTrace([&](const TraceEvent &e) {
        if (e.name == "embed") embed.assign(e.data.begin(), e.data.end());
        if (e.name == "ple") ple.assign(e.data.begin(), e.data.end());
    });
    s.prefill(tokens);
    ASSERT_FALSE(ple.empty());

    const size_t LP = size_t(c.layerCount) * c.pleDim;
    const WeightView projW = WeightView::fromTensor(*file->tensor("per_layer_model_proj.weight"));
    const WeightView table = WeightView::fromTensor(*file->tensor("per_layer_token_embd.weight"));
    const gguf::TensorInfo *normT = file->tensor("per_layer_proj_norm.weight");
    std::vector<float> norm(c.pleDim);
    ASSERT_TRUE(gguf::dequantizeRow(normT->type, normT->data, norm.data(), c.pleDim));
    std::vector<float> proj(tokens.size() * LP), z(tokens.size() * LP), out(proj.size());
    matmul(projW, embed, int(tokens.size()), proj);
    const float pleScale = static_cast<float>(std::sqrt(static_cast<double>(c.pleDim)));
    for (size_t i = 0; i < tokens.size(); ++i)
        embeddingRow(table, tokens[i], pleScale, std::span<float>(z).subspan(i * LP, LP));
    pleCombine(proj, z, norm, static_cast<float>(1.0 / std::sqrt(static_cast<double>(c.hidden))),
               c.rmsEps, out);
    EXPECT_EQ(out, ple);
}

// ---- loss -------------------------------------------------------------------------------------

TEST(ReferenceGrad, CrossEntropyWithIgnoredPositions) {
    auto rng = test::seededRng();
    const int T = 5, V = 7;
    std::vector<float> logits = randomVector(rng, T * V, -4.0f, 4.0f);
    logits[3 * V + 2] = 60.0f;  // a confident row: exp(60) would not fit in float
    const std::vector<int32_t> targets = {3, -1, 0, 6, -1};
    std::vector<float> dLogits(logits.size(), 0.0f);
    const double loss = crossEntropy(logits, targets, dLogits);
    const std::vector<double> ld = toDouble(logits);
    EXPECT_NEAR(loss, crossEntropy(std::span<const double>(ld), targets), 1e-12);
    expectGradient("crossEntropy", "logits", dLogits, ld,
                   [&](std::span<const double> v) { return crossEntropy(v, targets); });
    // The mean over the three counted positions, each −log softmax at its target.
    double want = 0.0;
    for (int t : {0, 2, 3}) {
        double m = -1e300, sum = 0.0;
        for (int j = 0; j < V; ++j)
            m = std::max(m, ld[t * V + j]);
        for (int j = 0; j < V; ++j)
            sum += std::exp(ld[t * V + j] - m);
        want += m + std::log(sum) - ld[t * V + targets[t]];
    }
    EXPECT_NEAR(loss, want / 3.0, 1e-12 * want);
    // Ignored rows get exactly nothing; each counted row's gradient sums to 0.
    for (int t = 0; t < T; ++t) {
        double rowSum = 0.0;
        for (int j = 0; j < V; ++j) {
            if (targets[t] < 0) {
                EXPECT_EQ(dLogits[t * V + j], 0.0f);
            }
            rowSum += dLogits[t * V + j];
        }
        EXPECT_NEAR(rowSum, 0.0, 1e-7) << "row " << t;
    }
    // No counted position: loss 0, no gradient.
    std::vector<float> none(logits.size(), 0.0f);
    EXPECT_EQ(crossEntropy(logits, std::vector<int32_t>(T, -1), none), 0.0);
    EXPECT_TRUE(std::all_of(none.begin(), none.end(), [](float g) { return g == 0.0f; }));
    // Huge logits stay finite (the maximum is subtracted before exp).
    std::vector<float> huge = {1e4f, -1e4f, 3e4f};
    EXPECT_NEAR(crossEntropy(huge, std::vector<int32_t>{0}), 2e4, 1e-6);
}

// The output head of training: logits = softcap(W · rmsw(x, w)), loss = cross-entropy, the
// backward ops chained in reverse.
TEST(ReferenceGrad, OutputHeadChain) {
    auto rng = test::seededRng();
    const int T = 3, H = 32, V = 11;
    const float eps = 1e-6f, cap = 3.0f;  // a small cap so that the softcap matters
    QByteArray bytes;
    const WeightView wOut =
        weightView(gguf::TensorType::F32, randomVector(rng, V * H, -0.5f, 0.5f), H, V, &bytes);
    const std::vector<float> x = randomVector(rng, T * H, -2.0f, 2.0f);
    const std::vector<float> normW = randomVector(rng, H, 0.5f, 1.5f);
    const std::vector<int32_t> targets = {4, 10, -1};
    // Forward in float, as the model runs it.
    std::vector<float> normed(T * H), raw(T * V), logits(T * V);
    rmsNormRows(x, T, normW, normed, eps);
    matmul(wOut, normed, T, raw);
    softcap(raw, cap, logits);
    // Backward.
    std::vector<float> dLogits(T * V, 0.0f), dRaw(T * V, 0.0f), dNormed(T * H, 0.0f),
        dx(T * H, 0.0f);
    crossEntropy(logits, targets, dLogits);
    softcapBackward(raw, cap, dLogits, dRaw);
    matmulBackward(wOut, dRaw, T, dNormed);
    rmsNormRowsBackward(x, T, normW, dNormed, eps, dx, {});
    const std::vector<double> wd = toDouble(normW);
    expectGradient(
        "output head chain", "x", dx, toDouble(x),
        [&](std::span<const double> v) {
            std::vector<double> n(v.size()), r(T * V), l(T * V);
            rmsNormRows(v, T, wd, n, eps);
            matmul(wOut, n, T, r);
            softcap(r, static_cast<double>(cap), l);
            return crossEntropy(l, targets);
        },
        1, 1, kChainBound);
}

// One decoder attention block with a LoRA adapter on the query projection, the backward ops
// chained in reverse as training will chain them:
//   a = rmsw(x, attn_norm); q = rope(rmsw(Wq·a + s·B·(A·a), q_norm)); k = rope(rmsw(Wk·a, k_norm));
//   v = rms(Wv·a); o = attention(q, k, v) (sliding window 2, 2 query heads on 1 KV head);
//   y = (x + rmsw(Wo·o, post_norm)) · layer_scale.
// The residual x receives two gradients (the skip and the norm's), a gathers three (q, k, v).
TEST(ReferenceGrad, AttentionBlockChainWithLora) {
    auto rng = test::seededRng();
    const int n = 3, H = 16, heads = 2, kvHeads = 1, D = 8, rank = 2;
    const int qw = heads * D, kvw = kvHeads * D;
    const float eps = 1e-6f, layerScale = 0.9f, loraScale = 2.0f;
    QByteArray bq, bk, bv, bo;
    const WeightView wq =
        weightView(gguf::TensorType::F32, randomVector(rng, qw * H, -0.5f, 0.5f), H, qw, &bq);
    const WeightView wk =
        weightView(gguf::TensorType::F32, randomVector(rng, kvw * H, -0.5f, 0.5f), H, kvw, &bk);
    const WeightView wv =
        weightView(gguf::TensorType::F32, randomVector(rng, kvw * H, -0.5f, 0.5f), H, kvw, &bv);
    const WeightView wo =
        weightView(gguf::TensorType::F32, randomVector(rng, H * qw, -0.5f, 0.5f), qw, H, &bo);
    const std::vector<float> attnNorm = randomVector(rng, H, 0.5f, 1.5f);
    const std::vector<float> qNorm = randomVector(rng, D, 0.5f, 1.5f);
    const std::vector<float> kNorm = randomVector(rng, D, 0.5f, 1.5f);
    const std::vector<float> postNorm = randomVector(rng, H, 0.5f, 1.5f);
    const std::vector<float> a = randomVector(rng, rank * H, -0.5f, 0.5f);
    const std::vector<float> b = randomVector(rng, qw * rank, -0.5f, 0.5f);
    const std::vector<float> x = randomVector(rng, n * H, -2.0f, 2.0f);
    const std::vector<float> rf = randomVector(rng, n * H);
    const std::vector<int64_t> pos = {7, 8, 9};
    RopeParams rope;
    rope.dims = D;
    rope.base = 10000.0f;
    AttentionParams ap;
    ap.heads = heads;
    ap.kvHeads = kvHeads;
    ap.headDim = D;
    ap.window = 2;

    // The forward in float or double: the same ops.
    struct Acts {
        std::vector<float> a, q, qn, qr, k, kn, kr, v, vn, o, out, post, sum;
    };
    auto forward = [&](auto xs, auto as, auto bs, auto &acts, auto &y) {
        using T = typename std::remove_cvref_t<decltype(y)>::value_type;
        auto buf = [](size_t size) { return std::vector<T>(size); };
        auto A0 = buf(n * H), q = buf(n * qw), qn = buf(n * qw), qr = buf(n * qw);
        auto k = buf(n * kvw), kn = buf(n * kvw), kr = buf(n * kvw), v = buf(n * kvw),
             vn = buf(n * kvw), o = buf(n * qw), out = buf(n * H), post = buf(n * H),
             sum = buf(n * H);
        const std::vector<T> an(attnNorm.begin(), attnNorm.end()), qnw(qNorm.begin(), qNorm.end()),
            knw(kNorm.begin(), kNorm.end()), pn(postNorm.begin(), postNorm.end());
        rmsNormRows(xs, n, std::span<const T>(an), A0, eps);
        matmul(wq, A0, n, q);
        loraAdd(as, bs, rank, T(loraScale), A0, n, q);
        rmsNormRows(q, n * heads, std::span<const T>(qnw), qn, eps);
        matmul(wk, A0, n, k);
        rmsNormRows(k, n * kvHeads, std::span<const T>(knw), kn, eps);
        matmul(wv, A0, n, v);
        rmsNormRows(v, n * kvHeads, std::span<const T>(), vn, eps);
        for (int i = 0; i < n; ++i) {
            ropeNeox(std::span<const T>(qn).subspan(i * qw, qw), std::span(qr).subspan(i * qw, qw),
                     D, pos[i], rope);
            ropeNeox(std::span<const T>(kn).subspan(i * kvw, kvw),
                     std::span(kr).subspan(i * kvw, kvw), D, pos[i], rope);
        }
        attention(qr, pos, kr, vn, pos, ap, o);
        matmul(wo, o, n, out);
        rmsNormRows(out, n, std::span<const T>(pn), post, eps);
        add(xs, post, sum);
        scale(sum, T(layerScale), y);
        if constexpr (std::is_same_v<T, float>)
            acts = Acts{A0, q, qn, qr, k, kn, kr, v, vn, o, out, post, sum};
    };
    Acts acts;
    std::vector<float> y(n * H);
    forward(std::span<const float>(x), std::span<const float>(a), std::span<const float>(b), acts,
            y);

    // Backward, from dy = r.
    std::vector<float> dx(n * H, 0.0f), dSum(n * H, 0.0f), dOut(n * H, 0.0f), dO(n * qw, 0.0f),
        dQr(n * qw, 0.0f), dKr(n * kvw, 0.0f), dVn(n * kvw, 0.0f), dQn(n * qw, 0.0f),
        dKn(n * kvw, 0.0f), dQ(n * qw, 0.0f), dK(n * kvw, 0.0f), dV(n * kvw, 0.0f),
        dA0(n * H, 0.0f), dLoraA(a.size(), 0.0f), dLoraB(b.size(), 0.0f);
    scaleBackward(acts.sum, layerScale, rf, dSum);
    addInto(dx, dSum);  // the skip connection
    rmsNormRowsBackward(acts.out, n, postNorm, dSum, eps, dOut, {});
    matmulBackward(wo, dOut, n, dO);
    attentionBackward(acts.qr, pos, acts.kr, acts.vn, pos, ap, dO, dQr, dKr, dVn);
    for (int i = 0; i < n; ++i) {
        ropeNeoxBackward(std::span<const float>(dQr).subspan(i * qw, qw), D, pos[i], rope,
                         std::span(dQn).subspan(i * qw, qw));
        ropeNeoxBackward(std::span<const float>(dKr).subspan(i * kvw, kvw), D, pos[i], rope,
                         std::span(dKn).subspan(i * kvw, kvw));
    }
    rmsNormRowsBackward(acts.q, n * heads, qNorm, dQn, eps, dQ, {});
    rmsNormRowsBackward(acts.k, n * kvHeads, kNorm, dKn, eps, dK, {});
    rmsNormRowsBackward(acts.v, n * kvHeads, {}, dVn, eps, dV, {});
    matmulBackward(wq, dQ, n, dA0);
    loraAddBackward(a, b, rank, loraScale, acts.a, n, dQ, dA0, dLoraA, dLoraB);
    matmulBackward(wk, dK, n, dA0);
    matmulBackward(wv, dV, n, dA0);
    rmsNormRowsBackward(x, n, attnNorm, dA0, eps, dx, {});

    const std::vector<double> xd = toDouble(x), ad = toDouble(a), bd = toDouble(b);
    auto loss = [&](CSpanD xs, CSpanD as, CSpanD bs) {
        Acts unused;
        std::vector<double> yd(n * H);
        forward(xs, as, bs, unused, yd);
        return dot(yd, rf);
    };
    const char *op = "attention block chain";
    expectGradient(
        op, "x", dx, xd, [&](CSpanD v) { return loss(v, ad, bd); }, 1, 1, kChainBound);
    expectGradient(
        op, "lora A", dLoraA, ad, [&](CSpanD v) { return loss(xd, v, bd); }, 1, 1, kChainBound);
    expectGradient(
        op, "lora B", dLoraB, bd, [&](CSpanD v) { return loss(xd, ad, v); }, 1, 1, kChainBound);
}

// The double forward overloads are the float ops without the final rounding: on the same inputs
// the float result is the double one rounded (to within an ulp or two where the float version
// rounds an intermediate, as geglu and the norms' inputs do).
TEST(ReferenceGrad, DoubleForwardMatchesFloatForward) {
    auto rng = test::seededRng();
    const std::vector<float> x = randomVector(rng, 64, -3.0f, 3.0f);
    const std::vector<float> w = randomVector(rng, 16, 0.5f, 1.5f);
    const std::vector<double> xd = toDouble(x), wd = toDouble(w);
    auto expectRounded = [](std::span<const float> f, std::span<const double> d, double ulps,
                            const char *what) {
        for (size_t i = 0; i < f.size(); ++i)
            ASSERT_NEAR(f[i], d[i], ulps * 6e-8 * std::abs(d[i]) + 1e-30) << what << " " << i;
    };
    std::vector<float> yf(64);
    std::vector<double> yd(64);
    rmsNormRows(x, 4, w, yf, 1e-6f);
    rmsNormRows(xd, 4, wd, yd, 1e-6);
    expectRounded(yf, yd, 1, "rmsNormRows");
    geglu(std::span<const float>(x).first(32), std::span<const float>(x).last(32),
          std::span<float>(yf).first(32));
    geglu(std::span<const double>(xd).first(32), std::span<const double>(xd).last(32),
          std::span<double>(yd).first(32));
    expectRounded(std::span<const float>(yf).first(32), std::span<const double>(yd).first(32), 2,
                  "geglu");
    softcap(x, 2.0f, yf);
    softcap(xd, 2.0, yd);
    expectRounded(yf, yd, 1, "softcap");
    RopeParams p;
    p.dims = 16;
    ropeNeox(x, yf, 16, 99, p);
    ropeNeox(xd, yd, 16, 99, p);
    for (size_t i = 0; i < 64; ++i)
        ASSERT_NEAR(yf[i], yd[i], 1.2e-7 * 4.0) << "rope " << i;
}

}  // namespace
}  // namespace facet::model::ref
