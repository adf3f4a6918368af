// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// What the server tests share: the QCoreApplication, and HTTP requests through
// QNetworkAccessManager run to their end (or a deadline) in a local event loop.
#pragma once

#include <QCoreApplication>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

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

}  // namespace facet::server::test
