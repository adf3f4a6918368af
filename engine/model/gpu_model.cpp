// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/gpu_model.h"

#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "gpu/compute_batch.h"
#include "gpu/fused_ops.h"
#include "gpu/gpu_context.h"
#include "gpu/ops.h"
#include "model/kv_cache.h"
#include "model/reference_ops.h"
#include "model/text_ops.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QSemaphore>
#include <QThreadPool>

#if defined(Q_OS_UNIX)
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

namespace facet::model {

namespace {

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

// Runs fn(begin, end) over [0, rows) in up to 8 disjoint ranges of at least `minRows` rows, on
// Qt's global thread pool and the calling thread (fewer rows run on the calling thread alone).
// The ranges are disjoint, so fn may write its own rows without locking.
template <typename Fn>
void forRowRanges(size_t rows, size_t minRows, const Fn &fn) {
    QThreadPool *pool = QThreadPool::globalInstance();
    const size_t ranges =
        std::min<size_t>({rows / minRows, 8, size_t(std::max(1, pool->maxThreadCount()))});
    if (ranges <= 1) {
        fn(size_t(0), rows);
        return;
    }
    const size_t per = (rows + ranges - 1) / ranges;
    QSemaphore done;
    for (size_t r = 1; r < ranges; ++r) {
        pool->start([&fn, &done, r, per, rows] {
            fn(std::min(rows, r * per), std::min(rows, (r + 1) * per));
            done.release();
        });
    }
    fn(size_t(0), std::min(rows, per));
    done.acquire(int(ranges - 1));
}

}  // namespace

QByteArray gatherRawRows(const WeightMatrix &m, std::span<const int32_t> ids, qint64 stride) {
    QByteArray out(qsizetype(ids.size()) * stride, Qt::Uninitialized);
    char *dst = out.data();
    // Rows of a prefill chunk are scattered over the memory map (page faults on first touch).
    forRowRanges(ids.size(), 32, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            char *row = dst + qint64(i) * stride;
            if (ids[i] < 0 || ids[i] >= m.N) {
                std::memset(row, 0, size_t(stride));  // zero blocks decode to zero rows
                continue;
            }
            std::memcpy(row, m.info->data + qint64(ids[i]) * m.rowBytes, size_t(m.rowBytes));
            std::memset(row + m.rowBytes, 0, size_t(stride - m.rowBytes));
        }
    });
    return out;
}

std::vector<float> gatherWeightRows(const WeightMatrix &m, std::span<const int32_t> ids,
                                    float scale, int64_t width) {
    std::vector<float> out(ids.size() * size_t(width), 0.0f);
    // A prefill chunk gathers hundreds of rows.
    forRowRanges(ids.size(), 16, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            if (ids[i] < 0 || ids[i] >= m.N) continue;  // soft-token rows stay zero
            float *row = out.data() + i * size_t(width);
            gguf::dequantizeRow(m.type, m.info->data + qint64(ids[i]) * m.rowBytes, row, width);
            for (int64_t k = 0; k < width; ++k)
                row[k] = row[k] * scale;
        }
    });
    return out;
}

// ---- loading ------------------------------------------------------------------------------------

GpuModel::~GpuModel() = default;

std::unique_ptr<GpuModel> GpuModel::load(gpu::GpuContext &ctx, const gguf::File &file,
                                         const GpuModelOptions &options, QString *error,
                                         const ProgressFn &progress) {
    std::optional<GpuPlan> plan = planGpuModel(file, options, GpuDeviceLimits::of(ctx), error);
    if (!plan) return nullptr;
    std::unique_ptr<GpuModel> m(new GpuModel());
    m->m_ctx = &ctx;
    m->m_file = &file;
    m->m_plan = std::move(*plan);
    if (!m->allocate(file, error, progress)) return nullptr;
    return m;
}

