// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// main() of the widget test programs: the QApplication lives in main's frame, so it is destroyed
// before the process's static destructors run. A function-local static QApplication was
// destroyed among them, after state its children's destructors still use, and crashed at exit
// once the main window with its docks had been shown.
#include <gtest/gtest.h>

#include <QApplication>

int main(int argc, char **argv) {
    ::testing::InitGoogleTest(&argc, argv);
    // Listing the tests (ctest discovery at build time) and plain runs need no display:
    // "offscreen" unless the caller chose a platform (QT_QPA_PLATFORM=xcb under xvfb-run).
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    return RUN_ALL_TESTS();
}
