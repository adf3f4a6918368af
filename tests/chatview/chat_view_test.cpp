// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The chat transcript (ChatView) driven the way the chat controller drives it: whole messages,
// streamed tokens, tool calls, errors; and the user's side: buttons, keys, the editor. Widgets run
// on the offscreen platform here (Xvfb in CI). No test waits for a timer: coalesced renders are
// flushed explicitly and the announcer gets its time from a fake clock.
#include "chat_view.h"
#include "live_announcer.h"
#include "markdown_segments.h"
#include "markdown_view.h"
#include "message_widget.h"

#include <QAbstractButton>
#include <QAccessible>
#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QElapsedTimer>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QToolButton>

#ifdef FACET_HAVE_TTS
#include <QTextToSpeech>
#endif

#include <private/qguiapplication_p.h>
#include <qpa/qplatformaccessibility.h>
#include <qpa/qplatformintegration.h>

#include <gtest/gtest.h>

namespace facet::app {
namespace {

using Role = MessageView::Role;
using Action = MessageWidget::Action;

MessageView message(qint64 id, Role role, const QString &content, bool streaming = false) {
    MessageView view;
    view.id = id;
    view.role = role;
    view.content = content;
    view.streaming = streaming;
    return view;
}

// Streams `text` in slices of `step` characters, flushing the coalesced render now and then (as
// the 40 ms timer would between tokens).
void stream(ChatView &chat, qint64 id, const QString &text, int step = 3) {
    for (qsizetype i = 0, n = 0; i < text.size(); i += step, ++n) {
        chat.appendContent(id, text.mid(i, step));
        if (n % 5 == 4) chat.flushPendingUpdates();
    }
    chat.flushPendingUpdates();
}

// Delivers posted events and the events those post (a palette change is posted, the view's
// re-import queued behind it).
void settle() {
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
}

// Code and tool-call views show the platform's fixed-width font: the view asks for
// QFontDatabase::systemFont(FixedFont) ("monospace" with the TypeWriter hint on Linux). Which font
// the machine then resolves that to, and whether fontconfig reports it as fixed pitch (it does
// not for Noto Sans Mono), is the machine's and not checked.
void expectSystemFixedFont(const QWidget *view) {
    const auto families = [](const QFont &font) {
        return font.families().join(QStringLiteral(", ")).toStdString();
    };
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // Otherwise the comparison below could not tell the fixed font from the default one.
    ASSERT_NE(families(fixed), families(QApplication::font()));
    EXPECT_EQ(families(view->font()), families(fixed));
    EXPECT_EQ(view->font().styleHint(), fixed.styleHint());
    EXPECT_EQ(view->font().pointSizeF(), fixed.pointSizeF());
}

bool hasTable(QTextDocument *document) {
    for (QTextFrame *frame : document->rootFrame()->childFrames())
        if (qobject_cast<QTextTable *>(frame)) return true;
    return false;
}

// A shown chat, as big as a typical window's chat pane.
struct ShownChat {
    ChatView chat;
    ShownChat() {
        chat.resize(800, 600);
        chat.show();
    }
};

const QString kCode = QStringLiteral(
    "def greet(name):\n    print(f\"Hello, {name}!\")  # a long line that goes on and on "
    "and on to need horizontal scrolling in a narrow chat\n\ngreet(\"Facet\")");

const QString kAnswer = QStringLiteral(
                            "Here is **a function**:\n\n```python\n%1\n```\n\n"
                            "| Name | Value |\n|------|-------|\n| a | 1 |\n| b | 2 |\n\n"
                            "See [the docs](https://example.org/docs) for more.\n")
                            .arg(kCode);

// Switches Qt's accessibility on, as a screen reader connecting would (there is none here), and
// records the events that reach it, for the life of one test.
class AccessibilityRecorder {
public:
    struct Event {
        QAccessible::Event type;
        QObject *object;
        QString text;  // the object's accessible name, or an announcement's message
    };

    AccessibilityRecorder() {
        s_events.clear();
        m_previous = QAccessible::installUpdateHandler(&record);
        if (platform()) platform()->setActive(true);
    }
    ~AccessibilityRecorder() {
        if (platform()) platform()->setActive(false);
        QAccessible::installUpdateHandler(m_previous);
    }
    static QPlatformAccessibility *platform() {
        return QGuiApplicationPrivate::platformIntegration()->accessibility();
    }
    QList<Event> events(QAccessible::Event type, QObject *object = nullptr) const {
        QList<Event> found;
        for (const Event &event : std::as_const(s_events))
            if (event.type == type && (!object || event.object == object)) found.append(event);
        return found;
    }

private:
    static void record(QAccessibleEvent *event) {
        QString text;
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
        if (event->type() == QAccessible::Announcement)
            text = static_cast<QAccessibleAnnouncementEvent *>(event)->message();
#endif
        if (auto *widget = qobject_cast<QWidget *>(event->object()); widget && text.isEmpty())
            text = widget->accessibleName();
        s_events.append({event->type(), event->object(), text});
    }

