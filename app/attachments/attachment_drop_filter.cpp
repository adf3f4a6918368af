// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "attachment_drop_filter.h"

#include "attachment_importer.h"
#include "pending_attachments.h"

#include <QAbstractScrollArea>
#include <QClipboard>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QPainter>
#include <QWidget>

namespace facet::app {

namespace {

// A translucent frame over the drop target while a usable drag hovers over it. It lets mouse
// events through and is drawn above the target's children.
class DropOverlay : public QWidget {
    Q_DECLARE_TR_FUNCTIONS(facet::app::AttachmentDropFilter)
public:
    explicit DropOverlay(QWidget *parent) : QWidget(parent) {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
        setFocusPolicy(Qt::NoFocus);
        hide();
    }

protected:
    void paintEvent(QPaintEvent *) override {
        QPainter painter(this);
        QColor fill = palette().color(QPalette::Highlight);
        fill.setAlpha(48);
        painter.fillRect(rect(), fill);
        QPen pen(palette().color(QPalette::Highlight), 2, Qt::DashLine);
        painter.setPen(pen);
        painter.drawRect(rect().adjusted(1, 1, -2, -2));
        painter.setPen(palette().color(QPalette::WindowText));
        QFont font = painter.font();
        font.setBold(true);
        painter.setFont(font);
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("Drop to attach"));
    }
};

}  // namespace

AttachmentDropFilter *AttachmentDropFilter::install(QWidget *widget, PendingAttachments *target) {
    QWidget *dropWidget = widget;
    if (auto *area = qobject_cast<QAbstractScrollArea *>(widget)) dropWidget = area->viewport();
    auto *filter = new AttachmentDropFilter(dropWidget, target);
    filter->setParent(widget);
    widget->setAcceptDrops(true);
    dropWidget->setAcceptDrops(true);
    dropWidget->installEventFilter(filter);
    if (dropWidget != widget) widget->installEventFilter(filter);  // paste goes to the area
    return filter;
}

AttachmentDropFilter::AttachmentDropFilter(QWidget *dropWidget, PendingAttachments *target)
    : m_widget(dropWidget), m_target(target), m_overlay(new DropOverlay(dropWidget)) {}

bool AttachmentDropFilter::accepts(const QMimeData *mime) {
    return AttachmentImporter::canImport(mime);
}

bool AttachmentDropFilter::isHighlighted() const {
    return !m_overlay->isHidden();
}

void AttachmentDropFilter::setHighlighted(bool on) {
    if (on) {
        m_overlay->setGeometry(m_widget ? m_widget->rect() : QRect());
        m_overlay->raise();
        m_overlay->show();
    } else {
        m_overlay->hide();
    }
}

bool AttachmentDropFilter::eventFilter(QObject *watched, QEvent *event) {
    if (!m_target) return false;
    switch (event->type()) {
        case QEvent::DragEnter: {
            auto *e = static_cast<QDragEnterEvent *>(event);
            if (watched != m_widget || !accepts(e->mimeData())) return false;
            // Attaching copies: never let a file manager move the file away.
            if (e->possibleActions() & Qt::CopyAction) {
                e->setDropAction(Qt::CopyAction);
                e->accept();
            } else {
                e->acceptProposedAction();
            }
            setHighlighted(true);
            return true;
        }
        case QEvent::DragMove: {
            if (watched != m_widget || !isHighlighted()) return false;
            auto *e = static_cast<QDragMoveEvent *>(event);
            if (e->possibleActions() & Qt::CopyAction) {
                e->setDropAction(Qt::CopyAction);
                e->accept();
            } else {
                e->acceptProposedAction();
            }
            return true;
        }
        case QEvent::DragLeave:
            if (watched == m_widget) setHighlighted(false);
            return false;
        case QEvent::Drop: {
            auto *e = static_cast<QDropEvent *>(event);
            if (watched != m_widget) return false;
            setHighlighted(false);
            if (!accepts(e->mimeData())) return false;
            m_target->importMimeData(e->mimeData(), tr("Dropped image"));
            if (e->possibleActions() & Qt::CopyAction) {
                e->setDropAction(Qt::CopyAction);
                e->accept();
            } else {
                e->acceptProposedAction();
            }
            return true;
        }
        case QEvent::Resize:
            if (watched == m_widget && isHighlighted()) m_overlay->setGeometry(m_widget->rect());
            return false;
        case QEvent::ShortcutOverride:
        case QEvent::KeyPress: {
            if (!m_paste) return false;
            auto *e = static_cast<QKeyEvent *>(event);
            if (!e->matches(QKeySequence::Paste)) return false;
            const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
            if (!accepts(mime)) return false;
            if (event->type() == QEvent::ShortcutOverride) {
                // Claim the key so a window-wide Paste action does not take it first.
                e->accept();
                return true;
            }
            m_target->importMimeData(mime, tr("Pasted image"));
            e->accept();
            return true;
        }
        default:
            return false;
    }
}

}  // namespace facet::app
