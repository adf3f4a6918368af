// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The real Gemma 4 vocabulary (262,144 tokens, 514,906 merges; built by the tokenizer_vocab
// fixture from Gemma 3's tokenizer.json with Gemma 4's special tokens patched in) against token ids
// computed by an independent implementation of the Hugging Face algorithm
// (tests/data/tokenizer/reference.json, made by tests/tokenizer/gen_reference.mjs).
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <random>
#include <sstream>

namespace facet::tokenizer {
namespace {

struct Case {
    std::string text;
    std::vector<int32_t> ids;
};

struct PatchEntry {
    int32_t id;
    std::string content;
    int32_t type;
};

struct Reference {
    std::vector<Case> cases;
    std::vector<PatchEntry> specials;
};

// Strict UTF-8 check (written out here: QString::fromUtf8 would drop a leading U+FEFF).
bool validUtf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t n = 0;
        uint32_t cp = 0;
        if (c < 0x80) {
            n = 1, cp = c;
        } else if ((c & 0xE0) == 0xC0) {
            n = 2, cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            n = 3, cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            n = 4, cp = c & 0x07;
        } else {
            return false;
        }
        if (s.size() - i < n) return false;
        for (size_t k = 1; k < n; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) return false;
            cp = cp << 6 | (cc & 0x3F);
        }
        const uint32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < minimum[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += n;
    }
    return true;
}

std::string escaped(std::string_view s) {
    std::ostringstream o;
    o << '"';
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '\n') {
            o << "\\n";
        } else if (c == '\t') {
            o << "\\t";
        } else if (c == '\r') {
            o << "\\r";
        } else if (c == '"' || c == '\\') {
            o << '\\' << ch;
        } else if (c < 0x20 || c == 0x7f) {
            static const char *hex = "0123456789abcdef";
            o << "\\x" << hex[c >> 4] << hex[c & 15];
        } else {
            o << ch;
        }
    }
    o << '"';
    return o.str();
}

std::string idList(const std::vector<int32_t> &ids) {
    std::ostringstream o;
    o << '[';
    for (size_t i = 0; i < ids.size(); ++i)
        o << (i ? "," : "") << ids[i];
    o << ']';
    return o.str();
}

class RealVocab : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        const QString path = test::generatedDir() + QStringLiteral("/tokenizer/gemma4-vocab.gguf");
        QString err;
        QElapsedTimer timer;
        timer.start();
        s_tok = Tokenizer::fromFile(path, &err).release();
        s_loadMs = timer.elapsed();
        s_loadError = err.toStdString();

        QFile f(test::dataDir() + QStringLiteral("/tokenizer/reference.json"));
        if (!f.open(QIODevice::ReadOnly)) return;
        // Raw U+FEFF at the start of a JSON string would be dropped by Qt's parser; the generator
        // escapes it, and this keeps a hand-edited file safe too.
        QByteArray json = f.readAll();
        json.replace(QByteArray("\xEF\xBB\xBF"), QByteArray("\\ufeff"));
        const QJsonObject root = QJsonDocument::fromJson(json).object();
        s_ref = new Reference;
        for (const QJsonValue c : root.value(QStringLiteral("cases")).toArray()) {
            Case k;
            k.text = c.toObject().value(QStringLiteral("text")).toString().toStdString();
            for (const QJsonValue id : c.toObject().value(QStringLiteral("ids")).toArray()) {
                k.ids.push_back(id.toInt(-1));
            }
            s_ref->cases.push_back(std::move(k));
        }
        for (const QJsonValue s : root.value(QStringLiteral("gemma4_specials")).toArray()) {
            const QJsonObject o = s.toObject();
            s_ref->specials.push_back({o.value(QStringLiteral("id")).toInt(-1),
                                       o.value(QStringLiteral("content")).toString().toStdString(),
                                       o.value(QStringLiteral("type")).toInt(-1)});
        }
    }
    static void TearDownTestSuite() {
        delete s_tok;
        delete s_ref;
        s_tok = nullptr;
        s_ref = nullptr;
    }
    void SetUp() override {
        ASSERT_TRUE(s_tok) << "loading the fixture vocabulary failed: " << s_loadError;
        ASSERT_TRUE(s_ref) << "cannot read tests/data/tokenizer/reference.json";
        ASSERT_GT(s_ref->cases.size(), 300U);
    }

    static const Tokenizer &tok() { return *s_tok; }
    static const std::vector<Case> &cases() { return s_ref->cases; }

    static Tokenizer *s_tok;
    static Reference *s_ref;
    static std::string s_loadError;
    static qint64 s_loadMs;
};

