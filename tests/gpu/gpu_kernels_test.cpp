// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Kernel-vs-reference tests on fresh random data, on every backend that is available.
//
// Error bounds (u = 2^-24, the f32 unit roundoff):
//   get_rows: bit-identical to engine/gguf/dequant.cpp — the kernels decode with the same float
//     operations in the same order and forbid fma contraction (`precise`), so this is exact.
//   matvec:   |y_gpu - y_ref| <= (K + 2) u * sum_k (|w_k - o_k| + |o_k|) |x_k| (+ the same
//     factor times |y0| when accumulating), y_ref computed in double from the CPU-dequantised
//     weights w_k = d q_k + o_k (o_k: the offset of Q4_1/Q5_1/Q4_K/Q5_K blocks, else 0). This is
//     the classical worst-case bound for a K-term dot product summed in ANY order, with or
//     without fma (each term passes through at most K roundings), so it holds whatever order the
//     GPU reduction uses; the kernel sums d q x and o x separately (d sum q x + o sum x), hence
//     |d q| + |o| in place of |w|. It is normalised by that magnitude rather than |y| because y
//     can cancel to ~0. Measured errors are printed; they are typically ~1e-7 of it.
//     (gpu_matvec_fast_test.cpp tests both kernel variants in more detail.)
//   rmsnorm:  relative error <= 1e-5 per element against a double reference. The sum of squares
//     has only positive terms, so its relative error is <= (n/128 + 8) u (per-thread sums, then
//     a 7-level tree): <= 3e-6 for the largest row here; sqrt halves that; inversesqrt is within
//     2 ulp (Vulkan precision rules) and the two final products add 2 u.
//   argmax:   exact, ties to the lowest index.
#include "gguf/dequant.h"
#include "gpu/compute_batch.h"
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
#include <cstring>
#include <limits>

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

using GpuKernelTest = test::GpuBackendTest;

// --- rmsnorm -------------------------------------------------------------------------------------

struct NormCase {
    uint32_t n, rows;
    bool weighted, inPlace;
};

