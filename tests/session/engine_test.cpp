// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Engine QObject on its worker thread, driven only through queued calls as the app drives it,
// on a generated fixture (Vulkan: lavapipe on CI). The oracle for every answer is the CPU
// reference: the same conversation rendered and generated greedily by generate::Generator over
// CpuReferenceBackend, parsed by chat::OutputParser. The parity tests (tests/gpu) establish that
// greedy GPU and reference continuations are identical on these fixtures.
#include "session/engine.h"
#include "gguf/gguf.h"
#include "model/lora.h"
#include "model/reference_model.h"
#include "support/gemma4_fixture.h"
#include "support/gpu_process.h"
#include "support/lora_support.h"
#include "support/reference_answer.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"
#include "train/adapter_io.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <memory>

namespace facet {
namespace {

using session::ChatDelta;
using session::ChatRequest;
using session::ChatStats;
using session::Engine;
using session::LoadRequest;
using session::ModelInfo;

constexpr int kTimeoutMs = 120000;

chat::Message message(chat::Role role, const std::string &text) {
    chat::Message m;
    m.role = role;
    m.content = text;
    return m;
}

// An engine on its own thread, with every signal recorded.
class EngineHarness {
public:
    EngineHarness() {
        engine = new Engine;
        engine->moveToThread(&thread);
        QObject::connect(&thread, &QThread::finished, engine, &QObject::deleteLater);
        QObject::connect(engine, &Engine::shutDown, &thread, &QThread::quit, Qt::DirectConnection);
        loaded = std::make_unique<QSignalSpy>(engine, &Engine::modelLoaded);
        loadFailed = std::make_unique<QSignalSpy>(engine, &Engine::modelLoadFailed);
        finished = std::make_unique<QSignalSpy>(engine, &Engine::chatFinished);
        failed = std::make_unique<QSignalSpy>(engine, &Engine::chatFailed);
        started = std::make_unique<QSignalSpy>(engine, &Engine::chatStarted);
        deltas = std::make_unique<QSignalSpy>(engine, &Engine::chatDelta);
        shut = std::make_unique<QSignalSpy>(engine, &Engine::shutDown);
    }
    ~EngineHarness() {
        if (thread.isRunning()) {
            QMetaObject::invokeMethod(engine, "shutdown", Qt::QueuedConnection);
            EXPECT_TRUE(thread.wait(kTimeoutMs));
        }
    }
    void start() { thread.start(); }
    void load(const LoadRequest &r) {
        QMetaObject::invokeMethod(engine, "loadModel", Qt::QueuedConnection,
                                  Q_ARG(facet::session::LoadRequest, r));
    }
    void chat(const ChatRequest &r) {
        QMetaObject::invokeMethod(engine, "chat", Qt::QueuedConnection,
                                  Q_ARG(facet::session::ChatRequest, r));
    }
    void cancel(quint64 id) {
        QMetaObject::invokeMethod(engine, "cancel", Qt::QueuedConnection, Q_ARG(quint64, id));
    }
    void forget(const QString &key, const QString &statePath) {
        QMetaObject::invokeMethod(engine, "forgetConversation", Qt::QueuedConnection,
                                  Q_ARG(QString, key), Q_ARG(QString, statePath));
    }
    bool loadAndWait(const LoadRequest &r) {
        load(r);
        return waitFor(*loaded, loaded->count() + 1);
    }
    static bool waitFor(QSignalSpy &spy, int count) {
        while (spy.count() < count)
            if (!spy.wait(kTimeoutMs)) return false;
        return true;
    }
    // Sends a chat and waits for its end (finished or failed).
    void chatAndWait(const ChatRequest &r) {
        const int before = finished->count() + failed->count();
        chat(r);
        QElapsedTimer timer;
        timer.start();
        while (finished->count() + failed->count() == before) {
            ASSERT_LT(timer.elapsed(), kTimeoutMs) << "no answer to chat " << r.id;
            finished->wait(100);
        }
    }
    QString contentOf(quint64 id) const {
        QString text;
        for (const QList<QVariant> &args : *deltas) {
            const auto d = args.at(0).value<ChatDelta>();
            if (d.id == id && d.kind == ChatDelta::Kind::Content) text += d.text;
        }
        return text;
    }
    ChatStats lastStats() const { return finished->last().at(0).value<ChatStats>(); }

    QThread thread;
    Engine *engine = nullptr;
    std::unique_ptr<QSignalSpy> loaded, loadFailed, finished, failed, started, deltas, shut;
};

class EngineTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        modelPath = dir.filePath(QStringLiteral("tiny.gguf"));
        QString error;
        ASSERT_TRUE(test::writeGemma4Fixture(modelPath, fixture, &error)) << error.toStdString();
        file = gguf::File::open(modelPath, &error);
        ASSERT_TRUE(file) << error.toStdString();
        reference = model::ReferenceModel::load(*file, &error);
        ASSERT_TRUE(reference) << error.toStdString();
        tokenizer = tokenizer::Tokenizer::fromGguf(*file, &error);
        ASSERT_TRUE(tokenizer) << error.toStdString();
    }

    test::ReferenceAnswer expected(const chat::Conversation &conv, int maxTokens) const {
        return test::referenceGreedyAnswer(*reference, *tokenizer, conv, maxTokens);
    }

