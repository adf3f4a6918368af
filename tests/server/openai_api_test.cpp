// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The OpenAI request reader and answer shapes (app/server/openai_api.h), without a server.
#include "openai_api.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

namespace facet::server {
namespace {

GenerationRequest parsedChat(const QByteArray &body) {
    const ParsedRequest p = parseChatCompletionRequest(body);
    if (const auto *e = std::get_if<ApiError>(&p)) {
        ADD_FAILURE() << e->message.toStdString();
        return {};
    }
    return std::get<GenerationRequest>(p);
}

ApiError chatError(const QByteArray &body) {
    const ParsedRequest p = parseChatCompletionRequest(body);
    if (const auto *e = std::get_if<ApiError>(&p)) return *e;
    ADD_FAILURE() << "accepted: " << body.toStdString();
    return {};
}

TEST(OpenAiApi, ReadsAChatRequestAndIgnoresUnknownFields) {
    const GenerationRequest r = parsedChat(R"({
        "model": "gemma4:e2b", "stream": true, "stream_options": {"include_usage": true},
        "temperature": 0, "top_p": 0.5, "top_k": 10, "max_tokens": 12, "seed": 7,
        "stop": ["END", ""], "user": "u", "metadata": {"a": 1}, "parallel_tool_calls": false,
        "messages": [
          {"role": "developer", "content": "Be brief."},
          {"role": "user", "content": [{"type": "text", "text": "Hi"},
                                       {"type": "text", "text": "there"}], "name": "me"},
          {"role": "assistant", "content": null,
           "tool_calls": [{"id": "c1", "type": "function",
                           "function": {"name": "f", "arguments": "{\"x\": 1}"}}]},
          {"role": "tool", "tool_call_id": "c1", "content": "42"},
          {"role": "user", "content": "ok"}]})");
    EXPECT_EQ(r.model, QStringLiteral("gemma4:e2b"));
    EXPECT_TRUE(r.stream);
    EXPECT_TRUE(r.includeUsage);
    EXPECT_EQ(r.sampling.temperature, 0.0f);
    EXPECT_EQ(r.sampling.topP, 0.5f);
    EXPECT_EQ(r.sampling.topK, 10);
    EXPECT_TRUE(r.sampling.hasSeed);
    EXPECT_EQ(r.sampling.seed, 7u);
    EXPECT_EQ(r.maxTokens, 12);
    EXPECT_EQ(r.stop, std::vector<std::string>{"END"});
    const auto &m = r.conversation.messages;
    ASSERT_EQ(m.size(), 5u);
    EXPECT_EQ(m[0].role, chat::Role::System);
    EXPECT_EQ(m[1].content, "Hi\nthere");
    ASSERT_EQ(m[2].toolCalls.size(), 1u);
    EXPECT_EQ(m[2].toolCalls[0].name, "f");
    EXPECT_EQ(m[2].toolCalls[0].arguments.value(QStringLiteral("x")).toInt(), 1);
    EXPECT_EQ(m[3].role, chat::Role::Tool);
    EXPECT_EQ(m[3].toolCallId, "c1");
    // Defaults: Gemma's sampling, no limit, no stream.
    const GenerationRequest d =
        parsedChat(R"({"model":"m","messages":[{"role":"user","content":"x"}],"stop":"S"})");
    EXPECT_EQ(d.sampling.temperature, sampling::SamplingParams().temperature);
    EXPECT_FALSE(d.sampling.hasSeed);
    EXPECT_EQ(d.maxTokens, 0);
    EXPECT_FALSE(d.stream);
    EXPECT_EQ(d.stop, std::vector<std::string>{"S"});
}

TEST(OpenAiApi, ReadsImagesAndAudioFromDataUrlsOnly) {
    const GenerationRequest r = parsedChat(R"({"model":"m","messages":[{"role":"user","content":[
        {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0K"}},
        {"type":"input_audio","input_audio":{"data":"UklGRg==","format":"wav"}},
        {"type":"text","text":"What is this?"}]}]})");
    ASSERT_EQ(r.conversation.messages.size(), 1u);
    const chat::Message &m = r.conversation.messages[0];
    EXPECT_EQ(m.images, 1);
    EXPECT_EQ(m.audios, 1);
    EXPECT_EQ(m.imageData[0], QByteArray::fromBase64("iVBORw0K"));
    EXPECT_EQ(m.audioData[0], QByteArray("RIFF"));
    EXPECT_EQ(r.images, 1);
    EXPECT_EQ(r.audios, 1);

    const ApiError remote = chatError(R"({"model":"m","messages":[{"role":"user","content":[
        {"type":"image_url","image_url":{"url":"https://example.com/cat.png"}}]}]})");
    EXPECT_EQ(remote.status, 400);
    EXPECT_EQ(remote.param, QStringLiteral("messages[0].content[0].image_url.url"));
}

