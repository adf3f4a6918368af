// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Decodes a compressed audio file (FLAC, MP3, OGG Vorbis/Opus, AAC, …: whatever the platform's
// QAudioDecoder backend reads; GStreamer on Linux) to 16 kHz mono s16le PCM.
#pragma once

#include "attachment.h"

#include <QAudioDecoder>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

class QIODevice;

namespace facet::app {

class PcmTo16kMono;

class AudioFileDecoder : public QObject {
    Q_OBJECT
public:
    explicit AudioFileDecoder(QObject *parent = nullptr);
    ~AudioFileDecoder() override;

    // Starts decoding; finished() or failed() follows exactly once (from the event loop, never
    // from inside start()). A running decode is cancelled first.
    void start(const QString &path);
    // `device` (open for reading, not owned) must outlive the decode; `name` is shown in messages.
    void start(QIODevice *device, const QString &name);
    void cancel();  // stops without a signal
    bool isRunning() const { return m_decoder != nullptr; }

    // When the backend reports nothing (no buffer, no error, no end) for this long, the decode
    // fails with a message instead of waiting forever. Default 15 s.
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setMaxDurationMs(qint64 ms) { m_maxMs = ms; }

signals:
    void finished(const facet::app::Attachment &attachment);
    void failed(const QString &message);

private:
    void begin(const QString &name);
    void onBuffer();
    void onFinished();
    void onError(QAudioDecoder::Error error);
    void fail(const QString &message);
    void stopDecoder();

    QAudioDecoder *m_decoder = nullptr;
    std::unique_ptr<PcmTo16kMono> m_converter;
    QAudioFormat m_converterFormat;
    QByteArray m_pcm;
    QString m_name;
    QTimer m_watchdog;
    int m_timeoutMs = 15000;
    qint64 m_maxMs = limits::kMaxAudioMs;
    QString m_sourceMime;
    quint64 m_run = 0;  // counts starts and cancels; queued signals of older runs are dropped
};

}  // namespace facet::app
