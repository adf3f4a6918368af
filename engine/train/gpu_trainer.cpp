// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "train/gpu_trainer.h"

#include "gguf/dequant.h"
#include "gpu/attention_ops.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/matmul_ops.h"
#include "gpu/ops.h"
#include "model/gpu_model.h"
#include "train/dropout_mask.h"
#include "train/lora_types.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <optional>

namespace facet::train {

namespace {

using gpu::KernelId;
using model::Linear;
using model::LoraTarget;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

uint32_t u32(int64_t v) {
    return uint32_t(v);
}

// An adapted projection's block of outputs: target t of a Linear at output column `column`.
struct AdaptedPart {
    LoraTarget target;
    int64_t column = 0;
};

// Where one adapter matrix lives in the parameter (and gradient) buffer, and its shape.
struct FactorSlot {
    LoraTarget target = LoraTarget::AttnQ;
    uint32_t a = 0, b = 0;  // float offsets of A [rank][in] and B [out][rank]
    int in = 0, out = 0;
    // Its A·x rows [T][rank] in the activations, uStride apart: the adapters of a layer's
    // projections that read the same input (q, k, v; gate, up) keep theirs side by side.
    uint32_t u = 0, uStride = 0;
};

// The groups of projections that read the same input: their adapters' A matrices lie one after
// another in the parameters (and their A·x rows side by side), so that one product serves them
// all — x·[A_q; A_k; A_v]ᵀ, [du_q du_k du_v]ᵀ·x, [du_q du_k du_v]·[A_q; A_k; A_v] — and the B
// matrices after them, so that the projections of equal width (k and v, gate and up) take
// theirs in one batched product.
constexpr std::array<std::array<LoraTarget, 3>, 6> kInputGroups = {{
    {LoraTarget::AttnQ, LoraTarget::AttnK, LoraTarget::AttnV},
    {LoraTarget::AttnOutput, LoraTarget::AttnOutput, LoraTarget::AttnOutput},
    {LoraTarget::FfnGate, LoraTarget::FfnUp, LoraTarget::FfnUp},
    {LoraTarget::FfnDown, LoraTarget::FfnDown, LoraTarget::FfnDown},
    {LoraTarget::InpGate, LoraTarget::InpGate, LoraTarget::InpGate},
    {LoraTarget::Proj, LoraTarget::Proj, LoraTarget::Proj},
}};

}  // namespace

struct GpuLossBackend::Impl {
    // Sizes the trainer for examples of up to `tokens` tokens (defined with create()).
    void layOut(model::GpuModel &model, const LoraConfig &lora, const GpuTrainOptions &options,
                int tokens);
    model::GpuModel *model = nullptr;
    gpu::GpuContext *ctx = nullptr;
    model::Gemma4Config c;
    LoraConfig lora;
    GpuTrainOptions opt;
    uint32_t T = 0;  // maxTokens
    uint32_t H = 0, V = 0, P = 0, LP = 0, L = 0;
    uint32_t qWmax = 0, kvWmax = 0, Fmax = 0, qkvWmax = 0;
    uint32_t rank = 0;
    float scale = 1.0f;
    uint32_t logitRows = 1;
    uint32_t decodeFloats = 0;  // the f32 decode buffer (wdq): weight rows x K per block

    // Activation regions (float offsets in act).
    uint32_t WX = 0, WY = 0, PLE = 0, TBL = 0, A = 0, QKV = 0, QRAW = 0, O = 0, AO = 0, X1 = 0,
             F = 0, GU = 0, ACT = 0, DOWN = 0, X2 = 0, PGU = 0, PA = 0, PP = 0, POST = 0, LSE = 0,
             DX = 0, DBR = 0, D1 = 0, DGU = 0, DA = 0, DU = 0, KC = 0, VC = 0, NORMED = 0,
             DNORMED = 0, LOGITS = 0, LOSS = 0, MMSPLIT = 0, mmSplitFloats = 0, ATTN = 0,
             attnFloats = 0;
    // LoRA dropout (lora.dropout > 0 only): an adapter's masked input, or the input gradient
    // before its mask, [T][in] for the widest input.
    uint32_t DROP = 0;
    std::vector<uint32_t> DK, DV;  // per cache layer, in act
    std::vector<qint64> kvK, kvV;  // per cache layer: byte offsets of K and V in kv
    std::vector<uint32_t> kvW;     // per cache layer: kvHeads·headDim
    uint64_t actFloats = 0, kvBytes = 0;

    // Int regions (int offsets in ints): positions 0..T-1, targets, row ids 0..n-1.
    uint32_t POS = 0, TGT = 0, ROWIDS = 0, IDS = 0;

    std::unique_ptr<gpu::Buffer> act, kv, ints, params, grads, wdq, attnScratch, staging;
    // The PLE table's rows of a pass as stored (the table stays in the file's memory map).
    std::unique_ptr<gpu::Buffer> pleRaw;
    // The layers' inputs kept for the backward (gradient checkpointing): XS[0..L] in a buffer of
    // their own (an E4B's 2048-token sequences would take the activation buffer past 2 GiB); a
    // layer works on a copy in WX and writes its output to WY.
    std::unique_ptr<gpu::Buffer> ckpt;
    uint64_t ckptFloats = 0;
    // The resident optimizer (loadState): AdamW's moments (m then v, in the params' layout),
    // the norm's partial sums, the optimizer's state.
    std::unique_ptr<gpu::Buffer> moments, partials;
    static constexpr uint32_t kNormGroups = 1024;
    int64_t adamSteps = 0;
    AdamWConfig adamConfig;
    bool resident = false;
    // Staged products: the staging buffer's input area (uvec4 offset) and the block budget.
    bool staged = false, stagedForward = false;
    // The attention backward as products (ATTN: its scratch) rather than the flash kernel.
    bool attentionProducts = false;
    // Recording a layer's forward again for its backward (the adapters' A·x rows are still there).
    bool recomputing = false;
    // The pass's dropout seed (accumulate: LossBackend's per-example seed; none when evaluating).
    std::optional<uint64_t> dropoutSeed;
    // The run's segments (first row, rows): one per packed example; the head's per-row losses.
    std::vector<std::pair<uint32_t, uint32_t>> segs;
    QByteArray lossBytes;  // the head's per-row losses (filled when its batch has run)
    // The split-K scratch of products into grads: its floats past the parameters.
    uint32_t gradSplitFloats = 0;
    uint64_t stagingInputAt = 0;
    // Loss scaling: the backward carries the gradients of kLossScale times the sum of the token
    // losses, so that they stay in f16's normal range where the staged products round them (a
    // logit's gradient is a probability, ~1/vocabulary; divided by the trained tokens it would
    // fall below 6e-5, where f16 loses precision); the factor gradients take gradAlpha (the
    // example's share of the step over kLossScale) to undo it.
    static constexpr float kLossScale = kGpuLossScale;
    // The products' split-K target (workgroups): the LoRA products' grids are a few tiles over
    // long sums (K up to 12288 for x·Aᵀ, the tokens for dA and dB).
    static constexpr uint32_t kGemmSplitTarget = 512;
    float gradAlpha = 1.0f;
    std::map<QByteArray, std::unique_ptr<gpu::Bindings>> bindings;

    // Adapter layout: per (layer, target) its slot; -1 when absent.
    std::vector<std::array<int, model::kLoraTargetCount>> slotOf;
    std::vector<FactorSlot> factors;
    uint32_t paramFloats = 0;
    bool stepOpen = false;
    // The gradient buffer may hold anything but finite sums (fresh, or a failed or non-finite
    // example since): the next step uploads zeros instead of scaling it to zero.
    bool gradsUnknown = true;
    // An example's backward ran through: every binding exists (pipelined() may record while the
    // GPU runs).
    bool warm = false;
    QString error;

    // ---- bindings ---------------------------------------------------------------------------
    const gpu::Bindings *bind(KernelId id, std::initializer_list<gpu::BufferView> views) {
        QByteArray key;
        key.append(reinterpret_cast<const char *>(&id), sizeof(id));
        for (const gpu::BufferView &v : views) {
            key.append(reinterpret_cast<const char *>(&v.buffer), sizeof(v.buffer));
            key.append(reinterpret_cast<const char *>(&v.offset), sizeof(v.offset));
            key.append(reinterpret_cast<const char *>(&v.size), sizeof(v.size));
        }
        auto &slot = bindings[key];
        if (slot) return slot.get();
        QString why;
        const gpu::Kernel *k = ctx->kernel(id, &why);
        if (!k) return failNull(why);
        slot = ctx->bind(*k, std::vector<gpu::BufferView>(views), &why);
        if (!slot) return failNull(why);
        return slot.get();
    }
    const gpu::Bindings *failNull(const QString &why) {
        if (error.isEmpty()) error = why;
        return nullptr;
    }
    bool fail(const QString &why) {
        if (error.isEmpty()) error = why;
        return false;
    }
    bool ok() const { return error.isEmpty(); }
    gpu::BufferView kvView(qint64 offset, uint32_t floats) const {
        return gpu::BufferView(*kv, offset, qint64(floats) * 4);
    }

