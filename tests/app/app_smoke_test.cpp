// The main window comes up, shows its welcome page and the Models dock, remembers its geometry and
// is translated.
#include "mainwindow.h"
#include "models_dock.h"

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

QString welcomeText(const QMainWindow &w) {
    const auto *label = qobject_cast<const QLabel *>(w.centralWidget());
    return label ? label->text() : QString();
}

TEST_F(AppTest, MainWindowShowsWelcomeInEnglish) {
    facet::app::MainWindow w;
    w.show();
    EXPECT_EQ(w.windowTitle(), QStringLiteral("Facet"));
    EXPECT_TRUE(welcomeText(w).contains(QStringLiteral("Welcome to Facet")));
    EXPECT_FALSE(w.windowIcon().isNull()) << "icon resource must be embedded";
}

TEST_F(AppTest, GeometryIsRememberedAcrossRestarts) {
    {
        facet::app::MainWindow w;
        w.show();
        w.resize(900, 640);
        w.close();
    }
    facet::app::MainWindow again;
    EXPECT_EQ(again.size(), QSize(900, 640));
}

TEST_F(AppTest, EveryShippedTranslationLoadsAndTranslatesTheWindow) {
    const struct {
        const char *locale;
        const char *expected;
    } cases[] = {{"de", "Willkommen bei Facet"}, {"fr", "Bienvenue dans Facet"},
                 {"es", "Bienvenido a Facet"},   {"ja", "Facet へようこそ"},
                 {"zh_CN", "欢迎使用 Facet"},    {"pt_BR", "Bem-vindo ao Facet"}};
    for (const auto &c : cases) {
        SCOPED_TRACE(c.locale);
        QTranslator translator;
        ASSERT_TRUE(translator.load(QLocale(QString::fromLatin1(c.locale)), QStringLiteral("facet"),
                                    QStringLiteral("_"), QStringLiteral(":/i18n")));
        QApplication::installTranslator(&translator);
        facet::app::MainWindow w;
        EXPECT_TRUE(welcomeText(w).contains(QString::fromUtf8(c.expected)))
            << welcomeText(w).toStdString();
        QApplication::removeTranslator(&translator);
    }
}

TEST_F(AppTest, FirstStartWithoutModelsLeadsToTheCatalogue) {
    facet::app::MainWindow w;
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
