// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The chat transcript: a conversation's messages, rendered from Markdown, with their actions.
//
// The controller (which owns the conversation store and the engine) feeds it MessageViews and
// streamed text and reacts to its signals; the view never changes the conversation itself.
// Streaming calls (appendContent, appendThinking) are cheap: they record the text and the widgets
// follow on a coalescing timer (every 40 ms, spaced out up to 250 ms while renders are costly),
// re-rendering only the segment that grew.
// The view follows the bottom while the user is there and stays put once they scroll up.
// Streamed answers are announced to screen readers politely, at most one chunk every 2 s (see
// LiveAnnouncer).
#pragma once

#include "message_view.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QScrollArea>
#include <QSet>
#include <QTimer>

#include <optional>

class QTextToSpeech;
class QVBoxLayout;

namespace facet::app {

class LiveAnnouncer;
class MessageWidget;

class ChatView : public QScrollArea {
    Q_OBJECT
public:
    explicit ChatView(QWidget *parent = nullptr);
    ~ChatView() override;

    // The whole conversation (replaces what is shown; scrolls to the end).
    void setMessages(const QList<MessageView> &messages);
    // Appends a message at the end (a message with an id already shown is updated instead).
    void addMessage(const MessageView &message);
    // Replaces a shown message's data (content, branch, stats, …); an unknown id is appended.
    void updateMessage(const MessageView &message);
    void removeMessage(qint64 id);
    void clear();

    // Streaming, cheap per token; unknown ids are ignored.
    void appendContent(qint64 id, const QString &text);
    void appendThinking(qint64 id, const QString &text);
    void addToolCall(qint64 id, const ToolCallView &call);
    // The answer ended: rendered at once, statistics shown, the rest announced.
    void finishMessage(qint64 id, const QString &statsText);
    // The answer failed: the error and what to do shown inside the message (and announced).
    void setMessageError(qint64 id, const QString &error, const QString &hint);

    // The global "show thinking" switch: hides every reasoning block when off.
    void setThinkingVisible(bool visible);
    bool isThinkingVisible() const { return m_thinkingVisible; }

    // The message's Markdown content as the view holds it (streamed text included, rendered or
    // not); empty for an unknown id.
    QString messageText(qint64 id) const;
    QList<qint64> messageIds() const { return m_order; }
    int messageCount() const { return int(m_order.size()); }
    MessageWidget *messageWidget(qint64 id) const { return m_widgets.value(id); }

    // Renders the coalesced streaming updates now (the timer does it otherwise).
    void flushPendingUpdates();
    // Whether new content scrolls the view (the user is at the bottom).
    bool isFollowingBottom() const { return m_follow; }
    void scrollToBottom();

    LiveAnnouncer *announcer() const { return m_announcer; }
    // Whether a text-to-speech engine exists (Read aloud is disabled otherwise).
    bool isSpeechAvailable() const { return m_speechAvailable; }
    std::optional<qint64> speakingMessage() const { return m_speakingId; }

signals:
    void deleteRequested(qint64 id);
    void regenerateRequested(qint64 id);                    // an assistant message
    void editSubmitted(qint64 id, const QString &newText);  // a user message
    void branchRequested(qint64 id, int delta);             // -1: previous version, +1: next
    void saveAsTrainingExampleRequested(qint64 id);
    void copied(qint64 id);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    MessageWidget *createWidget(const MessageView &message);
    void markDirty(MessageWidget *widget);
    void toggleReadAloud(qint64 id);
    void setSpeakingMessage(std::optional<qint64> id);
    void onFocusChanged(QWidget *old, QWidget *now);
    void updateMargins();
    void retranslate();

    QWidget *m_canvas = nullptr;  // the scrolled widget: the column centred in it
    QWidget *m_column = nullptr;  // the messages, at a fixed width
    QVBoxLayout *m_list = nullptr;
    QHash<qint64, MessageWidget *> m_widgets;
    QList<qint64> m_order;
    QSet<qint64> m_dirty;
    QTimer m_renderTimer;
    bool m_follow = true;
    bool m_scrolling = false;  // the view moves the scroll bar itself
    bool m_thinkingVisible = true;
    int m_columnWidth = 0;  // the messages' width (0 until the view has a size)

    LiveAnnouncer *m_announcer = nullptr;
    std::optional<qint64> m_announcedId;  // the answer being announced

    bool m_speechAvailable = false;
    QTextToSpeech *m_speech = nullptr;
    std::optional<qint64> m_speakingId;
    bool m_startingSpeech = false;
    QPointer<MessageWidget> m_focusMessage;
};

}  // namespace facet::app
