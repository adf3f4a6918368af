// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The generation API: Generator over scripted fake backends (exact control of every logit) and
// over the CPU reference backend on the tiny Gemma 4 fixture.
#include "generate/generator.h"
#include "generate/cpu_reference_backend.h"
#include "gguf/gguf.h"
#include "model/reference_model.h"
#include "sampling/sampler.h"
#include "support/gemma4_fixture.h"
#include "tokenizer/tokenizer.h"

#include <QStringDecoder>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace facet::generate {
namespace {

// The tiny fixture (512-token vocabulary with byte tokens at 109 + b), loaded once.
struct Fixture {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<model::ReferenceModel> model;
    std::unique_ptr<tokenizer::Tokenizer> tok;
};

const Fixture &fixture() {
    static const Fixture f = [] {
        Fixture x;
        QString error;
        const QByteArray bytes = test::gemma4FixtureBytes(test::Gemma4FixtureOptions{}, &error);
        EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
        x.file = gguf::File::fromBytes(bytes, &error);
        EXPECT_TRUE(x.file) << error.toStdString();
        if (!x.file) return x;
        x.model = model::ReferenceModel::load(*x.file, &error);
        EXPECT_TRUE(x.model) << error.toStdString();
        x.tok = tokenizer::Tokenizer::fromGguf(*x.file, &error);
        EXPECT_TRUE(x.tok) << error.toStdString();
        return x;
    }();
    return f;
}

const tokenizer::Tokenizer &tok() {
    return *fixture().tok;
}

constexpr int32_t kVocab = 512;
constexpr int32_t kEndOfTurn = 106;  // <turn|>

int32_t byteToken(unsigned char b) {
    return 109 + b;
}

// Byte tokens spelling `s`.
std::vector<int32_t> byteTokens(std::string_view s) {
    std::vector<int32_t> ids;
    for (const char c : s)
        ids.push_back(byteToken(static_cast<unsigned char>(c)));
    return ids;
}

// Logits for one position, given how many tokens were generated before it and the sequence so far
// (prompt and generated tokens).
using LogitsFn = std::function<std::vector<float>(size_t generated, std::span<const int32_t> seq)>;

// One-hot logits following a script: the i-th generated token is script[i] (logit 10, all others
// 0); past its end, token `after`.
LogitsFn scripted(std::vector<int32_t> script, int32_t after = byteToken('.')) {
    return [script = std::move(script), after](size_t i, std::span<const int32_t>) {
        std::vector<float> l(kVocab, 0.0f);
        l[static_cast<size_t>(i < script.size() ? script[i] : after)] = 10.0f;
        return l;
    };
}

// A backend whose logits come from a function, recording every call.
class FakeBackend : public ForwardBackend {
public:
    explicit FakeBackend(LogitsFn fn, int64_t context = 1024)
        : m_fn(std::move(fn)), m_ctx(context) {}

    QString name() const override { return QStringLiteral("fake"); }
    int64_t contextLength() const override { return m_ctx; }
    int32_t vocabSize() const override { return kVocab; }
    int64_t position() const override { return static_cast<int64_t>(m_seq.size()); }
    void reset() override {
        m_seq.clear();
        ++resets;
    }
    bool rewind(int64_t position) override {
        if (position < 0 || position > this->position()) return false;
        m_seq.resize(static_cast<size_t>(position));
        return true;
    }

    StepResult prefill(std::span<const int32_t> tokens, std::span<const model::SoftEmbedding> soft,
                       int candidates, QString *error) override {
        ++prefillCalls;
        prefillTokens.push_back(static_cast<int>(tokens.size()));
        prefillPositions.push_back(position());
        softSeen = soft.size();
        requests.push_back(candidates);
        if (failPrefill) {
            *error = QStringLiteral("fake prefill failure");
            return {};
        }
        m_seq.insert(m_seq.end(), tokens.begin(), tokens.end());
        m_generated = 0;
        return result(candidates);
    }
    StepResult step(int32_t token, int candidates, QString *error) override {
        stepped.push_back(token);
        requests.push_back(candidates);
        if (failAtStep == static_cast<int>(stepped.size())) {
            *error = QStringLiteral("fake step failure");
            return {};
        }
        m_seq.push_back(token);
        ++m_generated;
        return result(candidates);
    }
    std::vector<float> prefillAllLogits(std::span<const int32_t>,
                                        std::span<const model::SoftEmbedding>,
                                        QString *error) override {
        *error = QStringLiteral("not supported");
        return {};
    }

    // Answer requests for k > 0 with the top k candidates (like a GPU top-k) instead of logits.
    bool candidateMode = false;
    bool failPrefill = false;
    int failAtStep = -1;  // 1-based step() call that fails

