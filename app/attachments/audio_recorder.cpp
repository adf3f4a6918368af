// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio_recorder.h"

#include "audio_pcm.h"

#include <QAudioDevice>
#include <QAudioSink>
#include <QAudioSource>
#include <QMediaDevices>

namespace facet::app {

namespace {

// QAudioSource over one QAudioDevice, in pull mode: the source's QIODevice says readyRead and we
// pass on what it holds.
class SystemAudioSource : public AudioInputSource {
    Q_DECLARE_TR_FUNCTIONS(facet::app::AudioRecorder)
public:
    SystemAudioSource(const QAudioDevice &device, QObject *parent)
        : AudioInputSource(parent), m_device(device) {}
    ~SystemAudioSource() override { stop(); }

    bool start(QString *error) override {
        QAudioFormat wanted;
        wanted.setSampleRate(kAudioSampleRate);
        wanted.setChannelCount(1);
        wanted.setSampleFormat(QAudioFormat::Int16);
        m_format = m_device.isFormatSupported(wanted) ? wanted : m_device.preferredFormat();
        if (!m_format.isValid() || m_format.sampleFormat() == QAudioFormat::Unknown) {
            *error = tr("The microphone “%1” reports no sample format Facet can use. Choose "
                        "another input.")
                         .arg(m_device.description());
            return false;
        }
        m_source = new QAudioSource(m_device, m_format, this);
        m_io = m_source->start();
        if (!m_io || m_source->error() != QAudio::NoError) {
            *error = describe(m_source->error());
            delete m_source;
            m_source = nullptr;
            m_io = nullptr;
            return false;
        }
        connect(m_io, &QIODevice::readyRead, this, [this] {
            if (m_io) emit dataReady(m_io->readAll());
        });
        connect(m_source, &QAudioSource::stateChanged, this, [this](QAudio::State state) {
            if (!m_source || state != QAudio::StoppedState) return;
            const QAudio::Error problem = m_source->error();
            if (problem != QAudio::NoError && problem != QAudio::UnderrunError)
                emit failed(describe(problem));
        });
        return true;
    }

    void stop() override {
        if (!m_source) return;
        QAudioSource *source = m_source;
        m_source = nullptr;
        m_io = nullptr;
        source->disconnect(this);
        source->stop();
        source->deleteLater();
    }

    QAudioFormat format() const override { return m_format; }

private:
    QString describe(QAudio::Error error) const {
        const QString name = m_device.description();
        switch (error) {
            case QAudio::OpenError:
                return tr("The microphone “%1” could not be opened. Another program may be using "
                          "it, or Facet may not be allowed to: check the system's sound and "
                          "privacy settings.")
                    .arg(name);
            case QAudio::IOError:
                return tr("Reading from the microphone “%1” failed. It may have been unplugged.")
                    .arg(name);
            default:
                return tr("The microphone “%1” stopped working. It may have been unplugged.")
                    .arg(name);
        }
    }

