// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gradient mode of the GPU kernel tests: each forward kernel of the decoder, differentiated by
// central differences along random directions, against the reference backward op
// (engine/model/reference_backward.h) that training will use. The value tests show that a kernel
// is close to the reference forward; this shows that the function it computes has the derivative
// the backward pass assumes. Fresh random data (FACET_TEST_SEED reproduces a run), tiny shapes.
//
// Method, per kernel and case, with a loss L = Σ r ⊙ y over the kernel's outputs (random r):
//   - the inputs x lie on a grid (multiples of m·2^-12, m a power of two per tensor, |x| <= 2m)
//     and so do the steps δ, so x ± δ are exact floats whose midpoint is x;
//   - δ = h·m ⊙ (u + ½|u|·ŵ): u uniform in [−1, 1]^n and ŵ the unit vector along g ⊙ m, so that
//     ⟨g, δ⟩ is never small by accident; h = 1e-2 (attention 2e-2; 0.25 for kernels linear in
//     x, which have no truncation error);
//   - D_gpu = L_gpu(x + δ) − L_gpu(x − δ), the GPU outputs (float32) summed in double;
//   - D_ana = 2⟨g, δ⟩, g the reference backward at x for dy = r.
// Bound: |D_gpu − D_ana| <= R + 1.5·T + 1e-6·Σ|g ⊙ 2δ|, where
//   R: what the kernel's float arithmetic may add at the two points, Σ_i |r_i|·(e_i(x + δ) +
//      e_i(x − δ)), e_i the per-element bound of the kernel's value test (listed per kernel);
//   T: the h² truncation of the central difference, evaluated with the float64 reference forward
//      alone (no backward): t(s) = L(x + sδ) − L(x − sδ) = 2s·a + s³·b/3 + O(s⁵) gives
//      t(1) − 2t(½) = b/4, so the cubic term of t(1) is (4/3)·|t(1) − 2t(½)|;
//   the last term: g is a float result chained through float intermediates (a few u each).
// Power: bound <= 5% of |D_ana| is required too, so a backward that is wrong by more than that
// along δ cannot pass. Measured |D_gpu − D_ana| / |D_ana| (typically 1e-6 .. 1e-4, the float32
// forward's noise over the step) and error / bound are printed.
#include "gguf/dequant.h"
#include "gpu/attention_ops.h"
#include "gpu/compute_batch.h"
#include "gpu/fused_ops.h"
#include "gpu/gpu_context.h"
#include "gpu/matmul_ops.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"
#include "model/reference_backward.h"
#include "model/reference_ops.h"
#include "support/test_support.h"
#include "weight_test_data.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace facet::gpu {
namespace {

using gguf::TensorType;
using Rng = std::mt19937_64;
namespace ref = model::ref;
using test::kU;

using Floats = std::vector<float>;
using Doubles = std::vector<double>;
using CSpan = std::span<const double>;

// ---- inputs on a grid -------------------------------------------------------------------------

constexpr double kGrid = 1.0 / 4096.0;  // grid step relative to a tensor's magnitude m

// The inputs of one probe, concatenated, each tensor with its magnitude m (a power of two).
class Inputs {
public:
    struct Part {
        size_t offset = 0, size = 0;
    };
    // n values uniform in [lo, hi], rounded to multiples of m·2^-12.
    Part add(Rng &rng, size_t n, float lo, float hi, float m) {
        std::uniform_real_distribution<double> d(lo, hi);
        const Part p{values.size(), n};
        for (size_t i = 0; i < n; ++i) {
            values.push_back(float(std::round(d(rng) / (m * kGrid)) * m * kGrid));
            magnitude.push_back(m);
        }
        return p;
    }
    Floats values, magnitude;
};

template <typename T>
std::span<const T> part(const std::vector<T> &v, Inputs::Part p) {
    return std::span<const T>(v).subspan(p.offset, p.size);
}
template <typename T>
std::vector<T> copyOf(const std::vector<T> &v, Inputs::Part p) {
    const auto s = part(v, p);
    return std::vector<T>(s.begin(), s.end());
}

Floats randomWeights(Rng &rng, size_t n) {
    return test::randomFloats(rng, n, -1.0f, 1.0f);
}

// ---- the directional check --------------------------------------------------------------------

struct Probe {
    std::string name;
    Inputs in;
    Floats r;  // loss weights over the outputs
    double h = 1e-2;
    // The kernel on the GPU at inputs x: its outputs in r's order.
    std::function<Floats(const Floats &x)> gpu;
    // The float64 reference forward: the same outputs.
    std::function<Doubles(CSpan x)> ref;
    // The reference backward at the probe's inputs for dy = r, in the inputs' order.
    std::function<Floats()> backward;
    // Σ_i |r_i| e_i at one point (x, with the reference outputs y there).
    std::function<double(CSpan x, CSpan y)> rounding;
    // Errors the kernel repeats identically at both points (RoPE's angles and sin/cos, which
    // depend on positions only), bounded on the difference of the points; may be empty.
    std::function<double(CSpan xPlus, CSpan xMinus)> differenceRounding;
};

struct Measured {
    double relative = 0.0, ofBound = 0.0, power = 0.0;
};

void checkDirectional(Probe &p, Rng &rng, int directions = 2) {
    SCOPED_TRACE(p.name);
    const Floats &x = p.in.values;
    const size_t n = x.size();
    const Floats g = p.backward();
    ASSERT_EQ(g.size(), n);
    Doubles w(n);
    double wNorm = 0.0;
    for (size_t i = 0; i < n; ++i) {
        w[i] = double(g[i]) * p.in.magnitude[i];
        wNorm += w[i] * w[i];
    }
    wNorm = std::sqrt(wNorm);
    ASSERT_GT(wNorm, 0.0) << "a zero gradient checks nothing";
    auto loss = [&](CSpan y) {
        double s = 0.0;
        for (size_t i = 0; i < y.size(); ++i)
            s += double(p.r[i]) * y[i];
        return s;
    };
    auto refAt = [&](const Doubles &delta, double s, Doubles *yOut = nullptr) {
        Doubles xs(n);
        for (size_t i = 0; i < n; ++i)
            xs[i] = double(x[i]) + s * delta[i];
        Doubles y = p.ref(xs);
        EXPECT_EQ(y.size(), p.r.size());
        if (yOut) *yOut = y;
        return loss(y);
    };

    Measured m;
    std::uniform_real_distribution<double> uni(-1.0, 1.0);
    for (int d = 0; d < directions; ++d) {
        Doubles u(n);
        double uNorm = 0.0;
        for (double &v : u) {
            v = uni(rng);
            uNorm += v * v;
        }
        uNorm = std::sqrt(uNorm);
        // The step on the grid; x ± δ exact.
        Doubles delta(n);
        Floats xp(n), xm(n);
        double sumAbsGDelta = 0.0;
        for (size_t i = 0; i < n; ++i) {
            const double q = p.in.magnitude[i] * kGrid;
            const double dir = u[i] + 0.5 * uNorm * w[i] / wNorm;
            delta[i] = std::round(p.h * dir / kGrid) * q;
            xp[i] = float(double(x[i]) + delta[i]);
            xm[i] = float(double(x[i]) - delta[i]);
            ASSERT_EQ(double(xp[i]), double(x[i]) + delta[i]) << "step off the grid at " << i;
            ASSERT_EQ(double(xm[i]), double(x[i]) - delta[i]) << "step off the grid at " << i;
            sumAbsGDelta += std::abs(double(g[i]) * 2.0 * delta[i]);
        }
        double dAna = 0.0;
        for (size_t i = 0; i < n; ++i)
            dAna += 2.0 * double(g[i]) * delta[i];

        const Floats yp = p.gpu(xp), ym = p.gpu(xm);
        ASSERT_EQ(yp.size(), p.r.size());
        ASSERT_EQ(ym.size(), p.r.size());
        double dGpu = 0.0, absSum = 0.0;
        for (size_t i = 0; i < yp.size(); ++i) {
            ASSERT_TRUE(std::isfinite(yp[i]) && std::isfinite(ym[i])) << "output " << i;
            dGpu += double(p.r[i]) * (double(yp[i]) - double(ym[i]));
            absSum +=
                std::abs(double(p.r[i])) * (std::abs(double(yp[i])) + std::abs(double(ym[i])));
        }

        Doubles refP, refM;
        const double t1 = refAt(delta, 1.0, &refP) - refAt(delta, -1.0, &refM);
        const double tHalf = refAt(delta, 0.5) - refAt(delta, -0.5);
        const double truncation = 4.0 / 3.0 * std::abs(t1 - 2.0 * tHalf);
        Doubles xpd(xp.begin(), xp.end()), xmd(xm.begin(), xm.end());
        double rounding = p.rounding(xpd, refP) + p.rounding(xmd, refM);
        if (p.differenceRounding) rounding += p.differenceRounding(xpd, xmd);
        // (1e-13 Σ|r y|: the double sums of the loss themselves.)
        const double bound = rounding + 1.5 * truncation + 1e-6 * sumAbsGDelta + 1e-13 * absSum;
        const double err = std::abs(dGpu - dAna);
        m.relative = std::max(m.relative, err / std::abs(dAna));
        m.ofBound = std::max(m.ofBound, err / bound);
        m.power = std::max(m.power, bound / std::abs(dAna));
        EXPECT_LE(err, bound) << "direction " << d << ": GPU difference " << dGpu
                              << ", reference backward " << dAna << " (rounding " << rounding
                              << ", truncation " << truncation << ")";
        EXPECT_LE(bound, 0.05 * std::abs(dAna))
            << "direction " << d << ": the bound (" << bound << ") is too loose to test " << dAna
            << " (rounding " << rounding << ", truncation " << truncation << ")";
    }
    std::printf(
        "[ measured ] %-34s |D_gpu - D_ana| / |D_ana| = %.2g, / bound = %.2g, bound / |D_ana| = "
        "%.2g\n",
        p.name.c_str(), m.relative, m.ofBound, m.power);
}

using GpuGradTest = test::GpuBackendTest;

// Binds a kernel (a failure is reported and gives null).
std::unique_ptr<Bindings> bindOrFail(GpuContext &ctx, const Kernel &k,
                                     std::initializer_list<BufferView> buffers) {
    QString error;
    auto bound = ctx.bind(k, buffers, &error);
    EXPECT_TRUE(bound) << error.toStdString();
    return bound;
}

void submitOrFail(GpuContext &ctx, ComputeBatch &batch) {
    QString error;
    EXPECT_TRUE(ctx.submit(batch, &error)) << error.toStdString();
}

// ---- rmsnorm ----------------------------------------------------------------------------------
// e_i = 1e-5 |y_i| (gpu_kernels_test.cpp).

TEST_P(GpuGradTest, RmsNorm) {
    auto rng = test::seededRng();
    const uint32_t n = 16, rows = 3;
    const float eps = 1e-6f;
    Probe p;
    p.name = "rmsnorm";
    const auto px = p.in.add(rng, n * rows, -2.0f, 2.0f, 2.0f);
    const auto pw = p.in.add(rng, n, 0.5f, 1.5f, 2.0f);
    p.r = randomWeights(rng, n * rows);
    const Kernel &k = kernel(KernelId::RmsNorm);
    p.gpu = [&](const Floats &v) {
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, copyOf(v, px));
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, copyOf(v, pw));
        auto yb = test::makeBuffer(*ctx, BufferKind::Storage, Floats(n * rows, 0.0f));
        auto b = bindOrFail(*ctx, k, {*xb, *wb, *yb});
        RmsNormParams rp;
        rp.n = n;
        rp.rows = rows;
        rp.xStride = rp.yStride = n;
        rp.eps = eps;
        ComputeBatch batch;
        QString error;
        EXPECT_TRUE(b && recordRmsNorm(batch, *b, rp, &error)) << error.toStdString();
        submitOrFail(*ctx, batch);
        return test::readVector<float>(*ctx, *yb, n * rows);
    };
    p.ref = [&](CSpan v) {
        Doubles y(n * rows);
        ref::rmsNormRows(v.subspan(px.offset, px.size), int(rows), v.subspan(pw.offset, pw.size), y,
                         eps);
        return y;
    };
    p.backward = [&] {
        Floats g(p.in.values.size(), 0.0f);
        ref::rmsNormRowsBackward(part(p.in.values, px), int(rows), part(p.in.values, pw), p.r, eps,
                                 std::span(g).subspan(px.offset, px.size),
                                 std::span(g).subspan(pw.offset, pw.size));
        return g;
    };
    p.rounding = [&](CSpan, CSpan y) {
        double s = 0.0;
        for (size_t i = 0; i < y.size(); ++i)
            s += std::abs(double(p.r[i])) * 1e-5 * std::abs(y[i]);
        return s;
    };
    checkDirectional(p, rng);
}

