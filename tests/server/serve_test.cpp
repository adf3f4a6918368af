// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// facet-cli serve end to end: the real executable on a generated fixture, asked through
// QNetworkAccessManager as OpenAI clients ask. The fixture's vocabulary is random, so answers are
// compared with each other (streamed against whole, at temperature 0) and checked for shape.
#include "gguf/gguf.h"
#include "model/gemma4_config.h"
#include "model/lora.h"
#include "server_test_support.h"
#include "support/gemma4_fixture.h"
#include "support/hf_gemma4_convert.h"
#include "support/lora_support.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"
#include "train/adapter_io.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace facet::server {
namespace {

using test::answerContent;
using test::httpRequest;
using test::HttpResult;
using Headers = std::vector<std::pair<QByteArray, QByteArray>>;

QJsonObject jsonOf(const QByteArray &bytes) {
    QJsonParseError pe;
    const QJsonDocument d = QJsonDocument::fromJson(bytes, &pe);
    EXPECT_EQ(pe.error, QJsonParseError::NoError) << bytes.toStdString();
    return d.object();
}

// The events of a server-sent event stream: each "data: …" payload, in order.
QList<QByteArray> sseEvents(const QByteArray &body) {
    QList<QByteArray> events;
    for (const QByteArray &block : body.split('\n')) {
        if (block.startsWith("data: ")) events.append(block.mid(6));
    }
    return events;
}

QString errorCode(const HttpResult &r) {
    return jsonOf(r.body)
        .value(QStringLiteral("error"))
        .toObject()
        .value(QStringLiteral("code"))
        .toString();
}

QString errorMessage(const HttpResult &r) {
    return jsonOf(r.body)
        .value(QStringLiteral("error"))
        .toObject()
        .value(QStringLiteral("message"))
        .toString();
}

class ServeTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        ASSERT_TRUE(dir.isValid());
        modelPath = dir.filePath(QStringLiteral("tiny.gguf"));
        QString error;
        ASSERT_TRUE(
            facet::test::writeGemma4Fixture(modelPath, facet::test::Gemma4FixtureOptions{}, &error))
            << error.toStdString();
        env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("OLLAMA_MODELS"), dir.filePath(QStringLiteral("ollama")));
        // Headless, as on a machine without a display (Vulkan through VK_KHR_display).
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    }
    void TearDown() override {
        if (server.state() != QProcess::NotRunning) {
            server.terminate();
            if (!server.waitForFinished(30'000)) server.kill();
            server.waitForFinished();
        }
    }

    // Starts facet-cli serve on a free port and waits for the line with its URL.
    void start(const QStringList &extra = {}) {
        server.setProcessEnvironment(env);
        server.start(QStringLiteral(FACET_CLI_PATH),
                     QStringList{QStringLiteral("serve"), QStringLiteral("-m"), modelPath,
                                 QStringLiteral("--port"), QStringLiteral("0"),
                                 QStringLiteral("--max-body"), QStringLiteral("1")} +
                         extra);
        ASSERT_TRUE(server.waitForStarted(10'000));
        const QRegularExpression line(QStringLiteral("serving (\\S+) at (http://\\S+/v1)"));
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 120'000) {
            server.waitForReadyRead(500);
            stdoutText += server.readAllStandardOutput();
            const auto m = line.match(QString::fromUtf8(stdoutText));
            if (m.hasMatch()) {
                modelId = m.captured(1);
                base = m.captured(2);
                return;
            }
            ASSERT_EQ(server.state(), QProcess::Running)
                << server.readAllStandardError().toStdString();
        }
        FAIL() << "no URL line: " << stdoutText.toStdString()
               << server.readAllStandardError().toStdString();
    }
    QUrl url(const QString &path) const { return QUrl(base + path); }
    HttpResult post(const QString &path, const QJsonObject &body, const Headers &headers = {}) {
        return httpRequest("POST", url(path), QJsonDocument(body).toJson(QJsonDocument::Compact),
                           headers);
    }
    QJsonObject chatBody(bool stream, int maxTokens = 8) const {
        return QJsonObject{
            {QStringLiteral("model"), modelId},
            {QStringLiteral("messages"),
             QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("system")},
                                    {QStringLiteral("content"), QStringLiteral("Be brief.")}},
                        QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                    {QStringLiteral("content"), QStringLiteral("Hello there")}}}},
            {QStringLiteral("temperature"), 0},
            {QStringLiteral("max_tokens"), maxTokens},
            {QStringLiteral("stream"), stream},
            {QStringLiteral("stream_options"),
             QJsonObject{{QStringLiteral("include_usage"), true}}}};
    }
    // The server's log so far (stderr); stops nothing.
    QByteArray log() {
        stderrText += server.readAllStandardError();
        return stderrText;
    }

    QTemporaryDir dir;
    QString modelPath;
    QProcessEnvironment env;
    QProcess server;
    QByteArray stdoutText, stderrText;
    QString modelId, base;
};

// A stream's parts: its chunks (JSON), with [DONE] last.
struct Stream {
    QList<QJsonObject> chunks;
    bool doneLast = false;
    QString content;  // the deltas' (chat) or the pieces' (completions) text, joined
    QString finish;
    QJsonObject usage;
};

Stream readStream(const QByteArray &body, bool chat) {
    Stream s;
    const QList<QByteArray> events = sseEvents(body);
    s.doneLast = !events.isEmpty() && events.back() == "[DONE]";
    for (const QByteArray &e : events) {
        if (e == "[DONE]") continue;
        const QJsonObject chunk = jsonOf(e);
        s.chunks.append(chunk);
        if (chunk.contains(QStringLiteral("usage")))
            s.usage = chunk.value(QStringLiteral("usage")).toObject();
        const QJsonArray choices = chunk.value(QStringLiteral("choices")).toArray();
        if (choices.isEmpty()) continue;
        const QJsonObject c = choices[0].toObject();
        s.content += chat ? c.value(QStringLiteral("delta"))
                                .toObject()
                                .value(QStringLiteral("content"))
                                .toString()
                          : c.value(QStringLiteral("text")).toString();
        if (!c.value(QStringLiteral("finish_reason")).isNull())
            s.finish = c.value(QStringLiteral("finish_reason")).toString();
    }
    return s;
}

