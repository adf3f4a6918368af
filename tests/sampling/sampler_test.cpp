// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Sampler: parameter validation, greedy, top-k / top-p / min-p truncation, the penalties' exact
// arithmetic, the candidate path against the full-vocabulary path, non-finite logits, seeded
// determinism (a golden sequence) and the empirical distribution of many draws.
#include "sampling/sampler.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

namespace facet::sampling {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

SamplingParams seeded(uint64_t seed) {
    SamplingParams p;
    p.hasSeed = true;
    p.seed = seed;
    return p;
}

// Plain penalties-free reference: sort, keep k, softmax(l / T), top-p prefix, min-p, renormalise.
// Written the obvious way (full sort, no shared code with the sampler).
std::vector<double> referenceDistribution(const SamplingParams &p,
                                          const std::vector<float> &logits) {
    std::vector<int> order;
    for (int i = 0; i < static_cast<int>(logits.size()); ++i) {
        if (std::isfinite(logits[i])) order.push_back(i);
    }
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return logits[a] > logits[b] || (logits[a] == logits[b] && a < b);
    });
    if (p.topK > 0 && order.size() > static_cast<size_t>(p.topK)) order.resize(p.topK);
    const double maxL = logits[order[0]];
    std::vector<double> prob(order.size());
    double sum = 0;
    for (size_t i = 0; i < order.size(); ++i) {
        prob[i] = std::exp((logits[order[i]] - maxL) / p.temperature);
        sum += prob[i];
    }
    for (double &x : prob)
        x /= sum;
    size_t keep = order.size();
    if (p.topP < 1.0f) {
        double cum = 0;
        for (size_t i = 0; i < order.size(); ++i) {
            cum += prob[i];
            if (cum >= p.topP) {
                keep = i + 1;
                break;
            }
        }
    }
    std::vector<double> out(logits.size(), 0.0);
    double kept = 0;
    for (size_t i = 0; i < keep; ++i) {
        if (prob[i] >= p.minP * prob[0]) {
            out[order[i]] = prob[i];
            kept += prob[i];
        }
    }
    for (double &x : out)
        x /= kept;
    return out;
}

std::vector<double> dense(const std::vector<TokenProb> &d, size_t vocab) {
    std::vector<double> out(vocab, 0.0);
    for (const TokenProb &t : d)
        out.at(static_cast<size_t>(t.id)) = t.probability;
    return out;
}

std::vector<int32_t> keptIds(const std::vector<TokenProb> &d) {
    std::vector<int32_t> ids;
    for (const TokenProb &t : d)
        ids.push_back(t.id);
    return ids;
}

std::vector<float> logsOf(const std::vector<double> &probs) {
    std::vector<float> l;
    for (double p : probs)
        l.push_back(static_cast<float>(std::log(p)));
    return l;
}

// --- parameters ---------------------------------------------------------------------------------

TEST(SamplingParams, DefaultsAreGemma4sAndValid) {
    const SamplingParams p;
    EXPECT_EQ(p.temperature, 1.0f);
    EXPECT_EQ(p.topK, 64);
    EXPECT_EQ(p.topP, 0.95f);
    EXPECT_EQ(p.minP, 0.0f);
    EXPECT_EQ(p.repetitionPenalty, 1.0f);
    EXPECT_EQ(p.presencePenalty, 0.0f);
    EXPECT_EQ(p.frequencyPenalty, 0.0f);
    EXPECT_EQ(p.penaltyWindow, 64);
    EXPECT_FALSE(p.hasSeed);
    EXPECT_EQ(p.validate(), QString());
}

TEST(SamplingParams, EdgesThatAreValid) {
    SamplingParams p;
    p.temperature = 0;
    p.topK = 0;
    p.topP = 1;
    p.minP = 1;
    p.repetitionPenalty = 0.5f;
    p.presencePenalty = -2;
    p.frequencyPenalty = 2;
    p.penaltyWindow = -1;
    EXPECT_EQ(p.validate(), QString());
    p.penaltyWindow = 0;
    p.topP = 1e-6f;
    EXPECT_EQ(p.validate(), QString());
}

