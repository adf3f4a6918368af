// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "test_server.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace facet::test {

struct TestServer::Conn {
    QPointer<QTcpSocket> socket;
    QByteArray in;
    bool handled = false;
    QByteArray body;
    qint64 pos = 0, limit = 0;
    bool closeAtLimit = true;  // false: stall (keep the connection open, send nothing more)
    QTimer *timer = nullptr;
};

namespace {
QString sha256(const QByteArray &b) {
    return QString::fromLatin1(QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex());
}
}  // namespace

TestServer::TestServer() {
    connect(&m_server, &QTcpServer::newConnection, this, &TestServer::onConnection);
    m_server.listen(QHostAddress::LocalHost, 0);
}

TestServer::~TestServer() {
    for (auto &c : m_conns) {
        if (c->timer) c->timer->stop();
        if (c->socket) c->socket->abort();
    }
}

QString TestServer::base() const {
    return QStringLiteral("http://127.0.0.1:%1").arg(port());
}

QString TestServer::addBlob(const QByteArray &bytes) {
    const QString hex = sha256(bytes);
    m_blobs[hex] = bytes;
    return hex;
}

void TestServer::addManifest(const QString &ns, const QString &model, const QString &tag,
                             const QByteArray &json) {
    m_manifests[ns + QLatin1Char('/') + model + QLatin1Char('/') + tag] = json;
}

QByteArray TestServer::addModel(const QString &ns, const QString &model, const QString &tag,
                                const QByteArray &gguf) {
    const QByteArray config = "{\"model_format\":\"gguf\"}";
    const QByteArray tmpl = "{{ .Prompt }}";
    auto layer = [](const QString &type, const QByteArray &b, const QString &hex) {
        return QJsonObject{{QStringLiteral("mediaType"), type},
                           {QStringLiteral("digest"), QStringLiteral("sha256:") + hex},
                           {QStringLiteral("size"), b.size()}};
    };
    const QJsonObject o{
        {QStringLiteral("schemaVersion"), 2},
        {QStringLiteral("mediaType"),
         QStringLiteral("application/vnd.docker.distribution.manifest.v2+json")},
        {QStringLiteral("config"),
         layer(QStringLiteral("application/vnd.docker.container.image.v1+json"), config,
               addBlob(config))},
        {QStringLiteral("layers"),
         QJsonArray{
             layer(QStringLiteral("application/vnd.ollama.image.model"), gguf, addBlob(gguf)),
             layer(QStringLiteral("application/vnd.ollama.image.template"), tmpl, addBlob(tmpl))}}};
    const QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Compact);
    addManifest(ns, model, tag, json);
    return json;
}

void TestServer::addHfFile(const QString &org, const QString &repo, const QString &file,
                           const QByteArray &bytes) {
    m_hf[org + QLatin1Char('/') + repo + QLatin1Char('/') + file] = addBlob(bytes);
}

void TestServer::onConnection() {
    while (QTcpSocket *s = m_server.nextPendingConnection()) {
        auto c = std::make_unique<Conn>();
        c->socket = s;
        Conn *raw = c.get();
        connect(s, &QTcpSocket::readyRead, this, [this, raw] { onData(raw); });
        connect(s, &QTcpSocket::disconnected, this, [raw] {
            if (raw->timer) raw->timer->stop();
            if (raw->socket) raw->socket->deleteLater();
        });
        m_conns.push_back(std::move(c));
    }
}

void TestServer::onData(Conn *c) {
    if (!c->socket) return;
    c->in += c->socket->readAll();
    if (c->handled) return;
    const qsizetype end = c->in.indexOf("\r\n\r\n");
    if (end < 0) return;
    c->handled = true;
    const QList<QByteArray> lines = c->in.left(end).split('\n');
    const QList<QByteArray> first = lines.front().trimmed().split(' ');
    QHash<QByteArray, QByteArray> headers;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            headers[lines[i].left(colon).trimmed().toLower()] = lines[i].mid(colon + 1).trimmed();
    }
    respond(c, first.value(0), first.value(1), headers);
}

void TestServer::simple(Conn *c, int status, const QByteArray &reason, const QByteArray &body,
                        const QByteArray &extraHeaders) {
    QByteArray r = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\n";
    r += "Content-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n";
    r += extraHeaders + "\r\n" + body;
    c->socket->write(r);
    c->socket->disconnectFromHost();
}

