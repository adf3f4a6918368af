// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The media layout of a prompt: each attachment becomes <|image> + N × <|image|> + <image|> (audio
// per clip), every placeholder position carries its soft embedding, identities tell attachments
// apart for KV reuse, and failures come back as messages.
#include "media/media_prompt.h"
#include "chat/renderer.h"
#include "gguf/gguf.h"
#include "media/media_encoder.h"
#include "model/gemma4_config.h"
#include "support/gemma4_fixture.h"
#include "tokenizer/tokenizer.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace facet;

namespace {

class MediaPromptTest : public ::testing::Test {
protected:
    void SetUp() override {
        QString error;
        test::Gemma4FixtureOptions o;
        file = gguf::File::fromBytes(test::gemma4FixtureBytes(o, &error), &error);
        ASSERT_TRUE(file) << error.toStdString();
        tok = tokenizer::Tokenizer::fromGguf(*file, &error);
        ASSERT_TRUE(tok) << error.toStdString();
        auto t = media::MediaTokens::find(*tok, &error);
        ASSERT_TRUE(t) << error.toStdString();
        ids = *t;
    }

    // A fake encoder: `tokens` soft tokens per clip of width 4, values from the bytes' hash, so
    // the test can recompute them; audio longer than 3 bytes splits into two clips.
    media::EncodeFunction encoder(int *calls) {
        return [calls](chat::MediaKind kind, const QByteArray &bytes,
                       QString *error) -> std::optional<media::EncodedMedia> {
            ++*calls;
            if (bytes == "bad") {
                *error = QStringLiteral("cannot decode");
                return std::nullopt;
            }
            media::EncodedMedia e;
            e.kind = kind;
            e.width = 4;
            e.contentHash = qHash(bytes);
            const int clips = kind == chat::MediaKind::Audio && bytes.size() > 3 ? 2 : 1;
            for (int c = 0; c < clips; ++c) {
                std::vector<float> v(size_t(bytes.size() + c) * 4);
                for (size_t i = 0; i < v.size(); ++i)
                    v[i] = float(e.contentHash % 97) + float(i) + 1000.0f * float(c);
                e.clips.push_back(std::move(v));
            }
            return e;
        };
    }

    std::unique_ptr<gguf::File> file;
    std::unique_ptr<tokenizer::Tokenizer> tok;
    media::MediaTokens ids;
};

chat::Conversation conversation(std::vector<QByteArray> images, std::vector<QByteArray> audio) {
    chat::Conversation c;
    chat::Message m;
    m.content = "what is this?";
    m.images = int(images.size());
    m.audios = int(audio.size());
    m.imageData = std::move(images);
    m.audioData = std::move(audio);
    c.messages.push_back(m);
    return c;
}

}  // namespace

TEST_F(MediaPromptTest, TextOnlyEqualsTheChatTokenizer) {
    chat::Conversation c = conversation({}, {});
    int calls = 0;
    QString error;
    auto p = media::buildMediaPrompt(*tok, chat::render(c), c, encoder(&calls), &error);
    ASSERT_TRUE(p) << error.toStdString();
    EXPECT_EQ(p->tokens, chat::tokenize(*tok, chat::render(c)));
    EXPECT_EQ(p->identity, p->tokens);
    EXPECT_TRUE(p->soft.empty());
    EXPECT_EQ(calls, 0);
}

TEST_F(MediaPromptTest, BlocksSoftPositionsAndIdentities) {
    chat::Conversation c = conversation({"png-one", "pic2"}, {"wave-a"});
    int calls = 0;
    QString error;
    auto p = media::buildMediaPrompt(*tok, chat::render(c), c, encoder(&calls), &error);
    ASSERT_TRUE(p) << error.toStdString();
    EXPECT_EQ(calls, 3);
    // Soft tokens: 7 + 4 for the images, 6 + 7 for the audio's two clips.
    EXPECT_EQ(p->imageTokens, 11);
    EXPECT_EQ(p->audioTokens, 13);
    ASSERT_EQ(p->items.size(), 3u);
    EXPECT_EQ(p->items[0].softTokens, 7);
    EXPECT_EQ(p->items[2].clips, 2);
    ASSERT_EQ(p->soft.size(), 24u);
    ASSERT_EQ(p->tokens.size(), p->identity.size());

    // Walk the tokens: every block is begin, pads, end; soft positions are exactly the pads.
    std::set<int> softPositions;
    for (const model::SoftEmbedding &s : p->soft) {
        ASSERT_EQ(s.values.size(), 4u);
        softPositions.insert(s.index);
    }
    std::vector<int> blockLengths;
    for (size_t i = 0; i < p->tokens.size(); ++i) {
        const int32_t t = p->tokens[i];
        const bool pad = t == ids.imagePad || t == ids.audioPad;
        EXPECT_EQ(pad, softPositions.count(int(i)) == 1) << i;
        EXPECT_EQ(pad, p->identity[i] < 0) << i;
        if (!pad) {
            EXPECT_EQ(p->identity[i], t);
        }
        if (t == ids.imageBegin || t == ids.audioBegin) {
            size_t j = i + 1;
            const int32_t want = t == ids.imageBegin ? ids.imagePad : ids.audioPad;
            while (j < p->tokens.size() && p->tokens[j] == want)
                ++j;
            ASSERT_LT(j, p->tokens.size());
            EXPECT_EQ(p->tokens[j], t == ids.imageBegin ? ids.imageEnd : ids.audioEnd);
            blockLengths.push_back(int(j - i - 1));
        }
    }
    EXPECT_EQ(blockLengths, (std::vector<int>{7, 4, 6, 7}));

    // Values: the first image's first soft token is its first row, the audio's second clip starts
    // at 1000 + hash % 97.
    const float h0 = float(qHash(QByteArray("png-one")) % 97);
    EXPECT_EQ(p->soft[0].values[0], h0);
    EXPECT_EQ(p->soft[1].values[0], h0 + 4.0f);
    const float ha = float(qHash(QByteArray("wave-a")) % 97);
    EXPECT_EQ(p->soft[11 + 6].values[0], ha + 1000.0f);

    // Identities: distinct within the prompt, equal for the same content in another prompt.
    std::set<int32_t> softIds;
    for (size_t i = 0; i < p->identity.size(); ++i)
        if (p->identity[i] < 0) {
            softIds.insert(p->identity[i]);
        }
    EXPECT_EQ(softIds.size(), 24u);
    chat::Conversation same = conversation({"png-one"}, {});
    chat::Conversation other = conversation({"png-two"}, {});
    auto a = media::buildMediaPrompt(*tok, chat::render(same), same, encoder(&calls), &error);
    auto b = media::buildMediaPrompt(*tok, chat::render(other), other, encoder(&calls), &error);
    ASSERT_TRUE(a && b);
    const size_t firstSoft = size_t(a->soft[0].index);
    EXPECT_EQ(a->identity[firstSoft], p->identity[size_t(p->soft[0].index)]);
    EXPECT_NE(a->identity[firstSoft], b->identity[size_t(b->soft[0].index)]);
}

