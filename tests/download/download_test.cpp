// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The download manager against a local registry / Hugging Face stand-in that injects faults.
// After every fault: either a verified model that scanAll lists, or a clear failure and nothing
// registered (no manifest, no blob, no partial file left that the library could pick up).
#include "download/download_manager.h"
#include "models/model_discovery.h"
#include "support/gemma4_fixture.h"
#include "test_server.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTimer>

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <csignal>

namespace facet::download {
namespace {

using facet::test::TestServer;

QCoreApplication &app() {
    static int argc = 1;
    static char name[] = "facet_download_tests";
    static char *argv[] = {name, nullptr};
    static QCoreApplication a(argc, argv);
    return a;
}

// A small Gemma 4 GGUF padded to `bytes` with random data (GGUF readers ignore what follows the
// tensor data), so that transfers take several parts.
QByteArray gemmaModel(qint64 bytes = 3 * 1024 * 1024 + 12345) {
    static const QByteArray header = [] {
        facet::test::Gemma4FixtureOptions o;
        o.layers = 2;
        o.hidden = 32;
        o.heads = 2;
        o.headDimSliding = 16;
        o.headDimGlobal = 32;
        o.sharedKvLayers = 0;
        o.ffnWidth = 32;
        o.pleDim = 0;
        o.vocab = 400;
        QString error;
        const QByteArray b = facet::test::gemma4FixtureBytes(o, &error);
        EXPECT_FALSE(b.isEmpty()) << error.toStdString();
        return b;
    }();
    QByteArray out = header;
    QByteArray pad(bytes - header.size(), Qt::Uninitialized);
    QRandomGenerator rng(42);
    for (qsizetype i = 0; i < pad.size(); ++i)
        pad[i] = char(rng.generate() & 0xff);
    return out + pad;
}

QString sha256(const QByteArray &b) {
    return QString::fromLatin1(QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex());
}

QStringList filesUnder(const QString &root) {
    QStringList out;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << QDir(root).relativeFilePath(it.next());
    out.sort();
    return out;
}

struct Outcome {
    bool completed = false;
    bool failed = false;
    QString message;
    QString modelName, modelPath;
};

class DownloadTest : public ::testing::Test {
protected:
    void SetUp() override {
        app();
        // The local server must never be reached through a proxy from the environment.
        for (const char *v :
             {"http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"})
            qunsetenv(v);
        ASSERT_TRUE(store.isValid());
        manager.setStoreDir(store.path());
        manager.setRegistry(QUrl(server.base()));
        DownloadOptions o;
        o.parallelParts = 3;
        o.partSize = 512 * 1024;
        o.retryBaseDelayMs = 5;
        o.retryMaxDelayMs = 40;
        o.stallTimeoutMs = 400;
        o.maxRetries = 4;
        o.maxRedirects = 5;
        o.stateSaveIntervalMs = 20;
        manager.setOptions(o);
    }

    // Runs a pull to its end (completed or failed; 30 s is a hang).
    Outcome pull(const QString &name) {
        Outcome out;
        QEventLoop loop;
        auto c1 = QObject::connect(&manager, &DownloadManager::completed, &loop,
                                   [&](const QString &, const QString &n, const QString &p) {
                                       out.completed = true;
                                       out.modelName = n;
                                       out.modelPath = p;
                                       loop.quit();
                                   });
        auto c2 = QObject::connect(&manager, &DownloadManager::failed, &loop,
                                   [&](const QString &, const QString &m) {
                                       out.failed = true;
                                       out.message = m;
                                       loop.quit();
                                   });
        QString error;
        const QString id = manager.pull(name, &error);
        EXPECT_FALSE(id.isEmpty()) << error.toStdString();
        if (id.isEmpty()) return out;
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        loop.exec();
        QObject::disconnect(c1);
        QObject::disconnect(c2);
        EXPECT_TRUE(out.completed || out.failed) << "the pull neither completed nor failed";
        return out;
    }

