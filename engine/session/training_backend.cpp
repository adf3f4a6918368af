// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "session/training_backend.h"

#include "model/reference_model.h"
#include "session/model_runtime.h"

namespace facet::session {

namespace {

// The CPU oracle with the reference model it reads (loaded for the run: a GPU runtime has none).
class OwningReferenceBackend final : public train::LossBackend {
public:
    explicit OwningReferenceBackend(std::unique_ptr<model::ReferenceModel> model)
        : m_model(std::move(model)), m_backend(*m_model) {}
    train::ReferenceLoss loss(const train::TokenizedExample &e, const train::LoraAdapter &adapter,
                              train::LoraAdapter *grads,
                              std::optional<uint64_t> dropoutSeed) override {
        return m_backend.loss(e, adapter, grads, dropoutSeed);
    }

private:
    std::unique_ptr<model::ReferenceModel> m_model;
    train::ReferenceLossBackend m_backend;
};

}  // namespace

std::unique_ptr<train::LossBackend> createTrainingBackend(ModelRuntime &runtime,
                                                          const TrainingBackendOptions &options,
                                                          QString *error) {
    (void)options;
    if (!runtime.backend()) {
        if (error) *error = QStringLiteral("the model is not loaded yet");
        return nullptr;
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
