#include "model/gpu_model.h"

#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "gpu/attention_ops.h"
#include "gpu/compute_batch.h"
#include "gpu/fused_ops.h"
#include "gpu/gpu_context.h"
#include "gpu/matmul_ops.h"
#include "gpu/ops.h"
#include "model/reference_ops.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QElapsedTimer>
#include <QFile>
#include <QSaveFile>

#if defined(Q_OS_UNIX)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>
#include <set>
#include <string>
#include <thread>

namespace facet::model {

namespace {

using gpu::KernelId;

constexpr qint64 kBufferAlign = 256;
constexpr int64_t kDefaultContext = 8192;
constexpr qint64 kWeightBufferBytes = qint64(256) << 20;
// Floats of the logits region when every row's logits are wanted (64 MiB): bounds the chunk size
// of prefillAllLogits for a real vocabulary (64 rows of 262144).
constexpr uint64_t kAllLogitsFloats = uint64_t(16) << 20;

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

QString bytesText(qint64 bytes) {
    const double b = double(bytes);
    if (b >= double(1ll << 30))
        return QStringLiteral("%1 GiB").arg(b / double(1ll << 30), 0, 'f', 2);
    if (b >= double(1ll << 20))
        return QStringLiteral("%1 MiB").arg(b / double(1ll << 20), 0, 'f', 1);
    return QStringLiteral("%1 KiB").arg(b / 1024.0, 0, 'f', 1);
}

bool fail(QString *error, const QString &message) {
    if (error) *error = message;
    return false;
}

// Drops the pages of a memory-mapped FILE range from this process's resident set once its bytes are
// on the GPU (they stay in the page cache, so a reload is still fast). Without this, uploading a
// multi-GB file through its mapping would leave the whole file counted as resident memory.
void releaseMappedPages(const uint8_t *data, qint64 bytes) {
#if defined(Q_OS_UNIX)
    static const qint64 page = qint64(sysconf(_SC_PAGESIZE));
    const auto begin = reinterpret_cast<uintptr_t>(data);
    const uintptr_t first = (begin + uintptr_t(page) - 1) / uintptr_t(page) * uintptr_t(page);
    const uintptr_t end = (begin + uintptr_t(bytes)) / uintptr_t(page) * uintptr_t(page);
    if (end > first) madvise(reinterpret_cast<void *>(first), end - first, MADV_DONTNEED);
#else
    Q_UNUSED(data);
    Q_UNUSED(bytes);
#endif
}

// The plan of one model on the GPU, computed before anything is allocated (estimate() and load()
// share it).
struct Plan {
    int64_t contextLength = 0;
    int maxChunk = 0;
    qint64 bufferCap = 0;
    std::vector<qint64> bufferSizes;
    qint64 offset = 0;  // in the last buffer
    struct Upload {
        int buffer;
        qint64 offset;
        const uint8_t *src;
        qint64 bytes;
    };
    std::vector<Upload> uploads;
    qint64 weightBytes = 0;

    // Reserves `bytes` (a whole group) in one buffer; returns (buffer, offset).
    std::pair<int, qint64> reserve(qint64 bytes) {
        if (bufferSizes.empty() || offset + bytes > bufferCap) {
            bufferSizes.push_back(0);
            offset = 0;
        }
        const std::pair<int, qint64> at{int(bufferSizes.size()) - 1, offset};
        offset = alignUp(offset + bytes, kBufferAlign);
        bufferSizes.back() = std::max(bufferSizes.back(), offset);
        weightBytes += bytes;
        return at;
    }
};

}  // namespace

QString GpuMemoryEstimate::describe(int64_t contextLength) const {
    return QStringLiteral("%1 of GPU memory (weights %2, KV cache %3 at %4 tokens, activations %5)")
        .arg(bytesText(gpuTotal()), bytesText(weightBytes), bytesText(kvCacheBytes))
        .arg(contextLength)
        .arg(bytesText(activationBytes));
}

// ---- planning ---------------------------------------------------------------------------------

namespace {

struct Planner {
    const gguf::File &file;
    Plan &plan;
    QString *error;
    bool ok = true;

    bool failWith(const QString &m) {
        if (ok && error) *error = m;
        ok = false;
        return false;
    }

    const gguf::TensorInfo *tensor(const std::string &name) {
        const gguf::TensorInfo *t = file.tensor(name);
        if (!t) failWith(QStringLiteral("tensor %1 is missing").arg(qs(name)));
        return t;
    }

