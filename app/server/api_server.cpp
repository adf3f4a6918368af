// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "api_server.h"

#include "chat/adapter_choice.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

namespace facet::server {

namespace {

const QByteArray kJson = QByteArrayLiteral("application/json");

// The prefix and 24 random letters and digits.
QString randomId(QString prefix) {
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int i = 0; i < 24; ++i)
        prefix +=
            QLatin1Char(alphabet[QRandomGenerator::global()->bounded(int(sizeof alphabet) - 1)]);
    return prefix;
}

// "chatcmpl-…" / "cmpl-…".
QString completionId(Endpoint endpoint) {
    return randomId(endpoint == Endpoint::ChatCompletions ? QStringLiteral("chatcmpl-")
                                                          : QStringLiteral("cmpl-"));
}

// Equal strings, in a time that does not depend on where they differ.
bool constantTimeEqual(const QByteArray &a, const QByteArray &b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

ApiError serverError(int status, const QString &message, const QString &code = {}) {
    return ApiError{status, message, QStringLiteral("server_error"), {}, code};
}

}  // namespace

// The HTTP layer's options: the body limit, the idle timeout, the server's own errors as OpenAI
// error objects, and the CORS header on every answer.
HttpServer::Options ApiServer::httpOptions(const Options &o) {
    HttpServer::Options h;
    h.maxBodyBytes = o.maxBodyBytes;
    h.idleTimeoutMs = o.idleTimeoutMs;
    h.errorBody = [](int status, const QString &message) {
        const QString code = status == 413   ? QStringLiteral("request_too_large")
                             : status == 408 ? QStringLiteral("request_timeout")
                                             : QString();
        const ApiError e{status, message, QStringLiteral("invalid_request_error"), {}, code};
        return std::pair<QByteArray, QByteArray>(kJson, e.body());
    };
    if (!o.corsOrigins.isEmpty()) {
        const QStringList origins = o.corsOrigins;
        h.commonHeaders = [origins](const HttpRequest &request) {
            const QByteArray origin = request.header("origin");
            HttpHeaders headers;
            if (origins.contains(QStringLiteral("*"))) {
                headers.emplace_back("Access-Control-Allow-Origin", "*");
            } else {
                // The answer depends on the Origin: caches must keep them apart.
                headers.emplace_back("Vary", "Origin");
                if (corsAllowed(origins, origin))
                    headers.emplace_back("Access-Control-Allow-Origin", origin);
            }
            return headers;
        };
    }
    return h;
}

bool ApiServer::corsAllowed(const QStringList &origins, const QByteArray &origin) {
    return !origin.isEmpty() &&
           (origins.contains(QStringLiteral("*")) || origins.contains(QString::fromUtf8(origin)));
}

QString ApiServer::servedId(const ServedAdapter *adapter) const {
    return adapter ? m_modelId + u':' + adapter->name : m_modelId;
}

ApiServer::ApiServer(app::EngineHost *engine, Options options, QObject *parent)
    : QObject(parent),
      m_engine(engine),
      m_options(std::move(options)),
      m_http(httpOptions(m_options), this) {
    m_http.setHandler(
        [this](const HttpRequest &request, HttpResponse *response) { handle(request, response); });
    connect(engine, &app::EngineHost::chatStarted, this, &ApiServer::onChatStarted);
    connect(engine, &app::EngineHost::chatDelta, this, &ApiServer::onChatDelta);
    connect(engine, &app::EngineHost::chatFinished, this, &ApiServer::onChatFinished);
    connect(engine, &app::EngineHost::chatFailed, this, &ApiServer::onChatFailed);
}

ApiServer::~ApiServer() {
    for (const auto &[id, pending] : m_pending)
        emit m_engine->cancel(id);
}

bool ApiServer::listen(const QHostAddress &address, quint16 port, QString *error) {
    return m_http.listen(address, port, error);
}

void ApiServer::setModel(const QString &id, const session::ModelInfo &info,
                         const QStringList &aliases) {
    m_modelId = id;
    m_aliases = aliases;
    if (!info.name.isEmpty() && !m_aliases.contains(info.name)) m_aliases.append(info.name);
    m_info = info;
    m_created = QDateTime::currentSecsSinceEpoch();
}

void ApiServer::setAdapters(const std::vector<ServedAdapter> &adapters) {
    m_adapters.clear();
    QStringList taken;
    for (ServedAdapter a : adapters) {
        QString name;
        for (const QChar c : a.name)
            name += c.isLetterOrNumber() || c == u'.' || c == u'-' || c == u'_' ? c : QChar(u'-');
        if (name.isEmpty()) name = QStringLiteral("adapter");
        QString unique = name;
        for (int n = 2; taken.contains(unique, Qt::CaseInsensitive); ++n)
            unique = QStringLiteral("%1-%2").arg(name).arg(n);
        taken << unique;
        a.name = unique;
        m_adapters.push_back(std::move(a));
    }
}

QString ApiServer::adapterName(const QString &path) {
    QString name = app::AdapterNames::name(path);
    // "RUN/adapter.gguf" → "RUN".
    if (const qsizetype slash = name.indexOf(u'/'); slash > 0) name = name.left(slash);
    return name;
}

QStringList ApiServer::modelIds() const {
    if (m_modelId.isEmpty()) return {};
    QStringList ids{m_modelId};
    for (const ServedAdapter &a : m_adapters)
        ids << servedId(&a);
    return ids;
}

bool ApiServer::resolveModel(const QString &model, const ServedAdapter **adapter) const {
    *adapter = nullptr;
    if (m_modelId.isEmpty()) return false;
    if (model == m_modelId || m_aliases.contains(model)) return true;
    for (const ServedAdapter &a : m_adapters) {
        if (model == servedId(&a)) {
            *adapter = &a;
            return true;
        }
    }
    return false;
}

void ApiServer::clearModel() {
    m_modelId.clear();
    m_aliases.clear();
    m_info = {};
}

bool ApiServer::authorized(const HttpRequest &request) const {
    if (m_options.apiKey.isEmpty()) return true;
    return constantTimeEqual(request.header("authorization").trimmed(),
                             "Bearer " + m_options.apiKey.toUtf8());
}

void ApiServer::sendJson(HttpResponse *response, int status, const QJsonObject &object) {
    response->send(status, kJson, QJsonDocument(object).toJson(QJsonDocument::Compact));
}

void ApiServer::sendError(HttpResponse *response, const ApiError &error,
                          const HttpHeaders &headers) {
    response->send(error.status, kJson, error.body(), headers);
}

void ApiServer::handle(const HttpRequest &request, HttpResponse *response) {
    // A browser's CORS preflight (it carries no key) for an origin --cors allows.
    if (request.method == "OPTIONS" && !m_options.corsOrigins.isEmpty() &&
        corsAllowed(m_options.corsOrigins, request.header("origin"))) {
        response->send(204, {}, {},
                       {{"Access-Control-Allow-Methods", "GET, POST, OPTIONS"},
                        {"Access-Control-Allow-Headers", "Authorization, Content-Type"},
                        {"Access-Control-Max-Age", "600"}});
        return;
    }
    if (!authorized(request)) {
        sendError(response,
                  ApiError{401,
                           request.header("authorization").isEmpty()
                               ? QStringLiteral("This server needs an API key: send the header "
                                                "'Authorization: Bearer KEY'.")
                               : QStringLiteral("Incorrect API key provided."),
                           QStringLiteral("invalid_request_error"),
                           {},
                           QStringLiteral("invalid_api_key")},
                  {{"WWW-Authenticate", "Bearer"}});
        return;
    }
    QByteArray path = request.path;
    while (path.size() > 1 && path.endsWith('/'))
        path.chop(1);
    const bool models = path == "/v1/models";
    const bool oneModel = path.startsWith("/v1/models/");
    const bool chat = path == "/v1/chat/completions";
    const bool completions = path == "/v1/completions";
    if (!models && !oneModel && !chat && !completions) {
        sendError(
            response,
            ApiError{404,
                     QStringLiteral("Unknown request URL: %1 %2 (this server has "
                                    "/v1/models, /v1/chat/completions and /v1/completions).")
                         .arg(QString::fromLatin1(request.method), QString::fromUtf8(request.path)),
                     QStringLiteral("invalid_request_error"),
                     {},
                     QStringLiteral("unknown_url")});
        return;
    }
    const QByteArray method = (models || oneModel) ? "GET" : "POST";
    if (request.method != method) {
        sendError(response,
                  ApiError{405,
                           QStringLiteral("%1 takes %2 requests, not %3.")
                               .arg(QString::fromUtf8(path), QString::fromLatin1(method),
                                    QString::fromLatin1(request.method)),
                           QStringLiteral("invalid_request_error"),
                           {},
                           QStringLiteral("method_not_allowed")},
                  {{"Allow", method}});
        return;
    }

    if (models) {
        QJsonArray data;
        const QStringList ids = modelIds();
        for (qsizetype i = 0; i < ids.size(); ++i)
            data.append(modelJson(ids[i], m_created, i == 0 ? QString() : m_modelId));
        sendJson(response, 200,
                 QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                             {QStringLiteral("data"), data}});
        return;
    }
    if (oneModel) {
        const QString id = QString::fromUtf8(QByteArray::fromPercentEncoding(path.mid(11)));
        const ServedAdapter *adapter = nullptr;
        if (resolveModel(id, &adapter)) {
            sendJson(response, 200,
                     modelJson(servedId(adapter), m_created, adapter ? m_modelId : QString()));
        } else {
            sendError(response,
                      ApiError{404, QStringLiteral("The model '%1' does not exist.").arg(id),
                               QStringLiteral("invalid_request_error"), QStringLiteral("model"),
                               QStringLiteral("model_not_found")});
        }
        return;
    }

