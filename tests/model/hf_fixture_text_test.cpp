// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The tiny Gemma 4 made in Hugging Face transformers 5.17 (tests/data/gemma4_mm, see
// make_hf_reference.py there), converted by our own converter (support/hf_gemma4_convert.h),
// against transformers' own outputs: the text logits at every position, and the converter's
// repacking of the tower tensors against the checkpoint it read.
#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "model/reference_model.h"
#include "safetensors/safetensors.h"
#include "support/hf_gemma4_convert.h"
#include "support/test_support.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace facet {
namespace {

QString fixtureDir() {
    return QDir(test::dataDir()).filePath(QStringLiteral("gemma4_mm"));
}

struct Converted {
    std::unique_ptr<gguf::File> gguf;
    std::unique_ptr<safetensors::File> hf;
    std::unique_ptr<safetensors::File> reference;
};

Converted convert(test::HfGemma4ConvertOptions o = {}) {
    Converted c;
    QString error;
    const QByteArray bytes = test::convertHfGemma4(fixtureDir(), o, &error);
    EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
    if (bytes.isEmpty()) return c;
    c.gguf = gguf::File::fromBytes(bytes, &error);
    EXPECT_TRUE(c.gguf) << error.toStdString();
    c.hf = safetensors::File::open(QDir(fixtureDir()).filePath(QStringLiteral("model.safetensors")),
                                   &error);
    EXPECT_TRUE(c.hf) << error.toStdString();
    c.reference = safetensors::File::open(
        QDir(fixtureDir()).filePath(QStringLiteral("reference.safetensors")), &error);
    EXPECT_TRUE(c.reference) << error.toStdString();
    return c;
}

std::vector<float> ggufValues(const gguf::File &f, const std::string &name) {
    const gguf::TensorInfo *t = f.tensor(name);
    if (!t) return {};
    std::vector<float> v(static_cast<size_t>(t->nelements));
    if (!gguf::dequantizeRow(t->type, f.bytes() + f.dataOffset() + t->offset, v.data(),
                             static_cast<int64_t>(t->nelements))) {
        return {};
    }
    return v;
}

std::vector<float> hfValues(const safetensors::File &f, const std::string &name) {
    const safetensors::Tensor *t = f.find(name);
    return t ? t->toFloat() : std::vector<float>{};
}

// Text logits at every position of the HF run, through the converted file and the CPU reference
// decoder: sliding and global layers, KV sharing, double-wide MLPs, per-layer embeddings, the
// layer scalars, proportional RoPE and the final softcap all as transformers computes them.
TEST(HfFixtureText, LogitsMatchTransformers) {
    Converted c = convert();
    ASSERT_TRUE(c.gguf && c.reference);
    QString error;
    const auto model = model::ReferenceModel::load(*c.gguf, &error);
    ASSERT_TRUE(model) << error.toStdString();

    const safetensors::Tensor *tok = c.reference->find("text.tokens");
    const safetensors::Tensor *ref = c.reference->find("text.logits");
    ASSERT_TRUE(tok && ref);
    std::vector<int32_t> tokens;
    for (int64_t id : tok->toInt())
        tokens.push_back(static_cast<int32_t>(id));
    const std::vector<float> want = ref->toFloat();
    const size_t T = tokens.size();
    const size_t V = static_cast<size_t>(model->vocabSize());
    ASSERT_EQ(ref->shape, (std::vector<int64_t>{static_cast<int64_t>(T), static_cast<int64_t>(V)}));

    const std::vector<float> got = model->forward(tokens, {}, &error);
    ASSERT_EQ(got.size(), T * V) << error.toStdString();
    // transformers runs in float32 (its own error here is ~1e-6 on logits of rms ~1); the
    // reference accumulates in double.
    const double bound = 1e-4;
    double worst = 0;
    for (size_t t = 0; t < T; ++t) {
        size_t argGot = 0, argWant = 0;
        for (size_t v = 0; v < V; ++v) {
            const double d = std::abs(static_cast<double>(got[t * V + v]) - want[t * V + v]);
            worst = std::max(worst, d);
            if (got[t * V + v] > got[t * V + argGot]) argGot = v;
            if (want[t * V + v] > want[t * V + argWant]) argWant = v;
        }
        EXPECT_EQ(argGot, argWant) << "position " << t;
    }
    RecordProperty("max_abs_logit_error", std::to_string(worst));
    EXPECT_LE(worst, bound);
}

// Metadata the loaders read, from config.json.
TEST(HfFixtureConvert, Metadata) {
    Converted c = convert();
    ASSERT_TRUE(c.gguf);
    const gguf::File &f = *c.gguf;
    EXPECT_EQ(f.getString("general.architecture"), "gemma4");
    EXPECT_EQ(f.getInt("gemma4.block_count"), 6);
    EXPECT_EQ(f.getInt("gemma4.embedding_length"), 64);
    EXPECT_EQ(f.getInt("gemma4.attention.key_length"), 64);
    EXPECT_EQ(f.getInt("gemma4.attention.key_length_swa"), 32);
    EXPECT_EQ(f.getInt("gemma4.attention.shared_kv_layers"), 2);
    EXPECT_EQ(f.getInt("gemma4.attention.sliding_window"), 24);
    EXPECT_EQ(f.getInt("gemma4.embedding_length_per_layer_input"), 16);
    const gguf::Array *ffn = f.getArray("gemma4.feed_forward_length");
    ASSERT_TRUE(ffn);
    ASSERT_EQ(ffn->values.size(), 6u);
    EXPECT_EQ(ffn->values[3].toInt(), 96);
    EXPECT_EQ(ffn->values[4].toInt(), 192);  // use_double_wide_mlp on the KV-shared layers
    EXPECT_EQ(f.getInt("gemma4.vision.block_count"), 2);
    EXPECT_EQ(f.getInt("gemma4.vision.embedding_length"), 32);
    EXPECT_EQ(f.getInt("gemma4.vision.patch_size"), 16);
    EXPECT_EQ(f.getInt("gemma4.vision.projector.scale_factor"), 3);
    EXPECT_EQ(f.getInt("gemma4.audio.block_count"), 2);
    EXPECT_EQ(f.getInt("gemma4.audio.embedding_length"), 32);
    EXPECT_EQ(f.getInt("gemma4.audio.feed_forward_length"), 128);
    EXPECT_EQ(f.getInt("gemma4.audio.conv_kernel_size"), 5);
    const gguf::Array *tokens = f.getArray("tokenizer.ggml.tokens");
    ASSERT_TRUE(tokens);
    ASSERT_EQ(tokens->values.size(), 512u);
    EXPECT_EQ(*tokens->values[506].toString(), "<|image>");
    EXPECT_EQ(*tokens->values[509].toString(), "<|audio|>");
    EXPECT_EQ(*tokens->values[511].toString(), "<audio|>");
}

// The tower tensors: names, ggml shapes and the repacks, against the checkpoint's own values at
// random indices.
TEST(HfFixtureConvert, TowerTensorsRepacked) {
    Converted c = convert();
    ASSERT_TRUE(c.gguf && c.hf);
    const gguf::File &f = *c.gguf;
    std::mt19937_64 rng = test::seededRng();
    auto ne = [&](const std::string &n) {
        const gguf::TensorInfo *t = f.tensor(n);
        return t ? t->ne : std::vector<uint64_t>{};
    };

    // Patch embedding: HF [W, (py·16 + px)·3 + c] → ggml ne [16, 16, 3, W].
    EXPECT_EQ(ne("v.patch_embd.weight"), (std::vector<uint64_t>{16, 16, 3, 32}));
    const std::vector<float> pe = ggufValues(f, "v.patch_embd.weight");
    const std::vector<float> peHf =
        hfValues(*c.hf, "model.vision_tower.patch_embedder.input_proj.weight");
    ASSERT_EQ(pe.size(), peHf.size());
    std::uniform_int_distribution<int> e32(0, 31), c3(0, 2), p16(0, 15);
    for (int i = 0; i < 200; ++i) {
        const int e = e32(rng), ch = c3(rng), y = p16(rng), x = p16(rng);
        ASSERT_EQ(pe[static_cast<size_t>(((e * 3 + ch) * 16 + y) * 16 + x)],
                  peHf[static_cast<size_t>(e * 768 + (y * 16 + x) * 3 + ch)]);
    }
    EXPECT_EQ(ne("v.position_embd.weight"), (std::vector<uint64_t>{32, 128, 2}));
    EXPECT_EQ(ggufValues(f, "v.position_embd.weight"),
              hfValues(*c.hf, "model.vision_tower.patch_embedder.position_embedding_table"));
    EXPECT_EQ(ggufValues(f, "v.std_bias"), hfValues(*c.hf, "model.vision_tower.std_bias"));
    EXPECT_EQ(ne("v.blk.1.attn_out.weight"), (std::vector<uint64_t>{32, 32}));
    EXPECT_EQ(ne("v.blk.0.ffn_down.weight"), (std::vector<uint64_t>{64, 32}));
    EXPECT_EQ(ne("mm.input_projection.weight"), (std::vector<uint64_t>{32, 64}));

    // Clamp bounds: scalars per linear and the packed table, both equal to the HF buffers.
    const std::vector<float> packed = ggufValues(f, "v.clamp_data");
    ASSERT_EQ(packed.size(), static_cast<size_t>((2 * 7 + 1) * 4));
    const char *hfLinears[] = {"self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj",
                               "self_attn.o_proj", "mlp.gate_proj",    "mlp.up_proj",
                               "mlp.down_proj"};
    const char *ggLinears[] = {"attn_q",   "attn_k", "attn_v",  "attn_out",
                               "ffn_gate", "ffn_up", "ffn_down"};
    const char *bounds[] = {"input_min", "input_max", "output_min", "output_max"};
    for (int l = 0; l < 2; ++l) {
        for (int li = 0; li < 7; ++li) {
            for (int b = 0; b < 4; ++b) {
                const std::string hf = "model.vision_tower.encoder.layers." + std::to_string(l) +
                                       "." + hfLinears[li] + "." + bounds[b];
                const std::vector<float> want = hfValues(*c.hf, hf);
                ASSERT_EQ(want.size(), 1u) << hf;
                EXPECT_TRUE(std::isfinite(want[0]));
                EXPECT_EQ(packed[static_cast<size_t>((l * 7 + li) * 4 + b)], want[0]) << hf;
                const std::string gg =
                    "v.blk." + std::to_string(l) + "." + ggLinears[li] + "." + bounds[b];
                EXPECT_EQ(ggufValues(f, gg), want) << gg;
            }
        }
    }
    for (int b = 0; b < 4; ++b)
        EXPECT_EQ(packed[static_cast<size_t>(2 * 7 * 4 + b)], 0.0f);  // projector: no clamp

    // Audio: SSCP convolutions reversed, depthwise kernel squeezed, per_dim_scale softplus'd.
    EXPECT_EQ(ne("a.conv1d.0.weight"), (std::vector<uint64_t>{3, 3, 1, 128}));
    EXPECT_EQ(ne("a.conv1d.1.weight"), (std::vector<uint64_t>{3, 3, 128, 8}));
    EXPECT_EQ(ne("a.pre_encode.out.weight"), (std::vector<uint64_t>{256, 32}));
    EXPECT_EQ(ne("a.blk.1.conv_dw.weight"), (std::vector<uint64_t>{5, 32}));
    EXPECT_EQ(ggufValues(f, "a.blk.1.conv_dw.weight"),
              hfValues(*c.hf, "model.audio_tower.layers.1.lconv1d.depthwise_conv1d.weight"));
    const std::vector<float> pds = ggufValues(f, "a.blk.0.per_dim_scale.weight");
    const std::vector<float> pdsHf =
        hfValues(*c.hf, "model.audio_tower.layers.0.self_attn.per_dim_scale");
    ASSERT_EQ(pds.size(), 16u);
    ASSERT_EQ(pdsHf.size(), 16u);
    for (size_t i = 0; i < pds.size(); ++i)
        EXPECT_NEAR(pds[i], std::log1p(std::exp(static_cast<double>(pdsHf[i]))), 1e-6);
    EXPECT_EQ(ggufValues(f, "a.blk.0.ffn_up_1.input_max"),
              hfValues(*c.hf, "model.audio_tower.layers.0.feed_forward2.ffw_layer_1.input_max"));
    EXPECT_EQ(ggufValues(f, "a.blk.0.norm_conv.weight"),
              hfValues(*c.hf, "model.audio_tower.layers.0.lconv1d.conv_norm.weight"));
    EXPECT_EQ(ggufValues(f, "a.blk.0.conv_norm.weight"),
              hfValues(*c.hf, "model.audio_tower.layers.0.lconv1d.pre_layer_norm.weight"));
    EXPECT_EQ(ne("mm.a.fc.weight"), (std::vector<uint64_t>{32, 48}));
    EXPECT_EQ(ggufValues(f, "mm.a.fc.bias"), hfValues(*c.hf, "model.audio_tower.output_proj.bias"));
    EXPECT_EQ(ne("mm.a.input_projection.weight"), (std::vector<uint64_t>{48, 64}));
    EXPECT_FALSE(f.tensor("lm_head.weight"));
}

// The published storage: F16 vision linears, BF16 audio linears, F32 for the rest.
TEST(HfFixtureConvert, PublishedStorageTypes) {
    test::HfGemma4ConvertOptions o;
    o.towers = test::HfGemma4ConvertOptions::TowerStorage::Published;
    Converted c = convert(o);
    ASSERT_TRUE(c.gguf);
    auto type = [&](const char *n) {
        const gguf::TensorInfo *t = c.gguf->tensor(n);
        return t ? t->type : gguf::TensorType::Q8_0;
    };
    EXPECT_EQ(type("v.patch_embd.weight"), gguf::TensorType::F16);
    EXPECT_EQ(type("v.blk.0.attn_q.weight"), gguf::TensorType::F16);
    EXPECT_EQ(type("mm.input_projection.weight"), gguf::TensorType::F16);
    EXPECT_EQ(type("v.position_embd.weight"), gguf::TensorType::F32);
    EXPECT_EQ(type("a.blk.0.ffn_up.weight"), gguf::TensorType::BF16);
    EXPECT_EQ(type("mm.a.fc.weight"), gguf::TensorType::BF16);
    EXPECT_EQ(type("mm.a.fc.bias"), gguf::TensorType::F32);
    EXPECT_EQ(type("a.conv1d.1.weight"), gguf::TensorType::F32);
    EXPECT_EQ(type("a.blk.0.conv_dw.weight"), gguf::TensorType::F32);
    EXPECT_EQ(type("blk.0.attn_q.weight"), gguf::TensorType::F32);
    // F16 storage of the patch embedding rounds each value to half precision, nothing else.
    const std::vector<float> pe = ggufValues(*c.gguf, "v.patch_embd.weight");
    const std::vector<float> peHf =
        hfValues(*c.hf, "model.vision_tower.patch_embedder.input_proj.weight");
    ASSERT_EQ(pe.size(), peHf.size());
    EXPECT_EQ(pe[0], gguf::halfToFloat(gguf::floatToHalf(peHf[0])));
}

// Bad input: a clear message, never a crash.
TEST(HfFixtureConvert, RejectsBadCheckpoints) {
    QString error;
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    EXPECT_TRUE(test::convertHfGemma4(dir.path(), {}, &error).isEmpty());
    EXPECT_TRUE(error.contains(QStringLiteral("config.json"))) << error.toStdString();

    ASSERT_TRUE(QFile::copy(QDir(fixtureDir()).filePath(QStringLiteral("config.json")),
                            dir.filePath(QStringLiteral("config.json"))));
    QByteArray one(4, '\0');
    QFile st(dir.filePath(QStringLiteral("model.safetensors")));
    ASSERT_TRUE(st.open(QIODevice::WriteOnly));
    st.write(safetensors::write({{"model.unknown.weight", safetensors::DType::F32, {1}, one}}));
    st.close();
    error.clear();
    EXPECT_TRUE(test::convertHfGemma4(dir.path(), {}, &error).isEmpty());
    EXPECT_TRUE(error.contains(QStringLiteral("model.unknown.weight"))) << error.toStdString();

    QFile cfg(dir.filePath(QStringLiteral("config.json")));
    ASSERT_TRUE(cfg.open(QIODevice::WriteOnly | QIODevice::Truncate));
    cfg.write("{\"text_config\": {\"hidden_size\": 64}}");
    cfg.close();
    error.clear();
    EXPECT_TRUE(test::convertHfGemma4(dir.path(), {}, &error).isEmpty());
    EXPECT_TRUE(error.contains(QStringLiteral("num_hidden_layers"))) << error.toStdString();
}

}  // namespace
}  // namespace facet
