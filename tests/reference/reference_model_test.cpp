// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Whole-model properties of the CPU reference forward pass on the Gemma 4 test fixtures, and a
// comparison with an independent double-precision implementation (naive_gemma4.h).
#include "model/reference_model.h"
#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "naive_gemma4.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <QFloat16>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace facet::model {
namespace {

using test::Gemma4FixtureOptions;

std::unique_ptr<gguf::File> parse(const QByteArray &bytes) {
    QString error;
    auto f = gguf::File::fromBytes(bytes, &error);
    EXPECT_TRUE(f) << error.toStdString();
    return f;
}

std::unique_ptr<gguf::File> fixture(const Gemma4FixtureOptions &o) {
    QString error;
    const QByteArray bytes = test::gemma4FixtureBytes(o, &error);
    EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
    return parse(bytes);
}

std::unique_ptr<ReferenceModel> loadModel(const gguf::File &f) {
    QString error;
    auto m = ReferenceModel::load(f, &error);
    EXPECT_TRUE(m) << error.toStdString();
    return m;
}

std::vector<int32_t> randomTokens(std::mt19937_64 &rng, size_t n, int vocab) {
    std::uniform_int_distribution<int32_t> d(0, vocab - 1);
    std::vector<int32_t> t(n);
    for (int32_t &x : t)
        x = d(rng);
    return t;
}

// Row `r` of a [rows][V] logits buffer.
std::span<const float> row(const std::vector<float> &logits, size_t r, size_t v) {
    return std::span<const float>(logits).subspan(r * v, v);
}

double maxAbsDiff(std::span<const float> a, std::span<const float> b) {
    EXPECT_EQ(a.size(), b.size());
    double m = 0.0;
    for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        m = std::max(m, std::abs(static_cast<double>(a[i]) - b[i]));
    return m;
}

double maxAbs(std::span<const float> a) {
    double m = 0.0;
    for (float x : a)
        m = std::max(m, std::abs(static_cast<double>(x)));
    return m;
}

// Rebuilds a GGUF image tensor by tensor. `edit` may change a tensor's type and data (it gets the
// dequantised values and the stored bytes); returning false keeps the tensor as it is.
using TensorEdit = std::function<bool(const gguf::TensorInfo &, gguf::TensorType *, QByteArray *)>;
QByteArray rewrite(const gguf::File &f, const TensorEdit &edit) {
    gguf::Writer w(static_cast<uint32_t>(f.alignment()));
    for (const gguf::KeyValue &kv : f.metadata())
        w.set(kv.key, kv.value);
    for (const gguf::TensorInfo &t : f.tensors()) {
        gguf::TensorType type = t.type;
        QByteArray data(reinterpret_cast<const char *>(t.data), static_cast<qsizetype>(t.nbytes));
        edit(t, &type, &data);
        QString error;
        EXPECT_TRUE(w.addTensor(t.name, type, t.ne, data, &error)) << error.toStdString();
    }
    return w.toBytes();
}

// Every tensor dequantised to F32: the same weights the quantised file computes with.
QByteArray dequantisedCopy(const gguf::File &f) {
    return rewrite(f, [](const gguf::TensorInfo &t, gguf::TensorType *type, QByteArray *data) {
        if (t.type == gguf::TensorType::F32) return false;
        std::vector<float> v(t.nelements);
        EXPECT_TRUE(
            gguf::dequantizeRow(t.type, t.data, v.data(), static_cast<int64_t>(t.nelements)));
        *type = gguf::TensorType::F32;
        *data = QByteArray(reinterpret_cast<const char *>(v.data()),
                           static_cast<qsizetype>(v.size() * sizeof(float)));
        return true;
    });
}

// Overwrites the F32 tensors in `names` with fresh random values.
QByteArray perturbed(const gguf::File &f, const std::vector<std::string> &names, uint64_t seed) {
    std::mt19937_64 rng(seed);
    return rewrite(f, [&](const gguf::TensorInfo &t, gguf::TensorType *, QByteArray *data) {
        if (std::find(names.begin(), names.end(), t.name) == names.end()) return false;
        EXPECT_EQ(t.type, gguf::TensorType::F32) << t.name;
        std::uniform_real_distribution<float> d(-1.0f, 1.0f);
        for (uint64_t i = 0; i < t.nelements; ++i) {
            const float v = d(rng);
            std::memcpy(data->data() + i * 4, &v, 4);
        }
        return true;
    });
}

// ---- loading and basics -----------------------------------------------------------------------

TEST(ReferenceModel, LoadsFixtureAndProducesFiniteLogits) {
    auto f = fixture({});
    ASSERT_TRUE(f);
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->vocabSize(), 512);
    const std::vector<int32_t> tokens = {2, 105, 400, 7, 1};
    const std::vector<float> logits = m->forward(tokens);
    ASSERT_EQ(logits.size(), tokens.size() * 512);
    for (float x : logits)
        ASSERT_TRUE(std::isfinite(x));
    // Shared layers load no K/V weights; own-cache layers do.
    EXPECT_TRUE(m->layerWeights(3).attnK.valid());
    EXPECT_FALSE(m->layerWeights(4).attnK.valid());
    EXPECT_FALSE(m->layerWeights(5).attnV.valid());
    EXPECT_TRUE(m->layerWeights(5).kNorm.empty());
}

