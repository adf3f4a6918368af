// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The CPU reference's greedy answer to a chat: the oracle of the engine and app tests. The
// conversation is rendered with the Gemma 4 template, generated greedily by generate::Generator
// over CpuReferenceBackend and split by chat::OutputParser; only the answer's content is kept.
#pragma once

#include "chat/chat_types.h"
#include "media/media_prompt.h"

#include <cstdint>
#include <string>

namespace facet::model {
class ReferenceModel;
}
namespace facet::tokenizer {
class Tokenizer;
}

namespace facet::test {

struct ReferenceAnswer {
    std::string content;   // the answer's content (thinking and tool calls left out)
    int generated = 0;     // tokens sampled, a final stop token included
    int promptTokens = 0;  // tokens of the rendered conversation
};

// At most maxTokens (0: until a stop or the context is full), in a context of contextLength.
// Attachments (the messages' imageData / audioData) are encoded with `encode` (e.g. a
// media::MediaEncoder over the model's file) and laid out as the engine does.
ReferenceAnswer referenceGreedyAnswer(const model::ReferenceModel &model,
                                      const tokenizer::Tokenizer &tokenizer,
                                      const chat::Conversation &conversation, int maxTokens,
                                      int64_t contextLength = 512,
                                      const media::EncodeFunction &encode = {});

}  // namespace facet::test
