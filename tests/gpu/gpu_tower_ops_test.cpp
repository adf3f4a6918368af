// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The encoder towers' op layer (model/tower_ops.h) and its kernels (tower_norm, tower_elementwise,
// tower_gather, rope2d, attention_bidir, and the tiled matmul through linear()) against float64
// references on fresh random data, on every available backend. Shapes are small (lavapipe) but
// cross every tiling edge: attention rows that are not a multiple of the 64-row block or the
// 32-key tile, head dims below the kernel's 64, grouped KV heads, strides with gaps.
//
// Error bounds (u = 2^-24, the f32 unit roundoff), each what the kernel's f32 evaluation allows:
//   norms: |err| <= 64 u ((|x| + |mean|) inv |w| + |b|): the f32 sums of n <= 1024 squares carry
//     at most log2(n) + 2 roundings each relative, inversesqrt a few ulp, the products two more;
//     the layer norm's (x - mean) adds the mean's error.
//   element-wise: Add, Mul, AddScale, Clamp, ColumnAffine bit-identical to the same f32 operations
//     in the same order; Affine within 2 u (|x s| + |t|) (fused or not); the exp-based activations
//     within (32 + 8 |a|) u |ref| + 2^-60 (|x| + |y|), a the exp argument (exp's error grows with
//     it), the absolute term for results that underflow.
//   gather: the f32 sum of `count` terms in order: |err| <= count u sum |terms| (|scale| + 1).
//   rope2d: (|x0| + |x1|)(16 u theta + 2^-11 + 8 u): the angle is one f32 product of an f32
//     frequency (each rounded once: 2 u theta), the reduction to [-pi, pi] adds a few u, sin/cos
//     are within 2^-11 absolute (Vulkan's guarantee; far better on lavapipe).
//   attention: |err| <= 2^-14 max|v| + 64 u |ref|: scores carry headDim u relative error times
//     |q||k| <= 8 here, exp amplifies that by |s - m| <= 16, the online rescaling adds a few u per
//     tile and the weighted sum of v another headDim-free few u of max|v|. The tensor-core build
//     (f16 q, k, P, v) adds the f16 roundings' share (see the test).
//   linear: |err| <= 2 K u sum_k |w_k x_k| + u |bias|: f32 dot products of K terms in any order.
#include "gpu/compute_batch.h"
#include "gpu/encoder_ops.h"
#include "gpu/gpu_context.h"
#include "gpu_test_env.h"
#include "model/tower_ops.h"
#include "support/test_support.h"
#include "vision/vision_ops.h"

#include <QFloat16>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>

namespace facet::model {
namespace {

using Rng = std::mt19937_64;
using Rows = TowerOps::Rows;
constexpr double kU = 1.0 / 16777216.0;

using test::randomFloats;

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// A tower's buffers around a TowerOps: weights/consts added before start(), the act buffer filled
// from the host, one batch per run().
class Harness {
public:
    explicit Harness(gpu::GpuContext &ctx) : m_ctx(ctx) {}
    TowerWeights weights;

