// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer entry point for the GGUF reader: parses the input from memory and from a file on
// disk, requires both to agree, requires an error message on failure, and on success walks every
// value and dequantises every tensor row (AddressSanitizer reports any read outside the input).
//
//   cmake -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DFACET_FUZZERS=ON
//   cmake --build build-fuzz --target gguf_fuzz
//   build-fuzz/tests/fuzz/gguf_fuzz -dict=tests/fuzz/gguf.dict corpus/
#include "../gguf/gguf_walk.h"
#include "gguf/gguf.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cstdio>
#include <cstdlib>

namespace {

void failHard(const char *what, const std::string &detail) {
    std::fprintf(stderr, "gguf_fuzz: %s: %s\n", what, detail.c_str());
    std::abort();
}

// One scratch file per fuzzing process, removed at exit.
const QString &scratchPath() {
    static const QString path = [] {
        const QString p =
            QDir::tempPath() +
            QStringLiteral("/facet-gguf-fuzz-%1.gguf").arg(QCoreApplication::applicationPid());
        std::atexit([] { QFile::remove(scratchPath()); });
        return p;
    }();
    return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace facet::gguf;
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));

    QString memError;
    auto fromMemory = File::fromBytes(bytes, &memError);
    if (!fromMemory && memError.isEmpty()) failHard("fromBytes", "failed without a message");
    if (fromMemory) {
        const testutil::WalkResult r = testutil::walkFile(*fromMemory);
        if (!r.problem.empty()) failHard("walk (memory)", r.problem);
    }

    {
        // Recreated rather than truncated: ext4 flushes truncated-and-rewritten files on close.
        QFile::remove(scratchPath());
        QFile out(scratchPath());
        if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size()) {
            return 0;  // a scratch-file problem is not a reader bug
        }
    }
    QString fileError;
    auto fromFile = File::open(scratchPath(), &fileError);
    if (!fromFile && fileError.isEmpty()) failHard("open", "failed without a message");
    if (bool(fromFile) != bool(fromMemory)) {
        failHard("open vs fromBytes", (memError + QStringLiteral(" | ") + fileError).toStdString());
    }
    if (fromFile) {
        const testutil::WalkResult r = testutil::walkFile(*fromFile);
        if (!r.problem.empty()) failHard("walk (file)", r.problem);
    } else if (size > 0 && fileError != scratchPath() + QStringLiteral(": ") + memError) {
        failHard("messages differ", (memError + QStringLiteral(" | ") + fileError).toStdString());
    }
    return 0;
}
