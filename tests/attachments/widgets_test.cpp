// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The attachment widgets, driven through real events: the tray (thumbnails, × removes the right
// one, refusals, hiding when empty), the dock as a drop target (QDragEnter/Move/Leave/Drop sent
// with QCoreApplication::sendEvent), paste by button and by Ctrl+V, the drop filter on a text
// editor (what is not an attachment still reaches the editor), the recorder panel over generated
// inputs (record → meter → timer → stop → attach), keyboard and accessibility basics.
#include "attachment_drop_filter.h"
#include "attachment_importer.h"
#include "attachment_tray.h"
#include "attachments_dock.h"
#include "audio_recorder.h"
#include "audio_test_util.h"
#include "fake_audio_input.h"
#include "pending_attachments.h"
#include "recorder_panel.h"

#include <QAbstractButton>
#include <QApplication>
#include <QAudioDevice>
#include <QClipboard>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMediaDevices>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUrl>

#include <gtest/gtest.h>

namespace facet::app {
namespace {

using test::encodeImage;
using test::testPicture;

// How long QTest::qWaitFor waits for an import: a generous ceiling, not a timing assertion.
constexpr int kWaitMs = 30000;

Attachment image(const QString &name, int w, int h) {
    const ImportResult r =
        AttachmentImporter::importImageBytes(encodeImage(testPicture(w, h), "PNG"), name);
    EXPECT_TRUE(r.ok()) << r.error.toStdString();
    return r.attachment;
}

QStringList names(const PendingAttachments &pending) {
    QStringList out;
    for (const Attachment &a : pending.items())
        out << a.name;
    return out;
}

class WidgetsTest : public ::testing::Test {
protected:
    QString file(const QString &name, const QByteArray &bytes) {
        const QString p = m_dir.filePath(name);
        EXPECT_TRUE(test::writeFile(p, bytes));
        return p;
    }
    QTemporaryDir m_dir;
};

TEST_F(WidgetsTest, TrayShowsOneThumbnailPerAttachmentAndRemovesTheRightOne) {
    PendingAttachments pending;
    AttachmentTray tray(&pending);
    EXPECT_TRUE(tray.isHidden());  // nothing to show yet
    pending.add(image(QStringLiteral("a.png"), 200, 100));
    pending.add(image(QStringLiteral("b.png"), 50, 200));
    pending.add(image(QStringLiteral("c.png"), 64, 64));
    EXPECT_FALSE(tray.isHidden());
    ASSERT_EQ(tray.itemCount(), 3);

    // Thumbnails fit the tray's size and keep their aspect.
    const QList<QLabel *> thumbs =
        tray.findChildren<QLabel *>(QStringLiteral("attachmentThumbnail"));
    QList<QSize> sizes;
    for (QLabel *thumb : thumbs)
        if (thumb->isVisibleTo(&tray)) sizes << thumb->pixmap().size();  // not the old, hidden ones
    ASSERT_EQ(sizes.size(), 3);
    EXPECT_EQ(sizes[0], QSize(56, 28));
    EXPECT_EQ(sizes[1], QSize(14, 56));
    EXPECT_EQ(sizes[2], QSize(56, 56));

    QToolButton *removeB = tray.removeButton(1);
    ASSERT_NE(removeB, nullptr);
    EXPECT_EQ(removeB->accessibleName(), QStringLiteral("Remove “b.png”"));
    EXPECT_EQ(removeB->focusPolicy(), Qt::StrongFocus);
    removeB->click();
    EXPECT_EQ(names(pending), (QStringList{QStringLiteral("a.png"), QStringLiteral("c.png")}));
    ASSERT_EQ(tray.itemCount(), 2);
    EXPECT_EQ(tray.removeButton(1)->accessibleName(), QStringLiteral("Remove “c.png”"));
    tray.removeButton(0)->click();
    tray.removeButton(0)->click();
    QCoreApplication::processEvents();  // the old chips are deleted later
    EXPECT_TRUE(pending.isEmpty());
    EXPECT_EQ(tray.itemCount(), 0);
    EXPECT_TRUE(tray.isHidden());
}

TEST_F(WidgetsTest, TrayShowsRefusalsUntilDismissedOrANewImport) {
    PendingAttachments pending;
    AttachmentTray tray(&pending);
    for (int i = 0; i < 8; ++i)
        pending.add(image(QStringLiteral("i%1.png").arg(i), 10, 10));
    EXPECT_FALSE(pending.add(image(QStringLiteral("ninth.png"), 10, 10)));
    EXPECT_EQ(tray.itemCount(), 8);
    EXPECT_TRUE(tray.message().contains(QStringLiteral("“ninth.png” was not added")));
    EXPECT_TRUE(tray.message().contains(QStringLiteral("at most 8 attachments")));
    QLabel *messageLabel = nullptr;
    for (QLabel *label : tray.findChildren<QLabel *>())
        if (label->text() == tray.message()) messageLabel = label;
    ASSERT_NE(messageLabel, nullptr);
    EXPECT_FALSE(messageLabel->isHidden());

    QToolButton *dismiss = nullptr;
    for (QToolButton *b : tray.findChildren<QToolButton *>())
        if (b->accessibleName() == QStringLiteral("Dismiss message")) dismiss = b;
    ASSERT_NE(dismiss, nullptr);
    dismiss->click();
    EXPECT_TRUE(tray.message().isEmpty());

    // A new import clears what the previous one refused.
    pending.clear();
    emit pending.refused(QStringLiteral("old problem"));
    EXPECT_EQ(tray.message(), QStringLiteral("old problem"));
    pending.importFiles({file(QStringLiteral("ok.png"), encodeImage(testPicture(8, 8), "PNG"))});
    EXPECT_TRUE(tray.message().isEmpty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    EXPECT_EQ(tray.itemCount(), 1);
}

// Sends a whole drag (enter, move, drop) to `target`; returns whether the drop was accepted.
struct DragResult {
    bool enterAccepted = false;
    bool highlightedDuringDrag = false;
    bool dropAccepted = false;
    Qt::DropAction action = Qt::IgnoreAction;
};

DragResult dragAndDrop(QWidget *target, const QMimeData *mime, AttachmentDropFilter *filter) {
    DragResult r;
    const QPoint pos(10, 10);
    const Qt::DropActions actions = Qt::CopyAction | Qt::MoveAction;
    QDragEnterEvent enter(pos, actions, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    r.enterAccepted = enter.isAccepted();
    QDragMoveEvent move(pos + QPoint(5, 5), actions, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &move);
    r.highlightedDuringDrag = filter && filter->isHighlighted();
    QDropEvent drop(QPointF(pos), actions, mime, Qt::LeftButton, Qt::NoModifier);
    drop.setAccepted(false);
    QCoreApplication::sendEvent(target, &drop);
    r.dropAccepted = drop.isAccepted();
    r.action = drop.dropAction();
    return r;
}

TEST_F(WidgetsTest, DockAcceptsDroppedFilesWithAHighlight) {
    PendingAttachments pending;
    AttachmentsDock dock(&pending, new AudioRecorder(new test::GeneratedInputs));
    dock.resize(400, 600);
    dock.show();
    QMimeData files;
    files.setUrls(
        {QUrl::fromLocalFile(
             file(QStringLiteral("photo.png"), encodeImage(testPicture(300, 200), "PNG"))),
         QUrl::fromLocalFile(file(QStringLiteral("voice.wav"), test::makeWav({}, 0.5, 440)))});
    const DragResult r = dragAndDrop(&dock, &files, dock.dropFilter());
    EXPECT_TRUE(r.enterAccepted);
    EXPECT_TRUE(r.highlightedDuringDrag);
    EXPECT_TRUE(r.dropAccepted);
    EXPECT_EQ(r.action, Qt::CopyAction);  // attaching never moves the user's file
    EXPECT_FALSE(dock.dropFilter()->isHighlighted());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    EXPECT_EQ(names(pending),
              (QStringList{QStringLiteral("photo.png"), QStringLiteral("voice.wav")}));
    EXPECT_EQ(pending.at(1).kind, Attachment::Kind::Audio);
    EXPECT_EQ(pending.at(1).durationMs, 500);
    EXPECT_EQ(dock.tray()->itemCount(), 2);
    EXPECT_TRUE(dock.tray()->isVisible());  // the dock's tray never hides, unlike the chat's
    bool countShown = false;
    for (QLabel *label : dock.findChildren<QLabel *>())
        if (label->text() == QStringLiteral("2 of 8")) countShown = true;
    EXPECT_TRUE(countShown);

    // Plain text is not for us: not accepted, no highlight.
    QMimeData text;
    text.setText(QStringLiteral("hello"));
    const DragResult t = dragAndDrop(&dock, &text, dock.dropFilter());
    EXPECT_FALSE(t.enterAccepted);
    EXPECT_FALSE(t.highlightedDuringDrag);
    EXPECT_EQ(pending.count(), 2);

    // A drag that leaves takes the highlight with it.
    QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &files, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&dock, &enter);
    EXPECT_TRUE(dock.dropFilter()->isHighlighted());
    QDragLeaveEvent leave;
    QCoreApplication::sendEvent(&dock, &leave);
    EXPECT_FALSE(dock.dropFilter()->isHighlighted());
}

TEST_F(WidgetsTest, DockPastesFromTheClipboardByButtonAndByKey) {
    PendingAttachments pending;
    AttachmentsDock dock(&pending, new AudioRecorder(new test::GeneratedInputs));
    QStringList refused;
    QObject::connect(&pending, &PendingAttachments::refused,
                     [&](const QString &m) { refused << m; });

    auto *mime = new QMimeData;
    mime->setImageData(testPicture(40, 20));
    QGuiApplication::clipboard()->setMimeData(mime);  // the clipboard owns it
    QPushButton *paste = nullptr;
    for (QPushButton *b : dock.findChildren<QPushButton *>())
        if (b->accessibleName() == QStringLiteral("Paste from clipboard")) paste = b;
    ASSERT_NE(paste, nullptr);
    paste->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    ASSERT_EQ(pending.count(), 1);
    EXPECT_EQ(pending.at(0).name, QStringLiteral("Pasted image.png"));
    EXPECT_EQ(pending.at(0).imageSize, QSize(40, 20));

    // Ctrl+V anywhere in the dock.
    QKeyEvent key(QEvent::KeyPress, Qt::Key_V, Qt::ControlModifier, QStringLiteral("v"));
    QCoreApplication::sendEvent(&dock, &key);
    EXPECT_TRUE(key.isAccepted());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    EXPECT_EQ(pending.count(), 2);

    // A clipboard with only text: the button explains, nothing is added.
    QGuiApplication::clipboard()->setText(QStringLiteral("just words"));
    paste->click();
    EXPECT_EQ(pending.count(), 2);
    ASSERT_FALSE(refused.isEmpty());
    EXPECT_TRUE(refused.last().contains(QStringLiteral("clipboard holds no image or file")));
    EXPECT_TRUE(dock.tray()->message().contains(QStringLiteral("clipboard holds no image")));
}

TEST_F(WidgetsTest, DropFilterOnATextEditorLeavesTextToTheEditor) {
    PendingAttachments pending;
    QPlainTextEdit editor;
    AttachmentDropFilter *filter = AttachmentDropFilter::install(&editor, &pending);
    filter->setPasteEnabled(true);
    EXPECT_EQ(filter->dropWidget(), editor.viewport());
    editor.resize(300, 200);
    editor.show();

    // Image data dropped on the chat input becomes an attachment, not text.
    QMimeData imageData;
    imageData.setData(QStringLiteral("image/png"), encodeImage(testPicture(30, 30), "PNG"));
    const DragResult r = dragAndDrop(editor.viewport(), &imageData, filter);
    EXPECT_TRUE(r.highlightedDuringDrag);
    EXPECT_TRUE(r.dropAccepted);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    ASSERT_EQ(pending.count(), 1);
    EXPECT_EQ(pending.at(0).name, QStringLiteral("Dropped image.png"));
    EXPECT_TRUE(editor.toPlainText().isEmpty());

    // Dropped text goes into the editor.
    QMimeData text;
    text.setText(QStringLiteral("dropped words"));
    dragAndDrop(editor.viewport(), &text, filter);
    EXPECT_EQ(editor.toPlainText(), QStringLiteral("dropped words"));
    EXPECT_EQ(pending.count(), 1);

    // Ctrl+V: text pastes as text, an image becomes an attachment.
    editor.clear();
    editor.setFocus();
    QGuiApplication::clipboard()->setText(QStringLiteral("pasted words"));
    QKeyEvent key(QEvent::KeyPress, Qt::Key_V, Qt::ControlModifier, QStringLiteral("v"));
    QCoreApplication::sendEvent(&editor, &key);
    EXPECT_EQ(editor.toPlainText(), QStringLiteral("pasted words"));
    auto *mime = new QMimeData;
    mime->setImageData(testPicture(12, 12));
    QGuiApplication::clipboard()->setMimeData(mime);
    QKeyEvent key2(QEvent::KeyPress, Qt::Key_V, Qt::ControlModifier, QStringLiteral("v"));
    QCoreApplication::sendEvent(&editor, &key2);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    EXPECT_EQ(pending.count(), 2);
    EXPECT_EQ(editor.toPlainText(), QStringLiteral("pasted words"));
}

TEST_F(WidgetsTest, RecorderPanelRecordsMetersAndAttaches) {
    PendingAttachments pending;
    auto *inputs = new test::GeneratedInputs;
    auto *recorder = new AudioRecorder(inputs);
    RecorderPanel panel(recorder, &pending);
    recorder->setParent(&panel);
    ASSERT_EQ(panel.inputBox()->count(), 2);
    EXPECT_EQ(panel.inputBox()->currentText(), QStringLiteral("Test tone"));
    EXPECT_TRUE(panel.recordButton()->isEnabled());
    EXPECT_FALSE(panel.playButton()->isEnabled());
    EXPECT_FALSE(panel.attachButton()->isEnabled());
    EXPECT_FALSE(panel.discardButton()->isEnabled());

    int maxMeter = 0;
    QObject::connect(recorder, &AudioRecorder::levelChanged,
                     [&] { maxMeter = std::max(maxMeter, panel.levelMeter()->value()); });
    panel.recordButton()->click();
    ASSERT_TRUE(recorder->isRecording());
    EXPECT_EQ(panel.recordButton()->text(), QStringLiteral("Stop"));
    EXPECT_FALSE(panel.inputBox()->isEnabled());  // no switching inputs mid-take
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder->durationMs() >= 1000; }, kWaitMs));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return panel.timeLabel()->text().startsWith(QStringLiteral("0:01")); }, kWaitMs));
    EXPECT_TRUE(panel.timeLabel()->text().endsWith(QStringLiteral(" / 5:00")));
    // Peak 0.5 on a square-root scale: about 707 of 1000.
    EXPECT_NEAR(maxMeter, 707, 15);
    panel.recordButton()->click();
    EXPECT_FALSE(recorder->isRecording());
    EXPECT_EQ(panel.levelMeter()->value(), 0);
    EXPECT_EQ(panel.recordButton()->text(), QStringLiteral("Record again"));
    EXPECT_TRUE(panel.attachButton()->isEnabled());
    EXPECT_TRUE(panel.discardButton()->isEnabled());
    const bool haveOutput = !QMediaDevices::defaultAudioOutput().isNull();
    EXPECT_EQ(panel.playButton()->isEnabled(), haveOutput);
    if (!haveOutput) {  // the reason is where the user looks for it
        EXPECT_TRUE(panel.playButton()->toolTip().contains(QStringLiteral("no sound output")));
    }

    const qint64 duration = recorder->durationMs();
    const QByteArray pcm = recorder->pcm();
    panel.attachButton()->click();
    ASSERT_EQ(pending.count(), 1);
    EXPECT_EQ(pending.at(0).kind, Attachment::Kind::Audio);
    EXPECT_EQ(pending.at(0).durationMs, duration);
    EXPECT_EQ(pending.at(0).data, pcm);
    EXPECT_TRUE(pending.at(0).name.startsWith(QStringLiteral("Recording ")));
    EXPECT_FALSE(recorder->hasRecording());  // attached takes leave the recorder
    EXPECT_FALSE(panel.attachButton()->isEnabled());
    EXPECT_TRUE(panel.statusText().contains(QStringLiteral("attached")));

    // Discard: record, stop, throw away.
    panel.recordButton()->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder->durationMs() >= 100; }, kWaitMs));
    panel.recordButton()->click();
    panel.discardButton()->click();
    EXPECT_FALSE(recorder->hasRecording());
    EXPECT_FALSE(panel.attachButton()->isEnabled());
    EXPECT_EQ(panel.timeLabel()->text(), QStringLiteral("0:00"));
    EXPECT_EQ(pending.count(), 1);

    // Choosing the other input with the keyboard.
    QKeyEvent down(QEvent::KeyPress, Qt::Key_Down, Qt::NoModifier);
    QCoreApplication::sendEvent(panel.inputBox(), &down);
    EXPECT_EQ(panel.inputBox()->currentText(), QStringLiteral("Quiet room"));
    EXPECT_EQ(recorder->inputId(), QByteArray("silence"));
}

