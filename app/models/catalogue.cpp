// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "catalogue.h"

#include "model_library.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace facet::app {

QString CatalogueEntry::title() const {
    return Catalogue::tr("Gemma 4 %1 · %2").arg(family, quant);
}

QString CatalogueEntry::sourceLabel() const {
    return source == QStringLiteral("ollama") ? Catalogue::tr("Ollama")
                                              : Catalogue::tr("Hugging Face");
}

QString CatalogueEntry::description() const {
    QString size;
    if (family == QStringLiteral("E2B")) {
        size = Catalogue::tr("Smallest and fastest; runs on most GPUs.");
    } else if (family == QStringLiteral("E4B")) {
        size = Catalogue::tr("Better answers; needs about twice the memory of E2B.");
    }
    QString quality;
    if (quant.startsWith(QStringLiteral("Q4"))) {
        quality = Catalogue::tr("4-bit: the usual balance of size and quality.");
    } else if (quant.startsWith(QStringLiteral("Q8"))) {
        quality = Catalogue::tr("8-bit: close to the original, larger.");
    } else if (quant == QStringLiteral("BF16") || quant == QStringLiteral("F16")) {
        quality = Catalogue::tr("Unquantised original weights, the largest.");
    }
    QString towersText = towers.contains(QStringLiteral("vision"))
                             ? Catalogue::tr("Text, images and audio.")
                             : Catalogue::tr("Text only.");
    QStringList parts;
    for (const QString &p : {size, quality, towersText}) {
        if (!p.isEmpty()) parts << p;
    }
    return parts.join(QLatin1Char(' '));
}

std::optional<QList<CatalogueEntry>> Catalogue::load(const QString &path, QString *error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = tr("Cannot read the catalogue %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (doc.isNull() || !doc.isObject()) {
        if (error) {
            *error =
                tr("The catalogue %1 is not valid JSON: %2").arg(path, parseError.errorString());
        }
        return std::nullopt;
    }
    QList<CatalogueEntry> entries;
    const QJsonArray models = doc.object().value(QStringLiteral("models")).toArray();
    for (qsizetype i = 0; i < models.size(); ++i) {
        const QJsonObject o = models[i].toObject();
        CatalogueEntry e;
        e.id = o.value(QStringLiteral("id")).toString();
        e.family = o.value(QStringLiteral("family")).toString();
        e.quant = o.value(QStringLiteral("quant")).toString();
        e.source = o.value(QStringLiteral("source")).toString();
        e.pull = o.value(QStringLiteral("pull")).toString();
        e.approxBytes = o.value(QStringLiteral("approxBytes")).toInteger();
        for (const QJsonValue &t : o.value(QStringLiteral("towers")).toArray())
            e.towers << t.toString();
        e.recommended = o.value(QStringLiteral("recommended")).toBool();
        QString why;
        if (e.id.isEmpty() || e.family.isEmpty() || e.quant.isEmpty() || e.approxBytes <= 0 ||
            (e.source != QStringLiteral("ollama") && e.source != QStringLiteral("huggingface"))) {
            why = tr("a field is missing or invalid");
        } else if (!parsePullTarget(e.pull, &why)) {
            // why set by the parser
        }
        if (!why.isEmpty()) {
            if (error) *error = tr("Catalogue entry %1 (%2): %3").arg(i).arg(e.id, why);
            return std::nullopt;
        }
        entries << e;
    }
    if (entries.isEmpty()) {
        if (error) *error = tr("The catalogue %1 lists no models.").arg(path);
        return std::nullopt;
    }
    return entries;
}

}  // namespace facet::app
