// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// ConversationStore against real SQLite databases in temporary folders: every API, branching,
// search with hostile input, exports, training JSONL, damaged files, and two kill -9 tests that run
// this binary as a child process (FACET_CONVSTORE_CHILD) writing in a loop.
#include "conversation_store.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <csignal>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <random>

#include <sys/resource.h>

using facet::app::ConversationSettings;
using facet::app::ConversationStore;
using facet::app::StoredAttachment;
using facet::app::StoredMessage;

namespace {

constexpr const char *kChildMode = "FACET_CONVSTORE_CHILD";
constexpr const char *kChildDb = "FACET_CONVSTORE_DB";

// ---- deterministic data shared by the kill -9 child and the parent that checks it ----

QString contentFor(int i) {
    QString s = QStringLiteral("Message %1: grüße, 日本語, 🎉, \"quoted\" text.\n").arg(i);
    std::mt19937 rng(static_cast<unsigned>(i));
    // Every fifth message is larger than a database page (overflow pages).
    const int words = i % 5 == 0 ? 1200 : 10 + static_cast<int>(rng() % 60);
    for (int w = 0; w < words; ++w) {
        const int len = 1 + static_cast<int>(rng() % 9);
        for (int c = 0; c < len; ++c)
            s += QChar(u'a' + static_cast<char16_t>(rng() % 26));
        s += u' ';
    }
    return s;
}

QByteArray bytesFor(int seed, int size) {
    std::mt19937 rng(static_cast<unsigned>(seed));
    QByteArray b(size, Qt::Uninitialized);
    for (char &c : b)
        c = static_cast<char>(rng() & 0xff);
    return b;
}

QList<StoredAttachment> attachmentsFor(int i) {
    QList<StoredAttachment> out;
    if (i % 4 == 1) {
        StoredAttachment a;
        a.kind = StoredAttachment::Kind::Image;
        a.name = QStringLiteral("photo-%1.png").arg(i);
        a.mimeType = QStringLiteral("image/png");
        a.data = bytesFor(1000 + i, 3000 + 17 * i);
        out << a;
    }
    if (i % 4 == 3) {
        StoredAttachment a;
        a.kind = StoredAttachment::Kind::Audio;
        a.name = QStringLiteral("voice-%1.wav").arg(i);
        a.mimeType = QStringLiteral("audio/L16");
        a.data = bytesFor(2000 + i, 32000);  // 1 s of 16 kHz s16 mono
        a.durationMs = 1000;
        out << a;
    }
    return out;
}

QString streamContent(int k) {
    QString s;
    for (int j = 0; j < k; ++j)
        s += QStringLiteral("token%1 ").arg(j);
    return s;
}

void childPrint(const QByteArray &line) {
    std::fputs(line.constData(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

// The child side of the kill -9 tests: writes until it is killed.
int runChild(const QByteArray &mode) {
    ConversationStore store(qEnvironmentVariable(kChildDb));
    QString error;
    if (!store.open(&error)) {
        childPrint("error " + error.toUtf8());
        return 1;
    }
    const qint64 conv = store.createConversation(QStringLiteral("crash test"), {}, &error);
    childPrint("conv " + QByteArray::number(conv));
    if (mode == "messages") {
        qint64 parent = 0;
        for (int i = 0; i < 100000; ++i) {
            StoredMessage m;
            m.conversationId = conv;
            m.parentId = parent;
            m.role = i % 2 == 0 ? QStringLiteral("user") : QStringLiteral("assistant");
            m.content = contentFor(i);
            m.attachments = attachmentsFor(i);
            const qint64 id = store.addMessage(m, &error);
            if (id == 0) {
                childPrint("error " + error.toUtf8());
                return 1;
            }
            childPrint("msg " + QByteArray::number(i) + ' ' + QByteArray::number(id));
            parent = id;
        }
    } else if (mode == "stream") {
        StoredMessage u;
        u.conversationId = conv;
        u.role = QStringLiteral("user");
        u.content = QStringLiteral("Count for me.");
        const qint64 userId = store.addMessage(u, &error);
        StoredMessage a;
        a.conversationId = conv;
        a.parentId = userId;
        a.role = QStringLiteral("assistant");
        a.complete = false;
        const qint64 id = store.addMessage(a, &error);
        childPrint("msg " + QByteArray::number(id));
        for (int k = 1; k < 100000; ++k) {
            if (!store.updateMessage(id, streamContent(k), QStringLiteral("thinking %1").arg(k), {},
                                     QJsonObject{{"tokens", k}}, {}, false, &error)) {
                childPrint("error " + error.toUtf8());
                return 1;
            }
            childPrint("saved " + QByteArray::number(k));
        }
    }
    return 0;
}

// ---- helpers ----

// A second connection to a database file, for checks behind the store's back.
class Sql {
public:
    explicit Sql(const QString &path) {
        static int counter = 0;
        m_name = QStringLiteral("test.sql.%1").arg(counter++);
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        EXPECT_TRUE(db.open()) << db.lastError().text().toStdString();
    }
    ~Sql() {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    QStringList rows(const QString &sql) const {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        QStringList out;
        EXPECT_TRUE(q.exec(sql)) << sql.toStdString() << ": " << q.lastError().text().toStdString();
        while (q.next())
            out << q.value(0).toString();
        return out;
    }
    QString one(const QString &sql) const {
        const QStringList r = rows(sql);
        return r.isEmpty() ? QString() : r.first();
    }
    bool exec(const QString &sql) const {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        return q.exec(sql);
    }

private:
    QString m_name;
};

// integrity_check, the FTS index against its content, and every foreign key.
void expectSound(const QString &path) {
    Sql sql(path);
    EXPECT_EQ(sql.rows(QStringLiteral("PRAGMA integrity_check")),
              QStringList{QStringLiteral("ok")});
    EXPECT_TRUE(sql.exec(
        QStringLiteral("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")));
    EXPECT_TRUE(sql.exec(QStringLiteral(
        "INSERT INTO conversations_fts(conversations_fts) VALUES ('integrity-check')")));
    EXPECT_TRUE(sql.rows(QStringLiteral("PRAGMA foreign_key_check")).isEmpty());
}

class StoreTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        path = dir.filePath(QStringLiteral("conversations.sqlite"));
        store = std::make_unique<ConversationStore>(path);
        QString error;
        ASSERT_TRUE(store->open(&error)) << error.toStdString();
    }

    qint64 newConversation(const QString &title = QStringLiteral("Test")) {
        QString error;
        const qint64 id = store->createConversation(title, {}, &error);
        EXPECT_GT(id, 0) << error.toStdString();
        return id;
    }

    qint64 add(qint64 conv, qint64 parent, const QString &role, const QString &content,
               QList<StoredAttachment> attachments = {}) {
        StoredMessage m;
        m.conversationId = conv;
        m.parentId = parent;
        m.role = role;
        m.content = content;
        m.attachments = std::move(attachments);
        QString error;
        const qint64 id = store->addMessage(m, &error);
        EXPECT_GT(id, 0) << error.toStdString();
        return id;
    }

    QList<qint64> pathIds(qint64 conv) const {
        QList<qint64> ids;
        for (const StoredMessage &m : store->currentPath(conv))
            ids << m.id;
        return ids;
    }

    QTemporaryDir dir;
    QString path;
    std::unique_ptr<ConversationStore> store;
};

// ---- opening ----

TEST_F(StoreTest, OpenSetsDurablePragmasAndSchemaVersion) {
    QSqlDatabase db = QSqlDatabase::database(store->connectionName(), false);
    ASSERT_TRUE(db.isOpen());
    QSqlQuery q(db);
    const auto pragma = [&](const char *name) {
        EXPECT_TRUE(q.exec(QStringLiteral("PRAGMA %1").arg(QLatin1String(name))));
        EXPECT_TRUE(q.next());
        const QString v = q.value(0).toString();
        q.finish();
        return v;
    };
    EXPECT_EQ(pragma("journal_mode"), QStringLiteral("wal"));
    EXPECT_EQ(pragma("synchronous"), QStringLiteral("2"));  // FULL
    EXPECT_EQ(pragma("foreign_keys"), QStringLiteral("1"));
    EXPECT_EQ(pragma("user_version"), QString::number(ConversationStore::kSchemaVersion));
    // Debian's SQLite has FTS5; the store must be using it there.
    EXPECT_TRUE(store->hasFullTextSearch());
    EXPECT_TRUE(store->recoveryNotice().isEmpty());
    QString error;
    EXPECT_TRUE(store->open(&error));  // a second open is harmless
}

TEST_F(StoreTest, TwoStoresHaveTheirOwnConnections) {
    QTemporaryDir other;
    auto second = std::make_unique<ConversationStore>(other.filePath(QStringLiteral("b.sqlite")));
    QString error;
    ASSERT_TRUE(second->open(&error)) << error.toStdString();
    EXPECT_NE(second->connectionName(), store->connectionName());
    const qint64 a = newConversation(QStringLiteral("in first"));
    EXPECT_GT(second->createConversation(QStringLiteral("in second"), {}, &error), 0);
    second.reset();  // closing one leaves the other working
    EXPECT_TRUE(store->hasConversation(a));
    ASSERT_EQ(store->conversations().size(), 1);
    EXPECT_EQ(store->conversations().first().title, QStringLiteral("in first"));
}

TEST_F(StoreTest, DefaultPathsLiveInAppData) {
    const QString appData = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    EXPECT_EQ(ConversationStore::defaultPath(), appData + QStringLiteral("/conversations.sqlite"));
    EXPECT_EQ(ConversationStore::defaultTrainingDataPath(),
              appData + QStringLiteral("/training/examples.jsonl"));
    EXPECT_EQ(ConversationStore().path(), ConversationStore::defaultPath());
}

TEST_F(StoreTest, ReopenKeepsEverything) {
    const qint64 conv = newConversation(QStringLiteral("Persistent"));
    const qint64 u = add(conv, 0, QStringLiteral("user"), QStringLiteral("Remember me"));
    const qint64 a = add(conv, u, QStringLiteral("assistant"), QStringLiteral("I will"));
    store.reset();
    store = std::make_unique<ConversationStore>(path);
    QString error;
    ASSERT_TRUE(store->open(&error)) << error.toStdString();
    ASSERT_EQ(store->conversations().size(), 1);
    EXPECT_EQ(store->conversations().first().title, QStringLiteral("Persistent"));
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u, a}));
    EXPECT_EQ(store->currentPath(conv).last().content, QStringLiteral("I will"));
    // Ids are never reused, so an id the UI still holds cannot point at a newer message.
    ASSERT_TRUE(store->deleteMessage(a, &error));
    const qint64 b = add(conv, u, QStringLiteral("assistant"), QStringLiteral("again"));
    EXPECT_GT(b, a);
    expectSound(path);
}

