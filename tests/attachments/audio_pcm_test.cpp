// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The sample-level pieces of audio attachments: the streaming resampler (libsoxr), the converter to
// 16 kHz mono s16le, the WAV reader (every encoding and its damaged variants) and the WAV writer.
#include "audio_pcm.h"
#include "audio_test_util.h"

#include <QRandomGenerator>
#include <QtEndian>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace facet::app {
namespace {

using test::makeWav;
using test::rms;
using test::sampleCount;
using test::WavEncoding;
using test::WavSpec;
using test::zeroCrossings;

constexpr double kPi = 3.14159265358979323846;

std::vector<float> sine(int rate, int channels, double seconds, double frequency, double amp) {
    const qint64 frames = qint64(std::llround(seconds * rate));
    std::vector<float> v(size_t(frames * channels));
    for (qint64 f = 0; f < frames; ++f)
        for (int c = 0; c < channels; ++c)
            v[size_t(f * channels + c)] = float(amp * std::sin(2 * kPi * frequency * f / rate));
    return v;
}

QByteArray convert(int rate, int channels, const std::vector<float> &interleaved) {
    PcmTo16kMono converter(rate, channels);
    converter.pushFloat(interleaved.data(), qsizetype(interleaved.size()) / channels);
    converter.finish();
    return converter.takeOutput();
}

WavResult readWav(const QByteArray &bytes, qint64 maxMs = limits::kMaxAudioMs) {
    return Wav::read(reinterpret_cast<const uchar *>(bytes.constData()), bytes.size(), maxMs);
}

TEST(Resampler, FortyEightKilohertzStereoSineKeepsItsFrequencyAndLevel) {
    const QByteArray out = convert(48000, 2, sine(48000, 2, 1.0, 440, 0.5));
    EXPECT_EQ(sampleCount(out), 16000);
    // 440 Hz over one second crosses zero 880 times; the filter's edges may lose one or two.
    EXPECT_NEAR(zeroCrossings(out, 64), 880 * (16000 - 128) / 16000.0, 3);
    EXPECT_NEAR(rms(out, 64), 0.5 / std::sqrt(2.0), 0.005);
}

TEST(Resampler, CommonRatesGiveTheExpectedLengthAndFrequency) {
    for (int rate : {8000, 11025, 22050, 32000, 44100, 48000, 96000, 44099}) {
        SCOPED_TRACE(rate);
        const QByteArray out = convert(rate, 1, sine(rate, 1, 1.0, 1000, 0.5));
        const qint64 inFrames = rate;  // one second
        // libsoxr gives round(in · 16000 / rate) samples.
        EXPECT_EQ(sampleCount(out), (inFrames * 16000 + rate / 2) / rate);
        EXPECT_NEAR(zeroCrossings(out, 64), 2000 * (16000 - 128) / 16000.0, 4);
        EXPECT_NEAR(rms(out, 64), 0.5 / std::sqrt(2.0), 0.01);
    }
}

TEST(Resampler, RemovesWhatLiesAboveTheNewNyquistFrequency) {
    // 10 kHz cannot be represented at 16 kHz; without a low-pass it would fold back to 6 kHz.
    const QByteArray out = convert(48000, 1, sine(48000, 1, 1.0, 10000, 0.5));
    EXPECT_LT(rms(out, 64), 0.005);
    // 6 kHz (inside libsoxr's pass band, which ends a little above 7 kHz) survives mostly.
    const QByteArray kept = convert(48000, 1, sine(48000, 1, 1.0, 6000, 0.5));
    EXPECT_GT(rms(kept, 64), 0.3);
}

TEST(Resampler, ChunkBoundariesDoNotChangeTheResult) {
    const auto input = sine(44100, 2, 0.7, 523.25, 0.6);
    const QByteArray whole = convert(44100, 2, input);
    PcmTo16kMono converter(44100, 2);
    QRandomGenerator rng(7);
    qsizetype frame = 0;
    const qsizetype frames = qsizetype(input.size()) / 2;
    QByteArray pieces;
    while (frame < frames) {
        const qsizetype n = std::min<qsizetype>(frames - frame, rng.bounded(1, 3000));
        converter.pushFloat(input.data() + frame * 2, n);
        frame += n;
        pieces += converter.takeOutput();
    }
    converter.finish();
    pieces += converter.takeOutput();
    EXPECT_EQ(pieces, whole);
}

TEST(Resampler, SixteenKilohertzMonoInt16PassesThroughBitExactly) {
    const QByteArray pcm = test::sinePcm16k(0.5, 300, 0.9);
    PcmTo16kMono converter(16000, 1);
    // Odd chunk sizes split samples in half: the converter must carry the partial bytes over.
    for (qsizetype at = 0; at < pcm.size(); at += 333)
        ASSERT_TRUE(converter.pushBytes(
            pcm.constData() + at, std::min<qsizetype>(333, pcm.size() - at), QAudioFormat::Int16));
    converter.finish();
    EXPECT_EQ(converter.takeOutput(), pcm);
}

TEST(Resampler, AcceptsEveryQtSampleFormatAndReportsThePeak) {
    const auto v = sine(48000, 2, 0.25, 440, 0.5);
    for (auto format :
         {QAudioFormat::UInt8, QAudioFormat::Int16, QAudioFormat::Int32, QAudioFormat::Float}) {
        SCOPED_TRACE(int(format));
        QByteArray bytes;
        for (float x : v) {
            switch (format) {
                case QAudioFormat::UInt8:
                    bytes.append(char(quint8(std::lround(x * 127) + 128)));
                    break;
                case QAudioFormat::Int16: {
                    const qint16 s = qint16(std::lround(x * 32767));
                    bytes.append(reinterpret_cast<const char *>(&s), 2);
                    break;
                }
                case QAudioFormat::Int32: {
                    const qint32 s = qint32(std::llround(double(x) * 2147483647.0));
                    bytes.append(reinterpret_cast<const char *>(&s), 4);
                    break;
                }
                default:
                    bytes.append(reinterpret_cast<const char *>(&x), 4);
                    break;
            }
        }
        PcmTo16kMono converter(48000, 2);
        ASSERT_TRUE(converter.pushBytes(bytes.constData(), bytes.size(), format));
        EXPECT_NEAR(converter.takePeak(), 0.5, 0.01);
        EXPECT_EQ(converter.takePeak(), 0.0f);  // reset by the first call
        converter.finish();
        const QByteArray out = converter.takeOutput();
        EXPECT_EQ(sampleCount(out), 4000);
        EXPECT_NEAR(zeroCrossings(out, 64), 220 * (4000 - 128) / 4000.0, 3);
    }
    PcmTo16kMono converter(48000, 1);
    EXPECT_FALSE(converter.pushBytes("abcd", 4, QAudioFormat::Unknown));
}

TEST(Resampler, ConvertsForPlaybackOnADeviceWithAnotherFormat) {
    const QByteArray pcm = test::sinePcm16k(0.5, 440, 0.5);
    QAudioFormat format;
    format.setSampleRate(48000);
    format.setChannelCount(2);
    format.setSampleFormat(QAudioFormat::Float);
    const QByteArray out = convertPcm16kTo(pcm, format);
    ASSERT_EQ(out.size(), 24000 * 2 * 4);
    const auto *f = reinterpret_cast<const float *>(out.constData());
    int crossings = 0;
    for (int i = 1; i < 24000; ++i) {
        EXPECT_EQ(f[2 * i], f[2 * i + 1]);
        if ((f[2 * i] > 0) != (f[2 * i - 2] > 0)) ++crossings;
    }
    EXPECT_NEAR(crossings, 440, 3);
    format.setSampleFormat(QAudioFormat::Int16);
    format.setSampleRate(16000);
    format.setChannelCount(1);
    EXPECT_EQ(convertPcm16kTo(pcm, format), pcm);
    EXPECT_TRUE(convertPcm16kTo(pcm, QAudioFormat()).isEmpty());
}

TEST(WavReader, ReadsEveryEncodingToSixteenKilohertzMono) {
    struct Case {
        WavSpec spec;
        double tolerance;  // rms tolerance: the 8-bit and G.711 encodings are coarse
    };
    const Case cases[] = {
        {{16000, 1, WavEncoding::Pcm, 16, false}, 0.002},
        {{16000, 1, WavEncoding::Pcm, 8, false}, 0.01},
        {{44100, 2, WavEncoding::Pcm, 16, false}, 0.005},
        {{48000, 1, WavEncoding::Pcm, 24, false}, 0.005},
        {{22050, 2, WavEncoding::Pcm, 32, false}, 0.005},
        {{48000, 2, WavEncoding::Float, 32, false}, 0.005},
        {{8000, 1, WavEncoding::Float, 64, false}, 0.005},
        {{8000, 1, WavEncoding::ALaw, 8, false}, 0.01},
        {{8000, 1, WavEncoding::MuLaw, 8, false}, 0.01},
        {{48000, 2, WavEncoding::Pcm, 24, true}, 0.005},
        {{44100, 1, WavEncoding::Float, 32, true}, 0.005},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(QStringLiteral("%1 Hz, %2 ch, enc %3, %4 bits%5")
                         .arg(c.spec.rate)
                         .arg(c.spec.channels)
                         .arg(int(c.spec.encoding))
                         .arg(c.spec.bits)
                         .arg(c.spec.extensible ? ", extensible" : "")
                         .toStdString());
        const WavResult r = readWav(makeWav(c.spec, 1.0, 440, 0.5));
        ASSERT_EQ(r.status, WavResult::Status::Ok) << r.problem.toStdString();
        EXPECT_FALSE(r.truncated);
        EXPECT_EQ(r.durationMs, 1000);
        EXPECT_EQ(sampleCount(r.pcm16k), 16000);
        EXPECT_NEAR(zeroCrossings(r.pcm16k, 64), 880 * (16000 - 128) / 16000.0, 3);
        EXPECT_NEAR(rms(r.pcm16k, 64), 0.5 / std::sqrt(2.0), c.tolerance);
        EXPECT_FALSE(r.description.isEmpty());
    }
}

TEST(WavReader, ExpandsG711CodesToTheStandardsValues) {
    // Four samples at 16 kHz mono (no resampling): A-law 0xD5, 0x55, 0xAA, 0x2A and mu-law
    // 0xFF, 0x80, 0x00, 0x7F expand to the values in the ITU G.711 tables.
    auto wavOf = [](int tag, QByteArray samples) {
        QByteArray w =
            makeWav({16000, 1, tag == 6 ? WavEncoding::ALaw : WavEncoding::MuLaw, 8}, 0, 0);
        // Replace the empty data chunk's size and append the samples.
        qToLittleEndian<quint32>(quint32(samples.size()),
                                 reinterpret_cast<uchar *>(w.data()) + w.size() - 4);
        w += samples;
        qToLittleEndian<quint32>(quint32(w.size() - 8), reinterpret_cast<uchar *>(w.data()) + 4);
        return w;
    };
    auto values = [](const QByteArray &pcm) {
        std::vector<int> v;
        for (qsizetype i = 0; i + 1 < pcm.size(); i += 2)
            v.push_back(
                qFromLittleEndian<qint16>(reinterpret_cast<const uchar *>(pcm.constData()) + i));
        return v;
    };
    const WavResult a = readWav(wavOf(6, QByteArray::fromHex("d555aa2a")));
    ASSERT_EQ(a.status, WavResult::Status::Ok) << a.problem.toStdString();
    EXPECT_EQ(values(a.pcm16k), (std::vector<int>{8, -8, 32256, -32256}));
    const WavResult u = readWav(wavOf(7, QByteArray::fromHex("ff80007f")));
    ASSERT_EQ(u.status, WavResult::Status::Ok) << u.problem.toStdString();
    EXPECT_EQ(values(u.pcm16k), (std::vector<int>{0, 32124, -32124, 0}));
}

TEST(WavReader, WriterOutputReadsBackUnchanged) {
    const QByteArray pcm = test::sinePcm16k(0.3, 440, 0.7);
    const QByteArray wav = Wav::toWav(pcm);
    ASSERT_EQ(wav.size(), 44 + pcm.size());
    EXPECT_TRUE(Wav::looksLikeWav(wav));
    const WavResult r = readWav(wav);
    ASSERT_EQ(r.status, WavResult::Status::Ok);
    EXPECT_EQ(r.pcm16k, pcm);
    EXPECT_EQ(r.durationMs, 300);
}

TEST(WavReader, TruncatedDataKeepsWhatIsThere) {
    QByteArray wav = makeWav({16000, 1, WavEncoding::Pcm, 16}, 1.0, 440);
    wav.chop(16000);  // half a second gone; the header still claims one second
    const WavResult r = readWav(wav);
    ASSERT_EQ(r.status, WavResult::Status::Ok) << r.problem.toStdString();
    EXPECT_TRUE(r.truncated);
    EXPECT_EQ(sampleCount(r.pcm16k), 8000);
    EXPECT_EQ(r.durationMs, 500);
}

TEST(WavReader, RefusesDamagedAndUnsupportedFiles) {
    const QByteArray good = makeWav({16000, 1, WavEncoding::Pcm, 16}, 0.1, 440);
    auto patched = [&](int offset, QByteArray bytes) {
        QByteArray w = good;
        w.replace(offset, bytes.size(), bytes);
        return w;
    };
    auto le16 = [](int v) {
        QByteArray b(2, '\0');
        b[0] = char(v & 0xff);
        b[1] = char((v >> 8) & 0xff);
        return b;
    };
    struct Case {
        const char *what;
        QByteArray bytes;
        WavResult::Status status;
    };
    const Case cases[] = {
        {"empty", QByteArray(), WavResult::Status::NotWav},
        {"text", QByteArray("hello, this is not a WAV file at all"), WavResult::Status::NotWav},
        {"header only", good.left(12), WavResult::Status::Damaged},
        {"format chunk cut", good.left(26), WavResult::Status::Damaged},
        {"no data chunk", good.left(36), WavResult::Status::Damaged},
        {"zero channels", patched(22, le16(0)), WavResult::Status::Damaged},
        {"absurd rate", patched(24, QByteArray::fromHex("01000000")), WavResult::Status::Damaged},
        {"24 bits in 2-byte blocks", patched(34, le16(24)), WavResult::Status::Damaged},
        {"ADPCM", patched(20, le16(2)), WavResult::Status::Unsupported},
        {"MP3 in WAV", patched(20, le16(0x55)), WavResult::Status::Unsupported},
        {"unknown tag", patched(20, le16(0x1234)), WavResult::Status::Unsupported},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.what);
        const WavResult r = readWav(c.bytes);
        EXPECT_EQ(r.status, c.status) << r.problem.toStdString();
        EXPECT_FALSE(r.problem.isEmpty());
        EXPECT_TRUE(r.pcm16k.isEmpty());
    }
    // A data chunk with no whole sample in it.
    QByteArray empty = makeWav({16000, 1, WavEncoding::Pcm, 16}, 0, 440);
    EXPECT_EQ(readWav(empty).status, WavResult::Status::Damaged);
}

