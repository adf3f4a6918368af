// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Long recordings into clips the audio tower takes: at most 30 s (480000 samples at 16 kHz, 750
// soft tokens) each, encoded separately and spliced in turn between <|audio> and <audio|>.
//
// A cut in the middle of a word hurts recognition on both sides, so a recording longer than the
// limit is cut at the quietest moment of the last few seconds before it (as Ollama does): the
// 20 ms window (hop 10 ms) with the least energy in that stretch, cut at its centre.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace facet::audio {

struct ClipOptions {
    int64_t maxSamples = 480000;    // 30 s at 16 kHz
    int64_t searchSamples = 80000;  // look for a quiet point in the last 5 s before the limit
    int windowSamples = 320;        // energy window (20 ms)
    int hopSamples = 160;           // window step (10 ms)
};

struct AudioClip {
    int64_t begin = 0;  // first sample
    int64_t end = 0;    // one past the last sample
    int64_t size() const { return end - begin; }
};

// Consecutive clips covering all of `samples` (none for empty input), each at most maxSamples.
std::vector<AudioClip> splitIntoClips(std::span<const float> samples,
                                      const ClipOptions &options = {});

}  // namespace facet::audio