TEST_F(ServeTest, ListsTheServedModel) {
    start();
    EXPECT_EQ(modelId, QStringLiteral("tiny"));
    const HttpResult r = httpRequest("GET", url(QStringLiteral("/models")));
    ASSERT_EQ(r.status, 200) << r.body.toStdString();
    const QJsonObject list = jsonOf(r.body);
    EXPECT_EQ(list.value(QStringLiteral("object")).toString(), QStringLiteral("list"));
    const QJsonArray data = list.value(QStringLiteral("data")).toArray();
    ASSERT_EQ(data.size(), 1);
    EXPECT_EQ(data[0].toObject().value(QStringLiteral("id")).toString(), modelId);
    EXPECT_EQ(data[0].toObject().value(QStringLiteral("object")).toString(),
              QStringLiteral("model"));
    EXPECT_EQ(httpRequest("GET", url(QStringLiteral("/models/tiny"))).status, 200);
    const HttpResult other = httpRequest("GET", url(QStringLiteral("/models/other")));
    EXPECT_EQ(other.status, 404);
    EXPECT_EQ(errorCode(other), QStringLiteral("model_not_found"));
}

TEST_F(ServeTest, StreamedChatAnswerEqualsTheWholeOne) {
    start();
    const HttpResult whole = post(QStringLiteral("/chat/completions"), chatBody(false));
    ASSERT_EQ(whole.status, 200) << whole.body.toStdString();
    const QJsonObject answer = jsonOf(whole.body);
    EXPECT_EQ(answer.value(QStringLiteral("object")).toString(), QStringLiteral("chat.completion"));
    EXPECT_EQ(answer.value(QStringLiteral("model")).toString(), modelId);
    const QJsonObject choice = answer.value(QStringLiteral("choices")).toArray()[0].toObject();
    const QJsonObject message = choice.value(QStringLiteral("message")).toObject();
    EXPECT_EQ(message.value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
    const QString content = message.value(QStringLiteral("content")).toString();
    const QString finish = choice.value(QStringLiteral("finish_reason")).toString();
    const QJsonObject usage = answer.value(QStringLiteral("usage")).toObject();
    const int promptTokens = usage.value(QStringLiteral("prompt_tokens")).toInt();
    const int completionTokens = usage.value(QStringLiteral("completion_tokens")).toInt();
    EXPECT_GT(promptTokens, 4);
    EXPECT_GE(completionTokens, 1);
    EXPECT_LE(completionTokens, 8);
    EXPECT_EQ(usage.value(QStringLiteral("total_tokens")).toInt(), promptTokens + completionTokens);
    if (finish == QStringLiteral("length")) {
        EXPECT_EQ(completionTokens, 8);
    }

    const HttpResult streamed = post(QStringLiteral("/chat/completions"), chatBody(true));
    ASSERT_EQ(streamed.status, 200) << streamed.body.toStdString();
    EXPECT_TRUE(streamed.header("content-type").startsWith("text/event-stream"));
    const Stream s = readStream(streamed.body, true);
    EXPECT_TRUE(s.doneLast) << streamed.body.toStdString();
    ASSERT_GE(s.chunks.size(), 3);
    // First the role, then content pieces, then the finish, then the usage (no choices).
    EXPECT_EQ(s.chunks.front()
                  .value(QStringLiteral("choices"))
                  .toArray()[0]
                  .toObject()
                  .value(QStringLiteral("delta"))
                  .toObject()
                  .value(QStringLiteral("role"))
                  .toString(),
              QStringLiteral("assistant"));
    EXPECT_TRUE(s.chunks.back().value(QStringLiteral("choices")).toArray().isEmpty());
    const QString id = s.chunks.front().value(QStringLiteral("id")).toString();
    EXPECT_TRUE(id.startsWith(QStringLiteral("chatcmpl-")));
    for (const QJsonObject &chunk : s.chunks) {
        EXPECT_EQ(chunk.value(QStringLiteral("id")).toString(), id);
        EXPECT_EQ(chunk.value(QStringLiteral("object")).toString(),
                  QStringLiteral("chat.completion.chunk"));
    }
    EXPECT_EQ(s.content, content);
    EXPECT_EQ(s.finish, finish);
    EXPECT_EQ(s.usage, usage);
}

TEST_F(ServeTest, StopStringsAndSeedsAreHonoured) {
    start();
    const auto content = [](const HttpResult &r) { return answerContent(jsonOf(r.body)); };
    const QString whole = content(post(QStringLiteral("/chat/completions"), chatBody(false)));
    if (whole.size() < 3) GTEST_SKIP() << "the fixture's answer is too short";
    // A stop string from the middle of the answer ends it just before its first occurrence.
    const QString stop = whole.mid(whole.size() / 2, 2);
    QJsonObject body = chatBody(false);
    body.insert(QStringLiteral("stop"), QJsonArray{QStringLiteral("never"), stop});
    const HttpResult stopped = post(QStringLiteral("/chat/completions"), body);
    ASSERT_EQ(stopped.status, 200) << stopped.body.toStdString();
    EXPECT_EQ(content(stopped), whole.left(whole.indexOf(stop)));
    EXPECT_EQ(jsonOf(stopped.body)
                  .value(QStringLiteral("choices"))
                  .toArray()[0]
                  .toObject()
                  .value(QStringLiteral("finish_reason"))
                  .toString(),
              QStringLiteral("stop"));
    // Sampling with a seed gives the same answer again.
    body = chatBody(false);
    body.insert(QStringLiteral("temperature"), 1.0);
    body.insert(QStringLiteral("seed"), 1234);
    const HttpResult first = post(QStringLiteral("/chat/completions"), body);
    const HttpResult second = post(QStringLiteral("/chat/completions"), body);
    ASSERT_EQ(first.status, 200);
    EXPECT_EQ(content(first), content(second));
}

TEST_F(ServeTest, TextCompletionsStreamedAndWholeAgree) {
    start();
    QJsonObject body{{QStringLiteral("model"), modelId},
                     {QStringLiteral("prompt"), QStringLiteral("Once upon a time")},
                     {QStringLiteral("temperature"), 0},
                     {QStringLiteral("max_tokens"), 6}};
    const HttpResult whole = post(QStringLiteral("/completions"), body);
    ASSERT_EQ(whole.status, 200) << whole.body.toStdString();
    const QJsonObject answer = jsonOf(whole.body);
    EXPECT_EQ(answer.value(QStringLiteral("object")).toString(), QStringLiteral("text_completion"));
    const QJsonObject choice = answer.value(QStringLiteral("choices")).toArray()[0].toObject();
    const QJsonObject usage = answer.value(QStringLiteral("usage")).toObject();
    body.insert(QStringLiteral("stream"), true);
    const HttpResult streamed = post(QStringLiteral("/completions"), body);
    ASSERT_EQ(streamed.status, 200);
    const Stream s = readStream(streamed.body, false);
    EXPECT_TRUE(s.doneLast);
    EXPECT_EQ(s.content, choice.value(QStringLiteral("text")).toString());
    EXPECT_EQ(s.finish, choice.value(QStringLiteral("finish_reason")).toString());
    EXPECT_TRUE(s.usage.isEmpty());  // only with stream_options.include_usage
    // The prompt as it is, without the chat template.
    QString error;
    const auto tokenizer = facet::tokenizer::Tokenizer::fromFile(modelPath, &error);
    ASSERT_TRUE(tokenizer) << error.toStdString();
    EXPECT_EQ(usage.value(QStringLiteral("prompt_tokens")).toInt(),
              int(tokenizer->encode("Once upon a time").size()));
}

// The request the `openai` npm package (v4) sends for client.chat.completions.create({…,
// stream: true}), headers included; the fields Facet does not know are ignored.
TEST_F(ServeTest, AcceptsTheOpenAiJsClientsRequest) {
    start();
    QJsonObject body = chatBody(true, 4);
    body.insert(QStringLiteral("user"), QStringLiteral("user-1"));
    body.insert(QStringLiteral("metadata"),
                QJsonObject{{QStringLiteral("k"), QStringLiteral("v")}});
    body.insert(QStringLiteral("store"), false);
    body.insert(QStringLiteral("frequency_penalty"), 0);
    body.insert(QStringLiteral("presence_penalty"), 0);
    body.insert(QStringLiteral("top_p"), 1);
    body.insert(QStringLiteral("seed"), 42);
    body.insert(QStringLiteral("stop"), QJsonArray{QStringLiteral("\n\n\n\n")});
    body.insert(QStringLiteral("max_completion_tokens"), 4);
    const Headers headers = {{"Accept", "application/json"},
                             {"Content-Type", "application/json"},
                             {"User-Agent", "OpenAI/JS 4.77.0"},
                             {"X-Stainless-Lang", "js"},
                             {"X-Stainless-Package-Version", "4.77.0"},
                             {"X-Stainless-OS", "Linux"},
                             {"X-Stainless-Arch", "x64"},
                             {"X-Stainless-Runtime", "node"},
                             {"X-Stainless-Runtime-Version", "v20.11.0"},
                             {"X-Stainless-Retry-Count", "0"},
                             {"Authorization", "Bearer sk-anything"}};
    const HttpResult r = post(QStringLiteral("/chat/completions"), body, headers);
    ASSERT_EQ(r.status, 200) << r.body.toStdString();
    const Stream s = readStream(r.body, true);
    EXPECT_TRUE(s.doneLast);
    EXPECT_FALSE(s.finish.isEmpty());
    EXPECT_EQ(s.usage.value(QStringLiteral("completion_tokens")).toInt() > 0, true);
}

TEST_F(ServeTest, ErrorsAreOpenAiErrorObjects) {
    start();
    const auto checkError = [](const HttpResult &r, int status) {
        EXPECT_EQ(r.status, status) << r.body.toStdString();
        const QJsonObject e = jsonOf(r.body).value(QStringLiteral("error")).toObject();
        EXPECT_FALSE(e.value(QStringLiteral("message")).toString().isEmpty());
        EXPECT_TRUE(e.contains(QStringLiteral("type")));
        EXPECT_TRUE(e.contains(QStringLiteral("param")));
        EXPECT_TRUE(e.contains(QStringLiteral("code")));
        EXPECT_EQ(r.header("content-type"), "application/json");
    };
    const HttpResult malformed =
        httpRequest("POST", url(QStringLiteral("/chat/completions")), "{\"model\": tiny");
    checkError(malformed, 400);
    EXPECT_EQ(errorCode(malformed), QStringLiteral("invalid_json"));

    QJsonObject body = chatBody(false);
    body.insert(QStringLiteral("temperature"), QStringLiteral("warm"));
    checkError(post(QStringLiteral("/chat/completions"), body), 400);

    body = chatBody(false);
    body.insert(QStringLiteral("model"), QStringLiteral("gpt-4o"));
    const HttpResult unknownModel = post(QStringLiteral("/chat/completions"), body);
    checkError(unknownModel, 404);
    EXPECT_EQ(errorCode(unknownModel), QStringLiteral("model_not_found"));

    checkError(post(QStringLiteral("/embeddings"), chatBody(false)), 404);
    checkError(httpRequest("GET", url(QStringLiteral("/chat/completions"))), 405);

    // An image for a model that reads none.
    body = chatBody(false);
    body.insert(
        QStringLiteral("messages"),
        QJsonArray{QJsonObject{
            {QStringLiteral("role"), QStringLiteral("user")},
            {QStringLiteral("content"),
             QJsonArray{QJsonObject{
                 {QStringLiteral("type"), QStringLiteral("image_url")},
                 {QStringLiteral("image_url"),
                  QJsonObject{{QStringLiteral("url"), QStringLiteral("data:image/png;base64,"
                                                                     "iVBORw0KGgo=")}}}}}}}});
    const HttpResult noImages = post(QStringLiteral("/chat/completions"), body);
    checkError(noImages, 400);
    EXPECT_TRUE(errorMessage(noImages).contains(QStringLiteral("image"), Qt::CaseInsensitive))
        << noImages.body.toStdString();
    // Audio for it too.
    body.insert(QStringLiteral("messages"),
                QJsonArray{QJsonObject{
                    {QStringLiteral("role"), QStringLiteral("user")},
                    {QStringLiteral("content"),
                     QJsonArray{QJsonObject{
                         {QStringLiteral("type"), QStringLiteral("input_audio")},
                         {QStringLiteral("input_audio"),
                          QJsonObject{{QStringLiteral("data"), QStringLiteral("UklGRiQAAABXQVZF")},
                                      {QStringLiteral("format"), QStringLiteral("wav")}}}}}}}});
    const HttpResult noAudio = post(QStringLiteral("/chat/completions"), body);
    checkError(noAudio, 400);
    EXPECT_TRUE(errorMessage(noAudio).contains(QStringLiteral("audio"), Qt::CaseInsensitive))
        << noAudio.body.toStdString();

    // --max-body 1: a 1 MiB limit.
    const HttpResult large =
        httpRequest("POST", url(QStringLiteral("/chat/completions")), QByteArray(3 << 20, ' '));
    checkError(large, 413);

    // A tool of a type other than function.
    body = chatBody(false);
    body.insert(QStringLiteral("tools"),
                QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("web_search")}}});
    const HttpResult badTool = post(QStringLiteral("/chat/completions"), body);
    checkError(badTool, 400);
    EXPECT_EQ(jsonOf(badTool.body)
                  .value(QStringLiteral("error"))
                  .toObject()
                  .value(QStringLiteral("param"))
                  .toString(),
              QStringLiteral("tools[0].type"));

    // The server still answers.
    EXPECT_EQ(post(QStringLiteral("/chat/completions"), chatBody(false, 2)).status, 200);
}

