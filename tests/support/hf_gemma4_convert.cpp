// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "support/hf_gemma4_convert.h"

#include "gguf/dequant.h"
#include "safetensors/safetensors.h"
#include "support/gemma4_fixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace facet::test {

namespace {

using gguf::TensorType;
using gguf::Value;

bool startsWith(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}
bool endsWith(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// ---- config.json ----

struct TextConfig {
    int hidden = 0, layers = 0, ffn = 0, heads = 0, kvHeads = 0, headDim = 0, globalHeadDim = 0;
    int vocab = 0, context = 0, slidingWindow = 0, pleDim = 0, sharedKv = 0;
    std::optional<int> globalKvHeads;
    bool doubleWideMlp = false;
    float eps = 1e-6f, softcap = 0.0f;
    std::vector<bool> sliding;
    std::optional<float> ropeTheta, ropeThetaSwa;
    float partialRotary = 0.25f;
};

struct VisionConfig {
    int layers = 0, hidden = 0, heads = 0, ffn = 0, patch = 16, channels = 3, pooling = 3;
    float eps = 1e-6f;
};

struct AudioConfig {
    int layers = 0, hidden = 0, heads = 0, convKernel = 0;
    float eps = 1e-6f;
};

struct Config {
    TextConfig text;
    std::optional<VisionConfig> vision;
    std::optional<AudioConfig> audio;
};

// Reads one integer member; absent keys keep `fallback` (nullopt: required).
bool readInt(const QJsonObject &o, const char *key, int *out, QString *error,
             std::optional<int> fallback = std::nullopt) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        if (fallback) {
            *out = *fallback;
            return true;
        }
        *error = QStringLiteral("config.json: \"%1\" is missing").arg(QLatin1String(key));
        return false;
    }
    if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || v.toDouble() < 0 ||
        v.toDouble() > std::numeric_limits<int>::max()) {
        *error = QStringLiteral("config.json: \"%1\" is not a non-negative integer")
                     .arg(QLatin1String(key));
        return false;
    }
    *out = v.toInt();
    return true;
}

float readFloat(const QJsonObject &o, const char *key, float fallback) {
    const QJsonValue v = o.value(QLatin1String(key));
    return v.isDouble() ? static_cast<float>(v.toDouble()) : fallback;
}

