// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Decoding and resampling: every WAV sample format, 6 channels, 8 and 48 kHz, FLAC, a long file,
// and the bad inputs (empty, not audio, truncated, a corrupt MP3). Input files are written with
// libsndfile into a temporary folder.
#include "audio/audio_decode.h"
#include "support/test_support.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <sndfile.h>

#include <cmath>
#include <random>
#include <vector>

namespace facet::audio {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Channel c of frame i: amplitude (0.2 + 0.1·c) sine at `hz`.
bool writeSine(const QString &path, int format, int rate, int channels, double seconds, double hz,
               QString *why = nullptr) {
    SF_INFO info{};
    info.samplerate = rate;
    info.channels = channels;
    info.format = format;
    if (!sf_format_check(&info)) {
        if (why) *why = QStringLiteral("libsndfile cannot write format 0x%1").arg(format, 0, 16);
        return false;
    }
    SNDFILE *f = sf_open(QFile::encodeName(path).constData(), SFM_WRITE, &info);
    if (!f) {
        if (why) *why = QString::fromUtf8(sf_strerror(nullptr));
        return false;
    }
    const int64_t frames = int64_t(std::llround(seconds * rate));
    std::vector<float> block(size_t(8192) * size_t(channels));
    for (int64_t at = 0; at < frames; at += 8192) {
        const int64_t n = std::min<int64_t>(8192, frames - at);
        for (int64_t i = 0; i < n; ++i)
            for (int c = 0; c < channels; ++c)
                block[size_t(i * channels + c)] =
                    float((0.2 + 0.1 * c) * std::sin(2 * kPi * hz * double(at + i) / rate));
        sf_writef_float(f, block.data(), n);
    }
    sf_close(f);
    return true;
}

double rms(const std::vector<float> &x, size_t skip) {
    double s = 0;
    size_t n = 0;
    for (size_t i = skip; i + skip < x.size(); ++i, ++n)
        s += double(x[i]) * x[i];
    return n ? std::sqrt(s / double(n)) : 0;
}

int zeroCrossings(const std::vector<float> &x, size_t skip) {
    int c = 0;
    for (size_t i = skip + 1; i + skip < x.size(); ++i)
        if ((x[i] >= 0) != (x[i - 1] >= 0)) ++c;
    return c;
}

TEST(AudioDecode, EveryWavFormatRateAndChannelCount) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const int formats[] = {SF_FORMAT_PCM_U8, SF_FORMAT_PCM_16, SF_FORMAT_PCM_24, SF_FORMAT_PCM_32,
                           SF_FORMAT_FLOAT};
    for (int sub : formats) {
        for (int rate : {8000, 44100, 48000}) {
            for (int channels : {1, 2, 6}) {
                SCOPED_TRACE(testing::Message() << "subformat 0x" << std::hex << sub << std::dec
                                                << ", " << rate << " Hz, " << channels << " ch");
                const QString path = dir.filePath(QStringLiteral("in.wav"));
                ASSERT_TRUE(writeSine(path, SF_FORMAT_WAV | sub, rate, channels, 1.0, 440));
                QString error;
                const auto got = decodeAudioFile(path, &error);
                ASSERT_TRUE(got) << error.toStdString();
                EXPECT_EQ(got->sourceRate, rate);
                EXPECT_EQ(got->sourceChannels, channels);
                EXPECT_EQ(got->sourceFrames, rate);
                EXPECT_FALSE(got->partial);
                EXPECT_FALSE(got->format.isEmpty());
                EXPECT_EQ(got->samples.size(), size_t(16000));
                // The mono mix is the mean of the channels: amplitude 0.2 + 0.05·(channels − 1).
                const double amplitude = 0.2 + 0.05 * (channels - 1);
                EXPECT_NEAR(rms(got->samples, 200), amplitude / std::sqrt(2.0),
                            sub == SF_FORMAT_PCM_U8 ? 0.01 : 0.002);
                EXPECT_NEAR(zeroCrossings(got->samples, 200), 880 * (15600.0 / 16000), 3);
            }
        }
    }
}

TEST(AudioDecode, FlacAndBytesInMemoryDecodeLikeTheFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("in.flac"));
    ASSERT_TRUE(writeSine(path, SF_FORMAT_FLAC | SF_FORMAT_PCM_16, 22050, 2, 0.5, 300));
    QString error;
    const auto fromFile = decodeAudioFile(path, &error);
    ASSERT_TRUE(fromFile) << error.toStdString();
    EXPECT_EQ(fromFile->samples.size(), size_t(8000));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const auto fromBytes = decodeAudioBytes(f.readAll(), &error);
    ASSERT_TRUE(fromBytes) << error.toStdString();
    EXPECT_EQ(fromBytes->samples, fromFile->samples);
}

