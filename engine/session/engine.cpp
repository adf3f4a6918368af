// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "session/engine.h"

#include "media/media_encoder.h"
#include "media/media_prompt.h"

#include "chat/output_parser.h"
#include "chat/renderer.h"
#include "generate/generator.h"
#include "session/model_runtime.h"
#include "session/training_backend.h"
#include "session/training_data.h"
#include "tokenizer/tokenizer.h"
#include "train/adapter_io.h"
#include "train/merge.h"

#include <QCoreApplication>
#include <QDataStream>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>
#include <cstring>

namespace facet::session {

namespace {

constexpr char kTokensMagic[8] = {'F', 'A', 'C', 'E', 'T', 'T', 'O', 'K'};

// The token file beside a KV state file: which tokens the saved cache holds.
QString tokensPath(const QString &statePath) {
    return statePath + QStringLiteral(".tokens");
}

bool writeTokens(const QString &path, const std::vector<int32_t> &tokens) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return false;
    QDataStream out(&file);
    out.setByteOrder(QDataStream::LittleEndian);
    out.writeRawData(kTokensMagic, 8);
    out << quint32(tokens.size());
    for (int32_t t : tokens)
        out << qint32(t);
    return out.status() == QDataStream::Ok && file.commit();
}

std::optional<std::vector<int32_t>> readTokens(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
    QDataStream in(&file);
    in.setByteOrder(QDataStream::LittleEndian);
    char magic[8] = {};
    quint32 count = 0;
    if (in.readRawData(magic, 8) != 8 || std::memcmp(magic, kTokensMagic, 8) != 0)
        return std::nullopt;
    in >> count;
    if (in.status() != QDataStream::Ok || qint64(count) * 4 != file.size() - 12)
        return std::nullopt;
    std::vector<int32_t> tokens(count);
    for (int32_t &t : tokens) {
        qint32 v = 0;
        in >> v;
        t = v;
    }
    if (in.status() != QDataStream::Ok) return std::nullopt;
    return tokens;
}

QString hintFor(generate::StopReason reason) {
    if (reason == generate::StopReason::ContextFull)
        return Engine::tr(
            "Start a new chat, delete earlier messages, or raise the context length in Settings.");
    return Engine::tr(
        "Try again. If it keeps failing, reload the model or choose another "
        "GPU backend in Settings.");
}

}  // namespace

struct Engine::Loaded {
    ModelInfo info;
    std::unique_ptr<ModelRuntime> runtime;
};

void Engine::registerTypes() {
    qRegisterMetaType<LoadRequest>();
    qRegisterMetaType<ModelInfo>();
    qRegisterMetaType<ChatRequest>();
    qRegisterMetaType<ChatDelta>();
    qRegisterMetaType<ChatStats>();
    qRegisterMetaType<ChatMedia>();
    qRegisterMetaType<DatasetCheckRequest>();
    qRegisterMetaType<DatasetReport>();
    qRegisterMetaType<TrainRequest>();
    qRegisterMetaType<TrainResult>();
    qRegisterMetaType<MergeRequest>();
    qRegisterMetaType<train::TrainProgress>();
}

Engine::Engine(QObject *parent) : QObject(parent) {
    registerTypes();
}

// Runs on the engine's thread (deleteLater after the thread's loop ended), where the GPU objects
// were created.
Engine::~Engine() {
    doUnload(false);
}

// Delivers the queued calls (cancel, shutdown, new requests) that arrived while long work runs on
// this thread. Requests are deferred by the slots themselves while m_busy is set.
void Engine::pollEvents() {
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
}

void Engine::setBusy(bool busy) {
    if (m_busy == busy) return;
    m_busy = busy;
    emit busyChanged(busy);
}

void Engine::runOrDefer(std::function<void()> job) {
    if (m_busy || m_runningDeferred) {
        m_deferred.emplace_back(0, std::move(job));
        return;
    }
    job();
    runDeferred();
}

void Engine::runDeferred() {
    if (m_runningDeferred) return;
    m_runningDeferred = true;
    while (!m_deferred.empty()) {
        auto job = std::move(m_deferred.front().second);
        m_deferred.pop_front();
        job();
    }
    m_runningDeferred = false;
}

void Engine::loadModel(const LoadRequest &request) {
    if (m_shutDown) return;
    if (m_training) {
        emit modelLoadFailed(request.path,
                             tr("A LoRA adapter is being trained on the loaded model. Pause or "
                                "stop the training in the Fine-tune panel, then load another "
                                "model."),
                             false);
        return;
    }
    if (m_busy) m_cancel = true;  // a new model supersedes whatever runs
    runOrDefer([this, request] { doLoad(request); });
}