    bool start(const std::vector<float> &act, uint32_t idsCount, QString *error) {
        if (!weights.upload(m_ctx, QStringLiteral("test tower"), error)) return false;
        m_act = m_ctx.createBuffer(gpu::BufferKind::Storage, qint64(act.size()) * 4,
                                   QStringLiteral("test act"), error);
        if (!m_act || !m_ctx.upload(*m_act, 0, act.data(), qint64(act.size()) * 4, error))
            return false;
        m_ids = m_ctx.createBuffer(gpu::BufferKind::Storage, std::max<qint64>(idsCount, 4) * 4,
                                   QStringLiteral("test ids"), error);
        if (!m_ids) return false;
        TowerBuffers b;
        b.weights = weights.buffers();
        b.consts = weights.consts();
        b.act = m_act.get();
        b.ids = m_ids.get();
        m_ops = TowerOps::create(m_ctx, b, error);
        return m_ops != nullptr;
    }
    // Records `body` into one batch and runs it.
    bool run(const std::function<void(TowerOps &)> &body, QString *error) {
        gpu::ComputeBatch batch;
        m_ops->begin(batch);
        body(*m_ops);
        if (!m_ops->ok()) {
            *error = m_ops->error();
            return false;
        }
        return m_ctx.submit(batch, error);
    }
    std::vector<float> read(size_t floats) {
        return test::readVector<float>(m_ctx, *m_act, floats);
    }

private:
    gpu::GpuContext &m_ctx;
    std::unique_ptr<gpu::Buffer> m_act, m_ids;
    std::unique_ptr<TowerOps> m_ops;
};

using GpuTowerOpsTest = test::GpuBackendTest;

TEST_P(GpuTowerOpsTest, NormsMatchDoubleReference) {
    auto rng = test::seededRng();
    // RMS per row (weighted), RMS per head (unweighted, 3 heads of 16), layer norm (weight + bias).
    const uint32_t T = 37, n = 200, heads = 3, hd = 16, gap = 7;
    const uint32_t xOff = 5, xStride = n + gap;
    const uint32_t y1 = 8192, y2 = 16384, y3 = 24576, hOff = 32768;
    std::vector<float> act = randomFloats(rng, 40000, -3.0f, 3.0f);
    for (uint32_t r = 0; r < T; ++r)  // an offset mean, where the layer norm's centring matters
        for (uint32_t i = 0; i < n; ++i)
            act[xOff + r * xStride + i] += 5.0f;
    const std::vector<float> w = randomFloats(rng, n, -2.0f, 2.0f);
    const std::vector<float> bias = randomFloats(rng, n, -1.0f, 1.0f);
    Harness h(*ctx);
    const uint32_t wAt = h.weights.addConsts(w), bAt = h.weights.addConsts(bias);
    QString error;
    ASSERT_TRUE(h.start(act, 4, &error)) << error.toStdString();
    const float eps = 1e-6f;
    ASSERT_TRUE(h.run(
        [&](TowerOps &op) {
            op.rmsNorm({xOff, xStride}, n, T, wAt, {y1, n}, eps);
            op.rmsNorm({hOff, heads * hd}, hd, T, TowerOps::kNone, {hOff, heads * hd}, eps, heads);
            op.layerNorm({xOff, xStride}, n, T, wAt, bAt, {y2, n}, eps);
            op.layerNorm({xOff, xStride}, n, T, TowerOps::kNone, TowerOps::kNone, {y3, n}, eps);
        },
        &error))
        << error.toStdString();
    const auto got = h.read(act.size());
    double worst = 0.0;
    auto check = [&](const char *what, const float *x, uint32_t len, const float *wv,
                     const float *bv, bool layer, const float *y) {
        SCOPED_TRACE(what);
        double mean = 0.0;
        if (layer) {
            for (uint32_t i = 0; i < len; ++i)
                mean += x[i];
            mean /= len;
        }
        double ss = 0.0;
        for (uint32_t i = 0; i < len; ++i)
            ss += (x[i] - mean) * (x[i] - mean);
        const double inv = 1.0 / std::sqrt(ss / len + eps);
        for (uint32_t i = 0; i < len; ++i) {
            const double wi = wv ? wv[i] : 1.0, bi = bv ? bv[i] : 0.0;
            const double want = (x[i] - mean) * inv * wi + bi;
            const double bound =
                64 * kU * ((std::abs(x[i]) + std::abs(mean)) * inv * std::abs(wi) + std::abs(bi));
            const double err = std::abs(y[i] - want);
            worst = std::max(worst, err / bound);
            ASSERT_LE(err, bound) << "value " << i << ": " << y[i] << " vs " << want;
        }
    };
    for (uint32_t r = 0; r < T; ++r) {
        SCOPED_TRACE(::testing::Message() << "row " << r);
        const float *x = act.data() + xOff + r * xStride;
        check("rms", x, n, w.data(), nullptr, false, got.data() + y1 + r * n);
        check("layer", x, n, w.data(), bias.data(), true, got.data() + y2 + r * n);
        check("plain layer", x, n, nullptr, nullptr, true, got.data() + y3 + r * n);
        for (uint32_t g = 0; g < heads; ++g) {
            const size_t at = hOff + size_t(r) * heads * hd + g * hd;
            check("per head", act.data() + at, hd, nullptr, nullptr, false, got.data() + at);
        }
        // The gaps between x's rows are not touched.
        for (uint32_t i = n; i < xStride; ++i)
            ASSERT_TRUE(sameBits(got[xOff + r * xStride + i], act[xOff + r * xStride + i]));
    }
    std::printf("[ measured ] norms: worst error / bound %.3g\n", worst);
}

TEST_P(GpuTowerOpsTest, ElementwiseModesMatchReference) {
    auto rng = test::seededRng();
    const uint32_t n = 45, rows = 13, stride = 50;
    const uint32_t X = 0, Y = 1024, O = 2048;
    std::vector<float> act = randomFloats(rng, 4096, -6.0f, 6.0f);
    const std::vector<float> v = randomFloats(rng, n, -2.0f, 2.0f);
    const std::vector<float> v2 = randomFloats(rng, n, 0.5f, 2.0f);
    Harness h(*ctx);
    const uint32_t vAt = h.weights.addConsts(v), v2At = h.weights.addConsts(v2);
    QString error;
    ASSERT_TRUE(h.start(act, 4, &error)) << error.toStdString();
    struct Mode {
        const char *name;
        std::function<void(TowerOps &)> record;
        std::function<double(float, float, size_t, double *bound)> want;  // nan: bit-exact float
    };
    const float s = 0.7f, t = -0.3f;
    auto gelu = [](double x) {
        return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x)));
    };
    auto sig = [](double x) { return 1.0 / (1.0 + std::exp(-x)); };
    auto expBound = [](double ref, double a, float x, float y) {
        return (32 + 8 * std::abs(a)) * kU * std::abs(ref) +
               std::ldexp(1.0, -60) * (std::abs(x) + std::abs(y));
    };
    const std::vector<Mode> modes = {
        {"add",
         [&](TowerOps &op) {
             op.add({X, stride}, {Y, stride}, n, rows, {O, stride});
         },
         [](float x, float y, size_t, double *b) {
             *b = -1;
             return double(x + y);
         }},
        {"mul",
         [&](TowerOps &op) {
             op.mul({X, stride}, {Y, stride}, n, rows, {O, stride});
         },
         [](float x, float y, size_t, double *b) {
             *b = -1;
             return double(x * y);
         }},
        {"residual add",
         [&](TowerOps &op) {
             op.residualAdd({X, stride}, {Y, stride}, n, rows, {O, stride}, s);
         },
         [&](float x, float y, size_t, double *b) {
             *b = -1;
             return double((x + y) * s);
         }},
        {"affine",
         [&](TowerOps &op) {
             op.scale({X, stride}, n, rows, s, {O, stride}, t);
         },
         [&](float x, float, size_t, double *b) {
             *b = 2 * kU * (std::abs(double(x) * s) + std::abs(t));
             return double(x) * s + t;
         }},
        {"gelu",
         [&](TowerOps &op) {
             op.gelu({X, stride}, n, rows, {O, stride});
         },
         [&](float x, float y, size_t, double *b) {
             const double r = gelu(x);
             *b = expBound(r, 2 * std::abs(x) * (1 + 0.05 * x * x), x, y);
             return r;
         }},
        {"silu",
         [&](TowerOps &op) {
             op.silu({X, stride}, n, rows, {O, stride});
         },
         [&](float x, float y, size_t, double *b) {
             const double r = x * sig(x);
             *b = expBound(r, x, x, y);
             return r;
         }},
        {"relu",
         [&](TowerOps &op) {
             op.relu({X, stride}, n, rows, {O, stride});
         },
         [](float x, float, size_t, double *b) {
             *b = -1;
             return double(std::max(x, 0.0f));
         }},
        {"glu",
         [&](TowerOps &op) {
             op.glu({X, stride}, {Y, stride}, n, rows, {O, stride});
         },
         [&](float x, float y, size_t, double *b) {
             const double r = x * sig(y);
             *b = expBound(r, y, x, y);
             return r;
         }},
        {"geglu",
         [&](TowerOps &op) {
             op.geglu({X, stride}, {Y, stride}, n, rows, {O, stride});
         },
         [&](float x, float y, size_t, double *b) {
             const double r = gelu(x) * y;
             *b = expBound(r, 2 * std::abs(x) * (1 + 0.05 * x * x), x, y);
             return r;
         }},
        {"clamp",
         [&](TowerOps &op) {
             op.clamp({X, stride}, n, rows, -1.5f, 2.25f, {O, stride});
         },
         [](float x, float, size_t, double *b) {
             *b = -1;
             return double(std::min(std::max(x, -1.5f), 2.25f));
         }},
        {"bias",
         [&](TowerOps &op) {
             op.addColumns({X, stride}, vAt, n, rows, {O, stride});
         },
         [&](float x, float, size_t i, double *b) {
             *b = -1;
             return double(x + v[i]);
         }},
        {"column scale",
         [&](TowerOps &op) {
             op.mulColumns({X, stride}, vAt, n, rows, {O, stride});
         },
         [&](float x, float, size_t i, double *b) {
             *b = -1;
             return double(x * v[i]);
         }},
        {"standardize",
         [&](TowerOps &op) {
             op.standardize({X, stride}, vAt, v2At, n, rows, {O, stride});
         },
         [&](float x, float, size_t i, double *b) {
             *b = -1;
             return double((x - v[i]) * v2[i]);
         }},
        // In place: out is x.
        {"gelu in place",
         [&](TowerOps &op) {
             op.gelu({X, stride}, n, rows, {X, stride});
         },
         [&](float x, float y, size_t, double *b) {
             const double r = gelu(x);
             *b = expBound(r, 2 * std::abs(x) * (1 + 0.05 * x * x), x, y);
             return r;
         }},
    };
    for (const Mode &m : modes) {
        SCOPED_TRACE(m.name);
        ASSERT_TRUE(h.run([&](TowerOps &op) { op.upload(0, act); }, &error));
        ASSERT_TRUE(h.run(m.record, &error)) << error.toStdString();
        const auto got = h.read(act.size());
        const bool inPlace = std::string(m.name).find("in place") != std::string::npos;
        const uint32_t out = inPlace ? X : O;
        for (uint32_t r = 0; r < rows; ++r) {
            for (uint32_t i = 0; i < n; ++i) {
                const float x = act[X + r * stride + i], y = act[Y + r * stride + i];
                double bound = 0;
                const double want = m.want(x, y, i, &bound);
                const float g = got[out + r * stride + i];
                if (bound < 0) {
                    ASSERT_TRUE(sameBits(g, float(want)))
                        << "row " << r << " value " << i << ": " << g << " vs " << want;
                } else {
                    ASSERT_LE(std::abs(g - want), bound)
                        << "row " << r << " value " << i << ": " << g << " vs " << want;
                }
            }
            if (!inPlace) {
                for (uint32_t i = n; i < stride; ++i)  // gaps untouched
                    ASSERT_TRUE(sameBits(got[O + r * stride + i], act[O + r * stride + i]));
            }
        }
    }
}

