// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The CPU training oracle on the tiny fixture: its forward is the reference model's, a fresh
// adapter (B = 0) changes nothing, and its LoRA gradients match central differences of its own
// forward along random directions, for every kind of projection (K and V of the KV donors carry
// the gradients of the layers that share their cache), with and without dropout.
//
// Check, per direction δ (on the factors of one projection kind, or on all at once), with
// g the analytic gradient and t(s) = L(θ + sδ) − L(θ − sδ) = 2s⟨g, δ⟩ + s³·b/3 + O(s⁵):
//   D_ana = 2⟨g, δ⟩,  D_fd = (8·t(½) − t(1)) / 3  (Richardson: the cubic term cancels);
//   |D_fd − D_ana| <= 5e-3·|D_ana| + 1.5e-5.
// δ = c·(u + ½|u| ⊙ sign g), u uniform in [−1, 1] per factor element (the sign term keeps ⟨g, δ⟩
// from vanishing by accident), c chosen so that D_ana = 2e-2: the loss moves by far more than
// the float32 forward's rounding (about 1e-6 per evaluation of a loss near ln(512); four
// evaluations weighted (8 + 8 + 1 + 1) / 3, the absolute term), and little enough for the
// fifth-order term. The random adapter bends the loss strongly (plain central differences are
// off by 1–30 % at such steps); with Richardson's step the measured error is 1e-5 .. 2e-3
// relative. A wrong backward path (a missing donor gradient, a transposed factor, dropout masks
// that differ between passes) is off by far more.
#include "train/reference_trainer.h"

#include "gguf/gguf.h"
#include "model/reference_backward.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"
#include "train/dataset.h"
#include "train/dropout_mask.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <tuple>

