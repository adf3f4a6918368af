// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/tower_ops.h"

#include "gpu/compute_batch.h"
#include "gpu/encoder_ops.h"
#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/matmul_ops.h"
#include "gpu/ops.h"

#include <algorithm>
#include <cmath>

namespace facet::model {

using gpu::KernelId;
using gpu::TowerEltMode;

namespace {

constexpr qint64 kDefaultMaxBufferBytes = qint64(256) << 20;
// Matrices start at multiples of this (the storage-offset alignment every device reports is at
// most 256; the matmul kernel only needs 4).
constexpr qint64 kMatrixAlign = 256;

qint64 alignUp(qint64 v, qint64 a) {
    return (v + a - 1) / a * a;
}

}  // namespace

// ---- TowerWeights -------------------------------------------------------------------------------

TowerWeights::TowerWeights(qint64 maxBufferBytes)
    : m_maxBufferBytes(maxBufferBytes > 0 ? maxBufferBytes : kDefaultMaxBufferBytes) {}

Linear TowerWeights::addMatrix(const ref::WeightView &w, QString *error) {
    if (!w.valid()) {
        if (error) *error = QStringLiteral("a tower weight could not be read");
        return {};
    }
    Matrix m;
    WeightMatrix wm;
    wm.K = w.cols;
    wm.N = w.rows;
    if (gpu::matMulKernel(w.type) && w.cols % gpu::kernelBlockValues(w.type) == 0 &&
        w.rowBytes % 4 == 0) {
        wm.type = w.type;
        wm.rowBytes = qint64(w.rowBytes);
        m.src = w.data;
    } else {
        // No tiled kernel reads this type (or its rows are not word-aligned): f32 rows instead.
        wm.type = gguf::TensorType::F32;
        wm.rowBytes = w.cols * 4;
        m.owned.resize(size_t(w.rows * w.cols * 4));
        auto *dst = reinterpret_cast<float *>(m.owned.data());
        for (int64_t r = 0; r < w.rows; ++r)
            w.dequantizeRow(r, std::span<float>(dst + r * w.cols, size_t(w.cols)));
        m.src = m.owned.data();
    }
    m.bytes = wm.rowBytes * wm.N;
    // + 16: the weight readers fetch a word past the last byte they decode.
    const qint64 need = m.bytes + 16;
    if (need > m_maxBufferBytes) {
        if (error)
            *error = QStringLiteral("a tower weight of %1 bytes does not fit one GPU buffer")
                         .arg(m.bytes);
        return {};
    }
    if (m_bufferSizes.empty() ||
        alignUp(m_bufferSizes.back(), kMatrixAlign) + need > m_maxBufferBytes)
        m_bufferSizes.push_back(0);
    m.buffer = int(m_bufferSizes.size()) - 1;
    m.offset = alignUp(m_bufferSizes.back(), kMatrixAlign);
    m_bufferSizes.back() = m.offset + m.bytes;
    wm.parts.push_back({m.buffer, m.offset, 0, wm.N});
    m_matrices.push_back(std::move(m));
    Linear lin;
    lin.outWidth = wm.N;
    lin.pieces.emplace_back(std::move(wm), 0);
    return lin;
}

uint32_t TowerWeights::addConsts(std::span<const float> values) {
    const size_t at = size_t(alignUp(qint64(m_consts.size()), 64));
    m_consts.resize(at + values.size(), 0.0f);
    std::copy(values.begin(), values.end(), m_consts.begin() + qint64(at));
    return uint32_t(at);
}

bool TowerWeights::upload(gpu::GpuContext &ctx, const QString &name, QString *error) {
    m_buffers.clear();
    for (size_t i = 0; i < m_bufferSizes.size(); ++i) {
        // + 16: the word past the last matrix (see addMatrix).
        const qint64 bytes = m_bufferSizes[i] + 16;
        if (bytes > ctx.info().maxStorageBufferRange) {
            if (error)
                *error = QStringLiteral(
                             "%1: a weight buffer of %2 bytes exceeds this GPU's "
                             "storage range limit")
                             .arg(name)
                             .arg(bytes);
            return false;
        }
        auto b = ctx.createBuffer(gpu::BufferKind::Weights, bytes,
                                  QStringLiteral("%1 weights %2").arg(name).arg(i), error);
        if (!b) return false;
        m_buffers.push_back(std::move(b));
    }
    for (const Matrix &m : m_matrices) {
        if (!ctx.upload(*m_buffers[size_t(m.buffer)], m.offset, m.src, m.bytes, error))
            return false;
    }
    std::vector<float> consts = m_consts;
    consts.resize(std::max<size_t>(consts.size(), 4), 0.0f);
    m_constsBuffer = ctx.createBuffer(gpu::BufferKind::Weights, qint64(consts.size() * 4),
                                      name + QStringLiteral(" constants"), error);
    if (!m_constsBuffer) return false;
    if (!ctx.upload(*m_constsBuffer, 0, consts.data(), qint64(consts.size() * 4), error))
        return false;
    // The dequantised copies are on the GPU now.
    for (Matrix &m : m_matrices) {
        m.owned = {};
        m.src = nullptr;
    }
    return true;
}

std::vector<const gpu::Buffer *> TowerWeights::buffers() const {
    std::vector<const gpu::Buffer *> out;
    for (const auto &b : m_buffers)
        out.push_back(b.get());
    return out;
}

qint64 TowerWeights::bytes() const {
    qint64 total = 0;
    if (!m_buffers.empty() || m_constsBuffer) {
        for (const auto &b : m_buffers)
            total += b->allocatedSize();
        if (m_constsBuffer) total += m_constsBuffer->allocatedSize();
        return total;
    }
    for (qint64 s : m_bufferSizes)
        total += s + 16;
    return total + qint64(m_consts.size()) * 4;
}

// ---- TowerOps -----------------------------------------------------------------------------------

TowerOps::TowerOps(gpu::GpuContext &ctx, const TowerBuffers &buffers)
    : m_ctx(ctx), m_buffers(buffers) {}

TowerOps::~TowerOps() = default;

std::unique_ptr<TowerOps> TowerOps::create(gpu::GpuContext &ctx, const TowerBuffers &buffers,
                                           QString *error) {
    if (!buffers.act || !buffers.consts || !buffers.ids) {
        if (error) *error = QStringLiteral("internal error: tower buffers missing");
        return nullptr;
    }
    std::unique_ptr<TowerOps> ops(new TowerOps(ctx, buffers));
    TowerOps &o = *ops;
    auto bind = [&](KernelId id,
                    const std::vector<gpu::BufferView> &views) -> std::unique_ptr<gpu::Bindings> {
        const gpu::Kernel *k = ctx.kernel(id, error);
        return k ? ctx.bind(*k, views, error) : nullptr;
    };
    const gpu::Buffer &act = *buffers.act, &consts = *buffers.consts, &ids = *buffers.ids;
    if (!(o.m_norm = bind(KernelId::TowerNorm, {act, consts})) ||
        !(o.m_elementwise = bind(KernelId::TowerElementwise, {act, consts})) ||
        !(o.m_gather = bind(KernelId::TowerGather, {act, consts, ids})) ||
        !(o.m_rope2d = bind(KernelId::Rope2d, {act, consts, ids})) ||
        !(o.m_attention = bind(KernelId::AttentionBidir, {act})) ||
        !(o.m_matMulReduce = bind(KernelId::MatMulReduce, {act, act})))
        return nullptr;
    return ops;
}

bool TowerOps::fail(const QString &message) {
    if (m_error.isEmpty())
        m_error = message.isEmpty() ? QStringLiteral("recording failed") : message;
    return false;
}

void TowerOps::begin(gpu::ComputeBatch &batch, uint32_t splitOffset, uint32_t splitFloats) {
    m_batch = &batch;
    m_splitOffset = splitOffset;
    m_splitFloats = splitFloats;
    m_error.clear();
}

const gpu::Bindings *TowerOps::bind(KernelId kernel, int key,
                                    const std::vector<const gpu::Buffer *> &buffers) {
    auto &slot = m_bindings[{int(kernel), key}];
    if (slot) return slot.get();
    QString error;
    const gpu::Kernel *k = m_ctx.kernel(kernel, &error);
    if (!k) {
        fail(error);
        return nullptr;
    }
    std::vector<gpu::BufferView> views;
    for (const gpu::Buffer *b : buffers)
        views.emplace_back(*b);
    slot = m_ctx.bind(*k, views, &error);
    if (!slot) fail(error);
    return slot.get();
}

const gpu::Bindings *TowerOps::weightBindings(KernelId kernel, int buffer) {
    if (buffer < 0 || size_t(buffer) >= m_buffers.weights.size()) {
        fail(QStringLiteral("internal error: weight buffer %1 does not exist").arg(buffer));
        return nullptr;
    }
    return bind(kernel, buffer, {m_buffers.weights[size_t(buffer)], m_buffers.act, m_buffers.act});
}

void TowerOps::upload(uint32_t offset, std::span<const float> values) {
    if (!ok()) return;
    m_batch->upload(*m_buffers.act, qint64(offset) * 4,
                    QByteArray(reinterpret_cast<const char *>(values.data()),
                               qsizetype(values.size() * sizeof(float))));
}

void TowerOps::uploadIds(uint32_t offset, std::span<const uint32_t> values) {
    if (!ok()) return;
    if ((qint64(offset) + qint64(values.size())) * 4 > m_buffers.ids->size()) {
        fail(QStringLiteral("internal error: %1 ids do not fit the ids buffer").arg(values.size()));
        return;
    }
    m_batch->upload(*m_buffers.ids, qint64(offset) * 4,
                    QByteArray(reinterpret_cast<const char *>(values.data()),
                               qsizetype(values.size() * sizeof(uint32_t))));
}

// ---- projections --------------------------------------------------------------------------------

TowerOps::Rows TowerOps::linear(const Linear &lin, Rows in, uint32_t rows, Rows out,
                                const LinearOptions &o) {
    if (!ok()) return out;
    if (lin.adapter) {
        fail(QStringLiteral("this build cannot run adapters on the encoder towers yet"));
        return out;
    }
    if (lin.pieces.empty()) {
        fail(QStringLiteral("internal error: a projection without weights"));
        return out;
    }
    const uint32_t K = uint32_t(lin.pieces.front().first.K);
    Rows x = in;
    if (o.clampInput) {
        // ClippableLinear clamps the input it reads; an input other projections read as well
        // (q, k and v share theirs) is clamped into the caller's scratch.
        const Rows dst = o.inputScratch.offset == kNone ? in : o.inputScratch;
        clamp(in, K, rows, o.inMin, o.inMax, dst);
        x = dst;
    }
    QString error;
    for (const auto &[m, column] : lin.pieces) {
        if (uint32_t(m.K) != K) {
            fail(QStringLiteral("internal error: projection pieces of different input widths"));
            return out;
        }
        const KernelId kid = *gpu::matMulKernel(m.type);
        for (const WeightPart &part : m.parts) {
            const gpu::Bindings *b = weightBindings(kid, part.buffer);
            if (!b) return out;
            gpu::MatMulParams p;
            p.K = uint32_t(m.K);
            p.N = uint32_t(part.rows);
            p.M = rows;
            p.rowBytes = uint32_t(m.rowBytes);
            p.wOffset = uint32_t(part.offset);
            p.xOffset = x.offset;
            p.xStride = x.stride;
            p.yOffset = out.offset + uint32_t(column + part.firstRow);
            p.yStride = out.stride;
            gpu::MatMulSplit split;
            split.reduce = m_matMulReduce.get();
            split.scratchOffset = m_splitOffset;
            split.scratchFloats = m_splitFloats;
            if (!gpu::recordMatMul(*m_batch, *b, p, &error, m_splitFloats ? &split : nullptr)) {
                fail(error);
                return out;
            }
        }
    }
    const uint32_t N = uint32_t(lin.outWidth);
    if (o.bias != kNone) addColumns(out, o.bias, N, rows, out);
    if (o.clampOutput) clamp(out, N, rows, o.outMin, o.outMax, out);
    return out;
}

// ---- norms --------------------------------------------------------------------------------------

void TowerOps::rmsNorm(Rows x, uint32_t n, uint32_t rows, uint32_t weight, Rows y, float eps,
                       uint32_t groups) {
    if (!ok()) return;
    gpu::TowerNormParams p;
    p.n = n;
    p.rows = rows * groups;
    p.groups = groups;
    p.xOffset = x.offset;
    p.xStride = x.stride;
    p.yOffset = y.offset;
    p.yStride = y.stride;
    p.mode = uint32_t(gpu::TowerNormMode::Rms);
    p.weighted = weight != kNone ? 1 : 0;
    p.wOffset = weight != kNone ? weight : 0;
    p.eps = eps;
    QString error;
    if (!gpu::recordTowerNorm(*m_batch, *m_norm, p, &error)) fail(error);
}

void TowerOps::layerNorm(Rows x, uint32_t n, uint32_t rows, uint32_t weight, uint32_t bias, Rows y,
                         float eps) {
    if (!ok()) return;
    gpu::TowerNormParams p;
    p.n = n;
    p.rows = rows;
    p.groups = 1;
    p.xOffset = x.offset;
    p.xStride = x.stride;
    p.yOffset = y.offset;
    p.yStride = y.stride;
    p.mode = uint32_t(gpu::TowerNormMode::Layer);
    p.weighted = weight != kNone ? 1 : 0;
    p.wOffset = weight != kNone ? weight : 0;
    p.biased = bias != kNone ? 1 : 0;
    p.bOffset = bias != kNone ? bias : 0;
    p.eps = eps;
    QString error;
    if (!gpu::recordTowerNorm(*m_batch, *m_norm, p, &error)) fail(error);
}

// ---- element-wise -------------------------------------------------------------------------------

void TowerOps::elementwise(TowerEltMode mode, Rows x, Rows y, bool yInConsts, uint32_t n,
                           uint32_t rows, Rows out, float s, float t, uint32_t v, uint32_t v2) {
    if (!ok()) return;
    gpu::TowerEltParams p;
    p.n = n;
    p.rows = rows;
    p.xOffset = x.offset;
    p.xStride = x.stride;
    p.yOffset = y.offset;
    p.yStride = y.stride;
    p.ySource = yInConsts ? 1 : 0;
    p.outOffset = out.offset;
    p.outStride = out.stride;
    p.mode = uint32_t(mode);
    p.s = s;
    p.t = t;
    p.vOffset = v;
    p.v2Offset = v2;
    QString error;
    if (!gpu::recordTowerElementwise(*m_batch, *m_elementwise, p, &error)) fail(error);
}

void TowerOps::add(Rows x, Rows y, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::Add, x, y, false, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::mul(Rows x, Rows y, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::Mul, x, y, false, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::scale(Rows x, uint32_t n, uint32_t rows, float s, Rows out, float t) {
    elementwise(TowerEltMode::Affine, x, x, false, n, rows, out, s, t);
}
void TowerOps::residualAdd(Rows x, Rows y, uint32_t n, uint32_t rows, Rows out, float s) {
    elementwise(TowerEltMode::AddScale, x, y, false, n, rows, out, s, 0.0f);
}
void TowerOps::gelu(Rows x, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::GeluTanh, x, x, false, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::silu(Rows x, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::Silu, x, x, false, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::relu(Rows x, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::Relu, x, x, false, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::glu(Rows a, Rows b, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::Glu, a, b, false, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::geglu(Rows gate, Rows up, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::Geglu, gate, up, false, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::clamp(Rows x, uint32_t n, uint32_t rows, float lo, float hi, Rows out) {
    elementwise(TowerEltMode::Clamp, x, x, false, n, rows, out, lo, hi);
}
void TowerOps::addColumns(Rows x, uint32_t v, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::Add, x, {v, 0}, true, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::mulColumns(Rows x, uint32_t v, uint32_t n, uint32_t rows, Rows out) {
    elementwise(TowerEltMode::Mul, x, {v, 0}, true, n, rows, out, 1.0f, 0.0f);
}
void TowerOps::standardize(Rows x, uint32_t bias, uint32_t scale, uint32_t n, uint32_t rows,
                           Rows out) {
    elementwise(TowerEltMode::ColumnAffine, x, x, false, n, rows, out, 1.0f, 0.0f, bias, scale);
}

// ---- gathers, RoPE, attention -------------------------------------------------------------------

void TowerOps::gather(uint32_t idsOffset, uint32_t count, uint32_t maxId, Rows src,
                      bool srcInConsts, uint32_t n, uint32_t rows, float scale, bool accumulate,
                      Rows y) {
    if (!ok()) return;
    gpu::TowerGatherParams p;
    p.rows = rows;
    p.count = count;
    p.n = n;
    p.idsOffset = idsOffset;
    p.srcOffset = src.offset;
    p.srcStride = src.stride;
    p.source = srcInConsts ? 1 : 0;
    p.yOffset = y.offset;
    p.yStride = y.stride;
    p.accumulate = accumulate ? 1 : 0;
    p.scale = scale;
    QString error;
    if (!gpu::recordTowerGather(*m_batch, *m_gather, p, maxId, &error)) fail(error);
}

void TowerOps::rope2d(Rows x, uint32_t rows, uint32_t heads, uint32_t headDim, uint32_t posOffset,
                      uint32_t freqs) {
    if (!ok()) return;
    gpu::Rope2dParams p;
    p.rows = rows;
    p.heads = heads;
    p.headDim = headDim;
    p.xOffset = x.offset;
    p.xStride = x.stride;
    p.posOffset = posOffset;
    p.fOffset = freqs;
    QString error;
    if (!gpu::recordRope2d(*m_batch, *m_rope2d, p, &error)) fail(error);
}

void TowerOps::attention(Rows q, Rows k, Rows v, Rows o, uint32_t rows, uint32_t heads,
                         uint32_t kvHeads, uint32_t headDim, float scale) {
    if (!ok()) return;
    gpu::BidirAttentionParams p;
    p.rows = rows;
    p.heads = heads;
    p.kvHeads = kvHeads;
    p.headDim = headDim;
    p.qOffset = q.offset;
    p.qStride = q.stride;
    p.kOffset = k.offset;
    p.kStride = k.stride;
    p.vOffset = v.offset;
    p.vStride = v.stride;
    p.oOffset = o.offset;
    p.oStride = o.stride;
    p.scale = scale;
    QString error;
    if (!gpu::recordBidirAttention(*m_batch, *m_attention, p, &error)) fail(error);
}

}  // namespace facet::model
