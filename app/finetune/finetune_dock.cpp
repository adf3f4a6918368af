// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "finetune_dock.h"

#include "chat/engine_host.h"
#include "train/train_presets.h"
#include "training_charts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtCharts/QLineSeries>

#include <algorithm>
#include <cmath>
#include <limits>

namespace facet::app {

namespace {

using train::LoraTarget;

// The projections the dock offers (the text decoder's attention and FFN; PEFT's "all-linear").
const std::vector<std::pair<LoraTarget, const char *>> &targetChoices() {
    static const std::vector<std::pair<LoraTarget, const char *>> t = {
        {LoraTarget::AttnQ, "q_proj"},      {LoraTarget::AttnK, "k_proj"},
        {LoraTarget::AttnV, "v_proj"},      {LoraTarget::AttnOutput, "o_proj"},
        {LoraTarget::FfnGate, "gate_proj"}, {LoraTarget::FfnUp, "up_proj"},
        {LoraTarget::FfnDown, "down_proj"}};
    return t;
}

bool isDataFile(const QString &path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("jsonl") || suffix == QLatin1String("json") ||
           suffix == QLatin1String("ndjson");
}

QString safeName(QString name) {
    for (QChar &c : name) {
        if (!c.isLetterOrNumber() && c != u'-' && c != u'.' && c != u'_') c = u'-';
    }
    return name.isEmpty() ? QStringLiteral("model") : name;
}

QWidget *scrolled(QWidget *page) {
    auto *area = new QScrollArea;
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

// A field's accessible name from its label ("&Rank:" → "Rank"), also on a spin box's editor.
void nameAfter(QWidget *field, QString label) {
    label.remove(u'&');
    if (label.endsWith(u':')) label.chop(1);
    field->setAccessibleName(label);
    for (QLineEdit *editor : field->findChildren<QLineEdit *>(Qt::FindDirectChildrenOnly)) {
        if (editor->accessibleName().isEmpty() || editor->objectName().startsWith(u"qt_"))
            editor->setAccessibleName(label);
    }
}

QString plural(int n, const QString &one, const QString &many) {
    return (n == 1 ? one : many).arg(QLocale().toString(n));
}

}  // namespace

FineTuneDock::FineTuneDock(EngineHost *engine, QWidget *parent)
    : QWidget(parent), m_engine(engine) {
    setObjectName(QStringLiteral("fineTuneDock"));
    setAcceptDrops(true);
    buildUi();
    applyConfigToFields(train::applyTrainPreset(train::TrainPreset::Balanced));
    retranslate();

    connect(m_engine, &EngineHost::modelLoaded, this, &FineTuneDock::onModelLoaded);
    connect(m_engine, &EngineHost::modelUnloaded, this, &FineTuneDock::onModelUnloaded);
    connect(m_engine, &EngineHost::datasetChecked, this, &FineTuneDock::onDatasetChecked);
    connect(m_engine, &EngineHost::trainingStarted, this, &FineTuneDock::onTrainingStarted);
    connect(m_engine, &EngineHost::trainingProgress, this, &FineTuneDock::onTrainingProgress);
    connect(m_engine, &EngineHost::trainingSample, this, &FineTuneDock::onTrainingSample);
    connect(m_engine, &EngineHost::trainingPaused, this, &FineTuneDock::onTrainingPaused);
    connect(m_engine, &EngineHost::trainingFinished, this, &FineTuneDock::onTrainingFinished);
    connect(m_engine, &EngineHost::trainingFailed, this, &FineTuneDock::onTrainingFailed);
    connect(m_engine, &EngineHost::exportProgress, this, &FineTuneDock::onExportProgress);
    connect(m_engine, &EngineHost::exportFinished, this, &FineTuneDock::onExportFinished);
    connect(m_engine, &EngineHost::exportFailed, this, &FineTuneDock::onExportFailed);
    updateEstimate();
    updateActions();
}

FineTuneDock::~FineTuneDock() = default;

QString FineTuneDock::defaultOutputFolder(const QString &modelName) {
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(base).filePath(
        QStringLiteral("adapters/%1-%2")
            .arg(safeName(modelName),
                 QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
}

void FineTuneDock::texts(std::function<void()> apply) {
    m_texts.push_back(std::move(apply));
}

// ---- Building -----------------------------------------------------------------------------------

void FineTuneDock::buildUi() {
    m_modelLabel = new QLabel(this);
    m_modelLabel->setWordWrap(true);
    m_modelLabel->setObjectName(QStringLiteral("fineTuneModel"));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("fineTuneTabs"));
    m_tabs->addTab(scrolled(buildDataPage()), QString());
    m_tabs->addTab(scrolled(buildSettingsPage()), QString());
    m_tabs->addTab(scrolled(buildTrainingPage()), QString());
    m_tabs->addTab(scrolled(buildAdapterPage()), QString());
    texts([this] {
        m_tabs->setTabText(0, tr("Data"));
        m_tabs->setTabText(1, tr("Settings"));
        m_tabs->setTabText(2, tr("Training"));
        m_tabs->setTabText(3, tr("Adapter"));
    });

    m_estimate = new QLabel(this);
    m_estimate->setObjectName(QStringLiteral("fineTuneEstimate"));
    m_estimate->setWordWrap(true);
    m_estimate->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_start = new QPushButton(this);
    m_start->setObjectName(QStringLiteral("fineTuneStart"));
    m_pause = new QPushButton(this);
    m_pause->setObjectName(QStringLiteral("fineTunePause"));
    m_stop = new QPushButton(this);
    m_stop->setObjectName(QStringLiteral("fineTuneStop"));
    connect(m_start, &QPushButton::clicked, this, &FineTuneDock::start);
    connect(m_pause, &QPushButton::clicked, this, &FineTuneDock::pause);
    connect(m_stop, &QPushButton::clicked, this, &FineTuneDock::stop);
    texts([this] {
        m_pause->setText(tr("Pause"));
        m_pause->setToolTip(tr("Saves a checkpoint and stops; Resume continues from it."));
        m_stop->setText(tr("Stop"));
        m_stop->setToolTip(tr("Ends the run now and saves the adapter as it is."));
    });
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("fineTuneStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_pause);
    buttons->addWidget(m_stop);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_modelLabel);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_estimate);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
}

QWidget *FineTuneDock::buildDataPage() {
    auto *page = new QWidget;
    auto *form = new QFormLayout;
    m_dataPath = new QLineEdit(page);
    m_dataPath->setObjectName(QStringLiteral("fineTuneData"));
    m_chooseData = new QPushButton(page);
    auto *dataRow = new QHBoxLayout;
    dataRow->addWidget(m_dataPath, 1);
    dataRow->addWidget(m_chooseData);
    auto *dataLabel = new QLabel(page);
    dataLabel->setBuddy(m_dataPath);
    form->addRow(dataLabel, dataRow);

    m_validationPath = new QLineEdit(page);
    m_validationPath->setObjectName(QStringLiteral("fineTuneValidation"));
    m_chooseValidation = new QPushButton(page);
    auto *valRow = new QHBoxLayout;
    valRow->addWidget(m_validationPath, 1);
    valRow->addWidget(m_chooseValidation);
    auto *valLabel = new QLabel(page);
    valLabel->setBuddy(m_validationPath);
    form->addRow(valLabel, valRow);

    m_split = new QDoubleSpinBox(page);
    m_split->setObjectName(QStringLiteral("fineTuneSplit"));
    m_split->setRange(0.0, 50.0);
    m_split->setDecimals(0);
    m_split->setSuffix(QStringLiteral(" %"));
    m_split->setValue(10.0);
    auto *splitLabel = new QLabel(page);
    splitLabel->setBuddy(m_split);
    form->addRow(splitLabel, m_split);
    m_skipBad = new QCheckBox(page);
    m_skipBad->setObjectName(QStringLiteral("fineTuneSkipBad"));
    form->addRow(QString(), m_skipBad);
    m_check = new QPushButton(page);
    m_check->setObjectName(QStringLiteral("fineTuneCheck"));
    form->addRow(QString(), m_check);

    m_reportSummary = new QLabel(page);
    m_reportSummary->setObjectName(QStringLiteral("fineTuneReportSummary"));
    m_reportSummary->setWordWrap(true);
    m_reportSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reportText = new QPlainTextEdit(page);
    m_reportText->setObjectName(QStringLiteral("fineTuneReport"));
    m_reportText->setReadOnly(true);
    m_reportText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_reportText->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_reportText->setMinimumHeight(120);
    m_examples = new QTextBrowser(page);
    m_examples->setObjectName(QStringLiteral("fineTuneExamples"));
    m_examples->setMinimumHeight(120);

    auto *layout = new QVBoxLayout(page);
    layout->addLayout(form);
    layout->addWidget(m_reportSummary);
    layout->addWidget(m_reportText, 1);
    auto *examplesLabel = new QLabel(page);
    layout->addWidget(examplesLabel);
    layout->addWidget(m_examples, 1);

    connect(m_chooseData, &QPushButton::clicked, this, &FineTuneDock::chooseDataFile);
    connect(m_chooseValidation, &QPushButton::clicked, this, &FineTuneDock::chooseValidationFile);
    connect(m_check, &QPushButton::clicked, this, &FineTuneDock::checkData);
    connect(m_dataPath, &QLineEdit::editingFinished, this, [this] {
        m_report.reset();
        showReport();
        updateActions();
    });
    connect(m_validationPath, &QLineEdit::textChanged, this,
            [this] { m_split->setEnabled(m_validationPath->text().trimmed().isEmpty()); });
    texts([=, this] {
        dataLabel->setText(tr("&Training data:"));
        m_dataPath->setPlaceholderText(tr("A JSONL file: choose one or drop it here"));
        m_dataPath->setAccessibleName(tr("Training data file"));
        m_chooseData->setText(tr("Choose…"));
        m_chooseData->setAccessibleName(tr("Choose the training data file"));
        valLabel->setText(tr("&Validation data:"));
        m_validationPath->setPlaceholderText(tr("Optional: a JSONL file of held-out examples"));
        m_validationPath->setAccessibleName(tr("Validation data file"));
        m_chooseValidation->setText(tr("Choose…"));
        m_chooseValidation->setAccessibleName(tr("Choose the validation data file"));
        splitLabel->setText(tr("Or &hold out:"));
        nameAfter(m_split, tr("Share held out for validation"));
        m_split->setToolTip(
            tr("The share of the training data kept for validation when no "
               "validation file is given"));
        m_skipBad->setText(tr("Skip bad lines (train on the good examples)"));
        m_check->setText(tr("Check data"));
        examplesLabel->setText(
            tr("First examples as the model sees them (highlighted: what it learns to write):"));
        m_reportText->setAccessibleName(tr("Data problems and length histogram"));
        m_examples->setAccessibleName(tr("Rendered examples"));
    });
    return page;
}

QWidget *FineTuneDock::buildSettingsPage() {
    auto *page = new QWidget;
    auto *form = new QFormLayout;
    auto *outer = new QVBoxLayout(page);
    outer->addLayout(form);
    outer->addStretch();
    const auto row = [&](QWidget *field, std::function<QString()> text) {
        auto *label = new QLabel(page);
        label->setBuddy(field);
        form->addRow(label, field);
        texts([label, field, text] {
            label->setText(text());
            nameAfter(field, text());
        });
    };
    m_preset = new QComboBox(page);
    m_preset->setObjectName(QStringLiteral("fineTunePreset"));
    for (int i = 0; i < train::kTrainPresetCount; ++i)
        m_preset->addItem(QString(),
                          QString::fromLatin1(train::trainPresetName(train::TrainPreset(i))));
    m_preset->addItem(QString(), QStringLiteral("custom"));
    row(m_preset, [] { return tr("&Preset:"); });

    m_rank = new QSpinBox(page);
    m_rank->setObjectName(QStringLiteral("fineTuneRank"));
    m_rank->setRange(1, 256);
    row(m_rank, [] { return tr("&Rank:"); });
    m_alpha = new QDoubleSpinBox(page);
    m_alpha->setObjectName(QStringLiteral("fineTuneAlpha"));
    m_alpha->setRange(0.5, 1024);
    m_alpha->setDecimals(1);
    row(m_alpha, [] { return tr("&Alpha:"); });
    m_dropout = new QDoubleSpinBox(page);
    m_dropout->setObjectName(QStringLiteral("fineTuneDropout"));
    m_dropout->setRange(0, 0.9);
    m_dropout->setDecimals(2);
    m_dropout->setSingleStep(0.05);
    row(m_dropout, [] { return tr("&Dropout:"); });

    auto *targets = new QWidget(page);
    auto *grid = new QGridLayout(targets);
    grid->setContentsMargins(0, 0, 0, 0);
    int i = 0;
    for (const auto &[target, name] : targetChoices()) {
        auto *box = new QCheckBox(QString::fromLatin1(name), targets);
        box->setObjectName(QStringLiteral("fineTuneTarget_%1").arg(QString::fromLatin1(name)));
        grid->addWidget(box, i / 4, i % 4);
        m_targets[target] = box;
        connect(box, &QCheckBox::toggled, this, &FineTuneDock::onSettingsEdited);
        ++i;
    }
    row(targets, [] { return tr("Adapted projections:"); });

    m_lr = new QDoubleSpinBox(page);
    m_lr->setObjectName(QStringLiteral("fineTuneLearningRate"));
    m_lr->setDecimals(6);
    m_lr->setRange(0.000001, 0.1);
    m_lr->setSingleStep(0.00001);
    row(m_lr, [] { return tr("&Learning rate:"); });
    m_schedule = new QComboBox(page);
    m_schedule->setObjectName(QStringLiteral("fineTuneSchedule"));
    for (const train::LrSchedule s : {train::LrSchedule::Constant, train::LrSchedule::Linear,
                                      train::LrSchedule::Cosine, train::LrSchedule::CosineRestarts})
        m_schedule->addItem(QString(), QString::fromLatin1(train::lrScheduleName(s)));
    row(m_schedule, [] { return tr("&Schedule:"); });
    m_warmup = new QDoubleSpinBox(page);
    m_warmup->setObjectName(QStringLiteral("fineTuneWarmup"));
    m_warmup->setRange(0, 50);
    m_warmup->setDecimals(1);
    m_warmup->setSuffix(QStringLiteral(" %"));
    row(m_warmup, [] { return tr("&Warm-up:"); });
    m_epochs = new QSpinBox(page);
    m_epochs->setObjectName(QStringLiteral("fineTuneEpochs"));
    m_epochs->setRange(1, 1000);
    row(m_epochs, [] { return tr("&Epochs:"); });
    m_maxSteps = new QSpinBox(page);
    m_maxSteps->setObjectName(QStringLiteral("fineTuneMaxSteps"));
    m_maxSteps->setRange(0, std::numeric_limits<int>::max());
    row(m_maxSteps, [] { return tr("Ma&x steps:"); });
    m_batchTokens = new QSpinBox(page);
    m_batchTokens->setObjectName(QStringLiteral("fineTuneBatchTokens"));
    m_batchTokens->setRange(1, 1 << 24);
    m_batchTokens->setSingleStep(512);
    row(m_batchTokens, [] { return tr("&Batch tokens:"); });
    m_maxGradNorm = new QDoubleSpinBox(page);
    m_maxGradNorm->setObjectName(QStringLiteral("fineTuneMaxGradNorm"));
    m_maxGradNorm->setRange(0, 100);
    m_maxGradNorm->setDecimals(2);
    row(m_maxGradNorm, [] { return tr("Max &gradient norm:"); });
    m_evalEvery = new QSpinBox(page);
    m_evalEvery->setObjectName(QStringLiteral("fineTuneEvalEvery"));
    m_evalEvery->setRange(0, 1000000);
    row(m_evalEvery, [] { return tr("E&valuate every (steps):"); });
    m_checkpointEvery = new QSpinBox(page);
    m_checkpointEvery->setObjectName(QStringLiteral("fineTuneCheckpointEvery"));
    m_checkpointEvery->setRange(0, 1000000);
    row(m_checkpointEvery, [] { return tr("&Checkpoint every (steps):"); });
    m_seed = new QSpinBox(page);
    m_seed->setObjectName(QStringLiteral("fineTuneSeed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    row(m_seed, [] { return tr("S&eed:"); });
    m_maxTokens = new QSpinBox(page);
    m_maxTokens->setObjectName(QStringLiteral("fineTuneMaxTokens"));
    m_maxTokens->setRange(16, 1 << 20);
    m_maxTokens->setSingleStep(256);
    m_maxTokens->setValue(2048);
    row(m_maxTokens, [] { return tr("Longest e&xample (tokens):"); });

    m_outDir = new QLineEdit(page);
    m_outDir->setObjectName(QStringLiteral("fineTuneOutput"));
    m_chooseOut = new QPushButton(page);
    auto *outRow = new QWidget(page);
    auto *outLayout = new QHBoxLayout(outRow);
    outLayout->setContentsMargins(0, 0, 0, 0);
    outLayout->addWidget(m_outDir, 1);
    outLayout->addWidget(m_chooseOut);
    row(outRow, [] { return tr("&Output folder:"); });
    m_prompts = new QPlainTextEdit(page);
    m_prompts->setObjectName(QStringLiteral("fineTunePrompts"));
    m_prompts->setMaximumHeight(80);
    row(m_prompts, [] { return tr("Sample &prompts:"); });

    connect(m_preset, &QComboBox::activated, this, &FineTuneDock::onPresetChosen);
    for (QSpinBox *s : {m_rank, m_epochs, m_maxSteps, m_batchTokens, m_evalEvery, m_checkpointEvery,
                        m_seed, m_maxTokens})
        connect(s, &QSpinBox::valueChanged, this, &FineTuneDock::onSettingsEdited);
    for (QDoubleSpinBox *s : {m_alpha, m_dropout, m_lr, m_warmup, m_maxGradNorm})
        connect(s, &QDoubleSpinBox::valueChanged, this, &FineTuneDock::onSettingsEdited);
    connect(m_schedule, &QComboBox::currentIndexChanged, this, &FineTuneDock::onSettingsEdited);
    connect(m_outDir, &QLineEdit::textEdited, this, [this] {
        m_outputEdited = true;
        updateActions();
    });
    connect(m_chooseOut, &QPushButton::clicked, this, &FineTuneDock::chooseOutputFolder);
    texts([this] {
        m_preset->setItemText(0, tr("Quick: rank 8, attention only, 1 epoch"));
        m_preset->setItemText(1, tr("Balanced: rank 16, attention and FFN, 2 epochs"));
        m_preset->setItemText(2, tr("Thorough: rank 32, attention and FFN, 3 epochs, lr 1e-4"));
        m_preset->setItemText(3, tr("Custom"));
        m_schedule->setItemText(0, tr("Constant"));
        m_schedule->setItemText(1, tr("Linear decay"));
        m_schedule->setItemText(2, tr("Cosine"));
        m_schedule->setItemText(3, tr("Cosine with restarts"));
        m_maxSteps->setSpecialValueText(tr("No limit"));
        m_evalEvery->setSpecialValueText(tr("At the end only"));
        m_checkpointEvery->setSpecialValueText(tr("At the end only"));
        m_maxGradNorm->setSpecialValueText(tr("No clipping"));
        m_chooseOut->setText(tr("Choose…"));
        m_outDir->setAccessibleName(tr("Output folder"));
        m_prompts->setAccessibleName(tr("Sample prompts"));
        m_prompts->setPlaceholderText(
            tr("One prompt a line, answered at each evaluation; empty: the first validation "
               "examples' prompts"));
        m_batchTokens->setToolTip(
            tr("Trained tokens per optimizer step (gradients of several "
               "examples are accumulated)"));
        m_maxTokens->setToolTip(tr("Longer examples are cut to this many tokens"));
    });
    return page;
}

QWidget *FineTuneDock::buildTrainingPage() {
    auto *page = new QWidget;
    m_runLabel = new QLabel(page);
    m_runLabel->setObjectName(QStringLiteral("fineTuneRun"));
    m_runLabel->setWordWrap(true);
    m_runLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stepLabel = new QLabel(page);
    m_stepLabel->setObjectName(QStringLiteral("fineTuneStep"));
    m_epochLabel = new QLabel(page);
    m_epochLabel->setObjectName(QStringLiteral("fineTuneEpoch"));
    m_speedLabel = new QLabel(page);
    m_speedLabel->setObjectName(QStringLiteral("fineTuneSpeed"));
    m_etaLabel = new QLabel(page);
    m_etaLabel->setObjectName(QStringLiteral("fineTuneEta"));
    m_lossLabel = new QLabel(page);
    m_lossLabel->setObjectName(QStringLiteral("fineTuneLoss"));
    m_progress = new QProgressBar(page);
    m_progress->setObjectName(QStringLiteral("fineTuneProgress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_charts = new TrainingCharts(page);
    m_samples = new QTreeWidget(page);
    m_samples->setObjectName(QStringLiteral("fineTuneSamples"));
    m_samples->setColumnCount(3);
    m_samples->setRootIsDecorated(false);
    m_samples->setWordWrap(true);
    m_samples->header()->setStretchLastSection(true);
    m_samples->setMinimumHeight(100);

    auto *stats = new QGridLayout;
    stats->addWidget(m_stepLabel, 0, 0);
    stats->addWidget(m_epochLabel, 0, 1);
    stats->addWidget(m_lossLabel, 0, 2);
    stats->addWidget(m_speedLabel, 1, 0);
    stats->addWidget(m_etaLabel, 1, 1);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_runLabel);
    layout->addLayout(stats);
    layout->addWidget(m_progress);
    layout->addWidget(m_charts, 3);
    m_samplesLabel = new QLabel(page);
    m_samplesLabel->setWordWrap(true);
    layout->addWidget(m_samplesLabel);
    layout->addWidget(m_samples, 1);
    texts([this] {
        m_samplesLabel->setText(
            m_modelLoaded && m_device == train::TrainDevice::CpuReference
                ? tr("Sample answers at each evaluation need the GPU: the CPU reference the "
                     "model runs on cannot run an adapter.")
                : tr("Sample answers at each evaluation (greedy, through the adapter of that "
                     "step):"));
        m_runLabel->setText(runSummary());
        m_runLabel->setVisible(m_runConfig.has_value());
        m_samples->setHeaderLabels({tr("Step"), tr("Prompt"), tr("Answer")});
        m_samples->setAccessibleName(tr("Sample answers"));
        m_progress->setAccessibleName(tr("Training progress"));
    });
    return page;
}

QWidget *FineTuneDock::buildAdapterPage() {
    auto *page = new QWidget;
    m_adapterLabel = new QLabel(page);
    m_adapterLabel->setObjectName(QStringLiteral("fineTuneAdapter"));
    m_adapterLabel->setWordWrap(true);
    m_adapterLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_chatWithAdapter = new QPushButton(page);
    m_chatWithAdapter->setObjectName(QStringLiteral("fineTuneChatWithAdapter"));
    m_exportPeft = new QPushButton(page);
    m_exportPeft->setObjectName(QStringLiteral("fineTuneExportPeft"));
    m_exportGguf = new QPushButton(page);
    m_exportGguf->setObjectName(QStringLiteral("fineTuneExportGguf"));
    m_mergedType = new QComboBox(page);
    m_mergedType->setObjectName(QStringLiteral("fineTuneMergedType"));
    for (const char *t : {"base", "q8_0", "f16"})
        m_mergedType->addItem(QString(), QString::fromLatin1(t));
    m_exportMerged = new QPushButton(page);
    m_exportMerged->setObjectName(QStringLiteral("fineTuneExportMerged"));
    m_cancelExport = new QPushButton(page);
    m_exportProgress = new QProgressBar(page);
    m_exportProgress->setRange(0, 1000);
    m_exportProgress->hide();
    m_cancelExport->hide();

    auto *merged = new QHBoxLayout;
    merged->addWidget(m_mergedType);
    merged->addWidget(m_exportMerged);
    merged->addWidget(m_exportProgress, 1);
    merged->addWidget(m_cancelExport);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_adapterLabel);
    layout->addWidget(m_chatWithAdapter);
    layout->addWidget(m_exportPeft);
    layout->addWidget(m_exportGguf);
    layout->addLayout(merged);
    layout->addStretch();

    connect(m_chatWithAdapter, &QPushButton::clicked, this, [this] {
        if (!adapterPath().isEmpty()) emit chatWithAdapterRequested(adapterPath());
    });
    connect(m_exportPeft, &QPushButton::clicked, this, &FineTuneDock::exportPeft);
    connect(m_exportGguf, &QPushButton::clicked, this, &FineTuneDock::exportGguf);
    connect(m_exportMerged, &QPushButton::clicked, this, &FineTuneDock::exportMerged);
    connect(m_cancelExport, &QPushButton::clicked, this, [this] { emit m_engine->cancelExport(); });
    texts([this] {
        m_chatWithAdapter->setText(tr("Chat with this adapter"));
        m_exportPeft->setText(tr("Save as PEFT folder (Hugging Face)…"));
        m_exportGguf->setText(tr("Save as GGUF LoRA (llama.cpp, Ollama ADAPTER)…"));
        m_mergedType->setItemText(0, tr("Weights as in the model"));
        m_mergedType->setItemText(1, tr("Adapted weights as Q8_0"));
        m_mergedType->setItemText(2, tr("Adapted weights as F16"));
        m_mergedType->setAccessibleName(tr("Merged weights' type"));
        m_exportMerged->setText(tr("Export merged GGUF…"));
        m_exportMerged->setToolTip(
            tr("The loaded model with the adapter folded into its weights: "
               "a plain model for Ollama and llama.cpp"));
        m_cancelExport->setText(tr("Cancel"));
        m_exportProgress->setAccessibleName(tr("Export progress"));
    });
    return page;
}

void FineTuneDock::retranslate() {
    for (const auto &apply : m_texts)
        apply();
    if (m_modelLoaded)
        m_modelLabel->setText(
            tr("Training an adapter for <b>%1</b>.").arg(m_modelName.toHtmlEscaped()));
    else
        m_modelLabel->setText(
            tr("No model is loaded: load the model to fine-tune in the Models "
               "panel."));
    showReport();
    updateEstimate();
    updateActions();
}

void FineTuneDock::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange && m_tabs) retranslate();
    QWidget::changeEvent(event);
}

// ---- Files --------------------------------------------------------------------------------------

void FineTuneDock::dragEnterEvent(QDragEnterEvent *event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() && isDataFile(urls.first().toLocalFile()))
        event->acceptProposedAction();
}

void FineTuneDock::dropEvent(QDropEvent *event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile()) return;
    setDataFile(urls.first().toLocalFile());
    m_tabs->setCurrentIndex(0);
    event->acceptProposedAction();
}

