// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Builds small but structurally complete Gemma 4 GGUF files for tests.
//
// The defaults describe a tiny model that exercises every feature of the real E2B/E4B files:
// sliding and global layers with different head dims and KV head counts, KV sharing (including a
// shared global layer), per-layer FFN widths (double-wide shared layers, written as an array),
// per-layer embeddings, a layer output scale on every layer, rope_freqs, final logit softcapping,
// and a small but consistent BPE tokenizer. Tensor names, ggml `ne` shapes and metadata keys and
// value types are exactly what Ollama's converter writes (see docs/gemma4.md §2), so code that
// loads these loads real files too.
//
// Mutation hooks (removeKeys, setKeys, removeTensors, reshapeTensors) produce deliberately broken
// files for validation tests.
#pragma once

#include "gguf/gguf.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::test {

struct Gemma4FixtureOptions {
    int layers = 6;   // L
    int hidden = 64;  // H
    int heads = 4;    // nH
    int kvHeadsSliding = 1;
    // KV heads of global layers. When it differs from kvHeadsSliding, head_count_kv is written as
    // a per-layer array (as Ollama's converter does for num_global_key_value_heads).
    int kvHeadsGlobal = 2;
    int headDimSliding = 32;  // key_length_swa
    int headDimGlobal = 64;   // key_length
    // true = sliding. Empty: (2 sliding, 1 global) repeated, last layer global — for L = 6:
    // S S G S S G.
    std::vector<bool> slidingPattern;
    int sharedKvLayers = 2;  // L=6: layers 4 (sliding, reads 3) and 5 (global, reads 2)
    // Per-layer FFN widths. Empty: ffnWidth for own-cache layers and 2·ffnWidth for shared layers
    // (Gemma 4's use_double_wide_mlp). Written as a scalar when all are equal, else an i32 array.
    std::vector<int> ffnWidths;
    int ffnWidth = 96;
    int pleDim = 16;  // P; 0 leaves out every per-layer-embedding tensor
    int vocab = 512;  // V; at least 400 for the built-in tokenizer
    int contextLength = 8192;
    int slidingWindow = 16;
    float rmsEps = 1e-6f;
    float ropeBase = 1e6f;
    float ropeBaseSliding = 1e4f;
    float partialRotaryFactor = 0.25f;  // rope_freqs: this fraction of global pairs rotate
    float softcap = 30.0f;              // 0: key not written (as the converter does)
    bool layerOutputScale = true;       // blk.i.layer_output_scale.weight on every layer
    bool ropeFreqs = true;              // rope_freqs.weight
    // Write attn_k/attn_v/attn_k_norm on shared layers too (real files have none).
    bool sharedLayersHaveKv = false;

    // Optional towers with stub weights of the right structure (tiny widths).
    bool vision = false;
    int visionBlocks = 2, visionWidth = 32, visionHeads = 2, visionFfn = 64;
    int visionPatch = 4, visionPositions = 64, visionMerge = 3;
    bool audio = false;
    int audioBlocks = 2, audioWidth = 32, audioHeads = 2, audioOutput = 48;

    // Storage types. Linear (2-D) weights use weightType; a weight whose row length (ne[0]) is not
    // a multiple of the type's block size falls back to F16, as quantisers do. Norms, scales and
    // rope_freqs are always F32.
    gguf::TensorType weightType = gguf::TensorType::F32;
    gguf::TensorType embeddingType = gguf::TensorType::F32;     // token_embd
    gguf::TensorType pleEmbeddingType = gguf::TensorType::F32;  // per_layer_token_embd
    std::map<std::string, gguf::TensorType> tensorTypes;        // per-tensor overrides

    // Weight values are uniform random, seeded: the same seed gives the same bytes.
    uint64_t seed = 0x6e6d6134;
    std::string name = "facet-test-gemma4";
    // general.file_type; -1: derived from weightType (applyGemma4Mix() sets the mix's).
    int64_t fileType = -1;
    // Order the tensors as Ollama's GGUF writer does (blk.0.* … blk.N.* by layer number, each
    // layer's tensors by name, then the other tensors by name) instead of the builder's own order
    // (embeddings, layers, output_norm, rope_freqs, towers). The real-size shapes set it.
    bool ollamaTensorOrder = false;

