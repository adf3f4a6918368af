// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The loss backend a training run uses in a started ModelRuntime: the one place that chooses it,
// so the Engine (the Fine-tune dock) and facet-cli train agree. The GPU trainer on a GPU runtime
// (it reads the weights the runtime already uploaded), the CPU oracle (exact, slow: tiny models
// and tests) on a CPU one.
#pragma once

#include "model/lora.h"
#include "train/gpu_trainer.h"
#include "train/trainer.h"

#include <QString>

#include <memory>

namespace facet::session {

class ModelRuntime;

struct TrainingBackendOptions {
    // The longest example (tokens) the run will pass; the GPU trainer sizes its buffers for it.
    int maxTokens = 2048;
    // The adapters' shape (the GPU trainer lays out its buffers for it): the TrainConfig's.
    model::LoraConfig lora;
    // The GPU trainer's options (maxTokens above replaces its own).
    train::GpuTrainOptions gpu;
};

// nullptr with *error when the runtime has no backend yet or the GPU trainer cannot be built on
// this device (the message says why and what to do). The runtime must outlive the backend.
std::unique_ptr<train::LossBackend> createTrainingBackend(ModelRuntime &runtime,
                                                          const TrainingBackendOptions &options,
                                                          QString *error);

}  // namespace facet::session
