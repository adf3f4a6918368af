// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// SamplingEditor: a form for sampling parameters, used by the Settings dialog for the defaults
// and by the chat for a conversation's own settings.
//
// Every field has a spin box with the range that makes sense (SamplingLimits), a tooltip that
// says what it does and an accessible name and description. Values the form cannot show as given
// (outside the range, not a number, more precise than its steps) are changed to the nearest one it
// can, and a note under the form says so until the next setSampling(). Values the engine would
// refuse (top-p or repetition penalty 0, a fixed seed that is not a 64-bit number) are shown as
// problems inline; isValid() is false while there are any.
#pragma once

#include "app_settings.h"

#include <QStringList>
#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace facet::app {

class SamplingEditor : public QWidget {
    Q_OBJECT
public:
    explicit SamplingEditor(QWidget *parent = nullptr);

    // The values as the form shows them (check isValid() before using them; with an invalid seed
    // text the seed reads 0).
    SamplingDefaults sampling() const;
    // Shows `s` (no changed() signal). Values the form cannot hold are adjusted and noted.
    void setSampling(const SamplingDefaults &s);
    // Gemma 4's recommended values (temperature 1.0, top-k 64, top-p 0.95, everything else off);
    // the form's seed text is kept. Emits changed() when anything changed.
    void resetToDefaults();

    bool isValid() const { return problems().isEmpty(); }
    // What is wrong, one translated sentence per problem (what is shown inline).
    QStringList problems() const;
    // The notes about adjusted values from the last setSampling(), translated.
    QStringList adjustments() const;
    // Informational notes about the current values (e.g. greedy decoding ignores top-k).
    QStringList hints() const;

signals:
    // The user changed a value (or pressed Reset).
    void changed();

protected:
    void changeEvent(QEvent *event) override;

private:
    enum class Field {
        Temperature,
        TopK,
        TopP,
        MinP,
        RepetitionPenalty,
        PresencePenalty,
        FrequencyPenalty,
        MaxTokens
    };
    struct Adjustment {
        Field field;
        double given;  // NaN when it was not a number
        double used;
    };

    void buildUi();
    void retranslate();
    void updateMessages();
    void onEdited();
    QString fieldName(Field field) const;
    QString formatValue(Field field, double value) const;

    QLabel *m_temperatureLabel = nullptr;
    QDoubleSpinBox *m_temperature = nullptr;
    QLabel *m_topKLabel = nullptr;
    QSpinBox *m_topK = nullptr;
    QLabel *m_topPLabel = nullptr;
    QDoubleSpinBox *m_topP = nullptr;
    QLabel *m_minPLabel = nullptr;
    QDoubleSpinBox *m_minP = nullptr;
    QLabel *m_repetitionLabel = nullptr;
    QDoubleSpinBox *m_repetition = nullptr;
    QLabel *m_presenceLabel = nullptr;
    QDoubleSpinBox *m_presence = nullptr;
    QLabel *m_frequencyLabel = nullptr;
    QDoubleSpinBox *m_frequency = nullptr;
    QLabel *m_maxTokensLabel = nullptr;
    QSpinBox *m_maxTokens = nullptr;
    QCheckBox *m_fixedSeed = nullptr;
    QLineEdit *m_seed = nullptr;
    QCheckBox *m_think = nullptr;
    QPushButton *m_reset = nullptr;
    QLabel *m_problems = nullptr;
    QLabel *m_hints = nullptr;

    QList<Adjustment> m_adjustments;
    bool m_setting = false;  // inside setSampling(): edits are not the user's
};

}  // namespace facet::app