TEST(OpenAiApi, NamesTheFieldAtFault) {
    const auto param = [](const QByteArray &body) { return chatError(body).param.toStdString(); };
    const ApiError bad = chatError("{\"model\":");
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(bad.code, QStringLiteral("invalid_json"));
    EXPECT_EQ(chatError("[1]").code, QStringLiteral("invalid_json"));
    EXPECT_EQ(param(R"({"messages":[{"role":"user","content":"x"}]})"), "model");
    EXPECT_EQ(param(R"({"model":"m"})"), "messages");
    EXPECT_EQ(param(R"({"model":"m","messages":[]})"), "messages");
    EXPECT_EQ(param(R"({"model":"m","messages":[{"role":"bot","content":"x"}]})"),
              "messages[0].role");
    EXPECT_EQ(param(R"({"model":"m","messages":[{"role":"user","content":5}]})"),
              "messages[0].content");
    const QByteArray ok = R"("messages":[{"role":"user","content":"x"}])";
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"temperature\":\"hot\"}"), "temperature");
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"temperature\":3}"), "temperature");
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"top_p\":0}"), "top_p");
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"max_tokens\":1.5}"), "max_tokens");
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"max_tokens\":0}"), "max_tokens");
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"n\":2}"), "n");
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"stop\":[1]}"), "stop[0]");
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"stream\":\"yes\"}"), "stream");
    EXPECT_EQ(param("{\"model\":\"m\"," + ok + ",\"logprobs\":true}"), "logprobs");
    // The error object's shape.
    const QJsonObject o = bad.toJson().value(QStringLiteral("error")).toObject();
    EXPECT_TRUE(o.contains(QStringLiteral("message")));
    EXPECT_EQ(o.value(QStringLiteral("type")).toString(), QStringLiteral("invalid_request_error"));
    EXPECT_TRUE(o.value(QStringLiteral("param")).isNull());
}

TEST(OpenAiApi, ReadsToolsIntoTheConversation) {
    const GenerationRequest r = parsedChat(R"({"model":"m",
        "messages":[{"role":"user","content":"Weather in Paris?"}],
        "tools":[{"type":"function","function":{"name":"get_weather",
                  "description":"The weather in a city.",
                  "parameters":{"type":"object","required":["city"],
                    "properties":{"city":{"type":"string","description":"The city."},
                                  "unit":{"type":"string","enum":["C","F"]}}}}},
                 {"type":"function","function":{"name":"now"}}],
        "tool_choice":"auto"})");
    const auto &tools = r.conversation.tools;
    ASSERT_EQ(tools.size(), 2u);
    EXPECT_EQ(tools[0].name, "get_weather");
    EXPECT_EQ(tools[0].description, "The weather in a city.");
    EXPECT_EQ(tools[0].parametersType, "object");
    EXPECT_EQ(tools[0].required, std::vector<std::string>{"city"});
    ASSERT_TRUE(tools[0].properties.has_value());
    ASSERT_EQ(tools[0].properties->size(), 2u);
    EXPECT_EQ((*tools[0].properties)[0].name, "city");
    EXPECT_EQ((*tools[0].properties)[0].schema.type, std::vector<std::string>{"string"});
    EXPECT_EQ((*tools[0].properties)[0].schema.description, "The city.");
    EXPECT_EQ((*tools[0].properties)[1].name, "unit");
    EXPECT_EQ((*tools[0].properties)[1].schema.enumValues.size(), 2);
    EXPECT_EQ(tools[1].name, "now");
    EXPECT_TRUE(tools[1].description.empty());
    EXPECT_FALSE(tools[1].properties.has_value());
    ASSERT_EQ(r.conversation.messages.size(), 1u);

    // No tools, an empty list, or null: none.
    EXPECT_TRUE(parsedChat(R"({"model":"m","messages":[{"role":"user","content":"x"}],
        "tools":[]})")
                    .conversation.tools.empty());
    EXPECT_TRUE(parsedChat(R"({"model":"m","messages":[{"role":"user","content":"x"}],
        "tools":null,"tool_choice":null})")
                    .conversation.tools.empty());
}