    // ---- basic ops (each records into `b`, errors into `error`) ------------------------------
    void rmsNorm(gpu::ComputeBatch &b, uint32_t n, uint32_t rows, uint32_t x, uint32_t xs,
                 uint32_t y, uint32_t ys, uint32_t w, bool weighted) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::RmsNorm, {*act, model->normsBuffer(), *act});
        if (!bd) return;
        gpu::RmsNormParams p;
        p.n = n;
        p.rows = rows;
        p.xOffset = x;
        p.xStride = xs;
        p.yOffset = y;
        p.yStride = ys;
        p.wOffset = w;
        p.weighted = weighted ? 1 : 0;
        p.eps = c.rmsEps;
        QString why;
        if (!gpu::recordRmsNorm(b, *bd, p, &why)) fail(why);
    }
    void rmsNormBackward(gpu::ComputeBatch &b, uint32_t n, uint32_t rows, uint32_t x, uint32_t xs,
                         uint32_t dy, uint32_t dys, uint32_t dx, uint32_t dxs, uint32_t w,
                         bool weighted, bool accumulate) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::RmsNormBackward, {*act, model->normsBuffer()});
        if (!bd) return;
        gpu::RmsNormBackwardParams p;
        p.n = n;
        p.rows = rows;
        p.xOffset = x;
        p.xStride = xs;
        p.dyOffset = dy;
        p.dyStride = dys;
        p.dxOffset = dx;
        p.dxStride = dxs;
        p.wOffset = w;
        p.weighted = weighted ? 1 : 0;
        p.eps = c.rmsEps;
        p.accumulate = accumulate ? 1 : 0;
        QString why;
        if (!gpu::recordRmsNormBackward(b, *bd, p, &why)) fail(why);
    }
    // out = (x + y)·s, or x·s without y (copies with s = 1); x may come from another buffer.
    void elementwise(gpu::ComputeBatch &b, gpu::ElementwiseMode mode, uint32_t n, uint32_t rows,
                     uint32_t x, uint32_t xs, uint32_t y, uint32_t ys, uint32_t out, uint32_t os,
                     float s, const gpu::BufferView &xBuffer) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::Elementwise, {xBuffer, *act, *act});
        if (!bd) return;
        gpu::ElementwiseParams p;
        p.n = n;
        p.rows = rows;
        p.xOffset = x;
        p.xStride = xs;
        p.yOffset = y;
        p.yStride = ys;
        p.outOffset = out;
        p.outStride = os;
        p.mode = uint32_t(mode);
        p.s = s;
        QString why;
        if (!gpu::recordElementwise(b, *bd, p, &why)) fail(why);
    }
    void copy(gpu::ComputeBatch &b, uint32_t n, uint32_t rows, uint32_t x, uint32_t xs,
              uint32_t out, uint32_t os) {
        elementwise(b, gpu::ElementwiseMode::Scale, n, rows, x, xs, 0, 0, out, os, 1.0f, *act);
    }
    void addRows(gpu::ComputeBatch &b, uint32_t n, uint32_t rows, uint32_t x, uint32_t y,
                 uint32_t out, float s) {
        elementwise(b, gpu::ElementwiseMode::AddScale, n, rows, x, n, y, n, out, n, s, *act);
    }
    void geglu(gpu::ComputeBatch &b, uint32_t n, uint32_t rows, uint32_t gate, uint32_t gs,
               uint32_t up, uint32_t us, uint32_t out, uint32_t os) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::Geglu, {*act, *act, *act});
        if (!bd) return;
        gpu::GegluParams p;
        p.n = n;
        p.rows = rows;
        p.gateOffset = gate;
        p.gateStride = gs;
        p.upOffset = up;
        p.upStride = us;
        p.outOffset = out;
        p.outStride = os;
        QString why;
        if (!gpu::recordGeglu(b, *bd, p, &why)) fail(why);
    }
    void gegluBackward(gpu::ComputeBatch &b, uint32_t F, uint32_t rows, uint32_t gu, uint32_t d,
                       uint32_t dgu) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::GegluBackward, {*act});
        if (!bd) return;
        gpu::GegluBackwardParams p;
        p.F = F;
        p.rows = rows;
        p.guOffset = gu;
        p.guStride = 2 * F;
        p.dOffset = d;
        p.dStride = F;
        p.dguOffset = dgu;
        p.dguStride = 2 * F;
        QString why;
        if (!gpu::recordGegluBackward(b, *bd, p, &why)) fail(why);
    }
    // The gemm of the attention's products: on tensor cores with the staged products (f16
    // operands: queries, keys, values, probabilities and the output's gradient, all in f16's
    // normal range under the loss scale), else f32.
    KernelId gemmKernel() const { return staged ? KernelId::GemmTensor : KernelId::Gemm; }
    // The adapters' products (and the float input gradients) always in f32: a B factor starts at
    // zero and grows by about the learning rate a step (1e-4), below f16's normal range, and its
    // products with gradients lie lower still; rounded to f16 they lose most of their bits (on an
    // H200 the E2B loss fell 2.5x slower per step at lr 1e-4 than with f32 products).
    // C (+)= alpha·A·B (gpu/ops.h recordGemm) over (a, b, c) buffers.
    void gemm(gpu::ComputeBatch &b, const gpu::Buffer &ab, const gpu::Buffer &bb,
              const gpu::Buffer &cb, gpu::GemmParams p) {
        if (!ok() || p.M == 0 || p.N == 0 || p.K == 0) return;
        const gpu::Bindings *bd = bind(KernelId::Gemm, {ab, bb, cb});
        if (!bd) return;
        // Skinny products over a long K (a LoRA's x·Aᵀ and dy·B) split K, their partials in the
        // matmuls' split scratch (a product into act never touches that region).
        // Products into grads (a LoRA's dA and dB, over the tokens) likewise, in grads' tail.
        gpu::GemmSplit split;
        split.target = kGemmSplitTarget;
        if (&cb == act.get()) {
            split.scratchOffset = MMSPLIT;
            split.scratchFloats = mmSplitFloats;
        } else if (&cb == grads.get()) {
            split.scratchOffset = paramFloats;
            split.scratchFloats = gradSplitFloats;
        }
        QString why;
        if (!gpu::recordGemm(b, *bd, p, &why, split.scratchFloats ? &split : nullptr)) fail(why);
    }

    // ---- projections ------------------------------------------------------------------------
    // y[rows][yStride] (+)= frozen(x) for every piece of lin (no adapter).
    void frozen(gpu::ComputeBatch &b, const Linear &lin, uint32_t rows, uint32_t x, uint32_t xs,
                uint32_t y, uint32_t ys, bool accumulate) {
        if (stagedForward) {
            frozenStaged(b, lin, rows, x, xs, y, ys, accumulate);
            return;
        }
        for (const auto &[m, column] : lin.pieces) {
            for (const model::WeightPart &part : m.parts) {
                if (!ok()) return;
                const std::optional<KernelId> kid = gpu::matMulKernel(m.type);
                if (!kid) {
                    fail(QStringLiteral("no matmul kernel for this weight type"));
                    return;
                }
                const gpu::Bindings *bd =
                    bind(*kid, {model->weightBuffer(part.buffer), *act, *act});
                if (!bd) return;
                gpu::MatMulParams p;
                p.K = u32(m.K);
                p.N = u32(part.rows);
                p.M = rows;
                p.rowBytes = u32(m.rowBytes);
                p.wOffset = u32(part.offset);
                p.xOffset = x;
                p.xStride = xs;
                p.yOffset = y + u32(column + part.firstRow);
                p.yStride = ys;
                p.accumulate = accumulate ? 1 : 0;
                gpu::MatMulSplit split;
                split.reduce = bind(KernelId::MatMulReduce, {*act, *act});
                if (!split.reduce) return;
                split.scratchOffset = MMSPLIT;
                split.scratchFloats = mmSplitFloats;
                QString why;
                if (!gpu::recordMatMul(b, *bd, p, &why, &split)) fail(why);
            }
        }
    }
    // dx[rows][K] (+)= dy[rows][cols of lin] · W for every piece of lin (no adapter): each part's
    // rows decoded to f32 in blocks (get_rows), then a product.
    void frozenBackward(gpu::ComputeBatch &b, const Linear &lin, uint32_t rows, uint32_t dy,
                        uint32_t dys, uint32_t dx, uint32_t dxs, bool accumulate) {
        if (staged) {
            frozenBackwardStaged(b, lin, rows, dy, dys, dx, dxs, accumulate);
            return;
        }
        bool first = !accumulate;
        for (const auto &[m, column] : lin.pieces) {
            const std::optional<KernelId> kid = gpu::getRowsKernel(m.type);
            if (!kid) {
                fail(QStringLiteral("no get_rows kernel for this weight type"));
                return;
            }
            const uint32_t K = u32(m.K);
            const uint32_t block =
                std::max<uint32_t>(4, decodeFloats / std::max<uint32_t>(K, 1)) & ~3u;
            for (const model::WeightPart &part : m.parts) {
                for (uint32_t r0 = 0; r0 < u32(part.rows) && ok(); r0 += block) {
                    const uint32_t n = std::min<uint32_t>(block, u32(part.rows) - r0);
                    floatBackwardRows(b, m, part, column, r0, n, rows, dy, dys, dx, dxs, !first);
                    first = false;
                }
            }
        }
    }
    // dx (+)= dy[:, rows r0 .. r0 + n of the part] · those weight rows, decoded to f32.
    void floatBackwardRows(gpu::ComputeBatch &b, const model::WeightMatrix &m,
                           const model::WeightPart &part, int64_t column, uint32_t r0, uint32_t n,
                           uint32_t rows, uint32_t dy, uint32_t dys, uint32_t dx, uint32_t dxs,
                           bool accumulate) {
        if (!ok()) return;
        const std::optional<KernelId> kid = gpu::getRowsKernel(m.type);
        if (!kid) {
            fail(QStringLiteral("no get_rows kernel for this weight type"));
            return;
        }
        const uint32_t K = u32(m.K);
        const gpu::Bindings *bd = bind(*kid, {model->weightBuffer(part.buffer), *ints, *wdq});
        if (!bd) return;
        gpu::GetRowsParams g;
        g.K = K;
        g.rows = n;
        g.rowBytes = u32(m.rowBytes);
        g.wOffset = u32(part.offset);
        g.wRows = u32(part.rows);
        g.idsOffset = ROWIDS + r0;
        g.yOffset = 0;
        g.yStride = K;
        g.scale = 1.0f;
        QString why;
        if (!gpu::recordGetRows(b, *bd, g, &why)) {
            fail(why);
            return;
        }
        product(b, rows, K, n, {act.get(), dy + u32(column + part.firstRow) + r0, dys, 1},
                {wdq.get(), 0, K, 1}, *act, dx, dxs, 1.0f, accumulate);
    }

    // ---- staged products -----------------------------------------------------------------------
    // Weight rows per staged block for rows of K values: whole tiles, the forward's block
    // (rows x padK(K)) and the transposed one (padRows(K) x padK(rows)) both within the budget.
    uint32_t stagedBlockRows(uint32_t K) const {
        const uint64_t per =
            std::max<uint64_t>(gpu::matMulStagedPadK(K), gpu::matMulStagedPadRows(K));
        const uint64_t rows = uint64_t(std::max<qint64>(opt.stagedBlockHalves, 0)) / per /
                              gpu::kMatMulStagedTile * gpu::kMatMulStagedTile;
        return u32(int64_t(std::max<uint64_t>(rows, gpu::kMatMulStagedTile)));
    }
    gpu::MatMulSplit stagedSplit() {
        gpu::MatMulSplit split;
        split.reduce = bind(KernelId::MatMulReduce, {*act, *act});
        split.scratchOffset = MMSPLIT;
        split.scratchFloats = mmSplitFloats;
        return split;
    }
    // f16 columns of `cols` rows of K values from act into the staging input area.
    void convertColumns(gpu::ComputeBatch &b, uint32_t K, uint32_t cols, uint32_t x, uint32_t xs) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::ConvertF16, {*act, *staging});
        if (!bd) return;
        gpu::ConvertF16Params c;
        c.K = K;
        c.M = cols;
        c.kPad = gpu::matMulStagedPadK(K);
        c.cols = gpu::matMulStagedPadRows(cols);
        c.xOffset = x;
        c.xStride = xs;
        c.yOffset = u32(int64_t(stagingInputAt));
        QString why;
        if (!gpu::recordConvertF16(b, *bd, c, &why)) fail(why);
    }
    void stagedProduct(gpu::ComputeBatch &b, uint32_t Kp, uint32_t N, uint32_t M, uint32_t y,
                       uint32_t ys, bool accumulate) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::MatMulStaged, {*staging, *act});
        if (!bd) return;
        gpu::MatMulParams p;
        p.K = Kp;
        p.N = N;
        p.M = M;
        p.wOffset = 0;
        p.xOffset = u32(int64_t(stagingInputAt));
        p.yOffset = y;
        p.yStride = ys;
        p.accumulate = accumulate ? 1 : 0;
        gpu::MatMulSplit split = stagedSplit();
        if (!split.reduce) return;
        QString why;
        if (!gpu::recordMatMulStaged(b, *bd, p, &why, &split, ctx->options().matMulSplitTarget))
            fail(why);
    }
    void frozenStaged(gpu::ComputeBatch &b, const Linear &lin, uint32_t rows, uint32_t x,
                      uint32_t xs, uint32_t y, uint32_t ys, bool accumulate) {
        const uint32_t K = u32(lin.pieces.at(0).first.K);
        const uint32_t Kp = gpu::matMulStagedPadK(K);
        convertColumns(b, K, rows, x, xs);
        const uint32_t block = stagedBlockRows(K);
        for (const auto &[m, column] : lin.pieces) {
            const std::optional<KernelId> dq = gpu::dequantF16Kernel(m.type);
            if (!dq) {
                fail(QStringLiteral("no dequant_f16 kernel for this weight type"));
                return;
            }
            for (const model::WeightPart &part : m.parts) {
                for (uint32_t r0 = 0; r0 < u32(part.rows) && ok(); r0 += block) {
                    const uint32_t n = std::min<uint32_t>(block, u32(part.rows) - r0);
                    const gpu::Bindings *bd =
                        bind(*dq, {model->weightBuffer(part.buffer), *staging});
                    if (!bd) return;
                    gpu::DequantF16Params d;
                    d.K = K;
                    d.N = n;
                    d.rowBytes = u32(m.rowBytes);
                    d.wOffset = u32(part.offset + int64_t(r0) * m.rowBytes);
                    d.kPad = Kp;
                    d.rows = gpu::matMulStagedPadRows(n);
                    QString why;
                    if (!gpu::recordDequantF16(b, *bd, d, &why)) {
                        fail(why);
                        return;
                    }
                    stagedProduct(b, Kp, n, rows, y + u32(column + part.firstRow) + r0, ys,
                                  accumulate);
                }
            }
        }
    }
    // dx (+)= dy·W: per block of weight rows, Wᵀ staged (dequant_f16 transposed) and the
    // block's dy columns converted, then their staged product.
    void frozenBackwardStaged(gpu::ComputeBatch &b, const Linear &lin, uint32_t rows, uint32_t dy,
                              uint32_t dys, uint32_t dx, uint32_t dxs, bool accumulate) {
        bool first = !accumulate;
        for (const auto &[m, column] : lin.pieces) {
            const std::optional<KernelId> dq = gpu::dequantF16Kernel(m.type);
            if (!dq) {
                fail(QStringLiteral("no dequant_f16 kernel for this weight type"));
                return;
            }
            const uint32_t K = u32(m.K);
            const uint32_t block = stagedBlockRows(K);
            for (const model::WeightPart &part : m.parts) {
                for (uint32_t r0 = 0; r0 < u32(part.rows) && ok(); r0 += block) {
                    uint32_t n = std::min<uint32_t>(block, u32(part.rows) - r0);
                    if (n % 4 != 0) {
                        // (A part of a tensor split over buffers ends anywhere: its last one to
                        // three rows, which convert_f16 cannot take, go the float way.)
                        const uint32_t tail = n % 4;
                        floatBackwardRows(b, m, part, column, r0 + n - tail, tail, rows, dy, dys,
                                          dx, dxs, !first);
                        first = false;
                        n -= tail;
                        if (n == 0) continue;
                    }
                    const uint32_t np = gpu::matMulStagedPadK(n);
                    convertColumns(b, n, rows, dy + u32(column + part.firstRow) + r0, dys);
                    const gpu::Bindings *bd =
                        bind(*dq, {model->weightBuffer(part.buffer), *staging});
                    if (!bd) return;
                    gpu::DequantF16Params d;
                    d.K = K;
                    d.N = n;
                    d.rowBytes = u32(m.rowBytes);
                    d.wOffset = u32(part.offset + int64_t(r0) * m.rowBytes);
                    d.kPad = np;
                    d.rows = gpu::matMulStagedPadRows(K);
                    d.transposed = 1;
                    QString why;
                    if (!gpu::recordDequantF16(b, *bd, d, &why)) {
                        fail(why);
                        return;
                    }
                    stagedProduct(b, np, K, rows, dx, dxs, !first);
                    first = false;
                }
            }
        }
    }

    // A strided matrix operand of gemm: X[i][k] at offset + i·row + k·col of `buf`.
    struct View {
        const gpu::Buffer *buf;
        uint32_t offset, row, col;
    };
    // C (+)= alpha·A·B for `batches` products, operand b of each at its batch stride.
    void batched(gpu::ComputeBatch &b, uint32_t M, uint32_t N, uint32_t K, View a, uint32_t aBatch,
                 View bv, uint32_t bBatch, const gpu::Buffer &cb, uint32_t c, uint32_t cRow,
                 uint32_t cBatch, uint32_t batches, float alpha, bool accumulate) {
        gpu::GemmParams p;
        p.M = M;
        p.N = N;
        p.K = K;
        p.aOffset = a.offset;
        p.aRowStride = a.row;
        p.aColStride = a.col;
        p.bOffset = bv.offset;
        p.bRowStride = bv.row;
        p.bColStride = bv.col;
        p.cOffset = c;
        p.cRowStride = cRow;
        p.alpha = alpha;
        p.accumulate = accumulate ? 1 : 0;
        p.batches = batches;
        p.aBatchStride = aBatch;
        p.bBatchStride = bBatch;
        p.cBatchStride = cBatch;
        gemm(b, *a.buf, *bv.buf, cb, p);
    }

    // C[M][N] (+)= alpha·A·B with C rows cRow apart in `cb` (gemm, the C order of GemmParams).
    void product(gpu::ComputeBatch &b, uint32_t M, uint32_t N, uint32_t K, View a, View bv,
                 const gpu::Buffer &cb, uint32_t c, uint32_t cRow, float alpha, bool accumulate) {
        batched(b, M, N, K, a, 0, bv, 0, cb, c, cRow, 0, 1, alpha, accumulate);
    }

    // ---- LoRA dropout (train/dropout_mask.h: the CPU oracle's masks) ------------------------
    bool dropping() const { return lora.dropout > 0.0f && dropoutSeed.has_value(); }
    // lora_dropout over rows x in: out = x ⊙ mask, or with `accumulate` out += x ⊙ mask.
    void recordDropout(gpu::ComputeBatch &b, int layer, LoraTarget t, uint32_t rows, uint32_t in,
                       uint32_t x, uint32_t xs, uint32_t out, uint32_t os, bool accumulate) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::LoraDropout, {*act});
        if (!bd) return;
        const DropoutMask m = train::dropoutMask(*dropoutSeed, layer, t, lora.dropout);
        gpu::LoraDropoutParams p;
        p.n = in;
        p.rows = rows;
        p.xOffset = x;
        p.xStride = xs;
        p.outOffset = out;
        p.outStride = os;
        p.accumulate = accumulate ? 1 : 0;
        p.key = m.key;
        p.threshold = m.threshold;
        p.keepScale = m.keepScale;
        QString why;
        if (!gpu::recordLoraDropout(b, *bd, p, &why)) fail(why);
    }
    // The input of adapter (layer, t)'s A: x, or when dropping its masked copy in DROP.
    View adapterInput(gpu::ComputeBatch &b, int layer, LoraTarget t, uint32_t rows, uint32_t in,
                      uint32_t x, uint32_t xs) {
        if (!dropping()) return {act.get(), x, xs, 1};
        recordDropout(b, layer, t, rows, in, x, xs, DROP, in, false);
        return {act.get(), DROP, in, 1};
    }
    // dx += du·A for du [rows][r] at `du` (rows duStride apart), through the mask when dropping
    // (du·A into DROP, then its masked sum into dx).
    void adapterInputGradient(gpu::ComputeBatch &b, int layer, LoraTarget t, uint32_t rows,
                              const FactorSlot &f, uint32_t du, uint32_t duStride, uint32_t dx,
                              uint32_t dxs) {
        const uint32_t in = u32(f.in);
        const bool drop = dropping();
        product(b, rows, in, rank, {act.get(), du, duStride, 1}, {params.get(), f.a, in, 1}, *act,
                drop ? DROP : dx, drop ? in : dxs, 1.0f, !drop);
        if (drop) recordDropout(b, layer, t, rows, in, DROP, in, dx, dxs, true);
    }

    // The adapted parts of a call, in order, split into runs that share one batched product of
    // their B factors: consecutive parts of equal width at consecutive output columns whose B
    // matrices and A·x rows follow one another (k and v, gate and up). `stacked`: every part's A
    // follows the previous one's and their A·x rows lie side by side (a group of kInputGroups).
    struct AdaptedRun {
        const FactorSlot *f;  // the run's first part
        int64_t column;
        uint32_t count;
    };
    struct Adapted {
        std::vector<AdaptedRun> runs;
        const FactorSlot *first = nullptr;
        uint32_t parts = 0;
        bool stacked = true;
    };
    Adapted adapted(int layer, std::initializer_list<AdaptedPart> parts) const {
        Adapted r;
        const FactorSlot *prev = nullptr;
        int64_t prevColumn = 0;
        for (const AdaptedPart &ap : parts) {
            const int s = slotOf[size_t(layer)][size_t(ap.target)];
            if (s < 0) continue;
            const FactorSlot &f = factors[size_t(s)];
            if (!r.first) {
                r.first = &f;
            } else {
                r.stacked = r.stacked && f.in == prev->in &&
                            f.a == prev->a + rank * u32(prev->in) && f.u == prev->u + rank &&
                            f.uStride == prev->uStride;
            }
            const bool joins = prev && !r.runs.empty() && f.out == prev->out &&
                               f.b == prev->b + rank * u32(prev->out) && f.u == prev->u + rank &&
                               f.uStride == prev->uStride && ap.column == prevColumn + prev->out;
            if (joins) {
                ++r.runs.back().count;
            } else {
                r.runs.push_back({&f, ap.column, 1});
            }
            ++r.parts;
            prev = &f;
            prevColumn = ap.column;
        }
        // Dropout draws each adapter's own mask of x: no shared product of A.
        r.stacked = r.stacked && r.first && r.first->uStride == r.parts * rank && !dropping();
        return r;
    }
    // The adapters on lin: y[:, column of each] += s·B·(A·x), keeping A·x for the backward.
    void adapterForward(gpu::ComputeBatch &b, int layer, std::initializer_list<AdaptedPart> parts,
                        uint32_t rows, uint32_t x, uint32_t xs, uint32_t y, uint32_t ys) {
        const Adapted ad = adapted(layer, parts);
        if (!ad.first) return;
        // u[rows][r] = x·Aᵀ (kept from the forward when the backward recomputes the layer: the
        // same x and A), the group's at once when stacked.
        if (!recomputing) {
            const FactorSlot &f0 = *ad.first;
            const uint32_t in = u32(f0.in);
            if (ad.stacked) {
                product(b, rows, ad.parts * rank, in, {act.get(), x, xs, 1},
                        {params.get(), f0.a, 1, in}, *act, f0.u, f0.uStride, 1.0f, false);
            } else {
                for (const AdaptedRun &run : ad.runs) {
                    for (uint32_t j = 0; j < run.count; ++j) {
                        const FactorSlot &f = run.f[j];
                        product(b, rows, rank, in,
                                adapterInput(b, layer, f.target, rows, in, x, xs),
                                {params.get(), f.a, 1, in}, *act, f.u, f.uStride, 1.0f, false);
                    }
                }
            }
        }
        // y[:, column..] += s·u·Bᵀ, a run's parts as batches.
        for (const AdaptedRun &run : ad.runs) {
            const FactorSlot &f = *run.f;
            const uint32_t out = u32(f.out);
            batched(b, rows, out, rank, {act.get(), f.u, f.uStride, 1}, rank,
                    {params.get(), f.b, 1, rank}, rank * out, *act, y + u32(run.column), ys, out,
                    run.count, scale, true);
        }
    }
    // The adapters' backward on lin: factor gradients added to grads, and dx += s·(dy·B)·A.
    void adapterBackward(gpu::ComputeBatch &b, int layer, std::initializer_list<AdaptedPart> parts,
                         uint32_t rows, uint32_t x, uint32_t xs, uint32_t dy, uint32_t dys,
                         uint32_t dx, uint32_t dxs) {
        const Adapted ad = adapted(layer, parts);
        if (!ad.first) return;
        // du's rows side by side as the u rows are: [rows][parts·r] at DU.
        const uint32_t duStride = ad.parts * rank;
        uint32_t duColumn = 0;
        for (const AdaptedRun &run : ad.runs) {
            const FactorSlot &f = *run.f;
            const uint32_t out = u32(f.out);
            const uint32_t at = dy + u32(run.column);
            // dB[out][r] += s·dyᵀ·u; du[rows][r] = s·dy·B (the run's parts as batches).
            batched(b, out, rank, rows, {act.get(), at, 1, dys}, out,
                    {act.get(), f.u, f.uStride, 1}, rank, *grads, f.b, rank, rank * out, run.count,
                    scale * gradAlpha, true);
            batched(b, rows, rank, out, {act.get(), at, dys, 1}, out, {params.get(), f.b, rank, 1},
                    rank * out, *act, DU + duColumn, duStride, rank, run.count, scale, false);
            duColumn += run.count * rank;
        }
        // dA[r][in] += duᵀ·x; dx += du·A (the group's at once when stacked).
        if (ad.stacked) {
            const FactorSlot &f = *ad.first;
            const uint32_t in = u32(f.in);
            product(b, duStride, in, rows, {act.get(), DU, 1, duStride}, {act.get(), x, xs, 1},
                    *grads, f.a, in, gradAlpha, true);
            product(b, rows, in, duStride, {act.get(), DU, duStride, 1}, {params.get(), f.a, in, 1},
                    *act, dx, dxs, 1.0f, true);
            return;
        }
        uint32_t col = 0;
        for (const AdaptedRun &run : ad.runs) {
            for (uint32_t j = 0; j < run.count; ++j, col += rank) {
                const FactorSlot &f = run.f[j];
                const uint32_t in = u32(f.in);
                product(b, rank, in, rows, {act.get(), DU + col, 1, duStride},
                        adapterInput(b, layer, f.target, rows, in, x, xs), *grads, f.a, in,
                        gradAlpha, true);
                adapterInputGradient(b, layer, f.target, rows, f, DU + col, duStride, dx, dxs);
            }
        }
    }

    // ---- the model --------------------------------------------------------------------------
    // XS[layer]'s float offset in ckpt.
    uint32_t xs(int layer) const { return u32(layer) * T * H; }
    // act rows -> ckpt (the elementwise kernel writing its third binding).
    void copyToCheckpoint(gpu::ComputeBatch &b, uint32_t rows, uint32_t x, uint32_t out) {
        if (!ok()) return;
        const gpu::Bindings *bd = bind(KernelId::Elementwise, {*act, *act, *ckpt});
        if (!bd) return;
        gpu::ElementwiseParams p;
        p.n = H;
        p.rows = rows;
        p.xOffset = x;
        p.xStride = H;
        p.outOffset = out;
        p.outStride = H;
        p.mode = uint32_t(gpu::ElementwiseMode::Scale);
        p.s = 1.0f;
        QString why;
        if (!gpu::recordElementwise(b, *bd, p, &why)) fail(why);
    }

    // One layer's forward from XS[layer] to XS[layer + 1], its activations in the layer regions.
    void layerForward(gpu::ComputeBatch &b, int i, uint32_t n) {
        const model::Gemma4LayerConfig &l = c.layer(i);
        const model::LayerWeights &w = model->plan().weights.layers[size_t(i)];
        const uint32_t hd = u32(l.headDim), heads = u32(c.heads);
        const uint32_t qW = heads * hd, kvWl = u32(l.kvHeads) * hd;
        const uint32_t qkvW = u32(w.qkv.outWidth);
        const int cache = l.sharesKv() ? l.kvDonor : i;
        const uint32_t x = WX;
        elementwise(b, gpu::ElementwiseMode::Scale, H, n, xs(i), H, 0, 0, WX, H, 1.0f, *ckpt);

        // Attention block.
        rmsNorm(b, H, n, x, H, A, H, w.attnNorm, true);
        frozen(b, w.qkv, n, A, H, QKV, qkvW, false);
        adapterForward(b, i,
                       {{LoraTarget::AttnQ, 0},
                        {LoraTarget::AttnK, qW},
                        {LoraTarget::AttnV, int64_t(qW) + kvWl}},
                       n, A, H, QKV, qkvW);
        copy(b, qW, n, QKV, qkvW, QRAW, qW);
        if (ok()) {
            const gpu::Bindings *bd =
                bind(KernelId::QkvPrep, {*act, model->normsBuffer(),
                                         kvView(kvK[size_t(cache)], T * kvW[size_t(cache)]),
                                         kvView(kvV[size_t(cache)], T * kvW[size_t(cache)])});
            for (const auto &[start, len] : segs) {
                if (!bd) break;
                gpu::QkvPrepParams qp;
                qp.rows = len;
                qp.heads = heads;
                qp.kvHeads = u32(l.kvHeads);
                qp.headDim = hd;
                qp.ropeDims = u32(l.ropeDims);
                qp.qOffset = QKV + start * qkvW;
                qp.qStride = qkvW;
                qp.kOffset = QKV + start * qkvW + qW;
                qp.kStride = qkvW;
                qp.vOffset = QKV + start * qkvW + qW + kvWl;
                qp.vStride = qkvW;
                qp.qNormOffset = w.qNorm;
                qp.kNormOffset = w.kNorm;
                qp.fOffset = model->plan().weights.ropeFreqs;
                qp.useFactors = (!l.isSliding() && c.hasRopeFreqs) ? 1 : 0;
                qp.base = l.ropeBase;
                qp.eps = c.rmsEps;
                qp.storeKv = l.sharesKv() ? 0 : 1;
                // Each segment at positions from 0, its K and V at its own rows of the caches.
                qp.cacheRows = T - start;
                qp.slotOffset = start;
                qp.firstPos = 0;
                QString why;
                if (!gpu::recordQkvPrep(b, *bd, qp, &why)) fail(why);
            }
        }
        if (ok() && attentionProducts) {
            // o = softmax(q·Kᵀ)·V as products over the cache's K and V (views into kv).
            const gpu::BufferView kView = kvView(kvK[size_t(cache)], T * kvWl);
            const gpu::BufferView vView = kvView(kvV[size_t(cache)], T * kvWl);
            const gpu::Bindings *qk = bind(gemmKernel(), {*act, kView, *act});
            const gpu::Bindings *pv = bind(gemmKernel(), {*act, vView, *act});
            const gpu::Bindings *rows = bind(KernelId::AttentionRows, {*act});
            for (const auto &[start, len] : segs) {
                if (!qk || !pv || !rows) break;
                gpu::AttentionBackwardParams p;
                p.tokens = len;
                p.heads = heads;
                p.kvHeads = u32(l.kvHeads);
                p.headDim = hd;
                p.qOffset = QKV + start * qkvW;
                p.qStride = qkvW;
                p.kOffset = start * kvWl;
                p.kStride = kvWl;
                p.vOffset = start * kvWl;
                p.vStride = kvWl;
                p.oOffset = O + start * qW;
                p.oStride = qW;
                p.scratchOffset = ATTN;
                p.window = l.isSliding() ? u32(c.slidingWindow) : 0;
                p.scale = 1.0f;
                QString why;
                if (!gpu::recordAttentionProducts(b, *qk, *pv, *rows, p, attnFloats, &why))
                    fail(why);
            }
        } else if (ok()) {
            const gpu::Bindings *bd =
                bind(KernelId::Attention, {*act, kvView(kvK[size_t(cache)], T * kvWl),
                                           kvView(kvV[size_t(cache)], T * kvWl), *attnScratch});
            if (bd) {
                gpu::AttentionParams ap;
                ap.queries = n;
                ap.heads = heads;
                ap.kvHeads = u32(l.kvHeads);
                ap.headDim = hd;
                ap.qOffset = QKV;
                ap.qStride = qkvW;
                ap.oOffset = O;
                ap.oStride = qW;
                ap.cacheRows = T;
                ap.firstPos = 0;
                ap.window = l.isSliding() ? u32(c.slidingWindow) : 0;
                ap.scale = 1.0f;
                QString why;
                if (!gpu::recordAttention(b, *bd, ap, &why)) fail(why);
            }
        }
        frozen(b, w.attnOut, n, O, qW, AO, H, false);
        adapterForward(b, i, {{LoraTarget::AttnOutput, 0}}, n, O, qW, AO, H);
        rmsNorm(b, H, n, AO, H, POST, H, w.postAttnNorm, true);
        addRows(b, H, n, x, POST, X1, 1.0f);

        // Feed-forward block.
        const uint32_t Fl = u32(l.ffnWidth);
        rmsNorm(b, H, n, X1, H, F, H, w.ffnNorm, true);
        frozen(b, w.gateUp, n, F, H, GU, 2 * Fl, false);
        adapterForward(b, i, {{LoraTarget::FfnGate, 0}, {LoraTarget::FfnUp, Fl}}, n, F, H, GU,
                       2 * Fl);
        geglu(b, Fl, n, GU, 2 * Fl, GU + Fl, 2 * Fl, ACT, Fl);
        frozen(b, w.down, n, ACT, Fl, DOWN, H, false);
        adapterForward(b, i, {{LoraTarget::FfnDown, 0}}, n, ACT, Fl, DOWN, H);
        rmsNorm(b, H, n, DOWN, H, POST, H, w.postFfwNorm, true);
        const uint32_t next = WY;
        const float outScale = l.hasOutputScale() ? w.outputScale : 1.0f;
        if (!c.hasPle) {
            addRows(b, H, n, X1, POST, next, outScale);
            // (Recomputed for the backward: XS[i + 1] holds it already.)
            if (!recomputing) copyToCheckpoint(b, n, next, xs(i + 1));
            return;
        }
        addRows(b, H, n, X1, POST, X2, 1.0f);

        // Per-layer input block: x3 = x2 + rmsw(proj(gelu(inp_gate(x2)) · ple[i]), postNorm).
        frozen(b, w.inpGate, n, X2, H, PGU, 2 * P, false);
        adapterForward(b, i, {{LoraTarget::InpGate, 0}}, n, X2, H, PGU, 2 * P);
        copy(b, P, n, PLE + u32(i) * P, LP, PGU + P, 2 * P);
        geglu(b, P, n, PGU, 2 * P, PGU + P, 2 * P, PA, P);
        frozen(b, w.proj, n, PA, P, PP, H, false);
        adapterForward(b, i, {{LoraTarget::Proj, 0}}, n, PA, P, PP, H);
        rmsNorm(b, H, n, PP, H, POST, H, w.postNorm, true);
        addRows(b, H, n, X2, POST, next, outScale);
        if (!recomputing) copyToCheckpoint(b, n, next, xs(i + 1));
    }

    // One layer's backward: DX holds d XS[layer + 1] and becomes d XS[layer]; the layer's
    // activations must be those of its forward (recomputed just before).
    void layerBackward(gpu::ComputeBatch &b, int i, uint32_t n) {
        const model::Gemma4LayerConfig &l = c.layer(i);
        const model::LayerWeights &w = model->plan().weights.layers[size_t(i)];
        const uint32_t hd = u32(l.headDim), heads = u32(c.heads);
        const uint32_t qW = heads * hd;
        const uint32_t qkvW = u32(w.qkv.outWidth);
        const int cache = l.sharesKv() ? l.kvDonor : i;
        const uint32_t Fl = u32(l.ffnWidth);
        const uint32_t x = WX;  // XS[i], copied there by the layer's recomputed forward

        if (l.hasOutputScale() && w.outputScale != 1.0f)
            elementwise(b, gpu::ElementwiseMode::Scale, H, n, DX, H, 0, 0, DX, H, w.outputScale,
                        *act);
        if (c.hasPle) {
            rmsNormBackward(b, H, n, PP, H, DX, H, DBR, H, w.postNorm, true, false);
            frozenBackward(b, w.proj, n, DBR, H, D1, P, false);
            adapterBackward(b, i, {{LoraTarget::Proj, 0}}, n, PA, P, DBR, H, D1, P);
            gegluBackward(b, P, n, PGU, D1, DGU);
            frozenBackward(b, w.inpGate, n, DGU, 2 * P, DX, H, true);
            adapterBackward(b, i, {{LoraTarget::InpGate, 0}}, n, X2, H, DGU, 2 * P, DX, H);
        }
        // Feed-forward block (DX: d x2).
        rmsNormBackward(b, H, n, DOWN, H, DX, H, DBR, H, w.postFfwNorm, true, false);
        frozenBackward(b, w.down, n, DBR, H, D1, Fl, false);
        adapterBackward(b, i, {{LoraTarget::FfnDown, 0}}, n, ACT, Fl, DBR, H, D1, Fl);
        gegluBackward(b, Fl, n, GU, D1, DGU);
        frozenBackward(b, w.gateUp, n, DGU, 2 * Fl, DA, H, false);
        adapterBackward(b, i, {{LoraTarget::FfnGate, 0}, {LoraTarget::FfnUp, Fl}}, n, F, H, DGU,
                        2 * Fl, DA, H);
        rmsNormBackward(b, H, n, X1, H, DA, H, DX, H, w.ffnNorm, true, true);

        // Attention block (DX: d x1).
        rmsNormBackward(b, H, n, AO, H, DX, H, DBR, H, w.postAttnNorm, true, false);
        frozenBackward(b, w.attnOut, n, DBR, H, D1, qW, false);
        adapterBackward(b, i, {{LoraTarget::AttnOutput, 0}}, n, O, qW, DBR, H, D1, qW);
        // K and V of the cache into the activations, next to their gradient sums.
        const uint32_t kvWc = kvW[size_t(cache)];
        elementwise(b, gpu::ElementwiseMode::Scale, kvWc, n, 0, kvWc, 0, 0, KC, kvWc, 1.0f,
                    kvView(kvK[size_t(cache)], T * kvWc));
        elementwise(b, gpu::ElementwiseMode::Scale, kvWc, n, 0, kvWc, 0, 0, VC, kvWc, 1.0f,
                    kvView(kvV[size_t(cache)], T * kvWc));
        if (ok()) {
            const gpu::Bindings *bd = attentionProducts ? bind(KernelId::AttentionRows, {*act})
                                                        : bind(KernelId::AttentionBackward, {*act});
            const gpu::Bindings *gd =
                attentionProducts ? bind(gemmKernel(), {*act, *act, *act}) : bd;
            for (const auto &[start, len] : segs) {
                if (!bd || !gd) break;
                gpu::AttentionBackwardParams p;
                p.tokens = len;
                p.heads = heads;
                p.kvHeads = u32(l.kvHeads);
                p.headDim = hd;
                p.qOffset = QKV + start * qkvW;
                p.qStride = qkvW;
                p.kOffset = KC + start * kvWc;
                p.kStride = kvWc;
                p.vOffset = VC + start * kvWc;
                p.vStride = kvWc;
                p.oOffset = O + start * qW;
                p.oStride = qW;
                p.dOOffset = D1 + start * qW;
                p.dOStride = qW;
                p.dqOffset = DGU + start * qkvW;
                p.dqStride = qkvW;
                p.dkOffset = DK[size_t(cache)] + start * kvWc;
                p.dkStride = kvWc;
                p.dvOffset = DV[size_t(cache)] + start * kvWc;
                p.dvStride = kvWc;
                p.scratchOffset = attentionProducts ? ATTN : LSE;
                p.window = l.isSliding() ? u32(c.slidingWindow) : 0;
                p.scale = 1.0f;
                p.accumulateDq = 0;
                p.accumulateDkv = 1;
                QString why;
                if (attentionProducts
                        ? !gpu::recordAttentionBackwardProducts(b, *gd, *bd, p, attnFloats, &why)
                        : !gpu::recordAttentionBackward(b, *bd, p, &why))
                    fail(why);
            }
        }
        rope(b, i, n, heads, DGU, qkvW);
        // d q_raw into DGU's q columns (in place over d q_normed).
        rmsNormBackwardRows(b, hd, n, heads, QRAW, qW, DGU, qkvW, DGU, qkvW, w.qNorm, true);
        if (!l.sharesKv()) {
            // Every layer reading this cache has added its dK and dV by now.
            rope(b, i, n, u32(l.kvHeads), DK[size_t(i)], kvWc);
            rmsNormBackwardRows(b, hd, n, u32(l.kvHeads), QKV + qW, qkvW, DK[size_t(i)], kvWc,
                                DGU + qW, qkvW, w.kNorm, true);
            rmsNormBackwardRows(b, hd, n, u32(l.kvHeads), QKV + qW + kvWc, qkvW, DV[size_t(i)],
                                kvWc, DGU + qW + kvWc, qkvW, 0, false);
        }
        frozenBackward(b, w.qkv, n, DGU, qkvW, DA, H, false);
        adapterBackward(b, i,
                        {{LoraTarget::AttnQ, 0},
                         {LoraTarget::AttnK, qW},
                         {LoraTarget::AttnV, int64_t(qW) + kvWc}},
                        n, A, H, DGU, qkvW, DA, H);
        rmsNormBackward(b, H, n, x, H, DA, H, DX, H, w.attnNorm, true, true);
    }

    // Per-head RMS norm backward over rows of `heads` heads in strided rows (one dispatch per
    // head: the rows' strides differ between x, dy and dx).
    void rmsNormBackwardRows(gpu::ComputeBatch &b, uint32_t hd, uint32_t n, uint32_t heads,
                             uint32_t x, uint32_t xs, uint32_t dy, uint32_t dys, uint32_t dx,
                             uint32_t dxs, uint32_t w, bool weighted) {
        for (uint32_t h = 0; h < heads; ++h)
            rmsNormBackward(b, hd, n, x + h * hd, xs, dy + h * hd, dys, dx + h * hd, dxs, w,
                            weighted, false);
    }

    // The RoPE's backward (rotation by the negative angle) in place on n rows of `heads` heads.
    void rope(gpu::ComputeBatch &b, int i, uint32_t n, uint32_t heads, uint32_t x,
              uint32_t stride) {
        if (!ok()) return;
        const model::Gemma4LayerConfig &l = c.layer(i);
        const gpu::Bindings *bd = bind(KernelId::Rope, {*act, *ints, model->normsBuffer()});
        if (!bd) return;
        gpu::RopeParams p;
        p.rows = n;
        p.heads = heads;
        p.headDim = u32(l.headDim);
        p.dims = u32(l.ropeDims);
        p.xOffset = x;
        p.xStride = stride;
        p.posOffset = POS;
        p.fOffset = model->plan().weights.ropeFreqs;
        p.useFactors = (!l.isSliding() && c.hasRopeFreqs) ? 1 : 0;
        p.base = l.ropeBase;
        p.backward = 1;
        QString why;
        if (!gpu::recordRope(b, *bd, p, &why)) fail(why);
    }

    // Embeddings (rows gathered on the host) and per-layer inputs into XS[0] and PLE.
    // The embeddings of `ids` into XS[0] (and WX), the per-layer table rows into TBL: decoded on
    // the GPU (get_rows) from the token table in the model's buffers and from the PLE table's
    // rows as stored, copied from the memory map. Decoding them on the host took ~120 ms of a
    // 2048-token pass on an H200 (E2B: 18M PLE values), a fifth of the pass, with the GPU idle.
    // Rows `ids` (at idsOffset in ints) of a table of `type` in `table` (wRows rows of rowBytes
    // from byte wOffset), decoded and scaled into act rows of K at y.
    bool getRows(gpu::ComputeBatch &b, gguf::TensorType type, const gpu::Buffer &table, uint32_t K,
                 uint32_t rows, uint32_t rowBytes, uint32_t wOffset, uint32_t wRows,
                 uint32_t idsOffset, uint32_t y, float scale) {
        const std::optional<KernelId> kid = gpu::getRowsKernel(type);
        if (!kid) return fail(QStringLiteral("no get_rows kernel for an embedding table's type"));
        const gpu::Bindings *bd = bind(*kid, {table, *ints, *act});
        if (!bd) return false;
        gpu::GetRowsParams g;
        g.K = K;
        g.rows = rows;
        g.rowBytes = rowBytes;
        g.wOffset = wOffset;
        g.wRows = wRows;
        g.idsOffset = idsOffset;
        g.yOffset = y;
        g.yStride = K;
        g.scale = scale;
        QString why;
        if (!gpu::recordGetRows(b, *bd, g, &why)) return fail(why);
        return true;
    }
    void embed(gpu::ComputeBatch &b, std::span<const int32_t> ids) {
        const model::TextWeights &w = model->plan().weights;
        const uint32_t n = u32(ids.size());
        const float embScale = float(std::sqrt(double(H)));
        if (w.tokenEmbd.parts.size() == 1) {
            b.upload(
                *ints, qint64(IDS) * 4,
                QByteArray(reinterpret_cast<const char *>(ids.data()), qsizetype(ids.size() * 4)));
            const model::WeightPart &part = w.tokenEmbd.parts.front();
            if (!getRows(b, w.tokenEmbd.type, model->weightBuffer(part.buffer), H, n,
                         u32(w.tokenEmbd.rowBytes), u32(part.offset), u32(part.rows), IDS, WX,
                         embScale))
                return;
            copyToCheckpoint(b, n, WX, xs(0));
        } else {
            // A table split over several buffers: its rows decoded on the host.
            const std::vector<float> x = model::gatherWeightRows(w.tokenEmbd, ids, embScale, H);
            const QByteArray bytes(reinterpret_cast<const char *>(x.data()),
                                   qsizetype(x.size() * 4));
            b.upload(*ckpt, qint64(xs(0)) * 4, bytes);
            b.upload(*act, qint64(WX) * 4, bytes);
        }
        if (!c.hasPle) return;
        const qint64 stride = model->plan().pleRowStride;
        b.upload(*pleRaw, 0, model::gatherRawRows(w.pleTable, ids, stride));
        if (!getRows(b, w.pleTable.type, *pleRaw, LP, n, u32(stride), 0, n, ROWIDS, TBL,
                     float(std::sqrt(double(P)))))
            return;
        // ple = (rmsw(proj(x) / sqrt(H), proj_norm) + table rows · sqrt(P)) / √2
        frozen(b, w.pleProj, n, WX, H, PLE, LP, false);
        elementwise(b, gpu::ElementwiseMode::Scale, LP, n, PLE, LP, 0, 0, PLE, LP,
                    float(1.0 / std::sqrt(double(H))), *act);
        rmsNorm(b, P, n * L, PLE, P, PLE, P, w.pleProjNorm, true);
        elementwise(b, gpu::ElementwiseMode::AddScale, LP, n, PLE, LP, TBL, LP, PLE, LP,
                    float(1.0 / std::sqrt(2.0)), *act);
    }

    // The rows' losses (read back into lossBytes when `b` has run) and with backward d XS[L] into
    // DX, in blocks of logit rows, all recorded into `b`.
    void head(gpu::ComputeBatch &b, uint32_t n, std::span<const int32_t> targets, float gradScale,
              bool backward) {
        const model::TextWeights &w = model->plan().weights;
        const uint32_t xl = WY;  // XS[L]: the last layer's forward (just run) left it there
        rmsNorm(b, H, n, xl, H, NORMED, H, w.outputNorm, true);
        for (uint32_t r0 = 0; r0 < n && ok(); r0 += logitRows) {
            const uint32_t rows = std::min(logitRows, n - r0);
            bool any = false;
            for (uint32_t r = r0; r < r0 + rows; ++r)
                any = any || targets[r] >= 0;
            if (!any) continue;
            frozen(b, w.output, rows, NORMED + r0 * H, H, LOGITS, V, false);
            if (!ok()) break;
            const gpu::Bindings *bd = bind(KernelId::CrossEntropy, {*act, *ints});
            if (!bd) break;
            gpu::CrossEntropyParams p;
            p.n = V;
            p.rows = rows;
            p.xOffset = LOGITS;
            p.xStride = V;
            p.dxOffset = LOGITS;
            p.dxStride = V;
            p.lossOffset = LOSS + r0;
            p.targetOffset = TGT + r0;
            p.cap = c.finalLogitSoftcap;
            p.scale = gradScale;
            QString why;
            if (!gpu::recordCrossEntropy(b, *bd, p, &why)) {
                fail(why);
                break;
            }
            if (backward) frozenBackward(b, w.output, rows, LOGITS, V, DNORMED + r0 * H, H, false);
        }
        // Every row's loss at once (the blocks leave theirs side by side), read back when the
        // batch has run: no block waits for the host.
        lossBytes.clear();
        b.readBack(*act, qint64(LOSS) * 4, qint64(n) * 4, &lossBytes);
        if (backward && ok()) {
            // Rows without a target in a skipped block have a zero gradient.
            for (uint32_t r0 = 0; r0 < n; r0 += logitRows) {
                const uint32_t rows = std::min(logitRows, n - r0);
                bool any = false;
                for (uint32_t r = r0; r < r0 + rows; ++r)
                    any = any || targets[r] >= 0;
                if (!any)
                    elementwise(b, gpu::ElementwiseMode::Scale, H, rows, DNORMED + r0 * H, H, 0, 0,
                                DNORMED + r0 * H, H, 0.0f, *act);
            }
            rmsNormBackward(b, H, n, xl, H, DNORMED, H, DX, H, w.outputNorm, true, false);
        }
    }

    // Records piece k of `count` (record(batch, k)) into one of two batches and submits each while
    // the next is recorded (GpuContext::submit's whileRunning): the host's recording of a layer
    // overlaps the GPU's work on the previous one. Once every binding the pieces use exists
    // (after the first example), recording creates no GPU objects.
    void pipelined(int count, const std::function<void(gpu::ComputeBatch &, int)> &record) {
        gpu::ComputeBatch batches[2];
        if (count > 0 && ok()) record(batches[0], 0);
        for (int k = 0; k < count && ok(); ++k) {
            gpu::ComputeBatch &cur = batches[k % 2], &next = batches[(k + 1) % 2];
            next.clear();
            bool ahead = false;
            const auto recordAhead = [&] {
                if (warm && k + 1 < count && ok()) {
                    record(next, k + 1);
                    ahead = true;
                }
            };
            QString why;
            if (!ctx->submit(cur, &why, recordAhead)) {
                fail(why);
                return;
            }
            if (!ahead && k + 1 < count && ok()) record(next, k + 1);
        }
    }

    // The whole example: forward, loss, and with `backward` the gradients (times `weight`,
    // folded into the loss's gradient) added to grads; with a `seed`, the adapters' dropout.
    ReferenceLoss run(const TokenizedExample &e, double weight, bool backward, QString *err,
                      std::optional<uint64_t> seed = std::nullopt) {
        const TokenizedExample *one[] = {&e};
        const int n = countedTargets(e);
        std::vector<ReferenceLoss> l =
            runPacked(one, n > 0 ? weight / double(n) : 0.0, backward, err, seed);
        return l.empty() ? ReferenceLoss{kNaN, 0} : l.front();
    }

    // Several examples packed into one sequence, each a segment at positions from 0 that sees
    // only itself (the position-aware ops run per segment, every other op over all rows): their
    // losses (each its mean), and with `backward` their gradients, every counted token weighted
    // tokenWeight, added to grads. With a `seed` (one example only: the masks' rows are the
    // pass's), the adapters' dropout.
    std::vector<ReferenceLoss> runPacked(std::span<const TokenizedExample *const> es,
                                         double tokenWeight, bool backward, QString *err,
                                         std::optional<uint64_t> seed = std::nullopt) {
        error.clear();
        dropoutSeed = seed;
        std::vector<ReferenceLoss> results(es.size());
        std::vector<int32_t> ids, targets, positions;
        segs.clear();
        for (size_t k = 0; k < es.size(); ++k) {
            const TokenizedExample &e = *es[k];
            const std::vector<int32_t> t = nextTokenTargets(e);
            results[k].counted =
                int(std::count_if(t.begin(), t.end(), [](int32_t v) { return v >= 0; }));
            if (e.ids.empty()) continue;
            segs.push_back({u32(int64_t(ids.size())), u32(int64_t(e.ids.size()))});
            ids.insert(ids.end(), e.ids.begin(), e.ids.end());
            targets.insert(targets.end(), t.begin(), t.end());
            for (size_t i = 0; i < e.ids.size(); ++i)
                positions.push_back(int32_t(i));
        }
        const uint32_t n = u32(int64_t(ids.size()));
        const bool anyTarget =
            std::any_of(targets.begin(), targets.end(), [](int32_t t) { return t >= 0; });
        if (n == 0 || !anyTarget) return results;
        // Every example's loss NaN, *err the reason.
        const auto failAll = [&](const QString &why) {
            if (err) *err = why;
            for (ReferenceLoss &r : results)
                r.loss = kNaN;
            return results;
        };
        if (n > T || (segs.size() > 1 && !attentionProducts)) {
            return failAll(
                es.size() > 1
                    ? QStringLiteral("internal error: %1 packed tokens (the trainer was prepared "
                                     "for %2, packing needs the attention as products)")
                          .arg(n)
                          .arg(T)
                    : QStringLiteral("an example of %1 tokens is longer than the %2 the trainer "
                                     "was prepared for")
                          .arg(n)
                          .arg(T));
        }
        // The forward, a layer a batch (the first with the example's uploads and embeddings).
        pipelined(int(L), [&](gpu::ComputeBatch &b, int i) {
            if (i == 0) {
                b.upload(*ints, qint64(TGT) * 4,
                         QByteArray(reinterpret_cast<const char *>(targets.data()),
                                    qsizetype(targets.size() * 4)));
                b.upload(*ints, qint64(POS) * 4,
                         QByteArray(reinterpret_cast<const char *>(positions.data()),
                                    qsizetype(positions.size() * 4)));
                embed(b, ids);
            }
            layerForward(b, i, n);
        });
        // The loss's gradient: every counted token's times tokenWeight, carried as kLossScale
        // times the sum's.
        gradAlpha = float(tokenWeight / double(kLossScale));
        gpu::ComputeBatch b;
        if (ok()) head(b, n, targets, backward ? kLossScale : 0.0f, backward);
        if (backward && ok()) {
            // Layer by layer from the last: its forward again, then its backward.
            pipelined(int(L), [&](gpu::ComputeBatch &lb, int k) {
                if (k == 0) {
                    if (!b.isEmpty()) std::swap(lb, b);  // the output norm's backward
                    for (size_t c = 0; c < DK.size(); ++c) {
                        const uint32_t kvWc = kvW[c];
                        elementwise(lb, gpu::ElementwiseMode::Scale, kvWc, n, DK[c], kvWc, 0, 0,
                                    DK[c], kvWc, 0.0f, *act);
                        elementwise(lb, gpu::ElementwiseMode::Scale, kvWc, n, DV[c], kvWc, 0, 0,
                                    DV[c], kvWc, 0.0f, *act);
                    }
                }
                const int i = int(L) - 1 - k;
                recomputing = true;
                layerForward(lb, i, n);
                recomputing = false;
                layerBackward(lb, i, n);
            });
        }
        if (ok() && !b.isEmpty()) {
            QString why;
            if (!ctx->submit(b, &why)) fail(why);
        }
        if (!ok()) return failAll(error);
        warm = warm || backward;
        if (lossBytes.size() < qsizetype(n) * 4)
            return failAll(QStringLiteral("internal error: the losses were not read back"));
        const auto *lv = reinterpret_cast<const float *>(lossBytes.constData());
        for (size_t k = 0, seg = 0; k < es.size(); ++k) {
            if (es[k]->ids.empty()) continue;
            const auto [start, len] = segs[seg++];
            double part = 0;
            for (uint32_t r = start; r < start + len; ++r) {
                if (targets[r] >= 0) part += double(lv[r]);
            }
            results[k].loss = results[k].counted > 0 ? part / double(results[k].counted) : 0.0;
        }
        return results;
    }

    // Every factor vector's place in the params buffer and in the CPU order of AdamW's moments
    // (matrices() order: layers, then targets; A before B): (gpu offset, cpu offset, length).
    struct FactorRun {
        uint32_t gpu;
        size_t cpu, length;
    };
    std::vector<FactorRun> factorRuns() const {
        std::vector<FactorRun> runs;
        size_t cpu = 0;
        for (int i = 0; i < int(L); ++i) {
            for (int t = 0; t < model::kLoraTargetCount; ++t) {
                const int s = slotOf[size_t(i)][size_t(t)];
                if (s < 0) continue;
                const FactorSlot &f = factors[size_t(s)];
                const size_t na = size_t(rank) * size_t(f.in), nb = size_t(rank) * size_t(f.out);
                runs.push_back({f.a, cpu, na});
                cpu += na;
                runs.push_back({f.b, cpu, nb});
                cpu += nb;
            }
        }
        return runs;
    }
    bool upload(const LoraAdapter &adapter, QString *err) {
        std::vector<float> data(paramFloats, 0.0f);
        for (int i = 0; i < int(L); ++i) {
            for (int t = 0; t < model::kLoraTargetCount; ++t) {
                const int s = slotOf[size_t(i)][size_t(t)];
                const model::LoraMatrix *m = adapter.find(i, LoraTarget(t));
                if ((s < 0) != (m == nullptr) ||
                    (m && (m->in != factors[size_t(s)].in || m->out != factors[size_t(s)].out ||
                           m->a.size() != size_t(rank) * size_t(m->in)))) {
                    if (err)
                        *err = QStringLiteral(
                            "internal error: the adapter does not have the "
                            "shape the GPU trainer was prepared for");
                    return false;
                }
                if (!m) continue;
                std::copy(m->a.begin(), m->a.end(), data.begin() + factors[size_t(s)].a);
                std::copy(m->b.begin(), m->b.end(), data.begin() + factors[size_t(s)].b);
            }
        }
        return ctx->upload(*params, 0, data.data(), qint64(data.size()) * 4, err);
    }
};

