// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "attachments_dock.h"

#include "attachment.h"
#include "attachment_drop_filter.h"
#include "attachment_tray.h"
#include "pending_attachments.h"
#include "recorder_panel.h"

#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace facet::app {

namespace {
const QString kLastFolderKey = QStringLiteral("attachments/lastFolder");
}

AttachmentsDock::AttachmentsDock(PendingAttachments *pending, AudioRecorder *recorder,
                                 QWidget *parent)
    : QWidget(parent), m_pending(pending) {
    auto *layout = new QVBoxLayout(this);

    auto *header = new QHBoxLayout;
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_count = new QLabel(this);
    header->addWidget(m_title, 1);
    header->addWidget(m_count);
    layout->addLayout(header);

    m_tray = new AttachmentTray(pending, this);
    m_tray->setThumbnailSize(112);
    m_tray->setAutoHide(false);
    layout->addWidget(m_tray);

    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);

    auto *buttons = new QHBoxLayout;
    m_add = new QPushButton(this);
    m_paste = new QPushButton(this);
    m_clear = new QPushButton(this);
    buttons->addWidget(m_add);
    buttons->addWidget(m_paste);
    buttons->addStretch(1);
    buttons->addWidget(m_clear);
    layout->addLayout(buttons);

    m_micBox = new QGroupBox(this);
    auto *micLayout = new QVBoxLayout(m_micBox);
    m_recorder = new RecorderPanel(recorder, pending, m_micBox);
    micLayout->addWidget(m_recorder);
    layout->addWidget(m_micBox);
    layout->addStretch(1);

    setTabOrder(m_add, m_paste);
    setTabOrder(m_paste, m_clear);
    setTabOrder(m_clear, m_recorder->inputBox());

    connect(m_add, &QPushButton::clicked, this, &AttachmentsDock::chooseFiles);
    connect(m_paste, &QPushButton::clicked, this, &AttachmentsDock::paste);
    connect(m_clear, &QPushButton::clicked, m_pending, &PendingAttachments::clear);
    connect(m_pending, &PendingAttachments::changed, this, &AttachmentsDock::updateCount);

    m_drop = AttachmentDropFilter::install(this, pending);
    m_drop->setPasteEnabled(true);

    retranslate();
    updateCount();
}

void AttachmentsDock::addFiles(const QStringList &paths) {
    if (!paths.isEmpty()) m_pending->importFiles(paths);
}

void AttachmentsDock::paste() {
    const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
    if (!AttachmentDropFilter::accepts(mime)) {
        emit m_pending->refused(
            tr("The clipboard holds no image or file to attach. Copy an "
               "image or a file first."));
        return;
    }
    m_pending->importMimeData(mime, tr("Pasted image"));
}

QStringList AttachmentsDock::fileFilters() {
    QStringList images;
    for (const QByteArray &format : QImageReader::supportedImageFormats())
        images << QStringLiteral("*.") + QString::fromLatin1(format);
    const QStringList audio = {QStringLiteral("*.wav"), QStringLiteral("*.flac"),
                               QStringLiteral("*.mp3"), QStringLiteral("*.ogg"),
                               QStringLiteral("*.oga"), QStringLiteral("*.opus"),
                               QStringLiteral("*.m4a"), QStringLiteral("*.aac"),
                               QStringLiteral("*.aif"), QStringLiteral("*.aiff")};
    return {tr("Images and audio (%1)").arg((images + audio).join(QLatin1Char(' '))),
            tr("Images (%1)").arg(images.join(QLatin1Char(' '))),
            tr("Audio (%1)").arg(audio.join(QLatin1Char(' '))), tr("All files (*)")};
}

void AttachmentsDock::chooseFiles() {
    QSettings settings;
    const QString folder =
        settings
            .value(kLastFolderKey,
                   QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
            .toString();
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Attach images or audio"), folder, fileFilters().join(QStringLiteral(";;")));
    if (paths.isEmpty()) return;
    settings.setValue(kLastFolderKey, QFileInfo(paths.first()).absolutePath());
    addFiles(paths);
}

void AttachmentsDock::updateCount() {
    //: attachments in the message / the most a message can carry
    m_count->setText(tr("%1 of %2").arg(m_pending->count()).arg(limits::kMaxAttachments));
    m_count->setAccessibleName(tr("Number of attachments"));
    m_count->setAccessibleDescription(m_count->text());
    m_clear->setEnabled(!m_pending->isEmpty());
    m_add->setEnabled(!m_pending->isFull());
    m_paste->setEnabled(!m_pending->isFull());
}

void AttachmentsDock::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void AttachmentsDock::retranslate() {
    setAccessibleName(tr("Attachments"));
    setAccessibleDescription(
        tr("Images and audio for the next message, and the microphone recorder"));
    m_title->setText(tr("Attachments for the next message"));
    m_tray->setPlaceholderText(tr("No attachments yet."));
    m_hint->setText(tr("Drop images or audio files here, paste them with Ctrl+V, or add files. "
                       "Up to %1 per message; images up to %2, audio up to %3 (m:ss).")
                        .arg(limits::kMaxAttachments)
                        .arg(AttachmentText::bytes(limits::kMaxImageFileBytes),
                             AttachmentText::duration(limits::kMaxAudioMs)));
    m_add->setText(tr("&Add files…"));
    m_add->setAccessibleName(tr("Add files"));
    m_add->setAccessibleDescription(tr("Choose images or audio files to attach"));
    m_paste->setText(tr("&Paste"));
    m_paste->setAccessibleName(tr("Paste from clipboard"));
    m_paste->setAccessibleDescription(tr("Attaches the image or files on the clipboard"));
    m_clear->setText(tr("Remove all"));
    m_clear->setAccessibleName(tr("Remove all attachments"));
    m_clear->setAccessibleDescription(tr("Removes every attachment from the message"));
    m_micBox->setTitle(tr("Microphone"));
    updateCount();
}

}  // namespace facet::app