bool parseConfig(const QByteArray &json, Config *c, QString *error) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (doc.isNull() || !doc.isObject()) {
        *error = QStringLiteral("config.json is not a JSON object (%1)").arg(pe.errorString());
        return false;
    }
    const QJsonObject root = doc.object();
    const QJsonObject tc = root.value(QStringLiteral("text_config")).toObject();
    if (tc.isEmpty()) {
        *error = QStringLiteral(
            "config.json has no \"text_config\": not a Gemma 4 "
            "(Gemma4ForConditionalGeneration) checkpoint");
        return false;
    }
    TextConfig &t = c->text;
    if (!readInt(tc, "hidden_size", &t.hidden, error) ||
        !readInt(tc, "num_hidden_layers", &t.layers, error) ||
        !readInt(tc, "intermediate_size", &t.ffn, error) ||
        !readInt(tc, "num_attention_heads", &t.heads, error) ||
        !readInt(tc, "num_key_value_heads", &t.kvHeads, error) ||
        !readInt(tc, "head_dim", &t.headDim, error) ||
        !readInt(tc, "vocab_size", &t.vocab, error) ||
        !readInt(tc, "max_position_embeddings", &t.context, error, 131072) ||
        !readInt(tc, "sliding_window", &t.slidingWindow, error) ||
        !readInt(tc, "hidden_size_per_layer_input", &t.pleDim, error, 0) ||
        !readInt(tc, "num_kv_shared_layers", &t.sharedKv, error, 0)) {
        return false;
    }
    if (tc.value(QStringLiteral("enable_moe_block")).toBool() ||
        tc.value(QStringLiteral("attention_k_eq_v")).toBool()) {
        *error = QStringLiteral(
            "config.json: mixture-of-experts and attention_k_eq_v "
            "checkpoints are not supported by this converter");
        return false;
    }
    if (t.layers < 1 || t.hidden < 1 || t.heads < 1 || t.kvHeads < 1 || t.headDim < 2 ||
        t.sharedKv >= t.layers) {
        *error = QStringLiteral("config.json: text_config has impossible sizes");
        return false;
    }
    t.eps = readFloat(tc, "rms_norm_eps", 1e-6f);
    t.softcap = readFloat(tc, "final_logit_softcapping", 0.0f);
    t.doubleWideMlp = tc.value(QStringLiteral("use_double_wide_mlp")).toBool();
    if (tc.value(QStringLiteral("num_global_key_value_heads")).isDouble()) {
        t.globalKvHeads = tc.value(QStringLiteral("num_global_key_value_heads")).toInt();
    }
    const QJsonArray types = tc.value(QStringLiteral("layer_types")).toArray();
    if (types.size() != t.layers) {
        *error = QStringLiteral("config.json: layer_types has %1 entries for %2 layers")
                     .arg(types.size())
                     .arg(t.layers);
        return false;
    }
    for (const QJsonValue &v : types)
        t.sliding.push_back(v.toString() == QStringLiteral("sliding_attention"));
    // The global head dim: global_head_dim where written (the published configs), else the
    // per_layer_config override of the first full-attention layer (what transformers 5.17's
    // save_pretrained writes), else the sliding one.
    t.globalHeadDim = t.headDim;
    if (tc.value(QStringLiteral("global_head_dim")).isDouble()) {
        t.globalHeadDim = tc.value(QStringLiteral("global_head_dim")).toInt();
    } else {
        const QJsonObject plc = tc.value(QStringLiteral("per_layer_config")).toObject();
        for (int i = 0; i < t.layers; ++i) {
            if (t.sliding[static_cast<size_t>(i)]) continue;
            const QJsonObject l = plc.value(QString::number(i)).toObject();
            if (l.value(QStringLiteral("head_dim")).isDouble()) {
                t.globalHeadDim = l.value(QStringLiteral("head_dim")).toInt();
            }
            break;
        }
    }
    const QJsonObject rope = tc.value(QStringLiteral("rope_parameters")).toObject();
    const QJsonObject full = rope.value(QStringLiteral("full_attention")).toObject();
    const QJsonObject swa = rope.value(QStringLiteral("sliding_attention")).toObject();
    if (full.value(QStringLiteral("rope_theta")).isDouble()) {
        t.ropeTheta = static_cast<float>(full.value(QStringLiteral("rope_theta")).toDouble());
    }
    t.partialRotary = readFloat(full, "partial_rotary_factor", 0.25f);
    if (swa.value(QStringLiteral("rope_theta")).isDouble()) {
        t.ropeThetaSwa = static_cast<float>(swa.value(QStringLiteral("rope_theta")).toDouble());
    }

    const QJsonObject vc = root.value(QStringLiteral("vision_config")).toObject();
    if (!vc.isEmpty()) {
        VisionConfig v;
        if (!readInt(vc, "num_hidden_layers", &v.layers, error) ||
            !readInt(vc, "hidden_size", &v.hidden, error) ||
            !readInt(vc, "num_attention_heads", &v.heads, error) ||
            !readInt(vc, "intermediate_size", &v.ffn, error) ||
            !readInt(vc, "patch_size", &v.patch, error, 16) ||
            !readInt(vc, "num_channels", &v.channels, error, 3) ||
            !readInt(vc, "pooling_kernel_size", &v.pooling, error, 3)) {
            return false;
        }
        // Ollama reads "layer_norm_eps", which Gemma 4's vision config does not have: 1e-6.
        v.eps = readFloat(vc, "layer_norm_eps", 1e-6f);
        if (v.layers > 0) c->vision = v;
    }
    const QJsonObject ac = root.value(QStringLiteral("audio_config")).toObject();
    if (!ac.isEmpty()) {
        AudioConfig a;
        if (!readInt(ac, "num_hidden_layers", &a.layers, error) ||
            !readInt(ac, "hidden_size", &a.hidden, error) ||
            !readInt(ac, "num_attention_heads", &a.heads, error) ||
            !readInt(ac, "conv_kernel_size", &a.convKernel, error, 0)) {
            return false;
        }
        a.eps = readFloat(ac, "rms_norm_eps", 1e-6f);
        if (a.layers > 0) c->audio = a;
    }
    return true;
}

