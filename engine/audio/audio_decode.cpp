// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio/audio_decode.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <sndfile.h>
#include <soxr.h>

#include <algorithm>
#include <cmath>
#include <cstring>

// Messages for the user are translated under the context "facet::audio", named in each call so that
// lupdate files them where they are looked up (it would file a tr() in a member function under
// its class).
namespace facet::audio {

namespace {

QString durationText(double seconds) {
    const qint64 s = qint64(std::llround(seconds));
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

// libsndfile reads a byte array in place through these callbacks (its virtual I/O).
struct MemoryReader {
    const QByteArray *bytes = nullptr;
    sf_count_t pos = 0;
};

sf_count_t memLength(void *user) {
    return static_cast<MemoryReader *>(user)->bytes->size();
}

sf_count_t memSeek(sf_count_t offset, int whence, void *user) {
    auto *r = static_cast<MemoryReader *>(user);
    const sf_count_t size = r->bytes->size();
    sf_count_t base = 0;
    if (whence == SEEK_CUR) base = r->pos;
    if (whence == SEEK_END) base = size;
    r->pos = std::clamp<sf_count_t>(base + offset, 0, size);
    return r->pos;
}

sf_count_t memRead(void *ptr, sf_count_t count, void *user) {
    auto *r = static_cast<MemoryReader *>(user);
    const sf_count_t n = std::clamp<sf_count_t>(r->bytes->size() - r->pos, 0, count);
    if (n > 0) std::memcpy(ptr, r->bytes->constData() + r->pos, size_t(n));
    r->pos += n;
    return n;
}

sf_count_t memWrite(const void *, sf_count_t, void *) {
    return 0;
}

sf_count_t memTell(void *user) {
    return static_cast<MemoryReader *>(user)->pos;
}

QString formatName(int format) {
    auto name = [](int f) -> QString {
        SF_FORMAT_INFO info{};
        info.format = f;
        if (sf_command(nullptr, SFC_GET_FORMAT_INFO, &info, sizeof info) != 0 || !info.name)
            return {};
        return QString::fromUtf8(info.name);
    };
    const QString major = name(format & SF_FORMAT_TYPEMASK);
    const QString sub = name(format & SF_FORMAT_SUBMASK);
    if (major.isEmpty()) return sub;
    if (sub.isEmpty()) return major;
    return major + QStringLiteral(", ") + sub;
}

// Reads an open file block by block into 16 kHz mono. Closes `file`.
std::optional<DecodedAudio> readAll(SNDFILE *file, const SF_INFO &info, QString *error,
                                    const DecodeOptions &options) {
    struct Closer {
        SNDFILE *f;
        ~Closer() { sf_close(f); }
    } closer{file};
    auto fail = [&](const QString &message) -> std::optional<DecodedAudio> {
        if (error) *error = message;
        return std::nullopt;
    };
    if (info.channels <= 0 || info.channels > 1024 || info.samplerate <= 0 ||
        info.samplerate > 4'000'000)
        return fail(QCoreApplication::translate(
                        "facet::audio",
                        "The audio file's header is damaged (it gives %1 channels at %2 Hz).")
                        .arg(info.channels)
                        .arg(info.samplerate));
    // libsndfile gives SF_COUNT_MAX (or 0 for some streams) when the length is not in the header.
    const bool knownLength = info.frames > 0 && info.frames < (sf_count_t(1) << 50);
    const double headerSeconds = knownLength ? double(info.frames) / info.samplerate : 0;
    if (options.maxSeconds > 0 && knownLength && headerSeconds > options.maxSeconds)
        return fail(QCoreApplication::translate(
                        "facet::audio",
                        "The recording is %1 long; Facet takes at most %2 of audio. Cut it into "
                        "shorter pieces and attach those.")
                        .arg(durationText(headerSeconds), durationText(options.maxSeconds)));

    DecodedAudio out;
    out.sourceRate = info.samplerate;
    out.sourceChannels = info.channels;
    out.format = formatName(info.format);
    StreamResampler resampler(info.samplerate, kModelSampleRate);
    if (!resampler.ok()) return fail(resampler.error());
    // The result is the one large allocation; reserving it up front keeps a long file from
    // briefly needing twice its size while the vector grows.
    if (knownLength) out.samples.reserve(size_t(std::ceil(headerSeconds * kModelSampleRate)) + 64);

    constexpr sf_count_t kBlockFrames = 16384;
    const int channels = info.channels;
    std::vector<float> block(size_t(kBlockFrames) * size_t(channels));
    std::vector<float> mono(static_cast<size_t>(kBlockFrames));
    const sf_count_t frameLimit = options.maxSeconds > 0
                                      ? sf_count_t(std::ceil(options.maxSeconds * info.samplerate))
                                      : sf_count_t(-1);
    bool cutAtLimit = false;
    for (;;) {
        const sf_count_t got = sf_readf_float(file, block.data(), kBlockFrames);
        if (got <= 0) break;
        for (sf_count_t f = 0; f < got; ++f) {
            const float *frame = block.data() + size_t(f) * size_t(channels);
            double sum = 0;
            for (int c = 0; c < channels; ++c)
                sum += std::isfinite(frame[c]) ? double(frame[c]) : 0.0;
            mono[size_t(f)] = float(sum / channels);
        }
        sf_count_t use = got;
        if (frameLimit >= 0 && out.sourceFrames + use > frameLimit) {
            use = frameLimit - out.sourceFrames;
            cutAtLimit = true;
        }
        resampler.push(mono.data(), use, out.samples);
        out.sourceFrames += use;
        if (cutAtLimit) break;
        if (options.progress &&
            !options.progress(knownLength ? std::min(1.0, double(out.sourceFrames) / info.frames)
                                          : -1.0))
            return fail(
                QCoreApplication::translate("facet::audio", "Decoding the audio was cancelled."));
    }
    if (cutAtLimit)
        return fail(QCoreApplication::translate(
                        "facet::audio",
                        "The recording is longer than %1; Facet takes at most that much audio. Cut "
                        "it into shorter pieces and attach those.")
                        .arg(durationText(options.maxSeconds)));
    const int status = sf_error(file);
    if (out.sourceFrames == 0) {
        if (status != SF_ERR_NO_ERROR)
            return fail(
                QCoreApplication::translate(
                    "facet::audio", "The audio file could not be decoded: %1. It may be damaged.")
                    .arg(QString::fromUtf8(sf_strerror(file))));
        return fail(QCoreApplication::translate("facet::audio",
                                                "The audio file contains no sound (0 samples)."));
    }
    resampler.finish(out.samples);
    if (status != SF_ERR_NO_ERROR || (knownLength && out.sourceFrames < info.frames)) {
        out.partial = true;
        out.warning = QCoreApplication::translate(
                          "facet::audio",
                          "The audio file is damaged after %1; only the part before that was used.")
                          .arg(durationText(double(out.sourceFrames) / info.samplerate));
    }
    if (options.progress) options.progress(1.0);
    return out;
}

QString openError(const char *libraryMessage) {
    return QCoreApplication::translate(
               "facet::audio",
               "Facet cannot read this audio file: it is not in a format Facet knows (WAV, FLAC, "
               "Ogg Vorbis, Opus, MP3, AIFF, …) or it is damaged (%1).")
        .arg(QString::fromUtf8(libraryMessage));
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// StreamResampler

StreamResampler::StreamResampler(double inRate, double outRate)
    : m_inRate(inRate), m_outRate(outRate) {
    if (inRate == outRate) {
        m_passThrough = true;
        return;
    }
    if (!(inRate > 0) || !(outRate > 0) || inRate / outRate > 1e4 || outRate / inRate > 1e4) {
        m_error = QCoreApplication::translate("facet::audio",
                                              "The audio has an impossible sample rate (%1 Hz).")
                      .arg(inRate);
        return;
    }
    const soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I);
    const soxr_quality_spec_t quality = soxr_quality_spec(SOXR_HQ, 0);
    soxr_error_t err = nullptr;
    m_soxr = soxr_create(inRate, outRate, 1, &err, &io, &quality, nullptr);
    if (err) {
        m_soxr = nullptr;
        m_error = QCoreApplication::translate("facet::audio",
                                              "The audio could not be resampled from %1 Hz: %2.")
                      .arg(inRate)
                      .arg(QString::fromUtf8(err));
    }
}

StreamResampler::~StreamResampler() {
    if (m_soxr) soxr_delete(static_cast<soxr_t>(m_soxr));
}

void StreamResampler::drain(const float *in, size_t count, std::vector<float> &out, bool last) {
    auto *s = static_cast<soxr_t>(m_soxr);
    // Output goes through a fixed scratch block: growing `out` ahead of time would make it
    // reallocate past what the caller reserved (twice the memory for a long file).
    constexpr size_t kRoom = 8192;
    float scratch[kRoom];
    size_t consumed = 0;
    for (;;) {
        size_t idone = 0, odone = 0;
        soxr_process(s, last ? nullptr : in + consumed, last ? 0 : count - consumed, &idone,
                     scratch, kRoom, &odone);
        out.insert(out.end(), scratch, scratch + odone);
        consumed += idone;
        if (odone < kRoom && (last || consumed >= count)) break;
        if (odone == 0 && idone == 0) break;
    }
}

void StreamResampler::push(const float *samples, int64_t count, std::vector<float> &out) {
    if (count <= 0 || m_finished) return;
    if (m_passThrough) {
        out.insert(out.end(), samples, samples + count);
        return;
    }
    if (!m_soxr) return;
    drain(samples, size_t(count), out, false);
}

void StreamResampler::finish(std::vector<float> &out) {
    if (m_finished) return;
    m_finished = true;
    if (m_passThrough || !m_soxr) return;
    drain(nullptr, 0, out, true);
}

std::vector<float> resample(std::span<const float> samples, double inRate, double outRate) {
    std::vector<float> out;
    out.reserve(size_t(std::ceil(double(samples.size()) * outRate / inRate)) + 16);
    StreamResampler r(inRate, outRate);
    r.push(samples.data(), int64_t(samples.size()), out);
    r.finish(out);
    return out;
}

// ---------------------------------------------------------------------------------------------
// Decoding

std::optional<DecodedAudio> decodeAudioFile(const QString &path, QString *error,
                                            const DecodeOptions &options) {
    const QFileInfo fi(path);
    if (!fi.exists() || !fi.isFile()) {
        if (error)
            *error =
                QCoreApplication::translate("facet::audio", "The audio file %1 does not exist.")
                    .arg(path);
        return std::nullopt;
    }
    if (fi.size() == 0) {
        if (error)
            *error =
                QCoreApplication::translate("facet::audio", "The audio file %1 is empty (0 bytes).")
                    .arg(fi.fileName());
        return std::nullopt;
    }
    SF_INFO info{};
    SNDFILE *file = sf_open(QFile::encodeName(path).constData(), SFM_READ, &info);
    if (!file) {
        if (error) *error = openError(sf_strerror(nullptr));
        return std::nullopt;
    }
    return readAll(file, info, error, options);
}

std::optional<DecodedAudio> decodeAudioBytes(const QByteArray &bytes, QString *error,
                                             const DecodeOptions &options) {
    if (bytes.isEmpty()) {
        if (error)
            *error =
                QCoreApplication::translate("facet::audio", "The audio file is empty (0 bytes).");
        return std::nullopt;
    }
    MemoryReader reader{&bytes, 0};
    SF_VIRTUAL_IO io{memLength, memSeek, memRead, memWrite, memTell};
    SF_INFO info{};
    SNDFILE *file = sf_open_virtual(&io, SFM_READ, &info, &reader);
    if (!file) {
        if (error) *error = openError(sf_strerror(nullptr));
        return std::nullopt;
    }
    return readAll(file, info, error, options);
}

}  // namespace facet::audio
