// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "command_line.h"

#include <algorithm>
#include <cmath>

namespace facet::cli {

namespace {

// "-m" for a one-letter name, "--model" otherwise.
QString dashed(const QString &name) {
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

// The name an argument gives ("--top-k=5" → "top-k", "-m" → "m"); empty for a positional one.
QString nameIn(const QString &arg) {
    if (!arg.startsWith(u'-') || arg == QStringLiteral("-")) return {};
    const QString bare = arg.mid(arg.startsWith(QStringLiteral("--")) ? 2 : 1);
    return bare.section(u'=', 0, 0);
}

}  // namespace

CommandLine::CommandLine(QString command, QString synopsis, QString summary)
    : m_command(std::move(command)),
      m_synopsis(std::move(synopsis)),
      m_summary(std::move(summary)),
      m_help({QStringLiteral("help"), QStringLiteral("h")}, QStringLiteral("show this help")) {
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    m_parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    m_parser.addOption(m_help);
}

void CommandLine::addOption(const QStringList &names, const QString &description,
                            const QString &valueName) {
    QCommandLineOption option(names, description, valueName);
    m_parser.addOption(option);
    QStringList shown;
    for (auto it = names.rbegin(); it != names.rend(); ++it)
        shown << dashed(*it);
    QString text = shown.join(QStringLiteral(", "));
    if (!valueName.isEmpty()) text += u' ' + valueName;
    m_options.push_back({std::move(option), text});
}

void CommandLine::addRepeatableOption(const QStringList &names, const QString &description,
                                      const QString &valueName) {
    addOption(names, description, valueName);
    m_options.back().repeatable = true;
}

void CommandLine::makeRepeatable(const QString &name, const QString &description) {
    for (Entry &e : m_options) {
        if (e.option.names().contains(name)) {
            e.repeatable = true;
            e.option.setDescription(description);
        }
    }
}

void CommandLine::describe(const QString &name, const QString &description) {
    for (Entry &e : m_options) {
        if (e.option.names().contains(name)) e.option.setDescription(description);
    }
}

void CommandLine::addSwitch(const QStringList &names, const QString &description) {
    addOption(names, description, QString());
}

void CommandLine::addPositional(const QString &name, const QString &description) {
    m_parser.addPositionalArgument(name, description);
    m_positional.emplace_back(name, description);
}

QString CommandLine::longName(const QString &name) const {
    for (const Entry &e : m_options) {
        if (e.option.names().contains(name)) return dashed(e.option.names().first());
    }
    return dashed(name);
}

bool CommandLine::parse(const QStringList &args, QString *error) {
    if (!m_parser.parse(QStringList{QStringLiteral("facet-cli")} + args)) {
        if (m_parser.isSet(m_help)) return true;  // the help says what the right form is
        if (!m_parser.unknownOptionNames().isEmpty()) {
            // Named as typed: a one-letter name with one dash, a longer one with two.
            const QString unknown = m_parser.unknownOptionNames().first();
            const auto typed = std::find_if(args.begin(), args.end(),
                                            [&](const QString &a) { return nameIn(a) == unknown; });
            *error = QStringLiteral("unknown option '%1'")
                         .arg(typed != args.end() ? typed->section(u'=', 0, 0) : dashed(unknown));
            return false;
        }
        // The parser's other two errors: no value after the last argument, which names an option
        // that takes one, or a value ("--think=yes") given to a switch.
        const qsizetype end = args.indexOf(QStringLiteral("--"));
        const QStringList options = end < 0 ? args : args.mid(0, end);
        for (qsizetype i = 0; i < options.size(); ++i) {
            const QString &a = options[i];
            const QString name = nameIn(a);
            const auto entry =
                std::find_if(m_options.begin(), m_options.end(),
                             [&](const Entry &e) { return e.option.names().contains(name); });
            if (entry == m_options.end()) continue;
            const bool takesValue = !entry->option.valueName().isEmpty();
            if (!takesValue && a.contains(u'=')) {
                *error = QStringLiteral("%1 takes no value").arg(longName(name));
                return false;
            }
            if (takesValue && !a.contains(u'=') && i == options.size() - 1) {
                *error = QStringLiteral("%1 needs a value").arg(longName(name));
                return false;
            }
        }
        *error = m_parser.errorText();
        return false;
    }
    // Each option at most once (the parser would keep every value).
    const QStringList found = m_parser.optionNames();
    for (const Entry &e : m_options) {
        const auto count = std::count_if(found.begin(), found.end(), [&](const QString &name) {
            return e.option.names().contains(name);
        });
        if (count > 1 && !e.repeatable) {
            *error =
                QStringLiteral("%1 is given more than once").arg(longName(e.option.names()[0]));
            return false;
        }
    }
    return true;
}

QString CommandLine::usage() const {
    return QStringLiteral("usage: facet-cli %1").arg(m_synopsis);
}

QString CommandLine::helpText() const {
    constexpr qsizetype kColumns = 100;
    const QString helpShown = QStringLiteral("-h, --help");
    QString text = usage() + u'\n' + m_summary + u'\n';
    qsizetype width = helpShown.size();
    for (const auto &[name, description] : m_positional)
        width = std::max(width, name.size());
    for (const Entry &e : m_options)
        width = std::max(width, e.shown.size());
    const qsizetype indent = 2 + std::min<qsizetype>(width, 30) + 2;
    // "  left   description", the description wrapped at word boundaries under itself.
    const auto row = [&](const QString &left, const QString &description) {
        QString line = QStringLiteral("  ") + left;
        if (line.size() + 2 > indent) {
            text += line + u'\n';
            line.clear();
        }
        line = line.leftJustified(indent);
        for (const QString &word : description.split(u' ', Qt::SkipEmptyParts)) {
            if (line.size() > indent && line.size() + 1 + word.size() > kColumns) {
                text += line + u'\n';
                line = QString(indent, u' ');
            }
            if (line.size() > indent) line += u' ';
            line += word;
        }
        text += line + u'\n';
    };
    if (!m_positional.empty()) {
        text += QStringLiteral("\narguments:\n");
        for (const auto &[name, description] : m_positional)
            row(name, description);
    }
    text += QStringLiteral("\noptions:\n");
    for (const Entry &e : m_options)
        row(e.shown, e.option.description());
    row(helpShown, m_help.description());
    return text;
}

bool CommandLine::floatValue(const QString &name, float *out, QString *error) const {
    if (!isSet(name)) return true;
    bool ok = false;
    const float v = value(name).trimmed().toFloat(&ok);
    if (!ok || !std::isfinite(v)) {
        *error = QStringLiteral("%1: '%2' is not a finite number").arg(longName(name), value(name));
        return false;
    }
    *out = v;
    return true;
}

bool CommandLine::intValue(const QString &name, qint64 min, qint64 max, qint64 *out,
                           QString *error) const {
    if (!isSet(name)) return true;
    bool ok = false;
    const qint64 v = value(name).trimmed().toLongLong(&ok);
    if (!ok) {
        *error = QStringLiteral("%1: '%2' is not an integer").arg(longName(name), value(name));
        return false;
    }
    if (v < min || v > max) {
        *error = QStringLiteral("%1 must be between %2 and %3, got %4")
                     .arg(longName(name))
                     .arg(min)
                     .arg(max)
                     .arg(v);
        return false;
    }
    *out = v;
    return true;
}

}  // namespace facet::cli
