// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Two answers to one prompt side by side, as they stream: the base model's ("Base") and the one
// through the conversation's adapter ("Adapter <name> ×<strength>"), each with its statistics or
// error and a "Keep this answer" button. The view only shows; the chat panel runs the comparison
// (ChatController::compare) and stores the answer the user keeps.
#pragma once

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace facet::app {

class ComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonView(QWidget *parent = nullptr);

    // Empties both columns for a new comparison of `prompt`; adapterLabel: "name ×1.00".
    void start(const QString &prompt, const QString &adapterLabel);
    void appendContent(bool adapted, const QString &text);
    void appendThinking(bool adapted, const QString &text);
    // The answer ended: its statistics line; from now on it can be kept.
    void finish(bool adapted, const QString &statsText);
    void fail(bool adapted, const QString &error, const QString &hint);
    bool isRunning() const { return m_side[0].running || m_side[1].running; }
    // The answer finished (not failed) and can be kept.
    bool canKeep(bool adapted) const { return m_side[adapted].finished; }

    QString content(bool adapted) const { return m_side[adapted].content; }
    QString thinking(bool adapted) const { return m_side[adapted].thinking; }
    QString title(bool adapted) const;
    QString statsText(bool adapted) const;
    QPushButton *keepButton(bool adapted) const { return m_side[adapted].keep; }
    QPushButton *closeButton() const { return m_close; }

signals:
    void keepRequested(bool adapted);
    void stopRequested();
    void closeRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Side {
        QLabel *title = nullptr;
        QTextBrowser *text = nullptr;
        QLabel *stats = nullptr;
        QPushButton *keep = nullptr;
        QString content, thinking;
        bool running = false;
        bool finished = false;
    };
    void retranslate();
    void render(bool adapted);
    void updateButtons();

    QLabel *m_prompt = nullptr;
    QPushButton *m_close = nullptr;
    Side m_side[2];
    QString m_adapterLabel;
};

}  // namespace facet::app
