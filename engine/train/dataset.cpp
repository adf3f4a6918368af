// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "train/dataset.h"

#include "chat/gemma4_format.h"
#include "chat/renderer.h"
#include "tokenizer/tokenizer.h"
#include "train/lora_types.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <functional>

namespace facet::train {

namespace {

namespace g4 = chat::gemma4;
using chat::Role;

// Files larger than this are refused before reading (a dataset is text; 2 GiB of it is far past
// anything a desktop run trains on, and QByteArray cannot hold more).
constexpr qint64 kMaxFileBytes = qint64(2047) << 20;

QString number(qint64 n) {
    return QLocale::system().toString(n);
}

bool blank(const std::string &s) {
    return std::all_of(s.begin(), s.end(),
                       [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; });
}

// The content of a prompt/completion value that is a string; `what` names the field.
QJsonArray messagesOf(const QJsonValue &v, const char *role, const char *field, QString *error) {
    if (v.isString()) {
        return QJsonArray{QJsonObject{{QStringLiteral("role"), QLatin1String(role)},
                                      {QStringLiteral("content"), v.toString()}}};
    }
    if (v.isArray()) return v.toArray();
    *error =
        QStringLiteral("\"%1\" must be a string or a list of messages").arg(QLatin1String(field));
    return {};
}

// Checks a parsed conversation for what training needs; returns the first error (empty: fine)
// and appends warnings.
QString checkConversation(const chat::Conversation &c, const QString &where,
                          std::vector<QString> *warnings) {
    if (c.messages.empty()) return QStringLiteral("%1 has no messages").arg(where);
    bool answer = false;
    for (size_t i = 0; i < c.messages.size(); ++i) {
        const chat::Message &m = c.messages[i];
        const QString at = QStringLiteral("%1[%2]").arg(where).arg(i);
        if (m.images > 0 || m.audios > 0) {
            return QStringLiteral(
                       "%1 has images or audio; training takes text only for now: "
                       "remove them")
                .arg(at);
        }
        const bool empty = blank(m.content);
        if (m.role == Role::Assistant) {
            if (empty && m.toolCalls.empty() && blank(m.thinking)) {
                return QStringLiteral(
                           "%1.content is empty: give the answer the model should "
                           "learn")
                    .arg(at);
            }
            answer = true;
        } else if (empty && m.role != Role::Tool) {
            return QStringLiteral("%1.content is empty").arg(at);
        }
    }
    if (!answer) {
        return QStringLiteral("%1 has no assistant message: nothing for the model to learn")
            .arg(where);
    }
    if (c.messages.back().role == Role::User || c.messages.back().role == Role::System) {
        warnings->push_back(QStringLiteral("%1 ends after the last answer; the turns after it are "
                                           "context only")
                                .arg(where));
    }
    return {};
}

// Parses one non-blank line into *e; returns the error (empty: fine).
QString parseLine(const QByteArray &line, DatasetExample *e, std::vector<QString> *warnings) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
    if (pe.error != QJsonParseError::NoError) {
        return QStringLiteral("not valid JSON (%1 at character %2)")
            .arg(pe.errorString())
            .arg(pe.offset + 1);
    }
    if (!doc.isObject()) {
        return QStringLiteral(
            "expected a JSON object with \"messages\", \"prompt\" and "
            "\"completion\", or \"text\"");
    }
    const QJsonObject o = doc.object();
    const bool hasMessages = o.contains(QStringLiteral("messages"));
    const bool hasPrompt = o.contains(QStringLiteral("prompt"));
    const bool hasCompletion = o.contains(QStringLiteral("completion"));
    const bool hasText = o.contains(QStringLiteral("text"));
    if (int(hasMessages) + int(hasPrompt || hasCompletion) + int(hasText) > 1) {
        return QStringLiteral(
            "mixes the shapes: use either \"messages\", or \"prompt\" and "
            "\"completion\", or \"text\"");
    }
    if (hasText) {
        const QJsonValue v = o.value(QStringLiteral("text"));
        if (!v.isString()) return QStringLiteral("\"text\" must be a string");
        e->format = ExampleFormat::Text;
        e->text = v.toString().toStdString();
        if (blank(e->text)) return QStringLiteral("\"text\" is empty");
        return {};
    }
    QJsonObject body;
    QString where = QStringLiteral("messages");
    if (hasMessages) {
        e->format = ExampleFormat::Messages;
        if (!o.value(QStringLiteral("messages")).isArray())
            return QStringLiteral("\"messages\" must be a list of messages");
        body = o;
    } else if (hasPrompt || hasCompletion) {
        if (!hasPrompt) return QStringLiteral("has \"completion\" but no \"prompt\"");
        if (!hasCompletion) return QStringLiteral("has \"prompt\" but no \"completion\"");
        e->format = ExampleFormat::PromptCompletion;
        QString error;
        QJsonArray messages =
            messagesOf(o.value(QStringLiteral("prompt")), "user", "prompt", &error);
        if (!error.isEmpty()) return error;
        const QJsonArray answer =
            messagesOf(o.value(QStringLiteral("completion")), "assistant", "completion", &error);
        if (!error.isEmpty()) return error;
        for (const QJsonValue &m : answer)
            messages.append(m);
        body = QJsonObject{{QStringLiteral("messages"), messages}};
        if (o.contains(QStringLiteral("tools")))
            body.insert(QStringLiteral("tools"), o.value(QStringLiteral("tools")));
        where = QStringLiteral("prompt + completion");
    } else {
        return QStringLiteral(
            "has none of \"messages\", \"prompt\" and \"completion\", or "
            "\"text\"");
    }
    QString error;
    e->conversation =
        chat::parseConversationJson(QJsonDocument(body).toJson(QJsonDocument::Compact), &error);
    if (!error.isEmpty()) return error;
    e->conversation.addGenerationPrompt = false;
    return checkConversation(e->conversation, where, warnings);
}

// Marks the bytes of the rendered prompt the model is trained to produce: each assistant
// message's bytes, less its turn header ("<|turn>model\n") and the newline after its "<turn|>".
std::vector<uint8_t> trainedBytes(const chat::Conversation &c, const chat::RenderedPrompt &p) {
    std::vector<uint8_t> mark(p.text.size(), 0);
    const std::string header = std::string(g4::kTurnOpen) + "model\n";
    const std::string close = std::string(g4::kTurnClose) + "\n";
    std::vector<size_t> first(c.messages.size(), std::string::npos), last(c.messages.size(), 0);
    for (const chat::RenderedPrompt::Span &s : p.spans) {
        if (s.message < 0 || size_t(s.message) >= c.messages.size()) continue;
        if (c.messages[size_t(s.message)].role != Role::Assistant) continue;
        std::fill(mark.begin() + qsizetype(s.begin), mark.begin() + qsizetype(s.end), uint8_t(1));
        const size_t m = size_t(s.message);
        first[m] = std::min(first[m], s.begin);
        last[m] = std::max(last[m], s.end);
    }
    for (size_t m = 0; m < c.messages.size(); ++m) {
        if (first[m] == std::string::npos) continue;
        if (p.text.compare(first[m], header.size(), header) == 0) {
            std::fill(mark.begin() + qsizetype(first[m]),
                      mark.begin() + qsizetype(first[m] + header.size()), uint8_t(0));
        }
        if (last[m] >= close.size() &&
            p.text.compare(last[m] - close.size(), close.size(), close) == 0) {
            mark[last[m] - 1] = 0;
        }
    }
    return mark;
}

int percentile(const std::vector<int> &sorted, double q) {
    if (sorted.empty()) return 0;
    const size_t i = size_t(std::ceil(q * double(sorted.size()))) - (q > 0 ? 1 : 0);
    return sorted[std::min(i, sorted.size() - 1)];
}

}  // namespace

