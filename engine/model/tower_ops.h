// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The op layer the encoder towers (vision, audio) are written in on the GPU: semantic ops
// (linear with bias and ClippableLinear bounds, norms, element-wise ops, gathers, 2-D RoPE,
// bidirectional attention) recorded into a ComputeBatch over rows of one f32 activation buffer,
// in the vocabulary of TextOps (text_ops.h): every projection goes through linear(), which knows
// its weight (model::Linear, gpu_plan.h) and its `const LinearAdapter *` seam; errors are
// collected (the first failed op sets error(), every later op records nothing), so a tower graph
// reads as straight-line code and checks ok() once.
//
// The buffers a tower binds (TowerBuffers): its weight buffers (GGUF matrices as stored, placed by
// TowerWeights), one `consts` buffer of f32 vectors (norm weights, biases, position tables, RoPE
// frequencies: float offsets into it name them), the activation buffer (`act`; regions are the
// tower's plan, usually from gpu::ActivationAllocator) and a small `ids` buffer of uint indices
// uploaded per call (positions, gather lists). A tower adds its own kernels by binding them in its
// own code to the same buffers (bind() gives the (kernel, buffers) pairs this layer caches), or
// by adding an op here.
#pragma once

#include "model/gpu_plan.h"
#include "model/reference_ops.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <span>
#include <vector>

namespace facet::gpu {
class Bindings;
class Buffer;
class ComputeBatch;
class GpuContext;
enum class KernelId : int;
enum class TowerEltMode : uint32_t;
}  // namespace facet::gpu

namespace facet::model {

// Weights of a tower on its way to the GPU: matrices placed into weight buffers of at most
// maxBufferBytes (each matrix whole in one buffer), f32 vectors into one consts array. Add
// everything, then upload() once; the Linear values handed out stay valid (they name buffers by
// index into buffers()).
class TowerWeights {
public:
    // Weight buffers of at most maxBufferBytes (0: 256 MiB; upload() refuses buffers beyond the
    // device's storage-range limit).
    explicit TowerWeights(qint64 maxBufferBytes = 0);

    // A matrix of N = w.rows rows of K = w.cols values, kept in its stored type where the tiled
    // matmul kernel reads it (F32, F16, BF16, Q4_0 … Q6_K), else dequantised to F32 here. The data
    // is read at upload(), so it must live until then. An invalid view gives an empty Linear and
    // *error.
    Linear addMatrix(const ref::WeightView &w, QString *error);
    // f32 values into consts; returns their float offset (a multiple of 64).
    uint32_t addConsts(std::span<const float> values);
    uint32_t constsFloats() const { return uint32_t(m_consts.size()); }

    // Creates the buffers and copies everything up (bounded host memory: GpuContext::upload).
    bool upload(gpu::GpuContext &ctx, const QString &name, QString *error);
    std::vector<const gpu::Buffer *> buffers() const;
    const gpu::Buffer *consts() const { return m_constsBuffer.get(); }
    // Bytes the weight and consts buffers take (planned before upload, allocated after).
    qint64 bytes() const;

private:
    struct Matrix {
        const uint8_t *src = nullptr;
        std::vector<uint8_t> owned;  // a dequantised copy, when the type has no matmul kernel
        qint64 bytes = 0;
        int buffer = 0;
        qint64 offset = 0;
    };
    qint64 m_maxBufferBytes;
    std::vector<Matrix> m_matrices;
    std::vector<qint64> m_bufferSizes;
    std::vector<float> m_consts;
    std::vector<std::unique_ptr<gpu::Buffer>> m_buffers;
    std::unique_ptr<gpu::Buffer> m_constsBuffer;
};

struct TowerBuffers {
    std::vector<const gpu::Buffer *> weights;
    const gpu::Buffer *consts = nullptr;
    gpu::Buffer *act = nullptr;
    gpu::Buffer *ids = nullptr;
};

class TowerOps {
public:
    static std::unique_ptr<TowerOps> create(gpu::GpuContext &ctx, const TowerBuffers &buffers,
                                            QString *error);
    ~TowerOps();
    TowerOps(const TowerOps &) = delete;
    TowerOps &operator=(const TowerOps &) = delete;

    // Rows of activations in act: row r at offset + r·stride (floats).
    struct Rows {
        uint32_t offset = 0, stride = 0;
    };
    static constexpr uint32_t kNone = 0xFFFFFFFFu;

    // --- a recording -------------------------------------------------------------------------
    // Starts recording into `batch`. Split-K matmuls may use act floats [splitOffset,
    // splitOffset + splitFloats) as scratch (0 floats: never split).
    void begin(gpu::ComputeBatch &batch, uint32_t splitOffset = 0, uint32_t splitFloats = 0);
    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    // Records a failure (a tower's own checks), keeping the first.
    bool fail(const QString &message);
    gpu::ComputeBatch &batch() { return *m_batch; }

    // --- data --------------------------------------------------------------------------------
    // Copies host floats to act at `offset` / host uints to ids at `offset` before the batch runs.
    void upload(uint32_t offset, std::span<const float> values);
    void uploadIds(uint32_t offset, std::span<const uint32_t> values);

