// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The value types of the Engine's fine-tuning API (session/engine.h): checking a data set,
// training a LoRA adapter on the loaded model, and exporting a merged model. Plain copyable
// values, registered for queued connections by Engine::registerTypes().
#pragma once

#include "train/trainer.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace facet::session {

// Which data a run reads and how it is split; shared by checking and training.
struct TrainData {
    QString dataPath;              // JSONL training examples
    QString validationPath;        // JSONL validation examples; empty: split validationSplit off
    double validationSplit = 0.1;  // [0, 0.5]; ignored with validationPath
    uint64_t seed = 42;            // the split's shuffle (training uses TrainRequest::config.seed)
    int maxTokens = 2048;          // longest example; longer ones are cut (at most the model's)
    bool skipBadLines = false;     // train on the good examples of a file with bad lines
};

struct DatasetCheckRequest {
    TrainData data;
    int renderedExamples = 3;  // how many of the first examples to render
};

// One problem of a file, with the file it is in.
struct DatasetIssue {
    QString file;  // the file's name
    int line = 0;  // 1-based; 0: the file as a whole
    bool error = true;
    QString message;  // DatasetProblem::describe(): "line 12: messages[2].role: …"
};

// An example as the model is trained on it: the rendered text cut into pieces, each either
// context or trained (the model's own tokens, which the loss is taken on).
struct RenderedExample {
    int line = 0;
    int tokens = 0;
    int trainedTokens = 0;
    bool truncated = false;
    struct Piece {
        QString text;
        bool trained = false;
    };
    std::vector<Piece> pieces;
};

struct DatasetReport {
    TrainData data;
    QString error;  // the check could not run (no model loaded, …); empty otherwise
    // True when training can start with these files (no errors, or skipBadLines with examples).
    bool usable = false;
    int examples = 0;    // examples read from the training file
    int kept = 0;        // of those, tokenized and kept
    int trainCount = 0;  // after the split (or all kept with a validation file)
    int validationCount = 0;
    int errorCount = 0;  // problems that leave an example out
    std::vector<DatasetIssue> issues;
    // The training file's lengths (train::LengthReport).
    QString lengthSummary;  // LengthReport::describe()
    QString histogramText;  // LengthReport::histogramText()
    std::vector<int> histogram;
    int binWidth = 1;
    int minLength = 0, maxLength = 0, medianLength = 0;
    std::vector<int> cutLines;                             // examples longer than maxTokens (cut)
    qint64 totalTokens = 0, trainedTokens = 0;             // every kept example, after cuts
    qint64 trainSetTokens = 0, trainSetTrainedTokens = 0;  // the training part of the split
    QString validationSummary;  // the validation file's LengthReport::describe(), if any
    std::vector<RenderedExample> rendered;
};

struct TrainRequest {
    TrainData data;
    train::TrainConfig config;  // config.seed also seeds the split
    QString outDir;             // checkpoints and the adapter; a folder with a checkpoint resumes
    // Sample generations at each evaluation and at the end: these prompts (user messages), or
    // when empty the prompts of the first validation examples (at most samplePrompts).
    QStringList prompts;
    int samplePrompts = 3;
    int sampleTokens = 48;  // 0: no samples
};

struct TrainResult {
    QString outDir;
    QString peftPath;  // the adapter as a PEFT folder
    QString ggufPath;  // and as a GGUF LoRA file
    int64_t step = 0, totalSteps = 0;
    // The user stopped the run early: the adapter is the one of `step` (the checkpoint is kept,
    // so starting on the same folder continues the run).
    bool stoppedEarly = false;
};

struct MergeRequest {
    QString adapterPath;                    // a PEFT folder or a GGUF LoRA file
    QString outPath;                        // the merged GGUF
    QString type = QStringLiteral("base");  // "base", "q8_0" or "f16" (train::MergedType)
    float strength = 1.0f;
};

}  // namespace facet::session

Q_DECLARE_METATYPE(facet::session::DatasetCheckRequest)
Q_DECLARE_METATYPE(facet::session::DatasetReport)
Q_DECLARE_METATYPE(facet::session::TrainRequest)
Q_DECLARE_METATYPE(facet::session::TrainResult)
Q_DECLARE_METATYPE(facet::session::MergeRequest)
Q_DECLARE_METATYPE(facet::train::TrainProgress)
