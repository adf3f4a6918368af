// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The training kernels against the CPU training references (model/reference_backward.h,
// train/optimizer.h), on fresh random data. cross_entropy: per-row losses and the raw logits'
// gradient against ref::softcap, ref::crossEntropy and ref::softcapBackward (sums in double).
// Bound: the kernel works in float (exp, log, tanh, cosh of arguments up to ~50), so each loss is
// within 2e-6·(|lse| + |y_t|) + 1e-6 and each gradient within 1e-5·scale of the reference (a
// probability's relative error is a few float ulps of the logsumexp, times the row's largest |y|);
// rows without a target exactly 0. The other kernels' bounds are stated above their tests.
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"
#include "model/reference_backward.h"
#include "model/reference_ops.h"
#include "support/test_support.h"
#include "train/dropout_mask.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <tuple>
#include <vector>

namespace facet::gpu {
namespace {

using test::randomFloats;

class GpuTrainKernelTest : public test::GpuBackendTest {};

TEST_P(GpuTrainKernelTest, CrossEntropyMatchesTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::CrossEntropy);
    struct Case {
        uint32_t n, rows;
        float cap, magnitude;
        bool inPlace;
    };
    const Case cases[] = {{1, 3, 0.0f, 1.0f, false},      {7, 5, 30.0f, 3.0f, false},
                          {512, 9, 30.0f, 40.0f, true},   {1000, 4, 0.0f, 8.0f, false},
                          {4099, 3, 30.0f, 200.0f, true}, {262144, 2, 30.0f, 20.0f, false}};
    double worstLoss = 0, worstGrad = 0;
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message() << "n=" << c.n << " rows=" << c.rows << " cap=" << c.cap
                                          << " inPlace=" << c.inPlace);
        const uint32_t xOffset = 3, xStride = c.n + 5;
        const uint32_t dxOffset = c.inPlace ? xOffset : xOffset + xStride * c.rows + 7;
        const uint32_t dxStride = c.inPlace ? xStride : c.n + 1;
        const uint32_t lossOffset = dxOffset + dxStride * c.rows + 2;
        std::vector<float> act =
            randomFloats(rng, size_t(lossOffset + c.rows + 4), -c.magnitude, c.magnitude);
        std::vector<int32_t> targets(c.rows + 2, -1);
        std::uniform_int_distribution<int32_t> pick(0, int32_t(c.n) - 1);
        int counted = 0;
        for (uint32_t r = 0; r < c.rows; ++r) {
            // Every third row has no target (a prompt position).
            targets[r + 2] = r % 3 == 1 ? -1 : pick(rng);
            counted += targets[r + 2] >= 0;
        }
        const float scale = counted > 0 ? 1.0f / float(counted) : 1.0f;
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        auto tb = test::makeBuffer(*ctx, BufferKind::Storage, targets);
        QString error;
        auto b = ctx->bind(k, {*ab, *tb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        CrossEntropyParams p;
        p.n = c.n;
        p.rows = c.rows;
        p.xOffset = xOffset;
        p.xStride = xStride;
        p.dxOffset = dxOffset;
        p.dxStride = dxStride;
        p.lossOffset = lossOffset;
        p.targetOffset = 2;
        p.cap = c.cap;
        p.scale = scale;
        ComputeBatch batch;
        ASSERT_TRUE(recordCrossEntropy(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *ab, act.size());

        for (uint32_t r = 0; r < c.rows; ++r) {
            const std::vector<float> x(act.begin() + xOffset + r * xStride,
                                       act.begin() + xOffset + r * xStride + c.n);
            std::vector<float> y(c.n);
            model::ref::softcap(x, c.cap, y);
            const int32_t target[1] = {targets[r + 2]};
            std::vector<float> dy(c.n, 0.0f), dx(c.n, 0.0f);
            const double loss = model::ref::crossEntropy(y, target, dy);
            model::ref::softcapBackward(x, c.cap, dy, dx);
            const float gotLoss = got[lossOffset + r];
            if (target[0] < 0) {
                EXPECT_EQ(gotLoss, 0.0f);
            } else {
                double maxY = 0;
                for (const float v : y)
                    maxY = std::max(maxY, std::abs(double(v)));
                const double bound = 2e-6 * (std::abs(loss) + maxY) + 1e-6;
                worstLoss = std::max(worstLoss, std::abs(gotLoss - loss) / bound);
                EXPECT_LE(std::abs(gotLoss - loss), bound) << "row " << r;
            }
            for (uint32_t i = 0; i < c.n; ++i) {
                const float g = got[dxOffset + r * dxStride + i];
                if (target[0] < 0) {
                    ASSERT_EQ(g, 0.0f) << "row " << r << " i " << i;
                    continue;
                }
                // The reference's dy is for a mean over this one row: scale it like the kernel.
                const double want = double(dx[i]) * scale;
                const double bound = 1e-5 * scale;
                worstGrad = std::max(worstGrad, std::abs(g - want) / bound);
                ASSERT_LE(std::abs(g - want), bound) << "row " << r << " i " << i;
            }
        }
        // What lies outside the rows is untouched (the gaps between rows of a strided dx).
        if (!c.inPlace && c.rows > 1) {
            EXPECT_EQ(got[dxOffset + c.n], act[dxOffset + c.n]);
        }
    }
    std::printf("[ measured ] cross_entropy: worst loss error / bound %.3g, gradient %.3g\n",
                worstLoss, worstGrad);
}

TEST_P(GpuTrainKernelTest, CrossEntropyRefusesBadParameters) {
    const Kernel &k = kernel(KernelId::CrossEntropy);
    auto ab = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1000, 0.0f));
    auto tb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(8, 0.0f));
    QString error;
    auto b = ctx->bind(k, {*ab, *tb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    const auto refused = [&](CrossEntropyParams p, const char *what) {
        ComputeBatch batch;
        EXPECT_FALSE(recordCrossEntropy(batch, *b, p, &error));
        EXPECT_TRUE(error.contains(QLatin1String(what))) << error.toStdString();
        EXPECT_EQ(batch.dispatchCount(), 0);
    };
    CrossEntropyParams ok;
    ok.n = 100;
    ok.rows = 2;
    ok.xStride = ok.dxStride = 100;
    ok.dxOffset = 300;
    ok.lossOffset = 600;
    {
        ComputeBatch batch;
        EXPECT_TRUE(recordCrossEntropy(batch, *b, ok, &error)) << error.toStdString();
    }
    CrossEntropyParams p = ok;
    p.n = 0;
    refused(p, "0 values");
    p = ok;
    p.cap = NAN;
    refused(p, "must be numbers");
    p = ok;
    p.dxOffset = 50;
    refused(p, "overlaps x");
    p = ok;
    p.lossOffset = 150;
    refused(p, "losses overlap");
    p = ok;
    p.lossOffset = 100000;  // (bindings may cover a little more than asked: far outside)
    refused(p, "binding 1");
    p = ok;
    p.targetOffset = 100000;
    refused(p, "targets");
    p = ok;
    p.xStride = 50;
    refused(p, "stride");
}

// sum_squares against a double sum: lengths off the workgroup, more workgroups than needed, a
// single workgroup over many elements, values over a wide range of magnitudes, an offset. Bound:
// float sums, (n / (256·groups) + 9)·2^-23·Σ x² (the per-invocation chain plus the tree), plus the
// squares' own rounding.
TEST_P(GpuTrainKernelTest, SumSquaresMatchesTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::SumSquares);
    struct Case {
        uint32_t n, groups;
    };
    const Case cases[] = {{1, 1}, {255, 4}, {1000, 3}, {70000, 1}, {300001, 64}};
    double worst = 0;
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message() << "n=" << c.n << " groups=" << c.groups);
        std::vector<float> x = randomFloats(rng, c.n + 7, -1.0f, 1.0f);
        for (float &v : x)
            v *= std::exp2(float(int(rng() % 21)) - 10.0f);
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, x);
        auto pb =
            test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(c.groups + 3, 7.0f));
        QString error;
        auto b = ctx->bind(k, {*xb, *pb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        SumSquaresParams p;
        p.count = c.n;
        p.xOffset = 5;
        p.partialOffset = 2;
        ComputeBatch batch;
        ASSERT_TRUE(recordSumSquares(batch, *b, p, c.groups, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *pb, c.groups + 3);
        double sum = 0, want = 0;
        for (uint32_t g = 0; g < c.groups; ++g)
            sum += got[2 + g];
        for (uint32_t i = 0; i < c.n; ++i)
            want += double(x[5 + i]) * x[5 + i];
        const double bound = (double(c.n) / (256.0 * c.groups) + 10) * std::ldexp(want, -23);
        worst = std::max(worst, std::abs(sum - want) / bound);
        EXPECT_LE(std::abs(sum - want), bound);
        EXPECT_EQ(got[0], 7.0f);  // outside the partials: untouched
        EXPECT_EQ(got[2 + c.groups], 7.0f);
    }
    std::printf("[ measured ] sum_squares: worst error / bound %.3g\n", worst);
    auto xb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(100, 1.0f));
    QString error;
    auto b = ctx->bind(k, {*xb, *xb}, &error);
    ASSERT_TRUE(b);
    SumSquaresParams p;
    p.count = 200;
    ComputeBatch batch;
    EXPECT_FALSE(recordSumSquares(batch, *b, p, 1, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("binding 1"))) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 0);
}