    // Mutations applied after the normal contents are assembled (for validation tests).
    std::vector<std::string> removeKeys;
    std::vector<gguf::KeyValue> setKeys;  // added or replaced
    std::vector<std::string> removeTensors;
    std::map<std::string, std::vector<uint64_t>> reshapeTensors;  // name -> new ne (new data)
    std::map<std::string, std::vector<uint64_t>> addTensors;      // extra F32 tensors
};

// Resolved view of the options: the per-layer values the fixture actually wrote. Tests compare a
// loaded configuration against this.
struct Gemma4FixtureLayout {
    std::vector<bool> sliding;
    std::vector<int> headDim, kvHeads, ffnWidth, kvDonor;
    int firstShared = 0;
};
Gemma4FixtureLayout gemma4FixtureLayout(const Gemma4FixtureOptions &o);

// The built-in tokenizer's token list for a vocabulary of `vocab` ids (see gemma4_fixture.cpp for
// its layout); also written by the fixture as tokenizer.ggml.tokens.
std::vector<std::string> gemma4FixtureTokens(int vocab);

// Builds the GGUF image. Returns an empty array and sets *error on failure (bad options).
QByteArray gemma4FixtureBytes(const Gemma4FixtureOptions &o, QString *error);
// Builds it and writes it to `path` (atomically).
bool writeGemma4Fixture(const QString &path, const Gemma4FixtureOptions &o, QString *error);

// ---- Real-size shapes, quantisation mixes and the streaming generator (benchmark models) ----
//
// Real-size models with random weights are generated on demand (facet-make-fixture --shape
// e2b|e4b), never committed: 3.4–8.6 GB (E2B/E4B, Q4_K_M; most of it the per-layer embedding
// table, 4.7/5.6 GB in BF16 under Ollama's rules). The generator below streams them to disk through
// gguf::StreamWriter with bounded memory, quantising random rows on several threads.

enum class Gemma4Shape { Tiny, E2B, E4B };

const char *gemma4ShapeName(Gemma4Shape s);  // "tiny", "e2b", "e4b"
std::optional<Gemma4Shape> gemma4ShapeByName(std::string_view name);

// Options with the text decoder dimensions of the real model (docs/gemma4.md §2; see the
// definition for the sources and the open doubts), F32 weights, Ollama's tensor order. The
// towers' real dimensions are filled in too but left off (set vision / audio to write them:
// vision 16 blocks × 768, 12 heads, FFN 3072, patch 16, 10240 positions; audio 12 Conformer
// blocks × 1024, 8 heads, FFN 4096, output 1536). Tiny: the default options (the small test
// model).
//   E2B: H 1536, 35 layers, 8 heads, 1 KV head, head dims 256 sliding / 512 global,
//        (4 sliding, 1 global)×7, FFN 6144 (layers 0–14) / 12288 (15–34), 20 shared KV
//        layers, PLE 256, vocab 262144, window 512, context 131072, softcap 30,
//        rope θ 1e6 global (rope_freqs: 64×1, 192×1e30) / 1e4 sliding.
//   E4B: H 2560, 42 layers, 8 heads, 2 KV heads, (5 sliding, 1 global)×7, FFN 10240 on every
//        layer, 18 shared KV layers; the rest as E2B.
Gemma4FixtureOptions gemma4ShapeOptions(Gemma4Shape s);

