// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// LoRA training on the GPU: the LossBackend (trainer.h) that runs an example's forward and
// backward as Facet's compute kernels, on the weights a GpuModel already uploaded (frozen, in
// their GGUF block formats) and an adapter kept on the GPU for the whole optimizer step.
//
// One example (a sequence of T <= maxTokens tokens from position 0):
//   forward   embeddings and per-layer inputs, then layer by layer the same maths as
//             ReferenceModel (reference_model.h) with every adapted projection
//             y = W·x + s·B·(A·x); each layer's input (the residual stream) is kept, and the
//             K/V of the layers that own a cache (the layers that share them read them later);
//   loss      output norm, the output head and the cross-entropy (with the final softcap) in
//             blocks of rows, so the [T][vocabulary] logits never exist whole; each block's
//             logits' gradient goes back through the head at once;
//   backward  layer by layer from the last: the layer's forward recomputed from its kept input
//             (gradient checkpointing: one layer's activations exist at a time), then the
//             backward of every op (train/reference_trainer.cpp is the same chain on the CPU):
//             the norms, GeGLU, attention (its K/V gradient added to the cache's owner, which
//             every sharing layer reaches before it), RoPE, the frozen products' input gradients
//             (the weight decoded to f32 rows, then a product) and the adapters' factor
//             gradients, weighted by the example's share of the step and added to the step's sum.
//
// LoRA dropout (accumulate() only; evaluations have none): the input of every adapter's A is
// masked (shaders/lora_dropout.comp) with the masks of train/dropout_mask.h, a hash of the
// example's seed, the projection and the element, so they are the CPU oracle's bit for bit and
// the same in the forward, its recompute and the backward without being kept; the input gradient
// through the adapter is masked alike. Packed passes take no dropout (packTokens() is 0 with it).
//
// Threading: the GpuContext's thread. The model (and its context) must outlive the backend.
#pragma once

#include "train/trainer.h"

#include <QString>

#include <memory>

namespace facet::model {
class GpuModel;
}

namespace facet::train {

// The loss scale of the GPU backward: it carries kGpuLossScale times the gradient of the sum of
// the token losses, so that the gradients stay in f16's normal range where staged products
// round them (gpu_trainer.cpp says more).
inline constexpr float kGpuLossScale = 256.0f;

struct GpuTrainOptions {
    // The longest example the run passes (tokens); buffers are sized for it.
    int maxTokens = 2048;
    // The most floats of logits one block of rows holds (rows = this / vocabulary, at least 1).
    qint64 logitBlockFloats = qint64(64) << 20;
    // The most floats of one frozen weight decoded at a time for an input gradient.
    qint64 decodeBlockFloats = qint64(16) << 20;
    // How the frozen weights' products run:
    //   Auto: Staged on devices with tensor cores (GpuInfo::cooperativeMatrixNV), Float elsewhere;
    //   Float: the forward on the tiled matmul of the weight's format, the input gradient as an
    //     f32 product over the weight's rows decoded to f32 (exact to f32 rounding);
    //   Staged: both as staged products (gpu/matmul_ops.h: weights and inputs rounded to f16,
    //     f32 sums), the input gradient over the weight decoded transposed (dequant_f16's
    //     transposed rows); on tensor cores several times faster;
    //   StagedBackward: the forward as Float, the input gradients staged (tests: the transposed
    //     path checked apart from the forward's f16 rounding, which large logits amplify).
    enum class Products { Auto, Float, Staged, StagedBackward };
    Products products = Products::Auto;
    // Staged: the most halves of one weight block in the staging buffer (blocks of rows).
    qint64 stagedBlockHalves = qint64(48) << 20;
    // The attention, forward and backward:
    //   Products: as matrix products over blocks of query rows (gpu/ops.h
    //     recordAttentionProducts, recordAttentionBackwardProducts; on tensor cores with the
    //     staged products), the scores of a block in a scratch of at most attentionScratchFloats;
    //   Flash: the inference attention kernel forward and the flash backward kernel
    //     (attention_backward.comp: no scores kept, scalar maths).
    enum class Attention { Products, Flash };
    Attention attention = Attention::Products;
    qint64 attentionScratchFloats = qint64(32) << 20;
};

class GpuLossBackend final : public LossBackend {
public:
    // For adapters of `lora`'s shape on `model`. nullptr with *error when the device cannot hold
    // the training buffers.
    static std::unique_ptr<GpuLossBackend> create(model::GpuModel &model, const LoraConfig &lora,
                                                  const GpuTrainOptions &options, QString *error);
    ~GpuLossBackend() override;
    GpuLossBackend(const GpuLossBackend &) = delete;
    GpuLossBackend &operator=(const GpuLossBackend &) = delete;

    ReferenceLoss evaluate(const TokenizedExample &e, const LoraAdapter &adapter,
                           QString *error) override;
    bool beginStep(const LoraAdapter &adapter, QString *error) override;
    ReferenceLoss accumulate(const TokenizedExample &e, double weight, uint64_t dropoutSeed,
                             QString *error) override;
    bool gradients(LoraAdapter *grads, QString *error) override;
    // Packing: up to maxTokens tokens a pass (with the attention as products; 0 with Flash).
    int packTokens() const override;
    std::vector<ReferenceLoss> accumulatePacked(std::span<const TokenizedExample *const> examples,
                                                double tokenWeight, QString *error) override;

    // The optimizer on the GPU: AdamW (the adamw kernel) over the adapter in its buffer, the
    // moments in one more buffer (2 floats a parameter, made by loadState), the gradient norm
    // from sum_squares partials added on the host.
    bool residentOptimizer() const override { return true; }
    bool loadState(const LoraAdapter &adapter, const AdamW &optimizer, QString *error) override;
    bool beginResidentStep(QString *error) override;
    bool residentGradientNorm(double *norm, QString *error) override;
    bool residentStep(double lr, double gradScale, QString *error) override;
    bool readState(LoraAdapter *adapter, AdamW *optimizer, QString *error) override;
    ReferenceLoss evaluateResident(const TokenizedExample &e, QString *error) override;

    // The GPU memory the training buffers take (bytes, besides the model's own).
    qint64 bufferBytes() const;

    struct Impl;

private:
    explicit GpuLossBackend(std::unique_ptr<Impl> impl);
    // Starts the step's gradient sum at zero.
    bool beginSum(QString *error);
    std::unique_ptr<Impl> m;
};

}  // namespace facet::train
