// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "live_announcer.h"

#include <QAccessible>
#include <QElapsedTimer>
#include <QLabel>
#include <QRegularExpression>
#include <QWidget>

#include <algorithm>
#include <memory>

namespace facet::app {
namespace {

bool isOpeningFence(const QString &line, QChar *marker, qsizetype *length) {
    const QString trimmed = line.trimmed();
    if (trimmed.size() < 3) return false;
    const QChar c = trimmed[0];
    if (c != u'`' && c != u'~') return false;
    qsizetype n = 0;
    while (n < trimmed.size() && trimmed[n] == c)
        ++n;
    if (n < 3) return false;
    if (c == u'`' && trimmed.mid(n).contains(u'`')) return false;
    *marker = c;
    *length = n;
    return true;
}

bool isClosingFence(const QString &line, QChar marker, qsizetype length) {
    const QString trimmed = line.trimmed();
    if (trimmed.size() < length) return false;
    return std::all_of(trimmed.begin(), trimmed.end(), [&](QChar c) { return c == marker; });
}

// Table rules (|---|:--:|) and thematic breaks (---, ***, ___) carry nothing to say.
bool isRule(const QString &line) {
    static const QRegularExpression tableRule(QStringLiteral(R"(^[\s|:\-]*-[\s|:\-]*$)"));
    static const QRegularExpression thematicBreak(QStringLiteral(R"(^\s*([*_]\s*){3,}$)"));
    return tableRule.match(line).hasMatch() || thematicBreak.match(line).hasMatch();
}

bool isSentenceEnd(const QString &text, qsizetype i) {
    const QChar c = text[i];
    if (c == u'\n' || c == u'。' || c == u'！' || c == u'？') return true;
    if (c == u'.' || c == u'!' || c == u'?' || c == u'…')
        return i + 1 < text.size() && text[i + 1].isSpace();
    return false;
}

// The last sentence end at or after `from`, or -1.
qsizetype lastSentenceEnd(const QString &text, qsizetype from = 0) {
    for (qsizetype i = text.size() - 1; i >= from; --i)
        if (isSentenceEnd(text, i)) return i;
    return -1;
}

}  // namespace

QString speakableMarkdown(const QString &text, bool lineStart) {
    static const QRegularExpression quote(QStringLiteral(R"(^\s*(>\s*)+)"));
    static const QRegularExpression heading(QStringLiteral(R"(^\s*#{1,6}\s+)"));
    static const QRegularExpression bullet(QStringLiteral(R"(^\s*[-*+]\s+)"));
    static const QRegularExpression image(QStringLiteral(R"(!\[([^\]]*)\]\([^)]*\))"));
    static const QRegularExpression link(QStringLiteral(R"(\[([^\]]+)\]\([^)]*\))"));

    QString s = text;
    if (lineStart) {
        s.remove(quote);
        s.remove(heading);
        s.remove(bullet);
        const QString trimmed = s.trimmed();
        if (trimmed.startsWith(u'|')) {
            QStringList cells = trimmed.split(u'|');
            if (!cells.isEmpty() && cells.first().trimmed().isEmpty()) cells.removeFirst();
            if (!cells.isEmpty() && cells.last().trimmed().isEmpty()) cells.removeLast();
            for (QString &cell : cells)
                cell = cell.trimmed();
            s = cells.join(QStringLiteral(", "));
        }
    }
    s.replace(image, QStringLiteral("\\1"));
    s.replace(link, QStringLiteral("\\1"));
    s.remove(QStringLiteral("**"));
    s.remove(QStringLiteral("__"));
    s.remove(QStringLiteral("~~"));
    s.remove(u'`');
    // A single '*' is emphasis unless it stands between spaces or digits ("2 * 3", "2*3").
    QString out;
    out.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i] == u'*') {
            const QChar before = i > 0 ? s[i - 1] : QChar(u' ');
            const QChar after = i + 1 < s.size() ? s[i + 1] : QChar(u' ');
            const bool arithmetic =
                (before.isSpace() && after.isSpace()) || (before.isDigit() && after.isDigit());
            if (!arithmetic) continue;
        }
        out.append(s[i]);
    }
    return out;
}

LiveAnnouncer::LiveAnnouncer(QWidget *host) : QObject(host), m_host(host) {
    if (host) {
        m_label = new QLabel(host);
        m_label->setObjectName(QStringLiteral("facetLiveAnnouncerStatus"));
        m_label->setGeometry(0, 0, 1, 1);
        m_label->setAttribute(Qt::WA_TransparentForMouseEvents);
        m_label->setAccessibleDescription(tr("Announcements of the answer being written"));
    }
    auto elapsed = std::make_shared<QElapsedTimer>();
    elapsed->start();
    m_clock = [elapsed] { return elapsed->elapsed(); };
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] { flushDue(m_clock()); });
}

LiveAnnouncer::~LiveAnnouncer() = default;

QLabel *LiveAnnouncer::statusLabel() const {
    return m_label.data();
}

void LiveAnnouncer::setClock(Clock clock) {
    if (clock) m_clock = std::move(clock);
}

void LiveAnnouncer::setIntervalMs(int ms) {
    m_intervalMs = std::max(ms, 0);
}

