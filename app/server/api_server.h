// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The local OpenAI-compatible API over the Engine: HTTP (http_server.h) in, ChatRequests to the
// engine thread (app::EngineHost) out, the engine's deltas back as JSON or server-sent events.
//
//   GET  /v1/models, /v1/models/{id}   the served models: the base, then its adapters
//   POST /v1/chat/completions           messages → an answer (stream: SSE chunks, then [DONE])
//   POST /v1/completions                a prompt as it is → its continuation
//
// Every generation goes to the engine, which runs one at a time and queues the rest in order
// (behind the app's own chat when the app serves). A client that closes its connection cancels
// its request, queued or running. With an API key set every request needs
// "Authorization: Bearer KEY" (401 otherwise). Errors are OpenAI error objects (openai_api.h).
//
// Adapters: each LoRA adapter given to setAdapters() is served as a model of its own, with the id
// "<base id>:<adapter name>" (e.g. "gemma4:e2b:pirate"); a request that names it runs through that
// adapter, one that names the base id (or an alias) runs on the base model alone.
//
// CORS (browsers): off unless Options::corsOrigins names origins ("*": any). Then a preflight
// (OPTIONS with an allowed Origin) is answered 204 with the allowed methods and headers
// (Authorization, Content-Type) before the key check, and every answer, streams and errors
// included, carries Access-Control-Allow-Origin for an allowed Origin. Without it no CORS header
// is sent, so a web page of another origin cannot read answers from the local model.
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
#include <QStringList>

#include <map>

namespace facet::server {

class ApiServer : public QObject {
    Q_OBJECT
public:
    struct Options {
        QString apiKey;  // empty: no key needed
        qint64 maxBodyBytes = 32LL * 1024 * 1024;
        // How long a kept-alive connection may wait for its next request.
        int idleTimeoutMs = 30'000;
        // Origins whose web pages may call the API (CORS), "*" for any; empty: none (no CORS
        // headers, so browsers keep pages of other origins out).
        QStringList corsOrigins;
    };
    static constexpr quint64 kFirstRequestId = quint64(1) << 62;

    // A LoRA adapter served as a model of its own.
    struct ServedAdapter {
        QString name;  // the id's part after "<base id>:", e.g. "pirate"
        QString path;  // a PEFT folder or a GGUF LoRA file
        float strength = 1.0f;
    };

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

    // The adapters served besides the base model, replacing the list (no model needs to be loaded
    // yet). A name that is empty, repeats one before it or has characters other than letters,
    // digits and ".-_" is made one that does (e.g. "pirate-2").
    void setAdapters(const std::vector<ServedAdapter> &adapters);
    const std::vector<ServedAdapter> &adapters() const { return m_adapters; }
    // The name an adapter at `path` is served under: "pirate" for …/pirate (a PEFT folder) or
    // …/pirate.gguf, the run's folder for a training run's RUN/adapter and RUN/adapter.gguf.
    static QString adapterName(const QString &path);
    // The ids served now: the base model's, then each adapter's; empty while no model is loaded.
    QStringList modelIds() const;

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

    static HttpServer::Options httpOptions(const Options &options);
    // Whether `origin` is one of `origins` (--cors; "*": any).
    static bool corsAllowed(const QStringList &origins, const QByteArray &origin);
    // The id an adapter is served under (nullptr: the base model's).
    QString servedId(const ServedAdapter *adapter) const;
    // The adapter `model` names (nullptr: the base model); false when it names no served model.
    bool resolveModel(const QString &model, const ServedAdapter **adapter) const;
    void handle(const HttpRequest &request, HttpResponse *response);
    void sendError(HttpResponse *response, const ApiError &error, const HttpHeaders &headers = {});
    void sendJson(HttpResponse *response, int status, const QJsonObject &object);
    bool authorized(const HttpRequest &request) const;
    void startGeneration(const GenerationRequest &request, const ServedAdapter *adapter,
                         HttpResponse *response);

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
    std::vector<ServedAdapter> m_adapters;
    session::ModelInfo m_info;
    qint64 m_created = 0;
    std::map<quint64, Pending> m_pending;
    quint64 m_nextId = kFirstRequestId;
};

}  // namespace facet::server
