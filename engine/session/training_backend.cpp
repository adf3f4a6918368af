// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "session/training_backend.h"

#include "model/gpu_model.h"
#include "model/reference_model.h"
#include "session/model_runtime.h"
#include "train/gpu_trainer.h"

namespace facet::session {

namespace {

// The reference model the run reads (a base class, so it is constructed before the backend).
struct ReferenceModelHolder {
    std::unique_ptr<model::ReferenceModel> model;
};

// The CPU oracle with the reference model it reads.
class OwningReferenceBackend final : private ReferenceModelHolder,
                                     public train::ReferenceLossBackend {
public:
    explicit OwningReferenceBackend(std::unique_ptr<model::ReferenceModel> m)
        : ReferenceModelHolder{std::move(m)}, train::ReferenceLossBackend(*model) {}
};

}  // namespace

std::unique_ptr<train::LossBackend> createTrainingBackend(ModelRuntime &runtime,
                                                          const TrainingBackendOptions &options,
                                                          QString *error) {
    if (!runtime.backend()) {
        if (error) *error = QStringLiteral("the model is not loaded yet");
        return nullptr;
    }
    if (model::GpuModel *gm = runtime.gpuModel()) {
        train::GpuTrainOptions o = options.gpu;
        o.maxTokens = std::max(1, options.maxTokens);
        return train::GpuLossBackend::create(*gm, options.lora, o, error);
    }
    QString why;
    std::unique_ptr<model::ReferenceModel> ref = model::ReferenceModel::load(runtime.file(), &why);
    if (!ref) {
        if (error) *error = why;
        return nullptr;
    }
    return std::make_unique<OwningReferenceBackend>(std::move(ref));
}

}  // namespace facet::session
