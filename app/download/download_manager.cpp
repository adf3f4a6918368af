// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "download/download_manager.h"

#include "download/file_transfer.h"
#include "gguf/gguf.h"
#include "models/model_discovery.h"

#include <QCoreApplication>
#include <QCoroNetworkReply>
#include <QCoroTask>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QPointer>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>
#include <QStorageInfo>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <map>

namespace facet::download {

namespace {

const QString kDefaultHost = QStringLiteral("registry.ollama.ai");
const QString kManifestAccept =
    QStringLiteral("application/vnd.docker.distribution.manifest.v2+json");
const QString kModelMediaType = QStringLiteral("application/vnd.ollama.image.model");
constexpr qint64 kMaxManifestBytes = 1 << 20;
constexpr int kMaxLayers = 64;
constexpr qint64 kMaxLayerBytes = qint64(1) << 40;  // 1 TiB: anything larger is not a model

// lupdate files this file's free tr() calls under the namespace's context, so look them up there
// (DownloadManager::tr would look under facet::download::DownloadManager and find nothing).
QString tr(const char *s) {
    return QCoreApplication::translate("facet::download", s);
}

QString humanBytes(qint64 n) {
    return QLocale::system().formattedDataSize(n, 1, QLocale::DataSizeTraditionalFormat);
}

bool isSha256Hex(const QString &s) {
    static const QRegularExpression re(QStringLiteral("^[0-9a-f]{64}$"));
    return re.match(s).hasMatch();
}

// A safe file name for Facet's folder: no path parts, no hidden files, ends in .gguf.
bool safeFileName(const QString &name) {
    return !name.isEmpty() && !name.contains(QLatin1Char('/')) &&
           !name.contains(QLatin1Char('\\')) && !name.startsWith(QLatin1Char('.')) &&
           name.endsWith(QStringLiteral(".gguf"), Qt::CaseInsensitive);
}

QString hfEndpoint() {
    const QString env = qEnvironmentVariable("HF_ENDPOINT");
    return env.isEmpty() ? QStringLiteral("https://huggingface.co") : env;
}

// An ETag or X-Linked-ETag holding a sha256 (Hugging Face's LFS files), else empty.
QString shaFromEtag(QByteArray v) {
    v = v.trimmed();
    if (v.startsWith("W/")) v = v.mid(2);
    if (v.startsWith('"') && v.endsWith('"') && v.size() >= 2) v = v.mid(1, v.size() - 2);
    const QString s = QString::fromLatin1(v).toLower();
    return isSha256Hex(s) ? s : QString();
}

// sha256 hex of every blob referenced by a manifest of `store`, except `skipManifest`.
QSet<QString> referencedBlobs(const QString &store, const QString &skipManifest) {
    QSet<QString> out;
    QDirIterator it(QDir(store).filePath(QStringLiteral("manifests")), QDir::Files,
                    QDirIterator::Subdirectories);
    static const QRegularExpression re(QStringLiteral("sha256:([0-9a-f]{64})"));
    while (it.hasNext()) {
        const QString path = it.next();
        if (path == skipManifest) continue;
        QFile f(path);
        if (f.size() > kMaxManifestBytes || !f.open(QIODevice::ReadOnly)) continue;
        const QString text = QString::fromUtf8(f.readAll());
        auto m = re.globalMatch(text);
        while (m.hasNext())
            out.insert(m.next().captured(1));
    }
    return out;
}

}  // namespace

const char *downloadStateName(DownloadState s) {
    switch (s) {
        case DownloadState::Queued:
            return "queued";
        case DownloadState::Resolving:
            return "resolving";
        case DownloadState::Downloading:
            return "downloading";
        case DownloadState::Paused:
            return "paused";
        case DownloadState::Verifying:
            return "verifying";
        case DownloadState::Completed:
            return "completed";
        case DownloadState::Failed:
            return "failed";
        case DownloadState::Cancelled:
            return "cancelled";
    }
    return "?";
}

std::optional<PullRequest> parsePullRequest(const QString &input, QString *error) {
    auto fail = [&](const QString &why) -> std::optional<PullRequest> {
        if (error) *error = why;
        return std::nullopt;
    };
    const QString text = input.trimmed();
    if (text.isEmpty()) return fail(tr("no model name or URL given"));
    PullRequest r;
    r.text = text;

    const bool isUrl = text.startsWith(QStringLiteral("http://"), Qt::CaseInsensitive) ||
                       text.startsWith(QStringLiteral("https://"), Qt::CaseInsensitive);
    if (isUrl || text.endsWith(QStringLiteral(".gguf"), Qt::CaseInsensitive)) {
        QUrl url;
        if (isUrl) {
            url = QUrl(text, QUrl::StrictMode);
            if (!url.isValid() || url.host().isEmpty())
                return fail(tr("'%1' is not a valid URL").arg(text));
        } else {
            // org/repo/path/file.gguf, optionally prefixed with hf.co/ or huggingface.co/.
            QString rest = text;
            for (const QString &prefix :
                 {QStringLiteral("hf.co/"), QStringLiteral("huggingface.co/")}) {
                if (rest.startsWith(prefix, Qt::CaseInsensitive)) rest = rest.mid(prefix.size());
            }
            const QStringList parts = rest.split(QLatin1Char('/'));
            if (parts.size() < 3 || parts.contains(QString()) ||
                parts.contains(QStringLiteral("..")))
                return fail(
                    tr("'%1': a Hugging Face file is written org/repo/file.gguf").arg(text));
            url = QUrl(
                QStringLiteral("%1/%2/%3/resolve/main/%4")
                    .arg(hfEndpoint(), parts[0], parts[1], parts.mid(2).join(QLatin1Char('/'))));
        }
        QStringList path = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
        const bool hf =
            url.host().compare(QStringLiteral("huggingface.co"), Qt::CaseInsensitive) == 0 ||
            url.host().compare(QStringLiteral("hf.co"), Qt::CaseInsensitive) == 0 || (!isUrl);
        if (hf && path.size() >= 5 && path[2] == QStringLiteral("blob")) {
            path[2] = QStringLiteral("resolve");  // the web page of a file -> the file itself
            url.setPath(QLatin1Char('/') + path.join(QLatin1Char('/')));
        }
        r.fileName = path.isEmpty() ? QString() : path.last();
        if (!safeFileName(r.fileName))
            return fail(tr("'%1' does not point to a .gguf file").arg(text));
        if (hf && path.size() >= 5 && path[2] == QStringLiteral("resolve")) {
            r.kind = PullRequest::Kind::HuggingFace;
            r.display = QStringLiteral("%1/%2/%3")
                            .arg(path[0], path[1], path.mid(4).join(QLatin1Char('/')));
        } else if (hf) {
            return fail(tr("'%1': a Hugging Face file URL looks like "
                           "https://huggingface.co/org/repo/resolve/main/file.gguf")
                            .arg(text));
        } else {
            r.kind = PullRequest::Kind::Url;
            r.display = r.fileName;
        }
        r.url = url;
        r.key = QStringLiteral("file:") + url.toString();
        return r;
    }

    const std::optional<models::OllamaName> n = models::parseOllamaName(text);
    if (!n) {
        return fail(tr("'%1' is not a model name (like gemma4:e2b or library/gemma4:e2b), a "
                       "Hugging Face GGUF URL or org/repo/file.gguf")
                        .arg(text));
    }
    r.kind = PullRequest::Kind::Ollama;
    r.host = n->host;
    r.nameSpace = n->nameSpace;
    r.model = n->model;
    r.tag = n->tag;
    r.display = n->display();
    // Ollama's names are case-insensitive.
    r.key = QStringLiteral("ollama:%1/%2/%3:%4").arg(r.host, r.nameSpace, r.model, r.tag).toLower();
    return r;
}

// ---- Job: one pull ---------------------------------------------------------------------------

struct Layer {
    QString hex;  // sha256
    qint64 size = 0;
    QString mediaType;
};

class DownloadManager::Job : public QObject {
public:
    Job(DownloadManager *manager, const PullRequest &request)
        : QObject(manager), m_manager(manager) {
        info.id = request.key;
        info.request = request;
        info.progress.id = request.key;
        m_tick = new QTimer(this);
        m_tick->setInterval(250);
        connect(m_tick, &QTimer::timeout, this, [this] { tick(); });
    }

