// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "attachment_tray.h"

#include "attachment.h"
#include "pending_attachments.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace facet::app {

AttachmentTray::AttachmentTray(PendingAttachments *pending, QWidget *parent)
    : QWidget(parent), m_pending(pending) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_row = new QWidget(m_scroll);
    m_rowLayout = new QHBoxLayout(m_row);
    m_rowLayout->setContentsMargins(0, 0, 0, 0);
    m_rowLayout->setSpacing(6);
    m_rowLayout->addStretch(1);
    m_scroll->setWidget(m_row);
    layout->addWidget(m_scroll);

    m_empty = new QLabel(this);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setEnabled(false);  // drawn greyed: a hint, not content
    layout->addWidget(m_empty);

    m_busy = new QLabel(this);
    layout->addWidget(m_busy);

    m_messageBox = new QWidget(this);
    auto *messageLayout = new QHBoxLayout(m_messageBox);
    messageLayout->setContentsMargins(0, 0, 0, 0);
    m_message = new QLabel(m_messageBox);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_message->setFocusPolicy(Qt::TabFocus);  // reachable by keyboard and screen readers
    m_dismiss = new QToolButton(m_messageBox);
    m_dismiss->setText(QStringLiteral("×"));
    m_dismiss->setAutoRaise(true);
    m_dismiss->setFocusPolicy(Qt::StrongFocus);
    messageLayout->addWidget(m_message, 1);
    messageLayout->addWidget(m_dismiss, 0, Qt::AlignTop);
    layout->addWidget(m_messageBox);
    connect(m_dismiss, &QToolButton::clicked, this, &AttachmentTray::clearMessage);

    connect(m_pending, &PendingAttachments::changed, this, &AttachmentTray::rebuild);
    connect(m_pending, &PendingAttachments::refused, this, &AttachmentTray::showRefusal);
    connect(m_pending, &PendingAttachments::importingChanged, this, [this](bool busy) {
        // A new import starts a new account of what went wrong.
        if (busy) clearMessage();
        updateVisibility();
    });
    retranslate();
    rebuild();
}

void AttachmentTray::setThumbnailSize(int pixels) {
    m_thumbSize = std::max(24, pixels);
    rebuild();
}

void AttachmentTray::setAutoHide(bool autoHide) {
    m_autoHide = autoHide;
    updateVisibility();
}

void AttachmentTray::setPlaceholderText(const QString &text) {
    m_placeholder = text;
    retranslate();
}

QString AttachmentTray::message() const {
    return m_messages.join(QLatin1Char('\n'));
}

void AttachmentTray::clearMessage() {
    if (m_messages.isEmpty()) return;
    m_messages.clear();
    m_message->clear();
    updateVisibility();
}

void AttachmentTray::showRefusal(const QString &message) {
    m_messages << message;
    m_message->setText(this->message());
    updateVisibility();
}

