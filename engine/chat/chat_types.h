// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Value types of a Gemma 4 chat: messages, tool definitions and tool calls, plus the reader for
// conversations in the Ollama /api/chat request shape.
//
// The types mirror what Ollama's `api` package keeps of a request, because the renderer has to
// reproduce Ollama's prompt byte for byte, and some of Ollama's output depends on details such as
// "properties given but empty" versus "properties absent". Everything else of a request (model,
// options, stream, …) is ignored.
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace facet::chat {

// "developer" is read as System. "assistant" renders as the model turn.
enum class Role { System, User, Assistant, Tool };

// A call of a tool by the model: in assistant messages (history) and from the output parser.
struct ToolCall {
    std::string name;
    QJsonObject arguments;  // always an object; the renderer sorts keys, so order is irrelevant
    std::string id;         // optional; tool messages may answer a call by this id
};

struct Message {
    Role role = Role::User;
    std::string content;
    std::string thinking;  // assistant: the model's reasoning (rendered only after the last user)
    std::vector<ToolCall> toolCalls;  // assistant
    std::string toolName;             // tool: which tool produced the content
    std::string toolCallId;           // tool: answers the call with this id (wins over toolName)
    // Attachments. The renderer uses only the counts and places one media span per attachment,
    // images before audio (see renderer.h). The payloads are optional (filled by
    // parseConversationJson; the app may keep its attachments elsewhere). When a payload list is
    // non-empty it has exactly `images` (resp. `audios`) entries.
    int images = 0;
    int audios = 0;
    std::vector<QByteArray> imageData;
    std::vector<QByteArray> audioData;
};

struct NamedToolProperty;

// One JSON-schema property of a tool parameter, as Ollama's api.ToolProperty keeps it: only these
// keys survive (anything else in the schema, e.g. "nullable" or "default", is dropped), while
// `items` is kept verbatim.
struct ToolProperty {
    std::vector<std::string> type;  // "type": a string or an array of strings
    std::vector<ToolProperty> anyOf;
    QJsonValue items = QJsonValue(QJsonValue::Undefined);  // Undefined when absent or null
    std::string description;
    QJsonArray enumValues;  // "enum"
    // "properties": nullopt when absent or null; an empty vector when given as {}. Order is the
    // order of definition (JSON input: alphabetical, see parseConversationJson).
    std::optional<std::vector<NamedToolProperty>> properties;
    std::vector<std::string> required;
};

struct NamedToolProperty {
    std::string name;
    ToolProperty schema;
};

// A function tool in the OpenAI/Ollama shape:
// {"type":"function","function":{"name","description","parameters":{"type","required","properties"}}}
struct Tool {
    std::string name;
    std::string description;
    std::string parametersType;  // usually "object"; empty when absent
    std::vector<std::string> required;
    std::optional<std::vector<NamedToolProperty>> properties;  // as in ToolProperty
};

struct Conversation {
    std::vector<Message> messages;
    std::vector<Tool> tools;
    bool think = false;  // thinking mode (`<|think|>` in the system turn)
    // Whether the prompt ends with the cue for the model's answer. Ollama always adds it; training
    // renders a finished conversation without it (the Jinja template's add_generation_prompt).
    bool addGenerationPrompt = true;
};

// Reads an Ollama /api/chat request body:
//   {"messages":[{"role","content","thinking","images":[base64…],"tool_calls":[{"id",
//     "function":{"name","arguments":{…}}}],"tool_name","tool_call_id"}…],
//    "tools":[…], "think": true|false|"high"|"medium"|"low"|"max"}
// Roles are case-insensitive (system, developer, user, assistant, tool). Each entry of "images" is
// base64; entries whose bytes start like WAV, MP3, FLAC or Ogg count as audio, the rest as images.
// Missing keys take their defaults; unknown keys are ignored. On bad JSON or a value of the wrong
// type returns an empty Conversation and sets *error to a message naming the field, e.g.
// `messages[2].role: unknown role "bot"`; on success clears *error (error may be null).
// JSON objects do not keep their key order in Qt, so tool properties read here come out in
// alphabetical order; that only matters to the output parser's schema-guided repair of malformed
// tool calls (which string property it tries first).
Conversation parseConversationJson(const QByteArray &json, QString *error);

// Role name as used in the JSON shape ("system", "user", "assistant", "tool").
const char *roleName(Role role);

}  // namespace facet::chat
