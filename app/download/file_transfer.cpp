// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "download/file_transfer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

#include <fcntl.h>
#include <unistd.h>

namespace facet::download {

namespace {

constexpr int kStateVersion = 1;
constexpr qint64 kUnknownEnd = std::numeric_limits<qint64>::max();

}  // namespace

// ---- RangeSet --------------------------------------------------------------------------------

void RangeSet::add(qint64 start, qint64 end) {
    if (end <= start) return;
    // Merge with every range that overlaps or touches [start, end).
    auto it = m_ranges.upper_bound(start);
    if (it != m_ranges.begin()) {
        auto prev = std::prev(it);
        if (prev->second >= start) {
            start = prev->first;
            end = std::max(end, prev->second);
            it = m_ranges.erase(prev);
        }
    }
    while (it != m_ranges.end() && it->first <= end) {
        end = std::max(end, it->second);
        it = m_ranges.erase(it);
    }
    m_ranges.emplace(start, end);
}

bool RangeSet::contains(qint64 start, qint64 end) const {
    if (end <= start) return true;
    auto it = m_ranges.upper_bound(start);
    if (it == m_ranges.begin()) return false;
    --it;
    return it->first <= start && it->second >= end;
}

qint64 RangeSet::total() const {
    qint64 n = 0;
    for (const auto &[s, e] : m_ranges)
        n += e - s;
    return n;
}

QList<QPair<qint64, qint64>> RangeSet::missing(qint64 start, qint64 end) const {
    QList<QPair<qint64, qint64>> out;
    qint64 pos = start;
    for (const auto &[s, e] : m_ranges) {
        if (e <= pos) continue;
        if (s >= end) break;
        if (s > pos) out.append({pos, std::min(s, end)});
        pos = std::max(pos, e);
        if (pos >= end) break;
    }
    if (pos < end) out.append({pos, end});
    return out;
}

// ---- FileTransfer ----------------------------------------------------------------------------

FileTransfer::FileTransfer(QNetworkAccessManager *nam, TransferSpec spec, QObject *parent)
    : QObject(parent), m_nam(nam), m_spec(std::move(spec)) {
    m_saveTimer = new QTimer(this);
    m_saveTimer->setSingleShot(true);
    connect(m_saveTimer, &QTimer::timeout, this, &FileTransfer::saveState);
}

FileTransfer::~FileTransfer() {
    abortAll();
    if (m_hashThread) {
        m_hashCancel->store(true);
        m_hashThread->wait();
        delete m_hashThread;
    }
    if (m_running && m_spec.size >= 0) saveState();
}

QString FileTransfer::partialPath(const QString &finalPath) {
    return finalPath + QStringLiteral(".partial");
}

QString FileTransfer::statePath(const QString &finalPath) {
    return finalPath + QStringLiteral(".partial.json");
}

namespace {

// Reads and validates a state file against what is being downloaded; fills *ranges.
bool readState(const TransferSpec &spec, RangeSet *ranges) {
    QFile f(FileTransfer::statePath(spec.finalPath));
    if (f.size() > (1 << 22) || !f.open(QIODevice::ReadOnly)) return false;
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    if (o.value(QStringLiteral("version")).toInt() != kStateVersion) return false;
    const qint64 size = o.value(QStringLiteral("size")).toInteger(-2);
    if (spec.size < 0 || size != spec.size) return false;
    // Same content: the digest when known (a mirror may serve it from another URL), else the URL.
    if (!spec.sha256.isEmpty()) {
        if (o.value(QStringLiteral("sha256")).toString() != spec.sha256) return false;
    } else if (o.value(QStringLiteral("url")).toString() != spec.url.toString()) {
        return false;
    }
    const qint64 onDisk = QFileInfo(FileTransfer::partialPath(spec.finalPath)).size();
    RangeSet r;
    for (const QJsonValue &v : o.value(QStringLiteral("ranges")).toArray()) {
        const QJsonArray a = v.toArray();
        const qint64 s = a.at(0).toInteger(-1), e = a.at(1).toInteger(-1);
        // Anything outside the file, or beyond what the partial file holds, means the state does
        // not describe this partial file: start over rather than trust it.
        if (a.size() != 2 || s < 0 || e <= s || e > size || e > onDisk) return false;
        r.add(s, e);
    }
    *ranges = r;
    return true;
}

}  // namespace

qint64 FileTransfer::resumableBytes(const TransferSpec &spec) {
    RangeSet r;
    return readState(spec, &r) ? r.total() : 0;
}

bool FileTransfer::loadState() {
    m_done.clear();
    return readState(m_spec, &m_done);
}

void FileTransfer::saveState() {
    m_saveTimer->stop();
    if (m_spec.size < 0) return;
    QJsonArray ranges;
    for (const auto &[s, e] : m_done.ranges())
        ranges.append(QJsonArray{s, e});
    const QJsonObject o{
        {QStringLiteral("version"), kStateVersion},  {QStringLiteral("url"), m_spec.url.toString()},
        {QStringLiteral("size"), m_spec.size},       {QStringLiteral("sha256"), m_spec.sha256},
        {QStringLiteral("request"), m_spec.request}, {QStringLiteral("key"), m_spec.key},
        {QStringLiteral("ranges"), ranges}};
    // Atomic replace: a crash leaves the previous state, never a torn one. Ranges are recorded
    // only after their bytes were written (the file is unbuffered), so the state never claims
    // bytes the partial file lacks. A failing save (disk full) keeps the previous state.
    QSaveFile s(statePath(m_spec.finalPath));
    if (s.open(QIODevice::WriteOnly)) {
        s.write(QJsonDocument(o).toJson(QJsonDocument::Compact));
        s.commit();
    }
}

void FileTransfer::scheduleSave() {
    if (!m_saveTimer->isActive()) m_saveTimer->start(m_spec.options.stateSaveIntervalMs);
}

void FileTransfer::releaseLock() {
    if (m_lock) m_lock->unlock();
    m_lock.reset();
}

int FileTransfer::retryDelayMs(int attempt) const {
    const DownloadOptions &o = m_spec.options;
    const double base = std::min<double>(
        o.retryMaxDelayMs, o.retryBaseDelayMs * std::pow(2.0, std::max(0, attempt - 1)));
    // 50-100 % of the step: parallel parts (and many clients) do not retry in lockstep.
    return static_cast<int>(base * (0.5 + 0.5 * QRandomGenerator::global()->generateDouble()));
}

void FileTransfer::start() {
    m_running = true;
    ++m_generation;
    m_bytesThisRun = 0;
    // Deferred, so that finished() never comes before start() returns.
    const quint64 gen = m_generation;
    QTimer::singleShot(0, this, [this, gen] {
        if (!m_running || gen != m_generation) return;
        const QString partial = partialPath(m_spec.finalPath);
        if (!QDir().mkpath(QFileInfo(m_spec.finalPath).absolutePath())) {
            fail(tr("cannot create the folder %1").arg(QFileInfo(m_spec.finalPath).absolutePath()),
                 true);
            return;
        }
        m_lock = std::make_unique<QLockFile>(partial + QStringLiteral(".lock"));
        // Only a lock whose process is gone is stale: a long download keeps its lock for hours.
        m_lock->setStaleLockTime(0);
        if (!m_lock->tryLock(0)) {
            m_lock.reset();
            fail(tr("another Facet process is downloading %1 right now; wait for it to finish")
                     .arg(QFileInfo(m_spec.finalPath).fileName()),
                 true);
            return;
        }
        if (!loadState()) {
            // No state, or one for other content: the partial bytes cannot be trusted.
            QFile::remove(partial);
            QFile::remove(statePath(m_spec.finalPath));
        }
        m_file.setFileName(partial);
        if (!m_file.open(QIODevice::ReadWrite | QIODevice::Unbuffered)) {
            fail(tr("cannot write %1: %2").arg(partial, m_file.errorString()), true);
            return;
        }
        m_pending.clear();
        if (m_spec.size < 0) {
            // Unknown length: one plain stream, from the start.
            m_file.resize(0);
            m_single = true;
            m_pending.append({0, kUnknownEnd, 0});
        } else {
            for (const auto &[s, e] : m_done.missing(0, m_spec.size)) {
                for (qint64 c = s; c < e; c += m_spec.options.partSize)
                    m_pending.append({c, std::min(e, c + m_spec.options.partSize), 0});
            }
            saveState();
        }
        emit progressed();
        pump();
    });
}

void FileTransfer::stop(bool removePartial) {
    if (!m_running) return;
    m_running = false;
    ++m_generation;
    abortAll();
    if (m_hashThread) m_hashCancel->store(true);
    m_verifying = false;
    m_file.close();
    if (removePartial) {
        QFile::remove(partialPath(m_spec.finalPath));
        QFile::remove(statePath(m_spec.finalPath));
    } else {
        saveState();
    }
    releaseLock();
}

void FileTransfer::pump() {
    if (!m_running || m_verifying) return;
    const int maxParts = m_single ? 1 : std::max(1, m_spec.options.parallelParts);
    while (static_cast<int>(m_parts.size()) < maxParts && !m_pending.isEmpty())
        launch(m_pending.takeFirst(), m_single);
    if (!m_parts.empty() || !m_pending.isEmpty() || m_waitingRetries > 0) return;
    if (m_spec.size >= 0 && !m_done.contains(0, m_spec.size)) {
        // Cannot happen by construction; never verify a file with holes.
        fail(tr("internal error: parts of %1 are missing").arg(m_spec.finalPath), false);
        return;
    }
    verify();
}

void FileTransfer::launch(Chunk c, bool single) {
    auto part = std::make_unique<Part>();
    Part *p = part.get();
    p->start = c.start;
    p->end = c.end;
    p->pos = c.start;
    p->attempts = c.attempts;
    p->single = single;
    p->ranged = !single && m_spec.size >= 0;

    QNetworkRequest req(m_spec.url);
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::NoLessSafeRedirectPolicy);
    req.setMaximumRedirectsAllowed(m_spec.options.maxRedirects);
    // Transparent decompression would make body offsets differ from file offsets.
    req.setRawHeader("Accept-Encoding", "identity");
    for (const auto &[k, v] : m_spec.headers)
        req.setRawHeader(k, v);
    if (p->ranged)
        req.setRawHeader("Range",
                         QStringLiteral("bytes=%1-%2").arg(c.start).arg(c.end - 1).toLatin1());

