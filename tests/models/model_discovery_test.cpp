// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Model discovery over generated Ollama stores, Facet folders and LM Studio folders.
#include "models/model_discovery.h"
#include "gguf/gguf.h"
#include "support/gemma4_fixture.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <map>

namespace facet::models {
namespace {

// Small Gemma 4 GGUF image, built once.
const QByteArray &gemmaBytes() {
    static const QByteArray bytes = [] {
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
    return bytes;
}

// A valid GGUF of another architecture (or a projector with "clip").
QByteArray otherGguf(const char *arch) {
    gguf::Writer w;
    w.set("general.architecture", gguf::Value::string(arch));
    QString error;
    QByteArray data(16, '\0');
    EXPECT_TRUE(w.addTensor("x.weight", gguf::TensorType::F32, {4}, data, &error));
    return w.toBytes();
}

QByteArray corruptGguf() {
    return QByteArray("GGUF\x03\0\0\0garbage", 15);
}

void writeFile(const QString &path, const QByteArray &bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
    ASSERT_EQ(f.write(bytes), bytes.size());
}

QString sha256(const QByteArray &bytes) {
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

// An Ollama store under construction.
class Store {
public:
    explicit Store(const QString &root) : m_root(root) {}

    // Adds a blob; returns its digest "sha256:<hex>".
    QString blob(const QByteArray &bytes) {
        const QString hex = sha256(bytes);
        writeFile(QDir(m_root).filePath(QStringLiteral("blobs/sha256-") + hex), bytes);
        return QStringLiteral("sha256:") + hex;
    }

    // Writes manifests/<path> with the given layers (mediaType suffix -> digest).
    void manifest(const QString &path, const std::vector<std::pair<QString, QString>> &layers) {
        QJsonArray arr;
        for (const auto &[type, digest] : layers) {
            arr.append(QJsonObject{{QStringLiteral("mediaType"),
                                    QStringLiteral("application/vnd.ollama.image.") + type},
                                   {QStringLiteral("digest"), digest},
                                   {QStringLiteral("size"), 1}});
        }
        const QJsonObject obj{
            {QStringLiteral("schemaVersion"), 2},
            {QStringLiteral("mediaType"),
             QStringLiteral("application/vnd.docker.distribution.manifest.v2+json")},
            {QStringLiteral("config"),
             QJsonObject{{QStringLiteral("mediaType"),
                          QStringLiteral("application/vnd.docker.container.image.v1+json")},
                         {QStringLiteral("digest"), blob("{}")},
                         {QStringLiteral("size"), 2}}},
            {QStringLiteral("layers"), arr}};
        raw(path, QJsonDocument(obj).toJson());
    }

    void raw(const QString &path, const QByteArray &bytes) {
        writeFile(QDir(m_root).filePath(QStringLiteral("manifests/") + path), bytes);
    }

    QString root() const { return m_root; }

private:
    QString m_root;
};

const ModelEntry *find(const QList<ModelEntry> &list, const QString &name) {
    for (const ModelEntry &e : list) {
        if (e.name == name) return &e;
    }
    return nullptr;
}

bool anyContains(const QStringList &list, const QString &s) {
    for (const QString &l : list) {
        if (l.contains(s)) return true;
    }
    return false;
}

std::string dump(const QStringList &l) {
    return l.join(QStringLiteral("\n")).toStdString();
}

// Path -> (size, mtime) of everything under `root`: proves a scan wrote nothing.
std::map<QString, std::pair<qint64, qint64>> snapshot(const QString &root) {
    std::map<QString, std::pair<qint64, qint64>> out;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo fi(it.next());
        out[fi.filePath()] = {fi.size(), fi.lastModified().toMSecsSinceEpoch()};
    }
    return out;
}

TEST(ModelDiscovery, OllamaValidManifest) {
    QTemporaryDir dir;
    Store s(dir.path());
    const QString digest = s.blob(gemmaBytes());
    s.manifest(QStringLiteral("registry.ollama.ai/library/gemma4/e2b"),
               {{QStringLiteral("model"), digest},
                {QStringLiteral("template"), s.blob("{{ .Prompt }}")},
                {QStringLiteral("params"), s.blob("{}")},
                {QStringLiteral("license"), s.blob("license")}});
    QStringList warnings;
    const auto list = scanOllama(dir.path(), &warnings);
    EXPECT_TRUE(warnings.isEmpty()) << dump(warnings);
    ASSERT_EQ(list.size(), 1);
    const ModelEntry &e = list.front();
    EXPECT_EQ(e.name, QStringLiteral("gemma4:e2b"));
    EXPECT_EQ(e.source, Source::Ollama);
    EXPECT_EQ(e.digest, digest);
    EXPECT_EQ(e.path,
              QDir(dir.path()).filePath(QStringLiteral("blobs/sha256-") + sha256(gemmaBytes())));
    EXPECT_EQ(e.sizeBytes, gemmaBytes().size());
    EXPECT_TRUE(e.projectorPath.isEmpty());
    EXPECT_TRUE(e.modified.isValid());
    EXPECT_STREQ(sourceName(e.source), "ollama");
}

TEST(ModelDiscovery, OllamaProblemsBecomeWarnings) {
    QTemporaryDir dir;
    Store s(dir.path());
    const QString good = s.blob(gemmaBytes());
    s.manifest(QStringLiteral("registry.ollama.ai/library/gemma4/latest"),
               {{QStringLiteral("model"), good}});
    // Missing blob.
    s.manifest(
        QStringLiteral("registry.ollama.ai/library/gemma4/gone"),
        {{QStringLiteral("model"), QStringLiteral("sha256:") + QString(64, QLatin1Char('a'))}});
    // Another architecture: not listed, and not worth a warning.
    s.manifest(QStringLiteral("registry.ollama.ai/library/llama3/latest"),
               {{QStringLiteral("model"), s.blob(otherGguf("llama"))}});
    // Corrupt GGUF blob.
    s.manifest(QStringLiteral("registry.ollama.ai/library/broken/latest"),
               {{QStringLiteral("model"), s.blob(corruptGguf())}});
    // Corrupt manifest JSON.
    s.raw(QStringLiteral("registry.ollama.ai/library/badjson/latest"), "{\"schemaVersion\": 2, ");
    // Wrong schema version.
    s.raw(QStringLiteral("registry.ollama.ai/library/v1/latest"), "{\"schemaVersion\": 1}");
    // A digest that tries to leave the blobs folder.
    s.manifest(QStringLiteral("registry.ollama.ai/library/evil/latest"),
               {{QStringLiteral("model"), QStringLiteral("sha256:../../etc/passwd")}});
    // No model layer.
    s.manifest(QStringLiteral("registry.ollama.ai/library/nomodel/latest"),
               {{QStringLiteral("template"), s.blob("t")}});
    // Too shallow to be a manifest.
    s.raw(QStringLiteral("registry.ollama.ai/gemma4/latest"), "{}");

    const auto before = snapshot(dir.path());
    QStringList warnings;
    const auto list = scanOllama(dir.path(), &warnings);
    EXPECT_EQ(before, snapshot(dir.path()));  // read-only
    ASSERT_EQ(list.size(), 1) << dump(warnings);
    EXPECT_EQ(list.front().name, QStringLiteral("gemma4:latest"));
    EXPECT_EQ(warnings.size(), 7) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("gemma4:gone"))) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("is missing"))) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("broken:latest"))) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("not a readable GGUF"))) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("not valid JSON"))) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("schemaVersion 1"))) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("invalid model layer digest")))
        << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("0 model layers"))) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("not at manifests/<host>"))) << dump(warnings);
    EXPECT_FALSE(anyContains(warnings, QStringLiteral("llama3"))) << dump(warnings);
}

