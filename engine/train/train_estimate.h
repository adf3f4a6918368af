// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// What a LoRA training run will need before it starts: peak GPU memory and time. A pure function
// of the model's configuration, its inference memory estimate (model/gpu_plan.h), the run's
// settings and its data size, so the Fine-tune dock can update it as the settings change.
//
// Both numbers are estimates, and are labelled so to the user:
//   * memory counts the model's weights, the adapter's training state and the activations one
//     example keeps with gradient checkpointing (the formula is in estimateTraining(), in one
//     place, for the GPU trainer to be checked against);
//   * time is tokens / a throughput. The dock passes assumedTokensPerSecond() for the device
//     class until a run on the model and device measures the real speed (TrainProgress).
#pragma once

#include "model/gemma4_config.h"
#include "model/gpu_plan.h"
#include "train/trainer.h"

#include <QString>

#include <cstdint>

namespace facet::train {

// Trainable parameters of an adapter with `lora` on a model (what LoraAdapter::create would
// allocate: rank·(in + out) per adapted projection), without allocating it.
int64_t loraParameterCount(const model::Gemma4Config &config, const LoraConfig &lora);

// Where a run's loss and gradients are computed, for the assumed throughput.
enum class TrainDevice {
    CpuReference,  // the CPU oracle: exact, written for clarity, very slow
    SoftwareGpu,   // a software Vulkan/OpenGL device (lavapipe, llvmpipe)
    Gpu,           // a real GPU
};

// A conservative guess of training throughput in processed tokens per second: a sustained
// arithmetic rate per device class (CPU reference 2 GFLOP/s, software GPU 20 GFLOP/s, GPU
// 20 TFLOP/s — well under what an H100 peaks at, as a first training kernel set reaches) divided
// by ~6 FLOPs per projection weight per token (forward, the forward again under gradient
// checkpointing, and the backward to the inputs; LoRA needs no gradient of the frozen weights).
double assumedTokensPerSecond(const model::Gemma4Config &config, TrainDevice device);

// The throughput the time estimate divides by.
struct TrainSpeed {
    TrainSpeed(double perSecond = 0, bool wasMeasured = false)  // NOLINT: a plain rate converts
        : tokensPerSecond(perSecond), measured(wasMeasured) {}
    double tokensPerSecond = 0;  // <= 0: unknown
    // false: processed tokens per second, assumed for the device class (assumedTokensPerSecond);
    // true: trained tokens per second that a run measured (TrainProgress::tokens over the time
    // of its steps), applied to the run's trained tokens.
    bool measured = false;
};

struct TrainEstimate {
    int64_t adapterParameters = 0;
    qint64 weightBytes = 0;      // the model's weights on the GPU (GpuMemoryEstimate)
    qint64 adapterBytes = 0;     // adapter weights, gradients, Adam m and v (f32)
    qint64 activationBytes = 0;  // what one example keeps and computes (checkpointed)
    qint64 logitsBytes = 0;      // one chunk of logits and their gradients
    qint64 peakBytes() const { return weightBytes + adapterBytes + activationBytes + logitsBytes; }

    int64_t steps = 0;              // optimizer steps (0: unknown, no data yet)
    qint64 totalTokens = 0;         // tokens processed over the whole run
    qint64 totalTrainedTokens = 0;  // of them, the trained ones
    double tokensPerSecond = 0;
    bool measuredSpeed = false;  // the speed is a measured one (TrainSpeed::measured)
    double seconds = -1;         // < 0: unknown (no data or no throughput)
    // The tokens the time is counted in: trained ones at a measured speed, else all processed.
    qint64 timedTokens() const { return measuredSpeed ? totalTrainedTokens : totalTokens; }

    // "about 3.4 GiB of GPU memory (weights 2.6 GiB, adapter 140 MiB, activations 610 MiB)".
    QString describeMemory() const;
    // "about 2 h 10 min (1.2 M tokens at an assumed 150 tokens/s)"; empty when unknown.
    QString describeTime() const;
};

// The training set's size, as the data check reports it (DatasetReport); zeros while unknown.
struct TrainDataSize {
    int examples = 0;
    qint64 tokens = 0;         // every token of the examples (what the forward pass reads)
    qint64 trainedTokens = 0;  // their trained tokens (what TrainConfig::batchTokens counts)
};

// The estimate for a run of `train` over examples of at most `maxTokens` tokens. Steps and time
// stay unknown while `data` is (no examples).
TrainEstimate estimateTraining(const model::Gemma4Config &config,
                               const model::GpuMemoryEstimate &memory, const TrainConfig &train,
                               int maxTokens, const TrainDataSize &data, TrainSpeed speed);

// "2 h 10 min", "4 min 05 s", "12 s"; a positive time under a second reads "1 s", never "0 s".
QString durationText(double seconds);

}  // namespace facet::train
