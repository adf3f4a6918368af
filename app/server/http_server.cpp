// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "http_server.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <http_parser.h>

#include <deque>
#include <optional>

#if defined(Q_OS_WIN)
#include <winsock2.h>
#else
#include <sys/socket.h>
#endif

namespace facet::server {

namespace {

// Connections served at once; more are closed as they arrive (the API runs one generation at a
// time, so this only bounds idle or slow clients).
constexpr int kMaxConnections = 64;
// How long a finished connection waits for the client to close before it is dropped.
constexpr int kLingerMs = 5'000;

QByteArray plainErrorBody(const QString &message) {
    return message.toUtf8() + '\n';
}

// Stops sending on the socket (the client sees the end of the stream) while still reading.
void shutdownWrite(QTcpSocket *socket) {
    const qintptr fd = socket->socketDescriptor();
    if (fd < 0) return;
#if defined(Q_OS_WIN)
    ::shutdown(static_cast<SOCKET>(fd), SD_SEND);
#else
    ::shutdown(static_cast<int>(fd), SHUT_WR);
#endif
}

}  // namespace

QByteArray httpReasonPhrase(int status) {
    switch (status) {
        case 100:
            return "Continue";
        case 200:
            return "OK";
        case 204:
            return "No Content";
        case 400:
            return "Bad Request";
        case 401:
            return "Unauthorized";
        case 403:
            return "Forbidden";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 408:
            return "Request Timeout";
        case 409:
            return "Conflict";
        case 411:
            return "Length Required";
        case 413:
            return "Payload Too Large";
        case 415:
            return "Unsupported Media Type";
        case 422:
            return "Unprocessable Entity";
        case 429:
            return "Too Many Requests";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 501:
            return "Not Implemented";
        case 503:
            return "Service Unavailable";
        default:
            return "Unknown";
    }
}

// ---- HttpResponse ----------------------------------------------------------------------------

HttpResponse::HttpResponse(QTcpSocket *socket, bool chunked, bool keepAlive, QObject *parent)
    : QObject(parent), m_socket(socket), m_chunked(chunked), m_keepAlive(keepAlive) {}

void HttpResponse::writeHead(int status, const QByteArray &contentType, const HttpHeaders &headers,
                             const QByteArray &framing) {
    QByteArray head =
        "HTTP/1.1 " + QByteArray::number(status) + ' ' + httpReasonPhrase(status) + "\r\n";
    if (!contentType.isEmpty()) head += "Content-Type: " + contentType + "\r\n";
    for (const auto &[name, value] : headers)
        head += name + ": " + value + "\r\n";
    for (const auto &[name, value] : m_extraHeaders)
        head += name + ": " + value + "\r\n";
    head += framing;
    head += m_keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
    if (!m_gone) m_socket->write(head);
}

void HttpResponse::send(int status, const QByteArray &contentType, const QByteArray &body,
                        const HttpHeaders &headers) {
    if (m_state != State::Idle) return;
    // 204 and 304 have no body, nor a Content-Length (RFC 9110 section 8.6).
    const bool noBody = status == 204 || status == 304;
    writeHead(
        status, contentType, headers,
        noBody ? QByteArray() : "Content-Length: " + QByteArray::number(body.size()) + "\r\n");
    if (!m_gone && !noBody) m_socket->write(body);
    setDone();
}

void HttpResponse::beginStream(int status, const QByteArray &contentType,
                               const HttpHeaders &headers) {
    if (m_state != State::Idle) return;
    // Without chunked coding (an HTTP/1.0 client) the body ends where the connection does.
    if (!m_chunked) m_keepAlive = false;
    writeHead(status, contentType, headers,
              m_chunked ? QByteArray("Transfer-Encoding: chunked\r\n") : QByteArray());
    m_state = State::Streaming;
}

void HttpResponse::writeChunk(const QByteArray &data) {
    if (m_state != State::Streaming || m_gone || data.isEmpty()) return;
    if (m_chunked) {
        m_socket->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
    } else {
        m_socket->write(data);
    }
}

void HttpResponse::endStream() {
    if (m_state != State::Streaming) return;
    if (m_chunked && !m_gone) m_socket->write("0\r\n\r\n");
    setDone();
}

void HttpResponse::setDone() {
    m_state = State::Done;
    if (m_onDone) m_onDone();
}

void HttpResponse::markGone() {
    if (m_gone) return;
    m_gone = true;
    if (m_state != State::Done) emit clientGone();
}

// ---- HttpConnection --------------------------------------------------------------------------

// One client connection: parses its requests (pipelined ones are queued), hands them to the
// server's handler one at a time, in order, and writes their answers. It stays open between
// requests while both sides keep it alive, closed by the idle timeout, and after an answer that
// closes it the write side is shut down and the connection lingers until the client closes.
// Deletes itself when the client has gone.
class HttpConnection : public QObject {
    Q_OBJECT
public:
    HttpConnection(HttpServer *server, QTcpSocket *socket)
        : QObject(server), m_server(server), m_socket(socket) {
        socket->setParent(this);
        http_parser_init(&m_parser, HTTP_REQUEST);
        m_parser.data = this;
        http_parser_settings_init(&m_settings);
        m_settings.on_message_begin = [](http_parser *p) {
            HttpConnection *c = self(p);
            c->m_inRequest = true;
            // A new request after an idle pause has the request timeout to arrive.
            if (!c->m_response && c->m_queue.empty())
                c->m_timer.start(c->m_server->options().requestTimeoutMs);
            return 0;
        };
        m_settings.on_url = [](http_parser *p, const char *at, size_t n) {
            return appendLimited(&self(p)->m_url, at, n);
        };
        m_settings.on_header_field = [](http_parser *p, const char *at, size_t n) {
            HttpConnection *c = self(p);
            if (c->m_inValue) c->storeHeader();
            c->m_inValue = false;
            return appendLimited(&c->m_field, at, n);
        };
        m_settings.on_header_value = [](http_parser *p, const char *at, size_t n) {
            HttpConnection *c = self(p);
            c->m_inValue = true;
            return appendLimited(&c->m_value, at, n);
        };
        m_settings.on_headers_complete = [](http_parser *p) { return self(p)->headersComplete(); };
        m_settings.on_body = [](http_parser *p, const char *at, size_t n) {
            HttpConnection *c = self(p);
            if (c->m_request.body.size() + qint64(n) > c->m_server->options().maxBodyBytes) {
                c->m_tooLarge = true;
                return -1;
            }
            c->m_request.body.append(at, qsizetype(n));
            return 0;
        };
        m_settings.on_message_complete = [](http_parser *p) { return self(p)->messageComplete(); };

        connect(socket, &QTcpSocket::readyRead, this, &HttpConnection::onReadyRead);
        connect(socket, &QTcpSocket::disconnected, this, &HttpConnection::onDisconnected);
        connect(socket, &QTcpSocket::bytesWritten, this, &HttpConnection::onBytesWritten);
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, &HttpConnection::onTimeout);
        m_timer.start(server->options().requestTimeoutMs);
    }