void FineTuneDock::setDataFile(const QString &path) {
    m_dataPath->setText(QDir::toNativeSeparators(path));
    m_report.reset();
    if (m_modelLoaded) checkData();
    showReport();
    updateActions();
}

void FineTuneDock::setValidationFile(const QString &path) {
    m_validationPath->setText(QDir::toNativeSeparators(path));
    m_report.reset();
    showReport();
    updateActions();
}

void FineTuneDock::chooseDataFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Training data"), QFileInfo(m_dataPath->text()).absolutePath(),
        tr("JSON Lines (*.jsonl *.json *.ndjson);;All files (*)"));
    if (!path.isEmpty()) setDataFile(path);
}

void FineTuneDock::chooseValidationFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Validation data"), QFileInfo(m_dataPath->text()).absolutePath(),
        tr("JSON Lines (*.jsonl *.json *.ndjson);;All files (*)"));
    if (!path.isEmpty()) setValidationFile(path);
}

void FineTuneDock::chooseOutputFolder() {
    const QString path =
        QFileDialog::getExistingDirectory(this, tr("Output folder"), outputFolder());
    if (path.isEmpty()) return;
    m_outputEdited = true;
    setOutputFolder(path);
}

QString FineTuneDock::outputFolder() const {
    return QDir::fromNativeSeparators(m_outDir->text().trimmed());
}

