// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "app_settings.h"

#include <QMetaType>
#include <QRegularExpression>
#include <QSettings>
#include <QUrl>
#include <QVariant>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace facet::app {

namespace {

// Hand-edited INI files give strings for everything; QSettings in other formats (the registry on
// Windows, plists on macOS) keeps the types. The readers accept both and nothing else: a list, a
// map or a byte blob where a number belongs is garbage.
bool isStringLike(const QVariant &v) {
    const int id = v.typeId();
    return id == QMetaType::QString || id == QMetaType::QByteArray;
}

bool isIntegerType(int id) {
    switch (id) {
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::Long:
        case QMetaType::ULong:
        case QMetaType::LongLong:
        case QMetaType::ULongLong:
        case QMetaType::Short:
        case QMetaType::UShort:
            return true;
        default:
            return false;
    }
}

std::optional<double> readDouble(const QVariant &v) {
    double d = 0;
    bool ok = false;
    if (isStringLike(v)) {
        d = v.toString().trimmed().toDouble(&ok);  // C locale: "0.95", never "0,95"
    } else if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Float ||
               isIntegerType(v.typeId())) {
        d = v.toDouble(&ok);
    }
    if (!ok || !std::isfinite(d)) return std::nullopt;
    return d;
}

// Integers: whole numbers only ("12.5", "1e3" and "twelve" are garbage); huge values saturate so
// that clamping sees them as out of range instead of wrapping.
std::optional<qint64> readInteger(const QVariant &v) {
    bool ok = false;
    qint64 n = 0;
    if (isStringLike(v)) {
        const QString text = v.toString().trimmed();
        n = text.toLongLong(&ok);
        if (!ok) {
            // Digits beyond qint64: an out-of-range number, not garbage.
            static const QRegularExpression digits(QStringLiteral("^[+-]?[0-9]+$"));
            if (digits.match(text).hasMatch()) {
                return text.startsWith(u'-') ? std::numeric_limits<qint64>::min()
                                             : std::numeric_limits<qint64>::max();
            }
        }
    } else if (v.typeId() == QMetaType::ULongLong || v.typeId() == QMetaType::ULong) {
        const qulonglong u = v.toULongLong(&ok);
        n = u > qulonglong(std::numeric_limits<qint64>::max()) ? std::numeric_limits<qint64>::max()
                                                               : qint64(u);
    } else if (isIntegerType(v.typeId())) {
        n = v.toLongLong(&ok);
    } else if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Float) {
        const double d = v.toDouble();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e18) {
            n = qint64(d);
            ok = true;
        }
    }
    if (!ok) return std::nullopt;
    return n;
}

std::optional<bool> readBool(const QVariant &v) {
    if (v.typeId() == QMetaType::Bool) return v.toBool();
    if (isIntegerType(v.typeId())) {
        const qint64 n = v.toLongLong();
        if (n == 0 || n == 1) return n == 1;
        return std::nullopt;
    }
    if (isStringLike(v)) {
        // QVariant's own conversion calls every non-empty string but "0"/"false" true; a typo
        // must not switch a feature on.
        const QString t = v.toString().trimmed().toLower();
        if (t == u"true" || t == u"1" || t == u"yes" || t == u"on") return true;
        if (t == u"false" || t == u"0" || t == u"no" || t == u"off") return false;
    }
    return std::nullopt;
}

std::optional<QString> readString(const QVariant &v) {
    if (isStringLike(v)) return v.toString();
    return std::nullopt;
}

int clampInt(qint64 n, int lo, int hi) {
    return int(std::clamp<qint64>(n, lo, hi));
}

