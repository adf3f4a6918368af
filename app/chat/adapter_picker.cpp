// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "adapter_picker.h"

#include "adapter_choice.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace facet::app {

namespace {

enum ItemKind { kNone, kAdapter, kBrowse };
constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kPathRole = Qt::UserRole + 2;

int sliderSteps(double strength) {
    return int(std::lround(std::clamp(strength, 0.0, AdapterPicker::kMaxStrength) /
                           AdapterPicker::kStrengthStep));
}

}  // namespace

AdapterPicker::AdapterPicker(QWidget *parent) : QWidget(parent) {
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_choice = new QComboBox(this);
    // Narrow, so the row never widens the Chat dock: long names are elided, the tooltip has
    // the path.
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_choice->setMinimumContentsLength(6);
    m_choice->setMaximumWidth(280);
    m_label->setBuddy(m_choice);
    connect(m_choice, &QComboBox::activated, this, &AdapterPicker::onChoiceActivated);
    m_enabled = new QCheckBox(this);
    m_enabled->setChecked(true);
    connect(m_enabled, &QCheckBox::toggled, this, [this] {
        updateState();
        emit changed();
    });
    m_strength = new QSlider(Qt::Horizontal, this);
    m_strength->setRange(0, sliderSteps(kMaxStrength));
    m_strength->setSingleStep(1);
    m_strength->setPageStep(4);
    m_strength->setValue(sliderSteps(1.0));
    m_strength->setMinimumWidth(40);
    m_strength->setMaximumWidth(140);
    connect(m_strength, &QSlider::valueChanged, this, [this] {
        updateState();
        emit changed();
    });
    m_value = new QLabel(this);
    m_value->setMinimumWidth(m_value->fontMetrics().horizontalAdvance(QStringLiteral("×0.00")));
    m_compare = new QToolButton(this);
    connect(m_compare, &QToolButton::clicked, this, &AdapterPicker::compareRequested);
    row->addWidget(m_label);
    row->addWidget(m_choice, 2);
    row->addWidget(m_enabled);
    row->addWidget(m_strength);
    row->addWidget(m_value);
    row->addWidget(m_compare);
    row->addStretch(1);
    retranslate();
}

void AdapterPicker::setChoice(const QString &path, bool enabled, double strength) {
    m_path = path;
    {
        const QSignalBlocker a(m_enabled), b(m_strength);
        m_enabled->setChecked(enabled);
        m_strength->setValue(sliderSteps(std::isfinite(strength) ? strength : 1.0));
    }
    rebuildChoices();
}

bool AdapterPicker::isOn() const {
    return m_enabled->isChecked();
}

double AdapterPicker::strength() const {
    return m_strength->value() * kStrengthStep;
}

void AdapterPicker::setRecent(const QStringList &paths) {
    m_recent = paths;
    rebuildChoices();
}

bool AdapterPicker::choose(const QString &picked, QString *error) {
    QString path = QDir::cleanPath(picked);
    const QFileInfo info(path);
    if (info.isFile() && (info.fileName() == QLatin1String("adapter_config.json") ||
                          info.fileName() == QLatin1String("adapter_model.safetensors"))) {
        path = info.absolutePath();
    }
    const QString why = AdapterNames::problem(path);
    if (!why.isEmpty()) {
        if (error) *error = why;
        return false;
    }
    m_path = path;
    {
        const QSignalBlocker block(m_enabled);
        m_enabled->setChecked(true);
    }
    rebuildChoices();
    emit changed();
    return true;
}

void AdapterPicker::rebuildChoices() {
    const QSignalBlocker block(m_choice);
    m_choice->clear();
    m_choice->addItem(tr("None"));
    m_choice->setItemData(0, kNone, kKindRole);
    m_choice->setItemData(0, tr("The base model, without an adapter"), Qt::ToolTipRole);
    QStringList paths = m_recent;
    if (!m_path.isEmpty() && !paths.contains(m_path)) paths.prepend(m_path);
    int current = 0;
    for (const QString &p : paths) {
        m_choice->addItem(AdapterNames::name(p));
        const int i = m_choice->count() - 1;
        m_choice->setItemData(i, kAdapter, kKindRole);
        m_choice->setItemData(i, p, kPathRole);
        m_choice->setItemData(i, QDir::toNativeSeparators(p), Qt::ToolTipRole);
        if (p == m_path) current = i;
    }
    m_choice->addItem(tr("Browse…"));
    m_choice->setItemData(m_choice->count() - 1, kBrowse, kKindRole);
    m_choice->setItemData(m_choice->count() - 1, tr("A PEFT adapter folder or a GGUF LoRA file"),
                          Qt::ToolTipRole);
    m_choice->setCurrentIndex(current);
    updateState();
}

void AdapterPicker::onChoiceActivated(int index) {
    const int kind = m_choice->itemData(index, kKindRole).toInt();
    if (kind == kBrowse) {
        rebuildChoices();  // back to the current choice while the dialog is open
        browse();
        return;
    }
    const QString path =
        kind == kAdapter ? m_choice->itemData(index, kPathRole).toString() : QString();
    if (path == m_path) return;
    if (!path.isEmpty()) {
        QString error;
        if (!choose(path, &error)) {
            rebuildChoices();
            emit problem(error);
        }
        return;
    }
    m_path.clear();
    rebuildChoices();
    emit changed();
}

void AdapterPicker::browse() {
    const QString start =
        m_path.isEmpty() ? QString() : QFileInfo(QDir::cleanPath(m_path)).absolutePath();
    const QString picked = QFileDialog::getOpenFileName(
        this, tr("Choose an adapter"), start,
        tr("Adapters (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA "
           "(*.gguf);;PEFT adapter folder (adapter_config.json);;All files (*)"));
    if (picked.isEmpty()) return;
    QString error;
    if (!choose(picked, &error)) emit problem(error);
}

void AdapterPicker::updateState() {
    const bool chosen = !m_path.isEmpty();
    m_enabled->setEnabled(chosen);
    m_strength->setEnabled(chosen && m_enabled->isChecked());
    m_value->setEnabled(chosen && m_enabled->isChecked());
    m_compare->setEnabled(chosen);
    m_value->setText(tr("×%1").arg(strength(), 0, 'f', 2));
    m_strength->setToolTip(tr("Adapter strength ×%1").arg(strength(), 0, 'f', 2));
    m_choice->setToolTip(chosen ? QDir::toNativeSeparators(m_path)
                                : tr("The base model, without an adapter"));
}

void AdapterPicker::retranslate() {
    m_label->setText(tr("&Adapter:"));
    m_choice->setAccessibleName(tr("Adapter"));
    m_choice->setAccessibleDescription(
        tr("The LoRA adapter this conversation runs through: none, a recent one, or browse for "
           "a PEFT folder or a GGUF LoRA file"));
    m_enabled->setText(tr("On"));
    m_enabled->setToolTip(tr("Run this conversation through the adapter (off keeps the choice)"));
    m_enabled->setAccessibleName(tr("Use the adapter"));
    m_strength->setAccessibleName(tr("Adapter strength"));
    m_strength->setAccessibleDescription(
        tr("How strongly the adapter changes the model, from 0 (the base model) to 2 times"));
    m_value->setAccessibleName(tr("Adapter strength value"));
    m_compare->setText(tr("Compare"));
    m_compare->setToolTip(
        tr("Answer the message you are typing, or else the last question, once from the base "
           "model and once through the adapter, side by side"));
    m_compare->setAccessibleName(tr("Compare with base model"));
    rebuildChoices();
}

void AdapterPicker::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

}  // namespace facet::app