    p->reply = m_nam->get(req);
    p->stallTimer = new QTimer(this);
    p->stallTimer->setSingleShot(true);
    p->stallTimer->setInterval(m_spec.options.stallTimeoutMs);
    connect(p->stallTimer, &QTimer::timeout, this, [p] {
        p->stalled = true;
        if (p->reply) p->reply->abort();  // finished() follows, and with it the retry
    });
    connect(p->reply, &QNetworkReply::readyRead, this, [this, p] { onReadyRead(p); });
    connect(p->reply, &QNetworkReply::finished, this, [this, p] { onFinished(p); });
    p->stallTimer->start();
    m_parts.push_back(std::move(part));
}

bool FileTransfer::checkResponse(Part *p, QString *fatal, bool *switchToSingle) {
    p->checked = true;
    *switchToSingle = false;
    QNetworkReply *r = p->reply;
    const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 206) {
        static const QRegularExpression re(QStringLiteral("^bytes (\\d+)-(\\d+)/(\\d+|\\*)$"));
        const auto m = re.match(QString::fromLatin1(r->rawHeader("Content-Range")).trimmed());
        if (!m.hasMatch() || m.captured(1).toLongLong() != p->start || !p->ranged) {
            return false;  // not the bytes asked for: retried
        }
        if (m.captured(3) != QStringLiteral("*") && m_spec.size >= 0 &&
            m.captured(3).toLongLong() != m_spec.size) {
            *fatal = tr("the file on the server changed size (expected %1 bytes, the server "
                        "says %2); pull it again")
                         .arg(m_spec.size)
                         .arg(m.captured(3));
        }
        return fatal->isEmpty();
    }
    if (status == 200) {
        const QByteArray length = r->rawHeader("Content-Length");
        if (m_spec.size >= 0 && !length.isEmpty() && length.toLongLong() != m_spec.size) {
            *fatal = tr("the server sends %1 bytes for %2, expected %3")
                         .arg(QString::fromLatin1(length), m_spec.url.toString())
                         .arg(m_spec.size);
            return false;
        }
        // A full body for a ranged request: the server ignores Range.
        if (p->ranged && !(p->start == 0 && p->end == m_spec.size)) *switchToSingle = true;
        return true;
    }
    return false;  // an error status: finished() classifies it
}

