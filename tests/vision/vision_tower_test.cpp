// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The vision tower read from GGUF files (Ollama's single file and llama.cpp's mmproj naming), its
// CPU reference against a float64 forward written directly from Hugging Face's modeling code, and
// the messages for broken files and unsuitable images.
#include "vision/vision_tower.h"
#include "gguf/dequant.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace facet::vision {
namespace {

using gguf::TensorInfo;

test::Gemma4FixtureOptions towerOptions() {
    test::Gemma4FixtureOptions o;
    o.vision = true;
    o.visionPatch = kPatchSize;  // the real patch size, so preprocessImage's output fits
    o.visionPositions = 16;
    o.visionWidth = 32;
    o.visionHeads = 2;
    o.visionFfn = 48;
    o.visionBlocks = 2;
    return o;
}

std::unique_ptr<gguf::File> parse(const QByteArray &bytes) {
    QString error;
    auto f = gguf::File::fromBytes(bytes, &error);
    EXPECT_TRUE(f) << error.toStdString();
    return f;
}

std::unique_ptr<gguf::File> fixture(const test::Gemma4FixtureOptions &o) {
    QString error;
    const QByteArray bytes = test::gemma4FixtureBytes(o, &error);
    EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
    return parse(bytes);
}

std::vector<double> values(const gguf::File &f, const std::string &name) {
    const TensorInfo *t = f.tensor(name);
    EXPECT_TRUE(t) << name;
    if (!t) return {};
    std::vector<float> v(t->nelements);
    EXPECT_TRUE(gguf::dequantizeRow(t->type, t->data, v.data(), static_cast<int64_t>(v.size())));
    return {v.begin(), v.end()};
}

// llama.cpp's projector file for the same tower: clip.vision.* metadata, per-linear clamp
// scalars instead of v.clamp_data, plus std_bias / std_scale. The bounds are tight enough that
// they clip, and the standardisation is random, so both paths are exercised.
QByteArray asMmproj(const gguf::File &src, int layers, std::mt19937_64 &rng) {
    gguf::Writer w;
    w.set("general.architecture", gguf::Value::string("clip"));
    w.set("clip.projector_type", gguf::Value::string("gemma4v"));
    w.set("clip.has_vision_encoder", gguf::Value::boolean(true));
    const char *keys[] = {"block_count", "embedding_length", "attention.head_count",
                          "feed_forward_length", "patch_size"};
    for (const char *k : keys)
        w.set(std::string("clip.vision.") + k, *src.find(std::string("gemma4.vision.") + k));
    w.set("clip.vision.attention.layer_norm_epsilon", gguf::Value::f32(1e-6f));
    w.set("clip.vision.projection_dim", *src.find("gemma4.embedding_length"));
    QString error;
    for (const TensorInfo &t : src.tensors()) {
        if ((t.name.rfind("v.", 0) != 0 && t.name.rfind("mm.input_projection", 0) != 0) ||
            t.name == "v.clamp_data")
            continue;
        EXPECT_TRUE(w.addTensor(
            t.name, t.type, t.ne,
            QByteArray(reinterpret_cast<const char *>(t.data), static_cast<qsizetype>(t.nbytes)),
            &error))
            << error.toStdString();
    }
    auto f32 = [&](const std::string &name, std::vector<float> v) {
        QByteArray data(reinterpret_cast<const char *>(v.data()),
                        static_cast<qsizetype>(v.size() * sizeof(float)));
        EXPECT_TRUE(w.addTensor(name, gguf::TensorType::F32, {v.size()}, data, &error));
    };
    std::uniform_real_distribution<float> in(0.4f, 0.8f), out(0.2f, 0.5f);
    for (int i = 0; i < layers; ++i)
        for (const char *lin :
             {"attn_q", "attn_k", "attn_v", "attn_out", "ffn_gate", "ffn_up", "ffn_down"}) {
            const std::string base = "v.blk." + std::to_string(i) + "." + lin;
            f32(base + ".input_min", {-in(rng)});
            f32(base + ".input_max", {in(rng)});
            f32(base + ".output_min", {-out(rng)});
            f32(base + ".output_max", {out(rng)});
        }
    const int W = static_cast<int>(*src.getInt("gemma4.vision.embedding_length"));
    std::normal_distribution<float> bias(0.0f, 0.5f);
    std::uniform_real_distribution<float> scale(0.5f, 1.5f);
    std::vector<float> b(W), s(W);
    for (int i = 0; i < W; ++i) {
        b[i] = bias(rng);
        s[i] = scale(rng);
    }
    f32("v.std_bias", b);
    f32("v.std_scale", s);
    return w.toBytes();
}

// ---- the float64 forward, from modeling_gemma4.py ------------------------------------------

struct Bounds {
    double inMin = -INFINITY, inMax = INFINITY, outMin = -INFINITY, outMax = INFINITY;
};

Bounds boundsOf(const gguf::File &f, int layer, int linear, const std::string &base) {
    Bounds b;
    if (f.tensor(base + ".input_min")) {
        b.inMin = values(f, base + ".input_min")[0];
        b.inMax = values(f, base + ".input_max")[0];
        b.outMin = values(f, base + ".output_min")[0];
        b.outMax = values(f, base + ".output_max")[0];
    } else if (f.tensor("v.clamp_data")) {
        const auto packed = values(f, "v.clamp_data");
        const double *q = packed.data() + (static_cast<size_t>(layer) * 7 + linear) * 4;
        if (q[0] != 0 || q[1] != 0 || q[2] != 0 || q[3] != 0) b = {q[0], q[1], q[2], q[3]};
    }
    return b;
}

// Gemma4ClippableLinear on [T][in] rows; W stored as GGUF ne [in, out] (row n = output n).
std::vector<double> linear(const std::vector<double> &x, int t, const std::vector<double> &w,
                           int in, const Bounds &b) {
    const int out = static_cast<int>(w.size() / in);
    std::vector<double> y(static_cast<size_t>(t) * out);
    for (int r = 0; r < t; ++r)
        for (int n = 0; n < out; ++n) {
            double s = 0;
            for (int k = 0; k < in; ++k)
                s += w[size_t(n) * in + k] * std::clamp(x[size_t(r) * in + k], b.inMin, b.inMax);
            y[size_t(r) * out + n] = std::clamp(s, b.outMin, b.outMax);
        }
    return y;
}

void rms(std::vector<double> &x, int dim, const std::vector<double> &weight, double eps) {
    for (size_t r = 0; r < x.size() / dim; ++r) {
        double ms = 0;
        for (int d = 0; d < dim; ++d)
            ms += x[r * dim + d] * x[r * dim + d];
        const double inv = 1.0 / std::sqrt(ms / dim + eps);
        for (int d = 0; d < dim; ++d)
            x[r * dim + d] *= inv * (weight.empty() ? 1.0 : weight[d]);
    }
}

std::vector<double> forward64(const gguf::File &f, const PreprocessedImage &img) {
    const std::string pre = f.find("gemma4.vision.block_count") ? "gemma4.vision." : "clip.vision.";
    const int W = static_cast<int>(*f.getInt(pre + "embedding_length"));
    const int layers = static_cast<int>(*f.getInt(pre + "block_count"));
    const int heads = static_cast<int>(*f.getInt(pre + "attention.head_count"));
    const int hd = W / heads, p = img.patchSize, T = img.numPatches();
    const double eps = 1e-6;
    // Patch embedding: the file's kernel is [W][3][p][p]; HF's patch vector is (row, col, ch).
    const auto kernel = values(f, "v.patch_embd.weight");
    const auto table = values(f, "v.position_embd.weight");
    const int P = static_cast<int>(f.tensor("v.position_embd.weight")->ne[1]);
    std::vector<double> h(size_t(T) * W);
    for (int i = 0; i < T; ++i)
        for (int o = 0; o < W; ++o) {
            double s = 0;
            for (int r = 0; r < p; ++r)
                for (int c = 0; c < p; ++c)
                    for (int ch = 0; ch < 3; ++ch)
                        s += kernel[((size_t(o) * 3 + ch) * p + r) * p + c] *
                             (2.0 *
                              (img.patches[size_t(i) * p * p * 3 + (r * p + c) * 3 + ch] - 0.5));
            const int x = img.positions[2 * i], y = img.positions[2 * i + 1];
            h[size_t(i) * W + o] = s + table[size_t(x) * W + o] + table[(size_t(P) + y) * W + o];
        }
    auto blk = [](int i, const char *n) { return "v.blk." + std::to_string(i) + "." + n; };
    const char *lin[7] = {"attn_q",   "attn_k", "attn_v",  "attn_out",
                          "ffn_gate", "ffn_up", "ffn_down"};
    for (int l = 0; l < layers; ++l) {
        auto L = [&](int j, const std::vector<double> &x, int in) {
            return linear(x, T, values(f, blk(l, lin[j]) + ".weight"), in,
                          boundsOf(f, l, j, blk(l, lin[j])));
        };
        std::vector<double> x = h;
        rms(x, W, values(f, blk(l, "ln1.weight")), eps);
        auto q = L(0, x, W), k = L(1, x, W), v = L(2, x, W);
        rms(q, hd, values(f, blk(l, "attn_q_norm.weight")), eps);
        rms(k, hd, values(f, blk(l, "attn_k_norm.weight")), eps);
        rms(v, hd, {}, eps);
        // apply_multidimensional_rope: half 0 by x, half 1 by y, rotate_half within each half.
        const int half = hd / 2, quarter = hd / 4;
        for (auto *buf : {&q, &k})
            for (int i = 0; i < T; ++i)
                for (int hh = 0; hh < heads; ++hh)
                    for (int part = 0; part < 2; ++part) {
                        double *z = buf->data() + (size_t(i) * heads + hh) * hd + part * half;
                        const double pos = img.positions[2 * i + part];
                        std::vector<double> orig(z, z + half);
                        for (int e = 0; e < half; ++e) {
                            const double a = pos / std::pow(100.0, 2.0 * (e % quarter) / half);
                            const double rot = e < quarter ? -orig[e + quarter] : orig[e - quarter];
                            z[e] = orig[e] * std::cos(a) + rot * std::sin(a);
                        }
                    }
        std::vector<double> attn(size_t(T) * W);
        for (int i = 0; i < T; ++i)
            for (int hh = 0; hh < heads; ++hh) {
                std::vector<double> s(T);
                double mx = -INFINITY, sum = 0;
                for (int j = 0; j < T; ++j) {
                    double d = 0;
                    for (int e = 0; e < hd; ++e)
                        d += q[(size_t(i) * heads + hh) * hd + e] *
                             k[(size_t(j) * heads + hh) * hd + e];
                    mx = std::max(mx, s[j] = d);  // scale 1
                }
                for (double &e : s)
                    sum += (e = std::exp(e - mx));
                for (int j = 0; j < T; ++j)
                    for (int e = 0; e < hd; ++e)
                        attn[(size_t(i) * heads + hh) * hd + e] +=
                            s[j] / sum * v[(size_t(j) * heads + hh) * hd + e];
            }
        auto o = L(3, attn, W);
        rms(o, W, values(f, blk(l, "attn_post_norm.weight")), eps);
        for (size_t e = 0; e < h.size(); ++e)
            h[e] += o[e];
        x = h;
        rms(x, W, values(f, blk(l, "ln2.weight")), eps);
        auto g = L(4, x, W), u = L(5, x, W);
        const int F = static_cast<int>(g.size() / T);
        for (size_t e = 0; e < g.size(); ++e) {
            const double z = g[e];
            g[e] =
                0.5 * z * (1 + std::tanh(std::sqrt(2 / M_PI) * (z + 0.044715 * z * z * z))) * u[e];
        }
        auto d = L(6, g, F);
        rms(d, W, values(f, blk(l, "ffn_post_norm.weight")), eps);
        for (size_t e = 0; e < h.size(); ++e)
            h[e] += d[e];
    }
    // Pool 3×3 by position, ×sqrt(W), standardise, weightless RMS norm, project.
    const int ox = img.patchesX() / 3, N = img.softTokens();
    std::vector<double> pooled(size_t(N) * W, 0.0);
    for (int i = 0; i < T; ++i) {
        const int cell = img.positions[2 * i] / 3 + ox * (img.positions[2 * i + 1] / 3);
        for (int e = 0; e < W; ++e)
            pooled[size_t(cell) * W + e] += h[size_t(i) * W + e] / 9.0 * std::sqrt(double(W));
    }
    if (f.tensor("v.std_bias")) {
        const auto b = values(f, "v.std_bias"), s = values(f, "v.std_scale");
        for (size_t e = 0; e < pooled.size(); ++e)
            pooled[e] = (pooled[e] - b[e % W]) * s[e % W];
    }
    rms(pooled, W, {}, eps);
    return linear(pooled, N, values(f, "mm.input_projection.weight"), W, {});
}

PreprocessedImage randomImage(int w, int h, std::mt19937_64 &rng) {
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<uint8_t> rgb(size_t(w) * h * 3);
    for (uint8_t &v : rgb)
        v = static_cast<uint8_t>(byte(rng));
    QString error;
    auto img = patchify(std::move(rgb), w, h, &error);
    EXPECT_TRUE(img) << error.toStdString();
    return *img;
}

void expectClose(const std::vector<float> &got, const std::vector<double> &want, double tol) {
    ASSERT_EQ(got.size(), want.size());
    double worst = 0;
    for (size_t i = 0; i < got.size(); ++i)
        worst = std::max(worst, std::abs(got[i] - want[i]) / (1.0 + std::abs(want[i])));
    EXPECT_LE(worst, tol);
}

TEST(VisionTower, ConfigFromOllamaFile) {
    const auto o = towerOptions();
    auto f = fixture(o);
    ASSERT_TRUE(f);
    EXPECT_TRUE(hasVisionTower(*f));
    QString error;
    const auto c = readVisionConfig(*f, &error);
    ASSERT_TRUE(c) << error.toStdString();
    EXPECT_EQ(c->width, o.visionWidth);
    EXPECT_EQ(c->layers, o.visionBlocks);
    EXPECT_EQ(c->heads, o.visionHeads);
    EXPECT_EQ(c->kvHeads, o.visionHeads);
    EXPECT_EQ(c->headDim, o.visionWidth / o.visionHeads);
    EXPECT_EQ(c->ffn, o.visionFfn);
    EXPECT_EQ(c->patchSize, o.visionPatch);
    EXPECT_EQ(c->positions, o.visionPositions);
    EXPECT_EQ(c->poolingKernel, 3);
    EXPECT_EQ(c->textWidth, o.hidden);
    EXPECT_TRUE(c->clamped);
    EXPECT_FALSE(c->standardize);
    EXPECT_FALSE(c->llamaCppNaming);

    auto text = fixture(test::Gemma4FixtureOptions{});
    ASSERT_TRUE(text);
    EXPECT_FALSE(hasVisionTower(*text));
    EXPECT_FALSE(readVisionConfig(*text, &error));
    EXPECT_TRUE(error.contains(QLatin1String("no vision tower"))) << error.toStdString();
}

TEST(VisionTower, EncodeMatchesFloat64ForwardOllamaFile) {
    auto rng = test::seededRng();
    auto f = fixture(towerOptions());
    QString error;
    auto tower = VisionTower::load(*f, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    const auto img = randomImage(144, 96, rng);  // 9×6 patches, 6 soft tokens
    VisionStages stages;
    const auto emb = VisionReference(*tower).encode(img, {}, &error, &stages);
    ASSERT_EQ(emb.size(), size_t(6) * tower->config().textWidth) << error.toStdString();
    EXPECT_EQ(stages.patchEmbedding.size(), size_t(54) * 32);
    EXPECT_EQ(stages.layers.size(), 2u);
    EXPECT_EQ(stages.pooled.size(), size_t(6) * 32);
    EXPECT_EQ(stages.towerOutput, stages.pooled);  // no standardisation in this file
    // Float activations through 2 blocks against double: a few float roundings per op.
    expectClose(emb, forward64(*f, img), 2e-5);
}

TEST(VisionTower, QuantisedAndHalfWeights) {
    auto rng = test::seededRng();
    auto o = towerOptions();
    o.tensorTypes["v.blk.0.attn_q.weight"] = gguf::TensorType::Q8_0;
    o.tensorTypes["v.blk.0.ffn_up.weight"] = gguf::TensorType::BF16;
    o.tensorTypes["v.blk.1.attn_out.weight"] = gguf::TensorType::F32;
    o.tensorTypes["v.blk.1.ffn_down.weight"] = gguf::TensorType::Q8_0;
    o.tensorTypes["mm.input_projection.weight"] = gguf::TensorType::Q8_0;
    o.tensorTypes["v.patch_embd.weight"] = gguf::TensorType::BF16;
    auto f = fixture(o);
    ASSERT_EQ(f->tensor("v.blk.0.attn_q.weight")->type, gguf::TensorType::Q8_0);
    ASSERT_EQ(f->tensor("v.patch_embd.weight")->type, gguf::TensorType::BF16);
    QString error;
    auto tower = VisionTower::load(*f, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    const auto img = randomImage(48, 96, rng);
    const auto emb = VisionReference(*tower).encode(img, {}, &error);
    ASSERT_FALSE(emb.empty()) << error.toStdString();
    // The float64 forward dequantises the same stored values.
    expectClose(emb, forward64(*f, img), 2e-5);
}

TEST(VisionTower, LlamaCppMmprojWithScalarClampsAndStandardisation) {
    auto rng = test::seededRng();
    const auto o = towerOptions();
    auto ollama = fixture(o);
    auto f = parse(asMmproj(*ollama, o.visionBlocks, rng));
    ASSERT_TRUE(f);
    QString error;
    const auto c = readVisionConfig(*f, &error);
    ASSERT_TRUE(c) << error.toStdString();
    EXPECT_TRUE(c->llamaCppNaming);
    EXPECT_TRUE(c->clamped);
    EXPECT_TRUE(c->standardize);
    EXPECT_EQ(c->textWidth, o.hidden);
    auto tower = VisionTower::load(*f, &error);
    ASSERT_TRUE(tower) << error.toStdString();
    EXPECT_TRUE(tower->layers()[1].down.bounds.active);
    EXPECT_FALSE(tower->projection().bounds.active);
    const auto img = randomImage(96, 144, rng);
    VisionStages stages;
    const auto emb = VisionReference(*tower).encode(img, {}, &error, &stages);
    ASSERT_FALSE(emb.empty()) << error.toStdString();
    EXPECT_NE(stages.towerOutput, stages.pooled);
    expectClose(emb, forward64(*f, img), 2e-5);
}

TEST(VisionTower, ProgressAndCancel) {
    auto rng = test::seededRng();
    auto f = fixture(towerOptions());
    QString error;
    auto tower = VisionTower::load(*f, &error);
    ASSERT_TRUE(tower);
    const auto img = randomImage(48, 48, rng);
    std::vector<int> seen;
    EncodeControl control;
    control.progress = [&](int done, int total) {
        EXPECT_EQ(total, 4);
        seen.push_back(done);
        return true;
    };
    EXPECT_EQ(VisionReference(*tower).encode(img, control, &error).size(), size_t(64));
    EXPECT_EQ(seen, (std::vector<int>{1, 2, 3, 4}));
    control.progress = [](int done, int) { return done < 2; };
    EXPECT_TRUE(VisionReference(*tower).encode(img, control, &error).empty());
    EXPECT_TRUE(error.contains(QLatin1String("cancelled"))) << error.toStdString();
}

TEST(VisionTower, ImagesThatDoNotFit) {
    auto rng = test::seededRng();
    auto f = fixture(towerOptions());
    QString error;
    auto tower = VisionTower::load(*f, &error);
    ASSERT_TRUE(tower);
    // 18 patches across, but the table has 16 positions.
    const auto wide = randomImage(288, 48, rng);
    EXPECT_TRUE(VisionReference(*tower).encode(wide, {}, &error).empty());
    EXPECT_TRUE(error.contains(QLatin1String("position table"))) << error.toStdString();
    auto other = randomImage(48, 48, rng);
    other.patchSize = 8;
    EXPECT_TRUE(VisionReference(*tower).encode(other, {}, &error).empty());
    EXPECT_TRUE(error.contains(QLatin1String("patches"))) << error.toStdString();
}

TEST(VisionTower, MissingOrMisshapedTensorsAreNamed) {
    struct Case {
        std::string tensor;
        bool remove;
        std::vector<uint64_t> ne;
    };
    const Case cases[] = {
        {"v.blk.1.attn_k.weight", true, {}},
        {"v.blk.0.ffn_post_norm.weight", true, {}},
        {"mm.input_projection.weight", true, {}},
        {"v.position_embd.weight", true, {}},
        {"v.blk.1.ffn_down.weight", false, {48, 16}},
        {"v.blk.0.ln2.weight", false, {31}},
        {"v.patch_embd.weight", false, {16, 16, 4, 32}},
        {"v.clamp_data", false, {12}},
    };
    for (const Case &c : cases) {
        auto o = towerOptions();
        if (c.remove)
            o.removeTensors.push_back(c.tensor);
        else
            o.reshapeTensors[c.tensor] = c.ne;
        auto f = fixture(o);
        ASSERT_TRUE(f) << c.tensor;
        QString error;
        EXPECT_FALSE(VisionTower::load(*f, &error)) << c.tensor;
        EXPECT_TRUE(error.contains(QString::fromStdString(c.tensor))) << error.toStdString();
    }
    auto o = towerOptions();
    o.setKeys.push_back({"gemma4.vision.feed_forward_length", gguf::Value::u32(50)});
    auto f = fixture(o);
    QString error;
    EXPECT_FALSE(VisionTower::load(*f, &error));
    EXPECT_TRUE(error.contains(QLatin1String("feed_forward_length"))) << error.toStdString();
}

}  // namespace
}  // namespace facet::vision