    QAudioDevice m_device;
    QAudioFormat m_format;
    QAudioSource *m_source = nullptr;
    QIODevice *m_io = nullptr;
};

}  // namespace

// ---------------------------------------------------------------------------------------------

SystemAudioInputs::SystemAudioInputs(QObject *parent)
    : AudioInputBackend(parent), m_devices(new QMediaDevices(this)) {
    connect(m_devices, &QMediaDevices::audioInputsChanged, this, &AudioInputBackend::inputsChanged);
}

QList<AudioInputInfo> SystemAudioInputs::inputs() const {
    QList<AudioInputInfo> out;
    for (const QAudioDevice &device : QMediaDevices::audioInputs())
        out.append({device.id(), device.description(), device.isDefault()});
    return out;
}

AudioInputSource *SystemAudioInputs::createSource(const QByteArray &id, QObject *parent) {
    for (const QAudioDevice &device : QMediaDevices::audioInputs())
        if (device.id() == id) return new SystemAudioSource(device, parent);
    return nullptr;
}

// ---------------------------------------------------------------------------------------------

AudioRecorder::AudioRecorder(QObject *parent) : AudioRecorder(new SystemAudioInputs, parent) {}

AudioRecorder::AudioRecorder(AudioInputBackend *backend, QObject *parent)
    : QObject(parent), m_backend(backend) {
    m_backend->setParent(this);
    connect(m_backend, &AudioInputBackend::inputsChanged, this, &AudioRecorder::onInputsChanged);
    // 20 reports a second: a meter that moves smoothly without redrawing more than needed.
    m_meter.setInterval(50);
    connect(&m_meter, &QTimer::timeout, this, &AudioRecorder::tick);
}

AudioRecorder::~AudioRecorder() {
    stopPlayback();
    if (m_source) {
        m_source->disconnect(this);
        m_source->stop();
    }
}

QList<AudioInputInfo> AudioRecorder::inputs() const {
    return m_backend->inputs();
}

QByteArray AudioRecorder::inputId() const {
    const QList<AudioInputInfo> all = inputs();
    for (const AudioInputInfo &input : all)
        if (!m_chosenId.isEmpty() && input.id == m_chosenId) return input.id;
    for (const AudioInputInfo &input : all)
        if (input.isDefault) return input.id;
    return all.isEmpty() ? QByteArray() : all.first().id;
}

void AudioRecorder::setInputId(const QByteArray &id) {
    m_chosenId = id;
}

bool AudioRecorder::start() {
    if (isRecording()) return true;
    stopPlayback();
    const QByteArray id = inputId();
    if (id.isEmpty()) {
        emit errorOccurred(
            tr("No microphone was found. Connect one, check that the system's "
               "sound settings show it, and try again."));
        return false;
    }
    QString name;
    for (const AudioInputInfo &input : inputs())
        if (input.id == id) name = input.name;
    AudioInputSource *source = m_backend->createSource(id, this);
    if (!source) {
        emit errorOccurred(
            tr("The microphone “%1” is no longer available. Choose another input.").arg(name));
        return false;
    }
    QString error;
    if (!source->start(&error)) {
        delete source;
        emit errorOccurred(
            error.isEmpty() ? tr("The microphone “%1” could not be opened.").arg(name) : error);
        return false;
    }
    const bool hadRecording = hasRecording();
    m_source = source;
    m_sourceId = id;
    m_sourceName = name;
    m_format = source->format();
    m_converter = std::make_unique<PcmTo16kMono>(m_format.sampleRate(), m_format.channelCount());
    m_pcm.clear();
    connect(source, &AudioInputSource::dataReady, this, &AudioRecorder::onData);
    connect(source, &AudioInputSource::failed, this, [this](const QString &message) {
        if (!isRecording()) return;
        finishRecording();
        emit errorOccurred(m_pcm.isEmpty()
                               ? message
                               : tr("%1 The recording so far (%2) is kept.")
                                     .arg(message, AttachmentText::duration(durationMs())));
    });
    m_meter.start();
    if (hadRecording) emit hasRecordingChanged(false);
    emit recordingChanged(true);
    emit elapsedChanged(0);
    emit levelChanged(0);
    return true;
}

void AudioRecorder::onData(const QByteArray &bytes) {
    if (!m_converter) return;
    if (!m_converter->pushBytes(bytes.constData(), bytes.size(), m_format.sampleFormat())) {
        finishRecording();
        emit errorOccurred(tr("The microphone “%1” delivers samples in a format Facet does not "
                              "know. Choose another input.")
                               .arg(m_sourceName));
        return;
    }
    m_pcm += m_converter->takeOutput();
    if (m_pcm.size() / 2 >= maxSamples()) {
        finishRecording();
        emit notice(
            tr("The recording stopped at its limit of %1.").arg(AttachmentText::duration(m_maxMs)));
    }
}

void AudioRecorder::tick() {
    if (!m_converter) return;
    emit levelChanged(qreal(m_converter->takePeak()));
    emit elapsedChanged(durationMs());
}

void AudioRecorder::finishRecording() {
    if (!m_source) return;
    AudioInputSource *source = m_source;
    m_source = nullptr;
    source->disconnect(this);
    source->stop();
    // It may be inside one of its own signals.
    source->deleteLater();
    m_meter.stop();
    if (m_converter) {
        m_converter->finish();
        m_pcm += m_converter->takeOutput();
        m_converter.reset();
    }
    if (m_pcm.size() / 2 > maxSamples()) m_pcm.truncate(maxSamples() * 2);
    emit levelChanged(0);
    emit elapsedChanged(durationMs());
    emit recordingChanged(false);
    if (!m_pcm.isEmpty()) emit hasRecordingChanged(true);
}

void AudioRecorder::stop() {
    finishRecording();
}

void AudioRecorder::discard() {
    stopPlayback();
    finishRecording();
    if (m_pcm.isEmpty()) return;
    m_pcm.clear();
    emit hasRecordingChanged(false);
    emit elapsedChanged(0);
}

void AudioRecorder::onInputsChanged() {
    emit inputsChanged();
    if (!isRecording()) return;
    for (const AudioInputInfo &input : inputs())
        if (input.id == m_sourceId) return;
    finishRecording();
    emit errorOccurred(
        m_pcm.isEmpty()
            ? tr("The microphone “%1” was disconnected.").arg(m_sourceName)
            : tr("The microphone “%1” was disconnected. The recording so far (%2) is kept.")
                  .arg(m_sourceName, AttachmentText::duration(durationMs())));
}

qint64 AudioRecorder::durationMs() const {
    return qint64(m_pcm.size() / 2) * 1000 / kAudioSampleRate;
}

Attachment AudioRecorder::toAttachment(const QString &name) const {
    Attachment a;
    a.kind = Attachment::Kind::Audio;
    a.name = name;
    a.mimeType = QString::fromLatin1(kPcmMimeType);
    a.sourceMimeType = a.mimeType;
    a.data = m_pcm;
    a.durationMs = durationMs();
    a.thumbnail = waveformThumbnail(m_pcm);
    return a;
}

QString AudioRecorder::playbackUnavailableReason() const {
    if (!hasRecording()) return tr("There is no recording to play yet.");
    if (QMediaDevices::defaultAudioOutput().isNull()) {
        return tr("There is no sound output (speakers or headphones) to play the recording on.");
    }
    return {};
}

bool AudioRecorder::play() {
    stopPlayback();
    const QString reason = playbackUnavailableReason();
    if (!reason.isEmpty()) {
        emit errorOccurred(reason);
        return false;
    }
    const QAudioDevice output = QMediaDevices::defaultAudioOutput();
    QAudioFormat format;
    format.setSampleRate(kAudioSampleRate);
    format.setChannelCount(1);
    format.setSampleFormat(QAudioFormat::Int16);
    QByteArray bytes = m_pcm;
    if (!output.isFormatSupported(format)) {
        format = output.preferredFormat();
        bytes = convertPcm16kTo(m_pcm, format);
        if (bytes.isEmpty()) {
            emit errorOccurred(tr("The sound output “%1” takes no format Facet can play.")
                                   .arg(output.description()));
            return false;
        }
    }
    m_playBuffer.close();
    m_playBuffer.setData(bytes);
    m_playBuffer.open(QIODevice::ReadOnly);
    m_sink = new QAudioSink(output, format, this);
    connect(m_sink, &QAudioSink::stateChanged, this, [this](QAudio::State state) {
        if (!m_sink) return;
        if (state == QAudio::IdleState) {
            stopPlayback();  // played to the end
        } else if (state == QAudio::StoppedState && m_sink->error() != QAudio::NoError &&
                   m_sink->error() != QAudio::UnderrunError) {
            stopPlayback();
            emit errorOccurred(tr("Playing the recording failed: the sound output stopped."));
        }
    });
    m_sink->start(&m_playBuffer);
    if (m_sink->error() != QAudio::NoError) {
        stopPlayback();
        emit errorOccurred(tr("The sound output “%1” could not be opened. Another program may be "
                              "using it.")
                               .arg(output.description()));
        return false;
    }
    emit playingChanged(true);
    return true;
}

void AudioRecorder::stopPlayback() {
    if (!m_sink) return;
    QAudioSink *sink = m_sink;
    m_sink = nullptr;
    sink->disconnect(this);
    sink->stop();
    sink->deleteLater();
    m_playBuffer.close();
    emit playingChanged(false);
}

QByteArray AudioRecorder::toWav(const QByteArray &pcm16k) {
    return Wav::toWav(pcm16k);
}

}  // namespace facet::app