TEST(SamplingParams, EachInvalidValueIsNamed) {
    const auto check = [](auto mutate, const char *message) {
        SamplingParams p;
        mutate(p);
        EXPECT_EQ(p.validate().toStdString(), message);
        EXPECT_THROW(Sampler{p}, std::invalid_argument);
    };
    check([](SamplingParams &p) { p.topP = 1.5f; }, "top_p must be in (0, 1], got 1.5");
    check([](SamplingParams &p) { p.topP = 0; }, "top_p must be in (0, 1], got 0");
    check([](SamplingParams &p) { p.topP = kNaN; }, "top_p must be in (0, 1], got nan");
    check([](SamplingParams &p) { p.temperature = -0.5f; },
          "temperature must be a finite number >= 0 (0 = greedy), got -0.5");
    check([](SamplingParams &p) { p.temperature = kInf; },
          "temperature must be a finite number >= 0 (0 = greedy), got inf");
    check([](SamplingParams &p) { p.topK = -1; }, "top_k must be >= 0 (0 = off), got -1");
    check([](SamplingParams &p) { p.minP = 1.25f; }, "min_p must be in [0, 1], got 1.25");
    check([](SamplingParams &p) { p.minP = -0.1f; }, "min_p must be in [0, 1], got -0.1");
    check([](SamplingParams &p) { p.repetitionPenalty = 0; },
          "repetition_penalty must be a finite number > 0 (1 = off), got 0");
    check([](SamplingParams &p) { p.presencePenalty = -kInf; },
          "presence_penalty must be a finite number, got -inf");
    check([](SamplingParams &p) { p.frequencyPenalty = kNaN; },
          "frequency_penalty must be a finite number, got nan");
    check([](SamplingParams &p) { p.penaltyWindow = -2; },
          "penalty_window must be >= -1 (-1 = the whole history), got -2");
}

TEST(SamplingParams, AllProblemsAreListed) {
    SamplingParams p;
    p.topP = 2;
    p.topK = -3;
    EXPECT_EQ(p.validate().toStdString(),
              "top_k must be >= 0 (0 = off), got -3; top_p must be in (0, 1], got 2");
    try {
        Sampler s(p);
        FAIL() << "no exception";
    } catch (const std::invalid_argument &e) {
        EXPECT_EQ(std::string(e.what()), p.validate().toStdString());
    }
}

// --- greedy and top-k ---------------------------------------------------------------------------

TEST(Sampler, GreedyIsArgmaxWithLowestIdOnTies) {
    auto rng = facet::test::seededRng();
    std::normal_distribution<float> normal(0.0f, 3.0f);
    SamplingParams p = seeded(1);
    p.temperature = 0;
    Sampler s(p);
    for (int round = 0; round < 200; ++round) {
        std::vector<float> logits(1000);
        for (float &l : logits)
            l = std::round(normal(rng));  // integers: ties are common
        const auto expected = std::max_element(logits.begin(), logits.end()) - logits.begin();
        ASSERT_EQ(s.sample(logits, {}), expected);
    }
    const std::vector<float> ties = {1, 5, 5, 2};
    EXPECT_EQ(s.sample(ties, {}), 1);
    const std::vector<int32_t> ids = {7, 3, 9, 4};
    EXPECT_EQ(s.sampleFromCandidates(ids, ties, {}), 3);
    EXPECT_EQ(s.distribution(ties, {}).size(), 1u);
    EXPECT_EQ(s.distribution(ties, {})[0].id, 1);
    EXPECT_EQ(s.distribution(ties, {})[0].probability, 1.0);
}

TEST(Sampler, TopKOneIsGreedy) {
    auto rng = facet::test::seededRng();
    std::normal_distribution<float> normal(0.0f, 2.0f);
    SamplingParams p = seeded(2);
    p.topK = 1;
    p.temperature = 1.7f;
    p.topP = 0.5f;
    p.minP = 0.2f;
    Sampler s(p);
    std::vector<float> logits(5000);
    std::vector<int32_t> ids(logits.size());
    std::iota(ids.begin(), ids.end(), 0);
    for (int round = 0; round < 100; ++round) {
        for (float &l : logits)
            l = std::round(normal(rng) * 4) / 4;
        const auto argmax = std::max_element(logits.begin(), logits.end()) - logits.begin();
        ASSERT_EQ(s.sample(logits, {}), argmax);
        ASSERT_EQ(s.sampleFromCandidates(ids, logits, {}), argmax);
    }
}

TEST(Sampler, TopKKeepsTheKHighestLowerIdsWinningTies) {
    SamplingParams p = seeded(3);
    p.topK = 3;
    p.topP = 1;
    Sampler s(p);
    const std::vector<float> logits = {0.5f, 2, 1, 2, 1, 1, -3};
    const auto d = s.distribution(logits, {});
    EXPECT_EQ(keptIds(d), (std::vector<int32_t>{1, 2, 3}));  // 2, 2, then the first 1
    const double e = std::exp(-1.0);
    EXPECT_NEAR(d[0].probability, 1 / (2 + e), 1e-15);
    EXPECT_NEAR(d[1].probability, e / (2 + e), 1e-15);
    EXPECT_NEAR(d[2].probability, 1 / (2 + e), 1e-15);
}

