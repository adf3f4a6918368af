// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The README's pictures, taken by the widget tests: a check that a grab shows content rather than
// a blank surface, and where and how the picture is written when a run asks for it.
//
//   FACET_SCREENSHOT_DIR=dir   every screenshot test writes its picture as dir/<its fixed name>
//                              (main-window.png, attachments-dock.png, ...)
//   FACET_SCREENSHOT=file.png  ChatE2E.WindowScreenshot's picture only, to that file
#pragma once

#include <QImage>
#include <QString>

namespace facet::test {

// Distinct colours among every 7th pixel of every 7th row: a blank or one-colour surface has a
// handful, a window with text, icons and pictures has hundreds.
int sampledColours(const QImage &image);

// Where the picture called `fileName` goes in this run: the file `variable` names (when given and
// set), else FACET_SCREENSHOT_DIR/fileName; empty when the run asks for no pictures.
QString screenshotPath(const QString &fileName, const char *variable = nullptr);

// Writes `image` as a PNG at the best compression, without an alpha channel (the README's pictures
// are committed: every byte counts). False with *error when the file cannot be written.
bool writeScreenshot(const QImage &image, const QString &path, QString *error);

}  // namespace facet::test
