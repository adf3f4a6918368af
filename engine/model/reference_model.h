// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// CPU reference forward pass of the Gemma 4 (E2B / E4B) text decoder.
//
// The oracle for the GPU path and, later, for the backward pass: every step of docs/gemma4.md §3
// is a separate, plainly written stage built from the ops in reference_ops.h, activations are
// row-major [tokens][width] float buffers, and a trace callback can observe each intermediate.
// Where Ollama and Hugging Face transformers differ, this follows Hugging Face: sliding layers
// see the keys k > q − W, attention scale 1.0, V normed without a weight, norm weights multiply
// directly, embeddings scaled by sqrt(H) in f32, proportional RoPE through rope_freqs on global
// layers, layer_output_scale on every layer that has it, final logit softcapping.
//
// The model is immutable after load(), so sessions on different threads may share it.
//
// Numerics: sums (dot products, norms, softmax) are accumulated in double and RoPE angles are
// computed in double, then every activation is stored as float. At long positions an f32 angle
// (as Hugging Face and ggml compute it) differs from this one by up to ~position·6e-8 rad.
//
// Weights are never copied: the model keeps views into the GGUF file's mapping and dequantises a
// row whenever a matrix product needs it (norm vectors, a few KB, are read at load). Loading a
// multi-GB file therefore costs only the configuration check; running it is slow but bounded in
// memory (one dequantised row at a time plus activations and the KV cache).
#pragma once

#include "model/forward_types.h"
#include "model/gemma4_config.h"
#include "model/reference_ops.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace facet::gguf {
class File;
}

namespace facet::model {

// One intermediate activation, reported to a trace callback while a forward pass runs.
struct TraceEvent {
    std::string_view name;        // see ReferenceModel::Session::setTrace
    int layer = -1;               // decoder layer, -1 for model-level activations
    int rows = 0;                 // tokens of the current call
    int cols = 0;                 // width of one row
    int64_t firstPosition = 0;    // position of the first row
    std::span<const float> data;  // [rows][cols]
};
using TraceFn = std::function<void(const TraceEvent &)>;

// Checks a forward call's inputs against the model: token ids inside the vocabulary; soft
// embeddings at distinct indices inside the call, each of `hidden` values. Every backend (the
// reference, the GPU) validates through this, so they accept and refuse the same calls.
bool validateForwardInputs(const Gemma4Config &config, std::span<const int32_t> tokens,
                           std::span<const SoftEmbedding> soft, QString *error);

class ReferenceModel {
public:
    // Weights of one decoder layer. Views point into the GGUF mapping. For a layer that reads
    // another layer's KV cache (KV sharing) attnK, attnV and kNorm are left empty even when the
    // file carries them: they are never used.
    struct LayerWeights {
        ref::WeightView attnQ, attnK, attnV, attnOutput;
        ref::WeightView ffnGate, ffnUp, ffnDown;
        ref::WeightView inpGate, proj;  // per-layer-input gate and projection (when PLE)
        std::vector<float> attnNorm, qNorm, kNorm, postAttentionNorm;
        std::vector<float> ffnNorm, postFfwNorm, postNorm;
        float outputScale = 1.0f;  // layer_output_scale (1 when the layer has none)
    };

    // KV cache of one layer that owns one: K after k_norm and RoPE, V after its weightless norm,
    // one row of kvHeads·headDim per cached position. Sliding layers keep only the positions a
    // later query can still see (the last W − 1 after each call).
    struct KvCache {
        int width = 0;
        std::vector<int64_t> positions;
        std::vector<float> k, v;  // [positions.size()][width]
    };

    enum class Logits {
        All,   // [n][V]: every token of the call
        Last,  // [V]: the last token only (what generation needs)
        None,  // nothing (extends the cache only)
    };

    // Incremental decoding with a CPU KV cache. The model (and the file behind it) must outlive
    // the session.
    class Session {
    public:
        explicit Session(const ReferenceModel &model);

        // Runs `tokens` at positions position() … position() + n − 1, appending their K/V to the
        // cache, and returns the logits selected by `which` (softcapped). `soft` indexes into
        // `tokens`. On a bad token id or soft embedding returns an empty vector, sets *error and
        // leaves the session unchanged; no tokens: returns an empty vector and does nothing.
        std::vector<float> prefill(std::span<const int32_t> tokens,
                                   std::span<const SoftEmbedding> soft = {},
                                   Logits which = Logits::All, QString *error = nullptr);
        // One token; returns its logits [V] (empty on a bad id).
        std::vector<float> step(int32_t token, QString *error = nullptr);

        // Position of the next token (= tokens processed so far).
        int64_t position() const { return m_position; }
        // Forgets everything (position 0, empty caches).
        void reset();
        // Takes the sequence back to `position` (≤ position()), as if only its first `position`
        // tokens had been run: the cache entries after it are dropped. Sliding caches keep
        // kRewindSlack positions beyond their window for this, so a rewind of up to that many
        // positions always works; a longer one returns false (and changes nothing) when a sliding
        // layer no longer holds the keys the next token would see. A chat uses this to reuse the
        // cache of a conversation whose latest turn was edited or regenerated.
        bool rewind(int64_t position);
        static constexpr int64_t kRewindSlack = 512;
        // Positions sliding caches keep beyond their window (kRewindSlack unless set; 0 keeps
        // exactly the window). Takes effect at the next trim.
        void setRewindSlack(int64_t positions) { m_rewindSlack = std::max<int64_t>(0, positions); }