TEST(WavReader, RefusesAudioLongerThanTheLimitBeforeConverting) {
    const WavResult r = readWav(makeWav({8000, 1, WavEncoding::Pcm, 8}, 2.0, 440), 1500);
    EXPECT_EQ(r.status, WavResult::Status::TooLong);
    EXPECT_EQ(r.durationMs, 2000);
    EXPECT_TRUE(r.pcm16k.isEmpty());
    EXPECT_TRUE(r.problem.contains(QStringLiteral("0:02"))) << r.problem.toStdString();
}

TEST(WavReader, RandomDamageNeverCrashes) {
    const QByteArray base = makeWav({44100, 2, WavEncoding::Pcm, 24, true}, 0.05, 440);
    QRandomGenerator rng(1234);
    int ok = 0;
    for (int round = 0; round < 1200; ++round) {
        QByteArray w = base;
        const int edits = rng.bounded(1, 6);
        for (int e = 0; e < edits; ++e) {
            const int at = rng.bounded(int(std::min<qsizetype>(w.size(), 80)));
            w[at] = char(rng.bounded(256));
        }
        if (rng.bounded(4) == 0) w.truncate(rng.bounded(int(w.size())));
        const WavResult r = readWav(w);
        if (r.status == WavResult::Status::Ok) {
            ++ok;
            EXPECT_FALSE(r.pcm16k.isEmpty());
        } else {
            EXPECT_FALSE(r.problem.isEmpty());
        }
    }
    EXPECT_GT(ok, 0);  // some edits only touch the sample data or unimportant fields
}

}  // namespace
}  // namespace facet::app