// lora_dropout against train::applyDropoutMask: masked copies and masked sums, strided rows with
// gaps, in place, mask rows of 1 to 12288 values (the index r·n + c past 2¹⁶), dropout 0.05 to
// 0.9. Bound: exact. The masks are the same integer arithmetic, and each element is one f32
// multiply by 0 or 1 / (1 − p) and, summing, one f32 add, kept unfused by `precise` and by the
// CPU build (no FMA contraction on the default x86-64 target).
TEST_P(GpuTrainKernelTest, LoraDropoutMatchesTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::LoraDropout);
    struct Case {
        uint32_t n, rows;
        float p;
        bool accumulate, inPlace;
    };
    const Case cases[] = {{1, 3, 0.5f, false, false},     {37, 5, 0.25f, true, false},
                          {256, 9, 0.05f, false, true},   {1536, 17, 0.1f, true, false},
                          {12288, 6, 0.9f, false, false}, {12288, 6, 0.25f, true, false}};
    uint64_t seed = rng();
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message()
                     << "n=" << c.n << " rows=" << c.rows << " p=" << c.p
                     << " accumulate=" << c.accumulate << " inPlace=" << c.inPlace);
        const uint32_t xOffset = 3, xStride = c.n + 5;
        const uint32_t outOffset = c.inPlace ? xOffset : xOffset + xStride * c.rows + 7;
        const uint32_t outStride = c.inPlace ? xStride : c.n + 2;
        const std::vector<float> act =
            randomFloats(rng, size_t(outOffset) + size_t(outStride) * c.rows + 4, -2.0f, 2.0f);
        const train::DropoutMask mask =
            train::dropoutMask(seed++, 5, model::LoraTarget::FfnDown, c.p);
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        QString error;
        auto b = ctx->bind(k, {*ab}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        LoraDropoutParams p;
        p.n = c.n;
        p.rows = c.rows;
        p.xOffset = xOffset;
        p.xStride = xStride;
        p.outOffset = outOffset;
        p.outStride = outStride;
        p.accumulate = c.accumulate ? 1 : 0;
        p.key = mask.key;
        p.threshold = mask.threshold;
        p.keepScale = mask.keepScale;
        ComputeBatch batch;
        ASSERT_TRUE(recordLoraDropout(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *ab, act.size());
        std::vector<float> want = act;
        train::applyDropoutMask(mask, act.data() + xOffset, xStride, want.data() + outOffset,
                                outStride, c.rows, c.n, c.accumulate);
        size_t dropped = 0, differ = 0;
        for (size_t i = 0; i < want.size(); ++i)
            differ += std::memcmp(&got[i], &want[i], 4) != 0;
        for (uint32_t i = 0; i < c.n * c.rows; ++i)
            dropped += mask.at(i) == 0.0f;
        EXPECT_EQ(differ, 0u);  // (outside the rows included: the gaps are untouched)
        std::printf(
            "[ measured ] lora_dropout n=%u rows=%u p=%.2f: %zu of %u dropped, %zu "
            "elements differ\n",
            c.n, c.rows, double(c.p), dropped, c.n * c.rows, differ);
    }
    // Refusals: an out that overlaps x other than exactly, ranges past the binding, no scale.
    auto ab = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1000, 1.0f));
    QString error;
    auto b = ctx->bind(k, {*ab}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    const auto refused = [&](LoraDropoutParams p, const char *what) {
        ComputeBatch batch;
        EXPECT_FALSE(recordLoraDropout(batch, *b, p, &error));
        EXPECT_TRUE(error.contains(QLatin1String(what))) << error.toStdString();
        EXPECT_EQ(batch.dispatchCount(), 0);
    };
    LoraDropoutParams ok;
    ok.n = 100;
    ok.rows = 2;
    ok.xStride = ok.outStride = 100;
    ok.outOffset = 200;
    LoraDropoutParams p = ok;
    p.outOffset = 150;
    refused(p, "overlaps x");
    p = ok;
    p.outOffset = 100000;
    refused(p, "binding 1");
    p = ok;
    p.keepScale = INFINITY;
    refused(p, "keep scale");
    p = ok;
    p.n = 0;
    refused(p, "0 values");
}