void Engine::unloadModel() {
    if (m_shutDown) return;
    if (m_training) m_pauseTraining = true;  // checkpointed; resumable after a reload
    if (m_busy) m_cancel = true;
    runOrDefer([this] { doUnload(true); });
}

void Engine::chat(const ChatRequest &request) {
    if (m_shutDown) {
        emit chatFailed(request.id, tr("The engine has shut down."), QString());
        return;
    }
    if (m_training) {
        emit chatFailed(request.id, tr("A LoRA adapter is being trained on this model."),
                        tr("Training is running: pause or stop it in the Fine-tune panel to "
                           "chat."));
        return;
    }
    if (m_busy || m_runningDeferred) {
        m_deferred.emplace_back(request.id, [this, request] { doChat(request); });
        return;
    }
    doChat(request);
    runDeferred();
}

void Engine::setMediaOptions(int imageTokenBudget, bool keepTowersLoaded) {
    runOrDefer([this, imageTokenBudget, keepTowersLoaded] {
        if (!m_model) return;
        media::MediaEncoder &enc = *m_model->runtime->media();
        media::MediaOptions mo = enc.options();
        if (media::isImageTokenBudget(imageTokenBudget)) mo.imageTokenBudget = imageTokenBudget;
        mo.keepTowersLoaded = keepTowersLoaded;
        enc.setOptions(mo);
        if (!keepTowersLoaded) enc.releaseTowers();
    });
}

void Engine::cancel(quint64 id) {
    if (id == 0 || id == m_currentChat) m_cancel = true;
    // A queued chat that has not started yet ends here, as cancelled.
    for (auto it = m_deferred.begin(); it != m_deferred.end();) {
        if (it->first != 0 && (id == 0 || it->first == id)) {
            ChatStats stats;
            stats.id = it->first;
            stats.stopReason =
                QString::fromLatin1(generate::stopReasonName(generate::StopReason::Cancelled));
            it = m_deferred.erase(it);
            emit chatFinished(stats);
        } else {
            ++it;
        }
    }
}

QStringList Engine::stateFiles(const QString &statePath) {
    if (statePath.isEmpty()) return {};
    return {statePath, tokensPath(statePath)};
}

void Engine::forgetConversation(const QString &stateKey, const QString &statePath) {
    runOrDefer([this, stateKey, statePath] { doForget(stateKey, statePath); });
}

void Engine::doForget(const QString &stateKey, const QString &statePath) {
    if (!stateKey.isEmpty() && stateKey == m_seqKey) {
        if (m_model) m_model->runtime->backend()->reset();
        m_seq.clear();
        m_seqKey.clear();
        m_seqPath.clear();
        m_seqDirty = false;
    }
    for (const QString &file : stateFiles(statePath)) {
        if (QFile::exists(file) && !QFile::remove(file))
            qWarning("facet: could not delete %s", qPrintable(file));
    }
}

void Engine::shutdown() {
    if (m_shutDown) return;
    m_cancel = true;
    m_shutDown = true;
    // Queued chats will not run.
    for (auto it = m_deferred.begin(); it != m_deferred.end();)
        it = it->first != 0 ? m_deferred.erase(it) : it + 1;
    if (m_busy || m_runningDeferred) {
        m_deferred.emplace_back(0, [this] { doShutdown(); });
        return;
    }
    doShutdown();
}

void Engine::doShutdown() {
    m_deferred.clear();
    doUnload(false);
    emit shutDown();
}

void Engine::doUnload(bool notify) {
    if (!m_model) return;
    saveCurrentState();
    m_model.reset();
    m_seq.clear();
    m_seqKey.clear();
    m_seqPath.clear();
    m_seqDirty = false;
    if (notify) emit modelUnloaded();
}