TEST(ModelDiscovery, OllamaProjectorLayer) {
    QTemporaryDir dir;
    Store s(dir.path());
    const QByteArray projector = otherGguf("clip");
    s.manifest(QStringLiteral("registry.ollama.ai/library/gemma4/e4b"),
               {{QStringLiteral("model"), s.blob(gemmaBytes())},
                {QStringLiteral("projector"), s.blob(projector)}});
    s.manifest(
        QStringLiteral("registry.ollama.ai/library/gemma4/noproj"),
        {{QStringLiteral("model"), s.blob(gemmaBytes())},
         {QStringLiteral("projector"), QStringLiteral("sha256:") + QString(64, QLatin1Char('b'))}});
    QStringList warnings;
    const auto list = scanOllama(dir.path(), &warnings);
    ASSERT_EQ(list.size(), 2) << dump(warnings);
    const ModelEntry *e = find(list, QStringLiteral("gemma4:e4b"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->projectorPath,
              QDir(dir.path()).filePath(QStringLiteral("blobs/sha256-") + sha256(projector)));
    EXPECT_EQ(e->sizeBytes, gemmaBytes().size() + projector.size());
    // A missing projector still lists the model, with a warning.
    const ModelEntry *n = find(list, QStringLiteral("gemma4:noproj"));
    ASSERT_TRUE(n);
    EXPECT_TRUE(n->projectorPath.isEmpty());
    ASSERT_EQ(warnings.size(), 1);
    EXPECT_TRUE(warnings.front().contains(QStringLiteral("projector blob"))) << dump(warnings);
}

TEST(ModelDiscovery, OllamaNamesForHostsAndNamespaces) {
    QTemporaryDir dir;
    Store s(dir.path());
    const QString d = s.blob(gemmaBytes());
    s.manifest(QStringLiteral("registry.ollama.ai/someone/gemma4-tuned/q8"),
               {{QStringLiteral("model"), d}});
    s.manifest(QStringLiteral("hf.co/unsloth/gemma-4-E2B-it-GGUF/Q4_K_M"),
               {{QStringLiteral("model"), d}});
    s.manifest(QStringLiteral("example.com/team/sub/model/v1"), {{QStringLiteral("model"), d}});
    QStringList warnings;
    const auto list = scanOllama(dir.path(), &warnings);
    EXPECT_TRUE(warnings.isEmpty()) << dump(warnings);
    EXPECT_TRUE(find(list, QStringLiteral("someone/gemma4-tuned:q8")));
    EXPECT_TRUE(find(list, QStringLiteral("hf.co/unsloth/gemma-4-E2B-it-GGUF:Q4_K_M")));
    EXPECT_TRUE(find(list, QStringLiteral("example.com/team/sub/model:v1")));
    EXPECT_EQ(list.size(), 3);
}

TEST(ModelDiscovery, OllamaModelsEnvironmentOverride) {
    const QByteArray saved = qgetenv("OLLAMA_MODELS");
    const bool had = qEnvironmentVariableIsSet("OLLAMA_MODELS");
    qputenv("OLLAMA_MODELS", "/tmp/somewhere/models/");
    EXPECT_EQ(ollamaModelsDir(), QStringLiteral("/tmp/somewhere/models"));
    EXPECT_EQ(SearchPaths::defaults().ollama, QStringList{QStringLiteral("/tmp/somewhere/models")});
    qunsetenv("OLLAMA_MODELS");
    EXPECT_EQ(ollamaModelsDir(), QDir::homePath() + QStringLiteral("/.ollama/models"));
    EXPECT_EQ(SearchPaths::defaults().ollama.front(), ollamaModelsDir());
    if (had) qputenv("OLLAMA_MODELS", saved);
}

TEST(ModelDiscovery, DefaultFolders) {
    EXPECT_TRUE(facetModelsDir().endsWith(QStringLiteral("/models")));
    const QStringList lm = lmStudioModelsDirs();
    ASSERT_EQ(lm.size(), 2);
    EXPECT_EQ(lm[0], QDir::homePath() + QStringLiteral("/.lmstudio/models"));
    EXPECT_EQ(lm[1], QDir::homePath() + QStringLiteral("/.cache/lm-studio/models"));
}

TEST(ModelDiscovery, FacetFolder) {
    QTemporaryDir dir;
    const QDir d(dir.path());
    writeFile(d.filePath(QStringLiteral("gemma-4-e2b-q4.gguf")), gemmaBytes());
    writeFile(d.filePath(QStringLiteral("mmproj-gemma-4-e2b-f16.gguf")), otherGguf("clip"));
    writeFile(d.filePath(QStringLiteral("llama.gguf")), otherGguf("llama"));
    writeFile(d.filePath(QStringLiteral("broken.gguf")), corruptGguf());
    writeFile(d.filePath(QStringLiteral("notes.txt")), "hello");
    writeFile(d.filePath(QStringLiteral("sub/nested.gguf")), gemmaBytes());  // not scanned
    QStringList warnings;
    const auto list = scanFacet(dir.path(), &warnings);
    ASSERT_EQ(list.size(), 1) << dump(warnings);
    const ModelEntry &e = list.front();
    EXPECT_EQ(e.name, QStringLiteral("gemma-4-e2b-q4"));
    EXPECT_EQ(e.source, Source::Facet);
    EXPECT_EQ(e.path, d.filePath(QStringLiteral("gemma-4-e2b-q4.gguf")));
    EXPECT_EQ(e.projectorPath, d.filePath(QStringLiteral("mmproj-gemma-4-e2b-f16.gguf")));
    EXPECT_TRUE(e.digest.isEmpty());
    EXPECT_EQ(warnings.size(), 2) << dump(warnings);
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("llama.gguf: not a Gemma 4 model")));
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("broken.gguf: unreadable GGUF")));

    // Several projectors: none attached, and a warning says so.
    writeFile(d.filePath(QStringLiteral("mmproj-other.gguf")), otherGguf("clip"));
    warnings.clear();
    const auto again = scanFacet(dir.path(), &warnings);
    ASSERT_EQ(again.size(), 1);
    EXPECT_TRUE(again.front().projectorPath.isEmpty());
    EXPECT_TRUE(anyContains(warnings, QStringLiteral("several projector files"))) << dump(warnings);

    EXPECT_TRUE(scanFacet(d.filePath(QStringLiteral("missing")), &warnings).isEmpty());
}

