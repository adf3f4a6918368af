// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gemma4Config: every field read from a fixture, every validation error naming its key or tensor,
// and the real E2B / E4B metadata (donor maps, per-layer FFN widths).
#include "model/gemma4_config.h"
#include "gguf/gguf.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace facet::model {
namespace {

using facet::test::Gemma4FixtureOptions;
using gguf::Value;

std::unique_ptr<gguf::File> buildFile(const Gemma4FixtureOptions &o) {
    QString error;
    const QByteArray bytes = facet::test::gemma4FixtureBytes(o, &error);
    EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
    auto f = gguf::File::fromBytes(bytes, &error);
    EXPECT_TRUE(f) << error.toStdString();
    return f;
}

std::optional<Gemma4Config> load(const Gemma4FixtureOptions &o, QString *error) {
    auto f = buildFile(o);
    if (!f) return std::nullopt;
    return Gemma4Config::fromGguf(*f, error);
}

Gemma4Config loadOk(const Gemma4FixtureOptions &o) {
    QString error;
    auto c = load(o, &error);
    EXPECT_TRUE(c) << error.toStdString();
    return c ? *c : Gemma4Config{};
}

// How many tensors of the fixture built from `o` are stored as `type` ("F16", "Q8_0", …).
int typeCount(const Gemma4FixtureOptions &o, const char *type) {
    auto f = buildFile(o);
    if (!f) return -1;
    int n = 0;
    for (const gguf::TensorInfo &t : f->tensors())
        n += std::string(gguf::typeTraits(t.type)->name) == type ? 1 : 0;
    return n;
}

// Expects loading to fail with a message containing every one of `parts`.
void expectError(const Gemma4FixtureOptions &o, std::initializer_list<const char *> parts) {
    QString error;
    auto c = load(o, &error);
    ASSERT_FALSE(c) << "expected an error containing " << *parts.begin();
    for (const char *p : parts) {
        EXPECT_TRUE(error.contains(QString::fromUtf8(p)))
            << "error: " << error.toStdString() << "\nmissing: " << p;
    }
}

bool anyLineContains(const std::vector<std::string> &lines, const std::string &s) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string &l) { return l.find(s) != std::string::npos; });
}

TEST(Gemma4Config, DefaultFixtureEveryField) {
    Gemma4FixtureOptions o;
    auto f = buildFile(o);
    ASSERT_TRUE(f);
    QString error;
    const auto c = Gemma4Config::fromGguf(*f, &error);
    ASSERT_TRUE(c) << error.toStdString();
    const auto lay = facet::test::gemma4FixtureLayout(o);

    EXPECT_EQ(c->name, "facet-test-gemma4");
    EXPECT_EQ(c->fileType, 0);
    EXPECT_EQ(c->layerCount, 6);
    EXPECT_EQ(c->hidden, 64);
    EXPECT_EQ(c->heads, 4);
    EXPECT_EQ(c->contextLength, 8192);
    EXPECT_EQ(c->slidingWindow, 16);
    EXPECT_FLOAT_EQ(c->rmsEps, 1e-6f);
    EXPECT_EQ(c->headDimSliding, 32);
    EXPECT_EQ(c->headDimGlobal, 64);
    EXPECT_EQ(c->kvHeadsSliding, 1);
    EXPECT_EQ(c->kvHeadsGlobal, 2);
    EXPECT_EQ(c->sharedKvLayers, 2);
    EXPECT_EQ(c->firstSharedLayer, 4);
    EXPECT_EQ(c->cacheLayerCount(), 4);
    EXPECT_EQ(c->pleDim, 16);
    EXPECT_TRUE(c->hasPle);
    EXPECT_FLOAT_EQ(c->ropeBaseGlobal, 1e6f);
    EXPECT_FLOAT_EQ(c->ropeBaseSliding, 1e4f);
    EXPECT_EQ(c->ropeDimsGlobal, 64);
    EXPECT_EQ(c->ropeDimsSliding, 32);
    EXPECT_TRUE(c->hasRopeFreqs);
    EXPECT_EQ(c->ropeFreqsLength, 32);
    EXPECT_FLOAT_EQ(c->finalLogitSoftcap, 30.0f);
    EXPECT_EQ(c->vocabSize, 512);
    EXPECT_EQ(c->tokenizerTokens, 512);
    EXPECT_FALSE(c->hasSeparateOutput);
    EXPECT_FALSE(c->vision.present);
    EXPECT_FALSE(c->vision.metadataOnly);
    EXPECT_FALSE(c->audio.present);

    ASSERT_EQ(c->layers.size(), 6u);
    const bool expectSliding[] = {true, true, false, true, true, false};
    const int expectDonor[] = {-1, -1, -1, -1, 3, 2};
    const int expectFfn[] = {96, 96, 96, 96, 192, 192};
    for (int i = 0; i < 6; ++i) {
        SCOPED_TRACE(i);
        const Gemma4LayerConfig &l = c->layer(i);
        EXPECT_EQ(l.index, i);
        EXPECT_EQ(l.isSliding(), expectSliding[i]);
        EXPECT_EQ(l.isSliding(), bool(lay.sliding[static_cast<size_t>(i)]));
        EXPECT_EQ(l.headDim, expectSliding[i] ? 32 : 64);
        EXPECT_EQ(l.kvHeads, expectSliding[i] ? 1 : 2);
        EXPECT_EQ(l.kvDonor, expectDonor[i]);
        EXPECT_EQ(l.kvDonor, lay.kvDonor[static_cast<size_t>(i)]);
        EXPECT_EQ(l.sharesKv(), i >= 4);
        EXPECT_EQ(l.hasKvWeights, i < 4);
        EXPECT_EQ(l.ffnWidth, expectFfn[i]);
        EXPECT_FLOAT_EQ(l.ropeBase, expectSliding[i] ? 1e4f : 1e6f);
        EXPECT_EQ(l.ropeDims, expectSliding[i] ? 32 : 64);
        EXPECT_EQ(l.outputScaleTensor, "blk." + std::to_string(i) + ".layer_output_scale.weight");
        EXPECT_TRUE(l.hasOutputScale());
    }
}