bool GpuModel::allocate(const gguf::File &file, QString *error, const ProgressFn &progress) {
    gpu::GpuContext &ctx = *m_ctx;
    const GpuPlan &plan = m_plan;
    const uint64_t T = uint64_t(plan.maxChunk);
    auto allocFail = [&](const QString &what, qint64 bytes, const QString &why) {
        return fail(error, QStringLiteral("could not allocate %1 (%2) on the GPU: %3. The model "
                                          "needs %4; close other GPU programs, choose a shorter "
                                          "context or a smaller model")
                               .arg(what, memoryText(bytes), why,
                                    plan.memory.describe(plan.contextLength)));
    };
    QString why;
    for (size_t i = 0; i < plan.bufferSizes.size(); ++i) {
        auto b =
            ctx.createBuffer(gpu::BufferKind::Weights, std::max<qint64>(plan.bufferSizes[i], 16),
                             QStringLiteral("weights %1").arg(i), &why);
        if (!b) return allocFail(QStringLiteral("weights"), plan.bufferSizes[i], why);
        m_weights.push_back(std::move(b));
    }
    m_norms = ctx.createBuffer(gpu::BufferKind::Weights, qint64(plan.norms.size()) * 4 + 16,
                               QStringLiteral("norms"), &why);
    if (!m_norms)
        return allocFail(QStringLiteral("norm weights"), qint64(plan.norms.size()) * 4, why);
    m_act = ctx.createBuffer(gpu::BufferKind::Storage, qint64(plan.act.total) * 4,
                             QStringLiteral("activations"), &why);
    if (!m_act) return allocFail(QStringLiteral("activations"), qint64(plan.act.total) * 4, why);
    // Token ids of a chunk in [0, T), the row indices 0..T-1 of the PLE rows buffer in [T, 2T).
    m_ids = ctx.createBuffer(gpu::BufferKind::Storage, qint64(T) * 8, QStringLiteral("token ids"),
                             &why);
    m_scratch = ctx.createBuffer(gpu::BufferKind::Storage, qint64(plan.attentionScratchFloats) * 4,
                                 QStringLiteral("attention scratch"), &why);
    if (!m_ids || !m_scratch)
        return allocFail(QStringLiteral("scratch"), qint64(plan.attentionScratchFloats) * 4, why);
    {
        std::vector<uint32_t> rowIndex(T);
        std::iota(rowIndex.begin(), rowIndex.end(), 0u);
        if (!ctx.upload(*m_ids, qint64(T) * 4, rowIndex.data(), qint64(T) * 4, error)) return false;
    }
    if (plan.stagingUvec4s > 0) {
        const qint64 bytes = qint64(plan.stagingUvec4s) * 16;
        m_staging = ctx.createBuffer(gpu::BufferKind::Storage, bytes,
                                     QStringLiteral("matmul staging"), &why);
        if (!m_staging) return allocFail(QStringLiteral("the matmul staging buffer"), bytes, why);
    }
    const qint64 pleRowsBytes = std::max<qint64>(16, qint64(T) * plan.pleRowStride);
    m_pleRows =
        ctx.createBuffer(gpu::BufferKind::Storage, pleRowsBytes, QStringLiteral("PLE rows"), &why);
    if (!m_pleRows) return allocFail(QStringLiteral("PLE rows"), pleRowsBytes, why);
    m_kv = KvCache::create(ctx, plan.caches, plan.maxChunk, plan.options.kvCacheF16, &why);
    if (!m_kv) return allocFail(QStringLiteral("the KV cache"), plan.memory.kvCacheBytes, why);

    // Upload: one frame and ONE upload per weight buffer. Qt's Vulkan backend allocates (and, for
    // an immutable buffer, frees again) a host staging buffer as large as the destination for
    // every single upload, so the buffer's contents are assembled on the host first (at most
    // 256 MiB).
    if (!ctx.upload(*m_norms, 0, plan.norms.data(), qint64(plan.norms.size()) * 4, error))
        return false;
    const qint64 total = plan.memory.weightBytes;
    qint64 done = 0;
    if (progress && !progress(0, total)) return fail(error, QStringLiteral("cancelled"));
    for (size_t b = 0; b < m_weights.size(); ++b) {
        QByteArray contents(qsizetype(plan.bufferSizes[b]), '\0');
        std::vector<const GpuPlan::Upload *> jobs;
        for (const GpuPlan::Upload &u : plan.uploads) {
            if (u.buffer != int(b)) continue;
            std::memcpy(contents.data() + u.offset, u.src, size_t(u.bytes));
            jobs.push_back(&u);
        }
        gpu::ComputeBatch batch;
        batch.upload(*m_weights[b], 0, std::move(contents));
        if (!ctx.submit(batch, error)) return false;
        // Only for a file mapping: on memory the File owns (fromBytes), MADV_DONTNEED would zero
        // the pages.
        for (const GpuPlan::Upload *u : jobs) {
            if (!file.path().isEmpty()) releaseMappedPages(u->src, u->bytes);
            done += u->bytes;
        }
        if (progress && !progress(done, total)) return fail(error, QStringLiteral("cancelled"));
    }

    TextBuffers &buffers = m_textBuffers;
    for (const auto &w : m_weights)
        buffers.weights.push_back(w.get());
    buffers.norms = m_norms.get();
    buffers.act = m_act.get();
    buffers.ids = m_ids.get();
    buffers.scratch = m_scratch.get();
    buffers.pleRows = m_pleRows.get();
    buffers.staging = m_staging.get();
    buffers.kv = m_kv.get();
    m_ops = TextOps::create(ctx, m_plan, buffers, error);
    if (!m_ops) return false;
    m_baseFingerprint = modelFingerprint(file);
    m_fingerprint = m_baseFingerprint;
    return true;
}

