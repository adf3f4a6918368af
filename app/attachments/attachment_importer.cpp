// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "attachment_importer.h"

#include "audio_file_decoder.h"
#include "audio_pcm.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QImageWriter>
#include <QMimeData>
#include <QMimeDatabase>
#include <QPromise>
#include <QThreadPool>
#include <QUrl>

#include <algorithm>

namespace facet::app {

namespace {

// Messages of the helpers below share the importer's translation context.
struct Msg {
    Q_DECLARE_TR_FUNCTIONS(facet::app::AttachmentImporter)
};

QString megabytes(qint64 bytes) {
    return AttachmentText::bytes(bytes);
}

// Magic numbers of compressed audio QAudioDecoder may read (QMimeDatabase catches the rest).
bool looksLikeCompressedAudio(const QByteArray &head) {
    if (head.startsWith("fLaC") || head.startsWith("OggS") || head.startsWith("ID3") ||
        head.startsWith("#!AMR") || head.startsWith("caff"))
        return true;
    if (head.startsWith("FORM") && (head.mid(8, 4) == "AIFF" || head.mid(8, 4) == "AIFC"))
        return true;
    // An MPEG audio or ADTS frame: 11 sync bits, then a layer other than "reserved".
    return head.size() >= 2 && quint8(head[0]) == 0xff && (quint8(head[1]) & 0xe0) == 0xe0 &&
           (quint8(head[1]) & 0x06) != 0;
}

QString notMediaMessage(const QString &name, const QMimeType &type) {
    const bool known = type.isValid() && !type.isDefault();
    if (known) {
        //: %2 is a file type description such as "plain text document"
        return Msg::tr(
                   "“%1” is not an image or audio file Facet can read (it looks like a %2). Attach "
                   "PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.")
            .arg(name, type.comment());
    }
    return Msg::tr(
               "“%1” is not an image or audio file Facet can read. Attach PNG, JPEG, WebP, GIF or "
               "BMP images, or WAV, FLAC, MP3 or OGG audio.")
        .arg(name);
}

QString tooBigImageMessage(const QString &name, qint64 size) {
    return Msg::tr(
               "“%1” is %2; images can be at most %3. Scale it down or save it as JPEG, then add "
               "it again.")
        .arg(name, megabytes(size), megabytes(limits::kMaxImageFileBytes));
}

QString tooManyPixelsMessage(const QString &name, QSize size) {
    const qint64 pixels = qint64(size.width()) * size.height();
    return Msg::tr(
               "“%1” is %2 × %3 pixels (%4 megapixels); images can be at most %5 megapixels. "
               "Scale it down, then add it again.")
        .arg(name)
        .arg(size.width())
        .arg(size.height())
        .arg(QString::number(double(pixels) / 1e6, 'f', 1))
        .arg(limits::kMaxImagePixels / 1'000'000);
}

QString tooLongAudioMessage(const QString &name, qint64 ms, qint64 maxMs) {
    return Msg::tr(
               "“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it "
               "again.")
        .arg(name, AttachmentText::duration(ms), AttachmentText::duration(maxMs));
}

QString withSuffix(const QString &name, const QByteArray &bytes) {
    if (!QFileInfo(name).suffix().isEmpty()) return name;
    const QString suffix = QMimeDatabase().mimeTypeForData(bytes).preferredSuffix();
    return suffix.isEmpty() ? name : name + QLatin1Char('.') + suffix;
}

ImportResult importFile(const QString &path, qint64 maxAudioMs) {
    ImportResult r;
    const QFileInfo info(path);
    const QString name = info.fileName().isEmpty() ? path : info.fileName();
    if (!info.exists()) {
        r.error = Msg::tr("“%1” was not found. It may have been moved or deleted.").arg(name);
        return r;
    }
    if (info.isDir()) {
        r.error = Msg::tr("“%1” is a folder. Add the files inside it instead.").arg(name);
        return r;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        r.error = Msg::tr("Facet cannot open “%1” (%2). Check that you may read it.")
                      .arg(name, file.errorString());
        return r;
    }
    const qint64 size = file.size();
    if (size == 0) {
        r.error = Msg::tr("“%1” is empty (0 bytes).").arg(name);
        return r;
    }
    const QByteArray head = file.peek(64);

    if (Wav::looksLikeWav(head)) {
        // Mapped, not read: a long WAV need not be copied into memory to be converted.
        const uchar *data = file.map(0, size);
        QByteArray copy;
        if (!data) {
            // Without a mapping (rare: some network file systems) the file is read whole. Ten
            // minutes of 8-channel 32-bit 192 kHz audio (3.4 GiB) fit under this bound, so a
            // larger WAV is too long anyway.
            constexpr qint64 kMaxUnmappedWav = 4LL * 1024 * 1024 * 1024;
            if (size > kMaxUnmappedWav) {
                r.error = Msg::tr(
                              "“%1” is too large to read (%2); audio attachments can be at "
                              "most %3 long. Cut it shorter, then add it again.")
                              .arg(name, AttachmentText::bytes(size),
                                   AttachmentText::duration(maxAudioMs));
                return r;
            }
            copy = file.readAll();
            if (copy.size() != size) {
                r.error = Msg::tr("“%1” could not be read (%2).").arg(name, file.errorString());
                return r;
            }
            data = reinterpret_cast<const uchar *>(copy.constData());
        }
        const WavResult wav = Wav::read(data, size, maxAudioMs);
        switch (wav.status) {
            case WavResult::Status::Ok:
                r.attachment.kind = Attachment::Kind::Audio;
                r.attachment.name = name;
                r.attachment.mimeType = QString::fromLatin1(kPcmMimeType);
                r.attachment.sourceMimeType = QStringLiteral("audio/x-wav");
                r.attachment.data = wav.pcm16k;
                r.attachment.durationMs = qint64(wav.pcm16k.size() / 2) * 1000 / kAudioSampleRate;
                r.attachment.thumbnail = waveformThumbnail(wav.pcm16k);
                return r;
            case WavResult::Status::Unsupported:
                r.needsDecoder = true;
                r.path = path;
                r.attachment.name = name;
                return r;
            case WavResult::Status::TooLong:
                r.error = tooLongAudioMessage(name, wav.durationMs, maxAudioMs);
                return r;
            default:
                r.error = Msg::tr(
                              "“%1” is a damaged WAV file: %2. Export it again from the program "
                              "that made it.")
                              .arg(name, wav.problem);
                return r;
        }
    }

    const QMimeType type = QMimeDatabase().mimeTypeForFile(path, QMimeDatabase::MatchContent);
    if (looksLikeCompressedAudio(head) || type.name().startsWith(QLatin1String("audio/"))) {
        r.needsDecoder = true;
        r.path = path;
        r.attachment.name = name;
        return r;
    }

    // Images: the header decides (not the extension), and its size is checked before reading.
    {
        QImageReader probe(&file);
        probe.setDecideFormatFromContent(true);
        if (!probe.canRead()) {
            r.error = notMediaMessage(name, type);
            return r;
        }
    }
    if (size > limits::kMaxImageFileBytes) {
        r.error = tooBigImageMessage(name, size);
        return r;
    }
    file.seek(0);
    const QByteArray bytes = file.readAll();
    if (bytes.size() != size) {
        r.error = Msg::tr("“%1” could not be read (%2).").arg(name, file.errorString());
        return r;
    }
    return AttachmentImporter::importImageBytes(bytes, name);
}

}  // namespace

// ---------------------------------------------------------------------------------------------

AttachmentImporter::AttachmentImporter(QObject *parent) : QObject(parent) {
    m_decoder = new AudioFileDecoder(this);
    connect(m_decoder, &AudioFileDecoder::finished, this, [this](const Attachment &a) {
        emit imported(a);
        done();
    });
    connect(m_decoder, &AudioFileDecoder::failed, this, [this](const QString &message) {
        emit failed(message);
        done();
    });
}

AttachmentImporter::~AttachmentImporter() {
    cancelAll();
}

bool AttachmentImporter::canImport(const QMimeData *mime) {
    if (!mime) return false;
    if (mime->hasImage()) return true;
    for (const QString &format : mime->formats())
        if (format.startsWith(QLatin1String("image/"))) return true;
    if (mime->hasUrls()) {
        for (const QUrl &url : mime->urls())
            if (url.isLocalFile() && !QFileInfo(url.toLocalFile()).isDir()) return true;
    }
    return false;
}

bool AttachmentImporter::jpegIsComplete(const QByteArray &bytes) {
    const auto *d = reinterpret_cast<const uchar *>(bytes.constData());
    const qsizetype size = bytes.size();
    if (size < 4 || d[0] != 0xff || d[1] != 0xd8) return false;
    qsizetype pos = 2;
    while (pos < size) {
        if (d[pos] != 0xff) return false;  // a segment must start with a marker
        while (pos < size && d[pos] == 0xff)
            ++pos;  // fill bytes
        if (pos >= size) return false;
        const uchar marker = d[pos++];
        if (marker == 0xd9) return true;  // end of image
        if (marker == 0x01 || marker == 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) continue;
        if (pos + 2 > size) return false;
        const qsizetype length = qsizetype(d[pos]) << 8 | d[pos + 1];
        if (length < 2 || pos + length > size) return false;
        pos += length;
        if (marker != 0xda) continue;
        // Entropy-coded data after a start-of-scan runs to the next marker that is neither a
        // stuffed 0xFF00 nor a restart marker.
        while (pos + 1 < size) {
            if (d[pos] != 0xff) {
                ++pos;
                continue;
            }
            const uchar next = d[pos + 1];
            if (next == 0x00 || (next >= 0xd0 && next <= 0xd7)) {
                pos += 2;
            } else if (next == 0xff) {
                ++pos;
            } else {
                break;
            }
        }
        if (pos + 1 >= size) return false;
    }
    return false;
}

ImportResult AttachmentImporter::importImageBytes(const QByteArray &bytes, const QString &name) {
    ImportResult r;
    if (bytes.isEmpty()) {
        r.error = tr("“%1” is empty (0 bytes).").arg(name);
        return r;
    }
    if (bytes.size() > limits::kMaxImageFileBytes) {
        r.error = tooBigImageMessage(name, bytes.size());
        return r;
    }
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setDecideFormatFromContent(true);
    reader.setAutoTransform(true);
    // Room for the largest image allowed (50 Mpixel × 4 bytes), above Qt's default limit.
    reader.setAllocationLimit(int(limits::kMaxImagePixels * 4 / (1024 * 1024)) + 16);
    if (!reader.canRead()) {
        const QMimeType type = QMimeDatabase().mimeTypeForData(bytes);
        if (type.isValid() && !type.isDefault()) {
            r.error = tr("“%1” is not an image Facet can read (it looks like a %2). Use PNG, JPEG, "
                         "WebP, GIF or BMP.")
                          .arg(name, type.comment());
        } else {
            r.error = tr("“%1” is not an image Facet can read. Use PNG, JPEG, WebP, GIF or BMP.")
                          .arg(name);
        }
        return r;
    }
    const QByteArray format = reader.format();
    const QSize declared = reader.size();
    if (declared.isValid() &&
        qint64(declared.width()) * declared.height() > limits::kMaxImagePixels) {
        r.error = tooManyPixelsMessage(name, declared);
        return r;
    }
    if (format == "jpeg" && !jpegIsComplete(bytes)) {
        r.error = tr("“%1” is cut off: the file ends before the image does. Copy or download it "
                     "again.")
                      .arg(name);
        return r;
    }
    const QImage image = reader.read();
    if (image.isNull()) {
        r.error = tr("“%1” could not be decoded (%2). The file may be damaged; check it in an "
                     "image viewer.")
                      .arg(name, reader.errorString());
        return r;
    }
    if (qint64(image.width()) * image.height() > limits::kMaxImagePixels) {
        r.error = tooManyPixelsMessage(name, image.size());
        return r;
    }
    Attachment &a = r.attachment;
    a.kind = Attachment::Kind::Image;
    a.name = name;
    const QMimeType type = QMimeDatabase().mimeTypeForData(bytes);
    a.mimeType = type.name().startsWith(QLatin1String("image/"))
                     ? type.name()
                     : QStringLiteral("image/") + QString::fromLatin1(format);
    a.sourceMimeType = a.mimeType;
    a.data = bytes;
    a.imageSize = image.size();
    const int edge = limits::kThumbnailSize;
    a.thumbnail = (image.width() > edge || image.height() > edge)
                      ? image.scaled(edge, edge, Qt::KeepAspectRatio, Qt::SmoothTransformation)
                      : image;
    return r;
}

ImportResult AttachmentImporter::importFileSync(const QString &path) {
    return importFile(path, limits::kMaxAudioMs);
}

// ---------------------------------------------------------------------------------------------
// Asynchronous queue

void AttachmentImporter::importFiles(const QStringList &paths) {
    for (const QString &path : paths) {
        Job job;
        job.kind = Job::Kind::File;
        job.path = path;
        job.name = QFileInfo(path).fileName();
        enqueue(std::move(job));
    }
}

void AttachmentImporter::importImageData(const QByteArray &encoded, const QString &name) {
    Job job;
    job.kind = Job::Kind::Bytes;
    job.bytes = encoded;
    job.name = name;
    enqueue(std::move(job));
}

void AttachmentImporter::importImage(const QImage &image, const QString &name) {
    Job job;
    job.kind = Job::Kind::Image;
    job.image = image;
    job.name = name;
    enqueue(std::move(job));
}

void AttachmentImporter::importMimeData(const QMimeData *mime, const QString &imageName) {
    if (!mime) return;
    QStringList local;
    QList<QUrl> remote;
    if (mime->hasUrls()) {
        for (const QUrl &url : mime->urls()) {
            if (url.isLocalFile()) {
                local << url.toLocalFile();
            } else {
                remote << url;
            }
        }
    }
    if (!local.isEmpty()) {
        importFiles(local);
        if (!remote.isEmpty()) {
            const QString first = remote.first().toDisplayString();
            emit failed(remote.size() == 1
                            ? tr("“%1” is not a file on this computer and was not attached. "
                                 "Save it first, then attach the saved file.")
                                  .arg(first)
                            : tr("“%1” and %2 more are not files on this computer and were not "
                                 "attached. Save them first, then attach the saved files.")
                                  .arg(first)
                                  .arg(remote.size() - 1));
        }
        return;
    }
    // Encoded image data keeps the original bytes; PNG first (lossless), then what Qt reads.
    QStringList imageFormats;
    for (const QString &format : mime->formats())
        if (format.startsWith(QLatin1String("image/"))) imageFormats << format;
    std::stable_sort(
        imageFormats.begin(), imageFormats.end(), [](const QString &a, const QString &b) {
            return (a == QLatin1String("image/png")) > (b == QLatin1String("image/png"));
        });
    const QList<QByteArray> readable = QImageReader::supportedMimeTypes();
    for (const QString &format : imageFormats) {
        if (!readable.contains(format.toLatin1())) continue;
        const QByteArray data = mime->data(format);
        if (!data.isEmpty()) {
            importImageData(data, imageName);
            return;
        }
    }
    if (mime->hasImage()) {
        const QImage image = qvariant_cast<QImage>(mime->imageData());
        if (!image.isNull()) {
            importImage(image, imageName);
            return;
        }
    }
    if (!remote.isEmpty()) {
        emit failed(tr("“%1” is not a file on this computer. Save it first, then attach the saved "
                       "file.")
                        .arg(remote.first().toDisplayString()));
        return;
    }
    emit failed(tr("There is no image, audio or file here to attach."));
}

int AttachmentImporter::pendingCount() const {
    return int(m_queue.size()) + (m_running ? 1 : 0);
}

void AttachmentImporter::cancelAll() {
    const bool wasBusy = isBusy();
    m_queue.clear();
    if (m_watcher) {
        // The worker finishes on its own; its result goes nowhere.
        m_watcher->disconnect(this);
        m_watcher.reset();
    }
    m_decoder->cancel();
    m_running = false;
    if (wasBusy) emit busyChanged(false);
}

void AttachmentImporter::enqueue(Job job) {
    const bool wasBusy = isBusy();
    m_queue.append(std::move(job));
    if (!m_running) startNext();
    if (!wasBusy) emit busyChanged(true);
}

void AttachmentImporter::startNext() {
    if (m_queue.isEmpty()) return;
    m_running = true;
    Job job = m_queue.takeFirst();
    auto promise = std::make_shared<QPromise<ImportResult>>();
    m_watcher = std::make_unique<QFutureWatcher<ImportResult>>();
    connect(m_watcher.get(), &QFutureWatcherBase::finished, this,
            &AttachmentImporter::onWorkerDone);
    m_watcher->setFuture(promise->future());
    promise->start();
    const qint64 maxAudioMs = m_maxAudioMs;
    // Decoding a large image takes a second or more; it runs on a pool thread so the window
    // stays responsive. The job holds only copies, never `this`.
    QThreadPool::globalInstance()->start([promise, job, maxAudioMs] {
        ImportResult result;
        switch (job.kind) {
            case Job::Kind::File:
                result = importFile(job.path, maxAudioMs);
                break;
            case Job::Kind::Bytes:
                result = importImageBytes(job.bytes, withSuffix(job.name, job.bytes));
                break;
            case Job::Kind::Image: {
                QByteArray encoded;
                QString name = job.name;
                {
                    QBuffer buffer(&encoded);
                    buffer.open(QIODevice::WriteOnly);
                    job.image.save(&buffer, "PNG");
                }
                // A photo-like screenshot can exceed the limit as PNG; JPEG keeps it attachable.
                if (encoded.size() > limits::kMaxImageFileBytes) {
                    encoded.clear();
                    QBuffer buffer(&encoded);
                    buffer.open(QIODevice::WriteOnly);
                    job.image.save(&buffer, "JPEG", 90);
                }
                result = importImageBytes(encoded, withSuffix(name, encoded));
                break;
            }
        }
        promise->addResult(result);
        promise->finish();
    });
}

void AttachmentImporter::onWorkerDone() {
    if (!m_watcher) return;
    const ImportResult result =
        m_watcher->future().resultCount() > 0 ? m_watcher->result() : ImportResult{};
    // The watcher is inside its own signal: hand it to the event loop for deletion.
    m_watcher.release()->deleteLater();
    if (result.needsDecoder) {
        m_decoder->setTimeoutMs(m_decoderTimeoutMs);
        m_decoder->setMaxDurationMs(m_maxAudioMs);
        m_decoder->start(result.path);
        return;
    }
    if (result.ok()) {
        emit imported(result.attachment);
    } else {
        emit failed(result.error.isEmpty() ? tr("The import failed for an unknown reason.")
                                           : result.error);
    }
    done();
}

void AttachmentImporter::done() {
    m_running = false;
    if (m_queue.isEmpty()) {
        emit busyChanged(false);
        return;
    }
    startNext();
}

}  // namespace facet::app