    static inline QList<Event> s_events;
    QAccessible::UpdateHandler m_previous = nullptr;
};

// Receives what QDesktopServices would open (QDesktopServices::setUrlHandler).
class UrlCatcher : public QObject {
    Q_OBJECT
public:
    QList<QUrl> urls;
    Q_INVOKABLE void open(const QUrl &url) { urls.append(url); }
};

// ---------------------------------------------------------------------------------------------
// Markdown splitting

TEST(MarkdownSegments, SplitsProseAndFencedCode) {
    const auto segments = splitMarkdown(kAnswer);
    ASSERT_EQ(segments.size(), 3);
    EXPECT_EQ(segments[0].kind, MarkdownSegment::Kind::Prose);
    EXPECT_EQ(segments[0].text, QStringLiteral("Here is **a function**:\n"));
    EXPECT_EQ(segments[1].kind, MarkdownSegment::Kind::Code);
    EXPECT_EQ(segments[1].language, QStringLiteral("python"));
    EXPECT_EQ(segments[1].text, kCode);
    EXPECT_TRUE(segments[1].closed);
    EXPECT_EQ(segments[2].kind, MarkdownSegment::Kind::Prose);
    EXPECT_TRUE(segments[2].text.contains(QStringLiteral("| a | 1 |")));
}

TEST(MarkdownSegments, UnclosedFenceRunsToTheEndAndHidesAFenceBeingTyped) {
    auto segments = splitMarkdown(QStringLiteral("Look:\n```cpp\nint x = 1;\n``"));
    ASSERT_EQ(segments.size(), 2);
    EXPECT_EQ(segments[1].kind, MarkdownSegment::Kind::Code);
    EXPECT_FALSE(segments[1].closed);
    EXPECT_EQ(segments[1].language, QStringLiteral("cpp"));
    EXPECT_EQ(segments[1].text, QStringLiteral("int x = 1;"));

    // The opening fence itself still arriving: a code block with no code yet.
    segments = splitMarkdown(QStringLiteral("Look:\n```py"));
    ASSERT_EQ(segments.size(), 2);
    EXPECT_EQ(segments[1].language, QStringLiteral("py"));
    EXPECT_TRUE(segments[1].text.isEmpty());

    // One or two backticks at the end of prose are a fence being typed, not text.
    segments = splitMarkdown(QStringLiteral("Look:\n`"));
    ASSERT_EQ(segments.size(), 1);
    EXPECT_EQ(segments[0].text, QStringLiteral("Look:"));
}

TEST(MarkdownSegments, FencesInListsInlineTriplesAndTildes) {
    // A fence inside a list item: found, its indentation removed from the code.
    auto segments =
        splitMarkdown(QStringLiteral("1. Run:\n   ```sh\n   make -j2\n     ok\n   ```\n2. Done"));
    ASSERT_EQ(segments.size(), 3);
    EXPECT_EQ(segments[1].text, QStringLiteral("make -j2\n  ok"));
    // ```x``` on one line is inline code, not a fence.
    segments = splitMarkdown(QStringLiteral("Use ```x``` here"));
    ASSERT_EQ(segments.size(), 1);
    EXPECT_EQ(segments[0].kind, MarkdownSegment::Kind::Prose);
    // Tilde fences close only with tildes, at least as many.
    segments = splitMarkdown(QStringLiteral("~~~~\na\n```\n~~~\nb\n~~~~\nafter"));
    ASSERT_EQ(segments.size(), 2);
    EXPECT_EQ(segments[0].text, QStringLiteral("a\n```\n~~~\nb"));
    EXPECT_EQ(segments[1].text, QStringLiteral("after"));
}

TEST(MarkdownSegments, SpeechTextDropsSyntaxAndCode) {
    const QString text = speechText(kAnswer);
    EXPECT_TRUE(text.contains(QStringLiteral("Here is a function:"))) << text.toStdString();
    EXPECT_FALSE(text.contains(u'*'));
    EXPECT_FALSE(text.contains(QStringLiteral("greet")));
    EXPECT_FALSE(text.contains(QStringLiteral("https://")));
    EXPECT_TRUE(text.contains(QStringLiteral("the docs")));
}

// ---------------------------------------------------------------------------------------------
// Streaming and rendering

TEST(ChatView, StreamedMarkdownWithCodeBlockAndTable) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(1, Role::User, QStringLiteral("Write a greeting function")));
    chat.addMessage(message(2, Role::Assistant, {}, true));
    stream(chat, 2, kAnswer);
    chat.finishMessage(2, QStringLiteral("120 tokens · 42.0 tokens/s"));
    EXPECT_EQ(chat.messageText(2), kAnswer);

    MessageWidget *answer = chat.messageWidget(2);
    ASSERT_NE(answer, nullptr);
    const QList<CodeBlock *> blocks = answer->codeBlocks();
    ASSERT_EQ(blocks.size(), 1);
    EXPECT_EQ(blocks[0]->title(), QStringLiteral("python"));
    EXPECT_EQ(blocks[0]->code(), kCode);
    expectSystemFixedFont(blocks[0]->textView());
    EXPECT_EQ(blocks[0]->textView()->lineWrapMode(), QPlainTextEdit::NoWrap);
    settle();
    // The long line scrolls sideways; all lines show without vertical scrolling.
    EXPECT_GT(blocks[0]->textView()->horizontalScrollBar()->maximum(), 0);
    EXPECT_EQ(blocks[0]->textView()->verticalScrollBar()->maximum(), 0);

    // Copy puts exactly the code on the clipboard.
    QGuiApplication::clipboard()->clear();
    ASSERT_NE(blocks[0]->copyButton(), nullptr);
    blocks[0]->copyButton()->click();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), kCode);

    // The table is a real table in the prose after the code.
    const QList<MarkdownView *> prose = answer->proseViews();
    ASSERT_EQ(prose.size(), 2);
    EXPECT_FALSE(hasTable(prose[0]->document()));
    EXPECT_TRUE(hasTable(prose[1]->document()));
    EXPECT_TRUE(prose[0]->document()->toPlainText().contains(QStringLiteral("a function")));

    // Prose has no inner vertical scroll bar and is as tall as its text.
    EXPECT_EQ(prose[1]->verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    QApplication::processEvents();
    EXPECT_GE(prose[1]->height(), int(prose[1]->document()->size().height()));

    ASSERT_NE(answer->statsLabel(), nullptr);
    EXPECT_EQ(answer->statsLabel()->text(), QStringLiteral("120 tokens · 42.0 tokens/s"));
    EXPECT_TRUE(answer->statsLabel()->isVisible());
}

