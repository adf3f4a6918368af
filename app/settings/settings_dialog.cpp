// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "settings_dialog.h"

#include "language_manager.h"
#include "sampling_editor.h"
#include "theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace facet::app {

namespace {

QLabel *noteLabel(QWidget *parent, const char *name) {
    auto *label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(name));
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    return label;
}

}  // namespace

SettingsDialog::SettingsDialog(AppSettings &settings, LanguageManager *languages, QWidget *parent)
    : QDialog(parent), m_settings(settings), m_languages(languages) {
    setObjectName(QStringLiteral("settingsDialog"));
    buildUi();
    retranslate();
    load();
}

void SettingsDialog::buildUi() {
    auto *layout = new QVBoxLayout(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("settingsPages"));
    layout->addWidget(m_tabs, 1);

    m_generalPage = buildGeneralPage();
    m_gpuPage = buildGpuPage();
    m_modelPage = buildModelPage();
    m_samplingPage = buildSamplingPage();
    m_downloadsPage = buildDownloadsPage();
    m_finetunePage = buildFinetunePage();
    for (QWidget *page :
         {m_generalPage, m_gpuPage, m_modelPage, m_samplingPage, m_downloadsPage, m_finetunePage}) {
        m_tabs->addTab(page, QString());
    }

    m_buttons =
        new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply |
                                 QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults,
                             this);
    m_buttons->setObjectName(QStringLiteral("settingsButtons"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this,
            &SettingsDialog::apply);
    connect(m_buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            &SettingsDialog::restoreDefaults);
    m_buttons->button(QDialogButtonBox::Ok)->setDefault(true);

    // Any edit re-validates and enables Apply.
    for (QComboBox *combo :
         {m_language, m_theme, m_backend, m_device, m_int8, m_wait, m_context, m_imageTokens}) {
        connect(combo, &QComboBox::currentIndexChanged, this, &SettingsDialog::updateState);
    }
    connect(m_showThinking, &QCheckBox::toggled, this, &SettingsDialog::updateState);
    connect(m_keepTowers, &QCheckBox::toggled, this, &SettingsDialog::updateState);
    connect(m_serverEnabled, &QCheckBox::toggled, this, &SettingsDialog::updateState);
    connect(m_serverPort, &QSpinBox::valueChanged, this, &SettingsDialog::updateState);
    connect(m_serverPort, &QSpinBox::valueChanged, this, &SettingsDialog::updateServerNote);
    connect(m_registry, &QLineEdit::textChanged, this, &SettingsDialog::updateState);
    connect(m_training, &QLineEdit::textChanged, this, &SettingsDialog::updateState);
    connect(m_sampling, &SamplingEditor::changed, this, &SettingsDialog::updateState);
    connect(m_context, &QComboBox::currentIndexChanged, this, [this] {
        const int tokens = m_context->currentData().toInt();
        if (tokens > 0) emit contextLengthEdited(tokens);
    });
}

QWidget *SettingsDialog::buildGeneralPage() {
    auto *page = new QWidget(m_tabs);
    page->setObjectName(QStringLiteral("generalPage"));
    auto *layout = new QVBoxLayout(page);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    m_language = new QComboBox(page);
    m_language->setObjectName(QStringLiteral("language"));
    m_language->addItem(QString(), QStringLiteral(""));
    for (const QString &code : LanguageManager::available())
        m_language->addItem(LanguageManager::nativeName(code), code);
    m_languageLabel = new QLabel(page);
    m_languageLabel->setBuddy(m_language);
    form->addRow(m_languageLabel, m_language);

    m_theme = new QComboBox(page);
    m_theme->setObjectName(QStringLiteral("theme"));
    for (const QString &theme : AppSettings::availableThemes())
        m_theme->addItem(QString(), theme);
    m_themeLabel = new QLabel(page);
    m_themeLabel->setBuddy(m_theme);
    form->addRow(m_themeLabel, m_theme);
    m_themeNote = noteLabel(page, "themeNote");
    form->addRow(m_themeNote);

    m_showThinking = new QCheckBox(page);
    m_showThinking->setObjectName(QStringLiteral("showThinking"));
    form->addRow(m_showThinking);
    layout->addStretch(1);
    return page;
}

