// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// ForwardBackend over the GPU decoder (model::GpuModel). Answers with candidates when asked for
// them (argmax for one, on-GPU top-k for more), with full logits otherwise.
#pragma once

#include "generate/forward_backend.h"
#include "model/gpu_model.h"

#include <memory>

namespace facet::generate {

class GpuBackend final : public ForwardBackend {
public:
    explicit GpuBackend(std::unique_ptr<model::GpuModel> model) : m_model(std::move(model)) {}

    QString name() const override { return QStringLiteral("gpu"); }
    int64_t contextLength() const override { return m_model->contextLength(); }
    int32_t vocabSize() const override { return m_model->config().vocabSize; }
    int64_t position() const override { return m_model->position(); }
    void reset() override { m_model->reset(); }
    bool rewind(int64_t position) override { return m_model->rewind(position); }

    StepResult prefill(std::span<const int32_t> tokens, std::span<const model::SoftEmbedding> soft,
                       int candidates, QString *error) override {
        return m_model->forward(tokens, soft, model::GpuModel::Logits::Last, candidates, nullptr,
                                error);
    }
    StepResult step(int32_t token, int candidates, QString *error) override {
        const int32_t one[1] = {token};
        return m_model->forward(one, {}, model::GpuModel::Logits::Last, candidates, nullptr, error);
    }
    std::vector<float> prefillAllLogits(std::span<const int32_t> tokens,
                                        std::span<const model::SoftEmbedding> soft,
                                        QString *error) override {
        std::vector<float> all;
        m_model->forward(tokens, soft, model::GpuModel::Logits::All, 0, &all, error);
        return all;
    }

    model::GpuModel &model() { return *m_model; }

private:
    std::unique_ptr<model::GpuModel> m_model;
};

}  // namespace facet::generate
