// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "sampling/sampler.h"

#include <QStringList>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace facet::sampling {

namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
constexpr float kPosInf = std::numeric_limits<float>::infinity();

// Shortest text that reads back as the same float ("1.5", "0.95", "nan", "-inf").
QString floatText(float v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return QString::fromLatin1(buf, static_cast<int>(r.ptr - buf));
}

}  // namespace

QString SamplingParams::validate() const {
    QStringList errors;
    if (!(std::isfinite(temperature) && temperature >= 0.0f))
        errors << QStringLiteral("temperature must be a finite number >= 0 (0 = greedy), got %1")
                      .arg(floatText(temperature));
    if (topK < 0) errors << QStringLiteral("top_k must be >= 0 (0 = off), got %1").arg(topK);
    if (!(topP > 0.0f && topP <= 1.0f))
        errors << QStringLiteral("top_p must be in (0, 1], got %1").arg(floatText(topP));
    if (!(minP >= 0.0f && minP <= 1.0f))
        errors << QStringLiteral("min_p must be in [0, 1], got %1").arg(floatText(minP));
    if (!(std::isfinite(repetitionPenalty) && repetitionPenalty > 0.0f))
        errors << QStringLiteral("repetition_penalty must be a finite number > 0 (1 = off), got %1")
                      .arg(floatText(repetitionPenalty));
    if (!std::isfinite(presencePenalty))
        errors << QStringLiteral("presence_penalty must be a finite number, got %1")
                      .arg(floatText(presencePenalty));
    if (!std::isfinite(frequencyPenalty))
        errors << QStringLiteral("frequency_penalty must be a finite number, got %1")
                      .arg(floatText(frequencyPenalty));
    if (penaltyWindow < -1)
        errors << QStringLiteral("penalty_window must be >= -1 (-1 = the whole history), got %1")
                      .arg(penaltyWindow);
    return errors.join(QStringLiteral("; "));
}

std::optional<Sampler> Sampler::create(SamplingParams params, QString *error) {
    const QString problem = params.validate();
    if (!problem.isEmpty()) {
        if (error) *error = problem;
        return std::nullopt;
    }
    return Sampler(std::move(params));
}

Sampler::Sampler(SamplingParams params) : params_(params) {
    const QString error = params_.validate();
    if (!error.isEmpty()) throw std::invalid_argument(error.toStdString());
    if (params_.hasSeed) {
        seed_ = params_.seed;
    } else {
        std::random_device rd;
        seed_ = (static_cast<uint64_t>(rd()) << 32) ^ static_cast<uint64_t>(rd());
    }
    rng_.seed(seed_);
}

void Sampler::reset() {
    rng_.seed(seed_);
    degenerate_ = false;
}

namespace {

bool penaltiesActive(const SamplingParams &p) {
    return p.penaltyWindow != 0 &&
           (p.repetitionPenalty != 1.0f || p.presencePenalty != 0.0f || p.frequencyPenalty != 0.0f);
}

std::span<const int32_t> penaltyWindow(const SamplingParams &p, std::span<const int32_t> history) {
    if (p.penaltyWindow >= 0 && history.size() > static_cast<size_t>(p.penaltyWindow))
        return history.last(static_cast<size_t>(p.penaltyWindow));
    return history;
}

using detail::PenaltyCount;

// (id, occurrences) of the tokens in the penalty window, sorted by id; empty when no penalty is
// on. `scratch` is reused storage.
void countWindow(const SamplingParams &p, std::span<const int32_t> history,
                 std::vector<int32_t> &scratch, std::vector<PenaltyCount> &counts) {
    counts.clear();
    if (!penaltiesActive(p)) return;
    const std::span<const int32_t> window = penaltyWindow(p, history);
    scratch.assign(window.begin(), window.end());
    std::sort(scratch.begin(), scratch.end());
    for (size_t i = 0; i < scratch.size();) {
        size_t j = i;
        while (j < scratch.size() && scratch[j] == scratch[i])
            ++j;
        counts.push_back({scratch[i], static_cast<int32_t>(j - i)});
        i = j;
    }
}

// One token's logit after the penalties, `count` (> 0) being its occurrences in the window:
// repetition as Hugging Face, then presence and frequency as OpenAI.
float penalise(const SamplingParams &p, float logit, int32_t count) {
    if (std::isnan(logit)) return kNegInf;
    float l = logit;
    const float r = p.repetitionPenalty;
    if (r != 1.0f) l = l > 0.0f ? l / r : l * r;
    l = l - static_cast<float>(count) * p.frequencyPenalty - p.presencePenalty;
    return std::isnan(l) ? kNegInf : l;  // inf - inf when a penalty overflows
}

// Descending logit, then ascending id: a total order, so "the top k" is one well-defined set.
struct Better {
    template <typename C>
    bool operator()(const C &a, const C &b) const {
        return a.logit > b.logit || (a.logit == b.logit && a.id < b.id);
    }
};

struct ById {
    template <typename C>
    bool operator()(const C &a, const C &b) const {
        return a.id < b.id;
    }
};

}  // namespace

