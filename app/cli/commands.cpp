// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "commands.h"
#include "command_line.h"

#include "api_server.h"
#include "chat/adapter_choice.h"
#include "chat/engine_host.h"

#include "chat/chat_types.h"
#include "chat/output_parser.h"
#include "chat/renderer.h"
#include "download/cli_pull.h"
#include "generate/cpu_reference_backend.h"
#include "generate/generator.h"
#include "gguf/gguf.h"
#include "gpu/gpu_context.h"
#include "gpu/gpu_environment.h"
#include "gpu/kernel_params.h"
#include "media/media_encoder.h"
#include "media/media_prompt.h"
#include "model/gemma4_config.h"
#include "model/gpu_model.h"
#include "model/gpu_plan.h"
#include "model/random.h"
#include "models/model_discovery.h"
#include "session/model_runtime.h"
#include "session/training_backend.h"
#include "tokenizer/tokenizer.h"
#include "train/adapter_io.h"
#include "train/dataset.h"
#include "train/gpu_trainer.h"
#include "train/merge.h"
#include "train/optimizer.h"
#include "train/trainer.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTimer>
#include <QUrl>
#include <QtEndian>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <random>

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
    "  run -m MODEL -p PROMPT [OPTIONS]     generate a reply (streams text; stats to stderr):\n"
    "        --temperature T --top-k K --top-p P --min-p P --repeat-penalty R\n"
    "        --presence-penalty P --frequency-penalty F --seed N --max-tokens N (0: no limit)\n"
    "        --ctx N --system TEXT --think --raw (PROMPT as-is, no chat template)\n"
    "        --image FILE --audio FILE (repeatable) --image-tokens 70|140|280|560|1120\n"
    "        --backend gpu|cpu (default gpu)\n"
    "  logits -m MODEL --tokens IDS --out FILE [--backend gpu|cpu] [--image FILE] [--audio FILE]\n"
    "                                       every position's logits, f32 little-endian T x V\n"
    "  embed-image -m MODEL IMAGE --out FILE [--image-tokens N]\n"
    "  embed-audio -m MODEL AUDIO --out FILE\n"
    "                                       soft-token embeddings, f32 little-endian N x width\n"
    "  bench -m MODEL [--json] [--prefill 128,512,2048] [--decode 256] [--ctx N] [--profile]\n"
    "        [--image FILE] [--audio FILE] [--image-tokens N]\n"
    "                                       load time, prefill and decode speed, memory; with\n"
    "                                       attachments their encode time and time to first token\n"
    "  train -m MODEL --data FILE.jsonl --out DIR [--backend gpu|cpu] [--val FILE] [--rank R]\n"
    "        [--alpha A] [--lr LR] [--epochs N] [--batch-tokens N] [--seed S] [--validate-only]\n"
    "                                       train a LoRA adapter (resumable; PEFT + GGUF LoRA)\n"
    "  bench-train -m MODEL [--tokens N] [--examples N] [--rank R] [--steps N]\n"
    "                                       LoRA training throughput and memory (JSON)\n"
    "  export-merged -m MODEL --adapter PATH --out FILE.gguf [--type base|q8_0|f16]\n"
    "                                       the model with the adapter folded in (for Ollama)\n"
    "  serve -m MODEL [--port N] [--host ADDR] [--api-key KEY] [--adapter PATH]...\n"
    "        [--adapter-scale X] [--cors ORIGIN]... [--ctx N]\n"
    "                                       a local OpenAI-compatible API server (default\n"
    "                                       127.0.0.1:8080; another host needs --api-key;\n"
    "                                       each adapter is the model MODEL:NAME)\n"
    "  help [COMMAND]                       this text, or a command's options\n"
    "\n"
    "run, logits, bench and serve also take --gpu-api NAME, --gpu-device N, --portable-kernels,\n"
    "--vk-direct on|off, --tensor-cores on|off, --staged-matmul on|off, --int8 auto|off|all,\n"
    "--kv-cache f32|f16, --prefill-chunk N, --adapter PATH [--adapter-scale X] and\n"
    "--gpu-wait adaptive[:US]|off|fixed[:US];\n"
    "they override the FACET_* environment switches (facet-cli COMMAND --help says more).\n"
    "MODEL is a GGUF file, an Ollama name (gemma4:e2b) or a model in Facet's folder.\n";

// A usage error (exit code 2): what is wrong, then the command's usage line.
int usageError(const CommandLine &cl, const QString &error) {
    return fail(QStringLiteral("%1\n%2 (facet-cli %3 --help lists the options)")
                    .arg(error, cl.usage(), cl.command()),
                2);
}

const QString kModelHelp =
    QStringLiteral("a GGUF file, an Ollama name (gemma4:e2b) or a model in Facet's folder");

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

void declareInfo(CommandLine &cl) {
    cl.addPositional(QStringLiteral("MODEL"), kModelHelp);
    cl.addSwitch({QStringLiteral("json")}, QStringLiteral("print JSON"));
}

