// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio_pcm.h"

#include "audio/audio_decode.h"

#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace facet::app {

namespace {

// float in [-1, 1] → s16. Scaling by 32768 (and clamping the top) makes s16 → float → s16 exact.
inline qint16 toS16(float x) {
    const float scaled = std::round(x * 32768.0f);
    return qint16(std::clamp(scaled, -32768.0f, 32767.0f));
}

template <typename T>
inline T loadNative(const char *p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// G.711 mu-law and A-law expansion to 16-bit linear (the ITU formulas).
inline int expandMuLaw(quint8 u) {
    u = quint8(~u);
    const int exponent = (u >> 4) & 7, mantissa = u & 0x0f;
    const int magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
    return (u & 0x80) ? -magnitude : magnitude;
}

inline int expandALaw(quint8 a) {
    a ^= 0x55;
    const int exponent = (a >> 4) & 7, mantissa = a & 0x0f;
    const int magnitude =
        exponent == 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (exponent - 1);
    return (a & 0x80) ? magnitude : -magnitude;
}

int bytesPerSample(QAudioFormat::SampleFormat format) {
    switch (format) {
        case QAudioFormat::UInt8:
            return 1;
        case QAudioFormat::Int16:
            return 2;
        case QAudioFormat::Int32:
            return 4;
        case QAudioFormat::Float:
            return 4;
        default:
            return 0;
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// MonoResampler

MonoResampler::MonoResampler(int inRate, int outRate)
    : m_inRate(std::max(1, inRate)),
      m_outRate(std::max(1, outRate)),
      m_resampler(std::make_unique<audio::StreamResampler>(m_inRate, m_outRate)) {}

MonoResampler::~MonoResampler() = default;

void MonoResampler::push(const float *samples, qsizetype count, std::vector<float> &out) {
    m_resampler->push(samples, count, out);
}

void MonoResampler::finish(std::vector<float> &out) {
    m_resampler->finish(out);
}

// ---------------------------------------------------------------------------------------------
// PcmTo16kMono

PcmTo16kMono::PcmTo16kMono(int inRate, int channels)
    : m_channels(std::max(1, channels)), m_resampler(inRate, kAudioSampleRate) {}

void PcmTo16kMono::pushFloat(const float *interleaved, qsizetype frames) {
    if (frames <= 0) return;
    m_mono.resize(size_t(frames));
    const float scale = 1.0f / float(m_channels);
    for (qsizetype f = 0; f < frames; ++f) {
        float sum = 0;
        for (int c = 0; c < m_channels; ++c)
            sum += interleaved[f * m_channels + c];
        const float v = sum * scale;
        m_mono[size_t(f)] = v;
        m_peak = std::max(m_peak, std::min(1.0f, std::abs(v)));
    }
    m_inputFrames += frames;
    m_resampled.clear();
    m_resampler.push(m_mono.data(), frames, m_resampled);
    emitSamples(m_resampled);
}

bool PcmTo16kMono::pushBytes(const char *data, qsizetype size, QAudioFormat::SampleFormat format) {
    const int bps = bytesPerSample(format);
    if (bps == 0) return false;
    const qsizetype frameBytes = qsizetype(bps) * m_channels;
    QByteArray joined;
    if (!m_partial.isEmpty()) {
        joined = m_partial + QByteArray(data, size);
        data = joined.constData();
        size = joined.size();
    }
    const qsizetype frames = size / frameBytes;
    std::vector<float> samples(size_t(frames * m_channels));
    for (qsizetype s = 0; s < frames * m_channels; ++s) {
        const char *p = data + s * bps;
        float v = 0;
        switch (format) {
            case QAudioFormat::UInt8:
                v = (int(quint8(*p)) - 128) / 128.0f;
                break;
            case QAudioFormat::Int16:
                v = loadNative<qint16>(p) / 32768.0f;
                break;
            case QAudioFormat::Int32:
                v = float(loadNative<qint32>(p) / 2147483648.0);
                break;
            case QAudioFormat::Float:
                v = loadNative<float>(p);
                break;
            default:
                break;
        }
        // A NaN from a broken float stream would poison every later output of the filter.
        samples[size_t(s)] = std::isfinite(v) ? v : 0.0f;
    }
    m_partial = QByteArray(data + frames * frameBytes, size - frames * frameBytes);
    pushFloat(samples.data(), frames);
    return true;
}

void PcmTo16kMono::finish() {
    m_partial.clear();
    m_resampled.clear();
    m_resampler.finish(m_resampled);
    emitSamples(m_resampled);
}

QByteArray PcmTo16kMono::takeOutput() {
    QByteArray out;
    out.swap(m_output);
    return out;
}

float PcmTo16kMono::takePeak() {
    const float p = m_peak;
    m_peak = 0;
    return p;
}

void PcmTo16kMono::emitSamples(const std::vector<float> &samples) {
    const qsizetype at = m_output.size();
    m_output.resize(at + qsizetype(samples.size()) * 2);
    uchar *dst = reinterpret_cast<uchar *>(m_output.data()) + at;
    for (size_t i = 0; i < samples.size(); ++i)
        qToLittleEndian<qint16>(toS16(samples[i]), dst + 2 * i);
    m_outputSamples += qint64(samples.size());
}

QByteArray convertPcm16kTo(const QByteArray &pcm16k, const QAudioFormat &format) {
    const int bps = bytesPerSample(format.sampleFormat());
    const int channels = std::max(1, format.channelCount());
    if (bps == 0 || format.sampleRate() <= 0) return {};
    const qsizetype n = pcm16k.size() / 2;
    std::vector<float> in(static_cast<size_t>(n));
    std::vector<float> out;
    const auto *src = reinterpret_cast<const uchar *>(pcm16k.constData());
    for (qsizetype i = 0; i < n; ++i)
        in[size_t(i)] = qFromLittleEndian<qint16>(src + 2 * i) / 32768.0f;
    MonoResampler resampler(kAudioSampleRate, format.sampleRate());
    out.reserve(size_t(double(n) * format.sampleRate() / kAudioSampleRate) + 1);
    resampler.push(in.data(), n, out);
    resampler.finish(out);
    QByteArray bytes(qsizetype(out.size()) * channels * bps, Qt::Uninitialized);
    char *dst = bytes.data();
    for (float x : out) {
        const float v = std::clamp(x, -1.0f, 1.0f);
        for (int c = 0; c < channels; ++c) {
            switch (format.sampleFormat()) {
                case QAudioFormat::UInt8:
                    *dst = char(quint8(std::lround(v * 127.0f) + 128));
                    break;
                case QAudioFormat::Int16: {
                    const qint16 s = toS16(v);
                    std::memcpy(dst, &s, 2);
                    break;
                }
                case QAudioFormat::Int32: {
                    const qint32 s = qint32(std::clamp(std::llround(double(v) * 2147483648.0),
                                                       -2147483648LL, 2147483647LL));
                    std::memcpy(dst, &s, 4);
                    break;
                }
                case QAudioFormat::Float:
                    std::memcpy(dst, &v, 4);
                    break;
                default:
                    break;
            }
            dst += bps;
        }
    }
    return bytes;
}

// ---------------------------------------------------------------------------------------------
// Wav

QByteArray Wav::toWav(const QByteArray &pcm16, int sampleRate) {
    const quint32 dataBytes = quint32(pcm16.size() & ~qsizetype(1));
    QByteArray out(44, Qt::Uninitialized);
    auto *h = reinterpret_cast<uchar *>(out.data());
    std::memcpy(h, "RIFF", 4);
    qToLittleEndian<quint32>(36 + dataBytes, h + 4);
    std::memcpy(h + 8, "WAVEfmt ", 8);
    qToLittleEndian<quint32>(16, h + 16);
    qToLittleEndian<quint16>(1, h + 20);  // PCM
    qToLittleEndian<quint16>(1, h + 22);  // mono
    qToLittleEndian<quint32>(quint32(sampleRate), h + 24);
    qToLittleEndian<quint32>(quint32(sampleRate) * 2, h + 28);
    qToLittleEndian<quint16>(2, h + 32);
    qToLittleEndian<quint16>(16, h + 34);
    std::memcpy(h + 36, "data", 4);
    qToLittleEndian<quint32>(dataBytes, h + 40);
    out.append(pcm16.constData(), dataBytes);
    return out;
}

bool Wav::looksLikeWav(const QByteArray &head) {
    return head.size() >= 12 && (head.startsWith("RIFF") || head.startsWith("RF64")) &&
           head.mid(8, 4) == "WAVE";
}

WavResult Wav::read(const uchar *data, qint64 size, qint64 maxDurationMs) {
    WavResult result;
    if (size < 12 ||
        !looksLikeWav(QByteArray::fromRawData(reinterpret_cast<const char *>(data), 12))) {
        result.problem = tr("it does not start with a WAV header");
        return result;
    }
    result.status = WavResult::Status::Damaged;
    const bool rf64 = std::memcmp(data, "RF64", 4) == 0;

    bool haveFormat = false;
    quint16 tag = 0, channels = 0, blockAlign = 0, bits = 0;
    quint32 rate = 0;
    qint64 dataOffset = -1, dataSize = 0, rf64DataSize = -1;
    bool sizeUnknown = false;
    qint64 pos = 12;
    while (pos + 8 <= size) {
        const uchar *chunk = data + pos;
        const qint64 chunkSize = qFromLittleEndian<quint32>(chunk + 4);
        const qint64 body = pos + 8;
        const qint64 bodyAvailable = std::min(chunkSize, size - body);
        if (std::memcmp(chunk, "ds64", 4) == 0 && bodyAvailable >= 16) {
            rf64DataSize = qint64(qFromLittleEndian<quint64>(data + body + 8));
        } else if (std::memcmp(chunk, "fmt ", 4) == 0) {
            if (chunkSize < 16 || bodyAvailable < 16) {
                result.problem =
                    tr("its format header is damaged (shorter than the 16 bytes it "
                       "needs)");
                return result;
            }
            const uchar *f = data + body;
            tag = qFromLittleEndian<quint16>(f);
            channels = qFromLittleEndian<quint16>(f + 2);
            rate = qFromLittleEndian<quint32>(f + 4);
            blockAlign = qFromLittleEndian<quint16>(f + 12);
            bits = qFromLittleEndian<quint16>(f + 14);
            // WAVE_FORMAT_EXTENSIBLE: the real format tag is the first two bytes of the
            // sub-format GUID.
            if (tag == 0xfffe && bodyAvailable >= 40) tag = qFromLittleEndian<quint16>(f + 24);
            haveFormat = true;
        } else if (std::memcmp(chunk, "data", 4) == 0) {
            dataOffset = body;
            dataSize = chunkSize;
            if (rf64 && chunkSize == 0xffffffffLL && rf64DataSize >= 0) dataSize = rf64DataSize;
            // Streaming writers leave 0 or 0xFFFFFFFF until they finish: take the rest.
            sizeUnknown = chunkSize == 0 || chunkSize == 0xffffffffLL;
            if (haveFormat) break;
        }
        pos = body + chunkSize + (chunkSize & 1);
    }
    if (!haveFormat) {
        result.problem = tr("it has no format header");
        return result;
    }
    if (dataOffset < 0) {
        result.problem = tr("it contains no audio data");
        return result;
    }
    if (channels == 0 || channels > 64) {
        result.problem = tr("its header gives an impossible channel count (%1)").arg(channels);
        return result;
    }
    if (rate < 1000 || rate > 768000) {
        result.problem = tr("its header gives an impossible sample rate (%1 Hz)").arg(rate);
        return result;
    }

    enum class Enc { Pcm, Float, ALaw, MuLaw };
    Enc enc = Enc::Pcm;
    switch (tag) {
        case 1:
            enc = Enc::Pcm;
            break;
        case 3:
            enc = Enc::Float;
            break;
        case 6:
            enc = Enc::ALaw;
            break;
        case 7:
            enc = Enc::MuLaw;
            break;
        default: {
            result.status = WavResult::Status::Unsupported;
            const char *known = tag == 2      ? "Microsoft ADPCM"
                                : tag == 0x11 ? "IMA ADPCM"
                                : tag == 0x31 ? "GSM 6.10"
                                : tag == 0x55 ? "MP3"
                                              : nullptr;
            result.problem =
                known ? tr("it holds %1 audio, which Facet's WAV reader does not decode")
                            .arg(QLatin1String(known))
                      : tr("it holds audio in encoding 0x%1, which Facet's WAV reader does not "
                           "decode")
                            .arg(tag, 4, 16, QLatin1Char('0'));
            return result;
        }
    }
    const int container = blockAlign % channels == 0 ? blockAlign / channels : 0;
    const bool containerOk = (enc == Enc::Pcm && container >= 1 && container <= 4) ||
                             (enc == Enc::Float && (container == 4 || container == 8)) ||
                             ((enc == Enc::ALaw || enc == Enc::MuLaw) && container == 1);
    if (!containerOk || bits == 0 || bits > container * 8) {
        result.problem = tr("its header is inconsistent (%1 bits per sample in blocks of %2 "
                            "bytes for %3 channels)")
                             .arg(bits)
                             .arg(blockAlign)
                             .arg(channels);
        return result;
    }

    const QString channelText = channels == 1   ? tr("mono")
                                : channels == 2 ? tr("stereo")
                                                : tr("%1 channels").arg(channels);
    switch (enc) {
        case Enc::Pcm:
            result.description = tr("%1-bit PCM, %2 Hz, %3").arg(bits).arg(rate).arg(channelText);
            break;
        case Enc::Float:
            result.description =
                tr("%1-bit float, %2 Hz, %3").arg(container * 8).arg(rate).arg(channelText);
            break;
        case Enc::ALaw:
            result.description = tr("A-law, %1 Hz, %2").arg(rate).arg(channelText);
            break;
        case Enc::MuLaw:
            result.description = tr("mu-law, %1 Hz, %2").arg(rate).arg(channelText);
            break;
    }

    const qint64 available = size - dataOffset;
    qint64 bytes = dataSize;
    if (sizeUnknown || dataSize > available) {
        result.truncated = !sizeUnknown;
        bytes = available;
    }
    const qint64 frames = bytes / blockAlign;
    if (frames == 0) {
        result.problem = tr("it contains no audio (0 samples)");
        return result;
    }
    result.durationMs = frames * 1000 / rate;
    if (result.durationMs > maxDurationMs) {
        result.status = WavResult::Status::TooLong;
        result.problem = tr("it is %1 long").arg(AttachmentText::duration(result.durationMs));
        return result;
    }

    PcmTo16kMono converter(int(rate), channels);
    constexpr qint64 kBlockFrames = 4096;
    std::vector<float> block(size_t(kBlockFrames) * channels);
    const uchar *src = data + dataOffset;
    for (qint64 first = 0; first < frames; first += kBlockFrames) {
        const qint64 n = std::min(kBlockFrames, frames - first);
        for (qint64 s = 0; s < n * channels; ++s) {
            const uchar *p = src + (first * channels + s) * container;
            float v = 0;
            if (enc == Enc::Pcm) {
                switch (container) {
                    case 1:
                        v = (int(p[0]) - 128) / 128.0f;
                        break;
                    case 2:
                        v = qFromLittleEndian<qint16>(p) / 32768.0f;
                        break;
                    case 3: {
                        // Sign-extend the 24-bit value through the top of a 32-bit word.
                        const qint32 w =
                            qint32(quint32(p[0]) << 8 | quint32(p[1]) << 16 | quint32(p[2]) << 24);
                        v = float((w >> 8) / 8388608.0);
                        break;
                    }
                    default:
                        v = float(qFromLittleEndian<qint32>(p) / 2147483648.0);
                        break;
                }
            } else if (enc == Enc::Float) {
                v = container == 4 ? qFromLittleEndian<float>(p)
                                   : float(qFromLittleEndian<double>(p));
                if (!std::isfinite(v)) v = 0;
                v = std::clamp(v, -1.0f, 1.0f);
            } else if (enc == Enc::ALaw) {
                v = expandALaw(p[0]) / 32768.0f;
            } else {
                v = expandMuLaw(p[0]) / 32768.0f;
            }
            block[size_t(s)] = v;
        }
        converter.pushFloat(block.data(), n);
    }
    converter.finish();
    result.pcm16k = converter.takeOutput();
    result.status = WavResult::Status::Ok;
    return result;
}

}  // namespace facet::app
