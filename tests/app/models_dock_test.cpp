// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Models dock on generated model folders: a Facet folder, an Ollama store (manifests + blobs,
// with a projector layer), an LM Studio folder and a file opened by the user. Drives the real
// widgets (offscreen here, Xvfb in CI). Nothing outside temporary folders is read or written:
// HOME, OLLAMA_MODELS, the settings and QStandardPaths all point into them.
#include "models_dock.h"
#include "download/download_manager.h"
#include "gguf/gguf.h"
#include "model_library.h"
#include "support/gemma4_fixture.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTranslator>
#include <QTreeWidget>

#include <gtest/gtest.h>

namespace facet::app {
namespace {

using facet::test::Gemma4FixtureOptions;

// How long QTest::qWaitFor waits for a scan: a generous ceiling, not a timing assertion (the scans
// here take milliseconds).
constexpr int kWaitMs = 60000;

Gemma4FixtureOptions tinyOptions() {
    Gemma4FixtureOptions o;
    o.layers = 2;
    o.hidden = 64;
    o.heads = 2;
    o.headDimSliding = 32;
    o.headDimGlobal = 64;
    o.sharedKvLayers = 0;
    o.ffnWidth = 64;
    o.pleDim = 0;
    o.vocab = 400;
    return o;
}

QByteArray fixtureBytes(const Gemma4FixtureOptions &o) {
    QString error;
    const QByteArray b = facet::test::gemma4FixtureBytes(o, &error);
    EXPECT_FALSE(b.isEmpty()) << error.toStdString();
    return b;
}

// A vision projector as llama.cpp and Ollama ship it: architecture "clip", v.* tensors.
QByteArray visionProjector() {
    gguf::Writer w;
    w.set("general.architecture", gguf::Value::string("clip"));
    QString error;
    EXPECT_TRUE(
        w.addTensor("v.patch_embd.weight", gguf::TensorType::F32, {8}, QByteArray(32, 0), &error));
    return w.toBytes();
}

void writeFile(const QString &path, const QByteArray &bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
    ASSERT_EQ(f.write(bytes), bytes.size());
}

// Adds a blob to an Ollama store; returns its digest.
QString addBlob(const QString &root, const QByteArray &bytes) {
    const QString hex =
        QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    writeFile(QDir(root).filePath(QStringLiteral("blobs/sha256-") + hex), bytes);
    return QStringLiteral("sha256:") + hex;
}

void addManifest(const QString &root, const QString &name,
                 const std::vector<std::pair<QString, QByteArray>> &layers) {
    QJsonArray arr;
    for (const auto &[type, bytes] : layers) {
        arr.append(QJsonObject{
            {QStringLiteral("mediaType"), QStringLiteral("application/vnd.ollama.image.") + type},
            {QStringLiteral("digest"), addBlob(root, bytes)},
            {QStringLiteral("size"), bytes.size()}});
    }
    const QJsonObject manifest{
        {QStringLiteral("schemaVersion"), 2},
        {QStringLiteral("mediaType"),
         QStringLiteral("application/vnd.docker.distribution.manifest.v2+json")},
        {QStringLiteral("config"),
         QJsonObject{{QStringLiteral("mediaType"),
                      QStringLiteral("application/vnd.docker.container.image.v1+json")},
                     {QStringLiteral("digest"), addBlob(root, "{}")},
                     {QStringLiteral("size"), 2}}},
        {QStringLiteral("layers"), arr}};
    writeFile(QDir(root).filePath(QStringLiteral("manifests/") + name),
              QJsonDocument(manifest).toJson());
}

class ModelsDockTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        // Default search paths (used by nothing here, but never the real home either).
        static QTemporaryDir home;
        qputenv("HOME", home.path().toLocal8Bit());
        qputenv("OLLAMA_MODELS",
                QDir(home.path()).filePath(QStringLiteral("ollama")).toLocal8Bit());
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(QStringLiteral("FacetTest"));
        QApplication::setApplicationName(QStringLiteral("FacetModelsDockTest"));
    }

