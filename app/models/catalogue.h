// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The catalogue of Gemma 4 downloads the Models dock offers (resources/catalogue/gemma4.json,
// embedded as :/facet/catalogue/gemma4.json). The file holds facts only; the descriptions shown
// are composed from translated texts (description()).
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace facet::app {

struct CatalogueEntry {
    QString id;
    QString family;  // "E2B", "E4B"
    QString quant;   // "Q4_K_M", "Q8_0", "BF16"
    QString source;  // "ollama" or "huggingface"
    QString pull;    // what parsePullTarget() accepts: "gemma4:e2b", "ORG/REPO/FILE.gguf"
    qint64 approxBytes = 0;
    QStringList towers;
    bool recommended = false;

    QString title() const;        // "Gemma 4 E2B · Q4_K_M"
    QString sourceLabel() const;  // "Ollama" / "Hugging Face"
    QString description() const;  // one translated line
};

class Catalogue {
    Q_DECLARE_TR_FUNCTIONS(facet::app::Catalogue)
public:
    static QString defaultPath() { return QStringLiteral(":/facet/catalogue/gemma4.json"); }
    // Reads and checks a catalogue file. nullopt and *error on a broken file (names the entry).
    static std::optional<QList<CatalogueEntry>> load(const QString &path, QString *error);
};

}  // namespace facet::app