// ---- adapters -----------------------------------------------------------------------------------

void GpuModel::dropAdapter() {
    for (LayerWeights &y : m_plan.weights.layers) {
        for (Linear *lin : {&y.qkv, &y.attnOut, &y.gateUp, &y.down, &y.inpGate, &y.proj})
            lin->adapter = nullptr;
    }
    m_adapters.clear();
    m_adapterBuffer.reset();
    m_textBuffers.weights.resize(m_weights.size());
    m_fingerprint = m_baseFingerprint;
}

bool GpuModel::setAdapter(const LoraAdapter *adapter, float strength, QString *error) {
    const Gemma4Config &c = m_plan.config;
    const bool on = adapter && strength != 0.0f;
    if (on) {
        if (!std::isfinite(strength))
            return fail(error, QStringLiteral("the adapter strength must be a number"));
        const int rank = adapter->config().rank;
        if (rank > kMaxAdapterRank || rank % 4 != 0) {
            return fail(error, QStringLiteral("adapters of rank %1 cannot run on the GPU: the rank "
                                              "must be a multiple of 4 up to %2")
                                   .arg(rank)
                                   .arg(kMaxAdapterRank));
        }
        if (adapter->layerCount() != c.layerCount) {
            return fail(error, QStringLiteral("the adapter has %1 layers, the model %2: it was "
                                              "made for another model")
                                   .arg(adapter->layerCount())
                                   .arg(c.layerCount));
        }
        for (int i = 0; i < c.layerCount; ++i) {
            for (int t = 0; t < kLoraTargetCount; ++t) {
                const LoraMatrix *m = adapter->find(i, LoraTarget(t));
                if (!m) continue;
                const std::optional<LoraShape> shape = loraShape(c, i, LoraTarget(t));
                if (!shape || shape->in != m->in || shape->out != m->out) {
                    return fail(error, QStringLiteral("the adapter's %1 of layer %2 does not fit "
                                                      "this model: it was made for another model")
                                           .arg(QString::fromLatin1(
                                               loraTargetName(LoraTarget(t)).data(),
                                               qsizetype(loraTargetName(LoraTarget(t)).size())))
                                           .arg(i));
                }
            }
        }
    }

    // Whatever was recorded binds the current ops and buffers: drop it first.
    for (Built &b : m_built) {
        b.batch.clear();
        b.speculative = false;
        b.ahead = false;
    }
    m_ops.reset();
    dropAdapter();
    reset();

    QString why;
    const auto rebuild = [&]() {
        m_ops = TextOps::create(*m_ctx, m_plan, m_textBuffers, &why);
        return m_ops != nullptr;
    };
    if (!on) {
        if (!rebuild()) return fail(error, why);
        return true;
    }

    // The factors as F32 weight matrices in one buffer: A as it is ([rank][in]), B scaled by
    // strength·scale ([out][rank]); each matrix 256-byte aligned.
    const int rank = adapter->config().rank;
    const float scale = strength * adapter->config().scale();
    QByteArray host;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(m_baseFingerprint);
    const auto place = [&](const std::vector<float> &values, float factor) {
        const qsizetype at = (host.size() + 255) / 256 * 256;
        host.resize(at + qsizetype(values.size() * 4), '\0');
        float *dst = reinterpret_cast<float *>(host.data() + at);
        for (size_t k = 0; k < values.size(); ++k)
            dst[k] = values[k] * factor;
        return qint64(at);
    };
    const int bufferIndex = int(m_weights.size());
    const auto matrix = [&](int64_t K, int64_t N, qint64 offset) {
        Linear lin;
        WeightMatrix w;
        w.type = gguf::TensorType::F32;
        w.K = K;
        w.N = N;
        w.rowBytes = K * 4;
        w.parts.push_back(WeightPart{bufferIndex, offset, 0, N});
        lin.pieces.emplace_back(std::move(w), 0);
        lin.outWidth = N;
        return lin;
    };
    for (int i = 0; i < c.layerCount; ++i) {
        LayerWeights &y = m_plan.weights.layers[size_t(i)];
        const auto attach = [&](Linear &lin,
                                std::initializer_list<std::pair<LoraTarget, int64_t>> targets) {
            auto la = std::make_unique<LinearAdapter>();
            for (const auto &[t, column] : targets) {
                const LoraMatrix *m = adapter->find(i, t);
                if (!m) continue;
                const qint64 aAt = place(m->a, 1.0f);
                const qint64 bAt = place(m->b, scale);
                la->parts.push_back({matrix(m->in, rank, aAt), matrix(rank, m->out, bAt), column});
            }
            if (la->parts.empty()) return;
            lin.adapter = la.get();
            m_adapters.push_back(std::move(la));
        };
        const int64_t F = y.gateUp.outWidth / 2;
        attach(y.qkv, {{LoraTarget::AttnQ, 0},
                       {LoraTarget::AttnK, y.qWidth},
                       {LoraTarget::AttnV, int64_t(y.qWidth) + y.kvWidth}});
        attach(y.attnOut, {{LoraTarget::AttnOutput, 0}});
        attach(y.gateUp, {{LoraTarget::FfnGate, 0}, {LoraTarget::FfnUp, F}});
        attach(y.down, {{LoraTarget::FfnDown, 0}});
        if (c.hasPle) {
            attach(y.inpGate, {{LoraTarget::InpGate, 0}});
            attach(y.proj, {{LoraTarget::Proj, 0}});
        }
    }
    hash.addData(host);
    hash.addData(QByteArray::number(double(strength), 'g', 9));
    const auto detach = [&](const QString &message) {
        dropAdapter();
        QString ignored;
        m_ops = TextOps::create(*m_ctx, m_plan, m_textBuffers, &ignored);
        return fail(error, message);
    };
    if (m_adapters.empty()) return detach(QStringLiteral("the adapter has no factors"));
    const qint64 range = m_ctx->info().maxStorageBufferRange > 0
                             ? m_ctx->info().maxStorageBufferRange
                             : qint64(UINT32_MAX);
    if (host.size() > range) {
        return detach(QStringLiteral("the adapter needs %1 on the GPU in one buffer, more than "
                                     "this GPU binds (%2); use a lower rank")
                          .arg(memoryText(host.size()), memoryText(range)));
    }
    m_adapterBuffer =
        m_ctx->createBuffer(gpu::BufferKind::Weights, host.size(), QStringLiteral("adapter"), &why);
    if (!m_adapterBuffer) {
        return detach(QStringLiteral("could not allocate the adapter (%1) on the GPU: %2")
                          .arg(memoryText(host.size()), why));
    }
    gpu::ComputeBatch upload;
    upload.upload(*m_adapterBuffer, 0, std::move(host));
    if (!m_ctx->submit(upload, &why)) return detach(why);
    m_textBuffers.weights.push_back(m_adapterBuffer.get());
    if (!rebuild()) return detach(why);
    m_fingerprint = m_baseFingerprint + hash.result().toHex().left(16);
    return true;
}

