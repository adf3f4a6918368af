// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Measures how long the UI thread stays away from its event loop: while started, a 5 ms heartbeat
// timer on that thread, and every gap between two beats beyond the interval is a stall (the thread
// was busy, so the timer could not fire). A stall over ~50 ms is a visible freeze. Works in the
// application's own loop and in the nested loops tests run (which never block, so the event
// dispatcher's awake/aboutToBlock signals would miss them).
//
// The heartbeat wakes the thread 200 times a second, so the monitor does nothing until start():
// the app starts it only when FACET_REPORT_STALLS=1 is set (and reports at exit), the app tests
// when they measure.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

namespace facet::app {

class StallMonitor : public QObject {
    Q_OBJECT
public:
    // Watches the thread it is created on (create it on the UI thread), once started.
    explicit StallMonitor(QObject *parent = nullptr);

    // Starts the heartbeat and forgets earlier stalls; stop() ends it (the figures stay).
    void start();
    void stop();
    bool isRunning() const { return m_timer.isActive(); }

    // Forgets the stalls measured so far (the heartbeat keeps running, if it runs).
    void reset();
    // The longest stall since start() or reset(), in milliseconds.
    double longestStallMs() const { return double(m_longestNs) / 1e6; }
    // Stalls longer than 50 ms since start() or reset().
    int stallsOver50ms() const { return m_over50; }
    // "longest UI stall 12.3 ms, 0 over 50 ms"
    QString summary() const;

private:
    void beat();

    static constexpr int kIntervalMs = 5;
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastBeat = 0;
    qint64 m_longestNs = 0;
    int m_over50 = 0;
};

}  // namespace facet::app
