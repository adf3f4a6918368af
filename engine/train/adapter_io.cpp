// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "train/adapter_io.h"

#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "safetensors/safetensors.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>

namespace facet::train {

namespace {

constexpr const char *kWeightsFile = "adapter_model.safetensors";
constexpr const char *kConfigFile = "adapter_config.json";

// Each target's module under a decoder layer in transformers' Gemma 4, and PEFT's short name.
struct PeftModule {
    LoraTarget target;
    const char *path;  // under layers.N.
    const char *name;  // target_modules entry
};
constexpr std::array<PeftModule, kLoraTargetCount> kModules = {{
    {LoraTarget::AttnQ, "self_attn.q_proj", "q_proj"},
    {LoraTarget::AttnK, "self_attn.k_proj", "k_proj"},
    {LoraTarget::AttnV, "self_attn.v_proj", "v_proj"},
    {LoraTarget::AttnOutput, "self_attn.o_proj", "o_proj"},
    {LoraTarget::FfnGate, "mlp.gate_proj", "gate_proj"},
    {LoraTarget::FfnUp, "mlp.up_proj", "up_proj"},
    {LoraTarget::FfnDown, "mlp.down_proj", "down_proj"},
    {LoraTarget::InpGate, "per_layer_input_gate", "per_layer_input_gate"},
    {LoraTarget::Proj, "per_layer_projection", "per_layer_projection"},
}};

bool fail(QString *error, const QString &why) {
    if (error) *error = why;
    return false;
}

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QByteArray floatBytes(const std::vector<float> &v) {
    return QByteArray(reinterpret_cast<const char *>(v.data()), qsizetype(v.size() * 4));
}

// Checks factors against the model's projection; the message names the tensor and what differs.
bool fitsModel(const model::Gemma4Config &c, int layer, LoraTarget t, const LoraMatrix &m, int rank,
               const QString &name, QString *error) {
    if (layer < 0 || layer >= c.layerCount) {
        return fail(error, QStringLiteral("%1 is for layer %2, but this model has %3 layers: the "
                                          "adapter was made for another model")
                               .arg(name)
                               .arg(layer)
                               .arg(c.layerCount));
    }
    const std::optional<LoraShape> s = loraShape(c, layer, t);
    if (!s) {
        return fail(error, QStringLiteral("%1 adapts a projection that layer %2 of this model "
                                          "does not have: the adapter was made for another model")
                               .arg(name)
                               .arg(layer));
    }
    if (s->in != m.in || s->out != m.out) {
        return fail(error, QStringLiteral("%1 maps %2 inputs to %3 outputs, but this model's "
                                          "projection maps %4 to %5: the adapter was made for "
                                          "another model")
                               .arg(name)
                               .arg(m.in)
                               .arg(m.out)
                               .arg(s->in)
                               .arg(s->out));
    }
    if (m.a.size() != size_t(rank) * size_t(m.in) || m.b.size() != size_t(m.out) * size_t(rank))
        return fail(error, QStringLiteral("%1 does not have rank %2").arg(name).arg(rank));
    return true;
}

}  // namespace

bool writeFileWhole(const QString &path, const QByteArray &data, QString *error) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return fail(error, QStringLiteral("cannot write %1: %2")
                               .arg(QDir::toNativeSeparators(path), f.errorString()));
    if (f.write(data) != data.size() || !f.commit()) {
        return fail(error, QStringLiteral("cannot write %1: %2 (is the disk full?)")
                               .arg(QDir::toNativeSeparators(path), f.errorString()));
    }
    return true;
}

// ---- PEFT ---------------------------------------------------------------------------------------

