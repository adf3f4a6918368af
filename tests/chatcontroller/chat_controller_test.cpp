// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The chat controller between a real conversation database and a real engine thread, on a
// generated fixture (Vulkan: lavapipe on CI): the request it builds from a stored conversation,
// and each conversation's KV state files over switches, deletion and exit.
#include "chat_controller.h"
#include "conversation_store.h"
#include "engine_host.h"

#include "support/gemma4_fixture.h"
#include "support/gpu_process.h"
#include "support/lora_support.h"

#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

namespace facet {
namespace {

using app::ChatController;
using app::ConversationSettings;
using app::ConversationStore;
using app::EngineHost;
using app::StoredAttachment;
using app::StoredMessage;

constexpr int kTimeoutMs = 120000;

class ChatControllerTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        modelPath = dir.filePath(QStringLiteral("tiny.gguf"));
        QString error;
        ASSERT_TRUE(test::writeGemma4Fixture(modelPath, test::Gemma4FixtureOptions{}, &error))
            << error.toStdString();
        store = std::make_unique<ConversationStore>(dir.filePath(QStringLiteral("chats.sqlite")));
        ASSERT_TRUE(store->open(&error)) << error.toStdString();
    }

    // A conversation with one user message and an empty answer under it; returns the answer's id.
    qint64 conversationWithQuestion(const QString &text, qint64 *conversation,
                                    const ConversationSettings &settings = {}) {
        QString error;
        *conversation = store->createConversation(text, settings, &error);
        EXPECT_GT(*conversation, 0) << error.toStdString();
        return question(*conversation, text);
    }
    // Adds a user message and an empty answer to the conversation; returns the answer's id.
    qint64 question(qint64 conversation, const QString &text) {
        QString error;
        StoredMessage user;
        user.conversationId = conversation;
        user.parentId = store->currentLeaf(conversation);
        user.role = QStringLiteral("user");
        user.content = text;
        const qint64 userId = store->addMessage(user, &error);
        EXPECT_GT(userId, 0) << error.toStdString();
        StoredMessage answer;
        answer.conversationId = conversation;
        answer.parentId = userId;
        answer.role = QStringLiteral("assistant");
        answer.complete = false;
        const qint64 answerId = store->addMessage(answer, &error);
        EXPECT_GT(answerId, 0) << error.toStdString();
        return answerId;
    }

    QTemporaryDir dir;
    QString modelPath;
    std::unique_ptr<ConversationStore> store;
};

// An engine thread with the fixture loaded, and a controller over it and the store.
struct Chat {
    explicit Chat(ConversationStore *store) : controller(&host, store) {}

    bool load(const QString &modelPath) {
        QSignalSpy loaded(&host, &EngineHost::modelLoaded);
        session::LoadRequest r;
        r.path = modelPath;
        r.contextLength = 512;
        emit host.loadModel(r);
        return loaded.wait(kTimeoutMs);
    }
    // Sends the answer `answerId` of `conversation` and waits for its end; true when it finished.
    bool answer(qint64 conversation, qint64 answerId) {
        QSignalSpy finished(&controller, &ChatController::finished);
        QSignalSpy failed(&controller, &ChatController::failed);
        controller.send(conversation, answerId);
        QElapsedTimer timer;
        timer.start();
        while (finished.isEmpty() && failed.isEmpty() && timer.elapsed() < kTimeoutMs)
            finished.wait(100);
        return !finished.isEmpty();
    }

    EngineHost host;
    ChatController controller;
};

