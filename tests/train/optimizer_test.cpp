// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Learning-rate schedules at the points their formulas fix, clipping, AdamW against its formula
// written out in double, and the CPU training oracle learning one example by heart (the loop the
// GPU trainer will run: loss and gradients, clipping, AdamW, schedule).
#include "train/optimizer.h"

#include "gguf/gguf.h"
#include "model/reference_model.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"
#include "train/dataset.h"
#include "train/reference_trainer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

namespace facet::train {
namespace {

TEST(Optimizer, SchedulesFollowTheirFormulas) {
    ScheduleConfig c;
    c.peak = 1e-3;
    c.warmupSteps = 10;
    c.totalSteps = 110;
    for (const LrSchedule k : {LrSchedule::Constant, LrSchedule::Linear, LrSchedule::Cosine,
                               LrSchedule::CosineRestarts}) {
        SCOPED_TRACE(std::string(lrScheduleName(k)));
        c.kind = k;
        EXPECT_EQ(lrScheduleByName(lrScheduleName(k)), k);
        EXPECT_DOUBLE_EQ(learningRate(c, 0), 0.0);  // transformers' warm-up starts at 0
        EXPECT_DOUBLE_EQ(learningRate(c, 5), 0.5e-3);
        EXPECT_DOUBLE_EQ(learningRate(c, 10), 1e-3);
    }
    c.kind = LrSchedule::Constant;
    EXPECT_DOUBLE_EQ(learningRate(c, 109), 1e-3);
    c.kind = LrSchedule::Linear;
    EXPECT_DOUBLE_EQ(learningRate(c, 60), 0.5e-3);
    EXPECT_DOUBLE_EQ(learningRate(c, 110), 0.0);
    EXPECT_DOUBLE_EQ(learningRate(c, 200), 0.0);
    c.kind = LrSchedule::Cosine;
    EXPECT_NEAR(learningRate(c, 60), 0.5e-3, 1e-15);
    EXPECT_NEAR(learningRate(c, 35), 1e-3 * 0.5 * (1 + std::cos(std::numbers::pi * 0.25)), 1e-15);
    EXPECT_NEAR(learningRate(c, 110), 0.0, 1e-18);
    c.kind = LrSchedule::CosineRestarts;
    c.cycles = 2;
    EXPECT_NEAR(learningRate(c, 35), 0.5e-3, 1e-15);  // a quarter: half way down the first cycle
    EXPECT_NEAR(learningRate(c, 60), 1e-3, 1e-15);    // the restart
    EXPECT_NEAR(learningRate(c, 85), 0.5e-3, 1e-15);
    EXPECT_EQ(learningRate(c, 110), 0.0);
    EXPECT_FALSE(lrScheduleByName("exponential"));
    // No warm-up: the first step runs at the peak.
    c.warmupSteps = 0;
    c.kind = LrSchedule::Linear;
    EXPECT_DOUBLE_EQ(learningRate(c, 0), 1e-3);
}

// An adapter of the tiny fixture's shapes with every factor random.
LoraAdapter randomAdapter(const model::Gemma4Config &c, std::mt19937_64 &rng, float scale) {
    QString error;
    auto a = LoraAdapter::create(c, LoraConfig{}, 3, &error);
    EXPECT_TRUE(a) << error.toStdString();
    std::uniform_real_distribution<float> u(-scale, scale);
    for (LoraMatrix *m : a->matrices()) {
        for (float &v : m->a)
            v = u(rng);
        for (float &v : m->b)
            v = u(rng);
    }
    return *a;
}

model::Gemma4Config tinyConfig() {
    QString error;
    const QByteArray bytes = test::gemma4FixtureBytes(test::Gemma4FixtureOptions{}, &error);
    auto file = gguf::File::fromBytes(bytes, &error);
    EXPECT_TRUE(file) << error.toStdString();
    auto c = model::Gemma4Config::fromGguf(*file, &error);
    EXPECT_TRUE(c) << error.toStdString();
    return *c;
}

TEST(Optimizer, ClipsTheGlobalNorm) {
    auto rng = test::seededRng();
    const model::Gemma4Config c = tinyConfig();
    LoraAdapter g = randomAdapter(c, rng, 1.0f);
    double sum = 0;
    for (const LoraMatrix *m : g.matrices()) {
        for (const float v : m->a)
            sum += double(v) * v;
        for (const float v : m->b)
            sum += double(v) * v;
    }
    const double norm = std::sqrt(sum);
    EXPECT_NEAR(gradientNorm(g), norm, 1e-9 * norm);
    LoraAdapter same = g;
    EXPECT_NEAR(clipGradients(same, 2 * norm), norm, 1e-9 * norm);  // below the limit: kept
    EXPECT_EQ(same.matrices()[0]->a, g.matrices()[0]->a);
    EXPECT_NEAR(clipGradients(g, 1.0), norm, 1e-9 * norm);
    EXPECT_NEAR(gradientNorm(g), 1.0, 1e-5);
    EXPECT_NEAR(clipGradients(g, 0.0), gradientNorm(g), 1e-12);  // 0: no clipping
}

TEST(Optimizer, AdamWFollowsItsFormula) {
    auto rng = test::seededRng();
    const model::Gemma4Config c = tinyConfig();
    LoraAdapter params = randomAdapter(c, rng, 0.1f);
    AdamWConfig cfg;
    cfg.weightDecay = 0.01;
    AdamW opt(cfg, params);
    // The formula in double, element by element, on flattened copies.
    std::vector<double> theta, m, v;
    for (const LoraMatrix *mat : params.matrices()) {
        theta.insert(theta.end(), mat->a.begin(), mat->a.end());
        theta.insert(theta.end(), mat->b.begin(), mat->b.end());
    }
    m.assign(theta.size(), 0.0);
    v.assign(theta.size(), 0.0);
    const double lr = 1e-2;
    for (int t = 1; t <= 5; ++t) {
        const LoraAdapter g = randomAdapter(c, rng, 0.5f);
        std::vector<double> gf;
        for (const LoraMatrix *mat : g.matrices()) {
            gf.insert(gf.end(), mat->a.begin(), mat->a.end());
            gf.insert(gf.end(), mat->b.begin(), mat->b.end());
        }
        const LoraAdapter before = params;
        QString error;
        ASSERT_TRUE(opt.step(params, g, lr, &error)) << error.toStdString();
        EXPECT_EQ(opt.steps(), t);
        size_t k = 0;
        double worst = 0;
        for (const LoraMatrix *mat : params.matrices()) {
            for (const std::vector<float> *vec : {&mat->a, &mat->b}) {
                for (const float got : *vec) {
                    theta[k] *= 1.0 - lr * cfg.weightDecay;
                    m[k] = cfg.beta1 * m[k] + (1 - cfg.beta1) * gf[k];
                    v[k] = cfg.beta2 * v[k] + (1 - cfg.beta2) * gf[k] * gf[k];
                    const double mh = m[k] / (1 - std::pow(cfg.beta1, t));
                    const double vh = v[k] / (1 - std::pow(cfg.beta2, t));
                    theta[k] -= lr * mh / (std::sqrt(vh) + cfg.eps);
                    worst = std::max(worst, std::abs(double(got) - theta[k]));
                    ++k;
                }
            }
        }
        // Float parameters and moments: a few ulps of |θ| <= 0.2 per step.
        EXPECT_LT(worst, 1e-6 * t) << "step " << t;
        if (t == 1) {
            // Adam's first step moves every element by about lr (|g| >> eps).
            const float d = std::abs(params.matrices()[0]->a[0] - before.matrices()[0]->a[0]);
            EXPECT_NEAR(d, lr, 2e-3 * lr + lr * cfg.weightDecay * 0.2);
        }
    }
    // Moments for checkpoints round-trip; wrong sizes are refused.
    AdamW copy(cfg, params);
    EXPECT_TRUE(copy.restore(opt.steps(), opt.firstMoment(), opt.secondMoment()));
    EXPECT_FALSE(copy.restore(1, {1.0f}, opt.secondMoment()));
    // Gradients of another shape are refused.
    LoraConfig other;
    other.rank = 2;
    QString error;
    auto small = LoraAdapter::create(c, other, 1, &error);
    ASSERT_TRUE(small);
    EXPECT_FALSE(opt.step(params, *small, lr, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("shapes")));
}

TEST(Optimizer, ReferenceTrainingLearnsOneExample) {
    QString error;
    const QByteArray bytes = test::gemma4FixtureBytes(test::Gemma4FixtureOptions{}, &error);
    auto file = gguf::File::fromBytes(bytes, &error);
    ASSERT_TRUE(file) << error.toStdString();
    auto model = model::ReferenceModel::load(*file, &error);
    ASSERT_TRUE(model) << error.toStdString();
    auto tok = tokenizer::Tokenizer::fromGguf(*file, &error);
    ASSERT_TRUE(tok) << error.toStdString();
    const ParsedDataset d =
        parseDataset("{\"prompt\":\"What is the code?\",\"completion\":\"The code is 7 9 4.\"}");
    ASSERT_EQ(d.examples.size(), 1u);
    const TokenizedExample e = tokenizeExample(d.examples[0], *tok, 512);
    const std::vector<int32_t> targets = nextTokenTargets(e);

    LoraConfig cfg;
    cfg.rank = 8;
    cfg.alpha = 16;
    auto adapter = LoraAdapter::create(model->config(), cfg, 7, &error);
    ASSERT_TRUE(adapter) << error.toStdString();
    AdamW opt(AdamWConfig{}, *adapter);
    ScheduleConfig sched;
    sched.kind = LrSchedule::Constant;
    sched.peak = 5e-3;
    sched.warmupSteps = 2;
    sched.totalSteps = 30;
    double first = 0, last = 0;
    for (int step = 0; step < sched.totalSteps; ++step) {
        LoraAdapter g = adapter->zerosLike();
        const ReferenceLoss l = referenceLoss(*model, &*adapter, e.ids, targets, &g);
        ASSERT_TRUE(std::isfinite(l.loss));
        if (step == 0) first = l.loss;
        last = l.loss;
        clipGradients(g, 1.0);
        ASSERT_TRUE(opt.step(*adapter, g, learningRate(sched, step), &error));
    }
    last = referenceLoss(*model, &*adapter, e.ids, targets).loss;
    std::printf("[ measured ] one example: loss %.4f -> %.4f after %d steps\n", first, last,
                sched.totalSteps);
    EXPECT_GT(first, 3.0);  // ~ln(512) before training
    EXPECT_LT(last, 0.05);
}

}  // namespace
}  // namespace facet::train
