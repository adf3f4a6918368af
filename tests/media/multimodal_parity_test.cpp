// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Multimodal logits against Hugging Face transformers 5.17 (the tiny Gemma 4 of tests/data/
// gemma4_mm, made by make_hf_reference.py there and converted by our own converter): a 245-token
// prompt holding two images and two audio clips, spliced as <|image> + soft tokens + <image|>.
//
//   1. HF's own soft embeddings through our text decoder (CPU reference and GPU): isolates the
//      splicing (soft positions unscaled, per-layer embedding of pad) from the towers.
//   2. Our towers end to end (decode → preprocess / log-mel → tower → projection) feeding the
//      decoder: the parity target, logits within 2e-3 of HF's and the same argmax.
#include "audio/audio_decode.h"
#include "audio/audio_tower.h"
#include "audio/log_mel.h"
#include "generate/forward_backend.h"
#include "gguf/gguf.h"
#include "media/media_encoder.h"
#include "model/gemma4_config.h"
#include "model/reference_model.h"
#include "safetensors/safetensors.h"
#include "session/model_runtime.h"
#include "support/gemma4_fixture.h"
#include "support/gpu_process.h"
#include "support/hf_gemma4_convert.h"
#include "support/test_support.h"
#include "vision/image_loader.h"
#include "vision/image_preprocess.h"
#include "vision/vision_tower.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

