// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Settings: AppSettings (defaults, garbage, round trips), the SamplingEditor, the Settings dialog
// (OK writes, Cancel does not, validation, devices, live retranslation), the LanguageManager over
// Facet's real translations, and the themes. Every QSettings here lives in a temporary folder.
#include "app_settings.h"
#include "audio/audio_decode.h"
#include "language_manager.h"
#include "sampling_editor.h"
#include "settings_dialog.h"
#include "theme.h"

#include <gtest/gtest.h>

#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QTranslator>

#include <cmath>
#include <limits>
#include <memory>
#include <random>

namespace facet::app {
namespace {

// Points the user's (and the system's) QSettings at a temporary folder before any test runs, so
// that nothing here can read or change the real Facet settings of whoever runs the tests.
class TempSettingsEnvironment : public ::testing::Environment {
public:
    void SetUp() override {
        ASSERT_TRUE(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true);
        for (QSettings::Format format : {QSettings::NativeFormat, QSettings::IniFormat}) {
            QSettings::setPath(format, QSettings::UserScope,
                               m_dir.filePath(QStringLiteral("user")));
            QSettings::setPath(format, QSettings::SystemScope,
                               m_dir.filePath(QStringLiteral("system")));
        }
        QCoreApplication::setOrganizationName(QStringLiteral("FacetTests"));
        QCoreApplication::setApplicationName(QStringLiteral("settings_test"));
    }
    QString userPath() const { return m_dir.filePath(QStringLiteral("user")); }

private:
    QTemporaryDir m_dir;
};

TempSettingsEnvironment *const gEnvironment = static_cast<TempSettingsEnvironment *>(
    ::testing::AddGlobalTestEnvironment(new TempSettingsEnvironment));

// A fresh INI file per test.
class SettingsFixture : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        path = dir.filePath(QStringLiteral("facet.ini"));
        store = std::make_unique<QSettings>(path, QSettings::IniFormat);
        settings = std::make_unique<AppSettings>(*store);
    }
    // Writes `text` as the settings file (a hand-edited config) and reopens it.
    void writeIni(const QByteArray &text) {
        settings.reset();
        store.reset();
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
        file.close();
        store = std::make_unique<QSettings>(path, QSettings::IniFormat);
        settings = std::make_unique<AppSettings>(*store);
    }
    QVariantMap snapshot() const {
        QVariantMap map;
        for (const QString &key : store->allKeys())
            map.insert(key, store->value(key));
        return map;
    }

    QTemporaryDir dir;
    QString path;
    std::unique_ptr<QSettings> store;
    std::unique_ptr<AppSettings> settings;
};

void expectDefaults(const AppSettings &s) {
    EXPECT_EQ(s.gpuBackend(), QStringLiteral("auto"));
    EXPECT_EQ(s.gpuDevice(), -1);
    EXPECT_EQ(s.int8Activations(), QStringLiteral("auto"));
    EXPECT_EQ(s.gpuWait(), QStringLiteral("adaptive"));
    EXPECT_EQ(s.contextLength(), 8192);
    EXPECT_EQ(s.sampling(), SamplingDefaults{});
    EXPECT_EQ(s.theme(), QStringLiteral("system"));
    EXPECT_EQ(s.language(), QStringLiteral(""));
    EXPECT_EQ(s.registryUrl(), QStringLiteral("https://registry.ollama.ai"));
    EXPECT_TRUE(s.showThinking());
    EXPECT_EQ(s.trainingDataPath(), QString());
}

// ---------------------------------------------------------------------------------------------
// AppSettings

using AppSettingsTest = SettingsFixture;

TEST_F(AppSettingsTest, EmptySettingsGiveTheDefaults) {
    expectDefaults(*settings);
    const SamplingDefaults s = settings->sampling();
    EXPECT_EQ(s.temperature, 1.0);
    EXPECT_EQ(s.topK, 64);
    EXPECT_EQ(s.topP, 0.95);
    EXPECT_EQ(s.minP, 0.0);
    EXPECT_EQ(s.repetitionPenalty, 1.0);
    EXPECT_FALSE(s.fixedSeed);
    EXPECT_EQ(s.maxTokens, 0);
    EXPECT_FALSE(s.think);
    EXPECT_TRUE(s.toParams().validate().isEmpty());
    EXPECT_TRUE(store->allKeys().isEmpty());  // reading writes nothing
}

// The local API server: off by default; a port outside 1 .. 65535 (a hand-edited file) reads as
// the default.
TEST_F(AppSettingsTest, TheApiServerIsOffUntilTurnedOn) {
    EXPECT_FALSE(settings->serverEnabled());
    EXPECT_EQ(settings->serverPort(), AppSettings::kDefaultServerPort);
    settings->setServerEnabled(true);
    settings->setServerPort(1234);
    EXPECT_TRUE(settings->serverEnabled());
    EXPECT_EQ(settings->serverPort(), 1234);
    for (const QVariant &bad : {QVariant(0), QVariant(70000), QVariant(QStringLiteral("http"))}) {
        store->setValue(AppSettings::Keys::serverPort, bad);
        EXPECT_EQ(settings->serverPort(), AppSettings::kDefaultServerPort);
    }
    settings->resetToDefaults();
    EXPECT_FALSE(settings->serverEnabled());
}

// The chat's recently used adapters: newest first, no duplicates, at most kMaxRecentAdapters;
// a single hand-written path reads as a list of one; resetting the preferences keeps the history.
TEST_F(AppSettingsTest, RecentAdaptersAreAnOrderedBoundedHistory) {
    EXPECT_TRUE(settings->recentAdapters().isEmpty());
    settings->addRecentAdapter(QStringLiteral("/a/one"));
    settings->addRecentAdapter(QStringLiteral("/a/two.gguf"));
    settings->addRecentAdapter(QString());
    settings->addRecentAdapter(QStringLiteral("/a/one"));
    EXPECT_EQ(settings->recentAdapters(),
              (QStringList{QStringLiteral("/a/one"), QStringLiteral("/a/two.gguf")}));
    for (int i = 0; i < 20; ++i)
        settings->addRecentAdapter(QStringLiteral("/many/%1").arg(i));
    const QStringList many = settings->recentAdapters();
    ASSERT_EQ(many.size(), AppSettings::kMaxRecentAdapters);
    EXPECT_EQ(many.first(), QStringLiteral("/many/19"));
    settings->removeRecentAdapter(QStringLiteral("/many/19"));
    EXPECT_EQ(settings->recentAdapters().first(), QStringLiteral("/many/18"));
    settings->resetToDefaults();
    EXPECT_EQ(settings->recentAdapters().size(), AppSettings::kMaxRecentAdapters - 1);
    store->setValue(AppSettings::Keys::recentAdapters, QStringLiteral("/hand/written"));
    EXPECT_EQ(settings->recentAdapters(), QStringList{QStringLiteral("/hand/written")});
}