TEST(ChatView, UnclosedFenceShowsAsCodeInProgressUntilItCloses) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(7, Role::Assistant, {}, true));
    stream(chat, 7, QStringLiteral("Compile it:\n\n```cpp\nint main() {\n  return 0;"));
    MessageWidget *widget = chat.messageWidget(7);
    QList<CodeBlock *> blocks = widget->codeBlocks();
    ASSERT_EQ(blocks.size(), 1);
    EXPECT_EQ(blocks[0]->code(), QStringLiteral("int main() {\n  return 0;"));
    auto *title = blocks[0]->findChild<QLabel *>();
    ASSERT_NE(title, nullptr);
    EXPECT_TRUE(title->text().contains(QStringLiteral("being written")))
        << title->text().toStdString();
    // No backticks leak into the prose.
    ASSERT_EQ(widget->proseViews().size(), 1);
    EXPECT_FALSE(widget->proseViews()[0]->document()->toPlainText().contains(u'`'));

    CodeBlock *const same = blocks[0];
    stream(chat, 7, QStringLiteral("\n}\n```\nDone."));
    blocks = widget->codeBlocks();
    ASSERT_EQ(blocks.size(), 1);
    EXPECT_EQ(blocks[0], same) << "the growing block was rebuilt instead of extended";
    EXPECT_EQ(blocks[0]->code(), QStringLiteral("int main() {\n  return 0;\n}"));
    EXPECT_FALSE(title->text().contains(QStringLiteral("being written")));
    ASSERT_EQ(widget->proseViews().size(), 2);
    EXPECT_EQ(widget->proseViews()[1]->markdownText(), QStringLiteral("Done."));
}

TEST(ChatView, FinishedSegmentsAreNotRebuiltAndSelectionSurvivesStreaming) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(3, Role::Assistant, {}, true));
    stream(chat, 3, QStringLiteral("First paragraph of the answer.\n\nSecond one, growing"));
    MessageWidget *widget = chat.messageWidget(3);
    ASSERT_EQ(widget->proseViews().size(), 1);
    MarkdownView *view = widget->proseViews()[0];
    QTextCursor cursor(view->document());
    cursor.setPosition(6);
    cursor.setPosition(15, QTextCursor::KeepAnchor);
    view->setTextCursor(cursor);
    ASSERT_EQ(view->textCursor().selectedText(), QStringLiteral("paragraph"));

    stream(chat, 3, QStringLiteral(" and growing.\n\n```\ncode\n```\nTail"));
    ASSERT_EQ(widget->proseViews().size(), 2);
    EXPECT_EQ(widget->proseViews()[0], view);
    EXPECT_EQ(view->textCursor().selectedText(), QStringLiteral("paragraph"));
    MarkdownView *tail = widget->proseViews()[1];
    stream(chat, 3, QStringLiteral(" continues."));
    EXPECT_EQ(widget->proseViews()[0], view);
    EXPECT_EQ(widget->proseViews()[1], tail);
    EXPECT_EQ(tail->markdownText(), QStringLiteral("Tail continues."));
}

TEST(ChatView, StreamingRendersOnlyWhenFlushed) {
    ChatView chat;
    chat.addMessage(message(5, Role::Assistant, {}, true));
    chat.appendContent(5, QStringLiteral("Hello"));
    chat.appendContent(5, QStringLiteral(" world"));
    // Recorded at once, rendered on the coalescing timer.
    EXPECT_EQ(chat.messageText(5), QStringLiteral("Hello world"));
    EXPECT_TRUE(chat.messageWidget(5)->proseViews().isEmpty());
    chat.flushPendingUpdates();
    ASSERT_EQ(chat.messageWidget(5)->proseViews().size(), 1);
    EXPECT_EQ(chat.messageWidget(5)->proseViews()[0]->document()->toPlainText(),
              QStringLiteral("Hello world"));
    // Unknown ids are ignored.
    chat.appendContent(99, QStringLiteral("x"));
    chat.finishMessage(99, {});
    EXPECT_EQ(chat.messageCount(), 1);
}

TEST(ChatView, LinksOpenOnlyWebAndMailAddressesWhenClicked) {
    UrlCatcher catcher;
    for (const char *scheme : {"https", "http", "file", "mailto"})
        QDesktopServices::setUrlHandler(QLatin1String(scheme), &catcher, "open");
    ChatView chat;
    chat.addMessage(message(1, Role::Assistant, QStringLiteral("[docs](https://example.org)")));
    MarkdownView *view = chat.messageWidget(1)->proseViews().value(0);
    ASSERT_NE(view, nullptr);
    emit view->anchorClicked(QUrl(QStringLiteral("https://example.org")));
    emit view->anchorClicked(QUrl(QStringLiteral("file:///etc/passwd")));
    emit view->anchorClicked(QUrl(QStringLiteral("mailto:a@example.org")));
    for (const char *scheme : {"https", "http", "file", "mailto"})
        QDesktopServices::unsetUrlHandler(QLatin1String(scheme));
    ASSERT_EQ(catcher.urls.size(), 2);
    EXPECT_EQ(catcher.urls[0], QUrl(QStringLiteral("https://example.org")));
    EXPECT_EQ(catcher.urls[1].scheme(), QStringLiteral("mailto"));
}

TEST(ChatView, LinkAndTableColoursFollowAPaletteChange) {
    // Qt's Markdown import colours links from the palette of the moment: a switch between light
    // and dark re-imports the text.
    const QPalette original = QApplication::palette();
    ShownChat shown;
    shown.chat.addMessage(message(1, Role::Assistant, QStringLiteral("see [x](https://a.org)")));
    MarkdownView *view = shown.chat.messageWidget(1)->proseViews().value(0);
    ASSERT_NE(view, nullptr);
    auto linkColour = [view] {
        QTextCursor cursor(view->document());
        cursor.setPosition(5);  // just after the "x"
        EXPECT_TRUE(cursor.charFormat().isAnchor());
        return cursor.charFormat().foreground().color();
    };
    QPalette changed = original;
    changed.setColor(QPalette::Link, QColor(200, 10, 20));
    QApplication::setPalette(changed);
    settle();
    EXPECT_EQ(linkColour(), QColor(200, 10, 20));
    QApplication::setPalette(original);
    settle();
    EXPECT_EQ(linkColour(), original.color(QPalette::Link));
}

