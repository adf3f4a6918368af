// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// C++ mirrors of the kernels' parameter blocks (binding 0 of every shader in shaders/*.comp).
//
// Every block holds only 4-byte scalars, so under std140 member i sits at byte 4*i and the block
// is 4*count bytes; the static_asserts below pin the C++ side to that, and the kernel registry
// compares each struct's field list with the shader's reflection (names, offsets, block size)
// when it loads the kernel, so a shader and its struct cannot drift apart silently.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace facet::gpu {

// y[m][n] (+)= sum_k W[k,n] x[m][k] for a GGUF weight of N rows of K values (shaders/matvec.comp).
struct MatVecParams {
    uint32_t K = 0;           // values per weight row (multiple of the type's block size)
    uint32_t N = 0;           // weight rows = outputs per column
    uint32_t rowBytes = 0;    // bytes between weight rows
    uint32_t wOffset = 0;     // byte offset of the tensor in the weight buffer (multiple of 4)
    uint32_t xOffset = 0;     // float offset of input column 0
    uint32_t xStride = 0;     // floats between input columns
    uint32_t yOffset = 0;     // float offset of output column 0
    uint32_t yStride = 0;     // floats between output columns
    uint32_t accumulate = 0;  // 0: overwrite y; 1: add to y
    uint32_t rowStep = 0;     // workgroups along x (filled by recordMatVec)
    uint32_t inputMode = 0;   // a MatInputMode: how x[m][k] is formed
    uint32_t x2Offset = 0;    // Geglu, AddNorm: float offset of column 0 of the second operand
    uint32_t x2Stride = 0;    // Geglu, AddNorm: floats between its columns
    // AddNorm only (see MatInputMode::AddNorm); the norm weights are in binding 4.
    uint32_t n1Offset = 0;              // float offset of the branch norm's weight (K floats)
    uint32_t n2Offset = kNoSecondNorm;  // float offset of the input norm's weight, or none
    float normScale = 1.0f;             // multiplies the new residual
    float normEps = 1e-6f;              // added to the mean square of both norms
    uint32_t rOutOffset = 0;            // float offset (output binding) of column 0 of the residual
    uint32_t rOutStride = 0;            // floats between its columns
    uint32_t workSplit = 0;  // a MatVecWorkSplit (filled by recordMatVec, see matVecWorkSplit)
    static constexpr uint32_t kNoSecondNorm = 0xFFFFFFFFu;
    static constexpr std::array<const char *, 20> kFields = {
        "K",        "N",          "rowBytes", "wOffset",    "xOffset",    "xStride",  "yOffset",
        "yStride",  "accumulate", "rowStep",  "inputMode",  "x2Offset",   "x2Stride", "n1Offset",
        "n2Offset", "normScale",  "normEps",  "rOutOffset", "rOutStride", "workSplit"};
};

// How the mat-vec kernel spreads a product over workgroups (shaders/matvec.comp, "Work split").
// Every split is correct for every shape; they differ in speed only.
enum class MatVecWorkSplit : uint32_t {
    Rows = 0,           // each team of a workgroup owns 4 rows (many rows)
    Split = 1,          // a workgroup's 128 invocations share 4 rows (few rows)
    SplitTwoUnits = 2,  // as Split, two units per invocation and step (more loads in flight)
    GegluQ8 = 3,        // matvec_dot_geglu_<type> only: gate|up into the down's Q8A input
};

// How the weight kernels (matvec, matmul) form their input x[m][k] from the x binding.
enum class MatInputMode : uint32_t {
    Plain = 0,  // x[m][k] = xv[xOffset + m*xStride + k]
    // x[m][k] = gelu_tanh(xv[xOffset + m*xStride + k]) * xv[x2Offset + m*x2Stride + k]: the
    // GeGLU of the FFN (gate, up) and of the per-layer input (gate, PLE slice) fused into the
    // projection that consumes it.
    Geglu = 1,
    // The residual add + norms that sit between two blocks, fused into the projection after
    // them (mat-vec only; K <= kMatVecAddNormMaxK). With b = x[m] (the branch output) and
    // res = x2[m] (the residual), both in the x binding, and n1, n2 in the norms binding (4):
    //   r = (res + rmsw(b, n1)) * normScale,  x[m] = n2Offset == kNoSecondNorm ? r : rmsw(r, n2)
    // rmsw(v, w) = v / sqrt(mean(v^2) + normEps) * w. Workgroup (0, m) also writes r to the output
    // binding at rOutOffset + m * rOutStride (the residual stream of the next layers).
    AddNorm = 2,
};

// The longest input row (K) of MatInputMode::AddNorm. Every workgroup reads the whole column
// twice in its prologue, a cost that grows with K; Gemma 4's hidden sizes (1536, 2560) are far
// below this, and longer rows are better served by a separate add_rmsnorm.
inline constexpr uint32_t kMatVecAddNormMaxK = 4096;

// Tiled y[m][n] (+)= sum_k W[k,n] x[m][k] for many columns at once (prefill; shaders/matmul.comp).
// Same meaning as MatVecParams; the tiling over M and N is the kernel's (see matmul_ops.h).
struct MatMulParams {
    uint32_t K = 0;
    uint32_t N = 0;
    uint32_t M = 0;  // input / output columns (tokens)
    uint32_t rowBytes = 0;
    uint32_t wOffset = 0;
    uint32_t xOffset = 0;
    uint32_t xStride = 0;
    uint32_t yOffset = 0;
    uint32_t yStride = 0;
    uint32_t accumulate = 0;
    uint32_t inputMode = 0;  // a MatInputMode
    uint32_t x2Offset = 0;
    uint32_t x2Stride = 0;
    uint32_t tilesN = 0;  // filled by recordMatMul
    uint32_t tilesM = 0;  // filled by recordMatMul
    // Split K (filled by recordMatMul; 0 = no split): K-slices, values per slice, float offset of
    // the partial tiles in the y binding (matmul_ops.h, MatMulSplit).
    uint32_t splits = 0;
    uint32_t kSlice = 0;
    uint32_t partOffset = 0;
    static constexpr std::array<const char *, 18> kFields = {
        "K",        "N",       "M",       "rowBytes",   "wOffset",   "xOffset",
        "xStride",  "yOffset", "yStride", "accumulate", "inputMode", "x2Offset",
        "x2Stride", "tilesN",  "tilesM",  "splits",     "kSlice",    "partOffset"};
};