void LiveAnnouncer::append(const QString &markdown) {
    if (markdown.isEmpty()) return;
    m_raw += markdown;
    consume(false);
    flushDue(m_clock());
}

void LiveAnnouncer::finish() {
    consume(true);
    m_lineStart = true;
    m_inFence = false;
    m_forced = m_pending.size();
    flushDue(m_clock());
}

void LiveAnnouncer::say(const QString &text) {
    consume(true);
    m_lineStart = true;
    m_inFence = false;
    if (!m_pending.isEmpty() && !m_pending.endsWith(u'\n')) m_pending += u'\n';
    m_pending += text.trimmed() + u'\n';
    m_forced = m_pending.size();
    flushDue(m_clock());
}

void LiveAnnouncer::clear() {
    m_timer.stop();
    m_raw.clear();
    m_rawScanned = 0;
    m_pending.clear();
    m_forced = 0;
    m_lineStart = true;
    m_inFence = false;
}

// Turns complete lines of m_raw into speakable text; of the partial last line, the part up to
// its last sentence end (unless it may be a fence or a table row, which need the whole line).
void LiveAnnouncer::consume(bool final) {
    qsizetype newline;
    while ((newline = m_raw.indexOf(u'\n', m_rawScanned)) >= 0) {
        const QString line = m_raw.left(newline);
        m_raw.remove(0, newline + 1);
        m_rawScanned = 0;
        takeLine(line);
    }
    if (m_raw.isEmpty()) return;
    if (final) {
        const QString line = m_raw;
        m_raw.clear();
        m_rawScanned = 0;
        takeLine(line);
        return;
    }
    if (m_inFence) return;
    const QString head = m_raw.trimmed();
    if (m_lineStart && (head.startsWith(u'`') || head.startsWith(u'~') || head.startsWith(u'|')))
        return;
    // A long line streams in token by token: only its new part is searched each time (the last
    // character again, as the character after a full stop decides).
    const qsizetype end = lastSentenceEnd(m_raw, m_rawScanned);
    if (end < 0) {
        m_rawScanned = std::max<qsizetype>(0, m_raw.size() - 1);
        return;
    }
    // The space after the full stop goes along: it marks the sentence's end in m_pending.
    qsizetype length = end + 1;
    if (length < m_raw.size() && m_raw[length].isSpace()) ++length;
    takeText(m_raw.left(length));
    m_raw.remove(0, length);
    m_rawScanned = 0;
    m_lineStart = false;
}

void LiveAnnouncer::takeLine(const QString &line) {
    if (m_inFence) {
        if (isClosingFence(line, m_fenceMarker, m_fenceLength)) m_inFence = false;
        m_lineStart = true;
        return;
    }
    if (m_lineStart && isOpeningFence(line, &m_fenceMarker, &m_fenceLength)) {
        m_inFence = true;
        m_pending += tr("Code block.") + u'\n';
        return;
    }
    if (m_lineStart && isRule(line)) return;
    takeText(line);
    m_pending += u'\n';
    m_lineStart = true;
}

void LiveAnnouncer::takeText(const QString &text) {
    m_pending += speakableMarkdown(text, m_lineStart);
}

qsizetype LiveAnnouncer::readyLength() const {
    return std::max(m_forced, lastSentenceEnd(m_pending) + 1);
}

void LiveAnnouncer::flushDue(qint64 nowMs) {
    while (!m_pending.isEmpty()) {
        if (m_lastAt && nowMs - *m_lastAt < m_intervalMs) break;
        const qsizetype ready = readyLength();
        if (ready <= 0) break;
        const QString chunk = m_pending.left(ready).simplified();
        m_pending.remove(0, ready);
        m_forced = std::max<qsizetype>(0, m_forced - ready);
        if (chunk.isEmpty()) continue;  // only whitespace: nothing said, no interval used
        announce(chunk);
        m_lastAt = nowMs;
    }
    schedule(nowMs);
}

void LiveAnnouncer::schedule(qint64 nowMs) {
    if (m_pending.isEmpty() || readyLength() <= 0 || !m_lastAt) {
        m_timer.stop();
        return;
    }
    const qint64 remaining = *m_lastAt + m_intervalMs - nowMs;
    m_timer.start(int(std::clamp<qint64>(remaining, 1, m_intervalMs + 1)));
}

void LiveAnnouncer::announce(const QString &text) {
#if QT_VERSION >= QT_VERSION_CHECK(6, 8, 0)
    if (m_host) {
        QAccessibleAnnouncementEvent event(m_host, text);
        event.setPoliteness(QAccessible::AnnouncementPoliteness::Polite);
        QAccessible::updateAccessibility(&event);
    }
#else
    if (m_label) {
        if (m_label->accessibleName() == text) {
            // Same text as last time: setAccessibleName would send nothing.
            QAccessibleEvent event(m_label.data(), QAccessible::NameChanged);
            QAccessible::updateAccessibility(&event);
        } else {
            m_label->setAccessibleName(text);  // sends QAccessible::NameChanged
        }
    }
#endif
    emit announced(text);
}

}  // namespace facet::app