GpuLossBackend::GpuLossBackend(std::unique_ptr<Impl> impl) : m(std::move(impl)) {}
GpuLossBackend::~GpuLossBackend() = default;

// Sizes the trainer for examples of up to `tokens` tokens: the offsets of every activation in
// `act` (actFloats in all), the checkpoints (ckptFloats) and the adapters' factor slots. Arithmetic
// only: nothing is allocated, so create() can also ask how long an example fits a device.
void GpuLossBackend::Impl::layOut(model::GpuModel &model, const LoraConfig &lora,
                                  const GpuTrainOptions &options, int tokens) {
    Impl &s = *this;
    s.model = &model;
    s.ctx = &model.context();
    s.c = model.config();
    s.lora = lora;
    s.opt = options;
    const model::Gemma4Config &c = s.c;
    s.T = u32(tokens);
    s.H = u32(c.hidden);
    s.V = u32(c.vocabSize);
    s.P = u32(c.pleDim);
    s.L = u32(c.layerCount);
    s.LP = s.P * s.L;
    s.rank = u32(lora.rank);
    s.scale = lora.scale();
    for (const model::Gemma4LayerConfig &l : c.layers) {
        s.qWmax = std::max(s.qWmax, u32(c.heads * l.headDim));
        s.kvWmax = std::max(s.kvWmax, u32(l.kvHeads * l.headDim));
        s.Fmax = std::max(s.Fmax, u32(l.ffnWidth));
    }
    for (const model::LayerWeights &w : model.plan().weights.layers)
        s.qkvWmax = std::max(s.qkvWmax, u32(w.qkv.outWidth));
    const uint64_t T = s.T, H = s.H;
    const uint64_t align =
        uint64_t(std::max<qint64>(16, model.context().info().storageBufferOffsetAlignment)) / 4;
    uint64_t at = 0;
    auto region = [&](uint64_t floats) {
        const uint64_t r = at;
        at += (floats + align - 1) / align * align;
        return u32(int64_t(r));
    };
    s.ckptFloats = (uint64_t(s.L) + 1) * T * H;
    s.WX = region(T * H);
    s.WY = region(T * H);
    s.PLE = region(T * s.LP);
    s.TBL = region(T * s.LP);
    s.A = region(T * H);
    s.QKV = region(T * s.qkvWmax);
    s.QRAW = region(T * s.qWmax);
    s.O = region(T * s.qWmax);
    s.AO = region(T * H);
    s.X1 = region(T * H);
    s.F = region(T * H);
    s.GU = region(T * 2 * s.Fmax);
    s.ACT = region(T * s.Fmax);
    s.DOWN = region(T * H);
    s.X2 = region(T * H);
    s.PGU = region(T * 2 * std::max<uint64_t>(s.P, 1));
    s.PA = region(T * std::max<uint64_t>(s.P, 1));
    s.PP = region(T * H);
    s.POST = region(T * H);
    s.LSE = region(2 * T * uint64_t(c.heads));
    s.DX = region(T * H);
    s.DBR = region(T * H);
    s.D1 = region(T * std::max<uint64_t>({s.qWmax, s.Fmax, H, s.P}));
    s.DGU = region(T * std::max<uint64_t>({2 * uint64_t(s.Fmax), s.qkvWmax, 2 * uint64_t(s.P)}));
    s.DA = region(T * H);
    s.KC = region(T * s.kvWmax);
    s.VC = region(T * s.kvWmax);
    s.NORMED = region(T * H);
    s.DNORMED = region(T * H);
    s.logitRows = u32(std::clamp<qint64>(options.logitBlockFloats / qint64(s.V), 1, qint64(T)));
    s.LOGITS = region(uint64_t(s.logitRows) * s.V);
    s.LOSS = region(T);
    s.mmSplitFloats =
        u32(int64_t(std::min<uint64_t>(gpu::matMulSplitScratchFloats(s.T), uint64_t(8) << 20)));
    s.MMSPLIT = region(s.mmSplitFloats);
    s.attentionProducts = options.attention == GpuTrainOptions::Attention::Products;
    if (s.attentionProducts) {
        uint32_t groupMax = 1;
        for (int i = 0; i < int(s.L); ++i)
            groupMax = std::max(groupMax, u32(c.heads / std::max(c.layer(i).kvHeads, 1)));
        s.attnFloats =
            u32(std::clamp<qint64>(gpu::attentionBackwardProductsScratch(s.T, groupMax, 0), 1024,
                                   std::max<qint64>(options.attentionScratchFloats, 1024)));
        s.ATTN = region(s.attnFloats);
    }
    for (int i = 0; i < c.firstSharedLayer; ++i) {
        const model::Gemma4LayerConfig &l = c.layer(i);
        const uint32_t w = u32(l.kvHeads * l.headDim);
        s.kvW.push_back(w);
        s.DK.push_back(region(T * w));
        s.DV.push_back(region(T * w));
    }
    // The adapters' A·x rows and the factor factors.
    s.slotOf.assign(size_t(s.L), {});
    uint32_t pf = 0;
    uint32_t groupMax = 1;
    for (int i = 0; i < int(s.L); ++i) {
        s.slotOf[size_t(i)].fill(-1);
        for (const auto &group : kInputGroups) {
            // The group's adapted members (a repeated entry pads a shorter group).
            std::vector<LoraTarget> members;
            for (const LoraTarget t : group) {
                if (std::find(members.begin(), members.end(), t) == members.end() &&
                    std::find(lora.targets.begin(), lora.targets.end(), t) != lora.targets.end() &&
                    model::loraShape(c, i, t))
                    members.push_back(t);
            }
            if (members.empty()) continue;
            const uint32_t g = u32(int64_t(members.size()));
            groupMax = std::max(groupMax, g);
            const uint32_t u = region(T * g * s.rank);
            const size_t first = s.factors.size();
            for (uint32_t j = 0; j < g; ++j) {
                const model::LoraShape shape = *model::loraShape(c, i, members[j]);
                FactorSlot f;
                f.target = members[j];
                f.in = shape.in;
                f.out = shape.out;
                f.a = pf;
                pf += s.rank * u32(f.in);
                f.u = u + j * s.rank;
                f.uStride = g * s.rank;
                s.slotOf[size_t(i)][size_t(members[j])] = int(s.factors.size());
                s.factors.push_back(f);
            }
            for (size_t j = first; j < s.factors.size(); ++j) {
                s.factors[j].b = pf;
                pf += s.rank * u32(s.factors[j].out);
            }
        }
    }
    s.DU = region(T * groupMax * s.rank);
    if (lora.dropout > 0.0f) {
        int inMax = 1;
        for (const FactorSlot &f : s.factors)
            inMax = std::max(inMax, f.in);
        s.DROP = region(T * uint64_t(inMax));
    }
    s.paramFloats = std::max<uint32_t>(pf, 4);
    s.actFloats = at;
}

