// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A small HTTP/1.1 server on 127.0.0.1 (QTcpServer) that speaks the Ollama registry protocol and
// Hugging Face's resolve/ redirects, serves files with Range support and injects faults.
// One request per connection (Connection: close), which QNetworkAccessManager handles fine.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace facet::test {

struct Faults {
    int fail500 = 0;    // the first N file requests answer 500
    int dropCount = 0;  // the first N file responses close after dropAfter body bytes
    qint64 dropAfter = 0;
    int stallCount = 0;  // the first N file responses send stallAfter bytes, then nothing
    qint64 stallAfter = 0;
    bool corrupt = false;  // one byte of every served file is flipped
    bool ignoreRange = false;
    int redirects = 0;         // file requests go through this many 302 hops (other "host" path)
    qint64 throttleChunk = 0;  // >0: body written in chunks of this size every 2 ms
    QByteArray linkedEtag;     // HF files: X-Linked-ETag value (default: the real sha256)
};

class TestServer : public QObject {
    Q_OBJECT
public:
    TestServer();
    ~TestServer() override;

    quint16 port() const { return m_server.serverPort(); }
    QString base() const;  // http://127.0.0.1:<port>

    // Registry: manifests/<ns>/<model>/<tag> and blobs by digest.
    QString addBlob(const QByteArray &bytes);  // returns the sha256 hex
    void addManifest(const QString &ns, const QString &model, const QString &tag,
                     const QByteArray &json);
    // Builds and adds a manifest with a model layer (and config), returns it.
    QByteArray addModel(const QString &ns, const QString &model, const QString &tag,
                        const QByteArray &gguf);
    // Hugging Face: <org>/<repo>/resolve/main/<file> redirects to /cdn/<sha>.
    void addHfFile(const QString &org, const QString &repo, const QString &file,
                   const QByteArray &bytes);

    Faults faults;
    qint64 fileBytesSent = 0;  // body bytes of blobs/files written to sockets
    int fileRequests = 0;      // GET requests that reached a blob/file (after redirects)
    int rangeRequests = 0;     // of those, with a Range header
    int redirectsServed = 0;

private:
    struct Conn;
    void onConnection();
    void onData(Conn *c);
    void respond(Conn *c, const QByteArray &method, const QByteArray &path,
                 const QHash<QByteArray, QByteArray> &headers);
    void serveFile(Conn *c, const QByteArray &method, const QByteArray &body,
                   const QHash<QByteArray, QByteArray> &headers);
    void pumpBody(Conn *c);
    void simple(Conn *c, int status, const QByteArray &reason, const QByteArray &body = {},
                const QByteArray &extraHeaders = {});

    QTcpServer m_server;
    QHash<QString, QByteArray> m_manifests;  // "ns/model/tag"
    QHash<QString, QByteArray> m_blobs;      // sha256 hex
    QHash<QString, QString> m_hf;            // "org/repo/file" -> sha256 hex
    std::vector<std::unique_ptr<Conn>> m_conns;
};

}  // namespace facet::test