    ~Job() override {
        // Coroutines suspended on m_reply resume inside abort() and must find the job gone.
        *m_alive = false;
        ++m_generation;
        if (m_reply) m_reply->abort();
    }

    bool active() const {
        return info.state == DownloadState::Queued || info.state == DownloadState::Resolving ||
               info.state == DownloadState::Downloading || info.state == DownloadState::Verifying;
    }

    void start() {
        ++m_generation;
        m_options = m_manager->options();
        m_store = m_manager->storeDir();
        m_attempts = 0;
        m_layers.clear();
        m_completedBytes = 0;
        m_runBytesBefore = 0;
        m_speed = 0;
        m_lastSample = 0;
        info.error.clear();
        info.progress.bytesThisRun = 0;
        info.progress.bytesPerSecond = 0;
        info.progress.etaSeconds = -1;
        setState(DownloadState::Resolving);
        m_tick->start();
        if (info.request.kind == PullRequest::Kind::Ollama)
            fetchManifest();
        else
            probeFile();
    }

    void pause() {
        if (!active()) return;
        stopWork(false);
        setState(DownloadState::Paused);
    }

    void cancel() {
        if (info.state == DownloadState::Completed || info.state == DownloadState::Cancelled)
            return;
        stopWork(true);
        // Partial files of this pull left by earlier runs (and not locked by another process).
        for (const QString &path : partialTargets()) {
            QLockFile lock(FileTransfer::partialPath(path) + QStringLiteral(".lock"));
            lock.setStaleLockTime(0);
            if (!lock.tryLock(0)) continue;
            QFile::remove(FileTransfer::partialPath(path));
            QFile::remove(FileTransfer::statePath(path));
        }
        setState(DownloadState::Cancelled);
    }

