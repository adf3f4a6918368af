// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The microphone path over generated inputs: record → level → timer → stop → 16 kHz mono PCM →
// attachment; silence, the length limit, devices that disappear or fail, no device at all,
// discarding, replacing a take, playback (or the reason it is unavailable), WAV export.
#include "audio_pcm.h"
#include "audio_recorder.h"
#include "audio_test_util.h"
#include "fake_audio_input.h"

#include <QAudioDevice>
#include <QCoreApplication>
#include <QMediaDevices>
#include <QTest>

#include <gtest/gtest.h>

#include <algorithm>

namespace facet::app {
namespace {

using test::GeneratedDevice;
using test::GeneratedInputs;

// How long QTest::qWaitFor waits for the recorder: a generous ceiling, not a timing assertion.
constexpr int kWaitMs = 30000;

// Everything the recorder reports.
struct Log {
    explicit Log(AudioRecorder &r) {
        QObject::connect(&r, &AudioRecorder::levelChanged, &context,
                         [this](qreal l) { levels << l; });
        QObject::connect(&r, &AudioRecorder::elapsedChanged, &context,
                         [this](qint64 ms) { elapsed << ms; });
        QObject::connect(&r, &AudioRecorder::errorOccurred, &context,
                         [this](const QString &m) { errors << m; });
        QObject::connect(&r, &AudioRecorder::notice, &context,
                         [this](const QString &m) { notices << m; });
        QObject::connect(&r, &AudioRecorder::recordingChanged, &context,
                         [this](bool on) { recording << on; });
        QObject::connect(&r, &AudioRecorder::hasRecordingChanged, &context,
                         [this](bool has) { kept << has; });
    }
    qreal maxLevel() const {
        return levels.isEmpty() ? 0 : *std::max_element(levels.begin(), levels.end());
    }
    QObject context;
    QList<qreal> levels;
    QList<qint64> elapsed;
    QStringList errors, notices;
    QList<bool> recording, kept;
};

TEST(Recorder, RecordsASineWithLevelTimerAndTheRightLength) {
    auto *inputs = new GeneratedInputs;
    AudioRecorder recorder(inputs);
    Log log(recorder);
    ASSERT_EQ(recorder.inputs().size(), 2);
    EXPECT_EQ(recorder.inputId(), QByteArray("sine"));  // the default input
    ASSERT_TRUE(recorder.start());
    EXPECT_TRUE(recorder.isRecording());
    EXPECT_FALSE(recorder.hasRecording());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !log.elapsed.isEmpty() && log.elapsed.last() >= 400; },
                                kWaitMs));
    recorder.stop();
    EXPECT_FALSE(recorder.isRecording());
    ASSERT_TRUE(recorder.hasRecording());
    EXPECT_TRUE(log.errors.isEmpty());
    EXPECT_EQ(log.recording, (QList<bool>{true, false}));
    EXPECT_EQ(log.kept, QList<bool>{true});

    // The level meter saw the sine's peak (0.5); the timer only went forward and ended at the
    // recording's length.
    EXPECT_NEAR(log.maxLevel(), 0.5, 0.02);
    EXPECT_TRUE(std::is_sorted(log.elapsed.begin(), log.elapsed.end()));
    EXPECT_EQ(log.elapsed.last(), recorder.durationMs());
    EXPECT_EQ(log.levels.last(), 0.0);  // the meter falls back when recording stops

    // 48 kHz stereo in, 16 kHz mono out: a third as many samples as frames were generated.
    const qint64 frames = inputs->lastSource() ? inputs->lastSource()->framesProduced() : -1;
    ASSERT_GT(frames, 0);
    const QByteArray pcm = recorder.pcm();
    EXPECT_EQ(test::sampleCount(pcm), (frames + 2) / 3);
    EXPECT_EQ(recorder.durationMs(), test::sampleCount(pcm) * 1000 / 16000);
    const double seconds = test::sampleCount(pcm) / 16000.0;
    EXPECT_NEAR(test::zeroCrossings(pcm, 64), 880 * (seconds - 128 / 16000.0), 3);
    EXPECT_NEAR(test::rms(pcm, 64), 0.5 / std::sqrt(2.0), 0.01);

    const Attachment a = recorder.toAttachment(QStringLiteral("Recording 1"));
    EXPECT_EQ(a.kind, Attachment::Kind::Audio);
    EXPECT_EQ(a.name, QStringLiteral("Recording 1"));
    EXPECT_EQ(a.data, pcm);
    EXPECT_EQ(a.durationMs, recorder.durationMs());
    EXPECT_EQ(a.mimeType, QString::fromLatin1(kPcmMimeType));
    EXPECT_FALSE(a.thumbnail.isNull());
}

