// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The audio tower's loader on fixture GGUFs (tests/support/gemma4_fixture, `audio` option): the
// configuration read from metadata and shapes, both naming schemes, clear errors for missing or
// mis-shaped tensors, and the CPU reference forward's token count, stages and cancellation.
#include "audio/audio_tower.h"
#include "audio/log_mel.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace facet::audio {
namespace {

test::Gemma4FixtureOptions audioOptions() {
    test::Gemma4FixtureOptions o;
    o.audio = true;
    return o;
}

std::unique_ptr<gguf::File> fixture(const test::Gemma4FixtureOptions &o) {
    QString error;
    QByteArray bytes = test::gemma4FixtureBytes(o, &error);
    EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
    auto file = gguf::File::fromBytes(std::move(bytes), &error);
    EXPECT_TRUE(file) << error.toStdString();
    return file;
}

TEST(AudioTower, ReadsTheConfigurationFromMetadataAndShapes) {
    const auto o = audioOptions();
    const auto file = fixture(o);
    QString error;
    const auto tower = AudioReference::load(*file, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    const AudioTowerConfig &c = tower->config();
    EXPECT_EQ(c.layers, o.audioBlocks);
    EXPECT_EQ(c.width, o.audioWidth);
    EXPECT_EQ(c.heads, o.audioHeads);
    EXPECT_EQ(c.headDim, o.audioWidth / o.audioHeads);
    EXPECT_EQ(c.ffn, 4 * o.audioWidth);
    EXPECT_EQ(c.convKernel, 5);
    EXPECT_EQ(c.sscpChannels0, 128);
    EXPECT_EQ(c.sscpChannels1, 32);
    EXPECT_EQ(c.sscpFreqOut, 32);
    EXPECT_EQ(c.outputDims, o.audioOutput);
    EXPECT_EQ(c.textWidth, o.hidden);
    EXPECT_FALSE(c.llamaCppNames);
}

TEST(AudioTower, OneSecondGivesTwentyFiveTokensInTheTextWidth) {
    const auto o = audioOptions();
    const auto file = fixture(o);
    QString error;
    const auto tower = AudioReference::load(*file, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    auto rng = test::seededRng();
    std::uniform_real_distribution<float> d(-0.5f, 0.5f);
    std::vector<float> audio(16130);  // padding to 16256 samples adds a masked frame
    for (float &v : audio)
        v = d(rng);
    const LogMel mel = logMelSpectrogram(audio);
    ASSERT_EQ(mel.frames, 101);
    ASSERT_EQ(mel.validFrames, 100);
    AudioStages stages;
    int calls = 0;
    AudioEncodeControl control;
    control.progress = [&](int done, int total) {
        EXPECT_EQ(done, ++calls);
        EXPECT_EQ(total, o.audioBlocks);
        return true;
    };
    const std::vector<float> tokens =
        tower->encode(mel.values, mel.frames, mel.mask, control, &error, &stages);
    ASSERT_EQ(tokens.size(), size_t(25 * o.hidden)) << error.toStdString();
    EXPECT_EQ(calls, o.audioBlocks);
    for (float v : tokens)
        ASSERT_TRUE(std::isfinite(v));
    EXPECT_EQ(stages.frames, 26);  // 101 → 51 → 26 frames, the last one padding
    EXPECT_EQ(stages.sscp.size(), size_t(26 * o.audioWidth));
    EXPECT_EQ(stages.valid[24], 1);
    EXPECT_EQ(stages.valid[25], 0);
    EXPECT_EQ(stages.layers.size(), size_t(o.audioBlocks));
    EXPECT_EQ(stages.output.size(), size_t(26 * o.audioOutput));
    // Each layer ends in an RMS norm whose weights lie in [0.5, 1]: rows are O(1), not blown up.
    for (const auto &layer : stages.layers)
        for (float v : layer)
            ASSERT_LT(std::abs(v), 10.0f);
    // The same clip again gives the same result (no hidden state between encodes).
    const std::vector<float> again = tower->encode(mel.values, mel.frames, mel.mask, {}, &error);
    EXPECT_EQ(again, tokens);

    control.progress = [](int done, int) { return done < 1; };
    error.clear();
    EXPECT_TRUE(tower->encode(mel.values, mel.frames, mel.mask, control, &error).empty());
    EXPECT_TRUE(error.contains(QStringLiteral("cancelled"))) << error.toStdString();
    error.clear();
    EXPECT_TRUE(tower->encode(std::vector<float>(7), 1, {}, {}, &error).empty());
    EXPECT_FALSE(error.isEmpty());
}

TEST(AudioTower, ReadsLlamaCppMmprojNames) {
    auto o = audioOptions();
    const uint64_t W = uint64_t(o.audioWidth), out = uint64_t(o.audioOutput);
    o.removeTensors = {"a.pre_encode.out.weight", "mm.a.fc.weight", "mm.a.fc.bias"};
    o.addTensors["a.input_projection.weight"] = {32 * 32, W};
    o.addTensors["a.pre_encode.out.weight"] = {W, out};
    o.addTensors["a.pre_encode.out.bias"] = {out};
    for (int b = 0; b < o.audioBlocks; ++b) {
        const std::string p = "a.blk." + std::to_string(b) + ".";
        for (const char *n : {"ln1", "ln2", "layer_pre_norm", "linear_pos"})
            o.removeTensors.push_back(p + n + ".weight");
        o.addTensors[p + "attn_pre_norm.weight"] = {W};
        o.addTensors[p + "attn_post_norm.weight"] = {W};
        o.addTensors[p + "ln2.weight"] = {W};
        o.addTensors[p + "attn_k_rel.weight"] = {W, W};
    }
    const auto file = fixture(o);
    QString error;
    const auto tower = AudioReference::load(*file, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    EXPECT_TRUE(tower->config().llamaCppNames);
    EXPECT_EQ(tower->config().outputDims, o.audioOutput);
    // Clamp bounds, when present, are read.
    auto clamped = audioOptions();
    clamped.addTensors["a.blk.0.attn_q.input_max"] = {1};
    const auto file2 = fixture(clamped);
    const auto tower2 = AudioReference::load(*file2, &error);
    ASSERT_TRUE(tower2) << error.toStdString();
    EXPECT_TRUE(std::isfinite(tower2->weights().layers[0].q.inMax));
    EXPECT_FALSE(std::isfinite(tower2->weights().layers[0].q.inMin));
}

TEST(AudioTower, MissingOrMisshapedTensorsAreNamedInTheError) {
    struct Case {
        const char *what;
        std::function<void(test::Gemma4FixtureOptions &)> mutate;
        const char *mustMention;
    };
    const Case cases[] = {
        {"missing conv_pw1", [](auto &o) { o.removeTensors = {"a.blk.1.conv_pw1.weight"}; },
         "a.blk.1.conv_pw1.weight"},
        {"missing projection", [](auto &o) { o.removeTensors = {"mm.a.input_projection.weight"}; },
         "mm.a.input_projection.weight"},
        {"missing SSCP conv", [](auto &o) { o.removeTensors = {"a.conv1d.0.weight"}; },
         "a.conv1d.0.weight"},
        {"mis-shaped q",
         [](auto &o) {
             o.reshapeTensors["a.blk.0.attn_q.weight"] = {uint64_t(o.audioWidth), 7};
         },
         "a.blk.0.attn_q.weight"},
        {"mis-shaped per_dim_scale",
         [](auto &o) { o.reshapeTensors["a.blk.1.per_dim_scale.weight"] = {3}; },
         "a.blk.1.per_dim_scale.weight"},
        {"SSCP projection of the wrong width",
         [](auto &o) {
             o.reshapeTensors["a.pre_encode.out.weight"] = {64 * 32, 32};
         },
         "a.pre_encode.out.weight"},
        {"projection to another text width",
         [](auto &o) {
             o.reshapeTensors["mm.a.input_projection.weight"] = {48, 80};
         },
         "mm.a.input_projection.weight"},
        {"no audio tower", [](auto &o) { o.audio = false; }, "no audio tower"},
        {"metadata heads that do not divide the width",
         [](auto &o) {
             o.setKeys.push_back({"gemma4.audio.attention.head_count", gguf::Value::u32(3)});
         },
         "heads"},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.what);
        auto o = audioOptions();
        c.mutate(o);
        const auto file = fixture(o);
        ASSERT_TRUE(file);
        QString error;
        EXPECT_FALSE(AudioReference::load(*file, &error));
        EXPECT_TRUE(error.contains(QLatin1String(c.mustMention))) << error.toStdString();
    }
}

}  // namespace
}  // namespace facet::audio
