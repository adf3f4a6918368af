// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Turns attachments into soft embeddings with a model's vision and audio towers.
//
//   MediaEncoder enc(modelFile, config, modelPath, options);
//   QString why;
//   if (!enc.available(MediaKind::Image, &why)) …              // says what is missing
//   auto e = enc.encode(MediaKind::Image, pngBytes, progress, cancel, &error);
//
// Towers are loaded on first use (a text-only chat never pays for them) from the model file or,
// when it has none, from a projector file beside it (Hugging Face repos ship `mmproj-*.gguf`
// next to the text GGUF). They stay loaded or are released after each use (MediaOptions). Encoded
// attachments are kept in a small cache keyed by their bytes and settings, so a conversation's
// history is not re-encoded every turn.
#pragma once

#include "chat/renderer.h"
#include "media/media_prompt.h"
#include "model/gemma4_config.h"

#include <QByteArray>
#include <QSize>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace facet::gguf {
class File;
}
namespace facet::gpu {
class GpuContext;
}

namespace facet::media {

// Soft-token budgets of an image that Gemma 4 supports (Hugging Face's max_soft_tokens).
inline constexpr int kImageTokenBudgets[] = {70, 140, 280, 560, 1120};
inline constexpr int kDefaultImageTokenBudget = 280;
bool isImageTokenBudget(int budget);

// Where an encode's time went, in milliseconds (benchmarks).
struct EncodeTimings {
    double decodeMs = 0;    // the file: image decoding, or audio decoding and resampling
    double frontEndMs = 0;  // resize and patches, or log-mel and clips
    double towerMs = 0;     // the tower (on the GPU: upload, dispatches, readback)
};

struct MediaOptions {
    int imageTokenBudget = kDefaultImageTokenBudget;
    // Keep the towers in memory between uses (true) or release them after each encode.
    bool keepTowersLoaded = true;
    // Encoded attachments kept for reuse, in bytes of embeddings.
    qint64 cacheBytes = 256LL << 20;
};

// The projector file to use for a model without towers: the `mmproj*.gguf` beside `modelPath`
// (preferring one whose name shares the model's stem); empty when there is none.
QString findProjectorFile(const QString &modelPath);

// What an attachment will cost before it is encoded (the app shows it; the encoder's result
// agrees): the soft tokens of an image of `size` pixels (after its EXIF orientation) at
// `budget`, 0 for an empty size; and of `samples` samples of 16 kHz audio, over all its clips.
int imageSoftTokens(QSize size, int budget);
int audioSoftTokens(int64_t samples);

// A WAV file image of 16-bit mono PCM (the app keeps recordings as bare PCM; the audio decoder
// reads files). The 44-byte RIFF header is written by hand: it is fixed for this one layout.
QByteArray wavFromPcm16(const QByteArray &pcm, int sampleRate);

class MediaEncoder {
public:
    using Progress = std::function<void(double fraction)>;
    using Cancel = std::function<bool()>;

    // `model` and `config` must outlive the encoder.
    MediaEncoder(const gguf::File &model, const model::Gemma4Config &config,
                 const QString &modelPath, MediaOptions options = {});
    ~MediaEncoder();
    MediaEncoder(const MediaEncoder &) = delete;
    MediaEncoder &operator=(const MediaEncoder &) = delete;

    const MediaOptions &options() const { return m_options; }
    // New options apply to the next encode (a budget change misses the cache, as it should).
    void setOptions(const MediaOptions &options);

    // Whether this model can read `kind`; if not, *why says what is missing and what to do.
    bool available(chat::MediaKind kind, QString *why = nullptr) const;

    // Decodes and encodes one attachment (image file bytes; audio file bytes of any format the
    // audio decoder reads). Progress runs 0 → 1; cancel is asked between steps (layers).
    std::optional<EncodedMedia> encode(chat::MediaKind kind, const QByteArray &bytes,
                                       const Progress &progress, const Cancel &cancel,
                                       QString *error);
    // encode() bound to a progress and cancel pair, for buildMediaPrompt.
    EncodeFunction encoder(const Progress &progress = {}, const Cancel &cancel = {});

    // Where the towers run: on `gpu` (the model's context, on the thread that uses it) once
    // set, else on the CPU reference. Towers already loaded are released.
    void setGpu(gpu::GpuContext *gpu);
    // The last encode that ran (a cache hit leaves it as it was).
    const EncodeTimings &lastTimings() const { return m_timings; }
    // Frees the towers (the cache stays). Called after each use when !keepTowersLoaded.
    void releaseTowers();
    bool towerLoaded(chat::MediaKind kind) const;
    // Memory the tower takes once loaded (weights as the CPU reference holds them), 0 if the
    // model has no such tower.
    qint64 towerBytes(chat::MediaKind kind) const;
    // The projector file in use (empty when the model file has its own towers).
    QString projectorPath() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
    MediaOptions m_options;
    EncodeTimings m_timings;
};

}  // namespace facet::media
