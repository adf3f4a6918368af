// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "chat_view.h"

#include "live_announcer.h"
#include "message_widget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QHBoxLayout>
#include <QScrollBar>
#include <QStyle>
#include <QVBoxLayout>

#ifdef FACET_HAVE_TTS
#include <QTextToSpeech>
#endif

namespace facet::app {
namespace {

constexpr int kRenderIntervalMs = 40;  // ~25 renders a second while tokens stream in
constexpr int kMaxRenderIntervalMs = 250;
constexpr int kBottomSlackPx = 8;  // this close to the end counts as "at the bottom"

MessageWidget *messageOf(QWidget *widget) {
    for (; widget; widget = widget->parentWidget())
        if (auto *message = qobject_cast<MessageWidget *>(widget)) return message;
    return nullptr;
}

}  // namespace

ChatView::ChatView(QWidget *parent) : QScrollArea(parent) {
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_canvas = new QWidget;
    m_canvas->setBackgroundRole(QPalette::Base);
    m_canvas->setAutoFillBackground(true);
    auto *centre = new QHBoxLayout(m_canvas);
    centre->setContentsMargins(0, 0, 0, 0);
    m_column = new QWidget(m_canvas);
    centre->addStretch(1);
    centre->addWidget(m_column);
    centre->addStretch(1);
    m_list = new QVBoxLayout(m_column);
    m_list->setContentsMargins(0, 12, 0, 12);
    m_list->setSpacing(10);
    m_list->addStretch(1);
    setWidget(m_canvas);
    viewport()->setBackgroundRole(QPalette::Base);

    m_renderTimer.setSingleShot(true);
    m_renderTimer.setInterval(kRenderIntervalMs);
    connect(&m_renderTimer, &QTimer::timeout, this, &ChatView::flushPendingUpdates);

    // Follow the bottom while the user is there: growth of the content keeps the end in view;
    // any scrolling by the user decides anew whether they are at the bottom.
    QScrollBar *bar = verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, this, [this, bar](int value) {
        if (!m_scrolling) m_follow = value >= bar->maximum() - kBottomSlackPx;
    });
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int maximum) {
        if (!m_follow) return;
        m_scrolling = true;
        bar->setValue(maximum);
        m_scrolling = false;
    });

    updateMargins();
    m_announcer = new LiveAnnouncer(this);
#ifdef FACET_HAVE_TTS
    m_speechAvailable = !QTextToSpeech::availableEngines().isEmpty();
#endif
    connect(qApp, &QApplication::focusChanged, this, &ChatView::onFocusChanged);
    retranslate();
}

ChatView::~ChatView() {
    // The widgets go with the canvas; only the focus tracking must stop first.
    disconnect(qApp, &QApplication::focusChanged, this, &ChatView::onFocusChanged);
}

MessageWidget *ChatView::createWidget(const MessageView &message) {
    auto *widget = new MessageWidget(message, m_speechAvailable, m_column);
    // At its final width from the start: its text is laid out once, not first for the default
    // size of a new widget.
    if (m_columnWidth > 0) widget->resize(m_columnWidth, widget->height());
    widget->setThinkingVisible(m_thinkingVisible);
    widget->render();
    m_list->insertWidget(m_list->count() - 1, widget);  // before the stretch
    if (m_canvas->isVisible()) widget->show();
    m_widgets.insert(message.id, widget);
    m_order.append(message.id);
    connect(widget, &MessageWidget::deleteRequested, this, &ChatView::deleteRequested);
    connect(widget, &MessageWidget::regenerateRequested, this, &ChatView::regenerateRequested);
    connect(widget, &MessageWidget::editSubmitted, this, &ChatView::editSubmitted);
    connect(widget, &MessageWidget::branchRequested, this, &ChatView::branchRequested);
    connect(widget, &MessageWidget::saveAsTrainingExampleRequested, this,
            &ChatView::saveAsTrainingExampleRequested);
    connect(widget, &MessageWidget::copied, this, &ChatView::copied);
    connect(widget, &MessageWidget::readAloudRequested, this, &ChatView::toggleReadAloud);
    if (message.streaming && message.role == MessageView::Role::Assistant) {
        if (m_announcedId && *m_announcedId != message.id) m_announcer->finish();
        m_announcedId = message.id;
    }
    return widget;
}

