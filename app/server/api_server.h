// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The local OpenAI-compatible API over the Engine: HTTP (http_server.h) in, ChatRequests to the
// engine thread (app::EngineHost) out, the engine's deltas back as JSON or server-sent events.
//
//   GET  /v1/models, /v1/models/{id}   the served model
//   POST /v1/chat/completions           messages → an answer (stream: SSE chunks, then [DONE])
//   POST /v1/completions                a prompt as it is → its continuation
//
// Every generation goes to the engine, which runs one at a time and queues the rest in order
// (behind the app's own chat when the app serves). A client that closes its connection cancels
// its request, queued or running. With an API key set every request needs
// "Authorization: Bearer KEY" (401 otherwise). Errors are OpenAI error objects (openai_api.h).
//
// Requests carry ids from their own range (kFirstRequestId up), so that the server can share an
// EngineHost with the app's ChatController and tell the answers apart.
#pragma once

#include "chat/engine_host.h"
#include "http_server.h"
#include "openai_api.h"
#include "session/engine.h"

#include <QHostAddress>
#include <QObject>
#include <QPointer>

#include <map>

namespace facet::server {

class ApiServer : public QObject {
    Q_OBJECT
public:
    struct Options {
        QString apiKey;  // empty: no key needed
        qint64 maxBodyBytes = 32LL * 1024 * 1024;
        // The LoRA adapter every request runs through (empty: the base model), and its strength.
        QString adapter;
        float adapterStrength = 1.0f;
    };
    static constexpr quint64 kFirstRequestId = quint64(1) << 62;

    ApiServer(app::EngineHost *engine, Options options, QObject *parent = nullptr);
    // Cancels the requests still open (their clients are disconnected).
    ~ApiServer() override;

    // False with *error when the address cannot be bound.
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const { return m_http.port(); }

    // The model the engine has loaded, served under `id` (the name clients send as "model");
    // until then generation requests are answered 503. `aliases` are accepted as well.
    void setModel(const QString &id, const session::ModelInfo &info,
                  const QStringList &aliases = {});
    void clearModel();
    QString modelId() const { return m_modelId; }

    // Requests waiting for or in generation.
    int openRequests() const { return int(m_pending.size()); }

signals:
    void openRequestsChanged(int open);
    // One line per generation request when it ends, for a log: what was asked, how it ended
    // (e.g. "POST /v1/chat/completions: 200, stream, 15 prompt + 8 completion tokens, length").
    void requestLogged(const QString &line);

private:
    struct Pending {
        QPointer<HttpResponse> response;
        QString what;  // "POST /v1/chat/completions"
        CompletionHead head;
        bool stream = false;
        bool includeUsage = false;
        bool started = false;
        int promptTokens = 0;
        QString text, reasoning;
        std::vector<ToolCallOut> toolCalls;  // the model's tool calls so far, in order
    };

    void handle(const HttpRequest &request, HttpResponse *response);
    void sendError(HttpResponse *response, const ApiError &error, const HttpHeaders &headers = {});
    void sendJson(HttpResponse *response, int status, const QJsonObject &object);
    bool authorized(const HttpRequest &request) const;
    void startGeneration(const GenerationRequest &request, HttpResponse *response);

    void onChatStarted(quint64 id, int promptTokens, int reusedTokens);
    void onChatDelta(const session::ChatDelta &delta);
    void onChatFinished(const session::ChatStats &stats);
    void onChatFailed(quint64 id, const QString &error, const QString &hint);
    void finish(std::map<quint64, Pending>::iterator it);

    app::EngineHost *m_engine;
    Options m_options;
    HttpServer m_http;
    QString m_modelId;
    QStringList m_aliases;
    session::ModelInfo m_info;
    qint64 m_created = 0;
    std::map<quint64, Pending> m_pending;
    quint64 m_nextId = kFirstRequestId;
};

}  // namespace facet::server