std::unique_ptr<GpuLossBackend> GpuLossBackend::create(model::GpuModel &model,
                                                       const LoraConfig &lora,
                                                       const GpuTrainOptions &options,
                                                       QString *error) {
    auto fail = [&](const QString &why) {
        if (error) *error = why;
        return nullptr;
    };
    if (options.maxTokens < 1) return fail(QStringLiteral("maxTokens must be at least 1"));
    auto m = std::make_unique<Impl>();
    Impl &s = *m;
    s.layOut(model, lora, options, options.maxTokens);
    const model::Gemma4Config &c = s.c;
    const uint64_t T = s.T;
    // The K/V of the cache layers (bound as views: offsets aligned).
    qint64 kvAt = 0;
    const qint64 alignBytes =
        std::max<qint64>(16, model.context().info().storageBufferOffsetAlignment);
    for (int i = 0; i < c.firstSharedLayer; ++i) {
        const qint64 bytes = qint64(T) * s.kvW[size_t(i)] * 4;
        s.kvK.push_back(kvAt);
        kvAt += (bytes + alignBytes - 1) / alignBytes * alignBytes;
        s.kvV.push_back(kvAt);
        kvAt += (bytes + alignBytes - 1) / alignBytes * alignBytes;
    }
    s.kvBytes = uint64_t(std::max<qint64>(kvAt, 16));
    // Decoded weight rows: the largest part's rows, at most decodeBlockFloats.
    uint64_t largest = 0, maxK = 0;
    auto visit = [&](const Linear &lin) {
        for (const auto &[mat, col] : lin.pieces) {
            maxK = std::max<uint64_t>(maxK, uint64_t(mat.K));
            for (const model::WeightPart &part : mat.parts)
                largest = std::max<uint64_t>(largest, uint64_t(part.rows) * uint64_t(mat.K));
        }
    };
    for (const model::LayerWeights &w : model.plan().weights.layers) {
        for (const Linear *lin : {&w.qkv, &w.attnOut, &w.gateUp, &w.down, &w.inpGate, &w.proj})
            visit(*lin);
    }
    visit(model.plan().weights.output);
    // (At least four rows of the longest weight: blocks of rows are multiples of four, so their
    // byte offsets stay multiples of four for every block format.)
    const uint64_t decodeFloats = std::max<uint64_t>(
        std::min<uint64_t>(largest, uint64_t(std::max<qint64>(options.decodeBlockFloats, 0))),
        4 * maxK);
    s.decodeFloats = u32(int64_t(decodeFloats));
    uint64_t maxRows = 0;
    for (const model::LayerWeights &w : model.plan().weights.layers)
        for (const Linear *lin : {&w.qkv, &w.attnOut, &w.gateUp, &w.down, &w.inpGate, &w.proj})
            for (const auto &[mat, col] : lin->pieces)
                for (const model::WeightPart &part : mat.parts)
                    maxRows = std::max<uint64_t>(maxRows, uint64_t(part.rows));
    for (const auto &[mat, col] : model.plan().weights.output.pieces)
        for (const model::WeightPart &part : mat.parts)
            maxRows = std::max<uint64_t>(maxRows, uint64_t(part.rows));

    // Ints: positions, targets, row ids.
    s.POS = 0;
    s.TGT = s.T;
    s.ROWIDS = 2 * s.T;
    s.IDS = u32(2 * T + maxRows);
    const uint64_t intCount = 3 * T + maxRows;

    // The activations and checkpoints are bound whole: each must fit the device's storage range
    // (lavapipe: 128 MiB; D3D and some mobile GPUs less than desktop Vulkan's 4 GiB) and 2 GiB
    // (offsets in floats are 32-bit, signed in places).
    const qint64 deviceRange = model.context().info().maxStorageBufferRange;
    const uint64_t limit =
        deviceRange > 0 ? std::min(uint64_t(1) << 31, uint64_t(deviceRange)) : uint64_t(1) << 31;
    const auto widestBytes = [](const Impl &i) { return std::max(i.actFloats, i.ckptFloats) * 4; };
    const uint64_t widest = widestBytes(s);
    if (widest > limit) {
        // The longest examples that fit: the layout again at other lengths (it grows with the
        // length, faster than linearly through the attention scratch), in whole 64s.
        int lo = 0, hi = int(s.T);
        while (hi - lo > 1) {
            const int mid = lo + (hi - lo) / 2;
            Impl probe;
            probe.layOut(model, lora, options, mid);
            (widestBytes(probe) <= limit ? lo : hi) = mid;
        }
        const int suggest = lo >= 64 ? lo / 64 * 64 : lo;
        if (suggest < 16)
            return fail(
                QStringLiteral("This GPU takes at most %1 in one buffer, too little to "
                               "train this model (%2 are needed for examples of %3 "
                               "tokens).")
                    .arg(model::memoryText(qint64(limit)), model::memoryText(qint64(widest)))
                    .arg(s.T));
        return fail(QStringLiteral("Training examples of up to %1 tokens need %2 of working memory "
                                   "in one piece; this GPU takes at most %3 in one buffer. Set the "
                                   "longest example to %4 tokens or fewer (Fine-tune, Settings: "
                                   "Longest example).")
                        .arg(s.T)
                        .arg(model::memoryText(qint64(widest)), model::memoryText(qint64(limit)))
                        .arg(suggest));
    }
    gpu::GpuContext &ctx = model.context();
    QString why;
    const auto storage = gpu::BufferKind::Storage;
    s.act = ctx.createBuffer(storage, qint64(s.actFloats) * 4, QStringLiteral("train-act"), &why);
    if (s.act)
        s.ckpt = ctx.createBuffer(storage, qint64(s.ckptFloats) * 4,
                                  QStringLiteral("train-checkpoints"), &why);
    if (s.ckpt)
        s.kv = ctx.createBuffer(storage, qint64(s.kvBytes), QStringLiteral("train-kv"), &why);
    if (s.kv)
        s.ints =
            ctx.createBuffer(storage, qint64(intCount) * 4, QStringLiteral("train-ints"), &why);
    if (s.ints)
        s.params = ctx.createBuffer(storage, qint64(s.paramFloats) * 4,
                                    QStringLiteral("train-lora"), &why);
    s.gradSplitFloats = 1u << 20;
    if (s.params)
        s.grads = ctx.createBuffer(storage, (qint64(s.paramFloats) + s.gradSplitFloats) * 4,
                                   QStringLiteral("train-grads"), &why);
    if (s.grads)
        s.wdq = ctx.createBuffer(storage, qint64(std::max<uint64_t>(decodeFloats, 4)) * 4,
                                 QStringLiteral("train-decoded"), &why);
    bool allocated = s.wdq != nullptr;
    if (allocated && c.hasPle) {
        s.pleRaw = ctx.createBuffer(storage, qint64(T) * model.plan().pleRowStride,
                                    QStringLiteral("train-ple-rows"), &why);
        allocated = s.pleRaw != nullptr;
    }
    if (allocated && !s.attentionProducts) {
        // The inference attention kernel's split partials (the Flash path's forward).
        const uint64_t scratch = gpu::attentionScratchFloats(
            s.T, u32(c.heads), std::max(s.qWmax / u32(c.heads), 4u), s.T);
        s.attnScratch = ctx.createBuffer(storage, qint64(std::max<uint64_t>(scratch, 4)) * 4,
                                         QStringLiteral("train-attention"), &why);
        allocated = s.attnScratch != nullptr;
    }
    const bool tensorCores = ctx.info().cooperativeMatrixNV;
    using Products = GpuTrainOptions::Products;
    s.stagedForward =
        options.products == Products::Staged || (options.products == Products::Auto && tensorCores);
    s.staged = s.stagedForward || options.products == Products::StagedBackward;
    if (allocated && s.staged) {
        // The weight area (the largest forward or transposed block of any projection), then the
        // input columns (padded tokens x the longest padded row).
        uint64_t wArea = 0, xRow = 0;
        auto stage = [&](const Linear &lin) {
            for (const auto &[mat, col] : lin.pieces) {
                const uint32_t K = u32(mat.K);
                const uint32_t block = s.stagedBlockRows(K);
                for (const model::WeightPart &part : mat.parts) {
                    const uint32_t n = std::min<uint32_t>(block, u32(part.rows));
                    wArea = std::max<uint64_t>(
                        {wArea, gpu::matMulStagedStagingUvec4s(n, K),
                         uint64_t(gpu::matMulStagedPadRows(K)) * gpu::matMulStagedPadK(n) / 8});
                    xRow = std::max<uint64_t>(
                        {xRow, gpu::matMulStagedPadK(K), gpu::matMulStagedPadK(n)});
                }
            }
        };
        for (const model::LayerWeights &w : model.plan().weights.layers)
            for (const Linear *lin : {&w.qkv, &w.attnOut, &w.gateUp, &w.down, &w.inpGate, &w.proj})
                stage(*lin);
        stage(model.plan().weights.output);
        stage(model.plan().weights.pleProj);
        s.stagingInputAt = wArea;
        const uint64_t uvec4s =
            wArea + uint64_t(gpu::matMulStagedPadRows(std::max(s.T, s.logitRows))) * xRow / 8;
        s.staging =
            ctx.createBuffer(storage, qint64(uvec4s) * 16, QStringLiteral("train-staging"), &why);
        allocated = s.staging != nullptr;
    }
    if (!allocated)
        return fail(
            QStringLiteral("the GPU cannot hold the training buffers (%1): %2")
                .arg(model::memoryText(qint64((s.actFloats + s.ckptFloats) * 4 + s.kvBytes)), why));
    std::vector<int32_t> ints(intCount);
    for (uint32_t i = 0; i < s.T; ++i)
        ints[i] = int32_t(i);
    for (uint64_t i = 0; i < maxRows; ++i)
        ints[size_t(2 * T + i)] = int32_t(i);
    if (!ctx.upload(*s.ints, 0, ints.data(), qint64(ints.size()) * 4, &why)) return fail(why);
    return std::unique_ptr<GpuLossBackend>(new GpuLossBackend(std::move(m)));
}

