// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// CPU reference operations of the Gemma 4 text decoder.
//
// Plain, readable code: these functions are the oracle the GPU kernels (and later the backward
// pass) are tested against. Every op is a separate function with explicit inputs and outputs,
// activations are simple row-major float buffers, and sums are accumulated in double so a result
// is the formula's value rounded once to float, as nearly as float storage allows. Speed is not a
// goal. Element-wise ops, the row norms and RoPE may be given the same buffer as input and output;
// matmul, matvec and attention may not.
//
// The ops that the gradient checks differentiate also take double buffers: the same formula
// evaluated in double throughout, without the rounding to float. That is the float64 forward whose
// central differences the backward ops (reference_backward.h) are checked against.
//
// Conventions (docs/gemma4.md §0): a row-major activation [T][D] is T rows of D contiguous floats
// (ggml's [D, T]). A linear weight is stored as GGUF does it, `ne = [in, out]`: `out` rows of
// `in` contiguous values, so y[n] = Σ_k W[k, n]·x[k] reads row n.
#pragma once

#include "gguf/gguf.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace facet::model::ref {

// ---- weights ----------------------------------------------------------------------------------

// A 2-D weight (or embedding table) in its stored encoding: `rows` rows of `cols` values, each row
// `rowBytes` bytes of `type` blocks. Rows are dequantised on demand, so a view over a memory-mapped
// file costs nothing until it is used. The view does not own `data`.
struct WeightView {
    gguf::TensorType type = gguf::TensorType::F32;
    const uint8_t *data = nullptr;
    int64_t cols = 0;  // ne[0]: input width (embedding: the vector length)
    int64_t rows = 0;  // ne[1]·ne[2]·ne[3]: output width (embedding: the vocabulary)
    size_t rowBytes = 0;

    bool valid() const { return data != nullptr && cols > 0 && rows > 0; }
    // Dequantises row `r` (0 <= r < rows) into out[0..cols).
    void dequantizeRow(int64_t r, std::span<float> out) const;

    // A view over plain floats, row-major [rows][cols] (tests, and weights already in f32).
    static WeightView fromF32(std::span<const float> values, int64_t cols, int64_t rows);
    // A view over a GGUF tensor; invalid (valid() == false) for a type dequant.h cannot decode or
    // a row length that is not a multiple of the type's block size.
    static WeightView fromTensor(const gguf::TensorInfo &t);
};

// y[n] = Σ_k W[k, n]·x[k] for one input vector: x has W.cols values, y has W.rows.
void matvec(const WeightView &w, std::span<const float> x, std::span<float> y);

// The same for T input rows: X is [T][W.cols], Y is [T][W.rows]. Each weight row is dequantised
// once and applied to every input row; the result equals T calls of matvec exactly.
void matmul(const WeightView &w, std::span<const float> x, int t, std::span<float> y);
void matmul(const WeightView &w, std::span<const double> x, int t, std::span<double> y);

// ---- 8-bit activations (the GPU's integer-dot mat-vecs) -----------------------------------------

// x rounded as the GPU's quantize_q8 kernel rounds a mat-vec input for the integer-dot kernels
// (Q8A): per block of 32 values, d = max|v| / 127 and q = round-half-even(v · (1 / d)) in
// −127..127, all in float. q8aQuantize gives the integers and scales; q8aRound the values d·q, so
// that matvec(w, q8aRound(x), y) is the reference of an integer-dot mat-vec: the exact product
// of the dequantised weights and the rounded activation, summed in double. x.size() must be a
// multiple of 32.
struct Q8A {
    std::vector<int8_t> q;  // x.size() values
    std::vector<float> d;   // one scale per block of 32
};
Q8A q8aQuantize(std::span<const float> x);
std::vector<float> q8aRound(std::span<const float> x);
// The GPU layout of one Q8A column (12 words per block: 8 words of q bytes, d, d·Σq[0..15],
// d·Σq[16..31], 0), for uploading a CPU-quantised input in kernel tests.
std::vector<uint32_t> q8aPack(const Q8A &a);

