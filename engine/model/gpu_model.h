// The Gemma 4 text decoder on the GPU (Qt RHI compute), holding one sequence's KV cache.
//
// The same maths as ReferenceModel (reference_model.h, the oracle), laid out for a GPU:
//   - weights stay in their GGUF block format, uploaded from the file's memory map in bounded
//     chunks into a few large buffers; tensors that one kernel call reads together sit next to
//     each other (Q|K|V of a layer when they share a type, FFN gate|up), so one dispatch computes
//     them all; a tensor larger than a buffer may be is split by rows;
//   - norm weights and RoPE factors are dequantised to f32 at load into one small buffer;
//   - activations live in one arena buffer, addressed by float offsets; a call runs in chunks of
//     at most maxChunk tokens, each chunk one GPU submission;
//   - the per-layer token embeddings (the 262144 × L·256 PLE table, ~2 GB) are not uploaded: the
//     rows a chunk needs are dequantised on the host from the memory map and uploaded with it;
//   - each layer that owns a KV cache has K and V buffers of [cacheRows][kvHeads·headDim] f32;
//     sliding layers keep a ring (cacheRows = window + maxChunk), global ones the whole context;
//     shared layers read their donor's;
//   - the logits never leave the GPU in generation: argmax (greedy) or top-k candidates are read
//     back, a few bytes per token. Final softcapping is applied to those few values on the host.
//
// Per decoder layer a decode step records ~12 dispatches: QKV projection (1–2), q/k norm + RoPE +
// cache store (1), attention + the combine of its key splits (1–2), output projection (1), residual
// + post-norm + next norm (1), gate|up (1–2), down with the GeGLU fused into its input (1),
// residual (1), and with PLE the per-layer-input gate (1), its projection with the GeGLU fused in
// (1) and the residual (1).
//
// Threading: everything on the GpuContext's thread. The GGUF file and the context must outlive
// the model.
#pragma once

#include "generate/forward_backend.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_buffer.h"
#include "gpu/kernels.h"
#include "gpu/ops.h"
#include "model/gemma4_config.h"
#include "model/reference_model.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <vector>

namespace facet::gguf {
class File;
struct TensorInfo;
}  // namespace facet::gguf

namespace facet::gpu {
class Argmax;
class Bindings;
class ComputeBatch;
class GpuContext;
class TopK;
}  // namespace facet::gpu

namespace facet::model {

struct GpuModelOptions {
    // Positions the session can hold; 0: min(8192, the model's trained context). More than the
    // model's context is refused.
    int64_t contextLength = 0;
    // Tokens per GPU submission during prefill (also the ring slack of sliding caches).
    int maxChunk = 512;
    // Largest weight buffer (0: the device's limit, at most 2 GiB). Tests lower it to exercise
    // the multi-buffer and split-tensor paths.
    qint64 maxWeightBufferBytes = 0;
    // Input columns up to which a projection uses the mat-vec kernel; more use the tiled matmul.
    int matVecMaxColumns = 8;
};

// What a model needs on the GPU and on the host at a context length, before anything is
// allocated.
struct GpuMemoryEstimate {
    qint64 weightBytes = 0;      // uploaded weights
    qint64 kvCacheBytes = 0;     // all KV caches
    qint64 activationBytes = 0;  // activation arena, scratch, small buffers
    qint64 hostBytes = 0;        // host memory beyond the file mapping (staging, PLE rows)
    qint64 gpuTotal() const { return weightBytes + kvCacheBytes + activationBytes; }
    // "3.1 GiB GPU (weights 2.6 GiB, KV cache 256 MiB at 8192 tokens, activations 210 MiB)".
    QString describe(int64_t contextLength) const;
};

class GpuModel {
public:
    // Load progress: bytes uploaded so far and in total. Return false to cancel the load.
    using ProgressFn = std::function<bool(qint64 done, qint64 total)>;

    // The memory the model would need with `options`; nullopt (and *error) when the file is not a
    // Gemma 4 model Facet's GPU engine can run.
    static std::optional<GpuMemoryEstimate> estimate(const gguf::File &file,
                                                     const GpuModelOptions &options,
                                                     QString *error);

