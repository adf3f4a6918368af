// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "markdown_view.h"

#include "markdown_segments.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QResizeEvent>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextFrame>
#include <QTextTable>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>

namespace facet::app {

QColor mixColors(const QColor &a, const QColor &b, qreal t) {
    const QColor x = a.toRgb(), y = b.toRgb();
    return QColor::fromRgbF(float(x.redF() + (y.redF() - x.redF()) * t),
                            float(x.greenF() + (y.greenF() - x.greenF()) * t),
                            float(x.blueF() + (y.blueF() - x.blueF()) * t),
                            float(x.alphaF() + (y.alphaF() - x.alphaF()) * t));
}

void setAccessibleNameIfChanged(QWidget *widget, const QString &name) {
    if (widget->accessibleName() != name) widget->setAccessibleName(name);
}

void setAccessibleDescriptionIfChanged(QWidget *widget, const QString &description) {
    if (widget->accessibleDescription() != description)
        widget->setAccessibleDescription(description);
}

// ---------------------------------------------------------------------------------------------
// MarkdownView

MarkdownView::MarkdownView(QWidget *parent) : QTextBrowser(parent) {
    setFrameShape(QFrame::NoFrame);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);  // a table wider than the chat
    setLineWrapMode(QTextEdit::WidgetWidth);
    viewport()->setAutoFillBackground(false);
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard |
                            Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    setFocusPolicy(Qt::StrongFocus);
    setContextMenuPolicy(Qt::DefaultContextMenu);
    document()->setDocumentMargin(0);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    connect(this, &QTextBrowser::anchorClicked, this, &MarkdownView::openLink);
    connect(document(), &QTextDocument::contentsChanged, this, [this] { m_heights.clear(); });
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            [this] { updateGeometry(); });
}

void MarkdownView::openLink(const QUrl &url) {
    const QString scheme = url.scheme().toLower();
    if (scheme == u"http" || scheme == u"https" || scheme == u"mailto")
        QDesktopServices::openUrl(url);
}

void MarkdownView::setMarkdownText(const QString &markdown) {
    if (markdown == m_markdown) return;
    m_markdown = markdown;
    import();
}

void MarkdownView::import() {
    const QTextCursor old = textCursor();
    const bool hadSelection = old.hasSelection();
    const int anchor = old.anchor(), position = old.position();
    document()->setMarkdown(m_markdown, QTextDocument::MarkdownFeatures(markdownFeatures()));
    document()->setDocumentMargin(0);
    styleTables();
    if (hadSelection) {
        const int last = std::max(0, document()->characterCount() - 1);
        QTextCursor cursor(document());
        cursor.setPosition(std::min(anchor, last));
        cursor.setPosition(std::min(position, last), QTextCursor::KeepAnchor);
        setTextCursor(cursor);
    }
    updateGeometry();
}

// Qt's Markdown tables have double 1-pixel borders with gaps; the chat draws them collapsed, with
// padding, in a border colour from the palette and a tinted header row.
void MarkdownView::styleTables() {
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    const QList<QTextFrame *> roots = document()->rootFrame()->childFrames();
    QList<QTextFrame *> frames = roots;
    while (!frames.isEmpty()) {
        QTextFrame *frame = frames.takeFirst();
        frames.append(frame->childFrames());
        auto *table = qobject_cast<QTextTable *>(frame);
        if (!table) continue;
        QTextTableFormat format = table->format();
        format.setBorderCollapse(true);
        format.setBorder(1);
        format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
        format.setBorderBrush(mixColors(base, text, 0.25));
        format.setCellSpacing(0);
        format.setCellPadding(5);
        table->setFormat(format);
        for (int column = 0; column < table->columns(); ++column) {
            QTextTableCell cell = table->cellAt(0, column);
            QTextCharFormat cellFormat = cell.format();
            cellFormat.setBackground(mixColors(base, text, 0.06));
            cell.setFormat(cellFormat);
        }
    }
}

int MarkdownView::horizontalChrome() const {
    const QMargins contents = contentsMargins();
    const QMargins viewport = viewportMargins();
    return 2 * frameWidth() + contents.left() + contents.right() + viewport.left() +
           viewport.right();
}

void MarkdownView::setExpectedWidth(int width) {
    if (width <= 0 || testAttribute(Qt::WA_Resized)) return;
    resize(width, height());  // QTextEdit lays the text out for its own width when first shown
    const qreal textWidth = std::max(1, width - horizontalChrome());
    if (document()->textWidth() != textWidth) document()->setTextWidth(textWidth);
}