// --- top-p and min-p ----------------------------------------------------------------------------

TEST(Sampler, TopPKeepsTheSmallestPrefixWithMassAtLeastP) {
    // Token probabilities by id: 0.3, 0.05, 0.15, 0.5.
    const std::vector<float> logits = logsOf({0.3, 0.05, 0.15, 0.5});
    const auto kept = [&](float topP, float temperature) {
        SamplingParams p = seeded(4);
        p.topK = 0;
        p.topP = topP;
        p.temperature = temperature;
        Sampler s(p);
        return s.distribution(logits, {});
    };
    EXPECT_EQ(keptIds(kept(0.4f, 1)), (std::vector<int32_t>{3}));
    EXPECT_EQ(keptIds(kept(0.75f, 1)), (std::vector<int32_t>{0, 3}));
    EXPECT_EQ(keptIds(kept(0.85f, 1)), (std::vector<int32_t>{0, 2, 3}));
    EXPECT_EQ(keptIds(kept(0.96f, 1)), (std::vector<int32_t>{0, 1, 2, 3}));
    EXPECT_EQ(keptIds(kept(1.0f, 1)), (std::vector<int32_t>{0, 1, 2, 3}));
    const auto d = kept(0.75f, 1);
    EXPECT_NEAR(d[0].probability, 0.3 / 0.8, 1e-7);
    EXPECT_NEAR(d[1].probability, 0.5 / 0.8, 1e-7);
    // Temperature comes first: at T = 2 the probabilities are ∝ sqrt(p) (0.379, 0.294, 0.208,
    // 0.120 in descending order), so 0.75 needs three tokens.
    EXPECT_EQ(keptIds(kept(0.75f, 2)), (std::vector<int32_t>{0, 2, 3}));
}

TEST(Sampler, TopPWithoutTopKOverALargeVocabularyMatchesAFullSort) {
    auto rng = facet::test::seededRng();
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (bool ties : {false, true}) {
        std::vector<float> logits(100000);
        for (float &l : logits)
            l = ties ? std::round(normal(rng) * 4) / 4 : normal(rng);  // quarters: many ties
        for (size_t i = 0; i < 3000; ++i)  // a head of 3000 tokens holding ~97% of the mass
            logits[i * 33] += 8;
        for (float topP : {0.3f, 0.9f, 0.99f}) {
            SCOPED_TRACE(testing::Message() << "top_p " << topP << " ties " << ties);
            SamplingParams p = seeded(5);
            p.topK = 0;
            p.topP = topP;
            p.minP = 0;
            Sampler s(p);
            const auto d = s.distribution(logits, {});
            const auto expected = referenceDistribution(p, logits);
            const auto got = dense(d, logits.size());
            size_t expectedKept = 0;
            for (size_t i = 0; i < logits.size(); ++i) {
                expectedKept += expected[i] > 0;
                ASSERT_NEAR(got[i], expected[i], 1e-12) << "token " << i;
            }
            EXPECT_EQ(d.size(), expectedKept);
            // The selection has to go well past its final sorted stretch (64 tokens).
            EXPECT_GT(d.size(), 100u);
        }
    }
}

TEST(Sampler, MinPKeepsTokensAtLeastMinPTimesTheTopProbability) {
    const std::vector<float> logits = logsOf({0.0625, 0.5, 0.125, 0.25, 0.0625});
    const auto kept = [&](float minP, float temperature) {
        SamplingParams p = seeded(6);
        p.topK = 0;
        p.topP = 1;
        p.minP = minP;
        p.temperature = temperature;
        Sampler s(p);
        return s.distribution(logits, {});
    };
    EXPECT_EQ(keptIds(kept(0.3f, 1)), (std::vector<int32_t>{1, 3}));
    EXPECT_EQ(keptIds(kept(0.2f, 1)), (std::vector<int32_t>{1, 2, 3}));
    EXPECT_EQ(keptIds(kept(0.1f, 1)), (std::vector<int32_t>{0, 1, 2, 3, 4}));
    EXPECT_EQ(keptIds(kept(1.0f, 1)), (std::vector<int32_t>{1}));
    const auto d = kept(0.2f, 1);
    EXPECT_NEAR(d[0].probability, 4.0 / 7, 1e-7);
    EXPECT_NEAR(d[1].probability, 1.0 / 7, 1e-7);
    EXPECT_NEAR(d[2].probability, 2.0 / 7, 1e-7);
    // After temperature: at T = 2 the ratios to the top are 0.354, 0.5, 0.707, 0.354.
    EXPECT_EQ(keptIds(kept(0.3f, 2)), (std::vector<int32_t>{0, 1, 2, 3, 4}));
    EXPECT_EQ(keptIds(kept(0.4f, 2)), (std::vector<int32_t>{1, 2, 3}));
}

