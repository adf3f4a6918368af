// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// add_rmsnorm and top-k against the CPU references on fresh random data, on every backend that is
// available.
//
// Error bounds (u = 2^-24, the f32 unit roundoff):
//   add_rmsnorm: x' = (x + r) * scale with r = rmsw(y, w1), reference ref::rmsNormRows (double,
//     rounded), ref::add and ref::scale (f32). |x'_gpu - x'_ref| <= 1e-5 |scale| (|x| + |r|):
//     relative to the magnitude of the terms, since x + r may cancel. The kernel's r is within
//     ~(n/256 + 8 + 4) u relative (per-invocation f32 sums of squares, an 8-level tree,
//     inversesqrt within 2 ulp, two products), the add and the scale round once each, so the
//     worst case is ~30 u = 2e-6 for the rows here. out = rmsw(x', w2):
//     |out_gpu - out_ref| <= 1e-5 (|out_ref| + inv2 |w2| |scale| (|x| + |r|)), inv2 = the
//     reference 1/rms(x'): the relative error of the norm itself plus the error x' carries in.
//     Everything outside the written rows must be bit-identical afterwards.
//   top-k: exact (indices and value bits), ties to the lower index, NaNs never selected.
#include "gpu/compute_batch.h"
#include "gpu/fused_ops.h"
#include "gpu/gpu_context.h"
#include "gpu_test_env.h"
#include "model/reference_ops.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numeric>
#include <span>