    void SetUp() override {
        ASSERT_TRUE(root.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           QDir(root.path()).filePath(QStringLiteral("settings")));
        paths.facet = dir(QStringLiteral("facet"));
        paths.ollama = {dir(QStringLiteral("ollama"))};
        paths.lmStudio = {dir(QStringLiteral("lmstudio"))};
    }

    QString dir(const QString &name) {
        const QString p = QDir(root.path()).filePath(name);
        QDir().mkpath(p);
        return p;
    }

    // A dock over this test's folders, scanned once.
    std::unique_ptr<ModelsDock> makeDock() {
        auto dock = std::make_unique<ModelsDock>();
        dock->setSearchPaths(paths);
        dock->resize(1000, 700);
        dock->show();
        scanAndWait(*dock);
        return dock;
    }

    static void scanAndWait(ModelsDock &dock) {
        int finished = 0;
        const auto c = QObject::connect(&dock, &ModelsDock::scanFinished, [&] { ++finished; });
        dock.refresh();
        EXPECT_TRUE(QTest::qWaitFor([&] { return finished > 0 && !dock.isScanning(); }, kWaitMs));
        QObject::disconnect(c);
    }

    static QTreeWidget *library(ModelsDock &dock) {
        return dock.findChild<QTreeWidget *>(QStringLiteral("modelLibrary"));
    }

    // The library row whose model name starts with `name`.
    static QTreeWidgetItem *row(ModelsDock &dock, const QString &name) {
        QTreeWidget *tree = library(dock);
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            if (tree->topLevelItem(i)->text(0).startsWith(name)) return tree->topLevelItem(i);
        }
        return nullptr;
    }

    static void select(ModelsDock &dock, QTreeWidgetItem *item) {
        library(dock)->setCurrentItem(item);
        item->setSelected(true);
    }

    static QPushButton *button(ModelsDock &dock, const char *name) {
        return dock.findChild<QPushButton *>(QString::fromLatin1(name));
    }

    QTemporaryDir root;
    models::SearchPaths paths;
};

constexpr int kName = 0, kSource = 1, kSize = 2, kQuant = 3, kTowers = 4, kMemory = 5;