TEST_P(GpuKernelTest, RmsNormMatchesDoubleReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::RmsNorm);
    const NormCase cases[] = {{1, 1, true, false},    {7, 3, true, false},
                              {128, 5, false, false}, {1536, 2, true, false},
                              {5000, 3, true, true},  {256, 37, true, false},
                              {256, 37, false, true}, {130, 129, true, false}};
    double worst = 0.0;
    for (const NormCase &c : cases) {
        SCOPED_TRACE(::testing::Message() << "n=" << c.n << " rows=" << c.rows << " weighted="
                                          << c.weighted << " inPlace=" << c.inPlace);
        // Rows of x at an offset and a stride larger than n; y elsewhere (or in place).
        const uint32_t xOffset = 5, xStride = c.n + 3;
        const uint32_t yOffset = c.inPlace ? xOffset : 11, yStride = c.inPlace ? xStride : c.n + 1;
        std::vector<float> x = randomFloats(rng, size_t(xOffset + xStride * c.rows), -2.0f, 2.0f);
        for (uint32_t r = 0; r < c.rows; ++r) {
            const float scale = std::exp2(float(int(rng() % 21)) - 10.0f);
            for (uint32_t i = 0; i < c.n; ++i)
                x[xOffset + r * xStride + i] *= scale;
        }
        const uint32_t wOffset = 2;
        std::vector<float> w = randomFloats(rng, wOffset + c.n, -1.5f, 1.5f);
        const float eps = 1e-6f;

        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, x);
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, w);
        std::unique_ptr<Buffer> yb;
        if (!c.inPlace) {
            yb = test::makeBuffer(*ctx, BufferKind::Storage,
                                  std::vector<float>(yOffset + yStride * c.rows, 0.0f));
        }
        const Buffer &out = c.inPlace ? *xb : *yb;
        QString error;
        auto b = ctx->bind(k, {*xb, *wb, out}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        RmsNormParams p;
        p.n = c.n;
        p.rows = c.rows;
        p.xOffset = xOffset;
        p.xStride = xStride;
        p.yOffset = yOffset;
        p.yStride = yStride;
        p.wOffset = wOffset;
        p.weighted = c.weighted ? 1 : 0;
        p.eps = eps;
        ComputeBatch batch;
        ASSERT_TRUE(recordRmsNorm(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto y = test::readVector<float>(*ctx, out, size_t(yOffset + yStride * c.rows));

        // The reference norm in double (unrounded).
        const std::vector<double> wd(w.begin() + wOffset, w.end());
        std::vector<double> want(c.n);
        for (uint32_t r = 0; r < c.rows; ++r) {
            const auto row = x.begin() + xOffset + r * xStride;
            const std::vector<double> xd(row, row + c.n);
            if (c.weighted) {
                model::ref::rmsNormWeighted(xd, wd, want, eps);
            } else {
                model::ref::rmsNorm(xd, want, eps);
            }
            for (uint32_t i = 0; i < c.n; ++i) {
                const double ref = want[i];
                const double got = y[yOffset + r * yStride + i];
                const double rel = std::abs(got - ref) / std::max(std::abs(ref), 1e-30);
                worst = std::max(worst, rel);
                ASSERT_LE(rel, 1e-5)
                    << "row " << r << " element " << i << ": " << got << " vs " << ref;
            }
        }
    }
    std::printf("[ measured ] rmsnorm max relative error %.3g (bound 1e-5)\n", worst);
}

// --- matvec --------------------------------------------------------------------------------------

struct MatVecShape {
    int blocks;  // K in units of the kernel's block
    uint32_t N;
    uint32_t columns;
    bool accumulate;
};

void checkMatVec(GpuContext &ctx, const Kernel &k, TensorType type, const QByteArray &rows,
                 const MatVecShape &s, Rng &rng, double *worst) {
    const uint32_t K = uint32_t(s.blocks * kernelBlockValues(type));
    const uint32_t N = s.N, M = s.columns;
    const qint64 rowBytes = weightRowBytes(type, K);
    ASSERT_EQ(rows.size(), rowBytes * N);
    // The tensor sits at a non-zero, 4-aligned offset inside its buffer.
    const uint32_t wOffset = 4u * uint32_t(1 + rng() % 9);
    QByteArray wbytes(wOffset, '\x5A');
    wbytes += rows;
    const std::vector<float> wf = dequantRows(type, rows, int(K), int(N));
    const std::vector<float> off = offsetRows(type, rows, int(K), int(N));

    const uint32_t xOffset = 3, xStride = K + 5;
    const uint32_t yOffset = 7, yStride = N + 2;
    const std::vector<float> x = randomFloats(rng, xOffset + size_t(xStride) * M, -1.0f, 1.0f);
    std::vector<float> y0 = randomFloats(rng, yOffset + size_t(yStride) * M, -4.0f, 4.0f);

    auto wb = test::makeBuffer(ctx, BufferKind::Weights, wbytes.constData(), wbytes.size());
    auto xb = test::makeBuffer(ctx, BufferKind::Storage, x);
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
    p.accumulate = s.accumulate ? 1 : 0;
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
            double ref = 0.0, mag = 0.0;
            for (uint32_t kk = 0; kk < K; ++kk) {
                const double w = wf[size_t(n) * K + kk], o = off[size_t(n) * K + kk];
                const double xv = x[xOffset + m * xStride + kk];
                ref += w * xv;
                mag += (std::abs(w - o) + std::abs(o)) * std::abs(xv);
            }
            const size_t yi = yOffset + size_t(m) * yStride + n;
            if (s.accumulate) {
                ref += double(y0[yi]);
                mag += std::abs(double(y0[yi]));
            }
            const double err = std::abs(double(y[yi]) - ref);
            const double bound = (K + 2) * kU * mag;
            if (mag > 0) *worst = std::max(*worst, err / mag);
            ASSERT_LE(err, bound) << "column " << m << " row " << n << ": " << y[yi] << " vs "
                                  << ref << " (mag " << mag << ")";
        }
    }
    // Untouched padding between columns.
    for (uint32_t m = 0; m < M; ++m) {
        for (uint32_t n = N; n < yStride; ++n) {
            const size_t yi = yOffset + size_t(m) * yStride + n;
            if (yi < y.size()) {
                ASSERT_EQ(y[yi], y0[yi]) << "padding overwritten at " << yi;
            }
        }
    }
}

