// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio/audio_clips.h"

#include <algorithm>
#include <limits>

namespace facet::audio {

std::vector<AudioClip> splitIntoClips(std::span<const float> samples, const ClipOptions &o) {
    std::vector<AudioClip> clips;
    const int64_t n = int64_t(samples.size());
    const int64_t maxSamples = std::max<int64_t>(o.maxSamples, 1);
    const int64_t window = std::clamp<int64_t>(o.windowSamples, 1, maxSamples);
    const int64_t hop = std::max<int64_t>(o.hopSamples, 1);
    const int64_t search = std::clamp<int64_t>(o.searchSamples, window, maxSamples);
    int64_t pos = 0;
    while (n - pos > maxSamples) {
        const int64_t limit = pos + maxSamples;
        const int64_t from = limit - search;
        // Windows that end by the limit; on a tie the later one keeps the clip longer.
        double best = std::numeric_limits<double>::infinity();
        int64_t bestStart = from;
        for (int64_t s = 0; s + window <= search; s += hop) {
            // Summed afresh per window (not as a difference of running sums) so that equal
            // windows give exactly equal energies and the tie rule holds.
            double e = 0.0;
            for (int64_t i = from + s; i < from + s + window; ++i)
                e += double(samples[size_t(i)]) * double(samples[size_t(i)]);
            if (e <= best) {
                best = e;
                bestStart = from + s;
            }
        }
        const int64_t cut = std::clamp<int64_t>(bestStart + window / 2, pos + 1, limit);
        clips.push_back({pos, cut});
        pos = cut;
    }
    if (pos < n) clips.push_back({pos, n});
    return clips;
}

}  // namespace facet::audio
