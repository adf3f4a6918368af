// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "vision/vision_tower.h"

#include "gguf/dequant.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace facet::vision {

namespace {

using gguf::TensorInfo;
namespace ref = model::ref;

QString shapeText(const std::vector<uint64_t> &ne) {
    QStringList parts;
    for (uint64_t d : ne)
        parts << QString::number(d);
    return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
}

// Reads tensors and metadata with error messages that name what is missing or wrong.
class Reader {
public:
    Reader(const gguf::File &file, QString *error) : m_file(file), m_error(error) {}

    bool fail(const QString &message) {
        if (m_error && m_error->isEmpty())
            *m_error = message + QStringLiteral(
                                     " The vision tower cannot be used; convert the "
                                     "model again or use another file.");
        return false;
    }

    const TensorInfo *need(const std::string &name) {
        const TensorInfo *t = m_file.tensor(name);
        if (!t) fail(QStringLiteral("The model file has no tensor \"%1\".").arg(name.c_str()));
        return t;
    }

    bool shape(const TensorInfo *t, const std::vector<uint64_t> &expected) {
        if (!t) return false;
        std::vector<uint64_t> ne = t->ne;
        while (ne.size() > expected.size() && ne.back() == 1)
            ne.pop_back();
        if (ne == expected) return true;
        return fail(QStringLiteral("Tensor \"%1\" has shape %2 but the vision tower needs %3.")
                        .arg(t->name.c_str(), shapeText(t->ne), shapeText(expected)));
    }

    std::optional<std::vector<float>> f32(const TensorInfo *t) {
        if (!t) return std::nullopt;
        const ref::WeightView w = ref::WeightView::fromTensor(*t);
        if (!w.valid()) {
            const auto traits = gguf::typeTraits(t->type);
            fail(QStringLiteral("Tensor \"%1\" is stored as %2, which Facet cannot read here.")
                     .arg(t->name.c_str(), traits ? traits->name : "an unknown type"));
            return std::nullopt;
        }
        std::vector<float> out(static_cast<size_t>(w.cols * w.rows));
        for (int64_t r = 0; r < w.rows; ++r)
            w.dequantizeRow(r, std::span<float>(out).subspan(static_cast<size_t>(r * w.cols),
                                                             static_cast<size_t>(w.cols)));
        return out;
    }

    bool vec(const std::string &name, uint64_t n, std::vector<float> *out) {
        const TensorInfo *t = need(name);
        if (!shape(t, {n})) return false;
        auto v = f32(t);
        if (!v) return false;
        *out = std::move(*v);
        return true;
    }

    bool linear(const std::string &name, uint64_t in, uint64_t out, VisionLinear *l) {
        const TensorInfo *t = need(name + ".weight");
        if (!shape(t, {in, out})) return false;
        l->weight = ref::WeightView::fromTensor(*t);
        if (!l->weight.valid()) {
            const auto traits = gguf::typeTraits(t->type);
            return fail(QStringLiteral("Tensor \"%1\" is stored as %2, which Facet cannot read.")
                            .arg(t->name.c_str(), traits ? traits->name : "an unknown type"));
        }
        return scalarBounds(name, &l->bounds);
    }

    // Per-linear clamp scalars (llama.cpp's and Ollama's `<linear>.input_min` …); a missing one
    // leaves that side unbounded, as both readers do.
    bool scalarBounds(const std::string &base, ops::ClampBounds *b) {
        static const std::array<const char *, 4> kSuffix = {".input_min", ".input_max",
                                                            ".output_min", ".output_max"};
        std::array<float *, 4> dst = {&b->inMin, &b->inMax, &b->outMin, &b->outMax};
        for (size_t i = 0; i < 4; ++i) {
            const TensorInfo *t = m_file.tensor(base + kSuffix[i]);
            if (!t) continue;
            if (t->nelements != 1)
                return fail(QStringLiteral("Clamp value \"%1\" has %2 values instead of 1.")
                                .arg(t->name.c_str())
                                .arg(t->nelements));
            auto v = f32(t);
            if (!v) return false;
            *dst[i] = (*v)[0];
            b->active = true;
        }
        return true;
    }

    const gguf::File &file() const { return m_file; }

private:
    const gguf::File &m_file;
    QString *m_error;
};

std::string blk(int i, const char *name) {
    return "v.blk." + std::to_string(i) + "." + name;
}

void setError(QString *error, const QString &message) {
    if (error) *error = message;
}

}  // namespace