    LoadRequest loadRequest() const {
        LoadRequest r;
        r.path = modelPath;
        r.contextLength = 512;
        return r;
    }
    ChatRequest request(quint64 id, const chat::Conversation &conv, int maxTokens,
                        const QString &key = {}) const {
        ChatRequest r;
        r.id = id;
        r.conversation = conv;
        r.sampling.temperature = 0;
        r.maxTokens = maxTokens;
        r.stateKey = key;
        r.statePath = key.isEmpty() ? QString() : dir.filePath(key + QStringLiteral(".kv"));
        return r;
    }
    static chat::Conversation conversation(const std::string &text) {
        chat::Conversation c;
        c.messages.push_back(message(chat::Role::System, "You are terse."));
        c.messages.push_back(message(chat::Role::User, text));
        return c;
    }

    test::Gemma4FixtureOptions fixture;
    QTemporaryDir dir;
    QString modelPath;
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<model::ReferenceModel> reference;
    std::unique_ptr<tokenizer::Tokenizer> tokenizer;
};

// Load, then one chat: the streamed content equals the reference's answer; statistics add up.
TEST_F(EngineTest, StreamsTheReferenceAnswer) {
    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    const auto info = h.loaded->first().at(0).value<ModelInfo>();
    EXPECT_EQ(info.path, modelPath);
    EXPECT_EQ(info.contextLength, 512);
    EXPECT_FALSE(info.device.isEmpty());

    const chat::Conversation conv = conversation("Hello there");
    const test::ReferenceAnswer want = expected(conv, 24);
    h.chatAndWait(request(7, conv, 24));
    ASSERT_EQ(h.failed->count(), 0) << h.failed->first().at(1).toString().toStdString();
    EXPECT_EQ(h.contentOf(7), QString::fromStdString(want.content));
    const ChatStats s = h.lastStats();
    EXPECT_EQ(s.id, 7u);
    EXPECT_EQ(s.promptTokens, want.promptTokens);
    EXPECT_EQ(s.reusedTokens, 0);
    EXPECT_EQ(s.generatedTokens, want.generated);
    EXPECT_EQ(s.contextLength, 512);
    EXPECT_GT(s.contextUsed, want.promptTokens - 1);
    ASSERT_EQ(h.started->count(), 1);
    EXPECT_EQ(h.started->first().at(1).toInt(), want.promptTokens);
}

// A context length beyond the model's own (the app's default 8192 for a model trained for 1024)
// loads with the model's maximum, and ModelInfo says what was asked for; the default (0) is the
// model's maximum too, without a request to report.
TEST_F(EngineTest, ContextLongerThanTheModelsIsCappedAtItsMaximum) {
    test::Gemma4FixtureOptions shortContext = fixture;
    shortContext.contextLength = 1024;
    const QString path = dir.filePath(QStringLiteral("short.gguf"));
    QString error;
    ASSERT_TRUE(test::writeGemma4Fixture(path, shortContext, &error)) << error.toStdString();
    EngineHarness h;
    h.start();
    LoadRequest r = loadRequest();
    r.path = path;
    r.contextLength = 8192;
    h.load(r);
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return h.loaded->count() + h.loadFailed->count() > 0; }, kTimeoutMs));
    ASSERT_EQ(h.loadFailed->count(), 0) << h.loadFailed->first().at(1).toString().toStdString();
    ModelInfo info = h.loaded->last().at(0).value<ModelInfo>();
    EXPECT_EQ(info.contextLength, 1024);
    EXPECT_EQ(info.requestedContextLength, 8192);
    h.chatAndWait(request(1, conversation("hi"), 4));
    ASSERT_EQ(h.finished->count(), 1);
    EXPECT_EQ(h.lastStats().contextLength, 1024);

    r.contextLength = 0;
    ASSERT_TRUE(h.loadAndWait(r));
    info = h.loaded->last().at(0).value<ModelInfo>();
    EXPECT_EQ(info.contextLength, 1024);
    EXPECT_EQ(info.requestedContextLength, 0);
    EXPECT_EQ(h.loadFailed->count(), 0);
}

// The next turn of the same conversation reuses the cache (only the new tokens are computed)
// and answers exactly as a fresh run of the whole conversation; regenerating the same turn
// rewinds to the prompt and answers the same again.
TEST_F(EngineTest, NextTurnAndRegenerateReuseTheCache) {
    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    chat::Conversation conv = conversation("First question");
    h.chatAndWait(request(1, conv, 12, QStringLiteral("conv1")));
    ASSERT_EQ(h.failed->count(), 0);
    conv.messages.push_back(message(chat::Role::Assistant, h.contentOf(1).toStdString()));
    conv.messages.push_back(message(chat::Role::User, "Second question"));
    const test::ReferenceAnswer want = expected(conv, 12);

    h.chatAndWait(request(2, conv, 12, QStringLiteral("conv1")));
    ASSERT_EQ(h.failed->count(), 0);
    EXPECT_EQ(h.contentOf(2), QString::fromStdString(want.content));
    const ChatStats second = h.lastStats();
    EXPECT_EQ(second.promptTokens, want.promptTokens);
    // Everything up to the first answer's text is shared with the first request's prompt.
    EXPECT_GT(second.reusedTokens, 10);
    EXPECT_LT(second.reusedTokens, second.promptTokens);

    h.chatAndWait(request(3, conv, 12, QStringLiteral("conv1")));
    EXPECT_EQ(h.contentOf(3), QString::fromStdString(want.content));
    EXPECT_EQ(h.lastStats().reusedTokens, want.promptTokens - 1);

    // The same conversation without a key is recomputed from scratch, with the same answer.
    h.chatAndWait(request(4, conv, 12));
    EXPECT_EQ(h.contentOf(4), QString::fromStdString(want.content));
    EXPECT_EQ(h.lastStats().reusedTokens, 0);
}

