// The main window comes up with its docks, remembers its geometry and layout, is reachable by
// keyboard and screen readers, and is translated.
#include "chat/stall_monitor.h"
#include "language_manager.h"
#include "mainwindow.h"
#include "models_dock.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QTranslator>
#include <QTreeWidget>

#include <gtest/gtest.h>

namespace {

class AppTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        // The QApplication is created by main() (app_test_main.cpp).
        // The Models dock scans the default model folders: keep them inside a temporary home
        // (Facet's own folder under QStandardPaths' test locations, Ollama's via OLLAMA_MODELS,
        // LM Studio's under HOME).
        static QTemporaryDir home;
        qputenv("HOME", home.path().toLocal8Bit());
        qputenv("OLLAMA_MODELS", (home.path() + QStringLiteral("/ollama")).toLocal8Bit());
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("FacetTest"));
        QApplication::setApplicationName(QStringLiteral("FacetAppTest"));
    }
    void SetUp() override {
        ASSERT_TRUE(settingsDir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    }
    QTemporaryDir settingsDir;
};

std::unique_ptr<facet::app::MainWindow> makeWindow(const QTemporaryDir &dir) {
    facet::app::MainWindow::Options o;
    o.databasePath = dir.filePath(QStringLiteral("conversations.sqlite"));
    o.loadLastModel = false;
    return std::make_unique<facet::app::MainWindow>(o);
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
    // The Fine-tune panel says that its content comes later.
    EXPECT_TRUE(w->fineTuneDockWidget()->widget()->findChild<QLabel *>() ||
                qobject_cast<QLabel *>(w->fineTuneDockWidget()->widget()));
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
    QElapsedTimer timer;
    timer.start();
    while (!dock->isVisible() && timer.elapsed() < 60000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(1);
    }
    EXPECT_TRUE(dock->isVisible());
    EXPECT_TRUE(models->models().isEmpty());
    auto *tabs = models->findChild<QTabWidget *>(QStringLiteral("modelsTabs"));
    auto *catalogue = models->findChild<QTreeWidget *>(QStringLiteral("catalogue"));
    ASSERT_TRUE(tabs && catalogue);
    EXPECT_EQ(tabs->currentWidget(), catalogue->parentWidget());
}

}  // namespace