    int prefillCalls = 0, resets = 0;
    std::vector<int> prefillTokens;
    std::vector<int64_t> prefillPositions;
    size_t softSeen = 0;
    std::vector<int32_t> stepped;
    std::vector<int> requests;  // candidates asked for, per call

private:
    StepResult result(int candidates) const {
        StepResult r;
        std::vector<float> logits = m_fn(m_generated, m_seq);
        if (!candidateMode || candidates <= 0) {
            r.logits = std::move(logits);
            return r;
        }
        std::vector<int32_t> order(logits.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = static_cast<int32_t>(i);
        std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
            const float la = logits[static_cast<size_t>(a)], lb = logits[static_cast<size_t>(b)];
            return la != lb ? la > lb : a < b;
        });
        order.resize(std::min(order.size(), static_cast<size_t>(candidates)));
        // Shuffled: the generator must not rely on the order.
        std::reverse(order.begin(), order.end());
        for (const int32_t id : order) {
            r.candidateIds.push_back(id);
            r.candidateLogits.push_back(logits[static_cast<size_t>(id)]);
        }
        return r;
    }

    LogitsFn m_fn;
    int64_t m_ctx;
    std::vector<int32_t> m_seq;
    size_t m_generated = 0;
};

sampling::SamplingParams greedy() {
    sampling::SamplingParams p;
    p.temperature = 0.0f;
    return p;
}

sampling::SamplingParams seeded(uint64_t seed) {
    sampling::SamplingParams p;
    p.seed = seed;
    p.hasSeed = true;
    return p;
}

const std::vector<int32_t> kPrompt = {2, 105, 400, 401, 402, 106, 107};

struct Recorder {
    std::vector<TokenEvent> events;
    TokenCallback callback() {
        return [this](const TokenEvent &e) { events.push_back(e); };
    }
    std::string text() const {
        std::string s;
        for (const TokenEvent &e : events)
            s += e.text;
        return s;
    }
};

