// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "attachment.h"

#include <QLocale>
#include <QPainter>
#include <QtEndian>

#include <algorithm>
#include <cmath>

namespace facet::app {

QString AttachmentText::duration(qint64 ms) {
    const qint64 total = std::max<qint64>(0, ms) / 1000;
    const qint64 h = total / 3600, m = (total / 60) % 60, s = total % 60;
    if (h > 0) {
        return QStringLiteral("%1:%2:%3")
            .arg(h)
            .arg(m, 2, 10, QLatin1Char('0'))
            .arg(s, 2, 10, QLatin1Char('0'));
    }
    return QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

QString AttachmentText::bytes(qint64 count) {
    const QLocale locale;
    if (count == 1) return tr("1 byte", "file size");
    if (count < 1024) return tr("%1 bytes", "file size").arg(count);
    if (count < 1024 * 1024) return tr("%1 KB").arg(locale.toString(count / 1024.0, 'f', 1));
    return tr("%1 MB").arg(locale.toString(count / (1024.0 * 1024.0), 'f', 1));
}

QString AttachmentText::describe(const Attachment &a) {
    if (a.kind == Attachment::Kind::Audio) {
        //: audio attachment: file name, length (m:ss)
        return tr("%1, audio, %2").arg(a.name, duration(a.durationMs));
    }
    //: image attachment: file name, width × height in pixels, file size
    return tr("%1, image, %2 × %3 pixels, %4")
        .arg(a.name)
        .arg(a.imageSize.width())
        .arg(a.imageSize.height())
        .arg(bytes(a.data.size()));
}

QImage waveformThumbnail(const QByteArray &pcm16k, QSize size) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(0x26, 0x32, 0x38));
    const qsizetype samples = pcm16k.size() / 2;
    const auto *data = reinterpret_cast<const uchar *>(pcm16k.constData());
    QPainter painter(&image);
    painter.setPen(QColor(0x80, 0xcb, 0xc4));
    const int mid = size.height() / 2;
    // One vertical line per column: the peak of the samples that fall into it. Peaks rather
    // than averages so short sounds stay visible.
    for (int x = 0; x < size.width() && samples > 0; ++x) {
        const qsizetype from = samples * x / size.width();
        const qsizetype to = std::max(from + 1, samples * (x + 1) / size.width());
        int peak = 0;
        for (qsizetype i = from; i < to && i < samples; ++i) {
            peak = std::max(peak, std::abs(int(qFromLittleEndian<qint16>(data + 2 * i))));
        }
        const int half = std::max(1, int(std::lround(peak / 32768.0 * (mid - 2))));
        painter.drawLine(x, mid - half, x, mid + half);
    }
    return image;
}

}  // namespace facet::app
