// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Gemma 4 vision tower on the GPU, written in the encoder op layer (model/tower_ops.h): the
// same maths and contract as VisionReference::encode (vision_tower.h), which it is tested against.
//
// Weights are uploaded once at create(): the linears in their stored type where the tiled matmul
// reads it (F16, BF16, Q8_0, …; others dequantised to F32), the patch embedding (reordered to HF's
// patch order) and every vector (norms, position table, standardisation, RoPE frequencies) as f32.
// Activations are planned per image (gpu::ActivationAllocator) and the buffer grows to the largest
// image seen (reserve() sizes it up front); an encode records the tower into a few batches (every
// `layersPerSubmit` layers, so progress is reported and cancel is honoured between them) with no
// readback before the soft tokens.
#pragma once

#include "vision/image_preprocess.h"
#include "vision/vision_tower.h"

#include <QString>

#include <memory>
#include <vector>

namespace facet::gpu {
class Buffer;
class GpuContext;
}  // namespace facet::gpu

namespace facet::model {
class TowerOps;
class TowerWeights;
}  // namespace facet::model

namespace facet::vision {

struct GpuVisionOptions {
    // Encoder blocks recorded per submission (progress and cancel happen between submissions).
    int layersPerSubmit = 4;
    // Largest weight buffer (0: 256 MiB); tests lower it to spread the weights over buffers.
    qint64 maxWeightBufferBytes = 0;
};

class GpuVisionTower {
public:
    // Uploads `tower`'s weights to `ctx` (the tower may be destroyed afterwards; its File only has
    // to live during this call). nullptr and *error on a GPU failure.
    static std::unique_ptr<GpuVisionTower> create(gpu::GpuContext &ctx, const VisionTower &tower,
                                                  const GpuVisionOptions &options, QString *error);
    // Loads the tower from a GGUF file (VisionTower::load: a file without one, or with a missing or
    // mis-shaped tensor, gives nullptr and *error naming it) and uploads it.
    static std::unique_ptr<GpuVisionTower> create(gpu::GpuContext &ctx, const gguf::File &file,
                                                  const GpuVisionOptions &options, QString *error);
    ~GpuVisionTower();
    GpuVisionTower(const GpuVisionTower &) = delete;
    GpuVisionTower &operator=(const GpuVisionTower &) = delete;

    const VisionConfig &config() const { return m_config; }

    // Soft tokens of one image projected into the text width: [N][textWidth] row-major, N =
    // image.softTokens() — VisionReference::encode's contract (progress after the patch embedding
    // and the blocks, false cancels; empty and *error for an image that does not fit the tower,
    // a cancel or a GPU failure). Runs on the context's thread.
    std::vector<float> encode(const PreprocessedImage &image, const EncodeControl &control,
                              QString *error);

    // Sizes the activations for images of up to `patches` patches now (budget 1120: 10080).
    bool reserve(int patches, QString *error);
    // Frees the activation memory (the next encode allocates it again).
    void releaseActivations();

    // GPU memory held: the uploaded weights and the activation (and index) buffers.
    qint64 weightBytes() const;
    qint64 activationBytes() const;
    // The activation bytes an image of `patches` patches needs.
    qint64 activationBytesFor(int patches) const;

private:
    GpuVisionTower(gpu::GpuContext &ctx, const GpuVisionOptions &options);
    struct Plan;
    Plan plan(int patches) const;
    bool ensureActivations(int patches, QString *error);

    gpu::GpuContext &m_ctx;
    GpuVisionOptions m_options;
    VisionConfig m_config;
    std::unique_ptr<model::TowerWeights> m_weights;
    struct Layer;
    std::vector<Layer> m_layers;
    struct Head;
    std::unique_ptr<Head> m_head;
    // Per image: the buffers (sized for m_capacity patches) and the ops bound to them.
    int m_capacity = 0;
    std::unique_ptr<gpu::Buffer> m_act, m_ids;
    std::unique_ptr<model::TowerOps> m_ops;
};

}  // namespace facet::vision
