// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/gpu_plan.h"

#include "gguf/dequant.h"
#include "gpu/activation_allocator.h"
#include "gpu/attention_ops.h"
#include "gpu/gpu_context.h"
#include "gpu/kernel_params.h"
#include "gpu/kernels.h"
#include "gpu/matmul_ops.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <string>

namespace facet::model {

namespace {

constexpr qint64 kBufferAlign = 256;
constexpr int64_t kDefaultContext = 8192;
// Weight buffers of at most 256 MiB: Qt's Vulkan backend stages an upload to an immutable buffer
// through a host buffer as large as the whole destination buffer, allocated per frame, so small
// buffers each filled in one frame keep loading fast and host memory bounded.
constexpr qint64 kWeightBufferBytes = qint64(256) << 20;
// Floats of the logits region when every row's logits are wanted (64 MiB): bounds the chunk size
// of Logits::All for a real vocabulary (64 rows of 262144).
constexpr uint64_t kAllLogitsFloats = uint64_t(16) << 20;

// Rows of logits the activations hold for a chunk of T tokens (the Logits::All chunk limit).
uint64_t logitRowsFor(uint64_t V, uint64_t T, uint64_t rangeFloats) {
    return std::clamp<uint64_t>(
        std::min(kAllLogitsFloats, rangeFloats / 4) / std::max<uint64_t>(V, 1), 1, T);
}

QString qs(const std::string &s) {
    return QString::fromStdString(s);
}

QString typeName(gguf::TensorType t) {
    const auto traits = gguf::typeTraits(t);
    return traits ? QString::fromUtf8(traits->name)
                  : QStringLiteral("type %1").arg(static_cast<uint32_t>(t));
}

qint64 alignUp(qint64 v, qint64 a) {
    return (v + a - 1) / a * a;
}

uint32_t alignFloats(uint64_t v) {
    return uint32_t((v + 63) / 64 * 64);
}

// Places the weights into buffers and reads the small vectors, checking every tensor.
struct Planner {
    const gguf::File &file;
    GpuPlan &plan;
    qint64 bufferCap = 0;
    qint64 offset = 0;  // in the last buffer
    QString error;
    bool ok = true;

    bool failWith(const QString &m) {
        if (ok) error = m;
        ok = false;
        return false;
    }

    // Reserves `bytes` (a whole group) in one buffer; returns (buffer, offset).
    std::pair<int, qint64> reserve(qint64 bytes) {
        std::vector<qint64> &sizes = plan.bufferSizes;
        if (sizes.empty() || offset + bytes > bufferCap) {
            sizes.push_back(0);
            offset = 0;
        }
        const std::pair<int, qint64> at{int(sizes.size()) - 1, offset};
        offset = alignUp(offset + bytes, kBufferAlign);
        sizes.back() = std::max(sizes.back(), offset);
        plan.memory.weightBytes += bytes;
        return at;
    }

    const gguf::TensorInfo *tensor(const std::string &name) {
        const gguf::TensorInfo *t = file.tensor(name);
        if (!t) failWith(QStringLiteral("tensor %1 is missing").arg(qs(name)));
        return t;
    }

    // A matrix tensor the GPU weight kernels can read.
    WeightMatrix matrix(const gguf::TensorInfo *t) {
        WeightMatrix mx;
        if (!t) return mx;
        if (!gpu::matVecKernel(t->type)) {
            failWith(QStringLiteral("tensor %1 has type %2, which Facet's GPU engine cannot "
                                    "run yet (supported: F32, F16, BF16, Q4_0, Q4_1, "
                                    "Q5_0, Q5_1, Q8_0, Q4_K, Q5_K, Q6_K); use a GGUF file "
                                    "with one of those quantisations")
                         .arg(qs(t->name), typeName(t->type)));
            return mx;
        }
        const int block = gpu::kernelBlockValues(t->type);
        if (t->ne.size() > 2 || t->dim(0) == 0 || t->dim(0) % uint64_t(block) != 0) {
            failWith(QStringLiteral("tensor %1 has an unsupported shape for the GPU engine")
                         .arg(qs(t->name)));
            return mx;
        }
        mx.info = t;
        mx.type = t->type;
        mx.K = int64_t(t->dim(0));
        mx.N = int64_t(t->rows());
        mx.rowBytes = qint64(t->rowBytes());
        return mx;
    }

