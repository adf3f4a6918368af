// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/reference_model.h"

#include "gguf/dequant.h"
#include "gguf/gguf.h"

#include <QFloat16>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>

namespace facet::model {

namespace {

QString qs(const std::string &s) {
    return QString::fromStdString(s);
}

QString typeName(gguf::TensorType t) {
    const auto traits = gguf::typeTraits(t);
    return traits ? QString::fromUtf8(traits->name)
                  : QStringLiteral("type %1").arg(static_cast<uint32_t>(t));
}

// Loads tensors by name, collecting the first error.
class Loader {
public:
    Loader(const gguf::File &f, QString *error) : m_f(f), m_error(error) {}
    bool ok() const { return m_ok; }

    bool fail(const QString &message) {
        if (m_ok && m_error) *m_error = message;
        m_ok = false;
        return false;
    }

    // A matrix or embedding table, dequantised row by row on demand.
    ref::WeightView matrix(const std::string &name) {
        if (!m_ok) return {};
        const gguf::TensorInfo *t = m_f.tensor(name);
        if (!t) {
            fail(QStringLiteral("tensor %1 is missing").arg(qs(name)));
            return {};
        }
        ref::WeightView w = ref::WeightView::fromTensor(*t);
        if (!w.valid()) {
            fail(QStringLiteral("tensor %1 has type %2, which the reference model cannot "
                                "dequantise")
                     .arg(qs(name), typeName(t->type)));
        }
        return w;
    }

