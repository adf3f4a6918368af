// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// One file downloaded into "<final>.partial" in ranged parts, resumable through the sidecar state
// file "<final>.partial.json", verified by sha256 and renamed into place. Internal to
// facet_download (DownloadManager drives it); signal-driven, no coroutines.
#pragma once

#include "download/download_manager.h"

#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <atomic>
#include <list>
#include <map>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QThread;
class QTimer;

namespace facet::download {

struct TransferSpec {
    QUrl url;
    QString finalPath;
    qint64 size = -1;  // -1: unknown (then one stream, no resume)
    QString sha256;    // lower-case hex; empty: unknown (size is all that is checked)
    QString request;   // what the user typed, recorded in the state file
    QString key;       // PullRequest::key, recorded in the state file
    QList<QPair<QByteArray, QByteArray>> headers;
    DownloadOptions options;
};

// Completed byte ranges [start, end), kept merged.
class RangeSet {
public:
    void add(qint64 start, qint64 end);
    bool contains(qint64 start, qint64 end) const;  // whole [start, end) complete
    qint64 total() const;
    // Sub-ranges of [start, end) that are not complete.
    QList<QPair<qint64, qint64>> missing(qint64 start, qint64 end) const;
    const std::map<qint64, qint64> &ranges() const { return m_ranges; }
    void clear() { m_ranges.clear(); }

private:
    std::map<qint64, qint64> m_ranges;
};

class FileTransfer : public QObject {
    Q_OBJECT

public:
    FileTransfer(QNetworkAccessManager *nam, TransferSpec spec, QObject *parent = nullptr);
    ~FileTransfer() override;

    static QString partialPath(const QString &finalPath);
    static QString statePath(const QString &finalPath);
    // Bytes already complete according to a matching state file (0 when none or stale).
    static qint64 resumableBytes(const TransferSpec &spec);

    // Starts (or resumes); finished() follows exactly once unless stop() comes first.
    void start();
    // Stops without finished(): keeps the partial data and its state (pause) or removes both.
    void stop(bool removePartial);

    qint64 bytesDone() const { return m_done.total(); }
    qint64 bytesThisRun() const { return m_bytesThisRun; }
    qint64 size() const { return m_spec.size; }
    bool verifying() const { return m_verifying; }

signals:
    void progressed();
    void finished(bool ok, const QString &error);

private:
    struct Part {
        QPointer<QNetworkReply> reply;
        qint64 start = 0, end = 0, pos = 0;  // [start, end) requested, pos: next byte expected
        int attempts = 0;
        bool ranged = true;    // sent a Range header
        bool checked = false;  // status and headers checked
        bool single = false;   // the whole file from byte 0, skipping completed ranges
        bool stalled = false;
        QTimer *stallTimer = nullptr;
    };
    struct Chunk {
        qint64 start, end;
        int attempts;
    };

    void launch(Chunk c, bool single);
    void onReadyRead(Part *p);
    void onFinished(Part *p);
    bool checkResponse(Part *p, QString *fatal, bool *switchToSingle);
    bool writeAt(qint64 offset, const char *data, qint64 len, QString *error);
    void switchToSingleStream();
    void pump();
    void retryLater(Chunk c, const QString &why);
    void fail(const QString &message, bool keepPartial);
    void verify();
    void onVerified(const QString &hex, const QString &error);
    void saveState();
    void scheduleSave();
    bool loadState();
    void abortAll();
    void removePart(Part *p);
    void releaseLock();
    int retryDelayMs(int attempt) const;

    QNetworkAccessManager *m_nam;
    TransferSpec m_spec;
    QFile m_file;
    std::unique_ptr<QLockFile> m_lock;
    RangeSet m_done;
    std::list<std::unique_ptr<Part>> m_parts;
    QList<Chunk> m_pending;
    int m_waitingRetries = 0;
    quint64 m_generation = 0;  // bumps on stop/switch: stale retry timers do nothing
    bool m_single = false;
    bool m_running = false;
    bool m_verifying = false;
    bool m_saveScheduled = false;
    qint64 m_bytesThisRun = 0;
    QTimer *m_saveTimer = nullptr;
    QThread *m_hashThread = nullptr;
    std::shared_ptr<std::atomic_bool> m_hashCancel;
};

}  // namespace facet::download