    // Checks a matrix tensor for the GPU weight kernels.
    bool checkMatrix(const gguf::TensorInfo &t) {
        if (!gpu::matVecKernel(t.type)) {
            return failWith(QStringLiteral("tensor %1 has type %2, which Facet's GPU engine cannot "
                                           "run yet (supported: F32, F16, BF16, Q4_0, Q4_1, "
                                           "Q5_0, Q5_1, Q8_0, Q4_K, Q5_K, Q6_K); use a GGUF file "
                                           "with one of those quantisations")
                                .arg(qs(t.name), typeName(t.type)));
        }
        const int block = gpu::kernelBlockValues(t.type);
        if (t.ne.size() > 2 || t.dim(0) == 0 || t.dim(0) % uint64_t(block) != 0) {
            return failWith(QStringLiteral("tensor %1 has an unsupported shape for the GPU engine")
                                .arg(qs(t.name)));
        }
        return true;
    }
};

}  // namespace

// ---- loading ------------------------------------------------------------------------------------

GpuModel::~GpuModel() {
    // Bindings before the buffers they reference, buffers before the context (which outlives us).
    m_topk.reset();
    m_argmax.reset();
    m_attention.clear();
    m_qkvPrep.clear();
    m_weightBindings.clear();
    m_rmsNorm.reset();
    m_elementwise.reset();
    m_addRmsNorm.reset();
    m_matMulReduce.reset();
    m_caches.clear();
    m_weights.clear();
    m_norms.reset();
    m_act.reset();
    m_pleGetRows.reset();
    m_ids.reset();
    m_pleRows.reset();
    m_scratch.reset();
}

std::optional<GpuMemoryEstimate> GpuModel::estimate(const gguf::File &file,
                                                    const GpuModelOptions &options,
                                                    QString *error) {
    // A model object that is planned but never allocated: build() stops before the GPU when
    // m_ctx is null.
    GpuModel m;
    if (!m.build(file, options, error, {})) return std::nullopt;
    return m.m_memory;
}

std::unique_ptr<GpuModel> GpuModel::load(gpu::GpuContext &ctx, const gguf::File &file,
                                         const GpuModelOptions &options, QString *error,
                                         const ProgressFn &progress) {
    std::unique_ptr<GpuModel> m(new GpuModel());
    m->m_ctx = &ctx;
    if (!m->build(file, options, error, progress)) return nullptr;
    return m;
}

bool GpuModel::build(const gguf::File &file, const GpuModelOptions &options, QString *error,
                     const ProgressFn &progress) {
    std::optional<Gemma4Config> config = Gemma4Config::fromGguf(file, error);
    if (!config) return false;
    m_config = std::move(*config);
    m_file = &file;
    const Gemma4Config &c = m_config;

    // Context length.
    const int64_t trained = c.contextLength > 0 ? c.contextLength : 131072;
    int64_t ctxLen = options.contextLength > 0 ? options.contextLength
                                               : std::min<int64_t>(kDefaultContext, trained);
    if (ctxLen > trained) {
        return fail(error, QStringLiteral("a context of %1 tokens is more than this model "
                                          "supports (%2); choose %2 or less")
                               .arg(ctxLen)
                               .arg(trained));
    }
    if (ctxLen > (int64_t(1) << 24)) {
        return fail(error, QStringLiteral("a context of %1 tokens is too large").arg(ctxLen));
    }
    m_contextLength = ctxLen;
    m_maxChunk = std::clamp(options.maxChunk, 1, 4096);
    m_matVecMaxColumns = std::max(1, options.matVecMaxColumns);

    // Weight placement.
    Plan plan;
    plan.contextLength = ctxLen;
    plan.maxChunk = m_maxChunk;
    // Weight buffers of at most 256 MiB: Qt's Vulkan backend stages an upload to an immutable
    // buffer through a host buffer as large as the whole destination buffer, allocated per frame,
    // so small buffers each filled in one frame keep loading fast and host memory bounded.
    qint64 deviceCap = kWeightBufferBytes;
    if (m_ctx) deviceCap = std::min(deviceCap, m_ctx->info().maxStorageBufferRange - 4096);
    if (options.maxWeightBufferBytes > 0)
        deviceCap = std::min(deviceCap, options.maxWeightBufferBytes);
    plan.bufferCap = std::max<qint64>(deviceCap / kBufferAlign * kBufferAlign, kBufferAlign);
    Planner pl{file, plan, error};

    auto makeMatrix = [&](const gguf::TensorInfo *t) {
        Matrix mx;
        if (!t || !pl.checkMatrix(*t)) return mx;
        mx.info = t;
        mx.type = t->type;
        mx.K = int64_t(t->dim(0));
        mx.N = int64_t(t->rows());
        mx.rowBytes = qint64(t->rowBytes());
        return mx;
    };
    // Places a matrix (split by rows across buffers when it is larger than one buffer).
    auto placeMatrix = [&](Matrix &mx) {
        const qint64 bytes = mx.N * mx.rowBytes;
        if (bytes <= plan.bufferCap) {
            const auto [buf, off] = plan.reserve(bytes);
            mx.parts.push_back({buf, off, 0, mx.N});
            plan.uploads.push_back({buf, off, mx.info->data, bytes});
            return;
        }
        const int64_t rowsPer = std::max<int64_t>(1, plan.bufferCap / mx.rowBytes);
        for (int64_t r = 0; r < mx.N; r += rowsPer) {
            const int64_t rows = std::min(rowsPer, mx.N - r);
            plan.offset = plan.bufferCap;  // start a fresh buffer
            const auto [buf, off] = plan.reserve(rows * mx.rowBytes);
            mx.parts.push_back({buf, off, r, rows});
            plan.uploads.push_back({buf, off, mx.info->data + r * mx.rowBytes, rows * mx.rowBytes});
        }
    };
    // A projection from tensors whose outputs sit side by side. Tensors of the same type and
    // input width are stored adjacently and merged into one matrix (one dispatch) when the group
    // fits one buffer.
    auto makeLinear = [&](const std::vector<std::string> &names) {
        Linear lin;
        std::vector<Matrix> mats;
        for (const std::string &n : names) {
            mats.push_back(makeMatrix(pl.tensor(n)));
            if (!pl.ok) return lin;
        }
        size_t i = 0;
        int64_t col = 0;
        while (i < mats.size()) {
            size_t j = i + 1;
            qint64 bytes = mats[i].N * mats[i].rowBytes;
            while (j < mats.size() && mats[j].type == mats[i].type && mats[j].K == mats[i].K &&
                   bytes + mats[j].N * mats[j].rowBytes <= plan.bufferCap) {
                bytes += mats[j].N * mats[j].rowBytes;
                ++j;
            }
            if (j == i + 1) {
                placeMatrix(mats[i]);
                lin.pieces.push_back({mats[i], col});
                col += mats[i].N;
            } else {
                Matrix merged = mats[i];
                merged.info = nullptr;
                merged.N = 0;
                const auto [buf, off] = plan.reserve(bytes);
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
    };

    // Small f32 vectors (norm weights, RoPE factors) for the norms buffer.
    std::vector<float> norms;
    auto vec = [&](const std::string &name, uint64_t expected) -> uint32_t {
        const gguf::TensorInfo *t = pl.tensor(name);
        if (!t) return 0;
        if (expected > 0 && t->nelements != expected) {
            pl.failWith(QStringLiteral("tensor %1 has %2 elements, expected %3")
                            .arg(qs(name))
                            .arg(t->nelements)
                            .arg(expected));
            return 0;
        }
        const auto traits = gguf::typeTraits(t->type);
        const size_t at = norms.size();
        norms.resize(at + t->nelements);
        if (!traits || !gguf::canDequantize(t->type) || t->nelements % traits->blockSize != 0 ||
            !gguf::dequantizeRow(t->type, t->data, norms.data() + at, int64_t(t->nelements))) {
            pl.failWith(QStringLiteral("tensor %1 has type %2, which cannot be read as a vector")
                            .arg(qs(name), typeName(t->type)));
            return 0;
        }
        norms.resize(alignFloats(norms.size()));
        return uint32_t(at);
    };

    const uint64_t H = uint64_t(c.hidden);
    m_tokenEmbd = makeMatrix(pl.tensor("token_embd.weight"));
    if (pl.ok) placeMatrix(m_tokenEmbd);
    if (c.hasSeparateOutput) {
        m_output = makeLinear({"output.weight"});
    } else {
        m_output.pieces.push_back({m_tokenEmbd, 0});
        m_output.outWidth = m_tokenEmbd.N;
    }
    m_outputNorm = vec("output_norm.weight", H);
    if (c.hasRopeFreqs) m_ropeFreqs = vec("rope_freqs.weight", uint64_t(c.ropeDimsGlobal / 2));
    if (c.hasPle) {
        const gguf::TensorInfo *table = pl.tensor("per_layer_token_embd.weight");
        if (table && (!gguf::canDequantize(table->type) ||
                      table->dim(0) != uint64_t(c.layerCount) * uint64_t(c.pleDim))) {
            pl.failWith(
                QStringLiteral("tensor per_layer_token_embd.weight has an unsupported "
                               "type or shape"));
        } else if (table) {
            m_pleTable.info = table;
            m_pleTable.type = table->type;
            m_pleTable.K = int64_t(table->dim(0));
            m_pleTable.N = int64_t(table->rows());
            m_pleTable.rowBytes = qint64(table->rowBytes());
        }
        m_pleProj = makeLinear({"per_layer_model_proj.weight"});
        m_pleProjNorm = vec("per_layer_proj_norm.weight", uint64_t(c.pleDim));
    }

    m_layers.resize(size_t(c.layerCount));
    for (const Gemma4LayerConfig &l : c.layers) {
        if (!pl.ok) break;
        Layer &y = m_layers[size_t(l.index)];
        const std::string p = "blk." + std::to_string(l.index) + ".";
        const uint64_t hd = uint64_t(l.headDim);
        y.qWidth = c.heads * l.headDim;
        y.kvWidth = l.kvHeads * l.headDim;
        y.cacheLayer = l.sharesKv() ? l.kvDonor : l.index;
        y.attnNorm = vec(p + "attn_norm.weight", H);
        y.qNorm = vec(p + "attn_q_norm.weight", hd);
        if (l.sharesKv()) {
            y.qkv = makeLinear({p + "attn_q.weight"});
        } else {
            y.qkv = makeLinear({p + "attn_q.weight", p + "attn_k.weight", p + "attn_v.weight"});
            y.kNorm = vec(p + "attn_k_norm.weight", hd);
        }
        y.attnOut = makeLinear({p + "attn_output.weight"});
        y.postAttnNorm = vec(p + "post_attention_norm.weight", H);
        y.ffnNorm = vec(p + "ffn_norm.weight", H);
        y.gateUp = makeLinear({p + "ffn_gate.weight", p + "ffn_up.weight"});
        y.down = makeLinear({p + "ffn_down.weight"});
        y.postFfwNorm = vec(p + "post_ffw_norm.weight", H);
        if (c.hasPle) {
            y.inpGate = makeLinear({p + "inp_gate.weight"});
            y.proj = makeLinear({p + "proj.weight"});
            y.postNorm = vec(p + "post_norm.weight", H);
        }
        if (l.hasOutputScale()) {
            const uint32_t at = vec(l.outputScaleTensor, 1);
            if (pl.ok) y.outputScale = norms[at];
        }
        if (!pl.ok) break;
        // Shapes the kernels rely on (the configuration checked the tensors against each other).
        if (y.qkv.outWidth != (l.sharesKv() ? y.qWidth : y.qWidth + 2 * y.kvWidth) ||
            y.gateUp.outWidth != 2 * int64_t(l.ffnWidth)) {
            pl.failWith(QStringLiteral("layer %1 has inconsistent projection shapes").arg(l.index));
        }
    }
    if (!pl.ok) return false;

    // Integer-dot mat-vecs (8-bit activations). Measured on an H100 (E2B Q4_K_M, FACET_GPU_BENCH
    // timings of gpu_matvec_dot_test and bench): see kDotMinWeights. By default only where the
    // driver reports the packed 8-bit dot product as accelerated (an emulated one may be no
    // faster than the float kernels), and never on software devices; the estimate (no context)
    // assumes the dot path's scratch is needed.
    {
        const QByteArray dotEnv = qgetenv("FACET_MATVEC_DOT").trimmed().toLower();
        const bool capable =
            !m_ctx || (m_ctx->info().integerDotProduct && m_ctx->info().integerDotAccelerated &&
                       !m_ctx->info().softwareDevice &&
                       m_ctx->info().kernelVariant == gpu::KernelVariant::Subgroup);
        if (dotEnv == "0" || dotEnv == "off") {
            m_dotMinWeights = -1;
        } else if (dotEnv == "all") {
            m_dotMinWeights = 0;
        } else {
            m_dotMinWeights = capable ? kDotMinWeights : -1;
        }
        // The fused gate|up GeGLU into Q8A (canFuseGegluQ8); FACET_GEGLU_Q8=0 keeps the
        // quantize_q8 dispatch between them (for comparison).
        m_noGegluQ8 = qgetenv("FACET_GEGLU_Q8").trimmed() == "0";
        m_noGegluAddNorm = qgetenv("FACET_GEGLU_ADDNORM").trimmed() == "0";
        m_overlapBuild = qgetenv("FACET_OVERLAP_BUILD").trimmed() != "0";
    }

    // Activation arena (float offsets), sized for a chunk of maxChunk tokens. It is bound whole
    // to the kernels, so it must fit the device's storage range (128 MiB on some drivers, e.g.
    // Mesa's lavapipe): the chunk shrinks until it does.
    uint64_t maxQkv = 0, maxQ = 0, maxGu = 0, maxHeadDim = 0;
    for (const Gemma4LayerConfig &l : c.layers) {
        const Layer &y = m_layers[size_t(l.index)];
        maxQkv = std::max<uint64_t>(maxQkv, uint64_t(y.qkv.outWidth));
        maxQ = std::max<uint64_t>(maxQ, uint64_t(y.qWidth));
        maxGu = std::max<uint64_t>(maxGu, uint64_t(y.gateUp.outWidth));
        maxHeadDim = std::max<uint64_t>(maxHeadDim, uint64_t(l.headDim));
    }
    const uint64_t V = uint64_t(c.vocabSize);
    const uint64_t LP = c.hasPle ? uint64_t(c.layerCount) * uint64_t(c.pleDim) : 0;
    const uint64_t rangeFloats =
        std::min<uint64_t>(uint64_t(UINT32_MAX),
                           m_ctx ? uint64_t(m_ctx->info().maxStorageBufferRange) : UINT32_MAX) /
        4;
    Arena &ar = m_arena;
    auto layoutArena = [&](uint64_t T) {
        ar = Arena();
        m_logitRows = int(std::clamp<uint64_t>(
            std::min(kAllLogitsFloats, rangeFloats / 4) / std::max<uint64_t>(V, 1), 1, T));
        uint64_t at = 0;
        auto region = [&](uint64_t floats) {
            const uint32_t start = alignFloats(at);
            at = uint64_t(start) + floats;
            return start;
        };
        ar.x = region(T * H);
        ar.x2 = region(std::min<uint64_t>(T, uint64_t(m_matVecMaxColumns)) * H);
        ar.a = region(T * H);
        ar.b = region(T * H);
        ar.qkv = region(T * maxQkv);
        ar.o = region(T * maxQ);
        ar.gu = region(T * maxGu);
        ar.g = region(T * uint64_t(std::max(c.pleDim, 1)));
        ar.ple = region(T * std::max<uint64_t>(LP, 1));
        ar.z = region(T * std::max<uint64_t>(LP, 1));
        ar.logits = region(uint64_t(m_logitRows) * V);
        ar.pleStride = uint32_t(LP);
        // Split-K partials of the prefill matmuls: sized so that every projection can take the
        // automatic split (matmul_ops.h).
        ar.mmSplitFloats = uint32_t(gpu::matMulSplitScratchFloats(
            uint32_t(T), m_ctx ? gpu::matMulSplitTarget(*m_ctx) : gpu::kMatMulSplitTarget));
        ar.mmSplit = region(ar.mmSplitFloats);
        if (m_dotMinWeights >= 0) {
            const uint64_t maxK = std::max({H, maxQ, maxGu, uint64_t(std::max(c.pleDim, 1))});
            ar.xqStride = alignFloats(gpu::q8aFloats(uint32_t((maxK + 31) / 32 * 32)));
            ar.xq = region(std::min<uint64_t>(T, uint64_t(m_matVecMaxColumns)) * ar.xqStride);
            ar.xq2 = region(std::min<uint64_t>(T, uint64_t(m_matVecMaxColumns)) * ar.xqStride);
        }
        ar.total = alignFloats(at);
    };
    layoutArena(uint64_t(m_maxChunk));
    while (ar.total > rangeFloats && m_maxChunk > 1) {
        m_maxChunk = std::max(1, m_maxChunk / 2);
        layoutArena(uint64_t(m_maxChunk));
    }
    if (ar.total > rangeFloats) {
        return fail(error,
                    QStringLiteral("this GPU's storage buffers are too small for the "
                                   "model's activations (%1 needed, %2 allowed)")
                        .arg(bytesText(qint64(ar.total) * 4), bytesText(qint64(rangeFloats) * 4)));
    }
    const uint64_t T = uint64_t(m_maxChunk);

    // KV caches.
    qint64 kvBytes = 0;
    std::vector<std::pair<uint32_t, int>> cacheShapes;  // rows, width
    for (int i = 0; i < c.firstSharedLayer; ++i) {
        const Gemma4LayerConfig &l = c.layer(i);
        const int width = l.kvHeads * l.headDim;
        int64_t rows = ctxLen;
        if (l.isSliding() && c.slidingWindow > 0)
            rows = std::min<int64_t>(ctxLen, int64_t(c.slidingWindow) + m_maxChunk);
        cacheShapes.push_back({uint32_t(rows), width});
        kvBytes += 2 * qint64(rows) * width * 4;
        if (qint64(rows) * width * 4 > plan.bufferCap + 4096) {
            return fail(error, QStringLiteral("the KV cache of layer %1 at %2 tokens exceeds the "
                                              "largest GPU buffer; choose a shorter context")
                                   .arg(i)
                                   .arg(ctxLen));
        }
    }
    const uint64_t scratchFloats =
        std::max<uint64_t>(16, gpu::attentionScratchFloats(uint32_t(T), uint32_t(c.heads),
                                                           uint32_t(maxHeadDim), uint32_t(ctxLen)));

    // The PLE rows of a chunk go to the GPU as the file stores them (raw blocks, each row at a
    // 4-byte aligned stride) and are dequantised there by get_rows: see runChunk.
    m_pleRowStride = c.hasPle ? (m_pleTable.rowBytes + 3) / 4 * 4 : 0;
    const qint64 pleRowsBytes = std::max<qint64>(16, qint64(T) * m_pleRowStride);

    m_memory.weightBytes = plan.weightBytes;
    m_memory.kvCacheBytes = kvBytes;
    m_memory.activationBytes = qint64(ar.total) * 4 + qint64(scratchFloats) * 4 +
                               qint64(norms.size()) * 4 + qint64(T) * 8 + pleRowsBytes;
    m_memory.hostBytes = qint64(T) * (m_pleRowStride + qint64(H) * 4) * 2;
    if (!m_ctx) return true;  // estimate only

    // --- allocation --------------------------------------------------------------------------
    gpu::GpuContext &ctx = *m_ctx;
    auto allocFail = [&](const QString &what, qint64 bytes, const QString &why) {
        return fail(error,
                    QStringLiteral("could not allocate %1 (%2) on the GPU: %3. The model "
                                   "needs %4; close other GPU programs, choose a shorter "
                                   "context or a smaller model")
                        .arg(what, bytesText(bytes), why, m_memory.describe(m_contextLength)));
    };
    QString why;
    for (size_t i = 0; i < plan.bufferSizes.size(); ++i) {
        auto b =
            ctx.createBuffer(gpu::BufferKind::Weights, std::max<qint64>(plan.bufferSizes[i], 16),
                             QStringLiteral("weights %1").arg(i), &why);
        if (!b) return allocFail(QStringLiteral("weights"), plan.bufferSizes[i], why);
        m_weights.push_back(std::move(b));
    }
    m_norms = ctx.createBuffer(gpu::BufferKind::Weights, qint64(norms.size()) * 4 + 16,
                               QStringLiteral("norms"), &why);
    if (!m_norms) return allocFail(QStringLiteral("norm weights"), qint64(norms.size()) * 4, why);
    m_act = ctx.createBuffer(gpu::BufferKind::Storage, qint64(ar.total) * 4,
                             QStringLiteral("activations"), &why);
    if (!m_act) return allocFail(QStringLiteral("activations"), qint64(ar.total) * 4, why);
    // Token ids of a chunk in [0, T), the row indices 0..T-1 of the PLE rows buffer in [T, 2T).
    m_ids = ctx.createBuffer(gpu::BufferKind::Storage, qint64(T) * 8, QStringLiteral("token ids"),
                             &why);
    m_scratch = ctx.createBuffer(gpu::BufferKind::Storage, qint64(scratchFloats) * 4,
                                 QStringLiteral("attention scratch"), &why);
    if (!m_ids || !m_scratch)
        return allocFail(QStringLiteral("scratch"), qint64(scratchFloats) * 4, why);
    {
        std::vector<uint32_t> rowIndex(T);
        std::iota(rowIndex.begin(), rowIndex.end(), 0u);
        if (!ctx.upload(*m_ids, qint64(T) * 4, rowIndex.data(), qint64(T) * 4, error)) return false;
    }
    m_pleRows =
        ctx.createBuffer(gpu::BufferKind::Storage, pleRowsBytes, QStringLiteral("PLE rows"), &why);
    if (!m_pleRows) return allocFail(QStringLiteral("PLE rows"), pleRowsBytes, why);
    if (c.hasPle) {
        const auto id = gpu::getRowsKernel(m_pleTable.type);
        if (!id) {
            return fail(error, QStringLiteral("the per-layer embedding table's weight type (%1) "
                                              "cannot be read on the GPU; use another "
                                              "quantisation of this model")
                                   .arg(int(m_pleTable.type)));
        }
        const gpu::Kernel *k = ctx.kernel(*id, error);
        if (!k) return false;
        m_pleGetRows = ctx.bind(*k, {*m_pleRows, *m_ids, *m_act}, error);
        if (!m_pleGetRows) return false;
    }
    for (size_t i = 0; i < cacheShapes.size(); ++i) {
        Cache cache;
        cache.rows = cacheShapes[i].first;
        cache.width = cacheShapes[i].second;
        const qint64 bytes = qint64(cache.rows) * cache.width * 4;
        cache.k = ctx.createBuffer(gpu::BufferKind::Storage, bytes,
                                   QStringLiteral("K cache %1").arg(i), &why);
        if (cache.k) {
            cache.v = ctx.createBuffer(gpu::BufferKind::Storage, bytes,
                                       QStringLiteral("V cache %1").arg(i), &why);
        }
        if (!cache.k || !cache.v) return allocFail(QStringLiteral("the KV cache"), 2 * bytes, why);
        m_caches.push_back(std::move(cache));
    }

    // --- upload ------------------------------------------------------------------------------
    if (!ctx.upload(*m_norms, 0, norms.data(), qint64(norms.size()) * 4, error)) return false;
    qint64 done = 0;
    if (progress && !progress(0, plan.weightBytes)) return fail(error, QStringLiteral("cancelled"));
    // One frame and ONE upload per weight buffer: Qt's Vulkan backend allocates (and, for an
    // immutable buffer, frees again) a host staging buffer as large as the destination for every
    // single upload, so the buffer's contents are assembled on the host first (at most 256 MiB).
    for (size_t b = 0; b < m_weights.size(); ++b) {
        QByteArray contents(qsizetype(plan.bufferSizes[b]), '\0');
        std::vector<const Plan::Upload *> jobs;
        for (const Plan::Upload &u : plan.uploads) {
            if (u.buffer != int(b)) continue;
            std::memcpy(contents.data() + u.offset, u.src, size_t(u.bytes));
            jobs.push_back(&u);
        }
        gpu::ComputeBatch batch;
        batch.upload(*m_weights[b], 0, std::move(contents));
        if (!ctx.submit(batch, error)) return false;
        // Only for a file mapping: on memory the File owns (fromBytes), MADV_DONTNEED would zero
        // the pages.
        for (const Plan::Upload *u : jobs) {
            if (!file.path().isEmpty()) releaseMappedPages(u->src, u->bytes);
            done += u->bytes;
        }
        if (progress && !progress(done, plan.weightBytes)) {
            return fail(error, QStringLiteral("cancelled"));
        }
    }

    // --- bindings ----------------------------------------------------------------------------
    auto kernel = [&](KernelId id) { return ctx.kernel(id, error); };
    const gpu::Kernel *kRms = kernel(KernelId::RmsNorm);
    const gpu::Kernel *kEw = kRms ? kernel(KernelId::Elementwise) : nullptr;
    const gpu::Kernel *kAdd = kEw ? kernel(KernelId::AddRmsNorm) : nullptr;
    const gpu::Kernel *kAttn = kAdd ? kernel(KernelId::Attention) : nullptr;
    const gpu::Kernel *kPrep = kAttn ? kernel(KernelId::QkvPrep) : nullptr;
    if (!kPrep) return false;
    m_rmsNorm = ctx.bind(*kRms, {*m_act, *m_norms, *m_act}, error);
    m_elementwise = ctx.bind(*kEw, {*m_act, *m_act, *m_act}, error);
    m_addRmsNorm = ctx.bind(*kAdd, {*m_act, *m_norms}, error);
    if (!m_rmsNorm || !m_elementwise || !m_addRmsNorm) return false;
    const gpu::Kernel *kReduce = kernel(KernelId::MatMulReduce);
    m_matMulReduce = kReduce ? ctx.bind(*kReduce, {*m_act, *m_act}, error) : nullptr;
    if (!m_matMulReduce) return false;
    if (m_dotMinWeights >= 0) {
        const gpu::Kernel *kQuant = kernel(KernelId::QuantizeQ8);
        m_quantizeQ8 = kQuant ? ctx.bind(*kQuant, {*m_act, *m_act}, error) : nullptr;
        if (!m_quantizeQ8) return false;
    }
    for (const Gemma4LayerConfig &l : c.layers) {
        const Cache &cache = m_caches[size_t(m_layers[size_t(l.index)].cacheLayer)];
        auto a = ctx.bind(*kAttn, {*m_act, *cache.k, *cache.v, *m_scratch}, error);
        auto q = ctx.bind(*kPrep, {*m_act, *m_norms, *cache.k, *cache.v}, error);
        if (!a || !q) return false;
        m_attention.push_back(std::move(a));
        m_qkvPrep.push_back(std::move(q));
    }
    m_argmax = gpu::Argmax::create(ctx, *m_act, error);
    if (!m_argmax) return false;
    m_topk = gpu::TopK::create(ctx, *m_act, error);
    if (!m_topk) return false;

    // --- fingerprint ---------------------------------------------------------------------------
    QCryptographicHash h(QCryptographicHash::Sha256);
    auto add64 = [&](uint64_t v) {
        h.addData(QByteArrayView(reinterpret_cast<const char *>(&v), 8));
    };
    add64(file.fileSize());
    add64(file.tensors().size());
    for (const gguf::TensorInfo &t : file.tensors()) {
        h.addData(QByteArrayView(t.name.data(), qsizetype(t.name.size())));
        add64(uint64_t(t.type));
        add64(t.offset);
        add64(t.nelements);
        // A sample of each tensor's bytes: files that differ only in weight values differ here.
        const qint64 n = std::min<qint64>(qint64(t.nbytes), 256);
        h.addData(QByteArrayView(reinterpret_cast<const char *>(t.data), n));
        if (qint64(t.nbytes) > 512) {
            h.addData(QByteArrayView(reinterpret_cast<const char *>(t.data + t.nbytes - 256), 256));
        }
    }
    m_fingerprint = h.result();
    return true;
}

const gpu::Bindings *GpuModel::bindingsFor(KernelId kernel, int buffer, QString *error) {
    auto &slot = m_weightBindings[{int(kernel), buffer}];
    if (slot) return slot.get();
    // (A speculative recording runs while the GPU executes a batch: it creates no GPU objects.)
    if (m_speculating) return nullptr;
    const gpu::Kernel *k = m_ctx->kernel(kernel, error);
    if (!k) return nullptr;
    const gpu::Buffer &w = *m_weights[size_t(buffer)];
    const bool getRows = gpu::getRowsKernel(*gpu::kernelWeightType(kernel)) == kernel;
    const auto wt = *gpu::kernelWeightType(kernel);
    const bool matVec = gpu::matVecKernel(wt) == kernel || gpu::matVecDotKernel(wt) == kernel ||
                        gpu::matVecDotGegluKernel(wt) == kernel;
    // matvec binding 4: the norm weights (read by MatInputMode::AddNorm).
    slot = getRows  ? m_ctx->bind(*k, {w, *m_ids, *m_act}, error)
           : matVec ? m_ctx->bind(*k, {w, *m_act, *m_act, *m_norms}, error)
                    : m_ctx->bind(*k, {w, *m_act, *m_act}, error);
    return slot.get();
}

bool GpuModel::pieceUsesDot(const Matrix &m, uint32_t cols) const {
    // The same rule as model::ref::matmulQ8Inputs (the reference's mirror of this path), except
    // that a matrix merged from adjacent tensors (gate|up, q|k|v) is sized as a whole where the
    // reference sizes each tensor: the two agree for FACET_MATVEC_DOT=all (what the tests use)
    // and for the E2B/E4B shapes (gate and up alike above the threshold, q|k|v below it).
    // Only in chunks of a few tokens (decode steps): the output head of a prefill chunk's last
    // row is a mat-vec too, but stays in float like the rest of that chunk.
    return m_dotMinWeights >= 0 && int(cols) <= m_matVecMaxColumns &&
           int(m_chunkTokens) <= m_matVecMaxColumns && gpu::matVecDotKernel(m.type).has_value() &&
           m.K % 32 == 0 && m.K * m.N >= m_dotMinWeights;
}

bool GpuModel::usesDot(const Linear &lin, uint32_t cols) const {
    for (const auto &[m, column] : lin.pieces) {
        if (pieceUsesDot(m, cols)) return true;
    }
    return false;
}

bool GpuModel::canFuseGegluQ8(const Linear &gateUp, const Linear &down, uint32_t cols) const {
    if (gateUp.pieces.size() != 1 || down.pieces.size() != 1) return false;
    const Matrix &gu = gateUp.pieces[0].first;
    const Matrix &dn = down.pieces[0].first;
    // The down's input is h = geglu(gate, up): F values, F a multiple of 32 (one Q8A block per
    // workgroup of the fused mode); both products on the integer-dot path, so the reference
    // (which rounds h exactly when the down takes that path) describes it.
    return gu.parts.size() == 1 && gu.N % 64 == 0 && dn.K == gu.N / 2 && pieceUsesDot(gu, cols) &&
           pieceUsesDot(dn, cols) && !m_noGegluQ8;
}

bool GpuModel::canFoldAddNorm(const Linear &lin, uint32_t cols) const {
    if (int(cols) > m_matVecMaxColumns || usesDot(lin, cols)) return false;
    // Only into the split work modes (few rows, few workgroups). In rows mode every one of the
    // thousands of workgroups, and every team in it, forms the input again from b, res and the
    // norms: measured on an H100 (E2B decode, bench --profile), the 1536 x 24576 gate|up takes
    // 58 us with the fold and 36 us without, far more than the ~11 us add_rmsnorm it saves.
    for (const auto &[m, column] : lin.pieces) {
        if (uint64_t(m.K) > gpu::kMatVecAddNormMaxK) return false;
        for (const Part &part : m.parts) {
            if (gpu::matVecWorkSplit(*m_ctx, uint32_t(part.rows)) == gpu::MatVecWorkSplit::Rows)
                return false;
        }
    }
    return true;
}

bool GpuModel::canFoldAddNormQ8(const Linear &gateUp, uint32_t cols) const {
    // Every workgroup of the fused gate|up forms and quantises the input in its prologue
    // (matvec.comp, addNormQ8Prologue): measured on an H100 (E2B decode), this costs the gate|up
    // less than the add_rmsnorm dispatch it replaces (see the notes at canFoldAddNorm).
    return !m_noGegluAddNorm && int(cols) <= m_matVecMaxColumns && gateUp.pieces.size() == 1 &&
           uint64_t(gateUp.pieces[0].first.K) <= gpu::kMatVecAddNormMaxK;
}

bool GpuModel::recordLinear(gpu::ComputeBatch &batch, const Linear &lin, uint32_t cols,
                            uint32_t xOffset, uint32_t xStride, uint32_t yOffset, uint32_t yStride,
                            uint32_t mode, uint32_t x2Offset, uint32_t x2Stride, QString *error,
                            const AddNorm *addNorm, uint32_t q8Input, bool gegluQ8) {
    const bool useMatMul = int(cols) > m_matVecMaxColumns;
    if (addNorm && !(gegluQ8 ? canFoldAddNormQ8(lin, cols) : canFoldAddNorm(lin, cols)))
        return fail(error, QStringLiteral("internal error: AddNorm on a matmul projection"));
    // The 8-bit path: the input (formed by its mode) quantised once into the Q8A scratch, then
    // the integer-dot mat-vec of every piece that takes that path reads it (pieces without a dot
    // kernel read the float input as before).
    // (Every call site's offsets are multiples of 4 when K is a multiple of 32, which
    // pieceUsesDot requires; if one were not, the step would fail with recordQuantizeQ8's
    // message, and the reference would no longer describe it either.)
    const bool dot = usesDot(lin, cols);
    const uint32_t floatX = xOffset, floatStride = xStride, floatMode = mode;
    // q8Input: the Q8A input is already there (add_rmsnorm or the gate|up's GeGLU mode wrote it).
    const uint32_t q8X = q8Input != kNoQ8Input ? q8Input : m_arena.xq;
    if (gegluQ8 && (!dot || lin.pieces.size() != 1 || lin.pieces[0].first.parts.size() != 1))
        return fail(error, QStringLiteral("internal error: GeGLU-into-Q8A on a split projection"));
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
        q.yOffset = m_arena.xq;
        q.yStride = m_arena.xqStride;
        if (mode != uint32_t(gpu::MatInputMode::Plain) &&
            mode != uint32_t(gpu::MatInputMode::Geglu))
            return fail(error,
                        QStringLiteral("internal error: input mode %1 on the dot path").arg(mode));
        if (!gpu::recordQuantizeQ8(batch, *m_quantizeQ8, q, error)) return false;
    }
    for (const auto &[m, column] : lin.pieces) {
        const bool pieceDot = dot && pieceUsesDot(m, cols);
        if (pieceDot) m_lastDotMatVecs += int(m.parts.size());
        xOffset = pieceDot ? q8X : floatX;
        xStride = pieceDot ? m_arena.xqStride : floatStride;
        mode = pieceDot ? uint32_t(gpu::MatInputMode::Plain) : floatMode;
        const KernelId kid = useMatMul  ? *gpu::matMulKernel(m.type)
                             : gegluQ8  ? *gpu::matVecDotGegluKernel(m.type)
                             : pieceDot ? *gpu::matVecDotKernel(m.type)
                                        : *gpu::matVecKernel(m.type);
        for (const Part &part : m.parts) {
            const gpu::Bindings *b = bindingsFor(kid, part.buffer, error);
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
                gpu::MatMulSplit split;
                split.reduce = m_matMulReduce.get();
                split.scratchOffset = m_arena.mmSplit;
                split.scratchFloats = m_arena.mmSplitFloats;
                ok = gpu::recordMatMul(batch, *b, p, error, &split);
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
                if (addNorm) {
                    p.inputMode = uint32_t(gpu::MatInputMode::AddNorm);
                    p.xOffset = addNorm->branch;
                    p.xStride = floatStride;
                    p.x2Offset = addNorm->res;
                    p.x2Stride = floatStride;
                    p.n1Offset = addNorm->n1;
                    p.n2Offset = addNorm->n2;
                    p.normScale = addNorm->scale;
                    p.normEps = m_config.rmsEps;
                    p.rOutOffset = addNorm->rOut;
                    p.rOutStride = floatStride;
                }
                ok = gegluQ8 ? gpu::recordMatVecGegluQ8(batch, *b, p, cols, error)
                             : gpu::recordMatVec(batch, *b, p, cols, error);
            }
            if (!ok) return false;
        }
    }
    return true;
}

namespace {
// Runs fn(begin, end) over [0, rows) split into ranges on up to 8 threads, one range per
// `minRows` rows at least (fewer rows run on the calling thread). The ranges are disjoint, so fn
// may write its own rows without locking.
void forRowRanges(size_t rows, size_t minRows, const std::function<void(size_t, size_t)> &fn) {
    const size_t threads =
        std::min<size_t>({rows / minRows, 8, std::max(1u, std::thread::hardware_concurrency())});
    if (threads <= 1) {
        fn(0, rows);
        return;
    }
    std::vector<std::thread> pool;
    const size_t per = (rows + threads - 1) / threads;
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back(fn, std::min(rows, t * per), std::min(rows, (t + 1) * per));
    fn(0, std::min(rows, per));
    for (std::thread &th : pool)
        th.join();
}
}  // namespace

void GpuModel::gatherRows(const Matrix &m, std::span<const int32_t> ids, float scale, int64_t width,
                          std::vector<float> &out) {
    QElapsedTimer timer;
    timer.start();
    out.assign(ids.size() * size_t(width), 0.0f);
    const auto gather = [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            if (ids[i] < 0 || ids[i] >= m.N) continue;  // soft-token rows stay zero
            float *row = out.data() + i * size_t(width);
            gguf::dequantizeRow(m.type, m.info->data + qint64(ids[i]) * m.rowBytes, row, width);
            for (int64_t k = 0; k < width; ++k)
                row[k] = row[k] * scale;
        }
    };
    // A prefill chunk gathers hundreds of rows (E2B: 512 x 8960 PLE values, ~25 ms on one core).
    forRowRanges(ids.size(), 16, gather);
    m_stats.hostGatherMs += double(timer.nsecsElapsed()) / 1e6;
}