int cmdInfo(const CommandLine &cl, const Environment &) {
    if (cl.positional().size() != 1)
        return usageError(cl, QStringLiteral("wrong number of arguments"));
    QString error;
    std::unique_ptr<gguf::File> file = openModel(cl.positional()[0], &error);
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

    if (cl.isSet(QStringLiteral("json"))) {
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

void declareTokenize(CommandLine &cl) {
    cl.addPositional(QStringLiteral("MODEL"), kModelHelp);
    cl.addPositional(QStringLiteral("TEXT"),
                     QStringLiteral("the text (after --  when it starts with '-')"));
    cl.addSwitch({QStringLiteral("json")},
                 QStringLiteral("print the ids with their pieces as JSON"));
    cl.addSwitch({QStringLiteral("literal")},
                 QStringLiteral("special tokens in TEXT stay ordinary text (as in user messages)"));
}

int cmdTokenize(const CommandLine &cl, const Environment &) {
    const QStringList args = cl.positional();
    if (args.size() != 2) return usageError(cl, QStringLiteral("wrong number of arguments"));
    QString error;
    std::unique_ptr<tokenizer::Tokenizer> tok = openTokenizer(args[0], &error);
    if (!tok) return fail(error);
    const QByteArray text = args[1].toUtf8();
    const auto mode = cl.isSet(QStringLiteral("literal")) ? tokenizer::Special::Literal
                                                          : tokenizer::Special::Parse;
    const std::vector<int32_t> ids =
        tok->encode(std::string_view(text.constData(), static_cast<size_t>(text.size())), mode);
    if (cl.isSet(QStringLiteral("json"))) {
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

void declareDetokenize(CommandLine &cl) {
    cl.addPositional(QStringLiteral("MODEL"), kModelHelp);
    cl.addPositional(
        QStringLiteral("IDS"),
        QStringLiteral("token ids: \"2 105 2364\", \"2,105,2364\" or several arguments"));
}

int cmdDetokenize(const CommandLine &cl, const Environment &) {
    const QStringList args = cl.positional();
    if (args.size() < 2) return usageError(cl, QStringLiteral("wrong number of arguments"));
    QString error;
    std::unique_ptr<tokenizer::Tokenizer> tok = openTokenizer(args[0], &error);
    if (!tok) return fail(error);
    std::vector<int32_t> ids;
    static const QRegularExpression sep(QStringLiteral("[\\s,]+"));
    for (const QString &chunk : args.mid(1)) {
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

void declareRender(CommandLine &cl) {
    cl.addPositional(QStringLiteral("MODEL"), kModelHelp);
    cl.addPositional(QStringLiteral("CONVERSATION.json"),
                     QStringLiteral("{\"messages\": [...], \"tools\": [...], \"think\": false}, as "
                                    "Ollama's /api/chat takes it"));
    cl.addSwitch({QStringLiteral("tokens")},
                 QStringLiteral("print the prompt's token ids instead"));
}

int cmdRender(const CommandLine &cl, const Environment &) {
    const QStringList args = cl.positional();
    if (args.size() != 2) return usageError(cl, QStringLiteral("wrong number of arguments"));
    QString error;
    std::unique_ptr<gguf::File> file = openModel(args[0], &error);
    if (!file) return fail(error);
    if (file->getString("general.architecture").value_or("") != "gemma4")
        return fail(
            QStringLiteral("%1 is not a Gemma 4 model (general.architecture is '%2')")
                .arg(file->path(),
                     QString::fromStdString(file->getString("general.architecture").value_or(""))));
    QFile json(args[1]);
    if (!json.open(QIODevice::ReadOnly))
        return fail(QStringLiteral("cannot read %1: %2").arg(json.fileName(), json.errorString()));
    const chat::Conversation conv = chat::parseConversationJson(json.readAll(), &error);
    if (!error.isEmpty()) return fail(QStringLiteral("%1: %2").arg(json.fileName(), error));
    const chat::RenderedPrompt prompt = chat::render(conv);
    if (cl.isSet(QStringLiteral("tokens"))) {
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

void declareList(CommandLine &cl) {
    cl.addSwitch({QStringLiteral("json")}, QStringLiteral("print JSON"));
}

int cmdList(const CommandLine &cl, const Environment &) {
    if (!cl.positional().isEmpty())
        return usageError(cl, QStringLiteral("unexpected argument '%1'").arg(cl.positional()[0]));
    QStringList warnings;
    const QList<models::ModelEntry> entries =
        models::scanAll(models::SearchPaths::defaults(), &warnings);
    for (const QString &w : warnings)
        fail(QStringLiteral("warning: %1").arg(w), 0);
    if (cl.isSet(QStringLiteral("json"))) {
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

// ---- run / logits ---------------------------------------------------------------------------

// MODEL (path, Ollama name or Facet model name) opened as a Gemma 4 model.
std::unique_ptr<session::ModelRuntime> openRuntime(const QString &model, QString *error) {
    const std::optional<models::ModelEntry> entry = models::resolve(model, error);
    if (!entry) return nullptr;
    session::RuntimeError why;
    std::unique_ptr<session::ModelRuntime> rt = session::ModelRuntime::open(entry->path, &why);
    if (!rt) {
        *error = why.kind == session::RuntimeError::Kind::NotGemma4
                     ? QStringLiteral("%1 is not a Gemma 4 model (general.architecture is '%2')")
                           .arg(entry->path, why.detail)
                     : why.message();
    }
    return rt;
}

// ---- images and audio (run, logits, embed-image, embed-audio, bench) ----------------------------

// Attachments are read whole; these are the app's limits too (app/attachments/attachment.h).
constexpr qint64 kMaxImageFileBytes = 20LL * 1024 * 1024;
constexpr qint64 kMaxAudioFileBytes = 2LL * 1024 * 1024 * 1024;

void declareMediaFlags(CommandLine &cl) {
    cl.addRepeatableOption({QStringLiteral("image")},
                           QStringLiteral("an image file (PNG, JPEG, WebP, BMP, GIF); repeatable"),
                           QStringLiteral("FILE"));
    cl.addRepeatableOption({QStringLiteral("audio")},
                           QStringLiteral("an audio file (WAV, FLAC, Ogg, MP3); repeatable"),
                           QStringLiteral("FILE"));
    cl.addOption({QStringLiteral("image-tokens")},
                 QStringLiteral("soft tokens per image: 70, 140, 280 (default), 560 or 1120"),
                 QStringLiteral("N"));
}

bool readMediaFile(const QString &path, qint64 limit, QByteArray *bytes, QString *error) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open %1: %2").arg(path, f.errorString());
        return false;
    }
    if (f.size() > limit) {
        *error = QStringLiteral("%1 is larger than %2").arg(path, humanBytes(double(limit)));
        return false;
    }
    *bytes = f.readAll();
    return true;
}

// The --image and --audio files, read; and --image-tokens applied to the runtime's encoder.
// Without `images` and `audio` only --image-tokens is applied (embed-image).
bool mediaInputs(const CommandLine &cl, session::ModelRuntime &rt, std::vector<QByteArray> *images,
                 std::vector<QByteArray> *audio, QString *error) {
    if (images) {
        for (const QString &path : cl.values(QStringLiteral("image"))) {
            images->emplace_back();
            if (!readMediaFile(path, kMaxImageFileBytes, &images->back(), error)) return false;
        }
    }
    if (audio) {
        for (const QString &path : cl.values(QStringLiteral("audio"))) {
            audio->emplace_back();
            if (!readMediaFile(path, kMaxAudioFileBytes, &audio->back(), error)) return false;
        }
    }
    media::MediaEncoder &enc = *rt.media();
    media::MediaOptions mo = enc.options();
    if (cl.isSet(QStringLiteral("image-tokens"))) {
        bool ok = false;
        const int budget = cl.value(QStringLiteral("image-tokens")).trimmed().toInt(&ok);
        if (!ok || !media::isImageTokenBudget(budget)) {
            *error = QStringLiteral("--image-tokens: '%1' is not one of 70, 140, 280, 560, 1120")
                         .arg(cl.value(QStringLiteral("image-tokens")));
            return false;
        }
        mo.imageTokenBudget = budget;
    }
    enc.setOptions(mo);
    QString why;
    if (images && !images->empty() && !enc.available(chat::MediaKind::Image, &why)) {
        *error = why;
        return false;
    }
    if (audio && !audio->empty() && !enc.available(chat::MediaKind::Audio, &why)) {
        *error = why;
        return false;
    }
    return true;
}

// Encoding progress on stderr, one line per attachment.
media::MediaEncoder::Progress mediaProgressPrinter(const QString &what) {
    return [what, last = -1](double f) mutable {
        const int pct = int(f * 100.0);
        if (pct / 25 == last / 25 && pct != 100) return;
        if (last == 100 && pct == 100) return;
        last = pct;
        std::fprintf(stderr, "%s%s: %d%%", pct == 0 ? "" : "\r", qPrintable(what), pct);
        if (pct == 100) std::fputc('\n', stderr);
    };
}

bool writeFloats(const QString &path, const std::vector<float> &values, QString *error) {
    QByteArray bytes(static_cast<qsizetype>(values.size() * sizeof(float)), Qt::Uninitialized);
    for (size_t i = 0; i < values.size(); ++i) {
        uint32_t bits = 0;
        std::memcpy(&bits, &values[i], sizeof bits);
        qToLittleEndian<quint32>(bits, bytes.data() + i * sizeof(float));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

// ---- how run, logits and bench load the model ---------------------------------------------------

// The flags of run, logits and bench that choose where the forward pass runs and how: the CPU or
// the GPU, and the GPU switches users may need (all of them fields of gpu::GpuOptions and
// model::GpuModelOptions). A switch added to those structs that users should reach gets its flag
// here and its value in runtimeOptions() below, and nowhere else. The flags override the
// environment's switches (Environment), which are the base.
void declareRuntimeFlags(CommandLine &cl) {
    cl.addOption({QStringLiteral("backend")},
                 QStringLiteral("gpu (the default) or cpu: the CPU reference, exact and very slow"),
                 QStringLiteral("gpu|cpu"));
    cl.addOption({QStringLiteral("gpu-api")},
                 QStringLiteral("vulkan, opengl, metal or d3d11 (default: FACET_RHI_BACKEND, else "
                                "Vulkan, Metal on macOS, OpenGL when no Vulkan driver works)"),
                 QStringLiteral("NAME"));
    cl.addOption({QStringLiteral("gpu-device")},
                 QStringLiteral("the Vulkan device, numbered as vulkaninfo lists them (default: "
                                "FACET_GPU_DEVICE, else the first discrete GPU)"),
                 QStringLiteral("N"));
    cl.addSwitch({QStringLiteral("portable-kernels")},
                 QStringLiteral("the portable build of every kernel, never a faster variant (rules "
                                "out a driver problem; also FACET_GPU_PORTABLE=1)"));
    cl.addOption({QStringLiteral("vk-direct")},
                 QStringLiteral("on or off: Vulkan work through Facet's own command buffers "
                                "(default on, or FACET_VK_DIRECT) or through Qt's"),
                 QStringLiteral("on|off"));
    cl.addOption({QStringLiteral("tensor-cores")},
                 QStringLiteral("on or off: the tensor-core builds of the prefill and tower "
                                "kernels where the GPU has them (default on, or "
                                "FACET_VK_COOPMAT; f16 inputs) or the f32 kernels"),
                 QStringLiteral("on|off"));
    cl.addOption({QStringLiteral("staged-matmul")},
                 QStringLiteral("on or off: with tensor cores, prefill projections of 128 "
                                "tokens or more decode their weights to f16 once per call and "
                                "multiply f16 operands (default on), or run the single-kernel "
                                "matmul, which decodes the weights in every tile"),
                 QStringLiteral("on|off"));
    cl.addOption({QStringLiteral("adapter")},
                 QStringLiteral("a LoRA adapter to run the model through: a PEFT folder "
                                "(adapter_model.safetensors + adapter_config.json) or a GGUF "
                                "LoRA file (GPU only)"),
                 QStringLiteral("PATH"));
    cl.addOption({QStringLiteral("adapter-scale")},
                 QStringLiteral("the adapter's strength, 0 to 8 (default 1: as trained)"),
                 QStringLiteral("X"));
    cl.addOption({QStringLiteral("prefill-chunk")},
                 QStringLiteral("tokens per GPU submission during prefill, 1 to 4096 "
                                "(default 2048 on GPUs with tensor cores, 512 elsewhere; more "
                                "takes more activation memory)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("int8")},
                 QStringLiteral("8-bit activations for the large mat-vec products: auto (the "
                                "default: where the GPU has a fast int8 dot product), off (every "
                                "product in float, as the reference computes it) or all (every "
                                "product that can, on any GPU). They change the results "
                                "slightly"),
                 QStringLiteral("auto|off|all"));
    cl.addOption({QStringLiteral("kv-cache")},
                 QStringLiteral("the KV cache's values: f32 (the default, as the reference "
                                "computes) or f16 (half the memory and the attention's reads; "
                                "the results change slightly)"),
                 QStringLiteral("f32|f16"));
    cl.addOption({QStringLiteral("gpu-wait")},
                 QStringLiteral("how the CPU waits for the GPU (direct Vulkan submission): "
                                "adaptive (the default: low latency, polls about one frame's "
                                "time, at most US microseconds, 20000 unless given), off (sleeps "
                                "at once: least CPU) or fixed (polls US microseconds, then "
                                "sleeps); the default follows FACET_VK_SPIN_US when it is set"),
                 QStringLiteral("adaptive[:US]|off|fixed[:US]"));
}

// The longest poll --gpu-wait accepts, in microseconds (a second: beyond any frame worth polling).
constexpr int kMaxGpuWaitUs = 1'000'000;

// --gpu-wait's value: "adaptive", "adaptive:US", "off", "fixed:US" ("fixed" alone: the base's
// microseconds). False with *error naming the flag and what it accepts.
bool parseGpuWait(const QString &text, gpu::GpuOptions *gpu, QString *error) {
    const QString value = text.trimmed().toLower();
    const QString mode = value.section(u':', 0, 0);
    const bool hasUs = value.contains(u':');
    const QString usText = value.section(u':', 1);
    const auto bad = [&](const QString &why) {
        *error = QStringLiteral(
                     "--gpu-wait: '%1' %2 (adaptive[:US], off or fixed[:US], US in "
                     "microseconds, 1 to %3)")
                     .arg(text, why)
                     .arg(kMaxGpuWaitUs);
        return false;
    };
    int us = gpu->fenceSpinUs;
    if (hasUs) {
        bool ok = false;
        us = usText.toInt(&ok);
        if (!ok || us < 1 || us > kMaxGpuWaitUs)
            return bad(QStringLiteral("has no valid number of microseconds"));
    }
    if (mode == QLatin1String("adaptive")) {
        gpu->fenceSpin = gpu::FenceSpin::Adaptive;
    } else if (mode == QLatin1String("fixed")) {
        gpu->fenceSpin = gpu::FenceSpin::Fixed;
    } else if (mode == QLatin1String("off") && !hasUs) {
        gpu->fenceSpin = gpu::FenceSpin::Off;
        return true;
    } else {
        return bad(QStringLiteral("is not understood"));
    }
    gpu->fenceSpinUs = us;
    return true;
}

// "adaptive", "off" or "fixed" (the JSON reports and the bench's summary line).
QString gpuWaitName(gpu::FenceSpin mode) {
    switch (mode) {
        case gpu::FenceSpin::Adaptive:
            return QStringLiteral("adaptive");
        case gpu::FenceSpin::Off:
            return QStringLiteral("off");
        case gpu::FenceSpin::Fixed:
            return QStringLiteral("fixed");
    }
    return {};
}

// The runtime options the flags of declareRuntimeFlags() ask for, laid over `base` (the
// environment's GPU switches; the context length is the command's to set). False with *error (a
// usage error) for a value out of place.
bool runtimeOptions(const CommandLine &cl, const gpu::GpuOptions &base,
                    session::RuntimeOptions *options, QString *error) {
    options->gpu = base;
    const QString backend = cl.value(QStringLiteral("backend"));
    if (backend == QStringLiteral("cpu")) {
        options->compute = session::Compute::Cpu;
    } else if (backend.isEmpty() || backend == QStringLiteral("gpu")) {
        options->compute = session::Compute::Gpu;
    } else {
        *error = QStringLiteral("unknown backend '%1' (available: gpu, cpu)").arg(backend);
        return false;
    }
    if (cl.isSet(QStringLiteral("gpu-api"))) {
        options->gpu.backend = gpu::parseBackend(cl.value(QStringLiteral("gpu-api")));
        if (!options->gpu.backend) {
            *error = QStringLiteral("--gpu-api: '%1' is not one of vulkan, opengl, metal, d3d11")
                         .arg(cl.value(QStringLiteral("gpu-api")));
            return false;
        }
    }
    qint64 device = options->gpu.deviceIndex;
    if (!cl.intValue(QStringLiteral("gpu-device"), 0, 1024, &device, error)) return false;
    options->gpu.deviceIndex = int(device);
    if (cl.isSet(QStringLiteral("portable-kernels"))) options->gpu.portableKernels = true;
    if (cl.isSet(QStringLiteral("vk-direct"))) {
        const QString v = cl.value(QStringLiteral("vk-direct"));
        if (v != QStringLiteral("on") && v != QStringLiteral("off")) {
            *error = QStringLiteral("--vk-direct: '%1' is neither on nor off").arg(v);
            return false;
        }
        options->gpu.directVulkan = v == QStringLiteral("on");
    }
    if (cl.isSet(QStringLiteral("tensor-cores"))) {
        const QString v = cl.value(QStringLiteral("tensor-cores"));
        if (v != QStringLiteral("on") && v != QStringLiteral("off")) {
            *error = QStringLiteral("--tensor-cores: '%1' is neither on nor off").arg(v);
            return false;
        }
        options->gpu.cooperativeMatrix = v == QStringLiteral("on");
    }
    if (cl.isSet(QStringLiteral("staged-matmul"))) {
        const QString v = cl.value(QStringLiteral("staged-matmul"));
        if (v != QStringLiteral("on") && v != QStringLiteral("off")) {
            *error = QStringLiteral("--staged-matmul: '%1' is neither on nor off").arg(v);
            return false;
        }
        if (v == QStringLiteral("off")) options->gpuModel.stagedMatMulMinColumns = 0;
    }
    if (cl.isSet(QStringLiteral("int8"))) {
        const QString v = cl.value(QStringLiteral("int8"));
        // parseEightBitActivations also takes "" (auto) and "0" (off); the flag names its modes.
        const auto mode = v.trimmed().isEmpty() ? std::nullopt : model::parseEightBitActivations(v);
        if (!mode) {
            *error = QStringLiteral("--int8: '%1' is not one of auto, off, all").arg(v);
            return false;
        }
        options->gpuModel.eightBit = *mode;
    }
    if (cl.isSet(QStringLiteral("kv-cache"))) {
        const QString v = cl.value(QStringLiteral("kv-cache"));
        if (v != QStringLiteral("f32") && v != QStringLiteral("f16")) {
            *error = QStringLiteral("--kv-cache: '%1' is neither f32 nor f16").arg(v);
            return false;
        }
        options->gpuModel.kvCacheF16 = v == QStringLiteral("f16");
    }
    if (cl.isSet(QStringLiteral("adapter-scale")) && !cl.isSet(QStringLiteral("adapter"))) {
        *error = QStringLiteral("--adapter-scale needs --adapter PATH");
        return false;
    }
    if (cl.isSet(QStringLiteral("adapter"))) {
        options->adapter = cl.value(QStringLiteral("adapter"));
        if (cl.isSet(QStringLiteral("adapter-scale"))) {
            const QString v = cl.value(QStringLiteral("adapter-scale"));
            bool ok = false;
            const float x = v.toFloat(&ok);
            if (!ok || !(x >= 0.0f && x <= 8.0f)) {
                *error = QStringLiteral("--adapter-scale: '%1' is not a number from 0 to 8").arg(v);
                return false;
            }
            options->adapterStrength = x;
        }
    }
    if (cl.isSet(QStringLiteral("prefill-chunk"))) {
        const QString v = cl.value(QStringLiteral("prefill-chunk"));
        bool ok = false;
        const int n = v.toInt(&ok);
        if (!ok || n < 1 || n > 4096) {
            *error = QStringLiteral(
                         "--prefill-chunk: '%1' is not a number of tokens from 1 to "
                         "4096")
                         .arg(v);
            return false;
        }
        options->gpuModel.maxChunk = n;
    }
    if (cl.isSet(QStringLiteral("gpu-wait")) &&
        !parseGpuWait(cl.value(QStringLiteral("gpu-wait")), &options->gpu, error))
        return false;
    const QStringList gpuOnly = {
        QStringLiteral("gpu-api"),          QStringLiteral("gpu-device"),
        QStringLiteral("portable-kernels"), QStringLiteral("vk-direct"),
        QStringLiteral("tensor-cores"),     QStringLiteral("int8"),
        QStringLiteral("kv-cache"),         QStringLiteral("gpu-wait"),
        QStringLiteral("staged-matmul"),    QStringLiteral("prefill-chunk"),
        QStringLiteral("adapter")};
    const bool gpuFlags =
        std::any_of(gpuOnly.begin(), gpuOnly.end(), [&](const QString &f) { return cl.isSet(f); });
    if (gpuFlags && options->compute == session::Compute::Cpu) {
        *error = QStringLiteral(
            "the --gpu-* flags, --portable-kernels, --vk-direct, --tensor-cores, "
            "--staged-matmul, --int8, --kv-cache, --prefill-chunk and --adapter need the GPU; "
            "leave out --backend cpu");
        return false;
    }
    return true;
}

// Starts the runtime's backend with `options`; false with *error saying why (and what to do).
bool startRuntime(session::ModelRuntime &rt, session::RuntimeOptions options, QString *error) {
    session::RuntimeError why;
    if (rt.start(std::move(options), &why)) return true;
    *error = why.kind == session::RuntimeError::Kind::NoGpu
                 ? QStringLiteral(
                       "no usable GPU: %1\n(--backend cpu runs the CPU reference "
                       "instead, very slowly)")
                       .arg(why.detail)
                 : why.message();
    return false;
}

// Set by SIGINT while `run` generates; a second Ctrl-C ends the process as usual.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

void onInterrupt(int) {
    g_interrupted.store(true);
    std::signal(SIGINT, SIG_DFL);
}

void err(const QString &s) {
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<size_t>(b.size()), stderr);
    std::fflush(stderr);
}

void declareRun(CommandLine &cl) {
    cl.addOption({QStringLiteral("model"), QStringLiteral("m")}, kModelHelp,
                 QStringLiteral("MODEL"));
    cl.addOption({QStringLiteral("prompt"), QStringLiteral("p")},
                 QStringLiteral("the user's message"), QStringLiteral("PROMPT"));
    cl.addOption({QStringLiteral("temperature")}, QStringLiteral("0: greedy (default 1)"),
                 QStringLiteral("T"));
    cl.addOption({QStringLiteral("top-k")}, QStringLiteral("0: off (default 64)"),
                 QStringLiteral("K"));
    cl.addOption({QStringLiteral("top-p")}, QStringLiteral("(0, 1]; 1: off (default 0.95)"),
                 QStringLiteral("P"));
    cl.addOption({QStringLiteral("min-p")}, QStringLiteral("[0, 1]; 0: off (default)"),
                 QStringLiteral("P"));
    cl.addOption({QStringLiteral("repeat-penalty")}, QStringLiteral("> 0; 1: off (default)"),
                 QStringLiteral("R"));
    cl.addOption({QStringLiteral("presence-penalty")}, QStringLiteral("0: off (default)"),
                 QStringLiteral("P"));
    cl.addOption({QStringLiteral("frequency-penalty")}, QStringLiteral("0: off (default)"),
                 QStringLiteral("F"));
    cl.addOption({QStringLiteral("seed")},
                 QStringLiteral("the sampler's seed (default: a new one, printed at the end)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("max-tokens")},
                 QStringLiteral("most tokens to generate; 0: no limit (default 512)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("ctx")},
                 QStringLiteral("context length (default: min(8192, the model's); more than the "
                                "model's maximum is capped there, with a note)"),
                 QStringLiteral("N"));
    declareMediaFlags(cl);
    cl.addOption({QStringLiteral("system")}, QStringLiteral("a system prompt"),
                 QStringLiteral("TEXT"));
    cl.addSwitch({QStringLiteral("think")}, QStringLiteral("let the model think first"));
    cl.addSwitch({QStringLiteral("raw")},
                 QStringLiteral("PROMPT as it is, without the chat template"));
    declareRuntimeFlags(cl);
}

int cmdRun(const CommandLine &cl, const Environment &environment) {
    if (!cl.positional().isEmpty())
        return usageError(cl, QStringLiteral("unexpected argument '%1'").arg(cl.positional()[0]));
    if (!cl.isSet(QStringLiteral("model")) || !cl.isSet(QStringLiteral("prompt")))
        return usageError(cl, QStringLiteral("run needs -m MODEL and -p PROMPT"));
    const bool raw = cl.isSet(QStringLiteral("raw"));
    QString error;
    session::RuntimeOptions options;
    if (!runtimeOptions(cl, environment.gpu, &options, &error)) return usageError(cl, error);
    if (raw && (cl.isSet(QStringLiteral("system")) || cl.isSet(QStringLiteral("think"))))
        return usageError(
            cl, QStringLiteral("--system and --think need the chat template; leave out --raw"));

    sampling::SamplingParams params;
    qint64 topK = params.topK, maxTokens = 512, ctx = 0;
    const qint64 intMax = std::numeric_limits<int>::max();
    if (!cl.floatValue(QStringLiteral("temperature"), &params.temperature, &error) ||
        !cl.intValue(QStringLiteral("top-k"), 0, intMax, &topK, &error) ||
        !cl.floatValue(QStringLiteral("top-p"), &params.topP, &error) ||
        !cl.floatValue(QStringLiteral("min-p"), &params.minP, &error) ||
        !cl.floatValue(QStringLiteral("repeat-penalty"), &params.repetitionPenalty, &error) ||
        !cl.floatValue(QStringLiteral("presence-penalty"), &params.presencePenalty, &error) ||
        !cl.floatValue(QStringLiteral("frequency-penalty"), &params.frequencyPenalty, &error) ||
        !cl.intValue(QStringLiteral("max-tokens"), 0, intMax, &maxTokens, &error) ||
        !cl.intValue(QStringLiteral("ctx"), 1, intMax, &ctx, &error))
        return usageError(cl, error);
    params.topK = static_cast<int>(topK);
    if (cl.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        params.seed = cl.value(QStringLiteral("seed")).trimmed().toULongLong(&ok);
        if (!ok)
            return usageError(cl, QStringLiteral("--seed: '%1' is not a non-negative integer")
                                      .arg(cl.value(QStringLiteral("seed"))));
        params.hasSeed = true;
    }
    const QString invalid = params.validate();
    if (!invalid.isEmpty()) return fail(QStringLiteral("invalid sampling: %1").arg(invalid), 2);

    const std::unique_ptr<session::ModelRuntime> rt =
        openRuntime(cl.value(QStringLiteral("model")), &error);
    if (!rt) return fail(error);
    const model::Gemma4Config &cfg = rt->config();
    // A length beyond what the model was trained for is capped there, and said so (as the app
    // does); the GPU model would refuse it.
    if (cfg.contextLength > 0 && ctx > cfg.contextLength) {
        err(QStringLiteral("facet-cli: note: context capped at %1 tokens, this model's maximum "
                           "(--ctx %2)\n")
                .arg(cfg.contextLength)
                .arg(ctx));
        ctx = cfg.contextLength;
    }

    // The prompt: one user message in the Gemma 4 template (with the attachments), or the text
    // as it is.
    std::vector<QByteArray> images, audio;
    if (!mediaInputs(cl, *rt, &images, &audio, &error)) return fail(error);
    if (raw && (!images.empty() || !audio.empty()))
        return usageError(cl, QStringLiteral("--image and --audio need the chat template; leave "
                                             "out --raw"));
    const QByteArray promptText = cl.value(QStringLiteral("prompt")).toUtf8();
    chat::Conversation conv;
    std::vector<int32_t> prompt;
    std::vector<model::SoftEmbedding> soft;
    if (raw) {
        prompt = rt->tokenizer().encode(
            std::string_view(promptText.constData(), static_cast<size_t>(promptText.size())));
    } else {
        if (cl.isSet(QStringLiteral("system"))) {
            chat::Message sys;
            sys.role = chat::Role::System;
            sys.content = cl.value(QStringLiteral("system")).toStdString();
            conv.messages.push_back(std::move(sys));
        }
        chat::Message user;
        user.role = chat::Role::User;
        user.content = promptText.toStdString();
        user.images = int(images.size());
        user.audios = int(audio.size());
        user.imageData = images;
        user.audioData = audio;
        conv.messages.push_back(std::move(user));
        conv.think = cl.isSet(QStringLiteral("think"));
        QElapsedTimer encodeTimer;
        encodeTimer.start();
        const std::optional<media::MediaPrompt> built = media::buildMediaPrompt(
            rt->tokenizer(), chat::render(conv, rt->templateVariant()), conv,
            rt->media()->encoder(mediaProgressPrinter(QStringLiteral("encoding attachments")),
                                 [] { return g_interrupted.load(); }),
            &error);
        if (!built) return fail(error);
        prompt = built->tokens;
        soft = built->soft;
        if (!built->items.empty()) {
            err(QStringLiteral("attachments: %1 image and %2 audio soft tokens, encoded in %3 s\n")
                    .arg(built->imageTokens)
                    .arg(built->audioTokens)
                    .arg(double(encodeTimer.nsecsElapsed()) / 1e9, 0, 'f', 3));
        }
    }

    options.contextLength = ctx;
    if (!startRuntime(*rt, std::move(options), &error)) return fail(error);
    generate::ForwardBackend &backend = *rt->backend();
    const QString overflow = generate::contextOverflowMessage(static_cast<int64_t>(prompt.size()),
                                                              0, backend.contextLength());
    if (!overflow.isEmpty()) return fail(overflow);
    generate::Generator generator(backend, rt->tokenizer(), params);
    err(QStringLiteral("backend: %1%2, context %3 tokens, loaded in %4 s\n")
            .arg(backend.name(),
                 rt->gpu() ? QStringLiteral(" (%1)").arg(rt->gpu()->info().summary()) : QString())
            .arg(backend.contextLength())
            .arg(rt->startSeconds(), 0, 'f', 2));

    // Template output goes through the Gemma 4 output parser: the answer to stdout, thinking to
    // stderr between markers, tool calls to stdout on lines of their own.
    chat::OutputParser parser(conv);
    bool inThinking = false;
    bool wroteText = false;
    char lastChar = '\n';
    const auto writeOut = [&](const std::string &s) {
        if (s.empty()) return;
        out(s);
        std::fflush(stdout);
        wroteText = true;
        lastChar = s.back();
    };
    const auto endThinking = [&]() {
        if (inThinking) err(QStringLiteral("\n[end of thinking]\n"));
        inThinking = false;
    };
    const auto show = [&](const std::vector<chat::ParserEvent> &events) {
        for (const chat::ParserEvent &e : events) {
            switch (e.kind) {
                case chat::ParserEvent::Kind::Thinking:
                    if (!inThinking) err(QStringLiteral("[thinking]\n"));
                    inThinking = true;
                    err(QString::fromStdString(e.text));
                    break;
                case chat::ParserEvent::Kind::Content:
                    endThinking();
                    writeOut(e.text);
                    break;
                case chat::ParserEvent::Kind::ToolCall:
                    endThinking();
                    writeOut(std::string(lastChar == '\n' ? "" : "\n") + "[tool call] " +
                             e.call.name + " " +
                             QJsonDocument(e.call.arguments)
                                 .toJson(QJsonDocument::Compact)
                                 .toStdString() +
                             "\n");
                    break;
                case chat::ParserEvent::Kind::Error:
                    endThinking();
                    err(QStringLiteral("[unreadable tool call: %1] %2\n")
                            .arg(e.error, QString::fromStdString(e.text)));
                    break;
            }
        }
    };

    generate::GenerateOptions opt;
    opt.maxTokens = static_cast<int>(maxTokens);
    opt.soft = soft;
    opt.cancelFlag = &g_interrupted;
    g_interrupted.store(false);
    const auto previous = std::signal(SIGINT, onInterrupt);
    const generate::GenerateResult r =
        generator.generate(prompt, opt, [&](const generate::TokenEvent &e) {
            if (raw) {
                writeOut(e.text);
            } else if (!e.text.empty()) {
                show(parser.feed(e.text));
            }
        });
    std::signal(SIGINT, previous);
    if (!raw) show(parser.finish());
    endThinking();
    if (wroteText && lastChar != '\n') writeOut("\n");

    const generate::GenerationStats &s = r.stats;
    err(QStringLiteral("prompt tokens: %1, generated tokens: %2\n")
            .arg(s.promptTokens)
            .arg(s.generatedTokens));
    err(QStringLiteral("time to first token: %1 s, prefill: %2 tok/s, decode: %3 tok/s\n")
            .arg(s.timeToFirstToken, 0, 'f', 3)
            .arg(s.prefillTokensPerSecond, 0, 'f', 1)
            .arg(s.decodeTokensPerSecond, 0, 'f', 1));
    err(QStringLiteral("stop reason: %1")
            .arg(QLatin1String(generate::stopReasonName(s.stopReason))) +
        (params.isGreedy() ? QStringLiteral("\n") : QStringLiteral(", seed: %1\n").arg(s.seed)));
    if (s.stopReason == generate::StopReason::Error) return fail(r.error);
    if (s.stopReason == generate::StopReason::Cancelled) return 130;
    return 0;
}

void declareLogits(CommandLine &cl) {
    cl.addOption({QStringLiteral("model"), QStringLiteral("m")}, kModelHelp,
                 QStringLiteral("MODEL"));
    cl.addOption({QStringLiteral("tokens")},
                 QStringLiteral("token ids: 2,105,... or \"2 105 ...\""), QStringLiteral("IDS"));
    cl.addOption({QStringLiteral("out"), QStringLiteral("o")},
                 QStringLiteral("where the logits go: T x V floats, little-endian"),
                 QStringLiteral("FILE"));
    cl.addSwitch({QStringLiteral("q8-reference")},
                 QStringLiteral("(cpu) round projection inputs to 8 bits where the GPU's "
                                "integer-dot path does by default, to check that path (at most 8 "
                                "tokens)"));
    cl.addRepeatableOption(
        {QStringLiteral("image")},
        QStringLiteral("an image whose soft tokens fill the <|image|> positions of "
                       "--tokens, in order; repeatable"),
        QStringLiteral("FILE"));
    cl.addRepeatableOption(
        {QStringLiteral("audio")},
        QStringLiteral("audio whose soft tokens fill the <|audio|> positions of --tokens, "
                       "in order; repeatable"),
        QStringLiteral("FILE"));
    cl.addOption({QStringLiteral("image-tokens")},
                 QStringLiteral("soft tokens per image: 70, 140, 280 (default), 560 or 1120"),
                 QStringLiteral("N"));
    declareRuntimeFlags(cl);
}

int cmdLogits(const CommandLine &cl, const Environment &environment) {
    if (!cl.positional().isEmpty())
        return usageError(cl, QStringLiteral("unexpected argument '%1'").arg(cl.positional()[0]));
    if (!cl.isSet(QStringLiteral("model")) || !cl.isSet(QStringLiteral("tokens")) ||
        !cl.isSet(QStringLiteral("out")))
        return usageError(cl, QStringLiteral("logits needs -m MODEL, --tokens IDS and --out FILE"));
    QString error;
    session::RuntimeOptions options;
    if (!runtimeOptions(cl, environment.gpu, &options, &error)) return usageError(cl, error);
    const bool q8Reference = cl.isSet(QStringLiteral("q8-reference"));
    if (q8Reference && options.compute != session::Compute::Cpu)
        return fail(QStringLiteral("--q8-reference needs --backend cpu"), 2);

    std::vector<qint64> ids;
    static const QRegularExpression sep(QStringLiteral("[\\s,]+"));
    for (const QString &s : cl.value(QStringLiteral("tokens")).split(sep, Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 v = s.toLongLong(&ok);
        if (!ok) return fail(QStringLiteral("--tokens: '%1' is not a token id").arg(s), 2);
        ids.push_back(v);
    }
    if (ids.empty()) return fail(QStringLiteral("--tokens: no token ids given"), 2);

    const std::unique_ptr<session::ModelRuntime> rt =
        openRuntime(cl.value(QStringLiteral("model")), &error);
    if (!rt) return fail(error);
    const int32_t V = rt->config().vocabSize;
    std::vector<int32_t> tokens;
    tokens.reserve(ids.size());
    for (const qint64 v : ids) {
        if (v < 0 || v >= V)
            return fail(QStringLiteral("--tokens: token id %1 is out of range (vocabulary has %2 "
                                       "tokens)")
                            .arg(v)
                            .arg(V),
                        2);
        tokens.push_back(static_cast<int32_t>(v));
    }
    // --image / --audio: their soft tokens, in order, at the placeholder positions.
    std::vector<model::SoftEmbedding> soft;
    {
        std::vector<QByteArray> images, audio;
        if (!mediaInputs(cl, *rt, &images, &audio, &error)) return fail(error, 2);
        std::optional<media::MediaTokens> mt;
        if (!images.empty() || !audio.empty()) {
            mt = media::MediaTokens::find(rt->tokenizer(), &error);
            if (!mt) return fail(error);
        }
        const auto fill = [&](chat::MediaKind kind, const std::vector<QByteArray> &inputs,
                              int32_t pad, const char *name) -> bool {
            std::vector<float> rows;
            int width = 0;
            for (const QByteArray &bytes : inputs) {
                const std::optional<media::EncodedMedia> e = rt->media()->encode(
                    kind, bytes, mediaProgressPrinter(QLatin1String(name)),
                    [] { return g_interrupted.load(); }, &error);
                if (!e) return false;
                width = e->width;
                for (const std::vector<float> &clip : e->clips)
                    rows.insert(rows.end(), clip.begin(), clip.end());
            }
            const size_t have = width > 0 ? rows.size() / size_t(width) : 0;
            size_t used = 0;
            for (size_t i = 0; i < tokens.size(); ++i) {
                if (tokens[i] != pad) continue;
                if (used == have) break;
                soft.push_back(
                    {int(i), std::vector<float>(rows.begin() + ptrdiff_t(used * width),
                                                rows.begin() + ptrdiff_t((used + 1) * width))});
                ++used;
            }
            const size_t positions = size_t(std::count(tokens.begin(), tokens.end(), pad));
            if (positions != have) {
                error = QStringLiteral(
                            "--%1: the files give %2 soft tokens, but --tokens has %3 "
                            "positions holding token %4")
                            .arg(QLatin1String(name))
                            .arg(have)
                            .arg(positions)
                            .arg(pad);
                return false;
            }
            return true;
        };
        if (!images.empty() && !fill(chat::MediaKind::Image, images, mt->imagePad, "image"))
            return fail(error, 2);
        if (!audio.empty() && !fill(chat::MediaKind::Audio, audio, mt->audioPad, "audio"))
            return fail(error, 2);
        std::sort(soft.begin(), soft.end(),
                  [](const model::SoftEmbedding &a, const model::SoftEmbedding &b) {
                      return a.index < b.index;
                  });
    }
    const int64_t modelContext =
        rt->config().contextLength > 0 ? rt->config().contextLength : int64_t(131072);
    options.contextLength =
        std::min<int64_t>(modelContext, std::max<int64_t>(8192, int64_t(tokens.size())));
    // The GPU runs a call of up to matVecMaxColumns tokens through its mat-vec kernels, and so
    // through the integer-dot path; longer prompts go through the float matmul.
    const int maxColumns = options.gpuModel.matVecMaxColumns;
    if (!startRuntime(*rt, std::move(options), &error)) return fail(error);
    generate::ForwardBackend &backend = *rt->backend();
    if (static_cast<int64_t>(tokens.size()) > backend.contextLength())
        return fail(QStringLiteral("--tokens: %1 tokens do not fit in the context of %2")
                        .arg(tokens.size())
                        .arg(backend.contextLength()),
                    2);
    if (q8Reference) {
        if (int(tokens.size()) > maxColumns)
            return fail(QStringLiteral("--q8-reference: at most %1 tokens (longer prompts run "
                                       "in float on the GPU)")
                            .arg(maxColumns),
                        2);
        rt->cpuBackend()->session().setQ8Activations(model::GpuModel::kDotMinWeights);
    }
    err(QStringLiteral("backend: %1%2\n")
            .arg(backend.name(), q8Reference ? QStringLiteral(" (8-bit activations)") : QString()));
    const std::vector<float> logits = backend.prefillAllLogits(tokens, soft, &error);
    if (logits.size() != tokens.size() * static_cast<size_t>(V))
        return fail(error.isEmpty() ? QStringLiteral("the backend returned no logits") : error);
    if (!writeFloats(cl.value(QStringLiteral("out")), logits, &error)) return fail(error);
    err(QStringLiteral("T=%1 V=%2\n").arg(tokens.size()).arg(V));
    return 0;
}

// ---- embed-image / embed-audio ------------------------------------------------------------------

void declareEmbed(CommandLine &cl, bool image) {
    cl.addOption({QStringLiteral("model"), QStringLiteral("m")}, kModelHelp,
                 QStringLiteral("MODEL"));
    cl.addOption({QStringLiteral("out"), QStringLiteral("o")},
                 QStringLiteral("where the embeddings go: tokens x text width floats, "
                                "little-endian"),
                 QStringLiteral("FILE"));
    if (image) {
        cl.addOption({QStringLiteral("image-tokens")},
                     QStringLiteral("soft tokens per image: 70, 140, 280 (default), 560 or 1120"),
                     QStringLiteral("N"));
    }
    cl.addPositional(image ? QStringLiteral("IMAGE") : QStringLiteral("AUDIO"),
                     image ? QStringLiteral("an image file") : QStringLiteral("an audio file"));
}
void declareEmbedImage(CommandLine &cl) {
    declareEmbed(cl, true);
}
void declareEmbedAudio(CommandLine &cl) {
    declareEmbed(cl, false);
}

int cmdEmbed(const CommandLine &cl, chat::MediaKind kind) {
    const bool image = kind == chat::MediaKind::Image;
    if (cl.positional().size() != 1 || !cl.isSet(QStringLiteral("model")) ||
        !cl.isSet(QStringLiteral("out")))
        return usageError(cl, image ? QStringLiteral("embed-image needs -m MODEL, IMAGE and --out "
                                                     "FILE")
                                    : QStringLiteral("embed-audio needs -m MODEL, AUDIO and --out "
                                                     "FILE"));
    QString error;
    const std::unique_ptr<session::ModelRuntime> rt =
        openRuntime(cl.value(QStringLiteral("model")), &error);
    if (!rt) return fail(error);
    QByteArray bytes;
    if (!readMediaFile(cl.positional()[0], image ? kMaxImageFileBytes : kMaxAudioFileBytes, &bytes,
                       &error))
        return fail(error);
    if (image && !mediaInputs(cl, *rt, nullptr, nullptr, &error)) return fail(error, 2);
    QString why;
    if (!rt->media()->available(kind, &why)) return fail(why);
    QElapsedTimer timer;
    timer.start();
    g_interrupted.store(false);
    const auto previous = std::signal(SIGINT, onInterrupt);
    const std::optional<media::EncodedMedia> e = rt->media()->encode(
        kind, bytes,
        mediaProgressPrinter(image ? QStringLiteral("image") : QStringLiteral("audio")),
        [] { return g_interrupted.load(); }, &error);
    std::signal(SIGINT, previous);
    if (!e) return fail(error);
    std::vector<float> rows;
    for (const std::vector<float> &clip : e->clips)
        rows.insert(rows.end(), clip.begin(), clip.end());
    if (!writeFloats(cl.value(QStringLiteral("out")), rows, &error)) return fail(error);
    err(QStringLiteral("tokens=%1 width=%2 clips=%3, %4 s\n")
            .arg(e->tokens())
            .arg(e->width)
            .arg(e->clips.size())
            .arg(double(timer.nsecsElapsed()) / 1e9, 0, 'f', 3));
    return 0;
}
int cmdEmbedImage(const CommandLine &cl, const Environment &) {
    return cmdEmbed(cl, chat::MediaKind::Image);
}
int cmdEmbedAudio(const CommandLine &cl, const Environment &) {
    return cmdEmbed(cl, chat::MediaKind::Audio);
}

// A field of /proc/self/status in bytes (VmHWM: peak resident memory, file-backed pages of the
// model's mapping included; RssAnon: memory the process allocated itself); 0 where /proc is
// unavailable.
qint64 procStatusBytes(const char *field) {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return 0;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(key)) {
            return line.mid(key.size()).trimmed().split(' ').front().toLongLong() * 1024;
        }
    }
    return 0;
}
qint64 peakRssBytes() {
    return procStatusBytes("VmHWM");
}

void declareBench(CommandLine &cl) {
    cl.addOption({QStringLiteral("model"), QStringLiteral("m")}, kModelHelp,
                 QStringLiteral("MODEL"));
    cl.addSwitch({QStringLiteral("json")}, QStringLiteral("print the report as JSON"));
    cl.addOption({QStringLiteral("prefill")},
                 QStringLiteral("prompt sizes to time (default 128,512,2048)"),
                 QStringLiteral("N,N,..."));
    cl.addOption({QStringLiteral("decode")},
                 QStringLiteral("tokens to decode, greedy and top-64 (default 256)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("ctx")},
                 QStringLiteral("context length (default: what the runs need, at least 4096)"),
                 QStringLiteral("N"));
    cl.addSwitch({QStringLiteral("profile")},
                 QStringLiteral("GPU time per kind of dispatch (Vulkan timestamps)"));
    declareMediaFlags(cl);
    declareRuntimeFlags(cl);
}

// --image / --audio: each file encoded (the first time with the tower's load, then three times
// timed, the cache off), and the time to the first token of a one-question chat about it (encode
// and prefill, three times). Fills `out` with one object per file; false with *error.
bool benchMedia(const CommandLine &cl, session::ModelRuntime &rt, QJsonArray *out, bool json,
                QString *error) {
    std::vector<QByteArray> images, audio;
    if (!mediaInputs(cl, rt, &images, &audio, error)) return false;
    media::MediaEncoder &enc = *rt.media();
    media::MediaOptions mo = enc.options();
    mo.cacheBytes = 0;  // every encode runs
    enc.setOptions(mo);
    generate::ForwardBackend &backend = *rt.backend();
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const auto one = [&](chat::MediaKind kind, const QByteArray &bytes,
                         const QString &name) -> bool {
        const bool image = kind == chat::MediaKind::Image;
        QJsonObject r;
        r[QStringLiteral("file")] = name;
        r[QStringLiteral("kind")] = image ? QStringLiteral("image") : QStringLiteral("audio");
        QElapsedTimer timer;
        timer.start();
        std::optional<media::EncodedMedia> e = enc.encode(kind, bytes, {}, {}, error);
        if (!e) return false;
        r[QStringLiteral("first_encode_seconds")] = double(timer.nsecsElapsed()) / 1e9;
        r[QStringLiteral("tokens")] = e->tokens();
        r[QStringLiteral("clips")] = int(e->clips.size());
        r[QStringLiteral("tower_bytes")] = enc.towerBytes(kind);
        if (image) r[QStringLiteral("image_token_budget")] = mo.imageTokenBudget;
        std::vector<double> encodes;
        QJsonArray encodeRuns;
        qint64 record0 = 0, end0 = 0;
        for (int i = 0; i < 3; ++i) {
            if (rt.gpu()) {
                record0 = rt.gpu()->stats().recordNs;
                end0 = rt.gpu()->stats().endFrameNs;
            }
            timer.restart();
            if (!enc.encode(kind, bytes, {}, {}, error)) return false;
            encodes.push_back(double(timer.nsecsElapsed()) / 1e9);
            encodeRuns.append(encodes.back());
        }
        if (rt.gpu()) {
            // The last encode's host time on the GPU path: recording its frames and ending them
            // (submission and the wait for the GPU).
            r[QStringLiteral("tower_record_ms")] =
                double(rt.gpu()->stats().recordNs - record0) / 1e6;
            r[QStringLiteral("tower_end_frame_ms")] =
                double(rt.gpu()->stats().endFrameNs - end0) / 1e6;
        }
        r[QStringLiteral("encode_seconds")] = median(encodes);
        r[QStringLiteral("encode_seconds_runs")] = encodeRuns;
        // Where the last encode's time went: decoding the file, the front end (resize and
        // patches, or resampling and log-mel), the tower (upload, GPU, readback).
        const media::EncodeTimings &t = enc.lastTimings();
        r[QStringLiteral("decode_ms")] = t.decodeMs;
        r[QStringLiteral("front_end_ms")] = t.frontEndMs;
        r[QStringLiteral("tower_ms")] = t.towerMs;
        // A question about it, as the chat asks it: encode, lay out, prefill to the first logits.
        chat::Conversation conv;
        chat::Message user;
        user.content = image ? "Describe this image in detail." : "Transcribe this recording.";
        (image ? user.images : user.audios) = 1;
        (image ? user.imageData : user.audioData).push_back(bytes);
        conv.messages.push_back(user);
        std::vector<double> ttft;
        QJsonArray ttftRuns;
        int promptTokens = 0;
        for (int i = 0; i < 3; ++i) {
            backend.reset();
            timer.restart();
            const std::optional<media::MediaPrompt> p =
                media::buildMediaPrompt(rt.tokenizer(), chat::render(conv, rt.templateVariant()),
                                        conv, enc.encoder(), error);
            if (!p) return false;
            if (int64_t(p->tokens.size()) >= backend.contextLength()) {
                *error = QStringLiteral("the question about %1 needs %2 tokens; pass --ctx")
                             .arg(name)
                             .arg(p->tokens.size() + 1);
                return false;
            }
            if (backend.prefill(p->tokens, p->soft, 1, error).empty()) return false;
            ttft.push_back(double(timer.nsecsElapsed()) / 1e9);
            ttftRuns.append(ttft.back());
            promptTokens = int(p->tokens.size());
        }
        r[QStringLiteral("prompt_tokens")] = promptTokens;
        r[QStringLiteral("time_to_first_token_seconds")] = median(ttft);
        r[QStringLiteral("time_to_first_token_seconds_runs")] = ttftRuns;
        out->append(r);
        if (!json) {
            err(QStringLiteral("%1 %2: %3 tokens, encode %4 ms (median of 3; first %5 ms with "
                               "the tower's load; last: decode %9 ms, front end %10 ms, tower "
                               "%11 ms), time to first token %6 ms (%7 prompt tokens), tower %8\n")
                    .arg(r[QStringLiteral("kind")].toString(), name)
                    .arg(e->tokens())
                    .arg(median(encodes) * 1e3, 0, 'f', 1)
                    .arg(r[QStringLiteral("first_encode_seconds")].toDouble() * 1e3, 0, 'f', 1)
                    .arg(median(ttft) * 1e3, 0, 'f', 1)
                    .arg(promptTokens)
                    .arg(humanBytes(double(enc.towerBytes(kind))))
                    .arg(t.decodeMs, 0, 'f', 1)
                    .arg(t.frontEndMs, 0, 'f', 1)
                    .arg(t.towerMs, 0, 'f', 1));
        }
        return true;
    };
    const QStringList imagePaths = cl.values(QStringLiteral("image"));
    const QStringList audioPaths = cl.values(QStringLiteral("audio"));
    for (size_t i = 0; i < images.size(); ++i) {
        if (!one(chat::MediaKind::Image, images[i], imagePaths[qsizetype(i)])) return false;
    }
    for (size_t i = 0; i < audio.size(); ++i) {
        if (!one(chat::MediaKind::Audio, audio[i], audioPaths[qsizetype(i)])) return false;
    }
    return true;
}

int cmdBench(const CommandLine &cl, const Environment &environment) {
    if (!cl.positional().isEmpty())
        return usageError(cl, QStringLiteral("unexpected argument '%1'").arg(cl.positional()[0]));
    if (!cl.isSet(QStringLiteral("model")))
        return usageError(cl, QStringLiteral("bench needs -m MODEL"));
    QString error;
    session::RuntimeOptions options;
    if (!runtimeOptions(cl, environment.gpu, &options, &error)) return usageError(cl, error);
    std::vector<int> prefillSizes = {128, 512, 2048};
    if (cl.isSet(QStringLiteral("prefill"))) {
        prefillSizes.clear();
        for (const QString &v :
             cl.value(QStringLiteral("prefill")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            bool ok = false;
            const int n = v.trimmed().toInt(&ok);
            if (!ok || n < 1 || n > 1'000'000)
                return fail(QStringLiteral("--prefill: '%1' is not a token count").arg(v), 2);
            prefillSizes.push_back(n);
        }
    }
    qint64 decode = 256, ctx = 0;
    if (!cl.intValue(QStringLiteral("decode"), 0, 1'000'000, &decode, &error) ||
        !cl.intValue(QStringLiteral("ctx"), 1, std::numeric_limits<int>::max(), &ctx, &error))
        return usageError(cl, error);
    const bool json = cl.isSet(QStringLiteral("json"));

    QElapsedTimer total;
    total.start();
    const std::unique_ptr<session::ModelRuntime> rt =
        openRuntime(cl.value(QStringLiteral("model")), &error);
    if (!rt) return fail(error);
    const double openSeconds = double(total.nsecsElapsed()) / 1e9;
    const model::Gemma4Config &cfg = rt->config();
    const int maxPrefill =
        prefillSizes.empty() ? 0 : *std::max_element(prefillSizes.begin(), prefillSizes.end());
    if (ctx == 0) ctx = std::max<qint64>(4096, std::max<qint64>(maxPrefill, 16 + decode));
    options.contextLength = ctx;
    if (!startRuntime(*rt, std::move(options), &error)) return fail(error);
    generate::ForwardBackend &backend = *rt->backend();
    if (maxPrefill > backend.contextLength() || 16 + decode > backend.contextLength())
        return fail(QStringLiteral("the benchmark needs a context of %1 tokens; pass --ctx")
                        .arg(std::max<qint64>(maxPrefill, 16 + decode)),
                    2);
    if (!json && rt->gpu() && rt->gpuModel()) {
        const gpu::GpuOptions &g = rt->gpu()->options();
        err(QStringLiteral("%1\nint8 %2, GPU wait %3\n")
                .arg(rt->gpu()->info().summary(),
                     model::eightBitActivationsName(rt->gpuModel()->plan().options.eightBit),
                     g.fenceSpin == gpu::FenceSpin::Off ? gpuWaitName(g.fenceSpin)
                                                        : QStringLiteral("%1:%2")
                                                              .arg(gpuWaitName(g.fenceSpin))
                                                              .arg(g.fenceSpinUs)));
    }
    const int V = cfg.vocabSize;
    std::mt19937_64 rng(1234);
    std::uniform_int_distribution<int32_t> pick(
        0, std::min(V, cfg.tokenizerTokens > 0 ? cfg.tokenizerTokens : V) - 1);
    auto tokens = [&](int n) {
        std::vector<int32_t> t(static_cast<size_t>(n));
        for (auto &v : t)
            v = pick(rng);
        return t;
    };
    const auto dispatches = [&]() -> qint64 {
        return rt->gpuModel() ? rt->gpuModel()->stats().dispatches : 0;
    };

    // Warm-up (pipelines, caches, clocks).
    backend.reset();
    // Warm-up: every pipeline a run uses is created on first use (the tiled matmul of prefill,
    // the mat-vec, argmax and top-k of decode), which must not count in the timings.
    if (backend.prefill(tokens(std::min(64, int(backend.contextLength()) - 2)), {}, 1, &error)
            .empty() ||
        backend.step(1, 1, &error).empty() || backend.step(1, 64, &error).empty())
        return fail(error);
    // And one prefill of a full chunk, so the first timed prefill does not pay for the GPU
    // raising its clocks (seen on an H100: the same 512-token prefill took 125-200 ms first and
    // 110 ms after).
    backend.reset();
    if (backend
            .prefill(tokens(int(std::min<qint64>(512, backend.contextLength() - 2))), {}, 1, &error)
            .empty())
        return fail(error);

    // Each size runs three times (fresh random tokens each time); the median run is reported,
    // with all three times in "seconds_runs".
    QJsonArray prefillRuns;
    for (const int n : prefillSizes) {
        std::vector<QJsonObject> runs;
        for (int repeat = 0; repeat < 3; ++repeat) {
            backend.reset();
            const auto t = tokens(n);
            const qint64 d0 = dispatches();
            const double gather0 = rt->gpuModel() ? rt->gpuModel()->stats().hostGatherMs : 0;
            const qint64 record0 = rt->gpu() ? rt->gpu()->stats().recordNs : 0;
            const qint64 end0 = rt->gpu() ? rt->gpu()->stats().endFrameNs : 0;
            const qint64 prepare0 = rt->gpu() ? rt->gpu()->stats().prepareNs : 0;
            QElapsedTimer timer;
            timer.start();
            if (backend.prefill(t, {}, 1, &error).empty()) return fail(error);
            const double s = double(timer.nsecsElapsed()) / 1e9;
            QJsonObject r;
            r[QStringLiteral("tokens")] = n;
            r[QStringLiteral("seconds")] = s;
            r[QStringLiteral("tokens_per_second")] = double(n) / s;
            if (rt->gpuModel()) {
                r[QStringLiteral("dispatches")] = dispatches() - d0;
                // Host time: gathering embedding / PLE rows, recording frames (GpuContext::Stats
                // says what that covers on each path), ending them (submission and the wait for
                // the GPU).
                r[QStringLiteral("host_gather_ms")] =
                    rt->gpuModel()->stats().hostGatherMs - gather0;
                r[QStringLiteral("record_ms")] =
                    double(rt->gpu()->stats().recordNs - record0) / 1e6;
                r[QStringLiteral("end_frame_ms")] =
                    double(rt->gpu()->stats().endFrameNs - end0) / 1e6;
                r[QStringLiteral("prepare_ms")] =
                    double(rt->gpu()->stats().prepareNs - prepare0) / 1e6;
            }
            runs.push_back(r);
        }
        std::sort(runs.begin(), runs.end(), [](const QJsonObject &a, const QJsonObject &b) {
            return a[QStringLiteral("seconds")].toDouble() <
                   b[QStringLiteral("seconds")].toDouble();
        });
        QJsonObject r = runs[1];
        QJsonArray all;
        for (const QJsonObject &run : runs)
            all.append(run[QStringLiteral("seconds")]);
        r[QStringLiteral("seconds_runs")] = all;
        prefillRuns.append(r);
        const double s = r[QStringLiteral("seconds")].toDouble();
        if (!json)
            err(QStringLiteral(
                    "prefill %1 tokens: %2 s, %3 tok/s (median of 3; host gather %4 ms, record "
                    "%5 ms, end frame %6 ms)\n")
                    .arg(n)
                    .arg(s, 0, 'f', 3)
                    .arg(double(n) / s, 0, 'f', 1)
                    .arg(r[QStringLiteral("host_gather_ms")].toDouble(), 0, 'f', 1)
                    .arg(r[QStringLiteral("record_ms")].toDouble(), 0, 'f', 1)
                    .arg(r[QStringLiteral("end_frame_ms")].toDouble(), 0, 'f', 1));
    }

    QJsonObject decodeRun;
    if (decode > 0) {
        for (const int k : {1, 64}) {
            backend.reset();
            generate::StepResult r = backend.prefill(tokens(16), {}, k, &error);
            if (r.empty()) return fail(error);
            const qint64 d0 = dispatches();
            const double gather0 = rt->gpuModel() ? rt->gpuModel()->stats().hostGatherMs : 0;
            const double build0 = rt->gpuModel() ? rt->gpuModel()->stats().hostBuildMs : 0;
            const qint64 ahead0 = rt->gpuModel() ? rt->gpuModel()->stats().recordedAhead : 0;
            const qint64 record0 = rt->gpu() ? rt->gpu()->stats().recordNs : 0;
            const qint64 end0 = rt->gpu() ? rt->gpu()->stats().endFrameNs : 0;
            QElapsedTimer timer;
            timer.start();
            for (qint64 i = 0; i < decode; ++i) {
                const int32_t next =
                    r.hasCandidates() ? r.candidateIds.front()
                                      : int32_t(std::max_element(r.logits.begin(), r.logits.end()) -
                                                r.logits.begin());
                r = backend.step(next, k, &error);
                if (r.empty()) return fail(error);
            }
            const double s = double(timer.nsecsElapsed()) / 1e9;
            const QString key = k == 1 ? QStringLiteral("greedy") : QStringLiteral("top64");
            QJsonObject d;
            d[QStringLiteral("tokens")] = decode;
            d[QStringLiteral("seconds")] = s;
            d[QStringLiteral("tokens_per_second")] = double(decode) / s;
            d[QStringLiteral("ms_per_token")] = 1000.0 * s / double(decode);
            if (rt->gpuModel()) {
                d[QStringLiteral("dispatches_per_token")] =
                    double(dispatches() - d0) / double(decode);
                d[QStringLiteral("host_gather_ms_per_token")] =
                    (rt->gpuModel()->stats().hostGatherMs - gather0) / double(decode);
                // Building the step's batch on the host (the gathers included).
                d[QStringLiteral("host_build_ms_per_token")] =
                    (rt->gpuModel()->stats().hostBuildMs - build0) / double(decode);
                // Steps whose batch was recorded while the previous step ran (GpuModel).
                d[QStringLiteral("recorded_ahead_steps")] =
                    double(rt->gpuModel()->stats().recordedAhead - ahead0);
                // Where a step's time goes on the host: recording the frame (see
                // GpuContext::Stats) and ending it (submission plus waiting for the GPU).
                d[QStringLiteral("record_ms_per_token")] =
                    double(rt->gpu()->stats().recordNs - record0) / 1e6 / double(decode);
                d[QStringLiteral("end_frame_ms_per_token")] =
                    double(rt->gpu()->stats().endFrameNs - end0) / 1e6 / double(decode);
                // Projections run on 8-bit activations (integer-dot kernels) in the last step.
                d[QStringLiteral("dot_matvecs_per_token")] = rt->gpuModel()->lastDotMatVecCount();
            }
            decodeRun[key] = d;
            if (!json)
                err(QStringLiteral("decode %1 tokens (%2): %3 tok/s, %4 ms/token\n")
                        .arg(decode)
                        .arg(key)
                        .arg(double(decode) / s, 0, 'f', 1)
                        .arg(1000.0 * s / double(decode), 0, 'f', 2));
        }
    }

    QJsonArray mediaRuns;
    if (!benchMedia(cl, *rt, &mediaRuns, json, &error)) return fail(error);

    // --profile: GPU time per kind of dispatch (kernel; for mat-vec and matmul also the K x N
    // shape) from timestamps after every dispatch, for a decode step and a prefill.
    QJsonObject profile;
    if (cl.isSet(QStringLiteral("profile")) && rt->gpu() && rt->gpuModel()) {
        if (!rt->gpu()->setDispatchTiming(true, &error)) return fail(error);
        const auto table = [&](const std::vector<gpu::GpuContext::DispatchTime> &times, int per,
                               const QString &title) {
            struct Kind {
                int count = 0;
                double ns = 0;
                double bytes = 0;
            };
            std::map<QString, Kind> kinds;
            double gpuNs = 0;
            for (const auto &t : times) {
                QString key = t.kernel;
                double bytes = 0;
                // The parameter block read back as the kernel's own struct (kernel_params.h).
                const auto params = [&t](auto &out) {
                    if (t.params.size() != qsizetype(sizeof out)) return false;
                    std::memcpy(&out, t.params.constData(), sizeof out);
                    return true;
                };
                gpu::MatVecParams mv;
                gpu::MatMulParams mm;
                gpu::AttentionParams at;
                if (t.kernel.startsWith(QLatin1String("matvec")) && params(mv)) {
                    key += QStringLiteral(" %1x%2").arg(mv.K).arg(mv.N);
                    bytes = double(mv.rowBytes) * double(mv.N);
                } else if (t.kernel.startsWith(QLatin1String("matmul")) && params(mm)) {
                    key += QStringLiteral(" %1x%2").arg(mm.K).arg(mm.N);
                    bytes = double(mm.rowBytes) * double(mm.N);
                } else if (t.kernel == QLatin1String("attention") && params(at)) {
                    key += at.stage
                               ? QStringLiteral(" combine D%1").arg(at.headDim)
                               : QStringLiteral(" D%1 %2 splits").arg(at.headDim).arg(at.splits);
                }
                Kind &k = kinds[key];
                ++k.count;
                k.ns += t.ns;
                k.bytes += bytes;
                gpuNs += t.ns;
            }
            std::vector<std::pair<QString, Kind>> sorted(kinds.begin(), kinds.end());
            std::sort(sorted.begin(), sorted.end(),
                      [](const auto &a, const auto &b) { return a.second.ns > b.second.ns; });
            QJsonArray rows;
            if (!json)
                err(QStringLiteral("%1: %2 ms of GPU time\n")
                        .arg(title)
                        .arg(gpuNs / per / 1e6, 0, 'f', 3));
            for (const auto &[key, k] : sorted) {
                QJsonObject r;
                r[QStringLiteral("kind")] = key;
                r[QStringLiteral("dispatches")] = double(k.count) / per;
                r[QStringLiteral("ms")] = k.ns / per / 1e6;
                r[QStringLiteral("us_per_dispatch")] = k.ns / k.count / 1e3;
                if (k.bytes > 0) r[QStringLiteral("weight_gb_per_s")] = k.bytes / k.ns;
                rows.append(r);
                if (!json)
                    err(QStringLiteral("  %1 %2 x %3 us = %4 ms%5\n")
                            .arg(key, -32)
                            .arg(double(k.count) / per, 6, 'f', 1)
                            .arg(k.ns / k.count / 1e3, 7, 'f', 1)
                            .arg(k.ns / per / 1e6, 7, 'f', 3)
                            .arg(k.bytes > 0
                                     ? QStringLiteral(" (%1 GB/s)").arg(k.bytes / k.ns, 0, 'f', 0)
                                     : QString()));
            }
            QJsonObject o2;
            o2[QStringLiteral("gpu_ms")] = gpuNs / per / 1e6;
            o2[QStringLiteral("kinds")] = rows;
            return o2;
        };
        // The prefill profiled: the longest --prefill size (512 without one).
        int profiled = 512;
        if (!prefillSizes.empty())
            profiled = *std::max_element(prefillSizes.begin(), prefillSizes.end());
        if (profiled >= backend.contextLength()) profiled = 16;
        backend.reset();
        if (backend.prefill(tokens(profiled), {}, 1, &error).empty()) return fail(error);
        profile[QStringLiteral("prefill")] =
            table(rt->gpu()->takeDispatchTimes(), 1, QStringLiteral("prefill %1").arg(profiled));
        profile[QStringLiteral("prefill_tokens")] = profiled;
        const int steps = 16;
        generate::StepResult r = backend.step(2, 1, &error);
        rt->gpu()->takeDispatchTimes();
        const qint64 d0 = dispatches();
        for (int i = 0; i < steps && !r.empty(); ++i)
            r = backend.step(r.candidateIds.empty() ? 2 : r.candidateIds.front(), 1, &error);
        if (r.empty()) return fail(error);
        QJsonObject decodeProfile =
            table(rt->gpu()->takeDispatchTimes(), steps, QStringLiteral("decode step"));
        // What the model recorded over the same steps (the timed kinds must account for it).
        decodeProfile[QStringLiteral("dispatches_per_step")] =
            double(dispatches() - d0) / double(steps);
        profile[QStringLiteral("decode")] = decodeProfile;
        // Each attachment's encode (the towers' dispatches).
        std::vector<QByteArray> images, audio;
        if (!mediaInputs(cl, *rt, &images, &audio, &error)) return fail(error);
        QJsonArray mediaProfiles;
        const auto encodeProfile = [&](chat::MediaKind kind, const QByteArray &bytes) {
            rt->gpu()->takeDispatchTimes();
            if (!rt->media()->encode(kind, bytes, {}, {}, &error)) return false;
            mediaProfiles.append(table(rt->gpu()->takeDispatchTimes(), 1,
                                       kind == chat::MediaKind::Image
                                           ? QStringLiteral("image encode")
                                           : QStringLiteral("audio encode")));
            return true;
        };
        for (const QByteArray &b : images)
            if (!encodeProfile(chat::MediaKind::Image, b)) return fail(error);
        for (const QByteArray &b : audio)
            if (!encodeProfile(chat::MediaKind::Audio, b)) return fail(error);
        if (!mediaProfiles.isEmpty()) profile[QStringLiteral("media")] = mediaProfiles;
        rt->gpu()->setDispatchTiming(false, nullptr);
    }

    QJsonObject report;
    report[QStringLiteral("model")] = rt->file().path();
    report[QStringLiteral("file_bytes")] = qint64(rt->file().fileSize());
    report[QStringLiteral("backend")] = backend.name();
    if (rt->gpu()) {
        report[QStringLiteral("device")] = rt->gpu()->info().summary();
        // How the CPU waits for the GPU, as the context got it (--gpu-wait, FACET_VK_SPIN_US):
        // "adaptive" (gpu_wait_us: its longest poll), "fixed" (the poll) or "off".
        const gpu::GpuOptions &g = rt->gpu()->options();
        report[QStringLiteral("gpu_wait")] = gpuWaitName(g.fenceSpin);
        report[QStringLiteral("gpu_wait_us")] =
            g.fenceSpin == gpu::FenceSpin::Off ? 0 : g.fenceSpinUs;
    }
    if (rt->gpuModel()) {
        // 8-bit activations as the model got them (--int8), and the smallest projection (weights)
        // that takes that path here (-1: none; decode's dot_matvecs_per_token counts them).
        const model::GpuPlan &plan = rt->gpuModel()->plan();
        report[QStringLiteral("int8")] = model::eightBitActivationsName(plan.options.eightBit);
        report[QStringLiteral("int8_min_weights")] = qint64(plan.dotMinWeights);
        report[QStringLiteral("kv_cache")] =
            plan.options.kvCacheF16 ? QStringLiteral("f16") : QStringLiteral("f32");
        // Whether prefill projections run as the staged product (tensor cores, --staged-matmul).
        report[QStringLiteral("staged_matmul")] = plan.stagingUvec4s > 0;
        // Tokens per prefill submission (--prefill-chunk; the plan may have lowered it).
        report[QStringLiteral("prefill_chunk")] = plan.maxChunk;
        // The adapter the model ran through (--adapter; empty: none) and its strength.
        report[QStringLiteral("adapter")] = rt->adapterPath();
        report[QStringLiteral("adapter_scale")] = double(rt->adapterStrength());
    }
    report[QStringLiteral("context")] = qint64(backend.contextLength());
    report[QStringLiteral("open_seconds")] = openSeconds;
    report[QStringLiteral("load_seconds")] = rt->startSeconds();
    report[QStringLiteral("prefill")] = prefillRuns;
    report[QStringLiteral("decode")] = decodeRun;
    // The figures llama-bench prints (pp<n>: prompt processing, tg<n>: generation, greedy), with
    // its field names, so a run of each is one table: avg_ts, samples_ts (tokens per second of
    // each run), n_prompt, n_gen.
    QJsonArray llamaBench;
    for (const QJsonValue &v : prefillRuns) {
        const QJsonObject r = v.toObject();
        const int n = r[QStringLiteral("tokens")].toInt();
        QJsonArray samples;
        double sum = 0;
        for (const QJsonValue &s : r[QStringLiteral("seconds_runs")].toArray()) {
            samples.append(double(n) / s.toDouble());
            sum += double(n) / s.toDouble();
        }
        QJsonObject t;
        t[QStringLiteral("test")] = QStringLiteral("pp%1").arg(n);
        t[QStringLiteral("n_prompt")] = n;
        t[QStringLiteral("n_gen")] = 0;
        t[QStringLiteral("avg_ts")] = samples.isEmpty() ? 0.0 : sum / double(samples.size());
        t[QStringLiteral("samples_ts")] = samples;
        llamaBench.append(t);
    }
    if (decodeRun.contains(QStringLiteral("greedy"))) {
        const QJsonObject d = decodeRun[QStringLiteral("greedy")].toObject();
        QJsonObject t;
        t[QStringLiteral("test")] = QStringLiteral("tg%1").arg(decode);
        t[QStringLiteral("n_prompt")] = 0;
        t[QStringLiteral("n_gen")] = qint64(decode);
        t[QStringLiteral("avg_ts")] = d[QStringLiteral("tokens_per_second")];
        t[QStringLiteral("samples_ts")] = QJsonArray{d[QStringLiteral("tokens_per_second")]};
        llamaBench.append(t);
    }
    report[QStringLiteral("llama_bench")] = llamaBench;
    if (!json) {
        err(QStringLiteral("| test   |          t/s |\n| ------ | -----------: |\n"));
        for (const QJsonValue &v : llamaBench) {
            const QJsonObject t = v.toObject();
            err(QStringLiteral("| %1 | %2 |\n")
                    .arg(t[QStringLiteral("test")].toString(), -6)
                    .arg(t[QStringLiteral("avg_ts")].toDouble(), 12, 'f', 2));
        }
    }
    if (!mediaRuns.isEmpty()) report[QStringLiteral("media")] = mediaRuns;
    if (!profile.isEmpty()) report[QStringLiteral("profile")] = profile;
    if (rt->gpuModel()) {
        const model::GpuMemoryEstimate &mem = rt->gpuModel()->memory();
        QJsonObject g;
        g[QStringLiteral("weights_bytes")] = mem.weightBytes;
        g[QStringLiteral("kv_cache_bytes")] = mem.kvCacheBytes;
        g[QStringLiteral("activation_bytes")] = mem.activationBytes;
        g[QStringLiteral("total_bytes")] = mem.gpuTotal();
        report[QStringLiteral("gpu_memory")] = g;
    }
    report[QStringLiteral("peak_host_rss_bytes")] = peakRssBytes();
    report[QStringLiteral("host_anon_rss_bytes")] = procStatusBytes("RssAnon");
    if (json) {
        out(QJsonDocument(report).toJson(QJsonDocument::Indented));
    } else {
        err(QStringLiteral("load %1 s, peak host RSS %2 MiB\n")
                .arg(rt->startSeconds(), 0, 'f', 2)
                .arg(double(peakRssBytes()) / double(1 << 20), 0, 'f', 1));
    }
    return 0;
}

// ---- train
// ----------------------------------------------------------------------------------------

void declareTrain(CommandLine &cl) {
    cl.addOption({QStringLiteral("m"), QStringLiteral("model")}, kModelHelp,
                 QStringLiteral("MODEL"));
    cl.addOption({QStringLiteral("data")},
                 QStringLiteral("training examples, one JSON object a line: {\"messages\":[…]}, "
                                "{\"prompt\",\"completion\"} or {\"text\"}"),
                 QStringLiteral("FILE.jsonl"));
    cl.addOption({QStringLiteral("out")},
                 QStringLiteral("folder for checkpoints and the adapter (adapter/ and "
                                "adapter.gguf); a run there resumes"),
                 QStringLiteral("DIR"));
    cl.addOption({QStringLiteral("val")},
                 QStringLiteral("validation examples (instead of a split)"),
                 QStringLiteral("FILE.jsonl"));
    cl.addOption({QStringLiteral("val-split")},
                 QStringLiteral("share of --data held out for validation, 0 to 0.5 (default 0.1)"),
                 QStringLiteral("F"));
    cl.addOption({QStringLiteral("rank")}, QStringLiteral("LoRA rank (default 16)"),
                 QStringLiteral("R"));
    cl.addOption({QStringLiteral("alpha")}, QStringLiteral("LoRA alpha (default 2 x rank)"),
                 QStringLiteral("A"));
    cl.addOption({QStringLiteral("dropout")}, QStringLiteral("LoRA dropout (default 0)"),
                 QStringLiteral("P"));
    cl.addOption({QStringLiteral("targets")},
                 QStringLiteral("projections to adapt, comma-separated: attn_q, attn_k, attn_v, "
                                "attn_output, ffn_gate, ffn_up, ffn_down, inp_gate, proj (or "
                                "q_proj … as PEFT names them; default: the attention and FFN "
                                "ones)"),
                 QStringLiteral("LIST"));
    cl.addOption({QStringLiteral("lr")}, QStringLiteral("peak learning rate (default 2e-4)"),
                 QStringLiteral("LR"));
    cl.addOption({QStringLiteral("schedule")},
                 QStringLiteral("constant, linear, cosine (default) or cosine-restarts"),
                 QStringLiteral("NAME"));
    cl.addOption({QStringLiteral("warmup")},
                 QStringLiteral("share of the steps spent warming up (default 0.03)"),
                 QStringLiteral("F"));
    cl.addOption({QStringLiteral("epochs")}, QStringLiteral("passes over the data (default 1)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("max-steps")},
                 QStringLiteral("stop after this many optimizer steps"), QStringLiteral("N"));
    cl.addOption({QStringLiteral("batch-tokens")},
                 QStringLiteral("trained tokens per optimizer step (default 4096)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("max-grad-norm")},
                 QStringLiteral("clip the gradients' global norm (default 1; 0: off)"),
                 QStringLiteral("X"));
    cl.addOption({QStringLiteral("eval-every")},
                 QStringLiteral("steps between validation losses (default 50)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("checkpoint-every")},
                 QStringLiteral("steps between checkpoints (default 100)"), QStringLiteral("N"));
    cl.addOption({QStringLiteral("seed")},
                 QStringLiteral("shuffling, initialisation and dropout (default 42)"),
                 QStringLiteral("S"));
    cl.addOption({QStringLiteral("ctx")},
                 QStringLiteral("longest example in tokens; longer ones are cut (default 2048)"),
                 QStringLiteral("N"));
    cl.addSwitch({QStringLiteral("validate-only")},
                 QStringLiteral("check the data and print its report, train nothing"));
    cl.addSwitch({QStringLiteral("skip-bad-lines")},
                 QStringLiteral("train on the good examples when some lines are bad"));
    declareRuntimeFlags(cl);
}

// Reads and checks a JSONL file; prints its problems. False when it cannot be used.
bool readTrainingFile(const QString &path, bool skipBad, std::vector<train::DatasetExample> *out) {
    const train::ParsedDataset d = train::readDataset(path);
    for (const train::DatasetProblem &p : d.problems) {
        err(QStringLiteral("%1: %2: %3\n")
                .arg(QFileInfo(path).fileName(),
                     p.error ? QStringLiteral("error") : QStringLiteral("warning"), p.describe()));
    }
    if (d.errorCount() > 0 && (!skipBad || d.examples.empty())) {
        err(QStringLiteral("%1: %2 bad line(s): fix them, or pass --skip-bad-lines to use the %3 "
                           "good example(s)\n")
                .arg(QFileInfo(path).fileName())
                .arg(d.errorCount())
                .arg(d.examples.size()));
        return false;
    }
    *out = d.examples;
    return true;
}

int cmdTrain(const CommandLine &cl, const Environment &environment) {
    if (!cl.positional().isEmpty())
        return usageError(cl, QStringLiteral("unexpected argument '%1'").arg(cl.positional()[0]));
    const bool validateOnly = cl.isSet(QStringLiteral("validate-only"));
    if (!cl.isSet(QStringLiteral("model")) || !cl.isSet(QStringLiteral("data")) ||
        (!validateOnly && !cl.isSet(QStringLiteral("out"))))
        return usageError(cl,
                          QStringLiteral("train needs -m MODEL, --data FILE.jsonl and --out DIR"));
    QString error;
    session::RuntimeOptions options;
    if (!runtimeOptions(cl, environment.gpu, &options, &error)) return usageError(cl, error);
    train::TrainConfig c;
    qint64 rank = 16, epochs = 1, maxSteps = 0, batchTokens = 4096, evalEvery = 50,
           checkpointEvery = 100, seed = 42, ctx = 2048;
    float alpha = -1, dropout = 0, lr = 2e-4f, warmup = 0.03f, maxGrad = 1.0f, valSplit = 0.1f;
    const qint64 big = std::numeric_limits<int>::max();
    if (!cl.intValue(QStringLiteral("rank"), 1, model::kMaxAdapterRank, &rank, &error) ||
        !cl.intValue(QStringLiteral("epochs"), 1, 100000, &epochs, &error) ||
        !cl.intValue(QStringLiteral("max-steps"), 0, big, &maxSteps, &error) ||
        !cl.intValue(QStringLiteral("batch-tokens"), 1, big, &batchTokens, &error) ||
        !cl.intValue(QStringLiteral("eval-every"), 0, big, &evalEvery, &error) ||
        !cl.intValue(QStringLiteral("checkpoint-every"), 0, big, &checkpointEvery, &error) ||
        !cl.intValue(QStringLiteral("seed"), 0, std::numeric_limits<qint64>::max(), &seed,
                     &error) ||
        !cl.intValue(QStringLiteral("ctx"), 2, 1 << 20, &ctx, &error) ||
        !cl.floatValue(QStringLiteral("alpha"), &alpha, &error) ||
        !cl.floatValue(QStringLiteral("dropout"), &dropout, &error) ||
        !cl.floatValue(QStringLiteral("lr"), &lr, &error) ||
        !cl.floatValue(QStringLiteral("warmup"), &warmup, &error) ||
        !cl.floatValue(QStringLiteral("max-grad-norm"), &maxGrad, &error) ||
        !cl.floatValue(QStringLiteral("val-split"), &valSplit, &error))
        return usageError(cl, error);
    if (!(lr > 0) || !(warmup >= 0 && warmup < 1) || !(valSplit >= 0 && valSplit <= 0.5f) ||
        !(dropout >= 0 && dropout < 1))
        return usageError(cl, QStringLiteral("--lr must be positive, --warmup in [0, 1), "
                                             "--val-split in [0, 0.5], --dropout in [0, 1)"));
    c.lora.rank = int(rank);
    c.lora.alpha = alpha > 0 ? alpha : float(2 * rank);
    c.lora.dropout = dropout;
    if (cl.isSet(QStringLiteral("targets"))) {
        c.lora.targets.clear();
        for (const QString &t :
             cl.value(QStringLiteral("targets")).split(u',', Qt::SkipEmptyParts)) {
            const auto target = model::loraTargetByName(t.trimmed().toStdString());
            if (!target)
                return usageError(cl, QStringLiteral("--targets: '%1' is not a projection").arg(t));
            c.lora.targets.push_back(*target);
        }
    }
    if (cl.isSet(QStringLiteral("schedule"))) {
        const auto s = train::lrScheduleByName(cl.value(QStringLiteral("schedule")).toStdString());
        if (!s) {
            return usageError(cl, QStringLiteral("--schedule: '%1' is not one of constant, linear, "
                                                 "cosine, cosine-restarts")
                                      .arg(cl.value(QStringLiteral("schedule"))));
        }
        c.schedule = *s;
    }
    c.learningRate = lr;
    c.warmupFraction = warmup;
    c.epochs = int(epochs);
    c.maxSteps = maxSteps;
    c.batchTokens = int(batchTokens);
    c.maxGradNorm = maxGrad;
    c.evalEvery = int(evalEvery);
    c.checkpointEvery = int(checkpointEvery);
    c.seed = uint64_t(seed);

    std::unique_ptr<session::ModelRuntime> rt =
        openRuntime(cl.value(QStringLiteral("model")), &error);
    if (!rt) return fail(error);
    const model::Gemma4Config *config = &rt->config();
    const tokenizer::Tokenizer *tok = &rt->tokenizer();
    c.baseModel = QFileInfo(rt->path()).fileName();
    const bool skipBad = cl.isSet(QStringLiteral("skip-bad-lines"));
    std::vector<train::DatasetExample> data, valData;
    if (!readTrainingFile(cl.value(QStringLiteral("data")), skipBad, &data)) return 1;
    if (cl.isSet(QStringLiteral("val")) &&
        !readTrainingFile(cl.value(QStringLiteral("val")), skipBad, &valData))
        return 1;
    const int context = int(std::min<int64_t>(ctx, config->contextLength));
    const train::TokenizedDataset all = train::tokenizeDataset(data, *tok, context);
    for (const train::DatasetProblem &p : all.problems)
        err(QStringLiteral("%1: error: %2\n")
                .arg(QFileInfo(cl.value(QStringLiteral("data"))).fileName(), p.describe()));
    out(QStringLiteral("data: %1\n").arg(all.lengths.describe(context)));
    if (validateOnly)
        out(QStringLiteral("tokens per example:\n%1").arg(all.lengths.histogramText(context)));
    if (!all.problems.empty() && !skipBad) {
        return fail(QStringLiteral("%1 example(s) have nothing to learn within the context: fix "
                                   "them, or pass --skip-bad-lines")
                        .arg(all.problems.size()));
    }
    std::vector<train::TokenizedExample> trainSet, valSet;
    if (cl.isSet(QStringLiteral("val"))) {
        trainSet = all.kept;
        const train::TokenizedDataset v = train::tokenizeDataset(valData, *tok, context);
        valSet = v.kept;
        out(QStringLiteral("validation: %1\n").arg(v.lengths.describe(context)));
    } else {
        const train::DatasetSplit split =
            train::splitDataset(int(all.kept.size()), valSplit, c.seed);
        for (const int i : split.train)
            trainSet.push_back(all.kept[size_t(i)]);
        for (const int i : split.validation)
            valSet.push_back(all.kept[size_t(i)]);
        out(QStringLiteral("split: %1 for training, %2 for validation\n")
                .arg(trainSet.size())
                .arg(valSet.size()));
    }
    if (validateOnly) return 0;

    int longest = 1;
    for (const std::vector<train::TokenizedExample> *set : {&trainSet, &valSet})
        for (const train::TokenizedExample &e : *set)
            longest = std::max(longest, int(e.ids.size()));
    // The model needs no more positions than the longest example.
    options.contextLength = std::max<int64_t>(longest, 16);
    if (!startRuntime(*rt, std::move(options), &error)) return fail(error);
    session::TrainingBackendOptions backendOptions;
    // Room to pack short examples together (up to a step's tokens, at most 2048).
    backendOptions.maxTokens = std::max(longest, std::min(int(batchTokens), 2048));
    backendOptions.lora = c.lora;
    std::unique_ptr<train::LossBackend> backendPtr =
        session::createTrainingBackend(*rt, backendOptions, &error);
    if (!backendPtr) return fail(error);
    train::LossBackend &backend = *backendPtr;
    const QString dir = cl.value(QStringLiteral("out"));
    auto trainer = train::Trainer::create(*config, c, std::move(trainSet), std::move(valSet),
                                          backend, dir, &error);
    if (!trainer) return fail(error);
    if (trainer->resumed()) {
        out(QStringLiteral("resuming at step %1 of %2\n")
                .arg(trainer->step())
                .arg(trainer->totalSteps()));
    }
    const auto previous = std::signal(SIGINT, onInterrupt);
    const bool ok = trainer->run(
        [&](const train::TrainProgress &p) {
            QString line = QStringLiteral("step %1/%2 epoch %3 loss %4 lr %5 grad %6 %7 tok/s")
                               .arg(p.step)
                               .arg(p.totalSteps)
                               .arg(p.epoch + 1)
                               .arg(p.loss, 0, 'f', 4)
                               .arg(p.lr, 0, 'g', 3)
                               .arg(p.gradNorm, 0, 'f', 3)
                               .arg(p.tokensPerSecond, 0, 'f', 0);
            if (p.validationLoss)
                line += QStringLiteral(" val %1").arg(*p.validationLoss, 0, 'f', 4);
            if (p.checkpointed) line += QStringLiteral(" (checkpoint)");
            out(line + u'\n');
            return !g_interrupted.load();
        },
        &error);
    std::signal(SIGINT, previous);
    if (!ok) return fail(error);
    if (!trainer->finished()) {
        out(QStringLiteral("paused at step %1; run the same command to resume\n")
                .arg(trainer->step()));
        return 0;
    }
    out(QStringLiteral("adapter: %1 (PEFT) and %2 (GGUF LoRA)\n")
            .arg(QDir(dir).filePath(QStringLiteral("adapter")),
                 QDir(dir).filePath(QStringLiteral("adapter.gguf"))));
    return 0;
}

// ---- bench-train --------------------------------------------------------------------------------

void declareBenchTrain(CommandLine &cl) {
    cl.addOption({QStringLiteral("m"), QStringLiteral("model")}, kModelHelp,
                 QStringLiteral("MODEL"));
    cl.addOption({QStringLiteral("tokens")}, QStringLiteral("tokens per example (default 512)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("examples")},
                 QStringLiteral("examples per optimizer step (default 8)"), QStringLiteral("N"));
    cl.addOption({QStringLiteral("steps")},
                 QStringLiteral("timed optimizer steps, after one untimed (default 3)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("rank")}, QStringLiteral("LoRA rank (default 16)"),
                 QStringLiteral("R"));
    cl.addOption({QStringLiteral("targets")},
                 QStringLiteral("comma-separated projections (default the seven of attention "
                                "and FFN)"),
                 QStringLiteral("LIST"));
    cl.addSwitch({QStringLiteral("profile")},
                 QStringLiteral("GPU time per kind of dispatch of one pass (Vulkan)"));
    cl.addOption({QStringLiteral("pack")},
                 QStringLiteral("tokens one pass packs examples into (sequence packing; default: "
                                "one example a pass)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("attention")},
                 QStringLiteral("attention backward: products (default) or flash"),
                 QStringLiteral("KIND"));
    cl.addOption({QStringLiteral("products")},
                 QStringLiteral("frozen weights' products: auto (default), float or staged"),
                 QStringLiteral("KIND"));
    declareRuntimeFlags(cl);
}

// Training throughput on random token sequences (every token after the first trained): the
// loss backend's forward and backward plus the optimizer, as JSON.
int cmdBenchTrain(const CommandLine &cl, const Environment &environment) {
    if (!cl.positional().isEmpty())
        return usageError(cl, QStringLiteral("unexpected argument '%1'").arg(cl.positional()[0]));
    if (!cl.isSet(QStringLiteral("model")))
        return usageError(cl, QStringLiteral("bench-train needs -m MODEL"));
    QString error;
    session::RuntimeOptions options;
    if (!runtimeOptions(cl, environment.gpu, &options, &error)) return usageError(cl, error);
    qint64 tokens = 512, examples = 8, steps = 3, rank = 16, pack = 0;
    if (!cl.intValue(QStringLiteral("tokens"), 2, 1 << 16, &tokens, &error) ||
        !cl.intValue(QStringLiteral("pack"), 0, 1 << 16, &pack, &error) ||
        !cl.intValue(QStringLiteral("examples"), 1, 1 << 16, &examples, &error) ||
        !cl.intValue(QStringLiteral("steps"), 1, 1 << 16, &steps, &error) ||
        !cl.intValue(QStringLiteral("rank"), 1, model::kMaxAdapterRank, &rank, &error))
        return usageError(cl, error);
    model::LoraConfig lora;
    lora.rank = int(rank);
    lora.alpha = float(2 * rank);
    if (cl.isSet(QStringLiteral("targets"))) {
        lora.targets.clear();
        for (const QString &t : cl.value(QStringLiteral("targets")).split(u',')) {
            const std::optional<model::LoraTarget> target =
                model::loraTargetByName(t.trimmed().toStdString());
            if (!target) return usageError(cl, QStringLiteral("--targets: unknown '%1'").arg(t));
            lora.targets.push_back(*target);
        }
    }
    std::unique_ptr<session::ModelRuntime> rt =
        openRuntime(cl.value(QStringLiteral("model")), &error);
    if (!rt) return fail(error);
    options.contextLength = tokens;
    if (!startRuntime(*rt, std::move(options), &error)) return fail(error);
    session::TrainingBackendOptions bo;
    bo.maxTokens = int(std::max(tokens, pack));
    bo.lora = lora;
    const QString attention = cl.value(QStringLiteral("attention"));
    if (attention == QLatin1String("flash"))
        bo.gpu.attention = train::GpuTrainOptions::Attention::Flash;
    else if (!attention.isEmpty() && attention != QLatin1String("products"))
        return usageError(cl, QStringLiteral("--attention: products or flash"));
    const QString products = cl.value(QStringLiteral("products"));
    using Products = train::GpuTrainOptions::Products;
    if (products == QLatin1String("float"))
        bo.gpu.products = Products::Float;
    else if (products == QLatin1String("staged"))
        bo.gpu.products = Products::Staged;
    else if (!products.isEmpty() && products != QLatin1String("auto"))
        return usageError(cl, QStringLiteral("--products: auto, float or staged"));
    std::unique_ptr<train::LossBackend> backend = session::createTrainingBackend(*rt, bo, &error);
    if (!backend) return fail(error);
    std::optional<model::LoraAdapter> adapter =
        model::LoraAdapter::create(rt->config(), lora, 42, &error);
    if (!adapter) return fail(error);
    train::AdamW adamw(train::AdamWConfig(), *adapter);
    // The optimizer where the trainer runs it: on the GPU when the backend has its own (the
    // gradients' norm is then all that crosses to the host).
    const bool resident = backend->residentOptimizer();
    // Examples a pass (sequence packing, --pack).
    const qint64 perPass = backend->packTokens() > 0 ? std::max<qint64>(1, pack / tokens) : 1;
    if (resident && !backend->loadState(*adapter, adamw, &error)) return fail(error);
    uint64_t state = 7;
    std::vector<train::TokenizedExample> data(static_cast<size_t>(examples));
    for (train::TokenizedExample &e : data) {
        for (qint64 i = 0; i < tokens; ++i) {
            e.ids.push_back(int32_t(model::splitMix64(&state) % uint64_t(rt->config().vocabSize)));
            e.trained.push_back(i > 0 ? 1 : 0);
        }
        e.fullLength = int(tokens);
    }
    // The examples of the pass from example k on (sequence packing).
    const auto passAt = [&](qint64 k) {
        std::vector<const train::TokenizedExample *> group;
        for (qint64 j = k; j < std::min(examples, k + perPass); ++j)
            group.push_back(&data[size_t(j)]);
        return group;
    };
    QJsonArray losses;
    double timedSeconds = 0;
    // Where the timed steps' wall time goes on the host (ms): the step's start (adapter upload),
    // the examples, the gradients' readback, the optimizer; and the GPU context's frame times.
    double beginMs = 0, examplesMs = 0, gradientsMs = 0, optimizerMs = 0;
    gpu::GpuContext::Stats before;
    for (qint64 s = 0; s <= steps; ++s) {
        if (s == 1 && rt->gpu()) before = rt->gpu()->stats();
        QElapsedTimer timer, phase;
        timer.start();
        phase.start();
        const auto lap = [&](double *ms) {
            if (s > 0) *ms += double(phase.nsecsElapsed()) / 1e6;
            phase.restart();
        };
        if (!(resident ? backend->beginResidentStep(&error) : backend->beginStep(*adapter, &error)))
            return fail(error);
        lap(&beginMs);
        double loss = 0;
        if (perPass > 1) {
            // Every example's tokens after the first are trained: one weight per token.
            const double tokenWeight = 1.0 / double(examples * (tokens - 1));
            for (qint64 k = 0; k < examples; k += perPass) {
                for (const train::ReferenceLoss &l :
                     backend->accumulatePacked(passAt(k), tokenWeight, &error)) {
                    if (!error.isEmpty()) return fail(error);
                    loss += l.loss / double(examples);
                }
            }
        } else {
            for (const train::TokenizedExample &e : data) {
                const train::ReferenceLoss l =
                    backend->accumulate(e, 1.0 / double(examples), uint64_t(s), &error);
                if (!error.isEmpty()) return fail(error);
                loss += l.loss / double(examples);
            }
        }
        lap(&examplesMs);
        if (resident) {
            double norm = 0;
            if (!backend->residentGradientNorm(&norm, &error)) return fail(error);
            lap(&gradientsMs);
            if (!backend->residentStep(1e-4, std::min(1.0, 1.0 / (norm + 1e-6)), &error))
                return fail(error);
        } else {
            model::LoraAdapter grads = adapter->zerosLike();
            if (!backend->gradients(&grads, &error)) return fail(error);
            lap(&gradientsMs);
            train::clipGradients(grads, 1.0);
            if (!adamw.step(*adapter, grads, 1e-4, &error)) return fail(error);
        }
        lap(&optimizerMs);
        if (s > 0) timedSeconds += double(timer.nsecsElapsed()) / 1e9;
        losses.append(loss);
    }
    QJsonObject host{
        {QStringLiteral("begin_step_ms"), beginMs},
        {QStringLiteral("examples_ms"), examplesMs},
        {QStringLiteral("gradients_ms"), gradientsMs},
        {QStringLiteral("optimizer_on"), resident ? QStringLiteral("gpu") : QStringLiteral("cpu")},
        {QStringLiteral("optimizer_ms"), optimizerMs}};
    if (rt->gpu()) {
        const gpu::GpuContext::Stats &after = rt->gpu()->stats();
        host.insert(QStringLiteral("frames"), after.frames - before.frames);
        host.insert(QStringLiteral("frame_record_ms"),
                    double(after.recordNs - before.recordNs) / 1e6);
        host.insert(QStringLiteral("frame_prepare_ms"),
                    double(after.prepareNs - before.prepareNs) / 1e6);
        host.insert(QStringLiteral("frame_end_ms"),
                    double(after.endFrameNs - before.endFrameNs) / 1e6);
    }
    QJsonObject profile;
    if (cl.isSet(QStringLiteral("profile")) && rt->gpu()) {
        // One more pass (an example, or a packed group) with a GPU timestamp after every
        // dispatch, summed per kernel.
        QString why;
        if (!rt->gpu()->setDispatchTiming(true, &why)) return fail(why);
        rt->gpu()->takeDispatchTimes();
        if (!backend->beginStep(*adapter, &error)) return fail(error);
        if (perPass > 1) {
            backend->accumulatePacked(passAt(0), 1e-3, &error);
        } else {
            backend->accumulate(data.front(), 1.0, 0, &error);
        }
        if (!error.isEmpty()) return fail(error);
        std::map<QString, std::pair<double, int>> byKernel;
        double total = 0;
        for (const gpu::GpuContext::DispatchTime &t : rt->gpu()->takeDispatchTimes()) {
            auto &[ms, count] = byKernel[t.kernel];
            ms += t.ns / 1e6;
            ++count;
            total += t.ns / 1e6;
        }
        rt->gpu()->setDispatchTiming(false, &why);
        for (const auto &[kernel, v] : byKernel)
            profile.insert(kernel, QJsonObject{{QStringLiteral("ms"), v.first},
                                               {QStringLiteral("dispatches"), v.second}});
        profile.insert(QStringLiteral("total_ms"), total);
    }
    const double trained = double(steps) * double(examples) * double(tokens);
    QJsonObject o;
    o.insert(QStringLiteral("model"), rt->path());
    o.insert(QStringLiteral("compute"),
             rt->gpu() ? rt->gpu()->info().summary() : QStringLiteral("cpu reference"));
    o.insert(QStringLiteral("tokens_per_example"), tokens);
    o.insert(QStringLiteral("examples_per_step"), examples);
    o.insert(QStringLiteral("examples_per_pass"), perPass);
    o.insert(QStringLiteral("timed_steps"), steps);
    o.insert(QStringLiteral("rank"), rank);
    o.insert(QStringLiteral("parameters"), qint64(adapter->parameterCount()));
    o.insert(QStringLiteral("tokens_per_second"), trained / std::max(timedSeconds, 1e-9));
    o.insert(QStringLiteral("ms_per_step"), 1e3 * timedSeconds / double(steps));
    o.insert(QStringLiteral("losses"), losses);
    o.insert(QStringLiteral("host"), host);
    if (!profile.isEmpty()) o.insert(QStringLiteral("profile"), profile);
    if (const model::GpuModel *gm = rt->gpuModel()) {
        const auto *gpuBackend = dynamic_cast<const train::GpuLossBackend *>(backend.get());
        const qint64 trainer = gpuBackend ? gpuBackend->bufferBytes() : 0;
        o.insert(QStringLiteral("gpu_memory"),
                 QJsonObject{{QStringLiteral("model"), gm->memory().gpuTotal()},
                             {QStringLiteral("trainer"), trainer},
                             {QStringLiteral("total"), gm->memory().gpuTotal() + trainer}});
    }
    out(QJsonDocument(o).toJson(QJsonDocument::Indented));
    return 0;
}

// ---- export-merged ------------------------------------------------------------------------------

void declareExportMerged(CommandLine &cl) {
    cl.addOption({QStringLiteral("m"), QStringLiteral("model")}, kModelHelp,
                 QStringLiteral("MODEL"));
    cl.addOption({QStringLiteral("adapter")},
                 QStringLiteral("the LoRA adapter: a PEFT folder or a GGUF LoRA file"),
                 QStringLiteral("PATH"));
    cl.addOption({QStringLiteral("out")}, QStringLiteral("the merged model to write"),
                 QStringLiteral("FILE.gguf"));
    cl.addOption({QStringLiteral("type")},
                 QStringLiteral("the adapted weights' encoding: base (each keeps its type, "
                                "re-quantised; the default), q8_0 or f16"),
                 QStringLiteral("base|q8_0|f16"));
    cl.addOption({QStringLiteral("adapter-scale")},
                 QStringLiteral("the adapter's strength folded in, 0 to 8 (default 1)"),
                 QStringLiteral("X"));
}

int cmdExportMerged(const CommandLine &cl, const Environment &) {
    if (!cl.positional().isEmpty())
        return usageError(cl, QStringLiteral("unexpected argument '%1'").arg(cl.positional()[0]));
    if (!cl.isSet(QStringLiteral("model")) || !cl.isSet(QStringLiteral("adapter")) ||
        !cl.isSet(QStringLiteral("out")))
        return usageError(cl, QStringLiteral("export-merged needs -m MODEL, --adapter PATH and "
                                             "--out FILE.gguf"));
    train::MergedType type = train::MergedType::Base;
    const QString t = cl.value(QStringLiteral("type"));
    if (t == QStringLiteral("q8_0")) {
        type = train::MergedType::Q8_0;
    } else if (t == QStringLiteral("f16")) {
        type = train::MergedType::F16;
    } else if (!t.isEmpty() && t != QStringLiteral("base")) {
        return usageError(cl, QStringLiteral("--type: '%1' is not one of base, q8_0, f16").arg(t));
    }
    float strength = 1.0f;
    QString error;
    if (!cl.floatValue(QStringLiteral("adapter-scale"), &strength, &error))
        return usageError(cl, error);
    if (!(strength >= 0.0f && strength <= 8.0f))
        return usageError(cl, QStringLiteral("--adapter-scale must be from 0 to 8"));
    std::unique_ptr<gguf::File> file = openModel(cl.value(QStringLiteral("model")), &error);
    if (!file) return fail(error);
    const std::optional<model::Gemma4Config> config = model::Gemma4Config::fromGguf(*file, &error);
    if (!config) return fail(error);
    const std::optional<model::LoraAdapter> adapter =
        train::loadAdapter(cl.value(QStringLiteral("adapter")), *config, &error);
    if (!adapter) return fail(QStringLiteral("cannot use the adapter: %1").arg(error));
    const QString outPath = cl.value(QStringLiteral("out"));
    int lastPercent = -1;
    const auto previous = std::signal(SIGINT, onInterrupt);
    const bool ok = train::exportMergedGguf(
        *file, *config, *adapter, strength, type, outPath, &error, [&](qint64 done, qint64 total) {
            const int percent = total > 0 ? int(done * 100 / total) : 100;
            if (percent / 10 != lastPercent / 10) {
                err(QStringLiteral("writing %1: %2 %\n").arg(outPath).arg(percent));
                lastPercent = percent;
            }
            return !g_interrupted.load();
        });
    std::signal(SIGINT, previous);
    if (!ok) return fail(error);
    out(QStringLiteral("%1\n").arg(outPath));
    return 0;
}

// ---- serve -------------------------------------------------------------------------------------

// Set by SIGINT or SIGTERM while `serve` runs.
std::atomic<bool> g_stopServing{false};

void onStopServing(int) {
    g_stopServing.store(true);
}

void declareServe(CommandLine &cl) {
    cl.addOption({QStringLiteral("model"), QStringLiteral("m")}, kModelHelp,
                 QStringLiteral("MODEL"));
    cl.addOption({QStringLiteral("port")},
                 QStringLiteral("the TCP port, 0 for any free one (default 8080)"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("host")},
                 QStringLiteral("the address to listen on (default 127.0.0.1: this machine only; "
                                "any other address needs --api-key)"),
                 QStringLiteral("ADDR"));
    cl.addOption({QStringLiteral("api-key")},
                 QStringLiteral("the key clients must send ('Authorization: Bearer KEY'); "
                                "default: none, on loopback only"),
                 QStringLiteral("KEY"));
    cl.addOption({QStringLiteral("ctx")},
                 QStringLiteral("context length (default: min(8192, the model's))"),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("max-body")},
                 QStringLiteral("the largest request body in MiB; larger ones are answered 413 "
                                "(default 32: room for base64 images)"),
                 QStringLiteral("MIB"));
    cl.addRepeatableOption(
        {QStringLiteral("cors")},
        QStringLiteral("let web pages of ORIGIN (scheme://host[:port], or * for any) call the "
                       "API from a browser; repeatable (default: none, browsers keep other "
                       "pages out)"),
        QStringLiteral("ORIGIN"));
    declareRuntimeFlags(cl);
    cl.makeRepeatable(
        QStringLiteral("adapter"),
        QStringLiteral("a LoRA adapter (a PEFT folder or a GGUF LoRA file) served as a model of "
                       "its own, MODEL:NAME (NAME: the file's or folder's name, a training run's "
                       "folder name for RUN/adapter); the MODEL id stays the base model; "
                       "repeatable"));
    cl.describe(QStringLiteral("adapter-scale"),
                QStringLiteral("the strength of every --adapter, 0 to 8 (default 1: as trained)"));
}

// True when `origin` is one a browser sends ("http://localhost:3000"): a scheme, a host, maybe a
// port, nothing else.
bool isCorsOrigin(const QString &origin) {
    const QUrl url(origin, QUrl::StrictMode);
    return url.isValid() && !url.scheme().isEmpty() && !url.host().isEmpty() &&
           url.path().isEmpty() && !url.hasQuery() && !url.hasFragment() &&
           url.userInfo().isEmpty() && !origin.endsWith(u'/');
}

int cmdServe(const CommandLine &cl, const Environment &environment) {
    if (!cl.positional().isEmpty())
        return usageError(cl, QStringLiteral("unexpected argument '%1'").arg(cl.positional()[0]));
    if (!cl.isSet(QStringLiteral("model")))
        return usageError(cl, QStringLiteral("serve needs -m MODEL"));
    QString error;
    session::RuntimeOptions options;
    if (!runtimeOptions(cl, environment.gpu, &options, &error)) return usageError(cl, error);
    qint64 port = 8080, ctx = 0, maxBodyMib = 32;
    if (!cl.intValue(QStringLiteral("port"), 0, 65535, &port, &error) ||
        !cl.intValue(QStringLiteral("ctx"), 1, std::numeric_limits<int>::max(), &ctx, &error) ||
        !cl.intValue(QStringLiteral("max-body"), 1, 4096, &maxBodyMib, &error))
        return usageError(cl, error);
    const QString hostText = cl.isSet(QStringLiteral("host")) ? cl.value(QStringLiteral("host"))
                                                              : QStringLiteral("127.0.0.1");
    QHostAddress address;
    if (hostText == QStringLiteral("localhost")) {
        address = QHostAddress(QHostAddress::LocalHost);
    } else if (!address.setAddress(hostText)) {
        return usageError(cl, QStringLiteral("--host: '%1' is not an IP address (e.g. 127.0.0.1, "
                                             "::1, 0.0.0.0)")
                                  .arg(hostText));
    }
    const QString apiKey = cl.value(QStringLiteral("api-key"));
    if (!address.isLoopback() && apiKey.isEmpty())
        return usageError(
            cl, QStringLiteral("--host %1 lets other machines use the model: give --api-key KEY "
                               "too (clients then send 'Authorization: Bearer KEY'), or leave out "
                               "--host to serve this machine only")
                    .arg(hostText));
    const QStringList cors = cl.values(QStringLiteral("cors"));
    for (const QString &origin : cors) {
        if (origin != QStringLiteral("*") && !isCorsOrigin(origin))
            return usageError(cl, QStringLiteral("--cors: '%1' is not an origin; give "
                                                 "scheme://host[:port] as the browser shows it "
                                                 "(e.g. http://localhost:3000, no path), or *")
                                      .arg(origin));
    }
    std::vector<server::ApiServer::ServedAdapter> adapters;
    for (const QString &path : cl.values(QStringLiteral("adapter"))) {
        if (!QFileInfo::exists(path))
            return fail(QStringLiteral("--adapter: %1 does not exist").arg(path));
        if (const QString problem = app::AdapterNames::problem(path); !problem.isEmpty())
            return fail(QStringLiteral("--adapter %1: %2").arg(path, problem));
        adapters.push_back({server::ApiServer::adapterName(path), path, options.adapterStrength});
    }

    const QString modelArg = cl.value(QStringLiteral("model"));
    const std::optional<models::ModelEntry> entry = models::resolve(modelArg, &error);
    if (!entry) return fail(error);

    app::EngineHost engine;
    server::ApiServer::Options serverOptions;
    serverOptions.apiKey = apiKey;
    serverOptions.maxBodyBytes = maxBodyMib * 1024 * 1024;
    serverOptions.corsOrigins = cors;
    server::ApiServer api(&engine, serverOptions);
    api.setAdapters(adapters);
    if (!api.listen(address, quint16(port), &error)) return fail(error);
    const QString url = QStringLiteral("http://%1:%2/v1")
                            .arg(address.protocol() == QAbstractSocket::IPv6Protocol
                                     ? QStringLiteral("[%1]").arg(address.toString())
                                     : address.toString())
                            .arg(api.port());

    QObject::connect(&engine, &app::EngineHost::modelLoaded, &api,
                     [&](const session::ModelInfo &info) {
                         api.setModel(entry->name, info, {modelArg, entry->path});
                         err(QStringLiteral("model: %1 on %2, context %3 tokens, loaded in %4 s\n")
                                 .arg(entry->name, info.device)
                                 .arg(info.contextLength)
                                 .arg(info.loadSeconds, 0, 'f', 2));
                         out(QStringLiteral("serving %1 at %2 (OpenAI API; Ctrl-C stops)\n")
                                 .arg(entry->name, url));
                         const QStringList ids = api.modelIds();
                         for (size_t i = 0; i < api.adapters().size(); ++i)
                             out(QStringLiteral("  and %1: the adapter %2\n")
                                     .arg(ids.value(qsizetype(i) + 1), api.adapters()[i].path));
                         std::fflush(stdout);
                     });
    QObject::connect(&engine, &app::EngineHost::modelLoadFailed, &api,
                     [](const QString &, const QString &why, bool) {
                         fail(why);
                         QCoreApplication::exit(1);
                     });
    QObject::connect(&api, &server::ApiServer::requestLogged, &api,
                     [](const QString &line) { err(line + u'\n'); });
    session::LoadRequest load;
    load.path = entry->path;
    load.contextLength = ctx;
    load.compute =
        options.compute == session::Compute::Cpu ? QStringLiteral("cpu") : QStringLiteral("gpu");
    load.gpu = options.gpu;
    load.gpuModel = options.gpuModel;
    emit engine.loadModel(load);

    g_stopServing.store(false);
    const auto previousInt = std::signal(SIGINT, onStopServing);
    const auto previousTerm = std::signal(SIGTERM, onStopServing);
    QTimer stopPoll;
    QObject::connect(&stopPoll, &QTimer::timeout, [] {
        if (g_stopServing.load()) QCoreApplication::exit(0);
    });
    stopPoll.start(100);
    const int code = QCoreApplication::exec();
    std::signal(SIGINT, previousInt);
    std::signal(SIGTERM, previousTerm);
    engine.shutdown();
    return code;
}

// The commands, in the order the usage lists them. pull and rm (facet_download) parse their own
// arguments.
struct Command {
    const char *name;
    const char *synopsis;  // the usage line after "facet-cli "
    const char *summary;
    void (*declare)(CommandLine &);
    int (*run)(const CommandLine &, const Environment &);
    bool loadsModel;  // takes declareRuntimeFlags(): may run on the GPU
};

const Command kCommands[] = {
    {"info", "info MODEL [--json]", "architecture, sizes, quant mix, layers, towers", declareInfo,
     cmdInfo, false},
    {"tokenize", "tokenize MODEL TEXT [--json] [--literal]",
     "print token ids (space-separated, one line)", declareTokenize, cmdTokenize, false},
    {"detokenize", "detokenize MODEL IDS", "print the text of token ids", declareDetokenize,
     cmdDetokenize, false},
    {"render", "render MODEL CONVERSATION.json [--tokens]", "print the exact prompt text",
     declareRender, cmdRender, false},
    {"list", "list [--json]", "Gemma 4 models from Facet's folder, Ollama and LM Studio",
     declareList, cmdList, false},
    {"run", "run -m MODEL -p PROMPT [OPTIONS]", "generate a reply (streams text; stats to stderr)",
     declareRun, cmdRun, true},
    {"logits", "logits -m MODEL --tokens IDS --out FILE [OPTIONS]",
     "every position's logits, f32 little-endian T x V", declareLogits, cmdLogits, true},
    {"embed-image", "embed-image -m MODEL IMAGE --out FILE [--image-tokens N]",
     "an image's soft-token embeddings, f32 little-endian tokens x width", declareEmbedImage,
     cmdEmbedImage, false},
    {"embed-audio", "embed-audio -m MODEL AUDIO --out FILE",
     "audio's soft-token embeddings, f32 little-endian tokens x width", declareEmbedAudio,
     cmdEmbedAudio, false},
    {"bench", "bench -m MODEL [OPTIONS]", "load time, prefill and decode speed, dispatches, memory",
     declareBench, cmdBench, true},
    {"train", "train -m MODEL --data FILE.jsonl --out DIR [OPTIONS]",
     "train a LoRA adapter (resumable; PEFT and GGUF LoRA out)", declareTrain, cmdTrain, true},
    {"bench-train", "bench-train -m MODEL [--tokens N] [--examples N] [--rank R] [OPTIONS]",
     "LoRA training throughput and memory on random sequences, as JSON", declareBenchTrain,
     cmdBenchTrain, true},
    {"export-merged", "export-merged -m MODEL --adapter PATH --out FILE.gguf [OPTIONS]",
     "the model with the adapter folded in, as a GGUF any runtime loads", declareExportMerged,
     cmdExportMerged, false},
    {"serve", "serve -m MODEL [--port N] [--host ADDR] [--api-key KEY] [OPTIONS]",
     "a local OpenAI-compatible API server for the model", declareServe, cmdServe, true},
};

const Command *findCommand(const QString &name) {
    for (const Command &c : kCommands) {
        if (name == QLatin1String(c.name)) return &c;
    }
    return nullptr;
}

// The command's parser: its options and positional arguments (a QCommandLineParser can be neither
// copied nor moved, so it is built in place).
struct CommandParser {
    explicit CommandParser(const Command &c)
        : cl(QLatin1String(c.name), QLatin1String(c.synopsis), QLatin1String(c.summary)) {
        c.declare(cl);
    }
    CommandLine cl;
};

void printUsage(FILE *to) {
    std::fputs(kUsage, to);
    std::fputs("\ndownload commands:\n", to);
    std::fputs(download::kCliUsage, to);
}

}  // namespace

bool needsGpu(int argc, char **argv) {
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    const Command *command = args.isEmpty() ? nullptr : findCommand(args.front());
    if (!command || !command->loadsModel) return false;
    CommandParser parser(*command);
    QString error;
    session::RuntimeOptions options;
    // A usage error is reported without a GPU.
    if (!parser.cl.parse(args.mid(1), &error) || parser.cl.helpRequested() ||
        !runtimeOptions(parser.cl, gpu::GpuOptions(), &options, &error))
        return false;
    return options.compute == session::Compute::Gpu;
}

Environment Environment::read() {
    Environment e;
    e.gpu = gpu::gpuOptionsFromEnvironment(gpu::GpuOptions(), &e.problems);
    return e;
}

int run(const QStringList &args, const Environment &environment) {
    // The command is the first positional argument; everything after it is the command's.
    QCommandLineParser top;
    top.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    const QCommandLineOption help({QStringLiteral("help"), QStringLiteral("h")},
                                  QStringLiteral("this text"));
    top.addOption(help);
    top.addPositionalArgument(QStringLiteral("COMMAND"), QStringLiteral("what to do"));
    if (!top.parse(QStringList{QStringLiteral("facet-cli")} + args)) {
        const QStringList unknown = top.unknownOptionNames();
        fail(unknown.isEmpty() ? top.errorText()
                               : QStringLiteral("unknown option '%1%2'")
                                     .arg(unknown.front().size() == 1 ? QStringLiteral("-")
                                                                      : QStringLiteral("--"),
                                          unknown.front()));
        printUsage(stderr);
        return 2;
    }
    const QStringList words = top.positionalArguments();
    if (top.isSet(help) || words == QStringList{QStringLiteral("help")}) {
        printUsage(stdout);
        return 0;
    }
    if (words.isEmpty()) {
        printUsage(stderr);
        return 2;
    }
    const QString name = words.front();
    const bool helpFor = name == QStringLiteral("help");
    const QString commandName = helpFor ? words[1] : name;
    // Downloads live in facet_download (app/download/cli_pull.cpp), with their own arguments.
    if (commandName == QStringLiteral("pull") || commandName == QStringLiteral("rm")) {
        if (helpFor) {
            std::fputs(download::kCliUsage, stdout);
            return 0;
        }
        return name == QStringLiteral("pull") ? download::cliPull(words.mid(1))
                                              : download::cliRm(words.mid(1));
    }
    const Command *command = findCommand(commandName);
    if (!command) {
        fail(QStringLiteral("unknown command '%1'").arg(commandName));
        printUsage(stderr);
        return 2;
    }
    CommandParser parser(*command);
    CommandLine &cl = parser.cl;
    if (helpFor) {
        out(cl.helpText());
        return 0;
    }
    QString error;
    if (!cl.parse(words.mid(1), &error)) return usageError(cl, error);
    if (cl.helpRequested()) {
        out(cl.helpText());
        return 0;
    }
    // The environment's switches matter to the commands that load a model: a value that did not
    // parse was left at its default, which the user should know.
    if (command->loadsModel) {
        for (const QString &problem : environment.problems)
            fail(QStringLiteral("warning: %1").arg(problem), 0);
    }
    return command->run(cl, environment);
}

}  // namespace facet::cli
