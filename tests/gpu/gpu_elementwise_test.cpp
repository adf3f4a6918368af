// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// rope, geglu and elementwise kernels against the CPU references (engine/model/reference_ops.h)
// on fresh random data, on every backend that is available.
//
// Error bounds (u = 2^-24, the f32 unit roundoff). Each is what the Vulkan precision rules allow
// the kernel's f32 evaluation (the references work in double); the measured errors are printed
// and are far smaller on lavapipe/llvmpipe:
//   rope: per output of pair (x0, x1) with exact angle theta = pos * base^(-2j/dims) / factor_j,
//       |err| <= (|x0| + |x1|) * (128 u * theta + 2^-11 + 8 u).
//     The kernel's angle is pos * freq in f32 with freq = exp2(j * (-2 log2(base) / dims)):
//     exp2 is within 3 + 2|e| ulp for exponent e (|e| <= log2(base) ~ 20) and log2's 3 ulp are
//     amplified by |e| in the exponent (~55 u relative in freq), so the angle is within ~100 u
//     relative — an absolute error that grows linearly with the position. The explicit reduction
//     to [-pi, pi] adds a few u (absolute); sin and cos are guaranteed to 2^-11 absolute there;
//     the rotation itself costs two roundings of the output. Pairs whose factor is 1e30
//     (proportional RoPE) and the values beyond dims must come back bit-identical.
//   geglu: |err| <= (16 + 16 |z|) u |ref| + |gate * up| 2^-50, z = sqrt(2/pi)(g + 0.044715 g^3).
//     The kernel evaluates g / (1 + exp(-2z)): z carries ~4 u relative error, amplified by |2z|
//     through exp, exp itself is within 3 + 4|z| ulp, and the divide, add and product add a few
//     u. The absolute term covers the reference: 1 + tanh(z) cancels in double for g < ~-6.
//   elementwise: AddScale and Scale are bit-identical to ref::add followed by ref::scale (one f32
//     add, one f32 multiply, same order). Softcap: |err| <= 64 u |ref| (division 2.5 ulp, then a
//     Taylor polynomial below |z| = 1/4 or 1 - 2/(exp(2|z|) + 1) above, whose exp error is
//     damped by 2e^2a / (e^2a + 1)^2 <= 1/2 relative to tanh(1/4)).
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"
#include "model/reference_ops.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <span>