void Engine::doLoad(const LoadRequest &request) {
    doUnload(true);
    m_cancel = false;
    setBusy(true);
    QElapsedTimer timer;
    timer.start();
    auto failed = [&](const QString &error) {
        setBusy(false);
        emit modelLoadFailed(request.path, error, false);
    };
    const auto cancelled = [&] {
        setBusy(false);
        emit modelLoadFailed(request.path, QString(), true);
    };
    // The runtime's errors in the app's words (what to do refers to the app's panels).
    const auto describe = [&](const RuntimeError &e) {
        switch (e.kind) {
            case RuntimeError::Kind::NotGemma4:
                return tr("%1 is not a Gemma 4 model (its architecture is \"%2\"). Facet runs "
                          "Gemma 4 E2B and E4B; choose one of those in the Models panel.")
                    .arg(QFileInfo(request.path).fileName(), e.detail);
            case RuntimeError::Kind::NoGpu:
                return tr("No usable GPU: %1. Update the graphics driver, or choose another "
                          "GPU backend or device in Settings.")
                    .arg(e.detail);
            default:
                return e.message();
        }
    };
    auto m = std::make_unique<Loaded>();
    RuntimeError error;
    emit loadProgress(request.path, 0.0);
    m->runtime = ModelRuntime::open(request.path, &error);
    if (!m->runtime) return failed(describe(error));
    const model::Gemma4Config &config = m->runtime->config();
    // A length beyond what the model was trained for is capped at it (ModelInfo tells the app,
    // which says so); the GPU model refuses a longer one.
    const int64_t requested = request.contextLength > 0 ? request.contextLength : 8192;
    const int64_t context =
        config.contextLength > 0 ? std::min<int64_t>(requested, config.contextLength) : requested;

    RuntimeOptions options;
    options.contextLength = context;
    options.gpu = request.gpu;
    options.gpuModel = request.gpuModel;
    if (request.compute == QStringLiteral("cpu")) {
        options.compute = Compute::Cpu;
    } else {
        const QString choice = request.rhiBackend.trimmed().toLower();
        if (!choice.isEmpty() && choice != QStringLiteral("auto")) {
            options.gpu.backend = gpu::parseBackend(choice);
            if (!options.gpu.backend) {
                return failed(tr("Unknown GPU backend \"%1\". Choose one of the backends listed "
                                 "in Settings.")
                                  .arg(request.rhiBackend));
            }
        }
        if (request.gpuDevice >= 0) options.gpu.deviceIndex = request.gpuDevice;
    }

    // Progress is reported at most every percent; each check for a cancel also delivers queued
    // calls.
    double lastReported = 0;
    const auto progress = [&](qint64 done, qint64 total) {
        const double fraction = total > 0 ? double(done) / double(total) : 0.0;
        if (fraction >= lastReported + 0.01 || done == total) {
            lastReported = fraction;
            emit loadProgress(request.path, fraction);
        }
    };
    const auto cancel = [&] {
        pollEvents();
        return m_cancel;
    };
    if (!m->runtime->start(std::move(options), &error, progress, cancel)) {
        if (error.kind == RuntimeError::Kind::Cancelled) return cancelled();
        return failed(describe(error));
    }
    const ModelRuntime &rt = *m->runtime;
    if (rt.gpuModel()) {
        m->info.memory = rt.gpuModel()->memory().describe(rt.gpuModel()->contextLength());
        m->info.device = rt.gpu()->info().summary();
    } else {
        m->info.device = tr("CPU reference (slow)");
    }
    m->info.path = request.path;
    m->info.name = rt.name();
    m->info.config = std::make_shared<const model::Gemma4Config>(config);
    if (rt.gpuModel()) {
        m->info.gpuMemory = rt.gpuModel()->memory();
    } else {
        model::GpuModelOptions planned;
        planned.contextLength = context;
        QString why;
        if (const std::optional<model::GpuMemoryEstimate> e =
                model::estimateGpuMemory(rt.file(), planned, &why))
            m->info.gpuMemory = *e;
    }
    m->info.contextLength = rt.backend()->contextLength();
    m->info.requestedContextLength = request.contextLength;
    m->info.loadSeconds = double(timer.nsecsElapsed()) / 1e9;
    media::MediaEncoder &enc = *rt.media();
    media::MediaOptions mo = enc.options();
    mo.imageTokenBudget = request.imageTokenBudget;
    mo.keepTowersLoaded = request.keepTowersLoaded;
    enc.setOptions(mo);
    m->info.readsImages = enc.available(chat::MediaKind::Image, &m->info.imagesUnavailable);
    m->info.readsAudio = enc.available(chat::MediaKind::Audio, &m->info.audioUnavailable);
    m->info.projectorPath = enc.projectorPath();
    m->info.visionBytes = enc.towerBytes(chat::MediaKind::Image);
    m->info.audioBytes = enc.towerBytes(chat::MediaKind::Audio);
    m_model = std::move(m);
    setBusy(false);
    emit loadProgress(request.path, 1.0);
    emit modelLoaded(m_model->info);
}