// --- penalties ----------------------------------------------------------------------------------

// Logits by id: 2, -1, 0.5, 3, 0; history: token 0 twice, token 1 once, token 3 three times, and
// ids out of range. All values below are exact in binary floating point.
const std::vector<float> kPenaltyLogits = {2.0f, -1.0f, 0.5f, 3.0f, 0.0f};
const std::vector<int32_t> kPenaltyHistory = {0, 1, 9, 0, 3, -4, 3, 3};

std::vector<float> penalisedBy(const SamplingParams &p,
                               const std::vector<int32_t> &history = kPenaltyHistory) {
    std::vector<float> l = kPenaltyLogits;
    applyPenalties(p, l, history);
    return l;
}

TEST(Penalties, RepetitionDividesPositiveAndMultipliesNegativeLogits) {
    SamplingParams p;
    p.penaltyWindow = -1;
    p.repetitionPenalty = 2.0f;
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{1.0f, -2.0f, 0.5f, 1.5f, 0.0f}));
    p.repetitionPenalty = 0.5f;  // < 1 encourages repeats
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{4.0f, -0.5f, 0.5f, 6.0f, 0.0f}));
    // Once per distinct token, not once per occurrence.
    p.repetitionPenalty = 2.0f;
    EXPECT_EQ(penalisedBy(p, {3, 3, 3, 3})[3], 1.5f);
    // A zero logit stays zero.
    EXPECT_EQ(penalisedBy(p, {4})[4], 0.0f);
}

TEST(Penalties, PresenceAndFrequencyAsOpenAI) {
    SamplingParams p;
    p.penaltyWindow = -1;
    p.presencePenalty = 0.5f;
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{1.5f, -1.5f, 0.5f, 2.5f, 0.0f}));
    p.presencePenalty = 0;
    p.frequencyPenalty = 0.25f;  // times the count: 2, 1, -, 3
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{1.5f, -1.25f, 0.5f, 2.25f, 0.0f}));
    p.presencePenalty = 0.5f;
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{1.0f, -1.75f, 0.5f, 1.75f, 0.0f}));
    p.presencePenalty = -1.0f;  // negative values reward the tokens
    p.frequencyPenalty = 0;
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{3.0f, 0.0f, 0.5f, 4.0f, 0.0f}));
}

TEST(Penalties, RepetitionComesBeforePresenceAndFrequency) {
    SamplingParams p;
    p.penaltyWindow = -1;
    p.repetitionPenalty = 2.0f;
    p.presencePenalty = 0.5f;
    p.frequencyPenalty = 0.25f;
    // 0: 2/2 - 0.5 - 0.5; 1: -1*2 - 0.25 - 0.5; 3: 3/2 - 0.75 - 0.5.
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{0.0f, -2.75f, 0.5f, 0.25f, 0.0f}));
}

TEST(Penalties, OnlyTheWindowCounts) {
    SamplingParams p;
    p.frequencyPenalty = 1.0f;
    p.penaltyWindow = 3;  // {-4, 3, 3}
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{2.0f, -1.0f, 0.5f, 1.0f, 0.0f}));
    p.penaltyWindow = 5;  // {0, 3, -4, 3, 3}
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{1.0f, -1.0f, 0.5f, 0.0f, 0.0f}));
    p.penaltyWindow = 0;
    EXPECT_EQ(penalisedBy(p), kPenaltyLogits);
    p.penaltyWindow = 100;  // longer than the history: all of it
    EXPECT_EQ(penalisedBy(p), (std::vector<float>{0.0f, -2.0f, 0.5f, 0.0f, 0.0f}));
}

