// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Microphone recording for voice prompts: the input device choice (following devices as they
// come and go), record/stop with a level and a timer, the result as 16 kHz mono s16le PCM, playback
// of the take, discard.
//
// Where the samples come from is an AudioInputBackend: SystemAudioInputs wraps QMediaDevices and
// QAudioSource; tests put a generator in its place and so run the whole path without a
// microphone.
#pragma once

#include "attachment.h"

#include <QAudioFormat>
#include <QBuffer>
#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTimer>

#include <memory>

class QAudioSink;
class QAudioSource;
class QMediaDevices;

namespace facet::app {

class PcmTo16kMono;

struct AudioInputInfo {
    QByteArray id;
    QString name;
    bool isDefault = false;
};

// One opened input. It delivers interleaved samples in format() until stop().
class AudioInputSource : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    // Opens the input; false with *error (a full sentence for the user) when it cannot.
    virtual bool start(QString *error) = 0;
    virtual void stop() = 0;
    // Valid after a successful start(): any rate, channel count and Qt sample format.
    virtual QAudioFormat format() const = 0;

signals:
    void dataReady(const QByteArray &bytes);
    // The input stopped by itself (unplugged, taken by the system); a sentence for the user.
    void failed(const QString &message);
};

// The inputs there are, and sources for them.
class AudioInputBackend : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    virtual QList<AudioInputInfo> inputs() const = 0;
    // A source for input `id` with `parent` as its owner; null when there is no such input.
    virtual AudioInputSource *createSource(const QByteArray &id, QObject *parent) = 0;

signals:
    void inputsChanged();
};

// The computer's microphones through Qt Multimedia. Asks the device for 16 kHz mono 16-bit when
// it supports that, else takes its preferred format (converted by the recorder).
class SystemAudioInputs : public AudioInputBackend {
    Q_OBJECT
public:
    explicit SystemAudioInputs(QObject *parent = nullptr);
    QList<AudioInputInfo> inputs() const override;
    AudioInputSource *createSource(const QByteArray &id, QObject *parent) override;

private:
    QMediaDevices *m_devices;
};

class AudioRecorder : public QObject {
    Q_OBJECT
public:
    // Records from the computer's microphones.
    explicit AudioRecorder(QObject *parent = nullptr);
    // Records from `backend`, which the recorder takes over (it becomes its child).
    explicit AudioRecorder(AudioInputBackend *backend, QObject *parent = nullptr);
    ~AudioRecorder() override;

    QList<AudioInputInfo> inputs() const;
    // The input Record uses: the one chosen with setInputId while it exists, else the system's
    // default, else the first. Empty when there is none.
    QByteArray inputId() const;
    void setInputId(const QByteArray &id);

    // Starts a new take (a kept one is replaced). False, with errorOccurred(), when there is no
    // input or it cannot be opened.
    bool start();
    void stop();
    // Drops the take (stops a running recording first).
    void discard();
    bool isRecording() const { return m_source != nullptr; }
    bool hasRecording() const { return !isRecording() && !m_pcm.isEmpty(); }

    QByteArray pcm() const { return m_pcm; }  // 16 kHz mono s16le
    qint64 durationMs() const;
    qint64 maxDurationMs() const { return m_maxMs; }
    // Recording stops by itself at this length (default limits::kMaxRecordingMs, 5 minutes).
    void setMaxDurationMs(qint64 ms) { m_maxMs = ms; }
    // The take as an audio attachment named `name`.
    Attachment toAttachment(const QString &name) const;

    // Playback of the take through the system's default output.
    // Empty when play() can work; else the reason, as a sentence.
    QString playbackUnavailableReason() const;
    bool play();
    void stopPlayback();
    bool isPlaying() const { return m_sink != nullptr; }

    // A WAV file of 16 kHz mono s16le PCM (for export and for players that want files).
    static QByteArray toWav(const QByteArray &pcm16k);

signals:
    void inputsChanged();
    void recordingChanged(bool recording);
    void hasRecordingChanged(bool hasRecording);
    // About 20 times a second while recording: the peak (0..1) since the previous report.
    void levelChanged(qreal level);
    void elapsedChanged(qint64 ms);
    // Something failed; a sentence that says what and what to do.
    void errorOccurred(const QString &message);
    // Information, such as the recording having stopped at its length limit.
    void notice(const QString &message);
    void playingChanged(bool playing);

private:
    void onData(const QByteArray &bytes);
    void onInputsChanged();
    void finishRecording();
    void tick();
    qint64 maxSamples() const { return m_maxMs * kAudioSampleRate / 1000; }

    AudioInputBackend *m_backend;
    QByteArray m_chosenId;
    AudioInputSource *m_source = nullptr;
    QByteArray m_sourceId;
    QString m_sourceName;
    QAudioFormat m_format;
    std::unique_ptr<PcmTo16kMono> m_converter;
    QByteArray m_pcm;
    qint64 m_maxMs = limits::kMaxRecordingMs;
    QTimer m_meter;
    QAudioSink *m_sink = nullptr;
    QBuffer m_playBuffer;
};

}  // namespace facet::app