TEST(Gemma4Config, DescribeIsCompact) {
    const Gemma4Config c = loadOk(Gemma4FixtureOptions{});
    const auto lines = c.describe();
    for (const auto &l : lines)
        std::printf("  %s\n", l.c_str());
    EXPECT_TRUE(anyLineContains(lines, "6 layers, hidden 64, 4 heads, vocab 512"));
    EXPECT_TRUE(anyLineContains(lines, "layers 0-1 sliding hd32 kv1 ffn96"));
    EXPECT_TRUE(anyLineContains(lines, "layer 2 global hd64 kv2 ffn96"));
    EXPECT_TRUE(anyLineContains(lines, "layer 3 sliding hd32 kv1 ffn96"));
    EXPECT_TRUE(anyLineContains(lines, "layer 4 sliding hd32 kv1 ffn192 kv-from-3"));
    EXPECT_TRUE(anyLineContains(lines, "layer 5 global hd64 kv2 ffn192 kv-from-2"));
    EXPECT_TRUE(anyLineContains(lines, "KV sharing: layers 4-5 reuse"));
    EXPECT_TRUE(anyLineContains(lines, "per-layer embeddings: 16 per layer"));
    EXPECT_TRUE(anyLineContains(lines, "final logit softcap 30"));
    EXPECT_TRUE(anyLineContains(lines, "rope_freqs (32 factors)"));
    EXPECT_TRUE(anyLineContains(lines, "vision: none"));
}

TEST(Gemma4Config, FromMetadataUsesKeysOnly) {
    Gemma4FixtureOptions o;
    o.removeTensors = {"token_embd.weight"};
    auto f = buildFile(o);
    ASSERT_TRUE(f);
    QString error;
    const auto meta = Gemma4Config::fromMetadata(*f, &error);
    ASSERT_TRUE(meta) << error.toStdString();
    EXPECT_EQ(meta->vocabSize, 512);  // from the tokenizer
    EXPECT_EQ(meta->layer(5).ffnWidth, 192);
    EXPECT_FALSE(Gemma4Config::fromGguf(*f, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("tensor token_embd.weight is missing")))
        << error.toStdString();
}

TEST(Gemma4Config, ScalarKvHeadsAndFfn) {
    Gemma4FixtureOptions o;
    o.kvHeadsGlobal = 1;
    o.ffnWidths = std::vector<int>(6, 80);
    auto f = buildFile(o);
    ASSERT_TRUE(f);
    ASSERT_TRUE(f->find("gemma4.attention.head_count_kv"));
    EXPECT_FALSE(f->find("gemma4.attention.head_count_kv")->toArray());
    EXPECT_FALSE(f->find("gemma4.feed_forward_length")->toArray());
    QString error;
    const auto c = Gemma4Config::fromGguf(*f, &error);
    ASSERT_TRUE(c) << error.toStdString();
    for (const auto &l : c->layers) {
        EXPECT_EQ(l.kvHeads, 1);
        EXPECT_EQ(l.ffnWidth, 80);
    }
}

TEST(Gemma4Config, GlobalHeadCountKvKey) {
    // Scalar head_count_kv for sliding layers, global_head_count_kv for global ones.
    Gemma4FixtureOptions o;
    o.setKeys = {{"gemma4.attention.head_count_kv", Value::u32(1)},
                 {"gemma4.attention.global_head_count_kv", Value::u32(2)}};
    const Gemma4Config c = loadOk(o);
    EXPECT_EQ(c.layer(0).kvHeads, 1);
    EXPECT_EQ(c.layer(2).kvHeads, 2);
    EXPECT_EQ(c.kvHeadsGlobal, 2);

    // With a per-layer array, a disagreeing global_head_count_kv is an error.
    Gemma4FixtureOptions bad;
    bad.setKeys = {{"gemma4.attention.global_head_count_kv", Value::u32(4)}};
    expectError(bad, {"gemma4.attention.head_count_kv[2] = 2",
                      "gemma4.attention.global_head_count_kv = 4"});
}

TEST(Gemma4Config, RequiredKeysNamedWhenMissing) {
    const char *required[] = {"general.architecture",
                              "gemma4.block_count",
                              "gemma4.embedding_length",
                              "gemma4.attention.head_count",
                              "gemma4.attention.head_count_kv",
                              "gemma4.attention.sliding_window_pattern",
                              "gemma4.attention.sliding_window",
                              "gemma4.context_length",
                              "gemma4.feed_forward_length",
                              "tokenizer.ggml.tokens"};
    for (const char *key : required) {
        SCOPED_TRACE(key);
        Gemma4FixtureOptions o;
        o.removeKeys = {key};
        expectError(o, {"required key", key, "is missing"});
    }
}