// ---- add_rmsnorm ------------------------------------------------------------------------------
// x' = (x + rmsw(y, w1))·s, out = rmsw(x', w2) (gpu_fused_test.cpp):
//   e(x') = 1e-5 |s| (|x| + |r1|), e(out) = 1e-5 (|out| + inv2 |w2| |s| (|x| + |r1|)).

TEST_P(GpuGradTest, AddRmsNorm) {
    auto rng = test::seededRng();
    const uint32_t n = 16, rows = 2;
    const float eps = 1e-6f, s = 0.75f;
    const size_t len = size_t(n) * rows;
    Probe p;
    p.name = "add_rmsnorm";
    const auto px = p.in.add(rng, len, -2.0f, 2.0f, 2.0f);
    const auto py = p.in.add(rng, len, -2.0f, 2.0f, 2.0f);
    const auto pw1 = p.in.add(rng, n, 0.5f, 1.5f, 2.0f);
    const auto pw2 = p.in.add(rng, n, 0.5f, 1.5f, 2.0f);
    p.r = randomWeights(rng, 2 * len);  // [x' | out]
    const Kernel &k = kernel(KernelId::AddRmsNorm);
    p.gpu = [&](const Floats &v) {
        // act: [x | y | out], norms: [w1 | w2]
        Floats act = copyOf(v, px);
        const Floats y = copyOf(v, py);
        act.insert(act.end(), y.begin(), y.end());
        act.resize(3 * len, 0.0f);
        Floats norms = copyOf(v, pw1);
        const Floats w2 = copyOf(v, pw2);
        norms.insert(norms.end(), w2.begin(), w2.end());
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        auto nb = test::makeBuffer(*ctx, BufferKind::Weights, norms);
        auto b = bindOrFail(*ctx, k, {*ab, *nb});
        AddRmsNormParams ap;
        ap.n = n;
        ap.rows = rows;
        ap.xStride = ap.yStride = ap.outStride = n;
        ap.yOffset = uint32_t(len);
        ap.outOffset = uint32_t(2 * len);
        ap.w2Offset = n;
        ap.scale = s;
        ap.normOut = 1;
        ap.eps = eps;
        ComputeBatch batch;
        QString error;
        EXPECT_TRUE(b && recordAddRmsNorm(batch, *b, ap, &error)) << error.toStdString();
        submitOrFail(*ctx, batch);
        Floats out = test::readVector<float>(*ctx, *ab, len);
        const Floats normed = test::readVector<float>(*ctx, *ab, len, qint64(2 * len * 4));
        out.insert(out.end(), normed.begin(), normed.end());
        return out;
    };
    // The reference: x' and out, and the pieces the error bound needs.
    struct Parts {
        Doubles r1, xs, out;
    };
    auto parts = [&](CSpan v) {
        Parts q{Doubles(len), Doubles(len), Doubles(len)};
        ref::rmsNormRows(v.subspan(py.offset, py.size), int(rows), v.subspan(pw1.offset, pw1.size),
                         q.r1, eps);
        ref::add(v.subspan(px.offset, px.size), q.r1, q.xs);
        ref::scale(q.xs, double(s), q.xs);
        ref::rmsNormRows(q.xs, int(rows), v.subspan(pw2.offset, pw2.size), q.out, eps);
        return q;
    };
    p.ref = [&](CSpan v) {
        Parts q = parts(v);
        q.xs.insert(q.xs.end(), q.out.begin(), q.out.end());
        return q.xs;
    };
    p.backward = [&] {
        const Floats &x = p.in.values;
        Floats g(x.size(), 0.0f);
        // The float forward as the model runs it, then the backward ops in reverse.
        Floats r1(len), sum(len), xs(len);
        ref::rmsNormRows(part(x, py), int(rows), part(x, pw1), r1, eps);
        ref::add(part(x, px), r1, sum);
        ref::scale(sum, s, xs);
        const std::span<const float> rX(p.r.data(), len), rOut(p.r.data() + len, len);
        Floats dXs(rX.begin(), rX.end()), dSum(len, 0.0f);
        ref::rmsNormRowsBackward(xs, int(rows), part(x, pw2), rOut, eps, dXs,
                                 std::span(g).subspan(pw2.offset, pw2.size));
        ref::scaleBackward(sum, s, dXs, dSum);
        ref::addInto(std::span(g).subspan(px.offset, px.size), dSum);
        ref::rmsNormRowsBackward(part(x, py), int(rows), part(x, pw1), dSum, eps,
                                 std::span(g).subspan(py.offset, py.size),
                                 std::span(g).subspan(pw1.offset, pw1.size));
        return g;
    };
    p.rounding = [&](CSpan v, CSpan) {
        const Parts q = parts(v);
        double total = 0.0;
        for (uint32_t row = 0; row < rows; ++row) {
            const double inv2 = ref::rmsInverse(CSpan(q.xs).subspan(row * n, n), eps);
            for (uint32_t i = 0; i < n; ++i) {
                const size_t e = row * n + i;
                const double carried =
                    std::abs(double(s)) * (std::abs(v[px.offset + e]) + std::abs(q.r1[e]));
                total += std::abs(double(p.r[e])) * 1e-5 * carried;
                const double w2 = std::abs(v[pw2.offset + i]);
                total += std::abs(double(p.r[len + e])) * 1e-5 *
                         (std::abs(q.out[e]) + inv2 * w2 * carried);
            }
        }
        return total;
    };
    checkDirectional(p, rng);
}