    DownloadInfo info;

private:
    static QString tr(const char *s) { return DownloadManager::tr(s); }

    void stopWork(bool removePartial) {
        ++m_generation;
        m_tick->stop();
        if (m_reply) m_reply->abort();
        if (m_transfer) {
            m_transfer->stop(removePartial);
            m_transfer->deleteLater();
            m_transfer = nullptr;
        }
    }

    // Final paths whose partials this pull may have left.
    QStringList partialTargets() const {
        QStringList out;
        if (info.request.kind == PullRequest::Kind::Ollama) {
            for (const Layer &l : m_layers)
                out << blobPath(l.hex);
        } else {
            out << QDir(m_store).filePath(info.request.fileName);
        }
        return out;
    }

    QString blobPath(const QString &hex) const {
        return QDir(m_store).filePath(QStringLiteral("blobs/sha256-") + hex);
    }

    QUrl registryBase() const {
        // The default host goes to the configured registry (mirrors, tests); others by name.
        if (info.request.host == kDefaultHost) return m_manager->registry();
        return QUrl(QStringLiteral("https://") + info.request.host);
    }

    QUrl registryUrl(const QString &path) const {
        QUrl base = registryBase();
        QString p = base.path();
        if (p.endsWith(QLatin1Char('/'))) p.chop(1);
        base.setPath(p + path);
        return base;
    }

    void setState(DownloadState s) {
        if (info.state == s) return;
        info.state = s;
        emit m_manager->stateChanged(info.id, s);
    }

    void failWith(const QString &message) {
        stopWork(false);
        info.error = message;
        setState(DownloadState::Failed);
        emit m_manager->failed(info.id, message);
    }

    void complete(const QString &name, const QString &path) {
        ++m_generation;
        m_tick->stop();
        info.modelName = name;
        info.modelPath = path;
        info.progress.bytesDone = info.progress.bytesTotal;
        info.progress.etaSeconds = 0;
        emit m_manager->progressChanged(info.progress);
        setState(DownloadState::Completed);
        emit m_manager->completed(info.id, name, path);
    }

    int retryDelayMs() const {
        const double base = std::min<double>(
            m_options.retryMaxDelayMs, m_options.retryBaseDelayMs * std::pow(2.0, m_attempts - 1));
        return static_cast<int>(base * (0.5 + 0.5 * QRandomGenerator::global()->generateDouble()));
    }

    // Retries `what` after a back-off, or fails once the attempts are used up.
    template <typename F>
    void retry(const QString &why, F what) {
        if (++m_attempts > m_options.maxRetries) {
            failWith(tr("giving up after %1 attempts: %2").arg(m_attempts).arg(why));
            return;
        }
        const quint64 gen = m_generation;
        QTimer::singleShot(retryDelayMs(), this, [this, gen, what] {
            if (gen == m_generation) (this->*what)();
        });
    }

    QNetworkRequest request(const QUrl &url, bool followRedirects) const {
        QNetworkRequest req(url);
        req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         followRedirects ? QNetworkRequest::NoLessSafeRedirectPolicy
                                         : QNetworkRequest::ManualRedirectPolicy);
        req.setMaximumRedirectsAllowed(m_options.maxRedirects);
        req.setRawHeader("Accept-Encoding", "identity");
        return req;
    }

    // One attempt at the manifest (coroutine: the network edge). Every co_await is followed by
    // a check that the job still exists and that no pause/cancel/restart happened meanwhile.
    QCoro::Task<> fetchManifest() {
        const std::shared_ptr<bool> alive = m_alive;
        const quint64 gen = m_generation;
        const QUrl url =
            registryUrl(QStringLiteral("/v2/%1/%2/manifests/%3")
                            .arg(info.request.nameSpace, info.request.model, info.request.tag));
        QNetworkRequest req = request(url, true);
        req.setRawHeader("Accept", kManifestAccept.toLatin1());
        QNetworkReply *reply = m_manager->network()->get(req);
        m_reply = reply;
        co_await reply;
        reply->deleteLater();
        if (!*alive) co_return;
        if (m_reply == reply) m_reply = nullptr;
        if (gen != m_generation) co_return;

        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QString where = registryBase().toString();
        if (reply->error() == QNetworkReply::TooManyRedirectsError) {
            failWith(tr("too many redirects (more than %1) for %2")
                         .arg(m_options.maxRedirects)
                         .arg(url.toString()));
            co_return;
        }
        if (status == 404) {
            failWith(tr("model '%1' not found in the registry %2: check the name and tag "
                        "(for example gemma4:e2b)")
                         .arg(info.request.display, where));
            co_return;
        }
        if (status == 401 || status == 403) {
            failWith(tr("the registry %1 refused access to '%2' (HTTP %3)")
                         .arg(where, info.request.display)
                         .arg(status));
            co_return;
        }
        if (reply->error() != QNetworkReply::NoError || status != 200) {
            const QString why =
                status >= 400
                    ? tr("HTTP %1 from %2").arg(status).arg(url.toString())
                    : tr("cannot reach the registry %1: %2").arg(where, reply->errorString());
            if ((status >= 400 && status < 500 && status != 408 && status != 429) ||
                reply->error() == QNetworkReply::InsecureRedirectError) {
                failWith(why);
            } else {
                retry(why, &Job::fetchManifest);
            }
            co_return;
        }
        const QByteArray body = reply->read(kMaxManifestBytes + 1);
        QString problem;
        if (body.size() > kMaxManifestBytes || !parseManifest(body, &problem)) {
            failWith(tr("the registry sent an unusable manifest for '%1': %2")
                         .arg(info.request.display,
                              problem.isEmpty() ? tr("larger than 1 MiB") : problem));
            co_return;
        }
        m_manifest = body;
        startLayers();
    }