QByteArray GpuModel::gatherRawRows(const Matrix &m, std::span<const int32_t> ids, qint64 stride) {
    QElapsedTimer timer;
    timer.start();
    QByteArray out(qsizetype(ids.size()) * stride, Qt::Uninitialized);
    char *dst = out.data();
    const auto gather = [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            char *row = dst + qint64(i) * stride;
            if (ids[i] < 0 || ids[i] >= m.N) {
                std::memset(row, 0, size_t(stride));  // zero blocks decode to zero rows
                continue;
            }
            std::memcpy(row, m.info->data + qint64(ids[i]) * m.rowBytes, size_t(m.rowBytes));
            std::memset(row + m.rowBytes, 0, size_t(stride - m.rowBytes));
        }
    };
    // Rows of a prefill chunk are scattered over the memory map (page faults on first touch).
    forRowRanges(ids.size(), 32, gather);
    m_stats.hostGatherMs += double(timer.nsecsElapsed()) / 1e6;
    return out;
}

// ---- forward ----------------------------------------------------------------------------------

generate::StepResult GpuModel::forward(std::span<const int32_t> tokens,
                                       std::span<const SoftEmbedding> soft, Logits which,
                                       int candidates, std::vector<float> *all, QString *error) {
    generate::StepResult result;
    const Gemma4Config &c = m_config;
    if (tokens.empty()) return result;
    if (!validateForwardInputs(c, tokens, soft, error)) return result;
    const int64_t n = int64_t(tokens.size());
    if (m_position + n > m_contextLength) {
        fail(error, QStringLiteral("%1 more tokens do not fit in the context: it holds %2 tokens "
                                   "and %3 are in use. Start a new conversation or choose a longer "
                                   "context length")
                        .arg(n)
                        .arg(m_contextLength)
                        .arg(m_position));
        return result;
    }

    const int64_t chunk =
        which == Logits::All ? std::min<int64_t>(m_maxChunk, m_logitRows) : int64_t(m_maxChunk);
    const int64_t start = m_position;
    if (all) all->clear();
    m_lastDispatches = 0;
    m_lastDotMatVecs = 0;
    for (int64_t first = 0; first < n; first += chunk) {
        const int64_t len = std::min(chunk, n - first);
        std::vector<SoftEmbedding> chunkSoft;
        for (const SoftEmbedding &s : soft) {
            if (s.index >= first && s.index < first + len) {
                chunkSoft.push_back(s);
                chunkSoft.back().index = int(s.index - first);
            }
        }
        const bool lastChunk = first + len == n;
        if (!runChunk(tokens.subspan(size_t(first), size_t(len)), chunkSoft, which,
                      lastChunk ? candidates : -1, lastChunk ? &result : nullptr, all, error)) {
            m_position = start;
            if (all) all->clear();
            return generate::StepResult();
        }
        m_position += len;
    }
    return result;
}

