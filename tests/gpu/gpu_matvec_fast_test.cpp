// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The decode mat-vec (shaders/matvec.comp, recordMatVec) in both of its variants — the portable
// kernel (shared-memory reductions; every backend) and the subgroup kernel (SPIR-V 1.3,
// subgroupAdd; Vulkan devices with subgroup arithmetic) — against a double-precision product of
// the CPU-dequantised weights (engine/gguf/dequant.h), on fresh random data, for every weight
// type, both work splits of the kernel (rows mode for N >= 8192, split mode below), aligned and
// unaligned weights and inputs, M = 1 and M = 3 columns, accumulation, GeGLU input, the fused
// residual add + norms input (AddNorm; its bounds are at checkAddNormCase), and N beyond the
// dispatch limit.
//
// Error bounds (u = 2^-24), per output, with the CPU-dequantised weights w_k = d q_k + o_k (o_k
// the block's offset: m for Q4_1/Q5_1, -dmin*min for Q4_K/Q5_K, 0 for the other types) and
// mag = sum_k (|d q_k| + |o_k|) |x_k| (+ |y0| when accumulating):
//   Plain:  |y_gpu - y_ref| <= (K + 2) u mag.
//     The kernel multiplies the integers q_k by x_k and applies the scales to partial sums:
//     d sum q x + o sum x. Each of the two kinds of terms passes through at most K + 1 roundings
//     (the classical worst-case bound of a K-term dot product summed in any order, with or
//     without fma) plus the accumulate add, so the bound holds for the factored form too; it is
//     measured against |d q| + |o| rather than |w| because d q and o may cancel in w (for types
//     without offsets mag is sum |w x|). The reference is computed in double from the CPU's own
//     dequantisation (engine/gguf/dequant.cpp).
//   Geglu:  (K + 2) u mag + sum_k |w_k| (32 + 16 |z_k|) u |x_k|, z_k = sqrt(2/pi)(g + 0.044715
//   g^3):
//     x_k = gelu_tanh(g_k) up_k in f32 (exp and division within the Vulkan precision rules);
//     the second term is geglu's bound (gpu_elementwise_test.cpp) doubled for the product with
//     up and the reference's own rounding.
// Measured errors are printed.
#include "gguf/dequant.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"
#include "model/reference_ops.h"
#include "support/test_support.h"
#include "weight_test_data.h"

#include <QFile>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <span>

namespace facet::gpu {
namespace {

using gguf::TensorType;
using Rng = std::mt19937_64;

using test::dequantRows;
using test::kU;
using test::kWeightTypes;
using test::offsetRows;
using test::quantizedRows;
using test::randomBlockRows;
using test::randomFloats;
using test::randomHalf;
using test::typeName;

// --- the two variants ----------------------------------------------------------------------------

struct VariantCase {
    Backend backend;
    KernelVariant variant;
};

std::string caseName(const VariantCase &c) {
    return test::backendTestName(c.backend) +
           (c.variant == KernelVariant::Subgroup ? "Subgroup" : "Portable");
}

// A Vulkan context forced to the portable kernels (the shared one uses the subgroup kernels
// where the device has them), released after the last test like the shared contexts.
struct PortableVulkan {
    std::unique_ptr<GpuContext> ctx;
    QString error;
    bool tried = false;
};
PortableVulkan &portableVulkan() {
    static PortableVulkan p;
    return p;
}
class ReleasePortable : public ::testing::Environment {
public:
    void TearDown() override { portableVulkan().ctx.reset(); }
};
[[maybe_unused]] ::testing::Environment *const kReleasePortable =
    ::testing::AddGlobalTestEnvironment(new ReleasePortable);

class MatVecVariantTest : public ::testing::TestWithParam<VariantCase> {
protected:
    void SetUp() override {
        const VariantCase c = GetParam();
        QString why;
        if (c.backend == Backend::Vulkan && c.variant == KernelVariant::Portable) {
            PortableVulkan &p = portableVulkan();
            if (!p.tried) {
                p.tried = true;
                GpuOptions options;
                options.backend = Backend::Vulkan;
                options.portableKernels = true;
                p.ctx = GpuContext::create(options, &p.error);
            }
            ctx = p.ctx.get();
            why = p.error;
        } else {
            ctx = test::sharedGpu(c.backend, &why);
        }
        if (!ctx) {
            if (test::gpuBackendRequired(c.backend)) FAIL() << why.toStdString();
            GTEST_SKIP() << why.toStdString();
        }
        const GpuInfo &info = ctx->info();
        if (info.kernelVariant != c.variant) {
            // The subgroup kernels are required wherever they can run: a Vulkan 1.1 device with
            // subgroup arithmetic, a build with the packs, and no portableKernels option.
            const bool expected = c.variant == KernelVariant::Subgroup && info.subgroupArithmetic &&
                                  info.subgroupSize <= 128 &&
                                  QFile::exists(QStringLiteral(":/shaders/matvec_q4_k_sg.qsb")) &&
                                  !ctx->options().portableKernels;
            if (expected) {
                FAIL() << "the subgroup kernels should be in use: " << info.summary().toStdString();
            }
            GTEST_SKIP() << "no " << kernelVariantName(c.variant).toStdString()
                         << " kernels here: " << info.summary().toStdString();
        }
    }
    const Kernel &kernel(KernelId id) {
        QString error;
        const Kernel *k = ctx->kernel(id, &error);
        if (!k) throw std::runtime_error("kernel failed to load: " + error.toStdString());
        return *k;
    }
    GpuContext *ctx = nullptr;
};

// --- checking one product ------------------------------------------------------------------------

struct Case {
    uint32_t K, N, M;
    bool accumulate = false;
    bool geglu = false;
    bool alignedW = false;   // tensor offset a multiple of 8 (else 4 mod 8)
    bool alignedX = false;   // x (and x2) columns at multiples of 4 floats (else odd offsets)
    bool rawBlocks = false;  // random bytes instead of quantised data
};

std::string describe(const Case &c) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "K=%u N=%u M=%u%s%s%s%s%s", c.K, c.N, c.M,
                  c.accumulate ? " accumulate" : "", c.geglu ? " geglu" : "",
                  c.alignedW ? " alignedW" : "", c.alignedX ? " alignedX" : "",
                  c.rawBlocks ? " raw" : "");
    return buf;
}

