// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The rules below follow Ollama's Gemma4Renderer (model/renderers/gemma4.go) case by case; its
// reference test (model/renderers/gemma4_reference_test.go, expected strings produced by the Jinja
// template) is ported in tests/chat/renderer_reference_test.cpp.
#include "chat/renderer.h"

#include "chat/gemma4_format.h"
#include "chat/go_text.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace facet::chat {
namespace {

using detail::goNumber;
using detail::toUpper;
using detail::trimSpace;
namespace g4 = gemma4;

// Appends to a RenderedPrompt and keeps its span list: adjacent pieces of the same kind for the
// same message share one span.
class Writer {
public:
    explicit Writer(RenderedPrompt *out) : m_out(out) {}

    int message = -1;  // message the following pieces belong to

    void fixed(std::string_view s) { add(s, true, MediaKind::None, -1); }
    void data(std::string_view s) { add(s, false, MediaKind::None, -1); }
    void media(MediaKind kind, int item, std::string_view tag) { add(tag, true, kind, item); }
    // A string value in tool syntax: <|"|>…<|"|>.
    void quoted(std::string_view s) {
        fixed(g4::kQuote);
        data(s);
        fixed(g4::kQuote);
    }

private:
    void add(std::string_view s, bool trusted, MediaKind media, int item) {
        if (s.empty()) return;
        const size_t begin = m_out->text.size();
        m_out->text.append(s);
        auto &spans = m_out->spans;
        if (media == MediaKind::None && !spans.empty() && spans.back().trusted == trusted &&
            spans.back().media == MediaKind::None && spans.back().message == message) {
            spans.back().end = m_out->text.size();
            return;
        }
        spans.push_back({begin, m_out->text.size(), trusted, media, message, item});
    }

    RenderedPrompt *m_out;
};

std::string str(const QString &s) {
    return s.toStdString();
}

// Keys of a JSON object in Go's sort.Strings order (bytes of the UTF-8 form).
std::vector<std::pair<std::string, QJsonValue>> sortedEntries(const QJsonObject &o) {
    std::vector<std::pair<std::string, QJsonValue>> entries;
    entries.reserve(static_cast<size_t>(o.size()));
    for (auto it = o.begin(); it != o.end(); ++it)
        entries.emplace_back(str(it.key()), it.value());
    std::sort(entries.begin(), entries.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    return entries;
}

// ---- Tool declarations ---------------------------------------------------------------------
//
// Ollama first converts each typed property (api.ToolProperty) into a generic map and then renders
// maps; raw `items` schemas go through the same map renderer. Here the generic map is a
// QJsonObject and "Go type switches" become JSON type checks.

std::optional<std::vector<std::string>> simpleAnyOfTypes(const ToolProperty &p) {
    if (p.anyOf.empty()) return std::nullopt;
    std::vector<std::string> out;
    for (const ToolProperty &b : p.anyOf) {
        const bool bareType = b.anyOf.empty() && !b.type.empty() && b.items.isUndefined() &&
                              b.description.empty() && b.enumValues.isEmpty() && !b.properties &&
                              b.required.empty();
        if (!bareType) return std::nullopt;
        for (const std::string &t : b.type) {
            if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
        }
    }
    if (out.empty()) return std::nullopt;
    return out;
}

// A type list as the typed map stores it: one type verbatim; a union as the Python-style list the
// Jinja template stringifies it to, e.g. "['STRING', 'NULL']".
QString typedTypeValue(const std::vector<std::string> &types) {
    if (types.size() == 1) return QString::fromStdString(types[0]);
    std::string s = "[";
    for (size_t i = 0; i < types.size(); ++i) {
        if (i > 0) s += ", ";
        s += "'" + toUpper(types[i]) + "'";
    }
    return QString::fromStdString(s + "]");
}

QJsonArray stringArray(const std::vector<std::string> &v) {
    QJsonArray a;
    for (const std::string &s : v)
        a.append(QString::fromStdString(s));
    return a;
}

QJsonObject typedSchemaMap(const std::vector<NamedToolProperty> &props);

QJsonObject typedSchema(const ToolProperty &p) {
    QJsonObject out;
    if (!p.type.empty()) {
        out[QStringLiteral("type")] = typedTypeValue(p.type);
    } else if (const auto types = simpleAnyOfTypes(p)) {
        out[QStringLiteral("type")] = typedTypeValue(*types);
    }
    if (!p.description.empty()) {
        out[QStringLiteral("description")] = QString::fromStdString(p.description);
    }
    if (!p.enumValues.isEmpty()) out[QStringLiteral("enum")] = p.enumValues;
    if (!p.items.isUndefined()) out[QStringLiteral("items")] = p.items;
    if (p.properties) out[QStringLiteral("properties")] = typedSchemaMap(*p.properties);
    if (!p.required.empty()) out[QStringLiteral("required")] = stringArray(p.required);
    return out;
}

QJsonObject typedSchemaMap(const std::vector<NamedToolProperty> &props) {
    QJsonObject out;
    for (const NamedToolProperty &p : props) {
        out[QString::fromStdString(p.name)] = typedSchema(p.schema);
    }
    return out;
}

// Upper-cased type names of a "type" value: a string or the strings of an array.
std::vector<std::string> typeNames(const QJsonValue &v) {
    std::vector<std::string> out;
    if (v.isString()) {
        out.push_back(toUpper(str(v.toString())));
    } else if (v.isArray()) {
        for (const QJsonValue &e : v.toArray()) {
            if (e.isString()) out.push_back(toUpper(str(e.toString())));
        }
    }
    return out;
}

std::vector<std::string> stringsOf(const QJsonValue &v) {
    std::vector<std::string> out;
    for (const QJsonValue &e : v.toArray()) {
        if (e.isString()) out.push_back(str(e.toString()));
    }
    return out;
}

void writeQuotedList(Writer &w, const std::vector<std::string> &items) {
    w.fixed("[");
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) w.fixed(",");
        w.quoted(items[i]);
    }
    w.fixed("]");
}