QString DatasetProblem::describe() const {
    return line > 0 ? QStringLiteral("line %1: %2").arg(line).arg(message) : message;
}

int ParsedDataset::errorCount() const {
    return int(std::count_if(problems.begin(), problems.end(),
                             [](const DatasetProblem &p) { return p.error; }));
}

int TokenizedExample::trainedTokens() const {
    return int(std::count(trained.begin(), trained.end(), uint8_t(1)));
}

ParsedDataset parseDataset(const QByteArray &jsonl) {
    ParsedDataset out;
    qsizetype pos = 0;
    int lineNo = 0;
    if (jsonl.startsWith("\xEF\xBB\xBF")) pos = 3;
    while (pos < jsonl.size()) {
        qsizetype end = jsonl.indexOf('\n', pos);
        if (end < 0) end = jsonl.size();
        ++lineNo;
        const QByteArray line = jsonl.mid(pos, end - pos).trimmed();
        pos = end + 1;
        if (line.isEmpty()) continue;
        DatasetExample e;
        e.line = lineNo;
        std::vector<QString> warnings;
        const QString error = parseLine(line, &e, &warnings);
        if (!error.isEmpty()) {
            out.problems.push_back({lineNo, true, error});
            continue;
        }
        for (const QString &w : warnings)
            out.problems.push_back({lineNo, false, w});
        out.examples.push_back(std::move(e));
    }
    if (out.examples.empty() && out.problems.empty()) {
        out.problems.push_back(
            {0, true, QStringLiteral("the file holds no examples: write one JSON object a line")});
    }
    return out;
}

