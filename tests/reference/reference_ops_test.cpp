// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Each reference op against an independent, straightforward formula on fresh random data
// (FACET_TEST_SEED reproduces a run). Bounds are stated per test; "ulp-level" bounds are a few
// float epsilons relative to the value, since the ops accumulate in double and round once.
#include "model/reference_ops.h"
#include "gguf/dequant.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

namespace facet::model::ref {
namespace {

constexpr float kFloatEps = 1.1920929e-7f;

std::vector<float> randomVector(std::mt19937_64 &rng, size_t n, float lo = -1.0f, float hi = 1.0f) {
    std::uniform_real_distribution<float> d(lo, hi);
    std::vector<float> v(n);
    for (float &x : v)
        x = d(rng);
    return v;
}

// |a − b| <= rel·max(|b|, floor) element-wise.
void expectClose(std::span<const float> a, std::span<const double> b, double rel, double floor,
                 const char *what) {
    ASSERT_EQ(a.size(), b.size()) << what;
    for (size_t i = 0; i < a.size(); ++i) {
        const double tol = rel * std::max(std::abs(b[i]), floor);
        ASSERT_NEAR(a[i], b[i], tol) << what << " at " << i;
    }
}

// ---- rms norm ---------------------------------------------------------------------------------

TEST(ReferenceOps, RmsNormMatchesDoubleFormula) {
    auto rng = test::seededRng();
    const float eps = 1e-6f;
    for (size_t n : {1u, 2u, 7u, 64u, 256u, 1536u}) {
        for (float magnitude : {1e-3f, 1.0f, 300.0f}) {
            const std::vector<float> x = randomVector(rng, n, -magnitude, magnitude);
            const std::vector<float> w = randomVector(rng, n, 0.5f, 1.5f);
            double ss = 0.0;
            for (float v : x)
                ss += static_cast<double>(v) * v;
            const double r = std::sqrt(ss / static_cast<double>(n) + eps);
            std::vector<double> plain(n), weighted(n);
            for (size_t i = 0; i < n; ++i) {
                plain[i] = x[i] / r;
                weighted[i] = x[i] / r * w[i];
            }
            std::vector<float> y(n);
            rmsNorm(x, y, eps);
            // One rounding of a double result: 1 ulp; 2 eps leaves room for the product order.
            expectClose(y, plain, 2 * kFloatEps, 1e-30, "rmsNorm");
            rmsNormWeighted(x, w, y, eps);
            expectClose(y, weighted, 2 * kFloatEps, 1e-30, "rmsNormWeighted");
            EXPECT_NEAR(rmsInverse(x, eps), 1.0 / r, 1e-12 / r);
        }
    }
}

TEST(ReferenceOps, RmsNormEpsilonDominatesTinyInput) {
    // mean(x²) = 1e-12 << eps = 1e-6: the output is x/sqrt(eps + 1e-12), not a unit vector.
    const float v = 1e-6f, eps = 1e-6f;
    const std::vector<float> x = {v, -v, v, -v};
    std::vector<float> y(4);
    rmsNorm(x, y, eps);
    const double expected =
        static_cast<double>(v) / std::sqrt(static_cast<double>(eps) + static_cast<double>(v) * v);
    EXPECT_LT(expected, 1.1e-3);
    for (size_t i = 0; i < 4; ++i)
        EXPECT_NEAR(std::abs(y[i]), expected, 2 * kFloatEps * expected);
}

TEST(ReferenceOps, RmsNormRowsNormalisesEachHeadSeparately) {
    auto rng = test::seededRng();
    const int heads = 5, hd = 24;
    std::vector<float> x = randomVector(rng, heads * hd, -3.0f, 3.0f);
    for (int i = 0; i < hd; ++i)
        x[static_cast<size_t>(2 * hd + i)] *= 100.0f;  // one head much larger than the rest
    const std::vector<float> w = randomVector(rng, hd, 0.5f, 1.5f);
    std::vector<float> y(x.size()), yPlain(x.size());
    rmsNormRows(x, heads, w, y, 1e-6f);
    rmsNormRows(x, heads, {}, yPlain, 1e-6f);
    std::vector<double> ref(x.size()), refPlain(x.size());
    for (int h = 0; h < heads; ++h) {
        double ss = 0.0;
        for (int i = 0; i < hd; ++i)
            ss += std::pow(static_cast<double>(x[static_cast<size_t>(h * hd + i)]), 2);
        const double r = std::sqrt(ss / hd + 1e-6);
        for (int i = 0; i < hd; ++i) {
            const size_t k = static_cast<size_t>(h * hd + i);
            refPlain[k] = x[k] / r;
            ref[k] = x[k] / r * w[static_cast<size_t>(i)];
        }
    }
    expectClose(y, ref, 2 * kFloatEps, 1e-30, "weighted per head");
    expectClose(yPlain, refPlain, 2 * kFloatEps, 1e-30, "unweighted per head");
    // In place gives the same result.
    std::vector<float> inPlace = x;
    rmsNormRows(inPlace, heads, w, inPlace, 1e-6f);
    EXPECT_EQ(inPlace, y);
}

// ---- activations ------------------------------------------------------------------------------

TEST(ReferenceOps, GeluTanhMatchesFormulaAndKnownValues) {
    auto rng = test::seededRng();
    const double pi = 3.14159265358979323846;
    auto formula = [&](double x) {
        return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / pi) * (x + 0.044715 * x * x * x)));
    };
    for (float x : randomVector(rng, 2000, -12.0f, 12.0f)) {
        const double ref = formula(x);
        EXPECT_NEAR(geluTanh(x), ref, 2 * kFloatEps * std::max(std::abs(ref), 1e-3)) << x;
    }
    EXPECT_EQ(geluTanh(0.0f), 0.0f);
    // gelu_pytorch_tanh(1) = 0.8411920…, (−1) = −0.1588080…; large |x|: x or 0.
    EXPECT_NEAR(geluTanh(1.0f), 0.84119199, 1e-7);
    EXPECT_NEAR(geluTanh(-1.0f), -0.15880801, 1e-7);
    EXPECT_EQ(geluTanh(30.0f), 30.0f);
    EXPECT_EQ(geluTanh(-30.0f), -0.0f);
}

