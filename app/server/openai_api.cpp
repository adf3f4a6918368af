// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "openai_api.h"
#include "util/json_type.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>
#include <limits>
#include <optional>

namespace facet::server {

namespace {

// Stop strings a request may give (OpenAI allows 4; a few more cost nothing).
constexpr int kMaxStopStrings = 16;

using Failure = std::optional<ApiError>;

QString typeName(const QJsonValue &v) {
    return util::jsonTypeName(v, QStringLiteral("missing"));
}

ApiError wrongType(const QString &param, const QString &expected, const QJsonValue &v) {
    return invalidRequest(
        QStringLiteral("'%1' must be %2, not %3.").arg(param, expected, typeName(v)), param);
}

bool absent(const QJsonValue &v) {
    return v.isUndefined() || v.isNull();
}

// A number field within [lo, hi] (null or absent: left as it is).
Failure readNumber(const QJsonObject &o, const QString &key, double lo, double hi, float *out) {
    const QJsonValue v = o.value(key);
    if (absent(v)) return {};
    if (!v.isDouble()) return wrongType(key, QStringLiteral("a number"), v);
    const double x = v.toDouble();
    if (!(x >= lo && x <= hi))
        return invalidRequest(
            QStringLiteral("'%1' must be from %2 to %3, got %4.").arg(key).arg(lo).arg(hi).arg(x),
            key);
    *out = float(x);
    return {};
}

// An integer field within [lo, hi] (null or absent: *given false).
Failure readInteger(const QJsonObject &o, const QString &key, qint64 lo, qint64 hi, qint64 *out,
                    bool *given) {
    *given = false;
    const QJsonValue v = o.value(key);
    if (absent(v)) return {};
    if (!v.isDouble() || std::floor(v.toDouble()) != v.toDouble())
        return wrongType(key, QStringLiteral("an integer"), v);
    const double x = v.toDouble();
    if (x < double(lo) || x > double(hi))
        return invalidRequest(
            QStringLiteral("'%1' must be from %2 to %3, got %4.").arg(key).arg(lo).arg(hi).arg(x),
            key);
    // Values near ±2^63 come as doubles; the range check above let only the bounds' own through.
    *out = v.toInteger(x >= 9.2e18 ? hi : x <= -9.2e18 ? lo : qint64(x));
    *given = true;
    return {};
}

Failure readBool(const QJsonObject &o, const QString &key, bool *out) {
    const QJsonValue v = o.value(key);
    if (absent(v)) return {};
    if (!v.isBool()) return wrongType(key, QStringLiteral("a boolean"), v);
    *out = v.toBool();
    return {};
}

std::variant<QJsonObject, ApiError> readBody(const QByteArray &body) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError) {
        return invalidRequest(QStringLiteral("The request body is not valid JSON: %1 at offset %2.")
                                  .arg(pe.errorString())
                                  .arg(pe.offset),
                              {}, QStringLiteral("invalid_json"));
    }
    if (!doc.isObject())
        return invalidRequest(QStringLiteral("The request body must be a JSON object."), {},
                              QStringLiteral("invalid_json"));
    return doc.object();
}

