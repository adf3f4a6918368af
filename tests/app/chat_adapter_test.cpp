// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The chat panel's adapters, driven through its widgets over a real conversation database and a
// real engine thread: the tiny transformers Gemma 4 (tests/data/gemma4_mm) with the PEFT adapter
// Hugging Face made for it (tests/data/gemma4_lora), which changes its answers. Adapters run on
// the GPU only, so without a display (offscreen platform: no Vulkan in Qt 6.4) the tests that
// answer are skipped; under xvfb-run they run on Vulkan (lavapipe on CI).
#include "adapter_choice.h"
#include "adapter_picker.h"
#include "app_settings.h"
#include "chat/chat_controller.h"
#include "chat/chat_panel.h"
#include "chat/comparison_view.h"
#include "chat/engine_host.h"
#include "conversation_store.h"
#include "pending_attachments.h"

#include "support/gemma4_fixture.h"
#include "support/lora_support.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

#include <memory>

namespace facet {
namespace {

using app::AdapterNames;
using app::AdapterPicker;
using app::ChatPanel;
using app::ConversationStore;
using app::EngineHost;
using app::StoredMessage;

constexpr int kTimeoutMs = 120000;

// What a compared answer says: its reasoning and its text (a random tiny model may answer
// with either only).
QString answerOf(const app::ComparisonView &view, bool adapted) {
    return view.thinking(adapted) + u'|' + view.content(adapted);
}

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Choosing an adapter: a PEFT folder (or a file in it), a GGUF LoRA file; anything else is
// refused with a message that says what is wrong, and the choice stays as it was.
TEST(AdapterPickerTest, ChoosingChecksWhatWasPicked) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString peft = test::peftAdapterDir();
    AdapterPicker picker;
    QSignalSpy changed(&picker, &AdapterPicker::changed);
    QString error;
    EXPECT_FALSE(picker.choose(dir.filePath(QStringLiteral("missing")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("does not exist"))) << error.toStdString();
    EXPECT_FALSE(picker.choose(dir.path(), &error));  // a folder without the two files
    EXPECT_TRUE(error.contains(QStringLiteral("adapter_config.json"))) << error.toStdString();
    const QString model = dir.filePath(QStringLiteral("model.gguf"));
    ASSERT_TRUE(test::writeGemma4Fixture(model, test::Gemma4FixtureOptions{}, &error));
    EXPECT_FALSE(picker.choose(model, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("not a LoRA adapter"))) << error.toStdString();
    const QString text = dir.filePath(QStringLiteral("notes.gguf"));
    ASSERT_TRUE(writeFile(text, "just text"));
    EXPECT_FALSE(picker.choose(text, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("neither"))) << error.toStdString();
    EXPECT_EQ(changed.count(), 0);
    EXPECT_TRUE(picker.path().isEmpty());
    EXPECT_FALSE(picker.compareButton()->isEnabled());

    // A file of the folder stands for the folder.
    ASSERT_TRUE(picker.choose(QDir(peft).filePath(QStringLiteral("adapter_config.json")), &error))
        << error.toStdString();
    EXPECT_EQ(picker.path(), QDir::cleanPath(peft));
    EXPECT_EQ(changed.count(), 1);
    EXPECT_TRUE(picker.isOn());
    EXPECT_EQ(picker.choiceBox()->currentText(), QStringLiteral("gemma4_lora"));
    EXPECT_TRUE(picker.compareButton()->isEnabled());

    EXPECT_EQ(AdapterNames::name(QStringLiteral("/runs/pirate/adapter")),
              QStringLiteral("pirate/adapter"));
    EXPECT_EQ(AdapterNames::name(QStringLiteral("/x/style.gguf")), QStringLiteral("style"));
    EXPECT_EQ(AdapterNames::label(QStringLiteral("/x/style.gguf"), 0.5),
              QStringLiteral("style ×0.50"));
}

// The toggle turns the adapter off without forgetting it (the strength slider follows), and the
// slider moves in steps of 0.05 up to 2×, its value shown beside it.
TEST(AdapterPickerTest, ToggleAndStrength) {
    AdapterPicker picker;
    picker.setChoice(test::peftAdapterDir(), true, 1.0);
    QSignalSpy changed(&picker, &AdapterPicker::changed);
    EXPECT_EQ(picker.strengthLabel()->text(), QStringLiteral("×1.00"));
    picker.onSwitch()->click();
    EXPECT_FALSE(picker.isOn());
    EXPECT_EQ(picker.path(), test::peftAdapterDir());
    EXPECT_FALSE(picker.strengthSlider()->isEnabled());
    picker.onSwitch()->click();
    EXPECT_TRUE(picker.strengthSlider()->isEnabled());
    QTest::keyClick(picker.strengthSlider(), Qt::Key_Right);
    EXPECT_DOUBLE_EQ(picker.strength(), 1.05);
    EXPECT_EQ(picker.strengthLabel()->text(), QStringLiteral("×1.05"));
    QTest::keyClick(picker.strengthSlider(), Qt::Key_End);
    EXPECT_DOUBLE_EQ(picker.strength(), 2.0);
    QTest::keyClick(picker.strengthSlider(), Qt::Key_Home);
    EXPECT_DOUBLE_EQ(picker.strength(), 0.0);
    EXPECT_EQ(changed.count(), 5);
}

class ChatAdapterTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("FacetTest"));
        QApplication::setApplicationName(QStringLiteral("FacetChatAdapter"));
    }
    void SetUp() override {
        if (QGuiApplication::platformName() == QLatin1String("offscreen"))
            GTEST_SKIP() << "adapters run on the GPU: run under xvfb-run";
        ASSERT_TRUE(dir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.filePath("settings"));
        QSettings().clear();
        app::AppSettings settings;
        app::SamplingDefaults s = settings.sampling();
        s.temperature = 0;  // greedy: the same question gives the same answer
        s.maxTokens = 10;
        settings.setSampling(s);
        modelPath = dir.filePath(QStringLiteral("gemma4_mm.gguf"));
        QString error;
        ASSERT_TRUE(test::writePeftBaseModel(modelPath, &error)) << error.toStdString();
        adapterPath = QDir::cleanPath(test::peftAdapterDir());
        store = std::make_unique<ConversationStore>(dir.filePath(QStringLiteral("chats.sqlite")));
        ASSERT_TRUE(store->open(&error)) << error.toStdString();
        host = std::make_unique<EngineHost>();
        pending = std::make_unique<app::PendingAttachments>();
        panel = std::make_unique<ChatPanel>(host.get(), store.get(), pending.get());
        panel->resize(1000, 700);
        panel->show();
        QSignalSpy loaded(host.get(), &EngineHost::modelLoaded);
        session::LoadRequest r;
        r.path = modelPath;
        r.contextLength = 512;
        emit host->loadModel(r);
        ASSERT_TRUE(loaded.wait(kTimeoutMs));
        requests = std::make_unique<QSignalSpy>(host.get(), &EngineHost::chat);
    }
    void TearDown() override {
        requests.reset();
        panel.reset();
        if (host) host->shutdown();
    }

    AdapterPicker *picker() const { return panel->adapterPicker(); }
    // Types `text` and sends it; true once the answer ended.
    bool send(const QString &text) {
        panel->composer()->setPlainText(text);
        panel->send();
        return waitIdle();
    }
    bool waitIdle() const {
        return QTest::qWaitFor([&] { return !panel->isGenerating() && !panel->isComparing(); },
                               kTimeoutMs);
    }
    session::ChatRequest lastRequest() const {
        return requests->isEmpty() ? session::ChatRequest()
                                   : requests->last().at(0).value<session::ChatRequest>();
    }
    QList<StoredMessage> history() const {
        return store->currentPath(panel->currentConversation());
    }
    QList<std::pair<qint64, QString>> historyIds() const {
        QList<std::pair<qint64, QString>> out;
        for (const StoredMessage &m : history())
            out.append({m.id, m.content});
        return out;
    }
    QString lastStatsText() const {
        const QList<StoredMessage> h = history();
        return h.isEmpty() ? QString() : h.last().stats.value(QLatin1String("text")).toString();
    }

    QTemporaryDir dir;
    QString modelPath, adapterPath;
    std::unique_ptr<ConversationStore> store;
    std::unique_ptr<EngineHost> host;
    std::unique_ptr<app::PendingAttachments> pending;
    std::unique_ptr<ChatPanel> panel;
    std::unique_ptr<QSignalSpy> requests;
};