TEST(Gemma4Config, WrongArchitecture) {
    Gemma4FixtureOptions o;
    o.setKeys = {{"general.architecture", Value::string("llama")}};
    QString error;
    EXPECT_FALSE(load(o, &error));
    EXPECT_EQ(error, QStringLiteral("not a Gemma 4 model: general.architecture is 'llama'"));
}

TEST(Gemma4Config, WrongTypesAndRanges) {
    struct Case {
        const char *key;
        Value value;
        std::vector<const char *> parts;
    };
    const std::vector<Case> cases = {
        {"gemma4.block_count", Value::string("six"), {"gemma4.block_count", "string", "integer"}},
        {"gemma4.block_count", Value::u32(0), {"gemma4.block_count = 0", "out of range"}},
        {"gemma4.embedding_length", Value::f32(64), {"gemma4.embedding_length", "integer"}},
        {"gemma4.attention.layer_norm_rms_epsilon",
         Value::string("x"),
         {"gemma4.attention.layer_norm_rms_epsilon", "number"}},
        {"gemma4.attention.layer_norm_rms_epsilon", Value::f32(-1), {"out of range"}},
        {"gemma4.attention.sliding_window_pattern",
         Value::u32(1),
         {"gemma4.attention.sliding_window_pattern", "array of bool"}},
        {"gemma4.attention.sliding_window_pattern",
         Value::boolArray({true, true, false, true, false}),
         {"gemma4.attention.sliding_window_pattern has 5 entries, expected 6"}},
        {"gemma4.feed_forward_length",
         Value::i32Array({96, 96, 96}),
         {"gemma4.feed_forward_length has 3 entries, expected 6"}},
        {"gemma4.attention.head_count_kv",
         Value::i32Array({1, 1, 2, 1, 1, 0}),
         {"gemma4.attention.head_count_kv[5] = 0", "out of range"}},
        {"gemma4.attention.shared_kv_layers",
         Value::u32(6),
         {"gemma4.attention.shared_kv_layers = 6", "out of range"}},
        {"gemma4.attention.value_length",
         Value::u32(32),
         {"gemma4.attention.value_length = 32", "gemma4.attention.key_length = 64"}},
        {"gemma4.expert_count", Value::u32(8), {"gemma4.expert_count = 8", "mixture-of-experts"}},
        {"tokenizer.ggml.tokens",
         Value::i32Array({1, 2}),
         {"tokenizer.ggml.tokens", "array of strings"}},
        {"gemma4.rope.dimension_count", Value::u32(70), {"RoPE dimensions 70"}},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.key);
        Gemma4FixtureOptions o;
        o.setKeys = {{c.key, c.value}};
        QString error;
        EXPECT_FALSE(load(o, &error));
        for (const char *p : c.parts) {
            EXPECT_TRUE(error.contains(QString::fromUtf8(p)))
                << "error: " << error.toStdString() << "\nmissing: " << p;
        }
    }
}

TEST(Gemma4Config, HeadsMustBeDivisibleByKvHeads) {
    Gemma4FixtureOptions o;
    o.kvHeadsSliding = 3;
    expectError(o, {"layer 0", "gemma4.attention.head_count = 4", "not divisible", "3"});
}

TEST(Gemma4Config, OptionalKeyDefaultsAndFallbacks) {
    {
        // freq_base_swa missing: rope.local.freq_base, then 1e4.
        Gemma4FixtureOptions o;
        o.removeKeys = {"gemma4.rope.freq_base_swa"};
        o.setKeys = {{"gemma4.rope.local.freq_base", Value::f32(5000)}};
        EXPECT_FLOAT_EQ(loadOk(o).ropeBaseSliding, 5000.0f);
        o.setKeys.clear();
        o.ropeBaseSliding = 777;  // only written under the removed key
        EXPECT_FLOAT_EQ(loadOk(o).ropeBaseSliding, 1e4f);
    }
    {
        // A stored 0 counts as absent (Ollama).
        Gemma4FixtureOptions o;
        o.setKeys = {{"gemma4.rope.freq_base_swa", Value::f32(0)}};
        EXPECT_FLOAT_EQ(loadOk(o).ropeBaseSliding, 1e4f);
    }
    {
        Gemma4FixtureOptions o;
        o.removeKeys = {"gemma4.rope.freq_base",
                        "gemma4.attention.layer_norm_rms_epsilon",
                        "gemma4.final_logit_softcapping",
                        "gemma4.rope.dimension_count",
                        "gemma4.rope.dimension_count_swa",
                        "gemma4.attention.value_length",
                        "gemma4.attention.value_length_swa"};
        o.ropeBase = 5e5f;
        o.rmsEps = 1e-5f;
        const Gemma4Config c = loadOk(o);
        EXPECT_FLOAT_EQ(c.ropeBaseGlobal, 1e6f);
        EXPECT_FLOAT_EQ(c.rmsEps, 1e-6f);
        EXPECT_EQ(c.finalLogitSoftcap, 0.0f);
        EXPECT_EQ(c.ropeDimsGlobal, 64);  // partial_rotary_factor 1 × key_length
        EXPECT_EQ(c.ropeDimsSliding, 32);
    }
    {
        // dimension_count absent with a partial_rotary_factor: rope_freqs must then match.
        Gemma4FixtureOptions o;
        o.removeKeys = {"gemma4.rope.dimension_count"};
        o.setKeys = {{"gemma4.rope.partial_rotary_factor", Value::f32(0.5f)}};
        expectError(o, {"tensor rope_freqs.weight has shape [32], expected [16]",
                        "gemma4.rope.dimension_count = 32"});
        o.ropeFreqs = false;
        EXPECT_EQ(loadOk(o).ropeDimsGlobal, 32);
    }
    {
        // Head dims default to 512 / 256, which the tensors then contradict.
        Gemma4FixtureOptions o;
        o.removeKeys = {"gemma4.attention.key_length", "gemma4.attention.value_length"};
        expectError(o, {"tensor blk.2.attn_q.weight has shape [64, 256], expected [64, 2048]",
                        "gemma4.attention.key_length = 512"});
    }
    {
        // No shared_kv_layers: the shared layers' missing K/V weights are then required.
        Gemma4FixtureOptions o;
        o.removeKeys = {"gemma4.attention.shared_kv_layers"};
        expectError(o, {"tensor blk.4.attn_k.weight is missing"});
    }
}