    QList<models::ModelEntry> library() {
        models::SearchPaths p;
        p.facet = store.path();
        return models::scanAll(p, nullptr);
    }

    // The success contract: one verified model, listed, with the served bytes; no leftovers.
    void expectInstalled(const Outcome &o, const QString &name, const QByteArray &bytes) {
        ASSERT_TRUE(o.completed) << o.message.toStdString();
        EXPECT_EQ(o.modelName, name);
        const auto list = library();
        ASSERT_EQ(list.size(), 1);
        EXPECT_EQ(list.front().name, name);
        EXPECT_EQ(list.front().source, models::Source::Facet);
        EXPECT_EQ(list.front().path, o.modelPath);
        QFile f(o.modelPath);
        ASSERT_TRUE(f.open(QIODevice::ReadOnly));
        EXPECT_EQ(sha256(f.readAll()), sha256(bytes));
        for (const QString &file : filesUnder(store.path()))
            EXPECT_FALSE(file.contains(QStringLiteral(".partial"))) << file.toStdString();
    }

    // The failure contract: a message, and nothing the library would list.
    void expectNothingRegistered(const Outcome &o) {
        EXPECT_TRUE(o.failed);
        EXPECT_FALSE(o.message.isEmpty());
        EXPECT_TRUE(library().isEmpty());
        for (const QString &file : filesUnder(store.path())) {
            EXPECT_FALSE(file.startsWith(QStringLiteral("manifests/"))) << file.toStdString();
            EXPECT_FALSE(file.endsWith(QStringLiteral(".gguf"))) << file.toStdString();
        }
    }

    // Constructed first: the members below need the application object.
    struct AppFirst {
        AppFirst() { app(); }
    } appFirst;
    QTemporaryDir store;
    TestServer server;
    DownloadManager manager;
};

TEST_F(DownloadTest, ParsesPullRequests) {
    QString error;
    auto r = parsePullRequest(QStringLiteral("gemma4:e2b"), &error);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->kind, PullRequest::Kind::Ollama);
    EXPECT_EQ(r->display, QStringLiteral("gemma4:e2b"));
    EXPECT_EQ(r->nameSpace, QStringLiteral("library"));
    r = parsePullRequest(QStringLiteral("https://huggingface.co/unsloth/gemma-4-E2B-it-GGUF/blob/"
                                        "main/gemma-4-E2B-it-Q4_K_M.gguf"),
                         &error);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->kind, PullRequest::Kind::HuggingFace);
    EXPECT_EQ(
        r->url.path(),
        QStringLiteral("/unsloth/gemma-4-E2B-it-GGUF/resolve/main/gemma-4-E2B-it-Q4_K_M.gguf"));
    EXPECT_EQ(r->fileName, QStringLiteral("gemma-4-E2B-it-Q4_K_M.gguf"));
    r = parsePullRequest(QStringLiteral("unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q8_0.gguf"),
                         &error);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->kind, PullRequest::Kind::HuggingFace);
    EXPECT_EQ(r->display, QStringLiteral("unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q8_0.gguf"));
    for (const char *bad : {"", "a b", "../x:y", "https://huggingface.co/x/y/resolve/main/../.gguf",
                            "https://example.com/model.bin", "org/.gguf"}) {
        EXPECT_FALSE(parsePullRequest(QString::fromLatin1(bad), &error)) << bad;
        EXPECT_FALSE(error.isEmpty());
    }
}

