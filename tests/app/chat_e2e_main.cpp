// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// main() of the end-to-end app test. Unlike the other widget tests it keeps the platform the run
// chose: under xvfb-run that is xcb, where the engine thread can create a Vulkan instance
// (lavapipe on CI). Without a display it falls back to offscreen, where Qt 6.4 cannot create
// Vulkan instances, and the test suite then runs the engine on the CPU reference.
#include "support/gpu_process.h"

#include <gtest/gtest.h>

#include <QApplication>

int main(int argc, char **argv) {
    ::testing::InitGoogleTest(&argc, argv);
    facet::test::pinMesaDrivers();
    if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS();  // ctest discovery
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    return RUN_ALL_TESTS();
}
