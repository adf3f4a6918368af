// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// SettingsDialog: Facet's preferences, one page per topic.
//
//   General    language (applied live), theme (applied live), show thinking
//   GPU        backend and device, 8-bit activations, the GPU wait (used when the next model is
//              loaded)
//   Model      context length, with a memory hint the owner provides
//   Sampling   the defaults new conversations start with (SamplingEditor)
//   Downloads  the Ollama registry address
//   Fine-tune  the training data file
//
// The dialog edits its controls only; OK and Apply write the values that changed to AppSettings
// (refusing, with the page shown and the problem inline, while a value is invalid), switch
// language and theme right away, and emit settingsChanged() for everything else. Cancel leaves the
// settings as they were; Restore Defaults puts the defaults into the controls, to be applied or
// cancelled like any edit.
#pragma once

#include "app_settings.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace facet::app {

class LanguageManager;
class SamplingEditor;

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    // `settings` must outlive the dialog. `languages` (may be null) switches the language on
    // apply; without it the language is only stored.
    explicit SettingsDialog(AppSettings &settings, LanguageManager *languages,
                            QWidget *parent = nullptr);

    // The GPUs the engine found, in its order (index i is device i). The device combo offers
    // "Default" and these; a stored device beyond them stays selectable, marked as not found.
    void setAvailableDevices(const QStringList &names);
    // Text under the context length, e.g. the memory the loaded model needs at that length
    // (the owner computes it; see contextLengthEdited()). Empty hides it.
    void setContextHint(const QString &text);

    // Fills every control from the settings (the constructor does this once).
    void load();
    // Writes the controls' values that differ from the settings, applies language and theme and
    // emits settingsChanged(). False, with nothing written, when a value is invalid (that page is
    // shown and its message says what to fix).
    bool apply();
    // Every control to its default (written only by OK/Apply).
    void restoreDefaults();
    // Whether the controls differ from what is stored.
    bool hasChanges() const;

    SamplingEditor *samplingEditor() const { return m_sampling; }
    QTabWidget *pages() const { return m_tabs; }

public slots:
    void accept() override;  // OK: apply(), and close only when that succeeded

signals:
    void settingsChanged();
    // The user picked another context length (for the owner's memory hint).
    void contextLengthEdited(int tokens);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Values {
        QString language, theme, backend, int8, gpuWait, registryUrl, trainingDataPath;
        bool showThinking = true;
        int device = -1;
        int contextLength = AppSettings::kDefaultContextLength;
        int imageTokens = 280;
        bool keepTowersLoaded = true;
        bool serverEnabled = false;
        int serverPort = AppSettings::kDefaultServerPort;
        SamplingDefaults sampling;
        bool operator==(const Values &) const = default;
    };

    void buildUi();
    QWidget *buildGeneralPage();
    QWidget *buildGpuPage();
    QWidget *buildModelPage();
    QWidget *buildSamplingPage();
    QWidget *buildDownloadsPage();
    QWidget *buildFinetunePage();
    void retranslate();
    void retranslateDevices();
    static Values defaults();
    void showValues(const Values &values);
    Values shownValues() const;
    Values storedValues() const;
    void selectContextLength(int tokens);
    void selectDevice(int index);
    void updateState();       // validation messages and the Apply button
    void updateServerNote();  // the API address with the port shown in the spin box
    QString registryProblem() const;
    void browseTrainingData();

    AppSettings &m_settings;
    LanguageManager *m_languages;
    QStringList m_deviceNames;

    QTabWidget *m_tabs = nullptr;
    QWidget *m_generalPage = nullptr;
    QWidget *m_gpuPage = nullptr;
    QWidget *m_modelPage = nullptr;
    QWidget *m_samplingPage = nullptr;
    QWidget *m_downloadsPage = nullptr;
    QWidget *m_finetunePage = nullptr;

    QLabel *m_languageLabel = nullptr;
    QComboBox *m_language = nullptr;
    QLabel *m_themeLabel = nullptr;
    QComboBox *m_theme = nullptr;
    QLabel *m_themeNote = nullptr;
    QCheckBox *m_showThinking = nullptr;

    QLabel *m_backendLabel = nullptr;
    QComboBox *m_backend = nullptr;
    QLabel *m_deviceLabel = nullptr;
    QComboBox *m_device = nullptr;
    QLabel *m_int8Label = nullptr;
    QComboBox *m_int8 = nullptr;
    QLabel *m_waitLabel = nullptr;
    QComboBox *m_wait = nullptr;
    QLabel *m_gpuNote = nullptr;

    QLabel *m_contextLabel = nullptr;
    QComboBox *m_context = nullptr;
    QLabel *m_contextHint = nullptr;
    QLabel *m_contextNote = nullptr;
    QLabel *m_imageTokensLabel = nullptr;
    QComboBox *m_imageTokens = nullptr;
    QCheckBox *m_keepTowers = nullptr;
    QLabel *m_mediaNote = nullptr;
    QCheckBox *m_serverEnabled = nullptr;
    QLabel *m_serverPortLabel = nullptr;
    QSpinBox *m_serverPort = nullptr;
    QLabel *m_serverNote = nullptr;

    QLabel *m_samplingNote = nullptr;
    SamplingEditor *m_sampling = nullptr;

    QLabel *m_registryLabel = nullptr;
    QLineEdit *m_registry = nullptr;
    QLabel *m_registryProblem = nullptr;

    QLabel *m_trainingLabel = nullptr;
    QLineEdit *m_training = nullptr;
    QPushButton *m_browse = nullptr;
    QLabel *m_trainingNote = nullptr;

    QDialogButtonBox *m_buttons = nullptr;
};

}  // namespace facet::app
