// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Audio sample handling for attachments: a streaming resampler (libsoxr, through the engine), a
// converter from any interleaved PCM to the 16 kHz mono signed 16-bit little-endian PCM the model
// takes, a WAV reader of our own (PCM 8/16/24/32-bit, float 32/64, A-law, mu-law, any channel count
// and rate, RF64) and a WAV writer.
#pragma once

#include "attachment.h"

#include <QAudioFormat>
#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <memory>
#include <vector>

namespace facet::audio {
class StreamResampler;
}

namespace facet::app {

// Resamples one channel of float samples from inRate to outRate, chunk by chunk (a recording
// arrives in pieces; the result does not depend on how it is cut). A thin wrapper over the
// engine's libsoxr resampler (facet::audio::StreamResampler, high-quality preset), which removes
// what lies above the lower Nyquist frequency before changing the rate (so 8–24 kHz content of a
// 48 kHz recording does not fold back into the speech band). Equal rates pass through unchanged.
class MonoResampler {
public:
    MonoResampler(int inRate, int outRate);
    ~MonoResampler();

    // Appends the output that `count` more input samples make computable.
    void push(const float *samples, qsizetype count, std::vector<float> &out);
    // Ends the stream: appends what the filter still holds. Afterwards the total output is
    // round(inputCount · outRate / inRate) samples. Later pushes are ignored.
    void finish(std::vector<float> &out);

    int inRate() const { return m_inRate; }
    int outRate() const { return m_outRate; }

private:
    int m_inRate, m_outRate;
    std::unique_ptr<audio::StreamResampler> m_resampler;
};

// Converts interleaved PCM (any rate, channel count, sample format) to 16 kHz mono s16le. Channels
// are averaged. Partial frames at the end of a chunk are kept for the next one.
class PcmTo16kMono {
public:
    PcmTo16kMono(int inRate, int channels);

    void pushFloat(const float *interleaved, qsizetype frames);
    // Bytes in a QAudioFormat sample format (native byte order, as QAudioSource and
    // QAudioDecoder deliver them). False for an unknown sample format.
    bool pushBytes(const char *data, qsizetype size, QAudioFormat::SampleFormat format);
    void finish();

    QByteArray takeOutput();  // the s16le bytes produced since the last call
    qint64 outputSamples() const { return m_outputSamples; }
    qint64 inputFrames() const { return m_inputFrames; }
    // The largest |sample| (0..1, of the mono mix) since the last call.
    float takePeak();

private:
    void emitSamples(const std::vector<float> &samples);

    int m_channels;
    MonoResampler m_resampler;
    QByteArray m_partial;  // bytes of an incomplete frame
    QByteArray m_output;
    std::vector<float> m_mono, m_resampled;
    qint64 m_outputSamples = 0;
    qint64 m_inputFrames = 0;
    float m_peak = 0;
};

// 16 kHz mono s16le PCM in another format, for playback on a device that does not take 16 kHz
// mono (resampled, copied to every channel, converted to the sample format). Empty for a format
// with no sample format.
QByteArray convertPcm16kTo(const QByteArray &pcm16k, const QAudioFormat &format);

struct WavResult {
    enum class Status {
        Ok,
        NotWav,       // no RIFF/RF64 WAVE header
        Unsupported,  // a valid WAV in an encoding we do not read (ADPCM, MP3 in WAV, …)
        Damaged,      // header broken, impossible values, no audio
        TooLong,      // longer than the limit given to Wav::read
    };
    Status status = Status::NotWav;
    QString problem;         // what is wrong, as a phrase: "its format header is damaged"
    QByteArray pcm16k;       // Ok: 16 kHz mono s16le
    qint64 durationMs = 0;   // Ok and TooLong: the length of the audio
    QString description;     // "24-bit PCM, 44100 Hz, stereo"
    bool truncated = false;  // the data chunk claimed more bytes than the file has
};

class Wav {
    Q_DECLARE_TR_FUNCTIONS(facet::app::Wav)
public:
    // A WAV file (44-byte header, format tag 1) holding 16-bit mono PCM at `sampleRate`.
    static QByteArray toWav(const QByteArray &pcm16, int sampleRate = kAudioSampleRate);
    // True when the bytes start like a WAV file (RIFF or RF64 … WAVE).
    static bool looksLikeWav(const QByteArray &head);
    // Parses and converts. A data chunk longer than the file is cut to what is there (truncated
    // is set): a recording whose writer crashed still imports.
    static WavResult read(const uchar *data, qint64 size,
                          qint64 maxDurationMs = limits::kMaxAudioMs);
};

}  // namespace facet::app
