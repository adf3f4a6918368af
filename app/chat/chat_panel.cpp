// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "chat_panel.h"

#include "adapter_choice.h"
#include "adapter_picker.h"
#include "app_settings.h"
#include "attachment.h"
#include "attachment_drop_filter.h"
#include "attachment_tray.h"
#include "chat_controller.h"
#include "chat_view.h"
#include "comparison_view.h"
#include "conversation_store.h"
#include "engine_host.h"
#include "media/media_encoder.h"
#include "message_view.h"
#include "pending_attachments.h"
#include "sampling_editor.h"

#include <QBuffer>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QImageReader>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace facet::app {

namespace {

constexpr int kConversationIdRole = Qt::UserRole + 1;

MessageView::Role viewRole(const QString &role) {
    if (role == QLatin1String("system")) return MessageView::Role::System;
    if (role == QLatin1String("assistant")) return MessageView::Role::Assistant;
    if (role == QLatin1String("tool")) return MessageView::Role::Tool;
    return MessageView::Role::User;
}

SamplingSettings fromDefaults(const SamplingDefaults &d) {
    SamplingSettings s;
    s.temperature = d.temperature;
    s.topK = d.topK;
    s.topP = d.topP;
    s.minP = d.minP;
    s.repetitionPenalty = d.repetitionPenalty;
    s.presencePenalty = d.presencePenalty;
    s.frequencyPenalty = d.frequencyPenalty;
    s.fixedSeed = d.fixedSeed;
    s.seed = d.seed;
    s.maxTokens = d.maxTokens;
    return s;
}

SamplingDefaults toDefaults(const SamplingSettings &s, bool think) {
    SamplingDefaults d;
    d.temperature = s.temperature;
    d.topK = s.topK;
    d.topP = s.topP;
    d.minP = s.minP;
    d.repetitionPenalty = s.repetitionPenalty;
    d.presencePenalty = s.presencePenalty;
    d.frequencyPenalty = s.frequencyPenalty;
    d.fixedSeed = s.fixedSeed;
    d.seed = s.seed;
    d.maxTokens = s.maxTokens;
    d.think = think;
    return d;
}

QImage thumbnailOf(const StoredAttachment &a) {
    if (a.kind == StoredAttachment::Kind::Audio) return waveformThumbnail(a.data);
    QBuffer buffer;
    buffer.setData(a.data);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer);
    reader.setAutoTransform(true);
    const QSize size = reader.size();
    if (size.isValid() && qint64(size.width()) * size.height() > limits::kMaxImagePixels) return {};
    if (size.isValid()) reader.setScaledSize(size.scaled(320, 240, Qt::KeepAspectRatio));
    return reader.read();
}

}  // namespace

ChatPanel::ChatPanel(EngineHost *engine, ConversationStore *store, PendingAttachments *pending,
                     QWidget *parent)
    : QWidget(parent),
      m_engine(engine),
      m_store(store),
      m_pending(pending),
      m_controller(new ChatController(engine, store, this)) {
    m_imageTokens = AppSettings().imageTokens();
    buildUi();
    retranslate();

    connect(m_controller, &ChatController::started, this, &ChatPanel::onChatStarted);
    connect(m_controller, &ChatController::delta, this, &ChatPanel::onChatDelta);
    connect(m_controller, &ChatController::finished, this, &ChatPanel::onChatFinished);
    connect(m_controller, &ChatController::failed, this, &ChatPanel::onChatFailed);
    connect(m_controller, &ChatController::mediaProgress, this, &ChatPanel::onMediaProgress);
    connect(m_controller, &ChatController::adapterFailed, this, &ChatPanel::onAdapterFailed);
    connect(m_controller, &ChatController::comparisonDelta, this, &ChatPanel::onComparisonDelta);
    connect(m_controller, &ChatController::comparisonFinished, this,
            &ChatPanel::onComparisonFinished);
    connect(m_controller, &ChatController::comparisonFailed, this, &ChatPanel::onComparisonFailed);
    connect(m_engine, &EngineHost::modelLoaded, this, &ChatPanel::onModelLoaded);
    connect(m_engine, &EngineHost::modelUnloaded, this, &ChatPanel::onModelUnloaded);
    connect(m_engine, &EngineHost::modelLoadFailed, this, [this] { onModelUnloaded(); });

    connect(m_view, &ChatView::deleteRequested, this, &ChatPanel::onDeleteRequested);
    connect(m_view, &ChatView::regenerateRequested, this, &ChatPanel::onRegenerateRequested);
    connect(m_view, &ChatView::editSubmitted, this, &ChatPanel::onEditSubmitted);
    connect(m_view, &ChatView::branchRequested, this, &ChatPanel::onBranchRequested);
    connect(m_view, &ChatView::saveAsTrainingExampleRequested, this,
            &ChatPanel::onSaveAsTrainingExample);
    connect(m_view, &ChatView::copied, this,
            [this] { emit statusMessage(tr("Copied to the clipboard.")); });

    m_saveTimer.setInterval(1000);
    connect(&m_saveTimer, &QTimer::timeout, this, [this] { saveStreamingMessage(false); });
    m_searchTimer.setSingleShot(true);
    m_searchTimer.setInterval(150);
    connect(&m_searchTimer, &QTimer::timeout, this, &ChatPanel::onSearchChanged);

    setShowThinking(AppSettings().showThinking());
    refreshConversations();
    // Reopen the conversation the user had open last time.
    const qint64 last = QSettings().value(QStringLiteral("chat/lastConversation")).toLongLong();
    if (last > 0 && m_store->hasConversation(last)) openConversation(last);
    updateControls();
}

ChatPanel::~ChatPanel() {
    // An answer still streaming keeps what arrived, marked as cut off.
    if (m_streamingMessage != 0) saveStreamingMessage(true, tr("Stopped when Facet closed."));
}

