// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "media/media_encoder.h"

#include "audio/audio_clips.h"
#include "audio/audio_decode.h"
#include "audio/audio_gpu.h"
#include "audio/audio_tower.h"
#include "audio/log_mel.h"
#include "gguf/gguf.h"
#include "vision/image_loader.h"
#include "vision/image_preprocess.h"
#include "vision/vision_gpu.h"
#include "vision/vision_tower.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <cstring>
#include <list>

// Messages for the user are translated under the context "facet::media", named in each call so that
// lupdate files them where they are looked up (it would file a tr() in a member function under
// its class).
namespace facet::media {

namespace {

// Recordings longer than this are refused before decoding, from the file's header where it has
// one: 10 minutes are 15000 soft tokens, already more context than most chats have (the app's
// own attachment limit is the same).
constexpr double kMaxAudioSeconds = 10.0 * 60.0;

uint64_t contentHash(chat::MediaKind kind, const QByteArray &bytes, int budget) {
    // BLAKE2b: a cryptographic hash (no accidental collisions between attachments) at about six
    // times SHA-256's speed in Qt (3 ms instead of 20 for a 2 MB photo).
    QCryptographicHash h(QCryptographicHash::Blake2b_256);
    h.addData(bytes);
    const QByteArray settings = QByteArray::number(int(kind)) + ':' + QByteArray::number(budget);
    h.addData(settings);
    const QByteArray r = h.result();
    uint64_t v = 0;
    std::memcpy(&v, r.constData(), sizeof v);
    return v;
}

// Bytes of f32 weights a tower's tensors take once dequantised (what the CPU reference holds).
qint64 tensorBytes(const gguf::File &file, std::initializer_list<const char *> prefixes) {
    qint64 n = 0;
    for (const gguf::TensorInfo &t : file.tensors()) {
        for (const char *p : prefixes) {
            if (t.name.rfind(p, 0) == 0) {
                n += qint64(t.nelements) * 4;
                break;
            }
        }
    }
    return n;
}

// Whether `file` holds a tower's weights (metadata alone, as Ollama writes into text-only
// files, does not count). Both namings, Ollama's and llama.cpp's mmproj, share these tensors.
bool hasTower(const gguf::File &file, chat::MediaKind kind) {
    return file.tensor(kind == chat::MediaKind::Image ? "v.patch_embd.weight"
                                                      : "a.conv1d.0.weight") != nullptr;
}

}  // namespace

int imageSoftTokens(QSize size, int budget) {
    if (size.isEmpty() || !isImageTokenBudget(budget)) return 0;
    QString error;
    const QSize target = vision::targetSize(size, budget, &error);
    if (target.isEmpty()) return 0;
    const int cell = vision::kPatchSize * vision::kPoolingKernel;
    return (target.width() / cell) * (target.height() / cell);
}

int audioSoftTokens(int64_t samples) {
    int tokens = 0;
    audio::ClipOptions co;
    // Clips are cut at quiet points, so their exact lengths depend on the sound; counting whole
    // 30 s clips and the rest is exact for the usual case and off by at most a token per cut.
    for (int64_t left = samples; left > 0; left -= co.maxSamples) {
        const int64_t n = std::min(left, co.maxSamples);
        tokens += int(audio::halveLength(audio::halveLength(audio::validLogMelFrames(n))));
    }
    return tokens;
}

QByteArray wavFromPcm16(const QByteArray &pcm, int sampleRate) {
    const auto u32 = [](QByteArray &b, uint32_t v) {
        for (int i = 0; i < 4; ++i)
            b.append(char((v >> (8 * i)) & 0xff));
    };
    const auto u16 = [](QByteArray &b, uint16_t v) {
        b.append(char(v & 0xff));
        b.append(char(v >> 8));
    };
    const uint32_t dataBytes = uint32_t(pcm.size() & ~qsizetype(1));
    QByteArray out;
    out.reserve(44 + qsizetype(dataBytes));
    out.append("RIFF", 4);
    u32(out, 36 + dataBytes);
    out.append("WAVEfmt ", 8);
    u32(out, 16);                        // fmt chunk size
    u16(out, 1);                         // PCM
    u16(out, 1);                         // mono
    u32(out, uint32_t(sampleRate));      // frames per second
    u32(out, uint32_t(sampleRate) * 2);  // bytes per second
    u16(out, 2);                         // bytes per frame
    u16(out, 16);                        // bits per sample
    out.append("data", 4);
    u32(out, dataBytes);
    out.append(pcm.constData(), qsizetype(dataBytes));
    return out;
}

bool isImageTokenBudget(int budget) {
    return std::find(std::begin(kImageTokenBudgets), std::end(kImageTokenBudgets), budget) !=
           std::end(kImageTokenBudgets);
}

QString findProjectorFile(const QString &modelPath) {
    const QFileInfo model(modelPath);
    const QDir dir = model.absoluteDir();
    const QStringList candidates =
        dir.entryList({QStringLiteral("mmproj*.gguf"), QStringLiteral("*mmproj*.gguf")},
                      QDir::Files | QDir::Readable, QDir::Name);
    if (candidates.isEmpty()) return {};
    // Prefer the projector whose name shares the longest prefix with the model's stem once the
    // "mmproj" marker is taken out ("mmproj-gemma-4-E2B-it-f16.gguf" beside
    // "gemma-4-E2B-it-Q4_K_M.gguf").
    const QString stem = model.completeBaseName().toLower();
    QString best;
    int bestScore = -1;
    for (const QString &c : candidates) {
        if (c == model.fileName()) continue;
        QString core = QFileInfo(c).completeBaseName().toLower();
        core.remove(QStringLiteral("mmproj"));
        while (core.startsWith(QLatin1Char('-')) || core.startsWith(QLatin1Char('_')))
            core.remove(0, 1);
        int score = 0;
        while (score < core.size() && score < stem.size() && core[score] == stem[score])
            ++score;
        if (score > bestScore) {
            bestScore = score;
            best = c;
        }
    }
    return best.isEmpty() ? QString() : dir.filePath(best);
}

struct MediaEncoder::Impl {
    const gguf::File &model;
    const model::Gemma4Config &config;
    QString modelPath;

