// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gemma 4 (E2B / E4B) model configuration, read from a GGUF file's `gemma4.*` metadata and checked
// against its tensor shapes.
//
// Key names, defaults and fallbacks follow Ollama's reader (model/models/gemma4) and converter
// (convert/convert_gemma4.go); semantics follow Hugging Face transformers' Gemma4TextConfig. Where
// metadata and tensors can both tell a value (head dims, KV heads, FFN widths, vocabulary size)
// both are read and any disagreement is an error naming the key, the tensor and both values: a file
// that loads is one whose every later shape assumption holds.
#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace facet::gguf {
class File;
}

namespace facet::model {

enum class AttentionKind { Sliding, Global };

const char *attentionKindName(AttentionKind k);  // "sliding" / "global"

// One decoder layer.
struct Gemma4LayerConfig {
    int index = 0;
    AttentionKind kind = AttentionKind::Sliding;
    int headDim = 0;  // key_length_swa (sliding) or key_length (global); == attn_q_norm ne[0]
    int kvHeads = 0;  // KV heads of the cache this layer reads
    // Layer whose K/V cache this layer reads instead of its own (the last non-shared layer of the
    // same kind), or -1 when the layer computes and stores its own K/V.
    int kvDonor = -1;
    // True when the file carries attn_k/attn_v/attn_k_norm for this layer. Always true for layers
    // with their own cache; shared layers normally have none (Hugging Face drops them), and when a
    // file does carry them they are unused.
    bool hasKvWeights = true;
    int ffnWidth = 0;  // F_i: ffn_gate/ffn_up ne[1] == ffn_down ne[0]
    float ropeBase = 0;
    int ropeDims = 0;  // RoPE dimensions (sliding: head dim; global: rope.dimension_count)
    // Name of the per-layer output scale tensor ("blk.i.layer_output_scale.weight", or the alias
    // "blk.i.layer_scalar"); empty when the layer has none (then the scale is 1).
    std::string outputScaleTensor;

    bool isSliding() const { return kind == AttentionKind::Sliding; }
    bool sharesKv() const { return kvDonor >= 0; }
    bool hasOutputScale() const { return !outputScaleTensor.empty(); }
};

// Vision tower (`gemma4.vision.*`, `v.*` and `mm.input_projection` tensors).
struct Gemma4VisionConfig {
    bool present = false;  // v.* weights are in this file
    // The file has gemma4.vision.* keys but no v.* weights (a separate projector file is expected).
    bool metadataOnly = false;
    int blockCount = 0;
    int width = 0;  // vision.embedding_length
    int heads = 0;
    int headDim = 0;   // width / heads
    int ffnWidth = 0;  // vision.feed_forward_length
    int patchSize = 16;
    int channels = 3;
    int mergeFactor = 3;  // vision.projector.scale_factor: pooling kernel
    float eps = 1e-6f;
    float ropeTheta = 100.0f;     // a constant of the architecture, not stored in the file
    int positionSlots = 0;        // v.position_embd.weight ne[1]
    bool hasClampData = false;    // packed v.clamp_data (Ollama's converter)
    bool hasStandardize = false;  // v.std_bias and v.std_scale
};

// Audio tower (`gemma4.audio.*`, `a.*` and `mm.a.*` tensors).
struct Gemma4AudioConfig {
    bool present = false;
    bool metadataOnly = false;
    int blockCount = 0;
    int width = 0;
    int heads = 0;
    int headDim = 0;
    int ffnWidth = 0;
    int convKernel = 5;
    int melBins = 128;
    float eps = 1e-6f;
    int outputDim = 0;  // mm.a.fc ne[1] (input width of mm.a.input_projection)
};

struct Gemma4Config {
    // Identity (informational).
    std::string name;       // general.name, may be empty
    int64_t fileType = -1;  // general.file_type, -1 when absent

    int layerCount = 0;  // L: block_count
    int hidden = 0;      // H: embedding_length
    int heads = 0;       // nH: attention.head_count
    int contextLength = 0;
    int slidingWindow = 0;  // W: attention.sliding_window
    float rmsEps = 1e-6f;

    int headDimSliding = 0;  // attention.key_length_swa
    int headDimGlobal = 0;   // attention.key_length
    int kvHeadsSliding = 0;  // KV heads of the first sliding layer (0 when there is none)
    int kvHeadsGlobal = 0;   // KV heads of the first global layer (0 when there is none)

    int sharedKvLayers = 0;    // attention.shared_kv_layers
    int firstSharedLayer = 0;  // L − shared_kv_layers (== L when nothing is shared)

    int pleDim = 0;  // P: embedding_length_per_layer_input (0: no per-layer embeddings)
    bool hasPle =
        false;  // per_layer_token_embd / per_layer_model_proj / per_layer_proj_norm present

    float ropeBaseGlobal = 1e6f;   // rope.freq_base
    float ropeBaseSliding = 1e4f;  // rope.freq_base_swa, else rope.local.freq_base, else 1e4
    int ropeDimsGlobal = 0;        // rope.dimension_count, else partial_rotary_factor·key_length
    int ropeDimsSliding = 0;       // rope.dimension_count_swa, else key_length_swa
    bool hasRopeFreqs = false;     // rope_freqs.weight present (proportional RoPE factors)
    int ropeFreqsLength = 0;       // its element count (ropeDimsGlobal / 2)

    float finalLogitSoftcap = 0;     // 0: no softcapping
    int vocabSize = 0;               // token_embd ne[1]
    int tokenizerTokens = 0;         // tokenizer.ggml.tokens count (<= vocabSize)
    bool hasSeparateOutput = false;  // output.weight present (otherwise tied to token_embd)

    std::vector<Gemma4LayerConfig> layers;
    Gemma4VisionConfig vision;
    Gemma4AudioConfig audio;

    // True when built by fromGguf (tensors checked); false from fromMetadata, where tensor-derived
    // facts (output scales, rope_freqs, towers' presence) are unknown.
    bool tensorsChecked = false;

    // Reads and validates everything: metadata, then every text tensor's presence and shape, then
    // the vision and audio towers when their weights are in the file. On failure returns nullopt
    // and sets *error to one message naming the key or tensor and the expected vs found values.
    static std::optional<Gemma4Config> fromGguf(const gguf::File &f, QString *error);

    // Metadata only (no tensor is looked at): what a file's header claims. FFN widths come from
    // feed_forward_length, vocabSize from the tokenizer. Useful for quick listings and for checking
    // metadata of files whose tensors are not at hand.
    static std::optional<Gemma4Config> fromMetadata(const gguf::File &f, QString *error);

    // KV-sharing donor map: for each layer, -1 (own cache) or the last layer < first of the same
    // kind, where first = pattern.size() − sharedKvLayers. pattern[i] is true for sliding layers.
    // Fails when sharedKvLayers is out of range or a shared layer has no donor of its kind.
    static std::optional<std::vector<int>> kvDonorMap(const std::vector<bool> &slidingPattern,
                                                      int sharedKvLayers, QString *error);

    const Gemma4LayerConfig &layer(int i) const { return layers.at(static_cast<size_t>(i)); }
    // Number of layers that own a KV cache (== firstSharedLayer).
    int cacheLayerCount() const { return firstSharedLayer; }

    // Human summary for `facet-cli info`, one line per entry; the layer table is run-length
    // compressed ("layers 0-3 sliding hd256 kv1 ffn6144").
    std::vector<std::string> describe() const;
};

}  // namespace facet::model