// Conversations run through their own adapter: an adapted answer differs from the base model's
// and comes back the same after switching away and back; a conversation's saved cache is
// restored only under the adapter it was computed with (the state fingerprint carries it); a
// file that is no adapter fails that chat with a message, and the engine carries on.
TEST_F(EngineTest, ConversationsRunThroughTheirAdapter) {
    model::LoraConfig cfg;
    cfg.rank = 4;
    cfg.alpha = 8;
    QString error;
    auto adapter = model::LoraAdapter::create(reference->config(), cfg, 9, &error);
    ASSERT_TRUE(adapter) << error.toStdString();
    auto rng = test::seededRng();
    test::randomizeLoraB(*adapter, rng, 0.5f);
    const QString path = dir.filePath(QStringLiteral("adapter.gguf"));
    ASSERT_TRUE(train::saveGgufLora(*adapter, path, &error)) << error.toStdString();

    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    const chat::Conversation conv = conversation("Tell me something");
    const test::ReferenceAnswer base = expected(conv, 16);
    const auto adapted = [&](quint64 id, const QString &key, float strength = 1.0f) {
        ChatRequest r = request(id, conv, 16, key);
        r.adapter = path;
        r.adapterStrength = strength;
        return r;
    };
    h.chatAndWait(adapted(1, QStringLiteral("with")));
    ASSERT_EQ(h.failed->count(), 0) << h.failed->first().at(1).toString().toStdString();
    const QString answer = h.contentOf(1);
    EXPECT_NE(answer, QString::fromStdString(base.content));
    // Another conversation without the adapter: the base model's answer.
    h.chatAndWait(request(2, conv, 16, QStringLiteral("without")));
    ASSERT_EQ(h.failed->count(), 0);
    EXPECT_EQ(h.contentOf(2), QString::fromStdString(base.content));
    // Back to the first: its cache is restored (same adapter), and the answer is the same.
    h.chatAndWait(adapted(3, QStringLiteral("with")));
    ASSERT_EQ(h.failed->count(), 0);
    EXPECT_EQ(h.contentOf(3), answer);
    EXPECT_TRUE(h.lastStats().restoredState);
    // The first conversation's cache under another strength is not restored: recomputed.
    h.chatAndWait(adapted(4, QStringLiteral("with"), 0.5f));
    ASSERT_EQ(h.failed->count(), 0);
    EXPECT_FALSE(h.lastStats().restoredState);
    EXPECT_EQ(h.lastStats().reusedTokens, 0);
    // A file that is no adapter: that chat fails, the next one runs.
    ChatRequest bad = request(5, conv, 16);
    bad.adapter = modelPath;
    h.chatAndWait(bad);
    ASSERT_EQ(h.failed->count(), 1);
    EXPECT_TRUE(h.failed->first().at(1).toString().contains(QStringLiteral("not a LoRA adapter")))
        << h.failed->first().at(1).toString().toStdString();
    h.chatAndWait(request(6, conv, 16));
    EXPECT_EQ(h.failed->count(), 1);
    EXPECT_EQ(h.contentOf(6), QString::fromStdString(base.content));
}

// Switching conversations saves the cache to the conversation's state file; a new engine (after
// a restart) restores it and continues without recomputing, with the same answer.
TEST_F(EngineTest, ConversationStateSurvivesARestart) {
    chat::Conversation a = conversation("Remember this conversation");
    QString firstAnswer;
    {
        EngineHarness h;
        h.start();
        ASSERT_TRUE(h.loadAndWait(loadRequest()));
        h.chatAndWait(request(1, a, 10, QStringLiteral("a")));
        firstAnswer = h.contentOf(1);
        h.chatAndWait(request(2, conversation("Another one"), 4, QStringLiteral("b")));
        ASSERT_EQ(h.failed->count(), 0);
        EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("a.kv"))));
        EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("a.kv.tokens"))));
    }  // shutdown saves "b"
    EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("b.kv"))));
    a.messages.push_back(message(chat::Role::Assistant, firstAnswer.toStdString()));
    a.messages.push_back(message(chat::Role::User, "And now?"));
    const test::ReferenceAnswer want = expected(a, 10);

    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    h.chatAndWait(request(3, a, 10, QStringLiteral("a")));
    ASSERT_EQ(h.failed->count(), 0);
    EXPECT_EQ(h.contentOf(3), QString::fromStdString(want.content));
    const ChatStats s = h.lastStats();
    EXPECT_TRUE(s.restoredState);
    EXPECT_GT(s.reusedTokens, 10);

    // A damaged state file is not used: the conversation is recomputed, same answer.
    EngineHarness h2;
    h2.start();
    ASSERT_TRUE(h2.loadAndWait(loadRequest()));
    QFile f(dir.filePath(QStringLiteral("b.kv")));
    ASSERT_TRUE(f.open(QIODevice::ReadWrite));
    ASSERT_TRUE(f.resize(f.size() / 3));
    f.close();
    const chat::Conversation b = conversation("Another one");
    h2.chatAndWait(request(4, b, 4, QStringLiteral("b")));
    ASSERT_EQ(h2.failed->count(), 0);
    EXPECT_FALSE(h2.lastStats().restoredState);
    EXPECT_EQ(h2.lastStats().reusedTokens, 0);
    EXPECT_EQ(h2.contentOf(4), QString::fromStdString(expected(b, 4).content));
}