TEST_P(GpuKernelTest, MatVecMatchesDequantisedReferenceForEveryType) {
    auto rng = test::seededRng();
    for (TensorType type : kWeightTypes) {
        SCOPED_TRACE(typeName(type));
        const Kernel &k = kernel(*matVecKernel(type));
        const int bv = kernelBlockValues(type);
        // K of one block, a few blocks and many (an odd count for 32-value blocks, so rows of
        // Q8_0/Q4_0/Q5_0 start at addresses that are not multiples of 4); N not a multiple of
        // the workgroup; several input columns; overwrite and accumulate.
        const std::vector<MatVecShape> shapes =
            bv == 256
                ? std::vector<MatVecShape>{{1, 1, 1, false}, {3, 67, 2, false}, {6, 130, 1, true}}
            : bv == 32
                ? std::vector<MatVecShape>{{1, 1, 1, false}, {3, 67, 2, false}, {49, 130, 1, true}}
                : std::vector<MatVecShape>{
                      {1, 1, 1, false}, {9, 67, 2, false}, {385, 130, 1, true}};
        double worst = 0.0;
        for (const MatVecShape &s : shapes) {
            SCOPED_TRACE(::testing::Message()
                         << "blocks=" << s.blocks << " N=" << s.N << " columns=" << s.columns);
            const int K = s.blocks * bv;
            checkMatVec(*ctx, k, type, quantizedRows(type, K, int(s.N), rng), s, rng, &worst);
            if (HasFatalFailure()) return;
        }
        // Raw random blocks exercise every quant bit pattern.
        const MatVecShape raw{bv == 256 ? 2 : 5, 33, 1, false};
        checkMatVec(*ctx, k, type, randomBlockRows(type, raw.blocks * bv, int(raw.N), rng), raw,
                    rng, &worst);
        if (HasFatalFailure()) return;
        std::printf("[ measured ] matvec %-5s max |err| / mag = %.3g\n", typeName(type).c_str(),
                    worst);
    }
}

TEST_P(GpuKernelTest, MatVecRejectsBadShapes) {
    const Kernel &k = kernel(KernelId::MatVecQ4_K);
    QString error;
    auto buf = ctx->createBuffer(BufferKind::Storage, 4096, QStringLiteral("b"), &error);
    auto b = ctx->bind(k, {*buf, *buf, *buf, *buf}, &error);
    ASSERT_TRUE(b);
    ComputeBatch batch;
    MatVecParams p;
    p.K = 100;  // not a multiple of 256
    p.N = 1;
    p.rowBytes = 144;
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("multiple of 256"))) << error.toStdString();
    p.K = 256;
    p.wOffset = 2;
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    // Index ranges are checked against the bound buffers (4096 bytes = 1024 floats).
    p.wOffset = 0;
    p.xOffset = 1000;
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("x needs bytes up to 5024"))) << error.toStdString();
    p.xOffset = 0;
    p.N = 29;  // 29 rows of 144 bytes > 4096 + 16
    EXPECT_FALSE(recordMatVec(batch, *b, p, 1, &error));
    EXPECT_TRUE(error.contains(QLatin1String("weight rows"))) << error.toStdString();
    p.N = 4;
    EXPECT_TRUE(recordMatVec(batch, *b, p, 1, &error)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 1);
}