void ChatPanel::buildUi() {
    // Left: search and the conversation list.
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_newChat = new QPushButton(left);
    connect(m_newChat, &QPushButton::clicked, this, &ChatPanel::newChat);
    m_search = new QLineEdit(left);
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, [this] { m_searchTimer.start(); });
    m_list = new QListWidget(left);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_list->setWordWrap(true);
    m_list->setTextElideMode(Qt::ElideRight);
    connect(m_list, &QListWidget::itemActivated, this, &ChatPanel::onListActivated);
    connect(m_list, &QListWidget::itemClicked, this, &ChatPanel::onListActivated);
    connect(m_list, &QListWidget::customContextMenuRequested, this, &ChatPanel::onListContextMenu);
    m_list->installEventFilter(this);
    leftLayout->addWidget(m_newChat);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_list, 1);

    // Right: header, transcript, notice, attachments, composer.
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto *header = new QHBoxLayout;
    m_title = new QLabel(right);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_modelLabel = new QLabel(right);
    m_context = new QProgressBar(right);
    m_context->setMaximumWidth(180);
    m_context->setTextVisible(true);
    m_settingsButton = new QToolButton(right);
    m_settingsButton->setIcon(QIcon::fromTheme(QStringLiteral("configure")));
    connect(m_settingsButton, &QToolButton::clicked, this, &ChatPanel::editConversationSettings);
    header->addWidget(m_title, 1);
    header->addWidget(m_modelLabel);
    header->addWidget(m_context);
    header->addWidget(m_settingsButton);
    rightLayout->addLayout(header);

    m_view = new ChatView(right);
    rightLayout->addWidget(m_view, 1);
    AttachmentDropFilter::install(m_view, m_pending);

    m_comparison = new ComparisonView(right);
    m_comparison->setVisible(false);
    rightLayout->addWidget(m_comparison, 1);
    connect(m_comparison, &ComparisonView::keepRequested, this, &ChatPanel::keepComparedAnswer);
    connect(m_comparison, &ComparisonView::stopRequested, this, &ChatPanel::stop);
    connect(m_comparison, &ComparisonView::closeRequested, this, &ChatPanel::closeComparison);

    m_notice = new QLabel(right);
    m_notice->setWordWrap(true);
    m_notice->setVisible(false);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rightLayout->addWidget(m_notice);
    connect(m_pending, &PendingAttachments::refused, this, &ChatPanel::showError);

    m_tray = new AttachmentTray(m_pending, right);
    rightLayout->addWidget(m_tray);

    m_adapter = new AdapterPicker(right);
    m_adapter->setRecent(AppSettings().recentAdapters());
    connect(m_adapter, &AdapterPicker::changed, this, &ChatPanel::onAdapterChanged);
    connect(m_adapter, &AdapterPicker::problem, this, &ChatPanel::showError);
    connect(m_adapter, &AdapterPicker::compareRequested, this, &ChatPanel::compareWithBaseModel);
    rightLayout->addWidget(m_adapter);

    auto *composerRow = new QHBoxLayout;
    m_input = new QPlainTextEdit(right);
    m_input->setTabChangesFocus(true);
    m_input->setMaximumHeight(140);
    m_input->installEventFilter(this);
    AttachmentDropFilter::install(m_input, m_pending)->setPasteEnabled(true);
    auto *buttons = new QVBoxLayout;
    m_send = new QPushButton(right);
    m_send->setDefault(true);
    connect(m_send, &QPushButton::clicked, this, [this] {
        if (isBusy())
            stop();
        else
            send();
    });
    auto *row = new QHBoxLayout;
    m_attach = new QToolButton(right);
    m_attach->setIcon(QIcon::fromTheme(QStringLiteral("mail-attachment")));
    connect(m_attach, &QToolButton::clicked, this, &ChatPanel::attachRequested);
    m_record = new QToolButton(right);
    m_record->setIcon(QIcon::fromTheme(QStringLiteral("audio-input-microphone")));
    connect(m_record, &QToolButton::clicked, this, &ChatPanel::recordRequested);
    m_think = new QCheckBox(right);
    connect(m_think, &QCheckBox::toggled, this, [this](bool on) {
        if (m_conversation == 0) return;
        ConversationSettings s = m_store->settings(m_conversation);
        if (s.think == on) return;
        s.think = on;
        QString error;
        if (!m_store->setSettings(m_conversation, s, &error)) showError(error);
    });
    row->addWidget(m_attach);
    row->addWidget(m_record);
    row->addWidget(m_think);
    buttons->addWidget(m_send);
    buttons->addLayout(row);
    composerRow->addWidget(m_input, 1);
    composerRow->addLayout(buttons);
    rightLayout->addLayout(composerRow);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("chatSplitter"));
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({220, 700});
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    setTabOrder(m_input, m_send);
    setTabOrder(m_send, m_attach);
    setTabOrder(m_attach, m_record);
    setTabOrder(m_record, m_think);
    setTabOrder(m_think, m_adapter->choiceBox());
    setTabOrder(m_adapter->choiceBox(), m_adapter->onSwitch());
    setTabOrder(m_adapter->onSwitch(), m_adapter->strengthSlider());
    setTabOrder(m_adapter->strengthSlider(), m_adapter->compareButton());
    setTabOrder(m_adapter->compareButton(), m_view);
    setTabOrder(m_view, m_search);
    setTabOrder(m_search, m_list);
    setTabOrder(m_list, m_newChat);
}

