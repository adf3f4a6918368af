// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "models/model_discovery.h"

#include "gguf/gguf.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>

#include <algorithm>

namespace facet::models {

namespace {

const QString kDefaultHost = QStringLiteral("registry.ollama.ai");
const QString kDefaultNamespace = QStringLiteral("library");
const QString kDefaultTag = QStringLiteral("latest");
const QString kModelMediaType = QStringLiteral("application/vnd.ollama.image.model");
const QString kProjectorMediaType = QStringLiteral("application/vnd.ollama.image.projector");

// Manifests are a few hundred bytes; anything much larger is not one.
constexpr qint64 kMaxManifestBytes = 1 << 20;

// What a GGUF file turned out to be.
enum class Kind { Gemma4, Projector, OtherModel, Broken };

struct Probe {
    Kind kind = Kind::Broken;
    QString detail;  // architecture for OtherModel, the reader's message for Broken
};

// Opens the header (the reader memory-maps the file and validates the header and tensor infos
// only, so this is cheap even for multi-gigabyte files).
Probe probe(const QString &path) {
    QString error;
    const auto f = gguf::File::open(path, &error);
    if (!f) return {Kind::Broken, error};
    const std::optional<std::string> arch = f->getString("general.architecture");
    if (!arch) return {Kind::OtherModel, QStringLiteral("general.architecture is missing")};
    if (*arch == "gemma4") return {Kind::Gemma4, {}};
    if (*arch == "clip") return {Kind::Projector, {}};
    return {Kind::OtherModel,
            QStringLiteral("general.architecture is '%1'").arg(QString::fromStdString(*arch))};
}

QString stripGguf(const QString &fileName) {
    return fileName.endsWith(QStringLiteral(".gguf"), Qt::CaseInsensitive)
               ? fileName.left(fileName.size() - 5)
               : fileName;
}

bool isGgufName(const QString &fileName) {
    return fileName.endsWith(QStringLiteral(".gguf"), Qt::CaseInsensitive);
}

// llama.cpp and LM Studio keep a model's vision/audio projector next to it as mmproj-*.gguf.
bool looksLikeProjectorName(const QString &fileName) {
    return fileName.startsWith(QStringLiteral("mmproj"), Qt::CaseInsensitive);
}

// The GGUF files directly inside `dir`, sorted by name.
QFileInfoList ggufFiles(const QString &dir) {
    QFileInfoList out;
    const QFileInfoList all =
        QDir(dir).entryInfoList(QDir::Files | QDir::Readable, QDir::Name | QDir::IgnoreCase);
    for (const QFileInfo &fi : all) {
        if (isGgufName(fi.fileName())) out << fi;
    }
    return out;
}

ModelEntry fileEntry(const QFileInfo &fi, Source source, const QString &name) {
    ModelEntry e;
    e.name = name;
    e.path = fi.absoluteFilePath();
    e.source = source;
    e.sizeBytes = fi.size();
    e.modified = fi.lastModified();
    return e;
}

// Scans one folder of loose GGUF files: Gemma 4 models become entries (named by `nameFor`); a
// single projector in the folder is attached to all of them. `warnOtherModels` says whether a
// model of another architecture deserves a warning (yes in Facet's own folder, no in LM Studio's
// shared one).
template <typename NameFor>
QList<ModelEntry> scanFolder(const QString &dir, Source source, NameFor nameFor,
                             bool warnOtherModels, QStringList *warnings) {
    QList<ModelEntry> models;
    QStringList projectors;
    for (const QFileInfo &fi : ggufFiles(dir)) {
        const Probe p = probe(fi.absoluteFilePath());
        switch (p.kind) {
            case Kind::Gemma4:
                models << fileEntry(fi, source, nameFor(fi));
                break;
            case Kind::Projector:
                projectors << fi.absoluteFilePath();
                break;
            case Kind::OtherModel:
                if (warnOtherModels && warnings) {
                    *warnings << QStringLiteral("%1: not a Gemma 4 model (%2), skipped")
                                     .arg(fi.absoluteFilePath(), p.detail);
                }
                break;
            case Kind::Broken:
                if (warnings) {
                    *warnings << QStringLiteral("%1: unreadable GGUF, skipped: %2")
                                     .arg(fi.absoluteFilePath(), p.detail);
                }
                break;
        }
    }
    if (projectors.size() == 1) {
        for (ModelEntry &m : models) {
            m.projectorPath = projectors.front();
            m.sizeBytes += QFileInfo(projectors.front()).size();
        }
    } else if (projectors.size() > 1 && !models.isEmpty() && warnings) {
        *warnings << QStringLiteral(
                         "%1: several projector files (%2); none attached to the "
                         "models there")
                         .arg(dir, projectors.join(QStringLiteral(", ")));
    }
    return models;
}

// A projector next to a single user-chosen file: only an mmproj*.gguf that really is one, and only
// when it is the only one.
QString siblingProjector(const QFileInfo &model) {
    QStringList found;
    for (const QFileInfo &fi : ggufFiles(model.absolutePath())) {
        if (fi == model || !looksLikeProjectorName(fi.fileName())) continue;
        if (probe(fi.absoluteFilePath()).kind == Kind::Projector) found << fi.absoluteFilePath();
    }
    return found.size() == 1 ? found.front() : QString();
}

// Ollama name components may hold letters, digits, '_', '-', '.'; a host may add a port. Never
// "." or "..": the parts become path components under manifests/.
bool validNamePart(const QString &s, bool isHost) {
    static const QRegularExpression part(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9_.\\-]*$"));
    static const QRegularExpression host(
        QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9_.\\-]*(:[0-9]+)?$"));
    if (s.isEmpty() || s == QStringLiteral(".") || s == QStringLiteral("..")) return false;
    return (isHost ? host : part).match(s).hasMatch();
}

QString displayName(const QString &host, const QString &ns, const QString &model,
                    const QString &tag) {
    if (host == kDefaultHost) {
        if (ns == kDefaultNamespace) return QStringLiteral("%1:%2").arg(model, tag);
        return QStringLiteral("%1/%2:%3").arg(ns, model, tag);
    }
    return QStringLiteral("%1/%2/%3:%4").arg(host, ns, model, tag);
}

// "sha256:<64 hex>" -> "<root>/blobs/sha256-<hex>"; empty for anything else (which must never be
// turned into a path: a manifest is untrusted input).
QString blobPath(const QString &root, const QString &digest) {
    static const QRegularExpression re(QStringLiteral("^sha256:([0-9a-fA-F]{64})$"));
    const QRegularExpressionMatch m = re.match(digest);
    if (!m.hasMatch()) return {};
    return QDir(root).filePath(QStringLiteral("blobs/sha256-") + m.captured(1));
}

enum class ManifestResult { Listed, NotGemma, Problem };

// Reads one manifest and, for a Gemma 4 model, fills *entry. A problem (bad JSON, missing blob, a
// corrupt GGUF) is described in *problem; a readable model of another architecture is NotGemma,
// with the reason in *problem.
ManifestResult readManifest(const QString &root, const QString &manifestPath, const QString &name,
                            ModelEntry *entry, QString *problem) {
    const QString where = QStringLiteral("Ollama model %1 (manifest %2)").arg(name, manifestPath);
    QFile file(manifestPath);
    if (file.size() > kMaxManifestBytes) {
        *problem =
            QStringLiteral("%1: manifest is %2 bytes, too large").arg(where).arg(file.size());
        return ManifestResult::Problem;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = QStringLiteral("%1: cannot read manifest: %2").arg(where, file.errorString());
        return ManifestResult::Problem;
    }
    QJsonParseError jsonError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &jsonError);
    if (doc.isNull() || !doc.isObject()) {
        *problem = QStringLiteral("%1: manifest is not valid JSON: %2")
                       .arg(where, doc.isNull() ? jsonError.errorString()
                                                : QStringLiteral("not an object"));
        return ManifestResult::Problem;
    }
    const QJsonObject obj = doc.object();
    if (obj.value(QStringLiteral("schemaVersion")).toInt() != 2) {
        *problem =
            QStringLiteral("%1: unsupported manifest schemaVersion %2 (expected 2)")
                .arg(where, obj.value(QStringLiteral("schemaVersion")).toVariant().toString());
        return ManifestResult::Problem;
    }
    QString modelDigest, projectorDigest;
    int modelLayers = 0;
    const QJsonArray layers = obj.value(QStringLiteral("layers")).toArray();
    for (const QJsonValue &v : layers) {
        const QJsonObject layer = v.toObject();
        const QString mediaType = layer.value(QStringLiteral("mediaType")).toString();
        const QString digest = layer.value(QStringLiteral("digest")).toString();
        if (mediaType == kModelMediaType) {
            ++modelLayers;
            modelDigest = digest;
        } else if (mediaType == kProjectorMediaType && projectorDigest.isEmpty()) {
            projectorDigest = digest;
        }
    }
    if (modelLayers != 1) {
        *problem = QStringLiteral("%1: manifest has %2 model layers (expected exactly 1)")
                       .arg(where)
                       .arg(modelLayers);
        return ManifestResult::Problem;
    }
    const QString modelPath = blobPath(root, modelDigest);
    if (modelPath.isEmpty()) {
        *problem = QStringLiteral("%1: invalid model layer digest '%2'").arg(where, modelDigest);
        return ManifestResult::Problem;
    }
    const QFileInfo modelInfo(modelPath);
    if (!modelInfo.isFile()) {
        *problem = QStringLiteral("%1: model blob %2 is missing").arg(where, modelPath);
        return ManifestResult::Problem;
    }
    const Probe p = probe(modelPath);
    if (p.kind == Kind::Broken) {
        *problem = QStringLiteral("%1: model blob %2 is not a readable GGUF: %3")
                       .arg(where, modelPath, p.detail);
        return ManifestResult::Problem;
    }
    if (p.kind != Kind::Gemma4) {
        *problem = QStringLiteral("%1 is not a Gemma 4 model (%2)")
                       .arg(name, p.kind == Kind::Projector
                                      ? QStringLiteral("its model layer is a projector")
                                      : p.detail);
        return ManifestResult::NotGemma;
    }