TEST_F(StoreTest, GarbageFileIsMovedAsideAndReported) {
    store.reset();
    const QByteArray garbage =
        QByteArray("this is not a database, just a text file\n").repeated(40);
    const QByteArray wal = bytesFor(7, 5000);
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(garbage);
        QFile w(path + QStringLiteral("-wal"));
        ASSERT_TRUE(w.open(QIODevice::WriteOnly));
        w.write(wal);
    }
    store = std::make_unique<ConversationStore>(path);
    QString error;
    ASSERT_TRUE(store->open(&error)) << error.toStdString();
    const QStringList moved =
        QDir(dir.path()).entryList({QStringLiteral("*.corrupt-*")}, QDir::Files);
    ASSERT_EQ(moved.size(), 2) << moved.join(u' ').toStdString();
    QString main, movedWal;
    for (const QString &m : moved)
        (m.endsWith(QStringLiteral("-wal")) ? movedWal : main) = m;
    ASSERT_FALSE(main.isEmpty());
    ASSERT_FALSE(movedWal.isEmpty());
    EXPECT_TRUE(main.startsWith(QStringLiteral("conversations.sqlite.corrupt-")));
    EXPECT_EQ(movedWal, main + QStringLiteral("-wal"));
    QFile f(dir.filePath(main));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), garbage);  // kept byte for byte
    QFile w(dir.filePath(movedWal));
    ASSERT_TRUE(w.open(QIODevice::ReadOnly));
    EXPECT_EQ(w.readAll(), wal);
    // The notice names the place the old file went.
    EXPECT_TRUE(store->recoveryNotice().contains(QDir::toNativeSeparators(dir.filePath(main))))
        << store->recoveryNotice().toStdString();
    // And the fresh database works.
    const qint64 conv = newConversation();
    add(conv, 0, QStringLiteral("user"), QStringLiteral("fresh start"));
    expectSound(path);
    store.reset();
    store = std::make_unique<ConversationStore>(path);
    ASSERT_TRUE(store->open(&error));
    EXPECT_TRUE(store->recoveryNotice().isEmpty());
    EXPECT_EQ(store->conversations().size(), 1);
}

TEST_F(StoreTest, DamagedPagesAreMovedAside) {
    const qint64 conv = newConversation();
    qint64 parent = 0;
    for (int i = 0; i < 30; ++i)
        parent = add(conv, parent, QStringLiteral("user"), contentFor(i));
    store.reset();  // the last connection checkpoints the WAL into the file and removes it
    ASSERT_FALSE(QFileInfo::exists(path + QStringLiteral("-wal")));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadWrite));
    ASSERT_GT(f.size(), 8 * 4096);
    const QByteArray original = f.readAll();
    f.seek(4 * 4096);
    f.write(QByteArray(3 * 4096, '\xab'));  // pages 5-7: b-tree pages become nonsense
    f.close();

    store = std::make_unique<ConversationStore>(path);
    QString error;
    ASSERT_TRUE(store->open(&error)) << error.toStdString();
    EXPECT_FALSE(store->recoveryNotice().isEmpty());
    EXPECT_TRUE(store->conversations().isEmpty());
    const QStringList moved =
        QDir(dir.path()).entryList({QStringLiteral("*.corrupt-*")}, QDir::Files);
    ASSERT_EQ(moved.size(), 1);
    QFile m(dir.filePath(moved.first()));
    ASSERT_TRUE(m.open(QIODevice::ReadOnly));
    const QByteArray kept = m.readAll();
    EXPECT_EQ(kept.size(), original.size());
    EXPECT_EQ(kept.left(4 * 4096), original.left(4 * 4096));
}

TEST_F(StoreTest, NewerSchemaIsRefusedAndLeftAlone) {
    store.reset();
    {
        Sql sql(path);
        ASSERT_TRUE(sql.exec(QStringLiteral("PRAGMA user_version = 99")));
    }
    store = std::make_unique<ConversationStore>(path);
    QString error;
    EXPECT_FALSE(store->open(&error));
    EXPECT_TRUE(error.contains(QStringLiteral("newer version"))) << error.toStdString();
    EXPECT_TRUE(store->recoveryNotice().isEmpty());
    EXPECT_TRUE(QFileInfo::exists(path));
    EXPECT_TRUE(QDir(dir.path()).entryList({QStringLiteral("*.corrupt-*")}).isEmpty());
    EXPECT_EQ(Sql(path).one(QStringLiteral("PRAGMA user_version")), QStringLiteral("99"));
}

TEST_F(StoreTest, UnwritableLocationGivesAClearError) {
    // A regular file where the folder should be (root may write anywhere, so permissions alone
    // would not stop this test's user).
    const QString file = dir.filePath(QStringLiteral("not-a-folder"));
    {
        QFile f(file);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("x");
    }
    ConversationStore blocked(file + QStringLiteral("/sub/conversations.sqlite"));
    QString error;
    EXPECT_FALSE(blocked.open(&error));
    EXPECT_TRUE(error.contains(QStringLiteral("Cannot create the folder"))) << error.toStdString();
    EXPECT_FALSE(blocked.isOpen());

    const QString folder = dir.filePath(QStringLiteral("a-folder"));
    ASSERT_TRUE(QDir().mkpath(folder));
    ConversationStore isDir(folder);
    EXPECT_FALSE(isDir.open(&error));
    EXPECT_TRUE(error.contains(QStringLiteral("is a folder"))) << error.toStdString();
}

// Runs `body` with files limited to `bytes` (writes beyond fail with EFBIG, as on a full disk).
template <typename Body>
void withFileSizeLimit(rlim_t bytes, Body body) {
    rlimit old{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = old;
    small.rlim_cur = bytes;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    body();
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);
}

TEST_F(StoreTest, DiskFullRollsBackAndSaysSo) {
    const qint64 conv = newConversation();
    const qint64 first =
        add(conv, 0, QStringLiteral("user"), QStringLiteral("before the disk filled"));
    StoredMessage big;
    big.conversationId = conv;
    big.parentId = first;
    big.role = QStringLiteral("assistant");
    big.content = QStringLiteral("never saved");
    StoredAttachment a;
    a.kind = StoredAttachment::Kind::Image;
    a.name = QStringLiteral("huge.png");
    a.data = bytesFor(11, 300000);
    big.attachments = {a};
    QString error;
    qint64 id = -1;
    bool renamed = true;
    withFileSizeLimit(1, [&] {
        id = store->addMessage(big, &error);
        renamed = store->renameConversation(conv, QStringLiteral("x").repeated(100000), nullptr);
    });
    EXPECT_EQ(id, 0);
    EXPECT_FALSE(renamed);
    // EFBIG is an I/O error to SQLite (only ENOSPC is "full"); either way the text says what to do.
    EXPECT_TRUE(error.contains(QStringLiteral("may be full"))) << error.toStdString();
    // Nothing of the failed writes is left, and the store goes on working.
    EXPECT_EQ(pathIds(conv), QList<qint64>{first});
    EXPECT_EQ(store->conversations().first().title, QStringLiteral("Test"));
    const qint64 next = add(conv, first, QStringLiteral("assistant"), QStringLiteral("saved now"));
    EXPECT_EQ(pathIds(conv), (QList<qint64>{first, next}));
    expectSound(path);

    // Creating a database on a full disk: a clear error, and the empty file is not taken for a
    // damaged one.
    const QString fresh = dir.filePath(QStringLiteral("fresh.sqlite"));
    ConversationStore blocked(fresh);
    bool opened = true;
    error.clear();
    withFileSizeLimit(1, [&] { opened = blocked.open(&error); });
    EXPECT_FALSE(opened);
    EXPECT_TRUE(error.contains(QStringLiteral("may be full"))) << error.toStdString();
    EXPECT_TRUE(blocked.recoveryNotice().isEmpty());
    EXPECT_TRUE(QDir(dir.path()).entryList({QStringLiteral("*.corrupt-*")}).isEmpty());
    ASSERT_TRUE(blocked.open(&error)) << error.toStdString();
    EXPECT_GT(blocked.createConversation({}, {}, &error), 0);
}

