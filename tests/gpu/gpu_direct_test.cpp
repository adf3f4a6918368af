// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Direct Vulkan submission (engine/gpu/vulkan_direct.h) against the QRhi path and against exact
// CPU results: the same batches through both must give bit-identical buffers, a recorded frame
// that is submitted again must use the new parameters and uploads (not the ones it was recorded
// with), dependent dispatches must see each other's writes, and Bindings made after others were
// destroyed must be the ones used.
//
// The kernel is elementwise (AddScale, Scale): one f32 add and one f32 multiply per value, so the
// expected values are exact and every comparison is bit for bit.
#include "gpu/compute_batch.h"
#include "gpu/fence_spin.h"
#include "gpu/gpu_context.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

namespace facet::gpu {
namespace {

// A Vulkan context with `options` (its backend set to Vulkan).
std::unique_ptr<GpuContext> vulkanContext(GpuOptions options, QString *why) {
    options.backend = Backend::Vulkan;
    return GpuContext::create(options, why);
}

std::unique_ptr<GpuContext> vulkanContext(bool direct, QString *why) {
    GpuOptions options;
    options.directVulkan = direct;
    return vulkanContext(options, why);
}

std::vector<float> randomFloats(std::mt19937_64 &rng, size_t n) {
    std::uniform_real_distribution<float> d(-4.0f, 4.0f);
    std::vector<float> v(n);
    for (auto &x : v)
        x = d(rng);
    return v;
}

QByteArray bytesOf(const std::vector<float> &v) {
    return QByteArray(reinterpret_cast<const char *>(v.data()), qsizetype(v.size() * 4));
}

bool sameBits(const std::vector<float> &a, const std::vector<float> &b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

// One context's buffers and bindings for: out = (x + y) * s1 (AddScale), then out2 = out * s2
// (Scale, reading what the first dispatch wrote).
struct Pipeline {
    std::unique_ptr<Buffer> x, y, out, out2;
    std::unique_ptr<Bindings> addScale, scale;
};

Pipeline makePipeline(GpuContext &ctx, qint64 bytes) {
    QString error;
    Pipeline p;
    for (auto *b : {&p.x, &p.y, &p.out, &p.out2}) {
        *b = ctx.createBuffer(BufferKind::Storage, bytes, QStringLiteral("direct test"), &error);
        EXPECT_TRUE(*b) << error.toStdString();
    }
    const Kernel *k = ctx.kernel(KernelId::Elementwise, &error);
    EXPECT_TRUE(k) << error.toStdString();
    if (!k || !p.out2) return p;
    p.addScale = ctx.bind(*k, {*p.x, *p.y, *p.out}, &error);
    p.scale = ctx.bind(*k, {*p.out, *p.out, *p.out2}, &error);
    EXPECT_TRUE(p.addScale && p.scale) << error.toStdString();
    return p;
}

// Uploads x and y, runs both dispatches over `n` values, reads out and out2.
bool runOnce(GpuContext &ctx, Pipeline &p, const std::vector<float> &x, const std::vector<float> &y,
             float s1, float s2, std::vector<float> *out, std::vector<float> *out2) {
    QString error;
    ComputeBatch batch;
    batch.upload(*p.x, 0, bytesOf(x));
    batch.upload(*p.y, 0, bytesOf(y));
    ElementwiseParams e;
    e.n = uint32_t(x.size());
    e.rows = 1;
    e.mode = uint32_t(ElementwiseMode::AddScale);
    e.s = s1;
    if (!recordElementwise(batch, *p.addScale, e, &error)) return false;
    ElementwiseParams f = e;
    f.mode = uint32_t(ElementwiseMode::Scale);
    f.s = s2;
    if (!recordElementwise(batch, *p.scale, f, &error)) return false;
    QByteArray a, b;
    batch.readBack(*p.out, 0, qint64(x.size() * 4), &a);
    batch.readBack(*p.out2, 0, qint64(x.size() * 4), &b);
    if (!ctx.submit(batch, &error)) {
        ADD_FAILURE() << error.toStdString();
        return false;
    }
    out->resize(x.size());
    out2->resize(x.size());
    std::memcpy(out->data(), a.constData(), x.size() * 4);
    std::memcpy(out2->data(), b.constData(), x.size() * 4);
    return true;
}

class GpuDirectTest : public ::testing::Test {
protected:
    void SetUp() override {
        QString why;
        // Poll the fence here even on lavapipe (where it is off by default), so that path runs.
        GpuOptions polling;
        polling.fenceSpin = FenceSpin::Fixed;
        polling.fenceSpinUs = 100'000;
        direct = vulkanContext(polling, &why);
        if (!direct) FAIL() << why.toStdString();
        qrhi = vulkanContext(false, &why);
        if (!qrhi) FAIL() << why.toStdString();
    }
    void TearDown() override {
        // Buffers and bindings belong to the tests' locals, gone by now; then the contexts.
        qrhi.reset();
        direct.reset();
    }
    std::unique_ptr<GpuContext> direct, qrhi;
};

TEST_F(GpuDirectTest, OnByDefaultOnVulkanAndSwitchable) {
    EXPECT_TRUE(direct->info().directSubmission);
    EXPECT_FALSE(qrhi->info().directSubmission);
    EXPECT_TRUE(direct->info().summary().contains(QLatin1String("direct Vulkan submission")));
    QString why;
    auto ctx = vulkanContext(GpuOptions(), &why);
    ASSERT_TRUE(ctx) << why.toStdString();
    EXPECT_TRUE(ctx->info().directSubmission);
}

TEST_F(GpuDirectTest, ReplayedFramesUseNewDataAndMatchQRhi) {
    auto rng = test::seededRng();
    const size_t n = 3000;
    Pipeline pd = makePipeline(*direct, qint64(n * 4));
    Pipeline pq = makePipeline(*qrhi, qint64(n * 4));
    ASSERT_TRUE(pd.scale && pq.scale);
    const qint64 framesBefore = direct->stats().frames;
    const qint64 recordedBefore = direct->stats().recordedFrames;
    for (int round = 0; round < 5; ++round) {
        const auto x = randomFloats(rng, n), y = randomFloats(rng, n);
        const float s1 = 0.5f + float(round), s2 = -1.25f * float(round + 1);
        std::vector<float> d1, d2, q1, q2;
        ASSERT_TRUE(runOnce(*direct, pd, x, y, s1, s2, &d1, &d2));
        ASSERT_TRUE(runOnce(*qrhi, pq, x, y, s1, s2, &q1, &q2));
        std::vector<float> e1(n), e2(n);
        for (size_t i = 0; i < n; ++i) {
            e1[i] = (x[i] + y[i]) * s1;
            e2[i] = e1[i] * s2;
        }
        EXPECT_TRUE(sameBits(d1, e1)) << "round " << round;
        EXPECT_TRUE(sameBits(d2, e2)) << "round " << round << " (the second dispatch reads the "
                                      << "first one's output)";
        EXPECT_TRUE(sameBits(d1, q1) && sameBits(d2, q2)) << "round " << round;
    }
    EXPECT_EQ(direct->stats().frames - framesBefore, 5);
    // Recorded once, replayed four times: the rounds above did test replays.
    EXPECT_EQ(direct->stats().recordedFrames - recordedBefore, 1);
}

// Bindings destroyed and new ones made on other buffers (a model unloaded and another loaded):
// the frame recorded with the old descriptor sets must not be replayed.
TEST_F(GpuDirectTest, NewBindingsReplaceDestroyedOnes) {
    auto rng = test::seededRng();
    const size_t n = 512;
    for (int generation = 0; generation < 3; ++generation) {
        Pipeline p = makePipeline(*direct, qint64(n * 4) + 64 * generation);
        ASSERT_TRUE(p.scale);
        const auto x = randomFloats(rng, n), y = randomFloats(rng, n);
        std::vector<float> d1, d2;
        ASSERT_TRUE(runOnce(*direct, p, x, y, 2.0f, 0.5f, &d1, &d2));
        std::vector<float> e1(n), e2(n);
        for (size_t i = 0; i < n; ++i) {
            e1[i] = (x[i] + y[i]) * 2.0f;
            e2[i] = e1[i] * 0.5f;
        }
        EXPECT_TRUE(sameBits(d1, e1) && sameBits(d2, e2)) << "generation " << generation;
        // A second context-level path: read the buffers directly too.
        EXPECT_TRUE(sameBits(test::readVector<float>(*direct, *p.out2, n), e2));
    }
}

// Frames of only an upload and a readback, each time into a freshly made buffer of the same size:
// a recorded frame names the old buffer, so it must be recorded again (and not replayed).
TEST_F(GpuDirectTest, FramesAfterABufferIsDestroyedUseTheNewOne) {
    auto rng = test::seededRng();
    const size_t n = 1000;
    for (int generation = 0; generation < 4; ++generation) {
        QString error;
        auto b = direct->createBuffer(BufferKind::Storage, qint64(n * 4),
                                      QStringLiteral("direct test"), &error);
        ASSERT_TRUE(b) << error.toStdString();
        const auto x = randomFloats(rng, n);
        ComputeBatch batch;
        batch.upload(*b, 0, bytesOf(x));
        QByteArray back;
        batch.readBack(*b, 0, qint64(n * 4), &back);
        const qint64 recordedBefore = direct->stats().recordedFrames;
        ASSERT_TRUE(direct->submit(batch, &error)) << error.toStdString();
        ASSERT_EQ(back.size(), qsizetype(n * 4));
        EXPECT_EQ(std::memcmp(back.constData(), x.data(), n * 4), 0) << "generation " << generation;
        // Each frame names a buffer that did not exist before: recorded, never replayed.
        EXPECT_EQ(direct->stats().recordedFrames - recordedBefore, 1)
            << "generation " << generation;
    }
    // A driver may give a new buffer the handle of a destroyed one, which would make a stale frame
    // look current; so destroying any buffer drops the recorded frames. Same frame twice: replayed;
    // then another buffer comes and goes: recorded again.
    QString error;
    auto keep = direct->createBuffer(BufferKind::Storage, 64, QStringLiteral("kept"), &error);
    ASSERT_TRUE(keep) << error.toStdString();
    const auto frame = [&] {
        ComputeBatch batch;
        batch.upload(*keep, 0, QByteArray(64, '\x5a'));
        QByteArray back;
        batch.readBack(*keep, 0, 64, &back);
        EXPECT_TRUE(direct->submit(batch, &error)) << error.toStdString();
        EXPECT_EQ(back, QByteArray(64, '\x5a'));
    };
    frame();
    qint64 before = direct->stats().recordedFrames;
    frame();
    EXPECT_EQ(direct->stats().recordedFrames, before);
    direct->createBuffer(BufferKind::Storage, 64, QStringLiteral("gone"), &error).reset();
    before = direct->stats().recordedFrames;
    frame();
    EXPECT_EQ(direct->stats().recordedFrames, before + 1);
}

// bench --profile on the direct path: one timestamp after every dispatch of the frame.
TEST_F(GpuDirectTest, DispatchTimingTimesEveryDispatch) {
    auto rng = test::seededRng();
    const size_t n = 256;
    Pipeline p = makePipeline(*direct, qint64(n * 4));
    ASSERT_TRUE(p.scale);
    QString why;
    ASSERT_TRUE(direct->setDispatchTiming(true, &why)) << why.toStdString();
    for (int round = 0; round < 2; ++round) {
        const auto x = randomFloats(rng, n), y = randomFloats(rng, n);
        std::vector<float> d1, d2;
        ASSERT_TRUE(runOnce(*direct, p, x, y, 3.0f, 0.25f, &d1, &d2));
        std::vector<float> e2(n);
        for (size_t i = 0; i < n; ++i)
            e2[i] = ((x[i] + y[i]) * 3.0f) * 0.25f;
        EXPECT_TRUE(sameBits(d2, e2));
        const auto times = direct->takeDispatchTimes();
        ASSERT_EQ(times.size(), 2u) << "round " << round;
        for (const auto &t : times) {
            EXPECT_EQ(t.kernel, QStringLiteral("elementwise"));
            EXPECT_EQ(t.params.size(), qsizetype(sizeof(ElementwiseParams)));
            EXPECT_GE(t.ns, 0.0);
        }
        ElementwiseParams second;
        std::memcpy(&second, times[1].params.constData(), sizeof second);
        EXPECT_EQ(second.mode, uint32_t(ElementwiseMode::Scale));
    }
    direct->setDispatchTiming(false, nullptr);
    EXPECT_TRUE(direct->takeDispatchTimes().empty());
}

// The wait's polling (fence_spin.h): Adaptive polls about as long as the recent frames took,
// blocks at once on frames longer than the cap, and never polls on software devices.
TEST(FenceSpinBudget, FollowsTheRecentFrames) {
    const qint64 ms = 1'000'000, cap = 20 * ms;
    FenceSpinBudget adaptive(FenceSpin::Adaptive, cap, false);
    EXPECT_EQ(adaptive.expectedFrameNs(), -1);
    EXPECT_EQ(adaptive.budgetNs(), cap);  // nothing known yet: poll up to the cap once
    // Decode steps of ~4 ms: poll a little longer than one takes.
    for (int i = 0; i < 8; ++i)
        adaptive.addFrame(4 * ms);
    EXPECT_EQ(adaptive.expectedFrameNs(), 4 * ms);
    EXPECT_EQ(adaptive.budgetNs(), 4 * ms + ms + FenceSpinBudget::kMarginNs);
    // Prefill chunks of 300 ms: block at once.
    adaptive.addFrame(300 * ms);
    EXPECT_EQ(adaptive.budgetNs(), 0);
    adaptive.addFrame(300 * ms);
    EXPECT_EQ(adaptive.budgetNs(), 0);
    // Back to decode: polling again within a few steps (each blocks meanwhile).
    int blocked = 0;
    for (int i = 0; i < 10 && adaptive.budgetNs() == 0; ++i) {
        adaptive.addFrame(4 * ms);
        ++blocked;
    }
    EXPECT_LE(blocked, 6);
    EXPECT_GT(adaptive.budgetNs(), 4 * ms);
    EXPECT_LE(adaptive.budgetNs(), cap);
    // Frames just under the cap poll at most the cap.
    for (int i = 0; i < 8; ++i)
        adaptive.addFrame(19 * ms);
    EXPECT_EQ(adaptive.budgetNs(), cap);

    // Software devices never poll in Adaptive mode.
    FenceSpinBudget software(FenceSpin::Adaptive, cap, true);
    EXPECT_EQ(software.budgetNs(), 0);
    software.addFrame(ms);
    EXPECT_EQ(software.budgetNs(), 0);
    // Off never polls, Fixed always polls its time (even on a software device: it was asked).
    FenceSpinBudget off(FenceSpin::Off, cap, false);
    off.addFrame(ms);
    EXPECT_EQ(off.budgetNs(), 0);
    FenceSpinBudget fixed(FenceSpin::Fixed, 3 * ms, true);
    fixed.addFrame(300 * ms);
    EXPECT_EQ(fixed.budgetNs(), 3 * ms);
}

// On lavapipe (a software device) the default Adaptive wait never polls; Fixed polls (the
// fixture's direct context), and the time shows in the statistics.
TEST_F(GpuDirectTest, FenceWaitPollsAsConfigured) {
    const size_t n = 256;
    auto rng = test::seededRng();
    const auto x = randomFloats(rng, n), y = randomFloats(rng, n);
    std::vector<float> d1, d2;
    QString why;
    auto adaptive = vulkanContext(GpuOptions(), &why);
    ASSERT_TRUE(adaptive) << why.toStdString();
    {
        Pipeline p = makePipeline(*adaptive, qint64(n * 4));
        ASSERT_TRUE(p.scale);
        for (int i = 0; i < 3; ++i)
            ASSERT_TRUE(runOnce(*adaptive, p, x, y, 3.0f, 0.25f, &d1, &d2));
    }
    EXPECT_GT(adaptive->stats().frames, 0);
    if (adaptive->info().softwareDevice) {
        EXPECT_EQ(adaptive->stats().fencePollNs, 0);
    }
    Pipeline p = makePipeline(*direct, qint64(n * 4));
    ASSERT_TRUE(p.scale);
    ASSERT_TRUE(runOnce(*direct, p, x, y, 3.0f, 0.25f, &d1, &d2));
    EXPECT_GT(direct->stats().fencePollNs, 0);
}

}  // namespace
}  // namespace facet::gpu
