// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Adapter files: PEFT folders and GGUF LoRA files written with the names and shapes the issue
// and llama.cpp fix, read back to the same factors and the same loss, and every file made for
// something else refused with a message that says what does not fit.
#include "train/adapter_io.h"

#include "gguf/gguf.h"
#include "model/reference_model.h"
#include "safetensors/safetensors.h"
#include "support/gemma4_fixture.h"
#include "support/lora_support.h"
#include "support/test_support.h"
#include "train/reference_trainer.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <random>

namespace facet::train {
namespace {

struct Model {
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<model::ReferenceModel> model;
};

Model load(const test::Gemma4FixtureOptions &o) {
    Model m;
    QString error;
    m.file = gguf::File::fromBytes(test::gemma4FixtureBytes(o, &error), &error);
    EXPECT_TRUE(m.file) << error.toStdString();
    if (m.file) m.model = model::ReferenceModel::load(*m.file, &error);
    EXPECT_TRUE(m.model) << error.toStdString();
    return m;
}

const Model &tiny() {
    static const Model m = load(test::Gemma4FixtureOptions{});
    return m;
}

LoraAdapter randomAdapter(const model::Gemma4Config &c, bool rsLora = false) {
    LoraConfig cfg;
    cfg.rank = 4;
    cfg.alpha = 12;
    cfg.rsLora = rsLora;
    cfg.targets = {LoraTarget::AttnQ,      LoraTarget::AttnK,   LoraTarget::AttnV,
                   LoraTarget::AttnOutput, LoraTarget::FfnGate, LoraTarget::FfnUp,
                   LoraTarget::FfnDown,    LoraTarget::InpGate, LoraTarget::Proj};
    QString error;
    auto a = LoraAdapter::create(c, cfg, 1, &error);
    EXPECT_TRUE(a) << error.toStdString();
    auto rng = test::seededRng();
    test::randomizeLoraB(*a, rng, 0.1f);
    return *a;
}

void expectSame(const LoraAdapter &a, const LoraAdapter &b) {
    EXPECT_EQ(a.config().rank, b.config().rank);
    EXPECT_FLOAT_EQ(a.config().scale(), b.config().scale());
    EXPECT_EQ(a.config().targets, b.config().targets);
    ASSERT_EQ(a.layerCount(), b.layerCount());
    for (int i = 0; i < a.layerCount(); ++i) {
        for (int t = 0; t < kLoraTargetCount; ++t) {
            const LoraMatrix *x = a.find(i, LoraTarget(t)), *y = b.find(i, LoraTarget(t));
            ASSERT_EQ(x == nullptr, y == nullptr) << "layer " << i << " target " << t;
            if (!x) continue;
            EXPECT_EQ(x->in, y->in);
            EXPECT_EQ(x->out, y->out);
            EXPECT_EQ(x->a, y->a);
            EXPECT_EQ(x->b, y->b);
        }
    }
}

// The loss of a short sequence through the adapter (identical factors give identical losses).
double lossWith(const LoraAdapter &a) {
    const std::vector<int32_t> ids = {2, 150, 151, 152, 160, 170, 171};
    const std::vector<int32_t> targets = {150, 151, 152, 160, 170, 171, -1};
    return referenceLoss(*tiny().model, &a, ids, targets).loss;
}

TEST(AdapterIo, PeftFoldersRoundTripWithTransformersNames) {
    const model::Gemma4Config &c = tiny().model->config();
    const LoraAdapter a = randomAdapter(c);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (const PeftNames names : {PeftNames::Multimodal, PeftNames::TextOnly}) {
        const QString out = dir.filePath(names == PeftNames::Multimodal ? "mm" : "text");
        QString error;
        ASSERT_TRUE(savePeftAdapter(a, out, QStringLiteral("google/gemma-4-e2b-it"), names, &error))
            << error.toStdString();
        auto st = safetensors::File::open(QDir(out).filePath("adapter_model.safetensors"), &error);
        ASSERT_TRUE(st) << error.toStdString();
        const std::string prefix = names == PeftNames::Multimodal
                                       ? "base_model.model.model.language_model.layers."
                                       : "base_model.model.model.layers.";
        const safetensors::Tensor *qa = st->find(prefix + "0.self_attn.q_proj.lora_A.weight");
        const safetensors::Tensor *gb = st->find(prefix + "1.mlp.gate_proj.lora_B.weight");
        const safetensors::Tensor *pa = st->find(prefix + "2.per_layer_input_gate.lora_A.weight");
        ASSERT_TRUE(qa && gb && pa);
        EXPECT_EQ(qa->shape, (std::vector<int64_t>{4, c.hidden}));             // lora_A [r, in]
        EXPECT_EQ(gb->shape, (std::vector<int64_t>{c.layer(1).ffnWidth, 4}));  // lora_B [out, r]
        EXPECT_EQ(st->metadata().at("format"), "pt");
        // Shared layers have no k_proj / v_proj factors.
        EXPECT_FALSE(st->find(prefix + std::to_string(c.firstSharedLayer) +
                              ".self_attn.k_proj.lora_A.weight"));
        QFile cf(QDir(out).filePath("adapter_config.json"));
        ASSERT_TRUE(cf.open(QIODevice::ReadOnly));
        const QJsonObject cfg = QJsonDocument::fromJson(cf.readAll()).object();
        EXPECT_EQ(cfg.value("peft_type").toString(), "LORA");
        EXPECT_EQ(cfg.value("r").toInt(), 4);
        EXPECT_EQ(cfg.value("lora_alpha").toDouble(), 12.0);
        EXPECT_EQ(cfg.value("base_model_name_or_path").toString(), "google/gemma-4-e2b-it");
        EXPECT_EQ(cfg.value("target_modules").toArray().size(), 9);
        EXPECT_TRUE(cfg.value("target_modules").toArray().contains(QStringLiteral("o_proj")));

        auto back = loadAdapter(out, c, &error);
        ASSERT_TRUE(back) << error.toStdString();
        expectSame(a, *back);
        EXPECT_EQ(lossWith(*back), lossWith(a));
    }
}

TEST(AdapterIo, GgufLoraRoundTripsAsLlamaCppReadsIt) {
    const model::Gemma4Config &c = tiny().model->config();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (const bool rs : {false, true}) {
        const LoraAdapter a = randomAdapter(c, rs);
        const QString path = dir.filePath(rs ? "rs.gguf" : "plain.gguf");
        QString error;
        ASSERT_TRUE(saveGgufLora(a, path, &error)) << error.toStdString();
        auto f = gguf::File::open(path, &error);
        ASSERT_TRUE(f) << error.toStdString();
        EXPECT_EQ(f->getString("general.type"), "adapter");
        EXPECT_EQ(f->getString("general.architecture"), "gemma4");
        EXPECT_EQ(f->getString("adapter.type"), "lora");
        // llama.cpp scales by alpha / rank.
        EXPECT_NEAR(*f->getFloat("adapter.lora.alpha") / 4.0, a.config().scale(), 1e-6);
        const gguf::TensorInfo *la = f->tensor("blk.0.attn_q.weight.lora_a");
        const gguf::TensorInfo *lb = f->tensor("blk.0.attn_q.weight.lora_b");
        ASSERT_TRUE(la && lb);
        EXPECT_EQ(la->ne, (std::vector<uint64_t>{uint64_t(c.hidden), 4}));  // [in, r]
        EXPECT_EQ(lb->ne,
                  (std::vector<uint64_t>{4, uint64_t(c.heads * c.layer(0).headDim)}));  // [r, out]
        EXPECT_TRUE(f->tensor("blk.3.inp_gate.weight.lora_a"));
        auto back = loadAdapter(path, c, &error);
        ASSERT_TRUE(back) << error.toStdString();
        EXPECT_FLOAT_EQ(back->config().scale(), a.config().scale());
        for (int i = 0; i < c.layerCount; ++i) {
            for (int t = 0; t < kLoraTargetCount; ++t) {
                const LoraMatrix *x = a.find(i, LoraTarget(t)), *y = back->find(i, LoraTarget(t));
                ASSERT_EQ(x == nullptr, y == nullptr);
                if (!x) continue;
                EXPECT_EQ(x->a, y->a);
                EXPECT_EQ(x->b, y->b);
            }
        }
        EXPECT_NEAR(lossWith(*back), lossWith(a), 1e-12 + 1e-7 * lossWith(a));
    }
}

TEST(AdapterIo, RefusesAdaptersForSomethingElse) {
    const model::Gemma4Config &c = tiny().model->config();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QString error;
    const auto refused = [&](std::optional<LoraAdapter> r, const char *what) {
        EXPECT_FALSE(r);
        EXPECT_TRUE(error.contains(QLatin1String(what))) << error.toStdString();
    };

    // Made for a wider model.
    test::Gemma4FixtureOptions wide;
    wide.hidden = 96;
    const Model other = load(wide);
    ASSERT_TRUE(other.model);
    const LoraAdapter foreign = randomAdapter(other.model->config());
    ASSERT_TRUE(
        savePeftAdapter(foreign, dir.filePath("foreign"), {}, PeftNames::Multimodal, &error));
    ASSERT_TRUE(saveGgufLora(foreign, dir.filePath("foreign.gguf"), &error));
    refused(loadAdapter(dir.filePath("foreign"), c, &error), "made for another model");
    refused(loadAdapter(dir.filePath("foreign.gguf"), c, &error), "made for another model");

    // A model file, not an adapter; nothing at all.
    const QString modelPath = dir.filePath("model.gguf");
    ASSERT_TRUE(test::writeGemma4Fixture(modelPath, test::Gemma4FixtureOptions{}, &error));
    refused(loadAdapter(modelPath, c, &error), "is not a LoRA adapter");
    refused(loadAdapter(dir.filePath("missing.gguf"), c, &error), "does not exist");
    refused(loadAdapter(dir.path(), c, &error), "adapter_config.json");

    // Another architecture.
    gguf::Writer w;
    w.set("general.architecture", gguf::Value::string("llama"));
    w.set("general.type", gguf::Value::string("adapter"));
    w.set("adapter.type", gguf::Value::string("lora"));
    ASSERT_TRUE(w.addTensor("blk.0.attn_q.weight.lora_a", gguf::TensorType::F32, {4, 1},
                            QByteArray(16, 0), &error));
    ASSERT_TRUE(w.write(dir.filePath("llama.gguf"), &error));
    refused(loadAdapter(dir.filePath("llama.gguf"), c, &error), "for llama models");

    // PEFT variants Facet does not run, each a clear refusal.
    const LoraAdapter mine = randomAdapter(c);
    const auto peftWith = [&](const char *name, const std::function<void(QJsonObject &)> &edit) {
        const QString d = dir.filePath(name);
        EXPECT_TRUE(savePeftAdapter(mine, d, {}, PeftNames::Multimodal, &error));
        QFile cf(QDir(d).filePath("adapter_config.json"));
        EXPECT_TRUE(cf.open(QIODevice::ReadOnly));
        QJsonObject o = QJsonDocument::fromJson(cf.readAll()).object();
        cf.close();
        edit(o);
        EXPECT_TRUE(cf.open(QIODevice::WriteOnly | QIODevice::Truncate));
        cf.write(QJsonDocument(o).toJson());
        cf.close();
        return loadAdapter(d, c, &error);
    };
    refused(peftWith("dora", [](QJsonObject &o) { o["use_dora"] = true; }), "DoRA");
    refused(peftWith("bias", [](QJsonObject &o) { o["bias"] = "all"; }), "biases");
    refused(peftWith("pattern",
                     [](QJsonObject &o) {
                         o["rank_pattern"] = QJsonObject{{"q_proj", 8}};
                     }),
            "per-module");
    refused(peftWith("rank", [](QJsonObject &o) { o["r"] = 8; }), "rank 4, the config says 8");
    refused(peftWith("prefix", [](QJsonObject &o) { o["peft_type"] = "PREFIX_TUNING"; }),
            "PREFIX_TUNING");
    // A tower module and a lone factor.
    const auto peftTensors = [&](const char *name,
                                 const std::vector<safetensors::TensorToWrite> &tensors) {
        const QString d = dir.filePath(name);
        EXPECT_TRUE(savePeftAdapter(mine, d, {}, PeftNames::Multimodal, &error));
        QFile f(QDir(d).filePath("adapter_model.safetensors"));
        EXPECT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(safetensors::write(tensors));
        f.close();
        return loadAdapter(d, c, &error);
    };
    refused(peftTensors("tower", {{"base_model.model.model.vision_tower.encoder.layers.0.q_proj."
                                   "lora_A.weight",
                                   safetensors::DType::F32,
                                   {4, 8},
                                   QByteArray(128, 0)}}),
            "text decoder only");
    refused(peftTensors("lone", {{"base_model.model.model.language_model.layers.0.self_attn.q_proj."
                                  "lora_A.weight",
                                  safetensors::DType::F32,
                                  {4, c.hidden},
                                  QByteArray(16 * c.hidden, 0)}}),
            "only one of lora_A and lora_B");
}

}  // namespace
}  // namespace facet::train