namespace facet::gpu {
namespace {

using Rng = std::mt19937_64;
namespace ref = model::ref;

using test::randomFloats;

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

using GpuFusedTest = test::GpuBackendTest;

// --- add_rmsnorm ---------------------------------------------------------------------------------

struct AddNormCase {
    uint32_t n, rows;
    bool normOut;
    float scale;
    bool interleaved;  // out right after x in the same rows: [x | out] per row
};

TEST_P(GpuFusedTest, AddRmsNormMatchesReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AddRmsNorm);
    const AddNormCase cases[] = {{1, 1, true, 1.0f, false},    {7, 3, true, 0.5f, false},
                                 {1536, 2, true, 1.0f, false}, {2560, 3, false, 0.7f, true},
                                 {4096, 1, true, 2.0f, false}, {5000, 2, true, 1.3f, false},
                                 {256, 37, true, 0.25f, true}, {130, 70, false, 1.0f, false}};
    double worstX = 0.0, worstOut = 0.0;
    for (const AddNormCase &c : cases) {
        SCOPED_TRACE(::testing::Message()
                     << "n=" << c.n << " rows=" << c.rows << " normOut=" << c.normOut
                     << " scale=" << c.scale << " interleaved=" << c.interleaved);
        const uint32_t n = c.n, rows = c.rows;
        AddRmsNormParams p;
        p.n = n;
        p.rows = rows;
        p.scale = c.scale;
        p.normOut = c.normOut ? 1 : 0;
        p.eps = 1e-6f;
        // Strides larger than n; x, y and out at odd offsets of one act buffer.
        p.xOffset = 3;
        if (c.interleaved) {
            p.xStride = 2 * n + 3;
            p.outOffset = p.xOffset + n + 1;
            p.outStride = p.xStride;
            p.yOffset = p.xOffset + p.xStride * rows + 2;
            p.yStride = n + 2;
        } else {
            p.xStride = n + 5;
            p.yOffset = p.xOffset + p.xStride * rows + 1;
            p.yStride = n + 2;
            p.outOffset = p.yOffset + p.yStride * rows + 4;
            p.outStride = n + 7;
        }
        const size_t actSize =
            size_t(std::max(p.yOffset + p.yStride * rows, p.outOffset + p.outStride * rows)) + 5;
        // Everything random (also what must stay untouched), each row of x and y at its own
        // magnitude.
        std::vector<float> act = randomFloats(rng, actSize, -2.0f, 2.0f);
        for (uint32_t r = 0; r < rows; ++r) {
            const float sx = std::exp2(float(int(rng() % 21)) - 10.0f);
            const float sy = std::exp2(float(int(rng() % 21)) - 10.0f);
            for (uint32_t i = 0; i < n; ++i) {
                act[p.xOffset + r * p.xStride + i] *= sx;
                act[p.yOffset + r * p.yStride + i] *= sy;
            }
        }
        p.w1Offset = 2;
        p.w2Offset = p.w1Offset + n + 3;
        const std::vector<float> norms = randomFloats(rng, p.w2Offset + n + 1, -1.5f, 1.5f);

        auto actBuf = test::makeBuffer(*ctx, BufferKind::Storage, act);
        auto normBuf = test::makeBuffer(*ctx, BufferKind::Weights, norms);
        QString error;
        auto b = ctx->bind(k, {*actBuf, *normBuf}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        ComputeBatch batch;
        ASSERT_TRUE(recordAddRmsNorm(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *actBuf, actSize);

        std::vector<bool> written(actSize, false);
        const std::span<const float> w1(norms.data() + p.w1Offset, n);
        const std::span<const float> w2(norms.data() + p.w2Offset, n);
        std::vector<float> rv(n), sum(n), xn(n), outRef(n);
        for (uint32_t r = 0; r < rows; ++r) {
            const size_t xb = p.xOffset + size_t(r) * p.xStride;
            const size_t yb = p.yOffset + size_t(r) * p.yStride;
            const size_t ob = p.outOffset + size_t(r) * p.outStride;
            const std::span<const float> x(act.data() + xb, n), y(act.data() + yb, n);
            ref::rmsNormRows(y, 1, w1, rv, p.eps);
            ref::add(x, rv, sum);
            ref::scale(sum, p.scale, xn);
            for (uint32_t i = 0; i < n; ++i) {
                written[xb + i] = true;
                const double mag =
                    std::abs(double(p.scale)) * (std::abs(double(x[i])) + std::abs(double(rv[i])));
                const double err = std::abs(double(got[xb + i]) - double(xn[i]));
                worstX = std::max(worstX, err / mag);
                ASSERT_LE(err, 1e-5 * mag)
                    << "row " << r << " x[" << i << "]: " << got[xb + i] << " vs " << xn[i];
            }
            if (!c.normOut) continue;
            ref::rmsNormRows(xn, 1, w2, outRef, p.eps);
            const double inv2 = ref::rmsInverse(xn, p.eps);
            for (uint32_t i = 0; i < n; ++i) {
                written[ob + i] = true;
                const double carried = inv2 * std::abs(double(w2[i])) * std::abs(double(p.scale)) *
                                       (std::abs(double(x[i])) + std::abs(double(rv[i])));
                const double mag = std::abs(double(outRef[i])) + carried;
                const double err = std::abs(double(got[ob + i]) - double(outRef[i]));
                worstOut = std::max(worstOut, err / mag);
                ASSERT_LE(err, 1e-5 * mag)
                    << "row " << r << " out[" << i << "]: " << got[ob + i] << " vs " << outRef[i];
            }
        }
        // y, the gaps between rows and everything else: untouched.
        for (size_t i = 0; i < actSize; ++i) {
            if (!written[i]) {
                ASSERT_TRUE(sameBits(got[i], act[i])) << "act[" << i << "] changed";
            }
        }
    }
    std::printf(
        "[ measured ] add_rmsnorm max |err| / (|scale|(|x|+|r|)) = %.3g, out: max |err| / "
        "(|out| + carried) = %.3g (bound 1e-5 each)\n",
        worstX, worstOut);
}

TEST_P(GpuFusedTest, AddRmsNormRejectsBadInput) {
    const Kernel &k = kernel(KernelId::AddRmsNorm);
    auto act = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1024, 0.0f));
    auto norms = test::makeBuffer(*ctx, BufferKind::Weights, std::vector<float>(64, 1.0f));
    QString error;
    auto b = ctx->bind(k, {*act, *norms}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    // 4 rows of 32: x at 0 (stride 64), out interleaved at 32 (stride 64), y at 256 (stride 32).
    AddRmsNormParams good;
    good.n = 32;
    good.rows = 4;
    good.xOffset = 0;
    good.xStride = 64;
    good.outOffset = 32;
    good.outStride = 64;
    good.yOffset = 256;
    good.yStride = 32;
    good.w1Offset = 0;
    good.w2Offset = 32;
    good.normOut = 1;
    ComputeBatch batch;
    EXPECT_TRUE(recordAddRmsNorm(batch, *b, good, &error)) << error.toStdString();
    auto broadcast = good;
    broadcast.yStride = 0;  // one y row added to every x row
    EXPECT_TRUE(recordAddRmsNorm(batch, *b, broadcast, &error)) << error.toStdString();

    struct Bad {
        const char *what;
        AddRmsNormParams p;
    };
    std::vector<Bad> bad;
    auto with = [&](const char *what, auto change) {
        AddRmsNormParams p = good;
        change(p);
        bad.push_back({what, p});
    };
    with("n = 0", [](auto &p) { p.n = 0; });
    with("out overlaps x", [](auto &p) { p.outOffset = 16; });
    with("out overlaps y", [](auto &p) { p.outOffset = 300, p.outStride = 32; });
    with("out overlaps a later x row", [](auto &p) { p.outOffset = 100; });
    with("y overlaps x", [](auto &p) { p.yOffset = 64 * 3 + 10; });
    with("x rows overlap", [](auto &p) { p.xStride = 31, p.outOffset = 600; });
    with("out rows overlap", [](auto &p) { p.outStride = 31, p.outOffset = 600; });
    with("x past the buffer", [](auto &p) { p.xOffset = 900; });
    with("y past the buffer", [](auto &p) { p.yOffset = 1000; });
    with("out past the buffer", [](auto &p) { p.outOffset = 900, p.outStride = 33; });
    with("w1 past the weights", [](auto &p) { p.w1Offset = 40; });
    with("w2 past the weights", [](auto &p) { p.w2Offset = 40; });
    with("scale not finite", [](auto &p) { p.scale = std::numeric_limits<float>::infinity(); });
    with("eps NaN", [](auto &p) { p.eps = std::numeric_limits<float>::quiet_NaN(); });
    with("eps negative", [](auto &p) { p.eps = -1.0f; });
    for (const Bad &c : bad) {
        error.clear();
        EXPECT_FALSE(recordAddRmsNorm(batch, *b, c.p, &error)) << c.what;
        EXPECT_FALSE(error.isEmpty()) << c.what;
    }
    // Without normOut, out and w2 are not looked at.
    auto noOut = good;
    noOut.normOut = 0;
    noOut.outOffset = 0;
    noOut.outStride = 0;
    noOut.w2Offset = 100000;
    EXPECT_TRUE(recordAddRmsNorm(batch, *b, noOut, &error)) << error.toStdString();
    // The wrong kernel.
    auto topk = ctx->bind(kernel(KernelId::TopK), {*act, *act, *act}, &error);
    ASSERT_TRUE(topk) << error.toStdString();
    EXPECT_FALSE(recordAddRmsNorm(batch, *topk, good, &error));
    // Nothing recorded above ran wrongly: the valid dispatches run on zeros.
    EXPECT_TRUE(ctx->submit(batch, &error)) << error.toStdString();

    // The overlap rules against brute force on random small layouts (host-side only).
    auto rng = test::seededRng();
    auto pick = [&](uint32_t below) { return uint32_t(rng() % below); };
    ComputeBatch unused;
    for (int trial = 0; trial < 3000; ++trial) {
        AddRmsNormParams p;
        p.n = 1 + pick(8);
        p.rows = 1 + pick(5);
        p.xOffset = pick(60), p.xStride = pick(20);
        p.yOffset = pick(60), p.yStride = pick(20);
        p.outOffset = pick(60), p.outStride = pick(20);
        p.normOut = pick(2);
        p.w2Offset = 8;
        auto cells = [&](uint32_t offset, uint32_t stride) {
            std::vector<bool> c(1024, false);
            for (uint32_t r = 0; r < p.rows; ++r) {
                for (uint32_t i = 0; i < p.n; ++i)
                    c[offset + r * stride + i] = true;
            }
            return c;
        };
        auto meet = [](const std::vector<bool> &u, const std::vector<bool> &v) {
            for (size_t i = 0; i < u.size(); ++i) {
                if (u[i] && v[i]) return true;
            }
            return false;
        };
        const auto x = cells(p.xOffset, p.xStride), y = cells(p.yOffset, p.yStride),
                   out = cells(p.outOffset, p.outStride);
        const bool selfOverlap =
            p.rows > 1 && (p.xStride < p.n || (p.normOut && p.outStride < p.n));
        const bool valid =
            !selfOverlap && !meet(x, y) && !(p.normOut && (meet(out, x) || meet(out, y)));
        EXPECT_EQ(recordAddRmsNorm(unused, *b, p, &error), valid)
            << "n " << p.n << " rows " << p.rows << " x " << p.xOffset << "/" << p.xStride << " y "
            << p.yOffset << "/" << p.yStride << " out " << p.outOffset << "/" << p.outStride
            << " normOut " << p.normOut << ": " << error.toStdString();
    }
}

// --- top-k ---------------------------------------------------------------------------------------

constexpr uint32_t kNoIndex = 0xFFFFFFFFu;

// The k best of x: value descending, lower index first among equal values (+0 == -0), NaNs
// never; slots past the non-NaN values hold (kNoIndex, -inf).
std::vector<TopK::Entry> referenceTopK(const std::vector<float> &x, uint32_t k) {
    std::vector<uint32_t> idx;
    idx.reserve(x.size());
    for (uint32_t i = 0; i < x.size(); ++i) {
        if (!std::isnan(x[i])) idx.push_back(i);
    }
    const size_t take = std::min<size_t>(k, idx.size());
    std::partial_sort(
        idx.begin(), idx.begin() + std::ptrdiff_t(take), idx.end(),
        [&](uint32_t a, uint32_t b) { return x[a] > x[b] || (x[a] == x[b] && a < b); });
    std::vector<TopK::Entry> out(k, {kNoIndex, -std::numeric_limits<float>::infinity()});
    for (size_t i = 0; i < take; ++i)
        out[i] = {idx[i], x[idx[i]]};
    return out;
}

struct TopKCase {
    std::string what;
    std::vector<float> x;
    uint32_t k;
    uint32_t groups = 0;  // 0: TopK's own choice
};

TEST_P(GpuFusedTest, TopKIsExact) {
    auto rng = test::seededRng();
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<TopKCase> cases;
    auto uniform = [&](size_t n) { return randomFloats(rng, n, -30.0f, 30.0f); };
    // Values from a small set: most of the top k are ties.
    auto tied = [&](size_t n, int levels) {
        std::vector<float> v(n);
        for (auto &x : v)
            x = float(int(rng() % uint64_t(levels))) * 0.5f;
        return v;
    };
    cases.push_back({"one value", uniform(1), 1});
    cases.push_back({"five, k = n", uniform(5), 5});
    cases.push_back({"five, k = 1", uniform(5), 1});
    cases.push_back({"100, k = n", uniform(100), 100});
    cases.push_back({"100", uniform(100), 40});
    for (uint32_t n : {2047u, 2048u, 2049u}) {
        cases.push_back({"around a tile", uniform(n), 64});
        cases.push_back({"around a tile, k = 256", uniform(n), 256});
    }
    cases.push_back({"10000, k = 1", uniform(10000), 1});
    cases.push_back({"10000, k = 3", uniform(10000), 3});
    cases.push_back({"10000, k = 17", uniform(10000), 17});
    cases.push_back({"10000, k = 100", uniform(10000), 100});
    cases.push_back({"10000, k = 256", uniform(10000), 256});
    cases.push_back({"vocabulary", uniform(262144), 64});
    cases.push_back({"vocabulary, k = 40", uniform(262144), 40});
    cases.push_back({"vocabulary, k = 256", uniform(262144), 256});
    cases.push_back({"odd size", uniform(300007), 50});
    cases.push_back({"ties", tied(50000, 10), 64});
    cases.push_back({"ties, k = 256", tied(50000, 3), 256});
    cases.push_back({"ties, k = 1", tied(33333, 4), 1});
    cases.push_back({"all equal", std::vector<float>(70000, 1.5f), 64});
    {
        auto v = uniform(9000);
        for (int i = 0; i < 450; ++i)
            v[rng() % v.size()] = nan;
        v[0] = nan;
        v.back() = -nan;
        cases.push_back({"NaNs", v, 64});
    }
    {
        // Fewer non-NaN values than k: the rest of the slots are empty.
        std::vector<float> v(3000, nan);
        for (int i = 0; i < 10; ++i)
            v[rng() % v.size()] = float(int(rng() % 5));
        cases.push_back({"mostly NaN", v, 64});
    }
    cases.push_back({"all NaN", std::vector<float>(500, nan), 8});
    {
        // -inf is a value: it is selected (by index) once the finite ones run out.
        std::vector<float> v(1000, -inf);
        for (int i = 0; i < 10; ++i)
            v[rng() % v.size()] = float(int(rng() % 100)) - 50.0f;
        v[rng() % v.size()] = inf;
        v[rng() % v.size()] = nan;
        cases.push_back({"-inf", v, 64});
    }
    cases.push_back({"+0 and -0 tie", {-1.0f, -0.0f, 0.0f, -2.0f, 0.0f, -0.0f, nan}, 6});
    // Every tiling path, whatever the automatic choice: one workgroup over many tiles, stage 1
    // over many tiles, uneven chunks, an odd number of runs.
    cases.push_back({"one group, many tiles", uniform(10000), 64, 1});
    cases.push_back({"one group, many tiles, ties", tied(9000, 6), 256, 1});
    cases.push_back({"many runs, k = 256", uniform(65536), 256, 256});
    cases.push_back({"many runs, ties", tied(65536, 5), 128, 256});
    cases.push_back({"three groups", uniform(5000), 8, 3});
    cases.push_back({"odd group count", uniform(40001), 33, 37});
    cases.push_back({"two groups, n = k", uniform(256), 256, 2});

    size_t largest = 0;
    for (const auto &c : cases)
        largest = std::max(largest, c.x.size());
    const uint32_t xOffset = 9;
    auto xb =
        test::makeBuffer(*ctx, BufferKind::Storage, nullptr, 0, qint64(xOffset + largest) * 4);
    QString error;
    auto topk = TopK::create(*ctx, *xb, &error);
    ASSERT_TRUE(topk) << error.toStdString();
    for (const auto &c : cases) {
        const auto n = uint32_t(c.x.size());
        topk->setGroups(c.groups);
        SCOPED_TRACE(::testing::Message() << c.what << ": n=" << n << " k=" << c.k
                                          << " groups=" << topk->groupsFor(n, c.k));
        ASSERT_TRUE(ctx->upload(*xb, xOffset * 4, c.x.data(), qint64(n) * 4, &error))
            << error.toStdString();
        ComputeBatch batch;
        ASSERT_TRUE(topk->record(batch, n, xOffset, c.k, &error)) << error.toStdString();
        QByteArray out;
        batch.readBack(topk->result(), 0, TopK::resultBytes(c.k), &out);
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = TopK::decode(out);
        const auto want = referenceTopK(c.x, c.k);
        ASSERT_EQ(got.size(), want.size());
        for (size_t i = 0; i < want.size(); ++i) {
            ASSERT_EQ(got[i].index, want[i].index) << "rank " << i;
            ASSERT_TRUE(sameBits(got[i].value, want[i].value))
                << "rank " << i << ": " << got[i].value << " vs " << want[i].value;
        }
    }
}

TEST_P(GpuFusedTest, TopKRejectsBadInput) {
    auto xb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1000, 1.0f));
    QString error;
    auto topk = TopK::create(*ctx, *xb, &error);
    ASSERT_TRUE(topk) << error.toStdString();
    ComputeBatch batch;
    EXPECT_TRUE(topk->record(batch, 1000, 0, 64, &error)) << error.toStdString();
    EXPECT_TRUE(topk->record(batch, 990, 10, TopK::kMaxK, &error)) << error.toStdString();
    struct Bad {
        const char *what;
        uint32_t n, xOffset, k;
    };
    const Bad bad[] = {{"k = 0", 1000, 0, 0},
                       {"k > kMaxK", 1000, 0, TopK::kMaxK + 1},
                       {"k > n", 10, 0, 11},
                       {"n = 0", 0, 0, 1},
                       {"past the buffer", 1000, 100, 64},
                       {"offset past the buffer", 10, 2000, 1},
                       {"huge n", 0xFFFFFFFFu, 0, 1}};
    for (const Bad &c : bad) {
        error.clear();
        EXPECT_FALSE(topk->record(batch, c.n, c.xOffset, c.k, &error)) << c.what;
        EXPECT_FALSE(error.isEmpty()) << c.what;
    }
    EXPECT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
}