TEST(Recorder, SilenceShowsNoLevel) {
    AudioRecorder recorder(new GeneratedInputs);
    Log log(recorder);
    recorder.setInputId("silence");
    EXPECT_EQ(recorder.inputId(), QByteArray("silence"));
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return log.levels.size() >= 4 && recorder.durationMs() > 200; }, kWaitMs));
    recorder.stop();
    EXPECT_LT(log.maxLevel(), 0.001);
    EXPECT_GT(test::sampleCount(recorder.pcm()), 3200);
    EXPECT_EQ(test::rms(recorder.pcm()), 0.0);
}

TEST(Recorder, OtherSampleFormatsAndRatesConvertToo) {
    for (auto format : {QAudioFormat::UInt8, QAudioFormat::Int16, QAudioFormat::Int32}) {
        SCOPED_TRACE(int(format));
        auto *inputs = new GeneratedInputs;
        GeneratedDevice device;
        device.id = "mic";
        device.name = QStringLiteral("USB microphone");
        device.rate = 22050;
        device.channels = 1;
        device.format = format;
        device.frequency = 1000;
        inputs->setDevices({device});
        AudioRecorder recorder(inputs);
        ASSERT_TRUE(recorder.start());
        ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 300; }, kWaitMs));
        recorder.stop();
        const qint64 frames = inputs->lastSource()->framesProduced();
        EXPECT_EQ(test::sampleCount(recorder.pcm()), (frames * 16000 + 22049) / 22050);
        const double seconds = test::sampleCount(recorder.pcm()) / 16000.0;
        EXPECT_NEAR(test::zeroCrossings(recorder.pcm(), 64), 2000 * (seconds - 128 / 16000.0), 3);
    }
}

TEST(Recorder, StopsByItselfAtTheLengthLimit) {
    AudioRecorder recorder(new GeneratedInputs);
    Log log(recorder);
    recorder.setMaxDurationMs(250);
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !recorder.isRecording(); }, kWaitMs));
    EXPECT_EQ(recorder.durationMs(), 250);
    EXPECT_EQ(test::sampleCount(recorder.pcm()), 4000);
    ASSERT_EQ(log.notices.size(), 1);
    EXPECT_TRUE(log.notices.first().contains(QStringLiteral("stopped at its limit")))
        << log.notices.first().toStdString();
    EXPECT_TRUE(recorder.hasRecording());
}

TEST(Recorder, ADisconnectedMicrophoneStopsTheRecordingAndKeepsWhatWasRecorded) {
    auto *inputs = new GeneratedInputs;
    AudioRecorder recorder(inputs);
    Log log(recorder);
    int inputsChanged = 0;
    QObject::connect(&recorder, &AudioRecorder::inputsChanged, [&] { ++inputsChanged; });
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 200; }, kWaitMs));
    inputs->removeDevice("sine");
    EXPECT_EQ(inputsChanged, 1);
    EXPECT_FALSE(recorder.isRecording());
    EXPECT_TRUE(recorder.hasRecording());
    ASSERT_EQ(log.errors.size(), 1);
    EXPECT_TRUE(log.errors.first().contains(QStringLiteral("“Test tone” was disconnected")))
        << log.errors.first().toStdString();
    EXPECT_TRUE(log.errors.first().contains(QStringLiteral("is kept")));
    // The next recording uses what is left.
    EXPECT_EQ(recorder.inputId(), QByteArray("silence"));
}

TEST(Recorder, ASourceThatFailsStopsTheRecording) {
    auto *inputs = new GeneratedInputs;
    AudioRecorder recorder(inputs);
    Log log(recorder);
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 100; }, kWaitMs));
    inputs->lastSource()->fail(QStringLiteral("The microphone “Test tone” stopped working."));
    EXPECT_FALSE(recorder.isRecording());
    EXPECT_TRUE(recorder.hasRecording());
    ASSERT_EQ(log.errors.size(), 1);
    EXPECT_TRUE(
        log.errors.first().startsWith(QStringLiteral("The microphone “Test tone” stopped")));
    EXPECT_TRUE(log.errors.first().contains(QStringLiteral("The recording so far")));
}

