// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// parseConversationJson: the Ollama /api/chat request shape, and its error messages.
#include "chat_test_util.h"

#include <gtest/gtest.h>

namespace facet::chat::test {
namespace {

Conversation parseOk(const char *json) {
    QString error = QStringLiteral("stale");  // must be cleared on success
    Conversation c = parseConversationJson(QByteArray(json), &error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    return c;
}

QString parseError(const char *json) {
    QString error;
    const Conversation c = parseConversationJson(QByteArray(json), &error);
    EXPECT_TRUE(c.messages.empty());
    return error;
}

TEST(ConversationJson, ReadsAFullRequest) {
    const Conversation c = parseOk(R"({
        "model": "gemma4:e2b", "stream": false, "options": {"temperature": 0.2},
        "think": true,
        "messages": [
            {"role": "Developer", "content": "Be brief."},
            {"role": "user", "content": "Weather in Paris?", "images": ["iVBORw0KGgo=", "UklGRgAAAABXQVZFZm10IA=="]},
            {"role": "assistant", "content": "", "thinking": "Use the tool.",
             "tool_calls": [{"id": "c1", "function": {"index": 0, "name": "get_weather",
                                                      "arguments": {"city": "Paris", "days": 2}}}]},
            {"role": "tool", "tool_name": "get_weather", "tool_call_id": "c1", "content": "Sunny"}
        ],
        "tools": [{"type": "function", "function": {
            "name": "get_weather", "description": "Get weather",
            "parameters": {"type": "object", "required": ["city"],
                           "properties": {"city": {"type": "string", "description": "City"},
                                          "days": {"type": ["integer", "null"], "enum": [1, 2],
                                                   "items": null, "properties": {}},
                                          "unit": {"anyOf": [{"type": "string"}, {"type": "null"}],
                                                   "items": {"type": "string"}}}}}}]
    })");
    ASSERT_EQ(c.messages.size(), 4u);
    EXPECT_TRUE(c.think);
    EXPECT_TRUE(c.addGenerationPrompt);
    EXPECT_EQ(c.messages[0].role, Role::System);
    EXPECT_EQ(c.messages[0].content, "Be brief.");
    const Message &u = c.messages[1];
    EXPECT_EQ(u.role, Role::User);
    EXPECT_EQ(u.images, 1);
    EXPECT_EQ(u.audios, 1);
    EXPECT_EQ(u.imageData[0], QByteArray("\x89PNG\r\n\x1a\n", 8));
    EXPECT_TRUE(u.audioData[0].startsWith("RIFF"));
    const Message &a = c.messages[2];
    EXPECT_EQ(a.role, Role::Assistant);
    EXPECT_EQ(a.thinking, "Use the tool.");
    ASSERT_EQ(a.toolCalls.size(), 1u);
    EXPECT_EQ(a.toolCalls[0].id, "c1");
    EXPECT_EQ(a.toolCalls[0].name, "get_weather");
    EXPECT_EQ(a.toolCalls[0].arguments, (QJsonObject{{"city", "Paris"}, {"days", 2}}));
    EXPECT_EQ(c.messages[3].role, Role::Tool);
    EXPECT_EQ(c.messages[3].toolName, "get_weather");
    EXPECT_EQ(c.messages[3].toolCallId, "c1");

    ASSERT_EQ(c.tools.size(), 1u);
    const Tool &t = c.tools[0];
    EXPECT_EQ(t.name, "get_weather");
    EXPECT_EQ(t.description, "Get weather");
    EXPECT_EQ(t.parametersType, "object");
    EXPECT_EQ(t.required, std::vector<std::string>{"city"});
    ASSERT_TRUE(t.properties);
    ASSERT_EQ(t.properties->size(), 3u);
    const ToolProperty &city = (*t.properties)[0].schema;
    EXPECT_EQ((*t.properties)[0].name, "city");
    EXPECT_EQ(city.type, std::vector<std::string>{"string"});
    EXPECT_EQ(city.description, "City");
    EXPECT_FALSE(city.properties);
    EXPECT_TRUE(city.items.isUndefined());
    const ToolProperty &days = (*t.properties)[1].schema;
    EXPECT_EQ(days.type, (std::vector<std::string>{"integer", "null"}));
    EXPECT_EQ(days.enumValues, (QJsonArray{1, 2}));
    EXPECT_TRUE(days.items.isUndefined());  // null counts as absent
    ASSERT_TRUE(days.properties);           // {} is present but empty
    EXPECT_TRUE(days.properties->empty());
    const ToolProperty &unit = (*t.properties)[2].schema;
    ASSERT_EQ(unit.anyOf.size(), 2u);
    EXPECT_EQ(unit.anyOf[1].type, std::vector<std::string>{"null"});
    EXPECT_EQ(unit.items, QJsonValue(QJsonObject{{"type", "string"}}));
}

TEST(ConversationJson, DefaultsAndNulls) {
    const Conversation empty = parseOk("{}");
    EXPECT_TRUE(empty.messages.empty());
    EXPECT_TRUE(empty.tools.empty());
    EXPECT_FALSE(empty.think);
    const Conversation c = parseOk(R"({"messages": [{"role": "USER", "content": null,
        "images": null, "tool_calls": null}], "tools": null, "think": null})");
    ASSERT_EQ(c.messages.size(), 1u);
    EXPECT_EQ(c.messages[0].role, Role::User);
    EXPECT_EQ(c.messages[0].content, "");
    EXPECT_EQ(c.messages[0].images, 0);
    for (const char *level : {"high", "medium", "low", "max"}) {
        const QByteArray json = QByteArray(R"({"think": ")") + level + "\"}";
        QString error;
        EXPECT_TRUE(parseConversationJson(json, &error).think) << level;
        EXPECT_TRUE(error.isEmpty());
    }
    EXPECT_FALSE(parseOk(R"({"think": false})").think);
    // A property "type": null is what Go makes of it: one empty type name.
    const Conversation t = parseOk(R"({"tools": [{"function": {"name": "f", "parameters":
        {"properties": {"x": {"type": null}}}}}]})");
    EXPECT_EQ((*t.tools[0].properties)[0].schema.type, std::vector<std::string>{""});
    // The error pointer may be null.
    EXPECT_EQ(parseConversationJson("[]", nullptr).messages.size(), 0u);
}