// Ollama's gemma4 KV(), in its order; then the test tokenizer.
std::vector<gguf::KeyValue> metadata(const Config &c, const std::string &name, QString *error) {
    std::vector<gguf::KeyValue> kv;
    auto set = [&](const std::string &k, Value v) { kv.push_back({k, std::move(v)}); };
    auto u32 = [](int64_t x) { return Value::u32(static_cast<uint32_t>(x)); };
    const TextConfig &t = c.text;
    set("general.architecture", Value::string("gemma4"));
    set("general.name", Value::string(name));
    set("general.file_type", Value::u32(0));
    set("general.quantization_version", Value::u32(2));
    set("gemma4.block_count", u32(t.layers));
    set("gemma4.embedding_length", u32(t.hidden));
    if (t.doubleWideMlp && t.sharedKv > 0) {
        std::vector<int32_t> widths(static_cast<size_t>(t.layers));
        for (int i = 0; i < t.layers; ++i)
            widths[static_cast<size_t>(i)] = i >= t.layers - t.sharedKv ? 2 * t.ffn : t.ffn;
        set("gemma4.feed_forward_length", Value::i32Array(widths));
    } else {
        set("gemma4.feed_forward_length", u32(t.ffn));
    }
    set("gemma4.context_length", u32(t.context));
    set("gemma4.attention.head_count", u32(t.heads));
    if (t.globalKvHeads && *t.globalKvHeads != t.kvHeads) {
        std::vector<int32_t> heads;
        for (bool s : t.sliding)
            heads.push_back(s ? t.kvHeads : *t.globalKvHeads);
        set("gemma4.attention.head_count_kv", Value::i32Array(heads));
    } else {
        set("gemma4.attention.head_count_kv", u32(t.kvHeads));
    }
    set("gemma4.attention.key_length", u32(t.globalHeadDim));
    set("gemma4.attention.value_length", u32(t.globalHeadDim));
    set("gemma4.attention.key_length_swa", u32(t.headDim));
    set("gemma4.attention.value_length_swa", u32(t.headDim));
    set("gemma4.attention.layer_norm_rms_epsilon", Value::f32(t.eps));
    set("gemma4.attention.sliding_window", u32(t.slidingWindow));
    set("gemma4.attention.sliding_window_pattern", Value::boolArray(t.sliding));
    set("gemma4.attention.shared_kv_layers", u32(t.sharedKv));
    if (t.ropeTheta) {
        set("gemma4.rope.freq_base", Value::f32(*t.ropeTheta));
        set("gemma4.rope.dimension_count", u32(t.globalHeadDim));
    }
    if (t.ropeThetaSwa) {
        set("gemma4.rope.freq_base_swa", Value::f32(*t.ropeThetaSwa));
        set("gemma4.rope.dimension_count_swa", u32(t.headDim));
    }
    if (t.softcap > 0) set("gemma4.final_logit_softcapping", Value::f32(t.softcap));
    set("gemma4.embedding_length_per_layer_input", u32(t.pleDim));
    if (c.vision) {
        const VisionConfig &v = *c.vision;
        set("gemma4.vision.block_count", u32(v.layers));
        set("gemma4.vision.embedding_length", u32(v.hidden));
        set("gemma4.vision.attention.head_count", u32(v.heads));
        set("gemma4.vision.feed_forward_length", u32(v.ffn));
        set("gemma4.vision.patch_size", u32(v.patch));
        set("gemma4.vision.num_channels", u32(v.channels));
        set("gemma4.vision.projector.scale_factor", u32(v.pooling));
        set("gemma4.vision.attention.layer_norm_epsilon", Value::f32(v.eps));
    }
    if (c.audio) {
        const AudioConfig &a = *c.audio;
        set("gemma4.audio.block_count", u32(a.layers));
        set("gemma4.audio.embedding_length", u32(a.hidden));
        set("gemma4.audio.feed_forward_length", u32(a.hidden * 4));
        set("gemma4.audio.attention.head_count", u32(a.heads));
        set("gemma4.audio.attention.layer_norm_epsilon", Value::f32(a.eps));
        if (a.convKernel > 0) set("gemma4.audio.conv_kernel_size", u32(a.convKernel));
    }

    // The tokenizer keys of the test fixture for this vocabulary, taken from a minimal fixture
    // so that both writers share one tokenizer definition.
    Gemma4FixtureOptions fo;
    fo.layers = 2;
    fo.hidden = 8;
    fo.heads = 1;
    fo.kvHeadsGlobal = 1;
    fo.headDimSliding = fo.headDimGlobal = 2;
    fo.ffnWidth = 8;
    fo.pleDim = 0;
    fo.sharedKvLayers = 0;
    fo.vocab = t.vocab;
    const QByteArray tokBytes = gemma4FixtureBytes(fo, error);
    if (tokBytes.isEmpty()) return {};
    const auto tokFile = gguf::File::fromBytes(tokBytes, error);
    if (!tokFile) return {};
    for (const gguf::KeyValue &e : tokFile->metadata()) {
        if (startsWith(e.key, "tokenizer.")) kv.push_back(e);
    }
    return kv;
}