void FineTuneDock::setOutputFolder(const QString &path) {
    m_outDir->setText(QDir::toNativeSeparators(path));
    m_outputEdited = true;
    updateActions();
}

bool FineTuneDock::folderHasCheckpoint() const {
    const QString dir = outputFolder();
    return !dir.isEmpty() &&
           QFileInfo::exists(QDir(dir).filePath(QStringLiteral("checkpoint/state.json")));
}

QString FineTuneDock::finishedAdapterIn(const QString &folder) const {
    const QString gguf = QDir(folder).filePath(QStringLiteral("adapter.gguf"));
    return !folder.isEmpty() && QFileInfo::exists(gguf) ? gguf : QString();
}

QString FineTuneDock::resultFolder() const {
    if (!m_resultFolder.isEmpty() && !finishedAdapterIn(m_resultFolder).isEmpty())
        return m_resultFolder;
    return outputFolder();
}

QString FineTuneDock::adapterPath() const {
    return finishedAdapterIn(resultFolder());
}

// ---- Data check ---------------------------------------------------------------------------------

void FineTuneDock::checkData() {
    if (!m_modelLoaded) {
        setStatus(tr("Load a model first: the data is measured with its tokenizer."), true);
        return;
    }
    if (m_dataPath->text().trimmed().isEmpty()) {
        setStatus(tr("Choose the training data first."), true);
        return;
    }
    session::DatasetCheckRequest request;
    request.data = trainRequest().data;
    request.renderedExamples = 3;
    m_reportSummary->setText(tr("Checking %1…").arg(QFileInfo(request.data.dataPath).fileName()));
    emit m_engine->checkDataset(request);
}