        // Layers that own a cache: 0 … cacheLayerCount() − 1 (config().firstSharedLayer). Layers
        // from there on read their donor's cache and store nothing.
        int cacheLayerCount() const { return static_cast<int>(m_caches.size()); }
        const KvCache &cache(int layer) const { return m_caches.at(static_cast<size_t>(layer)); }

        // Observes intermediates. Model-level names (layer −1): "embed" [n][H] (scaled embeddings
        // with soft tokens spliced in), "ple" [n][L·P] (per-layer inputs, layer-major),
        // "output_norm" [n][H], "logits_raw" and "logits" [n][V] (before / after softcapping; rows
        // as selected by Logits). Per layer: "attn_norm" [n][H]; "q" [n][nH·hd] (after q_norm and
        // RoPE); "k", "v" [n][nKV·hd] (after norm and RoPE; only for layers that own a cache);
        // "attn" [n][nH·hd] (attention output before attn_output); "attn_out", "attn_post_norm",
        // "x_attn" (residual stream after attention), "ffn_norm" [n][H]; "ffn_gate", "ffn_up",
        // "ffn_act" [n][F]; "ffn_down", "ffn_post_norm", "x_ffn" [n][H]; with PLE "ple_gate",
        // "ple_act" [n][P], "ple_proj", "ple_post_norm", "x_ple" [n][H]; "layer_out" [n][H] (after
        // the output scale).
        void setTrace(TraceFn trace) { m_trace = std::move(trace); }

        // From now on, round the inputs of the projections the GPU runs on its integer-dot path
        // (8-bit activations) the way it does (ref::matmulQ8Inputs with this minWeights; < 0:
        // off, the default). The GPU takes that path in chunks of at most matVecMaxColumns
        // tokens only (decode steps; a longer prefill chunk stays in float, its output head
        // included), so a test mirrors it by turning this on after such a prefill.
        void setQ8Activations(int64_t minWeights) { m_q8aMinWeights = minWeights; }
        // From now on, store the keys and values rounded to f16, as the GPU's f16 KV cache does
        // (GpuModelOptions::kvCacheF16): attention reads the rounded values, this call's tokens'
        // included.
        void setF16KvCache(bool on) { m_f16Cache = on; }

    private:
        void report(std::string_view name, int layer, int rows, int cols,
                    std::span<const float> data, size_t firstRow = 0) const;
        void attentionBlock(int layer, std::vector<float> &x, int n,
                            std::span<const int64_t> positions);
        void ffnBlock(int layer, std::vector<float> &x, int n) const;
        void perLayerInputBlock(int layer, std::vector<float> &x, int n,
                                std::span<const float> ple) const;
        void trimSlidingCaches();
        int64_t m_rewindSlack = kRewindSlack;
        int64_t m_q8aMinWeights = -1;
        bool m_f16Cache = false;

        const ReferenceModel *m_model;
        int64_t m_position = 0;
        std::vector<KvCache> m_caches;
        TraceFn m_trace;
    };

    // Builds the model over `file` (which must outlive it and every session). Checks the
    // configuration (Gemma4Config::fromGguf) and that every needed tensor has a type this module
    // can dequantise; on failure returns nullptr and sets *error.
    static std::unique_ptr<ReferenceModel> load(const gguf::File &file, QString *error);

    const Gemma4Config &config() const { return m_config; }
    int vocabSize() const { return m_config.vocabSize; }

    // Whole-sequence forward from position 0: logits [T][V]. Empty (and *error set) on a bad
    // token id or soft embedding.
    std::vector<float> forward(std::span<const int32_t> tokens,
                               std::span<const SoftEmbedding> soft = {},
                               QString *error = nullptr) const;

    Session newSession() const { return Session(*this); }

    // Read access for tests and the backward pass.
    const LayerWeights &layerWeights(int layer) const {
        return m_layers.at(static_cast<size_t>(layer));
    }
    const ref::WeightView &tokenEmbedding() const { return m_tokenEmbd; }
    const ref::WeightView &outputWeight() const { return m_output; }
    // RoPE parameters of a layer (sliding: θ_swa over its dims; global: θ with rope_freqs).
    ref::RopeParams ropeParams(int layer) const;
    // Attention parameters of a layer (heads, KV heads, head dim, window, scale 1).
    ref::AttentionParams attentionParams(int layer) const;
    // The final norm's weight [H].
    std::span<const float> outputNorm() const { return m_outputNorm; }

    // Model-level stages (n tokens of one call; the training forward runs them too): the scaled
    // embeddings with soft tokens spliced in, [n][H]; the per-layer inputs from them, [n][L·P]
    // layer-major.
    void embed(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
               std::vector<float> &x) const;
    void perLayerInputs(std::span<const int32_t> tokens, std::span<const SoftEmbedding> soft,
                        std::span<const float> x, std::vector<float> &ple,
                        int64_t q8aMinWeights = -1) const;

private:
    ReferenceModel() = default;

    const gguf::File *m_file = nullptr;
    Gemma4Config m_config;
    ref::WeightView m_tokenEmbd, m_output;
    ref::WeightView m_perLayerTokenEmbd, m_perLayerModelProj;
    std::vector<float> m_perLayerProjNorm, m_outputNorm, m_ropeFreqs;
    std::vector<LayerWeights> m_layers;
};

}  // namespace facet::model