    void onReadyRead() {
        // After the last request (one that closes the connection, or a refusal) whatever else
        // arrives is dropped.
        if (m_noMoreRequests) {
            m_socket->readAll();
            return;
        }
        // Enough requests waiting: the rest stays in the socket until they have been answered.
        if (m_queue.size() >= kMaxQueued) return;
        const QByteArray data = m_unparsed + m_socket->readAll();
        m_unparsed.clear();
        if (m_parser.http_errno == HPE_PAUSED) http_parser_pause(&m_parser, 0);
        const size_t parsed =
            http_parser_execute(&m_parser, &m_settings, data.constData(), size_t(data.size()));
        const auto error = static_cast<http_errno>(m_parser.http_errno);
        // Paused with the queue full: the rest waits for the answers.
        if (error == HPE_PAUSED) m_unparsed = data.mid(qsizetype(parsed));
        if (m_tooLarge) {
            refuse(413, QStringLiteral("The request body is larger than the limit of %1 bytes.")
                            .arg(m_server->options().maxBodyBytes));
        } else if (error == HPE_HEADER_OVERFLOW) {
            refuse(431, QStringLiteral("The request's headers are too large."));
        } else if (error != HPE_OK && error != HPE_PAUSED && !m_noMoreRequests) {
            refuse(400, QStringLiteral("Malformed HTTP request: %1.")
                            .arg(QString::fromLatin1(http_errno_description(error))));
        }
        next();
    }

private:
    // Requests read ahead of their answers (pipelining), at most.
    static constexpr size_t kMaxQueued = 16;

