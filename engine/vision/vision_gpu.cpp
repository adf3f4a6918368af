// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "vision/vision_gpu.h"

#include "gpu/activation_allocator.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu/matmul_ops.h"
#include "model/tower_ops.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace facet::vision {

using Rows = model::TowerOps::Rows;
using model::Linear;
using model::TowerOps;
namespace ref = model::ref;

namespace {

void setError(QString *error, const QString &message) {
    if (error) *error = message;
}

TowerOps::LinearOptions clampOptions(const ops::ClampBounds &b, Rows scratch) {
    TowerOps::LinearOptions o;
    if (!b.active) return o;
    // Infinite bounds clamp nothing: skip the dispatch.
    o.clampInput = std::isfinite(b.inMin) || std::isfinite(b.inMax);
    o.inMin = b.inMin;
    o.inMax = b.inMax;
    o.clampOutput = std::isfinite(b.outMin) || std::isfinite(b.outMax);
    o.outMin = b.outMin;
    o.outMax = b.outMax;
    o.inputScratch = scratch;
    return o;
}

}  // namespace

struct GpuVisionTower::Layer {
    Linear q, k, v, out, gate, up, down;
    ops::ClampBounds qb, kb, vb, outb, gateb, upb, downb;
    uint32_t ln1 = 0, attnPostNorm = 0, ln2 = 0, ffnPostNorm = 0, qNorm = 0, kNorm = 0;
    uint32_t outScale = TowerOps::kNone;  // consts offset (W values), or
    float outScalar = 1.0f;               // a scalar (when outScaleIsScalar)
    bool outScaleIsScalar = false;
};

struct GpuVisionTower::Head {
    Linear patch, projection;
    ops::ClampBounds projectionBounds;
    uint32_t positionTable = 0, stdBias = 0, stdScale = 0, ropeFreqs = 0;
};

// The activation regions of one image (floats in act; ids in the ids buffer).
struct GpuVisionTower::Plan {
    uint32_t pix = 0, h = 0, xn = 0, clamp = 0, q = 0, k = 0, v = 0, a = 0, o = 0, g = 0, u = 0,
             pooled = 0, out = 0, split = 0, splitFloats = 0;
    uint64_t floats = 0;
    // ids: patch positions (x, y), position-table rows (x, P + y), pooling lists.
    uint32_t idsPos = 0, idsTable = 0, idsPool = 0, idsCount = 0;
};

GpuVisionTower::GpuVisionTower(gpu::GpuContext &ctx, const GpuVisionOptions &options)
    : m_ctx(ctx), m_options(options) {}

GpuVisionTower::~GpuVisionTower() = default;

std::unique_ptr<GpuVisionTower> GpuVisionTower::create(gpu::GpuContext &ctx, const gguf::File &file,
                                                       const GpuVisionOptions &options,
                                                       QString *error) {
    auto tower = VisionTower::load(file, error);
    if (!tower) return nullptr;
    return create(ctx, *tower, options, error);
}