void ChatPanel::retranslate() {
    m_newChat->setText(tr("New chat"));
    m_newChat->setAccessibleName(tr("New chat"));
    m_newChat->setAccessibleDescription(tr("Starts a new, empty conversation (Ctrl+N)"));
    m_search->setPlaceholderText(tr("Search conversations"));
    m_search->setAccessibleName(tr("Search conversations"));
    m_search->setAccessibleDescription(
        tr("Full-text search over every message; the list shows the matching conversations"));
    m_list->setAccessibleName(tr("Conversations"));
    m_list->setAccessibleDescription(
        tr("Your conversations, newest first. Enter opens one; the context menu renames, "
           "exports or deletes it."));
    m_title->setAccessibleName(tr("Conversation title"));
    m_modelLabel->setAccessibleName(tr("Loaded model"));
    m_context->setAccessibleName(tr("Context used"));
    m_context->setAccessibleDescription(
        tr("How much of the model's context this conversation fills"));
    m_settingsButton->setText(tr("Chat settings"));
    m_settingsButton->setToolTip(tr("System prompt and sampling of this conversation"));
    m_settingsButton->setAccessibleName(tr("Chat settings"));
    m_settingsButton->setAccessibleDescription(
        tr("Edit this conversation's system prompt and sampling settings"));
    m_view->setAccessibleName(tr("Transcript"));
    m_view->setAccessibleDescription(tr("The messages of this conversation"));
    m_input->setPlaceholderText(tr("Message Gemma… (Enter sends, Shift+Enter starts a new line)"));
    m_input->setAccessibleName(tr("Message"));
    m_input->setAccessibleDescription(
        tr("Type your message. Enter or Ctrl+Enter sends it; Shift+Enter starts a new line."));
    m_attach->setText(tr("Attach"));
    m_attach->setToolTip(tr("Attach images or audio files (Ctrl+Shift+A)"));
    m_attach->setAccessibleName(tr("Attach files"));
    m_attach->setAccessibleDescription(tr("Opens the Attachments panel to add images or audio"));
    m_record->setText(tr("Record"));
    m_record->setToolTip(tr("Record a voice message (Ctrl+Shift+R)"));
    m_record->setAccessibleName(tr("Record voice"));
    m_record->setAccessibleDescription(tr("Records from the microphone in the Attachments panel"));
    m_think->setText(tr("Think"));
    m_think->setToolTip(tr("Let the model reason step by step before it answers"));
    m_think->setAccessibleName(tr("Thinking mode"));
    m_think->setAccessibleDescription(
        tr("When on, the model thinks before answering; the thoughts appear in a collapsible "
           "block"));
    m_notice->setAccessibleName(tr("Notice"));
    updateControls();
    if (m_conversation == 0) m_title->setText(tr("New chat"));
}

void ChatPanel::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

bool ChatPanel::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_input && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            !(key->modifiers() & Qt::ShiftModifier)) {
            if (!isBusy()) send();
            return true;
        }
        if (key->key() == Qt::Key_Escape && isBusy()) {
            stop();
            return true;
        }
    }
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Delete && m_list->currentItem()) {
            onListContextMenu(m_list->visualItemRect(m_list->currentItem()).center());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ChatPanel::updateControls() {
    const bool generating = isBusy();
    m_send->setText(generating ? tr("Stop") : tr("Send"));
    m_send->setAccessibleName(generating ? tr("Stop generating") : tr("Send message"));
    m_send->setAccessibleDescription(generating
                                         ? tr("Stops the answer being written (Escape)")
                                         : tr("Sends your message to the model (Ctrl+Enter)"));
    m_send->setToolTip(generating ? tr("Stop (Esc)") : tr("Send (Ctrl+Enter)"));
    m_newChat->setEnabled(!generating);
    m_list->setEnabled(!generating);
    m_settingsButton->setEnabled(m_conversation != 0 && !generating);
    m_adapter->setEnabled(!generating);
    m_modelLabel->setText(m_modelLoaded ? m_modelName : tr("No model loaded"));
}

void ChatPanel::showError(const QString &message) {
    m_notice->setText(message);
    m_notice->setVisible(!message.isEmpty());
    if (!message.isEmpty()) emit statusMessage(message);
}

void ChatPanel::setContextUse(qint64 used, qint64 total) {
    if (total <= 0) {
        m_context->setRange(0, 1);
        m_context->setValue(0);
        m_context->setFormat(tr("Context"));
        return;
    }
    m_context->setRange(0, int(total));
    m_context->setValue(int(std::min(used, total)));
    m_context->setFormat(
        tr("%1 / %2 tokens").arg(QLocale().toString(used), QLocale().toString(total)));
}

void ChatPanel::refreshConversations() {
    if (!m_search->text().trimmed().isEmpty()) {
        onSearchChanged();
        return;
    }
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const ConversationSummary &c : m_store->conversations()) {
        auto *item = new QListWidgetItem(c.title, m_list);
        item->setData(kConversationIdRole, c.id);
        item->setToolTip(tr("%1 · %n message(s)", nullptr, c.messageCount)
                             .arg(QLocale().toString(c.updated, QLocale::ShortFormat)));
        if (c.id == m_conversation) m_list->setCurrentItem(item);
    }
}

void ChatPanel::onSearchChanged() {
    const QString query = m_search->text().trimmed();
    if (query.isEmpty()) {
        refreshConversations();
        return;
    }
    const QSignalBlocker block(m_list);
    m_list->clear();
    QSet<qint64> seen;
    for (const ConversationStore::SearchHit &hit : m_store->search(query)) {
        if (seen.contains(hit.conversationId)) continue;
        seen.insert(hit.conversationId);
        QString snippet = hit.snippet;
        snippet.remove(ConversationStore::kMatchStart).remove(ConversationStore::kMatchEnd);
        auto *item = new QListWidgetItem(
            snippet.isEmpty() ? hit.title : QStringLiteral("%1\n%2").arg(hit.title, snippet),
            m_list);
        item->setData(kConversationIdRole, hit.conversationId);
        item->setToolTip(snippet);
    }
    if (m_list->count() == 0) {
        auto *none = new QListWidgetItem(tr("No conversation mentions “%1”.").arg(query), m_list);
        none->setFlags(Qt::NoItemFlags);
    }
}

void ChatPanel::onListActivated(QListWidgetItem *item) {
    if (!item) return;
    const qint64 id = item->data(kConversationIdRole).toLongLong();
    if (id > 0 && id != m_conversation) openConversation(id);
}