TEST(ConversationStoreClosed, EveryCallFailsCleanly) {
    QTemporaryDir dir;
    ConversationStore store(dir.filePath(QStringLiteral("never-opened.sqlite")));
    QString error;
    EXPECT_EQ(store.createConversation(QStringLiteral("x"), {}, &error), 0);
    EXPECT_TRUE(error.contains(QStringLiteral("not open"))) << error.toStdString();
    EXPECT_TRUE(store.conversations().isEmpty());
    EXPECT_FALSE(store.renameConversation(1, QStringLiteral("y"), &error));
    EXPECT_FALSE(store.deleteConversation(1, &error));
    EXPECT_FALSE(store.setModelPath(1, QStringLiteral("m"), &error));
    EXPECT_FALSE(store.setSettings(1, {}, &error));
    EXPECT_FALSE(store.updateMessage(1, {}, {}, {}, {}, {}, true, &error));
    EXPECT_FALSE(store.deleteMessage(1, &error));
    EXPECT_FALSE(store.selectBranch(1, &error));
    EXPECT_FALSE(store.appendTrainingExample(1, dir.filePath(QStringLiteral("t.jsonl")), &error));
    StoredMessage m;
    m.conversationId = 1;
    m.role = QStringLiteral("user");
    EXPECT_EQ(store.addMessage(m, &error), 0);
    EXPECT_TRUE(store.currentPath(1).isEmpty());
    EXPECT_TRUE(store.siblings(1).isEmpty());
    EXPECT_TRUE(store.search(QStringLiteral("x")).isEmpty());
    EXPECT_TRUE(store.exportJson(1).isEmpty());
    EXPECT_TRUE(store.exportMarkdown(1).isEmpty());
    EXPECT_TRUE(store.kvStatePath(1).isEmpty());
    EXPECT_FALSE(QFileInfo::exists(store.path()));  // nothing was created behind the caller's back
}

// ---- conversations ----