// ---------------------------------------------------------------------------------------------
// Reasoning

TEST(ChatView, ThinkingExpandsWhileThinkingCollapsesForTheAnswerAndHidesGlobally) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(4, Role::Assistant, {}, true));
    chat.appendThinking(4, QStringLiteral("The user wants a haiku. "));
    chat.appendThinking(4, QStringLiteral("Five, seven, five."));
    chat.flushPendingUpdates();
    MessageWidget *widget = chat.messageWidget(4);
    QToolButton *toggle = widget->thinkingToggle();
    ASSERT_NE(toggle, nullptr);
    EXPECT_TRUE(toggle->isVisible());
    EXPECT_EQ(toggle->text(), QStringLiteral("Thinking…"));
    EXPECT_TRUE(widget->isThinkingExpanded());
    EXPECT_TRUE(widget->thinkingView()->isVisible());
    EXPECT_TRUE(widget->thinkingView()->document()->toPlainText().contains(
        QStringLiteral("Five, seven, five.")));

    stream(chat, 4, QStringLiteral("Autumn moonlight—"));
    EXPECT_FALSE(widget->isThinkingExpanded());
    EXPECT_FALSE(widget->thinkingView()->isVisible());
    chat.finishMessage(4, {});
    EXPECT_TRUE(toggle->text().startsWith(QStringLiteral("Thought for")))
        << toggle->text().toStdString();

    // Mouse: a click expands; keyboard: Space on the focused toggle collapses again.
    toggle->click();
    EXPECT_TRUE(widget->isThinkingExpanded());
    EXPECT_TRUE(widget->thinkingView()->isVisible());
    toggle->setFocus();
    QTest::keyClick(toggle, Qt::Key_Space);
    EXPECT_FALSE(widget->isThinkingExpanded());
    EXPECT_FALSE(widget->thinkingView()->isVisible());
    EXPECT_FALSE(toggle->accessibleName().isEmpty());
    EXPECT_FALSE(toggle->accessibleDescription().isEmpty());

    // The global switch hides the block entirely, for new messages too.
    chat.setThinkingVisible(false);
    EXPECT_FALSE(toggle->isVisible());
    EXPECT_FALSE(widget->thinkingView()->isVisible());
    MessageView loaded = message(5, Role::Assistant, QStringLiteral("Answer"));
    loaded.thinking = QStringLiteral("Hidden reasoning");
    chat.addMessage(loaded);
    EXPECT_TRUE(chat.messageWidget(5)->thinkingToggle() == nullptr ||
                !chat.messageWidget(5)->thinkingToggle()->isVisible());
    chat.setThinkingVisible(true);
    EXPECT_TRUE(toggle->isVisible());
    ASSERT_NE(chat.messageWidget(5)->thinkingToggle(), nullptr);
    EXPECT_TRUE(chat.messageWidget(5)->thinkingToggle()->isVisible());
    // A loaded message starts collapsed and has no duration to show.
    EXPECT_FALSE(chat.messageWidget(5)->isThinkingExpanded());
    EXPECT_EQ(chat.messageWidget(5)->thinkingToggle()->text(), QStringLiteral("Thoughts"));
}

// ---------------------------------------------------------------------------------------------
// Tool calls, tool results, errors, attachments

TEST(ChatView, ToolCallBoxesAndToolResults) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(10, Role::Assistant, {}, true));
    chat.addToolCall(
        10, {QStringLiteral("get_weather"), QStringLiteral(R"({"city":"Paris","days":[1,2]})")});
    chat.addToolCall(10, {QStringLiteral("broken"), QStringLiteral("{not json")});
    chat.finishMessage(10, {});
    const QList<CodeBlock *> calls = chat.messageWidget(10)->toolCallBlocks();
    ASSERT_EQ(calls.size(), 2);
    EXPECT_TRUE(calls[0]->title().contains(QStringLiteral("get_weather")));
    EXPECT_TRUE(calls[0]->code().contains(QStringLiteral("\n    \"city\": \"Paris\"")))
        << calls[0]->code().toStdString();
    EXPECT_TRUE(calls[0]->isVisible());
    EXPECT_EQ(calls[1]->code(), QStringLiteral("{not json"));  // shown as given

    MessageView result = message(11, Role::Tool, QStringLiteral(R"({"temp": 21})"));
    result.toolName = QStringLiteral("get_weather");
    chat.addMessage(result);
    const QList<CodeBlock *> blocks = chat.messageWidget(11)->codeBlocks();
    ASSERT_EQ(blocks.size(), 1);
    EXPECT_EQ(blocks[0]->code(), QStringLiteral(R"({"temp": 21})"));
    EXPECT_TRUE(blocks[0]->title().contains(QStringLiteral("get_weather")));
    expectSystemFixedFont(blocks[0]->textView());
    expectSystemFixedFont(calls[0]->textView());
    EXPECT_TRUE(chat.messageWidget(11)->proseViews().isEmpty());
    settle();
    // One line fits without a scroll bar (a wheel turn over it scrolls the chat) …
    EXPECT_EQ(blocks[0]->textView()->verticalScrollBar()->maximum(), 0);
    // … a long result is compact: 12 lines shown, the rest scrolls inside the box.
    QStringList lines;
    for (int i = 0; i < 40; ++i)
        lines << QStringLiteral("line %1").arg(i);
    MessageView longResult = message(12, Role::Tool, lines.join(u'\n'));
    chat.addMessage(longResult);
    settle();
    CodeTextView *view = chat.messageWidget(12)->codeBlocks().value(0)->textView();
    ASSERT_NE(view, nullptr);
    EXPECT_LT(view->height(), 14 * view->fontMetrics().lineSpacing());
    EXPECT_GT(view->verticalScrollBar()->maximum(), 0);
}