TEST(Penalties, ChangeWhatTheSamplerPicks) {
    SamplingParams p = seeded(7);
    p.temperature = 0;
    p.repetitionPenalty = 2.0f;
    Sampler s(p);
    const std::vector<float> logits = {3.0f, 2.0f, -1.0f};
    const std::vector<int32_t> ids = {0, 1, 2};
    EXPECT_EQ(s.sample(logits, {}), 0);
    EXPECT_EQ(s.sample(logits, std::vector<int32_t>{0}), 1);  // 3 / 2 = 1.5 < 2
    EXPECT_EQ(s.sampleFromCandidates(ids, logits, std::vector<int32_t>{0}), 1);
    EXPECT_EQ(s.sample(logits, std::vector<int32_t>{0, 1}), 0);  // 1.5 vs 1
    // The distribution sees the penalised logits: softmax of {1.5, 1, -2}.
    SamplingParams q = seeded(7);
    q.repetitionPenalty = 2.0f;
    q.topP = 1;
    Sampler t(q);
    const auto d = t.distribution(logits, std::vector<int32_t>{0, 1, 2});
    const double z = std::exp(1.5) + std::exp(1.0) + std::exp(-2.0);
    ASSERT_EQ(d.size(), 3u);
    EXPECT_NEAR(d[0].probability, std::exp(1.5) / z, 1e-7);
    EXPECT_NEAR(d[1].probability, std::exp(1.0) / z, 1e-7);
    EXPECT_NEAR(d[2].probability, std::exp(-2.0) / z, 1e-7);
}

// --- candidates == full vocabulary --------------------------------------------------------------

TEST(Sampler, CandidatePathGivesTheFullPathsTokens) {
    auto rng = facet::test::seededRng();
    const size_t vocab = 20000;
    std::normal_distribution<float> normal(0.0f, 2.5f);
    struct Config {
        float temperature, topP, minP, repetition, presence, frequency;
        int topK, window;
    };
    const std::vector<Config> configs = {
        {1.0f, 0.95f, 0.0f, 1.0f, 0.0f, 0.0f, 64, 64},  // Gemma 4 defaults
        {0.7f, 1.0f, 0.0f, 1.0f, 0.0f, 0.0f, 40, 64},
        {1.5f, 0.8f, 0.05f, 1.3f, 0.0f, 0.0f, 64, 32},
        {1.0f, 0.95f, 0.02f, 1.1f, 0.4f, 0.3f, 20, -1},
        {0.3f, 0.5f, 0.1f, 1.0f, 1.0f, 0.0f, 8, 16},
        {2.0f, 1.0f, 0.0f, 1.0f, 0.0f, 0.7f, 128, 64},
        {0.0f, 1.0f, 0.0f, 1.5f, 0.2f, 0.2f, 64, 64},  // greedy
    };
    std::vector<float> logits(vocab);
    std::vector<int32_t> order(vocab);
    for (const Config &c : configs) {
        SamplingParams p = seeded(rng());
        p.temperature = c.temperature;
        p.topK = c.topK;
        p.topP = c.topP;
        p.minP = c.minP;
        p.repetitionPenalty = c.repetition;
        p.presencePenalty = c.presence;
        p.frequencyPenalty = c.frequency;
        p.penaltyWindow = c.window;
        Sampler full(p);
        Sampler cand(p);
        std::vector<int32_t> history;
        for (int step = 0; step < 150; ++step) {
            // Eighths: many exact ties, which both paths must break the same way.
            for (float &l : logits)
                l = std::round(normal(rng) * 8) / 8;
            for (int i = 0; i < 5; ++i) {
                logits[rng() % vocab] = kNaN;
                logits[rng() % vocab] = -kInf;
            }
            // Recent tokens come back near the top, so penalties reorder the head.
            for (size_t i = history.size() > 20 ? history.size() - 20 : 0; i < history.size(); ++i)
                logits[static_cast<size_t>(history[i])] += 6;
            const int32_t a = full.sample(logits, history);

            // The device's top-C: raw logits, NaN as -inf, lower ids first on ties.
            std::iota(order.begin(), order.end(), 0);
            const auto key = [&](int32_t i) {
                return std::isnan(logits[i]) ? -kInf : logits[static_cast<size_t>(i)];
            };
            const size_t needed = static_cast<size_t>(cand.candidatesNeeded(history)) + rng() % 8;
            std::partial_sort(order.begin(), order.begin() + static_cast<ptrdiff_t>(needed),
                              order.end(), [&](int32_t x, int32_t y) {
                                  return key(x) > key(y) || (key(x) == key(y) && x < y);
                              });
            std::vector<int32_t> ids(order.begin(), order.begin() + static_cast<ptrdiff_t>(needed));
            std::shuffle(ids.begin(), ids.end(), rng);
            std::vector<float> candLogits;
            for (int32_t id : ids)
                candLogits.push_back(logits[static_cast<size_t>(id)]);
            const int32_t b = cand.sampleFromCandidates(ids, candLogits, history);
            ASSERT_EQ(a, b) << "step " << step << " top_k " << c.topK << " T " << c.temperature;
            history.push_back(a);
        }
    }
}

// --- non-finite logits --------------------------------------------------------------------------