TEST_F(DownloadTest, OllamaPullInParallelParts) {
    const QByteArray model = gemmaModel();
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    QList<DownloadProgress> progress;
    QObject::connect(&manager, &DownloadManager::progressChanged, &manager,
                     [&](const DownloadProgress &p) { progress << p; });
    const Outcome o = pull(QStringLiteral("gemma4:e2b"));
    expectInstalled(o, QStringLiteral("gemma4:e2b"), model);
    EXPECT_GE(server.rangeRequests, 7);                       // 3 MB in 512 KiB parts
    EXPECT_EQ(server.fileBytesSent, model.size() + 13 + 23);  // model, template, config: once
    ASSERT_FALSE(progress.isEmpty());
    EXPECT_EQ(progress.back().bytesDone, progress.back().bytesTotal);
    EXPECT_EQ(
        manager.download(QStringLiteral("ollama:registry.ollama.ai/library/gemma4:e2b"))->state,
        DownloadState::Completed);
    // Resolvable by name, as Facet's own.
    models::SearchPaths p;
    p.facet = store.path();
    QString error;
    const auto e = models::resolve(QStringLiteral("gemma4:e2b"), p, &error);
    ASSERT_TRUE(e) << error.toStdString();
    EXPECT_EQ(e->path, o.modelPath);
}

TEST_F(DownloadTest, ConnectionDroppedMidBlob) {
    const QByteArray model = gemmaModel();
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.dropCount = 4;
    server.faults.dropAfter = 100000;
    expectInstalled(pull(QStringLiteral("gemma4:e2b")), QStringLiteral("gemma4:e2b"), model);
}

TEST_F(DownloadTest, WrongBytesFailDigestCheck) {
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    gemmaModel());
    server.faults.corrupt = true;
    const Outcome o = pull(QStringLiteral("gemma4:e2b"));
    expectNothingRegistered(o);
    EXPECT_TRUE(o.message.contains(QStringLiteral("does not match its sha256")))
        << o.message.toStdString();
    // The damaged data is gone, not kept for a resume.
    for (const QString &file : filesUnder(store.path()))
        EXPECT_FALSE(file.contains(QStringLiteral(".partial"))) << file.toStdString();
}

TEST_F(DownloadTest, ServerErrorThenSuccess) {
    const QByteArray model = gemmaModel();
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.fail500 = 3;
    expectInstalled(pull(QStringLiteral("gemma4:e2b")), QStringLiteral("gemma4:e2b"), model);
}

TEST_F(DownloadTest, PersistentServerErrorsGiveUp) {
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    gemmaModel());
    server.faults.fail500 = 1000;
    const Outcome o = pull(QStringLiteral("gemma4:e2b"));
    expectNothingRegistered(o);
    EXPECT_TRUE(o.message.contains(QStringLiteral("HTTP 500"))) << o.message.toStdString();
}

TEST_F(DownloadTest, UnknownModelIs404) {
    const Outcome o = pull(QStringLiteral("nosuchmodel:7b"));
    expectNothingRegistered(o);
    EXPECT_TRUE(o.message.contains(QStringLiteral("not found"))) << o.message.toStdString();
    EXPECT_TRUE(o.message.contains(QStringLiteral("nosuchmodel:7b"))) << o.message.toStdString();
    EXPECT_EQ(server.fileRequests, 0);
}

TEST_F(DownloadTest, RedirectChainIsFollowed) {
    const QByteArray model = gemmaModel();
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.redirects = 3;
    expectInstalled(pull(QStringLiteral("gemma4:e2b")), QStringLiteral("gemma4:e2b"), model);
    EXPECT_GE(server.redirectsServed, 3 * 9);
}

TEST_F(DownloadTest, RedirectChainTooLong) {
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    gemmaModel());
    server.faults.redirects = 50;
    const Outcome o = pull(QStringLiteral("gemma4:e2b"));
    expectNothingRegistered(o);
    EXPECT_TRUE(o.message.contains(QStringLiteral("too many redirects")))
        << o.message.toStdString();
    EXPECT_EQ(server.fileRequests, 0);
}

TEST_F(DownloadTest, StalledConnectionIsRetried) {
    const QByteArray model = gemmaModel();
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.stallCount = 2;
    server.faults.stallAfter = 1000;
    expectInstalled(pull(QStringLiteral("gemma4:e2b")), QStringLiteral("gemma4:e2b"), model);
}

