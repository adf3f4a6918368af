// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// facet-tokenizer-bench: load time and encode/decode speed of the Gemma 4 tokenizer.
//
//   facet-tokenizer-bench [--quick] vocab.gguf [reference.json]
//
// --quick (used by the CTest registration, which also runs in Debug/ASan builds) loads once and
// times one pass of each; without it, medians of 5 loads and of repeated passes are printed.
// The document is ~100 KB of the reference strings (many scripts, code, emoji, whitespace)
// joined by newlines; a second variant joins them with spaces, so that the whole document is one
// BPE sequence (the worst case without a pre-split). Prints numbers only; never fails on speed.
#include "gguf/gguf.h"
#include "tokenizer/tokenizer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

std::string makeDocument(const std::vector<std::string> &pieces, const std::string &sep) {
    std::string doc;
    for (size_t i = 0; doc.size() < 100 * 1024; ++i) {
        doc += pieces[i % pieces.size()];
        doc += sep;
    }
    return doc;
}

bool g_quick = false;

void benchEncode(const facet::tokenizer::Tokenizer &tok, const char *name, const std::string &doc,
                 facet::tokenizer::Special mode) {
    std::vector<double> times;
    size_t tokens = 0;
    const Clock::time_point start = Clock::now();
    while (times.empty() ||
           (!g_quick && (times.size() < 3 || (msSince(start) < 1500 && times.size() < 50)))) {
        const Clock::time_point t0 = Clock::now();
        tokens = tok.encode(doc, mode).size();
        times.push_back(msSince(t0));
    }
    const double ms = median(times);
    std::printf("encode %-28s %7zu bytes -> %6zu tokens in %8.2f ms: %10.0f tokens/s, %6.1f MB/s\n",
                name, doc.size(), tokens, ms, tokens / (ms / 1000.0), doc.size() / (ms * 1000.0));
}

}  // namespace

int main(int argc, char **argv) {
    if (argc > 1 && std::string(argv[1]) == "--quick") {
        g_quick = true;
        --argc;
        ++argv;
    }
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: facet-tokenizer-bench [--quick] vocab.gguf [reference.json]\n");
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);

    // Load: GGUF metadata parse and tokenizer build, separately.
    std::vector<double> parseMs, buildMs;
    std::unique_ptr<facet::tokenizer::Tokenizer> tok;
    for (int i = 0; i < (g_quick ? 1 : 5); ++i) {
        QString err;
        Clock::time_point t0 = Clock::now();
        auto file = facet::gguf::File::open(path, &err);
        if (!file) {
            std::fprintf(stderr, "%s\n", qPrintable(err));
            return 1;
        }
        parseMs.push_back(msSince(t0));
        t0 = Clock::now();
        tok = facet::tokenizer::Tokenizer::fromGguf(*file, &err);
        if (!tok) {
            std::fprintf(stderr, "%s\n", qPrintable(err));
            return 1;
        }
        buildMs.push_back(msSince(t0));
    }
    std::printf(
        "load: gguf::File::open %.1f ms + Tokenizer::fromGguf %.1f ms = %.1f ms (median of 5; "
        "%d tokens)\n",
        median(parseMs), median(buildMs), median(parseMs) + median(buildMs), tok->vocabSize());

    std::vector<std::string> pieces;
    if (argc > 2) {
        QFile f(QString::fromLocal8Bit(argv[2]));
        if (f.open(QIODevice::ReadOnly)) {
            const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
            for (const QJsonValue c : root.value(QStringLiteral("cases")).toArray()) {
                const std::string t =
                    c.toObject().value(QStringLiteral("text")).toString().toStdString();
                if (!t.empty()) pieces.push_back(t);
            }
        }
    }
    if (pieces.empty()) {
        pieces = {"The quick brown fox jumps over the lazy dog.",
                  "Привет, мир!",
                  "你好，世界！",
                  "def f(x):\n    return x * 2\n",
                  "👨‍👩‍👧‍👦 🇺🇸",
                  "    indented\tcode;"};
    }
    const std::string mixed = makeDocument(pieces, "\n");
    const std::string oneRun = makeDocument(pieces, " ");
    std::string spaced;
    for (const char c : oneRun)
        spaced += (c == '\n' || c == '\t') ? ' ' : c;

    using facet::tokenizer::Special;
    benchEncode(*tok, "mixed (Parse)", mixed, Special::Parse);
    benchEncode(*tok, "mixed (Literal)", mixed, Special::Literal);
    benchEncode(*tok, "one BPE sequence", spaced, Special::Parse);
    benchEncode(*tok, "100 KB of 'a'", std::string(100 * 1024, 'a'), Special::Parse);

    const std::vector<int32_t> ids = tok->encode(mixed);
    std::vector<double> times;
    for (int i = 0; i < (g_quick ? 1 : 20); ++i) {
        const Clock::time_point t0 = Clock::now();
        const std::string back = tok->decode(ids);
        times.push_back(msSince(t0));
        if (back != mixed) {
            std::fprintf(stderr, "decode(encode(doc)) != doc\n");
            return 1;
        }
    }
    std::printf("decode %zu tokens in %.2f ms: %.0f tokens/s\n", ids.size(), median(times),
                ids.size() / (median(times) / 1000.0));
    return 0;
}
