#pragma once

#include <QMainWindow>

namespace facet::app {

// The main window. The chat, attachments, models and fine-tune docks arrive with the desktop-app
// issue; for now it shows a welcome page and remembers its geometry.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

protected:
    void closeEvent(QCloseEvent *event) override;
};

}  // namespace facet::app