// Picking an adapter, switching it off and on and moving the strength: each request the engine
// receives carries what the row shows, the conversation keeps the choice (reopened, it shows it
// again), and each answer's statistics name the adapter and strength that produced it.
TEST_F(ChatAdapterTest, PickToggleAndStrengthReachTheEngine) {
    QString error;
    ASSERT_TRUE(picker()->choose(adapterPath, &error)) << error.toStdString();
    EXPECT_EQ(app::AppSettings().recentAdapters(), QStringList{adapterPath});
    ASSERT_TRUE(send(QStringLiteral("Hello there")));
    const qint64 conversation = panel->currentConversation();
    ASSERT_GT(conversation, 0);
    EXPECT_EQ(lastRequest().adapter, adapterPath);
    EXPECT_FLOAT_EQ(lastRequest().adapterStrength, 1.0f);
    EXPECT_EQ(store->settings(conversation).adapterPath, adapterPath);
    EXPECT_TRUE(lastStatsText().contains(QStringLiteral("adapter gemma4_lora ×1.00")))
        << lastStatsText().toStdString();
    EXPECT_EQ(history().last().stats.value(QLatin1String("adapter")).toString(), adapterPath);
    const QString adaptedAnswer = history().last().content;

    // Off: the base model answers; the choice stays.
    picker()->onSwitch()->click();
    EXPECT_FALSE(store->settings(conversation).adapterEnabled);
    EXPECT_EQ(store->settings(conversation).adapterPath, adapterPath);
    panel->regenerateLast();
    ASSERT_TRUE(waitIdle());
    EXPECT_TRUE(lastRequest().adapter.isEmpty());
    EXPECT_FALSE(lastStatsText().contains(QStringLiteral("adapter")))
        << lastStatsText().toStdString();
    EXPECT_NE(history().last().content, adaptedAnswer) << "the adapter changes the answer";

    // On again, at 1.5×.
    picker()->onSwitch()->click();
    for (int i = 0; i < 10; ++i)
        QTest::keyClick(picker()->strengthSlider(), Qt::Key_Right);
    EXPECT_EQ(picker()->strengthLabel()->text(), QStringLiteral("×1.50"));
    EXPECT_DOUBLE_EQ(store->settings(conversation).adapterStrength, 1.5);
    ASSERT_TRUE(send(QStringLiteral("And again")));
    EXPECT_EQ(lastRequest().adapter, adapterPath);
    EXPECT_FLOAT_EQ(lastRequest().adapterStrength, 1.5f);
    EXPECT_TRUE(lastStatsText().contains(QStringLiteral("gemma4_lora ×1.50")))
        << lastStatsText().toStdString();

    // A new chat starts without one; reopening the conversation shows its choice.
    panel->newChat();
    EXPECT_TRUE(picker()->path().isEmpty());
    EXPECT_EQ(picker()->choiceBox()->currentText(), QStringLiteral("None"));
    EXPECT_EQ(picker()->choiceBox()->itemText(1), QStringLiteral("gemma4_lora")) << "recent";
    panel->openConversation(conversation);
    EXPECT_EQ(picker()->path(), adapterPath);
    EXPECT_TRUE(picker()->isOn());
    EXPECT_DOUBLE_EQ(picker()->strength(), 1.5);

    // "None" from the list.
    emit picker()->choiceBox()->activated(0);
    EXPECT_TRUE(store->settings(conversation).adapterPath.isEmpty());
    ASSERT_TRUE(send(QStringLiteral("Plain now")));
    EXPECT_TRUE(lastRequest().adapter.isEmpty());
}