TEST_F(StoreTest, ConversationsAreListedRenamedAndOrderedByUpdate) {
    QString error;
    const qint64 a = store->createConversation(QString(), {}, &error);
    const qint64 b = store->createConversation(QStringLiteral("   "), {}, &error);
    const qint64 c = store->createConversation(QStringLiteral("  Trip to Lisbon  "), {}, &error);
    ASSERT_GT(a, 0);
    auto list = store->conversations();
    ASSERT_EQ(list.size(), 3);
    EXPECT_EQ(list[0].id, c);  // the newest first
    EXPECT_EQ(list[0].title, QStringLiteral("Trip to Lisbon"));
    EXPECT_EQ(list[1].title, QStringLiteral("New chat"));
    EXPECT_EQ(list[2].title, QStringLiteral("New chat"));
    EXPECT_TRUE(list[0].created.isValid());

    // A new message brings a conversation to the top, even within the same millisecond.
    const qint64 u = add(a, 0, QStringLiteral("user"), QStringLiteral("hi"));
    list = store->conversations();
    EXPECT_EQ(list[0].id, a);
    EXPECT_EQ(list[0].messageCount, 1);
    EXPECT_GE(list[0].updated, list[1].updated);
    ASSERT_TRUE(store->updateMessage(u, QStringLiteral("hi!"), {}, {}, {}, {}, true, &error));
    add(b, 0, QStringLiteral("user"), QStringLiteral("other"));
    EXPECT_EQ(store->conversations()[0].id, b);
    ASSERT_TRUE(store->updateMessage(u, QStringLiteral("hi!!"), {}, {}, {}, {}, true, &error));
    EXPECT_EQ(store->conversations()[0].id, a);

    ASSERT_TRUE(store->renameConversation(b, QStringLiteral("Renamed"), &error))
        << error.toStdString();
    ASSERT_TRUE(store->renameConversation(c, QString(), &error));
    for (const auto &s : store->conversations()) {
        if (s.id == b) {
            EXPECT_EQ(s.title, QStringLiteral("Renamed"));
        }
        if (s.id == c) {
            EXPECT_EQ(s.title, QStringLiteral("New chat"));
        }
    }
    EXPECT_EQ(store->conversation(b).title, QStringLiteral("Renamed"));
    EXPECT_EQ(store->conversation(a).messageCount, 1);
    EXPECT_EQ(store->conversation(9999).id, 0);
    error.clear();
    EXPECT_FALSE(store->renameConversation(9999, QStringLiteral("x"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("9999"))) << error.toStdString();
}

TEST_F(StoreTest, DeleteConversationRemovesEverythingItOwns) {
    const qint64 keep = newConversation(QStringLiteral("keep"));
    const qint64 conv = newConversation(QStringLiteral("doomed zebra"));
    StoredAttachment img;
    img.kind = StoredAttachment::Kind::Image;
    img.name = QStringLiteral("a.png");
    img.data = bytesFor(1, 100);
    const qint64 u = add(conv, 0, QStringLiteral("user"), QStringLiteral("unique aardvark"), {img});
    add(conv, u, QStringLiteral("assistant"), QStringLiteral("aardvark answer"));
    add(keep, 0, QStringLiteral("user"), QStringLiteral("kept message"));
    const QString kv = store->kvStatePath(conv);
    ASSERT_TRUE(QDir().mkpath(QFileInfo(kv).absolutePath()));
    {
        QFile f(kv);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("state");
    }
    ASSERT_EQ(store->search(QStringLiteral("aardvark")).size(), 2);
    ASSERT_EQ(store->search(QStringLiteral("zebra")).size(), 1);

    QString error;
    ASSERT_TRUE(store->deleteConversation(conv, &error)) << error.toStdString();
    EXPECT_FALSE(store->hasConversation(conv));
    EXPECT_FALSE(QFileInfo::exists(kv));
    EXPECT_EQ(store->message(u).id, 0);
    EXPECT_TRUE(store->search(QStringLiteral("aardvark")).isEmpty());
    EXPECT_TRUE(store->search(QStringLiteral("zebra")).isEmpty());
    ASSERT_EQ(store->conversations().size(), 1);
    EXPECT_EQ(store->currentPath(keep).size(), 1);
    Sql sql(path);
    EXPECT_EQ(sql.one(QStringLiteral("SELECT count(*) FROM attachments")), QStringLiteral("0"));
    EXPECT_EQ(sql.one(QStringLiteral("SELECT count(*) FROM messages")), QStringLiteral("1"));

    error.clear();
    EXPECT_FALSE(store->deleteConversation(conv, &error));
    EXPECT_TRUE(error.contains(QString::number(conv))) << error.toStdString();
    expectSound(path);
}

TEST_F(StoreTest, SettingsRoundTripAndValidation) {
    ConversationSettings s;
    s.systemPrompt = QStringLiteral("Answer like a pirate. Ünïcødé ✓\nSecond line.");
    s.think = true;
    s.sampling.temperature = 0.7;
    s.sampling.topK = 40;
    s.sampling.topP = 0.9;
    s.sampling.minP = 0.05;
    s.sampling.repetitionPenalty = 1.1;
    s.sampling.presencePenalty = 0.5;
    s.sampling.frequencyPenalty = -0.25;
    s.sampling.fixedSeed = true;
    s.sampling.seed = std::numeric_limits<quint64>::max() - 12;  // beyond a double's precision
    s.sampling.maxTokens = 512;
    QString error;
    const qint64 conv = store->createConversation(QStringLiteral("s"), s, &error);
    ASSERT_GT(conv, 0) << error.toStdString();
    EXPECT_EQ(store->settings(conv), s);

    ConversationSettings t = s;
    t.systemPrompt.clear();
    t.think = false;
    t.sampling.seed = 42;
    ASSERT_TRUE(store->setSettings(conv, t, &error)) << error.toStdString();
    EXPECT_EQ(store->settings(conv), t);

    // Values no sampler takes are refused and change nothing.
    ConversationSettings bad = t;
    bad.sampling.topP = 1.5;
    error.clear();
    EXPECT_FALSE(store->setSettings(conv, bad, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("Top-p"))) << error.toStdString();
    bad = t;
    bad.sampling.temperature = std::numeric_limits<double>::quiet_NaN();
    EXPECT_FALSE(store->setSettings(conv, bad, &error));
    bad = t;
    bad.sampling.maxTokens = -1;
    EXPECT_FALSE(store->setSettings(conv, bad, &error));
    EXPECT_EQ(store->createConversation(QStringLiteral("bad"), bad, &error), 0);
    EXPECT_EQ(store->settings(conv), t);

    EXPECT_EQ(store->settings(12345), ConversationSettings{});
    error.clear();
    EXPECT_FALSE(store->setSettings(12345, t, &error));
    EXPECT_FALSE(error.isEmpty());
}

// The conversation's adapter (path, on/off, strength) is saved with its other settings and read
// back after a reopen; a strength outside 0..2 is refused.
TEST_F(StoreTest, AdapterSettingsRoundTrip) {
    ConversationSettings s;
    s.adapterPath = dir.filePath(QStringLiteral("adapters/pirate ✓"));
    s.adapterEnabled = false;
    s.adapterStrength = 1.35;
    QString error;
    const qint64 conv = store->createConversation(QStringLiteral("a"), s, &error);
    ASSERT_GT(conv, 0) << error.toStdString();
    EXPECT_EQ(store->settings(conv), s);
    EXPECT_TRUE(store->settings(conv).activeAdapter().isEmpty()) << "off keeps the choice only";

    s.adapterEnabled = true;
    s.adapterStrength = 0.05;
    ASSERT_TRUE(store->setSettings(conv, s, &error)) << error.toStdString();
    EXPECT_EQ(store->settings(conv).activeAdapter(), s.adapterPath);

    ConversationSettings bad = s;
    bad.adapterStrength = 2.05;
    error.clear();
    EXPECT_FALSE(store->setSettings(conv, bad, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("adapter strength"))) << error.toStdString();
    bad.adapterStrength = std::numeric_limits<double>::quiet_NaN();
    EXPECT_FALSE(store->setSettings(conv, bad, &error));

    store.reset();
    store = std::make_unique<ConversationStore>(path);
    ASSERT_TRUE(store->open(&error)) << error.toStdString();
    EXPECT_EQ(store->settings(conv), s);
    // The export carries it too.
    const QJsonObject exported = QJsonDocument::fromJson(store->exportJson(conv)).object();
    EXPECT_EQ(exported.value(QLatin1String("settings"))
                  .toObject()
                  .value(QLatin1String("adapter"))
                  .toObject()
                  .value(QLatin1String("path"))
                  .toString(),
              s.adapterPath);
}

// Conversations saved before adapters existed (settings JSON without "adapter", as older Facet
// versions wrote it) load with the base model; a hand-damaged strength reads as a valid one.
TEST_F(StoreTest, SettingsWithoutAdapterLoadAsTheBaseModel) {
    const qint64 old = newConversation(QStringLiteral("old"));
    const qint64 odd = newConversation(QStringLiteral("odd"));
    store.reset();
    {
        Sql sql(path);
        ASSERT_TRUE(
            sql.exec(QStringLiteral("UPDATE conversations SET settings = '{\"systemPrompt\":\"Be "
                                    "brief.\",\"think\":true,"
                                    "\"sampling\":{\"temperature\":0.5,\"topK\":7}}' WHERE id = %1")
                         .arg(old)));
        ASSERT_TRUE(sql.exec(QStringLiteral("UPDATE conversations SET settings = "
                                            "'{\"adapter\":{\"path\":\"/a\",\"strength\":9}}' "
                                            "WHERE id = %1")
                                 .arg(odd)));
    }
    store = std::make_unique<ConversationStore>(path);
    QString error;
    ASSERT_TRUE(store->open(&error)) << error.toStdString();
    const ConversationSettings s = store->settings(old);
    EXPECT_EQ(s.systemPrompt, QStringLiteral("Be brief."));
    EXPECT_TRUE(s.think);
    EXPECT_EQ(s.sampling.topK, 7);
    EXPECT_TRUE(s.adapterPath.isEmpty());
    EXPECT_TRUE(s.adapterEnabled);
    EXPECT_EQ(s.adapterStrength, 1.0);
    EXPECT_TRUE(s.activeAdapter().isEmpty());
    const ConversationSettings t = store->settings(odd);
    EXPECT_EQ(t.adapterPath, QStringLiteral("/a"));
    EXPECT_EQ(t.adapterStrength, 2.0);
    EXPECT_TRUE(store->setSettings(odd, t, &error)) << error.toStdString();
}

TEST_F(StoreTest, ModelPathAndKvStatePath) {
    const qint64 conv = newConversation();
    QString error;
    EXPECT_TRUE(store->modelPath(conv).isEmpty());
    ASSERT_TRUE(store->setModelPath(conv, QStringLiteral("/models/gemma-4-e2b.gguf"), &error));
    EXPECT_EQ(store->modelPath(conv), QStringLiteral("/models/gemma-4-e2b.gguf"));
    EXPECT_EQ(store->conversations().first().modelPath, QStringLiteral("/models/gemma-4-e2b.gguf"));
    EXPECT_EQ(store->kvStatePath(conv), dir.filePath(QStringLiteral("kv/%1.kv").arg(conv)));
    EXPECT_TRUE(store->kvStatePath(conv + 100).isEmpty());
    EXPECT_TRUE(store->modelPath(conv + 100).isEmpty());
    EXPECT_FALSE(store->setModelPath(conv + 100, QStringLiteral("x"), &error));
    EXPECT_FALSE(error.isEmpty());
}

// ---- messages ----

TEST_F(StoreTest, MessagesRoundTripWithAttachments) {
    const qint64 conv = newConversation();
    StoredMessage u;
    u.conversationId = conv;
    u.role = QStringLiteral("user");
    u.content = QStringLiteral("What is in this picture, and what do I say?");
    u.created = QDateTime::fromMSecsSinceEpoch(1700000000123);
    StoredAttachment img;
    img.kind = StoredAttachment::Kind::Image;
    img.name = QStringLiteral("cat.jpg");
    img.mimeType = QStringLiteral("image/jpeg");
    img.data = bytesFor(3, 20000);
    StoredAttachment voice;
    voice.kind = StoredAttachment::Kind::Audio;
    voice.name = QStringLiteral("question.wav");
    voice.mimeType = QStringLiteral("audio/L16");
    voice.data = bytesFor(4, 48000);
    voice.durationMs = 1500;
    StoredAttachment empty;  // no bytes at all is still an attachment
    empty.kind = StoredAttachment::Kind::Image;
    empty.name = QStringLiteral("empty.png");
    u.attachments = {img, voice, empty};
    QString error;
    const qint64 uid = store->addMessage(u, &error);
    ASSERT_GT(uid, 0) << error.toStdString();

    StoredMessage a;
    a.conversationId = conv;
    a.parentId = uid;
    a.role = QStringLiteral("assistant");
    a.content = QStringLiteral("A cat.");
    a.thinking = QStringLiteral("The image shows a cat.");
    a.toolCalls = QJsonArray{QJsonObject{
        {"function", QJsonObject{{"name", "lookup"}, {"arguments", QJsonObject{{"q", "cat"}}}}}}};
    a.stats = QJsonObject{{"tokensPerSecond", 42.5}, {"promptTokens", 300}};
    a.error = QStringLiteral("stopped by the user");
    a.complete = false;
    const qint64 aid = store->addMessage(a, &error);
    ASSERT_GT(aid, 0) << error.toStdString();
    EXPECT_EQ(store->currentLeaf(conv), aid);

    const QList<StoredMessage> path = store->currentPath(conv);
    ASSERT_EQ(path.size(), 2);
    const StoredMessage &pu = path[0];
    EXPECT_EQ(pu.id, uid);
    EXPECT_EQ(pu.conversationId, conv);
    EXPECT_EQ(pu.parentId, 0);
    EXPECT_EQ(pu.role, QStringLiteral("user"));
    EXPECT_EQ(pu.content, u.content);
    EXPECT_EQ(pu.created.toMSecsSinceEpoch(), 1700000000123);
    EXPECT_TRUE(pu.complete);
    ASSERT_EQ(pu.attachments.size(), 3);
    EXPECT_GT(pu.attachments[0].id, 0);
    EXPECT_EQ(pu.attachments[0].kind, StoredAttachment::Kind::Image);
    EXPECT_EQ(pu.attachments[0].name, img.name);
    EXPECT_EQ(pu.attachments[0].mimeType, img.mimeType);
    EXPECT_EQ(pu.attachments[0].data, img.data);
    EXPECT_EQ(pu.attachments[1].kind, StoredAttachment::Kind::Audio);
    EXPECT_EQ(pu.attachments[1].data, voice.data);
    EXPECT_EQ(pu.attachments[1].durationMs, 1500);
    EXPECT_EQ(pu.attachments[2].name, empty.name);
    EXPECT_TRUE(pu.attachments[2].data.isEmpty());
    const StoredMessage &pa = path[1];
    EXPECT_EQ(pa.parentId, uid);
    EXPECT_EQ(pa.thinking, a.thinking);
    EXPECT_EQ(pa.toolCalls, a.toolCalls);
    EXPECT_EQ(pa.stats, a.stats);
    EXPECT_EQ(pa.error, a.error);
    EXPECT_FALSE(pa.complete);
    EXPECT_TRUE(pa.created.isValid());
    EXPECT_TRUE(pa.attachments.isEmpty());

    const StoredMessage single = store->message(uid);
    EXPECT_EQ(single.content, u.content);
    EXPECT_EQ(single.attachments.size(), 3);
    EXPECT_EQ(store->message(aid + 1000).id, 0);
}

TEST_F(StoreTest, AddMessageRejectsBadInputAndWritesNothing) {
    const qint64 conv = newConversation();
    const qint64 other = newConversation();
    const qint64 foreign = add(other, 0, QStringLiteral("user"), QStringLiteral("elsewhere"));
    StoredMessage m;
    m.conversationId = conv;
    m.role = QStringLiteral("user");
    m.content = QStringLiteral("x");
    QString error;

    StoredMessage badRole = m;
    badRole.role = QStringLiteral("wizard");
    EXPECT_EQ(store->addMessage(badRole, &error), 0);
    EXPECT_TRUE(error.contains(QStringLiteral("wizard"))) << error.toStdString();

    StoredMessage noConv = m;
    noConv.conversationId = 777;
    EXPECT_EQ(store->addMessage(noConv, &error), 0);
    EXPECT_TRUE(error.contains(QStringLiteral("777"))) << error.toStdString();

    StoredMessage wrongParent = m;
    wrongParent.parentId = foreign;  // a message of another conversation
    EXPECT_EQ(store->addMessage(wrongParent, &error), 0);
    EXPECT_FALSE(error.isEmpty());
    wrongParent.parentId = 99999;
    EXPECT_EQ(store->addMessage(wrongParent, &error), 0);

    StoredMessage badKind = m;
    StoredAttachment weird;
    weird.kind = static_cast<StoredAttachment::Kind>(7);
    badKind.attachments = {weird};
    EXPECT_EQ(store->addMessage(badKind, &error), 0);

    EXPECT_TRUE(store->currentPath(conv).isEmpty());
    EXPECT_EQ(store->currentLeaf(conv), 0);
    Sql sql(path);
    EXPECT_EQ(sql.one(QStringLiteral("SELECT count(*) FROM messages")), QStringLiteral("1"));
    EXPECT_EQ(sql.one(QStringLiteral("SELECT count(*) FROM attachments")), QStringLiteral("0"));
}

TEST_F(StoreTest, StreamingUpdatesAndFinalSave) {
    const qint64 conv = newConversation();
    const qint64 u = add(conv, 0, QStringLiteral("user"), QStringLiteral("Tell me a story"));
    StoredMessage a;
    a.conversationId = conv;
    a.parentId = u;
    a.role = QStringLiteral("assistant");
    a.complete = false;
    QString error;
    const qint64 id = store->addMessage(a, &error);
    ASSERT_GT(id, 0);
    for (int k = 1; k <= 5; ++k) {
        ASSERT_TRUE(store->updateMessage(id, streamContent(k), QStringLiteral("t%1").arg(k), {},
                                         QJsonObject{{"tokens", k}}, {}, false, &error))
            << error.toStdString();
        const StoredMessage now = store->message(id);
        EXPECT_EQ(now.content, streamContent(k));
        EXPECT_FALSE(now.complete);
    }
    const QJsonArray calls{QJsonObject{{"name", "f"}}};
    ASSERT_TRUE(store->updateMessage(id, QStringLiteral("The end."), QStringLiteral("done"), calls,
                                     QJsonObject{{"tokens", 6}}, {}, true, &error));
    const StoredMessage final = store->message(id);
    EXPECT_EQ(final.content, QStringLiteral("The end."));
    EXPECT_EQ(final.thinking, QStringLiteral("done"));
    EXPECT_EQ(final.toolCalls, calls);
    EXPECT_EQ(final.stats.value("tokens").toInt(), 6);
    EXPECT_TRUE(final.complete);
    // The search index follows the content.
    EXPECT_EQ(store->search(QStringLiteral("token3")).size(), 0);
    EXPECT_EQ(store->search(QStringLiteral("end")).size(), 1);
    error.clear();
    EXPECT_FALSE(store->updateMessage(id + 50, {}, {}, {}, {}, {}, true, &error));
    EXPECT_TRUE(error.contains(QString::number(id + 50))) << error.toStdString();
}

// u1 - a1 - u2 - a2            (the original)
//         \ u2' - a3, a3'      (u2 edited and resent, then a3 regenerated)
TEST_F(StoreTest, BranchingEditRegenerateAndSelect) {
    const qint64 conv = newConversation();
    const qint64 u1 = add(conv, 0, QStringLiteral("user"), QStringLiteral("first"));
    const qint64 a1 = add(conv, u1, QStringLiteral("assistant"), QStringLiteral("reply one"));
    const qint64 u2 = add(conv, a1, QStringLiteral("user"), QStringLiteral("second"));
    const qint64 a2 = add(conv, u2, QStringLiteral("assistant"), QStringLiteral("reply two"));
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2, a2}));
    EXPECT_EQ(store->conversations().first().messageCount, 4);

    const qint64 u2e = add(conv, a1, QStringLiteral("user"), QStringLiteral("second, edited"));
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2e}));
    EXPECT_EQ(store->siblings(u2), (QList<qint64>{u2, u2e}));
    EXPECT_EQ(store->siblings(u2e), (QList<qint64>{u2, u2e}));
    EXPECT_EQ(store->siblings(a1), QList<qint64>{a1});
    EXPECT_EQ(store->children(a1), (QList<qint64>{u2, u2e}));

    const qint64 a3 = add(conv, u2e, QStringLiteral("assistant"), QStringLiteral("reply three"));
    const qint64 a3r = add(conv, u2e, QStringLiteral("assistant"), QStringLiteral("regenerated"));
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2e, a3r}));
    EXPECT_EQ(store->siblings(a3), (QList<qint64>{a3, a3r}));
    EXPECT_EQ(store->conversations().first().messageCount, 4);

    QString error;
    ASSERT_TRUE(store->selectBranch(u2, &error)) << error.toStdString();
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2, a2}));
    ASSERT_TRUE(store->selectBranch(a3, &error));
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2e, a3}));
    ASSERT_TRUE(store->selectBranch(u2e, &error));  // the newest leaf below it
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2e, a3r}));
    ASSERT_TRUE(store->selectBranch(u1, &error));  // the newest leaf of the whole tree
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2e, a3r}));

    // Editing the very first message: a second root.
    const qint64 r2 = add(conv, 0, QStringLiteral("user"), QStringLiteral("first, edited"));
    EXPECT_EQ(store->siblings(u1), (QList<qint64>{u1, r2}));
    EXPECT_EQ(pathIds(conv), QList<qint64>{r2});
    ASSERT_TRUE(store->selectBranch(u1, &error));
    EXPECT_EQ(pathIds(conv).last(), a3r);

    error.clear();
    EXPECT_FALSE(store->selectBranch(424242, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(store->siblings(424242).isEmpty());
    expectSound(path);
}

TEST_F(StoreTest, DeleteMessageRemovesSubtreeAndMovesTheLeaf) {
    const qint64 conv = newConversation();
    const qint64 u1 = add(conv, 0, QStringLiteral("user"), QStringLiteral("first"));
    const qint64 a1 = add(conv, u1, QStringLiteral("assistant"), QStringLiteral("reply one"));
    StoredAttachment img;
    img.kind = StoredAttachment::Kind::Image;
    img.name = QStringLiteral("x.png");
    img.data = bytesFor(9, 500);
    const qint64 u2 = add(conv, a1, QStringLiteral("user"), QStringLiteral("old platypus"), {img});
    const qint64 a2 = add(conv, u2, QStringLiteral("assistant"), QStringLiteral("old reply"));
    const qint64 u2e = add(conv, a1, QStringLiteral("user"), QStringLiteral("new question"));
    const qint64 a3 = add(conv, u2e, QStringLiteral("assistant"), QStringLiteral("new reply"));
    QString error;

    // Not on the current path: the view stays.
    ASSERT_TRUE(store->deleteMessage(u2, &error)) << error.toStdString();
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2e, a3}));
    EXPECT_EQ(store->message(u2).id, 0);
    EXPECT_EQ(store->message(a2).id, 0);  // the subtree went with it
    EXPECT_TRUE(store->search(QStringLiteral("platypus")).isEmpty());
    EXPECT_EQ(Sql(path).one(QStringLiteral("SELECT count(*) FROM attachments")),
              QStringLiteral("0"));

    // The leaf itself, no siblings: back to the parent.
    ASSERT_TRUE(store->deleteMessage(a3, &error));
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, u2e}));

    // On the current path with a sibling branch: the view moves to that branch's newest leaf.
    const qint64 b1 = add(conv, a1, QStringLiteral("user"), QStringLiteral("third try"));
    const qint64 b2 = add(conv, b1, QStringLiteral("assistant"), QStringLiteral("third reply"));
    ASSERT_TRUE(store->selectBranch(u2e, &error));
    const qint64 c1 = add(conv, u2e, QStringLiteral("assistant"), QStringLiteral("under u2e"));
    ASSERT_TRUE(store->deleteMessage(u2e, &error));
    EXPECT_EQ(store->message(c1).id, 0);
    EXPECT_EQ(pathIds(conv), (QList<qint64>{u1, a1, b1, b2}));

    // The root: nothing left.
    ASSERT_TRUE(store->deleteMessage(u1, &error));
    EXPECT_TRUE(store->currentPath(conv).isEmpty());
    EXPECT_EQ(store->currentLeaf(conv), 0);
    EXPECT_EQ(store->conversations().first().messageCount, 0);
    EXPECT_EQ(Sql(path).one(QStringLiteral("SELECT count(*) FROM messages")), QStringLiteral("0"));

    error.clear();
    EXPECT_FALSE(store->deleteMessage(u1, &error));
    EXPECT_FALSE(error.isEmpty());
    expectSound(path);
}