    const ParsedRequest parsed =
        chat ? parseChatCompletionRequest(request.body) : parseCompletionRequest(request.body);
    if (const auto *error = std::get_if<ApiError>(&parsed)) {
        sendError(response, *error);
        return;
    }
    const GenerationRequest &r = std::get<GenerationRequest>(parsed);
    if (m_modelId.isEmpty()) {
        sendError(response, serverError(503,
                                        QStringLiteral("No model is loaded yet; try again "
                                                       "when it has loaded."),
                                        QStringLiteral("model_not_loaded")));
        return;
    }
    const ServedAdapter *adapter = nullptr;
    if (!resolveModel(r.model, &adapter)) {
        sendError(
            response,
            ApiError{404,
                     QStringLiteral("The model '%1' does not exist; this server serves %2.")
                         .arg(r.model, u'\'' + modelIds().join(QStringLiteral("', '")) + u'\''),
                     QStringLiteral("invalid_request_error"), QStringLiteral("model"),
                     QStringLiteral("model_not_found")});
        return;
    }
    if (r.images > 0 && !m_info.readsImages) {
        sendError(response, invalidRequest(m_info.imagesUnavailable.isEmpty()
                                               ? QStringLiteral("This model does not read images.")
                                               : m_info.imagesUnavailable,
                                           QStringLiteral("messages")));
        return;
    }
    if (r.audios > 0 && !m_info.readsAudio) {
        sendError(response, invalidRequest(m_info.audioUnavailable.isEmpty()
                                               ? QStringLiteral("This model does not read audio.")
                                               : m_info.audioUnavailable,
                                           QStringLiteral("messages")));
        return;
    }
    startGeneration(r, adapter, response);
}