float GpuModel::embedScale() const {
    return float(std::sqrt(double(m_config.hidden)));
}

GpuModel::TokenUploads GpuModel::tokenUploads(std::span<const int32_t> tokens,
                                              std::span<const SoftEmbedding> soft) {
    // Soft positions: an id past the table, which get_rows turns into a zero row, and PLE row 0
    // (the reference's pad).
    std::vector<int32_t> ids(tokens.begin(), tokens.end());
    std::vector<int32_t> pleIds = ids;
    for (const SoftEmbedding &s : soft) {
        ids[size_t(s.index)] = -1;
        pleIds[size_t(s.index)] = 0;
    }
    TokenUploads u;
    if (m_tokenEmbd.parts.size() == 1) {
        u.ids = QByteArray(reinterpret_cast<const char *>(ids.data()), qsizetype(ids.size()) * 4);
    } else {
        // A table split over several buffers: its rows gathered on the host.
        std::vector<float> rows;
        gatherRows(m_tokenEmbd, ids, embedScale(), m_config.hidden, rows);
        u.embRows =
            QByteArray(reinterpret_cast<const char *>(rows.data()), qsizetype(rows.size() * 4));
    }
    if (m_config.hasPle) u.pleRows = gatherRawRows(m_pleTable, pleIds, m_pleRowStride);
    return u;
}

