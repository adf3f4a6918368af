// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Streaming parser for Gemma 4 model output: splits decoded text into answer content, thinking
// and tool calls. Behaviour follows Ollama's Gemma4Parser (model/parsers/gemma4.go):
//   * `<|channel>` … `<channel|>` is thinking; a leading "thought\n" channel name is dropped.
//     With thinking off the block is discarded. White space around the block is dropped.
//   * `<|tool_call>call:NAME{…}<tool_call|>` is a tool call (see tool_call_syntax.h); extra
//     `<tool_call|>` / `<|tool_response>` right after a call are ignored. A call cut off by the
//     end of the output is still parsed.
//   * After a tool response with thinking on, the prompt ends inside a thought block, so the
//     parser starts in thinking (construct from the Conversation to get this right).
// A tag split across chunks is held back until it is resolved ("…<|chan" emits nothing of the
// partial tag), as is white space that a following tag would remove and the start of a UTF-8
// character that is not complete yet, so every event holds whole characters.
//
// Deliberate differences from Ollama, all so that the result never depends on how the output was
// chunked (concatenating the events of any chunking gives the events of the whole text):
//   * trailing white space before a tag is held back in answer content too (Ollama emits it when
//     the chunk ends there and trims it when the tag is in the same chunk);
//   * white space after `<channel|>` is dropped even when it arrives in a later chunk;
//   * when both a thinking and a tool-call tag are in the buffer, the earlier one wins (Ollama
//     looks for the thinking tag first).
// A tool call that cannot be parsed becomes an Error event carrying the raw text (Ollama logs and
// drops it); nothing in the input can make the parser fail.
#pragma once

#include "chat/chat_types.h"

#include <QString>

#include <string>
#include <string_view>
#include <vector>

namespace facet::chat {

struct ParserEvent {
    enum class Kind { Content, Thinking, ToolCall, Error };
    Kind kind = Kind::Content;
    std::string text;    // Content/Thinking: the text; Error: the raw tool-call text
    ToolCall call;       // ToolCall
    int callIndex = -1;  // ToolCall: 0, 1, … in order of the output
    QString error;       // Error: why the tool call could not be parsed
};

class OutputParser {
public:
    // thinking: the request enabled thinking (thinking events are dropped otherwise).
    // startInThinking: the prompt ends inside a thought block (see renderer: after a tool
    // response with thinking on). tools: used to repair malformed calls.
    explicit OutputParser(bool thinking = false, bool startInThinking = false,
                          std::vector<Tool> tools = {});
    // For the answer to `c` rendered with render(c).
    explicit OutputParser(const Conversation &c);

    // Feeds the next piece of decoded output; returns the events it completes (adjacent content
    // or thinking merged).
    std::vector<ParserEvent> feed(std::string_view chunk);
    // End of output: flushes everything held back.
    std::vector<ParserEvent> finish();

private:
    enum class State { Content, Thinking, ToolCall, AfterToolCall };

    std::vector<ParserEvent> run(bool done);
    bool step(bool done);  // one state transition; true when it should run again
    bool trimLeadingSpace(bool done);
    void emitText(ParserEvent::Kind kind, std::string_view text);
    void emitToolCall(std::string_view text);

    State m_state = State::Content;
    bool m_thinking = false;
    bool m_stripChannelName = false;  // just entered thinking: drop "thought\n"
    bool m_trimLeading = false;       // drop white space before the next content
    int m_callIndex = 0;
    std::vector<Tool> m_tools;
    std::string m_buffer;
    std::vector<ParserEvent> m_events;
};

}  // namespace facet::chat
