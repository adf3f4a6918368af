// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Read-only text views of the chat: prose (Markdown) and code, each as tall as its content.
#pragma once

#include <QFrame>
#include <QPlainTextEdit>
#include <QTextBrowser>

class QLabel;
class QToolButton;

namespace facet::app {

// Markdown prose at the height of its content (no vertical scroll bar: the chat scrolls), text
// selectable by mouse and keyboard, links opening in the user's browser only when clicked (web and
// mail links; nothing is fetched to display an answer).
class MarkdownView : public QTextBrowser {
    Q_OBJECT
public:
    explicit MarkdownView(QWidget *parent = nullptr);

    // Replaces the Markdown, keeping the selection where it was (streamed text only grows, so the
    // selected characters stay the same ones).
    void setMarkdownText(const QString &markdown);
    QString markdownText() const { return m_markdown; }
    // Text in the palette's placeholder colour (the model's reasoning).
    void setMuted(bool muted);
    // The width the view will most likely get: lays the text out at that width from the start
    // (a new view would otherwise lay it out once for its default size, once for the probe of its
    // layout and once more when resized). Ignored once the view has been laid out.
    void setExpectedWidth(int width);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    QVariant loadResource(int type, const QUrl &name) override;

    // Opens a clicked link through QDesktopServices: http, https and mailto only (an answer is
    // untrusted text; a file: or custom-scheme link could start anything).
    static void openLink(const QUrl &url);

protected:
    void changeEvent(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void applyMutedPalette();
    void syncTextWidth();
    void import();
    void styleTables();
    int horizontalChrome() const;  // frame and margins around the text, in pixels

    QString m_markdown;
    bool m_muted = false;
    bool m_applyingPalette = false;
    bool m_importQueued = false;
    // heightForWidth lays the document out at the asked width; the answers for the last few
    // widths are kept until the text changes (layouts ask for a width several times, and for
    // two or three widths in turn), and a queued check puts the document back to the viewport's
    // width when the layout only probed a width the view never got.
    struct HeightForWidth {
        int width;
        int height;
    };
    mutable QList<HeightForWidth> m_heights;
    mutable bool m_syncQueued = false;
};

// Monospace code without wrapping (long lines scroll sideways), as tall as its lines or at most
// `maxVisibleLines` of them (then it scrolls vertically too).
class CodeTextView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CodeTextView(QWidget *parent = nullptr);

    // Sets the code; appends in place when the new code extends the old (streaming), which keeps
    // the selection and the scroll position.
    void setCode(const QString &code);
    QString code() const { return m_code; }
    void setMaxVisibleLines(int lines);  // 0: all lines

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void wheelEvent(QWheelEvent *event) override;

private:
    int contentHeight() const;

    QString m_code;
    int m_maxVisibleLines = 0;
};

// A box around code: a title (the language, a tool's name), a Copy button that copies exactly the
// code, and the code itself.
class CodeBlock : public QFrame {
    Q_OBJECT
public:
    explicit CodeBlock(QWidget *parent = nullptr);

    // What the title shows; empty: "Code".
    void setTitle(const QString &title);
    QString title() const { return m_title; }
    void setCode(const QString &code) { m_view->setCode(code); }
    QString code() const { return m_view->code(); }
    // A block whose closing fence has not arrived yet: the title says it is being written.
    void setInProgress(bool inProgress);
    void setMaxVisibleLines(int lines) { m_view->setMaxVisibleLines(lines); }

    CodeTextView *textView() const { return m_view; }
    QToolButton *copyButton() const { return m_copy; }
    // Focusable parts in tab order.
    QList<QWidget *> focusOrder() const;
    void retranslate();

signals:
    void copied();

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void copy();

    QString m_title;
    bool m_inProgress = false;
    bool m_showingCopied = false;
    QLabel *m_titleLabel = nullptr;
    QToolButton *m_copy = nullptr;
    CodeTextView *m_view = nullptr;
};

// Qt 6.4 sends a NameChanged (DescriptionChanged) event on every call, even with the same text:
// renders while an answer streams in would flood assistive technology with them.
void setAccessibleNameIfChanged(QWidget *widget, const QString &name);
void setAccessibleDescriptionIfChanged(QWidget *widget, const QString &description);

// A colour between `a` and `b` (t = 0: a, t = 1: b): subtle backgrounds and borders that follow
// light and dark palettes.
QColor mixColors(const QColor &a, const QColor &b, qreal t);

}  // namespace facet::app
