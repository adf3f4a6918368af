// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// One facet-cli command's arguments, parsed by QCommandLineParser: the options it declares (with
// their help text), its positional arguments, and errors in facet-cli's words.
//
//   CommandLine cl(QStringLiteral("info"), QStringLiteral("info MODEL [--json]"),
//                  QStringLiteral("architecture, sizes, quant mix, layers, towers"));
//   cl.addSwitch({QStringLiteral("json")}, QStringLiteral("print JSON"));
//   cl.addPositional(QStringLiteral("MODEL"), QStringLiteral("a GGUF file, …"));
//   if (!cl.parse(args, &error)) …            // error: "unknown option '--bogus'"
//   if (cl.helpRequested()) print(cl.helpText());
//
// Options are "--name VALUE", "--name=VALUE" or a one-letter alias "-m VALUE"; each may be given
// once. "--" ends the options (a positional argument may then start with '-'). Every command
// takes -h / --help.
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace facet::cli {

class CommandLine {
public:
    // `command` as typed ("run"); `synopsis` the usage line without "facet-cli " ("run -m MODEL
    // -p PROMPT [OPTIONS]"); `summary` what the command does, in a line.
    CommandLine(QString command, QString synopsis, QString summary);

    // `names`: the long name first, then a one-letter alias if any ({"model", "m"}).
    void addOption(const QStringList &names, const QString &description, const QString &valueName);
    // An option that may be given several times (values() returns them in order).
    void addRepeatableOption(const QStringList &names, const QString &description,
                             const QString &valueName);
    // Makes an option added before (e.g. by a shared declaration) repeatable, with new help.
    void makeRepeatable(const QString &name, const QString &description);
    // New help for an option added before.
    void describe(const QString &name, const QString &description);
    void addSwitch(const QStringList &names, const QString &description);
    // For the help text only: the command checks its positional arguments' count itself.
    void addPositional(const QString &name, const QString &description);

    // Parses the command's arguments (the words after the command's name). False with *error
    // ("unknown option '--bogus'", "--seed needs a value", "--think takes no value", "--prompt is
    // given more than once") on a malformed command line. With -h / --help anywhere it succeeds
    // (helpRequested()).
    bool parse(const QStringList &args, QString *error);

    bool helpRequested() const { return m_parser.isSet(m_help); }
    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    QString value(const QString &name) const { return m_parser.value(name); }
    // Every value of a repeatable option, in order.
    QStringList values(const QString &name) const { return m_parser.values(name); }
    QStringList positional() const { return m_parser.positionalArguments(); }

    const QString &command() const { return m_command; }
    // "usage: facet-cli SYNOPSIS" (the line a usage error repeats).
    QString usage() const;
    // The usage line, the summary, the positional arguments and every option with its help.
    QString helpText() const;

    // Typed values of options (true when the option is absent, *out unchanged). False with *error
    // naming the option when the value is not a finite number, not an integer, or outside
    // min..max.
    bool floatValue(const QString &name, float *out, QString *error) const;
    bool intValue(const QString &name, qint64 min, qint64 max, qint64 *out, QString *error) const;

private:
    struct Entry {
        QCommandLineOption option;
        QString shown;  // "-m, --model MODEL"
        bool repeatable = false;
    };
    QString longName(const QString &name) const;  // "--model" for "m" or "model"

    QString m_command, m_synopsis, m_summary;
    QCommandLineParser m_parser;
    QCommandLineOption m_help;
    std::vector<Entry> m_options;
    std::vector<std::pair<QString, QString>> m_positional;
};

}  // namespace facet::cli
