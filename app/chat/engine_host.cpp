// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "engine_host.h"

#include <QElapsedTimer>

namespace facet::app {

using session::Engine;

EngineHost::EngineHost(QObject *parent) : QObject(parent) {
    Engine::registerTypes();
    m_thread.setObjectName(QStringLiteral("facet-engine"));
    m_engine = new Engine;  // no parent: it moves to the worker thread
    m_engine->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_engine, &QObject::deleteLater);
    // The engine ends its thread itself once it has released everything (quit() is thread-safe;
    // a queued call could not run while the UI thread waits in shutdown()).
    connect(m_engine, &Engine::shutDown, &m_thread, &QThread::quit, Qt::DirectConnection);

    connect(this, &EngineHost::loadModel, m_engine, &Engine::loadModel, Qt::QueuedConnection);
    connect(this, &EngineHost::unloadModel, m_engine, &Engine::unloadModel, Qt::QueuedConnection);
    connect(this, &EngineHost::chat, m_engine, &Engine::chat, Qt::QueuedConnection);
    connect(this, &EngineHost::cancel, m_engine, &Engine::cancel, Qt::QueuedConnection);
    connect(this, &EngineHost::forgetConversation, m_engine, &Engine::forgetConversation,
            Qt::QueuedConnection);
    connect(this, &EngineHost::setMediaOptions, m_engine, &Engine::setMediaOptions,
            Qt::QueuedConnection);
    connect(this, &EngineHost::requestShutdown, m_engine, &Engine::shutdown, Qt::QueuedConnection);

    connect(m_engine, &Engine::loadProgress, this, &EngineHost::loadProgress, Qt::QueuedConnection);
    connect(m_engine, &Engine::modelLoaded, this, &EngineHost::modelLoaded, Qt::QueuedConnection);
    connect(m_engine, &Engine::modelLoadFailed, this, &EngineHost::modelLoadFailed,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::modelUnloaded, this, &EngineHost::modelUnloaded,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::chatStarted, this, &EngineHost::chatStarted, Qt::QueuedConnection);
    connect(m_engine, &Engine::chatDelta, this, &EngineHost::chatDelta, Qt::QueuedConnection);
    connect(m_engine, &Engine::chatFinished, this, &EngineHost::chatFinished, Qt::QueuedConnection);
    connect(m_engine, &Engine::chatFailed, this, &EngineHost::chatFailed, Qt::QueuedConnection);
    connect(m_engine, &Engine::mediaProgress, this, &EngineHost::mediaProgress,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::chatMedia, this, &EngineHost::chatMedia, Qt::QueuedConnection);
    connect(m_engine, &Engine::busyChanged, this, &EngineHost::busyChanged, Qt::QueuedConnection);
    connectTraining();
    m_thread.start();
}

void EngineHost::connectTraining() {
    connect(this, &EngineHost::checkDataset, m_engine, &Engine::checkDataset, Qt::QueuedConnection);
    connect(this, &EngineHost::startTraining, m_engine, &Engine::startTraining,
            Qt::QueuedConnection);
    connect(this, &EngineHost::pauseTraining, m_engine, &Engine::pauseTraining,
            Qt::QueuedConnection);
    connect(this, &EngineHost::stopTraining, m_engine, &Engine::stopTraining, Qt::QueuedConnection);
    connect(this, &EngineHost::exportMerged, m_engine, &Engine::exportMerged, Qt::QueuedConnection);
    connect(this, &EngineHost::cancelExport, m_engine, &Engine::cancelExport, Qt::QueuedConnection);
    connect(m_engine, &Engine::datasetChecked, this, &EngineHost::datasetChecked,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::trainingStarted, this, &EngineHost::trainingStarted,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::trainingProgress, this, &EngineHost::trainingProgress,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::trainingSample, this, &EngineHost::trainingSample,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::trainingPaused, this, &EngineHost::trainingPaused,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::trainingFinished, this, &EngineHost::trainingFinished,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::trainingFailed, this, &EngineHost::trainingFailed,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::exportProgress, this, &EngineHost::exportProgress,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::exportFinished, this, &EngineHost::exportFinished,
            Qt::QueuedConnection);
    connect(m_engine, &Engine::exportFailed, this, &EngineHost::exportFailed, Qt::QueuedConnection);
}

EngineHost::~EngineHost() {
    shutdown();
}

void EngineHost::shutdown() {
    if (!m_thread.isRunning()) return;
    QElapsedTimer timer;
    timer.start();
    emit cancel(0);
    emit requestShutdown();
    if (!m_thread.wait(QDeadlineTimer(m_slowShutdownNoticeMs))) {
        qWarning(
            "facet: the engine has not stopped after %d ms; waiting for it to finish the step "
            "in progress, save the conversation and release the GPU",
            m_slowShutdownNoticeMs);
        m_thread.wait();
        qWarning("facet: the engine stopped after %lld ms", timer.elapsed());
    }
    m_lastShutdownMs = timer.elapsed();
}

}  // namespace facet::app