// ---- qkv_prep ---------------------------------------------------------------------------------
// q = rope(rmsw(q, qNorm)), K = rope(rmsw(k, kNorm)), V = rms(v) per head (gpu_attention_test.cpp):
// with e_n = (D/256 + 10) u, an unrotated value (v) is within e_n |y|; a rotated output of a pair
// with normed values (n0, n1) within (e_n + 8u)(|n0| + |n1|) at each point, plus (2^-11 +
// 128 u θ)(|Δn0| + |Δn1|) on the difference: the angle (~100 u θ) and sin/cos (2^-11) depend on
// the position alone, so the same slightly wrong rotation applies at both points and its error
// in the difference scales with the difference Δn of the normed values.

TEST_P(GpuGradTest, QkvPrep) {
    auto rng = test::seededRng();
    const uint32_t rows = 2, heads = 4, kvHeads = 2, D = 16, half = D / 2;
    const uint32_t firstPos = 5, cacheRows = 8;
    const float eps = 1e-6f, base = 10000.0f;
    const uint32_t qLen = heads * D, kvLen = kvHeads * D, stride = qLen + 2 * kvLen;
    const Floats factors = {1.0f, 1.0f, 2.0f, 1e30f, 1.0f, 3.0f, 1e30f, 1.5f};
    ref::RopeParams rp;
    rp.dims = int(D);
    rp.base = base;
    rp.freqFactors = factors;
    Probe p;
    p.name = "qkv_prep";
    const auto pq = p.in.add(rng, rows * qLen, -2.0f, 2.0f, 2.0f);
    const auto pk = p.in.add(rng, rows * kvLen, -2.0f, 2.0f, 2.0f);
    const auto pv = p.in.add(rng, rows * kvLen, -2.0f, 2.0f, 2.0f);
    const auto pqn = p.in.add(rng, D, 0.5f, 1.5f, 2.0f);
    const auto pkn = p.in.add(rng, D, 0.5f, 1.5f, 2.0f);
    p.r = randomWeights(rng, rows * (qLen + 2 * kvLen));  // [q rows | K rows | V rows]
    const Kernel &k = kernel(KernelId::QkvPrep);
    p.gpu = [&](const Floats &v) {
        Floats act(size_t(rows) * stride);
        for (uint32_t r = 0; r < rows; ++r) {
            std::copy_n(v.begin() + long(pq.offset + r * qLen), qLen, act.begin() + r * stride);
            std::copy_n(v.begin() + long(pk.offset + r * kvLen), kvLen,
                        act.begin() + r * stride + qLen);
            std::copy_n(v.begin() + long(pv.offset + r * kvLen), kvLen,
                        act.begin() + r * stride + qLen + kvLen);
        }
        Floats norms = copyOf(v, pqn);
        const Floats kn = copyOf(v, pkn);
        norms.insert(norms.end(), kn.begin(), kn.end());
        norms.insert(norms.end(), factors.begin(), factors.end());
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        auto nb = test::makeBuffer(*ctx, BufferKind::Weights, norms);
        auto kb = test::makeBuffer(*ctx, BufferKind::Storage, Floats(cacheRows * kvLen, 0.0f));
        auto vb = test::makeBuffer(*ctx, BufferKind::Storage, Floats(cacheRows * kvLen, 0.0f));
        auto b = bindOrFail(*ctx, k, {*ab, *nb, *kb, *vb});
        QkvPrepParams qp;
        qp.rows = rows;
        qp.heads = heads;
        qp.kvHeads = kvHeads;
        qp.headDim = D;
        qp.ropeDims = D;
        qp.qStride = qp.kStride = qp.vStride = stride;
        qp.kOffset = qLen;
        qp.vOffset = qLen + kvLen;
        qp.kNormOffset = D;
        qp.fOffset = 2 * D;
        qp.useFactors = 1;
        qp.base = base;
        qp.eps = eps;
        qp.storeKv = 1;
        qp.cacheRows = cacheRows;
        qp.firstPos = firstPos;
        ComputeBatch batch;
        QString error;
        EXPECT_TRUE(b && recordQkvPrep(batch, *b, qp, &error)) << error.toStdString();
        submitOrFail(*ctx, batch);
        const Floats a = test::readVector<float>(*ctx, *ab, act.size());
        const Floats kc = test::readVector<float>(*ctx, *kb, cacheRows * kvLen);
        const Floats vc = test::readVector<float>(*ctx, *vb, cacheRows * kvLen);
        Floats out;
        for (uint32_t r = 0; r < rows; ++r)
            out.insert(out.end(), a.begin() + r * stride, a.begin() + r * stride + qLen);
        for (const Floats *cache : {&kc, &vc}) {
            for (uint32_t r = 0; r < rows; ++r) {
                const size_t slot = (firstPos + r) % cacheRows;
                out.insert(out.end(), cache->begin() + long(slot * kvLen),
                           cache->begin() + long((slot + 1) * kvLen));
            }
        }
        return out;
    };
    // Normed (pre-RoPE) q and k, and the outputs.
    struct Parts {
        Doubles qn, kn, out;
    };
    auto parts = [&](CSpan v) {
        Parts q{Doubles(rows * qLen), Doubles(rows * kvLen), {}};
        Doubles vn(rows * kvLen);
        ref::rmsNormRows(v.subspan(pq.offset, pq.size), int(rows * heads), v.subspan(pqn.offset, D),
                         q.qn, eps);
        ref::rmsNormRows(v.subspan(pk.offset, pk.size), int(rows * kvHeads),
                         v.subspan(pkn.offset, D), q.kn, eps);
        ref::rmsNormRows(v.subspan(pv.offset, pv.size), int(rows * kvHeads), {}, vn, eps);
        Doubles qr(q.qn.size()), kr(q.kn.size());
        for (uint32_t r = 0; r < rows; ++r) {
            ref::ropeNeox(CSpan(q.qn).subspan(r * qLen, qLen),
                          std::span(qr).subspan(r * qLen, qLen), int(D), firstPos + r, rp);
            ref::ropeNeox(CSpan(q.kn).subspan(r * kvLen, kvLen),
                          std::span(kr).subspan(r * kvLen, kvLen), int(D), firstPos + r, rp);
        }
        q.out = qr;
        q.out.insert(q.out.end(), kr.begin(), kr.end());
        q.out.insert(q.out.end(), vn.begin(), vn.end());
        return q;
    };
    p.ref = [&](CSpan v) { return parts(v).out; };
    p.backward = [&] {
        const Floats &x = p.in.values;
        Floats g(x.size(), 0.0f);
        const std::span<const float> rq(p.r.data(), rows * qLen),
            rk(p.r.data() + rows * qLen, rows * kvLen),
            rv(p.r.data() + rows * (qLen + kvLen), rows * kvLen);
        Floats dqn(rows * qLen, 0.0f), dkn(rows * kvLen, 0.0f);
        for (uint32_t r = 0; r < rows; ++r) {
            ref::ropeNeoxBackward(rq.subspan(r * qLen, qLen), int(D), firstPos + r, rp,
                                  std::span(dqn).subspan(r * qLen, qLen));
            ref::ropeNeoxBackward(rk.subspan(r * kvLen, kvLen), int(D), firstPos + r, rp,
                                  std::span(dkn).subspan(r * kvLen, kvLen));
        }
        ref::rmsNormRowsBackward(part(x, pq), int(rows * heads), part(x, pqn), dqn, eps,
                                 std::span(g).subspan(pq.offset, pq.size),
                                 std::span(g).subspan(pqn.offset, D));
        ref::rmsNormRowsBackward(part(x, pk), int(rows * kvHeads), part(x, pkn), dkn, eps,
                                 std::span(g).subspan(pk.offset, pk.size),
                                 std::span(g).subspan(pkn.offset, D));
        ref::rmsNormRowsBackward(part(x, pv), int(rows * kvHeads), {}, rv, eps,
                                 std::span(g).subspan(pv.offset, pv.size), {});
        return g;
    };
    const double en = (D / 256.0 + 10.0) * kU;
    // Visits every rotated output (q then k): its loss weight, its pair's normed values in `n`
    // (the q or k part of Parts) and its angle.
    auto forRotated = [&](auto &&visit) {
        for (int which = 0; which < 2; ++which) {
            const uint32_t len = which == 0 ? qLen : kvLen;
            const size_t rBase = which == 0 ? 0 : rows * qLen;
            for (uint32_t r = 0; r < rows; ++r) {
                for (uint32_t i = 0; i < len; ++i) {
                    const uint32_t j = i % D % half, headBase = r * len + i / D * D;
                    const double theta = std::abs(ref::ropeAngle(rp, int(j), firstPos + r));
                    visit(which, double(p.r[rBase + r * len + i]), headBase + j,
                          headBase + j + half, theta);
                }
            }
        }
    };
    p.rounding = [&](CSpan v, CSpan y) {
        const Parts q = parts(v);
        double total = 0.0;
        forRotated([&](int which, double weight, size_t a, size_t b, double) {
            const Doubles &nn = which == 0 ? q.qn : q.kn;
            total += std::abs(weight) * (en + 8 * kU) * (std::abs(nn[a]) + std::abs(nn[b]));
        });
        const size_t vBase = rows * (qLen + kvLen);
        for (size_t i = vBase; i < y.size(); ++i)
            total += std::abs(double(p.r[i])) * en * std::abs(y[i]);
        return total;
    };
    p.differenceRounding = [&](CSpan xPlus, CSpan xMinus) {
        const Parts a = parts(xPlus), b = parts(xMinus);
        double total = 0.0;
        forRotated([&](int which, double weight, size_t i0, size_t i1, double theta) {
            const Doubles &na = which == 0 ? a.qn : a.kn, &nb = which == 0 ? b.qn : b.kn;
            total += std::abs(weight) * (std::ldexp(1.0, -11) + 128.0 * kU * theta) *
                     (std::abs(na[i0] - nb[i0]) + std::abs(na[i1] - nb[i1]));
        });
        return total;
    };
    checkDirectional(p, rng);
}