TEST(ReferenceOps, GegluIsGeluOfGateTimesUp) {
    auto rng = test::seededRng();
    const std::vector<float> g = randomVector(rng, 300, -4.0f, 4.0f);
    const std::vector<float> u = randomVector(rng, 300, -4.0f, 4.0f);
    std::vector<float> out(300);
    geglu(g, u, out);
    std::vector<double> ref(300);
    for (size_t i = 0; i < 300; ++i) {
        const double x = g[i];
        ref[i] = 0.5 * x * (1.0 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))) *
                 static_cast<double>(u[i]);
    }
    expectClose(out, ref, 4 * kFloatEps, 1e-6, "geglu");
}

TEST(ReferenceOps, SoftcapBoundedAndMatchesTanh) {
    auto rng = test::seededRng();
    for (float cap : {0.5f, 30.0f}) {
        for (float x : randomVector(rng, 500, -1e4f, 1e4f)) {
            const float y = softcap(x, cap);
            EXPECT_LE(std::abs(y), cap);
            EXPECT_NEAR(y, cap * std::tanh(static_cast<double>(x) / cap), 2 * kFloatEps * cap);
        }
        // Near zero the cap is the identity to first order.
        EXPECT_NEAR(softcap(1e-3f * cap, cap), 1e-3f * cap, 1e-9 * cap);
    }
    EXPECT_EQ(softcap(123.5f, 0.0f), 123.5f);  // cap 0: off
}

// ---- RoPE -------------------------------------------------------------------------------------

// Explicit complex rotation: pair j is the complex number x[j] + i·x[j + dims/2].
std::vector<double> ropeByComplex(const std::vector<float> &x, int hd, int dims, double base,
                                  const std::vector<float> &factors, int64_t pos) {
    std::vector<double> y(x.begin(), x.end());
    const size_t heads = x.size() / static_cast<size_t>(hd);
    const int half = dims / 2;
    for (size_t h = 0; h < heads; ++h) {
        for (int j = 0; j < half; ++j) {
            const double f = factors.empty() ? 1.0 : factors[static_cast<size_t>(j)];
            const double theta = static_cast<double>(pos) * std::pow(base, -2.0 * j / dims) / f;
            const size_t a = h * static_cast<size_t>(hd) + static_cast<size_t>(j);
            const size_t b = a + static_cast<size_t>(half);
            const std::complex<double> z =
                std::complex<double>(x[a], x[b]) * std::exp(std::complex<double>(0.0, theta));
            y[a] = z.real();
            y[b] = z.imag();
        }
    }
    return y;
}

