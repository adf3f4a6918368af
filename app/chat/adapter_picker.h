// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The chat's adapter row: which LoRA adapter the current conversation runs through ("None", the
// recently used ones, "Browse…"), a switch that turns it off without forgetting it, its strength
// (0–2×, steps of 0.05) and "Compare with base model". It only shows and edits a choice; the chat
// panel stores it with the conversation (ConversationSettings) and in the recent list
// (AppSettings::recentAdapters).
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace facet::app {

class AdapterPicker : public QWidget {
    Q_OBJECT
public:
    static constexpr double kMaxStrength = 2.0;
    static constexpr double kStrengthStep = 0.05;

    explicit AdapterPicker(QWidget *parent = nullptr);

    // Shows a choice (no signal). An adapter not in the recent list is listed for the moment.
    void setChoice(const QString &path, bool enabled, double strength);
    QString path() const { return m_path; }  // "": None
    bool isOn() const;
    double strength() const;
    // The adapters offered besides None (AppSettings::recentAdapters; no signal).
    void setRecent(const QStringList &paths);

    // The user's "Browse…" result, or another part of the app handing over an adapter: checks it
    // (AdapterNames::problem). When it looks like an adapter it becomes the choice (on, strength
    // kept) and changed() is emitted; else false with *error and nothing changes. A file inside a
    // PEFT folder (adapter_config.json, adapter_model.safetensors) stands for the folder.
    bool choose(const QString &path, QString *error);

    QComboBox *choiceBox() const { return m_choice; }
    QCheckBox *onSwitch() const { return m_enabled; }
    QSlider *strengthSlider() const { return m_strength; }
    QLabel *strengthLabel() const { return m_value; }
    QToolButton *compareButton() const { return m_compare; }

signals:
    // The user changed the adapter, switched it on or off, or moved the strength.
    void changed();
    // A picked adapter does not look like one: what is wrong and what to do.
    void problem(const QString &message);
    void compareRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void rebuildChoices();
    void onChoiceActivated(int index);
    void browse();
    void updateState();

    QLabel *m_label = nullptr;
    QComboBox *m_choice = nullptr;
    QCheckBox *m_enabled = nullptr;
    QSlider *m_strength = nullptr;
    QLabel *m_value = nullptr;
    QToolButton *m_compare = nullptr;
    QString m_path;
    QStringList m_recent;
};

}  // namespace facet::app