TEST_F(AppSettingsTest, HandEditedGarbageReadsAsDefaultsOrClamped) {
    writeIni(
        "[gpu]\nbackend=metal\ndevice=banana\nint8Activations=fast\nwait=fixed:500\n"
        "[models]\ncontextLength=99999999999999999999999\n"
        "[sampling]\ntemperature=nan\ntopK=-7\ntopP=0\nminP=1.5\nrepetitionPenalty=-1\n"
        "presencePenalty=inf\nfrequencyPenalty=abc\nfixedSeed=maybe\nseed=-5\nmaxTokens=12.5\n"
        "think=2\n"
        "[appearance]\ntheme=Solarized\nlanguage=klingon\n"
        "[chat]\nshowThinking=yes please\n"
        "[downloads]\nregistryUrl=ftp://example.com\n"
        "[finetune]\ntrainingDataPath=/data/a, b.jsonl\n");
    EXPECT_EQ(settings->gpuBackend(), QStringLiteral("auto"));  // no Metal on Linux
    EXPECT_EQ(settings->gpuDevice(), -1);
    EXPECT_EQ(settings->int8Activations(), QStringLiteral("auto"));
    EXPECT_EQ(settings->gpuWait(), QStringLiteral("adaptive"));  // the CLI's fixed: not offered
    EXPECT_EQ(settings->contextLength(), 131072);  // a huge number is clamped, not wrapped
    const SamplingDefaults s = settings->sampling();
    EXPECT_EQ(s.temperature, 1.0);
    EXPECT_EQ(s.topK, 0);
    EXPECT_EQ(s.topP, 0.95);  // 0 would keep no token: the default, not a clamp
    EXPECT_EQ(s.minP, 1.0);
    EXPECT_EQ(s.repetitionPenalty, 1.0);
    EXPECT_EQ(s.presencePenalty, 0.0);
    EXPECT_EQ(s.frequencyPenalty, 0.0);
    EXPECT_FALSE(s.fixedSeed);
    EXPECT_EQ(s.seed, 0u);
    EXPECT_EQ(s.maxTokens, 0);
    EXPECT_FALSE(s.think);  // "2" is not a boolean (QVariant would call it true)
    EXPECT_TRUE(s.toParams().validate().isEmpty()) << s.toParams().validate().toStdString();
    EXPECT_EQ(settings->theme(), QStringLiteral("system"));
    EXPECT_EQ(settings->language(), QStringLiteral(""));
    EXPECT_TRUE(settings->showThinking());
    EXPECT_EQ(settings->registryUrl(), QStringLiteral("https://registry.ollama.ai"));
    // An unquoted comma makes QSettings read a list; the path comes back whole.
    EXPECT_EQ(settings->trainingDataPath(), QStringLiteral("/data/a, b.jsonl"));
}

TEST_F(AppSettingsTest, WrongTypesAndOutOfRangeValuesAreRepaired) {
    store->setValue(AppSettings::Keys::contextLength, QStringList{QStringLiteral("a")});
    store->setValue(AppSettings::Keys::temperature, QVariantMap{{QStringLiteral("x"), 1}});
    store->setValue(AppSettings::Keys::theme, 5);
    store->setValue(AppSettings::Keys::language, QStringList{QStringLiteral("de")});
    store->setValue(AppSettings::Keys::gpuBackend, QStringLiteral("d3d12"));
    store->setValue(AppSettings::Keys::int8Activations, 0);
    store->setValue(AppSettings::Keys::gpuWait, QStringList{QStringLiteral("off")});
    store->setValue(AppSettings::Keys::topK, 5000);
    store->setValue(AppSettings::Keys::maxTokens, -20);
    store->setValue(AppSettings::Keys::gpuDevice, 64);
    store->setValue(AppSettings::Keys::showThinking, QStringLiteral("off"));
    store->setValue(AppSettings::Keys::registryUrl, QStringLiteral("https://"));
    store->setValue(AppSettings::Keys::seed, QStringLiteral("18446744073709551616"));  // 2^64
    EXPECT_EQ(settings->contextLength(), 8192);
    EXPECT_EQ(settings->sampling().temperature, 1.0);
    EXPECT_EQ(settings->theme(), QStringLiteral("system"));
    EXPECT_EQ(settings->language(), QStringLiteral(""));
    EXPECT_EQ(settings->gpuBackend(), QStringLiteral("auto"));
    EXPECT_EQ(settings->int8Activations(), QStringLiteral("auto"));
    EXPECT_EQ(settings->gpuWait(), QStringLiteral("adaptive"));
    EXPECT_EQ(settings->sampling().topK, 1000);
    EXPECT_EQ(settings->sampling().maxTokens, 0);
    EXPECT_EQ(settings->gpuDevice(), -1);
    EXPECT_FALSE(settings->showThinking());
    EXPECT_EQ(settings->registryUrl(), QStringLiteral("https://registry.ollama.ai"));
    EXPECT_EQ(settings->sampling().seed, 0u);

    store->setValue(AppSettings::Keys::contextLength, 100);
    store->setValue(AppSettings::Keys::temperature, 7.5);
    store->setValue(AppSettings::Keys::gpuDevice, -2);
    store->setValue(AppSettings::Keys::presencePenalty, -9);
    store->setValue(AppSettings::Keys::language, QStringLiteral(" ZH-cn "));
    store->setValue(AppSettings::Keys::theme, QStringLiteral("Dark"));
    store->setValue(AppSettings::Keys::int8Activations, QStringLiteral(" OFF "));
    store->setValue(AppSettings::Keys::gpuWait, QStringLiteral("Off"));
    EXPECT_EQ(settings->int8Activations(), QStringLiteral("off"));
    EXPECT_EQ(settings->gpuWait(), QStringLiteral("off"));
    EXPECT_EQ(settings->contextLength(), 512);
    EXPECT_EQ(settings->sampling().temperature, 2.0);
    EXPECT_EQ(settings->gpuDevice(), -1);
    EXPECT_EQ(settings->sampling().presencePenalty, -2.0);
    EXPECT_EQ(settings->language(), QStringLiteral("zh_CN"));
    EXPECT_EQ(settings->theme(), QStringLiteral("dark"));
}

TEST_F(AppSettingsTest, EveryValidValueSurvivesARoundTrip) {
    SamplingDefaults s;
    s.temperature = 0.35;
    s.topK = 17;
    s.topP = 0.8;
    s.minP = 0.05;
    s.repetitionPenalty = 1.15;
    s.presencePenalty = -0.5;
    s.frequencyPenalty = 1.25;
    s.fixedSeed = true;
    s.seed = std::numeric_limits<quint64>::max();
    s.maxTokens = 4096;
    s.think = true;
    settings->setGpuBackend(QStringLiteral("opengl"));
    settings->setGpuDevice(2);
    settings->setInt8Activations(QStringLiteral("off"));
    settings->setGpuWait(QStringLiteral("off"));
    settings->setContextLength(32768);
    settings->setSampling(s);
    settings->setTheme(QStringLiteral("dark"));
    settings->setLanguage(QStringLiteral("pt_BR"));
    settings->setRegistryUrl(QStringLiteral(" http://mirror.local:5000/v2 "));
    settings->setShowThinking(false);
    settings->setTrainingDataPath(QStringLiteral("/home/u/my data, v2.jsonl"));
    store->sync();
    ASSERT_EQ(store->status(), QSettings::NoError);

    // A new QSettings object re-reads the file.
    QSettings reread(path, QSettings::IniFormat);
    const AppSettings again(reread);
    EXPECT_EQ(again.gpuBackend(), QStringLiteral("opengl"));
    EXPECT_EQ(again.gpuDevice(), 2);
    EXPECT_EQ(again.int8Activations(), QStringLiteral("off"));
    EXPECT_EQ(again.gpuWait(), QStringLiteral("off"));
    EXPECT_EQ(again.contextLength(), 32768);
    EXPECT_EQ(again.sampling(), s);
    EXPECT_EQ(again.theme(), QStringLiteral("dark"));
    EXPECT_EQ(again.language(), QStringLiteral("pt_BR"));
    EXPECT_EQ(again.registryUrl(), QStringLiteral("http://mirror.local:5000/v2"));
    EXPECT_FALSE(again.showThinking());
    EXPECT_EQ(again.trainingDataPath(), QStringLiteral("/home/u/my data, v2.jsonl"));
    // The Models dock reads the context length with toLongLong().
    EXPECT_EQ(reread.value(AppSettings::Keys::contextLength).toLongLong(), 32768);

    settings->resetToDefaults();
    expectDefaults(*settings);
    EXPECT_TRUE(store->allKeys().isEmpty());
}

