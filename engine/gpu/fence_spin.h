// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// How long a direct Vulkan submission polls its fence before it blocks (vulkan_direct.h).
//
// A blocking vkWaitForFences puts the thread to sleep and returns tens of microseconds after the
// GPU finished, which a decode step of a few milliseconds notices (H100 E2B decode, an earlier
// measurement: 182 tok/s polling against 176 blocking); polling instead keeps a CPU core busy for
// as long as the GPU works. So the wait polls for about as long as recent frames took, then
// blocks: decode steps (~4 ms on an H100) are caught by the poll, a frame that runs long or a
// GPU that works on long frames (a 300 ms prefill chunk) costs no CPU. H100, E2B Q4_K_M, against
// polling up to 20 ms per frame: decode 253-255 tok/s either way; a bench with four 2048-token
// prefills took 1.7-1.8 s of user CPU instead of 2.8 s.
#pragma once

#include <QtGlobal>

namespace facet::gpu {

enum class FenceSpin {
    Adaptive,  // poll for about the recent frames' time (FenceSpinBudget), then block
    Off,       // block at once
    Fixed,     // poll up to the configured time, then block
};

class FenceSpinBudget {
public:
    // Adaptive: the longest poll (frames expected to take longer block at once). Fixed: the poll.
    // Software devices (lavapipe) never poll in Adaptive mode: they run the frame on the CPU's
    // cores, and polling would take one away.
    FenceSpinBudget(FenceSpin mode, qint64 maxNs, bool softwareDevice);

    // Nanoseconds to poll after a submission before blocking (0: block at once).
    qint64 budgetNs() const;
    // A frame's time from its submission to when its fence was seen signalled.
    void addFrame(qint64 ns);
    // The smoothed recent frame time (-1 before the first frame).
    qint64 expectedFrameNs() const { return m_expectedNs; }

    // Adaptive's poll beyond the expected time: a quarter of it plus kMarginNs (frame times of
    // one shape vary by a few percent; a frame the poll misses costs one late wake-up).
    static constexpr qint64 kMarginNs = 500'000;

private:
    FenceSpin m_mode;
    qint64 m_maxNs;
    bool m_software;
    qint64 m_expectedNs = -1;
};

}  // namespace facet::gpu
