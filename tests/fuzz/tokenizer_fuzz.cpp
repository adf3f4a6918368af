// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer entry point for the Gemma 4 tokenizer (built with -DFACET_FUZZERS=ON and clang; the
// target is defined in tests/tokenizer/CMakeLists.txt):
//   build/tests/tokenizer/facet-tokenizer-fuzz -max_total_time=60
// By default it fuzzes the tiny hand-made vocabulary (merge and score variants); set
// FACET_FUZZ_VOCAB=/path/to/vocab.gguf to fuzz a real one. Each input is encoded in both modes,
// reinterpreted as token ids for decode, and streamed; any broken guarantee aborts.
#include "tiny_vocab.h"
#include "tokenizer/tokenizer.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

using facet::tokenizer::Special;
using facet::tokenizer::StreamDecoder;
using facet::tokenizer::Tokenizer;

void check(bool ok, const char *what) {
    if (!ok) {
        std::fprintf(stderr, "tokenizer_fuzz: %s\n", what);
        std::abort();
    }
}

std::vector<std::unique_ptr<Tokenizer>> makeTokenizers() {
    std::vector<std::unique_ptr<Tokenizer>> out;
    QString err;
    if (const char *path = std::getenv("FACET_FUZZ_VOCAB"); path && *path) {
        out.push_back(Tokenizer::fromFile(QString::fromLocal8Bit(path), &err));
    } else {
        out.push_back(Tokenizer::fromVocabulary(facet::test::tinyVocabulary(true), &err));
        out.push_back(Tokenizer::fromVocabulary(facet::test::tinyVocabulary(false), &err));
    }
    for (const auto &t : out)
        check(t != nullptr, "cannot load the vocabulary");
    return out;
}

void fuzzOne(const Tokenizer &tok, std::string_view text) {
    for (const Special mode : {Special::Parse, Special::Literal}) {
        const std::vector<int32_t> ids = tok.encode(text, mode);
        check(tok.decode(ids) == text, "decode(encode(s)) != s");
        if (mode == Special::Literal) {
            for (const int32_t id : ids)
                check(!tok.isControl(id), "Literal mode produced a control token");
        }
        StreamDecoder sd(tok);
        std::string all;
        for (const int32_t id : ids)
            all += sd.push(id);
        all += sd.finish();
        check(all == text, "stream decode != decode");
    }
    // The same bytes as token ids (any value, in or out of range).
    std::vector<int32_t> ids(text.size() / 4);
    if (!ids.empty()) std::memcpy(ids.data(), text.data(), ids.size() * 4);
    const std::string decoded = tok.decode(ids);
    StreamDecoder sd(tok);
    std::string all;
    for (const int32_t id : ids)
        all += sd.push(id);
    all += sd.finish();
    check(all == decoded, "stream decode of random ids != decode");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const std::vector<std::unique_ptr<Tokenizer>> tokenizers = makeTokenizers();
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    for (const auto &t : tokenizers)
        fuzzOne(*t, text);
    return 0;
}