TEST(AudioDecode, EmptyAndNonAudioInputsGiveAClearMessage) {
    QTemporaryDir dir;
    const QString empty = dir.filePath(QStringLiteral("empty.wav"));
    {
        QFile f(empty);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    }
    QString error;
    EXPECT_FALSE(decodeAudioFile(empty, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("empty"))) << error.toStdString();
    error.clear();
    EXPECT_FALSE(decodeAudioBytes(QByteArray(), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("empty"))) << error.toStdString();
    error.clear();
    EXPECT_FALSE(decodeAudioBytes("this is a text file, not a recording", &error));
    EXPECT_TRUE(error.contains(QStringLiteral("cannot read"))) << error.toStdString();
    error.clear();
    EXPECT_FALSE(decodeAudioFile(dir.filePath(QStringLiteral("missing.wav")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("does not exist"))) << error.toStdString();
    // A WAV header with no samples.
    const QString silent = dir.filePath(QStringLiteral("none.wav"));
    ASSERT_TRUE(writeSine(silent, SF_FORMAT_WAV | SF_FORMAT_PCM_16, 16000, 1, 0.0, 440));
    error.clear();
    EXPECT_FALSE(decodeAudioFile(silent, &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(AudioDecode, TruncatedWavKeepsWhatIsThere) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cut.wav"));
    ASSERT_TRUE(writeSine(path, SF_FORMAT_WAV | SF_FORMAT_PCM_16, 16000, 1, 1.0, 440));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QByteArray bytes = f.readAll();
    bytes.chop(16000);  // half of the samples gone; the header still says one second
    QString error;
    const auto got = decodeAudioBytes(bytes, &error);
    ASSERT_TRUE(got) << error.toStdString();
    // libsndfile cuts the data chunk to what the file holds (it does not report it as damage).
    EXPECT_EQ(got->samples.size(), size_t(8000));
    EXPECT_EQ(got->sourceFrames, 8000);
}

TEST(AudioDecode, CorruptMp3DecodesWhatItCanOrSaysWhy) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("in.mp3"));
    QString why;
    if (!writeSine(path, SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III, 16000, 1, 2.0, 440, &why))
        GTEST_FAIL() << "libsndfile here cannot write MP3: " << why.toStdString();
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray good = f.readAll();
    QString error;
    const auto clean = decodeAudioBytes(good, &error);
    ASSERT_TRUE(clean) << error.toStdString();
    EXPECT_NEAR(double(clean->samples.size()), 32000, 2000);  // the encoder's padding
    // Garble 400 bytes in the middle: frames there are lost, the rest still decodes.
    auto rng = test::seededRng();
    QByteArray damaged = good;
    for (qsizetype i = good.size() / 2; i < good.size() / 2 + 400; ++i)
        damaged[i] = char(rng() & 0xff);
    const auto partly = decodeAudioBytes(damaged, &error);
    ASSERT_TRUE(partly) << error.toStdString();
    EXPECT_GT(partly->samples.size(), size_t(8000));
    // Only an MPEG frame header followed by garbage: nothing is decodable.
    QByteArray junk = good.left(4);
    for (int i = 0; i < 2000; ++i)
        junk.append(char(rng() & 0xff));
    error.clear();
    const auto none = decodeAudioBytes(junk, &error);
    if (none)
        EXPECT_FALSE(none->samples.empty());
    else
        EXPECT_FALSE(error.isEmpty());
}

TEST(AudioDecode, LongFileStreamsAndTheLengthLimitRefusesEarly) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("long.wav"));
    // 10 minutes of 8 kHz 8-bit audio (4.8 MB): decoded in blocks into 9.6 M floats.
    ASSERT_TRUE(writeSine(path, SF_FORMAT_WAV | SF_FORMAT_PCM_U8, 8000, 1, 600.0, 440));
    QString error;
    int calls = 0;
    DecodeOptions options;
    options.progress = [&](double) {
        ++calls;
        return true;
    };
    const auto got = decodeAudioFile(path, &error, options);
    ASSERT_TRUE(got) << error.toStdString();
    EXPECT_EQ(got->samples.size(), size_t(600 * 16000));
    // The result was reserved from the header's length, not grown by doubling.
    EXPECT_LE(got->samples.capacity(), got->samples.size() + 128);
    EXPECT_GT(calls, 10);
    // A limit below the header's length refuses before decoding.
    options.maxSeconds = 60;
    error.clear();
    EXPECT_FALSE(decodeAudioFile(path, &error, options));
    EXPECT_TRUE(error.contains(QStringLiteral("10:00"))) << error.toStdString();
    // Cancelling from the progress callback stops the decode.
    options.maxSeconds = 0;
    options.progress = [](double done) { return done < 0.1; };
    error.clear();
    EXPECT_FALSE(decodeAudioFile(path, &error, options));
    EXPECT_TRUE(error.contains(QStringLiteral("cancelled"))) << error.toStdString();
}

TEST(Resampler, ChunkingDoesNotChangeTheOutputAndLengthsRound) {
    auto rng = test::seededRng();
    std::uniform_real_distribution<float> amp(-0.5f, 0.5f);
    std::vector<float> x(44100 * 2 / 3);
    for (float &v : x)
        v = amp(rng);
    const std::vector<float> whole = resample(x, 44100, 16000);
    EXPECT_NEAR(double(whole.size()), double(x.size()) * 16000 / 44100, 1.0);
    StreamResampler r(44100, 16000);
    std::vector<float> pieces;
    std::uniform_int_distribution<int> cut(1, 3000);
    for (size_t at = 0; at < x.size();) {
        const size_t n = std::min(x.size() - at, size_t(cut(rng)));
        r.push(x.data() + at, int64_t(n), pieces);
        at += n;
    }
    r.finish(pieces);
    EXPECT_EQ(pieces, whole);
    // Equal rates pass through bit for bit.
    EXPECT_EQ(resample(x, 16000, 16000), x);
    // Above the new Nyquist frequency nothing is left: 10 kHz from 48 kHz to 16 kHz.
    std::vector<float> high(48000);
    for (size_t i = 0; i < high.size(); ++i)
        high[i] = float(0.5 * std::sin(2 * kPi * 10000 * double(i) / 48000));
    EXPECT_LT(rms(resample(high, 48000, 16000), 200), 0.001);
    StreamResampler bad(0, 16000);
    EXPECT_FALSE(bad.ok());
    EXPECT_FALSE(bad.error().isEmpty());
}

}  // namespace
}  // namespace facet::audio
