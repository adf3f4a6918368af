// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Gemma 4 text decoder as a graph of semantic ops (text_ops.h): one chunk of tokens from the
// embeddings through every layer to the logits. The same maths as ReferenceModel (the oracle).
#pragma once

#include "model/gpu_plan.h"
#include "model/text_ops.h"

#include <QByteArray>

#include <vector>

namespace facet::model {

// What a chunk uploads that depends on its tokens: the ids (token table in one buffer) or the
// embedding rows gathered on the host (a table split over buffers), and the raw PLE table rows.
struct TokenUploads {
    QByteArray ids, embRows, pleRows;
};

struct TextChunk {
    TokenUploads uploads;
    std::vector<float> softValues;  // [T][H] soft-token rows (empty: none)
    enum class Head { None, LastRow, AllRows } head = Head::None;
};

// Where the recording put what the runner needs afterwards.
struct TextChunkRecording {
    TextOps::EmbedUploads embed;  // upload indices in the batch (a step recorded ahead replaces
    int pleUpload = -1;           // them with the next token's)
    TextOps::Rows logits;         // the head's output (rows of V floats)
};

// Records `chunk` into the ops' current batch (TextOps::begin). False with ops.error() set.
bool recordTextDecoder(TextOps &op, const GpuPlan &plan, TextChunk chunk, TextChunkRecording *out);

}  // namespace facet::model