TEST_F(AppSettingsTest, SettersStoreOnlyValidValues) {
    settings->setGpuBackend(QStringLiteral("metal"));
    EXPECT_EQ(store->value(AppSettings::Keys::gpuBackend).toString(), QStringLiteral("auto"));
    settings->setContextLength(10);
    EXPECT_EQ(settings->contextLength(), 512);
    settings->setContextLength(1 << 30);
    EXPECT_EQ(settings->contextLength(), 131072);
    settings->setTheme(QStringLiteral("purple"));
    EXPECT_EQ(store->value(AppSettings::Keys::theme).toString(), QStringLiteral("system"));
    settings->setLanguage(QStringLiteral("xx"));
    EXPECT_EQ(store->value(AppSettings::Keys::language).toString(), QStringLiteral(""));
    settings->setRegistryUrl(QStringLiteral("not a url"));
    EXPECT_EQ(settings->registryUrl(), AppSettings::defaultRegistryUrl());
    settings->setGpuDevice(1000);
    EXPECT_EQ(settings->gpuDevice(), -1);
    settings->setInt8Activations(QStringLiteral("off"));
    settings->setInt8Activations(QStringLiteral("all"));  // the CLI's test mode: not offered
    EXPECT_EQ(store->value(AppSettings::Keys::int8Activations).toString(), QStringLiteral("auto"));
    settings->setGpuWait(QStringLiteral("off"));
    settings->setGpuWait(QStringLiteral("fixed:500"));
    EXPECT_EQ(store->value(AppSettings::Keys::gpuWait).toString(), QStringLiteral("adaptive"));
    SamplingDefaults bad;
    bad.temperature = std::numeric_limits<double>::quiet_NaN();
    bad.topP = 0;
    bad.repetitionPenalty = -3;
    bad.topK = -1;
    settings->setSampling(bad);
    const SamplingDefaults s = settings->sampling();
    EXPECT_EQ(s.temperature, 1.0);
    EXPECT_EQ(s.topP, 0.95);
    EXPECT_EQ(s.repetitionPenalty, 1.0);
    EXPECT_EQ(s.topK, 0);
}

// Whatever numbers arrive (another program's conversation file, a fuzzer), sanitized() gives
// parameters the engine accepts, and the settings store exactly those.
TEST_F(AppSettingsTest, SanitizedSamplingAlwaysPassesTheEnginesValidation) {
    std::mt19937_64 rng(1234);
    const double specials[] = {std::numeric_limits<double>::quiet_NaN(),
                               std::numeric_limits<double>::infinity(),
                               -std::numeric_limits<double>::infinity(),
                               0.0,
                               -0.0,
                               1e300,
                               -1e300,
                               1e-300};
    std::uniform_real_distribution<double> wide(-10.0, 10.0);
    const auto pick = [&] {
        return rng() % 4 == 0 ? specials[rng() % std::size(specials)] : wide(rng);
    };
    for (int i = 0; i < 300; ++i) {
        SamplingDefaults s;
        s.temperature = pick();
        s.topP = pick();
        s.minP = pick();
        s.repetitionPenalty = pick();
        s.presencePenalty = pick();
        s.frequencyPenalty = pick();
        s.topK = int(rng() % 4000) - 2000;
        s.maxTokens = int(rng());
        const SamplingDefaults clean = AppSettings::sanitized(s);
        ASSERT_TRUE(clean.toParams().validate().isEmpty())
            << i << ": " << clean.toParams().validate().toStdString();
        EXPECT_EQ(AppSettings::sanitized(clean), clean);  // idempotent
        settings->setSampling(s);
        EXPECT_EQ(settings->sampling(), clean) << i;
    }
}

TEST_F(AppSettingsTest, BackendsOfferedAreThoseOfThisPlatform) {
    const QStringList backends = AppSettings::availableBackends();
    ASSERT_FALSE(backends.isEmpty());
    EXPECT_EQ(backends.first(), QStringLiteral("auto"));
#if defined(Q_OS_LINUX)
    EXPECT_EQ(backends, (QStringList{QStringLiteral("auto"), QStringLiteral("vulkan"),
                                     QStringLiteral("opengl")}));
#endif
    for (const QString &b : backends) {
        settings->setGpuBackend(b);
        EXPECT_EQ(settings->gpuBackend(), b);
    }
}

TEST_F(AppSettingsTest, DefaultConstructorUsesTheApplicationsSettingsInTheTestFolder) {
    {
        AppSettings user;
        user.setTheme(QStringLiteral("light"));
        EXPECT_EQ(user.theme(), QStringLiteral("light"));
        user.store().sync();
        const QString file = user.store().fileName();
        EXPECT_TRUE(file.startsWith(gEnvironment->userPath())) << file.toStdString();
        EXPECT_TRUE(QFile::exists(file));
        user.resetToDefaults();
    }
    EXPECT_EQ(AppSettings().theme(), QStringLiteral("system"));
}

// ---------------------------------------------------------------------------------------------
// SamplingEditor

template <typename T>
T *child(const QObject &parent, const char *name) {
    T *w = parent.findChild<T *>(QString::fromLatin1(name));
    EXPECT_NE(w, nullptr) << name;
    return w;
}

TEST(SamplingEditorTest, ShowsAndReturnsValues) {
    SamplingEditor editor;
    EXPECT_EQ(editor.sampling(), SamplingDefaults{});
    SamplingDefaults s;
    s.temperature = 0.7;
    s.topK = 40;
    s.topP = 0.9;
    s.minP = 0.05;
    s.repetitionPenalty = 1.1;
    s.presencePenalty = 0.5;
    s.frequencyPenalty = -0.3;
    s.fixedSeed = true;
    s.seed = 18446744073709551615ull;
    s.maxTokens = 1000;
    s.think = true;
    editor.setSampling(s);
    EXPECT_EQ(editor.sampling(), s);
    EXPECT_TRUE(editor.isValid());
    EXPECT_TRUE(editor.adjustments().isEmpty());
    EXPECT_EQ(child<QDoubleSpinBox>(editor, "temperature")->value(), 0.7);
    EXPECT_EQ(child<QLineEdit>(editor, "seed")->text(), QStringLiteral("18446744073709551615"));
    EXPECT_TRUE(child<QLineEdit>(editor, "seed")->isEnabled());
    s.fixedSeed = false;
    editor.setSampling(s);
    EXPECT_FALSE(child<QLineEdit>(editor, "seed")->isEnabled());
    EXPECT_EQ(editor.sampling(), s);  // the seed is kept for when it is switched on again
}

TEST(SamplingEditorTest, ResetGivesGemma4DefaultsAndKeepsTheSeedText) {
    SamplingEditor editor;
    SamplingDefaults s;
    s.temperature = 0.2;
    s.topK = 5;
    s.topP = 0.5;
    s.maxTokens = 77;
    s.fixedSeed = true;
    s.seed = 99;
    editor.setSampling(s);
    QSignalSpy changed(&editor, &SamplingEditor::changed);
    child<QPushButton>(editor, "resetSampling")->click();
    EXPECT_EQ(changed.count(), 1);
    const SamplingDefaults r = editor.sampling();
    EXPECT_EQ(r.temperature, 1.0);
    EXPECT_EQ(r.topK, 64);
    EXPECT_EQ(r.topP, 0.95);
    EXPECT_EQ(r.minP, 0.0);
    EXPECT_EQ(r.maxTokens, 0);
    EXPECT_FALSE(r.fixedSeed);
    EXPECT_EQ(r.seed, 99u);
    EXPECT_EQ(child<QLineEdit>(editor, "seed")->text(), QStringLiteral("99"));
    // Pressing it again changes nothing and says so by not signalling.
    child<QPushButton>(editor, "resetSampling")->click();
    EXPECT_EQ(changed.count(), 1);
}