TEST_F(ServeTest, ARequestWithToolsIsAnswered) {
    start();
    QJsonObject body = chatBody(false, 4);
    body.insert(QStringLiteral("tools"),
                QJsonDocument::fromJson(R"([{"type":"function","function":{"name":"get_weather",
            "description":"The weather in a city.","parameters":{"type":"object",
            "required":["city"],"properties":{"city":{"type":"string"}}}}}])")
                    .array());
    body.insert(QStringLiteral("tool_choice"), QStringLiteral("auto"));
    const HttpResult r = post(QStringLiteral("/chat/completions"), body);
    ASSERT_EQ(r.status, 200) << r.body.toStdString();
    const QJsonObject choice =
        jsonOf(r.body).value(QStringLiteral("choices")).toArray()[0].toObject();
    // The random fixture writes text, not a call: either way the answer has the OpenAI shape.
    const QString finish = choice.value(QStringLiteral("finish_reason")).toString();
    EXPECT_TRUE(finish == QStringLiteral("stop") || finish == QStringLiteral("length") ||
                finish == QStringLiteral("tool_calls"))
        << finish.toStdString();
    EXPECT_EQ(
        choice.value(QStringLiteral("message")).toObject().value(QStringLiteral("role")).toString(),
        QStringLiteral("assistant"));
    // The tools made the prompt longer than without them.
    const HttpResult plain = post(QStringLiteral("/chat/completions"), chatBody(false, 4));
    ASSERT_EQ(plain.status, 200);
    const auto promptTokens = [&](const HttpResult &h) {
        return jsonOf(h.body)
            .value(QStringLiteral("usage"))
            .toObject()
            .value(QStringLiteral("prompt_tokens"))
            .toInt();
    };
    EXPECT_GT(promptTokens(r), promptTokens(plain));
}

