// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "conversation_store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStringList>
#include <QVariant>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <utility>

#ifdef Q_OS_WIN
#include <io.h>
#else
#include <unistd.h>
#endif

namespace facet::app {

namespace {

// SQLite's primary result codes that open() and the error texts tell apart.
constexpr int kSqliteBusy = 5;
constexpr int kSqliteLocked = 6;
constexpr int kSqliteReadOnly = 8;
constexpr int kSqliteIoErr = 10;
constexpr int kSqliteCorrupt = 11;
constexpr int kSqliteFull = 13;
constexpr int kSqliteCantOpen = 14;
constexpr int kSqliteNotADb = 26;

// Set by tests (and for troubleshooting) to run as if SQLite had no FTS5: no index is created and
// search() falls back to LIKE.
constexpr const char *kNoFtsVariable = "FACET_CONVERSATIONS_NO_FTS5";

// A recursive walk up or down a message tree never goes deeper than this, even in a database
// someone edited by hand into a cycle.
constexpr int kMaxDepth = 1000000;

std::atomic<int> g_connectionCounter{0};

void setError(QString *error, const QString &text) {
    if (error) *error = text;
}

int sqliteCode(const QSqlError &e) {
    bool ok = false;
    const int code = e.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xff) : -1;  // extended codes carry the primary one in the low byte
}

struct Text {
    Q_DECLARE_TR_FUNCTIONS(facet::app::ConversationStore)
};

// What went wrong, in words a user can act on.
QString describe(const QSqlError &e) {
    // SQLite's own words ("disk I/O error"), without Qt's "Unable to fetch row".
    const QString detail =
        e.databaseText().trimmed().isEmpty() ? e.text().trimmed() : e.databaseText().trimmed();
    switch (sqliteCode(e)) {
        case kSqliteFull:
            return Text::tr(
                "The disk is full, so the conversation could not be saved. Free some "
                "space and try again.");
        case kSqliteReadOnly:
            return Text::tr(
                       "The conversation database is read-only (%1). Check the permissions of "
                       "the file and its folder.")
                .arg(detail);
        case kSqliteBusy:
        case kSqliteLocked:
            return Text::tr(
                "The conversation database is in use by another program (is Facet "
                "running twice?). Close the other one and try again.");
        case kSqliteIoErr:
            return Text::tr(
                       "Reading or writing the conversation database failed (%1). The disk "
                       "may be full or failing: free some space or check the disk, then try "
                       "again.")
                .arg(detail);
        case kSqliteCantOpen:
            return Text::tr(
                       "The conversation database cannot be opened (%1). Check that its "
                       "folder exists and is writable.")
                .arg(detail);
        case kSqliteCorrupt:
        case kSqliteNotADb:
            return Text::tr("The conversation database is damaged (%1).").arg(detail);
        default:
            return detail.isEmpty() ? Text::tr("Unknown database error.") : detail;
    }
}

bool exec(QSqlQuery &q, const QString &sql, const QVariantList &values, QString *error) {
    q.setForwardOnly(true);
    if (!q.prepare(sql)) {
        setError(error, describe(q.lastError()));
        return false;
    }
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!q.exec()) {
        setError(error, describe(q.lastError()));
        return false;
    }
    return true;
}

// A null QString binds as SQL NULL; the text columns are NOT NULL.
QString notNull(const QString &s) {
    return s.isNull() ? QStringLiteral("") : s;
}

QVariant nullableId(qint64 id) {
    return id > 0 ? QVariant(id) : QVariant(QMetaType::fromType<qint64>());
}

qint64 nowMs() {
    return QDateTime::currentMSecsSinceEpoch();
}

QDateTime fromMs(qint64 ms) {
    return QDateTime::fromMSecsSinceEpoch(ms);
}

QString idList(const QList<qint64> &ids) {
    QStringList parts;
    parts.reserve(ids.size());
    for (qint64 id : ids)
        parts << QString::number(id);
    return parts.join(u',');
}

// The conversation's "updated" stamp: now, but strictly later than every stamp so far, so the
// most recently changed conversation sorts first even when two changes share a millisecond.
const char *const kTouchValue = "max(?, (SELECT coalesce(max(updated), 0) + 1 FROM conversations))";

const char *const kMessageColumns =
    "m.id, m.conversation_id, m.parent_id, m.role, m.content, m.thinking, m.tool_calls, m.stats, "
    "m.error, m.complete, m.created";

StoredMessage readMessage(const QSqlQuery &q) {
    StoredMessage m;
    m.id = q.value(0).toLongLong();
    m.conversationId = q.value(1).toLongLong();
    m.parentId = q.value(2).isNull() ? 0 : q.value(2).toLongLong();
    m.role = q.value(3).toString();
    m.content = q.value(4).toString();
    m.thinking = q.value(5).toString();
    m.toolCalls = QJsonDocument::fromJson(q.value(6).toByteArray()).array();
    m.stats = QJsonDocument::fromJson(q.value(7).toByteArray()).object();
    m.error = q.value(8).toString();
    m.complete = q.value(9).toBool();
    m.created = fromMs(q.value(10).toLongLong());
    return m;
}

