#include "commands.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <memory>

int main(int argc, char *argv[]) {
    // Commands that run the model on the GPU need a QGuiApplication (QRhi lives in QtGui); the
    // others stay a QCoreApplication, which needs no platform plugin. Without a display the GPU
    // runs headless through Vulkan's VK_KHR_display platform (no window is ever shown).
    std::unique_ptr<QCoreApplication> app;
    if (facet::cli::needsGpu(argc, argv)) {
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM") &&
            !qEnvironmentVariableIsSet("DISPLAY") &&
            !qEnvironmentVariableIsSet("WAYLAND_DISPLAY")) {
            qputenv("QT_QPA_PLATFORM", "vkkhrdisplay");
        }
        if (!qEnvironmentVariableIsSet("QT_QPA_DISABLE_INPUT"))
            qputenv("QT_QPA_DISABLE_INPUT", "1");
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setOrganizationName(QStringLiteral("Facet"));
    QCoreApplication::setApplicationName(QStringLiteral("Facet"));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    return facet::cli::run(args);
}
