// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "api_server.h"
#include "app_settings.h"
#include "attachments_dock.h"
#include "audio_recorder.h"
#include "chat/adapter_choice.h"
#include "chat/chat_panel.h"
#include "chat/engine_host.h"
#include "chat/stall_monitor.h"
#include "conversation_store.h"
#include "finetune_dock.h"
#include "gpu/gpu_environment.h"
#include "language_manager.h"
#include "model/gpu_plan.h"
#include "models_dock.h"
#include "pending_attachments.h"
#include "recorder_panel.h"
#include "settings_dialog.h"
#include "theme.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHostAddress>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QToolButton>

namespace facet::app {

namespace {
const QString kLastModelKey = QStringLiteral("engine/lastModel");
}

MainWindow::Options MainWindow::Options::fromEnvironment(QStringList *problems) {
    return fromEnvironment(QProcessEnvironment::systemEnvironment(), problems);
}

MainWindow::Options MainWindow::Options::fromEnvironment(const QProcessEnvironment &environment,
                                                         QStringList *problems) {
    Options options;
    // In the words of gpuOptionsFromEnvironment's messages.
    const auto problem = [&](const QString &name, const QString &value, const QString &accepted) {
        const QString message =
            QStringLiteral("%1=%2 is not understood (%3); ignored").arg(name, value, accepted);
        if (problems)
            problems->append(message);
        else
            qWarning("facet: %s", qPrintable(message));
    };
    const QString stalls = environment.value(QStringLiteral("FACET_REPORT_STALLS")).trimmed();
    if (stalls == QLatin1String("1"))
        options.reportStalls = true;
    else if (!stalls.isEmpty() && stalls != QLatin1String("0"))
        problem(QStringLiteral("FACET_REPORT_STALLS"), stalls, QStringLiteral("0 or 1"));
    const QString compute = environment.value(QStringLiteral("FACET_COMPUTE")).trimmed().toLower();
    if (compute == QLatin1String("cpu"))
        options.compute = compute;
    else if (!compute.isEmpty() && compute != QLatin1String("gpu"))
        problem(QStringLiteral("FACET_COMPUTE"),
                environment.value(QStringLiteral("FACET_COMPUTE")).trimmed(),
                QStringLiteral("gpu or cpu"));
    options.gpu = gpu::gpuOptionsFromEnvironment(environment, gpu::GpuOptions(), problems);
    return options;
}

MainWindow::MainWindow(QWidget *parent) : MainWindow(Options::fromEnvironment(), parent) {}

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent), m_options(options) {
    setWindowIcon(QIcon(QStringLiteral(":/facet/icons/facet.svg")));
    setDockNestingEnabled(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks |
                   QMainWindow::AllowNestedDocks);
    m_stalls = new StallMonitor(this);
    if (options.reportStalls) m_stalls->start();

    const AppSettings settings;
    m_languages = new LanguageManager(this);
    m_languages->apply(settings.language());
    applyTheme(settings.theme());

    m_engine = new EngineHost(this);
    m_store = std::make_unique<ConversationStore>(options.databasePath);
    QString dbError;
    const bool dbOpen = m_store->open(&dbError);
    m_pending = new PendingAttachments(this);

    m_loadProgress = new QProgressBar(this);
    m_loadProgress->setMaximumWidth(220);
    m_loadProgress->setRange(0, 1000);
    m_cancelLoad = new QToolButton(this);
    connect(m_cancelLoad, &QToolButton::clicked, this, [this] { emit m_engine->cancel(0); });
    m_apiStatus = new QLabel(this);
    m_apiStatus->setObjectName(QStringLiteral("apiServerStatus"));
    m_apiStatus->setVisible(false);
    statusBar()->addPermanentWidget(m_apiStatus);
    statusBar()->addPermanentWidget(m_loadProgress);
    statusBar()->addPermanentWidget(m_cancelLoad);
    buildDocks();
    buildMenus();
    retranslate();
    setLoading(false);
    statusBar()->showMessage(tr("No model loaded"));

    connect(m_engine, &EngineHost::loadProgress, this, &MainWindow::onLoadProgress);
    connect(m_engine, &EngineHost::modelLoaded, this, &MainWindow::onModelLoaded);
    connect(m_engine, &EngineHost::modelLoadFailed, this, &MainWindow::onModelLoadFailed);
    connect(m_engine, &EngineHost::modelUnloaded, this, [this] {
        m_models->setLoadedModel({});
        m_loadedModel.reset();
        if (m_api) m_api->clearModel();
        updateServerStatus();
        statusBar()->showMessage(tr("No model loaded"));
    });
    connect(m_models, &ModelsDock::loadRequested, this, &MainWindow::loadModel);
    connect(m_models, &ModelsDock::unloadRequested, this, [this] {
        QSettings().remove(kLastModelKey);
        emit m_engine->unloadModel();
    });
    connect(m_models, &ModelsDock::scanFinished, this, &MainWindow::onFirstScan,
            Qt::SingleShotConnection);
    connect(m_fineTune, &FineTuneDock::statusMessage, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    // The chat's adapter picker is being built in app/chat; until it takes an adapter from here,
    // "Chat with this adapter" brings the chat forward and says which adapter to choose there.
    connect(m_fineTune, &FineTuneDock::chatWithAdapterRequested, this,
            [this](const QString &adapterPath) {
                m_chatDock->show();
                m_chatDock->raise();
                // A new conversation through the adapter (the chat's adapter row shows it).
                m_chat->useAdapter(adapterPath);
            });
    connect(m_chat, &ChatPanel::statusMessage, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    connect(m_chat, &ChatPanel::recentAdaptersChanged, this, &MainWindow::updateServedAdapters);
    connect(m_chat, &ChatPanel::modelNeeded, this, [this] {
        m_modelsDock->show();
        m_modelsDock->raise();
    });
    connect(m_chat, &ChatPanel::attachRequested, this, [this] {
        m_attachmentsDock->show();
        m_attachmentsDock->raise();
        m_attachments->chooseFiles();
    });
    connect(m_chat, &ChatPanel::recordRequested, this, [this] {
        m_attachmentsDock->show();
        m_attachmentsDock->raise();
        m_attachments->recorderPanel()->recordButton()->click();
    });
    connect(m_chat, &ChatPanel::generatingChanged, this, [this](bool generating) {
        m_stop->setEnabled(generating);
        m_send->setEnabled(!generating);
        m_regenerate->setEnabled(!generating);
    });

    QSettings qs;
    if (!restoreGeometry(qs.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1200, 800);
    restoreState(qs.value(QStringLiteral("mainWindow/state")).toByteArray());
    m_models->setContextLength(settings.contextLength());
    m_models->refresh();

    if (!dbOpen) {
        QMessageBox::critical(
            this, tr("Conversations unavailable"),
            tr("Facet cannot open its conversation database: %1\nChats will not be saved until "
               "this is fixed.")
                .arg(dbError));
    } else if (!m_store->recoveryNotice().isEmpty()) {
        QMessageBox::warning(this, tr("Conversation database recovered"),
                             m_store->recoveryNotice());
    }
    m_chat->refreshConversations();
    applyServerSettings();

    const QString last = qs.value(kLastModelKey).toString();
    if (options.loadLastModel && !last.isEmpty() && QFileInfo::exists(last)) loadModel(last);
}

MainWindow::~MainWindow() {
    // The chat saves what streamed, then the engine stops (saving the conversation's KV state).
    delete m_chat;
    m_chat = nullptr;
    m_engine->shutdown();
}

void MainWindow::buildDocks() {
    m_chat = new ChatPanel(m_engine, m_store.get(), m_pending, this);
    m_chatDock = new QDockWidget(this);
    m_chatDock->setObjectName(QStringLiteral("chatDockWidget"));  // saveState() key
    m_chatDock->setWidget(m_chat);
    addDockWidget(Qt::LeftDockWidgetArea, m_chatDock);

    m_models = new ModelsDock(this);
    m_models->useDefaultDownloadManager();
    m_modelsDock = new QDockWidget(this);
    m_modelsDock->setObjectName(QStringLiteral("modelsDockWidget"));
    m_modelsDock->setWidget(m_models);
    addDockWidget(Qt::RightDockWidgetArea, m_modelsDock);

    m_attachments = new AttachmentsDock(
        m_pending, m_options.audioInputs ? new AudioRecorder(m_options.audioInputs()) : nullptr,
        this);
    m_attachmentsDock = new QDockWidget(this);
    m_attachmentsDock->setObjectName(QStringLiteral("attachmentsDockWidget"));
    m_attachmentsDock->setWidget(m_attachments);
    addDockWidget(Qt::RightDockWidgetArea, m_attachmentsDock);

    m_fineTune = new FineTuneDock(m_engine, this);
    // The examples "Save as training example" collected are the first data offered.
    if (const QString examples = AppSettings().trainingDataPath(); QFileInfo::exists(examples))
        m_fineTune->setDataFile(examples);
    m_fineTuneDock = new QDockWidget(this);
    m_fineTuneDock->setObjectName(QStringLiteral("fineTuneDockWidget"));
    m_fineTuneDock->setWidget(m_fineTune);
    addDockWidget(Qt::RightDockWidgetArea, m_fineTuneDock);

    tabifyDockWidget(m_modelsDock, m_attachmentsDock);
    tabifyDockWidget(m_attachmentsDock, m_fineTuneDock);
    m_modelsDock->raise();
    resizeDocks({m_chatDock, m_modelsDock}, {760, 420}, Qt::Horizontal);
}

void MainWindow::buildMenus() {
    m_fileMenu = menuBar()->addMenu(QString());
    m_newChat = m_fileMenu->addAction(QString(), m_chat, &ChatPanel::newChat);
    m_newChat->setShortcut(QKeySequence::New);
    m_export = m_fileMenu->addAction(QString(), this, [this] {
        if (m_chat->currentConversation() == 0) return;
        QString filter;
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export conversation"), QString(),
                                         tr("Markdown (*.md);;JSON (*.json)"), &filter);
        if (path.isEmpty()) return;
        m_chat->exportConversation(path,
                                   path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ||
                                       filter.contains(QLatin1String("json")));
    });
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_fileMenu->addSeparator();
    m_settings = m_fileMenu->addAction(QString(), this, &MainWindow::showSettings);
    m_settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    m_settings->setMenuRole(QAction::PreferencesRole);
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quit->setShortcut(QKeySequence::Quit);

    m_chatMenu = menuBar()->addMenu(QString());
    m_send = m_chatMenu->addAction(QString(), m_chat, &ChatPanel::send);
    m_send->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    m_stop = m_chatMenu->addAction(QString(), m_chat, &ChatPanel::stop);
    m_stop->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
    m_stop->setEnabled(false);
    m_regenerate = m_chatMenu->addAction(QString(), m_chat, &ChatPanel::regenerateLast);
    m_regenerate->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_chatMenu->addSeparator();
    m_attach = m_chatMenu->addAction(QString(), m_chat, &ChatPanel::attachRequested);
    m_attach->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_record = m_chatMenu->addAction(QString(), m_chat, &ChatPanel::recordRequested);
    m_record->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_chatMenu->addSeparator();
    m_search = m_chatMenu->addAction(QString(), m_chat, &ChatPanel::focusSearch);
    m_search->setShortcut(QKeySequence::Find);
    m_focusMessage = m_chatMenu->addAction(QString(), m_chat, &ChatPanel::focusComposer);
    m_focusMessage->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));

    m_viewMenu = menuBar()->addMenu(QString());
    QAction *chat = m_chatDock->toggleViewAction();
    chat->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QAction *models = m_modelsDock->toggleViewAction();
    models->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    QAction *attachments = m_attachmentsDock->toggleViewAction();
    attachments->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    QAction *fineTune = m_fineTuneDock->toggleViewAction();
    fineTune->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F));
    m_viewMenu->addActions({chat, models, attachments, fineTune});
    m_viewMenu->addSeparator();
    m_showThinking = m_viewMenu->addAction(QString());
    m_showThinking->setCheckable(true);
    m_showThinking->setChecked(AppSettings().showThinking());
    connect(m_showThinking, &QAction::toggled, this, [this](bool on) {
        AppSettings().setShowThinking(on);
        m_chat->setShowThinking(on);
    });

    m_helpMenu = menuBar()->addMenu(QString());
    m_about = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(
            this, tr("About Facet"),
            tr("<h3>Facet %1</h3><p>Runs Google's Gemma 4 on your own GPU through Qt RHI. "
               "Nothing leaves this computer.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::retranslate() {
    setWindowTitle(tr("Facet"));
    m_chatDock->setWindowTitle(tr("Chat"));
    m_chatDock->setAccessibleName(tr("Chat"));
    m_chatDock->setAccessibleDescription(tr("Conversations and the chat with the model"));
    m_modelsDock->setWindowTitle(tr("Models"));
    m_modelsDock->setAccessibleName(tr("Models"));
    m_modelsDock->setAccessibleDescription(
        tr("Installed models, the Gemma 4 catalogue and downloads"));
    m_attachmentsDock->setWindowTitle(tr("Attachments"));
    m_attachmentsDock->setAccessibleName(tr("Attachments"));
    m_attachmentsDock->setAccessibleDescription(
        tr("Images and audio for the next message, and the microphone recorder"));
    m_fineTuneDock->setWindowTitle(tr("Fine-tune"));
    m_fineTuneDock->setAccessibleName(tr("Fine-tune"));
    m_fineTuneDock->setAccessibleDescription(tr("Training a LoRA adapter on your own data"));

    m_fileMenu->setTitle(tr("&File"));
    m_newChat->setText(tr("&New chat"));
    m_export->setText(tr("&Export conversation…"));
    m_settings->setText(tr("&Settings…"));
    m_quit->setText(tr("&Quit"));
    m_chatMenu->setTitle(tr("&Chat"));
    m_send->setText(tr("&Send"));
    m_stop->setText(tr("S&top"));
    m_regenerate->setText(tr("&Regenerate last answer"));
    m_attach->setText(tr("&Attach files…"));
    m_record->setText(tr("Start or stop &recording"));
    m_search->setText(tr("Search conversations"));
    m_focusMessage->setText(tr("Go to the message box"));
    m_viewMenu->setTitle(tr("&View"));
    m_chatDock->toggleViewAction()->setText(tr("&Chat"));
    m_modelsDock->toggleViewAction()->setText(tr("&Models"));
    m_attachmentsDock->toggleViewAction()->setText(tr("&Attachments"));
    m_fineTuneDock->toggleViewAction()->setText(tr("&Fine-tune"));
    m_showThinking->setText(tr("Show &thinking"));
    m_helpMenu->setTitle(tr("&Help"));
    m_about->setText(tr("&About Facet"));
    m_cancelLoad->setText(tr("Cancel"));
    m_cancelLoad->setAccessibleName(tr("Cancel loading"));
    m_cancelLoad->setAccessibleDescription(tr("Stops loading the model"));
    m_loadProgress->setAccessibleName(tr("Model loading progress"));
}

void MainWindow::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange && m_chatDock) retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::setLoading(bool loading) {
    m_loadProgress->setVisible(loading);
    m_cancelLoad->setVisible(loading);
    if (!loading) m_loadingPath.clear();
}