TEST(Gemma4Config, ShapeMismatchesNameTensorAndValues) {
    struct Case {
        const char *tensor;
        std::vector<uint64_t> ne;
        std::vector<const char *> parts;
    };
    const std::vector<Case> cases = {
        {"blk.0.attn_q.weight",
         {64, 100},
         {"blk.0.attn_q.weight has shape [64, 100], expected [64, 128]"}},
        {"blk.2.attn_k.weight",
         {64, 64},
         {"blk.2.attn_k.weight has shape [64, 64], expected [64, 128]", "2 KV heads"}},
        {"blk.1.attn_v.weight",
         {64, 64},
         {"blk.1.attn_v.weight has shape [64, 64], expected [64, 32]"}},
        {"blk.1.attn_q_norm.weight",
         {16},
         {"blk.1.attn_q_norm.weight has shape [16], expected [32]",
          "gemma4.attention.key_length_swa = 32"}},
        {"blk.2.attn_k_norm.weight",
         {32},
         {"blk.2.attn_k_norm.weight has shape [32], expected [64]",
          "gemma4.attention.key_length = 64"}},
        {"blk.0.attn_output.weight",
         {64, 64},
         {"blk.0.attn_output.weight has shape [64, 64], expected [128, 64]"}},
        {"token_embd.weight",
         {32, 512},
         {"token_embd.weight has shape [32, 512], expected [64, vocab]"}},
        {"per_layer_token_embd.weight",
         {80, 512},
         {"per_layer_token_embd.weight has shape [80, 512], expected [96, 512]"}},
        {"per_layer_model_proj.weight",
         {64, 80},
         {"per_layer_model_proj.weight has shape [64, 80], expected [64, 96]"}},
        {"per_layer_proj_norm.weight",
         {8},
         {"per_layer_proj_norm.weight has shape [8], expected [16]"}},
        {"output_norm.weight", {32}, {"output_norm.weight has shape [32], expected [64]"}},
        {"blk.3.attn_norm.weight", {32}, {"blk.3.attn_norm.weight has shape [32], expected [64]"}},
        {"blk.3.post_ffw_norm.weight", {32}, {"blk.3.post_ffw_norm.weight"}},
        {"blk.3.inp_gate.weight",
         {64, 8},
         {"blk.3.inp_gate.weight has shape [64, 8], expected [64, 16]"}},
        {"blk.3.proj.weight", {8, 64}, {"blk.3.proj.weight has shape [8, 64], expected [16, 64]"}},
        {"blk.3.post_norm.weight", {16}, {"blk.3.post_norm.weight has shape [16], expected [64]"}},
        {"blk.0.layer_output_scale.weight",
         {2},
         {"blk.0.layer_output_scale.weight has shape [2], expected [1]"}},
        {"rope_freqs.weight", {16}, {"rope_freqs.weight has shape [16], expected [32]"}},
        {"blk.1.ffn_up.weight",
         {64, 50},
         {"blk.1.ffn_up.weight has shape [64, 50], expected [64, 96]"}},
        {"blk.1.ffn_down.weight",
         {50, 64},
         {"blk.1.ffn_down.weight has shape [50, 64], expected [96, 64]"}},
        {"blk.1.ffn_gate.weight",
         {64, 50},
         {"blk.1.ffn_up.weight has shape [64, 96], expected [64, 50]", "blk.1.ffn_gate.weight"}},
        {"blk.1.ffn_gate.weight",
         {32, 96},
         {"blk.1.ffn_gate.weight has shape [32, 96], expected [64, ffn width]"}},
        {"blk.0.attn_q.weight",
         {64, 128, 2},
         {"blk.0.attn_q.weight has shape [64, 128, 2], expected [64, 128]"}},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.tensor);
        Gemma4FixtureOptions o;
        o.reshapeTensors = {{c.tensor, c.ne}};
        QString error;
        EXPECT_FALSE(load(o, &error));
        for (const char *p : c.parts) {
            EXPECT_TRUE(error.contains(QString::fromUtf8(p)))
                << "error: " << error.toStdString() << "\nmissing: " << p;
        }
    }
}

