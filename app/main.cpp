#include "mainwindow.h"

#include <QApplication>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Facet"));
    QApplication::setApplicationName(QStringLiteral("Facet"));
    QApplication::setApplicationVersion(QStringLiteral(FACET_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("facet"));

    // The window applies the language and theme chosen in Settings (LanguageManager, applyTheme).
    facet::app::MainWindow window;
    window.show();
    return QApplication::exec();
}
