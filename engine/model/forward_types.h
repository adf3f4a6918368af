// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// What goes into and comes out of one forward call, whatever runs it (the CPU reference, the GPU
// model, a generate::ForwardBackend over either). A leaf: no other Facet header is needed, so the
// model layer never includes the generation layer above it.
#pragma once

#include <cstdint>
#include <vector>

namespace facet::model {

// Replaces the input embedding of one token (an image or audio soft token, docs/gemma4.md §3):
// `values` (H floats) is used as that token's hidden state as is — not scaled by sqrt(H) — and the
// per-layer-embedding lookup uses token id 0 (pad) at that position, as Hugging Face does. The
// token id given at that position is ignored.
struct SoftEmbedding {
    int index = 0;  // position within the token span of the same call (0-based)
    std::vector<float> values;
};

// What one forward call returns for the position after its last token.
struct StepResult {
    // The full logits [vocabSize] (softcapped, as the model outputs them), or empty when the
    // call answered with candidates.
    std::vector<float> logits;
    // The candidates: distinct token ids with their logits (the same values the full logits would
    // hold), in any order. When a request asked for k > 0 candidates, these are the k highest
    // logits (ties: lower ids first), or all of them when the vocabulary is smaller.
    std::vector<int32_t> candidateIds;
    std::vector<float> candidateLogits;

    bool hasLogits() const { return !logits.empty(); }
    bool hasCandidates() const { return !candidateIds.empty(); }
    // Neither: the call failed (its error says why).
    bool empty() const { return logits.empty() && candidateIds.empty(); }
};

}  // namespace facet::model

namespace facet::generate {
// The generation layer's name for it (ForwardBackend::prefill / step return one).
using model::StepResult;
}  // namespace facet::generate