    // --- ops (each over `rows` rows) ---------------------------------------------------------
    // Hugging Face's Gemma4ClippableLinear and friends: y = clamp(lin(clamp(x)) + bias).
    struct LinearOptions {
        uint32_t bias = kNone;  // consts offset of N values, added to every row
        bool clampInput = false;
        float inMin = -std::numeric_limits<float>::infinity();
        float inMax = std::numeric_limits<float>::infinity();
        bool clampOutput = false;
        float outMin = -std::numeric_limits<float>::infinity();
        float outMax = std::numeric_limits<float>::infinity();
        // Where the clamped input goes; kNone offset: the input rows are clamped in place.
        Rows inputScratch{kNone, 0};
    };
    // out = lin(in) (+ options) for `rows` rows (the tiled matmul of every piece).
    Rows linear(const Linear &lin, Rows in, uint32_t rows, Rows out, const LinearOptions &o);
    Rows linear(const Linear &lin, Rows in, uint32_t rows, Rows out) {
        return linear(lin, in, rows, out, LinearOptions());
    }

    // y = x / sqrt(mean(x²) + eps) [· w] per row of n values, or per group of n values of a row
    // (groups = heads: per-head norms; rows counts tokens). weight kNone: unweighted.
    void rmsNorm(Rows x, uint32_t n, uint32_t rows, uint32_t weight, Rows y, float eps,
                 uint32_t groups = 1);
    // y = (x − mean) / sqrt(var + eps) [· w] [+ b] per row of n values (kNone: none).
    void layerNorm(Rows x, uint32_t n, uint32_t rows, uint32_t weight, uint32_t bias, Rows y,
                   float eps);

    // Element-wise ops over rows of n values; out may be x (or y) itself.
    void add(Rows x, Rows y, uint32_t n, uint32_t rows, Rows out);
    void mul(Rows x, Rows y, uint32_t n, uint32_t rows, Rows out);
    // out = x·s + t.
    void scale(Rows x, uint32_t n, uint32_t rows, float s, Rows out, float t = 0.0f);
    // out = (x + y)·s: a residual add.
    void residualAdd(Rows x, Rows y, uint32_t n, uint32_t rows, Rows out, float s = 1.0f);
    void gelu(Rows x, uint32_t n, uint32_t rows, Rows out);  // gelu_pytorch_tanh
    void silu(Rows x, uint32_t n, uint32_t rows, Rows out);
    void relu(Rows x, uint32_t n, uint32_t rows, Rows out);
    // out = a · sigmoid(b) (torch.nn.functional.glu with a, b the two halves).
    void glu(Rows a, Rows b, uint32_t n, uint32_t rows, Rows out);
    // out = gelu_tanh(gate) · up.
    void geglu(Rows gate, Rows up, uint32_t n, uint32_t rows, Rows out);
    void clamp(Rows x, uint32_t n, uint32_t rows, float lo, float hi, Rows out);
    // Per-column vectors in consts: out = x + v, out = x · v, out = (x − v)·v2.
    void addColumns(Rows x, uint32_t v, uint32_t n, uint32_t rows, Rows out);
    void mulColumns(Rows x, uint32_t v, uint32_t n, uint32_t rows, Rows out);
    void standardize(Rows x, uint32_t bias, uint32_t scale, uint32_t n, uint32_t rows, Rows out);

    // y[r] (+)= scale · Σ_{i<count} src[ids[idsOffset + r·count + i]] over n values; src rows in
    // act (srcInConsts false) or consts; maxId bounds the ids the caller uploaded.
    void gather(uint32_t idsOffset, uint32_t count, uint32_t maxId, Rows src, bool srcInConsts,
                uint32_t n, uint32_t rows, float scale, bool accumulate, Rows y);

    // Two-axis RoPE in place on `heads` heads of headDim values per row: positions (x, y) int32
    // pairs at ids offset posOffset, frequencies (headDim/4 floats) at consts offset freqs.
    void rope2d(Rows x, uint32_t rows, uint32_t heads, uint32_t headDim, uint32_t posOffset,
                uint32_t freqs);
    // Bidirectional attention over the `rows` rows: o = softmax(scale·q·kᵀ)·v per head.
    void attention(Rows q, Rows k, Rows v, Rows o, uint32_t rows, uint32_t heads, uint32_t kvHeads,
                   uint32_t headDim, float scale);

    // The bindings of `kernel` to views of the tower's buffers, made once and cached under `key`
    // (for kernels a tower adds itself).
    const gpu::Bindings *bind(gpu::KernelId kernel, int key,
                              const std::vector<const gpu::Buffer *> &buffers);
    const TowerBuffers &buffers() const { return m_buffers; }
    gpu::GpuContext &context() { return m_ctx; }

private:
    TowerOps(gpu::GpuContext &ctx, const TowerBuffers &buffers);
    const gpu::Bindings *weightBindings(gpu::KernelId kernel, int buffer);
    void elementwise(gpu::TowerEltMode mode, Rows x, Rows y, bool yInConsts, uint32_t n,
                     uint32_t rows, Rows out, float s, float t, uint32_t v = 0, uint32_t v2 = 0);

    gpu::GpuContext &m_ctx;
    TowerBuffers m_buffers;
    std::map<std::pair<int, int>, std::unique_ptr<gpu::Bindings>> m_bindings;
    std::unique_ptr<gpu::Bindings> m_norm, m_elementwise, m_gather, m_rope2d, m_attention,
        m_matMulReduce;

    gpu::ComputeBatch *m_batch = nullptr;
    uint32_t m_splitOffset = 0, m_splitFloats = 0;
    QString m_error;
};

}  // namespace facet::model