// Every row kernel loops over further rows when the grid is smaller than the row count (the
// dispatch limit is 65535 workgroups per axis; the 262144-row output head needs the loop). Force
// a tiny grid through the raw dispatch API and compare with a normal dispatch.
TEST_P(GpuKernelTest, RowKernelsLoopWhenTheGridIsSmallerThanTheRows) {
    auto rng = test::seededRng();
    QString error;
    const int K = 64, N = 67;
    const QByteArray rows = quantizedRows(TensorType::Q8_0, K, N, rng);
    auto wb = test::makeBuffer(*ctx, BufferKind::Weights, rows.constData(), rows.size());
    auto xb = test::makeBuffer(*ctx, BufferKind::Storage, randomFloats(rng, size_t(K) * N, -1, 1));
    std::vector<uint32_t> idv(N);
    for (int i = 0; i < N; ++i)
        idv[size_t(i)] = uint32_t(N - 1 - i);
    auto ids = test::makeBuffer(*ctx, BufferKind::Storage, idv);
    auto y1 = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(size_t(K) * N));
    auto y2 = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(size_t(K) * N));
    auto mv1 = ctx->bind(kernel(KernelId::MatVecQ8_0), {*wb, *xb, *y1, *xb}, &error);
    auto mv2 = ctx->bind(kernel(KernelId::MatVecQ8_0), {*wb, *xb, *y2, *xb}, &error);
    auto gr1 = ctx->bind(kernel(KernelId::GetRowsQ8_0), {*wb, *ids, *y1}, &error);
    auto gr2 = ctx->bind(kernel(KernelId::GetRowsQ8_0), {*wb, *ids, *y2}, &error);
    auto rn1 = ctx->bind(kernel(KernelId::RmsNorm), {*xb, *xb, *y1}, &error);
    auto rn2 = ctx->bind(kernel(KernelId::RmsNorm), {*xb, *xb, *y2}, &error);
    ASSERT_TRUE(mv1 && mv2 && gr1 && gr2 && rn1 && rn2) << error.toStdString();
    auto compare = [&](const char *what) {
        const auto a = test::readVector<float>(*ctx, *y1, size_t(K) * N);
        const auto b = test::readVector<float>(*ctx, *y2, size_t(K) * N);
        EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * 4), 0) << what;
    };

    MatVecParams mp;
    mp.K = K;
    mp.N = N;
    mp.rowBytes = uint32_t(weightRowBytes(TensorType::Q8_0, K));
    mp.xStride = K;
    mp.yStride = N;
    ComputeBatch batch;
    ASSERT_TRUE(recordMatVec(batch, *mv1, mp, 3, &error)) << error.toStdString();
    mp.rowStep = 2;  // 2 workgroups for 67 rows: each loops over several row groups
    mp.workSplit = uint32_t(matVecWorkSplit(*ctx, N));  // as recordMatVec chose it
    batch.dispatch(*mv2, mp, 2, 3);
    ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
    compare("matvec");

    GetRowsParams gp;
    gp.K = K;
    gp.rows = uint32_t(N);
    gp.rowBytes = mp.rowBytes;
    gp.wRows = uint32_t(N);
    gp.yStride = K;
    ASSERT_TRUE(recordGetRows(batch, *gr1, gp, &error)) << error.toStdString();
    gp.rowStep = 3;
    batch.dispatch(*gr2, gp, 3);
    ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
    compare("get_rows");

    RmsNormParams rp;
    rp.n = K;
    rp.rows = uint32_t(N);
    rp.xStride = rp.yStride = K;
    ASSERT_TRUE(recordRmsNorm(batch, *rn1, rp, &error)) << error.toStdString();
    rp.rowStep = 5;
    batch.dispatch(*rn2, rp, 5);
    ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
    compare("rmsnorm");
}

// --- get_rows ------------------------------------------------------------------------------------