TEST(ReferenceOps, RopeMatchesComplexRotation) {
    auto rng = test::seededRng();
    struct Case {
        int hd, dims;
        double base;
        bool proportional;
    };
    // Sliding-like (all dims rotate), global-like with rope_freqs (1 for the first quarter of the
    // pairs, 1e30 for the rest), and a partial rotation (dims < head dim; the tail passes).
    for (const Case &c : {Case{32, 32, 1e4, false}, Case{64, 64, 1e6, true},
                          Case{48, 16, 100.0, false}, Case{512, 512, 1e6, true}}) {
        std::vector<float> factors;
        if (c.proportional) {
            for (int j = 0; j < c.dims / 2; ++j)
                factors.push_back(j < c.dims / 8 ? 1.0f : 1e30f);
        }
        RopeParams p{c.dims, static_cast<float>(c.base), factors};
        for (int64_t pos : {int64_t{0}, int64_t{1}, int64_t{7}, int64_t{511}, int64_t{100000}}) {
            const std::vector<float> x = randomVector(rng, static_cast<size_t>(3 * c.hd));
            std::vector<float> y(x.size());
            ropeNeox(x, y, c.hd, pos, p);
            const std::vector<double> ref = ropeByComplex(x, c.hd, c.dims, c.base, factors, pos);
            // |x| <= 1: absolute bound of a few float ulps of 1.
            for (size_t i = 0; i < y.size(); ++i)
                ASSERT_NEAR(y[i], ref[i], 4 * kFloatEps) << "hd " << c.hd << " pos " << pos;
            if (pos == 0) {
                EXPECT_EQ(y, x);
            }
            // Pairs with factor 1e30 and dims beyond `dims` are unchanged (to float precision).
            for (size_t h = 0; h < 3; ++h) {
                for (int j = 0; j < c.hd; ++j) {
                    const int pair = j < c.dims ? j % (c.dims / 2) : -1;
                    const bool still =
                        pair < 0 || (!factors.empty() && factors[static_cast<size_t>(pair)] > 1.0f);
                    const size_t k = h * static_cast<size_t>(c.hd) + static_cast<size_t>(j);
                    if (still) {
                        ASSERT_EQ(y[k], x[k]) << "dim " << j << " pos " << pos;
                    }
                }
            }
        }
    }
}

TEST(ReferenceOps, RopeScoresDependOnRelativePositionOnly) {
    auto rng = test::seededRng();
    const int hd = 64;
    RopeParams p{hd, 1e4f, {}};
    const std::vector<float> q = randomVector(rng, hd), k = randomVector(rng, hd);
    auto score = [&](int64_t pq, int64_t pk) {
        std::vector<float> rq(hd), rk(hd);
        ropeNeox(q, rq, hd, pq, p);
        ropeNeox(k, rk, hd, pk, p);
        double s = 0.0;
        for (int i = 0; i < hd; ++i)
            s += static_cast<double>(rq[static_cast<size_t>(i)]) * rk[static_cast<size_t>(i)];
        return s;
    };
    // |q·k| <= 64; float rounding of the rotated vectors: 64 · 2 · 4 eps ≈ 6e-5.
    EXPECT_NEAR(score(10, 3), score(107, 100), 1e-4);
    EXPECT_NEAR(score(5, 5), score(0, 0), 1e-4);
    EXPECT_NEAR(score(2000, 1990), score(20, 10), 1e-4);
}

// ---- attention --------------------------------------------------------------------------------

