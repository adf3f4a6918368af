// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Fine-tune dock: train a LoRA adapter on the loaded model from a JSONL file.
//
//   Data      the training file (button or drag and drop), a validation file or a share split off,
//             and the engine's check of them: problems with line numbers, the length histogram,
//             the examples that will be cut, and the first examples rendered in the chat format
//             with the trained part (the model's answers) highlighted.
//   Settings  a preset (quick / balanced / thorough, train/train_presets.h) or every
//             hyper-parameter by hand ("custom"), the output folder (by default under the app's
//             data folder: adapters/<model>-<date-time>), prompts for sample generations.
//   Training  step, epoch, speed and time left; live charts of the training and validation loss,
//             the learning rate and the gradient norm; sample answers at each evaluation.
//   Adapter   chat with the adapter; copy it out as a PEFT folder or a GGUF LoRA; export the
//             model with it merged in (on the engine thread, with progress, cancellable).
// Below the pages, always in view: the estimate (GPU memory and time, train/train_estimate.h,
// updated as the settings change) and Start (Resume when the output folder holds a checkpoint),
// Pause (checkpoint and stop; Resume continues) and Stop (ends the run now and saves the adapter
// of that step).
//
// The dock talks to the engine only through EngineHost's queued signals.
#pragma once

#include "model/gemma4_config.h"
#include "model/gpu_plan.h"
#include "session/training_types.h"
#include "train/train_estimate.h"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>
#include <map>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTextBrowser;
class QTreeWidget;

namespace facet::session {
struct ModelInfo;
}

namespace facet::app {

class EngineHost;
class TrainingCharts;

class FineTuneDock : public QWidget {
    Q_OBJECT
public:
    explicit FineTuneDock(EngineHost *engine, QWidget *parent = nullptr);
    ~FineTuneDock() override;

    enum class State { Idle, Training, Pausing, Stopping, Exporting };
    State state() const { return m_state; }

    // The training file (checked at once when a model is loaded) and the validation file (empty:
    // a share of the training file).
    void setDataFile(const QString &path);
    void setValidationFile(const QString &path);
    // Asks the engine to check the data as the fields describe it; reportChanged() follows.
    void checkData();
    const std::optional<session::DatasetReport> &report() const { return m_report; }

    // The settings as the fields hold them, and back (the preset combo follows).
    train::TrainConfig trainConfig() const;
    void setTrainConfig(const train::TrainConfig &c);
    int maxTokens() const;
    void setMaxTokens(int tokens);
    QString outputFolder() const;
    void setOutputFolder(const QString &path);
    // The request Start sends.
    session::TrainRequest trainRequest() const;
    // The estimate the dock shows (nullopt without a model).
    std::optional<train::TrainEstimate> estimate() const;

    // Start (or resume), pause, stop: what the buttons do.
    void start();
    void pause();
    void stop();

    // The last finished adapter (empty: none yet).
    QString adapterPath() const;
    // Exports of that adapter (the buttons ask for the destination, then call these).
    bool exportPeftTo(const QString &folder, QString *error);
    bool exportGgufTo(const QString &path, QString *error);
    void exportMergedTo(const QString &path, const QString &type);