void MainWindow::loadModel(const QString &path) {
    const AppSettings settings;
    session::LoadRequest request;
    request.path = path;
    request.contextLength = settings.contextLength();
    request.compute = m_options.compute;
    // The environment's GPU switches (read at start-up), with the Settings' choices over them.
    // Their defaults (Automatic API, Default device, Adaptive wait) leave the environment's choice
    // in place.
    request.gpu = m_options.gpu;
    request.rhiBackend = settings.gpuBackend();  // "auto": request.gpu's backend
    request.gpuDevice = settings.gpuDevice();    // -1: request.gpu's device
    if (settings.gpuWait() == QLatin1String("off")) request.gpu.fenceSpin = gpu::FenceSpin::Off;
    request.gpuModel.eightBit = model::parseEightBitActivations(settings.int8Activations())
                                    .value_or(model::EightBitActivations::Auto);
    request.imageTokenBudget = settings.imageTokens();
    request.keepTowersLoaded = settings.keepTowersLoaded();
    m_loadingPath = path;
    m_loadProgress->setValue(0);
    setLoading(true);
    statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    emit m_engine->loadModel(request);
}

void MainWindow::onLoadProgress(const QString &path, double fraction) {
    if (path != m_loadingPath) return;
    m_loadProgress->setValue(int(fraction * 1000));
    m_loadProgress->setFormat(tr("Loading %p%"));
}

