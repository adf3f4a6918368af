// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Fine-tuning data: JSONL files of examples, one JSON object a line, in three shapes:
//   {"messages":[{"role":"system"|"user"|"assistant"|"tool","content":…,"tool_calls":[…]}…],
//    "tools":[…]}                          a conversation (Ollama's /api/chat body; what the
//                                          chat's "Save as example" writes)
//   {"prompt":…,"completion":…}            a user prompt and the model's answer (strings, or
//                                          lists of messages as TRL writes them)
//   {"text":…}                             raw text (its control strings parsed, so text in the
//                                          chat format stays the chat format)
// Conversations are rendered with the Gemma 4 chat format (chat/renderer.h, no generation
// prompt) and trained only on the model's tokens: every assistant turn from the token after
// "<|turn>model\n" through its "<turn|>"; prompts, tool results and template glue are context.
// Raw text is trained on every token after "<bos>".
//
// Reading never fails as a whole on a bad line: each problem is reported with its line number and
// the line is left out, so a person can fix the file from the list.
#pragma once

#include "chat/chat_types.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace facet::tokenizer {
class Tokenizer;
}

namespace facet::train {

enum class ExampleFormat { Messages, PromptCompletion, Text };

// One problem of a dataset file. Errors leave the line out; warnings keep it.
struct DatasetProblem {
    int line = 0;  // 1-based line of the file; 0: the file as a whole
    bool error = true;
    QString message;  // what is wrong and what to do, without the line number
    // "line 12: messages[2].role: unknown role "bot"" (or the message alone for line 0).
    QString describe() const;
};

struct DatasetExample {
    int line = 0;
    ExampleFormat format = ExampleFormat::Messages;
    chat::Conversation conversation;  // Messages and PromptCompletion
    std::string text;                 // Text
};

struct ParsedDataset {
    std::vector<DatasetExample> examples;
    std::vector<DatasetProblem> problems;
    int errorCount() const;
};

// Reads JSONL bytes (UTF-8; blank lines are skipped; a UTF-8 byte order mark is allowed).
ParsedDataset parseDataset(const QByteArray &jsonl);
// Reads a file: a file that cannot be read or holds no example is one problem of line 0.
ParsedDataset readDataset(const QString &path);

// An example as the model sees it: ids (starting with <bos>) and which of them are targets.
struct TokenizedExample {
    int line = 0;
    std::vector<int32_t> ids;
    // trained[t] != 0: ids[t] is predicted (its loss is taken at position t - 1); trained[0] is
    // always 0.
    std::vector<uint8_t> trained;
    int fullLength = 0;      // tokens before any cut
    bool truncated = false;  // longer than the context: cut to its first contextLength tokens
    int trainedTokens() const;
};

// Renders and tokenizes one example; longer than contextLength (> 1) tokens, it is cut.
TokenizedExample tokenizeExample(const DatasetExample &e, const tokenizer::Tokenizer &tok,
                                 int contextLength);

// Token length statistics of a set of examples against the context length.
struct LengthReport {
    int examples = 0;
    int minLength = 0, maxLength = 0, medianLength = 0, p95Length = 0;
    double meanLength = 0.0;
    qint64 totalTokens = 0;    // after cuts
    qint64 trainedTokens = 0;  // after cuts
    // Histogram of full lengths: bins of binWidth tokens over [0, contextLength), then one bin
    // for the examples longer than the context.
    int binWidth = 1;
    std::vector<int> histogram;
    std::vector<int> cutLines;  // lines of the examples longer than the context
    // "412 examples, 38..1,904 tokens (median 311, 95 % under 1,210), 3 longer than the context
    // of 2,048 (lines 17, 230, 388) will be cut".
    QString describe(int contextLength) const;
    // The histogram as text, a line per bin: "   0 ..  127 | ########             31".
    QString histogramText(int contextLength, int width = 40) const;
};

// Tokenizes every example; an example whose trained tokens all lie past the cut becomes a problem
// (error) and is left out of `kept`.
struct TokenizedDataset {
    std::vector<TokenizedExample> kept;
    std::vector<DatasetProblem> problems;
    LengthReport lengths;
};
TokenizedDataset tokenizeDataset(const std::vector<DatasetExample> &examples,
                                 const tokenizer::Tokenizer &tok, int contextLength,
                                 int histogramBins = 16);

// A shuffled train/validation split of `count` examples: indices in the order training visits
// them (the same on every platform for the same seed). validationFraction in [0, 0.5]; at least
// one validation example when the fraction is positive and count >= 2.
struct DatasetSplit {
    std::vector<int> train, validation;
};
DatasetSplit splitDataset(int count, double validationFraction, uint64_t seed);

// The same permutation of 0..count-1 on every platform for a seed (Fisher-Yates over SplitMix64;
// std::shuffle's algorithm is left to the standard library).
std::vector<int> shuffledIndices(int count, uint64_t seed);

}  // namespace facet::train