TEST_F(ModelsDockTest, ListsEverySourceWithSizeQuantisationAndTowers) {
    // Facet's folder: a Q8_0 file.
    Gemma4FixtureOptions q8 = tinyOptions();
    facet::test::applyGemma4Mix(q8, *facet::test::gemma4MixByName("q8_0"));
    const QString facetFile = QDir(paths.facet).filePath(QStringLiteral("mine-q8.gguf"));
    writeFile(facetFile, fixtureBytes(q8));
    // Ollama: an F32 model layer plus a vision projector layer.
    const QByteArray ollamaModel = fixtureBytes(tinyOptions());
    const QByteArray projector = visionProjector();
    addManifest(paths.ollama.front(), QStringLiteral("registry.ollama.ai/library/gemma4/e2b"),
                {{QStringLiteral("model"), ollamaModel}, {QStringLiteral("projector"), projector}});
    // LM Studio: a model with vision and audio towers in the file itself.
    Gemma4FixtureOptions towers = tinyOptions();
    towers.vision = true;
    towers.audio = true;
    const QByteArray towersBytes = fixtureBytes(towers);
    const QString lmFile =
        QDir(paths.lmStudio.front()).filePath(QStringLiteral("pub/repo/multi.gguf"));
    writeFile(lmFile, towersBytes);
    // A file the user opens from elsewhere.
    const QString userFile = QDir(dir(QStringLiteral("elsewhere"))).filePath("picked.gguf");
    writeFile(userFile, ollamaModel);

    auto dock = makeDock();
    QString error;
    ASSERT_TRUE(dock->openFile(userFile, &error)) << error.toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dock->isScanning(); }, kWaitMs));
    ASSERT_EQ(dock->models().size(), 4) << dock->problems().join('\n').toStdString();
    EXPECT_TRUE(dock->problems().isEmpty()) << dock->problems().join('\n').toStdString();

    QTreeWidgetItem *mine = row(*dock, QStringLiteral("mine-q8"));
    ASSERT_NE(mine, nullptr);
    EXPECT_EQ(mine->text(kSource), QStringLiteral("Facet"));
    EXPECT_EQ(mine->text(kSize), formatBytes(QFileInfo(facetFile).size()));
    EXPECT_EQ(mine->text(kQuant), QStringLiteral("Q8_0"));
    EXPECT_EQ(mine->text(kTowers), QStringLiteral("text"));
    EXPECT_FALSE(mine->text(kMemory).isEmpty());

    QTreeWidgetItem *ollama = row(*dock, QStringLiteral("gemma4:e2b"));
    ASSERT_NE(ollama, nullptr);
    EXPECT_EQ(ollama->text(kSource), QStringLiteral("Ollama"));
    EXPECT_EQ(ollama->text(kSize), formatBytes(ollamaModel.size() + projector.size()));
    EXPECT_EQ(ollama->text(kQuant), QStringLiteral("F32"));
    EXPECT_EQ(ollama->text(kTowers), QStringLiteral("text, vision"));  // from the projector

    QTreeWidgetItem *lm = row(*dock, QStringLiteral("pub/repo/multi"));
    ASSERT_NE(lm, nullptr);
    EXPECT_EQ(lm->text(kSource), QStringLiteral("LM Studio"));
    EXPECT_EQ(lm->text(kSize), formatBytes(towersBytes.size()));
    EXPECT_EQ(lm->text(kTowers), QStringLiteral("text, vision, audio"));

    QTreeWidgetItem *picked = row(*dock, QStringLiteral("picked"));
    ASSERT_NE(picked, nullptr);
    EXPECT_EQ(picked->text(kSource), QStringLiteral("Opened file"));

    // The opened file is remembered: a new dock (a restart) lists it again.
    auto again = makeDock();
    EXPECT_NE(row(*again, QStringLiteral("picked")), nullptr);
    // And the catalogue knows gemma4:e2b is installed.
    bool sawInstalled = false;
    for (QPushButton *b : again->findChildren<QPushButton *>(QStringLiteral("catalogueDownload")))
        if (!b->isEnabled() && b->accessibleName().contains(QStringLiteral("E2B")))
            sawInstalled = true;
    EXPECT_TRUE(sawInstalled);
}