double sanitizeTemperature(double t) {
    return std::isfinite(t) ? std::clamp(t, 0.0, SamplingLimits::temperatureMax) : 1.0;
}
double sanitizeTopP(double p) {
    if (!std::isfinite(p) || p <= 0.0) return SamplingDefaults{}.topP;  // 0 keeps no token at all
    return std::clamp(p, SamplingLimits::topPMin, 1.0);
}
double sanitizeMinP(double p) {
    return std::isfinite(p) ? std::clamp(p, 0.0, 1.0) : 0.0;
}
double sanitizeRepetition(double r) {
    if (!std::isfinite(r) || r <= 0.0) return 1.0;  // the engine refuses <= 0
    return std::clamp(r, SamplingLimits::penaltyMin, SamplingLimits::penaltyMax);
}
double sanitizePresence(double p) {
    return std::isfinite(p)
               ? std::clamp(p, SamplingLimits::presenceMin, SamplingLimits::presenceMax)
               : 0.0;
}

}  // namespace

sampling::SamplingParams SamplingDefaults::toParams() const {
    sampling::SamplingParams p;
    p.temperature = float(temperature);
    p.topK = topK;
    p.topP = float(topP);
    p.minP = float(minP);
    p.repetitionPenalty = float(repetitionPenalty);
    p.presencePenalty = float(presencePenalty);
    p.frequencyPenalty = float(frequencyPenalty);
    p.hasSeed = fixedSeed;
    p.seed = seed;
    return p;
}

AppSettings::AppSettings() : m_owned(std::make_unique<QSettings>()), m_store(m_owned.get()) {}

AppSettings::AppSettings(QSettings &store) : m_store(&store) {}

AppSettings::~AppSettings() = default;

QStringList AppSettings::availableBackends() {
    QStringList list{QStringLiteral("auto")};
#if defined(Q_OS_WIN)
    list << QStringLiteral("d3d11");
#if QT_VERSION >= QT_VERSION_CHECK(6, 6, 0)
    list << QStringLiteral("d3d12");  // QRhi's D3D12 backend arrived in Qt 6.6
#endif
    list << QStringLiteral("vulkan") << QStringLiteral("opengl");
#elif defined(Q_OS_MACOS) || defined(Q_OS_IOS)
    list << QStringLiteral("metal") << QStringLiteral("opengl");
#else
    list << QStringLiteral("vulkan") << QStringLiteral("opengl");
#endif
    return list;
}

QString AppSettings::gpuBackend() const {
    const std::optional<QString> s = readString(m_store->value(Keys::gpuBackend));
    if (s) {
        const QString name = s->trimmed().toLower();
        if (availableBackends().contains(name)) return name;
    }
    return QStringLiteral("auto");
}

void AppSettings::setGpuBackend(const QString &backend) {
    const QString name = backend.trimmed().toLower();
    m_store->setValue(Keys::gpuBackend,
                      availableBackends().contains(name) ? name : QStringLiteral("auto"));
}

int AppSettings::gpuDevice() const {
    const std::optional<qint64> n = readInteger(m_store->value(Keys::gpuDevice));
    if (!n || *n < -1 || *n > kMaxGpuDevice) return -1;
    return int(*n);
}

void AppSettings::setGpuDevice(int index) {
    m_store->setValue(Keys::gpuDevice, index < -1 || index > kMaxGpuDevice ? -1 : index);
}

QStringList AppSettings::availableInt8Modes() {
    return {QStringLiteral("auto"), QStringLiteral("off")};
}

QString AppSettings::int8Activations() const {
    const std::optional<QString> s = readString(m_store->value(Keys::int8Activations));
    if (s) {
        const QString mode = s->trimmed().toLower();
        if (availableInt8Modes().contains(mode)) return mode;
    }
    return QStringLiteral("auto");
}

void AppSettings::setInt8Activations(const QString &mode) {
    const QString name = mode.trimmed().toLower();
    m_store->setValue(Keys::int8Activations,
                      availableInt8Modes().contains(name) ? name : QStringLiteral("auto"));
}

QStringList AppSettings::availableGpuWaits() {
    return {QStringLiteral("adaptive"), QStringLiteral("off")};
}