// ---- tensor names ----

// One GGUF tensor to write, before encoding.
struct OutTensor {
    std::string name;
    std::vector<uint64_t> ne;
    std::vector<float> values;
    TensorType type = TensorType::F32;
};

const std::array<std::pair<std::string_view, std::string_view>, 4> kClampSuffixes = {{
    {".input_min", ".input_min"},
    {".input_max", ".input_max"},
    {".output_min", ".output_min"},
    {".output_max", ".output_max"},
}};

// Splits "<prefix>N.<rest>" into N and rest.
std::optional<std::pair<int, std::string>> layerOf(std::string_view name, std::string_view prefix) {
    if (!startsWith(name, prefix)) return std::nullopt;
    std::string_view r = name.substr(prefix.size());
    const size_t dot = r.find('.');
    if (dot == std::string_view::npos || dot == 0) return std::nullopt;
    int n = 0;
    for (char ch : r.substr(0, dot)) {
        if (ch < '0' || ch > '9') return std::nullopt;
        n = n * 10 + (ch - '0');
    }
    return std::make_pair(n, std::string(r.substr(dot + 1)));
}

// A clippable linear: "<hf>.linear.weight" → "<gguf>.weight", "<hf>.input_min" →
// "<gguf>.input_min", …
std::optional<std::string> mapClippable(
    const std::string &rest, std::initializer_list<std::pair<const char *, const char *>> linears) {
    for (const auto &[hf, gg] : linears) {
        const std::string h(hf);
        if (rest == h + ".linear.weight") return std::string(gg) + ".weight";
        for (const auto &[sfx, out] : kClampSuffixes) {
            if (rest == h + std::string(sfx)) return std::string(gg) + std::string(out);
        }
    }
    return std::nullopt;
}

std::optional<std::string> mapPlain(
    const std::string &rest, std::initializer_list<std::pair<const char *, const char *>> names) {
    for (const auto &[hf, gg] : names) {
        if (rest == hf) return std::string(gg);
    }
    return std::nullopt;
}