    bool parseManifest(const QByteArray &body, QString *problem) {
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(body, &e);
        if (!doc.isObject()) {
            *problem = doc.isNull() ? e.errorString() : tr("not a JSON object");
            return false;
        }
        const QJsonObject o = doc.object();
        if (o.value(QStringLiteral("schemaVersion")).toInt() != 2) {
            *problem = tr("schemaVersion is not 2");
            return false;
        }
        QList<QJsonObject> entries;
        if (o.value(QStringLiteral("config")).isObject())
            entries << o.value(QStringLiteral("config")).toObject();
        const QJsonArray layers = o.value(QStringLiteral("layers")).toArray();
        if (layers.size() > kMaxLayers) {
            *problem = tr("%1 layers").arg(layers.size());
            return false;
        }
        int models = 0;
        for (const QJsonValue &v : layers)
            entries << v.toObject();
        QSet<QString> seen;
        m_layers.clear();
        for (const QJsonObject &l : entries) {
            const QString digest = l.value(QStringLiteral("digest")).toString();
            const qint64 size = l.value(QStringLiteral("size")).toInteger(-1);
            // The digest becomes a file name: only sha256:<64 lower-case hex> is accepted.
            if (!digest.startsWith(QStringLiteral("sha256:")) || !isSha256Hex(digest.mid(7))) {
                *problem = tr("invalid layer digest '%1'").arg(digest.left(80));
                return false;
            }
            if (size < 0 || size > kMaxLayerBytes) {
                *problem = tr("invalid size for layer %1").arg(digest);
                return false;
            }
            const QString mediaType = l.value(QStringLiteral("mediaType")).toString();
            if (mediaType == kModelMediaType) ++models;
            if (seen.contains(digest)) continue;
            seen.insert(digest);
            m_layers.append({digest.mid(7), size, mediaType});
        }
        if (models != 1) {
            *problem = tr("it has %1 model layers (expected exactly 1)").arg(models);
            return false;
        }
        return true;
    }

    // The free-space check, then the layers one after another (parts of each in parallel).
    void startLayers() {
        qint64 total = 0, present = 0;
        for (const Layer &l : m_layers) {
            total += l.size;
            if (QFileInfo(blobPath(l.hex)).size() == l.size)
                present += l.size;
            else
                present += FileTransfer::resumableBytes(spec(l));
        }
        info.progress.bytesTotal = total;
        info.progress.bytesDone = present;
        if (!checkSpace(total - present)) return;
        m_layerIndex = 0;
        setState(DownloadState::Downloading);
        nextLayer();
    }

    bool checkSpace(qint64 needed) {
        if (!m_options.checkFreeSpace || needed <= 0) return true;
        QDir().mkpath(m_store);
        const QStorageInfo disk(m_store);
        if (disk.isValid() && disk.bytesAvailable() >= 0 && disk.bytesAvailable() < needed) {
            failWith(tr("not enough free space in %1: the download needs %2 more, %3 are "
                        "available. Free some space and pull again (the download resumes)")
                         .arg(QDir::toNativeSeparators(m_store), humanBytes(needed),
                              humanBytes(disk.bytesAvailable())));
            return false;
        }
        return true;
    }

    TransferSpec spec(const Layer &l) const {
        TransferSpec s;
        s.url = registryUrl(QStringLiteral("/v2/%1/%2/blobs/sha256:%3")
                                .arg(info.request.nameSpace, info.request.model, l.hex));
        s.finalPath = blobPath(l.hex);
        s.size = l.size;
        s.sha256 = l.hex;
        s.request = info.request.text;
        s.key = info.id;
        s.options = m_options;
        return s;
    }