void ChatView::setMessages(const QList<MessageView> &messages) {
    setUpdatesEnabled(false);
    clear();
    for (const MessageView &message : messages) {
        if (m_widgets.contains(message.id))
            updateMessage(message);
        else
            createWidget(message);
    }
    setUpdatesEnabled(true);
    m_follow = true;
    scrollToBottom();
}

void ChatView::addMessage(const MessageView &message) {
    if (m_widgets.contains(message.id)) {
        updateMessage(message);
        return;
    }
    createWidget(message);
}

void ChatView::updateMessage(const MessageView &message) {
    MessageWidget *widget = m_widgets.value(message.id);
    if (!widget) {
        createWidget(message);
        return;
    }
    widget->setView(message);
    widget->render();
    m_dirty.remove(message.id);
}

void ChatView::removeMessage(qint64 id) {
    MessageWidget *widget = m_widgets.take(id);
    if (!widget) return;
    m_order.removeAll(id);
    m_dirty.remove(id);
    if (m_speakingId == id) {
#ifdef FACET_HAVE_TTS
        if (m_speech) m_speech->stop();
#endif
        setSpeakingMessage(std::nullopt);
    }
    if (m_announcedId == id) {
        m_announcer->clear();
        m_announcedId.reset();
    }
    if (m_focusMessage == widget) m_focusMessage = nullptr;
    widget->hide();
    m_list->removeWidget(widget);
    widget->disconnect(this);
    // Later: the request to remove it may come from one of its own buttons' signals.
    widget->deleteLater();
}

void ChatView::clear() {
    const QList<qint64> ids = m_order;
    for (qint64 id : ids)
        removeMessage(id);
    m_announcer->clear();
    m_announcedId.reset();
    m_follow = true;
}

void ChatView::markDirty(MessageWidget *widget) {
    m_dirty.insert(widget->id());
    if (!m_renderTimer.isActive()) m_renderTimer.start();
}

void ChatView::appendContent(qint64 id, const QString &text) {
    MessageWidget *widget = m_widgets.value(id);
    if (!widget || text.isEmpty()) return;
    widget->appendContent(text);
    markDirty(widget);
    if (widget->view().role != MessageView::Role::Assistant) return;
    if (m_announcedId != id) {
        if (m_announcedId) m_announcer->finish();
        m_announcedId = id;
    }
    m_announcer->append(text);
}

void ChatView::appendThinking(qint64 id, const QString &text) {
    MessageWidget *widget = m_widgets.value(id);
    if (!widget || text.isEmpty()) return;
    widget->appendThinking(text);
    markDirty(widget);
}

void ChatView::addToolCall(qint64 id, const ToolCallView &call) {
    MessageWidget *widget = m_widgets.value(id);
    if (!widget) return;
    widget->addToolCall(call);
    markDirty(widget);
    m_announcer->say(tr("Calling the tool %1.").arg(call.name));
}

void ChatView::finishMessage(qint64 id, const QString &statsText) {
    MessageWidget *widget = m_widgets.value(id);
    if (!widget) return;
    widget->finish(statsText);
    widget->render();
    m_dirty.remove(id);
    if (m_announcedId == id) {
        m_announcer->finish();
        m_announcedId.reset();
    }
}

void ChatView::setMessageError(qint64 id, const QString &error, const QString &hint) {
    MessageWidget *widget = m_widgets.value(id);
    if (!widget) return;
    widget->setError(error, hint);
    widget->render();
    m_dirty.remove(id);
    if (m_announcedId == id) m_announcedId.reset();
    m_announcer->say(hint.isEmpty() ? tr("Error: %1").arg(error)
                                    : tr("Error: %1 What to do: %2").arg(error, hint));
}

void ChatView::setThinkingVisible(bool visible) {
    if (visible == m_thinkingVisible) return;
    m_thinkingVisible = visible;
    for (MessageWidget *widget : std::as_const(m_widgets)) {
        widget->setThinkingVisible(visible);
        if (widget->view().streaming) markDirty(widget);
    }
}