void FineTuneDock::onDatasetChecked(const session::DatasetReport &report) {
    if (QDir::fromNativeSeparators(m_dataPath->text().trimmed()) != report.data.dataPath) return;
    m_report = report;
    showReport();
    updateEstimate();
    updateActions();
    emit reportChanged();
}

void FineTuneDock::showReport() {
    if (!m_reportSummary) return;
    if (!m_report) {
        m_reportSummary->setText(m_dataPath->text().trimmed().isEmpty()
                                     ? tr("Choose a JSONL file of examples (or drop one here): "
                                          "{\"messages\": […]}, {\"prompt\", \"completion\"} or "
                                          "{\"text\"}, one a line.")
                                     : QString());
        m_reportText->clear();
        m_examples->clear();
        return;
    }
    const session::DatasetReport &r = *m_report;
    if (!r.error.isEmpty()) {
        m_reportSummary->setText(r.error.toHtmlEscaped());
        m_reportText->clear();
        m_examples->clear();
        return;
    }
    QString summary =
        tr("%1 read, %2 for training and %3 for validation.")
            .arg(plural(r.examples, tr("%1 example"), tr("%1 examples")))
            .arg(QLocale().toString(r.trainCount), QLocale().toString(r.validationCount));
    if (r.errorCount > 0)
        summary += u' ' + (r.usable ? tr("%n bad line(s) will be skipped.", nullptr, r.errorCount)
                                    : tr("%n bad line(s): fix them or choose to skip them.",
                                         nullptr, r.errorCount));
    if (!r.cutLines.empty())
        summary += u' ' + tr("%n example(s) longer than %1 tokens will be cut.", nullptr,
                             int(r.cutLines.size()))
                              .arg(QLocale().toString(r.data.maxTokens));
    m_reportSummary->setText(summary);

    QStringList lines;
    for (const session::DatasetIssue &i : r.issues) {
        lines << QStringLiteral("%1 %2: %3")
                     .arg(i.error ? tr("error") : tr("warning"), i.file, i.message);
    }
    if (!lines.isEmpty()) lines << QString();
    lines << tr("Lengths: %1").arg(r.lengthSummary);
    if (!r.validationSummary.isEmpty()) lines << tr("Validation: %1").arg(r.validationSummary);
    if (!r.cutLines.empty()) {
        QStringList cut;
        for (const int l : r.cutLines)
            cut << QString::number(l);
        lines << tr("Cut (longer than %1 tokens): lines %2")
                     .arg(QLocale().toString(r.data.maxTokens), cut.join(QStringLiteral(", ")));
    }
    lines << QString() << tr("Tokens per example:") << r.histogramText;
    m_reportText->setPlainText(lines.join(u'\n'));

    const QPalette pal = palette();
    QString html;
    for (const session::RenderedExample &e : r.rendered) {
        html += QStringLiteral("<p><b>%1</b></p><pre style=\"white-space: pre-wrap\">")
                    .arg(tr("Line %1: %2 tokens, %3 trained%4")
                             .arg(e.line)
                             .arg(e.tokens)
                             .arg(e.trainedTokens)
                             .arg(e.truncated ? tr(" (cut)") : QString()));
        for (const session::RenderedExample::Piece &p : e.pieces) {
            if (p.trained) {
                html +=
                    QStringLiteral("<span style=\"background-color:%1; color:%2\">%3</span>")
                        .arg(pal.color(QPalette::Highlight).name(),
                             pal.color(QPalette::HighlightedText).name(), p.text.toHtmlEscaped());
            } else {
                html += p.text.toHtmlEscaped();
            }
        }
        html += QStringLiteral("</pre>");
    }
    m_examples->setHtml(html);
}

