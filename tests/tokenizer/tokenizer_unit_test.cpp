// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Tokenizer rules on a tiny hand-made vocabulary (tests/tokenizer/tiny_vocab.cpp): BPE ranking,
// special pieces in both modes, byte fallback, invalid UTF-8, the score-ordered fallback,
// streaming, and validation errors (in-memory and through GGUF). Needs no download.
#include "gguf/gguf.h"
#include "support/test_support.h"
#include "tiny_vocab.h"
#include "tokenizer/tokenizer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

namespace facet::tokenizer {
namespace {

using test::idOf;
using test::TinyIds;
using test::tinyVocabulary;

const std::string kMark = "\xE2\x96\x81";  // '▁'

std::unique_ptr<Tokenizer> load(const Vocabulary &v) {
    QString err;
    auto t = Tokenizer::fromVocabulary(v, &err);
    EXPECT_TRUE(t) << err.toStdString();
    return t;
}

// Error message from loading `v`, or "" if it loaded.
std::string loadError(const Vocabulary &v) {
    QString err;
    auto t = Tokenizer::fromVocabulary(v, &err);
    if (t) return "";
    EXPECT_FALSE(err.isEmpty());
    return err.toStdString();
}

class TinyVocab : public ::testing::Test {
protected:
    void SetUp() override {
        vocab = tinyVocabulary();
        tok = load(vocab);
        ASSERT_TRUE(tok);
    }
    std::vector<int32_t> ids(std::initializer_list<std::string> pieces) const {
        std::vector<int32_t> out;
        for (const std::string &p : pieces) {
            const int32_t id = idOf(vocab, p);
            EXPECT_GE(id, 0) << "no piece " << p;
            out.push_back(id);
        }
        return out;
    }
    Vocabulary vocab;
    std::unique_ptr<Tokenizer> tok;
};

TEST_F(TinyVocab, LowestRankMergesFirstNotLeftmost) {
    // "b c" has rank 0, "a b" rank 1: "abc" -> a + bc although "ab" starts further left.
    EXPECT_EQ(tok->encode("abc"), ids({"a", "bc"}));
    // Swap the two ranks and the other pair wins.
    Vocabulary v = vocab;
    std::swap(v.merges[0], v.merges[1]);
    EXPECT_EQ(load(v)->encode("abc"), ids({"ab", "c"}));
}

TEST_F(TinyVocab, EqualRanksMergeLeftmostFirst) {
    EXPECT_EQ(tok->encode("aaa"), ids({"aa", "a"}));
    EXPECT_EQ(tok->encode("aaaa"), ids({"aaaa"}));
    EXPECT_EQ(tok->encode("aaaaa"), ids({"aaaa", "a"}));
    EXPECT_EQ(tok->encode("aaaaaa"), ids({"aaaa", "aa"}));
    EXPECT_EQ(tok->encode("aaaaaaa"), ids({"aaaa", "aa", "a"}));
}

TEST_F(TinyVocab, EarlierRankBlocksLaterMerges) {
    // " hello": "▁ h" (rank 4) beats "h e" (5), so "he llo" and "▁ hello" never happen.
    EXPECT_EQ(tok->encode(" hello"), ids({kMark + "h", "e", "llo"}));
    EXPECT_EQ(tok->encode("hello"), ids({"hello"}));
    EXPECT_EQ(tok->encode("hello hello"), ids({"hello", kMark + "h", "e", "llo"}));
}

TEST_F(TinyVocab, SpacesBecomeMarksAndNoDummyPrefix) {
    EXPECT_EQ(tok->encode("a"), ids({"a"}));
    EXPECT_EQ(tok->encode(" a"), ids({kMark + "a"}));
    EXPECT_EQ(tok->encode("a b"), ids({"a", kMark, "b"}));
    // Two spaces merge into the user-defined "▁▁" (a merge result may be user-defined).
    EXPECT_EQ(tok->encode("a  b"), ids({"a", kMark + kMark, "b"}));
    EXPECT_EQ(tok->encode("   "), ids({kMark + kMark, kMark}));
    EXPECT_EQ(tok->decode(tok->encode("a  b")), "a  b");
}

TEST_F(TinyVocab, LiteralU2581IsEncodedAsBytesSoItRoundTrips) {
    // Deliberate deviation from SentencePiece/HF, which conflate '▁' with ' '.
    const std::string text = "a" + kMark + "b" + kMark + kMark;
    const std::vector<int32_t> expect = {
        idOf(vocab, "a"),         TinyIds::byteToken(0xE2), TinyIds::byteToken(0x96),
        TinyIds::byteToken(0x81), idOf(vocab, "b"),         TinyIds::byteToken(0xE2),
        TinyIds::byteToken(0x96), TinyIds::byteToken(0x81), TinyIds::byteToken(0xE2),
        TinyIds::byteToken(0x96), TinyIds::byteToken(0x81)};
    EXPECT_EQ(tok->encode(text), expect);
    EXPECT_EQ(tok->encode(text, Special::Literal), expect);
    EXPECT_EQ(tok->decode(expect), text);
}

TEST_F(TinyVocab, UnknownCharactersFallBackToUtf8Bytes) {
    EXPECT_EQ(tok->encode("\xC3\xA9"),  // é
              (std::vector<int32_t>{TinyIds::byteToken(0xC3), TinyIds::byteToken(0xA9)}));
    EXPECT_EQ(
        tok->encode("a\xF0\x9F\x98\x80"),  // a😀
        (std::vector<int32_t>{idOf(vocab, "a"), TinyIds::byteToken(0xF0), TinyIds::byteToken(0x9F),
                              TinyIds::byteToken(0x98), TinyIds::byteToken(0x80)}));
    EXPECT_EQ(tok->encode(std::string("\0", 1)), (std::vector<int32_t>{TinyIds::byteToken(0)}));
}

TEST_F(TinyVocab, InvalidUtf8BecomesByteTokensAndRoundTrips) {
    const std::vector<std::string> cases = {
        "\xFF",
        "\x80",
        "\xBF\xBF",
        "\xC0\xAF",  // overlong '/'
        "\xC1\xBF",
        "\xE0\x80\xAF",      // overlong
        "\xED\xA0\x80",      // surrogate
        "\xF4\x90\x80\x80",  // > U+10FFFF
        "\xF5\x80\x80\x80",
        "\xE2\x82",
        "\xF0\x9F\x98",
        "a\xC3",
        "\xC3"
        "a",  // truncated
        "ab\xFE"
        "c",
        "\xF8\x88\x80\x80\x80",
    };
    for (const std::string &s : cases) {
        SCOPED_TRACE(::testing::PrintToString(s));
        for (const Special mode : {Special::Parse, Special::Literal}) {
            const std::vector<int32_t> got = tok->encode(s, mode);
            EXPECT_EQ(tok->decode(got), s);
            // Every byte that is not part of a valid character is a byte token of its own.
            size_t bytes = 0;
            for (const int32_t id : got)
                bytes += tok->type(id) == TokenType::Byte;
            EXPECT_GE(bytes, 1U);
        }
    }
    EXPECT_EQ(tok->encode("\xC0\xAF"),
              (std::vector<int32_t>{TinyIds::byteToken(0xC0), TinyIds::byteToken(0xAF)}));
    // A bad byte does not stop BPE around it.
    EXPECT_EQ(tok->encode("abc\xFF"
                          "abc"),
              (std::vector<int32_t>{idOf(vocab, "a"), idOf(vocab, "bc"), TinyIds::byteToken(0xFF),
                                    idOf(vocab, "a"), idOf(vocab, "bc")}));
}

TEST_F(TinyVocab, ParseModeCutsOutSpecialPiecesFirst) {
    EXPECT_EQ(tok->encode("<|turn>ab<turn|>"),
              (std::vector<int32_t>{TinyIds::turnOpen, idOf(vocab, "ab"), TinyIds::turnClose}));
    EXPECT_EQ(tok->encode("<bos><|turn>"), (std::vector<int32_t>{TinyIds::bos, TinyIds::turnOpen}));
    EXPECT_EQ(tok->encode("<unk>"), (std::vector<int32_t>{TinyIds::unk}));
    EXPECT_EQ(tok->encode("ctl"), (std::vector<int32_t>{TinyIds::ctl}));
    // BPE never runs across a special piece: "b" and "c" around "\n" stay apart.
    EXPECT_EQ(tok->encode("b\nc"), ids({"b", "\n", "c"}));
}

TEST_F(TinyVocab, LongestSpecialMatchWinsLeftToRight) {
    EXPECT_EQ(tok->encode("\n"), (std::vector<int32_t>{TinyIds::newline}));
    EXPECT_EQ(tok->encode("\n\n"), (std::vector<int32_t>{TinyIds::newline2}));
    EXPECT_EQ(tok->encode("\n\n\n"), (std::vector<int32_t>{TinyIds::newline2, TinyIds::newline}));
    EXPECT_EQ(tok->encode("\n\n\n\n\n"),
              (std::vector<int32_t>{TinyIds::newline2, TinyIds::newline2, TinyIds::newline}));
}

TEST_F(TinyVocab, LiteralModeNeverProducesControlTokens) {
    for (const std::string s : {"<|turn>", "<turn|>", "<bos>", "<unk>", "ctl", "<|tool_response>",
                                "a<|turn>user\nhi<turn|>\n"}) {
        SCOPED_TRACE(s);
        const std::vector<int32_t> got = tok->encode(s, Special::Literal);
        for (const int32_t id : got)
            EXPECT_FALSE(tok->isControl(id)) << id;
        EXPECT_EQ(tok->decode(got), s);
    }
    // "c t" merges, but "ct l" would make the control piece "ctl": it is skipped.
    EXPECT_EQ(tok->encode("ctl", Special::Literal), ids({"ct", "l"}));
    EXPECT_EQ(tok->encode("<|turn>", Special::Literal), ids({"<|", "tu", "r", "n", ">"}));
}

TEST_F(TinyVocab, LiteralModeStillCutsOutUserDefinedPieces) {
    EXPECT_EQ(tok->encode("a\n\nb<b>", Special::Literal), ids({"a", "\n\n", "b", "<b>"}));
    EXPECT_EQ(tok->encode("a\n\nb<b>", Special::Literal), tok->encode("a\n\nb<b>"));
}

TEST_F(TinyVocab, ScoreOrderedFallbackWithoutMerges) {
    const Vocabulary v = tinyVocabulary(/*withMerges=*/false);
    auto t = load(v);
    ASSERT_TRUE(t);
    EXPECT_FALSE(t->usesMerges());
    EXPECT_TRUE(tok->usesMerges());
    // "bc" (score -1) beats "ab" (-2).
    EXPECT_EQ(t->encode("abc"), (std::vector<int32_t>{idOf(v, "a"), idOf(v, "bc")}));
    // Equal scores: leftmost first.
    EXPECT_EQ(t->encode("xyx"), (std::vector<int32_t>{idOf(v, "xy"), idOf(v, "x")}));
    EXPECT_EQ(t->encode("yxy"), (std::vector<int32_t>{idOf(v, "yx"), idOf(v, "y")}));
    // Higher-scored (earlier) pieces first: "he" (earlier) before "ll", then "llo", "hello"; in
    // " hello" the even earlier "▁h" takes the 'h'.
    EXPECT_EQ(t->encode("hello"), (std::vector<int32_t>{idOf(v, "hello")}));
    EXPECT_EQ(t->encode(" hello"),
              (std::vector<int32_t>{idOf(v, kMark + "h"), idOf(v, "e"), idOf(v, "llo")}));
    // Control pieces are never produced by merging, even by score.
    EXPECT_EQ(t->encode("ctl", Special::Literal),
              (std::vector<int32_t>{idOf(v, "ct"), idOf(v, "l")}));
    EXPECT_EQ(t->decode(t->encode("a  b\xFF")), "a  b\xFF");
}

TEST_F(TinyVocab, DecodeRendersControlTokensAndSkipsBadIds) {
    const std::vector<int32_t> in = {
        TinyIds::bos, TinyIds::turnOpen,       idOf(vocab, kMark + "a"), -5,
        1 << 30,      TinyIds::byteToken('!'), TinyIds::turnClose};
    EXPECT_EQ(tok->decode(in), "<bos><|turn> a!<turn|>");
    EXPECT_EQ(tok->decode({}), "");
}

TEST_F(TinyVocab, Accessors) {
    EXPECT_EQ(tok->vocabSize(), static_cast<int32_t>(vocab.tokens.size()));
    EXPECT_EQ(tok->bosId(), 2);
    EXPECT_EQ(tok->eosId(), 1);
    EXPECT_EQ(tok->padId(), 0);
    EXPECT_EQ(tok->piece(TinyIds::turnOpen), "<|turn>");
    EXPECT_EQ(tok->piece(-1), "");
    EXPECT_EQ(tok->piece(tok->vocabSize()), "");
    EXPECT_EQ(tok->tokenId("<turn|>"), TinyIds::turnClose);
    EXPECT_EQ(tok->tokenId("nope"), std::nullopt);
    EXPECT_EQ(tok->type(TinyIds::turnOpen), TokenType::Control);
    EXPECT_EQ(tok->type(TinyIds::unk), TokenType::Unknown);
    EXPECT_EQ(tok->type(TinyIds::newline), TokenType::UserDefined);
    EXPECT_EQ(tok->type(TinyIds::byteToken(7)), TokenType::Byte);
    EXPECT_EQ(tok->type(123456), TokenType::Undefined);
    // eos, eos_token_ids (1, 11), then <turn|>.
    EXPECT_EQ(tok->stopIds(), (std::vector<int32_t>{1, 11, TinyIds::turnClose}));
    EXPECT_TRUE(tok->isStop(TinyIds::turnClose));
    EXPECT_TRUE(tok->isStop(TinyIds::toolResponse));
    EXPECT_FALSE(tok->isStop(TinyIds::turnOpen));
}

TEST_F(TinyVocab, DefaultsForMissingSpecialIds) {
    Vocabulary v = vocab;
    v.bosId.reset();
    v.eosId.reset();
    v.padId.reset();
    v.eosIds.clear();
    auto t = load(v);
    EXPECT_EQ(t->bosId(), 2);  // found by spelling
    EXPECT_EQ(t->eosId(), 1);
    EXPECT_EQ(t->padId(), 0);
    EXPECT_EQ(t->stopIds(), (std::vector<int32_t>{1, TinyIds::turnClose}));
}

TEST_F(TinyVocab, ByteTokensAreRecognisedBySpellingWhenTypedNormal) {
    // Ollama's converter types <0xHH> pieces as normal (1).
    Vocabulary v = vocab;
    for (int b = 0; b < 256; ++b)
        v.types[TinyIds::byteToken(b)] = 1;
    auto t = load(v);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->encode("\xC3\xA9"), tok->encode("\xC3\xA9"));
    EXPECT_EQ(t->decode(t->encode("\xC3\xA9\xFF")), "\xC3\xA9\xFF");
    // Typed text "<0x41>" stays text: BPE never produces a byte token from its spelling.
    EXPECT_EQ(t->decode(t->encode("<0x41>")), "<0x41>");
}

// Random strings over an alphabet of troublesome pieces, and random bytes.
TEST_F(TinyVocab, RandomStringsRoundTripInBothModes) {
    auto rng = test::seededRng();
    const std::vector<std::string> alphabet = {
        "a",    "b",       "c",       "h",        "e",   "l",      "o",  " ",   "  ",
        "\n",   "<|turn>", "<turn|>", "<|",       "|>",  "ctl",    "t",  kMark, "\xC3\xA9",
        "\xFF", "\x80",    "\xE2",    "\xF0\x9F", "<b>", "<0x41>", "\t", "\0"};
    std::uniform_int_distribution<size_t> pick(0, alphabet.size() - 1), len(0, 24);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int iter = 0; iter < 3000; ++iter) {
        std::string s;
        const size_t n = len(rng);
        for (size_t i = 0; i < n; ++i) {
            if (iter % 2) {
                s += alphabet[pick(rng)];
            } else {
                s += static_cast<char>(byte(rng));
            }
        }
        const auto parsed = tok->encode(s, Special::Parse);
        const auto literal = tok->encode(s, Special::Literal);
        ASSERT_EQ(tok->decode(parsed), s) << ::testing::PrintToString(s);
        ASSERT_EQ(tok->decode(literal), s) << ::testing::PrintToString(s);
        for (const int32_t id : literal)
            ASSERT_FALSE(tok->isControl(id));
    }
}