void applyPenalties(const SamplingParams &params, std::span<float> logits,
                    std::span<const int32_t> history) {
    std::vector<int32_t> scratch;
    std::vector<PenaltyCount> counts;
    countWindow(params, history, scratch, counts);
    for (const PenaltyCount &pc : counts) {
        if (pc.id >= 0 && static_cast<size_t>(pc.id) < logits.size())
            logits[static_cast<size_t>(pc.id)] =
                penalise(params, logits[static_cast<size_t>(pc.id)], pc.count);
    }
}

int Sampler::candidatesNeeded(std::span<const int32_t> history) const {
    if (params_.topK == 0) return 0;
    if (!penaltiesActive(params_)) return params_.topK;
    const std::span<const int32_t> window = penaltyWindow(params_, history);
    std::vector<int32_t> distinct(window.begin(), window.end());
    std::sort(distinct.begin(), distinct.end());
    const auto n = std::unique(distinct.begin(), distinct.end()) - distinct.begin();
    return static_cast<int>(
        std::min<int64_t>(params_.topK + static_cast<int64_t>(n), std::numeric_limits<int>::max()));
}

// cands_ = the top-k tokens of `values` by (logit desc, id asc), or every token with a logit above
// -inf when top-k is off or covers the vocabulary; in ascending id order either way. NaN never
// passes a `>` test, so it is excluded like -inf without a sanitising copy.
void Sampler::selectTopK(std::span<const float> values) {
    cands_.clear();
    const size_t n = values.size();
    const size_t k = static_cast<size_t>(params_.topK);
    if (k == 0 || k >= n) {
        for (size_t i = 0; i < n; ++i) {
            if (values[i] > kNegInf) cands_.push_back({static_cast<int32_t>(i), values[i], 0.0});
        }
        return;
    }
    // Linear scan with a buffer of at most 2k: whenever it fills, cut it to its best k and raise
    // the admission threshold to the k-th best logit. Later tokens have higher ids, so a later
    // token tying the threshold loses to it: strict `>` is exact.
    cands_.reserve(2 * k);
    float threshold = kNegInf;
    for (size_t i = 0; i < n; ++i) {
        const float v = values[i];
        if (!(v > threshold)) continue;
        cands_.push_back({static_cast<int32_t>(i), v, 0.0});
        if (cands_.size() == 2 * k) {
            std::nth_element(cands_.begin(), cands_.begin() + static_cast<ptrdiff_t>(k - 1),
                             cands_.end(), Better{});
            cands_.resize(k);
            threshold = cands_[k - 1].logit;
        }
    }
    if (cands_.size() > k) {
        std::nth_element(cands_.begin(), cands_.begin() + static_cast<ptrdiff_t>(k - 1),
                         cands_.end(), Better{});
        cands_.resize(k);
    }
    std::sort(cands_.begin(), cands_.end(), ById{});
}

namespace {

// Top-p masses are summed in 128-bit fixed point (weight * 2^63, weights being <= 1): integer sums
// do not depend on the order of the terms, so the kept set depends only on the candidates, whatever
// order a selection algorithm (which differs between standard libraries) leaves them in.
struct Mass {
    uint64_t hi = 0;
    uint64_t lo = 0;