    void nextLayer() {
        while (m_layerIndex < m_layers.size() &&
               QFileInfo(blobPath(m_layers[m_layerIndex].hex)).size() ==
                   m_layers[m_layerIndex].size) {
            m_completedBytes += m_layers[m_layerIndex].size;
            ++m_layerIndex;
        }
        if (m_layerIndex >= m_layers.size()) {
            finishOllama();
            return;
        }
        const Layer &l = m_layers[m_layerIndex];
        info.progress.detail =
            l.mediaType == kModelMediaType
                ? tr("model weights")
                : tr("layer %1 of %2").arg(m_layerIndex + 1).arg(m_layers.size());
        runTransfer(spec(l));
    }

    void runTransfer(const TransferSpec &s) {
        m_transfer = new FileTransfer(m_manager->network(), s, this);
        FileTransfer *t = m_transfer;
        const QString finalPath = s.finalPath;
        connect(t, &FileTransfer::finished, this,
                [this, t, finalPath](bool ok, const QString &error) {
                    if (t != m_transfer) return;
                    m_runBytesBefore += t->bytesThisRun();
                    m_transfer = nullptr;
                    t->deleteLater();
                    if (!ok) {
                        failWith(error);
                        return;
                    }
                    m_completedBytes += t->size();
                    if (info.request.kind == PullRequest::Kind::Ollama) {
                        ++m_layerIndex;
                        nextLayer();
                    } else {
                        finishFile(finalPath);
                    }
                });
        t->start();
    }

    // The file's architecture: Facet keeps only what it can run (Gemma 4) and projectors.
    bool usableModel(const QString &path, bool allowProjector, QString *why) const {
        QString error;
        const auto f = gguf::File::open(path, &error);
        if (!f) {
            *why = error;
            return false;
        }
        const auto arch = f->getString("general.architecture");
        if (arch && (*arch == "gemma4" || (allowProjector && *arch == "clip"))) return true;
        *why = arch ? tr("its architecture is '%1'").arg(QString::fromStdString(*arch))
                    : tr("it has no general.architecture");
        return false;
    }

    void finishOllama() {
        setState(DownloadState::Verifying);
        QString modelPath;
        for (const Layer &l : m_layers) {
            if (l.mediaType == kModelMediaType) modelPath = blobPath(l.hex);
        }
        QString why;
        if (!usableModel(modelPath, false, &why)) {
            // Verified but useless to Facet: do not keep gigabytes nobody can run here.
            const QSet<QString> keep = referencedBlobs(m_store, QString());
            for (const Layer &l : m_layers) {
                if (!keep.contains(l.hex)) QFile::remove(blobPath(l.hex));
            }
            failWith(tr("'%1' was downloaded and verified, but it is not a Gemma 4 model (%2); "
                        "Facet runs Gemma 4 only, so it was removed")
                         .arg(info.request.display, why));
            return;
        }
        // The manifest last, atomically: only now does the library see the model.
        const QString manifestPath =
            QDir(m_store).filePath(QStringLiteral("manifests/%1/%2/%3/%4")
                                       .arg(info.request.host, info.request.nameSpace,
                                            info.request.model, info.request.tag));
        QDir().mkpath(QFileInfo(manifestPath).absolutePath());
        QSaveFile f(manifestPath);
        if (!f.open(QIODevice::WriteOnly) || f.write(m_manifest) != m_manifest.size() ||
            !f.commit()) {
            failWith(tr("cannot write the manifest %1: %2").arg(manifestPath, f.errorString()));
            return;
        }
        complete(info.request.display, modelPath);
    }

    // Hugging Face and plain URLs: size and sha256 from the response headers, following the
    // redirects by hand so that headers of every hop are seen (Hugging Face puts the LFS sha256
    // in X-Linked-ETag on the redirect to its CDN).
    QCoro::Task<> probeFile() {
        const std::shared_ptr<bool> alive = m_alive;
        const quint64 gen = m_generation;
        QUrl url = info.request.url;
        QString sha;
        qint64 size = -1;
        for (int hop = 0;; ++hop) {
            QNetworkReply *reply = m_manager->network()->head(request(url, false));
            m_reply = reply;
            co_await reply;
            reply->deleteLater();
            if (!*alive) co_return;
            if (m_reply == reply) m_reply = nullptr;
            if (gen != m_generation) co_return;
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (sha.isEmpty()) sha = shaFromEtag(reply->rawHeader("X-Linked-ETag"));
            if (size < 0 && reply->hasRawHeader("X-Linked-Size"))
                size = reply->rawHeader("X-Linked-Size").toLongLong();
            if (status >= 300 && status < 400 && reply->hasRawHeader("Location")) {
                if (hop >= m_options.maxRedirects) {
                    failWith(tr("too many redirects (more than %1) for %2")
                                 .arg(m_options.maxRedirects)
                                 .arg(info.request.url.toString()));
                    co_return;
                }
                const QUrl next =
                    url.resolved(QUrl(QString::fromLatin1(reply->rawHeader("Location"))));
                if (url.scheme() == QStringLiteral("https") && next.scheme() != url.scheme()) {
                    failWith(tr("the server redirected %1 from HTTPS to plain HTTP; refused")
                                 .arg(info.request.url.toString()));
                    co_return;
                }
                url = next;
                continue;
            }
            if (status == 404) {
                failWith(tr("'%1' not found (HTTP 404): check the organisation, repository and "
                            "file name")
                             .arg(info.request.display));
                co_return;
            }
            if (status == 401 || status == 403) {
                failWith(tr("access to '%1' was refused (HTTP %2): the repository may be gated "
                            "or private")
                             .arg(info.request.display)
                             .arg(status));
                co_return;
            }
            if (status == 200) {
                if (size < 0 && reply->hasRawHeader("Content-Length"))
                    size = reply->rawHeader("Content-Length").toLongLong();
                if (sha.isEmpty()) sha = shaFromEtag(reply->rawHeader("ETag"));
                break;
            }
            if (status == 405 || status == 501) break;  // no HEAD: length learnt while streaming
            const QString why = status > 0 ? tr("HTTP %1 from %2").arg(status).arg(url.toString())
                                           : reply->errorString();
            if (status >= 400 && status < 500 && status != 408 && status != 429)
                failWith(why);
            else
                retry(why, &Job::probeFile);
            co_return;
        }
        startFile(size, sha);
    }