// Whether the GPU has an integer-dot mat-vec for weights of `type` (Q8_0, Q4_K, Q5_K, Q6_K;
// engine/gpu/kernels.h matVecDotKernel, checked equal by a test).
bool q8aDotType(gguf::TensorType type);
// matmul, with each input row first rounded by q8aRound when the GPU would run this product on
// its integer-dot path: minWeights >= 0, w's type has such a kernel, w.cols is a multiple of 32
// and w.cols · w.rows >= minWeights (engine/model/gpu_model.cpp, GpuModel::usesDot). minWeights
// < 0 is plain matmul.
void matmulQ8Inputs(const WeightView &w, std::span<const float> x, int t, std::span<float> y,
                    int64_t minWeights);

// out = table row `id` (dequantised) · scale, the multiplication done in float as Hugging Face
// does (`embedding * embed_scale`). out has table.cols values.
void embeddingRow(const WeightView &table, int64_t id, float scale, std::span<float> out);
void embeddingRow(const WeightView &table, int64_t id, double scale, std::span<double> out);

// ---- LoRA adapters ----------------------------------------------------------------------------

// y[t] += s · B · (A · x[t]) for T input rows: the low-rank update of an adapted projection,
// added to the frozen product (matmul). A is [rank][in] and B is [out][rank], row-major (PEFT's
// lora_A.weight and lora_B.weight); s = alpha / rank. x is [T][in], y is [T][out]; A·x is kept in
// double and each y value rounded once.
void loraAdd(std::span<const float> a, std::span<const float> b, int rank, float s,
             std::span<const float> x, int t, std::span<float> y);
void loraAdd(std::span<const double> a, std::span<const double> b, int rank, double s,
             std::span<const double> x, int t, std::span<double> y);

// ---- normalisation ----------------------------------------------------------------------------

// 1 / sqrt(mean(x²) + eps), computed in double: the factor every RMS norm multiplies by.
double rmsInverse(std::span<const float> x, float eps);
double rmsInverse(std::span<const double> x, double eps);

// y = x / sqrt(mean(x²) + eps) (Gemma 4's V norm and other weightless norms).
void rmsNorm(std::span<const float> x, std::span<float> y, float eps);
void rmsNorm(std::span<const double> x, std::span<double> y, double eps);
// y = x / sqrt(mean(x²) + eps) ⊙ weight — the stored weight multiplies directly (no +1).
void rmsNormWeighted(std::span<const float> x, std::span<const float> weight, std::span<float> y,
                     float eps);
void rmsNormWeighted(std::span<const double> x, std::span<const double> weight, std::span<double> y,
                     double eps);
// Row-wise norm of a [rows][dim] buffer where dim = x.size() / rows: per token, or per head of a
// token's [heads][headDim] vector. `weight` has dim values, or is empty for a weightless norm.
void rmsNormRows(std::span<const float> x, int rows, std::span<const float> weight,
                 std::span<float> y, float eps);
void rmsNormRows(std::span<const double> x, int rows, std::span<const double> weight,
                 std::span<double> y, double eps);

// ---- activations ------------------------------------------------------------------------------

// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) — GELU, tanh approximation (gelu_pytorch_tanh).
float geluTanh(float x);
double geluTanh(double x);
// out[i] = geluTanh(gate[i]) · up[i] (the gated FFN and the per-layer-input gate).
void geglu(std::span<const float> gate, std::span<const float> up, std::span<float> out);
void geglu(std::span<const double> gate, std::span<const double> up, std::span<double> out);
// cap · tanh(x / cap); cap <= 0 means no capping (returns x).
float softcap(float x, float cap);
double softcap(double x, double cap);
void softcap(std::span<const float> x, float cap, std::span<float> y);
void softcap(std::span<const double> x, double cap, std::span<double> y);

// ---- rotary position embedding ----------------------------------------------------------------