bool hasVisionTower(const gguf::File &file) {
    if (file.find("gemma4.vision.block_count") || file.find("clip.vision.block_count")) return true;
    for (const TensorInfo &t : file.tensors())
        if (t.name.rfind("v.", 0) == 0) return true;
    return false;
}

std::optional<VisionConfig> readVisionConfig(const gguf::File &file, QString *error) {
    if (error) error->clear();
    Reader r(file, error);
    VisionConfig c;
    std::string prefix;
    if (file.find("gemma4.vision.block_count")) {
        prefix = "gemma4.vision.";
    } else if (file.find("clip.vision.block_count")) {
        prefix = "clip.vision.";
        c.llamaCppNaming = true;
    } else {
        r.fail(
            QStringLiteral("The model file has no vision tower (no \"gemma4.vision.*\" or "
                           "\"clip.vision.*\" metadata)."));
        return std::nullopt;
    }
    auto key = [&](const char *k) { return prefix + k; };
    auto needInt = [&](const char *k, int *out) {
        const auto v = file.getInt(key(k));
        if (!v || *v <= 0 || *v > (1 << 20))
            return r.fail(QStringLiteral("The model file has no valid \"%1\".")
                              .arg(QString::fromStdString(key(k))));
        *out = static_cast<int>(*v);
        return true;
    };
    if (!needInt("block_count", &c.layers) || !needInt("embedding_length", &c.width) ||
        !needInt("attention.head_count", &c.heads))
        return std::nullopt;
    if (const auto s = file.getInt(key("projector.scale_factor")); s && *s > 0)
        c.poolingKernel = static_cast<int>(*s);
    if (const auto e = file.getFloat(key("attention.layer_norm_epsilon")); e && *e > 0)
        c.eps = static_cast<float>(*e);

    // Shapes are the truth; metadata must agree with them.
    const TensorInfo *patch = r.need("v.patch_embd.weight");
    if (!patch) return std::nullopt;
    c.patchSize = static_cast<int>(patch->dim(0));
    if (!r.shape(patch, {uint64_t(c.patchSize), uint64_t(c.patchSize), 3, uint64_t(c.width)}))
        return std::nullopt;
    if (const auto p = file.getInt(key("patch_size")); p && *p != c.patchSize) {
        r.fail(QStringLiteral("\"%1\" says %2 but v.patch_embd.weight has %3-pixel patches.")
                   .arg(QString::fromStdString(key("patch_size")))
                   .arg(*p)
                   .arg(c.patchSize));
        return std::nullopt;
    }
    const TensorInfo *pos = r.need("v.position_embd.weight");
    if (!pos) return std::nullopt;
    c.positions = static_cast<int>(pos->dim(1));
    if (!r.shape(pos, {uint64_t(c.width), uint64_t(c.positions), 2})) return std::nullopt;

    const TensorInfo *qNorm = r.need(blk(0, "attn_q_norm.weight"));
    if (!qNorm) return std::nullopt;
    c.headDim = static_cast<int>(qNorm->dim(0));
    if (c.headDim <= 0 || c.headDim % 4 != 0) {
        r.fail(
            QStringLiteral("Tensor \"%1\" gives a head size of %2, which is not a multiple of 4.")
                .arg(qNorm->name.c_str())
                .arg(c.headDim));
        return std::nullopt;
    }
    const TensorInfo *k = r.need(blk(0, "attn_k.weight"));
    if (!k) return std::nullopt;
    c.kvHeads = static_cast<int>(k->dim(1)) / c.headDim;
    if (c.kvHeads <= 0 || c.heads % c.kvHeads != 0) {
        r.fail(QStringLiteral("Tensor \"%1\" (%2) does not fit %3 heads of %4.")
                   .arg(k->name.c_str(), shapeText(k->ne))
                   .arg(c.heads)
                   .arg(c.headDim));
        return std::nullopt;
    }
    const TensorInfo *gate = r.need(blk(0, "ffn_gate.weight"));
    if (!gate) return std::nullopt;
    c.ffn = static_cast<int>(gate->dim(1));
    if (const auto f = file.getInt(key("feed_forward_length")); f && *f != c.ffn) {
        r.fail(QStringLiteral("\"%1\" says %2 but %3 has %4 outputs.")
                   .arg(QString::fromStdString(key("feed_forward_length")))
                   .arg(*f)
                   .arg(gate->name.c_str())
                   .arg(c.ffn));
        return std::nullopt;
    }
    const TensorInfo *proj = r.need("mm.input_projection.weight");
    if (!proj) return std::nullopt;
    c.textWidth = static_cast<int>(proj->dim(1));
    if (!r.shape(proj, {uint64_t(c.width), uint64_t(c.textWidth)})) return std::nullopt;
    const std::string textKey =
        c.llamaCppNaming ? "clip.vision.projection_dim" : "gemma4.embedding_length";
    if (const auto tw = file.getInt(textKey); tw && *tw != c.textWidth) {
        r.fail(QStringLiteral("\"%1\" says %2 but mm.input_projection.weight projects to %3.")
                   .arg(QString::fromStdString(textKey))
                   .arg(*tw)
                   .arg(c.textWidth));
        return std::nullopt;
    }
    c.standardize = file.tensor("v.std_bias") || file.tensor("v.std_bias.weight") ||
                    file.tensor("v.std_scale") || file.tensor("v.std_scale.weight");
    c.layerOutputScale = file.tensor(blk(0, "out_scale.weight")) != nullptr;
    c.clamped = file.tensor("v.clamp_data") != nullptr;
    for (const TensorInfo &t : file.tensors()) {
        const std::string &n = t.name;
        if ((n.rfind("v.", 0) == 0 || n.rfind("mm.input_projection", 0) == 0) &&
            (n.ends_with(".input_min") || n.ends_with(".input_max") || n.ends_with(".output_min") ||
             n.ends_with(".output_max")))
            c.clamped = true;
    }
    return c;
}

