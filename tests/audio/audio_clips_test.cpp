// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Long recordings are cut into clips of at most 30 s at the quietest point before the limit.
#include "audio/audio_clips.h"
#include "audio/log_mel.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace facet::audio {
namespace {

TEST(AudioClips, ShortAudioIsOneClipAndEmptyIsNone) {
    EXPECT_TRUE(splitIntoClips(std::vector<float>()).empty());
    const std::vector<float> x(480000, 0.1f);
    const auto clips = splitIntoClips(x);
    ASSERT_EQ(clips.size(), size_t(1));
    EXPECT_EQ(clips[0].begin, 0);
    EXPECT_EQ(clips[0].end, 480000);
    EXPECT_EQ(audioTokenCount(clips[0].size()), 750);
}

TEST(AudioClips, CutsAtTheQuietGapBeforeTheLimit) {
    auto rng = test::seededRng();
    std::uniform_real_distribution<float> noise(-0.5f, 0.5f);
    // 70 s of noise with 50 ms silences at 27.2 s and, 30 s after that cut, at 55.0 s; and a
    // silence at 10 s that lies outside the search stretch of the first cut.
    std::vector<float> x(70 * 16000);
    for (float &v : x)
        v = noise(rng);
    auto silence = [&](double at) {
        for (int64_t i = int64_t(at * 16000); i < int64_t(at * 16000) + 800; ++i)
            x[size_t(i)] = 0.0f;
    };
    silence(10.0);
    silence(27.2);
    silence(55.0);
    const auto clips = splitIntoClips(x);
    ASSERT_EQ(clips.size(), size_t(3));
    EXPECT_EQ(clips[0].begin, 0);
    // The cut is the centre of a 20 ms window wholly inside the 50 ms gap.
    EXPECT_GE(clips[0].end, int64_t(27.2 * 16000) + 160);
    EXPECT_LE(clips[0].end, int64_t(27.2 * 16000) + 800 - 160);
    EXPECT_EQ(clips[1].begin, clips[0].end);
    EXPECT_GE(clips[1].end, int64_t(55.0 * 16000) + 160);
    EXPECT_LE(clips[1].end, int64_t(55.0 * 16000) + 800 - 160);
    EXPECT_EQ(clips[2].end, int64_t(x.size()));
    for (const AudioClip &c : clips) {
        EXPECT_LE(c.size(), 480000);
        EXPECT_LE(audioTokenCount(c.size()), 750);
    }
}

TEST(AudioClips, WithoutAQuietPointTheClipsStillFitAndCoverEverything) {
    // A 3-minute constant level: every window has the same energy and the latest one wins, so
    // each clip but the last ends half a window before the limit.
    const std::vector<float> x(180 * 16000, 0.3f);
    const auto clips = splitIntoClips(x);
    ASSERT_EQ(clips.size(), size_t(7));
    int64_t at = 0;
    for (size_t i = 0; i < clips.size(); ++i) {
        EXPECT_EQ(clips[i].begin, at);
        if (i + 1 < clips.size()) {
            EXPECT_EQ(clips[i].size(), 480000 - 160);
        }
        EXPECT_LE(clips[i].size(), 480000);
        at = clips[i].end;
    }
    EXPECT_EQ(at, int64_t(x.size()));
}

}  // namespace
}  // namespace facet::audio
