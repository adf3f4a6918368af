// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// ForwardBackend over the CPU reference model (model::ReferenceModel::Session). Always returns
// full logits, whatever number of candidates is asked for.
#pragma once

#include "generate/forward_backend.h"
#include "model/reference_model.h"

namespace facet::generate {

class CpuReferenceBackend final : public ForwardBackend {
public:
    // `model` must outlive the backend. contextLength: the positions the session may hold; 0 or
    // more than the model's trained context (config().contextLength) means the model's.
    explicit CpuReferenceBackend(const model::ReferenceModel &model, int64_t contextLength = 0);

    QString name() const override { return QStringLiteral("cpu-reference"); }
    int64_t contextLength() const override { return m_contextLength; }
    int32_t vocabSize() const override { return m_model->vocabSize(); }
    int64_t position() const override { return m_session.position(); }
    void reset() override { m_session.reset(); }
    bool rewind(int64_t position) override { return m_session.rewind(position); }

    StepResult prefill(std::span<const int32_t> tokens, std::span<const model::SoftEmbedding> soft,
                       int candidates, QString *error) override;
    StepResult step(int32_t token, int candidates, QString *error) override;
    std::vector<float> prefillAllLogits(std::span<const int32_t> tokens,
                                        std::span<const model::SoftEmbedding> soft,
                                        QString *error) override;

    // The underlying session (e.g. to attach a trace).
    model::ReferenceModel::Session &session() { return m_session; }

private:
    bool fits(size_t tokens, QString *error) const;

    const model::ReferenceModel *m_model;
    model::ReferenceModel::Session m_session;
    int64_t m_contextLength;
};

}  // namespace facet::generate