TEST(Utf8Tail, HoldsBackOnlyPossiblyValidPrefixes) {
    EXPECT_EQ(incompleteUtf8Tail(""), 0U);
    EXPECT_EQ(incompleteUtf8Tail("abc"), 0U);
    EXPECT_EQ(incompleteUtf8Tail("a\xC3"), 1U);
    EXPECT_EQ(incompleteUtf8Tail("a\xC3\xA9"), 0U);
    EXPECT_EQ(incompleteUtf8Tail("\xE2\x82"), 2U);
    EXPECT_EQ(incompleteUtf8Tail("\xE2"), 1U);
    EXPECT_EQ(incompleteUtf8Tail("\xF0\x9F\x98"), 3U);
    EXPECT_EQ(incompleteUtf8Tail("\xF0\x9F\x98\x80"), 0U);
    EXPECT_EQ(incompleteUtf8Tail("\xE0\x80"), 0U);  // overlong: never valid
    EXPECT_EQ(incompleteUtf8Tail("\xED\xA0"), 0U);  // surrogate
    EXPECT_EQ(incompleteUtf8Tail("\xF4\x90"), 0U);  // > U+10FFFF
    EXPECT_EQ(incompleteUtf8Tail("\xC0"), 0U);
    EXPECT_EQ(incompleteUtf8Tail("\xFF"), 0U);
    EXPECT_EQ(incompleteUtf8Tail("\x80\x80\x80"), 0U);
    EXPECT_EQ(incompleteUtf8Tail("\xC3\xA9\x80"), 0U);
}

