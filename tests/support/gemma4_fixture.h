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
#include <map>
#include <optional>
#include <string>
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

}  // namespace facet::test