TEST_F(WidgetsTest, RecorderPanelKeepsTheTakeWhenTheMessageIsFull) {
    PendingAttachments pending;
    for (int i = 0; i < 8; ++i)
        pending.add(image(QStringLiteral("i%1.png").arg(i), 8, 8));
    auto *recorder = new AudioRecorder(new test::GeneratedInputs);
    RecorderPanel panel(recorder, &pending);
    recorder->setParent(&panel);
    QStringList refused;
    QObject::connect(&pending, &PendingAttachments::refused,
                     [&](const QString &m) { refused << m; });
    panel.recordButton()->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder->durationMs() >= 100; }, kWaitMs));
    panel.recordButton()->click();
    panel.attachButton()->click();
    EXPECT_EQ(pending.count(), 8);
    ASSERT_EQ(refused.size(), 1);
    EXPECT_TRUE(refused.first().contains(QStringLiteral("at most 8 attachments")));
    EXPECT_TRUE(recorder->hasRecording());  // nothing lost
    EXPECT_TRUE(panel.attachButton()->isEnabled());
}

TEST_F(WidgetsTest, RecorderPanelWithoutMicrophoneAndWithOneThatDisappears) {
    PendingAttachments pending;
    auto *inputs = new test::GeneratedInputs;
    inputs->setDevices({});
    auto *recorder = new AudioRecorder(inputs);
    RecorderPanel panel(recorder, &pending);
    recorder->setParent(&panel);
    ASSERT_EQ(panel.inputBox()->count(), 1);
    EXPECT_EQ(panel.inputBox()->itemText(0), QStringLiteral("No microphone found"));
    EXPECT_FALSE(panel.recordButton()->isEnabled());
    EXPECT_FALSE(panel.inputBox()->isEnabled());

    // A microphone is plugged in: it appears and can be used.
    test::GeneratedDevice usb;
    usb.id = "usb";
    usb.name = QStringLiteral("USB microphone");
    inputs->setDevices({usb});
    ASSERT_EQ(panel.inputBox()->count(), 1);
    EXPECT_EQ(panel.inputBox()->itemText(0), QStringLiteral("USB microphone"));
    EXPECT_TRUE(panel.recordButton()->isEnabled());
    panel.recordButton()->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder->durationMs() >= 100; }, kWaitMs));
    // … and unplugged while recording.
    inputs->setDevices({});
    EXPECT_FALSE(recorder->isRecording());
    EXPECT_TRUE(panel.statusText().contains(QStringLiteral("“USB microphone” was disconnected")));
    EXPECT_TRUE(panel.attachButton()->isEnabled());  // the take so far is kept
    EXPECT_FALSE(panel.recordButton()->isEnabled());
}

