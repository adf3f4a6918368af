// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Backward passes (vector-Jacobian products) of the CPU reference ops of the Gemma 4 text decoder,
// and the training loss.
//
// Each function is the backward of the forward op of the same name in reference_ops.h: given the
// forward's inputs and dy, the gradient of a scalar loss with respect to the op's output, it gives
// the gradients with respect to the op's inputs (and its weights). Like the forward ops they are
// plain, readable code: every sum is kept in double and each result is rounded to float once.
//
// Conventions:
//  - Gradients are added to what the output buffers hold (dx += …): a tensor that feeds several
//    consumers (the residual stream, a KV cache read by KV-sharing layers, a weight used on every
//    row) gets the sum of their gradients without extra code. Callers zero the buffers first.
//  - An optional gradient (marked so below) may be passed as an empty span when it is not wanted.
//  - Gradient buffers must not share memory with any input of the same call.
//  - The functions are checked against central finite differences of the float64 forward ops
//    (tests/reference/reference_grad_test.cpp) and against the GPU forward kernels
//    (tests/gpu/gpu_grad_test.cpp).
#pragma once

#include "model/reference_ops.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace facet::model::ref {

// ---- projections ------------------------------------------------------------------------------

// matmul (y[t][n] = Σ_k W[k, n]·x[t][k]) for a frozen weight in its stored encoding:
// dx[t][k] += Σ_n W[k, n]·dy[t][n]. dy is [T][W.rows], dx is [T][W.cols]. matmulQ8Inputs rounds
// its input to 8 bits first, a step without a useful derivative: its backward is this one (the
// rounding passed straight through).
void matmulBackward(const WeightView &w, std::span<const float> dy, int t, std::span<float> dx);
// The same with both factors rounded to f16 as a staged (tensor-core) product rounds them: each
// weight, and each dy value scaled by `dyScale` (the loss scale the GPU's backward carries, so
// that the rounding falls where the GPU's does), saturated at +-65504 as convert_f16 saturates,
// then scaled back.
void matmulBackwardF16(const WeightView &w, std::span<const float> dy, int t, std::span<float> dx,
                       double dyScale);

// loraAdd (y[t] += s·B·(A·x[t]), A [rank][in], B [out][rank]):
//   dx[t] += s·Aᵀ·(Bᵀ·dy[t])                  (optional)
//   dA    += s·Σ_t (Bᵀ·dy[t]) ⊗ x[t]           (optional)
//   dB    += s·Σ_t dy[t] ⊗ (A·x[t])            (optional)
// The frozen product's own input gradient is matmulBackward's; an adapted projection adds both.
void loraAddBackward(std::span<const float> a, std::span<const float> b, int rank, float s,
                     std::span<const float> x, int t, std::span<const float> dy,
                     std::span<float> dx, std::span<float> dA, std::span<float> dB);

// embeddingRow for the tokens ids[i] (out[i] = table[ids[i]]·scale): a scatter-add,
// dTable[ids[i]] += scale·dOut[i], into a dense [table rows][cols] gradient with
// cols = dOut.size() / ids.size(). Rows of repeated ids are summed in double first.
void embeddingBackward(std::span<const int32_t> ids, float scale, std::span<const float> dOut,
                       std::span<float> dTable);

// ---- normalisation ----------------------------------------------------------------------------

// rmsNormWeighted (y = x·inv ⊙ w, inv = 1 / sqrt(mean(x²) + eps)), n = x.size():
//   dx += inv·(w ⊙ dy) − (inv³ / n)·(Σ_i x_i·w_i·dy_i)·x,   dw += inv·(x ⊙ dy) (optional).
void rmsNormWeightedBackward(std::span<const float> x, std::span<const float> weight,
                             std::span<const float> dy, float eps, std::span<float> dx,
                             std::span<float> dw);
// rmsNorm: the same with w = 1 (the V norm).
void rmsNormBackward(std::span<const float> x, std::span<const float> dy, float eps,
                     std::span<float> dx);
// rmsNormRows: each row on its own; an empty weight is the weightless norm (then dw must be empty
// too), and dw (optional) sums over the rows that share the weight (tokens, or the heads of a q/k
// norm).
void rmsNormRowsBackward(std::span<const float> x, int rows, std::span<const float> weight,
                         std::span<const float> dy, float eps, std::span<float> dx,
                         std::span<float> dw);

// ---- activations ------------------------------------------------------------------------------