TEST(ChatView, ErrorBoxShowsTheErrorAndWhatToDo) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    QStringList announced;
    QObject::connect(chat.announcer(), &LiveAnnouncer::announced,
                     [&](const QString &text) { announced << text; });
    chat.addMessage(message(20, Role::Assistant, {}, true));
    stream(chat, 20, QStringLiteral("Partial"));
    chat.setMessageError(20, QStringLiteral("The GPU ran out of memory."),
                         QStringLiteral("Choose a shorter context length in Settings."));
    MessageWidget *widget = chat.messageWidget(20);
    QWidget *box = widget->errorBox();
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->isVisible());
    QStringList texts;
    for (QLabel *label : box->findChildren<QLabel *>())
        texts << label->text();
    const QString all = texts.join(u'\n');
    EXPECT_TRUE(all.contains(QStringLiteral("The GPU ran out of memory."))) << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("What to do: Choose a shorter context length")));
    EXPECT_EQ(chat.messageText(20), QStringLiteral("Partial"));  // what arrived stays
    EXPECT_FALSE(widget->view().streaming);
    EXPECT_TRUE(announced.join(u' ').contains(QStringLiteral("The GPU ran out of memory.")));
}

TEST(ChatView, UserAttachmentsShowThumbnailsAndAudioChips) {
    ShownChat shown;
    MessageView view = message(30, Role::User, QStringLiteral("What is in these?"));
    QImage image(640, 480, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    view.attachments.append({AttachmentView::Kind::Image, QStringLiteral("photo.jpg"), image, 0});
    view.attachments.append(
        {AttachmentView::Kind::Audio, QStringLiteral("note.wav"), QImage(), 75'000});
    shown.chat.addMessage(view);
    const QList<QLabel *> labels = shown.chat.messageWidget(30)->attachmentLabels();
    ASSERT_EQ(labels.size(), 2);
    EXPECT_LE(labels[0]->pixmap().width(), 160);
    EXPECT_LE(labels[0]->pixmap().height(), 120);
    EXPECT_FALSE(labels[0]->pixmap().isNull());
    EXPECT_EQ(labels[0]->accessibleName(), QStringLiteral("Image: photo.jpg"));
    EXPECT_TRUE(labels[1]->text().contains(QStringLiteral("note.wav")));
    EXPECT_TRUE(labels[1]->text().contains(QStringLiteral("1:15")));
}

// ---------------------------------------------------------------------------------------------
// Actions

TEST(ChatView, EveryActionEmitsItsSignalWithTheMessageId) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(41, Role::User, QStringLiteral("Question *with* markdown")));
    chat.addMessage(message(42, Role::Assistant, QStringLiteral("Answer **bold**")));
    MessageWidget *user = chat.messageWidget(41);
    MessageWidget *answer = chat.messageWidget(42);
    user->ensureActions();
    answer->ensureActions();

    QSignalSpy deleted(&chat, &ChatView::deleteRequested);
    QSignalSpy regenerate(&chat, &ChatView::regenerateRequested);
    QSignalSpy save(&chat, &ChatView::saveAsTrainingExampleRequested);
    QSignalSpy copied(&chat, &ChatView::copied);

    answer->actionButton(Action::Regenerate)->click();
    ASSERT_EQ(regenerate.size(), 1);
    EXPECT_EQ(regenerate[0][0].toLongLong(), 42);
    answer->actionButton(Action::SaveExample)->click();
    ASSERT_EQ(save.size(), 1);
    EXPECT_EQ(save[0][0].toLongLong(), 42);
    answer->actionButton(Action::Copy)->click();
    ASSERT_EQ(copied.size(), 1);
    EXPECT_EQ(copied[0][0].toLongLong(), 42);
    EXPECT_EQ(QGuiApplication::clipboard()->text(), QStringLiteral("Answer **bold**"));
    user->actionButton(Action::Delete)->click();
    ASSERT_EQ(deleted.size(), 1);
    EXPECT_EQ(deleted[0][0].toLongLong(), 41);
    // Keyboard: Space on a focused action button.
    answer->actionButton(Action::Delete)->setFocus();
    QTest::keyClick(answer->actionButton(Action::Delete), Qt::Key_Space);
    ASSERT_EQ(deleted.size(), 2);
    EXPECT_EQ(deleted[1][0].toLongLong(), 42);
    // Ctrl+C on the focused message copies it whole.
    user->setFocus();
    QTest::keyClick(user, Qt::Key_C, Qt::ControlModifier);
    ASSERT_EQ(copied.size(), 2);
    EXPECT_EQ(copied[1][0].toLongLong(), 41);
    EXPECT_EQ(QGuiApplication::clipboard()->text(), QStringLiteral("Question *with* markdown"));

    // Role-specific actions only.
    EXPECT_EQ(user->actionButton(Action::Regenerate), nullptr);
    EXPECT_EQ(user->actionButton(Action::ReadAloud), nullptr);
    EXPECT_EQ(answer->actionButton(Action::Edit), nullptr);

    // A streaming answer cannot be regenerated or deleted from under the engine.
    chat.addMessage(message(43, Role::Assistant, {}, true));
    chat.messageWidget(43)->ensureActions();
    EXPECT_FALSE(chat.messageWidget(43)->actionButton(Action::Regenerate)->isEnabled());
    EXPECT_FALSE(chat.messageWidget(43)->actionButton(Action::Delete)->isEnabled());
    chat.finishMessage(43, {});
    EXPECT_TRUE(chat.messageWidget(43)->actionButton(Action::Regenerate)->isEnabled());
}

TEST(ChatView, ActionsAppearOnKeyboardFocusAndHoverAndAreInTabOrder) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(1, Role::User, QStringLiteral("First")));
    chat.addMessage(message(2, Role::Assistant, QStringLiteral("Second")));
    chat.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&chat));
    MessageWidget *answer = chat.messageWidget(2);
    EXPECT_FALSE(answer->actionsShown());
    answer->setFocus(Qt::TabFocusReason);
    ASSERT_TRUE(answer->hasFocus());
    EXPECT_TRUE(answer->actionsShown());
    // Tab from the message goes to its first action, then the next.
    QTest::keyClick(answer, Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), answer->actionButton(Action::Copy));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), answer->actionButton(Action::Regenerate));
    // Focus elsewhere hides them again; the mouse entering shows them.
    chat.messageWidget(1)->setFocus(Qt::TabFocusReason);
    EXPECT_FALSE(answer->actionsShown());
    QEnterEvent enter(QPointF(5, 5), QPointF(5, 5), QPointF(5, 5));
    QApplication::sendEvent(answer, &enter);
    EXPECT_TRUE(answer->actionsShown());
    QEvent leave(QEvent::Leave);
    QApplication::sendEvent(answer, &leave);
    EXPECT_FALSE(answer->actionsShown());
}