// Timings for the report (lavapipe is a CPU rasteriser: these are not GPU numbers). Opt-in with
// FACET_GPU_BENCH=1.
TEST_P(GpuFusedTest, Timings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    auto rng = test::seededRng();
    using Clock = std::chrono::steady_clock;
    auto us = [](Clock::duration d) {
        return std::chrono::duration<double, std::micro>(d).count();
    };
    QString error;
    const uint32_t n = 262144;
    auto xb = test::makeBuffer(*ctx, BufferKind::Storage, randomFloats(rng, n, -30, 30));
    auto topk = TopK::create(*ctx, *xb, &error);
    ASSERT_TRUE(topk) << error.toStdString();
    for (uint32_t k : {1u, 40u, 64u, 256u}) {
        const int reps = 50;
        ComputeBatch warm;
        ASSERT_TRUE(topk->record(warm, n, 0, k, &error));
        ASSERT_TRUE(ctx->submit(warm, &error));
        ComputeBatch batch;
        for (int i = 0; i < reps; ++i)
            ASSERT_TRUE(topk->record(batch, n, 0, k, &error));
        const auto t0 = Clock::now();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        std::printf("[ timing   ] top-k over %u, k = %u (%u groups): %.1f us per record\n", n, k,
                    topk->groupsFor(n, k), us(Clock::now() - t0) / reps);
    }
    for (uint32_t hidden : {1536u, 2560u}) {
        const uint32_t rows = 64;
        auto act = test::makeBuffer(*ctx, BufferKind::Storage,
                                    randomFloats(rng, size_t(3) * hidden * rows, -1, 1));
        auto norms =
            test::makeBuffer(*ctx, BufferKind::Weights, randomFloats(rng, 2 * hidden, -1, 1));
        auto b = ctx->bind(kernel(KernelId::AddRmsNorm), {*act, *norms}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        AddRmsNormParams p;
        p.n = hidden;
        p.rows = 1;
        p.xStride = p.yStride = p.outStride = hidden;
        p.w2Offset = hidden;
        p.normOut = 1;
        const int reps = 200;
        ComputeBatch batch;
        for (int i = 0; i < reps; ++i) {
            p.xOffset = (uint32_t(i) % rows) * hidden;
            p.yOffset = (rows + uint32_t(i) % rows) * hidden;
            p.outOffset = (2 * rows + uint32_t(i) % rows) * hidden;
            ASSERT_TRUE(recordAddRmsNorm(batch, *b, p, &error)) << error.toStdString();
        }
        const auto t0 = Clock::now();
        ASSERT_TRUE(ctx->submit(batch, &error));
        std::printf(
            "[ timing   ] add_rmsnorm %u (one row, normOut, %d dispatches in one pass): %.1f us "
            "per dispatch\n",
            hidden, reps, us(Clock::now() - t0) / reps);
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuFusedTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