void ChatPanel::onListContextMenu(const QPoint &pos) {
    QListWidgetItem *item = m_list->itemAt(pos);
    if (!item) return;
    const qint64 id = item->data(kConversationIdRole).toLongLong();
    if (id <= 0) return;
    QMenu menu(this);
    QAction *rename = menu.addAction(tr("Rename…"));
    QAction *exportMd = menu.addAction(tr("Export as Markdown…"));
    QAction *exportJson = menu.addAction(tr("Export as JSON…"));
    menu.addSeparator();
    QAction *remove = menu.addAction(tr("Delete…"));
    QAction *chosen = menu.exec(m_list->viewport()->mapToGlobal(pos));
    if (!chosen) return;
    QString error;
    if (chosen == rename) {
        bool ok = false;
        const QString title = QInputDialog::getText(this, tr("Rename conversation"), tr("Title:"),
                                                    QLineEdit::Normal, item->text(), &ok);
        if (ok && !title.trimmed().isEmpty()) {
            if (!m_store->renameConversation(id, title.trimmed(), &error)) showError(error);
            if (id == m_conversation) m_title->setText(title.trimmed());
            refreshConversations();
        }
    } else if (chosen == remove) {
        const auto answer = QMessageBox::question(
            this, tr("Delete conversation"),
            tr("Delete “%1” and all its messages? This cannot be undone.").arg(item->text()));
        if (answer != QMessageBox::Yes) return;
        if (!m_controller->deleteConversation(id, &error)) showError(error);
        if (id == m_conversation) newChat();
        refreshConversations();
    } else if (chosen == exportMd || chosen == exportJson) {
        if (id != m_conversation) openConversation(id);
        const bool json = chosen == exportJson;
        const QString path = QFileDialog::getSaveFileName(
            this, json ? tr("Export as JSON") : tr("Export as Markdown"),
            m_title->text() + (json ? QStringLiteral(".json") : QStringLiteral(".md")),
            json ? tr("JSON (*.json)") : tr("Markdown (*.md)"));
        if (!path.isEmpty()) exportConversation(path, json);
    }
}

void ChatPanel::newChat() {
    if (isBusy()) return;
    closeComparison();
    m_conversation = 0;
    m_adapter->setChoice(QString(), true, 1.0);
    m_view->clear();
    m_title->setText(tr("New chat"));
    m_think->setChecked(AppSettings().sampling().think);
    showError(QString());
    m_list->clearSelection();
    setContextUse(0, m_modelContext);
    QSettings().setValue(QStringLiteral("chat/lastConversation"), 0);
    updateControls();
    focusComposer();
}

void ChatPanel::openConversation(qint64 id) {
    if (isBusy() || !m_store->hasConversation(id)) return;
    if (id != m_conversation) closeComparison();
    m_conversation = id;
    showError(QString());
    reloadTranscript();
    const ConversationSettings s = m_store->settings(id);
    {
        const QSignalBlocker block(m_think);
        m_think->setChecked(s.think);
    }
    m_adapter->setChoice(s.adapterPath, s.adapterEnabled, s.adapterStrength);
    const QString title = m_store->conversation(id).title;
    m_title->setText(title);
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->data(kConversationIdRole).toLongLong() == id) m_list->setCurrentRow(i);
    QSettings().setValue(QStringLiteral("chat/lastConversation"), id);
    updateControls();
    emit conversationOpened(id, title);
}

void ChatPanel::reloadTranscript() {
    QList<MessageView> views;
    qint64 used = 0;  // what the conversation filled after its last answer
    if (m_conversation != 0) {
        for (const StoredMessage &m : m_store->currentPath(m_conversation)) {
            if (m.role == QLatin1String("assistant") && m.complete) {
                used = m.stats.value(QLatin1String("promptTokens")).toInteger() +
                       m.stats.value(QLatin1String("generatedTokens")).toInteger();
            }
            MessageView v;
            v.id = m.id;
            v.role = viewRole(m.role);
            v.content = m.content;
            v.thinking = m.thinking;
            v.thinkingMs = m.stats.value(QLatin1String("thinkingMs")).toInteger();
            for (const QJsonValue &call : m.toolCalls) {
                const QJsonObject o = call.toObject();
                v.toolCalls.append(
                    {o.value(QLatin1String("name")).toString(),
                     QString::fromUtf8(QJsonDocument(o.value(QLatin1String("arguments")).toObject())
                                           .toJson(QJsonDocument::Compact))});
            }
            for (const StoredAttachment &a : m.attachments) {
                AttachmentView av;
                av.kind = a.kind == StoredAttachment::Kind::Audio ? AttachmentView::Kind::Audio
                                                                  : AttachmentView::Kind::Image;
                av.name = a.name;
                av.durationMs = a.durationMs;
                av.thumbnail = thumbnailOf(a);
                av.softTokens = attachmentTokens(a);
                v.attachments.append(av);
            }
            v.statsText = m.stats.value(QLatin1String("text")).toString();
            v.error = m.error;
            if (!m.complete && m.error.isEmpty() && m.id != m_streamingMessage)
                v.error = tr("This answer was cut off.");
            if (!v.error.isEmpty() && v.role == MessageView::Role::Assistant)
                v.errorHint = m.stats.value(QLatin1String("hint")).toString();
            const QList<qint64> siblings = m_store->siblings(m.id);
            v.branchCount = int(std::max<qsizetype>(1, siblings.size()));
            v.branchIndex = int(std::max<qsizetype>(0, siblings.indexOf(m.id)));
            v.streaming = m.id == m_streamingMessage;
            views.append(v);
        }
    }
    m_view->setMessages(views);
    setContextUse(used, m_modelContext);
}