TEST_F(ModelsDockTest, OpeningANonGemmaFileIsRefusedWithAReason) {
    const QString bad = QDir(dir(QStringLiteral("elsewhere"))).filePath("notes.gguf");
    writeFile(bad, QByteArray("GGUF\x03\0\0\0broken", 14));
    auto dock = makeDock();
    QString error;
    EXPECT_FALSE(dock->openFile(bad, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(QSettings().value(QStringLiteral("models/userFiles")).toStringList().isEmpty());
}

// Clicks "Yes" in the confirmation box once it is shown.
void acceptNextMessageBox(bool *seen) {
    auto *poll = new QTimer;
    QObject::connect(poll, &QTimer::timeout, [poll, seen] {
        for (QWidget *w : QApplication::topLevelWidgets()) {
            auto *box = qobject_cast<QMessageBox *>(w);
            if (box && box->isVisible()) {
                *seen = true;
                box->button(QMessageBox::Yes)->click();
                poll->deleteLater();
                return;
            }
        }
    });
    poll->start(5);
}

TEST_F(ModelsDockTest, DeletesFacetFilesOnlyAfterConfirmingAndNeverOthers) {
    const QByteArray bytes = fixtureBytes(tinyOptions());
    const QString facetFile = QDir(paths.facet).filePath(QStringLiteral("mine.gguf"));
    writeFile(facetFile, bytes);
    addManifest(paths.ollama.front(), QStringLiteral("registry.ollama.ai/library/gemma4/e4b"),
                {{QStringLiteral("model"), bytes}});
    const QString lmFile = QDir(paths.lmStudio.front()).filePath(QStringLiteral("p/r/lm.gguf"));
    writeFile(lmFile, bytes);
    auto dock = makeDock();
    ASSERT_EQ(dock->models().size(), 3);

    // Ollama's blob: the action is disabled, the tooltip says why, and the API refuses too.
    QTreeWidgetItem *ollama = row(*dock, QStringLiteral("gemma4:e4b"));
    ASSERT_NE(ollama, nullptr);
    select(*dock, ollama);
    QPushButton *del = button(*dock, "deleteModel");
    EXPECT_FALSE(del->isEnabled());
    EXPECT_TRUE(del->toolTip().contains(QStringLiteral("ollama rm gemma4:e4b")))
        << del->toolTip().toStdString();
    const QString blob = dock->models()[ollama->data(0, Qt::UserRole).toInt()].entry.path;
    QString error;
    EXPECT_FALSE(dock->deleteModel(blob, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("Ollama"))) << error.toStdString();
    EXPECT_TRUE(QFileInfo::exists(blob));

    // LM Studio's file: the same.
    QTreeWidgetItem *lm = row(*dock, QStringLiteral("p/r/lm"));
    ASSERT_NE(lm, nullptr);
    select(*dock, lm);
    EXPECT_FALSE(del->isEnabled());
    EXPECT_TRUE(del->toolTip().contains(QStringLiteral("LM Studio")));
    EXPECT_FALSE(dock->deleteModel(lmFile, &error));
    EXPECT_TRUE(QFileInfo::exists(lmFile));

    // Facet's own file, while loaded: refused until unloaded.
    QTreeWidgetItem *mine = row(*dock, QStringLiteral("mine"));
    ASSERT_NE(mine, nullptr);
    select(*dock, mine);
    dock->setLoadedModel(facetFile);
    select(*dock, row(*dock, QStringLiteral("mine")));
    EXPECT_FALSE(del->isEnabled());
    EXPECT_TRUE(del->toolTip().contains(QStringLiteral("Unload")));
    dock->setLoadedModel({});
    select(*dock, row(*dock, QStringLiteral("mine")));
    ASSERT_TRUE(del->isEnabled());

    // Confirmed through the real dialog: the file goes, the list follows.
    bool confirmed = false;
    acceptNextMessageBox(&confirmed);
    del->click();
    EXPECT_TRUE(confirmed);
    EXPECT_FALSE(QFileInfo::exists(facetFile));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dock->isScanning() && dock->models().size() == 2; },
                                kWaitMs));
    EXPECT_EQ(row(*dock, QStringLiteral("mine")), nullptr);
    EXPECT_TRUE(QFileInfo::exists(blob));
    EXPECT_TRUE(QFileInfo::exists(lmFile));
}

TEST_F(ModelsDockTest, CatalogueComesFirstWhenNothingIsInstalled) {
    auto dock = makeDock();
    EXPECT_TRUE(dock->models().isEmpty());
    auto *tabs = dock->findChild<QTabWidget *>(QStringLiteral("modelsTabs"));
    ASSERT_NE(tabs, nullptr);
    auto *catalogue = dock->findChild<QTreeWidget *>(QStringLiteral("catalogue"));
    ASSERT_NE(catalogue, nullptr);
    EXPECT_EQ(tabs->currentWidget(), catalogue->parentWidget());
    auto *banner = dock->findChild<QLabel *>(QStringLiteral("noModelsBanner"));
    ASSERT_NE(banner, nullptr);
    EXPECT_TRUE(banner->isVisible());
    EXPECT_TRUE(banner->text().contains(QStringLiteral("No Gemma 4 model")));

    // E2B and E4B from both Ollama and Hugging Face, each with a size and a Download button.
    QStringList titles;
    for (int i = 0; i < catalogue->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = catalogue->topLevelItem(i);
        titles << item->text(0) + QLatin1Char('|') + item->text(1);
        EXPECT_TRUE(item->text(2).startsWith(QStringLiteral("≈ "))) << item->text(2).toStdString();
        EXPECT_FALSE(item->text(3).isEmpty());
        auto *download = qobject_cast<QPushButton *>(catalogue->itemWidget(item, 4));
        ASSERT_NE(download, nullptr);
        EXPECT_TRUE(download->isEnabled());
        EXPECT_FALSE(download->accessibleName().isEmpty());
    }
    const QString all = titles.join(QLatin1Char('\n'));
    for (const char *want : {"E2B · Q4_K_M (recommended)|Ollama", "E4B · Q4_K_M|Ollama",
                             "E2B · Q4_K_M|Hugging Face", "E4B · Q8_0|Hugging Face"}) {
        EXPECT_TRUE(all.contains(QString::fromUtf8(want))) << want << "\n" << all.toStdString();
    }

    // Once a model exists the banner goes and the library is the first page again.
    writeFile(QDir(paths.facet).filePath(QStringLiteral("now.gguf")), fixtureBytes(tinyOptions()));
    scanAndWait(*dock);
    EXPECT_EQ(dock->models().size(), 1);
    EXPECT_FALSE(banner->isVisible());
}

