// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A stand-in for microphones: inputs that generate a sine (or silence) in any format, faster than
// real time, so the recorder's whole path runs in tests. Devices can be added, removed, made to
// fail on open or to fail while recording.
#pragma once

#include "audio_recorder.h"

#include <QAudioFormat>
#include <QPointer>
#include <QTimer>

namespace facet::test {

struct GeneratedDevice {
    QByteArray id;
    QString name;
    double frequency = 440;
    double amplitude = 0.5;  // 0: silence
    int rate = 48000;
    int channels = 2;
    QAudioFormat::SampleFormat format = QAudioFormat::Float;
    bool isDefault = false;
    bool failsToOpen = false;
};

class GeneratedSource : public app::AudioInputSource {
    Q_OBJECT
public:
    GeneratedSource(const GeneratedDevice &device, int chunkMs, int intervalMs, QObject *parent);
    bool start(QString *error) override;
    void stop() override;
    QAudioFormat format() const override { return m_format; }

    qint64 framesProduced() const { return m_frames; }
    bool isRunning() const { return m_timer.isActive(); }
    // Makes the source report a failure, as a device that stops would.
    void fail(const QString &message) { emit failed(message); }

private:
    void produce();

    GeneratedDevice m_device;
    QAudioFormat m_format;
    QTimer m_timer;
    int m_chunkMs;
    qint64 m_frames = 0;
};

class GeneratedInputs : public app::AudioInputBackend {
    Q_OBJECT
public:
    // Two inputs: "sine" (440 Hz, peak 0.5, 48 kHz stereo float; the default) and "silence"
    // (44.1 kHz mono 16-bit).
    explicit GeneratedInputs(QObject *parent = nullptr);

    QList<app::AudioInputInfo> inputs() const override;
    app::AudioInputSource *createSource(const QByteArray &id, QObject *parent) override;

    void setDevices(const QList<GeneratedDevice> &devices);
    void removeDevice(const QByteArray &id);
    GeneratedSource *lastSource() const { return m_last; }
    // Each tick delivers chunkMs of audio every intervalMs (default 40 ms every 5 ms).
    void setPace(int chunkMs, int intervalMs) {
        m_chunkMs = chunkMs;
        m_intervalMs = intervalMs;
    }

private:
    QList<GeneratedDevice> m_devices;
    QPointer<GeneratedSource> m_last;
    int m_chunkMs = 40;
    int m_intervalMs = 5;
};

}  // namespace facet::test
