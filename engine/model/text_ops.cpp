// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/text_ops.h"

#include "gpu/attention_ops.h"
#include "gpu/compute_batch.h"
#include "gpu/fused_ops.h"
#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/matmul_ops.h"
#include "gpu/ops.h"
#include "model/gemma4_config.h"
#include "model/kv_cache.h"

#include <cmath>

namespace facet::model {

using gpu::KernelId;

static_assert(TextOps::kNoNorm == gpu::MatVecParams::kNoSecondNorm);

TextOps::TextOps(gpu::GpuContext &ctx, const GpuPlan &plan, const TextBuffers &buffers)
    : m_ctx(ctx), m_plan(plan), m_buffers(buffers) {}

TextOps::~TextOps() = default;

std::unique_ptr<TextOps> TextOps::create(gpu::GpuContext &ctx, const GpuPlan &plan,
                                         const TextBuffers &buffers, QString *error) {
    std::unique_ptr<TextOps> ops(new TextOps(ctx, plan, buffers));
    TextOps &o = *ops;
    const gpu::Buffer &act = *buffers.act;
    const gpu::Buffer &norms = *buffers.norms;
    auto bind = [&](KernelId id,
                    const std::vector<gpu::BufferView> &views) -> std::unique_ptr<gpu::Bindings> {
        const gpu::Kernel *k = ctx.kernel(id, error);
        return k ? ctx.bind(*k, views, error) : nullptr;
    };
    o.m_rmsNorm = bind(KernelId::RmsNorm, {act, norms, act});
    if (!o.m_rmsNorm) return nullptr;
    o.m_elementwise = bind(KernelId::Elementwise, {act, act, act});
    if (!o.m_elementwise) return nullptr;
    o.m_addRmsNorm = bind(KernelId::AddRmsNorm, {act, norms});
    if (!o.m_addRmsNorm) return nullptr;
    o.m_matMulReduce = bind(KernelId::MatMulReduce, {act, act});
    if (!o.m_matMulReduce) return nullptr;
    if (plan.dotMinWeights >= 0) {
        o.m_quantizeQ8 = bind(KernelId::QuantizeQ8, {act, act});
        if (!o.m_quantizeQ8) return nullptr;
    }
    if (plan.config.hasPle) {
        o.m_pleGetRows = bind(*gpu::getRowsKernel(plan.weights.pleTable.type),
                              {*buffers.pleRows, *buffers.ids, act});
        if (!o.m_pleGetRows) return nullptr;
    }
    // The staged prefill product, where the plan made its staging buffer and the product runs on
    // tensor cores (its portable build serves tests only).
    if (buffers.staging) {
        const gpu::Kernel *k = ctx.kernel(KernelId::MatMulStaged, error);
        if (!k) return nullptr;
        if (k->tensorCores()) {
            o.m_matMulStaged = ctx.bind(*k, {*buffers.staging, act}, error);
            o.m_convertF16 = bind(KernelId::ConvertF16, {act, *buffers.staging});
            if (!o.m_matMulStaged || !o.m_convertF16) return nullptr;
        }
    }
    // The caches' value type picks the kernels that store and read them.
    const bool f16 = buffers.kv->f16();
    for (int i = 0; i < buffers.kv->layerCount(); ++i) {
        const KvCache::Layer &cache = buffers.kv->layer(i);
        auto a = bind(f16 ? KernelId::AttentionF16 : KernelId::Attention,
                      {act, *cache.k, *cache.v, *buffers.scratch});
        if (!a) return nullptr;
        auto q =
            bind(f16 ? KernelId::QkvPrepF16 : KernelId::QkvPrep, {act, norms, *cache.k, *cache.v});
        if (!q) return nullptr;
        o.m_attention.push_back(std::move(a));
        o.m_qkvPrep.push_back(std::move(q));
    }
    // Prefill attention on the tensor cores where the device has them (loaded only then: its
    // portable build is the attention kernel again).
    if (ctx.info().cooperativeMatrixNV) {
        const gpu::Kernel *k =
            ctx.kernel(f16 ? KernelId::AttentionPrefillF16 : KernelId::AttentionPrefill, error);
        if (!k) return nullptr;
        for (int i = 0; k->tensorCores() && i < buffers.kv->layerCount(); ++i) {
            const KvCache::Layer &cache = buffers.kv->layer(i);
            auto a = ctx.bind(*k, {act, *cache.k, *cache.v, *buffers.scratch}, error);
            if (!a) return nullptr;
            o.m_attentionPrefill.push_back(std::move(a));
        }
    }
    o.m_argmax = gpu::Argmax::create(ctx, act, error);
    if (!o.m_argmax) return nullptr;
    o.m_topk = gpu::TopK::create(ctx, act, error);
    if (!o.m_topk) return nullptr;
    return ops;
}

bool TextOps::fail(const QString &message) {
    if (m_error.isEmpty())
        m_error = message.isEmpty() ? QStringLiteral("recording failed") : message;
    return false;
}

const gpu::Bindings *TextOps::weightBindings(KernelId kernel, int buffer) {
    auto &slot = m_weightBindings[{int(kernel), buffer}];
    if (slot) return slot.get();
    // A speculative recording runs while the GPU executes a batch: it creates no GPU objects.
    if (m_speculative) {
        fail(QStringLiteral("bindings not made yet"));
        return nullptr;
    }
    QString error;
    const gpu::Kernel *k = m_ctx.kernel(kernel, &error);
    if (!k) {
        fail(error);
        return nullptr;
    }
    const gpu::Buffer &w = *m_buffers.weights[size_t(buffer)];
    const gpu::Buffer &act = *m_buffers.act;
    const auto wt = *gpu::kernelWeightType(kernel);
    const bool getRows = gpu::getRowsKernel(wt) == kernel;
    const bool matVec = gpu::matVecKernel(wt) == kernel || gpu::matVecDotKernel(wt) == kernel ||
                        gpu::matVecDotGegluKernel(wt) == kernel;
    const bool dequant = gpu::dequantF16Kernel(wt) == kernel;
    // matvec binding 4: the norm weights (read by MatInputMode::AddNorm).
    slot = dequant   ? m_ctx.bind(*k, {w, *m_buffers.staging}, &error)
           : getRows ? m_ctx.bind(*k, {w, *m_buffers.ids, act}, &error)
           : matVec  ? m_ctx.bind(*k, {w, act, act, *m_buffers.norms}, &error)
                     : m_ctx.bind(*k, {w, act, act}, &error);
    if (!slot) fail(error);
    return slot.get();
}

void TextOps::begin(gpu::ComputeBatch &batch, uint32_t tokens, int64_t position, bool speculative) {
    m_batch = &batch;
    m_tokens = tokens;
    m_pos0 = uint32_t(position);
    m_speculative = speculative;
    m_dotMatVecs = 0;
    m_error.clear();
    m_xCur = m_plan.act.x;
    m_aNorm = kNoNorm;
    m_pending = {};
}

// ---- fusion rules -------------------------------------------------------------------------------

bool TextOps::pieceUsesDot(const WeightMatrix &m, uint32_t cols) const {
    // The same rule as model::ref::matmulQ8Inputs (the reference's mirror of this path), except
    // that a matrix merged from adjacent tensors (gate|up, q|k|v) is sized as a whole where the
    // reference sizes each tensor: the two agree for EightBitActivations::All (what the tests
    // use) and for the E2B/E4B shapes (gate and up alike above the threshold, q|k|v below it).
    // Only in chunks of a few tokens (decode steps): the output head of a prefill chunk's last
    // row is a mat-vec too, but stays in float like the rest of that chunk.
    const int maxCols = m_plan.options.matVecMaxColumns;
    return m_plan.dotMinWeights >= 0 && int(cols) <= maxCols && int(m_tokens) <= maxCols &&
           gpu::matVecDotKernel(m.type).has_value() && m.K % 32 == 0 &&
           m.K * m.N >= m_plan.dotMinWeights;
}

bool TextOps::usesDot(const Linear &lin, uint32_t cols) const {
    for (const auto &[m, column] : lin.pieces) {
        if (pieceUsesDot(m, cols)) return true;
    }
    return false;
}

bool TextOps::canFuseGegluQ8(const Linear &gateUp, const Linear &down, uint32_t cols) const {
    if (!m_plan.options.fuseGegluQ8 || gateUp.adapter || down.adapter) return false;
    if (gateUp.pieces.size() != 1 || down.pieces.size() != 1) return false;
    const WeightMatrix &gu = gateUp.pieces[0].first;
    const WeightMatrix &dn = down.pieces[0].first;
    // The down's input is h = geglu(gate, up): F values, F a multiple of 32 (one Q8A block per
    // workgroup of the fused mode); both products on the integer-dot path, so the reference
    // (which rounds h exactly when the down takes that path) describes it.
    return gu.parts.size() == 1 && gu.N % 64 == 0 && dn.K == gu.N / 2 && pieceUsesDot(gu, cols) &&
           pieceUsesDot(dn, cols);
}

bool TextOps::canFoldAddNorm(const Linear &lin, uint32_t cols) const {
    // An adapter reads the projection's input, which the folded prologue never writes out.
    if (lin.adapter) return false;
    if (int(cols) > m_plan.options.matVecMaxColumns || usesDot(lin, cols)) return false;
    // Only into the split work modes (few rows, few workgroups). In rows mode every one of the
    // thousands of workgroups, and every team in it, forms the input again from b, res and the
    // norms: measured on an H100 (E2B decode, bench --profile), the 1536 x 24576 gate|up takes
    // 58 us with the fold and 36 us without, far more than the ~11 us add_rmsnorm it saves.
    for (const auto &[m, column] : lin.pieces) {
        if (uint64_t(m.K) > gpu::kMatVecAddNormMaxK) return false;
        for (const WeightPart &part : m.parts) {
            if (gpu::matVecWorkSplit(m_ctx, uint32_t(part.rows)) == gpu::MatVecWorkSplit::Rows)
                return false;
        }
    }
    return true;
}

bool TextOps::canFoldAddNormQ8(const Linear &gateUp, uint32_t cols) const {
    // Every workgroup of the fused gate|up forms and quantises the input in its prologue
    // (matvec.comp, addNormQ8Prologue): measured on an H100 (E2B decode), this costs the gate|up
    // less than the add_rmsnorm dispatch it replaces (see the notes at canFoldAddNorm).
    return m_plan.options.gegluAddNormPrologue && !gateUp.adapter &&
           int(cols) <= m_plan.options.matVecMaxColumns && gateUp.pieces.size() == 1 &&
           uint64_t(gateUp.pieces[0].first.K) <= gpu::kMatVecAddNormMaxK;
}

// ---- projections --------------------------------------------------------------------------------

bool TextOps::record(const Linear &lin, uint32_t cols, uint32_t xOffset, uint32_t xStride,
                     uint32_t yOffset, uint32_t yStride, uint32_t mode, uint32_t x2Offset,
                     uint32_t x2Stride, const AddNorm *addNorm, uint32_t q8Input, bool gegluQ8) {
    if (!recordPieces(lin, cols, xOffset, xStride, yOffset, yStride, mode, x2Offset, x2Stride,
                      addNorm, q8Input, gegluQ8, false))
        return false;
    if (!lin.adapter) return true;
    // (The fused paths that never write the input out are off for an adapted projection:
    // canFoldAddNorm, canFoldAddNormQ8, canFuseGegluQ8.)
    if (addNorm || gegluQ8)
        return fail(QStringLiteral("internal error: a fused input on an adapted projection"));
    const uint32_t u = m_plan.act.lora;
    for (const LinearAdapter::Part &part : lin.adapter->parts) {
        const uint32_t rank = uint32_t(part.a.outWidth);
        // u = A·x, x formed as for the frozen product (float, whatever path that one took).
        if (!recordPieces(part.a, cols, xOffset, xStride, u, rank, mode, x2Offset, x2Stride,
                          nullptr, kNoQ8Input, false, false) ||
            !recordPieces(part.b, cols, u, rank, yOffset + uint32_t(part.column), yStride,
                          uint32_t(gpu::MatInputMode::Plain), 0, 0, nullptr, kNoQ8Input, false,
                          true))
            return false;
    }
    return true;
}

bool TextOps::recordPieces(const Linear &lin, uint32_t cols, uint32_t xOffset, uint32_t xStride,
                           uint32_t yOffset, uint32_t yStride, uint32_t mode, uint32_t x2Offset,
                           uint32_t x2Stride, const AddNorm *addNorm, uint32_t q8Input,
                           bool gegluQ8, bool accumulate) {
    const ActivationLayout &ar = m_plan.act;
    gpu::ComputeBatch &batch = *m_batch;
    QString error;
    const bool useMatMul = int(cols) > m_plan.options.matVecMaxColumns;
    if (addNorm && !(gegluQ8 ? canFoldAddNormQ8(lin, cols) : canFoldAddNorm(lin, cols)))
        return fail(QStringLiteral("internal error: AddNorm on a matmul projection"));
    if (!addNorm && q8Input == kNoQ8Input && !gegluQ8 && !accumulate && usesStaged(lin, cols))
        return recordStaged(lin, cols, xOffset, xStride, yOffset, yStride, mode, x2Offset,
                            x2Stride);
    // The 8-bit path: the input (formed by its mode) quantised once into the Q8A scratch, then
    // the integer-dot mat-vec of every piece that takes that path reads it (pieces without a dot
    // kernel read the float input as before).
    // (Every call site's offsets are multiples of 4 when K is a multiple of 32, which
    // pieceUsesDot requires; if one were not, the step would fail with recordQuantizeQ8's
    // message, and the reference would no longer describe it either.)
    const bool dot = usesDot(lin, cols);
    const uint32_t floatX = xOffset, floatStride = xStride, floatMode = mode;
    // q8Input: the Q8A input is already there (add_rmsnorm or the gate|up's GeGLU mode wrote it).
    const uint32_t q8X = q8Input != kNoQ8Input ? q8Input : ar.xq;
    if (gegluQ8 && (!dot || lin.pieces.size() != 1 || lin.pieces[0].first.parts.size() != 1))
        return fail(QStringLiteral("internal error: GeGLU-into-Q8A on a split projection"));
    // (With an AddNorm the gate|up's prologue forms the Q8A input itself.)
    if (dot && q8Input == kNoQ8Input && !addNorm) {
        gpu::QuantizeQ8Params q;
        q.K = uint32_t(lin.pieces[0].first.K);
        q.columns = cols;
        q.xOffset = xOffset;
        q.xStride = xStride;
        q.x2Offset = x2Offset;
        q.x2Stride = x2Stride;
        q.inputMode = mode == uint32_t(gpu::MatInputMode::Geglu) ? 1 : 0;
        q.yOffset = ar.xq;
        q.yStride = ar.xqStride;
        if (mode != uint32_t(gpu::MatInputMode::Plain) &&
            mode != uint32_t(gpu::MatInputMode::Geglu))
            return fail(QStringLiteral("internal error: input mode %1 on the dot path").arg(mode));
        if (!gpu::recordQuantizeQ8(batch, *m_quantizeQ8, q, &error)) return fail(error);
    }
    int dotMatVecs = 0;
    for (const auto &[m, column] : lin.pieces) {
        const bool pieceDot = dot && pieceUsesDot(m, cols);
        if (pieceDot) dotMatVecs += int(m.parts.size());
        xOffset = pieceDot ? q8X : floatX;
        xStride = pieceDot ? ar.xqStride : floatStride;
        mode = pieceDot ? uint32_t(gpu::MatInputMode::Plain) : floatMode;
        const KernelId kid = useMatMul  ? *gpu::matMulKernel(m.type)
                             : gegluQ8  ? *gpu::matVecDotGegluKernel(m.type)
                             : pieceDot ? *gpu::matVecDotKernel(m.type)
                                        : *gpu::matVecKernel(m.type);
        for (const WeightPart &part : m.parts) {
            const gpu::Bindings *b = weightBindings(kid, part.buffer);
            if (!b) return false;
            const uint32_t y = yOffset + uint32_t(column + part.firstRow);
            bool ok = false;
            if (useMatMul) {
                gpu::MatMulParams p;
                p.K = uint32_t(m.K);
                p.N = uint32_t(part.rows);
                p.M = cols;
                p.rowBytes = uint32_t(m.rowBytes);
                p.wOffset = uint32_t(part.offset);
                p.xOffset = xOffset;
                p.xStride = xStride;
                p.yOffset = y;
                p.yStride = yStride;
                p.inputMode = mode;
                p.x2Offset = x2Offset;
                p.x2Stride = x2Stride;
                p.accumulate = accumulate ? 1 : 0;
                gpu::MatMulSplit split;
                split.reduce = m_matMulReduce.get();
                split.scratchOffset = ar.mmSplit;
                split.scratchFloats = ar.mmSplitFloats;
                ok = gpu::recordMatMul(batch, *b, p, &error, &split);
            } else {
                gpu::MatVecParams p;
                p.K = uint32_t(m.K);
                p.N = uint32_t(part.rows);
                p.rowBytes = uint32_t(m.rowBytes);
                p.wOffset = uint32_t(part.offset);
                p.xOffset = xOffset;
                p.xStride = xStride;
                p.yOffset = y;
                p.yStride = yStride;
                p.inputMode = mode;
                p.x2Offset = x2Offset;
                p.x2Stride = x2Stride;
                p.accumulate = accumulate ? 1 : 0;
                if (addNorm) {
                    p.inputMode = uint32_t(gpu::MatInputMode::AddNorm);
                    p.xOffset = addNorm->branch;
                    p.xStride = floatStride;
                    p.x2Offset = addNorm->res;
                    p.x2Stride = floatStride;
                    p.n1Offset = addNorm->n1;
                    p.n2Offset = addNorm->n2;
                    p.normScale = addNorm->scale;
                    p.normEps = m_plan.config.rmsEps;
                    p.rOutOffset = addNorm->rOut;
                    p.rOutStride = floatStride;
                }
                ok = gegluQ8 ? gpu::recordMatVecGegluQ8(batch, *b, p, cols, &error)
                             : gpu::recordMatVec(batch, *b, p, cols, &error);
            }
            if (!ok) return fail(error);
        }
    }
    m_dotMatVecs += dotMatVecs;
    return true;
}

bool TextOps::usesStaged(const Linear &lin, uint32_t cols) const {
    const int minCols = m_plan.options.stagedMatMulMinColumns;
    if (!m_matMulStaged || minCols <= 0 || int(cols) < minCols ||
        int(cols) <= m_plan.options.matVecMaxColumns || lin.pieces.empty() || usesDot(lin, cols))
        return false;
    // One input staging for every piece: they share K (they share the input).
    const int64_t K = lin.pieces[0].first.K;
    for (const auto &[m, column] : lin.pieces) {
        if (m.K != K || K % 4 != 0 || !gpu::dequantF16Kernel(m.type)) return false;
    }
    const uint64_t rowUv = gpu::matMulStagedPadK(uint32_t(K)) / 8;
    // The input columns fit their area, and at least one tile of weight rows fits its own.
    return gpu::matMulStagedStagingUvec4s(cols, uint32_t(K)) <=
               m_plan.stagingUvec4s - m_plan.stagingInputAt &&
           m_plan.stagingInputAt / rowUv >= gpu::kMatMulStagedTile;
}

bool TextOps::recordStaged(const Linear &lin, uint32_t cols, uint32_t xOffset, uint32_t xStride,
                           uint32_t yOffset, uint32_t yStride, uint32_t mode, uint32_t x2Offset,
                           uint32_t x2Stride) {
    const ActivationLayout &ar = m_plan.act;
    gpu::ComputeBatch &batch = *m_batch;
    QString error;
    const uint32_t K = uint32_t(lin.pieces[0].first.K);
    const uint32_t Kp = gpu::matMulStagedPadK(K);
    const uint32_t xAt = uint32_t(m_plan.stagingInputAt);
    gpu::ConvertF16Params c;
    c.K = K;
    c.M = cols;
    c.kPad = Kp;
    c.cols = gpu::matMulStagedPadRows(cols);
    c.xOffset = xOffset;
    c.xStride = xStride;
    c.inputMode = mode;
    c.x2Offset = x2Offset;
    c.x2Stride = x2Stride;
    c.yOffset = xAt;
    if (!gpu::recordConvertF16(batch, *m_convertF16, c, &error)) return fail(error);
    // Weight rows per block: what the staging area holds of this K, whole tiles.
    const uint32_t blockRows = uint32_t(std::min<uint64_t>(
        m_plan.stagingInputAt / (Kp / 8) / gpu::kMatMulStagedTile * gpu::kMatMulStagedTile,
        UINT32_MAX));
    if (blockRows == 0)
        return fail(QStringLiteral("internal error: the staging area is too small"));
    gpu::MatMulSplit split;
    split.reduce = m_matMulReduce.get();
    split.scratchOffset = ar.mmSplit;
    split.scratchFloats = ar.mmSplitFloats;
    for (const auto &[m, column] : lin.pieces) {
        const KernelId dq = *gpu::dequantF16Kernel(m.type);
        for (const WeightPart &part : m.parts) {
            const gpu::Bindings *b = weightBindings(dq, part.buffer);
            if (!b) return false;
            for (int64_t r0 = 0; r0 < part.rows; r0 += blockRows) {
                const auto rows = uint32_t(std::min<int64_t>(blockRows, part.rows - r0));
                gpu::DequantF16Params d;
                d.K = K;
                d.N = rows;
                d.rowBytes = uint32_t(m.rowBytes);
                d.wOffset = uint32_t(part.offset + r0 * m.rowBytes);
                d.kPad = Kp;
                d.rows = gpu::matMulStagedPadRows(rows);
                d.yOffset = 0;
                if (!gpu::recordDequantF16(batch, *b, d, &error)) return fail(error);
                gpu::MatMulParams p;
                p.K = Kp;
                p.N = rows;
                p.M = cols;
                p.wOffset = 0;
                p.xOffset = xAt;
                p.yOffset = yOffset + uint32_t(column + part.firstRow + r0);
                p.yStride = yStride;
                if (!gpu::recordMatMulStaged(batch, *m_matMulStaged, p, &error, &split,
                                             m_ctx.options().matMulSplitTarget))
                    return fail(error);
            }
        }
    }
    return true;
}

void TextOps::addRmsNorm(uint32_t w1, float scale, uint32_t w2, bool q8) {
    const ActivationLayout &ar = m_plan.act;
    const uint32_t H = hidden();
    gpu::AddRmsNormParams p;
    p.n = H;
    p.rows = m_tokens;
    p.xOffset = m_xCur;
    p.xStride = H;
    p.yOffset = ar.b;
    p.yStride = H;
    p.w1Offset = w1;
    p.scale = scale;
    p.normOut = w2 != kNoNorm ? 1 : 0;
    p.w2Offset = w2 != kNoNorm ? w2 : 0;
    p.outOffset = ar.a;
    p.outStride = H;
    p.eps = m_plan.config.rmsEps;
    if (q8) {
        p.q8Out = 1;
        p.q8Offset = ar.xq;
        p.q8Stride = ar.xqStride;
    }
    QString error;
    if (!gpu::recordAddRmsNorm(*m_batch, *m_addRmsNorm, p, &error)) fail(error);
}

void TextOps::project(const Linear &lin, Normed in, Rows out, bool gegluQ8) {
    if (!ok()) return;
    const ActivationLayout &ar = m_plan.act;
    const uint32_t H = hidden();
    const uint32_t n2 = in.weight;
    const uint32_t cols = in.cols;
    const uint32_t off = in.row * H;
    if (m_pending.on && (gegluQ8 ? canFoldAddNormQ8(lin, cols) : canFoldAddNorm(lin, cols))) {
        // The pending add folded into the projection's prologue. Rows from 0: the new residual
        // goes to the other slot and becomes the stream. The last row alone (the output head):
        // only logits follow, so the residual is discarded into the other slot's first row (x2
        // always has one).
        const uint32_t other = m_xCur == ar.x ? ar.x2 : ar.x;
        AddNorm an;
        an.branch = ar.b + off;
        an.res = m_xCur + off;
        an.rOut = other;
        an.n1 = m_pending.n1;
        an.n2 = n2;
        an.scale = m_pending.scale;
        m_pending.on = false;
        m_aNorm = kNoNorm;  // `a` was not written
        if (in.row == 0) m_xCur = other;
        record(lin, cols, 0, H, out.offset, out.stride, 0, 0, 0, &an, kNoQ8Input, gegluQ8);
        return;
    }
    // The add_rmsnorm also writes the Q8A input of an integer-dot projection (saving the
    // quantize_q8 dispatch) when the projection reads all the rows it norms.
    const bool q8 = m_pending.on && n2 != kNoNorm && in.row == 0 && cols == m_tokens &&
                    usesDot(lin, cols) && H % 32 == 0 && H <= gpu::AddRmsNormParams::kQ8MaxN;
    if (m_pending.on) {
        addRmsNorm(m_pending.n1, m_pending.scale, n2, q8);
        m_pending.on = false;
        m_aNorm = n2;
    } else if (n2 != kNoNorm && n2 != m_aNorm) {
        // The stream's first norm (layer 0's attention input).
        rmsNorm({m_xCur, H}, H, m_tokens, n2, {ar.a, H});
        m_aNorm = n2;
    }
    if (!ok()) return;
    record(lin, cols, (n2 != kNoNorm ? ar.a : m_xCur) + off, H, out.offset, out.stride, 0, 0, 0,
           nullptr, q8 ? ar.xq : kNoQ8Input, gegluQ8);
}

TextOps::Rows TextOps::linear(const Linear &lin, Normed in, Rows out) {
    project(lin, in, out, false);
    return out;
}

TextOps::Rows TextOps::linear(const Linear &lin, Rows in, Rows out) {
    if (ok()) record(lin, m_tokens, in.offset, in.stride, out.offset, out.stride, 0, 0, 0);
    return out;
}

TextOps::Rows TextOps::linearGeglu(const Linear &lin, Rows gate, Rows up, Rows out) {
    if (ok()) {
        record(lin, m_tokens, gate.offset, gate.stride, out.offset, out.stride,
               uint32_t(gpu::MatInputMode::Geglu), up.offset, up.stride);
    }
    return out;
}

void TextOps::residualAdd(Rows b, uint32_t postNorm, float scale) {
    if (b.offset != m_plan.act.b) fail(QStringLiteral("internal error: residual add not from b"));
    // (A mat-vec epilogue doing this add in the projection's last workgroup was measured slower:
    // 163 against 177 tok/s on an H100.)
    m_pending = {true, postNorm, scale};
}

TextOps::Rows TextOps::feedForward(const Linear &gateUp, const Linear &down, Normed in) {
    const ActivationLayout &ar = m_plan.act;
    const Rows b = branch();
    if (canFuseGegluQ8(gateUp, down, in.cols)) {
        // gate|up writes h = geglu(gate, up) as the down's Q8A input (xq2) directly.
        project(gateUp, in, {ar.xq2, ar.xqStride}, true);
        if (ok()) {
            record(down, m_tokens, ar.xq2, ar.xqStride, b.offset, b.stride, 0, 0, 0, nullptr,
                   ar.xq2);
        }
        return b;
    }
    const uint32_t F = uint32_t(gateUp.outWidth / 2);
    project(gateUp, in, {ar.gu, 2 * F}, false);
    return linearGeglu(down, {ar.gu, 2 * F}, {ar.gu + F, 2 * F}, b);
}

// ---- the rest -----------------------------------------------------------------------------------

TextOps::EmbedUploads TextOps::embed(QByteArray ids, QByteArray embRows) {
    EmbedUploads u;
    if (!ok()) return u;
    const ActivationLayout &ar = m_plan.act;
    const WeightMatrix &table = m_plan.weights.tokenEmbd;
    gpu::ComputeBatch &batch = *m_batch;
    if (table.parts.size() != 1) {
        // A table split over several buffers: its rows were gathered on the host.
        u.embRows = batch.uploadCount();
        batch.upload(*m_buffers.act, qint64(ar.x) * 4, std::move(embRows));
        return u;
    }
    u.ids = batch.uploadCount();
    batch.upload(*m_buffers.ids, 0, std::move(ids));
    const WeightPart &part = table.parts.front();
    const gpu::Bindings *b = weightBindings(*gpu::getRowsKernel(table.type), part.buffer);
    if (!b) return u;
    gpu::GetRowsParams p;
    p.K = uint32_t(table.K);
    p.rows = m_tokens;
    p.rowBytes = uint32_t(table.rowBytes);
    p.wOffset = uint32_t(part.offset);
    p.wRows = uint32_t(part.rows);
    p.idsOffset = 0;
    p.yOffset = ar.x;
    p.yStride = hidden();
    p.scale = float(std::sqrt(double(m_plan.config.hidden)));
    QString error;
    if (!gpu::recordGetRows(batch, *b, p, &error)) fail(error);
    return u;
}

void TextOps::addSoftTokens(const std::vector<float> &values) {
    if (!ok()) return;
    const ActivationLayout &ar = m_plan.act;
    m_batch->upload(
        *m_buffers.act, qint64(ar.b) * 4,
        QByteArray(reinterpret_cast<const char *>(values.data()), qsizetype(values.size() * 4)));
    addScale({ar.x, hidden()}, {ar.b, hidden()}, hidden(), 1.0f, {ar.x, hidden()});
}

int TextOps::perLayerTableRows(QByteArray rows, float scale, Rows out) {
    if (!ok()) return -1;
    // The table rows as stored in the file, dequantised and scaled on the GPU (get_rows over the
    // rows buffer, ids 0..T-1). Measured on an H100 (E2B, F16 table, 512 tokens): the host
    // dequantisation to f32 plus its 18 MB upload took ~29 ms of gather and about as much again
    // in copies, against 9 MB of memcpy here.
    gpu::GetRowsParams gp;
    gp.K = out.stride;
    gp.rows = m_tokens;
    gp.rowBytes = uint32_t(m_plan.pleRowStride);
    gp.wOffset = 0;
    gp.wRows = m_tokens;
    gp.idsOffset = uint32_t(m_plan.maxChunk);
    gp.yOffset = out.offset;
    gp.yStride = out.stride;
    gp.scale = scale;
    const int index = m_batch->uploadCount();
    m_batch->upload(*m_buffers.pleRows, 0, std::move(rows));
    QString error;
    if (!gpu::recordGetRows(*m_batch, *m_pleGetRows, gp, &error)) fail(error);
    return index;
}

void TextOps::rmsNorm(Rows x, uint32_t n, uint32_t rows, uint32_t weight, Rows y) {
    if (!ok()) return;
    gpu::RmsNormParams rn;
    rn.n = n;
    rn.rows = rows;
    rn.xOffset = x.offset;
    rn.xStride = x.stride;
    rn.yOffset = y.offset;
    rn.yStride = y.stride;
    rn.wOffset = weight;
    rn.weighted = 1;
    rn.eps = m_plan.config.rmsEps;
    QString error;
    if (!gpu::recordRmsNorm(*m_batch, *m_rmsNorm, rn, &error)) fail(error);
}

namespace {
gpu::ElementwiseParams elementwiseParams(gpu::ElementwiseMode mode, uint32_t n, uint32_t rows,
                                         uint32_t x, uint32_t y, uint32_t out, float s) {
    gpu::ElementwiseParams p;
    p.n = n;
    p.rows = rows;
    p.xOffset = x;
    p.xStride = n;
    p.yOffset = y;
    p.yStride = n;
    p.outOffset = out;
    p.outStride = n;
    p.mode = uint32_t(mode);
    p.s = s;
    return p;
}
}  // namespace

void TextOps::scale(Rows x, uint32_t n, float s, Rows y) {
    if (!ok()) return;
    QString error;
    if (!gpu::recordElementwise(*m_batch, *m_elementwise,
                                elementwiseParams(gpu::ElementwiseMode::Scale, n, m_tokens,
                                                  x.offset, x.offset, y.offset, s),
                                &error))
        fail(error);
}

void TextOps::addScale(Rows x, Rows y, uint32_t n, float s, Rows out) {
    if (!ok()) return;
    QString error;
    if (!gpu::recordElementwise(*m_batch, *m_elementwise,
                                elementwiseParams(gpu::ElementwiseMode::AddScale, n, m_tokens,
                                                  x.offset, y.offset, out.offset, s),
                                &error))
        fail(error);
}

TextOps::Rows TextOps::attention(const Gemma4LayerConfig &l, const LayerWeights &w, Rows qkv,
                                 Rows o) {
    if (!ok()) return o;
    const Gemma4Config &c = m_plan.config;
    const KvCache::Layer &cache = m_buffers.kv->layer(w.cacheLayer);
    const uint32_t kOffset = qkv.offset + uint32_t(w.qWidth);
    const uint32_t vOffset = kOffset + uint32_t(w.kvWidth);
    QString error;

    gpu::QkvPrepParams qp;
    qp.rows = m_tokens;
    qp.heads = uint32_t(c.heads);
    qp.kvHeads = uint32_t(l.kvHeads);
    qp.headDim = uint32_t(l.headDim);
    qp.ropeDims = uint32_t(l.ropeDims);
    qp.qOffset = qkv.offset;
    qp.qStride = qkv.stride;
    qp.kOffset = kOffset;
    qp.kStride = qkv.stride;
    qp.vOffset = vOffset;
    qp.vStride = qkv.stride;
    qp.qNormOffset = w.qNorm;
    qp.kNormOffset = w.kNorm;
    qp.fOffset = m_plan.weights.ropeFreqs;
    qp.useFactors = (!l.isSliding() && c.hasRopeFreqs) ? 1 : 0;
    qp.base = l.ropeBase;
    qp.eps = c.rmsEps;
    qp.storeKv = l.sharesKv() ? 0 : 1;
    qp.cacheRows = cache.rows;
    qp.firstPos = m_pos0;
    if (!gpu::recordQkvPrep(*m_batch, *m_qkvPrep[size_t(w.cacheLayer)], qp, &error)) {
        fail(error);
        return o;
    }

    gpu::AttentionParams ap;
    ap.queries = m_tokens;
    ap.heads = uint32_t(c.heads);
    ap.kvHeads = uint32_t(l.kvHeads);
    ap.headDim = uint32_t(l.headDim);
    ap.qOffset = qkv.offset;
    ap.qStride = qkv.stride;
    ap.oOffset = o.offset;
    ap.oStride = o.stride;
    ap.cacheRows = cache.rows;
    ap.firstPos = m_pos0;
    ap.window = l.isSliding() ? uint32_t(c.slidingWindow) : 0;
    ap.scale = 1.0f;
    ap.scratchOffset = 0;
    // Prefill (several queries) on the tensor cores where they serve this head dim.
    const bool tensorCores =
        !m_attentionPrefill.empty() && gpu::tensorCoreAttentionFits(ap.headDim) &&
        uint64_t(m_tokens) * ap.heads >= m_plan.options.tensorAttentionMinPairs;
    const gpu::Bindings &ab = tensorCores ? *m_attentionPrefill[size_t(w.cacheLayer)]
                                          : *m_attention[size_t(w.cacheLayer)];
    if (!gpu::recordAttention(*m_batch, ab, ap, &error)) fail(error);
    return o;
}

}  // namespace facet::model