namespace facet::gpu {
namespace {

using Rng = std::mt19937_64;
namespace ref = model::ref;

constexpr double kU = 1.0 / 16777216.0;  // 2^-24

using test::randomFloats;

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

using GpuElementwiseTest = test::GpuBackendTest;

// --- rope ----------------------------------------------------------------------------------------

struct RopeCase {
    uint32_t rows, heads, headDim, dims;
    float base;
    enum { None, Proportional, Random } factors;
};

TEST_P(GpuElementwiseTest, RopeMatchesDoubleReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::Rope);
    const RopeCase cases[] = {
        {7, 4, 32, 32, 10000.0f, RopeCase::None},            // sliding layers: dims = head dim
        {5, 2, 128, 128, 1e6f, RopeCase::Proportional},      // global layers: rope_freqs
        {6, 3, 40, 16, 10000.0f, RopeCase::Random},          // partial rotation, odd sizes
        {3, 1, 2, 2, 500.0f, RopeCase::None},                // one pair
        {70, 8, 64, 64, 10000.0f, RopeCase::Proportional}};  // prefill-sized
    double worstAbs = 0.0, worstUnits = 0.0;
    for (const RopeCase &c : cases) {
        SCOPED_TRACE(::testing::Message() << "rows=" << c.rows << " heads=" << c.heads
                                          << " headDim=" << c.headDim << " dims=" << c.dims);
        const uint32_t rowLen = c.heads * c.headDim;
        const uint32_t xOffset = 3, xStride = rowLen + 5, posOffset = 2, fOffset = 1;
        const uint32_t half = c.dims / 2;
        std::vector<float> x = randomFloats(rng, xOffset + xStride * c.rows, -2.0f, 2.0f);
        // Positions up to 10000, including the ends.
        std::vector<int32_t> pos(posOffset + c.rows, -1);
        for (uint32_t r = 0; r < c.rows; ++r)
            pos[posOffset + r] = int32_t(rng() % 10001);
        pos[posOffset] = 0;
        pos[posOffset + c.rows - 1] = 10000;
        std::vector<float> factors(fOffset + half, 0.0f);
        for (uint32_t j = 0; j < half; ++j) {
            float f = 1.0f;
            if (c.factors == RopeCase::Proportional) f = j < half / 4 ? 1.0f : 1e30f;
            if (c.factors == RopeCase::Random) f = 1.0f + float(rng() % 1000) / 125.0f;
            factors[fOffset + j] = f;
        }

        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, x);
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
        p.useFactors = c.factors == RopeCase::None ? 0 : 1;
        p.base = c.base;
        ComputeBatch batch;
        ASSERT_TRUE(recordRope(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto y = test::readVector<float>(*ctx, *xb, x.size());

        ref::RopeParams rp;
        rp.dims = int(c.dims);
        rp.base = c.base;
        if (c.factors != RopeCase::None) rp.freqFactors = std::span(factors).subspan(fOffset, half);
        std::vector<float> want(rowLen);
        for (uint32_t r = 0; r < c.rows; ++r) {
            const size_t at = xOffset + size_t(r) * xStride;
            const std::span<const float> row(x.data() + at, rowLen);
            ref::ropeNeox(row, want, int(c.headDim), pos[posOffset + r], rp);
            for (uint32_t h = 0; h < c.heads; ++h) {
                for (uint32_t i = 0; i < c.headDim; ++i) {
                    const size_t e = h * c.headDim + i;
                    const float got = y[at + e];
                    if (i >= c.dims) {
                        ASSERT_TRUE(sameBits(got, x[at + e]))
                            << "row " << r << " pass-through " << e;
                        continue;
                    }
                    const uint32_t j = i % half;
                    if (factors[fOffset + j] >= 1e30f && c.factors != RopeCase::None) {
                        ASSERT_TRUE(sameBits(got, x[at + e]) && sameBits(got, want[e]))
                            << "row " << r << " element " << e << " (factor 1e30): " << got
                            << " vs " << x[at + e];
                        continue;
                    }
                    const double theta = std::abs(ref::ropeAngle(rp, int(j), pos[posOffset + r]));
                    const double mag = std::abs(double(row[h * c.headDim + j])) +
                                       std::abs(double(row[h * c.headDim + j + half]));
                    const double err = std::abs(double(got) - double(want[e]));
                    const double bound = mag * (128.0 * kU * theta + std::ldexp(1.0, -11) + 8 * kU);
                    worstAbs = std::max(worstAbs, err);
                    worstUnits = std::max(worstUnits, err / (mag * kU * (1.0 + theta)));
                    ASSERT_LE(err, bound) << "row " << r << " element " << e << " pos "
                                          << pos[posOffset + r] << ": " << got << " vs " << want[e];
                }
            }
            // The gap between rows is not touched.
            for (uint32_t g = rowLen; g < xStride && at + g < x.size(); ++g)
                ASSERT_TRUE(sameBits(y[at + g], x[at + g]));
        }
        for (uint32_t i = 0; i < xOffset; ++i)
            ASSERT_TRUE(sameBits(y[i], x[i]));
    }
    std::printf(
        "[ measured ] rope max |err| %.3g, max |err| / ((|x0|+|x1|) u (1 + theta)) = %.3g "
        "(bound (|x0|+|x1|)(128 u theta + 2^-11 + 8 u))\n",
        worstAbs, worstUnits);
}

TEST_P(GpuElementwiseTest, RopeRejectsBadShapes) {
    const Kernel &k = kernel(KernelId::Rope);
    auto xb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(256, 0.0f));
    auto pb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<int32_t>(4, 0));
    QString error;
    auto b = ctx->bind(k, {*xb, *pb, *pb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    RopeParams good;
    good.rows = 4;
    good.heads = 2;
    good.headDim = 32;
    good.dims = 32;
    good.xStride = 64;
    ComputeBatch batch;
    EXPECT_TRUE(recordRope(batch, *b, good, &error)) << error.toStdString();
    auto bad = good;
    bad.dims = 31;  // odd
    EXPECT_FALSE(recordRope(batch, *b, bad, &error));
    bad = good;
    bad.dims = 34;  // > headDim
    EXPECT_FALSE(recordRope(batch, *b, bad, &error));
    bad = good;
    bad.xOffset = 100000;  // past the buffer
    EXPECT_FALSE(recordRope(batch, *b, bad, &error));
    bad = good;
    bad.xStride = 63;  // rows overlap
    EXPECT_FALSE(recordRope(batch, *b, bad, &error));
    bad = good;
    bad.posOffset = 100000;  // positions past the buffer
    EXPECT_FALSE(recordRope(batch, *b, bad, &error));
    bad = good;
    bad.useFactors = 1;
    bad.fOffset = 100000;  // factors past the buffer
    EXPECT_FALSE(recordRope(batch, *b, bad, &error));
    bad = good;
    bad.base = 0.0f;
    EXPECT_FALSE(recordRope(batch, *b, bad, &error));
    EXPECT_EQ(batch.dispatchCount(), 1);
}

// --- geglu ---------------------------------------------------------------------------------------

TEST_P(GpuElementwiseTest, GegluMatchesReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::Geglu);
    struct Case {
        uint32_t n, rows;
        bool inPlace;
    };
    const Case cases[] = {{1, 1, false}, {7, 3, false}, {1000, 4, true}, {6144, 2, false}};
    double worstRel = 0.0, worstRatio = 0.0;
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message() << "n=" << c.n << " rows=" << c.rows);
        // gate and up interleaved per row in one buffer ([rows][2n]: gate then up), as two
        // matvecs writing one buffer would leave them; out separate or over gate.
        const uint32_t gOffset = 4, stride = 2 * c.n + 3, uOffset = gOffset + c.n + 1;
        std::vector<float> gu = randomFloats(rng, gOffset + stride * c.rows + c.n + 1, -3.0f, 3.0f);
        std::uniform_real_distribution<float> wide(-8.0f, 8.0f);
        const float extremes[] = {0.0f, -0.0f, 30.0f, -30.0f, 100.0f, -100.0f, 1e-20f, -6.0f};
        for (uint32_t r = 0; r < c.rows; ++r) {
            for (uint32_t i = 0; i < c.n; ++i) {
                float &g = gu[gOffset + r * stride + i];
                g = (rng() % 16 == 0) ? extremes[rng() % std::size(extremes)] : wide(rng);
            }
        }
        const uint32_t oOffset = c.inPlace ? gOffset : 1, oStride = c.inPlace ? stride : c.n + 2;
        auto gb = test::makeBuffer(*ctx, BufferKind::Storage, gu);
        std::unique_ptr<Buffer> ob;
        if (!c.inPlace)
            ob = test::makeBuffer(*ctx, BufferKind::Storage,
                                  std::vector<float>(oOffset + oStride * c.rows, 0.0f));
        const Buffer &out = c.inPlace ? *gb : *ob;
        QString error;
        auto b = ctx->bind(k, {*gb, *gb, out}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        GegluParams p;
        p.n = c.n;
        p.rows = c.rows;
        p.gateOffset = gOffset;
        p.gateStride = stride;
        p.upOffset = uOffset;
        p.upStride = stride;
        p.outOffset = oOffset;
        p.outStride = oStride;
        ComputeBatch batch;
        ASSERT_TRUE(recordGeglu(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto y = test::readVector<float>(*ctx, out, size_t(oOffset + oStride * c.rows));

        std::vector<float> want(c.n);
        for (uint32_t r = 0; r < c.rows; ++r) {
            const std::span<const float> g(gu.data() + gOffset + r * stride, c.n);
            const std::span<const float> u(gu.data() + uOffset + r * stride, c.n);
            ref::geglu(g, u, want);
            for (uint32_t i = 0; i < c.n; ++i) {
                const double gd = g[i];
                const double z = 0.7978845608028654 * (gd + 0.044715 * gd * gd * gd);
                const double got = y[oOffset + r * oStride + i];
                const double err = std::abs(got - double(want[i]));
                const double bound = (16.0 + 16.0 * std::abs(z)) * kU * std::abs(double(want[i])) +
                                     std::abs(gd * double(u[i])) * std::ldexp(1.0, -50);
                // The relative error where the double reference is itself accurate (|g| <= 4).
                if (want[i] != 0.0f && std::abs(gd) <= 4.0)
                    worstRel = std::max(worstRel, err / std::abs(double(want[i])));
                if (bound > 0.0) worstRatio = std::max(worstRatio, err / bound);
                ASSERT_LE(err, bound) << "row " << r << " element " << i << " gate " << g[i]
                                      << " up " << u[i] << ": " << got << " vs " << want[i];
            }
        }
    }
    std::printf(
        "[ measured ] geglu max relative error %.3g for |gate| <= 4 (%.3g u); max error / bound "
        "%.3g\n",
        worstRel, worstRel / kU, worstRatio);
}

TEST_P(GpuElementwiseTest, GegluRejectsBadShapes) {
    const Kernel &k = kernel(KernelId::Geglu);
    auto buf = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(64, 0.0f));
    QString error;
    auto b = ctx->bind(k, {*buf, *buf, *buf}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    GegluParams good;
    good.n = 16;
    good.rows = 4;
    good.gateStride = good.upStride = good.outStride = 16;
    ComputeBatch batch;
    EXPECT_TRUE(recordGeglu(batch, *b, good, &error)) << error.toStdString();
    auto bad = good;
    bad.n = 0;
    EXPECT_FALSE(recordGeglu(batch, *b, bad, &error));
    bad = good;
    bad.upOffset = 100000;
    EXPECT_FALSE(recordGeglu(batch, *b, bad, &error));
    bad = good;
    bad.outStride = 100000;
    EXPECT_FALSE(recordGeglu(batch, *b, bad, &error));
    EXPECT_EQ(batch.dispatchCount(), 1);
}

// --- elementwise ---------------------------------------------------------------------------------

TEST_P(GpuElementwiseTest, AddAndScaleAreBitIdenticalToTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::Elementwise);
    struct Case {
        ElementwiseMode mode;
        uint32_t n, rows;
        float s;
        bool inPlace;
    };
    const Case cases[] = {{ElementwiseMode::AddScale, 1536, 3, 1.0f, true},
                          {ElementwiseMode::AddScale, 7, 5, 0.7071067811865476f, false},
                          {ElementwiseMode::AddScale, 70000, 1, 39.191835884530846f, true},
                          {ElementwiseMode::Scale, 2560, 2, 0.0625f, true},
                          {ElementwiseMode::Scale, 33, 9, -1.7320508f, false}};
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message()
                     << "mode=" << uint32_t(c.mode) << " n=" << c.n << " rows=" << c.rows);
        const uint32_t xOffset = 2, xStride = c.n + 1, yOffset = 5, yStride = c.n + 4;
        const uint32_t oOffset = c.inPlace ? xOffset : 3, oStride = c.inPlace ? xStride : c.n;
        std::vector<float> x = randomFloats(rng, xOffset + xStride * c.rows, -50.0f, 50.0f);
        std::vector<float> yv = randomFloats(rng, yOffset + yStride * c.rows, -5.0f, 5.0f);
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, x);
        auto yb = test::makeBuffer(*ctx, BufferKind::Storage, yv);
        std::unique_ptr<Buffer> ob;
        if (!c.inPlace)
            ob = test::makeBuffer(*ctx, BufferKind::Storage,
                                  std::vector<float>(oOffset + oStride * c.rows, 0.0f));
        const Buffer &out = c.inPlace ? *xb : *ob;
        QString error;
        auto b = ctx->bind(k, {*xb, *yb, out}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        ElementwiseParams p;
        p.n = c.n;
        p.rows = c.rows;
        p.xOffset = xOffset;
        p.xStride = xStride;
        p.yOffset = yOffset;
        p.yStride = yStride;
        p.outOffset = oOffset;
        p.outStride = oStride;
        p.mode = uint32_t(c.mode);
        p.s = c.s;
        ComputeBatch batch;
        ASSERT_TRUE(recordElementwise(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, out, size_t(oOffset + oStride * c.rows));
        std::vector<float> want(c.n);
        for (uint32_t r = 0; r < c.rows; ++r) {
            const std::span<const float> xr(x.data() + xOffset + r * xStride, c.n);
            if (c.mode == ElementwiseMode::AddScale) {
                ref::add(xr, std::span<const float>(yv.data() + yOffset + r * yStride, c.n), want);
                ref::scale(want, c.s, want);
            } else {
                ref::scale(xr, c.s, want);
            }
            for (uint32_t i = 0; i < c.n; ++i) {
                ASSERT_TRUE(sameBits(got[oOffset + r * oStride + i], want[i]))
                    << "row " << r << " element " << i << ": " << got[oOffset + r * oStride + i]
                    << " vs " << want[i];
            }
        }
    }
}