QWidget *SettingsDialog::buildGpuPage() {
    auto *page = new QWidget(m_tabs);
    page->setObjectName(QStringLiteral("gpuPage"));
    auto *layout = new QVBoxLayout(page);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    m_backend = new QComboBox(page);
    m_backend->setObjectName(QStringLiteral("gpuBackend"));
    for (const QString &backend : AppSettings::availableBackends())
        m_backend->addItem(QString(), backend);
    m_backendLabel = new QLabel(page);
    m_backendLabel->setBuddy(m_backend);
    form->addRow(m_backendLabel, m_backend);

    m_device = new QComboBox(page);
    m_device->setObjectName(QStringLiteral("gpuDevice"));
    m_device->addItem(QString(), -1);
    m_deviceLabel = new QLabel(page);
    m_deviceLabel->setBuddy(m_device);
    form->addRow(m_deviceLabel, m_device);

    m_int8 = new QComboBox(page);
    m_int8->setObjectName(QStringLiteral("int8Activations"));
    for (const QString &mode : AppSettings::availableInt8Modes())
        m_int8->addItem(QString(), mode);
    m_int8Label = new QLabel(page);
    m_int8Label->setBuddy(m_int8);
    form->addRow(m_int8Label, m_int8);

    m_wait = new QComboBox(page);
    m_wait->setObjectName(QStringLiteral("gpuWait"));
    for (const QString &mode : AppSettings::availableGpuWaits())
        m_wait->addItem(QString(), mode);
    m_waitLabel = new QLabel(page);
    m_waitLabel->setBuddy(m_wait);
    form->addRow(m_waitLabel, m_wait);

    m_gpuNote = noteLabel(page, "gpuNote");
    layout->addWidget(m_gpuNote);
    layout->addStretch(1);
    return page;
}

QWidget *SettingsDialog::buildModelPage() {
    auto *page = new QWidget(m_tabs);
    page->setObjectName(QStringLiteral("modelPage"));
    // One form for the whole page, so that every field starts at the same place; the notes span
    // both columns.
    auto *layout = new QVBoxLayout(page);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    m_context = new QComboBox(page);
    m_context->setObjectName(QStringLiteral("contextLength"));
    // The choices the Models dock offers too; a stored length between them (a hand-edited file)
    // is sorted in by selectContextLength(), so that opening the dialog never changes it.
    for (int n : AppSettings::kContextLengthChoices)
        m_context->addItem(QLocale().toString(n), n);
    m_contextLabel = new QLabel(page);
    m_contextLabel->setBuddy(m_context);
    form->addRow(m_contextLabel, m_context);

    m_contextHint = noteLabel(page, "contextHint");
    m_contextHint->setVisible(false);
    form->addRow(m_contextHint);
    m_contextNote = noteLabel(page, "contextNote");
    form->addRow(m_contextNote);

    // Images and audio.
    m_imageTokens = new QComboBox(page);
    m_imageTokens->setObjectName(QStringLiteral("imageTokens"));
    for (int n : AppSettings::imageTokenChoices())
        m_imageTokens->addItem(QLocale().toString(n), n);
    m_imageTokensLabel = new QLabel(page);
    m_imageTokensLabel->setBuddy(m_imageTokens);
    form->addRow(m_imageTokensLabel, m_imageTokens);
    m_keepTowers = new QCheckBox(page);
    m_keepTowers->setObjectName(QStringLiteral("keepTowersLoaded"));
    form->addRow(QString(), m_keepTowers);
    m_mediaNote = noteLabel(page, "mediaNote");
    form->addRow(m_mediaNote);

    // The local API server: the loaded model for other programs on this computer.
    m_serverEnabled = new QCheckBox(page);
    m_serverEnabled->setObjectName(QStringLiteral("serverEnabled"));
    form->addRow(QString(), m_serverEnabled);
    m_serverPort = new QSpinBox(page);
    m_serverPort->setObjectName(QStringLiteral("serverPort"));
    m_serverPort->setRange(1, 65535);
    m_serverPort->setGroupSeparatorShown(false);
    m_serverPortLabel = new QLabel(page);
    m_serverPortLabel->setBuddy(m_serverPort);
    form->addRow(m_serverPortLabel, m_serverPort);
    m_serverNote = noteLabel(page, "serverNote");
    form->addRow(m_serverNote);
    layout->addStretch(1);
    return page;
}