// "Compare with base model": the last question answered by the base model and through the
// adapter, side by side and labelled; they differ, the adapter's is the conversation's own
// answer, and the conversation is unchanged until one is kept. A typed question is compared
// without being stored, and goes back to the message box when the comparison is closed.
TEST_F(ChatAdapterTest, CompareSideBySideAndKeepOne) {
    QString error;
    ASSERT_TRUE(picker()->choose(adapterPath, &error)) << error.toStdString();
    ASSERT_TRUE(send(QStringLiteral("Tell me a story")));
    const auto before = historyIds();
    ASSERT_EQ(before.size(), 2);
    const QString adaptedAnswer = before.last().second;

    QTest::mouseClick(picker()->compareButton(), Qt::LeftButton);
    EXPECT_TRUE(panel->isComparing());
    ASSERT_TRUE(waitIdle());
    app::ComparisonView *view = panel->comparisonView();
    ASSERT_TRUE(view->isVisible());
    EXPECT_EQ(view->title(false), QStringLiteral("Base"));
    EXPECT_EQ(view->title(true), QStringLiteral("Adapter gemma4_lora ×1.00"));
    EXPECT_EQ(view->content(true), adaptedAnswer);
    EXPECT_NE(answerOf(*view, false), answerOf(*view, true));
    EXPECT_TRUE(view->statsText(false).contains(QStringLiteral("base model")));
    EXPECT_TRUE(view->statsText(true).contains(QStringLiteral("gemma4_lora ×1.00")));
    ASSERT_EQ(requests->count(), 3);
    const auto base = requests->at(1).at(0).value<session::ChatRequest>();
    const auto adapted = requests->at(2).at(0).value<session::ChatRequest>();
    EXPECT_TRUE(base.adapter.isEmpty());
    EXPECT_EQ(adapted.adapter, adapterPath);
    EXPECT_NE(base.stateKey, adapted.stateKey);
    EXPECT_NE(base.stateKey, requests->at(0).at(0).value<session::ChatRequest>().stateKey);
    EXPECT_EQ(historyIds(), before) << "nothing is stored until an answer is kept";

    // Keep the base model's: a second answer to the question, now the current one.
    const QString baseAnswer = view->content(false);
    ASSERT_TRUE(view->keepButton(false)->isEnabled());
    ASSERT_TRUE(view->keepButton(true)->isEnabled());
    QTest::mouseClick(view->keepButton(false), Qt::LeftButton);
    EXPECT_FALSE(view->isVisible());
    const QList<StoredMessage> kept = history();
    ASSERT_EQ(kept.size(), 2);
    EXPECT_EQ(kept[0].id, before[0].first);
    EXPECT_NE(kept[1].id, before[1].first);
    EXPECT_EQ(kept[1].content, baseAnswer);
    EXPECT_TRUE(kept[1]
                    .stats.value(QLatin1String("text"))
                    .toString()
                    .contains(QStringLiteral("base model")));
    EXPECT_EQ(store->siblings(kept[1].id).size(), 2) << "the adapter's answer stays reachable";

    // A typed question: compared, not stored; closing gives it back to the message box.
    const auto before2 = historyIds();
    panel->composer()->setPlainText(QStringLiteral("And then?"));
    panel->compareWithBaseModel();
    EXPECT_TRUE(panel->composer()->toPlainText().isEmpty());
    ASSERT_TRUE(waitIdle());
    EXPECT_NE(answerOf(*view, false), answerOf(*view, true));
    EXPECT_EQ(historyIds(), before2);
    QTest::mouseClick(view->closeButton(), Qt::LeftButton);
    EXPECT_FALSE(view->isVisible());
    EXPECT_EQ(panel->composer()->toPlainText(), QStringLiteral("And then?"));
    EXPECT_EQ(historyIds(), before2);

    // Compared again and the adapter's kept: the question and that answer are added.
    panel->compareWithBaseModel();
    ASSERT_TRUE(waitIdle());
    const QString adapted2 = view->content(true), adaptedThinking2 = view->thinking(true);
    ASSERT_TRUE(view->keepButton(true)->isEnabled()) << view->statsText(true).toStdString();
    QTest::mouseClick(view->keepButton(true), Qt::LeftButton);
    const QList<StoredMessage> after = history();
    ASSERT_EQ(after.size(), 4);
    EXPECT_EQ(after[2].content, QStringLiteral("And then?"));
    EXPECT_EQ(after[3].content, adapted2);
    EXPECT_EQ(after[3].thinking, adaptedThinking2);
    EXPECT_EQ(after[3].stats.value(QLatin1String("adapterStrength")).toDouble(), 1.0);
    EXPECT_TRUE(panel->composer()->toPlainText().isEmpty());
}