TEST_F(ModelsDockTest, BadPullNamesShowWhatIsWrong) {
    auto dock = makeDock();
    auto *edit = dock->findChild<QLineEdit *>(QStringLiteral("pullName"));
    auto *pullButton = button(*dock, "pullButton");
    auto *message = dock->findChild<QLabel *>(QStringLiteral("pullMessage"));
    ASSERT_TRUE(edit && pullButton && message);
    dock->showCatalogue();

    const struct {
        const char *typed;
        const char *says;
    } cases[] = {
        {"", "Type an Ollama name"},
        {"gemma4 e2b", "no spaces"},
        {"gemma4:", "is not an Ollama model name"},
        {"http://huggingface.co/a/b/resolve/main/x.gguf", "https://"},
        {"https://example.com/a/b/resolve/main/x.gguf", "Only Hugging Face"},
        {"https://huggingface.co/unsloth/gemma-4-E2B-it-GGUF", "does not point to a file"},
        {"https://huggingface.co/a/b/resolve/main/readme.md", "is not a GGUF file"},
        {"model.gguf", "ORG/REPO/FILE.gguf"},
        {"bad org/repo/x.gguf", "not a valid Hugging Face name"},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.typed);
        edit->setText(QString::fromUtf8(c.typed));
        pullButton->click();
        EXPECT_TRUE(message->isVisible());
        EXPECT_TRUE(message->text().contains(QString::fromUtf8(c.says)))
            << message->text().toStdString();
        EXPECT_EQ(edit->text(), QString::fromUtf8(c.typed));  // kept for correcting
    }
    // Editing the text clears the message.
    edit->setFocus();
    QKeyEvent key(QEvent::KeyPress, Qt::Key_A, Qt::NoModifier, QStringLiteral("a"));
    QApplication::sendEvent(edit, &key);
    EXPECT_FALSE(message->isVisible());

    // What the field accepts.
    QString error;
    auto ollama = parsePullTarget(QStringLiteral("library/gemma4:e4b"), &error);
    ASSERT_TRUE(ollama) << error.toStdString();
    EXPECT_EQ(ollama->kind, PullTarget::Kind::Ollama);
    EXPECT_EQ(ollama->ollama.model, QStringLiteral("gemma4"));
    EXPECT_EQ(ollama->ollama.tag, QStringLiteral("e4b"));
    auto hf = parsePullTarget(
        QStringLiteral("https://huggingface.co/unsloth/gemma-4-E2B-it-GGUF/blob/main/"
                       "gemma-4-E2B-it-Q4_K_M.gguf"),
        &error);
    ASSERT_TRUE(hf) << error.toStdString();
    EXPECT_EQ(hf->kind, PullTarget::Kind::HuggingFace);
    EXPECT_EQ(hf->url.toString(),
              QStringLiteral("https://huggingface.co/unsloth/gemma-4-E2B-it-GGUF/resolve/main/"
                             "gemma-4-E2B-it-Q4_K_M.gguf"));
    auto shortHf =
        parsePullTarget(QStringLiteral("ggml-org/gemma-4-E4B-it-GGUF/x-Q8_0.gguf"), &error);
    ASSERT_TRUE(shortHf) << error.toStdString();
    EXPECT_EQ(shortHf->repo, QStringLiteral("ggml-org/gemma-4-E4B-it-GGUF"));
    EXPECT_EQ(shortHf->fileName, QStringLiteral("x-Q8_0.gguf"));
}