// ---- Settings -----------------------------------------------------------------------------------

train::TrainConfig FineTuneDock::trainConfig() const {
    train::TrainConfig c;
    c.lora.rank = m_rank->value();
    c.lora.alpha = float(m_alpha->value());
    c.lora.dropout = float(m_dropout->value());
    c.lora.targets.clear();
    for (const auto &[target, box] : m_targets) {
        if (box->isChecked()) c.lora.targets.push_back(target);
    }
    c.learningRate = m_lr->value();
    c.schedule = train::lrScheduleByName(m_schedule->currentData().toString().toStdString())
                     .value_or(train::LrSchedule::Cosine);
    c.warmupFraction = m_warmup->value() / 100.0;
    c.epochs = m_epochs->value();
    c.maxSteps = m_maxSteps->value();
    c.batchTokens = m_batchTokens->value();
    c.maxGradNorm = m_maxGradNorm->value();
    c.evalEvery = m_evalEvery->value();
    c.checkpointEvery = m_checkpointEvery->value();
    c.seed = uint64_t(m_seed->value());
    c.baseModel = QFileInfo(m_modelPath).fileName();
    return c;
}

void FineTuneDock::setTrainConfig(const train::TrainConfig &c) {
    applyConfigToFields(c);
}

void FineTuneDock::applyConfigToFields(const train::TrainConfig &c) {
    m_updating = true;
    m_rank->setValue(c.lora.rank);
    m_alpha->setValue(c.lora.alpha);
    m_dropout->setValue(c.lora.dropout);
    for (const auto &[target, box] : m_targets)
        box->setChecked(std::find(c.lora.targets.begin(), c.lora.targets.end(), target) !=
                        c.lora.targets.end());
    m_lr->setValue(c.learningRate);
    m_schedule->setCurrentIndex(
        std::max(0, m_schedule->findData(QString::fromLatin1(train::lrScheduleName(c.schedule)))));
    m_warmup->setValue(c.warmupFraction * 100.0);
    m_epochs->setValue(c.epochs);
    m_maxSteps->setValue(int(std::min<int64_t>(c.maxSteps, std::numeric_limits<int>::max())));
    m_batchTokens->setValue(c.batchTokens);
    m_maxGradNorm->setValue(c.maxGradNorm);
    m_evalEvery->setValue(c.evalEvery);
    m_checkpointEvery->setValue(c.checkpointEvery);
    m_seed->setValue(int(std::min<uint64_t>(c.seed, uint64_t(std::numeric_limits<int>::max()))));
    m_updating = false;
    onSettingsEdited();
}