// useAdapter(): what the Fine-tune dock's "Chat with this adapter" calls. A new chat with the
// adapter chosen; the conversation is stored with it at the first message.
TEST_F(ChatAdapterTest, UseAdapterStartsANewChatWithIt) {
    ASSERT_TRUE(send(QStringLiteral("Before")));
    const qint64 first = panel->currentConversation();
    panel->useAdapter(adapterPath);
    EXPECT_EQ(panel->currentConversation(), 0);
    EXPECT_EQ(picker()->path(), adapterPath);
    EXPECT_TRUE(picker()->isOn());
    ASSERT_TRUE(send(QStringLiteral("Hi adapter")));
    EXPECT_NE(panel->currentConversation(), first);
    EXPECT_EQ(store->settings(panel->currentConversation()).adapterPath, adapterPath);
    EXPECT_EQ(lastRequest().adapter, adapterPath);
    EXPECT_TRUE(store->settings(first).adapterPath.isEmpty());

    // Something that is no adapter: a new chat on the base model, and the notice says why.
    QSignalSpy status(panel.get(), &ChatPanel::statusMessage);
    panel->useAdapter(modelPath);
    EXPECT_EQ(panel->currentConversation(), 0);
    EXPECT_TRUE(picker()->path().isEmpty());
    ASSERT_GT(status.count(), 0);
    EXPECT_TRUE(status.last().at(0).toString().contains(QStringLiteral("not a LoRA adapter")));
}

