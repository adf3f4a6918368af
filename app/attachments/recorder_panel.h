// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The microphone panel of the Attachments dock: input choice, Record/Stop, a live level meter, the
// elapsed time, Play/Stop, Discard and Attach (which adds the take to the message).
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace facet::app {

class AudioRecorder;
class PendingAttachments;

class RecorderPanel : public QWidget {
    Q_OBJECT
public:
    // `recorder` null: the panel records from the computer's microphones with its own recorder.
    // A recorder without a parent becomes the panel's child.
    RecorderPanel(AudioRecorder *recorder, PendingAttachments *pending, QWidget *parent = nullptr);

    AudioRecorder *recorder() const { return m_recorder; }
    // The last error or notice shown under the controls (empty: none).
    QString statusText() const;

    // The buttons, for the dock's tab order and for tests.
    QComboBox *inputBox() const { return m_input; }
    QPushButton *recordButton() const { return m_record; }
    QPushButton *playButton() const { return m_play; }
    QPushButton *discardButton() const { return m_discard; }
    QPushButton *attachButton() const { return m_attach; }
    QProgressBar *levelMeter() const { return m_level; }
    QLabel *timeLabel() const { return m_time; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void refreshInputs();
    void updateState();
    void updateTime(qint64 ms);
    void retranslate();
    void toggleRecording();
    void togglePlayback();
    void attach();
    void showStatus(const QString &text);

    AudioRecorder *m_recorder;
    PendingAttachments *m_pending;
    QLabel *m_inputLabel;
    QComboBox *m_input;
    QPushButton *m_record;
    QProgressBar *m_level;
    QLabel *m_time;
    QPushButton *m_play;
    QPushButton *m_discard;
    QPushButton *m_attach;
    QLabel *m_status;
    qint64 m_elapsed = 0;
};

}  // namespace facet::app