TEST_F(ModelsDockTest, MemoryEstimateFollowsTheContextLength) {
    writeFile(QDir(paths.facet).filePath(QStringLiteral("ctx.gguf")), fixtureBytes(tinyOptions()));
    auto dock = makeDock();
    ASSERT_EQ(dock->models().size(), 1);
    auto estimateAt = [&](int64_t tokens) {
        int done = 0;
        const auto c =
            QObject::connect(dock.get(), &ModelsDock::reestimateFinished, [&] { ++done; });
        if (dock->contextLength() != tokens) {
            dock->setContextLength(tokens);
            EXPECT_TRUE(QTest::qWaitFor([&] { return done > 0; }, kWaitMs));
        }
        QObject::disconnect(c);
        const ModelDetails &d = dock->models().front();
        EXPECT_TRUE(d.memory.has_value()) << d.estimateError.toStdString();
        EXPECT_EQ(d.estimateContext, tokens);
        return std::make_pair(d.memory ? d.memory->kvCacheBytes : 0,
                              row(*dock, QStringLiteral("ctx"))->toolTip(kMemory));
    };
    const auto [small, smallTip] = estimateAt(2048);
    const auto [large, largeTip] = estimateAt(8192);
    EXPECT_GT(large, small);
    EXPECT_NE(smallTip, largeTip);
    EXPECT_TRUE(largeTip.contains(QLocale().toString(8192)));
    // The choice is remembered.
    EXPECT_EQ(QSettings().value(QStringLiteral("models/contextLength")).toLongLong(), 8192);
    // Beyond what the model was trained for, the estimate stops at its limit and says so.
    const auto [capped, cappedTip] = [&] {
        int done = 0;
        const auto c =
            QObject::connect(dock.get(), &ModelsDock::reestimateFinished, [&] { ++done; });
        dock->setContextLength(32768);
        EXPECT_TRUE(QTest::qWaitFor([&] { return done > 0; }, kWaitMs));
        QObject::disconnect(c);
        return std::make_pair(dock->models().front().estimateContext,
                              row(*dock, QStringLiteral("ctx"))->toolTip(kMemory));
    }();
    EXPECT_EQ(capped, 8192);
    EXPECT_TRUE(cappedTip.contains(QStringLiteral("at most"))) << cappedTip.toStdString();
}

TEST_F(ModelsDockTest, LoadAndUnloadAreRequestedFromTheSelection) {
    const QString file = QDir(paths.facet).filePath(QStringLiteral("go.gguf"));
    writeFile(file, fixtureBytes(tinyOptions()));
    auto dock = makeDock();
    QString requested;
    int unloads = 0;
    QObject::connect(dock.get(), &ModelsDock::loadRequested,
                     [&](const QString &p) { requested = p; });
    QObject::connect(dock.get(), &ModelsDock::unloadRequested, [&] { ++unloads; });
    select(*dock, row(*dock, QStringLiteral("go")));
    QPushButton *load = button(*dock, "loadModel");
    QPushButton *unload = button(*dock, "unloadModel");
    EXPECT_FALSE(unload->isEnabled());
    ASSERT_TRUE(load->isEnabled());
    load->click();
    EXPECT_EQ(QFileInfo(requested).canonicalFilePath(), QFileInfo(file).canonicalFilePath());
    dock->setLoadedModel(requested);
    select(*dock, row(*dock, QStringLiteral("go")));
    EXPECT_TRUE(row(*dock, QStringLiteral("go"))->text(kName).contains(QStringLiteral("loaded")));
    EXPECT_FALSE(load->isEnabled());
    ASSERT_TRUE(unload->isEnabled());
    unload->click();
    EXPECT_EQ(unloads, 1);
}

