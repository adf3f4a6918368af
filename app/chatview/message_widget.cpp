// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "message_widget.h"

#include "markdown_segments.h"
#include "markdown_view.h"

#include <QAccessible>
#include <QAccessibleWidget>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QIcon>
#include <QJsonDocument>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace facet::app {
namespace {

// Messages are groups for assistive technology ("Assistant message", then its parts). A QFrame
// would be announced as a border.
QAccessibleInterface *messageAccessibleFactory(const QString &className, QObject *object) {
    if (className == QLatin1String("facet::app::MessageWidget") && object && object->isWidgetType())
        return new QAccessibleWidget(static_cast<QWidget *>(object), QAccessible::Grouping);
    return nullptr;
}

// The tool buttons' height, so that the header does not jump when the actions appear.
int toolButtonHeight() {
    static int height = [] {
        QToolButton probe;
        probe.setAutoRaise(true);
        probe.setText(QStringLiteral("Xg"));
        return probe.sizeHint().height();
    }();
    return height;
}

QString prettyJson(const QString &json) {
    if (json.trimmed().isEmpty()) return QStringLiteral("{}");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || doc.isNull()) return json;
    return QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
}

QString formatDuration(qint64 ms) {
    const qint64 seconds = (ms + 500) / 1000;
    return QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

// The error box: a tinted frame whose colours derive from the palette and a red accent, so it
// reads in light and dark themes.
class ErrorBox : public QFrame {
public:
    using QFrame::QFrame;

protected:
    void paintEvent(QPaintEvent *) override {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        const QColor base = palette().color(QPalette::Base);
        const QColor accent(200, 40, 40);
        QPainterPath path;
        path.addRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);
        painter.fillPath(path, mixColors(base, accent, 0.12));
        painter.setPen(QPen(mixColors(base, accent, 0.6), 1));
        painter.drawPath(path);
        painter.fillRect(QRectF(0.5, 4, 3, height() - 8), mixColors(base, accent, 0.8));
    }
};

}  // namespace

MessageWidget::MessageWidget(const MessageView &view, bool speechAvailable, QWidget *parent)
    : QFrame(parent), m_view(view), m_speechAvailable(speechAvailable) {
    static const bool factoryInstalled = [] {
        QAccessible::installFactory(messageAccessibleFactory);
        return true;
    }();
    Q_UNUSED(factoryInstalled);

    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(12, 6, 12, 10);
    m_layout->setSpacing(6);

    m_header = new QHBoxLayout;
    m_header->setContentsMargins(0, 0, 0, 0);
    m_header->setSpacing(2);
    m_roleLabel = new QLabel(this);
    QFont bold = m_roleLabel->font();
    bold.setBold(true);
    m_roleLabel->setFont(bold);
    m_roleLabel->setMinimumHeight(toolButtonHeight());
    m_header->addWidget(m_roleLabel);
    m_header->addStretch(1);
    m_layout->addLayout(m_header);

    m_attachmentLayout = new QHBoxLayout;
    m_attachmentLayout->setContentsMargins(0, 0, 0, 0);
    m_attachmentLayout->setSpacing(6);
    m_layout->addLayout(m_attachmentLayout);
    m_thinkLayout = new QVBoxLayout;
    m_thinkLayout->setContentsMargins(0, 0, 0, 0);
    m_thinkLayout->setSpacing(2);
    m_layout->addLayout(m_thinkLayout);
    m_contentLayout = new QVBoxLayout;
    m_contentLayout->setContentsMargins(0, 0, 0, 0);
    m_contentLayout->setSpacing(8);
    m_layout->addLayout(m_contentLayout);
    m_toolLayout = new QVBoxLayout;
    m_toolLayout->setContentsMargins(0, 0, 0, 0);
    m_toolLayout->setSpacing(6);
    m_layout->addLayout(m_toolLayout);
    m_tailLayout = new QVBoxLayout;
    m_tailLayout->setContentsMargins(0, 0, 0, 0);
    m_tailLayout->setSpacing(4);
    m_layout->addLayout(m_tailLayout);

    retranslate();
}

MessageWidget::~MessageWidget() = default;