qint64 GpuLossBackend::bufferBytes() const {
    return qint64(m->actFloats) * 4 + qint64(m->ckptFloats) * 4 + qint64(m->kvBytes) +
           qint64(m->paramFloats) * 8 + qint64(m->gradSplitFloats) * 4 +
           (m->moments ? m->moments->size() : 0) + (m->partials ? m->partials->size() : 0) +
           (m->wdq ? m->wdq->size() : 0) + (m->attnScratch ? m->attnScratch->size() : 0) +
           (m->ints ? m->ints->size() : 0) + (m->staging ? m->staging->size() : 0) +
           (m->pleRaw ? m->pleRaw->size() : 0);
}

ReferenceLoss GpuLossBackend::evaluate(const TokenizedExample &e, const LoraAdapter &adapter,
                                       QString *error) {
    m->resident = false;  // the parameters now hold this adapter
    if (!m->upload(adapter, error)) return {kNaN, 0};
    m->stepOpen = false;  // the parameters changed under any open step
    return m->run(e, 0.0, false, error);
}

ReferenceLoss GpuLossBackend::evaluateResident(const TokenizedExample &e, QString *error) {
    if (!m->resident) {
        if (error) *error = QStringLiteral("internal error: no optimizer state on the GPU");
        return {kNaN, 0};
    }
    m->stepOpen = false;  // (a forward only: the gradient sum and the adapter stay)
    return m->run(e, 0.0, false, error);
}

