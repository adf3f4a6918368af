// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "screenshot_support.h"

#include <QDir>
#include <QFileInfo>
#include <QImageWriter>
#include <QSet>

namespace facet::test {

int sampledColours(const QImage &image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

QString screenshotPath(const QString &fileName, const char *variable) {
    if (variable) {
        const QString file = qEnvironmentVariable(variable);
        if (!file.isEmpty()) return file;
    }
    const QString dir = qEnvironmentVariable("FACET_SCREENSHOT_DIR");
    if (dir.isEmpty()) return {};
    return QDir(dir).filePath(fileName);
}

bool writeScreenshot(const QImage &image, const QString &path, QString *error) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QImageWriter writer(path, "png");
    writer.setQuality(0);  // Qt's PNG writer: quality 0 is zlib's strongest compression
    if (!writer.write(image.convertToFormat(QImage::Format_RGB888))) {
        *error = QStringLiteral("%1: %2").arg(path, writer.errorString());
        return false;
    }
    return true;
}

}  // namespace facet::test
