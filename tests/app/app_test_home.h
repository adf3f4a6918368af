// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A temporary home for a widget test process: the Models dock scans the default model folders
// (Facet's own under QStandardPaths' test locations, Ollama's via OLLAMA_MODELS, LM Studio's under
// HOME) and the app keeps its data under the user's folders, so none of them may be the real
// ones. Call from SetUpTestSuite, after main() created the QApplication.
#pragma once

#include <QApplication>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

namespace facet::test {

inline void useTemporaryHome(const QString &applicationName) {
    static QTemporaryDir home;  // one for the process, removed at exit
    qputenv("HOME", home.path().toLocal8Bit());
    qputenv("OLLAMA_MODELS", (home.path() + QStringLiteral("/ollama")).toLocal8Bit());
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("FacetTest"));
    QApplication::setApplicationName(applicationName);
}

}  // namespace facet::test