QWidget *SettingsDialog::buildSamplingPage() {
    auto *page = new QWidget(m_tabs);
    page->setObjectName(QStringLiteral("samplingPage"));
    auto *layout = new QVBoxLayout(page);
    m_samplingNote = noteLabel(page, "samplingNote");
    layout->addWidget(m_samplingNote);
    m_sampling = new SamplingEditor(page);
    layout->addWidget(m_sampling, 1);
    return page;
}

QWidget *SettingsDialog::buildDownloadsPage() {
    auto *page = new QWidget(m_tabs);
    page->setObjectName(QStringLiteral("downloadsPage"));
    auto *layout = new QVBoxLayout(page);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    m_registry = new QLineEdit(page);
    m_registry->setObjectName(QStringLiteral("registryUrl"));
    m_registry->setPlaceholderText(AppSettings::defaultRegistryUrl());
    m_registry->setClearButtonEnabled(true);
    m_registryLabel = new QLabel(page);
    m_registryLabel->setBuddy(m_registry);
    form->addRow(m_registryLabel, m_registry);
    m_registryProblem = noteLabel(page, "registryProblem");
    m_registryProblem->setVisible(false);
    form->addRow(m_registryProblem);
    layout->addStretch(1);
    return page;
}

QWidget *SettingsDialog::buildFinetunePage() {
    auto *page = new QWidget(m_tabs);
    page->setObjectName(QStringLiteral("finetunePage"));
    auto *layout = new QVBoxLayout(page);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    auto *row = new QHBoxLayout;
    m_training = new QLineEdit(page);
    m_training->setObjectName(QStringLiteral("trainingDataPath"));
    m_training->setClearButtonEnabled(true);
    m_browse = new QPushButton(page);
    m_browse->setObjectName(QStringLiteral("browseTrainingData"));
    row->addWidget(m_training, 1);
    row->addWidget(m_browse);
    m_trainingLabel = new QLabel(page);
    m_trainingLabel->setBuddy(m_training);
    form->addRow(m_trainingLabel, row);
    m_trainingNote = noteLabel(page, "trainingNote");
    m_trainingNote->setVisible(false);
    form->addRow(m_trainingNote);
    layout->addStretch(1);
    connect(m_browse, &QPushButton::clicked, this, &SettingsDialog::browseTrainingData);
    return page;
}

void SettingsDialog::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QDialog::changeEvent(event);
}