// adamw against its formula in double (train::AdamW's arithmetic), three steps with clipping's
// gradient scale and weight decay: each parameter within 1e-6·|θ| + 1e-5·lr per step, v within
// 1e-6 relative and m within 1e-6 of its terms' magnitudes (m may cancel to near zero; float
// arithmetic of the same expressions).
TEST_P(GpuTrainKernelTest, AdamWFollowsItsFormula) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AdamW);
    const uint32_t count = 70001, pOff = 3, gOff = 5, mOff = 7;
    std::vector<float> theta = randomFloats(rng, pOff + count, -0.5f, 0.5f);
    std::vector<float> moments(mOff + 2 * size_t(count), 0.0f);
    auto tb = test::makeBuffer(*ctx, BufferKind::Storage, theta);
    auto mb = test::makeBuffer(*ctx, BufferKind::Storage, moments);
    std::vector<double> th(theta.begin() + pOff, theta.end()), m(count, 0.0), v(count, 0.0);
    std::vector<double> mAbs(count, 0.0);  // m's terms in absolute value (m may cancel)
    AdamWParams p;
    p.count = count;
    p.paramOffset = pOff;
    p.gradOffset = gOff;
    p.momentOffset = mOff;
    p.lr = 1e-2f;
    p.weightDecay = 0.01f;
    p.gradScale = 0.5f;
    QString error;
    for (int t = 1; t <= 3; ++t) {
        const std::vector<float> grad = randomFloats(rng, gOff + count, -2.0f, 2.0f);
        auto gb = test::makeBuffer(*ctx, BufferKind::Storage, grad);
        auto b = ctx->bind(k, {*tb, *gb, *mb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        p.c1 = float(1.0 - std::pow(double(p.beta1), t));
        p.c2 = float(1.0 - std::pow(double(p.beta2), t));
        ComputeBatch batch;
        ASSERT_TRUE(recordAdamW(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        for (uint32_t i = 0; i < count; ++i) {
            const double g = double(grad[gOff + i]) * p.gradScale;
            th[i] *= 1.0 - double(p.lr) * p.weightDecay;
            m[i] = p.beta1 * m[i] + (1.0 - p.beta1) * g;
            mAbs[i] = p.beta1 * mAbs[i] + (1.0 - p.beta1) * std::abs(g);
            v[i] = p.beta2 * v[i] + (1.0 - p.beta2) * g * g;
            th[i] -= double(p.lr) * (m[i] / p.c1) / (std::sqrt(v[i] / p.c2) + p.eps);
        }
    }
    const auto gotTheta = test::readVector<float>(*ctx, *tb, theta.size());
    const auto gotM = test::readVector<float>(*ctx, *mb, moments.size());
    double worst = 0;
    for (uint32_t i = 0; i < count; ++i) {
        const double bound = 3 * (1e-6 * std::abs(th[i]) + 1e-5 * p.lr);
        worst = std::max(worst, std::abs(gotTheta[pOff + i] - th[i]) / bound);
        ASSERT_LE(std::abs(gotTheta[pOff + i] - th[i]), bound) << i;
        ASSERT_NEAR(gotM[mOff + i], m[i], 1e-6 * mAbs[i] + 1e-12) << i;
        ASSERT_NEAR(gotM[mOff + count + i], v[i], 1e-6 * std::abs(v[i]) + 1e-12) << i;
    }
    EXPECT_EQ(gotTheta[0], theta[0]);  // outside the range: untouched
    std::printf("[ measured ] adamw: worst parameter error / bound %.3g\n", worst);
    // Refusals.
    auto b = ctx->bind(k, {*tb, *tb, *mb}, &error);
    ASSERT_TRUE(b);
    AdamWParams bad = p;
    bad.c1 = 0.0f;
    ComputeBatch batch;
    EXPECT_FALSE(recordAdamW(batch, *b, bad, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("bias corrections"))) << error.toStdString();
    bad = p;
    bad.lr = NAN;
    EXPECT_FALSE(recordAdamW(batch, *b, bad, &error));
    bad = p;
    bad.momentOffset = 10000000;
    EXPECT_FALSE(recordAdamW(batch, *b, bad, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("moments"))) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 0);
}

// gemm against double loops: every transpose of A and B (through strides), accumulate, alpha,
// shapes off the 64 x 64 tiles, K = 1 and K past several steps,
// operands in one buffer; batches (C's batches one after another or side by side in its rows),
// summed batches, and split K (a scratch area and a target that forces slices). Bound: float sums
// of K products, each result within (K + 2)·2^-23·Σ_k |A_ik B_kj|·|alpha| (+ the rounding of C's
// old value when accumulating); on the tensor-core build A and B are rounded to f16 first, which
// adds 2^-10·Σ_k |A_ik B_kj|·|alpha|.
TEST_P(GpuTrainKernelTest, GemmMatchesTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::Gemm);
    const bool tensor = k.tensorCores();
    struct Case {
        uint32_t M, N, K;
        bool aT, bT, acc;
        float alpha;
        uint32_t batches = 1;
        bool sum = false, cSide = false, split = false;
        // The attention mask (GemmParams::maskMode, maskQuery, maskKey, maskWindow).
        uint32_t mask = 0, mq = 0, mk = 0, win = 0;
    };
    // Query q sees key k when k <= q and, with a window, q - k < window.
    const auto visible = [](int64_t q, int64_t key, uint32_t win) {
        return key <= q && (win == 0 || q - key < int64_t(win));
    };
    const Case cases[] = {
        {1, 1, 1, false, false, false, 1.0f},
        {16, 16, 16, false, false, true, 0.5f},
        {17, 33, 5, true, false, false, 2.0f},
        {40, 3, 70, false, true, true, -1.0f},
        {5, 64, 129, true, true, false, 0.25f},
        {130, 17, 16, true, false, true, 1.0f},
        {70, 65, 40, false, true, false, 1.0f, 3},
        {20, 9, 33, true, false, true, 0.5f, 3, false, true},
        {33, 18, 50, true, true, true, 1.0f, 4, true},
        {24, 16, 1000, false, true, false, 1.0f, 1, false, false, true},
        {40, 16, 700, true, false, true, -0.5f, 2, false, false, true},
        {17, 70, 300, false, false, false, 1.0f, 3, true, false, true},
        // Long and wide shapes (the LoRA products' rank-wide sides).
        {300, 16, 40, false, true, true, 1.0f},
        {16, 300, 50, true, false, false, 0.5f, 2},
        {500, 48, 200, true, true, true, 1.0f, 1, false, false, true},
        {48, 700, 300, false, false, true, 1.0f, 1, false, false, true},
        // Masked score products: mode 1 (rows queries, columns keys; checked
        // where visible), modes 2 and 3 (A zero where masked, as P and dS are:
        // the whole product must come out), causal and windowed, with batches,
        // summed batches and split K.
        {130, 150, 40, false, true, false, 1.0f, 2, false, false, false, 1},
        {200, 260, 20, false, true, true, 0.5f, 1, false, false, false, 1, 60, 0, 70},
        {150, 40, 200, false, false, true, 1.0f, 1, false, false, false, 2, 30},
        {120, 48, 200, false, false, false, 1.0f, 2, false, false, false, 2, 100, 40, 64},
        {180, 24, 150, true, false, true, 1.0f, 3, true, false, false, 3},
        {200, 16, 300, true, false, false, 1.0f, 1, false, false, true, 3, 20, 50, 90}};
    double worst = 0;
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message()
                     << c.M << "x" << c.N << "x" << c.K << " aT=" << c.aT << " bT=" << c.bT
                     << " acc=" << c.acc << " batches=" << c.batches << " sum=" << c.sum
                     << " side=" << c.cSide << " split=" << c.split << " mask=" << c.mask
                     << " q=" << c.mq << " k=" << c.mk << " window=" << c.win);
        // A stored [M][K] (or [K][M] transposed), B [K][N] (or [N][K]), C [M][N] with a wider row;
        // batches of A and B one after another; all in one buffer, a scratch area last.
        const uint32_t nb = c.batches, ob = c.sum ? 1 : nb;
        const uint32_t aOff = 3, aLd = (c.aT ? c.M : c.K) + 2;
        const uint32_t aRows = c.aT ? c.K : c.M, aBatch = aRows * aLd + 7;
        const uint32_t bOff = aOff + nb * aBatch + 5, bLd = (c.bT ? c.K : c.N) + 1;
        const uint32_t bRows = c.bT ? c.N : c.K, bBatch = bRows * bLd + 3;
        const uint32_t cOff = bOff + nb * bBatch + 4;
        const uint32_t cLd = c.cSide ? ob * (c.N + 2) + 1 : c.N + 3;
        const uint32_t cBatch = c.cSide ? c.N + 2 : c.M * cLd + 2;
        const uint32_t cSize = c.cSide ? c.M * cLd : ob * cBatch;
        const uint32_t scratch = cOff + cSize + 6, scratchFloats = 40 * c.M * c.N * ob;
        std::vector<float> buf = randomFloats(rng, scratch + scratchFloats, -1.0f, 1.0f);
        // Modes 2 and 3: A is zero where the mask hides (row i, sum index q), as P and dS are.
        const auto hidden = [&](uint32_t i, uint32_t q) {
            if (c.mask == 2) return !visible(int64_t(c.mq) + i, int64_t(c.mk) + q, c.win);
            if (c.mask == 3) return !visible(int64_t(c.mq) + q, int64_t(c.mk) + i, c.win);
            return false;
        };
        for (uint32_t z = 0; z < nb; ++z) {
            for (uint32_t i = 0; i < c.M; ++i) {
                for (uint32_t q = 0; q < c.K; ++q) {
                    if (hidden(i, q))
                        buf[aOff + z * aBatch + i * (c.aT ? 1 : aLd) + q * (c.aT ? aLd : 1)] = 0;
                }
            }
        }
        GemmParams p;
        p.M = c.M;
        p.N = c.N;
        p.K = c.K;
        p.aOffset = aOff;
        p.aRowStride = c.aT ? 1 : aLd;
        p.aColStride = c.aT ? aLd : 1;
        p.bOffset = bOff;
        p.bRowStride = c.bT ? 1 : bLd;
        p.bColStride = c.bT ? bLd : 1;
        p.cOffset = cOff;
        p.cRowStride = cLd;
        p.alpha = c.alpha;
        p.accumulate = c.acc ? 1 : 0;
        p.batches = nb;
        p.aBatchStride = aBatch;
        p.bBatchStride = bBatch;
        p.cBatchStride = cBatch;
        p.sumBatches = c.sum ? 1 : 0;
        p.maskMode = c.mask;
        p.maskQuery = c.mq;
        p.maskKey = c.mk;
        p.maskWindow = c.win;
        GemmSplit split;
        split.scratchOffset = scratch;
        split.scratchFloats = scratchFloats;
        split.target = 1u << 16;  // slices wherever K allows
        if (c.split) {
            const uint32_t s = gemmSplitCount(c.M, c.N, c.K, ob, kGemmTile, split.target);
            EXPECT_GE(s, 2u);
        }
        auto bb = test::makeBuffer(*ctx, BufferKind::Storage, buf);
        QString error;
        auto b = ctx->bind(k, {*bb, *bb, *bb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        ComputeBatch batch;
        ASSERT_TRUE(recordGemm(batch, *b, p, &error, c.split ? &split : nullptr))
            << error.toStdString();
        EXPECT_EQ(batch.dispatchCount(), c.split ? 2 : 1);
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *bb, buf.size());
        for (uint32_t o = 0; o < ob; ++o) {
            for (uint32_t i = 0; i < c.M; ++i) {
                for (uint32_t j = 0; j < c.N; ++j) {
                    // Mode 1 leaves what no query sees to the row pass: not checked.
                    if (c.mask == 1 && !visible(int64_t(c.mq) + i, int64_t(c.mk) + j, c.win))
                        continue;
                    double sum = 0, mag = 0;
                    for (uint32_t z = c.sum ? 0 : o; z < (c.sum ? nb : o + 1); ++z) {
                        for (uint32_t q = 0; q < c.K; ++q) {
                            const double a =
                                buf[aOff + z * aBatch + i * p.aRowStride + q * p.aColStride];
                            const double bq =
                                buf[bOff + z * bBatch + q * p.bRowStride + j * p.bColStride];
                            sum += a * bq;
                            mag += std::abs(a * bq);
                        }
                    }
                    const size_t at = cOff + o * cBatch + i * cLd + j;
                    const double old = c.acc ? double(buf[at]) : 0.0;
                    const double want = old + double(c.alpha) * sum;
                    const double terms = double(c.K) * (c.sum ? nb : 1) + 2;
                    const double bound =
                        (terms * std::ldexp(1.0, -23) + (tensor ? std::ldexp(1.0, -10) : 0.0)) *
                            mag * std::abs(c.alpha) +
                        std::ldexp(std::abs(want), -23) + 1e-30;
                    worst = std::max(worst, std::abs(got[at] - want) / bound);
                    ASSERT_LE(std::abs(got[at] - want), bound) << o << ":" << i << "," << j;
                }
                // The gap after each row of C is untouched.
                if (!c.cSide) {
                    EXPECT_EQ(got[cOff + o * cBatch + i * cLd + c.N],
                              buf[cOff + o * cBatch + i * cLd + c.N]);
                }
            }
        }
        if (c.cSide) {  // the gaps between the batches of a row
            EXPECT_EQ(got[cOff + c.N], buf[cOff + c.N]);
            EXPECT_EQ(got[cOff + c.N + 1], buf[cOff + c.N + 1]);
        }
        // A and B are untouched.
        EXPECT_EQ(got[aOff], buf[aOff]);
        EXPECT_EQ(got[bOff], buf[bOff]);
    }
    std::printf("[ measured ] gemm: worst error / bound %.3g\n", worst);
    // Refusals: C over A, C outside the binding, C's rows overlapping.
    auto bb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1000, 0.0f));
    QString error;
    auto b = ctx->bind(k, {*bb, *bb, *bb}, &error);
    ASSERT_TRUE(b);
    GemmParams p;
    p.M = p.N = p.K = 8;
    p.aRowStride = p.bRowStride = p.cRowStride = 8;
    p.bOffset = 100;
    p.cOffset = 30;
    ComputeBatch batch;
    EXPECT_FALSE(recordGemm(batch, *b, p, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("C overlaps A"))) << error.toStdString();
    p.cOffset = 100000;
    EXPECT_FALSE(recordGemm(batch, *b, p, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("binding 3"))) << error.toStdString();
    p.cOffset = 300;
    p.cRowStride = 4;
    EXPECT_FALSE(recordGemm(batch, *b, p, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("row stride"))) << error.toStdString();
    p.cRowStride = 8;
    p.batches = 2;
    p.cBatchStride = 20;  // the second C starts inside the first
    EXPECT_FALSE(recordGemm(batch, *b, p, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("batches overlap"))) << error.toStdString();
    p.batches = 1;
    p.K = 800;
    p.aRowStride = p.bRowStride = 1;
    p.aColStride = 0;
    p.bColStride = 0;
    GemmSplit split;
    split.scratchOffset = 250;  // over A
    split.scratchFloats = 600;
    split.target = 4096;
    p.aOffset = 0;
    p.bOffset = 0;
    p.aColStride = 1;
    p.aRowStride = 0;
    p.bRowStride = 1;
    p.bColStride = 0;
    p.cOffset = 900;
    EXPECT_FALSE(recordGemm(batch, *b, p, &error, &split));
    EXPECT_TRUE(error.contains(QStringLiteral("scratch overlaps"))) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 0);
}