TEST_F(StoreTest, LongChainsReadAndDeleteWithoutDepthLimits) {
    // 2500 messages in one chain, written behind the store's back in one transaction (2500 fsyncs
    // would make the test slow): SQLite caps cascades and triggers at 1000 levels, the store must
    // not depend on either.
    const qint64 conv = newConversation();
    {
        Sql sql(path);
        ASSERT_TRUE(sql.exec(QStringLiteral("BEGIN")));
        for (int i = 1; i <= 2500; ++i) {
            ASSERT_TRUE(
                sql.exec(QStringLiteral("INSERT INTO messages (id, conversation_id, "
                                        "parent_id, role, content, created) VALUES "
                                        "(%1, %2, %3, 'user', 'chain link %1', 0)")
                             .arg(1000 + i)
                             .arg(conv)
                             .arg(i == 1 ? QStringLiteral("NULL") : QString::number(999 + i))));
        }
        ASSERT_TRUE(sql.exec(QStringLiteral("UPDATE conversations SET current_leaf = 3500")));
        ASSERT_TRUE(sql.exec(QStringLiteral("COMMIT")));
    }
    const QList<StoredMessage> chain = store->currentPath(conv);
    ASSERT_EQ(chain.size(), 2500);
    EXPECT_EQ(chain.first().id, 1001);
    EXPECT_EQ(chain.last().content, QStringLiteral("chain link 3500"));
    EXPECT_EQ(store->conversations().first().messageCount, 2500);
    QString error;
    ASSERT_TRUE(store->selectBranch(1001, &error));
    EXPECT_EQ(store->currentLeaf(conv), 3500);
    ASSERT_TRUE(store->deleteMessage(1001, &error)) << error.toStdString();
    EXPECT_TRUE(store->currentPath(conv).isEmpty());
    EXPECT_TRUE(store->search(QStringLiteral("chain")).isEmpty());
    expectSound(path);
}