TEST_F(TinyVocab, StreamDecoderNeverSplitsCharacters) {
    StreamDecoder sd(*tok);
    EXPECT_EQ(sd.push(idOf(vocab, "a")), "a");
    EXPECT_EQ(sd.push(TinyIds::byteToken(0xF0)), "");
    EXPECT_EQ(sd.push(TinyIds::byteToken(0x9F)), "");
    EXPECT_EQ(sd.push(TinyIds::byteToken(0x98)), "");
    EXPECT_EQ(sd.push(TinyIds::byteToken(0x80)), "\xF0\x9F\x98\x80");
    EXPECT_EQ(sd.push(TinyIds::turnClose), "<turn|>");
    // A byte that can never start a character is passed through at once.
    EXPECT_EQ(sd.push(TinyIds::byteToken(0xFF)), "\xFF");
    EXPECT_EQ(sd.push(TinyIds::byteToken(0xC3)), "");
    // ... and a held lead byte followed by something else is released.
    EXPECT_EQ(sd.push(idOf(vocab, kMark + "a")), "\xC3 a");
    EXPECT_EQ(sd.push(TinyIds::byteToken(0xE2)), "");
    EXPECT_EQ(sd.finish(), "\xE2");
    EXPECT_EQ(sd.finish(), "");
    EXPECT_EQ(sd.push(TinyIds::byteToken(0xE2)), "");
    sd.reset();
    EXPECT_EQ(sd.push(idOf(vocab, "b")), "b");
}

