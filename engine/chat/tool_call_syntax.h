// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gemma 4 tool-call syntax, as the model writes it between `<|tool_call>` and `<tool_call|>`:
//
//   call:NAME{key:value,…}
//
// Keys are bare words; strings are wrapped in `<|"|>` (not escaped); numbers, true, false, null,
// nested {…} and […] are JSON-like. The arguments are converted to JSON (bare keys quoted, `<|"|>`
// strings JSON-quoted) and parsed. When that fails, the same repairs as Ollama's parser are tried
// (model/parsers/gemma4.go): single-quoted values, a missing closing `<|"|>`, a missing closing
// brace, and, guided by the tool's schema, a raw unquoted string as the last value.
#pragma once

#include "chat/chat_types.h"

#include <QString>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace facet::chat {

// Parses `call:NAME{…}`. On failure returns nullopt and sets *error (if given) to the reason.
std::optional<ToolCall> parseToolCall(std::string_view text, const std::vector<Tool> &tools,
                                      QString *error = nullptr);

// The steps, exposed for tests (names as in Ollama's parser).
namespace detail {
std::string gemmaArgsToJson(std::string_view args);
std::string repairSingleQuotedValues(std::string_view s);
std::string repairMissingStringDelimiter(std::string_view s);
std::string repairMissingObjectClose(std::string_view s);
std::optional<std::string> repairRawTerminalStringValue(std::string_view args,
                                                        std::string_view toolName,
                                                        const std::vector<Tool> &tools);
std::vector<std::string> repairCandidates(std::string_view args, std::string_view toolName,
                                          const std::vector<Tool> &tools);
}  // namespace detail

}  // namespace facet::chat