int FineTuneDock::maxTokens() const {
    return m_maxTokens->value();
}

void FineTuneDock::setMaxTokens(int tokens) {
    m_maxTokens->setValue(tokens);
}

void FineTuneDock::onPresetChosen() {
    const std::optional<train::TrainPreset> p =
        train::trainPresetByName(m_preset->currentData().toString().toStdString());
    if (p) applyConfigToFields(train::applyTrainPreset(*p, trainConfig()));
}

void FineTuneDock::onSettingsEdited() {
    if (m_updating) return;
    const std::optional<train::TrainPreset> p = train::matchingTrainPreset(trainConfig());
    const int index = m_preset->findData(p ? QString::fromLatin1(train::trainPresetName(*p))
                                           : QStringLiteral("custom"));
    if (index >= 0) m_preset->setCurrentIndex(index);
    updateEstimate();
    updateActions();
}

session::TrainRequest FineTuneDock::trainRequest() const {
    session::TrainRequest r;
    r.config = trainConfig();
    r.data.dataPath = QDir::fromNativeSeparators(m_dataPath->text().trimmed());
    r.data.validationPath = QDir::fromNativeSeparators(m_validationPath->text().trimmed());
    r.data.validationSplit = m_split->value() / 100.0;
    r.data.seed = r.config.seed;
    r.data.maxTokens = m_maxTokens->value();
    r.data.skipBadLines = m_skipBad->isChecked();
    r.outDir = outputFolder();
    for (const QString &line : m_prompts->toPlainText().split(u'\n', Qt::SkipEmptyParts)) {
        if (!line.trimmed().isEmpty()) r.prompts << line.trimmed();
    }
    return r;
}

// ---- Estimate -----------------------------------------------------------------------------------

std::optional<train::TrainEstimate> FineTuneDock::estimate() const {
    if (!m_config) return std::nullopt;
    train::TrainDataSize data;
    if (m_report && m_report->error.isEmpty())
        data = {m_report->trainCount, m_report->trainSetTokens, m_report->trainSetTrainedTokens};
    const int longest = std::min(m_maxTokens->value(), std::max(1, m_config->contextLength));
    train::TrainSpeed speed(train::assumedTokensPerSecond(*m_config, m_device));
    const auto measured = m_measured.find({m_modelPath, m_deviceName});
    if (measured != m_measured.end() && measured->second.tokens > 0 && measured->second.seconds > 0)
        speed = train::TrainSpeed(double(measured->second.tokens) / measured->second.seconds, true);
    return train::estimateTraining(*m_config, m_memory, trainConfig(), longest, data, speed);
}

void FineTuneDock::updateEstimate() {
    if (!m_estimate) return;
    const std::optional<train::TrainEstimate> e = estimate();
    if (!e) {
        m_estimate->setText(tr("Load a model to see what training it needs."));
        return;
    }
    QString text = tr("Estimate: about %1 of GPU memory (weights %2, adapter of %3 parameters %4, "
                      "activations %5).")
                       .arg(model::memoryText(e->peakBytes()), model::memoryText(e->weightBytes),
                            QLocale().toString(qlonglong(e->adapterParameters)),
                            model::memoryText(e->adapterBytes),
                            model::memoryText(e->activationBytes + e->logitsBytes));
    if (e->seconds >= 0) {
        const int steps = int(std::min<int64_t>(e->steps, 1 << 30));
        const QString speed =
            QLocale().toString(e->tokensPerSecond, 'f', e->tokensPerSecond < 10 ? 2 : 0);
        const QString tokens = QLocale().toString(qlonglong(e->timedTokens()));
        text +=
            u' ' + (e->measuredSpeed
                        ? tr("About %1 for %n step(s) (%2 trained tokens at %3 tokens/s, the speed "
                             "the last run on this model and device measured).",
                             nullptr, steps)
                        : tr("About %1 for %n step(s) (%2 tokens at an assumed %3 tokens/s; the "
                             "measured speed shows once training runs).",
                             nullptr, steps))
                       .arg(train::durationText(e->seconds), tokens, speed);
    } else {
        text += u' ' + tr("Check the data to estimate the time.");
    }
    m_estimate->setText(text);
}

// ---- Model --------------------------------------------------------------------------------------

void FineTuneDock::onModelLoaded(const session::ModelInfo &info) {
    m_modelLoaded = true;
    m_modelPath = info.path;
    m_modelName = info.name;
    // The configuration and the GPU memory estimate the engine planned, for the training
    // estimate.
    m_config.reset();
    if (info.config) m_config = *info.config;
    m_memory = info.gpuMemory;
    m_deviceName = info.device;
    const QString device = info.device.toLower();
    if (info.memory.isEmpty())
        m_device = train::TrainDevice::CpuReference;
    else if (device.contains(QLatin1String("llvmpipe")) ||
             device.contains(QLatin1String("lavapipe")) ||
             device.contains(QLatin1String("swiftshader")) ||
             device.contains(QLatin1String("software")))
        m_device = train::TrainDevice::SoftwareGpu;
    else
        m_device = train::TrainDevice::Gpu;
    if (m_config && m_config->contextLength > 0)
        m_maxTokens->setMaximum(std::max(16, m_config->contextLength));
    if (!m_outputEdited)
        m_outDir->setText(QDir::toNativeSeparators(defaultOutputFolder(m_modelName)));
    retranslate();
    if (!m_dataPath->text().trimmed().isEmpty()) checkData();
}

