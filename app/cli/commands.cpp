#include "commands.h"

#include "chat/chat_types.h"
#include "chat/renderer.h"
#include "gguf/gguf.h"
#include "model/gemma4_config.h"
#include "models/model_discovery.h"
#include "tokenizer/tokenizer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cstdio>
#include <functional>
#include <map>

namespace facet::cli {
namespace {

void out(const QByteArray &s) {
    std::fwrite(s.constData(), 1, static_cast<size_t>(s.size()), stdout);
}
void out(const std::string &s) {
    std::fwrite(s.data(), 1, s.size(), stdout);
}
void out(const QString &s) {
    out(s.toUtf8());
}

int fail(const QString &message, int code = 1) {
    const QByteArray m = QStringLiteral("facet-cli: %1\n").arg(message).toUtf8();
    std::fwrite(m.constData(), 1, static_cast<size_t>(m.size()), stderr);
    return code;
}

const char *kUsage =
    "usage: facet-cli COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  info MODEL [--json]                  architecture, sizes, quant mix, layers, towers\n"
    "  tokenize MODEL TEXT [--json] [--literal]\n"
    "                                       print token ids (space-separated, one line)\n"
    "  detokenize MODEL IDS                 IDS like \"2 105 2364\" or \"2,105,2364\"\n"
    "  render MODEL CONVERSATION.json       print the exact prompt text\n"
    "  list [--json]                        installed and Ollama Gemma 4 models\n"
    "  help                                 this text\n"
    "\n"
    "MODEL is a GGUF file, an Ollama name (gemma4:e2b) or a model in Facet's folder.\n";

// Splits arguments into positionals and --flags; rejects unknown flags.
struct Args {
    QStringList positional;
    QSet<QString> flags;
};

bool parseArgs(const QStringList &in, const QSet<QString> &allowed, Args *args, QString *error) {
    bool onlyPositional = false;
    for (const QString &a : in) {
        if (!onlyPositional && a == QStringLiteral("--")) {
            onlyPositional = true;
        } else if (!onlyPositional && a.startsWith(QStringLiteral("--"))) {
            if (!allowed.contains(a)) {
                *error = QStringLiteral("unknown option '%1'").arg(a);
                return false;
            }
            args->flags.insert(a);
        } else {
            args->positional.push_back(a);
        }
    }
    return true;
}

QString humanBytes(double bytes) {
    const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 4) {
        bytes /= 1024.0;
        ++u;
    }
    return u == 0 ? QStringLiteral("%1 B").arg(static_cast<qint64>(bytes))
                  : QStringLiteral("%1 %2").arg(bytes, 0, 'f', 2).arg(QLatin1String(units[u]));
}

// Opens MODEL (path, Ollama name or Facet model name) as a GGUF file.
std::unique_ptr<gguf::File> openModel(const QString &model, QString *error) {
    QString resolveError;
    const std::optional<models::ModelEntry> entry = models::resolve(model, &resolveError);
    if (!entry) {
        *error = resolveError;
        return nullptr;
    }
    return gguf::File::open(entry->path, error);
}

std::unique_ptr<tokenizer::Tokenizer> openTokenizer(const QString &model, QString *error) {
    std::unique_ptr<gguf::File> file = openModel(model, error);
    if (!file) return nullptr;
    return tokenizer::Tokenizer::fromGguf(*file, error);
}

QString towerList(const model::Gemma4Config &cfg) {
    QStringList towers{QStringLiteral("text")};
    if (cfg.vision.present) towers << QStringLiteral("vision");
    if (cfg.audio.present) towers << QStringLiteral("audio");
    return towers.join(QStringLiteral(", "));
}

QJsonObject configJson(const model::Gemma4Config &c) {
    QJsonArray layers;
    for (const model::Gemma4LayerConfig &l : c.layers) {
        layers.append(
            QJsonObject{{QStringLiteral("kind"),
                         l.isSliding() ? QStringLiteral("sliding") : QStringLiteral("global")},
                        {QStringLiteral("head_dim"), l.headDim},
                        {QStringLiteral("kv_heads"), l.kvHeads},
                        {QStringLiteral("kv_donor"), l.kvDonor},
                        {QStringLiteral("ffn"), l.ffnWidth},
                        {QStringLiteral("rope_base"), static_cast<double>(l.ropeBase)},
                        {QStringLiteral("rope_dims"), l.ropeDims},
                        {QStringLiteral("output_scale"), l.hasOutputScale()}});
    }
    return QJsonObject{
        {QStringLiteral("layers"), c.layerCount},
        {QStringLiteral("hidden"), c.hidden},
        {QStringLiteral("heads"), c.heads},
        {QStringLiteral("context_length"), c.contextLength},
        {QStringLiteral("sliding_window"), c.slidingWindow},
        {QStringLiteral("shared_kv_layers"), c.sharedKvLayers},
        {QStringLiteral("ple_dim"), c.pleDim},
        {QStringLiteral("vocab"), c.vocabSize},
        {QStringLiteral("final_logit_softcapping"), static_cast<double>(c.finalLogitSoftcap)},
        {QStringLiteral("towers"), QJsonObject{{QStringLiteral("text"), true},
                                               {QStringLiteral("vision"), c.vision.present},
                                               {QStringLiteral("audio"), c.audio.present}}},
        {QStringLiteral("per_layer"), layers}};
}

int cmdInfo(const QStringList &argv) {
    Args args;
    QString error;
    if (!parseArgs(argv, {QStringLiteral("--json")}, &args, &error)) return fail(error, 2);
    if (args.positional.size() != 1)
        return fail(QStringLiteral("usage: facet-cli info MODEL [--json]"), 2);

    std::unique_ptr<gguf::File> file = openModel(args.positional[0], &error);
    if (!file) return fail(error);

    // Quantisation mix: tensors and bytes per type.
    struct Mix {
        int tensors = 0;
        uint64_t bytes = 0;
        uint64_t elements = 0;
    };
    std::map<std::string, Mix> mix;
    uint64_t totalBytes = 0, totalParams = 0;
    for (const gguf::TensorInfo &t : file->tensors()) {
        const auto traits = gguf::typeTraits(t.type);
        Mix &m = mix[traits ? traits->name : "?"];
        ++m.tensors;
        m.bytes += t.nbytes;
        m.elements += t.nelements;
        totalBytes += t.nbytes;
        totalParams += t.nelements;
    }
    const QString arch =
        QString::fromStdString(file->getString("general.architecture").value_or("?"));
    const QString name = QString::fromStdString(file->getString("general.name").value_or(""));

    // A vocabulary-only GGUF (tokenizer metadata, no tensors) is valid input for tokenize/render;
    // info describes it instead of failing on the missing model metadata.
    const bool vocabOnly = file->tensors().empty() && file->getArray("tokenizer.ggml.tokens");
    QString cfgError;
    const std::optional<model::Gemma4Config> cfg =
        vocabOnly ? std::nullopt : model::Gemma4Config::fromGguf(*file, &cfgError);
    QString tokError;
    const std::unique_ptr<tokenizer::Tokenizer> tok =
        file->getArray("tokenizer.ggml.tokens") ? tokenizer::Tokenizer::fromGguf(*file, &tokError)
                                                : nullptr;
    const QString tokenizerLine =
        tok ? QStringLiteral("%1 tokens (%2), bos %3, eos %4, %5 stop ids")
                  .arg(tok->vocabSize())
                  .arg(
                      QString::fromStdString(file->getString("tokenizer.ggml.model").value_or("?")))
                  .arg(tok->bosId())
                  .arg(tok->eosId())
                  .arg(tok->stopIds().size())
            : (tokError.isEmpty() ? QStringLiteral("none")
                                  : QStringLiteral("unusable: %1").arg(tokError));

    if (args.flags.contains(QStringLiteral("--json"))) {
        QJsonObject o;
        o[QStringLiteral("path")] = file->path();
        o[QStringLiteral("architecture")] = arch;
        o[QStringLiteral("name")] = name;
        o[QStringLiteral("gguf_version")] = static_cast<int>(file->version());
        o[QStringLiteral("file_bytes")] = static_cast<qint64>(file->fileSize());
        o[QStringLiteral("tensor_bytes")] = static_cast<qint64>(totalBytes);
        o[QStringLiteral("parameters")] = static_cast<qint64>(totalParams);
        o[QStringLiteral("tensor_count")] = static_cast<int>(file->tensors().size());
        QJsonObject q;
        for (const auto &[type, m] : mix) {
            q[QString::fromStdString(type)] =
                QJsonObject{{QStringLiteral("tensors"), m.tensors},
                            {QStringLiteral("bytes"), static_cast<qint64>(m.bytes)},
                            {QStringLiteral("parameters"), static_cast<qint64>(m.elements)}};
        }
        o[QStringLiteral("quantization")] = q;
        o[QStringLiteral("vocab_only")] = vocabOnly;
        o[QStringLiteral("tokenizer")] = tokenizerLine;
        if (cfg) {
            o[QStringLiteral("config")] = configJson(*cfg);
        } else if (!vocabOnly) {
            o[QStringLiteral("config_error")] = cfgError;
        }
        out(QJsonDocument(o).toJson(QJsonDocument::Indented));
        return cfg || vocabOnly ? 0 : 1;
    }

    out(QStringLiteral("file:          %1\n").arg(file->path()));
    out(QStringLiteral("architecture:  %1%2\n")
            .arg(arch, name.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(name)));
    out(QStringLiteral("gguf version:  %1, %2 tensors, %3 metadata keys\n")
            .arg(file->version())
            .arg(file->tensors().size())
            .arg(file->metadata().size()));
    const double params = static_cast<double>(totalParams);
    out(QStringLiteral("size:          %1 file, %2 of tensors, %3 parameters\n")
            .arg(humanBytes(static_cast<double>(file->fileSize())),
                 humanBytes(static_cast<double>(totalBytes)),
                 params >= 1e9   ? QStringLiteral("%1 B").arg(params / 1e9, 0, 'f', 2)
                 : params >= 1e6 ? QStringLiteral("%1 M").arg(params / 1e6, 0, 'f', 2)
                                 : QString::number(totalParams)));
    out(QStringLiteral("quantization:\n"));
    for (const auto &[type, m] : mix) {
        out(QStringLiteral("  %1 %2 tensors  %3  (%4%)\n")
                .arg(QString::fromStdString(type), -6)
                .arg(m.tensors, 5)
                .arg(humanBytes(static_cast<double>(m.bytes)), 11)
                .arg(totalBytes
                         ? 100.0 * static_cast<double>(m.bytes) / static_cast<double>(totalBytes)
                         : 0.0,
                     0, 'f', 1));
    }
    out(QStringLiteral("tokenizer:     %1\n").arg(tokenizerLine));
    if (vocabOnly) {
        out(QStringLiteral("contents:      vocabulary only (no model weights)\n"));
        return 0;
    }
    if (!cfg) return fail(cfgError);
    out(QStringLiteral("towers:        %1\n").arg(towerList(*cfg)));
    for (const std::string &line : cfg->describe())
        out(QString::fromStdString(line) + u'\n');
    return 0;
}

int cmdTokenize(const QStringList &argv) {
    Args args;
    QString error;
    if (!parseArgs(argv, {QStringLiteral("--json"), QStringLiteral("--literal")}, &args, &error))
        return fail(error, 2);
    if (args.positional.size() != 2)
        return fail(QStringLiteral("usage: facet-cli tokenize MODEL TEXT [--json] [--literal]"), 2);
    std::unique_ptr<tokenizer::Tokenizer> tok = openTokenizer(args.positional[0], &error);
    if (!tok) return fail(error);
    const QByteArray text = args.positional[1].toUtf8();
    const auto mode = args.flags.contains(QStringLiteral("--literal")) ? tokenizer::Special::Literal
                                                                       : tokenizer::Special::Parse;
    const std::vector<int32_t> ids =
        tok->encode(std::string_view(text.constData(), static_cast<size_t>(text.size())), mode);
    if (args.flags.contains(QStringLiteral("--json"))) {
        QJsonArray arr;
        for (int32_t id : ids) {
            const std::string_view p = tok->piece(id);
            arr.append(
                QJsonObject{{QStringLiteral("id"), id},
                            {QStringLiteral("piece"),
                             QString::fromUtf8(p.data(), static_cast<qsizetype>(p.size()))}});
        }
        out(QJsonDocument(QJsonObject{{QStringLiteral("count"), static_cast<int>(ids.size())},
                                      {QStringLiteral("tokens"), arr}})
                .toJson(QJsonDocument::Compact) +
            '\n');
        return 0;
    }
    QByteArray line;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (i) line += ' ';
        line += QByteArray::number(ids[i]);
    }
    out(line + '\n');
    return 0;
}