// The state file's folder need not exist: the engine creates it when it first saves there (the
// app keeps the files in a "kv" folder beside its database, created by nobody else).
TEST_F(EngineTest, StateFolderIsCreatedOnFirstSave) {
    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    const QString folder = dir.filePath(QStringLiteral("kv/deeper"));
    ASSERT_FALSE(QFileInfo::exists(folder));
    ChatRequest a = request(1, conversation("Keep this"), 4, QStringLiteral("a"));
    a.statePath = folder + QStringLiteral("/a.kv");
    h.chatAndWait(a);
    h.chatAndWait(request(2, conversation("Now this"), 4, QStringLiteral("b")));
    ASSERT_EQ(h.failed->count(), 0);
    EXPECT_TRUE(QFile::exists(a.statePath));
    EXPECT_TRUE(QFile::exists(a.statePath + QStringLiteral(".tokens")));
}

// Forgetting a conversation (the user deleted it) deletes its state files and drops its cache
// when the engine holds it: nothing of it is written again, at the next switch or at shutdown,
// and the same key later starts from nothing.
TEST_F(EngineTest, ForgottenConversationIsNeverSavedAgain) {
    const QString aState = dir.filePath(QStringLiteral("a.kv"));
    const auto aFiles = [&] {
        return QFile::exists(aState) || QFile::exists(aState + QStringLiteral(".tokens"));
    };
    const chat::Conversation a = conversation("Remember this conversation");
    {
        EngineHarness h;
        h.start();
        ASSERT_TRUE(h.loadAndWait(loadRequest()));
        h.chatAndWait(request(1, a, 6, QStringLiteral("a")));
        h.chatAndWait(request(2, conversation("Another one"), 4, QStringLiteral("b")));
        ASSERT_TRUE(aFiles());
        EXPECT_EQ(Engine::stateFiles(aState),
                  QStringList({aState, aState + QStringLiteral(".tokens")}));
        h.chatAndWait(request(3, a, 6, QStringLiteral("a")));  // restored: a's cache is current
        ASSERT_TRUE(h.lastStats().restoredState);

        h.forget(QStringLiteral("a"), aState);
        h.chatAndWait(request(4, conversation("Another one"), 4, QStringLiteral("b")));
        EXPECT_FALSE(aFiles()) << "written again at the switch";
        h.chatAndWait(request(5, a, 6, QStringLiteral("a")));
        EXPECT_FALSE(h.lastStats().restoredState);
        EXPECT_EQ(h.lastStats().reusedTokens, 0);
        h.forget(QStringLiteral("a"), aState);  // a's cache again, and queued behind nothing
        ASSERT_EQ(h.failed->count(), 0);
    }  // shutdown saves whatever is current
    EXPECT_FALSE(aFiles()) << "written again at shutdown";
    EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("b.kv.tokens"))));
}

// A cancel sent while the answer streams stops it within a step: the chat ends as cancelled
// with fewer tokens than it would have produced.
TEST_F(EngineTest, CancelStopsAStreamingAnswer) {
    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    // The fixture's random weights rarely pick a stop token; ban it from mattering with a
    // long limit and cancel on the first streamed piece.
    QObject::connect(
        h.engine, &Engine::chatDelta, h.engine,
        [&h, sent = std::make_shared<bool>(false)](const ChatDelta &d) {
            if (!*sent) {
                *sent = true;
                h.cancel(d.id);
            }
        },
        Qt::DirectConnection);
    h.chatAndWait(request(9, conversation("Talk for a long time"), 400));
    ASSERT_EQ(h.finished->count(), 1);
    const ChatStats s = h.lastStats();
    EXPECT_EQ(s.stopReason.toStdString(), "cancelled");
    EXPECT_LT(s.generatedTokens, 400);
}