std::unique_ptr<GpuVisionTower> GpuVisionTower::create(gpu::GpuContext &ctx,
                                                       const VisionTower &tower,
                                                       const GpuVisionOptions &options,
                                                       QString *error) {
    std::unique_ptr<GpuVisionTower> t(new GpuVisionTower(ctx, options));
    const VisionConfig &c = tower.config();
    t->m_config = c;
    if (c.headDim > 64 || c.headDim % 4 != 0) {
        setError(error, QStringLiteral("This vision tower's head size (%1) is not supported on "
                                       "the GPU yet (at most 64, a multiple of 4).")
                            .arg(c.headDim));
        return nullptr;
    }
    t->m_weights = std::make_unique<model::TowerWeights>(options.maxWeightBufferBytes);
    model::TowerWeights &w = *t->m_weights;
    t->m_head = std::make_unique<Head>();
    Head &head = *t->m_head;
    QString why;
    auto matrix = [&](const ref::WeightView &view, Linear *out) {
        *out = w.addMatrix(view, &why);
        return !out->pieces.empty();
    };
    const int values = c.patchSize * c.patchSize * 3;
    if (!matrix(ref::WeightView::fromF32(tower.patchEmbedding(), values, c.width), &head.patch))
        return setError(error, why), nullptr;
    head.positionTable = w.addConsts(tower.positionTable());
    // HF's Gemma4VisionRotaryEmbedding: inv_freq_j = θ^(−2j/n) over a half of n = headDim/2
    // values, in double and rounded once.
    std::vector<float> freqs(size_t(c.headDim / 4));
    for (size_t j = 0; j < freqs.size(); ++j)
        freqs[j] = float(std::pow(double(c.ropeTheta), -2.0 * double(j) / (c.headDim / 2)));
    head.ropeFreqs = w.addConsts(freqs);
    if (c.standardize) {
        head.stdBias = w.addConsts(tower.stdBias());
        head.stdScale = w.addConsts(tower.stdScale());
    }
    for (const VisionLayer &L : tower.layers()) {
        Layer l;
        if (!matrix(L.q.weight, &l.q) || !matrix(L.k.weight, &l.k) || !matrix(L.v.weight, &l.v) ||
            !matrix(L.out.weight, &l.out) || !matrix(L.gate.weight, &l.gate) ||
            !matrix(L.up.weight, &l.up) || !matrix(L.down.weight, &l.down))
            return setError(error, why), nullptr;
        l.qb = L.q.bounds;
        l.kb = L.k.bounds;
        l.vb = L.v.bounds;
        l.outb = L.out.bounds;
        l.gateb = L.gate.bounds;
        l.upb = L.up.bounds;
        l.downb = L.down.bounds;
        l.ln1 = w.addConsts(L.ln1);
        l.attnPostNorm = w.addConsts(L.attnPostNorm);
        l.ln2 = w.addConsts(L.ln2);
        l.ffnPostNorm = w.addConsts(L.ffnPostNorm);
        l.qNorm = w.addConsts(L.qNorm);
        l.kNorm = w.addConsts(L.kNorm);
        if (L.outScale.size() == 1) {
            l.outScaleIsScalar = true;
            l.outScalar = L.outScale[0];
        } else if (!L.outScale.empty()) {
            l.outScale = w.addConsts(L.outScale);
        }
        t->m_layers.push_back(std::move(l));
    }
    if (!matrix(tower.projection().weight, &head.projection)) return setError(error, why), nullptr;
    head.projectionBounds = tower.projection().bounds;
    if (!w.upload(ctx, QStringLiteral("vision tower"), error)) return nullptr;
    return t;
}

GpuVisionTower::Plan GpuVisionTower::plan(int patches) const {
    const VisionConfig &c = m_config;
    const uint64_t T = uint64_t(std::max(patches, 1)), W = uint64_t(c.width), F = uint64_t(c.ffn),
                   k2 = uint64_t(c.poolingKernel) * c.poolingKernel;
    const uint64_t N = (T + k2 - 1) / k2;
    const uint64_t qW = uint64_t(c.heads) * c.headDim, kvW = uint64_t(c.kvHeads) * c.headDim;
    const uint64_t values = uint64_t(c.patchSize) * c.patchSize * 3;
    // Phases: 0 patch embedding, 1 attention, 2 MLP, 3 pooling and projection. A layer's
    // attention and MLP regions may share memory; the residual stream lives throughout.
    gpu::ActivationAllocator a;
    const auto pix = a.declare(QStringLiteral("pixels"), T * values, 0, 0);
    const auto h = a.declare(QStringLiteral("residual"), T * W, 0, 3);
    const auto xn = a.declare(QStringLiteral("normed"), T * W, 1, 2);
    const auto cl = a.declare(QStringLiteral("clamped input"), T * W, 1, 2);
    const auto q = a.declare(QStringLiteral("q"), T * qW, 1, 1);
    const auto k = a.declare(QStringLiteral("k"), T * kvW, 1, 1);
    const auto v = a.declare(QStringLiteral("v"), T * kvW, 1, 1);
    const auto at = a.declare(QStringLiteral("attention"), T * qW, 1, 1);
    const auto o = a.declare(QStringLiteral("branch"), T * W, 1, 2);
    const auto g = a.declare(QStringLiteral("gate"), T * F, 2, 2);
    const auto u = a.declare(QStringLiteral("up"), T * F, 2, 2);
    const auto pooled = a.declare(QStringLiteral("pooled"), N * W, 3, 3);
    const auto out = a.declare(QStringLiteral("soft tokens"), N * uint64_t(c.textWidth), 3, 3);
    // Split-K scratch for the products of few tiles (the projection of a small image).
    const uint64_t splitFloats = gpu::matMulSplitScratchFloats(uint32_t(std::min<uint64_t>(T, 64)));
    const auto split = a.declare(QStringLiteral("split-K scratch"), splitFloats, 0, 3);
    a.place();
    Plan p;
    p.pix = a.offset(pix);
    p.h = a.offset(h);
    p.xn = a.offset(xn);
    p.clamp = a.offset(cl);
    p.q = a.offset(q);
    p.k = a.offset(k);
    p.v = a.offset(v);
    p.a = a.offset(at);
    p.o = a.offset(o);
    p.g = a.offset(g);
    p.u = a.offset(u);
    p.pooled = a.offset(pooled);
    p.out = a.offset(out);
    p.split = a.offset(split);
    p.splitFloats = uint32_t(splitFloats);
    p.floats = a.total();
    p.idsPos = 0;
    p.idsTable = uint32_t(2 * T);
    p.idsPool = uint32_t(4 * T);
    p.idsCount = uint32_t(4 * T + N * k2);
    return p;
}

