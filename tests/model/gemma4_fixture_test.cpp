// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Gemma 4 fixture builder itself: determinism, per-tensor seeding, file output, quantised
// weights and the built-in tokenizer's consistency.
#include "support/gemma4_fixture.h"
#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "support/test_support.h"

#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace facet::test {
namespace {

std::unique_ptr<gguf::File> parse(const QByteArray &bytes) {
    QString error;
    auto f = gguf::File::fromBytes(bytes, &error);
    EXPECT_TRUE(f) << error.toStdString();
    return f;
}

QByteArray tensorBytes(const gguf::File &f, const std::string &name) {
    const gguf::TensorInfo *t = f.tensor(name);
    if (!t) return {};
    return QByteArray(reinterpret_cast<const char *>(t->data), static_cast<qsizetype>(t->nbytes));
}

std::vector<float> tensorValues(const gguf::File &f, const std::string &name) {
    const gguf::TensorInfo *t = f.tensor(name);
    EXPECT_TRUE(t) << name;
    if (!t) return {};
    std::vector<float> out(t->nelements);
    EXPECT_TRUE(
        gguf::dequantizeRow(t->type, t->data, out.data(), static_cast<int64_t>(t->nelements)));
    return out;
}

std::vector<std::string> stringArray(const gguf::File &f, const std::string &key) {
    std::vector<std::string> out;
    const gguf::Array *a = f.getArray(key);
    if (!a) return out;
    for (const gguf::Value &v : a->values)
        out.push_back(v.toString() ? *v.toString() : "");
    return out;
}

TEST(Gemma4Fixture, DeterministicForASeed) {
    Gemma4FixtureOptions o;
    QString error;
    const QByteArray a = gemma4FixtureBytes(o, &error);
    ASSERT_FALSE(a.isEmpty()) << error.toStdString();
    EXPECT_EQ(a, gemma4FixtureBytes(o, &error));
    Gemma4FixtureOptions other;
    other.seed = seededRng()();
    EXPECT_NE(a, gemma4FixtureBytes(other, &error));
}

TEST(Gemma4Fixture, PerTensorSeedsSurviveMutations) {
    Gemma4FixtureOptions o;
    o.seed = seededRng()();
    QString error;
    auto base = parse(gemma4FixtureBytes(o, &error));
    Gemma4FixtureOptions mutated = o;
    mutated.removeTensors = {"blk.0.attn_q.weight"};
    mutated.reshapeTensors = {{"blk.1.attn_k.weight", {64, 64}}};
    auto other = parse(gemma4FixtureBytes(mutated, &error));
    ASSERT_TRUE(base && other);
    EXPECT_FALSE(other->tensor("blk.0.attn_q.weight"));
    EXPECT_EQ(tensorBytes(*base, "blk.3.ffn_up.weight"),
              tensorBytes(*other, "blk.3.ffn_up.weight"));
    EXPECT_EQ(tensorBytes(*base, "token_embd.weight"), tensorBytes(*other, "token_embd.weight"));
}

TEST(Gemma4Fixture, ShapesAndTypesAsConvertedFiles) {
    Gemma4FixtureOptions o;
    QString error;
    auto f = parse(gemma4FixtureBytes(o, &error));
    ASSERT_TRUE(f);
    auto ne = [&](const std::string &n) {
        const gguf::TensorInfo *t = f->tensor(n);
        return t ? t->ne : std::vector<uint64_t>{};
    };
    using V = std::vector<uint64_t>;
    EXPECT_EQ(ne("token_embd.weight"), (V{64, 512}));
    EXPECT_EQ(ne("per_layer_token_embd.weight"), (V{96, 512}));
    EXPECT_EQ(ne("per_layer_model_proj.weight"), (V{64, 96}));
    EXPECT_EQ(ne("per_layer_proj_norm.weight"), (V{16}));
    EXPECT_EQ(ne("blk.0.attn_q.weight"), (V{64, 128}));
    EXPECT_EQ(ne("blk.0.attn_k.weight"), (V{64, 32}));
    EXPECT_EQ(ne("blk.2.attn_k.weight"), (V{64, 128}));
    EXPECT_EQ(ne("blk.2.attn_output.weight"), (V{256, 64}));
    EXPECT_EQ(ne("blk.4.ffn_down.weight"), (V{192, 64}));
    EXPECT_EQ(ne("blk.4.inp_gate.weight"), (V{64, 16}));
    EXPECT_EQ(ne("blk.4.proj.weight"), (V{16, 64}));
    EXPECT_EQ(ne("blk.4.layer_output_scale.weight"), (V{1}));
    EXPECT_EQ(ne("rope_freqs.weight"), (V{32}));
    EXPECT_FALSE(f->tensor("blk.4.attn_k.weight"));  // shared layers carry no K/V
    EXPECT_FALSE(f->tensor("blk.5.attn_v.weight"));

    // rope_freqs: 0.25 × 64 / 2 = 8 rotated pairs, then 1e30.
    const std::vector<float> rf = tensorValues(*f, "rope_freqs.weight");
    ASSERT_EQ(rf.size(), 32u);
    for (size_t i = 0; i < rf.size(); ++i)
        EXPECT_EQ(rf[i], i < 8 ? 1.0f : 1e30f) << i;

    // Metadata types as Ollama's converter writes them.
    EXPECT_EQ(f->find("gemma4.block_count")->type, gguf::ValueType::U32);
    EXPECT_EQ(f->find("gemma4.feed_forward_length")->type, gguf::ValueType::Array);
    EXPECT_EQ(f->find("gemma4.feed_forward_length")->toArray()->elementType, gguf::ValueType::I32);
    EXPECT_EQ(f->find("gemma4.attention.sliding_window_pattern")->toArray()->elementType,
              gguf::ValueType::Bool);
    EXPECT_EQ(f->find("gemma4.rope.freq_base")->type, gguf::ValueType::F32);
    EXPECT_EQ(f->getString("tokenizer.ggml.model"), "llama");
}

TEST(Gemma4Fixture, QuantisedWeightsTrackTheF32Values) {
    Gemma4FixtureOptions o;
    o.seed = seededRng()();
    QString error;
    auto plain = parse(gemma4FixtureBytes(o, &error));
    Gemma4FixtureOptions q = o;
    q.weightType = gguf::TensorType::Q8_0;
    q.tensorTypes = {{"blk.0.ffn_up.weight", gguf::TensorType::Q4_0},
                     {"blk.0.ffn_gate.weight", gguf::TensorType::BF16}};
    auto quant = parse(gemma4FixtureBytes(q, &error));
    ASSERT_TRUE(plain && quant) << error.toStdString();
    struct Case {
        const char *name;
        gguf::TensorType type;
        float tolerance;  // relative to the weight range 1/sqrt(ne0)
    };
    for (const Case &c : {Case{"blk.0.attn_q.weight", gguf::TensorType::Q8_0, 0.01f},
                          Case{"blk.0.ffn_up.weight", gguf::TensorType::Q4_0, 0.15f},
                          Case{"blk.0.ffn_gate.weight", gguf::TensorType::BF16, 0.01f},
                          Case{"blk.0.proj.weight", gguf::TensorType::F16, 0.001f}}) {
        SCOPED_TRACE(c.name);
        EXPECT_EQ(quant->tensor(c.name)->type, c.type);
        const auto a = tensorValues(*plain, c.name);
        const auto b = tensorValues(*quant, c.name);
        ASSERT_EQ(a.size(), b.size());
        const float range = 1.0f / std::sqrt(static_cast<float>(quant->tensor(c.name)->ne[0]));
        for (size_t i = 0; i < a.size(); ++i) {
            ASSERT_NEAR(a[i], b[i], c.tolerance * range) << i;
        }
    }
}

TEST(Gemma4Fixture, WritesAFile) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("tiny.gguf"));
    QString error;
    ASSERT_TRUE(writeGemma4Fixture(path, Gemma4FixtureOptions{}, &error)) << error.toStdString();
    auto f = gguf::File::open(path, &error);
    ASSERT_TRUE(f) << error.toStdString();
    EXPECT_EQ(f->getString("general.architecture"), "gemma4");
    EXPECT_FALSE(writeGemma4Fixture(dir.filePath(QStringLiteral("no/such/dir/x.gguf")),
                                    Gemma4FixtureOptions{}, &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(Gemma4Fixture, RejectsBadOptions) {
    QString error;
    Gemma4FixtureOptions o;
    o.vocab = 100;
    EXPECT_TRUE(gemma4FixtureBytes(o, &error).isEmpty());
    EXPECT_TRUE(error.contains(QStringLiteral("vocab"))) << error.toStdString();
    o = {};
    o.slidingPattern = {true, false};
    EXPECT_TRUE(gemma4FixtureBytes(o, &error).isEmpty());
    EXPECT_TRUE(error.contains(QStringLiteral("slidingPattern"))) << error.toStdString();
}

TEST(Gemma4Fixture, TokenizerIsConsistent) {
    QString error;
    auto f = parse(gemma4FixtureBytes(Gemma4FixtureOptions{}, &error));
    ASSERT_TRUE(f);
    const auto tokens = stringArray(*f, "tokenizer.ggml.tokens");
    const auto merges = stringArray(*f, "tokenizer.ggml.merges");
    ASSERT_EQ(tokens.size(), 512u);
    EXPECT_EQ(f->getArray("tokenizer.ggml.scores")->values.size(), 512u);
    const gguf::Array *types = f->getArray("tokenizer.ggml.token_type");
    ASSERT_TRUE(types);
    ASSERT_EQ(types->values.size(), 512u);

    // Every token string is unique (a tokenizer builds a string -> id map).
    EXPECT_EQ(std::set<std::string>(tokens.begin(), tokens.end()).size(), tokens.size());

    EXPECT_EQ(tokens[0], "<pad>");
    EXPECT_EQ(tokens[1], "<eos>");
    EXPECT_EQ(tokens[2], "<bos>");
    EXPECT_EQ(tokens[105], "<|turn>");
    EXPECT_EQ(tokens[106], "<turn|>");
    EXPECT_EQ(tokens[107], "\n");
    EXPECT_EQ(tokens[109], "<0x00>");
    EXPECT_EQ(tokens[109 + 0x41], "<0x41>");
    EXPECT_EQ(tokens[364], "<0xFF>");
    EXPECT_EQ(types->values[109].toInt(), 6);
    EXPECT_EQ(types->values[106].toInt(), 3);
    EXPECT_EQ(tokens[506], "<|image>");
    EXPECT_EQ(tokens[511], "<audio|>");
    EXPECT_EQ(f->getInt("tokenizer.ggml.bos_token_id"), 2);
    EXPECT_EQ(f->getInt("tokenizer.ggml.eos_token_id"), 1);

    // Merges: both sides and the result are tokens; the result's id is above both sides'.
    ASSERT_GT(merges.size(), 40u);
    std::map<std::string, size_t> id;
    for (size_t i = 0; i < tokens.size(); ++i)
        id[tokens[i]] = i;
    for (const std::string &m : merges) {
        const size_t space = m.find(' ');
        ASSERT_NE(space, std::string::npos) << m;
        const std::string l = m.substr(0, space), r = m.substr(space + 1);
        ASSERT_TRUE(id.count(l)) << m;
        ASSERT_TRUE(id.count(r)) << m;
        ASSERT_TRUE(id.count(l + r)) << m;
    }
    EXPECT_TRUE(id.count("\xE2\x96\x81the"));  // "▁the" is learned from the corpus

    // A vocabulary as large as the real one puts the media tokens at their real ids.
    const auto big = gemma4FixtureTokens(262144);
    ASSERT_EQ(big.size(), 262144u);
    EXPECT_EQ(big[255999], "<|image>");
    EXPECT_EQ(big[256000], "<|audio>");
    EXPECT_EQ(big[258880], "<|image|>");
    EXPECT_EQ(big[258883], "<audio|>");
}

}  // namespace
}  // namespace facet::test