void TestServer::respond(Conn *c, const QByteArray &method, const QByteArray &rawPath,
                         const QHash<QByteArray, QByteArray> &headers) {
    QString path = QString::fromLatin1(rawPath);
    // Redirect hops: /hop/<k>/<path> -> /hop/<k+1>/<path> ... -> <path>.
    static const QRegularExpression hop(QStringLiteral("^/hop/(\\d+)(/.*)$"));
    int hopIndex = 0;
    if (const auto m = hop.match(path); m.hasMatch()) {
        hopIndex = m.captured(1).toInt();
        path = m.captured(2);
    }
    const bool isFilePath =
        path.contains(QStringLiteral("/blobs/")) || path.startsWith(QStringLiteral("/cdn/"));
    if (isFilePath && hopIndex < faults.redirects) {
        ++redirectsServed;
        simple(c, 302, "Found", {},
               "Location: " + base().toLatin1() + "/hop/" + QByteArray::number(hopIndex + 1) +
                   path.toLatin1() + "\r\n");
        return;
    }
    static const QRegularExpression manifest(
        QStringLiteral("^/v2/(.+)/([^/]+)/manifests/([^/]+)$"));
    static const QRegularExpression blob(
        QStringLiteral("^/v2/(.+)/([^/]+)/blobs/sha256:([0-9a-f]{64})$"));
    static const QRegularExpression resolve(QStringLiteral("^/([^/]+)/([^/]+)/resolve/main/(.+)$"));
    static const QRegularExpression cdn(QStringLiteral("^/cdn/([0-9a-f]{64})$"));
    if (const auto m = manifest.match(path); m.hasMatch()) {
        const QString key =
            m.captured(1) + QLatin1Char('/') + m.captured(2) + QLatin1Char('/') + m.captured(3);
        if (!m_manifests.contains(key)) {
            simple(c, 404, "Not Found", R"({"errors":[{"code":"MANIFEST_UNKNOWN"}]})");
            return;
        }
        simple(c, 200, "OK", m_manifests[key],
               "Content-Type: application/vnd.docker.distribution.manifest.v2+json\r\n");
        return;
    }
    if (const auto m = blob.match(path); m.hasMatch() && m_blobs.contains(m.captured(3))) {
        serveFile(c, method, m_blobs[m.captured(3)], headers);
        return;
    }
    if (const auto m = cdn.match(path); m.hasMatch() && m_blobs.contains(m.captured(1))) {
        serveFile(c, method, m_blobs[m.captured(1)], headers);
        return;
    }
    if (const auto m = resolve.match(path); m.hasMatch()) {
        const QString key =
            m.captured(1) + QLatin1Char('/') + m.captured(2) + QLatin1Char('/') + m.captured(3);
        if (!m_hf.contains(key)) {
            simple(c, 404, "Not Found", "Entry not found");
            return;
        }
        const QString hex = m_hf[key];
        const QByteArray etag = faults.linkedEtag.isEmpty() ? hex.toLatin1() : faults.linkedEtag;
        // Like huggingface.co: a redirect to the CDN carrying the LFS sha256 and size.
        simple(c, 302, "Found", {},
               "Location: /cdn/" + hex.toLatin1() + "\r\nX-Linked-Etag: \"" + etag +
                   "\"\r\nX-Linked-Size: " + QByteArray::number(m_blobs[hex].size()) +
                   "\r\nETag: W/\"not-the-sha\"\r\n");
        return;
    }
    simple(c, 404, "Not Found", "no such path");
}

void TestServer::serveFile(Conn *c, const QByteArray &method, const QByteArray &data,
                           const QHash<QByteArray, QByteArray> &headers) {
    if (method == "HEAD") {
        QByteArray r =
            "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(data.size()) +
            "\r\nAccept-Ranges: bytes\r\nETag: \"cdn-etag\"\r\nConnection: close\r\n\r\n";
        c->socket->write(r);
        c->socket->disconnectFromHost();
        return;
    }
    ++fileRequests;
    if (faults.fail500 > 0) {
        --faults.fail500;
        simple(c, 500, "Internal Server Error", "try again");
        return;
    }
    QByteArray body = data;
    if (faults.corrupt && !body.isEmpty())
        body[body.size() / 2] = char(body[body.size() / 2] ^ 0x5a);
    qint64 start = 0, end = body.size();  // [start, end)
    bool partial = false;
    static const QRegularExpression range(QStringLiteral("^bytes=(\\d+)-(\\d*)$"));
    if (headers.contains("range")) {
        ++rangeRequests;
        const auto m = range.match(QString::fromLatin1(headers["range"]));
        if (m.hasMatch() && !faults.ignoreRange) {
            start = m.captured(1).toLongLong();
            if (!m.captured(2).isEmpty())
                end = std::min<qint64>(end, m.captured(2).toLongLong() + 1);
            if (start >= end) {
                simple(c, 416, "Range Not Satisfiable", {},
                       "Content-Range: bytes */" + QByteArray::number(data.size()) + "\r\n");
                return;
            }
            partial = true;
        }
    }
    QByteArray r = partial ? "HTTP/1.1 206 Partial Content\r\n" : "HTTP/1.1 200 OK\r\n";
    r += "Content-Length: " + QByteArray::number(end - start) + "\r\n";
    if (partial)
        r += "Content-Range: bytes " + QByteArray::number(start) + '-' +
             QByteArray::number(end - 1) + '/' + QByteArray::number(body.size()) + "\r\n";
    r += "Accept-Ranges: bytes\r\nConnection: close\r\n\r\n";
    c->socket->write(r);
    c->body = body.mid(start, end - start);
    c->pos = 0;
    c->limit = c->body.size();
    if (faults.dropCount > 0) {
        --faults.dropCount;
        c->limit = std::min(c->limit, faults.dropAfter);
    } else if (faults.stallCount > 0) {
        --faults.stallCount;
        c->limit = std::min(c->limit, faults.stallAfter);
        c->closeAtLimit = false;
    }
    if (faults.throttleChunk > 0) {
        c->timer = new QTimer(this);
        c->timer->setInterval(2);
        connect(c->timer, &QTimer::timeout, this, [this, c] { pumpBody(c); });
        c->timer->start();
    } else {
        pumpBody(c);
    }
}

void TestServer::pumpBody(Conn *c) {
    if (!c->socket || c->socket->state() != QAbstractSocket::ConnectedState) {
        if (c->timer) c->timer->stop();
        return;
    }
    qint64 n = c->limit - c->pos;
    if (faults.throttleChunk > 0) {
        // Keep the socket's buffer short so that "sent" means "reached the client".
        if (c->socket->bytesToWrite() > faults.throttleChunk) return;
        n = std::min(n, faults.throttleChunk);
    }
    if (n > 0) {
        c->socket->write(c->body.constData() + c->pos, n);
        c->pos += n;
        fileBytesSent += n;
    }
    if (c->pos >= c->limit) {
        if (c->timer) c->timer->stop();
        if (c->closeAtLimit) c->socket->disconnectFromHost();
    }
}

}  // namespace facet::test
