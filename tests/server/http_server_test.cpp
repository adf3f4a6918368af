// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The API server's HTTP layer in process: whole and streamed answers, the body limit, malformed
// requests and a client that leaves mid-stream, through QNetworkAccessManager and a raw socket.
#include "http_server.h"
#include "server_test_support.h"

#include <QPointer>
#include <QTcpSocket>

#include <gtest/gtest.h>

namespace facet::server {
namespace {

using test::httpRequest;
using test::RawClient;
using test::RawResponse;

class HttpServerTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        HttpServer::Options options;
        options.maxBodyBytes = 1000;
        options.requestTimeoutMs = 2000;
        options.idleTimeoutMs = 1500;
        server = std::make_unique<HttpServer>(options);
        QString error;
        ASSERT_TRUE(server->listen(QHostAddress::LocalHost, 0, &error)) << error.toStdString();
    }
    QUrl url(const QString &path) const {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(server->port()).arg(path));
    }
    // Sends raw bytes and returns everything the server answers until it closes.
    QByteArray rawExchange(const QByteArray &bytes) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, server->port());
        EXPECT_TRUE(socket.waitForConnected(5000));
        socket.write(bytes);
        QByteArray answer;
        QEventLoop loop;
        QObject::connect(&socket, &QTcpSocket::readyRead, &loop,
                         [&] { answer += socket.readAll(); });
        QObject::connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
        QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
        loop.exec();
        answer += socket.readAll();
        return answer;
    }

    std::unique_ptr<HttpServer> server;
};

TEST_F(HttpServerTest, AnswersWholeWithTheRequestAsParsed) {
    HttpRequest seen;
    server->setHandler([&](const HttpRequest &request, HttpResponse *response) {
        seen = request;
        response->send(201, "text/plain", "made", {{"X-Test", "yes"}});
    });
    const auto r = httpRequest("POST", url(QStringLiteral("/a/b?x=1&y=2")), "{\"k\":1}",
                               {{"X-Stainless-Lang", "js"}, {"X-Repeat", "1"}});
    EXPECT_EQ(r.status, 201);
    EXPECT_EQ(r.body, "made");
    EXPECT_EQ(r.header("x-test"), "yes");
    EXPECT_EQ(r.header("content-length"), "4");
    EXPECT_EQ(seen.method, "POST");
    EXPECT_EQ(seen.path, "/a/b");
    EXPECT_EQ(seen.query, "x=1&y=2");
    EXPECT_EQ(seen.body, "{\"k\":1}");
    EXPECT_EQ(seen.header("x-stainless-lang"), "js");
    EXPECT_EQ(seen.header("content-type"), "application/json");
}

TEST_F(HttpServerTest, StreamsPiecesAsTheyComeInChunkedCoding) {
    QPointer<HttpResponse> open;
    server->setHandler([&](const HttpRequest &, HttpResponse *response) {
        response->beginStream(200, "text/event-stream");
        open = response;
    });
    // Pieces written one by one from later event-loop turns, in lock-step with the client: the
    // next piece only once the client has read the one before. A server that held the pieces
    // back until the end would stall this (the request then times out and the checks fail);
    // without the lock-step, a loaded machine could let every piece go out before the client's
    // first read, which says nothing about streaming.
    int piecesSent = 0;
    QByteArray received;
    std::vector<int> receivedAtPiece;
    QTimer pump;
    QObject::connect(&pump, &QTimer::timeout, [&] {
        if (!open) return;
        if (piecesSent > 0 &&
            !received.endsWith("data: " + QByteArray::number(piecesSent - 1) + "\n\n"))
            return;
        if (piecesSent < 5) {
            open->writeChunk(QByteArray("data: ") + QByteArray::number(piecesSent) + "\n\n");
            ++piecesSent;
        } else {
            open->endStream();
            pump.stop();
        }
    });
    pump.start(20);
    const auto r = httpRequest(
        "GET", url(QStringLiteral("/s")), {}, {},
        [&](QNetworkReply *, const QByteArray &body) {
            received = body;
            receivedAtPiece.push_back(piecesSent);
        },
        20'000);
    EXPECT_FALSE(r.timedOut);
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.header("transfer-encoding"), "chunked");
    EXPECT_EQ(r.body, "data: 0\n\ndata: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\n");
    // The client read data while only the first piece had been written.
    ASSERT_FALSE(receivedAtPiece.empty());
    EXPECT_EQ(receivedAtPiece.front(), 1);
}