// Runs one product on the GPU and checks every output (and the untouched padding); returns the
// largest error relative to its magnitude in *worst.
void checkCase(GpuContext &ctx, const Kernel &k, TensorType type, const Case &c, Rng &rng,
               double *worst) {
    SCOPED_TRACE(describe(c));
    const uint32_t K = c.K, N = c.N, M = c.M;
    const qint64 rowBytes = weightRowBytes(type, K);
    const QByteArray rows = c.rawBlocks ? randomBlockRows(type, int(K), int(N), rng)
                                        : quantizedRows(type, int(K), int(N), rng);
    ASSERT_EQ(rows.size(), rowBytes * N);
    const uint32_t wOffset =
        c.alignedW ? 8u * uint32_t(1 + rng() % 5) : 8u * uint32_t(rng() % 5) + 4;
    QByteArray wbytes(wOffset, '\x5A');
    wbytes += rows;
    const std::vector<float> wf = dequantRows(type, rows, int(K), int(N));
    const std::vector<float> off = offsetRows(type, rows, int(K), int(N));

    // x (and, for GeGLU, the gate columns then the up columns) in one buffer, strided.
    const uint32_t xOffset = c.alignedX ? 4 : 3;
    const uint32_t xStride = c.alignedX ? K + 8 : K + 5;
    const uint32_t x2Offset = xOffset + xStride * M + (c.alignedX ? 4 : 1);
    const uint32_t x2Stride = c.alignedX ? K + 4 : K + 3;
    const size_t xTotal = c.geglu ? x2Offset + size_t(x2Stride) * M : xOffset + size_t(xStride) * M;
    const std::vector<float> xv =
        randomFloats(rng, xTotal, c.geglu ? -4.0f : -1.0f, c.geglu ? 4.0f : 1.0f);
    // The input the product sees, per column, as the CPU reference forms it.
    std::vector<std::vector<float>> xin(M, std::vector<float>(K));
    std::vector<std::vector<double>> slack(M, std::vector<double>(K, 0.0));
    for (uint32_t m = 0; m < M; ++m) {
        const float *g = xv.data() + xOffset + size_t(m) * xStride;
        if (c.geglu) {
            const float *u = xv.data() + x2Offset + size_t(m) * x2Stride;
            model::ref::geglu(std::span<const float>(g, K), std::span<const float>(u, K), xin[m]);
            for (uint32_t i = 0; i < K; ++i) {
                const double gv = g[i];
                const double z = 0.7978845608028654 * (gv + 0.044715 * gv * gv * gv);
                slack[m][i] = (32.0 + 16.0 * std::abs(z)) * kU * std::abs(double(xin[m][i]));
            }
        } else {
            std::copy(g, g + K, xin[m].begin());
        }
    }

    const uint32_t yOffset = 7, yStride = N + 2;
    const std::vector<float> y0 = randomFloats(rng, yOffset + size_t(yStride) * M, -4.0f, 4.0f);
    auto wb = test::makeBuffer(ctx, BufferKind::Weights, wbytes.constData(), wbytes.size());
    auto xb = test::makeBuffer(ctx, BufferKind::Storage, xv);
    auto yb = test::makeBuffer(ctx, BufferKind::Storage, y0);
    ASSERT_TRUE(wb && xb && yb);
    QString error;
    auto b = ctx.bind(k, {*wb, *xb, *yb, *xb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    MatVecParams p;
    p.K = K;
    p.N = N;
    p.rowBytes = uint32_t(rowBytes);
    p.wOffset = wOffset;
    p.xOffset = xOffset;
    p.xStride = xStride;
    p.yOffset = yOffset;
    p.yStride = yStride;
    p.accumulate = c.accumulate ? 1 : 0;
    if (c.geglu) {
        p.inputMode = uint32_t(MatInputMode::Geglu);
        p.x2Offset = x2Offset;
        p.x2Stride = x2Stride;
    }
    ComputeBatch batch;
    ASSERT_TRUE(recordMatVec(batch, *b, p, M, &error)) << error.toStdString();
    QByteArray out;
    batch.readBack(*yb, 0, qint64(y0.size() * 4), &out);
    ASSERT_TRUE(ctx.submit(batch, &error)) << error.toStdString();
    ASSERT_EQ(out.size(), qint64(y0.size() * 4));
    std::vector<float> y(y0.size());
    std::memcpy(y.data(), out.constData(), size_t(out.size()));

    for (uint32_t m = 0; m < M; ++m) {
        for (uint32_t n = 0; n < N; ++n) {
            double ref = 0.0, mag = 0.0, extra = 0.0;
            const float *w = wf.data() + size_t(n) * K;
            const float *o = off.data() + size_t(n) * K;
            for (uint32_t i = 0; i < K; ++i) {
                const double xi = xin[m][i];
                ref += double(w[i]) * xi;
                // |d q| + |offset|: the two terms the kernel sums separately.
                mag +=
                    (std::abs(double(w[i]) - double(o[i])) + std::abs(double(o[i]))) * std::abs(xi);
                extra += std::abs(double(w[i])) * slack[m][i];
            }
            const size_t yi = yOffset + size_t(m) * yStride + n;
            if (c.accumulate) {
                ref += double(y0[yi]);
                mag += std::abs(double(y0[yi]));
            }
            const double err = std::abs(double(y[yi]) - ref);
            const double bound = (K + 2) * kU * mag + extra;
            if (mag > 0) *worst = std::max(*worst, err / mag);
            ASSERT_LE(err, bound) << "column " << m << " row " << n << ": " << y[yi] << " vs "
                                  << ref << " (mag " << mag << ")";
        }
        for (uint32_t n = N; n < yStride; ++n) {
            const size_t yi = yOffset + size_t(m) * yStride + n;
            if (yi < y.size()) {
                ASSERT_EQ(y[yi], y0[yi]) << "padding overwritten at " << yi;
            }
        }
    }
}

// --- tests ---------------------------------------------------------------------------------------

TEST_P(MatVecVariantTest, EveryTypeMatchesTheDequantisedReference) {
    auto rng = test::seededRng();
    for (TensorType type : kWeightTypes) {
        SCOPED_TRACE(typeName(type));
        const Kernel &k = kernel(*matVecKernel(type));
        const uint32_t bv = uint32_t(kernelBlockValues(type));
        // One block; a few (odd counts, so 32-value blocks start at addresses that are not
        // multiples of 4); a long row (split mode shares it among 128 invocations); rows mode
        // (N >= 8192) with a short row; M = 3; accumulation; every alignment.
        const uint32_t few = bv == 256 ? 3 : bv == 32 ? 7 : 9;
        const uint32_t many = bv == 256 ? 12 : bv == 32 ? 97 : 385;
        const std::vector<Case> cases = {
            {bv, 1, 1},
            {few * bv, 67, 3, false, false, true, true},
            {few * bv, 130, 1, true, false, false, false},
            {many * bv, 37, 1, false, false, true, false},
            {many * bv, 21, 3, true, false, false, true, true},
            {bv, 8200, 1, false, false, true, true},
            {bv, 8195, 3, true, false, false, false, true},
        };
        double worst = 0.0;
        for (const Case &c : cases) {
            checkCase(*ctx, k, type, c, rng, &worst);
            if (HasFatalFailure()) return;
        }
        std::printf("[ measured ] matvec %-5s (%s) max |err| / mag = %.3g\n",
                    typeName(type).c_str(), caseName(GetParam()).c_str(), worst);
    }
}

TEST_P(MatVecVariantTest, GegluInputMatchesReferenceGegluThenProduct) {
    auto rng = test::seededRng();
    for (TensorType type : {TensorType::Q4_K, TensorType::Q6_K, TensorType::Q8_0, TensorType::F32,
                            TensorType::F16, TensorType::Q5_1}) {
        SCOPED_TRACE(typeName(type));
        const Kernel &k = kernel(*matVecKernel(type));
        const uint32_t bv = uint32_t(kernelBlockValues(type));
        const uint32_t K = bv == 256 ? 4 * bv : bv == 32 ? 24 * bv : 200 * bv;
        const std::vector<Case> cases = {
            {K, 45, 1, false, true, true, true},
            {K, 30, 3, true, true, false, false},
            {bv, 8192, 1, false, true, true, false},
        };
        double worst = 0.0;
        for (const Case &c : cases) {
            checkCase(*ctx, k, type, c, rng, &worst);
            if (HasFatalFailure()) return;
        }
        std::printf("[ measured ] matvec geglu %-5s (%s) max |err| / mag = %.3g\n",
                    typeName(type).c_str(), caseName(GetParam()).c_str(), worst);
    }
}

// More rows than workgroups a dispatch may have (65535 per axis): rows mode covers 16 rows per
// workgroup on a 32-wide device, so 1.1 million rows make the grid loop over row groups.
TEST_P(MatVecVariantTest, RowsBeyondTheDispatchLimit) {
    auto rng = test::seededRng();
    double worst = 0.0;
    checkCase(*ctx, kernel(KernelId::MatVecF16), TensorType::F16,
              {4, 1050000, 1, false, false, true, true, true}, rng, &worst);
    if (HasFatalFailure()) return;
    checkCase(*ctx, kernel(KernelId::MatVecQ8_0), TensorType::Q8_0,
              {64, 70001, 2, true, false, true, true}, rng, &worst);
    std::printf("[ measured ] matvec many rows (%s) max |err| / mag = %.3g\n",
                caseName(GetParam()).c_str(), worst);
}

// Any grid is correct: a grid far smaller than the rows (workgroups loop over row groups), in
// both work splits, gives the same bits as the grid recordMatVec chooses.
TEST_P(MatVecVariantTest, AnyGridGivesTheSameResult) {
    auto rng = test::seededRng();
    QString error;
    // One row per workgroup, split mode, rows mode.
    for (uint32_t N : {uint32_t(300), uint32_t(5000), uint32_t(9000)}) {
        const uint32_t K = 512, M = 2;
        const TensorType type = TensorType::Q4_K;
        const QByteArray rows = quantizedRows(type, int(K), int(N), rng);
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, rows.constData(), rows.size());
        auto xb =
            test::makeBuffer(*ctx, BufferKind::Storage, randomFloats(rng, size_t(K) * M, -1, 1));
        auto y1 = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(size_t(N) * M));
        auto y2 = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(size_t(N) * M));
        auto b1 = ctx->bind(kernel(KernelId::MatVecQ4_K), {*wb, *xb, *y1, *xb}, &error);
        auto b2 = ctx->bind(kernel(KernelId::MatVecQ4_K), {*wb, *xb, *y2, *xb}, &error);
        ASSERT_TRUE(b1 && b2) << error.toStdString();
        MatVecParams p;
        p.K = K;
        p.N = N;
        p.rowBytes = uint32_t(weightRowBytes(type, K));
        p.xStride = K;
        p.yStride = N;
        ComputeBatch batch;
        ASSERT_TRUE(recordMatVec(batch, *b1, p, M, &error)) << error.toStdString();
        p.rowStep = 3;
        p.workSplit = uint32_t(matVecWorkSplit(*ctx, N));
        batch.dispatch(*b2, p, 3, int(M));
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto a = test::readVector<float>(*ctx, *y1, size_t(N) * M);
        const auto c = test::readVector<float>(*ctx, *y2, size_t(N) * M);
        EXPECT_EQ(std::memcmp(a.data(), c.data(), a.size() * 4), 0) << "N = " << N;
    }
}