TEST(ChatView, InlineEditSubmitsTheNewTextOrCancels) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(50, Role::User, QStringLiteral("Old question")));
    MessageWidget *user = chat.messageWidget(50);
    user->ensureActions();
    QSignalSpy edited(&chat, &ChatView::editSubmitted);

    user->actionButton(Action::Edit)->click();
    ASSERT_TRUE(user->isEditing());
    ASSERT_NE(user->editor(), nullptr);
    EXPECT_TRUE(user->editor()->isVisible());
    EXPECT_EQ(user->editor()->toPlainText(), QStringLiteral("Old question"));
    user->editor()->selectAll();
    QTest::keyClicks(user->editor(), QStringLiteral("New question"));
    user->saveEditButton()->click();
    ASSERT_EQ(edited.size(), 1);
    EXPECT_EQ(edited[0][0].toLongLong(), 50);
    EXPECT_EQ(edited[0][1].toString(), QStringLiteral("New question"));
    EXPECT_FALSE(user->isEditing());
    EXPECT_FALSE(user->editor()->isVisible());

    // Keyboard: Escape cancels (nothing sent), Ctrl+Enter saves.
    user->startEdit();
    QTest::keyClicks(user->editor(), QStringLiteral(" more"));
    QTest::keyClick(user->editor(), Qt::Key_Escape);
    EXPECT_FALSE(user->isEditing());
    EXPECT_EQ(edited.size(), 1);
    user->startEdit();
    QTest::keyClicks(user->editor(), QStringLiteral("!"));
    QTest::keyClick(user->editor(), Qt::Key_Return, Qt::ControlModifier);
    ASSERT_EQ(edited.size(), 2);
    EXPECT_EQ(edited[1][1].toString(), QStringLiteral("Old question!"));

    // An empty edit cannot be sent.
    user->startEdit();
    user->editor()->clear();
    EXPECT_FALSE(user->saveEditButton()->isEnabled());
    user->cancelEditButton()->click();
    EXPECT_EQ(edited.size(), 2);
}

TEST(ChatView, BranchNavigation) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    MessageView view = message(60, Role::Assistant, QStringLiteral("Version two"));
    view.branchIndex = 1;
    view.branchCount = 3;
    chat.addMessage(view);
    chat.addMessage(message(61, Role::User, QStringLiteral("No branches")));
    MessageWidget *widget = chat.messageWidget(60);
    ASSERT_NE(widget->branchLabel(), nullptr);
    EXPECT_EQ(widget->branchLabel()->text(), QStringLiteral("2/3"));
    EXPECT_EQ(chat.messageWidget(61)->actionButton(Action::PreviousBranch), nullptr);

    QSignalSpy branch(&chat, &ChatView::branchRequested);
    widget->actionButton(Action::PreviousBranch)->click();
    widget->actionButton(Action::NextBranch)->click();
    ASSERT_EQ(branch.size(), 2);
    EXPECT_EQ(branch[0][0].toLongLong(), 60);
    EXPECT_EQ(branch[0][1].toInt(), -1);
    EXPECT_EQ(branch[1][1].toInt(), +1);

    view.branchIndex = 0;
    view.content = QStringLiteral("Version one");
    chat.updateMessage(view);
    EXPECT_EQ(widget->branchLabel()->text(), QStringLiteral("1/3"));
    EXPECT_FALSE(widget->actionButton(Action::PreviousBranch)->isEnabled());
    EXPECT_TRUE(widget->actionButton(Action::NextBranch)->isEnabled());
    EXPECT_EQ(widget->proseViews().value(0)->document()->toPlainText(),
              QStringLiteral("Version one"));
}

TEST(ChatView, ReadAloudIsDisabledWithAReasonWithoutASpeechEngine) {
    ShownChat shown;
    shown.chat.addMessage(message(70, Role::Assistant, QStringLiteral("Say **this**.")));
    MessageWidget *widget = shown.chat.messageWidget(70);
    widget->ensureActions();
    QAbstractButton *read = widget->actionButton(Action::ReadAloud);
    ASSERT_NE(read, nullptr);
    bool engines = false;
#ifdef FACET_HAVE_TTS
    engines = !QTextToSpeech::availableEngines().isEmpty();
#endif
    EXPECT_EQ(shown.chat.isSpeechAvailable(), engines);
    if (engines) {
        EXPECT_TRUE(read->isEnabled());
    } else {
        EXPECT_FALSE(read->isEnabled());
        EXPECT_TRUE(read->toolTip().contains(QStringLiteral("No speech engine is installed")))
            << read->toolTip().toStdString();
    }
    EXPECT_EQ(widget->speechText(), QStringLiteral("Say this."));
    // While an answer is read, its button is the way to stop it.
    widget->setSpeaking(true);
    EXPECT_EQ(read->text(), QStringLiteral("Stop"));
    EXPECT_EQ(read->accessibleName(), QStringLiteral("Stop"));
    EXPECT_TRUE(widget->actionsShown());  // stays reachable while speaking
    widget->setSpeaking(false);
    EXPECT_EQ(read->text(), QStringLiteral("Read aloud"));
}

