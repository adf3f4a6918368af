// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio_test_util.h"

#include <QBuffer>
#include <QFile>
#include <QImageWriter>
#include <QPainter>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace facet::test {

namespace {

constexpr double kPi = 3.14159265358979323846;

void putLe(QByteArray &out, quint64 value, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out.append(char((value >> (8 * i)) & 0xff));
}

// G.711 compression, written as the inverse of the expansion the standard defines.
quint8 muLawEncode(int v) {
    const int sign = v < 0 ? 0x80 : 0;
    const int m = std::min(std::abs(v), 32635) + 0x84;
    int exponent = 7;
    while (exponent > 0 && !(m & (0x80 << exponent)))
        --exponent;
    const int mantissa = (m >> (exponent + 3)) & 0x0f;
    return quint8(~(sign | exponent << 4 | mantissa));
}

quint8 aLawEncode(int v) {
    const int sign = v >= 0 ? 0x80 : 0;
    const int m = std::min(v >= 0 ? v : -v - 1, 32767) >> 3;
    int exponent = 0, mantissa = 0;
    if (m < 32) {
        mantissa = m >> 1;
    } else {
        exponent = 1;
        while (exponent < 7 && m >= (32 << exponent))
            ++exponent;
        mantissa = (m >> exponent) & 0x0f;
    }
    return quint8((sign | exponent << 4 | mantissa) ^ 0x55);
}

// MSB-first bit writer for the FLAC headers.
class BitWriter {
public:
    void put(quint64 value, int bits) {
        for (int i = bits - 1; i >= 0; --i) {
            m_acc = quint8(m_acc << 1 | ((value >> i) & 1));
            if (++m_count == 8) {
                m_bytes.append(char(m_acc));
                m_acc = 0;
                m_count = 0;
            }
        }
    }
    QByteArray bytes() const { return m_bytes; }

private:
    QByteArray m_bytes;
    quint8 m_acc = 0;
    int m_count = 0;
};

quint8 crc8(const QByteArray &data) {
    quint8 crc = 0;
    for (char c : data) {
        crc ^= quint8(c);
        for (int i = 0; i < 8; ++i)
            crc = quint8((crc & 0x80) ? (crc << 1) ^ 0x07 : crc << 1);
    }
    return crc;
}

quint16 crc16(const QByteArray &data) {
    quint16 crc = 0;
    for (char c : data) {
        crc ^= quint16(quint8(c) << 8);
        for (int i = 0; i < 8; ++i)
            crc = quint16((crc & 0x8000) ? (crc << 1) ^ 0x8005 : crc << 1);
    }
    return crc;
}

// FLAC's UTF-8-like coding of the frame number.
void putUtf8Number(QByteArray &out, quint32 n) {
    if (n < 0x80) {
        out.append(char(n));
    } else if (n < 0x800) {
        out.append(char(0xc0 | (n >> 6)));
        out.append(char(0x80 | (n & 0x3f)));
    } else {
        out.append(char(0xe0 | (n >> 12)));
        out.append(char(0x80 | ((n >> 6) & 0x3f)));
        out.append(char(0x80 | (n & 0x3f)));
    }
}

}  // namespace