void SettingsDialog::retranslate() {
    setWindowTitle(tr("Settings"));
    setAccessibleName(tr("Settings"));
    setAccessibleDescription(tr("Facet's preferences, one page per topic"));
    m_tabs->setAccessibleName(tr("Settings pages"));
    m_tabs->setAccessibleDescription(
        tr("General, GPU, Model, Sampling, Downloads and Fine-tune settings; Ctrl+Tab moves to "
           "the next page"));
    m_tabs->setTabText(m_tabs->indexOf(m_generalPage), tr("General"));
    m_tabs->setTabText(m_tabs->indexOf(m_gpuPage), tr("GPU"));
    m_tabs->setTabText(m_tabs->indexOf(m_modelPage), tr("Model", "settings page"));
    m_tabs->setTabText(m_tabs->indexOf(m_samplingPage), tr("Sampling"));
    m_tabs->setTabText(m_tabs->indexOf(m_downloadsPage), tr("Downloads"));
    m_tabs->setTabText(m_tabs->indexOf(m_finetunePage), tr("Fine-tune"));

    // General.
    m_languageLabel->setText(tr("&Language:"));
    m_language->setAccessibleName(tr("Language"));
    m_language->setAccessibleDescription(
        tr("The language of Facet's menus and messages; it changes as soon as you apply it"));
    m_language->setToolTip(tr("Each language is listed by its own name."));
    // Which language "System default" means here, in that language's own name.
    m_language->setItemText(
        0, tr("System default (%1)")
               .arg(LanguageManager::nativeName(
                   LanguageManager::resolveSystemLanguage(QLocale::system().uiLanguages()))));
    m_themeLabel->setText(tr("&Theme:"));
    m_theme->setAccessibleName(tr("Theme"));
    m_theme->setAccessibleDescription(
        tr("Facet's colours: those of the system, or Facet's own light or dark colours"));
    for (int i = 0; i < m_theme->count(); ++i) {
        const QString theme = m_theme->itemData(i).toString();
        m_theme->setItemText(i, theme == u"light"  ? tr("Light")
                                : theme == u"dark" ? tr("Dark")
                                                   : tr("Follow the system"));
    }
    m_themeNote->setText(
        tr("\"Follow the system\" keeps the colours your desktop gives Facet. This version of Qt "
           "cannot detect a dark desktop by itself; choose Dark if Facet stays light on a dark "
           "desktop."));
    m_showThinking->setText(tr("Show the model's thin&king in the chat"));
    m_showThinking->setAccessibleName(tr("Show thinking"));
    m_showThinking->setAccessibleDescription(
        tr("When the model thinks before answering, show its thinking, collapsed, above the "
           "answer"));

    // GPU.
    m_backendLabel->setText(tr("&Graphics API:"));
    m_backend->setAccessibleName(tr("Graphics API"));
    m_backend->setAccessibleDescription(
        tr("The GPU interface Facet computes through; Automatic picks the best one that works"));
    for (int i = 0; i < m_backend->count(); ++i) {
        const QString backend = m_backend->itemData(i).toString();
        QString text;
        if (backend == u"auto")
            text = tr("Automatic");
        else if (backend == u"vulkan")
            text = QStringLiteral("Vulkan");
        else if (backend == u"opengl")
            text = QStringLiteral("OpenGL");
        else if (backend == u"d3d11")
            text = QStringLiteral("Direct3D 11");
        else if (backend == u"d3d12")
            text = QStringLiteral("Direct3D 12");
        else if (backend == u"metal")
            text = QStringLiteral("Metal");
        m_backend->setItemText(i, text);
    }
    m_deviceLabel->setText(tr("De&vice:"));
    m_device->setAccessibleName(tr("GPU device"));
    m_device->setAccessibleDescription(
        tr("Which GPU runs the model when the computer has more than one"));
    retranslateDevices();
    m_int8Label->setText(tr("8-bit a&ctivations:"));
    m_int8->setAccessibleName(tr("8-bit activations"));
    m_int8->setAccessibleDescription(
        tr("Whether the large matrix products round their inputs to 8 bits on GPUs that do "
           "that fast; faster answers, slightly different results"));
    m_int8->setItemText(m_int8->findData(QStringLiteral("auto")),
                        tr("Automatic (where the GPU has a fast int8 dot product)"));
    m_int8->setItemText(m_int8->findData(QStringLiteral("off")),
                        tr("Off (every product in float)"));
    m_int8->setToolTip(
        tr("Automatic: on GPUs with a fast 8-bit integer dot product, the largest matrix products "
           "of each generated token round their inputs to 8 bits, which makes answers faster. "
           "This changes the results slightly: the model may choose other words than with Off. "
           "Off: every product in 32-bit float, as the reference computes it."));
    m_waitLabel->setText(tr("GPU &wait:"));
    m_wait->setAccessibleName(tr("GPU wait"));
    m_wait->setAccessibleDescription(
        tr("How Facet waits for the GPU: adaptive for the lowest latency, or sleep for the least "
           "CPU use"));
    m_wait->setItemText(m_wait->findData(QStringLiteral("adaptive")), tr("Adaptive (low latency)"));
    m_wait->setItemText(m_wait->findData(QStringLiteral("off")), tr("Sleep (least CPU)"));
    m_wait->setToolTip(
        tr("Adaptive: while the GPU computes a step, Facet checks for its end for about as long "
           "as the recent steps took, then sleeps; answers come a little faster, and one CPU core "
           "is busy while the model generates. Sleep: Facet sleeps until the GPU is done; the "
           "least CPU use, answers slightly slower. Applies to Vulkan."));
    m_gpuNote->setText(tr("Changes on this page apply the next time a model is loaded."));

    // Model.
    m_imageTokensLabel->setText(tr("&Tokens per image:"));
    m_imageTokens->setAccessibleName(tr("Tokens per image"));
    m_imageTokens->setAccessibleDescription(
        tr("How many tokens of context an image takes: more see finer detail"));
    m_imageTokens->setToolTip(
        tr("More tokens let the model see finer detail (documents, small "
           "text) and take more of the context."));
    m_keepTowers->setText(tr("&Keep the image and audio encoders loaded"));
    m_keepTowers->setAccessibleName(tr("Keep the image and audio encoders loaded"));
    m_keepTowers->setAccessibleDescription(
        tr("Off: they are released after each message, which saves memory"));
    m_keepTowers->setToolTip(
        tr("Off: they are released after each message, which saves memory "
           "and makes attachments slower."));
    m_mediaNote->setText(
        tr("An image costs at most this many tokens of context; audio costs "
           "25 tokens a second."));
    m_serverEnabled->setText(tr("&Serve the loaded model to other programs (OpenAI API)"));
    m_serverEnabled->setAccessibleName(tr("Serve the loaded model to other programs"));
    m_serverEnabled->setAccessibleDescription(
        tr("An OpenAI-compatible API on this computer only; off by default"));
    m_serverPortLabel->setText(tr("API &port:"));
    m_serverPort->setAccessibleName(tr("API port"));
    m_serverPort->setAccessibleDescription(
        tr("The TCP port on this computer where programs reach the model"));
    updateServerNote();
    m_contextLabel->setText(tr("Conte&xt length:"));
    m_context->setAccessibleName(tr("Context length"));
    m_context->setAccessibleDescription(
        tr("How many tokens a conversation can hold; longer contexts need more GPU memory"));
    m_context->setToolTip(tr("Longer contexts need more GPU memory for the KV cache."));
    m_contextNote->setText(
        tr("A conversation longer than this forgets its beginning. The new length applies the "
           "next time a model is loaded."));
    m_contextHint->setAccessibleName(tr("Memory needed"));

    // Sampling.
    m_samplingNote->setText(
        tr("New conversations start with these values; each conversation can change its own."));

    // Downloads.
    m_registryLabel->setText(tr("&Registry address:"));
    m_registry->setAccessibleName(tr("Registry address"));
    m_registry->setAccessibleDescription(
        tr("The Ollama registry models are downloaded from; leave empty for %1")
            .arg(AppSettings::defaultRegistryUrl()));
    m_registry->setToolTip(
        tr("Leave empty for the official registry, %1.").arg(AppSettings::defaultRegistryUrl()));
    m_registryProblem->setAccessibleName(tr("Problem with the registry address"));

    // Fine-tune.
    m_trainingLabel->setText(tr("&Training data:"));
    m_training->setAccessibleName(tr("Training data file"));
    m_training->setAccessibleDescription(
        tr("The JSONL file the Fine-tune dock starts with, one example per line"));
    m_training->setPlaceholderText(tr("No file chosen"));
    m_browse->setText(tr("&Browse…"));
    m_browse->setAccessibleName(tr("Browse for training data"));
    m_browse->setAccessibleDescription(tr("Opens a file dialog to choose a JSONL file"));
    m_trainingNote->setAccessibleName(tr("Note about the training data file"));

    // The standard buttons' texts come from Qt (translated by Qt's own catalogue).
    m_buttons->setAccessibleName(tr("Dialog buttons"));
    m_buttons->button(QDialogButtonBox::Ok)
        ->setAccessibleDescription(tr("Saves the settings and closes the dialog"));
    m_buttons->button(QDialogButtonBox::Apply)
        ->setAccessibleDescription(tr("Saves the settings and keeps the dialog open"));
    m_buttons->button(QDialogButtonBox::Cancel)
        ->setAccessibleDescription(tr("Closes the dialog without saving the changes"));
    m_buttons->button(QDialogButtonBox::RestoreDefaults)
        ->setAccessibleDescription(
            tr("Puts the default values into every page; OK or Apply saves them"));
    updateState();
}