bool GpuLossBackend::beginStep(const LoraAdapter &adapter, QString *error) {
    if (!m->upload(adapter, error)) return false;
    m->resident = false;  // the host's adapter replaces the optimizer's
    return beginSum(error);
}

bool GpuLossBackend::beginSum(QString *error) {
    if (m->gradsUnknown) {
        // Fresh, or after a failure: zeros uploaded (scaling garbage by 0 could keep NaNs).
        const std::vector<float> zeros(m->paramFloats, 0.0f);
        if (!m->ctx->upload(*m->grads, 0, zeros.data(), qint64(zeros.size()) * 4, error))
            return false;
        m->gradsUnknown = false;
        m->stepOpen = true;
        return true;
    }
    // The previous sum (finite numbers) scaled to zero on the GPU: uploading zeros costs as much
    // as the adapter (H200, E2B rank 16: 96 MB, ~145 ms a step).
    m->error.clear();
    const gpu::Bindings *bd = m->bind(KernelId::Elementwise, {*m->grads, *m->grads, *m->grads});
    if (bd) {
        gpu::ElementwiseParams p;
        p.n = m->paramFloats;
        p.rows = 1;
        p.xStride = p.yStride = p.outStride = m->paramFloats;
        p.mode = uint32_t(gpu::ElementwiseMode::Scale);
        p.s = 0.0f;
        gpu::ComputeBatch b;
        QString why;
        if (!gpu::recordElementwise(b, *bd, p, &why) || !m->ctx->submit(b, &why)) m->fail(why);
    }
    if (!m->ok()) {
        if (error) *error = m->error;
        return false;
    }
    m->stepOpen = true;
    return true;
}