bool FileTransfer::writeAt(qint64 offset, const char *data, qint64 len, QString *error) {
    if (!m_file.seek(offset) || m_file.write(data, len) != len) {
        *error = tr("cannot write the download to %1: %2")
                     .arg(QDir::toNativeSeparators(m_file.fileName()), m_file.errorString());
        return false;
    }
    return true;
}

void FileTransfer::onReadyRead(Part *p) {
    if (!m_running || !p->reply) return;
    if (!p->checked) {
        QString fatal;
        bool toSingle = false;
        const bool ok = checkResponse(p, &fatal, &toSingle);
        if (!fatal.isEmpty()) {
            fail(fatal, true);
            return;
        }
        if (!ok) {
            p->reply->readAll();  // an error body; finished() decides
            return;
        }
        if (toSingle) {
            if (p->start == 0) {
                // This reply already streams the whole file: keep it as the single stream.
                for (auto &other : m_parts) {
                    if (other.get() != p) {
                        other->reply->disconnect(this);
                        other->reply->abort();
                        other->reply->deleteLater();
                        other->stallTimer->deleteLater();
                    }
                }
                m_parts.remove_if([p](const auto &x) { return x.get() != p; });
                ++m_generation;
                m_waitingRetries = 0;
                m_pending.clear();
                m_single = true;
                p->single = true;
                p->ranged = false;
                p->end = m_spec.size;
            } else {
                switchToSingleStream();
                return;
            }
        }
    }
    if (!p->checked) return;
    const QByteArray data = p->reply->readAll();
    if (data.isEmpty()) return;
    p->stallTimer->start();
    qint64 len = data.size();
    // Bytes past what was asked for are dropped (never written anywhere).
    if (p->end != kUnknownEnd) len = std::min(len, p->end - p->pos);
    QString error;
    if (p->single && m_spec.size >= 0) {
        // One stream from byte 0: write only what is still missing, at its true offset.
        for (const auto &[s, e] : m_done.missing(p->pos, p->pos + len)) {
            if (!writeAt(s, data.constData() + (s - p->pos), e - s, &error)) {
                fail(error, true);
                return;
            }
        }
    } else if (!writeAt(p->pos, data.constData(), len, &error)) {
        fail(error, true);
        return;
    }
    if (m_spec.size >= 0) m_done.add(p->pos, p->pos + len);
    p->pos += len;
    p->attempts = 0;
    m_bytesThisRun += len;
    scheduleSave();
    emit progressed();
    if (p->pos >= p->end && p->reply && !p->reply->isFinished()) {
        // Everything asked for is here; do not wait for (or accept) more.
        Part *done = p;
        done->reply->disconnect(this);
        done->reply->abort();
        removePart(done);
        saveState();
        pump();
    }
}