TEST(Gemma4Config, FfnWidthMetadataMustMatchTensors) {
    // The converter writes a scalar when widths are equal; a scalar here contradicts the
    // double-wide shared layers' tensors.
    Gemma4FixtureOptions o;
    o.setKeys = {{"gemma4.feed_forward_length", Value::u32(96)}};
    expectError(o, {"blk.4.ffn_gate.weight has shape [64, 192]", "FFN width 192",
                    "gemma4.feed_forward_length says 96 for layer 4"});

    Gemma4FixtureOptions arr;
    arr.setKeys = {{"gemma4.feed_forward_length", Value::i32Array({96, 96, 96, 100, 192, 192})}};
    expectError(arr, {"blk.3.ffn_gate.weight", "FFN width 96", "says 100 for layer 3"});
}

TEST(Gemma4Config, MissingTensorsNamed) {
    const char *names[] = {"token_embd.weight",
                           "output_norm.weight",
                           "blk.0.attn_k.weight",
                           "blk.0.attn_v.weight",
                           "blk.0.attn_k_norm.weight",
                           "blk.5.attn_q.weight",
                           "blk.5.attn_q_norm.weight",
                           "blk.5.attn_output.weight",
                           "blk.2.post_norm.weight",
                           "blk.2.inp_gate.weight",
                           "per_layer_proj_norm.weight",
                           "per_layer_token_embd.weight",
                           "blk.3.ffn_down.weight",
                           "blk.3.ffn_gate.weight",
                           "blk.1.post_attention_norm.weight",
                           "blk.1.ffn_norm.weight"};
    for (const char *name : names) {
        SCOPED_TRACE(name);
        Gemma4FixtureOptions o;
        o.removeTensors = {name};
        expectError(o, {"tensor", name, "is missing"});
    }
}

TEST(Gemma4Config, OptionalTensors) {
    {
        Gemma4FixtureOptions o;
        o.ropeFreqs = false;
        o.layerOutputScale = false;
        const Gemma4Config c = loadOk(o);
        EXPECT_FALSE(c.hasRopeFreqs);
        for (const auto &l : c.layers)
            EXPECT_FALSE(l.hasOutputScale());
        EXPECT_TRUE(anyLineContains(c.describe(), "no-scale"));
    }
    {
        // The Hugging Face name of the scale is accepted too.
        Gemma4FixtureOptions o;
        o.removeTensors = {"blk.1.layer_output_scale.weight", "blk.3.layer_output_scale.weight"};
        o.addTensors = {{"blk.1.layer_scalar", {1}}};
        const Gemma4Config c = loadOk(o);
        EXPECT_EQ(c.layer(1).outputScaleTensor, "blk.1.layer_scalar");
        EXPECT_FALSE(c.layer(3).hasOutputScale());
        EXPECT_TRUE(c.layer(0).hasOutputScale());
    }
    {
        // An untied output matrix is accepted and must be [H, V].
        Gemma4FixtureOptions o;
        o.addTensors = {{"output.weight", {64, 512}}};
        EXPECT_TRUE(loadOk(o).hasSeparateOutput);
        o.addTensors = {{"output.weight", {64, 500}}};
        expectError(o, {"output.weight has shape [64, 500], expected [64, 512]"});
    }
    {
        // Shared layers that do carry (unused) K/V weights.
        Gemma4FixtureOptions o;
        o.sharedLayersHaveKv = true;
        const Gemma4Config c = loadOk(o);
        EXPECT_TRUE(c.layer(4).hasKvWeights);
        EXPECT_EQ(c.layer(4).kvDonor, 3);
        o.reshapeTensors = {{"blk.5.attn_v.weight", {64, 64}}};
        expectError(o, {"blk.5.attn_v.weight has shape [64, 64], expected [64, 128]"});
    }
}

TEST(Gemma4Config, PerLayerEmbeddings) {
    Gemma4FixtureOptions none;
    none.pleDim = 0;
    const Gemma4Config c = loadOk(none);
    EXPECT_FALSE(c.hasPle);
    EXPECT_EQ(c.pleDim, 0);
    EXPECT_TRUE(anyLineContains(c.describe(), "per-layer embeddings: none"));

    Gemma4FixtureOptions stray;
    stray.setKeys = {{"gemma4.embedding_length_per_layer_input", Value::u32(0)}};
    expectError(stray, {"per_layer_token_embd.weight is present",
                        "gemma4.embedding_length_per_layer_input is 0"});
}

TEST(Gemma4Config, DonorErrors) {
    Gemma4FixtureOptions o;
    o.slidingPattern = {true, true, true, true, false, false};
    expectError(o, {"layer 4 (global)", "no global layer precedes the first shared layer 4"});

    QString error;
    EXPECT_FALSE(Gemma4Config::kvDonorMap({true, false}, 2, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("shared_kv_layers = 2"))) << error.toStdString();
    const auto none = Gemma4Config::kvDonorMap({true, false}, 0, &error);
    ASSERT_TRUE(none);
    EXPECT_EQ(*none, (std::vector<int>{-1, -1}));
}

TEST(Gemma4Config, TokenizerAndVocabulary) {
    Gemma4FixtureOptions o;
    std::vector<std::string> many(600, "x");
    o.setKeys = {{"tokenizer.ggml.tokens", Value::stringArray(many)}};
    expectError(o,
                {"tokenizer.ggml.tokens has 600 entries", "token_embd.weight has only 512 rows"});

    // Fewer tokens than embedding rows (a padded table) is fine.
    std::vector<std::string> few(500, "x");
    o.setKeys = {{"tokenizer.ggml.tokens", Value::stringArray(few)}};
    const Gemma4Config c = loadOk(o);
    EXPECT_EQ(c.vocabSize, 512);
    EXPECT_EQ(c.tokenizerTokens, 500);
}

