// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// An attachment of the message being composed (an image or a piece of audio), the limits every
// import path enforces, and small formatting helpers shared by the attachment widgets.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QMetaType>
#include <QSize>
#include <QString>

namespace facet::app {

struct Attachment {
    enum class Kind { Image, Audio };
    Kind kind = Kind::Image;
    QString name;      // what the user sees: the file's name, or e.g. "Pasted image.png"
    QString mimeType;  // the type of `data`: the image's detected type, or kPcmMimeType
    // Image: the original file bytes (checked decodable). Audio: 16 kHz mono signed 16-bit
    // little-endian PCM, whatever the source was.
    QByteArray data;
    QImage thumbnail;        // image: scaled, orientation applied; audio: a drawn waveform
    qint64 durationMs = 0;   // audio only
    QSize imageSize;         // image only: pixel size after the EXIF orientation
    QString sourceMimeType;  // what the data came from (e.g. audio/flac); informational
};

// The limits. Images: 20 MB per file, 50 megapixels decoded. Audio: 10 minutes per attachment
// (recordings stop at 5 minutes). A message carries at most 8 attachments.
namespace limits {
inline constexpr int kMaxAttachments = 8;
inline constexpr qint64 kMaxImageFileBytes = 20LL * 1024 * 1024;
inline constexpr qint64 kMaxImagePixels = 50'000'000;
inline constexpr qint64 kMaxAudioMs = 10LL * 60 * 1000;
inline constexpr qint64 kMaxRecordingMs = 5LL * 60 * 1000;
inline constexpr int kThumbnailSize = 256;  // longest side of a thumbnail, in pixels
}  // namespace limits

inline constexpr int kAudioSampleRate = 16000;
// The mime type of Attachment::data for audio attachments.
inline constexpr char kPcmMimeType[] = "audio/pcm;rate=16000;channels=1;format=s16le";

class AttachmentText {
    Q_DECLARE_TR_FUNCTIONS(facet::app::AttachmentText)
public:
    // "0:07", "12:05", "1:02:03" (rounded down to whole seconds).
    static QString duration(qint64 ms);
    // "512 bytes", "3.4 KB", "21.0 MB" (1024-based, like the file managers on Linux).
    static QString bytes(qint64 count);
    // One line describing an attachment for tooltips and accessible descriptions.
    static QString describe(const Attachment &attachment);
};

// A waveform picture of 16 kHz mono s16 PCM (the thumbnail of audio attachments).
QImage waveformThumbnail(const QByteArray &pcm16k, QSize size = QSize(256, 144));

}  // namespace facet::app

Q_DECLARE_METATYPE(facet::app::Attachment)