// Models Facet pulled from a registry: Ollama's layout inside Facet's folder, listed and resolved
// as Facet's own; partial downloads (*.partial, state files) are never listed.
TEST(ModelDiscovery, FacetPulledStore) {
    QTemporaryDir dir, ollama;
    const QDir d(dir.path());
    Store s(dir.path());
    const QString digest = s.blob(gemmaBytes());
    s.manifest(QStringLiteral("registry.ollama.ai/library/gemma4/e2b"),
               {{QStringLiteral("model"), digest}});
    writeFile(d.filePath(QStringLiteral("loose.gguf")), gemmaBytes());
    // A download in progress: blob and file partials with their state files.
    writeFile(d.filePath(QStringLiteral("blobs/sha256-") + QString(64, QLatin1Char('a')) +
                         QStringLiteral(".partial")),
              gemmaBytes());
    writeFile(d.filePath(QStringLiteral("other.gguf.partial")), gemmaBytes());
    writeFile(d.filePath(QStringLiteral("other.gguf.partial.json")), "{}");
    // The same name in Ollama's store: Facet's copy wins in resolve().
    Store o(ollama.path());
    o.manifest(QStringLiteral("registry.ollama.ai/library/gemma4/e2b"),
               {{QStringLiteral("model"), o.blob(gemmaBytes())}});

    QStringList warnings;
    const auto list = scanFacet(dir.path(), &warnings);
    EXPECT_TRUE(warnings.isEmpty()) << dump(warnings);
    ASSERT_EQ(list.size(), 2);
    const ModelEntry *pulled = find(list, QStringLiteral("gemma4:e2b"));
    ASSERT_NE(pulled, nullptr);
    EXPECT_EQ(pulled->source, Source::Facet);
    EXPECT_EQ(pulled->digest, digest);
    EXPECT_NE(find(list, QStringLiteral("loose")), nullptr);

    SearchPaths paths;
    paths.facet = dir.path();
    paths.ollama << ollama.path();
    const auto all = scanAll(paths, &warnings);
    EXPECT_EQ(all.size(), 3);
    QString error;
    const auto r = resolve(QStringLiteral("GEMMA4:e2b"), paths, &error);
    ASSERT_TRUE(r) << error.toStdString();
    EXPECT_EQ(r->source, Source::Facet);
    EXPECT_TRUE(r->path.startsWith(dir.path()));
    EXPECT_FALSE(resolve(QStringLiteral("other"), paths, &error));
}