TEST(SamplingEditorTest, InvalidValuesAreFlaggedInline) {
    SamplingEditor editor;
    editor.show();
    auto *problems = child<QLabel>(editor, "samplingProblems");
    EXPECT_TRUE(editor.isValid());
    EXPECT_FALSE(problems->isVisible());

    child<QDoubleSpinBox>(editor, "topP")->setValue(0.0);
    ASSERT_FALSE(editor.isValid());
    EXPECT_TRUE(editor.problems().first().contains(QStringLiteral("Top-p")));
    EXPECT_TRUE(problems->isVisible());
    EXPECT_TRUE(problems->text().contains(QStringLiteral("Top-p must be greater than 0")));
    child<QDoubleSpinBox>(editor, "topP")->setValue(0.5);
    EXPECT_TRUE(editor.isValid());
    EXPECT_FALSE(problems->isVisible());

    child<QDoubleSpinBox>(editor, "repetitionPenalty")->setValue(0.0);
    EXPECT_FALSE(editor.isValid());
    child<QDoubleSpinBox>(editor, "repetitionPenalty")->setValue(0.8);
    EXPECT_TRUE(editor.isValid());
    EXPECT_TRUE(editor.hints().join(u' ').contains(QStringLiteral("below 1")));

    // A fixed seed needs a number that fits 64 bits.
    auto *fixed = child<QCheckBox>(editor, "fixedSeed");
    auto *seed = child<QLineEdit>(editor, "seed");
    seed->clear();
    fixed->setChecked(true);
    EXPECT_FALSE(editor.isValid());
    EXPECT_TRUE(editor.problems().join(u' ').contains(QStringLiteral("Enter a seed")));
    seed->setText(QStringLiteral("99999999999999999999"));
    emit seed->textEdited(seed->text());
    EXPECT_FALSE(editor.isValid());
    EXPECT_TRUE(problems->text().contains(QStringLiteral("18446744073709551615")));
    seed->setText(QStringLiteral("12345"));
    emit seed->textEdited(seed->text());
    EXPECT_TRUE(editor.isValid());
    EXPECT_EQ(editor.sampling().seed, 12345u);
    // Letters never get in.
    QTest::keyClicks(seed, QStringLiteral("a-"));
    EXPECT_EQ(seed->text(), QStringLiteral("12345"));

    child<QDoubleSpinBox>(editor, "temperature")->setValue(0.0);
    EXPECT_TRUE(editor.hints().join(u' ').contains(QStringLiteral("most likely token")));
}

TEST(SamplingEditorTest, ValuesItCannotHoldAreAdjustedAndNoted) {
    SamplingEditor editor;
    SamplingDefaults s;
    s.temperature = 9.5;
    s.topK = -3;
    s.topP = std::numeric_limits<double>::quiet_NaN();
    s.maxTokens = 10'000'000;
    s.minP = 0.123;  // finer than the form's steps
    editor.setSampling(s);
    const SamplingDefaults shown = editor.sampling();
    EXPECT_EQ(shown.temperature, 2.0);
    EXPECT_EQ(shown.topK, 0);
    EXPECT_EQ(shown.topP, 0.95);
    EXPECT_EQ(shown.maxTokens, SamplingLimits::maxTokensMax);
    EXPECT_NEAR(shown.minP, 0.12, 1e-12);
    const QStringList notes = editor.adjustments();
    ASSERT_EQ(notes.size(), 5) << notes.join(u'\n').toStdString();
    // Numbers in the user's format ("9,5" in German).
    const QString temperature = QStringLiteral("Temperature %1").arg(QLocale().toString(9.5));
    EXPECT_TRUE(notes.join(u'\n').contains(temperature));
    EXPECT_TRUE(notes.join(u'\n').contains(QStringLiteral("Top-p was not a number")));
    EXPECT_TRUE(editor.isValid());  // adjusted values are usable
    EXPECT_TRUE(child<QLabel>(editor, "samplingProblems")->text().contains(temperature));
    editor.setSampling(SamplingDefaults{});
    EXPECT_TRUE(editor.adjustments().isEmpty());
}

TEST(SamplingEditorTest, UserEditsSignalAndProgrammaticSetsDoNot) {
    SamplingEditor editor;
    QSignalSpy changed(&editor, &SamplingEditor::changed);
    SamplingDefaults s;
    s.topK = 10;
    s.think = true;
    editor.setSampling(s);
    EXPECT_EQ(changed.count(), 0);
    child<QSpinBox>(editor, "topK")->setValue(11);
    EXPECT_EQ(changed.count(), 1);
    child<QCheckBox>(editor, "think")->setChecked(false);
    EXPECT_EQ(changed.count(), 2);
    EXPECT_EQ(editor.sampling().topK, 11);
    EXPECT_FALSE(editor.sampling().think);
}

// Every control a user can reach has an accessible name and description; labelled fields have
// a buddy with a mnemonic, and no two mnemonics of one page (or the dialog's buttons) collide.
void expectAccessible(const QWidget &root) {
    for (QWidget *w : root.findChildren<QWidget *>()) {
        const bool control =
            qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractSpinBox *>(w) ||
            qobject_cast<QCheckBox *>(w) || qobject_cast<QPushButton *>(w) ||
            (qobject_cast<QLineEdit *>(w) && !qobject_cast<QAbstractSpinBox *>(w->parentWidget()) &&
             !qobject_cast<QComboBox *>(w->parentWidget()));
        if (!control) continue;
        SCOPED_TRACE(w->objectName().toStdString() + " " + w->metaObject()->className());
        if (!qobject_cast<QDialogButtonBox *>(w->parentWidget())) {  // Qt names standard buttons
            EXPECT_FALSE(w->accessibleName().isEmpty());
        }
        EXPECT_FALSE(w->accessibleDescription().isEmpty());
        EXPECT_NE(w->focusPolicy() & Qt::TabFocus, 0);
    }
    for (QLabel *label : root.findChildren<QLabel *>()) {
        if (label->buddy()) {
            EXPECT_TRUE(label->text().contains(u'&')) << label->text().toStdString();
        }
    }
}

QChar mnemonic(const QString &text) {
    const qsizetype at = text.indexOf(u'&');
    return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
}

TEST(SamplingEditorTest, EveryControlIsAccessible) {
    SamplingEditor editor;
    expectAccessible(editor);
}

// ---------------------------------------------------------------------------------------------
// SettingsDialog

using SettingsDialogTest = SettingsFixture;

QPushButton *button(SettingsDialog &dialog, QDialogButtonBox::StandardButton which) {
    return child<QDialogButtonBox>(dialog, "settingsButtons")->button(which);
}

TEST_F(SettingsDialogTest, OpeningAndOkWithoutEditsWritesNothing) {
    SettingsDialog dialog(*settings, nullptr);
    EXPECT_FALSE(dialog.hasChanges());
    EXPECT_FALSE(button(dialog, QDialogButtonBox::Apply)->isEnabled());
    button(dialog, QDialogButtonBox::Ok)->click();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
    EXPECT_TRUE(store->allKeys().isEmpty());
}