// The request for an answer: the conversation's settings, its path before the answer (a failed
// answer with no text left out, attachments counted), its state key and file.
TEST_F(ChatControllerTest, RequestCarriesTheConversation) {
    ConversationSettings settings;
    settings.systemPrompt = QStringLiteral("Be brief.");
    settings.think = true;
    settings.sampling.temperature = 0.5;
    settings.sampling.topK = 7;
    settings.sampling.fixedSeed = true;
    settings.sampling.seed = 99;
    settings.sampling.maxTokens = 33;
    qint64 conversation = 0;
    const qint64 firstAnswer =
        conversationWithQuestion(QStringLiteral("First"), &conversation, settings);
    QString error;
    ASSERT_TRUE(store->updateMessage(firstAnswer, QString(), QString(), QJsonArray(), QJsonObject(),
                                     QStringLiteral("the GPU fell over"), true, &error))
        << error.toStdString();
    StoredMessage user;
    user.conversationId = conversation;
    user.parentId = firstAnswer;
    user.role = QStringLiteral("user");
    user.content = QStringLiteral("Look at this");
    StoredAttachment image;
    image.kind = StoredAttachment::Kind::Image;
    image.name = QStringLiteral("a.png");
    image.data = "png";
    user.attachments = {image, image};
    const qint64 userId = store->addMessage(user, &error);
    ASSERT_GT(userId, 0) << error.toStdString();
    StoredMessage answer;
    answer.conversationId = conversation;
    answer.parentId = userId;
    answer.role = QStringLiteral("assistant");
    answer.complete = false;
    const qint64 answerId = store->addMessage(answer, &error);
    ASSERT_GT(answerId, 0) << error.toStdString();

    EngineHost host;
    ChatController controller(&host, store.get());
    const session::ChatRequest r = controller.request(conversation, answerId);
    ASSERT_EQ(r.conversation.messages.size(), 3u);
    EXPECT_EQ(r.conversation.messages[0].role, chat::Role::System);
    EXPECT_EQ(r.conversation.messages[0].content, "Be brief.");
    EXPECT_EQ(r.conversation.messages[1].content, "First");
    EXPECT_EQ(r.conversation.messages[2].content, "Look at this");
    EXPECT_EQ(r.conversation.messages[2].images, 2);
    EXPECT_TRUE(r.conversation.think);
    EXPECT_FLOAT_EQ(r.sampling.temperature, 0.5f);
    EXPECT_EQ(r.sampling.topK, 7);
    EXPECT_TRUE(r.sampling.hasSeed);
    EXPECT_EQ(r.sampling.seed, 99u);
    EXPECT_EQ(r.maxTokens, 33);
    EXPECT_EQ(r.stateKey, ChatController::stateKey(conversation));
    EXPECT_EQ(r.statePath, store->kvStatePath(conversation));
}

// The defect this guards against: deleting a conversation left its state files (the engine's
// token file at least) on disk, and the engine, never told, wrote the conversation's KV cache
// again at the next switch and at exit (hundreds of MB for a long chat). Deleting removes both
// files and has the engine forget the conversation, so nothing is written again.
TEST_F(ChatControllerTest, DeletingAConversationRemovesItsStateForGood) {
    ConversationSettings shortAnswers;
    shortAnswers.sampling.temperature = 0;
    shortAnswers.sampling.maxTokens = 6;
    qint64 a = 0, b = 0;
    const qint64 a1 = conversationWithQuestion(QStringLiteral("Remember this"), &a, shortAnswers);
    const qint64 b1 = conversationWithQuestion(QStringLiteral("Another one"), &b, shortAnswers);
    const QString aState = store->kvStatePath(a), bState = store->kvStatePath(b);
    const auto exists = [](const QString &state) {
        return QFile::exists(state) || QFile::exists(state + QStringLiteral(".tokens"));
    };
    {
        Chat chat(store.get());
        ASSERT_TRUE(chat.load(modelPath));
        ASSERT_TRUE(chat.answer(a, a1));
        ASSERT_TRUE(chat.answer(b, b1));  // a's cache is saved
        ASSERT_TRUE(QFile::exists(aState));
        ASSERT_TRUE(QFile::exists(aState + QStringLiteral(".tokens")));
        ASSERT_TRUE(chat.answer(a, question(a, QStringLiteral("And then?"))));  // a's is current

        QString error;
        ASSERT_TRUE(chat.controller.deleteConversation(a, &error)) << error.toStdString();
        ASSERT_TRUE(chat.answer(b, question(b, QStringLiteral("Still there?"))));  // a switch
        EXPECT_FALSE(exists(aState)) << "after the next conversation switch";
        chat.host.shutdown();
    }
    EXPECT_FALSE(exists(aState)) << "after exit";
    EXPECT_TRUE(QFile::exists(bState + QStringLiteral(".tokens")));
}

// The adapter of a conversation goes with every request: its path and strength while it is on,
// nothing while it is off (the choice stays) or none is chosen.
TEST_F(ChatControllerTest, RequestCarriesTheConversationsAdapter) {
    ConversationSettings settings;
    settings.adapterPath = QStringLiteral("/adapters/pirate");
    settings.adapterStrength = 0.75;
    qint64 conversation = 0;
    const qint64 answer = conversationWithQuestion(QStringLiteral("Ahoy"), &conversation, settings);
    EngineHost host;
    ChatController controller(&host, store.get());
    session::ChatRequest r = controller.request(conversation, answer);
    EXPECT_EQ(r.adapter, settings.adapterPath);
    EXPECT_FLOAT_EQ(r.adapterStrength, 0.75f);

    QString error;
    settings.adapterEnabled = false;
    ASSERT_TRUE(store->setSettings(conversation, settings, &error)) << error.toStdString();
    r = controller.request(conversation, answer);
    EXPECT_TRUE(r.adapter.isEmpty());
    EXPECT_EQ(store->settings(conversation).adapterPath, settings.adapterPath);

    settings.adapterEnabled = true;
    settings.adapterPath.clear();
    ASSERT_TRUE(store->setSettings(conversation, settings, &error)) << error.toStdString();
    EXPECT_TRUE(controller.request(conversation, answer).adapter.isEmpty());
}