// Naive attention: explicit mask matrix, repeat_kv expansion of the KV heads, plain softmax.
std::vector<double> naiveAttention(const std::vector<float> &q, const std::vector<int64_t> &qPos,
                                   const std::vector<float> &k, const std::vector<float> &v,
                                   const std::vector<int64_t> &kPos, int nH, int nKV, int hd,
                                   int window, double scale, double cap) {
    const size_t tq = qPos.size(), tk = kPos.size();
    const int rep = nH / nKV;
    // Expand K and V to one head per query head.
    std::vector<std::vector<double>> ke(tk * static_cast<size_t>(nH)),
        ve(tk * static_cast<size_t>(nH));
    for (size_t j = 0; j < tk; ++j) {
        for (int h = 0; h < nH; ++h) {
            const int g = h / rep;
            for (int d = 0; d < hd; ++d) {
                const size_t src =
                    j * static_cast<size_t>(nKV * hd) + static_cast<size_t>(g * hd + d);
                ke[j * static_cast<size_t>(nH) + static_cast<size_t>(h)].push_back(k[src]);
                ve[j * static_cast<size_t>(nH) + static_cast<size_t>(h)].push_back(v[src]);
            }
        }
    }
    std::vector<double> out(tq * static_cast<size_t>(nH * hd), 0.0);
    for (size_t i = 0; i < tq; ++i) {
        for (int h = 0; h < nH; ++h) {
            std::vector<double> w(tk, 0.0);
            double sum = 0.0;
            for (size_t j = 0; j < tk; ++j) {
                const int64_t dist = qPos[i] - kPos[j];
                const bool allowed = dist >= 0 && (window == 0 || dist < window);
                if (!allowed) continue;
                double s = 0.0;
                for (int d = 0; d < hd; ++d) {
                    s +=
                        static_cast<double>(
                            q[i * static_cast<size_t>(nH * hd) + static_cast<size_t>(h * hd + d)]) *
                        ke[j * static_cast<size_t>(nH) + static_cast<size_t>(h)]
                          [static_cast<size_t>(d)];
                }
                s *= scale;
                if (cap > 0) s = cap * std::tanh(s / cap);
                w[j] = std::exp(s);
                sum += w[j];
            }
            for (size_t j = 0; j < tk; ++j) {
                for (int d = 0; d < hd; ++d) {
                    out[i * static_cast<size_t>(nH * hd) + static_cast<size_t>(h * hd + d)] +=
                        w[j] / sum *
                        ve[j * static_cast<size_t>(nH) + static_cast<size_t>(h)]
                          [static_cast<size_t>(d)];
                }
            }
        }
    }
    return out;
}

TEST(ReferenceOps, AttentionMatchesNaiveSoftmaxWithExplicitMasks) {
    auto rng = test::seededRng();
    struct Case {
        int nH, nKV, hd, window, tq, tk;
        float scale, cap;
    };
    // Full causal self-attention, GQA 4:1 and 2:1, sliding windows 1, 3 and wider than the
    // sequence, decode-style queries over a longer cache (tq < tk), a scale and a logit cap.
    for (const Case &c :
         {Case{4, 1, 16, 0, 9, 9, 1.0f, 0.0f}, Case{4, 2, 8, 3, 12, 12, 1.0f, 0.0f},
          Case{2, 2, 8, 1, 5, 5, 1.0f, 0.0f}, Case{8, 1, 32, 64, 10, 10, 1.0f, 0.0f},
          Case{4, 1, 16, 5, 3, 20, 1.0f, 0.0f}, Case{6, 3, 12, 0, 4, 11, 0.125f, 0.0f},
          Case{4, 4, 16, 4, 8, 8, 1.0f, 2.5f}}) {
        const size_t qw = static_cast<size_t>(c.nH * c.hd), kw = static_cast<size_t>(c.nKV * c.hd);
        // Scores up to ~hd·(2·2): exercises a wide softmax range.
        const std::vector<float> q = randomVector(rng, static_cast<size_t>(c.tq) * qw, -2, 2);
        const std::vector<float> k = randomVector(rng, static_cast<size_t>(c.tk) * kw, -2, 2);
        const std::vector<float> v = randomVector(rng, static_cast<size_t>(c.tk) * kw, -1, 1);
        std::vector<int64_t> kPos(static_cast<size_t>(c.tk)), qPos(static_cast<size_t>(c.tq));
        for (int j = 0; j < c.tk; ++j)
            kPos[static_cast<size_t>(j)] = 40 + j;  // a cache that does not start at 0
        for (int i = 0; i < c.tq; ++i)
            qPos[static_cast<size_t>(i)] = 40 + c.tk - c.tq + i;  // the last tq cache positions
        AttentionParams p{c.nH, c.nKV, c.hd, c.window, c.scale, c.cap};
        std::vector<float> out(static_cast<size_t>(c.tq) * qw);
        std::vector<float> probs(static_cast<size_t>(c.tq * c.nH * c.tk));
        attention(q, qPos, k, v, kPos, p, out, probs);
        const std::vector<double> ref =
            naiveAttention(q, qPos, k, v, kPos, c.nH, c.nKV, c.hd, c.window, c.scale, c.cap);
        // Outputs are convex combinations of |v| <= 1: absolute 1e-6.
        for (size_t i = 0; i < out.size(); ++i)
            ASSERT_NEAR(out[i], ref[i], 1e-6) << "case nH " << c.nH << " W " << c.window;
        // Probabilities: rows sum to 1; exactly min(visible) keys are non-zero.
        for (int i = 0; i < c.tq; ++i) {
            for (int h = 0; h < c.nH; ++h) {
                double sum = 0.0;
                int nonZero = 0;
                for (int j = 0; j < c.tk; ++j) {
                    const float w = probs[static_cast<size_t>((i * c.nH + h) * c.tk + j)];
                    sum += w;
                    nonZero += w > 0.0f;
                }
                const int64_t keysUpToQuery = qPos[static_cast<size_t>(i)] - 40 + 1;
                const int64_t expected =
                    c.window > 0 ? std::min<int64_t>(keysUpToQuery, c.window) : keysUpToQuery;
                EXPECT_NEAR(sum, 1.0, 1e-6);
                EXPECT_EQ(nonZero, expected) << "query " << i << " window " << c.window;
            }
        }
    }
}

