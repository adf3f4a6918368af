// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "generate/generator.h"

#include "tokenizer/tokenizer.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>

namespace facet::generate {
namespace {

using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

const QString kShorten = QStringLiteral("shorten the conversation or raise the context length");

// Output text with stop strings: decides how much of the decoded text can be released.
class StopMatcher {
public:
    explicit StopMatcher(const std::vector<std::string> &stops) {
        for (const std::string &s : stops) {
            if (!s.empty()) m_stops.push_back(s);
        }
    }

    // Appends decoded text; returns the text released by it. Sets matched() when a stop string
    // completed (the text is then cut before it and everything is released).
    std::string append(const std::string &piece) {
        const size_t before = m_text.size();
        m_text += piece;
        size_t cut = std::string::npos;
        for (const std::string &s : m_stops) {
            const size_t from = before >= s.size() - 1 ? before - (s.size() - 1) : 0;
            cut = std::min(cut, m_text.find(s, from));
        }
        if (cut != std::string::npos) {
            // Held-back text is the longest tail that starts a stop string, so a match never
            // begins inside text already released.
            m_text.resize(std::max(cut, m_released));
            m_matched = true;
            return releaseUpTo(m_text.size());
        }
        return releaseUpTo(m_text.size() - heldTail());
    }
    // Releases everything still held back, plus `tail` (appended without matching).
    std::string flush(const std::string &tail) {
        m_text += tail;
        return releaseUpTo(m_text.size());
    }

    bool matched() const { return m_matched; }
    const std::string &text() const { return m_text; }

private:
    // Length of the longest unreleased tail of the text that is a proper prefix of a stop string.
    size_t heldTail() const {
        const size_t open = m_text.size() - m_released;
        size_t best = 0;
        for (const std::string &s : m_stops) {
            for (size_t k = std::min(open, s.size() - 1); k > best; --k) {
                if (m_text.compare(m_text.size() - k, k, s, 0, k) == 0) {
                    best = k;
                    break;
                }
            }
        }
        return best;
    }
    std::string releaseUpTo(size_t end) {
        std::string out = m_text.substr(m_released, end - m_released);
        m_released = end;
        return out;
    }