// ---- the sequence -------------------------------------------------------------------------------

void GpuModel::reset() {
    m_position = 0;
    m_built[m_spec].speculative = false;
    m_built[m_spec].ahead = false;
}

bool GpuModel::rewind(int64_t position) {
    if (!m_kv->canRewind(m_position, position)) return false;
    m_built[m_spec].speculative = false;
    m_built[m_spec].ahead = false;
    m_position = position;
    return true;
}

generate::StepResult GpuModel::forward(std::span<const int32_t> tokens,
                                       std::span<const SoftEmbedding> soft, Logits which,
                                       int candidates, std::vector<float> *all, QString *error) {
    generate::StepResult result;
    const Gemma4Config &c = m_plan.config;
    if (tokens.empty()) return result;
    if (!validateForwardInputs(c, tokens, soft, error)) return result;
    const int64_t n = int64_t(tokens.size());
    if (m_position + n > m_plan.contextLength) {
        fail(error, QStringLiteral("%1 more tokens do not fit in the context: it holds %2 tokens "
                                   "and %3 are in use. Start a new conversation or choose a longer "
                                   "context length")
                        .arg(n)
                        .arg(m_plan.contextLength)
                        .arg(m_position));
        return result;
    }

    const int64_t chunk = which == Logits::All
                              ? std::min<int64_t>(m_plan.maxChunk, m_plan.logitRows)
                              : int64_t(m_plan.maxChunk);
    const int64_t start = m_position;
    if (all) all->clear();
    m_lastDispatches = 0;
    m_lastDotMatVecs = 0;
    // The soft embeddings of the chunk at `first`, indexed within it.
    const auto softOf = [&](int64_t first, int64_t len) {
        std::vector<SoftEmbedding> chunkSoft;
        for (const SoftEmbedding &s : soft) {
            if (s.index >= first && s.index < first + len) {
                chunkSoft.push_back(s);
                chunkSoft.back().index = int(s.index - first);
            }
        }
        return chunkSoft;
    };
    std::vector<SoftEmbedding> chunkSoft = softOf(0, std::min(chunk, n));
    for (int64_t first = 0; first < n; first += chunk) {
        const int64_t len = std::min(chunk, n - first);
        const bool lastChunk = first + len == n;
        // The next chunk, recorded while the GPU runs this one.
        NextChunk next;
        std::vector<SoftEmbedding> nextSoft;
        if (!lastChunk) {
            const int64_t nextLen = std::min(chunk, n - first - len);
            nextSoft = softOf(first + len, nextLen);
            next.tokens = tokens.subspan(size_t(first + len), size_t(nextLen));
            next.soft = nextSoft;
            next.which = which;
            next.last = first + len + nextLen == n;
            next.candidates = next.last ? candidates : -1;
        }
        if (!runChunk(tokens.subspan(size_t(first), size_t(len)), chunkSoft, which,
                      lastChunk ? candidates : -1, lastChunk ? &result : nullptr, all, error,
                      lastChunk ? nullptr : &next)) {
            m_position = start;
            if (all) all->clear();
            m_built[m_spec].ahead = false;
            return generate::StepResult();
        }
        chunkSoft = std::move(nextSoft);
        m_position += len;
    }
    return result;
}

