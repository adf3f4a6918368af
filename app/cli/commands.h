#pragma once

#include <QStringList>

namespace facet::cli {

// Runs facet-cli with the given arguments (argv[0] excluded): the first is the command, the rest
// its own arguments (each command parses them with QCommandLineParser, command_line.h). Output
// goes to stdout, errors to stderr; returns the process exit code: 0 done, 1 failed, 2 a usage
// error, 130 interrupted.
int run(const QStringList &args);

// Whether the command line asks for something that runs on the GPU (run, logits and bench,
// unless --backend cpu; not their --help or a usage error): main() then creates a
// QGuiApplication instead of a QCoreApplication.
bool needsGpu(int argc, char **argv);

}  // namespace facet::cli
