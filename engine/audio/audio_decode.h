// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The audio front end's first step: any audio file (WAV of every common encoding, FLAC,
// Ogg/Vorbis, Opus, MP3, … whatever the system's libsndfile reads) to the 16 kHz mono float
// samples the Gemma 4 feature extractor takes.
//
// Decoding is libsndfile's; resampling is libsoxr's (high quality preset). Both run block by
// block, so the only large allocation is the 16 kHz mono result itself: a 3-hour recording at
// 48 kHz stereo never exists in memory at its original rate.
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace facet::audio {

inline constexpr int kModelSampleRate = 16000;

// A streaming sample-rate converter for one channel of float samples (libsoxr, HQ preset).
// The output does not depend on how the input is cut into pushes. Equal rates pass the samples
// through unchanged (bit for bit).
class StreamResampler {
public:
    StreamResampler(double inRate, double outRate);
    ~StreamResampler();
    StreamResampler(const StreamResampler &) = delete;
    StreamResampler &operator=(const StreamResampler &) = delete;

    // Appends the output that `count` more input samples make available.
    void push(const float *samples, int64_t count, std::vector<float> &out);
    // Ends the stream and appends the rest (the filter's delay line). Later pushes are ignored.
    // In total the output has round(inputCount · outRate / inRate) samples.
    void finish(std::vector<float> &out);

    double inRate() const { return m_inRate; }
    double outRate() const { return m_outRate; }
    // False when libsoxr could not be set up (an absurd rate); push and finish then do nothing.
    bool ok() const { return m_passThrough || m_soxr != nullptr; }
    QString error() const { return m_error; }

private:
    void drain(const float *in, size_t count, std::vector<float> &out, bool last);

    double m_inRate, m_outRate;
    bool m_passThrough = false;
    bool m_finished = false;
    void *m_soxr = nullptr;  // soxr_t
    QString m_error;
};

// Resamples a whole signal in one call (the streaming resampler over one push).
std::vector<float> resample(std::span<const float> samples, double inRate, double outRate);

struct DecodeOptions {
    // Refuse audio longer than this before decoding it (0: no limit). The length comes from the
    // file's header where it has one; otherwise decoding stops at the limit.
    double maxSeconds = 0;
    // Called now and then with the fraction done (0..1, or -1 when the length is unknown);
    // returning false cancels the decode.
    std::function<bool(double)> progress;
};

struct DecodedAudio {
    std::vector<float> samples;  // 16 kHz mono, the mean of the channels
    int sourceRate = 0;
    int sourceChannels = 0;
    int64_t sourceFrames = 0;  // frames decoded at the source rate
    QString format;            // "WAV (Microsoft), Signed 24 bit PCM", as libsndfile names it
    // Decoding stopped at damaged data (a corrupt MP3 frame, a truncated FLAC, …) after some
    // audio was read; `samples` holds what was decodable and `warning` says what happened.
    bool partial = false;
    QString warning;

    double seconds() const { return double(samples.size()) / kModelSampleRate; }
};

// Decodes a file. On failure returns nullopt and sets *error to a sentence for the user.
std::optional<DecodedAudio> decodeAudioFile(const QString &path, QString *error,
                                            const DecodeOptions &options = {});
// The same for a file's bytes in memory (libsndfile's virtual I/O reads them in place).
std::optional<DecodedAudio> decodeAudioBytes(const QByteArray &bytes, QString *error,
                                             const DecodeOptions &options = {});

}  // namespace facet::audio