void writeTypeNames(Writer &w, const std::vector<std::string> &names) {
    if (names.size() == 1) {
        w.fixed("type:");
        w.quoted(names[0]);
    } else if (names.size() > 1) {
        w.fixed("type:");
        writeQuotedList(w, names);
    }
}

// How object keys are written inside a value: quoted in schema values (e.g. `default` inside
// items), bare in tool-call arguments.
enum class KeyStyle { Quoted, Bare };

// A JSON value in Gemma 4's tool syntax: strings quoted with <|"|>, object keys sorted.
void writeValue(Writer &w, const QJsonValue &v, KeyStyle keys) {
    switch (v.type()) {
        case QJsonValue::Null:
        case QJsonValue::Undefined:
            w.data("null");
            break;
        case QJsonValue::String:
            w.quoted(str(v.toString()));
            break;
        case QJsonValue::Bool:
            w.data(v.toBool() ? "true" : "false");
            break;
        case QJsonValue::Double:
            w.data(goNumber(v.toDouble()));
            break;
        case QJsonValue::Object: {
            w.fixed("{");
            bool first = true;
            for (const auto &[key, value] : sortedEntries(v.toObject())) {
                if (!first) w.fixed(",");
                first = false;
                if (keys == KeyStyle::Quoted) {
                    w.quoted(key);
                } else {
                    w.data(key);
                }
                w.fixed(":");
                writeValue(w, value, keys);
            }
            w.fixed("}");
            break;
        }
        case QJsonValue::Array: {
            w.fixed("[");
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i) {
                if (i > 0) w.fixed(",");
                writeValue(w, a.at(i), keys);
            }
            w.fixed("]");
            break;
        }
    }
}

// A schema value outside the typed keys (e.g. `default` inside items): keys quoted.
void writeSchemaValue(Writer &w, const QJsonValue &v) {
    writeValue(w, v, KeyStyle::Quoted);
}

void writeSchemaProperties(Writer &w, const QJsonObject &props);

// The inside of `items:{…}` for an array property.
void writeItemsSpec(Writer &w, const QJsonObject &items) {
    bool first = true;
    for (const auto &[key, value] : sortedEntries(items)) {
        if (value.isNull()) continue;
        if (!first) w.fixed(",");
        first = false;
        if (key == "properties") {
            w.fixed("properties:{");
            if (value.isObject()) writeSchemaProperties(w, value.toObject());
            w.fixed("}");
        } else if (key == "required") {
            w.fixed("required:");
            writeQuotedList(w, stringsOf(value));
        } else if (key == "type") {
            writeTypeNames(w, typeNames(value));  // (nothing, after the comma, for no names)
        } else {
            w.data(key);
            w.fixed(":");
            writeSchemaValue(w, value);
        }
    }
}