bool validUtf8(const std::string &s) {
    QStringDecoder d(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString q = d.decode(QByteArrayView(s.data(), static_cast<qsizetype>(s.size())));
    return !d.hasError() && q.toUtf8() == QByteArray::fromStdString(s);
}

// ---- stops, limits, cancellation -------------------------------------------------------------

TEST(Generator, StopsAtTheEndOfTurnToken) {
    const std::vector<int32_t> ab = byteTokens("ab");
    FakeBackend backend(scripted({ab[0], ab[1], kEndOfTurn, byteToken('c')}));
    Generator gen(backend, tok(), greedy());
    Recorder rec;
    const GenerateResult r = gen.generate(kPrompt, {}, rec.callback());

    EXPECT_EQ(r.stats.stopReason, StopReason::Eos) << r.error.toStdString();
    EXPECT_EQ(r.tokens, (std::vector<int32_t>{ab[0], ab[1], kEndOfTurn}));
    EXPECT_EQ(r.text, "ab");
    ASSERT_EQ(rec.events.size(), 3u);
    EXPECT_EQ(rec.events[2].id, kEndOfTurn);
    EXPECT_TRUE(rec.events[2].stop);
    EXPECT_TRUE(rec.events[2].text.empty());
    EXPECT_EQ(rec.text(), r.text);
    // The stop token is never run through the model.
    EXPECT_EQ(backend.stepped, (std::vector<int32_t>{ab[0], ab[1]}));
    EXPECT_EQ(backend.prefillCalls, 1);
    EXPECT_EQ(backend.prefillTokens, std::vector<int>{static_cast<int>(kPrompt.size())});
}

TEST(Generator, EveryIdOfTheStopSetEndsGeneration) {
    ASSERT_GE(tok().stopIds().size(), 3u);  // eos 1, eos_token_ids {1, 106, 50}, <turn|>
    for (const int32_t stop : tok().stopIds()) {
        SCOPED_TRACE(stop);
        FakeBackend backend(scripted({byteToken('x'), stop}));
        Generator gen(backend, tok(), greedy());
        const GenerateResult r = gen.generate(kPrompt);
        EXPECT_EQ(r.stats.stopReason, StopReason::Eos);
        EXPECT_EQ(r.tokens, (std::vector<int32_t>{byteToken('x'), stop}));
        EXPECT_EQ(r.text, "x");
    }
}

TEST(Generator, StopsAfterMaxTokens) {
    FakeBackend backend(scripted(byteTokens("abcdefgh")));
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    opt.maxTokens = 4;
    const GenerateResult r = gen.generate(kPrompt, opt);
    EXPECT_EQ(r.stats.stopReason, StopReason::MaxTokens);
    EXPECT_EQ(r.tokens, byteTokens("abcd"));
    EXPECT_EQ(r.text, "abcd");
    EXPECT_EQ(r.stats.generatedTokens, 4);
    EXPECT_EQ(backend.stepped.size(), 3u);  // the last token needs no step
}

TEST(Generator, MaxTokensCountsAFinalStopToken) {
    FakeBackend backend(scripted({byteToken('a'), kEndOfTurn}));
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    opt.maxTokens = 2;
    const GenerateResult r = gen.generate(kPrompt, opt);
    EXPECT_EQ(r.stats.stopReason, StopReason::Eos);  // the stop token wins
    EXPECT_EQ(r.stats.generatedTokens, 2);
}

TEST(Generator, CancelsAfterNTokensThroughAnAtomicFlag) {
    FakeBackend backend(scripted(byteTokens("abcdefgh")));
    Generator gen(backend, tok(), greedy());
    std::atomic<bool> cancel{false};
    GenerateOptions opt;
    opt.cancelFlag = &cancel;
    Recorder rec;
    const GenerateResult r = gen.generate(kPrompt, opt, [&](const TokenEvent &e) {
        rec.events.push_back(e);
        if (e.index == 2) cancel.store(true);
    });
    EXPECT_EQ(r.stats.stopReason, StopReason::Cancelled);
    EXPECT_EQ(r.tokens, byteTokens("abc"));
    EXPECT_EQ(r.text, "abc");
    EXPECT_EQ(backend.stepped.size(), 2u);  // no forward call after the cancel
}

TEST(Generator, CancelsThroughAFunctionCheckedBetweenSteps) {
    FakeBackend backend(scripted(byteTokens("abcdefgh")));
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    int stepsSeen = -1;
    opt.cancelRequested = [&]() { return static_cast<int>(backend.stepped.size()) >= 3; };
    const GenerateResult r = gen.generate(kPrompt, opt, [&](const TokenEvent &) {
        stepsSeen = static_cast<int>(backend.stepped.size());
    });
    EXPECT_EQ(r.stats.stopReason, StopReason::Cancelled);
    // Checked after the third step returns: its result is never sampled.
    EXPECT_EQ(r.tokens, byteTokens("abc"));
    EXPECT_EQ(backend.stepped.size(), 3u);
    EXPECT_EQ(stepsSeen, 2);
}

TEST(Generator, CancelledBeforeTheStartRunsNothing) {
    FakeBackend backend(scripted({}));
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    opt.cancelRequested = [] { return true; };
    const GenerateResult r = gen.generate(kPrompt, opt);
    EXPECT_EQ(r.stats.stopReason, StopReason::Cancelled);
    EXPECT_TRUE(r.tokens.empty());
    EXPECT_EQ(backend.prefillCalls, 0);
    EXPECT_EQ(r.stats.promptTokens, static_cast<int>(kPrompt.size()));
}

// ---- context -----------------------------------------------------------------------------------

TEST(Generator, RejectsAPromptLongerThanTheContext) {
    FakeBackend backend(scripted({}), 16);
    Generator gen(backend, tok(), greedy());
    const std::vector<int32_t> prompt(17, 400);
    const GenerateResult r = gen.generate(prompt);
    EXPECT_EQ(r.stats.stopReason, StopReason::Error);
    EXPECT_EQ(r.error.toStdString(),
              "the prompt has 17 tokens but the context holds 16; shorten the conversation or "
              "raise the context length");
    EXPECT_EQ(backend.prefillCalls, 0);
    EXPECT_TRUE(r.tokens.empty());

    // A prompt that fills the context leaves no position for the answer.
    const GenerateResult full = gen.generate(std::vector<int32_t>(16, 400));
    EXPECT_EQ(full.stats.stopReason, StopReason::Error);
    EXPECT_TRUE(full.error.contains(QStringLiteral("fills the whole context")))
        << full.error.toStdString();
    EXPECT_EQ(backend.prefillCalls, 0);
}

TEST(Generator, OverflowMessageNamesBothSizes) {
    EXPECT_EQ(contextOverflowMessage(9000, 0, 8192).toStdString(),
              "the prompt has 9000 tokens but the context holds 8192; shorten the conversation "
              "or raise the context length");
    EXPECT_TRUE(contextOverflowMessage(8191, 0, 8192).isEmpty());
    EXPECT_FALSE(contextOverflowMessage(100, 8092, 8192).isEmpty());
    EXPECT_TRUE(contextOverflowMessage(100, 8091, 8192).isEmpty());
}

TEST(Generator, StopsWhenTheContextIsFull) {
    for (const int promptLength : {15, 12, 1}) {
        SCOPED_TRACE(promptLength);
        FakeBackend backend(scripted(byteTokens("abcdefghijklmnopqrstuvwxyz")), 16);
        Generator gen(backend, tok(), greedy());
        const GenerateResult r = gen.generate(std::vector<int32_t>(promptLength, 400));
        EXPECT_EQ(r.stats.stopReason, StopReason::ContextFull) << r.error.toStdString();
        // Generated tokens take positions promptLength … 15.
        EXPECT_EQ(r.stats.generatedTokens, 16 - promptLength);
        EXPECT_EQ(backend.position(), 15);  // the last token is never run
    }
}

TEST(Generator, ContinuesTheContextOnlyWhenAsked) {
    FakeBackend backend(scripted(byteTokens("abcdefgh")), 64);
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    opt.maxTokens = 3;
    GenerateResult r = gen.generate(kPrompt, opt);
    EXPECT_EQ(r.stats.contextStart, 0);
    EXPECT_EQ(backend.position(), static_cast<int64_t>(kPrompt.size()) + 2);

    opt.continueContext = true;
    r = gen.generate({r.tokens.back(), 107}, opt);
    EXPECT_EQ(r.stats.contextStart, static_cast<int64_t>(kPrompt.size()) + 2);
    EXPECT_EQ(backend.prefillPositions.back(), static_cast<int64_t>(kPrompt.size()) + 2);

    opt.continueContext = false;
    r = gen.generate(kPrompt, opt);
    EXPECT_EQ(backend.prefillPositions.back(), 0);
    EXPECT_EQ(backend.resets, 2);
}

// ---- streaming -----------------------------------------------------------------------------

TEST(Generator, StreamsWholeUtf8CharactersOnly) {
    const std::string text = "a\xC3\xA9z\xE2\x82\xAC\xF0\x9F\x98\x80!";  // a é z € 😀 !
    std::vector<int32_t> script = byteTokens(text);
    script.push_back(kEndOfTurn);
    FakeBackend backend(scripted(script));
    Generator gen(backend, tok(), greedy());
    Recorder rec;
    const GenerateResult r = gen.generate(kPrompt, {}, rec.callback());
    EXPECT_EQ(r.stats.stopReason, StopReason::Eos);
    EXPECT_EQ(r.text, text);
    EXPECT_EQ(rec.text(), text);
    std::vector<std::string> nonEmpty;
    for (const TokenEvent &e : rec.events) {
        EXPECT_TRUE(validUtf8(e.text)) << e.text;
        EXPECT_GE(e.id, 0);  // nothing held back at the end: no flush event
        if (!e.text.empty()) nonEmpty.push_back(e.text);
    }
    EXPECT_EQ(nonEmpty, (std::vector<std::string>{"a", "\xC3\xA9", "z", "\xE2\x82\xAC",
                                                  "\xF0\x9F\x98\x80", "!"}));
    // Each character arrives with the token of its last byte.
    ASSERT_EQ(rec.events.size(), script.size());
    EXPECT_EQ(rec.events[1].text, "");
    EXPECT_EQ(rec.events[2].text, "\xC3\xA9");
    EXPECT_EQ(rec.events[9].text, "");
    EXPECT_EQ(rec.events[10].text, "\xF0\x9F\x98\x80");
}

TEST(Generator, FlushesAnIncompleteCharacterAtTheEnd) {
    FakeBackend backend(scripted(byteTokens("ok\xE2\x82")));
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    opt.maxTokens = 4;
    Recorder rec;
    const GenerateResult r = gen.generate(kPrompt, opt, rec.callback());
    EXPECT_EQ(r.stats.stopReason, StopReason::MaxTokens);
    EXPECT_EQ(r.text, "ok\xE2\x82");
    ASSERT_EQ(rec.events.size(), 5u);
    EXPECT_EQ(rec.events.back().id, -1);
    EXPECT_EQ(rec.events.back().index, -1);
    EXPECT_EQ(rec.events.back().text, "\xE2\x82");
    EXPECT_EQ(rec.text(), r.text);
}

TEST(Generator, StopStringEndsTheOutputBeforeIt) {
    FakeBackend backend(scripted(byteTokens("aXYZc")));
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    opt.stopStrings = {"XYZ", ""};
    Recorder rec;
    const GenerateResult r = gen.generate(kPrompt, opt, rec.callback());
    EXPECT_EQ(r.stats.stopReason, StopReason::StopString);
    EXPECT_EQ(r.text, "a");
    EXPECT_EQ(rec.text(), "a");
    EXPECT_EQ(r.tokens, byteTokens("aXYZ"));
    ASSERT_EQ(rec.events.size(), 4u);  // no flush: what followed the match is dropped
    EXPECT_EQ(rec.events[0].text, "a");
    EXPECT_EQ(rec.events[1].text, "");  // "X" held back: it may start "XYZ"
    EXPECT_EQ(rec.events[2].text, "");
}

TEST(Generator, HeldBackTextIsReleasedWhenItStopsMatching) {
    FakeBackend backend(scripted(byteTokens("aXYbX")));
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    opt.stopStrings = {"XYZ", "bZ"};
    opt.maxTokens = 5;
    Recorder rec;
    const GenerateResult r = gen.generate(kPrompt, opt, rec.callback());
    EXPECT_EQ(r.stats.stopReason, StopReason::MaxTokens);
    EXPECT_EQ(r.text, "aXYbX");
    std::vector<std::string> texts;
    for (const TokenEvent &e : rec.events)
        texts.push_back(e.text);
    // "b" is held too ("bZ"); the final "X" comes in the flush.
    EXPECT_EQ(texts, (std::vector<std::string>{"a", "", "", "XY", "b", "X"}));
    EXPECT_EQ(rec.events.back().id, -1);
}

TEST(Generator, StopStringInsideOneTokensText) {
    const std::optional<int32_t> the = tok().tokenId("\xE2\x96\x81the");  // "▁the"
    ASSERT_TRUE(the.has_value());
    FakeBackend backend(scripted({byteToken('x'), *the, byteToken('y')}));
    Generator gen(backend, tok(), greedy());
    GenerateOptions opt;
    opt.stopStrings = {"th"};
    const GenerateResult r = gen.generate(kPrompt, opt);
    EXPECT_EQ(r.stats.stopReason, StopReason::StopString);
    EXPECT_EQ(r.text, "x ");
    EXPECT_EQ(r.tokens.size(), 2u);
}

// ---- errors ------------------------------------------------------------------------------------

TEST(Generator, ReportsBackendErrors) {
    {
        FakeBackend backend(scripted(byteTokens("abcdef")));
        backend.failPrefill = true;
        Generator gen(backend, tok(), greedy());
        const GenerateResult r = gen.generate(kPrompt);
        EXPECT_EQ(r.stats.stopReason, StopReason::Error);
        EXPECT_EQ(r.error, QStringLiteral("fake prefill failure"));
        EXPECT_TRUE(r.tokens.empty());
    }
    {
        FakeBackend backend(scripted(byteTokens("abcdef")));
        backend.failAtStep = 2;
        Generator gen(backend, tok(), greedy());
        Recorder rec;
        const GenerateResult r = gen.generate(kPrompt, {}, rec.callback());
        EXPECT_EQ(r.stats.stopReason, StopReason::Error);
        EXPECT_EQ(r.error, QStringLiteral("fake step failure"));
        EXPECT_EQ(r.tokens, byteTokens("ab"));
        EXPECT_EQ(r.text, "ab");
        EXPECT_EQ(rec.text(), "ab");
    }
}

TEST(Generator, UnusableLogitsAreAnError) {
    FakeBackend backend([](size_t, std::span<const int32_t>) {
        return std::vector<float>(kVocab, std::numeric_limits<float>::quiet_NaN());
    });
    Generator gen(backend, tok(), seeded(1));
    const GenerateResult r = gen.generate(kPrompt);
    EXPECT_EQ(r.stats.stopReason, StopReason::Error);
    EXPECT_TRUE(r.error.contains(QStringLiteral("no usable logits"))) << r.error.toStdString();
    EXPECT_TRUE(r.tokens.empty());
}

TEST(Generator, RejectsBadInput) {
    FakeBackend backend(scripted({}));
    sampling::SamplingParams bad;
    bad.topP = 1.5f;
    Generator gen(backend, tok(), bad);
    GenerateResult r = gen.generate(kPrompt);
    EXPECT_EQ(r.stats.stopReason, StopReason::Error);
    EXPECT_TRUE(r.error.contains(QStringLiteral("top_p"))) << r.error.toStdString();

    gen.setSamplingParams(greedy());
    r = gen.generate({});
    EXPECT_EQ(r.stats.stopReason, StopReason::Error);
    EXPECT_EQ(r.error, QStringLiteral("the prompt is empty"));
    EXPECT_EQ(backend.prefillCalls, 0);
}

TEST(Generator, PassesSoftEmbeddingsToThePrefill) {
    FakeBackend backend(scripted({kEndOfTurn}));
    Generator gen(backend, tok(), greedy());
    const std::vector<model::SoftEmbedding> soft = {{1, std::vector<float>(64, 0.5f)},
                                                    {2, std::vector<float>(64, 0.25f)}};
    GenerateOptions opt;
    opt.soft = soft;
    gen.generate(kPrompt, opt);
    EXPECT_EQ(backend.softSeen, 2u);
}

// ---- statistics --------------------------------------------------------------------------------

TEST(Generator, StatisticsAreConsistent) {
    FakeBackend backend(scripted(byteTokens("hello")));
    Generator gen(backend, tok(), seeded(77));
    GenerateOptions opt;
    opt.maxTokens = 5;
    Recorder rec;
    const GenerateResult r = gen.generate(kPrompt, opt, rec.callback());
    const GenerationStats &s = r.stats;
    EXPECT_EQ(s.backend, QStringLiteral("fake"));
    EXPECT_EQ(s.promptTokens, static_cast<int>(kPrompt.size()));
    EXPECT_EQ(s.generatedTokens, 5);
    EXPECT_EQ(static_cast<size_t>(s.generatedTokens), r.tokens.size());
    EXPECT_EQ(rec.events.size(), r.tokens.size());
    EXPECT_EQ(s.seed, 77u);
    EXPECT_EQ(s.stopReason, StopReason::MaxTokens);
    EXPECT_STREQ(stopReasonName(s.stopReason), "max-tokens");
    EXPECT_GE(s.prefillSeconds, 0.0);
    EXPECT_GE(s.timeToFirstToken, s.prefillSeconds);
    EXPECT_GE(s.decodeSeconds, 0.0);
    EXPECT_GE(s.decodeTokensPerSecond, 0.0);
    if (s.decodeSeconds > 0) {
        EXPECT_NEAR(s.decodeTokensPerSecond * s.decodeSeconds, 4.0, 1e-6);
    }
    if (s.prefillSeconds > 0) {
        EXPECT_NEAR(s.prefillTokensPerSecond * s.prefillSeconds,
                    static_cast<double>(kPrompt.size()), 1e-6);
    }
    EXPECT_EQ(backend.stepped.size(), static_cast<size_t>(s.generatedTokens - 1));

    EXPECT_STREQ(stopReasonName(StopReason::Eos), "eos");
    EXPECT_STREQ(stopReasonName(StopReason::StopString), "stop-string");
    EXPECT_STREQ(stopReasonName(StopReason::Cancelled), "cancelled");
    EXPECT_STREQ(stopReasonName(StopReason::ContextFull), "context-full");
    EXPECT_STREQ(stopReasonName(StopReason::Error), "error");
}

// ---- the candidates path -----------------------------------------------------------------------

// Pseudo-random logits that depend on the whole sequence (like a model's).
LogitsFn randomLogits() {
    return [](size_t, std::span<const int32_t> seq) {
        uint64_t h = 1469598103934665603ull;
        for (const int32_t t : seq)
            h = (h ^ static_cast<uint64_t>(t)) * 1099511628211ull;
        std::mt19937_64 rng(h);
        std::normal_distribution<float> d(0.0f, 3.0f);
        std::vector<float> l(kVocab);
        for (float &x : l)
            x = d(rng);
        return l;
    };
}

TEST(Generator, CandidatesGiveTheSameTokensAsFullLogits) {
    struct Case {
        const char *name;
        sampling::SamplingParams params;
    };
    std::vector<Case> cases;
    cases.push_back({"default", seeded(5)});
    cases.push_back({"greedy", greedy()});
    sampling::SamplingParams pen = seeded(9);
    pen.repetitionPenalty = 1.3f;
    pen.presencePenalty = 0.5f;
    pen.frequencyPenalty = 0.25f;
    pen.topK = 8;
    cases.push_back({"penalties", pen});
    sampling::SamplingParams greedyPen = greedy();
    greedyPen.repetitionPenalty = 1.5f;
    cases.push_back({"greedy penalties", greedyPen});
    for (const Case &c : cases) {
        SCOPED_TRACE(c.name);
        GenerateOptions opt;
        opt.maxTokens = 40;
        FakeBackend full(randomLogits());
        const GenerateResult a = Generator(full, tok(), c.params).generate(kPrompt, opt);
        FakeBackend cand(randomLogits());
        cand.candidateMode = true;
        const GenerateResult b = Generator(cand, tok(), c.params).generate(kPrompt, opt);
        EXPECT_EQ(a.tokens, b.tokens);
        EXPECT_EQ(a.stats.stopReason, b.stats.stopReason);
        // Every request asked for a finite list.
        for (const int k : cand.requests)
            EXPECT_GT(k, 0);
    }
}

TEST(Generator, AsksForFullLogitsWhenNoFiniteListSuffices) {
    sampling::SamplingParams p = seeded(3);
    p.topK = 0;
    FakeBackend a(randomLogits());
    a.candidateMode = true;
    GenerateOptions opt;
    opt.maxTokens = 5;
    EXPECT_EQ(Generator(a, tok(), p).generate(kPrompt, opt).tokens.size(), 5u);
    for (const int k : a.requests)
        EXPECT_EQ(k, 0);

    p.topK = 16;
    p.repetitionPenalty = 0.8f;  // below 1: raises every penalised logit
    p.presencePenalty = -0.5f;   // raises every penalised logit
    FakeBackend b(randomLogits());
    b.candidateMode = true;
    EXPECT_EQ(Generator(b, tok(), p).generate(kPrompt, opt).tokens.size(), 5u);
    for (const int k : b.requests)
        EXPECT_EQ(k, 0);

    sampling::SamplingParams g = greedy();
    const sampling::Sampler s(g);
    EXPECT_EQ(Generator::candidatesNeeded(s, kPrompt), 1);
    g.repetitionPenalty = 1.2f;
    g.penaltyWindow = 3;
    const sampling::Sampler sp(g);
    const std::vector<int32_t> history = {5, 6, 5, 7, 7};
    EXPECT_EQ(Generator::candidatesNeeded(sp, history), 3);  // {5, 7} in the window, plus one
}

// ---- on the CPU reference model ----------------------------------------------------------------

int32_t argmax(std::span<const float> logits) {
    return static_cast<int32_t>(std::max_element(logits.begin(), logits.end()) - logits.begin());
}

std::vector<int32_t> fixturePrompt() {
    std::vector<int32_t> p = {2, 105};
    const std::vector<int32_t> text = tok().encode("user\nHello world! Tell me about the fox.");
    p.insert(p.end(), text.begin(), text.end());
    p.push_back(106);
    p.push_back(107);
    const std::vector<int32_t> model = tok().encode("<|turn>model\n");
    p.insert(p.end(), model.begin(), model.end());
    return p;
}

TEST(GeneratorOnReference, GreedyEqualsAHandRolledLoop) {
    const Fixture &f = fixture();
    ASSERT_TRUE(f.model && f.tok);
    const std::vector<int32_t> prompt = fixturePrompt();
    constexpr int kMax = 12;

    // Hand-rolled: prefill, then argmax and step until a stop token or kMax tokens.
    std::vector<int32_t> expected;
    model::ReferenceModel::Session session = f.model->newSession();
    std::vector<float> logits = session.prefill(prompt, {}, model::ReferenceModel::Logits::Last);
    while (static_cast<int>(expected.size()) < kMax) {
        const int32_t id = argmax(logits);
        expected.push_back(id);
        if (f.tok->isStop(id) || static_cast<int>(expected.size()) == kMax) break;
        logits = session.step(id);
    }

    EXPECT_GT(expected.size(), 1u) << "the fixture stops at once: a weak comparison";

    CpuReferenceBackend backend(*f.model);
    EXPECT_EQ(backend.name(), QStringLiteral("cpu-reference"));
    EXPECT_EQ(backend.contextLength(), f.model->config().contextLength);
    Generator gen(backend, *f.tok, greedy());
    GenerateOptions opt;
    opt.maxTokens = kMax;
    Recorder rec;
    const GenerateResult r = gen.generate(prompt, opt, rec.callback());
    ASSERT_NE(r.stats.stopReason, StopReason::Error) << r.error.toStdString();
    EXPECT_EQ(r.tokens, expected);
    std::vector<int32_t> shown = expected;
    if (!shown.empty() && f.tok->isStop(shown.back())) shown.pop_back();
    EXPECT_EQ(r.text, f.tok->decode(shown));
    EXPECT_EQ(rec.text(), r.text);

    // Deterministic: again, on the same backend (reset by generate()).
    const GenerateResult again = gen.generate(prompt, opt);
    EXPECT_EQ(again.tokens, r.tokens);
}

TEST(GeneratorOnReference, SeededSamplingIsReproducible) {
    const Fixture &f = fixture();
    ASSERT_TRUE(f.model && f.tok);
    const std::vector<int32_t> prompt = fixturePrompt();
    GenerateOptions opt;
    opt.maxTokens = 8;
    CpuReferenceBackend backend(*f.model);
    sampling::SamplingParams p = seeded(1234);
    p.topK = 0;  // the whole (random, flat) distribution: seeds matter
    p.topP = 1.0f;
    const GenerateResult a = Generator(backend, *f.tok, p).generate(prompt, opt);
    const GenerateResult b = Generator(backend, *f.tok, p).generate(prompt, opt);
    ASSERT_NE(a.stats.stopReason, StopReason::Error) << a.error.toStdString();
    EXPECT_EQ(a.tokens, b.tokens);
    EXPECT_EQ(a.text, b.text);
    EXPECT_EQ(a.stats.seed, 1234u);

    std::set<std::vector<int32_t>> distinct;
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        sampling::SamplingParams q = p;
        q.seed = seed;
        distinct.insert(Generator(backend, *f.tok, q).generate(prompt, opt).tokens);
    }
    EXPECT_GT(distinct.size(), 1u);
}