    // Places a matrix (split by rows across buffers when it is larger than one buffer).
    void place(WeightMatrix &mx) {
        const qint64 bytes = mx.N * mx.rowBytes;
        if (bytes <= bufferCap) {
            const auto [buf, off] = reserve(bytes);
            mx.parts.push_back({buf, off, 0, mx.N});
            plan.uploads.push_back({buf, off, mx.info->data, bytes});
            return;
        }
        const int64_t rowsPer = std::max<int64_t>(1, bufferCap / mx.rowBytes);
        for (int64_t r = 0; r < mx.N; r += rowsPer) {
            const int64_t rows = std::min(rowsPer, mx.N - r);
            offset = bufferCap;  // start a fresh buffer
            const auto [buf, off] = reserve(rows * mx.rowBytes);
            mx.parts.push_back({buf, off, r, rows});
            plan.uploads.push_back({buf, off, mx.info->data + r * mx.rowBytes, rows * mx.rowBytes});
        }
    }

    // A projection from tensors whose outputs sit side by side. Tensors of the same type and
    // input width are stored adjacently and merged into one matrix (one dispatch) when the group
    // fits one buffer.
    Linear linear(const std::vector<std::string> &names) {
        Linear lin;
        std::vector<WeightMatrix> mats;
        for (const std::string &n : names) {
            mats.push_back(matrix(tensor(n)));
            if (!ok) return lin;
        }
        size_t i = 0;
        int64_t col = 0;
        while (i < mats.size()) {
            size_t j = i + 1;
            qint64 bytes = mats[i].N * mats[i].rowBytes;
            while (j < mats.size() && mats[j].type == mats[i].type && mats[j].K == mats[i].K &&
                   bytes + mats[j].N * mats[j].rowBytes <= bufferCap) {
                bytes += mats[j].N * mats[j].rowBytes;
                ++j;
            }
            if (j == i + 1) {
                place(mats[i]);
                lin.pieces.push_back({mats[i], col});
                col += mats[i].N;
            } else {
                WeightMatrix merged = mats[i];
                merged.info = nullptr;
                merged.N = 0;
                const auto [buf, off] = reserve(bytes);
                qint64 o = off;
                for (size_t k = i; k < j; ++k) {
                    const qint64 b = mats[k].N * mats[k].rowBytes;
                    plan.uploads.push_back({buf, o, mats[k].info->data, b});
                    o += b;
                    merged.N += mats[k].N;
                }
                merged.parts.push_back({buf, off, 0, merged.N});
                lin.pieces.push_back({merged, col});
                col += merged.N;
            }
            i = j;
        }
        lin.outWidth = col;
        return lin;
    }

