// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "gpu/gpu_context.h"

#include <QMainWindow>
#include <QPointer>
#include <QProcessEnvironment>
#include <QStringList>

#include <functional>
#include <memory>

class QAction;
class QDockWidget;
class QLabel;
class QProgressBar;
class QToolButton;

namespace facet::session {
struct ModelInfo;
}

namespace facet::server {
class ApiServer;
}

namespace facet::app {

class AttachmentsDock;
class AudioInputBackend;
class ChatPanel;
class ConversationStore;
class EngineHost;
class FineTuneDock;
class LanguageManager;
class ModelsDock;
class PendingAttachments;
class StallMonitor;

// The main window: every panel is a QDockWidget the user can move, tab, float and close — Chat
// (the large one), Attachments, Models and Fine-tune — with the layout and window geometry
// remembered (saveState/restoreState, so every dock has an objectName). It owns the engine thread
// (EngineHost), the conversation database and the attachments being composed, and wires the
// panels to them; the panels never talk to each other directly. The first start without any
// model on disk brings the Models dock to the front with its catalogue.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        QString databasePath;       // empty: the default (AppDataLocation)
        bool loadLastModel = true;  // load the model that was loaded when Facet last closed
        // Measure UI-thread stalls (StallMonitor) and print the longest when the window closes.
        bool reportStalls = false;
        // Where models run (session::LoadRequest::compute): empty, the GPU; "cpu", the CPU
        // reference (exact and very slow: tests on platforms without a GPU).
        QString compute;
        // The GPU context's options each load starts from, before the Settings' GPU choices are
        // laid over them (loadModel()): the environment's switches.
        gpu::GpuOptions gpu;
        // Where recordings come from (tests: generated inputs); null: the computer's
        // microphones. Called once; the window owns what it returns.
        std::function<AudioInputBackend *()> audioInputs;

        // The defaults with the environment's switches, read once at start-up (before the engine
        // thread starts): reportStalls from FACET_REPORT_STALLS=1, compute from
        // FACET_COMPUTE=cpu|gpu, gpu from the GPU switches (gpu::gpuOptionsFromEnvironment:
        // FACET_RHI_BACKEND, FACET_GPU_DEVICE, FACET_VK_SPIN_US, ...). A value that does not
        // parse leaves its default and is described in *problems (without problems: logged as
        // a warning).
        static Options fromEnvironment(QStringList *problems = nullptr);
        static Options fromEnvironment(const QProcessEnvironment &environment,
                                       QStringList *problems = nullptr);
    };
    // The app's window: Options::fromEnvironment().
    explicit MainWindow(QWidget *parent = nullptr);
    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    ModelsDock *modelsDock() const { return m_models; }
    QDockWidget *modelsDockWidget() const { return m_modelsDock; }
    ChatPanel *chatPanel() const { return m_chat; }
    QDockWidget *chatDockWidget() const { return m_chatDock; }
    AttachmentsDock *attachmentsDock() const { return m_attachments; }
    QDockWidget *attachmentsDockWidget() const { return m_attachmentsDock; }
    FineTuneDock *fineTuneDock() const { return m_fineTune; }
    QDockWidget *fineTuneDockWidget() const { return m_fineTuneDock; }
    EngineHost *engine() const { return m_engine; }
    ConversationStore *store() const { return m_store.get(); }
    PendingAttachments *pendingAttachments() const { return m_pending; }
    StallMonitor *stallMonitor() const { return m_stalls; }
    LanguageManager *languages() const { return m_languages; }

public slots:
    void loadModel(const QString &path);
    void showSettings();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void buildDocks();
    void buildMenus();
    void retranslate();
    void onFirstScan();
    void onLoadProgress(const QString &path, double fraction);
    void onModelLoaded(const facet::session::ModelInfo &info);
    void onModelLoadFailed(const QString &path, const QString &error, bool cancelled);
    void setLoading(bool loading);
    // Starts, moves or stops the local API server as the Settings say (off by default).
    void applyServerSettings();
    void updateServerStatus();
    // The adapters the chat's picker offers (AppSettings::recentAdapters), served as models of
    // their own ("<model>:<adapter>") at strength 1.
    void updateServedAdapters();
    QString servedModelId(const session::ModelInfo &info) const;

    Options m_options;
    EngineHost *m_engine = nullptr;
    std::unique_ptr<ConversationStore> m_store;
    PendingAttachments *m_pending = nullptr;
    LanguageManager *m_languages = nullptr;
    StallMonitor *m_stalls = nullptr;

    ChatPanel *m_chat = nullptr;
    QDockWidget *m_chatDock = nullptr;
    AttachmentsDock *m_attachments = nullptr;
    QDockWidget *m_attachmentsDock = nullptr;
    ModelsDock *m_models = nullptr;
    QDockWidget *m_modelsDock = nullptr;
    FineTuneDock *m_fineTune = nullptr;
    QDockWidget *m_fineTuneDock = nullptr;

    QProgressBar *m_loadProgress = nullptr;
    QToolButton *m_cancelLoad = nullptr;
    QString m_loadingPath;

    server::ApiServer *m_api = nullptr;  // null while the Setting is off (or the port was taken)
    QLabel *m_apiStatus = nullptr;
    std::shared_ptr<const session::ModelInfo> m_loadedModel;

    // Menus and actions (retranslated on LanguageChange).
    QMenu *m_fileMenu = nullptr, *m_chatMenu = nullptr, *m_viewMenu = nullptr,
          *m_helpMenu = nullptr;
    QAction *m_newChat = nullptr, *m_export = nullptr, *m_settings = nullptr, *m_quit = nullptr;
    QAction *m_send = nullptr, *m_stop = nullptr, *m_regenerate = nullptr, *m_attach = nullptr,
            *m_record = nullptr, *m_search = nullptr, *m_focusMessage = nullptr;
    QAction *m_showThinking = nullptr, *m_about = nullptr;
};

}  // namespace facet::app
