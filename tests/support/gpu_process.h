// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Process set-up shared by test programs that use the GPU (tests/gpu, tests/session).
#pragma once

#include <QByteArray>
#include <QtGlobal>

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>
#endif

namespace facet::test {

// LeakSanitizer reports allocations that Mesa's lavapipe makes once per load and never frees.
// The Vulkan loader unloads the driver with every destroyed instance, and a leak inside an
// unloaded library has no module name, so tests/lsan.supp could not single it out. Pinning the
// driver (RTLD_NODELETE) keeps it mapped: the allocation happens once and is attributed to the
// Mesa module, which the suppression file names. Missing libraries are simply not pinned. Does
// nothing outside sanitizer builds.
inline void pinMesaDrivers() {
#if defined(__SANITIZE_ADDRESS__)
    for (const char *lib :
         {"libvulkan_lvp.so", "libLLVM-15.so.1", "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so"})
        dlopen(lib, RTLD_NOW | RTLD_NODELETE);
#endif
}

// Headless: vkkhrdisplay creates Vulkan instances without an X server ("offscreen" cannot in Qt
// 6.4). Under xvfb-run, DISPLAY is set and xcb offers Vulkan and OpenGL. QT_QPA_DISABLE_INPUT:
// vkkhrdisplay would otherwise open keyboards and mice through libinput, which the tests do not
// need (and whose state it never frees: LeakSanitizer). Call before creating the application.
inline void useHeadlessGpuPlatformWithoutDisplay() {
    if (!qEnvironmentVariableIsSet("DISPLAY") && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "vkkhrdisplay");
        if (!qEnvironmentVariableIsSet("QT_QPA_DISABLE_INPUT"))
            qputenv("QT_QPA_DISABLE_INPUT", "1");
    }
}

// The main() of a test binary whose tests need a GUI application with a GPU platform: listing
// the tests (ctest discovery at build time) needs neither a GPU nor a platform plugin.
#define FACET_GPU_TEST_MAIN()                                          \
    int main(int argc, char **argv) {                                  \
        ::testing::InitGoogleTest(&argc, argv);                        \
        facet::test::pinMesaDrivers();                                 \
        if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS(); \
        facet::test::useHeadlessGpuPlatformWithoutDisplay();           \
        QGuiApplication app(argc, argv);                               \
        return RUN_ALL_TESTS();                                        \
    }

}  // namespace facet::test