// ---- attention --------------------------------------------------------------------------------
// e = 1e-4 Σ_j w_j |v_jd| per output: gpu_attention_test.cpp's bound (2.1 ρ + (2n + 2 splits +
// 16) u) Σ_j w_j |v_jd| with ρ = 2E + (64 + 4 tiles + 4 (s_max − s_min)) u and E = (D/8 + 16) u
// max_j Σ_d |q_d k_jd| evaluates to < 4e-5 Σ_j w_j |v_jd| for these shapes (D = 16, |q|, |k| <=
// 0.5, at most 7 keys, no split).

struct AttnGradCase {
    const char *name;
    uint32_t queries, heads, kvHeads, window, firstPos;
};

TEST_P(GpuGradTest, Attention) {
    auto rng = test::seededRng();
    const AttnGradCase cases[] = {
        {"attention sliding 3, 4:2", 3, 4, 2, 3, 4},
        {"attention global 4:1", 3, 4, 1, 0, 3},
        {"attention decode global 2:2", 1, 2, 2, 0, 5},
    };
    const uint32_t D = 16;
    for (const AttnGradCase &c : cases) {
        const uint32_t qLen = c.heads * D, kvLen = c.kvHeads * D;
        const uint32_t cacheRows = c.firstPos + c.queries;  // every slot p holds position p
        ref::AttentionParams ap;
        ap.heads = int(c.heads);
        ap.kvHeads = int(c.kvHeads);
        ap.headDim = int(D);
        ap.window = int(c.window);
        ap.scale = 1.0f;
        std::vector<int64_t> qPos(c.queries), kPos(cacheRows);
        for (uint32_t i = 0; i < c.queries; ++i)
            qPos[i] = c.firstPos + i;
        for (uint32_t j = 0; j < cacheRows; ++j)
            kPos[j] = j;
        Probe p;
        p.name = c.name;
        p.h = 2e-2;
        const auto pq = p.in.add(rng, c.queries * qLen, -0.5f, 0.5f, 0.5f);
        const auto pk = p.in.add(rng, cacheRows * kvLen, -0.5f, 0.5f, 0.5f);
        const auto pv = p.in.add(rng, cacheRows * kvLen, -1.0f, 1.0f, 1.0f);
        p.r = randomWeights(rng, c.queries * qLen);
        const Kernel &k = kernel(KernelId::Attention);
        p.gpu = [&](const Floats &v) {
            // act: [q rows | o rows]
            Floats act = copyOf(v, pq);
            act.resize(2 * act.size(), 0.0f);
            auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
            auto kb = test::makeBuffer(*ctx, BufferKind::Storage, copyOf(v, pk));
            auto vb = test::makeBuffer(*ctx, BufferKind::Storage, copyOf(v, pv));
            const uint64_t scratch =
                std::max<uint64_t>(4, attentionScratchFloats(c.queries, c.heads, D, cacheRows));
            auto sb = test::makeBuffer(*ctx, BufferKind::Storage, Floats(scratch, 0.0f));
            auto b = bindOrFail(*ctx, k, {*ab, *kb, *vb, *sb});
            AttentionParams gp;
            gp.queries = c.queries;
            gp.heads = c.heads;
            gp.kvHeads = c.kvHeads;
            gp.headDim = D;
            gp.qStride = gp.oStride = qLen;
            gp.oOffset = c.queries * qLen;
            gp.cacheRows = cacheRows;
            gp.firstPos = c.firstPos;
            gp.window = c.window;
            gp.scale = 1.0f;
            ComputeBatch batch;
            QString error;
            EXPECT_TRUE(b && recordAttention(batch, *b, gp, &error)) << error.toStdString();
            submitOrFail(*ctx, batch);
            return test::readVector<float>(*ctx, *ab, c.queries * qLen,
                                           qint64(c.queries * qLen * 4));
        };
        p.ref = [&](CSpan v) {
            Doubles o(c.queries * qLen);
            ref::attention(v.subspan(pq.offset, pq.size), qPos, v.subspan(pk.offset, pk.size),
                           v.subspan(pv.offset, pv.size), kPos, ap, o);
            return o;
        };
        p.backward = [&] {
            const Floats &x = p.in.values;
            Floats g(x.size(), 0.0f);
            ref::attentionBackward(part(x, pq), qPos, part(x, pk), part(x, pv), kPos, ap, p.r,
                                   std::span(g).subspan(pq.offset, pq.size),
                                   std::span(g).subspan(pk.offset, pk.size),
                                   std::span(g).subspan(pv.offset, pv.size));
            return g;
        };
        p.rounding = [&](CSpan v, CSpan) {
            Doubles absV(v.begin() + long(pv.offset), v.begin() + long(pv.offset + pv.size));
            for (double &a : absV)
                a = std::abs(a);
            Doubles weighted(c.queries * qLen);
            ref::attention(v.subspan(pq.offset, pq.size), qPos, v.subspan(pk.offset, pk.size), absV,
                           kPos, ap, weighted);
            double total = 0.0;
            for (size_t i = 0; i < weighted.size(); ++i)
                total += std::abs(double(p.r[i])) * 1e-4 * weighted[i];
            return total;
        };
        checkDirectional(p, rng);
        if (HasFailure()) break;
    }
}

