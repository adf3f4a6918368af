// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A prompt with images and audio, as the model reads it. The renderer places one media span per
// attachment (chat/renderer.h); here each becomes what Hugging Face's Gemma 4 processor writes:
//
//   image:  <|image> + N × <|image|> + <image|>       (N = the image's soft tokens)
//   audio:  <|audio> + N × <|audio|> + <audio|>       per clip (a recording longer than 30 s is
//                                                     split into clips, each its own block)
//
// and every placeholder position is given its soft embedding (model::SoftEmbedding). Encoding
// the attachments is the MediaEncoder's business (towers, caching, cancellation); this layer only
// lays tokens out, so it is testable without a tower.
//
// KV reuse across turns compares position identities, not token ids: a text position's identity
// is its token id (≥ 0), a soft position's a negative value derived from the attachment's content
// hash and its index in the block. Two different images thus never share a cached prefix, and the
// same image in the same place does, like text.
#pragma once

#include "chat/chat_types.h"
#include "chat/renderer.h"
#include "model/forward_types.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace facet::tokenizer {
class Tokenizer;
}

namespace facet::media {

// One encoded attachment: the soft embeddings of each clip (an image is one clip), each
// [tokens][width] row-major.
struct EncodedMedia {
    chat::MediaKind kind = chat::MediaKind::None;
    int width = 0;
    std::vector<std::vector<float>> clips;
    uint64_t contentHash = 0;  // identity of the attachment (bytes and encoding settings)

    int clipTokens(size_t clip) const {
        return width > 0 ? static_cast<int>(clips[clip].size() / size_t(width)) : 0;
    }
    int tokens() const;  // soft tokens of all clips
};

// Encodes one attachment (kind, bytes) or fails with a message for the user.
using EncodeFunction = std::function<std::optional<EncodedMedia>(
    chat::MediaKind kind, const QByteArray &bytes, QString *error)>;

// The special tokens that frame media, looked up by their strings in the model's vocabulary.
struct MediaTokens {
    int32_t imageBegin = -1, imagePad = -1, imageEnd = -1;  // <|image>, <|image|>, <image|>
    int32_t audioBegin = -1, audioPad = -1, audioEnd = -1;  // <|audio>, <|audio|>, <audio|>
    static std::optional<MediaTokens> find(const tokenizer::Tokenizer &tok, QString *error);
};

struct MediaPrompt {
    std::vector<int32_t> tokens;    // what the model reads (placeholders at soft positions)
    std::vector<int32_t> identity;  // per position: token id, or < 0 for a soft position
    std::vector<model::SoftEmbedding> soft;  // index = position in `tokens`
    int imageTokens = 0, audioTokens = 0;    // soft tokens, by kind
    // Per media span in prompt order: its message, item, kind and soft-token count (the app
    // shows each attachment's cost).
    struct Item {
        int message = -1, item = -1;
        chat::MediaKind kind = chat::MediaKind::None;
        int softTokens = 0;
        int clips = 0;
    };
    std::vector<Item> items;
};

// Tokenizes `p` (chat::tokenSegments) and expands its media spans with `encode`, taking each
// span's bytes from `c` (Message::imageData / audioData). Fails with a message when an attachment
// has no bytes, cannot be encoded, or the vocabulary has no media tokens.
std::optional<MediaPrompt> buildMediaPrompt(const tokenizer::Tokenizer &tok,
                                            const chat::RenderedPrompt &p,
                                            const chat::Conversation &c,
                                            const EncodeFunction &encode, QString *error);

// The identity value of soft position `index` of a block whose content hash is `hash`: negative,
// never equal to a token id.
int32_t softIdentity(uint64_t hash, int index);

// Soft embeddings of positions [from, end) of `soft`, re-indexed relative to `from` (the part of
// a prompt that still has to run after a reused prefix).
std::vector<model::SoftEmbedding> softSuffix(const std::vector<model::SoftEmbedding> &soft,
                                             size_t from);

}  // namespace facet::media
