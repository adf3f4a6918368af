// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Builders for chat test data, shaped like the Go fixtures of Ollama's tests so that ported cases
// read like the originals.
#pragma once

#include "chat/chat_types.h"
#include "chat/output_parser.h"
#include "chat/renderer.h"

#include <QJsonArray>
#include <QJsonObject>

#include <string>
#include <vector>

namespace facet::chat::test {

// The Gemma 4 string delimiter and a delimited string.
inline const std::string q = "<|\"|>";
inline std::string Q(const std::string &s) {
    return q + s + q;
}

Message system(std::string content);
Message user(std::string content);
Message assistant(std::string content, std::vector<ToolCall> calls = {}, std::string thinking = {});
Message toolResult(std::string toolName, std::string content, std::string callId = {});
ToolCall call(std::string name, QJsonObject args, std::string id = {});

// A property with a single type.
ToolProperty prop(std::string type, std::string description = {});
NamedToolProperty named(std::string name, ToolProperty p);
Tool tool(std::string name, std::string description, std::vector<NamedToolProperty> properties,
          std::vector<std::string> required = {});

QJsonArray strings(std::initializer_list<const char *> items);

// Checks the RenderedPrompt invariants: spans ordered, contiguous, non-empty, covering the text;
// media spans name an existing attachment.
void expectValidSpans(const RenderedPrompt &p, const Conversation &c);

// The text of all untrusted spans, concatenated.
std::string untrustedText(const RenderedPrompt &p);

// The Ollama /api/chat request body for a conversation (inverse of parseConversationJson).
QJsonObject toRequestJson(const Conversation &c);

// Feeds `chunks` to a parser and collects the merged result.
struct ParsedOutput {
    std::string content;
    std::string thinking;
    std::vector<ToolCall> calls;
    std::vector<std::string> errors;  // raw text of unparseable tool calls
};
ParsedOutput parseAll(OutputParser &parser, const std::vector<std::string> &chunks);
ParsedOutput parseWhole(const std::string &text, bool thinking, bool startInThinking = false,
                        const std::vector<Tool> &tools = {});

}  // namespace facet::chat::test