bool ChatPanel::ensureConversation(const QString &firstText) {
    if (m_conversation != 0) return true;
    ConversationSettings settings;
    const AppSettings app;
    settings.sampling = fromDefaults(app.sampling());
    settings.think = m_think->isChecked();
    settings.adapterPath = m_adapter->path();
    settings.adapterEnabled = m_adapter->isOn();
    settings.adapterStrength = m_adapter->strength();
    QString error;
    const qint64 id =
        m_store->createConversation(ConversationStore::titleFrom(firstText), settings, &error);
    if (id <= 0) {
        showError(tr("Could not start a conversation: %1").arg(error));
        return false;
    }
    m_conversation = id;
    m_title->setText(ConversationStore::titleFrom(firstText));
    QSettings().setValue(QStringLiteral("chat/lastConversation"), id);
    refreshConversations();
    return true;
}

void ChatPanel::send() {
    if (isBusy()) return;
    const QString text = m_input->toPlainText().trimmed();
    const QList<Attachment> attachments = m_pending->items();
    if (text.isEmpty() && attachments.isEmpty()) return;
    if (!m_modelLoaded) {
        showError(
            tr("No model is loaded. Load one in the Models panel, then send again; your "
               "message is kept."));
        emit modelNeeded();
        return;
    }
    if (!ensureConversation(text.isEmpty() ? attachments.first().name : text)) return;

    StoredMessage user;
    user.conversationId = m_conversation;
    user.parentId = m_store->currentLeaf(m_conversation);
    user.role = QStringLiteral("user");
    user.content = text;
    for (const Attachment &a : attachments) {
        StoredAttachment s;
        s.kind = a.kind == Attachment::Kind::Audio ? StoredAttachment::Kind::Audio
                                                   : StoredAttachment::Kind::Image;
        s.name = a.name;
        s.mimeType = a.mimeType;
        s.data = a.data;
        s.durationMs = a.durationMs;
        user.attachments.append(s);
    }
    QString error;
    const qint64 userId = m_store->addMessage(user, &error);
    if (userId <= 0) {
        // Nothing is lost: the text and the attachments stay in the composer.
        showError(
            tr("Your message could not be saved: %1. It is still in the message box.").arg(error));
        return;
    }
    // Committed: now it counts as sent.
    closeComparison();
    m_input->clear();
    m_pending->clear();
    showError(QString());
    startAnswer(userId);
}

void ChatPanel::startAnswer(qint64 parentId) {
    StoredMessage answer;
    answer.conversationId = m_conversation;
    answer.parentId = parentId;
    answer.role = QStringLiteral("assistant");
    answer.complete = false;
    QString error;
    const qint64 answerId = m_store->addMessage(answer, &error);
    if (answerId <= 0) {
        showError(tr("Could not save the answer: %1").arg(error));
        reloadTranscript();
        return;
    }
    QString modelError;
    m_store->setModelPath(m_conversation, m_modelPath, &modelError);
    m_streamingMessage = answerId;
    m_content.clear();
    m_thinking.clear();
    m_toolCalls = QJsonArray();
    m_thinkingMs = 0;
    m_thinkingClock.invalidate();
    reloadTranscript();

    m_saveTimer.start();
    updateControls();
    emit generatingChanged(true);
    emit statusMessage(tr("Reading the conversation…"));
    // The engine answers the conversation's path up to this message.
    m_controller->send(m_conversation, answerId);
}

void ChatPanel::stop() {
    if (isComparing()) {
        m_controller->stopComparison();
        emit statusMessage(tr("Stopping…"));
        return;
    }
    if (!isGenerating()) return;
    m_controller->stop();
    emit statusMessage(tr("Stopping…"));
}

void ChatPanel::regenerateLast() {
    if (isBusy() || m_conversation == 0) return;
    const QList<StoredMessage> path = m_store->currentPath(m_conversation);
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
        if (it->role == QLatin1String("assistant")) {
            onRegenerateRequested(it->id);
            return;
        }
    }
}

void ChatPanel::focusComposer() {
    m_input->setFocus(Qt::ShortcutFocusReason);
}

void ChatPanel::focusSearch() {
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void ChatPanel::setShowThinking(bool show) {
    m_view->setThinkingVisible(show);
}

void ChatPanel::setImageTokens(int tokens) {
    if (tokens == m_imageTokens) return;
    m_imageTokens = tokens;
    reloadTranscript();
}

void ChatPanel::setModelMedia(bool images, bool audio) {
    m_modelReadsImages = images;
    m_modelReadsAudio = audio;
}

int ChatPanel::attachmentTokens(const StoredAttachment &a) {
    const bool image = a.kind == StoredAttachment::Kind::Image;
    const QPair<qint64, int> key(a.id, image ? m_imageTokens : 0);
    if (a.id != 0) {
        const auto it = m_attachmentTokens.constFind(key);
        if (it != m_attachmentTokens.constEnd()) return *it;
    }
    int tokens = 0;
    if (image) {
        QBuffer buffer;
        buffer.setData(a.data);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer);
        reader.setAutoTransform(true);
        QSize size = reader.size();
        // The reader reports the stored size; a 90° EXIF orientation swaps the sides.
        if (reader.transformation() & QImageIOHandler::TransformationRotate90) size.transpose();
        tokens = media::imageSoftTokens(size, m_imageTokens);
    } else {
        tokens = media::audioSoftTokens(a.data.size() / 2);  // 16 kHz mono s16
    }
    if (a.id != 0) m_attachmentTokens.insert(key, tokens);
    return tokens;
}

void ChatPanel::onMediaProgress(double fraction) {
    if (m_streamingMessage == 0) return;
    emit statusMessage(tr("Reading the attachments… %1%").arg(int(fraction * 100.0)));
}

void ChatPanel::saveStreamingMessage(bool complete, const QString &error) {
    if (m_streamingMessage == 0) return;
    QJsonObject stats;  // the final save writes the statistics
    if (m_thinkingMs > 0) stats.insert(QStringLiteral("thinkingMs"), m_thinkingMs);
    QString err;
    if (!m_store->updateMessage(m_streamingMessage, m_content, m_thinking, m_toolCalls, stats,
                                error, complete, &err)) {
        showError(tr("Could not save the answer: %1").arg(err));
    }
}

