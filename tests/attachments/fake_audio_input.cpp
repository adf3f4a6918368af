// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "fake_audio_input.h"

#include <cmath>
#include <cstring>

namespace facet::test {

namespace {
constexpr double kPi = 3.14159265358979323846;
}

GeneratedSource::GeneratedSource(const GeneratedDevice &device, int chunkMs, int intervalMs,
                                 QObject *parent)
    : app::AudioInputSource(parent), m_device(device), m_chunkMs(chunkMs) {
    m_format.setSampleRate(device.rate);
    m_format.setChannelCount(device.channels);
    m_format.setSampleFormat(device.format);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &GeneratedSource::produce);
}

bool GeneratedSource::start(QString *error) {
    if (m_device.failsToOpen) {
        *error = QStringLiteral("The microphone “%1” could not be opened.").arg(m_device.name);
        return false;
    }
    m_timer.start();
    return true;
}

void GeneratedSource::stop() {
    m_timer.stop();
}

void GeneratedSource::produce() {
    const int frames = m_device.rate * m_chunkMs / 1000;
    const int bps = m_format.bytesPerSample();
    QByteArray bytes(qsizetype(frames) * m_device.channels * bps, Qt::Uninitialized);
    char *p = bytes.data();
    for (int f = 0; f < frames; ++f, ++m_frames) {
        const double x = m_device.amplitude *
                         std::sin(2 * kPi * m_device.frequency * double(m_frames) / m_device.rate);
        for (int c = 0; c < m_device.channels; ++c, p += bps) {
            switch (m_device.format) {
                case QAudioFormat::UInt8:
                    *p = char(quint8(std::lround(x * 127) + 128));
                    break;
                case QAudioFormat::Int16: {
                    const qint16 s = qint16(std::lround(x * 32767));
                    std::memcpy(p, &s, 2);
                    break;
                }
                case QAudioFormat::Int32: {
                    const qint32 s = qint32(std::llround(x * 2147483647.0));
                    std::memcpy(p, &s, 4);
                    break;
                }
                default: {
                    const float s = float(x);
                    std::memcpy(p, &s, 4);
                    break;
                }
            }
        }
    }
    // Two pieces split inside a frame: the recorder must carry the partial frame over.
    const qsizetype split = bytes.size() / 2 + 1;
    emit dataReady(bytes.left(split));
    emit dataReady(bytes.mid(split));
}

GeneratedInputs::GeneratedInputs(QObject *parent) : app::AudioInputBackend(parent) {
    GeneratedDevice sine;
    sine.id = "sine";
    sine.name = QStringLiteral("Test tone");
    sine.isDefault = true;
    GeneratedDevice silence;
    silence.id = "silence";
    silence.name = QStringLiteral("Quiet room");
    silence.amplitude = 0;
    silence.rate = 44100;
    silence.channels = 1;
    silence.format = QAudioFormat::Int16;
    m_devices = {sine, silence};
}

QList<app::AudioInputInfo> GeneratedInputs::inputs() const {
    QList<app::AudioInputInfo> out;
    for (const GeneratedDevice &d : m_devices)
        out.append({d.id, d.name, d.isDefault});
    return out;
}

app::AudioInputSource *GeneratedInputs::createSource(const QByteArray &id, QObject *parent) {
    for (const GeneratedDevice &d : m_devices) {
        if (d.id == id) {
            m_last = new GeneratedSource(d, m_chunkMs, m_intervalMs, parent);
            return m_last;
        }
    }
    return nullptr;
}

void GeneratedInputs::setDevices(const QList<GeneratedDevice> &devices) {
    m_devices = devices;
    emit inputsChanged();
}

void GeneratedInputs::removeDevice(const QByteArray &id) {
    m_devices.removeIf([&](const GeneratedDevice &d) { return d.id == id; });
    emit inputsChanged();
}

}  // namespace facet::test
