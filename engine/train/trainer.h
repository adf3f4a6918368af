// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The LoRA training loop: epochs over a shuffled training set, optimizer steps of about
// `batchTokens` trained tokens (gradients of several examples accumulated, each weighted by its
// share of the step's tokens, so a step's loss is the mean over its tokens), global-norm clipping,
// AdamW on a schedule, validation loss every `evalEvery` steps, checkpoints every
// `checkpointEvery` steps that a later run resumes from exactly, and a stop with the last good
// checkpoint kept when a loss or gradient is not finite.
//
// The loss and gradients come from a LossBackend: the GPU trainer (GpuLossBackend, gpu_trainer.h)
// in the app and the CLI, the CPU oracle (ReferenceLossBackend, reference_trainer.h) for tiny
// models and tests.
//
// Files in the output folder:
//   checkpoint/adapter/          the adapter at the last checkpoint (PEFT folder)
//   checkpoint/optimizer.bin     AdamW's moments (f32, little-endian: m then v)
//   checkpoint/state.json        step, epoch, position in the epoch, the configuration
//   adapter/, adapter.gguf       the finished adapter (PEFT and GGUF LoRA)
// Every file is written whole or not at all, and the state last, so a crash while checkpointing
// leaves the previous checkpoint usable.
#pragma once

#include "model/reference_model.h"
#include "train/dataset.h"
#include "train/lora_types.h"
#include "train/optimizer.h"
#include "train/reference_trainer.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace facet::train {

// Loss and LoRA gradients, an optimizer step at a time: beginStep() with the step's adapter,
// accumulate() per example (its gradients, times its weight, added to the step's sum), then
// gradients() for the sum. A GPU backend keeps the adapter and the sum on the GPU for the whole
// step and transfers each once.
class LossBackend {
public:
    virtual ~LossBackend() = default;
    // The mean loss over the example's trained tokens with these adapter weights (evaluation: no
    // dropout, no gradients). NaN with *error when the backend fails.
    virtual ReferenceLoss evaluate(const TokenizedExample &e, const LoraAdapter &adapter,
                                   QString *error) = 0;
    // Starts a step's gradient sum (zero) with these adapter weights.
    virtual bool beginStep(const LoraAdapter &adapter, QString *error) = 0;
    // Adds weight times the example's LoRA gradients (of its mean loss, the adapter's dropout
    // drawn from dropoutSeed) to the sum; returns its mean loss (NaN with *error on failure).
    virtual ReferenceLoss accumulate(const TokenizedExample &e, double weight, uint64_t dropoutSeed,
                                     QString *error) = 0;
    // The step's sum so far, into *grads (shaped like the adapter).
    virtual bool gradients(LoraAdapter *grads, QString *error) = 0;

    // Sequence packing: a backend with packTokens() > 0 takes several examples of at most that
    // many tokens together in one pass (each sees only itself, at positions from 0), every
    // counted token's gradient weighted tokenWeight (the Trainer's example weights are counted
    // tokens over the step's: one weight per token), no dropout; each example's mean loss back.
    // The others (packTokens() 0) fail it.
    virtual int packTokens() const { return 0; }
    virtual std::vector<ReferenceLoss> accumulatePacked(
        std::span<const TokenizedExample *const> examples, double tokenWeight, QString *error);

    // A backend with its own optimizer (residentOptimizer() true: the GPU trainer) keeps the
    // adapter and the AdamW state between steps, so that neither crosses to the host each step:
    // loadState() hands them over (a run's start, a resume), beginResidentStep() starts a step on
    // its own adapter, residentGradientNorm() gives the step's gradient norm, residentStep()
    // applies AdamW (the gradients times gradScale: the clipping) at lr, and readState() copies
    // adapter and optimizer back (evaluations, checkpoints, the end); evaluateResident() is
    // evaluate() on the backend's own adapter. The others fail.
    virtual bool residentOptimizer() const { return false; }
    virtual bool loadState(const LoraAdapter &adapter, const AdamW &optimizer, QString *error);
    virtual bool beginResidentStep(QString *error);
    virtual bool residentGradientNorm(double *norm, QString *error);
    virtual bool residentStep(double lr, double gradScale, QString *error);
    virtual bool readState(LoraAdapter *adapter, AdamW *optimizer, QString *error);
    virtual ReferenceLoss evaluateResident(const TokenizedExample &e, QString *error);
};

