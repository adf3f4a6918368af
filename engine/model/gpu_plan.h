// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Planning the Gemma 4 text decoder on a GPU: a pure function from a GGUF file, the model options
// and what the device allows to everything the model will allocate (weight placement, KV cache
// shapes, activation layout) and its memory estimate. Nothing touches the GPU: the Models dock
// calls estimateGpuMemory() for files it only lists, GpuModel::load() uploads what the plan says.
#pragma once

#include "gguf/gguf.h"
#include "model/gemma4_config.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace facet::gpu {
class GpuContext;
}

namespace facet::model {

// Whether mat-vec projections run on 8-bit activations (quantize_q8 + integer-dot kernels).
enum class EightBitActivations {
    Auto,  // on GPUs that report an accelerated packed int8 dot product, for projections of at
           // least kDotMinWeights weights; never on software devices
    Off,
    All,  // every projection with an integer-dot kernel, on any device (tests)
};
// "auto" / "off" (or "0") / "all"; nullopt for anything else.
std::optional<EightBitActivations> parseEightBitActivations(QStringView text);
QString eightBitActivationsName(EightBitActivations mode);

struct GpuModelOptions {
    // Positions the session can hold; 0: min(8192, the model's trained context). More than the
    // model's context is refused.
    int64_t contextLength = 0;
    // Tokens per GPU submission during prefill (also the ring slack of sliding caches); 0: 2048
    // on devices with tensor cores (large discrete GPUs: fewer weight decodes per token and four
    // times the attention's workgroups; H200, E2B 2048 tokens: 15.9k tok/s against 14.3k at 512),
    // 512 elsewhere.
    int maxChunk = 0;
    // Largest weight buffer (0: the device's limit, at most 256 MiB). Tests lower it to exercise
    // the multi-buffer and split-tensor paths.
    qint64 maxWeightBufferBytes = 0;
    // Input columns up to which a projection uses the mat-vec kernel; more use the tiled matmul.
    int matVecMaxColumns = 8;
    // 8-bit activations for mat-vec projections (a user-visible choice: Settings, --int8).
    EightBitActivations eightBit = EightBitActivations::Auto;
    // Fusions, on by default; off only to compare (bench) or to test the unfused kernels:
    //   the FFN gate|up writes the down's 8-bit input itself (no quantize_q8 between them);
    bool fuseGegluQ8 = true;
    //   that fused gate|up forms its input (residual add + norms) in its prologue (no
    //   add_rmsnorm dispatch before it);
    bool gegluAddNormPrologue = true;
    //   the next decode step is recorded while the GPU runs the current one.
    bool recordAhead = true;
    // Prefill attention runs on the tensor cores (where the device has them and the head dim
    // fits) once a call has at least this many (query, head) pairs: 128 workgroups of 16 pairs,
    // below which the flash-decoding kernel, which splits the keys, fills the GPU better
    // (H200, E2B: 16 queries over 512 keys take 38 us there, 149 us on the tensor cores).
    // Tests lower it to run the tensor-core path on tiny models.
    uint32_t tensorAttentionMinPairs = 2048;
    // The KV caches hold f16 values (half the memory and the attention's reads; llama.cpp's
    // default), rounded to nearest when stored; f32 otherwise. A user-visible choice (bench and
    // run: --kv-cache f16|f32).
    bool kvCacheF16 = false;
    // Prefill projections of at least this many columns run as the staged product on devices
    // with tensor cores (gpu/matmul_ops.h recordMatMulStaged: the weight decoded to f16 once per
    // call, then a tensor-core product of f16 operands); fewer columns, or devices without tensor
    // cores, take the single-kernel matmul. 0: never staged.
    int stagedMatMulMinColumns = 128;
    // The staging buffer's weight area holds at most this many bytes (a projection with more
    // rows is staged and multiplied in blocks of rows).
    qint64 stagedMatMulMaxWeightBytes = qint64(64) << 20;
};

// What a model needs on the GPU and on the host at a context length, before anything is
// allocated.
struct GpuMemoryEstimate {
    qint64 weightBytes = 0;      // uploaded weights
    qint64 kvCacheBytes = 0;     // all KV caches
    qint64 activationBytes = 0;  // activation arena, scratch, small buffers
    qint64 hostBytes = 0;        // host memory beyond the file mapping (staging, PLE rows)
    // The towers' weights as the file stores them (0: no such tower in this file). They are
    // loaded on first use, so gpuTotal() leaves them out.
    qint64 visionBytes = 0;
    qint64 audioBytes = 0;
    qint64 gpuTotal() const { return weightBytes + kvCacheBytes + activationBytes; }
    // "3.1 GiB GPU (weights 2.6 GiB, KV cache 256 MiB at 8192 tokens, activations 210 MiB); when
    // used, vision 330 MiB, audio 600 MiB".
    QString describe(int64_t contextLength) const;
};

// "3.1 GiB", "256.0 MiB", "12.5 KiB".
QString memoryText(qint64 bytes);

// What planning needs to know of the device. The defaults describe no particular device (an
// estimate): no storage-range limit beyond 4 GiB, the 8-bit path's scratch included.
struct GpuDeviceLimits {
    qint64 maxStorageBufferRange = 0;  // 0: 4 GiB
    bool softwareDevice = false;
    bool acceleratedInt8Dot = true;  // the 8-bit path runs by default (EightBitActivations::Auto)
    // The split-K workgroup target of the prefill matmuls (sizes their scratch; 0: the default).
    uint32_t matMulSplitTarget = 0;
    // Tensor cores for the matmuls (GpuInfo::cooperativeMatrixNV with 32-lane subgroups): the
    // staged prefill product and its staging buffer.
    bool tensorCores = false;
    static GpuDeviceLimits of(const gpu::GpuContext &ctx);
};

// A weight matrix on the GPU: N rows of K values of `type`, possibly split into row parts (each
// in one weight buffer).
struct WeightPart {
    int buffer = 0;
    qint64 offset = 0;  // byte offset in the buffer
    int64_t firstRow = 0;
    int64_t rows = 0;
};
struct WeightMatrix {
    const gguf::TensorInfo *info = nullptr;  // null for matrices merged from several tensors
    gguf::TensorType type{};
    int64_t K = 0, N = 0;
    qint64 rowBytes = 0;
    std::vector<WeightPart> parts;
};

// A low-rank adapter on one projection (LinearAdapter below); a projection that carries one takes
// no fused path that would skip the adapter's input.
struct LinearAdapter;
// The largest adapter rank the GPU decoder runs (the activation arena keeps maxChunk x this many
// floats for the adapters' intermediate A·x).
inline constexpr int kMaxAdapterRank = 128;

// A projection: matrices whose outputs sit side by side in one output row (the column of each);
// tensors adjacent in the same buffer with the same type are merged at planning into one matrix
// (one dispatch). Every projection of the model is one of these and is recorded by
// TextOps::linear().
struct Linear {
    std::vector<std::pair<WeightMatrix, int64_t>> pieces;
    int64_t outWidth = 0;
    const LinearAdapter *adapter = nullptr;
};

// A LoRA adapter on a projection, as the GPU runs it: for each adapted block of the projection's
// outputs (q, k and v of a merged q|k|v; gate and up of gate|up), u = A·x into the adapter
// scratch (ActivationLayout::lora), then y[column …] += B'·u with B' = strength·scale·B. A and B'
// are F32 weight matrices in the adapter's own buffer; x is the projection's input, formed the
// same way (input mode) as for the frozen product.
struct LinearAdapter {
    struct Part {
        Linear a;  // rank x in
        Linear b;  // out x rank
        int64_t column = 0;
    };
    std::vector<Part> parts;
};

struct LayerWeights {
    Linear qkv;  // q | k | v (KV-shared layers: q only)
    Linear attnOut, gateUp, down, inpGate, proj;
    int qWidth = 0, kvWidth = 0;
    // Float offsets of the norm weights in the norms buffer.
    uint32_t attnNorm = 0, qNorm = 0, kNorm = 0, postAttnNorm = 0, ffnNorm = 0, postFfwNorm = 0,
             postNorm = 0;
    float outputScale = 1.0f;
    int cacheLayer = 0;  // the layer whose KV cache this one uses
};

struct TextWeights {
    WeightMatrix tokenEmbd;
    Linear output, pleProj;
    WeightMatrix pleTable;  // read on the host only (no parts)
    uint32_t outputNorm = 0, pleProjNorm = 0, ropeFreqs = 0;
    std::vector<LayerWeights> layers;
};

// Where the activations of a chunk of `tokens` tokens live in the activation buffer (float
// offsets), from the lifetime-aware allocator (gpu/activation_allocator.h).
struct ActivationLayout {
    uint32_t tokens = 0;
    // Residual stream (x, and x2 for the AddNorm input mode, which writes the new residual beside
    // the old one), normed input a, block output b, the projections' outputs, the per-layer
    // inputs (ple) and table rows (z), logits, split-K partials, and the Q8A inputs of the
    // integer-dot mat-vecs (xq; xq2 the down's, written by the fused gate|up).
    uint32_t x = 0, x2 = 0, a = 0, b = 0, qkv = 0, o = 0, gu = 0, g = 0, ple = 0, z = 0, logits = 0,
             mmSplit = 0, xq = 0, xq2 = 0;
    // An adapter's A·x of the projection being recorded: [tokens][kMaxAdapterRank].
    uint32_t lora = 0;
    uint32_t pleStride = 0, mmSplitFloats = 0, xqStride = 0;
    uint64_t total = 0;          // floats
    uint64_t unsharedTotal = 0;  // floats without lifetime sharing (for reports)
};

struct KvCacheShape {
    uint32_t rows = 0;  // ring slots (sliding layers) or the context length
    int width = 0;      // kvHeads * headDim
};

struct GpuPlan {
    Gemma4Config config;
    GpuModelOptions options;
    int64_t contextLength = 0;
    int maxChunk = 0;
    int logitRows = 0;  // rows of logits the arena holds (Logits::All chunk limit)
    // Mat-vec projections with an integer-dot kernel and at least this many weights take the
    // 8-bit path; -1: none (resolved from options.eightBit and the device).
    int64_t dotMinWeights = -1;