// ---- search ----

TEST_F(StoreTest, SearchFindsWordsPrefixesAndTitles) {
    const qint64 conv = newConversation(QStringLiteral("Holiday planning"));
    const qint64 other = newConversation(QStringLiteral("Work"));
    const qint64 m1 = add(conv, 0, QStringLiteral("user"),
                          QStringLiteral("Which café in Lisbon serves the best pastel de nata?"));
    const qint64 m2 = add(other, 0, QStringLiteral("user"),
                          QStringLiteral("Refactor the conversation store before Friday."));
    add(other, m2, QStringLiteral("assistant"), QStringLiteral("Привет, мир! Готово."));

    auto hits = store->search(QStringLiteral("lisbon"));
    ASSERT_EQ(hits.size(), 1);
    EXPECT_EQ(hits[0].conversationId, conv);
    EXPECT_EQ(hits[0].messageId, m1);
    EXPECT_EQ(hits[0].title, QStringLiteral("Holiday planning"));
    EXPECT_TRUE(hits[0].snippet.contains(ConversationStore::kMatchStart + QStringLiteral("Lisbon") +
                                         ConversationStore::kMatchEnd))
        << hits[0].snippet.toStdString();

    EXPECT_EQ(store->search(QStringLiteral("cafe")).size(), 1);        // diacritics folded
    EXPECT_EQ(store->search(QStringLiteral("conv")).size(), 1);        // the last word: prefix
    EXPECT_EQ(store->search(QStringLiteral("conv store")).size(), 0);  // earlier words: whole
    EXPECT_EQ(store->search(QStringLiteral("conversation st")).size(), 1);
    EXPECT_EQ(store->search(QStringLiteral("lisbon friday")).size(), 0);  // all words must match
    EXPECT_EQ(store->search(QStringLiteral("ПРИВЕТ")).size(), 1);  // case folding beyond ASCII
    EXPECT_EQ(store->search(QStringLiteral("мир")).size(), 1);

    hits = store->search(QStringLiteral("holi"));
    ASSERT_EQ(hits.size(), 1);
    EXPECT_EQ(hits[0].conversationId, conv);
    EXPECT_EQ(hits[0].messageId, 0);  // the title matched
    EXPECT_EQ(ConversationStore::snippetToHtml(hits[0].snippet),
              QStringLiteral("<b>Holiday</b> planning"));

    // Titles first, then messages; the limit holds.
    for (int i = 0; i < 5; ++i)
        add(other, 0, QStringLiteral("user"), QStringLiteral("work item %1").arg(i));
    hits = store->search(QStringLiteral("work"));
    ASSERT_EQ(hits.size(), 6);
    EXPECT_EQ(hits[0].messageId, 0);
    EXPECT_EQ(store->search(QStringLiteral("work"), 3).size(), 3);
    EXPECT_TRUE(store->search(QStringLiteral("work"), 0).isEmpty());
}

TEST_F(StoreTest, SearchTakesOddInputAsPlainText) {
    const qint64 conv = newConversation();
    const qint64 m = add(conv, 0, QStringLiteral("user"),
                         QStringLiteral("Use NEAR( carefully: \"quotes\" AND * OR -minus col:umn "
                                        "^caret 50% off_by_one"));
    const qint64 jp = add(conv, m, QStringLiteral("assistant"),
                          QStringLiteral("今日は良い天気ですね。東京タワーに行きましょう。"));
    // Operators of the FTS5 query language are plain words here.
    const QStringList oddFindingIt = {
        QStringLiteral("NEAR("),      QStringLiteral("near(carefully"),
        QStringLiteral("\"quotes"),   QStringLiteral("AND"),
        QStringLiteral("OR"),         QStringLiteral("-minus"),
        QStringLiteral("col:umn"),    QStringLiteral("^caret"),
        QStringLiteral("50%"),        QStringLiteral("off_by_one"),
        QStringLiteral("\"use\" \""), QStringLiteral("NEAR(use carefully, 50)"),
    };
    for (const QString &q : oddFindingIt) {
        const auto hits = store->search(q);
        ASSERT_EQ(hits.size(), 1) << q.toStdString();
        EXPECT_EQ(hits[0].messageId, m) << q.toStdString();
    }
    // Nothing to search for: no hits, no error.
    for (const QString &q : {QString(), QStringLiteral("   "), QStringLiteral("\""),
                             QStringLiteral("*"), QStringLiteral("\"\"*"), QStringLiteral("()"),
                             QStringLiteral("%"), QStringLiteral("_"), QStringLiteral("\\"),
                             QStringLiteral("🎉"), QStringLiteral("'); DROP TABLE messages; --")}) {
        EXPECT_TRUE(store->search(q).isEmpty()) << q.toStdString();
    }
    EXPECT_TRUE(store->search(QStringLiteral("zzzzqqq")).isEmpty());
    // A pasted wall of text is searched by its first words, without failing.
    EXPECT_EQ(store->search(QStringLiteral("carefully ").repeated(2000)).size(), 1);
    // Japanese: no spaces between words, found as a substring.
    const auto hits = store->search(QStringLiteral("天気"));
    ASSERT_EQ(hits.size(), 1);
    EXPECT_EQ(hits[0].messageId, jp);
    EXPECT_TRUE(hits[0].snippet.contains(ConversationStore::kMatchStart + QStringLiteral("天気") +
                                         ConversationStore::kMatchEnd));
    EXPECT_EQ(store->search(QStringLiteral("東京タワー")).size(), 1);
    EXPECT_EQ(Sql(path).one(QStringLiteral("SELECT count(*) FROM messages")), QStringLiteral("2"));
}

TEST(ConversationStoreSearch, WorksWithoutFts5AndIndexesOnceAvailable) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("nofts.sqlite"));
    qint64 conv = 0, m = 0;
    QString error;
    {
        qputenv("FACET_CONVERSATIONS_NO_FTS5", "1");
        ConversationStore store(path);
        const bool opened = store.open(&error);
        qunsetenv("FACET_CONVERSATIONS_NO_FTS5");
        ASSERT_TRUE(opened) << error.toStdString();
        EXPECT_FALSE(store.hasFullTextSearch());
        conv = store.createConversation(QStringLiteral("Kitchen"), {}, &error);
        StoredMessage msg;
        msg.conversationId = conv;
        msg.role = QStringLiteral("user");
        msg.content = QStringLiteral("A recipe for Lemon <cake> & tea");
        m = store.addMessage(msg, &error);
        ASSERT_GT(m, 0);
        const auto hits = store.search(QStringLiteral("lemon cak"));  // LIKE: substrings, AND
        ASSERT_EQ(hits.size(), 1);
        EXPECT_EQ(hits[0].messageId, m);
        EXPECT_EQ(ConversationStore::snippetToHtml(hits[0].snippet),
                  QStringLiteral("A recipe for <b>Lemon</b> &lt;<b>cak</b>e&gt; &amp; tea"));
        ASSERT_EQ(store.search(QStringLiteral("kitch")).size(), 1);
        EXPECT_EQ(store.search(QStringLiteral("kitch"))[0].messageId, 0);
        EXPECT_TRUE(store.search(QStringLiteral("\"NEAR(")).isEmpty());
        EXPECT_EQ(Sql(path).one(QStringLiteral(
                      "SELECT count(*) FROM sqlite_master WHERE name = 'messages_fts'")),
                  QStringLiteral("0"));
    }
    ConversationStore store(path);
    ASSERT_TRUE(store.open(&error)) << error.toStdString();
    EXPECT_TRUE(store.hasFullTextSearch());
    const auto hits = store.search(QStringLiteral("recipe"));  // indexed from what was saved
    ASSERT_EQ(hits.size(), 1);
    EXPECT_EQ(hits[0].messageId, m);
    EXPECT_EQ(store.search(QStringLiteral("kitchen")).size(), 1);
    expectSound(path);
}