ReferenceLoss GpuLossBackend::accumulate(const TokenizedExample &e, double weight,
                                         uint64_t dropoutSeed, QString *error) {
    if (!m->stepOpen) {
        if (error) *error = QStringLiteral("internal error: accumulate() outside a step");
        return {kNaN, 0};
    }
    const ReferenceLoss l = m->run(e, weight, true, error, dropoutSeed);
    if (!std::isfinite(l.loss)) m->gradsUnknown = true;
    return l;
}

int GpuLossBackend::packTokens() const {
    // (Dropout's masks are drawn per example: a packed pass would share one.)
    return m->attentionProducts && !(m->lora.dropout > 0.0f) ? int(m->T) : 0;
}

std::vector<ReferenceLoss> GpuLossBackend::accumulatePacked(
    std::span<const TokenizedExample *const> examples, double tokenWeight, QString *error) {
    if (!m->stepOpen || m->lora.dropout > 0.0f) {
        if (error)
            *error = m->stepOpen ? QStringLiteral("internal error: packed passes apply no dropout")
                                 : QStringLiteral("internal error: accumulate() outside a step");
        return std::vector<ReferenceLoss>(examples.size(), ReferenceLoss{kNaN, 0});
    }
    std::vector<ReferenceLoss> l = m->runPacked(examples, tokenWeight, true, error);
    for (const ReferenceLoss &r : l) {
        if (!std::isfinite(r.loss)) m->gradsUnknown = true;
    }
    return l;
}

