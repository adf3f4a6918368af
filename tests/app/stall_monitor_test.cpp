// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// StallMonitor: measures UI-thread stalls only once started (its 5 ms heartbeat would otherwise
// wake the UI thread 200 times a second for the app's whole life).
#include "chat/stall_monitor.h"

#include <QTest>
#include <QThread>

#include <gtest/gtest.h>

namespace facet::app {
namespace {

// Blocks the calling (UI) thread, then lets its event loop run.
void stallFor(int ms) {
    QThread::msleep(ms);
    QTest::qWait(30);
}

TEST(StallMonitor, DoesNothingUntilStarted) {
    StallMonitor monitor;
    EXPECT_FALSE(monitor.isRunning());
    stallFor(120);
    EXPECT_EQ(monitor.longestStallMs(), 0.0);
    EXPECT_EQ(monitor.stallsOver50ms(), 0);
}

TEST(StallMonitor, ReportsAStallOnceStarted) {
    StallMonitor monitor;
    monitor.start();
    EXPECT_TRUE(monitor.isRunning());
    QTest::qWait(30);
    stallFor(120);
    // The beat after the stall came ~115 ms late (5 ms interval); allow for timer slack.
    EXPECT_GE(monitor.longestStallMs(), 100.0);
    EXPECT_LT(monitor.longestStallMs(), 5000.0);
    // The stall is counted; on a loaded machine (tests run in parallel) the scheduler can add
    // one of its own, so "at least one", and the summary says how many.
    const int stalls = monitor.stallsOver50ms();
    EXPECT_GE(stalls, 1);
    EXPECT_TRUE(monitor.summary().endsWith(QStringLiteral(" ms, %1 over 50 ms").arg(stalls)))
        << monitor.summary().toStdString();

    // reset() forgets; stop() ends the heartbeat and later stalls are not counted.
    monitor.reset();
    EXPECT_EQ(monitor.stallsOver50ms(), 0);
    monitor.stop();
    EXPECT_FALSE(monitor.isRunning());
    stallFor(120);
    EXPECT_EQ(monitor.stallsOver50ms(), 0);
    EXPECT_EQ(monitor.longestStallMs(), 0.0);
}

}  // namespace
}  // namespace facet::app
