// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "gpu/gpu_context.h"

#include <QStringList>

namespace facet::cli {

// What facet-cli takes from the environment, read once by main() before anything else runs (no
// engine thread, no GPU yet): the documented GPU switches (gpu::gpuOptionsFromEnvironment,
// gpu/gpu_environment.h). They are the base that run, logits and bench lay their flags over.
struct Environment {
    gpu::GpuOptions gpu;
    // Switches whose value did not parse (each left at the default and named here); run, logits
    // and bench print them as warnings on stderr.
    QStringList problems;

    // From the process environment.
    static Environment read();
};

// Runs facet-cli with the given arguments (argv[0] excluded): the first is the command, the rest
// its own arguments (each command parses them with QCommandLineParser, command_line.h). Output
// goes to stdout, errors to stderr; returns the process exit code: 0 done, 1 failed, 2 a usage
// error, 130 interrupted.
int run(const QStringList &args, const Environment &environment);

// Whether the command line asks for something that runs on the GPU (run, logits and bench,
// unless --backend cpu; not their --help or a usage error): main() then creates a
// QGuiApplication instead of a QCoreApplication.
bool needsGpu(int argc, char **argv);

}  // namespace facet::cli