std::unique_ptr<VisionTower> VisionTower::load(const gguf::File &file, QString *error) {
    auto config = readVisionConfig(file, error);
    if (!config) return nullptr;
    Reader r(file, error);
    std::unique_ptr<VisionTower> tower(new VisionTower);
    VisionTower &t = *tower;
    t.m_config = *config;
    const VisionConfig &c = t.m_config;
    const uint64_t W = c.width, F = c.ffn, hd = c.headDim;
    const uint64_t qOut = uint64_t(c.heads) * hd, kvOut = uint64_t(c.kvHeads) * hd;
    const int p = c.patchSize;

    // The file stores the patch kernel channel-major ([W][3][p][p]); HF's patches are
    // (row, column, channel), so the kernel is reordered once here.
    auto patch = r.f32(file.tensor("v.patch_embd.weight"));
    if (!patch) return nullptr;
    const size_t values = size_t(p) * p * 3;
    t.m_patchEmbedding.resize(W * values);
    for (uint64_t o = 0; o < W; ++o)
        for (int ch = 0; ch < 3; ++ch)
            for (int row = 0; row < p; ++row)
                for (int col = 0; col < p; ++col)
                    t.m_patchEmbedding[o * values + (size_t(row) * p + col) * 3 + ch] =
                        (*patch)[o * values + (size_t(ch) * p + row) * p + col];
    auto pos = r.f32(file.tensor("v.position_embd.weight"));
    if (!pos) return nullptr;
    t.m_positionTable = std::move(*pos);

    t.m_layers.resize(c.layers);
    for (int i = 0; i < c.layers; ++i) {
        VisionLayer &l = t.m_layers[i];
        if (!r.vec(blk(i, "ln1.weight"), W, &l.ln1) ||
            !r.vec(blk(i, "attn_post_norm.weight"), W, &l.attnPostNorm) ||
            !r.vec(blk(i, "ln2.weight"), W, &l.ln2) ||
            !r.vec(blk(i, "ffn_post_norm.weight"), W, &l.ffnPostNorm) ||
            !r.vec(blk(i, "attn_q_norm.weight"), hd, &l.qNorm) ||
            !r.vec(blk(i, "attn_k_norm.weight"), hd, &l.kNorm) ||
            !r.linear(blk(i, "attn_q"), W, qOut, &l.q) ||
            !r.linear(blk(i, "attn_k"), W, kvOut, &l.k) ||
            !r.linear(blk(i, "attn_v"), W, kvOut, &l.v) ||
            !r.linear(blk(i, "attn_out"), qOut, W, &l.out) ||
            !r.linear(blk(i, "ffn_gate"), W, F, &l.gate) ||
            !r.linear(blk(i, "ffn_up"), W, F, &l.up) ||
            !r.linear(blk(i, "ffn_down"), F, W, &l.down))
            return nullptr;
        if (const TensorInfo *s = file.tensor(blk(i, "out_scale.weight"))) {
            if (s->nelements != 1 && s->nelements != W) {
                r.fail(QStringLiteral("Tensor \"%1\" has %2 values; expected 1 or %3.")
                           .arg(s->name.c_str())
                           .arg(s->nelements)
                           .arg(W));
                return nullptr;
            }
            auto v = r.f32(s);
            if (!v) return nullptr;
            l.outScale = std::move(*v);
        }
    }
    if (c.standardize) {
        for (auto [name, dst] :
             {std::pair{"v.std_bias", &t.m_stdBias}, std::pair{"v.std_scale", &t.m_stdScale}}) {
            const std::string n = name;
            const std::string found = file.tensor(n) ? n : n + ".weight";
            if (!r.vec(found, W, dst)) return nullptr;
        }
    }
    if (!r.linear("mm.input_projection", W, uint64_t(c.textWidth), &t.m_projection)) return nullptr;

    // Ollama's packed bounds: per layer q, k, v, out, gate, up, down, then the projector.
    if (const TensorInfo *packed = file.tensor("v.clamp_data")) {
        const uint64_t expected = (uint64_t(c.layers) * 7 + 1) * 4;
        if (packed->nelements != expected) {
            r.fail(QStringLiteral("Tensor \"v.clamp_data\" has %1 values; %2 layers need %3.")
                       .arg(packed->nelements)
                       .arg(c.layers)
                       .arg(expected));
            return nullptr;
        }
        auto data = r.f32(packed);
        if (!data) return nullptr;
        auto apply = [&](size_t index, VisionLinear *l) {
            const float *q = data->data() + index * 4;
            // An all-zero quadruple is what the converter writes for a linear without bounds.
            if (q[0] == 0.0f && q[1] == 0.0f && q[2] == 0.0f && q[3] == 0.0f) return;
            l->bounds = {true, q[0], q[1], q[2], q[3]};
        };
        for (int i = 0; i < c.layers; ++i) {
            VisionLayer &l = t.m_layers[i];
            VisionLinear *lin[7] = {&l.q, &l.k, &l.v, &l.out, &l.gate, &l.up, &l.down};
            for (size_t j = 0; j < 7; ++j)
                apply(size_t(i) * 7 + j, lin[j]);
        }
        apply(size_t(c.layers) * 7, &t.m_projection);
    }
    return tower;
}