TEST(ReferenceModel, RejectsBadInputs) {
    auto f = fixture({});
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    QString error;
    const std::vector<int32_t> bad = {1, 512};
    EXPECT_TRUE(m->forward(bad, {}, &error).empty());
    EXPECT_TRUE(error.contains(QStringLiteral("outside the vocabulary"))) << error.toStdString();
    const std::vector<int32_t> ok = {1, 2, 3};
    std::vector<SoftEmbedding> soft = {{1, std::vector<float>(63, 0.0f)}};
    EXPECT_TRUE(m->forward(ok, soft, &error).empty());
    EXPECT_TRUE(error.contains(QStringLiteral("expected 64"))) << error.toStdString();
    soft = {{3, std::vector<float>(64, 0.0f)}};
    EXPECT_TRUE(m->forward(ok, soft, &error).empty());
    soft = {{1, std::vector<float>(64, 0.0f)}, {1, std::vector<float>(64, 0.0f)}};
    EXPECT_TRUE(m->forward(ok, soft, &error).empty());
    // A failed call leaves a session untouched.
    ReferenceModel::Session s = m->newSession();
    EXPECT_TRUE(s.prefill(bad, {}, ReferenceModel::Logits::All, &error).empty());
    EXPECT_EQ(s.position(), 0);
    EXPECT_EQ(s.cache(0).positions.size(), 0u);
}