TEST_F(ServeTest, AnApiKeyIsNeededWhenOneIsSet) {
    start({QStringLiteral("--api-key"), QStringLiteral("sekrit")});
    const HttpResult none = httpRequest("GET", url(QStringLiteral("/models")));
    EXPECT_EQ(none.status, 401);
    EXPECT_EQ(errorCode(none), QStringLiteral("invalid_api_key"));
    EXPECT_EQ(
        httpRequest("GET", url(QStringLiteral("/models")), {}, {{"Authorization", "Bearer wrong"}})
            .status,
        401);
    EXPECT_EQ(post(QStringLiteral("/chat/completions"), chatBody(false, 2),
                   {{"Authorization", "Bearer wrong"}})
                  .status,
              401);
    EXPECT_EQ(
        httpRequest("GET", url(QStringLiteral("/models")), {}, {{"Authorization", "Bearer sekrit"}})
            .status,
        200);
    EXPECT_EQ(post(QStringLiteral("/chat/completions"), chatBody(false, 2),
                   {{"Authorization", "Bearer sekrit"}})
                  .status,
              200);
}

TEST_F(ServeTest, AClientThatLeavesMidStreamCancelsAndTheServerGoesOn) {
    start();
    // A long answer, abandoned after its first piece of content.
    const HttpResult left =
        httpRequest("POST", url(QStringLiteral("/chat/completions")),
                    QJsonDocument(chatBody(true, 100'000)).toJson(QJsonDocument::Compact), {},
                    [](QNetworkReply *reply, const QByteArray &body) {
                        if (body.contains("\"content\":\"") && body.count("data: ") >= 2)
                            reply->abort();
                    });
    EXPECT_EQ(left.error, QNetworkReply::OperationCanceledError);
    // The next request is served, and the abandoned one was cancelled (it never finished).
    const HttpResult next = post(QStringLiteral("/chat/completions"), chatBody(false, 3));
    EXPECT_EQ(next.status, 200) << next.body.toStdString();
    const QByteArray stderrLog = log();
    EXPECT_TRUE(
        stderrLog.contains("POST /v1/chat/completions: the client left; its generation "
                           "is cancelled"))
        << stderrLog.toStdString();
    EXPECT_EQ(stderrLog.count("POST /v1/chat/completions: 200"), 1) << stderrLog.toStdString();
}

// Images and audio through the API, on the tiny multimodal Gemma 4 made in Hugging Face
// transformers (tests/data/gemma4_mm): an answer at temperature 0 is the one `facet-cli run` gives
// for the same prompt and files (the same greedy tokens), whole and streamed; bad media are 400s.
class ServeMediaTest : public ServeTest {
protected:
    void SetUp() override {
        ServeTest::SetUp();
        modelPath = dir.filePath(QStringLiteral("tiny-mm.gguf"));
        QString error;
        ASSERT_TRUE(facet::test::convertHfGemma4ToFile(
            fixture(QString()), modelPath, facet::test::HfGemma4ConvertOptions(), &error))
            << error.toStdString();
    }
    static QString fixture(const QString &name) {
        const QString d = QDir(facet::test::dataDir()).filePath(QStringLiteral("gemma4_mm"));
        return name.isEmpty() ? d : QDir(d).filePath(name);
    }
    static QByteArray fileBytes(const QString &path) {
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
        return f.readAll();
    }
    static QJsonObject imagePart(const QByteArray &mime, const QByteArray &bytes) {
        return QJsonObject{
            {QStringLiteral("type"), QStringLiteral("image_url")},
            {QStringLiteral("image_url"),
             QJsonObject{{QStringLiteral("url"),
                          QString::fromLatin1("data:" + mime + ";base64," + bytes.toBase64())}}}};
    }
    static QJsonObject audioPart(const QByteArray &bytes) {
        return QJsonObject{
            {QStringLiteral("type"), QStringLiteral("input_audio")},
            {QStringLiteral("input_audio"),
             QJsonObject{{QStringLiteral("data"), QString::fromLatin1(bytes.toBase64())},
                         {QStringLiteral("format"), QStringLiteral("wav")}}}};
    }
    // One user message: the text, then the media parts.
    QJsonObject mediaBody(const QString &text, const QJsonArray &media, bool stream,
                          int maxTokens = 6) const {
        QJsonArray parts{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                     {QStringLiteral("text"), text}}};
        for (const QJsonValue &m : media)
            parts.append(m);
        return QJsonObject{{QStringLiteral("model"), modelId},
                           {QStringLiteral("messages"),
                            QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                   {QStringLiteral("content"), parts}}}},
                           {QStringLiteral("temperature"), 0},
                           {QStringLiteral("max_tokens"), maxTokens},
                           {QStringLiteral("stream"), stream},
                           {QStringLiteral("stream_options"),
                            QJsonObject{{QStringLiteral("include_usage"), true}}}};
    }
    struct CliAnswer {
        QString text;
        int promptTokens = -1;
    };
    // `facet-cli run` on the same model, prompt and files at temperature 0.
    CliAnswer cliRun(const QString &text, const QStringList &mediaArgs, int maxTokens = 6) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(
            QStringLiteral(FACET_CLI_PATH),
            QStringList{QStringLiteral("run"), QStringLiteral("-m"), modelPath,
                        QStringLiteral("--backend"), QStringLiteral("cpu"), QStringLiteral("-p"),
                        text, QStringLiteral("--temperature"), QStringLiteral("0"),
                        QStringLiteral("--max-tokens"), QString::number(maxTokens)} +
                mediaArgs);
        CliAnswer a;
        if (!p.waitForFinished(120'000)) {
            p.kill();
            p.waitForFinished();
            ADD_FAILURE() << "facet-cli run timed out";
            return a;
        }
        const QByteArray err = p.readAllStandardError();
        EXPECT_EQ(p.exitCode(), 0) << err.toStdString();
        a.text = QString::fromUtf8(p.readAllStandardOutput());
        const auto m = QRegularExpression(QStringLiteral("prompt tokens: (\\d+)"))
                           .match(QString::fromUtf8(err));
        if (m.hasMatch()) a.promptTokens = m.captured(1).toInt();
        return a;
    }
    // The API's answer against the CLI's, whole and streamed.
    void expectSameAsCli(const QString &text, const QJsonArray &media,
                         const QStringList &mediaArgs) {
        const HttpResult whole =
            post(QStringLiteral("/chat/completions"), mediaBody(text, media, false));
        ASSERT_EQ(whole.status, 200) << whole.body.toStdString();
        const QJsonObject answer = jsonOf(whole.body);
        const QString content = answerContent(answer);
        const QJsonObject usage = answer.value(QStringLiteral("usage")).toObject();
        const CliAnswer cli = cliRun(text, mediaArgs);
        // The CLI ends its output with a line break when the answer does not.
        EXPECT_EQ(cli.text,
                  content.isEmpty() || content.endsWith(u'\n') ? content : content + u'\n');
        EXPECT_EQ(usage.value(QStringLiteral("prompt_tokens")).toInt(), cli.promptTokens);

        const HttpResult streamed =
            post(QStringLiteral("/chat/completions"), mediaBody(text, media, true));
        ASSERT_EQ(streamed.status, 200) << streamed.body.toStdString();
        const Stream s = readStream(streamed.body, true);
        EXPECT_TRUE(s.doneLast);
        EXPECT_EQ(s.content, content);
        EXPECT_EQ(s.usage, usage);
    }
    void startMedia() { start({QStringLiteral("--backend"), QStringLiteral("cpu")}); }
};