    void add(uint64_t x) {
        lo += x;
        if (lo < x) ++hi;
    }
    double toDouble() const { return static_cast<double>(hi) * 0x1.0p64 + static_cast<double>(lo); }
};

uint64_t fixedPoint(double weight) {
    return static_cast<uint64_t>(weight * 0x1.0p63);  // exact: a power-of-two scale
}

}  // namespace

// cands_ in, kept tokens out, in ascending id order, each with its unnormalised probability.
void Sampler::truncateAndWeigh() {
    // +inf: those tokens share all the mass.
    const bool anyPosInf = std::any_of(cands_.begin(), cands_.end(),
                                       [](const Candidate &c) { return c.logit == kPosInf; });
    if (anyPosInf) {
        std::erase_if(cands_, [](const Candidate &c) { return c.logit != kPosInf; });
    }
    // Temperature and softmax (unnormalised): exp((logit - max) / T), so 1 for the top token (and
    // for every +inf one), never overflowing however small T is.
    float maxLogit = kNegInf;
    for (const Candidate &c : cands_)
        maxLogit = std::max(maxLogit, c.logit);
    const double t = params_.temperature;
    for (Candidate &c : cands_) {
        c.weight =
            anyPosInf
                ? 1.0
                : std::exp((static_cast<double>(c.logit) - static_cast<double>(maxLogit)) / t);
    }

    if (params_.topP < 1.0f && cands_.size() > 1) {
        // The smallest prefix by descending probability with mass >= p, found by a quickselect on
        // mass over a copy (expected linear time; no sort of the vocabulary when top-k is off):
        // halve the unresolved range [lo, hi) with nth_element until it is short, then sort only
        // that. The id-ordered cands_ is then filtered against the last kept token, keeping it in
        // id order without a sort.
        Mass total;
        for (const Candidate &c : cands_)
            total.add(fixedPoint(c.weight));
        const double target = static_cast<double>(params_.topP) * total.toDouble();
        sel_.assign(cands_.begin(), cands_.end());
        const auto at = [&](size_t i) { return sel_.begin() + static_cast<ptrdiff_t>(i); };
        size_t lo = 0;
        size_t hi = sel_.size();
        Mass before;  // mass of [0, lo), every token of which beats every token of [lo, hi)
        while (hi - lo > 64) {
            const size_t mid = lo + (hi - lo) / 2;
            std::nth_element(at(lo), at(mid), at(hi), Better{});
            Mass m = before;
            for (size_t i = lo; i < mid; ++i)
                m.add(fixedPoint(sel_[i].weight));
            if (m.toDouble() >= target) {
                hi = mid;  // the prefix ends inside [lo, mid)
            } else {
                before = m;
                lo = mid;
            }
        }
        std::sort(at(lo), at(hi), Better{});
        size_t last = hi - 1;  // rounding never reaching the target: keep the whole range
        for (size_t i = lo; i < hi; ++i) {
            before.add(fixedPoint(sel_[i].weight));
            if (before.toDouble() >= target) {
                last = i;
                break;
            }
        }
        const Candidate cut = sel_[last];
        std::erase_if(cands_, [&](const Candidate &c) { return Better{}(cut, c); });
    }

    if (params_.minP > 0.0f) {
        // The top token has weight 1, so p_i >= min_p * p_max is weight >= min_p; it always stays.
        const double minWeight = params_.minP;
        std::erase_if(cands_, [&](const Candidate &c) { return c.weight < minWeight; });
    }
}

// Inverse CDF over cands_ in ascending id order.
int32_t Sampler::draw(double u) const {
    double total = 0.0;
    for (const Candidate &c : cands_)
        total += c.weight;
    const double target = u * total;
    double cum = 0.0;
    for (const Candidate &c : cands_) {
        cum += c.weight;
        if (cum > target) return c.id;
    }
    // Rounding left the sum a hair short of the target: the last token with any weight.
    for (size_t i = cands_.size(); i-- > 0;) {
        if (cands_[i].weight > 0.0) return cands_[i].id;
    }
    return cands_.back().id;
}