QByteArray compact(const QJsonArray &a) {
    return QJsonDocument(a).toJson(QJsonDocument::Compact);
}
QByteArray compact(const QJsonObject &o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// ---- settings as JSON (one column, so new settings need no schema change) ----

QJsonObject settingsToJson(const ConversationSettings &s) {
    const SamplingSettings &p = s.sampling;
    QJsonObject sampling{
        {"temperature", p.temperature},
        {"topK", p.topK},
        {"topP", p.topP},
        {"minP", p.minP},
        {"repetitionPenalty", p.repetitionPenalty},
        {"presencePenalty", p.presencePenalty},
        {"frequencyPenalty", p.frequencyPenalty},
        {"fixedSeed", p.fixedSeed},
        // A string: JSON numbers are doubles and would round seeds above 2^53.
        {"seed", QString::number(p.seed)},
        {"maxTokens", p.maxTokens},
    };
    QJsonObject o{{"systemPrompt", s.systemPrompt}, {"think", s.think}, {"sampling", sampling}};
    if (!s.adapterPath.isEmpty() || !s.adapterEnabled || s.adapterStrength != 1.0) {
        o.insert("adapter", QJsonObject{{"path", s.adapterPath},
                                        {"enabled", s.adapterEnabled},
                                        {"strength", s.adapterStrength}});
    }
    return o;
}

ConversationSettings settingsFromJson(const QJsonObject &o) {
    ConversationSettings s;
    SamplingSettings &p = s.sampling;
    s.systemPrompt = o.value("systemPrompt").toString();
    s.think = o.value("think").toBool(false);
    const QJsonObject j = o.value("sampling").toObject();
    p.temperature = j.value("temperature").toDouble(p.temperature);
    p.topK = j.value("topK").toInt(p.topK);
    p.topP = j.value("topP").toDouble(p.topP);
    p.minP = j.value("minP").toDouble(p.minP);
    p.repetitionPenalty = j.value("repetitionPenalty").toDouble(p.repetitionPenalty);
    p.presencePenalty = j.value("presencePenalty").toDouble(p.presencePenalty);
    p.frequencyPenalty = j.value("frequencyPenalty").toDouble(p.frequencyPenalty);
    p.fixedSeed = j.value("fixedSeed").toBool(p.fixedSeed);
    const QJsonValue seed = j.value("seed");
    if (seed.isString()) {
        bool ok = false;
        const quint64 v = seed.toString().toULongLong(&ok);
        if (ok) p.seed = v;
    } else if (seed.isDouble() && seed.toDouble() >= 0) {
        p.seed = static_cast<quint64>(seed.toDouble());
    }
    p.maxTokens = j.value("maxTokens").toInt(p.maxTokens);
    // Conversations saved before adapters have no "adapter": the base model.
    const QJsonObject a = o.value("adapter").toObject();
    s.adapterPath = a.value("path").toString();
    s.adapterEnabled = a.value("enabled").toBool(true);
    const double strength = a.value("strength").toDouble(1.0);
    s.adapterStrength = std::isfinite(strength) ? std::clamp(strength, 0.0, 2.0) : 1.0;
    return s;
}

bool validSettings(const ConversationSettings &s, QString *error) {
    const SamplingSettings &p = s.sampling;
    const auto finite = [](double v) { return std::isfinite(v); };
    if (!finite(p.temperature) || p.temperature < 0) {
        setError(error, Text::tr("The temperature must be 0 or more (got %1).").arg(p.temperature));
        return false;
    }
    if (p.topK < 0) {
        setError(error, Text::tr("Top-k must be 0 (off) or more (got %1).").arg(p.topK));
        return false;
    }
    if (!finite(p.topP) || p.topP < 0 || p.topP > 1) {
        setError(error, Text::tr("Top-p must be between 0 and 1 (got %1).").arg(p.topP));
        return false;
    }
    if (!finite(p.minP) || p.minP < 0 || p.minP > 1) {
        setError(error, Text::tr("Min-p must be between 0 and 1 (got %1).").arg(p.minP));
        return false;
    }
    if (!finite(p.repetitionPenalty) || p.repetitionPenalty <= 0) {
        setError(error, Text::tr("The repetition penalty must be more than 0 (got %1).")
                            .arg(p.repetitionPenalty));
        return false;
    }
    if (!finite(p.presencePenalty) || !finite(p.frequencyPenalty)) {
        setError(error, Text::tr("The presence and frequency penalties must be numbers."));
        return false;
    }
    if (p.maxTokens < 0) {
        setError(error, Text::tr("The token limit must be 0 (until the model stops) or more (got "
                                 "%1).")
                            .arg(p.maxTokens));
        return false;
    }
    if (!finite(s.adapterStrength) || s.adapterStrength < 0 || s.adapterStrength > 2) {
        setError(error, Text::tr("The adapter strength must be between 0 and 2 (got %1).")
                            .arg(s.adapterStrength));
        return false;
    }
    return true;
}

// ---- search helpers ----

bool isWordChar(char32_t c) {
    if (c == u'_') return false;  // unicode61 splits at punctuation, '_' included
    switch (QChar::category(c)) {
        case QChar::Letter_Uppercase:
        case QChar::Letter_Lowercase:
        case QChar::Letter_Titlecase:
        case QChar::Letter_Modifier:
        case QChar::Letter_Other:
        case QChar::Number_DecimalDigit:
        case QChar::Number_Letter:
        case QChar::Number_Other:
        case QChar::Mark_NonSpacing:
        case QChar::Mark_SpacingCombining:
        case QChar::Mark_Enclosing:
            return true;
        default:
            return false;
    }
}

// The words of a query as FTS5's unicode61 tokenizer would split them, so every FTS query we build
// consists only of quoted words (nothing the user types can be an operator).
QStringList queryWords(const QString &query) {
    QStringList words;
    QList<char32_t> current;
    const auto flush = [&] {
        if (!current.isEmpty()) words << QString::fromUcs4(current.constData(), current.size());
        current.clear();
    };
    for (char32_t c : query.toUcs4()) {
        if (isWordChar(c)) {
            current << c;
        } else {
            flush();
        }
    }
    flush();
    return words;
}

bool hasUnspacedScript(const QString &text) {
    for (char32_t c : text.toUcs4()) {
        switch (QChar::script(c)) {
            case QChar::Script_Han:
            case QChar::Script_Hiragana:
            case QChar::Script_Katakana:
            case QChar::Script_Hangul:
            case QChar::Script_Thai:
            case QChar::Script_Lao:
            case QChar::Script_Khmer:
            case QChar::Script_Myanmar:
                return true;
            default:
                break;
        }
    }
    return false;
}

QString ftsQuery(const QStringList &words) {
    QStringList parts;
    for (const QString &w : words)
        parts << u'"' + QString(w).replace(u'"', QStringLiteral("\"\"")) + u'"';
    parts.last() += u'*';  // the word being typed
    return parts.join(u' ');
}

QString likePattern(const QString &word) {
    QString escaped = word;
    escaped.replace(u'\\', QStringLiteral("\\\\"))
        .replace(u'%', QStringLiteral("\\%"))
        .replace(u'_', QStringLiteral("\\_"));
    return u'%' + escaped + u'%';
}

// A snippet of `text` around the first occurrence of words[0], matches of any word marked.
QString likeSnippet(const QString &text, const QStringList &words) {
    constexpr int kBefore = 30, kAfter = 70;
    qsizetype at = text.indexOf(words.first(), 0, Qt::CaseInsensitive);
    if (at < 0) at = 0;
    qsizetype from = std::max<qsizetype>(0, at - kBefore);
    qsizetype to = std::min<qsizetype>(text.size(), at + kAfter);
    if (from > 0 && text.at(from).isLowSurrogate()) ++from;
    if (to < text.size() && text.at(to).isLowSurrogate()) ++to;
    QString window = text.mid(from, to - from).simplified();
    for (const QString &w : words) {
        QString out;
        qsizetype pos = 0;
        while (true) {
            const qsizetype hit = window.indexOf(w, pos, Qt::CaseInsensitive);
            if (hit < 0) break;
            out += window.mid(pos, hit - pos) + ConversationStore::kMatchStart +
                   window.mid(hit, w.size()) + ConversationStore::kMatchEnd;
            pos = hit + w.size();
        }
        window = out + window.mid(pos);
    }
    return (from > 0 ? QStringLiteral("…") : QString()) + window +
           (to < text.size() ? QStringLiteral("…") : QString());
}

QString roleName(const QString &role) {
    if (role == u"user") return Text::tr("User", "message author");
    if (role == u"assistant") return Text::tr("Assistant", "message author");
    if (role == u"system") return Text::tr("System", "message author");
    if (role == u"tool") return Text::tr("Tool result", "message author");
    return role;
}

QString kindName(StoredAttachment::Kind k) {
    return k == StoredAttachment::Kind::Audio ? QStringLiteral("audio") : QStringLiteral("image");
}

QString formatSize(qint64 bytes) {
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

bool syncFile(QFile &f) {
    if (!f.flush()) return false;
#ifdef Q_OS_WIN
    return ::_commit(f.handle()) == 0;
#else
    return ::fsync(f.handle()) == 0;
#endif
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Opening

ConversationStore::ConversationStore(QString path)
    : m_path(path.isEmpty() ? defaultPath() : std::move(path)) {}

ConversationStore::~ConversationStore() {
    closeConnection();
}

QString ConversationStore::defaultPath() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return dir.isEmpty() ? QString() : dir + QStringLiteral("/conversations.sqlite");
}

QString ConversationStore::defaultTrainingDataPath() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return dir.isEmpty() ? QString() : dir + QStringLiteral("/training/examples.jsonl");
}

bool ConversationStore::isOpen() const {
    return m_db.isValid() && m_db.isOpen();
}

bool ConversationStore::checkOpen(QString *error) const {
    if (isOpen()) return true;
    setError(error, tr("The conversation database is not open."));
    return false;
}

void ConversationStore::closeConnection() {
    if (m_connectionName.isEmpty()) return;
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connectionName);
    m_connectionName.clear();
}