void SettingsDialog::retranslateDevices() {
    for (int i = 0; i < m_device->count(); ++i) {
        const int index = m_device->itemData(i).toInt();
        if (index < 0)
            m_device->setItemText(i, tr("Default"));
        else if (index < m_deviceNames.size())
            m_device->setItemText(i, tr("GPU %1: %2").arg(index).arg(m_deviceNames[index]));
        else
            m_device->setItemText(i, tr("GPU %1 (not found)").arg(index));
    }
}

void SettingsDialog::setAvailableDevices(const QStringList &names) {
    const int selected = m_device->currentData().toInt();
    m_deviceNames = names;
    const QSignalBlocker block(m_device);
    while (m_device->count() > 1)
        m_device->removeItem(1);
    for (int i = 0; i < names.size(); ++i)
        m_device->addItem(QString(), i);
    selectDevice(selected);
    retranslateDevices();
    updateState();
}

void SettingsDialog::selectDevice(int index) {
    int row = m_device->findData(index);
    if (row < 0) {
        // Not (yet) among the devices the engine listed: keep it rather than silently switching.
        m_device->addItem(QString(), index);
        row = m_device->count() - 1;
        retranslateDevices();
    }
    m_device->setCurrentIndex(row);
}

void SettingsDialog::selectContextLength(int tokens) {
    int row = m_context->findData(tokens);
    if (row < 0) {
        int at = 0;
        while (at < m_context->count() && m_context->itemData(at).toInt() < tokens)
            ++at;
        m_context->insertItem(at, QLocale().toString(tokens), tokens);
        row = at;
    }
    m_context->setCurrentIndex(row);
}