void MarkdownView::resizeEvent(QResizeEvent *event) {
    // heightForWidth has usually laid the document out at this width already; QTextEdit would do
    // it again for any change of width. Telling it the width did not change leaves it only the
    // scroll bars to adjust.
    if (event->oldSize().width() != event->size().width() &&
        document()->textWidth() == viewport()->width()) {
        QResizeEvent same(event->size(), QSize(event->size().width(), event->oldSize().height()));
        QTextBrowser::resizeEvent(&same);
        return;
    }
    QTextBrowser::resizeEvent(event);
}

void MarkdownView::setMuted(bool muted) {
    if (m_muted == muted) return;
    m_muted = muted;
    applyMutedPalette();
}

void MarkdownView::applyMutedPalette() {
    const QPalette inherited = parentWidget() ? parentWidget()->palette() : QApplication::palette();
    QPalette p = palette();
    p.setColor(QPalette::Text, m_muted ? inherited.color(QPalette::PlaceholderText)
                                       : inherited.color(QPalette::Text));
    m_applyingPalette = true;
    setPalette(p);
    m_applyingPalette = false;
}

void MarkdownView::changeEvent(QEvent *event) {
    const QEvent::Type type = event->type();
    // An explicitly set colour no longer follows the application's palette (light <-> dark).
    if (type == QEvent::PaletteChange && m_muted && !m_applyingPalette) applyMutedPalette();
    // Link and table colours were taken from the palettes when the Markdown was imported: import
    // again, once, after the change.
    if ((type == QEvent::PaletteChange || type == QEvent::ApplicationPaletteChange) &&
        !m_applyingPalette && !m_markdown.isEmpty() && !m_importQueued) {
        m_importQueued = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_importQueued = false;
                import();
            },
            Qt::QueuedConnection);
    }
    if (type == QEvent::FontChange || type == QEvent::StyleChange) m_heights.clear();
    QTextBrowser::changeEvent(event);
}

int MarkdownView::heightForWidth(int width) const {
    for (const HeightForWidth &known : std::as_const(m_heights))
        if (known.width == width) return known.height;
    QTextDocument *doc = document();
    const int frame = 2 * frameWidth();
    const qreal textWidth = std::max(1, width - horizontalChrome());
    if (doc->textWidth() != textWidth) {
        doc->setTextWidth(textWidth);  // lays the document out again, even at the same width
        if (!m_syncQueued) {
            m_syncQueued = true;
            QMetaObject::invokeMethod(
                const_cast<MarkdownView *>(this),
                [self = const_cast<MarkdownView *>(this)] { self->syncTextWidth(); },
                Qt::QueuedConnection);
        }
    }
    int height = int(std::ceil(doc->size().height())) + frame;
    if (doc->size().width() > textWidth + 1) height += horizontalScrollBar()->sizeHint().height();
    if (m_heights.size() >= 4) m_heights.removeFirst();
    m_heights.append({width, height});
    return height;
}

void MarkdownView::syncTextWidth() {
    m_syncQueued = false;
    const qreal width = viewport()->width();
    if (isVisible() && width > 0 && document()->textWidth() != width)
        document()->setTextWidth(width);
}

QSize MarkdownView::sizeHint() const {
    const int width = this->width() > 0 ? this->width() : 400;
    return {width, heightForWidth(width)};
}

QSize MarkdownView::minimumSizeHint() const {
    return {40, fontMetrics().height()};
}

QVariant MarkdownView::loadResource(int type, const QUrl &name) {
    // Images and style sheets an answer names are not loaded (no network, no local files).
    Q_UNUSED(type);
    Q_UNUSED(name);
    return {};
}

void MarkdownView::wheelEvent(QWheelEvent *event) {
    // Vertical wheel turns scroll the chat, not this (never vertically scrollable) view.
    if (std::abs(event->angleDelta().y()) >= std::abs(event->angleDelta().x()) ||
        horizontalScrollBar()->maximum() == 0) {
        event->ignore();
        return;
    }
    QTextBrowser::wheelEvent(event);
}

// ---------------------------------------------------------------------------------------------
// CodeTextView