// rmsnorm_backward against ref::rmsNormRowsBackward (sums in double): rows of widely different
// scales, weighted and not, in place over dy, accumulating. Bound per element: the float
// reductions over n values and the two terms, 4·n·2^-24 of inv·|w·dy| + (inv³/n)·Σ|x·w·dy|·|x|.
TEST_P(GpuTrainKernelTest, RmsNormBackwardMatchesTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::RmsNormBackward);
    struct Case {
        uint32_t n, rows;
        bool weighted, inPlace, acc;
    };
    const Case cases[] = {{1, 2, true, false, false},
                          {64, 5, true, false, true},
                          {256, 7, false, true, false},
                          {1536, 3, true, false, false},
                          {5000, 2, true, true, false}};
    double worst = 0;
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message() << "n=" << c.n << " weighted=" << c.weighted
                                          << " inPlace=" << c.inPlace << " acc=" << c.acc);
        const uint32_t xOff = 2, xStride = c.n + 1, yOff = xOff + xStride * c.rows + 3,
                       yStride = c.n + 2;
        const uint32_t dOff = c.inPlace ? yOff : yOff + yStride * c.rows + 5;
        const uint32_t dStride = c.inPlace ? yStride : c.n;
        std::vector<float> act = randomFloats(rng, dOff + dStride * c.rows + 3, -1.0f, 1.0f);
        for (uint32_t r = 0; r < c.rows; ++r) {
            const float scale = std::exp2(float(int(rng() % 13)) - 6.0f);
            for (uint32_t i = 0; i < c.n; ++i)
                act[xOff + r * xStride + i] *= scale;
        }
        const std::vector<float> w = randomFloats(rng, c.n + 4, -1.5f, 1.5f);
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, w);
        QString error;
        auto b = ctx->bind(k, {*ab, *wb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        RmsNormBackwardParams p;
        p.n = c.n;
        p.rows = c.rows;
        p.xOffset = xOff;
        p.xStride = xStride;
        p.dyOffset = yOff;
        p.dyStride = yStride;
        p.dxOffset = dOff;
        p.dxStride = dStride;
        p.wOffset = 4;
        p.weighted = c.weighted ? 1 : 0;
        p.accumulate = c.acc ? 1 : 0;
        ComputeBatch batch;
        ASSERT_TRUE(recordRmsNormBackward(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *ab, act.size());
        for (uint32_t r = 0; r < c.rows; ++r) {
            const std::span<const float> x(act.data() + xOff + r * xStride, c.n);
            const std::span<const float> dy(act.data() + yOff + r * yStride, c.n);
            const std::span<const float> wt(w.data() + 4, c.n);
            std::vector<float> dx(c.n, 0.0f);
            model::ref::rmsNormRowsBackward(x, 1, c.weighted ? wt : std::span<const float>(), dy,
                                            p.eps, dx, {});
            double ss = 0, dot = 0;
            for (uint32_t i = 0; i < c.n; ++i) {
                ss += double(x[i]) * x[i];
                dot += std::abs(double(x[i]) * (c.weighted ? wt[i] : 1.0f) * dy[i]);
            }
            const double inv = 1.0 / std::sqrt(ss / c.n + p.eps);
            for (uint32_t i = 0; i < c.n; ++i) {
                const double old = c.acc ? double(act[dOff + r * dStride + i]) : 0.0;
                const double want = old + dx[i];
                const double wi = c.weighted ? wt[i] : 1.0;
                const double mag =
                    inv * std::abs(wi * dy[i]) + inv * inv * inv / c.n * dot * std::abs(x[i]);
                const double bound = 4.0 * (c.n + 8) * std::ldexp(mag, -24) +
                                     std::ldexp(std::abs(want), -22) + 1e-30;
                const float g = got[dOff + r * dStride + i];
                worst = std::max(worst, std::abs(g - want) / bound);
                ASSERT_LE(std::abs(g - want), bound) << "row " << r << " i " << i;
            }
        }
    }
    std::printf("[ measured ] rmsnorm_backward: worst error / bound %.3g\n", worst);
}

// geglu_backward against ref::gegluBackward (gelu_tanh' in double): gates over ±8 (both tails),
// accumulating or not. Bounds per element: dUp within (16 + 8|z|)·2^-24·|dUp| (gelu in float:
// exp(-2z) carries the rounding of its argument, 2|z| ulps, in the far negative tail); dGate
// within 2^-18·(1 + c(g))·|up·dOut| + 16·2^-24·|dGate|, c(g) = ½|g|·sqrt(2/π)·(1 + 3·0.044715·g²)
// the factor of sech² = 1 − tanh², whose float evaluation carries an absolute error of a few ulps
// of 1 (the cancellation of the derivative's second term); plus 2^-22·|old| when accumulating and
// 2^-40·|dOut| for values that underflow in the far tail (gelu(-8) is ~1e-14).
TEST_P(GpuTrainKernelTest, GegluBackwardMatchesTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::GegluBackward);
    for (const bool acc : {false, true}) {
        SCOPED_TRACE(acc ? "accumulate" : "overwrite");
        const uint32_t F = 1000, rows = 5, guOff = 3, guStride = 2 * F + 7,
                       dOff = guOff + guStride * rows + 2, dStride = F + 1,
                       oOff = dOff + dStride * rows + 4, oStride = 2 * F + 3;
        std::vector<float> act = randomFloats(rng, oOff + oStride * rows + 2, -1.0f, 1.0f);
        for (uint32_t r = 0; r < rows; ++r) {
            for (uint32_t i = 0; i < F; ++i)
                act[guOff + r * guStride + i] *= 8.0f;  // gates over ±8
        }
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        QString error;
        auto b = ctx->bind(k, {*ab}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        GegluBackwardParams p;
        p.F = F;
        p.rows = rows;
        p.guOffset = guOff;
        p.guStride = guStride;
        p.dOffset = dOff;
        p.dStride = dStride;
        p.dguOffset = oOff;
        p.dguStride = oStride;
        p.accumulate = acc ? 1 : 0;
        ComputeBatch batch;
        ASSERT_TRUE(recordGegluBackward(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *ab, act.size());
        double worst = 0;
        for (uint32_t r = 0; r < rows; ++r) {
            const std::span<const float> gate(act.data() + guOff + r * guStride, F);
            const std::span<const float> up(act.data() + guOff + r * guStride + F, F);
            const std::span<const float> d(act.data() + dOff + r * dStride, F);
            std::vector<float> dg(F, 0.0f), du(F, 0.0f);
            model::ref::gegluBackward(gate, up, d, dg, du);
            for (uint32_t i = 0; i < F; ++i) {
                for (int half = 0; half < 2; ++half) {
                    const size_t at = oOff + r * oStride + i + (half ? F : 0);
                    const double old = acc ? double(act[at]) : 0.0;
                    const double want = old + (half ? du[i] : dg[i]);
                    const double g = gate[i];
                    const double z = 0.7978845608028654 * (g + 0.044715 * g * g * g);
                    const double cg =
                        0.5 * std::abs(g) * 0.7978845608028654 * (1.0 + 3.0 * 0.044715 * g * g);
                    const double bound =
                        (half
                             ? (16.0 + 8.0 * std::abs(z)) * std::ldexp(std::abs(double(du[i])), -24)
                             : std::ldexp((1.0 + cg) * std::abs(double(up[i]) * d[i]), -18) +
                                   16.0 * std::ldexp(std::abs(double(dg[i])), -24)) +
                        std::ldexp(std::abs(old), -22) + std::ldexp(std::abs(double(d[i])), -40);
                    worst = std::max(worst, std::abs(got[at] - want) / bound);
                    ASSERT_LE(std::abs(got[at] - want), bound) << "row " << r << " i " << i;
                }
            }
        }
        std::printf("[ measured ] geglu_backward: worst error / bound %.3g\n", worst);
        // An output over the inputs is refused.
        GegluBackwardParams bad = p;
        bad.dguOffset = guOff + 5;
        ComputeBatch none;
        EXPECT_FALSE(recordGegluBackward(none, *b, bad, &error));
        EXPECT_TRUE(error.contains(QStringLiteral("overlap"))) << error.toStdString();
    }
}

// attention_backward against ref::attentionBackward (sums in double) on one sequence at positions
// 0..T-1: GQA and MHA, sliding windows (1, shorter than T, longer than T) and none, T = 1 and T off
// the tiles, head dims 8..512, scale != 1, a peaked softmax, dQ and dK/dV written or accumulated
// onto random old values, Q|K|V and dQ|dK|dV interleaved in fused rows wider than the row. The
// forward output O is ref::attention's (float). ref::attentionBackward itself is checked against
// central finite differences of the float64 forward (tests/reference/reference_grad_test.cpp,
// including KV sharing), so no finite-difference check is repeated here.
// Bound, per output element, a first-order float error analysis of the kernel (u = 2^-24; GLSL's
// exp within 3 + 2|x| ulp, log within 2^-21 absolute near 1), twice:
//   e_s(ij)  = (D + 4)·u·|scale|·Σ_d |q_id·k_jd|              (a score, s_ij = scale·q_i·k_j)
//   e_L(i)   = max_j e_s + (T + 8 + 2·range_i)·u + 2^-21 + u·|L_i|   (range_i: max − min of s_i·)
//   e_P(ij)  = P_ij·(e_s + e_L + (16 + 4·|s_ij − L_i|)·u + u·|L_i|)   (a probability, e^(s − L))
//   e_dS(ij) = e_P·|dP_ij − Δ_i| + P_ij·((D + 4)·u·Σ|dO_i·v_j| + (D + 5)·u·Σ|dO_i·O_i|) +
//   4u·|dS_ij| dq_id: |scale|·Σ_j (e_dS + (6T + 8 + 2·range_i)·u·|dS_ij|)·|k_jd|   (online-softmax
//   rescales) dk_jd: |scale|·Σ_{i,h} (e_dS + (T·G + 4)·u·|dS_ij|)·|q_id|, dv_jd: Σ_{i,h} (e_P +
//   (T·G + 4)·u·P_ij)·|dO_id|
// plus 2u·(|old| + |result|) for the final rounding (and the reference's own). The same cases run
// through recordAttentionBackwardProducts (gemm_tensor + attention_rows), once with the largest
// blocks of query rows (all rows; about the window where it is shorter than T) and once in blocks
// of 16 rows (a scratch that holds no more), within the same bound
// (its plain softmax and products have fewer roundings than the online softmax it was made for);
// on tensor cores the products' f16 operands add 2^-10 of |s|, |dP|, |dS| and P per term.
TEST_P(GpuTrainKernelTest, AttentionBackwardMatchesTheReference) {
    // Blocks: all rows when they fit; about the window for windowed layers; 0 when 16 do not fit.
    EXPECT_EQ(attentionBackwardBlockRows(2048, 8, 0, qint64(1) << 30), 2048u);
    EXPECT_EQ(attentionBackwardBlockRows(2048, 8, 512, qint64(1) << 30), 512u);
    EXPECT_EQ(attentionBackwardBlockRows(512, 8, 512, qint64(1) << 30), 512u);
    EXPECT_EQ(attentionBackwardBlockRows(100, 2, 20, qint64(1) << 30), 32u);
    EXPECT_EQ(attentionBackwardBlockRows(2048, 8, 0, 2 * 8 * 16 * 2048), 0u);
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AttentionBackward);
    const Kernel &gemmT = kernel(KernelId::GemmTensor);
    const Kernel &rowsK = kernel(KernelId::AttentionRows);
    struct Case {
        uint32_t T, heads, kvHeads, D, window;
        float scale, peak;  // peak: multiplies the q, k amplitude (score spread)
        bool accQ, accKv;
    };
    const Case cases[] = {
        {16, 4, 1, 8, 0, 1.0f, 1.0f, false, true},      // GQA 4:1, one full tile
        {37, 4, 2, 32, 8, 1.0f, 1.0f, true, true},      // GQA 2:1, window < T, T off the tile
        {1, 2, 2, 16, 0, 0.5f, 1.0f, false, false},     // T = 1, MHA
        {21, 2, 2, 256, 5, 1.0f, 1.0f, false, true},    // D = 256 (tile 4)
        {9, 4, 2, 512, 0, 0.125f, 1.0f, true, false},   // D = 512 (tile 2)
        {7, 4, 1, 512, 3, 1.0f, 1.0f, false, true},     // D = 512, windowed, GQA 4:1
        {64, 3, 3, 64, 20, 1.0f, 3.0f, false, true},    // peaked softmax, MHA
        {50, 4, 1, 128, 0, 0.3f, 1.0f, true, true},     // D = 128 (tile 8)
        {12, 2, 1, 24, 100, 1.0f, 1.0f, false, false},  // window > T, D not a power of two
        {33, 8, 2, 16, 1, 2.0f, 1.0f, true, true},      // window 1: each row sees itself
        {40, 2, 1, 64, 18, 1.0f, 1.0f, false, true},    // window = 2 mod the tile (16)
    };
    constexpr double u = 1.0 / 16777216.0;
    double worst = 0;
    std::string worstAt;
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message()
                     << "T=" << c.T << " heads=" << c.heads << " kvHeads=" << c.kvHeads
                     << " D=" << c.D << " window=" << c.window << " scale=" << c.scale
                     << " accQ=" << c.accQ << " accKv=" << c.accKv);
        const uint32_t T = c.T, H = c.heads, KV = c.kvHeads, D = c.D, G = H / KV;
        const uint32_t qLen = H * D, kvLen = KV * D;
        // act: fused Q|K|V rows, O rows, dO rows, fused dQ|dK|dV rows, the scratch; each with gaps.
        const uint32_t qkvOff = 5, qkvStride = qLen + 2 * kvLen + 3;
        const uint32_t oOff = qkvOff + T * qkvStride + 2, oStride = qLen + 2;
        const uint32_t dOOff = oOff + T * oStride + 1, dOStride = qLen + 1;
        const uint32_t gOff = dOOff + T * dOStride + 3, gStride = qLen + 2 * kvLen + 2;
        const uint32_t scratchOff = gOff + T * gStride + 4;
        const size_t total = scratchOff + 2 * size_t(T) * H + 6;
        // q, k amplitude: scores of spread ~peak·(4/3) whatever D.
        const float amp = c.peak * 2.0f / std::pow(float(D), 0.25f) / std::sqrt(c.peak);
        std::vector<float> act = randomFloats(rng, total, -1.0f, 1.0f);
        std::vector<float> q(size_t(T) * qLen), kk(size_t(T) * kvLen), v(size_t(T) * kvLen),
            dO(size_t(T) * qLen);
        for (uint32_t i = 0; i < T; ++i) {
            float *row = act.data() + qkvOff + i * qkvStride;
            for (uint32_t e = 0; e < qLen + kvLen; ++e)
                row[e] *= amp;
            std::copy(row, row + qLen, q.begin() + i * qLen);
            std::copy(row + qLen, row + qLen + kvLen, kk.begin() + i * kvLen);
            std::copy(row + qLen + kvLen, row + qLen + 2 * kvLen, v.begin() + i * kvLen);
            std::copy(act.begin() + dOOff + i * dOStride, act.begin() + dOOff + i * dOStride + qLen,
                      dO.begin() + i * qLen);
        }
        std::vector<int64_t> pos(T);
        for (uint32_t i = 0; i < T; ++i)
            pos[i] = i;
        model::ref::AttentionParams ap;
        ap.heads = int(H);
        ap.kvHeads = int(KV);
        ap.headDim = int(D);
        ap.window = int(c.window);
        ap.scale = c.scale;
        std::vector<float> o(size_t(T) * qLen);
        model::ref::attention(q, pos, kk, v, pos, ap, o);
        for (uint32_t i = 0; i < T; ++i)
            std::copy(o.begin() + i * qLen, o.begin() + (i + 1) * qLen,
                      act.begin() + oOff + i * oStride);
        // The reference, from the old gradients (or zeros).
        std::vector<float> oldQ(size_t(T) * qLen), oldK(size_t(T) * kvLen), oldV(size_t(T) * kvLen);
        for (uint32_t i = 0; i < T; ++i) {
            const float *row = act.data() + gOff + i * gStride;
            std::copy(row, row + qLen, oldQ.begin() + i * qLen);
            std::copy(row + qLen, row + qLen + kvLen, oldK.begin() + i * kvLen);
            std::copy(row + qLen + kvLen, row + qLen + 2 * kvLen, oldV.begin() + i * kvLen);
        }
        std::vector<float> wantQ = c.accQ ? oldQ : std::vector<float>(oldQ.size(), 0.0f);
        std::vector<float> wantK = c.accKv ? oldK : std::vector<float>(oldK.size(), 0.0f);
        std::vector<float> wantV = c.accKv ? oldV : std::vector<float>(oldV.size(), 0.0f);
        model::ref::attentionBackward(q, pos, kk, v, pos, ap, dO, wantQ, wantK, wantV);

        // The bounds (see above), in double; e16: the relative rounding of the tensor-core
        // products' operands (2^-10 for a product of two f16 roundings), 0 for f32 products.
        std::vector<double> bq, bk, bv;
        const auto computeBounds = [&](double e16) {
            bq.assign(wantQ.size(), 0.0);
            bk.assign(wantK.size(), 0.0);
            bv.assign(wantV.size(), 0.0);
            std::vector<double> s(T), es(T), dp(T), edp(T);
            for (uint32_t i = 0; i < T; ++i) {
                for (uint32_t h = 0; h < H; ++h) {
                    const uint32_t g = h / G;
                    const float *qi = q.data() + i * qLen + h * D;
                    const float *di = dO.data() + i * qLen + h * D;
                    const float *oi = act.data() + oOff + i * oStride + h * D;
                    double m = -INFINITY, lo = INFINITY, esMax = 0, delta = 0, eDelta = 0;
                    for (uint32_t j = 0; j < T; ++j) {
                        if (!model::ref::attentionVisible(i, j, int(c.window))) continue;
                        const float *kj = kk.data() + j * kvLen + g * D;
                        const float *vj = v.data() + j * kvLen + g * D;
                        double dot = 0, mag = 0, dv = 0, dvMag = 0;
                        for (uint32_t d = 0; d < D; ++d) {
                            dot += double(qi[d]) * kj[d];
                            mag += std::abs(double(qi[d]) * kj[d]);
                            dv += double(di[d]) * vj[d];
                            dvMag += std::abs(double(di[d]) * vj[d]);
                        }
                        s[j] = c.scale * dot;
                        es[j] = ((D + 4) * u + e16) * std::abs(c.scale) * mag;
                        dp[j] = dv;
                        edp[j] = ((D + 4) * u + e16) * dvMag;
                        m = std::max(m, s[j]);
                        lo = std::min(lo, s[j]);
                        esMax = std::max(esMax, es[j]);
                    }
                    double l = 0;
                    for (uint32_t j = 0; j < T; ++j) {
                        if (model::ref::attentionVisible(i, j, int(c.window)))
                            l += std::exp(s[j] - m);
                    }
                    const double L = m + std::log(l), range = m - lo;
                    for (uint32_t d = 0; d < D; ++d) {
                        delta += double(di[d]) * oi[d];
                        eDelta += std::abs(double(di[d]) * oi[d]);
                    }
                    eDelta *= (D + 5) * u;
                    const double eL =
                        esMax + (T + 8 + 2 * range) * u + std::ldexp(1.0, -21) + u * std::abs(L);
                    for (uint32_t j = 0; j < T; ++j) {
                        if (!model::ref::attentionVisible(i, j, int(c.window))) continue;
                        const double P = std::exp(s[j] - L);
                        const double eP =
                            P * (es[j] + eL + (16 + 4 * std::abs(s[j] - L)) * u + u * std::abs(L));
                        const double dS = P * (dp[j] - delta);
                        const double eDS = eP * std::abs(dp[j] - delta) + P * (edp[j] + eDelta) +
                                           4 * u * std::abs(dS);
                        const float *kj = kk.data() + j * kvLen + g * D;
                        for (uint32_t d = 0; d < D; ++d) {
                            bq[i * qLen + h * D + d] +=
                                std::abs(c.scale) *
                                (eDS + ((6 * T + 8 + 2 * range) * u + e16) * std::abs(dS)) *
                                std::abs(kj[d]);
                            bk[j * kvLen + g * D + d] +=
                                std::abs(c.scale) * (eDS + ((T * G + 4) * u + e16) * std::abs(dS)) *
                                std::abs(qi[d]);
                            bv[j * kvLen + g * D + d] +=
                                (eP + ((T * G + 4) * u + e16) * P) * std::abs(double(di[d]));
                        }
                    }
                }
            }
        };

        // Three paths: the flash kernel; the products (gemm_tensor: tensor cores where the device
        // has them) with all T query rows in one block; the products over blocks of 16 rows.
        for (int path = 0; path < 3; ++path) {
            SCOPED_TRACE(path == 0 ? "flash" : path == 1 ? "products" : "products, blocks of 16");
            const uint32_t nk16 = c.window ? std::min(T, 16 + c.window - 1) : T;
            const qint64 scratchFloats = path == 0 ? 2 * qint64(T) * H
                                         : path == 1
                                             ? attentionBackwardProductsScratch(T, G, c.window)
                                             : (2 * qint64(G) * 16 * nk16 + 2) / 3 * 4 + 8;
            if (path == 2) {
                EXPECT_EQ(attentionBackwardBlockRows(T, G, c.window, scratchFloats),
                          std::min(T, 16u));
            }
            const bool tensor = path > 0 && gemmT.tensorCores();
            computeBounds(tensor ? std::ldexp(1.0, -10) : 0.0);
            std::vector<float> buf = act;
            buf.resize(scratchOff + size_t(scratchFloats) + 6, 0.5f);
            auto ab = test::makeBuffer(*ctx, BufferKind::Storage, buf);
            QString error;
            auto b = ctx->bind(k, {*ab}, &error);
            ASSERT_TRUE(b) << error.toStdString();
            auto gb = ctx->bind(gemmT, {*ab, *ab, *ab}, &error);
            ASSERT_TRUE(gb) << error.toStdString();
            auto rb = ctx->bind(rowsK, {*ab}, &error);
            ASSERT_TRUE(rb) << error.toStdString();
            AttentionBackwardParams p;
            p.tokens = T;
            p.heads = H;
            p.kvHeads = KV;
            p.headDim = D;
            p.qOffset = qkvOff;
            p.kOffset = qkvOff + qLen;
            p.vOffset = qkvOff + qLen + kvLen;
            p.qStride = p.kStride = p.vStride = qkvStride;
            p.oOffset = oOff;
            p.oStride = oStride;
            p.dOOffset = dOOff;
            p.dOStride = dOStride;
            p.dqOffset = gOff;
            p.dkOffset = gOff + qLen;
            p.dvOffset = gOff + qLen + kvLen;
            p.dqStride = p.dkStride = p.dvStride = gStride;
            p.scratchOffset = scratchOff;
            p.window = c.window;
            p.scale = c.scale;
            p.accumulateDq = c.accQ ? 1 : 0;
            p.accumulateDkv = c.accKv ? 1 : 0;
            ComputeBatch batch;
            if (path == 0) {
                ASSERT_TRUE(recordAttentionBackward(batch, *b, p, &error)) << error.toStdString();
                EXPECT_EQ(batch.dispatchCount(), 2);
            } else {
                ASSERT_TRUE(
                    recordAttentionBackwardProducts(batch, *gb, *rb, p, scratchFloats, &error))
                    << error.toStdString();
            }
            ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
            const auto got = test::readVector<float>(*ctx, *ab, buf.size());

            const auto check = [&](const char *what, size_t at, double want, double old,
                                   double bound) {
                const double err = std::abs(double(got[at]) - want);
                const double b2 = 2 * bound + 2 * u * (std::abs(old) + std::abs(want)) + 1e-30;
                if (err / b2 > worst) {
                    worst = err / b2;
                    worstAt = std::string(what) + (path == 0 ? " flash" : " products") +
                              " T=" + std::to_string(c.T) + " D=" + std::to_string(c.D) +
                              " rounding share " +
                              std::to_string(2 * u * (std::abs(old) + std::abs(want)) / b2);
                }
                return err <= b2 ? ::testing::AssertionSuccess()
                                 : ::testing::AssertionFailure()
                                       << what << ": got " << got[at] << " want " << want
                                       << " (error " << err << ", bound " << b2 << ")";
            };
            for (uint32_t i = 0; i < T; ++i) {
                const size_t row = gOff + size_t(i) * gStride;
                for (uint32_t e = 0; e < qLen; ++e) {
                    const size_t r = size_t(i) * qLen + e;
                    ASSERT_TRUE(check("dQ", row + e, wantQ[r], c.accQ ? oldQ[r] : 0.0, bq[r]))
                        << "row " << i << " element " << e;
                }
                for (uint32_t e = 0; e < kvLen; ++e) {
                    const size_t r = size_t(i) * kvLen + e;
                    ASSERT_TRUE(
                        check("dK", row + qLen + e, wantK[r], c.accKv ? oldK[r] : 0.0, bk[r]))
                        << "row " << i << " element " << e;
                    ASSERT_TRUE(check("dV", row + qLen + kvLen + e, wantV[r],
                                      c.accKv ? oldV[r] : 0.0, bv[r]))
                        << "row " << i << " element " << e;
                }
                // The gaps of the fused gradient rows and every input are untouched.
                for (uint32_t e = qLen + 2 * kvLen; e < gStride; ++e)
                    ASSERT_EQ(got[row + e], act[row + e]) << "row " << i << " gap " << e;
            }
            for (size_t e = 0; e < gOff; ++e)
                ASSERT_EQ(got[e], act[e]) << "input float " << e;
            for (size_t e = scratchOff + size_t(scratchFloats); e < buf.size(); ++e)
                ASSERT_EQ(got[e], buf[e]) << "tail float " << e;
        }
    }
    std::printf("[ measured ] attention_backward: worst error / bound %.3g (%s)\n", worst,
                worstAt.c_str());
}