// The tiny transformers Gemma 4 (tests/data/gemma4_mm) as GGUF, and the PEFT adapter Hugging Face
// made for it (tests/data/gemma4_lora), which changes its logits.
class ChatControllerAdapterTest : public ChatControllerTest {
protected:
    void SetUp() override {
        ChatControllerTest::SetUp();
        hfModelPath = dir.filePath(QStringLiteral("gemma4_mm.gguf"));
        QString error;
        ASSERT_TRUE(test::writePeftBaseModel(hfModelPath, &error)) << error.toStdString();
        adapterPath = test::peftAdapterDir();
        greedy.sampling.temperature = 0;
        greedy.sampling.maxTokens = 12;
        greedy.adapterPath = adapterPath;
    }

    struct Answer {
        QString content, thinking;
        bool finished = false;
        QString error;
    };
    // Runs controller.compare() and collects both answers from the streamed deltas.
    static std::pair<Answer, Answer> compare(ChatController &controller, qint64 conversation,
                                             qint64 lastId, const QString &prompt) {
        std::pair<Answer, Answer> out;
        QObject context;
        QObject::connect(&controller, &ChatController::comparisonDelta, &context,
                         [&](bool adapted, const session::ChatDelta &d) {
                             Answer &a = adapted ? out.second : out.first;
                             if (d.kind == session::ChatDelta::Kind::Content) a.content += d.text;
                             if (d.kind == session::ChatDelta::Kind::Thinking) a.thinking += d.text;
                         });
        QObject::connect(&controller, &ChatController::comparisonFinished, &context,
                         [&](bool adapted, const session::ChatStats &) {
                             (adapted ? out.second : out.first).finished = true;
                         });
        QObject::connect(&controller, &ChatController::comparisonFailed, &context,
                         [&](bool adapted, const QString &error, const QString &) {
                             (adapted ? out.second : out.first).error = error;
                         });
        QString error;
        EXPECT_TRUE(controller.compare(conversation, lastId, prompt, &error))
            << error.toStdString();
        QElapsedTimer timer;
        timer.start();
        while (controller.isComparing() && timer.elapsed() < kTimeoutMs)
            QTest::qWait(20);
        EXPECT_FALSE(controller.isComparing());
        return out;
    }
    QList<std::pair<qint64, QString>> history(qint64 conversation) const {
        QList<std::pair<qint64, QString>> out;
        for (const StoredMessage &m : store->currentPath(conversation))
            out.append({m.id, m.content});
        return out;
    }

    QString hfModelPath, adapterPath;
    ConversationSettings greedy;
};

