// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The audio tower's ops against float64 implementations written from HF's definitions, on fresh
// random data. The chunked attention reference follows HF's tensor steps literally (blocks,
// padded context, the Transformer-XL relative shift by padding and reshaping, the blocked mask)
// rather than the closed form the op uses.
#include "audio/audio_ops.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace facet::audio::ops {
namespace {

std::vector<float> randomVector(std::mt19937_64 &rng, size_t n, float scale = 1.0f) {
    std::uniform_real_distribution<float> d(-scale, scale);
    std::vector<float> v(n);
    for (float &x : v)
        x = d(rng);
    return v;
}

double maxAbsDiff(const std::vector<float> &a, const std::vector<double> &b) {
    EXPECT_EQ(a.size(), b.size());
    double m = 0;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
        m = std::max(m, std::abs(double(a[i]) - b[i]));
    return m;
}

TEST(AudioOps, Conv2dStride2MatchesPytorchsDefinition) {
    auto rng = test::seededRng();
    for (auto [t, f, cin, cout] : {std::array{7, 10, 1, 4}, std::array{12, 9, 3, 5}}) {
        const auto x = randomVector(rng, size_t(t * f * cin));
        const auto w = randomVector(rng, size_t(cout * cin * 9));
        const int to = (t + 2 - 3) / 2 + 1, fo = (f + 2 - 3) / 2 + 1;  // PyTorch's output size
        std::vector<float> y(size_t(to * fo * cout));
        conv2dStride2(x, t, f, cin, w, cout, y);
        // PyTorch: out[co][i][j] = Σ in[ci][2i + a − 1][2j + b − 1]·w[co][ci][a][b] (zero padding).
        std::vector<double> want(y.size(), 0.0);
        for (int co = 0; co < cout; ++co)
            for (int i = 0; i < to; ++i)
                for (int j = 0; j < fo; ++j)
                    for (int ci = 0; ci < cin; ++ci)
                        for (int a = 0; a < 3; ++a)
                            for (int b = 0; b < 3; ++b) {
                                const int ti = 2 * i + a - 1, fj = 2 * j + b - 1;
                                if (ti < 0 || ti >= t || fj < 0 || fj >= f) continue;
                                want[size_t((i * fo + j) * cout + co)] +=
                                    double(x[size_t((ti * f + fj) * cin + ci)]) *
                                    w[size_t(((co * cin + ci) * 3 + a) * 3 + b)];
                            }
        EXPECT_LT(maxAbsDiff(y, want), 1e-5);
    }
}

TEST(AudioOps, ChannelLayerNormGluAndDepthwiseConv) {
    auto rng = test::seededRng();
    const int rows = 9, c = 24, k = 5;
    const auto x = randomVector(rng, size_t(rows * c), 3.0f);
    const auto w = randomVector(rng, size_t(c));
    std::vector<float> y(x.size());
    channelLayerNorm(x, rows, c, w, 1e-6f, y);
    std::vector<double> want(x.size());
    for (int r = 0; r < rows; ++r) {
        double mean = 0, var = 0;
        for (int i = 0; i < c; ++i)
            mean += x[size_t(r * c + i)] / double(c);
        for (int i = 0; i < c; ++i)
            var += std::pow(x[size_t(r * c + i)] - mean, 2) / c;
        for (int i = 0; i < c; ++i)
            want[size_t(r * c + i)] =
                (x[size_t(r * c + i)] - mean) / std::sqrt(var + 1e-6) * w[size_t(i)];
    }
    EXPECT_LT(maxAbsDiff(y, want), 1e-5);

    const auto g = randomVector(rng, size_t(rows * 2 * c), 4.0f);
    std::vector<float> gy(size_t(rows * c));
    glu(g, rows, c, gy);
    for (int r = 0; r < rows; ++r)
        for (int i = 0; i < c; ++i)
            want[size_t(r * c + i)] =
                g[size_t(r * 2 * c + i)] / (1.0 + std::exp(-double(g[size_t(r * 2 * c + c + i)])));
    EXPECT_LT(maxAbsDiff(gy, want), 1e-6);

    const auto kw = randomVector(rng, size_t(c * k));
    std::vector<float> dy(x.size());
    depthwiseCausalConv(x, rows, c, kw, k, dy);
    // PyTorch: pad k − 1 zeros on the left of time, then a grouped Conv1d (one filter per channel).
    for (int t = 0; t < rows; ++t)
        for (int ch = 0; ch < c; ++ch) {
            double s = 0;
            for (int j = 0; j < k; ++j) {
                const int padded = t + j;  // index into the left-padded sequence
                const int src = padded - (k - 1);
                if (src >= 0) s += double(kw[size_t(ch * k + j)]) * x[size_t(src * c + ch)];
            }
            want[size_t(t * c + ch)] = s;
        }
    EXPECT_LT(maxAbsDiff(dy, want), 1e-5);
}

// HF Gemma4AudioAttention.forward from the scaled q/k/v on, in double, step by step.
std::vector<double> hfChunkedAttention(const std::vector<float> &q, const std::vector<float> &k,
                                       const std::vector<float> &v, const std::vector<float> &rel,
                                       const std::vector<uint8_t> &valid, int T, int H, int D) {
    const int C = 12, P = 12, F = 0, S = C + P + F;  // chunk, max past, max future, context
    const int R = P + 1;                             // relative positions 12 … 0
    const int B = (T + C - 1) / C;
    auto qAt = [&](int t, int h, int d) {
        return t < T ? double(q[size_t((t * H + h) * D + d)]) : 0.0;
    };
    // Context s of block b is sequence index b·C + s − P of the padded key sequence.
    auto ctx = [&](const std::vector<float> &m, int b, int s, int h, int d) {
        const int t = b * C + s - P;
        return t >= 0 && t < T ? double(m[size_t((t * H + h) * D + d)]) : 0.0;
    };
    std::vector<double> out(size_t(T * H * D), 0.0);
    for (int h = 0; h < H; ++h) {
        for (int b = 0; b < B; ++b) {
            // matrix_bd before the shift: [C][R], padded to [C][S + 1], flattened, cut to C·S.
            std::vector<double> padded(size_t(C * (S + 1)), 0.0);
            for (int i = 0; i < C; ++i)
                for (int r = 0; r < R; ++r) {
                    double s = 0;
                    for (int d = 0; d < D; ++d)
                        s += qAt(b * C + i, h, d) * rel[size_t((r * H + h) * D + d)];
                    padded[size_t(i * (S + 1) + r)] = s;
                }
            for (int i = 0; i < C; ++i) {
                const int qt = b * C + i;
                if (qt >= T) continue;
                std::vector<double> logit(static_cast<size_t>(S));
                for (int s = 0; s < S; ++s) {
                    double ac = 0;
                    for (int d = 0; d < D; ++d)
                        ac += qAt(qt, h, d) * ctx(k, b, s, h, d);
                    const double bd = padded[size_t(i * S + s)];  // the relative shift
                    double l = std::tanh((ac + bd) / 50.0) * 50.0;
                    // Blocked mask: key in range, not padding, and 0 <= q − k < 12.
                    const int kt = b * C + s - P;
                    const bool ok =
                        kt >= 0 && kt < T && valid[size_t(kt)] && qt - kt >= 0 && qt - kt < 12;
                    if (!ok) l = -1e9;
                    logit[size_t(s)] = l;
                }
                const double mx = *std::max_element(logit.begin(), logit.end());
                double sum = 0;
                for (double &l : logit) {
                    l = std::exp(l - mx);
                    sum += l;
                }
                for (int d = 0; d < D; ++d) {
                    double acc = 0;
                    for (int s = 0; s < S; ++s)
                        acc += logit[size_t(s)] / sum * ctx(v, b, s, h, d);
                    out[size_t((qt * H + h) * D + d)] = acc;
                }
            }
        }
    }
    return out;
}

TEST(AudioOps, ChunkedLocalAttentionFollowsHfsBlockedRelativeShift) {
    auto rng = test::seededRng();
    const int H = 2, D = 8;
    for (int T : {5, 12, 31}) {
        SCOPED_TRACE(T);
        const auto q = randomVector(rng, size_t(T * H * D), 2.0f);
        const auto k = randomVector(rng, size_t(T * H * D), 2.0f);
        const auto v = randomVector(rng, size_t(T * H * D));
        const auto rel = randomVector(rng, size_t(13 * H * D), 2.0f);
        std::vector<uint8_t> valid(size_t(T), 1);
        // Padding at the end, as HF's mask has it: the last frames are keys nobody may see (and
        // the padded queries there see no valid key at all).
        for (int t = std::max(1, T - 3); t < T; ++t)
            valid[size_t(t)] = 0;
        ChunkedAttentionParams p;
        p.heads = H;
        p.headDim = D;
        std::vector<float> out(q.size());
        chunkedLocalAttention(q, k, v, rel, valid, T, p, out);
        EXPECT_LT(maxAbsDiff(out, hfChunkedAttention(q, k, v, rel, valid, T, H, D)), 1e-5);
    }
}

TEST(AudioOps, RelativePositionTableIsHfsSinusoids) {
    const int width = 16, past = 12;
    const std::vector<float> table = relativePositionTable(past, width);
    ASSERT_EQ(table.size(), size_t((past + 1) * width));
    for (int p = 0; p <= past; ++p)
        for (int i = 0; i < width / 2; ++i) {
            const double inv = std::exp(-i * std::log(10000.0) / (width / 2 - 1));
            const double pos = past - p;
            EXPECT_NEAR(table[size_t(p * width + i)], std::sin(pos * inv), 2e-6);
            EXPECT_NEAR(table[size_t(p * width + width / 2 + i)], std::cos(pos * inv), 2e-6);
        }
}

}  // namespace
}  // namespace facet::audio::ops