void ApiServer::startGeneration(const GenerationRequest &r, const ServedAdapter *adapter,
                                HttpResponse *response) {
    const quint64 id = m_nextId++;
    Pending p;
    p.response = response;
    p.head = CompletionHead{r.endpoint, completionId(r.endpoint),
                            QDateTime::currentSecsSinceEpoch(), servedId(adapter)};
    p.what = r.endpoint == Endpoint::ChatCompletions ? QStringLiteral("POST /v1/chat/completions")
                                                     : QStringLiteral("POST /v1/completions");
    p.stream = r.stream;
    p.includeUsage = r.includeUsage;
    m_pending.emplace(id, std::move(p));

    session::ChatRequest request;
    request.id = id;
    request.sampling = r.sampling;
    request.maxTokens = r.maxTokens;
    request.stopStrings = r.stop;
    if (adapter) {
        request.adapter = adapter->path;
        request.adapterStrength = adapter->strength;
    }
    if (r.endpoint == Endpoint::ChatCompletions) {
        request.conversation = r.conversation;
    } else {
        request.rawPrompt = r.prompt;
    }
    // A client that leaves cancels its request, queued or running.
    connect(response, &HttpResponse::clientGone, this, [this, id] {
        const auto it = m_pending.find(id);
        if (it == m_pending.end()) return;
        emit requestLogged(QStringLiteral("%1: the client left; its generation is cancelled")
                               .arg(it->second.what));
        m_pending.erase(it);
        emit m_engine->cancel(id);
        emit openRequestsChanged(openRequests());
    });
    emit openRequestsChanged(openRequests());
    emit m_engine->chat(request);
}