TEST_F(MediaPromptTest, SoftSuffixReindexes) {
    std::vector<model::SoftEmbedding> soft = {{3, {1.f}}, {4, {2.f}}, {9, {3.f}}};
    const auto s = media::softSuffix(soft, 4);
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].index, 0);
    EXPECT_EQ(s[0].values[0], 2.f);
    EXPECT_EQ(s[1].index, 5);
    EXPECT_TRUE(media::softSuffix(soft, 10).empty());
    EXPECT_EQ(media::softSuffix(soft, 0).size(), 3u);
}

TEST_F(MediaPromptTest, FailuresAreMessages) {
    int calls = 0;
    QString error;
    chat::Conversation bad = conversation({"bad"}, {});
    EXPECT_FALSE(media::buildMediaPrompt(*tok, chat::render(bad), bad, encoder(&calls), &error));
    EXPECT_EQ(error, QStringLiteral("cannot decode"));

    chat::Conversation missing = conversation({}, {});
    missing.messages[0].images = 1;  // counted, but no bytes
    error.clear();
    EXPECT_FALSE(
        media::buildMediaPrompt(*tok, chat::render(missing), missing, encoder(&calls), &error));
    EXPECT_TRUE(error.contains(QLatin1String("no data"))) << error.toStdString();

    std::mt19937 rng(3);
    for (int i = 0; i < 5; ++i) {
        const int32_t id = media::softIdentity(rng(), int(rng() % 1000));
        EXPECT_LT(id, 0);
    }
}

// The media encoder on the text-only fixture and on bad attachments: each is a message, never a
// crash, and nothing is encoded that cannot fit a chat.
TEST_F(MediaPromptTest, EncoderRefusesWhatItCannotRead) {
    model::Gemma4Config config;
    QString error;
    auto parsed = model::Gemma4Config::fromGguf(*file, &error);
    ASSERT_TRUE(parsed) << error.toStdString();
    config = *parsed;
    media::MediaEncoder enc(*file, config, QStringLiteral("/nonexistent/tiny.gguf"));
    QString why;
    EXPECT_FALSE(enc.available(chat::MediaKind::Image, &why));
    EXPECT_TRUE(why.contains(QLatin1String("no vision tower"))) << why.toStdString();
    EXPECT_FALSE(enc.available(chat::MediaKind::Audio, &why));
    EXPECT_TRUE(why.contains(QLatin1String("no audio tower"))) << why.toStdString();
    EXPECT_FALSE(enc.encode(chat::MediaKind::Audio, media::wavFromPcm16(QByteArray(3200, 0), 16000),
                            {}, {}, &error));
    EXPECT_TRUE(error.contains(QLatin1String("no audio tower")));
    EXPECT_EQ(enc.towerBytes(chat::MediaKind::Image), 0);
}

TEST(MediaEncoderTest, WavOfPcmAndSoftTokenCounts) {
    const QByteArray pcm(32000, 1);  // 1 s at 16 kHz, s16
    const QByteArray wav = media::wavFromPcm16(pcm, 16000);
    ASSERT_EQ(wav.size(), 44 + pcm.size());
    EXPECT_EQ(wav.left(4), QByteArray("RIFF"));
    EXPECT_EQ(wav.mid(8, 8), QByteArray("WAVEfmt "));
    EXPECT_EQ(wav.mid(36, 4), QByteArray("data"));
    EXPECT_EQ(media::audioSoftTokens(16000), 25);         // 1 s → 25 tokens
    EXPECT_EQ(media::audioSoftTokens(30 * 16000), 750);   // one full clip
    EXPECT_EQ(media::audioSoftTokens(60 * 16000), 1500);  // two clips
    EXPECT_EQ(media::imageSoftTokens(QSize(1024, 768), 280), 266);
    EXPECT_EQ(media::imageSoftTokens(QSize(1024, 1024), 280), 256);
    EXPECT_EQ(media::imageSoftTokens(QSize(1024, 1024), 1120), 1089);
    EXPECT_EQ(media::imageSoftTokens(QSize(), 280), 0);
    EXPECT_EQ(media::imageSoftTokens(QSize(100, 100), 100), 0);  // not a budget
}
