// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio_file_decoder.h"

#include "audio_pcm.h"

#include <QAudioBuffer>
#include <QFileInfo>
#include <QIODevice>
#include <QMimeDatabase>
#include <QUrl>

namespace facet::app {

AudioFileDecoder::AudioFileDecoder(QObject *parent) : QObject(parent) {
    m_watchdog.setSingleShot(true);
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        //: %2: seconds, e.g. "15 s"
        fail(tr("“%1” could not be decoded: the audio decoder gave no answer for %2 s. Convert "
                "the file to WAV and add it again.")
                 .arg(m_name)
                 .arg(QString::number(m_timeoutMs / 1000.0, 'g', 3)));
    });
}

AudioFileDecoder::~AudioFileDecoder() {
    stopDecoder();
}

void AudioFileDecoder::start(const QString &path) {
    cancel();
    m_decoder = new QAudioDecoder(this);
    m_decoder->setSource(QUrl::fromLocalFile(path));
    m_sourceMime = QMimeDatabase().mimeTypeForFile(path).name();
    begin(QFileInfo(path).fileName());
}

void AudioFileDecoder::start(QIODevice *device, const QString &name) {
    cancel();
    m_decoder = new QAudioDecoder(this);
    m_decoder->setSourceDevice(device);
    m_sourceMime.clear();
    begin(name);
}

void AudioFileDecoder::cancel() {
    ++m_run;  // signals already queued for the old run are dropped
    stopDecoder();
    m_converter.reset();
    m_pcm.clear();
}

void AudioFileDecoder::begin(const QString &name) {
    ++m_run;
    m_name = name;
    m_pcm.clear();
    m_converter.reset();
    // Ask for the target format; backends that convert (GStreamer does) save us the work, and
    // whatever format the buffers really have is converted below anyway.
    QAudioFormat format;
    format.setSampleRate(kAudioSampleRate);
    format.setChannelCount(1);
    format.setSampleFormat(QAudioFormat::Int16);
    m_decoder->setAudioFormat(format);
    connect(m_decoder, &QAudioDecoder::bufferReady, this, &AudioFileDecoder::onBuffer);
    connect(m_decoder, &QAudioDecoder::finished, this, &AudioFileDecoder::onFinished);
    connect(m_decoder, qOverload<QAudioDecoder::Error>(&QAudioDecoder::error), this,
            &AudioFileDecoder::onError);
    connect(m_decoder, &QAudioDecoder::durationChanged, this, [this](qint64 ms) {
        if (ms > m_maxMs) {
            fail(tr("“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, "
                    "then add it again.")
                     .arg(m_name, AttachmentText::duration(ms), AttachmentText::duration(m_maxMs)));
        }
    });
    if (!m_decoder->isSupported()) {
        fail(tr("“%1” cannot be decoded: this computer has no audio decoder for Qt Multimedia. "
                "Install GStreamer's audio plugins or convert the file to WAV.")
                 .arg(m_name));
        return;
    }
    m_watchdog.start(m_timeoutMs);
    m_decoder->start();
}

void AudioFileDecoder::onBuffer() {
    if (!m_decoder) return;
    m_watchdog.start(m_timeoutMs);
    const QAudioBuffer buffer = m_decoder->read();
    if (!buffer.isValid()) return;
    const QAudioFormat format = buffer.format();
    if (!m_converter || format.sampleRate() != m_converterFormat.sampleRate() ||
        format.channelCount() != m_converterFormat.channelCount()) {
        // A format change mid-stream (chained OGG streams can do that): end the old conversion.
        if (m_converter) {
            m_converter->finish();
            m_pcm += m_converter->takeOutput();
        }
        m_converter = std::make_unique<PcmTo16kMono>(format.sampleRate(), format.channelCount());
        m_converterFormat = format;
    }
    if (!m_converter->pushBytes(buffer.constData<char>(), buffer.byteCount(),
                                format.sampleFormat())) {
        fail(tr("“%1” could not be decoded: the decoder delivered samples in an unknown format.")
                 .arg(m_name));
        return;
    }
    m_pcm += m_converter->takeOutput();
    if (m_pcm.size() / 2 > m_maxMs * kAudioSampleRate / 1000) {
        fail(tr("“%1” is longer than %2; audio attachments can be at most that long. Cut it "
                "shorter, then add it again.")
                 .arg(m_name, AttachmentText::duration(m_maxMs)));
    }
}

void AudioFileDecoder::onFinished() {
    if (!m_decoder) return;
    // Buffers still queued are read before the end is handled.
    while (m_decoder && m_decoder->bufferAvailable())
        onBuffer();
    if (!m_decoder) return;
    if (m_converter) {
        m_converter->finish();
        m_pcm += m_converter->takeOutput();
    }
    stopDecoder();
    if (m_pcm.isEmpty()) {
        fail(tr("“%1” contains no audio.").arg(m_name));
        return;
    }
    Attachment a;
    a.kind = Attachment::Kind::Audio;
    a.name = m_name;
    a.mimeType = QString::fromLatin1(kPcmMimeType);
    a.sourceMimeType = m_sourceMime;
    a.data = m_pcm;
    a.durationMs = qint64(m_pcm.size() / 2) * 1000 / kAudioSampleRate;
    a.thumbnail = waveformThumbnail(m_pcm);
    m_pcm.clear();
    m_converter.reset();
    QMetaObject::invokeMethod(
        this,
        [this, a, run = m_run] {
            if (run == m_run) emit finished(a);
        },
        Qt::QueuedConnection);
}

void AudioFileDecoder::onError(QAudioDecoder::Error error) {
    if (!m_decoder) return;
    const QString detail = m_decoder->errorString();
    QString message;
    switch (error) {
        case QAudioDecoder::AccessDeniedError:
            message = tr("Facet may not read “%1” (%2). Check the file's permissions.")
                          .arg(m_name, detail);
            break;
        case QAudioDecoder::NotSupportedError:
            message = tr("“%1” cannot be decoded on this computer (%2). Install GStreamer's audio "
                         "plugins or convert the file to WAV.")
                          .arg(m_name, detail);
            break;
        case QAudioDecoder::FormatError:
            message = tr("“%1” is not audio Facet can decode (%2). Use WAV, FLAC, MP3 or OGG.")
                          .arg(m_name, detail);
            break;
        default:
            message = tr("“%1” could not be read (%2). The file may be damaged or unreadable.")
                          .arg(m_name, detail);
            break;
    }
    fail(message);
}

void AudioFileDecoder::fail(const QString &message) {
    stopDecoder();
    m_pcm.clear();
    m_converter.reset();
    QMetaObject::invokeMethod(
        this,
        [this, message, run = m_run] {
            if (run == m_run) emit failed(message);
        },
        Qt::QueuedConnection);
}

void AudioFileDecoder::stopDecoder() {
    m_watchdog.stop();
    if (!m_decoder) return;
    QAudioDecoder *decoder = m_decoder;
    m_decoder = nullptr;
    decoder->disconnect(this);
    decoder->stop();
    // It may be inside one of its own signals: delete it once that has returned.
    decoder->deleteLater();
}

}  // namespace facet::app