void SettingsDialog::setContextHint(const QString &text) {
    m_contextHint->setText(text);
    m_contextHint->setAccessibleDescription(text);
    m_contextHint->setVisible(!text.isEmpty());
}

SettingsDialog::Values SettingsDialog::defaults() {
    Values v;
    v.language = QStringLiteral("");
    v.theme = QStringLiteral("system");
    v.backend = QStringLiteral("auto");
    v.int8 = QStringLiteral("auto");
    v.gpuWait = QStringLiteral("adaptive");
    v.registryUrl = AppSettings::defaultRegistryUrl();
    v.trainingDataPath = QString();
    v.showThinking = true;
    v.device = -1;
    v.contextLength = AppSettings::kDefaultContextLength;
    v.imageTokens = 280;
    v.keepTowersLoaded = true;
    v.serverEnabled = false;
    v.serverPort = AppSettings::kDefaultServerPort;
    v.sampling = SamplingDefaults{};
    return v;
}

SettingsDialog::Values SettingsDialog::storedValues() const {
    Values v;
    v.language = m_settings.language();
    v.theme = m_settings.theme();
    v.backend = m_settings.gpuBackend();
    v.int8 = m_settings.int8Activations();
    v.gpuWait = m_settings.gpuWait();
    v.registryUrl = m_settings.registryUrl();
    v.trainingDataPath = m_settings.trainingDataPath();
    v.showThinking = m_settings.showThinking();
    v.device = m_settings.gpuDevice();
    v.contextLength = m_settings.contextLength();
    v.imageTokens = m_settings.imageTokens();
    v.keepTowersLoaded = m_settings.keepTowersLoaded();
    v.serverEnabled = m_settings.serverEnabled();
    v.serverPort = m_settings.serverPort();
    v.sampling = m_settings.sampling();
    return v;
}