TEST_F(ServeMediaTest, ImagesAnswerAsTheCliDoes) {
    startMedia();
    expectSameAsCli(
        QStringLiteral("What is in this picture?"),
        QJsonArray{imagePart("image/png", fileBytes(fixture(QStringLiteral("img0.png"))))},
        {QStringLiteral("--image"), fixture(QStringLiteral("img0.png"))});
    expectSameAsCli(
        QStringLiteral("Describe it."),
        QJsonArray{imagePart("image/jpeg", fileBytes(fixture(QStringLiteral("img1.jpg"))))},
        {QStringLiteral("--image"), fixture(QStringLiteral("img1.jpg"))});
}

TEST_F(ServeMediaTest, AudioAndImagesTogetherAnswerAsTheCliDoes) {
    startMedia();
    expectSameAsCli(QStringLiteral("Transcribe this."),
                    QJsonArray{audioPart(fileBytes(fixture(QStringLiteral("aud0.wav"))))},
                    {QStringLiteral("--audio"), fixture(QStringLiteral("aud0.wav"))});
    // The CLI puts the images before the audio in its one message; so does this request.
    expectSameAsCli(
        QStringLiteral("What do you see and hear?"),
        QJsonArray{imagePart("image/jpeg", fileBytes(fixture(QStringLiteral("img1.jpg")))),
                   audioPart(fileBytes(fixture(QStringLiteral("aud1.wav"))))},
        {QStringLiteral("--image"), fixture(QStringLiteral("img1.jpg")), QStringLiteral("--audio"),
         fixture(QStringLiteral("aud1.wav"))});
}