// Bad input: each failure is a clear message, and the engine keeps working afterwards.
TEST_F(EngineTest, ErrorsAreReportedAndTheEngineCarriesOn) {
    EngineHarness h;
    h.start();
    // No model yet.
    h.chatAndWait(request(1, conversation("hi"), 4));
    ASSERT_EQ(h.failed->count(), 1);
    EXPECT_TRUE(h.failed->last().at(1).toString().contains(QLatin1String("No model")));

    // Not a GGUF file; a GGUF that is not Gemma 4; a missing file.
    const QString junk = dir.filePath(QStringLiteral("junk.gguf"));
    QFile j(junk);
    ASSERT_TRUE(j.open(QIODevice::WriteOnly));
    j.write("this is not a model");
    j.close();
    const QString other = dir.filePath(QStringLiteral("llama.gguf"));
    gguf::Writer w;
    w.set("general.architecture", gguf::Value::string("llama"));
    QString error;
    ASSERT_TRUE(w.write(other, &error)) << error.toStdString();
    int failures = 0;
    for (const QString &path : {junk, other, dir.filePath(QStringLiteral("missing.gguf"))}) {
        LoadRequest r = loadRequest();
        r.path = path;
        h.load(r);
        ASSERT_TRUE(EngineHarness::waitFor(*h.loadFailed, ++failures));
        const QList<QVariant> args = h.loadFailed->last();
        EXPECT_EQ(args.at(0).toString(), path);
        EXPECT_FALSE(args.at(1).toString().isEmpty());
        EXPECT_FALSE(args.at(2).toBool());
    }
    EXPECT_TRUE(h.loadFailed->at(1).at(1).toString().contains(QLatin1String("not a Gemma 4")));

    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    // Attachments to a model without towers: the message says what is missing.
    chat::Conversation withImage = conversation("What is in this picture?");
    withImage.messages.back().images = 1;
    withImage.messages.back().imageData = {QByteArray("png")};
    h.chatAndWait(request(2, withImage, 4));
    EXPECT_TRUE(h.failed->last().at(1).toString().contains(QLatin1String("no vision tower")));
    EXPECT_FALSE(h.failed->last().at(2).toString().isEmpty());
    // A prompt longer than the context.
    chat::Conversation huge = conversation(std::string(6000, 'x'));
    h.chatAndWait(request(3, huge, 4));
    EXPECT_TRUE(h.failed->last().at(1).toString().contains(QLatin1String("context")));
    // Invalid sampling.
    ChatRequest bad = request(4, conversation("hi"), 4);
    bad.sampling.topP = 3;
    h.chatAndWait(bad);
    EXPECT_TRUE(h.failed->last().at(1).toString().contains(QLatin1String("top_p")));
    // And a good chat still works.
    const chat::Conversation ok = conversation("Still there?");
    h.chatAndWait(request(5, ok, 6));
    EXPECT_EQ(h.finished->count(), 1);
    EXPECT_EQ(h.contentOf(5), QString::fromStdString(expected(ok, 6).content));
}

// A load cancelled while it uploads ends as cancelled (no model, no error text); requests queued
// behind it run afterwards.
TEST_F(EngineTest, LoadCanBeCancelled) {
    EngineHarness h;
    h.load(loadRequest());  // both calls are queued before the thread runs: the cancel arrives
    h.cancel(0);            // while the load polls between upload chunks
    h.start();
    ASSERT_TRUE(EngineHarness::waitFor(*h.loadFailed, 1));
    EXPECT_TRUE(h.loadFailed->first().at(2).toBool());
    EXPECT_TRUE(h.loadFailed->first().at(1).toString().isEmpty());
    EXPECT_EQ(h.loaded->count(), 0);
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
}

// Shutting down while an answer streams: the generation stops, the model is released on the
// engine's thread, shutDown is emitted and the thread ends.
TEST_F(EngineTest, ShutdownDuringGenerationIsClean) {
    auto h = std::make_unique<EngineHarness>();
    h->start();
    ASSERT_TRUE(h->loadAndWait(loadRequest()));
    // The shutdown is queued from the engine's thread at the first streamed piece, so it is
    // there at the next step whatever the speed (queued from here, 400 tokens could end first).
    EngineHarness *harness = h.get();
    QObject::connect(
        h->engine, &Engine::chatDelta, h->engine,
        [harness, sent = std::make_shared<bool>(false)] {
            if (!*sent) {
                *sent = true;
                QMetaObject::invokeMethod(harness->engine, "shutdown", Qt::QueuedConnection);
            }
        },
        Qt::DirectConnection);
    h->chat(request(1, conversation("Go on and on"), 400, QStringLiteral("s")));
    ASSERT_TRUE(h->thread.wait(kTimeoutMs));
    EXPECT_EQ(h->shut->count(), 1);
    ASSERT_EQ(h->finished->count(), 1);
    EXPECT_EQ(h->lastStats().stopReason.toStdString(), "cancelled");
    // The conversation's cache was saved on the way out.
    EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("s.kv.tokens"))));
}

// ---- Fine-tuning
// ---------------------------------------------------------------------------------

// Training through the engine: the spies, a data file and a small run's request.
class EngineTrainingTest : public EngineTest {
protected:
    struct Spies {
        explicit Spies(Engine *e)
            : started(e, &Engine::trainingStarted),
              progress(e, &Engine::trainingProgress),
              samples(e, &Engine::trainingSample),
              paused(e, &Engine::trainingPaused),
              finished(e, &Engine::trainingFinished),
              failed(e, &Engine::trainingFailed),
              checked(e, &Engine::datasetChecked) {}
        QSignalSpy started, progress, samples, paused, finished, failed, checked;
        // Waits until `ends` runs have ended one way or another (counted from the spies'
        // creation: a run may end before the wait begins).
        bool waitForEnds(int ends) {
            QElapsedTimer timer;
            timer.start();
            while (paused.count() + finished.count() + failed.count() < ends) {
                if (timer.elapsed() > kTimeoutMs) return false;
                finished.wait(50);
            }
            return true;
        }
        train::TrainProgress progressAt(int i) const {
            return progress.at(i).at(0).value<train::TrainProgress>();
        }
    };