TEST(Sampler, NaNAndMinusInfinityAreNeverDrawn) {
    SamplingParams p = seeded(8);
    p.topK = 0;
    p.topP = 1;
    p.temperature = 5;  // flat: every finite token is likely
    Sampler s(p);
    const std::vector<float> logits = {kNaN, 0.0f, -kInf, 1.0f, kNaN, -1.0f, -kInf};
    std::map<int32_t, int> seen;
    for (int i = 0; i < 3000; ++i)
        ++seen[s.sample(logits, {})];
    EXPECT_EQ(seen.size(), 3u);
    EXPECT_GT(seen[1], 0);
    EXPECT_GT(seen[3], 0);
    EXPECT_GT(seen[5], 0);
    EXPECT_FALSE(s.lastCallDegenerate());

    SamplingParams g = seeded(8);
    g.temperature = 0;
    Sampler greedy(g);
    EXPECT_EQ(greedy.sample(logits, {}), 3);
}

TEST(Sampler, PlusInfinityTokensShareAllTheMass) {
    SamplingParams p = seeded(9);
    p.topP = 0.99f;
    Sampler s(p);
    const std::vector<float> logits = {1e30f, kInf, 5.0f, kNaN, kInf};
    const auto d = s.distribution(logits, {});
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0].id, 1);
    EXPECT_EQ(d[1].id, 4);
    EXPECT_EQ(d[0].probability, 0.5);
    int ones = 0;
    for (int i = 0; i < 2000; ++i) {
        const int32_t t = s.sample(logits, {});
        ASSERT_TRUE(t == 1 || t == 4);
        ones += t == 1;
    }
    EXPECT_GT(ones, 850);
    EXPECT_LT(ones, 1150);
}

TEST(Sampler, NoUsableLogitsFallsBackToTheRawArgmax) {
    SamplingParams p = seeded(10);
    Sampler s(p);
    EXPECT_EQ(s.sample(std::vector<float>{kNaN, -kInf, kNaN}, {}), 0);
    EXPECT_TRUE(s.lastCallDegenerate());
    EXPECT_EQ(s.sample(std::vector<float>{-kInf, -kInf}, {}), 0);
    EXPECT_TRUE(s.lastCallDegenerate());
    EXPECT_EQ(s.sample(std::vector<float>{-kInf, 2.0f}, {}), 1);
    EXPECT_FALSE(s.lastCallDegenerate());

    // Penalties overflowing to -inf: the unpenalised argmax.
    SamplingParams q = seeded(10);
    q.frequencyPenalty = 3e38f;
    Sampler t(q);
    const std::vector<float> logits = {-kInf, 5.0f, kNaN, 4.0f};
    const std::vector<int32_t> history = {1, 1, 3, 3};
    EXPECT_EQ(t.sample(logits, history), 1);
    EXPECT_TRUE(t.lastCallDegenerate());
    const auto d = t.distribution(logits, history);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].id, 1);
    EXPECT_TRUE(t.lastCallDegenerate());
    // Candidates: the best raw candidate, else the lowest id.
    const std::vector<int32_t> ids = {9, 1, 7, 3};  // penalised 5 and 4; NaN; -inf
    EXPECT_EQ(t.sampleFromCandidates(ids, std::vector<float>{-kInf, 5.0f, kNaN, 4.0f}, history), 1);
    EXPECT_TRUE(t.lastCallDegenerate());
    EXPECT_EQ(t.sampleFromCandidates(ids, std::vector<float>{kNaN, kNaN, -kInf, kNaN}, {}), 1);
    EXPECT_TRUE(t.lastCallDegenerate());
    // Greedy too.
    q.temperature = 0;
    Sampler g(q);
    EXPECT_EQ(g.sample(logits, history), 1);
    EXPECT_TRUE(g.lastCallDegenerate());
}

TEST(Sampler, EmptyOrMismatchedInputReturnsMinusOne) {
    Sampler s(seeded(11));
    EXPECT_EQ(s.sample({}, {}), -1);
    EXPECT_EQ(s.sampleFromCandidates({}, {}, {}), -1);
    EXPECT_EQ(s.sampleFromCandidates(std::vector<int32_t>{1, 2}, std::vector<float>{1}, {}), -1);
    EXPECT_TRUE(s.distribution({}, {}).empty());
}

// --- determinism --------------------------------------------------------------------------------

std::vector<int32_t> drawSequence(Sampler &s, const std::vector<float> &logits, int n) {
    std::vector<int32_t> out;
    for (int i = 0; i < n; ++i)
        out.push_back(s.sample(logits, {}));
    return out;
}