// Fields both endpoints share: model, stream, sampling, limits, stop strings.
Failure readCommon(const QJsonObject &o, GenerationRequest *r) {
    const QJsonValue model = o.value(QStringLiteral("model"));
    if (absent(model))
        return invalidRequest(QStringLiteral("You must provide a model parameter."),
                              QStringLiteral("model"));
    if (!model.isString())
        return wrongType(QStringLiteral("model"), QStringLiteral("a string"), model);
    r->model = model.toString();

    if (Failure f = readBool(o, QStringLiteral("stream"), &r->stream)) return f;
    const QJsonValue so = o.value(QStringLiteral("stream_options"));
    if (!absent(so)) {
        if (!so.isObject())
            return wrongType(QStringLiteral("stream_options"), QStringLiteral("an object"), so);
        if (Failure f = readBool(so.toObject(), QStringLiteral("include_usage"), &r->includeUsage))
            return ApiError{f->status, f->message, f->type,
                            QStringLiteral("stream_options.include_usage"), f->code};
    }

    // Sampling: Gemma's own defaults (sampling::SamplingParams) unless the request says.
    sampling::SamplingParams &s = r->sampling;
    if (Failure f = readNumber(o, QStringLiteral("temperature"), 0, 2, &s.temperature)) return f;
    if (Failure f = readNumber(o, QStringLiteral("top_p"), 0, 1, &s.topP)) return f;
    if (!absent(o.value(QStringLiteral("top_p"))) && !(s.topP > 0))
        return invalidRequest(QStringLiteral("'top_p' must be greater than 0."),
                              QStringLiteral("top_p"));
    if (Failure f = readNumber(o, QStringLiteral("min_p"), 0, 1, &s.minP)) return f;
    if (Failure f = readNumber(o, QStringLiteral("presence_penalty"), -2, 2, &s.presencePenalty))
        return f;
    if (Failure f = readNumber(o, QStringLiteral("frequency_penalty"), -2, 2, &s.frequencyPenalty))
        return f;
    qint64 n = 0;
    bool given = false;
    if (Failure f =
            readInteger(o, QStringLiteral("top_k"), 0, std::numeric_limits<int>::max(), &n, &given))
        return f;
    if (given) s.topK = int(n);
    if (Failure f = readInteger(o, QStringLiteral("seed"), std::numeric_limits<qint64>::min(),
                                std::numeric_limits<qint64>::max(), &n, &given))
        return f;
    if (given) {
        s.seed = quint64(n);
        s.hasSeed = true;
    }
    for (const QString &key :
         {QStringLiteral("max_tokens"), QStringLiteral("max_completion_tokens")}) {
        if (Failure f = readInteger(o, key, 1, std::numeric_limits<int>::max(), &n, &given))
            return f;
        if (given) r->maxTokens = int(n);
    }
    if (Failure f = readInteger(o, QStringLiteral("n"), 1, 1, &n, &given)) {
        f->message = QStringLiteral("Only one choice per request is supported ('n' must be 1).");
        return f;
    }

    const QJsonValue stop = o.value(QStringLiteral("stop"));
    if (stop.isString()) {
        if (!stop.toString().isEmpty()) r->stop.push_back(stop.toString().toStdString());
    } else if (stop.isArray()) {
        const QJsonArray a = stop.toArray();
        if (a.size() > kMaxStopStrings)
            return invalidRequest(QStringLiteral("'stop' has %1 strings; at most %2 are allowed.")
                                      .arg(a.size())
                                      .arg(kMaxStopStrings),
                                  QStringLiteral("stop"));
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a[i].isString())
                return wrongType(QStringLiteral("stop[%1]").arg(i), QStringLiteral("a string"),
                                 a[i]);
            if (!a[i].toString().isEmpty()) r->stop.push_back(a[i].toString().toStdString());
        }
    } else if (!absent(stop)) {
        return wrongType(QStringLiteral("stop"), QStringLiteral("a string or an array of strings"),
                         stop);
    }

    const QJsonValue format = o.value(QStringLiteral("response_format"));
    if (!absent(format)) {
        const QString type = format.toObject().value(QStringLiteral("type")).toString();
        if (type != QStringLiteral("text"))
            return invalidRequest(
                QStringLiteral("response_format '%1' is not supported; only 'text' is.").arg(type),
                QStringLiteral("response_format"));
    }
    const QString invalid = s.validate();
    if (!invalid.isEmpty()) return invalidRequest(invalid);
    return {};
}

// "data:image/png;base64,…" → the bytes; nullopt with *why when it is not a base64 data URL or
// its data is not valid base64.
std::optional<QByteArray> decodeDataUrl(const QString &url, QString *why) {
    const qsizetype comma = url.indexOf(u',');
    if (!url.startsWith(QLatin1String("data:"), Qt::CaseInsensitive) || comma < 0 ||
        !url.left(comma).endsWith(QLatin1String(";base64"), Qt::CaseInsensitive)) {
        *why = url.startsWith(QLatin1String("http"), Qt::CaseInsensitive)
                   ? QStringLiteral(
                         "An image must be given as a base64 data URL "
                         "(data:image/png;base64,…); the server fetches nothing.")
                   : QStringLiteral(
                         "An image must be given as a base64 data URL "
                         "(data:image/png;base64,…).");
        return std::nullopt;
    }
    const auto decoded = QByteArray::fromBase64Encoding(url.mid(comma + 1).toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) {
        *why = QStringLiteral(
            "The image's data URL is not valid base64; encode the file's bytes "
            "with standard base64.");
        return std::nullopt;
    }
    if (decoded.decoded.isEmpty()) {
        *why = QStringLiteral("The image's data URL is empty.");
        return std::nullopt;
    }
    return decoded.decoded;
}

