#include "session/engine.h"

#include "chat/output_parser.h"
#include "chat/renderer.h"
#include "generate/cpu_reference_backend.h"
#include "generate/generator.h"
#include "generate/gpu_backend.h"
#include "gguf/gguf.h"
#include "gpu/gpu_context.h"
#include "model/gemma4_config.h"
#include "model/gpu_model.h"
#include "model/reference_model.h"
#include "tokenizer/tokenizer.h"

#include <QCoreApplication>
#include <QDataStream>
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
    std::unique_ptr<gguf::File> file;
    std::unique_ptr<tokenizer::Tokenizer> tokenizer;
    std::unique_ptr<model::ReferenceModel> reference;  // the CPU backend only
    std::unique_ptr<gpu::GpuContext> gpu;              // declared before the backend: freed last
    std::unique_ptr<generate::ForwardBackend> backend;
    model::GpuModel *gpuModel = nullptr;  // inside backend, when it runs on the GPU
    chat::TemplateVariant variant = chat::TemplateVariant::Small;
};

void Engine::registerTypes() {
    qRegisterMetaType<LoadRequest>();
    qRegisterMetaType<ModelInfo>();
    qRegisterMetaType<ChatRequest>();
    qRegisterMetaType<ChatDelta>();
    qRegisterMetaType<ChatStats>();
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
    if (m_busy) m_cancel = true;  // a new model supersedes whatever runs
    runOrDefer([this, request] { doLoad(request); });
}

void Engine::unloadModel() {
    if (m_shutDown) return;
    if (m_busy) m_cancel = true;
    runOrDefer([this] { doUnload(true); });
}

void Engine::chat(const ChatRequest &request) {
    if (m_shutDown) {
        emit chatFailed(request.id, tr("The engine has shut down."), QString());
        return;
    }
    if (m_busy || m_runningDeferred) {
        m_deferred.emplace_back(request.id, [this, request] { doChat(request); });
        return;
    }
    doChat(request);
    runDeferred();
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
    auto m = std::make_unique<Loaded>();
    QString error;
    emit loadProgress(request.path, 0.0);
    m->file = gguf::File::open(request.path, &error);
    if (!m->file) return failed(error);
    const std::string arch = m->file->getString("general.architecture").value_or("");
    if (arch != "gemma4") {
        return failed(tr("%1 is not a Gemma 4 model (its architecture is \"%2\"). Facet runs "
                         "Gemma 4 E2B and E4B; choose one of those in the Models panel.")
                          .arg(QFileInfo(request.path).fileName(), QString::fromStdString(arch)));
    }
    const std::optional<model::Gemma4Config> config =
        model::Gemma4Config::fromGguf(*m->file, &error);
    if (!config) return failed(error);
    m->tokenizer = tokenizer::Tokenizer::fromGguf(*m->file, &error);
    if (!m->tokenizer) return failed(error);
    uint64_t parameters = 0;
    for (const gguf::TensorInfo &t : m->file->tensors())
        parameters += t.nelements;
    m->variant = parameters > 15'000'000'000ull ? chat::TemplateVariant::Large
                                                : chat::TemplateVariant::Small;
    // A length beyond what the model was trained for is capped at it (ModelInfo tells the app,
    // which says so); the GPU model refuses a longer one.
    const int64_t context = std::min<int64_t>(
        request.contextLength > 0 ? request.contextLength : 8192, config->contextLength);

    // Progress is reported at most every percent; each report also delivers queued calls.
    double lastReported = 0;
    const auto progress = [&](qint64 done, qint64 total) {
        const double fraction = total > 0 ? double(done) / double(total) : 0.0;
        if (fraction >= lastReported + 0.01 || done == total) {
            lastReported = fraction;
            emit loadProgress(request.path, fraction);
        }
        pollEvents();
        return !m_cancel;
    };

    if (request.compute == QStringLiteral("cpu")) {
        m->reference = model::ReferenceModel::load(*m->file, &error);
        if (!m->reference) return failed(error);
        m->backend = std::make_unique<generate::CpuReferenceBackend>(*m->reference, context);
        m->info.device = tr("CPU reference (slow)");
    } else {
        gpu::GpuOptions options;
        const QString choice = request.rhiBackend.trimmed().toLower();
        if (!choice.isEmpty() && choice != QStringLiteral("auto")) {
            options.backend = gpu::parseBackend(choice);
            if (!options.backend) {
                return failed(tr("Unknown GPU backend \"%1\". Choose one of the backends listed "
                                 "in Settings.")
                                  .arg(request.rhiBackend));
            }
        }
        options.deviceIndex = request.gpuDevice;
        m->gpu = gpu::GpuContext::create(options, &error);
        if (!m->gpu) {
            return failed(tr("No usable GPU: %1. Update the graphics driver, or choose another "
                             "GPU backend or device in Settings.")
                              .arg(error));
        }
        pollEvents();
        if (m_cancel) {
            setBusy(false);
            emit modelLoadFailed(request.path, QString(), true);
            return;
        }
        model::GpuModelOptions modelOptions;
        modelOptions.contextLength = context;
        auto gm = model::GpuModel::load(*m->gpu, *m->file, modelOptions, &error, progress);
        if (!gm) {
            if (m_cancel) {
                setBusy(false);
                emit modelLoadFailed(request.path, QString(), true);
                return;
            }
            return failed(error);
        }
        m->gpuModel = gm.get();
        m->info.memory = gm->memory().describe(gm->contextLength());
        m->backend = std::make_unique<generate::GpuBackend>(std::move(gm));
        m->info.device = m->gpu->info().summary();
    }
    m->info.path = request.path;
    const std::string name = m->file->getString("general.name").value_or("");
    m->info.name =
        name.empty() ? QFileInfo(request.path).completeBaseName() : QString::fromStdString(name);
    m->info.contextLength = m->backend->contextLength();
    m->info.requestedContextLength = request.contextLength;
    m->info.loadSeconds = double(timer.nsecsElapsed()) / 1e9;
    m_model = std::move(m);
    setBusy(false);
    emit loadProgress(request.path, 1.0);
    emit modelLoaded(m_model->info);
}

