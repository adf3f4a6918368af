// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// What the server tests share: the QCoreApplication, HTTP requests through
// QNetworkAccessManager run to their end (or a deadline) in a local event loop, and a raw client
// that sends several requests on one connection.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <gtest/gtest.h>

#include <functional>
#include <utility>
#include <vector>

namespace facet::server::test {

// The application object: the one that exists (a widget test's), else a QCoreApplication.
inline QCoreApplication &app() {
    if (QCoreApplication *existing = QCoreApplication::instance()) return *existing;
    static int argc = 1;
    static char name[] = "facet_server_tests";
    static char *argv[] = {name, nullptr};
    static QCoreApplication a(argc, argv);
    return a;
}

struct HttpResult {
    int status = 0;  // 0: no HTTP answer
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QList<QNetworkReply::RawHeaderPair> headers;
    bool timedOut = false;

    QByteArray header(const QByteArray &name) const {
        for (const auto &[k, v] : headers)
            if (k.compare(name, Qt::CaseInsensitive) == 0) return v;
        return {};
    }
};

// Runs one request. `onData` sees the body as it arrives (it may abort the reply).
inline HttpResult httpRequest(
    const QByteArray &method, const QUrl &url, const QByteArray &body = {},
    const std::vector<std::pair<QByteArray, QByteArray>> &headers = {},
    const std::function<void(QNetworkReply *, const QByteArray &)> &onData = {},
    int timeoutMs = 60'000) {
    app();
    QNetworkAccessManager nam;
    QNetworkRequest request(url);
    bool contentType = false;
    for (const auto &[k, v] : headers) {
        request.setRawHeader(k, v);
        contentType = contentType || k.compare("content-type", Qt::CaseInsensitive) == 0;
    }
    if (!contentType && !body.isEmpty()) request.setRawHeader("Content-Type", "application/json");
    QNetworkReply *reply = nam.sendCustomRequest(request, method, body);
    HttpResult r;
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        r.timedOut = true;
        reply->abort();
    });
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
        const QByteArray data = reply->readAll();
        r.body += data;
        if (onData) onData(reply, r.body);
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    deadline.start(timeoutMs);
    if (!reply->isFinished()) loop.exec();
    r.body += reply->readAll();
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.error = reply->error();
    r.headers = reply->rawHeaderPairs();
    reply->deleteLater();
    return r;
}

// One HTTP response as read from a raw connection.
struct RawResponse {
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;  // names in lower case
    QByteArray body;
    bool complete = false;

    QByteArray header(const QByteArray &name) const {
        for (const auto &[k, v] : headers)
            if (k == name) return v;
        return {};
    }
};

// A client on one TCP connection that writes raw requests and reads the answers one by one
// (Content-Length or chunked bodies), as a keep-alive client does.
class RawClient {
public:
    explicit RawClient(quint16 port) {
        m_socket.connectToHost(QHostAddress::LocalHost, port);
        EXPECT_TRUE(m_socket.waitForConnected(5000));
        QObject::connect(&m_socket, &QTcpSocket::disconnected, [this] { m_closed = true; });
    }
    void write(const QByteArray &bytes) {
        m_socket.write(bytes);
        m_socket.flush();
    }
    // The next answer on the connection (complete false when it did not come within the time).
    RawResponse read(int timeoutMs = 10'000) {
        RawResponse r;
        QElapsedTimer timer;
        timer.start();
        while (!(r = parse()).complete && timer.elapsed() < timeoutMs) {
            if (m_closed && m_socket.bytesAvailable() == 0) break;
            m_socket.waitForReadyRead(50);
            m_buffer += m_socket.readAll();
            QCoreApplication::processEvents();
        }
        if (r.complete) m_buffer.remove(0, m_used);
        return r;
    }
    // True when the server closed the connection within the time.
    bool waitForClose(int timeoutMs) {
        QElapsedTimer timer;
        timer.start();
        while (!m_closed && timer.elapsed() < timeoutMs) {
            m_socket.waitForReadyRead(50);
            m_buffer += m_socket.readAll();
            QCoreApplication::processEvents();
        }
        return m_closed || m_socket.state() == QAbstractSocket::UnconnectedState;
    }
    bool connected() const {
        return !m_closed && m_socket.state() == QAbstractSocket::ConnectedState;
    }

private:
    RawResponse parse() {
        RawResponse r;
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0) return r;
        const QList<QByteArray> lines = m_buffer.left(end).split('\n');
        r.status = lines[0].split(' ').value(1).toInt();
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon > 0)
                r.headers.append(
                    {lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed()});
        }
        qsizetype at = end + 4;
        if (r.header("transfer-encoding") == "chunked") {
            for (;;) {
                const qsizetype eol = m_buffer.indexOf("\r\n", at);
                if (eol < 0) return r;
                bool ok = false;
                const qsizetype n = m_buffer.mid(at, eol - at).toLongLong(&ok, 16);
                if (!ok || m_buffer.size() < eol + 2 + n + 2) return r;
                r.body += m_buffer.mid(eol + 2, n);
                at = eol + 2 + n + 2;
                if (n == 0) break;
            }
        } else if (r.status == 204 || !r.header("content-length").isEmpty()) {
            const qsizetype n = r.header("content-length").toLongLong();
            if (m_buffer.size() < at + n) return r;
            r.body = m_buffer.mid(at, n);
            at += n;
        } else {
            // Delimited by the close.
            if (!m_closed) return r;
            r.body = m_buffer.mid(at);
            at = m_buffer.size();
        }
        r.complete = true;
        m_used = at;
        return r;
    }

    QTcpSocket m_socket;
    QByteArray m_buffer;
    qsizetype m_used = 0;
    bool m_closed = false;
};

// choices[0].message.content of a chat completion.
inline QString answerContent(const QJsonObject &answer) {
    return answer.value(QStringLiteral("choices"))
        .toArray()[0]
        .toObject()
        .value(QStringLiteral("message"))
        .toObject()
        .value(QStringLiteral("content"))
        .toString();
}

}  // namespace facet::server::test
