// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio/log_mel.h"

#include "util/parallel.h"

#include <kiss_fftr.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace facet::audio {

namespace {

constexpr double kPi = 3.14159265358979323846;

double hertzToMelHtk(double hz) {
    return 2595.0 * std::log10(1.0 + hz / 700.0);
}
double melToHertzHtk(double mel) {
    return 700.0 * (std::pow(10.0, mel / 2595.0) - 1.0);
}

// numpy.linspace(start, stop, num): start + i·step, the last value exactly `stop`.
std::vector<double> linspace(double start, double stop, int num) {
    std::vector<double> v(size_t(std::max(num, 0)));
    if (num == 1) v[0] = start;
    if (num < 2) return v;
    const double step = (stop - start) / (num - 1);
    for (int i = 0; i < num; ++i)
        v[size_t(i)] = start + i * step;
    v[size_t(num - 1)] = stop;
    return v;
}

int64_t clippedLength(int64_t samples, const LogMelConfig &c) {
    return std::clamp<int64_t>(samples, 0, c.maxSamples > 0 ? c.maxSamples : samples);
}

int64_t paddedLength(int64_t samples, const LogMelConfig &c) {
    const int64_t n = clippedLength(samples, c);
    const int64_t m = std::max(c.padToMultiple, 1);
    return (n + m - 1) / m * m;
}

}  // namespace

std::vector<double> melFilterBank(const LogMelConfig &c) {
    const int bins = c.fftLength / 2 + 1;
    const int mels = c.melBins;
    const std::vector<double> melPoints =
        linspace(hertzToMelHtk(c.minFrequency), hertzToMelHtk(c.maxFrequency), mels + 2);
    std::vector<double> edges(melPoints.size());
    for (size_t i = 0; i < melPoints.size(); ++i)
        edges[i] = melToHertzHtk(melPoints[i]);
    // HF spaces the FFT bins over [0, sampling_rate // 2] (integer division).
    const std::vector<double> fftFreqs = linspace(0.0, double(c.sampleRate / 2), bins);
    std::vector<double> bank(size_t(bins) * size_t(mels), 0.0);
    for (int f = 0; f < bins; ++f) {
        for (int m = 0; m < mels; ++m) {
            const double down = (fftFreqs[size_t(f)] - edges[size_t(m)]) /
                                (edges[size_t(m) + 1] - edges[size_t(m)]);
            const double up = (edges[size_t(m) + 2] - fftFreqs[size_t(f)]) /
                              (edges[size_t(m) + 2] - edges[size_t(m) + 1]);
            bank[size_t(f) * size_t(mels) + size_t(m)] = std::max(0.0, std::min(down, up));
        }
    }
    return bank;
}

std::vector<float> periodicHann(int length) {
    std::vector<float> w(size_t(std::max(length, 0)));
    for (int n = 0; n < length; ++n)
        w[size_t(n)] = float(0.5 - 0.5 * std::cos(2.0 * kPi * n / length));
    return w;
}

int64_t logMelFrames(int64_t samples, const LogMelConfig &c) {
    // HF unfolds frameLength + 1 samples every hop over the left-padded signal.
    const int64_t total = paddedLength(samples, c) + c.frameLength / 2;
    const int64_t window = c.frameLength + 1;
    if (total < window) return 0;
    return (total - window) / c.hopLength + 1;
}

int64_t validLogMelFrames(int64_t samples, const LogMelConfig &c) {
    // Frame i's window ends at padded index i·hop + frameLength, which is real sample
    // i·hop + frameLength − frameLength/2 when that is below the clipped length.
    const int64_t n = clippedLength(samples, c);
    const int64_t lastOffset = c.frameLength - c.frameLength / 2;
    if (n <= lastOffset) return 0;
    return std::min(logMelFrames(samples, c), (n - 1 - lastOffset) / c.hopLength + 1);
}

int64_t audioTokenCount(int64_t samples, const LogMelConfig &c) {
    return halveLength(halveLength(validLogMelFrames(samples, c)));
}

LogMel logMelSpectrogram(std::span<const float> samples, const LogMelConfig &c) {
    LogMel out;
    out.bins = c.melBins;
    const int64_t n = clippedLength(int64_t(samples.size()), c);
    out.frames = int(logMelFrames(n, c));
    out.validFrames = int(validLogMelFrames(n, c));
    out.values.assign(size_t(out.frames) * size_t(out.bins), 0.0f);
    out.mask.assign(size_t(out.frames), 0);
    std::fill(out.mask.begin(), out.mask.begin() + out.validFrames, uint8_t(1));
    if (out.frames == 0) return out;

    const int bins = c.fftLength / 2 + 1;
    const std::vector<double> bank = melFilterBank(c);
    // Each triangle covers a few FFT bins: keep its non-zero range so a frame costs
    // O(bins) instead of O(bins · mels).
    std::vector<int> first(size_t(c.melBins), bins), last(size_t(c.melBins), -1);
    for (int m = 0; m < c.melBins; ++m)
        for (int f = 0; f < bins; ++f)
            if (bank[size_t(f) * size_t(c.melBins) + size_t(m)] != 0.0) {
                first[size_t(m)] = std::min(first[size_t(m)], f);
                last[size_t(m)] = f;
            }
    const std::vector<float> window = periodicHann(c.frameLength);
    const int64_t padLeft = c.frameLength / 2;
    // Only valid frames are computed: HF multiplies the others by the mask (0). Frames are
    // independent, so ranges of them run on threads, each with its own FFT state.
    util::parallelFor(out.validFrames, 256, [&](int begin, int end) {
        std::unique_ptr<kiss_fftr_state, void (*)(void *)> fft(
            kiss_fftr_alloc(c.fftLength, 0, nullptr, nullptr), kiss_fft_free);
        std::vector<float> frame(size_t(c.fftLength), 0.0f);
        std::vector<kiss_fft_cpx> spectrum(static_cast<size_t>(bins));
        std::vector<float> magnitude(static_cast<size_t>(bins));
        for (int t = begin; t < end; ++t) {
            const int64_t start = int64_t(t) * c.hopLength - padLeft;  // in unpadded samples
            for (int k = 0; k < c.frameLength; ++k) {
                const int64_t i = start + k;
                const float x = (i >= 0 && i < n) ? samples[size_t(i)] : 0.0f;
                // float products, as HF multiplies its float32 frames by the float32 window.
                frame[size_t(k)] = x * window[size_t(k)];
            }
            kiss_fftr(fft.get(), frame.data(), spectrum.data());
            for (int f = 0; f < bins; ++f) {
                const double re = spectrum[size_t(f)].r, im = spectrum[size_t(f)].i;
                magnitude[size_t(f)] = float(std::sqrt(re * re + im * im));
            }
            float *row = out.values.data() + size_t(t) * size_t(out.bins);
            for (int m = 0; m < c.melBins; ++m) {
                double mel = 0.0;
                for (int f = first[size_t(m)]; f <= last[size_t(m)]; ++f)
                    mel += double(magnitude[size_t(f)]) *
                           bank[size_t(f) * size_t(c.melBins) + size_t(m)];
                row[m] = float(std::log(mel + c.melFloor));
            }
        }
    });
    return out;
}

}  // namespace facet::audio
