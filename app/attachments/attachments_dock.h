// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Attachments dock's content: the attachments of the message being written (larger than in
// the chat's tray), "Add files…", Paste, Remove all, a drop target, and the microphone panel.
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QGroupBox;

namespace facet::app {

class AttachmentDropFilter;
class AttachmentTray;
class AudioRecorder;
class PendingAttachments;
class RecorderPanel;

class AttachmentsDock : public QWidget {
    Q_OBJECT
public:
    // `recorder` null: the dock records from the computer's microphones. A recorder without a
    // parent becomes the dock's (its recorder panel's) child.
    AttachmentsDock(PendingAttachments *pending, AudioRecorder *recorder = nullptr,
                    QWidget *parent = nullptr);

    // Imports the files (what "Add files…" does after its dialog).
    void addFiles(const QStringList &paths);
    // Attaches the clipboard's image or files; says so when it holds neither.
    void paste();
    // Opens the file dialog (images and audio) and imports the choice.
    void chooseFiles();
    // The file dialog's filters: images Qt reads, audio, all files.
    static QStringList fileFilters();

    AttachmentTray *tray() const { return m_tray; }
    RecorderPanel *recorderPanel() const { return m_recorder; }
    AttachmentDropFilter *dropFilter() const { return m_drop; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateCount();

    PendingAttachments *m_pending;
    QLabel *m_title;
    QLabel *m_count;
    AttachmentTray *m_tray;
    QLabel *m_hint;
    QPushButton *m_add;
    QPushButton *m_paste;
    QPushButton *m_clear;
    QGroupBox *m_micBox;
    RecorderPanel *m_recorder;
    AttachmentDropFilter *m_drop;
};

}  // namespace facet::app
