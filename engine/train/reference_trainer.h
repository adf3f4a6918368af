// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The CPU oracle of LoRA training: the Gemma 4 text forward of one sequence from position 0 with
// an adapter on its projections (model/reference_model.h's stages, plain float, no 8-bit
// inputs), the next-token cross-entropy over the trained positions, and the backward pass through
// the whole decoder to the adapter's factors, built from the reference backward ops
// (model/reference_backward.h). The GPU trainer is checked against it; it is checked against
// finite differences of its own forward (tests/train/reference_trainer_test.cpp).
//
// Backward, layer by layer from the last: the residual stream's gradient passes through each
// block's add and into the block (post norm, projection with its adapter, GeGLU or attention, the
// pre-norm); attention sends dK and dV to the layer that owns the cache it read, so a donor's K and
// V receive the gradients of every layer that shares them before its own projections run (the
// donors come first in the model, hence later in the backward). The embeddings and per-layer
// inputs carry no trainable parameter and get no gradient.
#pragma once

#include "model/reference_model.h"
#include "train/lora_types.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace facet::train {

struct TokenizedExample;

// Next-token targets of a tokenized example: targets[t] = ids[t + 1] where that token is trained,
// -1 elsewhere (and at the last position).
std::vector<int32_t> nextTokenTargets(const TokenizedExample &e);

struct ReferenceLoss {
    double loss = 0.0;  // mean cross-entropy over the counted positions (0 when none)
    int counted = 0;    // positions with a target
};

// Loss of `ids` (from position 0) with `adapter` (nullptr: the base model) against `targets`
// (one per id, -1: not counted). With `grads` (shaped like the adapter, values added to what it
// holds), the gradient of the loss with respect to every factor. With a `dropoutSeed` (training),
// dropout (the adapter's config().dropout) zeroes each input element of A with that probability
// and scales the rest by 1 / (1 - p), from a mask drawn from the seed (train/dropout_mask.h: the
// GPU trainer's masks), the same in the forward and the backward; without one (evaluation) there
// is no dropout.
//
// `rounding` makes the oracle round where a GPU path's f16 products do (none by default).
struct ReferenceRounding {
    // > 0: the frozen projections' and the head's input gradients as the staged products round
    // them (model::ref::matmulBackwardF16), dy carried at this scale: the GPU trainer's
    // kGpuLossScale times the example's counted tokens (the GPU's backward carries the sum of
    // the token losses' gradients, loss-scaled; this one the mean's).
    double f16InputGradientScale = 0;
};
ReferenceLoss referenceLoss(const model::ReferenceModel &model, const LoraAdapter *adapter,
                            std::span<const int32_t> ids, std::span<const int32_t> targets,
                            LoraAdapter *grads = nullptr,
                            std::optional<uint64_t> dropoutSeed = std::nullopt,
                            const ReferenceRounding &rounding = {});

// The softcapped logits [n][V] of `ids` from position 0 through `adapter` as inference runs it
// (no dropout), each factor B scaled by `strength` (the chat's adapter strength).
std::vector<float> referenceLogits(const model::ReferenceModel &model, const LoraAdapter *adapter,
                                   std::span<const int32_t> ids, float strength = 1.0f);

}  // namespace facet::train
