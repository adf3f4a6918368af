// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "support/lora_support.h"

#include "model/gemma4_config.h"
#include "safetensors/safetensors.h"
#include "support/hf_gemma4_convert.h"
#include "support/test_support.h"
#include "train/adapter_io.h"

#include <QDir>

namespace facet::test {

void randomizeLoraB(model::LoraAdapter &adapter, std::mt19937_64 &rng, float bound) {
    std::uniform_real_distribution<float> u(-bound, bound);
    for (model::LoraMatrix *m : adapter.matrices()) {
        for (float &v : m->b)
            v = u(rng);
    }
}

PeftReference loadPeftReference(QString *error) {
    PeftReference r;
    const QDir data(dataDir());
    const QByteArray bytes = convertHfGemma4(data.filePath(QStringLiteral("gemma4_mm")), {}, error);
    if (bytes.isEmpty()) return r;
    r.file = gguf::File::fromBytes(bytes, error);
    if (!r.file) return r;
    const auto config = model::Gemma4Config::fromGguf(*r.file, error);
    if (!config) return r;
    const QString dir = data.filePath(QStringLiteral("gemma4_lora"));
    r.adapter = train::loadAdapter(dir, *config, error);
    if (!r.adapter) return r;
    auto ref =
        safetensors::File::open(QDir(dir).filePath(QStringLiteral("reference.safetensors")), error);
    if (!ref) return r;
    const safetensors::Tensor *tokens = ref->find("tokens");
    const safetensors::Tensor *logits = ref->find("logits");
    const safetensors::Tensor *base = ref->find("base_logits");
    if (!tokens || !logits || !base) {
        *error = QStringLiteral("reference.safetensors lacks tokens, logits or base_logits");
        return r;
    }
    for (const int64_t id : tokens->toInt())
        r.tokens.push_back(int32_t(id));
    r.logits = logits->toFloat();
    r.baseLogits = base->toFloat();
    return r;
}

bool writePeftBaseModel(const QString &path, QString *error) {
    return convertHfGemma4ToFile(QDir(dataDir()).filePath(QStringLiteral("gemma4_mm")), path, {},
                                 error);
}

QString peftAdapterDir() {
    return QDir(dataDir()).filePath(QStringLiteral("gemma4_lora"));
}

}  // namespace facet::test
