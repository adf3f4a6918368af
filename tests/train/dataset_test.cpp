// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Fine-tuning datasets: the three JSONL shapes, every refusal with its line, the loss mask of a
// rendered conversation (the model's tokens through "<turn|>", nothing else), cuts at the context
// length, the length report and the seeded split.
#include "train/dataset.h"

#include "chat/renderer.h"
#include "gguf/gguf.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"
#include "tokenizer/tokenizer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>

namespace facet::train {
namespace {

// The tiny fixture's tokenizer (the vocabulary every training test model uses).
const tokenizer::Tokenizer &tok() {
    static const std::unique_ptr<tokenizer::Tokenizer> t = [] {
        QString error;
        const QByteArray bytes = test::gemma4FixtureBytes(test::Gemma4FixtureOptions{}, &error);
        EXPECT_FALSE(bytes.isEmpty()) << error.toStdString();
        static std::unique_ptr<gguf::File> file = gguf::File::fromBytes(bytes, &error);
        EXPECT_TRUE(file) << error.toStdString();
        auto k = tokenizer::Tokenizer::fromGguf(*file, &error);
        EXPECT_TRUE(k) << error.toStdString();
        return k;
    }();
    return *t;
}

// The decoded text of the trained tokens, runs joined with '|'.
std::string trainedText(const TokenizedExample &t) {
    std::string out;
    bool inRun = false;
    for (size_t i = 0; i < t.ids.size(); ++i) {
        if (t.trained[i]) {
            if (!inRun && !out.empty()) out += '|';
            tok().appendDecoded(t.ids[i], &out);
        }
        inRun = t.trained[i] != 0;
    }
    return out;
}

TEST(Dataset, ReadsTheThreeShapes) {
    const ParsedDataset d = parseDataset(
        "{\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},"
        "{\"role\":\"user\",\"content\":\"Hi\"},{\"role\":\"assistant\",\"content\":\"Hello!\"}]}\n"
        "\n"
        "{\"prompt\":\"2+2?\",\"completion\":\"4\"}\r\n"
        "{\"text\":\"Plain text.\"}\n"
        "{\"prompt\":[{\"role\":\"user\",\"content\":\"a\"}],"
        "\"completion\":[{\"role\":\"assistant\",\"content\":\"b\"}]}");
    EXPECT_TRUE(d.problems.empty()) << d.problems[0].describe().toStdString();
    ASSERT_EQ(d.examples.size(), 4u);
    EXPECT_EQ(d.examples[0].format, ExampleFormat::Messages);
    EXPECT_EQ(d.examples[0].line, 1);
    EXPECT_EQ(d.examples[0].conversation.messages.size(), 3u);
    EXPECT_FALSE(d.examples[0].conversation.addGenerationPrompt);
    EXPECT_EQ(d.examples[1].format, ExampleFormat::PromptCompletion);
    EXPECT_EQ(d.examples[1].line, 3);
    ASSERT_EQ(d.examples[1].conversation.messages.size(), 2u);
    EXPECT_EQ(d.examples[1].conversation.messages[0].role, chat::Role::User);
    EXPECT_EQ(d.examples[1].conversation.messages[1].content, "4");
    EXPECT_EQ(d.examples[2].format, ExampleFormat::Text);
    EXPECT_EQ(d.examples[2].text, "Plain text.");
    EXPECT_EQ(d.examples[3].conversation.messages[1].role, chat::Role::Assistant);
}

TEST(Dataset, ReportsEveryBadLineWithItsNumber) {
    const ParsedDataset d = parseDataset(
        "{\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"},{\"role\":\"assistant\","
        "\"content\":\"Yo\"}]}\n"                                  // 1 fine
        "{\"messages\":[{\"role\":\"bot\",\"content\":\"x\"}]}\n"  // 2 unknown role
        "{not json\n"                                              // 3
        "[1,2]\n"                                                  // 4 not an object
        "{\"prompt\":\"only\"}\n"                                  // 5 no completion
        "{\"messages\":[{\"role\":\"user\",\"content\":\"   \"},{\"role\":\"assistant\","
        "\"content\":\"a\"}]}\n"                                    // 6 empty content
        "{\"messages\":[{\"role\":\"user\",\"content\":\"q\"}]}\n"  // 7 no answer
        "{\"messages\":[]}\n"                                       // 8 no messages
        "{\"text\":5}\n"                                            // 9 text not a string
        "{\"text\":\"a\",\"prompt\":\"b\",\"completion\":\"c\"}\n"  // 10 mixed
        "{\"foo\":1}\n"                                             // 11 no known key
        "{\"messages\":[{\"role\":\"user\",\"content\":\"q\"},{\"role\":\"assistant\","
        "\"content\":\"\"}]}\n"  // 12 empty answer
        "{\"messages\":[{\"role\":\"user\",\"content\":\"q\"},{\"role\":\"assistant\","
        "\"content\":\"a\"},{\"role\":\"user\",\"content\":\"more\"}]}\n");  // 13 warning
    ASSERT_EQ(d.examples.size(), 2u);
    EXPECT_EQ(d.examples[0].line, 1);
    EXPECT_EQ(d.examples[1].line, 13);
    const std::vector<std::pair<int, const char *>> want = {
        {2, "unknown role"},           {3, "not valid JSON"},
        {4, "expected a JSON object"}, {5, "no \"completion\""},
        {6, "content is empty"},       {7, "no assistant message"},
        {8, "has no messages"},        {9, "\"text\" must be a string"},
        {10, "mixes the shapes"},      {11, "has none of"},
        {12, "give the answer"},       {13, "context only"}};
    ASSERT_EQ(d.problems.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        SCOPED_TRACE(d.problems[i].describe().toStdString());
        EXPECT_EQ(d.problems[i].line, want[i].first);
        EXPECT_TRUE(d.problems[i].message.contains(QLatin1String(want[i].second)));
        EXPECT_TRUE(
            d.problems[i].describe().startsWith(QStringLiteral("line %1: ").arg(want[i].first)));
        EXPECT_EQ(d.problems[i].error, want[i].first != 13);
    }
    EXPECT_EQ(d.errorCount(), 11);
}

TEST(Dataset, RefusesFilesItCannotUse) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString empty = dir.filePath(QStringLiteral("empty.jsonl"));
    QFile f(empty);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("\n  \n");
    f.close();
    const auto only = [](const ParsedDataset &d, const char *what) {
        ASSERT_EQ(d.problems.size(), 1u);
        EXPECT_EQ(d.problems[0].line, 0);
        EXPECT_TRUE(d.problems[0].error);
        EXPECT_TRUE(d.problems[0].message.contains(QLatin1String(what)))
            << d.problems[0].message.toStdString();
        EXPECT_TRUE(d.examples.empty());
    };
    only(readDataset(empty), "is empty");
    only(readDataset(dir.filePath(QStringLiteral("missing.jsonl"))), "cannot open");
    only(readDataset(dir.path()), "is a folder");
    only(parseDataset(QByteArray()), "holds no examples");

