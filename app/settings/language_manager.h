// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// LanguageManager: switches Facet's user-interface language while it runs.
//
// It owns the translators: Facet's own (:/i18n/facet_<lang>.qm, embedded by facet_translations())
// and Qt's (qtbase_<lang>.qm from QLibraryInfo::TranslationsPath, for the texts of Qt's standard
// dialogs and buttons; optional, Debian ships them in qt6-translations-l10n). apply() installs the
// new ones and removes the old ones, so QApplication posts QEvent::LanguageChange to every widget
// and each retranslates itself; nothing needs a restart.
//
// The number format (QLocale's default) is left alone: it follows the system, not the interface
// language, the way desktop settings treat "language" and "formats" separately.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QTranslator;

namespace facet::app {

class LanguageManager : public QObject {
    Q_OBJECT
public:
    explicit LanguageManager(QObject *parent = nullptr);
    ~LanguageManager() override;  // uninstalls its translators (the interface goes back to English)

    // The languages Facet has: "en" (the source texts) and "de", "fr", "es", "ja", "zh_CN",
    // "pt_BR".
    static QStringList available();
    // The language's own name for itself, capitalised ("Deutsch", "日本語", "Português (Brasil)");
    // for "" (the system's language) an empty string.
    static QString nativeName(const QString &code);
    // Which of available() the system's preferred languages (QLocale::uiLanguages(), best first)
    // select: the first one Facet has, by exact code, by language (de_AT -> de, pt_PT -> pt_BR) or
    // for Chinese by script (Simplified only). "en" when none is available.
    static QString resolveSystemLanguage(const QStringList &uiLanguages);

    // Switches the interface to `language` ("" = the system's). True when that language is now
    // in use; false when Facet has no such language or its translation cannot be loaded, and then
    // nothing changes.
    bool apply(const QString &language);

    // What apply() was last given successfully ("" = system's; "en" before the first apply()).
    QString requested() const { return m_requested; }
    // The language in effect ("en" when the source texts are shown).
    QString effective() const { return m_effective; }
    // Whether Qt's own translations for the effective language were found (the interface is
    // translated either way; only Qt's standard texts stay English without them).
    bool hasQtTranslations() const { return m_qt != nullptr; }

signals:
    void languageChanged(const QString &effective);

private:
    std::unique_ptr<QTranslator> m_facet;
    std::unique_ptr<QTranslator> m_qt;
    QString m_requested = QStringLiteral("en");
    QString m_effective = QStringLiteral("en");
};

}  // namespace facet::app