bool GpuModel::buildChunk(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                          Logits which, int candidates, bool last, int64_t position, Built &built,
                          QString *error) {
    const Gemma4Config &c = m_config;
    const Arena &ar = m_arena;
    const uint32_t T = uint32_t(tokens.size());
    m_chunkTokens = T;
    const uint32_t H = uint32_t(c.hidden);
    const uint32_t P = uint32_t(c.pleDim);
    const uint32_t L = uint32_t(c.layerCount);
    const uint32_t LP = ar.pleStride;
    const uint32_t V = uint32_t(c.vocabSize);
    const uint32_t pos0 = uint32_t(position);
    built.batch.clear();
    built.readBytes.clear();
    built.read = Read::None;
    built.k = 0;
    built.idsUpload = -1;
    built.embUpload = -1;
    built.pleUpload = -1;
    built.speculative = false;
    const int dot0 = m_lastDotMatVecs;
    gpu::ComputeBatch &batch = built.batch;

    TokenUploads uploads = tokenUploads(tokens, soft);
    if (m_tokenEmbd.parts.size() == 1) {
        built.idsUpload = batch.uploadCount();
        batch.upload(*m_ids, 0, std::move(uploads.ids));
        const Part &part = m_tokenEmbd.parts.front();
        const gpu::Bindings *b =
            bindingsFor(*gpu::getRowsKernel(m_tokenEmbd.type), part.buffer, error);
        if (!b) return false;
        gpu::GetRowsParams p;
        p.K = uint32_t(m_tokenEmbd.K);
        p.rows = T;
        p.rowBytes = uint32_t(m_tokenEmbd.rowBytes);
        p.wOffset = uint32_t(part.offset);
        p.wRows = uint32_t(part.rows);
        p.idsOffset = 0;
        p.yOffset = ar.x;
        p.yStride = H;
        p.scale = embedScale();
        if (!gpu::recordGetRows(batch, *b, p, error)) return false;
    } else {
        built.embUpload = batch.uploadCount();
        batch.upload(*m_act, qint64(ar.x) * 4, std::move(uploads.embRows));
    }
    auto elementwise = [&](gpu::ElementwiseMode mode, uint32_t n, uint32_t rows, uint32_t x,
                           uint32_t y, uint32_t out, float s) {
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
        return gpu::recordElementwise(batch, *m_elementwise, p, error);
    };
    if (!soft.empty()) {
        std::vector<float> values(size_t(T) * H, 0.0f);
        for (const SoftEmbedding &s : soft)
            std::copy(s.values.begin(), s.values.end(), values.begin() + ptrdiff_t(s.index) * H);
        batch.upload(*m_act, qint64(ar.b) * 4,
                     QByteArray(reinterpret_cast<const char *>(values.data()),
                                qsizetype(values.size() * 4)));
        if (!elementwise(gpu::ElementwiseMode::AddScale, H, T, ar.x, ar.b, ar.x, 1.0f))
            return false;
    }

    // Per-layer inputs: (rmsw(proj·x / sqrt(H)) + table rows · sqrt(P)) / sqrt(2).
    if (c.hasPle) {
        // The table rows as stored in the file, dequantised and scaled on the GPU (get_rows over
        // the rows buffer, ids 0..T-1). Measured on an H100 (E2B, F16 table, 512 tokens): the
        // host dequantisation to f32 plus its 18 MB upload took ~29 ms of gather and about as
        // much again in copies, against 9 MB of memcpy here.
        gpu::GetRowsParams gp;
        gp.K = LP;
        gp.rows = T;
        gp.rowBytes = uint32_t(m_pleRowStride);
        gp.wOffset = 0;
        gp.wRows = T;
        gp.idsOffset = uint32_t(m_maxChunk);
        gp.yOffset = ar.z;
        gp.yStride = LP;
        gp.scale = float(std::sqrt(double(P)));
        built.pleUpload = batch.uploadCount();
        batch.upload(*m_pleRows, 0, std::move(uploads.pleRows));
        if (!gpu::recordGetRows(batch, *m_pleGetRows, gp, error)) return false;
        if (!recordLinear(batch, m_pleProj, T, ar.x, H, ar.ple, LP, 0, 0, 0, error)) return false;
        if (!elementwise(gpu::ElementwiseMode::Scale, LP, T, ar.ple, ar.ple, ar.ple,
                         float(1.0 / std::sqrt(double(c.hidden))))) {
            return false;
        }
        gpu::RmsNormParams rn;
        rn.n = P;
        rn.rows = T * L;
        rn.xOffset = ar.ple;
        rn.xStride = P;
        rn.yOffset = ar.ple;
        rn.yStride = P;
        rn.wOffset = m_pleProjNorm;
        rn.weighted = 1;
        rn.eps = c.rmsEps;
        if (!gpu::recordRmsNorm(batch, *m_rmsNorm, rn, error)) return false;
        if (!elementwise(gpu::ElementwiseMode::AddScale, LP, T, ar.ple, ar.z, ar.ple,
                         float(1.0 / std::sqrt(2.0)))) {
            return false;
        }
    }

    // attn_norm of layer 0; later layers get theirs from the previous layer's last residual.
    {
        gpu::RmsNormParams rn;
        rn.n = H;
        rn.rows = T;
        rn.xOffset = ar.x;
        rn.xStride = H;
        rn.yOffset = ar.a;
        rn.yStride = H;
        rn.wOffset = m_layers[0].attnNorm;
        rn.eps = c.rmsEps;
        if (!gpu::recordRmsNorm(batch, *m_rmsNorm, rn, error)) return false;
    }
    // The residual stream lives in slot xCur. Each block's output (b) is added to it through
    // its post-norm, and the next projection takes rmsw(residual, its pre-norm) as input. That
    // add + norms is kept pending and folded into the next mat-vec's prologue
    // (MatInputMode::AddNorm: every workgroup forms the input itself, workgroup 0 writes the new
    // residual into the other slot), which saves a dispatch and its barrier per block. Where the
    // projection runs as a tiled matmul (prefill chunks), add_rmsnorm does it in place instead.
    uint32_t xCur = ar.x;
    uint32_t aNorm = m_layers[0].attnNorm;  // the norm `a` holds rmsw(x, .) of
    struct Pending {
        bool on = false;
        uint32_t n1 = 0;
        float scale = 1.0f;
    } pending;
    constexpr uint32_t kNone = gpu::MatVecParams::kNoSecondNorm;
    // add_rmsnorm in place: x = (x + rmsw(b, w1)) * scale, and a = rmsw(x, w2) when w2 != none.
    auto addNorm = [&](uint32_t w1, float scale, uint32_t w2, bool q8 = false) {
        gpu::AddRmsNormParams p;
        p.n = H;
        p.rows = T;
        p.xOffset = xCur;
        p.xStride = H;
        p.yOffset = ar.b;
        p.yStride = H;
        p.w1Offset = w1;
        p.scale = scale;
        p.normOut = w2 != kNone ? 1 : 0;
        p.w2Offset = w2 != kNone ? w2 : 0;
        p.outOffset = ar.a;
        p.outStride = H;
        p.eps = c.rmsEps;
        if (q8) {
            p.q8Out = 1;
            p.q8Offset = ar.xq;
            p.q8Stride = ar.xqStride;
        }
        return gpu::recordAddRmsNorm(batch, *m_addRmsNorm, p, error);
    };
    // Records `lin` on `cols` rows from `row` of the residual stream, after the pending add:
    // input rmsw(residual, n2), or the residual itself when n2 is none.
    auto project = [&](const Linear &lin, uint32_t n2, uint32_t cols, uint32_t row, uint32_t y,
                       uint32_t yStride, bool gegluQ8 = false) -> bool {
        const uint32_t off = row * H;
        if (pending.on && (gegluQ8 ? canFoldAddNormQ8(lin, cols) : canFoldAddNorm(lin, cols))) {
            const uint32_t other = xCur == ar.x ? ar.x2 : ar.x;
            // Rows from 0: the new residual goes to the other slot and becomes the stream. The
            // last row alone (the output head): only logits follow, so the residual is discarded
            // into the other slot's first row (x2 always has one).
            const bool whole = row == 0;
            AddNorm an;
            an.branch = ar.b + off;
            an.res = xCur + off;
            an.rOut = other;
            an.n1 = pending.n1;
            an.n2 = n2;
            an.scale = pending.scale;
            pending.on = false;
            aNorm = kNone;  // `a` was not written
            if (whole) xCur = other;
            return recordLinear(batch, lin, cols, 0, H, y, yStride, 0, 0, 0, error, &an, kNoQ8Input,
                                gegluQ8);
        }
        // The add_rmsnorm also writes the Q8A input of an integer-dot projection (saving the
        // quantize_q8 dispatch) when the projection reads all the rows it norms.
        const bool q8 = pending.on && n2 != kNone && row == 0 && cols == T && usesDot(lin, cols) &&
                        H % 32 == 0 && H <= gpu::AddRmsNormParams::kQ8MaxN;
        if (pending.on) {
            if (!addNorm(pending.n1, pending.scale, n2, q8)) return false;
            pending.on = false;
            aNorm = n2;
        } else if (n2 != kNone && n2 != aNorm) {
            return fail(error, QStringLiteral("internal error: projection without its norm"));
        }
        return recordLinear(batch, lin, cols, (n2 != kNone ? ar.a : xCur) + off, H, y, yStride, 0,
                            0, 0, error, nullptr, q8 ? ar.xq : kNoQ8Input, gegluQ8);
    };

    // Records a block's last projection `lin` into b; the residual add through the block's
    // post-norm n1 and `scale` stays pending for `project` (folded into the next projection as its
    // AddNorm input mode, or an add_rmsnorm dispatch). (A mat-vec epilogue doing that add in the
    // last workgroup was tried and removed: 163 against 177 tok/s on an H100.)
    auto produce = [&](const Linear &lin, uint32_t x, uint32_t xStride, uint32_t mode, uint32_t x2,
                       uint32_t x2Stride, uint32_t n1, float scale) -> bool {
        if (!recordLinear(batch, lin, T, x, xStride, ar.b, H, mode, x2, x2Stride, error))
            return false;
        pending = {true, n1, scale};
        return true;
    };

    for (uint32_t i = 0; i < L; ++i) {
        const Gemma4LayerConfig &l = c.layer(int(i));
        const Layer &y = m_layers[i];
        const Cache &cache = m_caches[size_t(y.cacheLayer)];
        const uint32_t qkvStride = uint32_t(y.qkv.outWidth);

        if (!project(y.qkv, y.attnNorm, T, 0, ar.qkv, qkvStride)) return false;
        // What the attention of this layer reads and writes, whichever kernels do it.
        const uint32_t kOffset = ar.qkv + uint32_t(y.qWidth);
        const uint32_t vOffset = kOffset + uint32_t(y.kvWidth);
        const uint32_t useFactors = (!l.isSliding() && c.hasRopeFreqs) ? 1 : 0;
        const uint32_t storeKv = l.sharesKv() ? 0 : 1;
        const uint32_t window = l.isSliding() ? uint32_t(c.slidingWindow) : 0;
        gpu::QkvPrepParams qp;
        qp.rows = T;
        qp.heads = uint32_t(c.heads);
        qp.kvHeads = uint32_t(l.kvHeads);
        qp.headDim = uint32_t(l.headDim);
        qp.ropeDims = uint32_t(l.ropeDims);
        qp.qOffset = ar.qkv;
        qp.qStride = qkvStride;
        qp.kOffset = kOffset;
        qp.kStride = qkvStride;
        qp.vOffset = vOffset;
        qp.vStride = qkvStride;
        qp.qNormOffset = y.qNorm;
        qp.kNormOffset = y.kNorm;
        qp.fOffset = m_ropeFreqs;
        qp.useFactors = useFactors;
        qp.base = l.ropeBase;
        qp.eps = c.rmsEps;
        qp.storeKv = storeKv;
        qp.cacheRows = cache.rows;
        qp.firstPos = pos0;
        if (!gpu::recordQkvPrep(batch, *m_qkvPrep[i], qp, error)) return false;

        gpu::AttentionParams ap;
        ap.queries = T;
        ap.heads = uint32_t(c.heads);
        ap.kvHeads = uint32_t(l.kvHeads);
        ap.headDim = uint32_t(l.headDim);
        ap.qOffset = ar.qkv;
        ap.qStride = qkvStride;
        ap.oOffset = ar.o;
        ap.oStride = uint32_t(y.qWidth);
        ap.cacheRows = cache.rows;
        ap.firstPos = pos0;
        ap.window = window;
        ap.scale = 1.0f;
        ap.scratchOffset = 0;
        if (!gpu::recordAttention(batch, *m_attention[i], ap, error)) return false;

        if (!produce(y.attnOut, ar.o, uint32_t(y.qWidth), 0, 0, 0, y.postAttnNorm, 1.0f))
            return false;

        const uint32_t F = uint32_t(l.ffnWidth);
        if (canFuseGegluQ8(y.gateUp, y.down, T)) {
            // gate|up writes h = geglu(gate, up) as the down's Q8A input (ar.xq2) directly.
            if (!project(y.gateUp, y.ffnNorm, T, 0, ar.xq2, ar.xqStride, true)) return false;
            if (!recordLinear(batch, y.down, T, ar.xq2, ar.xqStride, ar.b, H, 0, 0, 0, error,
                              nullptr, ar.xq2))
                return false;
            pending = {true, y.postFfwNorm, c.hasPle ? 1.0f : y.outputScale};
        } else {
            if (!project(y.gateUp, y.ffnNorm, T, 0, ar.gu, 2 * F)) return false;
            if (!produce(y.down, ar.gu, 2 * F, uint32_t(gpu::MatInputMode::Geglu), ar.gu + F, 2 * F,
                         y.postFfwNorm, c.hasPle ? 1.0f : y.outputScale))
                return false;
        }
        if (!c.hasPle) continue;
        if (!project(y.inpGate, kNone, T, 0, ar.g, P)) return false;
        if (!produce(y.proj, ar.g, P, uint32_t(gpu::MatInputMode::Geglu), ar.ple + i * P, LP,
                     y.postNorm, y.outputScale))
            return false;
    }

    // Logits: the output head on output_norm(x) after the last layer's pending add.
    QByteArray &readBytes = built.readBytes;
    Read &read = built.read;
    uint32_t &k = built.k;
    if (which == Logits::All) {
        if (!project(m_output, m_outputNorm, T, 0, ar.logits, V)) return false;
        batch.readBack(*m_act, qint64(ar.logits) * 4, qint64(T) * V * 4, &readBytes);
        read = Read::All;
    } else if (last) {
        if (!project(m_output, m_outputNorm, 1, T - 1, ar.logits, V)) return false;
        if (candidates == 1) {
            if (!m_argmax->record(batch, V, ar.logits, error)) return false;
            batch.readBack(m_argmax->result(), 0, 8, &readBytes);
            read = Read::Argmax;
        } else if (candidates > 1 && uint32_t(candidates) < V &&
                   uint32_t(candidates) <= gpu::TopK::kMaxK) {
            k = uint32_t(candidates);
            if (!m_topk->record(batch, V, ar.logits, k, error)) return false;
            batch.readBack(m_topk->result(), 0, gpu::TopK::resultBytes(k), &readBytes);
            read = Read::TopK;
        } else {
            batch.readBack(*m_act, qint64(ar.logits) * 4, qint64(V) * 4, &readBytes);
            read = Read::Full;
        }
    }
    built.dotMatVecs = m_lastDotMatVecs - dot0;
    m_lastDotMatVecs = dot0;
    return true;
}