    QString writeFile(const QString &name, const QByteArray &text) const {
        const QString path = dir.filePath(name);
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
        return path;
    }
    // Six copies of one prompt and answer: the loss of a run over them falls quickly.
    QString goodData() const {
        QByteArray text;
        for (int i = 0; i < 6; ++i)
            text +=
                "{\"prompt\":\"What colour is the sky?\",\"completion\":\"Blue, always "
                "blue.\"}\n";
        return writeFile(QStringLiteral("good.jsonl"), text);
    }
    session::TrainRequest trainRequest(const QString &data, int steps) const {
        session::TrainRequest r;
        r.data.dataPath = data;
        r.data.validationSplit = 0.2;  // one of six
        r.data.maxTokens = 128;
        r.config.lora.rank = 4;
        r.config.lora.alpha = 8;
        r.config.lora.targets = {model::LoraTarget::AttnQ, model::LoraTarget::AttnV};
        r.config.schedule = train::LrSchedule::Constant;
        r.config.warmupFraction = 0;
        r.config.learningRate = 1e-2;
        r.config.batchTokens = 1;  // one example a step
        r.config.maxSteps = steps;
        r.config.epochs = 10;
        r.config.evalEvery = 3;
        r.config.checkpointEvery = 100;
        r.outDir = dir.filePath(QStringLiteral("run"));
        r.sampleTokens = 8;
        return r;
    }
    static void invoke(Engine *e, const char *slot) {
        QMetaObject::invokeMethod(e, slot, Qt::QueuedConnection);
    }
    static void startTraining(Engine *e, const session::TrainRequest &r) {
        QMetaObject::invokeMethod(e, "startTraining", Qt::QueuedConnection,
                                  Q_ARG(facet::session::TrainRequest, r));
    }
};

// A run on the loaded model: started, one progress signal per step with finite, falling losses,
// validation and samples (greedy answers through the adapter of that step) at the evaluation
// steps, and the adapter written in both formats at the end.
TEST_F(EngineTrainingTest, TrainsWithProgressSamplesAndAnAdapter) {
    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    // What the Fine-tune dock's estimate reads.
    const auto info = h.loaded->first().at(0).value<ModelInfo>();
    ASSERT_TRUE(info.config);
    EXPECT_EQ(info.config->layerCount, reference->config().layerCount);
    EXPECT_GT(info.gpuMemory.weightBytes, 0);
    Spies s(h.engine);
    startTraining(h.engine, trainRequest(goodData(), 6));
    ASSERT_TRUE(s.waitForEnds(1));
    ASSERT_EQ(s.failed.count(), 0) << s.failed.first().at(0).toString().toStdString();
    ASSERT_EQ(s.started.count(), 1);
    EXPECT_FALSE(s.started.first().at(1).toBool());  // not resumed
    EXPECT_EQ(s.started.first().at(2).toLongLong(), 0);
    EXPECT_EQ(s.started.first().at(3).toLongLong(), 6);
    ASSERT_EQ(s.progress.count(), 6);
    for (int i = 0; i < 6; ++i) {
        const train::TrainProgress p = s.progressAt(i);
        EXPECT_EQ(p.step, i + 1);
        EXPECT_EQ(p.totalSteps, 6);
        EXPECT_TRUE(std::isfinite(p.loss));
        EXPECT_GT(p.tokens, 0);
        EXPECT_EQ(p.validationLoss.has_value(), p.step % 3 == 0) << p.step;
    }
    EXPECT_LT(s.progressAt(5).loss, s.progressAt(0).loss);
    EXPECT_LT(*s.progressAt(5).validationLoss, *s.progressAt(2).validationLoss);
    // The validation example's prompt, answered at steps 3 and 6.
    ASSERT_EQ(s.samples.count(), 2);
    EXPECT_EQ(s.samples.at(0).at(0).toLongLong(), 3);
    EXPECT_EQ(s.samples.at(1).at(0).toLongLong(), 6);
    EXPECT_EQ(s.samples.at(0).at(1).toString(), QStringLiteral("What colour is the sky?"));
    ASSERT_EQ(s.finished.count(), 1);
    const auto result = s.finished.first().at(0).value<session::TrainResult>();
    EXPECT_FALSE(result.stoppedEarly);
    EXPECT_EQ(result.step, 6);
    EXPECT_TRUE(QFileInfo::exists(result.ggufPath));
    EXPECT_TRUE(QFileInfo::exists(QDir(result.peftPath).filePath("adapter_config.json")));
    // The chat works afterwards, through the base model and through the new adapter.
    const chat::Conversation conv = conversation("Hello again");
    h.chatAndWait(request(1, conv, 6));
    ASSERT_EQ(h.failed->count(), 0);
    EXPECT_EQ(h.contentOf(1), QString::fromStdString(expected(conv, 6).content));
    ChatRequest adapted = request(2, conv, 6);
    adapted.adapter = result.ggufPath;
    h.chatAndWait(adapted);
    EXPECT_EQ(h.failed->count(), 0);
}