// y[r] = scale * dequant(W row ids[r]) (shaders/get_rows.comp).
struct GetRowsParams {
    uint32_t K = 0;          // values per weight row
    uint32_t rows = 0;       // number of ids
    uint32_t rowBytes = 0;   // bytes between weight rows
    uint32_t wOffset = 0;    // byte offset of the tensor (multiple of 4)
    uint32_t wRows = 0;      // rows in the tensor; larger ids give zero rows
    uint32_t idsOffset = 0;  // uint offset of the first id
    uint32_t yOffset = 0;    // float offset of output row 0
    uint32_t yStride = 0;    // floats between output rows
    float scale = 1.0f;      // multiplies every value
    uint32_t rowStep = 0;    // workgroups along x (filled by recordGetRows)
    static constexpr std::array<const char *, 10> kFields = {
        "K",         "rows",    "rowBytes", "wOffset", "wRows",
        "idsOffset", "yOffset", "yStride",  "scale",   "rowStep"};
};

// y = x / sqrt(mean(x^2) + eps) [* w] per row (shaders/rmsnorm.comp).
struct RmsNormParams {
    uint32_t n = 0;         // values per row
    uint32_t rows = 0;      // number of rows
    uint32_t xOffset = 0;   // float offset of row 0 of x
    uint32_t xStride = 0;   // floats between rows of x
    uint32_t yOffset = 0;   // float offset of row 0 of y
    uint32_t yStride = 0;   // floats between rows of y
    uint32_t wOffset = 0;   // float offset of the weight
    uint32_t weighted = 1;  // 0: no weight
    float eps = 1e-6f;
    uint32_t rowStep = 0;  // workgroups along x (filled by recordRmsNorm)
    static constexpr std::array<const char *, 10> kFields = {
        "n",       "rows",    "xOffset",  "xStride", "yOffset",
        "yStride", "wOffset", "weighted", "eps",     "rowStep"};
};

// The training loss head (shaders/cross_entropy.comp).
struct CrossEntropyParams {
    uint32_t n = 0;  // values per row (the vocabulary)
    uint32_t rows = 0;
    uint32_t xOffset = 0;  // float offset of row 0 of the raw logits
    uint32_t xStride = 0;
    uint32_t dxOffset = 0;  // float offset of row 0 of their gradient (may equal xOffset)
    uint32_t dxStride = 0;
    uint32_t lossOffset = 0;    // float offset of the per-row losses
    uint32_t targetOffset = 0;  // int offset of the per-row targets (-1: no loss)
    float cap = 0.0f;           // the final logit softcap (<= 0: none)
    float scale = 1.0f;         // dx's factor (1 / counted rows for a mean)
    uint32_t rowStep = 0;       // workgroups along x (filled by recordCrossEntropy)
    static constexpr std::array<const char *, 11> kFields = {
        "n",          "rows",         "xOffset", "xStride", "dxOffset", "dxStride",
        "lossOffset", "targetOffset", "cap",     "scale",   "rowStep"};
};

// One AdamW step (shaders/adamw.comp).
struct AdamWParams {
    uint32_t count = 0;
    uint32_t paramOffset = 0;  // float offsets in their bindings
    uint32_t gradOffset = 0;
    uint32_t momentOffset = 0;  // m, then v at momentOffset + count
    float lr = 0.0f;
    float beta1 = 0.9f;
    float beta2 = 0.999f;
    float eps = 1e-8f;
    float weightDecay = 0.0f;
    float c1 = 1.0f;  // 1 - beta1^t
    float c2 = 1.0f;  // 1 - beta2^t
    float gradScale = 1.0f;
    uint32_t groupStep = 0;  // filled by recordAdamW
    // 1 - beta1 and 1 - beta2 (0: filled by recordAdamW from the float betas): given apart because
    // a float beta2 = 0.999 leaves 1 - beta2 off by 1.3e-5 relative, which PyTorch's (double)
    // 1 - beta2 is not.
    float oneMinusBeta1 = 0.0f;
    float oneMinusBeta2 = 0.0f;
    static constexpr std::array<const char *, 15> kFields = {
        "count", "paramOffset", "gradOffset", "momentOffset",  "lr",
        "beta1", "beta2",       "eps",        "weightDecay",   "c1",
        "c2",    "gradScale",   "groupStep",  "oneMinusBeta1", "oneMinusBeta2"};
};

// Partial sums of squares (shaders/sum_squares.comp).
struct SumSquaresParams {
    uint32_t count = 0, xOffset = 0;
    uint32_t partialOffset = 0;
    uint32_t groupStep = 0;  // workgroups (filled by recordSumSquares)
    static constexpr std::array<const char *, 4> kFields = {"count", "xOffset", "partialOffset",
                                                            "groupStep"};
};

// LoRA dropout over rows of n floats (shaders/lora_dropout.comp; semantics in ops.h
// recordLoraDropout). key, threshold and keepScale are a train::DropoutMask's.
struct LoraDropoutParams {
    uint32_t n = 0;  // values per row (the mask's row length)
    uint32_t rows = 0;
    uint32_t xOffset = 0, xStride = 0;      // float offset of row 0 of x, floats between rows
    uint32_t outOffset = 0, outStride = 0;  // the same of out
    uint32_t accumulate = 0;                // 1: out += x·mask
    uint32_t key = 0;
    uint32_t threshold = 0;
    float keepScale = 1.0f;
    uint32_t gridStep = 0;  // invocations in the grid (filled by recordLoraDropout)
    static constexpr std::array<const char *, 11> kFields = {
        "n",          "rows", "xOffset",   "xStride",   "outOffset", "outStride",
        "accumulate", "key",  "threshold", "keepScale", "gridStep"};
};

