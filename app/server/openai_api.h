// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The OpenAI API's shapes, as the local server reads and writes them: request bodies of
// /v1/chat/completions and /v1/completions read into what the Engine runs, and the JSON of
// answers, stream chunks, model lists and errors. No I/O here (api_server.h does that).
//
// Requests: unknown fields are ignored (clients send many: stream_options, user, metadata, …);
// fields Facet cannot honour in a way the client would rely on (n > 1, logprobs, a tool_choice
// that forces a call, a remote image URL) are refused with a 400 that names them.
//
// Tools: the request's `tools` (function tools, OpenAI's shape, which is Ollama's) go into the
// Conversation, where the Gemma 4 renderer writes them into the prompt; the model's tool calls
// come back as OpenAI `tool_calls` (toolCallJson, toolCallDelta) with finish_reason "tool_calls".
#pragma once

#include "chat/chat_types.h"
#include "sampling/sampler.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <string>
#include <variant>
#include <vector>

namespace facet::server {

// An OpenAI error object: {"error":{"message","type","param","code"}} with its HTTP status.
struct ApiError {
    int status = 400;
    QString message;
    QString type = QStringLiteral("invalid_request_error");
    QString param;  // the request field at fault; empty: null
    QString code;   // a stable code ("model_not_found", …); empty: null

    QJsonObject toJson() const;
    QByteArray body() const;  // the JSON document, compact
};

ApiError invalidRequest(const QString &message, const QString &param = {},
                        const QString &code = {});

enum class Endpoint { ChatCompletions, Completions };

// A generation request as the Engine runs it.
struct GenerationRequest {
    Endpoint endpoint = Endpoint::ChatCompletions;
    QString model;
    chat::Conversation conversation;  // ChatCompletions
    QString prompt;                   // Completions: the prompt as it is
    sampling::SamplingParams sampling;
    int maxTokens = 0;  // 0: until a stop or the context is full
    std::vector<std::string> stop;
    bool stream = false;
    bool includeUsage = false;  // stream_options.include_usage: a last chunk with the usage
    int images = 0, audios = 0;
};

using ParsedRequest = std::variant<GenerationRequest, ApiError>;

// A request body of POST /v1/chat/completions: model, messages (roles system, developer, user,
// assistant, tool; content a string, null or parts: text, image_url with a data: URL,
// input_audio with base64 data), stream, stream_options, temperature, top_p, top_k, min_p,
// presence_penalty, frequency_penalty, max_tokens / max_completion_tokens, stop, seed, n (1),
// tools (type "function"), tool_choice ("auto", or "none": the model is given no tools).
ParsedRequest parseChatCompletionRequest(const QByteArray &body);
// A request body of POST /v1/completions: model, prompt (a string, or an array of one string),
// and the sampling fields above.
ParsedRequest parseCompletionRequest(const QByteArray &body);

// OpenAI's finish_reason for the engine's stop reason (generate::stopReasonName()): "length" when
// the limit or the context ended it, else "tool_calls" when the model called a tool, else "stop".
QString finishReason(const QString &stopReason, bool calledTools = false);

// One tool call of the model, as the answer gives it.
struct ToolCallOut {
    QString id;         // "call_…"
    QString name;       // the function's name
    QString arguments;  // a JSON object as a compact string (OpenAI sends it as a string)
};

// {"id","type":"function","function":{"name","arguments"}}: an entry of message.tool_calls.
QJsonObject toolCallJson(const ToolCallOut &call);
// A stream chunk's delta for the index-th call of the answer (OpenAI clients merge the entries
// of delta.tool_calls by index): {"tool_calls":[{"index",…toolCallJson}]}. Facet sends each call
// whole, in one chunk.
QJsonObject toolCallDelta(int index, const ToolCallOut &call);

// {"prompt_tokens","completion_tokens","total_tokens"}.
QJsonObject usageJson(int promptTokens, int completionTokens);

// What one answer has in common across its chunks.
struct CompletionHead {
    Endpoint endpoint = Endpoint::ChatCompletions;
    QString id;  // "chatcmpl-…" or "cmpl-…"
    qint64 created = 0;
    QString model;
};

// The whole answer (stream false). With tool calls, message.tool_calls lists them and content is
// null when there is no text.
QJsonObject completionJson(const CompletionHead &head, const QString &text,
                           const QString &reasoning, const QString &finish,
                           const QJsonObject &usage,
                           const std::vector<ToolCallOut> &toolCalls = {});
// One stream chunk: for chat a delta (role, content or reasoning_content), for completions the
// text. `finish` empty: null. `usage` empty: no usage member (the usage chunk has no choices:
// chunkJson(head, {}, {}, usage) with noChoices).
QJsonObject chunkJson(const CompletionHead &head, const QJsonObject &delta, const QString &text,
                      const QString &finish);
QJsonObject usageChunkJson(const CompletionHead &head, const QJsonObject &usage);

// GET /v1/models and /v1/models/{id}. `parent`: the base model's id, for an adapter served as a
// model of its own (as vLLM lists LoRA adapters); empty: none.
QJsonObject modelJson(const QString &id, qint64 created, const QString &parent = {});
QJsonObject modelListJson(const QStringList &ids, qint64 created);

// A server-sent event: "data: " + the compact JSON + "\n\n".
QByteArray sseData(const QJsonObject &object);
inline QByteArray sseDone() {
    return QByteArrayLiteral("data: [DONE]\n\n");
}

}  // namespace facet::server