TEST(OpenAiApi, ToolChoiceNoneGivesTheModelNoTools) {
    const GenerationRequest r = parsedChat(R"({"model":"m",
        "messages":[{"role":"user","content":"x"}],
        "tools":[{"type":"function","function":{"name":"f"}}], "tool_choice":"none"})");
    EXPECT_TRUE(r.conversation.tools.empty());
    // Absent: as "auto".
    EXPECT_EQ(parsedChat(R"({"model":"m","messages":[{"role":"user","content":"x"}],
        "tools":[{"type":"function","function":{"name":"f"}}]})")
                  .conversation.tools.size(),
              1u);
}

TEST(OpenAiApi, BadToolsAndToolChoicesAreRefusedByName) {
    const QByteArray head = R"({"model":"m","messages":[{"role":"user","content":"x"}],)";
    const QByteArray f = R"("tools":[{"type":"function","function":{"name":"f"}}])";
    const auto error = [&](const QByteArray &rest) { return chatError(head + rest + "}"); };
    const auto param = [&](const QByteArray &rest) { return error(rest).param.toStdString(); };

    const ApiError type = error(
        R"("tools":[{"type":"function","function":{"name":"f"}},{"type":"code_interpreter"}])");
    EXPECT_EQ(type.status, 400);
    EXPECT_EQ(type.param, QStringLiteral("tools[1].type"));
    EXPECT_TRUE(type.message.contains(QStringLiteral("code_interpreter")));
    EXPECT_EQ(param(R"("tools":[{"function":{"name":"f"}}])"), "tools[0].type");
    EXPECT_EQ(param(R"("tools":{"type":"function"})"), "tools");
    EXPECT_EQ(param(R"("tools":[5])"), "tools[0]");
    EXPECT_EQ(param(R"("tools":[{"type":"function"}])"), "tools[0].function");
    EXPECT_EQ(param(R"("tools":[{"type":"function","function":{"description":"d"}}])"),
              "tools[0].function.name");
    // Schema errors come from the conversation reader, with its path.
    EXPECT_EQ(param(R"("tools":[{"type":"function","function":{"name":"f","description":3}}])"),
              "tools[0].function.description");
    EXPECT_EQ(param(R"("tools":[{"type":"function","function":{"name":"f",
                  "parameters":{"type":"object","properties":{"a":{"type":7}}}}}])"),
              "tools[0].function.parameters.properties.a.type");
    EXPECT_EQ(param(R"("tools":[{"type":"function","function":{"name":"f",
                  "parameters":{"required":"a"}}}])"),
              "tools[0].function.parameters.required");

    const ApiError required = error(f + R"(,"tool_choice":"required")");
    EXPECT_EQ(required.status, 400);
    EXPECT_EQ(required.param, QStringLiteral("tool_choice"));
    EXPECT_TRUE(required.message.contains(QStringLiteral("not supported")));
    const ApiError named =
        error(f + R"(,"tool_choice":{"type":"function","function":{"name":"f"}})");
    EXPECT_EQ(named.param, QStringLiteral("tool_choice"));
    EXPECT_TRUE(named.message.contains(QStringLiteral("not supported")));
    EXPECT_EQ(param(f + R"(,"tool_choice":"sometimes")"), "tool_choice");
    EXPECT_EQ(param(f + R"(,"tool_choice":1)"), "tool_choice");
}

