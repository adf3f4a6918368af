// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The GPU audio tower (engine/audio/audio_gpu.h) against the CPU reference AudioReference and
// against Hugging Face transformers 5.17 (tests/data/gemma4_mm, converted by our converter).
//
// Bounds:
//   - against the CPU reference (same weights, sums in double there, f32 on the GPU), every stage
//     and the embeddings within 1e-4 absolute: the activations are RMS-normalised at every layer
//     end (|x| of order 1..10), each stage is a few hundred f32 sums of at most a few thousand
//     terms, so the accumulated rounding is of order 1e-6 (measured <= 3.2e-6 on lavapipe,
//     printed);
//   - against HF's float32 run (the target), the embeddings within 1e-3 absolute and the
//     SSCP / layer / output stages within 1e-3 too (measured <= 3.4e-6; HF's own float32 rounding
//     and its different summation order are what remains).
#include "audio/audio_gpu.h"
#include "audio/audio_tower.h"
#include "gguf/gguf.h"
#include "gpu_test_env.h"
#include "safetensors/safetensors.h"
#include "support/gemma4_fixture.h"
#include "support/hf_gemma4_convert.h"
#include "support/test_support.h"

#include <QDir>
#include <QFileInfo>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

namespace facet::audio {
namespace {

using GpuAudioTowerTest = test::GpuBackendTest;

double maxAbsDiff(const std::vector<float> &a, const std::vector<float> &b) {
    EXPECT_EQ(a.size(), b.size());
    if (a.size() != b.size()) return INFINITY;
    double d = 0.0;
    for (size_t i = 0; i < a.size(); ++i)
        d = std::max(d, std::abs(double(a[i]) - double(b[i])));
    return d;
}

std::unique_ptr<gguf::File> tinyFixture(gguf::TensorType type) {
    test::Gemma4FixtureOptions o;
    o.audio = true;
    o.weightType = type;
    QString error;
    QByteArray bytes = test::gemma4FixtureBytes(o, &error);
    EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
    auto file = gguf::File::fromBytes(std::move(bytes), &error);
    EXPECT_TRUE(file) << error.toStdString();
    return file;
}

// A log-mel-like input: values around ln(1e-3)..ln(10), `valid` real frames then padding.
std::vector<float> randomMel(std::mt19937_64 &rng, int frames, int bins) {
    std::uniform_real_distribution<float> d(-7.0f, 2.5f);
    std::vector<float> mel(size_t(frames) * size_t(bins));
    for (float &v : mel)
        v = d(rng);
    return mel;
}

TEST_P(GpuAudioTowerTest, MatchesTheCpuReferenceStageByStage) {
    auto rng = test::seededRng();
    for (const auto type : {gguf::TensorType::F32, gguf::TensorType::F16, gguf::TensorType::Q8_0}) {
        SCOPED_TRACE(::testing::Message() << "weights " << gguf::typeTraits(type)->name);
        const auto file = tinyFixture(type);
        ASSERT_TRUE(file);
        QString error;
        const auto reference = AudioReference::load(*file, &error);
        ASSERT_TRUE(reference) << error.toStdString();
        auto tower = GpuAudioTower::create(*ctx, *reference, &error);
        ASSERT_TRUE(tower) << error.toStdString();
        EXPECT_GT(tower->weightBytes(), 0);
        const int bins = reference->config().melBins;
        // 0.6 s with the last 0.12 s padded (a masked tail, as the feature extractor pads a
        // batch): 16 frames after subsampling, two attention chunks, the last partial and partly
        // masked; and a clip shorter than one chunk. (Kept short: the second SSCP convolution
        // is most of the work, and lavapipe does ~30 M multiply-adds a second.)
        struct Case {
            int frames, validFrames;
        };
        for (const Case c : {Case{61, 49}, Case{37, 37}}) {
            SCOPED_TRACE(::testing::Message()
                         << c.frames << " frames, " << c.validFrames << " valid");
            const std::vector<float> mel = randomMel(rng, c.frames, bins);
            std::vector<uint8_t> mask(size_t(c.frames), 0);
            std::fill_n(mask.begin(), c.validFrames, 1);
            AudioStages want, got;
            const std::vector<float> cpu =
                reference->encode(mel, c.frames, mask, {}, &error, &want);
            ASSERT_FALSE(cpu.empty()) << error.toStdString();
            const std::vector<float> gpu = tower->encode(mel, c.frames, mask, {}, &error, &got);
            ASSERT_FALSE(gpu.empty()) << error.toStdString();
            EXPECT_EQ(got.frames, want.frames);
            EXPECT_EQ(got.valid, want.valid);
            const double sscp = maxAbsDiff(got.sscp, want.sscp);
            EXPECT_LE(sscp, 1e-4);
            ASSERT_EQ(got.layers.size(), want.layers.size());
            double layers = 0.0;
            for (size_t i = 0; i < want.layers.size(); ++i)
                layers = std::max(layers, maxAbsDiff(got.layers[i], want.layers[i]));
            EXPECT_LE(layers, 1e-4);
            const double output = maxAbsDiff(got.output, want.output);
            EXPECT_LE(output, 1e-4);
            const double emb = maxAbsDiff(gpu, cpu);
            EXPECT_LE(emb, 1e-4);
            // Without stages (one batch) the result is the same computation.
            if (c.frames == c.validFrames) {
                EXPECT_EQ(tower->encode(mel, c.frames, mask, {}, &error), gpu);
            }
            std::printf(
                "[ measured ] %s %d frames: sscp %.3g, layers %.3g, output %.3g, "
                "embeddings %.3g\n",
                gguf::typeTraits(type)->name, c.frames, sscp, layers, output, emb);
        }
        std::printf("[ memory   ] weights %lld bytes, activations %lld bytes\n",
                    static_cast<long long>(tower->weightBytes()),
                    static_cast<long long>(tower->activationBytes()));
    }
}

QString hfFixturePath(const char *name) {
    return QDir(QDir(test::dataDir()).filePath(QStringLiteral("gemma4_mm")))
        .filePath(QLatin1String(name));
}

TEST_P(GpuAudioTowerTest, MatchesHuggingFaceOnTheConvertedFixture) {
    QString error;
    const auto ref = safetensors::File::open(hfFixturePath("reference.safetensors"), &error);
    ASSERT_TRUE(ref) << error.toStdString();
    for (const auto storage : {test::HfGemma4ConvertOptions::TowerStorage::F32,
                               test::HfGemma4ConvertOptions::TowerStorage::Published}) {
        const bool f32 = storage == test::HfGemma4ConvertOptions::TowerStorage::F32;
        SCOPED_TRACE(f32 ? "F32 towers" : "published storage (BF16 audio linears)");
        test::HfGemma4ConvertOptions o;
        o.towers = storage;
        QByteArray bytes = test::convertHfGemma4(
            QFileInfo(hfFixturePath("config.json")).absolutePath(), o, &error);
        ASSERT_FALSE(bytes.isEmpty()) << error.toStdString();
        const auto file = gguf::File::fromBytes(std::move(bytes), &error);
        ASSERT_TRUE(file) << error.toStdString();
        const auto reference = AudioReference::load(*file, &error);
        ASSERT_TRUE(reference) << error.toStdString();
        auto tower = GpuAudioTower::create(*ctx, *reference, &error);
        ASSERT_TRUE(tower) << error.toStdString();
        for (const std::string name : {"aud0", "aud1"}) {
            SCOPED_TRACE(name);
            const safetensors::Tensor *melT = ref->find(name + ".mel");
            const safetensors::Tensor *maskT = ref->find(name + ".mel_mask");
            ASSERT_TRUE(melT && maskT);
            const std::vector<float> mel = melT->toFloat();
            const int frames = int(melT->shape[0]);
            std::vector<uint8_t> mask(static_cast<size_t>(frames));
            for (int t = 0; t < frames; ++t)
                mask[size_t(t)] = maskT->data[size_t(t)] ? 1 : 0;
            AudioStages stages;
            const std::vector<float> emb = tower->encode(mel, frames, mask, {}, &error, &stages);
            ASSERT_FALSE(emb.empty()) << error.toStdString();
            const std::vector<float> want = ref->find(name + ".embeddings")->toFloat();
            const double embDiff = maxAbsDiff(emb, want);
            // BF16 storage changes the weights themselves: HF's float32 run is then not the
            // reference for the values, only the CPU reference on the same weights is.
            if (f32) {
                EXPECT_LE(embDiff, 1e-3);
                const auto rows = [&](const std::vector<float> &all, const std::string &stage) {
                    const safetensors::Tensor *t = ref->find(name + "." + stage);
                    EXPECT_TRUE(t);
                    const size_t n = t ? size_t(t->shape[0]) * size_t(t->shape[1]) : 0;
                    return std::vector<float>(all.begin(),
                                              all.begin() + ptrdiff_t(std::min(n, all.size())));
                };
                double stageDiff =
                    maxAbsDiff(rows(stages.sscp, "sscp"), ref->find(name + ".sscp")->toFloat());
                for (size_t i = 0; i < stages.layers.size(); ++i) {
                    const std::string key = "layer" + std::to_string(i);
                    stageDiff =
                        std::max(stageDiff, maxAbsDiff(rows(stages.layers[i], key),
                                                       ref->find(name + "." + key)->toFloat()));
                }
                stageDiff = std::max(stageDiff, maxAbsDiff(rows(stages.output, "output"),
                                                           ref->find(name + ".output")->toFloat()));
                EXPECT_LE(stageDiff, 1e-3);
                std::printf("[ measured ] %s vs HF: embeddings %.3g, stages %.3g\n", name.c_str(),
                            embDiff, stageDiff);
            }
            const std::vector<float> cpu = reference->encode(mel, frames, mask, {}, &error);
            const double cpuDiff = maxAbsDiff(emb, cpu);
            EXPECT_LE(cpuDiff, 1e-4);
            std::printf("[ measured ] %s (%s) vs the CPU reference: %.3g\n", name.c_str(),
                        f32 ? "F32" : "published", cpuDiff);
        }
    }
}

TEST_P(GpuAudioTowerTest, ProgressCancelAndBadInput) {
    auto rng = test::seededRng();
    test::Gemma4FixtureOptions o;
    o.audio = true;
    o.audioBlocks = 5;
    QString error;
    QByteArray bytes = test::gemma4FixtureBytes(o, &error);
    ASSERT_FALSE(bytes.isEmpty()) << error.toStdString();
    const auto file = gguf::File::fromBytes(std::move(bytes), &error);
    ASSERT_TRUE(file) << error.toStdString();
    const auto reference = AudioReference::load(*file, &error);
    ASSERT_TRUE(reference) << error.toStdString();
    GpuAudioOptions options;
    options.layersPerBatch = 2;
    auto tower = GpuAudioTower::create(*ctx, *reference, options, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    const int bins = reference->config().melBins;
    const std::vector<float> mel = randomMel(rng, 49, bins);

    // Progress after every batch of two layers and at the end; all layers reported once.
    std::vector<int> seen;
    AudioEncodeControl control;
    control.progress = [&](int done, int total) {
        EXPECT_EQ(total, 5);
        seen.push_back(done);
        return true;
    };
    const std::vector<float> full = tower->encode(mel, 49, {}, control, &error);
    ASSERT_FALSE(full.empty()) << error.toStdString();
    EXPECT_EQ(seen, (std::vector<int>{2, 4, 5}));
    EXPECT_EQ(full.size(), size_t(13) * size_t(reference->config().textWidth));
    EXPECT_LE(maxAbsDiff(full, reference->encode(mel, 49, {}, {}, &error)), 1e-4);

    // Cancelled after the first batch: an error, no tokens; the tower stays usable.
    control.progress = [](int done, int) { return done < 2; };
    error.clear();
    EXPECT_TRUE(tower->encode(mel, 49, {}, control, &error).empty());
    EXPECT_TRUE(error.contains(QLatin1String("cancelled"))) << error.toStdString();
    EXPECT_EQ(tower->encode(mel, 49, {}, {}, &error), full);

    // Bad input is an error, not a crash.
    error.clear();
    EXPECT_TRUE(tower->encode(mel, 48, {}, {}, &error).empty());
    EXPECT_FALSE(error.isEmpty());
    error.clear();
    EXPECT_TRUE(tower->encode(mel, 49, std::vector<uint8_t>(7, 1), {}, &error).empty());
    EXPECT_FALSE(error.isEmpty());
    error.clear();
    EXPECT_TRUE(tower->encode({}, 0, {}, {}, &error).empty());
    EXPECT_FALSE(error.isEmpty());

    // A longer input grows the activations; reserve sizes them ahead.
    const qint64 before = tower->activationBytes();
    ASSERT_TRUE(tower->reserve(3000, &error)) << error.toStdString();
    EXPECT_GT(tower->activationBytes(), before);
    EXPECT_EQ(tower->memoryBytes(), tower->weightBytes() + tower->activationBytes());
    EXPECT_EQ(tower->encode(mel, 49, {}, {}, &error), full);
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuAudioTowerTest,
                         ::testing::Values(gpu::Backend::Vulkan, gpu::Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::audio
