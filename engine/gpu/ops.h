// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Shape-checked recording helpers for Facet's kernels.
//
// They validate what a kernel assumes (block multiples, alignment, kernel kind), choose the
// dispatch grid (one workgroup per row, capped at the device's per-axis limit; the kernels loop
// over the remaining rows with the rowStep parameter they fill in) and record the dispatch.
#pragma once

#include "gguf/gguf.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_buffer.h"
#include "gpu/gpu_context.h"
#include "gpu/kernel_params.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>

namespace facet::gpu {

class Bindings;
class GpuContext;

// Bytes of one row of K values of `type` in GGUF layout; 0 if K is not a whole number of blocks.
qint64 weightRowBytes(gguf::TensorType type, qint64 K);

// y[m][n] (+)= sum_k W[k,n] x[m][k] for m < columns. `b` binds a matvec_<type> kernel to
// (weights, x, y, norms); p.rowStep is filled in. norms (f32) is only read by
// MatInputMode::AddNorm (bind any buffer otherwise), which also writes the new residual to the
// y binding: K <= kMatVecAddNormMaxK, and the residual's columns must not meet each other, x,
// x2 or y (refused with a message otherwise).
bool recordMatVec(ComputeBatch &batch, const Bindings &b, MatVecParams p, uint32_t columns,
                  QString *error);

// Float columns to the Q8A layout (shaders/quantize_q8.comp), the input of the matvec_dot_<type>
// kernels (which recordMatVec takes like the others, with input mode Plain and x offsets/strides
// that count floats of Q8A data). `b` binds quantize_q8 to (x, y); y must not meet x.
bool recordQuantizeQ8(ComputeBatch &batch, const Bindings &b, QuantizeQ8Params p, QString *error);

// The FFN's gate|up projection on an integer-dot kernel, written as the Q8A input of the down
// projection: h = gelu_tanh(gate) * up quantised per block of 32 (shaders/matvec.comp, mode 3),
// for a weight of N = 2F rows (gate rows first), F a multiple of 32. x is Q8A as for
// recordMatVec; y receives q8aFloats(F) floats per column (yOffset, yStride multiples of 4).
// With p.inputMode AddNorm, x and x2 are instead the float columns b and res of recordMatVec's
// AddNorm (offsets and strides multiples of 4, K <= kMatVecAddNormMaxK): every workgroup forms
// the normed input and quantises it itself, and the new residual goes to rOut as there.
bool recordMatVecGegluQ8(ComputeBatch &batch, const Bindings &b, MatVecParams p, uint32_t columns,
                         QString *error);

// Which work split recordMatVec gives a product of N weight rows (MatVecParams::workSplit):
//   Auto (default): OneUnit on GPUs, Rows on software devices (lavapipe/llvmpipe run the split
//     modes' barriers ~6x slower: a tiny-fixture decode step 80 ms in rows mode, ~500 split);
//   OneUnit: Rows for N >= 8192, Split below;
//   TwoUnits: Rows for N >= 4096, SplitTwoUnits below (faster on an H200, stop 8);
//   Rows: rows mode for every N.
// Measured on an H100 (E2B Q4_K_M decode step, bench --profile, GPU time per token): OneUnit
// 5.49 ms, TwoUnits 5.96, Rows 8.29 (and a four-unit split mode, since removed, 6.10). The
// 12288 x 1536 down projections take 36 us (Q6_K) and 31 us (Q4_K) with OneUnit against 51 and
// 35 with TwoUnits, and OneUnit's split mode for 4096..8191 rows lets those projections take the
// folded AddNorm input.
// The policy (MatVecSplitPolicy, gpu_context.h) is the context's: GpuOptions::matVecSplit when it
// is created, GpuContext::setMatVecSplitPolicy later (a benchmark times the splits on one GPU).
// "auto" / "one" / "two" / "rows" (any case); nullopt for anything else.
std::optional<MatVecSplitPolicy> parseMatVecSplitPolicy(QStringView text);
// `softwareDevice` resolves Auto (GpuInfo::softwareDevice).
MatVecWorkSplit matVecWorkSplit(uint32_t N, bool softwareDevice, MatVecSplitPolicy policy);
// The split recordMatVec gives N rows on `ctx`: its device and its current policy.
MatVecWorkSplit matVecWorkSplit(const GpuContext &ctx, uint32_t N);

// y[r] = scale * dequant(W row ids[r]) for r < p.rows. `b` binds a get_rows_<type> kernel to
// (weights, ids, y).
bool recordGetRows(ComputeBatch &batch, const Bindings &b, GetRowsParams p, QString *error);

// The training loss head over p.rows rows of raw logits (shaders/cross_entropy.comp): per-row
// losses and the logits' gradient. `b` binds the cross_entropy kernel to (act, targets). Refuses
// an empty vocabulary, a non-finite cap or scale, a gradient range that overlaps the logits other
// than exactly, losses inside either, and ranges outside the bindings.
bool recordCrossEntropy(ComputeBatch &batch, const Bindings &b, CrossEntropyParams p,
                        QString *error);

// One AdamW step over p.count parameters (shaders/adamw.comp). `b` binds the adamw kernel to
// (parameters, gradients, moments). Refuses non-finite or out-of-range hyper-parameters (c1 and
// c2 in (0, 1]) and ranges outside the bindings.
bool recordAdamW(ComputeBatch &batch, const Bindings &b, AdamWParams p, QString *error);

// Partial sums of squares of p.count floats (shaders/sum_squares.comp): `b` binds the sum_squares
// kernel to (x, partials); `groups` workgroups (at most the device's grid, at least 1) each write
// one partial at p.partialOffset + w; their sum is Σ x². Refuses ranges outside the bindings.
bool recordSumSquares(ComputeBatch &batch, const Bindings &b, SumSquaresParams p, uint32_t groups,
                      QString *error);

// LoRA dropout (shaders/lora_dropout.comp) over p.rows rows of p.n floats of one buffer: out =
// x ⊙ mask, or with p.accumulate out += x ⊙ mask, where mask[r][c] is element r·n + c of the
// train::DropoutMask (key, threshold, keepScale): 0 or keepScale. `b` binds the lora_dropout
// kernel to the buffer. out may be x exactly (same offset and stride); refuses an out that
// overlaps x otherwise, a non-finite keepScale and ranges outside the binding.
bool recordLoraDropout(ComputeBatch &batch, const Bindings &b, LoraDropoutParams p, QString *error);

// C (+)= alpha·A·B over f32 matrices addressed by strides (shaders/gemm.comp). `b` binds the
// gemm kernel to (A, B, C), possibly one buffer thrice. p.batches products at once (operands
// batchStride apart: C's batches side by side in its rows or one after another), or with
// p.sumBatches their sum into one C. The tensor-core build (Kernel::tensorCores) rounds A and B
// to f16 (sums in f32). With `split`, a grid of few tiles over a long K is cut into K-slices
// (gemmSplitCount) whose partials go to the scratch floats of C's binding and are summed in
// order by a second dispatch. Refuses ranges outside the bindings, a C that overlaps A or B in
// the same buffer (or itself across batches), and a scratch that overlaps an operand.
struct GemmSplit {
    uint32_t scratchOffset = 0;  // floats of C's binding (3) the partial sums may use
    uint32_t scratchFloats = 0;
    uint32_t target = 256;  // workgroups to aim for (an H100's 132 SMs hold 2 of either build)
};
// The shortest K-slice the split makes.
inline constexpr uint32_t kGemmSplitMinK = 64;
bool recordGemm(ComputeBatch &batch, const Bindings &b, GemmParams p, QString *error,
                const GemmSplit *split = nullptr);
// Rows and columns of C per workgroup (both builds of gemm.comp).
inline constexpr uint32_t kGemmTile = 64;
// K-slices for an M x N x K product of `outBatches` outputs: 1 when the grid of tiles has half
// the target or more, else target / tiles, at most K / kGemmSplitMinK.
uint32_t gemmSplitCount(uint32_t M, uint32_t N, uint32_t K, uint32_t outBatches, uint32_t tile,
                        uint32_t target);

// The RMS norm's input gradient over p.rows rows (shaders/rmsnorm_backward.comp). `b` binds the
// rmsnorm_backward kernel to (act, weights). dx may be dy itself, and must not otherwise overlap
// x or dy.
bool recordRmsNormBackward(ComputeBatch &batch, const Bindings &b, RmsNormBackwardParams p,
                           QString *error);
// GeGLU's gate and up gradients over p.rows rows (shaders/geglu_backward.comp). `b` binds the
// geglu_backward kernel to (act). dGate | dUp must not overlap the inputs.
bool recordGegluBackward(ComputeBatch &batch, const Bindings &b, GegluBackwardParams p,
                         QString *error);

// The attention backward of one training sequence (AttentionBackwardParams,
// shaders/attention_backward.comp): records both stages, dQ and the scratch rows first, then dK
// and dV. `b` binds the attention_backward kernel to (act): every operand and the scratch region
// live in that one binding. p.stage and p.tile are filled in. Refuses heads that are not a
// positive multiple of kvHeads, a head dim that is not a multiple of 4 in 4..512, a non-finite
// scale, a row stride shorter than its row, ranges outside the binding, outputs (dQ, dK, dV, the
// scratch) that overlap an input or each other (exactly, element by element: interleaved rows
// such as a fused q|k|v row pass), and more rows than one dispatch can cover. T = 0 records
// nothing.
bool recordAttentionBackward(ComputeBatch &batch, const Bindings &b, AttentionBackwardParams p,
                             QString *error);

// The same backward as matrix products (a gemm or gemm_tensor kernel `gemm` bound to (act, act,
// act)) and row passes (`rows`: attention_rows bound to (act)), over blocks of query rows: per KV
// head g and block of Tq query rows (keys k0 .. k1 - 1 the block sees), with the G = heads /
// kvHeads query heads of g as gemm batches,
//   S = scale·Q·Kᵀ, P = masked softmax(S), dP = dO·Vᵀ, dS = P ⊙ (dP - rowsum(P ⊙ dP)),
//   dQ (+)= scale·dS·K, dK (+)= scale·Σ_heads dSᵀ·Q, dV (+)= Σ_heads Pᵀ·dO.
// The scratch region (p.scratchOffset, scratchFloats floats) holds the block's S|P and dP|dS
// (2·G·Tq·(k1 - k0) floats; Tq from attentionBackwardBlockRows) and, after them, the split-K
// partials of the key products. On tensor cores (gemm_tensor) the products round their operands
// to f16. Same refusals as recordAttentionBackward, plus a scratch too small for 16 query rows.
bool recordAttentionBackwardProducts(ComputeBatch &batch, const Bindings &gemm,
                                     const Bindings &rows, AttentionBackwardParams p,
                                     qint64 scratchFloats, QString *error);
// The forward attention of one training sequence as products, o = softmax(scale·q·Kᵀ)·V over the
// visible keys (masks and GQA as AttentionBackwardParams, whose q, k, v, o, window, scale and
// scratch fields it reads; the gradient fields are ignored), in the same blocks of query rows as
// recordAttentionBackwardProducts: per KV head and block, S = scale·Q·Kᵀ into the scratch, P =
// softmax in place (attention_rows), O = P·V. `qk` binds a gemm (or gemm_tensor) kernel to
// (act, K's buffer, act), `pv` to (act, V's buffer, act), `rows` attention_rows to (act); Q, O
// and the scratch are in act. Refuses heads that are not a multiple of kvHeads, a head dim off
// 4..512, a scratch outside act or too small for 16 query rows, and (through the products)
// ranges outside the bindings and an O over Q.
bool recordAttentionProducts(ComputeBatch &batch, const Bindings &qk, const Bindings &pv,
                             const Bindings &rows, const AttentionBackwardParams &p,
                             qint64 scratchFloats, QString *error);
// The query rows per block recordAttentionBackwardProducts takes (the most, a multiple of 16 or
// all T, whose two score blocks fill at most 3/4 of the scratch; with a window shorter than T at
// most the window rounded up to 16); 0 when not even 16 fit.
uint32_t attentionBackwardBlockRows(uint32_t tokens, uint32_t groupHeads, uint32_t window,
                                    qint64 scratchFloats);
// The scratch floats that let recordAttentionBackwardProducts take all T query rows at once.
qint64 attentionBackwardProductsScratch(uint32_t tokens, uint32_t groupHeads, uint32_t window);

// RMS norm of p.rows rows. `b` binds the rmsnorm kernel to (x, w, y); bind any buffer as w for
// an unweighted norm.
bool recordRmsNorm(ComputeBatch &batch, const Bindings &b, RmsNormParams p, QString *error);

// NeoX RoPE in place on p.rows rows of p.heads heads (see RopeParams). `b` binds the rope kernel
// to (x, positions, factors); bind any buffer as factors when p.useFactors is 0. Positions are
// read on the GPU (int32, exact in f32 below 2^24). p.rowStep is filled in. With p.backward the
// rows are rotated back (by -theta): RoPE's backward, applied in place to the output's gradient.
bool recordRope(ComputeBatch &batch, const Bindings &b, RopeParams p, QString *error);

// out = gelu_tanh(gate) * up over p.rows rows of p.n values. `b` binds the geglu kernel to
// (gate, up, out); out may alias gate or up exactly. p.gridStep is filled in.
bool recordGeglu(ComputeBatch &batch, const Bindings &b, GegluParams p, QString *error);

// An ElementwiseMode over p.rows rows of p.n values. `b` binds the elementwise kernel to
// (x, y, out); y is only read by AddScale (bind any buffer otherwise); out may alias x or y
// exactly. p.gridStep is filled in.
bool recordElementwise(ComputeBatch &batch, const Bindings &b, ElementwiseParams p, QString *error);

// Argmax over a float vector in a GPU buffer, so greedy decoding reads back 8 bytes instead of
// the logits. The result stays on the GPU as well (result(), uint index at byte 0), where a later
// kernel can consume it (e.g. get_rows ids for the next token) without a round trip.
class Argmax {
public:
    // The largest group count of stage 0 (each covers >= 2048 elements up to this count).
    static constexpr uint32_t kMaxPartials = 1024;

    // Prepares argmax over `input` (bound whole; the vector's offset and length are per record).
    static std::unique_ptr<Argmax> create(GpuContext &ctx, const Buffer &input, QString *error);
    ~Argmax();

    // Records both stages for input[xOffset .. xOffset + n). Ties go to the lowest index; NaNs
    // are ignored (all NaN or n == 0: index 0xFFFFFFFF, value -inf).
    bool record(ComputeBatch &batch, uint32_t n, uint32_t xOffset, QString *error);

    // 8 bytes after the batch ran: uint32 index, float value.
    const Buffer &result() const { return *m_result; }
    struct Result {
        uint32_t index = 0xFFFFFFFFu;
        float value = 0.0f;
    };
    static Result decode(const QByteArray &bytes);

private:
    Argmax() = default;
    // The bindings after the buffers they reference, so they are destroyed first.
    std::unique_ptr<Buffer> m_partials;
    std::unique_ptr<Buffer> m_result;
    std::unique_ptr<Bindings> m_bindings;
};

}  // namespace facet::gpu