    struct Queued {
        HttpRequest request;
        bool keepAlive = false;
    };

    static HttpConnection *self(http_parser *p) { return static_cast<HttpConnection *>(p->data); }

    // URL and header pieces; the parser limits their total size (HTTP_MAX_HEADER_SIZE).
    static int appendLimited(QByteArray *to, const char *at, size_t n) {
        to->append(at, qsizetype(n));
        return 0;
    }

    void storeHeader() {
        const QByteArray name = m_field.toLower();
        QByteArray &value = m_request.headers[name];
        value = value.isEmpty() ? m_value : value + ", " + m_value;
        m_field.clear();
        m_value.clear();
    }

    int headersComplete() {
        if (m_inValue) storeHeader();
        m_inValue = false;
        const qint64 limit = m_server->options().maxBodyBytes;
        if ((m_parser.flags & F_CONTENTLENGTH) && m_parser.content_length > quint64(limit)) {
            m_tooLarge = true;
            return -1;
        }
        m_request.method = http_method_str(static_cast<http_method>(m_parser.method));
        m_request.httpMinor = m_parser.http_major == 1 ? m_parser.http_minor : 0;
        http_parser_url url;
        http_parser_url_init(&url);
        if (http_parser_parse_url(m_url.constData(), size_t(m_url.size()), 0, &url) == 0) {
            if (url.field_set & (1 << UF_PATH))
                m_request.path =
                    m_url.mid(url.field_data[UF_PATH].off, url.field_data[UF_PATH].len);
            if (url.field_set & (1 << UF_QUERY))
                m_request.query =
                    m_url.mid(url.field_data[UF_QUERY].off, url.field_data[UF_QUERY].len);
        } else {
            m_request.path = m_url;
        }
        // Only between answers: in the middle of one it would break that answer's framing (the
        // client then sends the body after its own wait).
        if (m_request.header("expect").toLower() == "100-continue" && !m_response &&
            m_queue.empty())
            m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        return 0;
    }

    int messageComplete() {
        Queued q;
        q.request = std::move(m_request);
        q.keepAlive = http_should_keep_alive(&m_parser) != 0;
        m_queue.push_back(std::move(q));
        m_request = HttpRequest();
        m_url.clear();
        m_inRequest = false;
        if (!m_queue.back().keepAlive) {
            // The last request of this connection: the parser reads no more.
            m_noMoreRequests = true;
            return -1;
        }
        // Enough read ahead: stop here and keep the rest for later.
        if (m_queue.size() >= kMaxQueued) http_parser_pause(&m_parser, 1);
        return 0;
    }

    // The next queued request to the handler when none is being answered; else the refusal that
    // waited for the answers before it; else the idle wait.
    void next() {
        if (m_response || m_lingering || m_dispatching) return;
        if (!m_queue.empty()) {
            dispatch();
            return;
        }
        if (m_refusal) {
            const auto [status, message] = *m_refusal;
            m_refusal.reset();
            const auto &errorBody = m_server->options().errorBody;
            const auto [type, body] =
                errorBody ? errorBody(status, message)
                          : std::pair<QByteArray, QByteArray>("text/plain; charset=utf-8",
                                                              plainErrorBody(message));
            m_closing = true;
            m_response = newResponse(m_request, false, false);
            m_response->send(status, type, body);
            return;
        }
        if (m_closing || m_noMoreRequests) return;
        m_timer.start(m_inRequest ? m_server->options().requestTimeoutMs
                                  : m_server->options().idleTimeoutMs);
    }

    // `request`: the one answered, or as much as was read of one refused.
    HttpResponse *newResponse(const HttpRequest &request, bool chunked, bool keepAlive) {
        auto *response = new HttpResponse(m_socket, chunked, keepAlive, this);
        if (m_server->options().commonHeaders)
            response->m_extraHeaders = m_server->options().commonHeaders(request);
        // Deferred: the handler may answer inside its own call.
        response->m_onDone = [this] {
            QMetaObject::invokeMethod(this, &HttpConnection::onResponseDone, Qt::QueuedConnection);
        };
        return response;
    }

