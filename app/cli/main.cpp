// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "commands.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <memory>

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>

// Sanitizer builds only: Mesa's software drivers (lavapipe, llvmpipe: what CI's GPU is) allocate
// state once per load and never free it, and the Vulkan loader unloads the driver with its
// instance, which turns that state into a "leak" with no module name. Keeping the drivers loaded
// (RTLD_NODELETE) keeps it reachable, as tests/gpu/gpu_test_env.cpp does for the GPU tests.
static void pinMesaDrivers() {
    for (const char *lib :
         {"libvulkan_lvp.so", "libLLVM-15.so.1", "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so"})
        dlopen(lib, RTLD_NOW | RTLD_NODELETE);
}
#endif

int main(int argc, char *argv[]) {
    // The environment's GPU switches, read once, before anything runs.
    const facet::cli::Environment environment = facet::cli::Environment::read();
    // Commands that run the model on the GPU need a QGuiApplication (QRhi lives in QtGui); the
    // others stay a QCoreApplication, which needs no platform plugin. Without a display the GPU
    // runs headless through Vulkan's VK_KHR_display platform (no window is ever shown).
    std::unique_ptr<QCoreApplication> app;
    if (facet::cli::needsGpu(argc, argv)) {
#if defined(__SANITIZE_ADDRESS__)
        pinMesaDrivers();
#endif
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") &&
            !qEnvironmentVariableIsSet("DISPLAY") &&
            !qEnvironmentVariableIsSet("WAYLAND_DISPLAY")) {
            qputenv("QT_QPA_PLATFORM", "vkkhrdisplay");
        }
        if (!qEnvironmentVariableIsSet("QT_QPA_DISABLE_INPUT"))
            qputenv("QT_QPA_DISABLE_INPUT", "1");
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setOrganizationName(QStringLiteral("Facet"));
    QCoreApplication::setApplicationName(QStringLiteral("Facet"));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return facet::cli::run(args, environment);
}