// The GGUF name of an HF tensor; nullopt for an unknown one. "" for a tensor that is dropped.
std::optional<std::string> ggufName(const std::string &n) {
    if (n == "lm_head.weight") return std::string();
    static const std::map<std::string, std::string, std::less<>> fixed = {
        {"model.language_model.embed_tokens.weight", "token_embd.weight"},
        {"model.language_model.embed_tokens_per_layer.weight", "per_layer_token_embd.weight"},
        {"model.language_model.per_layer_model_projection.weight", "per_layer_model_proj.weight"},
        {"model.language_model.per_layer_projection_norm.weight", "per_layer_proj_norm.weight"},
        {"model.language_model.norm.weight", "output_norm.weight"},
        {"model.vision_tower.patch_embedder.input_proj.weight", "v.patch_embd.weight"},
        {"model.vision_tower.patch_embedder.position_embedding_table", "v.position_embd.weight"},
        {"model.vision_tower.std_bias", "v.std_bias"},
        {"model.vision_tower.std_scale", "v.std_scale"},
        {"model.embed_vision.embedding_projection.weight", "mm.input_projection.weight"},
        {"model.audio_tower.subsample_conv_projection.layer0.conv.weight", "a.conv1d.0.weight"},
        {"model.audio_tower.subsample_conv_projection.layer0.norm.weight",
         "a.conv1d.0.norm.weight"},
        {"model.audio_tower.subsample_conv_projection.layer1.conv.weight", "a.conv1d.1.weight"},
        {"model.audio_tower.subsample_conv_projection.layer1.norm.weight",
         "a.conv1d.1.norm.weight"},
        {"model.audio_tower.subsample_conv_projection.input_proj_linear.weight",
         "a.pre_encode.out.weight"},
        {"model.audio_tower.output_proj.weight", "mm.a.fc.weight"},
        {"model.audio_tower.output_proj.bias", "mm.a.fc.bias"},
        {"model.embed_audio.embedding_projection.weight", "mm.a.input_projection.weight"},
    };
    if (auto it = fixed.find(n); it != fixed.end()) return it->second;

    if (auto l = layerOf(n, "model.language_model.layers.")) {
        const auto m =
            mapPlain(l->second, {{"input_layernorm.weight", "attn_norm.weight"},
                                 {"self_attn.q_proj.weight", "attn_q.weight"},
                                 {"self_attn.k_proj.weight", "attn_k.weight"},
                                 {"self_attn.v_proj.weight", "attn_v.weight"},
                                 {"self_attn.o_proj.weight", "attn_output.weight"},
                                 {"self_attn.q_norm.weight", "attn_q_norm.weight"},
                                 {"self_attn.k_norm.weight", "attn_k_norm.weight"},
                                 {"post_attention_layernorm.weight", "post_attention_norm.weight"},
                                 {"pre_feedforward_layernorm.weight", "ffn_norm.weight"},
                                 {"post_feedforward_layernorm.weight", "post_ffw_norm.weight"},
                                 {"mlp.gate_proj.weight", "ffn_gate.weight"},
                                 {"mlp.up_proj.weight", "ffn_up.weight"},
                                 {"mlp.down_proj.weight", "ffn_down.weight"},
                                 {"per_layer_input_gate.weight", "inp_gate.weight"},
                                 {"per_layer_projection.weight", "proj.weight"},
                                 {"post_per_layer_input_norm.weight", "post_norm.weight"},
                                 {"layer_scalar", "layer_output_scale.weight"}});
        if (m) return "blk." + std::to_string(l->first) + "." + *m;
        return std::nullopt;
    }
    if (auto l = layerOf(n, "model.vision_tower.encoder.layers.")) {
        auto m = mapPlain(l->second, {{"input_layernorm.weight", "ln1.weight"},
                                      {"post_attention_layernorm.weight", "attn_post_norm.weight"},
                                      {"pre_feedforward_layernorm.weight", "ln2.weight"},
                                      {"post_feedforward_layernorm.weight", "ffn_post_norm.weight"},
                                      {"self_attn.q_norm.weight", "attn_q_norm.weight"},
                                      {"self_attn.k_norm.weight", "attn_k_norm.weight"}});
        if (!m) {
            m = mapClippable(l->second, {{"self_attn.q_proj", "attn_q"},
                                         {"self_attn.k_proj", "attn_k"},
                                         {"self_attn.v_proj", "attn_v"},
                                         {"self_attn.o_proj", "attn_out"},
                                         {"mlp.gate_proj", "ffn_gate"},
                                         {"mlp.up_proj", "ffn_up"},
                                         {"mlp.down_proj", "ffn_down"}});
        }
        if (m) return "v.blk." + std::to_string(l->first) + "." + *m;
        return std::nullopt;
    }
    if (auto l = layerOf(n, "model.audio_tower.layers.")) {
        auto m =
            mapPlain(l->second, {{"feed_forward1.pre_layer_norm.weight", "ffn_norm.weight"},
                                 {"feed_forward1.post_layer_norm.weight", "ffn_post_norm.weight"},
                                 {"feed_forward2.pre_layer_norm.weight", "ffn_norm_1.weight"},
                                 {"feed_forward2.post_layer_norm.weight", "ffn_post_norm_1.weight"},
                                 {"self_attn.relative_k_proj.weight", "linear_pos.weight"},
                                 {"self_attn.per_dim_scale", "per_dim_scale.weight"},
                                 {"norm_pre_attn.weight", "ln1.weight"},
                                 {"norm_post_attn.weight", "ln2.weight"},
                                 {"norm_out.weight", "layer_pre_norm.weight"},
                                 {"lconv1d.depthwise_conv1d.weight", "conv_dw.weight"},
                                 {"lconv1d.pre_layer_norm.weight", "conv_norm.weight"},
                                 {"lconv1d.conv_norm.weight", "norm_conv.weight"}});
        if (!m) {
            m = mapClippable(l->second, {{"feed_forward1.ffw_layer_1", "ffn_up"},
                                         {"feed_forward1.ffw_layer_2", "ffn_down"},
                                         {"feed_forward2.ffw_layer_1", "ffn_up_1"},
                                         {"feed_forward2.ffw_layer_2", "ffn_down_1"},
                                         {"self_attn.q_proj", "attn_q"},
                                         {"self_attn.k_proj", "attn_k"},
                                         {"self_attn.v_proj", "attn_v"},
                                         {"self_attn.post", "attn_out"},
                                         {"lconv1d.linear_start", "conv_pw1"},
                                         {"lconv1d.linear_end", "conv_pw2"}});
        }
        if (m) return "a.blk." + std::to_string(l->first) + "." + *m;
        return std::nullopt;
    }
    return std::nullopt;
}