// A pause checkpoints the run at the step it arrives after; starting again on the same folder
// resumes there and ends at the same total.
TEST_F(EngineTrainingTest, PauseThenStartResumes) {
    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    Spies s(h.engine);
    // Sent from the engine's thread right after step 2 is reported: delivered between steps.
    QObject::connect(
        h.engine, &Engine::trainingProgress, h.engine,
        [&h](const train::TrainProgress &p) {
            if (p.step == 2) invoke(h.engine, "pauseTraining");
        },
        Qt::DirectConnection);
    session::TrainRequest r = trainRequest(goodData(), 5);
    r.sampleTokens = 0;
    startTraining(h.engine, r);
    ASSERT_TRUE(s.waitForEnds(1));
    ASSERT_EQ(s.failed.count(), 0) << s.failed.first().at(0).toString().toStdString();
    ASSERT_EQ(s.paused.count(), 1);
    EXPECT_EQ(s.paused.first().at(1).toLongLong(), 2);
    EXPECT_EQ(s.paused.first().at(2).toLongLong(), 5);
    EXPECT_EQ(s.finished.count(), 0);
    EXPECT_TRUE(QFileInfo::exists(QDir(r.outDir).filePath("checkpoint/state.json")));

    startTraining(h.engine, r);
    ASSERT_TRUE(s.waitForEnds(2));
    ASSERT_EQ(s.failed.count(), 0) << s.failed.first().at(0).toString().toStdString();
    ASSERT_EQ(s.started.count(), 2);
    EXPECT_TRUE(s.started.last().at(1).toBool());
    EXPECT_EQ(s.started.last().at(2).toLongLong(), 2);
    ASSERT_EQ(s.progress.count(), 5);
    EXPECT_EQ(s.progressAt(2).step, 3);
    EXPECT_EQ(s.progressAt(4).step, 5);
    ASSERT_EQ(s.finished.count(), 1);
    EXPECT_EQ(s.finished.first().at(0).value<session::TrainResult>().step, 5);
}

// While a run trains, a chat and a model load are refused with messages that say why; a stop
// ends the run with the adapter of that step saved, and the chat works again.
TEST_F(EngineTrainingTest, ChatAndLoadAreRefusedWhileTrainingAndStopSavesTheAdapter) {
    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    Spies s(h.engine);
    const ChatRequest during = request(11, conversation("Are you there?"), 4);
    const LoadRequest load = loadRequest();
    QObject::connect(
        h.engine, &Engine::trainingProgress, h.engine,
        [&](const train::TrainProgress &p) {
            if (p.step == 1) {
                h.chat(during);
                h.load(load);
            }
            if (p.step == 2) invoke(h.engine, "stopTraining");
        },
        Qt::DirectConnection);
    session::TrainRequest r = trainRequest(goodData(), 50);
    r.sampleTokens = 0;
    startTraining(h.engine, r);
    ASSERT_TRUE(s.waitForEnds(1));
    ASSERT_EQ(s.failed.count(), 0) << s.failed.first().at(0).toString().toStdString();
    ASSERT_EQ(h.failed->count(), 1);
    EXPECT_EQ(h.failed->first().at(0).toULongLong(), 11u);
    EXPECT_TRUE(h.failed->first().at(1).toString().contains(QLatin1String("trained")));
    EXPECT_TRUE(h.failed->first().at(2).toString().contains(QLatin1String("pause")));
    ASSERT_EQ(h.loadFailed->count(), 1);
    EXPECT_TRUE(h.loadFailed->first().at(1).toString().contains(QLatin1String("trained")));
    EXPECT_EQ(h.loaded->count(), 1);
    ASSERT_EQ(s.finished.count(), 1);
    const auto result = s.finished.first().at(0).value<session::TrainResult>();
    EXPECT_TRUE(result.stoppedEarly);
    EXPECT_EQ(result.step, 2);
    EXPECT_EQ(result.totalSteps, 50);
    EXPECT_TRUE(QFileInfo::exists(result.ggufPath));
    h.chatAndWait(request(12, conversation("Now?"), 4));
    EXPECT_EQ(h.finished->count(), 1);
}

// Closing the app while a run trains: the run is checkpointed (resumable), the model released
// and the thread ends.
TEST_F(EngineTrainingTest, ShutdownDuringTrainingCheckpointsTheRun) {
    auto h = std::make_unique<EngineHarness>();
    h->start();
    ASSERT_TRUE(h->loadAndWait(loadRequest()));
    Spies s(h->engine);
    QObject::connect(
        h->engine, &Engine::trainingProgress, h->engine,
        [&h](const train::TrainProgress &p) {
            if (p.step == 1) invoke(h->engine, "shutdown");
        },
        Qt::DirectConnection);
    session::TrainRequest r = trainRequest(goodData(), 50);
    r.sampleTokens = 0;
    startTraining(h->engine, r);
    ASSERT_TRUE(h->thread.wait(kTimeoutMs));
    EXPECT_EQ(h->shut->count(), 1);
    ASSERT_EQ(s.paused.count(), 1);
    EXPECT_EQ(s.paused.first().at(1).toLongLong(), 1);
    EXPECT_TRUE(QFileInfo::exists(QDir(r.outDir).filePath("checkpoint/state.json")));
}