TEST(ConversationStoreSearch, SnippetToHtmlEscapesAndMarks) {
    const QString s = QStringLiteral("…a <script>") + ConversationStore::kMatchStart +
                      QStringLiteral("x&y") + ConversationStore::kMatchEnd +
                      QStringLiteral(" \"z\"");
    EXPECT_EQ(ConversationStore::snippetToHtml(s),
              QStringLiteral("…a &lt;script&gt;<b>x&amp;y</b> &quot;z&quot;"));
}

// ---- export ----

class ExportTest : public StoreTest {
protected:
    void SetUp() override {
        StoreTest::SetUp();
        ConversationSettings s;
        s.systemPrompt = QStringLiteral("Be brief.");
        QString error;
        conv = store->createConversation(QStringLiteral("Export me"), s, &error);
        store->setModelPath(conv, QStringLiteral("/m/gemma-4-e4b.gguf"), &error);
        StoredAttachment img;
        img.kind = StoredAttachment::Kind::Image;
        img.name = QStringLiteral("plot.png");
        img.mimeType = QStringLiteral("image/png");
        img.data = bytesFor(5, 1234);
        u = add(conv, 0, QStringLiteral("user"), QStringLiteral("Explain this plot"), {img});
        old = add(conv, u, QStringLiteral("assistant"), QStringLiteral("An abandoned draft"));
        StoredMessage a;
        a.conversationId = conv;
        a.parentId = u;
        a.role = QStringLiteral("assistant");
        a.content = QStringLiteral("It rises **linearly**.");
        a.thinking = QStringLiteral("Look at the axes first.");
        a.toolCalls = QJsonArray{QJsonObject{{"name", "measure"}}};
        a.stats = QJsonObject{{"tokens", 7}};
        answer = store->addMessage(a, &error);
        ASSERT_GT(answer, 0) << error.toStdString();
    }
    qint64 conv = 0, u = 0, old = 0, answer = 0;
};

TEST_F(ExportTest, JsonHasTheCurrentPath) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(store->exportJson(conv), &pe);
    ASSERT_EQ(pe.error, QJsonParseError::NoError) << pe.errorString().toStdString();
    const QJsonObject root = doc.object();
    EXPECT_EQ(root.value("format").toString(), QStringLiteral("facet.conversation"));
    EXPECT_EQ(root.value("version").toInt(), 1);
    EXPECT_EQ(root.value("title").toString(), QStringLiteral("Export me"));
    EXPECT_EQ(root.value("model").toString(), QStringLiteral("/m/gemma-4-e4b.gguf"));
    EXPECT_EQ(root.value("settings").toObject().value("systemPrompt").toString(),
              QStringLiteral("Be brief."));
    EXPECT_TRUE(
        QDateTime::fromString(root.value("created").toString(), Qt::ISODateWithMs).isValid());
    const QJsonArray messages = root.value("messages").toArray();
    ASSERT_EQ(messages.size(), 2);  // the abandoned draft is another branch
    const QJsonObject first = messages[0].toObject();
    EXPECT_EQ(first.value("role").toString(), QStringLiteral("user"));
    EXPECT_EQ(first.value("content").toString(), QStringLiteral("Explain this plot"));
    const QJsonArray atts = first.value("attachments").toArray();
    ASSERT_EQ(atts.size(), 1);
    EXPECT_EQ(atts[0].toObject().value("name").toString(), QStringLiteral("plot.png"));
    EXPECT_EQ(atts[0].toObject().value("kind").toString(), QStringLiteral("image"));
    EXPECT_EQ(atts[0].toObject().value("size").toInt(), 1234);
    EXPECT_FALSE(atts[0].toObject().contains("data"));
    const QJsonObject second = messages[1].toObject();
    EXPECT_EQ(second.value("id").toInteger(), answer);
    EXPECT_EQ(second.value("parentId").toInteger(), u);
    EXPECT_EQ(second.value("content").toString(), QStringLiteral("It rises **linearly**."));
    EXPECT_EQ(second.value("thinking").toString(), QStringLiteral("Look at the axes first."));
    EXPECT_EQ(second.value("toolCalls").toArray(), (QJsonArray{QJsonObject{{"name", "measure"}}}));
    EXPECT_EQ(second.value("stats").toObject().value("tokens").toInt(), 7);
    EXPECT_TRUE(second.value("complete").toBool());

    // With the bytes.
    const QJsonObject withData = QJsonDocument::fromJson(store->exportJson(conv, true)).object();
    const QJsonObject att = withData.value("messages")
                                .toArray()[0]
                                .toObject()
                                .value("attachments")
                                .toArray()[0]
                                .toObject();
    EXPECT_EQ(QByteArray::fromBase64(att.value("data").toString().toLatin1()), bytesFor(5, 1234));
    EXPECT_TRUE(store->exportJson(conv + 99).isEmpty());
}

TEST_F(ExportTest, MarkdownIsReadable) {
    const QString md = QString::fromUtf8(store->exportMarkdown(conv));
    EXPECT_TRUE(md.startsWith(QStringLiteral("# Export me\n"))) << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("## System prompt\n\nBe brief.")));
    EXPECT_TRUE(md.contains(QStringLiteral("## User\n\nExplain this plot")));
    EXPECT_TRUE(md.contains(QStringLiteral("plot.png")));
    EXPECT_TRUE(md.contains(QStringLiteral("## Assistant")));
    EXPECT_TRUE(md.contains(QStringLiteral("It rises **linearly**.")));
    EXPECT_TRUE(md.contains(QStringLiteral("<summary>Thinking</summary>")));
    EXPECT_TRUE(md.contains(QStringLiteral("Look at the axes first.")));
    EXPECT_TRUE(md.contains(QStringLiteral("\"measure\"")));
    EXPECT_TRUE(md.contains(QStringLiteral("gemma-4-e4b.gguf")));
    EXPECT_FALSE(md.contains(QStringLiteral("abandoned draft")));
    // The user's message comes before the answer.
    EXPECT_LT(md.indexOf(QStringLiteral("Explain this plot")),
              md.indexOf(QStringLiteral("It rises")));
    EXPECT_TRUE(store->exportMarkdown(conv + 99).isEmpty());
}

// ---- training data ----

QList<QJsonObject> readJsonl(const QString &path, int *badLines) {
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    QList<QJsonObject> out;
    *badLines = 0;
    const QByteArray all = f.readAll();
    EXPECT_TRUE(all.endsWith('\n'));
    for (const QByteArray &line : all.split('\n')) {
        if (line.isEmpty()) continue;
        QJsonParseError pe;
        const QJsonDocument d = QJsonDocument::fromJson(line, &pe);
        if (pe.error != QJsonParseError::NoError || !d.isObject()) {
            ++*badLines;
        } else {
            out << d.object();
        }
    }
    return out;
}

