// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/lora.h"

#include "model/random.h"

#include <algorithm>
#include <cmath>

namespace facet::model {

namespace {

struct TargetName {
    LoraTarget target;
    std::string_view gguf, peft;
};
constexpr std::array<TargetName, kLoraTargetCount> kNames = {{
    {LoraTarget::AttnQ, "attn_q", "q_proj"},
    {LoraTarget::AttnK, "attn_k", "k_proj"},
    {LoraTarget::AttnV, "attn_v", "v_proj"},
    {LoraTarget::AttnOutput, "attn_output", "o_proj"},
    {LoraTarget::FfnGate, "ffn_gate", "gate_proj"},
    {LoraTarget::FfnUp, "ffn_up", "up_proj"},
    {LoraTarget::FfnDown, "ffn_down", "down_proj"},
    {LoraTarget::InpGate, "inp_gate", "per_layer_input_gate"},
    {LoraTarget::Proj, "proj", "per_layer_projection"},
}};

}  // namespace

std::string_view loraTargetName(LoraTarget t) {
    return kNames[size_t(t)].gguf;
}

std::optional<LoraTarget> loraTargetByName(std::string_view name) {
    for (const TargetName &n : kNames) {
        if (name == n.gguf || name == n.peft) return n.target;
    }
    return std::nullopt;
}

std::optional<LoraShape> loraShape(const Gemma4Config &c, int layer, LoraTarget t) {
    if (layer < 0 || layer >= c.layerCount) return std::nullopt;
    const Gemma4LayerConfig &l = c.layer(layer);
    const int H = c.hidden, q = c.heads * l.headDim, kv = l.kvHeads * l.headDim;
    switch (t) {
        case LoraTarget::AttnQ:
            return LoraShape{H, q};
        case LoraTarget::AttnK:
        case LoraTarget::AttnV:
            if (l.sharesKv()) return std::nullopt;
            return LoraShape{H, kv};
        case LoraTarget::AttnOutput:
            return LoraShape{q, H};
        case LoraTarget::FfnGate:
        case LoraTarget::FfnUp:
            return LoraShape{H, l.ffnWidth};
        case LoraTarget::FfnDown:
            return LoraShape{l.ffnWidth, H};
        case LoraTarget::InpGate:
            if (!c.hasPle) return std::nullopt;
            return LoraShape{H, c.pleDim};
        case LoraTarget::Proj:
            if (!c.hasPle) return std::nullopt;
            return LoraShape{c.pleDim, H};
    }
    return std::nullopt;
}

float LoraConfig::scale() const {
    const double r = double(std::max(rank, 1));
    return float(double(alpha) / (rsLora ? std::sqrt(r) : r));
}

std::optional<LoraAdapter> LoraAdapter::create(const Gemma4Config &c, const LoraConfig &lora,
                                               uint64_t seed, QString *error) {
    const auto fail = [&](const QString &why) {
        if (error) *error = why;
        return std::nullopt;
    };
    if (lora.rank < 1) return fail(QStringLiteral("the LoRA rank must be at least 1"));
    if (!(lora.dropout >= 0.0f && lora.dropout < 1.0f))
        return fail(QStringLiteral("the LoRA dropout must be at least 0 and below 1"));
    if (!std::isfinite(lora.alpha) || lora.alpha <= 0.0f)
        return fail(QStringLiteral("the LoRA alpha must be a positive number"));
    if (lora.targets.empty()) return fail(QStringLiteral("no projection chosen for the adapter"));
    for (const LoraTarget t : lora.targets) {
        if ((t == LoraTarget::InpGate || t == LoraTarget::Proj) && !c.hasPle) {
            return fail(QStringLiteral("this model has no per-layer inputs, so it has no %1 "
                                       "projection to adapt; leave it out of the targets")
                            .arg(QLatin1String(loraTargetName(t).data(),
                                               qsizetype(loraTargetName(t).size()))));
        }
    }
    LoraAdapter out;
    out.m_config = lora;
    out.m_layers.resize(size_t(c.layerCount));
    uint64_t state = seed;
    for (int i = 0; i < c.layerCount; ++i) {
        for (const LoraTarget t : lora.targets) {
            const std::optional<LoraShape> shape = loraShape(c, i, t);
            auto &slot = out.m_layers[size_t(i)][size_t(t)];
            if (!shape || slot) continue;  // no such projection here, or a target listed twice
            LoraMatrix m;
            m.in = shape->in;
            m.out = shape->out;
            m.a.resize(size_t(lora.rank) * size_t(m.in));
            const float bound = float(1.0 / std::sqrt(double(m.in)));
            for (float &v : m.a)
                v = (2.0f * unitFloat(splitMix64(&state)) - 1.0f) * bound;
            m.b.assign(size_t(m.out) * size_t(lora.rank), 0.0f);
            slot = std::move(m);
        }
    }
    return out;
}

const LoraMatrix *LoraAdapter::find(int layer, LoraTarget t) const {
    if (layer < 0 || layer >= layerCount()) return nullptr;
    const auto &slot = m_layers[size_t(layer)][size_t(t)];
    return slot ? &*slot : nullptr;
}

LoraMatrix *LoraAdapter::find(int layer, LoraTarget t) {
    if (layer < 0 || layer >= layerCount()) return nullptr;
    auto &slot = m_layers[size_t(layer)][size_t(t)];
    return slot ? &*slot : nullptr;
}

std::vector<const LoraMatrix *> LoraAdapter::matrices() const {
    std::vector<const LoraMatrix *> out;
    for (const auto &layer : m_layers) {
        for (const auto &slot : layer) {
            if (slot) out.push_back(&*slot);
        }
    }
    return out;
}

std::vector<LoraMatrix *> LoraAdapter::matrices() {
    std::vector<LoraMatrix *> out;
    for (auto &layer : m_layers) {
        for (auto &slot : layer) {
            if (slot) out.push_back(&*slot);
        }
    }
    return out;
}

int64_t LoraAdapter::parameterCount() const {
    int64_t n = 0;
    for (const LoraMatrix *m : matrices())
        n += int64_t(m->a.size() + m->b.size());
    return n;
}

LoraAdapter LoraAdapter::zerosLike() const {
    LoraAdapter z = *this;
    for (LoraMatrix *m : z.matrices()) {
        std::fill(m->a.begin(), m->a.end(), 0.0f);
        std::fill(m->b.begin(), m->b.end(), 0.0f);
    }
    return z;
}

LoraAdapter LoraAdapter::empty(int layers, const LoraConfig &lora) {
    LoraAdapter a;
    a.m_config = lora;
    a.m_layers.resize(size_t(std::max(0, layers)));
    return a;
}

bool LoraAdapter::set(int layer, LoraTarget t, LoraMatrix m) {
    if (layer < 0 || layer >= layerCount() || m.in < 1 || m.out < 1) return false;
    const size_t r = size_t(m_config.rank);
    if (m.a.size() != r * size_t(m.in) || m.b.size() != size_t(m.out) * r) return false;
    m_layers[size_t(layer)][size_t(t)] = std::move(m);
    return true;
}

}  // namespace facet::model