TEST_P(GpuElementwiseTest, SoftcapMatchesDoubleReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::Elementwise);
    const float caps[] = {30.0f, 50.0f, 0.5f};
    double worstRel = 0.0;
    for (const float cap : caps) {
        SCOPED_TRACE(::testing::Message() << "cap=" << cap);
        const uint32_t n = 4099, rows = 2;
        std::vector<float> x = randomFloats(rng, n * rows, -4.0f * cap, 4.0f * cap);
        // Magnitudes from 1e-30 to 1e4 (both branches of the tanh, and saturation).
        for (size_t i = 0; i < x.size(); i += 3)
            x[i] = (rng() & 1 ? 1.0f : -1.0f) * std::pow(10.0f, float(int(rng() % 35) - 30));
        x[1] = 0.0f;
        x[4] = 1e30f;
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, x);
        QString error;
        auto b = ctx->bind(k, {*xb, *xb, *xb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        ElementwiseParams p;
        p.n = n;
        p.rows = rows;
        p.xStride = p.outStride = n;
        p.mode = uint32_t(ElementwiseMode::Softcap);
        p.s = cap;
        ComputeBatch batch;
        ASSERT_TRUE(recordElementwise(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *xb, x.size());
        std::vector<float> want(x.size());
        ref::softcap(x, cap, want);
        for (size_t i = 0; i < x.size(); ++i) {
            const double err = std::abs(double(got[i]) - double(want[i]));
            if (want[i] != 0.0f) worstRel = std::max(worstRel, err / std::abs(double(want[i])));
            ASSERT_LE(err, 64.0 * kU * std::abs(double(want[i])))
                << "element " << i << " x " << x[i] << ": " << got[i] << " vs " << want[i];
        }
    }
    std::printf("[ measured ] softcap max relative error %.3g = %.3g u (bound 64 u)\n", worstRel,
                worstRel / kU);
}

TEST_P(GpuElementwiseTest, ElementwiseRejectsBadParameters) {
    const Kernel &k = kernel(KernelId::Elementwise);
    auto buf = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(64, 0.0f));
    auto small = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(8, 0.0f));
    QString error;
    auto b = ctx->bind(k, {*buf, *small, *buf}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    ElementwiseParams good;
    good.n = 64;
    good.rows = 1;
    good.mode = uint32_t(ElementwiseMode::Scale);
    good.s = 2.0f;
    good.yOffset = 100000;  // y is only checked (and read) by AddScale
    ComputeBatch batch;
    EXPECT_TRUE(recordElementwise(batch, *b, good, &error)) << error.toStdString();
    auto bad = good;
    bad.mode = uint32_t(ElementwiseMode::AddScale);
    EXPECT_FALSE(recordElementwise(batch, *b, bad, &error));
    bad = good;
    bad.mode = 3;
    EXPECT_FALSE(recordElementwise(batch, *b, bad, &error));
    bad = good;
    bad.mode = uint32_t(ElementwiseMode::Softcap);
    bad.s = 0.0f;
    EXPECT_FALSE(recordElementwise(batch, *b, bad, &error));
    bad = good;
    bad.s = std::numeric_limits<float>::infinity();
    EXPECT_FALSE(recordElementwise(batch, *b, bad, &error));
    bad = good;
    bad.outOffset = 100000;
    EXPECT_FALSE(recordElementwise(batch, *b, bad, &error));
    EXPECT_EQ(batch.dispatchCount(), 1);
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuElementwiseTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