TEST_F(ModelsDockTest, ALoadedModelFromElsewhereIsListedNeverNoModelFound) {
    // Nothing in the scanned folders: the catalogue and its banner come first.
    auto dock = makeDock();
    auto *tabs = dock->findChild<QTabWidget *>(QStringLiteral("modelsTabs"));
    auto *banner = dock->findChild<QLabel *>(QStringLiteral("noModelsBanner"));
    ASSERT_TRUE(tabs && banner);
    EXPECT_TRUE(banner->isVisible());
    // A model loaded from a folder the dock does not scan (the command line, Open GGUF…).
    const QString elsewhere = dir(QStringLiteral("elsewhere"));
    const QString file = QDir(elsewhere).filePath(QStringLiteral("cli.gguf"));
    writeFile(file, fixtureBytes(tinyOptions()));
    int finished = 0;
    QObject::connect(dock.get(), &ModelsDock::scanFinished, [&] { ++finished; });
    dock->setLoadedModel(file);
    EXPECT_TRUE(banner->isHidden());  // at once, before the scan that lists it
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished > 0 && !dock->isScanning(); }, kWaitMs));
    ASSERT_EQ(dock->models().size(), 1);
    QTreeWidgetItem *item = row(*dock, QStringLiteral("cli"));
    ASSERT_NE(item, nullptr);
    EXPECT_TRUE(item->text(kName).contains(QStringLiteral("loaded")));
    EXPECT_TRUE(banner->isHidden());
    EXPECT_TRUE(tabs->currentWidget()->isAncestorOf(library(*dock)));  // the Installed tab
    // A refresh keeps it listed while it stays loaded.
    scanAndWait(*dock);
    EXPECT_EQ(dock->models().size(), 1);
}

TEST_F(ModelsDockTest, ScanProblemsAreCountedAndExplained) {
    writeFile(QDir(paths.facet).filePath(QStringLiteral("ok.gguf")), fixtureBytes(tinyOptions()));
    writeFile(QDir(paths.facet).filePath(QStringLiteral("truncated.gguf")),
              QByteArray("GGUF\x03\0\0\0junk", 12));
    auto dock = makeDock();
    EXPECT_EQ(dock->models().size(), 1);
    auto *problems = dock->findChild<QToolButton *>(QStringLiteral("scanProblems"));
    auto *details = dock->findChild<QPlainTextEdit *>(QStringLiteral("scanProblemsText"));
    ASSERT_TRUE(problems && details);
    EXPECT_TRUE(problems->isVisible());
    EXPECT_EQ(problems->text(), QStringLiteral("1 problem"));
    EXPECT_FALSE(details->isVisible());
    problems->click();
    EXPECT_TRUE(details->isVisible());
    EXPECT_TRUE(details->toPlainText().contains(QStringLiteral("truncated.gguf")));
}

TEST_F(ModelsDockTest, EveryControlHasAnAccessibleName) {
    writeFile(QDir(paths.facet).filePath(QStringLiteral("a.gguf")), fixtureBytes(tinyOptions()));
    auto dock = makeDock();
    // Every control of the dock (the catalogue's buttons included) names itself and says what
    // it does.
    int checked = 0;
    for (QWidget *w : dock->findChildren<QWidget *>()) {
        const bool control = qobject_cast<QAbstractButton *>(w) || qobject_cast<QComboBox *>(w) ||
                             qobject_cast<QLineEdit *>(w) || qobject_cast<QTreeWidget *>(w);
        // Qt's own sub-controls (tab scrollers, the line edit's clear button) have no names of
        // ours.
        if (!control || w->objectName().isEmpty() || w->objectName().startsWith(QLatin1Char('_')) ||
            w->objectName().startsWith(QStringLiteral("qt_")) ||
            w->objectName().startsWith(QStringLiteral("Scroll")))
            continue;
        ++checked;
        EXPECT_FALSE(w->accessibleName().isEmpty())
            << w->metaObject()->className() << " " << w->objectName().toStdString();
        EXPECT_FALSE(w->accessibleDescription().isEmpty())
            << w->metaObject()->className() << " " << w->objectName().toStdString();
    }
    EXPECT_GE(checked, 15);
}

