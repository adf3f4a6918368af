// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The op layer the text decoder's graph (text_graph.cpp) is written in: semantic ops (norm,
// linear, attention, feed-forward, residual add, elementwise) recorded into a ComputeBatch. The
// fusion choices live here, not in the graph:
//   - a residual add (residualAdd) stays pending and is folded into the next projection's input:
//     the mat-vec's AddNorm input mode forms rmsw(residual + rmsw(b, n1)·s, n2) in its prologue
//     (decode steps), or one add_rmsnorm dispatch does it (prefill, or where folding costs more),
//     writing the 8-bit input of an integer-dot projection as well when that saves a dispatch;
//   - the FFN's gate|up on the integer-dot path writes the down's 8-bit input itself (GeGLU into
//     Q8A), and forms its own input in its prologue;
//   - a GeGLU before a projection is the projection's input mode.
// Every projection goes through linear(), which knows the weight and its adapter; a projection
// with an adapter takes none of the fused paths that would skip the adapter's input.
//
// Errors are collected: the first failed op sets error() and every later op records nothing, so
// the graph reads as straight-line code and checks ok() once.
#pragma once

#include "model/gpu_plan.h"

#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

namespace facet::gpu {
class Argmax;
class Bindings;
class Buffer;
class ComputeBatch;
class GpuContext;
class TopK;
enum class KernelId : int;
}  // namespace facet::gpu

namespace facet::model {

class KvCache;
struct Gemma4LayerConfig;

// The buffers the ops bind (owned by GpuModel, which keeps them alive longer than the ops).
struct TextBuffers {
    std::vector<const gpu::Buffer *> weights;
    const gpu::Buffer *norms = nullptr;
    gpu::Buffer *act = nullptr;      // activations (ActivationLayout)
    gpu::Buffer *ids = nullptr;      // a chunk's token ids [0, T), row indices 0..T-1 in [T, 2T)
    gpu::Buffer *scratch = nullptr;  // attention split partials
    gpu::Buffer *pleRows = nullptr;  // a chunk's raw PLE table rows
    gpu::Buffer *staging = nullptr;  // the staged prefill product's operands (or none)
    const KvCache *kv = nullptr;
};

class TextOps {
public:
    static std::unique_ptr<TextOps> create(gpu::GpuContext &ctx, const GpuPlan &plan,
                                           const TextBuffers &buffers, QString *error);
    ~TextOps();
    TextOps(const TextOps &) = delete;
    TextOps &operator=(const TextOps &) = delete;

    // Rows of activations: column c of a T-token chunk starts at offset + c·stride (floats).
    struct Rows {
        uint32_t offset = 0, stride = 0;
    };
    // The residual stream as a projection's input: rmsw(residual, weight) of `cols` rows from
    // `row` (weight kNoNorm: the residual itself).
    struct Normed {
        uint32_t weight = 0;
        uint32_t row = 0, cols = 0;
        // Only the chunk's last row (the output head of a Logits::Last chunk).
        Normed lastRow() const { return {weight, row + cols - 1, 1}; }
    };
    static constexpr uint32_t kNoNorm = 0xFFFFFFFFu;

    // --- a recording -------------------------------------------------------------------------
    // Starts recording a chunk of `tokens` tokens at `position` into `batch`. `speculative`: the
    // recording runs while the GPU executes another batch and may create no GPU objects (an op
    // that would need one fails the recording instead).
    void begin(gpu::ComputeBatch &batch, uint32_t tokens, int64_t position, bool speculative);
    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    // Integer-dot mat-vec dispatches recorded since begin().
    int dotMatVecs() const { return m_dotMatVecs; }

    // --- activations -------------------------------------------------------------------------
    const ActivationLayout &layout() const { return m_plan.act; }
    uint32_t tokens() const { return m_tokens; }
    // The block output every residualAdd reads, and other named regions.
    Rows branch() const { return {m_plan.act.b, hidden()}; }
    Rows rows(uint32_t offset, uint32_t stride) const { return {offset, stride}; }

    // --- ops ---------------------------------------------------------------------------------
    // x = rows `ids` of the token table · sqrt(H) (get_rows on the GPU; `ids` as the chunk's
    // uploaded ids), or, for a table split over buffers, the host-gathered rows `embRows`.
    // Returns the indices of the uploads in the batch (for a step recorded ahead).
    struct EmbedUploads {
        int ids = -1, embRows = -1;
    };
    EmbedUploads embed(QByteArray ids, QByteArray embRows);
    // x += soft-token rows (values [T][H], zero rows for ordinary tokens).
    void addSoftTokens(const std::vector<float> &values);
    // The raw table rows uploaded for this chunk, dequantised and scaled: z = rows · scale.
    // Returns the upload's index in the batch.
    int perLayerTableRows(QByteArray rows, float scale, Rows out);
    // y = rmsw(x, weight) over rows of n values (rows × n floats from each offset).
    void rmsNorm(Rows x, uint32_t n, uint32_t rows, uint32_t weight, Rows y);
    void scale(Rows x, uint32_t n, float s, Rows y);
    // out = (x + y) · s.
    void addScale(Rows x, Rows y, uint32_t n, float s, Rows out);

