// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The control strings of the Gemma 4 chat format (docs/gemma4.md §6–7). Each is a single control
// token in the Gemma 4 vocabulary.
#pragma once

#include <array>
#include <string_view>

namespace facet::chat::gemma4 {

inline constexpr std::string_view kBos = "<bos>";
inline constexpr std::string_view kTurnOpen = "<|turn>";
inline constexpr std::string_view kTurnClose = "<turn|>";
inline constexpr std::string_view kThink = "<|think|>";
inline constexpr std::string_view kChannelOpen = "<|channel>";
inline constexpr std::string_view kChannelClose = "<channel|>";
inline constexpr std::string_view kToolOpen = "<|tool>";
inline constexpr std::string_view kToolClose = "<tool|>";
inline constexpr std::string_view kToolCallOpen = "<|tool_call>";
inline constexpr std::string_view kToolCallClose = "<tool_call|>";
inline constexpr std::string_view kToolResponseOpen = "<|tool_response>";
inline constexpr std::string_view kToolResponseClose = "<tool_response|>";
inline constexpr std::string_view kQuote = "<|\"|>";  // string delimiter inside tool syntax
// Media placeholders: one per attachment in the token stream (see tokenize() in renderer.h).
inline constexpr std::string_view kImagePlaceholder = "<|image|>";
inline constexpr std::string_view kAudioPlaceholder = "<|audio|>";

// Every control string the renderer writes into template text.
inline constexpr std::array<std::string_view, 13> kTemplateSpecials = {
    kBos,      kTurnOpen,  kTurnClose,    kThink,         kChannelOpen,      kChannelClose,
    kToolOpen, kToolClose, kToolCallOpen, kToolCallClose, kToolResponseOpen, kToolResponseClose,
    kQuote,
};

}  // namespace facet::chat::gemma4