bool Sampler::prepare(std::span<const float> logits, std::span<const int32_t> history) {
    const size_t n = logits.size();
    countWindow(params_, history, windowScratch_, counts_);
    std::span<const float> values = logits;
    if (!counts_.empty()) {
        // Penalised copy; only the window's tokens change.
        work_.assign(logits.begin(), logits.end());
        for (const detail::PenaltyCount &pc : counts_) {
            if (pc.id >= 0 && static_cast<size_t>(pc.id) < n)
                work_[static_cast<size_t>(pc.id)] =
                    penalise(params_, work_[static_cast<size_t>(pc.id)], pc.count);
        }
        values = work_;
    }

    if (params_.isGreedy()) {
        cands_.clear();
        float best = kNegInf;
        for (size_t i = 0; i < n; ++i) {
            if (values[i] > best) {
                best = values[i];
                cands_.assign(1, {static_cast<int32_t>(i), best, 1.0});
            }
        }
    } else {
        selectTopK(values);
        if (!cands_.empty()) truncateAndWeigh();
    }
    if (!cands_.empty()) return true;

    // Nothing with non-zero probability: argmax of the raw logits, NaN as -inf, lowest id on ties.
    fallback_ = 0;
    float best = kNegInf;
    for (size_t i = 0; i < n; ++i) {
        if (logits[i] > best) {
            best = logits[i];
            fallback_ = static_cast<int32_t>(i);
        }
    }
    return false;
}

bool Sampler::prepareCandidates(std::span<const int32_t> ids, std::span<const float> logits,
                                std::span<const int32_t> history) {
    countWindow(params_, history, windowScratch_, counts_);
    cands_.clear();
    for (size_t i = 0; i < ids.size(); ++i) {
        float v = std::isnan(logits[i]) ? kNegInf : logits[i];
        if (!counts_.empty()) {
            const auto it = std::lower_bound(
                counts_.begin(), counts_.end(), ids[i],
                [](const detail::PenaltyCount &pc, int32_t id) { return pc.id < id; });
            if (it != counts_.end() && it->id == ids[i]) v = penalise(params_, v, it->count);
        }
        if (v > kNegInf) cands_.push_back({ids[i], v, 0.0});
    }

    if (!cands_.empty()) {
        if (params_.isGreedy()) {
            const Candidate best = *std::min_element(cands_.begin(), cands_.end(), Better{});
            cands_.assign(1, {best.id, best.logit, 1.0});
            return true;
        }
        const size_t k = static_cast<size_t>(params_.topK);
        if (k > 0 && k < cands_.size()) {
            std::nth_element(cands_.begin(), cands_.begin() + static_cast<ptrdiff_t>(k - 1),
                             cands_.end(), Better{});
            cands_.resize(k);
        }
        std::sort(cands_.begin(), cands_.end(), ById{});
        truncateAndWeigh();
        return true;
    }

    size_t best = 0;
    for (size_t i = 1; i < ids.size(); ++i) {
        const float v = std::isnan(logits[i]) ? kNegInf : logits[i];
        const float b = std::isnan(logits[best]) ? kNegInf : logits[best];
        if (v > b || (v == b && ids[i] < ids[best])) best = i;
    }
    fallback_ = ids[best];
    return false;
}

int32_t Sampler::sample(std::span<const float> logits, std::span<const int32_t> history) {
    const double u = unitFromBits(rng_());
    degenerate_ = false;
    if (logits.empty()) return -1;
    if (prepare(logits, history)) return draw(u);
    degenerate_ = true;
    return fallback_;
}

int32_t Sampler::sampleFromCandidates(std::span<const int32_t> ids, std::span<const float> logits,
                                      std::span<const int32_t> history) {
    const double u = unitFromBits(rng_());
    degenerate_ = false;
    if (ids.empty() || ids.size() != logits.size()) return -1;
    if (prepareCandidates(ids, logits, history)) return draw(u);
    degenerate_ = true;
    return fallback_;
}

std::vector<TokenProb> Sampler::distribution(std::span<const float> logits,
                                             std::span<const int32_t> history) {
    degenerate_ = false;
    std::vector<TokenProb> out;
    if (logits.empty()) return out;
    if (!prepare(logits, history)) {
        degenerate_ = true;
        out.push_back({fallback_, 1.0});
        return out;
    }
    double total = 0.0;
    for (const Candidate &c : cands_)
        total += c.weight;
    out.reserve(cands_.size());
    for (const Candidate &c : cands_)
        out.push_back({c.id, c.weight / total});
    return out;
}

}  // namespace facet::sampling