void Engine::saveCurrentState() {
    model::GpuModel *gpuModel = m_model ? m_model->runtime->gpuModel() : nullptr;
    if (!gpuModel || !m_seqDirty || m_seqPath.isEmpty()) return;
    m_seqDirty = false;
    QString error;
    if (m_seq.empty() || int64_t(m_seq.size()) != gpuModel->position()) {
        QFile::remove(m_seqPath);
        QFile::remove(tokensPath(m_seqPath));
        return;
    }
    // The token file is written last: a state file without it (or with another count) is never
    // used.
    QFile::remove(tokensPath(m_seqPath));
    const QString folder = QFileInfo(m_seqPath).absolutePath();
    if (!QDir().mkpath(folder)) error = QStringLiteral("cannot create the folder %1").arg(folder);
    if (!error.isEmpty() || !gpuModel->saveState(m_seqPath, &error) ||
        !writeTokens(tokensPath(m_seqPath), m_seq)) {
        // Not fatal: the conversation is recomputed when it is opened again.
        qWarning("facet: could not save the conversation state: %s", qPrintable(error));
        QFile::remove(m_seqPath);
    }
}

bool Engine::restoreState(const QString &path) {
    model::GpuModel *gpuModel = m_model ? m_model->runtime->gpuModel() : nullptr;
    if (!gpuModel || path.isEmpty() || !QFile::exists(path)) return false;
    const std::optional<std::vector<int32_t>> tokens = readTokens(tokensPath(path));
    if (!tokens) return false;
    QString error;
    if (!gpuModel->restoreState(path, &error) || gpuModel->position() != int64_t(tokens->size())) {
        gpuModel->reset();
        return false;
    }
    m_seq = *tokens;
    return true;
}