QByteArray makeWav(const WavSpec &spec, double seconds, double frequency, double amplitude) {
    const qint64 frames = qint64(std::llround(seconds * spec.rate));
    const int container = spec.bits == 24 ? 3 : spec.bits / 8;
    QByteArray data;
    data.reserve(frames * spec.channels * container);
    for (qint64 f = 0; f < frames; ++f) {
        const double x = amplitude * std::sin(2 * kPi * frequency * double(f) / spec.rate);
        for (int c = 0; c < spec.channels; ++c) {
            switch (spec.encoding) {
                case WavEncoding::Pcm:
                    if (spec.bits == 8) {
                        data.append(char(quint8(std::lround(x * 127) + 128)));
                    } else {
                        const double full = std::ldexp(1.0, spec.bits - 1) - 1;
                        putLe(data, quint64(qint64(std::llround(x * full))), container);
                    }
                    break;
                case WavEncoding::Float:
                    if (spec.bits == 32) {
                        const float v = float(x);
                        quint32 u;
                        std::memcpy(&u, &v, 4);
                        putLe(data, u, 4);
                    } else {
                        quint64 u;
                        std::memcpy(&u, &x, 8);
                        putLe(data, u, 8);
                    }
                    break;
                case WavEncoding::ALaw:
                    data.append(char(aLawEncode(int(std::lround(x * 32767)))));
                    break;
                case WavEncoding::MuLaw:
                    data.append(char(muLawEncode(int(std::lround(x * 32767)))));
                    break;
            }
        }
    }
    const int tag = spec.encoding == WavEncoding::Pcm     ? 1
                    : spec.encoding == WavEncoding::Float ? 3
                    : spec.encoding == WavEncoding::ALaw  ? 6
                                                          : 7;
    QByteArray fmt;
    putLe(fmt, spec.extensible ? 0xfffe : tag, 2);
    putLe(fmt, spec.channels, 2);
    putLe(fmt, spec.rate, 4);
    putLe(fmt, quint64(spec.rate) * spec.channels * container, 4);
    putLe(fmt, spec.channels * container, 2);
    putLe(fmt, spec.bits, 2);
    if (spec.extensible) {
        putLe(fmt, 22, 2);
        putLe(fmt, spec.bits, 2);
        putLe(fmt, spec.channels == 2 ? 3 : 4, 4);
        putLe(fmt, tag, 2);
        fmt.append(QByteArray::fromHex("000000001000800000aa00389b71"));
    }
    QByteArray body = "WAVE";
    body += "fmt ";
    putLe(body, quint64(fmt.size()), 4);
    body += fmt;
    // An odd-sized chunk the reader must skip (with its pad byte) before the data.
    body += "junk";
    putLe(body, 3, 4);
    body += QByteArray("abc\0", 4);
    body += "data";
    putLe(body, quint64(data.size()), 4);
    body += data;
    QByteArray out = "RIFF";
    putLe(out, quint64(body.size()), 4);
    return out + body;
}

qint64 flacSamples(int rate, double seconds) {
    return qint64(std::llround(seconds * rate));
}

QByteArray makeFlac(int rate, int channels, double seconds, double frequency) {
    const int blockSize = 4096;
    const qint64 total = flacSamples(rate, seconds);
    QByteArray out = "fLaC";
    // STREAMINFO, the only (so last) metadata block.
    out.append(char(0x80));
    out.append(char(0));
    out.append(char(0));
    out.append(char(34));
    BitWriter info;
    info.put(blockSize, 16);
    info.put(blockSize, 16);
    info.put(0, 24);  // frame sizes unknown
    info.put(0, 24);
    info.put(quint64(rate), 20);
    info.put(quint64(channels - 1), 3);
    info.put(15, 5);  // 16 bits per sample
    info.put(quint64(total), 36);
    for (int i = 0; i < 16; ++i)
        info.put(0, 8);  // MD5 unknown
    out += info.bytes();

    quint32 frameNumber = 0;
    for (qint64 first = 0; first < total; first += blockSize, ++frameNumber) {
        const int n = int(std::min<qint64>(blockSize, total - first));
        QByteArray frame;
        frame.append(char(0xff));
        frame.append(char(0xf8));  // sync, fixed block size
        // Block size: 16 bits at the header's end (code 7). Sample rate: the standard code where
        // there is one, else 16 bits in Hz (code 13) at the end. GStreamer 1.22's flacparse
        // rejects code 0 ("as in STREAMINFO") although the format allows it.
        const int rateCode = rate == 8000    ? 4
                             : rate == 16000 ? 5
                             : rate == 22050 ? 6
                             : rate == 24000 ? 7
                             : rate == 32000 ? 8
                             : rate == 44100 ? 9
                             : rate == 48000 ? 10
                             : rate == 96000 ? 11
                                             : 13;
        frame.append(char(0x70 | rateCode));
        // Independent channels; 16 bits per sample.
        frame.append(char(((channels - 1) << 4) | (4 << 1)));
        putUtf8Number(frame, frameNumber);
        frame.append(char((n - 1) >> 8));
        frame.append(char((n - 1) & 0xff));
        if (rateCode == 13) {
            frame.append(char(rate >> 8));
            frame.append(char(rate & 0xff));
        }
        frame.append(char(crc8(frame)));
        for (int c = 0; c < channels; ++c) {
            frame.append(char(0x02));  // VERBATIM subframe, no wasted bits
            for (int i = 0; i < n; ++i) {
                const double x =
                    0.3 + 0.25 * std::sin(2 * kPi * frequency * double(first + i) / rate);
                const qint16 s = qint16(std::lround(x * 32767));
                frame.append(char(quint16(s) >> 8));
                frame.append(char(quint16(s) & 0xff));
            }
        }
        const quint16 crc = crc16(frame);
        frame.append(char(crc >> 8));
        frame.append(char(crc & 0xff));
        out += frame;
    }
    return out;
}

