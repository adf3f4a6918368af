// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A small HTTP/1.1 server on QTcpServer for the local API: requests parsed by the nodejs
// http-parser (Debian's libhttp-parser), answered whole or streamed, on persistent connections.
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
// Connections persist as HTTP/1.1 says: open after an answer for HTTP/1.1 requests unless one says
// "Connection: close", closed for HTTP/1.0 ones unless they say "Connection: keep-alive"
// (http_should_keep_alive). Requests on one connection are answered one at a time, in order;
// pipelined ones wait in a queue (up to 16 read ahead, the rest stays in the socket). A connection
// with no request for Options::idleTimeoutMs is closed without an answer. Every answer says
// "Connection: keep-alive" or "Connection: close".
//
// Responses: send() answers whole, with a Content-Length. A stream is beginStream(), then
// writeChunk() as pieces become ready, then endStream(): chunked transfer coding for HTTP/1.1
// clients (the connection stays open after it), the body delimited by the close for HTTP/1.0 ones
// (which closes it). After the last byte of an answer that closes, the server shuts down its side
// of the connection and reads (and drops) what the client still sends until it closes, so that a
// client whose request was refused early reads the answer instead of a reset. A refused request
// (400, 408, 413, 431) is answered after the requests before it, and closes the connection.
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
    HttpResponse(QTcpSocket *socket, bool chunked, bool keepAlive, QObject *parent);
    void writeHead(int status, const QByteArray &contentType, const HttpHeaders &headers,
                   const QByteArray &framing);
    void setDone();
    void markGone();

    QTcpSocket *m_socket;
    bool m_chunked;
    bool m_keepAlive;            // the connection stays open after this answer
    HttpHeaders m_extraHeaders;  // Options::commonHeaders
    std::function<void()> m_onDone;
    State m_state = State::Idle;
    bool m_gone = false;
};

class HttpServer : public QObject {
    Q_OBJECT
public:
    struct Options {
        qint64 maxBodyBytes = 16LL * 1024 * 1024;
        // From the connection, or a request's first byte, to the request's last byte.
        int requestTimeoutMs = 30'000;
        // The body (content type, bytes) of the answers the server gives itself (400, 408, 413,
        // 431) from their status and message; default: the message as text/plain.
        std::function<std::pair<QByteArray, QByteArray>(int status, const QString &message)>
            errorBody;
        // How long a kept-alive connection waits for its next request before it is closed.
        int idleTimeoutMs = 30'000;
        // Headers added to every answer (the handler's and the server's own) from the request
        // (as much of it as was read, for one refused); e.g. CORS headers.
        std::function<HttpHeaders(const HttpRequest &request)> commonHeaders;
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