void ChatPanel::onChatStarted(int promptTokens, int reusedTokens) {
    if (m_streamingMessage == 0) return;
    emit statusMessage(
        reusedTokens > 0
            ? tr("Answering (%1 of %2 prompt tokens reused)…").arg(reusedTokens).arg(promptTokens)
            : tr("Answering (%1 prompt tokens)…").arg(promptTokens));
}

void ChatPanel::onChatDelta(const session::ChatDelta &delta) {
    if (m_streamingMessage == 0) return;
    switch (delta.kind) {
        case session::ChatDelta::Kind::Thinking:
            if (!m_thinkingClock.isValid()) m_thinkingClock.start();
            m_thinking += delta.text;
            m_view->appendThinking(m_streamingMessage, delta.text);
            break;
        case session::ChatDelta::Kind::Content:
            if (m_thinkingClock.isValid() && m_thinkingMs == 0)
                m_thinkingMs = std::max<qint64>(1, m_thinkingClock.elapsed());
            m_content += delta.text;
            m_view->appendContent(m_streamingMessage, delta.text);
            break;
        case session::ChatDelta::Kind::ToolCall: {
            QJsonObject call;
            call.insert(QStringLiteral("name"), delta.toolName);
            call.insert(QStringLiteral("arguments"),
                        QJsonDocument::fromJson(delta.toolArguments.toUtf8()).object());
            m_toolCalls.append(call);
            m_view->addToolCall(m_streamingMessage, {delta.toolName, delta.toolArguments});
            break;
        }
        case session::ChatDelta::Kind::ToolCallError:
            m_content += delta.text;
            m_view->appendContent(m_streamingMessage, delta.text);
            break;
    }
}

QJsonObject ChatPanel::answerStats(const session::ChatStats &s, const QString &adapter,
                                   double strength, bool namedBase) const {
    QStringList parts;
    parts << tr("%n token(s)", nullptr, s.generatedTokens);
    if (s.decodeTokensPerSecond > 0)
        parts << tr("%1 tokens/s").arg(s.decodeTokensPerSecond, 0, 'f', 1);
    if (s.timeToFirstToken > 0) parts << tr("first token %1 s").arg(s.timeToFirstToken, 0, 'f', 2);
    if (s.reusedTokens > 0) parts << tr("%1 cached").arg(s.reusedTokens);
    if (!adapter.isEmpty())
        parts << tr("adapter %1").arg(AdapterNames::label(adapter, strength));
    else if (namedBase)
        parts << tr("base model");
    if (s.stopReason == QLatin1String("cancelled")) parts << tr("stopped");
    if (s.stopReason == QLatin1String("max-tokens")) parts << tr("length limit reached");
    QJsonObject stats;
    stats.insert(QStringLiteral("text"), parts.join(QStringLiteral(" · ")));
    stats.insert(QStringLiteral("generatedTokens"), s.generatedTokens);
    stats.insert(QStringLiteral("promptTokens"), s.promptTokens);
    stats.insert(QStringLiteral("decodeTokensPerSecond"), s.decodeTokensPerSecond);
    stats.insert(QStringLiteral("timeToFirstToken"), s.timeToFirstToken);
    stats.insert(QStringLiteral("stopReason"), s.stopReason);
    if (!adapter.isEmpty()) {
        stats.insert(QStringLiteral("adapter"), adapter);
        stats.insert(QStringLiteral("adapterStrength"), strength);
    }
    return stats;
}

void ChatPanel::onChatFinished(const session::ChatStats &s) {
    if (m_streamingMessage == 0) return;
    m_saveTimer.stop();
    const bool cancelled = s.stopReason == QLatin1String("cancelled");
    const bool full = s.stopReason == QLatin1String("context-full");
    QJsonObject stats = answerStats(s, m_controller->currentAdapter(),
                                    m_controller->currentAdapterStrength(), false);
    const QString text = stats.value(QLatin1String("text")).toString();
    if (m_thinkingMs > 0) stats.insert(QStringLiteral("thinkingMs"), m_thinkingMs);
    const QString error =
        full ? tr("The context is full: the answer stopped at %1 tokens.").arg(s.contextLength)
             : QString();
    if (full) {
        stats.insert(QStringLiteral("hint"),
                     tr("Start a new chat or raise the context length in Settings."));
    }
    QString err;
    if (!m_store->updateMessage(m_streamingMessage, m_content, m_thinking, m_toolCalls, stats,
                                error, true, &err)) {
        showError(tr("Could not save the answer: %1").arg(err));
    }
    const qint64 finished = m_streamingMessage;
    m_streamingMessage = 0;
    m_view->finishMessage(finished, text);
    if (full)
        m_view->setMessageError(finished, error,
                                tr("Start a new chat or raise the context length in Settings."));
    setContextUse(s.contextUsed, s.contextLength);
    updateControls();
    refreshConversations();
    emit generatingChanged(false);
    emit statusMessage(cancelled ? tr("Stopped.") : tr("Done: %1").arg(text));
}

void ChatPanel::onChatFailed(const QString &error, const QString &hint) {
    if (m_streamingMessage == 0) return;
    m_saveTimer.stop();
    QJsonObject stats;
    stats.insert(QStringLiteral("hint"), hint);
    QString err;
    if (!m_store->updateMessage(m_streamingMessage, m_content, m_thinking, m_toolCalls, stats,
                                error, true, &err)) {
        showError(tr("Could not save the answer: %1").arg(err));
    }
    const qint64 failed = m_streamingMessage;
    m_streamingMessage = 0;
    m_view->finishMessage(failed, QString());
    m_view->setMessageError(failed, error, hint);
    updateControls();
    emit generatingChanged(false);
    emit statusMessage(error);
}

