// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Token sampling: turns one step's logits into the next token id.
//
// Order of operations (Hugging Face's warper order; llama.cpp's for the penalties):
//
//   sanitise (NaN -> -inf) -> penalties (repetition, then presence/frequency) -> top-k
//   -> temperature -> softmax -> top-p -> min-p -> draw
//
// - Repetition penalty as Hugging Face (RepetitionPenaltyLogitsProcessor): every distinct token in
//   the penalty window has its logit divided by the penalty when positive, multiplied when not.
// - Presence and frequency penalties as OpenAI: logit -= count * frequency + presence for every
//   token with count > 0 occurrences in the penalty window.
// - top-k keeps the k highest logits (ties: lower id first); it is found by a linear scan with a
//   bounded buffer, never a sort of the vocabulary.
// - Temperature divides (logit - max), so tiny temperatures cannot overflow.
// - top-p keeps the smallest prefix of the tokens, by descending probability, whose mass is >= p;
//   found by a quickselect on mass (linear time without top-k), its sums in 128-bit fixed point so
//   that the kept set never depends on the order the selection left the tokens in.
//   Note: llama.cpp's default chain applies temperature after top-p/min-p; with temperature != 1
//   the kept sets differ from llama.cpp's, and match Hugging Face's.
// - min-p keeps the tokens whose probability is >= min_p * (the highest probability).
// - The draw: one uniform double u in [0, 1) per call, mapped through the inverse CDF of the kept
//   tokens taken in ascending id order (so the order is canonical however the candidates arrived).
//
// Determinism: the generator is std::mt19937_64, whose raw output the C++ standard fixes exactly;
// u is (raw >> 11) * 2^-53, integer operations and one exact conversion only. (No
// std::uniform_real_distribution: its algorithm differs between standard libraries.) Every call of
// sample() / sampleFromCandidates() consumes exactly one raw draw, greedy ones included, so the
// i-th token always uses the i-th draw whatever the parameters.
//
// Non-finite logits: NaN counts as -inf. Tokens at -inf have probability zero and are never drawn.
// If some tokens are +inf, they share all the mass equally. If no token is left with a non-zero
// probability (every logit NaN or -inf, or driven to -inf by penalties), the call returns the
// argmax of the raw logits (NaN as -inf, lowest id on ties; so the lowest id when all are -inf/NaN)
// and lastCallDegenerate() reports it, so the engine can surface "the model produced no usable
// logits" instead of silently emitting garbage.
#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

namespace facet::sampling {

struct SamplingParams {
    // Defaults: Gemma 4's generation_config.json on Hugging Face (temperature 1.0, top_k 64,
    // top_p 0.95); every penalty off.
    float temperature = 1.0f;  // 0 = greedy (argmax after penalties; top-k/p and min-p unused)
    int topK = 64;             // 0 = off (the whole vocabulary)
    float topP = 0.95f;        // (0, 1]; 1 = off
    float minP = 0.0f;         // [0, 1]; 0 = off
    float repetitionPenalty = 1.0f;  // > 0; 1 = off; > 1 discourages repeats
    float presencePenalty = 0.0f;    // finite; 0 = off
    float frequencyPenalty = 0.0f;   // finite; 0 = off
    int penaltyWindow = 64;          // last N tokens of the history are penalised; -1 = all
    uint64_t seed = 0;               // used when hasSeed; otherwise a seed from std::random_device
    bool hasSeed = false;

    // Empty when valid; otherwise every problem, "; "-separated, each naming the parameter the way
    // the APIs do (top_p, min_p, …) with the value, e.g. "top_p must be in (0, 1], got 1.5".
    QString validate() const;

    bool isGreedy() const { return temperature == 0.0f; }
};

// The penalties alone, applied in place exactly as sample() applies them before top-k (for tests,
// and for a GPU path that penalises on the device before its top-k). Tokens of the window outside
// [0, logits.size()) are ignored; a penalised NaN becomes -inf, untouched logits stay as they are.
void applyPenalties(const SamplingParams &params, std::span<float> logits,
                    std::span<const int32_t> history);

namespace detail {
struct PenaltyCount {
    int32_t id;
    int32_t count;  // occurrences in the penalty window
};
}  // namespace detail

struct TokenProb {
    int32_t id;
    double probability;
};

class Sampler {
public:
    // Throws std::invalid_argument carrying params.validate()'s message when params are invalid
    // (validate first to report errors to a user).
    explicit Sampler(SamplingParams params);