void FileTransfer::removePart(Part *p) {
    if (p->reply) {
        p->reply->disconnect(this);
        p->reply->deleteLater();
    }
    p->stallTimer->stop();
    p->stallTimer->deleteLater();
    m_parts.remove_if([p](const auto &x) { return x.get() == p; });
}

void FileTransfer::onFinished(Part *p) {
    if (!m_running) return;
    p->stallTimer->stop();
    QNetworkReply *r = p->reply;
    if (r && r->bytesAvailable() > 0) onReadyRead(p);
    if (!m_running) return;  // a write failed
    // Still here? onReadyRead may have completed and removed the part.
    if (std::none_of(m_parts.begin(), m_parts.end(), [p](const auto &x) { return x.get() == p; }))
        return;
    const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError err = r->error();
    if (m_spec.size < 0 && err == QNetworkReply::NoError && status == 200) {
        // A stream of unknown length ends when the server says it does.
        m_spec.size = p->pos;
        m_done.add(0, p->pos);
        removePart(p);
        pump();
        return;
    }
    if (p->pos >= p->end) {
        removePart(p);
        saveState();
        pump();
        return;
    }
    if (!p->checked && err == QNetworkReply::NoError && (status == 200 || status == 206)) {
        QString fatal;
        bool toSingle = false;
        checkResponse(p, &fatal, &toSingle);
        if (!fatal.isEmpty()) {
            fail(fatal, true);
            return;
        }
    }
    const QString url = r->url().toString();
    QString why;
    if (p->stalled) {
        why = tr("no data for %1 s").arg(m_spec.options.stallTimeoutMs / 1000.0);
    } else if (err == QNetworkReply::TooManyRedirectsError) {
        fail(tr("too many redirects (more than %1) for %2")
                 .arg(m_spec.options.maxRedirects)
                 .arg(m_spec.url.toString()),
             true);
        return;
    } else if (err == QNetworkReply::InsecureRedirectError) {
        fail(tr("the server redirected %1 from HTTPS to plain HTTP; refused")
                 .arg(m_spec.url.toString()),
             true);
        return;
    } else if (status == 404 || status == 410) {
        fail(tr("not found on the server (HTTP %1): %2").arg(status).arg(url), true);
        return;
    } else if (status == 401 || status == 403) {
        fail(tr("access denied (HTTP %1) for %2: the file may need a login or may not be "
                "public")
                 .arg(status)
                 .arg(url),
             true);
        return;
    } else if (status == 416) {
        // The recorded ranges do not fit the server's file: start over next time.
        fail(tr("the server rejected the byte range (HTTP 416): the file changed on the "
                "server; pull it again to start over"),
             false);
        return;
    } else if (status >= 400 && status < 500 && status != 408 && status != 429) {
        fail(tr("the server refused %1 (HTTP %2 %3)")
                 .arg(url)
                 .arg(status)
                 .arg(r->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString()),
             true);
        return;
    } else if (status >= 300 && status < 400) {
        fail(tr("redirect without a usable target (HTTP %1) for %2").arg(status).arg(url), true);
        return;
    } else if (status >= 500 || status == 408 || status == 429) {
        why = tr("HTTP %1 from %2").arg(status).arg(url);
    } else if (err != QNetworkReply::NoError) {
        why = r->errorString();
    } else {
        why = tr("the connection closed after %1 of %2 bytes")
                  .arg(p->pos - p->start)
                  .arg(p->end - p->start);
    }
    Chunk again{p->single ? 0 : p->pos, p->end, p->attempts + 1};
    removePart(p);
    saveState();
    retryLater(again, why);
}

