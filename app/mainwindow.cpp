#include "mainwindow.h"

#include "models_dock.h"

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QVBoxLayout>

namespace facet::app {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent) {
    setWindowTitle(tr("Facet"));
    setWindowIcon(QIcon(QStringLiteral(":/facet/icons/facet.svg")));

    auto *welcome = new QLabel(this);
    welcome->setAlignment(Qt::AlignCenter);
    welcome->setWordWrap(true);
    welcome->setTextFormat(Qt::RichText);
    welcome->setText(QStringLiteral("<h2>%1</h2><p>%2</p>")
                         .arg(tr("Welcome to Facet"),
                              tr("Run Gemma 4 on your own GPU. Nothing leaves this computer.")));
    welcome->setAccessibleName(tr("Welcome"));
    setCentralWidget(welcome);

    // Models dock.
    m_models = new ModelsDock(this);
    m_models->useDefaultDownloadManager();
    m_modelsDock = new QDockWidget(tr("Models"), this);
    m_modelsDock->setObjectName(QStringLiteral("modelsDockWidget"));  // saveState() key
    m_modelsDock->setAccessibleName(tr("Models"));
    m_modelsDock->setAccessibleDescription(
        tr("Installed models, the Gemma 4 catalogue and downloads"));
    m_modelsDock->setWidget(m_models);
    addDockWidget(Qt::RightDockWidgetArea, m_modelsDock);

    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    auto *viewMenu = menuBar()->addMenu(tr("&View"));
    QAction *showModels = m_modelsDock->toggleViewAction();
    showModels->setText(tr("&Models"));
    showModels->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    viewMenu->addAction(showModels);

    statusBar()->showMessage(tr("No model loaded"));

    // Until the engine thread lands (desktop-app issue), a load request only selects the model.
    connect(m_models, &ModelsDock::loadRequested, this, [this](const QString &path) {
        m_models->setLoadedModel(path);
        statusBar()->showMessage(
            tr("Selected %1; the chat engine is not connected in this build yet.")
                .arg(QFileInfo(path).fileName()));
    });
    connect(m_models, &ModelsDock::unloadRequested, this, [this] {
        m_models->setLoadedModel({});
        statusBar()->showMessage(tr("No model loaded"));
    });
    connect(m_models, &ModelsDock::scanFinished, this, &MainWindow::onFirstScan,
            Qt::SingleShotConnection);

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray())) {
        resize(1100, 750);
    }
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    m_models->refresh();
}

void MainWindow::onFirstScan() {
    if (!m_models->models().isEmpty()) return;
    // Nothing to chat with: lead to the catalogue, even if the user closed the dock last time.
    m_modelsDock->show();
    m_modelsDock->raise();
    m_models->showCatalogue();
    statusBar()->showMessage(tr("No model found yet: download one in the Models panel."));
}

void MainWindow::closeEvent(QCloseEvent *event) {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    event->accept();
}

}  // namespace facet::app
