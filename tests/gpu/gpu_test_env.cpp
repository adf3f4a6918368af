#include "gpu_test_env.h"

#include <QGuiApplication>

#include <map>

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>
#endif

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

// Releases the shared contexts after the last test, while the QGuiApplication still exists.
class GpuEnvironment : public ::testing::Environment {
public:
    void TearDown() override { shared().clear(); }
};

}  // namespace

gpu::GpuContext *sharedGpu(gpu::Backend backend, QString *why) {
    Shared &s = shared()[backend];
    if (!s.tried) {
        s.tried = true;
        gpu::GpuOptions options;
        options.backend = backend;
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

#if defined(__SANITIZE_ADDRESS__)
// LeakSanitizer reports allocations that Mesa's lavapipe makes once per load and never frees.
// The Vulkan loader unloads the driver with every destroyed instance, and a leak inside an
// unloaded library has no module name, so tests/lsan.supp could not single it out. Pinning the
// driver (RTLD_NODELETE) keeps it mapped: the allocation happens once and is attributed to the
// Mesa module, which the suppression file names. Missing libraries are simply not pinned.
static void pinMesaDrivers() {
    for (const char *lib :
         {"libvulkan_lvp.so", "libLLVM-15.so.1", "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so"})
        dlopen(lib, RTLD_NOW | RTLD_NODELETE);
}
#endif

int main(int argc, char **argv) {
    ::testing::InitGoogleTest(&argc, argv);
#if defined(__SANITIZE_ADDRESS__)
    pinMesaDrivers();
#endif
    // Listing the tests (ctest discovery at build time) needs no GPU and no platform plugin.
    if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS();
    // Headless: vkkhrdisplay creates Vulkan instances without an X server ("offscreen" cannot
    // in Qt 6.4). Under xvfb-run, DISPLAY is set and xcb offers Vulkan and OpenGL.
    // QT_QPA_DISABLE_INPUT: vkkhrdisplay would otherwise open keyboards and mice through
    // libinput, which the tests do not need (and whose state it never frees: LeakSanitizer).
    if (!qEnvironmentVariableIsSet("DISPLAY") && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "vkkhrdisplay");
        if (!qEnvironmentVariableIsSet("QT_QPA_DISABLE_INPUT"))
            qputenv("QT_QPA_DISABLE_INPUT", "1");
    }
    QGuiApplication app(argc, argv);
    ::testing::AddGlobalTestEnvironment(new facet::test::GpuEnvironment);
    return RUN_ALL_TESTS();
}