bool imageFitsTower(const VisionConfig &c, const PreprocessedImage &image, QString *error) {
    const int T = image.numPatches();
    if (image.patchSize != c.patchSize || image.poolingKernel != c.poolingKernel) {
        setError(error, QStringLiteral("The image was prepared for %1-pixel patches pooled %2×%2, "
                                       "but this vision tower uses %3-pixel patches pooled %4×%4.")
                            .arg(image.patchSize)
                            .arg(image.poolingKernel)
                            .arg(c.patchSize)
                            .arg(c.poolingKernel));
        return false;
    }
    if (T <= 0 || image.softTokens() <= 0 ||
        image.patches.size() != static_cast<size_t>(T) * image.patchValues() ||
        image.positions.size() != static_cast<size_t>(T) * 2) {
        setError(error, QStringLiteral("The prepared image is empty or inconsistent."));
        return false;
    }
    for (int i = 0; i < 2 * T; ++i) {
        if (image.positions[i] < 0 || image.positions[i] >= c.positions) {
            setError(error, QStringLiteral("The image is %1×%2 patches, more than this vision "
                                           "tower's position table (%3) allows; choose a smaller "
                                           "image budget.")
                                .arg(image.patchesX())
                                .arg(image.patchesY())
                                .arg(c.positions));
            return false;
        }
    }
    return true;
}