    std::vector<std::string> m_stops;
    std::string m_text;
    size_t m_released = 0;
    bool m_matched = false;
};

bool penaltiesActive(const sampling::SamplingParams &p) {
    return p.penaltyWindow != 0 &&
           (p.repetitionPenalty != 1.0f || p.presencePenalty != 0.0f || p.frequencyPenalty != 0.0f);
}

}  // namespace

const char *stopReasonName(StopReason reason) {
    switch (reason) {
        case StopReason::Eos:
            return "eos";
        case StopReason::StopString:
            return "stop-string";
        case StopReason::MaxTokens:
            return "max-tokens";
        case StopReason::Cancelled:
            return "cancelled";
        case StopReason::ContextFull:
            return "context-full";
        case StopReason::Error:
            return "error";
    }
    return "error";
}

QString contextOverflowMessage(int64_t promptTokens, int64_t used, int64_t contextLength) {
    // The first generated token takes position used + promptTokens, which must exist.
    if (used + promptTokens < contextLength) return {};
    if (used > 0) {
        return QStringLiteral(
                   "the prompt has %1 tokens, %2 positions are already in use and the context "
                   "holds %3, leaving no room for an answer; %4")
            .arg(promptTokens)
            .arg(used)
            .arg(contextLength)
            .arg(kShorten);
    }
    if (promptTokens == contextLength) {
        return QStringLiteral(
                   "the prompt has %1 tokens and fills the whole context, leaving no room for an "
                   "answer; %2")
            .arg(promptTokens)
            .arg(kShorten);
    }
    return QStringLiteral("the prompt has %1 tokens but the context holds %2; %3")
        .arg(promptTokens)
        .arg(contextLength)
        .arg(kShorten);
}

Generator::Generator(ForwardBackend &backend, const tokenizer::Tokenizer &tokenizer,
                     sampling::SamplingParams params)
    : m_backend(&backend), m_tokenizer(&tokenizer), m_params(params) {}

int Generator::candidatesNeeded(const sampling::Sampler &sampler,
                                std::span<const int32_t> history) {
    const sampling::SamplingParams &p = sampler.params();
    // A penalty that raises logits can lift any token of the window above the raw top list.
    if (p.repetitionPenalty < 1.0f || p.presencePenalty < 0.0f || p.frequencyPenalty < 0.0f)
        return 0;
    if (!p.isGreedy()) return sampler.candidatesNeeded(history);
    if (!penaltiesActive(p)) return 1;
    // Greedy: the best raw token that no penalty touches beats every token outside the list, so
    // the list needs one more entry than the penalised tokens that might fall below it.
    std::span<const int32_t> window = history;
    if (p.penaltyWindow >= 0 && window.size() > static_cast<size_t>(p.penaltyWindow))
        window = window.last(static_cast<size_t>(p.penaltyWindow));
    std::vector<int32_t> distinct(window.begin(), window.end());
    std::sort(distinct.begin(), distinct.end());
    const auto n = std::unique(distinct.begin(), distinct.end()) - distinct.begin();
    return static_cast<int>(std::min<int64_t>(n + 1, std::numeric_limits<int>::max()));
}

GenerateResult Generator::generate(const std::vector<int32_t> &prompt, const GenerateOptions &opt,
                                   const TokenCallback &onToken) {
    const Clock::time_point start = Clock::now();
    GenerateResult result;
    GenerationStats &stats = result.stats;
    stats.backend = m_backend->name();
    stats.promptTokens = static_cast<int>(prompt.size());

    const auto fail = [&](const QString &message) {
        stats.stopReason = StopReason::Error;
        result.error = message;
    };
    const auto cancelled = [&opt]() {
        return (opt.cancelFlag && opt.cancelFlag->load(std::memory_order_relaxed)) ||
               (opt.cancelRequested && opt.cancelRequested());
    };

    const QString paramError = m_params.validate();
    if (!paramError.isEmpty()) {
        fail(paramError);
        return result;
    }
    if (prompt.empty()) {
        fail(QStringLiteral("the prompt is empty"));
        return result;
    }
    if (opt.maxTokens < 0) {
        fail(QStringLiteral("maxTokens must be >= 0, got %1").arg(opt.maxTokens));
        return result;
    }
    sampling::Sampler sampler(m_params);
    stats.seed = sampler.seed();

    if (!opt.continueContext) m_backend->reset();
    const int64_t contextLength = m_backend->contextLength();
    stats.contextStart = m_backend->position();
    const QString overflow = contextOverflowMessage(static_cast<int64_t>(prompt.size()),
                                                    stats.contextStart, contextLength);
    if (!overflow.isEmpty()) {
        fail(overflow);
        return result;
    }
    if (cancelled()) {
        stats.stopReason = StopReason::Cancelled;
        return result;
    }

    std::vector<int32_t> history;
    // Room for every token that can still be generated (bounded by the context).
    const int64_t room = contextLength - stats.contextStart - static_cast<int64_t>(prompt.size());
    history.reserve(prompt.size() + static_cast<size_t>(opt.maxTokens > 0
                                                            ? std::min<int64_t>(opt.maxTokens, room)
                                                            : room));
    history.assign(prompt.begin(), prompt.end());

    QString error;
    const Clock::time_point prefillStart = Clock::now();
    StepResult next =
        m_backend->prefill(prompt, opt.soft, candidatesNeeded(sampler, history), &error);
    stats.prefillSeconds = secondsBetween(prefillStart, Clock::now());
    if (stats.prefillSeconds > 0)
        stats.prefillTokensPerSecond = static_cast<double>(prompt.size()) / stats.prefillSeconds;

    tokenizer::StreamDecoder decoder(*m_tokenizer);
    StopMatcher matcher(opt.stopStrings);
    const int32_t vocab = m_backend->vocabSize();
    const auto deliver = [&](TokenEvent &&e) {
        if (onToken) onToken(e);
    };
    Clock::time_point firstToken{}, lastToken{};
    std::optional<StopReason> reason;

    if (next.empty()) {
        fail(error.isEmpty() ? QStringLiteral("the %1 backend returned no logits for the prompt")
                                   .arg(m_backend->name())
                             : error);
        reason = StopReason::Error;
    }
    while (!reason) {
        if (cancelled()) {
            reason = StopReason::Cancelled;
            break;
        }
        // Sample the next token from the last forward call.
        int32_t id = -1;
        if (next.hasLogits()) {
            if (next.logits.size() != static_cast<size_t>(vocab)) {
                fail(QStringLiteral("the %1 backend returned %2 logits for a vocabulary of %3")
                         .arg(m_backend->name())
                         .arg(next.logits.size())
                         .arg(vocab));
                reason = StopReason::Error;
                break;
            }
            id = sampler.sample(next.logits, history);
        } else {
            id = sampler.sampleFromCandidates(next.candidateIds, next.candidateLogits, history);
        }
        if (sampler.lastCallDegenerate()) {
            fail(QStringLiteral("the model produced no usable logits (all NaN or -inf)"));
            reason = StopReason::Error;
            break;
        }
        if (id < 0 || id >= vocab) {
            fail(QStringLiteral("the %1 backend returned an invalid candidate list")
                     .arg(m_backend->name()));
            reason = StopReason::Error;
            break;
        }
        lastToken = Clock::now();
        if (result.tokens.empty()) {
            firstToken = lastToken;
            stats.timeToFirstToken = secondsBetween(start, firstToken);
        }
        const int index = static_cast<int>(result.tokens.size());
        result.tokens.push_back(id);
        history.push_back(id);

        if (m_tokenizer->isStop(id)) {
            deliver(TokenEvent{id, index, {}, true});
            reason = StopReason::Eos;
            break;
        }
        deliver(TokenEvent{id, index, matcher.append(decoder.push(id)), false});
        if (matcher.matched()) {
            reason = StopReason::StopString;
            break;
        }
        if (opt.maxTokens > 0 && static_cast<int>(result.tokens.size()) >= opt.maxTokens) {
            reason = StopReason::MaxTokens;
            break;
        }
        if (cancelled()) {
            reason = StopReason::Cancelled;
            break;
        }
        // The token takes position(); the one after it must fit as well.
        if (m_backend->position() + 1 >= contextLength) {
            reason = StopReason::ContextFull;
            break;
        }
        next = m_backend->step(id, candidatesNeeded(sampler, history), &error);
        if (next.empty()) {
            fail(error.isEmpty()
                     ? QStringLiteral("the %1 backend returned no logits").arg(m_backend->name())
                     : error);
            reason = StopReason::Error;
        }
    }

    // Whatever is still held back, unless a stop string cut the text.
    if (!matcher.matched()) {
        std::string rest = matcher.flush(decoder.finish());
        if (!rest.empty()) deliver(TokenEvent{-1, -1, std::move(rest), false});
    }
    result.text = matcher.text();
    stats.stopReason = *reason;
    stats.generatedTokens = static_cast<int>(result.tokens.size());
    if (result.tokens.size() >= 2) {
        stats.decodeSeconds = secondsBetween(firstToken, lastToken);
        if (stats.decodeSeconds > 0)
            stats.decodeTokensPerSecond =
                static_cast<double>(result.tokens.size() - 1) / stats.decodeSeconds;
    }
    return result;
}

}  // namespace facet::generate
