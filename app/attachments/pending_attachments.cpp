// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "pending_attachments.h"

#include "attachment_importer.h"

#include <QFileInfo>
#include <QMimeData>
#include <QUrl>

namespace facet::app {

PendingAttachments::PendingAttachments(QObject *parent)
    : QObject(parent), m_importer(new AttachmentImporter(this)) {
    connect(m_importer, &AttachmentImporter::imported, this,
            [this](const Attachment &a) { add(a); });
    connect(m_importer, &AttachmentImporter::failed, this, &PendingAttachments::refused);
    connect(m_importer, &AttachmentImporter::busyChanged, this,
            &PendingAttachments::importingChanged);
}

PendingAttachments::~PendingAttachments() = default;

bool PendingAttachments::add(const Attachment &attachment) {
    if (isFull()) {
        emit refused(tr("“%1” was not added: %2").arg(attachment.name, fullMessage()));
        return false;
    }
    m_items.append(attachment);
    emit changed();
    return true;
}

void PendingAttachments::remove(int index) {
    if (index < 0 || index >= m_items.size()) return;
    m_items.removeAt(index);
    emit changed();
}

void PendingAttachments::clear() {
    if (m_items.isEmpty()) return;
    m_items.clear();
    emit changed();
}

QList<Attachment> PendingAttachments::take() {
    QList<Attachment> out;
    out.swap(m_items);
    if (!out.isEmpty()) emit changed();
    return out;
}

bool PendingAttachments::isImporting() const {
    return m_importer->isBusy();
}

int PendingAttachments::freePlaces() const {
    return std::max(0, limits::kMaxAttachments - count() - m_importer->pendingCount());
}

QString PendingAttachments::fullMessage() const {
    return tr("a message can carry at most %1 attachments. Remove one, or send this message "
              "first.")
        .arg(limits::kMaxAttachments);
}

void PendingAttachments::importFiles(const QStringList &paths) {
    const int free = freePlaces();
    m_importer->importFiles(paths.mid(0, free));
    if (paths.size() > free) {
        const QStringList left = paths.mid(free);
        const QString first = QFileInfo(left.first()).fileName();
        emit refused(left.size() == 1 ? tr("“%1” was not added: %2").arg(first, fullMessage())
                                      : tr("“%1” and %2 more were not added: %3")
                                            .arg(first)
                                            .arg(left.size() - 1)
                                            .arg(fullMessage()));
    }
}

void PendingAttachments::importMimeData(const QMimeData *mime, const QString &imageName) {
    if (!mime) return;
    if (mime->hasUrls()) {
        QStringList local;
        for (const QUrl &url : mime->urls())
            if (url.isLocalFile()) local << url.toLocalFile();
        if (!local.isEmpty()) {
            importFiles(local);
            return;
        }
    }
    if (freePlaces() == 0) {
        emit refused(tr("Nothing was added: %1").arg(fullMessage()));
        return;
    }
    m_importer->importMimeData(mime, imageName.isEmpty() ? tr("Pasted image") : imageName);
}

}  // namespace facet::app
