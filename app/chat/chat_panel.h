// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Chat dock's content: the conversation list with full-text search on the left, and on the
// right the transcript (ChatView), the pending attachments and the composer.
//
// It joins the three parts that never know each other: the database (ConversationStore, UI
// thread), the transcript widgets (ChatView) and the engine thread (EngineHost, queued signals
// only), the last through a ChatController (chat_controller.h: the engine's requests and each
// conversation's KV state). The order of a turn:
//   1. the user message (with its attachments) is committed to the database, and only then shown
//      as sent — a crash after that point never loses it;
//   2. an empty assistant message (complete = false) is committed and shown streaming;
//   3. the conversation's path is sent to the engine; streamed pieces go to the view at once and
//      to the database at most once a second (so a kill loses at most a second of an answer);
//   4. the end (finished, stopped or failed) is committed with the statistics or the error.
// Regenerate adds a sibling answer under the same user message, edit-and-resend a sibling user
// message: the old branch stays reachable through the transcript's ‹ n/m › navigation.
//
// Adapters: the row above the composer (AdapterPicker) chooses the LoRA adapter of the current
// conversation, switches it on and off and sets its strength; the choice is stored with the
// conversation (a new chat gets it with its first message) and every answer's statistics line
// names the adapter and strength that produced it. "Compare with base model" answers the typed
// message (or else the last question) twice, side by side (ComparisonView); the conversation
// changes only when the user keeps one of the two answers.
#pragma once

#include "session/engine.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QPair>
#include <QPointer>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPlainTextEdit;
class QProgressBar;
class QToolButton;
class QPushButton;

namespace facet::app {

class AdapterPicker;
class AppSettings;
class ComparisonView;
struct StoredAttachment;
class AttachmentTray;
class ChatController;
class ChatView;
class ConversationStore;
class EngineHost;
class LiveAnnouncer;
class PendingAttachments;
struct ConversationSettings;
struct StoredMessage;

class ChatPanel : public QWidget {
    Q_OBJECT
public:
    // None of the pointers is owned; all must outlive the panel.
    ChatPanel(EngineHost *engine, ConversationStore *store, PendingAttachments *pending,
              QWidget *parent = nullptr);
    ~ChatPanel() override;

    qint64 currentConversation() const { return m_conversation; }
    bool isGenerating() const { return m_streamingMessage != 0; }
    bool hasModel() const { return m_modelLoaded; }
    ChatView *view() const { return m_view; }
    ChatController *controller() const { return m_controller; }
    QPlainTextEdit *composer() const { return m_input; }
    QListWidget *conversationList() const { return m_list; }
    QLineEdit *searchField() const { return m_search; }
    AdapterPicker *adapterPicker() const { return m_adapter; }
    ComparisonView *comparisonView() const { return m_comparison; }
    // A side-by-side comparison is being answered.
    bool isComparing() const;

public slots:
    void newChat();
    void openConversation(qint64 id);
    // Sends the composer's text with the pending attachments.
    void send();
    void stop();
    void regenerateLast();
    void focusComposer();
    void focusSearch();
    void setShowThinking(bool show);
    // Soft tokens per image (the Settings' choice): the transcript shows each attachment's cost.
    void setImageTokens(int tokens);
    // What the loaded model reads besides text (sending an attachment it cannot read fails with
    // the engine's message; the composer warns first).
    void setModelMedia(bool images, bool audio);
    void exportConversation(const QString &path, bool json);  // writes the current conversation
    void editConversationSettings();  // the system prompt, sampling and thinking of this chat
    void refreshConversations();