// ---- geglu and the element-wise kernels -------------------------------------------------------
// geglu: e = (16 + 16|z|) u |y| + |gate · up| 2^-50, z = √(2/π)(g + 0.044715 g³)
// (gpu_elementwise_test.cpp). softcap: e = 64 u |y|. add + scale: two f32 roundings,
// e = 2.1 u |x + y| |s|.

TEST_P(GpuGradTest, Geglu) {
    auto rng = test::seededRng();
    const uint32_t n = 24, rows = 2;
    const size_t len = size_t(n) * rows;
    Probe p;
    p.name = "geglu";
    const auto pg = p.in.add(rng, len, -4.0f, 4.0f, 4.0f);
    const auto pu = p.in.add(rng, len, -2.0f, 2.0f, 2.0f);
    p.r = randomWeights(rng, len);
    const Kernel &k = kernel(KernelId::Geglu);
    p.gpu = [&](const Floats &v) {
        auto gb = test::makeBuffer(*ctx, BufferKind::Storage, copyOf(v, pg));
        auto ub = test::makeBuffer(*ctx, BufferKind::Storage, copyOf(v, pu));
        auto ob = test::makeBuffer(*ctx, BufferKind::Storage, Floats(len, 0.0f));
        auto b = bindOrFail(*ctx, k, {*gb, *ub, *ob});
        GegluParams gp;
        gp.n = n;
        gp.rows = rows;
        gp.gateStride = gp.upStride = gp.outStride = n;
        ComputeBatch batch;
        QString error;
        EXPECT_TRUE(b && recordGeglu(batch, *b, gp, &error)) << error.toStdString();
        submitOrFail(*ctx, batch);
        return test::readVector<float>(*ctx, *ob, len);
    };
    p.ref = [&](CSpan v) {
        Doubles y(len);
        ref::geglu(v.subspan(pg.offset, len), v.subspan(pu.offset, len), y);
        return y;
    };
    p.backward = [&] {
        Floats g(p.in.values.size(), 0.0f);
        ref::gegluBackward(part(p.in.values, pg), part(p.in.values, pu), p.r,
                           std::span(g).subspan(pg.offset, len),
                           std::span(g).subspan(pu.offset, len));
        return g;
    };
    p.rounding = [&](CSpan v, CSpan y) {
        double total = 0.0;
        for (size_t i = 0; i < len; ++i) {
            const double gate = v[pg.offset + i], up = v[pu.offset + i];
            const double z = 0.7978845608028654 * (gate + 0.044715 * gate * gate * gate);
            total += std::abs(double(p.r[i])) * ((16.0 + 16.0 * std::abs(z)) * kU * std::abs(y[i]) +
                                                 std::abs(gate * up) * std::ldexp(1.0, -50));
        }
        return total;
    };
    checkDirectional(p, rng);
}

