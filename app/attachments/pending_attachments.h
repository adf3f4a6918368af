// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The attachments of the message being composed: one list shared by the chat's tray and the
// Attachments dock. Imports (files, clipboard, drops) run through the AttachmentImporter it owns
// and end up here; everything that goes wrong arrives as refused(message).
#pragma once

#include "attachment.h"

#include <QList>
#include <QObject>

class QMimeData;

namespace facet::app {

class AttachmentImporter;

class PendingAttachments : public QObject {
    Q_OBJECT
public:
    explicit PendingAttachments(QObject *parent = nullptr);
    ~PendingAttachments() override;

    QList<Attachment> items() const { return m_items; }
    int count() const { return int(m_items.size()); }
    bool isEmpty() const { return m_items.isEmpty(); }
    bool isFull() const { return count() >= limits::kMaxAttachments; }
    const Attachment &at(int index) const { return m_items.at(index); }

    // Appends; when the message already carries kMaxAttachments, refuses (refused() says so)
    // and returns false.
    bool add(const Attachment &attachment);
    void remove(int index);  // out-of-range indexes are ignored
    void clear();
    // The attachments, for sending; the list is empty afterwards.
    QList<Attachment> take();

    // Asynchronous imports; results are added in the order given, failures become refused().
    // Files beyond the free places (counting imports still running) are refused at once.
    void importFiles(const QStringList &paths);
    // Drops and pastes. `imageName` names image data without a file ("Pasted image").
    void importMimeData(const QMimeData *mime, const QString &imageName = {});
    bool isImporting() const;
    AttachmentImporter *importer() const { return m_importer; }

signals:
    void changed();
    void refused(const QString &message);
    void importingChanged(bool importing);

private:
    int freePlaces() const;
    QString fullMessage() const;

    QList<Attachment> m_items;
    AttachmentImporter *m_importer;
};

}  // namespace facet::app