TEST(ReferenceOps, SlidingWindowKeepsExactlyWKeysIncludingSelf) {
    // Hugging Face's mask: key k visible to query q iff q − W < k <= q. Ollama's keeps W + 1.
    EXPECT_TRUE(attentionVisible(10, 10, 4));
    EXPECT_TRUE(attentionVisible(10, 7, 4));
    EXPECT_FALSE(attentionVisible(10, 6, 4));
    EXPECT_FALSE(attentionVisible(10, 11, 4));
    EXPECT_TRUE(attentionVisible(10, 0, 0));
    EXPECT_FALSE(attentionVisible(10, 11, 0));
}

TEST(ReferenceOps, AttentionSingleKeyReturnsItsValue) {
    auto rng = test::seededRng();
    const std::vector<float> q = randomVector(rng, 2 * 8, -50, 50);
    const std::vector<float> k = randomVector(rng, 8, -50, 50);
    const std::vector<float> v = randomVector(rng, 8);
    const std::vector<int64_t> pos = {3};
    std::vector<float> out(16);
    attention(q, pos, k, v, pos, AttentionParams{2, 1, 8, 0, 1.0f, 0.0f}, out);
    for (size_t i = 0; i < 16; ++i)
        EXPECT_EQ(out[i], v[i % 8]);
}

// ---- matvec / embeddings ----------------------------------------------------------------------

TEST(ReferenceOps, MatvecF32MatchesDoubleSum) {
    auto rng = test::seededRng();
    const int in = 96, out = 40, t = 3;
    const std::vector<float> w = randomVector(rng, static_cast<size_t>(in * out));
    const std::vector<float> x = randomVector(rng, static_cast<size_t>(in * t), -3, 3);
    const WeightView view = WeightView::fromF32(w, in, out);
    std::vector<float> y(static_cast<size_t>(out * t));
    matmul(view, x, t, y);
    for (int r = 0; r < t; ++r) {
        std::vector<float> yr(static_cast<size_t>(out));
        matvec(view, std::span<const float>(x).subspan(static_cast<size_t>(r * in), in), yr);
        for (int n = 0; n < out; ++n) {
            double s = 0.0, mag = 0.0;
            for (int k = 0; k < in; ++k) {
                const double term = static_cast<double>(w[static_cast<size_t>(n * in + k)]) *
                                    x[static_cast<size_t>(r * in + k)];
                s += term;
                mag += std::abs(term);
            }
            // Rounded once from a double sum: 1 ulp of the result (plus slack relative to Σ|term|).
            const float got = y[static_cast<size_t>(r * out + n)];
            EXPECT_NEAR(got, s, kFloatEps * (std::abs(s) + 1e-6 * mag));
            EXPECT_EQ(got, yr[static_cast<size_t>(n)]);  // matmul row == matvec
        }
    }
}

