// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A tiny hand-made Gemma-style vocabulary for tokenizer tests and fuzzing (no download needed).
#pragma once

#include "tokenizer/tokenizer.h"

#include <QByteArray>

#include <cstdint>
#include <string>
#include <vector>

namespace facet::test {

// Ids of interest in tinyVocabulary().
struct TinyIds {
    static constexpr int32_t pad = 0, eos = 1, bos = 2, unk = 3, turnOpen = 4, turnClose = 5,
                             newline = 6, newline2 = 7, boldTag = 8, space2 = 9, ctl = 10,
                             toolResponse = 11, firstByte = 12;  // <0x00> .. <0xFF> = 12 .. 267
    static constexpr int32_t byteToken(int b) { return firstByte + b; }
};

// The vocabulary (see tiny_vocab.cpp for the merge list and what each part exercises).
// `withMerges` = false drops the merges so that scores drive BPE.
tokenizer::Vocabulary tinyVocabulary(bool withMerges = true);

// The vocabulary written as a vocab-only GGUF image (through gguf::Writer).
QByteArray tinyVocabularyGguf(const tokenizer::Vocabulary &v);

// Id of a piece in `v` (-1 if absent).
int32_t idOf(const tokenizer::Vocabulary &v, const std::string &piece);

}  // namespace facet::test
