// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The UI side of the engine thread: owns the worker QThread and the session::Engine living on
// it, and talks to it only through queued signals (requests, below) and the engine's own signals
// (re-emitted here, delivered queued on the UI thread). Nothing here touches a GPU object.
#pragma once

#include "session/engine.h"

#include <QObject>
#include <QThread>

namespace facet::app {

class EngineHost : public QObject {
    Q_OBJECT
public:
    explicit EngineHost(QObject *parent = nullptr);
    ~EngineHost() override;  // shutdown(): returns only once the engine's thread has ended

    // Cancels whatever runs, lets the engine save the conversation state and release the GPU on
    // its own thread, and waits until that thread has ended. There is no deadline: Qt aborts the
    // process when a running QThread is destroyed, and the engine stops within one step (a
    // forward call, an upload chunk) of the cancellation. When that takes longer than
    // slowShutdownNoticeMs(), a warning says what it waits for, and another how long it took.
    // Idempotent.
    void shutdown();
    bool isRunning() const { return m_thread.isRunning(); }
    // Milliseconds the last shutdown() waited.
    qint64 lastShutdownMs() const { return m_lastShutdownMs; }
    // After how long shutdown() warns that it is still waiting (default 5000 ms).
    int slowShutdownNoticeMs() const { return m_slowShutdownNoticeMs; }
    void setSlowShutdownNoticeMs(int ms) { m_slowShutdownNoticeMs = ms; }
    // The engine's worker thread (diagnostics and tests: a QObject moved there runs its queued
    // calls between the engine's). Talk to the engine only through the signals below.
    QThread *engineThread() { return &m_thread; }

signals:
    // Requests (queued to the engine's thread).
    void loadModel(const facet::session::LoadRequest &request);
    void unloadModel();
    void chat(const facet::session::ChatRequest &request);
    void cancel(quint64 id);
    void forgetConversation(const QString &stateKey, const QString &statePath);
    void setMediaOptions(int imageTokenBudget, bool keepTowersLoaded);
    void requestShutdown();
    // Fine-tuning (session/engine.h).
    void checkDataset(const facet::session::DatasetCheckRequest &request);
    void startTraining(const facet::session::TrainRequest &request);
    void pauseTraining();
    void stopTraining();
    void exportMerged(const facet::session::MergeRequest &request);
    void cancelExport();

    // The engine's signals, re-emitted on the UI thread.
    void loadProgress(const QString &path, double fraction);
    void modelLoaded(const facet::session::ModelInfo &info);
    void modelLoadFailed(const QString &path, const QString &error, bool cancelled);
    void modelUnloaded();
    void chatStarted(quint64 id, int promptTokens, int reusedTokens);
    void chatDelta(const facet::session::ChatDelta &delta);
    void chatFinished(const facet::session::ChatStats &stats);
    void chatFailed(quint64 id, const QString &error, const QString &hint);
    void mediaProgress(quint64 id, double fraction);
    void chatMedia(const facet::session::ChatMedia &media);
    void busyChanged(bool busy);
    void datasetChecked(const facet::session::DatasetReport &report);
    void trainingStarted(const QString &outDir, bool resumed, qint64 step, qint64 totalSteps);
    void trainingProgress(const facet::train::TrainProgress &progress);
    void trainingSample(qint64 step, const QString &prompt, const QString &answer);
    void trainingPaused(const QString &outDir, qint64 step, qint64 totalSteps);
    void trainingFinished(const facet::session::TrainResult &result);
    void trainingFailed(const QString &error, const QString &hint);
    void exportProgress(double fraction);
    void exportFinished(const QString &path);
    void exportFailed(const QString &error, bool cancelled);

private:
    void connectTraining();

    QThread m_thread;
    session::Engine *m_engine = nullptr;  // lives on m_thread; deleted there when it finishes
    qint64 m_lastShutdownMs = 0;
    int m_slowShutdownNoticeMs = 5000;
};

}  // namespace facet::app