void ApiServer::onChatStarted(quint64 id, int promptTokens, int) {
    const auto it = m_pending.find(id);
    if (it == m_pending.end()) return;
    Pending &p = it->second;
    p.started = true;
    p.promptTokens = promptTokens;
    if (!p.stream || !p.response) return;
    p.response->beginStream(200, "text/event-stream; charset=utf-8",
                            {{"Cache-Control", "no-cache"}});
    if (p.head.endpoint == Endpoint::ChatCompletions) {
        const QJsonObject role{{QStringLiteral("role"), QStringLiteral("assistant")},
                               {QStringLiteral("content"), QString()}};
        p.response->writeChunk(sseData(chunkJson(p.head, role, {}, {})));
    }
}

void ApiServer::onChatDelta(const session::ChatDelta &delta) {
    const auto it = m_pending.find(delta.id);
    if (it == m_pending.end()) return;
    Pending &p = it->second;
    const bool chat = p.head.endpoint == Endpoint::ChatCompletions;
    QJsonObject piece;
    switch (delta.kind) {
        case session::ChatDelta::Kind::Content:
        // A tool call the parser could not read: its raw text goes to the client as content, as
        // the model wrote it (OpenAI has no shape for a broken call; the client sees what it was).
        case session::ChatDelta::Kind::ToolCallError:
            p.text += delta.text;
            piece.insert(QStringLiteral("content"), delta.text);
            break;
        case session::ChatDelta::Kind::Thinking:
            p.reasoning += delta.text;
            piece.insert(QStringLiteral("reasoning_content"), delta.text);
            break;
        case session::ChatDelta::Kind::ToolCall: {
            if (!chat) return;  // /v1/completions offers no tools
            // Random ids: a client sends them back in later requests (tool_call_id), where the
            // renderer matches them across the whole history.
            const ToolCallOut call{randomId(QStringLiteral("call_")), delta.toolName,
                                   delta.toolArguments};
            piece = toolCallDelta(int(p.toolCalls.size()), call);
            p.toolCalls.push_back(call);
            break;
        }
    }
    if (!p.stream || !p.response || !p.started) return;
    if (chat) {
        p.response->writeChunk(sseData(chunkJson(p.head, piece, {}, {})));
    } else if (delta.kind != session::ChatDelta::Kind::Thinking) {
        p.response->writeChunk(sseData(chunkJson(p.head, {}, delta.text, {})));
    }
}

void ApiServer::onChatFinished(const session::ChatStats &stats) {
    const auto it = m_pending.find(stats.id);
    if (it == m_pending.end()) return;
    Pending &p = it->second;
    if (p.response) {
        if (!p.started) {
            // Cancelled before it began (the engine shut down, or the app stopped it).
            sendError(p.response, serverError(503, QStringLiteral("The request was cancelled "
                                                                  "before it started.")));
        } else {
            const QString finish = finishReason(stats.stopReason, !p.toolCalls.empty());
            const QJsonObject usage = usageJson(p.promptTokens, stats.generatedTokens);
            emit requestLogged(QStringLiteral("%1: 200%2, %3 prompt + %4 completion tokens, %5")
                                   .arg(p.what, p.stream ? QStringLiteral(", stream") : QString())
                                   .arg(p.promptTokens)
                                   .arg(stats.generatedTokens)
                                   .arg(stats.stopReason));
            if (p.stream) {
                p.response->writeChunk(sseData(chunkJson(p.head, {}, {}, finish)));
                if (p.includeUsage) p.response->writeChunk(sseData(usageChunkJson(p.head, usage)));
                p.response->writeChunk(sseDone());
                p.response->endStream();
            } else {
                sendJson(p.response, 200,
                         completionJson(p.head, p.text, p.reasoning, finish, usage, p.toolCalls));
            }
        }
    }
    finish(it);
}

void ApiServer::onChatFailed(quint64 id, const QString &error, const QString &hint) {
    const auto it = m_pending.find(id);
    if (it == m_pending.end()) return;
    Pending &p = it->second;
    const QString message = hint.isEmpty() ? error : error + u' ' + hint;
    emit requestLogged(QStringLiteral("%1: failed: %2").arg(p.what, message));
    if (p.response) {
        if (!p.started) {
            // Before the prompt ran: the request itself (too long, an unreadable attachment, an
            // adapter that does not fit the model).
            sendError(p.response, invalidRequest(message));
        } else if (p.stream) {
            p.response->writeChunk(sseData(serverError(500, message).toJson()));
            p.response->endStream();
        } else {
            sendError(p.response, serverError(500, message));
        }
    }
    finish(it);
}

void ApiServer::finish(std::map<quint64, Pending>::iterator it) {
    if (it->second.response) disconnect(it->second.response, nullptr, this, nullptr);
    m_pending.erase(it);
    emit openRequestsChanged(openRequests());
}

}  // namespace facet::server