// The CPU backend behind a top-k filter (what a GPU backend will return): same tokens.
class TopKAdapter : public ForwardBackend {
public:
    explicit TopKAdapter(ForwardBackend &inner) : m_inner(&inner) {}
    QString name() const override { return QStringLiteral("top-k"); }
    int64_t contextLength() const override { return m_inner->contextLength(); }
    int32_t vocabSize() const override { return m_inner->vocabSize(); }
    int64_t position() const override { return m_inner->position(); }
    void reset() override { m_inner->reset(); }
    bool rewind(int64_t position) override { return m_inner->rewind(position); }
    StepResult prefill(std::span<const int32_t> tokens, std::span<const model::SoftEmbedding> soft,
                       int candidates, QString *error) override {
        return filter(m_inner->prefill(tokens, soft, candidates, error), candidates);
    }
    StepResult step(int32_t token, int candidates, QString *error) override {
        return filter(m_inner->step(token, candidates, error), candidates);
    }
    std::vector<float> prefillAllLogits(std::span<const int32_t> tokens,
                                        std::span<const model::SoftEmbedding> soft,
                                        QString *error) override {
        return m_inner->prefillAllLogits(tokens, soft, error);
    }
    int candidateAnswers = 0;

private:
    StepResult filter(StepResult r, int k) {
        if (k <= 0 || r.logits.empty()) return r;
        ++candidateAnswers;
        std::vector<int32_t> ids(r.logits.size());
        for (size_t i = 0; i < ids.size(); ++i)
            ids[i] = static_cast<int32_t>(i);
        const auto better = [&](int32_t a, int32_t b) {
            const float la = r.logits[static_cast<size_t>(a)];
            const float lb = r.logits[static_cast<size_t>(b)];
            return la != lb ? la > lb : a < b;
        };
        const size_t n = std::min(ids.size(), static_cast<size_t>(k));
        std::partial_sort(ids.begin(), ids.begin() + static_cast<ptrdiff_t>(n), ids.end(), better);
        ids.resize(n);
        StepResult out;
        for (const int32_t id : ids) {
            out.candidateIds.push_back(id);
            out.candidateLogits.push_back(r.logits[static_cast<size_t>(id)]);
        }
        return out;
    }
    ForwardBackend *m_inner;
};