// d/dx geluTanh(x) = ½(1 + tanh z) + ½·x·sech²(z)·√(2/π)·(1 + 3·0.044715·x²),
// z = √(2/π)·(x + 0.044715·x³).
double geluTanhDerivative(double x);
// geglu (out = geluTanh(gate) ⊙ up): dGate += geluTanh'(gate) ⊙ up ⊙ dOut (optional),
// dUp += geluTanh(gate) ⊙ dOut (optional).
void gegluBackward(std::span<const float> gate, std::span<const float> up,
                   std::span<const float> dOut, std::span<float> dGate, std::span<float> dUp);
// softcap (y = cap·tanh(x / cap)): dx += sech²(x / cap) ⊙ dy, which tends to 0 in saturation
// (sech² rather than 1 − tanh², which would cancel to 0 long before); cap <= 0: dx += dy.
void softcapBackward(std::span<const float> x, float cap, std::span<const float> dy,
                     std::span<float> dx);

// ---- rotary position embedding ----------------------------------------------------------------

// ropeNeox rotates each pair (j, j + dims/2) by θ_j: its backward is the inverse rotation (by
// −θ_j) of dy; values at dims and beyond pass through. dy and dx are [heads][headDim].
void ropeNeoxBackward(std::span<const float> dy, int headDim, int64_t position, const RopeParams &p,
                      std::span<float> dx);

// ---- attention --------------------------------------------------------------------------------

// attention with the forward's shapes, masks (causal, sliding window), GQA and logit cap. With
// P = softmax(S) over the visible keys, S = c(scale·q·k) (c the optional cap) and O = P·V:
//   dV[j] += Σ_{queries, heads of j's group} P_j·dO
//   dS_j  = P_j·(dO·v_j − dO·O) · c'(scale·q·k_j)
//   dq    += scale·Σ_j dS_j·k_j,   dK[j] += scale·Σ_{queries, heads} dS_j·q
// dq (optional) is [Tq][heads·headDim], dk and dv (optional) [Tk][kvHeads·headDim]. dk and dv sum
// over every query and every query head of the group, so layers that share one KV cache each call
// this with their own q and dO on the donor's K and V, and the donor's dk/dv receive the sum.
void attentionBackward(std::span<const float> q, std::span<const int64_t> qPos,
                       std::span<const float> k, std::span<const float> v,
                       std::span<const int64_t> kPos, const AttentionParams &p,
                       std::span<const float> dOut, std::span<float> dq, std::span<float> dk,
                       std::span<float> dv);

// ---- small helpers ----------------------------------------------------------------------------

// add (y = a + b) passes dy to both inputs: addInto(da, dy) and addInto(db, dy). dst += g.
void addInto(std::span<float> dst, std::span<const float> g);
// scale (y = x·s): dx += s·dy (optional); returns ds = Σ x ⊙ dy (the gradient of the scale
// itself, e.g. a layer output scale).
double scaleBackward(std::span<const float> x, float s, std::span<const float> dy,
                     std::span<float> dx);

// ---- per-layer inputs -------------------------------------------------------------------------

// pleCombine (out = (rmsw(proj·projScale, norm) + z)·2^-½ per row of P = norm.size() values):
//   dZ += 2^-½·dOut (optional); dProj += projScale·(the rms norm's dx at proj·projScale for
//   2^-½·dOut) (optional); dNorm += its dw, summed over the rows (optional).
void pleCombineBackward(std::span<const float> proj, std::span<const float> norm, float projScale,
                        float eps, std::span<const float> dOut, std::span<float> dProj,
                        std::span<float> dZ, std::span<float> dNorm);

// ---- loss -------------------------------------------------------------------------------------

// Cross-entropy of next-token targets over logits [T][V] (V = logits.size() / targets.size()):
// the mean over the counted positions (targets[t] >= 0; negative targets are ignored, e.g. the
// prompt of a training example) of −log softmax(logits[t])[targets[t]], with the log-softmax
// computed stably (the row's maximum subtracted, sums in double). 0 when no position counts.
// dLogits (optional): += (softmax(logits[t]) − onehot(targets[t])) / count on counted rows;
// ignored rows get nothing. The double version is the float64 forward the checks difference.
double crossEntropy(std::span<const float> logits, std::span<const int32_t> targets,
                    std::span<float> dLogits = {});
double crossEntropy(std::span<const double> logits, std::span<const int32_t> targets,
                    std::span<double> dLogits = {});

}  // namespace facet::model::ref
