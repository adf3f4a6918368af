#pragma once

#include <QStringList>

namespace facet::cli {

// Runs facet-cli with the given arguments (argv[0] excluded). Output goes to stdout, errors to
// stderr; returns the process exit code.
int run(const QStringList &args);

// Whether the command line asks for something that runs on the GPU (run, logits and bench,
// unless --backend cpu): main() then creates a QGuiApplication instead of a QCoreApplication.
bool needsGpu(int argc, char **argv);

}  // namespace facet::cli