// recordAttentionProducts (the trainer's forward attention as products) against ref::attention:
// GQA and MHA, windows shorter and longer than T and none, T = 1 and off the tiles, head dims
// up to 512, scale != 1, a peaked softmax, blocks of all rows and of 16 rows; Q and O in act, K
// and V in a buffer of their own (as the trainer's caches). Bound per output element: the
// scores' float (or, on tensor cores, f16-operand) error e_s = ((D + 4)u + e16)·|scale|·Σ|q·k|
// moves each probability by P·(2 e_s,max + (2T + 16)u), and O = Σ P·v adds (T + 4)u + e16 of
// Σ P·|v| (e16 = 2^-10 on tensor cores, 0 in f32), all doubled.
TEST_P(GpuTrainKernelTest, AttentionProductsMatchTheReference) {
    auto rng = test::seededRng();
    const Kernel &gemmT = kernel(KernelId::GemmTensor);
    const Kernel &rowsK = kernel(KernelId::AttentionRows);
    const bool tensor = gemmT.tensorCores();
    const double e16 = tensor ? std::ldexp(1.0, -10) : 0.0;
    struct Case {
        uint32_t T, heads, kvHeads, D, window;
        float scale, peak;
    };
    const Case cases[] = {{16, 4, 1, 8, 0, 1.0f, 1.0f},    {37, 4, 2, 32, 8, 1.0f, 1.0f},
                          {1, 2, 2, 16, 0, 0.5f, 1.0f},    {21, 2, 2, 256, 5, 1.0f, 1.0f},
                          {9, 4, 2, 512, 0, 0.125f, 1.0f}, {64, 3, 3, 64, 20, 1.0f, 3.0f},
                          {50, 4, 1, 128, 0, 0.3f, 1.0f},  {12, 2, 1, 24, 100, 1.0f, 1.0f}};
    constexpr double u = 1.0 / 16777216.0;
    double worst = 0;
    for (const Case &c : cases) {
        for (const bool blocks16 : {false, true}) {
            SCOPED_TRACE(::testing::Message()
                         << "T=" << c.T << " heads=" << c.heads << " kvHeads=" << c.kvHeads
                         << " D=" << c.D << " window=" << c.window << " blocks16=" << blocks16);
            const uint32_t T = c.T, H = c.heads, KV = c.kvHeads, D = c.D, G = H / KV;
            const uint32_t qLen = H * D, kvLen = KV * D;
            const float amp = c.peak * 2.0f / std::pow(float(D), 0.25f) / std::sqrt(c.peak);
            std::vector<float> q = randomFloats(rng, size_t(T) * qLen, -amp, amp);
            std::vector<float> kk = randomFloats(rng, size_t(T) * kvLen, -amp, amp);
            std::vector<float> v = randomFloats(rng, size_t(T) * kvLen, -1.0f, 1.0f);
            std::vector<int64_t> pos(T);
            for (uint32_t i = 0; i < T; ++i)
                pos[i] = i;
            model::ref::AttentionParams ap;
            ap.heads = int(H);
            ap.kvHeads = int(KV);
            ap.headDim = int(D);
            ap.window = int(c.window);
            ap.scale = c.scale;
            std::vector<float> want(size_t(T) * qLen);
            model::ref::attention(q, pos, kk, v, pos, ap, want);
            // act: Q rows (stride qLen + 3), O rows (qLen + 1), the scratch; kv: K then V rows.
            const uint32_t qStride = qLen + 3, oOff = T * qStride + 2, oStride = qLen + 1;
            const uint32_t scratchOff = oOff + T * oStride + 5;
            const uint32_t nk16 = c.window ? std::min(T, 16 + c.window - 1) : T;
            const qint64 scratchFloats = blocks16
                                             ? (2 * qint64(G) * 16 * nk16 + 2) / 3 * 4 + 8
                                             : attentionBackwardProductsScratch(T, G, c.window);
            std::vector<float> act(scratchOff + size_t(scratchFloats) + 4, 0.25f);
            for (uint32_t i = 0; i < T; ++i)
                std::copy_n(q.begin() + i * qLen, qLen, act.begin() + i * qStride);
            const uint32_t kvStride = kvLen + 2, vOff = T * kvStride + 1;
            std::vector<float> kvb(vOff + T * kvStride, 0.0f);
            for (uint32_t i = 0; i < T; ++i) {
                std::copy_n(kk.begin() + i * kvLen, kvLen, kvb.begin() + i * kvStride);
                std::copy_n(v.begin() + i * kvLen, kvLen, kvb.begin() + vOff + i * kvStride);
            }
            auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
            auto kb = test::makeBuffer(*ctx, BufferKind::Storage, kvb);
            QString error;
            auto qk = ctx->bind(gemmT, {*ab, *kb, *ab}, &error);
            auto pv = ctx->bind(gemmT, {*ab, *kb, *ab}, &error);
            auto rb = ctx->bind(rowsK, {*ab}, &error);
            ASSERT_TRUE(qk && pv && rb) << error.toStdString();
            AttentionBackwardParams p;
            p.tokens = T;
            p.heads = H;
            p.kvHeads = KV;
            p.headDim = D;
            p.qOffset = 0;
            p.qStride = qStride;
            p.kOffset = 0;
            p.kStride = kvStride;
            p.vOffset = vOff;
            p.vStride = kvStride;
            p.oOffset = oOff;
            p.oStride = oStride;
            p.scratchOffset = scratchOff;
            p.window = c.window;
            p.scale = c.scale;
            ComputeBatch batch;
            ASSERT_TRUE(recordAttentionProducts(batch, *qk, *pv, *rb, p, scratchFloats, &error))
                << error.toStdString();
            ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
            const auto got = test::readVector<float>(*ctx, *ab, act.size());
            for (uint32_t i = 0; i < T; ++i) {
                for (uint32_t h = 0; h < H; ++h) {
                    const uint32_t g = h / G;
                    const float *qi = q.data() + i * qLen + h * D;
                    std::vector<double> sc(T, 0.0);
                    double m = -INFINITY, esMax = 0;
                    for (uint32_t j = 0; j < T; ++j) {
                        if (!model::ref::attentionVisible(i, j, int(c.window))) continue;
                        const float *kj = kk.data() + j * kvLen + g * D;
                        double dot = 0, mag = 0;
                        for (uint32_t d = 0; d < D; ++d) {
                            dot += double(qi[d]) * kj[d];
                            mag += std::abs(double(qi[d]) * kj[d]);
                        }
                        sc[j] = c.scale * dot;
                        m = std::max(m, sc[j]);
                        esMax = std::max(esMax, ((D + 4) * u + e16) * std::abs(c.scale) * mag);
                    }
                    double l = 0;
                    for (uint32_t j = 0; j < T; ++j) {
                        if (model::ref::attentionVisible(i, j, int(c.window)))
                            l += std::exp(sc[j] - m);
                    }
                    for (uint32_t d = 0; d < D; ++d) {
                        double bound = 0;
                        for (uint32_t j = 0; j < T; ++j) {
                            if (!model::ref::attentionVisible(i, j, int(c.window))) continue;
                            const double P = std::exp(sc[j] - m) / l;
                            bound += P * (2 * esMax + (2 * T + 16) * u + (T + 4) * u + e16) *
                                     std::abs(double(v[j * kvLen + g * D + d]));
                        }
                        const size_t at = size_t(i) * qLen + h * D + d;
                        const double w = want[at];
                        const double b2 = 2 * bound + 4 * u * std::abs(w) + 1e-30;
                        const double err =
                            std::abs(double(got[oOff + i * oStride + h * D + d]) - w);
                        worst = std::max(worst, err / b2);
                        ASSERT_LE(err, b2) << "row " << i << " head " << h << " d " << d;
                    }
                }
                // The gap after each O row and the Q rows are untouched.
                ASSERT_EQ(got[oOff + i * oStride + qLen], act[oOff + i * oStride + qLen]);
                ASSERT_EQ(got[i * qStride + 1], act[i * qStride + 1]);
            }
            for (size_t e = scratchOff + size_t(scratchFloats); e < act.size(); ++e)
                ASSERT_EQ(got[e], act[e]) << "tail float " << e;
        }
    }
    std::printf("[ measured ] attention products: worst error / bound %.3g\n", worst);
}