SettingsDialog::Values SettingsDialog::shownValues() const {
    Values v;
    v.language = m_language->currentData().toString();
    v.theme = m_theme->currentData().toString();
    v.backend = m_backend->currentData().toString();
    v.int8 = m_int8->currentData().toString();
    v.gpuWait = m_wait->currentData().toString();
    const QString registry = m_registry->text().trimmed();
    v.registryUrl = registry.isEmpty() ? AppSettings::defaultRegistryUrl() : registry;
    v.trainingDataPath = m_training->text();
    v.showThinking = m_showThinking->isChecked();
    v.device = m_device->currentData().toInt();
    v.contextLength = m_context->currentData().toInt();
    v.imageTokens = m_imageTokens->currentData().toInt();
    v.keepTowersLoaded = m_keepTowers->isChecked();
    v.serverEnabled = m_serverEnabled->isChecked();
    v.serverPort = m_serverPort->value();
    v.sampling = m_sampling->sampling();
    return v;
}

void SettingsDialog::showValues(const Values &v) {
    m_language->setCurrentIndex(std::max(0, m_language->findData(v.language)));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(v.theme)));
    m_backend->setCurrentIndex(std::max(0, m_backend->findData(v.backend)));
    m_int8->setCurrentIndex(std::max(0, m_int8->findData(v.int8)));
    m_wait->setCurrentIndex(std::max(0, m_wait->findData(v.gpuWait)));
    selectDevice(v.device);
    selectContextLength(v.contextLength);
    m_imageTokens->setCurrentIndex(std::max(0, m_imageTokens->findData(v.imageTokens)));
    m_keepTowers->setChecked(v.keepTowersLoaded);
    m_serverEnabled->setChecked(v.serverEnabled);
    m_serverPort->setValue(v.serverPort);
    m_showThinking->setChecked(v.showThinking);
    m_registry->setText(v.registryUrl == AppSettings::defaultRegistryUrl() ? QString()
                                                                           : v.registryUrl);
    m_training->setText(v.trainingDataPath);
    m_sampling->setSampling(v.sampling);
    updateState();
}

void SettingsDialog::load() {
    showValues(storedValues());
}

void SettingsDialog::restoreDefaults() {
    showValues(defaults());
}

bool SettingsDialog::hasChanges() const {
    return !(shownValues() == storedValues());
}

QString SettingsDialog::registryProblem() const {
    const QString text = m_registry->text().trimmed();
    if (text.isEmpty() || AppSettings::isValidRegistryUrl(text)) return QString();
    return tr("\"%1\" is not a web address. Enter one that starts with https:// or http:// and "
              "names a server, for example %2, or leave the field empty for that one.")
        .arg(text, AppSettings::defaultRegistryUrl());
}

void SettingsDialog::updateServerNote() {
    // The port without a group separator: it is part of an address.
    const QString address =
        QStringLiteral("http://127.0.0.1:%1/v1").arg(QString::number(m_serverPort->value()));
    m_serverNote->setText(
        tr("Programs on this computer reach the model at %1 (chat and text completions, model "
           "list); other computers cannot. Their requests wait behind your own chat and show in "
           "the status bar.")
            .arg(address));
}