CodeTextView::CodeTextView(QWidget *parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setFrameShape(QFrame::NoFrame);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setFocusPolicy(Qt::StrongFocus);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    viewport()->setAutoFillBackground(false);
    setBackgroundVisible(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // The horizontal bar appears for long lines and takes height: resize for it.
    connect(horizontalScrollBar(), &QScrollBar::rangeChanged, this, [this] { updateGeometry(); });
    connect(document(), &QTextDocument::blockCountChanged, this, [this] { updateGeometry(); });
}

void CodeTextView::setCode(const QString &code) {
    if (code == m_code) return;
    if (!m_code.isEmpty() && code.startsWith(m_code)) {
        QTextCursor end(document());
        end.movePosition(QTextCursor::End);
        end.insertText(code.mid(m_code.size()));
    } else {
        setPlainText(code);
    }
    m_code = code;
    updateGeometry();
}

void CodeTextView::setMaxVisibleLines(int lines) {
    m_maxVisibleLines = std::max(0, lines);
    setVerticalScrollBarPolicy(m_maxVisibleLines > 0 ? Qt::ScrollBarAsNeeded
                                                     : Qt::ScrollBarAlwaysOff);
    updateGeometry();
}

int CodeTextView::contentHeight() const {
    int lines = std::max(1, document()->blockCount());
    if (m_maxVisibleLines > 0) lines = std::min(lines, m_maxVisibleLines);
    int height = lines * fontMetrics().lineSpacing() +
                 int(std::ceil(2 * document()->documentMargin())) + 2 * frameWidth() +
                 2;  // QPlainTextEdit counts a line as visible only with a little room to spare
    if (horizontalScrollBar()->maximum() > 0) height += horizontalScrollBar()->sizeHint().height();
    return height;
}

QSize CodeTextView::sizeHint() const {
    return {200, contentHeight()};
}
QSize CodeTextView::minimumSizeHint() const {
    return {40, contentHeight()};
}

void CodeTextView::wheelEvent(QWheelEvent *event) {
    const bool vertical = std::abs(event->angleDelta().y()) >= std::abs(event->angleDelta().x());
    if (vertical && verticalScrollBar()->maximum() == 0) {
        event->ignore();  // the chat scrolls
        return;
    }
    QPlainTextEdit::wheelEvent(event);
}

// ---------------------------------------------------------------------------------------------
// CodeBlock

CodeBlock::CodeBlock(QWidget *parent) : QFrame(parent) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 4, 6, 4);
    layout->setSpacing(2);
    auto *header = new QHBoxLayout;
    header->setContentsMargins(0, 0, 0, 0);
    m_titleLabel = new QLabel(this);
    m_titleLabel->setForegroundRole(QPalette::PlaceholderText);
    QFont small = m_titleLabel->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_titleLabel->setFont(small);
    m_copy = new QToolButton(this);
    m_copy->setAutoRaise(true);
    m_copy->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_copy->setFocusPolicy(Qt::StrongFocus);
    header->addWidget(m_titleLabel);
    header->addStretch(1);
    header->addWidget(m_copy);
    layout->addLayout(header);
    m_view = new CodeTextView(this);
    layout->addWidget(m_view);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(m_copy, &QToolButton::clicked, this, &CodeBlock::copy);
    retranslate();
}

void CodeBlock::setTitle(const QString &title) {
    if (title == m_title) return;
    m_title = title;
    retranslate();
}

void CodeBlock::setInProgress(bool inProgress) {
    if (inProgress == m_inProgress) return;
    m_inProgress = inProgress;
    retranslate();
}

QList<QWidget *> CodeBlock::focusOrder() const {
    return {m_copy, m_view};
}

void CodeBlock::copy() {
    QGuiApplication::clipboard()->setText(m_view->code());
    m_showingCopied = true;
    retranslate();
    QTimer::singleShot(1500, this, [this] {
        m_showingCopied = false;
        retranslate();
    });
    emit copied();
}

void CodeBlock::retranslate() {
    const QString title = m_title.isEmpty() ? tr("Code") : m_title;
    m_titleLabel->setText(m_inProgress ? tr("%1 (being written…)").arg(title) : title);
    m_copy->setText(m_showingCopied ? tr("Copied") : tr("Copy"));
    m_copy->setToolTip(tr("Copy this code to the clipboard"));
    setAccessibleNameIfChanged(m_copy, tr("Copy code"));
    setAccessibleDescriptionIfChanged(m_copy,
                                      tr("Copies exactly the code of this block (%1)").arg(title));
    setAccessibleNameIfChanged(m_view, tr("Code: %1").arg(title));
    setAccessibleDescriptionIfChanged(m_view,
                                      tr("Read-only code; select with the keyboard or the mouse"));
    setAccessibleNameIfChanged(this, tr("Code block: %1").arg(title));
}

void CodeBlock::paintEvent(QPaintEvent *event) {
    Q_UNUSED(event);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette &p = palette();
    const QColor fill = mixColors(p.color(QPalette::Base), p.color(QPalette::Text), 0.05);
    const QColor border = mixColors(p.color(QPalette::Base), p.color(QPalette::Text), 0.18);
    QPainterPath path;
    path.addRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
    painter.fillPath(path, fill);
    painter.setPen(border);
    painter.drawPath(path);
}

void CodeBlock::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QFrame::changeEvent(event);
}

}  // namespace facet::app
