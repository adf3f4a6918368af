#include "mainwindow.h"

#include <QCloseEvent>
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

    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    statusBar()->showMessage(tr("No model loaded"));

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray())) {
        resize(1100, 750);
    }
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
}

void MainWindow::closeEvent(QCloseEvent *event) {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    event->accept();
}

}  // namespace facet::app