// The strided f32 matrix product of training (shaders/gemm.comp; semantics in ops.h recordGemm).
struct GemmParams {
    uint32_t M = 0, N = 0, K = 0;                          // C is M x N; the sum runs over K
    uint32_t aOffset = 0, aRowStride = 0, aColStride = 1;  // A[i][k] at off + i·row + k·col
    uint32_t bOffset = 0, bRowStride = 0, bColStride = 1;  // B[k][j] at off + k·row + j·col
    uint32_t cOffset = 0, cRowStride = 0;                  // C[i][j] at off + i·row + j
    float alpha = 1.0f;
    uint32_t accumulate = 0;  // 1: C += alpha·A·B
    // Batches: `batches` products, operand b at offset + b·batchStride (workgroup z); with
    // sumBatches one product C = Σ_b A_b·B_b instead (cBatchStride unused).
    uint32_t batches = 1;
    uint32_t aBatchStride = 0, bBatchStride = 0, cBatchStride = 0;
    uint32_t sumBatches = 0;
    // Split K, filled by recordGemm (GemmSplit).
    uint32_t splits = 0, kSlice = 0, partOffset = 0, stage = 0;
    // The attention's causal mask over a product of scores (ops.cpp's attention products): query
    // q sees key k when k <= q and, with maskWindow > 0, q - k < maskWindow. Row i of C, column j
    // and sum index k stand for queries or keys numbered from maskQuery and maskKey:
    //   maskMode 1: rows queries, columns keys: tiles no query sees are not multiplied (zero);
    //   maskMode 2: rows queries, K keys; maskMode 3: rows keys, K queries: each tile sums only
    //     over the K range its rows see (the others are zeros of P or dS).
    uint32_t maskMode = 0, maskQuery = 0, maskKey = 0, maskWindow = 0;
    static constexpr std::array<const char *, 26> kFields = {"M",
                                                             "N",
                                                             "K",
                                                             "aOffset",
                                                             "aRowStride",
                                                             "aColStride",
                                                             "bOffset",
                                                             "bRowStride",
                                                             "bColStride",
                                                             "cOffset",
                                                             "cRowStride",
                                                             "alpha",
                                                             "accumulate",
                                                             "batches",
                                                             "aBatchStride",
                                                             "bBatchStride",
                                                             "cBatchStride",
                                                             "sumBatches",
                                                             "splits",
                                                             "kSlice",
                                                             "partOffset",
                                                             "stage",
                                                             "maskMode",
                                                             "maskQuery",
                                                             "maskKey",
                                                             "maskWindow"};
};

// The RMS norm's input gradient (shaders/rmsnorm_backward.comp).
struct RmsNormBackwardParams {
    uint32_t n = 0, rows = 0;
    uint32_t xOffset = 0, xStride = 0;    // the norm's input
    uint32_t dyOffset = 0, dyStride = 0;  // its output's gradient
    uint32_t dxOffset = 0, dxStride = 0;  // the input's gradient
    uint32_t wOffset = 0;                 // the weight (binding 2)
    uint32_t weighted = 1;
    float eps = 1e-6f;
    uint32_t accumulate = 0;
    uint32_t rowStep = 0;  // filled by recordRmsNormBackward
    static constexpr std::array<const char *, 13> kFields = {
        "n",        "rows",    "xOffset",  "xStride", "dyOffset",   "dyStride", "dxOffset",
        "dxStride", "wOffset", "weighted", "eps",     "accumulate", "rowStep"};
};

// GeGLU's gradients (shaders/geglu_backward.comp).
struct GegluBackwardParams {
    uint32_t F = 0, rows = 0;
    uint32_t guOffset = 0, guStride = 0;    // gate | up rows
    uint32_t dOffset = 0, dStride = 0;      // the output's gradient
    uint32_t dguOffset = 0, dguStride = 0;  // dGate | dUp rows
    uint32_t accumulate = 0;
    uint32_t groupStep = 0;  // filled by recordGegluBackward
    static constexpr std::array<const char *, 10> kFields = {
        "F",       "rows",      "guOffset",  "guStride",   "dOffset",
        "dStride", "dguOffset", "dguStride", "accumulate", "groupStep"};
};

// The attention backward of one training sequence (shaders/attention_backward.comp): T tokens at
// positions 0..T-1, all operands rows in the act binding (float offsets, rows `stride` apart).
// Masks and GQA as AttentionParams (query row i sees keys j <= i, and i - j < window when window
// > 0; query head h reads KV head h / (heads / kvHeads)); no logit cap. dQ is written or, with
// accumulateDq, added to; dK and dV likewise with accumulateDkv (KV-sharing layers each add
// their gradient to the donor's).
struct AttentionBackwardParams {
    uint32_t tokens = 0;                // T
    uint32_t heads = 0;                 // query heads
    uint32_t kvHeads = 0;               // KV heads (heads is a multiple)
    uint32_t headDim = 0;               // D: a multiple of 4, at most kAttentionBackwardMaxHeadDim
    uint32_t qOffset = 0, qStride = 0;  // Q [T][heads·D] (after norm and RoPE)
    uint32_t kOffset = 0, kStride = 0;  // K [T][kvHeads·D]
    uint32_t vOffset = 0, vStride = 0;  // V [T][kvHeads·D]
    uint32_t oOffset = 0, oStride = 0;  // O [T][heads·D], the forward's output
    uint32_t dOOffset = 0, dOStride = 0;  // dO [T][heads·D]
    uint32_t dqOffset = 0, dqStride = 0;  // dQ [T][heads·D]
    uint32_t dkOffset = 0, dkStride = 0;  // dK [T][kvHeads·D]
    uint32_t dvOffset = 0, dvStride = 0;  // dV [T][kvHeads·D]
    uint32_t scratchOffset = 0;           // 2·T·heads floats (per-row logsumexp and dO·O)
    uint32_t window = 0;                  // 0: causal only
    float scale = 1.0f;                   // score multiplier (Gemma 4: 1.0)
    uint32_t accumulateDq = 0;            // 1: dQ += …
    uint32_t accumulateDkv = 1;           // 1: dK += …, dV += …
    uint32_t stage = 0;                   // filled by recordAttentionBackward
    uint32_t tile = 0;                    // rows per tile (filled by recordAttentionBackward)
    static constexpr std::array<const char *, 27> kFields = {
        "tokens",        "heads",    "kvHeads",       "headDim",  "qOffset",  "qStride",
        "kOffset",       "kStride",  "vOffset",       "vStride",  "oOffset",  "oStride",
        "dOOffset",      "dOStride", "dqOffset",      "dqStride", "dkOffset", "dkStride",
        "dvOffset",      "dvStride", "scratchOffset", "window",   "scale",    "accumulateDq",
        "accumulateDkv", "stage",    "tile"};
};
inline constexpr uint32_t kAttentionBackwardMaxHeadDim = 512;

