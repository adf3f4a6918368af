// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The training loop on the CPU oracle and the tiny fixture: it learns an example by heart and
// writes the adapter in both formats; a pause and a resume give exactly the adapter of an
// uninterrupted run; a learning rate far too high stops the run with a clear message and the last
// good checkpoint kept; a folder holding another run's checkpoint is refused.
#include "train/trainer.h"

#include "gguf/gguf.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"
#include "train/adapter_io.h"

#include <QDir>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace facet::train {
namespace {

struct Fixture {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<model::ReferenceModel> model;
    std::unique_ptr<tokenizer::Tokenizer> tok;
};

const Fixture &tiny() {
    static const Fixture f = [] {
        Fixture x;
        QString error;
        x.file = gguf::File::fromBytes(
            test::gemma4FixtureBytes(test::Gemma4FixtureOptions{}, &error), &error);
        EXPECT_TRUE(x.file) << error.toStdString();
        x.model = model::ReferenceModel::load(*x.file, &error);
        x.tok = tokenizer::Tokenizer::fromGguf(*x.file, &error);
        EXPECT_TRUE(x.model && x.tok) << error.toStdString();
        return x;
    }();
    return f;
}

std::vector<TokenizedExample> examples(const char *jsonl) {
    const ParsedDataset d = parseDataset(jsonl);
    EXPECT_EQ(d.errorCount(), 0);
    std::vector<TokenizedExample> out;
    for (const DatasetExample &e : d.examples)
        out.push_back(tokenizeExample(e, *tiny().tok, 512));
    return out;
}

TrainConfig quick() {
    TrainConfig c;
    c.lora.rank = 8;
    c.lora.alpha = 16;
    c.schedule = LrSchedule::Constant;
    c.learningRate = 5e-3;
    c.warmupFraction = 0.1;
    c.batchTokens = 1;  // one example a step
    c.evalEvery = 0;
    c.checkpointEvery = 0;
    return c;
}

TEST(Trainer, LearnsAnExampleAndWritesTheAdapter) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ReferenceLossBackend backend(*tiny().model);
    TrainConfig c = quick();
    c.epochs = 30;
    c.evalEvery = 10;
    auto train =
        examples("{\"prompt\":\"What is the code?\",\"completion\":\"The code is 7 9 4.\"}");
    auto val = train;  // the same example: its loss must fall too
    QString error;
    auto t = Trainer::create(tiny().model->config(), c, train, val, backend, dir.path(), &error);
    ASSERT_TRUE(t) << error.toStdString();
    EXPECT_EQ(t->totalSteps(), 30);
    EXPECT_FALSE(t->resumed());
    const double before = *t->validationLoss();
    std::vector<double> losses, vals;
    ASSERT_TRUE(t->run(
        [&](const TrainProgress &p) {
            losses.push_back(p.loss);
            if (p.validationLoss) vals.push_back(*p.validationLoss);
            EXPECT_GT(p.tokens, 0);
            EXPECT_TRUE(std::isfinite(p.gradNorm));
            return true;
        },
        &error))
        << error.toStdString();
    EXPECT_TRUE(t->finished());
    ASSERT_EQ(losses.size(), 30u);
    ASSERT_EQ(vals.size(), 3u);  // steps 10, 20, 30
    std::printf("[ measured ] loss %.4f -> %.4f; validation %.4f -> %.4f\n", losses.front(),
                losses.back(), before, vals.back());
    EXPECT_GT(before, 3.0);
    EXPECT_LT(vals.back(), 0.05);
    // Both formats written, and they hold the trained adapter.
    for (const char *name : {"adapter", "adapter.gguf"}) {
        auto back = loadAdapter(QDir(dir.path()).filePath(name), tiny().model->config(), &error);
        ASSERT_TRUE(back) << name << ": " << error.toStdString();
        const std::vector<int32_t> targets = nextTokenTargets(train[0]);
        EXPECT_NEAR(referenceLoss(*tiny().model, &*back, train[0].ids, targets).loss, vals.back(),
                    1e-4);
    }
}

