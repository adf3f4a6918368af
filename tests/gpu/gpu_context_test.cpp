// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// GpuContext: creation (and its failure messages), buffers, chunked upload, readback, batches.
#include "gpu/gpu_context.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_environment.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"
#include "support/test_support.h"

#include <QGuiApplication>

#include <gtest/gtest.h>

#include <numeric>

namespace facet::gpu {
namespace {

using test::sharedGpu;

TEST(GpuBackend, ParsesNames) {
    EXPECT_EQ(parseBackend(QStringLiteral("Vulkan")), Backend::Vulkan);
    EXPECT_EQ(parseBackend(QStringLiteral(" opengl ")), Backend::OpenGL);
    EXPECT_EQ(parseBackend(QStringLiteral("gl")), Backend::OpenGL);
    EXPECT_EQ(parseBackend(QStringLiteral("metal")), Backend::Metal);
    EXPECT_EQ(parseBackend(QStringLiteral("d3d11")), Backend::D3D11);
    EXPECT_FALSE(parseBackend(QStringLiteral("bogus")).has_value());
    EXPECT_FALSE(parseBackend(QString()).has_value());
    for (Backend b : {Backend::Vulkan, Backend::OpenGL, Backend::Metal, Backend::D3D11})
        EXPECT_EQ(parseBackend(backendName(b)), b);
}

// The environment switches (gpu_environment.h) are read into GpuOptions; a value that does not
// parse is reported and leaves the option as it was.
TEST(GpuEnvironment, SwitchesBecomeOptions) {
    QProcessEnvironment env;
    QStringList problems;
    GpuOptions o = gpuOptionsFromEnvironment(env, GpuOptions(), &problems);
    EXPECT_TRUE(problems.isEmpty());
    EXPECT_FALSE(o.backend.has_value());
    EXPECT_EQ(o.deviceIndex, -1);
    EXPECT_TRUE(o.directVulkan);
    EXPECT_TRUE(o.ownVulkanDevice);
    EXPECT_FALSE(o.portableKernels);
    EXPECT_EQ(o.fenceSpin, FenceSpin::Adaptive);
    EXPECT_EQ(o.matVecSplit, MatVecSplitPolicy::Auto);
    EXPECT_EQ(o.matMulSplitTarget, 0u);

    env.insert(QStringLiteral("FACET_RHI_BACKEND"), QStringLiteral("OpenGL"));
    env.insert(QStringLiteral("FACET_GPU_DEVICE"), QStringLiteral("2"));
    env.insert(QStringLiteral("QT_VK_PHYSICAL_DEVICE_INDEX"), QStringLiteral("1"));
    env.insert(QStringLiteral("FACET_GPU_PORTABLE"), QStringLiteral("1"));
    env.insert(QStringLiteral("FACET_VK_DIRECT"), QStringLiteral("0"));
    env.insert(QStringLiteral("FACET_VK_OWN_DEVICE"), QStringLiteral("0"));
    env.insert(QStringLiteral("FACET_VK_SPIN_US"), QStringLiteral("250"));
    env.insert(QStringLiteral("FACET_MATVEC_SPLIT"), QStringLiteral("two"));
    env.insert(QStringLiteral("FACET_MATMUL_SPLIT"), QStringLiteral("old"));
    env.insert(QStringLiteral("QT_VULKAN_DEVICE_EXTENSIONS"), QStringLiteral("VK_A; VK_B"));
    o = gpuOptionsFromEnvironment(env, GpuOptions(), &problems);
    EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(o.backend, Backend::OpenGL);
    EXPECT_EQ(o.deviceIndex, 2);  // FACET_GPU_DEVICE before Qt's variable
    EXPECT_TRUE(o.portableKernels);
    EXPECT_FALSE(o.directVulkan);
    EXPECT_FALSE(o.ownVulkanDevice);
    EXPECT_EQ(o.fenceSpin, FenceSpin::Fixed);
    EXPECT_EQ(o.fenceSpinUs, 250);
    EXPECT_EQ(o.matVecSplit, MatVecSplitPolicy::TwoUnits);
    EXPECT_EQ(o.matMulSplitTarget, 1u);
    EXPECT_EQ(o.vulkanDeviceExtensions, QByteArrayList({"VK_A", "VK_B"}));

    env.remove(QStringLiteral("FACET_GPU_DEVICE"));
    env.insert(QStringLiteral("FACET_VK_SPIN_US"), QStringLiteral("0"));
    o = gpuOptionsFromEnvironment(env);
    EXPECT_EQ(o.deviceIndex, 1);
    EXPECT_EQ(o.fenceSpin, FenceSpin::Off);
}

TEST(GpuEnvironment, BadValuesAreReportedAndIgnored) {
    QProcessEnvironment env;
    env.insert(QStringLiteral("FACET_RHI_BACKEND"), QStringLiteral("bogus"));
    env.insert(QStringLiteral("FACET_GPU_DEVICE"), QStringLiteral("first"));
    env.insert(QStringLiteral("QT_VK_PHYSICAL_DEVICE_INDEX"), QStringLiteral("1"));
    env.insert(QStringLiteral("FACET_VK_DIRECT"), QStringLiteral("yes"));
    env.insert(QStringLiteral("FACET_MATVEC_SPLIT"), QStringLiteral("four"));
    GpuOptions base;
    base.backend = Backend::Vulkan;
    base.deviceIndex = 0;
    QStringList problems;
    const GpuOptions o = gpuOptionsFromEnvironment(env, base, &problems);
    EXPECT_EQ(o.backend, Backend::Vulkan);
    EXPECT_EQ(o.deviceIndex, 0);  // a bad FACET_GPU_DEVICE does not fall back to Qt's variable
    EXPECT_TRUE(o.directVulkan);
    EXPECT_EQ(o.matVecSplit, MatVecSplitPolicy::Auto);
    ASSERT_EQ(problems.size(), 4) << problems.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(problems[0].contains(QLatin1String("FACET_RHI_BACKEND=bogus")));
    EXPECT_TRUE(problems[0].contains(QLatin1String("vulkan, opengl")));
    EXPECT_TRUE(problems[1].contains(QLatin1String("FACET_GPU_DEVICE=first")));
    std::printf("[ message  ] %s\n", qPrintable(problems[0]));
}

TEST(GpuContextCreate, MissingVulkanDeviceIndexNamesTheDevices) {
    GpuOptions options;
    options.backend = Backend::Vulkan;
    options.deviceIndex = 99;
    QString error;
    auto ctx = GpuContext::create(options, &error);
    EXPECT_FALSE(ctx);
    EXPECT_TRUE(error.contains(QLatin1String("Vulkan device 99 does not exist")))
        << error.toStdString();
    EXPECT_TRUE(error.contains(QLatin1String("0: '"))) << error.toStdString();
    std::printf("[ message  ] %s\n", qPrintable(error));
}

TEST(GpuContextCreate, BackendOfAnotherPlatformIsRefused) {
    GpuOptions options;
    options.backend = Backend::D3D11;
    QString error;
    EXPECT_FALSE(GpuContext::create(options, &error));
    EXPECT_TRUE(error.contains(QLatin1String("d3d11 backend is not available")))
        << error.toStdString();
}

TEST(GpuContextCreate, ExplicitDeviceIndexIsUsed) {
    GpuOptions options;
    options.backend = Backend::Vulkan;
    options.deviceIndex = 0;
    QString error;
    auto ctx = GpuContext::create(options, &error);
    ASSERT_TRUE(ctx) << error.toStdString();
    EXPECT_EQ(ctx->info().deviceIndex, 0);
    EXPECT_FALSE(ctx->info().deviceName.isEmpty());
}

TEST(GpuContextCreate, DefaultIsVulkanWithLimits) {
    QString error;
    auto ctx = GpuContext::create(GpuOptions(), &error);
    ASSERT_TRUE(ctx) << error.toStdString();
    const GpuInfo &info = ctx->info();
    EXPECT_EQ(info.backend, Backend::Vulkan) << info.summary().toStdString();
    EXPECT_TRUE(info.fallbackReason.isEmpty());
    EXPECT_GE(info.maxStorageBufferRange, qint64(16) << 20);
    EXPECT_GE(info.maxWorkgroupSize, 256);
    EXPECT_GE(info.maxWorkgroupsPerDimension, 65535);
    EXPECT_GT(info.uniformBufferAlignment, 0);
    EXPECT_TRUE(info.apiVersion.startsWith(QLatin1String("Vulkan 1.")));
    std::printf("[ gpu      ] %s\n", qPrintable(info.summary()));
}

// Run as its own ctest entry with MESA_GL_VERSION_OVERRIDE=4.1 (see CMakeLists.txt): a driver
// without compute shaders must be refused with a message the user can act on.
TEST(GpuContextCreate, OpenGLWithoutComputeIsRefused) {
    if (!qEnvironmentVariableIsSet("FACET_TEST_EXPECT_GL_WITHOUT_COMPUTE"))
        GTEST_SKIP() << "runs as gpu_opengl41_refused with a GL 4.1 driver override";
    if (QGuiApplication::platformName() != QLatin1String("xcb"))
        GTEST_SKIP() << "needs an X display for OpenGL";
    GpuOptions options;
    options.backend = Backend::OpenGL;
    QString error;
    EXPECT_FALSE(GpuContext::create(options, &error));
    EXPECT_TRUE(error.contains(QLatin1String("does not support compute shaders (OpenGL 4.1")))
        << error.toStdString();
    EXPECT_TRUE(error.contains(QLatin1String("update the driver or choose Vulkan")))
        << error.toStdString();
    std::printf("[ message  ] %s\n", qPrintable(error));
}

// Run as its own ctest entry with the Vulkan loader pointed at no driver: the automatic choice
// falls back to OpenGL and says why.
TEST(GpuContextCreate, AutomaticChoiceFallsBackToOpenGL) {
    if (!qEnvironmentVariableIsSet("FACET_TEST_EXPECT_NO_VULKAN"))
        GTEST_SKIP() << "runs as gpu_fallback_to_opengl without a Vulkan driver";
    if (QGuiApplication::platformName() != QLatin1String("xcb"))
        GTEST_SKIP() << "needs an X display for OpenGL";
    QString error;
    auto ctx = GpuContext::create(GpuOptions(), &error);
    ASSERT_TRUE(ctx) << error.toStdString();
    EXPECT_EQ(ctx->info().backend, Backend::OpenGL);
    EXPECT_TRUE(ctx->info().fallbackReason.startsWith(QLatin1String("Vulkan is not available")))
        << ctx->info().fallbackReason.toStdString();
    std::printf("[ message  ] %s\n", qPrintable(ctx->info().fallbackReason));
    // An explicit Vulkan request does not fall back.
    GpuOptions vulkan;
    vulkan.backend = Backend::Vulkan;
    EXPECT_FALSE(GpuContext::create(vulkan, &error));
    EXPECT_FALSE(error.isEmpty());
}

using GpuContextTest = test::GpuBackendTest;

TEST_P(GpuContextTest, ChunkedUploadOfABufferLargerThanTheChunk) {
    auto rng = test::seededRng();
    const qint64 bytes = 300001;  // odd, and many chunks
    QByteArray data(bytes, Qt::Uninitialized);
    for (auto &c : data)
        c = char(rng() & 0xFF);
    QString error;
    auto buf =
        ctx->createBuffer(BufferKind::Weights, bytes + 12, QStringLiteral("chunked"), &error);
    ASSERT_TRUE(buf) << error.toStdString();
    EXPECT_EQ(buf->size(), bytes + 12);
    EXPECT_EQ(buf->allocatedSize() % 16, 0);

    const qint64 oldChunk = ctx->uploadChunkBytes();
    ctx->setUploadChunkBytes(4093);
    const qint64 before = ctx->stats().uploadBatches;
    const bool ok = ctx->upload(*buf, 12, data.constData(), bytes, &error);
    const qint64 batches = ctx->stats().uploadBatches - before;
    ctx->setUploadChunkBytes(oldChunk);
    ASSERT_TRUE(ok) << error.toStdString();
    EXPECT_EQ(batches, (bytes + 4092) / 4093);

    QByteArray back(bytes, Qt::Uninitialized);
    ASSERT_TRUE(ctx->readBack(*buf, 12, bytes, back.data(), &error)) << error.toStdString();
    EXPECT_TRUE(back == data);
    // A partial readback at an unaligned offset.
    QByteArray part(1001, Qt::Uninitialized);
    ASSERT_TRUE(ctx->readBack(*buf, 12 + 777, 1001, part.data(), &error));
    EXPECT_TRUE(part == data.mid(777, 1001));
}

TEST_P(GpuContextTest, BufferAndRangeErrorsAreReported) {
    QString error;
    EXPECT_FALSE(ctx->createBuffer(BufferKind::Storage, 0, QStringLiteral("empty"), &error));
    EXPECT_TRUE(error.contains(QLatin1String("out of range")));
    EXPECT_FALSE(
        ctx->createBuffer(BufferKind::Storage, qint64(3) << 30, QStringLiteral("huge"), &error));
    auto buf = ctx->createBuffer(BufferKind::Storage, 64, QStringLiteral("small"), &error);
    ASSERT_TRUE(buf);
    const char data[80] = {};
    EXPECT_FALSE(ctx->upload(*buf, 8, data, 80, &error));
    EXPECT_TRUE(error.contains(QLatin1String("does not fit")));

    const Kernel *k = ctx->kernel(KernelId::RmsNorm, &error);
    ASSERT_TRUE(k) << error.toStdString();
    EXPECT_FALSE(ctx->bind(*k, {*buf, *buf}, &error));
    EXPECT_TRUE(error.contains(QLatin1String("2 buffers given"))) << error.toStdString();
    EXPECT_FALSE(ctx->bind(*k, {*buf, *buf, BufferView(*buf, 1, 16)}, &error));
    EXPECT_TRUE(error.contains(QLatin1String("alignment"))) << error.toStdString();
}

TEST_P(GpuContextTest, EveryKernelLoadsAndMatchesItsParameterStruct) {
    for (int i = 0; i < kKernelCount; ++i) {
        QString error;
        const Kernel *k = ctx->kernel(KernelId(i), &error);
        ASSERT_TRUE(k) << error.toStdString();
        EXPECT_EQ(k->name(), kernelName(KernelId(i)));
        // The registry checked the bindings against the shader; every kernel reads or writes at
        // least one storage buffer (attention_bidir works in place in the activations).
        EXPECT_GE(k->storage().size(), 1u) << k->name().toStdString();
        EXPECT_GE(k->localSize()[0], 64);
    }
}

// Many dispatches in one compute pass, each depending on the previous one, each with its own
// parameters: W_i are permutation matrices (entries 0 and 1, so every product and sum is exact)
// stored side by side in one weight buffer and selected by wOffset; the ping-pong between two
// buffers is only correct if QRhi orders the dispatches (barriers) and every dispatch sees its
// own parameter block.
void runPermutationChain(GpuContext &ctx, int dispatches) {
    auto rng = test::seededRng();
    const uint32_t n = 96;
    const int mats = 3;
    std::vector<std::vector<uint32_t>> perms(mats, std::vector<uint32_t>(n));
    std::vector<float> w;
    for (auto &p : perms) {
        std::iota(p.begin(), p.end(), 0u);
        std::shuffle(p.begin(), p.end(), rng);
        for (uint32_t row = 0; row < n; ++row) {
            for (uint32_t k = 0; k < n; ++k)
                w.push_back(p[row] == k ? 1.0f : 0.0f);
        }
    }
    std::vector<float> x(n);
    std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
    for (auto &v : x)
        v = dist(rng);

    auto wBuf = test::makeBuffer(ctx, BufferKind::Weights, w);
    auto a = test::makeBuffer(ctx, BufferKind::Storage, x);
    auto b = test::makeBuffer(ctx, BufferKind::Storage, std::vector<float>(n, 0.0f));
    ASSERT_TRUE(wBuf && a && b);
    QString error;
    const Kernel *k = ctx.kernel(KernelId::MatVecF32, &error);
    ASSERT_TRUE(k) << error.toStdString();
    auto ab = ctx.bind(*k, {*wBuf, *a, *b, *wBuf}, &error);
    auto ba = ctx.bind(*k, {*wBuf, *b, *a, *wBuf}, &error);
    ASSERT_TRUE(ab && ba) << error.toStdString();

    ComputeBatch batch;
    std::vector<float> expect = x;
    for (int i = 0; i < dispatches; ++i) {
        const int m = i % mats;
        MatVecParams p;
        p.K = n;
        p.N = n;
        p.rowBytes = n * 4;
        p.wOffset = uint32_t(m) * n * n * 4;
        p.xStride = n;
        p.yStride = n;
        ASSERT_TRUE(recordMatVec(batch, i % 2 == 0 ? *ab : *ba, p, 1, &error));
        std::vector<float> next(n);
        for (uint32_t row = 0; row < n; ++row)
            next[row] = expect[perms[m][row]];
        expect = next;
    }
    QByteArray out;
    batch.readBack(dispatches % 2 == 0 ? *a : *b, 0, n * 4, &out);
    const qint64 framesBefore = ctx.stats().frames;
    ASSERT_TRUE(ctx.submit(batch, &error)) << error.toStdString();
    const qint64 frames = ctx.stats().frames - framesBefore;
    std::printf("[ gpu      ] %d dependent dispatches in %lld frame(s)\n", dispatches,
                static_cast<long long>(frames));
    ASSERT_EQ(out.size(), qint64(n * 4));
    EXPECT_EQ(std::memcmp(out.constData(), expect.data(), n * 4), 0);
    EXPECT_TRUE(batch.isEmpty());
}

TEST_P(GpuContextTest, ManyDependentDispatchesInOneComputePass) {
    const qint64 before = ctx->stats().frames;
    runPermutationChain(*ctx, 151);
    if (HasFatalFailure()) return;
    // Uploads and readbacks run as frames of their own in the helper; the chain itself is one.
    EXPECT_GE(ctx->stats().frames - before, 1);
}

TEST_P(GpuContextTest, BatchLargerThanTheParameterArenaIsSplitIntoFrames) {
    GpuOptions options;
    options.backend = GetParam();
    options.paramArenaBytes = 512;  // a few parameter blocks per frame
    QString error;
    auto small = GpuContext::create(options, &error);
    ASSERT_TRUE(small) << error.toStdString();
    const qint64 before = small->stats().frames;
    runPermutationChain(*small, 40);
    EXPECT_GT(small->stats().frames - before, 3);
}

TEST_P(GpuContextTest, RecordingErrorsAreReportedBySubmit) {
    QString error;
    const Kernel *k = ctx->kernel(KernelId::RmsNorm, &error);
    ASSERT_TRUE(k);
    auto buf = ctx->createBuffer(BufferKind::Storage, 256, QStringLiteral("b"), &error);
    auto bindings = ctx->bind(*k, {*buf, *buf, *buf}, &error);
    ASSERT_TRUE(bindings) << error.toStdString();
    ComputeBatch batch;
    ArgmaxParams wrong;  // not rmsnorm's parameter block
    batch.dispatch(*bindings, wrong, 1);
    EXPECT_FALSE(ctx->submit(batch, &error));
    EXPECT_TRUE(error.contains(QLatin1String("16-byte parameter block"))) << error.toStdString();
    RmsNormParams p;
    batch.dispatch(*bindings, p, 0);
    EXPECT_FALSE(ctx->submit(batch, &error));
    EXPECT_TRUE(error.contains(QLatin1String("workgroups"))) << error.toStdString();
    // The batch was cleared; an empty batch is fine.
    EXPECT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuContextTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
