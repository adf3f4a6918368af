// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// One loaded model, ready to run: the GGUF file (memory-mapped), its Gemma 4 configuration and
// tokenizer, and the forward backend — the GPU decoder on its own GPU context, or the CPU
// reference. Written once for every front end: the Engine (session/engine.h), facet-cli and a
// local API server all load models through it.
//
//   RuntimeError error;
//   auto rt = ModelRuntime::open(path, &error);    // cheap: checks, configuration, tokenizer
//   if (!rt) …                                     // error.kind says what to tell the user
//   RuntimeOptions options;                        // filled by the front end
//   options.contextLength = …;                     // its own policy, from rt->config()
//   if (!rt->start(std::move(options), &error, progress, cancel)) …
//   generate::Generator gen(*rt->backend(), rt->tokenizer(), params);
//
// Loading is split in two because every front end decides things between them from the model's
// configuration (the context length above all). Errors carry a kind, so that each front end can
// say what to do in its own words (a Settings page, a command-line flag).
//
// Tuning comes only from RuntimeOptions (the GPU context's and the GPU model's options structs,
// passed through by value); nothing here reads the environment.
//
// Ownership and order: the runtime owns everything it loads; the backend (and every GPU resource
// in it) is destroyed before the GPU context, and both before the file mapping they read. Like
// the GPU objects inside it, a runtime that started on the GPU is used and destroyed on the thread
// that called start().
#pragma once

#include "chat/renderer.h"
#include "gpu/gpu_context.h"
#include "model/gemma4_config.h"
#include "model/gpu_model.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <memory>

namespace facet::gguf {
class File;
}
namespace facet::tokenizer {
class Tokenizer;
}
namespace facet::model {
class ReferenceModel;
}
namespace facet::media {
class MediaEncoder;
}
namespace facet::generate {
class ForwardBackend;
class CpuReferenceBackend;
}  // namespace facet::generate

namespace facet::session {

// Where the forward pass runs.
enum class Compute {
    Gpu,  // the GPU decoder (Qt RHI compute)
    Cpu,  // the CPU reference: exact and very slow (the oracle)
};

struct RuntimeOptions {
    Compute compute = Compute::Gpu;
    // Positions the backend holds (prompt and answer together); 0: min(8192, the model's own).
    // The GPU refuses more than the model's own context; the CPU reference holds at most that.
    int64_t contextLength = 0;
    // The GPU context: API (Vulkan, OpenGL, …), device, kernel variants, submission.
    gpu::GpuOptions gpu;
    // The GPU model's tuning. Its contextLength is replaced by the one above.
    model::GpuModelOptions gpuModel;
    // A LoRA adapter to run the model through (a PEFT folder or a GGUF LoRA file; empty: none)
    // and its strength (see setAdapter()).
    QString adapter;
    float adapterStrength = 1.0f;
};

struct RuntimeError {
    enum class Kind {
        None,
        File,       // the file cannot be read, or is not a GGUF file
        NotGemma4,  // a GGUF file of another architecture (detail: the architecture it names)
        Model,      // a Gemma 4 file Facet cannot run: configuration, tokenizer, weights
        NoGpu,      // no GPU context could be created (detail: why, with what to do)
        Cancelled,  // the cancel function said so
    };
    Kind kind = Kind::None;
    QString detail;  // the reader's, model's or GPU's own message (see Kind)

    // One sentence for logs and the command line (English, not translated).
    QString message() const;
};

class ModelRuntime {
public:
    // Upload progress of the GPU weights: bytes done so far and in total.
    using ProgressFn = std::function<void(qint64 done, qint64 total)>;
    // Asked between steps of a load (after the GPU context is created, between upload chunks);
    // true stops the load.
    using CancelFn = std::function<bool()>;

    // Opens the GGUF file at `path` and checks that it is a Gemma 4 model; reads its configuration
    // and its tokenizer. Maps the file; reads no weights. nullptr with *error on failure.
    static std::unique_ptr<ModelRuntime> open(const QString &path, RuntimeError *error);
    ~ModelRuntime();
    ModelRuntime(const ModelRuntime &) = delete;
    ModelRuntime &operator=(const ModelRuntime &) = delete;

    // Creates the backend: on the GPU a context (options.gpu) and the model uploaded into it
    // (options.gpuModel), on the CPU the reference model over the file's mapping. Once per runtime;
    // false with *error when it fails or is cancelled, and then the runtime has no backend (the
    // file, configuration and tokenizer stay).
    bool start(RuntimeOptions options, RuntimeError *error, const ProgressFn &progress = {},
               const CancelFn &cancel = {});

    const QString &path() const { return m_path; }
    const gguf::File &file() const { return *m_file; }
    const model::Gemma4Config &config() const { return m_config; }
    const tokenizer::Tokenizer &tokenizer() const { return *m_tokenizer; }
    // The chat template's variant for this model's size.
    chat::TemplateVariant templateVariant() const { return m_variant; }
    // general.name, else the file's name without its extension.
    QString name() const;
    // The context a start() with `requested` positions gets (0: min(8192, the model's)).
    int64_t resolveContextLength(int64_t requested) const;

    // After start():
    generate::ForwardBackend *backend() const { return m_backend.get(); }
    Compute compute() const { return m_compute; }
    gpu::GpuContext *gpu() const { return m_gpu.get(); }                        // null on the CPU
    model::GpuModel *gpuModel() const { return m_gpuModel; }                    // null on the CPU
    generate::CpuReferenceBackend *cpuBackend() const { return m_cpuBackend; }  // null on the GPU
    // Images and audio: the towers (loaded on first use) and the attachment cache. Available
    // right after open(); encodes on the CPU reference today.
    media::MediaEncoder *media() const { return m_media.get(); }
    // Seconds start() took (context creation and upload, or the reference's load).
    double startSeconds() const { return m_startSeconds; }

    // After start(): runs the model through the LoRA adapter at `path` (a PEFT folder or a GGUF
    // LoRA file, train/adapter_io.h) at `strength` (0 .. 2 in the app) from now on; an empty
    // path: the base model. Starts a new sequence. On the GPU only for now. False with *error
    // (what is wrong with the file, or that it was made for another model), the model unchanged.
    bool setAdapter(const QString &path, float strength, QString *error);
    const QString &adapterPath() const { return m_adapterPath; }
    float adapterStrength() const { return m_adapterStrength; }

private:
    ModelRuntime() = default;

    // Declared in the order they are needed; destroyed in reverse: the backend (GPU buffers,
    // pipelines) before the GPU context, the context and the reference before the file mapping.
    QString m_path;
    std::unique_ptr<gguf::File> m_file;
    model::Gemma4Config m_config;
    std::unique_ptr<tokenizer::Tokenizer> m_tokenizer;
    chat::TemplateVariant m_variant = chat::TemplateVariant::Small;
    std::unique_ptr<model::ReferenceModel> m_reference;
    std::unique_ptr<gpu::GpuContext> m_gpu;
    std::unique_ptr<generate::ForwardBackend> m_backend;
    Compute m_compute = Compute::Gpu;
    model::GpuModel *m_gpuModel = nullptr;                  // inside m_backend
    generate::CpuReferenceBackend *m_cpuBackend = nullptr;  // m_backend itself
    // Last: its GPU towers go before the context they live on.
    std::unique_ptr<media::MediaEncoder> m_media;
    double m_startSeconds = 0;
    QString m_adapterPath;
    float m_adapterStrength = 1.0f;
};

}  // namespace facet::session
