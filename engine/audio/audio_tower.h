// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Gemma 4 audio tower (a Conformer) and its projection into the text model's width: the
// configuration and weights read from a GGUF, and a CPU reference forward that follows Hugging
// Face transformers' Gemma4AudioModel + Gemma4MultimodalEmbedder (modeling_gemma4.py) step by step.
// The GPU tower is tested against this.
//
// Forward, for a log-mel spectrogram [T][128] with its frame mask:
//   SSCP: two blocks of 3×3 stride-2 convolution → LayerNorm over channels (no bias) → ReLU, the
//   input of each block multiplied by its time mask first and the mask then halved (mask[::2]);
//   flatten [T/4][F/4·C1] (frequency-major, channel innermost) → linear (no bias) → width.
//   Conformer layer: ½-step FFN (clamp, RMSNorm, up, SiLU, down, clamp, RMSNorm, ×0.5, +x);
//   attention (clamp, RMSNorm, q/k/v, chunked local relative-position attention, out, clamp,
//   RMSNorm, +x); light conv (RMSNorm, pw1, GLU, causal depthwise k=5, clamp, RMSNorm, SiLU, pw2,
//   +x); ½-step FFN; clamp; RMSNorm. Linears inside the layers are HF's clipped linears.
//   Then output_proj (`mm.a.fc`, with bias), the valid tokens only, a weightless RMSNorm and
//   `mm.a.input_projection` into the text width.
//
// GGUF names: Ollama's (a.pre_encode.out = the SSCP projection, mm.a.fc = output_proj, blk ln1 /
// ln2 / layer_pre_norm / linear_pos) and llama.cpp's mmproj (a.input_projection,
// a.pre_encode.out = output_proj, blk attn_pre_norm / attn_post_norm / ln2 / attn_k_rel) are both
// read; per_dim_scale is stored after softplus in both. Clipped linears' bounds are optional
// 1-element tensors `<linear>.input_min`, `.input_max`, `.output_min`, `.output_max`.
#pragma once

#include "gguf/gguf.h"
#include "model/reference_ops.h"

#include <QString>

#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <vector>

namespace facet::audio {

struct AudioTowerConfig {
    int width = 0;       // gemma4.audio.embedding_length (HF hidden_size)
    int heads = 0;       // gemma4.audio.attention.head_count
    int headDim = 0;     // width / heads
    int layers = 0;      // gemma4.audio.block_count
    int ffn = 0;         // the FFN's inner width (HF: 4 · width), from the tensors
    int convKernel = 0;  // the light conv's depthwise kernel (5)
    int melBins = 128;
    int sscpChannels0 = 0, sscpChannels1 = 0;  // from the conv tensors
    int sscpFreqOut = 0;                       // mel bins after the two stride-2 convs (32)
    int outputDims = 0;                        // output_proj width (HF output_proj_dims)
    int textWidth = 0;                         // the text model's width (embedding_length)
    // HF Gemma4AudioConfig constants (not in the GGUF metadata).
    int chunk = 12;
    int contextLeft = 13;
    int contextRight = 0;
    float logitCap = 50.0f;
    float invalidLogit = -1.0e9f;
    float residualWeight = 0.5f;
    float gradientClip = 1.0e10f;
    float eps = 1e-6f;
    bool llamaCppNames = false;  // which naming the file uses
};

// A linear layer with HF's optional input and output clamps (Gemma4ClippableLinear).
struct ClippedLinear {
    model::ref::WeightView weight;  // ne = [in, out]
    std::vector<float> bias;        // empty or [out]
    float inMin = -std::numeric_limits<float>::infinity();
    float inMax = std::numeric_limits<float>::infinity();
    float outMin = -std::numeric_limits<float>::infinity();
    float outMax = std::numeric_limits<float>::infinity();
};

struct AudioLayerWeights {
    std::vector<float> ffnNorm, ffnPostNorm, ffn2Norm, ffn2PostNorm;
    ClippedLinear ffnUp, ffnDown, ffn2Up, ffn2Down;
    std::vector<float> attnPreNorm, attnPostNorm, outNorm;
    ClippedLinear q, k, v, out;
    model::ref::WeightView relativeK;  // linear_pos / attn_k_rel
    std::vector<float> perDimScale;    // softplus already applied
    std::vector<float> convPreNorm, convNorm;
    ClippedLinear convPw1, convPw2;
    std::vector<float> convDepthwise;  // [width][kernel]
};

struct AudioTowerWeights {
    std::vector<float> conv0, conv0Norm, conv1, conv1Norm;  // [cout][cin][3][3], [cout]
    ClippedLinear sscpProjection;
    std::vector<AudioLayerWeights> layers;
    ClippedLinear outputProjection;     // mm.a.fc (+ bias)
    ClippedLinear embeddingProjection;  // mm.a.input_projection
};

// Intermediate results, for tests: each [frames][width] except `output` ([frames][outputDims]),
// frames = the SSCP output length, padded frames included as HF computes them.
struct AudioStages {
    int frames = 0;
    std::vector<uint8_t> valid;  // [frames]
    std::vector<float> sscp;
    std::vector<std::vector<float>> layers;
    std::vector<float> output;
};

struct AudioEncodeControl {
    // Called after each Conformer layer with (layers done, layers); returning false cancels.
    std::function<bool(int, int)> progress;
};

class AudioReference {
public:
    // Reads the configuration and weights. `file` must outlive the returned object (the weights
    // are views into its mapping). A missing or mis-shaped tensor is an error naming it.
    static std::unique_ptr<AudioReference> load(const gguf::File &file, QString *error);

    const AudioTowerConfig &config() const { return m_config; }
    const AudioTowerWeights &weights() const { return m_weights; }

    // mel: [frames][melBins]; mask: [frames] (1 = real frame) or empty for all valid. Returns the
    // soft tokens of the valid frames, [tokens][textWidth], or an empty vector with *error set.
    std::vector<float> encode(const std::vector<float> &mel, int frames,
                              std::span<const uint8_t> mask, const AudioEncodeControl &control,
                              QString *error, AudioStages *stages = nullptr) const;

    // Pieces of the forward, exposed for tests.
    std::vector<float> subsample(const std::vector<float> &mel, int frames,
                                 std::span<const uint8_t> mask, std::vector<uint8_t> *validOut,
                                 int *framesOut) const;
    void layer(int index, std::vector<float> &x, int frames, std::span<const uint8_t> valid) const;

private:
    AudioTowerConfig m_config;
    AudioTowerWeights m_weights;
};

}  // namespace facet::audio
