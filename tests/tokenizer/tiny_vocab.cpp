// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "tiny_vocab.h"

#include "gguf/gguf.h"

#include <cstdio>

namespace facet::test {

namespace {

using tokenizer::TokenType;

void add(tokenizer::Vocabulary &v, const std::string &piece, TokenType type) {
    v.tokens.push_back(piece);
    v.types.push_back(static_cast<int32_t>(type));
}

}  // namespace

tokenizer::Vocabulary tinyVocabulary(bool withMerges) {
    tokenizer::Vocabulary v;
    v.model = "llama";
    add(v, "<pad>", TokenType::Control);
    add(v, "<eos>", TokenType::Control);
    add(v, "<bos>", TokenType::Control);
    add(v, "<unk>", TokenType::Unknown);
    add(v, "<|turn>", TokenType::Control);
    add(v, "<turn|>", TokenType::Control);
    add(v, "\n", TokenType::UserDefined);
    add(v, "\n\n", TokenType::UserDefined);
    add(v, "<b>", TokenType::UserDefined);
    add(v, "\xE2\x96\x81\xE2\x96\x81", TokenType::UserDefined);  // "▁▁": reachable only by BPE
    add(v, "ctl", TokenType::Control);  // a control piece spelled with ordinary letters
    add(v, "<|tool_response>", TokenType::Control);
    for (int b = 0; b < 256; ++b) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "<0x%02X>", b);
        add(v, buf, TokenType::Byte);
    }
    // Ordinary pieces: single characters, then everything the merges build.
    for (const char *p : {"\xE2\x96\x81",
                          "a",
                          "b",
                          "c",
                          "d",
                          "e",
                          "h",
                          "l",
                          "o",
                          "r",
                          "t",
                          "u",
                          "n",
                          "w",
                          "x",
                          "y",
                          "<",
                          ">",
                          "|",
                          "ab",
                          "bc",
                          "aa",
                          "aaaa",
                          "\xE2\x96\x81h",
                          "he",
                          "ll",
                          "llo",
                          "hello",
                          "\xE2\x96\x81hello",
                          "ct",
                          "<|",
                          "|>",
                          "tu",
                          "\xE2\x96\x81"
                          "a",
                          "xy",
                          "yx"}) {
        add(v, p, TokenType::Normal);
    }
    // Scores (used when there are no merges): SentencePiece order, earlier pieces first, except
    // "bc" beats "ab" and "xy" ties with "yx".
    for (size_t i = 0; i < v.tokens.size(); ++i)
        v.scores.push_back(-static_cast<float>(i));
    v.scores[idOf(v, "bc")] = -1.0F;
    v.scores[idOf(v, "ab")] = -2.0F;
    v.scores[idOf(v, "xy")] = -3.0F;
    v.scores[idOf(v, "yx")] = -3.0F;
    if (withMerges) {
        v.merges = {
            "b c",                 // 0: beats "a b" although "ab" starts further left
            "a b",                 // 1
            "a a",                 // 2: equal ranks -> leftmost first
            "aa aa",               // 3
            "\xE2\x96\x81 h",      // 4: "▁h" wins over "h e" (5) in " hello"
            "h e",                 // 5
            "l l",                 // 6
            "ll o",                // 7
            "he llo",              // 8
            "\xE2\x96\x81 hello",  // 9: unreachable from " hello" because of rank 4
            "c t",                 // 10
            "ct l",                // 11: would produce the control piece "ctl": never applied
            "\xE2\x96\x81 \xE2\x96\x81",  // 12: two spaces -> user-defined "▁▁"
            "< |",                        // 13
            "| >",                        // 14
            "t u",                        // 15
            "\xE2\x96\x81 a",             // 16
            "x y",                        // 17
            "y x",                        // 18
        };
    }
    v.bosId = 2;
    v.eosId = 1;
    v.padId = 0;
    v.unknownId = 3;
    v.eosIds = {1, 11};
    return v;
}

QByteArray tinyVocabularyGguf(const tokenizer::Vocabulary &v) {
    using gguf::Value;
    gguf::Writer w;
    w.set("general.architecture", Value::string("gemma4"));
    w.set("tokenizer.ggml.model", Value::string(v.model));
    w.set("tokenizer.ggml.tokens", Value::stringArray(v.tokens));
    if (!v.scores.empty()) w.set("tokenizer.ggml.scores", Value::f32Array(v.scores));
    w.set("tokenizer.ggml.token_type", Value::i32Array(v.types));
    if (!v.merges.empty()) w.set("tokenizer.ggml.merges", Value::stringArray(v.merges));
    if (v.bosId) w.set("tokenizer.ggml.bos_token_id", Value::u32(static_cast<uint32_t>(*v.bosId)));
    if (v.eosId) w.set("tokenizer.ggml.eos_token_id", Value::u32(static_cast<uint32_t>(*v.eosId)));
    if (v.padId) {
        w.set("tokenizer.ggml.padding_token_id", Value::u32(static_cast<uint32_t>(*v.padId)));
    }
    if (v.unknownId) {
        w.set("tokenizer.ggml.unknown_token_id", Value::u32(static_cast<uint32_t>(*v.unknownId)));
    }
    if (!v.eosIds.empty()) {
        std::vector<int32_t> ids(v.eosIds.begin(), v.eosIds.end());
        w.set("tokenizer.ggml.eos_token_ids", Value::i32Array(ids));
    }
    return w.toBytes();
}

int32_t idOf(const tokenizer::Vocabulary &v, const std::string &piece) {
    for (size_t i = 0; i < v.tokens.size(); ++i) {
        if (v.tokens[i] == piece) return static_cast<int32_t>(i);
    }
    return -1;
}

}  // namespace facet::test