    ModelEntry e;
    e.name = name;
    e.path = modelInfo.absoluteFilePath();
    e.source = Source::Ollama;
    e.sizeBytes = modelInfo.size();
    e.digest = modelDigest.toLower();
    e.modified = QFileInfo(manifestPath).lastModified();
    if (!projectorDigest.isEmpty()) {
        const QString projectorPath = blobPath(root, projectorDigest);
        const QFileInfo pi(projectorPath);
        if (projectorPath.isEmpty() || !pi.isFile()) {
            // The text model still works; say why images and audio will not.
            *problem = QStringLiteral("%1: projector blob %2 is missing; listed without it")
                           .arg(where, projectorPath.isEmpty() ? projectorDigest : projectorPath);
        } else {
            e.projectorPath = pi.absoluteFilePath();
            e.sizeBytes += pi.size();
        }
    }
    *entry = e;
    return ManifestResult::Listed;
}

// Splits a manifest's path below manifests/ into host / namespace / model / tag. Namespaces may
// nest (more than four components); fewer than four is not a manifest.
std::optional<OllamaName> nameFromManifestPath(const QString &relative) {
    const QStringList parts = relative.split(QLatin1Char('/'));
    if (parts.size() < 4) return std::nullopt;
    OllamaName n;
    n.host = parts.front();
    n.tag = parts.back();
    n.model = parts.at(parts.size() - 2);
    n.nameSpace = parts.mid(1, parts.size() - 3).join(QLatin1Char('/'));
    return n;
}

// Finds dir/components[0]/…/components[n-1] (a file), comparing each component
// case-insensitively: Ollama's names are case-insensitive while its folders keep the case they
// were pulled with. Exact spellings are tried first; siblings differing only in case are all tried.
QString findCaseInsensitive(const QString &dir, const QStringList &components,
                            qsizetype index = 0) {
    const bool last = index == components.size() - 1;
    const QString &want = components[index];
    QStringList candidates;
    if (QFileInfo::exists(QDir(dir).filePath(want))) candidates << want;
    const QStringList entries = QDir(dir).entryList(
        (last ? QDir::Files : QDir::Dirs) | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
    for (const QString &e : entries) {
        if (e != want && e.compare(want, Qt::CaseInsensitive) == 0) candidates << e;
    }
    for (const QString &c : candidates) {
        const QString path = QDir(dir).filePath(c);
        if (last) {
            if (QFileInfo(path).isFile()) return path;
        } else if (QFileInfo(path).isDir()) {
            const QString found = findCaseInsensitive(path, components, index + 1);
            if (!found.isEmpty()) return found;
        }
    }
    return {};
}

void sortByName(QList<ModelEntry> &list) {
    std::stable_sort(list.begin(), list.end(), [](const ModelEntry &a, const ModelEntry &b) {
        return a.name.compare(b.name, Qt::CaseInsensitive) < 0;
    });
}

}  // namespace

const char *sourceName(Source s) {
    switch (s) {
        case Source::Facet:
            return "facet";
        case Source::Ollama:
            return "ollama";
        case Source::LmStudio:
            return "lmstudio";
        case Source::UserFile:
            return "file";
    }
    return "?";
}

QString ollamaModelsDir() {
    const QString env = qEnvironmentVariable("OLLAMA_MODELS");
    if (!env.isEmpty()) return QDir::cleanPath(env);
    return QDir(QDir::homePath()).filePath(QStringLiteral(".ollama/models"));
}

QString facetModelsDir() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("models"));
}