    void startFile(qint64 size, const QString &sha) {
        const QString finalPath = QDir(m_store).filePath(info.request.fileName);
        info.progress.bytesTotal = size;
        info.progress.detail = info.request.fileName;
        if (size >= 0 && QFileInfo(finalPath).size() == size) {
            // Already in Facet's folder (an earlier pull of the same file).
            complete(QFileInfo(finalPath).completeBaseName(), finalPath);
            return;
        }
        TransferSpec s;
        s.url = info.request.url;
        s.finalPath = finalPath;
        s.size = size;
        s.sha256 = sha;
        s.request = info.request.text;
        s.key = info.id;
        s.options = m_options;
        const qint64 present = FileTransfer::resumableBytes(s);
        info.progress.bytesDone = present;
        if (!checkSpace(size < 0 ? 0 : size - present)) return;
        setState(DownloadState::Downloading);
        runTransfer(s);
    }

    void finishFile(const QString &path) {
        QString why;
        if (!usableModel(path, true, &why)) {
            QFile::remove(path);
            failWith(tr("'%1' was downloaded, but it is not a Gemma 4 model or projector (%2); "
                        "Facet runs Gemma 4 only, so it was removed")
                         .arg(info.request.display, why));
            return;
        }
        info.progress.bytesTotal = QFileInfo(path).size();
        complete(QFileInfo(path).completeBaseName(), path);
    }

    void tick() {
        qint64 done = m_completedBytes, run = m_runBytesBefore;
        if (m_transfer) {
            done += m_transfer->bytesDone();
            run += m_transfer->bytesThisRun();
            if (m_transfer->verifying())
                setState(DownloadState::Verifying);
            else if (info.state == DownloadState::Verifying)
                setState(DownloadState::Downloading);
        }
        if (!m_transfer && info.state != DownloadState::Downloading) {
            // Resolving: only the manifest so far.
        } else {
            info.progress.bytesDone = done;
        }
        // Exponential moving average of the rate over 250 ms samples (about 1 s of memory).
        const double instant = (run - m_lastSample) * 4.0;
        m_lastSample = run;
        m_speed = m_speed == 0 ? instant : 0.7 * m_speed + 0.3 * instant;
        info.progress.bytesThisRun = run;
        info.progress.bytesPerSecond = m_speed;
        const qint64 total = info.progress.bytesTotal;
        info.progress.etaSeconds =
            (total >= 0 && m_speed > 1)
                ? qint64(std::ceil((total - info.progress.bytesDone) / m_speed))
                : -1;
        emit m_manager->progressChanged(info.progress);
    }

    DownloadManager *m_manager;
    std::shared_ptr<bool> m_alive = std::make_shared<bool>(true);
    quint64 m_generation = 0;
    QPointer<QNetworkReply> m_reply;
    FileTransfer *m_transfer = nullptr;
    QTimer *m_tick = nullptr;
    DownloadOptions m_options;
    QString m_store;
    int m_attempts = 0;
    QByteArray m_manifest;
    QList<Layer> m_layers;
    qsizetype m_layerIndex = 0;
    qint64 m_completedBytes = 0;
    qint64 m_runBytesBefore = 0;
    qint64 m_lastSample = 0;
    double m_speed = 0;
};

// ---- DownloadManager -------------------------------------------------------------------------

struct DownloadManager::Private {
    QNetworkAccessManager *nam = nullptr;
    QUrl registry;
    QString store;
    DownloadOptions options;
    std::map<QString, Job *> jobs;
    QStringList order;
};

