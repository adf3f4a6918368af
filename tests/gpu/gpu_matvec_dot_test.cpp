// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The integer-dot mat-vec path: quantize_q8 (float columns to the Q8A layout) against
// model::ref::q8aQuantize, and matvec_dot_<type> against the double-precision product of the
// CPU-dequantised weights with the CPU-rounded activation (model::ref::q8aRound), on fresh random
// data. On Vulkan the shared context uses the OpSDot pack where the device has
// shaderIntegerDotProduct (lavapipe does), elsewhere the portable pack's plain-GLSL products.
//
// Bounds (u = 2^-24):
//   quantize_q8: d within 3 ulps of the CPU's max|v| / 127 (GPU division is not exactly rounded:
//     Vulkan allows 2.5 ulp); every q equal to the CPU's, or one off where the CPU's v / d lies
//     within 1e-4 of a half-integer (a different 1/d rounds such a value the other way); the two
//     half sums exactly d * (sum of the GPU's own q), as one float multiplication.
//   matvec_dot: |y - ref| <= (K + 2) u mag, ref = sum_k w_k (d q)_k in double with the CPU's
//     quantisation uploaded as the input, mag = sum_k (|d_w q_k| + |o_k|) |(d q)_k|. The integer
//     sums are exact; the scales are applied to per-sub-block sums with a few roundings each, and
//     the partial sums are added in some order: within the classical K-term bound, as for the
//     float kernel (gpu_matvec_fast_test.cpp).
#include "gguf/dequant.h"
#include "gpu/compute_batch.h"
#include "gpu/fused_ops.h"
#include "gpu/gpu_context.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"
#include "model/reference_ops.h"
#include "support/test_support.h"
#include "weight_test_data.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace facet::gpu {
namespace {

using gguf::TensorType;
using test::kU;
namespace ref = model::ref;

constexpr TensorType kDotTypes[] = {TensorType::Q8_0, TensorType::Q4_K, TensorType::Q5_K,
                                    TensorType::Q6_K};

class GpuMatVecDotTest : public test::GpuBackendTest {};

float asFloat(uint32_t w) {
    float f;
    std::memcpy(&f, &w, 4);
    return f;
}

// Random columns with varied magnitudes per block: ordinary, tiny, large, all-zero, one spike.
std::vector<float> activationColumns(std::mt19937_64 &rng, uint32_t K, uint32_t M, uint32_t stride,
                                     uint32_t offset) {
    std::vector<float> x = test::randomFloats(rng, offset + size_t(stride) * M, -1.0f, 1.0f);
    for (uint32_t m = 0; m < M; ++m) {
        for (uint32_t b = 0; b < K / 32; ++b) {
            float *blk = x.data() + offset + size_t(m) * stride + 32 * b;
            switch ((b + m) % 5) {
                case 1:
                    for (int i = 0; i < 32; ++i)
                        blk[i] *= 1e-6f;
                    break;
                case 2:
                    for (int i = 0; i < 32; ++i)
                        blk[i] *= 300.0f;
                    break;
                case 3:
                    if (b % 2 == 0) std::fill(blk, blk + 32, 0.0f);
                    break;
                case 4:
                    blk[rng() % 32] = 50.0f;
                    break;
                default:
                    break;
            }
        }
    }
    return x;
}

// The CPU reference's mirror of the dot path (model::ref::matmulQ8Inputs) must round exactly the
// products the GPU runs on it: the same weight types.
TEST(MatVecDotTypes, ReferenceAndKernelsAgreeOnTheTypes) {
    for (int t = 0; t < 64; ++t) {
        const auto type = TensorType(t);
        EXPECT_EQ(model::ref::q8aDotType(type), matVecDotKernel(type).has_value()) << t;
    }
    for (TensorType type : kDotTypes)
        EXPECT_TRUE(matVecDotKernel(type).has_value());
}

// One column of Q8A words `w` against model::ref::q8aQuantize(v) with the bounds at the top
// (dUlps: d's tolerance in ulps; halfTol: how close to a half-integer v / d must be for a q that
// is one off). Counts the one-off values in *nearMisses.
void checkQ8A(const uint32_t *w, const std::vector<float> &v, double dUlps, double halfTol,
              int *nearMisses) {
    const model::ref::Q8A ref = model::ref::q8aQuantize(v);
    for (size_t blk = 0; blk < v.size() / 32; ++blk, w += 12) {
        SCOPED_TRACE(testing::Message() << "block " << blk);
        const float d = asFloat(w[8]);
        ASSERT_NEAR(d, ref.d[blk], dUlps * kU * 2.0 * double(ref.d[blk]));
        int sums[2] = {0, 0};
        for (int i = 0; i < 32; ++i) {
            const int q = int8_t(uint8_t(w[i / 4] >> (8 * (i % 4))));
            sums[i / 16] += q;
            const int qr = ref.q[32 * blk + size_t(i)];
            if (q == qr) continue;
            const double r = double(v[32 * blk + size_t(i)]) / double(ref.d[blk]);
            const double toHalf = std::abs(r - std::floor(r) - 0.5);
            ASSERT_TRUE(std::abs(q - qr) == 1 && toHalf < halfTol)
                << "value " << i << ": " << q << " vs " << qr << " (v / d = " << r << ")";
            ++*nearMisses;
        }
        ASSERT_EQ(asFloat(w[9]), d * float(sums[0]));
        ASSERT_EQ(asFloat(w[10]), d * float(sums[1]));
    }
}

TEST_P(GpuMatVecDotTest, QuantizeMatchesTheReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::QuantizeQ8);
    for (bool geglu : {false, true}) {
        SCOPED_TRACE(geglu ? "geglu" : "plain");
        const uint32_t K = 32 * 67, M = 3, xOffset = 8, xStride = K + 12;
        const uint32_t x2Offset = xOffset + xStride * M + 4, x2Stride = K + 4;
        std::vector<float> x = activationColumns(rng, K, M, xStride, xOffset);
        const std::vector<float> up = test::randomFloats(rng, size_t(x2Stride) * M, -2.0f, 2.0f);
        x.resize(x2Offset + size_t(x2Stride) * M);
        std::copy(up.begin(), up.end(), x.begin() + x2Offset);
        const uint32_t yOffset = 4, yStride = q8aFloats(K) + 8;
        const std::vector<float> y0 =
            test::randomFloats(rng, yOffset + size_t(yStride) * M + 4, -1.0f, 1.0f);
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, x);
        auto yb = test::makeBuffer(*ctx, BufferKind::Storage, y0);
        QString error;
        auto b = ctx->bind(k, {*xb, *yb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        QuantizeQ8Params p;
        p.K = K;
        p.columns = M;
        p.xOffset = xOffset;
        p.xStride = xStride;
        p.x2Offset = x2Offset;
        p.x2Stride = x2Stride;
        p.inputMode = geglu ? 1 : 0;
        p.yOffset = yOffset;
        p.yStride = yStride;
        ComputeBatch batch;
        ASSERT_TRUE(recordQuantizeQ8(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto y = test::readVector<uint32_t>(*ctx, *yb, y0.size());
        int nearMisses = 0;
        for (uint32_t m = 0; m < M; ++m) {
            std::vector<float> v(K);
            const float *xc = x.data() + xOffset + size_t(m) * xStride;
            if (geglu) {
                model::ref::geglu(std::span<const float>(xc, K),
                                  std::span<const float>(up.data() + size_t(m) * x2Stride, K), v);
            } else {
                std::copy(xc, xc + K, v.begin());
            }
            const uint32_t *w = y.data() + yOffset + size_t(m) * yStride;
            checkQ8A(w, v, geglu ? 64.0 : 3.0, geglu ? 1e-2 : 1e-4, &nearMisses);
            if (HasFatalFailure()) return;
            // Padding between columns untouched.
            for (uint32_t i = q8aFloats(K); i < yStride; ++i) {
                const size_t at = yOffset + size_t(m) * yStride + i;
                ASSERT_EQ(asFloat(y[at]), y0[at]) << "padding overwritten at " << at;
            }
        }
        ASSERT_EQ(asFloat(y[0]), y0[0]);
        std::printf("[ measured ] quantize_q8 %s (%s): %d of %u values one off at a half-integer\n",
                    geglu ? "geglu" : "plain", qPrintable(ctx->info().summary()), nearMisses,
                    K * M);
    }
}

// add_rmsnorm's Q8A output (q8Out, which the model uses instead of a quantize_q8 dispatch for a
// normed integer-dot input): the quantisation of exactly the `out` floats it stores, for several
// rows, row lengths from a few blocks up to the kernel's limit, and the refusals.
TEST_P(GpuMatVecDotTest, AddRmsNormWritesTheQ8AOfItsOutput) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AddRmsNorm);
    for (uint32_t n : {96u, 1536u, 3072u}) {
        SCOPED_TRACE(testing::Message() << "n=" << n);
        const uint32_t rows = 3, stride = n + 8;
        const uint32_t xOffset = 4, yOffset = xOffset + rows * stride,
                       outOffset = yOffset + rows * stride;
        const uint32_t q8Offset = outOffset + rows * stride, q8Stride = q8aFloats(n) + 4;
        std::vector<float> act = test::randomFloats(rng, q8Offset + size_t(q8Stride) * rows, -2, 2);
        const std::vector<float> norms = test::randomFloats(rng, 2 * size_t(n), 0.5f, 1.5f);
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        auto nb = test::makeBuffer(*ctx, BufferKind::Storage, norms);
        QString error;
        auto b = ctx->bind(k, {*ab, *nb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        AddRmsNormParams p;
        p.n = n;
        p.rows = rows;
        p.xOffset = xOffset;
        p.xStride = stride;
        p.yOffset = yOffset;
        p.yStride = stride;
        p.w1Offset = 0;
        p.scale = 0.75f;
        p.normOut = 1;
        p.w2Offset = n;
        p.outOffset = outOffset;
        p.outStride = stride;
        p.q8Out = 1;
        p.q8Offset = q8Offset;
        p.q8Stride = q8Stride;
        ComputeBatch batch;
        ASSERT_TRUE(recordAddRmsNorm(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto words = test::readVector<uint32_t>(*ctx, *ab, act.size());
        int nearMisses = 0;
        for (uint32_t r = 0; r < rows; ++r) {
            std::vector<float> out(n);
            for (uint32_t i = 0; i < n; ++i)
                out[i] = asFloat(words[outOffset + r * stride + i]);
            // The Q8A of the stored floats: d exact up to the division's rounding, q exact but
            // where 1 / d's rounding decides a half-integer.
            checkQ8A(words.data() + q8Offset + r * q8Stride, out, 3.0, 1e-4, &nearMisses);
            if (HasFatalFailure()) return;
            for (uint32_t i = q8aFloats(n); i < q8Stride; ++i) {
                const size_t at = q8Offset + r * q8Stride + i;
                ASSERT_EQ(asFloat(words[at]), act[at]) << "padding overwritten";
            }
        }
    }
    // Refused: without the normed output, a row length that is not a multiple of 32, a
    // misaligned offset, an output that meets x.
    auto ab = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(4096));
    auto nb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(256));
    QString error;
    auto b = ctx->bind(k, {*ab, *nb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    AddRmsNormParams good;
    good.n = 64;
    good.rows = 1;
    good.yOffset = 64;
    good.normOut = 1;
    good.w2Offset = 64;
    good.outOffset = 128;
    good.q8Out = 1;
    good.q8Offset = 256;
    ComputeBatch batch;
    EXPECT_TRUE(recordAddRmsNorm(batch, *b, good, &error)) << error.toStdString();
    AddRmsNormParams bad = good;
    bad.normOut = 0;
    EXPECT_FALSE(recordAddRmsNorm(batch, *b, bad, &error));
    bad = good;
    bad.n = 48;
    EXPECT_FALSE(recordAddRmsNorm(batch, *b, bad, &error));
    bad = good;
    bad.q8Offset = 258;
    EXPECT_FALSE(recordAddRmsNorm(batch, *b, bad, &error));
    bad = good;
    bad.q8Offset = 16;
    EXPECT_FALSE(recordAddRmsNorm(batch, *b, bad, &error));
    bad = good;
    bad.n = AddRmsNormParams::kQ8MaxN + 32;  // longer than the kernel's staging array
    bad.yOffset = 0;
    bad.xOffset = 0;
    EXPECT_FALSE(recordAddRmsNorm(batch, *b, bad, &error));
}

TEST_P(GpuMatVecDotTest, RejectsMisalignedOrNonPlainInput) {
    auto rng = test::seededRng();
    const TensorType type = TensorType::Q4_K;
    const QByteArray rows = test::quantizedRows(type, 256, 4, rng);
    auto wb = test::makeBuffer(*ctx, BufferKind::Weights, rows.constData(), rows.size());
    auto xb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1024));
    QString error;
    auto b = ctx->bind(kernel(*matVecDotKernel(type)), {*wb, *xb, *xb, *xb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    MatVecParams p;
    p.K = 256;
    p.N = 4;
    p.rowBytes = uint32_t(weightRowBytes(type, 256));
    p.xOffset = 2;
    p.yOffset = 512;
    ComputeBatch batch;
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("Q8A"))) << error.toStdString();
    p.xOffset = 0;
    p.inputMode = uint32_t(MatInputMode::Geglu);
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    p.inputMode = 0;
    p.xOffset = 1000;  // the Q8A column (96 floats) runs past the buffer
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    p.xOffset = 0;
    EXPECT_TRUE(recordMatVec(batch, *b, p, 1, &error)) << error.toStdString();

    auto qb = ctx->bind(kernel(KernelId::QuantizeQ8), {*xb, *xb}, &error);
    ASSERT_TRUE(qb) << error.toStdString();
    QuantizeQ8Params q;
    q.K = 48;  // not a multiple of 32
    q.columns = 1;
    q.yOffset = 256;
    EXPECT_FALSE(recordQuantizeQ8(batch, *qb, q, &error));
    q.K = 64;
    q.yOffset = 254;
    EXPECT_FALSE(recordQuantizeQ8(batch, *qb, q, &error));
    q.yOffset = 1020;  // past the end
    EXPECT_FALSE(recordQuantizeQ8(batch, *qb, q, &error));
    q.yOffset = 256;
    EXPECT_TRUE(recordQuantizeQ8(batch, *qb, q, &error)) << error.toStdString();
}

struct DotCase {
    uint32_t K, N, M;
    bool accumulate, alignedW;
};

// The inputs of an integer-dot product: N random rows of K values of `type` at a tensor offset
// that is a multiple of 8 (alignedW) or 4 mod 8, their CPU dequantisation, and M random
// activation columns quantised by the CPU reference, in the GPU's Q8A layout (xq, columns at
// kXOffset + m * xStride) and as the rounded floats the reference multiplies (xr).
struct DotInputs {
    static constexpr uint32_t kXOffset = 8;
    uint32_t K = 0, N = 0;
    QByteArray wbytes;
    uint32_t wOffset = 0;
    qint64 rowBytes = 0;
    std::vector<float> wf, off;
    uint32_t xStride = 0;
    std::vector<uint32_t> xq;
    std::vector<std::vector<float>> xr;
    // The mat-vec of these weights on the Q8A columns xq.
    MatVecParams params() const {
        MatVecParams p;
        p.K = K;
        p.N = N;
        p.rowBytes = uint32_t(rowBytes);
        p.wOffset = wOffset;
        p.xOffset = kXOffset;
        p.xStride = xStride;
        return p;
    }
};

DotInputs dotInputs(TensorType type, uint32_t K, uint32_t N, uint32_t M, bool alignedW,
                    std::mt19937_64 &rng) {
    DotInputs d;
    d.K = K;
    d.N = N;
    d.rowBytes = weightRowBytes(type, K);
    const QByteArray rows = test::quantizedRows(type, int(K), int(N), rng);
    d.wOffset = alignedW ? 8u * uint32_t(1 + rng() % 5) : 8u * uint32_t(rng() % 5) + 4;
    d.wbytes = QByteArray(int(d.wOffset), '\x5A') + rows;
    d.wf = test::dequantRows(type, rows, int(K), int(N));
    d.off = test::offsetRows(type, rows, int(K), int(N));
    d.xStride = q8aFloats(K) + 4;
    d.xq.assign(DotInputs::kXOffset + size_t(d.xStride) * M, 0u);
    d.xr.resize(M);
    for (uint32_t m = 0; m < M; ++m) {
        const std::vector<float> x = activationColumns(rng, K, 1, K, 0);
        const model::ref::Q8A a = model::ref::q8aQuantize(x);
        const std::vector<uint32_t> packed = model::ref::q8aPack(a);
        std::copy(packed.begin(), packed.end(), d.xq.begin() + DotInputs::kXOffset + m * d.xStride);
        d.xr[m] = model::ref::q8aRound(x);
    }
    return d;
}

TEST_P(GpuMatVecDotTest, EveryDotTypeMatchesTheReference) {
    auto rng = test::seededRng();
    for (TensorType type : kDotTypes) {
        SCOPED_TRACE(test::typeName(type));
        const Kernel &k = kernel(*matVecDotKernel(type));
        const uint32_t bv = uint32_t(kernelBlockValues(type));
        const uint32_t few = bv == 256 ? 3 : 7, many = bv == 256 ? 24 : 193;
        const std::vector<DotCase> cases = {
            {bv, 1, 1, false, true},          {few * bv, 67, 3, false, false},
            {few * bv, 130, 1, true, true},   {many * bv, 37, 1, false, false},
            {many * bv, 21, 2, true, true},   {bv, 8200, 1, false, true},
            {few * bv, 8195, 2, true, false},
        };
        double worst = 0.0;
        // Every case in rows mode and in both split modes (N < 8192; the kernel's 16-lane
        // teams of Q4_K / Q5_K and its shared-memory reductions differ between them).
        for (int run = 0; run < int(3 * cases.size()); ++run) {
            const DotCase &c = cases[size_t(run) / 3];
            const MatVecSplitPolicy policies[] = {
                MatVecSplitPolicy::Rows, MatVecSplitPolicy::OneUnit, MatVecSplitPolicy::TwoUnits};
            const MatVecSplitPolicy policy = policies[run % 3];
            if (policy != MatVecSplitPolicy::Rows && c.N >= 8192) continue;  // rows mode anyway
            test::SplitPolicyScope forced(*ctx, policy);
            SCOPED_TRACE(testing::Message()
                         << "K=" << c.K << " N=" << c.N << " M=" << c.M << " policy " << run % 3);
            const DotInputs in = dotInputs(type, c.K, c.N, c.M, c.alignedW, rng);
            const std::vector<float> &wf = in.wf, &off = in.off;
            const std::vector<std::vector<float>> &xr = in.xr;
            const uint32_t yOffset = 5, yStride = c.N + 3;
            const std::vector<float> y0 =
                test::randomFloats(rng, yOffset + size_t(yStride) * c.M, -4.0f, 4.0f);
            auto wb = test::makeBuffer(*ctx, BufferKind::Weights, in.wbytes.constData(),
                                       in.wbytes.size());
            auto xb = test::makeBuffer(*ctx, BufferKind::Storage, in.xq);
            auto yb = test::makeBuffer(*ctx, BufferKind::Storage, y0);
            QString error;
            auto b = ctx->bind(k, {*wb, *xb, *yb, *xb}, &error);
            ASSERT_TRUE(b) << error.toStdString();
            MatVecParams p = in.params();
            p.yOffset = yOffset;
            p.yStride = yStride;
            p.accumulate = c.accumulate ? 1 : 0;
            ComputeBatch batch;
            ASSERT_TRUE(recordMatVec(batch, *b, p, c.M, &error)) << error.toStdString();
            ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
            const auto y = test::readVector<float>(*ctx, *yb, y0.size());
            for (uint32_t m = 0; m < c.M; ++m) {
                for (uint32_t n = 0; n < c.N; ++n) {
                    double ref = 0.0, mag = 0.0;
                    const float *w = wf.data() + size_t(n) * c.K;
                    const float *o = off.data() + size_t(n) * c.K;
                    for (uint32_t i = 0; i < c.K; ++i) {
                        const double xi = xr[m][i];
                        ref += double(w[i]) * xi;
                        mag += (std::abs(double(w[i]) - double(o[i])) + std::abs(double(o[i]))) *
                               std::abs(xi);
                    }
                    const size_t yi = yOffset + size_t(m) * yStride + n;
                    if (c.accumulate) {
                        ref += double(y0[yi]);
                        mag += std::abs(double(y0[yi]));
                    }
                    const double err = std::abs(double(y[yi]) - ref);
                    if (mag > 0) worst = std::max(worst, err / mag);
                    ASSERT_LE(err, (c.K + 2) * kU * mag)
                        << "column " << m << " row " << n << ": " << y[yi] << " vs " << ref;
                }
                for (uint32_t n = c.N; n < yStride; ++n) {
                    const size_t yi = yOffset + size_t(m) * yStride + n;
                    if (yi < y.size()) {
                        ASSERT_EQ(y[yi], y0[yi]) << "padding overwritten";
                    }
                }
            }
        }
        std::printf("[ measured ] matvec_dot %-5s (%s) max |err| / mag = %.3g\n",
                    test::typeName(type).c_str(), qPrintable(ctx->info().summary()), worst);
    }
}

// The gate|up GeGLU mode (recordMatVecGegluQ8): the Q8A of h = gelu_tanh(W_gate x) * (W_up x)
// against the CPU's: products in double from the dequantised weights and the CPU-rounded x,
// GeGLU and quantisation by the reference. d within 256 ulps (the GPU's sums differ from the
// double ones by the K-term bound above, which moves max|h|), q one off only within 1e-3 of a
// half-integer; several columns, both directions of a misaligned weight offset, and refusals.
TEST_P(GpuMatVecDotTest, GegluModeWritesTheQ8AOfH) {
    auto rng = test::seededRng();
    for (TensorType type : kDotTypes) {
        SCOPED_TRACE(test::typeName(type));
        const Kernel &k = kernel(*matVecDotGegluKernel(type));
        const uint32_t bv = uint32_t(kernelBlockValues(type));
        struct Shape {
            uint32_t K, F, M;
        };
        for (const Shape sh : {Shape{bv * (bv == 256 ? 2u : 9u), 64, 1},
                               Shape{bv * (bv == 256 ? 6u : 48u), 96, 2}}) {
            SCOPED_TRACE(testing::Message() << "K=" << sh.K << " F=" << sh.F << " M=" << sh.M);
            const uint32_t N = 2 * sh.F;
            const DotInputs in = dotInputs(type, sh.K, N, sh.M, sh.M == 1, rng);
            const std::vector<float> &wf = in.wf;
            const std::vector<std::vector<float>> &xr = in.xr;
            const uint32_t yOffset = 8, yStride = q8aFloats(sh.F) + 4;
            const std::vector<float> y0 =
                test::randomFloats(rng, yOffset + size_t(yStride) * sh.M + 4, -1, 1);
            auto wb = test::makeBuffer(*ctx, BufferKind::Weights, in.wbytes.constData(),
                                       in.wbytes.size());
            auto xb = test::makeBuffer(*ctx, BufferKind::Storage, in.xq);
            auto yb = test::makeBuffer(*ctx, BufferKind::Storage, y0);
            QString error;
            auto b = ctx->bind(k, {*wb, *xb, *yb, *xb}, &error);
            ASSERT_TRUE(b) << error.toStdString();
            MatVecParams p = in.params();
            p.yOffset = yOffset;
            p.yStride = yStride;
            ComputeBatch batch;
            ASSERT_TRUE(recordMatVecGegluQ8(batch, *b, p, sh.M, &error)) << error.toStdString();
            ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
            const auto y = test::readVector<uint32_t>(*ctx, *yb, y0.size());
            int nearMisses = 0;
            for (uint32_t m = 0; m < sh.M; ++m) {
                std::vector<float> g(sh.F), u(sh.F), h(sh.F);
                for (uint32_t n = 0; n < N; ++n) {
                    double acc = 0.0;
                    for (uint32_t i = 0; i < sh.K; ++i)
                        acc += double(wf[size_t(n) * sh.K + i]) * double(xr[m][i]);
                    (n < sh.F ? g[n] : u[n - sh.F]) = float(acc);
                }
                model::ref::geglu(g, u, h);
                checkQ8A(y.data() + yOffset + m * yStride, h, 256.0, 1e-3, &nearMisses);
                if (HasFatalFailure()) return;
                for (uint32_t i = q8aFloats(sh.F); i < yStride; ++i) {
                    const size_t at = yOffset + size_t(m) * yStride + i;
                    if (at < y.size()) {
                        ASSERT_EQ(asFloat(y[at]), y0[at]) << "padding overwritten";
                    }
                }
            }
            ASSERT_EQ(asFloat(y[0]), y0[0]);

            MatVecParams bad = p;
            bad.N = N + 2;  // F not a multiple of 32
            EXPECT_FALSE(recordMatVecGegluQ8(batch, *b, bad, 1, &error));
            bad = p;
            bad.accumulate = 1;
            EXPECT_FALSE(recordMatVecGegluQ8(batch, *b, bad, 1, &error));
            bad = p;
            bad.yOffset = 2;
            EXPECT_FALSE(recordMatVecGegluQ8(batch, *b, bad, 1, &error));
            // Only the geglu packs run this mode (the others have 128 invocations).
            auto plain = ctx->bind(kernel(*matVecDotKernel(type)), {*wb, *xb, *yb, *xb}, &error);
            ASSERT_TRUE(plain) << error.toStdString();
            EXPECT_FALSE(recordMatVecGegluQ8(batch, *plain, p, 1, &error));
            EXPECT_TRUE(error.contains(QLatin1String("matvec_dot_geglu"))) << error.toStdString();
        }
    }
}

// The gate|up GeGLU mode with the AddNorm input (the add_rmsnorm folded into the gate|up's
// prologue): from the branch b and the residual res, every workgroup forms
// v = rmsw((res + rmsw(b, n1)) * s, n2) and quantises it itself. Checked on fresh random data
// (K up to 4096, the kernel's four rounds of vec4s, with and without the second norm):
//   - the new residual r (written by workgroup 0) against the reference's add + norm, within
//     1e-5 of |s| (|res| + |rmsw(b, n1)|), as for add_rmsnorm (gpu_fused_test.cpp);
//   - the Q8A output of h against h = gelu_tanh(W_g x) (W_u x) in double, x the CPU's rounding
//     of its own v (model::ref::q8aRound): the GPU's v differs in the last bits, so a q of the
//     input may be one off where v / d lies within 1e-3 of a half-integer; each product is
//     within E = sum over those k of |w_k| d_blk(k), plus (K + 2) u mag, and h within
//     1.2 |u| E_g + (|gelu(g)| + 1.2 E_g) E_u (|gelu_tanh'| < 1.2). Each output value d_h q is
//     then within that plus d_h / 2 (and 2e-3 of it for 1 / d_h's rounding) of h, d_h within
//     E_max / 127 and 256 ulps of max|h| / 127, and the half sums are d_h times the q sums.
TEST_P(GpuMatVecDotTest, GegluModeFormsItsAddNormInput) {
    auto rng = test::seededRng();
    struct Case {
        TensorType type;
        uint32_t K, F, M;
        bool second;
    };
    double worst = 0.0;  // largest |h error| / bound
    const Case cases[] = {{TensorType::Q4_K, 1536, 64, 1, true},
                          {TensorType::Q6_K, 4096, 64, 1, true},
                          {TensorType::Q8_0, 1056, 96, 2, false},
                          {TensorType::Q5_K, 512, 64, 2, true}};
    for (const Case &c : cases) {
        SCOPED_TRACE(testing::Message() << test::typeName(c.type) << " K=" << c.K << " F=" << c.F
                                        << " M=" << c.M << " second norm=" << c.second);
        const uint32_t K = c.K, N = 2 * c.F;
        const DotInputs in = dotInputs(c.type, K, N, 1, true, rng);
        // act: b columns, res columns, the residual output, the Q8A of h; strides keep 4-float
        // alignment; everything else random, to see what is overwritten.
        const uint32_t fStride = K + 8, bOffset = 4, resOffset = bOffset + fStride * c.M;
        const uint32_t rOffset = resOffset + fStride * c.M, yOffset = rOffset + fStride * c.M;
        const uint32_t yStride = q8aFloats(c.F) + 4;
        std::vector<float> act =
            test::randomFloats(rng, yOffset + size_t(yStride) * c.M + 4, -2.0f, 2.0f);
        const std::vector<float> norms = test::randomFloats(rng, 2 * size_t(K) + 4, 0.5f, 1.5f);
        const float s = 0.75f, eps = 1e-6f;
        auto wb =
            test::makeBuffer(*ctx, BufferKind::Weights, in.wbytes.constData(), in.wbytes.size());
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        auto nb = test::makeBuffer(*ctx, BufferKind::Storage, norms);
        QString error;
        auto b = ctx->bind(kernel(*matVecDotGegluKernel(c.type)), {*wb, *ab, *ab, *nb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        MatVecParams p = in.params();
        p.inputMode = uint32_t(MatInputMode::AddNorm);
        p.xOffset = bOffset;
        p.xStride = fStride;
        p.x2Offset = resOffset;
        p.x2Stride = fStride;
        p.n1Offset = 4;
        p.n2Offset = c.second ? 4 + K : MatVecParams::kNoSecondNorm;
        p.normScale = s;
        p.normEps = eps;
        p.rOutOffset = rOffset;
        p.rOutStride = fStride;
        p.yOffset = yOffset;
        p.yStride = yStride;
        ComputeBatch batch;
        ASSERT_TRUE(recordMatVecGegluQ8(batch, *b, p, c.M, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<uint32_t>(*ctx, *ab, act.size());

        std::vector<bool> written(act.size(), false);
        const std::span<const float> n1(norms.data() + 4, K), n2(norms.data() + 4 + K, K);
        for (uint32_t m = 0; m < c.M; ++m) {
            const std::span<const float> bm(act.data() + bOffset + m * fStride, K);
            const std::span<const float> res(act.data() + resOffset + m * fStride, K);
            std::vector<float> rb(K), sum(K), r(K), v(K);
            ref::rmsNormRows(bm, 1, n1, rb, eps);
            ref::add(res, rb, sum);
            ref::scale(sum, s, r);
            for (uint32_t i = 0; i < K; ++i) {
                const size_t at = rOffset + size_t(m) * fStride + i;
                written[at] = true;
                const double mag = std::abs(double(s)) * (std::abs(res[i]) + std::abs(rb[i]));
                ASSERT_NEAR(asFloat(got[at]), r[i], 1e-5 * mag) << "residual " << i;
            }
            if (c.second) {
                ref::rmsNormRows(r, 1, n2, v, eps);
            } else {
                v = r;
            }
            // The CPU's rounding of v; the GPU's v differs in the last bits, so its q may be one
            // off where v / d is within 1e-3 of a half-integer: those values widen the bound.
            const model::ref::Q8A vq = model::ref::q8aQuantize(v);
            const std::vector<float> xr = model::ref::q8aRound(v);
            std::vector<bool> nearHalf(K);
            for (uint32_t k = 0; k < K; ++k) {
                const double t = double(v[k]) / double(vq.d[k / 32]);
                nearHalf[k] = vq.d[k / 32] > 0.0f && std::abs(t - std::floor(t) - 0.5) < 1e-3;
            }
            std::vector<double> h(c.F), eh(c.F);
            for (uint32_t n = 0; n < c.F; ++n) {
                double prod[2], err[2];
                for (int half = 0; half < 2; ++half) {
                    const float *w = in.wf.data() + (size_t(n) + half * c.F) * K;
                    double acc = 0.0, flips = 0.0, mag = 0.0;
                    for (uint32_t k = 0; k < K; ++k) {
                        acc += double(w[k]) * double(xr[k]);
                        if (nearHalf[k]) flips += std::abs(double(w[k])) * double(vq.d[k / 32]);
                        mag += std::abs(double(w[k]) * double(xr[k]));
                    }
                    prod[half] = acc;
                    err[half] = flips + (K + 2) * kU * (mag + flips);
                }
                const double g = prod[0], u = prod[1];
                const double gelu = model::ref::geluTanh(g);
                h[n] = gelu * u;
                eh[n] = 1.2 * std::abs(u) * err[0] + (std::abs(gelu) + 1.2 * err[0]) * err[1];
            }
            const uint32_t *rec = got.data() + yOffset + size_t(m) * yStride;
            for (uint32_t blk = 0; blk < c.F / 32; ++blk, rec += 12) {
                const float d = asFloat(rec[8]);
                double hmax = 0.0, emax = 0.0;
                int sums[2] = {0, 0};
                for (int i = 0; i < 32; ++i) {
                    const uint32_t n = 32 * blk + uint32_t(i);
                    hmax = std::max(hmax, std::abs(h[n]));
                    emax = std::max(emax, eh[n]);
                    const int q = int8_t(uint8_t(rec[i / 4] >> (8 * (i % 4))));
                    sums[i / 16] += q;
                    const double bound = eh[n] + double(d) * 0.5 * (1.0 + 2e-3) + 1e-6 * hmax;
                    worst = std::max(worst, std::abs(double(d) * q - h[n]) / bound);
                    ASSERT_LE(std::abs(double(d) * q - h[n]), bound)
                        << "h[" << n << "]: q " << q << " d " << d << " vs " << h[n];
                }
                ASSERT_LE(std::abs(double(d) - hmax / 127.0),
                          emax / 127.0 + 256 * kU * hmax / 127.0)
                    << "block " << blk;
                ASSERT_EQ(asFloat(rec[9]), d * float(sums[0]));
                ASSERT_EQ(asFloat(rec[10]), d * float(sums[1]));
            }
            for (uint32_t i = 0; i < q8aFloats(c.F); ++i)
                written[yOffset + size_t(m) * yStride + i] = true;
        }
        for (size_t i = 0; i < act.size(); ++i) {
            if (!written[i]) {
                ASSERT_EQ(asFloat(got[i]), act[i]) << "act[" << i << "] overwritten";
            }
        }

        // Refused: x2 off the 4-float grid, K past the prologue's 4096, a residual output over b.
        MatVecParams bad = p;
        bad.x2Offset = resOffset + 2;
        EXPECT_FALSE(recordMatVecGegluQ8(batch, *b, bad, c.M, &error));
        bad = p;
        bad.rOutOffset = bOffset;
        EXPECT_FALSE(recordMatVecGegluQ8(batch, *b, bad, c.M, &error));
        EXPECT_TRUE(error.contains(QLatin1String("residual"))) << error.toStdString();
    }
    std::printf("[ measured ] geglu AddNorm mode: worst |h error| / bound = %.3g\n", worst);
    {
        // K past kMatVecAddNormMaxK.
        auto rngW = test::seededRng();
        const uint32_t K = 4352;
        const DotInputs in = dotInputs(TensorType::Q8_0, K, 64, 1, true, rngW);
        auto wb =
            test::makeBuffer(*ctx, BufferKind::Weights, in.wbytes.constData(), in.wbytes.size());
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(4 * K + 256));
        QString error;
        auto b = ctx->bind(kernel(*matVecDotGegluKernel(TensorType::Q8_0)), {*wb, *ab, *ab, *ab},
                           &error);
        ASSERT_TRUE(b) << error.toStdString();
        MatVecParams p = in.params();
        p.inputMode = uint32_t(MatInputMode::AddNorm);
        p.x2Offset = K;
        p.rOutOffset = 2 * K;
        p.yOffset = 3 * K;
        ComputeBatch batch;
        EXPECT_FALSE(recordMatVecGegluQ8(batch, *b, p, 1, &error));
        EXPECT_TRUE(error.contains(QLatin1String("4096"))) << error.toStdString();
    }
}

// Quantising on the GPU and multiplying there equals multiplying the CPU's quantisation, up to
// the q values that land one off at a half-integer: checked end to end through the kernels the
// model chains (quantize_q8 with GeGLU input, then matvec_dot), against the float product of
// the unrounded input with a bound that covers the 8-bit rounding: per block the error of d q is
// at most d / 2 per value, so |y - W x| <= sum_k |w_k| d_blk(k) / 2 + (K + 2) u mag.
TEST_P(GpuMatVecDotTest, QuantizedChainStaysWithinTheRoundingBound) {
    auto rng = test::seededRng();
    const TensorType type = TensorType::Q4_K;
    const uint32_t K = 256 * 6, N = 300;
    const QByteArray rows = test::quantizedRows(type, int(K), int(N), rng);
    const std::vector<float> wf = test::dequantRows(type, rows, int(K), int(N));
    const std::vector<float> gate = test::randomFloats(rng, K, -3.0f, 3.0f);
    const std::vector<float> up = test::randomFloats(rng, K, -1.0f, 1.0f);
    std::vector<float> act(gate);
    act.insert(act.end(), up.begin(), up.end());
    act.resize(act.size() + q8aFloats(K) + N, 0.0f);
    auto wb = test::makeBuffer(*ctx, BufferKind::Weights, rows.constData(), rows.size());
    auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
    QString error;
    auto qb = ctx->bind(kernel(KernelId::QuantizeQ8), {*ab, *ab}, &error);
    auto mb = ctx->bind(kernel(*matVecDotKernel(type)), {*wb, *ab, *ab, *ab}, &error);
    ASSERT_TRUE(qb && mb) << error.toStdString();
    QuantizeQ8Params q;
    q.K = K;
    q.columns = 1;
    q.x2Offset = K;
    q.inputMode = 1;
    q.yOffset = 2 * K;
    MatVecParams p;
    p.K = K;
    p.N = N;
    p.rowBytes = uint32_t(weightRowBytes(type, K));
    p.xOffset = 2 * K;
    p.yOffset = 2 * K + q8aFloats(K);
    ComputeBatch batch;
    ASSERT_TRUE(recordQuantizeQ8(batch, *qb, q, &error)) << error.toStdString();
    ASSERT_TRUE(recordMatVec(batch, *mb, p, 1, &error)) << error.toStdString();
    ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
    const auto y = test::readVector<float>(*ctx, *ab, N, qint64(p.yOffset) * 4);
    std::vector<float> x(K);
    model::ref::geglu(gate, up, x);
    const model::ref::Q8A a = model::ref::q8aQuantize(x);
    double worst = 0.0;
    for (uint32_t n = 0; n < N; ++n) {
        double ref = 0.0, mag = 0.0, rounding = 0.0;
        for (uint32_t i = 0; i < K; ++i) {
            const double w = wf[size_t(n) * K + i];
            ref += w * x[i];
            mag += std::abs(w * x[i]);
            // Half a step, plus a step for a value that rounds the other way (GeGLU's rounding).
            rounding += std::abs(w) * 1.5 * double(a.d[i / 32]);
        }
        const double err = std::abs(double(y[n]) - ref);
        worst = std::max(worst, err / std::max(rounding, 1e-30));
        ASSERT_LE(err, rounding + (K + 2) * kU * (mag + rounding)) << "row " << n;
    }
    std::printf("[ measured ] quantize_q8 -> matvec_dot q4_k: max err / rounding bound = %.3g\n",
                worst);
}

// Wall-clock rates of the float and the integer-dot mat-vec on the decode shapes (opt-in with
// FACET_GPU_BENCH=1; numbers for notes, no assertion on them).
TEST_P(GpuMatVecDotTest, Timings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    if (GetParam() != Backend::Vulkan) GTEST_SKIP() << "Vulkan only";
    using Clock = std::chrono::steady_clock;
    auto rng = test::seededRng();
    QString error;
    std::printf("[ timing   ] %s\n", qPrintable(ctx->info().summary()));
    struct Shape {
        TensorType type;
        uint32_t K, N;
    };
    const Shape shapes[] = {
        {TensorType::Q4_K, 1536, 24576},  {TensorType::Q4_K, 1536, 12288},
        {TensorType::Q4_K, 12288, 1536},  {TensorType::Q6_K, 12288, 1536},
        {TensorType::Q6_K, 1536, 262144}, {TensorType::Q8_0, 1536, 12288},
        {TensorType::Q5_K, 1536, 12288},  {TensorType::Q6_K, 1536, 12288},
    };
    const bool software = ctx->info().softwareDevice;
    for (const Shape &s : shapes) {
        const qint64 rowBytes = weightRowBytes(s.type, s.K);
        const qint64 bytes = rowBytes * s.N;
        if (software && bytes > (qint64(32) << 20)) continue;
        const int copies = int(std::clamp<qint64>((qint64(512) << 20) / bytes, 1, 32));
        const QByteArray rows = test::randomBlockRows(s.type, int(s.K), int(s.N), rng);
        auto wb =
            ctx->createBuffer(BufferKind::Weights, bytes * copies, QStringLiteral("w"), &error);
        ASSERT_TRUE(wb) << error.toStdString();
        for (int c = 0; c < copies; ++c)
            ASSERT_TRUE(ctx->upload(*wb, bytes * c, rows.constData(), bytes, &error));
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage,
                                   test::randomFloats(rng, s.K + q8aFloats(s.K), -1, 1));
        auto yb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(s.N));
        auto bf = ctx->bind(kernel(*matVecKernel(s.type)), {*wb, *xb, *yb, *xb}, &error);
        auto bd = ctx->bind(kernel(*matVecDotKernel(s.type)), {*wb, *xb, *yb, *xb}, &error);
        ASSERT_TRUE(bf && bd) << error.toStdString();
        const int reps = software ? 3 : std::max(64, copies * 2);
        double rates[2] = {0, 0};
        for (int dot = 0; dot < 2; ++dot) {
            MatVecParams p;
            p.K = s.K;
            p.N = s.N;
            p.rowBytes = uint32_t(rowBytes);
            p.xOffset = dot ? s.K : 0;
            auto timeBatch = [&](int count) {
                ComputeBatch batch;
                for (int i = 0; i < count; ++i) {
                    p.wOffset = uint32_t(bytes * (i % copies));
                    EXPECT_TRUE(recordMatVec(batch, dot ? *bd : *bf, p, 1, &error));
                }
                const auto t0 = Clock::now();
                EXPECT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
                return std::chrono::duration<double>(Clock::now() - t0).count();
            };
            timeBatch(reps);
            double best = 1e30;
            for (int trial = 0; trial < (software ? 1 : 7); ++trial)
                best = std::min(best, timeBatch(reps));
            rates[dot] = best / reps * 1e6;
        }
        std::printf(
            "[ timing   ] %-5s K=%-5u N=%-6u %7.1f MB: float %7.2f us (%6.0f GB/s), "
            "dot %7.2f us (%6.0f GB/s)\n",
            test::typeName(s.type).c_str(), s.K, s.N, double(bytes) / 1e6, rates[0],
            double(bytes) / rates[0] / 1e3, rates[1], double(bytes) / rates[1] / 1e3);
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuMatVecDotTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