bool GpuModel::runChunk(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                        Logits which, int candidates, generate::StepResult *last,
                        std::vector<float> *all, QString *error) {
    const Gemma4Config &c = m_config;
    const uint32_t T = uint32_t(tokens.size());
    const uint32_t V = uint32_t(c.vocabSize);
    QElapsedTimer buildTimer;
    buildTimer.start();
    // A decode step the previous step recorded while it ran (see below) has everything but the
    // token: fill in its id (or embedding row) and PLE rows. Otherwise record the chunk now.
    Built &spec = m_built[m_spec];
    const bool decodeStep = T == 1 && soft.empty() && last && which == Logits::Last && !all;
    int use = m_spec ^ 1;
    if (decodeStep && spec.speculative && spec.position == m_position &&
        spec.candidates == candidates && spec.policy == m_ctx->matVecSplitPolicy()) {
        TokenUploads u = tokenUploads(tokens, {});
        bool ok = spec.idsUpload >= 0
                      ? spec.batch.replaceUpload(spec.idsUpload, std::move(u.ids))
                      : spec.batch.replaceUpload(spec.embUpload, std::move(u.embRows));
        if (ok && spec.pleUpload >= 0)
            ok = spec.batch.replaceUpload(spec.pleUpload, std::move(u.pleRows));
        if (ok) {
            use = m_spec;
            ++m_stats.recordedAhead;
        }
    }
    spec.speculative = false;
    Built &b = m_built[use];
    if (use != m_spec &&
        !buildChunk(tokens, soft, which, candidates, last != nullptr, m_position, b, error)) {
        b.batch.clear();
        return false;
    }
    const int dispatches = b.batch.dispatchCount();
    m_stats.hostBuildMs += double(buildTimer.nsecsElapsed()) / 1e6;

    // While the GPU runs this step, the next decode step (one token at the next position, same
    // candidates) is recorded into the other batch: a step's recording depends on its position,
    // not on its token, and takes ~0.1 ms on the host that would otherwise sit between two
    // steps on the GPU. A binding that does not exist yet, or any recording error, just leaves
    // no speculative batch.
    const int other = use ^ 1;
    const int64_t nextPosition = m_position + T;
    const bool speculate = m_overlapBuild && decodeStep && nextPosition < m_contextLength;
    const auto recordNext = [&] {
        Built &n = m_built[other];
        const uint32_t chunk0 = m_chunkTokens;
        const double gather0 = m_stats.hostGatherMs;
        m_speculating = true;
        const int32_t placeholder = 0;
        QString ignored;
        const bool ok = buildChunk(std::span<const int32_t>(&placeholder, 1), {}, Logits::Last,
                                   candidates, true, nextPosition, n, &ignored);
        m_speculating = false;
        m_chunkTokens = chunk0;
        m_stats.hostGatherMs = gather0;
        n.speculative = ok;
        n.position = nextPosition;
        n.candidates = candidates;
        n.policy = m_ctx->matVecSplitPolicy();
        if (!ok) n.batch.clear();
    };
    const bool submitted =
        speculate ? m_ctx->submit(b.batch, error, recordNext) : m_ctx->submit(b.batch, error);
    if (speculate) m_spec = other;
    if (!submitted) {
        m_built[other].speculative = false;
        return false;
    }
    m_lastDispatches += dispatches;
    m_lastDotMatVecs += b.dotMatVecs;
    m_stats.dispatches += dispatches;
    ++m_stats.submits;
    const QByteArray &readBytes = b.readBytes;
    const Read read = b.read;

    const float cap = c.finalLogitSoftcap;
    switch (read) {
        case Read::None:
            break;
        case Read::All: {
            const size_t count = size_t(T) * V;
            const size_t at = all->size();
            all->resize(at + count);
            std::memcpy(all->data() + at, readBytes.constData(), count * 4);
            for (size_t j = at; j < all->size(); ++j)
                (*all)[j] = ref::softcap((*all)[j], cap);
            if (last) {
                last->logits.assign(all->end() - V, all->end());
            }
            break;
        }
        case Read::Full:
            last->logits.resize(V);
            std::memcpy(last->logits.data(), readBytes.constData(), size_t(V) * 4);
            for (float &v : last->logits)
                v = ref::softcap(v, cap);
            break;
        case Read::Argmax: {
            const gpu::Argmax::Result r = gpu::Argmax::decode(readBytes);
            if (r.index >= V)
                return fail(error, QStringLiteral("the model produced no usable logits (all NaN)"));
            last->candidateIds = {int32_t(r.index)};
            last->candidateLogits = {ref::softcap(r.value, cap)};
            break;
        }
        case Read::TopK: {
            for (const gpu::TopK::Entry &e : gpu::TopK::decode(readBytes)) {
                if (e.index >= V) continue;
                last->candidateIds.push_back(int32_t(e.index));
                last->candidateLogits.push_back(ref::softcap(e.value, cap));
            }
            if (last->candidateIds.empty()) {
                return fail(error, QStringLiteral("the model produced no usable logits (all NaN)"));
            }
            break;
        }
    }
    return true;
}

