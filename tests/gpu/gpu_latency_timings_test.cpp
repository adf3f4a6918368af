// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Opt-in timing report (FACET_GPU_BENCH=1): how long chains of small dependent dispatches take,
// the latency-bound kernels of a decode step. For people tuning kernels, not for ctest.
// Each record is timed in a batch of 400 (best of 5 batches, wall clock over the submit), alone
// and after a streaming mat-vec ("stream +", minus "stream only"). FACET_BENCH_SETS=n binds each
// kernel n times and rotates the descriptor sets, as a model step does across its layers.
// Measured on an H100 (Vulkan, release build): a dependent dispatch costs ~2.4 us (elementwise),
// add_rmsnorm with its Q8A output 6.7 us (8.5 after a stream), qkv_prep + attention + combine
// 19.8 us at 150 keys, and rotating 35 descriptor sets adds
// ~1.6 us per dispatch. In the E2B model the same kernels cost about twice that (bench with a
// kernel left out: add_rmsnorm 14.4 us, the three attention dispatches 29 us per layer), which
// these chains do not reproduce.
#include "gpu/attention_ops.h"
#include "gpu/compute_batch.h"
#include "gpu/fused_ops.h"
#include "gpu/gpu_context.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>

namespace facet::gpu {
namespace {

class GpuLatencyTest : public test::GpuBackendTest {};

TEST_P(GpuLatencyTest, Timings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    if (GetParam() != Backend::Vulkan) GTEST_SKIP() << "Vulkan only";
    using Clock = std::chrono::steady_clock;
    QString error;
    const bool software = ctx->info().softwareDevice;
    const int reps = software ? 4 : 400;
    const uint32_t H = 1536;
    // Between the records of "after a stream" timings: a 12288 x 1536 Q4_K dot mat-vec over one of
    // 48 weight copies (512 MB), as a model step streams its weights between small kernels, so
    // that caches and TLBs hold none of the small kernels' data.
    const uint32_t TK = 12288, TN = 1536;
    const qint64 tBytes = weightRowBytes(gguf::TensorType::Q4_K, TK) * TN;
    const int nSets = std::max(1, qEnvironmentVariableIntValue("FACET_BENCH_SETS"));
    const int tCopies = software ? 1 : 48;
    auto tw = ctx->createBuffer(BufferKind::Weights, tBytes * tCopies, QStringLiteral("w"), &error);
    ASSERT_TRUE(tw) << error.toStdString();
    {
        std::vector<char> zeros(size_t(tBytes), 0);
        for (int c = 0; c < tCopies; ++c)
            ASSERT_TRUE(ctx->upload(*tw, tBytes * c, zeros.data(), tBytes, &error));
    }
    auto act = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1 << 20, 0.25f));
    auto tb = ctx->bind(kernel(*matVecDotKernel(gguf::TensorType::Q4_K)), {*tw, *act, *act, *act},
                        &error);
    ASSERT_TRUE(tb) << error.toStdString();
    int tNext = 0;
    bool stream = false;
    auto thrash = [&](ComputeBatch &batch) {
        if (!stream) return;
        MatVecParams p;
        p.K = TK;
        p.N = TN;
        p.rowBytes = uint32_t(weightRowBytes(gguf::TensorType::Q4_K, TK));
        p.xOffset = 600000;  // in act, which the small kernels use too: a barrier between
        p.yOffset = 700000;
        p.wOffset = uint32_t(tBytes * (tNext++ % tCopies));
        EXPECT_TRUE(recordMatVec(batch, *tb, p, 1, &error)) << error.toStdString();
    };
    auto time = [&](const char *what, const std::function<void(ComputeBatch &)> &record) {
        auto run = [&] {
            ComputeBatch batch;
            for (int i = 0; i < reps; ++i) {
                thrash(batch);
                record(batch);
            }
            const int n = batch.dispatchCount();
            const auto t0 = Clock::now();
            EXPECT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
            return std::make_pair(std::chrono::duration<double>(Clock::now() - t0).count(), n);
        };
        run();
        double best = 1e30;
        int n = 0;
        for (int t = 0; t < (software ? 1 : 5); ++t) {
            const auto r = run();
            best = std::min(best, r.first);
            n = r.second;
        }
        std::printf("[ timing   ] %s%-40s %7.2f us per record, %d dispatches per record\n",
                    stream ? "stream + " : "", what, best / reps * 1e6, n / reps);
    };
    for (int pass = 0; pass < 2; ++pass) {
        stream = pass == 1;
        if (stream) {
            time("stream only", [](ComputeBatch &) {});
        }
        auto norms =
            test::makeBuffer(*ctx, BufferKind::Weights, std::vector<float>(16u << 20, 1.0f));
        {
            auto b = ctx->bind(kernel(KernelId::Elementwise), {*act, *act, *act}, &error);
            ASSERT_TRUE(b);
            for (uint32_t n : {32u, 1536u}) {
                const std::string name = "elementwise scale n=" + std::to_string(n);
                time(name.c_str(), [&](ComputeBatch &batch) {
                    ElementwiseParams p;
                    p.n = n;
                    p.rows = 1;
                    p.xStride = p.yStride = p.outStride = n;
                    p.mode = uint32_t(ElementwiseMode::Scale);
                    p.s = 1.0f;
                    EXPECT_TRUE(recordElementwise(batch, *b, p, &error));
                });
            }
        }
        {
            std::vector<std::unique_ptr<Bindings>> bs;
            for (int i = 0; i < nSets; ++i)
                bs.push_back(ctx->bind(kernel(KernelId::AddRmsNorm), {*act, *norms}, &error));
            int bi = 0;
            auto b = [&]() -> Bindings * { return bs[size_t(bi++ % nSets)].get(); };
            ASSERT_TRUE(bs[0]);
            for (int variant = 0; variant < 6; ++variant) {
                const char *names[] = {
                    "add_rmsnorm 1536 (x only)",   "add_rmsnorm 1536 + out",
                    "add_rmsnorm 1536 + out + q8", "add_rmsnorm 1536 cold (x only)",
                    "add_rmsnorm 1536 cold + out", "add_rmsnorm 1536 cold + out + q8"};
                uint32_t w = 0;
                time(names[variant], [&](ComputeBatch &batch) {
                    if (variant >= 3) w = (w + 4 * H) % (15u << 20);
                    AddRmsNormParams p;
                    p.n = H;
                    p.rows = 1;
                    p.xOffset = 0;
                    p.xStride = H;
                    p.yOffset = 4 * H;
                    p.yStride = H;
                    p.w1Offset = 0;
                    p.scale = 1.0f;
                    p.normOut = variant % 3 > 0 ? 1 : 0;
                    p.w1Offset = w;
                    p.w2Offset = w + 2 * H;
                    p.outOffset = 8 * H;
                    p.outStride = H;
                    p.eps = 1e-6f;
                    if (variant % 3 == 2) {
                        p.q8Out = 1;
                        p.q8Offset = 16 * H;
                        p.q8Stride = H;
                    }
                    EXPECT_TRUE(recordAddRmsNorm(batch, *b(), p, &error)) << error.toStdString();
                });
            }
        }
        // Attention of one token, 8 query heads of one KV head: qkv_prep + attention (+ combine).
        // "cold": every record reads other cache rows (a window of `keys` keys at a position
        // moving through 32 MB caches), as in a model step, where every layer's cache and norm
        // weights come from DRAM.
        const uint32_t heads = 8;
        const uint32_t cacheFloats = 8u << 20;
        auto kc =
            test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(cacheFloats, 0.01f));
        auto vc =
            test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(cacheFloats, 0.01f));
        auto scratch = test::makeBuffer(
            *ctx, BufferKind::Storage,
            std::vector<float>(attentionScratchFloats(1, heads, 512, 4096) + 64, 0.0f));
        std::vector<std::unique_ptr<Bindings>> preps, attns;
        for (int i = 0; i < nSets; ++i) {
            preps.push_back(ctx->bind(kernel(KernelId::QkvPrep), {*act, *norms, *kc, *vc}, &error));
            attns.push_back(
                ctx->bind(kernel(KernelId::Attention), {*act, *kc, *vc, *scratch}, &error));
        }
        int si = 0;
        auto prep = preps[0].get();
        auto attn = attns[0].get();
        ASSERT_TRUE(prep && attn) << error.toStdString();
        for (uint32_t d : {256u, 512u}) {
            const uint32_t cacheRows = cacheFloats / d;
            for (uint32_t keys : {150u, 600u, 2000u}) {
                for (int cold = 0; cold < 2; ++cold) {
                    uint32_t pos = keys;
                    const std::string name = "attn 8x" + std::to_string(d) + " keys " +
                                             std::to_string(keys) + (cold ? " cold " : " hot  ") +
                                             "split";
                    time(name.c_str(), [&](ComputeBatch &batch) {
                        if (cold) {
                            pos += keys + 7;
                            if (pos >= (1u << 23)) pos = keys;
                        }
                        QkvPrepParams q;
                        q.rows = 1;
                        q.heads = heads;
                        q.kvHeads = 1;
                        q.headDim = d;
                        q.ropeDims = d;
                        q.qOffset = 0;
                        q.qStride = 10 * d;
                        q.kOffset = 8 * d;
                        q.kStride = 10 * d;
                        q.vOffset = 9 * d;
                        q.vStride = 10 * d;
                        q.qNormOffset = 0;
                        q.kNormOffset = 1024;
                        q.fOffset = 4096;
                        q.base = 10000.0f;
                        q.eps = 1e-6f;
                        q.storeKv = 1;
                        q.cacheRows = cacheRows;
                        q.firstPos = pos;
                        prep = preps[size_t(si % nSets)].get();
                        attn = attns[size_t(si++ % nSets)].get();
                        EXPECT_TRUE(recordQkvPrep(batch, *prep, q, &error)) << error.toStdString();
                        AttentionParams p;
                        p.queries = 1;
                        p.heads = heads;
                        p.kvHeads = 1;
                        p.headDim = d;
                        p.qOffset = 0;
                        p.qStride = 10 * d;
                        p.oOffset = 32768;
                        p.oStride = heads * d;
                        p.cacheRows = cacheRows;
                        p.firstPos = pos;
                        p.window = keys;
                        p.scale = 1.0f;
                        EXPECT_TRUE(recordAttention(batch, *attn, p, &error))
                            << error.toStdString();
                    });
                }
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuLatencyTest, ::testing::Values(Backend::Vulkan),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