namespace facet {
namespace {

QString fixturePath(const char *name) {
    return QDir(QDir(test::dataDir()).filePath(QStringLiteral("gemma4_mm")))
        .filePath(QLatin1String(name));
}

struct Fixture {
    QByteArray ggufBytes;
    std::unique_ptr<gguf::File> gguf;
    std::unique_ptr<safetensors::File> ref;
    QJsonObject spans;  // name -> [first soft position, count]
    std::vector<int32_t> tokens;
    int vocab = 0;
    int hidden = 0;
    std::optional<model::Gemma4Config> config;
};

const Fixture &fixture() {
    static Fixture *f = [] {
        auto *x = new Fixture;
        QString error;
        x->ggufBytes = test::convertHfGemma4(QFileInfo(fixturePath("config.json")).absolutePath(),
                                             test::HfGemma4ConvertOptions(), &error);
        EXPECT_FALSE(x->ggufBytes.isEmpty()) << error.toStdString();
        x->gguf = gguf::File::fromBytes(x->ggufBytes, &error);
        EXPECT_TRUE(x->gguf) << error.toStdString();
        if (x->gguf) {
            x->config = model::Gemma4Config::fromGguf(*x->gguf, &error);
            EXPECT_TRUE(x->config) << error.toStdString();
        }
        x->ref = safetensors::File::open(fixturePath("reference.safetensors"), &error);
        EXPECT_TRUE(x->ref) << error.toStdString();
        QFile manifest(fixturePath("reference.json"));
        EXPECT_TRUE(manifest.open(QIODevice::ReadOnly));
        x->spans = QJsonDocument::fromJson(manifest.readAll())
                       .object()
                       .value(QLatin1String("mm"))
                       .toObject()
                       .value(QLatin1String("spans"))
                       .toObject();
        if (x->ref) {
            for (int64_t t : x->ref->find("mm.tokens")->toInt())
                x->tokens.push_back(int32_t(t));
            x->vocab = int(x->ref->find("mm.logits")->shape.back());
            x->hidden = int(x->ref->find("img0.embeddings")->shape.back());
        }
        return x;
    }();
    return *f;
}

// A media encoder on the fixture model (nullptr when the fixture did not load).
std::unique_ptr<media::MediaEncoder> fixtureEncoder() {
    const Fixture &f = fixture();
    if (!f.gguf || !f.config) return nullptr;
    return std::make_unique<media::MediaEncoder>(*f.gguf, *f.config, fixturePath("config.json"));
}

// Soft embeddings at the spans of the prompt, from one [N][H] block per media item.
std::vector<model::SoftEmbedding> spliced(const std::map<QString, std::vector<float>> &blocks) {
    const Fixture &f = fixture();
    std::vector<model::SoftEmbedding> soft;
    for (const auto &[name, rows] : blocks) {
        const QJsonArray span = f.spans.value(name).toArray();
        const int first = span.at(0).toInt(), count = span.at(1).toInt();
        EXPECT_EQ(rows.size(), size_t(count) * size_t(f.hidden)) << name.toStdString();
        for (int i = 0; i < count && size_t(i + 1) * size_t(f.hidden) <= rows.size(); ++i) {
            soft.push_back(
                {first + i, std::vector<float>(rows.begin() + ptrdiff_t(i) * f.hidden,
                                               rows.begin() + ptrdiff_t(i + 1) * f.hidden)});
        }
    }
    return soft;
}

std::map<QString, std::vector<float>> hfEmbeddings() {
    std::map<QString, std::vector<float>> m;
    for (const char *name : {"img0", "img1", "aud0", "aud1"}) {
        m[QLatin1String(name)] = fixture().ref->find(std::string(name) + ".embeddings")->toFloat();
    }
    return m;
}

// Our towers on the fixture's input files. img0 is HF's resized pixels (its transparent pixels
// hold colour, which HF's load_image keeps and Facet composites on white); img1 goes through
// Facet's decoder and preprocessing, EXIF orientation included.
std::map<QString, std::vector<float>> ourEmbeddings() {
    const Fixture &f = fixture();
    std::map<QString, std::vector<float>> m;
    QString error;
    const std::unique_ptr<vision::VisionTower> vt = vision::VisionTower::load(*f.gguf, &error);
    EXPECT_TRUE(vt) << error.toStdString();
    if (!vt) return m;
    const vision::VisionReference vision(*vt);
    {
        const safetensors::Tensor *px = f.ref->find("img0.pixels");  // uint8 [3][H][W]
        const int H = int(px->shape[1]), W = int(px->shape[2]);
        std::vector<uint8_t> rgb(size_t(H) * size_t(W) * 3);
        for (int c = 0; c < 3; ++c)
            for (int i = 0; i < H * W; ++i)
                rgb[size_t(i) * 3 + size_t(c)] = px->data[size_t(c) * size_t(H * W) + size_t(i)];
        const auto pre = vision::patchify(std::move(rgb), W, H, &error);
        EXPECT_TRUE(pre) << error.toStdString();
        if (pre) m[QStringLiteral("img0")] = vision.encode(*pre, {}, &error);
    }
    {
        const auto image = vision::decodeImageFile(fixturePath("img1.jpg"), &error);
        EXPECT_TRUE(image) << error.toStdString();
        vision::PreprocessOptions po;
        po.softTokenBudget = 70;
        const auto pre = vision::preprocessImage(*image, po, &error);
        EXPECT_TRUE(pre) << error.toStdString();
        if (pre) m[QStringLiteral("img1")] = vision.encode(*pre, {}, &error);
    }
    const std::unique_ptr<audio::AudioReference> at = audio::AudioReference::load(*f.gguf, &error);
    EXPECT_TRUE(at) << error.toStdString();
    if (!at) return m;
    for (const char *name : {"aud0", "aud1"}) {
        const auto decoded =
            audio::decodeAudioFile(fixturePath((std::string(name) + ".wav").c_str()), &error);
        EXPECT_TRUE(decoded) << error.toStdString();
        if (!decoded) continue;
        const audio::LogMel mel = audio::logMelSpectrogram(decoded->samples);
        m[QLatin1String(name)] = at->encode(mel.values, mel.frames, mel.mask, {}, &error);
        EXPECT_FALSE(m[QLatin1String(name)].empty()) << error.toStdString();
    }
    return m;
}

struct Diff {
    double maxAbs = 0;
    int argmaxMismatches = 0;
    int nearTies = 0;  // positions whose top two HF logits are within `tie` of each other
};

// `got` against HF's mm.logits: the largest difference, and the positions where the argmax
// differs although HF's top two are further apart than `tie` (a difference within the bound can
// only swap near-ties).
Diff compare(const std::vector<float> &got, double tie) {
    const Fixture &f = fixture();
    const std::vector<float> want = f.ref->find("mm.logits")->toFloat();
    Diff d;
    EXPECT_EQ(got.size(), want.size());
    if (got.size() != want.size()) {
        d.maxAbs = INFINITY;
        return d;
    }
    const size_t V = size_t(f.vocab);
    for (size_t t = 0; t < want.size() / V; ++t) {
        const float *w = want.data() + t * V, *g = got.data() + t * V;
        size_t aw = 0, ag = 0;
        for (size_t i = 0; i < V; ++i) {
            d.maxAbs = std::max(d.maxAbs, double(std::fabs(w[i] - g[i])));
            if (w[i] > w[aw]) aw = i;
            if (g[i] > g[ag]) ag = i;
        }
        float second = -INFINITY;
        for (size_t i = 0; i < V; ++i)
            if (i != aw) second = std::max(second, w[i]);
        if (double(w[aw] - second) < tie) {
            ++d.nearTies;
        } else if (aw != ag) {
            ++d.argmaxMismatches;
        }
    }
    return d;
}

constexpr double kLogitBound = 2e-3;  // the bound for multimodal logits

TEST(MultimodalParity, HfEmbeddingsThroughTheReferenceDecoder) {
    const Fixture &f = fixture();
    ASSERT_TRUE(f.gguf && f.ref);
    QString error;
    const auto model = model::ReferenceModel::load(*f.gguf, &error);
    ASSERT_TRUE(model) << error.toStdString();
    const std::vector<model::SoftEmbedding> soft = spliced(hfEmbeddings());
    ASSERT_EQ(soft.size(), size_t(60 + 65 + 25 + 58));
    const std::vector<float> logits = model->forward(f.tokens, soft, &error);
    ASSERT_FALSE(logits.empty()) << error.toStdString();
    const Diff d = compare(logits, 2 * kLogitBound);
    std::printf("HF embeddings, CPU reference decoder: max |Δlogit| %.3g, near-ties %d\n", d.maxAbs,
                d.nearTies);
    EXPECT_LT(d.maxAbs, kLogitBound);
    EXPECT_EQ(d.argmaxMismatches, 0);
}

TEST(MultimodalParity, OurTowersEndToEnd) {
    const Fixture &f = fixture();
    ASSERT_TRUE(f.gguf && f.ref);
    const std::map<QString, std::vector<float>> ours = ourEmbeddings();
    ASSERT_EQ(ours.size(), 4u);
    const std::map<QString, std::vector<float>> hf = hfEmbeddings();
    for (const auto &[name, rows] : ours) {
        const std::vector<float> &want = hf.at(name);
        ASSERT_EQ(rows.size(), want.size()) << name.toStdString();
        double maxAbs = 0;
        for (size_t i = 0; i < rows.size(); ++i)
            maxAbs = std::max(maxAbs, double(std::fabs(rows[i] - want[i])));
        std::printf("%s embeddings: max |Δ| %.3g\n", qPrintable(name), maxAbs);
        EXPECT_LT(maxAbs, 1e-3) << name.toStdString();
    }
    QString error;
    const auto model = model::ReferenceModel::load(*f.gguf, &error);
    ASSERT_TRUE(model) << error.toStdString();
    const std::vector<float> logits = model->forward(f.tokens, spliced(ours), &error);
    ASSERT_FALSE(logits.empty()) << error.toStdString();
    const Diff d = compare(logits, 2 * kLogitBound);
    std::printf("our towers, CPU reference decoder: max |Δlogit| %.3g, near-ties %d\n", d.maxAbs,
                d.nearTies);
    EXPECT_LT(d.maxAbs, kLogitBound);
    EXPECT_EQ(d.argmaxMismatches, 0);
}

TEST(MultimodalParity, HfEmbeddingsThroughTheGpuDecoder) {
    const Fixture &f = fixture();
    ASSERT_TRUE(f.gguf && f.ref);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mm.gguf"));
    {
        QFile out(path);
        ASSERT_TRUE(out.open(QIODevice::WriteOnly));
        ASSERT_EQ(out.write(f.ggufBytes), f.ggufBytes.size());
    }
    session::RuntimeError error;
    auto rt = session::ModelRuntime::open(path, &error);
    ASSERT_TRUE(rt) << error.message().toStdString();
    session::RuntimeOptions options;
    options.contextLength = 512;
    ASSERT_TRUE(rt->start(options, &error)) << error.message().toStdString();
    QString why;
    const std::vector<float> logits =
        rt->backend()->prefillAllLogits(f.tokens, spliced(hfEmbeddings()), &why);
    ASSERT_FALSE(logits.empty()) << why.toStdString();
    const Diff d = compare(logits, 2 * kLogitBound);
    std::printf("HF embeddings, GPU decoder: max |Δlogit| %.3g, near-ties %d\n", d.maxAbs,
                d.nearTies);
    EXPECT_LT(d.maxAbs, kLogitBound);
    EXPECT_EQ(d.argmaxMismatches, 0);
}

// Bad attachments to a model that has both towers: each is a message, never a crash. A 3-hour
// recording (1 kHz, 8-bit: 10.8 MB, so the test stays quick) is refused from its header before
// anything is decoded.
TEST(MultimodalParity, BadAttachmentsGiveMessages) {
    const auto encoder = fixtureEncoder();
    ASSERT_TRUE(encoder);
    media::MediaEncoder &enc = *encoder;
    QString error;
    ASSERT_TRUE(enc.available(chat::MediaKind::Image));
    ASSERT_TRUE(enc.available(chat::MediaKind::Audio));

    const uint32_t rate = 1000, seconds = 3 * 3600, dataBytes = rate * seconds;
    QByteArray wav("RIFF");
    const auto u32 = [&wav](uint32_t v) {
        for (int i = 0; i < 4; ++i)
            wav.append(char((v >> (8 * i)) & 0xff));
    };
    const auto u16 = [&wav](uint16_t v) {
        wav.append(char(v & 0xff));
        wav.append(char(v >> 8));
    };
    u32(36 + dataBytes);
    wav.append("WAVEfmt ");
    u32(16);
    u16(1);  // PCM
    u16(1);  // mono
    u32(rate);
    u32(rate);
    u16(1);
    u16(8);
    wav.append("data");
    u32(dataBytes);
    wav.append(QByteArray(qsizetype(dataBytes), char(0x80)));
    const auto long3h = enc.encode(chat::MediaKind::Audio, wav, {}, {}, &error);
    EXPECT_FALSE(long3h);
    EXPECT_TRUE(error.contains(QLatin1String("at most"))) << error.toStdString();

    for (const QByteArray &bad :
         {QByteArray(), QByteArray("RIFF\x04\0\0\0WAVE"), QByteArray(4096, '\x17')}) {
        error.clear();
        EXPECT_FALSE(enc.encode(chat::MediaKind::Audio, bad, {}, {}, &error));
        EXPECT_FALSE(error.isEmpty());
        error.clear();
        EXPECT_FALSE(enc.encode(chat::MediaKind::Image, bad, {}, {}, &error));
        EXPECT_FALSE(error.isEmpty());
    }
    // A 1×20000 image becomes 48×3360 pixels at budget 70 (HF's rule for degenerate aspect ratios,
    // tested in tests/vision): 210 patches tall, more than this tiny tower's 128-row position
    // table, which the message says (the real towers have 10240 rows).
    QImage strip(1, 20000, QImage::Format_RGB888);
    strip.fill(Qt::gray);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    ASSERT_TRUE(strip.save(&buffer, "PNG"));
    media::MediaOptions mo;
    mo.imageTokenBudget = 70;
    enc.setOptions(mo);
    EXPECT_FALSE(enc.encode(chat::MediaKind::Image, png, {}, {}, &error));
    EXPECT_TRUE(error.contains(QLatin1String("position table"))) << error.toStdString();
    EXPECT_EQ(media::imageSoftTokens(QSize(1, 20000), 70), 70);
}

// Towers load on first use and go when released; the cache answers a repeated attachment without
// them; a projector file beside a towerless model is found.
TEST(MultimodalParity, TowersLoadOnFirstUseAndAreReleased) {
    const auto encoder = fixtureEncoder();
    ASSERT_TRUE(encoder);
    media::MediaEncoder &enc = *encoder;
    QString error;
    media::MediaOptions mo;
    mo.imageTokenBudget = 70;
    enc.setOptions(mo);
    QFile jpeg(fixturePath("img1.jpg"));
    ASSERT_TRUE(jpeg.open(QIODevice::ReadOnly));
    const QByteArray bytes = jpeg.readAll();
    EXPECT_FALSE(enc.towerLoaded(chat::MediaKind::Image));
    EXPECT_FALSE(enc.towerLoaded(chat::MediaKind::Audio));
    EXPECT_GT(enc.towerBytes(chat::MediaKind::Image), 0);
    std::vector<double> fractions;
    const auto first = enc.encode(
        chat::MediaKind::Image, bytes, [&](double x) { fractions.push_back(x); }, {}, &error);
    ASSERT_TRUE(first) << error.toStdString();
    EXPECT_EQ(first->tokens(), 65);
    EXPECT_TRUE(enc.towerLoaded(chat::MediaKind::Image));
    EXPECT_FALSE(enc.towerLoaded(chat::MediaKind::Audio));  // only what was used
    ASSERT_GE(fractions.size(), 2u);
    EXPECT_EQ(fractions.front(), 0.0);
    EXPECT_EQ(fractions.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
    enc.releaseTowers();
    EXPECT_FALSE(enc.towerLoaded(chat::MediaKind::Image));
    // The cache answers without loading the tower again, with the same values.
    const auto cached = enc.encode(chat::MediaKind::Image, bytes, {}, {}, &error);
    ASSERT_TRUE(cached);
    EXPECT_EQ(cached->clips, first->clips);
    EXPECT_FALSE(enc.towerLoaded(chat::MediaKind::Image));
    // Another budget is another key: the tower loads again.
    mo.imageTokenBudget = 140;
    enc.setOptions(mo);
    const auto finer = enc.encode(chat::MediaKind::Image, bytes, {}, {}, &error);
    ASSERT_TRUE(finer) << error.toStdString();
    EXPECT_GT(finer->tokens(), first->tokens());
    EXPECT_TRUE(enc.towerLoaded(chat::MediaKind::Image));
    // Cancelling (a budget not in the cache): the encode stops with a message and the tower
    // stays usable.
    mo.imageTokenBudget = 280;
    mo.cacheBytes = 0;
    enc.setOptions(mo);
    EXPECT_FALSE(enc.encode(
        chat::MediaKind::Image, bytes, {}, [] { return true; }, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(enc.encode(chat::MediaKind::Image, bytes, {}, {}, &error)) << error.toStdString();

    // A text-only model with the projector (this fixture's file) beside it uses the projector.
    QTemporaryDir dir;
    QString why;
    ASSERT_TRUE(test::writeGemma4Fixture(dir.filePath(QStringLiteral("gemma-4-tiny-it.gguf")),
                                         test::Gemma4FixtureOptions(), &why))
        << why.toStdString();
    QFile projector(dir.filePath(QStringLiteral("mmproj-gemma-4-tiny-it-f32.gguf")));
    ASSERT_TRUE(projector.open(QIODevice::WriteOnly));
    projector.write(fixture().ggufBytes);
    projector.close();
    EXPECT_EQ(media::findProjectorFile(dir.filePath(QStringLiteral("gemma-4-tiny-it.gguf"))),
              projector.fileName());
    auto textOnly = gguf::File::open(dir.filePath(QStringLiteral("gemma-4-tiny-it.gguf")), &why);
    ASSERT_TRUE(textOnly) << why.toStdString();
    auto textConfig = model::Gemma4Config::fromGguf(*textOnly, &why);
    ASSERT_TRUE(textConfig) << why.toStdString();
    media::MediaEncoder beside(*textOnly, *textConfig,
                               dir.filePath(QStringLiteral("gemma-4-tiny-it.gguf")));
    EXPECT_TRUE(beside.available(chat::MediaKind::Image, &why)) << why.toStdString();
    EXPECT_EQ(beside.projectorPath(), projector.fileName());
    // Its towers project into another width than this text model's: refused with a message.
    if (textConfig->hidden != fixture().config->hidden) {
        EXPECT_FALSE(beside.encode(chat::MediaKind::Image, bytes, {}, {}, &why));
        EXPECT_TRUE(why.contains(QLatin1String("does not belong"))) << why.toStdString();
    }
}

}  // namespace
}  // namespace facet

FACET_GPU_TEST_MAIN()