TEST(Gemma4Config, TensorsBeyondBlockCount) {
    Gemma4FixtureOptions o;
    o.addTensors = {{"blk.6.attn_norm.weight", {64}}};
    expectError(o, {"blk.6.attn_norm.weight belongs to block 6", "gemma4.block_count = 6"});
}

TEST(Gemma4Config, MixtureOfExpertsTensorsRejected) {
    Gemma4FixtureOptions o;
    o.addTensors = {{"blk.0.ffn_gate_inp.weight", {64, 8}}};
    expectError(o, {"blk.0.ffn_gate_inp.weight", "mixture-of-experts"});
}

TEST(Gemma4Config, VisionAndAudio) {
    Gemma4FixtureOptions o;
    o.vision = true;
    o.audio = true;
    const Gemma4Config c = loadOk(o);
    ASSERT_TRUE(c.vision.present);
    EXPECT_EQ(c.vision.blockCount, 2);
    EXPECT_EQ(c.vision.width, 32);
    EXPECT_EQ(c.vision.heads, 2);
    EXPECT_EQ(c.vision.headDim, 16);
    EXPECT_EQ(c.vision.ffnWidth, 64);
    EXPECT_EQ(c.vision.patchSize, 4);
    EXPECT_EQ(c.vision.channels, 3);
    EXPECT_EQ(c.vision.mergeFactor, 3);
    EXPECT_EQ(c.vision.positionSlots, 64);
    EXPECT_FLOAT_EQ(c.vision.ropeTheta, 100.0f);
    EXPECT_TRUE(c.vision.hasClampData);
    EXPECT_FALSE(c.vision.hasStandardize);
    ASSERT_TRUE(c.audio.present);
    EXPECT_EQ(c.audio.blockCount, 2);
    EXPECT_EQ(c.audio.width, 32);
    EXPECT_EQ(c.audio.heads, 2);
    EXPECT_EQ(c.audio.headDim, 16);
    EXPECT_EQ(c.audio.ffnWidth, 128);
    EXPECT_EQ(c.audio.convKernel, 5);
    EXPECT_EQ(c.audio.melBins, 128);
    EXPECT_EQ(c.audio.outputDim, 48);
    const auto lines = c.describe();
    EXPECT_TRUE(anyLineContains(lines, "vision: 2 blocks, width 32, 2 heads of 16"));
    EXPECT_TRUE(anyLineContains(lines, "audio: 2 blocks, width 32, 2 heads of 16"));
    EXPECT_GE(typeCount(o, "F16"), 1);
    EXPECT_GE(typeCount(o, "BF16"), 1);
}

TEST(Gemma4Config, VisionAndAudioErrors) {
    {
        Gemma4FixtureOptions o;
        o.vision = true;
        o.removeKeys = {"gemma4.vision.block_count"};
        expectError(o, {"vision weights", "gemma4.vision.block_count is missing"});
    }
    {
        Gemma4FixtureOptions o;
        o.vision = true;
        o.removeKeys = {"gemma4.vision.feed_forward_length"};
        expectError(o, {"required key gemma4.vision.feed_forward_length is missing"});
    }
    {
        Gemma4FixtureOptions o;
        o.vision = true;
        o.reshapeTensors = {{"v.blk.1.attn_q.weight", {32, 16}}};
        expectError(o, {"v.blk.1.attn_q.weight has shape [32, 16], expected [32, 32]"});
        o.reshapeTensors = {{"mm.input_projection.weight", {32, 32}}};
        expectError(o, {"mm.input_projection.weight has shape [32, 32], expected [32, 64]"});
        o.reshapeTensors = {{"v.patch_embd.weight", {4, 4, 3, 16}}};
        expectError(o, {"v.patch_embd.weight has shape [4, 4, 3, 16], expected [4, 4, 3, 32]"});
        o.reshapeTensors = {{"v.clamp_data", {10}}};
        expectError(o, {"v.clamp_data has shape [10], expected [60]"});
    }
    {
        Gemma4FixtureOptions o;
        o.vision = true;
        o.addTensors = {{"v.blk.2.ln1.weight", {32}}};
        expectError(o, {"v.blk.2.ln1.weight belongs to block 2", "gemma4.vision.block_count = 2"});
    }
    {
        Gemma4FixtureOptions o;
        o.audio = true;
        o.removeTensors = {"mm.a.fc.weight"};
        expectError(o, {"tensor mm.a.fc.weight is missing"});
        o.removeTensors = {"a.blk.1.ffn_up_1.weight"};
        expectError(o, {"tensor a.blk.1.ffn_up_1.weight is missing"});
        o.removeTensors.clear();
        o.reshapeTensors = {{"mm.a.input_projection.weight", {48, 32}}};
        expectError(o, {"mm.a.input_projection.weight has shape [48, 32], expected [48, 64]"});
    }
    {
        // Tower metadata without weights: a separate projector file is expected.
        Gemma4FixtureOptions o;
        o.setKeys = {{"gemma4.vision.block_count", Value::u32(16)},
                     {"gemma4.vision.embedding_length", Value::u32(768)},
                     {"gemma4.vision.attention.head_count", Value::u32(12)},
                     {"gemma4.vision.feed_forward_length", Value::u32(3072)},
                     {"gemma4.audio.block_count", Value::u32(12)},
                     {"gemma4.audio.embedding_length", Value::u32(1024)}};
        const Gemma4Config c = loadOk(o);
        EXPECT_FALSE(c.vision.present);
        EXPECT_TRUE(c.vision.metadataOnly);
        EXPECT_EQ(c.vision.headDim, 64);
        EXPECT_FALSE(c.audio.present);
        EXPECT_TRUE(c.audio.metadataOnly);
        EXPECT_EQ(c.audio.ffnWidth, 4096);
        EXPECT_TRUE(anyLineContains(c.describe(), "vision: metadata only"));
    }
}

