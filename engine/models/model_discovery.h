// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Finding Gemma 4 GGUF models on this machine: Facet's own folder, Ollama's store (read-only) and
// LM Studio's folders, plus resolving a name or path given on the command line.
//
// Only files whose GGUF header says general.architecture = "gemma4" are listed. Anything broken
// met on the way (unreadable or invalid manifests, missing blobs, corrupt GGUF headers, several
// candidate projectors) is skipped and described in a warning; a scan never fails as a whole and
// never writes anything. Valid models of other architectures are simply not listed: silently in
// Ollama's and LM Studio's shared stores (they hold many), with a warning in Facet's own folder
// (which should hold Gemma 4 only). Projector GGUFs (general.architecture "clip") are never listed
// as models. QtCore only.
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace facet::models {

enum class Source { Facet, Ollama, LmStudio, UserFile };

const char *sourceName(Source s);  // "facet", "ollama", "lmstudio", "file"

struct ModelEntry {
    // Facet: file name without ".gguf"; Ollama: "gemma4:e2b" (registry.ollama.ai/library),
    // "ns/model:tag" (other namespaces of registry.ollama.ai), "host/ns/model:tag" otherwise;
    // LM Studio: "publisher/repo/file" without ".gguf"; user file: file name without ".gguf".
    QString name;
    QString path;  // absolute path of the GGUF with the language model
    Source source = Source::UserFile;
    qint64 sizeBytes = 0;   // bytes on disk of the model file plus its projector, if any
    QString digest;         // Ollama: "sha256:<hex>" of the model layer; empty for plain files
    QString projectorPath;  // separate vision/audio projector GGUF, empty when none
    QDateTime modified;     // Ollama: manifest time; files: the file's modification time
};

// Where to look. defaults() follows the environment; tests pass their own folders.
struct SearchPaths {
    QStringList ollama;    // Ollama model roots (each with manifests/ and blobs/)
    QString facet;         // Facet's model folder
    QStringList lmStudio;  // LM Studio model roots (publisher/repo/*.gguf)

    static SearchPaths defaults();
};

// $OLLAMA_MODELS if set, else ~/.ollama/models.
QString ollamaModelsDir();
// QStandardPaths::AppDataLocation + "/models".
QString facetModelsDir();
// ~/.lmstudio/models and ~/.cache/lm-studio/models (whether or not they exist).
QStringList lmStudioModelsDirs();

// Checks that `path` is a readable GGUF of a Gemma 4 model. On failure returns false and sets
// *why (e.g. "general.architecture is 'llama'", or the GGUF reader's message).
bool isGemma4Gguf(const QString &path, QString *why);

// Scans one Ollama root (manifests/<host>/<namespace…>/<model>/<tag> → blobs/sha256-<hex>).
QList<ModelEntry> scanOllama(const QString &root, QStringList *warnings);
// Scans Facet's folder: *.gguf directly inside it, plus the models Facet pulled from an Ollama
// registry, stored there in Ollama's layout (manifests/…, blobs/sha256-<hex>), as Source::Facet.
QList<ModelEntry> scanFacet(const QString &dir, QStringList *warnings);
// Scans an LM Studio root: <publisher>/<repo>/*.gguf.
QList<ModelEntry> scanLmStudio(const QString &root, QStringList *warnings);
// All of the above, Facet first, then Ollama, then LM Studio; missing folders are not warnings.
QList<ModelEntry> scanAll(const SearchPaths &paths, QStringList *warnings);

// A model file given by path (Source::UserFile). Fails (nullopt, *error) when the file is missing,
// unreadable, not a GGUF or not Gemma 4.
std::optional<ModelEntry> fromPath(const QString &path, QString *error);

// Resolves what a user typed: an existing file path; else an Ollama name ("gemma4" means
// registry.ollama.ai/library/gemma4:latest; "ns/model:tag" and "host/ns/model:tag" work too;
// names compare case-insensitively, as in Ollama), looked up in Facet's own store first
// (Source::Facet), then in Ollama's; else a model in Facet's folder (with or
// without ".gguf"); else an LM Studio model by its listed name. The error says what was tried.
std::optional<ModelEntry> resolve(const QString &nameOrPath, const SearchPaths &paths,
                                  QString *error, QStringList *warnings = nullptr);
std::optional<ModelEntry> resolve(const QString &nameOrPath, QString *error);

// Canonical Ollama name parts for a user-typed name ("gemma4" -> registry.ollama.ai, library,
// gemma4, latest). nullopt when the text cannot be an Ollama name.
struct OllamaName {
    QString host, nameSpace, model, tag;
    QString display() const;  // short form as `ollama list` prints it
};
std::optional<OllamaName> parseOllamaName(const QString &text);

}  // namespace facet::models