TEST(ReferenceModel, LoadFailsOnUndecodableTensorType) {
    auto f = fixture({});
    ASSERT_TRUE(f);
    // I8 is a valid GGUF type but not a weight encoding the reference can dequantise.
    auto g =
        parse(rewrite(*f, [](const gguf::TensorInfo &t, gguf::TensorType *type, QByteArray *data) {
            if (t.name != "blk.2.ffn_up.weight") return false;
            *type = gguf::TensorType::I8;
            *data = QByteArray(static_cast<qsizetype>(t.nelements), '\0');
            return true;
        }));
    ASSERT_TRUE(g);
    QString error;
    EXPECT_FALSE(ReferenceModel::load(*g, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("blk.2.ffn_up.weight"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("I8"))) << error.toStdString();

    // Configuration errors come through unchanged.
    Gemma4FixtureOptions o;
    o.removeTensors = {"blk.1.attn_q.weight"};
    auto h = fixture(o);
    ASSERT_TRUE(h);
    EXPECT_FALSE(ReferenceModel::load(*h, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("blk.1.attn_q.weight"))) << error.toStdString();
}

// ---- against the independent double-precision forward -----------------------------------------

// Bound for f32 reference vs double: the reference rounds every activation to float (relative
// 6e-8) through 6 layers of norms, attention and FFN; measured differences are ~1e-6 of the
// logit scale. 1e-4·max(1, |logit|) leaves two orders of margin while any formula error (a
// missing scale, a wrong head, an off-by-one mask) moves logits by ≥ 1e-2.
constexpr double kNaiveRel = 1e-4;

void expectMatchesNaive(const gguf::File &f, const std::vector<int32_t> &tokens,
                        const std::vector<SoftEmbedding> &soft = {}) {
    auto m = loadModel(f);
    ASSERT_TRUE(m);
    std::map<int, std::vector<float>> softMap;
    for (const SoftEmbedding &s : soft)
        softMap[s.index] = s.values;
    const std::vector<float> got = m->forward(tokens, soft);
    const std::vector<double> want = test::naiveGemma4Logits(f, tokens, softMap);
    ASSERT_EQ(got.size(), want.size());
    double worst = 0.0;
    for (size_t i = 0; i < got.size(); ++i) {
        const double tol = kNaiveRel * std::max(1.0, std::abs(want[i]));
        worst = std::max(worst, std::abs(got[i] - want[i]) / tol);
        ASSERT_NEAR(got[i], want[i], tol) << "logit " << i % static_cast<size_t>(m->vocabSize())
                                          << " of token " << i / m->vocabSize();
    }
    ::testing::Test::RecordProperty("worst_fraction_of_bound", std::to_string(worst));
}

QByteArray withModerateAttention(const gguf::File &f);

TEST(ReferenceModel, MatchesNaiveDoubleForwardOnFixture) {
    auto rng = test::seededRng();
    // Default fixture: S S G S S G, GQA (4 heads over 1 / 2 KV heads), head dims 32 / 64, KV
    // sharing (4 -> 3, 5 -> 2), double-wide shared FFNs, PLE, output scales, rope_freqs,
    // softcap 30. 24 tokens > window 16, so the sliding mask cuts.
    // Moderate attention (see withModerateAttention): with near-argmax attention a float rounding
    // difference can flip which key wins, so no arithmetic bound holds for every random sequence.
    auto raw = fixture({});
    ASSERT_TRUE(raw);
    QString error;
    auto f = gguf::File::fromBytes(withModerateAttention(*raw), &error);
    ASSERT_TRUE(f) << error.toStdString();
    expectMatchesNaive(*f, randomTokens(rng, 24, 512));
}

// A 1-layer model with H = 4 and explicit weights, written with gguf::Writer: every value is a
// small closed-form number, and the naive double-precision forward computes the logits by hand.
QByteArray handModel(bool sliding) {
    gguf::Writer w;
    using gguf::Value;
    const int V = 8;
    w.set("general.architecture", Value::string("gemma4"));
    w.set("gemma4.block_count", Value::u32(1));
    w.set("gemma4.embedding_length", Value::u32(4));
    w.set("gemma4.feed_forward_length", Value::u32(6));
    w.set("gemma4.context_length", Value::u32(64));
    w.set("gemma4.attention.head_count", Value::u32(2));
    w.set("gemma4.attention.head_count_kv", Value::u32(1));
    w.set("gemma4.attention.key_length", Value::u32(4));
    w.set("gemma4.attention.key_length_swa", Value::u32(4));
    w.set("gemma4.attention.layer_norm_rms_epsilon", Value::f32(1e-6f));
    w.set("gemma4.attention.sliding_window", Value::u32(2));
    w.set("gemma4.attention.sliding_window_pattern", Value::boolArray({sliding}));
    w.set("gemma4.attention.shared_kv_layers", Value::u32(0));
    w.set("gemma4.rope.freq_base", Value::f32(100.0f));
    w.set("gemma4.rope.dimension_count", Value::u32(4));
    w.set("gemma4.rope.freq_base_swa", Value::f32(10.0f));
    w.set("gemma4.final_logit_softcapping", Value::f32(5.0f));
    w.set("gemma4.embedding_length_per_layer_input", Value::u32(2));
    std::vector<std::string> tokens;
    for (int i = 0; i < V; ++i)
        tokens.push_back("t" + std::to_string(i));
    w.set("tokenizer.ggml.tokens", Value::stringArray(tokens));

    // Values: ((i·k + o) mod 17 − 8) / 8 for linear weights and embeddings (multiples of 1/8 in
    // [−1, 1]); norms 1 + ((i·k + o) mod 5 − 2) / 10.
    int salt = 0;
    auto add = [&](const std::string &name, std::vector<uint64_t> ne, bool norm) {
        uint64_t n = 1;
        for (uint64_t d : ne)
            n *= d;
        ++salt;
        std::vector<float> v(n);
        for (uint64_t i = 0; i < n; ++i) {
            const int r =
                static_cast<int>((i * 7 + static_cast<uint64_t>(salt) * 3) % (norm ? 5u : 17u));
            v[i] =
                norm ? 1.0f + static_cast<float>(r - 2) / 10.0f : static_cast<float>(r - 8) / 8.0f;
        }
        QString error;
        EXPECT_TRUE(w.addTensor(
            name, gguf::TensorType::F32, ne,
            QByteArray(reinterpret_cast<const char *>(v.data()), static_cast<qsizetype>(n * 4)),
            &error))
            << error.toStdString();
    };
    add("token_embd.weight", {4, V}, false);
    add("per_layer_token_embd.weight", {2, V}, false);
    add("per_layer_model_proj.weight", {4, 2}, false);
    add("per_layer_proj_norm.weight", {2}, true);
    add("output_norm.weight", {4}, true);
    add("blk.0.attn_norm.weight", {4}, true);
    add("blk.0.attn_q.weight", {4, 8}, false);
    add("blk.0.attn_q_norm.weight", {4}, true);
    add("blk.0.attn_k.weight", {4, 4}, false);
    add("blk.0.attn_k_norm.weight", {4}, true);
    add("blk.0.attn_v.weight", {4, 4}, false);
    add("blk.0.attn_output.weight", {8, 4}, false);
    add("blk.0.post_attention_norm.weight", {4}, true);
    add("blk.0.ffn_norm.weight", {4}, true);
    add("blk.0.ffn_gate.weight", {4, 6}, false);
    add("blk.0.ffn_up.weight", {4, 6}, false);
    add("blk.0.ffn_down.weight", {6, 4}, false);
    add("blk.0.post_ffw_norm.weight", {4}, true);
    add("blk.0.inp_gate.weight", {4, 2}, false);
    add("blk.0.proj.weight", {2, 4}, false);
    add("blk.0.post_norm.weight", {4}, true);
    const float scale = 0.75f;
    const float freqs[2] = {1.0f, 1e30f};  // proportional RoPE: pair 0 rotates, pair 1 does not
    QString error;
    EXPECT_TRUE(w.addTensor("blk.0.layer_output_scale.weight", gguf::TensorType::F32, {1},
                            QByteArray(reinterpret_cast<const char *>(&scale), 4), &error));
    EXPECT_TRUE(w.addTensor("rope_freqs.weight", gguf::TensorType::F32, {2},
                            QByteArray(reinterpret_cast<const char *>(freqs), 8), &error));
    return w.toBytes();
}

TEST(ReferenceModel, HandBuiltOneLayerModelMatchesDoubleComputation) {
    for (bool sliding : {false, true}) {
        SCOPED_TRACE(sliding ? "sliding layer, W = 2" : "global layer, proportional RoPE");
        auto f = parse(handModel(sliding));
        ASSERT_TRUE(f);
        auto m = loadModel(*f);
        ASSERT_TRUE(m);
        EXPECT_EQ(m->config().layer(0).isSliding(), sliding);
        const std::vector<int32_t> tokens = {3, 1, 4, 1, 5, 2};
        expectMatchesNaive(*f, tokens);
        // |logit| < softcap 5, and the window matters: the sliding model's logits differ from the
        // global one's at positions >= 2 (position 2 is the first to lose a key).
        for (float x : m->forward(tokens))
            EXPECT_LT(std::abs(x), 5.0f);
    }
    // (The files must outlive the models: the models read weights from their mappings.)
    auto globalFile = parse(handModel(false));
    auto slidingFile = parse(handModel(true));
    ASSERT_TRUE(globalFile && slidingFile);
    auto global = loadModel(*globalFile);
    auto sliding = loadModel(*slidingFile);
    ASSERT_TRUE(global && sliding);
    const std::vector<int32_t> t = {3, 1, 4};
    const std::vector<float> a = global->forward(t), b = sliding->forward(t);
    EXPECT_GT(maxAbsDiff(row(a, 2, 8), row(b, 2, 8)), 1e-3);
}

// ---- structural properties --------------------------------------------------------------------

TEST(ReferenceModel, CausalityChangingLaterTokensLeavesEarlierLogitsIdentical) {
    auto rng = test::seededRng();
    auto f = fixture({});
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    const size_t T = 20, V = 512;
    const std::vector<int32_t> a = randomTokens(rng, T, 512);
    const std::vector<float> la = m->forward(a);
    for (size_t t : {0u, 5u, 17u}) {
        std::vector<int32_t> b = a;
        for (size_t i = t + 1; i < T; ++i)
            b[i] = (b[i] + 1 + static_cast<int32_t>(i)) % 512;
        const std::vector<float> lb = m->forward(b);
        for (size_t r = 0; r <= t; ++r) {
            const auto x = row(la, r, V), y = row(lb, r, V);
            EXPECT_TRUE(std::equal(x.begin(), x.end(), y.begin())) << "row " << r;
        }
        EXPECT_GT(maxAbsDiff(row(la, t + 1, V), row(lb, t + 1, V)), 1e-3);
    }
}

TEST(ReferenceModel, IncrementalDecodingMatchesFullForward) {
    auto rng = test::seededRng();
    auto f = fixture({});
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    const size_t T = 40, V = 512;  // 40 > 2·W: sliding caches are trimmed along the way
    const std::vector<int32_t> tokens = randomTokens(rng, T, 512);
    const std::vector<float> full = m->forward(tokens);

    // Bound: 1e-5 relative (|a − b| <= 1e-5·max(1, |b|)); the computations are the same
    // operations on the same values, so in practice they agree exactly.
    auto check = [&](std::span<const float> got, size_t r) {
        const auto want = row(full, r, V);
        ASSERT_EQ(got.size(), V);
        for (size_t i = 0; i < V; ++i) {
            ASSERT_NEAR(got[i], want[i], 1e-5 * std::max(1.0f, std::abs(want[i])))
                << "position " << r;
        }
    };
    // Chunks of various sizes, then single steps; Logits::Last and Logits::None mixed in.
    ReferenceModel::Session s = m->newSession();
    s.setRewindSlack(0);  // sliding caches keep exactly their window (checked below)
    size_t pos = 0;
    for (size_t chunk : {7u, 1u, 5u, 16u}) {
        const std::span<const int32_t> part(tokens.data() + pos, chunk);
        const std::vector<float> l = s.prefill(part);
        ASSERT_EQ(l.size(), chunk * V);
        for (size_t r = 0; r < chunk; ++r)
            check(row(l, r, V), pos + r);
        pos += chunk;
    }
    EXPECT_TRUE(s.prefill(std::span<const int32_t>(tokens.data() + pos, 2), {},
                          ReferenceModel::Logits::None)
                    .empty());
    pos += 2;
    const std::vector<float> last = s.prefill(std::span<const int32_t>(tokens.data() + pos, 3), {},
                                              ReferenceModel::Logits::Last);
    check(last, pos + 2);
    pos += 3;
    while (pos < T) {
        check(s.step(tokens[pos]), pos);
        ++pos;
    }
    EXPECT_EQ(s.position(), static_cast<int64_t>(T));

    // Cache sizes: global caches hold every position, sliding ones the last W − 1 (this session
    // keeps no rewind slack, see above). With a slack of 5 they keep 5 positions more.
    const int W = m->config().slidingWindow;
    ReferenceModel::Session slack = m->newSession();
    slack.setRewindSlack(5);
    slack.prefill(tokens, {}, ReferenceModel::Logits::None);
    for (int l = 0; l < s.cacheLayerCount(); ++l) {
        const bool sliding = m->config().layer(l).isSliding();
        for (const auto &[session, extra] : {std::pair{&s, 0}, std::pair{&slack, 5}}) {
            const auto &c = session->cache(l);
            const size_t expected = sliding ? static_cast<size_t>(W - 1 + extra) : T;
            EXPECT_EQ(c.positions.size(), expected) << "layer " << l << ", slack " << extra;
            EXPECT_EQ(c.k.size(), expected * static_cast<size_t>(c.width));
            EXPECT_EQ(c.positions.back(), static_cast<int64_t>(T - 1));
        }
    }

    // reset() starts over from position 0.
    s.reset();
    check(s.step(tokens[0]), 0);
}

// Sliding-window receptive field. In a model whose layers are all sliding with window W, a
// layer's output at position q depends on its inputs at positions q − W + 1 … q only (attention
// keys k > q − W; everything else is per token). By induction over L layers the logits at q
// depend on tokens at positions >= q − L·(W − 1): changing token s leaves every position
// q > s + L·(W − 1) bit-for-bit unchanged. The bound is sharp: the chain s → s + (W − 1) → …
// has positive attention weight at every hop, so position s + L·(W − 1) does change — which
// also pins the window to W keys (a W + 1 window would reach one position further per layer).
// With KV sharing, a shared layer's keys come from its donor's input, so (for layer 2 reading
// layer 1) the field is (W − 1) through layer 0 plus (W − 1) for the shared layer's attention
// over layer-1-input keys: 2·(W − 1), not 3·(W − 1).
// setF16KvCache: every cached key and value is an f16 value (the one nearest the unrounded
// session's), and the logits move by about what that rounding gives (2^-11 relative of K and V:
// more than 1e-7 of the largest logit somewhere, less than 5e-2), the first token's too (it
// attends to its own rounded key and value).
TEST(ReferenceModel, F16KvCacheRoundsKeysAndValuesAsTheyAreStored) {
    auto rng = test::seededRng();
    auto f = fixture({});
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    const size_t T = 12, V = 512;
    const std::vector<int32_t> tokens = randomTokens(rng, T, 512);
    ReferenceModel::Session exact = m->newSession(), half = m->newSession();
    half.setF16KvCache(true);
    const std::vector<float> want = exact.prefill(tokens);
    const std::vector<float> got = half.prefill(tokens);
    ASSERT_EQ(got.size(), T * V);
    ASSERT_EQ(half.cacheLayerCount(), exact.cacheLayerCount());
    for (int l = 0; l < half.cacheLayerCount(); ++l) {
        const auto &h = half.cache(l);
        const auto &e = exact.cache(l);
        ASSERT_EQ(h.k.size(), e.k.size());
        ASSERT_EQ(h.v.size(), e.v.size());
        // (Layer 0 gets the same input in both sessions: its values are the rounded ones.)
        for (size_t i = 0; i < h.k.size(); ++i) {
            ASSERT_EQ(h.k[i], float(qfloat16(h.k[i]))) << "layer " << l << " key " << i;
            ASSERT_EQ(h.v[i], float(qfloat16(h.v[i]))) << "layer " << l << " value " << i;
            if (l == 0) {
                ASSERT_EQ(h.k[i], float(qfloat16(e.k[i])));
                ASSERT_EQ(h.v[i], float(qfloat16(e.v[i])));
            }
        }
    }
    double worst = 0, firstRow = 0;
    for (size_t r = 0; r < T; ++r) {
        float maxAbs = 0;
        for (size_t i = 0; i < V; ++i)
            maxAbs = std::max(maxAbs, std::abs(want[r * V + i]));
        for (size_t i = 0; i < V; ++i) {
            const double d = std::abs(double(got[r * V + i]) - want[r * V + i]) / maxAbs;
            worst = std::max(worst, d);
            if (r == 0) firstRow = std::max(firstRow, d);
        }
    }
    EXPECT_GT(firstRow, 1e-7);
    EXPECT_GT(worst, 1e-7);
    EXPECT_LT(worst, 5e-2);
}

TEST(ReferenceModel, SlidingWindowReceptiveFieldIsExact) {
    auto rng = test::seededRng();
    const int W = 4;
    const size_t T = 24, V = 512;
    for (int shared : {0, 1}) {
        SCOPED_TRACE(shared ? "layer 2 shares layer 1's cache" : "no KV sharing");
        Gemma4FixtureOptions o;
        o.layers = 3;
        o.slidingPattern = {true, true, true};
        o.sharedKvLayers = shared;
        o.slidingWindow = W;
        o.kvHeadsGlobal = o.kvHeadsSliding;
        auto f = fixture(o);
        auto m = loadModel(*f);
        ASSERT_TRUE(m);
        const size_t field = static_cast<size_t>((shared ? 2 : 3) * (W - 1));
        const std::vector<int32_t> a = randomTokens(rng, T, 512);
        const std::vector<float> la = m->forward(a);
        for (size_t s : {0u, 2u, 9u}) {
            std::vector<int32_t> b = a;
            b[s] = (b[s] + 17) % 512;
            const std::vector<float> lb = m->forward(b);
            for (size_t q = s + field + 1; q < T; ++q) {
                const auto x = row(la, q, V), y = row(lb, q, V);
                EXPECT_TRUE(std::equal(x.begin(), x.end(), y.begin()))
                    << "token " << s << " changed logits at " << q;
            }
            // At the edge of the field the change arrives, attenuated by ~W^−L attention weights.
            EXPECT_GT(maxAbsDiff(row(la, s + field, V), row(lb, s + field, V)), 1e-6)
                << "token " << s << " did not reach " << s + field;
            for (size_t q = s; q <= s + field; ++q)
                EXPECT_GT(maxAbsDiff(row(la, q, V), row(lb, q, V)), 0.0) << q;
        }
    }
}

TEST(ReferenceModel, SharedLayersReadTheDonorCacheAndComputeNoKv) {
    auto rng = test::seededRng();
    auto f = fixture({});
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    const Gemma4Config &c = m->config();
    ASSERT_EQ(c.firstSharedLayer, 4);
    ASSERT_EQ(c.layer(4).kvDonor, 3);
    ASSERT_EQ(c.layer(5).kvDonor, 2);

    // Record q, k, v and attention outputs of every layer.
    std::map<std::pair<std::string, int>, std::vector<float>> seen;
    ReferenceModel::Session s = m->newSession();
    s.setTrace([&](const TraceEvent &e) {
        seen[{std::string(e.name), e.layer}] = std::vector<float>(e.data.begin(), e.data.end());
    });
    const std::vector<int32_t> tokens = randomTokens(rng, 12, 512);
    s.prefill(tokens);
    EXPECT_EQ(s.cacheLayerCount(), 4);
    for (int l = 0; l < c.layerCount; ++l) {
        const bool own = l < 4;
        EXPECT_EQ(seen.count({"k", l}), own ? 1u : 0u) << l;
        EXPECT_EQ(seen.count({"v", l}), own ? 1u : 0u) << l;
        EXPECT_EQ(seen.count({"q", l}), 1u) << l;
    }
    // A shared layer's attention output is its own queries over the donor's keys and values.
    std::vector<int64_t> pos(tokens.size());
    for (size_t i = 0; i < pos.size(); ++i)
        pos[i] = static_cast<int64_t>(i);
    for (int l : {4, 5}) {
        const int donor = c.layer(l).kvDonor;
        std::vector<float> out(seen[{"q", l}].size());
        ref::attention(seen[{"q", l}], pos, seen[{"k", donor}], seen[{"v", donor}], pos,
                       m->attentionParams(l), out);
        EXPECT_EQ(out, (seen[{"attn", l}])) << "layer " << l;
    }
}

TEST(ReferenceModel, SharedLayersIgnoreTheirOwnKvWeights) {
    auto rng = test::seededRng();
    Gemma4FixtureOptions o;
    o.sharedLayersHaveKv = true;  // shared layers 4 and 5 carry attn_k / attn_v / attn_k_norm
    auto f = fixture(o);
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    const std::vector<int32_t> tokens = randomTokens(rng, 10, 512);
    const std::vector<float> base = m->forward(tokens);

    const std::vector<std::string> sharedKv = {
        "blk.4.attn_k.weight", "blk.4.attn_v.weight", "blk.4.attn_k_norm.weight",
        "blk.5.attn_k.weight", "blk.5.attn_v.weight", "blk.5.attn_k_norm.weight"};
    auto g = parse(perturbed(*f, sharedKv, rng()));
    auto mg = loadModel(*g);
    ASSERT_TRUE(mg);
    EXPECT_EQ(mg->forward(tokens), base);

    // Controls: the same perturbation of the donor's K weights, or of a shared layer's Q, changes
    // the logits (position 0 has one key, so its attention ignores K: compare from position 1).
    for (const char *name : {"blk.3.attn_k.weight", "blk.4.attn_q.weight"}) {
        auto h = parse(perturbed(*f, {name}, rng()));
        auto mh = loadModel(*h);
        ASSERT_TRUE(mh);
        const std::vector<float> changed = mh->forward(tokens);
        EXPECT_GT(maxAbsDiff(std::span<const float>(changed).subspan(512),
                             std::span<const float>(base).subspan(512)),
                  1e-3)
            << name;
    }
}

TEST(ReferenceModel, SoftcapBoundsLogitsAndIsTanhOfUncapped) {
    auto rng = test::seededRng();
    const std::vector<int32_t> tokens = randomTokens(rng, 8, 512);
    Gemma4FixtureOptions uncappedOptions;
    uncappedOptions.softcap = 0.0f;  // key absent: no capping
    auto fu = fixture(uncappedOptions);
    auto mu = loadModel(*fu);
    ASSERT_TRUE(mu);
    const std::vector<float> raw = mu->forward(tokens);
    for (float cap : {1.0f, 2.0f, 30.0f}) {
        Gemma4FixtureOptions o;
        o.softcap = cap;  // same weights (they are seeded per tensor name), other metadata
        auto f = fixture(o);
        auto m = loadModel(*f);
        ASSERT_TRUE(m);
        const std::vector<float> capped = m->forward(tokens);
        ASSERT_EQ(capped.size(), raw.size());
        for (size_t i = 0; i < raw.size(); ++i) {
            ASSERT_LE(std::abs(capped[i]), cap);
            // One float rounding of cap·tanh(raw/cap): 2 ulps of cap.
            ASSERT_NEAR(capped[i], cap * std::tanh(static_cast<double>(raw[i]) / cap),
                        2.4e-7 * cap);
        }
    }
    EXPECT_GT(maxAbs(raw), 2.0);  // the small caps are active
}

// The fixture's norm weights are ≈ 1, so with Gemma 4's attention scale 1.0 the scores q·k have a
// standard deviation of ≈ sqrt(head dim) (5.7 / 8): attention is nearly an argmax and a 0.4 %
// weight change can flip which key wins — the logits then move by O(1) whatever the arithmetic.
// Trained checkpoints keep scores moderate through their q/k norm weights; scaling the fixture's
// attn_q_norm and attn_k_norm by hd^−¼ does the same (score std ≈ 1) and makes the deviation a
// smooth function of the weight error, which is what a bound can talk about.
QByteArray withModerateAttention(const gguf::File &f) {
    return rewrite(f, [](const gguf::TensorInfo &t, gguf::TensorType *, QByteArray *data) {
        if (t.name.find("attn_q_norm") == std::string::npos &&
            t.name.find("attn_k_norm") == std::string::npos) {
            return false;
        }
        EXPECT_EQ(t.type, gguf::TensorType::F32);
        const float s = std::pow(static_cast<float>(t.ne[0]), -0.25f);
        for (uint64_t i = 0; i < t.nelements; ++i) {
            float v = 0;
            std::memcpy(&v, data->constData() + i * 4, 4);
            v *= s;
            std::memcpy(data->data() + i * 4, &v, 4);
        }
        return true;
    });
}

// Relative RMS difference of the weights of `a` and `b` over the tensors whose types differ.
double weightError(const gguf::File &a, const gguf::File &b) {
    double num = 0.0, den = 0.0;
    for (const gguf::TensorInfo &t : a.tensors()) {
        const gguf::TensorInfo *u = b.tensor(t.name);
        if (!u || u->type == t.type) continue;
        std::vector<float> x(t.nelements), y(t.nelements);
        EXPECT_TRUE(gguf::dequantizeRow(t.type, t.data, x.data(), static_cast<int64_t>(x.size())));
        EXPECT_TRUE(
            gguf::dequantizeRow(u->type, u->data, y.data(), static_cast<int64_t>(y.size())));
        for (size_t i = 0; i < x.size(); ++i) {
            num += std::pow(static_cast<double>(x[i]) - y[i], 2);
            den += std::pow(static_cast<double>(x[i]), 2);
        }
    }
    return std::sqrt(num / den);
}

TEST(ReferenceModel, QuantisedWeightsComputeWithTheirDequantisedValues) {
    auto rng = test::seededRng();
    const std::vector<int32_t> tokens = randomTokens(rng, 12, 512);
    auto f32 = parse(withModerateAttention(*fixture({})));
    auto m32 = loadModel(*f32);
    ASSERT_TRUE(m32);
    const std::vector<float> exact = m32->forward(tokens);
    const double scale = maxAbs(exact);

    // Bound: max|Δlogit| / max|logit| <= 50·ε, ε the relative RMS weight error of the file
    // (Q8_0 ≈ 0.0037, Q5_0 ≈ 0.031, Q4_0 ≈ 0.065, BF16 ≈ 0.0015, F16 ≈ 0.0002). Each of the ~30
    // quantised matrix products on a token's path adds an independent error of relative size ≈ ε,
    // and a maximum over 12×512 logits is ~3 RMS: measured ratios over 40 token draws were 4.6 to
    // 16.4; 50 leaves 3× margin. For Q8_0 this is ≈ 0.19 of the logit range.
    for (gguf::TensorType type :
         {gguf::TensorType::F16, gguf::TensorType::BF16, gguf::TensorType::Q8_0,
          gguf::TensorType::Q5_0, gguf::TensorType::Q4_0}) {
        const char *name = gguf::typeTraits(type)->name;
        SCOPED_TRACE(name);
        Gemma4FixtureOptions o;
        o.weightType = type;
        o.embeddingType = type;
        o.pleEmbeddingType = type;
        auto fq = parse(withModerateAttention(*fixture(o)));
        auto mq = loadModel(*fq);
        ASSERT_TRUE(mq);
        EXPECT_EQ(fq->tensor("blk.0.attn_q.weight")->type, type);
        EXPECT_EQ(fq->tensor("token_embd.weight")->type, type);
        const std::vector<float> quant = mq->forward(tokens);

        // 1. Exactly the logits of an f32 file holding the dequantised values.
        auto fd = parse(dequantisedCopy(*fq));
        auto md = loadModel(*fd);
        ASSERT_TRUE(md);
        EXPECT_EQ(md->forward(tokens), quant);

        // 2. Close to the unquantised weights' logits, in proportion to the weight error.
        const double eps = weightError(*f32, *fq);
        const double rel = maxAbsDiff(quant, exact) / scale;
        ::testing::Test::RecordProperty(std::string("deviation_over_weight_error_") + name,
                                        std::to_string(rel / eps));
        EXPECT_GT(eps, 0.0);
        EXPECT_LE(rel, 50.0 * eps);
        EXPECT_GT(rel, 0.0);
    }
    // Control: unrelated weights (another seed) are nowhere near.
    Gemma4FixtureOptions other;
    other.seed = 12345;
    auto fo = parse(withModerateAttention(*fixture(other)));
    auto mo = loadModel(*fo);
    ASSERT_TRUE(mo);
    EXPECT_GT(maxAbsDiff(mo->forward(tokens), exact) / scale, 0.3);
}

TEST(ReferenceModel, SoftEmbeddingsReplaceOnlyTheirPosition) {
    auto rng = test::seededRng();
    auto f = fixture({});
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    const size_t T = 10, V = 512, H = 64;
    const size_t s = 4;
    std::vector<int32_t> tokens = randomTokens(rng, T, 512);
    tokens[s] = 77;
    const std::vector<float> base = m->forward(tokens);

    // 1. A random soft vector at s: rows < s bit-identical, rows >= s changed.
    std::uniform_real_distribution<float> d(-4.0f, 4.0f);
    std::vector<float> values(H);
    for (float &v : values)
        v = d(rng);
    const std::vector<SoftEmbedding> soft = {{static_cast<int>(s), values}};
    const std::vector<float> withSoft = m->forward(tokens, soft);
    for (size_t r = 0; r < T; ++r) {
        const double diff = maxAbsDiff(row(base, r, V), row(withSoft, r, V));
        if (r < s) {
            EXPECT_EQ(diff, 0.0) << r;
        } else {
            EXPECT_GT(diff, 1e-3) << r;
        }
    }

    // 2. The soft vector is used unscaled, the token id at s is ignored and the per-layer input
    // uses token 0: token 0's scaled embedding as a soft vector at s reproduces token 0 at s.
    const float embedScale = std::sqrt(64.0f);
    std::vector<float> embed0(H);
    ref::embeddingRow(m->tokenEmbedding(), 0, embedScale, embed0);
    std::vector<int32_t> zeroAtS = tokens;
    zeroAtS[s] = 0;
    const std::vector<SoftEmbedding> soft0 = {{static_cast<int>(s), embed0}};
    EXPECT_EQ(m->forward(tokens, soft0), m->forward(zeroAtS));

    // 3. Token 77's own scaled embedding as a soft vector does not reproduce token 77: the
    // per-layer input switched to token 0 (positions >= s differ, earlier ones do not) …
    std::vector<float> embed77(H);
    ref::embeddingRow(m->tokenEmbedding(), 77, embedScale, embed77);
    const std::vector<SoftEmbedding> soft77 = {{static_cast<int>(s), embed77}};
    const std::vector<float> same77 = m->forward(tokens, soft77);
    EXPECT_EQ(maxAbsDiff(row(same77, s - 1, V), row(base, s - 1, V)), 0.0);
    EXPECT_GT(maxAbsDiff(row(same77, s, V), row(base, s, V)), 1e-3);
    // … whereas without per-layer embeddings it does.
    Gemma4FixtureOptions noPle;
    noPle.pleDim = 0;
    auto fn = fixture(noPle);
    auto mn = loadModel(*fn);
    ASSERT_TRUE(mn);
    EXPECT_EQ(mn->forward(tokens, soft77), mn->forward(tokens));

    // 4. Agrees with the independent forward, and sessions splice soft vectors the same way.
    expectMatchesNaive(*f, tokens, soft);
    ReferenceModel::Session session = m->newSession();
    const std::vector<float> first =
        session.prefill(std::span<const int32_t>(tokens.data(), 3));  // positions 0..2
    const std::vector<SoftEmbedding> softInChunk = {{static_cast<int>(s - 3), values}};
    const std::vector<float> rest =
        session.prefill(std::span<const int32_t>(tokens.data() + 3, T - 3), softInChunk);
    for (size_t r = 3; r < T; ++r) {
        const auto x = row(rest, r - 3, V), y = row(withSoft, r, V);
        EXPECT_TRUE(std::equal(x.begin(), x.end(), y.begin())) << r;
    }
}

TEST(ReferenceModel, TraceReportsConsistentIntermediates) {
    auto rng = test::seededRng();
    auto f = fixture({});
    auto m = loadModel(*f);
    ASSERT_TRUE(m);
    std::map<std::pair<std::string, int>, TraceEvent> shapes;
    std::vector<float> lastLayerOut, outputNorm, logitsRaw, logits;
    ReferenceModel::Session s = m->newSession();
    s.setTrace([&](const TraceEvent &e) {
        shapes[{std::string(e.name), e.layer}] = e;
        ASSERT_EQ(e.data.size(), static_cast<size_t>(e.rows) * static_cast<size_t>(e.cols));
        const std::vector<float> copy(e.data.begin(), e.data.end());
        if (e.name == "layer_out" && e.layer == 5) lastLayerOut = copy;
        if (e.name == "output_norm") outputNorm = copy;
        if (e.name == "logits_raw") logitsRaw = copy;
        if (e.name == "logits") logits = copy;
    });
    const std::vector<float> result = s.prefill(randomTokens(rng, 5, 512));
    EXPECT_EQ(logits, result);
    auto cols = [&](const char *name, int layer) { return shapes[{name, layer}].cols; };
    EXPECT_EQ(cols("ple", -1), 6 * 16);
    EXPECT_EQ(cols("ffn_act", 4), 192);  // double-wide shared layer
    EXPECT_EQ(cols("q", 2), 4 * 64);     // global layer: head dim 64
    EXPECT_EQ(cols("k", 2), 2 * 64);     // 2 global KV heads
    EXPECT_EQ(cols("k", 0), 1 * 32);
    // The final stages are what they say: output_norm = rmsw(last layer out), logits = softcap.
    std::vector<float> normed(lastLayerOut.size());
    std::vector<float> w(64);
    const gguf::TensorInfo *t = f->tensor("output_norm.weight");
    ASSERT_TRUE(gguf::dequantizeRow(t->type, t->data, w.data(), 64));
    ref::rmsNormRows(lastLayerOut, 5, w, normed, m->config().rmsEps);
    EXPECT_EQ(normed, outputNorm);
    std::vector<float> capped(logitsRaw.size());
    ref::softcap(logitsRaw, 30.0f, capped);
    EXPECT_EQ(capped, logits);
}

}  // namespace
}  // namespace facet::model
