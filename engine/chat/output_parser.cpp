// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "chat/output_parser.h"

#include "chat/gemma4_format.h"
#include "chat/go_text.h"
#include "chat/tool_call_syntax.h"
#include "tokenizer/tokenizer.h"

#include <algorithm>
#include <utility>

namespace facet::chat {
namespace {

namespace g4 = gemma4;
constexpr size_t npos = std::string_view::npos;
constexpr std::string_view kChannelName = "thought\n";

// Longest suffix of s that is a proper prefix of tag.
size_t partialTagLength(std::string_view s, std::string_view tag) {
    for (size_t n = std::min(s.size(), tag.size() - 1); n > 0; --n) {
        if (s.substr(s.size() - n) == tag.substr(0, n)) return n;
    }
    return 0;
}

// How much of s can be emitted now: all but trailing white space (a following tag would remove
// it) and an incomplete UTF-8 character at the end (the next chunk may complete it).
size_t settledLength(std::string_view s) {
    const size_t tail = tokenizer::incompleteUtf8Tail(s);
    return detail::trimRightSpace(s.substr(0, s.size() - tail)).size();
}

}  // namespace

OutputParser::OutputParser(bool thinking, bool startInThinking, std::vector<Tool> tools)
    : m_state(thinking && startInThinking ? State::Thinking : State::Content),
      m_thinking(thinking),
      m_tools(std::move(tools)) {}

OutputParser::OutputParser(const Conversation &c)
    : OutputParser(c.think, !c.messages.empty() && c.messages.back().role == Role::Tool, c.tools) {}

std::vector<ParserEvent> OutputParser::feed(std::string_view chunk) {
    m_buffer.append(chunk);
    return run(false);
}

std::vector<ParserEvent> OutputParser::finish() {
    return run(true);
}

std::vector<ParserEvent> OutputParser::run(bool done) {
    while (!m_buffer.empty() && step(done)) {
    }
    return std::exchange(m_events, {});
}

void OutputParser::emitText(ParserEvent::Kind kind, std::string_view text) {
    if (text.empty() || (kind == ParserEvent::Kind::Thinking && !m_thinking)) return;
    if (!m_events.empty() && m_events.back().kind == kind) {
        m_events.back().text.append(text);
        return;
    }
    ParserEvent e;
    e.kind = kind;
    e.text = std::string(text);
    m_events.push_back(std::move(e));
}

void OutputParser::emitToolCall(std::string_view text) {
    ParserEvent e;
    QString error;
    if (std::optional<ToolCall> call = parseToolCall(text, m_tools, &error)) {
        e.kind = ParserEvent::Kind::ToolCall;
        e.call = std::move(*call);
        e.callIndex = m_callIndex++;
    } else {
        e.kind = ParserEvent::Kind::Error;
        e.text = std::string(text);
        e.error = QStringLiteral("malformed tool call: ") + error;
    }
    m_events.push_back(std::move(e));
}

// Drops leading white space; false while nothing else is known yet (empty buffer, or only the
// first bytes of a character that may turn out to be white space).
bool OutputParser::trimLeadingSpace(bool done) {
    m_buffer.erase(0, m_buffer.size() - detail::trimLeftSpace(m_buffer).size());
    if (m_buffer.empty()) return false;
    return done || tokenizer::incompleteUtf8Tail(m_buffer) != m_buffer.size();
}

bool OutputParser::step(bool done) {
    const std::string_view buf = m_buffer;
    switch (m_state) {
        case State::Content: {
            if (m_trimLeading) {
                if (!trimLeadingSpace(done)) return false;
                m_trimLeading = false;
                return true;
            }
            const size_t channel = buf.find(g4::kChannelOpen);
            const size_t call = buf.find(g4::kToolCallOpen);
            if (channel != npos || call != npos) {
                const bool thinking = channel < call;
                const size_t at = thinking ? channel : call;
                emitText(ParserEvent::Kind::Content, detail::trimRightSpace(buf.substr(0, at)));
                m_buffer.erase(0, at + (thinking ? g4::kChannelOpen : g4::kToolCallOpen).size());
                m_state = thinking ? State::Thinking : State::ToolCall;
                m_stripChannelName = thinking;
                return true;
            }
            if (done) {
                emitText(ParserEvent::Kind::Content, buf);
                m_buffer.clear();
                return false;
            }
            const size_t partial = std::max(partialTagLength(buf, g4::kChannelOpen),
                                            partialTagLength(buf, g4::kToolCallOpen));
            const size_t n = settledLength(buf.substr(0, buf.size() - partial));
            emitText(ParserEvent::Kind::Content, buf.substr(0, n));
            m_buffer.erase(0, n);
            return false;
        }

        case State::Thinking: {
            if (m_stripChannelName) {
                if (buf.starts_with(kChannelName)) {
                    m_buffer.erase(0, kChannelName.size());
                    m_stripChannelName = false;
                    return true;
                }
                if (!done && kChannelName.starts_with(buf)) return false;  // may still match
                m_stripChannelName = false;
            }
            const size_t close = buf.find(g4::kChannelClose);
            if (close != npos) {
                emitText(ParserEvent::Kind::Thinking, detail::trimRightSpace(buf.substr(0, close)));
                m_buffer.erase(0, close + g4::kChannelClose.size());
                m_state = State::Content;
                m_trimLeading = true;
                return true;
            }
            if (done) {
                emitText(ParserEvent::Kind::Thinking, buf);
                m_buffer.clear();
                return false;
            }
            const size_t partial = partialTagLength(buf, g4::kChannelClose);
            const size_t n = settledLength(buf.substr(0, buf.size() - partial));
            emitText(ParserEvent::Kind::Thinking, buf.substr(0, n));
            m_buffer.erase(0, n);
            return false;
        }

        case State::ToolCall: {
            const size_t close = buf.find(g4::kToolCallClose);
            if (close != npos) {
                emitToolCall(buf.substr(0, close));
                m_buffer.erase(0, close + g4::kToolCallClose.size());
                m_state = State::AfterToolCall;
                return true;
            }
            if (done) {  // cut off by the end of the output: parse what is there
                emitToolCall(buf);
                m_buffer.clear();
                m_state = State::Content;
            }
            return false;
        }

        case State::AfterToolCall: {
            // Gemma 4 sometimes repeats `<tool_call|>` or opens a `<|tool_response>` after a
            // call; neither is answer text. (Text that really starts with them is lost.)
            for (;;) {
                if (!trimLeadingSpace(done)) return false;
                const std::string_view rest = m_buffer;
                if (rest.starts_with(g4::kToolCallClose)) {
                    m_buffer.erase(0, g4::kToolCallClose.size());
                } else if (rest.starts_with(g4::kToolResponseOpen)) {
                    m_buffer.erase(0, g4::kToolResponseOpen.size());
                } else {
                    break;
                }
            }
            const std::string_view rest = m_buffer;
            if (g4::kToolCallClose.starts_with(rest) || g4::kToolResponseOpen.starts_with(rest)) {
                if (done) {
                    m_buffer.clear();
                    m_state = State::Content;
                }
                return false;
            }
            m_state = State::Content;
            return true;
        }
    }
    return false;
}

}  // namespace facet::chat