int cmdDetokenize(const QStringList &argv) {
    Args args;
    QString error;
    if (!parseArgs(argv, {}, &args, &error)) return fail(error, 2);
    if (args.positional.size() < 2)
        return fail(QStringLiteral("usage: facet-cli detokenize MODEL IDS"), 2);
    std::unique_ptr<tokenizer::Tokenizer> tok = openTokenizer(args.positional[0], &error);
    if (!tok) return fail(error);
    std::vector<int32_t> ids;
    static const QRegularExpression sep(QStringLiteral("[\\s,]+"));
    for (const QString &chunk : args.positional.mid(1)) {
        for (const QString &s : chunk.split(sep, Qt::SkipEmptyParts)) {
            bool ok = false;
            const qlonglong v = s.toLongLong(&ok);
            if (!ok) return fail(QStringLiteral("'%1' is not a token id").arg(s), 2);
            if (v < 0 || v >= tok->vocabSize())
                return fail(QStringLiteral("token id %1 is out of range (vocabulary has %2 tokens)")
                                .arg(v)
                                .arg(tok->vocabSize()),
                            2);
            ids.push_back(static_cast<int32_t>(v));
        }
    }
    out(tok->decode(ids));
    out(std::string("\n"));
    return 0;
}

int cmdRender(const QStringList &argv) {
    Args args;
    QString error;
    if (!parseArgs(argv, {QStringLiteral("--tokens")}, &args, &error)) return fail(error, 2);
    if (args.positional.size() != 2)
        return fail(QStringLiteral("usage: facet-cli render MODEL CONVERSATION.json [--tokens]"),
                    2);
    std::unique_ptr<gguf::File> file = openModel(args.positional[0], &error);
    if (!file) return fail(error);
    if (file->getString("general.architecture").value_or("") != "gemma4")
        return fail(
            QStringLiteral("%1 is not a Gemma 4 model (general.architecture is '%2')")
                .arg(file->path(),
                     QString::fromStdString(file->getString("general.architecture").value_or(""))));
    QFile json(args.positional[1]);
    if (!json.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("cannot read %1: %2").arg(json.fileName(), json.errorString()));
    const chat::Conversation conv = chat::parseConversationJson(json.readAll(), &error);
    if (!error.isEmpty()) return fail(QStringLiteral("%1: %2").arg(json.fileName(), error));
    const chat::RenderedPrompt prompt = chat::render(conv);
    if (args.flags.contains(QStringLiteral("--tokens"))) {
        std::unique_ptr<tokenizer::Tokenizer> tok = tokenizer::Tokenizer::fromGguf(*file, &error);
        if (!tok) return fail(error);
        QByteArray line;
        for (int32_t id : chat::tokenize(*tok, prompt)) {
            if (!line.isEmpty()) line += ' ';
            line += QByteArray::number(id);
        }
        out(line + '\n');
        return 0;
    }
    out(prompt.text);
    return 0;
}

