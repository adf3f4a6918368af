// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "stall_monitor.h"

#include <algorithm>

namespace facet::app {

StallMonitor::StallMonitor(QObject *parent) : QObject(parent) {
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(kIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &StallMonitor::beat);
    m_clock.start();
}

void StallMonitor::start() {
    reset();
    m_timer.start();
}

void StallMonitor::stop() {
    m_timer.stop();
}

void StallMonitor::reset() {
    m_longestNs = 0;
    m_over50 = 0;
    m_lastBeat = m_clock.nsecsElapsed();
}

void StallMonitor::beat() {
    const qint64 now = m_clock.nsecsElapsed();
    const qint64 late = now - m_lastBeat - qint64(kIntervalMs) * 1'000'000;
    m_lastBeat = now;
    if (late <= 0) return;
    m_longestNs = std::max(m_longestNs, late);
    if (late > 50'000'000) ++m_over50;
}

QString StallMonitor::summary() const {
    return QStringLiteral("longest UI stall %1 ms, %2 over 50 ms")
        .arg(longestStallMs(), 0, 'f', 1)
        .arg(m_over50);
}

}  // namespace facet::app