QString AppSettings::gpuWait() const {
    const std::optional<QString> s = readString(m_store->value(Keys::gpuWait));
    if (s) {
        const QString mode = s->trimmed().toLower();
        if (availableGpuWaits().contains(mode)) return mode;
    }
    return QStringLiteral("adaptive");
}

void AppSettings::setGpuWait(const QString &mode) {
    const QString name = mode.trimmed().toLower();
    m_store->setValue(Keys::gpuWait,
                      availableGpuWaits().contains(name) ? name : QStringLiteral("adaptive"));
}

int AppSettings::contextLength() const {
    const std::optional<qint64> n = readInteger(m_store->value(Keys::contextLength));
    if (!n) return kDefaultContextLength;
    return clampInt(*n, kMinContextLength, kMaxContextLength);
}

QList<int> AppSettings::contextLengthChoices(int current) {
    QList<int> choices(kContextLengthChoices.begin(), kContextLengthChoices.end());
    const auto at = std::lower_bound(choices.begin(), choices.end(), current);
    if (at == choices.end() || *at != current) choices.insert(at, current);
    return choices;
}

void AppSettings::setContextLength(int tokens) {
    // qint64: the Models dock reads this key with toLongLong and writes it as qint64.
    m_store->setValue(Keys::contextLength,
                      qint64(std::clamp(tokens, kMinContextLength, kMaxContextLength)));
}

SamplingDefaults AppSettings::sanitized(const SamplingDefaults &s) {
    SamplingDefaults r = s;
    r.temperature = sanitizeTemperature(s.temperature);
    r.topK = std::clamp(s.topK, 0, SamplingLimits::topKMax);
    r.topP = sanitizeTopP(s.topP);
    r.minP = sanitizeMinP(s.minP);
    r.repetitionPenalty = sanitizeRepetition(s.repetitionPenalty);
    r.presencePenalty = sanitizePresence(s.presencePenalty);
    r.frequencyPenalty = sanitizePresence(s.frequencyPenalty);
    r.maxTokens = std::clamp(s.maxTokens, 0, SamplingLimits::maxTokensMax);
    return r;
}

SamplingDefaults AppSettings::sampling() const {
    SamplingDefaults s;
    const auto dbl = [this](const char *key, double def) {
        return readDouble(m_store->value(key)).value_or(def);
    };
    const auto integer = [this](const char *key, int def, int lo, int hi) {
        const std::optional<qint64> n = readInteger(m_store->value(key));
        return n ? clampInt(*n, lo, hi) : def;
    };
    const auto boolean = [this](const char *key, bool def) {
        return readBool(m_store->value(key)).value_or(def);
    };
    s.temperature = dbl(Keys::temperature, s.temperature);
    s.topK = integer(Keys::topK, s.topK, 0, SamplingLimits::topKMax);
    s.topP = dbl(Keys::topP, s.topP);
    s.minP = dbl(Keys::minP, s.minP);
    s.repetitionPenalty = dbl(Keys::repetitionPenalty, s.repetitionPenalty);
    s.presencePenalty = dbl(Keys::presencePenalty, s.presencePenalty);
    s.frequencyPenalty = dbl(Keys::frequencyPenalty, s.frequencyPenalty);
    s.fixedSeed = boolean(Keys::fixedSeed, s.fixedSeed);
    s.maxTokens = integer(Keys::maxTokens, s.maxTokens, 0, SamplingLimits::maxTokensMax);
    s.think = boolean(Keys::think, s.think);

    // The seed is unsigned 64-bit: read it as such (every value is valid; negative numbers and
    // anything else are garbage).
    const QVariant seed = m_store->value(Keys::seed);
    bool ok = false;
    quint64 value = 0;
    if (isStringLike(seed)) {
        const QString text = seed.toString().trimmed();
        if (!text.startsWith(u'-') && !text.startsWith(u'+')) value = text.toULongLong(&ok);
    } else if (seed.typeId() == QMetaType::ULongLong || seed.typeId() == QMetaType::ULong ||
               seed.typeId() == QMetaType::UInt) {
        value = seed.toULongLong(&ok);
    } else if (isIntegerType(seed.typeId()) && seed.toLongLong() >= 0) {
        value = quint64(seed.toLongLong(&ok));
    }
    if (ok) s.seed = value;
    return sanitized(s);
}