void MainWindow::onModelLoaded(const session::ModelInfo &info) {
    setLoading(false);
    m_models->setLoadedModel(info.path);
    m_chat->setModelMedia(info.readsImages, info.readsAudio);
    QSettings().setValue(kLastModelKey, info.path);
    m_loadedModel = std::make_shared<const session::ModelInfo>(info);
    if (m_api) m_api->setModel(servedModelId(info), info);
    updateServerStatus();
    // A context length above the model's own maximum was capped there: said here, not refused.
    const bool capped = info.requestedContextLength > info.contextLength;
    statusBar()->showMessage(
        (capped ? tr("%1 loaded on %2 in %3 s (context capped at %4 tokens, this model's maximum)")
                : tr("%1 loaded on %2 in %3 s (context %4 tokens)"))
            .arg(info.name, info.device)
            .arg(info.loadSeconds, 0, 'f', 1)
            .arg(info.contextLength));
}

void MainWindow::onModelLoadFailed(const QString &path, const QString &error, bool cancelled) {
    setLoading(false);
    m_models->setLoadedModel({});
    if (cancelled) {
        statusBar()->showMessage(tr("Loading %1 was cancelled.").arg(QFileInfo(path).fileName()));
        return;
    }
    statusBar()->showMessage(tr("Could not load %1").arg(QFileInfo(path).fileName()));
    if (QSettings().value(kLastModelKey).toString() == path) QSettings().remove(kLastModelKey);
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Could not load the model"),
                                tr("Facet could not load %1.").arg(QFileInfo(path).fileName()),
                                QMessageBox::Ok, this);
    box->setInformativeText(error);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("loadFailedMessage"));
    box->open();
}