// The CPU oracle (reference_trainer.h): exact and slow, for tiny models and tests.
class ReferenceLossBackend : public LossBackend {
public:
    explicit ReferenceLossBackend(const model::ReferenceModel &model) : m_model(model) {}
    ReferenceLoss evaluate(const TokenizedExample &e, const LoraAdapter &adapter,
                           QString *error) override;
    bool beginStep(const LoraAdapter &adapter, QString *error) override;
    ReferenceLoss accumulate(const TokenizedExample &e, double weight, uint64_t dropoutSeed,
                             QString *error) override;
    bool gradients(LoraAdapter *grads, QString *error) override;

private:
    const model::ReferenceModel &m_model;
    std::optional<LoraAdapter> m_adapter, m_sum;
};

// Trained tokens of an example that count in its loss (next-token targets): the weight of its
// gradients in a step is this over the step's total.
int countedTargets(const TokenizedExample &e);

struct TrainConfig {
    LoraConfig lora;
    AdamWConfig adamw;
    LrSchedule schedule = LrSchedule::Cosine;
    double learningRate = 2e-4;
    double warmupFraction = 0.03;  // of the run's optimizer steps
    int cycles = 1;                // CosineRestarts
    int epochs = 1;
    int64_t maxSteps = 0;       // > 0: stop after this many optimizer steps
    int batchTokens = 4096;     // trained tokens per optimizer step (at least one example)
    double maxGradNorm = 1.0;   // <= 0: no clipping
    int evalEvery = 50;         // optimizer steps between validation losses (0: at the end only)
    int checkpointEvery = 100;  // optimizer steps between checkpoints (0: at the end only)
    uint64_t seed = 42;         // shuffling, the adapter's initialisation, dropout
    QString baseModel;          // for adapter_config.json (base_model_name_or_path)
};

struct TrainProgress {
    int64_t step = 0;  // optimizer steps done
    int64_t totalSteps = 0;
    int epoch = 0;
    double loss = 0.0;      // this step's mean loss over its trained tokens
    double lr = 0.0;        // the learning rate this step used
    double gradNorm = 0.0;  // before clipping
    qint64 tokens = 0;      // trained tokens of this step
    double tokensPerSecond = 0.0;
    std::optional<double> validationLoss;  // at evaluation steps
    bool checkpointed = false;             // a checkpoint was written after this step
};

class Trainer {
public:
    // Prepares a run over `train` (and `validation`, possibly empty) into `outDir`, resuming from
    // its checkpoint when it has one for the same configuration and data sizes (a checkpoint of
    // another configuration is refused: choose another folder). nullptr with *error on failure.
    static std::unique_ptr<Trainer> create(const model::Gemma4Config &config,
                                           const TrainConfig &train,
                                           std::vector<TokenizedExample> trainSet,
                                           std::vector<TokenizedExample> validationSet,
                                           LossBackend &backend, const QString &outDir,
                                           QString *error);

    // Trains until the run's last step, or until `progress` returns false (a pause: the state
    // is checkpointed, and create() on the same folder continues it). False with *error when a
    // loss or gradient is not finite (the last good checkpoint is kept), or a file cannot be
    // written. On completion writes the finished adapter (adapter/ and adapter.gguf).
    bool run(const std::function<bool(const TrainProgress &)> &progress, QString *error);

    int64_t step() const { return m_step; }
    int64_t totalSteps() const { return m_totalSteps; }
    bool resumed() const { return m_resumed; }
    bool finished() const { return m_step >= m_totalSteps; }
    const LoraAdapter &adapter() const { return m_adapter; }
    // The mean validation loss over the validation set (empty set: nullopt).
    std::optional<double> validationLoss();

private:
    Trainer(const model::Gemma4Config &config, const TrainConfig &c, LoraAdapter adapter,
            LossBackend &backend);
    // The examples of optimizer step `step` (0-based) in the shuffled epoch order.
    std::vector<int> stepExamples(int64_t step) const;
    bool checkpoint(QString *error);
    bool restore(QString *error);
    bool writeFinal(QString *error);

    model::Gemma4Config m_modelConfig;
    TrainConfig m_config;
    LoraAdapter m_adapter;
    AdamW m_optimizer;
    LossBackend &m_backend;
    std::vector<TokenizedExample> m_train, m_validation;
    // Per epoch: the shuffled order cut into steps of about batchTokens trained tokens.
    std::vector<std::vector<std::vector<int>>> m_epochs;
    int64_t m_step = 0, m_totalSteps = 0;
    QString m_dir;
    bool m_resumed = false;
};

}  // namespace facet::train
