// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A row of thumbnails with remove (×) buttons over a PendingAttachments: above the chat's input
// box (small, hidden while empty) and, larger, in the Attachments dock. It also shows what an
// import refused and that an import is running.
#pragma once

#include <QList>
#include <QWidget>

class QHBoxLayout;
class QLabel;
class QScrollArea;
class QToolButton;

namespace facet::app {

class PendingAttachments;

class AttachmentTray : public QWidget {
    Q_OBJECT
public:
    explicit AttachmentTray(PendingAttachments *pending, QWidget *parent = nullptr);

    // Edge of a thumbnail in pixels (default 56).
    void setThumbnailSize(int pixels);
    int thumbnailSize() const { return m_thumbSize; }
    // While set (the default) the tray hides itself when it has nothing to show.
    void setAutoHide(bool autoHide);
    // Text shown while there are no attachments and auto-hide is off.
    void setPlaceholderText(const QString &text);

    int itemCount() const { return int(m_removeButtons.size()); }
    QToolButton *removeButton(int index) const { return m_removeButtons.value(index); }
    // The refusals since the last import started or since they were dismissed; empty: none.
    QString message() const;
    void clearMessage();

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void retranslate();
    void updateVisibility();
    void showRefusal(const QString &message);

    PendingAttachments *m_pending;
    int m_thumbSize = 56;
    bool m_autoHide = true;
    QString m_placeholder;
    QScrollArea *m_scroll;
    QWidget *m_row;
    QHBoxLayout *m_rowLayout;
    QLabel *m_empty;
    QLabel *m_busy;
    QWidget *m_messageBox;
    QLabel *m_message;
    QToolButton *m_dismiss;
    QStringList m_messages;
    QList<QToolButton *> m_removeButtons;
};

}  // namespace facet::app