// ---- Real E2B / E4B metadata (values from docs/gemma4.md §2, as Ollama's converter writes) ----

std::vector<bool> realPattern(int layers, int slidingPerGlobal) {
    std::vector<bool> p;
    for (int i = 0; i < layers; ++i)
        p.push_back((i + 1) % (slidingPerGlobal + 1) != 0);
    return p;
}

// A GGUF holding only the header: the metadata path needs no tensors.
std::unique_ptr<gguf::File> realMetadataFile(bool e4b) {
    const int L = e4b ? 42 : 35;
    const int shared = e4b ? 18 : 20;
    gguf::Writer w;
    auto u32 = [](int v) { return Value::u32(static_cast<uint32_t>(v)); };
    w.set("general.architecture", Value::string("gemma4"));
    w.set("gemma4.block_count", u32(L));
    w.set("gemma4.embedding_length", u32(e4b ? 2560 : 1536));
    if (e4b) {
        w.set("gemma4.feed_forward_length", u32(10240));
    } else {
        std::vector<int32_t> ffn(35, 6144);
        for (int i = 15; i < 35; ++i)
            ffn[static_cast<size_t>(i)] = 12288;
        w.set("gemma4.feed_forward_length", Value::i32Array(ffn));
    }
    w.set("gemma4.context_length", u32(131072));
    w.set("gemma4.attention.head_count", u32(8));
    w.set("gemma4.attention.head_count_kv", u32(e4b ? 2 : 1));
    w.set("gemma4.attention.key_length", u32(512));
    w.set("gemma4.attention.value_length", u32(512));
    w.set("gemma4.attention.key_length_swa", u32(256));
    w.set("gemma4.attention.value_length_swa", u32(256));
    w.set("gemma4.attention.layer_norm_rms_epsilon", Value::f32(1e-6f));
    w.set("gemma4.attention.sliding_window", u32(512));
    w.set("gemma4.attention.sliding_window_pattern", Value::boolArray(realPattern(L, e4b ? 5 : 4)));
    w.set("gemma4.attention.shared_kv_layers", u32(shared));
    w.set("gemma4.rope.freq_base", Value::f32(1e6f));
    w.set("gemma4.rope.dimension_count", u32(512));
    w.set("gemma4.rope.freq_base_swa", Value::f32(1e4f));
    w.set("gemma4.rope.dimension_count_swa", u32(256));
    w.set("gemma4.final_logit_softcapping", Value::f32(30));
    w.set("gemma4.embedding_length_per_layer_input", u32(256));
    w.set("gemma4.vision.block_count", u32(16));
    w.set("gemma4.vision.embedding_length", u32(768));
    w.set("gemma4.vision.attention.head_count", u32(12));
    w.set("gemma4.vision.feed_forward_length", u32(3072));
    w.set("gemma4.vision.patch_size", u32(16));
    w.set("gemma4.vision.num_channels", u32(3));
    w.set("gemma4.vision.projector.scale_factor", u32(3));
    w.set("gemma4.vision.attention.layer_norm_epsilon", Value::f32(1e-6f));
    w.set("gemma4.audio.block_count", u32(12));
    w.set("gemma4.audio.embedding_length", u32(1024));
    w.set("gemma4.audio.feed_forward_length", u32(4096));
    w.set("gemma4.audio.attention.head_count", u32(8));
    w.set("gemma4.audio.attention.layer_norm_epsilon", Value::f32(1e-6f));
    w.set("gemma4.audio.conv_kernel_size", u32(5));
    w.set("tokenizer.ggml.model", Value::string("llama"));
    w.set("tokenizer.ggml.tokens", Value::stringArray(std::vector<std::string>(262144, "t")));
    QString error;
    auto f = gguf::File::fromBytes(w.toBytes(), &error);
    EXPECT_TRUE(f) << error.toStdString();
    return f;
}