TEST_P(MatVecVariantTest, RejectsBadInputModeAndX2Ranges) {
    const Kernel &k = kernel(KernelId::MatVecQ8_0);
    QString error;
    auto buf = ctx->createBuffer(BufferKind::Storage, 4096, QStringLiteral("b"), &error);
    auto b = ctx->bind(k, {*buf, *buf, *buf, *buf}, &error);
    ASSERT_TRUE(b);
    ComputeBatch batch;
    MatVecParams p;
    p.K = 64;
    p.N = 2;
    p.rowBytes = 68;
    p.xStride = 64;
    p.yOffset = 200;
    p.inputMode = 7;
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("input mode"))) << error.toStdString();
    p.inputMode = uint32_t(MatInputMode::Geglu);
    p.x2Offset = 1000;  // 1000 + 64 floats > 1024
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("x2 needs bytes up to 4256"))) << error.toStdString();
    p.x2Offset = 100;
    p.x2Stride = 1000;  // the second column ends at 100 + 1000 + 64 floats
    EXPECT_FALSE(recordMatVec(batch, *b, p, 2, &error));
    EXPECT_TRUE(recordMatVec(batch, *b, p, 1, &error)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 1);
}

TEST_P(MatVecVariantTest, InfoReportsTheVariant) {
    const GpuInfo &info = ctx->info();
    EXPECT_EQ(info.kernelVariant, GetParam().variant);
    EXPECT_TRUE(info.summary().contains(kernelVariantName(GetParam().variant)))
        << info.summary().toStdString();
    if (GetParam().variant == KernelVariant::Subgroup) {
        EXPECT_TRUE(info.subgroupArithmetic);
        EXPECT_GE(info.subgroupSize, 1);
    }
}

// --- AddNorm input (the residual add and norms fused into the product) --------------------------