void MainWindow::showSettings() {
    AppSettings settings;
    SettingsDialog dialog(settings, m_languages, this);
    connect(&dialog, &SettingsDialog::settingsChanged, this, [this] {
        const AppSettings now;
        m_chat->setShowThinking(now.showThinking());
        m_showThinking->setChecked(now.showThinking());
        m_models->setContextLength(now.contextLength());
        m_chat->setImageTokens(now.imageTokens());
        emit m_engine->setMediaOptions(now.imageTokens(), now.keepTowersLoaded());
        applyServerSettings();
        statusBar()->showMessage(
            tr("Settings saved. GPU and context changes apply when a model is loaded next."), 8000);
    });
    dialog.exec();
}

void MainWindow::applyServerSettings() {
    const AppSettings settings;
    if (!settings.serverEnabled()) {
        delete m_api;
        m_api = nullptr;
        updateServerStatus();
        return;
    }
    if (m_api && m_api->port() == settings.serverPort()) return;
    delete m_api;
    m_api = new server::ApiServer(m_engine, server::ApiServer::Options(), this);
    QString error;
    // This computer only: the app offers no key, so it never listens beyond the loopback.
    if (!m_api->listen(QHostAddress::LocalHost, quint16(settings.serverPort()), &error)) {
        delete m_api;
        m_api = nullptr;
        statusBar()->showMessage(tr("The API server could not start: %1").arg(error), 12000);
        updateServerStatus();
        return;
    }
    connect(m_api, &server::ApiServer::openRequestsChanged, this, &MainWindow::updateServerStatus);
    if (m_loadedModel) m_api->setModel(servedModelId(*m_loadedModel), *m_loadedModel);
    updateServedAdapters();
}