// An adapter that looks right but the engine cannot load (here: damaged weights) fails that
// answer with the engine's message; the conversation and the question are kept, the row falls
// back to None, and the next answer runs on the base model.
TEST_F(ChatAdapterTest, ABrokenAdapterFallsBackToNone) {
    const QString broken = dir.filePath(QStringLiteral("broken"));
    ASSERT_TRUE(QDir().mkpath(broken));
    QFile::copy(QDir(adapterPath).filePath(QStringLiteral("adapter_config.json")),
                QDir(broken).filePath(QStringLiteral("adapter_config.json")));
    ASSERT_TRUE(writeFile(QDir(broken).filePath(QStringLiteral("adapter_model.safetensors")),
                          QByteArray(64, 'x')));
    QString error;
    ASSERT_TRUE(picker()->choose(broken, &error)) << error.toStdString();
    QSignalSpy status(panel.get(), &ChatPanel::statusMessage);
    ASSERT_TRUE(send(QStringLiteral("Does this work?")));
    const qint64 conversation = panel->currentConversation();
    const QList<StoredMessage> h = history();
    ASSERT_EQ(h.size(), 2);
    EXPECT_EQ(h[0].content, QStringLiteral("Does this work?"));
    EXPECT_TRUE(h[1].error.contains(QStringLiteral("adapter"))) << h[1].error.toStdString();
    EXPECT_FALSE(h[1].stats.value(QLatin1String("hint")).toString().isEmpty());
    EXPECT_TRUE(picker()->path().isEmpty());
    EXPECT_EQ(picker()->choiceBox()->currentText(), QStringLiteral("None"));
    EXPECT_TRUE(store->settings(conversation).adapterPath.isEmpty());
    ASSERT_GT(status.count(), 0);
    EXPECT_TRUE(status.last().at(0).toString().contains(QStringLiteral("back on the base model")))
        << status.last().at(0).toString().toStdString();

    panel->regenerateLast();
    ASSERT_TRUE(waitIdle());
    EXPECT_TRUE(lastRequest().adapter.isEmpty());
    EXPECT_TRUE(history().last().error.isEmpty());
    EXPECT_FALSE(history().last().content.isEmpty());
}

}  // namespace
}  // namespace facet
