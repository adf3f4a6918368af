// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// One message of the chat transcript: header (who, branch navigation, actions), attachments,
// the collapsible reasoning, the answer (prose and code blocks), tool calls, an error box and the
// statistics line. ChatView owns these widgets and decides when they re-render.
#pragma once

#include "message_view.h"

#include <QElapsedTimer>
#include <QFrame>
#include <QList>
#include <QPointer>

class QAbstractButton;
class QHBoxLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace facet::app {

class CodeBlock;
class MarkdownView;

class MessageWidget : public QFrame {
    Q_OBJECT
public:
    enum class Action {
        Copy,
        Edit,
        Regenerate,
        ReadAloud,
        SaveExample,
        Delete,
        PreviousBranch,
        NextBranch
    };

    MessageWidget(const MessageView &view, bool speechAvailable, QWidget *parent = nullptr);
    ~MessageWidget() override;

    const MessageView &view() const { return m_view; }
    qint64 id() const { return m_view.id; }

    // Data changes; the widgets follow at the next render() (ChatView coalesces them).
    void setView(const MessageView &view);
    void appendContent(const QString &text);
    void appendThinking(const QString &text);
    void addToolCall(const ToolCallView &call);
    void finish(const QString &statsText);
    void setError(const QString &error, const QString &hint);

    // Brings the widgets in line with the data: only the parts that changed are touched (a
    // finished paragraph or code block is never rebuilt while the answer grows).
    void render();
    bool needsRender() const { return m_dirty; }

    void setThinkingVisible(bool visible);
    bool isThinkingExpanded() const { return m_thinkExpanded; }
    void setThinkingExpanded(bool expanded);  // as if the user toggled it
    void setSpeaking(bool speaking);

    // Hover or keyboard focus inside the message shows the actions.
    void setFocusWithin(bool focusWithin);
    bool actionsShown() const;

    void startEdit();
    bool isEditing() const { return m_editor != nullptr && m_editing; }

    // The parts, for ChatView and tests. Action buttons exist once the actions were first shown
    // (hover, focus or ensureActions()).
    void ensureActions();
    QAbstractButton *actionButton(Action action) const;
    QToolButton *thinkingToggle() const { return m_thinkToggle; }
    MarkdownView *thinkingView() const { return m_thinkBody; }
    QList<MarkdownView *> proseViews() const;
    QList<CodeBlock *> codeBlocks() const;  // fenced code and tool results
    QList<CodeBlock *> toolCallBlocks() const { return m_toolBlocks; }
    QWidget *errorBox() const { return m_errorBox; }
    QLabel *statsLabel() const { return m_stats; }
    QPlainTextEdit *editor() const { return m_editor; }
    QPushButton *saveEditButton() const { return m_saveEdit; }
    QPushButton *cancelEditButton() const { return m_cancelEdit; }
    QLabel *branchLabel() const { return m_branchLabel; }
    QList<QLabel *> attachmentLabels() const { return m_attachmentLabels; }

    // The answer's text for reading aloud (no Markdown syntax, no code).
    QString speechText() const;

    static QString roleName(MessageView::Role role);

signals:
    void deleteRequested(qint64 id);
    void regenerateRequested(qint64 id);
    void editSubmitted(qint64 id, const QString &text);
    void branchRequested(qint64 id, int delta);
    void saveAsTrainingExampleRequested(qint64 id);
    void copied(qint64 id);
    void readAloudRequested(qint64 id);

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void enterEvent(QEnterEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Segment {
        bool code = false;
        QWidget *widget = nullptr;
    };

    void retranslate();  // everything; the parts below when only they changed
    void retranslateActions();
    void retranslateBranch();
    void retranslateThinking();
    void retranslateError();
    void retranslateParts();
    void nameProse(MarkdownView *prose) const;
    void renderHeader();
    void renderAttachments();
    void renderThinking();
    void renderContent();
    void renderToolCalls();
    void renderError();
    void renderStats();
    void updateActions();
    void updateActionsVisibility();
    void updateAccessibleState();
    void fixTabOrder();
    void copyMessage();
    void submitEdit();
    void cancelEdit();
    void resizeEditor();
    int expectedContentWidth() const;
    QToolButton *makeButton(const char *iconName);

    MessageView m_view;
    bool m_speechAvailable = false;
    bool m_dirty = true;
    bool m_structureChanged = true;  // widgets were added or removed: tab order to fix
    bool m_hovered = false;
    bool m_focusWithin = false;
    bool m_speaking = false;
    bool m_thinkingVisible = true;
    bool m_thinkExpanded = false;
    bool m_thinkUserToggled = false;
    bool m_attachmentsRendered = false;
    QElapsedTimer m_thinkClock;

    QVBoxLayout *m_layout = nullptr;
    QHBoxLayout *m_header = nullptr;
    QLabel *m_roleLabel = nullptr;
    QWidget *m_actionBar = nullptr;
    QToolButton *m_copy = nullptr, *m_edit = nullptr, *m_regenerate = nullptr,
                *m_readAloud = nullptr, *m_saveExample = nullptr, *m_delete = nullptr;
    QToolButton *m_prevBranch = nullptr, *m_nextBranch = nullptr;
    QLabel *m_branchLabel = nullptr;

    QHBoxLayout *m_attachmentLayout = nullptr;
    QList<QLabel *> m_attachmentLabels;

    QVBoxLayout *m_thinkLayout = nullptr;
    QToolButton *m_thinkToggle = nullptr;
    MarkdownView *m_thinkBody = nullptr;

    QVBoxLayout *m_contentLayout = nullptr;
    QList<Segment> m_segments;
    QLabel *m_writing = nullptr;

    QVBoxLayout *m_toolLayout = nullptr;
    QList<CodeBlock *> m_toolBlocks;

    QVBoxLayout *m_tailLayout = nullptr;
    QFrame *m_errorBox = nullptr;
    QLabel *m_errorTitle = nullptr, *m_errorText = nullptr, *m_errorHint = nullptr;
    QLabel *m_stats = nullptr;

    QWidget *m_editArea = nullptr;
    QPlainTextEdit *m_editor = nullptr;
    QPushButton *m_saveEdit = nullptr, *m_cancelEdit = nullptr;
    bool m_editing = false;
};

}  // namespace facet::app