TEST_P(GpuTowerOpsTest, GatherSumsRowsByIndex) {
    auto rng = test::seededRng();
    const uint32_t n = 40, rows = 11, count = 9, srcRows = 30;
    const uint32_t src = 0, Y = 4096;
    std::vector<float> act = randomFloats(rng, 8192, -2.0f, 2.0f);
    const std::vector<float> table = randomFloats(rng, size_t(srcRows) * n, -1.0f, 1.0f);
    std::vector<uint32_t> ids(size_t(rows) * count);
    for (auto &id : ids)
        id = uint32_t(rng() % srcRows);
    Harness h(*ctx);
    const uint32_t tableAt = h.weights.addConsts(table);
    QString error;
    ASSERT_TRUE(h.start(act, uint32_t(ids.size()), &error)) << error.toStdString();
    const float scale = 1.0f / 9.0f;
    for (bool fromConsts : {false, true}) {
        SCOPED_TRACE(fromConsts ? "consts source, accumulate" : "act source");
        ASSERT_TRUE(h.run(
            [&](TowerOps &op) {
                op.upload(0, act);
                op.uploadIds(0, ids);
                op.gather(0, count, srcRows - 1, {fromConsts ? tableAt : src, n}, fromConsts, n,
                          rows, scale, fromConsts, {Y, n});
            },
            &error))
            << error.toStdString();
        const auto got = h.read(act.size());
        for (uint32_t r = 0; r < rows; ++r) {
            for (uint32_t d = 0; d < n; ++d) {
                double sum = 0.0, mag = 0.0;
                for (uint32_t i = 0; i < count; ++i) {
                    const uint32_t id = ids[r * count + i];
                    const double term = fromConsts ? table[id * n + d] : act[src + id * n + d];
                    sum += term;
                    mag += std::abs(term);
                }
                const double base = fromConsts ? act[Y + r * n + d] : 0.0;
                const double want = base + scale * sum;
                const double bound = count * kU * mag * (scale + 1) + kU * std::abs(base);
                ASSERT_LE(std::abs(got[Y + r * n + d] - want), bound) << r << "/" << d;
            }
        }
    }
}