void Engine::saveCurrentState() {
    if (!m_model || !m_model->gpuModel || !m_seqDirty || m_seqPath.isEmpty()) return;
    m_seqDirty = false;
    QString error;
    if (m_seq.empty() || int64_t(m_seq.size()) != m_model->gpuModel->position()) {
        QFile::remove(m_seqPath);
        QFile::remove(tokensPath(m_seqPath));
        return;
    }
    // The token file is written last: a state file without it (or with another count) is never
    // used.
    QFile::remove(tokensPath(m_seqPath));
    if (!m_model->gpuModel->saveState(m_seqPath, &error) ||
        !writeTokens(tokensPath(m_seqPath), m_seq)) {
        // Not fatal: the conversation is recomputed when it is opened again.
        qWarning("facet: could not save the conversation state: %s", qPrintable(error));
        QFile::remove(m_seqPath);
    }
}

bool Engine::restoreState(const QString &path) {
    if (!m_model || !m_model->gpuModel || path.isEmpty() || !QFile::exists(path)) return false;
    const std::optional<std::vector<int32_t>> tokens = readTokens(tokensPath(path));
    if (!tokens) return false;
    QString error;
    if (!m_model->gpuModel->restoreState(path, &error) ||
        m_model->gpuModel->position() != int64_t(tokens->size())) {
        m_model->backend->reset();
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
    for (const chat::Message &msg : request.conversation.messages) {
        if (msg.images > 0 || msg.audios > 0) {
            emit chatFailed(
                request.id,
                tr("Images and audio are not supported by this build yet: Facet reads text "
                   "only until the vision and audio update."),
                tr("Remove the attachments from this conversation, or start a new chat."));
            return;
        }
    }
    const QString invalid = request.sampling.validate();
    if (!invalid.isEmpty()) {
        emit chatFailed(request.id, tr("Invalid sampling settings: %1").arg(invalid),
                        tr("Fix them in the conversation's settings."));
        return;
    }
    Loaded &m = *m_model;
    generate::ForwardBackend &backend = *m.backend;
    const std::vector<int32_t> prompt =
        chat::tokenize(*m.tokenizer, chat::render(request.conversation, m.variant));
    if (prompt.empty()) {
        emit chatFailed(request.id, tr("The conversation is empty."), tr("Type a message."));
        return;
    }
    const QString overflow =
        generate::contextOverflowMessage(int64_t(prompt.size()), 0, backend.contextLength());
    if (!overflow.isEmpty()) {
        emit chatFailed(request.id, overflow, hintFor(generate::StopReason::ContextFull));
        return;
    }

    m_cancel = false;
    m_currentChat = request.id;
    setBusy(true);

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
    while (common < m_seq.size() && common < prompt.size() && m_seq[common] == prompt[common])
        ++common;
    common = std::min(common, prompt.size() - 1);
    if (common < m_seq.size() && !backend.rewind(int64_t(common))) common = 0;
    if (common == 0) backend.reset();
    m_seq.resize(common);
    emit chatStarted(request.id, int(prompt.size()), int(common));

    generate::Generator generator(backend, *m.tokenizer, request.sampling);
    generate::GenerateOptions options;
    options.maxTokens = request.maxTokens;
    options.continueContext = common > 0;
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
            if (!e.text.empty()) forward(parser.feed(e.text));
        });
    forward(parser.finish());

    // The cache now holds a prefix of prompt + generated tokens (all but the last sampled one
    // after a normal end; fewer after a failure).
    std::vector<int32_t> expected = prompt;
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

}  // namespace facet::session