// The row passes of the attention backward as products (shaders/attention_rows.comp, ops.h
// recordAttentionBackwardProducts): rows of `cols` scores, contiguous, row r holding query
// queryBase + r % blockRows against keys keyBase .. keyBase + cols - 1.
struct AttentionRowsParams {
    uint32_t rows = 0, cols = 0;
    uint32_t sOffset = 0;  // the scores S (mode 0) / probabilities P (mode 1)
    uint32_t dOffset = 0;  // mode 1: dP, replaced by dS
    uint32_t blockRows = 0;
    uint32_t queryBase = 0, keyBase = 0;
    uint32_t window = 0;   // 0: causal only
    uint32_t mode = 0;     // 0: S -> P = masked softmax(S) in place; 1: dP -> P ⊙ (dP - Σ P dP)
    uint32_t rowStep = 0;  // filled by the record function
    static constexpr std::array<const char *, 10> kFields = {
        "rows",      "cols",    "sOffset", "dOffset", "blockRows",
        "queryBase", "keyBase", "window",  "mode",    "rowStep"};
};

// Two-stage argmax (shaders/argmax.comp).
struct ArgmaxParams {
    uint32_t n = 0;        // stage 0: elements; stage 1: partials
    uint32_t xOffset = 0;  // float offset of x[0]
    uint32_t chunk = 0;    // elements per stage-0 workgroup
    uint32_t stage = 0;    // 0 or 1
    static constexpr std::array<const char *, 4> kFields = {"n", "xOffset", "chunk", "stage"};
};

// NeoX RoPE in place on rows of `heads` heads of headDim floats, per-row positions
// (shaders/rope.comp).
struct RopeParams {
    uint32_t rows = 0;        // number of rows (tokens)
    uint32_t heads = 0;       // heads per row
    uint32_t headDim = 0;     // floats per head
    uint32_t dims = 0;        // rotated values per head (even, <= headDim)
    uint32_t xOffset = 0;     // float offset of row 0
    uint32_t xStride = 0;     // floats between rows (>= heads * headDim)
    uint32_t posOffset = 0;   // int32 offset of row 0's position
    uint32_t fOffset = 0;     // float offset of the dims/2 frequency factors
    uint32_t useFactors = 0;  // 0: no factors (all 1; the factor buffer is not read)
    float base = 10000.0f;    // theta base
    uint32_t rowStep = 0;     // workgroups along x (filled by recordRope)
    // 1: rotate by -theta instead, the inverse rotation: RoPE's backward (its vector-Jacobian
    // product, model::ref::ropeNeoxBackward) applied to the output's gradient in place.
    uint32_t backward = 0;
    static constexpr std::array<const char *, 12> kFields = {
        "rows",      "heads",   "headDim",    "dims", "xOffset", "xStride",
        "posOffset", "fOffset", "useFactors", "base", "rowStep", "backward"};
};

// out = gelu_tanh(gate) * up over rows of n floats (shaders/geglu.comp).
struct GegluParams {
    uint32_t n = 0;           // values per row
    uint32_t rows = 0;        // number of rows
    uint32_t gateOffset = 0;  // float offset of row 0 of gate
    uint32_t gateStride = 0;  // floats between rows of gate
    uint32_t upOffset = 0;    // float offset of row 0 of up
    uint32_t upStride = 0;    // floats between rows of up
    uint32_t outOffset = 0;   // float offset of row 0 of out
    uint32_t outStride = 0;   // floats between rows of out
    uint32_t gridStep = 0;    // invocations in the grid (filled by recordGeglu)
    static constexpr std::array<const char *, 9> kFields = {"n",          "rows",      "gateOffset",
                                                            "gateStride", "upOffset",  "upStride",
                                                            "outOffset",  "outStride", "gridStep"};
};

// Float columns to the Q8A layout of the integer-dot mat-vecs (shaders/quantize_q8.comp): per
// block of 32 values 48 bytes (32 signed bytes, then d and the two half sums as floats).
struct QuantizeQ8Params {
    uint32_t K = 0;          // values per column (multiple of 32)
    uint32_t columns = 0;    // number of columns
    uint32_t xOffset = 0;    // float offset of column 0 of x (multiple of 4)
    uint32_t xStride = 0;    // floats between columns of x (multiple of 4)
    uint32_t x2Offset = 0;   // Geglu mode: float offset of column 0 of the up operand
    uint32_t x2Stride = 0;   // Geglu mode: floats between its columns
    uint32_t inputMode = 0;  // 0: x; 1: gelu_tanh(x) * x2
    uint32_t yOffset = 0;    // float offset of column 0 of the output (multiple of 4)
    uint32_t yStride = 0;    // floats between output columns (>= q8aFloats(K), multiple of 4)
    static constexpr std::array<const char *, 9> kFields = {"K",         "columns",  "xOffset",
                                                            "xStride",   "x2Offset", "x2Stride",
                                                            "inputMode", "yOffset",  "yStride"};
};

// The staging passes of the staged prefill product (matmul_ops.h, recordMatMulStaged): a GGUF
// weight decoded into f16 rows (shaders/dequant_f16.comp) ...
struct DequantF16Params {
    uint32_t K = 0;         // values per weight row
    uint32_t N = 0;         // weight rows decoded
    uint32_t rowBytes = 0;  // bytes between weight rows
    uint32_t wOffset = 0;   // byte offset of the tensor in the weight buffer
    uint32_t kPad = 0;      // halves per output row (a multiple of 32, >= K)
    uint32_t rows = 0;      // output rows written (>= N; the rest zero)
    uint32_t yOffset = 0;   // uvec4 offset of output row 0
    uint32_t groups = 0;    // workgroups (filled by recordDequantF16)
    // 1: the transposed rows Wᵀ instead: `rows` (a multiple of 16, >= K) rows of kPad (>= N)
    // halves, row k holding W[0..N)[k] (training's input gradient, dx = dy·W, staged).
    uint32_t transposed = 0;
    static constexpr std::array<const char *, 9> kFields = {
        "K", "N", "rowBytes", "wOffset", "kPad", "rows", "yOffset", "groups", "transposed"};
};
// ... and float input columns converted to f16 (shaders/convert_f16.comp).
struct ConvertF16Params {
    uint32_t K = 0;          // values per input column (a multiple of 4)
    uint32_t M = 0;          // input columns
    uint32_t kPad = 0;       // halves per output column (a multiple of 32, >= K)
    uint32_t cols = 0;       // output columns written (>= M; the rest zero)
    uint32_t xOffset = 0;    // float offset of column 0 of x
    uint32_t xStride = 0;    // floats between columns of x
    uint32_t inputMode = 0;  // a MatInputMode: Plain or Geglu
    uint32_t x2Offset = 0;   // Geglu: float offset of column 0 of the up operand
    uint32_t x2Stride = 0;   // Geglu: floats between its columns
    uint32_t yOffset = 0;    // uvec4 offset of output column 0
    uint32_t groups = 0;     // workgroups (filled by recordConvertF16)
    static constexpr std::array<const char *, 11> kFields = {
        "K",         "M",        "kPad",     "cols",    "xOffset", "xStride",
        "inputMode", "x2Offset", "x2Stride", "yOffset", "groups"};
};