void Engine::doChat(const ChatRequest &request) {
    if (!m_model) {
        emit chatFailed(request.id, tr("No model is loaded."),
                        tr("Load a model in the Models panel."));
        return;
    }
    // A model without a tower says so before anything runs.
    {
        bool images = false, audio = false;
        for (const chat::Message &msg : request.conversation.messages) {
            images = images || msg.images > 0;
            audio = audio || msg.audios > 0;
        }
        media::MediaEncoder *enc = m_model->runtime->media();
        QString why;
        if ((images && !enc->available(chat::MediaKind::Image, &why)) ||
            (audio && !enc->available(chat::MediaKind::Audio, &why))) {
            emit chatFailed(request.id, why,
                            tr("Remove the attachments from this conversation, or load a model "
                               "that reads them."));
            return;
        }
    }
    const QString invalid = request.sampling.validate();
    if (!invalid.isEmpty()) {
        emit chatFailed(request.id, tr("Invalid sampling settings: %1").arg(invalid),
                        tr("Fix them in the conversation's settings."));
        return;
    }
    const ModelRuntime &rt = *m_model->runtime;
    generate::ForwardBackend &backend = *rt.backend();
    m_cancel = false;
    m_currentChat = request.id;
    setBusy(true);
    const auto failBusy = [&](const QString &error, const QString &hint) {
        m_currentChat = 0;
        setBusy(false);
        emit chatFailed(request.id, error, hint);
    };
    if (request.adapter != rt.adapterPath() ||
        (!request.adapter.isEmpty() && request.adapterStrength != rt.adapterStrength())) {
        saveCurrentState();
        m_seq.clear();
        m_seqKey.clear();
        m_seqPath.clear();
        m_seqDirty = false;
        QString why;
        if (!m_model->runtime->setAdapter(request.adapter, request.adapterStrength, &why)) {
            failBusy(why, tr("Choose another adapter for this conversation, or turn it off."));
            return;
        }
    }

    // The prompt, with each attachment encoded by its tower (cached across turns) and laid out
    // as soft tokens; `identity` tells positions apart for the cache below. A raw prompt is the
    // text's tokens alone.
    const bool raw = !request.rawPrompt.isEmpty();
    media::MediaEncoder &enc = *rt.media();
    QString mediaError;
    std::optional<media::MediaPrompt> built;
    if (raw) {
        const QByteArray text = request.rawPrompt.toUtf8();
        built.emplace();
        built->tokens =
            rt.tokenizer().encode(std::string_view(text.constData(), size_t(text.size())));
        built->identity = built->tokens;
    } else {
        built = media::buildMediaPrompt(
            rt.tokenizer(), chat::render(request.conversation, rt.templateVariant()),
            request.conversation,
            enc.encoder([this, &request](double f) { emit mediaProgress(request.id, f); },
                        [this] {
                            pollEvents();
                            return m_cancel;
                        }),
            &mediaError);
        if (!enc.options().keepTowersLoaded) enc.releaseTowers();
    }
    if (!built) {
        if (m_cancel) {
            m_currentChat = 0;
            setBusy(false);
            ChatStats stats;
            stats.id = request.id;
            stats.promptTokens = 0;
            stats.stopReason =
                QString::fromLatin1(generate::stopReasonName(generate::StopReason::Cancelled));
            emit chatFinished(stats);
        } else {
            failBusy(mediaError, tr("Remove or replace the attachment, then send again."));
        }
        return;
    }
    const std::vector<int32_t> &prompt = built->tokens;
    const std::vector<int32_t> &identity = built->identity;
    if (prompt.empty()) {
        failBusy(tr("The conversation is empty."), tr("Type a message."));
        return;
    }
    const QString overflow =
        generate::contextOverflowMessage(int64_t(prompt.size()), 0, backend.contextLength());
    if (!overflow.isEmpty()) {
        failBusy(overflow, hintFor(generate::StopReason::ContextFull));
        return;
    }
    if (!built->items.empty()) {
        ChatMedia info;
        info.id = request.id;
        info.imageTokens = built->imageTokens;
        info.audioTokens = built->audioTokens;
        for (const media::MediaPrompt::Item &item : built->items) {
            info.items.push_back({item.message, item.item, item.kind == chat::MediaKind::Image,
                                  item.softTokens, item.clips});
        }
        emit chatMedia(info);
    }

    // Whose cache is this? Another conversation's is saved, this one's restored if it can be.
    bool restored = false;
    if (request.stateKey.isEmpty() || request.stateKey != m_seqKey) {
        saveCurrentState();
        backend.reset();
        m_seq.clear();
        m_seqKey = request.stateKey;
        m_seqPath = request.stateKey.isEmpty() ? QString() : request.statePath;
        m_seqDirty = false;
        restored = restoreState(m_seqPath);
    }
    // Reuse the longest common prefix; at least the last prompt token runs (its logits are
    // needed).
    size_t common = 0;
    while (common < m_seq.size() && common < identity.size() && m_seq[common] == identity[common])
        ++common;
    common = std::min(common, prompt.size() - 1);
    if (common < m_seq.size() && !backend.rewind(int64_t(common))) common = 0;
    if (common == 0) backend.reset();
    m_seq.resize(common);
    emit chatStarted(request.id, int(prompt.size()), int(common));

    generate::Generator generator(backend, rt.tokenizer(), request.sampling);
    generate::GenerateOptions options;
    options.maxTokens = request.maxTokens;
    options.stopStrings = request.stopStrings;
    options.continueContext = common > 0;
    const std::vector<model::SoftEmbedding> soft = media::softSuffix(built->soft, common);
    options.soft = soft;
    options.cancelRequested = [this] {
        pollEvents();
        return m_cancel;
    };
    chat::OutputParser parser(request.conversation);
    const auto forward = [&](const std::vector<chat::ParserEvent> &events) {
        for (const chat::ParserEvent &e : events) {
            ChatDelta d;
            d.id = request.id;
            switch (e.kind) {
                case chat::ParserEvent::Kind::Content:
                    d.kind = ChatDelta::Kind::Content;
                    d.text = QString::fromStdString(e.text);
                    break;
                case chat::ParserEvent::Kind::Thinking:
                    d.kind = ChatDelta::Kind::Thinking;
                    d.text = QString::fromStdString(e.text);
                    break;
                case chat::ParserEvent::Kind::ToolCall:
                    d.kind = ChatDelta::Kind::ToolCall;
                    d.toolName = QString::fromStdString(e.call.name);
                    d.toolArguments = QString::fromUtf8(
                        QJsonDocument(e.call.arguments).toJson(QJsonDocument::Compact));
                    break;
                case chat::ParserEvent::Kind::Error:
                    d.kind = ChatDelta::Kind::ToolCallError;
                    d.text = QString::fromStdString(e.text);
                    d.error = e.error;
                    break;
            }
            if (d.text.isEmpty() && d.kind != ChatDelta::Kind::ToolCall) continue;
            emit chatDelta(d);
        }
    };
    const std::vector<int32_t> suffix(prompt.begin() + ptrdiff_t(common), prompt.end());
    const generate::GenerateResult r =
        generator.generate(suffix, options, [&](const generate::TokenEvent &e) {
            if (e.text.empty()) return;
            if (raw) {
                chat::ParserEvent piece;
                piece.text = e.text;
                forward({piece});
            } else {
                forward(parser.feed(e.text));
            }
        });
    if (!raw) forward(parser.finish());

    // The cache now holds a prefix of prompt + generated tokens (all but the last sampled one
    // after a normal end; fewer after a failure).
    std::vector<int32_t> expected = identity;
    expected.insert(expected.end(), r.tokens.begin(), r.tokens.end());
    const int64_t position = backend.position();
    if (position >= 0 && position <= int64_t(expected.size())) {
        m_seq.assign(expected.begin(), expected.begin() + ptrdiff_t(position));
    } else {
        backend.reset();
        m_seq.clear();
    }
    m_seqDirty = true;
    m_currentChat = 0;
    setBusy(false);

    const generate::GenerationStats &s = r.stats;
    if (s.stopReason == generate::StopReason::Error) {
        emit chatFailed(request.id, r.error, hintFor(s.stopReason));
        return;
    }
    ChatStats stats;
    stats.id = request.id;
    stats.promptTokens = int(prompt.size());
    stats.reusedTokens = int(common);
    stats.restoredState = restored;
    stats.generatedTokens = s.generatedTokens;
    stats.timeToFirstToken = s.timeToFirstToken;
    stats.prefillTokensPerSecond = s.prefillTokensPerSecond;
    stats.decodeTokensPerSecond = s.decodeTokensPerSecond;
    stats.contextUsed = position;
    stats.contextLength = backend.contextLength();
    stats.stopReason = QString::fromLatin1(generate::stopReasonName(s.stopReason));
    emit chatFinished(stats);
}