TEST_F(HttpServerTest, RefusesABodyOverTheLimitWith413) {
    bool handled = false;
    server->setHandler([&](const HttpRequest &, HttpResponse *response) {
        handled = true;
        response->send(200, "text/plain", "ok");
    });
    // Announced by Content-Length (answered before the body is read), large enough that the
    // client is still sending when the answer comes.
    const auto r = httpRequest("POST", url(QStringLiteral("/x")), QByteArray(4 << 20, 'a'));
    EXPECT_EQ(r.status, 413);
    EXPECT_FALSE(handled);
    // Chunked bodies are counted as they arrive.
    const QByteArray raw = rawExchange(
        "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" +
        QByteArray::number(1200, 16) + "\r\n" + QByteArray(1200, 'b') + "\r\n0\r\n\r\n");
    EXPECT_TRUE(raw.startsWith("HTTP/1.1 413 ")) << raw.left(200).toStdString();
    EXPECT_FALSE(handled);
    // At the limit it is served.
    EXPECT_EQ(httpRequest("POST", url(QStringLiteral("/x")), QByteArray(1000, 'a')).status, 200);
}

TEST_F(HttpServerTest, RefusesMalformedRequestsWith400) {
    server->setHandler([](const HttpRequest &, HttpResponse *response) {
        response->send(200, "text/plain", "ok");
    });
    EXPECT_TRUE(rawExchange("NOT HTTP AT ALL\r\n\r\n").startsWith("HTTP/1.1 400 "));
    EXPECT_TRUE(rawExchange("POST /x HTTP/1.1\r\nContent-Length: nine\r\n\r\n")
                    .startsWith("HTTP/1.1 400 "));
    // Too slow: 408 after the request timeout.
    EXPECT_TRUE(rawExchange("POST /x HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")
                    .startsWith("HTTP/1.1 408 "));
    // HTTP/1.0 is served too.
    const QByteArray old = rawExchange("GET /x HTTP/1.0\r\n\r\n");
    EXPECT_TRUE(old.startsWith("HTTP/1.1 200 ")) << old.toStdString();
    EXPECT_TRUE(old.endsWith("\r\n\r\nok"));
}

TEST_F(HttpServerTest, TellsTheHandlerWhenTheClientLeavesMidStream) {
    QPointer<HttpResponse> open;
    int gone = 0;
    server->setHandler([&](const HttpRequest &, HttpResponse *response) {
        response->beginStream(200, "text/event-stream");
        response->writeChunk("data: first\n\n");
        QObject::connect(response, &HttpResponse::clientGone, [&] { ++gone; });
        open = response;
    });
    const auto r = httpRequest("GET", url(QStringLiteral("/s")), {}, {},
                               [](QNetworkReply *reply, const QByteArray &body) {
                                   if (body.contains("first")) reply->abort();
                               });
    EXPECT_EQ(r.error, QNetworkReply::OperationCanceledError);
    // The server notices on its next event-loop turns.
    for (int i = 0; i < 100 && gone == 0; ++i) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
    EXPECT_EQ(gone, 1);
    EXPECT_TRUE(open.isNull());  // deleted with its connection
    // And serves the next client.
    server->setHandler([](const HttpRequest &, HttpResponse *response) {
        response->send(200, "text/plain", "next");
    });
    EXPECT_EQ(httpRequest("GET", url(QStringLiteral("/n"))).body, "next");
}