void FileTransfer::retryLater(Chunk c, const QString &why) {
    if (c.attempts > m_spec.options.maxRetries) {
        fail(tr("download failed after %1 attempts: %2").arg(c.attempts).arg(why), true);
        return;
    }
    ++m_waitingRetries;
    const quint64 gen = m_generation;
    QTimer::singleShot(retryDelayMs(c.attempts), this, [this, gen, c] {
        if (!m_running || gen != m_generation) return;
        --m_waitingRetries;
        m_pending.prepend(c);
        pump();
    });
}

void FileTransfer::switchToSingleStream() {
    abortAll();
    m_single = true;
    m_pending.append({0, m_spec.size, 0});
    pump();
}

void FileTransfer::abortAll() {
    for (auto &p : m_parts) {
        if (p->reply) {
            p->reply->disconnect(this);
            p->reply->abort();
            p->reply->deleteLater();
        }
        p->stallTimer->stop();
        p->stallTimer->deleteLater();
    }
    m_parts.clear();
    m_pending.clear();
    m_waitingRetries = 0;
    ++m_generation;
}

void FileTransfer::fail(const QString &message, bool keepPartial) {
    if (!m_running) return;
    m_running = false;
    m_verifying = false;
    abortAll();
    m_file.close();
    if (keepPartial && m_spec.size >= 0) {
        saveState();
    } else {
        QFile::remove(partialPath(m_spec.finalPath));
        QFile::remove(statePath(m_spec.finalPath));
    }
    releaseLock();
    emit finished(false, message);
}

