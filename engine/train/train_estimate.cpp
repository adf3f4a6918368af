// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "train/train_estimate.h"

#include <algorithm>
#include <cmath>

namespace facet::train {

namespace {

// Calls f(shape) for each projection `lora` adapts, every layer (each target once).
template <class F>
void forEachAdapted(const model::Gemma4Config &config, const LoraConfig &lora, F f) {
    std::vector<LoraTarget> targets = lora.targets;
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    for (int layer = 0; layer < config.layerCount; ++layer) {
        for (const LoraTarget t : targets) {
            if (const std::optional<LoraShape> s = loraShape(config, layer, t)) f(*s);
        }
    }
}

}  // namespace

int64_t loraParameterCount(const model::Gemma4Config &config, const LoraConfig &lora) {
    int64_t n = 0;
    forEachAdapted(config, lora, [&](const LoraShape &s) {
        n += int64_t(lora.rank) * (int64_t(s.in) + int64_t(s.out));
    });
    return n;
}

double assumedTokensPerSecond(const model::Gemma4Config &config, TrainDevice device) {
    // Weights every token multiplies through: the attention and FFN projections and the head.
    double weights = double(config.hidden) * double(config.vocabSize);
    for (const model::Gemma4LayerConfig &l : config.layers) {
        const double qo = 2.0 * config.hidden * double(config.heads) * l.headDim;
        const double kv = l.sharesKv() ? 0.0 : 2.0 * config.hidden * double(l.kvHeads) * l.headDim;
        const double ffn = 3.0 * config.hidden * double(l.ffnWidth);
        weights += qo + kv + ffn;
    }
    double flops = 2e9;
    if (device == TrainDevice::SoftwareGpu) flops = 20e9;
    if (device == TrainDevice::Gpu) flops = 20e12;
    // 2 FLOPs per weight for each of: the forward, its recomputation, the backward to the inputs.
    return flops / std::max(1.0, 6.0 * weights);
}

TrainEstimate estimateTraining(const model::Gemma4Config &config,
                               const model::GpuMemoryEstimate &memory, const TrainConfig &train,
                               int maxTokens, const TrainDataSize &data, TrainSpeed speed) {
    TrainEstimate e;
    // ---- Peak GPU memory: the one formula (the GPU trainer is checked against it). ----------
    //   weights      the model as inference uploads it (the trainer reads the same buffers)
    //   adapter      LoRA parameters x 4 f32 arrays: weights, gradients, Adam's m and v
    //   activations  gradient checkpointing: each layer keeps its input residual
    //                (T x hidden f32) for the backward pass, and one layer at a time is recomputed
    //                in full: T x (8 hidden [norms, residuals, attention out, their gradients]
    //                + 3 FFN width [gate, up, GeGLU] + 4 heads·headDim [Q, its gradient,
    //                attention out and gradient] + 4 kvHeads·headDim [K, V and their gradients])
    //                f32 values, with the widest layer's sizes
    //                (+ with LoRA dropout, T x the widest adapted input)
    //   logits       the loss over 256 positions at a time: 256 x vocab f32 logits and as many
    //                gradients
    const int64_t T = std::max(1, maxTokens);
    int ffn = 0, headDim = 0, kvHeads = 0;
    for (const model::Gemma4LayerConfig &l : config.layers) {
        ffn = std::max(ffn, l.ffnWidth);
        headDim = std::max(headDim, l.headDim);
        kvHeads = std::max(kvHeads, l.kvHeads);
    }
    const int64_t H = config.hidden;
    e.adapterParameters = loraParameterCount(config, train.lora);
    e.weightBytes = memory.weightBytes;
    e.adapterBytes = e.adapterParameters * 4 * 4;
    const int64_t savedResiduals = T * H * 4 * int64_t(config.layerCount);
    const int64_t oneLayer = T *
                             (H * 8 + 3 * int64_t(ffn) + 4 * int64_t(config.heads) * headDim +
                              4 * int64_t(kvHeads) * headDim) *
                             4;
    // With LoRA dropout, the masked input of one adapter (or its gradient before the mask):
    // T x the widest adapted input, f32.
    int64_t dropoutScratch = 0;
    if (train.lora.dropout > 0.0f) {
        int64_t widest = 0;
        forEachAdapted(config, train.lora,
                       [&](const LoraShape &s) { widest = std::max<int64_t>(widest, s.in); });
        dropoutScratch = T * widest * 4;
    }
    e.activationBytes = savedResiduals + oneLayer + dropoutScratch;
    e.logitsBytes = int64_t(256) * config.vocabSize * 4 * 2;

    // ---- Time: tokens over an assumed (or measured) throughput. -------------------------------
    e.tokensPerSecond = speed.tokensPerSecond;
    e.measuredSpeed = speed.measured;
    if (data.examples <= 0 || data.tokens <= 0) return e;
    const int epochs = std::max(1, train.epochs);
    // Steps take whole examples (in shuffled order) until they hold batchTokens trained tokens
    // (Trainer::create): with examples of the mean size, this many a step.
    const double meanTrained = double(std::max<qint64>(1, data.trainedTokens)) / data.examples;
    const int64_t perStep = std::max<int64_t>(
        1, int64_t(std::ceil(double(std::max(1, train.batchTokens)) / meanTrained)));
    const int64_t stepsPerEpoch = (int64_t(data.examples) + perStep - 1) / perStep;
    e.steps = stepsPerEpoch * epochs;
    double fraction = 1.0;
    if (train.maxSteps > 0 && train.maxSteps < e.steps) {
        fraction = double(train.maxSteps) / double(e.steps);
        e.steps = train.maxSteps;
    }
    e.totalTokens = qint64(std::llround(double(data.tokens) * epochs * fraction));
    e.totalTrainedTokens =
        qint64(std::llround(double(std::max<qint64>(0, data.trainedTokens)) * epochs * fraction));
    if (speed.tokensPerSecond > 0) e.seconds = double(e.timedTokens()) / speed.tokensPerSecond;
    return e;
}

QString TrainEstimate::describeMemory() const {
    return QStringLiteral("about %1 of GPU memory (weights %2, adapter %3, activations %4)")
        .arg(model::memoryText(peakBytes()), model::memoryText(weightBytes),
             model::memoryText(adapterBytes), model::memoryText(activationBytes + logitsBytes));
}

QString TrainEstimate::describeTime() const {
    if (seconds < 0) return {};
    const qint64 n = timedTokens();
    const QString tokens = n >= 1000000 ? QStringLiteral("%1 M").arg(double(n) / 1e6, 0, 'f', 1)
                           : n >= 1000  ? QStringLiteral("%1 k").arg(double(n) / 1e3, 0, 'f', 1)
                                        : QString::number(n);
    return QStringLiteral("about %1 (%2 %3tokens at %4 tokens/s)")
        .arg(durationText(seconds), tokens, measuredSpeed ? QStringLiteral("trained ") : QString(),
             QString::number(tokensPerSecond, 'f', tokensPerSecond < 10 ? 2 : 0));
}

QString durationText(double seconds) {
    if (!(seconds >= 0) || !std::isfinite(seconds)) return QStringLiteral("?");
    // Rounded, except that a positive time stays positive: "0 s" would say there is nothing to do.
    const qint64 s = std::max<qint64>(seconds > 0 ? 1 : 0, qint64(std::llround(seconds)));
    if (s < 60) return QStringLiteral("%1 s").arg(s);
    if (s < 3600)
        return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    if (s < 86400 * 2)
        return QStringLiteral("%1 h %2 min")
            .arg(s / 3600)
            .arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1 days %2 h").arg(s / 86400).arg((s % 86400) / 3600);
}

}  // namespace facet::train