// Floats (4-byte words) one column of K values takes in the Q8A layout.
constexpr uint32_t q8aFloats(uint32_t K) {
    return K / 32u * 12u;
}

// Element-wise ops over rows of n floats (shaders/elementwise.comp).
enum class ElementwiseMode : uint32_t {
    AddScale = 0,  // out = (x + y) * s
    Scale = 1,     // out = x * s
    Softcap = 2,   // out = s * tanh(x / s), s > 0
};
struct ElementwiseParams {
    uint32_t n = 0;          // values per row
    uint32_t rows = 0;       // number of rows
    uint32_t xOffset = 0;    // float offset of row 0 of x
    uint32_t xStride = 0;    // floats between rows of x
    uint32_t yOffset = 0;    // float offset of row 0 of y (AddScale only)
    uint32_t yStride = 0;    // floats between rows of y
    uint32_t outOffset = 0;  // float offset of row 0 of out
    uint32_t outStride = 0;  // floats between rows of out
    uint32_t mode = 0;       // an ElementwiseMode
    float s = 1.0f;          // scale (AddScale, Scale) or cap (Softcap)
    uint32_t gridStep = 0;   // invocations in the grid (filled by recordElementwise)
    static constexpr std::array<const char *, 11> kFields = {
        "n",         "rows",      "xOffset", "xStride", "yOffset", "yStride",
        "outOffset", "outStride", "mode",    "s",       "gridStep"};
};

// Attention of `queries` query rows against one layer's KV cache (shaders/attention.comp).
// Cache layout: K and V are [cacheRows][kvHeads * headDim] floats; the key of position pos sits in
// slot pos % cacheRows (a ring for sliding layers, cacheRows >= window + queries − 1). Query row r
// is at position firstPos + r and sees the keys kp with kp <= qp and, when window > 0,
// kp > qp − window. Query head h reads KV head h / (heads / kvHeads). Output rows have the query
// layout [queries][heads * headDim]. No scaling of q·k besides `scale` (Gemma 4: 1.0).
struct AttentionParams {
    uint32_t queries = 0;
    uint32_t heads = 0;
    uint32_t kvHeads = 0;
    uint32_t headDim = 0;
    uint32_t qOffset = 0;  // float offset of query row 0 (act binding)
    uint32_t qStride = 0;  // floats between query rows
    uint32_t oOffset = 0;  // float offset of output row 0 (act binding)
    uint32_t oStride = 0;
    uint32_t cacheRows = 0;
    uint32_t firstPos = 0;
    uint32_t window = 0;  // 0: global (causal only)
    float scale = 1.0f;
    uint32_t splits = 0;         // key splits (filled by recordAttention)
    uint32_t scratchOffset = 0;  // float offset of split partials in the scratch binding
    uint32_t stage = 0;          // filled by recordAttention
    uint32_t pairCap = 0;        // most (row, head) pairs per workgroup (filled by recordAttention)
    static constexpr std::array<const char *, 16> kFields = {
        "queries", "heads",         "kvHeads",   "headDim",  "qOffset", "qStride",
        "oOffset", "oStride",       "cacheRows", "firstPos", "window",  "scale",
        "splits",  "scratchOffset", "stage",     "pairCap"};
};

// Per-head preparation of one layer's attention inputs (shaders/qkv_prep.comp), for `rows` tokens
// at positions firstPos + r: q = rope(rmsw(q, qNorm)) in place; when storeKv != 0 also
// K cache[slot] = rope(rmsw(k, kNorm)) and V cache[slot] = rms(v) (no weight), slot =
// pos % cacheRows. RoPE: NeoX over the first ropeDims values of each head, theta_j = pos *
// base^(-2j/ropeDims) / factor_j (factors at fOffset when useFactors != 0).
struct QkvPrepParams {
    uint32_t rows = 0;
    uint32_t heads = 0;
    uint32_t kvHeads = 0;
    uint32_t headDim = 0;
    uint32_t ropeDims = 0;
    uint32_t qOffset = 0;  // act floats
    uint32_t qStride = 0;
    uint32_t kOffset = 0;
    uint32_t kStride = 0;
    uint32_t vOffset = 0;
    uint32_t vStride = 0;
    uint32_t qNormOffset = 0;  // float offsets in the norms binding
    uint32_t kNormOffset = 0;
    uint32_t fOffset = 0;
    uint32_t useFactors = 0;
    float base = 10000.0f;
    float eps = 1e-6f;
    uint32_t storeKv = 1;
    uint32_t cacheRows = 0;
    uint32_t firstPos = 0;
    uint32_t rowStep = 0;     // filled by recordQkvPrep
    uint32_t slotOffset = 0;  // cache rows before slot 0 (training: a packed segment's first row)
    static constexpr std::array<const char *, 22> kFields = {
        "rows",        "heads",    "kvHeads",    "headDim",   "ropeDims", "qOffset",
        "qStride",     "kOffset",  "kStride",    "vOffset",   "vStride",  "qNormOffset",
        "kNormOffset", "fOffset",  "useFactors", "base",      "eps",      "storeKv",
        "cacheRows",   "firstPos", "rowStep",    "slotOffset"};
};