TEST_F(DownloadTest, ServerIgnoringRangeFallsBackToOneStream) {
    const QByteArray model = gemmaModel();
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.ignoreRange = true;
    // And a drop mid-stream: the single stream restarts from byte 0 and skips what it has.
    server.faults.dropCount = 1;
    server.faults.dropAfter = 1500000;
    expectInstalled(pull(QStringLiteral("gemma4:e2b")), QStringLiteral("gemma4:e2b"), model);
}

TEST_F(DownloadTest, HuggingFaceFileWithLinkedEtag) {
    const QByteArray model = gemmaModel();
    server.addHfFile(QStringLiteral("google"), QStringLiteral("gemma-4-gguf"),
                     QStringLiteral("gemma-4-e2b.gguf"), model);
    qputenv("HF_ENDPOINT", server.base().toLatin1());
    const Outcome o = pull(QStringLiteral("google/gemma-4-gguf/gemma-4-e2b.gguf"));
    qunsetenv("HF_ENDPOINT");
    expectInstalled(o, QStringLiteral("gemma-4-e2b"), model);
    EXPECT_EQ(o.modelPath, QDir(store.path()).filePath(QStringLiteral("gemma-4-e2b.gguf")));
    EXPECT_GE(server.rangeRequests, 7);
}

TEST_F(DownloadTest, HuggingFaceDigestMismatch) {
    server.addHfFile(QStringLiteral("google"), QStringLiteral("gemma-4-gguf"),
                     QStringLiteral("gemma-4-e2b.gguf"), gemmaModel());
    server.faults.linkedEtag = QByteArray(64, 'b');  // a sha256 that is not the file's
    const Outcome o =
        pull(server.base() + QStringLiteral("/google/gemma-4-gguf/resolve/main/gemma-4-e2b.gguf"));
    expectNothingRegistered(o);
    EXPECT_TRUE(o.message.contains(QStringLiteral("does not match its sha256")))
        << o.message.toStdString();
}

TEST_F(DownloadTest, NotEnoughFreeSpace) {
    // A manifest announcing a 512 GiB model: the check refuses before any byte is fetched.
    const QByteArray gguf = gemmaModel(1 << 20);
    QByteArray m = server.addModel(QStringLiteral("library"), QStringLiteral("huge"),
                                   QStringLiteral("latest"), gguf);
    m.replace("\"size\":" + QByteArray::number(gguf.size()), "\"size\":549755813888");
    server.addManifest(QStringLiteral("library"), QStringLiteral("huge"), QStringLiteral("latest"),
                       m);
    const Outcome o = pull(QStringLiteral("huge"));
    expectNothingRegistered(o);
    EXPECT_TRUE(o.message.contains(QStringLiteral("not enough free space")))
        << o.message.toStdString();
    EXPECT_TRUE(o.message.contains(QStringLiteral("available"))) << o.message.toStdString();
    EXPECT_EQ(server.fileRequests, 0);
}

TEST_F(DownloadTest, PauseResumeAndCancel) {
    const QByteArray model = gemmaModel();
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.throttleChunk = 2048;  // about 1 MB/s per connection: seconds for 3 MB
    const QString id = manager.pull(QStringLiteral("gemma4:e2b"));
    ASSERT_FALSE(id.isEmpty());
    // Pause once some bytes are in.
    QEventLoop loop;
    auto c = QObject::connect(&manager, &DownloadManager::progressChanged, &loop,
                              [&](const DownloadProgress &p) {
                                  if (p.bytesDone > 300000) loop.quit();
                              });
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(c);
    manager.pause(id);
    EXPECT_EQ(manager.download(id)->state, DownloadState::Paused);
    const auto partial = manager.partialDownloads();
    ASSERT_EQ(partial.size(), 1);
    EXPECT_EQ(partial.front().key, id);
    EXPECT_GT(partial.front().bytesDone, 0);
    EXPECT_TRUE(library().isEmpty());

    // Cancel removes partial data and state.
    manager.cancel(id);
    EXPECT_EQ(manager.download(id)->state, DownloadState::Cancelled);
    EXPECT_TRUE(manager.partialDownloads().isEmpty());
    for (const QString &file : filesUnder(store.path()))
        EXPECT_FALSE(file.contains(QStringLiteral(".partial"))) << file.toStdString();

    // Pulled again, it completes.
    server.faults.throttleChunk = 0;
    expectInstalled(pull(QStringLiteral("gemma4:e2b")), QStringLiteral("gemma4:e2b"), model);
}

