// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Model downloads: the Ollama registry protocol and Hugging Face GGUF files, on Qt Network.
//
// A download ("pull") never makes a corrupt file visible to the library: data goes into
// "<final>.partial" next to a sidecar state file "<final>.partial.json" (URL, size, digest and
// which byte ranges are complete, written atomically), is verified against its sha256 and only
// then renamed into place. Facet's store lives in facet::models::facetModelsDir():
//   - Hugging Face files:  <dir>/<file>.gguf
//   - Ollama models:       <dir>/manifests/<host>/<namespace>/<model>/<tag> +
//   <dir>/blobs/sha256-<hex>
//     (the same layout as Ollama's own store; scanned by facet::models::scanFacet as
//     Source::Facet). Ollama's own store is never written.
//
// Parts of a file are fetched in parallel with HTTP Range requests; failed or stalled parts are
// retried with exponential back-off (jittered, capped); a server that ignores Range falls back to
// one stream. Interrupted downloads (network drop, pause, app or process exit, even SIGKILL) resume
// from the completed ranges recorded in the state file when the same model is pulled again.
//
// Threading: a DownloadManager lives in one thread (normally the GUI thread) and does all its
// network work there, asynchronously; only the final sha256 pass runs on a worker thread. All
// signals carry value types only and are safe for queued connections.
#pragma once

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QUrl>

#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace facet::models {
struct SearchPaths;
}

namespace facet::download {

// What the user asked for, parsed. Accepted forms:
//   Ollama:        "gemma4", "gemma4:e2b", "library/gemma4:e2b", "ns/model:tag",
//   "host/ns/model:tag" Hugging Face:
//   "https://huggingface.co/<org>/<repo>/resolve/<rev>/<path>.gguf" (also /blob/),
//                  "hf.co/<org>/<repo>/<file>.gguf", "<org>/<repo>/<file>.gguf" (revision main)
//   Any other http(s) URL ending in .gguf is downloaded as a plain file (no digest known unless
//   the server sends a sha256 ETag).
struct PullRequest {
    enum class Kind { Ollama, HuggingFace, Url };
    Kind kind = Kind::Ollama;
    QString text;     // as typed
    QString key;      // canonical identity (used as the download id): "ollama:host/ns/model:tag",
                      // or the resolve URL for files
    QString display;  // short name for the UI: "gemma4:e2b", "org/repo/file.gguf"
    // Ollama
    QString host, nameSpace, model, tag;
    // Files
    QUrl url;          // resolve URL
    QString fileName;  // target file name in Facet's folder ("<file>.gguf")
};

// Parses `text`; nullopt with a message that says what is accepted when it cannot be pulled.
std::optional<PullRequest> parsePullRequest(const QString &text, QString *error);

enum class DownloadState {
    Queued,       // accepted, not started yet
    Resolving,    // fetching the manifest / file metadata
    Downloading,  // bytes flowing (or waiting for a retry)
    Paused,       // stopped by pause(); the partial data and state are kept
    Verifying,    // sha256 of the complete file
    Completed,    // verified and visible to the library (terminal)
    Failed,       // stopped with an error; partial data kept when resumable (terminal)
    Cancelled,    // stopped by cancel(); partial data removed (terminal)
};
const char *downloadStateName(DownloadState s);  // "queued", "resolving", … (not translated)

struct DownloadProgress {
    QString id;
    qint64 bytesDone = 0;       // verified-or-written bytes of the whole pull (all layers)
    qint64 bytesTotal = -1;     // -1 while unknown
    qint64 bytesThisRun = 0;    // bytes received from the network by this run (not resumed ones)
    double bytesPerSecond = 0;  // smoothed (exponential moving average)
    qint64 etaSeconds = -1;     // -1 while unknown
    QString detail;             // what is being fetched now, e.g. "model layer 1/3" (translated)
};

struct DownloadInfo {
    QString id;  // == PullRequest::key
    PullRequest request;
    DownloadState state = DownloadState::Queued;
    DownloadProgress progress;
    QString error;      // set when state == Failed: what went wrong and what to do (translated)
    QString modelPath;  // set when Completed: the verified GGUF of the language model
    QString modelName;  // set when Completed: the name the library lists it under
};

struct DownloadOptions {
    int parallelParts = 4;               // concurrent ranged requests per file
    qint64 partSize = 16 * 1024 * 1024;  // bytes per ranged request (small files: one part)
    int maxRetries = 6;                  // attempts per part without progress before failing
    int retryBaseDelayMs = 1000;         // back-off: base * 2^attempt, jittered (50-100 %)
    int retryMaxDelayMs = 30000;         // back-off cap
    int stallTimeoutMs = 30000;          // no bytes for this long: the request is retried
    int maxRedirects = 8;                // redirect chain cap (registry → CDN)
    int stateSaveIntervalMs = 500;       // how often completed ranges are persisted
    bool checkFreeSpace = true;          // refuse to start when the disk cannot hold the rest
};

// A resumable download left on disk by an earlier run.
struct PartialDownload {
    QString key;   // PullRequest::key to pass to pull() again (its text form)
    QString text;  // what was typed originally
    qint64 bytesDone = 0;
    qint64 bytesTotal = 0;
};

class DownloadManager : public QObject {
    Q_OBJECT

public:
    explicit DownloadManager(QObject *parent = nullptr);
    ~DownloadManager() override;

