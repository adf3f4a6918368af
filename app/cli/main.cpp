#include "commands.h"

#include <QCoreApplication>

int main(int argc, char *argv[]) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Facet"));
    QCoreApplication::setApplicationName(QStringLiteral("Facet"));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return facet::cli::run(args);
}
