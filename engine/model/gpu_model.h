// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Gemma 4 text decoder on the GPU (Qt RHI compute), holding one sequence's KV cache: the
// runner that ties the pieces together.
//
//   gpu_plan.h    planning: a pure function from the file + options + device limits to weight
//                 placement, activation layout (with lifetimes), KV shapes and memory estimate;
//   GpuModel      uploads what the plan says (weights from the file's memory map, one frame per
//                 weight buffer), owns the buffers, runs chunks and reads the results back;
//   kv_cache.h    the KV caches: rewind, save/restore under the model's identity;
//   text_ops.h    the op layer (fusion choices, bindings) the graph is written in;
//   text_graph.h  the Gemma 4 layer graph.
//
// The same maths as ReferenceModel (reference_model.h, the oracle), laid out for a GPU: weights
// stay in their GGUF block format; a call runs in chunks of at most maxChunk tokens, each chunk
// one GPU submission; the per-layer token embeddings (the 262144 × L·256 PLE table, ~2 GB) are
// not uploaded: the rows a chunk needs are copied on the host from the memory map and uploaded
// with it; the logits never leave the GPU in generation: argmax (greedy) or top-k candidates are
// read back, a few bytes per token, and the final softcapping is applied to those on the host.
// While the GPU runs a decode step, the next one is recorded (a step's recording depends on its
// position, not its token).
//
// Threading: everything on the GpuContext's thread. The GGUF file and the context must outlive
// the model.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/gpu_buffer.h"
#include "gpu/ops.h"
#include "model/forward_types.h"
#include "model/gemma4_config.h"
#include "model/gpu_plan.h"
#include "model/lora.h"
#include "model/reference_model.h"
#include "model/text_graph.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace facet::gguf {
class File;
}

namespace facet::gpu {
class GpuContext;
}

namespace facet::model {

class KvCache;

// The rows `ids` of m (read from the file's memory map) dequantised and scaled into
// [ids][width] floats; ids outside m give zero rows.
std::vector<float> gatherWeightRows(const WeightMatrix &m, std::span<const int32_t> ids,
                                    float scale, int64_t width);
// The rows `ids` of m as stored in the file (raw blocks, for a get_rows kernel to decode on the
// GPU), each at `stride` bytes (>= m.rowBytes, the tail zero); ids outside m give zero rows.
QByteArray gatherRawRows(const WeightMatrix &m, std::span<const int32_t> ids, qint64 stride);

class GpuModel {
public:
    // Load progress: bytes uploaded so far and in total. Return false to cancel the load.
    using ProgressFn = std::function<bool(qint64 done, qint64 total)>;

    // Checks the configuration and every tensor's type, allocates and uploads. On failure or
    // cancellation returns nullptr with *error saying why (and what to do).
    static std::unique_ptr<GpuModel> load(gpu::GpuContext &ctx, const gguf::File &file,
                                          const GpuModelOptions &options, QString *error,
                                          const ProgressFn &progress = {});
    ~GpuModel();
    GpuModel(const GpuModel &) = delete;
    GpuModel &operator=(const GpuModel &) = delete;

    const Gemma4Config &config() const { return m_plan.config; }
    const GpuPlan &plan() const { return m_plan; }
    int64_t contextLength() const { return m_plan.contextLength; }
    const GpuMemoryEstimate &memory() const { return m_plan.memory; }
    gpu::GpuContext &context() const { return *m_ctx; }
    // The uploaded weight buffers (WeightPart::buffer indexes them) and the norm vectors (the GPU
    // trainer binds them).
    const gpu::Buffer &weightBuffer(int i) const { return *m_weights[size_t(i)]; }
    const gpu::Buffer &normsBuffer() const { return *m_norms; }

    // --- the sequence ---------------------------------------------------------------------------
    int64_t position() const { return m_position; }
    void reset();
    // Takes the sequence back to `position` (≤ position()), as if only its first `position`
    // tokens had been run. Returns false (sequence unchanged) when a sliding layer's ring has
    // wrapped over keys the next token would need (KvCache::canRewind).
    bool rewind(int64_t position);

    enum class Logits {
        Last,  // for the last token: candidates (or full logits when candidates == 0)
        All,   // full logits of every token
    };
    // Runs `tokens` at position() … and returns what `which` asks for: a StepResult for Last
    // (`candidates` as in ForwardBackend), or [n][V] logits in *all for All. Softcapped.
    // On failure: *error set, position unchanged (the cache beyond it may have been overwritten,
    // which is harmless: those slots are rewritten before they are read).
    generate::StepResult forward(std::span<const int32_t> tokens,
                                 std::span<const SoftEmbedding> soft, Logits which, int candidates,
                                 std::vector<float> *all, QString *error);

    // --- KV state files -------------------------------------------------------------------------
    // Writes the sequence (position and the cached K/V rows) to `path` atomically; a later
    // restoreState on the same model file continues it without recomputing anything.
    bool saveState(const QString &path, QString *error) const;
    // Reads a file written by saveState. Refused (sequence unchanged) when it belongs to another
    // model file or does not fit this context.
    bool restoreState(const QString &path, QString *error);
    // Identifies the model file's contents (kv_cache.h modelFingerprint) and the adapter in use
    // with its strength; state files carry it.
    QByteArray fingerprint() const { return m_fingerprint; }

