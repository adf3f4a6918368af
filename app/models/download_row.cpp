// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "download_row.h"

#include "model_library.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace facet::app {

using download::DownloadState;

DownloadRow::DownloadRow(const download::DownloadInfo &info, QWidget *parent)
    : QWidget(parent), m_info(info) {
    setObjectName(QStringLiteral("downloadRow"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 4);
    auto *top = new QHBoxLayout;
    m_name = new QLabel(this);
    m_name->setTextFormat(Qt::PlainText);
    m_name->setObjectName(QStringLiteral("downloadName"));
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("downloadState"));
    top->addWidget(m_name, 1);
    top->addWidget(m_state);
    m_pause = new QPushButton(this);
    m_pause->setObjectName(QStringLiteral("downloadPause"));
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("downloadCancel"));
    top->addWidget(m_pause);
    top->addWidget(m_cancel);
    layout->addLayout(top);
    m_bar = new QProgressBar(this);
    m_bar->setObjectName(QStringLiteral("downloadProgress"));
    m_bar->setRange(0, 1000);
    layout->addWidget(m_bar);
    m_stats = new QLabel(this);
    m_stats->setObjectName(QStringLiteral("downloadStats"));
    layout->addWidget(m_stats);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("downloadError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_error->setStyleSheet(QStringLiteral("color: palette(link);"));
    m_error->hide();
    layout->addWidget(m_error);

    connect(m_pause, &QPushButton::clicked, this, [this] {
        switch (m_info.state) {
            case DownloadState::Paused:
            case DownloadState::Failed:
                emit resumeRequested(m_info.id);
                break;
            case DownloadState::Completed:
            case DownloadState::Cancelled:
                break;
            default:
                emit pauseRequested(m_info.id);
                break;
        }
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        const bool terminal =
            m_info.state == DownloadState::Completed || m_info.state == DownloadState::Cancelled;
        if (terminal) {
            emit dismissRequested(m_info.id);
        } else {
            emit cancelRequested(m_info.id);
        }
    });
    retranslate();
}

void DownloadRow::setState(DownloadState state) {
    m_info.state = state;
    if (state != DownloadState::Failed) m_info.error.clear();
    update();
}

void DownloadRow::setProgress(const download::DownloadProgress &progress) {
    m_info.progress = progress;
    update();
}

void DownloadRow::setError(const QString &message) {
    m_info.state = DownloadState::Failed;
    m_info.error = message;
    update();
}

void DownloadRow::retranslate() {
    update();
}

QString DownloadRow::durationText(qint64 s) {
    if (s < 60) return tr("%n s left", nullptr, int(s));
    if (s < 3600) return tr("%n min left", nullptr, int((s + 30) / 60));
    return tr("%1 h %2 min left").arg(s / 3600).arg((s % 3600) / 60);
}

QString DownloadRow::progressText(const download::DownloadProgress &p) {
    QStringList parts;
    if (p.bytesTotal > 0) {
        parts << tr("%1 of %2").arg(formatBytes(p.bytesDone), formatBytes(p.bytesTotal));
    } else {
        parts << formatBytes(p.bytesDone);
    }
    if (p.bytesPerSecond > 0) {
        parts << tr("%1/s").arg(formatBytes(static_cast<qint64>(p.bytesPerSecond)));
    }
    if (p.etaSeconds >= 0) parts << durationText(p.etaSeconds);
    return parts.join(QStringLiteral(" · "));
}

QString DownloadRow::stateText() const {
    switch (m_info.state) {
        case DownloadState::Queued:
            return tr("Waiting");
        case DownloadState::Resolving:
            return tr("Looking up");
        case DownloadState::Downloading:
            return tr("Downloading");
        case DownloadState::Paused:
            return tr("Paused");
        case DownloadState::Verifying:
            return tr("Verifying");
        case DownloadState::Completed:
            return tr("Done");
        case DownloadState::Failed:
            return tr("Failed");
        case DownloadState::Cancelled:
            return tr("Cancelled");
    }
    return {};
}

void DownloadRow::update() {
    const QString name =
        m_info.request.display.isEmpty() ? m_info.request.text : m_info.request.display;
    m_name->setText(name);
    m_state->setText(stateText());
    const download::DownloadProgress &p = m_info.progress;
    if (p.bytesTotal > 0) {
        m_bar->setRange(0, 1000);
        m_bar->setValue(static_cast<int>(
            std::clamp<double>(1000.0 * double(p.bytesDone) / double(p.bytesTotal), 0, 1000)));
    } else if (m_info.state == DownloadState::Completed) {
        m_bar->setRange(0, 1000);
        m_bar->setValue(1000);
    } else {
        m_bar->setRange(0, 0);  // busy indicator while the size is unknown
    }
    QString stats = progressText(p);
    if (!p.detail.isEmpty() && m_info.state == DownloadState::Downloading)
        stats += QStringLiteral(" · ") + p.detail;
    m_stats->setText(stats);
    m_error->setVisible(m_info.state == DownloadState::Failed && !m_info.error.isEmpty());
    m_error->setText(m_info.error);

    const bool terminal =
        m_info.state == DownloadState::Completed || m_info.state == DownloadState::Cancelled;
    const bool resumable =
        m_info.state == DownloadState::Paused || m_info.state == DownloadState::Failed;
    m_pause->setText(resumable ? tr("&Resume") : tr("&Pause"));
    m_pause->setVisible(!terminal);
    m_pause->setEnabled(m_info.state != DownloadState::Verifying);
    m_cancel->setText(terminal ? tr("&Dismiss") : tr("&Cancel"));

    m_bar->setAccessibleName(tr("Progress of %1").arg(name));
    m_bar->setAccessibleDescription(stats);
    m_pause->setAccessibleName(resumable ? tr("Resume download of %1").arg(name)
                                         : tr("Pause download of %1").arg(name));
    m_pause->setAccessibleDescription(
        tr("Stops the download and keeps what was fetched; resume continues from there."));
    m_cancel->setAccessibleName(terminal ? tr("Dismiss download of %1").arg(name)
                                         : tr("Cancel download of %1").arg(name));
    m_cancel->setAccessibleDescription(
        terminal ? tr("Removes this entry from the list.")
                 : tr("Stops the download and deletes the partial file."));
    m_error->setAccessibleName(tr("Download error"));
    m_error->setAccessibleDescription(m_info.error);
    m_stats->setAccessibleName(tr("Download progress"));
    m_state->setAccessibleName(tr("Download state"));
    m_name->setAccessibleName(tr("Downloading model"));
}

}  // namespace facet::app