qint64 GpuVisionTower::activationBytesFor(int patches) const {
    const Plan p = plan(patches);
    return qint64(p.floats) * 4 + qint64(p.idsCount) * 4;
}

bool GpuVisionTower::ensureActivations(int patches, QString *error) {
    const Plan p = plan(patches);
    // (A smaller image's plan fits the buffers of a larger one; checked, not assumed.)
    if (m_ops && qint64(p.floats) * 4 <= m_act->size() && qint64(p.idsCount) * 4 <= m_ids->size())
        return true;
    m_ops.reset();
    m_act.reset();
    m_ids.reset();
    m_capacity = 0;
    const qint64 bytes = qint64(p.floats) * 4;
    if (bytes > m_ctx.info().maxStorageBufferRange) {
        setError(error, QStringLiteral("An image of %1 patches needs %2 MiB of GPU activations, "
                                       "more than this GPU binds at once; choose a smaller image "
                                       "budget.")
                            .arg(patches)
                            .arg(bytes >> 20));
        return false;
    }
    m_act = m_ctx.createBuffer(gpu::BufferKind::Storage, bytes,
                               QStringLiteral("vision activations"), error);
    if (!m_act) return false;
    m_ids = m_ctx.createBuffer(gpu::BufferKind::Storage, qint64(p.idsCount) * 4,
                               QStringLiteral("vision indices"), error);
    if (!m_ids) return false;
    model::TowerBuffers b;
    b.weights = m_weights->buffers();
    b.consts = m_weights->consts();
    b.act = m_act.get();
    b.ids = m_ids.get();
    m_ops = TowerOps::create(m_ctx, b, error);
    if (!m_ops) return false;
    m_capacity = patches;
    return true;
}

bool GpuVisionTower::reserve(int patches, QString *error) {
    return ensureActivations(patches, error);
}

void GpuVisionTower::releaseActivations() {
    m_ops.reset();
    m_act.reset();
    m_ids.reset();
    m_capacity = 0;
}

qint64 GpuVisionTower::weightBytes() const {
    return m_weights ? m_weights->bytes() : 0;
}

qint64 GpuVisionTower::activationBytes() const {
    return (m_act ? m_act->allocatedSize() : 0) + (m_ids ? m_ids->allocatedSize() : 0);
}