TEST(ModelDiscovery, LmStudioFolder) {
    QTemporaryDir dir;
    const QDir d(dir.path());
    writeFile(d.filePath(QStringLiteral(
                  "lmstudio-community/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf")),
              gemmaBytes());
    writeFile(
        d.filePath(QStringLiteral("lmstudio-community/gemma-4-E2B-it-GGUF/mmproj-model-f16.gguf")),
        otherGguf("clip"));
    writeFile(d.filePath(QStringLiteral("bartowski/Llama-GGUF/llama.gguf")), otherGguf("llama"));
    writeFile(d.filePath(QStringLiteral("toplevel.gguf")), gemmaBytes());  // wrong depth
    writeFile(d.filePath(QStringLiteral("pub/repo/broken.gguf")), corruptGguf());
    QStringList warnings;
    const auto list = scanLmStudio(dir.path(), &warnings);
    ASSERT_EQ(list.size(), 1) << dump(warnings);
    const ModelEntry &e = list.front();
    EXPECT_EQ(e.name,
              QStringLiteral("lmstudio-community/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M"));
    EXPECT_EQ(e.source, Source::LmStudio);
    EXPECT_TRUE(e.projectorPath.endsWith(QStringLiteral("mmproj-model-f16.gguf")));
    // Other architectures are normal in LM Studio's folder; broken files are not.
    ASSERT_EQ(warnings.size(), 1) << dump(warnings);
    EXPECT_TRUE(warnings.front().contains(QStringLiteral("broken.gguf")));
}

