// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Makes any widget a drop target for attachments: images and audio files from a file manager,
// image data from a browser or an image editor. While a usable drag is over the widget a
// highlight says "Drop to attach"; drops go to a PendingAttachments. Optionally, Ctrl+V on the
// widget attaches clipboard images and files (other clipboard contents paste as usual).
//
// The chat view installs it with AttachmentDropFilter::install(view, pending); the Attachments
// dock uses it on itself.
#pragma once

#include <QObject>
#include <QPointer>

class QMimeData;
class QWidget;

namespace facet::app {

class PendingAttachments;

class AttachmentDropFilter : public QObject {
    Q_OBJECT
public:
    // Installs a filter on `widget` (on its viewport when it is a scroll area, where drag events
    // arrive) and enables drops there. The filter is a child of `widget`.
    static AttachmentDropFilter *install(QWidget *widget, PendingAttachments *target);

    // Ctrl+V (QKeySequence::Paste) attaches what the clipboard holds when it is an image or
    // files. Off by default.
    void setPasteEnabled(bool enabled) { m_paste = enabled; }
    bool isHighlighted() const;
    QWidget *dropWidget() const { return m_widget; }

    // What a paste or drop of `mime` would attach (image data, local files).
    static bool accepts(const QMimeData *mime);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    AttachmentDropFilter(QWidget *dropWidget, PendingAttachments *target);
    void setHighlighted(bool on);

    QPointer<QWidget> m_widget;
    QPointer<PendingAttachments> m_target;
    QWidget *m_overlay;
    bool m_paste = false;
};

}  // namespace facet::app