Tokenizer *RealVocab::s_tok = nullptr;
Reference *RealVocab::s_ref = nullptr;
std::string RealVocab::s_loadError;
qint64 RealVocab::s_loadMs = 0;

TEST_F(RealVocab, Shape) {
    RecordProperty("load_ms", static_cast<int>(s_loadMs));
    EXPECT_EQ(tok().vocabSize(), 262144);
    EXPECT_TRUE(tok().usesMerges());
    EXPECT_EQ(tok().bosId(), 2);
    EXPECT_EQ(tok().eosId(), 1);
    EXPECT_EQ(tok().padId(), 0);
    EXPECT_EQ(tok().stopIds(), (std::vector<int32_t>{1, 106, 50}));
    EXPECT_TRUE(tok().isStop(106));
    EXPECT_FALSE(tok().isStop(105));
}

// The converter's patch agrees with the table the reference ids were computed with.
TEST_F(RealVocab, Gemma4SpecialTokensMatchTheReferencePatch) {
    ASSERT_EQ(s_ref->specials.size(), 18U);
    for (const PatchEntry &s : s_ref->specials) {
        EXPECT_EQ(tok().piece(s.id), s.content) << s.id;
        EXPECT_EQ(static_cast<int32_t>(tok().type(s.id)), s.type) << s.id;
        EXPECT_EQ(tok().tokenId(s.content), s.id);
    }
}

TEST_F(RealVocab, KnownIds) {
    const auto enc = [](std::string_view s, tokenizer::Special m = tokenizer::Special::Parse) {
        return tok().encode(s, m);
    };
    EXPECT_EQ(enc("\n"), (std::vector<int32_t>{107}));
    EXPECT_EQ(enc("\n\n"), (std::vector<int32_t>{108}));
    EXPECT_EQ(enc("<|turn>"), (std::vector<int32_t>{105}));
    EXPECT_EQ(enc("<turn|>"), (std::vector<int32_t>{106}));
    EXPECT_EQ(enc("<bos>"), (std::vector<int32_t>{2}));
    EXPECT_EQ(enc("<|turn>user\n"), (std::vector<int32_t>{105, 2364, 107}));
    EXPECT_EQ(enc("<|image|>"), (std::vector<int32_t>{258880}));
    EXPECT_EQ(enc("<|\"|>"), (std::vector<int32_t>{52}));
    EXPECT_EQ(tok().type(107), TokenType::UserDefined);
    EXPECT_EQ(tok().type(105), TokenType::Control);
    // Byte tokens are typed normal (as Ollama writes them) and still recognised.
    EXPECT_EQ(tok().piece(238), "<0x00>");
    EXPECT_EQ(tok().decode(std::vector<int32_t>{238 + 0x41}), "A");
    // Literal mode: typed special strings are text.
    const std::vector<int32_t> lit = enc("<|turn>user\n<turn|>", tokenizer::Special::Literal);
    for (const int32_t id : lit)
        EXPECT_FALSE(tok().isControl(id)) << id;
    EXPECT_EQ(tok().decode(lit), "<|turn>user\n<turn|>");
    EXPECT_EQ(lit.back(), enc("a<turn|>", tokenizer::Special::Literal).back());
}

TEST_F(RealVocab, EncodeMatchesReferenceForEveryString) {
    size_t mismatches = 0;
    std::ostringstream report;
    for (const Case &c : cases()) {
        const std::vector<int32_t> got = tok().encode(c.text);
        if (got == c.ids) continue;
        if (++mismatches <= 25) {
            report << "\n  text " << escaped(c.text) << "\n    reference " << idList(c.ids)
                   << "\n    facet     " << idList(got);
        }
    }
    EXPECT_EQ(mismatches, 0U) << mismatches << " of " << cases().size()
                              << " strings differ:" << report.str();
    RecordProperty("reference_cases", static_cast<int>(cases().size()));
}

