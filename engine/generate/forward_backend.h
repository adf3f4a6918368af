// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The forward pass as the generator sees it: one model session with its KV cache, whatever runs
// it (the GPU decoder, generate/gpu_backend.h, or the CPU reference, cpu_reference_backend.h).
//
// A backend holds the state of one sequence: position() tokens have been run through the model
// and sit in its cache. prefill() appends a batch of tokens, step() one token; both return what
// the sampler needs for the token after the last one they ran (a model::StepResult). Positions are
// taken back only by reset() and rewind().
//
// Candidates instead of logits: copying and scanning a 262,144-entry vocabulary per token costs
// more than the rest of a small model's step on a GPU, so a backend may answer with only the
// highest logits. The caller says how many it can work with (`candidates`, from
// sampling::Sampler::candidatesNeeded()); 0 means it needs the full logits. A backend that always
// returns full logits (as the CPU reference does) is correct for every request.
#pragma once

#include "model/forward_types.h"

#include <QString>

#include <cstdint>
#include <span>
#include <vector>

namespace facet::generate {

class ForwardBackend {
public:
    virtual ~ForwardBackend() = default;

    // Short identifier for logs and statistics: "cpu-reference", "gpu".
    virtual QString name() const = 0;
    // Positions the session can hold (prompt and generated tokens together).
    virtual int64_t contextLength() const = 0;
    // Size of the model's vocabulary (the length of full logits).
    virtual int32_t vocabSize() const = 0;
    // Position of the next token (tokens in the cache).
    virtual int64_t position() const = 0;
    // Forgets the sequence (position 0, empty cache).
    virtual void reset() = 0;
    // Takes the sequence back to its first `position` tokens. False (nothing changed) when the
    // backend no longer holds what that needs (a sliding window's keys after a long run); the
    // caller then resets and recomputes.
    virtual bool rewind(int64_t position) = 0;

    // Runs `tokens` at position() … position() + n − 1 and returns the result for the last one
    // (`candidates`: see the file comment). `soft` replaces input embeddings (indices into
    // `tokens`, see model::SoftEmbedding). On failure (bad token id or soft embedding, more
    // tokens than the context has room for, device error) returns an empty result, sets *error
    // and leaves the position unchanged. Empty `tokens`: an empty result and no error.
    virtual StepResult prefill(std::span<const int32_t> tokens,
                               std::span<const model::SoftEmbedding> soft, int candidates,
                               QString *error) = 0;
    // One token at position(); same contract as prefill().
    virtual StepResult step(int32_t token, int candidates, QString *error) = 0;

    // Like prefill(), but returns the full logits of every token of the call, [n][vocabSize()]
    // row-major by position (for evaluation and for comparing backends). A backend that cannot
    // provide them returns an empty vector and says so in *error.
    virtual std::vector<float> prefillAllLogits(std::span<const int32_t> tokens,
                                                std::span<const model::SoftEmbedding> soft,
                                                QString *error) = 0;
};

}  // namespace facet::generate