TEST(ConversationJson, ErrorsNameTheField) {
    struct Case {
        const char *json;
        const char *error;
    };
    const Case cases[] = {
        {R"({"messages": [{"role": "user"}, {"role": "assistant"}, {"role": "bot"}]})",
         R"(messages[2].role: unknown role "bot")"},
        {R"({"messages": [{"content": "hi"}]})", "messages[0].role: missing"},
        {R"({"messages": [{"role": 1}]})", "messages[0].role: expected a string, got a number"},
        {R"({"messages": {"role": "user"}})", "messages: expected an array, got an object"},
        {R"({"messages": ["hi"]})", "messages[0]: expected an object, got a string"},
        {R"({"messages": [{"role": "user", "content": ["a"]}]})",
         "messages[0].content: expected a string, got an array"},
        {R"({"messages": [{"role": "user", "images": ["***"]}]})",
         "messages[0].images[0]: invalid base64"},
        {R"({"messages": [{"role": "user", "images": [7]}]})",
         "messages[0].images[0]: expected a base64 string, got a number"},
        {R"({"messages": [{"role": "assistant", "tool_calls": [{"function":
            {"name": "f", "arguments": "{\"a\":1}"}}]}]})",
         "messages[0].tool_calls[0].function.arguments: expected an object, got a string"},
        {R"({"messages": [{"role": "assistant", "tool_calls": [{"function": {"name": true}}]}]})",
         "messages[0].tool_calls[0].function.name: expected a string, got a boolean"},
        {R"({"messages": [{"role": "tool", "tool_name": 3}]})",
         "messages[0].tool_name: expected a string, got a number"},
        {R"({"tools": [{"function": {"name": "f", "parameters": {"properties":
            {"city": {"type": 5}}}}}]})",
         "tools[0].function.parameters.properties.city.type: expected a string or an array of "
         "strings, got a number"},
        {R"({"tools": [{"function": {"name": "f", "parameters": {"required": ["a", 2]}}}]})",
         "tools[0].function.parameters.required[1]: expected a string, got a number"},
        {R"({"tools": [{"function": {"name": "f", "parameters": {"properties":
            {"a": {"anyOf": [{"type": "string"}, 3]}}}}}]})",
         "tools[0].function.parameters.properties.a.anyOf[1]: expected an object, got a number"},
        {R"({"tools": ["f"]})", "tools[0]: expected an object, got a string"},
        {R"({"think": "extreme"})",
         R"(think: invalid value "extreme" (expected true, false, "high", "medium", "low" or "max"))"},
        {R"({"think": 1})", "think: expected a boolean or a string, got a number"},
        {"[]", "expected a JSON object at the top level"},
    };
    for (const Case &c : cases)
        EXPECT_EQ(parseError(c.json).toStdString(), c.error) << c.json;

    const QString bad = parseError(R"({"messages": [)");
    EXPECT_TRUE(bad.startsWith(QStringLiteral("invalid JSON at offset "))) << bad.toStdString();
}

TEST(ConversationJson, MediaKindsByContent) {
    auto b64 = [](const QByteArray &b) { return b.toBase64(); };
    const QByteArray json = R"({"messages": [{"role": "user", "images": [")" +
                            b64("\xFF\xD8\xFF\xE0jpeg") + R"(", ")" + b64("ID3mp3") + R"(", ")" +
                            b64(QByteArray("\xFF\xFB\x90\x00", 4)) + R"(", ")" + b64("fLaCx") +
                            R"(", ")" + b64("OggSx") + R"(", ")" + b64("GIF89a") + R"("]}]})";
    QString error;
    const Conversation c = parseConversationJson(json, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    EXPECT_EQ(c.messages[0].images, 2);  // JPEG, GIF
    EXPECT_EQ(c.messages[0].audios, 4);  // MP3 (ID3 and frame sync), FLAC, Ogg
}

}  // namespace
}  // namespace facet::chat::test