void FineTuneDock::onModelUnloaded() {
    m_modelLoaded = false;
    m_config.reset();
    m_report.reset();
    retranslate();
}

// ---- Training -----------------------------------------------------------------------------------

void FineTuneDock::start() {
    if (m_state != State::Idle) return;
    if (!m_modelLoaded) {
        setStatus(tr("No model is loaded: load the model to fine-tune in the Models panel."), true);
        return;
    }
    const session::TrainRequest r = trainRequest();
    if (r.data.dataPath.isEmpty()) {
        setStatus(tr("Choose the training data first."), true);
        return;
    }
    if (r.config.lora.targets.empty()) {
        setStatus(tr("Choose at least one projection to adapt."), true);
        return;
    }
    if (r.outDir.isEmpty()) {
        setStatus(tr("Choose an output folder."), true);
        return;
    }
    if (m_chartFolder != r.outDir || !folderHasCheckpoint()) {
        m_charts->reset(1);
        m_samples->clear();
    }
    m_chartFolder = r.outDir;
    m_runEpochs = r.config.epochs;
    m_runConfig = r.config;
    m_runLabel->setText(runSummary());
    m_runLabel->setVisible(true);
    m_state = State::Training;
    setStatus(folderHasCheckpoint() ? tr("Resuming…") : tr("Preparing the data and the model…"));
    m_tabs->setCurrentIndex(2);
    updateActions();
    emit m_engine->startTraining(r);
}

QString FineTuneDock::runSummary() const {
    if (!m_runConfig) return {};
    const train::TrainConfig &c = *m_runConfig;
    QStringList targets;
    for (const auto &[target, name] : targetChoices())
        if (std::find(c.lora.targets.begin(), c.lora.targets.end(), target) != c.lora.targets.end())
            targets << QString::fromLatin1(name);
    const QString schedule = m_schedule->itemText(
        m_schedule->findData(QString::fromLatin1(train::lrScheduleName(c.schedule))));
    const QLocale locale;
    return QStringList{tr("This run: rank %1, alpha %2 on %3")
                           .arg(c.lora.rank)
                           .arg(locale.toString(c.lora.alpha))
                           .arg(targets.join(QStringLiteral(", "))),
                       tr("learning rate %1 (%2), %3 % warm-up")
                           .arg(locale.toString(c.learningRate), schedule,
                                locale.toString(c.warmupFraction * 100)),
                       tr("trained tokens per step: %1").arg(c.batchTokens)}
        .join(QStringLiteral(" · "));
}

void FineTuneDock::pause() {
    if (m_state != State::Training) return;
    m_state = State::Pausing;
    setStatus(tr("Pausing after this step…"));
    updateActions();
    emit m_engine->pauseTraining();
}

void FineTuneDock::stop() {
    if (m_state != State::Training) return;
    m_state = State::Stopping;
    setStatus(tr("Stopping after this step…"));
    updateActions();
    emit m_engine->stopTraining();
}

void FineTuneDock::onTrainingStarted(const QString &outDir, bool resumed, qint64 step,
                                     qint64 totalSteps) {
    Q_UNUSED(outDir);
    m_runTotal = totalSteps;
    m_runStartStep = step;
    m_runTimer.start();
    m_runSpeed = {};
    if (m_charts->lossSeries()->count() == 0) m_charts->reset(totalSteps);
    m_progress->setRange(0, int(std::min<qint64>(totalSteps, 1 << 30)));
    m_progress->setValue(int(step));
    m_stepLabel->setText(tr("Step %1 of %2").arg(step).arg(totalSteps));
    m_etaLabel->clear();
    m_speedLabel->clear();
    setStatus(resumed ? tr("Training, resumed at step %1 of %2.").arg(step).arg(totalSteps)
                      : tr("Training: %n step(s).", nullptr, int(totalSteps)));
}

void FineTuneDock::onTrainingProgress(const train::TrainProgress &p) {
    m_charts->addProgress(p);
    m_progress->setValue(int(std::min<qint64>(p.step, 1 << 30)));
    m_stepLabel->setText(tr("Step %1 of %2").arg(p.step).arg(p.totalSteps));
    m_epochLabel->setText(tr("Epoch %1 of %2").arg(p.epoch + 1).arg(m_runEpochs));
    m_speedLabel->setText(
        tr("%1 trained tokens/s").arg(p.tokensPerSecond, 0, 'f', p.tokensPerSecond < 10 ? 2 : 0));
    QString loss = tr("Loss %1").arg(p.loss, 0, 'f', 4);
    if (p.validationLoss) loss += u' ' + tr("(validation %1)").arg(*p.validationLoss, 0, 'f', 4);
    m_lossLabel->setText(loss);
    // The run's speed over its steps so far (without evaluations and checkpoints), for the
    // estimate of the next run on this model and device.
    if (p.tokens > 0 && p.tokensPerSecond > 0) {
        m_runSpeed.tokens += p.tokens;
        m_runSpeed.seconds += double(p.tokens) / p.tokensPerSecond;
        m_measured[{m_modelPath, m_deviceName}] = m_runSpeed;
        updateEstimate();
    }
    const qint64 done = p.step - m_runStartStep;
    if (done > 0 && m_runTimer.isValid()) {
        const double perStep = double(m_runTimer.elapsed()) / 1000.0 / double(done);
        m_etaLabel->setText(
            tr("%1 left").arg(train::durationText(perStep * double(p.totalSteps - p.step))));
    }
}

void FineTuneDock::onTrainingSample(qint64 step, const QString &prompt, const QString &answer) {
    auto *item = new QTreeWidgetItem(m_samples, {QString::number(step), prompt, answer});
    item->setToolTip(1, prompt);
    item->setToolTip(2, answer);
    m_samples->scrollToItem(item);
}

void FineTuneDock::onTrainingPaused(const QString &outDir, qint64 step, qint64 totalSteps) {
    m_state = State::Idle;
    setStatus(tr("Paused at step %1 of %2; the checkpoint is in %3. Resume continues from it.")
                  .arg(step)
                  .arg(totalSteps)
                  .arg(QDir::toNativeSeparators(outDir)));
    m_etaLabel->clear();
    updateActions();
}

