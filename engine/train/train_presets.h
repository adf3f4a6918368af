// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Ready-made training settings for people who do not want to tune LoRA by hand. Each preset sets
// the adapter (rank, alpha, dropout, targets) and the optimisation (epochs, learning rate,
// schedule, warm-up); the rest of a TrainConfig (batch tokens, clipping, evaluation and checkpoint
// intervals, seed, base model) is left as the caller had it.
//
//   quick     rank 8,  alpha 16, attention only (q, k, v, o), 1 epoch, lr 2e-4, cosine, 3 %
//   warm-up.
//             The smallest adapter and a single pass: a style or format change, a first look at
//             whether the data teaches anything. Attention-only LoRA is what the original LoRA
//             paper adapted and trains about a third of the parameters of the full set.
//   balanced  rank 16, alpha 32, every attention and FFN projection, 2 epochs, lr 2e-4, cosine,
//             3 % warm-up. The common QLoRA/PEFT recipe ("all-linear", alpha = 2 x rank): adapting
//             the FFN as well is what lets an adapter learn new content, not only a new tone.
//   thorough  rank 32, alpha 64, every attention and FFN projection, 3 epochs, lr 1e-4, cosine,
//             5 % warm-up, no dropout (dropout turns the GPU trainer's sequence packing off:
//             each example takes a pass of its own). More capacity and passes for larger data
//             sets; the lower learning rate keeps three epochs from over-fitting small data.
//
// alpha = 2 x rank keeps the update's scale (alpha / rank) the same across presets, so the
// learning rate means the same thing in each.
#pragma once

#include "train/trainer.h"

#include <QString>

#include <optional>
#include <string_view>

namespace facet::train {

enum class TrainPreset { Quick, Balanced, Thorough };
inline constexpr int kTrainPresetCount = 3;

// "quick", "balanced", "thorough" (settings keys, command-line values).
std::string_view trainPresetName(TrainPreset p);
std::optional<TrainPreset> trainPresetByName(std::string_view name);

// `base` with the preset's adapter and optimisation settings laid over it.
TrainConfig applyTrainPreset(TrainPreset p, TrainConfig base = {});

// The preset whose settings `c` has exactly (targets in any order), or nullopt ("custom").
std::optional<TrainPreset> matchingTrainPreset(const TrainConfig &c);

}  // namespace facet::train