    // A small vector (norm weight, scale, rope factors), dequantised now. `expected` > 0 checks
    // the element count.
    std::vector<float> vector(const std::string &name, uint64_t expected) {
        if (!m_ok) return {};
        const gguf::TensorInfo *t = m_f.tensor(name);
        if (!t) {
            fail(QStringLiteral("tensor %1 is missing").arg(qs(name)));
            return {};
        }
        if (expected > 0 && t->nelements != expected) {
            fail(QStringLiteral("tensor %1 has %2 elements, expected %3")
                     .arg(qs(name))
                     .arg(t->nelements)
                     .arg(expected));
            return {};
        }
        std::vector<float> out(t->nelements);
        const auto traits = gguf::typeTraits(t->type);
        if (!traits || !gguf::canDequantize(t->type) || t->nelements % traits->blockSize != 0 ||
            !gguf::dequantizeRow(t->type, t->data, out.data(),
                                 static_cast<int64_t>(t->nelements))) {
            fail(QStringLiteral("tensor %1 has type %2, which the reference model cannot "
                                "dequantise")
                     .arg(qs(name), typeName(t->type)));
            return {};
        }
        return out;
    }

private:
    const gguf::File &m_f;
    QString *m_error;
    bool m_ok = true;
};

std::span<float> rowsOf(std::vector<float> &v, size_t first, size_t count, size_t width) {
    return std::span<float>(v).subspan(first * width, count * width);
}

}  // namespace

// ---- loading ----------------------------------------------------------------------------------

std::unique_ptr<ReferenceModel> ReferenceModel::load(const gguf::File &file, QString *error) {
    std::optional<Gemma4Config> config = Gemma4Config::fromGguf(file, error);
    if (!config) return nullptr;

    std::unique_ptr<ReferenceModel> m(new ReferenceModel());
    m->m_file = &file;
    m->m_config = std::move(*config);
    const Gemma4Config &c = m->m_config;
    const uint64_t H = static_cast<uint64_t>(c.hidden);

    Loader ld(file, error);
    m->m_tokenEmbd = ld.matrix("token_embd.weight");
    m->m_output = c.hasSeparateOutput ? ld.matrix("output.weight") : m->m_tokenEmbd;
    m->m_outputNorm = ld.vector("output_norm.weight", H);
    if (c.hasRopeFreqs) {
        m->m_ropeFreqs =
            ld.vector("rope_freqs.weight", static_cast<uint64_t>(c.ropeDimsGlobal / 2));
    }
    if (c.hasPle) {
        m->m_perLayerTokenEmbd = ld.matrix("per_layer_token_embd.weight");
        m->m_perLayerModelProj = ld.matrix("per_layer_model_proj.weight");
        m->m_perLayerProjNorm =
            ld.vector("per_layer_proj_norm.weight", static_cast<uint64_t>(c.pleDim));
    }

    m->m_layers.resize(static_cast<size_t>(c.layerCount));
    for (const Gemma4LayerConfig &l : c.layers) {
        LayerWeights &w = m->m_layers[static_cast<size_t>(l.index)];
        const std::string p = "blk." + std::to_string(l.index) + ".";
        const uint64_t hd = static_cast<uint64_t>(l.headDim);
        w.attnNorm = ld.vector(p + "attn_norm.weight", H);
        w.attnQ = ld.matrix(p + "attn_q.weight");
        w.qNorm = ld.vector(p + "attn_q_norm.weight", hd);
        if (!l.sharesKv()) {
            w.attnK = ld.matrix(p + "attn_k.weight");
            w.attnV = ld.matrix(p + "attn_v.weight");
            w.kNorm = ld.vector(p + "attn_k_norm.weight", hd);
        }
        w.attnOutput = ld.matrix(p + "attn_output.weight");
        w.postAttentionNorm = ld.vector(p + "post_attention_norm.weight", H);
        w.ffnNorm = ld.vector(p + "ffn_norm.weight", H);
        w.ffnGate = ld.matrix(p + "ffn_gate.weight");
        w.ffnUp = ld.matrix(p + "ffn_up.weight");
        w.ffnDown = ld.matrix(p + "ffn_down.weight");
        w.postFfwNorm = ld.vector(p + "post_ffw_norm.weight", H);
        if (c.hasPle) {
            w.inpGate = ld.matrix(p + "inp_gate.weight");
            w.proj = ld.matrix(p + "proj.weight");
            w.postNorm = ld.vector(p + "post_norm.weight", H);
        }
        if (l.hasOutputScale()) {
            const std::vector<float> s = ld.vector(l.outputScaleTensor, 1);
            if (ld.ok()) w.outputScale = s[0];
        }
    }
    if (!ld.ok()) return nullptr;
    return m;
}

ref::RopeParams ReferenceModel::ropeParams(int layer) const {
    const Gemma4LayerConfig &l = m_config.layer(layer);
    ref::RopeParams p;
    p.dims = l.ropeDims;
    p.base = l.ropeBase;
    if (!l.isSliding() && !m_ropeFreqs.empty()) p.freqFactors = m_ropeFreqs;
    return p;
}

ref::AttentionParams ReferenceModel::attentionParams(int layer) const {
    const Gemma4LayerConfig &l = m_config.layer(layer);
    ref::AttentionParams p;
    p.heads = m_config.heads;
    p.kvHeads = l.kvHeads;
    p.headDim = l.headDim;
    p.window = l.isSliding() ? m_config.slidingWindow : 0;
    p.scale = 1.0f;
    return p;
}

// ---- model-level stages -----------------------------------------------------------------------

bool validateForwardInputs(const Gemma4Config &config, std::span<const int32_t> tokens,
                           std::span<const SoftEmbedding> soft, QString *error) {
    auto fail = [&](const QString &message) {
        if (error) *error = message;
        return false;
    };
    for (size_t i = 0; i < tokens.size(); ++i) {
        if (tokens[i] < 0 || tokens[i] >= config.vocabSize) {
            return fail(QStringLiteral("token %1 at index %2 is outside the vocabulary (0..%3)")
                            .arg(tokens[i])
                            .arg(i)
                            .arg(config.vocabSize - 1));
        }
    }
    std::set<int> seen;
    for (const SoftEmbedding &s : soft) {
        if (s.index < 0 || static_cast<size_t>(s.index) >= tokens.size()) {
            return fail(QStringLiteral("soft embedding index %1 is outside the %2 tokens")
                            .arg(s.index)
                            .arg(tokens.size()));
        }
        if (s.values.size() != static_cast<size_t>(config.hidden)) {
            return fail(QStringLiteral("soft embedding at index %1 has %2 values, expected %3 "
                                       "(the hidden size)")
                            .arg(s.index)
                            .arg(s.values.size())
                            .arg(config.hidden));
        }
        if (!seen.insert(s.index).second) {
            return fail(QStringLiteral("two soft embeddings for index %1").arg(s.index));
        }
    }
    return true;
}

// X = token_embd[t]·sqrt(H), with soft embeddings copied in unscaled.
void ReferenceModel::embed(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                           std::vector<float> &x) const {
    const size_t H = static_cast<size_t>(m_config.hidden);
    const float embedScale = static_cast<float>(std::sqrt(static_cast<double>(m_config.hidden)));
    x.assign(tokens.size() * H, 0.0f);
    for (size_t i = 0; i < tokens.size(); ++i) {
        ref::embeddingRow(m_tokenEmbd, tokens[i], embedScale, rowsOf(x, i, 1, H));
    }
    for (const SoftEmbedding &s : soft) {
        std::copy(s.values.begin(), s.values.end(),
                  x.begin() + static_cast<ptrdiff_t>(s.index * H));
    }
}

// PLE = (rmsw((per_layer_model_proj·X)·H^-½, per_layer_proj_norm) + per_layer_token_embd[t']·√P)
//       · 2^-½, per token [L][P]; t' is 0 at soft-embedding positions.
void ReferenceModel::perLayerInputs(std::span<const int32_t> tokens,
                                    std::span<const SoftEmbedding> soft, std::span<const float> x,
                                    std::vector<float> &ple, int64_t q8aMinWeights) const {
    const size_t n = tokens.size();
    const size_t L = static_cast<size_t>(m_config.layerCount);
    const size_t P = static_cast<size_t>(m_config.pleDim);
    const size_t LP = L * P;

    std::vector<int32_t> ids(tokens.begin(), tokens.end());
    for (const SoftEmbedding &s : soft)
        ids[static_cast<size_t>(s.index)] = 0;

    // Token-identity part Z.
    std::vector<float> z(n * LP);
    const float pleScale = static_cast<float>(std::sqrt(static_cast<double>(P)));
    for (size_t i = 0; i < n; ++i)
        ref::embeddingRow(m_perLayerTokenEmbd, ids[i], pleScale, rowsOf(z, i, 1, LP));

    // Context part Pj.
    std::vector<float> proj(n * LP);
    ref::matmulQ8Inputs(m_perLayerModelProj, x, static_cast<int>(n), proj, q8aMinWeights);
    const float projScale =
        static_cast<float>(1.0 / std::sqrt(static_cast<double>(m_config.hidden)));
    ref::scale(proj, projScale, proj);
    std::vector<float> projNormed(n * LP);
    ref::rmsNormRows(proj, static_cast<int>(n * L), m_perLayerProjNorm, projNormed,
                     m_config.rmsEps);

    ple.assign(n * LP, 0.0f);
    ref::add(projNormed, z, ple);
    ref::scale(ple, static_cast<float>(1.0 / std::sqrt(2.0)), ple);
}

std::vector<float> ReferenceModel::forward(std::span<const int32_t> tokens,
                                           std::span<const SoftEmbedding> soft,
                                           QString *error) const {
    Session s(*this);
    return s.prefill(tokens, soft, Logits::All, error);
}

// ---- session ----------------------------------------------------------------------------------

ReferenceModel::Session::Session(const ReferenceModel &model) : m_model(&model) {
    reset();
}

void ReferenceModel::Session::reset() {
    const Gemma4Config &c = m_model->m_config;
    m_position = 0;
    m_caches.assign(static_cast<size_t>(c.firstSharedLayer), KvCache{});
    for (int i = 0; i < c.firstSharedLayer; ++i) {
        const Gemma4LayerConfig &l = c.layer(i);
        m_caches[static_cast<size_t>(i)].width = l.kvHeads * l.headDim;
    }
}

bool ReferenceModel::Session::rewind(int64_t position) {
    if (position < 0 || position > m_position) return false;
    if (position == m_position) return true;
    const Gemma4Config &c = m_model->m_config;
    // The next query (at `position`) of a sliding layer sees keys > position − W.
    const int64_t oldestNeeded = std::max<int64_t>(0, position - c.slidingWindow + 1);
    for (size_t i = 0; i < m_caches.size(); ++i) {
        const KvCache &cache = m_caches[i];
        if (position > 0 && (cache.positions.empty() || cache.positions.front() > oldestNeeded))
            return false;
    }
    for (KvCache &cache : m_caches) {
        const auto keepEnd =
            std::lower_bound(cache.positions.begin(), cache.positions.end(), position);
        const size_t keep = static_cast<size_t>(keepEnd - cache.positions.begin());
        cache.positions.resize(keep);
        cache.k.resize(keep * static_cast<size_t>(cache.width));
        cache.v.resize(keep * static_cast<size_t>(cache.width));
    }
    m_position = position;
    return true;
}

void ReferenceModel::Session::report(std::string_view name, int layer, int rows, int cols,
                                     std::span<const float> data, size_t firstRow) const {
    if (!m_trace) return;
    TraceEvent e;
    e.name = name;
    e.layer = layer;
    e.rows = rows;
    e.cols = cols;
    e.firstPosition = m_position + static_cast<int64_t>(firstRow);
    e.data = data;
    m_trace(e);
}

std::vector<float> ReferenceModel::Session::step(int32_t token, QString *error) {
    const int32_t one[1] = {token};
    return prefill(one, {}, Logits::Last, error);
}

std::vector<float> ReferenceModel::Session::prefill(std::span<const int32_t> tokens,
                                                    std::span<const SoftEmbedding> soft,
                                                    Logits which, QString *error) {
    const ReferenceModel &m = *m_model;
    const Gemma4Config &c = m.m_config;
    if (!validateForwardInputs(c, tokens, soft, error)) return {};
    if (tokens.empty()) return {};

    const int n = static_cast<int>(tokens.size());
    const size_t H = static_cast<size_t>(c.hidden);
    const size_t V = static_cast<size_t>(c.vocabSize);
    std::vector<int64_t> positions(tokens.size());
    for (size_t i = 0; i < tokens.size(); ++i)
        positions[i] = m_position + static_cast<int64_t>(i);

    // Embeddings and per-layer inputs.
    std::vector<float> x;
    m.embed(tokens, soft, x);
    report("embed", -1, n, c.hidden, x);
    std::vector<float> ple;
    if (c.hasPle) {
        m.perLayerInputs(tokens, soft, x, ple, m_q8aMinWeights);
        report("ple", -1, n, c.layerCount * c.pleDim, ple);
    }

    // Decoder layers.
    for (int i = 0; i < c.layerCount; ++i) {
        attentionBlock(i, x, n, positions);
        ffnBlock(i, x, n);
        if (c.hasPle) perLayerInputBlock(i, x, n, ple);
        const float s = m.m_layers[static_cast<size_t>(i)].outputScale;
        if (c.layer(i).hasOutputScale()) ref::scale(x, s, x);
        report("layer_out", i, n, c.hidden, x);
    }

    // Final norm and (tied) output projection, softcapped, for the rows asked for.
    std::vector<float> logits;
    if (which != Logits::None) {
        const size_t first = which == Logits::Last ? static_cast<size_t>(n - 1) : 0;
        const size_t rows = static_cast<size_t>(n) - first;
        const int r = static_cast<int>(rows);
        std::vector<float> normed(rows * H);
        ref::rmsNormRows(std::span<const float>(x).subspan(first * H, rows * H), r, m.m_outputNorm,
                         normed, c.rmsEps);
        report("output_norm", -1, r, c.hidden, normed, first);
        logits.resize(rows * V);
        ref::matmulQ8Inputs(m.m_output, normed, r, logits, m_q8aMinWeights);
        report("logits_raw", -1, r, c.vocabSize, logits, first);
        ref::softcap(logits, c.finalLogitSoftcap, logits);
        report("logits", -1, r, c.vocabSize, logits, first);
    }

    m_position += n;
    trimSlidingCaches();
    return logits;
}

// X = X + rmsw(attn_output · attention(rmsw(X, attn_norm)), post_attention_norm)
void ReferenceModel::Session::attentionBlock(int layer, std::vector<float> &x, int n,
                                             std::span<const int64_t> positions) {
    const ReferenceModel &m = *m_model;
    const Gemma4Config &c = m.m_config;
    const Gemma4LayerConfig &l = c.layer(layer);
    const LayerWeights &w = m.m_layers[static_cast<size_t>(layer)];
    const size_t H = static_cast<size_t>(c.hidden);
    const size_t hd = static_cast<size_t>(l.headDim);
    const size_t qWidth = static_cast<size_t>(c.heads) * hd;
    const size_t kvWidth = static_cast<size_t>(l.kvHeads) * hd;
    const size_t rows = static_cast<size_t>(n);
    const ref::RopeParams rope = m.ropeParams(layer);

    std::vector<float> a(rows * H);
    ref::rmsNormRows(x, n, w.attnNorm, a, c.rmsEps);
    report("attn_norm", layer, n, c.hidden, a);

    // Queries: projection, per-head q_norm, RoPE at each token's position.
    std::vector<float> q(rows * qWidth);
    ref::matmulQ8Inputs(w.attnQ, a, n, q, m_q8aMinWeights);
    ref::rmsNormRows(q, n * c.heads, w.qNorm, q, c.rmsEps);
    for (size_t i = 0; i < rows; ++i) {
        const auto qi = rowsOf(q, i, 1, qWidth);
        ref::ropeNeox(qi, qi, l.headDim, positions[i], rope);
    }
    report("q", layer, n, static_cast<int>(qWidth), q);

    // Keys and values: only layers that own a cache compute them; shared layers read the donor's
    // cache, which already holds this call's tokens (the donor is an earlier layer).
    if (!l.sharesKv()) {
        std::vector<float> k(rows * kvWidth), v(rows * kvWidth);
        ref::matmulQ8Inputs(w.attnK, a, n, k, m_q8aMinWeights);
        ref::rmsNormRows(k, n * l.kvHeads, w.kNorm, k, c.rmsEps);
        for (size_t i = 0; i < rows; ++i) {
            const auto ki = rowsOf(k, i, 1, kvWidth);
            ref::ropeNeox(ki, ki, l.headDim, positions[i], rope);
        }
        ref::matmulQ8Inputs(w.attnV, a, n, v, m_q8aMinWeights);
        ref::rmsNormRows(v, n * l.kvHeads, {}, v, c.rmsEps);
        report("k", layer, n, static_cast<int>(kvWidth), k);
        report("v", layer, n, static_cast<int>(kvWidth), v);
        if (m_f16Cache) {
            for (std::vector<float> *kv : {&k, &v})
                for (float &e : *kv)
                    e = float(qfloat16(e));
        }
        KvCache &cache = m_caches[static_cast<size_t>(layer)];
        cache.positions.insert(cache.positions.end(), positions.begin(), positions.end());
        cache.k.insert(cache.k.end(), k.begin(), k.end());
        cache.v.insert(cache.v.end(), v.begin(), v.end());
    }
    const KvCache &cache = m_caches[static_cast<size_t>(l.sharesKv() ? l.kvDonor : layer)];

    std::vector<float> o(rows * qWidth);
    ref::attention(q, positions, cache.k, cache.v, cache.positions, m.attentionParams(layer), o);
    report("attn", layer, n, static_cast<int>(qWidth), o);

    std::vector<float> out(rows * H);
    ref::matmulQ8Inputs(w.attnOutput, o, n, out, m_q8aMinWeights);
    report("attn_out", layer, n, c.hidden, out);
    std::vector<float> post(rows * H);
    ref::rmsNormRows(out, n, w.postAttentionNorm, post, c.rmsEps);
    report("attn_post_norm", layer, n, c.hidden, post);
    ref::add(x, post, x);
    report("x_attn", layer, n, c.hidden, x);
}

// X = X + rmsw(ffn_down · (gelu(ffn_gate·F) ⊙ ffn_up·F), post_ffw_norm), F = rmsw(X, ffn_norm)
void ReferenceModel::Session::ffnBlock(int layer, std::vector<float> &x, int n) const {
    const ReferenceModel &m = *m_model;
    const Gemma4Config &c = m.m_config;
    const LayerWeights &w = m.m_layers[static_cast<size_t>(layer)];
    const size_t H = static_cast<size_t>(c.hidden);
    const size_t F = static_cast<size_t>(c.layer(layer).ffnWidth);
    const size_t rows = static_cast<size_t>(n);

    std::vector<float> f(rows * H);
    ref::rmsNormRows(x, n, w.ffnNorm, f, c.rmsEps);
    report("ffn_norm", layer, n, c.hidden, f);
    std::vector<float> gate(rows * F), up(rows * F), act(rows * F);
    ref::matmulQ8Inputs(w.ffnGate, f, n, gate, m_q8aMinWeights);
    ref::matmulQ8Inputs(w.ffnUp, f, n, up, m_q8aMinWeights);
    report("ffn_gate", layer, n, static_cast<int>(F), gate);
    report("ffn_up", layer, n, static_cast<int>(F), up);
    ref::geglu(gate, up, act);
    report("ffn_act", layer, n, static_cast<int>(F), act);
    std::vector<float> down(rows * H), post(rows * H);
    ref::matmulQ8Inputs(w.ffnDown, act, n, down, m_q8aMinWeights);
    report("ffn_down", layer, n, c.hidden, down);
    ref::rmsNormRows(down, n, w.postFfwNorm, post, c.rmsEps);
    report("ffn_post_norm", layer, n, c.hidden, post);
    ref::add(x, post, x);
    report("x_ffn", layer, n, c.hidden, x);
}

// X = X + rmsw(proj · (gelu(inp_gate·X) ⊙ PLE[:, layer]), post_norm)
void ReferenceModel::Session::perLayerInputBlock(int layer, std::vector<float> &x, int n,
                                                 std::span<const float> ple) const {
    const ReferenceModel &m = *m_model;
    const Gemma4Config &c = m.m_config;
    const LayerWeights &w = m.m_layers[static_cast<size_t>(layer)];
    const size_t H = static_cast<size_t>(c.hidden);
    const size_t P = static_cast<size_t>(c.pleDim);
    const size_t LP = static_cast<size_t>(c.layerCount) * P;
    const size_t rows = static_cast<size_t>(n);

    std::vector<float> gate(rows * P);
    ref::matmulQ8Inputs(w.inpGate, x, n, gate, m_q8aMinWeights);
    report("ple_gate", layer, n, c.pleDim, gate);
    // This layer's slice of the per-layer inputs, [n][P].
    std::vector<float> input(rows * P);
    for (size_t i = 0; i < rows; ++i) {
        const auto src = ple.subspan(i * LP + static_cast<size_t>(layer) * P, P);
        std::copy(src.begin(), src.end(), input.begin() + static_cast<ptrdiff_t>(i * P));
    }
    std::vector<float> act(rows * P);
    ref::geglu(gate, input, act);
    report("ple_act", layer, n, c.pleDim, act);
    std::vector<float> proj(rows * H), post(rows * H);
    ref::matmulQ8Inputs(w.proj, act, n, proj, m_q8aMinWeights);
    report("ple_proj", layer, n, c.hidden, proj);
    ref::rmsNormRows(proj, n, w.postNorm, post, c.rmsEps);
    report("ple_post_norm", layer, n, c.hidden, post);
    ref::add(x, post, x);
    report("x_ple", layer, n, c.hidden, x);
}

// A sliding layer's next query (at position()) sees keys > position() − W: older entries can go,
// except for m_rewindSlack more (see rewind()). Every reader of a sliding cache is a sliding layer
// with the same window.
void ReferenceModel::Session::trimSlidingCaches() {
    const Gemma4Config &c = m_model->m_config;
    if (c.slidingWindow <= 0) return;
    for (size_t i = 0; i < m_caches.size(); ++i) {
        if (!c.layer(static_cast<int>(i)).isSliding()) continue;
        KvCache &cache = m_caches[i];
        const int64_t oldestKept = m_position - c.slidingWindow + 1 - m_rewindSlack;
        const auto keepFrom =
            std::lower_bound(cache.positions.begin(), cache.positions.end(), oldestKept);
        const size_t drop = static_cast<size_t>(keepFrom - cache.positions.begin());
        if (drop == 0) continue;
        const auto width = static_cast<ptrdiff_t>(cache.width);
        cache.positions.erase(cache.positions.begin(), keepFrom);
        cache.k.erase(cache.k.begin(), cache.k.begin() + static_cast<ptrdiff_t>(drop) * width);
        cache.v.erase(cache.v.begin(), cache.v.begin() + static_cast<ptrdiff_t>(drop) * width);
    }
}

}  // namespace facet::model
