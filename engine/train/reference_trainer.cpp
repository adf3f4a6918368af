// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "train/reference_trainer.h"

#include "model/reference_backward.h"
#include "model/reference_ops.h"
#include "train/dataset.h"
#include "train/dropout_mask.h"
#include "train/lora_types.h"

#include <algorithm>
#include <cmath>

namespace facet::train {

namespace {

using model::ReferenceModel;
using Vec = std::vector<float>;

// An adapted projection: the frozen weight, its factors (or none) and the dropout mask of its
// input (empty: no dropout), [rows][in] of 0 or 1 / (1 - p).
struct Proj {
    const model::ref::WeightView *w = nullptr;
    const LoraMatrix *lora = nullptr;
    LoraMatrix *grad = nullptr;
    Vec mask;
};

class Trainer {
public:
    Trainer(const LoraAdapter *adapter, LoraAdapter *grads, std::optional<uint64_t> dropoutSeed,
            double f16InputGradientScale)
        : m_adapter(adapter),
          m_grads(grads),
          m_seed(dropoutSeed),
          m_f16Scale(f16InputGradientScale) {}

    // dx += dy·W for a frozen weight, rounded as the staged products round when asked.
    void frozenBackward(const model::ref::WeightView &w, const Vec &dy, int rows, Vec &dx) const {
        if (m_f16Scale > 0) {
            model::ref::matmulBackwardF16(w, dy, rows, dx, m_f16Scale);
        } else {
            model::ref::matmulBackward(w, dy, rows, dx);
        }
    }

    Proj proj(int layer, LoraTarget t, const model::ref::WeightView &w, int rows) {
        Proj p;
        p.w = &w;
        p.lora = m_adapter ? m_adapter->find(layer, t) : nullptr;
        p.grad = p.lora && m_grads ? m_grads->find(layer, t) : nullptr;
        const float drop = m_adapter && m_seed ? m_adapter->config().dropout : 0.0f;
        if (p.lora && drop > 0.0f) {
            // The GPU trainer's masks (dropout_mask.h): one stream per (layer, target).
            const DropoutMask mask = dropoutMask(*m_seed, layer, t, drop);
            p.mask.resize(size_t(rows) * size_t(p.lora->in));
            for (size_t i = 0; i < p.mask.size(); ++i)
                p.mask[i] = mask.at(uint32_t(i));
        }
        return p;
    }

    // y = W·x + s·B·(A·dropout(x)) for `rows` rows.
    void forward(const Proj &p, const Vec &x, int rows, Vec &y) const {
        y.assign(size_t(rows) * size_t(p.w->rows), 0.0f);
        model::ref::matmul(*p.w, x, rows, y);
        if (!p.lora) return;
        const int r = m_adapter->config().rank;
        model::ref::loraAdd(p.lora->a, p.lora->b, r, m_adapter->config().scale(), dropped(p, x),
                            rows, y);
    }

    // dx += the input gradient of forward() for dy; the factors' gradients into p.grad.
    void backward(const Proj &p, const Vec &x, int rows, const Vec &dy, Vec &dx) const {
        frozenBackward(*p.w, dy, rows, dx);
        if (!p.lora) return;
        const int r = m_adapter->config().rank;
        const Vec xd = dropped(p, x);
        Vec dxd(x.size(), 0.0f);
        std::span<float> dA, dB;
        if (p.grad) {
            dA = p.grad->a;
            dB = p.grad->b;
        }
        model::ref::loraAddBackward(p.lora->a, p.lora->b, r, m_adapter->config().scale(), xd, rows,
                                    dy, dxd, dA, dB);
        for (size_t i = 0; i < dx.size(); ++i)
            dx[i] += p.mask.empty() ? dxd[i] : dxd[i] * p.mask[i];
    }

private:
    Vec dropped(const Proj &p, const Vec &x) const {
        if (p.mask.empty()) return x;
        Vec out(x.size());
        for (size_t i = 0; i < x.size(); ++i)
            out[i] = x[i] * p.mask[i];
        return out;
    }