TEST(ReferenceOps, MatvecQuantisedUsesDequantisedRows) {
    auto rng = test::seededRng();
    const int in = 256, out = 12;
    const std::vector<float> w = randomVector(rng, static_cast<size_t>(in * out));
    const std::vector<float> x = randomVector(rng, static_cast<size_t>(in), -2, 2);
    for (gguf::TensorType type :
         {gguf::TensorType::F16, gguf::TensorType::BF16, gguf::TensorType::Q8_0,
          gguf::TensorType::Q4_0, gguf::TensorType::Q5_1, gguf::TensorType::Q4_K,
          gguf::TensorType::Q6_K}) {
        QByteArray bytes;
        if (type == gguf::TensorType::F16 || type == gguf::TensorType::BF16) {
            for (float v : w) {
                const uint16_t h =
                    type == gguf::TensorType::F16 ? gguf::floatToHalf(v) : gguf::floatToBf16(v);
                bytes.append(reinterpret_cast<const char *>(&h), 2);
            }
        } else {
            for (int n = 0; n < out; ++n)
                ASSERT_TRUE(gguf::quantizeRow(type, w.data() + n * in, in, &bytes));
        }
        WeightView view;
        view.type = type;
        view.data = reinterpret_cast<const uint8_t *>(bytes.constData());
        view.cols = in;
        view.rows = out;
        view.rowBytes = static_cast<size_t>(bytes.size()) / static_cast<size_t>(out);
        std::vector<float> y(static_cast<size_t>(out));
        matvec(view, x, y);
        for (int n = 0; n < out; ++n) {
            std::vector<float> row(static_cast<size_t>(in));
            ASSERT_TRUE(gguf::dequantizeRow(
                type, view.data + static_cast<size_t>(n) * view.rowBytes, row.data(), in));
            double s = 0.0, mag = 0.0;
            for (int k = 0; k < in; ++k) {
                s += static_cast<double>(row[static_cast<size_t>(k)]) * x[static_cast<size_t>(k)];
                mag += std::abs(static_cast<double>(w[static_cast<size_t>(n * in + k)]) *
                                x[static_cast<size_t>(k)]);
            }
            EXPECT_NEAR(y[static_cast<size_t>(n)], s, kFloatEps * (std::abs(s) + 1e-6 * mag));
            // And the quantised product stays near the f32 one: per-weight error at most half a
            // quantisation step (Q4_0: max|w|/16 ≈ 1/16), so |Δ| <= Σ|x|/16 is a loose bound.
            double exact = 0.0, sumX = 0.0;
            for (int k = 0; k < in; ++k) {
                exact += static_cast<double>(w[static_cast<size_t>(n * in + k)]) *
                         x[static_cast<size_t>(k)];
                sumX += std::abs(x[static_cast<size_t>(k)]);
            }
            EXPECT_NEAR(y[static_cast<size_t>(n)], exact, sumX / 16.0);
        }
    }
}

TEST(ReferenceOps, EmbeddingRowIsScaledDequantisedRow) {
    auto rng = test::seededRng();
    const int dim = 64, vocab = 10;
    const std::vector<float> table = randomVector(rng, static_cast<size_t>(dim * vocab), -.5, .5);
    QByteArray q8;
    for (int r = 0; r < vocab; ++r)
        ASSERT_TRUE(gguf::quantizeRow(gguf::TensorType::Q8_0, table.data() + r * dim, dim, &q8));
    WeightView view;
    view.type = gguf::TensorType::Q8_0;
    view.data = reinterpret_cast<const uint8_t *>(q8.constData());
    view.cols = dim;
    view.rows = vocab;
    view.rowBytes = static_cast<size_t>(q8.size() / vocab);
    const float scale = std::sqrt(64.0f);
    for (int id : {0, 3, 9}) {
        std::vector<float> out(static_cast<size_t>(dim)), row(static_cast<size_t>(dim));
        embeddingRow(view, id, scale, out);
        ASSERT_TRUE(gguf::dequantizeRow(gguf::TensorType::Q8_0,
                                        view.data + static_cast<size_t>(id) * view.rowBytes,
                                        row.data(), dim));
        for (int i = 0; i < dim; ++i)
            EXPECT_EQ(out[static_cast<size_t>(i)], row[static_cast<size_t>(i)] * scale);
    }
    // F32 view: exactly table[id]·scale.
    const WeightView f = WeightView::fromF32(table, dim, vocab);
    std::vector<float> out(static_cast<size_t>(dim));
    embeddingRow(f, 7, 0.5f, out);
    for (int i = 0; i < dim; ++i)
        EXPECT_EQ(out[static_cast<size_t>(i)], table[static_cast<size_t>(7 * dim + i)] * 0.5f);
}

}  // namespace
}  // namespace facet::model::ref