void checkGetRows(GpuContext &ctx, const Kernel &k, TensorType type, const QByteArray &rows, int K,
                  int N, float scale, Rng &rng) {
    const qint64 rowBytes = weightRowBytes(type, K);
    const std::vector<float> ref = dequantRows(type, rows, K, N);
    // Ids with repeats, plus one past the end (must give a zero row).
    std::vector<uint32_t> ids(3);  // idsOffset padding
    const int count = 2 * N + 1;
    for (int i = 0; i < count; ++i)
        ids.push_back(uint32_t(rng() % uint64_t(N)));
    ids.push_back(uint32_t(N + 5));
    const uint32_t rowsOut = uint32_t(count + 1);
    const uint32_t yOffset = 1, yStride = uint32_t(K) + 4;
    auto wb = test::makeBuffer(ctx, BufferKind::Weights, rows.constData(), rows.size());
    auto ib = test::makeBuffer(ctx, BufferKind::Storage, ids);
    auto yb = test::makeBuffer(ctx, BufferKind::Storage,
                               std::vector<float>(yOffset + size_t(yStride) * rowsOut, -7.0f));
    QString error;
    auto b = ctx.bind(k, {*wb, *ib, *yb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    GetRowsParams p;
    p.K = uint32_t(K);
    p.rows = rowsOut;
    p.rowBytes = uint32_t(rowBytes);
    p.wRows = uint32_t(N);
    p.idsOffset = 3;
    p.yOffset = yOffset;
    p.yStride = yStride;
    p.scale = scale;
    ComputeBatch batch;
    ASSERT_TRUE(recordGetRows(batch, *b, p, &error)) << error.toStdString();
    ASSERT_TRUE(ctx.submit(batch, &error)) << error.toStdString();
    const auto y = test::readVector<float>(ctx, *yb, yOffset + size_t(yStride) * rowsOut);
    for (uint32_t r = 0; r < rowsOut; ++r) {
        const uint32_t id = ids[3 + r];
        for (int i = 0; i < K; ++i) {
            const float want =
                id < uint32_t(N) ? ref[size_t(id) * size_t(K) + size_t(i)] * scale : 0.0f;
            const float got = y[yOffset + r * yStride + uint32_t(i)];
            // Bit-identical (covers -0.0 too).
            ASSERT_EQ(std::memcmp(&got, &want, 4), 0)
                << "row " << r << " (id " << id << ") value " << i << ": " << got << " vs " << want;
        }
    }
}

TEST_P(GpuKernelTest, GetRowsDequantisesBitIdenticallyToTheCpu) {
    auto rng = test::seededRng();
    for (TensorType type : kWeightTypes) {
        SCOPED_TRACE(typeName(type));
        const Kernel &k = kernel(*getRowsKernel(type));
        const int bv = kernelBlockValues(type);
        const int K = bv == 256 ? 768 : bv == 32 ? 32 * 7 : 4 * 33;  // odd block counts
        const int N = 23;
        checkGetRows(*ctx, k, type, randomBlockRows(type, K, N, rng), K, N, 1.0f, rng);
        if (HasFatalFailure()) return;
        checkGetRows(*ctx, k, type, quantizedRows(type, K, N, rng), K, N, 1.0f, rng);
        if (HasFatalFailure()) return;
        // A scale (e.g. Gemma's sqrt(hidden) on embeddings) is one more correctly rounded product.
        checkGetRows(*ctx, k, type, quantizedRows(type, K, N, rng), K, N, 39.191835f, rng);
        if (HasFatalFailure()) return;
    }
}

// --- argmax --------------------------------------------------------------------------------------

struct ArgmaxCase {
    const char *what;
    std::vector<float> x;
};

TEST_P(GpuKernelTest, ArgmaxIsExactWithTiesToTheLowestIndex) {
    auto rng = test::seededRng();
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<ArgmaxCase> cases;
    for (size_t n : {size_t(1), size_t(5), size_t(255), size_t(256), size_t(257), size_t(2048),
                     size_t(2049), size_t(100003), size_t(262144), size_t(300007)}) {
        cases.push_back({"random", randomFloats(rng, n, -30.0f, 30.0f)});
        // The maximum planted several times: the lowest index wins.
        std::vector<float> tied = randomFloats(rng, n, -30.0f, 30.0f);
        for (int i = 0; i < 3; ++i)
            tied[rng() % n] = 31.0f;
        cases.push_back({"ties", tied});
    }
    cases.push_back({"all equal", std::vector<float>(70000, 1.5f)});
    cases.push_back({"all -inf", std::vector<float>(5000, -inf)});
    std::vector<float> withNan = randomFloats(rng, 9000, -1.0f, 1.0f);
    for (int i = 0; i < 50; ++i)
        withNan[rng() % withNan.size()] = nan;
    withNan[0] = nan;
    cases.push_back({"NaNs ignored", withNan});
    cases.push_back({"all NaN", std::vector<float>(3000, nan)});
    cases.push_back({"+0 and -0 tie", {-1.0f, -0.0f, 0.0f, -2.0f}});
    cases.push_back({"empty", {}});

    // One input buffer large enough for every case, the vector at a non-zero offset.
    size_t largest = 0;
    for (const auto &c : cases)
        largest = std::max(largest, c.x.size());
    const uint32_t xOffset = 9;
    auto xb =
        test::makeBuffer(*ctx, BufferKind::Storage, nullptr, 0, qint64(xOffset + largest) * 4);
    QString error;
    auto argmax = Argmax::create(*ctx, *xb, &error);
    ASSERT_TRUE(argmax) << error.toStdString();

    for (const auto &c : cases) {
        SCOPED_TRACE(::testing::Message() << c.what << " n=" << c.x.size());
        if (!c.x.empty()) {
            ASSERT_TRUE(ctx->upload(*xb, xOffset * 4, c.x.data(), qint64(c.x.size() * 4), &error));
        }
        uint32_t want = 0xFFFFFFFFu;
        float best = -inf;
        for (size_t i = 0; i < c.x.size(); ++i) {
            if (c.x[i] > best || (c.x[i] == best && want == 0xFFFFFFFFu)) {
                best = c.x[i];
                want = uint32_t(i);
            }
        }
        ComputeBatch batch;
        ASSERT_TRUE(argmax->record(batch, uint32_t(c.x.size()), xOffset, &error));
        QByteArray out;
        batch.readBack(argmax->result(), 0, 8, &out);
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const Argmax::Result r = Argmax::decode(out);
        EXPECT_EQ(r.index, want);
        if (want != 0xFFFFFFFFu) {
            EXPECT_EQ(std::memcmp(&r.value, &c.x[want], 4) == 0 || r.value == c.x[want], true)
                << r.value << " vs " << c.x[want];
        } else {
            EXPECT_EQ(r.value, -inf);
        }
    }
}

// Timings for the report (lavapipe is a CPU rasteriser: these are not GPU numbers). Opt-in with
// FACET_GPU_BENCH=1.
TEST_P(GpuKernelTest, Timings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    auto rng = test::seededRng();
    using Clock = std::chrono::steady_clock;
    auto ms = [](Clock::duration d) {
        return std::chrono::duration<double, std::milli>(d).count();
    };
    QString error;
    // matvec: a Gemma 4 E2B attention-sized projection (K = 1536, N = 2048), an E4B FFN-sized
    // one (2560 x 10240) and, with FACET_GPU_BENCH=large, the E2B output head (1536 x 262144
    // Q6_K, 330 MB). Large weights are random blocks (only their size matters here).
    struct Shape {
        TensorType type;
        int K, N, reps;
    };
    std::vector<Shape> shapes;
    for (TensorType type : {TensorType::Q4_K, TensorType::Q6_K, TensorType::Q8_0, TensorType::F16})
        shapes.push_back({type, 1536, 2048, 20});
    if (qgetenv("FACET_GPU_BENCH") == "large") {
        for (TensorType type : {TensorType::Q4_K, TensorType::Q6_K, TensorType::Q8_0})
            shapes.push_back({type, 2560, 10240, 20});
        shapes.push_back({TensorType::Q6_K, 1536, 262144, 10});
    }
    for (const Shape &sh : shapes) {
        const TensorType type = sh.type;
        const int K = sh.K, N = sh.N, reps = sh.reps;
        const QByteArray rows =
            N > 4096 ? randomBlockRows(type, K, N, rng) : quantizedRows(type, K, N, rng);
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, rows.constData(), rows.size());
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, randomFloats(rng, size_t(K), -1, 1));
        auto yb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(size_t(N)));
        auto b = ctx->bind(kernel(*matVecKernel(type)), {*wb, *xb, *yb, *xb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        MatVecParams p;
        p.K = uint32_t(K);
        p.N = uint32_t(N);
        p.rowBytes = uint32_t(weightRowBytes(type, K));
        p.xStride = uint32_t(K);
        p.yStride = uint32_t(N);
        ComputeBatch warm;
        ASSERT_TRUE(recordMatVec(warm, *b, p, 1, &error));
        ASSERT_TRUE(ctx->submit(warm, &error));
        ComputeBatch batch;
        for (int i = 0; i < reps; ++i)
            ASSERT_TRUE(recordMatVec(batch, *b, p, 1, &error));
        const auto t0 = Clock::now();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const double t = ms(Clock::now() - t0) / reps;
        std::printf("[ timing   ] matvec %-5s %dx%d: %.3f ms/dispatch, %.1f GB/s of weights\n",
                    typeName(type).c_str(), K, N, t, double(rows.size()) / (t * 1e6));
    }
    {
        const int n = 262144;
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, randomFloats(rng, n, -5, 5));
        auto argmax = Argmax::create(*ctx, *xb, &error);
        ASSERT_TRUE(argmax);
        const int reps = 20;
        ComputeBatch batch;
        for (int i = 0; i < reps; ++i)
            argmax->record(batch, n, 0, &error);
        const auto t0 = Clock::now();
        ASSERT_TRUE(ctx->submit(batch, &error));
        std::printf("[ timing   ] argmax over 262144: %.3f ms\n", ms(Clock::now() - t0) / reps);
    }
    {
        const uint32_t n = 1536, rows = 64;
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, randomFloats(rng, n * rows, -1, 1));
        auto b = ctx->bind(kernel(KernelId::RmsNorm), {*xb, *xb, *xb}, &error);
        ASSERT_TRUE(b);
        RmsNormParams p;
        p.n = n;
        p.rows = 1;
        p.weighted = 0;
        p.xStride = p.yStride = n;
        const int reps = 200;
        ComputeBatch batch;
        for (int i = 0; i < reps; ++i) {
            p.xOffset = p.yOffset = (uint32_t(i) % rows) * n;
            ASSERT_TRUE(recordRmsNorm(batch, *b, p, &error));
        }
        const auto t0 = Clock::now();
        ASSERT_TRUE(ctx->submit(batch, &error));
        std::printf(
            "[ timing   ] rmsnorm 1536 (one row, %d dispatches in one pass): %.3f ms "
            "per dispatch\n",
            reps, ms(Clock::now() - t0) / reps);
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuKernelTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
