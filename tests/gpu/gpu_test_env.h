// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Shared set-up for the GPU tests: the test main creates a QGuiApplication (headless through
// vkkhrdisplay when no display is configured) and one GpuContext per backend, created on first
// use and shared by all tests, released before the application goes away.
#pragma once

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/ops.h"

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace facet::gpu {
// Readable parameter values in test listings ("vulkan" instead of a byte dump).
inline void PrintTo(Backend backend, std::ostream *os) {
    *os << backendName(backend).toStdString();
}
}  // namespace facet::gpu

namespace facet::test {

// Sets a context's mat-vec work split policy for a scope (restoring the previous one); software
// devices otherwise run every product in rows mode.
class SplitPolicyScope {
public:
    SplitPolicyScope(gpu::GpuContext &ctx, gpu::MatVecSplitPolicy policy)
        : m_ctx(ctx), m_saved(ctx.matVecSplitPolicy()) {
        ctx.setMatVecSplitPolicy(policy);
    }
    ~SplitPolicyScope() { m_ctx.setMatVecSplitPolicy(m_saved); }
    SplitPolicyScope(const SplitPolicyScope &) = delete;
    SplitPolicyScope &operator=(const SplitPolicyScope &) = delete;

private:
    gpu::GpuContext &m_ctx;
    gpu::MatVecSplitPolicy m_saved;
};

// The shared context for `backend` (with the environment's GpuOptions, gpu_environment.h, so
// FACET_VK_DIRECT=0 or FACET_GPU_PORTABLE=1 runs the suite on those paths); nullptr with *why
// set when it cannot be created.
gpu::GpuContext *sharedGpu(gpu::Backend backend, QString *why);
// A second Vulkan context with the tensor-core kernel builds (GpuOptions::cooperativeMatrix), or
// nullptr where the device has none (every CI machine: lavapipe). sharedGpu's contexts load the
// f32 builds, whose error bounds the tests state.
gpu::GpuContext *sharedTensorCoreGpu();
// The contexts a kernel test checks: ctx, plus the tensor-core one when ctx is Vulkan and the
// device has tensor cores (a kernel's tensor-core build is tested on the GPU machine).
std::vector<gpu::GpuContext *> kernelTestContexts(gpu::GpuContext *ctx);

// Whether a failure to create `backend` is a test failure (true) or a reason to skip (false).
// Vulkan (lavapipe on CI) is always required; OpenGL only when an X display is available (under
// xvfb-run llvmpipe provides GL 4.5; vkkhrdisplay has no GL).
bool gpuBackendRequired(gpu::Backend backend);

// "Vulkan"/"OpenGL" for parameterised test names.
std::string backendTestName(gpu::Backend backend);

// Creates a buffer and fills it (test helper; fails the test on error).
std::unique_ptr<gpu::Buffer> makeBuffer(gpu::GpuContext &ctx, gpu::BufferKind kind,
                                        const void *data, qint64 bytes, qint64 capacity = -1);

template <typename T>
std::unique_ptr<gpu::Buffer> makeBuffer(gpu::GpuContext &ctx, gpu::BufferKind kind,
                                        const std::vector<T> &v, qint64 capacity = -1) {
    return makeBuffer(ctx, kind, v.data(), qint64(v.size() * sizeof(T)), capacity);
}

template <typename T>
std::vector<T> readVector(gpu::GpuContext &ctx, const gpu::Buffer &b, size_t count,
                          qint64 byteOffset = 0) {
    std::vector<T> out(count);
    QString error;
    EXPECT_TRUE(ctx.readBack(b, byteOffset, qint64(count * sizeof(T)), out.data(), &error))
        << error.toStdString();
    return out;
}

// Base fixture of the backend-parameterised GPU tests: the shared context for GetParam(), a
// failure when that backend is required here, a skip otherwise (OpenGL without a display).
class GpuBackendTest : public ::testing::TestWithParam<gpu::Backend> {
protected:
    void SetUp() override {
        QString why;
        ctx = sharedGpu(GetParam(), &why);
        if (!ctx) {
            if (gpuBackendRequired(GetParam())) FAIL() << why.toStdString();
            GTEST_SKIP() << why.toStdString();
        }
    }
    // The kernel, or a test failure (thrown, so the test stops instead of using a null kernel).
    const gpu::Kernel &kernel(gpu::KernelId id) {
        QString error;
        const gpu::Kernel *k = ctx->kernel(id, &error);
        if (!k) throw std::runtime_error("kernel failed to load: " + error.toStdString());
        return *k;
    }
    gpu::GpuContext *ctx = nullptr;
};

// n uniform floats in [lo, hi) (fresh random data for the kernel tests).
inline std::vector<float> randomFloats(std::mt19937_64 &rng, size_t n, float lo, float hi) {
    std::uniform_real_distribution<float> d(lo, hi);
    std::vector<float> v(n);
    for (auto &x : v)
        x = d(rng);
    return v;
}

}  // namespace facet::test