// ---- Fine-tuning
// ---------------------------------------------------------------------------------

void Engine::checkDataset(const DatasetCheckRequest &request) {
    if (m_shutDown) return;
    runOrDefer([this, request] { doCheckDataset(request); });
}

void Engine::startTraining(const TrainRequest &request) {
    if (m_shutDown) return;
    if (m_training) {
        emit trainingFailed(tr("A training run is already in progress."),
                            tr("Pause or stop it before starting another."));
        return;
    }
    runOrDefer([this, request] { doTrain(request); });
}

void Engine::pauseTraining() {
    if (m_training) m_pauseTraining = true;
}

void Engine::stopTraining() {
    if (m_training) m_stopTraining = true;
}

void Engine::exportMerged(const MergeRequest &request) {
    if (m_shutDown) return;
    m_cancelExport = false;
    runOrDefer([this, request] { doExport(request); });
}

void Engine::cancelExport() {
    m_cancelExport = true;
}

// The conversation in the backend's cache is given up (saved first): training and its samples
// use the backend for themselves.
void Engine::dropSequence() {
    saveCurrentState();
    if (m_model && m_model->runtime->backend()) m_model->runtime->backend()->reset();
    m_seq.clear();
    m_seqKey.clear();
    m_seqPath.clear();
    m_seqDirty = false;
}

void Engine::doCheckDataset(const DatasetCheckRequest &request) {
    if (!m_model) {
        DatasetReport report;
        report.data = request.data;
        report.error = tr("Load a model first: the data is measured with its tokenizer.");
        emit datasetChecked(report);
        return;
    }
    const ModelRuntime &rt = *m_model->runtime;
    PreparedTrainingData prepared = prepareTrainingData(
        request.data, rt.tokenizer(), rt.config().contextLength, request.renderedExamples);
    emit datasetChecked(prepared.report);
}

namespace {

// The first problems of a report, one a line, for an error message.
QString problemLines(const DatasetReport &r, int most = 8) {
    QStringList lines;
    int errors = 0;
    for (const DatasetIssue &i : r.issues) {
        if (!i.error) continue;
        if (errors++ < most) lines << QStringLiteral("%1: %2").arg(i.file, i.message);
    }
    if (errors > most) lines << Engine::tr("… and %n more", nullptr, errors - most);
    return lines.join(u'\n');
}

}  // namespace