// The merged export on the engine thread: progress up to the whole file; a cancel right behind
// the request stops it with nothing left behind.
TEST_F(EngineTrainingTest, ExportsAMergedModelAndCancels) {
    model::LoraConfig cfg;
    cfg.rank = 4;
    cfg.alpha = 8;
    QString error;
    auto adapter = model::LoraAdapter::create(reference->config(), cfg, 3, &error);
    ASSERT_TRUE(adapter) << error.toStdString();
    auto rng = test::seededRng();
    test::randomizeLoraB(*adapter, rng, 0.5f);
    const QString adapterPath = dir.filePath(QStringLiteral("adapter.gguf"));
    ASSERT_TRUE(train::saveGgufLora(*adapter, adapterPath, &error)) << error.toStdString();

    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    QSignalSpy progress(h.engine, &Engine::exportProgress);
    QSignalSpy done(h.engine, &Engine::exportFinished);
    QSignalSpy failed(h.engine, &Engine::exportFailed);
    session::MergeRequest r;
    r.adapterPath = adapterPath;
    r.outPath = dir.filePath(QStringLiteral("merged.gguf"));
    r.type = QStringLiteral("f16");
    const auto exportMerged = [&](const session::MergeRequest &m) {
        QMetaObject::invokeMethod(h.engine, "exportMerged", Qt::QueuedConnection,
                                  Q_ARG(facet::session::MergeRequest, m));
    };
    exportMerged(r);
    ASSERT_TRUE(EngineHarness::waitFor(done, 1));
    EXPECT_EQ(done.first().at(0).toString(), r.outPath);
    EXPECT_EQ(failed.count(), 0);
    ASSERT_GE(progress.count(), 2);
    EXPECT_DOUBLE_EQ(progress.last().at(0).toDouble(), 1.0);
    // The merged file is a whole GGUF file.
    std::unique_ptr<gguf::File> merged = gguf::File::open(r.outPath, &error);
    ASSERT_TRUE(merged) << error.toStdString();

    session::MergeRequest second = r;
    second.outPath = dir.filePath(QStringLiteral("cancelled.gguf"));
    exportMerged(second);
    invoke(h.engine, "cancelExport");
    ASSERT_TRUE(EngineHarness::waitFor(failed, 1));
    EXPECT_TRUE(failed.first().at(1).toBool());
    EXPECT_TRUE(failed.first().at(0).toString().isEmpty());
    EXPECT_FALSE(QFileInfo::exists(second.outPath));
    EXPECT_EQ(done.count(), 1);
}

// Bad data: the check lists the line, and a run on it fails naming the line; good data is
// described (counts, lengths, a rendered example with its trained part).
TEST_F(EngineTrainingTest, DataIsCheckedWithLineNumbers) {
    EngineHarness h;
    h.start();
    ASSERT_TRUE(h.loadAndWait(loadRequest()));
    Spies s(h.engine);
    const QString bad =
        writeFile(QStringLiteral("bad.jsonl"),
                  "{\"prompt\":\"One\",\"completion\":\"Two\"}\n{\"prompt\": oops}\n"
                  "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"},{\"role\":\"assistant\","
                  "\"content\":\"Hello!\"}]}\n");
    session::DatasetCheckRequest check;
    check.data.dataPath = bad;
    check.data.maxTokens = 128;
    QMetaObject::invokeMethod(h.engine, "checkDataset", Qt::QueuedConnection,
                              Q_ARG(facet::session::DatasetCheckRequest, check));
    ASSERT_TRUE(EngineHarness::waitFor(s.checked, 1));
    const auto report = s.checked.first().at(0).value<session::DatasetReport>();
    EXPECT_TRUE(report.error.isEmpty());
    EXPECT_FALSE(report.usable);
    EXPECT_EQ(report.examples, 2);
    EXPECT_EQ(report.errorCount, 1);
    ASSERT_EQ(report.issues.size(), 1u);
    EXPECT_EQ(report.issues[0].line, 2);
    EXPECT_EQ(report.issues[0].file, QStringLiteral("bad.jsonl"));
    EXPECT_FALSE(report.histogramText.isEmpty());
    ASSERT_EQ(report.rendered.size(), 2u);
    QString trained, all;
    for (const auto &piece : report.rendered[1].pieces) {
        all += piece.text;
        if (piece.trained) trained += piece.text;
    }
    EXPECT_TRUE(all.contains(QLatin1String("Hi")));
    EXPECT_TRUE(trained.startsWith(QLatin1String("Hello!"))) << trained.toStdString();
    EXPECT_FALSE(trained.contains(QLatin1String("Hi")));

    startTraining(h.engine, trainRequest(bad, 2));
    ASSERT_TRUE(s.waitForEnds(1));
    ASSERT_EQ(s.failed.count(), 1);
    EXPECT_TRUE(s.failed.first().at(0).toString().contains(QLatin1String("line 2")))
        << s.failed.first().at(0).toString().toStdString();
    EXPECT_EQ(s.started.count(), 0);
}

}  // namespace
}  // namespace facet

FACET_GPU_TEST_MAIN()
