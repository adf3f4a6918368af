// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/fence_spin.h"

#include <algorithm>

namespace facet::gpu {

FenceSpinBudget::FenceSpinBudget(FenceSpin mode, qint64 maxNs, bool softwareDevice)
    : m_mode(mode), m_maxNs(std::max<qint64>(0, maxNs)), m_software(softwareDevice) {}

qint64 FenceSpinBudget::budgetNs() const {
    switch (m_mode) {
        case FenceSpin::Off:
            return 0;
        case FenceSpin::Fixed:
            return m_maxNs;
        case FenceSpin::Adaptive:
            break;
    }
    if (m_software) return 0;
    // Nothing known yet: one frame polls up to the cap, as Fixed would.
    if (m_expectedNs < 0) return m_maxNs;
    // Frames longer than the cap: a late wake-up is a small part of them; block at once.
    if (m_expectedNs > m_maxNs) return 0;
    return std::min(m_maxNs, m_expectedNs + m_expectedNs / 4 + kMarginNs);
}

void FenceSpinBudget::addFrame(qint64 ns) {
    ns = std::max<qint64>(0, ns);
    // An exponential moving average over about the last two frames: steady decode steps keep it
    // put, and after a run of long frames (a prefill) the first short ones bring it back within
    // a few steps (each of those blocks, costing a late wake-up, never CPU).
    m_expectedNs = m_expectedNs < 0 ? ns : (m_expectedNs + ns) / 2;
}

}  // namespace facet::gpu