void Engine::doTrain(const TrainRequest &request) {
    if (!m_model) {
        emit trainingFailed(tr("No model is loaded."),
                            tr("Load the model to train in the Models panel."));
        return;
    }
    ModelRuntime &rt = *m_model->runtime;
    TrainData data = request.data;
    data.seed = request.config.seed;  // one seed for the split and the run, as facet-cli train
    PreparedTrainingData prepared =
        prepareTrainingData(data, rt.tokenizer(), rt.config().contextLength, 0);
    const DatasetReport &report = prepared.report;
    if (!report.usable) {
        if (report.errorCount > 0) {
            emit trainingFailed(
                tr("The training data has %n bad example(s):", nullptr, report.errorCount) + u'\n' +
                    problemLines(report),
                tr("Fix those lines, or choose to skip bad lines and train on the %n good "
                   "example(s).",
                   nullptr, report.trainCount));
        } else {
            emit trainingFailed(tr("There is nothing to train on: %1 holds no usable example.")
                                    .arg(QFileInfo(request.data.dataPath).fileName()),
                                tr("Choose a JSONL file with at least one example."));
        }
        return;
    }
    train::TrainConfig config = request.config;
    if (config.baseModel.isEmpty()) config.baseModel = QFileInfo(rt.path()).fileName();
    if (!QDir().mkpath(request.outDir)) {
        emit trainingFailed(
            tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(request.outDir)),
            tr("Choose another output folder."));
        return;
    }

    // Sample prompts: the user's, else the first validation examples'.
    std::vector<std::pair<QString, chat::Conversation>> prompts;
    if (request.sampleTokens > 0) {
        for (const QString &p : request.prompts) {
            if (p.trimmed().isEmpty()) continue;
            chat::Conversation c;
            chat::Message m;
            m.role = chat::Role::User;
            m.content = p.toStdString();
            c.messages.push_back(m);
            prompts.emplace_back(p, c);
        }
        for (const train::DatasetExample &e : prepared.validationExamples) {
            if (!request.prompts.isEmpty() || int(prompts.size()) >= request.samplePrompts) break;
            QString shown;
            if (std::optional<chat::Conversation> c = samplePrompt(e, &shown))
                prompts.emplace_back(shown, *c);
        }
    }

    m_pauseTraining = m_stopTraining = false;
    m_training = true;
    setBusy(true);
    const auto finish = [&] {
        m_training = false;
        m_pauseTraining = m_stopTraining = false;
        setBusy(false);
    };
    // The chat's conversation and adapter are put aside; the next chat request sets its own.
    dropSequence();
    QString error;
    if (!rt.adapterPath().isEmpty()) rt.setAdapter(QString(), 1.0f, &error);
    TrainingBackendOptions backendOptions;
    backendOptions.maxTokens = report.data.maxTokens;
    backendOptions.lora = config.lora;
    std::unique_ptr<train::LossBackend> backend = createTrainingBackend(rt, backendOptions, &error);
    if (!backend) {
        finish();
        emit trainingFailed(tr("Training cannot run on this model: %1").arg(error),
                            tr("Load the model again, or choose another device in Settings."));
        return;
    }
    std::unique_ptr<train::Trainer> trainer =
        train::Trainer::create(rt.config(), config, std::move(prepared.trainSet),
                               std::move(prepared.validationSet), *backend, request.outDir, &error);
    if (!trainer) {
        finish();
        emit trainingFailed(error, tr("Choose another output folder, or the settings and data "
                                      "of the run in it."));
        return;
    }
    emit trainingStarted(request.outDir, trainer->resumed(), trainer->step(),
                         trainer->totalSteps());
    const bool ok = trainer->run(
        [&](const train::TrainProgress &p) {
            emit trainingProgress(p);
            if (p.validationLoss && !prompts.empty())
                sampleGenerations(p.step, trainer->adapter(), request.outDir, prompts,
                                  request.sampleTokens);
            pollEvents();
            return !(m_pauseTraining || m_stopTraining || m_shutDown);
        },
        &error);
    const bool stopped = m_stopTraining;
    const QDir dir(request.outDir);
    TrainResult result;
    result.outDir = request.outDir;
    result.peftPath = dir.filePath(QStringLiteral("adapter"));
    result.ggufPath = dir.filePath(QStringLiteral("adapter.gguf"));
    result.step = trainer->step();
    result.totalSteps = trainer->totalSteps();
    if (!ok) {
        finish();
        emit trainingFailed(error, tr("Lower the learning rate or check the data, then start "
                                      "again (the last checkpoint is kept)."));
        return;
    }
    if (!trainer->finished() && stopped) {
        // Stopped early: the adapter of this step is saved for use (the checkpoint stays, so the
        // run can still be continued).
        result.stoppedEarly = true;
        if (!train::savePeftAdapter(trainer->adapter(), result.peftPath, config.baseModel,
                                    train::PeftNames::Multimodal, &error) ||
            !train::saveGgufLora(trainer->adapter(), result.ggufPath, &error)) {
            finish();
            emit trainingFailed(tr("Cannot save the adapter: %1").arg(error),
                                tr("Check the output folder's free space and permissions."));
            return;
        }
    } else if (!trainer->finished()) {
        finish();
        emit trainingPaused(request.outDir, trainer->step(), trainer->totalSteps());
        return;
    }
    finish();
    emit trainingFinished(result);
}

