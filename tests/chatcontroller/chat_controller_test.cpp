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

#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>

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

}  // namespace
}  // namespace facet

FACET_GPU_TEST_MAIN()