void ChatPanel::onModelLoaded(const session::ModelInfo &info) {
    m_modelLoaded = true;
    m_modelPath = info.path;
    m_modelName = info.name;
    m_modelContext = info.contextLength;
    m_modelLabel->setToolTip(QStringLiteral("%1\n%2\n%3").arg(info.path, info.device, info.memory));
    setContextUse(0, info.contextLength);
    showError(QString());
    updateControls();
}

void ChatPanel::onModelUnloaded() {
    m_modelLoaded = false;
    m_modelPath.clear();
    m_modelName.clear();
    m_modelContext = 0;
    setContextUse(0, 0);
    m_modelLabel->setToolTip(QString());
    updateControls();
}

void ChatPanel::onDeleteRequested(qint64 id) {
    if (isBusy()) return;
    QString error;
    if (!m_store->deleteMessage(id, &error)) showError(error);
    reloadTranscript();
    refreshConversations();
}

void ChatPanel::onRegenerateRequested(qint64 id) {
    if (isBusy()) return;
    if (!m_modelLoaded) {
        showError(tr("No model is loaded. Load one in the Models panel first."));
        emit modelNeeded();
        return;
    }
    const StoredMessage answer = m_store->message(id);
    if (answer.id == 0 || answer.parentId == 0) return;
    startAnswer(answer.parentId);  // a sibling of the old answer, which stays reachable
}

void ChatPanel::onEditSubmitted(qint64 id, const QString &text) {
    if (isBusy()) return;
    if (!m_modelLoaded) {
        showError(tr("No model is loaded. Load one in the Models panel first."));
        emit modelNeeded();
        return;
    }
    const StoredMessage old = m_store->message(id);
    if (old.id == 0) return;
    StoredMessage edited = old;
    edited.id = 0;
    edited.content = text;
    edited.created = QDateTime();
    QString error;
    const qint64 newId = m_store->addMessage(edited, &error);  // a sibling: the old one stays
    if (newId <= 0) {
        showError(tr("Could not save the edited message: %1").arg(error));
        return;
    }
    startAnswer(newId);
}

void ChatPanel::onBranchRequested(qint64 id, int delta) {
    if (isBusy()) return;
    const QList<qint64> siblings = m_store->siblings(id);
    const qsizetype at = siblings.indexOf(id);
    if (at < 0) return;
    const qsizetype next = at + delta;
    if (next < 0 || next >= siblings.size()) return;
    QString error;
    if (!m_store->selectBranch(siblings.at(next), &error)) showError(error);
    reloadTranscript();
}

void ChatPanel::onSaveAsTrainingExample(qint64 id) {
    const QString path = AppSettings().trainingDataPath();
    QString error;
    if (m_store->appendTrainingExample(id, path, &error)) {
        emit statusMessage(tr("Saved as a training example in %1.").arg(path));
    } else {
        showError(tr("Could not save the training example: %1").arg(error));
    }
}

void ChatPanel::exportConversation(const QString &path, bool json) {
    if (m_conversation == 0) return;
    const QByteArray data =
        json ? m_store->exportJson(m_conversation) : m_store->exportMarkdown(m_conversation);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        showError(tr("Could not export to %1: %2").arg(path, file.errorString()));
        return;
    }
    emit statusMessage(tr("Exported to %1.").arg(path));
}

void ChatPanel::editConversationSettings() {
    if (m_conversation == 0 || isBusy()) return;
    ConversationSettings settings = m_store->settings(m_conversation);
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Chat settings"));
    auto *layout = new QVBoxLayout(&dialog);
    auto *form = new QFormLayout;
    auto *system = new QPlainTextEdit(&dialog);
    system->setPlainText(settings.systemPrompt);
    system->setTabChangesFocus(true);
    system->setAccessibleName(tr("System prompt"));
    system->setAccessibleDescription(
        tr("Instructions the model follows throughout this conversation"));
    form->addRow(tr("System prompt:"), system);
    layout->addLayout(form);
    auto *editor = new SamplingEditor(&dialog);
    editor->setSampling(toDefaults(settings.sampling, settings.think));
    layout->addWidget(editor);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(box, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(box);
    if (dialog.exec() != QDialog::Accepted) return;
    const SamplingDefaults values = editor->sampling();
    settings.systemPrompt = system->toPlainText();
    settings.sampling = fromDefaults(values);
    settings.think = values.think;
    QString error;
    if (!m_store->setSettings(m_conversation, settings, &error)) {
        showError(error);
        return;
    }
    const QSignalBlocker block(m_think);
    m_think->setChecked(settings.think);
}

bool ChatPanel::isComparing() const {
    return m_controller->isComparing();
}

void ChatPanel::useAdapter(const QString &path) {
    if (isBusy()) {
        showError(
            tr("An answer is being written. Wait for it (or stop it), then choose the "
               "adapter again."));
        return;
    }
    newChat();
    QString error;
    if (!m_adapter->choose(path, &error)) {
        showError(error);
        return;
    }
    emit statusMessage(tr("New chat with the adapter %1.").arg(AdapterNames::name(path)));
}

void ChatPanel::onAdapterChanged() {
    const QString path = m_adapter->path();
    if (!path.isEmpty()) {
        AppSettings app;
        const QStringList before = app.recentAdapters();
        app.addRecentAdapter(path);
        m_adapter->setRecent(app.recentAdapters());
        if (app.recentAdapters() != before) emit recentAdaptersChanged();
    }
    if (m_conversation == 0) return;  // stored with the conversation at its first message
    ConversationSettings s = m_store->settings(m_conversation);
    s.adapterPath = path;
    s.adapterEnabled = m_adapter->isOn();
    s.adapterStrength = m_adapter->strength();
    QString error;
    if (!m_store->setSettings(m_conversation, s, &error)) showError(error);
}

void ChatPanel::onAdapterFailed(qint64 conversation, const QString &path, const QString &error) {
    Q_UNUSED(error);  // the failed answer (or the comparison's column) shows the engine's message
    if (conversation != m_conversation) return;
    m_adapter->setChoice(QString(), true, 1.0);
    showError(tr("The adapter %1 could not be used, so this conversation is back on the base model "
                 "(the message above says why). Choose an adapter made for this model, or fix "
                 "the file and choose it again.")
                  .arg(AdapterNames::name(path)));
}

void ChatPanel::compareWithBaseModel() {
    if (isBusy()) return;
    if (!m_modelLoaded) {
        showError(tr("No model is loaded. Load one in the Models panel first."));
        emit modelNeeded();
        return;
    }
    if (m_adapter->path().isEmpty()) {
        showError(
            tr("Choose an adapter first: the comparison answers once from the base model "
               "and once through the adapter."));
        return;
    }
    const QString typed = m_input->toPlainText().trimmed();
    qint64 lastId = 0;
    QString shown;
    if (!typed.isEmpty()) {
        if (!ensureConversation(typed)) return;
        lastId = m_store->currentLeaf(m_conversation);
        shown = typed;
    } else if (m_conversation != 0) {
        const QList<StoredMessage> path = m_store->currentPath(m_conversation);
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
            if (it->role == QLatin1String("user")) {
                lastId = it->id;
                shown = it->content;
                break;
            }
        }
    }
    if (lastId == 0 && typed.isEmpty()) {
        showError(tr("Type a question to compare the base model's answer with the adapter's."));
        return;
    }
    QString error;
    if (!m_controller->compare(m_conversation, lastId, typed, &error)) {
        showError(error);
        return;
    }
    m_compareLastId = lastId;
    m_comparePrompt = typed;
    for (int i = 0; i < 2; ++i) {
        m_compareToolCalls[i] = QJsonArray();
        m_compareStats[i] = QJsonObject();
    }
    if (!typed.isEmpty()) m_input->clear();  // back in the composer if no answer is kept
    showError(QString());
    m_comparison->start(shown, AdapterNames::label(m_controller->comparisonAdapter(),
                                                   m_controller->comparisonStrength()));
    m_comparison->setVisible(true);
    updateControls();
    emit generatingChanged(true);
    emit statusMessage(tr("Comparing the base model with the adapter…"));
}