    // Starts a new, empty conversation that runs through the LoRA adapter `path` (a PEFT folder
    // with adapter_config.json and adapter_model.safetensors, or a GGUF LoRA file) at strength
    // 1×: the adapter row shows it, it joins the recent adapters, and the conversation is stored
    // with it at its first message. For other parts of the app, e.g. the Fine-tune dock's "Chat
    // with this adapter" (connect it in MainWindow, and show the Chat dock). A path that does not
    // look like an adapter leaves the new chat on the base model and the notice says why. While an
    // answer is being written nothing changes and the notice asks to wait.
    void useAdapter(const QString &path);
    // Answers the composer's text (or, when it is empty, the conversation's last question) from
    // the base model and through the conversation's adapter, side by side. Attachments waiting
    // in the composer are not part of it.
    void compareWithBaseModel();
    // Adds the compared answer (adapted: the adapter's, else the base model's) to the
    // conversation, after the compared question (stored first if it was typed), and closes the
    // comparison. Nothing happens while the comparison runs.
    void keepComparedAnswer(bool adapted);

signals:
    void statusMessage(const QString &text);
    void modelNeeded();  // the user tried to chat without a model: show the Models dock
    void recordRequested();
    void attachRequested();
    void generatingChanged(bool generating);
    void conversationOpened(qint64 id, const QString &title);
    // The adapters the picker offers (AppSettings::recentAdapters) changed.
    void recentAdaptersChanged();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The soft tokens `a` costs at the current image budget (cached by attachment id).
    int attachmentTokens(const StoredAttachment &a);
    void onMediaProgress(double fraction);
    void retranslate();
    void buildUi();
    void reloadTranscript();
    void updateControls();
    void setContextUse(qint64 used, qint64 total);
    bool ensureConversation(const QString &firstText);
    // Adds the answer to the message `parentId` (a user message) and starts the engine on the
    // current path.
    void startAnswer(qint64 parentId);
    void saveStreamingMessage(bool complete, const QString &error = {});
    void showError(const QString &message);

    bool isBusy() const { return isGenerating() || isComparing(); }
    // The statistics saved with an answer (the line shown under it included): its numbers, and
    // the adapter and strength that produced it ("": the base model, named as such when
    // namedBase).
    QJsonObject answerStats(const facet::session::ChatStats &stats, const QString &adapter,
                            double strength, bool namedBase) const;
    void onAdapterChanged();
    void onAdapterFailed(qint64 conversation, const QString &path, const QString &error);
    void onComparisonDelta(bool adapted, const facet::session::ChatDelta &delta);
    void onComparisonFinished(bool adapted, const facet::session::ChatStats &stats);
    void onComparisonFailed(bool adapted, const QString &error, const QString &hint);
    void onComparisonEnded();
    void closeComparison();

    void onChatStarted(int promptTokens, int reusedTokens);
    void onChatDelta(const facet::session::ChatDelta &delta);
    void onChatFinished(const facet::session::ChatStats &stats);
    void onChatFailed(const QString &error, const QString &hint);
    void onModelLoaded(const facet::session::ModelInfo &info);
    void onModelUnloaded();

    void onDeleteRequested(qint64 id);
    void onRegenerateRequested(qint64 id);
    void onEditSubmitted(qint64 id, const QString &text);
    void onBranchRequested(qint64 id, int delta);
    void onSaveAsTrainingExample(qint64 id);
    void onListActivated(QListWidgetItem *item);
    void onListContextMenu(const QPoint &pos);
    void onSearchChanged();

    EngineHost *m_engine;
    ConversationStore *m_store;
    PendingAttachments *m_pending;
    ChatController *m_controller;  // a child

    // Widgets.
    QLineEdit *m_search = nullptr;
    QListWidget *m_list = nullptr;
    QPushButton *m_newChat = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_modelLabel = nullptr;
    QProgressBar *m_context = nullptr;
    QToolButton *m_settingsButton = nullptr;
    ChatView *m_view = nullptr;
    AttachmentTray *m_tray = nullptr;
    QPlainTextEdit *m_input = nullptr;
    QCheckBox *m_think = nullptr;
    QToolButton *m_attach = nullptr;
    QToolButton *m_record = nullptr;
    QPushButton *m_send = nullptr;
    QLabel *m_notice = nullptr;
    AdapterPicker *m_adapter = nullptr;
    ComparisonView *m_comparison = nullptr;
    QTimer m_searchTimer;

    // State.
    qint64 m_conversation = 0;
    bool m_modelLoaded = false;
    QString m_modelPath;
    QString m_modelName;
    qint64 m_modelContext = 0;
    qint64 m_streamingMessage = 0;  // the streaming answer's database id (0: nothing streams)
    QString m_content, m_thinking;  // what streamed so far
    QJsonArray m_toolCalls;
    QTimer m_saveTimer;  // saves the streaming answer once a second
    QElapsedTimer m_thinkingClock;
    qint64 m_thinkingMs = 0;
    int m_imageTokens = 280;
    bool m_modelReadsImages = true, m_modelReadsAudio = true;
    QHash<QPair<qint64, int>, int> m_attachmentTokens;  // (attachment id, budget) -> tokens
    // The comparison: the message it answers after, the typed prompt (not stored yet; "" when it
    // answers a stored question), and per side (0 base, 1 adapter) the tool calls and stats.
    qint64 m_compareLastId = 0;
    QString m_comparePrompt;
    QJsonArray m_compareToolCalls[2];
    QJsonObject m_compareStats[2];
};

}  // namespace facet::app