TEST_F(SettingsDialogTest, TheApiServerSwitchAndPortAreStored) {
    SettingsDialog dialog(*settings, nullptr);
    auto *enabled = child<QCheckBox>(dialog, "serverEnabled");
    auto *port = child<QSpinBox>(dialog, "serverPort");
    EXPECT_FALSE(enabled->isChecked());
    EXPECT_FALSE(port->isEnabled());  // only with the switch on
    enabled->setChecked(true);
    EXPECT_TRUE(port->isEnabled());
    port->setValue(8123);
    button(dialog, QDialogButtonBox::Ok)->click();
    EXPECT_TRUE(settings->serverEnabled());
    EXPECT_EQ(settings->serverPort(), 8123);
}

TEST_F(SettingsDialogTest, TheApiServerNoteShowsThePortOfTheSpinBox) {
    settings->setServerPort(8123);
    SettingsDialog dialog(*settings, nullptr);
    auto *port = child<QSpinBox>(dialog, "serverPort");
    auto *note = child<QLabel>(dialog, "serverNote");
    EXPECT_TRUE(note->text().contains(QStringLiteral("http://127.0.0.1:8123/v1")))
        << note->text().toStdString();
    EXPECT_FALSE(note->text().contains(QStringLiteral("PORT"))) << note->text().toStdString();
    port->setValue(12345);  // live, without a group separator
    EXPECT_TRUE(note->text().contains(QStringLiteral("http://127.0.0.1:12345/v1")))
        << note->text().toStdString();
}

TEST_F(SettingsDialogTest, OkWritesTheEditedValues) {
    SettingsDialog dialog(*settings, nullptr);
    QSignalSpy changed(&dialog, &SettingsDialog::settingsChanged);
    auto *backend = child<QComboBox>(dialog, "gpuBackend");
    backend->setCurrentIndex(backend->findData(QStringLiteral("opengl")));
    auto *context = child<QComboBox>(dialog, "contextLength");
    context->setCurrentIndex(context->findData(16384));
    auto *int8 = child<QComboBox>(dialog, "int8Activations");
    int8->setCurrentIndex(int8->findData(QStringLiteral("off")));
    child<QCheckBox>(dialog, "showThinking")->setChecked(false);
    child<QLineEdit>(dialog, "registryUrl")->setText(QStringLiteral("https://mirror.example/"));
    child<QLineEdit>(dialog, "trainingDataPath")->setText(QStringLiteral("/tmp/train.jsonl"));
    child<QSpinBox>(dialog, "topK")->setValue(20);
    child<QDoubleSpinBox>(dialog, "temperature")->setValue(0.6);
    EXPECT_TRUE(dialog.hasChanges());
    EXPECT_TRUE(button(dialog, QDialogButtonBox::Apply)->isEnabled());

    button(dialog, QDialogButtonBox::Ok)->click();
    EXPECT_EQ(dialog.result(), QDialog::Accepted);
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(settings->gpuBackend(), QStringLiteral("opengl"));
    EXPECT_EQ(settings->contextLength(), 16384);
    EXPECT_EQ(settings->int8Activations(), QStringLiteral("off"));
    EXPECT_FALSE(settings->showThinking());
    EXPECT_EQ(settings->registryUrl(), QStringLiteral("https://mirror.example/"));
    EXPECT_EQ(settings->trainingDataPath(), QStringLiteral("/tmp/train.jsonl"));
    EXPECT_EQ(settings->sampling().topK, 20);
    EXPECT_EQ(settings->sampling().temperature, 0.6);
    // Untouched settings stay unset (a later change of a default reaches this user).
    EXPECT_FALSE(store->contains(AppSettings::Keys::theme));
    EXPECT_FALSE(store->contains(AppSettings::Keys::gpuDevice));
    EXPECT_FALSE(store->contains(AppSettings::Keys::gpuWait));
    EXPECT_FALSE(dialog.hasChanges());
}

TEST_F(SettingsDialogTest, CancelWritesNothing) {
    settings->setContextLength(4096);
    settings->setTheme(QStringLiteral("light"));
    const QVariantMap before = snapshot();
    {
        SettingsDialog dialog(*settings, nullptr);
        QSignalSpy changed(&dialog, &SettingsDialog::settingsChanged);
        auto *context = child<QComboBox>(dialog, "contextLength");
        context->setCurrentIndex(context->findData(65536));
        child<QSpinBox>(dialog, "topK")->setValue(3);
        dialog.restoreDefaults();
        child<QLineEdit>(dialog, "registryUrl")->setText(QStringLiteral("https://x.example"));
        button(dialog, QDialogButtonBox::Cancel)->click();
        EXPECT_EQ(dialog.result(), QDialog::Rejected);
        EXPECT_EQ(changed.count(), 0);
    }
    EXPECT_EQ(snapshot(), before);
}

TEST_F(SettingsDialogTest, InvalidValuesKeepTheDialogOpenAndWriteNothing) {
    SettingsDialog dialog(*settings, nullptr);
    QSignalSpy changed(&dialog, &SettingsDialog::settingsChanged);
    child<QCheckBox>(dialog, "showThinking")->setChecked(false);
    child<QLineEdit>(dialog, "registryUrl")->setText(QStringLiteral("ftp://example.com"));
    auto *problem = child<QLabel>(dialog, "registryProblem");
    EXPECT_TRUE(problem->text().contains(QStringLiteral("ftp://example.com")));
    EXPECT_TRUE(problem->text().contains(QStringLiteral("https://")));
    dialog.setResult(-1);
    button(dialog, QDialogButtonBox::Ok)->click();
    EXPECT_EQ(dialog.result(), -1);  // neither accepted nor rejected
    EXPECT_EQ(dialog.pages()->currentWidget()->objectName(), QStringLiteral("downloadsPage"));
    EXPECT_TRUE(store->allKeys().isEmpty());
    EXPECT_EQ(changed.count(), 0);

    // Fixed: the registry field emptied means the official registry; now the sampling page is
    // wrong instead.
    child<QLineEdit>(dialog, "registryUrl")->clear();
    EXPECT_TRUE(problem->text().isEmpty());
    child<QDoubleSpinBox>(dialog, "topP")->setValue(0.0);
    EXPECT_FALSE(dialog.apply());
    EXPECT_EQ(dialog.pages()->currentWidget()->objectName(), QStringLiteral("samplingPage"));
    EXPECT_TRUE(store->allKeys().isEmpty());
    child<QDoubleSpinBox>(dialog, "topP")->setValue(0.9);
    EXPECT_TRUE(dialog.apply());
    EXPECT_FALSE(settings->showThinking());
    EXPECT_EQ(settings->sampling().topP, 0.9);
    EXPECT_FALSE(store->contains(AppSettings::Keys::registryUrl));
}

TEST_F(SettingsDialogTest, RestoreDefaultsThenOkStoresTheDefaults) {
    settings->setGpuDevice(1);
    settings->setInt8Activations(QStringLiteral("off"));
    settings->setGpuWait(QStringLiteral("off"));
    settings->setContextLength(2048);
    settings->setShowThinking(false);
    settings->setRegistryUrl(QStringLiteral("http://localhost:8080"));
    SamplingDefaults s;
    s.temperature = 0.1;
    s.maxTokens = 5;
    settings->setSampling(s);
    SettingsDialog dialog(*settings, nullptr);
    EXPECT_EQ(child<QLineEdit>(dialog, "registryUrl")->text(),
              QStringLiteral("http://localhost:8080"));
    button(dialog, QDialogButtonBox::RestoreDefaults)->click();
    EXPECT_TRUE(dialog.hasChanges());
    EXPECT_EQ(settings->contextLength(), 2048);  // not yet written
    button(dialog, QDialogButtonBox::Ok)->click();
    expectDefaults(*settings);
}

