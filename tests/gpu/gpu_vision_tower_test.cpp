// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The GPU vision tower (vision/vision_gpu.h) against the CPU reference (VisionReference) on the
// generated fixture's tower (F16 linears, Ollama's packed clamp bounds) and against transformers'
// own outputs on the converted Hugging Face fixture (tests/data/gemma4_mm: clamp scalars,
// standardisation, 16-pixel patches); cancelling; files whose tower is missing or broken.
//
// Bounds: the parity target for embeddings is 1e-3 absolute against transformers. The GPU
// sums in f32 in other orders than the reference (double sums), through two encoder blocks whose
// residual stream reaches |h| ~ 10; the measured differences (printed) are ~1e-5, and the tests
// hold the GPU to 1e-4 · max(1, max|ref|) against the CPU reference and to 1e-3 against HF.
#include "gpu/gpu_context.h"
#include "gpu_test_env.h"
#include "safetensors/safetensors.h"
#include "support/gemma4_fixture.h"
#include "support/hf_gemma4_convert.h"
#include "support/test_support.h"
#include "vision/vision_gpu.h"
#include "vision/vision_tower.h"

#include <QDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace facet::vision {
namespace {

using Rng = std::mt19937_64;

// A random image already cut into patches (HF's order) for a tower of `patch`-pixel patches.
PreprocessedImage randomImage(Rng &rng, int patch, int pool, int blocksX, int blocksY) {
    PreprocessedImage im;
    im.patchSize = patch;
    im.poolingKernel = pool;
    im.width = blocksX * pool * patch;
    im.height = blocksY * pool * patch;
    const int px = im.patchesX(), py = im.patchesY(), values = im.patchValues();
    std::uniform_int_distribution<int> byte(0, 255);
    im.patches.resize(size_t(px) * py * values);
    for (float &v : im.patches)
        v = float(byte(rng)) / 255.0f;
    for (int y = 0; y < py; ++y)
        for (int x = 0; x < px; ++x) {
            im.positions.push_back(x);
            im.positions.push_back(y);
        }
    return im;
}

struct Diff {
    double maxAbs = 0.0, refMax = 0.0;
};
Diff compare(const std::vector<float> &got, const std::vector<float> &want) {
    Diff d;
    EXPECT_EQ(got.size(), want.size());
    for (size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
        d.maxAbs = std::max(d.maxAbs, std::abs(double(got[i]) - want[i]));
        d.refMax = std::max(d.refMax, std::abs(double(want[i])));
    }
    return d;
}

std::unique_ptr<gguf::File> fixtureFile(const test::Gemma4FixtureOptions &o) {
    QString error;
    const QByteArray bytes = test::gemma4FixtureBytes(o, &error);
    EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
    auto f = gguf::File::fromBytes(bytes, &error);
    EXPECT_TRUE(f) << error.toStdString();
    return f;
}

test::Gemma4FixtureOptions visionFixture() {
    test::Gemma4FixtureOptions o;
    o.vision = true;
    o.visionBlocks = 3;
    o.visionWidth = 64;
    o.visionHeads = 2;  // head dim 32
    o.visionFfn = 96;
    o.visionPositions = 40;
    return o;
}

using GpuVisionTowerTest = test::GpuBackendTest;

TEST_P(GpuVisionTowerTest, MatchesCpuReferenceOnFixture) {
    auto rng = test::seededRng();
    auto file = fixtureFile(visionFixture());
    ASSERT_TRUE(file);
    QString error;
    auto tower = VisionTower::load(*file, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    const VisionConfig &c = tower->config();
    // Weights spread over several small buffers; layers submitted two at a time.
    GpuVisionOptions options;
    options.maxWeightBufferBytes = 32 << 10;
    options.layersPerSubmit = 2;
    auto gpuTower = GpuVisionTower::create(*ctx, *tower, options, &error);
    ASSERT_TRUE(gpuTower) << error.toStdString();
    EXPECT_GT(gpuTower->weightBytes(), 0);
    const VisionReference reference(*tower);
    // A larger image first (the buffers grow to it), then a smaller one reusing them, then one of
    // 180 patches (several 64-row attention blocks and 32-key tiles, with tails).
    const std::pair<int, int> sizes[] = {{4, 3}, {2, 1}, {5, 4}};
    for (const auto &[bx, by] : sizes) {
        SCOPED_TRACE(::testing::Message() << bx << "x" << by << " soft tokens");
        const PreprocessedImage image = randomImage(rng, c.patchSize, c.poolingKernel, bx, by);
        std::vector<std::pair<int, int>> steps;
        EncodeControl control;
        control.progress = [&](int done, int total) {
            steps.emplace_back(done, total);
            return true;
        };
        const auto got = gpuTower->encode(image, control, &error);
        ASSERT_FALSE(got.empty()) << error.toStdString();
        const auto want = reference.encode(image, {}, &error);
        ASSERT_FALSE(want.empty()) << error.toStdString();
        ASSERT_EQ(got.size(), size_t(image.softTokens()) * c.textWidth);
        const Diff d = compare(got, want);
        std::printf("[ measured ] %d patches: max |gpu - cpu| %.3g (max |cpu| %.3g)\n",
                    image.numPatches(), d.maxAbs, d.refMax);
        EXPECT_LE(d.maxAbs, 1e-4 * std::max(1.0, d.refMax));
        // Progress: every step once, in order, ending at the total.
        ASSERT_EQ(steps.size(), size_t(c.layers + 2));
        for (size_t i = 0; i < steps.size(); ++i) {
            EXPECT_EQ(steps[i].first, int(i) + 1);
            EXPECT_EQ(steps[i].second, c.layers + 2);
        }
    }
    EXPECT_GT(gpuTower->activationBytes(), 0);
    EXPECT_GE(gpuTower->activationBytes(), gpuTower->activationBytesFor(5 * 4 * 9));
    gpuTower->releaseActivations();
    EXPECT_EQ(gpuTower->activationBytes(), 0);
}

TEST_P(GpuVisionTowerTest, CancelStopsAndTheTowerStaysUsable) {
    auto rng = test::seededRng();
    auto file = fixtureFile(visionFixture());
    ASSERT_TRUE(file);
    QString error;
    GpuVisionOptions options;
    options.layersPerSubmit = 1;
    auto gpuTower = GpuVisionTower::create(*ctx, *file, options, &error);
    ASSERT_TRUE(gpuTower) << error.toStdString();
    const VisionConfig &c = gpuTower->config();
    const PreprocessedImage image = randomImage(rng, c.patchSize, c.poolingKernel, 2, 2);
    int calls = 0;
    EncodeControl cancel;
    cancel.progress = [&](int done, int) {
        ++calls;
        return done < 2;
    };
    EXPECT_TRUE(gpuTower->encode(image, cancel, &error).empty());
    EXPECT_TRUE(error.contains(QStringLiteral("cancelled"))) << error.toStdString();
    EXPECT_EQ(calls, 2);
    error.clear();
    const auto again = gpuTower->encode(image, {}, &error);
    EXPECT_EQ(again.size(), size_t(image.softTokens()) * c.textWidth) << error.toStdString();
}

TEST_P(GpuVisionTowerTest, BadImagesAndMissingTowersAreErrors) {
    auto rng = test::seededRng();
    QString error;
    // No tower at all.
    auto plain = fixtureFile({});
    ASSERT_TRUE(plain);
    EXPECT_FALSE(GpuVisionTower::create(*ctx, *plain, {}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("vision"))) << error.toStdString();
    // A missing and a mis-shaped tensor, named in the message.
    auto o = visionFixture();
    o.removeTensors = {"v.blk.1.ffn_down.weight"};
    auto missing = fixtureFile(o);
    ASSERT_TRUE(missing);
    error.clear();
    EXPECT_FALSE(GpuVisionTower::create(*ctx, *missing, {}, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("v.blk.1.ffn_down.weight"))) << error.toStdString();
    o = visionFixture();
    o.reshapeTensors = {{"v.blk.0.attn_q_norm.weight", {8}}};
    auto misshaped = fixtureFile(o);
    ASSERT_TRUE(misshaped);
    error.clear();
    EXPECT_FALSE(GpuVisionTower::create(*ctx, *misshaped, {}, &error));
    EXPECT_FALSE(error.isEmpty());

    auto file = fixtureFile(visionFixture());
    ASSERT_TRUE(file);
    auto gpuTower = GpuVisionTower::create(*ctx, *file, {}, &error);
    ASSERT_TRUE(gpuTower) << error.toStdString();
    const VisionConfig &c = gpuTower->config();
    // Wrong patch size, positions past the table, an incomplete pooling block, no patches.
    PreprocessedImage im = randomImage(rng, c.patchSize * 2, c.poolingKernel, 1, 1);
    EXPECT_TRUE(gpuTower->encode(im, {}, &error).empty());
    EXPECT_TRUE(error.contains(QStringLiteral("patches"))) << error.toStdString();
    im = randomImage(rng, c.patchSize, c.poolingKernel, 1, 1);
    im.positions[0] = c.positions;
    EXPECT_TRUE(gpuTower->encode(im, {}, &error).empty());
    EXPECT_TRUE(error.contains(QStringLiteral("position table"))) << error.toStdString();
    im = randomImage(rng, c.patchSize, c.poolingKernel, 2, 1);
    im.positions[0] = 3;  // block 1 gets ten patches, block 0 eight
    EXPECT_TRUE(gpuTower->encode(im, {}, &error).empty());
    EXPECT_TRUE(error.contains(QStringLiteral("pooled"))) << error.toStdString();
    im = PreprocessedImage();
    EXPECT_TRUE(gpuTower->encode(im, {}, &error).empty());
    EXPECT_FALSE(error.isEmpty());
    // Still usable.
    im = randomImage(rng, c.patchSize, c.poolingKernel, 1, 1);
    EXPECT_FALSE(gpuTower->encode(im, {}, &error).empty()) << error.toStdString();
}

// The converted transformers fixture: the GPU's soft tokens against HF's `embeddings` (and the
// CPU reference) for both images of the fixture, from HF's own resized pixels.
TEST_P(GpuVisionTowerTest, MatchesTransformersOnHfFixture) {
    const QString dir = QDir(test::dataDir()).filePath(QStringLiteral("gemma4_mm"));
    QString error;
    const QByteArray bytes = test::convertHfGemma4(dir, {}, &error);
    ASSERT_FALSE(bytes.isEmpty()) << error.toStdString();
    auto file = gguf::File::fromBytes(bytes, &error);
    ASSERT_TRUE(file) << error.toStdString();
    auto reference = safetensors::File::open(
        QDir(dir).filePath(QStringLiteral("reference.safetensors")), &error);
    ASSERT_TRUE(reference) << error.toStdString();
    auto tower = VisionTower::load(*file, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    auto gpuTower = GpuVisionTower::create(*ctx, *tower, {}, &error);
    ASSERT_TRUE(gpuTower) << error.toStdString();
    const VisionReference cpu(*tower);
    for (const std::string img : {"img0", "img1"}) {
        SCOPED_TRACE(img);
        const safetensors::Tensor *pixels = reference->find(img + ".pixels");
        const safetensors::Tensor *embeddings = reference->find(img + ".embeddings");
        ASSERT_TRUE(pixels && embeddings);
        ASSERT_EQ(pixels->shape.size(), 3u);
        const int h = int(pixels->shape[1]), w = int(pixels->shape[2]);
        // HF's resized image is [3][h][w] uint8; patchify takes interleaved RGB rows.
        std::vector<uint8_t> rgb(size_t(h) * w * 3);
        for (int ch = 0; ch < 3; ++ch)
            for (int i = 0; i < h * w; ++i)
                rgb[size_t(i) * 3 + ch] = pixels->data[size_t(ch) * h * w + i];
        auto image = patchify(std::move(rgb), w, h, &error);
        ASSERT_TRUE(image) << error.toStdString();
        const auto got = gpuTower->encode(*image, {}, &error);
        ASSERT_FALSE(got.empty()) << error.toStdString();
        const Diff hf = compare(got, embeddings->toFloat());
        const Diff ref = compare(got, cpu.encode(*image, {}, &error));
        std::printf("[ measured ] %s: max |gpu - hf| %.3g, max |gpu - cpu| %.3g (max |hf| %.3g)\n",
                    img.c_str(), hf.maxAbs, ref.maxAbs, hf.refMax);
        EXPECT_LE(hf.maxAbs, 1e-3);
        EXPECT_LE(ref.maxAbs, 1e-4 * std::max(1.0, ref.refMax));
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuVisionTowerTest,
                         ::testing::Values(gpu::Backend::Vulkan, gpu::Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::vision
