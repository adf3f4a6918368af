// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gemma 4's audio features: the log-mel spectrogram exactly as Hugging Face transformers'
// Gemma4AudioFeatureExtractor computes it (feature_extraction_gemma4.py, audio_utils.py).
//
// For 16 kHz mono samples x (at most 30 s; longer input is cut there, as HF truncates):
//   1. x is zero-padded on the right to a multiple of 128 samples; a sample mask marks the real
//      ones. Then 160 zeros are put in front ("semicausal" padding: frame 0 is centred on t = 0).
//   2. Frames of 320 samples every 160 samples (HF unfolds 321 and drops the last), each times a
//      periodic Hann window, zero-padded to 512, real FFT, magnitude |X| (not power).
//   3. mel = |X| · F with F the 257×128 HTK triangular filter bank over 0–8000 Hz, no area
//      normalisation, triangles in Hz (audio_utils.mel_filter_bank(norm=None, mel_scale="htk")).
//   4. log(mel + 0.001) (the floor is added, not a max).
//   5. A frame is valid when the last sample of its 321-sample window is real audio; invalid
//      frames are set to 0 and masked.
// 1 s of audio gives 99 frames, all valid, and 25 soft tokens after the tower's two stride-2
// convolutions.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace facet::audio {

struct LogMelConfig {
    int sampleRate = 16000;
    int frameLength = 320;
    int hopLength = 160;
    int fftLength = 512;
    int melBins = 128;
    double minFrequency = 0.0;
    double maxFrequency = 8000.0;
    double melFloor = 1e-3;
    int padToMultiple = 128;      // HF's pad_to_multiple_of
    int64_t maxSamples = 480000;  // HF's max_length (30 s): longer input is truncated
};

struct LogMel {
    int frames = 0;
    int bins = 0;
    std::vector<float> values;  // [frames][bins]; invalid frames are 0
    std::vector<uint8_t> mask;  // [frames]: 1 for a valid frame (a prefix of the frames)
    int validFrames = 0;
};

// The spectrogram of `samples` (16 kHz mono).
LogMel logMelSpectrogram(std::span<const float> samples, const LogMelConfig &config = {});

// HF's mel filter bank, [fftLength/2 + 1][melBins] row-major, in double.
std::vector<double> melFilterBank(const LogMelConfig &config = {});
// The periodic Hann window of `length` samples: 0.5 − 0.5·cos(2πn/length).
std::vector<float> periodicHann(int length);

// Frame counts for `samples` samples (after HF's truncation and padding).
int64_t logMelFrames(int64_t samples, const LogMelConfig &config = {});
int64_t validLogMelFrames(int64_t samples, const LogMelConfig &config = {});
// The tower's length after one stride-2 convolution with padding 1 (and HF's mask[::2]).
inline int64_t halveLength(int64_t n) {
    return (n + 1) / 2;
}
// Soft tokens for `samples` samples of 16 kHz audio (at most 750 for a 30 s clip).
int64_t audioTokenCount(int64_t samples, const LogMelConfig &config = {});

}  // namespace facet::audio
