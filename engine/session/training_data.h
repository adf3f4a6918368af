// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A training run's data as the Engine prepares it for checking and for training, the same way
// facet-cli train does: read the JSONL files (problems with line numbers), tokenize with the
// model's tokenizer against the context, split off validation examples, and describe the result
// (lengths, cuts, a few examples rendered with their trained part marked). No GPU.
#pragma once

#include "chat/chat_types.h"
#include "chat/renderer.h"
#include "session/training_types.h"
#include "train/dataset.h"

#include <vector>

namespace facet::tokenizer {
class Tokenizer;
}

namespace facet::session {

struct PreparedTrainingData {
    DatasetReport report;
    std::vector<train::TokenizedExample> trainSet, validationSet;
    // The examples as read, for prompts to sample with (in validation order).
    std::vector<train::DatasetExample> validationExamples;
};

// `modelContext`: the model's own context length (data.maxTokens is capped there).
PreparedTrainingData prepareTrainingData(const TrainData &data, const tokenizer::Tokenizer &tok,
                                         int modelContext, int renderedExamples);

// An example's text with its trained tokens marked (runs of context and trained tokens decoded).
RenderedExample renderExample(const train::TokenizedExample &e, const tokenizer::Tokenizer &tok);

// The prompt an example gives for a sample generation: its messages before the first answer of
// the model, with the generation prompt; nullopt for raw text or an example without one.
// *shown: the last of those messages' text (what a person reads as the prompt).
std::optional<chat::Conversation> samplePrompt(const train::DatasetExample &e, QString *shown);

}  // namespace facet::session