// A quantisation mix: which type each tensor gets, following the rules of a quantiser.
enum class Gemma4FileType {
    F32,     // every tensor F32
    F16,     // 2-D weights (embeddings included) F16, the rest F32
    BF16,    // 2-D weights BF16 (a converted, unquantised checkpoint)
    Q8_0,    // llama.cpp "Q8_0": 2-D weights and token_embd Q8_0
    Q4_0,    // llama.cpp "Q4_0": Q4_0, token_embd Q6_K
    Q4_K_S,  // llama.cpp "Q4_K_S": Q4_K; attn_v of the first 4, ffn_down of the first 1/8 Q5_K
    Q4_K_M,  // llama.cpp "Q4_K_M": Q4_K; token_embd, use_more_bits attn_v / ffn_down Q6_K
    Q5_K_M,  // llama.cpp "Q5_K_M": Q5_K; token_embd, use_more_bits attn_v / ffn_down Q6_K
    Q6_K,    // llama.cpp "Q6_K": everything Q6_K
};

// Whose tensor-selection rules to follow. Both implement llama.cpp's llama_tensor_get_type (the
// same use_more_bits, output-tensor and fallback rules: Ollama's Go quantiser is a port of it);
// they differ only in the per-layer-embedding tensors:
//   Ollama (its Go quantiser, server/quantization.go at 9a3e1407e — what `ollama create -q`
//     produced for Gemma 4, and what docs/gemma4.md §1 describes): per_layer_token_embd is never
//     quantised — it keeps the source type — while per_layer_model_proj is quantised like any
//     other weight.
//   LlamaCpp (src/llama-quant.cpp of ggml-org/llama.cpp at 007dbbf3; Ollama's HEAD now runs
//     llama-quantize with no Gemma 4 override): per_layer_token_embd counts as a token
//     embedding, and with the output tied to token_embd that means Q6_K under the K-mixes;
//     per_layer_model_proj is never quantised (keeps the source type).
enum class Gemma4Quantizer { Ollama, LlamaCpp };

struct Gemma4Mix {
    Gemma4FileType fileType = Gemma4FileType::Q4_K_M;
    Gemma4Quantizer quantizer = Gemma4Quantizer::Ollama;
    // Type of the unquantised source checkpoint: what tensors the quantiser leaves alone keep
    // (Hugging Face ships Gemma 4 in BF16). 1-D tensors (norms, scales, rope_freqs) are F32.
    gguf::TensorType sourceType = gguf::TensorType::BF16;
};

// "f32", "f16", "bf16", "q8_0", "q4_0", "q4_k_s", "q4_k_m", "q5_k_m", "q6_k"; a "-llamacpp"
// suffix selects the llama.cpp rules (e.g. "q4_k_m-llamacpp"). Case-insensitive.
std::optional<Gemma4Mix> gemma4MixByName(std::string_view name);
std::string gemma4MixName(const Gemma4Mix &m);
std::vector<std::string> gemma4MixNames();  // every accepted name, for usage messages
// general.file_type of the mix (llama.cpp's llama_ftype numbering: Q4_K_M = 15, …).
uint32_t gemma4MixFileType(const Gemma4Mix &m);

// The type `mix` gives each tensor of `o` (names as gemma4FixturePlan() lists them; empty for
// options the builder rejects). Pure: looks only at names, shapes and the layer order, as the
// quantisers do:
//   - quantised: 2-D+ tensors whose name ends in "weight", except norms, the vision/audio towers
//     and mm.* projectors (left at their source types) and the per-rule exceptions above;
//   - token_embd (output tied to it): Q6_K, or Q8_0 when the mix's base type is Q8_0 or
//     ne[0] % 256 != 0;
//   - attn_v / ffn_down of Q4_K_M and Q5_K_M: Q6_K where use_more_bits(i, n) holds, i the index
//     of the tensor among its kind in layer order, n their count (attn_v: the layers that have
//     one — 15 for E2B; ffn_down: all layers), use_more_bits(i, n) = i < n/8 || i >= 7n/8 ||
//     (i − n/8) % 3 == 2 (integer division): the first and last eighth and every third between;
//   - a block type whose block does not divide ne[0] falls back: Q4_K → Q5_0, Q5_K → Q5_1,
//     Q6_K → Q8_0, then F16.
std::map<std::string, gguf::TensorType> gemma4MixTypes(const Gemma4FixtureOptions &o,
                                                       const Gemma4Mix &mix);