    TextWeights weights;
    std::vector<qint64> bufferSizes;  // weight buffers
    struct Upload {
        int buffer;
        qint64 offset;
        const uint8_t *src;
        qint64 bytes;
    };
    std::vector<Upload> uploads;
    std::vector<float> norms;  // norm weights and RoPE factors (f32)

    ActivationLayout act;
    std::vector<KvCacheShape> caches;  // one per layer below firstSharedLayer
    // The staged prefill product's staging buffer (GpuModelOptions::stagedMatMulMinColumns;
    // both 0 when the plan does not use it): weight rows from uvec4 0 (whole tiles of rows of any
    // projection, up to stagedMatMulMaxWeightBytes), the input columns from uvec4 stagingInputAt.
    uint64_t stagingInputAt = 0, stagingUvec4s = 0;
    uint64_t attentionScratchFloats = 0;
    qint64 pleRowStride = 0;  // bytes per raw PLE table row uploaded for a chunk

    GpuMemoryEstimate memory;
};

// The smallest mat-vec projection (K·N weights) that takes the 8-bit integer-dot path by default.
// Measured on an H100 (E2B Q4_K_M decode): smaller projections (q|k|v, the PLE pair) are no
// faster on 8-bit inputs than on floats once the quantize_q8 dispatch is counted.
inline constexpr int64_t kDotMinWeights = int64_t(8) << 20;

// The plan, or nullopt with *error saying what is wrong with the file (and what to do).
std::optional<GpuPlan> planGpuModel(const gguf::File &file, const GpuModelOptions &options,
                                    const GpuDeviceLimits &device, QString *error);

// The memory the model would need with `options` on any device; nullopt (and *error) when the
// file is not a Gemma 4 model Facet's GPU engine can run.
std::optional<GpuMemoryEstimate> estimateGpuMemory(const gguf::File &file,
                                                   const GpuModelOptions &options, QString *error);

}  // namespace facet::model