TEST_P(GpuGradTest, SoftcapAndAddScale) {
    auto rng = test::seededRng();
    const uint32_t n = 40;
    const Kernel &k = kernel(KernelId::Elementwise);
    for (const ElementwiseMode mode : {ElementwiseMode::Softcap, ElementwiseMode::AddScale}) {
        const bool softcap = mode == ElementwiseMode::Softcap;
        const float s = softcap ? 5.0f : 0.75f;  // the cap, or the scale
        Probe p;
        p.name = softcap ? "elementwise softcap" : "elementwise add+scale";
        // Softcap: |x| up to 3·cap, well into the saturation (sech²(3) ≈ 0.01).
        const auto px =
            softcap ? p.in.add(rng, n, -15.0f, 15.0f, 8.0f) : p.in.add(rng, n, -4.0f, 4.0f, 4.0f);
        const auto py = softcap ? Inputs::Part{} : p.in.add(rng, n, -4.0f, 4.0f, 4.0f);
        p.h = softcap ? 1e-2 : 0.25;  // add + scale is linear: no truncation
        p.r = randomWeights(rng, n);
        p.gpu = [&](const Floats &v) {
            auto xb = test::makeBuffer(*ctx, BufferKind::Storage, copyOf(v, px));
            auto yb = test::makeBuffer(*ctx, BufferKind::Storage,
                                       softcap ? Floats(n, 0.0f) : copyOf(v, py));
            auto ob = test::makeBuffer(*ctx, BufferKind::Storage, Floats(n, 0.0f));
            auto b = bindOrFail(*ctx, k, {*xb, *yb, *ob});
            ElementwiseParams ep;
            ep.n = n;
            ep.rows = 1;
            ep.xStride = ep.yStride = ep.outStride = n;
            ep.mode = uint32_t(mode);
            ep.s = s;
            ComputeBatch batch;
            QString error;
            EXPECT_TRUE(b && recordElementwise(batch, *b, ep, &error)) << error.toStdString();
            submitOrFail(*ctx, batch);
            return test::readVector<float>(*ctx, *ob, n);
        };
        p.ref = [&](CSpan v) {
            Doubles y(n);
            if (softcap) {
                ref::softcap(v.subspan(px.offset, n), double(s), y);
            } else {
                ref::add(v.subspan(px.offset, n), v.subspan(py.offset, n), y);
                ref::scale(y, double(s), y);
            }
            return y;
        };
        p.backward = [&] {
            const Floats &x = p.in.values;
            Floats g(x.size(), 0.0f);
            if (softcap) {
                ref::softcapBackward(part(x, px), s, p.r, std::span(g).subspan(px.offset, n));
            } else {
                Floats sum(n), dSum(n, 0.0f);
                ref::add(part(x, px), part(x, py), sum);
                ref::scaleBackward(sum, s, p.r, dSum);
                ref::addInto(std::span(g).subspan(px.offset, n), dSum);
                ref::addInto(std::span(g).subspan(py.offset, n), dSum);
            }
            return g;
        };
        p.rounding = [&](CSpan, CSpan y) {
            double total = 0.0;
            for (size_t i = 0; i < n; ++i)
                total += std::abs(double(p.r[i])) * (softcap ? 64.0 : 2.1) * kU * std::abs(y[i]);
            return total;
        };
        checkDirectional(p, rng);
    }
}

