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
    // Largest decoded image accepted, in MiB of 32-bit pixels: 256 MiB is about 67 megapixels,
    // beyond any photo a phone or camera produces. An image that declares a larger size is refused
    // before anything is allocated. QImageReader also enforces its own process-wide limit while
    // decoding (QImageReader::allocationLimit(), 256 MiB unless the application changes it), so a
    // larger value here does not raise the effective limit.
    int allocationLimitMiB = 256;
    // Transparent pixels over white (what a person sees). false keeps the colour channels and
    // drops alpha, as Hugging Face's load_image does (PIL's convert("RGB")): for comparing with
    // its reference outputs.
    bool compositeAlphaOnWhite = true;
};

// Decodes an image file held in memory. On failure returns nullopt and sets *error to a message
// for a desktop user (what is wrong with the file and what to do about it).
std::optional<QImage> decodeImage(const QByteArray &bytes, QString *error,
                                  const DecodeOptions &options = {});
// The same for a file on disk; the message names the file.
std::optional<QImage> decodeImageFile(const QString &path, QString *error,
                                      const DecodeOptions &options = {});

}  // namespace facet::vision