// "Compare with base model": the same question answered by the base model and through the
// adapter, under their own state keys. The adapted answer is the conversation's own answer (its
// requests run through the adapter too), the base answer differs, the conversation's messages
// are untouched, and its KV cache is still there for the next turn.
TEST_F(ChatControllerAdapterTest, CompareAnswersWithAndWithoutTheAdapter) {
    qint64 conversation = 0;
    const qint64 answerId =
        conversationWithQuestion(QStringLiteral("Tell me a story"), &conversation, greedy);
    Chat chat(store.get());
    ASSERT_TRUE(chat.load(hfModelPath));
    QSignalSpy requests(&chat.host, &EngineHost::chat);
    ASSERT_TRUE(chat.answer(conversation, answerId));
    ASSERT_EQ(requests.count(), 1);
    EXPECT_EQ(requests.last().at(0).value<session::ChatRequest>().adapter, adapterPath);
    EXPECT_EQ(chat.controller.currentAdapter(), adapterPath);
    // The answer the adapter gave (streamed, so read it from the engine's deltas).
    QString adaptedAnswer;
    {
        QObject context;
        QObject::connect(&chat.controller, &ChatController::delta, &context,
                         [&](const session::ChatDelta &d) {
                             if (d.kind == session::ChatDelta::Kind::Content)
                                 adaptedAnswer += d.text;
                         });
        ASSERT_TRUE(chat.answer(conversation, answerId));  // the same answer again
    }
    ASSERT_FALSE(adaptedAnswer.isEmpty());
    QString error;
    ASSERT_TRUE(store->updateMessage(answerId, adaptedAnswer, QString(), QJsonArray(),
                                     QJsonObject(), QString(), true, &error))
        << error.toStdString();
    const auto before = history(conversation);
    const qint64 userId = before.first().first;

    requests.clear();
    const auto [base, adapted] = compare(chat.controller, conversation, userId, QString());
    ASSERT_EQ(requests.count(), 2);
    const auto baseRequest = requests.at(0).at(0).value<session::ChatRequest>();
    const auto adaptedRequest = requests.at(1).at(0).value<session::ChatRequest>();
    EXPECT_TRUE(baseRequest.adapter.isEmpty());
    EXPECT_EQ(adaptedRequest.adapter, adapterPath);
    EXPECT_EQ(baseRequest.stateKey, ChatController::compareStateKey(conversation, false));
    EXPECT_EQ(adaptedRequest.stateKey, ChatController::compareStateKey(conversation, true));
    EXPECT_NE(baseRequest.stateKey, adaptedRequest.stateKey);
    EXPECT_NE(baseRequest.stateKey, ChatController::stateKey(conversation));
    EXPECT_TRUE(baseRequest.statePath.isEmpty() && adaptedRequest.statePath.isEmpty());
    ASSERT_EQ(baseRequest.conversation.messages.size(), 1u);
    EXPECT_EQ(baseRequest.conversation.messages[0].content, "Tell me a story");

    ASSERT_TRUE(base.finished && adapted.finished)
        << base.error.toStdString() << adapted.error.toStdString();
    EXPECT_EQ(adapted.content, adaptedAnswer);
    EXPECT_NE(base.content, adapted.content) << "the adapter changes the tiny model's answer";
    EXPECT_EQ(history(conversation), before) << "a comparison writes nothing";

    // A new prompt (not in the database) compared after the answer.
    const auto [base2, adapted2] =
        compare(chat.controller, conversation, answerId, QStringLiteral("And then?"));
    EXPECT_TRUE(base2.finished && adapted2.finished);
    EXPECT_NE(base2.thinking + base2.content, adapted2.thinking + adapted2.content);
    EXPECT_EQ(history(conversation), before);

    // The conversation's cache survived both comparisons: the next turn reuses it.
    QSignalSpy started(&chat.controller, &ChatController::started);
    ASSERT_TRUE(chat.answer(conversation, question(conversation, QStringLiteral("And then?"))));
    ASSERT_EQ(started.count(), 1);
    EXPECT_GT(started.first().at(1).toInt(), 10) << "reused prompt tokens";

    // Without an adapter there is nothing to compare.
    ConversationSettings none = greedy;
    none.adapterPath.clear();
    ASSERT_TRUE(store->setSettings(conversation, none, &error));
    error.clear();
    EXPECT_FALSE(chat.controller.compare(conversation, userId, QString(), &error));
    EXPECT_FALSE(error.isEmpty());
}

// An adapter the engine cannot use (here: made for another model, so its shapes do not fit) fails
// that answer with the engine's message, and the conversation goes back to the base model: the
// next answer runs.
TEST_F(ChatControllerAdapterTest, AnAdapterForAnotherModelFallsBackToTheBaseModel) {
    qint64 conversation = 0;
    const qint64 answerId = conversationWithQuestion(QStringLiteral("Hi"), &conversation, greedy);
    Chat chat(store.get());
    ASSERT_TRUE(chat.load(modelPath));  // the generated fixture, not gemma4_mm
    QSignalSpy failed(&chat.controller, &ChatController::failed);
    QSignalSpy dropped(&chat.controller, &ChatController::adapterFailed);
    EXPECT_FALSE(chat.answer(conversation, answerId));
    ASSERT_EQ(failed.count(), 1);
    EXPECT_TRUE(failed.first().at(0).toString().contains(QStringLiteral("adapter")))
        << failed.first().at(0).toString().toStdString();
    ASSERT_EQ(dropped.count(), 1);
    EXPECT_EQ(dropped.first().at(0).toLongLong(), conversation);
    EXPECT_EQ(dropped.first().at(1).toString(), adapterPath);
    EXPECT_TRUE(store->settings(conversation).adapterPath.isEmpty());
    EXPECT_EQ(store->settings(conversation).sampling.maxTokens, 12) << "the rest is kept";
    EXPECT_TRUE(chat.answer(conversation, answerId));
    EXPECT_EQ(dropped.count(), 1);
}

}  // namespace
}  // namespace facet

FACET_GPU_TEST_MAIN()