    const LoraAdapter *m_adapter;
    LoraAdapter *m_grads;
    std::optional<uint64_t> m_seed;
    double m_f16Scale;
};

// RoPE at each row's position over rows of `width` values (heads side by side): the rotation, or
// with `backward` its vector-Jacobian product (added to out).
void ropeRows(const Vec &in, Vec &out, size_t width, int headDim,
              std::span<const int64_t> positions, const model::ref::RopeParams &rope,
              bool backward) {
    for (size_t r = 0; r < positions.size(); ++r) {
        const auto src = std::span<const float>(in).subspan(r * width, width);
        const auto dst = std::span<float>(out).subspan(r * width, width);
        if (backward)
            model::ref::ropeNeoxBackward(src, headDim, positions[r], rope, dst);
        else
            model::ref::ropeNeox(src, dst, headDim, positions[r], rope);
    }
}

// What one layer's forward keeps for its backward.
struct LayerState {
    Vec x0, a, qRaw, qNormed, qRoped, kRaw, kNormed, vRaw, o, ao, x1, f, gate, up, act, down, x2;
    Vec pg, pin, pa, pp, x3;
    Proj q, k, v, out, ffnGate, ffnUp, ffnDown, inpGate, proj;
};

// K and V (after norm and RoPE) of a layer that owns a cache, and their gradients.
struct KvState {
    Vec k, v, dk, dv;
};

}  // namespace

std::vector<int32_t> nextTokenTargets(const TokenizedExample &e) {
    std::vector<int32_t> t(e.ids.size(), -1);
    for (size_t i = 0; i + 1 < e.ids.size(); ++i) {
        if (e.trained[i + 1]) t[i] = e.ids[i + 1];
    }
    return t;
}

namespace {

ReferenceLoss run(const model::ReferenceModel &m, const LoraAdapter *adapter,
                  std::span<const int32_t> ids, std::span<const int32_t> targets,
                  LoraAdapter *grads, std::optional<uint64_t> dropoutSeed,
                  std::vector<float> *logitsOut, double f16InputGradientScale = 0);

}  // namespace

ReferenceLoss referenceLoss(const model::ReferenceModel &m, const LoraAdapter *adapter,
                            std::span<const int32_t> ids, std::span<const int32_t> targets,
                            LoraAdapter *grads, std::optional<uint64_t> dropoutSeed,
                            const ReferenceRounding &rounding) {
    return run(m, adapter, ids, targets, grads, dropoutSeed, nullptr,
               rounding.f16InputGradientScale);
}

std::vector<float> referenceLogits(const model::ReferenceModel &m, const LoraAdapter *adapter,
                                   std::span<const int32_t> ids, float strength) {
    std::vector<float> logits;
    const std::vector<int32_t> none(ids.size(), -1);
    if (!adapter || strength == 1.0f) {
        run(m, adapter, ids, none, nullptr, std::nullopt, &logits);
        return logits;
    }
    LoraAdapter scaled = *adapter;
    for (LoraMatrix *mat : scaled.matrices()) {
        for (float &v : mat->b)
            v *= strength;
    }
    run(m, &scaled, ids, none, nullptr, std::nullopt, &logits);
    return logits;
}

namespace {

ReferenceLoss run(const model::ReferenceModel &m, const LoraAdapter *adapter,
                  std::span<const int32_t> ids, std::span<const int32_t> targets,
                  LoraAdapter *grads, std::optional<uint64_t> dropoutSeed,
                  std::vector<float> *logitsOut, double f16InputGradientScale) {
    namespace ref = model::ref;
    const model::Gemma4Config &c = m.config();
    const int n = int(ids.size());
    ReferenceLoss result;
    result.counted =
        int(std::count_if(targets.begin(), targets.end(), [](int32_t t) { return t >= 0; }));
    if (n == 0 || targets.size() != ids.size()) return result;
    const size_t rows = size_t(n), H = size_t(c.hidden), V = size_t(c.vocabSize);
    const int L = c.layerCount;
    const float eps = c.rmsEps;
    Trainer tr(adapter, grads, dropoutSeed, f16InputGradientScale);

    std::vector<int64_t> positions(rows);
    for (size_t i = 0; i < rows; ++i)
        positions[i] = int64_t(i);

    // ---- forward ----
    Vec x;
    m.embed(ids, {}, x);
    Vec ple;
    const size_t P = size_t(c.pleDim), LP = size_t(L) * P;
    if (c.hasPle) m.perLayerInputs(ids, {}, x, ple);

    std::vector<LayerState> st(static_cast<size_t>(L));
    std::vector<KvState> kv(size_t(c.firstSharedLayer));
    for (int i = 0; i < L; ++i) {
        const model::Gemma4LayerConfig &l = c.layer(i);
        const ReferenceModel::LayerWeights &w = m.layerWeights(i);
        LayerState &s = st[size_t(i)];
        const size_t hd = size_t(l.headDim), qW = size_t(c.heads) * hd;
        const size_t kvW = size_t(l.kvHeads) * hd;
        const ref::RopeParams rope = m.ropeParams(i);

        // Attention block.
        s.x0 = x;
        s.a.resize(rows * H);
        ref::rmsNormRows(s.x0, n, w.attnNorm, s.a, eps);
        s.q = tr.proj(i, LoraTarget::AttnQ, w.attnQ, n);
        tr.forward(s.q, s.a, n, s.qRaw);
        s.qNormed.resize(rows * qW);
        ref::rmsNormRows(s.qRaw, n * c.heads, w.qNorm, s.qNormed, eps);
        s.qRoped.resize(rows * qW);
        ropeRows(s.qNormed, s.qRoped, qW, l.headDim, positions, rope, false);
        if (!l.sharesKv()) {
            KvState &cache = kv[size_t(i)];
            s.k = tr.proj(i, LoraTarget::AttnK, w.attnK, n);
            tr.forward(s.k, s.a, n, s.kRaw);
            s.kNormed.resize(rows * kvW);
            ref::rmsNormRows(s.kRaw, n * l.kvHeads, w.kNorm, s.kNormed, eps);
            cache.k.resize(rows * kvW);
            ropeRows(s.kNormed, cache.k, kvW, l.headDim, positions, rope, false);
            s.v = tr.proj(i, LoraTarget::AttnV, w.attnV, n);
            tr.forward(s.v, s.a, n, s.vRaw);
            cache.v.resize(rows * kvW);
            ref::rmsNormRows(s.vRaw, n * l.kvHeads, {}, cache.v, eps);
            cache.dk.assign(cache.k.size(), 0.0f);
            cache.dv.assign(cache.v.size(), 0.0f);
        }
        const KvState &cache = kv[size_t(l.sharesKv() ? l.kvDonor : i)];
        s.o.resize(rows * qW);
        ref::attention(s.qRoped, positions, cache.k, cache.v, positions, m.attentionParams(i), s.o);
        s.out = tr.proj(i, LoraTarget::AttnOutput, w.attnOutput, n);
        tr.forward(s.out, s.o, n, s.ao);
        Vec post(rows * H);
        ref::rmsNormRows(s.ao, n, w.postAttentionNorm, post, eps);
        s.x1.resize(rows * H);
        ref::add(s.x0, post, s.x1);

        // Feed-forward block.
        const size_t F = size_t(l.ffnWidth);
        s.f.resize(rows * H);
        ref::rmsNormRows(s.x1, n, w.ffnNorm, s.f, eps);
        s.ffnGate = tr.proj(i, LoraTarget::FfnGate, w.ffnGate, n);
        s.ffnUp = tr.proj(i, LoraTarget::FfnUp, w.ffnUp, n);
        tr.forward(s.ffnGate, s.f, n, s.gate);
        tr.forward(s.ffnUp, s.f, n, s.up);
        s.act.resize(rows * F);
        ref::geglu(s.gate, s.up, s.act);
        s.ffnDown = tr.proj(i, LoraTarget::FfnDown, w.ffnDown, n);
        tr.forward(s.ffnDown, s.act, n, s.down);
        ref::rmsNormRows(s.down, n, w.postFfwNorm, post, eps);
        s.x2.resize(rows * H);
        ref::add(s.x1, post, s.x2);
        x = s.x2;

        // Per-layer input block.
        if (c.hasPle) {
            s.inpGate = tr.proj(i, LoraTarget::InpGate, w.inpGate, n);
            tr.forward(s.inpGate, s.x2, n, s.pg);
            s.pin.resize(rows * P);
            for (size_t r = 0; r < rows; ++r) {
                std::copy_n(ple.begin() + ptrdiff_t(r * LP + size_t(i) * P), P,
                            s.pin.begin() + ptrdiff_t(r * P));
            }
            s.pa.resize(rows * P);
            ref::geglu(s.pg, s.pin, s.pa);
            s.proj = tr.proj(i, LoraTarget::Proj, w.proj, n);
            tr.forward(s.proj, s.pa, n, s.pp);
            ref::rmsNormRows(s.pp, n, w.postNorm, post, eps);
            s.x3.resize(rows * H);
            ref::add(s.x2, post, s.x3);
            x = s.x3;
        }
        if (l.hasOutputScale()) ref::scale(x, w.outputScale, x);
    }

    Vec normed(rows * H);
    ref::rmsNormRows(x, n, m.outputNorm(), normed, eps);
    Vec raw(rows * V), logits(rows * V);
    ref::matmul(m.outputWeight(), normed, n, raw);
    ref::softcap(raw, c.finalLogitSoftcap, logits);
    if (logitsOut) *logitsOut = logits;
    Vec dLogits;
    if (grads) dLogits.assign(logits.size(), 0.0f);
    result.loss = ref::crossEntropy(logits, targets, dLogits);
    if (!grads || result.counted == 0) return result;

    // ---- backward ----
    Vec dRaw(raw.size(), 0.0f);
    ref::softcapBackward(raw, c.finalLogitSoftcap, dLogits, dRaw);
    Vec dNormed(normed.size(), 0.0f);
    tr.frozenBackward(m.outputWeight(), dRaw, n, dNormed);
    Vec dx(rows * H, 0.0f);
    ref::rmsNormRowsBackward(x, n, m.outputNorm(), dNormed, eps, dx, {});

    for (int i = L - 1; i >= 0; --i) {
        const model::Gemma4LayerConfig &l = c.layer(i);
        const ReferenceModel::LayerWeights &w = m.layerWeights(i);
        LayerState &s = st[size_t(i)];
        const size_t hd = size_t(l.headDim), qW = size_t(c.heads) * hd;
        const size_t kvW = size_t(l.kvHeads) * hd;
        const ref::RopeParams rope = m.ropeParams(i);

        if (l.hasOutputScale()) {
            Vec d(dx.size(), 0.0f);
            ref::scaleBackward(c.hasPle ? s.x3 : s.x2, w.outputScale, dx, d);
            dx = std::move(d);
        }
        // Per-layer input block: x3 = x2 + rmsw(proj(pa), postNorm).
        if (c.hasPle) {
            Vec dpp(s.pp.size(), 0.0f);
            ref::rmsNormRowsBackward(s.pp, n, w.postNorm, dx, eps, dpp, {});
            Vec dpa(s.pa.size(), 0.0f);
            tr.backward(s.proj, s.pa, n, dpp, dpa);
            Vec dpg(s.pg.size(), 0.0f);
            ref::gegluBackward(s.pg, s.pin, dpa, dpg, {});
            tr.backward(s.inpGate, s.x2, n, dpg, dx);  // dx now holds d x2
        }
        // Feed-forward block: x2 = x1 + rmsw(down(geglu(gate(f), up(f))), postFfw).
        {
            Vec dDown(s.down.size(), 0.0f);
            ref::rmsNormRowsBackward(s.down, n, w.postFfwNorm, dx, eps, dDown, {});
            Vec dAct(s.act.size(), 0.0f);
            tr.backward(s.ffnDown, s.act, n, dDown, dAct);
            Vec dGate(s.gate.size(), 0.0f), dUp(s.up.size(), 0.0f);
            ref::gegluBackward(s.gate, s.up, dAct, dGate, dUp);
            Vec df(s.f.size(), 0.0f);
            tr.backward(s.ffnGate, s.f, n, dGate, df);
            tr.backward(s.ffnUp, s.f, n, dUp, df);
            ref::rmsNormRowsBackward(s.x1, n, w.ffnNorm, df, eps, dx, {});  // dx: d x1
        }
        // Attention block: x1 = x0 + rmsw(out(attention(q(a), K, V)), postAttention).
        {
            Vec dAo(s.ao.size(), 0.0f);
            ref::rmsNormRowsBackward(s.ao, n, w.postAttentionNorm, dx, eps, dAo, {});
            Vec dO(s.o.size(), 0.0f);
            tr.backward(s.out, s.o, n, dAo, dO);
            KvState &cache = kv[size_t(l.sharesKv() ? l.kvDonor : i)];
            Vec dqRoped(s.qRoped.size(), 0.0f);
            ref::attentionBackward(s.qRoped, positions, cache.k, cache.v, positions,
                                   m.attentionParams(i), dO, dqRoped, cache.dk, cache.dv);
            Vec dqNormed(s.qNormed.size(), 0.0f);
            ropeRows(dqRoped, dqNormed, qW, l.headDim, positions, rope, true);
            Vec dqRaw(s.qRaw.size(), 0.0f);
            ref::rmsNormRowsBackward(s.qRaw, n * c.heads, w.qNorm, dqNormed, eps, dqRaw, {});
            Vec da(s.a.size(), 0.0f);
            tr.backward(s.q, s.a, n, dqRaw, da);
            if (!l.sharesKv()) {
                // Every layer reading this cache has added its dK and dV by now.
                Vec dkNormed(s.kNormed.size(), 0.0f);
                ropeRows(cache.dk, dkNormed, kvW, l.headDim, positions, rope, true);
                Vec dkRaw(s.kRaw.size(), 0.0f);
                ref::rmsNormRowsBackward(s.kRaw, n * l.kvHeads, w.kNorm, dkNormed, eps, dkRaw, {});
                tr.backward(s.k, s.a, n, dkRaw, da);
                Vec dvRaw(s.vRaw.size(), 0.0f);
                ref::rmsNormRowsBackward(s.vRaw, n * l.kvHeads, {}, cache.dv, eps, dvRaw, {});
                tr.backward(s.v, s.a, n, dvRaw, da);
            }
            ref::rmsNormRowsBackward(s.x0, n, w.attnNorm, da, eps, dx, {});  // dx: d x0
        }
    }
    return result;
}

}  // namespace

}  // namespace facet::train
