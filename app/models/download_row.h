// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// One download in the Models dock: name, progress bar, bytes done/total, speed, time left,
// pause/resume and cancel, and the error with what to do when it failed.
#pragma once

#include "download/download_manager.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace facet::app {

class DownloadRow : public QWidget {
    Q_OBJECT
public:
    explicit DownloadRow(const download::DownloadInfo &info, QWidget *parent = nullptr);

    QString id() const { return m_info.id; }
    const download::DownloadInfo &info() const { return m_info; }
    void setState(download::DownloadState state);
    void setProgress(const download::DownloadProgress &progress);
    void setError(const QString &message);
    void retranslate();

    // "1.2 GB of 3.4 GB · 12.5 MB/s · 3 min left" (parts that are unknown are left out).
    static QString progressText(const download::DownloadProgress &p);
    static QString durationText(qint64 seconds);

signals:
    void pauseRequested(const QString &id);
    void resumeRequested(const QString &id);
    void cancelRequested(const QString &id);
    void dismissRequested(const QString &id);

private:
    void update();
    QString stateText() const;

    download::DownloadInfo m_info;
    QLabel *m_name = nullptr;
    QLabel *m_state = nullptr;
    QProgressBar *m_bar = nullptr;
    QLabel *m_stats = nullptr;
    QLabel *m_error = nullptr;
    QPushButton *m_pause = nullptr;
    QPushButton *m_cancel = nullptr;
};

}  // namespace facet::app