bool ConversationStore::open(QString *error) {
    if (isOpen()) return true;
    m_recoveryNotice.clear();
    if (m_path.isEmpty()) {
        setError(error, tr("There is no folder for application data, so conversations cannot be "
                           "saved. Check that your home folder exists."));
        return false;
    }
    const QFileInfo file(m_path);
    const QString dir = file.absolutePath();
    if (file.isDir()) {
        setError(error, tr("%1 is a folder, not a conversation database. Move it away and try "
                           "again.")
                            .arg(QDir::toNativeSeparators(m_path)));
        return false;
    }
    if (!QDir().mkpath(dir) || !QFileInfo(dir).isDir()) {
        setError(error, tr("Cannot create the folder %1 for the conversation database. Check that "
                           "the location exists and that you may write there.")
                            .arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    if (!QFileInfo(dir).isWritable()) {
        setError(error, tr("The folder %1 is not writable, so conversations cannot be saved. "
                           "Check its permissions.")
                            .arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    if (file.exists() && !file.isWritable()) {
        setError(error, tr("The conversation database %1 is read-only. Check its permissions.")
                            .arg(QDir::toNativeSeparators(m_path)));
        return false;
    }

    QString why;
    // A file that is not SQLite at all is recognised before SQLite sees it: SQLite would delete
    // a -wal it cannot use when the failed connection closes, and the user loses that file.
    OpenResult result = OpenResult::Ok;
    if (file.exists() && file.size() > 0) {
        QFile f(m_path);
        if (!f.open(QIODevice::ReadOnly)) {
            setError(error, tr("Cannot read the conversation database %1: %2")
                                .arg(QDir::toNativeSeparators(m_path), f.errorString()));
            return false;
        }
        if (f.read(16) != QByteArray("SQLite format 3\0", 16)) {
            why = tr("it is not an SQLite database");
            result = OpenResult::Corrupt;
        }
    }
    if (result == OpenResult::Ok) result = openConnection(&why);
    switch (result) {
        case OpenResult::Ok:
            return true;
        case OpenResult::Failed:
            closeConnection();
            setError(error, why);
            return false;
        case OpenResult::Corrupt:
            break;
    }
    // Damaged: keep the file for the user (or a recovery tool) and start afresh.
    closeConnection();
    QString movedTo, moveError;
    if (!moveAside(&movedTo, &moveError)) {
        setError(error, tr("The conversation database %1 is damaged (%2) and could not be moved "
                           "aside: %3. Move it away yourself and start Facet again.")
                            .arg(QDir::toNativeSeparators(m_path), why, moveError));
        return false;
    }
    m_recoveryNotice =
        tr("Your conversation history was damaged and could not be read, so Facet started a new, "
           "empty one. The old file was kept as %1; tools such as sqlite3's \".recover\" may get "
           "conversations back from it. (Details: %2)")
            .arg(QDir::toNativeSeparators(movedTo), why);
    QString again;
    if (openConnection(&again) != OpenResult::Ok) {
        closeConnection();
        setError(error, again);
        return false;
    }
    return true;
}

ConversationStore::OpenResult ConversationStore::openConnection(QString *error) {
    m_connectionName = QStringLiteral("facet.conversations.%1").arg(g_connectionCounter++);
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    if (!m_db.isValid()) {
        setError(error, tr("Qt's SQLite driver (QSQLITE) is missing, so conversations cannot be "
                           "saved. Install it (Debian: libqt6sql6-sqlite)."));
        return OpenResult::Failed;
    }
    m_db.setDatabaseName(m_path);
    m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    const auto classify = [&](const QSqlError &e) {
        setError(error, describe(e));
        const int code = sqliteCode(e);
        return code == kSqliteCorrupt || code == kSqliteNotADb ? OpenResult::Corrupt
                                                               : OpenResult::Failed;
    };
    if (!m_db.open()) return classify(m_db.lastError());

    QSqlQuery q(m_db);
    // synchronous=FULL: a commit is on disk (WAL fsynced) before it returns, so even a power cut
    // keeps every message the user saw saved.
    for (const char *pragma : {"PRAGMA foreign_keys = ON", "PRAGMA synchronous = FULL"}) {
        if (!q.exec(QString::fromLatin1(pragma))) return classify(q.lastError());
    }
    if (!q.exec(QStringLiteral("PRAGMA journal_mode = WAL"))) return classify(q.lastError());
    // Another mode (a file system without shared memory) still works, only slower and with a
    // rollback journal; nothing to tell the user about.
    q.finish();
    if (!q.exec(QStringLiteral("PRAGMA quick_check"))) return classify(q.lastError());
    QStringList problems;
    while (q.next()) {
        const QString row = q.value(0).toString();
        if (row != u"ok") problems << row;
    }
    q.finish();
    if (!problems.isEmpty()) {
        // quick_check lists every damaged page; a few are enough to say what happened.
        QString found = problems.join(u' ').simplified();
        if (found.size() > 200) found = found.left(200) + QStringLiteral("…");
        setError(error, tr("SQLite's check found: %1").arg(found));
        return OpenResult::Corrupt;
    }
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) return classify(q.lastError());
    const int version = q.value(0).toInt();
    q.finish();
    // Past quick_check, a failure here is not damage (newer Facet, disk full, read-only): the
    // file stays where it is.
    if (!migrate(version, error)) return OpenResult::Failed;
    return OpenResult::Ok;
}

template <typename Body>
bool ConversationStore::writeTransaction(QString *error, Body body) {
    if (!checkOpen(error)) return false;
    {
        QSqlQuery begin(m_db);
        if (!begin.exec(QStringLiteral("BEGIN IMMEDIATE"))) {
            setError(error, describe(begin.lastError()));
            return false;
        }
    }
    QString why;
    bool ok = body(&why);
    if (ok) {
        QSqlQuery commit(m_db);
        ok = commit.exec(QStringLiteral("COMMIT"));
        if (!ok) why = describe(commit.lastError());
    }
    if (!ok) {
        QSqlQuery rollback(m_db);
        rollback.exec(QStringLiteral("ROLLBACK"));
        setError(error, why);
    }
    return ok;
}

bool ConversationStore::moveAside(QString *movedTo, QString *error) {
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString target = m_path + QStringLiteral(".corrupt-") + stamp;
    for (int n = 2; QFileInfo::exists(target) || QFileInfo::exists(target + QStringLiteral("-wal"));
         ++n) {
        target = m_path + QStringLiteral(".corrupt-%1-%2").arg(stamp).arg(n);
    }
    if (!QFile::rename(m_path, target)) {
        QFile f(m_path);
        setError(error, f.exists() ? tr("renaming it failed") : tr("it vanished"));
        return false;
    }
    // The journals belong to the damaged file: a fresh database must not pick them up.
    for (const char *suffix : {"-wal", "-shm", "-journal"}) {
        const QString side = m_path + QLatin1String(suffix);
        if (!QFileInfo::exists(side)) continue;
        if (!QFile::rename(side, target + QLatin1String(suffix))) {
            setError(error, tr("renaming %1 failed").arg(QDir::toNativeSeparators(side)));
            return false;
        }
    }
    *movedTo = target;
    return true;
}

bool ConversationStore::migrate(int version, QString *error) {
    if (version > kSchemaVersion) {
        setError(error, tr("The conversation database %1 was written by a newer version of Facet "
                           "(schema %2; this version reads up to %3). Update Facet, or move the "
                           "file away to start with an empty history.")
                            .arg(QDir::toNativeSeparators(m_path))
                            .arg(version)
                            .arg(kSchemaVersion));
        return false;
    }

    // Whether this SQLite has FTS5 (Debian's has; a build without it searches with LIKE).
    bool ftsAvailable = qEnvironmentVariableIsEmpty(kNoFtsVariable);
    if (ftsAvailable) {
        QSqlQuery probe(m_db);
        ftsAvailable =
            probe.exec(QStringLiteral("CREATE VIRTUAL TABLE temp.facet_fts5_probe USING fts5(x)"));
        if (ftsAvailable) probe.exec(QStringLiteral("DROP TABLE temp.facet_fts5_probe"));
    }

    QStringList steps;
    if (version < 1) {
        steps
            << QStringLiteral(
                   "CREATE TABLE conversations ("
                   " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                   " title TEXT NOT NULL,"
                   " created INTEGER NOT NULL,"  // ms since the epoch, UTC
                   " updated INTEGER NOT NULL,"
                   " model_path TEXT NOT NULL DEFAULT '',"
                   " settings TEXT NOT NULL DEFAULT '{}',"  // JSON, see settingsToJson()
                   " current_leaf INTEGER REFERENCES messages(id) ON DELETE SET NULL)")
            << QStringLiteral(
                   "CREATE TABLE messages ("
                   " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                   " conversation_id INTEGER NOT NULL"
                   "  REFERENCES conversations(id) ON DELETE CASCADE,"
                   // Deferred: a subtree is deleted in one statement in any order; no cascade
                   // either, as SQLite limits cascade depth (long chats are deep chains).
                   " parent_id INTEGER REFERENCES messages(id) DEFERRABLE INITIALLY DEFERRED,"
                   " role TEXT NOT NULL,"
                   " content TEXT NOT NULL DEFAULT '',"
                   " thinking TEXT NOT NULL DEFAULT '',"
                   " tool_calls TEXT NOT NULL DEFAULT '[]',"
                   " stats TEXT NOT NULL DEFAULT '{}',"
                   " error TEXT NOT NULL DEFAULT '',"
                   " complete INTEGER NOT NULL DEFAULT 1,"
                   " created INTEGER NOT NULL)")
            << QStringLiteral(
                   "CREATE TABLE attachments ("
                   " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                   " message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,"
                   " position INTEGER NOT NULL,"
                   " kind TEXT NOT NULL CHECK (kind IN ('image', 'audio')),"
                   " name TEXT NOT NULL DEFAULT '',"
                   " mime_type TEXT NOT NULL DEFAULT '',"
                   " data BLOB NOT NULL,"
                   " duration_ms INTEGER NOT NULL DEFAULT 0)")
            << QStringLiteral("CREATE INDEX messages_by_conversation ON messages(conversation_id)")
            << QStringLiteral("CREATE INDEX messages_by_parent ON messages(parent_id)")
            << QStringLiteral("CREATE INDEX attachments_by_message ON attachments(message_id)")
            << QStringLiteral("CREATE INDEX conversations_by_leaf ON conversations(current_leaf)");
    }

    // The search index, created with the schema or as soon as FTS5 is there (then filled from
    // what was saved without it).
    bool haveFts = false;
    {
        QSqlQuery t(m_db);
        if (t.exec(
                QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'messages_fts'")) &&
            t.next()) {
            haveFts = t.value(0).toInt() > 0;
        }
    }
    if (!haveFts && ftsAvailable) {
        steps
            << QStringLiteral(
                   "CREATE VIRTUAL TABLE messages_fts USING fts5(content, content='messages',"
                   " content_rowid='id', tokenize='unicode61 remove_diacritics 2')")
            << QStringLiteral(
                   "CREATE VIRTUAL TABLE conversations_fts USING fts5(title,"
                   " content='conversations', content_rowid='id',"
                   " tokenize='unicode61 remove_diacritics 2')")
            << QStringLiteral(
                   "CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN"
                   " INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content); END")
            << QStringLiteral(
                   "CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN"
                   " INSERT INTO messages_fts(messages_fts, rowid, content)"
                   " VALUES ('delete', old.id, old.content); END")
            << QStringLiteral(
                   "CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN"
                   " INSERT INTO messages_fts(messages_fts, rowid, content)"
                   " VALUES ('delete', old.id, old.content);"
                   " INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content); END")
            << QStringLiteral(
                   "CREATE TRIGGER conversations_fts_insert AFTER INSERT ON conversations BEGIN"
                   " INSERT INTO conversations_fts(rowid, title) VALUES (new.id, new.title); END")
            << QStringLiteral(
                   "CREATE TRIGGER conversations_fts_delete AFTER DELETE ON conversations BEGIN"
                   " INSERT INTO conversations_fts(conversations_fts, rowid, title)"
                   " VALUES ('delete', old.id, old.title); END")
            << QStringLiteral(
                   "CREATE TRIGGER conversations_fts_update AFTER UPDATE OF title ON conversations"
                   " BEGIN INSERT INTO conversations_fts(conversations_fts, rowid, title)"
                   " VALUES ('delete', old.id, old.title);"
                   " INSERT INTO conversations_fts(rowid, title) VALUES (new.id, new.title); END")
            << QStringLiteral("INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')")
            << QStringLiteral(
                   "INSERT INTO conversations_fts(conversations_fts) VALUES ('rebuild')");
    } else if (haveFts && !ftsAvailable && qEnvironmentVariableIsEmpty(kNoFtsVariable)) {
        // Its triggers would make every write fail.
        setError(error, tr("The conversation database uses SQLite's full-text search (FTS5), "
                           "which this system's SQLite library lacks. Install an SQLite with "
                           "FTS5."));
        return false;
    }
    m_fullTextSearch = haveFts || ftsAvailable;
    if (steps.isEmpty()) return true;
    if (version < kSchemaVersion) {
        steps << QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion);
    }
    return writeTransaction(error, [&](QString *why) {
        for (const QString &sql : steps) {
            QSqlQuery s(m_db);
            if (!s.exec(sql)) {
                setError(why, tr("Setting up the conversation database failed: %1")
                                  .arg(describe(s.lastError())));
                return false;
            }
        }
        return true;
    });
}

// ---------------------------------------------------------------------------------------------
// Conversations

qint64 ConversationStore::createConversation(const QString &title,
                                             const ConversationSettings &settings, QString *error) {
    if (!validSettings(settings, error)) return 0;
    const QString t = title.trimmed().isEmpty() ? tr("New chat") : title.trimmed();
    qint64 id = 0;
    const bool ok = writeTransaction(error, [&](QString *why) {
        QSqlQuery q(m_db);
        const qint64 now = nowMs();
        if (!exec(q,
                  QStringLiteral("INSERT INTO conversations (title, created, updated, settings) "
                                 "VALUES (?, ?, %1, ?)")
                      .arg(QLatin1String(kTouchValue)),
                  {t, now, now, compact(settingsToJson(settings))}, why)) {
            return false;
        }
        id = q.lastInsertId().toLongLong();
        return id > 0;
    });
    return ok ? id : 0;
}

bool ConversationStore::hasConversation(qint64 id) const {
    if (!isOpen() || id <= 0) return false;
    QSqlQuery q(m_db);
    return exec(q, QStringLiteral("SELECT 1 FROM conversations WHERE id = ?"), {id}, nullptr) &&
           q.next();
}

QList<ConversationSummary> ConversationStore::conversations() const {
    QList<ConversationSummary> out;
    if (!isOpen()) return out;
    QSqlQuery q(m_db);
    if (!exec(q,
              QStringLiteral(
                  "WITH RECURSIVE path(cid, mid, depth) AS ("
                  " SELECT id, current_leaf, 0 FROM conversations WHERE current_leaf IS NOT NULL"
                  " UNION ALL SELECT path.cid, m.parent_id, path.depth + 1"
                  " FROM path JOIN messages m ON m.id = path.mid"
                  " WHERE m.parent_id IS NOT NULL AND path.depth < %1)"
                  " SELECT c.id, c.title, c.created, c.updated, c.model_path, coalesce(n.count, 0)"
                  " FROM conversations c LEFT JOIN"
                  " (SELECT cid, count(*) AS count FROM path GROUP BY cid) n ON n.cid = c.id"
                  " ORDER BY c.updated DESC, c.id DESC")
                  .arg(kMaxDepth),
              {}, nullptr)) {
        return out;
    }
    while (q.next()) {
        ConversationSummary s;
        s.id = q.value(0).toLongLong();
        s.title = q.value(1).toString();
        s.created = fromMs(q.value(2).toLongLong());
        s.updated = fromMs(q.value(3).toLongLong());
        s.modelPath = q.value(4).toString();
        s.messageCount = q.value(5).toInt();
        out << s;
    }
    return out;
}

ConversationSummary ConversationStore::conversation(qint64 id) const {
    for (const ConversationSummary &s : conversations()) {
        if (s.id == id) return s;
    }
    return {};
}

bool ConversationStore::renameConversation(qint64 id, const QString &title, QString *error) {
    const QString t = title.trimmed().isEmpty() ? tr("New chat") : title.trimmed();
    return writeTransaction(error, [&](QString *why) {
        QSqlQuery q(m_db);
        if (!exec(q, QStringLiteral("UPDATE conversations SET title = ? WHERE id = ?"), {t, id},
                  why)) {
            return false;
        }
        if (q.numRowsAffected() != 1) {
            setError(why, tr("There is no conversation with id %1.").arg(id));
            return false;
        }
        return true;
    });
}

bool ConversationStore::deleteConversation(qint64 id, QString *error) {
    const QString kv = kvStatePath(id);
    return writeTransaction(error, [&](QString *why) {
        QSqlQuery q(m_db);
        // Messages, attachments and search rows go with it (foreign keys, triggers).
        if (!exec(q, QStringLiteral("DELETE FROM conversations WHERE id = ?"), {id}, why)) {
            return false;
        }
        if (q.numRowsAffected() != 1) {
            setError(why, tr("There is no conversation with id %1.").arg(id));
            return false;
        }
        // Before the commit: if the state file cannot go, nothing is deleted. Losing it the other
        // way round (file gone, commit failed) is harmless: it is only a cache.
        if (!kv.isEmpty() && QFileInfo::exists(kv) && !QFile::remove(kv)) {
            setError(why, tr("The saved model state %1 of the conversation could not be deleted. "
                             "Check the folder's permissions.")
                              .arg(QDir::toNativeSeparators(kv)));
            return false;
        }
        return true;
    });
}

ConversationSettings ConversationStore::settings(qint64 id) const {
    if (!isOpen()) return {};
    QSqlQuery q(m_db);
    if (!exec(q, QStringLiteral("SELECT settings FROM conversations WHERE id = ?"), {id},
              nullptr) ||
        !q.next()) {
        return {};
    }
    return settingsFromJson(QJsonDocument::fromJson(q.value(0).toByteArray()).object());
}

bool ConversationStore::setSettings(qint64 id, const ConversationSettings &settings,
                                    QString *error) {
    if (!validSettings(settings, error)) return false;
    return writeTransaction(error, [&](QString *why) {
        QSqlQuery q(m_db);
        if (!exec(q, QStringLiteral("UPDATE conversations SET settings = ? WHERE id = ?"),
                  {compact(settingsToJson(settings)), id}, why)) {
            return false;
        }
        if (q.numRowsAffected() != 1) {
            setError(why, tr("There is no conversation with id %1.").arg(id));
            return false;
        }
        return true;
    });
}

QString ConversationStore::modelPath(qint64 id) const {
    if (!isOpen()) return {};
    QSqlQuery q(m_db);
    if (!exec(q, QStringLiteral("SELECT model_path FROM conversations WHERE id = ?"), {id},
              nullptr) ||
        !q.next()) {
        return {};
    }
    return q.value(0).toString();
}

bool ConversationStore::setModelPath(qint64 id, const QString &modelPath, QString *error) {
    return writeTransaction(error, [&](QString *why) {
        QSqlQuery q(m_db);
        if (!exec(q, QStringLiteral("UPDATE conversations SET model_path = ? WHERE id = ?"),
                  {notNull(modelPath), id}, why)) {
            return false;
        }
        if (q.numRowsAffected() != 1) {
            setError(why, tr("There is no conversation with id %1.").arg(id));
            return false;
        }
        return true;
    });
}

QString ConversationStore::kvStatePath(qint64 id) const {
    if (!hasConversation(id)) return {};
    return QFileInfo(m_path).absolutePath() + QStringLiteral("/kv/%1.kv").arg(id);
}

// ---------------------------------------------------------------------------------------------
// Messages

qint64 ConversationStore::addMessage(StoredMessage m, QString *error) {
    static const QStringList kRoles = {QStringLiteral("system"), QStringLiteral("user"),
                                       QStringLiteral("assistant"), QStringLiteral("tool")};
    if (!kRoles.contains(m.role)) {
        setError(error, tr("Unknown message role \"%1\" (expected system, user, assistant or "
                           "tool).")
                            .arg(m.role));
        return 0;
    }
    for (const StoredAttachment &a : m.attachments) {
        if (a.kind != StoredAttachment::Kind::Image && a.kind != StoredAttachment::Kind::Audio) {
            setError(error, tr("Attachment \"%1\" is neither an image nor audio.").arg(a.name));
            return 0;
        }
    }
    qint64 id = 0;
    const bool ok = writeTransaction(error, [&](QString *why) {
        QSqlQuery q(m_db);
        if (!exec(q, QStringLiteral("SELECT 1 FROM conversations WHERE id = ?"), {m.conversationId},
                  why)) {
            return false;
        }
        if (!q.next()) {
            setError(why, tr("There is no conversation with id %1.").arg(m.conversationId));
            return false;
        }
        q.finish();
        if (m.parentId != 0) {
            if (!exec(q, QStringLiteral("SELECT conversation_id FROM messages WHERE id = ?"),
                      {m.parentId}, why)) {
                return false;
            }
            if (!q.next() || q.value(0).toLongLong() != m.conversationId) {
                setError(why, tr("There is no message with id %1 in conversation %2 to reply to.")
                                  .arg(m.parentId)
                                  .arg(m.conversationId));
                return false;
            }
            q.finish();
        }
        const qint64 created = m.created.isValid() ? m.created.toMSecsSinceEpoch() : nowMs();
        if (!exec(q,
                  QStringLiteral("INSERT INTO messages (conversation_id, parent_id, role, "
                                 "content, thinking, tool_calls, stats, error, complete, created) "
                                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                  {m.conversationId, nullableId(m.parentId), m.role, notNull(m.content),
                   notNull(m.thinking), compact(m.toolCalls), compact(m.stats), notNull(m.error),
                   m.complete ? 1 : 0, created},
                  why)) {
            return false;
        }
        id = q.lastInsertId().toLongLong();
        for (int i = 0; i < m.attachments.size(); ++i) {
            const StoredAttachment &a = m.attachments[i];
            // QByteArray() binds as NULL; the column wants bytes, even none.
            const QByteArray data = a.data.isNull() ? QByteArray("") : a.data;
            if (!exec(q,
                      QStringLiteral("INSERT INTO attachments (message_id, position, kind, name, "
                                     "mime_type, data, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?)"),
                      {id, i, kindName(a.kind), notNull(a.name), notNull(a.mimeType), data,
                       a.durationMs},
                      why)) {
                return false;
            }
        }
        return exec(q,
                    QStringLiteral("UPDATE conversations SET current_leaf = ?, updated = %1 "
                                   "WHERE id = ?")
                        .arg(QLatin1String(kTouchValue)),
                    {id, nowMs(), m.conversationId}, why);
    });
    return ok ? id : 0;
}

bool ConversationStore::updateMessage(qint64 id, const QString &content, const QString &thinking,
                                      const QJsonArray &toolCalls, const QJsonObject &stats,
                                      const QString &error, bool complete, QString *err) {
    return writeTransaction(err, [&](QString *why) {
        QSqlQuery q(m_db);
        if (!exec(q,
                  QStringLiteral("UPDATE messages SET content = ?, thinking = ?, tool_calls = ?, "
                                 "stats = ?, error = ?, complete = ? WHERE id = ?"),
                  {notNull(content), notNull(thinking), compact(toolCalls), compact(stats),
                   notNull(error), complete ? 1 : 0, id},
                  why)) {
            return false;
        }
        if (q.numRowsAffected() != 1) {
            setError(why, tr("There is no message with id %1.").arg(id));
            return false;
        }
        return exec(q,
                    QStringLiteral("UPDATE conversations SET updated = %1 WHERE id = "
                                   "(SELECT conversation_id FROM messages WHERE id = ?)")
                        .arg(QLatin1String(kTouchValue)),
                    {nowMs(), id}, why);
    });
}

qint64 ConversationStore::newestLeafBelow(qint64 messageId) const {
    QSqlQuery q(m_db);
    // Ids only grow, so the largest leaf id is the newest leaf.
    if (!exec(q,
              QStringLiteral("WITH RECURSIVE sub(id, depth) AS (SELECT ?, 0 UNION ALL"
                             " SELECT m.id, sub.depth + 1 FROM messages m JOIN sub"
                             " ON m.parent_id = sub.id WHERE sub.depth < %1)"
                             " SELECT max(s.id) FROM sub s WHERE NOT EXISTS"
                             " (SELECT 1 FROM messages c WHERE c.parent_id = s.id)")
                  .arg(kMaxDepth),
              {messageId}, nullptr) ||
        !q.next()) {
        return 0;
    }
    return q.value(0).toLongLong();
}

bool ConversationStore::deleteMessage(qint64 id, QString *error) {
    return writeTransaction(error, [&](QString *why) {
        QSqlQuery q(m_db);
        if (!exec(q,
                  QStringLiteral("SELECT m.conversation_id, m.parent_id, c.current_leaf FROM "
                                 "messages m JOIN conversations c ON c.id = m.conversation_id "
                                 "WHERE m.id = ?"),
                  {id}, why)) {
            return false;
        }
        if (!q.next()) {
            setError(why, tr("There is no message with id %1.").arg(id));
            return false;
        }
        const qint64 conversation = q.value(0).toLongLong();
        const qint64 parent = q.value(1).isNull() ? 0 : q.value(1).toLongLong();
        const qint64 leaf = q.value(2).isNull() ? 0 : q.value(2).toLongLong();
        q.finish();

        QList<qint64> subtree;
        if (!exec(q,
                  QStringLiteral("WITH RECURSIVE sub(id, depth) AS (SELECT ?, 0 UNION ALL"
                                 " SELECT m.id, sub.depth + 1 FROM messages m JOIN sub"
                                 " ON m.parent_id = sub.id WHERE sub.depth < %1)"
                                 " SELECT id FROM sub")
                      .arg(kMaxDepth),
                  {id}, why)) {
            return false;
        }
        while (q.next())
            subtree << q.value(0).toLongLong();
        q.finish();

        qint64 newLeaf = leaf;
        if (leaf == 0 || subtree.contains(leaf)) {
            // Show the newest other branch at this point, else the parent.
            newLeaf = parent;
            if (!exec(q,
                      QStringLiteral("SELECT max(id) FROM messages WHERE conversation_id = ? AND "
                                     "parent_id IS ? AND id <> ?"),
                      {conversation, nullableId(parent), id}, why)) {
                return false;
            }
            if (q.next() && !q.value(0).isNull())
                newLeaf = newestLeafBelow(q.value(0).toLongLong());
            q.finish();
        }
        if (!exec(q, QStringLiteral("DELETE FROM messages WHERE id IN (%1)").arg(idList(subtree)),
                  {}, why)) {
            return false;
        }
        return exec(q,
                    QStringLiteral("UPDATE conversations SET current_leaf = ?, updated = %1 "
                                   "WHERE id = ?")
                        .arg(QLatin1String(kTouchValue)),
                    {nullableId(newLeaf), nowMs(), conversation}, why);
    });
}

StoredMessage ConversationStore::message(qint64 id) const {
    if (!isOpen()) return {};
    QSqlQuery q(m_db);
    if (!exec(q,
              QStringLiteral("SELECT %1 FROM messages m WHERE m.id = ?")
                  .arg(QLatin1String(kMessageColumns)),
              {id}, nullptr) ||
        !q.next()) {
        return {};
    }
    QList<StoredMessage> one{readMessage(q)};
    q.finish();
    loadAttachments(one);
    return one.first();
}

qint64 ConversationStore::currentLeaf(qint64 conversationId) const {
    if (!isOpen()) return 0;
    QSqlQuery q(m_db);
    if (!exec(q, QStringLiteral("SELECT current_leaf FROM conversations WHERE id = ?"),
              {conversationId}, nullptr) ||
        !q.next()) {
        return 0;
    }
    return q.value(0).toLongLong();
}

QList<StoredMessage> ConversationStore::pathTo(qint64 leafId) const {
    QList<StoredMessage> out;
    if (!isOpen() || leafId <= 0) return out;
    QSqlQuery q(m_db);
    if (!exec(q,
              QStringLiteral("WITH RECURSIVE path(id, depth) AS (SELECT ?, 0 UNION ALL"
                             " SELECT m.parent_id, path.depth + 1 FROM messages m JOIN path"
                             " ON m.id = path.id WHERE m.parent_id IS NOT NULL AND path.depth < %1)"
                             " SELECT %2 FROM path JOIN messages m ON m.id = path.id"
                             " ORDER BY path.depth DESC")
                  .arg(kMaxDepth)
                  .arg(QLatin1String(kMessageColumns)),
              {leafId}, nullptr)) {
        return out;
    }
    while (q.next())
        out << readMessage(q);
    return out;
}

void ConversationStore::loadAttachments(QList<StoredMessage> &messages) const {
    if (messages.isEmpty()) return;
    QList<qint64> ids;
    for (const StoredMessage &m : messages)
        ids << m.id;
    QSqlQuery q(m_db);
    if (!exec(q,
              QStringLiteral("SELECT id, message_id, kind, name, mime_type, data, duration_ms "
                             "FROM attachments WHERE message_id IN (%1) "
                             "ORDER BY message_id, position")
                  .arg(idList(ids)),
              {}, nullptr)) {
        return;
    }
    while (q.next()) {
        StoredAttachment a;
        a.id = q.value(0).toLongLong();
        const qint64 messageId = q.value(1).toLongLong();
        a.kind = q.value(2).toString() == u"audio" ? StoredAttachment::Kind::Audio
                                                   : StoredAttachment::Kind::Image;
        a.name = q.value(3).toString();
        a.mimeType = q.value(4).toString();
        a.data = q.value(5).toByteArray();
        a.durationMs = q.value(6).toLongLong();
        for (StoredMessage &m : messages) {
            if (m.id == messageId) m.attachments << a;
        }
    }
}

QList<StoredMessage> ConversationStore::currentPath(qint64 conversationId) const {
    QList<StoredMessage> path = pathTo(currentLeaf(conversationId));
    loadAttachments(path);
    return path;
}

QList<qint64> ConversationStore::siblings(qint64 messageId) const {
    QList<qint64> out;
    if (!isOpen()) return out;
    QSqlQuery q(m_db);
    if (!exec(q,
              QStringLiteral("SELECT s.id FROM messages m JOIN messages s ON"
                             " s.conversation_id = m.conversation_id AND s.parent_id IS m.parent_id"
                             " WHERE m.id = ? ORDER BY s.id"),
              {messageId}, nullptr)) {
        return out;
    }
    while (q.next())
        out << q.value(0).toLongLong();
    return out;
}

QList<qint64> ConversationStore::children(qint64 messageId) const {
    QList<qint64> out;
    if (!isOpen()) return out;
    QSqlQuery q(m_db);
    if (!exec(q, QStringLiteral("SELECT id FROM messages WHERE parent_id = ? ORDER BY id"),
              {messageId}, nullptr)) {
        return out;
    }
    while (q.next())
        out << q.value(0).toLongLong();
    return out;
}

bool ConversationStore::selectBranch(qint64 messageId, QString *error) {
    return writeTransaction(error, [&](QString *why) {
        QSqlQuery q(m_db);
        if (!exec(q, QStringLiteral("SELECT conversation_id FROM messages WHERE id = ?"),
                  {messageId}, why)) {
            return false;
        }
        if (!q.next()) {
            setError(why, tr("There is no message with id %1.").arg(messageId));
            return false;
        }
        const qint64 conversation = q.value(0).toLongLong();
        q.finish();
        const qint64 leaf = newestLeafBelow(messageId);
        if (leaf <= 0) {
            setError(why, tr("The branch below message %1 could not be read.").arg(messageId));
            return false;
        }
        return exec(q, QStringLiteral("UPDATE conversations SET current_leaf = ? WHERE id = ?"),
                    {leaf, conversation}, why);
    });
}

// ---------------------------------------------------------------------------------------------
// Search

QList<ConversationStore::SearchHit> ConversationStore::search(const QString &query,
                                                              int limit) const {
    QList<SearchHit> hits;
    // More words than this is a pasted paragraph, not a search; the rest would only slow it down.
    constexpr int kMaxWords = 32;
    const QStringList words = queryWords(query).mid(0, kMaxWords);
    if (!isOpen() || words.isEmpty() || limit <= 0) return hits;
    const QString start(kMatchStart), end(kMatchEnd);
    const auto seen = [&](qint64 conversationId, qint64 messageId) {
        for (const SearchHit &h : hits) {
            if (h.conversationId == conversationId && h.messageId == messageId) return true;
        }
        return false;
    };

    if (m_fullTextSearch) {
        const QString match = ftsQuery(words);
        QSqlQuery q(m_db);
        if (exec(q,
                 QStringLiteral("SELECT c.id, c.title, highlight(conversations_fts, 0, ?, ?)"
                                " FROM conversations_fts JOIN conversations c"
                                " ON c.id = conversations_fts.rowid"
                                " WHERE conversations_fts MATCH ? ORDER BY rank LIMIT ?"),
                 {start, end, match, limit}, nullptr)) {
            while (q.next()) {
                hits << SearchHit{q.value(0).toLongLong(), 0, q.value(1).toString(),
                                  q.value(2).toString()};
            }
        }
        q.finish();
        if (exec(q,
                 QStringLiteral("SELECT m.conversation_id, m.id, c.title,"
                                " snippet(messages_fts, 0, ?, ?, '…', 16)"
                                " FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid"
                                " JOIN conversations c ON c.id = m.conversation_id"
                                " WHERE messages_fts MATCH ? ORDER BY rank LIMIT ?"),
                 {start, end, match, limit}, nullptr)) {
            while (q.next() && hits.size() < limit) {
                hits << SearchHit{q.value(0).toLongLong(), q.value(1).toLongLong(),
                                  q.value(2).toString(), q.value(3).toString()};
            }
        }
    }
    // Substring search where the index cannot help: without FTS5, and for scripts written without
    // spaces (the tokenizer sees a whole Japanese sentence as one word).
    if ((!m_fullTextSearch || hasUnspacedScript(query)) && hits.size() < limit) {
        QString where;
        QVariantList values;
        for (const QString &w : words) {
            where += where.isEmpty() ? QStringLiteral("%1 LIKE ? ESCAPE '\\'")
                                     : QStringLiteral(" AND %1 LIKE ? ESCAPE '\\'");
            values << likePattern(w);
        }
        QSqlQuery q(m_db);
        QVariantList v = values;
        v << limit;
        if (exec(q,
                 QStringLiteral("SELECT id, title FROM conversations WHERE %1 "
                                "ORDER BY updated DESC LIMIT ?")
                     .arg(where.arg(QStringLiteral("title"))),
                 v, nullptr)) {
            while (q.next() && hits.size() < limit) {
                const qint64 cid = q.value(0).toLongLong();
                if (seen(cid, 0)) continue;
                const QString title = q.value(1).toString();
                hits << SearchHit{cid, 0, title, likeSnippet(title, words)};
            }
        }
        q.finish();
        if (exec(q,
                 QStringLiteral("SELECT m.conversation_id, m.id, c.title, m.content"
                                " FROM messages m JOIN conversations c ON c.id = m.conversation_id"
                                " WHERE %1 ORDER BY m.id DESC LIMIT ?")
                     .arg(where.arg(QStringLiteral("m.content"))),
                 v, nullptr)) {
            while (q.next() && hits.size() < limit) {
                const qint64 cid = q.value(0).toLongLong(), mid = q.value(1).toLongLong();
                if (seen(cid, mid)) continue;
                hits << SearchHit{cid, mid, q.value(2).toString(),
                                  likeSnippet(q.value(3).toString(), words)};
            }
        }
    }
    return hits;
}

QString ConversationStore::snippetToHtml(const QString &snippet) {
    QString html;
    QString run;
    const auto flush = [&] {
        html += run.toHtmlEscaped();
        run.clear();
    };
    for (QChar c : snippet) {
        if (c == kMatchStart) {
            flush();
            html += QStringLiteral("<b>");
        } else if (c == kMatchEnd) {
            flush();
            html += QStringLiteral("</b>");
        } else {
            run += c;
        }
    }
    flush();
    return html;
}

// ---------------------------------------------------------------------------------------------
// Export

QByteArray ConversationStore::exportMarkdown(qint64 id) const {
    if (!hasConversation(id)) return {};
    const ConversationSummary summary = conversation(id);
    const ConversationSettings set = settings(id);
    QString md;
    md += QStringLiteral("# ") + summary.title + QStringLiteral("\n\n");
    md += QStringLiteral("- ") +
          tr("Created: %1").arg(QLocale().toString(summary.created, QLocale::LongFormat)) + u'\n';
    if (!summary.modelPath.isEmpty()) {
        md += QStringLiteral("- ") + tr("Model: %1").arg(QFileInfo(summary.modelPath).fileName()) +
              u'\n';
    }
    if (!set.activeAdapter().isEmpty()) {
        md += QStringLiteral("- ") +
              tr("Adapter: %1 ×%2")
                  .arg(QFileInfo(set.adapterPath).fileName())
                  .arg(set.adapterStrength, 0, 'f', 2) +
              u'\n';
    }
    md += QStringLiteral("- ") + tr("Exported from Facet") + QStringLiteral("\n\n");
    if (!set.systemPrompt.isEmpty()) {
        md += QStringLiteral("## ") + tr("System prompt") + QStringLiteral("\n\n") +
              set.systemPrompt + QStringLiteral("\n\n");
    }
    for (const StoredMessage &m : currentPath(id)) {
        md += QStringLiteral("## ") + roleName(m.role) + QStringLiteral("\n\n");
        if (!m.thinking.isEmpty()) {
            md += QStringLiteral("<details><summary>") + tr("Thinking") +
                  QStringLiteral("</summary>\n\n") + m.thinking +
                  QStringLiteral("\n\n</details>\n\n");
        }
        if (!m.content.isEmpty()) md += m.content + QStringLiteral("\n\n");
        if (!m.toolCalls.isEmpty()) {
            md += tr("Tool calls:") + QStringLiteral("\n\n```json\n") +
                  QString::fromUtf8(QJsonDocument(m.toolCalls).toJson(QJsonDocument::Indented)) +
                  QStringLiteral("```\n\n");
        }
        for (const StoredAttachment &a : m.attachments) {
            const QString what =
                a.kind == StoredAttachment::Kind::Audio
                    ? tr("Audio: %1 (%2, %3 s)")
                          .arg(a.name, a.mimeType)
                          .arg(a.durationMs / 1000.0, 0, 'f', 1)
                    : tr("Image: %1 (%2, %3)").arg(a.name, a.mimeType, formatSize(a.data.size()));
            md += QStringLiteral("- *") + what + QStringLiteral("*\n");
        }
        if (!m.attachments.isEmpty()) md += u'\n';
        if (!m.error.isEmpty())
            md += QStringLiteral("> **") + tr("Error:") + QStringLiteral("** ") + m.error +
                  QStringLiteral("\n\n");
        if (!m.complete)
            md += QStringLiteral("*") + tr("(answer incomplete)") + QStringLiteral("*\n\n");
    }
    return md.toUtf8();
}

QByteArray ConversationStore::exportJson(qint64 id, bool includeAttachmentData) const {
    if (!hasConversation(id)) return {};
    const ConversationSummary summary = conversation(id);
    QJsonArray messages;
    for (const StoredMessage &m : currentPath(id)) {
        QJsonArray attachments;
        for (const StoredAttachment &a : m.attachments) {
            QJsonObject o{{"kind", kindName(a.kind)},
                          {"name", a.name},
                          {"mimeType", a.mimeType},
                          {"size", a.data.size()}};
            if (a.kind == StoredAttachment::Kind::Audio) {
                o.insert("durationMs", a.durationMs);
                o.insert("format", "pcm_s16le, 16000 Hz, mono");
            }
            if (includeAttachmentData) {
                o.insert("data", QString::fromLatin1(a.data.toBase64()));
            }
            attachments.append(o);
        }
        messages.append(QJsonObject{
            {"id", m.id},
            {"parentId", m.parentId},
            {"role", m.role},
            {"content", m.content},
            {"thinking", m.thinking},
            {"toolCalls", m.toolCalls},
            {"stats", m.stats},
            {"error", m.error},
            {"complete", m.complete},
            {"created", m.created.toUTC().toString(Qt::ISODateWithMs)},
            {"attachments", attachments},
        });
    }
    const QJsonObject root{
        {"format", "facet.conversation"},
        {"version", 1},
        {"id", id},
        {"title", summary.title},
        {"created", summary.created.toUTC().toString(Qt::ISODateWithMs)},
        {"updated", summary.updated.toUTC().toString(Qt::ISODateWithMs)},
        {"model", summary.modelPath},
        {"settings", settingsToJson(settings(id))},
        {"messages", messages},
    };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

// ---------------------------------------------------------------------------------------------
// Training data

bool ConversationStore::appendTrainingExample(qint64 messageId, const QString &jsonlPath,
                                              QString *error) const {
    if (!checkOpen(error)) return false;
    const StoredMessage target = message(messageId);
    if (target.id == 0) {
        setError(error, tr("There is no message with id %1.").arg(messageId));
        return false;
    }
    if (target.role != u"assistant") {
        setError(error, tr("Only an answer of the assistant can end a training example."));
        return false;
    }
    if (jsonlPath.isEmpty()) {
        setError(error, tr("No file was given for the training example."));
        return false;
    }
    QJsonArray turns;
    const ConversationSettings set = settings(target.conversationId);
    if (!set.systemPrompt.isEmpty()) {
        turns.append(QJsonObject{{"role", "system"}, {"content", set.systemPrompt}});
    }
    for (const StoredMessage &m : pathTo(messageId)) {
        QJsonObject turn{{"role", m.role}, {"content", m.content}};
        if (!m.toolCalls.isEmpty()) turn.insert("tool_calls", m.toolCalls);
        turns.append(turn);
    }
    const QByteArray line =
        QJsonDocument(QJsonObject{{"messages", turns}}).toJson(QJsonDocument::Compact) + '\n';

    const QString shown = QDir::toNativeSeparators(jsonlPath);
    const QString dir = QFileInfo(jsonlPath).absolutePath();
    if (!QDir().mkpath(dir) || !QFileInfo(dir).isDir()) {
        setError(error, tr("Cannot create the folder %1 for the training data. Choose another "
                           "location.")
                            .arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    if (QFileInfo(jsonlPath).isDir()) {
        setError(error, tr("%1 is a folder; choose a file for the training data.").arg(shown));
        return false;
    }
    QFile f(jsonlPath);
    // Unbuffered: a full disk shows up at write(), where the file can still be cut back.
    if (!f.open(QIODevice::ReadWrite | QIODevice::Unbuffered)) {
        setError(error,
                 tr("Cannot open %1 to save the training example: %2").arg(shown, f.errorString()));
        return false;
    }
    const qint64 oldSize = f.size();
    QByteArray out;
    if (oldSize > 0) {
        char last = '\n';
        if (!f.seek(oldSize - 1) || !f.getChar(&last)) {
            setError(error, tr("Cannot read %1: %2").arg(shown, f.errorString()));
            return false;
        }
        // The last line was cut short (a crash while something else wrote it): end it, so the
        // new example is a line of its own.
        if (last != '\n') out += '\n';
    }
    out += line;
    const auto fail = [&](const QString &why) {
        // Cut back whatever part of the example reached the file: the file stays as it was.
        f.resize(oldSize);
        syncFile(f);
        setError(error, tr("The training example could not be saved to %1: %2").arg(shown, why));
        return false;
    };
    if (!f.seek(oldSize)) return fail(f.errorString());
    qint64 written = 0;
    while (written < out.size()) {
        const qint64 n = f.write(out.constData() + written, out.size() - written);
        if (n <= 0) return fail(f.errorString());
        written += n;
    }
    if (!syncFile(f)) return fail(QString::fromLocal8Bit(std::strerror(errno)));
    return true;
}

// ---------------------------------------------------------------------------------------------
// Titles

QString ConversationStore::titleFrom(const QString &firstUserMessage) {
    constexpr int kMax = 60;
    QString line;
    for (const QString &l : firstUserMessage.split(u'\n')) {
        line = l.simplified();
        if (!line.isEmpty()) break;
    }
    if (line.isEmpty()) return tr("New chat");
    if (line.size() <= kMax) return line;
    qsizetype cut = line.lastIndexOf(u' ', kMax);
    if (cut < kMax / 3) {
        // One long word (a URL, or a script without spaces): cut inside it, not inside a
        // surrogate pair.
        cut = kMax;
        if (line.at(cut).isLowSurrogate()) --cut;
    }
    QString title = line.left(cut);
    while (!title.isEmpty() && (title.back().isSpace() || title.back().isPunct()))
        title.chop(1);
    return title + QStringLiteral("…");
}

}  // namespace facet::app