bool isStandardSchemaKey(const std::string &k) {
    return k == "description" || k == "type" || k == "properties" || k == "required" ||
           k == "nullable";
}

// `name:{description:…,enum/items…,nullable…,properties…,required…,type:…}` for each property,
// sorted by name.
void writeSchemaProperties(Writer &w, const QJsonObject &props) {
    bool first = true;
    for (const auto &[name, value] : sortedEntries(props)) {
        if (isStandardSchemaKey(name) || !value.isObject()) continue;
        const QJsonObject prop = value.toObject();
        if (!first) w.fixed(",");
        first = false;
        w.data(name);
        w.fixed(":{");

        bool addComma = false;
        auto comma = [&] {
            if (addComma) w.fixed(",");
            addComma = true;
        };
        const QJsonValue description = prop.value(QStringLiteral("description"));
        if (description.isString() && !description.toString().isEmpty()) {
            w.fixed("description:");
            w.quoted(str(description.toString()));
            addComma = true;
        }

        const std::vector<std::string> types = typeNames(prop.value(QStringLiteral("type")));
        const std::string typeName = types.empty() ? std::string() : types[0];
        if (typeName == "STRING") {
            const QJsonValue enumValues = prop.value(QStringLiteral("enum"));
            if (enumValues.isArray() && !enumValues.toArray().isEmpty()) {
                comma();
                w.fixed("enum:[");
                const QJsonArray a = enumValues.toArray();
                for (qsizetype i = 0; i < a.size(); ++i) {
                    if (i > 0) w.fixed(",");
                    w.quoted(detail::goSprintV(a.at(i)));
                }
                w.fixed("]");
            }
        } else if (typeName == "ARRAY") {
            const QJsonValue items = prop.value(QStringLiteral("items"));
            if (items.isObject() && !items.toObject().isEmpty()) {
                comma();
                w.fixed("items:{");
                writeItemsSpec(w, items.toObject());
                w.fixed("}");
            }
        }

        const QJsonValue nullable = prop.value(QStringLiteral("nullable"));
        if (nullable.isBool() && nullable.toBool()) {
            comma();
            w.fixed("nullable:true");
        }

        if (typeName == "OBJECT") {
            comma();
            w.fixed("properties:{");
            const QJsonValue nested = prop.value(QStringLiteral("properties"));
            // Without a "properties" object the template lists the property's own non-standard
            // keys that hold objects (usually none).
            writeSchemaProperties(w, nested.isObject() ? nested.toObject() : prop);
            w.fixed("}");
            const std::vector<std::string> required =
                stringsOf(prop.value(QStringLiteral("required")));
            if (!required.empty()) {
                comma();
                w.fixed("required:");
                writeQuotedList(w, required);
            }
        }

        if (!types.empty()) {
            if (addComma) w.fixed(",");
            writeTypeNames(w, types);
        }
        w.fixed("}");
    }
}

void writeToolDeclaration(Writer &w, const Tool &tool) {
    w.fixed(g4::kToolOpen);
    w.fixed("declaration:");
    w.data(tool.name);
    w.fixed("{description:");
    w.quoted(tool.description);
    if (tool.properties || !tool.parametersType.empty()) {
        w.fixed(",parameters:{");
        bool needsComma = false;
        if (tool.properties && !tool.properties->empty()) {
            w.fixed("properties:{");
            writeSchemaProperties(w, typedSchemaMap(*tool.properties));
            w.fixed("}");
            needsComma = true;
        }
        if (!tool.required.empty()) {
            if (needsComma) w.fixed(",");
            w.fixed("required:");
            writeQuotedList(w, tool.required);
            needsComma = true;
        }
        if (!tool.parametersType.empty()) {
            if (needsComma) w.fixed(",");
            w.fixed("type:");
            w.quoted(toUpper(tool.parametersType));
        }
        w.fixed("}");
    }
    w.fixed("}");
    w.fixed(g4::kToolClose);
}

// ---- Tool calls and responses --------------------------------------------------------------