bool savePeftAdapter(const LoraAdapter &adapter, const QString &dir, const QString &baseModel,
                     PeftNames names, QString *error) {
    if (!QDir().mkpath(dir) || !QFileInfo(dir).isDir())
        return fail(error, QStringLiteral("cannot create the folder %1").arg(dir));
    const std::string prefix = names == PeftNames::Multimodal
                                   ? "base_model.model.model.language_model.layers."
                                   : "base_model.model.model.layers.";
    const LoraConfig &cfg = adapter.config();
    std::vector<safetensors::TensorToWrite> tensors;
    std::vector<bool> used(kModules.size(), false);
    for (int i = 0; i < adapter.layerCount(); ++i) {
        for (const PeftModule &mod : kModules) {
            const LoraMatrix *m = adapter.find(i, mod.target);
            if (!m) continue;
            used[size_t(mod.target)] = true;
            const std::string stem = prefix + std::to_string(i) + "." + mod.path;
            tensors.push_back({stem + ".lora_A.weight",
                               safetensors::DType::F32,
                               {cfg.rank, m->in},
                               floatBytes(m->a)});
            tensors.push_back({stem + ".lora_B.weight",
                               safetensors::DType::F32,
                               {m->out, cfg.rank},
                               floatBytes(m->b)});
        }
    }
    if (tensors.empty()) return fail(error, QStringLiteral("the adapter has no factors to save"));
    QJsonArray targets;
    for (const PeftModule &mod : kModules) {
        if (used[size_t(mod.target)]) targets.append(QLatin1String(mod.name));
    }
    const QJsonObject config{
        {QStringLiteral("peft_type"), QStringLiteral("LORA")},
        {QStringLiteral("task_type"), QStringLiteral("CAUSAL_LM")},
        {QStringLiteral("base_model_name_or_path"), baseModel},
        {QStringLiteral("r"), cfg.rank},
        {QStringLiteral("lora_alpha"), double(cfg.alpha)},
        {QStringLiteral("lora_dropout"), double(cfg.dropout)},
        {QStringLiteral("use_rslora"), cfg.rsLora},
        {QStringLiteral("use_dora"), false},
        {QStringLiteral("bias"), QStringLiteral("none")},
        {QStringLiteral("fan_in_fan_out"), false},
        {QStringLiteral("inference_mode"), true},
        {QStringLiteral("init_lora_weights"), true},
        {QStringLiteral("target_modules"), targets},
        {QStringLiteral("rank_pattern"), QJsonObject()},
        {QStringLiteral("alpha_pattern"), QJsonObject()},
    };
    const QDir d(dir);
    return writeFileWhole(d.filePath(QLatin1String(kWeightsFile)),
                          safetensors::write(tensors, {{"format", "pt"}}), error) &&
           writeFileWhole(d.filePath(QLatin1String(kConfigFile)),
                          QJsonDocument(config).toJson(QJsonDocument::Indented), error);
}