// ---------------------------------------------------------------------------------------------
// Accessibility

TEST(ChatView, MessagesAreNamedGroupsAndEveryButtonIsNamedAndDescribed) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    MessageView answer = message(2, Role::Assistant, QStringLiteral("Text\n```\ncode\n```"));
    answer.thinking = QStringLiteral("Reasoning");
    answer.branchCount = 2;
    answer.toolCalls.append({QStringLiteral("search"), QStringLiteral("{}")});
    answer.error = QStringLiteral("Stopped");
    chat.setMessages({message(1, Role::User, QStringLiteral("Hi")), answer,
                      message(3, Role::System, QStringLiteral("Be brief."))});
    for (qint64 id : chat.messageIds())
        chat.messageWidget(id)->ensureActions();
    chat.messageWidget(1)->startEdit();

    EXPECT_EQ(chat.messageWidget(1)->accessibleName(), QStringLiteral("User message"));
    EXPECT_EQ(chat.messageWidget(2)->accessibleName(), QStringLiteral("Assistant message"));
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(chat.messageWidget(2));
    ASSERT_NE(iface, nullptr);
    EXPECT_EQ(iface->role(), QAccessible::Grouping);
    EXPECT_EQ(iface->text(QAccessible::Name), QStringLiteral("Assistant message"));

    const QList<QAbstractButton *> buttons = chat.findChildren<QAbstractButton *>();
    EXPECT_GE(buttons.size(), 15);
    for (QAbstractButton *button : buttons) {
        EXPECT_FALSE(button->accessibleName().isEmpty()) << button->text().toStdString();
        EXPECT_FALSE(button->accessibleDescription().isEmpty()) << button->text().toStdString();
    }
}

// ---------------------------------------------------------------------------------------------
// The live announcer

TEST(LiveAnnouncer, ChunksAtSentenceBoundariesNoMoreOftenThanTheIntervalRestAtFinish) {
    QWidget host;
    LiveAnnouncer announcer(&host);
    qint64 now = 0;
    announcer.setClock([&now] { return now; });
    announcer.setIntervalMs(2000);
    struct Said {
        qint64 at;
        QString text;
    };
    QList<Said> said;
    QObject::connect(&announcer, &LiveAnnouncer::announced, [&](const QString &text) {
        said.append({now, text});
    });

    const QString answer = QStringLiteral(
        "The **first** sentence is here. Then a second one! Is this the third? "
        "Here comes [a link](https://example.org) and code:\n\n```cpp\nint secret = 42;\n```\n\n"
        "| a | b |\n|---|---|\n| 1 | 2 |\n\nAnd a last sentence without a full stop");
    // Two characters every 20 ms: about 100 characters a second.
    for (qsizetype i = 0; i < answer.size(); i += 2) {
        announcer.append(answer.mid(i, 2));
        now += 20;
    }
    ASSERT_FALSE(said.isEmpty());
    const qsizetype beforeFinish = said.size();
    announcer.finish();            // the rest waits for the interval …
    announcer.flushDue(now + 10);  // … not due yet
    const qsizetype afterEarlyFlush = said.size();
    now += 2000;
    announcer.flushDue(now);
    ASSERT_GT(said.size(), afterEarlyFlush);
    EXPECT_EQ(afterEarlyFlush, beforeFinish);
    EXPECT_TRUE(announcer.pendingText().isEmpty());

    for (qsizetype i = 1; i < said.size(); ++i)
        EXPECT_GE(said[i].at - said[i - 1].at, 2000) << said[i].text.toStdString();
    // All but the last chunk end at a sentence end.
    for (qsizetype i = 0; i + 1 < said.size(); ++i) {
        const QChar last = said[i].text.back();
        EXPECT_TRUE(last == u'.' || last == u'!' || last == u'?' || last == u':')
            << said[i].text.toStdString();
    }
    QStringList texts;
    for (const Said &s : said)
        texts << s.text;
    const QString all = texts.join(u' ');
    EXPECT_EQ(all, QStringLiteral("The first sentence is here. Then a second one! Is this the "
                                  "third? Here comes a link and code: Code block. a, b 1, 2 And a "
                                  "last sentence without a full stop"));
    EXPECT_FALSE(all.contains(QStringLiteral("secret")));
#if QT_VERSION < QT_VERSION_CHECK(6, 8, 0)
    // Older Qt: the chunk is the status label's accessible name (a NameChanged event).
    ASSERT_NE(announcer.statusLabel(), nullptr);
    EXPECT_EQ(announcer.statusLabel()->accessibleName(), said.back().text);
#endif
}

TEST(LiveAnnouncer, ErrorsAndToolCallsAreQueuedAndClearDropsThePending) {
    QWidget host;
    LiveAnnouncer announcer(&host);
    qint64 now = 10'000;
    announcer.setClock([&now] { return now; });
    QStringList said;
    QObject::connect(&announcer, &LiveAnnouncer::announced,
                     [&](const QString &text) { said << text; });
    announcer.append(QStringLiteral("Hello there. Still"));
    ASSERT_EQ(said, QStringList{QStringLiteral("Hello there.")});  // first chunk at once
    announcer.say(QStringLiteral("Error: out of memory."));
    EXPECT_EQ(said.size(), 1);  // within the interval
    now += 2000;
    announcer.flushDue(now);
    ASSERT_EQ(said.size(), 2);
    EXPECT_EQ(said[1], QStringLiteral("Still Error: out of memory."));
    announcer.append(QStringLiteral("Something new. "));
    announcer.clear();
    now += 5000;
    announcer.flushDue(now);
    EXPECT_EQ(said.size(), 2);
}