bool isClamp(std::string_view name) {
    return std::any_of(kClampSuffixes.begin(), kClampSuffixes.end(),
                       [&](const auto &s) { return endsWith(name, s.second); });
}

// Storage type of a converted tensor under `storage` (see HfGemma4ConvertOptions).
TensorType storageType(const OutTensor &t, HfGemma4ConvertOptions::TowerStorage storage) {
    if (storage == HfGemma4ConvertOptions::TowerStorage::F32) return TensorType::F32;
    const bool matrix = t.ne.size() >= 2 && endsWith(t.name, ".weight");
    if (!matrix) return TensorType::F32;
    if (t.name == "v.patch_embd.weight" || t.name == "mm.input_projection.weight") {
        return TensorType::F16;
    }
    if (startsWith(t.name, "v.blk.")) return TensorType::F16;
    if (t.name == "v.position_embd.weight") return TensorType::F32;
    if (startsWith(t.name, "a.conv1d.") || t.name.find(".conv_dw.") != std::string::npos) {
        return TensorType::F32;  // ggml's im2col wants F32 convolution kernels
    }
    if (startsWith(t.name, "a.") || startsWith(t.name, "mm.a.")) return TensorType::BF16;
    return TensorType::F32;
}

}  // namespace

QByteArray convertHfGemma4(const QString &dir, const HfGemma4ConvertOptions &o, QString *error) {
    QString localError;
    if (!error) error = &localError;
    const QDir d(dir);
    QFile cf(d.filePath(QStringLiteral("config.json")));
    if (!cf.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(cf.fileName(), cf.errorString());
        return {};
    }
    Config c;
    if (!parseConfig(cf.readAll(), &c, error)) return {};
    const auto st = safetensors::File::open(d.filePath(QStringLiteral("model.safetensors")), error);
    if (!st) return {};

    std::vector<OutTensor> out;
    std::map<std::string, float> clamps;  // GGUF name → scalar (vision only, for v.clamp_data)
    for (const safetensors::Tensor &t : st->tensors()) {
        const std::optional<std::string> mapped = ggufName(t.name);
        if (!mapped) {
            *error = QStringLiteral(
                         "model.safetensors: tensor %1 is not part of a Gemma 4 "
                         "checkpoint this converter knows")
                         .arg(QString::fromStdString(t.name));
            return {};
        }
        if (mapped->empty()) continue;
        OutTensor ot;
        ot.name = *mapped;
        ot.values = t.toFloat();
        if (ot.values.size() != static_cast<size_t>(t.elements())) {
            *error = QStringLiteral(
                         "model.safetensors: tensor %1 has a type this converter "
                         "cannot read")
                         .arg(QString::fromStdString(t.name));
            return {};
        }
        for (auto it = t.shape.rbegin(); it != t.shape.rend(); ++it)
            ot.ne.push_back(static_cast<uint64_t>(*it));
        if (ot.ne.empty()) ot.ne.push_back(1);  // scalars (clamp bounds) become [1]

        if (ot.name == "v.patch_embd.weight") {
            // [W, ps·ps·C] with column (py·ps + px)·C + c → [W, C, ps, ps].
            if (!c.vision || t.shape.size() != 2) {
                *error = QStringLiteral("model.safetensors: v.patch_embd has an unexpected shape");
                return {};
            }
            const int64_t W = t.shape[0], C = c.vision->channels, ps = c.vision->patch;
            if (t.shape[1] != C * ps * ps) {
                *error = QStringLiteral(
                             "model.safetensors: patch embedding has %1 inputs, the "
                             "config says %2×%3×%3")
                             .arg(t.shape[1])
                             .arg(C)
                             .arg(ps);
                return {};
            }
            std::vector<float> r(ot.values.size());
            for (int64_t e = 0; e < W; ++e)
                for (int64_t ch = 0; ch < C; ++ch)
                    for (int64_t y = 0; y < ps; ++y)
                        for (int64_t x = 0; x < ps; ++x) {
                            r[static_cast<size_t>(((e * C + ch) * ps + y) * ps + x)] =
                                ot.values[static_cast<size_t>(e * C * ps * ps + (y * ps + x) * C +
                                                              ch)];
                        }
            ot.values = std::move(r);
            ot.ne = {static_cast<uint64_t>(ps), static_cast<uint64_t>(ps), static_cast<uint64_t>(C),
                     static_cast<uint64_t>(W)};
        } else if (endsWith(ot.name, ".conv_dw.weight")) {
            if (t.shape.size() != 3 || t.shape[1] != 1) {
                *error = QStringLiteral("model.safetensors: %1 is not a depthwise [C, 1, K] kernel")
                             .arg(QString::fromStdString(t.name));
                return {};
            }
            ot.ne = {static_cast<uint64_t>(t.shape[2]), static_cast<uint64_t>(t.shape[0])};
        } else if (endsWith(ot.name, ".per_dim_scale.weight")) {
            // Stored after softplus, as Ollama does; log1p(exp(x)) in double.
            for (float &v : ot.values)
                v = static_cast<float>(std::log1p(std::exp(static_cast<double>(v))));
        }
        if (startsWith(ot.name, "v.blk.") && isClamp(ot.name)) {
            if (ot.values.size() != 1) {
                *error = QStringLiteral("model.safetensors: clamp bound %1 is not a scalar")
                             .arg(QString::fromStdString(t.name));
                return {};
            }
            clamps[ot.name] = ot.values[0];
        }
        out.push_back(std::move(ot));
    }

    // rope_freqs for proportional RoPE on global layers.
    {
        OutTensor rf;
        rf.name = "rope_freqs.weight";
        const int pairs = c.text.globalHeadDim / 2;
        const int rotated = static_cast<int>(static_cast<float>(c.text.globalHeadDim) *
                                             c.text.partialRotary / 2.0f);
        rf.ne = {static_cast<uint64_t>(pairs)};
        for (int j = 0; j < pairs; ++j)
            rf.values.push_back(j < rotated ? 1.0f : 1e30f);
        out.push_back(std::move(rf));
    }
    if (c.vision && !clamps.empty()) {
        static const char *linears[] = {"attn_q",   "attn_k", "attn_v",  "attn_out",
                                        "ffn_gate", "ffn_up", "ffn_down"};
        OutTensor cd;
        cd.name = "v.clamp_data";
        for (int l = 0; l < c.vision->layers; ++l) {
            for (const char *ln : linears) {
                for (const auto &sfx : kClampSuffixes) {
                    const auto it = clamps.find("v.blk." + std::to_string(l) + "." + ln +
                                                std::string(sfx.second));
                    cd.values.push_back(it == clamps.end() ? 0.0f : it->second);
                }
            }
        }
        for (int i = 0; i < 4; ++i)
            cd.values.push_back(0.0f);  // the projector is not clippable in transformers
        cd.ne = {static_cast<uint64_t>(cd.values.size())};
        out.push_back(std::move(cd));
    }

    // Ollama's writer order: blk.N.* by N, then the rest; by name within each.
    const auto block = [](const std::string &name) {
        int n = 0;
        if (std::sscanf(name.c_str(), "blk.%d.", &n) != 1) return std::numeric_limits<int>::max();
        return n;
    };
    std::stable_sort(out.begin(), out.end(), [&](const OutTensor &x, const OutTensor &y) {
        const int bx = block(x.name), by = block(y.name);
        return bx != by ? bx < by : x.name < y.name;
    });

    std::vector<gguf::KeyValue> kv = metadata(c, o.name, error);
    if (kv.empty()) return {};
    gguf::Writer w;
    for (gguf::KeyValue &e : kv)
        w.set(e.key, std::move(e.value));
    for (OutTensor &t : out) {
        t.type = storageType(t, o.towers);
        QByteArray data;
        if (!gguf::quantizeRow(t.type, t.values.data(), static_cast<int64_t>(t.values.size()),
                               &data)) {
            *error = QStringLiteral("cannot encode %1").arg(QString::fromStdString(t.name));
            return {};
        }
        if (!w.addTensor(t.name, t.type, t.ne, std::move(data), error)) return {};
    }
    QByteArray bytes = w.toBytes();
    if (bytes.isEmpty() && w.validate(error)) {
        *error = QStringLiteral("the GGUF writer produced no bytes");
    }
    return bytes;
}

bool convertHfGemma4ToFile(const QString &dir, const QString &out, const HfGemma4ConvertOptions &o,
                           QString *error) {
    QString localError;
    if (!error) error = &localError;
    const QByteArray bytes = convertHfGemma4(dir, o, error);
    if (bytes.isEmpty()) return false;
    QSaveFile f(out);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(out, f.errorString());
        return false;
    }
    return true;
}

}  // namespace facet::test