TEST(GeneratorOnReference, CandidatesFromTheModelMatchFullLogits) {
    const Fixture &f = fixture();
    ASSERT_TRUE(f.model && f.tok);
    const std::vector<int32_t> prompt = fixturePrompt();
    GenerateOptions opt;
    opt.maxTokens = 8;
    sampling::SamplingParams p = seeded(99);
    p.repetitionPenalty = 1.1f;
    CpuReferenceBackend cpu(*f.model);
    const GenerateResult a = Generator(cpu, *f.tok, p).generate(prompt, opt);
    TopKAdapter topk(cpu);
    const GenerateResult b = Generator(topk, *f.tok, p).generate(prompt, opt);
    ASSERT_NE(a.stats.stopReason, StopReason::Error) << a.error.toStdString();
    EXPECT_EQ(a.tokens, b.tokens);
    EXPECT_EQ(topk.candidateAnswers, b.stats.generatedTokens);
}

TEST(CpuReferenceBackend, AllLogitsEqualTheModelsForward) {
    const Fixture &f = fixture();
    ASSERT_TRUE(f.model);
    const std::vector<int32_t> tokens = {2, 105, 400, 450, 107};
    QString error;
    const std::vector<float> expected = f.model->forward(tokens, {}, &error);
    ASSERT_FALSE(expected.empty()) << error.toStdString();
    CpuReferenceBackend backend(*f.model);
    const std::vector<float> all = backend.prefillAllLogits(tokens, {}, &error);
    EXPECT_EQ(all, expected);
    EXPECT_EQ(backend.position(), 5);

    // prefill's result is the last row.
    backend.reset();
    const StepResult last = backend.prefill(tokens, {}, 4, &error);
    ASSERT_TRUE(last.hasLogits());
    const size_t V = static_cast<size_t>(f.model->vocabSize());
    EXPECT_EQ(last.logits,
              std::vector<float>(expected.end() - static_cast<ptrdiff_t>(V), expected.end()));
}