TEST(ChatView, StreamedAnswerIsAnnouncedThroughTheAnnouncer) {
    AccessibilityRecorder recorder;
    ASSERT_NE(AccessibilityRecorder::platform(), nullptr);
    ASSERT_TRUE(QAccessible::isActive());
    ShownChat shown;
    ChatView &chat = shown.chat;
    qint64 now = 0;
    chat.announcer()->setClock([&now] { return now; });
    QStringList said;
    QObject::connect(chat.announcer(), &LiveAnnouncer::announced,
                     [&](const QString &text) { said << text; });
    chat.addMessage(message(1, Role::Assistant, {}, true));
    chat.appendThinking(1, QStringLiteral("Not announced. "));
    chat.flushPendingUpdates();
    chat.appendContent(1, QStringLiteral("Sure. Here"));
    for (int i = 0; i < 50; ++i) {  // many renders of a growing answer
        chat.appendContent(1, QStringLiteral(" it is"));
        chat.flushPendingUpdates();
    }
    EXPECT_EQ(said, QStringList{QStringLiteral("Sure.")});
    chat.finishMessage(1, {});
    now += 2000;
    chat.announcer()->flushDue(now);
    ASSERT_EQ(said.size(), 2);
    EXPECT_TRUE(said[1].startsWith(QStringLiteral("Here it is it is")));

    // What assistive technology got: each chunk once, as an announcement (Qt >= 6.8) or as the
    // new name of the status label (older Qt).
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
    const auto announced = recorder.events(QAccessible::Announcement);
#else
    const auto announced =
        recorder.events(QAccessible::NameChanged, chat.announcer()->statusLabel());
#endif
    ASSERT_EQ(announced.size(), 2);
    EXPECT_EQ(announced[0].text, said[0]);
    EXPECT_EQ(announced[1].text, said[1]);
    // The 50 renders do not re-announce unchanged names (Qt 6.4 sends an event for every
    // setAccessibleName, even of the same text). The reasoning toggle's title changes twice
    // ("Thinking…", then "Thought for 1 s"), each change sending one event for the button's text
    // and one for its name.
    QToolButton *toggle = chat.messageWidget(1)->thinkingToggle();
    ASSERT_NE(toggle, nullptr);
    EXPECT_LE(recorder.events(QAccessible::NameChanged, toggle).size(), 4);
    EXPECT_LE(recorder.events(QAccessible::NameChanged, chat.messageWidget(1)).size(), 1);
}

// ---------------------------------------------------------------------------------------------
// Long conversations and scrolling

TEST(ChatView, ThreeHundredMessagesAddAndScroll) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    QList<MessageView> messages;
    for (int i = 0; i < 300; ++i) {
        const bool user = i % 2 == 0;
        QString content = user ? QStringLiteral("Question %1: how does *this* work?").arg(i)
                               : QStringLiteral(
                                     "Answer %1 with **Markdown**, a list:\n\n- one\n- "
                                     "two\n\nand a paragraph that wraps over a line "
                                     "or two in an 800 pixel wide chat.")
                                     .arg(i);
        if (!user && i % 10 == 1)
            content += QStringLiteral("\n\n```js\nconsole.log(%1);\n```").arg(i);
        messages.append(message(i + 1, user ? Role::User : Role::Assistant, content));
    }
    QElapsedTimer timer;
    timer.start();
    chat.setMessages(messages);
    QApplication::processEvents();
    const qint64 buildMs = timer.elapsed();
    EXPECT_EQ(chat.messageCount(), 300);
    QScrollBar *bar = chat.verticalScrollBar();
    ASSERT_GT(bar->maximum(), 300 * 30);
    EXPECT_EQ(bar->value(), bar->maximum());  // opens at the end

    timer.restart();
    int steps = 0;
    for (int value = bar->maximum(); value >= 0; value -= chat.viewport()->height() / 2, ++steps) {
        bar->setValue(value);
        chat.viewport()->repaint();
    }
    const qint64 scrollMs = timer.elapsed();
    EXPECT_FALSE(chat.isFollowingBottom());
    EXPECT_EQ(bar->value(), std::max(0, bar->value()));
    std::printf(
        "300 messages: built and laid out in %lld ms; %d half-page scroll steps with "
        "repaint in %lld ms\n",
        static_cast<long long>(buildMs), steps, static_cast<long long>(scrollMs));

    // Appending at the end while scrolled up does not move the view.
    bar->setValue(100);
    chat.addMessage(message(1000, Role::Assistant, {}, true));
    stream(chat, 1000, QStringLiteral("More text.\n\n").repeated(20));
    QApplication::processEvents();
    EXPECT_EQ(bar->value(), 100);
    // Back at the bottom, streaming follows.
    chat.scrollToBottom();
    stream(chat, 1000, QStringLiteral("Even more.\n\n").repeated(20));
    QApplication::processEvents();
    EXPECT_EQ(bar->value(), bar->maximum());
    chat.clear();
    EXPECT_EQ(chat.messageCount(), 0);
}

TEST(ChatView, RemoveAndClearDropMessagesEvenFromTheirOwnButtons) {
    ShownChat shown;
    ChatView &chat = shown.chat;
    chat.addMessage(message(1, Role::User, QStringLiteral("a")));
    chat.addMessage(message(2, Role::Assistant, QStringLiteral("b")));
    // The controller removes the message in response to its own Delete button.
    QObject::connect(&chat, &ChatView::deleteRequested, &chat,
                     [&chat](qint64 id) { chat.removeMessage(id); });
    chat.messageWidget(2)->ensureActions();
    chat.messageWidget(2)->actionButton(Action::Delete)->click();
    EXPECT_EQ(chat.messageIds(), QList<qint64>{1});
    EXPECT_TRUE(chat.messageText(2).isEmpty());
    QApplication::processEvents();  // the deferred deletion runs
    chat.addMessage(message(1, Role::User, QStringLiteral("changed")));  // same id: an update
    EXPECT_EQ(chat.messageCount(), 1);
    EXPECT_EQ(chat.messageText(1), QStringLiteral("changed"));
}

}  // namespace
}  // namespace facet::app

#include "chat_view_test.moc"