// ---- KV state files ---------------------------------------------------------------------------

namespace {
constexpr char kStateMagic[8] = {'F', 'A', 'C', 'E', 'T', 'K', 'V', '1'};
}

bool GpuModel::rewind(int64_t position) {
    if (position < 0 || position > m_position) return false;
    m_built[m_spec].speculative = false;
    for (const Cache &cache : m_caches) {
        // Slot p % rows holds position p. Positions position … m_position − 1 overwrote the slots
        // of p − rows; the next query (at `position`) of a sliding layer needs the keys after
        // position − window, which are intact while m_position − 1 − rows < position − window + 1.
        // A full cache (rows ≥ every position written) never wrapped.
        if (m_position <= int64_t(cache.rows)) continue;
        const int64_t window = int64_t(cache.rows) - m_maxChunk;
        if (m_position - 1 - int64_t(cache.rows) >= position - window + 1) return false;
    }
    m_position = position;
    return true;
}

bool GpuModel::saveState(const QString &path, QString *error) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return fail(error, QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    }
    QDataStream out(&file);
    out.setByteOrder(QDataStream::LittleEndian);
    out.writeRawData(kStateMagic, 8);
    out << quint32(1);
    out.writeRawData(m_fingerprint.constData(), int(m_fingerprint.size()));
    out << qint64(m_position) << quint32(m_caches.size());
    for (const Cache &cache : m_caches) {
        // The rows the sequence still needs, oldest first.
        const int64_t count = std::min<int64_t>(m_position, cache.rows);
        out << quint32(cache.width) << qint64(count);
        for (const gpu::Buffer *buf : {cache.k.get(), cache.v.get()}) {
            // Slots 0 .. count − 1 hold the rows (the whole ring once it has wrapped).
            std::vector<float> all(size_t(count) * size_t(cache.width));
            if (count > 0 && !m_ctx->readBack(*buf, 0, qint64(all.size()) * 4, all.data(), error)) {
                return false;
            }
            for (int64_t p = m_position - count; p < m_position; ++p) {
                const size_t slot = size_t(p % cache.rows);
                out.writeRawData(
                    reinterpret_cast<const char *>(all.data() + slot * size_t(cache.width)),
                    cache.width * 4);
            }
        }
    }
    if (out.status() != QDataStream::Ok || !file.commit()) {
        return fail(error, QStringLiteral("could not write %1: %2 (is the disk full?)")
                               .arg(path, file.errorString()));
    }
    return true;
}

