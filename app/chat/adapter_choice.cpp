// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "adapter_choice.h"

#include "gguf/gguf.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace facet::app {

QString AdapterNames::problem(const QString &path) {
    const QFileInfo info(path);
    if (path.isEmpty() || !info.exists())
        return tr("%1 does not exist. Choose a PEFT adapter folder or a GGUF LoRA file.").arg(path);
    if (info.isDir()) {
        const QDir dir(path);
        const QString config = dir.filePath(QStringLiteral("adapter_config.json"));
        const QString weights = dir.filePath(QStringLiteral("adapter_model.safetensors"));
        if (!QFile::exists(config) || !QFile::exists(weights)) {
            return tr("%1 is not a PEFT adapter: it needs adapter_config.json and "
                      "adapter_model.safetensors. Choose the folder that holds both (the adapter "
                      "folder of a training run), or a GGUF LoRA file.")
                .arg(QDir::toNativeSeparators(path));
        }
        QFile f(config);
        QJsonParseError parse{};
        const QJsonDocument doc = f.open(QIODevice::ReadOnly)
                                      ? QJsonDocument::fromJson(f.read(1 << 20), &parse)
                                      : QJsonDocument();
        if (!doc.isObject()) {
            return tr("The adapter_config.json in %1 cannot be read as JSON. Save the adapter "
                      "again, or choose another one.")
                .arg(QDir::toNativeSeparators(path));
        }
        return QString();
    }
    QString why;
    const std::unique_ptr<gguf::File> file = gguf::File::open(path, &why);
    if (!file) {
        return tr("%1 is neither a PEFT adapter folder nor a GGUF LoRA file (%2). Choose the "
                  "adapter folder or the .gguf adapter a training run wrote.")
            .arg(QDir::toNativeSeparators(path), why);
    }
    if (file->getString("general.type").value_or("") != "adapter") {
        return tr("%1 is a GGUF model, not a LoRA adapter. Load models in the Models panel; "
                  "choose an adapter (a PEFT folder or a GGUF LoRA file) here.")
            .arg(info.fileName());
    }
    return QString();
}

QString AdapterNames::name(const QString &path) {
    const QFileInfo info(QDir::cleanPath(path));
    const bool gguf =
        !info.isDir() && info.suffix().compare(QLatin1String("gguf"), Qt::CaseInsensitive) == 0;
    const QString name = gguf ? info.completeBaseName() : info.fileName();
    // A training run writes RUN/adapter and RUN/adapter.gguf: the run's folder names them.
    if (name == QLatin1String("adapter")) {
        const QString run = info.dir().dirName();
        if (!run.isEmpty() && run != QLatin1String(".")) return run + u'/' + info.fileName();
    }
    return name;
}

QString AdapterNames::label(const QString &path, double strength) {
    return tr("%1 ×%2").arg(name(path)).arg(strength, 0, 'f', 2);
}

}  // namespace facet::app