    // A small f32 vector (norm weights, RoPE factors) for the norms buffer; its float offset.
    uint32_t vec(const std::string &name, uint64_t expected) {
        const gguf::TensorInfo *t = tensor(name);
        if (!t) return 0;
        if (expected > 0 && t->nelements != expected) {
            failWith(QStringLiteral("tensor %1 has %2 elements, expected %3")
                         .arg(qs(name))
                         .arg(t->nelements)
                         .arg(expected));
            return 0;
        }
        std::vector<float> &norms = plan.norms;
        const auto traits = gguf::typeTraits(t->type);
        const size_t at = norms.size();
        norms.resize(at + t->nelements);
        if (!traits || !gguf::canDequantize(t->type) || t->nelements % traits->blockSize != 0 ||
            !gguf::dequantizeRow(t->type, t->data, norms.data() + at, int64_t(t->nelements))) {
            failWith(QStringLiteral("tensor %1 has type %2, which cannot be read as a vector")
                         .arg(qs(name), typeName(t->type)));
            return 0;
        }
        norms.resize(alignFloats(norms.size()));
        return uint32_t(at);
    }
};

bool fail(QString *error, const QString &message) {
    if (error) *error = message;
    return false;
}

// The weights of the text decoder, placed.
bool planWeights(Planner &pl) {
    GpuPlan &plan = pl.plan;
    const Gemma4Config &c = plan.config;
    TextWeights &w = plan.weights;
    const uint64_t H = uint64_t(c.hidden);
    w.tokenEmbd = pl.matrix(pl.tensor("token_embd.weight"));
    if (pl.ok) pl.place(w.tokenEmbd);
    if (c.hasSeparateOutput) {
        w.output = pl.linear({"output.weight"});
    } else {
        w.output.pieces.push_back({w.tokenEmbd, 0});
        w.output.outWidth = w.tokenEmbd.N;
    }
    w.outputNorm = pl.vec("output_norm.weight", H);
    if (c.hasRopeFreqs) w.ropeFreqs = pl.vec("rope_freqs.weight", uint64_t(c.ropeDimsGlobal / 2));
    if (c.hasPle) {
        const gguf::TensorInfo *table = pl.tensor("per_layer_token_embd.weight");
        if (table && (!gguf::canDequantize(table->type) ||
                      table->dim(0) != uint64_t(c.layerCount) * uint64_t(c.pleDim))) {
            pl.failWith(
                QStringLiteral("tensor per_layer_token_embd.weight has an unsupported "
                               "type or shape"));
        } else if (table) {
            if (!gpu::getRowsKernel(table->type)) {
                pl.failWith(QStringLiteral("the per-layer embedding table's weight type (%1) "
                                           "cannot be read on the GPU; use another "
                                           "quantisation of this model")
                                .arg(typeName(table->type)));
            }
            w.pleTable.info = table;
            w.pleTable.type = table->type;
            w.pleTable.K = int64_t(table->dim(0));
            w.pleTable.N = int64_t(table->rows());
            w.pleTable.rowBytes = qint64(table->rowBytes());
        }
        w.pleProj = pl.linear({"per_layer_model_proj.weight"});
        w.pleProjNorm = pl.vec("per_layer_proj_norm.weight", uint64_t(c.pleDim));
    }

    w.layers.resize(size_t(c.layerCount));
    for (const Gemma4LayerConfig &l : c.layers) {
        if (!pl.ok) break;
        LayerWeights &y = w.layers[size_t(l.index)];
        const std::string p = "blk." + std::to_string(l.index) + ".";
        const uint64_t hd = uint64_t(l.headDim);
        y.qWidth = c.heads * l.headDim;
        y.kvWidth = l.kvHeads * l.headDim;
        y.cacheLayer = l.sharesKv() ? l.kvDonor : l.index;
        y.attnNorm = pl.vec(p + "attn_norm.weight", H);
        y.qNorm = pl.vec(p + "attn_q_norm.weight", hd);
        if (l.sharesKv()) {
            y.qkv = pl.linear({p + "attn_q.weight"});
        } else {
            y.qkv = pl.linear({p + "attn_q.weight", p + "attn_k.weight", p + "attn_v.weight"});
            y.kNorm = pl.vec(p + "attn_k_norm.weight", hd);
        }
        y.attnOut = pl.linear({p + "attn_output.weight"});
        y.postAttnNorm = pl.vec(p + "post_attention_norm.weight", H);
        y.ffnNorm = pl.vec(p + "ffn_norm.weight", H);
        y.gateUp = pl.linear({p + "ffn_gate.weight", p + "ffn_up.weight"});
        y.down = pl.linear({p + "ffn_down.weight"});
        y.postFfwNorm = pl.vec(p + "post_ffw_norm.weight", H);
        if (c.hasPle) {
            y.inpGate = pl.linear({p + "inp_gate.weight"});
            y.proj = pl.linear({p + "proj.weight"});
            y.postNorm = pl.vec(p + "post_norm.weight", H);
        }
        if (l.hasOutputScale()) {
            const uint32_t at = pl.vec(l.outputScaleTensor, 1);
            if (pl.ok) y.outputScale = plan.norms[at];
        }
        if (!pl.ok) break;
        // Shapes the kernels rely on (the configuration checked the tensors against each other).
        if (y.qkv.outWidth != (l.sharesKv() ? y.qWidth : y.qWidth + 2 * y.kvWidth) ||
            y.gateUp.outWidth != 2 * int64_t(l.ffnWidth)) {
            pl.failWith(QStringLiteral("layer %1 has inconsistent projection shapes").arg(l.index));
        }
    }
    return pl.ok;
}

// The activations of one chunk of T tokens, with their lifetimes in the phases of the graph
// (text_graph.cpp): 0 embedding, 1 per-layer inputs, then per layer 2 attention, 3 FFN, 4 PLE
// block, and 5 the output head. Tensors that live across the layer loop span 0..5.
ActivationLayout layoutActivations(const GpuPlan &plan, uint64_t T, uint64_t rangeFloats,
                                   uint32_t matMulSplitTarget) {
    enum Phase { Embed, PleInputs, Attention, Ffn, PleBlock, Head };
    const Gemma4Config &c = plan.config;
    const uint64_t H = uint64_t(c.hidden);
    const uint64_t V = uint64_t(c.vocabSize);
    const uint64_t LP = c.hasPle ? uint64_t(c.layerCount) * uint64_t(c.pleDim) : 0;
    uint64_t maxQkv = 0, maxQ = 0, maxGu = 0;
    for (const LayerWeights &y : plan.weights.layers) {
        maxQkv = std::max<uint64_t>(maxQkv, uint64_t(y.qkv.outWidth));
        maxQ = std::max<uint64_t>(maxQ, uint64_t(y.qWidth));
        maxGu = std::max<uint64_t>(maxGu, uint64_t(y.gateUp.outWidth));
    }
    const uint64_t matVecCols =
        std::min<uint64_t>(T, uint64_t(std::max(1, plan.options.matVecMaxColumns)));
    const uint64_t logitRows = logitRowsFor(V, T, rangeFloats);

    gpu::ActivationAllocator alloc;
    using Id = gpu::ActivationAllocator::Id;
    const Id x = alloc.declare(QStringLiteral("x"), T * H, Embed, Head);
    const Id x2 = alloc.declare(QStringLiteral("x2"), matVecCols * H, Attention, Head);
    const Id a = alloc.declare(QStringLiteral("a"), T * H, Attention, Head);
    // b carries the soft-token rows in the embedding phase.
    const Id b = alloc.declare(QStringLiteral("b"), T * H, Embed, Head);
    const Id qkv = alloc.declare(QStringLiteral("qkv"), T * maxQkv, Attention, Attention);
    const Id o = alloc.declare(QStringLiteral("o"), T * maxQ, Attention, Attention);
    const Id gu = alloc.declare(QStringLiteral("gu"), T * maxGu, Ffn, Ffn);
    const Id g =
        alloc.declare(QStringLiteral("g"), T * uint64_t(std::max(c.pleDim, 1)), PleBlock, PleBlock);
    const Id ple =
        alloc.declare(QStringLiteral("ple"), T * std::max<uint64_t>(LP, 1), PleInputs, PleBlock);
    const Id z =
        alloc.declare(QStringLiteral("z"), T * std::max<uint64_t>(LP, 1), PleInputs, PleInputs);
    const Id logits = alloc.declare(QStringLiteral("logits"), logitRows * V, Head, Head);
    // Split-K partials of the prefill matmuls: sized so that every projection can take the
    // automatic split (matmul_ops.h).
    const uint64_t mmSplitFloats = gpu::matMulSplitScratchFloats(
        uint32_t(T), matMulSplitTarget > 0 ? matMulSplitTarget : gpu::kMatMulSplitTarget);
    const Id mmSplit =
        alloc.declare(QStringLiteral("matmul split"), mmSplitFloats, PleInputs, Head);
    const Id lora = alloc.declare(QStringLiteral("adapter"), T * uint64_t(kMaxAdapterRank),
                                  Attention, PleBlock);
    Id xq, xq2;
    uint32_t xqStride = 0;
    if (plan.dotMinWeights >= 0) {
        const uint64_t maxK = std::max({H, maxQ, maxGu, uint64_t(std::max(c.pleDim, 1))});
        xqStride = alignFloats(gpu::q8aFloats(uint32_t((maxK + 31) / 32 * 32)));
        xq = alloc.declare(QStringLiteral("xq"), matVecCols * xqStride, PleInputs, Head);
        xq2 = alloc.declare(QStringLiteral("xq2"), matVecCols * xqStride, Ffn, Ffn);
    }
    alloc.place();

    ActivationLayout l;
    l.tokens = uint32_t(T);
    l.x = alloc.offset(x);
    l.x2 = alloc.offset(x2);
    l.a = alloc.offset(a);
    l.b = alloc.offset(b);
    l.qkv = alloc.offset(qkv);
    l.o = alloc.offset(o);
    l.gu = alloc.offset(gu);
    l.g = alloc.offset(g);
    l.ple = alloc.offset(ple);
    l.z = alloc.offset(z);
    l.logits = alloc.offset(logits);
    l.mmSplit = alloc.offset(mmSplit);
    l.mmSplitFloats = uint32_t(mmSplitFloats);
    l.lora = alloc.offset(lora);
    l.pleStride = uint32_t(LP);
    if (xq.valid()) {
        l.xq = alloc.offset(xq);
        l.xq2 = alloc.offset(xq2);
        l.xqStride = xqStride;
    }
    l.total = alloc.total();
    l.unsharedTotal = alloc.unsharedTotal();
    return l;
}

}  // namespace

QString memoryText(qint64 bytes) {
    const double b = double(bytes);
    if (b >= double(1ll << 30))
        return QStringLiteral("%1 GiB").arg(b / double(1ll << 30), 0, 'f', 2);
    if (b >= double(1ll << 20))
        return QStringLiteral("%1 MiB").arg(b / double(1ll << 20), 0, 'f', 1);
    return QStringLiteral("%1 KiB").arg(b / 1024.0, 0, 'f', 1);
}

std::optional<EightBitActivations> parseEightBitActivations(QStringView text) {
    const QString v = text.trimmed().toString().toLower();
    if (v.isEmpty() || v == QLatin1String("auto")) return EightBitActivations::Auto;
    if (v == QLatin1String("0") || v == QLatin1String("off")) return EightBitActivations::Off;
    if (v == QLatin1String("all")) return EightBitActivations::All;
    return std::nullopt;
}

QString eightBitActivationsName(EightBitActivations mode) {
    switch (mode) {
        case EightBitActivations::Auto:
            return QStringLiteral("auto");
        case EightBitActivations::Off:
            return QStringLiteral("off");
        case EightBitActivations::All:
            return QStringLiteral("all");
    }
    return {};
}

QString GpuMemoryEstimate::describe(int64_t contextLength) const {
    QString text =
        QStringLiteral("%1 of GPU memory (weights %2, KV cache %3 at %4 tokens, activations %5)")
            .arg(memoryText(gpuTotal()), memoryText(weightBytes), memoryText(kvCacheBytes))
            .arg(contextLength)
            .arg(memoryText(activationBytes));
    QStringList towers;
    if (visionBytes > 0) towers << QStringLiteral("vision %1").arg(memoryText(visionBytes));
    if (audioBytes > 0) towers << QStringLiteral("audio %1").arg(memoryText(audioBytes));
    if (!towers.isEmpty()) {
        text +=
            QStringLiteral("; when images or audio are used, ") + towers.join(QStringLiteral(", "));
    }
    return text;
}

GpuDeviceLimits GpuDeviceLimits::of(const gpu::GpuContext &ctx) {
    const gpu::GpuInfo &info = ctx.info();
    GpuDeviceLimits d;
    d.matMulSplitTarget = gpu::matMulSplitTarget(ctx);
    d.maxStorageBufferRange = info.maxStorageBufferRange;
    d.softwareDevice = info.softwareDevice;
    d.tensorCores = info.cooperativeMatrixNV && info.subgroupSize == 32;
    // Only where the driver reports the packed 8-bit dot product as accelerated (an emulated one
    // may be no faster than the float kernels), and never on software devices.
    d.acceleratedInt8Dot = info.integerDotProduct && info.integerDotAccelerated &&
                           !info.softwareDevice &&
                           info.kernelVariant == gpu::KernelVariant::Subgroup;
    return d;
}

std::optional<GpuPlan> planGpuModel(const gguf::File &file, const GpuModelOptions &options,
                                    const GpuDeviceLimits &device, QString *error) {
    std::optional<Gemma4Config> config = Gemma4Config::fromGguf(file, error);
    if (!config) return std::nullopt;
    GpuPlan plan;
    plan.config = std::move(*config);
    plan.options = options;
    plan.options.matVecMaxColumns = std::max(1, options.matVecMaxColumns);
    const Gemma4Config &c = plan.config;

    // Context length.
    const int64_t trained = c.contextLength > 0 ? c.contextLength : 131072;
    const int64_t ctxLen = options.contextLength > 0 ? options.contextLength
                                                     : std::min<int64_t>(kDefaultContext, trained);
    if (ctxLen > trained) {
        fail(error, QStringLiteral("a context of %1 tokens is more than this model "
                                   "supports (%2); choose %2 or less")
                        .arg(ctxLen)
                        .arg(trained));
        return std::nullopt;
    }
    if (ctxLen > (int64_t(1) << 24)) {
        fail(error, QStringLiteral("a context of %1 tokens is too large").arg(ctxLen));
        return std::nullopt;
    }
    plan.contextLength = ctxLen;
    plan.maxChunk =
        options.maxChunk > 0 ? std::min(options.maxChunk, 4096) : (device.tensorCores ? 2048 : 512);

    // Weight placement.
    const qint64 range =
        device.maxStorageBufferRange > 0 ? device.maxStorageBufferRange : qint64(UINT32_MAX);
    qint64 cap = std::min(kWeightBufferBytes, range - 4096);
    if (options.maxWeightBufferBytes > 0) cap = std::min(cap, options.maxWeightBufferBytes);
    Planner pl{file, plan, 0, 0, QString(), true};
    pl.bufferCap = std::max<qint64>(cap / kBufferAlign * kBufferAlign, kBufferAlign);
    if (!planWeights(pl)) {
        fail(error, pl.error);
        return std::nullopt;
    }

    // 8-bit activations. Measured on an H100 (E2B Q4_K_M): see kDotMinWeights.
    switch (options.eightBit) {
        case EightBitActivations::Off:
            plan.dotMinWeights = -1;
            break;
        case EightBitActivations::All:
            plan.dotMinWeights = 0;
            break;
        case EightBitActivations::Auto:
            plan.dotMinWeights = device.acceleratedInt8Dot ? kDotMinWeights : -1;
            break;
    }

    // Activations, for a chunk of maxChunk tokens. The buffer is bound whole to the kernels, so
    // it must fit the device's storage range (128 MiB on some drivers, e.g. Mesa's lavapipe): the
    // chunk shrinks until it does.
    const uint64_t rangeFloats = std::min<uint64_t>(uint64_t(UINT32_MAX), uint64_t(range)) / 4;
    plan.act =
        layoutActivations(plan, uint64_t(plan.maxChunk), rangeFloats, device.matMulSplitTarget);
    while (plan.act.total > rangeFloats && plan.maxChunk > 1) {
        plan.maxChunk = std::max(1, plan.maxChunk / 2);
        plan.act =
            layoutActivations(plan, uint64_t(plan.maxChunk), rangeFloats, device.matMulSplitTarget);
    }
    if (plan.act.total > rangeFloats) {
        fail(error,
             QStringLiteral("this GPU's storage buffers are too small for the "
                            "model's activations (%1 needed, %2 allowed)")
                 .arg(memoryText(qint64(plan.act.total) * 4), memoryText(qint64(rangeFloats) * 4)));
        return std::nullopt;
    }
    const uint64_t T = uint64_t(plan.maxChunk);
    plan.logitRows = int(logitRowsFor(uint64_t(c.vocabSize), T, rangeFloats));

    // KV caches: sliding layers keep a ring of window + maxChunk rows, global ones the context.
    uint64_t maxHeadDim = 0;
    for (const Gemma4LayerConfig &l : c.layers)
        maxHeadDim = std::max<uint64_t>(maxHeadDim, uint64_t(l.headDim));
    for (int i = 0; i < c.firstSharedLayer; ++i) {
        const Gemma4LayerConfig &l = c.layer(i);
        const int width = l.kvHeads * l.headDim;
        int64_t rows = ctxLen;
        if (l.isSliding() && c.slidingWindow > 0)
            rows = std::min<int64_t>(ctxLen, int64_t(c.slidingWindow) + plan.maxChunk);
        plan.caches.push_back({uint32_t(rows), width});
        plan.memory.kvCacheBytes += 2 * qint64(rows) * width * (options.kvCacheF16 ? 2 : 4);
        if (qint64(rows) * width * 4 > pl.bufferCap + 4096) {
            fail(error, QStringLiteral("the KV cache of layer %1 at %2 tokens exceeds the "
                                       "largest GPU buffer; choose a shorter context")
                            .arg(i)
                            .arg(ctxLen));
            return std::nullopt;
        }
    }
    plan.attentionScratchFloats =
        std::max<uint64_t>(16, gpu::attentionScratchFloats(uint32_t(T), uint32_t(c.heads),
                                                           uint32_t(maxHeadDim), uint32_t(ctxLen)));

    // The PLE rows of a chunk go to the GPU as the file stores them (raw blocks, each row at a
    // 4-byte aligned stride) and are dequantised there by get_rows.
    plan.pleRowStride = c.hasPle ? (plan.weights.pleTable.rowBytes + 3) / 4 * 4 : 0;
    const qint64 pleRowsBytes = std::max<qint64>(16, qint64(T) * plan.pleRowStride);

    // The staged product's staging buffer: the input columns of the widest K, and weight rows
    // up to the cap (at least one tile of rows of the widest K).
    if (device.tensorCores && options.stagedMatMulMinColumns > 0 &&
        T >= uint64_t(options.stagedMatMulMinColumns)) {
        uint32_t maxK = 0, maxRows = 0;
        const auto consider = [&](const Linear &lin) {
            for (const auto &[m, column] : lin.pieces) {
                maxK = std::max(maxK, uint32_t(m.K));
                for (const WeightPart &part : m.parts)
                    maxRows = std::max(maxRows, uint32_t(part.rows));
            }
        };
        for (const LayerWeights &y : plan.weights.layers) {
            for (const Linear *lin : {&y.qkv, &y.attnOut, &y.gateUp, &y.down, &y.inpGate, &y.proj})
                consider(*lin);
        }
        const uint64_t rowUv = std::max<uint64_t>(gpu::matMulStagedPadK(maxK) / 8, 1);
        const uint64_t capRows = uint64_t(std::max<qint64>(options.stagedMatMulMaxWeightBytes, 0)) /
                                 (rowUv * 16) / gpu::kMatMulStagedTile * gpu::kMatMulStagedTile;
        const uint64_t weightRows = std::min<uint64_t>(
            gpu::matMulStagedPadRows(maxRows), std::max<uint64_t>(capRows, gpu::kMatMulStagedTile));
        plan.stagingInputAt = weightRows * rowUv;
        plan.stagingUvec4s =
            plan.stagingInputAt + gpu::matMulStagedStagingUvec4s(uint32_t(T), maxK);
        if (maxK == 0 || plan.stagingUvec4s * 16 > uint64_t(range)) {
            plan.stagingInputAt = plan.stagingUvec4s = 0;
        }
    }

    plan.memory.activationBytes = qint64(plan.act.total) * 4 + qint64(plan.stagingUvec4s) * 16 +
                                  qint64(plan.attentionScratchFloats) * 4 +
                                  qint64(plan.norms.size()) * 4 + qint64(T) * 8 + pleRowsBytes;
    plan.memory.hostBytes = qint64(T) * (plan.pleRowStride + qint64(c.hidden) * 4) * 2;
    return plan;
}

std::optional<GpuMemoryEstimate> estimateGpuMemory(const gguf::File &file,
                                                   const GpuModelOptions &options, QString *error) {
    std::optional<GpuPlan> plan = planGpuModel(file, options, GpuDeviceLimits(), error);
    if (!plan) return std::nullopt;
    GpuMemoryEstimate m = plan->memory;
    // The towers as stored (the GPU towers keep the file's types); a projector file beside a
    // text-only model is not looked at here.
    for (const gguf::TensorInfo &t : file.tensors()) {
        const bool vision =
            t.name.rfind("v.", 0) == 0 || t.name.rfind("mm.input_projection", 0) == 0;
        const bool audio = t.name.rfind("a.", 0) == 0 || t.name.rfind("mm.a.", 0) == 0;
        const qint64 bytes = qint64(t.rowBytes() * t.rows());
        if (vision) m.visionBytes += bytes;
        if (audio) m.audioBytes += bytes;
    }
    return m;
}

}  // namespace facet::model
