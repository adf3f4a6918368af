#include "commands.h"

#include <cstdio>

namespace facet::cli {

int run(const QStringList &args) {
    if (args.isEmpty()) {
        std::fputs("usage: facet-cli COMMAND ...\n", stderr);
        return 2;
    }
    return 2;
}

}  // namespace facet::cli
