#include "mainwindow.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Facet"));
    QApplication::setApplicationName(QStringLiteral("Facet"));
    QApplication::setApplicationVersion(QStringLiteral(FACET_VERSION));

    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("facet"), QStringLiteral("_"),
                        QStringLiteral(":/i18n"))) {
        QApplication::installTranslator(&translator);
    }

    facet::app::MainWindow window;
    window.show();
    return QApplication::exec();
}
