// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Engine: the one object that owns a loaded model and every GPU resource, living on a worker
// QThread. The desktop app talks to it only through queued signals and slots carrying the value
// types below (no shared state, no blocking calls):
//
//   auto *thread = new QThread;
//   auto *engine = new session::Engine;            // no parent: it moves to the thread
//   engine->moveToThread(thread);
//   QObject::connect(thread, &QThread::finished, engine, &QObject::deleteLater);
//   QObject::connect(engine, &Engine::shutDown, thread, &QThread::quit, Qt::DirectConnection);
//   thread->start();
//   QMetaObject::invokeMethod(engine, "loadModel", Qt::QueuedConnection, Q_ARG(...));
//   …
//   QMetaObject::invokeMethod(engine, "shutdown", Qt::QueuedConnection);  // on close
//   thread->wait();
//
// Long work (loading, prefill and generation) keeps delivering the engine's own queued calls
// between steps (upload chunks, forward calls), so a cancel() or shutdown() sent while it runs
// takes effect at the next step: at most one forward call late. Requests that arrive while work
// runs are queued and run in order afterwards; loadModel(), unloadModel() and shutdown() first
// cancel the work in progress.
//
// Loading goes through session::ModelRuntime (the same loading facet-cli uses); the engine adds
// its policy (the context length against the model's) and its messages.
//
// Conversations and the KV cache: the engine remembers which conversation (ChatRequest::stateKey)
// its cache holds and which tokens. A request for the same conversation reuses the longest common
// prefix of the cached tokens and the newly rendered prompt (the usual next turn reuses all of
// it; an edited or regenerated last turn rewinds). When another conversation comes, the current
// one's cache is saved to its statePath first (GPU only), and the new one's is restored from its
// statePath when that file exists and belongs to this model — reopening a long conversation does
// not recompute it. The state is also saved when the model is unloaded and at shutdown.
// forgetConversation() is the way back: the engine drops the conversation's cache if it holds it
// (nothing of it is saved again) and deletes its state files (statePath and the token file
// stateFiles() names beside it).
//
// Fine-tuning (the Fine-tune dock): checkDataset() reads, tokenizes and splits a data set with the
// loaded model's tokenizer and answers with a DatasetReport. startTraining() trains a LoRA adapter
// on the loaded model as facet-cli train does (session/training_data.h prepares the data,
// createTrainingBackend() gives the loss backend, train::Trainer runs the steps), emitting
// trainingProgress() after every optimizer step. The run blocks the engine's thread like a chat
// does and delivers the engine's queued calls between steps: pauseTraining() checkpoints and ends
// the run (startTraining() on the same folder resumes it), stopTraining() ends it and saves the
// adapter as it is. While training runs, chat() is refused (chatFailed, saying so) and
// loadModel() too (modelLoadFailed); unloadModel() and shutdown() pause the run first. At every
// evaluation step a few fixed prompts are answered greedily through the adapter of that step
// (trainingSample), on the GPU runtime (the CPU reference cannot run adapters).
#pragma once

#include "chat/chat_types.h"
#include "gpu/gpu_context.h"
#include "model/gpu_model.h"
#include "sampling/sampler.h"
#include "session/training_types.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace facet::session {

// What to load and how (session/model_runtime.h loads it).
struct LoadRequest {
    QString path;               // a GGUF file
    int64_t contextLength = 0;  // 0: 8192; at most the model's own context (capped there)
    QString compute;            // "gpu" (also when empty) or "cpu" (the slow CPU reference)
    QString rhiBackend;         // "" or "auto": gpu.backend (the platform default); "vulkan", …
    int gpuDevice = -1;         // Vulkan physical device index; -1: gpu.deviceIndex (the best one)
    // The GPU context's and the GPU model's other options, passed to the runtime as they are (the
    // fields above replace their backend, device and context length).
    gpu::GpuOptions gpu;
    model::GpuModelOptions gpuModel;
    // Images and audio: the soft-token budget of an image, and whether the towers stay loaded.
    int imageTokenBudget = 280;
    bool keepTowersLoaded = true;
};

