// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "chat_test_util.h"

#include <gtest/gtest.h>

namespace facet::chat::test {

Message system(std::string content) {
    Message m;
    m.role = Role::System;
    m.content = std::move(content);
    return m;
}

Message user(std::string content) {
    Message m;
    m.role = Role::User;
    m.content = std::move(content);
    return m;
}

Message assistant(std::string content, std::vector<ToolCall> calls, std::string thinking) {
    Message m;
    m.role = Role::Assistant;
    m.content = std::move(content);
    m.toolCalls = std::move(calls);
    m.thinking = std::move(thinking);
    return m;
}

Message toolResult(std::string toolName, std::string content, std::string callId) {
    Message m;
    m.role = Role::Tool;
    m.toolName = std::move(toolName);
    m.content = std::move(content);
    m.toolCallId = std::move(callId);
    return m;
}

ToolCall call(std::string name, QJsonObject args, std::string id) {
    return {std::move(name), std::move(args), std::move(id)};
}

ToolProperty prop(std::string type, std::string description) {
    ToolProperty p;
    p.type = {std::move(type)};
    p.description = std::move(description);
    return p;
}

NamedToolProperty named(std::string name, ToolProperty p) {
    return {std::move(name), std::move(p)};
}

Tool tool(std::string name, std::string description, std::vector<NamedToolProperty> properties,
          std::vector<std::string> required) {
    Tool t;
    t.name = std::move(name);
    t.description = std::move(description);
    t.parametersType = "object";
    t.properties = std::move(properties);
    t.required = std::move(required);
    return t;
}

QJsonArray strings(std::initializer_list<const char *> items) {
    QJsonArray a;
    for (const char *s : items)
        a.append(QString::fromUtf8(s));
    return a;
}

void expectValidSpans(const RenderedPrompt &p, const Conversation &c) {
    size_t pos = 0;
    for (const RenderedPrompt::Span &s : p.spans) {
        EXPECT_EQ(s.begin, pos);
        EXPECT_LT(s.begin, s.end);
        pos = s.end;
        if (s.media != MediaKind::None) {
            EXPECT_TRUE(s.trusted);
            ASSERT_GE(s.message, 0);
            ASSERT_LT(s.message, static_cast<int>(c.messages.size()));
            const Message &m = c.messages[static_cast<size_t>(s.message)];
            EXPECT_GE(s.item, 0);
            EXPECT_LT(s.item, s.media == MediaKind::Image ? m.images : m.audios);
            EXPECT_TRUE(p.text.substr(s.begin, s.end - s.begin).starts_with("[img-"));
        }
    }
    EXPECT_EQ(pos, p.text.size());
}

std::string untrustedText(const RenderedPrompt &p) {
    std::string out;
    for (const RenderedPrompt::Span &s : p.spans) {
        if (!s.trusted) out += p.text.substr(s.begin, s.end - s.begin);
    }
    return out;
}

namespace {

QString qs(const std::string &s) {
    return QString::fromStdString(s);
}

QJsonArray stringArray(const std::vector<std::string> &v) {
    QJsonArray a;
    for (const std::string &s : v)
        a.append(qs(s));
    return a;
}

QJsonObject propertyJson(const ToolProperty &p);

QJsonObject propertiesJson(const std::vector<NamedToolProperty> &props) {
    QJsonObject o;
    for (const NamedToolProperty &p : props)
        o[qs(p.name)] = propertyJson(p.schema);
    return o;
}

QJsonObject propertyJson(const ToolProperty &p) {
    QJsonObject o;
    if (p.type.size() == 1) o[QStringLiteral("type")] = qs(p.type[0]);
    if (p.type.size() > 1) o[QStringLiteral("type")] = stringArray(p.type);
    if (!p.anyOf.empty()) {
        QJsonArray a;
        for (const ToolProperty &alt : p.anyOf)
            a.append(propertyJson(alt));
        o[QStringLiteral("anyOf")] = a;
    }
    if (!p.items.isUndefined()) o[QStringLiteral("items")] = p.items;
    if (!p.description.empty()) o[QStringLiteral("description")] = qs(p.description);
    if (!p.enumValues.isEmpty()) o[QStringLiteral("enum")] = p.enumValues;
    if (p.properties) o[QStringLiteral("properties")] = propertiesJson(*p.properties);
    if (!p.required.empty()) o[QStringLiteral("required")] = stringArray(p.required);
    return o;
}

}  // namespace

QJsonObject toRequestJson(const Conversation &c) {
    QJsonArray messages;
    for (const Message &m : c.messages) {
        QJsonObject o{{QStringLiteral("role"), QString::fromLatin1(roleName(m.role))},
                      {QStringLiteral("content"), qs(m.content)}};
        if (!m.thinking.empty()) o[QStringLiteral("thinking")] = qs(m.thinking);
        if (!m.toolName.empty()) o[QStringLiteral("tool_name")] = qs(m.toolName);
        if (!m.toolCallId.empty()) o[QStringLiteral("tool_call_id")] = qs(m.toolCallId);
        if (!m.toolCalls.empty()) {
            QJsonArray calls;
            for (const ToolCall &tc : m.toolCalls) {
                QJsonObject co{{QStringLiteral("function"),
                                QJsonObject{{QStringLiteral("name"), qs(tc.name)},
                                            {QStringLiteral("arguments"), tc.arguments}}}};
                if (!tc.id.empty()) co[QStringLiteral("id")] = qs(tc.id);
                calls.append(co);
            }
            o[QStringLiteral("tool_calls")] = calls;
        }
        QJsonArray media;
        for (const QByteArray &b : m.imageData)
            media.append(QString::fromLatin1(b.toBase64()));
        for (const QByteArray &b : m.audioData)
            media.append(QString::fromLatin1(b.toBase64()));
        if (!media.isEmpty()) o[QStringLiteral("images")] = media;
        messages.append(o);
    }
    QJsonArray tools;
    for (const Tool &t : c.tools) {
        QJsonObject params;
        if (!t.parametersType.empty()) params[QStringLiteral("type")] = qs(t.parametersType);
        if (!t.required.empty()) params[QStringLiteral("required")] = stringArray(t.required);
        if (t.properties) params[QStringLiteral("properties")] = propertiesJson(*t.properties);
        QJsonObject fn{{QStringLiteral("name"), qs(t.name)}};
        if (!t.description.empty()) fn[QStringLiteral("description")] = qs(t.description);
        fn[QStringLiteral("parameters")] = params;
        tools.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("function")},
                                 {QStringLiteral("function"), fn}});
    }
    QJsonObject root{{QStringLiteral("messages"), messages}};
    if (!tools.isEmpty()) root[QStringLiteral("tools")] = tools;
    if (c.think) root[QStringLiteral("think")] = true;
    return root;
}

ParsedOutput parseAll(OutputParser &parser, const std::vector<std::string> &chunks) {
    ParsedOutput out;
    auto take = [&](const std::vector<ParserEvent> &events) {
        for (const ParserEvent &e : events) {
            switch (e.kind) {
                case ParserEvent::Kind::Content:
                    out.content += e.text;
                    break;
                case ParserEvent::Kind::Thinking:
                    out.thinking += e.text;
                    break;
                case ParserEvent::Kind::ToolCall:
                    EXPECT_EQ(e.callIndex, static_cast<int>(out.calls.size()));
                    out.calls.push_back(e.call);
                    break;
                case ParserEvent::Kind::Error:
                    out.errors.push_back(e.text);
                    break;
            }
        }
    };
    for (const std::string &chunk : chunks)
        take(parser.feed(chunk));
    take(parser.finish());
    return out;
}

ParsedOutput parseWhole(const std::string &text, bool thinking, bool startInThinking,
                        const std::vector<Tool> &tools) {
    OutputParser parser(thinking, startInThinking, tools);
    return parseAll(parser, {text});
}

}  // namespace facet::chat::test
