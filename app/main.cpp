// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDeadlineTimer>
#include <QTimer>
#include <QWindow>

#include <cstdio>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Facet"));
    QApplication::setApplicationName(QStringLiteral("Facet"));
    QApplication::setApplicationVersion(QStringLiteral(FACET_VERSION));
    // The application id: the installed .desktop file, icon and AppStream metainfo are named
    // after it (packaging/linux/), and Wayland compositors match the window to them through it.
    QApplication::setDesktopFileName(QStringLiteral("io.github.facet.Facet"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Gemma 4 on your own GPU"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption smokeTest(
        QStringLiteral("smoke-test"),
        QStringLiteral("Show the main window, quit once the window system has shown it (exit "
                       "code 0) or after 60 s without it (exit code 1)."));
    parser.addOption(smokeTest);
    parser.process(app);

    // The environment's switches, read once, before the window starts the engine thread; a value
    // that does not parse is a warning. The window lays the Settings' choices over them.
    QStringList problems;
    const auto options = facet::app::MainWindow::Options::fromEnvironment(&problems);
    for (const QString &problem : problems)
        qWarning("facet: %s", qPrintable(problem));
    // The window applies the language and theme chosen in Settings (LanguageManager, applyTheme).
    facet::app::MainWindow window(options);
    window.show();

    if (parser.isSet(smokeTest)) {
        // The package test starts the installed app this way (tests/packaging/).
        const QDeadlineTimer deadline(60 * 1000);
        auto *poll = new QTimer(&app);
        QObject::connect(poll, &QTimer::timeout, &app, [&window, deadline] {
            const QWindow *handle = window.windowHandle();
            if (handle && handle->isExposed()) {
                std::printf("facet: smoke test: the main window is shown (%s)\n",
                            qPrintable(QGuiApplication::platformName()));
                std::fflush(stdout);
                QCoreApplication::exit(0);
            } else if (deadline.hasExpired()) {
                std::fprintf(stderr, "facet: smoke test: the main window was never shown\n");
                QCoreApplication::exit(1);
            }
        });
        poll->start(50);
    }
    return QApplication::exec();
}