struct ModelInfo {
    QString path;
    QString name;    // general.name, else the file name
    QString device;  // "vulkan on NVIDIA H100 …" or "CPU reference"
    QString memory;  // GpuMemoryEstimate::describe(), empty for the CPU
    int64_t contextLength = 0;
    // LoadRequest::contextLength: more than contextLength when the request asked for more than
    // the model's own maximum and the engine capped it there.
    int64_t requestedContextLength = 0;
    double loadSeconds = 0;
    // What the model reads besides text (its own towers or a projector file beside it), and
    // why not when it does not.
    bool readsImages = false;
    bool readsAudio = false;
    QString imagesUnavailable, audioUnavailable;
    QString projectorPath;                   // the mmproj file in use, if any
    qint64 visionBytes = 0, audioBytes = 0;  // memory of each tower once loaded
    // For the training estimate (train/train_estimate.h): the model's configuration and its GPU
    // memory (the loaded plan's; on the CPU reference, what the GPU would need).
    std::shared_ptr<const model::Gemma4Config> config;
    model::GpuMemoryEstimate gpuMemory;
};

struct ChatRequest {
    quint64 id = 0;  // chosen by the caller, echoed in every answer
    chat::Conversation conversation;
    sampling::SamplingParams sampling;
    int maxTokens = 0;  // 0: until a stop token or the context is full
    QString stateKey;   // which conversation this is (e.g. its database id); empty: no reuse
    QString statePath;  // where that conversation's KV state is kept; empty: never saved
    // The LoRA adapter this conversation runs through (a PEFT folder or a GGUF LoRA file; empty:
    // the base model) and its strength (0 .. 2 in the app). A change saves the cache computed
    // through the previous one first; state files carry the adapter in their fingerprint, so a
    // conversation's file is restored only under the adapter it was computed with.
    QString adapter;
    float adapterStrength = 1.0f;
    // Generation ends before any of these strings (generate::GenerateOptions::stopStrings).
    std::vector<std::string> stopStrings;
    // A plain-text completion (the API server's /v1/completions): when not empty, this text is
    // the whole prompt, tokenized as it is without the chat template (the conversation is not
    // used), and the output is not parsed: every piece arrives as a Content delta.
    QString rawPrompt;
};

struct ChatDelta {
    enum class Kind { Content, Thinking, ToolCall, ToolCallError };
    quint64 id = 0;
    Kind kind = Kind::Content;
    QString text;           // Content / Thinking; ToolCallError: the raw text of the call
    QString toolName;       // ToolCall
    QString toolArguments;  // ToolCall: compact JSON object
    QString error;          // ToolCallError: why it could not be read
};

struct ChatStats {
    quint64 id = 0;
    int promptTokens = 0;        // the rendered conversation
    int reusedTokens = 0;        // of those, found in the cache (not recomputed)
    bool restoredState = false;  // the cache came from the conversation's state file
    int generatedTokens = 0;
    double timeToFirstToken = 0;  // seconds
    double prefillTokensPerSecond = 0;
    double decodeTokensPerSecond = 0;
    int64_t contextUsed = 0;
    int64_t contextLength = 0;
    QString stopReason;  // generate::stopReasonName(): "eos", "max-tokens", "cancelled", …
};

// What the attachments of a chat request cost: soft tokens per attachment, in prompt order
// (emitted once the towers have encoded them, before the prompt runs).
struct ChatMedia {
    quint64 id = 0;
    struct Item {
        int message = -1;  // index in the request's conversation
        int item = -1;     // index in that message's images (image) or audio clips (audio)
        bool image = true;
        int softTokens = 0;
        int clips = 1;  // audio longer than 30 s is read as several clips
    };
    std::vector<Item> items;
    int imageTokens = 0;
    int audioTokens = 0;
};

class Engine : public QObject {
    Q_OBJECT
public:
    explicit Engine(QObject *parent = nullptr);
    ~Engine() override;

    // Registers the value types for queued connections (the constructor calls it too).
    static void registerTypes();
    // The files the engine keeps for a conversation whose ChatRequest::statePath is `statePath`:
    // the KV state and the token file beside it.
    static QStringList stateFiles(const QString &statePath);

public slots:
    void loadModel(const facet::session::LoadRequest &request);
    void unloadModel();
    void chat(const facet::session::ChatRequest &request);
    // Cancels the chat with this id (running or queued), or with 0 whatever runs (a load too).
    void cancel(quint64 id);
    // Images and audio settings for the loaded model (and the next loads).
    void setMediaOptions(int imageTokenBudget, bool keepTowersLoaded);
    // The conversation `stateKey` is gone (deleted by the user): its cache is dropped if the engine
    // holds it, so it is never saved again, and its state files (stateFiles(statePath)) are
    // deleted. Runs after the work in progress, like a new request.
    void forgetConversation(const QString &stateKey, const QString &statePath);
    // Cancels everything, saves the conversation state, releases the model and the GPU, then
    // emits shutDown(). Later requests are refused.
    void shutdown();