    QComboBox *presetCombo() const { return m_preset; }
    TrainingCharts *charts() const { return m_charts; }
    QTreeWidget *samplesView() const { return m_samples; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *stopButton() const { return m_stop; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *estimateLabel() const { return m_estimate; }

    // The app's default folder for a new run on `modelName`: <AppDataLocation>/adapters/
    // <model name>-<yyyyMMdd-HHmmss>.
    static QString defaultOutputFolder(const QString &modelName);

signals:
    // "Chat with this adapter": the adapter file for the chat to run through.
    void chatWithAdapterRequested(const QString &adapterPath);
    // Something the status bar should show.
    void statusMessage(const QString &text);
    void reportChanged();

protected:
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void buildUi();
    QWidget *buildDataPage();
    QWidget *buildSettingsPage();
    QWidget *buildTrainingPage();
    QWidget *buildAdapterPage();
    // Registers a text setter run now and on every language change.
    void texts(std::function<void()> apply);
    void retranslate();

    void onModelLoaded(const session::ModelInfo &info);
    void onModelUnloaded();
    void onDatasetChecked(const session::DatasetReport &report);
    void onTrainingStarted(const QString &outDir, bool resumed, qint64 step, qint64 totalSteps);
    void onTrainingProgress(const train::TrainProgress &p);
    void onTrainingSample(qint64 step, const QString &prompt, const QString &answer);
    void onTrainingPaused(const QString &outDir, qint64 step, qint64 totalSteps);
    void onTrainingFinished(const session::TrainResult &result);
    void onTrainingFailed(const QString &error, const QString &hint);
    void onExportProgress(double fraction);
    void onExportFinished(const QString &path);
    void onExportFailed(const QString &error, bool cancelled);

    // One line with the run's settings (rank, alpha, projections, learning rate and schedule,
    // tokens per step) above its charts; empty before the first run.
    QString runSummary() const;
    void onPresetChosen();
    void onSettingsEdited();
    void applyConfigToFields(const train::TrainConfig &c);
    void updateEstimate();
    void updateActions();
    void showReport();
    void setStatus(const QString &text, bool error = false);
    bool folderHasCheckpoint() const;
    QString finishedAdapterIn(const QString &folder) const;
    // The folder of the last finished run (else the output folder): what the exports copy.
    QString resultFolder() const;
    void chooseDataFile();
    void chooseValidationFile();
    void chooseOutputFolder();
    void exportPeft();
    void exportGguf();
    void exportMerged();

    EngineHost *m_engine;
    State m_state = State::Idle;
    bool m_modelLoaded = false;
    QString m_modelPath, m_modelName;
    std::optional<model::Gemma4Config> m_config;
    model::GpuMemoryEstimate m_memory;
    train::TrainDevice m_device = train::TrainDevice::Gpu;
    QString m_deviceName;  // ModelInfo::device: with the model path, what a measured speed is for
    // Trained tokens and the seconds of the steps that trained them, as the last run on a model
    // and device measured them (TrainProgress): the speed the next run's estimate uses.
    struct MeasuredSpeed {
        qint64 tokens = 0;
        double seconds = 0;
    };
    std::map<std::pair<QString, QString>, MeasuredSpeed> m_measured;  // (model path, device)
    MeasuredSpeed m_runSpeed;                                         // the run in progress, so far
    std::optional<session::DatasetReport> m_report;
    bool m_outputEdited = false;  // the user chose the folder (no new default per model or run)
    bool m_updating = false;      // fields are being set from a configuration
    QString m_chartFolder;        // the run the charts show
    QString m_resultFolder;       // the last finished run
    qint64 m_runTotal = 0, m_runStartStep = 0;
    int m_runEpochs = 1;
    std::optional<train::TrainConfig> m_runConfig;  // the settings of the run the charts show
    QElapsedTimer m_runTimer;
    std::vector<std::function<void()>> m_texts;

    QLabel *m_modelLabel = nullptr;
    QTabWidget *m_tabs = nullptr;
    // Data.
    QLineEdit *m_dataPath = nullptr, *m_validationPath = nullptr;
    QPushButton *m_chooseData = nullptr, *m_chooseValidation = nullptr, *m_check = nullptr;
    QDoubleSpinBox *m_split = nullptr;
    QCheckBox *m_skipBad = nullptr;
    QLabel *m_reportSummary = nullptr;
    QPlainTextEdit *m_reportText = nullptr;
    QTextBrowser *m_examples = nullptr;
    // Settings.
    QComboBox *m_preset = nullptr, *m_schedule = nullptr;
    QSpinBox *m_rank = nullptr, *m_epochs = nullptr, *m_maxSteps = nullptr,
             *m_batchTokens = nullptr, *m_evalEvery = nullptr, *m_checkpointEvery = nullptr,
             *m_seed = nullptr, *m_maxTokens = nullptr;
    QDoubleSpinBox *m_alpha = nullptr, *m_dropout = nullptr, *m_lr = nullptr, *m_warmup = nullptr,
                   *m_maxGradNorm = nullptr;
    std::map<train::LoraTarget, QCheckBox *> m_targets;
    QLineEdit *m_outDir = nullptr;
    QPushButton *m_chooseOut = nullptr;
    QPlainTextEdit *m_prompts = nullptr;
    // Training.
    QLabel *m_runLabel = nullptr, *m_stepLabel = nullptr, *m_epochLabel = nullptr,
           *m_speedLabel = nullptr, *m_etaLabel = nullptr, *m_lossLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    TrainingCharts *m_charts = nullptr;
    QLabel *m_samplesLabel = nullptr;
    QTreeWidget *m_samples = nullptr;
    // Adapter.
    QLabel *m_adapterLabel = nullptr;
    QPushButton *m_chatWithAdapter = nullptr, *m_exportPeft = nullptr, *m_exportGguf = nullptr,
                *m_exportMerged = nullptr, *m_cancelExport = nullptr;
    QComboBox *m_mergedType = nullptr;
    QProgressBar *m_exportProgress = nullptr;
    // Always in view.
    QLabel *m_estimate = nullptr, *m_status = nullptr;
    QPushButton *m_start = nullptr, *m_pause = nullptr, *m_stop = nullptr;
};

}  // namespace facet::app