ParsedDataset readDataset(const QString &path) {
    const QString shown = QFileInfo(path).fileName();
    QFile f(path);
    ParsedDataset out;
    if (QFileInfo(path).isDir()) {
        out.problems.push_back(
            {0, true, QStringLiteral("%1 is a folder; choose a .jsonl file").arg(shown)});
        return out;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        out.problems.push_back(
            {0, true, QStringLiteral("cannot open %1: %2").arg(shown, f.errorString())});
        return out;
    }
    if (f.size() > kMaxFileBytes) {
        out.problems.push_back({0, true,
                                QStringLiteral("%1 is %2 bytes; datasets up to 2 GiB can be read: "
                                               "split it")
                                    .arg(shown, number(f.size()))});
        return out;
    }
    const QByteArray data = f.readAll();
    if (data.size() != f.size()) {
        out.problems.push_back(
            {0, true, QStringLiteral("cannot read %1: %2").arg(shown, f.errorString())});
        return out;
    }
    if (data.trimmed().isEmpty()) {
        out.problems.push_back(
            {0, true, QStringLiteral("%1 is empty: write one JSON example a line").arg(shown)});
        return out;
    }
    return parseDataset(data);
}

TokenizedExample tokenizeExample(const DatasetExample &e, const tokenizer::Tokenizer &tok,
                                 int contextLength) {
    TokenizedExample out;
    out.line = e.line;
    const int32_t bos = tok.bosId();
    if (e.format == ExampleFormat::Text) {
        std::string_view text = e.text;
        if (text.substr(0, g4::kBos.size()) == g4::kBos) text.remove_prefix(g4::kBos.size());
        if (bos >= 0) out.ids.push_back(bos);
        const std::vector<int32_t> body = tok.encode(text, tokenizer::Special::Parse);
        out.ids.insert(out.ids.end(), body.begin(), body.end());
        out.trained.assign(out.ids.size(), uint8_t(1));
        if (!out.trained.empty()) out.trained[0] = 0;
    } else {
        const chat::RenderedPrompt p = chat::render(e.conversation);
        const std::vector<uint8_t> bytes = trainedBytes(e.conversation, p);
        std::string piece;
        for (const chat::TokenSegment &s : chat::tokenSegments(p)) {
            const std::vector<int32_t> ids = tok.encode(
                s.text, s.parseSpecials ? tokenizer::Special::Parse : tokenizer::Special::Literal);
            // Token bytes concatenate to the segment's text (the tokenizer round-trips any bytes),
            // which gives each token its byte range; a token is trained when any of its bytes is.
            // (std::less: a total order even for pointers outside the prompt's text.)
            const std::less<const char *> before;
            const char *textEnd = p.text.data() + p.text.size();
            const bool inText = !before(s.text.data(), p.text.data()) &&
                                !before(textEnd, s.text.data() + s.text.size());
            size_t at = inText ? size_t(s.text.data() - p.text.data()) : 0;
            const size_t segEnd = at + s.text.size();
            for (const int32_t id : ids) {
                piece.clear();
                tok.appendDecoded(id, &piece);
                const size_t b = std::min(at, segEnd), en = std::min(at + piece.size(), segEnd);
                bool t = false;
                for (size_t k = b; inText && k < en; ++k)
                    t = t || bytes[k] != 0;
                out.ids.push_back(id);
                out.trained.push_back(t ? 1 : 0);
                at += piece.size();
            }
        }
        if (!out.trained.empty()) out.trained[0] = 0;
    }
    out.fullLength = int(out.ids.size());
    if (contextLength > 1 && out.fullLength > contextLength) {
        out.truncated = true;
        out.ids.resize(size_t(contextLength));
        out.trained.resize(size_t(contextLength));
    }
    return out;
}