// Three sources side by side, and resolve() over them.
class Sources : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(m_dir.isValid());
        const QDir d(m_dir.path());
        paths.ollama = {d.filePath(QStringLiteral("ollama"))};
        paths.facet = d.filePath(QStringLiteral("facet"));
        paths.lmStudio = {d.filePath(QStringLiteral("lmstudio"))};
        Store s(paths.ollama.front());
        const QString g = s.blob(gemmaBytes());
        s.manifest(QStringLiteral("registry.ollama.ai/library/gemma4/latest"),
                   {{QStringLiteral("model"), g}});
        s.manifest(QStringLiteral("registry.ollama.ai/library/gemma4/e2b"),
                   {{QStringLiteral("model"), g}});
        s.manifest(QStringLiteral("registry.ollama.ai/library/Gemma4/E4B"),
                   {{QStringLiteral("model"), g}});
        s.manifest(QStringLiteral("hf.co/unsloth/gemma-4-E2B-it-GGUF/Q4_K_M"),
                   {{QStringLiteral("model"), g}});
        s.manifest(QStringLiteral("registry.ollama.ai/library/llama3/latest"),
                   {{QStringLiteral("model"), s.blob(otherGguf("llama"))}});
        writeFile(QDir(paths.facet).filePath(QStringLiteral("my-gemma.gguf")), gemmaBytes());
        writeFile(QDir(paths.facet).filePath(QStringLiteral("not-gemma.gguf")), otherGguf("llama"));
        writeFile(QDir(paths.lmStudio.front()).filePath(QStringLiteral("pub/repo/lm-gemma.gguf")),
                  gemmaBytes());
        userFile = d.filePath(QStringLiteral("elsewhere/model.gguf"));
        writeFile(userFile, gemmaBytes());
    }

    std::optional<ModelEntry> resolveOk(const QString &name) {
        QString error;
        auto e = resolve(name, paths, &error);
        EXPECT_TRUE(e) << name.toStdString() << ": " << error.toStdString();
        return e;
    }

    QTemporaryDir m_dir;
    SearchPaths paths;
    QString userFile;
};

TEST_F(Sources, ScanAll) {
    QStringList warnings;
    const auto list = scanAll(paths, &warnings);
    // Facet first, then Ollama (sorted), then LM Studio.
    ASSERT_EQ(list.size(), 6) << dump(warnings);
    EXPECT_EQ(list[0].source, Source::Facet);
    EXPECT_EQ(list[1].source, Source::Ollama);
    EXPECT_EQ(list[5].source, Source::LmStudio);
    EXPECT_TRUE(find(list, QStringLiteral("Gemma4:E4B")));
    EXPECT_EQ(warnings.size(), 1) << dump(warnings);  // not-gemma.gguf in Facet's own folder

    // The same root twice is scanned once.
    SearchPaths twice = paths;
    twice.ollama << paths.ollama.front() + QStringLiteral("/");
    EXPECT_EQ(scanAll(twice, nullptr).size(), 6);
}

TEST_F(Sources, ResolveFilePath) {
    const auto e = resolveOk(userFile);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->source, Source::UserFile);
    EXPECT_EQ(e->name, QStringLiteral("model"));
    EXPECT_EQ(e->path, QFileInfo(userFile).absoluteFilePath());
}