    Normed norm(uint32_t weight) const { return {weight, 0, m_tokens}; }
    Normed residual() const { return {kNoNorm, 0, m_tokens}; }
    // out = lin(in) for in's rows.
    Rows linear(const Linear &lin, Normed in, Rows out);
    Rows linear(const Linear &lin, Rows in, Rows out);
    // out = lin(gelu_tanh(gate) · up): the GeGLU as the projection's input mode.
    Rows linearGeglu(const Linear &lin, Rows gate, Rows up, Rows out);
    // residual = (residual + rmsw(b, postNorm)) · scale, pending until the next projection reads
    // the stream (b: the branch() rows).
    void residualAdd(Rows b, uint32_t postNorm, float scale);
    // The FFN: down(geglu(gate|up(in))) into branch().
    Rows feedForward(const Linear &gateUp, const Linear &down, Normed in);
    // A layer's attention on its q|k|v rows: q/k norms and RoPE, the cache store (layers that own
    // a cache), attention over the cache (causal, sliding window), into o.
    Rows attention(const Gemma4LayerConfig &layer, const LayerWeights &w, Rows qkv, Rows o);

    // --- output ------------------------------------------------------------------------------
    gpu::Argmax &argmax() { return *m_argmax; }
    gpu::TopK &topk() { return *m_topk; }
    gpu::Buffer &activations() { return *m_buffers.act; }

private:
    TextOps(gpu::GpuContext &ctx, const GpuPlan &plan, const TextBuffers &buffers);
    uint32_t hidden() const { return uint32_t(m_plan.config.hidden); }
    bool fail(const QString &message);
    const gpu::Bindings *weightBindings(gpu::KernelId kernel, int buffer);
    // Whether lin on `cols` columns runs as 8-bit input + integer-dot mat-vecs.
    bool usesDot(const Linear &lin, uint32_t cols) const;
    bool pieceUsesDot(const WeightMatrix &m, uint32_t cols) const;
    bool canFuseGegluQ8(const Linear &gateUp, const Linear &down, uint32_t cols) const;
    bool canFoldAddNorm(const Linear &lin, uint32_t cols) const;
    bool canFoldAddNormQ8(const Linear &gateUp, uint32_t cols) const;
    // The pending residual add folded into a projection's prologue (MatInputMode::AddNorm).
    struct AddNorm {
        uint32_t branch = 0, res = 0, rOut = 0;
        uint32_t n1 = 0, n2 = 0;
        float scale = 1.0f;
    };
    static constexpr uint32_t kNoQ8Input = 0xFFFFFFFFu;
    // One projection's dispatches: the mat-vec, integer-dot or tiled matmul kernel per piece,
    // then its adapter's (LinearAdapter: A·x into the adapter scratch, y += B'·that).
    bool record(const Linear &lin, uint32_t cols, uint32_t xOffset, uint32_t xStride,
                uint32_t yOffset, uint32_t yStride, uint32_t mode, uint32_t x2Offset,
                uint32_t x2Stride, const AddNorm *addNorm = nullptr, uint32_t q8Input = kNoQ8Input,
                bool gegluQ8 = false);
    // The frozen product alone (accumulate: add to y instead of writing it).
    bool recordPieces(const Linear &lin, uint32_t cols, uint32_t xOffset, uint32_t xStride,
                      uint32_t yOffset, uint32_t yStride, uint32_t mode, uint32_t x2Offset,
                      uint32_t x2Stride, const AddNorm *addNorm, uint32_t q8Input, bool gegluQ8,
                      bool accumulate);
    // Whether lin on `cols` columns runs as the staged product (gpu/matmul_ops.h), and its
    // dispatches: the input staged once, then per block of weight rows the rows staged and
    // multiplied.
    bool usesStaged(const Linear &lin, uint32_t cols) const;
    bool recordStaged(const Linear &lin, uint32_t cols, uint32_t xOffset, uint32_t xStride,
                      uint32_t yOffset, uint32_t yStride, uint32_t mode, uint32_t x2Offset,
                      uint32_t x2Stride);
    // linear() on the residual stream, with the fused gate|up GeGLU into Q8A when gegluQ8.
    void project(const Linear &lin, Normed in, Rows out, bool gegluQ8);
    // add_rmsnorm in place: x = (x + rmsw(b, w1))·scale, and a = rmsw(x, w2) unless w2 is kNoNorm
    // (q8: also the Q8A input of the next projection).
    void addRmsNorm(uint32_t w1, float scale, uint32_t w2, bool q8);

    gpu::GpuContext &m_ctx;
    const GpuPlan &m_plan;
    TextBuffers m_buffers;

    // Bindings (destroyed before the buffers, which GpuModel declares before the ops).
    std::map<std::pair<int, int>, std::unique_ptr<gpu::Bindings>> m_weightBindings;
    std::unique_ptr<gpu::Bindings> m_rmsNorm, m_elementwise, m_addRmsNorm, m_matMulReduce,
        m_quantizeQ8, m_pleGetRows;
    // The staged product (null without a staging buffer or tensor cores): the input pass
    // (act -> staging), the product (staging -> act).
    std::unique_ptr<gpu::Bindings> m_convertF16, m_matMulStaged;
    std::vector<std::unique_ptr<gpu::Bindings>> m_attention, m_qkvPrep;  // per KV cache
    // The tensor-core prefill attention per KV cache (empty without tensor cores).
    std::vector<std::unique_ptr<gpu::Bindings>> m_attentionPrefill;
    std::unique_ptr<gpu::Argmax> m_argmax;
    std::unique_ptr<gpu::TopK> m_topk;

    // The recording in progress.
    gpu::ComputeBatch *m_batch = nullptr;
    uint32_t m_tokens = 0;
    uint32_t m_pos0 = 0;
    bool m_speculative = false;
    int m_dotMatVecs = 0;
    QString m_error;
    uint32_t m_xCur = 0;   // the residual stream's slot (x or x2)
    uint32_t m_aNorm = 0;  // the norm weight `a` holds rmsw(residual, .) of
    struct Pending {
        bool on = false;
        uint32_t n1 = 0;
        float scale = 1.0f;
    } m_pending;
};

}  // namespace facet::model