void AppSettings::setSampling(const SamplingDefaults &in) {
    const SamplingDefaults s = sanitized(in);
    m_store->setValue(Keys::temperature, s.temperature);
    m_store->setValue(Keys::topK, s.topK);
    m_store->setValue(Keys::topP, s.topP);
    m_store->setValue(Keys::minP, s.minP);
    m_store->setValue(Keys::repetitionPenalty, s.repetitionPenalty);
    m_store->setValue(Keys::presencePenalty, s.presencePenalty);
    m_store->setValue(Keys::frequencyPenalty, s.frequencyPenalty);
    m_store->setValue(Keys::fixedSeed, s.fixedSeed);
    // As text: QVariant(quint64) goes through INI as a number string anyway, and other formats
    // (the Windows registry) have no unsigned 64-bit type.
    m_store->setValue(Keys::seed, QString::number(s.seed));
    m_store->setValue(Keys::maxTokens, s.maxTokens);
    m_store->setValue(Keys::think, s.think);
}

QStringList AppSettings::availableThemes() {
    return {QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")};
}

QString AppSettings::theme() const {
    const std::optional<QString> s = readString(m_store->value(Keys::theme));
    if (s) {
        const QString name = s->trimmed().toLower();
        if (availableThemes().contains(name)) return name;
    }
    return QStringLiteral("system");
}

void AppSettings::setTheme(const QString &theme) {
    const QString name = theme.trimmed().toLower();
    m_store->setValue(Keys::theme,
                      availableThemes().contains(name) ? name : QStringLiteral("system"));
}

QStringList AppSettings::availableLanguages() {
    return {QStringLiteral("en"),   QStringLiteral("de"), QStringLiteral("fr"),
            QStringLiteral("es"),   QStringLiteral("ja"), QStringLiteral("zh_CN"),
            QStringLiteral("pt_BR")};
}

QString AppSettings::normalizedLanguage(const QString &language) {
    QString code = language.trimmed();
    if (code.isEmpty()) return QStringLiteral("");
    code.replace(u'-', u'_');
    for (const QString &known : availableLanguages()) {
        if (code.compare(known, Qt::CaseInsensitive) == 0) return known;
    }
    return QString();
}

QString AppSettings::language() const {
    const std::optional<QString> s = readString(m_store->value(Keys::language));
    if (!s) return QStringLiteral("");
    const QString code = normalizedLanguage(*s);
    return code.isNull() ? QStringLiteral("") : code;
}

void AppSettings::setLanguage(const QString &language) {
    const QString code = normalizedLanguage(language);
    m_store->setValue(Keys::language, code.isNull() ? QStringLiteral("") : code);
}

QString AppSettings::defaultRegistryUrl() {
    return QStringLiteral("https://registry.ollama.ai");
}

bool AppSettings::isValidRegistryUrl(const QString &url) {
    const QUrl u(url.trimmed(), QUrl::StrictMode);
    const QString scheme = u.scheme().toLower();
    return u.isValid() && (scheme == u"http" || scheme == u"https") && !u.host().isEmpty();
}

QString AppSettings::registryUrl() const {
    const std::optional<QString> s = readString(m_store->value(Keys::registryUrl));
    if (s && isValidRegistryUrl(*s)) return s->trimmed();
    return defaultRegistryUrl();
}

void AppSettings::setRegistryUrl(const QString &url) {
    m_store->setValue(Keys::registryUrl,
                      isValidRegistryUrl(url) ? url.trimmed() : defaultRegistryUrl());
}

bool AppSettings::showThinking() const {
    return readBool(m_store->value(Keys::showThinking)).value_or(true);
}

void AppSettings::setShowThinking(bool show) {
    m_store->setValue(Keys::showThinking, show);
}

QList<int> AppSettings::imageTokenChoices() {
    return {70, 140, 280, 560, 1120};
}

int AppSettings::imageTokens() const {
    const std::optional<qint64> n = readInteger(m_store->value(Keys::imageTokens));
    if (n && imageTokenChoices().contains(int(*n))) return int(*n);
    return 280;
}

void AppSettings::setImageTokens(int tokens) {
    m_store->setValue(Keys::imageTokens, imageTokenChoices().contains(tokens) ? tokens : 280);
}

bool AppSettings::keepTowersLoaded() const {
    return readBool(m_store->value(Keys::keepTowersLoaded)).value_or(true);
}

void AppSettings::setKeepTowersLoaded(bool keep) {
    m_store->setValue(Keys::keepTowersLoaded, keep);
}

QString AppSettings::trainingDataPath() const {
    const QVariant v = m_store->value(Keys::trainingDataPath);
    if (const std::optional<QString> s = readString(v)) return *s;
    // A hand-written path with a comma and no quotes comes back from an INI file as a list.
    if (v.typeId() == QMetaType::QStringList) return v.toStringList().join(QStringLiteral(", "));
    return QString();
}

void AppSettings::setTrainingDataPath(const QString &path) {
    m_store->setValue(Keys::trainingDataPath, path);
}

QStringList AppSettings::recentAdapters() const {
    const QVariant v = m_store->value(Keys::recentAdapters);
    QStringList stored;
    if (v.typeId() == QMetaType::QStringList)
        stored = v.toStringList();
    else if (const std::optional<QString> s = readString(v))
        stored = {*s};
    QStringList out;
    for (const QString &path : stored) {
        if (!path.isEmpty() && !out.contains(path)) out << path;
        if (out.size() == kMaxRecentAdapters) break;
    }
    return out;
}

void AppSettings::addRecentAdapter(const QString &path) {
    if (path.isEmpty()) return;
    QStringList list = recentAdapters();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecentAdapters)
        list.removeLast();
    m_store->setValue(Keys::recentAdapters, list);
}

