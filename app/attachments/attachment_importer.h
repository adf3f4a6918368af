// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Turns files, clipboard contents and drops into attachments.
//
// Images are recognised by their content (a PNG named .jpg imports; a text file named .png is
// refused), checked against the limits (20 MB file, 50 megapixels, checked from the header before
// anything is decoded), decoded once to prove they are whole (a JPEG cut short is refused even
// though Qt would decode it with a grey bottom) and thumbnailed with their EXIF orientation
// applied. WAV files go through Facet's own reader; other audio (FLAC, MP3, OGG, …) through
// QAudioDecoder. Every refusal is a sentence that names the file and says what to do.
#pragma once

#include "attachment.h"

#include <QFutureWatcher>
#include <QImage>
#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>

class QMimeData;

namespace facet::app {

class AudioFileDecoder;

struct ImportResult {
    Attachment attachment;      // valid when ok()
    QString error;              // the user-facing refusal
    bool needsDecoder = false;  // audio that must go through QAudioDecoder (attachment.name set)
    QString path;               // the file, when needsDecoder
    bool ok() const { return error.isEmpty() && !needsDecoder; }
};

class AttachmentImporter : public QObject {
    Q_OBJECT
public:
    explicit AttachmentImporter(QObject *parent = nullptr);
    ~AttachmentImporter() override;

    // Whether a drag or the clipboard offers something to attach: image data or local files
    // (their content is judged on import). Cheap: reads no file.
    static bool canImport(const QMimeData *mime);

    // --- Synchronous pieces (any thread; the asynchronous path runs them on a worker) ---
    // An image from its encoded bytes (file or clipboard). `name` is what the user sees.
    static ImportResult importImageBytes(const QByteArray &bytes, const QString &name);
    // A file: images and WAV completely; other audio comes back with needsDecoder set.
    static ImportResult importFileSync(const QString &path);
    // True when a JPEG's marker structure runs to its end-of-image marker (Qt decodes a JPEG cut
    // short without an error, filling the missing part with grey).
    static bool jpegIsComplete(const QByteArray &bytes);

    // --- Asynchronous import, in the order requested ---
    void importFiles(const QStringList &paths);
    void importImageData(const QByteArray &encoded, const QString &name);
    void importImage(const QImage &image, const QString &name);
    // Local files first; otherwise encoded image data (image/png, image/jpeg, …); otherwise
    // the QImage the mime data carries. Remote URLs are refused with a message.
    void importMimeData(const QMimeData *mime, const QString &imageName);

    int pendingCount() const;  // queued plus the one in progress
    bool isBusy() const { return pendingCount() > 0; }
    void cancelAll();  // drops the queue and the running import, without signals

    // Time QAudioDecoder may stay silent before an import fails (default 15 s).
    void setDecoderTimeoutMs(int ms) { m_decoderTimeoutMs = ms; }
    void setMaxAudioDurationMs(qint64 ms) { m_maxAudioMs = ms; }

signals:
    void imported(const facet::app::Attachment &attachment);
    void failed(const QString &message);
    void busyChanged(bool busy);

private:
    struct Job {
        enum class Kind { File, Bytes, Image } kind = Kind::File;
        QString path;      // File
        QByteArray bytes;  // Bytes
        QImage image;      // Image
        QString name;
    };
    void enqueue(Job job);
    void startNext();
    void onWorkerDone();
    void done();

    QList<Job> m_queue;
    bool m_running = false;
    std::unique_ptr<QFutureWatcher<ImportResult>> m_watcher;
    AudioFileDecoder *m_decoder = nullptr;
    int m_decoderTimeoutMs = 15000;
    qint64 m_maxAudioMs = limits::kMaxAudioMs;
};

}  // namespace facet::app
