// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The desktop app's conversation store: conversations, their message trees and attachments in one
// SQLite database (Qt SQL, QSQLITE driver).
//
// Durability: WAL journal with synchronous=FULL, foreign keys on, every write in one transaction
// (BEGIN IMMEDIATE .. COMMIT, ROLLBACK on any error), so a crash or kill -9 keeps every committed
// message and never leaves a half-written one. A file that is not a database or fails SQLite's
// quick_check is never deleted: open() moves it (and its -wal/-shm) aside to
// "<name>.corrupt-<timestamp>", starts a fresh database and recoveryNotice() tells the user where
// the old file went. The schema version lives in PRAGMA user_version (kSchemaVersion); a database
// from a newer Facet is refused, not touched.
//
// Messages form a tree: editing a message or regenerating an answer adds a sibling, and the old
// branch stays reachable (siblings(), selectBranch()). Each conversation remembers its current
// leaf; currentPath() is the root .. leaf chain the chat view shows.
//
// Full-text search: SQLite FTS5 (unicode61 tokenizer, diacritics folded) over message content and
// conversation titles, kept in sync by triggers. User input is always taken as plain words (quotes,
// '*', NEAR(, AND/OR are just text); the last word matches as a prefix. Han/kana/Hangul text has no
// spaces for the tokenizer to split at, so a query with such characters also finds substrings
// (LIKE). Snippets mark matches with kMatchStart/kMatchEnd (see snippetToHtml()).
//
// A plain class for the UI thread: each instance has its own QSqlDatabase connection (closed by
// the destructor). It never throws; bad ids give empty results or false with a message.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace facet::app {

struct SamplingSettings {
    double temperature = 1.0;
    int topK = 64;
    double topP = 0.95;
    double minP = 0.0;
    double repetitionPenalty = 1.0;
    double presencePenalty = 0.0;
    double frequencyPenalty = 0.0;
    bool fixedSeed = false;
    quint64 seed = 0;
    int maxTokens = 0;  // 0: until the model stops (or the context is full)
    bool operator==(const SamplingSettings &) const = default;
};

struct ConversationSettings {
    QString systemPrompt;
    SamplingSettings sampling;
    bool think = false;
    // The LoRA adapter the conversation runs through: a PEFT folder or a GGUF LoRA file ("": the
    // base model), whether it is on (off keeps the choice) and its strength (0 .. 2).
    QString adapterPath;
    bool adapterEnabled = true;
    double adapterStrength = 1.0;
    // The adapter every answer of the conversation runs through now: adapterPath when it is set
    // and on, else "" (the base model).
    QString activeAdapter() const { return adapterEnabled ? adapterPath : QString(); }
    bool operator==(const ConversationSettings &) const = default;
};

struct ConversationSummary {
    qint64 id = 0;
    QString title;
    QDateTime created, updated;  // local time
    int messageCount = 0;        // messages on the current path (what the conversation shows)
    QString modelPath;
};

struct StoredAttachment {
    enum class Kind { Image, Audio };
    qint64 id = 0;
    Kind kind = Kind::Image;
    QString name;
    QString mimeType;
    QByteArray data;  // image: the original file bytes; audio: 16 kHz mono signed 16-bit PCM
    qint64 durationMs = 0;
};

struct StoredMessage {
    qint64 id = 0, conversationId = 0, parentId = 0;  // parentId 0: a first message (a root)
    QString role;                                     // "system", "user", "assistant", "tool"
    QString content, thinking;
    QJsonArray toolCalls;
    QJsonObject stats;
    QString error;
    bool complete = true;  // false while an answer streams (or after it was cut off)
    QDateTime created;     // local time; addMessage() uses now when invalid
    QList<StoredAttachment> attachments;
};

class ConversationStore {
    Q_DECLARE_TR_FUNCTIONS(facet::app::ConversationStore)

public:
    static constexpr int kSchemaVersion = 1;
    // Match markers in SearchHit::snippet (control characters never found in chat text).
    static constexpr QChar kMatchStart = QChar(0x0002);
    static constexpr QChar kMatchEnd = QChar(0x0003);

    // `path` empty: QStandardPaths::AppDataLocation/conversations.sqlite.
    explicit ConversationStore(QString path = {});
    ~ConversationStore();
    ConversationStore(const ConversationStore &) = delete;
    ConversationStore &operator=(const ConversationStore &) = delete;

    // Opens (creating the folder, the file and the schema, or migrating an older schema).
    // A corrupt file or one that is not a database is moved aside (see recoveryNotice()); an
    // unwritable location, a database of a newer Facet or a locked file give false and *error.
    bool open(QString *error);
    bool isOpen() const;
    // Whether search() uses the FTS5 index (false: SQLite without FTS5, or
    // FACET_CONVERSATIONS_NO_FTS5 set when the database was created; then LIKE).
    bool hasFullTextSearch() const { return m_fullTextSearch; }
    QString path() const { return m_path; }
    // The QSqlDatabase connection name of this instance (diagnostics and tests); empty when closed.
    QString connectionName() const { return m_connectionName; }
    // After open() moved a damaged database aside: a message for the user saying where it went
    // (translated); empty otherwise.
    QString recoveryNotice() const { return m_recoveryNotice; }