    // Where each tower comes from: the model file, or a projector opened on first need.
    mutable bool projectorSearched = false;
    mutable QString projectorPath;
    mutable std::unique_ptr<gguf::File> projector;
    mutable QString projectorError;

    gpu::GpuContext *gpu = nullptr;
    std::unique_ptr<vision::VisionTower> vision;        // the CPU reference's weights
    std::unique_ptr<vision::GpuVisionTower> gpuVision;  // on `gpu`
    std::unique_ptr<audio::AudioReference> audio;       // weights (views) and the CPU reference
    std::unique_ptr<audio::GpuAudioTower> gpuAudio;     // on `gpu`

    struct Cached {
        uint64_t key;
        EncodedMedia media;
        qint64 bytes;
    };
    std::list<Cached> cache;  // most recent first
    qint64 cacheBytes = 0;

    Impl(const gguf::File &m, const model::Gemma4Config &c, const QString &p)
        : model(m), config(c), modelPath(p) {}

    // The file holding `kind`'s tower, or null with *why.
    const gguf::File *towerFile(chat::MediaKind kind, QString *why) const {
        const bool image = kind == chat::MediaKind::Image;
        if (hasTower(model, kind)) return &model;
        if (!projectorSearched) {
            projectorSearched = true;
            projectorPath = findProjectorFile(modelPath);
            if (!projectorPath.isEmpty()) {
                projector = gguf::File::open(projectorPath, &projectorError);
            }
        }
        if (projector && hasTower(*projector, kind)) {
            return projector.get();
        }
        if (why) {
            const QString name = QFileInfo(modelPath).fileName();
            if (!projectorPath.isEmpty() && !projector) {
                *why =
                    QCoreApplication::translate(
                        "facet::media", "The projector file %1 beside the model cannot be read: %2")
                        .arg(QFileInfo(projectorPath).fileName(), projectorError);
            } else if (image) {
                *why = QCoreApplication::translate(
                           "facet::media",
                           "%1 has no vision tower, so it cannot read images. Use a Gemma 4 file "
                           "with its vision weights (Ollama's gemma4 models have them), or put "
                           "the model's mmproj-*.gguf projector file beside it.")
                           .arg(name);
            } else {
                *why = QCoreApplication::translate(
                           "facet::media",
                           "%1 has no audio tower, so it cannot read audio. Use a Gemma 4 E2B or "
                           "E4B file with its audio weights, or put the model's mmproj-*.gguf "
                           "projector file beside it.")
                           .arg(name);
            }
        }
        return nullptr;
    }

    const EncodedMedia *cached(uint64_t key) {
        for (auto it = cache.begin(); it != cache.end(); ++it) {
            if (it->key == key) {
                cache.splice(cache.begin(), cache, it);
                return &cache.front().media;
            }
        }
        return nullptr;
    }