// One message's content: a string, null, or an array of parts.
Failure readContent(const QJsonValue &content, const QString &param, chat::Message *m) {
    if (content.isString()) {
        m->content = content.toString().toStdString();
        return {};
    }
    if (absent(content)) return {};
    if (!content.isArray())
        return wrongType(param, QStringLiteral("a string or an array of content parts"), content);
    const QJsonArray parts = content.toArray();
    QString text;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(param).arg(i);
        if (!parts[i].isObject()) return wrongType(at, QStringLiteral("an object"), parts[i]);
        const QJsonObject part = parts[i].toObject();
        const QString type = part.value(QStringLiteral("type")).toString();
        if (type == QStringLiteral("text")) {
            const QJsonValue t = part.value(QStringLiteral("text"));
            if (!t.isString())
                return wrongType(at + QStringLiteral(".text"), QStringLiteral("a string"), t);
            if (!text.isEmpty()) text += u'\n';
            text += t.toString();
        } else if (type == QStringLiteral("image_url")) {
            if (m->role != chat::Role::User)
                return invalidRequest(QStringLiteral("Images are read in user messages only."), at);
            const QJsonValue iu = part.value(QStringLiteral("image_url"));
            const QString url = iu.isString()
                                    ? iu.toString()
                                    : iu.toObject().value(QStringLiteral("url")).toString();
            QString why;
            const std::optional<QByteArray> bytes = decodeDataUrl(url, &why);
            if (!bytes) return invalidRequest(why, at + QStringLiteral(".image_url.url"));
            m->imageData.push_back(*bytes);
            ++m->images;
        } else if (type == QStringLiteral("input_audio")) {
            if (m->role != chat::Role::User)
                return invalidRequest(QStringLiteral("Audio is read in user messages only."), at);
            const QJsonValue data =
                part.value(QStringLiteral("input_audio")).toObject().value(QStringLiteral("data"));
            const auto decoded = QByteArray::fromBase64Encoding(
                data.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
            if (!data.isString() || data.toString().isEmpty())
                return invalidRequest(QStringLiteral("input_audio.data must be base64 audio "
                                                     "(WAV, FLAC, Ogg or MP3)."),
                                      at + QStringLiteral(".input_audio.data"));
            if (!decoded || decoded.decoded.isEmpty())
                return invalidRequest(QStringLiteral("input_audio.data is not valid base64; "
                                                     "encode the audio file's bytes with "
                                                     "standard base64."),
                                      at + QStringLiteral(".input_audio.data"));
            m->audioData.push_back(decoded.decoded);
            ++m->audios;
        } else {
            return invalidRequest(
                QStringLiteral("Content parts of type '%1' are not supported (text, image_url "
                               "and input_audio are).")
                    .arg(type),
                at + QStringLiteral(".type"));
        }
    }
    m->content = text.toStdString();
    return {};
}