    // Checks the configuration and every tensor's type, allocates and uploads. On failure or
    // cancellation returns nullptr with *error saying why (and what to do).
    static std::unique_ptr<GpuModel> load(gpu::GpuContext &ctx, const gguf::File &file,
                                          const GpuModelOptions &options, QString *error,
                                          const ProgressFn &progress = {});
    ~GpuModel();
    GpuModel(const GpuModel &) = delete;
    GpuModel &operator=(const GpuModel &) = delete;

    const Gemma4Config &config() const { return m_config; }
    int64_t contextLength() const { return m_contextLength; }
    const GpuMemoryEstimate &memory() const { return m_memory; }
    gpu::GpuContext &context() const { return *m_ctx; }

    // --- the sequence ---------------------------------------------------------------------------
    int64_t position() const { return m_position; }
    void reset() {
        m_position = 0;
        m_built[m_spec].speculative = false;
    }
    // Takes the sequence back to `position` (≤ position()), as if only its first `position`
    // tokens had been run. Global caches hold every position, so any rewind works there; a
    // sliding layer's ring has maxChunk slots of slack beyond its window, so a rewind of up to
    // maxChunk positions always works and a longer one returns false (sequence unchanged) once
    // the ring has wrapped over keys the next token would need.
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

    // --- KV state files
    // ---------------------------------------------------------------------------- Writes the
    // sequence (position and the cached K/V rows) to `path` atomically; a later restoreState on the
    // same model file continues it without recomputing anything.
    bool saveState(const QString &path, QString *error) const;
    // Reads a file written by saveState. Refused (sequence unchanged) when it belongs to another
    // model file or does not fit this context.
    bool restoreState(const QString &path, QString *error);
    // Identifies the model file's contents (a hash over its metadata, tensor table and samples of
    // its data); state files carry it.
    QByteArray fingerprint() const { return m_fingerprint; }

    // --- statistics
    // ---------------------------------------------------------------------------------
    struct Stats {
        qint64 submits = 0;
        qint64 dispatches = 0;
        double hostGatherMs = 0;   // time spent gathering PLE / embedding rows on the host
        double hostBuildMs = 0;    // recording the chunk's batch (gathers included), before submit
        qint64 recordedAhead = 0;  // decode steps whose batch was recorded during the previous one
    };
    const Stats &stats() const { return m_stats; }
    // Dispatches recorded by the last forward() call.
    int lastDispatchCount() const { return m_lastDispatches; }
    // The smallest mat-vec projection (K·N weights) that takes the 8-bit integer-dot path by
    // default (FACET_MATVEC_DOT unset; see m_dotMinWeights).
    static constexpr int64_t kDotMinWeights = int64_t(8) << 20;
    // Integer-dot mat-vec dispatches (8-bit activations) recorded by the last forward() call.
    int lastDotMatVecCount() const { return m_lastDotMatVecs; }

private:
    // A weight matrix on the GPU: N rows of K values of `type`, possibly split into row parts
    // (each in one weight buffer).
    struct Part {
        int buffer = 0;
        qint64 offset = 0;  // byte offset in the buffer
        int64_t firstRow = 0;
        int64_t rows = 0;
    };
    struct Matrix {
        const gguf::TensorInfo *info = nullptr;
        gguf::TensorType type{};
        int64_t K = 0, N = 0;
        qint64 rowBytes = 0;
        std::vector<Part> parts;
    };
    // A projection: matrices whose outputs sit side by side in one output row (yColumn each);
    // matrices that are adjacent in the same buffer with the same type are merged at load into
    // one (one dispatch).
    struct Linear {
        std::vector<std::pair<Matrix, int64_t>> pieces;
        int64_t outWidth = 0;
    };
    // Whether `lin` on `cols` columns runs as quantize_q8 + integer-dot mat-vecs (see
    // m_dotMinWeights).
    bool usesDot(const Linear &lin, uint32_t cols) const;
    bool pieceUsesDot(const Matrix &m, uint32_t cols) const;
    struct Layer {
        Linear qkv;  // q | k | v (shared layers: q only)
        Linear attnOut, gateUp, down, inpGate, proj;
        int qWidth = 0, kvWidth = 0;
        uint32_t attnNorm = 0, qNorm = 0, kNorm = 0, postAttnNorm = 0, ffnNorm = 0, postFfwNorm = 0,
                 postNorm = 0;  // float offsets in the norms buffer
        float outputScale = 1.0f;
        int cacheLayer = 0;  // the layer whose KV cache this one uses
    };
    struct Cache {
        std::unique_ptr<gpu::Buffer> k, v;
        uint32_t rows = 0;
        int width = 0;
    };