    // --- adapters -------------------------------------------------------------------------------
    // From now on every adapted projection adds strength·scale·B·(A·x) (LinearAdapter); nullptr
    // or strength 0 runs the base model. Starts a new sequence (the cache was computed through
    // the previous weights). Refused, with the base model kept, when the adapter does not fit
    // this model, its rank is above kMaxAdapterRank or not a multiple of 4, or its buffer cannot
    // be allocated.
    bool setAdapter(const LoraAdapter *adapter, float strength, QString *error);
    bool hasAdapter() const { return !m_adapters.empty(); }

    // --- statistics -----------------------------------------------------------------------------
    struct Stats {
        qint64 submits = 0;
        qint64 dispatches = 0;
        double hostGatherMs = 0;   // time spent gathering PLE / embedding rows on the host
        double hostBuildMs = 0;    // recording the chunk's batch (gathers included), before submit
        qint64 recordedAhead = 0;  // decode steps whose batch was recorded during the previous one
        qint64 chunksAhead = 0;    // prefill chunks recorded while the previous chunk ran
    };
    const Stats &stats() const { return m_stats; }
    // Dispatches recorded by the last forward() call.
    int lastDispatchCount() const { return m_lastDispatches; }
    // The smallest mat-vec projection that takes the 8-bit path by default (gpu_plan.h).
    static constexpr int64_t kDotMinWeights = model::kDotMinWeights;
    // Integer-dot mat-vec dispatches (8-bit activations) in the batches the last forward() call
    // submitted.
    int lastDotMatVecCount() const { return m_lastDotMatVecs; }

private:
    GpuModel() = default;
    bool allocate(const gguf::File &file, QString *error, const ProgressFn &progress);
    // Takes the adapter off every projection and frees its buffer (the ops must be rebuilt
    // afterwards: they bound it).
    void dropAdapter();
    // What a chunk's batch reads back.
    enum class Read { None, All, Full, Argmax, TopK };
    // A chunk's recorded batch and its readback.
    struct Built {
        gpu::ComputeBatch batch;
        QByteArray readBytes;
        Read read = Read::None;
        uint32_t k = 0;      // TopK: candidates
        int dotMatVecs = 0;  // integer-dot mat-vecs recorded
        int idsUpload = -1;  // the token ids' upload (-1: none)
        int embUpload = -1;  // the embedding rows' upload (a table split over buffers; -1: none)
        int pleUpload = -1;  // the PLE rows' upload (-1: none)
        // A decode step recorded while the previous step ran (runChunk): valid for one token at
        // `position` with these candidates and split policy; its token uploads are replaced when
        // it is used.
        bool speculative = false;
        int64_t position = -1;
        int candidates = 0;
        gpu::MatVecSplitPolicy policy = gpu::MatVecSplitPolicy::Auto;
        // A prefill chunk recorded while the previous chunk ran: valid for exactly these tokens
        // at `position`.
        bool ahead = false;
        const int32_t *aheadTokens = nullptr;
        size_t aheadCount = 0;
    };
    // The chunk after the one runChunk submits, recorded while the GPU runs that one.
    struct NextChunk {
        std::span<const int32_t> tokens;
        std::span<const SoftEmbedding> soft;
        Logits which = Logits::Last;
        int candidates = -1;
        bool last = false;
    };
    bool runChunk(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                  Logits which, int candidates, generate::StepResult *last, std::vector<float> *all,
                  QString *error, const NextChunk *next = nullptr);
    // Records the chunk at `position` into `built` (cleared first). `last`: the chunk's last row
    // gives the logits `which` and `candidates` ask for. `speculative`: recorded ahead.
    bool buildChunk(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                    Logits which, int candidates, bool last, int64_t position, bool speculative,
                    Built &built, QString *error);
    // The chunk's token-dependent uploads (ids or host-gathered embedding rows, PLE rows).
    TokenUploads tokenUploads(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft);
    bool readResults(const Built &b, uint32_t tokens, generate::StepResult *last,
                     std::vector<float> *all, QString *error);

    gpu::GpuContext *m_ctx = nullptr;
    const gguf::File *m_file = nullptr;
    GpuPlan m_plan;
    QByteArray m_fingerprint;
    QByteArray m_baseFingerprint;  // the model file's alone
    TextBuffers m_textBuffers;     // what the ops bind (the adapter buffer last, when there is one)
    std::vector<std::unique_ptr<LinearAdapter>> m_adapters;

    // GPU objects, destroyed in reverse declaration order: batches, then the ops' bindings, then
    // the buffers they bind.
    std::vector<std::unique_ptr<gpu::Buffer>> m_weights;
    std::unique_ptr<gpu::Buffer> m_norms, m_act, m_ids, m_scratch, m_pleRows;
    std::unique_ptr<gpu::Buffer> m_staging;        // the staged prefill product's f16 operands
    std::unique_ptr<gpu::Buffer> m_adapterBuffer;  // the adapter's A and B' (F32)
    std::unique_ptr<KvCache> m_kv;
    std::unique_ptr<TextOps> m_ops;
    // Two batches: the one submitted and the next decode step's, recorded while the GPU runs the
    // first (runChunk). m_spec indexes the speculative one.
    Built m_built[2];
    int m_spec = 0;

    int64_t m_position = 0;
    Stats m_stats;
    int m_lastDispatches = 0;
    int m_lastDotMatVecs = 0;
};

}  // namespace facet::model