bool GpuModel::restoreState(const QString &path, QString *error) {
    m_built[m_spec].speculative = false;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return fail(error, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    }
    QDataStream in(&file);
    in.setByteOrder(QDataStream::LittleEndian);
    auto bad = [&](const QString &why) {
        return fail(error,
                    QStringLiteral("%1 is not a usable conversation state: %2").arg(path, why));
    };
    char magic[8] = {};
    quint32 version = 0;
    if (in.readRawData(magic, 8) != 8 || std::memcmp(magic, kStateMagic, 8) != 0) {
        return bad(QStringLiteral("not a Facet KV state file"));
    }
    in >> version;
    if (version != 1) return bad(QStringLiteral("written by another version of Facet"));
    QByteArray fp(m_fingerprint.size(), '\0');
    if (in.readRawData(fp.data(), int(fp.size())) != fp.size())
        return bad(QStringLiteral("truncated"));
    if (fp != m_fingerprint) {
        return fail(error,
                    QStringLiteral("%1 belongs to another model file; it cannot be used with "
                                   "this one (the conversation will be recomputed)")
                        .arg(path));
    }
    qint64 position = 0;
    quint32 caches = 0;
    in >> position >> caches;
    if (in.status() != QDataStream::Ok) return bad(QStringLiteral("truncated"));
    if (position < 0 || position > m_contextLength) {
        return fail(error,
                    QStringLiteral("%1 holds %2 tokens, more than the current context of %3; "
                                   "choose a longer context length")
                        .arg(path)
                        .arg(position)
                        .arg(m_contextLength));
    }
    if (caches != m_caches.size()) return bad(QStringLiteral("layer count differs"));
    // Read and check everything before touching the GPU state.
    std::vector<std::vector<float>> k(m_caches.size()), v(m_caches.size());
    std::vector<int64_t> counts(m_caches.size());
    for (size_t i = 0; i < m_caches.size(); ++i) {
        const Cache &cache = m_caches[i];
        quint32 width = 0;
        qint64 count = 0;
        in >> width >> count;
        if (in.status() != QDataStream::Ok) return bad(QStringLiteral("truncated"));
        if (int(width) != cache.width || count < 0 || count > position) {
            return bad(QStringLiteral("layer %1 does not match this model").arg(i));
        }
        // Positions this session needs from the file: all of them for a full cache, the window
        // for a ring.
        if (count < std::min<int64_t>(position, cache.rows)) {
            return bad(QStringLiteral("layer %1 holds too few positions").arg(i));
        }
        counts[i] = count;
        for (auto *dst : {&k[i], &v[i]}) {
            dst->resize(size_t(count) * width);
            const qint64 bytes = qint64(dst->size()) * 4;
            if (bytes > 0 &&
                in.readRawData(reinterpret_cast<char *>(dst->data()), int(bytes)) != bytes) {
                return bad(QStringLiteral("truncated"));
            }
        }
    }
    // Each cache as an image of its slots (position p in slot p % rows), uploaded at once.
    for (size_t i = 0; i < m_caches.size(); ++i) {
        const Cache &cache = m_caches[i];
        const int64_t count = counts[i];
        const int64_t keep = std::min<int64_t>(count, cache.rows);
        if (keep == 0) continue;
        const size_t w = size_t(cache.width);
        const int64_t usedSlots = std::min<int64_t>(position, cache.rows);
        for (int which = 0; which < 2; ++which) {
            const std::vector<float> &src = which == 0 ? k[i] : v[i];
            std::vector<float> image(size_t(usedSlots) * w, 0.0f);
            for (int64_t j = count - keep; j < count; ++j) {
                const int64_t p = position - count + j;
                std::copy_n(src.begin() + ptrdiff_t(size_t(j) * w), w,
                            image.begin() + ptrdiff_t(size_t(p % cache.rows) * w));
            }
            if (!m_ctx->upload(which == 0 ? *cache.k : *cache.v, 0, image.data(),
                               qint64(image.size()) * 4, error)) {
                return false;
            }
        }
    }
    m_position = position;
    return true;
}

}  // namespace facet::model