bool GpuLossBackend::gradients(LoraAdapter *grads, QString *error) {
    std::vector<float> data(m->paramFloats);
    if (!m->ctx->readBack(*m->grads, 0, qint64(data.size()) * 4, data.data(), error)) return false;
    for (int i = 0; i < int(m->L); ++i) {
        for (int t = 0; t < model::kLoraTargetCount; ++t) {
            const int s = m->slotOf[size_t(i)][size_t(t)];
            model::LoraMatrix *mat = grads->find(i, LoraTarget(t));
            if (s < 0 || !mat) continue;
            const FactorSlot &f = m->factors[size_t(s)];
            std::copy_n(data.begin() + f.a, mat->a.size(), mat->a.begin());
            std::copy_n(data.begin() + f.b, mat->b.size(), mat->b.begin());
        }
    }
    return true;
}

bool GpuLossBackend::loadState(const LoraAdapter &adapter, const AdamW &optimizer, QString *error) {
    m->resident = false;
    if (!m->upload(adapter, error)) return false;
    const std::vector<Impl::FactorRun> runs = m->factorRuns();
    const std::vector<float> &mm = optimizer.firstMoment(), &vv = optimizer.secondMoment();
    size_t total = 0;
    for (const Impl::FactorRun &r : runs)
        total += r.length;
    if (mm.size() != total || vv.size() != total) {
        if (error)
            *error = QStringLiteral(
                "internal error: the optimizer does not have the adapter's "
                "shape");
        return false;
    }
    QString why;
    if (!m->moments) {
        m->moments = m->ctx->createBuffer(gpu::BufferKind::Storage, qint64(m->paramFloats) * 8,
                                          QStringLiteral("train-moments"), &why);
        if (m->moments)
            m->partials =
                m->ctx->createBuffer(gpu::BufferKind::Storage, qint64(Impl::kNormGroups) * 4,
                                     QStringLiteral("train-norm"), &why);
        if (!m->partials) {
            m->moments.reset();
            if (error)
                *error = QStringLiteral("the GPU cannot hold the optimizer's state (%1): %2")
                             .arg(model::memoryText(qint64(m->paramFloats) * 8), why);
            return false;
        }
    }
    std::vector<float> data(size_t(m->paramFloats) * 2, 0.0f);
    for (const Impl::FactorRun &r : runs) {
        std::copy_n(mm.begin() + qsizetype(r.cpu), r.length, data.begin() + r.gpu);
        std::copy_n(vv.begin() + qsizetype(r.cpu), r.length, data.begin() + m->paramFloats + r.gpu);
    }
    if (!m->ctx->upload(*m->moments, 0, data.data(), qint64(data.size()) * 4, error)) return false;
    m->adamSteps = optimizer.steps();
    m->adamConfig = optimizer.config();
    m->resident = true;
    return true;
}

bool GpuLossBackend::beginResidentStep(QString *error) {
    if (!m->resident) {
        if (error) *error = QStringLiteral("internal error: no optimizer state on the GPU");
        return false;
    }
    return beginSum(error);
}

bool GpuLossBackend::residentGradientNorm(double *norm, QString *error) {
    m->error.clear();
    const gpu::Bindings *bd = m->bind(KernelId::SumSquares, {*m->grads, *m->partials});
    if (bd) {
        gpu::SumSquaresParams p;
        p.count = m->paramFloats;
        gpu::ComputeBatch b;
        QString why;
        if (!gpu::recordSumSquares(b, *bd, p, Impl::kNormGroups, &why) || !m->ctx->submit(b, &why))
            m->fail(why);
    }
    std::vector<float> part(Impl::kNormGroups);
    QString why;
    if (m->ok() && !m->ctx->readBack(*m->partials, 0, qint64(part.size()) * 4, part.data(), &why))
        m->fail(why);
    if (!m->ok()) {
        if (error) *error = m->error;
        return false;
    }
    // The partials of groups past the element count were never written: only those a dispatch
    // of kNormGroups covers are summed (all of them: recordSumSquares clamps to the grid limit).
    const uint32_t groups =
        std::min<uint32_t>(Impl::kNormGroups, uint32_t(m->ctx->info().maxWorkgroupsPerDimension));
    double sum = 0;
    for (uint32_t g = 0; g < groups; ++g)
        sum += double(part[g]);
    *norm = std::sqrt(sum);
    if (!std::isfinite(*norm)) m->gradsUnknown = true;
    return true;
}

bool GpuLossBackend::residentStep(double lr, double gradScale, QString *error) {
    if (!m->resident || !m->stepOpen) {
        if (error) *error = QStringLiteral("internal error: an optimizer step outside a step");
        return false;
    }
    ++m->adamSteps;
    const AdamWConfig &c = m->adamConfig;
    m->error.clear();
    const gpu::Bindings *bd = m->bind(KernelId::AdamW, {*m->params, *m->grads, *m->moments});
    if (bd) {
        gpu::AdamWParams p;
        p.count = m->paramFloats;
        p.lr = float(lr);
        p.beta1 = float(c.beta1);
        p.beta2 = float(c.beta2);
        p.oneMinusBeta1 = float(1.0 - c.beta1);
        p.oneMinusBeta2 = float(1.0 - c.beta2);
        p.eps = float(c.eps);
        p.weightDecay = float(c.weightDecay);
        p.c1 = float(1.0 - std::pow(c.beta1, double(m->adamSteps)));
        p.c2 = float(1.0 - std::pow(c.beta2, double(m->adamSteps)));
        p.gradScale = float(gradScale);
        gpu::ComputeBatch b;
        QString why;
        if (!gpu::recordAdamW(b, *bd, p, &why) || !m->ctx->submit(b, &why)) m->fail(why);
    }
    m->stepOpen = false;
    if (!m->ok()) {
        m->resident = false;
        if (error) *error = m->error;
        return false;
    }
    return true;
}

bool GpuLossBackend::readState(LoraAdapter *adapter, AdamW *optimizer, QString *error) {
    if (!m->resident) {
        if (error) *error = QStringLiteral("internal error: no optimizer state on the GPU");
        return false;
    }
    std::vector<float> theta(m->paramFloats), mv(size_t(m->paramFloats) * 2);
    if (!m->ctx->readBack(*m->params, 0, qint64(theta.size()) * 4, theta.data(), error) ||
        !m->ctx->readBack(*m->moments, 0, qint64(mv.size()) * 4, mv.data(), error))
        return false;
    const std::vector<Impl::FactorRun> runs = m->factorRuns();
    size_t total = 0;
    for (const Impl::FactorRun &r : runs)
        total += r.length;
    std::vector<float> mm(total), vv(total);
    for (const Impl::FactorRun &r : runs) {
        std::copy_n(mv.begin() + r.gpu, r.length, mm.begin() + qsizetype(r.cpu));
        std::copy_n(mv.begin() + m->paramFloats + r.gpu, r.length, vv.begin() + qsizetype(r.cpu));
    }
    for (int i = 0; i < int(m->L); ++i) {
        for (int t = 0; t < model::kLoraTargetCount; ++t) {
            const int s = m->slotOf[size_t(i)][size_t(t)];
            model::LoraMatrix *mat = adapter->find(i, LoraTarget(t));
            if (s < 0 || !mat) continue;
            const FactorSlot &f = m->factors[size_t(s)];
            std::copy_n(theta.begin() + f.a, mat->a.size(), mat->a.begin());
            std::copy_n(theta.begin() + f.b, mat->b.size(), mat->b.begin());
        }
    }
    if (!optimizer->restore(m->adamSteps, std::move(mm), std::move(vv))) {
        if (error) *error = QStringLiteral("internal error: the optimizer's shape changed");
        return false;
    }
    return true;
}

}  // namespace facet::train