// The input that MatInputMode::AddNorm forms for one column, in double from the f32 operands:
// r = (res + b / sqrt(mean(b^2) + eps) * n1) * scale and in = r / sqrt(mean(r^2) + eps) * n2
// (in = r without n2). *rMag gets |res| + |b inv1 n1| times |scale| per value: what a value of r
// is accurate relative to (the add may cancel).
void addNormReference(std::span<const float> b, std::span<const float> res,
                      std::span<const float> n1, const float *n2, double scale, double eps,
                      std::vector<double> *r, std::vector<double> *in, std::vector<double> *rMag) {
    namespace ref = model::ref;
    const size_t K = b.size();
    const std::vector<double> bd(b.begin(), b.end()), resd(res.begin(), res.end());
    std::vector<double> t(K);
    ref::rmsNormWeighted(bd, std::vector<double>(n1.begin(), n1.end()), t, eps);
    r->assign(K, 0.0);
    ref::add(resd, t, *r);
    ref::scale(*r, scale, *r);
    rMag->assign(K, 0.0);
    for (size_t i = 0; i < K; ++i)
        (*rMag)[i] = (std::abs(resd[i]) + std::abs(t[i])) * std::abs(scale);
    *in = *r;
    if (n2) ref::rmsNormWeighted(*r, std::vector<double>(n2, n2 + K), *in, eps);
}

struct AddNormCase {
    uint32_t K, N, M;
    bool secondNorm;
    bool alignedX;
    bool tinyGrid = false;  // dispatch 2 workgroups along x (they loop over the row groups)
};