QString MessageWidget::roleName(MessageView::Role role) {
    switch (role) {
        case MessageView::Role::System:
            return tr("System prompt");
        case MessageView::Role::User:
            return tr("You", "the author of a user message");
        case MessageView::Role::Assistant:
            return tr("Assistant");
        case MessageView::Role::Tool:
            return tr("Tool result");
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// Data

void MessageWidget::setView(const MessageView &view) {
    const bool roleChanged = view.role != m_view.role;
    const bool attachmentsChanged =
        view.attachments.size() != m_view.attachments.size() ||
        std::any_of(view.attachments.begin(), view.attachments.end(), [&](const auto &a) {
            const qsizetype i = &a - view.attachments.data();
            const AttachmentView &b = m_view.attachments[i];
            return a.kind != b.kind || a.name != b.name || a.durationMs != b.durationMs ||
                   a.thumbnail.cacheKey() != b.thumbnail.cacheKey() || a.softTokens != b.softTokens;
        });
    if (view.thinkingMs == 0 && m_view.thinkingMs > 0 && view.thinking == m_view.thinking) {
        MessageView copy = view;
        copy.thinkingMs = m_view.thinkingMs;  // measured here; the controller may not keep it
        m_view = copy;
    } else {
        m_view = view;
    }
    if (attachmentsChanged) m_attachmentsRendered = false;
    if (roleChanged) {
        // Everything role-specific is rebuilt.
        for (const Segment &segment : std::as_const(m_segments))
            delete segment.widget;
        m_segments.clear();
        delete m_actionBar;
        m_actionBar = nullptr;
        m_copy = m_edit = m_regenerate = m_readAloud = m_saveExample = m_delete = nullptr;
        retranslate();
    }
    m_dirty = true;
}

void MessageWidget::appendContent(const QString &text) {
    if (text.isEmpty()) return;
    if (m_view.content.isEmpty() && !m_view.thinking.isEmpty() && m_view.thinkingMs == 0 &&
        m_thinkClock.isValid())
        m_view.thinkingMs = std::max<qint64>(1, m_thinkClock.elapsed());
    m_view.content += text;
    m_view.streaming = true;
    m_dirty = true;
}

void MessageWidget::appendThinking(const QString &text) {
    if (text.isEmpty()) return;
    if (m_view.thinking.isEmpty()) m_thinkClock.start();
    m_view.thinking += text;
    m_view.streaming = true;
    m_dirty = true;
}

void MessageWidget::addToolCall(const ToolCallView &call) {
    m_view.toolCalls.append(call);
    m_dirty = true;
}

void MessageWidget::finish(const QString &statsText) {
    if (!m_view.thinking.isEmpty() && m_view.thinkingMs == 0 && m_thinkClock.isValid() &&
        m_view.content.isEmpty())
        m_view.thinkingMs = std::max<qint64>(1, m_thinkClock.elapsed());
    m_view.streaming = false;
    m_view.statsText = statsText;
    m_dirty = true;
}

void MessageWidget::setError(const QString &error, const QString &hint) {
    m_view.error = error;
    m_view.errorHint = hint;
    m_view.streaming = false;
    m_dirty = true;
}

// ---------------------------------------------------------------------------------------------
// Rendering

void MessageWidget::render() {
    m_dirty = false;
    if (!m_attachmentsRendered) renderAttachments();
    renderHeader();
    renderThinking();
    renderContent();
    renderToolCalls();
    renderError();
    renderStats();
    updateActions();
    updateAccessibleState();
    if (m_structureChanged) fixTabOrder();
}

void MessageWidget::renderHeader() {
    const bool branches = m_view.branchCount > 1;
    if (branches && !m_branchLabel) {
        m_prevBranch = makeButton(nullptr);
        m_prevBranch->setText(QStringLiteral("‹"));
        m_branchLabel = new QLabel(this);
        m_branchLabel->setForegroundRole(QPalette::PlaceholderText);
        m_nextBranch = makeButton(nullptr);
        m_nextBranch->setText(QStringLiteral("›"));
        const int at = m_header->indexOf(m_roleLabel) + 1;
        m_header->insertWidget(at, m_prevBranch);
        m_header->insertWidget(at + 1, m_branchLabel);
        m_header->insertWidget(at + 2, m_nextBranch);
        m_prevBranch->show();
        m_branchLabel->show();
        m_nextBranch->show();
        connect(m_prevBranch, &QToolButton::clicked, this,
                [this] { emit branchRequested(m_view.id, -1); });
        connect(m_nextBranch, &QToolButton::clicked, this,
                [this] { emit branchRequested(m_view.id, +1); });
        m_structureChanged = true;
        retranslateBranch();
    }
    if (m_branchLabel) {
        m_prevBranch->setVisible(branches);
        m_branchLabel->setVisible(branches);
        m_nextBranch->setVisible(branches);
        if (branches) {
            m_branchLabel->setText(
                QStringLiteral("%1/%2").arg(m_view.branchIndex + 1).arg(m_view.branchCount));
            m_prevBranch->setEnabled(m_view.branchIndex > 0 && !m_view.streaming);
            m_nextBranch->setEnabled(m_view.branchIndex + 1 < m_view.branchCount &&
                                     !m_view.streaming);
            retranslateBranch();
        }
    }
}

void MessageWidget::renderAttachments() {
    m_attachmentsRendered = true;
    qDeleteAll(m_attachmentLabels);
    m_attachmentLabels.clear();
    while (QLayoutItem *item = m_attachmentLayout->takeAt(0))
        delete item;
    for (const AttachmentView &attachment : std::as_const(m_view.attachments)) {
        auto *label = new QLabel(this);
        const bool image = attachment.kind == AttachmentView::Kind::Image;
        // A caption drawn under the picture: the audio's length, and what the attachment costs
        // in the context (the same number the context bar counts).
        QStringList caption;
        if (!image) caption << formatDuration(attachment.durationMs);
        if (attachment.softTokens > 0) caption << tr("%n tokens", nullptr, attachment.softTokens);
        QPixmap pixmap;
        if (!attachment.thumbnail.isNull()) {
            pixmap = QPixmap::fromImage(attachment.thumbnail.scaled(
                160, image ? 120 : 48, image ? Qt::KeepAspectRatio : Qt::IgnoreAspectRatio,
                Qt::SmoothTransformation));
        }
        if (!pixmap.isNull() && !caption.isEmpty()) {
            const QFontMetrics fm(label->font());
            const int lineHeight = fm.height() + 4;
            QPixmap framed(pixmap.width(), pixmap.height() + lineHeight);
            framed.fill(Qt::transparent);
            QPainter painter(&framed);
            painter.drawPixmap(0, 0, pixmap);
            painter.setPen(palette().color(QPalette::WindowText));
            painter.drawText(
                QRect(0, pixmap.height(), pixmap.width(), lineHeight),
                Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(caption.join(QStringLiteral(" · ")), Qt::ElideRight, pixmap.width()));
            painter.end();
            pixmap = framed;
        }
        if (!pixmap.isNull()) {
            label->setPixmap(pixmap);
        } else {
            QStringList text;
            text << (image ? attachment.name : QStringLiteral("♪ %1").arg(attachment.name));
            text << caption;
            label->setText(text.join(QStringLiteral(" · ")));
            label->setFrameShape(QFrame::StyledPanel);
            label->setMargin(image ? 6 : 4);
        }
        m_attachmentLabels.append(label);
        m_attachmentLayout->addWidget(label, 0, Qt::AlignLeft | Qt::AlignTop);
        label->show();
    }
    if (!m_attachmentLabels.isEmpty()) m_attachmentLayout->addStretch(1);
    retranslateParts();
}

void MessageWidget::renderThinking() {
    const bool show = m_thinkingVisible && !m_view.thinking.isEmpty();
    if (!show) {
        if (m_thinkToggle) m_thinkToggle->hide();
        if (m_thinkBody) m_thinkBody->hide();
        return;
    }
    if (!m_thinkToggle) {
        m_thinkToggle = new QToolButton(this);
        m_thinkToggle->setAutoRaise(true);
        m_thinkToggle->setCheckable(true);
        m_thinkToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        m_thinkToggle->setFocusPolicy(Qt::StrongFocus);
        m_thinkLayout->addWidget(m_thinkToggle, 0, Qt::AlignLeft);
        m_thinkBody = new MarkdownView(this);
        m_thinkBody->setMuted(true);
        m_thinkBody->setContentsMargins(16, 0, 0, 0);
        m_thinkBody->setExpectedWidth(expectedContentWidth());
        m_thinkLayout->addWidget(m_thinkBody);
        // Expanded while the model thinks and nothing of the answer is there yet; collapsed for
        // finished messages.
        m_thinkExpanded = m_view.streaming && m_view.content.isEmpty();
        connect(m_thinkToggle, &QToolButton::clicked, this, [this](bool checked) {
            m_thinkUserToggled = true;
            setThinkingExpanded(checked);
        });
        m_structureChanged = true;
    }
    if (m_view.streaming && !m_view.content.isEmpty() && m_thinkExpanded && !m_thinkUserToggled)
        m_thinkExpanded = false;  // the answer started: the reasoning steps aside
    m_thinkToggle->show();
    m_thinkToggle->setChecked(m_thinkExpanded);
    m_thinkToggle->setArrowType(m_thinkExpanded ? Qt::DownArrow : Qt::RightArrow);
    retranslateThinking();
    if (m_thinkExpanded) m_thinkBody->setMarkdownText(m_view.thinking);
    m_thinkBody->setVisible(m_thinkExpanded);
}

// The width text views inside will get, once the message has a size (ChatView gives a new
// message its column's width at once).
void MessageWidget::nameProse(MarkdownView *prose) const {
    setAccessibleNameIfChanged(prose, m_view.role == MessageView::Role::User
                                          ? tr("Your message")
                                          : tr("%1 text").arg(roleName(m_view.role)));
    setAccessibleDescriptionIfChanged(
        prose, tr("Select text with the keyboard or the mouse; links open in your browser"));
}

int MessageWidget::expectedContentWidth() const {
    if (!testAttribute(Qt::WA_Resized)) return 0;
    const QMargins margins = m_layout->contentsMargins();
    return width() - margins.left() - margins.right();
}

void MessageWidget::setThinkingExpanded(bool expanded) {
    m_thinkExpanded = expanded;
    m_thinkUserToggled = true;
    renderThinking();
}

void MessageWidget::setThinkingVisible(bool visible) {
    if (visible == m_thinkingVisible) return;
    m_thinkingVisible = visible;
    renderThinking();
}

void MessageWidget::renderContent() {
    if (m_editing) return;
    QList<MarkdownSegment> segments;
    if (m_view.role == MessageView::Role::Tool) {
        if (!m_view.content.isEmpty())
            segments.append({MarkdownSegment::Kind::Code, m_view.content, {}, true});
    } else {
        segments = splitMarkdown(m_view.content);
    }
    qsizetype keep = 0;
    while (keep < m_segments.size() && keep < segments.size() &&
           m_segments[keep].code == (segments[keep].kind == MarkdownSegment::Kind::Code))
        ++keep;
    while (m_segments.size() > keep) {
        delete m_segments.takeLast().widget;
        m_structureChanged = true;
    }
    for (qsizetype i = 0; i < segments.size(); ++i) {
        const MarkdownSegment &segment = segments[i];
        const bool code = segment.kind == MarkdownSegment::Kind::Code;
        if (i >= m_segments.size()) {
            QWidget *widget;
            if (code) {
                auto *block = new CodeBlock(this);
                if (m_view.role == MessageView::Role::Tool) block->setMaxVisibleLines(12);
                widget = block;
            } else {
                auto *prose = new MarkdownView(this);
                prose->setMuted(m_view.role == MessageView::Role::System);
                prose->setExpectedWidth(expectedContentWidth());
                nameProse(prose);
                widget = prose;
            }
            m_contentLayout->addWidget(widget);
            widget->show();  // now, not when the layout's queued show runs: sizes are right at once
            m_segments.append({code, widget});
            m_structureChanged = true;
        }
        if (code) {
            auto *block = static_cast<CodeBlock *>(m_segments[i].widget);
            if (m_view.role == MessageView::Role::Tool)
                block->setTitle(m_view.toolName.isEmpty()
                                    ? tr("Result")
                                    : tr("Result of %1", "a tool's result").arg(m_view.toolName));
            else
                block->setTitle(segment.language);
            block->setCode(segment.text);
            block->setInProgress(!segment.closed && m_view.streaming);
        } else {
            auto *prose = static_cast<MarkdownView *>(m_segments[i].widget);
            prose->setMarkdownText(segment.text);
        }
    }
    const bool writing = m_view.streaming && m_view.content.isEmpty() &&
                         (m_view.thinking.isEmpty() || !m_thinkingVisible) &&
                         m_view.toolCalls.isEmpty();
    if (writing && !m_writing) {
        m_writing = new QLabel(this);
        m_writing->setForegroundRole(QPalette::PlaceholderText);
        m_contentLayout->addWidget(m_writing);
        retranslateParts();
    }
    if (m_writing) {
        m_contentLayout->removeWidget(m_writing);
        m_contentLayout->addWidget(m_writing);  // after the segments
        m_writing->setVisible(writing);
    }
}

void MessageWidget::renderToolCalls() {
    while (m_toolBlocks.size() > m_view.toolCalls.size()) {
        delete m_toolBlocks.takeLast();
        m_structureChanged = true;
    }
    for (qsizetype i = 0; i < m_view.toolCalls.size(); ++i) {
        const ToolCallView &call = m_view.toolCalls[i];
        if (i >= m_toolBlocks.size()) {
            auto *block = new CodeBlock(this);
            m_toolLayout->addWidget(block);
            block->show();
            m_toolBlocks.append(block);
            m_structureChanged = true;
        }
        m_toolBlocks[i]->setTitle(tr("Tool call: %1").arg(call.name));
        m_toolBlocks[i]->setCode(prettyJson(call.argumentsJson));
    }
}

void MessageWidget::renderError() {
    const bool show = !m_view.error.isEmpty();
    if (show && !m_errorBox) {
        m_errorBox = new ErrorBox(this);
        auto *layout = new QVBoxLayout(m_errorBox);
        layout->setContentsMargins(14, 8, 10, 8);
        layout->setSpacing(4);
        m_errorTitle = new QLabel(m_errorBox);
        QFont bold = m_errorTitle->font();
        bold.setBold(true);
        m_errorTitle->setFont(bold);
        m_errorText = new QLabel(m_errorBox);
        m_errorHint = new QLabel(m_errorBox);
        for (QLabel *label : {m_errorText, m_errorHint}) {
            label->setWordWrap(true);
            label->setTextFormat(Qt::PlainText);
            label->setTextInteractionFlags(Qt::TextSelectableByMouse |
                                           Qt::TextSelectableByKeyboard);
        }
        layout->addWidget(m_errorTitle);
        layout->addWidget(m_errorText);
        layout->addWidget(m_errorHint);
        m_tailLayout->insertWidget(0, m_errorBox);
        m_structureChanged = true;
    }
    if (m_errorBox) {
        m_errorBox->setVisible(show);
        if (show) {
            m_errorText->setText(m_view.error);
            m_errorHint->setVisible(!m_view.errorHint.isEmpty());
            retranslateError();
        }
    }
}

void MessageWidget::renderStats() {
    const bool show = !m_view.statsText.isEmpty() && !m_view.streaming;
    if (show && !m_stats) {
        m_stats = new QLabel(this);
        m_stats->setForegroundRole(QPalette::PlaceholderText);
        QFont small = m_stats->font();
        small.setPointSizeF(small.pointSizeF() * 0.9);
        m_stats->setFont(small);
        m_stats->setTextFormat(Qt::PlainText);
        m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_tailLayout->addWidget(m_stats);
    }
    if (m_stats) {
        m_stats->setVisible(show);
        m_stats->setText(m_view.statsText);
        setAccessibleNameIfChanged(m_stats, tr("Statistics"));
        setAccessibleDescriptionIfChanged(m_stats, m_view.statsText);
    }
}

// ---------------------------------------------------------------------------------------------
// Actions

QToolButton *MessageWidget::makeButton(const char *iconName) {
    auto *button = new QToolButton(this);
    button->setAutoRaise(true);
    button->setFocusPolicy(Qt::StrongFocus);
    const QIcon icon = iconName ? QIcon::fromTheme(QLatin1String(iconName)) : QIcon();
    if (!icon.isNull()) {
        button->setIcon(icon);
        button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    } else {
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    }
    return button;
}

void MessageWidget::ensureActions() {
    if (m_actionBar) return;
    m_actionBar = new QWidget(this);
    auto *layout = new QHBoxLayout(m_actionBar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    auto add = [&](QToolButton *&button, const char *icon, auto signalEmitter) {
        button = makeButton(icon);
        button->setParent(m_actionBar);
        layout->addWidget(button);
        connect(button, &QToolButton::clicked, this, signalEmitter);
    };
    const MessageView::Role role = m_view.role;
    add(m_copy, "edit-copy", [this] { copyMessage(); });
    if (role == MessageView::Role::User) add(m_edit, "document-edit", [this] { startEdit(); });
    if (role == MessageView::Role::Assistant) {
        add(m_regenerate, "view-refresh", [this] { emit regenerateRequested(m_view.id); });
        add(m_readAloud, "media-playback-start", [this] { emit readAloudRequested(m_view.id); });
        add(m_saveExample, "document-save",
            [this] { emit saveAsTrainingExampleRequested(m_view.id); });
    }
    add(m_delete, "edit-delete", [this] { emit deleteRequested(m_view.id); });
    m_header->addWidget(m_actionBar);
    m_structureChanged = true;
    retranslateActions();
    updateActions();
    updateActionsVisibility();
    fixTabOrder();
}

QAbstractButton *MessageWidget::actionButton(Action action) const {
    switch (action) {
        case Action::Copy:
            return m_copy;
        case Action::Edit:
            return m_edit;
        case Action::Regenerate:
            return m_regenerate;
        case Action::ReadAloud:
            return m_readAloud;
        case Action::SaveExample:
            return m_saveExample;
        case Action::Delete:
            return m_delete;
        case Action::PreviousBranch:
            return m_prevBranch;
        case Action::NextBranch:
            return m_nextBranch;
    }
    return nullptr;
}

void MessageWidget::updateActions() {
    if (!m_actionBar) return;
    const bool busy = m_view.streaming;
    if (m_edit) m_edit->setEnabled(!busy && !m_editing);
    if (m_regenerate) m_regenerate->setEnabled(!busy);
    if (m_saveExample) m_saveExample->setEnabled(!busy && !m_view.content.isEmpty());
    if (m_delete) m_delete->setEnabled(!busy);
    if (m_readAloud) m_readAloud->setEnabled(m_speaking || (m_speechAvailable && !busy));
}

bool MessageWidget::actionsShown() const {
    return m_actionBar && m_actionBar->isVisibleTo(this);
}

void MessageWidget::setFocusWithin(bool focusWithin) {
    if (focusWithin == m_focusWithin) return;
    m_focusWithin = focusWithin;
    if (focusWithin) ensureActions();
    updateActionsVisibility();
    update();
}

void MessageWidget::updateActionsVisibility() {
    if (!m_actionBar) return;
    m_actionBar->setVisible((m_hovered || m_focusWithin || m_speaking) && !m_editing);
}

void MessageWidget::setSpeaking(bool speaking) {
    if (speaking == m_speaking) return;
    m_speaking = speaking;
    retranslateActions();
    updateActions();
    updateActionsVisibility();
}

void MessageWidget::copyMessage() {
    QGuiApplication::clipboard()->setText(m_view.content);
    emit copied(m_view.id);
}

QList<MarkdownView *> MessageWidget::proseViews() const {
    QList<MarkdownView *> views;
    for (const Segment &segment : m_segments)
        if (!segment.code) views.append(static_cast<MarkdownView *>(segment.widget));
    return views;
}

QList<CodeBlock *> MessageWidget::codeBlocks() const {
    QList<CodeBlock *> blocks;
    for (const Segment &segment : m_segments)
        if (segment.code) blocks.append(static_cast<CodeBlock *>(segment.widget));
    return blocks;
}

QString MessageWidget::speechText() const {
    return facet::app::speechText(m_view.content);
}

// ---------------------------------------------------------------------------------------------
// Editing (user messages)

void MessageWidget::startEdit() {
    if (m_view.role != MessageView::Role::User || m_view.streaming) return;
    if (!m_editArea) {
        m_editArea = new QWidget(this);
        auto *layout = new QVBoxLayout(m_editArea);
        layout->setContentsMargins(0, 0, 0, 0);
        m_editor = new QPlainTextEdit(m_editArea);
        m_editor->setTabChangesFocus(true);
        m_editor->installEventFilter(this);
        connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
            m_saveEdit->setEnabled(!m_editor->toPlainText().trimmed().isEmpty());
            resizeEditor();
        });
        auto *buttons = new QHBoxLayout;
        buttons->addStretch(1);
        m_cancelEdit = new QPushButton(m_editArea);
        m_saveEdit = new QPushButton(m_editArea);
        m_saveEdit->setDefault(true);
        buttons->addWidget(m_cancelEdit);
        buttons->addWidget(m_saveEdit);
        layout->addWidget(m_editor);
        layout->addLayout(buttons);
        m_contentLayout->addWidget(m_editArea);
        connect(m_saveEdit, &QPushButton::clicked, this, &MessageWidget::submitEdit);
        connect(m_cancelEdit, &QPushButton::clicked, this, &MessageWidget::cancelEdit);
        m_structureChanged = true;
        retranslateParts();
    }
    m_editing = true;
    m_editor->setPlainText(m_view.content);
    m_editor->moveCursor(QTextCursor::End);
    for (const Segment &segment : std::as_const(m_segments))
        segment.widget->hide();
    m_editArea->show();
    resizeEditor();
    updateActions();
    updateActionsVisibility();
    fixTabOrder();
    m_editor->setFocus(Qt::OtherFocusReason);
}

void MessageWidget::resizeEditor() {
    if (!m_editor) return;
    const int lines = std::clamp(int(m_editor->document()->blockCount()), 3, 12);
    m_editor->setFixedHeight(lines * m_editor->fontMetrics().lineSpacing() +
                             int(2 * m_editor->document()->documentMargin()) +
                             2 * m_editor->frameWidth() + 4);
}

void MessageWidget::submitEdit() {
    if (!m_editing) return;
    const QString text = m_editor->toPlainText();
    if (text.trimmed().isEmpty()) return;
    cancelEdit();
    emit editSubmitted(m_view.id, text);
}

void MessageWidget::cancelEdit() {
    if (!m_editing) return;
    m_editing = false;
    const bool hadFocus = m_editArea->isAncestorOf(QApplication::focusWidget());
    m_editArea->hide();
    for (const Segment &segment : std::as_const(m_segments))
        segment.widget->show();
    m_dirty = true;
    render();
    updateActionsVisibility();
    if (hadFocus) setFocus(Qt::OtherFocusReason);
}

bool MessageWidget::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_editor && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape) {
            cancelEdit();
            return true;
        }
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            (key->modifiers() & Qt::ControlModifier)) {
            submitEdit();
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

// ---------------------------------------------------------------------------------------------
// Focus, hover, painting, accessibility, language

// Tab goes: the message, its actions, branch navigation, the reasoning toggle, the text and
// code blocks in reading order, tool calls, the error, the editor. Widgets created later
// (streamed code blocks, lazily built actions) would otherwise land at the window's end.
void MessageWidget::fixTabOrder() {
    m_structureChanged = false;
    QList<QWidget *> order;
    if (m_actionBar)
        for (QToolButton *b : {m_copy, m_edit, m_regenerate, m_readAloud, m_saveExample, m_delete})
            if (b) order.append(b);
    if (m_prevBranch) order << m_prevBranch << m_nextBranch;
    if (m_thinkToggle) order << m_thinkToggle << m_thinkBody;
    for (const Segment &segment : std::as_const(m_segments)) {
        if (segment.code)
            order << static_cast<CodeBlock *>(segment.widget)->focusOrder();
        else
            order << segment.widget;
    }
    if (m_editArea) order << m_editor << m_cancelEdit << m_saveEdit;
    for (CodeBlock *block : std::as_const(m_toolBlocks))
        order << block->focusOrder();
    if (m_errorBox) order << m_errorText << m_errorHint;
    QWidget *previous = this;
    for (QWidget *widget : std::as_const(order)) {
        if (!(widget->focusPolicy() & Qt::TabFocus)) continue;
        QWidget::setTabOrder(previous, widget);
        previous = widget;
    }
}

void MessageWidget::updateAccessibleState() {
    QString description;
    if (m_view.streaming)
        description = tr("Being written");
    else if (!m_view.error.isEmpty())
        description = tr("Failed: %1").arg(m_view.error);
    else if (m_view.branchCount > 1)
        description = tr("Version %1 of %2").arg(m_view.branchIndex + 1).arg(m_view.branchCount);
    setAccessibleDescriptionIfChanged(this, description);
}

void MessageWidget::retranslate() {
    const MessageView::Role role = m_view.role;
    QString name;
    switch (role) {
        case MessageView::Role::System:
            name = tr("System message");
            break;
        case MessageView::Role::User:
            name = tr("User message");
            break;
        case MessageView::Role::Assistant:
            name = tr("Assistant message");
            break;
        case MessageView::Role::Tool:
            name = tr("Tool message");
            break;
    }
    setAccessibleNameIfChanged(this, name);
    QString roleText = roleName(role);
    if (role == MessageView::Role::Tool && !m_view.toolName.isEmpty())
        roleText = tr("Tool result: %1").arg(m_view.toolName);
    m_roleLabel->setText(roleText);
    retranslateActions();
    retranslateBranch();
    retranslateThinking();
    retranslateError();
    retranslateParts();
}

namespace {
void setButtonTexts(QToolButton *button, const QString &text, const QString &tip,
                    const QString &description) {
    if (!button) return;
    button->setText(text);
    button->setToolTip(tip);
    setAccessibleNameIfChanged(button, text);
    setAccessibleDescriptionIfChanged(button, description);
}
}  // namespace

void MessageWidget::retranslateActions() {
    const auto setButton = setButtonTexts;
    setButton(m_copy, tr("Copy"), tr("Copy the whole message (Markdown)"),
              tr("Copies this message's text with its Markdown to the clipboard"));
    setButton(m_edit, tr("Edit"), tr("Edit this message and send it again"),
              tr("Opens an editor for this message; saving sends it again as a new version"));
    setButton(m_regenerate, tr("Regenerate"), tr("Write this answer again"),
              tr("Asks the model for a new answer in place of this one"));
    if (m_readAloud) {
        if (m_speaking)
            setButton(m_readAloud, tr("Stop"), tr("Stop reading aloud"),
                      tr("Stops reading this answer aloud"));
        else if (!m_speechAvailable)
            setButton(m_readAloud, tr("Read aloud"),
                      tr("No speech engine is installed, so answers cannot be read aloud. "
                         "Install one (on Debian: speech-dispatcher and Qt's speech plug-in) "
                         "and restart Facet."),
                      tr("Unavailable: no speech engine is installed"));
        else
            setButton(m_readAloud, tr("Read aloud"), tr("Read this answer aloud"),
                      tr("Reads the answer aloud without Markdown symbols or code blocks"));
    }
    setButton(m_saveExample, tr("Save as example"), tr("Save this exchange as a training example"),
              tr("Adds the question and this answer to a fine-tuning data set"));
    setButton(m_delete, tr("Delete"), tr("Delete this message"),
              tr("Removes this message from the conversation"));
}

void MessageWidget::retranslateBranch() {
    const auto setButton = setButtonTexts;
    if (m_branchLabel) {
        const QString where =
            tr("Version %1 of %2").arg(m_view.branchIndex + 1).arg(m_view.branchCount);
        setButton(m_prevBranch, QStringLiteral("‹"), tr("Previous version"), where);
        setAccessibleNameIfChanged(m_prevBranch, tr("Previous version"));
        setButton(m_nextBranch, QStringLiteral("›"), tr("Next version"), where);
        setAccessibleNameIfChanged(m_nextBranch, tr("Next version"));
        setAccessibleNameIfChanged(m_branchLabel, where);
    }
}

void MessageWidget::retranslateThinking() {
    if (m_thinkToggle) {
        QString title;
        if (m_view.streaming && m_view.content.isEmpty())
            title = tr("Thinking…");
        else if (m_view.thinkingMs > 0)
            title = tr("Thought for %n s", "seconds of reasoning",
                       int(std::max<qint64>(1, (m_view.thinkingMs + 500) / 1000)));
        else
            title = tr("Thoughts", "the model's reasoning, collapsed");
        m_thinkToggle->setText(title);
        m_thinkToggle->setToolTip(m_thinkExpanded ? tr("Hide the model's reasoning")
                                                  : tr("Show the model's reasoning"));
        setAccessibleNameIfChanged(m_thinkToggle, tr("Reasoning: %1").arg(title));
        setAccessibleDescriptionIfChanged(
            m_thinkToggle, m_thinkExpanded
                               ? tr("Expanded; press Space to hide the model's reasoning")
                               : tr("Collapsed; press Space to show the model's reasoning"));
        setAccessibleNameIfChanged(m_thinkBody, tr("The model's reasoning"));
        setAccessibleDescriptionIfChanged(m_thinkBody,
                                          tr("Text the model wrote before its answer"));
    }
}

void MessageWidget::retranslateError() {
    if (m_errorBox) {
        m_errorTitle->setText(tr("Something went wrong"));
        m_errorHint->setText(tr("What to do: %1").arg(m_view.errorHint));
        setAccessibleNameIfChanged(m_errorBox, tr("Error"));
        setAccessibleDescriptionIfChanged(m_errorBox, m_view.error);
        setAccessibleNameIfChanged(m_errorText, tr("Error"));
        setAccessibleNameIfChanged(m_errorHint, tr("What to do"));
    }
}

void MessageWidget::retranslateParts() {
    if (m_writing) m_writing->setText(tr("Writing…"));
    for (const Segment &segment : std::as_const(m_segments))
        if (!segment.code) nameProse(static_cast<MarkdownView *>(segment.widget));
    for (qsizetype i = 0; i < m_attachmentLabels.size() && i < m_view.attachments.size(); ++i) {
        const AttachmentView &a = m_view.attachments[i];
        QLabel *label = m_attachmentLabels[i];
        const QString cost =
            a.softTokens > 0 ? tr("%n tokens of context", nullptr, a.softTokens) : QString();
        if (a.kind == AttachmentView::Kind::Image) {
            setAccessibleNameIfChanged(label, tr("Image: %1").arg(a.name));
        } else {
            setAccessibleNameIfChanged(
                label, tr("Audio: %1, %2").arg(a.name, formatDuration(a.durationMs)));
        }
        setAccessibleDescriptionIfChanged(label, cost);
        label->setToolTip(cost.isEmpty() ? a.name : QStringLiteral("%1\n%2").arg(a.name, cost));
    }
    if (m_editArea) {
        setAccessibleNameIfChanged(m_editor, tr("Edit message"));
        setAccessibleDescriptionIfChanged(m_editor,
                                          tr("Ctrl+Enter saves and sends again, Escape cancels"));
        m_saveEdit->setText(tr("Save && resend"));
        setAccessibleNameIfChanged(m_saveEdit, tr("Save and resend"));
        setAccessibleDescriptionIfChanged(
            m_saveEdit, tr("Replaces the message with the edited text and asks for a new answer"));
        m_cancelEdit->setText(tr("Cancel"));
        setAccessibleNameIfChanged(m_cancelEdit, tr("Cancel editing"));
        setAccessibleDescriptionIfChanged(m_cancelEdit, tr("Keeps the message as it was"));
    }
}

void MessageWidget::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QFrame::changeEvent(event);
}