TEST_F(HttpServerTest, KeepsHttp11ConnectionsOpenForMoreRequests) {
    int handled = 0;
    server->setHandler([&](const HttpRequest &request, HttpResponse *response) {
        ++handled;
        if (request.path == "/stream") {
            response->beginStream(200, "text/event-stream");
            response->writeChunk("data: a\n\n");
            response->writeChunk("data: b\n\n");
            response->endStream();
        } else {
            response->send(200, "text/plain", request.path + ' ' + request.body);
        }
    });
    RawClient client(server->port());
    client.write("GET /one HTTP/1.1\r\nHost: a\r\n\r\n");
    const RawResponse one = client.read();
    ASSERT_TRUE(one.complete);
    EXPECT_EQ(one.body, "/one ");
    EXPECT_EQ(one.header("connection"), "keep-alive");
    // The same socket, again: a POST, then a stream (chunked, so the connection stays open).
    client.write("POST /two HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nxyz");
    const RawResponse two = client.read();
    ASSERT_TRUE(two.complete);
    EXPECT_EQ(two.body, "/two xyz");
    client.write("GET /stream HTTP/1.1\r\nHost: a\r\n\r\n");
    const RawResponse stream = client.read();
    ASSERT_TRUE(stream.complete);
    EXPECT_EQ(stream.header("transfer-encoding"), "chunked");
    EXPECT_EQ(stream.header("connection"), "keep-alive");
    EXPECT_EQ(stream.body, "data: a\n\ndata: b\n\n");
    client.write("GET /four HTTP/1.1\r\nHost: a\r\n\r\n");
    EXPECT_EQ(client.read().body, "/four ");
    EXPECT_TRUE(client.connected());
    EXPECT_EQ(handled, 4);
}