TEST_P(GpuTrainKernelTest, AttentionBackwardRefusesBadShapes) {
    const Kernel &k = kernel(KernelId::AttentionBackward);
    auto ab = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(20000, 0.0f));
    QString error;
    auto b = ctx->bind(k, {*ab}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    // 8 tokens, 4 heads, 2 KV heads of 16: fused q|k|v rows of 128 floats, dq|dk|dv likewise.
    AttentionBackwardParams ok;
    ok.tokens = 8;
    ok.heads = 4;
    ok.kvHeads = 2;
    ok.headDim = 16;
    ok.qOffset = 0;
    ok.kOffset = 64;
    ok.vOffset = 96;
    ok.qStride = ok.kStride = ok.vStride = 128;
    ok.oOffset = 1024;
    ok.oStride = 64;
    ok.dOOffset = 2048;
    ok.dOStride = 64;
    ok.dqOffset = 3072;
    ok.dkOffset = 3072 + 64;
    ok.dvOffset = 3072 + 96;
    ok.dqStride = ok.dkStride = ok.dvStride = 128;
    ok.scratchOffset = 5000;
    {
        ComputeBatch batch;
        EXPECT_TRUE(recordAttentionBackward(batch, *b, ok, &error)) << error.toStdString();
        EXPECT_EQ(batch.dispatchCount(), 2);
    }
    const auto refused = [&](AttentionBackwardParams p, const char *what) {
        ComputeBatch batch;
        EXPECT_FALSE(recordAttentionBackward(batch, *b, p, &error)) << what;
        EXPECT_TRUE(error.contains(QLatin1String(what))) << error.toStdString();
        EXPECT_EQ(batch.dispatchCount(), 0);
    };
    AttentionBackwardParams p = ok;
    p.kvHeads = 3;
    refused(p, "multiple of kvHeads");
    p = ok;
    p.headDim = 6;
    refused(p, "head dim 6");
    p = ok;
    p.headDim = 516;
    refused(p, "head dim 516");
    p = ok;
    p.scale = NAN;
    refused(p, "scale");
    p = ok;
    p.dkOffset = 64;  // dK over K (interleaved in the q|k|v rows)
    refused(p, "dK overlaps K");
    p = ok;
    p.dqOffset = 2048 + 10;
    p.dqStride = 64;
    refused(p, "dQ overlaps dO");
    p = ok;
    p.scratchOffset = 3072 + 100;  // inside dV's first row
    refused(p, "overlaps the scratch");
    p = ok;
    p.scratchOffset = 19990;
    refused(p, "binding 1");
    p = ok;
    p.oStride = 32;
    refused(p, "O's row stride");
    // The products path: the same checks, its own scratch rule and kernels.
    auto gb = ctx->bind(kernel(KernelId::GemmTensor), {*ab, *ab, *ab}, &error);
    auto rb = ctx->bind(kernel(KernelId::AttentionRows), {*ab}, &error);
    ASSERT_TRUE(gb && rb) << error.toStdString();
    {
        ComputeBatch batch;
        EXPECT_TRUE(recordAttentionBackwardProducts(batch, *gb, *rb, ok, 4000, &error))
            << error.toStdString();
        EXPECT_GT(batch.dispatchCount(), 0);
        EXPECT_FALSE(recordAttentionBackwardProducts(batch, *gb, *rb, ok, 100, &error));
        EXPECT_TRUE(error.contains(QStringLiteral("no block of 16"))) << error.toStdString();
        p = ok;
        p.dkOffset = 64;
        EXPECT_FALSE(recordAttentionBackwardProducts(batch, *gb, *rb, p, 4000, &error));
        EXPECT_TRUE(error.contains(QStringLiteral("dK overlaps K"))) << error.toStdString();
        EXPECT_FALSE(recordAttentionBackwardProducts(batch, *rb, *rb, ok, 4000, &error));
    }
}