    GpuModel() = default;
    bool build(const gguf::File &file, const GpuModelOptions &options, QString *error,
               const ProgressFn &progress);
    bool runChunk(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                  Logits which, int candidates, generate::StepResult *last, std::vector<float> *all,
                  QString *error);
    // What a chunk's batch reads back.
    enum class Read { None, All, Full, Argmax, TopK };
    // A chunk's recorded batch (buildChunk) and its readback.
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
        // `position` with these candidates and split policy; its tokenUploads are replaced
        // when it is used.
        bool speculative = false;
        int64_t position = -1;
        int candidates = 0;
        gpu::MatVecSplitPolicy policy = gpu::MatVecSplitPolicy::Auto;
    };
    // What a chunk uploads that depends on its tokens: the ids (token-embedding table in one
    // buffer) or the embedding rows gathered on the host (a table split over buffers), and the
    // PLE rows as stored (hasPle). buildChunk records them; a step recorded ahead gets them later.
    struct TokenUploads {
        QByteArray ids, embRows, pleRows;
    };
    TokenUploads tokenUploads(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft);
    float embedScale() const;  // sqrt(hidden), the token embeddings' scale
    // Records the chunk `tokens` at `position` into `built` (cleared first). `last`: the logits of
    // the chunk's last row are read (`which` Last) as runChunk's candidates say.
    bool buildChunk(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                    Logits which, int candidates, bool last, int64_t position, Built &built,
                    QString *error);
    const gpu::Bindings *bindingsFor(gpu::KernelId kernel, int buffer, QString *error);
    // The residual add + norms between two blocks (gpu::MatInputMode::AddNorm):
    // r = (res + rmsw(branch, n1)) * scale written to rOut, and the next projection's input is
    // rmsw(r, n2) (or r when n2 is kNoSecondNorm).
    struct AddNorm {
        uint32_t branch = 0, res = 0, rOut = 0;  // arena offsets, rows of H floats
        uint32_t n1 = 0, n2 = 0;                 // norm weight offsets
        float scale = 1.0f;
    };
    bool recordLinear(gpu::ComputeBatch &batch, const Linear &lin, uint32_t cols, uint32_t xOffset,
                      uint32_t xStride, uint32_t yOffset, uint32_t yStride, uint32_t mode,
                      uint32_t x2Offset, uint32_t x2Stride, QString *error,
                      const AddNorm *addNorm = nullptr, uint32_t q8Input = kNoQ8Input,
                      bool gegluQ8 = false);
    // recordLinear's q8Input when the input is not already in the Q8A layout.
    static constexpr uint32_t kNoQ8Input = 0xFFFFFFFFu;
    // Whether a layer's gate|up and down can take the fused path: gate|up (one matrix, one part,
    // integer-dot) writes the down's Q8A input itself (gpu::recordMatVecGegluQ8).
    bool canFuseGegluQ8(const Linear &gateUp, const Linear &down, uint32_t cols) const;
    // Whether recordLinear can fold an AddNorm into `lin` for `cols` columns (mat-vec path).
    bool canFoldAddNorm(const Linear &lin, uint32_t cols) const;
    // Whether the fused gate|up (gegluQ8) can take the pending AddNorm as its prologue.
    bool canFoldAddNormQ8(const Linear &gateUp, uint32_t cols) const;
    void gatherRows(const Matrix &m, std::span<const int32_t> ids, float scale, int64_t width,
                    std::vector<float> &out);
    // The rows `ids` of m as stored (raw blocks), each at `stride` bytes; ids outside m are zero.
    QByteArray gatherRawRows(const Matrix &m, std::span<const int32_t> ids, qint64 stride);