// Residual add of a normed branch, optional scale, optional norm of the result
// (shaders/add_rmsnorm.comp), per row of n floats:
//   x = (x + rmsw(y, w1)) * scale;  if normOut: out = rmsw(x, w2)
// x, y, out live in the act binding; w1, w2 in the norms binding.
struct AddRmsNormParams {
    uint32_t n = 0;
    uint32_t rows = 0;
    uint32_t xOffset = 0;
    uint32_t xStride = 0;
    uint32_t yOffset = 0;
    uint32_t yStride = 0;
    uint32_t w1Offset = 0;
    float scale = 1.0f;
    uint32_t normOut = 0;
    uint32_t w2Offset = 0;
    uint32_t outOffset = 0;
    uint32_t outStride = 0;
    float eps = 1e-6f;
    uint32_t rowStep = 0;  // filled by recordAddRmsNorm
    // 1: out is also written in the Q8A layout (the input of the integer-dot mat-vecs; normOut
    // only, n a multiple of 32 and at most kAddRmsNormQ8MaxN), rows at q8Offset + r * q8Stride.
    uint32_t q8Out = 0;
    uint32_t q8Offset = 0;
    uint32_t q8Stride = 0;
    static constexpr uint32_t kQ8MaxN = 3072;  // shaders/add_rmsnorm.comp: Q8_MAX_N
    static constexpr std::array<const char *, 17> kFields = {
        "n",        "rows",    "xOffset", "xStride",  "yOffset",   "yStride",
        "w1Offset", "scale",   "normOut", "w2Offset", "outOffset", "outStride",
        "eps",      "rowStep", "q8Out",   "q8Offset", "q8Stride"};
};

// Top-k of a float vector (shaders/topk.comp); the stages are the kernel's (see fused_ops.h).
struct TopKParams {
    uint32_t n = 0;
    uint32_t xOffset = 0;
    uint32_t k = 0;
    uint32_t chunk = 0;
    uint32_t stage = 0;
    uint32_t partials = 0;
    static constexpr std::array<const char *, 6> kFields = {"n",     "xOffset", "k",
                                                            "chunk", "stage",   "partials"};
};

// ---- encoder towers (engine/gpu/encoder_ops.h) -------------------------------------------------

// Row norms of the encoder towers (shaders/tower_norm.comp). Row r of `rows` is group r % groups
// of token r / groups: n values at xOffset + (r / groups) * xStride + (r % groups) * n (groups > 1:
// per-head norms of a [T][heads * n] activation). Both modes compute in f32 with a shared-memory
// tree sum:
//   Rms:   y = x / sqrt(mean(x^2) + eps) [* w]
//   Layer: y = (x - mean) / sqrt(mean((x - mean)^2) + eps) [* w] [+ b]
enum class TowerNormMode : uint32_t { Rms = 0, Layer = 1 };
struct TowerNormParams {
    uint32_t n = 0;
    uint32_t rows = 0;
    uint32_t groups = 1;
    uint32_t xOffset = 0;  // act floats
    uint32_t xStride = 0;
    uint32_t yOffset = 0;  // act floats
    uint32_t yStride = 0;
    uint32_t wOffset = 0;  // consts floats (n values)
    uint32_t bOffset = 0;  // consts floats (n values; Layer only)
    uint32_t mode = 0;     // a TowerNormMode
    uint32_t weighted = 0;
    uint32_t biased = 0;
    float eps = 1e-6f;
    uint32_t rowStep = 0;  // filled by recordTowerNorm
    static constexpr std::array<const char *, 14> kFields = {
        "n",       "rows",    "groups", "xOffset",  "xStride", "yOffset", "yStride",
        "wOffset", "bOffset", "mode",   "weighted", "biased",  "eps",     "rowStep"};
};

// Element-wise ops of the encoder towers over `rows` rows of n floats (shaders/tower_elementwise
// .comp). x and out live in the act binding; y in act (ySource 0) or in consts (ySource 1; yStride
// 0 broadcasts one row, e.g. a bias); v, v2 are per-column vectors in consts.
enum class TowerEltMode : uint32_t {
    Add = 0,           // out = x + y
    Mul = 1,           // out = x * y
    Affine = 2,        // out = x * s + t
    AddScale = 3,      // out = (x + y) * s
    GeluTanh = 4,      // out = gelu_tanh(x)
    Silu = 5,          // out = x * sigmoid(x)
    Relu = 6,          // out = max(x, 0)
    Glu = 7,           // out = x * sigmoid(y)
    Geglu = 8,         // out = gelu_tanh(x) * y
    Clamp = 9,         // out = min(max(x, s), t)
    ColumnAffine = 10  // out = (x - v[i]) * v2[i] (standardisation)
};
struct TowerEltParams {
    uint32_t n = 0;
    uint32_t rows = 0;
    uint32_t xOffset = 0;
    uint32_t xStride = 0;
    uint32_t yOffset = 0;
    uint32_t yStride = 0;
    uint32_t ySource = 0;  // 0: act, 1: consts
    uint32_t outOffset = 0;
    uint32_t outStride = 0;
    uint32_t mode = 0;  // a TowerEltMode
    float s = 1.0f;
    float t = 0.0f;
    uint32_t vOffset = 0;   // consts floats
    uint32_t v2Offset = 0;  // consts floats
    uint32_t gridStep = 0;  // filled by recordTowerElementwise
    static constexpr std::array<const char *, 15> kFields = {
        "n",         "rows", "xOffset", "xStride", "yOffset", "yStride",  "ySource", "outOffset",
        "outStride", "mode", "s",       "t",       "vOffset", "v2Offset", "gridStep"};
};

// Gathered row sums (shaders/tower_gather.comp): for r < rows, d < n,
//   y[r][d] = (accumulate ? y[r][d] : 0) + scale * sum_{i < count} src[ids[r * count + i]][d]
// with src rows at srcOffset + id * srcStride in act (source 0) or consts (source 1), ids (uint)
// at idsOffset in the ids binding and y in act. The position-table lookup of the patch embedding
// (count 2: the x and y rows) and the average pooling by position (count k^2) are this.
struct TowerGatherParams {
    uint32_t rows = 0;
    uint32_t count = 0;
    uint32_t n = 0;
    uint32_t idsOffset = 0;
    uint32_t srcOffset = 0;
    uint32_t srcStride = 0;
    uint32_t source = 0;  // 0: act, 1: consts
    uint32_t yOffset = 0;
    uint32_t yStride = 0;
    uint32_t accumulate = 0;
    float scale = 1.0f;
    uint32_t gridStep = 0;  // filled by recordTowerGather
    static constexpr std::array<const char *, 12> kFields = {
        "rows",   "count",   "n",       "idsOffset",  "srcOffset", "srcStride",
        "source", "yOffset", "yStride", "accumulate", "scale",     "gridStep"};
};

