// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "language_manager.h"

#include "app_settings.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace facet::app {

LanguageManager::LanguageManager(QObject *parent) : QObject(parent) {}

LanguageManager::~LanguageManager() {
    // Remove explicitly (QTranslator's destructor would too) so the order is Facet's, then Qt's.
    if (m_facet) QCoreApplication::removeTranslator(m_facet.get());
    if (m_qt) QCoreApplication::removeTranslator(m_qt.get());
}

QStringList LanguageManager::available() {
    return AppSettings::availableLanguages();
}

QString LanguageManager::nativeName(const QString &code) {
    const QString lang = AppSettings::normalizedLanguage(code);
    if (lang.isEmpty()) return QString();
    QString name;
    // QLocale names the variant of its default territory ("American English", "español de
    // España"); Facet's English and Spanish are not regional.
    if (lang == u"en")
        name = QStringLiteral("English");
    else if (lang == u"es")
        name = QStringLiteral("español");
    else
        name = QLocale(lang).nativeLanguageName();
    if (lang == u"pt_BR") name += QStringLiteral(" (%1)").arg(QLocale(lang).nativeTerritoryName());
    if (!name.isEmpty()) name[0] = name[0].toUpper();
    return name;
}

QString LanguageManager::resolveSystemLanguage(const QStringList &uiLanguages) {
    const QStringList codes = available();
    for (const QString &ui : uiLanguages) {
        QString code = ui;
        code.replace(u'-', u'_');
        for (const QString &c : codes) {
            if (code.compare(c, Qt::CaseInsensitive) == 0) return c;
        }
        const QLocale locale(code);
        switch (locale.language()) {
            case QLocale::English:
                return QStringLiteral("en");
            case QLocale::German:
                return QStringLiteral("de");
            case QLocale::French:
                return QStringLiteral("fr");
            case QLocale::Spanish:
                return QStringLiteral("es");
            case QLocale::Japanese:
                return QStringLiteral("ja");
            case QLocale::Portuguese:
                return QStringLiteral("pt_BR");  // the only Portuguese Facet has
            case QLocale::Chinese:
                // Traditional-script readers are better served by English than by Simplified.
                if (locale.script() == QLocale::SimplifiedHanScript) return QStringLiteral("zh_CN");
                break;
            default:
                break;
        }
    }
    return QStringLiteral("en");
}

bool LanguageManager::apply(const QString &language) {
    const QString requested = AppSettings::normalizedLanguage(language);
    if (requested.isNull()) return false;
    const QString effective =
        requested.isEmpty() ? resolveSystemLanguage(QLocale::system().uiLanguages()) : requested;
    if (effective == m_effective && (m_facet || effective == u"en")) {
        m_requested = requested;
        return true;
    }

    std::unique_ptr<QTranslator> facet;
    std::unique_ptr<QTranslator> qt;
    if (effective != u"en") {
        facet = std::make_unique<QTranslator>();
        if (!facet->load(QStringLiteral("facet_") + effective, QStringLiteral(":/i18n"))) {
            return false;
        }
        qt = std::make_unique<QTranslator>();
        if (!qt->load(QStringLiteral("qtbase_") + effective,
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            qt.reset();
        }
    }

    // Each install/remove makes QApplication post a LanguageChange to every top-level widget;
    // the widgets retranslate once those events are delivered.
    if (m_facet) QCoreApplication::removeTranslator(m_facet.get());
    if (m_qt) QCoreApplication::removeTranslator(m_qt.get());
    m_facet = std::move(facet);
    m_qt = std::move(qt);
    if (m_qt) QCoreApplication::installTranslator(m_qt.get());
    if (m_facet) QCoreApplication::installTranslator(m_facet.get());
    m_requested = requested;
    m_effective = effective;
    emit languageChanged(m_effective);
    return true;
}

}  // namespace facet::app