TEST_F(TinyVocab, StreamDecoderConcatenationEqualsDecode) {
    auto rng = test::seededRng();
    std::uniform_int_distribution<int32_t> id(-2, tok->vocabSize() + 2);
    for (int iter = 0; iter < 2000; ++iter) {
        std::vector<int32_t> ids(static_cast<size_t>(iter % 17));
        for (int32_t &x : ids)
            x = id(rng);
        StreamDecoder sd(*tok);
        std::string all;
        for (const int32_t x : ids)
            all += sd.push(x);
        all += sd.finish();
        ASSERT_EQ(all, tok->decode(ids));
    }
}

// --- validation ----------------------------------------------------------------------------------

TEST(TokenizerErrors, NameTheKeyAndIndex) {
    const Vocabulary base = tinyVocabulary();
    const auto expectError = [&](const std::function<void(Vocabulary &)> &mutate,
                                 const std::string &needle) {
        Vocabulary v = base;
        mutate(v);
        const std::string err = loadError(v);
        EXPECT_NE(err.find(needle), std::string::npos)
            << "error: \"" << err << "\"\nwanted: " << needle;
    };
    expectError([](Vocabulary &v) { v.model = "bert"; }, "tokenizer.ggml.model is \"bert\"");
    expectError([](Vocabulary &v) { v.tokens.clear(); }, "tokenizer.ggml.tokens is empty");
    expectError([](Vocabulary &v) { v.types.pop_back(); },
                "tokenizer.ggml.token_type has 303 entries but tokenizer.ggml.tokens has 304");
    expectError([](Vocabulary &v) { v.scores.resize(7); }, "tokenizer.ggml.scores has 7 entries");
    expectError([](Vocabulary &v) { v.types[42] = 9; }, "tokenizer.ggml.token_type[42] = 9");
    expectError([](Vocabulary &v) { v.types[42] = -1; }, "tokenizer.ggml.token_type[42] = -1");
    expectError([](Vocabulary &v) { v.scores[5] = std::numeric_limits<float>::quiet_NaN(); },
                "tokenizer.ggml.scores[5]");
    expectError([](Vocabulary &v) { v.scores[6] = std::numeric_limits<float>::infinity(); },
                "tokenizer.ggml.scores[6]");
    expectError([](Vocabulary &v) { v.merges[3] = "aa"; },
                "tokenizer.ggml.merges[3] = \"aa\" is not of the form");
    expectError([](Vocabulary &v) { v.merges[4] = " a"; }, "tokenizer.ggml.merges[4]");
    expectError(
        [](Vocabulary &v) { v.merges[2] = "q a"; },
        "tokenizer.ggml.merges[2] = \"q a\": the left piece \"q\" is not in the vocabulary");
    expectError([](Vocabulary &v) { v.merges[2] = "a q"; }, "the right piece \"q\"");
    expectError(
        [](Vocabulary &v) { v.merges[7] = "a d"; },
        "tokenizer.ggml.merges[7] = \"a d\": the merged piece \"ad\" is not in the vocabulary");
    expectError([](Vocabulary &v) { v.tokens[TinyIds::byteToken(0x41)] = "A"; },
                "tokenizer.ggml.token_type[77] is 6 (byte) but token 77 is \"A\", not <0xHH>");
    expectError(
        [](Vocabulary &v) {
            v.tokens[TinyIds::byteToken(0x41)] = "A";
            v.types[TinyIds::byteToken(0x41)] = 1;
        },
        "no byte-fallback token <0x41>");
    expectError([](Vocabulary &v) { v.types[TinyIds::ctl] = 6; },
                "tokenizer.ggml.token_type[10] is 6 (byte) but token 10 is \"ctl\"");
    expectError([](Vocabulary &v) { v.bosId = 304; },
                "tokenizer.ggml.bos_token_id = 304 is out of range");
    expectError([](Vocabulary &v) { v.eosId = -1; }, "tokenizer.ggml.eos_token_id = -1");
    expectError([](Vocabulary &v) { v.padId = 1000; }, "tokenizer.ggml.padding_token_id = 1000");
    expectError([](Vocabulary &v) { v.unknownId = 999; }, "tokenizer.ggml.unknown_token_id = 999");
    expectError(
        [](Vocabulary &v) {
            v.eosIds = {1, 2, 400};
        },
        "tokenizer.ggml.eos_token_ids[2] = 400 is out of range");
    expectError(
        [](Vocabulary &v) {
            v.merges.clear();
            v.scores.clear();
        },
        "neither tokenizer.ggml.merges nor tokenizer.ggml.scores");
}