TEST(CpuReferenceBackend, EnforcesItsContextLength) {
    const Fixture &f = fixture();
    ASSERT_TRUE(f.model);
    CpuReferenceBackend small(*f.model, 4);
    EXPECT_EQ(small.contextLength(), 4);
    QString error;
    const std::vector<int32_t> five = {2, 105, 400, 450, 107};
    EXPECT_TRUE(small.prefill(five, {}, 0, &error).empty());
    EXPECT_TRUE(error.contains(QStringLiteral("context"))) << error.toStdString();
    EXPECT_EQ(small.position(), 0);
    ASSERT_FALSE(small.prefill(std::span(five).first(4), {}, 0, &error).empty());
    error.clear();
    EXPECT_TRUE(small.step(400, 0, &error).empty());
    EXPECT_FALSE(error.isEmpty());
    EXPECT_EQ(small.position(), 4);

    // A bad token id: an error, the position unchanged.
    small.reset();
    error.clear();
    EXPECT_TRUE(small.prefill(std::vector<int32_t>{2, 99999}, {}, 0, &error).empty());
    EXPECT_FALSE(error.isEmpty());
    EXPECT_EQ(small.position(), 0);

    // More than the model's context: the model's.
    CpuReferenceBackend big(*f.model, int64_t{1} << 40);
    EXPECT_EQ(big.contextLength(), f.model->config().contextLength);
}

}  // namespace
}  // namespace facet::generate