// The owner going away mid-await (manifest request in flight, then parts in flight): no crash,
// no leak (ASan build), and the next manager resumes from the state left behind.
TEST_F(DownloadTest, ManagerDestroyedMidDownload) {
    const QByteArray model = gemmaModel();
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.throttleChunk = 2048;
    for (int waitMs : {0, 400}) {
        auto m = std::make_unique<DownloadManager>();
        m->setStoreDir(store.path());
        m->setRegistry(QUrl(server.base()));
        m->setOptions(manager.options());
        ASSERT_FALSE(m->pull(QStringLiteral("gemma4:e2b")).isEmpty());
        QEventLoop loop;
        QTimer::singleShot(waitMs, &loop, &QEventLoop::quit);
        loop.exec();
        m.reset();
        QTimer::singleShot(20, &loop, &QEventLoop::quit);
        loop.exec();
    }
    EXPECT_TRUE(library().isEmpty());
    server.faults.throttleChunk = 0;
    expectInstalled(pull(QStringLiteral("gemma4:e2b")), QStringLiteral("gemma4:e2b"), model);
}

TEST_F(DownloadTest, RemoveOnlyWhatFacetOwns) {
    const QByteArray model = gemmaModel(1 << 20);
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("latest"),
                    model);
    ASSERT_TRUE(pull(QStringLiteral("gemma4:e2b")).completed);
    ASSERT_TRUE(pull(QStringLiteral("gemma4")).completed);
    EXPECT_EQ(library().size(), 2);

    // An Ollama store with its own copy: never touched.
    QTemporaryDir ollama;
    QDir(ollama.path()).mkpath(QStringLiteral("manifests/registry.ollama.ai/library/other"));
    QDir(ollama.path()).mkpath(QStringLiteral("blobs"));
    QFile::copy(library().front().path,
                QDir(ollama.path()).filePath(QStringLiteral("blobs/sha256-") + sha256(model)));
    QFile::copy(QDir(store.path())
                    .filePath(QStringLiteral("manifests/registry.ollama.ai/library/gemma4/e2b")),
                QDir(ollama.path())
                    .filePath(QStringLiteral("manifests/registry.ollama.ai/library/other/1b")));
    models::SearchPaths paths;
    paths.facet = store.path();
    paths.ollama << ollama.path();
    const QStringList ollamaFiles = filesUnder(ollama.path());
    QString error;
    EXPECT_FALSE(removeModel(QStringLiteral("other:1b"), paths, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("Ollama"))) << error.toStdString();
    EXPECT_EQ(filesUnder(ollama.path()), ollamaFiles);
    EXPECT_FALSE(removeModel(QStringLiteral("nothing:here"), paths, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("no model"))) << error.toStdString();

    // The shared blob stays while another manifest needs it.
    QStringList removed;
    ASSERT_TRUE(removeModel(QStringLiteral("gemma4:e2b"), paths, &error, &removed))
        << error.toStdString();
    EXPECT_EQ(removed.size(), 1);  // the manifest only
    ASSERT_EQ(library().size(), 1);
    ASSERT_TRUE(removeModel(QStringLiteral("gemma4:latest"), paths, &error, &removed))
        << error.toStdString();
    EXPECT_TRUE(library().isEmpty());
    EXPECT_TRUE(filesUnder(QDir(store.path()).filePath(QStringLiteral("blobs"))).isEmpty());
    EXPECT_EQ(filesUnder(ollama.path()), ollamaFiles);
}

// ---- facet-cli pull in a child process --------------------------------------------------------

