#include "commands.h"
#include "download/cli_pull.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cstdio>
#include <memory>

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>

// Sanitizer builds only: Mesa's software drivers (lavapipe, llvmpipe: what CI's GPU is) allocate
// state once per load and never free it, and the Vulkan loader unloads the driver with its
// instance, which turns that state into a "leak" with no module name. Keeping the drivers loaded
// (RTLD_NODELETE) keeps it reachable, as tests/gpu/gpu_test_env.cpp does for the GPU tests.
static void pinMesaDrivers() {
    for (const char *lib :
         {"libvulkan_lvp.so", "libLLVM-15.so.1", "/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so"})
        dlopen(lib, RTLD_NOW | RTLD_NODELETE);
}
#endif

int main(int argc, char *argv[]) {
    // Commands that run the model on the GPU need a QGuiApplication (QRhi lives in QtGui); the
    // others stay a QCoreApplication, which needs no platform plugin. Without a display the GPU
    // runs headless through Vulkan's VK_KHR_display platform (no window is ever shown).
    std::unique_ptr<QCoreApplication> app;
    if (facet::cli::needsGpu(argc, argv)) {
#if defined(__SANITIZE_ADDRESS__)
        pinMesaDrivers();
#endif
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
    // Downloads live in facet_download (app/download/cli_pull.cpp).
    if (!args.isEmpty() && args.front() == QStringLiteral("pull"))
        return facet::download::cliPull(args.mid(1));
    if (!args.isEmpty() && args.front() == QStringLiteral("rm"))
        return facet::download::cliRm(args.mid(1));
    const int code = facet::cli::run(args);
    // The usage text (help, or no command) gets the download commands appended.
    const bool help = !args.isEmpty() && (args.front() == QStringLiteral("help") ||
                                          args.front() == QStringLiteral("--help") ||
                                          args.front() == QStringLiteral("-h"));
    if (help || args.isEmpty()) {
        std::fputs("\ndownload commands:\n", help ? stdout : stderr);
        std::fputs(facet::download::kCliUsage, help ? stdout : stderr);
    }
    return code;
}