void MessageWidget::enterEvent(QEnterEvent *event) {
    m_hovered = true;
    ensureActions();
    updateActionsVisibility();
    QFrame::enterEvent(event);
}

void MessageWidget::leaveEvent(QEvent *event) {
    m_hovered = false;
    updateActionsVisibility();
    QFrame::leaveEvent(event);
}

void MessageWidget::focusInEvent(QFocusEvent *event) {
    update();
    QFrame::focusInEvent(event);
}

void MessageWidget::focusOutEvent(QFocusEvent *event) {
    update();
    QFrame::focusOutEvent(event);
}

void MessageWidget::keyPressEvent(QKeyEvent *event) {
    if (event->matches(QKeySequence::Copy)) {
        copyMessage();
        return;
    }
    QFrame::keyPressEvent(event);
}

void MessageWidget::paintEvent(QPaintEvent *event) {
    Q_UNUSED(event);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette &p = palette();
    const QRectF box = QRectF(rect()).adjusted(1, 1, -1, -1);
    QPainterPath path;
    path.addRoundedRect(box, 10, 10);
    if (m_view.role == MessageView::Role::User) {
        painter.fillPath(path,
                         mixColors(p.color(QPalette::Base), p.color(QPalette::Highlight), 0.10));
    } else if (m_view.role != MessageView::Role::Assistant) {
        painter.fillPath(path, mixColors(p.color(QPalette::Base), p.color(QPalette::Text), 0.035));
    }
    if (hasFocus()) {
        painter.setPen(QPen(p.color(QPalette::Highlight), 2));
        painter.drawPath(path);
    }
}

}  // namespace facet::app