TEST_F(ServeMediaTest, BadMediaAreRefusedWithAMessage) {
    startMedia();
    const auto expect400 = [&](const QJsonArray &media, const QString &param,
                               const QString &saying) {
        const HttpResult r = post(QStringLiteral("/chat/completions"),
                                  mediaBody(QStringLiteral("Hi"), media, false));
        EXPECT_EQ(r.status, 400) << r.body.toStdString();
        EXPECT_EQ(r.header("content-type"), "application/json");
        const QJsonObject e = jsonOf(r.body).value(QStringLiteral("error")).toObject();
        EXPECT_EQ(e.value(QStringLiteral("type")).toString(),
                  QStringLiteral("invalid_request_error"));
        if (!param.isEmpty()) {
            EXPECT_EQ(e.value(QStringLiteral("param")).toString(), param);
        }
        EXPECT_TRUE(
            e.value(QStringLiteral("message")).toString().contains(saying, Qt::CaseInsensitive))
            << r.body.toStdString();
    };
    // Not base64.
    QJsonObject corrupt = imagePart("image/png", {});
    corrupt.insert(QStringLiteral("image_url"),
                   QJsonObject{{QStringLiteral("url"),
                                QStringLiteral("data:image/png;base64,iVBOR!!w0KG*go=")}});
    expect400({corrupt}, QStringLiteral("messages[0].content[1].image_url.url"),
              QStringLiteral("base64"));
    QJsonObject corruptAudio = audioPart({});
    corruptAudio.insert(QStringLiteral("input_audio"),
                        QJsonObject{{QStringLiteral("data"), QStringLiteral("UklGR%%%")},
                                    {QStringLiteral("format"), QStringLiteral("wav")}});
    expect400({corruptAudio}, QStringLiteral("messages[0].content[1].input_audio.data"),
              QStringLiteral("base64"));
    // A remote URL: the server fetches nothing.
    QJsonObject remote = imagePart("image/png", {});
    remote.insert(
        QStringLiteral("image_url"),
        QJsonObject{{QStringLiteral("url"), QStringLiteral("https://example.com/cat.png")}});
    expect400({remote}, QStringLiteral("messages[0].content[1].image_url.url"),
              QStringLiteral("data URL"));
    // Bytes that are not an image, and a WAV that is not audio.
    expect400({imagePart("image/png", QByteArray("just some text, not a picture"))}, {},
              QStringLiteral("image"));
    QByteArray notAudio = fileBytes(fixture(QStringLiteral("aud0.wav"))).left(44);
    notAudio[8] = 'X';  // "WAVE" → "XAVE"
    notAudio += QByteArray(64, '\x01');
    expect400({audioPart(notAudio)}, {}, QStringLiteral("audio"));
    expect400({audioPart(QByteArray("RIFF\x04\0\0\0WAVE", 12))}, {}, QStringLiteral("audio"));
    // The server still answers, with media.
    const HttpResult ok =
        post(QStringLiteral("/chat/completions"),
             mediaBody(QStringLiteral("Hi"),
                       {imagePart("image/jpeg", fileBytes(fixture(QStringLiteral("img1.jpg"))))},
                       false, 2));
    EXPECT_EQ(ok.status, 200) << ok.body.toStdString();
}

