// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio/audio_tower.h"

#include "audio/audio_ops.h"
#include "audio/log_mel.h"
#include "gguf/dequant.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <string>

// Messages for the user are translated under the context "facet::audio", named in each call so that
// lupdate files them where they are looked up (it would file a tr() in a member function under
// its class).
namespace facet::audio {

namespace ref = model::ref;

namespace {

size_t sz(int64_t v) {
    return static_cast<size_t>(v);
}

QString shapeText(const std::vector<uint64_t> &ne) {
    QStringList parts;
    for (uint64_t d : ne)
        parts << QString::number(d);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// Reads tensors by name and checks their shapes; the first problem is kept as a message that
// names the tensor.
class Loader {
public:
    explicit Loader(const gguf::File &file) : m_file(file) {}

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    void fail(const QString &message) {
        if (m_error.isEmpty()) m_error = message;
    }

    const gguf::TensorInfo *find(const std::string &name) const { return m_file.tensor(name); }

    // The tensor, required; `shape` lists ne (trailing 1s may be left out of the file's ne).
    const gguf::TensorInfo *get(const std::string &name, std::vector<uint64_t> shape) {
        if (failed()) return nullptr;
        const gguf::TensorInfo *t = m_file.tensor(name);
        if (!t) {
            fail(QCoreApplication::translate(
                     "facet::audio",
                     "The model's audio tower is incomplete: tensor %1 is missing. The file may "
                     "be damaged or converted without the audio tower; download it again.")
                     .arg(QString::fromStdString(name)));
            return nullptr;
        }
        std::vector<uint64_t> have = t->ne;
        while (have.size() > shape.size() && have.back() == 1)
            have.pop_back();
        while (shape.size() > have.size() && shape.back() == 1)
            shape.pop_back();
        if (have != shape) {
            fail(QCoreApplication::translate(
                     "facet::audio",
                     "The model's audio tower has tensor %1 with shape %2 where %3 is expected; "
                     "the file is damaged or was made for a different model.")
                     .arg(QString::fromStdString(name), shapeText(t->ne), shapeText(shape)));
            return nullptr;
        }
        if (!gguf::canDequantize(t->type)) {
            fail(QCoreApplication::translate(
                     "facet::audio",
                     "The model's audio tower stores tensor %1 in a type Facet cannot read.")
                     .arg(QString::fromStdString(name)));
            return nullptr;
        }
        return t;
    }

    std::vector<float> values(const gguf::TensorInfo *t) {
        if (!t) return {};
        const ref::WeightView w = ref::WeightView::fromTensor(*t);
        if (!w.valid()) {
            fail(QCoreApplication::translate(
                     "facet::audio",
                     "The model's audio tower has tensor %1 in a layout Facet cannot read.")
                     .arg(QString::fromStdString(t->name)));
            return {};
        }
        std::vector<float> out(sz(w.cols * w.rows));
        for (int64_t r = 0; r < w.rows; ++r)
            w.dequantizeRow(r, std::span<float>(out).subspan(sz(r * w.cols), sz(w.cols)));
        return out;
    }

    std::vector<float> vec(const std::string &name, std::vector<uint64_t> shape) {
        return values(get(name, std::move(shape)));
    }

    ref::WeightView matrix(const std::string &name, uint64_t in, uint64_t out) {
        const gguf::TensorInfo *t = get(name, {in, out});
        if (!t) return {};
        const ref::WeightView w = ref::WeightView::fromTensor(*t);
        if (!w.valid())
            fail(QCoreApplication::translate(
                     "facet::audio",
                     "The model's audio tower has tensor %1 in a layout Facet cannot read.")
                     .arg(QString::fromStdString(name)));
        return w;
    }

    // A linear `base`.weight with optional `base`.bias and clamp bounds.
    ClippedLinear linear(const std::string &base, uint64_t in, uint64_t out, bool bias = false) {
        ClippedLinear l;
        l.weight = matrix(base + ".weight", in, out);
        if (bias) l.bias = vec(base + ".bias", {out});
        auto bound = [&](const char *suffix, float &value) {
            const gguf::TensorInfo *t = find(base + suffix);
            if (!t) return;
            const std::vector<float> v = values(t);
            if (v.size() != 1) {
                fail(QCoreApplication::translate(
                         "facet::audio",
                         "The model's audio tower has clamp tensor %1 with %2 values where 1 is "
                         "expected.")
                         .arg(QString::fromStdString(base + suffix))
                         .arg(v.size()));
                return;
            }
            value = v[0];
        };
        bound(".input_min", l.inMin);
        bound(".input_max", l.inMax);
        bound(".output_min", l.outMin);
        bound(".output_max", l.outMax);
        return l;
    }

private:
    const gguf::File &m_file;
    QString m_error;
};

void clampAll(std::vector<float> &x, float lo, float hi) {
    if (!(lo > -std::numeric_limits<float>::infinity()) &&
        !(hi < std::numeric_limits<float>::infinity()))
        return;
    for (float &v : x)
        v = std::clamp(v, lo, hi);
}

// y = clamp(W·clamp(x) + b) over `rows` rows.
std::vector<float> applyLinear(const ClippedLinear &l, std::vector<float> x, int rows) {
    clampAll(x, l.inMin, l.inMax);
    std::vector<float> y(sz(int64_t(rows) * l.weight.rows));
    ref::matmul(l.weight, x, rows, y);
    if (!l.bias.empty())
        for (int r = 0; r < rows; ++r)
            for (int64_t i = 0; i < l.weight.rows; ++i)
                y[sz(r * l.weight.rows + i)] += l.bias[sz(i)];
    clampAll(y, l.outMin, l.outMax);
    return y;
}

std::vector<float> rmsNormRows(const std::vector<float> &x, int rows, std::span<const float> weight,
                               float eps) {
    std::vector<float> y(x.size());
    ref::rmsNormRows(x, rows, weight, y, eps);
    return y;
}

float silu(float x) {
    return float(double(x) / (1.0 + std::exp(-double(x))));
}

}  // namespace

std::unique_ptr<AudioReference> AudioReference::load(const gguf::File &file, QString *error) {
    auto fail = [&](const QString &message) -> std::unique_ptr<AudioReference> {
        if (error) *error = message;
        return nullptr;
    };
    auto ref = std::make_unique<AudioReference>();
    AudioTowerConfig &c = ref->m_config;
    // Ollama's files keep the tower's metadata under gemma4.audio.*, llama.cpp's mmproj files
    // under clip.audio.*.
    const std::string prefix = file.find("gemma4.audio.block_count") ? "gemma4.audio."
                               : file.find("clip.audio.block_count") ? "clip.audio."
                                                                     : std::string();
    if (prefix.empty())
        return fail(QCoreApplication::translate(
            "facet::audio",
            "This model has no audio tower (no gemma4.audio metadata), so it cannot "
            "take audio. Use a Gemma 4 E2B or E4B file with audio, or add its "
            "mmproj file."));
    auto meta = [&](const char *key) { return file.getInt(prefix + key); };
    c.layers = int(meta("block_count").value_or(0));
    c.width = int(meta("embedding_length").value_or(0));
    c.heads = int(meta("attention.head_count").value_or(0));
    if (const auto eps = file.getFloat(prefix + "attention.layer_norm_epsilon"))
        c.eps = float(*eps);
    if (c.layers <= 0 || c.layers > 256 || c.width <= 0 || c.width > 65536 || c.heads <= 0 ||
        c.width % c.heads != 0 || (c.width / c.heads) % 2 != 0)
        return fail(QCoreApplication::translate(
                        "facet::audio",
                        "The model's audio tower metadata is inconsistent (%1 layers, width %2, %3 "
                        "heads).")
                        .arg(c.layers)
                        .arg(c.width)
                        .arg(c.heads));
    c.headDim = c.width / c.heads;
    c.llamaCppNames = file.tensor("a.input_projection.weight") != nullptr;

    Loader in(file);
    const gguf::TensorInfo *conv0 = in.find("a.conv1d.0.weight");
    const gguf::TensorInfo *conv1 = in.find("a.conv1d.1.weight");
    c.sscpChannels0 = conv0 && conv0->ne.size() == 4 ? int(conv0->ne[3]) : 0;
    c.sscpChannels1 = conv1 && conv1->ne.size() == 4 ? int(conv1->ne[3]) : 0;
    if (conv0 && c.sscpChannels0 <= 0)
        in.fail(QCoreApplication::translate(
                    "facet::audio",
                    "The model's audio tower has tensor a.conv1d.0.weight with shape %1 where [3, "
                    "3, 1, channels] is expected.")
                    .arg(shapeText(conv0->ne)));
    if (conv1 && c.sscpChannels1 <= 0)
        in.fail(QCoreApplication::translate(
                    "facet::audio",
                    "The model's audio tower has tensor a.conv1d.1.weight with shape %1 where [3, "
                    "3, channels, channels] is expected.")
                    .arg(shapeText(conv1->ne)));
    const uint64_t c0 = uint64_t(std::max(c.sscpChannels0, 1));
    const uint64_t c1 = uint64_t(std::max(c.sscpChannels1, 1));
    c.sscpFreqOut = int(halveLength(halveLength(c.melBins)));
    AudioTowerWeights &w = ref->m_weights;
    w.conv0 = in.vec("a.conv1d.0.weight", {3, 3, 1, c0});
    w.conv0Norm = in.vec("a.conv1d.0.norm.weight", {c0});
    w.conv1 = in.vec("a.conv1d.1.weight", {3, 3, c0, c1});
    w.conv1Norm = in.vec("a.conv1d.1.norm.weight", {c1});
    const uint64_t W = uint64_t(c.width);
    const std::string sscpName = c.llamaCppNames ? "a.input_projection" : "a.pre_encode.out";
    const std::string fcName = c.llamaCppNames ? "a.pre_encode.out" : "mm.a.fc";
    w.sscpProjection = in.linear(sscpName, uint64_t(c.sscpFreqOut) * c1, W);

    const gguf::TensorInfo *up = in.find("a.blk.0.ffn_up.weight");
    c.ffn = up && up->ne.size() >= 2 ? int(up->ne[1]) : c.width * 4;
    const gguf::TensorInfo *dw = in.find("a.blk.0.conv_dw.weight");
    c.convKernel = dw && !dw->ne.empty() ? int(dw->ne[0]) : 5;
    if (const auto k = meta("conv_kernel_size"); k && *k != c.convKernel && dw)
        in.fail(QCoreApplication::translate(
                    "facet::audio",
                    "The model's audio tower has tensor a.blk.0.conv_dw.weight with kernel %1 "
                    "where the metadata says %2.")
                    .arg(c.convKernel)
                    .arg(*k));
    const uint64_t F = uint64_t(c.ffn), K = uint64_t(std::max(c.convKernel, 1));
    const uint64_t hd = uint64_t(c.headDim);
    w.layers.resize(sz(c.layers));
    for (int i = 0; i < c.layers && !in.failed(); ++i) {
        const std::string p = "a.blk." + std::to_string(i) + ".";
        AudioLayerWeights &L = w.layers[sz(i)];
        L.ffnNorm = in.vec(p + "ffn_norm.weight", {W});
        L.ffnUp = in.linear(p + "ffn_up", W, F);
        L.ffnDown = in.linear(p + "ffn_down", F, W);
        L.ffnPostNorm = in.vec(p + "ffn_post_norm.weight", {W});
        L.ffn2Norm = in.vec(p + "ffn_norm_1.weight", {W});
        L.ffn2Up = in.linear(p + "ffn_up_1", W, F);
        L.ffn2Down = in.linear(p + "ffn_down_1", F, W);
        L.ffn2PostNorm = in.vec(p + "ffn_post_norm_1.weight", {W});
        L.attnPreNorm = in.vec(p + (c.llamaCppNames ? "attn_pre_norm" : "ln1") + ".weight", {W});
        L.attnPostNorm = in.vec(p + (c.llamaCppNames ? "attn_post_norm" : "ln2") + ".weight", {W});
        L.outNorm = in.vec(p + (c.llamaCppNames ? "ln2" : "layer_pre_norm") + ".weight", {W});
        L.q = in.linear(p + "attn_q", W, W);
        L.k = in.linear(p + "attn_k", W, W);
        L.v = in.linear(p + "attn_v", W, W);
        L.out = in.linear(p + "attn_out", W, W);
        L.relativeK =
            in.matrix(p + (c.llamaCppNames ? "attn_k_rel" : "linear_pos") + ".weight", W, W);
        L.perDimScale = in.vec(p + "per_dim_scale.weight", {hd});
        L.convPreNorm = in.vec(p + "conv_norm.weight", {W});
        L.convPw1 = in.linear(p + "conv_pw1", W, 2 * W);
        L.convDepthwise = in.vec(p + "conv_dw.weight", {K, W});
        L.convNorm = in.vec(p + "norm_conv.weight", {W});
        L.convPw2 = in.linear(p + "conv_pw2", W, W);
    }
    const gguf::TensorInfo *fc = in.find(fcName + ".weight");
    c.outputDims = fc && fc->ne.size() >= 2 ? int(fc->ne[1]) : 0;
    w.outputProjection = in.linear(fcName, W, uint64_t(std::max(c.outputDims, 1)), true);
    const gguf::TensorInfo *proj = in.find("mm.a.input_projection.weight");
    c.textWidth = proj && proj->ne.size() >= 2 ? int(proj->ne[1]) : 0;
    w.embeddingProjection = in.linear("mm.a.input_projection", uint64_t(std::max(c.outputDims, 1)),
                                      uint64_t(std::max(c.textWidth, 1)));
    if (in.failed()) return fail(in.error());
    const auto textWidth = file.getInt("gemma4.embedding_length");
    const auto projectionDim = file.getInt("clip.audio.projection_dim");
    const auto expected = textWidth ? textWidth : projectionDim;
    if (expected && *expected != c.textWidth)
        return fail(QCoreApplication::translate(
                        "facet::audio",
                        "The model's audio tower has tensor mm.a.input_projection.weight with "
                        "output width %1 where the text model's width is %2.")
                        .arg(c.textWidth)
                        .arg(*expected));
    return ref;
}

std::vector<float> AudioReference::subsample(const std::vector<float> &mel, int frames,
                                             std::span<const uint8_t> mask,
                                             std::vector<uint8_t> *validOut, int *framesOut) const {
    const AudioTowerConfig &c = m_config;
    std::vector<uint8_t> valid(sz(frames), 1);
    if (!mask.empty())
        for (int t = 0; t < frames; ++t)
            valid[sz(t)] = mask[sz(t)] ? 1 : 0;
    // Block input × its time mask, conv, LayerNorm over channels, ReLU, mask[::2].
    auto block = [&](std::vector<float> x, int &t, int &f, int cin,
                     const std::vector<float> &kernel, const std::vector<float> &norm, int cout) {
        for (int i = 0; i < t; ++i)
            if (!valid[sz(i)])
                std::fill_n(x.begin() + sz(int64_t(i) * f * cin), sz(int64_t(f) * cin), 0.0f);
        const int to = int(halveLength(t)), fo = int(halveLength(f));
        std::vector<float> y(sz(int64_t(to) * fo * cout));
        ops::conv2dStride2(x, t, f, cin, kernel, cout, y);
        ops::channelLayerNorm(y, to * fo, cout, norm, c.eps, y);
        for (float &v : y)
            v = std::max(v, 0.0f);
        std::vector<uint8_t> halved(sz(to));
        for (int i = 0; i < to; ++i)
            halved[sz(i)] = valid[sz(2 * i)];
        valid.swap(halved);
        t = to;
        f = fo;
        return y;
    };
    int t = frames, f = c.melBins;
    std::vector<float> x =
        block(mel, t, f, 1, m_weights.conv0, m_weights.conv0Norm, c.sscpChannels0);
    x = block(std::move(x), t, f, c.sscpChannels0, m_weights.conv1, m_weights.conv1Norm,
              c.sscpChannels1);
    // x is [t][f][c1]: each row is already HF's flatten order (frequency-major, channel inner).
    std::vector<float> h = applyLinear(m_weights.sscpProjection, std::move(x), t);
    if (validOut) *validOut = std::move(valid);
    if (framesOut) *framesOut = t;
    return h;
}

void AudioReference::layer(int index, std::vector<float> &x, int t,
                           std::span<const uint8_t> valid) const {
    const AudioTowerConfig &c = m_config;
    const AudioLayerWeights &L = m_weights.layers[sz(index)];
    const int W = c.width;
    auto clip = [&](std::vector<float> &v) { clampAll(v, -c.gradientClip, c.gradientClip); };
    auto feedForward = [&](const std::vector<float> &norm, const ClippedLinear &up,
                           const ClippedLinear &down, const std::vector<float> &postNorm) {
        std::vector<float> h = x;
        clip(h);
        h = rmsNormRows(h, t, norm, c.eps);
        h = applyLinear(up, std::move(h), t);
        for (float &v : h)
            v = silu(v);
        h = applyLinear(down, std::move(h), t);
        clip(h);
        h = rmsNormRows(h, t, postNorm, c.eps);
        for (size_t i = 0; i < x.size(); ++i)
            x[i] += h[i] * c.residualWeight;
    };

    feedForward(L.ffnNorm, L.ffnUp, L.ffnDown, L.ffnPostNorm);

    {  // Chunked local attention with relative positions.
        std::vector<float> h = x;
        clip(h);
        h = rmsNormRows(h, t, L.attnPreNorm, c.eps);
        std::vector<float> q = applyLinear(L.q, h, t);
        std::vector<float> k = applyLinear(L.k, h, t);
        std::vector<float> v = applyLinear(L.v, std::move(h), t);
        const double qScale = std::pow(double(c.headDim), -0.5) / std::log(2.0);
        const double kScale = std::log(1.0 + std::exp(1.0)) / std::log(2.0);
        for (int i = 0; i < t; ++i)
            for (int d = 0; d < W; ++d) {
                const size_t at = sz(int64_t(i) * W + d);
                q[at] = float(q[at] * float(qScale)) * L.perDimScale[sz(d % c.headDim)];
                k[at] = k[at] * float(kScale);
            }
        const int maxPast = c.contextLeft - 1;
        const std::vector<float> table = ops::relativePositionTable(maxPast, W);
        std::vector<float> relK(sz(int64_t(maxPast + 1) * W));
        ref::matmul(L.relativeK, table, maxPast + 1, relK);
        ops::ChunkedAttentionParams p;
        p.heads = c.heads;
        p.headDim = c.headDim;
        p.chunk = c.chunk;
        p.maxPast = maxPast;
        p.window = c.contextLeft - 1;
        p.softcap = c.logitCap;
        p.invalidLogit = c.invalidLogit;
        std::vector<float> attn(q.size());
        ops::chunkedLocalAttention(q, k, v, relK, valid, t, p, attn);
        h = applyLinear(L.out, std::move(attn), t);
        clip(h);
        h = rmsNormRows(h, t, L.attnPostNorm, c.eps);
        for (size_t i = 0; i < x.size(); ++i)
            x[i] += h[i];
    }

    {  // Light convolution.
        std::vector<float> h = rmsNormRows(x, t, L.convPreNorm, c.eps);
        h = applyLinear(L.convPw1, std::move(h), t);
        std::vector<float> gated(sz(int64_t(t) * W));
        ops::glu(h, t, W, gated);
        std::vector<float> conv(gated.size());
        ops::depthwiseCausalConv(gated, t, W, L.convDepthwise, c.convKernel, conv);
        clip(conv);
        conv = rmsNormRows(conv, t, L.convNorm, c.eps);
        for (float &v : conv)
            v = silu(v);
        h = applyLinear(L.convPw2, std::move(conv), t);
        for (size_t i = 0; i < x.size(); ++i)
            x[i] += h[i];
    }

    feedForward(L.ffn2Norm, L.ffn2Up, L.ffn2Down, L.ffn2PostNorm);
    clip(x);
    x = rmsNormRows(x, t, L.outNorm, c.eps);
}

std::vector<float> AudioReference::encode(const std::vector<float> &mel, int frames,
                                          std::span<const uint8_t> mask,
                                          const AudioEncodeControl &control, QString *error,
                                          AudioStages *stages) const {
    const AudioTowerConfig &c = m_config;
    auto fail = [&](const QString &message) {
        if (error) *error = message;
        return std::vector<float>();
    };
    if (frames <= 0 || mel.size() != sz(int64_t(frames) * c.melBins))
        return fail(QCoreApplication::translate(
                        "facet::audio",
                        "The audio features have the wrong size (%1 values for %2 frames of %3 "
                        "mel bins).")
                        .arg(mel.size())
                        .arg(frames)
                        .arg(c.melBins));
    if (!mask.empty() && mask.size() != sz(frames))
        return fail(QCoreApplication::translate(
                        "facet::audio", "The audio feature mask has %1 entries for %2 frames.")
                        .arg(mask.size())
                        .arg(frames));
    std::vector<uint8_t> valid;
    int t = 0;
    std::vector<float> x = subsample(mel, frames, mask, &valid, &t);
    if (stages) {
        stages->frames = t;
        stages->valid = valid;
        stages->sscp = x;
        stages->layers.clear();
    }
    for (int i = 0; i < c.layers; ++i) {
        layer(i, x, t, valid);
        if (stages) stages->layers.push_back(x);
        if (control.progress && !control.progress(i + 1, c.layers))
            return fail(
                QCoreApplication::translate("facet::audio", "Encoding the audio was cancelled."));
    }
    std::vector<float> out = applyLinear(m_weights.outputProjection, std::move(x), t);
    if (stages) stages->output = out;
    // HF keeps the valid soft tokens only (a prefix).
    int tokens = 0;
    while (tokens < t && valid[sz(tokens)])
        ++tokens;
    out.resize(sz(int64_t(tokens) * c.outputDims));
    out = rmsNormRows(out, tokens, {}, c.eps);
    return applyLinear(m_weights.embeddingProjection, std::move(out), tokens);
}

}  // namespace facet::audio