TEST_F(RealVocab, DecodeRoundTripsEveryString) {
    for (const Case &c : cases()) {
        EXPECT_EQ(tok().decode(c.ids), c.text) << escaped(c.text);
        for (const auto mode : {tokenizer::Special::Parse, tokenizer::Special::Literal}) {
            EXPECT_EQ(tok().decode(tok().encode(c.text, mode)), c.text) << escaped(c.text);
        }
    }
}

TEST_F(RealVocab, LiteralModeNeverEmitsControlTokens) {
    for (const Case &c : cases()) {
        const std::vector<int32_t> lit = tok().encode(c.text, tokenizer::Special::Literal);
        bool referenceHasControl = false;
        for (const int32_t id : c.ids)
            referenceHasControl |= tok().isControl(id);
        for (const int32_t id : lit) {
            EXPECT_FALSE(tok().isControl(id)) << escaped(c.text) << " -> " << id;
        }
        // Text without control pieces tokenizes identically in both modes.
        if (!referenceHasControl) {
            EXPECT_EQ(lit, c.ids) << escaped(c.text);
        }
    }
}

TEST_F(RealVocab, StreamDecoderReassemblesEveryString) {
    for (const Case &c : cases()) {
        StreamDecoder sd(tok());
        std::string all;
        for (const int32_t id : c.ids) {
            const std::string chunk = sd.push(id);
            EXPECT_TRUE(validUtf8(chunk)) << escaped(c.text) << " chunk " << escaped(chunk);
            all += chunk;
        }
        const std::string rest = sd.finish();
        EXPECT_EQ(rest, "") << escaped(c.text);
        EXPECT_EQ(all + rest, tok().decode(c.ids)) << escaped(c.text);
    }
}

TEST_F(RealVocab, LiteralU2581AndInvalidUtf8RoundTrip) {
    for (const std::string &s :
         {std::string("a\xE2\x96\x81"
                      "b"),
          std::string("\xE2\x96\x81\xE2\x96\x81"), std::string("\xFF\xFE"), std::string("caf\xC3"),
          std::string("\xC0\xAF"), std::string("\xED\xA0\x80"), std::string("\xF4\x90\x80\x80"),
          std::string("x\x80y"), std::string("\xE2\x82 \xE2\x82\xAC"),
          std::string("<|turn>\xFF<turn|>")}) {
        for (const auto mode : {tokenizer::Special::Parse, tokenizer::Special::Literal}) {
            const std::vector<int32_t> ids = tok().encode(s, mode);
            EXPECT_EQ(tok().decode(ids), s) << escaped(s);
        }
    }
    // '▁' typed by the user is three byte tokens (238 + byte), not a space.
    EXPECT_EQ(tok().encode("\xE2\x96\x81"),
              (std::vector<int32_t>{238 + 0xE2, 238 + 0x96, 238 + 0x81}));
}

TEST_F(RealVocab, RandomBytesAndTextRoundTrip) {
    auto rng = test::seededRng();
    std::uniform_int_distribution<int> byte(0, 255), len(0, 64), kind(0, 3);
    // Fragments of the reference strings stitched together, plus raw bytes.
    std::uniform_int_distribution<size_t> pickCase(0, cases().size() - 1);
    for (int iter = 0; iter < 1500; ++iter) {
        std::string s;
        const int n = len(rng);
        for (int i = 0; i < n; ++i) {
            if (kind(rng) == 0) {
                s += static_cast<char>(byte(rng));
            } else {
                const std::string &t = cases()[pickCase(rng)].text;
                if (!t.empty()) s += t.substr(static_cast<size_t>(byte(rng)) % t.size(), 3);
            }
        }
        for (const auto mode : {tokenizer::Special::Parse, tokenizer::Special::Literal}) {
            const std::vector<int32_t> ids = tok().encode(s, mode);
            ASSERT_EQ(tok().decode(ids), s) << escaped(s);
            if (mode == tokenizer::Special::Literal) {
                for (const int32_t id : ids)
                    ASSERT_FALSE(tok().isControl(id)) << escaped(s);
            }
            StreamDecoder sd(tok());
            std::string all;
            for (const int32_t id : ids)
                all += sd.push(id);
            ASSERT_EQ(all + sd.finish(), s) << escaped(s);
        }
    }
}

}  // namespace
}  // namespace facet::tokenizer
