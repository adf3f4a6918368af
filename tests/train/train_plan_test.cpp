// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Fine-tune dock's planning helpers: the presets (what each sets, what it leaves, recognising
// one from its settings) and the training estimate (the adapter's size against the adapter the
// trainer really allocates, the memory formula on the tiny fixture's shapes worked out by hand,
// the time from tokens and throughput, the steps a maxSteps cap leaves).
#include "train/train_estimate.h"
#include "train/train_presets.h"

#include "gguf/gguf.h"
#include "support/gemma4_fixture.h"

#include <gtest/gtest.h>

namespace facet::train {
namespace {

model::Gemma4Config tinyConfig() {
    QString error;
    static const std::unique_ptr<gguf::File> file = gguf::File::fromBytes(
        test::gemma4FixtureBytes(test::Gemma4FixtureOptions{}, &error), &error);
    EXPECT_TRUE(file) << error.toStdString();
    const std::optional<model::Gemma4Config> c = model::Gemma4Config::fromGguf(*file, &error);
    EXPECT_TRUE(c) << error.toStdString();
    return *c;
}

TEST(TrainPresets, EachSetsItsAdapterAndSchedule) {
    TrainConfig base;
    base.batchTokens = 777;
    base.seed = 5;
    base.evalEvery = 3;
    const TrainConfig q = applyTrainPreset(TrainPreset::Quick, base);
    EXPECT_EQ(q.lora.rank, 8);
    EXPECT_FLOAT_EQ(q.lora.alpha, 16.0f);
    EXPECT_EQ(q.epochs, 1);
    EXPECT_DOUBLE_EQ(q.learningRate, 2e-4);
    EXPECT_EQ(q.lora.targets.size(), 4u);  // attention only
    for (const LoraTarget t : q.lora.targets)
        EXPECT_TRUE(t == LoraTarget::AttnQ || t == LoraTarget::AttnK || t == LoraTarget::AttnV ||
                    t == LoraTarget::AttnOutput);
    const TrainConfig b = applyTrainPreset(TrainPreset::Balanced, base);
    EXPECT_EQ(b.lora.rank, 16);
    EXPECT_FLOAT_EQ(b.lora.alpha, 32.0f);
    EXPECT_EQ(b.epochs, 2);
    EXPECT_EQ(b.lora.targets.size(), 7u);
    const TrainConfig t = applyTrainPreset(TrainPreset::Thorough, base);
    EXPECT_EQ(t.lora.rank, 32);
    EXPECT_FLOAT_EQ(t.lora.alpha, 64.0f);
    EXPECT_EQ(t.epochs, 3);
    EXPECT_DOUBLE_EQ(t.learningRate, 1e-4);
    EXPECT_EQ(t.schedule, LrSchedule::Cosine);
    EXPECT_EQ(t.lora.targets.size(), 7u);
    // alpha / rank is the same in every preset; the rest of the configuration is kept.
    for (const TrainConfig &c : {q, b, t}) {
        EXPECT_FLOAT_EQ(c.lora.alpha / float(c.lora.rank), 2.0f);
        EXPECT_EQ(c.batchTokens, 777);
        EXPECT_EQ(c.seed, 5u);
        EXPECT_EQ(c.evalEvery, 3);
    }
}

TEST(TrainPresets, ARunsSettingsAreRecognised) {
    for (int i = 0; i < kTrainPresetCount; ++i) {
        const TrainPreset p = TrainPreset(i);
        EXPECT_EQ(trainPresetByName(trainPresetName(p)), p);
        TrainConfig c = applyTrainPreset(p);
        EXPECT_EQ(matchingTrainPreset(c), p);
        std::reverse(c.lora.targets.begin(), c.lora.targets.end());  // order does not matter
        EXPECT_EQ(matchingTrainPreset(c), p);
        c.lora.rank += 1;  // any change makes it a custom run
        EXPECT_EQ(matchingTrainPreset(c), std::nullopt);
    }
    TrainConfig c = applyTrainPreset(TrainPreset::Balanced);
    c.learningRate = 3e-4;
    EXPECT_EQ(matchingTrainPreset(c), std::nullopt);
    EXPECT_EQ(trainPresetByName("custom"), std::nullopt);
}

TEST(TrainEstimate, AdapterSizeIsWhatTheTrainerAllocates) {
    const model::Gemma4Config config = tinyConfig();
    for (const TrainPreset p : {TrainPreset::Quick, TrainPreset::Balanced, TrainPreset::Thorough}) {
        const TrainConfig c = applyTrainPreset(p);
        QString error;
        const std::optional<LoraAdapter> a = LoraAdapter::create(config, c.lora, 1, &error);
        ASSERT_TRUE(a) << error.toStdString();
        EXPECT_EQ(loraParameterCount(config, c.lora), a->parameterCount()) << trainPresetName(p);
    }
}

TEST(TrainEstimate, MemoryFollowsTheFormula) {
    const model::Gemma4Config config = tinyConfig();
    // The fixture: 6 layers, hidden 64, 4 heads, head dims 32/64, KV heads 1/2, FFN 96 (192 on
    // the two KV-sharing layers), vocabulary 512.
    model::GpuMemoryEstimate memory;
    memory.weightBytes = 1000000;
    memory.kvCacheBytes = 12345;  // not needed by training
    TrainConfig c = applyTrainPreset(TrainPreset::Quick);
    const int T = 128;
    const TrainEstimate e = estimateTraining(config, memory, c, T, {}, 100.0);
    EXPECT_EQ(e.weightBytes, 1000000);
    EXPECT_EQ(e.adapterBytes, e.adapterParameters * 16);
    const qint64 saved = qint64(T) * 64 * 4 * 6;
    const qint64 oneLayer = qint64(T) * (64 * 8 + 3 * 192 + 4 * 4 * 64 + 4 * 2 * 64) * 4;
    EXPECT_EQ(e.activationBytes, saved + oneLayer);
    EXPECT_EQ(e.logitsBytes, 256 * 512 * 4 * 2);
    EXPECT_EQ(e.peakBytes(), 1000000 + e.adapterBytes + saved + oneLayer + 256 * 512 * 8);
    // No data yet: no steps and no time.
    EXPECT_EQ(e.steps, 0);
    EXPECT_LT(e.seconds, 0);
    EXPECT_TRUE(e.describeTime().isEmpty());
    // Activations grow with the longest example, the adapter with the rank.
    EXPECT_GT(estimateTraining(config, memory, c, 2 * T, {}, 1).activationBytes, e.activationBytes);
    // LoRA dropout keeps one adapter's masked input: T x the widest adapted input (in the tiny
    // model: o_proj's 4 heads x 64, down_proj's FFN width 192, q_proj's hidden 64).
    TrainConfig dropping = c;
    dropping.lora.dropout = 0.1f;
    const struct {
        std::vector<LoraTarget> targets;
        int widest;
    } cases[] = {{{LoraTarget::AttnQ, LoraTarget::AttnOutput}, 4 * 64},
                 {{LoraTarget::FfnDown, LoraTarget::FfnUp}, 192},
                 {{LoraTarget::AttnQ}, 64}};
    for (const auto &k : cases) {
        dropping.lora.targets = k.targets;
        TrainConfig still = dropping;
        still.lora.dropout = 0.0f;
        EXPECT_EQ(estimateTraining(config, memory, dropping, T, {}, 1).activationBytes,
                  estimateTraining(config, memory, still, T, {}, 1).activationBytes +
                      qint64(T) * k.widest * 4)
            << k.widest;
    }
    c.lora.rank *= 2;
    EXPECT_EQ(estimateTraining(config, memory, c, T, {}, 1).adapterBytes, 2 * e.adapterBytes);
}

TEST(TrainEstimate, TimeIsTokensOverThroughput) {
    const model::Gemma4Config config = tinyConfig();
    TrainConfig c;
    c.epochs = 2;
    c.batchTokens = 1000;
    // 40 examples of 250 tokens, 100 of them trained: 10 examples a step, 4 steps an epoch.
    const TrainDataSize data{40, 10000, 4000};
    TrainEstimate e = estimateTraining(config, {}, c, 256, data, 100.0);
    EXPECT_EQ(e.steps, 8);
    EXPECT_EQ(e.totalTokens, 20000);
    EXPECT_DOUBLE_EQ(e.seconds, 200.0);
    EXPECT_FALSE(e.describeTime().isEmpty());
    // A step limit cuts the run (and its tokens) in proportion.
    c.maxSteps = 4;
    e = estimateTraining(config, {}, c, 256, data, 100.0);
    EXPECT_EQ(e.steps, 4);
    EXPECT_EQ(e.totalTokens, 10000);
    EXPECT_DOUBLE_EQ(e.seconds, 100.0);
    // Without a throughput there is no time.
    EXPECT_LT(estimateTraining(config, {}, c, 256, data, 0).seconds, 0);
    // A batch smaller than one example: a step per example, as the trainer cuts them.
    c.maxSteps = 0;
    c.batchTokens = 1;
    EXPECT_EQ(estimateTraining(config, {}, c, 256, data, 100.0).steps, 80);
}

TEST(TrainEstimate, AMeasuredSpeedTimesTheTrainedTokens) {
    const model::Gemma4Config config = tinyConfig();
    TrainConfig c;
    c.epochs = 2;
    c.batchTokens = 1000;
    const TrainDataSize data{40, 10000, 4000};
    // A run measured 40 trained tokens/s: the 8000 trained tokens of two epochs take 200 s.
    const TrainEstimate e = estimateTraining(config, {}, c, 256, data, TrainSpeed(40.0, true));
    EXPECT_TRUE(e.measuredSpeed);
    EXPECT_EQ(e.totalTrainedTokens, 8000);
    EXPECT_EQ(e.timedTokens(), 8000);
    EXPECT_DOUBLE_EQ(e.seconds, 200.0);
    EXPECT_TRUE(e.describeTime().contains(QStringLiteral("8.0 k trained tokens")))
        << e.describeTime().toStdString();
    // An assumed speed counts every processed token.
    const TrainEstimate assumed = estimateTraining(config, {}, c, 256, data, 40.0);
    EXPECT_FALSE(assumed.measuredSpeed);
    EXPECT_EQ(assumed.timedTokens(), 20000);
}

TEST(TrainEstimate, AssumedThroughputByDevice) {
    const model::Gemma4Config config = tinyConfig();
    const double cpu = assumedTokensPerSecond(config, TrainDevice::CpuReference);
    const double soft = assumedTokensPerSecond(config, TrainDevice::SoftwareGpu);
    const double gpu = assumedTokensPerSecond(config, TrainDevice::Gpu);
    EXPECT_GT(cpu, 0);
    EXPECT_DOUBLE_EQ(soft / cpu, 10.0);
    EXPECT_DOUBLE_EQ(gpu / soft, 1000.0);
    // A model with twice the layers is about half as fast.
    model::Gemma4Config deeper = config;
    deeper.layers.insert(deeper.layers.end(), config.layers.begin(), config.layers.end());
    EXPECT_LT(assumedTokensPerSecond(deeper, TrainDevice::Gpu), gpu);
}

TEST(TrainEstimate, DurationText) {
    EXPECT_EQ(durationText(12).toStdString(), "12 s");
    EXPECT_EQ(durationText(245).toStdString(), "4 min 05 s");
    EXPECT_EQ(durationText(7800).toStdString(), "2 h 10 min");
    EXPECT_EQ(durationText(3 * 86400 + 7200).toStdString(), "3 days 2 h");
    EXPECT_EQ(durationText(-1).toStdString(), "?");
    // A run with something to do never reads "0 s".
    EXPECT_EQ(durationText(0.03).toStdString(), "1 s");
    EXPECT_EQ(durationText(0).toStdString(), "0 s");
}

}  // namespace
}  // namespace facet::train