// rope with backward = 1 (RoPE's backward, in place on the rotated rows' gradient) against
// ref::ropeNeoxBackward: several heads and positions up to 10000, dims = and < headDim, factors
// none, random and proportional (1e30). Bound as the forward rope's (gpu_elementwise_test.cpp):
// (|g0| + |g1|)·(128u·θ + 2^-11 + 8u) per value of a pair of gradients (g0, g1) — the rotation is
// the same up to the sign of sin — with pass-through values and 1e30-factor pairs bit-identical.
TEST_P(GpuTrainKernelTest, RopeBackwardMatchesTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::Rope);
    struct Case {
        uint32_t rows, heads, headDim, dims;
        float base;
        int factors;  // 0 none, 1 random, 2 proportional
    };
    const Case cases[] = {{7, 4, 32, 32, 10000.0f, 0},
                          {6, 3, 40, 16, 10000.0f, 1},
                          {5, 2, 128, 128, 1e6f, 2},
                          {9, 8, 256, 64, 1e6f, 1},
                          {3, 1, 2, 2, 500.0f, 0}};
    constexpr double u = 1.0 / 16777216.0;
    double worst = 0;
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message()
                     << "rows=" << c.rows << " heads=" << c.heads << " headDim=" << c.headDim
                     << " dims=" << c.dims << " factors=" << c.factors);
        const uint32_t rowLen = c.heads * c.headDim, half = c.dims / 2;
        const uint32_t xOffset = 2, xStride = rowLen + 3, posOffset = 1, fOffset = 3;
        const std::vector<float> dy = randomFloats(rng, xOffset + xStride * c.rows, -2.0f, 2.0f);
        std::vector<int32_t> pos(posOffset + c.rows, -1);
        for (uint32_t r = 0; r < c.rows; ++r)
            pos[posOffset + r] = int32_t(rng() % 10001);
        pos[posOffset] = 0;
        pos[posOffset + c.rows - 1] = 10000;
        std::vector<float> factors(fOffset + half, 0.0f);
        for (uint32_t j = 0; j < half; ++j) {
            float f = 1.0f;
            if (c.factors == 1) f = 1.0f + float(rng() % 1000) / 125.0f;
            if (c.factors == 2) f = j < half / 4 ? 1.0f : 1e30f;
            factors[fOffset + j] = f;
        }
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, dy);
        auto pb = test::makeBuffer(*ctx, BufferKind::Storage, pos);
        auto fb = test::makeBuffer(*ctx, BufferKind::Weights, factors);
        QString error;
        auto b = ctx->bind(k, {*xb, *pb, *fb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        RopeParams p;
        p.rows = c.rows;
        p.heads = c.heads;
        p.headDim = c.headDim;
        p.dims = c.dims;
        p.xOffset = xOffset;
        p.xStride = xStride;
        p.posOffset = posOffset;
        p.fOffset = fOffset;
        p.useFactors = c.factors != 0 ? 1 : 0;
        p.base = c.base;
        p.backward = 1;
        ComputeBatch batch;
        ASSERT_TRUE(recordRope(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *xb, dy.size());

        model::ref::RopeParams rp;
        rp.dims = int(c.dims);
        rp.base = c.base;
        if (c.factors != 0) rp.freqFactors = std::span(factors).subspan(fOffset, half);
        for (uint32_t r = 0; r < c.rows; ++r) {
            const size_t at = xOffset + size_t(r) * xStride;
            const std::span<const float> g(dy.data() + at, rowLen);
            std::vector<float> want(rowLen, 0.0f);
            model::ref::ropeNeoxBackward(g, int(c.headDim), pos[posOffset + r], rp, want);
            for (uint32_t h = 0; h < c.heads; ++h) {
                for (uint32_t i = 0; i < c.headDim; ++i) {
                    const size_t e = h * c.headDim + i;
                    const uint32_t j = i % std::max(half, 1u);
                    if (i >= c.dims || (c.factors == 2 && factors[fOffset + j] >= 1e30f)) {
                        ASSERT_EQ(got[at + e], g[e]) << "row " << r << " element " << e;
                        ASSERT_EQ(got[at + e], want[e]) << "row " << r << " element " << e;
                        continue;
                    }
                    const double theta =
                        std::abs(model::ref::ropeAngle(rp, int(j), pos[posOffset + r]));
                    const double mag = std::abs(double(g[h * c.headDim + j])) +
                                       std::abs(double(g[h * c.headDim + j + half]));
                    const double bound = mag * (128.0 * u * theta + std::ldexp(1.0, -11) + 8 * u);
                    const double err = std::abs(double(got[at + e]) - double(want[e]));
                    worst = std::max(worst, err / bound);
                    ASSERT_LE(err, bound)
                        << "row " << r << " element " << e << " pos " << pos[posOffset + r];
                }
            }
            for (uint32_t e = rowLen; e < xStride && at + e < dy.size(); ++e)
                ASSERT_EQ(got[at + e], dy[at + e]);  // the gaps between rows
        }
        // The backward undoes the forward: rope then inverse rope gives back the input.
        auto yb = test::makeBuffer(*ctx, BufferKind::Storage, dy);
        auto b2 = ctx->bind(k, {*yb, *pb, *fb}, &error);
        ASSERT_TRUE(b2) << error.toStdString();
        ComputeBatch both;
        RopeParams fwd = p;
        fwd.backward = 0;
        ASSERT_TRUE(recordRope(both, *b2, fwd, &error)) << error.toStdString();
        ASSERT_TRUE(recordRope(both, *b2, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(both, &error)) << error.toStdString();
        const auto back = test::readVector<float>(*ctx, *yb, dy.size());
        for (size_t e = 0; e < dy.size(); ++e)
            ASSERT_NEAR(back[e], dy[e], 1e-5) << e;
    }
    std::printf("[ measured ] rope backward: worst error / bound %.3g\n", worst);
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuTrainKernelTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