void Engine::sampleGenerations(int64_t step, const train::LoraAdapter &adapter,
                               const QString &outDir,
                               const std::vector<std::pair<QString, chat::Conversation>> &prompts,
                               int maxTokens) {
    ModelRuntime &rt = *m_model->runtime;
    if (!rt.gpuModel()) {
        // The CPU reference runs no adapter (ModelRuntime::setAdapter): no samples there.
        if (!m_samplesUnavailableNoted)
            qInfo(
                "facet: sample generations need the GPU runtime; the CPU reference runs no "
                "adapter");
        m_samplesUnavailableNoted = true;
        return;
    }
    // The adapter of this step (the checkpoint may be older), through the normal generation path.
    const QString path = QDir(outDir).filePath(QStringLiteral("sample-adapter.gguf"));
    QString error;
    if (!train::saveGgufLora(adapter, path, &error) || !rt.setAdapter(path, 1.0f, &error)) {
        qWarning("facet: no sample generations at step %lld: %s", static_cast<long long>(step),
                 qPrintable(error));
        QFile::remove(path);
        return;
    }
    sampling::SamplingParams greedy;
    greedy.temperature = 0;
    for (const auto &[shown, conversation] : prompts) {
        const std::vector<int32_t> prompt =
            chat::tokenize(rt.tokenizer(), chat::render(conversation, rt.templateVariant()));
        if (prompt.empty() || int64_t(prompt.size()) + maxTokens > rt.backend()->contextLength())
            continue;
        generate::Generator generator(*rt.backend(), rt.tokenizer(), greedy);
        generate::GenerateOptions options;
        options.maxTokens = maxTokens;
        options.cancelRequested = [this] { return m_shutDown; };
        chat::OutputParser parser(conversation);
        QString answer;
        const auto take = [&](const std::vector<chat::ParserEvent> &events) {
            for (const chat::ParserEvent &e : events) {
                if (e.kind == chat::ParserEvent::Kind::Content ||
                    e.kind == chat::ParserEvent::Kind::Error)
                    answer += QString::fromStdString(e.text);
            }
        };
        const generate::GenerateResult r =
            generator.generate(prompt, options, [&](const generate::TokenEvent &e) {
                if (!e.text.empty()) take(parser.feed(e.text));
            });
        take(parser.finish());
        if (r.stats.stopReason == generate::StopReason::Error) {
            qWarning("facet: a sample generation failed: %s", qPrintable(r.error));
            break;
        }
        emit trainingSample(step, shown, answer.trimmed());
    }
    rt.setAdapter(QString(), 1.0f, &error);
    rt.backend()->reset();
    QFile::remove(path);
}

void Engine::doExport(const MergeRequest &request) {
    if (!m_model) {
        emit exportFailed(tr("Load the base model the adapter was trained on first."), false);
        return;
    }
    const ModelRuntime &rt = *m_model->runtime;
    train::MergedType type = train::MergedType::Base;
    if (request.type == QStringLiteral("q8_0"))
        type = train::MergedType::Q8_0;
    else if (request.type == QStringLiteral("f16"))
        type = train::MergedType::F16;
    else if (request.type != QStringLiteral("base")) {
        emit exportFailed(tr("Unknown merged type \"%1\".").arg(request.type), false);
        return;
    }
    QString error;
    const std::optional<train::LoraAdapter> adapter =
        train::loadAdapter(request.adapterPath, rt.config(), &error);
    if (!adapter) {
        emit exportFailed(tr("Cannot read the adapter %1: %2")
                              .arg(QDir::toNativeSeparators(request.adapterPath), error),
                          false);
        return;
    }
    setBusy(true);
    double reported = -1;
    emit exportProgress(0.0);
    const bool ok =
        train::exportMergedGguf(rt.file(), rt.config(), *adapter, request.strength, type,
                                request.outPath, &error, [&](qint64 done, qint64 total) {
                                    const double f = total > 0 ? double(done) / double(total) : 0.0;
                                    if (f >= reported + 0.01 || done == total) {
                                        reported = f;
                                        emit exportProgress(f);
                                    }
                                    pollEvents();
                                    return !m_cancelExport && !m_shutDown;
                                });
    const bool cancelled = !ok && (m_cancelExport || m_shutDown);
    m_cancelExport = false;
    setBusy(false);
    if (ok)
        emit exportFinished(request.outPath);
    else
        emit exportFailed(cancelled ? QString() : error, cancelled);
}

}  // namespace facet::session
