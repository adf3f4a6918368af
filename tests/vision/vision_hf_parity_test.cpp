// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Parity with Hugging Face transformers 5.17 on tests/data/gemma4_mm (made by its
// make_hf_reference.py): the fixture's images (an RGBA PNG and a JPEG with EXIF orientation 6) are
// decoded and preprocessed here at HF's budget and compared with HF's resized pixels (±1 LSB);
// then HF's own pixels go through the CPU reference tower, read from our conversion of the
// checkpoint, and every stage is compared with HF's (≤ 1e-3 absolute, the bound), and
// finally our own pixels' embeddings too. The largest differences are printed (the parity table).
#include "gguf/gguf.h"
#include "safetensors/safetensors.h"
#include "support/hf_gemma4_convert.h"
#include "support/test_support.h"
#include "vision/image_loader.h"
#include "vision/vision_tower.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace facet::vision {
namespace {

QString dataPath(const QString &name) {
    return QDir(test::dataDir()).filePath(QStringLiteral("gemma4_mm/") + name);
}

struct Reference {
    std::unique_ptr<safetensors::File> file;
    std::vector<float> f(const std::string &name) const {
        const auto *t = file->find(name);
        EXPECT_TRUE(t) << name;
        return t ? t->toFloat() : std::vector<float>{};
    }
};

double maxAbsDiff(const std::vector<float> &a, const std::vector<float> &b) {
    EXPECT_EQ(a.size(), b.size());
    double m = 0;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        m = std::max(m, double(std::abs(a[i] - b[i])));
    return m;
}

TEST(VisionHfParity, PixelsStagesAndEmbeddings) {
    QString error;
    // Our own conversion of the transformers-made checkpoint, laid out as Ollama's converter does
    // (towers in F32).
    const QByteArray converted = test::convertHfGemma4(
        QDir(test::dataDir()).filePath(QStringLiteral("gemma4_mm")), {}, &error);
    ASSERT_FALSE(converted.isEmpty()) << error.toStdString();
    auto gg = gguf::File::fromBytes(converted, &error);
    ASSERT_TRUE(gg) << error.toStdString();
    auto tower = VisionTower::load(*gg, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    EXPECT_TRUE(tower->config().clamped);
    EXPECT_TRUE(tower->config().standardize);
    QFile manifestFile(dataPath(QStringLiteral("reference.json")));
    ASSERT_TRUE(manifestFile.open(QIODevice::ReadOnly));
    const QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
    const int budget = manifest.value(QStringLiteral("image_budget")).toInt();
    const int images = static_cast<int>(manifest.value(QStringLiteral("images")).toArray().size());
    ASSERT_EQ(images, 2);
    Reference ref{safetensors::File::open(dataPath("reference.safetensors"), &error)};
    ASSERT_TRUE(ref.file) << error.toStdString();

    for (int k = 0; k < images; ++k) {
        const std::string p = "img" + std::to_string(k) + ".";
        SCOPED_TRACE(p);
        DecodeOptions hfLoad;
        hfLoad.compositeAlphaOnWhite = false;  // HF's load_image drops alpha
        const auto decoded = decodeImageFile(
            dataPath(k == 0 ? QStringLiteral("img0.png") : QStringLiteral("img1.jpg")), &error,
            hfLoad);
        ASSERT_TRUE(decoded) << error.toStdString();
        PreprocessOptions opts;
        opts.softTokenBudget = budget;
        const auto pre = preprocessImage(*decoded, opts, &error);
        ASSERT_TRUE(pre) << error.toStdString();
        const auto *px = ref.file->find(p + "pixels");
        ASSERT_TRUE(px);
        ASSERT_EQ(px->shape, (std::vector<int64_t>{3, pre->height, pre->width}));
        const auto hfPixels = px->toInt();
        int worst = 0, differing = 0;
        std::vector<uint8_t> hfRgb(hfPixels.size());
        for (int y = 0; y < pre->height; ++y)
            for (int x = 0; x < pre->width; ++x)
                for (int c = 0; c < 3; ++c) {
                    const int64_t hv = hfPixels[(size_t(c) * pre->height + y) * pre->width + x];
                    const int ov = pre->rgb[(size_t(y) * pre->width + x) * 3 + c];
                    hfRgb[(size_t(y) * pre->width + x) * 3 + c] = uint8_t(hv);
                    worst = std::max<int>(worst, std::abs(int(hv) - ov));
                    differing += hv != ov;
                }
        EXPECT_LE(worst, 1) << differing << " values differ";
        std::printf("%s pixels: max diff %d, %d of %zu differ\n", p.c_str(), worst, differing,
                    hfPixels.size());

        // HF's own pixels through the tower, so that every stage sees the same input.
        const auto hfImage = patchify(hfRgb, pre->width, pre->height, &error);
        ASSERT_TRUE(hfImage);
        const auto pos = ref.file->find(p + "positions")->toInt();
        ASSERT_EQ(pos.size(), hfImage->positions.size());
        for (size_t i = 0; i < pos.size(); ++i)
            ASSERT_EQ(pos[i], hfImage->positions[i]);
        VisionStages stages;
        const auto emb = VisionReference(*tower).encode(*hfImage, {}, &error, &stages);
        ASSERT_FALSE(emb.empty()) << error.toStdString();
        const double dPatch = maxAbsDiff(stages.patchEmbedding, ref.f(p + "patch_embed"));
        const double dL0 = maxAbsDiff(stages.layers[0], ref.f(p + "layer0"));
        const double dL1 = maxAbsDiff(stages.layers[1], ref.f(p + "layer1"));
        const double dPool = maxAbsDiff(stages.pooled, ref.f(p + "pooled_before_standardize"));
        const double dStd = maxAbsDiff(stages.towerOutput, ref.f(p + "pooled"));
        const double dEmb = maxAbsDiff(emb, ref.f(p + "embeddings"));
        std::printf("%s patch %.3g layer0 %.3g layer1 %.3g pooled %.3g std %.3g emb %.3g\n",
                    p.c_str(), dPatch, dL0, dL1, dPool, dStd, dEmb);
        EXPECT_LE(dPatch, 1e-3);
        EXPECT_LE(dL0, 1e-3);
        EXPECT_LE(dL1, 1e-3);
        EXPECT_LE(dPool, 1e-3);
        EXPECT_LE(dStd, 1e-3);
        EXPECT_LE(dEmb, 1e-3);

        // And the whole front end: our decode and resize, then the tower.
        const auto ours = VisionReference(*tower).encode(*pre, {}, &error);
        EXPECT_LE(maxAbsDiff(ours, ref.f(p + "embeddings")), 1e-3);
    }
}

}  // namespace
}  // namespace facet::vision