    // Returns the new id, 0 on failure. An empty title becomes "New chat".
    qint64 createConversation(const QString &title, const ConversationSettings &settings,
                              QString *error);
    QList<ConversationSummary> conversations() const;   // most recently updated first
    ConversationSummary conversation(qint64 id) const;  // id 0 when unknown
    bool renameConversation(qint64 id, const QString &title, QString *error);  // "" → "New chat"
    // Its messages, attachments, search rows, and its KV-state file (kvStatePath()).
    bool deleteConversation(qint64 id, QString *error);
    bool hasConversation(qint64 id) const;

    ConversationSettings settings(qint64 id) const;  // defaults for an unknown id
    // Refuses values no sampler accepts (negative temperature, top-p outside 0..1, NaN, …).
    bool setSettings(qint64 id, const ConversationSettings &settings, QString *error);
    QString modelPath(qint64 id) const;
    bool setModelPath(qint64 id, const QString &modelPath, QString *error);
    // <folder of the database>/kv/<id>.kv: where the engine may keep the conversation's KV cache.
    // Empty for an unknown id. The store only names the file and deletes it with the conversation.
    QString kvStatePath(qint64 id) const;

    // Adds `m` (with its attachments, in one transaction) under m.parentId and makes it the
    // conversation's current leaf. Returns the new id, 0 on failure. Message changes (add, update,
    // delete) make the conversation the most recently updated one.
    qint64 addMessage(StoredMessage m, QString *error);
    // Streaming saves and the final one. Each is a synced commit (about 1-5 ms here), so save a
    // streaming answer a few times a second, not per token.
    bool updateMessage(qint64 id, const QString &content, const QString &thinking,
                       const QJsonArray &toolCalls, const QJsonObject &stats, const QString &error,
                       bool complete, QString *err);
    // Deletes the message and everything below it. If the current leaf was among them, the view
    // moves to the newest leaf of the newest remaining sibling, else to the parent.
    bool deleteMessage(qint64 id, QString *error);
    StoredMessage message(qint64 id) const;           // with attachments; id 0 when unknown
    qint64 currentLeaf(qint64 conversationId) const;  // 0: no messages
    QList<StoredMessage> currentPath(qint64 conversationId) const;  // root .. leaf, attachments
    QList<qint64> siblings(qint64 messageId) const;  // same parent, itself included, oldest first
    QList<qint64> children(qint64 messageId) const;  // oldest first
    // Current leaf = the newest leaf below `messageId` (itself when it has no children).
    bool selectBranch(qint64 messageId, QString *error);

    struct SearchHit {
        qint64 conversationId = 0;
        qint64 messageId = 0;  // 0: the conversation's title matched
        QString title;
        QString snippet;  // plain text with kMatchStart/kMatchEnd around matches, "…" at cuts
    };
    // Title hits first, then message hits (all branches), best first. Never fails on odd input;
    // an input without any word gives no hits.
    QList<SearchHit> search(const QString &query, int limit = 50) const;
    // A snippet as HTML: text escaped, matches in <b>…</b>.
    static QString snippetToHtml(const QString &snippet);

    // The current path, readable. Attachments are named (kind, name, type, size). Empty for an
    // unknown id. JSON: {"format":"facet.conversation","version":1,"title",…,"messages":[…]};
    // includeAttachmentData adds each attachment's bytes as base64 ("data").
    QByteArray exportMarkdown(qint64 id) const;
    QByteArray exportJson(qint64 id, bool includeAttachmentData = false) const;

    // "Save this exchange as a training example": appends one JSONL line
    // {"messages":[{"role":…,"content":…},…]} — the system prompt first if set, then the path from
    // the root up to and including the assistant message `messageId` (thinking left out; an
    // assistant turn with tool calls carries "tool_calls"). Creates missing folders; flushes and
    // fsyncs. An existing file is never damaged: a last line without its newline is completed
    // first, and a failed write (disk full, …) is cut back to the file's previous size.
    bool appendTrainingExample(qint64 messageId, const QString &jsonlPath, QString *error) const;
    static QString defaultTrainingDataPath();  // AppDataLocation/training/examples.jsonl
    static QString defaultPath();              // AppDataLocation/conversations.sqlite

    // A conversation title from the first user message: its first non-empty line, whitespace
    // collapsed, at most ~60 characters cut at a word boundary with "…"; "New chat" when empty.
    static QString titleFrom(const QString &firstUserMessage);

private:
    enum class OpenResult { Ok, Corrupt, Failed };
    OpenResult openConnection(QString *error);
    void closeConnection();
    bool migrate(int version, QString *error);
    bool moveAside(QString *movedTo, QString *error);
    bool checkOpen(QString *error) const;
    template <typename Body>
    bool writeTransaction(QString *error, Body body);
    QList<StoredMessage> pathTo(qint64 leafId) const;
    void loadAttachments(QList<StoredMessage> &messages) const;
    qint64 newestLeafBelow(qint64 messageId) const;

    QString m_path;
    QString m_connectionName;
    QString m_recoveryNotice;
    QSqlDatabase m_db;
    bool m_fullTextSearch = false;  // FTS5 index present (else search() uses LIKE)
};

}  // namespace facet::app