    // https://registry.ollama.ai unless FACET_REGISTRY is set (read at construction).
    static QUrl defaultRegistry();
    void setRegistry(const QUrl &base);  // e.g. http://127.0.0.1:8080 for tests and mirrors
    QUrl registry() const;

    // Facet's model folder (default facet::models::facetModelsDir()); tests use their own.
    void setStoreDir(const QString &dir);
    QString storeDir() const;

    void setOptions(const DownloadOptions &options);  // applies to downloads started afterwards
    DownloadOptions options() const;

    // Starts (or, when a partial download of it exists, resumes) a pull and returns its id. An
    // id already running is returned as is. Unparsable text: an empty id and *error set (nothing
    // is started, no signal is emitted).
    QString pull(const QString &nameOrUrl, QString *error = nullptr);

    void pause(const QString &id);   // keeps the partial data; resume() or pull() continues
    void resume(const QString &id);  // a Paused or Failed download starts again
    void cancel(const QString &id);  // stops and removes the partial data and its state
    // Forgets a terminal (Completed/Failed/Cancelled) download from downloads().
    void remove(const QString &id);
    // Pauses everything (app shutdown, Ctrl-C): partial data and state stay on disk.
    void pauseAll();

    QList<DownloadInfo> downloads() const;
    std::optional<DownloadInfo> download(const QString &id) const;
    bool hasActiveDownloads() const;  // any not Paused and not terminal

    // Partial downloads in the store (e.g. from before the app restarted).
    QList<PartialDownload> partialDownloads() const;

signals:
    void downloadAdded(const facet::download::DownloadInfo &info);
    void stateChanged(const QString &id, facet::download::DownloadState state);
    // At most ~10 per second per download.
    void progressChanged(const facet::download::DownloadProgress &progress);
    // Emitted once the verified model is in place (scanAll lists it from now on).
    void completed(const QString &id, const QString &modelName, const QString &modelPath);
    void failed(const QString &id, const QString &message);

private:
    class Job;
    friend class Job;
    QNetworkAccessManager *network() const;
    struct Private;
    std::unique_ptr<Private> d;
};

// Removes a model Facet owns from `paths.facet`: a downloaded GGUF file, or an Ollama-layout
// manifest plus the blobs no other manifest of Facet's store references. Refuses (false, *error
// saying why and what to do) for models in Ollama's or LM Studio's folders, user files and unknown
// names. Not stopping a running download of the same model is the caller's business (the UI
// cancels it first). *removed lists the deleted files. Synchronous, QtCore only.
bool removeModel(const QString &name, const facet::models::SearchPaths &paths, QString *error,
                 QStringList *removed = nullptr);

}  // namespace facet::download

Q_DECLARE_METATYPE(facet::download::DownloadInfo)
Q_DECLARE_METATYPE(facet::download::DownloadProgress)
Q_DECLARE_METATYPE(facet::download::DownloadState)
