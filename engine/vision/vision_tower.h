// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Gemma 4 vision tower: its configuration and weights as read from a GGUF file, and the CPU
// reference encoder (VisionReference) the GPU path is checked against.
//
// Two namings are read (docs/gemma4.md §2, §4):
//   - Ollama's single-file GGUF: metadata `gemma4.vision.*`, text width `gemma4.embedding_length`,
//     ClippableLinear bounds packed in `v.clamp_data` (per layer q, k, v, out, gate, up, down × 4
//     floats inMin, inMax, outMin, outMax, then 4 for the projector; an all-zero quadruple means
//     "no bounds") and/or per-linear scalars;
//   - llama.cpp's projector file (Hugging Face repos ship `mmproj-*.gguf`): metadata
//     `clip.vision.*`, text width `clip.vision.projection_dim`, bounds as per-linear scalars
//     `<linear>.input_min/.input_max/.output_min/.output_max`.
// The tensors are named alike in both: `v.patch_embd` (ne [p, p, 3, W]: channel-major patches),
// `v.position_embd` (ne [W, P, 2]: slab 0 for x, slab 1 for y), `v.blk.i.{ln1, attn_q, attn_k,
// attn_v, attn_q_norm, attn_k_norm, attn_out, attn_post_norm, ln2, ffn_gate, ffn_up, ffn_down,
// ffn_post_norm}` (+ optional `out_scale`), optional `v.std_bias` / `v.std_scale`, and
// `mm.input_projection` (ne [W, textWidth]).
//
// The maths is Hugging Face's Gemma4VisionModel + Gemma4MultimodalEmbedder (transformers 5.17).
#pragma once

#include "gguf/gguf.h"
#include "model/reference_ops.h"
#include "vision/image_preprocess.h"
#include "vision/vision_ops.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace facet::vision {

struct VisionConfig {
    int width = 0;    // hidden size W
    int layers = 0;   // encoder blocks
    int heads = 0;    // query heads
    int kvHeads = 0;  // key/value heads
    int headDim = 0;
    int ffn = 0;  // MLP width
    int patchSize = 0;
    int poolingKernel = 3;
    int positions = 0;  // rows of each slab of the position table
    int textWidth = 0;  // the projection's output width (the text model's hidden size)
    float eps = 1e-6f;
    float ropeTheta = 100.0f;  // a constant of the model, not stored in GGUF files
    bool clamped = false;      // some linear has ClippableLinear bounds
    bool standardize = false;  // v.std_bias / v.std_scale present
    bool layerOutputScale = false;
    bool llamaCppNaming = false;  // read from a clip.* (mmproj) file
};

struct VisionLinear {
    model::ref::WeightView weight;
    ops::ClampBounds bounds;
};

struct VisionLayer {
    std::vector<float> ln1, attnPostNorm, ln2, ffnPostNorm;  // [W]
    std::vector<float> qNorm, kNorm;                         // [headDim]
    VisionLinear q, k, v, out, gate, up, down;
    std::vector<float> outScale;  // empty, or 1 value (a per-layer scalar) or W values
};

// Whether a GGUF file carries a vision tower (any `v.` tensor or vision metadata).
bool hasVisionTower(const gguf::File &file);

// Configuration, checked against the tensor shapes. nullopt and *error naming the missing key or
// the tensor whose shape is wrong.
std::optional<VisionConfig> readVisionConfig(const gguf::File &file, QString *error);

// The tower's weights. Norms, the patch embedding and the position table are dequantised to f32
// at load; the large linears stay views into the file (dequantised row by row when used), so the
// File must outlive the tower.
class VisionTower {
public:
    static std::unique_ptr<VisionTower> load(const gguf::File &file, QString *error);

    const VisionConfig &config() const { return m_config; }
    // [W][p·p·3], each row in HF's patch order (row, column, channel).
    const std::vector<float> &patchEmbedding() const { return m_patchEmbedding; }
    const std::vector<float> &positionTable() const { return m_positionTable; }  // [2][P][W]
    const std::vector<VisionLayer> &layers() const { return m_layers; }
    const std::vector<float> &stdBias() const { return m_stdBias; }
    const std::vector<float> &stdScale() const { return m_stdScale; }
    const VisionLinear &projection() const { return m_projection; }

private:
    VisionTower() = default;
    VisionConfig m_config;
    std::vector<float> m_patchEmbedding, m_positionTable, m_stdBias, m_stdScale;
    std::vector<VisionLayer> m_layers;
    VisionLinear m_projection;
};

// Intermediate results of one encode, row-major. T = patches, N = soft tokens.
struct VisionStages {
    std::vector<float> patchEmbedding;       // [T][W]: input projection + position embeddings
    std::vector<std::vector<float>> layers;  // each block's output [T][W]
    std::vector<float> pooled;               // [N][W]: 3×3 average ×sqrt(W)
    std::vector<float> towerOutput;          // [N][W]: pooled after the optional standardisation
};

struct EncodeControl {
    // Called after the patch embedding and after each block with (done, total) steps; returning
    // false cancels the encode.
    std::function<bool(int done, int total)> progress;
};

// The CPU reference of the tower: float activations, double sums, threads over rows.
// Whether `image` was prepared for this tower and fits its position table; else false and
// *error says why (both the CPU reference and the GPU tower check this first).
bool imageFitsTower(const VisionConfig &config, const PreprocessedImage &image, QString *error);

class VisionReference {
public:
    explicit VisionReference(const VisionTower &tower) : m_tower(tower) {}

    // Soft tokens of one image projected into the text width: [N][textWidth] row-major, N =
    // image.softTokens(). Empty and *error for an image that does not fit the tower (patch size,
    // position table) or when cancelled. `stages` (optional) receives the intermediate values.
    std::vector<float> encode(const PreprocessedImage &image, const EncodeControl &control,
                              QString *error, VisionStages *stages = nullptr) const;

private:
    const VisionTower &m_tower;
};

}  // namespace facet::vision