std::vector<float> flatLogits(size_t n) {
    std::vector<float> l(n);
    for (size_t i = 0; i < n; ++i)
        l[i] = static_cast<float>(std::sin(static_cast<double>(i) * 1.7));
    return l;
}

TEST(Sampler, SameSeedSameSequenceDifferentSeedDifferentSequence) {
    const std::vector<float> logits = flatLogits(50);
    Sampler a(seeded(1234)), b(seeded(1234)), c(seeded(1235));
    const auto sa = drawSequence(a, logits, 1000);
    EXPECT_EQ(sa, drawSequence(b, logits, 1000));
    const auto sc = drawSequence(c, logits, 1000);
    int differ = 0;
    for (size_t i = 0; i < sa.size(); ++i)
        differ += sa[i] != sc[i];
    EXPECT_GT(differ, 800);
    a.reset();
    EXPECT_EQ(a.seed(), 1234u);
    EXPECT_EQ(drawSequence(a, logits, 1000), sa);
    // Without a seed, each sampler gets its own (and keeps it for reset()).
    Sampler u1{SamplingParams{}}, u2{SamplingParams{}};
    EXPECT_NE(u1.seed(), u2.seed());
    const auto s1 = drawSequence(u1, logits, 200);
    u1.reset();
    EXPECT_EQ(drawSequence(u1, logits, 200), s1);
}

TEST(Sampler, EveryCallConsumesExactlyOneDraw) {
    const std::vector<float> logits = flatLogits(50);
    Sampler a(seeded(99)), b(seeded(99));
    a.sample(logits, {});
    b.sample(std::vector<float>{kNaN, kNaN}, {});           // degenerate
    EXPECT_EQ(a.sample(logits, {}), b.sample(logits, {}));  // still in step
    a.sample(logits, {});
    b.sampleFromCandidates({}, {}, {});  // invalid input
    b.distribution(logits, {});          // consumes nothing
    EXPECT_EQ(drawSequence(a, logits, 100), drawSequence(b, logits, 100));
}

TEST(Sampler, UniformDrawDerivation) {
    // mt19937_64's output is fixed by the standard: its 10000th value from the default seed.
    std::mt19937_64 mt;
    mt.discard(9999);
    EXPECT_EQ(mt(), 9981545732273789042ull);
    EXPECT_EQ(Sampler::unitFromBits(0), 0.0);
    EXPECT_EQ(Sampler::unitFromBits(2047), 0.0);
    EXPECT_EQ(Sampler::unitFromBits(2048), 0x1.0p-53);
    EXPECT_EQ(Sampler::unitFromBits(1ull << 63), 0.5);
    EXPECT_EQ(Sampler::unitFromBits(~0ull), 1.0 - 0x1.0p-53);
}

// Recorded once; any change means sequences from a saved seed no longer replay.
TEST(Sampler, GoldenSequence) {
    SamplingParams p = seeded(0x5EED);
    p.temperature = 0.8f;
    p.topK = 8;
    p.topP = 0.9f;
    p.minP = 0.02f;
    Sampler s(p);
    const std::vector<float> logits = {0.5f,  1.25f, -0.75f, 2.0f,  1.5f,  0.0f,  -2.0f,  1.0f,
                                       2.25f, -1.0f, 0.75f,  1.75f, 0.25f, -0.5f, 1.125f, 3.0f};
    const std::vector<int32_t> expected = {15, 8,  4, 15, 11, 15, 8, 11, 15, 15, 8,
                                           11, 11, 4, 1,  15, 15, 4, 3,  15, 15, 3,
                                           3,  1,  8, 8,  1,  8,  8, 3,  3,  15};
    const auto got = drawSequence(s, logits, 32);
    EXPECT_EQ(got, expected) << ::testing::PrintToString(got);
}

// --- the draws follow the distribution -------------------------------------------------------

// Upper critical value of chi-square with `df` degrees of freedom at significance 1e-4
// (Wilson-Hilferty; z = 3.719).
double chiSquareCritical(int df) {
    const double a = 2.0 / (9.0 * df);
    return df * std::pow(1 - a + 3.719 * std::sqrt(a), 3);
}

