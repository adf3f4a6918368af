// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Audio sample handling for attachments: a streaming resampler, a converter from any interleaved
// PCM to the 16 kHz mono signed 16-bit little-endian PCM the model takes, a WAV reader of our own
// (PCM 8/16/24/32-bit, float 32/64, A-law, mu-law, any channel count and rate, RF64) and a WAV
// writer.
#pragma once

#include "attachment.h"

#include <QAudioFormat>
#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <vector>

namespace facet::app {

// Resamples one channel of float samples from inRate to outRate with a windowed-sinc filter,
// chunk by chunk (a recording arrives in pieces; the result does not depend on how it is cut).
//
// Why a sinc filter and not linear interpolation: going from 48 kHz to 16 kHz, everything between
// 8 and 24 kHz must be removed first or it folds back into the speech band as audible noise.
// Output sample k lies at input position t = k·inRate/outRate; it is the sum of the input samples
// around t weighted by a low-pass kernel (sinc cut at 92% of the lower Nyquist frequency,
// Blackman window, 16 zero crossings each side). t's fractional part takes only
// outRate/gcd(inRate, outRate) distinct values (3 rates → 1, 44.1 kHz → 160), so the weights are
// computed once per phase into a table; rates with more phases are rounded to 1024 phases (an
// error below 1/2048 of a sample). Each phase's weights are normalised to sum to 1 so silence and
// DC stay exact.
class MonoResampler {
public:
    MonoResampler(int inRate, int outRate);

    // Appends the output that `count` more input samples make computable.
    void push(const float *samples, qsizetype count, std::vector<float> &out);
    // Ends the stream: the kernel sees zeros past the last sample. Afterwards the total output is
    // ceil(inputCount · outRate / inRate) samples. Later pushes are ignored.
    void finish(std::vector<float> &out);

    int inRate() const { return m_inRate; }
    int outRate() const { return m_outRate; }

private:
    void produce(std::vector<float> &out, qint64 limitInput, qint64 outputsWanted);

    int m_inRate, m_outRate;
    qint64 m_step = 1;    // inRate / g
    qint64 m_phases = 1;  // outRate / g: distinct fractional positions
    int m_tablePhases = 1;
    int m_half = 0;              // taps each side of t
    std::vector<float> m_table;  // m_tablePhases × 2·m_half weights
    std::vector<float> m_buf;    // input samples from absolute index m_bufStart on
    qint64 m_bufStart = 0;
    qint64 m_received = 0;  // input samples pushed
    qint64 m_next = 0;      // index of the next output sample
    bool m_finished = false;
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