// Bounds: y within 1e-4 of the column's largest |y_ref| (f32 forming of the input, then the
// product; the measured worst is printed), the residual within 1e-5 of its magnitude
// (|res| + |b inv1 n1|) |scale| per value, everything else in the buffer unchanged.
void checkAddNormCase(GpuContext &ctx, const Kernel &k, TensorType type, const AddNormCase &c,
                      Rng &rng, double *worstY, double *worstR) {
    char desc[128];
    std::snprintf(desc, sizeof desc, "AddNorm K=%u N=%u M=%u%s%s%s", c.K, c.N, c.M,
                  c.secondNorm ? " n2" : "", c.alignedX ? " alignedX" : "",
                  c.tinyGrid ? " tinyGrid" : "");
    SCOPED_TRACE(desc);
    const uint32_t K = c.K, N = c.N, M = c.M;
    const qint64 rowBytes = weightRowBytes(type, K);
    // At most 293 distinct rows, repeated up to N (quantising is the slow part of this test in a
    // Debug build; the kernel treats every row alike).
    const uint32_t unique = std::min<uint32_t>(N, 293);
    const QByteArray uniqueRows = quantizedRows(type, int(K), int(unique), rng);
    const std::vector<float> wf = dequantRows(type, uniqueRows, int(K), int(unique));
    QByteArray rows;
    for (uint32_t n = 0; n < N; n += unique)
        rows += uniqueRows.left(qsizetype(std::min(unique, N - n) * rowBytes));

    // One activation buffer (as in the model): b columns, res columns, y columns, r columns,
    // with gaps of guard values between and after them.
    const uint32_t pad = c.alignedX ? 4 : 3;
    const uint32_t xOffset = pad, xStride = K + (c.alignedX ? 8 : 5);
    const uint32_t x2Offset = xOffset + xStride * M + pad;
    const uint32_t x2Stride = K + (c.alignedX ? 4 : 7);
    const uint32_t yOffset = x2Offset + x2Stride * M + 5, yStride = N + 3;
    const uint32_t rOffset = yOffset + yStride * M + pad, rStride = K + 2;
    const size_t total = rOffset + size_t(rStride) * M + 9;
    std::vector<float> act = randomFloats(rng, total, -2.0f, 2.0f);
    for (uint32_t m = 0; m < M; ++m) {
        // The branch output at a different scale than the residual (the norm removes it).
        for (uint32_t i = 0; i < K; ++i)
            act[xOffset + size_t(m) * xStride + i] *= 3.0f;
    }
    // Norm weights: n1 and n2 inside a larger f32 buffer, as in the model's norms buffer.
    const uint32_t n1Offset = 5, n2Offset = n1Offset + K + 3;
    const std::vector<float> norms = randomFloats(rng, n2Offset + K + 6, 0.5f, 1.5f);
    const float scale = 0.75f, eps = 1e-6f;

    auto wb = test::makeBuffer(ctx, BufferKind::Weights, rows.constData(), rows.size());
    auto ab = test::makeBuffer(ctx, BufferKind::Storage, act);
    auto nb = test::makeBuffer(ctx, BufferKind::Weights, norms);
    ASSERT_TRUE(wb && ab && nb);
    QString error;
    auto b = ctx.bind(k, {*wb, *ab, *ab, *nb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    MatVecParams p;
    p.K = K;
    p.N = N;
    p.rowBytes = uint32_t(rowBytes);
    p.xOffset = xOffset;
    p.xStride = xStride;
    p.yOffset = yOffset;
    p.yStride = yStride;
    p.inputMode = uint32_t(MatInputMode::AddNorm);
    p.x2Offset = x2Offset;
    p.x2Stride = x2Stride;
    p.n1Offset = n1Offset;
    p.n2Offset = c.secondNorm ? n2Offset : MatVecParams::kNoSecondNorm;
    p.normScale = scale;
    p.normEps = eps;
    p.rOutOffset = rOffset;
    p.rOutStride = rStride;
    ComputeBatch batch;
    if (c.tinyGrid) {
        p.rowStep = 2;
        p.workSplit = uint32_t(matVecWorkSplit(ctx, N));
        batch.dispatch(*b, p, 2, int(M));
    } else {
        ASSERT_TRUE(recordMatVec(batch, *b, p, M, &error)) << error.toStdString();
    }
    ASSERT_TRUE(ctx.submit(batch, &error)) << error.toStdString();
    const std::vector<float> out = test::readVector<float>(ctx, *ab, total);

    std::vector<bool> written(total, false);
    for (uint32_t m = 0; m < M; ++m) {
        const std::span<const float> bv(act.data() + xOffset + size_t(m) * xStride, K);
        const std::span<const float> rv(act.data() + x2Offset + size_t(m) * x2Stride, K);
        std::vector<double> r, in, rMag;
        addNormReference(bv, rv, std::span<const float>(norms.data() + n1Offset, K),
                         c.secondNorm ? norms.data() + n2Offset : nullptr, scale, eps, &r, &in,
                         &rMag);
        for (uint32_t i = 0; i < K; ++i) {
            const size_t at = rOffset + size_t(m) * rStride + i;
            written[at] = true;
            const double err = std::abs(double(out[at]) - r[i]);
            *worstR = std::max(*worstR, err / rMag[i]);
            ASSERT_LE(err, 1e-5 * rMag[i])
                << "column " << m << " residual " << i << ": " << out[at] << " vs " << r[i];
        }
        std::vector<double> ref(unique);
        double maxY = 0.0;
        for (uint32_t n = 0; n < unique; ++n) {
            const float *w = wf.data() + size_t(n) * K;
            double s = 0.0;
            for (uint32_t i = 0; i < K; ++i)
                s += double(w[i]) * in[i];
            ref[n] = s;
            maxY = std::max(maxY, std::abs(s));
        }
        ASSERT_GT(maxY, 0.0);
        for (uint32_t n = 0; n < N; ++n) {
            const size_t at = yOffset + size_t(m) * yStride + n;
            written[at] = true;
            const double err = std::abs(double(out[at]) - ref[n % unique]);
            *worstY = std::max(*worstY, err / maxY);
            ASSERT_LE(err, 1e-4 * maxY)
                << "column " << m << " row " << n << ": " << out[at] << " vs " << ref[n % unique];
        }
    }
    for (size_t i = 0; i < total; ++i) {
        if (!written[i]) {
            ASSERT_EQ(out[i], act[i]) << "float " << i << " changed";
        }
    }
}

TEST_P(MatVecVariantTest, AddNormInputMatchesTheReference) {
    auto rng = test::seededRng();
    for (TensorType type :
         {TensorType::F32, TensorType::F16, TensorType::Q8_0, TensorType::Q4_K, TensorType::Q6_K}) {
        SCOPED_TRACE(typeName(type));
        const Kernel &k = kernel(*matVecKernel(type));
        // Every K, both work splits of the split policy in use (new: N < 4096 split mode with
        // two units per step, else rows mode; old: N < 8192 split mode), 1 and 3 columns, with
        // and without the second norm, aligned and unaligned columns, and a grid smaller than
        // the row groups.
        const std::vector<AddNormCase> cases = {
            {256, 37, 1, true, true},        {1536, 70, 3, false, false},
            {2560, 21, 3, true, false},      {2560, 5, 1, false, true},
            {256, 8200, 3, false, true},     {1536, 8195, 1, true, false},
            {256, 300, 3, true, true, true}, {256, 9000, 1, false, false, true},
        };
        double worstY = 0.0, worstR = 0.0;
        for (const AddNormCase &c : cases) {
            checkAddNormCase(*ctx, k, type, c, rng, &worstY, &worstR);
            if (HasFatalFailure()) return;
        }
        std::printf(
            "[ measured ] matvec addnorm %-5s (%s) max |err| / max|y| = %.3g, "
            "residual max |err| / mag = %.3g\n",
            typeName(type).c_str(), caseName(GetParam()).c_str(), worstY, worstR);
    }
}

TEST_P(MatVecVariantTest, AddNormRejectsLongRowsAndOverlappingResidual) {
    const Kernel &k = kernel(KernelId::MatVecF32);
    QString error;
    auto buf = ctx->createBuffer(BufferKind::Storage, 1 << 17, QStringLiteral("act"), &error);
    auto other = ctx->createBuffer(BufferKind::Storage, 1 << 17, QStringLiteral("other"), &error);
    ASSERT_TRUE(buf && other) << error.toStdString();
    auto same = ctx->bind(k, {*buf, *buf, *buf, *buf}, &error);
    auto split = ctx->bind(k, {*buf, *buf, *other, *buf}, &error);
    ASSERT_TRUE(same && split) << error.toStdString();
    ComputeBatch batch;
    MatVecParams good;
    good.K = 256;
    good.N = 4;
    good.rowBytes = 1024;
    good.inputMode = uint32_t(MatInputMode::AddNorm);
    good.xOffset = 2000;
    good.xStride = 256;
    good.x2Offset = 3000;
    good.x2Stride = 256;
    good.yOffset = 4000;
    good.yStride = 4;
    good.rOutOffset = 5000;
    good.rOutStride = 256;
    good.n1Offset = 0;
    good.n2Offset = 300;
    ASSERT_TRUE(recordMatVec(batch, *same, good, 2, &error)) << error.toStdString();

    MatVecParams p = good;
    p.K = 4100;  // a multiple of the F32 block (4), longer than the shared input vector
    p.rowBytes = 4 * 4100;
    p.N = 1;
    EXPECT_FALSE(recordMatVec(batch, *same, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("at most 4096 values"))) << error.toStdString();

    struct Bad {
        const char *what;
        uint32_t rOut, rStride;
    };
    const Bad bad[] = {{"overlaps x (", 2000 + 256 + 100, 256},  // column 0 meets x column 1
                       {"overlaps x2 (", 3000 - 255, 256},       // its last value meets x2
                       {"overlaps y (", 4000 + 7 - 256, 256},    // meets y
                       {"columns overlap", 5000, 100}};
    for (const Bad &c : bad) {
        p = good;
        p.rOutOffset = c.rOut;
        p.rOutStride = c.rStride;
        EXPECT_FALSE(recordMatVec(batch, *same, p, 2, &error)) << c.what;
        EXPECT_TRUE(error.contains(QLatin1String(c.what))) << error.toStdString();
    }
    // Columns interleaved with y's columns without meeting them are fine.
    p = good;
    p.yStride = 512;
    p.rOutOffset = 4000 + 4;
    p.rOutStride = 512;
    EXPECT_TRUE(recordMatVec(batch, *same, p, 2, &error)) << error.toStdString();
    // x lives in another buffer: the same float offsets do not meet.
    p = good;
    p.rOutOffset = good.xOffset;
    EXPECT_FALSE(recordMatVec(batch, *same, p, 2, &error));
    EXPECT_TRUE(recordMatVec(batch, *split, p, 2, &error)) << error.toStdString();
    // Norm weights out of range, bad values.
    p = good;
    p.n2Offset = (1 << 15) - 100;
    EXPECT_FALSE(recordMatVec(batch, *same, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("second norm weight"))) << error.toStdString();
    p = good;
    p.normEps = -1.0f;
    EXPECT_FALSE(recordMatVec(batch, *same, p, 1, &error));
    p = good;
    p.normScale = std::numeric_limits<float>::infinity();
    EXPECT_FALSE(recordMatVec(batch, *same, p, 1, &error));
    // The residual output must fit the output binding.
    p = good;
    p.rOutOffset = (1 << 15) - 200;
    EXPECT_FALSE(recordMatVec(batch, *same, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("residual output needs"))) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 3);
}

// --- work split policies ------------------------------------------------------------------------

using test::SplitPolicyScope;

TEST(MatVecSplitPolicy, ChoosesTheWorkSplitByRowCount) {
    using S = MatVecWorkSplit;
    EXPECT_EQ(matVecWorkSplit(1, false, MatVecSplitPolicy::OneUnit), S::Split);
    EXPECT_EQ(matVecWorkSplit(1536, false, MatVecSplitPolicy::OneUnit), S::Split);
    EXPECT_EQ(matVecWorkSplit(8191, false, MatVecSplitPolicy::OneUnit), S::Split);
    EXPECT_EQ(matVecWorkSplit(8192, false, MatVecSplitPolicy::OneUnit), S::Rows);
    EXPECT_EQ(matVecWorkSplit(1, false, MatVecSplitPolicy::TwoUnits), S::SplitTwoUnits);
    EXPECT_EQ(matVecWorkSplit(1536, false, MatVecSplitPolicy::TwoUnits), S::SplitTwoUnits);
    EXPECT_EQ(matVecWorkSplit(4095, false, MatVecSplitPolicy::TwoUnits), S::SplitTwoUnits);
    EXPECT_EQ(matVecWorkSplit(4096, false, MatVecSplitPolicy::TwoUnits), S::Rows);
    EXPECT_EQ(matVecWorkSplit(6144, false, MatVecSplitPolicy::TwoUnits), S::Rows);
    EXPECT_EQ(parseMatVecSplitPolicy(u"one"), MatVecSplitPolicy::OneUnit);
    EXPECT_EQ(parseMatVecSplitPolicy(u"TWO"), MatVecSplitPolicy::TwoUnits);
    EXPECT_EQ(parseMatVecSplitPolicy(u"auto"), MatVecSplitPolicy::Auto);
    EXPECT_FALSE(parseMatVecSplitPolicy(u"four").has_value());
    EXPECT_EQ(parseMatVecSplitPolicy(u"Rows"), MatVecSplitPolicy::Rows);
    // Auto: one unit on GPUs, rows mode on software devices.
    EXPECT_EQ(matVecWorkSplit(1536, false, MatVecSplitPolicy::Auto), S::Split);
    EXPECT_EQ(matVecWorkSplit(8192, false, MatVecSplitPolicy::Auto), S::Rows);
    EXPECT_EQ(matVecWorkSplit(1536, true, MatVecSplitPolicy::Auto), S::Rows);
    EXPECT_EQ(matVecWorkSplit(1536, true, MatVecSplitPolicy::OneUnit), S::Split);
    EXPECT_EQ(matVecWorkSplit(1, false, MatVecSplitPolicy::Rows), S::Rows);
    EXPECT_FALSE(parseMatVecSplitPolicy(u"fast").has_value());
    EXPECT_FALSE(parseMatVecSplitPolicy(u"").has_value());
}

// The policy is the context's: GpuOptions::matVecSplit at creation, then setMatVecSplitPolicy.
TEST(MatVecSplitPolicy, IsTheContextsSetting) {
    QString why;
    GpuContext *ctx = test::sharedGpu(Backend::Vulkan, &why);
    ASSERT_TRUE(ctx) << why.toStdString();
    using S = MatVecWorkSplit;
    const bool software = ctx->info().softwareDevice;
    {
        SplitPolicyScope scope(*ctx, MatVecSplitPolicy::OneUnit);
        EXPECT_EQ(ctx->matVecSplitPolicy(), MatVecSplitPolicy::OneUnit);
        EXPECT_EQ(matVecWorkSplit(*ctx, 1536), S::Split);
    }
    EXPECT_EQ(ctx->matVecSplitPolicy(), ctx->options().matVecSplit);
    SplitPolicyScope scope(*ctx, MatVecSplitPolicy::TwoUnits);
    EXPECT_EQ(matVecWorkSplit(*ctx, 1536), S::SplitTwoUnits);
    ctx->setMatVecSplitPolicy(MatVecSplitPolicy::Auto);
    EXPECT_EQ(matVecWorkSplit(*ctx, 1536), software ? S::Rows : S::Split);

    GpuOptions options;
    options.backend = Backend::Vulkan;
    options.matVecSplit = MatVecSplitPolicy::Rows;
    auto own = GpuContext::create(options, &why);
    ASSERT_TRUE(own) << why.toStdString();
    EXPECT_EQ(own->matVecSplitPolicy(), MatVecSplitPolicy::Rows);
    EXPECT_EQ(matVecWorkSplit(*own, 1536), S::Rows);
}

// Every policy (FACET_MATVEC_SPLIT=one|two|rows) on products with few rows, where they
// differ: long rows (several units per invocation, the two-unit steps and their odd
// tails), short rows (idle invocations), every input mode.
TEST_P(MatVecVariantTest, BothSplitPoliciesMatchTheReference) {
    auto rng = test::seededRng();
    for (MatVecSplitPolicy policy :
         {MatVecSplitPolicy::OneUnit, MatVecSplitPolicy::TwoUnits, MatVecSplitPolicy::Rows}) {
        SplitPolicyScope scope(*ctx, policy);
        const char *name = policy == MatVecSplitPolicy::OneUnit    ? "one"
                           : policy == MatVecSplitPolicy::TwoUnits ? "two"
                                                                   : "rows";
        SCOPED_TRACE(name);
        // Rows mode (the others' large-N mode, tested at length elsewhere) on two types: the
        // unit loops do not depend on the type (mvDot does, and is covered by the others).
        const bool measurementOnly = policy == MatVecSplitPolicy::Rows;
        std::vector<TensorType> types = {TensorType::Q4_K, TensorType::Q6_K, TensorType::Q8_0,
                                         TensorType::F16, TensorType::Q5_1};
        if (measurementOnly) types = {TensorType::Q4_K, TensorType::Q8_0};
        for (TensorType type : types) {
            SCOPED_TRACE(typeName(type));
            const Kernel &k = kernel(*matVecKernel(type));
            const uint32_t bv = uint32_t(kernelBlockValues(type));
            // Units per row: Q4_K/Q6_K 16 per block, Q8_0 4, Q5_1 2, F16 1 (blocks of 4). Long:
            // 3 or more units per invocation with an odd remainder; short: fewer units than
            // invocations.
            const uint32_t longK = bv == 256 ? 27 * bv : bv == 32 ? 109 * bv : 420 * bv;
            const std::vector<Case> cases = {
                {longK, 37, 3, true, false, true, true},
                {longK, 130, 1, false, true, false, false},
                {bv, 300, 2, false, false, true, false},
                {2 * bv, 5, 1, true, false, false, true, true},
            };
            double worst = 0.0;
            for (const Case &c : cases) {
                checkCase(*ctx, k, type, c, rng, &worst);
                if (HasFatalFailure()) return;
            }
            double worstY = 0.0, worstR = 0.0;
            checkAddNormCase(*ctx, k, type, {bv == 256 ? 16 * bv : 1024, 77, 2, true, false}, rng,
                             &worstY, &worstR);
            if (HasFatalFailure()) return;
            std::printf(
                "[ measured ] matvec split=%s %-5s (%s) max |err| / mag = %.3g, addnorm "
                "%.3g\n",
                name, typeName(type).c_str(), caseName(GetParam()).c_str(), worst, worstY);
        }
    }
}

// --- timings -------------------------------------------------------------------------------------

// GB/s of weights streamed per type and decode shape, for the variant under test. Opt-in with
// FACET_GPU_BENCH=1 (excluded from ctest). Each shape's weights are copied until the copies
// exceed 256 MiB and consecutive dispatches read different copies, so the numbers are not L2
// hits. A batch of R dispatches costs host recording + GPU time (QRhi 6.4 gives no per-dispatch
// GPU timestamps); a batch of R dispatches of a tiny product (8 rows) measures the host part
// plus the per-dispatch launch/barrier cost, so
//   "per dispatch" = batch time / R: what a decode step pays per product (launch included);
//   "stream"       = (batch time - tiny batch time) / R: the kernel's streaming rate (only
//                    printed where the product takes clearly longer than the tiny one).
// Wall-clock based: expect +-30 % between runs on a GPU that changes its clocks.
TEST_P(MatVecVariantTest, Timings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    if (GetParam().backend != Backend::Vulkan) GTEST_SKIP() << "Vulkan only";
    auto rng = test::seededRng();
    using Clock = std::chrono::steady_clock;
    QString error;
    std::printf("[ timing   ] %s: %s\n", caseName(GetParam()).c_str(),
                qPrintable(ctx->info().summary()));
    struct Shape {
        TensorType type;
        uint32_t K, N;
    };
    std::vector<Shape> shapes = {
        {TensorType::Q4_K, 1536, 12288},
        {TensorType::Q6_K, 6144, 1536},
        {TensorType::Q6_K, 1536, 262144},
        {TensorType::Q4_K, 1536, 2048},
        {TensorType::Q8_0, 1536, 12288},
        {TensorType::Q8_0, 6144, 1536},
        {TensorType::Q4_K, 6144, 1536},
        {TensorType::Q6_K, 1536, 12288},
        {TensorType::F16, 1536, 2048},
        {TensorType::F32, 1536, 12288},
        // Few rows, long K (the FFN down projections; split policies differ here).
        {TensorType::Q4_K, 12288, 1536},
        {TensorType::Q6_K, 12288, 1536},
        {TensorType::Q4_K, 2048, 1536},
        {TensorType::Q6_K, 2048, 256},
    };
    const bool software = ctx->info().softwareDevice;
    const qint64 target = software ? (qint64(16) << 20) : (qint64(256) << 20);
    for (const Shape &s : shapes) {
        const qint64 rowBytes = weightRowBytes(s.type, s.K);
        const qint64 bytes = rowBytes * s.N;
        if (software && bytes > (qint64(64) << 20)) continue;
        const int copies = int(std::max<qint64>(1, std::min<qint64>(target / bytes + 1, 64)));
        const QByteArray rows = randomBlockRows(s.type, int(s.K), int(s.N), rng);
        auto wb =
            ctx->createBuffer(BufferKind::Weights, bytes * copies, QStringLiteral("w"), &error);
        ASSERT_TRUE(wb) << error.toStdString();
        for (int c = 0; c < copies; ++c)
            ASSERT_TRUE(ctx->upload(*wb, bytes * c, rows.constData(), bytes, &error));
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, randomFloats(rng, s.K, -1, 1));
        auto yb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(s.N));
        auto b = ctx->bind(kernel(*matVecKernel(s.type)), {*wb, *xb, *yb, *xb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        MatVecParams p;
        p.K = s.K;
        p.rowBytes = uint32_t(rowBytes);
        p.xStride = s.K;
        p.yStride = s.N;
        const int reps = software ? 4 : std::max(20, copies);
        // Both split policies where they differ (FACET_MATVEC_SPLIT picks one for the model).
        std::vector<MatVecSplitPolicy> policies = {ctx->matVecSplitPolicy()};
        if (matVecWorkSplit(s.N, false, MatVecSplitPolicy::OneUnit) !=
            matVecWorkSplit(s.N, false, MatVecSplitPolicy::TwoUnits))
            policies = {MatVecSplitPolicy::OneUnit, MatVecSplitPolicy::TwoUnits};
        for (MatVecSplitPolicy policy : policies) {
            SplitPolicyScope scope(*ctx, policy);
            auto timeBatch = [&](uint32_t n, int count) {
                ComputeBatch batch;
                for (int i = 0; i < count; ++i) {
                    p.N = n;
                    p.wOffset = uint32_t(bytes * (i % copies));
                    EXPECT_TRUE(recordMatVec(batch, *b, p, 1, &error)) << error.toStdString();
                }
                const auto t0 = Clock::now();
                EXPECT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
                return std::chrono::duration<double>(Clock::now() - t0).count();
            };
            // The GPU lowers its clocks within a second of idling (seen on an H200: 1980 MHz under
            // load, 345 MHz idle), and this loop idles while it generates and uploads the next
            // shape. So every trial first keeps the GPU busy for ~100 ms (as a decode loop would),
            // then times the product and the tiny product back to back; the best trial counts.
            const double first = timeBatch(s.N, reps) / reps;  // pipelines, first touch
            const int warmReps =
                software ? 0 : int(std::clamp(0.1 / std::max(first, 1e-7), 1.0, 2000.0));
            double full = 1e30, tiny = 1e30;
            for (int trial = 0; trial < (software ? 1 : 5); ++trial) {
                if (warmReps > 0) timeBatch(s.N, warmReps);
                full = std::min(full, timeBatch(s.N, reps));
                tiny = std::min(tiny, timeBatch(8, reps));
            }
            const double perDispatch = full / reps;
            char stream[64] = "n/a (launch-bound)";
            if (full > 1.25 * tiny) {
                std::snprintf(stream, sizeof stream, "%7.1f GB/s",
                              double(bytes) * reps / (full - tiny) / 1e9);
            }
            std::printf(
                "[ timing   ] matvec %-5s K=%-5u N=%-6u split=%s %7.1f MB: %8.2f us/dispatch %7.1f "
                "GB/s, stream %s (tiny dispatch %.2f us)\n",
                typeName(s.type).c_str(), s.K, s.N,
                policy == MatVecSplitPolicy::OneUnit ? "one" : "two", double(bytes) / 1e6,
                perDispatch * 1e6, double(bytes) / perDispatch / 1e9, stream, tiny / reps * 1e6);
        }
    }
}

// GPU time per dispatch (Vulkan timestamps around each dispatch: its barrier, launch and run)
// of every work split forced on each decode shape, and of the AddNorm input against the plain
// one, so the split policy can be chosen from measurements. Opt-in with FACET_GPU_BENCH=1.
TEST_P(MatVecVariantTest, WorkSplitGpuTimings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    QString error;
    if (!ctx->setDispatchTiming(true, &error)) GTEST_SKIP() << error.toStdString();
    ctx->setDispatchTiming(false, &error);
    auto rng = test::seededRng();
    std::printf("[ gputime  ] %s: %s\n", caseName(GetParam()).c_str(),
                qPrintable(ctx->info().summary()));
    struct Shape {
        TensorType type;
        uint32_t K, N;
    };
    const std::vector<Shape> shapes = {
        {TensorType::Q4_K, 12288, 1536}, {TensorType::Q6_K, 12288, 1536},
        {TensorType::Q4_K, 6144, 1536},  {TensorType::Q8_0, 6144, 1536},
        {TensorType::Q4_K, 2048, 1536},  {TensorType::Q4_K, 1536, 2048},
        {TensorType::Q6_K, 1536, 2048},  {TensorType::F16, 1536, 2048},
        {TensorType::Q4_K, 1536, 6144},  {TensorType::Q4_K, 1536, 512},
        {TensorType::Q4_K, 1536, 12288},
    };
    for (const Shape &s : shapes) {
        const qint64 rowBytes = weightRowBytes(s.type, s.K);
        const qint64 bytes = rowBytes * s.N;
        const bool software = ctx->info().softwareDevice;
        if (software && bytes > (qint64(8) << 20)) continue;
        const qint64 target = software ? (qint64(16) << 20) : (qint64(256) << 20);
        const int copies = int(std::clamp<qint64>(target / bytes + 1, 1, 64));
        const QByteArray rows = randomBlockRows(s.type, int(s.K), int(s.N), rng);
        auto wb =
            ctx->createBuffer(BufferKind::Weights, bytes * copies, QStringLiteral("w"), &error);
        ASSERT_TRUE(wb) << error.toStdString();
        for (int c = 0; c < copies; ++c)
            ASSERT_TRUE(ctx->upload(*wb, bytes * c, rows.constData(), bytes, &error));
        // x, res at 8192, y at 16384, r at 32768; norms: the x buffer.
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage,
                                   randomFloats(rng, 65536 + size_t(s.N), -1, 1));
        auto b = ctx->bind(kernel(*matVecKernel(s.type)), {*wb, *ab, *ab, *ab}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        struct Mode {
            const char *name;
            uint32_t split, rowsPerGroup, input;
        };
        std::vector<Mode> modes = {{"rows", 0, 16, 0}, {"split", 1, 4, 0}, {"split2u", 2, 4, 0}};
        if (s.K <= kMatVecAddNormMaxK) {
            modes.push_back({"rows+addnorm", 0, 16, 2});
            modes.push_back({"split2u+addnorm", 2, 4, 2});
        }
        // Two passes over the modes, the first unreported: the first dispatches after the upload
        // of a new weight buffer were seen running several times slower (first touch).
        for (int pass = 0; pass < 2; ++pass)
            for (const Mode &m : modes) {
                MatVecParams p;
                p.K = s.K;
                p.N = s.N;
                p.rowBytes = uint32_t(rowBytes);
                p.xStride = s.K;
                p.yOffset = 16384;
                p.yStride = s.N;
                p.workSplit = m.split;
                p.inputMode = m.input;
                p.x2Offset = 8192;
                p.n1Offset = 100;
                p.n2Offset = 200;
                p.rOutOffset = 32768;
                const int gx =
                    int(std::min<uint32_t>((s.N + m.rowsPerGroup - 1) / m.rowsPerGroup,
                                           uint32_t(ctx->info().maxWorkgroupsPerDimension)));
                p.rowStep = uint32_t(gx);
                auto run = [&](int count) {
                    ComputeBatch batch;
                    for (int i = 0; i < count; ++i) {
                        p.wOffset = uint32_t(bytes * (i % copies));
                        batch.dispatch(*b, p, gx, 1);
                    }
                    EXPECT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
                };
                // Keep the GPU busy for ~0.3 s first so its clocks are up.
                using Clock = std::chrono::steady_clock;
                const auto t0 = Clock::now();
                const int reps = software ? 3 : 200;
                while (!software && Clock::now() - t0 < std::chrono::milliseconds(300))
                    run(reps);
                ASSERT_TRUE(ctx->setDispatchTiming(true, &error)) << error.toStdString();
                run(reps);
                std::vector<GpuContext::DispatchTime> times = ctx->takeDispatchTimes();
                ctx->setDispatchTiming(false, &error);
                ASSERT_FALSE(times.empty());
                std::vector<double> ns;
                for (const auto &t : times)
                    ns.push_back(t.ns);
                std::sort(ns.begin(), ns.end());
                if (pass == 0) continue;
                const double med = ns[ns.size() / 2], best = ns.front();
                std::printf(
                    "[ gputime  ] matvec %-5s K=%-5u N=%-6u %-13s median %7.2f us (%6.1f "
                    "GB/s), best %7.2f us\n",
                    typeName(s.type).c_str(), s.K, s.N, m.name, med / 1e3, double(bytes) / med,
                    best / 1e3);
            }
    }
}

INSTANTIATE_TEST_SUITE_P(Variants, MatVecVariantTest,
                         ::testing::Values(VariantCase{Backend::Vulkan, KernelVariant::Subgroup},
                                           VariantCase{Backend::Vulkan, KernelVariant::Portable},
                                           VariantCase{Backend::OpenGL, KernelVariant::Portable}),
                         [](const auto &p) { return caseName(p.param); });

}  // namespace
}  // namespace facet::gpu