Failure readMessages(const QJsonObject &o, GenerationRequest *r) {
    const QJsonValue messages = o.value(QStringLiteral("messages"));
    if (!messages.isArray())
        return wrongType(QStringLiteral("messages"), QStringLiteral("an array of messages"),
                         messages);
    const QJsonArray list = messages.toArray();
    if (list.isEmpty())
        return invalidRequest(QStringLiteral("'messages' must not be empty."),
                              QStringLiteral("messages"));
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString at = QStringLiteral("messages[%1]").arg(i);
        if (!list[i].isObject()) return wrongType(at, QStringLiteral("an object"), list[i]);
        const QJsonObject msg = list[i].toObject();
        const QString role = msg.value(QStringLiteral("role")).toString();
        chat::Message m;
        if (role == QStringLiteral("system") || role == QStringLiteral("developer")) {
            m.role = chat::Role::System;
        } else if (role == QStringLiteral("user")) {
            m.role = chat::Role::User;
        } else if (role == QStringLiteral("assistant")) {
            m.role = chat::Role::Assistant;
        } else if (role == QStringLiteral("tool")) {
            m.role = chat::Role::Tool;
            m.toolCallId = msg.value(QStringLiteral("tool_call_id")).toString().toStdString();
            m.toolName = msg.value(QStringLiteral("name")).toString().toStdString();
        } else {
            return invalidRequest(
                QStringLiteral("Unknown role '%1' (system, developer, user, assistant and tool "
                               "are known).")
                    .arg(role),
                at + QStringLiteral(".role"));
        }
        if (Failure f = readContent(msg.value(QStringLiteral("content")),
                                    at + QStringLiteral(".content"), &m))
            return f;
        const QJsonValue calls = msg.value(QStringLiteral("tool_calls"));
        if (m.role == chat::Role::Assistant && calls.isArray()) {
            const QJsonArray a = calls.toArray();
            for (qsizetype k = 0; k < a.size(); ++k) {
                const QString cat = at + QStringLiteral(".tool_calls[%1]").arg(k);
                const QJsonObject call = a[k].toObject();
                const QJsonObject fn = call.value(QStringLiteral("function")).toObject();
                chat::ToolCall tc;
                tc.id = call.value(QStringLiteral("id")).toString().toStdString();
                tc.name = fn.value(QStringLiteral("name")).toString().toStdString();
                const QJsonValue args = fn.value(QStringLiteral("arguments"));
                if (args.isString()) {
                    QJsonParseError pe;
                    const QJsonDocument d = QJsonDocument::fromJson(args.toString().toUtf8(), &pe);
                    if (pe.error != QJsonParseError::NoError || !d.isObject())
                        return invalidRequest(
                            QStringLiteral("The arguments of a tool call must be a JSON object."),
                            cat + QStringLiteral(".function.arguments"));
                    tc.arguments = d.object();
                } else if (args.isObject()) {
                    tc.arguments = args.toObject();
                }
                if (tc.name.empty())
                    return invalidRequest(QStringLiteral("A tool call needs a function name."),
                                          cat + QStringLiteral(".function.name"));
                m.toolCalls.push_back(std::move(tc));
            }
        }
        r->images += m.images;
        r->audios += m.audios;
        r->conversation.messages.push_back(std::move(m));
    }
    return {};
}

// tools and tool_choice. The schemas are read by chat::parseConversationJson (the Ollama shape,
// which OpenAI's function tools share); here only what OpenAI adds: the type and tool_choice.
Failure readTools(const QJsonObject &o, GenerationRequest *r) {
    const QJsonValue choice = o.value(QStringLiteral("tool_choice"));
    bool none = false;
    if (choice.isString()) {
        const QString c = choice.toString();
        if (c == QStringLiteral("none")) {
            none = true;
        } else if (c == QStringLiteral("required")) {
            return invalidRequest(QStringLiteral("tool_choice 'required' is not supported; use "
                                                 "'auto' or 'none'."),
                                  QStringLiteral("tool_choice"));
        } else if (c != QStringLiteral("auto")) {
            return invalidRequest(
                QStringLiteral("Unknown tool_choice '%1' ('auto' and 'none' are supported).")
                    .arg(c),
                QStringLiteral("tool_choice"));
        }
    } else if (choice.isObject()) {
        return invalidRequest(QStringLiteral("A named tool_choice (forcing one function) is not "
                                             "supported; use 'auto' or 'none'."),
                              QStringLiteral("tool_choice"));
    } else if (!absent(choice)) {
        return wrongType(QStringLiteral("tool_choice"), QStringLiteral("a string"), choice);
    }

    const QJsonValue tools = o.value(QStringLiteral("tools"));
    if (absent(tools)) return {};
    if (!tools.isArray())
        return wrongType(QStringLiteral("tools"), QStringLiteral("an array of tools"), tools);
    const QJsonArray list = tools.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString at = QStringLiteral("tools[%1]").arg(i);
        if (!list[i].isObject()) return wrongType(at, QStringLiteral("an object"), list[i]);
        const QJsonObject tool = list[i].toObject();
        const QJsonValue type = tool.value(QStringLiteral("type"));
        if (type.toString() != QStringLiteral("function"))
            return invalidRequest(
                QStringLiteral("Tools of type '%1' are not supported; only 'function' is.")
                    .arg(type.isString() ? type.toString() : typeName(type)),
                at + QStringLiteral(".type"));
        const QJsonValue fn = tool.value(QStringLiteral("function"));
        if (!fn.isObject())
            return wrongType(at + QStringLiteral(".function"), QStringLiteral("an object"), fn);
        const QJsonValue name = fn.toObject().value(QStringLiteral("name"));
        if (!name.isString() || name.toString().isEmpty())
            return invalidRequest(QStringLiteral("A function tool needs a name."),
                                  at + QStringLiteral(".function.name"));
    }
    QString error;
    const QJsonObject shape{{QStringLiteral("tools"), list}};
    chat::Conversation parsed =
        chat::parseConversationJson(QJsonDocument(shape).toJson(QJsonDocument::Compact), &error);
    if (!error.isEmpty()) {
        // "tools[0].function.parameters.properties.x.type: expected …": the path is the param.
        const qsizetype colon = error.indexOf(QStringLiteral(": "));
        return invalidRequest(QStringLiteral("Invalid tool: %1.").arg(error),
                              colon > 0 ? error.left(colon) : QStringLiteral("tools"));
    }
    if (!none) r->conversation.tools = std::move(parsed.tools);
    return {};
}

}  // namespace