    gpu::GpuContext *m_ctx = nullptr;
    const gguf::File *m_file = nullptr;
    Gemma4Config m_config;
    int64_t m_contextLength = 0;
    int m_maxChunk = 0;
    int m_logitRows = 0;  // rows of logits the arena holds (All mode chunk limit)
    int m_matVecMaxColumns = 8;
    GpuMemoryEstimate m_memory;
    QByteArray m_fingerprint;

    std::vector<std::unique_ptr<gpu::Buffer>> m_weights;
    std::unique_ptr<gpu::Buffer> m_norms, m_act, m_ids, m_scratch;
    std::unique_ptr<gpu::Buffer> m_pleRows;  // a chunk's PLE table rows, raw (runChunk)
    std::unique_ptr<gpu::Bindings> m_pleGetRows;
    qint64 m_pleRowStride = 0;
    std::vector<Cache> m_caches;  // one per layer below firstSharedLayer
    std::map<std::pair<int, int>, std::unique_ptr<gpu::Bindings>> m_weightBindings;
    std::unique_ptr<gpu::Bindings> m_rmsNorm, m_elementwise, m_addRmsNorm;
    std::unique_ptr<gpu::Bindings> m_matMulReduce;  // split-K sums (matmul_ops.h MatMulSplit)
    std::unique_ptr<gpu::Bindings> m_quantizeQ8;    // Q8A inputs (m_dotMinWeights >= 0)
    std::vector<std::unique_ptr<gpu::Bindings>> m_attention, m_qkvPrep;  // per layer
    // Mat-vec projections whose weights have an integer-dot kernel and at least this many values
    // quantise their input to 8 bits (quantize_q8) and run matvec_dot_<type>; -1: none. From
    // FACET_MATVEC_DOT at load: "0" none, "all" every such projection (tests), unset or "auto"
    // kDotMinWeights on a GPU with an accelerated shaderIntegerDotProduct (not on software
    // devices).
    int64_t m_dotMinWeights = -1;
    uint32_t m_chunkTokens = 0;  // tokens of the chunk runChunk is recording (pieceUsesDot)
    bool m_noGegluQ8 = false;    // FACET_GEGLU_Q8=0: no fused gate|up GeGLU (canFuseGegluQ8)
    // Two batches: the one submitted and the next decode step's, recorded while the GPU runs the
    // first (runChunk; FACET_OVERLAP_BUILD=0 turns that off). m_spec indexes the speculative one.
    Built m_built[2];
    int m_spec = 0;
    bool m_speculating = false;  // bindingsFor creates no bindings while set
    bool m_overlapBuild = true;
    // FACET_GEGLU_ADDNORM=0: the fused gate|up reads the Q8A input add_rmsnorm wrote instead of
    // forming it in its prologue (canFoldAddNormQ8).
    bool m_noGegluAddNorm = false;
    std::unique_ptr<gpu::Argmax> m_argmax;
    std::unique_ptr<gpu::TopK> m_topk;

    Matrix m_tokenEmbd;
    Linear m_output, m_pleProj;
    Matrix m_pleTable;  // read on the host only (no parts)
    uint32_t m_outputNorm = 0, m_pleProjNorm = 0, m_ropeFreqs = 0;
    std::vector<Layer> m_layers;

    // Arena layout (float offsets), for maxChunk rows.
    struct Arena {
        // x2: the second residual slot (AddNorm writes the new residual beside the old one).
        uint32_t x = 0, x2 = 0, a = 0, b = 0, qkv = 0, o = 0, gu = 0, g = 0, ple = 0, z = 0,
                 logits = 0;
        uint32_t qkvStride = 0, oStride = 0, guStride = 0, pleStride = 0;
        uint32_t mmSplit = 0, mmSplitFloats = 0;  // split-K matmul partials (recordLinear)
        uint32_t xq = 0, xqStride = 0;  // Q8A inputs of the integer-dot mat-vecs (recordLinear)
        uint32_t xq2 = 0;               // the down projection's Q8A input (canFuseGegluQ8)
        uint64_t total = 0;
    } m_arena;

    int64_t m_position = 0;
    Stats m_stats;
    int m_lastDispatches = 0;
    int m_lastDotMatVecs = 0;
};

}  // namespace facet::model