std::vector<float> GpuVisionTower::encode(const PreprocessedImage &image,
                                          const EncodeControl &control, QString *error) {
    const VisionConfig &c = m_config;
    const int T = image.numPatches();
    const int values = image.patchValues();
    if (!imageFitsTower(c, image, error)) return {};
    int maxX = 0, maxY = 0;
    for (int i = 0; i < 2 * T; ++i)
        (i % 2 == 0 ? maxX : maxY) = std::max(i % 2 == 0 ? maxX : maxY, image.positions[i]);
    // The pooling lists (HF's _avg_pool_by_positions): soft token bx + by·(gx/k) averages the
    // patches of its k×k block, summed in patch order as the reference does.
    const int k = c.poolingKernel, gx = maxX + 1, gy = maxY + 1;
    const auto poolError = [&] {
        setError(error, QStringLiteral("The image's patch grid (%1×%2) cannot be pooled in %3×%3 "
                                       "blocks.")
                            .arg(image.patchesX())
                            .arg(image.patchesY())
                            .arg(k));
        return std::vector<float>();
    };
    if (gx % k != 0 || gy % k != 0) return poolError();
    const int N = (gx / k) * (gy / k), k2 = k * k;
    if (N != image.softTokens()) return poolError();
    std::vector<uint32_t> pool(size_t(N) * k2), fill(size_t(N), 0);
    for (int i = 0; i < T; ++i) {
        const int cell = image.positions[2 * i] / k + (gx / k) * (image.positions[2 * i + 1] / k);
        if (fill[size_t(cell)] >= uint32_t(k2)) return poolError();
        pool[size_t(cell) * k2 + fill[size_t(cell)]++] = uint32_t(i);
    }
    for (uint32_t f : fill)
        if (f != uint32_t(k2)) return poolError();

    if (!ensureActivations(T, error)) return {};
    const Plan p = plan(T);
    const uint32_t W = uint32_t(c.width), F = uint32_t(c.ffn), hd = uint32_t(c.headDim);
    const uint32_t heads = uint32_t(c.heads), kvHeads = uint32_t(c.kvHeads);
    const uint32_t qW = heads * hd, kvW = kvHeads * hd, tw = uint32_t(c.textWidth);
    const uint32_t rows = uint32_t(T), P = uint32_t(c.positions);
    std::vector<uint32_t> pos(size_t(T) * 2), table(size_t(T) * 2);
    for (int i = 0; i < T; ++i) {
        pos[2 * i] = uint32_t(image.positions[2 * i]);
        pos[2 * i + 1] = uint32_t(image.positions[2 * i + 1]);
        table[2 * i] = pos[2 * i];
        table[2 * i + 1] = P + pos[2 * i + 1];
    }

    const int totalSteps = c.layers + 2;
    TowerOps &op = *m_ops;
    const Head &hw = *m_head;
    gpu::ComputeBatch batch;
    op.begin(batch, p.split, p.splitFloats);
    int doneSteps = 0, pendingSteps = 0;
    // Submits what is recorded and reports the steps it completed; false on failure or cancel.
    auto submit = [&](int steps) {
        if (!op.ok()) {
            setError(
                error,
                QStringLiteral("The GPU vision tower could not be recorded: %1").arg(op.error()));
            return false;
        }
        QString why;
        if (!m_ctx.submit(batch, &why)) {
            setError(error, QStringLiteral("The GPU failed while encoding the image: %1").arg(why));
            return false;
        }
        for (int s = 0; s < steps; ++s) {
            ++doneSteps;
            if (control.progress && !control.progress(doneSteps, totalSteps)) {
                setError(error, QStringLiteral("The image encode was cancelled."));
                return false;
            }
        }
        op.begin(batch, p.split, p.splitFloats);
        return true;
    };

    // Patch embedding: HF maps pixels to 2(v − 0.5), projects, then adds x_emb + y_emb.
    op.upload(p.pix, image.patches);
    op.uploadIds(p.idsPos, pos);
    op.uploadIds(p.idsTable, table);
    op.uploadIds(p.idsPool, pool);
    const Rows pix{p.pix, uint32_t(values)}, h{p.h, W}, xn{p.xn, W}, cl{p.clamp, W};
    op.scale(pix, uint32_t(values), rows, 2.0f, pix, -1.0f);
    op.linear(hw.patch, pix, rows, h);
    op.gather(p.idsTable, 2, 2 * P - 1, {hw.positionTable, W}, true, W, rows, 1.0f, true, h);
    pendingSteps = 1;

    const Rows q{p.q, qW}, kk{p.k, kvW}, v{p.v, kvW}, a{p.a, qW}, o{p.o, W}, g{p.g, F}, u{p.u, F};
    const Rows none{TowerOps::kNone, 0};
    const int perSubmit = std::max(1, m_options.layersPerSubmit);
    for (size_t li = 0; li < m_layers.size(); ++li) {
        const Layer &L = m_layers[li];
        // Attention: norm → q, k, v (clipped) → q/k norms, v's weightless norm → 2-D RoPE →
        // attention (scale 1) → output (clipped) → post-norm → residual.
        op.rmsNorm(h, W, rows, L.ln1, xn, c.eps);
        op.linear(L.q, xn, rows, q, clampOptions(L.qb, cl));
        op.linear(L.k, xn, rows, kk, clampOptions(L.kb, cl));
        op.linear(L.v, xn, rows, v, clampOptions(L.vb, cl));
        op.rmsNorm(q, hd, rows, L.qNorm, q, c.eps, heads);
        op.rmsNorm(kk, hd, rows, L.kNorm, kk, c.eps, kvHeads);
        op.rmsNorm(v, hd, rows, TowerOps::kNone, v, c.eps, kvHeads);
        op.rope2d(q, rows, heads, hd, p.idsPos, hw.ropeFreqs);
        op.rope2d(kk, rows, kvHeads, hd, p.idsPos, hw.ropeFreqs);
        op.attention(q, kk, v, a, rows, heads, kvHeads, hd, 1.0f);
        op.linear(L.out, a, rows, o, clampOptions(L.outb, none));
        op.rmsNorm(o, W, rows, L.attnPostNorm, o, c.eps);
        op.add(h, o, W, rows, h);
        // MLP: norm → gate, up (clipped) → gelu_tanh(gate)·up → down (clipped) → post-norm.
        op.rmsNorm(h, W, rows, L.ln2, xn, c.eps);
        op.linear(L.gate, xn, rows, g, clampOptions(L.gateb, cl));
        op.linear(L.up, xn, rows, u, clampOptions(L.upb, cl));
        op.geglu(g, u, F, rows, g);
        op.linear(L.down, g, rows, o, clampOptions(L.downb, none));
        op.rmsNorm(o, W, rows, L.ffnPostNorm, o, c.eps);
        op.add(h, o, W, rows, h);
        if (L.outScaleIsScalar) op.scale(h, W, rows, L.outScalar, h);
        if (L.outScale != TowerOps::kNone) op.mulColumns(h, L.outScale, W, rows, h);
        ++pendingSteps;
        if (int(li + 1) % perSubmit == 0 && li + 1 < m_layers.size()) {
            if (!submit(pendingSteps)) return {};
            pendingSteps = 0;
        }
    }

    // 3×3 average by position, ×sqrt(W), optional standardisation, then Gemma4MultimodalEmbedder:
    // weightless RMS norm and the projection into the text width.
    const Rows pooled{p.pooled, W}, outRows{p.out, tw};
    op.gather(p.idsPool, uint32_t(k2), rows - 1, h, false, W, uint32_t(N), 1.0f / float(k2), false,
              pooled);
    op.scale(pooled, W, uint32_t(N), float(std::sqrt(double(W))), pooled);
    if (c.standardize) op.standardize(pooled, hw.stdBias, hw.stdScale, W, uint32_t(N), pooled);
    op.rmsNorm(pooled, W, uint32_t(N), TowerOps::kNone, pooled, c.eps);
    op.linear(hw.projection, pooled, uint32_t(N), outRows, clampOptions(hw.projectionBounds, none));
    QByteArray bytes;
    batch.readBack(*m_act, qint64(p.out) * 4, qint64(N) * tw * 4, &bytes);
    if (!submit(pendingSteps + 1)) return {};
    std::vector<float> out(size_t(N) * tw);
    if (bytes.size() != qsizetype(out.size() * 4)) {
        setError(error, QStringLiteral("The GPU returned an incomplete result for the image."));
        return {};
    }
    std::memcpy(out.data(), bytes.constData(), size_t(bytes.size()));
    return out;
}

}  // namespace facet::vision
