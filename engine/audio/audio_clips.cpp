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
    std::vector<double> prefix;  // running sum of squares over the search stretch
    int64_t pos = 0;
    while (n - pos > maxSamples) {
        const int64_t limit = pos + maxSamples;
        const int64_t from = limit - search;
        prefix.assign(size_t(search) + 1, 0.0);
        for (int64_t i = 0; i < search; ++i) {
            const double x = samples[size_t(from + i)];
            prefix[size_t(i) + 1] = prefix[size_t(i)] + x * x;
        }
        // Windows that end by the limit; on a tie the later one keeps the clip longer.
        double best = std::numeric_limits<double>::infinity();
        int64_t bestStart = from;
        for (int64_t s = 0; s + window <= search; s += hop) {
            const double e = prefix[size_t(s + window)] - prefix[size_t(s)];
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