void ChatPanel::onComparisonDelta(bool adapted, const session::ChatDelta &delta) {
    switch (delta.kind) {
        case session::ChatDelta::Kind::Thinking:
            m_comparison->appendThinking(adapted, delta.text);
            break;
        case session::ChatDelta::Kind::Content:
        case session::ChatDelta::Kind::ToolCallError:
            m_comparison->appendContent(adapted, delta.text);
            break;
        case session::ChatDelta::Kind::ToolCall: {
            QJsonObject call;
            call.insert(QStringLiteral("name"), delta.toolName);
            call.insert(QStringLiteral("arguments"),
                        QJsonDocument::fromJson(delta.toolArguments.toUtf8()).object());
            m_compareToolCalls[adapted].append(call);
            m_comparison->appendContent(
                adapted, QStringLiteral("\n`%1(%2)`\n").arg(delta.toolName, delta.toolArguments));
            break;
        }
    }
}

void ChatPanel::onComparisonFinished(bool adapted, const session::ChatStats &stats) {
    m_compareStats[adapted] =
        answerStats(stats, adapted ? m_controller->comparisonAdapter() : QString(),
                    m_controller->comparisonStrength(), true);
    m_comparison->finish(adapted, m_compareStats[adapted].value(QLatin1String("text")).toString());
    onComparisonEnded();
}

void ChatPanel::onComparisonFailed(bool adapted, const QString &error, const QString &hint) {
    m_comparison->fail(adapted, error, hint);
    onComparisonEnded();
}

void ChatPanel::onComparisonEnded() {
    if (isComparing()) return;
    updateControls();
    emit generatingChanged(false);
    emit statusMessage(tr("Compared: keep one of the answers, or close the comparison."));
}

void ChatPanel::keepComparedAnswer(bool adapted) {
    if (isComparing() || m_conversation == 0 || !m_comparison->isVisible()) return;
    if (m_controller->comparisonConversation() != m_conversation) return;
    if (!m_comparison->canKeep(adapted)) return;
    QString error;
    qint64 parent = m_compareLastId;
    if (!m_comparePrompt.isEmpty()) {
        StoredMessage user;
        user.conversationId = m_conversation;
        user.parentId = m_compareLastId;
        user.role = QStringLiteral("user");
        user.content = m_comparePrompt;
        parent = m_store->addMessage(user, &error);
        if (parent <= 0) {
            showError(tr("Could not save the question: %1").arg(error));
            return;
        }
    }
    StoredMessage answer;
    answer.conversationId = m_conversation;
    answer.parentId = parent;
    answer.role = QStringLiteral("assistant");
    answer.content = m_comparison->content(adapted);
    answer.thinking = m_comparison->thinking(adapted);
    answer.toolCalls = m_compareToolCalls[adapted];
    answer.stats = m_compareStats[adapted];
    if (m_store->addMessage(answer, &error) <= 0) {
        showError(tr("Could not save the answer: %1").arg(error));
        reloadTranscript();
        return;
    }
    QString modelError;
    m_store->setModelPath(m_conversation, m_modelPath, &modelError);
    m_comparePrompt.clear();  // kept: not back to the composer
    closeComparison();
    reloadTranscript();
    refreshConversations();
    emit statusMessage(adapted ? tr("Kept the adapter's answer.")
                               : tr("Kept the base model's answer."));
}

void ChatPanel::closeComparison() {
    if (isComparing()) return;
    if (!m_comparePrompt.isEmpty() && m_input->toPlainText().isEmpty())
        m_input->setPlainText(m_comparePrompt);
    m_comparePrompt.clear();
    m_compareLastId = 0;
    m_comparison->setVisible(false);
}

}  // namespace facet::app