void SettingsDialog::updateState() {
    m_serverPort->setEnabled(m_serverEnabled->isChecked());
    const QString registry = registryProblem();
    m_registryProblem->setText(registry);
    m_registryProblem->setAccessibleDescription(registry);
    m_registryProblem->setVisible(!registry.isEmpty());

    const QString path = m_training->text();
    QString trainingNote;
    if (!path.isEmpty()) {
        const QFileInfo info(path);
        if (!info.exists())
            trainingNote =
                tr("This file does not exist (yet). The Fine-tune dock will report it "
                   "again when you start training.");
        else if (!info.isFile())
            trainingNote = tr("This is a folder; choose a JSONL file inside it.");
    }
    m_trainingNote->setText(trainingNote);
    m_trainingNote->setAccessibleDescription(trainingNote);
    m_trainingNote->setVisible(!trainingNote.isEmpty());

    if (QPushButton *applyButton = m_buttons->button(QDialogButtonBox::Apply))
        applyButton->setEnabled(hasChanges());
}

bool SettingsDialog::apply() {
    // Refuse before writing anything: a half-applied dialog would be worse than none.
    if (!m_sampling->isValid()) {
        m_tabs->setCurrentWidget(m_samplingPage);
        m_sampling->setFocus(Qt::OtherFocusReason);
        return false;
    }
    if (!registryProblem().isEmpty()) {
        m_tabs->setCurrentWidget(m_downloadsPage);
        m_registry->setFocus(Qt::OtherFocusReason);
        return false;
    }

    const Values before = storedValues();
    const Values now = shownValues();
    if (now.language != before.language) m_settings.setLanguage(now.language);
    if (now.theme != before.theme) m_settings.setTheme(now.theme);
    if (now.showThinking != before.showThinking) m_settings.setShowThinking(now.showThinking);
    if (now.backend != before.backend) m_settings.setGpuBackend(now.backend);
    if (now.device != before.device) m_settings.setGpuDevice(now.device);
    if (now.int8 != before.int8) m_settings.setInt8Activations(now.int8);
    if (now.gpuWait != before.gpuWait) m_settings.setGpuWait(now.gpuWait);
    if (now.contextLength != before.contextLength) m_settings.setContextLength(now.contextLength);
    if (now.imageTokens != before.imageTokens) m_settings.setImageTokens(now.imageTokens);
    if (now.keepTowersLoaded != before.keepTowersLoaded)
        m_settings.setKeepTowersLoaded(now.keepTowersLoaded);
    if (now.serverEnabled != before.serverEnabled) m_settings.setServerEnabled(now.serverEnabled);
    if (now.serverPort != before.serverPort) m_settings.setServerPort(now.serverPort);
    if (!(now.sampling == before.sampling)) m_settings.setSampling(now.sampling);
    if (now.registryUrl != before.registryUrl) m_settings.setRegistryUrl(now.registryUrl);
    if (now.trainingDataPath != before.trainingDataPath)
        m_settings.setTrainingDataPath(now.trainingDataPath);

    // Language and theme take effect at once; LanguageChange reaches this dialog too.
    if (m_languages &&
        (now.language != before.language || m_languages->requested() != now.language))
        m_languages->apply(now.language);
    if (now.theme != before.theme) applyTheme(now.theme);

    // The stored values may read back differently from the shown ones (e.g. rounding); show them.
    showValues(storedValues());
    emit settingsChanged();
    return true;
}

void SettingsDialog::accept() {
    if (apply()) QDialog::accept();
}

void SettingsDialog::browseTrainingData() {
    const QString start =
        m_training->text().isEmpty() ? QString() : QFileInfo(m_training->text()).absolutePath();
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Choose training data"), start,
                                     tr("JSON Lines (*.jsonl *.jsonl.txt);;All files (*)"));
    if (!file.isEmpty()) m_training->setText(file);
}

}  // namespace facet::app