QStringList lmStudioModelsDirs() {
    const QDir home(QDir::homePath());
    return {home.filePath(QStringLiteral(".lmstudio/models")),
            home.filePath(QStringLiteral(".cache/lm-studio/models"))};
}

SearchPaths SearchPaths::defaults() {
    SearchPaths p;
    p.ollama << ollamaModelsDir();
    // Ollama's Linux installer runs the server as the "ollama" user with its store here.
    if (qEnvironmentVariable("OLLAMA_MODELS").isEmpty()) {
        const QString system = QStringLiteral("/usr/share/ollama/.ollama/models");
        if (QFileInfo(system).isDir()) p.ollama << system;
    }
    p.facet = facetModelsDir();
    p.lmStudio = lmStudioModelsDirs();
    return p;
}

QString OllamaName::display() const {
    return displayName(host, nameSpace, model, tag);
}

std::optional<OllamaName> parseOllamaName(const QString &text) {
    QString s = text.trimmed();
    if (s.isEmpty() || s.contains(QLatin1Char('\\'))) return std::nullopt;
    OllamaName n;
    n.tag = kDefaultTag;
    // The tag follows the last ':' after the last '/' (a ':' before it is a host's port).
    const qsizetype slash = s.lastIndexOf(QLatin1Char('/'));
    const qsizetype colon = s.lastIndexOf(QLatin1Char(':'));
    if (colon > slash) {
        n.tag = s.mid(colon + 1);
        s.truncate(colon);
    }
    const QStringList parts = s.split(QLatin1Char('/'));
    switch (parts.size()) {
        case 1:
            n.host = kDefaultHost;
            n.nameSpace = kDefaultNamespace;
            n.model = parts[0];
            break;
        case 2:
            n.host = kDefaultHost;
            n.nameSpace = parts[0];
            n.model = parts[1];
            break;
        default:
            n.host = parts.front();
            n.model = parts.back();
            n.nameSpace = parts.mid(1, parts.size() - 2).join(QLatin1Char('/'));
            break;
    }
    if (!validNamePart(n.host, true) || !validNamePart(n.model, false) ||
        !validNamePart(n.tag, false)) {
        return std::nullopt;
    }
    for (const QString &part : n.nameSpace.split(QLatin1Char('/'))) {
        if (!validNamePart(part, false)) return std::nullopt;
    }
    return n;
}