// ---- weight kernels ---------------------------------------------------------------------------
// matvec, matmul: e = (K + 2) u Σ_k (|w_k − o_k| + |o_k|) |x_k| (gpu_kernels_test.cpp,
// gpu_matmul_test.cpp; o the block offset of Q4_K, 0 for F32). With the Geglu input
// (x = gelu(gate) ⊙ up formed in the kernel) add Σ_k |w_k| (32 + 16 |z_k|) u |x_k|.
// get_rows: bit-identical to the dequantised row times the scale in f32, e = u |y|.
// Except for the GeGLU input they are linear in what is differentiated (x; the table): h = 0.25.

struct WeightCase {
    TensorType type;
    uint32_t K, N, columns;
    bool matmul;  // the tiled matmul (prefill) instead of matvec
    bool geglu;   // x formed as gelu(gate) ⊙ up (the FFN down projection); matvec only
};

std::string weightCaseName(const WeightCase &c) {
    return std::string(c.matmul ? "matmul " : "matvec ") + test::typeName(c.type) +
           (c.geglu ? " geglu input" : "");
}

TEST_P(GpuGradTest, WeightKernels) {
    auto rng = test::seededRng();
    // A float and a quantised type (Q4_K, with its block offsets: the bulk of a Q4_K_M file);
    // each more type costs little on Vulkan but a shader compile of ~10 s on llvmpipe's OpenGL.
    const WeightCase cases[] = {
        {TensorType::F32, 32, 8, 2, false, false}, {TensorType::Q4_K, 256, 4, 1, false, false},
        {TensorType::F32, 32, 8, 3, true, false},  {TensorType::Q4_K, 256, 4, 2, true, false},
        {TensorType::F32, 32, 8, 2, false, true},
    };
    for (const WeightCase &c : cases) {
        const uint32_t K = c.K, N = c.N, M = c.columns;
        const QByteArray rows = test::quantizedRows(c.type, int(K), int(N), rng);
        const Floats wf = test::dequantRows(c.type, rows, int(K), int(N));
        const Floats off = test::offsetRows(c.type, rows, int(K), int(N));
        ref::WeightView view;
        view.type = c.type;
        view.data = reinterpret_cast<const uint8_t *>(rows.constData());
        view.cols = K;
        view.rows = N;
        view.rowBytes = size_t(weightRowBytes(c.type, K));
        Probe p;
        p.name = weightCaseName(c);
        p.h = c.geglu ? 1e-2 : 0.25;
        const auto px = p.in.add(rng, size_t(K) * M, -2.0f, 2.0f, 2.0f);
        const auto pu = c.geglu ? p.in.add(rng, size_t(K) * M, -2.0f, 2.0f, 2.0f) : Inputs::Part{};
        p.r = randomWeights(rng, size_t(N) * M);
        const Kernel &k = kernel(c.matmul ? *matMulKernel(c.type) : *matVecKernel(c.type));
        p.gpu = [&](const Floats &v) {
            // x binding: [x columns | up columns]
            Floats xs = copyOf(v, px);
            if (c.geglu) {
                const Floats up = copyOf(v, pu);
                xs.insert(xs.end(), up.begin(), up.end());
            }
            auto wb = test::makeBuffer(*ctx, BufferKind::Weights, rows.constData(), rows.size());
            auto xb = test::makeBuffer(*ctx, BufferKind::Storage, xs);
            auto yb = test::makeBuffer(*ctx, BufferKind::Storage, Floats(size_t(N) * M, 0.0f));
            // (The bindings must outlive the batch's submission.)
            std::unique_ptr<Bindings> b;
            ComputeBatch batch;
            QString error;
            if (c.matmul) {
                b = bindOrFail(*ctx, k, {*wb, *xb, *yb});
                MatMulParams mp;
                mp.K = K;
                mp.N = N;
                mp.M = M;
                mp.rowBytes = uint32_t(view.rowBytes);
                mp.xStride = K;
                mp.yStride = N;
                EXPECT_TRUE(b && recordMatMul(batch, *b, mp, &error)) << error.toStdString();
            } else {
                b = bindOrFail(*ctx, k, {*wb, *xb, *yb, *xb});
                MatVecParams mp;
                mp.K = K;
                mp.N = N;
                mp.rowBytes = uint32_t(view.rowBytes);
                mp.xStride = K;
                mp.yStride = N;
                if (c.geglu) {
                    mp.inputMode = uint32_t(MatInputMode::Geglu);
                    mp.x2Offset = K * M;
                    mp.x2Stride = K;
                }
                EXPECT_TRUE(b && recordMatVec(batch, *b, mp, M, &error)) << error.toStdString();
            }
            submitOrFail(*ctx, batch);
            return test::readVector<float>(*ctx, *yb, size_t(N) * M);
        };
        // The product's input in double: x, or gelu(gate) ⊙ up.
        auto input = [&](CSpan v) {
            Doubles x(v.begin() + long(px.offset), v.begin() + long(px.offset + px.size));
            if (c.geglu) ref::geglu(Doubles(x), v.subspan(pu.offset, pu.size), x);
            return x;
        };
        p.ref = [&](CSpan v) {
            Doubles y(size_t(N) * M);
            ref::matmul(view, input(v), int(M), y);
            return y;
        };
        p.backward = [&] {
            const Floats &x = p.in.values;
            Floats g(x.size(), 0.0f);
            if (!c.geglu) {
                ref::matmulBackward(view, p.r, int(M), std::span(g).subspan(px.offset, px.size));
                return g;
            }
            Floats dAct(px.size, 0.0f);
            ref::matmulBackward(view, p.r, int(M), dAct);
            ref::gegluBackward(part(x, px), part(x, pu), dAct,
                               std::span(g).subspan(px.offset, px.size),
                               std::span(g).subspan(pu.offset, pu.size));
            return g;
        };
        p.rounding = [&](CSpan v, CSpan) {
            const Doubles x = input(v);
            double total = 0.0;
            for (uint32_t m = 0; m < M; ++m) {
                for (uint32_t nn = 0; nn < N; ++nn) {
                    double mag = 0.0, gegluErr = 0.0;
                    for (uint32_t kk = 0; kk < K; ++kk) {
                        const double w = wf[size_t(nn) * K + kk], o = off[size_t(nn) * K + kk];
                        const double xv = std::abs(x[size_t(m) * K + kk]);
                        mag += (std::abs(w - o) + std::abs(o)) * xv;
                        if (c.geglu) {
                            const double gate = v[px.offset + size_t(m) * K + kk];
                            const double z =
                                0.7978845608028654 * (gate + 0.044715 * gate * gate * gate);
                            gegluErr += std::abs(w) * (32.0 + 16.0 * std::abs(z)) * kU * xv;
                        }
                    }
                    total +=
                        std::abs(double(p.r[size_t(m) * N + nn])) * ((K + 2) * kU * mag + gegluErr);
                }
            }
            return total;
        };
        checkDirectional(p, rng);
        if (HasFailure()) break;
    }
}