// Two-axis RoPE in place (shaders/rope2d.comp; Hugging Face's apply_multidimensional_rope for the
// Gemma 4 vision tower): row r (xOffset + r * xStride) of `heads` heads of headDim floats, at
// patch position (px, py) = ids[posOffset + 2r], ids[posOffset + 2r + 1] (int32). Within a head
// the first half rotates by px, the second by py; in a half of n = headDim / 2 values the pairs
// (j, j + n/2) rotate by pos * freq[j], freq (n/2 floats) at fOffset in consts.
struct Rope2dParams {
    uint32_t rows = 0;
    uint32_t heads = 0;
    uint32_t headDim = 0;  // a multiple of 4
    uint32_t xOffset = 0;
    uint32_t xStride = 0;
    uint32_t posOffset = 0;
    uint32_t fOffset = 0;
    uint32_t rowStep = 0;  // filled by recordRope2d
    static constexpr std::array<const char *, 8> kFields = {
        "rows", "heads", "headDim", "xOffset", "xStride", "posOffset", "fOffset", "rowStep"};
};

// Attention without a mask over the `rows` rows of one block (shaders/attention_bidir.comp):
// o[i][h] = sum_j softmax_j(scale * q[i][h] . k[j][g]) v[j][g], g = h / (heads / kvHeads); q, k,
// v and o rows of heads (kvHeads) x headDim floats in the act binding.
struct BidirAttentionParams {
    uint32_t rows = 0;
    uint32_t heads = 0;
    uint32_t kvHeads = 0;
    uint32_t headDim = 0;
    uint32_t qOffset = 0;
    uint32_t qStride = 0;
    uint32_t kOffset = 0;
    uint32_t kStride = 0;
    uint32_t vOffset = 0;
    uint32_t vStride = 0;
    uint32_t oOffset = 0;
    uint32_t oStride = 0;
    float scale = 1.0f;
    static constexpr std::array<const char *, 13> kFields = {
        "rows",    "heads",   "kvHeads", "headDim", "qOffset", "qStride", "kOffset",
        "kStride", "vOffset", "vStride", "oOffset", "oStride", "scale"};
};

// --- The Gemma 4 audio tower (engine/gpu/audio_kernels.h) ----------------------------------------

// One SSCP block of the audio tower (shaders/audio_conv2d.comp): the input frames multiplied by
// their time mask, a 3x3 convolution with stride 2 and zero padding 1 (no bias), LayerNorm over
// the output channels (weight, no bias), ReLU. in: [frames][freq][cin]; out:
// [(frames+1)/2][(freq+1)/2][cout]; weight [3][3][cin][cout] (audioConv2dWeightLayout).
struct AudioConv2dParams {
    uint32_t frames = 0;      // input frames (time)
    uint32_t freq = 0;        // input frequency bins
    uint32_t cin = 0;         // input channels
    uint32_t cout = 0;        // output channels (<= kAudioConv2dMaxCout)
    uint32_t inOffset = 0;    // float offset of the input (binding 1)
    uint32_t wOffset = 0;     // float offset of the kernel in binding 2
    uint32_t normOffset = 0;  // float offset of the LayerNorm weight [cout] in binding 2
    float eps = 1e-6f;
    uint32_t useMask = 0;     // 0: every frame valid (the mask binding is not read)
    uint32_t maskOffset = 0;  // uint offset of the mask (binding 3)
    uint32_t maskStride = 1;  // input frame t is valid when mask[maskOffset + t * maskStride] != 0
    uint32_t outOffset = 0;   // float offset of the output (binding 4)
    uint32_t tileF = 0;       // output bins per workgroup (filled by recordAudioConv2d)
    uint32_t tilesF = 0;      // workgroups per output frame (filled)
    uint32_t tileStep = 0;    // workgroups along x (filled)
    static constexpr std::array<const char *, 15> kFields = {
        "frames",     "freq",       "cin",   "cout",    "inOffset",
        "wOffset",    "normOffset", "eps",   "useMask", "maskOffset",
        "maskStride", "outOffset",  "tileF", "tilesF",  "tileStep"};
};
// shaders/audio_conv2d.comp: outputs per workgroup (256 invocations x 4).
inline constexpr uint32_t kAudioConv2dMaxCout = 1024;

// The light conv module's GLU and causal depthwise convolution over time
// (shaders/audio_conv1d.comp) on rows of `channels` values: mode 0 GLU, out[t][c] = x[t][c] *
// sigmoid(x[t][channels + c]); mode 1 depthwise, out[t][c] = sum_j w[c][j] x[t - (k-1) + j][c]
// (zeros before t = 0); mode 2 both, the convolution over the GLU of the input rows.
enum class AudioConv1dMode : uint32_t { Glu = 0, Depthwise = 1, GluDepthwise = 2 };
struct AudioConv1dParams {
    uint32_t rows = 0;       // frames
    uint32_t channels = 0;   // output values per row
    uint32_t kernel = 0;     // depthwise taps (modes 1, 2)
    uint32_t mode = 0;       // an AudioConv1dMode
    uint32_t xOffset = 0;    // float offset of row 0 of x (binding 1)
    uint32_t xStride = 0;    // floats between rows of x
    uint32_t wOffset = 0;    // float offset of the weight [channels][kernel] (binding 2)
    uint32_t outOffset = 0;  // float offset of row 0 of out (binding 3)
    uint32_t outStride = 0;  // floats between rows of out
    uint32_t gridStep = 0;   // invocations in the grid (filled by recordAudioConv1d)
    static constexpr std::array<const char *, 10> kFields = {
        "rows",    "channels", "kernel",    "mode",      "xOffset",
        "xStride", "wOffset",  "outOffset", "outStride", "gridStep"};
};