// A tool-call argument value: strings quoted, object keys bare and sorted.
void writeArgValue(Writer &w, const QJsonValue &v) {
    writeValue(w, v, KeyStyle::Bare);
}

void writeToolCall(Writer &w, const ToolCall &tc) {
    w.fixed(g4::kToolCallOpen);
    w.fixed("call:");
    w.data(tc.name);
    writeArgValue(w, tc.arguments);  // "{…}" with sorted keys
    w.fixed(g4::kToolCallClose);
}

// The name a tool response is filed under: the answered call's name when the id matches, else
// the message's tool name, else "unknown".
std::string_view toolResponseName(const Message &m, const std::vector<ToolCall> &calls) {
    std::string_view name = m.toolName.empty() ? std::string_view("unknown") : m.toolName;
    if (!m.toolCallId.empty()) {
        for (const ToolCall &tc : calls) {
            if (tc.id == m.toolCallId) return tc.name;
        }
    }
    return name;
}

// ---- Content ---------------------------------------------------------------------------------

// Removes `<|channel>…<channel|>` blocks (an unterminated block runs to the end) and trims.
std::string stripThinking(std::string_view text) {
    std::string result;
    for (;;) {
        const size_t start = text.find(g4::kChannelOpen);
        if (start == std::string_view::npos) {
            result.append(text);
            break;
        }
        result.append(text.substr(0, start));
        const size_t end = text.find(g4::kChannelClose, start);
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + g4::kChannelClose.size());
    }
    return std::string(trimSpace(result));
}

// Writes message text with its attachments' "[img-N]" tags (see renderer.h).
void writeContent(Writer &w, const Message &m, std::string_view content, int *mediaOffset) {
    const int total = m.images + m.audios;
    if (total <= 0) {
        w.data(content);
        return;
    }
    auto kindOf = [&](int t) { return t < m.images ? MediaKind::Image : MediaKind::Audio; };
    auto itemOf = [&](int t) { return t < m.images ? t : t - m.images; };
    auto tag = [&](int t) { return "[img-" + std::to_string(*mediaOffset + t) + "]"; };

    // The first attachments replace "[img]" markers in the text, the rest go in front.
    constexpr std::string_view kMarker = "[img]";
    std::vector<size_t> markers;
    for (size_t pos = content.find(kMarker);
         pos != std::string_view::npos && static_cast<int>(markers.size()) < total;
         pos = content.find(kMarker, pos + kMarker.size())) {
        markers.push_back(pos);
    }
    const int replaced = static_cast<int>(markers.size());
    for (int t = replaced; t < total; ++t)
        w.media(kindOf(t), itemOf(t), tag(t));
    if (replaced < total && !content.empty()) {
        const detail::Rune r = detail::decodeRune(content, 0);
        if (r.cp != 0xFFFD && !detail::isSpace(r.cp)) w.fixed(" ");
    }
    size_t cursor = 0;
    for (int t = 0; t < replaced; ++t) {
        w.data(content.substr(cursor, markers[static_cast<size_t>(t)] - cursor));
        w.media(kindOf(t), itemOf(t), tag(t));
        cursor = markers[static_cast<size_t>(t)] + kMarker.size();
    }
    w.data(content.substr(cursor));
    *mediaOffset += total;
}

const char *turnName(Role r) {
    switch (r) {
        case Role::System:
            return "system";
        case Role::User:
            return "user";
        case Role::Assistant:
            return "model";
        case Role::Tool:
            return "tool";
    }
    return "user";
}

}  // namespace

