// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// An independent, deliberately naive double-precision Gemma 4 text forward pass for tests.
//
// It shares no code with engine/model/reference_*: weights are dequantised whole into double
// matrices, every formula of docs/gemma4.md §3 is written out with explicit loops, attention builds
// an explicit T×T mask and a plain softmax, RoPE is a complex multiplication and GQA repeats the KV
// heads. It is slow and only meant for the tiny fixtures.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

namespace facet::gguf {
class File;
}

namespace facet::test {

// Logits [T][V] in double for `tokens` at positions 0..T−1. `soft` maps a token index to an
// H-float embedding that replaces the scaled token embedding there (PLE then uses token id 0).
// Returns an empty vector when the file does not load (fails the current test).
std::vector<double> naiveGemma4Logits(const gguf::File &file, const std::vector<int32_t> &tokens,
                                      const std::map<int, std::vector<float>> &soft = {});

}  // namespace facet::test