QString ChatView::messageText(qint64 id) const {
    const MessageWidget *widget = m_widgets.value(id);
    return widget ? widget->view().content : QString();
}

void ChatView::flushPendingUpdates() {
    m_renderTimer.stop();
    const QSet<qint64> dirty = std::exchange(m_dirty, {});
    QElapsedTimer cost;
    cost.start();
    for (qint64 id : dirty)
        if (MessageWidget *widget = m_widgets.value(id)) widget->render();
    // A long answer's growing paragraph costs more to lay out with every token: the renders
    // space out so that they never take more than about a third of the time (typing and
    // scrolling stay responsive), back to 40 ms when they are cheap again.
    const qint64 ms = cost.elapsed();
    m_renderTimer.setInterval(
        int(std::clamp<qint64>(3 * ms, kRenderIntervalMs, kMaxRenderIntervalMs)));
}

void ChatView::scrollToBottom() {
    m_follow = true;
    m_scrolling = true;
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
    m_scrolling = false;
}

void ChatView::toggleReadAloud(qint64 id) {
#ifdef FACET_HAVE_TTS
    if (!m_speechAvailable) return;
    if (m_speakingId == id) {
        if (m_speech) m_speech->stop();
        setSpeakingMessage(std::nullopt);
        return;
    }
    const MessageWidget *widget = m_widgets.value(id);
    if (!widget) return;
    const QString text = widget->speechText();
    if (text.trimmed().isEmpty()) return;
    if (!m_speech) {
        m_speech = new QTextToSpeech(this);
        connect(m_speech, &QTextToSpeech::stateChanged, this, [this](QTextToSpeech::State state) {
            if (m_startingSpeech) return;
            if (state == QTextToSpeech::Ready || state == QTextToSpeech::Error)
                setSpeakingMessage(std::nullopt);
        });
    }
    m_startingSpeech = true;
    m_speech->stop();
    m_speech->say(text);
    m_startingSpeech = false;
    setSpeakingMessage(id);
#else
    Q_UNUSED(id);
#endif
}

void ChatView::setSpeakingMessage(std::optional<qint64> id) {
    if (m_speakingId)
        if (MessageWidget *widget = m_widgets.value(*m_speakingId)) widget->setSpeaking(false);
    m_speakingId = id;
    if (id)
        if (MessageWidget *widget = m_widgets.value(*id)) widget->setSpeaking(true);
}

void ChatView::onFocusChanged(QWidget *old, QWidget *now) {
    Q_UNUSED(old);
    MessageWidget *message = now && m_canvas->isAncestorOf(now) ? messageOf(now) : nullptr;
    if (message == m_focusMessage) return;
    if (m_focusMessage) m_focusMessage->setFocusWithin(false);
    m_focusMessage = message;
    if (message) message->setFocusWithin(true);
}

// The messages form a centred column of a fixed width: a readable line length on wide windows.
// Every change of that width lays out the text of every message again, so it changes only in
// steps of 16 pixels while a window is resized, and it leaves room for the vertical scroll bar
// whether that is shown or not (the bar appearing, or the scroll area trying both ways, does
// not change it).
void ChatView::updateMargins() {
    constexpr int kStep = 16, kMinMargin = 12;
    const int widest = std::max(720, fontMetrics().averageCharWidth() * 100);
    int available = viewport()->width() - 2 * kMinMargin;
    if (!verticalScrollBar()->isVisible())
        available -= style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
    const int column = std::max(kStep, std::min(widest, available / kStep * kStep));
    m_columnWidth = testAttribute(Qt::WA_Resized) ? column : 0;
    if (m_column->minimumWidth() != column || m_column->maximumWidth() != column)
        m_column->setFixedWidth(column);
}

void ChatView::resizeEvent(QResizeEvent *event) {
    updateMargins();
    QScrollArea::resizeEvent(event);
}

void ChatView::retranslate() {
    setAccessibleName(tr("Conversation"));
    setAccessibleDescription(tr("The messages of this conversation, oldest first"));
}

void ChatView::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    if (event->type() == QEvent::FontChange) updateMargins();
    QScrollArea::changeEvent(event);
}

}  // namespace facet::app