TEST_P(GpuTowerOpsTest, Rope2dMatchesReference) {
    auto rng = test::seededRng();
    const uint32_t rows = 21, heads = 3, hd = 16, stride = heads * hd + 4;
    std::vector<float> act = randomFloats(rng, size_t(rows) * stride + 8, -2.0f, 2.0f);
    std::vector<uint32_t> pos(size_t(rows) * 2);
    for (auto &p : pos)
        p = uint32_t(rng() % 100);
    pos[0] = 0;
    pos[1] = 99;
    const float theta = 100.0f;
    std::vector<float> freqs(hd / 4);
    for (uint32_t j = 0; j < hd / 4; ++j)
        freqs[j] = float(std::pow(double(theta), -2.0 * j / (hd / 2)));
    Harness h(*ctx);
    const uint32_t fAt = h.weights.addConsts(freqs);
    QString error;
    ASSERT_TRUE(h.start(act, uint32_t(pos.size()) + 2, &error)) << error.toStdString();
    ASSERT_TRUE(h.run(
        [&](TowerOps &op) {
            op.uploadIds(2, pos);
            op.rope2d({3, stride}, rows, heads, hd, 2, fAt);
        },
        &error))
        << error.toStdString();
    const auto got = h.read(act.size());
    for (uint32_t r = 0; r < rows; ++r) {
        std::vector<float> want(act.begin() + 3 + r * stride,
                                act.begin() + 3 + r * stride + heads * hd);
        vision::ops::rope2d(want, int(hd), int(pos[2 * r]), int(pos[2 * r + 1]), theta);
        for (uint32_t e = 0; e < heads * hd; ++e) {
            const uint32_t inHead = e % hd, half = hd / 2, quarter = hd / 4;
            const uint32_t j = (inHead % half) % quarter;
            const double p = inHead < half ? pos[2 * r] : pos[2 * r + 1];
            const double th = p * std::pow(double(theta), -2.0 * j / half);
            const uint32_t a = (e / hd) * hd + (inHead / half) * half + j;
            const double mag =
                std::abs(act[3 + r * stride + a]) + std::abs(act[3 + r * stride + a + quarter]);
            const double bound = mag * (16 * kU * th + std::ldexp(1.0, -11) + 8 * kU);
            ASSERT_LE(std::abs(got[3 + r * stride + e] - want[e]), bound) << r << "/" << e;
        }
        for (uint32_t e = heads * hd; e < stride && 3 + r * stride + e < act.size(); ++e)
            ASSERT_TRUE(sameBits(got[3 + r * stride + e], act[3 + r * stride + e]));
    }
}