TokenUploads GpuModel::tokenUploads(std::span<const int32_t> tokens,
                                    std::span<const SoftEmbedding> soft) {
    QElapsedTimer timer;
    timer.start();
    const TextWeights &w = m_plan.weights;
    // Soft positions: an id past the table, which get_rows turns into a zero row, and PLE row 0
    // (the reference's pad).
    std::vector<int32_t> ids(tokens.begin(), tokens.end());
    std::vector<int32_t> pleIds = ids;
    for (const SoftEmbedding &s : soft) {
        ids[size_t(s.index)] = -1;
        pleIds[size_t(s.index)] = 0;
    }
    TokenUploads u;
    if (w.tokenEmbd.parts.size() == 1) {
        u.ids = QByteArray(reinterpret_cast<const char *>(ids.data()), qsizetype(ids.size()) * 4);
    } else {
        // A table split over several buffers: its rows gathered on the host.
        const std::vector<float> rows = gatherWeightRows(
            w.tokenEmbd, ids, float(std::sqrt(double(m_plan.config.hidden))), m_plan.config.hidden);
        u.embRows =
            QByteArray(reinterpret_cast<const char *>(rows.data()), qsizetype(rows.size() * 4));
    }
    if (m_plan.config.hasPle) u.pleRows = gatherRawRows(w.pleTable, pleIds, m_plan.pleRowStride);
    m_stats.hostGatherMs += double(timer.nsecsElapsed()) / 1e6;
    return u;
}