void MainWindow::updateServedAdapters() {
    if (!m_api) return;
    std::vector<server::ApiServer::ServedAdapter> adapters;
    for (const QString &path : AppSettings().recentAdapters()) {
        // One that is gone or no adapter (moved, deleted) is left out; the picker says why.
        if (AdapterNames::problem(path).isEmpty())
            adapters.push_back({server::ApiServer::adapterName(path), path, 1.0f});
    }
    m_api->setAdapters(adapters);
    updateServerStatus();
}

void MainWindow::updateServerStatus() {
    m_apiStatus->setVisible(m_api != nullptr);
    if (!m_api) return;
    const QString url = QStringLiteral("http://127.0.0.1:%1/v1").arg(m_api->port());
    const int open = m_api->openRequests();
    m_apiStatus->setText(open > 0 ? tr("API: %n request(s)", nullptr, open) : tr("API on"));
    m_apiStatus->setToolTip(
        m_api->modelId().isEmpty() ? tr("The API server listens at %1; it answers once a model is "
                                        "loaded.")
                                         .arg(url)
        : m_api->adapters().empty()
            ? tr("The API server serves %1 at %2.").arg(m_api->modelId(), url)
            : tr("The API server serves %1 at %2, and the chat's adapters "
                 "as %3.")
                  .arg(m_api->modelId(), url, m_api->modelIds().mid(1).join(QStringLiteral(", "))));
}

// The name clients send as "model": the Models dock's (e.g. gemma4:e2b), else the file's.
QString MainWindow::servedModelId(const session::ModelInfo &info) const {
    for (const ModelDetails &m : m_models->models()) {
        if (m.entry.path == info.path) return m.entry.name;
    }
    return QFileInfo(info.path).completeBaseName();
}

void MainWindow::onFirstScan() {
    if (!m_models->models().isEmpty()) return;
    // Nothing to chat with: lead to the catalogue, even if the user closed the dock last time.
    m_modelsDock->show();
    m_modelsDock->raise();
    m_models->showCatalogue();
    statusBar()->showMessage(tr("No model found yet: download one in the Models panel."));
}

void MainWindow::closeEvent(QCloseEvent *event) {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    if (m_chat->isGenerating()) m_chat->stop();
    event->accept();
    if (m_options.reportStalls) qInfo("facet: %s", qPrintable(m_stalls->summary()));
}

}  // namespace facet::app
