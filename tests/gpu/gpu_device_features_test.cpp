// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The VkDevice Facet creates itself and hands to QRhi (GpuInfo::ownDevice): the features Qt 6.4
// does not enable (int8 dot product, 8/16-bit storage, int8/float16 arithmetic, subgroup size
// control) are on where the device has them, kernels still run on it through both submission
// paths, GpuOptions::ownVulkanDevice off gives Qt's device without them, and contexts can be
// created and destroyed one after another (each destroys its device; a new one may reuse the handle
// value).
//
// Named *Vulkan* so that gpu_tests_validated runs them under the Khronos validation layer too:
// the device creation (feature structs, extensions) and its destruction must be valid usage.
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"

#include <QRegularExpression>
#include <QVersionNumber>
#include <QVulkanInstance>

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace facet::gpu {
namespace {

std::unique_ptr<GpuContext> vulkanContext(bool direct, QString *why, bool ownDevice = true) {
    GpuOptions options;
    options.backend = Backend::Vulkan;
    options.directVulkan = direct;
    options.ownVulkanDevice = ownDevice;
    return GpuContext::create(options, why);
}

// out = (x + y) * 0.5 and then out2 = out * 4 through the elementwise kernel (the second dispatch
// reads what the first wrote), on small integers and halves, so every result is exact in f32.
// Returns false (with a test failure) when anything does not run or a value is wrong.
bool roundTrip(GpuContext &ctx) {
    const size_t n = 1000;
    std::vector<float> x(n), y(n), expected(n), expected2(n);
    for (size_t i = 0; i < n; ++i) {
        x[i] = float(int(i % 97) - 48);
        y[i] = float(2 * int(i % 31) + 1);
        expected[i] = (x[i] + y[i]) * 0.5f;
        expected2[i] = expected[i] * 4.0f;
    }
    QString error;
    auto bx = test::makeBuffer(ctx, BufferKind::Storage, x);
    auto by = test::makeBuffer(ctx, BufferKind::Storage, y);
    auto out = ctx.createBuffer(BufferKind::Storage, qint64(n * 4), QStringLiteral("out"), &error);
    auto out2 =
        ctx.createBuffer(BufferKind::Storage, qint64(n * 4), QStringLiteral("out2"), &error);
    const Kernel *k = ctx.kernel(KernelId::Elementwise, &error);
    if (!bx || !by || !out || !out2 || !k) {
        ADD_FAILURE() << "set-up failed: " << error.toStdString();
        return false;
    }
    auto first = ctx.bind(*k, {*bx, *by, *out}, &error);
    auto second = ctx.bind(*k, {*out, *out, *out2}, &error);
    if (!first || !second) {
        ADD_FAILURE() << error.toStdString();
        return false;
    }
    ComputeBatch batch;
    ElementwiseParams e;
    e.n = uint32_t(n);
    e.rows = 1;
    e.mode = uint32_t(ElementwiseMode::AddScale);
    e.s = 0.5f;
    ElementwiseParams s = e;
    s.mode = uint32_t(ElementwiseMode::Scale);
    s.s = 4.0f;
    QByteArray a, b;
    if (!recordElementwise(batch, *first, e, &error) ||
        !recordElementwise(batch, *second, s, &error)) {
        ADD_FAILURE() << error.toStdString();
        return false;
    }
    batch.readBack(*out, 0, qint64(n * 4), &a);
    batch.readBack(*out2, 0, qint64(n * 4), &b);
    if (!ctx.submit(batch, &error)) {
        ADD_FAILURE() << error.toStdString();
        return false;
    }
    if (a.size() != qsizetype(n * 4) || b.size() != qsizetype(n * 4)) {
        ADD_FAILURE() << "readback sizes " << a.size() << ", " << b.size();
        return false;
    }
    std::vector<float> got(n), got2(n);
    std::memcpy(got.data(), a.constData(), n * 4);
    std::memcpy(got2.data(), b.constData(), n * 4);
    EXPECT_EQ(got, expected);
    EXPECT_EQ(got2, expected2);
    return got == expected && got2 == expected2;
}

// The Vulkan 1.x minor version both the loader (the instance API GpuContext asks for) and the
// device support; -1 when the device's version cannot be read from GpuInfo::apiVersion.
int effectiveMinor(const GpuInfo &info) {
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("^Vulkan 1\\.(\\d+)")).match(info.apiVersion);
    if (!m.hasMatch()) return -1;
    QVulkanInstance probe;
    const QVersionNumber loader = probe.supportedApiVersion();
    const int loaderMinor = loader.majorVersion() == 1 ? loader.minorVersion() : 0;
    return std::min(m.captured(1).toInt(), loaderMinor);
}

bool isLavapipe(const GpuInfo &info) {
    return info.softwareDevice && info.deviceName.contains(QLatin1String("llvmpipe"));
}

TEST(GpuVulkanDevice, OwnDeviceEnablesTheKernelFeatures) {
    QString why;
    auto ctx = vulkanContext(true, &why);
    ASSERT_TRUE(ctx) << why.toStdString();
    const GpuInfo &info = ctx->info();
    const int minor = effectiveMinor(info);
    ASSERT_GE(minor, 0) << info.apiVersion.toStdString();
    std::printf(
        "[ device   ] %s: own %d, int8 dot %d (accelerated %d), int8 %d, fp16 %d, "
        "storage16 %d, storage8 %d, subgroup size control %d\n",
        qPrintable(info.deviceName), info.ownDevice, info.integerDotProduct,
        info.integerDotAccelerated, info.shaderInt8, info.shaderFloat16, info.storage16Bit,
        info.storage8Bit, info.subgroupSizeControl);
    if (minor < 1) {
        // A Vulkan 1.0 instance or device: Qt creates the device, with none of the features.
        EXPECT_FALSE(info.ownDevice);
        EXPECT_FALSE(info.integerDotProduct);
    } else {
        EXPECT_TRUE(info.ownDevice);
        // Vulkan 1.3 requires both; so do Mesa 22.3+'s lavapipe on 1.1 and 1.2 instances.
        if (minor >= 3 || isLavapipe(info)) {
            EXPECT_TRUE(info.integerDotProduct);
            EXPECT_TRUE(info.subgroupSizeControl);
        }
        // lavapipe reports all of these (vulkaninfo on Mesa 22.3).
        if (isLavapipe(info)) {
            EXPECT_TRUE(info.shaderInt8);
            EXPECT_TRUE(info.shaderFloat16);
            EXPECT_TRUE(info.storage16Bit);
            EXPECT_TRUE(info.storage8Bit);
            // It emulates the dot product in LLVM code: not accelerated.
            EXPECT_FALSE(info.integerDotAccelerated);
        }
    }
    EXPECT_FALSE(!info.integerDotProduct && info.integerDotAccelerated);
    EXPECT_EQ(info.summary().contains(QLatin1String("int8 dot product")), info.integerDotProduct)
        << info.summary().toStdString();
    EXPECT_TRUE(info.directSubmission);
    EXPECT_TRUE(roundTrip(*ctx));

    // The same device set-up through QRhi's command lists.
    auto qrhi = vulkanContext(false, &why);
    ASSERT_TRUE(qrhi) << why.toStdString();
    EXPECT_FALSE(qrhi->info().directSubmission);
    EXPECT_EQ(qrhi->info().ownDevice, info.ownDevice);
    EXPECT_EQ(qrhi->info().integerDotProduct, info.integerDotProduct);
    EXPECT_TRUE(roundTrip(*qrhi));
}

TEST(GpuVulkanDevice, OwnDeviceOffGivesQtsDeviceWithoutTheFeatures) {
    for (bool direct : {true, false}) {
        SCOPED_TRACE(direct ? "direct submission" : "QRhi command lists");
        QString why;
        auto ctx = vulkanContext(direct, &why, false);
        ASSERT_TRUE(ctx) << why.toStdString();
        const GpuInfo &info = ctx->info();
        EXPECT_FALSE(info.ownDevice);
        EXPECT_FALSE(info.integerDotProduct);
        EXPECT_FALSE(info.integerDotAccelerated);
        EXPECT_FALSE(info.shaderInt8);
        EXPECT_FALSE(info.shaderFloat16);
        EXPECT_FALSE(info.storage16Bit);
        EXPECT_FALSE(info.storage8Bit);
        EXPECT_FALSE(info.subgroupSizeControl);
        EXPECT_FALSE(info.summary().contains(QLatin1String("int8 dot product")));
        EXPECT_EQ(info.directSubmission, direct);
        EXPECT_TRUE(roundTrip(*ctx));
    }
}

// Created, used and destroyed one after another, then two alive at once (one with each kind of
// device): each context's device and everything made on it must be independent of the others.
TEST(GpuVulkanDevice, ContextsOneAfterAnotherAndSideBySide) {
    for (int round = 0; round < 3; ++round) {
        SCOPED_TRACE(round);
        QString why;
        auto ctx = vulkanContext(true, &why);
        ASSERT_TRUE(ctx) << why.toStdString();
        EXPECT_TRUE(roundTrip(*ctx));
    }
    QString why;
    auto own = vulkanContext(true, &why);
    ASSERT_TRUE(own) << why.toStdString();
    std::unique_ptr<GpuContext> qt = vulkanContext(true, &why, false);
    ASSERT_TRUE(qt) << why.toStdString();
    EXPECT_FALSE(qt->info().ownDevice);
    EXPECT_TRUE(roundTrip(*own));
    EXPECT_TRUE(roundTrip(*qt));
    own.reset();  // the first-created goes first: the other must not depend on it
    EXPECT_TRUE(roundTrip(*qt));
}

}  // namespace
}  // namespace facet::gpu