bool GpuModel::buildChunk(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                          Logits which, int candidates, bool last, int64_t position,
                          bool speculative, Built &built, QString *error) {
    const uint32_t T = uint32_t(tokens.size());
    const uint32_t V = uint32_t(m_plan.config.vocabSize);
    const uint32_t H = uint32_t(m_plan.config.hidden);
    built.batch.clear();
    built.readBytes.clear();
    built.read = Read::None;
    built.k = 0;
    built.dotMatVecs = 0;
    built.speculative = false;
    built.ahead = false;

    TextChunk chunk;
    chunk.uploads = tokenUploads(tokens, soft);
    if (!soft.empty()) {
        chunk.softValues.assign(size_t(T) * H, 0.0f);
        for (const SoftEmbedding &s : soft) {
            std::copy(s.values.begin(), s.values.end(),
                      chunk.softValues.begin() + ptrdiff_t(s.index) * H);
        }
    }
    chunk.head = which == Logits::All ? TextChunk::Head::AllRows
                 : last               ? TextChunk::Head::LastRow
                                      : TextChunk::Head::None;
    TextOps &op = *m_ops;
    op.begin(built.batch, T, position, speculative);
    TextChunkRecording rec;
    if (!recordTextDecoder(op, m_plan, std::move(chunk), &rec)) return fail(error, op.error());
    built.idsUpload = rec.embed.ids;
    built.embUpload = rec.embed.embRows;
    built.pleUpload = rec.pleUpload;

    // What to read back.
    gpu::ComputeBatch &batch = built.batch;
    gpu::Buffer &act = op.activations();
    const uint32_t logits = rec.logits.offset;
    if (which == Logits::All) {
        batch.readBack(act, qint64(logits) * 4, qint64(T) * V * 4, &built.readBytes);
        built.read = Read::All;
    } else if (last) {
        if (candidates == 1) {
            if (!op.argmax().record(batch, V, logits, error)) return false;
            batch.readBack(op.argmax().result(), 0, 8, &built.readBytes);
            built.read = Read::Argmax;
        } else if (candidates > 1 && uint32_t(candidates) < V &&
                   uint32_t(candidates) <= gpu::TopK::kMaxK) {
            built.k = uint32_t(candidates);
            if (!op.topk().record(batch, V, logits, built.k, error)) return false;
            batch.readBack(op.topk().result(), 0, gpu::TopK::resultBytes(built.k),
                           &built.readBytes);
            built.read = Read::TopK;
        } else {
            batch.readBack(act, qint64(logits) * 4, qint64(V) * 4, &built.readBytes);
            built.read = Read::Full;
        }
    }
    built.dotMatVecs = op.dotMatVecs();
    return true;
}