    void remember(uint64_t key, const EncodedMedia &m, qint64 limit) {
        qint64 bytes = 0;
        for (const std::vector<float> &c : m.clips)
            bytes += qint64(c.size() * sizeof(float));
        if (bytes > limit) return;
        cache.push_front({key, m, bytes});
        cacheBytes += bytes;
        while (cacheBytes > limit && !cache.empty()) {
            cacheBytes -= cache.back().bytes;
            cache.pop_back();
        }
    }
};

MediaEncoder::MediaEncoder(const gguf::File &model, const model::Gemma4Config &config,
                           const QString &modelPath, MediaOptions options)
    : d(std::make_unique<Impl>(model, config, modelPath)), m_options(options) {}

MediaEncoder::~MediaEncoder() = default;

void MediaEncoder::setOptions(const MediaOptions &options) {
    m_options = options;
    if (!isImageTokenBudget(m_options.imageTokenBudget)) {
        m_options.imageTokenBudget = kDefaultImageTokenBudget;
    }
}

bool MediaEncoder::available(chat::MediaKind kind, QString *why) const {
    return d->towerFile(kind, why) != nullptr;
}

QString MediaEncoder::projectorPath() const {
    return d->projector ? d->projectorPath : QString();
}

bool MediaEncoder::towerLoaded(chat::MediaKind kind) const {
    return kind == chat::MediaKind::Image ? (d->vision || d->gpuVision) : (d->audio || d->gpuAudio);
}

void MediaEncoder::setGpu(gpu::GpuContext *gpu) {
    releaseTowers();
    d->gpu = gpu;
}

qint64 MediaEncoder::towerBytes(chat::MediaKind kind) const {
    if (kind == chat::MediaKind::Image && d->gpuVision) {
        return d->gpuVision->weightBytes() + d->gpuVision->activationBytes();
    }
    if (kind == chat::MediaKind::Audio && d->gpuAudio) return d->gpuAudio->memoryBytes();
    const gguf::File *f = d->towerFile(kind, nullptr);
    if (!f) return 0;
    return kind == chat::MediaKind::Image ? tensorBytes(*f, {"v.", "mm.input_projection"})
                                          : tensorBytes(*f, {"a.", "mm.a."});
}

void MediaEncoder::releaseTowers() {
    d->gpuVision.reset();
    d->vision.reset();
    d->gpuAudio.reset();
    d->audio.reset();
}

EncodeFunction MediaEncoder::encoder(const Progress &progress, const Cancel &cancel) {
    return [this, progress, cancel](chat::MediaKind kind, const QByteArray &bytes, QString *error) {
        return encode(kind, bytes, progress, cancel, error);
    };
}

std::optional<EncodedMedia> MediaEncoder::encode(chat::MediaKind kind, const QByteArray &bytes,
                                                 const Progress &progress, const Cancel &cancel,
                                                 QString *error) {
    const bool image = kind == chat::MediaKind::Image;
    const int budget = m_options.imageTokenBudget;
    const uint64_t key = contentHash(kind, bytes, image ? budget : 0);
    if (const EncodedMedia *hit = d->cached(key)) {
        if (progress) progress(1.0);
        return *hit;
    }
    QString why;
    const gguf::File *file = d->towerFile(kind, &why);
    if (!file) {
        if (error) *error = why;
        return std::nullopt;
    }
    const auto cancelled = [&] {
        if (cancel && cancel()) {
            if (error) *error = QCoreApplication::translate("facet::media", "Cancelled.");
            return true;
        }
        return false;
    };
    if (progress) progress(0.0);
    m_timings = EncodeTimings();
    QElapsedTimer stage;
    stage.start();
    const auto lap = [&stage](double &ms) {
        ms += double(stage.nsecsElapsed()) / 1e6;
        stage.restart();
    };

    EncodedMedia out;
    out.kind = kind;
    out.contentHash = key;
    out.width = d->config.hidden;
    if (image) {
        const std::optional<QImage> decoded = vision::decodeImage(bytes, &why);
        lap(m_timings.decodeMs);
        if (!decoded) {
            if (error) *error = why;
            return std::nullopt;
        }
        vision::PreprocessOptions po;
        po.softTokenBudget = budget;
        const std::optional<vision::PreprocessedImage> pre =
            vision::preprocessImage(*decoded, po, &why);
        lap(m_timings.frontEndMs);
        if (!pre) {
            if (error) *error = why;
            return std::nullopt;
        }
        if (cancelled()) return std::nullopt;
        if (d->gpu && !d->gpuVision) {
            d->gpuVision =
                vision::GpuVisionTower::create(*d->gpu, *file, vision::GpuVisionOptions(), &why);
            if (!d->gpuVision) {
                if (error)
                    *error = QCoreApplication::translate("facet::media",
                                                         "The vision tower cannot be loaded: %1")
                                 .arg(why);
                return std::nullopt;
            }
        } else if (!d->gpu && !d->vision) {
            d->vision = vision::VisionTower::load(*file, &why);
            if (!d->vision) {
                if (error)
                    *error = QCoreApplication::translate("facet::media",
                                                         "The vision tower cannot be loaded: %1")
                                 .arg(why);
                return std::nullopt;
            }
        }
        const int towerWidth =
            d->gpuVision ? d->gpuVision->config().textWidth : d->vision->config().textWidth;
        if (towerWidth != d->config.hidden) {
            if (error) {
                *error = QCoreApplication::translate(
                             "facet::media",
                             "The vision tower projects into width %1, but the model's text width "
                             "is %2: the projector file does not belong to this model.")
                             .arg(towerWidth)
                             .arg(d->config.hidden);
            }
            return std::nullopt;
        }
        vision::EncodeControl control;
        control.progress = [&](int done, int total) {
            if (progress && total > 0) progress(double(done) / double(total));
            return !(cancel && cancel());
        };
        std::vector<float> rows =
            d->gpuVision ? d->gpuVision->encode(*pre, control, &why)
                         : vision::VisionReference(*d->vision).encode(*pre, control, &why);
        lap(m_timings.towerMs);
        if (rows.empty()) {
            if (!cancelled() && error) *error = why;
            return std::nullopt;
        }
        out.clips.push_back(std::move(rows));
    } else {
        audio::DecodeOptions dop;
        dop.maxSeconds = kMaxAudioSeconds;
        dop.progress = [&](double) { return !(cancel && cancel()); };
        const std::optional<audio::DecodedAudio> decoded =
            audio::decodeAudioBytes(bytes, &why, dop);
        lap(m_timings.decodeMs);
        if (!decoded) {
            if (!cancelled() && error) *error = why;
            return std::nullopt;
        }
        if (decoded->samples.empty()) {
            if (error)
                *error = QCoreApplication::translate("facet::media",
                                                     "The recording holds no sound (it is empty).");
            return std::nullopt;
        }
        if (!d->audio) {
            d->audio = audio::AudioReference::load(*file, &why);
            if (!d->audio) {
                if (error)
                    *error = QCoreApplication::translate("facet::media",
                                                         "The audio tower cannot be loaded: %1")
                                 .arg(why);
                return std::nullopt;
            }
        }
        if (d->gpu && !d->gpuAudio) {
            d->gpuAudio = audio::GpuAudioTower::create(*d->gpu, *d->audio, &why);
            if (!d->gpuAudio) {
                if (error)
                    *error = QCoreApplication::translate("facet::media",
                                                         "The audio tower cannot be loaded: %1")
                                 .arg(why);
                return std::nullopt;
            }
        }
        if (d->audio->config().textWidth != d->config.hidden) {
            if (error) {
                *error = QCoreApplication::translate(
                             "facet::media",
                             "The audio tower projects into width %1, but the model's text width "
                             "is %2: the projector file does not belong to this model.")
                             .arg(d->audio->config().textWidth)
                             .arg(d->config.hidden);
            }
            return std::nullopt;
        }
        const std::vector<audio::AudioClip> clips = audio::splitIntoClips(decoded->samples);
        for (size_t c = 0; c < clips.size(); ++c) {
            const std::span<const float> samples(decoded->samples.data() + clips[c].begin,
                                                 size_t(clips[c].size()));
            lap(m_timings.towerMs);  // loading (first use) counts to the tower
            const audio::LogMel mel = audio::logMelSpectrogram(samples);
            lap(m_timings.frontEndMs);
            audio::AudioEncodeControl control;
            control.progress = [&](int done, int total) {
                if (progress && total > 0) {
                    progress((double(c) + double(done) / double(total)) / double(clips.size()));
                }
                return !(cancel && cancel());
            };
            std::vector<float> rows =
                d->gpuAudio ? d->gpuAudio->encode(mel.values, mel.frames, mel.mask, control, &why)
                            : d->audio->encode(mel.values, mel.frames, mel.mask, control, &why);
            lap(m_timings.towerMs);
            if (rows.empty()) {
                if (!cancelled() && error) *error = why;
                return std::nullopt;
            }
            out.clips.push_back(std::move(rows));
        }
    }
    if (progress) progress(1.0);
    d->remember(key, out, m_options.cacheBytes);
    return out;
}

}  // namespace facet::media