void FileTransfer::verify() {
    m_verifying = true;
    saveState();
    m_file.close();
    const QString path = partialPath(m_spec.finalPath);
    const qint64 onDisk = QFileInfo(path).size();
    if (onDisk != m_spec.size) {
        fail(tr("the downloaded file has %1 bytes, expected %2; it was deleted, pull again")
                 .arg(onDisk)
                 .arg(m_spec.size),
             false);
        return;
    }
    // Hashing gigabytes takes seconds: a worker thread, cancellable, reporting back queued.
    m_hashCancel = std::make_shared<std::atomic_bool>(false);
    auto result = std::make_shared<QPair<QString, QString>>();  // hex, error
    auto cancel = m_hashCancel;
    m_hashThread = QThread::create([path, cancel, result] {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            result->second = f.errorString();
            return;
        }
        // On disk before it becomes visible: a crash right after the rename keeps the data.
        ::fdatasync(f.handle());
        QCryptographicHash h(QCryptographicHash::Sha256);
        QByteArray buf(4 << 20, Qt::Uninitialized);
        while (!cancel->load()) {
            const qint64 n = f.read(buf.data(), buf.size());
            if (n < 0) {
                result->second = f.errorString();
                return;
            }
            if (n == 0) break;
            h.addData(QByteArrayView(buf.constData(), n));
        }
        result->first = QString::fromLatin1(h.result().toHex());
    });
    const quint64 gen = m_generation;
    connect(m_hashThread, &QThread::finished, this, [this, gen, result] {
        m_hashThread->wait();
        delete m_hashThread;
        m_hashThread = nullptr;
        if (!m_running || gen != m_generation) return;
        onVerified(result->first, result->second);
    });
    m_hashThread->start();
}

void FileTransfer::onVerified(const QString &hex, const QString &error) {
    const QString partial = partialPath(m_spec.finalPath);
    if (!error.isEmpty()) {
        fail(tr("cannot read back %1: %2").arg(partial, error), true);
        return;
    }
    if (!m_spec.sha256.isEmpty() && hex != m_spec.sha256) {
        fail(tr("the downloaded data does not match its sha256 digest (expected %1, got %2); "
                "the damaged file was deleted. Pull again; if this repeats, the server or "
                "mirror serves a corrupt file")
                 .arg(m_spec.sha256, hex),
             false);
        return;
    }
    // Atomic: the library sees either nothing or the whole verified file.
    if (::rename(QFile::encodeName(partial).constData(),
                 QFile::encodeName(m_spec.finalPath).constData()) != 0) {
        fail(tr("cannot move %1 into place: %2")
                 .arg(partial, QString::fromLocal8Bit(std::strerror(errno))),
             true);
        return;
    }
    QFile::remove(statePath(m_spec.finalPath));
    m_verifying = false;
    m_running = false;
    releaseLock();
    emit finished(true, {});
}

}  // namespace facet::download