void AppSettings::removeRecentAdapter(const QString &path) {
    QStringList list = recentAdapters();
    if (list.removeAll(path) > 0) m_store->setValue(Keys::recentAdapters, list);
}

bool AppSettings::serverEnabled() const {
    return readBool(m_store->value(Keys::serverEnabled)).value_or(false);
}

void AppSettings::setServerEnabled(bool enabled) {
    m_store->setValue(Keys::serverEnabled, enabled);
}

int AppSettings::serverPort() const {
    bool ok = false;
    const int port = m_store->value(Keys::serverPort).toInt(&ok);
    return ok && port >= 1 && port <= 65535 ? port : kDefaultServerPort;
}

void AppSettings::setServerPort(int port) {
    m_store->setValue(Keys::serverPort, port);
}

void AppSettings::resetToDefaults() {
    for (const char *key : {Keys::gpuBackend,
                            Keys::gpuDevice,
                            Keys::int8Activations,
                            Keys::gpuWait,
                            Keys::contextLength,
                            Keys::imageTokens,
                            Keys::keepTowersLoaded,
                            Keys::temperature,
                            Keys::topK,
                            Keys::topP,
                            Keys::minP,
                            Keys::repetitionPenalty,
                            Keys::presencePenalty,
                            Keys::frequencyPenalty,
                            Keys::fixedSeed,
                            Keys::seed,
                            Keys::maxTokens,
                            Keys::think,
                            Keys::theme,
                            Keys::language,
                            Keys::showThinking,
                            Keys::registryUrl,
                            Keys::trainingDataPath,
                            Keys::serverEnabled,
                            Keys::serverPort}) {
        m_store->remove(key);
    }
}

}  // namespace facet::app
