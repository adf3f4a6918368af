// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The main window comes up with its docks, remembers its geometry and layout, is reachable by
// keyboard and screen readers, and is translated.
#include "app_settings.h"
#include "app_test_home.h"
#include "chat/engine_host.h"
#include "chat/stall_monitor.h"
#include "finetune_dock.h"
#include "language_manager.h"
#include "mainwindow.h"
#include "models_dock.h"
#include "settings_dialog.h"
#include "support/gemma4_fixture.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeWidget>

#include <gtest/gtest.h>

namespace {

class AppTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { facet::test::useTemporaryHome(QStringLiteral("FacetAppTest")); }
    void SetUp() override {
        ASSERT_TRUE(settingsDir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    }
    QTemporaryDir settingsDir;
};

std::unique_ptr<facet::app::MainWindow> makeWindow(
    const QTemporaryDir &dir,
    facet::app::MainWindow::Options o = facet::app::MainWindow::Options()) {
    o.databasePath = dir.filePath(QStringLiteral("conversations.sqlite"));
    o.loadLastModel = false;
    return std::make_unique<facet::app::MainWindow>(o);
}

// Models load on the CPU reference: the offscreen platform has no GPU.
facet::app::MainWindow::Options onTheCpu() {
    facet::app::MainWindow::Options o;
    o.compute = QStringLiteral("cpu");
    return o;
}

// Every panel is a dock the user can move, float, tab and close, named for saveState().
TEST_F(AppTest, MainWindowHasItsDocks) {
    auto w = makeWindow(settingsDir);
    w->show();
    EXPECT_EQ(w->windowTitle(), QStringLiteral("Facet"));
    EXPECT_FALSE(w->windowIcon().isNull()) << "icon resource must be embedded";
    const struct {
        QDockWidget *dock;
        const char *name;
        const char *title;
    } docks[] = {{w->chatDockWidget(), "chatDockWidget", "Chat"},
                 {w->modelsDockWidget(), "modelsDockWidget", "Models"},
                 {w->attachmentsDockWidget(), "attachmentsDockWidget", "Attachments"},
                 {w->fineTuneDockWidget(), "fineTuneDockWidget", "Fine-tune"}};
    for (const auto &d : docks) {
        SCOPED_TRACE(d.name);
        ASSERT_NE(d.dock, nullptr);
        EXPECT_EQ(d.dock->objectName(), QLatin1String(d.name));
        EXPECT_EQ(d.dock->windowTitle(), QLatin1String(d.title));
        EXPECT_TRUE(d.dock->features().testFlag(QDockWidget::DockWidgetMovable));
        EXPECT_TRUE(d.dock->features().testFlag(QDockWidget::DockWidgetFloatable));
        EXPECT_TRUE(d.dock->features().testFlag(QDockWidget::DockWidgetClosable));
        EXPECT_FALSE(d.dock->toggleViewAction()->shortcut().isEmpty());
    }
    // The Fine-tune dock's widget, which asks for a model before anything can start.
    ASSERT_EQ(w->fineTuneDockWidget()->widget(), w->fineTuneDock());
    EXPECT_FALSE(w->fineTuneDock()->startButton()->isEnabled());
}

TEST_F(AppTest, GeometryAndDockLayoutAreRememberedAcrossRestarts) {
    {
        auto w = makeWindow(settingsDir);
        w->show();
        w->resize(900, 640);
        w->attachmentsDockWidget()->setFloating(true);
        w->fineTuneDockWidget()->close();
        w->close();
    }
    auto again = makeWindow(settingsDir);
    again->show();
    EXPECT_EQ(again->size(), QSize(900, 640));
    EXPECT_TRUE(again->attachmentsDockWidget()->isFloating());
    EXPECT_FALSE(again->fineTuneDockWidget()->isVisible());
}

// The UI-stall monitor's 5 ms heartbeat (200 wakeups a second) runs only when stalls are to be
// reported: FACET_REPORT_STALLS=1 for the app's own window.
TEST_F(AppTest, StallMonitorRunsOnlyWhenStallsAreReported) {
    {
        auto w = makeWindow(settingsDir);
        w->show();
        EXPECT_FALSE(w->stallMonitor()->isRunning());
    }
    qunsetenv("FACET_REPORT_STALLS");
    EXPECT_FALSE(facet::app::MainWindow::Options::fromEnvironment().reportStalls);
    qputenv("FACET_REPORT_STALLS", "1");
    EXPECT_TRUE(facet::app::MainWindow::Options::fromEnvironment().reportStalls);
    qunsetenv("FACET_REPORT_STALLS");

    facet::app::MainWindow::Options o;
    o.databasePath = settingsDir.filePath(QStringLiteral("conversations.sqlite"));
    o.loadLastModel = false;
    o.reportStalls = true;
    facet::app::MainWindow w(o);
    EXPECT_TRUE(w.stallMonitor()->isRunning());
}

// The environment is read once, at start-up, into the window's options: the documented GPU
// switches (gpu::gpuOptionsFromEnvironment), FACET_COMPUTE and FACET_REPORT_STALLS. A value that
// does not parse is a problem to warn about, and the option keeps its default.
TEST_F(AppTest, OptionsComeFromTheEnvironmentSwitches) {
    using facet::app::MainWindow;
    const MainWindow::Options defaults =
        MainWindow::Options::fromEnvironment(QProcessEnvironment());
    EXPECT_TRUE(defaults.compute.isEmpty());
    EXPECT_FALSE(defaults.reportStalls);
    EXPECT_FALSE(defaults.gpu.backend.has_value());
    EXPECT_TRUE(defaults.gpu.directVulkan);
    EXPECT_EQ(defaults.gpu.fenceSpin, facet::gpu::FenceSpin::Adaptive);

    QProcessEnvironment env;
    env.insert(QStringLiteral("FACET_COMPUTE"), QStringLiteral("cpu"));
    env.insert(QStringLiteral("FACET_REPORT_STALLS"), QStringLiteral("1"));
    env.insert(QStringLiteral("FACET_RHI_BACKEND"), QStringLiteral("opengl"));
    env.insert(QStringLiteral("FACET_GPU_DEVICE"), QStringLiteral("2"));
    env.insert(QStringLiteral("FACET_GPU_PORTABLE"), QStringLiteral("1"));
    env.insert(QStringLiteral("FACET_VK_DIRECT"), QStringLiteral("0"));
    env.insert(QStringLiteral("FACET_VK_SPIN_US"), QStringLiteral("0"));
    QStringList problems;
    const MainWindow::Options o = MainWindow::Options::fromEnvironment(env, &problems);
    EXPECT_TRUE(problems.isEmpty()) << problems.join(u'\n').toStdString();
    EXPECT_EQ(o.compute, QStringLiteral("cpu"));
    EXPECT_TRUE(o.reportStalls);
    EXPECT_EQ(o.gpu.backend, facet::gpu::Backend::OpenGL);
    EXPECT_EQ(o.gpu.deviceIndex, 2);
    EXPECT_TRUE(o.gpu.portableKernels);
    EXPECT_FALSE(o.gpu.directVulkan);
    EXPECT_EQ(o.gpu.fenceSpin, facet::gpu::FenceSpin::Off);

    QProcessEnvironment bad;
    bad.insert(QStringLiteral("FACET_COMPUTE"), QStringLiteral("tpu"));
    bad.insert(QStringLiteral("FACET_REPORT_STALLS"), QStringLiteral("yes"));
    bad.insert(QStringLiteral("FACET_VK_SPIN_US"), QStringLiteral("soon"));
    bad.insert(QStringLiteral("FACET_VK_DIRECT"), QStringLiteral("0"));
    problems.clear();
    const MainWindow::Options repaired = MainWindow::Options::fromEnvironment(bad, &problems);
    ASSERT_EQ(problems.size(), 3) << problems.join(u'\n').toStdString();
    EXPECT_TRUE(problems.join(u'\n').contains(QStringLiteral("FACET_COMPUTE=tpu")));
    EXPECT_TRUE(problems.join(u'\n').contains(QStringLiteral("FACET_REPORT_STALLS=yes")));
    EXPECT_TRUE(problems.join(u'\n').contains(QStringLiteral("FACET_VK_SPIN_US=soon")));
    EXPECT_TRUE(repaired.compute.isEmpty());
    EXPECT_FALSE(repaired.reportStalls);
    EXPECT_EQ(repaired.gpu.fenceSpin, facet::gpu::FenceSpin::Adaptive);
    EXPECT_FALSE(repaired.gpu.directVulkan);  // the switches that parse still count
}

// What a load asks the engine for: the environment's GPU options (the window's), with the
// Settings' GPU choices over them. Their defaults keep the environment's choices; 8-bit
// activations and the GPU wait reach the request's model and context options.
TEST_F(AppTest, SettingsAndEnvironmentReachTheLoadRequest) {
    const QString path = settingsDir.filePath(QStringLiteral("tiny.gguf"));
    QString error;
    ASSERT_TRUE(facet::test::writeGemma4Fixture(path, {}, &error)) << error.toStdString();
    facet::app::MainWindow::Options o = onTheCpu();
    o.gpu.portableKernels = true;
    o.gpu.fenceSpin = facet::gpu::FenceSpin::Fixed;
    o.gpu.fenceSpinUs = 300;
    o.gpu.deviceIndex = 1;
    auto w = makeWindow(settingsDir, o);
    QSignalSpy requests(w->engine(), &facet::app::EngineHost::loadModel);
    QSignalSpy loaded(w->engine(), &facet::app::EngineHost::modelLoaded);
    const auto load = [&] {
        const qsizetype before = loaded.count();
        w->loadModel(path);
        EXPECT_TRUE(QTest::qWaitFor([&] { return loaded.count() > before; }, 60000));
        return requests.last().at(0).value<facet::session::LoadRequest>();
    };

    const facet::session::LoadRequest first = load();
    EXPECT_EQ(first.path, path);
    EXPECT_EQ(first.compute, QStringLiteral("cpu"));
    EXPECT_EQ(first.rhiBackend, QStringLiteral("auto"));
    EXPECT_EQ(first.gpuDevice, -1);
    EXPECT_EQ(first.gpu.deviceIndex, 1);
    EXPECT_TRUE(first.gpu.portableKernels);
    EXPECT_EQ(first.gpu.fenceSpin, facet::gpu::FenceSpin::Fixed);
    EXPECT_EQ(first.gpu.fenceSpinUs, 300);
    EXPECT_EQ(first.gpuModel.eightBit, facet::model::EightBitActivations::Auto);

    facet::app::AppSettings settings;
    settings.setInt8Activations(QStringLiteral("off"));
    settings.setGpuWait(QStringLiteral("off"));
    settings.setGpuBackend(QStringLiteral("opengl"));
    settings.setGpuDevice(0);
    const facet::session::LoadRequest second = load();
    EXPECT_EQ(second.rhiBackend, QStringLiteral("opengl"));
    EXPECT_EQ(second.gpuDevice, 0);
    EXPECT_TRUE(second.gpu.portableKernels);
    EXPECT_EQ(second.gpu.fenceSpin, facet::gpu::FenceSpin::Off);
    EXPECT_EQ(second.gpuModel.eightBit, facet::model::EightBitActivations::Off);
}

// The context lengths a user can choose. Qt's item data, as the widget holds it.
QList<qint64> offeredLengths(const QComboBox *box) {
    QList<qint64> lengths;
    for (int i = 0; i < box->count(); ++i)
        lengths << box->itemData(i).toLongLong();
    return lengths;
}

// One list of context lengths: the Settings dialog and the Models dock offer the same choices,
// show the same setting, and a choice made in the dock is what the dialog shows next.
TEST_F(AppTest, SettingsAndModelsDockOfferTheSameContextLengths) {
    auto w = makeWindow(settingsDir);
    auto *dockBox = w->modelsDock()->findChild<QComboBox *>(QStringLiteral("contextLength"));
    ASSERT_NE(dockBox, nullptr);
    const auto dialogBox = [&](facet::app::SettingsDialog &dialog) {
        return dialog.findChild<QComboBox *>(QStringLiteral("contextLength"));
    };
    facet::app::AppSettings settings;
    {
        facet::app::SettingsDialog dialog(settings, w->languages(), w.get());
        ASSERT_NE(dialogBox(dialog), nullptr);
        const QList<qint64> choices(facet::app::AppSettings::kContextLengthChoices.begin(),
                                    facet::app::AppSettings::kContextLengthChoices.end());
        EXPECT_EQ(offeredLengths(dockBox), choices);
        EXPECT_EQ(offeredLengths(dialogBox(dialog)), choices);
        EXPECT_EQ(dockBox->currentData().toLongLong(), 8192);
        EXPECT_EQ(dialogBox(dialog)->currentData().toLongLong(), 8192);
    }
    // The shortest choice, made in the dock, is the setting the engine gets and the dialog shows.
    dockBox->setCurrentIndex(dockBox->findData(qint64(1024)));
    EXPECT_EQ(settings.contextLength(), 1024);
    {
        facet::app::SettingsDialog dialog(settings, w->languages(), w.get());
        EXPECT_EQ(dialogBox(dialog)->currentData().toLongLong(), 1024);
    }
    // A hand-edited length between the choices is shown by both as it is, not replaced.
    settings.setContextLength(5000);
    auto again = makeWindow(settingsDir);
    auto *againBox = again->modelsDock()->findChild<QComboBox *>(QStringLiteral("contextLength"));
    facet::app::SettingsDialog dialog(settings, again->languages(), again.get());
    EXPECT_EQ(againBox->currentData().toLongLong(), 5000);
    EXPECT_EQ(dialogBox(dialog)->currentData().toLongLong(), 5000);
    EXPECT_EQ(offeredLengths(againBox), offeredLengths(dialogBox(dialog)));
    EXPECT_EQ(settings.contextLength(), 5000);
}

// A model trained for fewer tokens than the chosen context (8192 by default) loads with its own
// maximum, and the status bar says so; nothing is refused and no message box interrupts.
TEST_F(AppTest, ModelWithAShorterContextLoadsCappedAndSaysSo) {
    const QString path = settingsDir.filePath(QStringLiteral("short-context.gguf"));
    facet::test::Gemma4FixtureOptions fixture;
    fixture.contextLength = 2048;
    QString error;
    ASSERT_TRUE(facet::test::writeGemma4Fixture(path, fixture, &error)) << error.toStdString();
    ASSERT_EQ(facet::app::AppSettings().contextLength(), 8192);

    auto w = makeWindow(settingsDir, onTheCpu());
    w->show();
    QSignalSpy loaded(w->engine(), &facet::app::EngineHost::modelLoaded);
    QSignalSpy failed(w->engine(), &facet::app::EngineHost::modelLoadFailed);
    w->loadModel(path);
    ASSERT_TRUE(QTest::qWaitFor([&] { return loaded.count() + failed.count() > 0; }, 60000));
    ASSERT_EQ(failed.count(), 0) << failed.first().at(1).toString().toStdString();
    const auto info = loaded.first().at(0).value<facet::session::ModelInfo>();
    EXPECT_EQ(info.contextLength, 2048);
    EXPECT_EQ(info.requestedContextLength, 8192);
    const QString status = w->statusBar()->currentMessage();
    EXPECT_TRUE(
        status.contains(QStringLiteral("context capped at 2048 tokens, this model's maximum")))
        << status.toStdString();
    EXPECT_EQ(w->findChild<QMessageBox *>(QStringLiteral("loadFailedMessage")), nullptr);
}

// Keyboard alone: every action of the issue has a shortcut.
TEST_F(AppTest, ChatActionsHaveShortcuts) {
    auto w = makeWindow(settingsDir);
    QStringList missing;
    for (const QString &text :
         {QStringLiteral("&New chat"), QStringLiteral("&Send"), QStringLiteral("S&top"),
          QStringLiteral("&Attach files…"), QStringLiteral("Start or stop &recording"),
          QStringLiteral("&Regenerate last answer"), QStringLiteral("&Settings…")}) {
        bool found = false;
        for (QAction *a : w->findChildren<QAction *>())
            if (a->text() == text) found = !a->shortcut().isEmpty();
        if (!found) missing << text;
    }
    EXPECT_TRUE(missing.isEmpty()) << missing.join(QStringLiteral(", ")).toStdString();
}

// Every control a user can reach has an accessible name.
TEST_F(AppTest, EveryControlHasAnAccessibleName) {
    auto w = makeWindow(settingsDir);
    w->show();
    QStringList unnamed;
    const QList<QWidget *> widgets = w->findChildren<QWidget *>();
    for (QWidget *widget : widgets) {
        const bool control =
            qobject_cast<QAbstractButton *>(widget) || qobject_cast<QLineEdit *>(widget) ||
            qobject_cast<QPlainTextEdit *>(widget) || qobject_cast<QComboBox *>(widget) ||
            qobject_cast<QAbstractSpinBox *>(widget);
        if (!control || widget->focusPolicy() == Qt::NoFocus) continue;
        if (widget->parent() && widget->parent()->inherits("QDockWidget")) continue;  // title bar
        if (widget->accessibleName().isEmpty() && !qobject_cast<QAbstractButton *>(widget))
            unnamed << QString::fromLatin1(widget->metaObject()->className()) + QLatin1Char(' ') +
                           widget->objectName();
        else if (widget->accessibleName().isEmpty() &&
                 qobject_cast<QAbstractButton *>(widget)->text().isEmpty())
            unnamed << QString::fromLatin1(widget->metaObject()->className()) + QLatin1Char(' ') +
                           widget->objectName() + QStringLiteral(" in ") +
                           QString::fromLatin1(widget->parentWidget()->metaObject()->className());
    }
    EXPECT_TRUE(unnamed.isEmpty()) << unnamed.join(QStringLiteral("; ")).toStdString();
}

TEST_F(AppTest, EveryShippedTranslationLoadsAndTranslatesTheWindow) {
    const struct {
        const char *language;
        const char *models;
    } cases[] = {{"de", "Modelle"}, {"fr", "Modèles"}, {"es", "Modelos"},
                 {"ja", "モデル"},  {"zh_CN", "模型"}, {"pt_BR", "Modelos"}};
    auto w = makeWindow(settingsDir);
    for (const auto &c : cases) {
        SCOPED_TRACE(c.language);
        ASSERT_TRUE(w->languages()->apply(QString::fromLatin1(c.language)));
        QCoreApplication::processEvents();  // LanguageChange is posted
        EXPECT_EQ(w->modelsDockWidget()->windowTitle(), QString::fromUtf8(c.models));
    }
    ASSERT_TRUE(w->languages()->apply(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(w->modelsDockWidget()->windowTitle(), QStringLiteral("Models"));
}

TEST_F(AppTest, FirstStartWithoutModelsLeadsToTheCatalogue) {
    auto window = makeWindow(settingsDir);
    facet::app::MainWindow &w = *window;
    w.show();
    QDockWidget *dock = w.modelsDockWidget();
    ASSERT_NE(dock, nullptr);
    EXPECT_EQ(dock->objectName(), QStringLiteral("modelsDockWidget"));  // saveState() needs it
    // The user closed the dock last time; with no model on disk it comes back anyway.
    dock->hide();
    facet::app::ModelsDock *models = w.modelsDock();
    EXPECT_TRUE(QTest::qWaitFor([&] { return dock->isVisible(); }, 60000));
    EXPECT_TRUE(models->models().isEmpty());
    auto *tabs = models->findChild<QTabWidget *>(QStringLiteral("modelsTabs"));
    auto *catalogue = models->findChild<QTreeWidget *>(QStringLiteral("catalogue"));
    ASSERT_TRUE(tabs && catalogue);
    EXPECT_EQ(tabs->currentWidget(), catalogue->parentWidget());
}

}  // namespace
