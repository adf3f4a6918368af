// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include <QApplication>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Facet"));
    QApplication::setApplicationName(QStringLiteral("Facet"));
    QApplication::setApplicationVersion(QStringLiteral(FACET_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("facet"));

    // The environment's switches, read once, before the window starts the engine thread; a value
    // that does not parse is a warning. The window lays the Settings' choices over them.
    QStringList problems;
    const auto options = facet::app::MainWindow::Options::fromEnvironment(&problems);
    for (const QString &problem : problems)
        qWarning("facet: %s", qPrintable(problem));
    // The window applies the language and theme chosen in Settings (LanguageManager, applyTheme).
    facet::app::MainWindow window(options);
    window.show();
    return QApplication::exec();
}