QByteArray sinePcm16k(double seconds, double frequency, double amplitude) {
    const qint64 n = qint64(std::llround(seconds * 16000));
    QByteArray out(n * 2, Qt::Uninitialized);
    for (qint64 i = 0; i < n; ++i) {
        const qint16 s =
            qint16(std::lround(amplitude * 32767 * std::sin(2 * kPi * frequency * i / 16000.0)));
        qToLittleEndian<qint16>(s, reinterpret_cast<uchar *>(out.data()) + 2 * i);
    }
    return out;
}

qsizetype sampleCount(const QByteArray &pcm16k) {
    return pcm16k.size() / 2;
}

namespace {
std::vector<int> samples(const QByteArray &pcm16k) {
    std::vector<int> v(size_t(pcm16k.size() / 2));
    for (size_t i = 0; i < v.size(); ++i)
        v[i] =
            qFromLittleEndian<qint16>(reinterpret_cast<const uchar *>(pcm16k.constData()) + 2 * i);
    return v;
}

int crossings(const std::vector<int> &v, int margin) {
    int count = 0, previous = 0;
    for (size_t i = size_t(margin); i + size_t(margin) < v.size(); ++i) {
        if (v[i] == 0) continue;
        const int sign = v[i] > 0 ? 1 : -1;
        if (previous != 0 && sign != previous) ++count;
        previous = sign;
    }
    return count;
}
}  // namespace

int zeroCrossings(const QByteArray &pcm16k, int margin) {
    return crossings(samples(pcm16k), margin);
}

int meanCrossings(const QByteArray &pcm16k, int margin) {
    auto v = samples(pcm16k);
    double sum = 0;
    for (size_t i = size_t(margin); i + size_t(margin) < v.size(); ++i)
        sum += v[i];
    const int mean =
        int(std::lround(sum / double(std::max<size_t>(1, v.size() - 2 * size_t(margin)))));
    for (int &x : v)
        x -= mean;
    return crossings(v, margin);
}

double rms(const QByteArray &pcm16k, int margin) {
    const auto v = samples(pcm16k);
    double sum = 0;
    size_t n = 0;
    for (size_t i = size_t(margin); i + size_t(margin) < v.size(); ++i, ++n) {
        const double x = v[i] / 32768.0;
        sum += x * x;
    }
    return n ? std::sqrt(sum / double(n)) : 0.0;
}

QByteArray encodeImage(const QImage &image, const char *format, int quality) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, format);
    if (quality >= 0) writer.setQuality(quality);
    if (!writer.write(image)) return {};
    return bytes;
}

QImage testPicture(int width, int height) {
    QImage image(width, height, QImage::Format_RGB32);
    QPainter painter(&image);
    QLinearGradient gradient(0, 0, width, height);
    gradient.setColorAt(0, QColor(20, 80, 200));
    gradient.setColorAt(1, QColor(240, 200, 40));
    painter.fillRect(image.rect(), gradient);
    painter.setBrush(Qt::red);
    painter.drawEllipse(QRect(width / 4, height / 4, width / 2, height / 2));
    return image;
}

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

}  // namespace facet::test