int cmdList(const QStringList &argv) {
    Args args;
    QString error;
    if (!parseArgs(argv, {QStringLiteral("--json")}, &args, &error)) return fail(error, 2);
    if (!args.positional.isEmpty())
        return fail(QStringLiteral("usage: facet-cli list [--json]"), 2);
    QStringList warnings;
    const QList<models::ModelEntry> entries =
        models::scanAll(models::SearchPaths::defaults(), &warnings);
    for (const QString &w : warnings)
        fail(QStringLiteral("warning: %1").arg(w), 0);
    if (args.flags.contains(QStringLiteral("--json"))) {
        QJsonArray arr;
        for (const models::ModelEntry &e : entries) {
            arr.append(QJsonObject{
                {QStringLiteral("name"), e.name},
                {QStringLiteral("source"), QString::fromLatin1(models::sourceName(e.source))},
                {QStringLiteral("path"), e.path},
                {QStringLiteral("size"), e.sizeBytes},
                {QStringLiteral("digest"), e.digest},
                {QStringLiteral("projector"), e.projectorPath}});
        }
        out(QJsonDocument(arr).toJson(QJsonDocument::Indented));
        return 0;
    }
    if (entries.isEmpty()) {
        out(QStringLiteral("No Gemma 4 models found (looked in %1 and %2).\n")
                .arg(models::facetModelsDir(), models::ollamaModelsDir()));
        return 0;
    }
    for (const models::ModelEntry &e : entries) {
        out(QStringLiteral("%1  %2  %3  %4\n")
                .arg(e.name, -28)
                .arg(QString::fromLatin1(models::sourceName(e.source)), -8)
                .arg(humanBytes(static_cast<double>(e.sizeBytes)), 11)
                .arg(e.path));
    }
    return 0;
}

}  // namespace

int run(const QStringList &argv) {
    if (argv.isEmpty()) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    const QString cmd = argv.front();
    const QStringList rest = argv.mid(1);
    static const std::map<QString, std::function<int(const QStringList &)>> commands = {
        {QStringLiteral("info"), cmdInfo},
        {QStringLiteral("tokenize"), cmdTokenize},
        {QStringLiteral("detokenize"), cmdDetokenize},
        {QStringLiteral("render"), cmdRender},
        {QStringLiteral("list"), cmdList},
    };
    if (cmd == QStringLiteral("help") || cmd == QStringLiteral("--help") ||
        cmd == QStringLiteral("-h")) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    const auto it = commands.find(cmd);
    if (it == commands.end()) {
        fail(QStringLiteral("unknown command '%1'").arg(cmd));
        std::fputs(kUsage, stderr);
        return 2;
    }
    return it->second(rest);
}

}  // namespace facet::cli