TEST_F(Sources, ResolveOllamaNames) {
    auto e = resolveOk(QStringLiteral("gemma4"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->name, QStringLiteral("gemma4:latest"));
    EXPECT_EQ(e->source, Source::Ollama);
    e = resolveOk(QStringLiteral("gemma4:e2b"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->name, QStringLiteral("gemma4:e2b"));
    e = resolveOk(QStringLiteral("library/gemma4:e2b"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->name, QStringLiteral("gemma4:e2b"));
    e = resolveOk(QStringLiteral("registry.ollama.ai/library/gemma4:e2b"));
    ASSERT_TRUE(e);
    // Case-insensitive, reported with the stored spelling.
    e = resolveOk(QStringLiteral("gemma4:e4b"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->name, QStringLiteral("Gemma4:E4B"));
    e = resolveOk(QStringLiteral("GEMMA4:E2B"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->name, QStringLiteral("gemma4:e2b"));
    e = resolveOk(QStringLiteral("hf.co/unsloth/gemma-4-E2B-it-GGUF:Q4_K_M"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->name, QStringLiteral("hf.co/unsloth/gemma-4-E2B-it-GGUF:Q4_K_M"));

    QString error;
    EXPECT_FALSE(resolve(QStringLiteral("llama3"), paths, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("llama3:latest is not a Gemma 4 model")))
        << error.toStdString();
}

TEST_F(Sources, ResolveFacetAndLmStudioNames) {
    auto e = resolveOk(QStringLiteral("my-gemma"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->source, Source::Facet);
    e = resolveOk(QStringLiteral("my-gemma.gguf"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->source, Source::Facet);
    e = resolveOk(QStringLiteral("pub/repo/lm-gemma"));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->source, Source::LmStudio);

    QString error;
    EXPECT_FALSE(resolve(QStringLiteral("not-gemma"), paths, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("not a Gemma 4 model"))) << error.toStdString();
}

TEST_F(Sources, ResolveNotFoundSaysWhatWasTried) {
    QString error;
    EXPECT_FALSE(resolve(QStringLiteral("nothing-here"), paths, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("'nothing-here' not found"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("no Ollama model nothing-here:latest")));
    EXPECT_TRUE(error.contains(paths.facet));
    EXPECT_TRUE(error.contains(paths.lmStudio.front()));
    EXPECT_FALSE(resolve(QString(), paths, &error));
    EXPECT_FALSE(resolve(QStringLiteral("../../etc/passwd"), paths, &error));
}

TEST(ModelDiscovery, FromPathErrors) {
    QTemporaryDir dir;
    const QDir d(dir.path());
    QString error;
    EXPECT_FALSE(fromPath(d.filePath(QStringLiteral("missing.gguf")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("no such file"))) << error.toStdString();
    EXPECT_FALSE(fromPath(dir.path(), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("is a folder"))) << error.toStdString();
    writeFile(d.filePath(QStringLiteral("llama.gguf")), otherGguf("llama"));
    EXPECT_FALSE(fromPath(d.filePath(QStringLiteral("llama.gguf")), &error));
    EXPECT_TRUE(
        error.contains(QStringLiteral("not a Gemma 4 model: general.architecture is 'llama'")))
        << error.toStdString();
    writeFile(d.filePath(QStringLiteral("proj.gguf")), otherGguf("clip"));
    EXPECT_FALSE(fromPath(d.filePath(QStringLiteral("proj.gguf")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("projector"))) << error.toStdString();
    writeFile(d.filePath(QStringLiteral("bad.gguf")), corruptGguf());
    EXPECT_FALSE(fromPath(d.filePath(QStringLiteral("bad.gguf")), &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(ModelDiscovery, ParseOllamaName) {
    auto n = parseOllamaName(QStringLiteral("gemma4"));
    ASSERT_TRUE(n);
    EXPECT_EQ(n->host, QStringLiteral("registry.ollama.ai"));
    EXPECT_EQ(n->nameSpace, QStringLiteral("library"));
    EXPECT_EQ(n->model, QStringLiteral("gemma4"));
    EXPECT_EQ(n->tag, QStringLiteral("latest"));
    EXPECT_EQ(n->display(), QStringLiteral("gemma4:latest"));
    n = parseOllamaName(QStringLiteral("localhost:5000/team/model:v2"));
    ASSERT_TRUE(n);
    EXPECT_EQ(n->host, QStringLiteral("localhost:5000"));
    EXPECT_EQ(n->tag, QStringLiteral("v2"));
    EXPECT_EQ(n->display(), QStringLiteral("localhost:5000/team/model:v2"));
    n = parseOllamaName(QStringLiteral("localhost:5000/team/model"));
    ASSERT_TRUE(n);
    EXPECT_EQ(n->tag, QStringLiteral("latest"));
    EXPECT_FALSE(parseOllamaName(QStringLiteral("../x")));
    EXPECT_FALSE(parseOllamaName(QStringLiteral("a/../b")));
    EXPECT_FALSE(parseOllamaName(QStringLiteral("gemma4:")));
    EXPECT_FALSE(parseOllamaName(QStringLiteral("a b")));
    EXPECT_FALSE(parseOllamaName(QStringLiteral("C:\\models\\x.gguf")));
}

}  // namespace
}  // namespace facet::models