TEST_F(WidgetsTest, EveryControlHasAnAccessibleNameAndSurvivesALanguageChange) {
    PendingAttachments pending;
    pending.add(image(QStringLiteral("a.png"), 20, 20));
    AttachmentsDock dock(&pending, new AudioRecorder(new test::GeneratedInputs));
    auto check = [&] {
        for (QAbstractButton *b : dock.findChildren<QAbstractButton *>()) {
            if (b->isHidden()) continue;
            EXPECT_FALSE(b->accessibleName().isEmpty()) << b->text().toStdString();
            EXPECT_FALSE(b->accessibleDescription().isEmpty()) << b->text().toStdString();
            EXPECT_NE(b->focusPolicy() & Qt::TabFocus, 0) << b->text().toStdString();
        }
        for (QComboBox *c : dock.findChildren<QComboBox *>())
            EXPECT_FALSE(c->accessibleName().isEmpty());
        for (QProgressBar *p : dock.findChildren<QProgressBar *>())
            EXPECT_FALSE(p->accessibleName().isEmpty());
    };
    check();
    QEvent change(QEvent::LanguageChange);
    for (QWidget *w : dock.findChildren<QWidget *>())
        QCoreApplication::sendEvent(w, &change);
    QCoreApplication::sendEvent(&dock, &change);
    QCoreApplication::processEvents();
    check();
    EXPECT_EQ(dock.tray()->itemCount(), 1);
    const QStringList filters = AttachmentsDock::fileFilters();
    ASSERT_EQ(filters.size(), 4);
    EXPECT_TRUE(filters[0].contains(QStringLiteral("*.png")));
    EXPECT_TRUE(filters[0].contains(QStringLiteral("*.flac")));
    EXPECT_TRUE(filters[1].contains(QStringLiteral("*.jpg")));
    EXPECT_TRUE(filters[2].contains(QStringLiteral("*.mp3")));
}

}  // namespace
}  // namespace facet::app