    // Non-throwing construction for user-supplied parameters: nullopt and *error set to
    // params.validate()'s message when they are invalid.
    static std::optional<Sampler> create(SamplingParams params, QString *error);

    // Samples from the full vocabulary: logits[i] is token i's logit; history is the context so far
    // (prompt and generated tokens, oldest first; ids outside [0, logits.size()) are ignored).
    // Returns -1 only for empty logits.
    int32_t sample(std::span<const float> logits, std::span<const int32_t> history);

    // Samples from a pre-selected candidate list (e.g. a top-k done on the GPU): ids[i] has logit
    // logits[i], in any order, ids distinct and >= 0. The candidates are the whole distribution:
    // top-k (when smaller than the list), top-p and min-p apply within them, penalties to those of
    // them in the history. Returns -1 when the list is empty or the spans' sizes differ; when no
    // candidate has a non-zero probability, the best raw candidate (lowest id on ties).
    //
    // Gives exactly the token sample() would give on the full logits (same draw) when the list
    // holds the top-k of the penalised logits, ties to lower ids included. That holds when
    // penalties can only lower logits (repetitionPenalty >= 1, presence and frequency >= 0) and
    // the list holds the candidatesNeeded() highest raw logits (lowest ids on ties): at most
    // `distinct penalised` candidates can fall, and the rest still beat every token outside.
    int32_t sampleFromCandidates(std::span<const int32_t> ids, std::span<const float> logits,
                                 std::span<const int32_t> history);

    // How many top raw candidates sampleFromCandidates() needs to match sample() exactly (see
    // above): topK + the number of distinct tokens in the penalty window (only topK when no
    // penalty is on). Returns 0 when topK is 0 (off: no finite list suffices).
    int candidatesNeeded(std::span<const int32_t> history) const;

    // The distribution sample() would draw from for these inputs: the kept tokens in ascending id
    // order with their probabilities (summing to 1; one token at 1 when greedy or degenerate).
    // Consumes no draw. For tests, and for showing token probabilities.
    std::vector<TokenProb> distribution(std::span<const float> logits,
                                        std::span<const int32_t> history);

    // Rewinds the generator to its seed: the same calls then give the same tokens again.
    void reset();

    const SamplingParams &params() const { return params_; }
    uint64_t seed() const { return seed_; }  // the effective seed (drawn when !params.hasSeed)
    // True when the last call found no token with non-zero probability (see the file comment).
    bool lastCallDegenerate() const { return degenerate_; }

    // The uniform draw in [0, 1) from one raw 64-bit output: the top 53 bits over 2^53. Public so
    // tests can pin the derivation.
    static double unitFromBits(uint64_t bits) {
        return static_cast<double>(bits >> 11) * 0x1.0p-53;
    }

private:
    struct Candidate {
        int32_t id;
        float logit;    // penalised
        double weight;  // unnormalised probability, once truncateAndWeigh() has run
    };
    // Each fills cands_ with the kept tokens (ascending ids, with their weights); false when no
    // token has a non-zero probability (fallback_ is then the token to return).
    bool prepare(std::span<const float> logits, std::span<const int32_t> history);
    bool prepareCandidates(std::span<const int32_t> ids, std::span<const float> logits,
                           std::span<const int32_t> history);
    void selectTopK(std::span<const float> values);
    // Temperature, softmax, top-p and min-p over cands_ (top-k applied; ascending ids; logits
    // above -inf; non-empty).
    void truncateAndWeigh();
    int32_t draw(double u) const;

    SamplingParams params_;
    uint64_t seed_ = 0;
    std::mt19937_64 rng_;
    bool degenerate_ = false;

    // Scratch reused across calls (no allocation per token once warm).
    std::vector<float> work_;
    std::vector<Candidate> cands_;
    std::vector<Candidate> sel_;                // top-p's selection copy
    std::vector<detail::PenaltyCount> counts_;  // sorted by id
    std::vector<int32_t> windowScratch_;
    int32_t fallback_ = -1;
};

}  // namespace facet::sampling