TEST(Sampler, EmpiricalDistributionMatchesTheTruncatedSoftmax) {
    const std::vector<float> logits = {1.0f, 2.5f,  0.3f, -0.7f, 2.0f,
                                       1.7f, -2.0f, 0.9f, 3.0f,  1.1f};
    struct Config {
        float temperature, topP, minP;
        int topK;
    };
    const std::vector<Config> configs = {
        {1.0f, 1.0f, 0.0f, 0},  {0.7f, 1.0f, 0.0f, 6},  {1.3f, 0.8f, 0.0f, 0},
        {1.0f, 0.95f, 0.1f, 8}, {2.0f, 0.9f, 0.05f, 5}, {0.5f, 0.95f, 0.0f, 64},
        {1.0f, 1.0f, 0.25f, 0},
    };
    const int draws = 100000;
    // Bound on |observed - expected| frequency: 5 standard deviations of a proportion at its
    // widest (p = 0.5): 5 * 0.5 / sqrt(draws) = 0.0079.
    const double maxDeviation = 5 * 0.5 / std::sqrt(static_cast<double>(draws));
    for (const Config &c : configs) {
        SamplingParams p = seeded(0xD157);  // fixed: the test is deterministic
        p.temperature = c.temperature;
        p.topK = c.topK;
        p.topP = c.topP;
        p.minP = c.minP;
        Sampler s(p);
        const auto expected = referenceDistribution(p, logits);
        const auto exact = dense(s.distribution(logits, {}), logits.size());
        std::vector<int> counts(logits.size(), 0);
        for (int i = 0; i < draws; ++i)
            ++counts.at(static_cast<size_t>(s.sample(logits, {})));
        double chi2 = 0;
        int kept = 0;
        for (size_t t = 0; t < logits.size(); ++t) {
            SCOPED_TRACE(testing::Message()
                         << "T " << c.temperature << " top_k " << c.topK << " top_p " << c.topP
                         << " min_p " << c.minP << " token " << t);
            EXPECT_NEAR(exact[t], expected[t], 1e-12);
            if (expected[t] == 0) {
                EXPECT_EQ(counts[t], 0);  // truncated away: never drawn
                continue;
            }
            ++kept;
            const double observed = static_cast<double>(counts[t]) / draws;
            EXPECT_NEAR(observed, expected[t], maxDeviation);
            const double e = expected[t] * draws;
            chi2 += (counts[t] - e) * (counts[t] - e) / e;
        }
        if (kept > 1) {
            EXPECT_LT(chi2, chiSquareCritical(kept - 1)) << "kept " << kept;
        }
    }
}

// --- the real vocabulary size
// ---------------------------------------------------------------------

TEST(Sampler, FullGemmaVocabulary) {
    auto rng = facet::test::seededRng();
    std::normal_distribution<float> normal(0.0f, 3.0f);
    std::vector<float> logits(262144);
    for (float &l : logits)
        l = normal(rng);
    std::vector<int32_t> history;
    for (int i = 0; i < 64; ++i)
        history.push_back(static_cast<int32_t>(rng() % logits.size()));
    SamplingParams p = seeded(rng());
    p.repetitionPenalty = 1.1f;
    Sampler s(p);
    const auto start = std::chrono::steady_clock::now();
    const int steps = 50;
    for (int i = 0; i < steps; ++i) {
        const int32_t t = s.sample(logits, history);
        // Only tokens among the 64 highest penalised logits can come out.
        std::vector<float> pen = logits;
        applyPenalties(p, pen, history);
        const float tokenLogit = pen[static_cast<size_t>(t)];
        const auto higher =
            std::count_if(pen.begin(), pen.end(), [&](float l) { return l > tokenLogit; });
        ASSERT_LT(higher, 64);
    }
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    RecordProperty("ms_per_token_incl_check", std::to_string(ms / steps));
    // Without top-k (top-p 1, min-p 0): every finite token stays; no sort needed.
    SamplingParams q = seeded(1);
    q.topK = 0;
    q.topP = 1;
    Sampler all(q);
    EXPECT_EQ(all.distribution(logits, {}).size(), logits.size());
    const int32_t t = all.sample(logits, {});
    EXPECT_GE(t, 0);
    EXPECT_LT(t, static_cast<int32_t>(logits.size()));
}

}  // namespace
}  // namespace facet::sampling

namespace {

TEST(SamplerCreate, RejectsInvalidParamsWithoutThrowing) {
    facet::sampling::SamplingParams bad;
    bad.topP = 1.5f;
    QString error;
    EXPECT_FALSE(facet::sampling::Sampler::create(bad, &error).has_value());
    EXPECT_TRUE(error.contains(QStringLiteral("top_p"))) << error.toStdString();

    facet::sampling::SamplingParams greedy;
    greedy.temperature = 0.0f;
    error.clear();
    auto sampler = facet::sampling::Sampler::create(greedy, &error);
    ASSERT_TRUE(sampler.has_value()) << error.toStdString();
    const std::vector<float> logits{0.5f, 2.0f, -1.0f};
    EXPECT_EQ(sampler->sample(logits, {}), 1);
}

}  // namespace