    // The chat's "Save as example" lines (with a byte order mark an editor may add) read back.
    const QString saved = dir.filePath(QStringLiteral("saved.jsonl"));
    QFile s(saved);
    ASSERT_TRUE(s.open(QIODevice::WriteOnly));
    s.write(
        "\xEF\xBB\xBF{\"messages\":[{\"role\":\"system\",\"content\":\"S\"},{\"role\":\"user\","
        "\"content\":\"Q\"},{\"role\":\"assistant\",\"content\":\"A\",\"tool_calls\":[{"
        "\"function\":{\"name\":\"f\",\"arguments\":{\"x\":1}}}]},{\"role\":\"tool\","
        "\"content\":\"42\"},{\"role\":\"assistant\",\"content\":\"B\"}]}\n");
    s.close();
    const ParsedDataset d = readDataset(saved);
    EXPECT_TRUE(d.problems.empty());
    ASSERT_EQ(d.examples.size(), 1u);
    EXPECT_EQ(d.examples[0].conversation.messages.size(), 5u);
}

TEST(Dataset, TrainsOnTheModelsTokensThroughTheTurnEnd) {
    const ParsedDataset d = parseDataset(
        "{\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},{\"role\":\"user\","
        "\"content\":\"Hi there\"},{\"role\":\"assistant\",\"content\":\"Hello!\"},"
        "{\"role\":\"user\",\"content\":\"Bye\"},{\"role\":\"assistant\",\"content\":\"Ciao\"}]}");
    ASSERT_EQ(d.examples.size(), 1u);
    const TokenizedExample t = tokenizeExample(d.examples[0], tok(), 4096);
    ASSERT_EQ(t.ids.size(), t.trained.size());
    // The ids are exactly what the chat tokenizes for the same conversation.
    EXPECT_EQ(t.ids, chat::tokenize(tok(), chat::render(d.examples[0].conversation)));
    EXPECT_EQ(t.ids.front(), tok().bosId());
    EXPECT_EQ(t.trained.front(), 0);
    // Both answers, each through its "<turn|>", and nothing of the prompts or the template glue.
    EXPECT_EQ(trainedText(t), "Hello!<turn|>|Ciao<turn|>");
    EXPECT_FALSE(t.truncated);
    EXPECT_EQ(t.fullLength, int(t.ids.size()));

    // Tool results inside a model turn are context, the calls are the model's.
    const ParsedDataset tools = parseDataset(
        "{\"messages\":[{\"role\":\"user\",\"content\":\"Q\"},{\"role\":\"assistant\","
        "\"tool_calls\":[{\"function\":{\"name\":\"f\",\"arguments\":{}}}]},{\"role\":\"tool\","
        "\"content\":\"42\"},{\"role\":\"assistant\",\"content\":\"It is 42.\"}]}");
    ASSERT_EQ(tools.examples.size(), 1u) << tools.problems[0].describe().toStdString();
    const TokenizedExample tt = tokenizeExample(tools.examples[0], tok(), 4096);
    const std::string trained = trainedText(tt);
    EXPECT_NE(trained.find("call:f{}"), std::string::npos) << trained;
    EXPECT_NE(trained.find("It is 42.<turn|>"), std::string::npos) << trained;
    EXPECT_EQ(trained.find("42<|\"|>"), std::string::npos) << trained;  // the tool's result
    EXPECT_EQ(trained.find("Q"), std::string::npos) << trained;

    // Raw text: every token after <bos>.
    const ParsedDataset text = parseDataset("{\"text\":\"Some text\"}");
    const TokenizedExample tx = tokenizeExample(text.examples[0], tok(), 4096);
    EXPECT_EQ(tx.ids.front(), tok().bosId());
    EXPECT_EQ(trainedText(tx), "Some text");
    EXPECT_EQ(tx.trainedTokens(), int(tx.ids.size()) - 1);
}

TEST(Dataset, CutsAtTheContextAndReportsLengths) {
    std::string jsonl;
    for (int i = 0; i < 20; ++i) {
        const std::string answer(size_t(5 + 10 * i), char('a' + i % 26));
        jsonl += "{\"prompt\":\"Q" + std::to_string(i) + "\",\"completion\":\"" + answer + "\"}\n";
    }
    // The prompt alone is longer than the context: nothing left to learn.
    jsonl += "{\"prompt\":\"" + std::string(400, 'p') + "\",\"completion\":\"x\"}\n";
    const ParsedDataset d = parseDataset(QByteArray::fromStdString(jsonl));
    ASSERT_EQ(d.examples.size(), 21u);
    const int ctx = 128;
    const TokenizedDataset td = tokenizeDataset(d.examples, tok(), ctx, 8);
    ASSERT_EQ(td.problems.size(), 1u);
    EXPECT_EQ(td.problems[0].line, 21);
    EXPECT_TRUE(td.problems[0].message.contains(QLatin1String("past the context of 128")));
    ASSERT_EQ(td.kept.size(), 20u);
    const LengthReport &r = td.lengths;
    EXPECT_EQ(r.examples, 20);
    std::vector<int> lengths;
    qint64 total = 0, trained = 0;
    std::vector<int> cut;
    for (const TokenizedExample &t : td.kept) {
        lengths.push_back(t.fullLength);
        EXPECT_LE(int(t.ids.size()), ctx);
        EXPECT_EQ(t.truncated, t.fullLength > ctx);
        if (t.truncated) cut.push_back(t.line);
        total += qint64(t.ids.size());
        trained += t.trainedTokens();
    }
    std::sort(lengths.begin(), lengths.end());
    EXPECT_EQ(r.minLength, lengths.front());
    EXPECT_EQ(r.maxLength, lengths.back());
    EXPECT_EQ(r.totalTokens, total);
    EXPECT_EQ(r.trainedTokens, trained);
    EXPECT_EQ(r.cutLines, cut);
    EXPECT_FALSE(cut.empty());
    EXPECT_EQ(r.binWidth, 16);
    ASSERT_EQ(r.histogram.size(), 9u);
    int sum = 0;
    for (const int h : r.histogram)
        sum += h;
    EXPECT_EQ(sum, 20);
    EXPECT_EQ(r.histogram.back(), int(cut.size()));
    const QString text = r.describe(ctx);
    EXPECT_TRUE(text.contains(QStringLiteral("20 examples"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("will be cut"))) << text.toStdString();
    // One line per bin, the overflow bin last, bars scaled to the fullest bin.
    const QStringList lines = r.histogramText(ctx, 20).split(u'\n', Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 9);
    EXPECT_TRUE(lines[0].startsWith(QStringLiteral("     1 ..     16 |")))
        << lines[0].toStdString();
    EXPECT_TRUE(lines[8].startsWith(QStringLiteral(">         128 |"))) << lines[8].toStdString();
    EXPECT_TRUE(lines[8].endsWith(QString::number(cut.size()))) << lines[8].toStdString();
    int full = 0;
    for (const QString &l : lines)
        full = std::max(full, int(l.count(u'#')));
    EXPECT_EQ(full, 20);
}

TEST(Dataset, SplitIsSeededAndDisjoint) {
    const DatasetSplit a = splitDataset(100, 0.1, 7), b = splitDataset(100, 0.1, 7),
                       c = splitDataset(100, 0.1, 8);
    EXPECT_EQ(a.train, b.train);
    EXPECT_EQ(a.validation, b.validation);
    EXPECT_NE(a.train, c.train);
    EXPECT_EQ(a.validation.size(), 10u);
    EXPECT_EQ(a.train.size(), 90u);
    std::set<int> all(a.train.begin(), a.train.end());
    all.insert(a.validation.begin(), a.validation.end());
    EXPECT_EQ(all.size(), 100u);
    EXPECT_EQ(*all.begin(), 0);
    EXPECT_EQ(*all.rbegin(), 99);
    // Shuffled, not in file order.
    std::vector<int> sorted = a.train;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_NE(sorted, a.train);
    // At least one validation example, never all of them; no fraction, no validation.
    EXPECT_EQ(splitDataset(3, 0.01, 1).validation.size(), 1u);
    EXPECT_EQ(splitDataset(1, 0.5, 1).validation.size(), 0u);
    EXPECT_EQ(splitDataset(10, 0.0, 1).validation.size(), 0u);
    EXPECT_EQ(splitDataset(10, 0.9, 1).validation.size(), 5u);  // at most half
    // The permutation is fixed for a seed on every platform (SplitMix64, not std::shuffle).
    EXPECT_EQ(shuffledIndices(5, 42), shuffledIndices(5, 42));
    EXPECT_TRUE(shuffledIndices(0, 1).empty());
}

}  // namespace
}  // namespace facet::train