TEST(Recorder, NoMicrophoneOrOneThatWillNotOpenIsReported) {
    auto *inputs = new GeneratedInputs;
    inputs->setDevices({});
    AudioRecorder recorder(inputs);
    Log log(recorder);
    EXPECT_TRUE(recorder.inputId().isEmpty());
    EXPECT_FALSE(recorder.start());
    EXPECT_FALSE(recorder.isRecording());
    ASSERT_EQ(log.errors.size(), 1);
    EXPECT_TRUE(log.errors.first().contains(QStringLiteral("No microphone was found")));

    GeneratedDevice busy;
    busy.id = "busy";
    busy.name = QStringLiteral("Headset");
    busy.failsToOpen = true;
    inputs->setDevices({busy});
    EXPECT_FALSE(recorder.start());
    ASSERT_EQ(log.errors.size(), 2);
    EXPECT_TRUE(log.errors.last().contains(QStringLiteral("“Headset” could not be opened")));
    EXPECT_FALSE(recorder.hasRecording());
}

TEST(Recorder, DiscardAndReplace) {
    auto *inputs = new GeneratedInputs;
    AudioRecorder recorder(inputs);
    Log log(recorder);
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 100; }, kWaitMs));
    recorder.stop();
    ASSERT_TRUE(recorder.hasRecording());
    recorder.discard();
    EXPECT_FALSE(recorder.hasRecording());
    EXPECT_TRUE(recorder.pcm().isEmpty());
    EXPECT_EQ(recorder.durationMs(), 0);
    EXPECT_EQ(log.elapsed.last(), 0);

    // A new take replaces the kept one.
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 100; }, kWaitMs));
    recorder.stop();
    const QByteArray first = recorder.pcm();
    recorder.setInputId("silence");
    ASSERT_TRUE(recorder.start());
    EXPECT_FALSE(recorder.hasRecording());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 100; }, kWaitMs));
    recorder.stop();
    EXPECT_NE(recorder.pcm(), first);
    EXPECT_EQ(test::rms(recorder.pcm()), 0.0);

    // Discarding while recording stops and drops.
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 50; }, kWaitMs));
    recorder.discard();
    EXPECT_FALSE(recorder.isRecording());
    EXPECT_FALSE(recorder.hasRecording());
    EXPECT_FALSE(inputs->lastSource() && inputs->lastSource()->isRunning());
}

TEST(Recorder, PlaybackPlaysOrSaysWhyNot) {
    AudioRecorder recorder(new GeneratedInputs);
    Log log(recorder);
    EXPECT_FALSE(recorder.playbackUnavailableReason().isEmpty());  // nothing recorded yet
    EXPECT_FALSE(recorder.play());
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 200; }, kWaitMs));
    recorder.stop();
    log.errors.clear();
    if (QMediaDevices::defaultAudioOutput().isNull()) {
        // This machine (a test container) has no sound output: playback says so.
        EXPECT_TRUE(
            recorder.playbackUnavailableReason().contains(QStringLiteral("no sound output")));
        EXPECT_FALSE(recorder.play());
        EXPECT_FALSE(recorder.isPlaying());
        ASSERT_EQ(log.errors.size(), 1);
        EXPECT_TRUE(log.errors.first().contains(QStringLiteral("no sound output")));
    } else {
        EXPECT_TRUE(recorder.playbackUnavailableReason().isEmpty());
        bool played = false;
        QObject::connect(&recorder, &AudioRecorder::playingChanged, [&](bool on) {
            if (on) played = true;
        });
        const bool started = recorder.play();
        // An output that exists but cannot be opened reports an error instead.
        EXPECT_TRUE(started || !log.errors.isEmpty());
        if (started) {
            EXPECT_TRUE(played);
            ASSERT_TRUE(QTest::qWaitFor([&] { return !recorder.isPlaying(); }, kWaitMs));
        }
    }
    EXPECT_TRUE(recorder.hasRecording());  // playing never consumes the take
}

TEST(Recorder, WavExportReadsBack) {
    AudioRecorder recorder(new GeneratedInputs);
    ASSERT_TRUE(recorder.start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder.durationMs() >= 100; }, kWaitMs));
    recorder.stop();
    const QByteArray wav = AudioRecorder::toWav(recorder.pcm());
    const WavResult r = Wav::read(reinterpret_cast<const uchar *>(wav.constData()), wav.size());
    ASSERT_EQ(r.status, WavResult::Status::Ok);
    EXPECT_EQ(r.pcm16k, recorder.pcm());
    EXPECT_EQ(r.description, QStringLiteral("16-bit PCM, 16000 Hz, mono"));
}

TEST(Recorder, DestroyedWhileRecording) {
    auto *inputs = new GeneratedInputs;
    auto *recorder = new AudioRecorder(inputs);
    ASSERT_TRUE(recorder->start());
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder->durationMs() >= 50; }, kWaitMs));
    delete recorder;  // the source and the backend go with it
    QCoreApplication::processEvents();
    AudioRecorder again(new GeneratedInputs);
    EXPECT_TRUE(again.start());
    again.stop();
}

}  // namespace
}  // namespace facet::app
