// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Text generation over a ForwardBackend: batched prefill of the prompt, then one decode step per
// token, sampling with sampling::Sampler, streaming the text as it becomes complete.
//
//   CpuReferenceBackend backend(*model);
//   Generator gen(backend, *tokenizer, params);
//   GenerateOptions opt;
//   opt.maxTokens = 256;
//   opt.cancelFlag = &stopRequested;  // set from another thread
//   GenerateResult r = gen.generate(promptIds, opt, [](const TokenEvent &e) { show(e.text); });
//
// The loop: prefill the prompt (one backend call), then repeatedly sample a token from the last
// result, report it, and — unless generation ends there — run it through the model (step) to get
// the next result. Generation ends, in this order of checks after each token:
//   eos          the token is in the tokenizer's stop set (Tokenizer::stopIds(): eos, the
//                file's eos_token_ids and "<turn|>"); its text is not part of the output
//   stop-string  the output text contains one of GenerateOptions::stopStrings; the output ends
//                just before it (neither the stop string nor anything after it is output)
//   max-tokens   GenerateOptions::maxTokens tokens were generated (a final stop token counts)
//   cancelled    the cancellation flag or function said so; checked before the prefill, after
//                it, and before and after every step, so a cancel costs at most one forward call
//   context-full the next token would not fit in the backend's context
//   error        a backend call failed, or the logits were unusable (all NaN or -inf)
//
// Streaming: each TokenEvent carries the text that its token completes. Text goes through
// tokenizer::StreamDecoder, so an event never holds part of a UTF-8 character (a character split
// over several byte tokens arrives with its last byte). While stop strings are set, a tail of the
// text that could still be the start of one is held back until it is decided. At the end, text
// still held back (a stop-string prefix that never completed, bytes that never formed a valid
// character) comes in one last event with id −1, so the events' texts always add up to
// GenerateResult::text.
//
// The KV cache after generation holds the prompt and every generated token except the last one
// (which was sampled but never run through the model). To continue a conversation on the same
// cache, pass GenerateOptions::continueContext and start the next prompt with that token.
#pragma once

#include "generate/forward_backend.h"
#include "sampling/sampler.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace facet::tokenizer {
class Tokenizer;
}

namespace facet::generate {

enum class StopReason { Eos, StopString, MaxTokens, Cancelled, ContextFull, Error };

// "eos", "stop-string", "max-tokens", "cancelled", "context-full", "error".
const char *stopReasonName(StopReason reason);

struct GenerationStats {
    QString backend;                    // ForwardBackend::name()
    int promptTokens = 0;               // tokens prefilled by this call
    int64_t contextStart = 0;           // backend position before the prompt (0 unless continuing)
    int generatedTokens = 0;            // tokens sampled, a final stop token included
    double prefillSeconds = 0;          // the prefill call
    double timeToFirstToken = 0;        // seconds from the start of generate() to the first token
    double decodeSeconds = 0;           // seconds from the first token to the last one
    double prefillTokensPerSecond = 0;  // promptTokens / prefillSeconds
    // (generatedTokens − 1) / decodeSeconds: the tokens that needed a decode step. 0 with fewer
    // than two tokens.
    double decodeTokensPerSecond = 0;
    uint64_t seed = 0;  // the sampler's effective seed (reuse it with hasSeed to reproduce)
    StopReason stopReason = StopReason::Error;
};

struct TokenEvent {
    int32_t id = -1;    // the generated token; −1 for the final flush (see the file comment)
    int index = -1;     // 0, 1, … among the generated tokens; −1 for the flush
    std::string text;   // UTF-8 output completed by this token (may be empty)
    bool stop = false;  // id is a stop token: generation ends, its text is never output
};
using TokenCallback = std::function<void(const TokenEvent &)>;

struct GenerateOptions {
    int maxTokens = 0;  // most tokens to generate; 0 = until a stop or the context is full
    std::vector<std::string> stopStrings;  // empty strings are ignored
    // Soft embeddings for prompt positions (indices into the prompt; model::SoftEmbedding).
    std::span<const model::SoftEmbedding> soft;
    // false: reset the backend first. true: the prompt continues the sequence already in the
    // backend's cache (see the file comment).
    bool continueContext = false;
    // Cancellation, checked between forward calls; either may be set.
    const std::atomic<bool> *cancelFlag = nullptr;
    std::function<bool()> cancelRequested;
};

struct GenerateResult {
    std::vector<int32_t> tokens;  // every generated token, a final stop token included
    std::string text;             // the output text (what the events' texts add up to)
    GenerationStats stats;
    QString error;  // why, when stats.stopReason is Error
};

class Generator {
public:
    // The backend and tokenizer must outlive the generator. Parameters are checked by generate()
    // (SamplingParams::validate()).
    Generator(ForwardBackend &backend, const tokenizer::Tokenizer &tokenizer,
              sampling::SamplingParams params = {});

    void setSamplingParams(const sampling::SamplingParams &params) { m_params = params; }
    const sampling::SamplingParams &samplingParams() const { return m_params; }
    ForwardBackend &backend() { return *m_backend; }

    // Generates a continuation of `prompt` (which must not be empty). Each call starts a fresh
    // sampler: with SamplingParams::hasSeed the same call gives the same tokens. `onToken` is
    // called on this thread for every generated token, then possibly once for the flush.
    GenerateResult generate(const std::vector<int32_t> &prompt, const GenerateOptions &opt = {},
                            const TokenCallback &onToken = {});

    // How many top candidates the sampler needs from the backend for `history` (the argument of
    // ForwardBackend::prefill/step): 0 when only full logits will do (top-k off, or a penalty that
    // can raise a logit); for greedy decoding one plus the distinct penalised tokens.
    static int candidatesNeeded(const sampling::Sampler &sampler, std::span<const int32_t> history);

private:
    ForwardBackend *m_backend;
    const tokenizer::Tokenizer *m_tokenizer;
    sampling::SamplingParams m_params;
};

// The message for a prompt of `promptTokens` tokens that does not leave room for one generated
// token when `used` positions of a context of `contextLength` are taken already; empty when it
// fits. E.g. "the prompt has 9000 tokens but the context holds 8192; shorten the conversation or
// raise the context length".
QString contextOverflowMessage(int64_t promptTokens, int64_t used, int64_t contextLength);

}  // namespace facet::generate
