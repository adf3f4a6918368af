// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// EngineHost's shutdown: however long the engine takes to stop, the host waits for its thread
// (Qt aborts the process when a running QThread is destroyed) and says that it waits.
#include "chat/engine_host.h"

#include <QElapsedTimer>
#include <QStringList>
#include <QTest>
#include <QThread>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>

namespace facet::app {
namespace {

// Records the warnings Qt's message handler receives while it exists.
class WarningLog {
public:
    WarningLog() {
        s_lines.clear();
        s_previous = qInstallMessageHandler(&WarningLog::handle);
    }
    ~WarningLog() { qInstallMessageHandler(s_previous); }
    static QStringList lines() { return s_lines; }
    static bool contains(const QString &text) {
        for (const QString &line : s_lines)
            if (line.contains(text)) return true;
        return false;
    }

private:
    static void handle(QtMsgType type, const QMessageLogContext &context, const QString &text) {
        if (type == QtWarningMsg) s_lines.append(text);
        if (s_previous) s_previous(type, context, text);
    }
    static inline QtMessageHandler s_previous = nullptr;
    static inline QStringList s_lines;
};

// Occupies the engine's thread for `ms` milliseconds, as a long forward call or a large state
// file being saved does: the engine's shutdown runs only after it. Returns once it has begun.
class SlowStep {
public:
    SlowStep(EngineHost &host, int ms) {
        m_context.moveToThread(host.engineThread());
        QMetaObject::invokeMethod(
            &m_context,
            [this, ms] {
                m_since.start();
                m_started = true;
                QThread::msleep(ms);
                m_finished = true;
            },
            Qt::QueuedConnection);
        EXPECT_TRUE(QTest::qWaitFor([this] { return m_started.load(); }, 10000));
    }
    bool finished() const { return m_finished; }
    // Milliseconds since the step began (valid once the constructor has returned).
    qint64 msSinceStart() const { return m_since.elapsed(); }

private:
    QObject m_context;      // lives on the engine's thread; destroyed after that thread ended
    QElapsedTimer m_since;  // started before m_started is set, read after it is seen
    std::atomic<bool> m_started = false, m_finished = false;
};

TEST(EngineHost, ShutdownWithoutWorkIsQuickAndQuiet) {
    WarningLog log;
    EngineHost host;
    ASSERT_TRUE(host.isRunning());
    host.shutdown();
    EXPECT_FALSE(host.isRunning());
    EXPECT_LT(host.lastShutdownMs(), host.slowShutdownNoticeMs());
    EXPECT_FALSE(WarningLog::contains(QStringLiteral("facet: the engine")))
        << WarningLog::lines().join('\n').toStdString();
    host.shutdown();  // idempotent
    EXPECT_FALSE(host.isRunning());
}

// shutdown() returns only once the thread has ended, well after the notice; the warning says it
// waits, and a second one how long it took.
TEST(EngineHost, SlowShutdownWaitsForTheThreadAndSaysSo) {
    WarningLog log;
    EngineHost host;
    host.setSlowShutdownNoticeMs(50);
    SlowStep step(host, 800);
    // The step sleeps at least 800 ms from its start, so shutdown() lasts at least what was left
    // of it (less the moments between reading the clock here and shutdown()'s own start, which a
    // loaded machine can stretch: 200 ms allowed), and no longer than the call.
    const qint64 left = 800 - step.msSinceStart();
    QElapsedTimer timer;
    timer.start();
    host.shutdown();
    const qint64 call = timer.elapsed();
    EXPECT_FALSE(host.isRunning());
    EXPECT_TRUE(step.finished());
    EXPECT_LE(host.lastShutdownMs(), call);
    EXPECT_GE(host.lastShutdownMs(), left - 200) << "left of the step: " << left << " ms";
    EXPECT_GT(host.lastShutdownMs(), 50);
    EXPECT_TRUE(WarningLog::contains(QStringLiteral("has not stopped after 50 ms")))
        << WarningLog::lines().join('\n').toStdString();
    EXPECT_TRUE(WarningLog::contains(QStringLiteral("the engine stopped after")));
}

// The window's case: the host is destroyed (its destructor shuts down) while the engine is still
// busy past the notice. The process carries on and the engine's work has run to its end.
TEST(EngineHost, DestroyedDuringASlowShutdownWaitsInsteadOfAborting) {
    WarningLog log;
    auto host = std::make_unique<EngineHost>();
    host->setSlowShutdownNoticeMs(50);
    SlowStep step(*host, 800);
    host.reset();
    EXPECT_TRUE(step.finished());
    EXPECT_TRUE(WarningLog::contains(QStringLiteral("has not stopped")));
}

}  // namespace
}  // namespace facet::app
