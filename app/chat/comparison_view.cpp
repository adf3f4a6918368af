// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "comparison_view.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

namespace facet::app {

ComparisonView::ComparisonView(QWidget *parent) : QWidget(parent) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    m_prompt = new QLabel(this);
    m_prompt->setWordWrap(true);
    m_prompt->setTextFormat(Qt::PlainText);
    m_prompt->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close = new QPushButton(this);
    connect(m_close, &QPushButton::clicked, this, [this] {
        if (isRunning())
            emit stopRequested();
        else
            emit closeRequested();
    });
    top->addWidget(m_prompt, 1);
    top->addWidget(m_close);
    layout->addLayout(top);

    auto *grid = new QGridLayout;
    for (int i = 0; i < 2; ++i) {
        Side &s = m_side[i];
        s.title = new QLabel(this);
        QFont bold = s.title->font();
        bold.setBold(true);
        s.title->setFont(bold);
        s.text = new QTextBrowser(this);
        s.text->setOpenLinks(false);
        s.stats = new QLabel(this);
        s.stats->setWordWrap(true);
        s.stats->setTextFormat(Qt::PlainText);
        s.stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
        s.keep = new QPushButton(this);
        const bool adapted = i == 1;
        connect(s.keep, &QPushButton::clicked, this,
                [this, adapted] { emit keepRequested(adapted); });
        grid->addWidget(s.title, 0, i);
        grid->addWidget(s.text, 1, i);
        grid->addWidget(s.stats, 2, i);
        grid->addWidget(s.keep, 3, i, Qt::AlignLeft);
    }
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid, 1);
    retranslate();
}

void ComparisonView::start(const QString &prompt, const QString &adapterLabel) {
    m_adapterLabel = adapterLabel;
    m_prompt->setText(prompt);
    for (Side &s : m_side) {
        s.content.clear();
        s.thinking.clear();
        s.running = true;
        s.finished = false;
        s.stats->clear();
        s.text->clear();
    }
    retranslate();
}

void ComparisonView::appendContent(bool adapted, const QString &text) {
    m_side[adapted].content += text;
    render(adapted);
}

void ComparisonView::appendThinking(bool adapted, const QString &text) {
    m_side[adapted].thinking += text;
    render(adapted);
}

void ComparisonView::finish(bool adapted, const QString &statsText) {
    m_side[adapted].running = false;
    m_side[adapted].finished = true;
    m_side[adapted].stats->setText(statsText);
    updateButtons();
}

void ComparisonView::fail(bool adapted, const QString &error, const QString &hint) {
    m_side[adapted].running = false;
    m_side[adapted].stats->setText(hint.isEmpty() ? error : error + u'\n' + hint);
    updateButtons();
}

QString ComparisonView::title(bool adapted) const {
    return m_side[adapted].title->text();
}

QString ComparisonView::statsText(bool adapted) const {
    return m_side[adapted].stats->text();
}

void ComparisonView::render(bool adapted) {
    const Side &s = m_side[adapted];
    QString markdown;
    if (!s.thinking.isEmpty()) {
        // The reasoning, quoted above the answer.
        markdown = QStringLiteral("> ") +
                   QString(s.thinking).replace(u'\n', QStringLiteral("\n> ")) +
                   QStringLiteral("\n\n");
    }
    markdown += s.content;
    // As the transcript shows answers: GitHub Markdown, raw HTML shown as text (an answer is
    // untrusted, and "<unused29>" must not vanish as a tag).
    s.text->document()->setMarkdown(
        markdown, QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                  QTextDocument::MarkdownNoHTML));
}

void ComparisonView::updateButtons() {
    for (const Side &s : m_side)
        s.keep->setEnabled(s.finished);
    m_close->setText(isRunning() ? tr("Stop") : tr("Close"));
    m_close->setToolTip(isRunning() ? tr("Stop both answers")
                                    : tr("Close the comparison; the conversation stays as it was"));
}

void ComparisonView::retranslate() {
    m_side[0].title->setText(tr("Base"));
    m_side[1].title->setText(tr("Adapter %1").arg(m_adapterLabel));
    for (int i = 0; i < 2; ++i) {
        Side &s = m_side[i];
        s.keep->setText(tr("Keep this answer"));
        s.keep->setToolTip(tr("Add this answer to the conversation"));
        s.keep->setAccessibleName(i == 0 ? tr("Keep the base model's answer")
                                         : tr("Keep the adapter's answer"));
        s.text->setAccessibleName(i == 0 ? tr("Base model's answer") : tr("Adapter's answer"));
    }
    m_prompt->setAccessibleName(tr("Compared prompt"));
    updateButtons();
}

void ComparisonView::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

}  // namespace facet::app