TEST_F(HttpServerTest, ConnectionCloseAndHttp10AreHonoured) {
    server->setHandler([](const HttpRequest &request, HttpResponse *response) {
        if (request.path == "/stream") {
            response->beginStream(200, "text/event-stream");
            response->writeChunk("data: a\n\n");
            response->endStream();
        } else {
            response->send(200, "text/plain", "ok");
        }
    });
    {
        RawClient client(server->port());
        client.write("GET /x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
        const RawResponse r = client.read();
        ASSERT_TRUE(r.complete);
        EXPECT_EQ(r.header("connection"), "close");
        EXPECT_TRUE(client.waitForClose(3000));
    }
    {
        // HTTP/1.0 closes unless it asks to keep the connection.
        RawClient client(server->port());
        client.write("GET /x HTTP/1.0\r\n\r\n");
        EXPECT_EQ(client.read().header("connection"), "close");
        EXPECT_TRUE(client.waitForClose(3000));
    }
    {
        RawClient client(server->port());
        client.write("GET /x HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        const RawResponse r = client.read();
        EXPECT_EQ(r.header("connection"), "keep-alive");
        EXPECT_EQ(r.body, "ok");
        client.write("GET /x HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        EXPECT_EQ(client.read().body, "ok");
        // A stream to an HTTP/1.0 client has no chunked coding: its end is the close.
        client.write("GET /stream HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
        const RawResponse s = client.read();
        ASSERT_TRUE(s.complete);
        EXPECT_EQ(s.header("connection"), "close");
        EXPECT_EQ(s.body, "data: a\n\n");
    }
}

TEST_F(HttpServerTest, AnswersPipelinedRequestsInOrder) {
    std::vector<QByteArray> seen;
    server->setHandler([&](const HttpRequest &request, HttpResponse *response) {
        seen.push_back(request.path);
        if (request.path == "/slow") {
            // Answered later, from the event loop: the next request waits for it.
            QPointer<HttpResponse> later = response;
            QTimer::singleShot(200, [later] {
                if (later) later->send(200, "text/plain", "slow");
            });
        } else if (request.path == "/stream") {
            response->beginStream(200, "text/plain");
            QPointer<HttpResponse> later = response;
            QTimer::singleShot(100, [later] {
                if (!later) return;
                later->writeChunk("streamed");
                later->endStream();
            });
        } else {
            response->send(200, "text/plain", "fast " + request.body);
        }
    });
    RawClient client(server->port());
    // Three requests in one write, the last one closing.
    client.write(
        "GET /slow HTTP/1.1\r\nHost: a\r\n\r\n"
        "GET /stream HTTP/1.1\r\nHost: a\r\n\r\n"
        "POST /fast HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nConnection: close\r\n\r\n"
        "hi");
    const RawResponse first = client.read();
    const RawResponse second = client.read();
    const RawResponse third = client.read();
    EXPECT_EQ(first.body, "slow");
    EXPECT_EQ(second.body, "streamed");
    EXPECT_EQ(third.body, "fast hi");
    EXPECT_EQ(third.header("connection"), "close");
    EXPECT_TRUE(client.waitForClose(3000));
    EXPECT_EQ(seen, (std::vector<QByteArray>{"/slow", "/stream", "/fast"}));
}

TEST_F(HttpServerTest, ClosesIdleConnections) {
    server->setHandler([](const HttpRequest &, HttpResponse *response) {
        response->send(200, "text/plain", "ok");
    });
    RawClient client(server->port());
    client.write("GET /x HTTP/1.1\r\nHost: a\r\n\r\n");
    ASSERT_EQ(client.read().body, "ok");
    QElapsedTimer timer;
    timer.start();
    // idleTimeoutMs is 1500 from the answer: open a while, then closed without an answer. (The
    // clock here starts when the client has read the answer, which a loaded machine can delay,
    // so the close is expected 1000 ms after it at least, not 1500.)
    EXPECT_FALSE(client.waitForClose(700));
    EXPECT_TRUE(client.waitForClose(5000));
    EXPECT_GE(timer.elapsed(), 1000);
    // A request after the wait, on a fresh connection, is served.
    RawClient again(server->port());
    again.write("GET /x HTTP/1.1\r\nHost: a\r\n\r\n");
    EXPECT_EQ(again.read().body, "ok");
}

TEST_F(HttpServerTest, ARefusedRequestAfterAGoodOneIsAnsweredInTurnAndCloses) {
    server->setHandler([](const HttpRequest &, HttpResponse *response) {
        response->send(200, "text/plain", "ok");
    });
    RawClient client(server->port());
    client.write("GET /x HTTP/1.1\r\nHost: a\r\n\r\nNOT HTTP AT ALL\r\n\r\n");
    EXPECT_EQ(client.read().status, 200);
    const RawResponse bad = client.read();
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(bad.header("connection"), "close");
    EXPECT_TRUE(client.waitForClose(3000));
}

TEST_F(HttpServerTest, AddsTheCommonHeadersToEveryAnswer) {
    HttpServer::Options options;
    options.maxBodyBytes = 10;
    options.commonHeaders = [](const HttpRequest &request) {
        return HttpHeaders{{"X-Seen-Origin", request.header("origin")}};
    };
    HttpServer withHeaders(options);
    QString error;
    ASSERT_TRUE(withHeaders.listen(QHostAddress::LocalHost, 0, &error));
    withHeaders.setHandler([](const HttpRequest &, HttpResponse *response) {
        response->beginStream(200, "text/plain");
        response->endStream();
    });
    RawClient client(withHeaders.port());
    client.write("GET /x HTTP/1.1\r\nOrigin: http://a\r\n\r\n");
    EXPECT_EQ(client.read().header("x-seen-origin"), "http://a");
    // The server's own refusal too.
    client.write("POST /x HTTP/1.1\r\nOrigin: http://b\r\nContent-Length: 99\r\n\r\n");
    const RawResponse refused = client.read();
    EXPECT_EQ(refused.status, 413);
    EXPECT_EQ(refused.header("x-seen-origin"), "http://b");
}

}  // namespace
}  // namespace facet::server