std::vector<float> VisionReference::encode(const PreprocessedImage &image,
                                           const EncodeControl &control, QString *error,
                                           VisionStages *stages) const {
    const VisionConfig &c = m_tower.config();
    const int T = image.numPatches(), W = c.width;
    const int values = image.patchValues();
    if (!imageFitsTower(c, image, error)) return {};
    const int totalSteps = c.layers + 2;
    auto step = [&](int done) {
        if (control.progress && !control.progress(done, totalSteps)) {
            setError(error, QStringLiteral("The image encode was cancelled."));
            return false;
        }
        return true;
    };

    // Patch embedding: HF maps pixels to 2(v − 0.5), projects, then adds x_emb + y_emb.
    std::vector<float> pixels(image.patches.size());
    for (size_t i = 0; i < pixels.size(); ++i)
        pixels[i] = 2.0f * (image.patches[i] - 0.5f);
    std::vector<float> h(static_cast<size_t>(T) * W);
    const auto patchWeight =
        ref::WeightView::fromF32(m_tower.patchEmbedding(), values, static_cast<int64_t>(W));
    ops::clippedLinear(patchWeight, {}, pixels, T, h);
    const std::vector<float> &table = m_tower.positionTable();
    const size_t slab = static_cast<size_t>(c.positions) * W;
    for (int i = 0; i < T; ++i) {
        const float *ex = table.data() + static_cast<size_t>(image.positions[2 * i]) * W;
        const float *ey = table.data() + slab + static_cast<size_t>(image.positions[2 * i + 1]) * W;
        for (int d = 0; d < W; ++d)
            h[static_cast<size_t>(i) * W + d] += ex[d] + ey[d];
    }
    if (stages) {
        *stages = {};
        stages->patchEmbedding = h;
    }
    if (!step(1)) return {};

    const int hd = c.headDim;
    const size_t qW = static_cast<size_t>(c.heads) * hd, kvW = static_cast<size_t>(c.kvHeads) * hd;
    std::vector<float> x(h.size()), q(T * qW), k(T * kvW), v(T * kvW), attn(T * qW), o(h.size());
    std::vector<float> g(static_cast<size_t>(T) * c.ffn), u(g.size());
    for (int li = 0; li < c.layers; ++li) {
        const VisionLayer &L = m_tower.layers()[li];
        ref::rmsNormRows(h, T, L.ln1, x, c.eps);
        ops::clippedLinear(L.q.weight, L.q.bounds, x, T, q);
        ops::clippedLinear(L.k.weight, L.k.bounds, x, T, k);
        ops::clippedLinear(L.v.weight, L.v.bounds, x, T, v);
        ref::rmsNormRows(q, T * c.heads, L.qNorm, q, c.eps);
        ref::rmsNormRows(k, T * c.kvHeads, L.kNorm, k, c.eps);
        ref::rmsNormRows(v, T * c.kvHeads, {}, v, c.eps);
        for (int i = 0; i < T; ++i) {
            const int px = image.positions[2 * i], py = image.positions[2 * i + 1];
            ops::rope2d(std::span<float>(q).subspan(i * qW, qW), hd, px, py, c.ropeTheta);
            ops::rope2d(std::span<float>(k).subspan(i * kvW, kvW), hd, px, py, c.ropeTheta);
        }
        ops::bidirectionalAttention(q, k, v, T, c.heads, c.kvHeads, hd, 1.0f, attn);
        ops::clippedLinear(L.out.weight, L.out.bounds, attn, T, o);
        ref::rmsNormRows(o, T, L.attnPostNorm, o, c.eps);
        ref::add(h, o, h);

        ref::rmsNormRows(h, T, L.ln2, x, c.eps);
        ops::clippedLinear(L.gate.weight, L.gate.bounds, x, T, g);
        ops::clippedLinear(L.up.weight, L.up.bounds, x, T, u);
        ref::geglu(g, u, g);
        ops::clippedLinear(L.down.weight, L.down.bounds, g, T, o);
        ref::rmsNormRows(o, T, L.ffnPostNorm, o, c.eps);
        ref::add(h, o, h);
        if (!L.outScale.empty()) {
            for (size_t i = 0; i < h.size(); ++i)
                h[i] *= L.outScale.size() == 1 ? L.outScale[0] : L.outScale[i % W];
        }
        if (stages) stages->layers.push_back(h);
        if (!step(2 + li)) return {};
    }

    std::vector<float> pooled;
    if (!ops::averagePoolByPosition(h, image.positions, T, W, c.poolingKernel, &pooled)) {
        setError(error, QStringLiteral("The image's patch grid (%1×%2) cannot be pooled in %3×%3 "
                                       "blocks.")
                            .arg(image.patchesX())
                            .arg(image.patchesY())
                            .arg(c.poolingKernel));
        return {};
    }
    const int N = static_cast<int>(pooled.size() / W);
    const float rootWidth = static_cast<float>(std::sqrt(static_cast<double>(W)));
    for (float &e : pooled)
        e *= rootWidth;
    if (stages) stages->pooled = pooled;
    if (c.standardize) {
        const auto &bias = m_tower.stdBias();
        const auto &scale = m_tower.stdScale();
        for (size_t i = 0; i < pooled.size(); ++i)
            pooled[i] = (pooled[i] - bias[i % W]) * scale[i % W];
    }
    if (stages) stages->towerOutput = pooled;

    // Gemma4MultimodalEmbedder: weightless RMS norm, then the projection into the text width.
    ref::rmsNormRows(pooled, N, {}, pooled, c.eps);
    std::vector<float> out(static_cast<size_t>(N) * c.textWidth);
    ops::clippedLinear(m_tower.projection().weight, m_tower.projection().bounds, pooled, N, out);
    if (!step(totalSteps)) return {};
    return out;
}

}  // namespace facet::vision