// Several requests on one connection, as HTTP clients with a connection pool send them: a
// streamed answer (chunked) and a whole one, the same answer.
TEST_F(ServeTest, AnswersSeveralRequestsOnOneConnection) {
    start();
    test::RawClient client(quint16(url(QString()).port()));
    const auto request = [&](const QJsonObject &body) {
        const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
        return "POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
               "application/json\r\nContent-Length: " +
               QByteArray::number(json.size()) + "\r\n\r\n" + json;
    };
    client.write("GET /v1/models HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const test::RawResponse models = client.read();
    EXPECT_EQ(models.status, 200);
    client.write(request(chatBody(true, 4)));
    const test::RawResponse streamed = client.read(60'000);
    ASSERT_TRUE(streamed.complete);
    EXPECT_EQ(streamed.header("transfer-encoding"), "chunked");
    EXPECT_EQ(streamed.header("connection"), "keep-alive");
    // Two more at once (pipelined): the whole answer and the models again.
    client.write(request(chatBody(false, 4)) +
                 "GET /v1/models HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const test::RawResponse whole = client.read(60'000);
    ASSERT_EQ(whole.status, 200) << whole.body.toStdString();
    EXPECT_EQ(client.read().body, models.body);
    EXPECT_TRUE(client.connected());
    const Stream s = readStream(streamed.body, true);
    EXPECT_TRUE(s.doneLast);
    EXPECT_EQ(s.content, answerContent(jsonOf(whole.body)));
}

TEST_F(ServeTest, CorsHeadersOnlyForTheOriginsGiven) {
    start({QStringLiteral("--cors"), QStringLiteral("http://localhost:3000"),
           QStringLiteral("--cors"), QStringLiteral("https://app.example")});
    const Headers origin = {{"Origin", "http://localhost:3000"}};
    // The preflight.
    const HttpResult pre =
        httpRequest("OPTIONS", url(QStringLiteral("/chat/completions")), {},
                    {{"Origin", "https://app.example"},
                     {"Access-Control-Request-Method", "POST"},
                     {"Access-Control-Request-Headers", "authorization,content-type"}});
    EXPECT_EQ(pre.status, 204);
    EXPECT_EQ(pre.header("access-control-allow-origin"), "https://app.example");
    EXPECT_TRUE(pre.header("access-control-allow-methods").contains("POST"));
    EXPECT_TRUE(pre.header("access-control-allow-headers").contains("Authorization"));
    EXPECT_TRUE(pre.header("access-control-allow-headers").contains("Content-Type"));
    EXPECT_FALSE(pre.header("access-control-max-age").isEmpty());
    // Answers: whole, streamed and errors carry the header for an allowed origin.
    const HttpResult list = httpRequest("GET", url(QStringLiteral("/models")), {}, origin);
    EXPECT_EQ(list.header("access-control-allow-origin"), "http://localhost:3000");
    const HttpResult streamed =
        post(QStringLiteral("/chat/completions"), chatBody(true, 2), origin);
    EXPECT_EQ(streamed.status, 200);
    EXPECT_EQ(streamed.header("access-control-allow-origin"), "http://localhost:3000");
    QJsonObject bad = chatBody(false);
    bad.insert(QStringLiteral("model"), QStringLiteral("nope"));
    const HttpResult error = post(QStringLiteral("/chat/completions"), bad, origin);
    EXPECT_EQ(error.status, 404);
    EXPECT_EQ(error.header("access-control-allow-origin"), "http://localhost:3000");
    // Another origin: no header, and no preflight answer.
    const Headers other = {{"Origin", "https://evil.example"}};
    EXPECT_TRUE(httpRequest("GET", url(QStringLiteral("/models")), {}, other)
                    .header("access-control-allow-origin")
                    .isEmpty());
    const HttpResult otherPre = httpRequest(
        "OPTIONS", url(QStringLiteral("/chat/completions")), {},
        {{"Origin", "https://evil.example"}, {"Access-Control-Request-Method", "POST"}});
    EXPECT_NE(otherPre.status, 204);
    EXPECT_TRUE(otherPre.header("access-control-allow-origin").isEmpty());
}

TEST_F(ServeTest, NoCorsHeadersWithoutCorsAndAnyOriginWithAStar) {
    start();
    const Headers origin = {{"Origin", "http://localhost:3000"}};
    const HttpResult list = httpRequest("GET", url(QStringLiteral("/models")), {}, origin);
    EXPECT_EQ(list.status, 200);
    for (const auto &[name, value] : list.headers)
        EXPECT_FALSE(name.toLower().startsWith("access-control-")) << name.toStdString();
    const HttpResult pre = httpRequest(
        "OPTIONS", url(QStringLiteral("/chat/completions")), {},
        {{"Origin", "http://localhost:3000"}, {"Access-Control-Request-Method", "POST"}});
    EXPECT_NE(pre.status, 204);
    for (const auto &[name, value] : pre.headers)
        EXPECT_FALSE(name.toLower().startsWith("access-control-")) << name.toStdString();
    server.terminate();
    server.waitForFinished(30'000);
    stdoutText.clear();
    start({QStringLiteral("--cors"), QStringLiteral("*"), QStringLiteral("--api-key"),
           QStringLiteral("k")});
    // The preflight needs no key; the answers carry the header, a 401 too.
    const HttpResult starPre =
        httpRequest("OPTIONS", url(QStringLiteral("/models")), {},
                    {{"Origin", "https://any.example"}, {"Access-Control-Request-Method", "GET"}});
    EXPECT_EQ(starPre.status, 204);
    EXPECT_EQ(starPre.header("access-control-allow-origin"), "*");
    const HttpResult noKey =
        httpRequest("GET", url(QStringLiteral("/models")), {}, {{"Origin", "https://any.example"}});
    EXPECT_EQ(noKey.status, 401);
    EXPECT_EQ(noKey.header("access-control-allow-origin"), "*");
}

// Adapters as served models: each --adapter is MODEL:NAME in the list, a request naming it runs
// through it, the base id runs on the base model alone.
TEST_F(ServeTest, AdaptersAreServedAsModelsOfTheirOwn) {
    QString error;
    const auto file = facet::gguf::File::open(modelPath, &error);
    ASSERT_TRUE(file) << error.toStdString();
    const auto config = facet::model::Gemma4Config::fromGguf(*file, &error);
    ASSERT_TRUE(config) << error.toStdString();
    auto rng = facet::test::seededRng();
    const auto makeAdapter = [&](const QString &path, uint64_t seed) {
        facet::model::LoraConfig cfg;
        cfg.rank = 4;
        cfg.alpha = 8;
        auto adapter = facet::model::LoraAdapter::create(*config, cfg, seed, &error);
        ASSERT_TRUE(adapter) << error.toStdString();
        facet::test::randomizeLoraB(*adapter, rng, 0.5f);
        ASSERT_TRUE(facet::train::saveGgufLora(*adapter, path, &error)) << error.toStdString();
    };
    const QString pirate = dir.filePath(QStringLiteral("pirate.gguf"));
    ASSERT_TRUE(QDir(dir.path()).mkpath(QStringLiteral("run1")));
    const QString run = dir.filePath(QStringLiteral("run1/adapter.gguf"));
    makeAdapter(pirate, 9);
    makeAdapter(run, 10);
    start({QStringLiteral("--adapter"), pirate, QStringLiteral("--adapter"), run});

    const HttpResult list = httpRequest("GET", url(QStringLiteral("/models")));
    ASSERT_EQ(list.status, 200);
    const QJsonArray data = jsonOf(list.body).value(QStringLiteral("data")).toArray();
    ASSERT_EQ(data.size(), 3) << list.body.toStdString();
    EXPECT_EQ(data[0].toObject().value(QStringLiteral("id")).toString(), QStringLiteral("tiny"));
    EXPECT_FALSE(data[0].toObject().contains(QStringLiteral("parent")));
    EXPECT_EQ(data[1].toObject().value(QStringLiteral("id")).toString(),
              QStringLiteral("tiny:pirate"));
    EXPECT_EQ(data[1].toObject().value(QStringLiteral("parent")).toString(),
              QStringLiteral("tiny"));
    EXPECT_EQ(data[2].toObject().value(QStringLiteral("id")).toString(),
              QStringLiteral("tiny:run1"));
    EXPECT_EQ(httpRequest("GET", url(QStringLiteral("/models/tiny:pirate"))).status, 200);
    EXPECT_EQ(httpRequest("GET", url(QStringLiteral("/models/tiny:parrot"))).status, 404);

    const auto ask = [&](const QString &model) {
        QJsonObject body = chatBody(false, 8);
        body.insert(QStringLiteral("model"), model);
        const HttpResult r = post(QStringLiteral("/chat/completions"), body);
        EXPECT_EQ(r.status, 200) << r.body.toStdString();
        const QJsonObject answer = jsonOf(r.body);
        EXPECT_EQ(answer.value(QStringLiteral("model")).toString(), model);
        return answerContent(answer);
    };
    // Back and forth: each model gives its own answer again.
    const QString base = ask(QStringLiteral("tiny"));
    const QString adapted = ask(QStringLiteral("tiny:pirate"));
    const QString other = ask(QStringLiteral("tiny:run1"));
    EXPECT_EQ(ask(QStringLiteral("tiny")), base);
    EXPECT_EQ(ask(QStringLiteral("tiny:pirate")), adapted);
    EXPECT_NE(adapted, base);
    EXPECT_NE(other, adapted);
    // A streamed answer through the adapter is the whole one.
    QJsonObject body = chatBody(true, 8);
    body.insert(QStringLiteral("model"), QStringLiteral("tiny:pirate"));
    const HttpResult streamed = post(QStringLiteral("/chat/completions"), body);
    ASSERT_EQ(streamed.status, 200);
    const Stream st = readStream(streamed.body, true);
    EXPECT_EQ(st.content, adapted);
    EXPECT_EQ(st.chunks.front().value(QStringLiteral("model")).toString(),
              QStringLiteral("tiny:pirate"));

    // An adapter it does not serve: 404 naming those it does.
    body = chatBody(false);
    body.insert(QStringLiteral("model"), QStringLiteral("tiny:parrot"));
    const HttpResult unknown = post(QStringLiteral("/chat/completions"), body);
    EXPECT_EQ(unknown.status, 404);
    EXPECT_EQ(errorCode(unknown), QStringLiteral("model_not_found"));
    EXPECT_TRUE(unknown.body.contains("tiny:pirate")) << unknown.body.toStdString();
}

TEST_F(ServeTest, BadAdaptersAndOriginsAreRefusedAtStart) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FACET_CLI_PATH),
            {QStringLiteral("serve"), QStringLiteral("-m"), modelPath, QStringLiteral("--adapter"),
             dir.filePath(QStringLiteral("missing.gguf"))});
    ASSERT_TRUE(p.waitForFinished(60'000));
    EXPECT_NE(p.exitCode(), 0);
    EXPECT_TRUE(p.readAllStandardError().contains("missing.gguf does not exist"));
    // A file that is no adapter.
    const QString notAdapter = dir.filePath(QStringLiteral("notes.gguf"));
    {
        QFile f(notAdapter);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("not a GGUF file at all");
    }
    p.start(QStringLiteral(FACET_CLI_PATH), {QStringLiteral("serve"), QStringLiteral("-m"),
                                             modelPath, QStringLiteral("--adapter"), notAdapter});
    ASSERT_TRUE(p.waitForFinished(60'000));
    EXPECT_NE(p.exitCode(), 0);
    const QByteArray why = p.readAllStandardError();
    EXPECT_TRUE(why.contains("--adapter") && why.contains("notes.gguf")) << why.toStdString();
    for (const QString &origin :
         {QStringLiteral("localhost:3000"), QStringLiteral("http://localhost:3000/app"),
          QStringLiteral("http://a.example/")}) {
        p.start(QStringLiteral(FACET_CLI_PATH), {QStringLiteral("serve"), QStringLiteral("-m"),
                                                 modelPath, QStringLiteral("--cors"), origin});
        ASSERT_TRUE(p.waitForFinished(60'000));
        EXPECT_EQ(p.exitCode(), 2) << origin.toStdString();
        EXPECT_TRUE(p.readAllStandardError().contains("is not an origin")) << origin.toStdString();
    }
}

TEST_F(ServeTest, OtherHostsNeedAnApiKey) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FACET_CLI_PATH),
            {QStringLiteral("serve"), QStringLiteral("-m"), modelPath, QStringLiteral("--host"),
             QStringLiteral("0.0.0.0")});
    ASSERT_TRUE(p.waitForFinished(60'000));
    EXPECT_EQ(p.exitCode(), 2);
    EXPECT_TRUE(p.readAllStandardError().contains("--api-key"));
    p.start(QStringLiteral(FACET_CLI_PATH), {QStringLiteral("serve"), QStringLiteral("--help")});
    ASSERT_TRUE(p.waitForFinished(60'000));
    EXPECT_EQ(p.exitCode(), 0);
    const QByteArray help = p.readAllStandardOutput();
    for (const char *option : {"--port N", "--host ADDR", "--api-key KEY", "--adapter PATH",
                               "--adapter-scale X", "--max-body MIB", "--cors ORIGIN"})
        EXPECT_TRUE(help.contains(option)) << option;
}

}  // namespace
}  // namespace facet::server