class PullCliTest : public ::testing::Test {
protected:
    void SetUp() override {
        app();
        ASSERT_TRUE(home.isValid());
        env = QProcessEnvironment::systemEnvironment();
        for (const char *v :
             {"http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"})
            env.remove(QString::fromLatin1(v));
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("FACET_DOWNLOAD_RETRY_MS"), QStringLiteral("5"));
        env.insert(QStringLiteral("FACET_DOWNLOAD_STALL_MS"), QStringLiteral("2000"));
        env.insert(QStringLiteral("FACET_DOWNLOAD_STATE_MS"), QStringLiteral("20"));
        env.insert(QStringLiteral("FACET_DOWNLOAD_PARTS"), QStringLiteral("2"));
        env.insert(QStringLiteral("FACET_DOWNLOAD_PART_SIZE"), QString::number(kPartSize));
    }

    QString storeDir() const { return home.path() + QStringLiteral("/Facet/Facet/models"); }

    QList<models::ModelEntry> library() {
        models::SearchPaths p;
        p.facet = storeDir();
        return models::scanAll(p, nullptr);
    }

    // Starts facet-cli with `args`; the test's event loop keeps serving meanwhile.
    std::unique_ptr<QProcess> start(const QStringList &args, qint64 fileSizeLimit = 0) {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(env);
        if (fileSizeLimit > 0) {
            // A real failing write: the kernel refuses to grow files past this size (EFBIG).
            p->setChildProcessModifier([fileSizeLimit] {
                const rlimit r{rlim_t(fileSizeLimit), rlim_t(fileSizeLimit)};
                ::setrlimit(RLIMIT_FSIZE, &r);
                std::signal(SIGXFSZ, SIG_IGN);
            });
        }
        p->start(QStringLiteral(FACET_CLI_PATH), args);
        EXPECT_TRUE(p->waitForStarted());
        return p;
    }

    // Waits (serving) until the process ends or `until` holds; false on a 30 s hang.
    template <typename Until>
    bool spin(QProcess &p, Until until) {
        QEventLoop loop;
        QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
        QTimer tick;
        QObject::connect(&tick, &QTimer::timeout, &loop, [&] {
            if (until()) loop.quit();
        });
        tick.start(2);
        QTimer::singleShot(30000, &loop, [&] { loop.exit(1); });
        return loop.exec() == 0;
    }

    static constexpr qint64 kPartSize = 256 * 1024;
    struct AppFirst {
        AppFirst() { app(); }
    } appFirst;
    QTemporaryDir home;
    QProcessEnvironment env;
    TestServer server;
};

