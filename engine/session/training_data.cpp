// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "session/training_data.h"

#include "tokenizer/tokenizer.h"

#include <QFileInfo>

#include <algorithm>
#include <map>

namespace facet::session {

namespace {

void addIssues(DatasetReport &r, const QString &path,
               const std::vector<train::DatasetProblem> &problems) {
    const QString name = QFileInfo(path).fileName();
    for (const train::DatasetProblem &p : problems) {
        r.issues.push_back({name, p.line, p.error, p.describe()});
        if (p.error) ++r.errorCount;
    }
}

}  // namespace

RenderedExample renderExample(const train::TokenizedExample &e, const tokenizer::Tokenizer &tok) {
    RenderedExample r;
    r.line = e.line;
    r.tokens = int(e.ids.size());
    r.trainedTokens = e.trainedTokens();
    r.truncated = e.truncated;
    size_t begin = 0;
    while (begin < e.ids.size()) {
        const bool trained = e.trained[begin] != 0;
        size_t end = begin + 1;
        while (end < e.ids.size() && (e.trained[end] != 0) == trained)
            ++end;
        const std::string text =
            tok.decode(std::span<const int32_t>(e.ids.data() + begin, end - begin));
        r.pieces.push_back({QString::fromStdString(text), trained});
        begin = end;
    }
    return r;
}

std::optional<chat::Conversation> samplePrompt(const train::DatasetExample &e, QString *shown) {
    if (e.format == train::ExampleFormat::Text) return std::nullopt;
    chat::Conversation c;
    c.tools = e.conversation.tools;
    c.think = false;
    c.addGenerationPrompt = true;
    for (const chat::Message &m : e.conversation.messages) {
        if (m.role == chat::Role::Assistant) break;
        c.messages.push_back(m);
    }
    const bool hasUser = std::any_of(c.messages.begin(), c.messages.end(),
                                     [](const auto &m) { return m.role == chat::Role::User; });
    if (!hasUser || c.messages.size() == e.conversation.messages.size()) return std::nullopt;
    if (shown) *shown = QString::fromStdString(c.messages.back().content);
    return c;
}

PreparedTrainingData prepareTrainingData(const TrainData &data, const tokenizer::Tokenizer &tok,
                                         int modelContext, int renderedExamples) {
    PreparedTrainingData out;
    DatasetReport &r = out.report;
    r.data = data;
    const int context =
        std::max(2, modelContext > 0 ? std::min(data.maxTokens, modelContext) : data.maxTokens);
    r.data.maxTokens = context;

    const train::ParsedDataset parsed = train::readDataset(data.dataPath);
    addIssues(r, data.dataPath, parsed.problems);
    r.examples = int(parsed.examples.size());
    const train::TokenizedDataset all = train::tokenizeDataset(parsed.examples, tok, context);
    addIssues(r, data.dataPath, all.problems);
    const train::LengthReport &lengths = all.lengths;
    r.kept = int(all.kept.size());
    r.lengthSummary = lengths.describe(context);
    r.histogramText = lengths.histogramText(context);
    r.histogram = lengths.histogram;
    r.binWidth = lengths.binWidth;
    r.minLength = lengths.minLength;
    r.maxLength = lengths.maxLength;
    r.medianLength = lengths.medianLength;
    r.cutLines = lengths.cutLines;
    r.totalTokens = lengths.totalTokens;
    r.trainedTokens = lengths.trainedTokens;
    for (int i = 0; i < std::min<int>(renderedExamples, int(all.kept.size())); ++i)
        r.rendered.push_back(renderExample(all.kept[size_t(i)], tok));

    std::map<int, const train::DatasetExample *> byLine;
    for (const train::DatasetExample &e : parsed.examples)
        byLine[e.line] = &e;
    if (!data.validationPath.isEmpty()) {
        out.trainSet = all.kept;
        const train::ParsedDataset v = train::readDataset(data.validationPath);
        addIssues(r, data.validationPath, v.problems);
        const train::TokenizedDataset vt = train::tokenizeDataset(v.examples, tok, context);
        addIssues(r, data.validationPath, vt.problems);
        out.validationSet = vt.kept;
        r.validationSummary = vt.lengths.describe(context);
        std::map<int, const train::DatasetExample *> vByLine;
        for (const train::DatasetExample &e : v.examples)
            vByLine[e.line] = &e;
        for (const train::TokenizedExample &e : vt.kept)
            out.validationExamples.push_back(*vByLine.at(e.line));
    } else {
        const double fraction = std::clamp(data.validationSplit, 0.0, 0.5);
        const train::DatasetSplit split =
            train::splitDataset(int(all.kept.size()), fraction, data.seed);
        for (const int i : split.train)
            out.trainSet.push_back(all.kept[size_t(i)]);
        for (const int i : split.validation) {
            out.validationSet.push_back(all.kept[size_t(i)]);
            out.validationExamples.push_back(*byLine.at(all.kept[size_t(i)].line));
        }
    }
    r.trainCount = int(out.trainSet.size());
    r.validationCount = int(out.validationSet.size());
    for (const train::TokenizedExample &e : out.trainSet) {
        r.trainSetTokens += qint64(e.ids.size());
        r.trainSetTrainedTokens += e.trainedTokens();
    }
    r.usable = r.trainCount > 0 && (r.errorCount == 0 || data.skipBadLines);
    return out;
}

}  // namespace facet::session
