// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A small HTTP/1.1 server on QTcpServer for the local API: one request per connection, parsed by
// the nodejs http-parser (Debian's libhttp-parser), answered whole or streamed.
//
//   HttpServer::Options options;
//   options.maxBodyBytes = 16 << 20;
//   HttpServer server(options);
//   server.setHandler([](const HttpRequest &request, HttpResponse *response) {
//       response->send(200, "application/json", "{}");      // now, or later from another slot
//   });
//   if (!server.listen(QHostAddress::LocalHost, 8080, &error)) …
//
// Requests: the body is read whole before the handler runs, up to Options::maxBodyBytes (a larger
// Content-Length is answered 413 at once, before its body is read; "Expect: 100-continue" is
// honoured). A request the parser refuses gets 400, headers larger than the parser's limit (80 KiB)
// 431, a request not complete within Options::requestTimeoutMs 408; Options::errorBody shapes
// those answers' bodies.
//
// Responses: every response closes its connection (Connection: close; no keep-alive, no
// pipelining). send() answers whole, with a Content-Length. A stream is beginStream(), then
// writeChunk() as pieces become ready, then endStream(): chunked transfer coding for HTTP/1.1
// clients, the body delimited by the close for HTTP/1.0 ones. After the last byte the server
// shuts down its side of the connection and reads (and drops) what the client still sends until
// it closes, so that a client whose request was refused early reads the answer instead of a reset.
//
// A client that closes its connection before the answer ended: HttpResponse::clientGone() is
// emitted (once) and the response is deleted with its connection soon after; a handler that
// answers later keeps a QPointer to it.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

class QTcpServer;
class QTcpSocket;

namespace facet::server {

struct HttpRequest {
    QByteArray method;  // "GET", "POST", …
    QByteArray path;    // the URL's path, percent-encoding left as it came
    QByteArray query;   // after '?', without it
    int httpMinor = 1;  // HTTP/1.x
    // Header names in lower case; a repeated header's values joined with ", ".
    QHash<QByteArray, QByteArray> headers;
    QByteArray body;

    QByteArray header(const QByteArray &lowerCaseName) const {
        return headers.value(lowerCaseName);
    }
};

using HttpHeaders = std::vector<std::pair<QByteArray, QByteArray>>;

// The reason phrase of a status code ("Not Found"), "Unknown" for codes it does not list.
QByteArray httpReasonPhrase(int status);

class HttpResponse : public QObject {
    Q_OBJECT
public:
    // The whole answer at once (a Content-Length is added). Ignored after the first answer.
    void send(int status, const QByteArray &contentType, const QByteArray &body,
              const HttpHeaders &headers = {});
    // A streamed answer: the status line and headers now, the body piece by piece.
    void beginStream(int status, const QByteArray &contentType, const HttpHeaders &headers = {});
    void writeChunk(const QByteArray &data);
    void endStream();

    bool started() const { return m_state != State::Idle; }
    bool finished() const { return m_state == State::Done; }
    // False once the client has closed its connection.
    bool clientConnected() const { return !m_gone; }

signals:
    // The client closed its connection before the answer ended (emitted once).
    void clientGone();

private:
    friend class HttpConnection;
    enum class State { Idle, Streaming, Done };
    HttpResponse(QTcpSocket *socket, bool chunked, QObject *parent);
    void writeHead(int status, const QByteArray &contentType, const HttpHeaders &headers,
                   const QByteArray &framing);
    void markGone();

    QTcpSocket *m_socket;
    bool m_chunked;
    State m_state = State::Idle;
    bool m_gone = false;
};

class HttpServer : public QObject {
    Q_OBJECT
public:
    struct Options {
        qint64 maxBodyBytes = 16LL * 1024 * 1024;
        int requestTimeoutMs = 30'000;  // from the connection to the request's last byte
        // The body (content type, bytes) of the answers the server gives itself (400, 408, 413,
        // 431) from their status and message; default: the message as text/plain.
        std::function<std::pair<QByteArray, QByteArray>(int status, const QString &message)>
            errorBody;
    };
    using Handler = std::function<void(const HttpRequest &request, HttpResponse *response)>;

    explicit HttpServer(Options options, QObject *parent = nullptr);
    ~HttpServer() override;

    void setHandler(Handler handler) { m_handler = std::move(handler); }
    // Port 0: any free port (port() says which). False with *error saying why.
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;
    QHostAddress address() const;

    const Options &options() const { return m_options; }

private:
    friend class HttpConnection;
    void onNewConnection();

    Options m_options;
    Handler m_handler;
    QTcpServer *m_server;
};

}  // namespace facet::server