TEST(TokenizerErrors, ControlCharactersInPiecesAreEscaped) {
    Vocabulary v = tinyVocabulary();
    v.merges[0] = "\n\t\x01 zz";
    EXPECT_NE(loadError(v).find("\"\\n\\t\\x01 zz\""), std::string::npos) << loadError(v);
}

TEST(TokenizerErrors, DuplicatePiecesKeepTheFirstId) {
    Vocabulary v = tinyVocabulary();
    v.tokens.push_back("ab");
    v.types.push_back(1);
    v.scores.push_back(0);
    auto t = load(v);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->tokenId("ab"), idOf(tinyVocabulary(), "ab"));
    EXPECT_EQ(t->encode("ab"), (std::vector<int32_t>{idOf(tinyVocabulary(), "ab")}));
}

// --- GGUF ----------------------------------------------------------------------------------------

std::unique_ptr<gguf::File> parse(const QByteArray &bytes) {
    QString err;
    auto f = gguf::File::fromBytes(bytes, &err);
    EXPECT_TRUE(f) << err.toStdString();
    return f;
}

TEST(TokenizerGguf, LoadsLikeTheInMemoryVocabulary) {
    const Vocabulary v = tinyVocabulary();
    auto file = parse(test::tinyVocabularyGguf(v));
    ASSERT_TRUE(file);
    QString err;
    auto t = Tokenizer::fromGguf(*file, &err);
    ASSERT_TRUE(t) << err.toStdString();
    auto ref = load(v);
    for (const std::string s : {"abc hello", "<|turn>aaa\n\n\n<turn|>", "\xC3\xA9\xFF", "ctl"}) {
        EXPECT_EQ(t->encode(s), ref->encode(s));
        EXPECT_EQ(t->encode(s, Special::Literal), ref->encode(s, Special::Literal));
    }
    EXPECT_EQ(t->stopIds(), ref->stopIds());
    EXPECT_EQ(t->bosId(), 2);
}

