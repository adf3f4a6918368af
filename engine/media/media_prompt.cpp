// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "media/media_prompt.h"

#include "tokenizer/tokenizer.h"

#include <QCoreApplication>

// Messages for the user are translated under the context "facet::media", named in each call so that
// lupdate files them where they are looked up (it would file a tr() in a member function under
// its class).
namespace facet::media {

namespace {

// SplitMix64 finaliser: spreads (hash, index) over 64 bits before folding to 31.
uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

}  // namespace

int EncodedMedia::tokens() const {
    int n = 0;
    for (size_t i = 0; i < clips.size(); ++i)
        n += clipTokens(i);
    return n;
}

std::optional<MediaTokens> MediaTokens::find(const tokenizer::Tokenizer &tok, QString *error) {
    MediaTokens t;
    struct Want {
        const char *piece;
        int32_t *id;
    };
    const Want wants[] = {{"<|image>", &t.imageBegin}, {"<|image|>", &t.imagePad},
                          {"<image|>", &t.imageEnd},   {"<|audio>", &t.audioBegin},
                          {"<|audio|>", &t.audioPad},  {"<audio|>", &t.audioEnd}};
    for (const Want &w : wants) {
        const std::optional<int32_t> id = tok.tokenId(w.piece);
        if (!id) {
            if (error) {
                *error = QCoreApplication::translate(
                             "facet::media",
                             "The model's vocabulary has no %1 token, so it cannot read images or "
                             "audio. Use a Gemma 4 model file with the multimodal tokens.")
                             .arg(QString::fromLatin1(w.piece));
            }
            return std::nullopt;
        }
        *w.id = *id;
    }
    return t;
}

int32_t softIdentity(uint64_t hash, int index) {
    const uint64_t h = mix(hash ^ mix(static_cast<uint64_t>(index)));
    // -1 … -2^31: never a token id (those are ≥ 0).
    return static_cast<int32_t>(-1 - static_cast<int64_t>(h & 0x7fffffffull));
}

std::vector<model::SoftEmbedding> softSuffix(const std::vector<model::SoftEmbedding> &soft,
                                             size_t from) {
    std::vector<model::SoftEmbedding> out;
    for (const model::SoftEmbedding &s : soft) {
        if (s.index >= 0 && size_t(s.index) >= from) {
            out.push_back({static_cast<int>(size_t(s.index) - from), s.values});
        }
    }
    return out;
}

std::optional<MediaPrompt> buildMediaPrompt(const tokenizer::Tokenizer &tok,
                                            const chat::RenderedPrompt &p,
                                            const chat::Conversation &c,
                                            const EncodeFunction &encode, QString *error) {
    MediaPrompt out;
    std::optional<MediaTokens> ids;
    for (const chat::TokenSegment &seg : chat::tokenSegments(p)) {
        if (seg.media == chat::MediaKind::None) {
            const std::vector<int32_t> t =
                tok.encode(seg.text, seg.parseSpecials ? tokenizer::Special::Parse
                                                       : tokenizer::Special::Literal);
            out.tokens.insert(out.tokens.end(), t.begin(), t.end());
            out.identity.insert(out.identity.end(), t.begin(), t.end());
            continue;
        }
        if (!ids) {
            ids = MediaTokens::find(tok, error);
            if (!ids) return std::nullopt;
        }
        const bool image = seg.media == chat::MediaKind::Image;
        const QByteArray *bytes = nullptr;
        if (seg.message >= 0 && size_t(seg.message) < c.messages.size()) {
            const chat::Message &m = c.messages[size_t(seg.message)];
            const std::vector<QByteArray> &list = image ? m.imageData : m.audioData;
            if (seg.item >= 0 && size_t(seg.item) < list.size()) bytes = &list[size_t(seg.item)];
        }
        if (!bytes || bytes->isEmpty()) {
            if (error) {
                *error = image ? QCoreApplication::translate(
                                     "facet::media",
                                     "An image of this conversation has no data (it may have been "
                                     "removed from disk). Remove it and attach it again.")
                               : QCoreApplication::translate(
                                     "facet::media",
                                     "A recording of this conversation has no data (it may have "
                                     "been removed from disk). Remove it and attach it again.");
            }
            return std::nullopt;
        }
        QString why;
        const std::optional<EncodedMedia> enc = encode(seg.media, *bytes, &why);
        if (!enc) {
            if (error) *error = why;
            return std::nullopt;
        }
        MediaPrompt::Item item{seg.message, seg.item, seg.media, 0, int(enc->clips.size())};
        int blockIndex = 0;  // identities run over all clips of the attachment
        for (size_t clip = 0; clip < enc->clips.size(); ++clip) {
            const int n = enc->clipTokens(clip);
            const int32_t begin = image ? ids->imageBegin : ids->audioBegin;
            const int32_t pad = image ? ids->imagePad : ids->audioPad;
            const int32_t end = image ? ids->imageEnd : ids->audioEnd;
            out.tokens.push_back(begin);
            out.identity.push_back(begin);
            for (int i = 0; i < n; ++i) {
                model::SoftEmbedding s;
                s.index = static_cast<int>(out.tokens.size());
                s.values.assign(enc->clips[clip].begin() + ptrdiff_t(i) * enc->width,
                                enc->clips[clip].begin() + ptrdiff_t(i + 1) * enc->width);
                out.soft.push_back(std::move(s));
                out.tokens.push_back(pad);
                out.identity.push_back(softIdentity(enc->contentHash, blockIndex++));
            }
            out.tokens.push_back(end);
            out.identity.push_back(end);
            item.softTokens += n;
        }
        (image ? out.imageTokens : out.audioTokens) += item.softTokens;
        out.items.push_back(item);
    }
    return out;
}

}  // namespace facet::media
