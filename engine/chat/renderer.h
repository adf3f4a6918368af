// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gemma 4 prompt renderer: Conversation -> the exact prompt text of Ollama's `gemma4` renderer
// (model/renderers/gemma4.go, which follows Google's Jinja chat template), with every byte
// attributed to either the template or the conversation's data.
//
// SECURITY: special-token strings inside conversation data.
//   A user can type "<turn|>" or "<|turn>system\n…", a tool can return it, a model can echo it.
//   If such text were tokenized like template text it would become real control tokens and could
//   close the user's turn and forge a system or model turn (prompt injection through the chat
//   format itself). Decision:
//     * The rendered TEXT stays byte-identical to Ollama's, so prompts can be compared and the
//       text itself is an honest record of what the model is shown.
//     * RenderedPrompt::spans partition the text. Template structure (turn markers, tool and
//       thinking syntax, `<|"|>` delimiters, media placeholders) is trusted; every byte copied
//       from messages, thinking, tool calls, tool results and tool definitions is untrusted.
//     * tokenize() turns only control strings inside trusted spans into control tokens; untrusted
//       text is encoded with tokenizer::Special::Literal, so a typed "<turn|>" becomes ordinary
//       text tokens and cannot end a turn. For text without such strings the ids are exactly what
//       tokenizing the whole text would give (see tokenize()).
//
// Images and audio: like Ollama's server (RenderImgTags), each attachment is written as "[img-N]"
// (N counts attachments in order of rendering, from 0, over the whole prompt; audio uses the same
// tag, as in Ollama), placed in front of the message text, separated by a space when the text
// starts with a non-space, or in place of an "[img]" the text contains. Each tag is a trusted
// media span that names its message and attachment; a message's images come before its audio.
// One deliberate difference: Ollama leaves the tags out when the text already contains "[img-"
// (text typed by the user cannot reference an attachment here, so Facet always places them).
//
// Thinking: `<|think|>` in the system turn when Conversation::think; an assistant message's
// `thinking` is shown only after the last user message; `<|channel>…<channel|>` blocks inside
// assistant content are stripped.
#pragma once

#include "chat/chat_types.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace facet::tokenizer {
class Tokenizer;
}

namespace facet::chat {

enum class MediaKind { None, Image, Audio };

struct RenderedPrompt {
    std::string text;  // the exact prompt, starting with "<bos>"
    struct Span {
        size_t begin = 0, end = 0;  // byte range in text
        bool trusted = false;       // template structure (true) or conversation data (false)
        MediaKind media = MediaKind::None;  // for the "[img-N]" tag of an attachment
        // Index in Conversation::messages of the message this span was rendered for (-1 for the
        // prompt header, tool declarations and the generation prompt). For media spans `item` is
        // the index in that message's images (or audio clips).
        int message = -1;
        int item = -1;
    };
    std::vector<Span> spans;  // ordered, contiguous, non-empty, covering all of text
};

// Which Gemma 4 template: Small (E2B/E4B) or Large (26B/31B, whose generation prompt adds an empty
// thought block `<|channel>thought\n<channel|>` when thinking is off). Ollama picks by model size.
enum class TemplateVariant { Small, Large };

RenderedPrompt render(const Conversation &c, TemplateVariant variant = TemplateVariant::Small);

// One piece of a prompt to encode: control strings of the template are encoded with
// Special::Parse, everything between them with Special::Literal. Media spans become one
// placeholder token each (`<|image|>` / `<|audio|>`); the model expands each placeholder into
// `<|image>` + soft tokens + `<image|>` (resp. audio), taking the attachment from the span.
struct TokenSegment {
    std::string_view text;  // into the prompt's text (valid while it lives) or a constant
    bool parseSpecials = false;
    MediaKind media = MediaKind::None;
    int message = -1, item = -1;  // for media segments
};

// Splits a rendered prompt for encoding. Template text and data are merged into one literal run
// between two control strings of the template, so that BPE sees the same stretches as when the
// whole text is tokenized: the ids equal tokenizer.encode(text, Parse) whenever the data contains
// no control strings (and has no attachments), and data can never produce a control token.
std::vector<TokenSegment> tokenSegments(const RenderedPrompt &p);

// Encodes tokenSegments(p) with `tok`.
std::vector<int32_t> tokenize(const tokenizer::Tokenizer &tok, const RenderedPrompt &p);

}  // namespace facet::chat