// A row-wise chain of the Conformer's small steps (shaders/audio_rows.comp), per element of each
// of `rows` rows of n values:
//   v = x (+ bias if flags & Bias); v = clamp(clamp(v, lo1, hi1), lo2, hi2);
//   if Norm: v = v / sqrt(mean(v^2) + eps) (* w if NormWeight); if Silu: v = v * sigmoid(v);
//   v = clamp(v, lo3, hi3) * scale; if Residual: v = res + v;  out = v.
// Bias and norm weight live in binding 2, the residual in binding 3.
inline constexpr uint32_t kAudioRowsBias = 1;
inline constexpr uint32_t kAudioRowsNorm = 2;
inline constexpr uint32_t kAudioRowsNormWeight = 4;
inline constexpr uint32_t kAudioRowsSilu = 8;
inline constexpr uint32_t kAudioRowsResidual = 16;
struct AudioRowsParams {
    static constexpr float kInf = std::numeric_limits<float>::infinity();
    uint32_t n = 0;
    uint32_t rows = 0;
    uint32_t xOffset = 0;  // binding 1
    uint32_t xStride = 0;
    uint32_t resOffset = 0;  // binding 3
    uint32_t resStride = 0;
    uint32_t outOffset = 0;  // binding 4
    uint32_t outStride = 0;
    uint32_t bOffset = 0;  // binding 2: the bias
    uint32_t wOffset = 0;  // binding 2: the norm weight
    uint32_t flags = 0;    // kAudioRows* bits
    float lo1 = -kInf, hi1 = kInf;
    float lo2 = -kInf, hi2 = kInf;
    float lo3 = -kInf, hi3 = kInf;
    float eps = 1e-6f;
    float scale = 1.0f;
    uint32_t rowStep = 0;  // workgroups along x (filled by recordAudioRows)
    static constexpr std::array<const char *, 20> kFields = {
        "n",         "rows",    "xOffset", "xStride", "resOffset", "resStride", "outOffset",
        "outStride", "bOffset", "wOffset", "flags",   "lo1",       "hi1",       "lo2",
        "hi2",       "lo3",     "hi3",     "eps",     "scale",     "rowStep"};
};

// The audio tower's chunked local attention with relative positions (shaders/audio_attention.comp;
// the maths of facet::audio::ops::chunkedLocalAttention). q, k, v: [frames][heads * headDim] rows
// in binding 1 (the raw projections: the kernel applies q * qScale * perDim[d] and k * kScale);
// relK [maxPast + 1][heads * headDim] and perDim [headDim] in binding 2; the key mask (uint per
// frame) in binding 3; out [frames][heads * headDim] rows in binding 4. One workgroup per (query
// block, head). The raw q, k, v are first clamped to [qMin, qMax] etc.
struct AudioAttentionParams {
    static constexpr float kInf = std::numeric_limits<float>::infinity();
    uint32_t frames = 0;
    uint32_t heads = 0;
    uint32_t headDim = 0;
    uint32_t chunk = 0;  // query block (<= kAudioAttentionMaxChunk)
    uint32_t maxPast =
        0;  // context keys before a block (chunk + maxPast <= kAudioAttentionMaxContext)
    uint32_t window = 0;  // a key is visible when 0 <= q - k < window
    float softcap = 50.0f;
    float invalidLogit = -1.0e9f;
    float qScale = 1.0f;
    float kScale = 1.0f;
    uint32_t qOffset = 0;
    uint32_t qStride = 0;
    uint32_t kOffset = 0;
    uint32_t kStride = 0;
    uint32_t vOffset = 0;
    uint32_t vStride = 0;
    uint32_t relOffset = 0;    // binding 2
    uint32_t scaleOffset = 0;  // binding 2
    uint32_t useMask = 0;      // 0: every key valid (binding 3 is not read)
    uint32_t maskOffset = 0;   // binding 3
    uint32_t outOffset = 0;    // binding 4
    uint32_t outStride = 0;
    // The projections' output clamps (HF's clipped linears), applied to the raw q, k, v.
    float qMin = -kInf, qMax = kInf;
    float kMin = -kInf, kMax = kInf;
    float vMin = -kInf, vMax = kInf;
    uint32_t blockStep = 0;  // workgroups along x (filled by recordAudioAttention)
    static constexpr std::array<const char *, 29> kFields = {
        "frames",  "heads",        "headDim",   "chunk",     "maxPast",   "window",
        "softcap", "invalidLogit", "qScale",    "kScale",    "qOffset",   "qStride",
        "kOffset", "kStride",      "vOffset",   "vStride",   "relOffset", "scaleOffset",
        "useMask", "maskOffset",   "outOffset", "outStride", "qMin",      "qMax",
        "kMin",    "kMax",         "vMin",      "vMax",      "blockStep"};
};
inline constexpr uint32_t kAudioAttentionMaxChunk = 16;
inline constexpr uint32_t kAudioAttentionMaxContext = 48;

// The layout rule: standard layout, only 4-byte scalars, no padding. Checked for every struct of
// the kernel table (kernels.cpp).
template <typename P>
constexpr bool isParamBlock() {
    return std::is_standard_layout_v<P> && std::is_trivially_copyable_v<P> &&
           sizeof(P) == 4 * P::kFields.size() && alignof(P) == 4;
}
// Spot checks of the std140 offsets the shaders rely on (member i at 4*i).
static_assert(offsetof(MatVecParams, accumulate) == 32 && offsetof(MatVecParams, rowStep) == 36);
static_assert(offsetof(GetRowsParams, scale) == 32 && offsetof(GetRowsParams, rowStep) == 36);
static_assert(offsetof(RmsNormParams, eps) == 32 && offsetof(RmsNormParams, rowStep) == 36);
static_assert(offsetof(ArgmaxParams, stage) == 12);
static_assert(offsetof(RopeParams, base) == 36 && offsetof(RopeParams, rowStep) == 40 &&
              offsetof(RopeParams, backward) == 44);
static_assert(offsetof(AttentionBackwardParams, scale) == 88 &&
              offsetof(AttentionBackwardParams, tile) == 104);
static_assert(offsetof(GegluParams, gridStep) == 32);
static_assert(offsetof(ElementwiseParams, s) == 36 && offsetof(ElementwiseParams, gridStep) == 40);

}  // namespace facet::gpu
