// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "train/train_presets.h"

#include <algorithm>
#include <cmath>

namespace facet::train {

namespace {

const std::vector<LoraTarget> &attentionTargets() {
    static const std::vector<LoraTarget> t = {LoraTarget::AttnQ, LoraTarget::AttnK,
                                              LoraTarget::AttnV, LoraTarget::AttnOutput};
    return t;
}

const std::vector<LoraTarget> &allLinearTargets() {
    static const std::vector<LoraTarget> t = {
        LoraTarget::AttnQ,   LoraTarget::AttnK, LoraTarget::AttnV,  LoraTarget::AttnOutput,
        LoraTarget::FfnGate, LoraTarget::FfnUp, LoraTarget::FfnDown};
    return t;
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

std::vector<LoraTarget> sorted(std::vector<LoraTarget> t) {
    std::sort(t.begin(), t.end());
    t.erase(std::unique(t.begin(), t.end()), t.end());
    return t;
}

}  // namespace

std::string_view trainPresetName(TrainPreset p) {
    switch (p) {
        case TrainPreset::Quick:
            return "quick";
        case TrainPreset::Balanced:
            return "balanced";
        case TrainPreset::Thorough:
            return "thorough";
    }
    return "balanced";
}

std::optional<TrainPreset> trainPresetByName(std::string_view name) {
    for (int i = 0; i < kTrainPresetCount; ++i) {
        if (trainPresetName(TrainPreset(i)) == name) return TrainPreset(i);
    }
    return std::nullopt;
}

TrainConfig applyTrainPreset(TrainPreset p, TrainConfig c) {
    c.schedule = LrSchedule::Cosine;
    c.cycles = 1;
    c.lora.rsLora = false;
    switch (p) {
        case TrainPreset::Quick:
            c.lora.rank = 8;
            c.lora.alpha = 16.0f;
            c.lora.dropout = 0.0f;
            c.lora.targets = attentionTargets();
            c.epochs = 1;
            c.learningRate = 2e-4;
            c.warmupFraction = 0.03;
            break;
        case TrainPreset::Balanced:
            c.lora.rank = 16;
            c.lora.alpha = 32.0f;
            c.lora.dropout = 0.0f;
            c.lora.targets = allLinearTargets();
            c.epochs = 2;
            c.learningRate = 2e-4;
            c.warmupFraction = 0.03;
            break;
        case TrainPreset::Thorough:
            c.lora.rank = 32;
            c.lora.alpha = 64.0f;
            c.lora.dropout = 0.0f;
            c.lora.targets = allLinearTargets();
            c.epochs = 3;
            c.learningRate = 1e-4;
            c.warmupFraction = 0.05;
            break;
    }
    return c;
}

std::optional<TrainPreset> matchingTrainPreset(const TrainConfig &c) {
    for (int i = 0; i < kTrainPresetCount; ++i) {
        const TrainConfig p = applyTrainPreset(TrainPreset(i), c);
        if (p.lora.rank == c.lora.rank && close(p.lora.alpha, c.lora.alpha) &&
            close(p.lora.dropout, c.lora.dropout) && p.lora.rsLora == c.lora.rsLora &&
            sorted(p.lora.targets) == sorted(c.lora.targets) && p.epochs == c.epochs &&
            close(p.learningRate, c.learningRate) && close(p.warmupFraction, c.warmupFraction) &&
            p.schedule == c.schedule &&
            (c.schedule != LrSchedule::CosineRestarts || p.cycles == c.cycles))
            return TrainPreset(i);
    }
    return std::nullopt;
}

}  // namespace facet::train
