// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// What the Models dock knows about a model on disk, and the work it does off the UI thread.
//
// QtCore + the engine only (no widgets), so the same pieces can be tested without a window.
// inspectModel() reads a GGUF's header and tensor table through the engine (gguf::File,
// Gemma4Config, model::estimateGpuMemory) — the weights themselves are memory-mapped and not
// touched — so it is cheap even for multi-gigabyte files, but a store can hold many:
// LibraryScanner runs it on a worker thread.
#pragma once

#include "model/gpu_plan.h"
#include "models/model_discovery.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QUrl>

#include <cstdint>
#include <optional>

namespace facet::app {

// One row of the library view.
struct ModelDetails {
    models::ModelEntry entry;
    // Quantisation: llama.cpp's file-type name when the file states one ("Q4_K_M"), else the type
    // most 2-D weights have ("Q4_K"); quantMix lists every type by share of tensor bytes.
    QString quantLabel;
    QString quantMix;
    bool vision = false;  // vision weights in the file or in its projector
    bool audio = false;   // audio weights in the file or in its projector
    int64_t trainedContext = 0;
    // Memory estimate at estimateContext (the chosen context, limited to trainedContext).
    std::optional<model::GpuMemoryEstimate> memory;
    int64_t estimateContext = 0;
    QString estimateError;  // why there is no estimate (e.g. a weight type the GPU cannot run)
    QString error;          // the file could not be read at all (then nothing above is set)

    QString towers() const;  // "text, vision, audio" (names not translated: technical terms)
};

// Reads what the library view shows of `entry`. Never throws or crashes on a bad file: problems
// end up in error / estimateError.
ModelDetails inspectModel(const models::ModelEntry &entry, int64_t contextLength);

// Recomputes only the memory estimate for another context length.
void reestimate(ModelDetails &details, int64_t contextLength);

struct LibraryScan {
    QList<ModelDetails> models;
    QStringList warnings;
};

// scanAll(paths) plus the files the user opened (`userFiles`; missing or invalid ones become
// warnings), each inspected at `contextLength`. A user file that a scan already found is listed
// once, under the scan's source.
LibraryScan scanLibrary(const models::SearchPaths &paths, const QStringList &userFiles,
                        int64_t contextLength);

// Whether Facet may delete the model's files: only models in Facet's own folder. *why says, for
// the others, whose files they are and what to do instead (translated).
bool facetOwns(const models::ModelEntry &entry, QString *why);

// Human-readable byte count ("3.4 GB"; decimal units, as download sites and file managers show).
QString formatBytes(qint64 bytes);

// What a user typed into the "pull" field, checked.
struct PullTarget {
    enum class Kind { Ollama, HuggingFace };
    Kind kind = Kind::Ollama;
    models::OllamaName ollama;  // Kind::Ollama
    QUrl url;                 // Kind::HuggingFace: https://huggingface.co/ORG/REPO/resolve/REV/PATH
    QString repo;             // Kind::HuggingFace: "ORG/REPO"
    QString fileName;         // Kind::HuggingFace: last path component ("x-Q4_K_M.gguf")
    QString display() const;  // "gemma4:e2b" or "ORG/REPO/PATH"
};

// Accepts an Ollama name ("gemma4:e2b", "library/gemma4:e4b", "host/ns/model:tag"), a Hugging Face
// URL of a GGUF file (resolve/ or blob/ links on huggingface.co or hf.co) or "ORG/REPO/FILE.gguf"
// (branch main). Otherwise nullopt and *error says what is wrong and what would work
// (translated).
std::optional<PullTarget> parsePullTarget(const QString &text, QString *error);

// Runs scans on one worker thread and hands results back on the owner's thread. Deleting the
// scanner waits for a running scan (a scan only reads headers: it ends quickly).
class LibraryScanner : public QObject {
    Q_OBJECT
public:
    explicit LibraryScanner(QObject *parent = nullptr);
    ~LibraryScanner() override;

    // Starts a scan; a scan still running is superseded (its result is dropped).
    void scan(const models::SearchPaths &paths, const QStringList &userFiles,
              int64_t contextLength);
    // Recomputes the estimates of `models` at another context length.
    void reestimate(const QList<ModelDetails> &models, int64_t contextLength);
    bool busy() const { return m_pending > 0; }

signals:
    void scanned(const facet::app::LibraryScan &result);
    void reestimated(const QList<facet::app::ModelDetails> &models, qint64 contextLength);

private:
    QThreadPool m_pool;
    quint64 m_generation = 0;
    int m_pending = 0;
};

}  // namespace facet::app

Q_DECLARE_METATYPE(facet::app::LibraryScan)