    void dispatch() {
        m_timer.stop();
        Queued q = std::move(m_queue.front());
        m_queue.pop_front();
        m_served = true;
        const bool keepAlive = q.keepAlive && !m_closing;
        if (!keepAlive) m_closing = true;
        m_response = newResponse(q.request, q.request.httpMinor >= 1, keepAlive);
        m_dispatching = true;
        if (m_server->m_handler) {
            m_server->m_handler(q.request, m_response);
        } else {
            m_response->send(404, "text/plain", "Not Found\n");
        }
        m_dispatching = false;
    }

    void onResponseDone() {
        if (!m_response || !m_response->finished()) return;
        if (!m_response->m_keepAlive) {
            // This answer closes the connection; requests after it are not answered.
            m_closing = true;
            m_noMoreRequests = true;
            m_queue.clear();
            onBytesWritten();
            return;
        }
        m_response->deleteLater();
        m_response = nullptr;
        next();
        // Requests left in the socket while the queue was full.
        if (!m_response && (!m_unparsed.isEmpty() || m_socket->bytesAvailable() > 0)) onReadyRead();
    }

    // A request that cannot be read: answered (after the answers to the requests before it) and
    // the connection closed.
    void refuse(int status, const QString &message) {
        if (m_refusal || m_noMoreRequests) return;
        m_noMoreRequests = true;
        m_refusal = std::make_pair(status, message);
    }

    // Once the answer that closes the connection is complete and written: the write side is shut
    // down, and the connection lingers (dropping input) until the client closes it or kLingerMs
    // pass.
    void onBytesWritten() {
        if (m_lingering || !m_closing || !m_response || !m_response->finished()) return;
        if (m_socket->bytesToWrite() > 0) return;
        m_lingering = true;
        shutdownWrite(m_socket);
        m_timer.start(kLingerMs);
    }

    void onTimeout() {
        if (m_lingering || m_response) {
            m_socket->abort();
            return;
        }
        // Idle between requests: closed without an answer (RFC 9112 section 9.8).
        if (!m_inRequest && m_served) {
            m_socket->disconnectFromHost();
            return;
        }
        m_queue.clear();
        m_noMoreRequests = true;
        m_refusal = std::make_pair(408, QStringLiteral("The request did not arrive in time."));
        next();
    }

    void onDisconnected() {
        if (m_response) m_response->markGone();
        m_queue.clear();
        m_timer.stop();
        deleteLater();
    }

    HttpServer *m_server;
    QTcpSocket *m_socket;
    http_parser m_parser;
    http_parser_settings m_settings;
    HttpRequest m_request;  // the one being read
    QByteArray m_url, m_field, m_value;
    QByteArray m_unparsed;  // read while the parser was paused
    bool m_inValue = false;
    bool m_inRequest = false;  // part of a request has arrived
    bool m_tooLarge = false;
    bool m_noMoreRequests = false;  // nothing more is read from the client
    bool m_closing = false;         // the answer being written is the last
    bool m_lingering = false;
    bool m_dispatching = false;
    bool m_served = false;
    std::deque<Queued> m_queue;
    std::optional<std::pair<int, QString>> m_refusal;
    HttpResponse *m_response = nullptr;  // the answer being written
    QTimer m_timer;
};

// ---- HttpServer ------------------------------------------------------------------------------

HttpServer::HttpServer(Options options, QObject *parent)
    : QObject(parent), m_options(std::move(options)), m_server(new QTcpServer(this)) {
    connect(m_server, &QTcpServer::newConnection, this, &HttpServer::onNewConnection);
}

HttpServer::~HttpServer() = default;

bool HttpServer::listen(const QHostAddress &address, quint16 port, QString *error) {
    if (m_server->listen(address, port)) return true;
    *error = QStringLiteral("cannot listen on %1 port %2: %3")
                 .arg(address.toString())
                 .arg(port)
                 .arg(m_server->errorString());
    return false;
}

quint16 HttpServer::port() const {
    return m_server->serverPort();
}

QHostAddress HttpServer::address() const {
    return m_server->serverAddress();
}

void HttpServer::onNewConnection() {
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        const qsizetype open = findChildren<HttpConnection *>(Qt::FindDirectChildrenOnly).size();
        if (open >= kMaxConnections) {
            socket->abort();
            socket->deleteLater();
            continue;
        }
        auto *connection = new HttpConnection(this, socket);
        // Bytes may have arrived with the connection.
        if (socket->bytesAvailable() > 0) connection->onReadyRead();
    }
}

}  // namespace facet::server

#include "http_server.moc"
