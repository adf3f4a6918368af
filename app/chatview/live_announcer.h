// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Polite screen-reader announcements of a streamed answer, throttled so that they never flood.
//
// An answer arrives as hundreds of tokens a second; announcing each would drown the screen reader
// (and the user). The announcer collects the streamed Markdown, turns it into speakable text
// (no emphasis markers, link targets, table rules or code: a code block becomes "Code block."),
// and announces at most one chunk per interval (2 s by default), each ending at a sentence
// boundary. When the answer finishes, the rest is announced as soon as the interval allows.
//
// How the chunk reaches assistive technology:
//  - Qt >= 6.8: a QAccessibleAnnouncementEvent with polite politeness (a live region).
//  - Qt < 6.8 (Debian 12 has 6.4): there is no announcement API. The chunk becomes the accessible
//    name of a status label (a 1x1 QLabel without text inside the host widget), which sends a
//    QAccessible::NameChanged event. Screen readers do not generally speak name changes of an
//    object that does not have focus (Orca does not), so on these Qt versions the announcements
//    are best-effort: the text is exposed, but whether it is spoken depends on the reader.
//
// Time comes from an injectable clock (monotonic milliseconds); flushDue(now) does the work, so
// tests drive it without waiting. A single-shot timer calls flushDue(clock()) when a chunk is
// ready but the interval has not yet passed.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

class QLabel;
class QWidget;

namespace facet::app {

class LiveAnnouncer : public QObject {
    Q_OBJECT
public:
    using Clock = std::function<qint64()>;

    // `host`: the widget the announcements come from; the status label is created inside it.
    explicit LiveAnnouncer(QWidget *host);
    ~LiveAnnouncer() override;

    void setClock(Clock clock);
    void setIntervalMs(int ms);
    int intervalMs() const { return m_intervalMs; }

    // Streamed Markdown of the current answer (any slicing: tokens, bytes of a line, lines).
    void append(const QString &markdown);
    // The answer ended: everything not yet announced is due (still no sooner than the interval).
    void finish();
    // A whole message (an error) announced like a chunk, after what is pending.
    void say(const QString &text);
    // Forgets everything not yet announced (the conversation was cleared or switched).
    void clear();

    // Announces what is due at `nowMs` (monotonic ms, same clock as setClock's).
    void flushDue(qint64 nowMs);

    // Speakable text collected but not yet announced.
    QString pendingText() const { return m_pending; }
    // The status label that carries the chunk as its accessible name on Qt < 6.8.
    QLabel *statusLabel() const;

signals:
    // Every chunk as it is announced.
    void announced(const QString &text);

private:
    void consume(bool final);
    void takeLine(const QString &line);
    void takeText(const QString &text);
    void announce(const QString &text);
    void schedule(qint64 nowMs);
    qsizetype readyLength() const;

    QPointer<QWidget> m_host;
    QPointer<QLabel> m_label;
    Clock m_clock;
    int m_intervalMs = 2000;
    QTimer m_timer;

    QString m_raw;               // streamed Markdown not yet turned into speakable text
    qsizetype m_rawScanned = 0;  // m_raw's first characters known to hold no sentence end
    QString m_pending;           // speakable text not yet announced
    qsizetype m_forced = 0;      // the first m_forced characters of m_pending are due (finish/say)
    bool m_lineStart = true;
    bool m_inFence = false;
    QChar m_fenceMarker;
    qsizetype m_fenceLength = 0;
    std::optional<qint64> m_lastAt;
};

// Speakable text of one line (or part of one) of Markdown: no heading, quote or bullet markers
// at the line start (when `lineStart`), no emphasis markers or backticks, links and images as
// their text, table cells separated by commas. Exposed for tests.
QString speakableMarkdown(const QString &text, bool lineStart);

}  // namespace facet::app