TEST(Gemma4Config, RealE2BMetadata) {
    auto f = realMetadataFile(false);
    ASSERT_TRUE(f);
    QString error;
    const auto c = Gemma4Config::fromMetadata(*f, &error);
    ASSERT_TRUE(c) << error.toStdString();
    EXPECT_EQ(c->layerCount, 35);
    EXPECT_EQ(c->hidden, 1536);
    EXPECT_EQ(c->firstSharedLayer, 15);
    EXPECT_EQ(c->vocabSize, 262144);
    EXPECT_EQ(c->pleDim, 256);
    EXPECT_EQ(c->kvHeadsSliding, 1);
    EXPECT_EQ(c->kvHeadsGlobal, 1);
    for (const auto &l : c->layers) {
        SCOPED_TRACE(l.index);
        EXPECT_EQ(l.isSliding(), (l.index + 1) % 5 != 0);
        EXPECT_EQ(l.headDim, l.isSliding() ? 256 : 512);
        EXPECT_EQ(l.ffnWidth, l.index < 15 ? 6144 : 12288);
        EXPECT_EQ(l.kvDonor, l.index < 15 ? -1 : (l.isSliding() ? 13 : 14));
        EXPECT_EQ(l.ropeDims, l.isSliding() ? 256 : 512);
    }
    EXPECT_EQ(c->vision.headDim, 64);
    EXPECT_EQ(c->audio.headDim, 128);
    const auto lines = c->describe();
    for (const auto &l : lines)
        std::printf("  %s\n", l.c_str());
    EXPECT_TRUE(anyLineContains(lines, "layers 0-3 sliding hd256 kv1 ffn6144"));
    EXPECT_TRUE(anyLineContains(lines, "layer 14 global hd512 kv1 ffn6144"));
    EXPECT_TRUE(anyLineContains(lines, "layers 15-18 sliding hd256 kv1 ffn12288 kv-from-13"));
    EXPECT_TRUE(anyLineContains(lines, "layer 34 global hd512 kv1 ffn12288 kv-from-14"));
    EXPECT_TRUE(anyLineContains(lines, "13 (sliding), 14 (global)"));
    EXPECT_TRUE(anyLineContains(lines, "per-layer embeddings: 256 per layer"));
    EXPECT_TRUE(anyLineContains(lines, "vision (metadata): 16 blocks, width 768, 12 heads"));
    EXPECT_FALSE(anyLineContains(lines, "rope_freqs"));

    // The header alone is not a loadable model.
    EXPECT_FALSE(Gemma4Config::fromGguf(*f, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("tensor token_embd.weight is missing")));
}

TEST(Gemma4Config, RealE4BMetadata) {
    auto f = realMetadataFile(true);
    ASSERT_TRUE(f);
    QString error;
    const auto c = Gemma4Config::fromMetadata(*f, &error);
    ASSERT_TRUE(c) << error.toStdString();
    EXPECT_EQ(c->layerCount, 42);
    EXPECT_EQ(c->hidden, 2560);
    EXPECT_EQ(c->firstSharedLayer, 24);
    for (const auto &l : c->layers) {
        SCOPED_TRACE(l.index);
        EXPECT_EQ(l.isSliding(), (l.index + 1) % 6 != 0);
        EXPECT_EQ(l.kvHeads, 2);
        EXPECT_EQ(l.ffnWidth, 10240);
        EXPECT_EQ(l.kvDonor, l.index < 24 ? -1 : (l.isSliding() ? 22 : 23));
    }
}

TEST(Gemma4Config, DonorMapsOfRealModels) {
    QString error;
    const auto e2b = Gemma4Config::kvDonorMap(realPattern(35, 4), 20, &error);
    ASSERT_TRUE(e2b) << error.toStdString();
    EXPECT_EQ((*e2b)[15], 13);
    EXPECT_EQ((*e2b)[19], 14);
    EXPECT_EQ((*e2b)[34], 14);
    EXPECT_EQ((*e2b)[14], -1);
    const auto e4b = Gemma4Config::kvDonorMap(realPattern(42, 5), 18, &error);
    ASSERT_TRUE(e4b) << error.toStdString();
    EXPECT_EQ((*e4b)[24], 22);
    EXPECT_EQ((*e4b)[29], 23);
    EXPECT_EQ((*e4b)[41], 23);
}

// The E2B structure (35 layers, (4,1)×7 pattern, 20 shared, double-wide shared FFNs) with tiny
// widths, through the full tensor-checking path.
TEST(Gemma4Config, ShrunkE2BFixtureLoads) {
    Gemma4FixtureOptions o;
    o.layers = 35;
    o.hidden = 32;
    o.heads = 2;
    o.kvHeadsSliding = 1;
    o.kvHeadsGlobal = 1;
    o.headDimSliding = 16;
    o.headDimGlobal = 32;
    o.slidingPattern = realPattern(35, 4);
    o.sharedKvLayers = 20;
    o.ffnWidth = 32;
    o.pleDim = 4;
    o.vocab = 400;
    const Gemma4Config c = loadOk(o);
    EXPECT_EQ(c.firstSharedLayer, 15);
    for (const auto &l : c.layers) {
        EXPECT_EQ(l.kvDonor, l.index < 15 ? -1 : (l.isSliding() ? 13 : 14));
        EXPECT_EQ(l.ffnWidth, l.index < 15 ? 32 : 64);
        EXPECT_EQ(l.hasKvWeights, l.index < 15);
    }
}

TEST(Gemma4Config, QuantizedFixtureLoads) {
    Gemma4FixtureOptions o;
    o.weightType = gguf::TensorType::Q8_0;
    o.embeddingType = gguf::TensorType::Q8_0;
    o.pleEmbeddingType = gguf::TensorType::F16;
    const Gemma4Config c = loadOk(o);
    EXPECT_GT(typeCount(o, "Q8_0"), 20);
    // proj.weight rows are P = 16 long, not a multiple of 32: stored as F16.
    EXPECT_GE(typeCount(o, "F16"), 7);
}

}  // namespace
}  // namespace facet::model
