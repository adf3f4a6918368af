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
    EXPECT_EQ(param("{\"model\":\"m\"," + ok +
                    ",\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\"}}]}"),
              "tools");
    // The error object's shape.
    const QJsonObject o = bad.toJson().value(QStringLiteral("error")).toObject();
    EXPECT_TRUE(o.contains(QStringLiteral("message")));
    EXPECT_EQ(o.value(QStringLiteral("type")).toString(), QStringLiteral("invalid_request_error"));
    EXPECT_TRUE(o.value(QStringLiteral("param")).isNull());
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
