// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "recorder_panel.h"

#include "attachment.h"
#include "audio_recorder.h"
#include "pending_attachments.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QTime>
#include <QVBoxLayout>

#include <cmath>

namespace facet::app {

namespace {
constexpr int kIdRole = Qt::UserRole;
}

RecorderPanel::RecorderPanel(AudioRecorder *recorder, PendingAttachments *pending, QWidget *parent)
    : QWidget(parent),
      m_recorder(recorder ? recorder : new AudioRecorder(this)),
      m_pending(pending) {
    if (!m_recorder->parent()) m_recorder->setParent(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *inputRow = new QHBoxLayout;
    m_inputLabel = new QLabel(this);
    m_input = new QComboBox(this);
    m_input->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_input->setMinimumContentsLength(12);
    m_inputLabel->setBuddy(m_input);
    inputRow->addWidget(m_inputLabel);
    inputRow->addWidget(m_input, 1);
    layout->addLayout(inputRow);

    auto *meterRow = new QHBoxLayout;
    m_record = new QPushButton(this);
    m_level = new QProgressBar(this);
    m_level->setRange(0, 1000);
    m_level->setTextVisible(false);
    m_level->setMaximumHeight(12);
    m_time = new QLabel(this);
    m_time->setMinimumWidth(
        m_time->fontMetrics().horizontalAdvance(QStringLiteral("00:00 / 0:00")));
    m_time->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    meterRow->addWidget(m_record);
    meterRow->addWidget(m_level, 1);
    meterRow->addWidget(m_time);
    layout->addLayout(meterRow);

    auto *takeRow = new QHBoxLayout;
    m_play = new QPushButton(this);
    m_discard = new QPushButton(this);
    m_attach = new QPushButton(this);
    takeRow->addWidget(m_play);
    takeRow->addWidget(m_discard);
    takeRow->addStretch(1);
    takeRow->addWidget(m_attach);
    layout->addLayout(takeRow);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_status->setFocusPolicy(Qt::TabFocus);
    m_status->hide();
    layout->addWidget(m_status);

    setTabOrder(m_input, m_record);
    setTabOrder(m_record, m_play);
    setTabOrder(m_play, m_discard);
    setTabOrder(m_discard, m_attach);
    setTabOrder(m_attach, m_status);

    connect(m_input, &QComboBox::activated, this, [this](int index) {
        m_recorder->setInputId(m_input->itemData(index, kIdRole).toByteArray());
    });
    connect(m_record, &QPushButton::clicked, this, &RecorderPanel::toggleRecording);
    connect(m_play, &QPushButton::clicked, this, &RecorderPanel::togglePlayback);
    connect(m_discard, &QPushButton::clicked, this, [this] {
        m_recorder->discard();
        showStatus({});
    });
    connect(m_attach, &QPushButton::clicked, this, &RecorderPanel::attach);

    connect(m_recorder, &AudioRecorder::inputsChanged, this, &RecorderPanel::refreshInputs);
    connect(m_recorder, &AudioRecorder::recordingChanged, this, &RecorderPanel::updateState);
    connect(m_recorder, &AudioRecorder::hasRecordingChanged, this, &RecorderPanel::updateState);
    connect(m_recorder, &AudioRecorder::playingChanged, this, &RecorderPanel::updateState);
    connect(m_recorder, &AudioRecorder::levelChanged, this, [this](qreal level) {
        // A square-root scale: speech peaks of 0.05–0.3 would barely move a linear bar.
        m_level->setValue(int(std::lround(std::sqrt(std::clamp(level, 0.0, 1.0)) * 1000)));
    });
    connect(m_recorder, &AudioRecorder::elapsedChanged, this, &RecorderPanel::updateTime);
    connect(m_recorder, &AudioRecorder::errorOccurred, this, &RecorderPanel::showStatus);
    connect(m_recorder, &AudioRecorder::notice, this, &RecorderPanel::showStatus);

    retranslate();
    refreshInputs();
}

QString RecorderPanel::statusText() const {
    return m_status->isHidden() ? QString() : m_status->text();
}

void RecorderPanel::showStatus(const QString &text) {
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

void RecorderPanel::refreshInputs() {
    const QList<AudioInputInfo> inputs = m_recorder->inputs();
    const QByteArray current = m_recorder->inputId();
    m_input->clear();
    for (const AudioInputInfo &input : inputs) {
        m_input->addItem(input.name);
        m_input->setItemData(m_input->count() - 1, input.id, kIdRole);
        if (input.id == current) m_input->setCurrentIndex(m_input->count() - 1);
    }
    if (inputs.isEmpty()) m_input->addItem(tr("No microphone found"));
    updateState();
}

void RecorderPanel::updateState() {
    const bool haveInput = !m_recorder->inputId().isEmpty();
    const bool recording = m_recorder->isRecording();
    const bool hasTake = m_recorder->hasRecording();
    const bool playing = m_recorder->isPlaying();
    m_input->setEnabled(haveInput && !recording);
    m_record->setEnabled(haveInput || recording);
    m_record->setText(recording ? tr("Stop") : hasTake ? tr("Record again") : tr("Record"));
    m_record->setAccessibleName(recording ? tr("Stop recording") : tr("Record"));
    m_record->setAccessibleDescription(
        recording ? tr("Stops recording and keeps the take")
                  : tr("Records from the chosen microphone; a new take replaces the current one"));

    const QString playReason = m_recorder->playbackUnavailableReason();
    m_play->setEnabled(hasTake && (playing || playReason.isEmpty()));
    m_play->setText(playing ? tr("Stop playing") : tr("Play"));
    m_play->setAccessibleName(playing ? tr("Stop playing") : tr("Play recording"));
    // Why Play is unavailable, where the user looks for it.
    const QString playHelp = tr("Plays the recording through the speakers or headphones");
    m_play->setToolTip(hasTake && !playReason.isEmpty() ? playReason : playHelp);
    m_play->setAccessibleDescription(hasTake && !playReason.isEmpty() ? playReason : playHelp);

    m_discard->setEnabled(hasTake || recording);
    m_attach->setEnabled(hasTake && !playing);
    if (!haveInput && !recording) {
        m_record->setToolTip(tr("No microphone was found. Connect one and it appears here."));
    } else {
        m_record->setToolTip(m_record->accessibleDescription());
    }
    if (!recording) m_level->setValue(0);
    updateTime(m_recorder->durationMs());
}

void RecorderPanel::updateTime(qint64 ms) {
    m_elapsed = ms;
    const QString elapsed = AttachmentText::duration(ms);
    m_time->setText(
        m_recorder->isRecording()
            ? tr("%1 / %2").arg(elapsed, AttachmentText::duration(m_recorder->maxDurationMs()))
            : elapsed);
    m_time->setAccessibleName(tr("Recording length"));
    m_time->setAccessibleDescription(elapsed);
}

void RecorderPanel::toggleRecording() {
    if (m_recorder->isRecording()) {
        m_recorder->stop();
        return;
    }
    showStatus({});
    m_recorder->start();
}

void RecorderPanel::togglePlayback() {
    if (m_recorder->isPlaying()) {
        m_recorder->stopPlayback();
    } else {
        m_recorder->play();
    }
}

void RecorderPanel::attach() {
    if (!m_recorder->hasRecording()) return;
    //: name of an attached microphone recording; %1 is the time of day
    const QString name =
        tr("Recording %1").arg(QLocale().toString(QTime::currentTime(), QLocale::ShortFormat));
    // Only a take that was really added is dropped: a full message keeps it here.
    if (m_pending->add(m_recorder->toAttachment(name))) {
        m_recorder->discard();
        showStatus(tr("The recording was attached to the message."));
    }
}

void RecorderPanel::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refreshInputs();
    }
    QWidget::changeEvent(event);
}

void RecorderPanel::retranslate() {
    setAccessibleName(tr("Microphone"));
    setAccessibleDescription(tr("Record a voice prompt to attach to the message"));
    m_inputLabel->setText(tr("&Input:"));
    m_input->setAccessibleName(tr("Microphone"));
    m_input->setAccessibleDescription(tr("The input to record from"));
    m_level->setAccessibleName(tr("Input level"));
    m_level->setAccessibleDescription(tr("How loud the microphone is while recording"));
    m_discard->setText(tr("Discard"));
    m_discard->setAccessibleName(tr("Discard recording"));
    m_discard->setAccessibleDescription(tr("Throws the recording away"));
    m_attach->setText(tr("Attach"));
    m_attach->setAccessibleName(tr("Attach recording"));
    m_attach->setAccessibleDescription(tr("Adds the recording to the message being written"));
    m_status->setAccessibleName(tr("Recorder status"));
    m_status->setAccessibleDescription(tr("Messages about the recording"));
    updateState();
}

}  // namespace facet::app