QJsonObject ApiError::toJson() const {
    QJsonObject e;
    e.insert(QStringLiteral("message"), message);
    e.insert(QStringLiteral("type"), type);
    e.insert(QStringLiteral("param"), param.isEmpty() ? QJsonValue() : QJsonValue(param));
    e.insert(QStringLiteral("code"), code.isEmpty() ? QJsonValue() : QJsonValue(code));
    return QJsonObject{{QStringLiteral("error"), e}};
}

QByteArray ApiError::body() const {
    return QJsonDocument(toJson()).toJson(QJsonDocument::Compact);
}

ApiError invalidRequest(const QString &message, const QString &param, const QString &code) {
    return ApiError{400, message, QStringLiteral("invalid_request_error"), param, code};
}

ParsedRequest parseChatCompletionRequest(const QByteArray &body) {
    auto parsed = readBody(body);
    if (auto *e = std::get_if<ApiError>(&parsed)) return *e;
    const QJsonObject o = std::get<QJsonObject>(parsed);
    GenerationRequest r;
    r.endpoint = Endpoint::ChatCompletions;
    if (Failure f = readCommon(o, &r)) return *f;
    if (Failure f = readMessages(o, &r)) return *f;
    const QJsonValue logprobs = o.value(QStringLiteral("logprobs"));
    if (logprobs.toBool(false))
        return invalidRequest(QStringLiteral("logprobs are not supported."),
                              QStringLiteral("logprobs"));
    if (Failure f = readTools(o, &r)) return *f;
    return r;
}

ParsedRequest parseCompletionRequest(const QByteArray &body) {
    auto parsed = readBody(body);
    if (auto *e = std::get_if<ApiError>(&parsed)) return *e;
    const QJsonObject o = std::get<QJsonObject>(parsed);
    GenerationRequest r;
    r.endpoint = Endpoint::Completions;
    if (Failure f = readCommon(o, &r)) return *f;
    QJsonValue prompt = o.value(QStringLiteral("prompt"));
    if (prompt.isArray() && prompt.toArray().size() == 1 && prompt.toArray().at(0).isString())
        prompt = prompt.toArray().at(0);
    if (!prompt.isString())
        return wrongType(QStringLiteral("prompt"),
                         QStringLiteral("a string (or an array of one string)"), prompt);
    r.prompt = prompt.toString();
    if (r.prompt.isEmpty())
        return invalidRequest(QStringLiteral("'prompt' must not be empty."),
                              QStringLiteral("prompt"));
    if (!absent(o.value(QStringLiteral("logprobs"))))
        return invalidRequest(QStringLiteral("logprobs are not supported."),
                              QStringLiteral("logprobs"));
    if (o.value(QStringLiteral("echo")).toBool(false))
        return invalidRequest(QStringLiteral("echo is not supported."), QStringLiteral("echo"));
    if (!o.value(QStringLiteral("suffix")).toString().isEmpty())
        return invalidRequest(QStringLiteral("suffix is not supported."), QStringLiteral("suffix"));
    if (o.value(QStringLiteral("best_of")).toInt(1) != 1)
        return invalidRequest(QStringLiteral("best_of must be 1."), QStringLiteral("best_of"));
    return r;
}

QString finishReason(const QString &stopReason, bool calledTools) {
    if (stopReason == QLatin1String("max-tokens") || stopReason == QLatin1String("context-full"))
        return QStringLiteral("length");
    return calledTools ? QStringLiteral("tool_calls") : QStringLiteral("stop");
}

QJsonObject toolCallJson(const ToolCallOut &call) {
    return QJsonObject{
        {QStringLiteral("id"), call.id},
        {QStringLiteral("type"), QStringLiteral("function")},
        {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), call.name},
                                                 {QStringLiteral("arguments"), call.arguments}}}};
}