RenderedPrompt render(const Conversation &c, TemplateVariant variant) {
    RenderedPrompt out;
    Writer w(&out);
    const std::vector<Message> &msgs = c.messages;
    int mediaOffset = 0;

    w.fixed(g4::kBos);

    // System turn: the first message when it is a system message, tools, thinking.
    const bool hasSystem = !msgs.empty() && msgs[0].role == Role::System;
    const size_t first = hasSystem ? 1 : 0;
    if (hasSystem || !c.tools.empty() || c.think) {
        w.fixed(g4::kTurnOpen);
        w.fixed("system\n");
        if (c.think) {
            w.fixed(g4::kThink);
            w.fixed("\n");
        }
        if (hasSystem) {
            w.message = 0;
            w.data(trimSpace(msgs[0].content));
            w.message = -1;
        }
        for (const Tool &tool : c.tools)
            writeToolDeclaration(w, tool);
        w.fixed(g4::kTurnClose);
        w.fixed("\n");
    }

    size_t lastUser = 0;  // index + 1 of the last user message (0: none)
    for (size_t i = first; i < msgs.size(); ++i) {
        if (msgs[i].role == Role::User) lastUser = i + 1;
    }
    auto nextNonTool = [&](size_t i) -> std::optional<Role> {
        for (size_t k = i + 1; k < msgs.size(); ++k) {
            if (msgs[k].role != Role::Tool) return msgs[k].role;
        }
        return std::nullopt;
    };

    // What the last rendered message ended with: decides the generation prompt.
    enum class Last { Other, ToolCall, ToolResponse } last = Last::Other;
    std::optional<Role> prevNonTool;

    // Tool messages are rendered inside the model turn of the assistant message that called
    // them; adjacent assistant messages continue one model turn.
    for (size_t i = first; i < msgs.size(); ++i) {
        const Message &m = msgs[i];
        if (m.role == Role::Tool) continue;
        w.message = static_cast<int>(i);
        last = Last::Other;
        const bool isModel = m.role == Role::Assistant;

        if (!(isModel && prevNonTool == Role::Assistant)) {
            w.fixed(g4::kTurnOpen);
            w.fixed(turnName(m.role));
            w.fixed("\n");
        }
        if (isModel && !m.thinking.empty() && i + 1 > lastUser) {
            w.fixed(g4::kChannelOpen);
            w.fixed("thought\n");
            w.data(m.thinking);
            w.fixed("\n");
            w.fixed(g4::kChannelClose);
        }

        for (const ToolCall &tc : m.toolCalls)
            writeToolCall(w, tc);
        if (!m.toolCalls.empty()) last = Last::ToolCall;

        bool responsesEmitted = false;
        if (!m.toolCalls.empty()) {
            for (size_t k = i + 1; k < msgs.size() && msgs[k].role == Role::Tool; ++k) {
                w.message = static_cast<int>(k);
                w.fixed(g4::kToolResponseOpen);
                w.fixed("response:");
                w.data(toolResponseName(msgs[k], m.toolCalls));
                w.fixed("{value:");
                w.fixed(g4::kQuote);
                writeContent(w, msgs[k], msgs[k].content, &mediaOffset);
                w.fixed(g4::kQuote);
                w.fixed("}");
                w.fixed(g4::kToolResponseClose);
                responsesEmitted = true;
                last = Last::ToolResponse;
            }
            w.message = static_cast<int>(i);
        }

        const int media = m.images + m.audios;
        bool hadContent = false;
        if (isModel) {
            if (!m.content.empty() || media > 0) {
                const std::string stripped = stripThinking(m.content);
                writeContent(w, m, stripped, &mediaOffset);
                hadContent = !stripped.empty() || media > 0;
            }
        } else {
            const std::string_view trimmed = trimSpace(m.content);
            writeContent(w, m, trimmed, &mediaOffset);
            hadContent = !trimmed.empty() || media > 0;
        }

        const std::optional<Role> next = nextNonTool(i);
        const bool continuesIntoNext =
            isModel && next == Role::Assistant && (m.toolCalls.empty() || responsesEmitted);
        if (!m.toolCalls.empty() && !responsesEmitted) {
            // A call still waiting for its result: the prompt ends inside the model turn.
            w.fixed(g4::kToolResponseOpen);
        } else if (!continuesIntoNext && !(responsesEmitted && !hadContent && !next)) {
            w.fixed(g4::kTurnClose);
            w.fixed("\n");
        }
        prevNonTool = m.role;
    }

    w.message = -1;
    if (c.addGenerationPrompt) {
        if (last == Last::Other) {
            w.fixed(g4::kTurnOpen);
            w.fixed("model\n");
            if (variant == TemplateVariant::Large && !c.think) {
                w.fixed(g4::kChannelOpen);
                w.fixed("thought\n");
                w.fixed(g4::kChannelClose);
            }
        } else if (last == Last::ToolResponse && c.think) {
            w.fixed(g4::kChannelOpen);
            w.fixed("thought\n");
        }
    }
    return out;
}

}  // namespace facet::chat