TEST(TokenizerGguf, FromFileReportsThePath) {
    QString err;
    EXPECT_FALSE(Tokenizer::fromFile(QStringLiteral("/nonexistent/vocab.gguf"), &err));
    EXPECT_TRUE(err.contains(QStringLiteral("/nonexistent/vocab.gguf"))) << err.toStdString();
}

// Rewrites the tiny vocabulary's GGUF with one key replaced (or removed when `value` is empty).
std::string ggufError(const std::string &key, std::optional<gguf::Value> value) {
    const Vocabulary v = tinyVocabulary();
    auto base = parse(test::tinyVocabularyGguf(v));
    gguf::Writer w;
    bool replaced = false;
    for (const gguf::KeyValue &kv : base->metadata()) {
        if (kv.key == key) {
            replaced = true;
            if (value) w.set(kv.key, *value);
        } else {
            w.set(kv.key, kv.value);
        }
    }
    if (!replaced && value) w.set(key, *value);
    auto file = parse(w.toBytes());
    if (!file) return "gguf parse failed";
    QString err;
    auto t = Tokenizer::fromGguf(*file, &err);
    if (t) return "";
    EXPECT_FALSE(err.isEmpty());
    return err.toStdString();
}

TEST(TokenizerGguf, WrongTypesAndMissingKeysAreReported) {
    using gguf::Value;
    const auto expectError = [](const std::string &key, std::optional<gguf::Value> value,
                                const std::string &needle) {
        const std::string err = ggufError(key, std::move(value));
        EXPECT_NE(err.find(needle), std::string::npos)
            << "error: \"" << err << "\"\nwanted: " << needle;
    };
    expectError("tokenizer.ggml.tokens", std::nullopt, "missing key tokenizer.ggml.tokens");
    expectError("tokenizer.ggml.token_type", std::nullopt, "missing key tokenizer.ggml.token_type");
    expectError("tokenizer.ggml.model", std::nullopt, "missing key tokenizer.ggml.model");
    expectError("tokenizer.ggml.model", Value::u32(1), "tokenizer.ggml.model is a");
    expectError("tokenizer.ggml.tokens", Value::string("x"), "tokenizer.ggml.tokens is a");
    expectError("tokenizer.ggml.tokens", Value::i32Array({1, 2, 3}),
                "tokenizer.ggml.tokens[0] is a");
    expectError("tokenizer.ggml.token_type", Value::f32Array({1.0F}),
                "tokenizer.ggml.token_type[0] is a");
    expectError("tokenizer.ggml.scores", Value::stringArray({"x"}),
                "tokenizer.ggml.scores[0] is a");
    expectError("tokenizer.ggml.merges", Value::i32(7), "tokenizer.ggml.merges is a");
    expectError("tokenizer.ggml.bos_token_id", Value::string("2"),
                "tokenizer.ggml.bos_token_id is a");
    expectError("tokenizer.ggml.bos_token_id", Value::f32(2.0F),
                "tokenizer.ggml.bos_token_id is a");
    expectError("tokenizer.ggml.eos_token_id", Value::i64(-3), "tokenizer.ggml.eos_token_id = -3");
    expectError("tokenizer.ggml.eos_token_ids", Value::stringArray({"1"}),
                "tokenizer.ggml.eos_token_ids[0] is a");
    expectError("tokenizer.ggml.eos_token_ids", Value::i32Array({1, -1}),
                "tokenizer.ggml.eos_token_ids[1] = -1");
    // An empty merges array falls back to the scores.
    EXPECT_EQ(ggufError("tokenizer.ggml.merges", Value::stringArray({})), "");
    // Integer widths other than i32 are accepted.
    EXPECT_EQ(ggufError("tokenizer.ggml.bos_token_id", Value::u64(2)), "");
    EXPECT_EQ(ggufError("tokenizer.ggml.bos_token_id", Value::i8(2)), "");
}

}  // namespace
}  // namespace facet::tokenizer