TEST_F(PullCliTest, KilledPullResumesWhereItStopped) {
    const QByteArray model = gemmaModel(4 * 1024 * 1024);
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.throttleChunk = 8 * 1024;
    const QStringList args{QStringLiteral("pull"), QStringLiteral("gemma4:e2b"),
                           QStringLiteral("--registry"), server.base()};
    auto first = start(args);
    ASSERT_TRUE(spin(*first, [&] { return server.fileBytesSent > 2 * 1024 * 1024; }));
    ASSERT_EQ(first->state(), QProcess::Running) << "finished before it could be killed";
    first->kill();  // SIGKILL: no chance to save anything more
    first->waitForFinished();
    const qint64 firstRun = server.fileBytesSent;
    EXPECT_TRUE(library().isEmpty());

    server.faults.throttleChunk = 0;
    auto second = start(args);
    ASSERT_TRUE(spin(*second, [] { return false; }));
    const QByteArray err = second->readAllStandardError();
    ASSERT_EQ(second->exitCode(), 0) << err.toStdString();
    const auto list = library();
    ASSERT_EQ(list.size(), 1);
    EXPECT_EQ(list.front().name, QStringLiteral("gemma4:e2b"));
    QFile f(list.front().path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(sha256(f.readAll()), sha256(model));

    // Bytes fetched twice: at most what the parallel parts had in flight since the last saved
    // state (bound: one part per parallel request).
    const qint64 total = model.size() + 13 + 23;
    const qint64 refetched = server.fileBytesSent - total;
    RecordProperty("first_run_bytes", std::to_string(firstRun));
    RecordProperty("refetched_bytes", std::to_string(refetched));
    EXPECT_GE(refetched, 0);
    EXPECT_LE(refetched, 2 * kPartSize)
        << "first run " << firstRun << ", total sent " << server.fileBytesSent;
    // Non-TTY progress: lines, not carriage returns.
    EXPECT_FALSE(err.contains('\r'));
    EXPECT_TRUE(err.contains("verified")) << err.toStdString();
}

TEST_F(PullCliTest, InterruptKeepsAResumablePartial) {
    const QByteArray model = gemmaModel(2 * 1024 * 1024);
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    server.faults.throttleChunk = 8 * 1024;
    auto p = start({QStringLiteral("pull"), QStringLiteral("gemma4:e2b"),
                    QStringLiteral("--registry"), server.base()});
    ASSERT_TRUE(spin(*p, [&] { return server.fileBytesSent > 512 * 1024; }));
    p->terminate();  // SIGTERM, handled like Ctrl-C
    ASSERT_TRUE(spin(*p, [] { return false; }));
    EXPECT_EQ(p->exitCode(), 130);
    EXPECT_TRUE(p->readAllStandardError().contains("resume"));
    EXPECT_TRUE(library().isEmpty());
    EXPECT_FALSE(QDir(storeDir() + QStringLiteral("/blobs"))
                     .entryList({QStringLiteral("*.partial.json")})
                     .isEmpty());
}

TEST_F(PullCliTest, DiskFullFailsClearly) {
    const QByteArray model = gemmaModel(3 * 1024 * 1024);
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    auto p = start({QStringLiteral("pull"), QStringLiteral("gemma4:e2b"),
                    QStringLiteral("--registry"), server.base()},
                   1024 * 1024);
    ASSERT_TRUE(spin(*p, [] { return false; }));
    const QString err = QString::fromUtf8(p->readAllStandardError());
    EXPECT_EQ(p->exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(p->exitCode(), 1) << err.toStdString();
    EXPECT_TRUE(err.contains(QStringLiteral("cannot write the download"))) << err.toStdString();
    EXPECT_TRUE(err.contains(QStringLiteral("File too large"))) << err.toStdString();
    EXPECT_TRUE(library().isEmpty());
    EXPECT_TRUE(QDir(storeDir() + QStringLiteral("/manifests")).isEmpty());
}

TEST_F(PullCliTest, NotFoundAndRm) {
    auto p = start({QStringLiteral("pull"), QStringLiteral("gemma4:nope"),
                    QStringLiteral("--registry"), server.base()});
    ASSERT_TRUE(spin(*p, [] { return false; }));
    EXPECT_EQ(p->exitCode(), 1);
    EXPECT_TRUE(p->readAllStandardError().contains("not found"));

    const QByteArray model = gemmaModel(1 << 20);
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    model);
    env.insert(QStringLiteral("FACET_REGISTRY"), server.base());
    p = start({QStringLiteral("pull"), QStringLiteral("gemma4:e2b")});
    ASSERT_TRUE(spin(*p, [] { return false; }));
    ASSERT_EQ(p->exitCode(), 0) << p->readAllStandardError().toStdString();
    ASSERT_EQ(library().size(), 1);
    p = start({QStringLiteral("rm"), QStringLiteral("gemma4:e2b")});
    ASSERT_TRUE(spin(*p, [] { return false; }));
    EXPECT_EQ(p->exitCode(), 0) << p->readAllStandardError().toStdString();
    EXPECT_TRUE(library().isEmpty());
    p = start({QStringLiteral("rm"), QStringLiteral("gemma4:e2b")});
    ASSERT_TRUE(spin(*p, [] { return false; }));
    EXPECT_EQ(p->exitCode(), 1);
    EXPECT_TRUE(p->readAllStandardError().contains("no model"));
}

}  // namespace
}  // namespace facet::download
