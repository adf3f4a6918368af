// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Image decoding for the vision tower: bytes or a file in, an upright RGB888 QImage out.
//
// QImageReader does the decoding (PNG, JPEG, WebP through Qt's image-format plugins, BMP, GIF —
// its first frame), applies the EXIF orientation, and refuses images whose decoded size would
// exceed an allocation limit. Transparent pixels are composited on white, as a person looking at
// the picture sees it; the model itself has no alpha channel.
#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

#include <optional>

namespace facet::vision {

struct DecodeOptions {
    // Largest decoded image accepted, in MiB of 32-bit pixels (QImageReader's allocation limit).
    // 512 MiB is about 134 megapixels, far beyond any photo a camera produces; anything larger is
    // refused before a byte of it is allocated.
    int allocationLimitMiB = 512;
};

// Decodes an image file held in memory. On failure returns nullopt and sets *error to a message
// for a desktop user (what is wrong with the file and what to do about it).
std::optional<QImage> decodeImage(const QByteArray &bytes, QString *error,
                                  const DecodeOptions &options = {});
// The same for a file on disk; the message names the file.
std::optional<QImage> decodeImageFile(const QString &path, QString *error,
                                      const DecodeOptions &options = {});

}  // namespace facet::vision
