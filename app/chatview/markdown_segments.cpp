// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "markdown_segments.h"

#include <QStringList>
#include <QTextDocument>

namespace facet::app {
namespace {

struct Fence {
    QChar marker;
    qsizetype length = 0;
    qsizetype indent = 0;
    QString info;
};

qsizetype leadingSpaces(const QString &line) {
    qsizetype n = 0;
    while (n < line.size() && (line[n] == u' ' || line[n] == u'\t'))
        ++n;
    return n;
}

// An opening fence: indentation, >= 3 of one marker, an info string (no backtick after '`').
bool openingFence(const QString &line, Fence *fence) {
    const qsizetype indent = leadingSpaces(line);
    if (indent >= line.size()) return false;
    const QChar marker = line[indent];
    if (marker != u'`' && marker != u'~') return false;
    qsizetype end = indent;
    while (end < line.size() && line[end] == marker)
        ++end;
    if (end - indent < 3) return false;
    const QString info = line.mid(end).trimmed();
    if (marker == u'`' && info.contains(u'`')) return false;
    fence->marker = marker;
    fence->length = end - indent;
    fence->indent = indent;
    fence->info = info;
    return true;
}

bool closingFence(const QString &line, const Fence &fence) {
    const QString trimmed = line.trimmed();
    if (trimmed.size() < fence.length) return false;
    for (const QChar c : trimmed)
        if (c != fence.marker) return false;
    return true;
}

// One or two backticks or tildes alone on the last line: a fence being typed.
bool partialFence(const QString &line) {
    const QString trimmed = line.trimmed();
    if (trimmed.isEmpty() || trimmed.size() > 2) return false;
    for (const QChar c : trimmed)
        if (c != u'`' && c != u'~') return false;
    return true;
}

QString removeIndent(const QString &line, qsizetype indent) {
    qsizetype n = 0;
    while (n < indent && n < line.size() && line[n] == u' ')
        ++n;
    return line.mid(n);
}

}  // namespace

int markdownFeatures() {
    return int(QTextDocument::MarkdownDialectGitHub | QTextDocument::MarkdownNoHTML);
}

QList<MarkdownSegment> splitMarkdown(const QString &markdown) {
    QList<MarkdownSegment> segments;
    QStringList lines = markdown.split(u'\n');
    for (QString &line : lines)
        if (line.endsWith(u'\r')) line.chop(1);
    // A text that ends in a newline has no partial last line.
    const bool endsWithNewline = markdown.endsWith(u'\n');
    if (endsWithNewline) lines.removeLast();

    QStringList prose;
    auto flushProse = [&] {
        QString text = prose.join(u'\n');
        prose.clear();
        if (text.trimmed().isEmpty()) return;
        segments.append({MarkdownSegment::Kind::Prose, text, {}, true});
    };

    Fence fence;
    QStringList code;
    bool inCode = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &line = lines[i];
        const bool last = i == lines.size() - 1 && !endsWithNewline;
        if (inCode) {
            if (closingFence(line, fence)) {
                segments.append({MarkdownSegment::Kind::Code, code.join(u'\n'),
                                 fence.info.section(u' ', 0, 0, QString::SectionSkipEmpty), true});
                code.clear();
                inCode = false;
            } else if (!(last && partialFence(line))) {
                code.append(removeIndent(line, fence.indent));
            }
            continue;
        }
        Fence opened;
        if (openingFence(line, &opened)) {
            flushProse();
            fence = opened;
            inCode = true;
            continue;
        }
        if (last && partialFence(line)) continue;
        prose.append(line);
    }
    if (inCode) {
        segments.append({MarkdownSegment::Kind::Code, code.join(u'\n'),
                         fence.info.section(u' ', 0, 0, QString::SectionSkipEmpty), false});
    } else {
        flushProse();
    }
    return segments;
}

QString speechText(const QString &markdown) {
    QStringList parts;
    for (const MarkdownSegment &segment : splitMarkdown(markdown)) {
        if (segment.kind != MarkdownSegment::Kind::Prose) continue;
        QTextDocument document;
        document.setMarkdown(segment.text, QTextDocument::MarkdownFeatures(markdownFeatures()));
        const QString plain = document.toPlainText().trimmed();
        if (!plain.isEmpty()) parts.append(plain);
    }
    return parts.join(u'\n');
}

}  // namespace facet::app