    // Fine-tuning (see the file comment). checkDataset() needs a loaded model (its tokenizer).
    void checkDataset(const facet::session::DatasetCheckRequest &request);
    void startTraining(const facet::session::TrainRequest &request);
    void pauseTraining();
    void stopTraining();
    // Writes the loaded model with an adapter folded in (train/merge.h); exportProgress() as it
    // goes, cancelExport() stops it (nothing is left behind).
    void exportMerged(const facet::session::MergeRequest &request);
    void cancelExport();

signals:
    void loadProgress(const QString &path, double fraction);
    void modelLoaded(const facet::session::ModelInfo &info);
    // error says what is wrong and what to do; cancelled: the user stopped it (error is empty).
    void modelLoadFailed(const QString &path, const QString &error, bool cancelled);
    void modelUnloaded();
    // The prompt is rendered and fits: prefill begins.
    void chatStarted(quint64 id, int promptTokens, int reusedTokens);
    void chatDelta(const facet::session::ChatDelta &delta);
    // Generation ended normally (eos, stop string, max tokens, cancelled, context full).
    void chatFinished(const facet::session::ChatStats &stats);
    // Nothing or only part was generated: error is what happened, hint what to do.
    void chatFailed(quint64 id, const QString &error, const QString &hint);
    // Encoding the attachments of request `id`: fraction 0 → 1 over all of them.
    void mediaProgress(quint64 id, double fraction);
    void chatMedia(const facet::session::ChatMedia &media);
    void busyChanged(bool busy);
    void shutDown();

    void datasetChecked(const facet::session::DatasetReport &report);
    // The run began (resumed: from the checkpoint in outDir, at `step`).
    void trainingStarted(const QString &outDir, bool resumed, qint64 step, qint64 totalSteps);
    void trainingProgress(const facet::train::TrainProgress &progress);
    // A greedy answer to a sample prompt through the adapter of optimizer step `step`.
    void trainingSample(qint64 step, const QString &prompt, const QString &answer);
    // pauseTraining() (or unloadModel(), shutdown()): checkpointed; starting again resumes.
    void trainingPaused(const QString &outDir, qint64 step, qint64 totalSteps);
    void trainingFinished(const facet::session::TrainResult &result);
    // Nothing more is trained: error says what happened (problem lines included), hint what to do.
    void trainingFailed(const QString &error, const QString &hint);
    void exportProgress(double fraction);
    void exportFinished(const QString &path);
    // cancelled: the user stopped it (error is empty).
    void exportFailed(const QString &error, bool cancelled);

private:
    struct Loaded;

    void pollEvents();
    void runOrDefer(std::function<void()> job);
    void runDeferred();
    void setBusy(bool busy);

    void doLoad(const LoadRequest &request);
    void doUnload(bool notify);
    void doChat(const ChatRequest &request);
    void doShutdown();
    void doForget(const QString &stateKey, const QString &statePath);
    void saveCurrentState();
    bool restoreState(const QString &path);
    void dropSequence();
    void doCheckDataset(const DatasetCheckRequest &request);
    void doTrain(const TrainRequest &request);
    void sampleGenerations(int64_t step, const train::LoraAdapter &adapter, const QString &outDir,
                           const std::vector<std::pair<QString, chat::Conversation>> &prompts,
                           int maxTokens);
    void doExport(const MergeRequest &request);

    std::unique_ptr<Loaded> m_model;
    std::deque<std::pair<quint64, std::function<void()>>> m_deferred;  // chat id (0: not a chat)
    bool m_busy = false;
    bool m_runningDeferred = false;
    bool m_cancel = false;
    bool m_shutDown = false;
    bool m_training = false;
    bool m_pauseTraining = false, m_stopTraining = false;
    bool m_cancelExport = false;
    bool m_samplesUnavailableNoted = false;
    quint64 m_currentChat = 0;
    // The sequence in the backend's cache: whose it is, where it is saved, and its tokens.
    QString m_seqKey, m_seqPath;
    std::vector<int32_t> m_seq;
    bool m_seqDirty = false;  // m_seq differs from what m_seqPath holds
};

}  // namespace facet::session

Q_DECLARE_METATYPE(facet::session::LoadRequest)
Q_DECLARE_METATYPE(facet::session::ModelInfo)
Q_DECLARE_METATYPE(facet::session::ChatRequest)
Q_DECLARE_METATYPE(facet::session::ChatDelta)
Q_DECLARE_METATYPE(facet::session::ChatStats)
Q_DECLARE_METATYPE(facet::session::ChatMedia)