TEST_P(GpuTowerOpsTest, BidirectionalAttentionMatchesReference) {
    auto rng = test::seededRng();
    struct Case {
        uint32_t rows, heads, kvHeads, headDim;
        float scale;
    };
    // Tails of the 64-row block and the 32-key tile; head dims below and at the kernel's 64;
    // grouped KV heads; one row.
    const Case cases[] = {{150, 3, 1, 16, 1.0f},
                          {70, 2, 2, 64, 0.125f},
                          {33, 4, 2, 36, 0.5f},
                          {1, 2, 1, 8, 1.0f},
                          {64, 1, 1, 64, 1.0f}};
    for (gpu::GpuContext *gc : test::kernelTestContexts(ctx)) {
        QString loadError;
        const gpu::Kernel *ak = gc->kernel(gpu::KernelId::AttentionBidir, &loadError);
        ASSERT_TRUE(ak) << loadError.toStdString();
        const bool tensorCores = ak->tensorCores();
        SCOPED_TRACE(tensorCores ? "tensor-core build" : "f32 build");
        double worst = 0.0;
        for (const Case &c : cases) {
            SCOPED_TRACE(::testing::Message() << "rows " << c.rows << " heads " << c.heads << "/"
                                              << c.kvHeads << " dim " << c.headDim);
            const uint32_t qW = c.heads * c.headDim, kvW = c.kvHeads * c.headDim;
            // q and k normed-like (|values| <= 1), v wider; o after a gap.
            const uint32_t Q = 0, K = Q + c.rows * qW + 64, V = K + c.rows * kvW + 64,
                           O = V + c.rows * kvW + 64;
            const size_t total = O + size_t(c.rows) * qW + 64;
            std::vector<float> act = randomFloats(rng, total, -1.0f, 1.0f);
            for (size_t i = V; i < V + size_t(c.rows) * kvW; ++i)
                act[i] *= 3.0f;
            Harness h(*gc);
            QString error;
            ASSERT_TRUE(h.start(act, 4, &error)) << error.toStdString();
            ASSERT_TRUE(h.run(
                [&](TowerOps &op) {
                    op.attention({Q, qW}, {K, kvW}, {V, kvW}, {O, qW}, c.rows, c.heads, c.kvHeads,
                                 c.headDim, c.scale);
                },
                &error))
                << error.toStdString();
            const auto got = h.read(total);
            std::vector<float> want(size_t(c.rows) * qW);
            auto span = [&](uint32_t at, size_t len) {
                return std::span<const float>(act.data() + at, len);
            };
            vision::ops::bidirectionalAttention(
                span(Q, size_t(c.rows) * qW), span(K, size_t(c.rows) * kvW),
                span(V, size_t(c.rows) * kvW), int(c.rows), int(c.heads), int(c.kvHeads),
                int(c.headDim), c.scale, want);
            // Tensor-core build: per query row, the scores' error from rounding q (scaled) and k to
            // f16, 2^-10 sum_i |q_i k_i| scale at most (maximised over the keys), enters the
            // softmax weights relatively, twice (numerator and sum); P and v add 2^-11 each; all of
            // max|v|.
            std::vector<double> tcRow(size_t(c.rows) * c.heads, 0.0);
            if (tensorCores) {
                double vMax = 0.0;
                for (size_t i = V; i < V + size_t(c.rows) * kvW; ++i)
                    vMax = std::max(vMax, double(std::abs(act[i])));
                const uint32_t group = c.heads / c.kvHeads;
                for (uint32_t r = 0; r < c.rows; ++r) {
                    for (uint32_t hd = 0; hd < c.heads; ++hd) {
                        double worstDot = 0.0;
                        for (uint32_t key = 0; key < c.rows; ++key) {
                            double dot = 0.0;
                            for (uint32_t d = 0; d < c.headDim; ++d) {
                                dot += std::abs(double(act[Q + r * qW + hd * c.headDim + d]) *
                                                act[K + key * kvW + (hd / group) * c.headDim + d]);
                            }
                            worstDot = std::max(worstDot, dot);
                        }
                        const double scoreErr = std::ldexp(worstDot * std::abs(c.scale), -10);
                        tcRow[size_t(r) * c.heads + hd] =
                            (2.0 * scoreErr + std::ldexp(1.0, -10)) * vMax;
                    }
                }
            }
            for (size_t i = 0; i < want.size(); ++i) {
                const double err = std::abs(got[O + i] - want[i]);
                const double bound =
                    std::ldexp(3.0, -14) + 64 * kU * std::abs(want[i]) + tcRow[i / c.headDim];
                worst = std::max(worst, err / bound);
                ASSERT_LE(err, bound) << "value " << i << ": " << got[O + i] << " vs " << want[i];
            }
            for (uint32_t i = 0; i < 64; ++i)  // past o: untouched
                ASSERT_TRUE(sameBits(got[O + c.rows * qW + i], act[O + c.rows * qW + i]));
        }
        std::printf("[ measured ] attention (%s): worst error / bound %.3g\n",
                    tensorCores ? "tensor cores" : "f32", worst);
    }
}