TEST(OpenAiApi, WritesToolCallsWholeAndStreamed) {
    const CompletionHead chat{Endpoint::ChatCompletions, QStringLiteral("chatcmpl-1"), 5,
                              QStringLiteral("m")};
    const ToolCallOut call{QStringLiteral("call_abc"), QStringLiteral("get_weather"),
                           QStringLiteral(R"({"city":"Paris"})")};
    const QJsonObject whole = completionJson(
        chat, {}, {}, finishReason(QStringLiteral("eos"), true), usageJson(3, 2), {call});
    const QJsonObject choice = whole.value(QStringLiteral("choices")).toArray()[0].toObject();
    EXPECT_EQ(choice.value(QStringLiteral("finish_reason")).toString(),
              QStringLiteral("tool_calls"));
    const QJsonObject message = choice.value(QStringLiteral("message")).toObject();
    EXPECT_EQ(message.value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
    EXPECT_TRUE(message.contains(QStringLiteral("content")));
    EXPECT_TRUE(message.value(QStringLiteral("content")).isNull());
    const QJsonArray calls = message.value(QStringLiteral("tool_calls")).toArray();
    ASSERT_EQ(calls.size(), 1);
    const QJsonObject expected = QJsonDocument::fromJson(R"({"id":"call_abc","type":"function",
        "function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}})")
                                     .object();
    EXPECT_EQ(calls[0].toObject(), expected);
    // The arguments are a string holding the JSON object.
    EXPECT_EQ(QJsonDocument::fromJson(calls[0]
                                          .toObject()
                                          .value(QStringLiteral("function"))
                                          .toObject()
                                          .value(QStringLiteral("arguments"))
                                          .toString()
                                          .toUtf8())
                  .object()
                  .value(QStringLiteral("city"))
                  .toString(),
              QStringLiteral("Paris"));

    // Text with the call: content stays the text.
    const QJsonObject withText =
        completionJson(chat, QStringLiteral("Let me look."), {}, QStringLiteral("tool_calls"),
                       usageJson(3, 2), {call});
    EXPECT_EQ(withText.value(QStringLiteral("choices"))
                  .toArray()[0]
                  .toObject()
                  .value(QStringLiteral("message"))
                  .toObject()
                  .value(QStringLiteral("content"))
                  .toString(),
              QStringLiteral("Let me look."));
    // No calls: no tool_calls member, content a string even when empty.
    const QJsonObject plain = completionJson(chat, {}, {}, QStringLiteral("stop"), usageJson(3, 2));
    const QJsonObject plainMessage = plain.value(QStringLiteral("choices"))
                                         .toArray()[0]
                                         .toObject()
                                         .value(QStringLiteral("message"))
                                         .toObject();
    EXPECT_FALSE(plainMessage.contains(QStringLiteral("tool_calls")));
    EXPECT_TRUE(plainMessage.value(QStringLiteral("content")).isString());

    // Streamed: the second call of an answer, then the final chunk.
    const QJsonObject chunk =
        QJsonDocument::fromJson(sseData(chunkJson(chat, toolCallDelta(1, call), {}, {})).mid(6))
            .object();
    const QJsonObject delta = chunk.value(QStringLiteral("choices"))
                                  .toArray()[0]
                                  .toObject()
                                  .value(QStringLiteral("delta"))
                                  .toObject();
    const QJsonObject expectedDelta =
        QJsonDocument::fromJson(R"({"tool_calls":[{"index":1,"id":"call_abc","type":"function",
        "function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}}]})")
            .object();
    EXPECT_EQ(delta, expectedDelta);
    const QJsonObject last =
        chunkJson(chat, {}, {}, finishReason(QStringLiteral("stop-string"), true));
    EXPECT_EQ(last.value(QStringLiteral("choices"))
                  .toArray()[0]
                  .toObject()
                  .value(QStringLiteral("finish_reason"))
                  .toString(),
              QStringLiteral("tool_calls"));

    // finish_reason: the length limit wins; without calls, "stop".
    EXPECT_EQ(finishReason(QStringLiteral("eos"), true), QStringLiteral("tool_calls"));
    EXPECT_EQ(finishReason(QStringLiteral("max-tokens"), true), QStringLiteral("length"));
    EXPECT_EQ(finishReason(QStringLiteral("eos"), false), QStringLiteral("stop"));
}

TEST(OpenAiApi, ReadsTextCompletionRequests) {
    const ParsedRequest p = parseCompletionRequest(
        R"({"model":"m","prompt":["Once upon"],"max_tokens":3,"stream":true})");
    ASSERT_TRUE(std::holds_alternative<GenerationRequest>(p));
    const auto &r = std::get<GenerationRequest>(p);
    EXPECT_EQ(r.endpoint, Endpoint::Completions);
    EXPECT_EQ(r.prompt, QStringLiteral("Once upon"));
    EXPECT_EQ(r.maxTokens, 3);
    for (const QByteArray &body :
         {QByteArray(R"({"model":"m","prompt":""})"), QByteArray(R"({"model":"m","prompt":[1,2]})"),
          QByteArray(R"({"model":"m","prompt":"x","echo":true})"),
          QByteArray(R"({"model":"m","prompt":["a","b"]})")}) {
        const ParsedRequest e = parseCompletionRequest(body);
        ASSERT_TRUE(std::holds_alternative<ApiError>(e)) << body.toStdString();
        EXPECT_EQ(std::get<ApiError>(e).status, 400);
    }
}

TEST(OpenAiApi, WritesAnswersChunksAndModelLists) {
    const CompletionHead chat{Endpoint::ChatCompletions, QStringLiteral("chatcmpl-1"), 5,
                              QStringLiteral("m")};
    const QJsonObject whole =
        completionJson(chat, QStringLiteral("Hi"), {}, QStringLiteral("stop"), usageJson(3, 2));
    EXPECT_EQ(whole.value(QStringLiteral("object")).toString(), QStringLiteral("chat.completion"));
    const QJsonObject choice = whole.value(QStringLiteral("choices")).toArray()[0].toObject();
    EXPECT_EQ(choice.value(QStringLiteral("message"))
                  .toObject()
                  .value(QStringLiteral("content"))
                  .toString(),
              QStringLiteral("Hi"));
    EXPECT_EQ(choice.value(QStringLiteral("finish_reason")).toString(), QStringLiteral("stop"));
    EXPECT_EQ(whole.value(QStringLiteral("usage"))
                  .toObject()
                  .value(QStringLiteral("total_tokens"))
                  .toInt(),
              5);
    const QByteArray event =
        sseData(chunkJson(chat, {{QStringLiteral("content"), QStringLiteral("x")}}, {}, {}));
    EXPECT_TRUE(event.startsWith("data: {"));
    EXPECT_TRUE(event.endsWith("}\n\n"));
    EXPECT_FALSE(event.mid(6).trimmed().contains('\n'));
    const QJsonObject chunk = QJsonDocument::fromJson(event.mid(6)).object();
    EXPECT_EQ(chunk.value(QStringLiteral("object")).toString(),
              QStringLiteral("chat.completion.chunk"));
    EXPECT_TRUE(chunk.value(QStringLiteral("choices"))
                    .toArray()[0]
                    .toObject()
                    .value(QStringLiteral("finish_reason"))
                    .isNull());
    EXPECT_EQ(finishReason(QStringLiteral("max-tokens")), QStringLiteral("length"));
    EXPECT_EQ(finishReason(QStringLiteral("context-full")), QStringLiteral("length"));
    EXPECT_EQ(finishReason(QStringLiteral("eos")), QStringLiteral("stop"));
    EXPECT_EQ(finishReason(QStringLiteral("stop-string")), QStringLiteral("stop"));
    const QJsonObject list = modelListJson({QStringLiteral("m")}, 1);
    EXPECT_EQ(list.value(QStringLiteral("object")).toString(), QStringLiteral("list"));
    EXPECT_EQ(
        list.value(QStringLiteral("data")).toArray()[0].toObject().value(QStringLiteral("id")),
        QStringLiteral("m"));
}

}  // namespace
}  // namespace facet::server