namespace facet::train {
namespace {

struct Fixture {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<model::ReferenceModel> model;
    std::unique_ptr<tokenizer::Tokenizer> tok;
};

Fixture load(const test::Gemma4FixtureOptions &o) {
    Fixture f;
    QString error;
    const QByteArray bytes = test::gemma4FixtureBytes(o, &error);
    EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
    f.file = gguf::File::fromBytes(bytes, &error);
    EXPECT_TRUE(f.file) << error.toStdString();
    if (!f.file) return f;
    f.model = model::ReferenceModel::load(*f.file, &error);
    EXPECT_TRUE(f.model) << error.toStdString();
    f.tok = tokenizer::Tokenizer::fromGguf(*f.file, &error);
    EXPECT_TRUE(f.tok) << error.toStdString();
    return f;
}

const Fixture &tiny() {
    static const Fixture f = load(test::Gemma4FixtureOptions{});
    return f;
}

// A short chat example of the fixture's vocabulary.
TokenizedExample example(const tokenizer::Tokenizer &tok) {
    const ParsedDataset d = parseDataset(
        "{\"messages\":[{\"role\":\"user\",\"content\":\"Say hi\"},{\"role\":\"assistant\","
        "\"content\":\"hi there\"},{\"role\":\"user\",\"content\":\"Again\"},"
        "{\"role\":\"assistant\",\"content\":\"hi hi\"}]}");
    EXPECT_EQ(d.examples.size(), 1u);
    return tokenizeExample(d.examples.at(0), tok, 4096);
}

// Every factor drawn uniform in ±0.5/sqrt(in) (A) and ±0.2 (B): an adapter that matters.
void randomize(LoraAdapter &a, std::mt19937_64 &rng) {
    for (LoraMatrix *m : a.matrices()) {
        std::uniform_real_distribution<float> da(-0.5f, 0.5f);
        const float s = float(1.0 / std::sqrt(double(m->in)));
        for (float &v : m->a)
            v = da(rng) * s * 2.0f;
        std::uniform_real_distribution<float> db(-0.2f, 0.2f);
        for (float &v : m->b)
            v = db(rng);
    }
}

TEST(ReferenceTrainer, ForwardIsTheReferenceModelsAndAFreshAdapterChangesNothing) {
    const Fixture &f = tiny();
    ASSERT_TRUE(f.model && f.tok);
    const TokenizedExample e = example(*f.tok);
    const std::vector<int32_t> targets = nextTokenTargets(e);
    ASSERT_EQ(targets.size(), e.ids.size());
    int counted = 0;
    for (size_t i = 0; i + 1 < e.ids.size(); ++i) {
        EXPECT_EQ(targets[i], e.trained[i + 1] ? e.ids[i + 1] : -1);
        counted += targets[i] >= 0;
    }
    EXPECT_EQ(targets.back(), -1);
    EXPECT_EQ(counted, e.trainedTokens());

    const std::vector<float> logits = f.model->forward(e.ids);
    const double want = model::ref::crossEntropy(logits, targets);
    const ReferenceLoss base = referenceLoss(*f.model, nullptr, e.ids, targets);
    EXPECT_EQ(base.counted, counted);
    EXPECT_NEAR(base.loss, want, 1e-6 * want);
    EXPECT_GT(base.loss, 1.0);  // random weights: near ln(512)

    QString error;
    LoraConfig cfg;
    cfg.targets.push_back(LoraTarget::InpGate);
    cfg.targets.push_back(LoraTarget::Proj);
    auto adapter = LoraAdapter::create(f.model->config(), cfg, 5, &error);
    ASSERT_TRUE(adapter) << error.toStdString();
    const ReferenceLoss fresh = referenceLoss(*f.model, &*adapter, e.ids, targets);
    EXPECT_NEAR(fresh.loss, base.loss, 1e-6 * base.loss);
    // A fresh adapter still has a gradient (through B; A's is zero while B is).
    LoraAdapter g = adapter->zerosLike();
    referenceLoss(*f.model, &*adapter, e.ids, targets, &g);
    double bNorm = 0, aNorm = 0;
    for (const LoraMatrix *m : g.matrices()) {
        for (const float v : m->b)
            bNorm += double(v) * v;
        for (const float v : m->a)
            aNorm += double(v) * v;
    }
    EXPECT_GT(bNorm, 0.0);
    EXPECT_EQ(aNorm, 0.0);
}

TEST(ReferenceTrainer, LoraGradientsMatchCentralDifferences) {
    const Fixture &f = tiny();
    ASSERT_TRUE(f.model && f.tok);
    const model::Gemma4Config &c = f.model->config();
    const TokenizedExample e = example(*f.tok);
    const std::vector<int32_t> targets = nextTokenTargets(e);
    auto rng = test::seededRng();

    for (const float dropout : {0.0f, 0.25f}) {
        SCOPED_TRACE(dropout > 0 ? "dropout 0.25" : "no dropout");
        LoraConfig cfg;
        cfg.rank = 4;
        cfg.alpha = 8.0f;
        cfg.dropout = dropout;
        cfg.targets = {LoraTarget::AttnQ,      LoraTarget::AttnK,   LoraTarget::AttnV,
                       LoraTarget::AttnOutput, LoraTarget::FfnGate, LoraTarget::FfnUp,
                       LoraTarget::FfnDown,    LoraTarget::InpGate, LoraTarget::Proj};
        QString error;
        auto adapter = LoraAdapter::create(c, cfg, 11, &error);
        ASSERT_TRUE(adapter) << error.toStdString();
        randomize(*adapter, rng);
        // Shared layers have no K / V factors.
        for (int i = 0; i < c.layerCount; ++i) {
            EXPECT_EQ(adapter->find(i, LoraTarget::AttnK) == nullptr, c.layer(i).sharesKv());
            EXPECT_EQ(adapter->find(i, LoraTarget::AttnV) == nullptr, c.layer(i).sharesKv());
        }
        const uint64_t seed = 99;
        LoraAdapter g = adapter->zerosLike();
        referenceLoss(*f.model, &*adapter, e.ids, targets, &g, seed);

        // One direction per projection kind (only its factors move), then all at once.
        for (int kind = 0; kind <= kLoraTargetCount; ++kind) {
            const bool all = kind == kLoraTargetCount;
            SCOPED_TRACE(all ? std::string("all factors")
                             : std::string(loraTargetName(LoraTarget(kind))));
            // The direction: r_k = u_k + ½|u_k|·sign g_k over the chosen factors, scaled so that
            // 2⟨g, δ⟩ = 2e-2 (a loss change the float forward resolves to ~1e-3 and small
            // enough for the fifth-order term).
            std::vector<std::pair<std::vector<float> *, std::vector<float>>> dirs;
            LoraAdapter plus = *adapter, minus = *adapter;
            LoraAdapter halfPlus = *adapter, halfMinus = *adapter;
            std::uniform_real_distribution<float> u(-1.0f, 1.0f);
            double raw = 0;
            std::vector<std::tuple<const std::vector<float> *, const std::vector<float> *,
                                   std::vector<float> *, std::vector<float> *, std::vector<float> *,
                                   std::vector<float> *, std::vector<float>>>
                parts;
            for (int i = 0; i < c.layerCount; ++i) {
                for (int t = 0; t < kLoraTargetCount; ++t) {
                    if (!all && t != kind) continue;
                    const LoraTarget target = LoraTarget(t);
                    const LoraMatrix *m = adapter->find(i, target);
                    if (!m) continue;
                    const LoraMatrix *gm = g.find(i, target);
                    for (const bool isA : {true, false}) {
                        const std::vector<float> &v = isA ? m->a : m->b;
                        const std::vector<float> &gv = isA ? gm->a : gm->b;
                        std::vector<float> r(v.size());
                        for (size_t k = 0; k < v.size(); ++k) {
                            const float x = u(rng);
                            r[k] = x + 0.5f * std::abs(x) * (gv[k] < 0 ? -1.0f : 1.0f);
                            raw += double(gv[k]) * r[k];
                        }
                        const auto pick = [&](LoraAdapter &ad) {
                            LoraMatrix *pm = ad.find(i, target);
                            return isA ? &pm->a : &pm->b;
                        };
                        parts.emplace_back(&v, &gv, pick(plus), pick(minus), pick(halfPlus),
                                           pick(halfMinus), std::move(r));
                    }
                }
            }
            ASSERT_GT(std::abs(raw), 0.0);
            const double scale = 1e-2 / std::abs(raw);
            double ana = 0;
            for (auto &[v, gv, p, q, hp, hq, r] : parts) {
                for (size_t k = 0; k < v->size(); ++k) {
                    const float d = float(scale * r[k]);
                    (*p)[k] = (*v)[k] + d;
                    (*q)[k] = (*v)[k] - d;
                    (*hp)[k] = (*v)[k] + 0.5f * d;
                    (*hq)[k] = (*v)[k] - 0.5f * d;
                    // The actual steps (after rounding), for the analytic side.
                    ana += double((*gv)[k]) * (double((*p)[k]) - double((*q)[k]));
                }
            }
            const auto loss = [&](const LoraAdapter &a) {
                return referenceLoss(*f.model, &a, e.ids, targets, nullptr, seed).loss;
            };
            const double t1 = loss(plus) - loss(minus), tHalf = loss(halfPlus) - loss(halfMinus);
            const double fd = (8.0 * tHalf - t1) / 3.0;
            const double bound = 5e-3 * std::abs(ana) + 1.5e-5;
            std::printf(
                "[ measured ] dropout %.2f %-12s D_ana %+.4e  D_fd %+.4e  |err|/|D_ana| "
                "%.2e\n",
                double(dropout),
                all ? "all" : std::string(loraTargetName(LoraTarget(kind))).c_str(), ana, fd,
                std::abs(fd - ana) / std::abs(ana));
            EXPECT_LE(std::abs(fd - ana), bound);
        }
    }
}

TEST(ReferenceTrainer, RefusesAdaptersTheModelCannotCarry) {
    test::Gemma4FixtureOptions o;
    o.pleDim = 0;
    const Fixture f = load(o);
    ASSERT_TRUE(f.model);
    QString error;
    LoraConfig cfg;
    cfg.targets = {LoraTarget::AttnQ, LoraTarget::Proj};
    EXPECT_FALSE(LoraAdapter::create(f.model->config(), cfg, 1, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("no per-layer inputs"))) << error.toStdString();
    cfg.targets = {LoraTarget::AttnQ};
    cfg.rank = 0;
    EXPECT_FALSE(LoraAdapter::create(f.model->config(), cfg, 1, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("rank"))) << error.toStdString();
    cfg.rank = 8;
    cfg.dropout = 1.0f;
    EXPECT_FALSE(LoraAdapter::create(f.model->config(), cfg, 1, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("dropout"))) << error.toStdString();
    cfg.dropout = 0.0f;
    cfg.targets.clear();
    EXPECT_FALSE(LoraAdapter::create(f.model->config(), cfg, 1, &error));
    // PEFT and GGUF names of the targets.
    EXPECT_EQ(loraTargetByName("q_proj"), LoraTarget::AttnQ);
    EXPECT_EQ(loraTargetByName("ffn_down"), LoraTarget::FfnDown);
    EXPECT_EQ(loraTargetByName("per_layer_projection"), LoraTarget::Proj);
    EXPECT_FALSE(loraTargetByName("lm_head"));
    // Shapes and the scale.
    cfg.targets = {LoraTarget::AttnQ, LoraTarget::FfnDown};
    cfg.alpha = 16;
    auto a = LoraAdapter::create(f.model->config(), cfg, 1, &error);
    ASSERT_TRUE(a);
    EXPECT_FLOAT_EQ(a->config().scale(), 2.0f);
    cfg.rsLora = true;
    EXPECT_NEAR(cfg.scale(), 16.0 / std::sqrt(8.0), 1e-6);
    const model::Gemma4Config &c = f.model->config();
    const LoraMatrix *q = a->find(0, LoraTarget::AttnQ);
    ASSERT_TRUE(q);
    EXPECT_EQ(q->in, c.hidden);
    EXPECT_EQ(q->out, c.heads * c.layer(0).headDim);
    EXPECT_EQ(q->a.size(), size_t(8 * c.hidden));
    const float bound = float(1.0 / std::sqrt(double(c.hidden)));
    for (const float v : q->a)
        EXPECT_LE(std::abs(v), bound);
    for (const float v : q->b)
        EXPECT_EQ(v, 0.0f);
    EXPECT_FALSE(a->find(0, LoraTarget::AttnK));
    int64_t params = 0;
    for (int i = 0; i < c.layerCount; ++i) {
        params += 8 * int64_t(c.hidden + c.heads * c.layer(i).headDim);
        params += 8 * int64_t(c.layer(i).ffnWidth + c.hidden);
    }
    EXPECT_EQ(a->parameterCount(), params);
}

// The dropout masks (dropout_mask.h) drop their share p of a stream's elements, and streams of
// other projections or seeds are independent of it: two masks agree on p² + (1 − p)² of the
// elements. Over 2¹⁶ elements the share's standard deviation is 0.0017 at p = 0.25; the bounds
// are six to eight of them.
TEST(DropoutMask, DropsItsShareAndStreamsAreIndependent) {
    constexpr uint32_t kCount = 1u << 16;
    constexpr float p = 0.25f;
    const uint64_t seed = 0x0123456789ABCDEFull;
    const DropoutMask m = dropoutMask(seed, 3, LoraTarget::FfnUp, p);
    EXPECT_EQ(m.threshold, 1u << 22);
    EXPECT_FLOAT_EQ(m.keepScale, 1.0f / 0.75f);
    const DropoutMask others[] = {dropoutMask(seed, 3, LoraTarget::FfnGate, p),
                                  dropoutMask(seed, 4, LoraTarget::FfnUp, p),
                                  dropoutMask(seed ^ 1, 3, LoraTarget::FfnUp, p),
                                  dropoutMask(seed ^ (1ull << 40), 3, LoraTarget::FfnUp, p)};
    uint32_t dropped = 0;
    uint32_t agree[std::size(others)] = {};
    for (uint32_t i = 0; i < kCount; ++i) {
        const float v = m.at(i);
        ASSERT_TRUE(v == 0.0f || v == m.keepScale);
        dropped += v == 0.0f;
        for (size_t k = 0; k < std::size(others); ++k)
            agree[k] += (others[k].at(i) == 0.0f) == (v == 0.0f);
    }
    EXPECT_NEAR(double(dropped) / kCount, p, 0.01);
    for (const uint32_t a : agree)
        EXPECT_NEAR(double(a) / kCount, p * p + (1 - p) * (1 - p), 0.015);
    // No dropout keeps everything as is.
    EXPECT_EQ(dropoutThreshold(0.0f), 0u);
    const DropoutMask none = dropoutMask(seed, 0, LoraTarget::AttnQ, 0.0f);
    for (uint32_t i = 0; i < 1024; ++i)
        ASSERT_EQ(none.at(i), 1.0f);
}

}  // namespace
}  // namespace facet::train
