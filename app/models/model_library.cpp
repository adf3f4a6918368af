// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model_library.h"

#include "gguf/gguf.h"
#include "model/gemma4_config.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <map>
#include <memory>

namespace facet::app {

namespace {

// Translation context for the texts of this file (it has no QObject).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(facet::app::ModelLibrary)
};

// llama.cpp's llama_ftype numbering (general.file_type), the names its quantiser and the Hugging
// Face repositories use. Files Ollama converted carry the same numbers.
QString fileTypeName(int64_t ft) {
    static const std::map<int64_t, const char *> names = {
        {0, "F32"},     {1, "F16"},     {2, "Q4_0"},    {3, "Q4_1"},    {7, "Q8_0"},
        {8, "Q5_0"},    {9, "Q5_1"},    {10, "Q2_K"},   {11, "Q3_K_S"}, {12, "Q3_K_M"},
        {13, "Q3_K_L"}, {14, "Q4_K_S"}, {15, "Q4_K_M"}, {16, "Q5_K_S"}, {17, "Q5_K_M"},
        {18, "Q6_K"},   {32, "BF16"},   {38, "MXFP4"}};
    const auto it = names.find(ft);
    return it == names.end() ? QString() : QString::fromLatin1(it->second);
}

QString typeName(gguf::TensorType t) {
    const auto traits = gguf::typeTraits(t);
    return traits ? QString::fromLatin1(traits->name) : QStringLiteral("?");
}

// Quantisation label and mix from the tensor table.
void describeQuantisation(const gguf::File &file, ModelDetails &d) {
    std::map<QString, uint64_t> bytesByType;
    std::map<QString, int> matricesByType;  // 2-D+ tensors: the weights a quantiser chooses for
    uint64_t total = 0;
    for (const gguf::TensorInfo &t : file.tensors()) {
        const QString name = typeName(t.type);
        bytesByType[name] += t.nbytes;
        total += t.nbytes;
        if (t.ne.size() >= 2) ++matricesByType[name];
    }
    // Largest share first.
    std::vector<std::pair<QString, uint64_t>> shares(bytesByType.begin(), bytesByType.end());
    std::stable_sort(shares.begin(), shares.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    QStringList mix;
    for (const auto &[name, bytes] : shares) {
        const double pct = total ? 100.0 * double(bytes) / double(total) : 0.0;
        mix << QStringLiteral("%1 %2%").arg(name).arg(pct, 0, 'f', pct < 1.0 ? 1 : 0);
    }
    d.quantMix = mix.join(QStringLiteral(", "));

    const int64_t ft = file.getInt("general.file_type").value_or(-1);
    d.quantLabel = fileTypeName(ft);
    if (d.quantLabel.isEmpty()) {
        // Without a file type, the type most weight matrices have says what the file is (bytes
        // would not: Ollama keeps the 2 GB per-layer embedding table in BF16 in a Q4_K_M file).
        const auto most =
            std::max_element(matricesByType.begin(), matricesByType.end(),
                             [](const auto &a, const auto &b) { return a.second < b.second; });
        d.quantLabel = most == matricesByType.end() ? QStringLiteral("?") : most->first;
    }
}

// Towers a separate projector GGUF carries, by its tensor names (v.* and mm.input_projection:
// vision; a.* and mm.a.*: audio — the names gemma4_config.h reads).
void projectorTowers(const QString &path, ModelDetails &d) {
    QString error;
    const std::unique_ptr<gguf::File> file = gguf::File::open(path, &error);
    if (!file) return;  // a broken projector adds no tower; discovery already warned about it
    for (const gguf::TensorInfo &t : file->tensors()) {
        if (t.name.starts_with("v.") || t.name.starts_with("mm.input_projection")) d.vision = true;
        if (t.name.starts_with("a.") || t.name.starts_with("mm.a.")) d.audio = true;
    }
}

}  // namespace

QString ModelDetails::towers() const {
    QStringList t{QStringLiteral("text")};
    if (vision) t << QStringLiteral("vision");
    if (audio) t << QStringLiteral("audio");
    return t.join(QStringLiteral(", "));
}

ModelDetails inspectModel(const models::ModelEntry &entry, int64_t contextLength) {
    ModelDetails d;
    d.entry = entry;
    QString error;
    const std::unique_ptr<gguf::File> file = gguf::File::open(entry.path, &error);
    if (!file) {
        d.error = error;
        return d;
    }
    describeQuantisation(*file, d);
    const std::optional<model::Gemma4Config> cfg = model::Gemma4Config::fromGguf(*file, &error);
    if (!cfg) {
        d.error = error;
        return d;
    }
    d.vision = cfg->vision.present;
    d.audio = cfg->audio.present;
    d.trainedContext = cfg->contextLength;
    if (!entry.projectorPath.isEmpty()) projectorTowers(entry.projectorPath, d);

    d.estimateContext = contextLength;
    if (d.trainedContext > 0) d.estimateContext = std::min(contextLength, d.trainedContext);
    model::GpuModelOptions options;
    options.contextLength = d.estimateContext;
    d.memory = model::estimateGpuMemory(*file, options, &d.estimateError);
    return d;
}

void reestimate(ModelDetails &d, int64_t contextLength) {
    if (!d.error.isEmpty()) return;
    QString error;
    const std::unique_ptr<gguf::File> file = gguf::File::open(d.entry.path, &error);
    d.memory.reset();
    d.estimateError.clear();
    if (!file) {
        d.estimateError = error;  // the file changed or vanished since the scan
        return;
    }
    d.estimateContext = contextLength;
    if (d.trainedContext > 0) d.estimateContext = std::min(contextLength, d.trainedContext);
    model::GpuModelOptions options;
    options.contextLength = d.estimateContext;
    d.memory = model::estimateGpuMemory(*file, options, &d.estimateError);
}

LibraryScan scanLibrary(const models::SearchPaths &paths, const QStringList &userFiles,
                        int64_t contextLength) {
    LibraryScan scan;
    QList<models::ModelEntry> entries = models::scanAll(paths, &scan.warnings);
    QSet<QString> known;
    for (const models::ModelEntry &e : entries)
        known.insert(QFileInfo(e.path).canonicalFilePath());
    for (const QString &path : userFiles) {
        QString error;
        const std::optional<models::ModelEntry> e = models::fromPath(path, &error);
        if (!e) {
            scan.warnings
                << Text::tr("Opened file %1: %2").arg(QDir::toNativeSeparators(path), error);
            continue;
        }
        if (known.contains(QFileInfo(e->path).canonicalFilePath())) continue;
        known.insert(QFileInfo(e->path).canonicalFilePath());
        entries << *e;
    }
    for (const models::ModelEntry &e : entries) {
        ModelDetails d = inspectModel(e, contextLength);
        if (!d.error.isEmpty()) {
            scan.warnings << Text::tr("%1: %2").arg(QDir::toNativeSeparators(e.path), d.error);
        }
        scan.models << std::move(d);
    }
    return scan;
}

bool facetOwns(const models::ModelEntry &entry, QString *why) {
    switch (entry.source) {
        case models::Source::Facet:
            return true;
        case models::Source::Ollama:
            if (why) {
                *why = Text::tr(
                           "This model lives in Ollama's store, which Facet only reads. "
                           "Remove it with \"ollama rm %1\".")
                           .arg(entry.name);
            }
            return false;
        case models::Source::LmStudio:
            if (why) {
                *why = Text::tr(
                    "This file belongs to LM Studio, which Facet only reads. "
                    "Remove it in LM Studio.");
            }
            return false;
        case models::Source::UserFile:
            if (why) {
                *why = Text::tr(
                    "Facet did not download this file, so it does not delete it. "
                    "Use \"Forget\" to take it off the list.");
            }
            return false;
    }
    return false;
}

QString formatBytes(qint64 bytes) {
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

QString PullTarget::display() const {
    if (kind == Kind::Ollama) return ollama.display();
    return repo + QLatin1Char('/') + url.path().section(QLatin1Char('/'), 5);
}

namespace {

// Hugging Face user, organisation and repository names: letters, digits, '-', '_', '.'.
bool validHfName(const QString &s) {
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*$"));
    return s.size() <= 96 && re.match(s).hasMatch() && !s.contains(QStringLiteral(".."));
}

bool validHfPath(const QStringList &parts) {
    static const QRegularExpression re(QStringLiteral("^[A-Za-z0-9._+ -]+$"));
    for (const QString &p : parts) {
        if (p.isEmpty() || p == QStringLiteral(".") || p == QStringLiteral("..") ||
            !re.match(p).hasMatch())
            return false;
    }
    return true;
}

}  // namespace

std::optional<PullTarget> parsePullTarget(const QString &text, QString *error) {
    const QString s = text.trimmed();
    auto fail = [&](const QString &m) -> std::optional<PullTarget> {
        if (error) *error = m;
        return std::nullopt;
    };
    if (s.isEmpty()) {
        return fail(
            Text::tr("Type an Ollama name such as gemma4:e2b, or the address of a GGUF "
                     "file on Hugging Face."));
    }
    const QString hfExample =
        QStringLiteral("https://huggingface.co/ORG/REPO/resolve/main/FILE.gguf");
    if (s.contains(QStringLiteral("://"))) {
        const QUrl url(s, QUrl::StrictMode);
        if (!url.isValid()) return fail(Text::tr("This is not a valid web address."));
        const QString scheme = url.scheme().toLower();
        if (scheme == QStringLiteral("http")) {
            return fail(
                Text::tr("Use an https:// address: downloads are not made over plain "
                         "http."));
        }
        if (scheme != QStringLiteral("https")) {
            return fail(Text::tr("Only https:// addresses can be downloaded."));
        }
        const QString host = url.host().toLower();
        if (host != QStringLiteral("huggingface.co") && host != QStringLiteral("hf.co")) {
            return fail(
                Text::tr("Only Hugging Face addresses (huggingface.co) can be downloaded; "
                         "for Ollama models type the name, e.g. gemma4:e2b."));
        }
        // /ORG/REPO/(resolve|blob)/REV/PATH…
        const QStringList parts = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
        if (parts.size() < 5 ||
            (parts[2] != QStringLiteral("resolve") && parts[2] != QStringLiteral("blob"))) {
            return fail(Text::tr("This Hugging Face address does not point to a file. Open the "
                                 "file on the repository's \"Files\" page and copy its download "
                                 "link, like %1.")
                            .arg(hfExample));
        }
        if (!validHfName(parts[0]) || !validHfName(parts[1]) || !validHfPath(parts.mid(3))) {
            return fail(
                Text::tr("The address contains characters a Hugging Face repository or "
                         "file name cannot have."));
        }
        if (!parts.back().endsWith(QStringLiteral(".gguf"), Qt::CaseInsensitive)) {
            return fail(Text::tr("\"%1\" is not a GGUF file. Facet runs .gguf files only.")
                            .arg(parts.back()));
        }
        PullTarget t;
        t.kind = PullTarget::Kind::HuggingFace;
        t.repo = parts[0] + QLatin1Char('/') + parts[1];
        t.fileName = parts.back();
        QStringList resolved = parts;
        resolved[2] = QStringLiteral("resolve");  // blob/ pages show the file; resolve/ is it
        t.url = QUrl(QStringLiteral("https://huggingface.co/") + resolved.join(QLatin1Char('/')));
        return t;
    }
    if (s.endsWith(QStringLiteral(".gguf"), Qt::CaseInsensitive)) {
        const QStringList parts = s.split(QLatin1Char('/'));
        if (parts.size() < 3) {
            return fail(
                Text::tr("To download a file from Hugging Face, give the repository too: "
                         "ORG/REPO/FILE.gguf (for example "
                         "unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf)."));
        }
        if (!validHfName(parts[0]) || !validHfName(parts[1]) || !validHfPath(parts.mid(2))) {
            return fail(Text::tr("\"%1\" is not a valid Hugging Face name: organisation, "
                                 "repository and file may contain letters, digits, '-', '_' and "
                                 "'.' only.")
                            .arg(s));
        }
        PullTarget t;
        t.kind = PullTarget::Kind::HuggingFace;
        t.repo = parts[0] + QLatin1Char('/') + parts[1];
        t.fileName = parts.back();
        t.url = QUrl(QStringLiteral("https://huggingface.co/%1/resolve/main/%2")
                         .arg(t.repo, parts.mid(2).join(QLatin1Char('/'))));
        return t;
    }
    if (s.contains(QLatin1Char(' '))) {
        return fail(
            Text::tr("Model names contain no spaces. Type an Ollama name such as "
                     "gemma4:e2b or library/gemma4:e4b."));
    }
    const std::optional<models::OllamaName> name = models::parseOllamaName(s);
    if (!name) {
        return fail(Text::tr("\"%1\" is not an Ollama model name. Use NAME:TAG or "
                             "NAMESPACE/NAME:TAG, for example gemma4:e2b or library/gemma4:e4b.")
                        .arg(s));
    }
    PullTarget t;
    t.kind = PullTarget::Kind::Ollama;
    t.ollama = *name;
    return t;
}

// ---- LibraryScanner -------------------------------------------------------------------------

LibraryScanner::LibraryScanner(QObject *parent) : QObject(parent) {
    // One worker: scans are sequential, a newer one supersedes older results.
    m_pool.setMaxThreadCount(1);
}

LibraryScanner::~LibraryScanner() {
    // The tasks post their results to this object: let them finish before it goes away (posted
    // but undelivered results are discarded with the object).
    m_pool.waitForDone();
}

void LibraryScanner::scan(const models::SearchPaths &paths, const QStringList &userFiles,
                          int64_t contextLength) {
    const quint64 generation = ++m_generation;
    ++m_pending;
    m_pool.start([this, generation, paths, userFiles, contextLength] {
        LibraryScan result = scanLibrary(paths, userFiles, contextLength);
        QMetaObject::invokeMethod(
            this,
            [this, generation, result = std::move(result)] {
                --m_pending;
                if (generation == m_generation) emit scanned(result);
            },
            Qt::QueuedConnection);
    });
}

void LibraryScanner::reestimate(const QList<ModelDetails> &models, int64_t contextLength) {
    const quint64 generation = ++m_generation;
    ++m_pending;
    m_pool.start([this, generation, list = QList<ModelDetails>(models), contextLength]() mutable {
        for (ModelDetails &d : list)
            facet::app::reestimate(d, contextLength);
        QMetaObject::invokeMethod(
            this,
            [this, generation, list = std::move(list), contextLength] {
                --m_pending;
                if (generation == m_generation) emit reestimated(list, contextLength);
            },
            Qt::QueuedConnection);
    });
}

}  // namespace facet::app
