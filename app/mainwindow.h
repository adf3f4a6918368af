#pragma once

#include <QMainWindow>

class QDockWidget;

namespace facet::app {

class ModelsDock;

// The main window: a welcome page in the centre (the chat arrives with the desktop-app issue) and
// the Models dock. Dock layout and window geometry are remembered (saveState/restoreState, so
// every QDockWidget has an objectName). The first start without any model on disk brings the
// Models dock to the front with its catalogue.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    ModelsDock *modelsDock() const { return m_models; }
    QDockWidget *modelsDockWidget() const { return m_modelsDock; }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void onFirstScan();

    ModelsDock *m_models = nullptr;
    QDockWidget *m_modelsDock = nullptr;
};

}  // namespace facet::app