QString LengthReport::describe(int contextLength) const {
    if (examples == 0) return QStringLiteral("no examples");
    QString s = QStringLiteral(
                    "%1 examples, %2..%3 tokens (median %4, 95 % up to %5), %6 tokens "
                    "to learn")
                    .arg(number(examples), number(minLength), number(maxLength),
                         number(medianLength), number(p95Length), number(trainedTokens));
    if (!cutLines.empty()) {
        QStringList lines;
        for (size_t i = 0; i < cutLines.size() && i < 10; ++i)
            lines << QString::number(cutLines[i]);
        if (cutLines.size() > 10) lines << QStringLiteral("…");
        s += QStringLiteral("; %1 longer than the context of %2 will be cut (lines %3)")
                 .arg(number(qint64(cutLines.size())), number(contextLength),
                      lines.join(QStringLiteral(", ")));
    }
    return s;
}

QString LengthReport::histogramText(int contextLength, int width) const {
    int most = 0;
    for (const int h : histogram)
        most = std::max(most, h);
    QString text;
    for (size_t b = 0; b < histogram.size(); ++b) {
        const bool over = b + 1 == histogram.size();
        const QString range =
            over ? QStringLiteral("> %1").arg(contextLength, 11)
                 : QStringLiteral("%1 .. %2")
                       .arg(qint64(b) * binWidth + 1, 6)
                       .arg(std::min<qint64>(qint64(b + 1) * binWidth, contextLength), 6);
        const int bar = most > 0 ? int(std::lround(double(histogram[b]) * width / most)) : 0;
        text +=
            QStringLiteral("%1 | %2 %3\n")
                .arg(range, QString(bar, u'#').leftJustified(width), QString::number(histogram[b]));
    }
    return text;
}

TokenizedDataset tokenizeDataset(const std::vector<DatasetExample> &examples,
                                 const tokenizer::Tokenizer &tok, int contextLength,
                                 int histogramBins) {
    TokenizedDataset out;
    LengthReport &r = out.lengths;
    const int bins = std::max(1, histogramBins);
    r.binWidth = std::max(1, (std::max(contextLength, 1) + bins - 1) / bins);
    r.histogram.assign(size_t(bins) + 1, 0);
    std::vector<int> lengths;
    for (const DatasetExample &e : examples) {
        TokenizedExample t = tokenizeExample(e, tok, contextLength);
        if (t.trainedTokens() == 0) {
            out.problems.push_back(
                {e.line, true,
                 t.truncated
                     ? QStringLiteral("the first answer token lies past the context of %1 "
                                      "tokens: nothing would be learned; shorten the prompt or "
                                      "raise the context length")
                           .arg(number(contextLength))
                     : QStringLiteral("no token to learn after rendering")});
            continue;
        }
        lengths.push_back(t.fullLength);
        const int bin = t.fullLength > contextLength
                            ? bins
                            : std::min(bins - 1, (t.fullLength - 1) / r.binWidth);
        ++r.histogram[size_t(std::max(0, bin))];
        if (t.truncated) r.cutLines.push_back(t.line);
        r.totalTokens += qint64(t.ids.size());
        r.trainedTokens += t.trainedTokens();
        out.kept.push_back(std::move(t));
    }
    r.examples = int(lengths.size());
    if (!lengths.empty()) {
        std::sort(lengths.begin(), lengths.end());
        r.minLength = lengths.front();
        r.maxLength = lengths.back();
        r.medianLength = percentile(lengths, 0.5);
        r.p95Length = percentile(lengths, 0.95);
        double sum = 0;
        for (const int n : lengths)
            sum += n;
        r.meanLength = sum / double(lengths.size());
    }
    return out;
}

std::vector<int> shuffledIndices(int count, uint64_t seed) {
    std::vector<int> order(size_t(std::max(0, count)));
    for (int i = 0; i < count; ++i)
        order[size_t(i)] = i;
    uint64_t state = seed;
    for (int i = count - 1; i > 0; --i) {
        // Lemire's multiply-shift maps a 64-bit draw onto [0, i] (bias below 2^-32 here).
        const uint64_t draw = splitMix64(&state) >> 32;
        const int j = int((draw * uint64_t(i + 1)) >> 32);
        std::swap(order[size_t(i)], order[size_t(j)]);
    }
    return order;
}

DatasetSplit splitDataset(int count, double validationFraction, uint64_t seed) {
    DatasetSplit s;
    const std::vector<int> order = shuffledIndices(count, seed);
    const double f =
        std::clamp(std::isfinite(validationFraction) ? validationFraction : 0.0, 0.0, 0.5);
    int nVal = int(std::floor(f * count + 0.5));
    if (f > 0 && count >= 2) nVal = std::max(nVal, 1);
    nVal = std::min(nVal, std::max(0, count - 1));
    s.validation.assign(order.begin(), order.begin() + nVal);
    s.train.assign(order.begin() + nVal, order.end());
    return s;
}

}  // namespace facet::train
