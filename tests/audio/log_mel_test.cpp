// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The log-mel front end against a float64 implementation written from HF's definition with a
// direct DFT (no FFT), and the frame and token counts of HF's padding and mask rules.
#include "audio/log_mel.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace facet::audio {
namespace {

constexpr double kPi = 3.14159265358979323846;

// HF's extractor in float64: truncate to 30 s, pad to a multiple of 128, 160 zeros in front,
// frames of 320 every 160 (of a 321-sample unfold), periodic Hann, |DFT_512|, HTK triangles,
// log(mel + 1e-3), invalid frames zeroed.
struct Reference {
    std::vector<double> values;
    std::vector<int> mask;
    int frames = 0;
};

Reference referenceLogMel(const std::vector<float> &x) {
    const size_t n = std::min<size_t>(x.size(), 480000);
    const size_t padded = (n + 127) / 128 * 128;
    std::vector<double> wave(160 + padded, 0.0);
    std::vector<int> sampleMask(160 + padded, 0);
    for (size_t i = 0; i < n; ++i) {
        wave[160 + i] = x[i];
        sampleMask[160 + i] = 1;
    }
    Reference r;
    r.frames = wave.size() >= 321 ? int((wave.size() - 321) / 160 + 1) : 0;
    // HTK mel points, written out independently of the code under test.
    std::vector<double> edges(130);
    const double melMax = 2595.0 * std::log10(1.0 + 8000.0 / 700.0);
    for (int i = 0; i < 130; ++i)
        edges[size_t(i)] = 700.0 * (std::pow(10.0, (melMax * i / 129.0) / 2595.0) - 1.0);
    r.values.assign(size_t(r.frames) * 128, 0.0);
    r.mask.assign(size_t(r.frames), 0);
    for (int t = 0; t < r.frames; ++t) {
        r.mask[size_t(t)] = sampleMask[size_t(t) * 160 + 320];
        if (!r.mask[size_t(t)]) continue;
        std::vector<double> mag(257);
        for (int k = 0; k < 257; ++k) {
            double re = 0, im = 0;
            for (int j = 0; j < 320; ++j) {
                const double w = 0.5 - 0.5 * std::cos(2 * kPi * j / 320);
                const double v = wave[size_t(t) * 160 + size_t(j)] * w;
                re += v * std::cos(2 * kPi * k * j / 512);
                im -= v * std::sin(2 * kPi * k * j / 512);
            }
            mag[size_t(k)] = std::sqrt(re * re + im * im);
        }
        for (int m = 0; m < 128; ++m) {
            double mel = 0;
            for (int k = 0; k < 257; ++k) {
                const double f = 8000.0 * k / 256;
                const double up =
                    (f - edges[size_t(m)]) / (edges[size_t(m) + 1] - edges[size_t(m)]);
                const double down =
                    (edges[size_t(m) + 2] - f) / (edges[size_t(m) + 2] - edges[size_t(m) + 1]);
                mel += mag[size_t(k)] * std::max(0.0, std::min(up, down));
            }
            r.values[size_t(t) * 128 + size_t(m)] = std::log(mel + 1e-3);
        }
    }
    return r;
}

TEST(LogMel, MatchesADirectFloat64DftOnRandomAudio) {
    auto rng = test::seededRng();
    std::uniform_real_distribution<float> amp(-0.8f, 0.8f);
    // 0.37 s: not a multiple of 128 samples, so the padding and mask rules matter; a quiet stretch
    // puts some mel values near the 1e-3 floor.
    std::vector<float> x(5920 + 13);
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = (i > 2000 && i < 3000) ? amp(rng) * 1e-4f : amp(rng);
    const LogMel got = logMelSpectrogram(x);
    const Reference want = referenceLogMel(x);
    ASSERT_EQ(got.frames, want.frames);
    ASSERT_EQ(got.bins, 128);
    double worst = 0;
    for (int t = 0; t < got.frames; ++t) {
        EXPECT_EQ(int(got.mask[size_t(t)]), want.mask[size_t(t)]) << "frame " << t;
        for (int m = 0; m < 128; ++m)
            worst = std::max(worst, std::abs(double(got.values[size_t(t) * 128 + size_t(m)]) -
                                             want.values[size_t(t) * 128 + size_t(m)]));
    }
    // float32 frames and FFT against float64: the log's error is about 1e-6 relative to the mel
    // value, 1e-4 where the value sits at the floor.
    EXPECT_LT(worst, 2e-4);
}

TEST(LogMel, FilterBankIsHfsHtkTriangles) {
    const std::vector<double> bank = melFilterBank();
    ASSERT_EQ(bank.size(), size_t(257 * 128));
    // Triangles peak at most at 1 (not area-normalised) and the top one lies between bins: HF
    // warns that some filters are all zero; the lowest filters are narrower than a bin too.
    int empty = 0;
    for (int m = 0; m < 128; ++m) {
        double peak = 0;
        for (int k = 0; k < 257; ++k)
            peak = std::max(peak, bank[size_t(k) * 128 + size_t(m)]);
        EXPECT_LE(peak, 1.0 + 1e-12);
        if (peak == 0) ++empty;
    }
    EXPECT_GT(empty, 0);
    EXPECT_LT(empty, 16);
    const std::vector<float> w = periodicHann(320);
    EXPECT_EQ(w[0], 0.0f);
    EXPECT_FLOAT_EQ(w[160], 1.0f);
    EXPECT_FLOAT_EQ(w[80], 0.5f);
}

TEST(LogMel, FrameAndTokenCountsFollowHfsRules) {
    // 1 s: 16000 samples (a multiple of 128) → 99 frames, all valid → 50 → 25 soft tokens.
    EXPECT_EQ(logMelFrames(16000), 99);
    EXPECT_EQ(validLogMelFrames(16000), 99);
    EXPECT_EQ(audioTokenCount(16000), 25);
    // 30 s: 2999 valid frames → 750 tokens; longer input is truncated to 30 s.
    EXPECT_EQ(audioTokenCount(480000), 750);
    EXPECT_EQ(audioTokenCount(600000), 750);
    // 16130 samples pad to 16256: 101 frames, of which 100 end on real samples.
    EXPECT_EQ(logMelFrames(16130), 101);
    EXPECT_EQ(validLogMelFrames(16130), 100);
    EXPECT_EQ(audioTokenCount(16130), 25);
    EXPECT_EQ(audioTokenCount(0), 0);
    EXPECT_EQ(logMelFrames(100), 0);  // 128 + 160 < 321: no frame at all
    const std::vector<float> second(16000, 0.25f);
    const LogMel mel = logMelSpectrogram(second);
    EXPECT_EQ(mel.frames, 99);
    EXPECT_EQ(mel.validFrames, 99);
    // Padded frames of a length that is not a multiple of 128 are zero and masked.
    const LogMel odd = logMelSpectrogram(std::vector<float>(16130, 0.25f));
    ASSERT_EQ(odd.frames, 101);
    EXPECT_EQ(odd.mask[99], 1);
    EXPECT_EQ(odd.mask[100], 0);
    for (int m = 0; m < 128; ++m)
        EXPECT_EQ(odd.values[100 * 128 + size_t(m)], 0.0f);
    // Against a brute-force count over every length up to 2 s.
    for (int64_t n = 0; n <= 32000; n += 37) {
        const int64_t padded = (n + 127) / 128 * 128 + 160;
        const int64_t frames = padded >= 321 ? (padded - 321) / 160 + 1 : 0;
        int64_t valid = 0;
        for (int64_t t = 0; t < frames; ++t)
            if (t * 160 + 320 - 160 < n) ++valid;
        ASSERT_EQ(logMelFrames(n), frames) << n;
        ASSERT_EQ(validLogMelFrames(n), valid) << n;
        ASSERT_EQ(audioTokenCount(n), ((valid + 1) / 2 + 1) / 2) << n;
    }
}

}  // namespace
}  // namespace facet::audio