bool isGemma4Gguf(const QString &path, QString *why) {
    const Probe p = probe(path);
    if (p.kind == Kind::Gemma4) return true;
    if (why) {
        switch (p.kind) {
            case Kind::Projector:
                *why = QStringLiteral(
                    "a vision/audio projector (general.architecture is 'clip'), "
                    "not a language model");
                break;
            case Kind::OtherModel:
                *why = QStringLiteral("not a Gemma 4 model: %1").arg(p.detail);
                break;
            default:
                *why = p.detail;
                break;
        }
    }
    return false;
}

QList<ModelEntry> scanOllama(const QString &root, QStringList *warnings) {
    QList<ModelEntry> out;
    const QString manifests = QDir(root).filePath(QStringLiteral("manifests"));
    if (!QFileInfo(manifests).isDir()) return out;
    QDirIterator it(manifests, QDir::Files, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort();
    const QDir base(manifests);
    for (const QString &path : files) {
        const QString relative = base.relativeFilePath(path);
        const std::optional<OllamaName> n = nameFromManifestPath(relative);
        if (!n) {
            if (warnings) {
                *warnings << QStringLiteral(
                                 "%1: not at manifests/<host>/<namespace>/<model>/<tag>, "
                                 "ignored")
                                 .arg(path);
            }
            continue;
        }
        ModelEntry e;
        QString problem;
        const ManifestResult r = readManifest(root, path, n->display(), &e, &problem);
        if (r == ManifestResult::Listed) out << e;
        // Other architectures are simply not ours to list; real problems are reported.
        if (r != ManifestResult::NotGemma && !problem.isEmpty() && warnings) *warnings << problem;
    }
    sortByName(out);
    return out;
}

QList<ModelEntry> scanFacet(const QString &dir, QStringList *warnings) {
    if (!QFileInfo(dir).isDir()) return {};
    QList<ModelEntry> out = scanFolder(
        dir, Source::Facet, [](const QFileInfo &fi) { return stripGguf(fi.fileName()); }, true,
        warnings);
    // Models Facet pulled from an Ollama registry keep Ollama's layout (manifests/ + blobs/) in
    // the same folder; they are Facet's own files. Downloads in progress live in *.partial files
    // and their manifest is written only after every blob is verified, so none is listed early.
    QList<ModelEntry> pulled = scanOllama(dir, warnings);
    for (ModelEntry &e : pulled)
        e.source = Source::Facet;
    out << pulled;
    return out;
}

QList<ModelEntry> scanLmStudio(const QString &root, QStringList *warnings) {
    QList<ModelEntry> out;
    if (!QFileInfo(root).isDir()) return out;
    const QDir rootDir(root);
    for (const QString &publisher :
         rootDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir pubDir(rootDir.filePath(publisher));
        for (const QString &repo :
             pubDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QString prefix = publisher + QLatin1Char('/') + repo + QLatin1Char('/');
            out << scanFolder(
                pubDir.filePath(repo), Source::LmStudio,
                [&](const QFileInfo &fi) { return prefix + stripGguf(fi.fileName()); }, false,
                warnings);
        }
    }
    sortByName(out);
    return out;
}

QList<ModelEntry> scanAll(const SearchPaths &paths, QStringList *warnings) {
    QList<ModelEntry> out;
    QStringList seenRoots;
    // The same folder reached twice (e.g. OLLAMA_MODELS pointing at the default) is scanned once.
    auto firstVisit = [&](const QString &dir) {
        const QString canonical = QFileInfo(dir).canonicalFilePath();
        if (canonical.isEmpty() || seenRoots.contains(canonical)) return false;
        seenRoots << canonical;
        return true;
    };
    if (!paths.facet.isEmpty() && firstVisit(paths.facet)) out << scanFacet(paths.facet, warnings);
    for (const QString &root : paths.ollama) {
        if (firstVisit(root)) out << scanOllama(root, warnings);
    }
    for (const QString &root : paths.lmStudio) {
        if (firstVisit(root)) out << scanLmStudio(root, warnings);
    }
    return out;
}

std::optional<ModelEntry> fromPath(const QString &path, QString *error) {
    const QFileInfo fi(path);
    auto fail = [&](const QString &why) -> std::optional<ModelEntry> {
        // The GGUF reader's messages already start with the path.
        if (error) *error = why.startsWith(path) ? why : QStringLiteral("%1: %2").arg(path, why);
        return std::nullopt;
    };
    if (!fi.exists()) return fail(QStringLiteral("no such file"));
    if (fi.isDir()) return fail(QStringLiteral("is a folder, not a GGUF model file"));
    if (!fi.isFile()) return fail(QStringLiteral("not a file"));
    if (!fi.isReadable()) return fail(QStringLiteral("not readable"));
    QString why;
    if (!isGemma4Gguf(fi.absoluteFilePath(), &why)) return fail(why);
    ModelEntry e = fileEntry(fi, Source::UserFile, stripGguf(fi.fileName()));
    e.projectorPath = siblingProjector(fi);
    if (!e.projectorPath.isEmpty()) e.sizeBytes += QFileInfo(e.projectorPath).size();
    return e;
}

std::optional<ModelEntry> resolve(const QString &nameOrPath, const SearchPaths &paths,
                                  QString *error, QStringList *warnings) {
    auto fail = [&](const QString &why) -> std::optional<ModelEntry> {
        if (error) *error = why;
        return std::nullopt;
    };
    if (nameOrPath.trimmed().isEmpty()) return fail(QStringLiteral("no model name given"));

    // 1. A file path (a folder given as a path is an error of its own, not a name to look up).
    const QFileInfo asPath(nameOrPath);
    if (asPath.isFile() || (asPath.isDir() && nameOrPath.contains(QLatin1Char('/'))))
        return fromPath(nameOrPath, error);

    QStringList tried;

    // 2. An Ollama name.
    if (const std::optional<OllamaName> n = parseOllamaName(nameOrPath)) {
        QStringList components{n->host};
        components << n->nameSpace.split(QLatin1Char('/')) << n->model << n->tag;
        // Facet's own store (models it pulled) first, then Ollama's.
        QStringList roots;
        if (!paths.facet.isEmpty()) roots << paths.facet;
        roots << paths.ollama;
        for (const QString &root : roots) {
            const QString manifests = QDir(root).filePath(QStringLiteral("manifests"));
            const QString manifest = findCaseInsensitive(manifests, components);
            if (manifest.isEmpty()) continue;
            // Name the model as stored (its folders' case), like a scan would.
            const auto stored = nameFromManifestPath(QDir(manifests).relativeFilePath(manifest));
            ModelEntry e;
            QString problem;
            const ManifestResult r = readManifest(
                root, manifest, stored ? stored->display() : n->display(), &e, &problem);
            if (r == ManifestResult::Listed) {
                if (!problem.isEmpty() && warnings) *warnings << problem;
                if (root == paths.facet) e.source = Source::Facet;
                return e;
            }
            return fail(problem);
        }
        tried << QStringLiteral("no Ollama model %1 in %2")
                     .arg(n->display(), paths.ollama.isEmpty()
                                            ? QStringLiteral("(no Ollama folder)")
                                            : paths.ollama.join(QStringLiteral(", ")));
    }

    // 3. A model in Facet's folder, by file name with or without ".gguf".
    if (!paths.facet.isEmpty() && !nameOrPath.contains(QLatin1Char('/'))) {
        for (const QFileInfo &fi : ggufFiles(paths.facet)) {
            if (fi.fileName().compare(nameOrPath, Qt::CaseInsensitive) == 0 ||
                stripGguf(fi.fileName()).compare(nameOrPath, Qt::CaseInsensitive) == 0) {
                QString why;
                if (!isGemma4Gguf(fi.absoluteFilePath(), &why)) {
                    return fail(QStringLiteral("%1: %2").arg(fi.absoluteFilePath(), why));
                }
                ModelEntry e = fileEntry(fi, Source::Facet, stripGguf(fi.fileName()));
                e.projectorPath = siblingProjector(fi);
                if (!e.projectorPath.isEmpty()) e.sizeBytes += QFileInfo(e.projectorPath).size();
                return e;
            }
        }
        tried << QStringLiteral("no file %1[.gguf] in %2").arg(nameOrPath, paths.facet);
    }

    // 4. An LM Studio model by its listed name ("publisher/repo/file").
    for (const QString &root : paths.lmStudio) {
        for (const ModelEntry &e : scanLmStudio(root, nullptr)) {
            if (e.name.compare(stripGguf(nameOrPath), Qt::CaseInsensitive) == 0) return e;
        }
    }
    if (!paths.lmStudio.isEmpty()) {
        tried << QStringLiteral("no LM Studio model of that name in %1")
                     .arg(paths.lmStudio.join(QStringLiteral(", ")));
    }

    return fail(QStringLiteral("model '%1' not found: it is not a file; %2")
                    .arg(nameOrPath, tried.join(QStringLiteral("; "))));
}

std::optional<ModelEntry> resolve(const QString &nameOrPath, QString *error) {
    return resolve(nameOrPath, SearchPaths::defaults(), error);
}

}  // namespace facet::models