TEST_F(ExportTest, TrainingExamplesAreAppendedAsJsonLines) {
    const QString file = dir.filePath(QStringLiteral("deep/er/examples.jsonl"));  // folders made
    QString error;
    ASSERT_TRUE(store->appendTrainingExample(answer, file, &error)) << error.toStdString();
    // The other branch's answer: the path up to that message, not the current one.
    ASSERT_TRUE(store->appendTrainingExample(old, file, &error)) << error.toStdString();
    int bad = 0;
    const QList<QJsonObject> lines = readJsonl(file, &bad);
    EXPECT_EQ(bad, 0);
    ASSERT_EQ(lines.size(), 2);
    const QJsonArray first = lines[0].value("messages").toArray();
    ASSERT_EQ(first.size(), 3);
    EXPECT_EQ(first[0].toObject(), (QJsonObject{{"role", "system"}, {"content", "Be brief."}}));
    EXPECT_EQ(first[1].toObject(),
              (QJsonObject{{"role", "user"}, {"content", "Explain this plot"}}));
    const QJsonObject reply = first[2].toObject();
    EXPECT_EQ(reply.value("role").toString(), QStringLiteral("assistant"));
    EXPECT_EQ(reply.value("content").toString(), QStringLiteral("It rises **linearly**."));
    EXPECT_FALSE(reply.contains("thinking"));
    EXPECT_FALSE(QJsonDocument(lines[0]).toJson().contains("Look at the axes"));
    EXPECT_EQ(reply.value("tool_calls").toArray(), (QJsonArray{QJsonObject{{"name", "measure"}}}));
    const QJsonArray second = lines[1].value("messages").toArray();
    ASSERT_EQ(second.size(), 3);
    EXPECT_EQ(second[2].toObject().value("content").toString(),
              QStringLiteral("An abandoned draft"));

    // Only an assistant answer ends an example; unknown ids fail.
    error.clear();
    EXPECT_FALSE(store->appendTrainingExample(u, file, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(store->appendTrainingExample(answer + 77, file, &error));
    EXPECT_EQ(readJsonl(file, &bad).size(), 2);
}

TEST_F(ExportTest, TrainingFileWithACutLastLineIsRepaired) {
    const QString file = dir.filePath(QStringLiteral("examples.jsonl"));
    const QByteArray before = "{\"messages\":[]}\n{\"messages\":[{\"role\":\"us";
    {
        QFile f(file);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(before);
    }
    QString error;
    ASSERT_TRUE(store->appendTrainingExample(answer, file, &error)) << error.toStdString();
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray after = f.readAll();
    EXPECT_TRUE(after.startsWith(before + '\n'));  // old bytes untouched, the cut line ended
    int bad = 0;
    const QList<QJsonObject> lines = readJsonl(file, &bad);
    EXPECT_EQ(bad, 1);  // the cut line stays what it was
    ASSERT_EQ(lines.size(), 2);
    EXPECT_EQ(lines.last().value("messages").toArray().size(), 3);
}

TEST_F(ExportTest, TrainingFileErrorsAreClearAndHarmless) {
    QString error;
    const QString blocker = dir.filePath(QStringLiteral("file"));
    {
        QFile f(blocker);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("x");
    }
    EXPECT_FALSE(
        store->appendTrainingExample(answer, blocker + QStringLiteral("/t.jsonl"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("Cannot create the folder"))) << error.toStdString();
    error.clear();
    EXPECT_FALSE(store->appendTrainingExample(answer, dir.path(), &error));  // a folder
    EXPECT_FALSE(error.isEmpty());

    // A full disk (a file-size limit makes write() fail with EFBIG): the file is cut back to what
    // it was.
    const QString file = dir.filePath(QStringLiteral("full.jsonl"));
    const QByteArray before = "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}\n";
    {
        QFile f(file);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(before);
    }
    error.clear();
    bool saved = true;
    withFileSizeLimit(static_cast<rlim_t>(before.size() + 20),
                      [&] { saved = store->appendTrainingExample(answer, file, &error); });
    EXPECT_FALSE(saved);
    EXPECT_TRUE(error.contains(QDir::toNativeSeparators(file))) << error.toStdString();
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), before);
}

// ---- titles ----

TEST(ConversationStoreTitles, TitleFromFirstMessage) {
    EXPECT_EQ(ConversationStore::titleFrom(QStringLiteral("  Hello there  ")),
              QStringLiteral("Hello there"));
    EXPECT_EQ(ConversationStore::titleFrom(QStringLiteral("\n\n  First line\nsecond line")),
              QStringLiteral("First line"));
    EXPECT_EQ(ConversationStore::titleFrom(QStringLiteral("tabs\tand   spaces")),
              QStringLiteral("tabs and spaces"));
    EXPECT_EQ(ConversationStore::titleFrom(QString()), QStringLiteral("New chat"));
    EXPECT_EQ(ConversationStore::titleFrom(QStringLiteral(" \n \t ")), QStringLiteral("New chat"));
    const QString longText = QStringLiteral(
        "Please explain how the attention mechanism in transformer models works, step by step");
    const QString t = ConversationStore::titleFrom(longText);
    EXPECT_TRUE(t.endsWith(QStringLiteral("…")));
    EXPECT_LE(t.size(), 61);
    EXPECT_EQ(t, QStringLiteral("Please explain how the attention mechanism in transformer…"));
    EXPECT_TRUE(longText.startsWith(t.chopped(1)));
    // One endless word: cut inside it, never inside a surrogate pair.
    const QString emoji = QString(70, u'x');
    EXPECT_EQ(ConversationStore::titleFrom(emoji), QString(60, u'x') + QStringLiteral("…"));
    QString pairs;
    for (int i = 0; i < 40; ++i)
        pairs += QStringLiteral("🎉");
    const QString cut = ConversationStore::titleFrom(pairs);
    EXPECT_FALSE(cut.chopped(1).back().isHighSurrogate());
    EXPECT_TRUE(pairs.startsWith(cut.chopped(1)));
    EXPECT_EQ(ConversationStore::titleFrom(QString(60, u'y')), QString(60, u'y'));
}

// ---- kill -9 ----

struct ChildOutput {
    qint64 conversation = 0;
    QList<QPair<int, qint64>> messages;  // (i, id) of "msg i id"
    qint64 streamId = 0;
    int lastSaved = 0;
    QString error;
};

void parseLine(const QByteArray &raw, ChildOutput &out) {
    const QByteArray line = raw.trimmed();
    const QList<QByteArray> f = line.split(' ');
    if (f.value(0) == "conv") out.conversation = f.value(1).toLongLong();
    if (f.value(0) == "msg" && f.size() == 3)
        out.messages << qMakePair(f[1].toInt(), f[2].toLongLong());
    if (f.value(0) == "msg" && f.size() == 2) out.streamId = f[1].toLongLong();
    if (f.value(0) == "saved") out.lastSaved = f.value(1).toInt();
    if (f.value(0) == "error") out.error = QString::fromUtf8(line);
}

// Runs this binary as a writer, reads until `enough` holds, kills it with SIGKILL, then reads
// whatever it had printed before dying (those writes were committed too).
ChildOutput runAndKill(const QString &db, const QByteArray &mode,
                       const std::function<bool(const ChildOutput &)> &enough) {
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kChildMode), QString::fromLatin1(mode));
    env.insert(QString::fromLatin1(kChildDb), db);
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start(QCoreApplication::applicationFilePath(), {});
    ChildOutput out;
    if (!child.waitForStarted(30000)) {
        out.error = QStringLiteral("child did not start");
        return out;
    }
    while (!enough(out) && out.error.isEmpty()) {
        if (!child.canReadLine() && !child.waitForReadyRead(30000)) {
            out.error = QStringLiteral("child stalled or ended: ") +
                        QString::fromUtf8(child.readAllStandardError());
            break;
        }
        while (child.canReadLine())
            parseLine(child.readLine(), out);
    }
    child.kill();  // SIGKILL
    child.waitForFinished(30000);
    EXPECT_EQ(child.exitStatus(), QProcess::CrashExit);
    for (const QByteArray &line : child.readAllStandardOutput().split('\n')) {
        if (!line.isEmpty()) parseLine(line, out);
    }
    return out;
}

TEST(ConversationStoreCrash, KillDuringAddMessageLosesNothingCommitted) {
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("crash.sqlite"));
    std::mt19937 rng(static_cast<unsigned>(QDateTime::currentMSecsSinceEpoch()));
    const int want = 15 + static_cast<int>(rng() % 25);
    const ChildOutput out =
        runAndKill(db, "messages", [&](const ChildOutput &o) { return o.messages.size() >= want; });
    ASSERT_TRUE(out.error.isEmpty()) << out.error.toStdString();
    ASSERT_GE(out.messages.size(), want);

    expectSound(db);
    ConversationStore store(db);
    QString error;
    ASSERT_TRUE(store.open(&error)) << error.toStdString();
    EXPECT_TRUE(store.recoveryNotice().isEmpty());
    const QList<StoredMessage> path = store.currentPath(out.conversation);
    // Every message the child reported is there, in order, exactly; at most one more (committed
    // but killed before it could print the id).
    ASSERT_GE(path.size(), out.messages.size());
    ASSERT_LE(path.size(), out.messages.size() + 1);
    for (int k = 0; k < path.size(); ++k) {
        const int i = k;  // the child numbers its messages from 0 along one chain
        if (k < out.messages.size()) {
            EXPECT_EQ(out.messages[k].first, i);
            EXPECT_EQ(path[k].id, out.messages[k].second);
        }
        EXPECT_EQ(path[k].content, contentFor(i)) << "message " << i;
        const QList<StoredAttachment> expected = attachmentsFor(i);
        ASSERT_EQ(path[k].attachments.size(), expected.size()) << "message " << i;
        for (int a = 0; a < expected.size(); ++a) {
            EXPECT_EQ(path[k].attachments[a].name, expected[a].name);
            EXPECT_EQ(path[k].attachments[a].data, expected[a].data) << "message " << i;
            EXPECT_EQ(path[k].attachments[a].durationMs, expected[a].durationMs);
        }
    }
    // Search still agrees with the content.
    const auto hits = store.search(QStringLiteral("Message"));
    EXPECT_EQ(hits.size(), std::min<qsizetype>(50, path.size()));
}

TEST(ConversationStoreCrash, KillDuringStreamingKeepsTheLastSave) {
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("stream.sqlite"));
    std::mt19937 rng(static_cast<unsigned>(QDateTime::currentMSecsSinceEpoch()));
    const int want = 3 + static_cast<int>(rng() % 20);
    const ChildOutput out =
        runAndKill(db, "stream", [&](const ChildOutput &o) { return o.lastSaved >= want; });
    ASSERT_TRUE(out.error.isEmpty()) << out.error.toStdString();
    ASSERT_GE(out.lastSaved, want);
    ASSERT_GT(out.streamId, 0);

    expectSound(db);
    ConversationStore store(db);
    QString error;
    ASSERT_TRUE(store.open(&error)) << error.toStdString();
    const StoredMessage m = store.message(out.streamId);
    ASSERT_EQ(m.id, out.streamId);
    EXPECT_FALSE(m.complete);
    // The last reported save, or the one after it (committed, killed before printing).
    const int k = m.stats.value("tokens").toInt();
    EXPECT_TRUE(k == out.lastSaved || k == out.lastSaved + 1) << k << " vs " << out.lastSaved;
    EXPECT_EQ(m.content, streamContent(k));
    EXPECT_EQ(m.thinking, QStringLiteral("thinking %1").arg(k));
    EXPECT_EQ(store.currentLeaf(out.conversation), out.streamId);
}

}  // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("facet-conversations-test"));
    // Never the user's real data folder.
    QStandardPaths::setTestModeEnabled(true);
    const QByteArray mode = qgetenv(kChildMode);
    if (!mode.isEmpty()) return runChild(mode);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