bool GpuModel::runChunk(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                        Logits which, int candidates, generate::StepResult *last,
                        std::vector<float> *all, QString *error, const NextChunk *next) {
    const uint32_t T = uint32_t(tokens.size());
    QElapsedTimer buildTimer;
    buildTimer.start();
    // A decode step the previous step recorded while it ran (see below) has everything but the
    // token: fill in its id (or embedding row) and PLE rows. Otherwise record the chunk now.
    Built &spec = m_built[m_spec];
    const bool decodeStep = T == 1 && soft.empty() && last && which == Logits::Last && !all;
    int use = m_spec ^ 1;
    if (spec.ahead && spec.position == m_position && spec.aheadTokens == tokens.data() &&
        spec.aheadCount == tokens.size() && spec.policy == m_ctx->matVecSplitPolicy()) {
        // A prefill chunk the previous chunk recorded while it ran.
        use = m_spec;
        ++m_stats.chunksAhead;
    } else if (decodeStep && spec.speculative && spec.position == m_position &&
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
    spec.ahead = false;
    Built &b = m_built[use];
    if (use != m_spec && !buildChunk(tokens, soft, which, candidates, last != nullptr, m_position,
                                     false, b, error)) {
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
    const bool speculate =
        m_plan.options.recordAhead && decodeStep && nextPosition < m_plan.contextLength;
    // Likewise the next chunk of a prefill: its host work (gathering the PLE rows, recording)
    // overlaps this chunk's GPU time instead of following it.
    const bool chunkAhead = m_plan.options.recordAhead && next && !speculate;
    const auto recordNextChunk = [&] {
        Built &n = m_built[other];
        QString ignored;
        const bool ok = buildChunk(next->tokens, next->soft, next->which, next->candidates,
                                   next->last, nextPosition, true, n, &ignored);
        n.ahead = ok;
        n.position = nextPosition;
        n.aheadTokens = next->tokens.data();
        n.aheadCount = next->tokens.size();
        n.policy = m_ctx->matVecSplitPolicy();
        if (!ok) n.batch.clear();
    };
    const auto recordNext = [&] {
        Built &n = m_built[other];
        const double gather0 = m_stats.hostGatherMs;
        const int32_t placeholder = 0;
        QString ignored;
        const bool ok = buildChunk(std::span<const int32_t>(&placeholder, 1), {}, Logits::Last,
                                   candidates, true, nextPosition, true, n, &ignored);
        m_stats.hostGatherMs = gather0;
        n.speculative = ok;
        n.position = nextPosition;
        n.candidates = candidates;
        n.policy = m_ctx->matVecSplitPolicy();
        if (!ok) n.batch.clear();
    };
    const bool submitted = speculate    ? m_ctx->submit(b.batch, error, recordNext)
                           : chunkAhead ? m_ctx->submit(b.batch, error, recordNextChunk)
                                        : m_ctx->submit(b.batch, error);
    if (speculate || chunkAhead) m_spec = other;
    if (!submitted) {
        m_built[other].speculative = false;
        m_built[other].ahead = false;
        return false;
    }
    m_lastDispatches += dispatches;
    m_lastDotMatVecs += b.dotMatVecs;
    m_stats.dispatches += dispatches;
    ++m_stats.submits;
    return readResults(b, T, last, all, error);
}

bool GpuModel::readResults(const Built &b, uint32_t T, generate::StepResult *last,
                           std::vector<float> *all, QString *error) {
    const uint32_t V = uint32_t(m_plan.config.vocabSize);
    const QByteArray &readBytes = b.readBytes;
    const float cap = m_plan.config.finalLogitSoftcap;
    switch (b.read) {
        case Read::None:
            break;
        case Read::All: {
            const size_t count = size_t(T) * V;
            const size_t at = all->size();
            all->resize(at + count);
            std::memcpy(all->data() + at, readBytes.constData(), count * 4);
            for (size_t j = at; j < all->size(); ++j)
                (*all)[j] = ref::softcap((*all)[j], cap);
            if (last) last->logits.assign(all->end() - V, all->end());
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

// ---- KV state files -----------------------------------------------------------------------------

bool GpuModel::saveState(const QString &path, QString *error) const {
    return m_kv->save(path, m_position, m_fingerprint, error);
}

bool GpuModel::restoreState(const QString &path, QString *error) {
    m_built[m_spec].speculative = false;
    m_built[m_spec].ahead = false;
    int64_t position = 0;
    if (!m_kv->restore(path, m_fingerprint, m_plan.contextLength, &position, error)) return false;
    m_position = position;
    return true;
}

}  // namespace facet::model