DownloadManager::DownloadManager(QObject *parent)
    : QObject(parent), d(std::make_unique<Private>()) {
    qRegisterMetaType<DownloadInfo>();
    qRegisterMetaType<DownloadProgress>();
    qRegisterMetaType<DownloadState>();
    // Proxies as the desktop configures them (and http(s)_proxy / no_proxy).
    QNetworkProxyFactory::setUseSystemConfiguration(true);
#ifdef SIGXFSZ
    // A write past the file size limit must fail with EFBIG (reported as an error), not kill
    // the process with SIGXFSZ.
    std::signal(SIGXFSZ, SIG_IGN);
#endif
    d->nam = new QNetworkAccessManager(this);
    d->registry = defaultRegistry();
    d->store = models::facetModelsDir();
}

DownloadManager::~DownloadManager() {
    // Jobs first (their coroutines and transfers use the network access manager).
    for (auto &[id, job] : d->jobs)
        delete job;
    d->jobs.clear();
}

QUrl DownloadManager::defaultRegistry() {
    const QString env = qEnvironmentVariable("FACET_REGISTRY");
    return QUrl(env.isEmpty() ? QStringLiteral("https://registry.ollama.ai") : env);
}

void DownloadManager::setRegistry(const QUrl &base) {
    d->registry = base;
}
QUrl DownloadManager::registry() const {
    return d->registry;
}
void DownloadManager::setStoreDir(const QString &dir) {
    d->store = dir;
}
QString DownloadManager::storeDir() const {
    return d->store;
}
void DownloadManager::setOptions(const DownloadOptions &options) {
    d->options = options;
}
DownloadOptions DownloadManager::options() const {
    return d->options;
}
QNetworkAccessManager *DownloadManager::network() const {
    return d->nam;
}

QString DownloadManager::pull(const QString &nameOrUrl, QString *error) {
    const std::optional<PullRequest> r = parsePullRequest(nameOrUrl, error);
    if (!r) return {};
    if (r->kind == PullRequest::Kind::Ollama && r->host == kDefaultHost &&
        (!d->registry.isValid() || d->registry.host().isEmpty())) {
        if (error) *error = tr("the registry URL '%1' is not valid").arg(d->registry.toString());
        return {};
    }
    auto it = d->jobs.find(r->key);
    if (it != d->jobs.end()) {
        if (!it->second->active()) it->second->start();
        return r->key;
    }
    Job *job = new Job(this, *r);
    d->jobs[r->key] = job;
    d->order << r->key;
    emit downloadAdded(job->info);
    job->start();
    return r->key;
}

void DownloadManager::pause(const QString &id) {
    if (auto it = d->jobs.find(id); it != d->jobs.end()) it->second->pause();
}

void DownloadManager::resume(const QString &id) {
    auto it = d->jobs.find(id);
    if (it == d->jobs.end()) return;
    const DownloadState s = it->second->info.state;
    if (s == DownloadState::Paused || s == DownloadState::Failed) it->second->start();
}

void DownloadManager::cancel(const QString &id) {
    if (auto it = d->jobs.find(id); it != d->jobs.end()) it->second->cancel();
}

void DownloadManager::remove(const QString &id) {
    auto it = d->jobs.find(id);
    if (it == d->jobs.end() || it->second->active() ||
        it->second->info.state == DownloadState::Paused)
        return;
    it->second->deleteLater();
    d->jobs.erase(it);
    d->order.removeAll(id);
}

void DownloadManager::pauseAll() {
    for (auto &[id, job] : d->jobs)
        job->pause();
}

QList<DownloadInfo> DownloadManager::downloads() const {
    QList<DownloadInfo> out;
    for (const QString &id : d->order)
        out << d->jobs.at(id)->info;
    return out;
}

std::optional<DownloadInfo> DownloadManager::download(const QString &id) const {
    auto it = d->jobs.find(id);
    if (it == d->jobs.end()) return std::nullopt;
    return it->second->info;
}

bool DownloadManager::hasActiveDownloads() const {
    return std::any_of(d->jobs.begin(), d->jobs.end(),
                       [](const auto &kv) { return kv.second->active(); });
}

QList<PartialDownload> DownloadManager::partialDownloads() const {
    std::map<QString, PartialDownload> byKey;
    for (const QString &dir : {d->store, QDir(d->store).filePath(QStringLiteral("blobs"))}) {
        const QFileInfoList states =
            QDir(dir).entryInfoList({QStringLiteral("*.partial.json")}, QDir::Files);
        for (const QFileInfo &fi : states) {
            QFile f(fi.absoluteFilePath());
            if (f.size() > (1 << 22) || !f.open(QIODevice::ReadOnly)) continue;
            const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
            const QString key = o.value(QStringLiteral("key")).toString();
            if (key.isEmpty()) continue;
            PartialDownload &p = byKey[key];
            p.key = key;
            p.text = o.value(QStringLiteral("request")).toString();
            p.bytesTotal += o.value(QStringLiteral("size")).toInteger();
            for (const QJsonValue &v : o.value(QStringLiteral("ranges")).toArray()) {
                const QJsonArray a = v.toArray();
                p.bytesDone += a.at(1).toInteger() - a.at(0).toInteger();
            }
        }
    }
    QList<PartialDownload> out;
    for (auto &[k, p] : byKey)
        out << p;
    return out;
}