TEST_F(SettingsDialogTest, DevicesComeFromTheEngineAndAStoredUnknownOneIsKept) {
    settings->setGpuDevice(3);
    SettingsDialog dialog(*settings, nullptr);
    auto *device = child<QComboBox>(dialog, "gpuDevice");
    EXPECT_EQ(device->currentData().toInt(), 3);
    dialog.setAvailableDevices({QStringLiteral("NVIDIA H100"), QStringLiteral("llvmpipe")});
    ASSERT_EQ(device->count(), 4);
    EXPECT_EQ(device->itemText(0), QStringLiteral("Default"));
    EXPECT_EQ(device->itemText(1), QStringLiteral("GPU 0: NVIDIA H100"));
    EXPECT_EQ(device->itemText(2), QStringLiteral("GPU 1: llvmpipe"));
    EXPECT_EQ(device->itemText(3), QStringLiteral("GPU 3 (not found)"));
    EXPECT_EQ(device->currentData().toInt(), 3);
    EXPECT_FALSE(dialog.hasChanges());
    device->setCurrentIndex(2);
    EXPECT_TRUE(dialog.apply());
    EXPECT_EQ(settings->gpuDevice(), 1);
    // A new device list keeps the selection.
    dialog.setAvailableDevices({QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")});
    EXPECT_EQ(device->currentData().toInt(), 1);
    EXPECT_EQ(device->currentText(), QStringLiteral("GPU 1: B"));
    device->setCurrentIndex(0);
    EXPECT_TRUE(dialog.apply());
    EXPECT_EQ(settings->gpuDevice(), -1);
}

// The GPU page's two real choices: 8-bit activations and the GPU wait. Each shows what is stored,
// says in its tooltip what it does (int8: that it changes the results slightly), and is written
// by Apply.
TEST_F(SettingsDialogTest, Int8ActivationsAndGpuWaitShowSayAndStore) {
    settings->setGpuWait(QStringLiteral("off"));
    SettingsDialog dialog(*settings, nullptr);
    auto *int8 = child<QComboBox>(dialog, "int8Activations");
    auto *wait = child<QComboBox>(dialog, "gpuWait");
    EXPECT_EQ(int8->currentData().toString(), QStringLiteral("auto"));
    EXPECT_EQ(wait->currentData().toString(), QStringLiteral("off"));
    EXPECT_EQ(int8->count(), 2);
    EXPECT_EQ(wait->count(), 2);
    EXPECT_EQ(int8->parentWidget()->objectName(), QStringLiteral("gpuPage"));
    EXPECT_EQ(wait->parentWidget()->objectName(), QStringLiteral("gpuPage"));
    EXPECT_TRUE(int8->toolTip().contains(QStringLiteral("changes the results slightly")))
        << int8->toolTip().toStdString();
    EXPECT_TRUE(wait->toolTip().contains(QStringLiteral("CPU"))) << wait->toolTip().toStdString();
    EXPECT_TRUE(wait->currentText().contains(QStringLiteral("least CPU")))
        << wait->currentText().toStdString();
    EXPECT_FALSE(dialog.hasChanges());

    int8->setCurrentIndex(int8->findData(QStringLiteral("off")));
    wait->setCurrentIndex(wait->findData(QStringLiteral("adaptive")));
    EXPECT_TRUE(dialog.hasChanges());
    EXPECT_TRUE(dialog.apply());
    EXPECT_EQ(settings->int8Activations(), QStringLiteral("off"));
    EXPECT_EQ(settings->gpuWait(), QStringLiteral("adaptive"));
    store->sync();
    QSettings reread(path, QSettings::IniFormat);
    EXPECT_EQ(AppSettings(reread).int8Activations(), QStringLiteral("off"));
    EXPECT_EQ(AppSettings(reread).gpuWait(), QStringLiteral("adaptive"));
}

TEST_F(SettingsDialogTest, ContextLengthHintAndAnOddStoredLength) {
    store->setValue(AppSettings::Keys::contextLength, 5000);  // hand-edited, between the choices
    SettingsDialog dialog(*settings, nullptr);
    auto *context = child<QComboBox>(dialog, "contextLength");
    EXPECT_EQ(context->currentData().toInt(), 5000);
    EXPECT_EQ(context->itemData(context->currentIndex() - 1).toInt(), 4096);  // sorted in
    EXPECT_FALSE(dialog.hasChanges());
    QSignalSpy edited(&dialog, &SettingsDialog::contextLengthEdited);
    context->setCurrentIndex(context->findData(65536));
    ASSERT_EQ(edited.count(), 1);
    EXPECT_EQ(edited.first().first().toInt(), 65536);
    auto *hint = child<QLabel>(dialog, "contextHint");
    dialog.setContextHint(QStringLiteral("Needs 3.1 GB of GPU memory"));
    EXPECT_EQ(hint->text(), QStringLiteral("Needs 3.1 GB of GPU memory"));
    EXPECT_FALSE(hint->isHidden());
    dialog.setContextHint(QString());
    EXPECT_TRUE(hint->isHidden());
}

TEST_F(SettingsDialogTest, EveryControlIsAccessibleAndMnemonicsDoNotCollide) {
    SettingsDialog dialog(*settings, nullptr);
    dialog.setAvailableDevices({QStringLiteral("GPU")});
    expectAccessible(dialog);
    QList<QChar> buttons;
    for (QAbstractButton *b : child<QDialogButtonBox>(dialog, "settingsButtons")->buttons())
        if (!mnemonic(b->text()).isNull()) buttons << mnemonic(b->text());
    for (int i = 0; i < dialog.pages()->count(); ++i) {
        QWidget *page = dialog.pages()->widget(i);
        SCOPED_TRACE(page->objectName().toStdString());
        QList<QChar> keys = buttons;
        QStringList texts;
        for (QLabel *l : page->findChildren<QLabel *>())
            if (l->buddy()) texts << l->text();
        for (QAbstractButton *b : page->findChildren<QAbstractButton *>())
            texts << b->text();
        for (const QString &text : texts) {
            const QChar key = mnemonic(text);
            if (key.isNull()) continue;
            EXPECT_FALSE(keys.contains(key)) << text.toStdString();
            keys << key;
        }
    }
}

// A translator that marks every text of the settings classes, to see the dialog retranslate
// itself without depending on which of its texts the .ts files have caught up with.
class MarkingTranslator : public QTranslator {
public:
    QString translate(const char *context, const char *source, const char * = nullptr,
                      int = -1) const override {
        const QByteArray c(context);
        if (c == "facet::app::SettingsDialog" || c == "facet::app::SamplingEditor")
            return QStringLiteral("«%1»").arg(QString::fromUtf8(source));
        return QString();
    }
    bool isEmpty() const override { return false; }
};

TEST_F(SettingsDialogTest, RetranslatesItselfOnLanguageChange) {
    SettingsDialog dialog(*settings, nullptr);
    dialog.setAvailableDevices({QStringLiteral("GPU")});
    auto *theme = child<QComboBox>(dialog, "theme");
    theme->setCurrentIndex(theme->findData(QStringLiteral("dark")));
    EXPECT_EQ(dialog.windowTitle(), QStringLiteral("Settings"));
    MarkingTranslator marking;
    QCoreApplication::installTranslator(&marking);
    QCoreApplication::processEvents();
    EXPECT_EQ(dialog.windowTitle(), QStringLiteral("«Settings»"));
    EXPECT_EQ(dialog.pages()->tabText(1), QStringLiteral("«GPU»"));
    EXPECT_EQ(theme->currentText(), QStringLiteral("«Dark»"));  // selection kept
    EXPECT_EQ(child<QComboBox>(dialog, "gpuDevice")->itemText(0), QStringLiteral("«Default»"));
    EXPECT_EQ(child<QPushButton>(dialog, "resetSampling")->text(),
              QStringLiteral("«Reset to &Gemma 4 defaults»"));
    EXPECT_EQ(child<QDoubleSpinBox>(dialog, "temperature")->accessibleName(),
              QStringLiteral("«Temperature»"));
    QCoreApplication::removeTranslator(&marking);
    QCoreApplication::processEvents();
    EXPECT_EQ(dialog.windowTitle(), QStringLiteral("Settings"));
    EXPECT_EQ(theme->currentText(), QStringLiteral("Dark"));
}

// Counts the LanguageChange events a widget receives.
class LanguageChangeCounter : public QObject {
public:
    int count = 0;
    bool eventFilter(QObject *, QEvent *event) override {
        if (event->type() == QEvent::LanguageChange) ++count;
        return false;
    }
};

TEST_F(SettingsDialogTest, ChoosingALanguageSwitchesItLive) {
    LanguageManager languages;
    SettingsDialog dialog(*settings, &languages);
    LanguageChangeCounter counter;
    dialog.installEventFilter(&counter);
    auto *language = child<QComboBox>(dialog, "language");
    const int de = language->findData(QStringLiteral("de"));
    ASSERT_GE(de, 0);
    EXPECT_EQ(language->itemText(de), QStringLiteral("Deutsch"));
    // "System default" names the language it stands for (English in the C locale of CI).
    EXPECT_EQ(language->itemText(0),
              QStringLiteral("System default (%1)")
                  .arg(LanguageManager::nativeName(
                      LanguageManager::resolveSystemLanguage(QLocale::system().uiLanguages()))));
    language->setCurrentIndex(de);
    button(dialog, QDialogButtonBox::Apply)->click();
    QCoreApplication::processEvents();
    EXPECT_EQ(settings->language(), QStringLiteral("de"));
    EXPECT_EQ(languages.effective(), QStringLiteral("de"));
    EXPECT_GE(counter.count, 1);
    EXPECT_EQ(QCoreApplication::translate("facet::app::ModelsDock", "Models"),
              QStringLiteral("Modelle"));

    language->setCurrentIndex(language->findData(QStringLiteral("en")));
    button(dialog, QDialogButtonBox::Ok)->click();
    QCoreApplication::processEvents();
    EXPECT_EQ(settings->language(), QStringLiteral("en"));
    EXPECT_EQ(QCoreApplication::translate("facet::app::ModelsDock", "Models"),
              QStringLiteral("Models"));
}

// ---------------------------------------------------------------------------------------------
// LanguageManager

TEST(LanguageManagerTest, ListsEnglishAndTheSixTranslationsByTheirOwnNames) {
    const QStringList codes = LanguageManager::available();
    EXPECT_EQ(codes, (QStringList{QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("fr"),
                                  QStringLiteral("es"), QStringLiteral("ja"),
                                  QStringLiteral("zh_CN"), QStringLiteral("pt_BR")}));
    EXPECT_EQ(LanguageManager::nativeName(QStringLiteral("en")), QStringLiteral("English"));
    EXPECT_EQ(LanguageManager::nativeName(QStringLiteral("de")), QStringLiteral("Deutsch"));
    EXPECT_EQ(LanguageManager::nativeName(QStringLiteral("fr")), QStringLiteral("Français"));
    EXPECT_EQ(LanguageManager::nativeName(QStringLiteral("es")), QStringLiteral("Español"));
    EXPECT_EQ(LanguageManager::nativeName(QStringLiteral("ja")), QString::fromUtf8("日本語"));
    EXPECT_EQ(LanguageManager::nativeName(QStringLiteral("zh_CN")), QString::fromUtf8("简体中文"));
    EXPECT_EQ(LanguageManager::nativeName(QStringLiteral("pt_BR")),
              QStringLiteral("Português (Brasil)"));
    EXPECT_TRUE(LanguageManager::nativeName(QString()).isEmpty());
    // Every one of them has its .qm embedded (facet_translations()).
    for (const QString &code : codes) {
        if (code == u"en") continue;
        EXPECT_TRUE(QFile::exists(QStringLiteral(":/i18n/facet_%1.qm").arg(code)))
            << code.toStdString();
    }
}

TEST(LanguageManagerTest, AppliesEachLanguageLiveAndGoesBackToEnglish) {
    QWidget widget;  // a top-level widget, as the main window is
    LanguageChangeCounter counter;
    widget.installEventFilter(&counter);
    LanguageManager languages;
    QSignalSpy changed(&languages, &LanguageManager::languageChanged);
    const struct {
        const char *code, *models;
    } cases[] = {{"de", "Modelle"}, {"fr", "Modèles"}, {"es", "Modelos"},
                 {"ja", "モデル"},  {"zh_CN", "模型"}, {"pt_BR", "Modelos"}};
    for (const auto &c : cases) {
        SCOPED_TRACE(c.code);
        const int before = counter.count;
        ASSERT_TRUE(languages.apply(QString::fromLatin1(c.code)));
        QCoreApplication::processEvents();
        EXPECT_EQ(languages.effective(), QString::fromLatin1(c.code));
        EXPECT_EQ(QCoreApplication::translate("facet::app::ModelsDock", "Models"),
                  QString::fromUtf8(c.models));
        EXPECT_GT(counter.count, before);  // the widgets heard about it
    }
    EXPECT_EQ(changed.count(), 6);
    ASSERT_TRUE(languages.apply(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(languages.effective(), QStringLiteral("en"));
    EXPECT_EQ(QCoreApplication::translate("facet::app::ModelsDock", "Models"),
              QStringLiteral("Models"));
    // Applying the language in effect again changes nothing.
    const int before = counter.count;
    EXPECT_TRUE(languages.apply(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(counter.count, before);
}

// The engine's messages (translated with QCoreApplication::translate and a context named in the
// call) reach the user in the chosen language: lupdate must have filed them under the context
// the engine looks them up in, which it did not for tr() helpers inside member functions.
TEST(LanguageManagerTest, TheEnginesMediaMessagesAreTranslated) {
    LanguageManager languages;
    const QString english = audio::StreamResampler(-5.0, 16000.0).error();
    ASSERT_FALSE(english.isEmpty());
    ASSERT_TRUE(languages.apply(QStringLiteral("de")));
    // A message from a member function (lupdate had filed these under the class's name).
    const QString german = audio::StreamResampler(-5.0, 16000.0).error();
    EXPECT_NE(german, english);
    EXPECT_TRUE(german.contains(QStringLiteral("Abtastrate"))) << german.toStdString();
    // One message of each function that had its own context, under the context it is looked up
    // in (an untranslated one comes back unchanged).
    const struct {
        const char *context, *text;
    } messages[] = {
        {"facet::media",
         "The model's vocabulary has no %1 token, so it cannot read images or audio. Use a Gemma 4 "
         "model file with the multimodal tokens."},
        {"facet::media", "The projector file %1 beside the model cannot be read: %2"},
        {"facet::audio",
         "The model's audio tower has a linear layer of width %1, which the GPU kernels cannot "
         "take (a multiple of 4 is needed)."},
        {"facet::audio", "The model's audio tower stores tensor %1 in a type Facet cannot read."},
    };
    for (const auto &m : messages)
        EXPECT_NE(QCoreApplication::translate(m.context, m.text), QString::fromUtf8(m.text))
            << m.text;
    ASSERT_TRUE(languages.apply(QStringLiteral("en")));
}

TEST(LanguageManagerTest, UnknownLanguageChangesNothing) {
    LanguageManager languages;
    ASSERT_TRUE(languages.apply(QStringLiteral("fr")));
    EXPECT_FALSE(languages.apply(QStringLiteral("tlh")));
    EXPECT_EQ(languages.effective(), QStringLiteral("fr"));
    EXPECT_EQ(languages.requested(), QStringLiteral("fr"));
    EXPECT_EQ(QCoreApplication::translate("facet::app::ModelsDock", "Models"),
              QString::fromUtf8("Modèles"));
    // The system's language (English in the C locale of CI).
    EXPECT_TRUE(languages.apply(QString()));
    EXPECT_EQ(languages.requested(), QStringLiteral(""));
    EXPECT_EQ(languages.effective(),
              LanguageManager::resolveSystemLanguage(QLocale::system().uiLanguages()));
}

TEST(LanguageManagerTest, DestroyingTheManagerRemovesItsTranslators) {
    {
        LanguageManager languages;
        ASSERT_TRUE(languages.apply(QStringLiteral("de")));
        EXPECT_EQ(QCoreApplication::translate("facet::app::ModelsDock", "Models"),
                  QStringLiteral("Modelle"));
    }
    EXPECT_EQ(QCoreApplication::translate("facet::app::ModelsDock", "Models"),
              QStringLiteral("Models"));
}

TEST(LanguageManagerTest, SystemLanguagesMapToTheBestAvailableOne) {
    const auto resolve = [](std::initializer_list<const char *> langs) {
        QStringList list;
        for (const char *l : langs)
            list << QString::fromLatin1(l);
        return LanguageManager::resolveSystemLanguage(list);
    };
    EXPECT_EQ(resolve({"de-AT", "en-US"}), QStringLiteral("de"));
    EXPECT_EQ(resolve({"en-GB", "de-DE"}), QStringLiteral("en"));
    EXPECT_EQ(resolve({"nl-NL", "fr-CA"}), QStringLiteral("fr"));  // first one Facet has
    EXPECT_EQ(resolve({"pt-PT"}), QStringLiteral("pt_BR"));
    EXPECT_EQ(resolve({"zh-Hans-CN"}), QStringLiteral("zh_CN"));
    EXPECT_EQ(resolve({"zh-TW"}), QStringLiteral("en"));  // Traditional script: not zh_CN
    EXPECT_EQ(resolve({"ja"}), QStringLiteral("ja"));
    EXPECT_EQ(resolve({"es-419"}), QStringLiteral("es"));
    EXPECT_EQ(resolve({}), QStringLiteral("en"));
    EXPECT_EQ(resolve({"C"}), QStringLiteral("en"));
}

// ---------------------------------------------------------------------------------------------
// Themes

// WCAG 2 contrast ratio.
double luminance(const QColor &c) {
    const auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}
double contrast(const QColor &a, const QColor &b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

void expectReadable(const QPalette &p) {
    using P = QPalette;
    const struct {
        P::ColorGroup group;
        P::ColorRole fg, bg;
        double minimum;
        const char *what;
    } pairs[] = {
        {P::Active, P::WindowText, P::Window, 4.5, "window text"},
        {P::Active, P::Text, P::Base, 4.5, "text"},
        {P::Active, P::Text, P::AlternateBase, 4.5, "text on alternate rows"},
        {P::Active, P::ButtonText, P::Button, 4.5, "button text"},
        {P::Active, P::HighlightedText, P::Highlight, 4.5, "selected text"},
        {P::Inactive, P::HighlightedText, P::Highlight, 4.5, "selected text, inactive"},
        {P::Active, P::Link, P::Base, 4.5, "links"},
        {P::Active, P::LinkVisited, P::Base, 4.5, "visited links"},
        {P::Active, P::Link, P::Window, 4.5, "links on the window"},
        {P::Active, P::ToolTipText, P::ToolTipBase, 4.5, "tooltips"},
        {P::Active, P::PlaceholderText, P::Base, 3.0, "placeholder text"},
        {P::Disabled, P::WindowText, P::Window, 3.0, "disabled labels"},
        {P::Disabled, P::Text, P::Base, 3.0, "disabled text"},
        {P::Disabled, P::ButtonText, P::Button, 3.0, "disabled buttons"},
        {P::Disabled, P::HighlightedText, P::Highlight, 3.0, "disabled selection"},
    };
    for (const auto &pair : pairs) {
        const double ratio = contrast(p.color(pair.group, pair.fg), p.color(pair.group, pair.bg));
        EXPECT_GE(ratio, pair.minimum) << pair.what;
    }
}

TEST(ThemeTest, LightAndDarkPalettesAreReadable) {
    SCOPED_TRACE("dark");
    expectReadable(darkPalette());
    SCOPED_TRACE("light");
    expectReadable(lightPalette());
}

TEST(ThemeTest, DarkLightAndBackToTheSystemsLook) {
    const QColor originalWindow = QApplication::palette().color(QPalette::Window);
    const QColor originalText = QApplication::palette().color(QPalette::WindowText);
    const QString originalStyle = QApplication::style()->name();
    QWidget window;
    auto *widgetPtr = new QWidget(&window);
    QWidget &widget = *widgetPtr;

    applyTheme(QStringLiteral("dark"));
    QCoreApplication::processEvents();  // existing widgets hear of the palette through events
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 80);
    EXPECT_GT(QApplication::palette().color(QPalette::WindowText).lightness(), 180);
    EXPECT_LT(widget.palette().color(QPalette::Window).lightness(), 80);  // widgets follow
    EXPECT_LT(QToolTip::palette().color(QPalette::ToolTipBase).lightness(), 100);
    EXPECT_EQ(QApplication::style()->name().toLower(), QStringLiteral("fusion"));

    applyTheme(QStringLiteral("light"));
    QCoreApplication::processEvents();
    EXPECT_GT(QApplication::palette().color(QPalette::Window).lightness(), 200);
    EXPECT_LT(QApplication::palette().color(QPalette::WindowText).lightness(), 60);
    EXPECT_GT(widget.palette().color(QPalette::Base).lightness(), 240);

    applyTheme(QStringLiteral("system"));
    QCoreApplication::processEvents();
    EXPECT_EQ(QApplication::palette().color(QPalette::Window), originalWindow);
    EXPECT_EQ(QApplication::palette().color(QPalette::WindowText), originalText);
    EXPECT_EQ(widget.palette().color(QPalette::Window), originalWindow);
    EXPECT_EQ(QApplication::style()->name(), originalStyle);

    applyTheme(QStringLiteral("no such theme"));  // = system
    EXPECT_EQ(QApplication::palette().color(QPalette::Window), originalWindow);
}

TEST_F(SettingsDialogTest, ChoosingAThemeAppliesIt) {
    const QColor originalWindow = QApplication::palette().color(QPalette::Window);
    SettingsDialog dialog(*settings, nullptr);
    auto *theme = child<QComboBox>(dialog, "theme");
    theme->setCurrentIndex(theme->findData(QStringLiteral("dark")));
    EXPECT_TRUE(dialog.apply());
    EXPECT_EQ(settings->theme(), QStringLiteral("dark"));
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 80);
    theme->setCurrentIndex(theme->findData(QStringLiteral("system")));
    EXPECT_TRUE(dialog.apply());
    EXPECT_EQ(QApplication::palette().color(QPalette::Window), originalWindow);
}

}  // namespace
}  // namespace facet::app