TEST_P(GpuGradTest, GetRowsScatterAdd) {
    auto rng = test::seededRng();
    const uint32_t K = 32, vocab = 6;
    const std::vector<uint32_t> ids = {2, 0, 2, 5, 2};
    const std::vector<int32_t> signedIds(ids.begin(), ids.end());
    const float scale = 3.5f;
    const uint32_t rows = uint32_t(ids.size());
    Probe p;
    p.name = "get_rows F32 (embedding)";
    p.h = 0.25;
    const auto pt = p.in.add(rng, size_t(vocab) * K, -1.0f, 1.0f, 1.0f);
    p.r = randomWeights(rng, size_t(rows) * K);
    const Kernel &k = kernel(*getRowsKernel(TensorType::F32));
    p.gpu = [&](const Floats &v) {
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, copyOf(v, pt));
        auto ib = test::makeBuffer(*ctx, BufferKind::Storage, ids);
        auto yb = test::makeBuffer(*ctx, BufferKind::Storage, Floats(size_t(rows) * K, 0.0f));
        auto b = bindOrFail(*ctx, k, {*wb, *ib, *yb});
        GetRowsParams gp;
        gp.K = K;
        gp.rows = rows;
        gp.rowBytes = K * 4;
        gp.wRows = vocab;
        gp.yStride = K;
        gp.scale = scale;
        ComputeBatch batch;
        QString error;
        EXPECT_TRUE(b && recordGetRows(batch, *b, gp, &error)) << error.toStdString();
        submitOrFail(*ctx, batch);
        return test::readVector<float>(*ctx, *yb, size_t(rows) * K);
    };
    p.ref = [&](CSpan v) {
        // The table rows are exact floats here (x ± δ on the grid).
        const Floats table(v.begin(), v.end());
        const ref::WeightView view = ref::WeightView::fromF32(table, K, vocab);
        Doubles y(size_t(rows) * K);
        for (uint32_t i = 0; i < rows; ++i)
            ref::embeddingRow(view, ids[i], double(scale), std::span(y).subspan(i * K, K));
        return y;
    };
    p.backward = [&] {
        Floats g(p.in.values.size(), 0.0f);
        ref::embeddingBackward(signedIds, scale, p.r, g);
        return g;
    };
    p.rounding = [&](CSpan, CSpan y) {
        double total = 0.0;
        for (size_t i = 0; i < y.size(); ++i)
            total += std::abs(double(p.r[i])) * kU * std::abs(y[i]);
        return total;
    };
    checkDirectional(p, rng);
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuGradTest, ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
