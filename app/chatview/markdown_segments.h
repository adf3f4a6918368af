// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Splitting a (possibly half-streamed) Markdown answer into prose and fenced code blocks.
//
// The chat renders prose through QTextDocument's Markdown importer and every fenced code block as
// its own widget (monospace, language label, Copy button, horizontal scrolling). Splitting first
// lets the view re-render only the segment that is still growing while an answer streams in, and
// shows an unclosed fence as a code block in progress instead of as stray backticks.
#pragma once

#include <QList>
#include <QString>

namespace facet::app {

struct MarkdownSegment {
    enum class Kind { Prose, Code };
    Kind kind = Kind::Prose;
    // Prose: its Markdown. Code: exactly the code (no fence lines; the opening fence's
    // indentation removed from every line; no trailing newline).
    QString text;
    QString language;    // code: the first word of the fence's info string ("" when none)
    bool closed = true;  // code: false while the closing fence has not arrived (yet)

    bool operator==(const MarkdownSegment &) const = default;
};

// Fences are lines of three or more backticks or tildes (CommonMark), at any indentation so that
// code inside list items is found too; a backtick fence's info string holds no backtick (else the
// line is inline code). A fence that is never closed runs to the end of the text. A last line that
// is only one or two backticks or tildes (a fence still being typed) is left out.
QList<MarkdownSegment> splitMarkdown(const QString &markdown);

// The Markdown as plain text to be read aloud: prose without Markdown syntax (emphasis markers,
// link targets, table rules), code blocks left out.
QString speechText(const QString &markdown);

// The Markdown flavour every prose view uses: GitHub (tables, task lists, strikethrough,
// autolinks), with raw HTML shown as text rather than interpreted (answers are untrusted text).
int markdownFeatures();

}  // namespace facet::app