// ---- removeModel -----------------------------------------------------------------------------

bool removeModel(const QString &name, const models::SearchPaths &paths, QString *error,
                 QStringList *removed) {
    auto fail = [&](const QString &why) {
        if (error) *error = why;
        return false;
    };
    if (name.trimmed().isEmpty()) return fail(tr("no model name given"));
    if (paths.facet.isEmpty()) return fail(tr("Facet's model folder is not known"));
    const QString store = QFileInfo(paths.facet).absoluteFilePath();

    // 1. A model pulled from a registry (Facet's own Ollama-layout store).
    models::SearchPaths onlyFacet;
    onlyFacet.facet = paths.facet;
    QString resolveError;
    std::optional<models::ModelEntry> e = models::resolve(name, onlyFacet, &resolveError);
    if (e && e->source == models::Source::Facet) {
        if (!e->digest.isEmpty()) {
            // Find its manifest again (resolve() does not return it).
            QString manifest;
            QDirIterator it(QDir(store).filePath(QStringLiteral("manifests")), QDir::Files,
                            QDirIterator::Subdirectories);
            const auto wanted = models::parseOllamaName(e->name);
            while (it.hasNext()) {
                const QString path = it.next();
                const QStringList parts = QDir(QDir(store).filePath(QStringLiteral("manifests")))
                                              .relativeFilePath(path)
                                              .split(QLatin1Char('/'));
                if (!wanted || parts.size() < 4) continue;
                const QString ns = parts.mid(1, parts.size() - 3).join(QLatin1Char('/'));
                if (parts.front().compare(wanted->host, Qt::CaseInsensitive) == 0 &&
                    ns.compare(wanted->nameSpace, Qt::CaseInsensitive) == 0 &&
                    parts.at(parts.size() - 2).compare(wanted->model, Qt::CaseInsensitive) == 0 &&
                    parts.back().compare(wanted->tag, Qt::CaseInsensitive) == 0) {
                    manifest = path;
                    break;
                }
            }
            if (manifest.isEmpty()) return fail(tr("cannot find the manifest of '%1'").arg(name));
            QFile mf(manifest);
            QSet<QString> mine;
            if (mf.open(QIODevice::ReadOnly)) {
                static const QRegularExpression re(QStringLiteral("sha256:([0-9a-f]{64})"));
                auto m = re.globalMatch(QString::fromUtf8(mf.read(kMaxManifestBytes)));
                while (m.hasNext())
                    mine.insert(m.next().captured(1));
                mf.close();
            }
            if (!QFile::remove(manifest))
                return fail(tr("cannot delete %1: %2").arg(manifest, mf.errorString()));
            if (removed) *removed << manifest;
            // Empty folders left behind (model/, namespace/, host/) go too.
            QDir dir = QFileInfo(manifest).absoluteDir();
            const QString manifestsRoot =
                QFileInfo(QDir(store).filePath(QStringLiteral("manifests"))).absoluteFilePath();
            while (dir.absolutePath() != manifestsRoot && dir.isEmpty() &&
                   dir.absolutePath().startsWith(manifestsRoot)) {
                const QString p = dir.absolutePath();
                dir.cdUp();
                QDir().rmdir(p);
            }
            // Blobs no other manifest of Facet's store needs.
            const QSet<QString> keep = referencedBlobs(store, QString());
            for (const QString &hex : mine) {
                if (keep.contains(hex)) continue;
                const QString blob = QDir(store).filePath(QStringLiteral("blobs/sha256-") + hex);
                if (QFile::exists(blob) && QFile::remove(blob) && removed) *removed << blob;
            }
            return true;
        }
        // 2. A GGUF file in Facet's folder.
        if (!QFile::remove(e->path)) return fail(tr("cannot delete %1").arg(e->path));
        if (removed) *removed << e->path;
        return true;
    }

    // Not Facet's: say whose it is.
    QString otherError;
    const std::optional<models::ModelEntry> other = models::resolve(name, paths, &otherError);
    if (other) {
        switch (other->source) {
            case models::Source::Ollama:
                return fail(tr("'%1' is in Ollama's store (%2); Facet never deletes Ollama's "
                               "files: remove it with `ollama rm %1`")
                                .arg(other->name, QDir::toNativeSeparators(other->path)));
            case models::Source::LmStudio:
                return fail(tr("'%1' belongs to LM Studio (%2); remove it in LM Studio")
                                .arg(other->name, QDir::toNativeSeparators(other->path)));
            case models::Source::UserFile:
                return fail(tr("%1 is not in Facet's model folder (%2); Facet deletes only files "
                               "it downloaded")
                                .arg(QDir::toNativeSeparators(other->path),
                                     QDir::toNativeSeparators(store)));
            case models::Source::Facet:
                break;
        }
    }
    return fail(tr("no model '%1' in Facet's model folder %2 (see facet-cli list)")
                    .arg(name, QDir::toNativeSeparators(store)));
}

}  // namespace facet::download
