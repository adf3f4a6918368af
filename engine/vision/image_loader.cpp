// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "vision/image_loader.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>

#include <cstdint>

namespace facet::vision {

namespace {

void setError(QString *error, const QString &message) {
    if (error) *error = message;
}

const QString kFormats = QStringLiteral("PNG, JPEG, WebP, BMP or GIF");

// Straight (non-premultiplied) RGBA over an opaque white background, per channel
// c·a/255 + 255·(1 − a/255), rounded to nearest.
QImage compositeOnWhite(const QImage &src) {
    const QImage rgba = src.convertToFormat(QImage::Format_RGBA8888);
    QImage out(rgba.size(), QImage::Format_RGB888);
    for (int y = 0; y < rgba.height(); ++y) {
        const uint8_t *in = rgba.constScanLine(y);
        uint8_t *o = out.scanLine(y);
        for (int x = 0; x < rgba.width(); ++x) {
            const uint32_t a = in[4 * x + 3];
            for (int c = 0; c < 3; ++c) {
                const uint32_t v = in[4 * x + c] * a + 255u * (255u - a);
                o[3 * x + c] = static_cast<uint8_t>((v + 127u) / 255u);
            }
        }
    }
    return out;
}

std::optional<QImage> decodeFrom(QIODevice *device, const QString &what, QString *error,
                                 const DecodeOptions &options) {
    QImageReader reader(device);
    reader.setAutoTransform(true);  // EXIF orientation
    if (!reader.canRead()) {
        setError(error, QStringLiteral("%1 is not an image Facet can read, or it is damaged. "
                                       "Use a %2 file.")
                            .arg(what, kFormats));
        return std::nullopt;
    }
    // Refuse absurd sizes before anything is allocated. QImageReader also enforces its own
    // process-wide limit (QImageReader::allocationLimit()) while decoding; whichever is lower wins.
    const QSize declared = reader.size();
    if (declared.isValid()) {
        if (declared.isEmpty()) {
            setError(error, QStringLiteral("%1 has no pixels (%2×%3).")
                                .arg(what)
                                .arg(declared.width())
                                .arg(declared.height()));
            return std::nullopt;
        }
        const double mib =
            static_cast<double>(declared.width()) * declared.height() * 4.0 / (1024.0 * 1024.0);
        if (mib > options.allocationLimitMiB) {
            setError(error,
                     QStringLiteral("%1 is too large (%2×%3 pixels, %4 MiB decoded; the limit is "
                                    "%5 MiB). Scale it down and attach it again.")
                         .arg(what)
                         .arg(declared.width())
                         .arg(declared.height())
                         .arg(static_cast<qint64>(mib))
                         .arg(options.allocationLimitMiB));
            return std::nullopt;
        }
    }
    QImage image;
    if (!reader.read(&image) || image.isNull()) {
        const bool tooLarge = reader.error() == QImageReader::InvalidDataError &&
                              reader.errorString().contains(QLatin1String("limit"));
        setError(error, tooLarge ? QStringLiteral("%1 is too large to decode (%2). Scale it down "
                                                  "and attach it again.")
                                       .arg(what, reader.errorString())
                                 : QStringLiteral("%1 could not be decoded: it looks truncated or "
                                                  "damaged (%2). Save it again as a %3 file.")
                                       .arg(what, reader.errorString(), kFormats));
        return std::nullopt;
    }
    if (image.width() <= 0 || image.height() <= 0) {
        setError(error, QStringLiteral("%1 has no pixels.").arg(what));
        return std::nullopt;
    }
    if (image.hasAlphaChannel() && options.compositeAlphaOnWhite) return compositeOnWhite(image);
    // Straight (non-premultiplied) colour values are kept as stored when alpha is dropped.
    if (image.hasAlphaChannel()) image = image.convertToFormat(QImage::Format_RGBA8888);
    return image.convertToFormat(QImage::Format_RGB888);
}

}  // namespace

std::optional<QImage> decodeImage(const QByteArray &bytes, QString *error,
                                  const DecodeOptions &options) {
    const QString what = QStringLiteral("The image");
    if (bytes.isEmpty()) {
        setError(error, QStringLiteral("The image is empty (0 bytes). Attach the file again."));
        return std::nullopt;
    }
    QBuffer buffer;
    buffer.setData(bytes);
    if (!buffer.open(QIODevice::ReadOnly)) {
        setError(error, QStringLiteral("The image could not be read from memory."));
        return std::nullopt;
    }
    return decodeFrom(&buffer, what, error, options);
}

std::optional<QImage> decodeImageFile(const QString &path, QString *error,
                                      const DecodeOptions &options) {
    const QString what = QStringLiteral("\"%1\"").arg(QFileInfo(path).fileName());
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        setError(error,
                 QStringLiteral("%1 could not be opened: %2.").arg(what, file.errorString()));
        return std::nullopt;
    }
    if (file.size() == 0) {
        setError(error, QStringLiteral("%1 is empty (0 bytes).").arg(what));
        return std::nullopt;
    }
    return decodeFrom(&file, what, error, options);
}

}  // namespace facet::vision