void FineTuneDock::onTrainingFinished(const session::TrainResult &result) {
    m_state = State::Idle;
    m_etaLabel->clear();
    const QString message =
        result.stoppedEarly ? tr("Stopped at step %1 of %2; the adapter of that step is saved.")
                                  .arg(result.step)
                                  .arg(result.totalSteps)
                            : tr("Training finished: %n step(s).", nullptr, int(result.totalSteps));
    setStatus(message);
    emit statusMessage(message);
    m_resultFolder = result.outDir;
    // The next Start is a new run in a new folder (unless the user chose this one).
    if (!m_outputEdited)
        m_outDir->setText(QDir::toNativeSeparators(defaultOutputFolder(m_modelName)));
    updateActions();
    m_adapterLabel->setText(tr("Adapter: %1 (GGUF LoRA) and %2 (PEFT folder).")
                                .arg(QDir::toNativeSeparators(result.ggufPath),
                                     QDir::toNativeSeparators(result.peftPath)));
    updateActions();
}

void FineTuneDock::onTrainingFailed(const QString &error, const QString &hint) {
    m_state = State::Idle;
    m_etaLabel->clear();
    setStatus(hint.isEmpty() ? error : error + u'\n' + hint, true);
    updateActions();
}

// ---- Exports ------------------------------------------------------------------------------------

bool FineTuneDock::exportPeftTo(const QString &folder, QString *error) {
    const QString source = QDir(resultFolder()).filePath(QStringLiteral("adapter"));
    if (!QFileInfo(source).isDir()) {
        *error =
            tr("There is no finished adapter in %1.").arg(QDir::toNativeSeparators(resultFolder()));
        return false;
    }
    if (!QDir().mkpath(folder)) {
        *error = tr("Cannot create %1.").arg(QDir::toNativeSeparators(folder));
        return false;
    }
    QDirIterator it(source, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString target = QDir(folder).filePath(QDir(source).relativeFilePath(file));
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::remove(target);
        if (!QFile::copy(file, target)) {
            *error = tr("Cannot write %1.").arg(QDir::toNativeSeparators(target));
            return false;
        }
    }
    return true;
}

bool FineTuneDock::exportGgufTo(const QString &path, QString *error) {
    const QString source = adapterPath();
    if (source.isEmpty()) {
        *error =
            tr("There is no finished adapter in %1.").arg(QDir::toNativeSeparators(resultFolder()));
        return false;
    }
    if (QFileInfo(path).absoluteFilePath() == QFileInfo(source).absoluteFilePath()) return true;
    QFile::remove(path);
    if (!QFile::copy(source, path)) {
        *error = tr("Cannot write %1.").arg(QDir::toNativeSeparators(path));
        return false;
    }
    return true;
}

void FineTuneDock::exportMergedTo(const QString &path, const QString &type) {
    if (adapterPath().isEmpty() || m_state != State::Idle) return;
    session::MergeRequest r;
    r.adapterPath = adapterPath();
    r.outPath = path;
    r.type = type;
    m_state = State::Exporting;
    m_exportProgress->setValue(0);
    m_exportProgress->show();
    m_cancelExport->show();
    setStatus(tr("Writing %1…").arg(QDir::toNativeSeparators(path)));
    updateActions();
    emit m_engine->exportMerged(r);
}

void FineTuneDock::exportPeft() {
    const QString parent =
        QFileDialog::getExistingDirectory(this, tr("Save the PEFT adapter in"), QDir::homePath());
    if (parent.isEmpty()) return;
    const QString folder =
        QDir(parent).filePath(QFileInfo(resultFolder()).fileName() + QStringLiteral("-peft"));
    QString error;
    if (exportPeftTo(folder, &error))
        setStatus(tr("Saved the PEFT adapter to %1.").arg(QDir::toNativeSeparators(folder)));
    else
        setStatus(error, true);
}

void FineTuneDock::exportGguf() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the GGUF LoRA"),
        QDir(QDir::homePath())
            .filePath(QFileInfo(resultFolder()).fileName() + QStringLiteral("-lora.gguf")),
        tr("GGUF (*.gguf)"));
    if (path.isEmpty()) return;
    QString error;
    if (exportGgufTo(path, &error))
        setStatus(tr("Saved the GGUF LoRA to %1.").arg(QDir::toNativeSeparators(path)));
    else
        setStatus(error, true);
}

void FineTuneDock::exportMerged() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the merged model"),
        QDir(QDir::homePath())
            .filePath(QFileInfo(resultFolder()).fileName() + QStringLiteral("-merged.gguf")),
        tr("GGUF (*.gguf)"));
    if (!path.isEmpty()) exportMergedTo(path, m_mergedType->currentData().toString());
}

void FineTuneDock::onExportProgress(double fraction) {
    m_exportProgress->setValue(int(fraction * 1000));
}

void FineTuneDock::onExportFinished(const QString &path) {
    m_state = State::Idle;
    m_exportProgress->hide();
    m_cancelExport->hide();
    const QString message =
        tr("Exported the merged model to %1.").arg(QDir::toNativeSeparators(path));
    setStatus(message);
    emit statusMessage(message);
    updateActions();
}

void FineTuneDock::onExportFailed(const QString &error, bool cancelled) {
    m_state = State::Idle;
    m_exportProgress->hide();
    m_cancelExport->hide();
    setStatus(cancelled ? tr("The export was cancelled.") : error, !cancelled);
    updateActions();
}

// ---- State --------------------------------------------------------------------------------------

void FineTuneDock::setStatus(const QString &text, bool error) {
    m_status->setText(text);
    QFont font = m_status->font();
    font.setBold(error);  // errors stand out without a colour that a theme may not suit
    m_status->setFont(font);
    m_status->setAccessibleDescription(text);
}

void FineTuneDock::updateActions() {
    if (!m_start) return;
    const bool idle = m_state == State::Idle;
    const bool training = m_state == State::Training;
    const bool resume = folderHasCheckpoint() && finishedAdapterIn(outputFolder()).isEmpty();
    m_start->setText(resume ? tr("Resume") : tr("Start"));
    m_start->setToolTip(resume ? tr("Continues the run from the checkpoint in the output folder "
                                    "(with the same settings and data).")
                               : tr("Starts training a new adapter."));
    m_start->setEnabled(idle && m_modelLoaded && !m_dataPath->text().trimmed().isEmpty());
    m_pause->setEnabled(training);
    m_stop->setEnabled(training);
    for (QWidget *w : {static_cast<QWidget *>(m_check), static_cast<QWidget *>(m_chooseData),
                       static_cast<QWidget *>(m_chooseOut), static_cast<QWidget *>(m_outDir)})
        w->setEnabled(idle || m_state == State::Exporting);
    m_check->setEnabled(m_modelLoaded && !m_dataPath->text().trimmed().isEmpty());
    const bool haveAdapter = !adapterPath().isEmpty();
    m_chatWithAdapter->setEnabled(haveAdapter && idle);
    m_exportPeft->setEnabled(haveAdapter);
    m_exportGguf->setEnabled(haveAdapter);
    m_exportMerged->setEnabled(haveAdapter && idle && m_modelLoaded);
    if (!haveAdapter)
        m_adapterLabel->setText(tr("No adapter yet: the finished run's adapter appears here."));
}

}  // namespace facet::app