std::optional<LoraAdapter> loadPeftAdapter(const QString &dir, const model::Gemma4Config &c,
                                           QString *error) {
    const QDir d(dir);
    QFile cf(d.filePath(QLatin1String(kConfigFile)));
    if (!cf.open(QIODevice::ReadOnly)) {
        fail(error, QStringLiteral("%1 has no readable %2: a PEFT adapter folder holds "
                                   "adapter_config.json and adapter_model.safetensors")
                        .arg(dir, QLatin1String(kConfigFile)));
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(cf.readAll(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        fail(error,
             QStringLiteral("%1 is not valid JSON (%2)").arg(cf.fileName(), pe.errorString()));
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    const QString type = o.value(QStringLiteral("peft_type")).toString(QStringLiteral("LORA"));
    if (type.compare(QStringLiteral("LORA"), Qt::CaseInsensitive) != 0) {
        fail(error, QStringLiteral("this is a %1 adapter; Facet runs LoRA adapters").arg(type));
        return std::nullopt;
    }
    if (o.value(QStringLiteral("use_dora")).toBool()) {
        fail(error, QStringLiteral("DoRA adapters are not supported yet; use a plain LoRA"));
        return std::nullopt;
    }
    const QString bias = o.value(QStringLiteral("bias")).toString(QStringLiteral("none"));
    if (bias != QStringLiteral("none")) {
        fail(
            error,
            QStringLiteral("adapters that train biases (bias \"%1\") are not supported").arg(bias));
        return std::nullopt;
    }
    for (const char *key : {"rank_pattern", "alpha_pattern"}) {
        if (!o.value(QLatin1String(key)).toObject().isEmpty()) {
            fail(error, QStringLiteral("adapters with per-module ranks or alphas (%1) are not "
                                       "supported yet")
                            .arg(QLatin1String(key)));
            return std::nullopt;
        }
    }
    LoraConfig cfg;
    cfg.rank = o.value(QStringLiteral("r")).toInt(0);
    cfg.alpha = float(o.value(QStringLiteral("lora_alpha")).toDouble(double(cfg.rank)));
    cfg.dropout = float(o.value(QStringLiteral("lora_dropout")).toDouble(0.0));
    cfg.rsLora = o.value(QStringLiteral("use_rslora")).toBool(false);
    cfg.targets.clear();
    if (cfg.rank < 1) {
        fail(error, QStringLiteral("%1 gives no rank (\"r\")").arg(cf.fileName()));
        return std::nullopt;
    }

    auto file = safetensors::File::open(d.filePath(QLatin1String(kWeightsFile)), error);
    if (!file) return std::nullopt;
    static const QRegularExpression re(QStringLiteral(
        R"(^base_model\.model\.model\.(?:language_model\.)?layers\.(\d+)\.(.+)\.lora_([AB])\.weight$)"));
    std::map<std::pair<int, int>, LoraMatrix> pending;
    for (const safetensors::Tensor &t : file->tensors()) {
        const QString name = QString::fromStdString(t.name);
        const QRegularExpressionMatch m = re.match(name);
        if (!m.hasMatch()) {
            QString why =
                QStringLiteral("%1 is not a LoRA factor of a text decoder layer").arg(name);
            if (name.contains(QStringLiteral("lora_magnitude_vector")))
                why = QStringLiteral("DoRA adapters are not supported yet; use a plain LoRA");
            else if (name.contains(QStringLiteral("vision")) ||
                     name.contains(QStringLiteral("audio")))
                why = QStringLiteral(
                          "%1 adapts a tower; Facet runs adapters on the text decoder "
                          "only")
                          .arg(name);
            fail(error, why);
            return std::nullopt;
        }
        const int layer = m.captured(1).toInt();
        const QString path = m.captured(2);
        const bool isA = m.captured(3) == QStringLiteral("A");
        const PeftModule *mod = nullptr;
        for (const PeftModule &k : kModules) {
            if (path == QLatin1String(k.path)) mod = &k;
        }
        if (!mod) {
            fail(error, QStringLiteral("%1 adapts %2, which Facet cannot adapt").arg(name, path));
            return std::nullopt;
        }
        if (t.shape.size() != 2) {
            fail(error, QStringLiteral("%1 is not a matrix").arg(name));
            return std::nullopt;
        }
        LoraMatrix &lm = pending[{layer, int(mod->target)}];
        const std::vector<float> values = t.toFloat();
        if (values.size() != size_t(t.elements())) {
            fail(error, QStringLiteral("%1 has a type (%2) Facet cannot read")
                            .arg(name, QLatin1String(safetensors::dtypeName(t.dtype))));
            return std::nullopt;
        }
        if (isA) {
            if (t.shape[0] != cfg.rank) {
                fail(error, QStringLiteral("%1 has rank %2, the config says %3")
                                .arg(name)
                                .arg(t.shape[0])
                                .arg(cfg.rank));
                return std::nullopt;
            }
            lm.in = int(t.shape[1]);
            lm.a = values;
        } else {
            if (t.shape[1] != cfg.rank) {
                fail(error, QStringLiteral("%1 has rank %2, the config says %3")
                                .arg(name)
                                .arg(t.shape[1])
                                .arg(cfg.rank));
                return std::nullopt;
            }
            lm.out = int(t.shape[0]);
            lm.b = values;
        }
    }
    if (pending.empty()) {
        fail(error, QStringLiteral("the adapter holds no LoRA factors"));
        return std::nullopt;
    }
    for (const auto &[key, lm] : pending) {
        const LoraTarget t = LoraTarget(key.second);
        if (std::find(cfg.targets.begin(), cfg.targets.end(), t) == cfg.targets.end())
            cfg.targets.push_back(t);
    }
    std::sort(cfg.targets.begin(), cfg.targets.end());
    LoraAdapter out = LoraAdapter::empty(c.layerCount, cfg);
    for (auto &[key, lm] : pending) {
        const auto [layer, target] = key;
        const QString name = QStringLiteral("layers.%1.%2")
                                 .arg(layer)
                                 .arg(QLatin1String(kModules[size_t(target)].path));
        if (lm.a.empty() || lm.b.empty()) {
            fail(error, QStringLiteral("%1 has only one of lora_A and lora_B").arg(name));
            return std::nullopt;
        }
        if (!fitsModel(c, layer, LoraTarget(target), lm, cfg.rank, name, error))
            return std::nullopt;
        out.set(layer, LoraTarget(target), std::move(lm));
    }
    return out;
}

// ---- GGUF LoRA
// ------------------------------------------------------------------------------------

bool saveGgufLora(const LoraAdapter &adapter, const QString &path, QString *error) {
    const LoraConfig &cfg = adapter.config();
    gguf::Writer w;
    w.set("general.architecture", gguf::Value::string("gemma4"));
    w.set("general.type", gguf::Value::string("adapter"));
    w.set("adapter.type", gguf::Value::string("lora"));
    // llama.cpp scales by alpha / rank; rsLoRA's alpha / sqrt(rank) is written as the alpha
    // that gives the same scale.
    w.set("adapter.lora.alpha", gguf::Value::f32(cfg.scale() * float(cfg.rank)));
    bool any = false;
    for (int i = 0; i < adapter.layerCount(); ++i) {
        for (int t = 0; t < kLoraTargetCount; ++t) {
            const LoraMatrix *m = adapter.find(i, LoraTarget(t));
            if (!m) continue;
            any = true;
            const std::string stem = "blk." + std::to_string(i) + "." +
                                     std::string(loraTargetName(LoraTarget(t))) + ".weight";
            if (!w.addTensor(stem + ".lora_a", gguf::TensorType::F32,
                             {uint64_t(m->in), uint64_t(cfg.rank)}, floatBytes(m->a), error) ||
                !w.addTensor(stem + ".lora_b", gguf::TensorType::F32,
                             {uint64_t(cfg.rank), uint64_t(m->out)}, floatBytes(m->b), error)) {
                return false;
            }
        }
    }
    if (!any) return fail(error, QStringLiteral("the adapter has no factors to save"));
    return w.write(path, error);
}

std::optional<LoraAdapter> loadGgufLora(const QString &path, const model::Gemma4Config &c,
                                        QString *error) {
    auto file = gguf::File::open(path, error);
    if (!file) return std::nullopt;
    const auto type = file->getString("general.type");
    const auto adapterType = file->getString("adapter.type");
    if (type != "adapter" || adapterType != "lora") {
        fail(error, QStringLiteral("%1 is not a LoRA adapter (general.type \"%2\", adapter.type "
                                   "\"%3\"); a model file goes in the model slot")
                        .arg(QFileInfo(path).fileName(), qs(type.value_or("")),
                             qs(adapterType.value_or(""))));
        return std::nullopt;
    }
    const auto arch = file->getString("general.architecture");
    if (arch != "gemma4") {
        fail(error, QStringLiteral("this adapter is for %1 models; the model is Gemma 4")
                        .arg(qs(arch.value_or("unknown"))));
        return std::nullopt;
    }
    static const QRegularExpression re(
        QStringLiteral(R"(^blk\.(\d+)\.([a-z_]+)\.weight\.lora_([ab])$)"));
    std::map<std::pair<int, int>, LoraMatrix> pending;
    int rank = 0;
    for (const gguf::TensorInfo &t : file->tensors()) {
        const QString name = QString::fromStdString(t.name);
        const QRegularExpressionMatch m = re.match(name);
        const auto target =
            m.hasMatch() ? loraTargetByName(m.captured(2).toStdString()) : std::nullopt;
        if (!target) {
            fail(error,
                 QStringLiteral("%1 is not a LoRA factor of a decoder projection").arg(name));
            return std::nullopt;
        }
        if (t.ne.size() != 2) {
            fail(error, QStringLiteral("%1 is not a matrix").arg(name));
            return std::nullopt;
        }
        const bool isA = m.captured(3) == QStringLiteral("a");
        const int r = int(isA ? t.ne[1] : t.ne[0]);
        if (rank != 0 && r != rank) {
            fail(error, QStringLiteral("%1 has rank %2, other factors %3; adapters with "
                                       "per-module ranks are not supported yet")
                            .arg(name)
                            .arg(r)
                            .arg(rank));
            return std::nullopt;
        }
        rank = r;
        std::vector<float> values(size_t(t.ne[0]) * size_t(t.ne[1]));
        for (uint64_t row = 0; row < t.ne[1]; ++row) {
            if (!gguf::dequantizeRow(t.type, t.data + row * t.rowBytes(),
                                     values.data() + row * t.ne[0], int64_t(t.ne[0]))) {
                fail(error, QStringLiteral("%1 has a type Facet cannot read").arg(name));
                return std::nullopt;
            }
        }
        LoraMatrix &lm = pending[{m.captured(1).toInt(), int(*target)}];
        if (isA) {
            lm.in = int(t.ne[0]);
            lm.a = std::move(values);
        } else {
            lm.out = int(t.ne[1]);
            lm.b = std::move(values);
        }
    }
    if (pending.empty()) {
        fail(error, QStringLiteral("the adapter holds no LoRA factors"));
        return std::nullopt;
    }
    LoraConfig cfg;
    cfg.rank = rank;
    // No alpha: llama.cpp applies the factors unscaled (alpha = rank).
    const auto alpha = file->getFloat("adapter.lora.alpha");
    cfg.alpha = alpha && *alpha > 0 ? float(*alpha) : float(rank);
    cfg.targets.clear();
    std::vector<bool> used(kLoraTargetCount, false);
    for (const auto &[key, lm] : pending)
        used[size_t(key.second)] = true;
    for (int t = 0; t < kLoraTargetCount; ++t) {
        if (used[size_t(t)]) cfg.targets.push_back(LoraTarget(t));
    }
    LoraAdapter out = LoraAdapter::empty(c.layerCount, cfg);
    for (auto &[key, lm] : pending) {
        const auto [layer, target] = key;
        const QString name =
            QStringLiteral("blk.%1.%2").arg(layer).arg(qs(loraTargetName(LoraTarget(target))));
        if (lm.a.empty() || lm.b.empty()) {
            fail(error, QStringLiteral("%1 has only one of lora_a and lora_b").arg(name));
            return std::nullopt;
        }
        if (!fitsModel(c, layer, LoraTarget(target), lm, rank, name, error)) return std::nullopt;
        out.set(layer, LoraTarget(target), std::move(lm));
    }
    return out;
}

std::optional<LoraAdapter> loadAdapter(const QString &path, const model::Gemma4Config &c,
                                       QString *error) {
    const QFileInfo fi(path);
    if (fi.isDir()) return loadPeftAdapter(path, c, error);
    if (!fi.exists()) {
        fail(error, QStringLiteral("%1 does not exist").arg(path));
        return std::nullopt;
    }
    if (fi.fileName() == QLatin1String(kWeightsFile) || fi.fileName() == QLatin1String(kConfigFile))
        return loadPeftAdapter(fi.absolutePath(), c, error);
    return loadGgufLora(path, c, error);
}

}  // namespace facet::train