// NeoX-style RoPE ("rotate half"): within each head the first `dims` values form dims/2 pairs
// (j, j + dims/2) rotated by θ_j = position · base^(−2j/dims) / factor_j; values at dims and
// beyond pass through. `freqFactors` holds dims/2 factors (Gemma 4's rope_freqs: 1 for rotated
// pairs, 1e30 for the rest — proportional RoPE) or is empty (all factors 1).
struct RopeParams {
    int dims = 0;
    float base = 10000.0f;
    std::span<const float> freqFactors;
};

// The rotation angle of pair j at `position`, in double.
double ropeAngle(const RopeParams &p, int pair, int64_t position);

// Rotates every head of x ([heads][headDim], heads = x.size() / headDim) to y. x and y may be the
// same buffer (each pair is read before it is written).
void ropeNeox(std::span<const float> x, std::span<float> y, int headDim, int64_t position,
              const RopeParams &p);
void ropeNeox(std::span<const double> x, std::span<double> y, int headDim, int64_t position,
              const RopeParams &p);

// ---- attention --------------------------------------------------------------------------------

struct AttentionParams {
    int heads = 0;    // query heads nH
    int kvHeads = 0;  // KV heads nKV (nH a multiple of it); query head h reads KV head h·nKV/nH
    int headDim = 0;
    // Sliding window W: key k is visible to query q when pos(k) <= pos(q) and, for W > 0,
    // pos(k) > pos(q) − W (W keys including the query's own position, as Hugging Face masks).
    int window = 0;
    float scale = 1.0f;     // score multiplier (Gemma 4 text: 1.0)
    float logitCap = 0.0f;  // > 0: scores become cap·tanh(score/cap) before the mask and softmax
};

// True when a query at qPos may attend to a key at kPos under `window` (0: causal only).
bool attentionVisible(int64_t qPos, int64_t kPos, int window);

// Causal (optionally sliding-window) multi-head attention with grouped KV heads.
//   q:    [Tq][heads·headDim]   queries at absolute positions qPos[Tq]
//   k, v: [Tk][kvHeads·headDim] keys/values at absolute positions kPos[Tk]
//   out:  [Tq][heads·headDim]   Σ_k softmax_k(scale·q·k) · v over the visible keys
//   probs (optional, empty to skip): [Tq][heads][Tk] softmax weights, 0 for masked keys.
// A query with no visible key (not possible for a causal cache that holds its own position)
// produces zeros.
void attention(std::span<const float> q, std::span<const int64_t> qPos, std::span<const float> k,
               std::span<const float> v, std::span<const int64_t> kPos, const AttentionParams &p,
               std::span<float> out, std::span<float> probs = {});
void attention(std::span<const double> q, std::span<const int64_t> qPos, std::span<const double> k,
               std::span<const double> v, std::span<const int64_t> kPos, const AttentionParams &p,
               std::span<double> out, std::span<double> probs = {});

// ---- small helpers ----------------------------------------------------------------------------

// y = a + b, element-wise.
void add(std::span<const float> a, std::span<const float> b, std::span<float> y);
void add(std::span<const double> a, std::span<const double> b, std::span<double> y);
// y = x · s, element-wise (the product in float).
void scale(std::span<const float> x, float s, std::span<float> y);
void scale(std::span<const double> x, double s, std::span<double> y);

// ---- per-layer inputs -------------------------------------------------------------------------

// The per-layer-input combine (docs/gemma4.md §3), row by row over rows of P = norm.size()
// values: out = (rmsw(proj · projScale, norm) + z) · 2^-½, with proj the context projection
// (per_layer_model_proj · X), projScale = H^-½ and z the token rows (per_layer_token_embd · √P).
// The float version rounds after each step (scale, norm, add, scale), exactly as
// ReferenceModel::perLayerInputs does.
void pleCombine(std::span<const float> proj, std::span<const float> z, std::span<const float> norm,
                float projScale, float eps, std::span<float> out);
void pleCombine(std::span<const double> proj, std::span<const double> z,
                std::span<const double> norm, double projScale, double eps, std::span<double> out);

}  // namespace facet::model::ref