TEST(Trainer, ResumesExactlyWhereItPaused) {
    QTemporaryDir dirA, dirB;
    ASSERT_TRUE(dirA.isValid() && dirB.isValid());
    ReferenceLossBackend backend(*tiny().model);
    TrainConfig c = quick();
    c.lora.dropout = 0.1f;  // the masks must be the same after a resume
    c.epochs = 2;
    c.batchTokens = 12;  // several examples a step
    c.schedule = LrSchedule::Cosine;
    auto train = examples(
        "{\"prompt\":\"a\",\"completion\":\"one two\"}\n"
        "{\"prompt\":\"b\",\"completion\":\"three four five\"}\n"
        "{\"prompt\":\"c\",\"completion\":\"six\"}\n"
        "{\"text\":\"seven eight nine ten\"}\n"
        "{\"messages\":[{\"role\":\"user\",\"content\":\"d\"},{\"role\":\"assistant\","
        "\"content\":\"eleven\"}]}\n");
    QString error;
    // Uninterrupted.
    auto whole =
        Trainer::create(tiny().model->config(), c, train, {}, backend, dirA.path(), &error);
    ASSERT_TRUE(whole) << error.toStdString();
    const int64_t total = whole->totalSteps();
    ASSERT_GE(total, 4);
    ASSERT_TRUE(whole->run({}, &error)) << error.toStdString();
    // Paused after two steps, then resumed by a new trainer on the same folder.
    auto first =
        Trainer::create(tiny().model->config(), c, train, {}, backend, dirB.path(), &error);
    ASSERT_TRUE(first) << error.toStdString();
    ASSERT_TRUE(first->run([](const TrainProgress &p) { return p.step < 2; }, &error))
        << error.toStdString();
    EXPECT_EQ(first->step(), 2);
    EXPECT_FALSE(first->finished());
    first.reset();
    auto second =
        Trainer::create(tiny().model->config(), c, train, {}, backend, dirB.path(), &error);
    ASSERT_TRUE(second) << error.toStdString();
    EXPECT_TRUE(second->resumed());
    EXPECT_EQ(second->step(), 2);
    ASSERT_TRUE(second->run({}, &error)) << error.toStdString();
    EXPECT_EQ(second->step(), total);
    const std::vector<const LoraMatrix *> a = whole->adapter().matrices();
    const std::vector<const LoraMatrix *> b = second->adapter().matrices();
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i]->a, b[i]->a) << "matrix " << i;
        EXPECT_EQ(a[i]->b, b[i]->b) << "matrix " << i;
    }
    // Another run's settings on that folder are refused.
    TrainConfig other = c;
    other.learningRate *= 2;
    EXPECT_FALSE(
        Trainer::create(tiny().model->config(), other, train, {}, backend, dirB.path(), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("another run"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("learning_rate"))) << error.toStdString();
}

TEST(Trainer, StopsOnNonFiniteNumbersAndKeepsTheLastCheckpoint) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ReferenceLossBackend backend(*tiny().model);
    TrainConfig c = quick();
    c.learningRate = 1e30;
    c.warmupFraction = 0.0;
    c.maxGradNorm = 0.0;
    c.epochs = 20;
    c.checkpointEvery = 1;
    auto train = examples("{\"prompt\":\"What is the code?\",\"completion\":\"The code is 7.\"}");
    QString error;
    auto t = Trainer::create(tiny().model->config(), c, train, {}, backend, dir.path(), &error);
    ASSERT_TRUE(t) << error.toStdString();
    int64_t lastCheckpoint = 0;
    EXPECT_FALSE(t->run(
        [&](const TrainProgress &p) {
            if (p.checkpointed) lastCheckpoint = p.step;
            return true;
        },
        &error));
    std::printf("[ measured ] stopped: %s\n", qPrintable(error));
    EXPECT_TRUE(error.contains(QStringLiteral("not a finite number")) ||
                error.contains(QStringLiteral("no longer finite")))
        << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("learning rate"))) << error.toStdString();
    EXPECT_FALSE(t->finished());
    // No finished adapter; the checkpoint is whole and finite, and a run resumes from it.
    EXPECT_FALSE(QFileInfo::exists(QDir(dir.path()).filePath("adapter.gguf")));
    if (lastCheckpoint > 0) {
        auto kept = loadAdapter(QDir(dir.path()).filePath("checkpoint/adapter"),
                                tiny().model->config(), &error);
        ASSERT_TRUE(kept) << error.toStdString();
        for (const LoraMatrix *m : kept->matrices()) {
            for (const float v : m->b)
                ASSERT_TRUE(std::isfinite(v));
        }
        auto again =
            Trainer::create(tiny().model->config(), c, train, {}, backend, dir.path(), &error);
        ASSERT_TRUE(again) << error.toStdString();
        EXPECT_EQ(again->step(), lastCheckpoint);
    }
}

}  // namespace
}  // namespace facet::train
