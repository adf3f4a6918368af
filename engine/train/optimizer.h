// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// What turns gradients into adapter updates: learning-rate schedules (Hugging Face's, with the
// same step convention), global-norm clipping (PyTorch's clip_grad_norm_) and AdamW (PyTorch's
// decoupled weight decay). Plain CPU code over the adapter's factors; the GPU trainer runs the
// same arithmetic in a kernel and is checked against this.
#pragma once

#include "train/lora_types.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace facet::train {

enum class LrSchedule { Constant, Linear, Cosine, CosineRestarts };
// "constant", "linear", "cosine", "cosine-restarts".
std::optional<LrSchedule> lrScheduleByName(std::string_view name);
std::string_view lrScheduleName(LrSchedule s);

struct ScheduleConfig {
    LrSchedule kind = LrSchedule::Cosine;
    double peak = 2e-4;   // the learning rate after warm-up
    int warmupSteps = 0;  // linear from 0 to peak over these steps
    int totalSteps = 1;   // optimizer steps of the run
    int cycles = 1;       // CosineRestarts: hard restarts over the decay
};

// The learning rate of optimizer step `step` (0-based), as transformers' get_*_schedule_with_warmup
// multiply it: step / warmup during warm-up (so the first step of a warm-up is 0), then constant,
// linear down to 0 at totalSteps, a half cosine down to 0, or `cycles` such cosines.
double learningRate(const ScheduleConfig &c, int step);

// The global L2 norm of every factor of `grads`.
double gradientNorm(const LoraAdapter &grads);
// Scales `grads` so that its global norm is at most maxNorm (PyTorch: by maxNorm / (norm + 1e-6)
// when that is below 1); maxNorm <= 0 leaves them. Returns the norm before clipping.
double clipGradients(LoraAdapter &grads, double maxNorm);

struct AdamWConfig {
    double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    double weightDecay = 0.0;
};

// AdamW over an adapter's factors (A then B of each matrix, in matrices() order):
//   θ ← θ·(1 − lr·λ);  m ← β1 m + (1 − β1) g;  v ← β2 v + (1 − β2) g²;
//   θ ← θ − lr·(m / (1 − β1^t)) / (sqrt(v / (1 − β2^t)) + ε)
// with t the step count after this step. Moments are kept in float (as PyTorch keeps them in the
// parameters' dtype); each update is computed in double.
class AdamW {
public:
    AdamW(const AdamWConfig &config, const LoraAdapter &shape);
    // Fails (false, *error) when the gradients' shapes are not the parameters'.
    bool step(LoraAdapter &params, const LoraAdapter &grads, double lr, QString *error = nullptr);
    int64_t steps() const { return m_steps; }
    const AdamWConfig &config() const { return m_config; }
    // The moments, for checkpoints: [m of every factor…][v of every factor…].
    const std::vector<float> &firstMoment() const { return m_m; }
    const std::vector<float> &secondMoment() const { return m_v; }
    // Restores a checkpoint's state; false when the sizes do not fit this adapter.
    bool restore(int64_t steps, std::vector<float> m, std::vector<float> v);

private:
    AdamWConfig m_config;
    int64_t m_steps = 0;
    std::vector<float> m_m, m_v;
};

}  // namespace facet::train