QJsonObject toolCallDelta(int index, const ToolCallOut &call) {
    QJsonObject entry = toolCallJson(call);
    entry.insert(QStringLiteral("index"), index);
    return QJsonObject{{QStringLiteral("tool_calls"), QJsonArray{entry}}};
}

QJsonObject usageJson(int promptTokens, int completionTokens) {
    return QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                       {QStringLiteral("completion_tokens"), completionTokens},
                       {QStringLiteral("total_tokens"), promptTokens + completionTokens}};
}

namespace {

QJsonObject headJson(const CompletionHead &head, bool chunk) {
    const bool chat = head.endpoint == Endpoint::ChatCompletions;
    const QString object =
        chat ? (chunk ? QStringLiteral("chat.completion.chunk") : QStringLiteral("chat.completion"))
             : QStringLiteral("text_completion");
    return QJsonObject{{QStringLiteral("id"), head.id},
                       {QStringLiteral("object"), object},
                       {QStringLiteral("created"), head.created},
                       {QStringLiteral("model"), head.model},
                       {QStringLiteral("system_fingerprint"), QJsonValue()}};
}

QJsonValue finishValue(const QString &finish) {
    return finish.isEmpty() ? QJsonValue() : QJsonValue(finish);
}

}  // namespace

QJsonObject completionJson(const CompletionHead &head, const QString &text,
                           const QString &reasoning, const QString &finish,
                           const QJsonObject &usage, const std::vector<ToolCallOut> &toolCalls) {
    QJsonObject o = headJson(head, false);
    QJsonObject choice{{QStringLiteral("index"), 0},
                       {QStringLiteral("logprobs"), QJsonValue()},
                       {QStringLiteral("finish_reason"), finishValue(finish)}};
    if (head.endpoint == Endpoint::ChatCompletions) {
        const bool noContent = text.isEmpty() && !toolCalls.empty();
        QJsonObject message{
            {QStringLiteral("role"), QStringLiteral("assistant")},
            {QStringLiteral("content"), noContent ? QJsonValue() : QJsonValue(text)}};
        if (!reasoning.isEmpty()) message.insert(QStringLiteral("reasoning_content"), reasoning);
        if (!toolCalls.empty()) {
            QJsonArray calls;
            for (const ToolCallOut &call : toolCalls)
                calls.append(toolCallJson(call));
            message.insert(QStringLiteral("tool_calls"), calls);
        }
        choice.insert(QStringLiteral("message"), message);
    } else {
        choice.insert(QStringLiteral("text"), text);
    }
    o.insert(QStringLiteral("choices"), QJsonArray{choice});
    o.insert(QStringLiteral("usage"), usage);
    return o;
}

QJsonObject chunkJson(const CompletionHead &head, const QJsonObject &delta, const QString &text,
                      const QString &finish) {
    QJsonObject o = headJson(head, true);
    QJsonObject choice{{QStringLiteral("index"), 0},
                       {QStringLiteral("logprobs"), QJsonValue()},
                       {QStringLiteral("finish_reason"), finishValue(finish)}};
    if (head.endpoint == Endpoint::ChatCompletions) {
        choice.insert(QStringLiteral("delta"), delta);
    } else {
        choice.insert(QStringLiteral("text"), text);
    }
    o.insert(QStringLiteral("choices"), QJsonArray{choice});
    return o;
}

QJsonObject usageChunkJson(const CompletionHead &head, const QJsonObject &usage) {
    QJsonObject o = headJson(head, true);
    o.insert(QStringLiteral("choices"), QJsonArray());
    o.insert(QStringLiteral("usage"), usage);
    return o;
}

QJsonObject modelJson(const QString &id, qint64 created, const QString &parent) {
    QJsonObject o{{QStringLiteral("id"), id},
                  {QStringLiteral("object"), QStringLiteral("model")},
                  {QStringLiteral("created"), created},
                  {QStringLiteral("owned_by"), QStringLiteral("facet")}};
    if (!parent.isEmpty()) o.insert(QStringLiteral("parent"), parent);
    return o;
}

QJsonObject modelListJson(const QStringList &ids, qint64 created) {
    QJsonArray data;
    for (const QString &id : ids)
        data.append(modelJson(id, created));
    return QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                       {QStringLiteral("data"), data}};
}

QByteArray sseData(const QJsonObject &object) {
    return "data: " + QJsonDocument(object).toJson(QJsonDocument::Compact) + "\n\n";
}

}  // namespace facet::server