TEST_P(GpuTowerOpsTest, LinearWithBiasAndClampsMatchesReference) {
    auto rng = test::seededRng();
    const uint32_t K = 48, N = 70, rows = 67;
    const uint32_t X = 0, S = 8192, Y = 16384;
    std::vector<float> act = randomFloats(rng, 24576, -2.0f, 2.0f);
    const std::vector<float> w = randomFloats(rng, size_t(N) * K, -0.5f, 0.5f);
    const std::vector<float> bias = randomFloats(rng, N, -1.0f, 1.0f);
    std::vector<uint16_t> wHalf(w.size());
    for (size_t i = 0; i < w.size(); ++i)
        wHalf[i] = std::bit_cast<uint16_t>(qfloat16(w[i]));
    Harness h(*ctx);
    QString error;
    const Linear f32 = h.weights.addMatrix(ref::WeightView::fromF32(w, K, N), &error);
    ASSERT_FALSE(f32.pieces.empty()) << error.toStdString();
    ref::WeightView hv;
    hv.type = gguf::TensorType::F16;
    hv.data = reinterpret_cast<const uint8_t *>(wHalf.data());
    hv.cols = K;
    hv.rows = N;
    hv.rowBytes = K * 2;
    const Linear f16 = h.weights.addMatrix(hv, &error);
    ASSERT_FALSE(f16.pieces.empty()) << error.toStdString();
    const uint32_t bAt = h.weights.addConsts(bias);
    ASSERT_TRUE(h.start(act, 4, &error)) << error.toStdString();
    for (const auto &[name, lin, view] :
         {std::tuple{"f32", &f32, ref::WeightView::fromF32(w, K, N)},
          std::tuple{"f16", &f16, hv}}) {
        SCOPED_TRACE(name);
        TowerOps::LinearOptions o;
        o.bias = bAt;
        o.clampInput = true;
        o.inMin = -1.25f;
        o.inMax = 1.5f;
        o.clampOutput = true;
        o.outMin = -2.0f;
        o.outMax = 1.75f;
        o.inputScratch = {S, K};
        ASSERT_TRUE(h.run(
            [&](TowerOps &op) {
                op.upload(0, act);
                op.linear(*lin, {X, K}, rows, {Y, N}, o);
            },
            &error))
            << error.toStdString();
        const auto got = h.read(act.size());
        std::vector<float> row(K);
        for (uint32_t r = 0; r < rows; ++r) {
            for (uint32_t k = 0; k < K; ++k) {
                row[k] = std::min(std::max(act[X + r * K + k], o.inMin), o.inMax);
                ASSERT_TRUE(sameBits(got[S + r * K + k], row[k]));              // the clamped input
                ASSERT_TRUE(sameBits(got[X + r * K + k], act[X + r * K + k]));  // x untouched
            }
            std::vector<float> wr(K);
            for (uint32_t n = 0; n < N; ++n) {
                view.dequantizeRow(n, wr);
                double dot = 0.0, mag = 0.0;
                for (uint32_t k = 0; k < K; ++k) {
                    dot += double(wr[k]) * row[k];
                    mag += std::abs(double(wr[k]) * row[k]);
                }
                const double want =
                    std::min(std::max(dot + bias[n], double(o.outMin)), double(o.outMax));
                const double bound = 2 * K * kU * mag + kU * (std::abs(bias[n]) + std::abs(want));
                ASSERT_LE(std::abs(got[Y + r * N + n] - want), bound) << r << "/" << n;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuTowerOpsTest,
                         ::testing::Values(gpu::Backend::Vulkan, gpu::Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::model