void AttachmentTray::rebuild() {
    // The buttons may be the sender of the signal that led here: delete them later.
    int focusIndex = -1;
    for (int i = 0; i < m_removeButtons.size(); ++i)
        if (m_removeButtons[i]->hasFocus()) focusIndex = i;
    while (m_rowLayout->count() > 1) {
        QLayoutItem *item = m_rowLayout->takeAt(0);
        if (QWidget *w = item->widget()) {
            w->hide();
            w->deleteLater();
        }
        delete item;
    }
    m_removeButtons.clear();

    const QList<Attachment> items = m_pending->items();
    const int edge = m_thumbSize;
    for (int i = 0; i < items.size(); ++i) {
        const Attachment &a = items[i];
        auto *chip = new QFrame(m_row);
        chip->setObjectName(QStringLiteral("attachmentChip"));
        chip->setFrameShape(QFrame::StyledPanel);
        auto *grid = new QGridLayout(chip);
        grid->setContentsMargins(2, 2, 2, 2);
        grid->setSpacing(1);

        auto *thumb = new QLabel(chip);
        thumb->setObjectName(QStringLiteral("attachmentThumbnail"));
        thumb->setFixedSize(edge, edge);
        thumb->setAlignment(Qt::AlignCenter);
        if (!a.thumbnail.isNull()) {
            thumb->setPixmap(QPixmap::fromImage(
                a.thumbnail.scaled(edge, edge, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
        }
        const QString description = AttachmentText::describe(a);
        thumb->setToolTip(description);
        thumb->setAccessibleName(a.name);
        thumb->setAccessibleDescription(description);

        auto *remove = new QToolButton(chip);
        remove->setObjectName(QStringLiteral("removeAttachment"));
        remove->setText(QStringLiteral("×"));
        remove->setAutoRaise(true);
        remove->setFocusPolicy(Qt::StrongFocus);
        remove->setToolTip(tr("Remove “%1”").arg(a.name));
        remove->setAccessibleName(tr("Remove “%1”").arg(a.name));
        remove->setAccessibleDescription(
            tr("Removes this attachment from the message being written"));
        connect(remove, &QToolButton::clicked, this, [this, i] {
            m_pending->remove(i);
            // Keep the keyboard in the row: focus the next remove button.
            if (!m_removeButtons.isEmpty())
                m_removeButtons[std::min(i, int(m_removeButtons.size()) - 1)]->setFocus();
        });

        auto *caption = new QLabel(chip);
        caption->setObjectName(QStringLiteral("attachmentCaption"));
        const QString text =
            a.kind == Attachment::Kind::Audio ? AttachmentText::duration(a.durationMs) : a.name;
        caption->setText(caption->fontMetrics().elidedText(text, Qt::ElideMiddle, edge));
        caption->setAlignment(Qt::AlignCenter);
        caption->setToolTip(description);

        grid->addWidget(thumb, 0, 0);
        grid->addWidget(remove, 0, 0, Qt::AlignTop | Qt::AlignRight);
        grid->addWidget(caption, 1, 0);
        m_rowLayout->insertWidget(i, chip);
        chip->show();  // added to a row that may already be on screen
        m_removeButtons.append(remove);
    }
    m_scroll->setFixedHeight(edge + m_row->fontMetrics().height() + 16 +
                             m_scroll->horizontalScrollBar()->sizeHint().height());
    if (focusIndex >= 0 && !m_removeButtons.isEmpty())
        m_removeButtons[std::min(focusIndex, int(m_removeButtons.size()) - 1)]->setFocus();
    updateVisibility();
}

void AttachmentTray::updateVisibility() {
    const bool hasItems = !m_removeButtons.isEmpty();
    const bool busy = m_pending->isImporting();
    m_scroll->setVisible(hasItems);
    m_empty->setVisible(!hasItems && !m_autoHide && !m_placeholder.isEmpty());
    m_busy->setVisible(busy);
    m_messageBox->setVisible(!m_messages.isEmpty());
    // Without auto-hide the tray is always there (it may have been hidden while auto-hide was on).
    setVisible(!m_autoHide || hasItems || busy || !m_messages.isEmpty());
}

void AttachmentTray::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        rebuild();
    }
    QWidget::changeEvent(event);
}

void AttachmentTray::retranslate() {
    setAccessibleName(tr("Attachments"));
    setAccessibleDescription(tr("The images and audio that go with the next message"));
    m_empty->setText(m_placeholder);
    m_busy->setText(tr("Adding attachments…"));
    m_message->setAccessibleName(tr("Attachment problem"));
    m_message->setAccessibleDescription(tr("Why an image or audio file was not attached"));
    m_dismiss->setToolTip(tr("Dismiss"));
    m_dismiss->setAccessibleName(tr("Dismiss message"));
    m_dismiss->setAccessibleDescription(tr("Hides the message about attachments that failed"));
}

}  // namespace facet::app