// Sets o's weight types and per-tensor overrides (tensorTypes) to the mix, and fileType.
void applyGemma4Mix(Gemma4FixtureOptions &o, const Gemma4Mix &mix);

// How the streaming generator draws a tensor's values (docs: gemma4_fixture.cpp). Chosen so
// that activations stay O(1) through any number of layers: linear weights have standard
// deviation 1/sqrt(fan-in), token_embd 1/sqrt(H) (so embedding·sqrt(H) and the tied logits are
// ~unit), per_layer_token_embd 1/sqrt(P), norms 1 ± 0.1 (attn_q_norm/attn_k_norm (hd)^-1/4 ± 10%,
// so that scores at attention scale 1 are ~unit), layer_output_scale U(0.85, 0.95). Each layer
// adds three normed branches of rms ~1 to the residual stream and then scales it by s ≈ 0.9, so
// the stream settles at rms ≈ sqrt(3s²/(1 − s²)) ≈ 3.6 instead of growing with depth; the tied
// logits have a standard deviation of ~1 (measured on the real E2B shape: 1.9 after layer 0,
// 3.4–4.2 from layer 5 to 34, logits sd 1.00; far below the softcap of 30).
// The towers use the same laws: a 4-D weight is a convolution kernel whose fan-in is
// ne0·ne1·ne2 (v.patch_embd, a.conv1d.N; conv_dw's is its kernel, 5), the position table
// 1/sqrt(W) (small beside the unit patch embedding), per_dim_scale U(0.85, 0.95), mm.a.fc.bias
// 1 ± 0.1, v.clamp_data ±100 (bounds that real activations never reach). Every vision block
// adds two normed branches without a scale, so its stream grows like sqrt(2·blocks) (≈ 6 after
// 16) and is RMS-normed before the projection; every audio block ends in an RMS norm.
enum class Gemma4Fill { Linear, Embedding, Norm, QkNorm, Scale, RopeFreqs, Clamp };

// One tensor as the builder writes it: final name, shape and type (after the per-tensor
// overrides and the F16 fallback for block types that do not divide ne[0]), in file order.
struct Gemma4TensorPlan {
    std::string name;
    std::vector<uint64_t> ne;
    gguf::TensorType type = gguf::TensorType::F32;
    Gemma4Fill fill = Gemma4Fill::Linear;
    uint64_t bytes = 0;  // data size
};
// The tensors `o` describes, without generating anything. Empty (and *error) for bad options.
std::vector<Gemma4TensorPlan> gemma4FixturePlan(const Gemma4FixtureOptions &o, QString *error);

struct Gemma4StreamOptions {
    int threads = 0;                             // workers quantising rows; 0: all cores
    uint64_t chunkElements = uint64_t{1} << 20;  // values per work item (whole rows, at least one)
    // Called on the writing thread after each work item: data bytes written / total.
    std::function<void(uint64_t done, uint64_t total)> progress;
};

struct Gemma4StreamStats {
    uint64_t fileBytes = 0;
    uint64_t elements = 0;  // values generated
    size_t tensors = 0;
    int threads = 0;
    double seconds = 0;
};

// Generates the model `o` describes straight to `path` through gguf::StreamWriter: metadata and
// tensor list as gemma4FixtureBytes(), values drawn per row from a counter-based generator
// (splitmix64 keyed by seed, tensor name and row — the same bytes for any thread count or chunk
// size) by the laws of Gemma4Fill and quantised with gguf::quantizeRow. Memory stays bounded
// (a few work items per thread) whatever the model size. Note: the values differ from
// gemma4FixtureBytes(), which keeps its original generator (std::mt19937_64 per tensor).
bool writeGemma4FixtureStreaming(const QString &path, const Gemma4FixtureOptions &o,
                                 const Gemma4StreamOptions &so, Gemma4StreamStats *stats,
                                 QString *error);

}  // namespace facet::test
