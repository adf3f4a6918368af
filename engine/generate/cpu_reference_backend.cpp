// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "generate/cpu_reference_backend.h"

namespace facet::generate {

CpuReferenceBackend::CpuReferenceBackend(const model::ReferenceModel &model, int64_t contextLength)
    : m_model(&model), m_session(model.newSession()) {
    const int64_t trained = model.config().contextLength;
    m_contextLength = contextLength > 0 && contextLength < trained ? contextLength : trained;
}

bool CpuReferenceBackend::fits(size_t tokens, QString *error) const {
    const int64_t end = m_session.position() + static_cast<int64_t>(tokens);
    if (end <= m_contextLength) return true;
    if (error) {
        *error = QStringLiteral("%1 tokens at position %2 do not fit in the context of %3 tokens")
                     .arg(tokens)
                     .arg(m_session.position())
                     .arg(m_contextLength);
    }
    return false;
}

StepResult CpuReferenceBackend::prefill(std::span<const int32_t> tokens,
                                        std::span<const model::SoftEmbedding> soft,
                                        int /*candidates*/, QString *error) {
    StepResult r;
    if (tokens.empty() || !fits(tokens.size(), error)) return r;
    r.logits = m_session.prefill(tokens, soft, model::ReferenceModel::Logits::Last, error);
    return r;
}

StepResult CpuReferenceBackend::step(int32_t token, int /*candidates*/, QString *error) {
    StepResult r;
    if (!fits(1, error)) return r;
    r.logits = m_session.step(token, error);
    return r;
}

std::vector<float> CpuReferenceBackend::prefillAllLogits(std::span<const int32_t> tokens,
                                                         std::span<const model::SoftEmbedding> soft,
                                                         QString *error) {
    if (tokens.empty() || !fits(tokens.size(), error)) return {};
    return m_session.prefill(tokens, soft, model::ReferenceModel::Logits::All, error);
}

}  // namespace facet::generate
