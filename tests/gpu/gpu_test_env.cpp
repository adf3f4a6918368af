// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu_test_env.h"

#include "gpu/gpu_environment.h"
#include "support/gpu_process.h"

#include <QGuiApplication>

#include <map>

namespace facet::test {

namespace {

struct Shared {
    std::unique_ptr<gpu::GpuContext> ctx;
    QString error;
    bool tried = false;
};

std::map<gpu::Backend, Shared> &shared() {
    static std::map<gpu::Backend, Shared> m;
    return m;
}
Shared &sharedTensor() {
    static Shared s;
    return s;
}

// Releases the shared contexts after the last test, while the QGuiApplication still exists.
class GpuEnvironment : public ::testing::Environment {
public:
    void TearDown() override {
        shared().clear();
        sharedTensor().ctx.reset();
    }
};

}  // namespace

gpu::GpuContext *sharedGpu(gpu::Backend backend, QString *why) {
    Shared &s = shared()[backend];
    if (!s.tried) {
        s.tried = true;
        gpu::GpuOptions options = gpu::gpuOptionsFromEnvironment();
        options.backend = backend;
        // The f32 kernels: the bounds the tests state are theirs (sharedTensorCoreGpu gives the
        // tensor-core builds).
        options.cooperativeMatrix = false;
        s.ctx = gpu::GpuContext::create(options, &s.error);
        if (s.ctx) {
            std::printf("[ gpu      ] %s\n", qPrintable(s.ctx->info().summary()));
        } else {
            std::printf("[ gpu      ] %s: %s\n", qPrintable(gpu::backendName(backend)),
                        qPrintable(s.error));
        }
    }
    if (!s.ctx && why) *why = s.error;
    return s.ctx.get();
}

gpu::GpuContext *sharedTensorCoreGpu() {
    Shared &s = sharedTensor();
    if (!s.tried) {
        s.tried = true;
        gpu::GpuOptions options = gpu::gpuOptionsFromEnvironment();
        options.backend = gpu::Backend::Vulkan;
        options.cooperativeMatrix = true;
        s.ctx = gpu::GpuContext::create(options, &s.error);
        if (s.ctx && !s.ctx->info().cooperativeMatrixNV) s.ctx.reset();
        std::printf("[ gpu      ] tensor cores: %s\n",
                    s.ctx ? qPrintable(s.ctx->info().summary()) : "none on this device");
    }
    return s.ctx.get();
}

std::vector<gpu::GpuContext *> kernelTestContexts(gpu::GpuContext *ctx) {
    std::vector<gpu::GpuContext *> out{ctx};
    if (ctx && ctx->info().backend == gpu::Backend::Vulkan) {
        if (gpu::GpuContext *t = sharedTensorCoreGpu()) out.push_back(t);
    }
    return out;
}

bool gpuBackendRequired(gpu::Backend backend) {
    if (backend == gpu::Backend::Vulkan) return true;
    if (backend == gpu::Backend::OpenGL) {
        return QGuiApplication::platformName() == QLatin1String("xcb") &&
               !qEnvironmentVariableIsSet("FACET_TEST_NO_GL");
    }
    return false;
}

std::string backendTestName(gpu::Backend backend) {
    switch (backend) {
        case gpu::Backend::Vulkan:
            return "Vulkan";
        case gpu::Backend::OpenGL:
            return "OpenGL";
        case gpu::Backend::Metal:
            return "Metal";
        case gpu::Backend::D3D11:
            return "D3D11";
    }
    return "Unknown";
}

std::unique_ptr<gpu::Buffer> makeBuffer(gpu::GpuContext &ctx, gpu::BufferKind kind,
                                        const void *data, qint64 bytes, qint64 capacity) {
    QString error;
    auto b = ctx.createBuffer(kind, std::max<qint64>({capacity, bytes, 4}),
                              QStringLiteral("test buffer"), &error);
    EXPECT_TRUE(b) << error.toStdString();
    if (b && bytes > 0) {
        EXPECT_TRUE(ctx.upload(*b, 0, data, bytes, &error)) << error.toStdString();
    }
    return b;
}

}  // namespace facet::test

int main(int argc, char **argv) {
    ::testing::InitGoogleTest(&argc, argv);
    facet::test::pinMesaDrivers();
    // Listing the tests (ctest discovery at build time) needs no GPU and no platform plugin.
    if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS();
    facet::test::useHeadlessGpuPlatformWithoutDisplay();
    QGuiApplication app(argc, argv);
    ::testing::AddGlobalTestEnvironment(new facet::test::GpuEnvironment);
    return RUN_ALL_TESTS();
}