// A pull through the dock against a registry that is not there: the row appears with the typed
// name and ends with the manager's error shown inline, with a way to retry.
TEST_F(ModelsDockTest, PullShowsADownloadRowAndItsErrorInline) {
    auto dock = makeDock();
    download::DownloadManager manager;
    manager.setStoreDir(paths.facet);
    // Port 9 (discard), which nothing serves here; no retries: the failure comes at once.
    manager.setRegistry(QUrl(QStringLiteral("http://127.0.0.1:9")));
    download::DownloadOptions options = manager.options();
    options.maxRetries = 0;
    options.retryBaseDelayMs = 1;
    options.checkFreeSpace = false;
    manager.setOptions(options);
    dock->setDownloadManager(&manager);
    auto *edit = dock->findChild<QLineEdit *>(QStringLiteral("pullName"));
    ASSERT_NE(edit, nullptr);
    edit->setText(QStringLiteral("gemma4:e2b"));
    button(*dock, "pullButton")->click();
    EXPECT_TRUE(edit->text().isEmpty());  // accepted
    auto rows = [&] { return dock->findChildren<QWidget *>(QStringLiteral("downloadRow")); };
    ASSERT_TRUE(QTest::qWaitFor([&] { return rows().size() == 1; }, kWaitMs));
    auto *name = rows().front()->findChild<QLabel *>(QStringLiteral("downloadName"));
    EXPECT_EQ(name->text(), QStringLiteral("gemma4:e2b"));
    auto *error = rows().front()->findChild<QLabel *>(QStringLiteral("downloadError"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return error->isVisible(); }, kWaitMs));
    EXPECT_FALSE(error->text().isEmpty());
    auto *retry = rows().front()->findChild<QPushButton *>(QStringLiteral("downloadPause"));
    EXPECT_EQ(retry->text(), QStringLiteral("&Resume"));
    EXPECT_TRUE(dock->findChild<QGroupBox *>(QStringLiteral("downloads"))->isVisible());
    // Cancel removes the partial state; nothing appears in the library.
    rows().front()->findChild<QPushButton *>(QStringLiteral("downloadCancel"))->click();
    scanAndWait(*dock);
    EXPECT_TRUE(dock->models().isEmpty());
    dock->setDownloadManager(nullptr);
}

TEST_F(ModelsDockTest, IsTranslatedAndFollowsALanguageSwitch) {
    writeFile(QDir(paths.facet).filePath(QStringLiteral("t.gguf")), fixtureBytes(tinyOptions()));
    auto dock = makeDock();
    auto *tabs = dock->findChild<QTabWidget *>(QStringLiteral("modelsTabs"));
    ASSERT_NE(tabs, nullptr);
    EXPECT_EQ(tabs->tabText(0), QStringLiteral("&Installed"));
    const struct {
        const char *locale, *installed, *facet, *problem;
    } cases[] = {{"de", "&Installiert", "Quelle", "1 Problem"},
                 {"fr", "&Installés", "Source", "1 problème"},
                 {"es", "&Instalados", "Origen", "1 problema"},
                 {"ja", "インストール済み(&I)", "取得元", "1 件の問題"},
                 {"zh_CN", "已安装(&I)", "来源", "1 个问题"},
                 {"pt_BR", "&Instalados", "Origem", "1 problema"}};
    for (const auto &c : cases) {
        SCOPED_TRACE(c.locale);
        QTranslator translator;
        ASSERT_TRUE(translator.load(QLocale(QString::fromLatin1(c.locale)), QStringLiteral("facet"),
                                    QStringLiteral("_"), QStringLiteral(":/i18n")));
        QApplication::installTranslator(&translator);  // LanguageChange reaches the open dock
        QCoreApplication::processEvents();
        EXPECT_EQ(tabs->tabText(0), QString::fromUtf8(c.installed));
        EXPECT_EQ(library(*dock)->headerItem()->text(kSource), QString::fromUtf8(c.facet));
        // A plural text with a number.
        EXPECT_EQ(QCoreApplication::translate("facet::app::ModelsDock", "1 problem"),
                  QString::fromUtf8(c.problem));
        QApplication::removeTranslator(&translator);
        QCoreApplication::processEvents();
    }
    EXPECT_EQ(tabs->tabText(0), QStringLiteral("&Installed"));
}

}  // namespace
}  // namespace facet::app
