// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "session/model_runtime.h"

#include "generate/cpu_reference_backend.h"
#include "generate/gpu_backend.h"
#include "gguf/gguf.h"
#include "media/media_encoder.h"
#include "model/reference_model.h"
#include "tokenizer/tokenizer.h"
#include "train/adapter_io.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <optional>

namespace facet::session {

namespace {

// What a context of 0 means, and the context assumed for a file that does not state its own
// (as the GPU model does).
constexpr int64_t kDefaultContext = 8192;
constexpr int64_t kUnstatedModelContext = 131072;

// Gemma 4's 26B and 31B files use the large template variant; E2B and E4B the small one.
chat::TemplateVariant variantFor(const gguf::File &file) {
    uint64_t parameters = 0;
    for (const gguf::TensorInfo &t : file.tensors())
        parameters += t.nelements;
    return parameters > 15'000'000'000ull ? chat::TemplateVariant::Large
                                          : chat::TemplateVariant::Small;
}

bool fail(RuntimeError *error, RuntimeError::Kind kind, const QString &detail) {
    error->kind = kind;
    error->detail = detail;
    return false;
}

}  // namespace

QString RuntimeError::message() const {
    switch (kind) {
        case Kind::None:
            return {};
        case Kind::NotGemma4:
            return QStringLiteral(
                       "not a Gemma 4 model (its architecture is \"%1\"); Facet runs Gemma 4 E2B "
                       "and E4B")
                .arg(detail);
        case Kind::NoGpu:
            return QStringLiteral("no usable GPU: %1").arg(detail);
        case Kind::Cancelled:
            return QStringLiteral("cancelled");
        case Kind::File:
        case Kind::Model:
            break;
    }
    return detail;
}

ModelRuntime::~ModelRuntime() = default;

std::unique_ptr<ModelRuntime> ModelRuntime::open(const QString &path, RuntimeError *error) {
    std::unique_ptr<ModelRuntime> rt(new ModelRuntime());
    rt->m_path = path;
    QString why;
    rt->m_file = gguf::File::open(path, &why);
    if (!rt->m_file) {
        fail(error, RuntimeError::Kind::File, why);
        return nullptr;
    }
    const std::string arch = rt->m_file->getString("general.architecture").value_or("");
    if (arch != "gemma4") {
        fail(error, RuntimeError::Kind::NotGemma4, QString::fromStdString(arch));
        return nullptr;
    }
    const QString file = QFileInfo(path).fileName();
    std::optional<model::Gemma4Config> config = model::Gemma4Config::fromGguf(*rt->m_file, &why);
    if (!config) {
        fail(error, RuntimeError::Kind::Model, QStringLiteral("%1: %2").arg(file, why));
        return nullptr;
    }
    rt->m_config = std::move(*config);
    rt->m_tokenizer = tokenizer::Tokenizer::fromGguf(*rt->m_file, &why);
    if (!rt->m_tokenizer) {
        fail(error, RuntimeError::Kind::Model, QStringLiteral("%1: %2").arg(file, why));
        return nullptr;
    }
    rt->m_variant = variantFor(*rt->m_file);
    // Towers load on first use; creating the encoder reads nothing.
    rt->m_media = std::make_unique<media::MediaEncoder>(*rt->m_file, rt->m_config, path);
    return rt;
}

QString ModelRuntime::name() const {
    const std::string name = m_file->getString("general.name").value_or("");
    return name.empty() ? QFileInfo(m_path).completeBaseName() : QString::fromStdString(name);
}

int64_t ModelRuntime::resolveContextLength(int64_t requested) const {
    if (requested > 0) return requested;
    const int64_t own = m_config.contextLength > 0 ? m_config.contextLength : kUnstatedModelContext;
    return std::min(kDefaultContext, own);
}

bool ModelRuntime::start(RuntimeOptions options, RuntimeError *error, const ProgressFn &progress,
                         const CancelFn &cancel) {
    if (m_backend) return fail(error, RuntimeError::Kind::Model, QStringLiteral("already loaded"));
    QElapsedTimer timer;
    timer.start();
    m_compute = options.compute;
    const int64_t context = resolveContextLength(options.contextLength);
    const QString file = QFileInfo(m_path).fileName();
    const auto cancelled = [&cancel] { return cancel && cancel(); };
    QString why;

    // The adapter file is checked against the model before anything is loaded.
    std::optional<model::LoraAdapter> adapter;
    if (!options.adapter.isEmpty()) {
        if (options.compute == Compute::Cpu) {
            return fail(error, RuntimeError::Kind::Model,
                        QStringLiteral("adapters run on the GPU; the CPU reference cannot run "
                                       "them yet (leave out --backend cpu)"));
        }
        adapter = train::loadAdapter(options.adapter, m_config, &why);
        if (!adapter) {
            return fail(error, RuntimeError::Kind::Model,
                        QStringLiteral("cannot use the adapter %1: %2").arg(options.adapter, why));
        }
    }

    if (options.compute == Compute::Cpu) {
        m_reference = model::ReferenceModel::load(*m_file, &why);
        if (!m_reference)
            return fail(error, RuntimeError::Kind::Model, QStringLiteral("%1: %2").arg(file, why));
        auto backend = std::make_unique<generate::CpuReferenceBackend>(*m_reference, context);
        m_cpuBackend = backend.get();
        m_backend = std::move(backend);
        m_startSeconds = double(timer.nsecsElapsed()) / 1e9;
        return true;
    }

    std::unique_ptr<gpu::GpuContext> gpu = gpu::GpuContext::create(options.gpu, &why);
    if (!gpu) return fail(error, RuntimeError::Kind::NoGpu, why);
    if (cancelled()) return fail(error, RuntimeError::Kind::Cancelled, {});
    options.gpuModel.contextLength = context;
    const auto uploaded = [&](qint64 done, qint64 total) {
        if (progress) progress(done, total);
        return !cancelled();
    };
    std::unique_ptr<model::GpuModel> model =
        model::GpuModel::load(*gpu, *m_file, options.gpuModel, &why, uploaded);
    if (!model) {
        // Whatever the model allocated is gone; the context goes with this scope.
        if (cancelled()) return fail(error, RuntimeError::Kind::Cancelled, {});
        return fail(error, RuntimeError::Kind::Model, QStringLiteral("%1: %2").arg(file, why));
    }
    if (adapter && !model->setAdapter(&*adapter, options.adapterStrength, &why)) {
        return fail(error, RuntimeError::Kind::Model,
                    QStringLiteral("cannot use the adapter %1: %2").arg(options.adapter, why));
    }
    if (adapter) {
        m_adapterPath = options.adapter;
        m_adapterStrength = options.adapterStrength;
    }
    m_gpu = std::move(gpu);
    m_gpuModel = model.get();
    m_backend = std::make_unique<generate::GpuBackend>(std::move(model));
    // The towers run on the same context as the decoder.
    m_media->setGpu(m_gpu.get());
    m_startSeconds = double(timer.nsecsElapsed()) / 1e9;
    return true;
}

bool ModelRuntime::setAdapter(const QString &path, float strength, QString *error) {
    const auto failWith = [&](const QString &why) {
        if (error) *error = why;
        return false;
    };
    if (!m_backend) return failWith(QStringLiteral("the model is not loaded yet"));
    if (!(strength >= 0.0f && strength <= 8.0f))
        return failWith(QStringLiteral("the adapter strength must be between 0 and 8"));
    if (path.isEmpty()) {
        if (m_gpuModel && !m_gpuModel->setAdapter(nullptr, 1.0f, error)) return false;
        m_adapterPath.clear();
        m_adapterStrength = 1.0f;
        return true;
    }
    if (!m_gpuModel) {
        return failWith(
            QStringLiteral("adapters run on the GPU; the CPU reference cannot run "
                           "them yet (leave out --backend cpu)"));
    }
    QString why;
    const std::optional<model::LoraAdapter> adapter = train::loadAdapter(path, m_config, &why);
    if (!adapter) return failWith(QStringLiteral("cannot use the adapter %1: %2").arg(path, why));
    if (!m_gpuModel->setAdapter(&*adapter, strength, &why))
        return failWith(QStringLiteral("cannot use the adapter %1: %2").arg(path, why));
    m_adapterPath = path;
    m_adapterStrength = strength;
    return true;
}

}  // namespace facet::session
