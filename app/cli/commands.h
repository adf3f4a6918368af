#pragma once

#include <QStringList>

namespace facet::cli {

// Runs facet-cli with the given arguments (argv[0] excluded). Output goes to stdout, errors to
// stderr; returns the process exit code.
int run(const QStringList &args);

}  // namespace facet::cli
