// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "sampling_editor.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace facet::app {

namespace {

QDoubleSpinBox *doubleSpin(QWidget *parent, const char *name, double lo, double hi, double step) {
    auto *spin = new QDoubleSpinBox(parent);
    spin->setObjectName(QString::fromLatin1(name));
    spin->setRange(lo, hi);
    spin->setDecimals(2);
    spin->setSingleStep(step);
    spin->setKeyboardTracking(false);  // one changed() per finished entry, not per keystroke
    return spin;
}

QSpinBox *intSpin(QWidget *parent, const char *name, int lo, int hi, int step) {
    auto *spin = new QSpinBox(parent);
    spin->setObjectName(QString::fromLatin1(name));
    spin->setRange(lo, hi);
    spin->setSingleStep(step);
    spin->setKeyboardTracking(false);
    return spin;
}

// The seed text as an unsigned 64-bit number; nullopt-like false when empty or too large.
bool parseSeed(const QString &text, quint64 *seed) {
    bool ok = false;
    const quint64 value = text.trimmed().toULongLong(&ok);
    if (ok) *seed = value;
    return ok;
}

}  // namespace

SamplingEditor::SamplingEditor(QWidget *parent) : QWidget(parent) {
    setObjectName(QStringLiteral("samplingEditor"));
    buildUi();
    retranslate();
    setSampling(SamplingDefaults{});
}

void SamplingEditor::buildUi() {
    auto *outer = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    outer->addLayout(form);

    const auto row = [&](QLabel *&label, QWidget *field) {
        label = new QLabel(this);
        label->setBuddy(field);
        form->addRow(label, field);
    };

    m_temperature = doubleSpin(this, "temperature", 0.0, SamplingLimits::temperatureMax, 0.05);
    row(m_temperatureLabel, m_temperature);
    m_topK = intSpin(this, "topK", 0, SamplingLimits::topKMax, 1);
    row(m_topKLabel, m_topK);
    m_topP = doubleSpin(this, "topP", 0.0, 1.0, 0.01);
    row(m_topPLabel, m_topP);
    m_minP = doubleSpin(this, "minP", 0.0, 1.0, 0.01);
    row(m_minPLabel, m_minP);
    m_repetition = doubleSpin(this, "repetitionPenalty", 0.0, SamplingLimits::penaltyMax, 0.05);
    row(m_repetitionLabel, m_repetition);
    m_presence = doubleSpin(this, "presencePenalty", SamplingLimits::presenceMin,
                            SamplingLimits::presenceMax, 0.1);
    row(m_presenceLabel, m_presence);
    m_frequency = doubleSpin(this, "frequencyPenalty", SamplingLimits::presenceMin,
                             SamplingLimits::presenceMax, 0.1);
    row(m_frequencyLabel, m_frequency);
    m_maxTokens = intSpin(this, "maxTokens", 0, SamplingLimits::maxTokensMax, 256);
    row(m_maxTokensLabel, m_maxTokens);

    auto *seedRow = new QHBoxLayout;
    m_fixedSeed = new QCheckBox(this);
    m_fixedSeed->setObjectName(QStringLiteral("fixedSeed"));
    m_seed = new QLineEdit(this);
    m_seed->setObjectName(QStringLiteral("seed"));
    // Digits only; 20 of them can still exceed 2^64 - 1, which the form reports as a problem.
    m_seed->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("^[0-9]{0,20}$")), m_seed));
    seedRow->addWidget(m_fixedSeed);
    seedRow->addWidget(m_seed, 1);
    form->addRow(seedRow);

    m_think = new QCheckBox(this);
    m_think->setObjectName(QStringLiteral("think"));
    form->addRow(m_think);

    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("samplingProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::PlainText);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_problems->setFocusPolicy(Qt::StrongFocus);  // a screen-reader user can tab to the message
    outer->addWidget(m_problems);
    m_hints = new QLabel(this);
    m_hints->setObjectName(QStringLiteral("samplingHints"));
    m_hints->setWordWrap(true);
    m_hints->setTextFormat(Qt::PlainText);
    outer->addWidget(m_hints);

    auto *buttons = new QHBoxLayout;
    m_reset = new QPushButton(this);
    m_reset->setObjectName(QStringLiteral("resetSampling"));
    buttons->addWidget(m_reset);
    buttons->addStretch(1);
    outer->addLayout(buttons);
    outer->addStretch(1);

    for (QDoubleSpinBox *spin :
         {m_temperature, m_topP, m_minP, m_repetition, m_presence, m_frequency}) {
        connect(spin, &QDoubleSpinBox::valueChanged, this, &SamplingEditor::onEdited);
    }
    for (QSpinBox *spin : {m_topK, m_maxTokens})
        connect(spin, &QSpinBox::valueChanged, this, &SamplingEditor::onEdited);
    connect(m_fixedSeed, &QCheckBox::toggled, this, [this](bool on) {
        m_seed->setEnabled(on);
        onEdited();
    });
    connect(m_seed, &QLineEdit::textEdited, this, &SamplingEditor::onEdited);
    connect(m_think, &QCheckBox::toggled, this, &SamplingEditor::onEdited);
    connect(m_reset, &QPushButton::clicked, this, &SamplingEditor::resetToDefaults);

    setTabOrder(m_temperature, m_topK);
    setTabOrder(m_topK, m_topP);
    setTabOrder(m_topP, m_minP);
    setTabOrder(m_minP, m_repetition);
    setTabOrder(m_repetition, m_presence);
    setTabOrder(m_presence, m_frequency);
    setTabOrder(m_frequency, m_maxTokens);
    setTabOrder(m_maxTokens, m_fixedSeed);
    setTabOrder(m_fixedSeed, m_seed);
    setTabOrder(m_seed, m_think);
    setTabOrder(m_think, m_problems);
    setTabOrder(m_problems, m_reset);
}

void SamplingEditor::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void SamplingEditor::retranslate() {
    setAccessibleName(tr("Sampling"));
    setAccessibleDescription(tr("How the model picks each next token of an answer"));

    m_temperatureLabel->setText(tr("&Temperature:"));
    m_temperature->setAccessibleName(tr("Temperature"));
    m_temperature->setAccessibleDescription(
        tr("Randomness of the answer: 0 always takes the most likely token, 1 follows the "
           "model's own probabilities, higher values are more surprising"));
    m_temperature->setToolTip(
        tr("How random the answer is. 0 always takes the most likely token (greedy); 1 samples "
           "the model's own probabilities; higher values give more varied, less focused text."));
    m_temperature->setSpecialValueText(tr("0 (greedy)"));

    m_topKLabel->setText(tr("Top-&k:"));
    m_topK->setAccessibleName(tr("Top-k"));
    m_topK->setAccessibleDescription(
        tr("Only the k most likely tokens can be chosen; 0 turns this limit off"));
    m_topK->setToolTip(
        tr("Only the k most likely next tokens are considered. Smaller values keep the answer "
           "focused. 0 turns the limit off."));
    m_topK->setSpecialValueText(tr("Off"));

    m_topPLabel->setText(tr("Top-&p:"));
    m_topP->setAccessibleName(tr("Top-p"));
    m_topP->setAccessibleDescription(
        tr("Only the most likely tokens that together reach this probability can be chosen; 1 "
           "turns this limit off; must be greater than 0"));
    m_topP->setToolTip(
        tr("Nucleus sampling: only the most likely tokens whose probabilities add up to p are "
           "considered. 1 turns it off; it must be greater than 0."));

    m_minPLabel->setText(tr("&Min-p:"));
    m_minP->setAccessibleName(tr("Min-p"));
    m_minP->setAccessibleDescription(
        tr("Tokens less likely than this fraction of the most likely one are dropped; 0 turns "
           "this off"));
    m_minP->setToolTip(
        tr("Drops tokens whose probability is below this fraction of the most likely token's. "
           "0 turns it off."));
    m_minP->setSpecialValueText(tr("Off"));

    m_repetitionLabel->setText(tr("&Repetition penalty:"));
    m_repetition->setAccessibleName(tr("Repetition penalty"));
    m_repetition->setAccessibleDescription(
        tr("Above 1 makes tokens that already appeared less likely, below 1 more likely; 1 turns "
           "it off; must be greater than 0"));
    m_repetition->setToolTip(
        tr("Divides the score of tokens that appeared recently. Above 1 discourages repeats, "
           "below 1 encourages them, 1 turns it off. It must be greater than 0."));

    m_presenceLabel->setText(tr("Pr&esence penalty:"));
    m_presence->setAccessibleName(tr("Presence penalty"));
    m_presence->setAccessibleDescription(
        tr("Lowers the score of every token that already appeared by this amount; 0 turns it "
           "off"));
    m_presence->setToolTip(
        tr("Subtracted once from the score of every token that appeared recently, however often. "
           "Positive values push the model towards new words and topics. 0 turns it off."));

    m_frequencyLabel->setText(tr("&Frequency penalty:"));
    m_frequency->setAccessibleName(tr("Frequency penalty"));
    m_frequency->setAccessibleDescription(
        tr("Lowers the score of a token by this amount for every time it already appeared; 0 "
           "turns it off"));
    m_frequency->setToolTip(
        tr("Subtracted from a token's score once for every time it appeared recently, so often "
           "repeated words become rarer. 0 turns it off."));

    m_maxTokensLabel->setText(tr("Ma&x tokens:"));
    m_maxTokens->setAccessibleName(tr("Maximum tokens per answer"));
    m_maxTokens->setAccessibleDescription(
        tr("The answer stops after this many tokens; 0 means unlimited, until the model stops "
           "or the context is full"));
    m_maxTokens->setToolTip(
        tr("The most tokens one answer may have. Unlimited: until the model ends its answer or "
           "the context is full."));
    m_maxTokens->setSpecialValueText(tr("Unlimited"));

    m_fixedSeed->setText(tr("Fixed &seed:"));
    m_fixedSeed->setAccessibleName(tr("Use a fixed seed"));
    m_fixedSeed->setAccessibleDescription(
        tr("When checked, the same question with the same settings gives the same answer; "
           "otherwise every answer uses a new random seed"));
    m_fixedSeed->setToolTip(
        tr("With a fixed seed the random choices repeat exactly, so an answer can be "
           "reproduced. Without it every answer draws a new seed."));
    m_seed->setAccessibleName(tr("Seed"));
    m_seed->setAccessibleDescription(
        tr("A whole number from 0 to 18446744073709551615 that starts the random choices"));
    m_seed->setPlaceholderText(tr("for example 42"));
    m_seed->setToolTip(tr("A whole number from 0 to 18446744073709551615."));

    m_think->setText(tr("T&hink before answering"));
    m_think->setAccessibleName(tr("Think before answering"));
    m_think->setAccessibleDescription(
        tr("The model reasons step by step before it answers; slower, often better for hard "
           "questions"));
    m_think->setToolTip(
        tr("Gemma 4 can reason before it answers. The answer takes longer; the thinking can be "
           "shown in the chat."));

    m_reset->setText(tr("Reset to &Gemma 4 defaults"));
    m_reset->setAccessibleName(tr("Reset to Gemma 4 defaults"));
    m_reset->setAccessibleDescription(
        tr("Sets temperature 1.0, top-k 64, top-p 0.95 and turns every other option off"));
    m_reset->setToolTip(tr("Temperature 1.0, top-k 64, top-p 0.95, no penalties, no limit."));

    m_problems->setAccessibleName(tr("Problems with the sampling settings"));
    m_hints->setAccessibleName(tr("Notes about the sampling settings"));
    updateMessages();
}

QString SamplingEditor::fieldName(Field field) const {
    switch (field) {
        case Field::Temperature:
            return tr("Temperature");
        case Field::TopK:
            return tr("Top-k");
        case Field::TopP:
            return tr("Top-p");
        case Field::MinP:
            return tr("Min-p");
        case Field::RepetitionPenalty:
            return tr("Repetition penalty");
        case Field::PresencePenalty:
            return tr("Presence penalty");
        case Field::FrequencyPenalty:
            return tr("Frequency penalty");
        case Field::MaxTokens:
            return tr("Max tokens");
    }
    return QString();
}

QString SamplingEditor::formatValue(Field field, double value) const {
    if (field == Field::TopK || field == Field::MaxTokens) return locale().toString(qint64(value));
    return locale().toString(value, 'g', 6);
}

SamplingDefaults SamplingEditor::sampling() const {
    SamplingDefaults s;
    s.temperature = m_temperature->value();
    s.topK = m_topK->value();
    s.topP = m_topP->value();
    s.minP = m_minP->value();
    s.repetitionPenalty = m_repetition->value();
    s.presencePenalty = m_presence->value();
    s.frequencyPenalty = m_frequency->value();
    s.maxTokens = m_maxTokens->value();
    s.fixedSeed = m_fixedSeed->isChecked();
    quint64 seed = 0;
    s.seed = parseSeed(m_seed->text(), &seed) ? seed : 0;
    s.think = m_think->isChecked();
    return s;
}

void SamplingEditor::setSampling(const SamplingDefaults &s) {
    m_setting = true;
    m_adjustments.clear();
    const auto setDouble = [this](Field field, QDoubleSpinBox *spin, double value, double def) {
        const bool finite = std::isfinite(value);
        spin->setValue(finite ? value : def);
        // The spin box clamps to its range and rounds to its decimals; say so when that changed
        // the value (a conversation saved by another program, a hand-edited file).
        if (!finite || std::fabs(spin->value() - value) > 1e-9) {
            m_adjustments.append(
                {field, finite ? value : std::numeric_limits<double>::quiet_NaN(), spin->value()});
        }
    };
    const auto setInt = [this](Field field, QSpinBox *spin, int value) {
        spin->setValue(value);
        if (spin->value() != value)
            m_adjustments.append({field, double(value), double(spin->value())});
    };
    const SamplingDefaults def;
    setDouble(Field::Temperature, m_temperature, s.temperature, def.temperature);
    setInt(Field::TopK, m_topK, s.topK);
    setDouble(Field::TopP, m_topP, s.topP, def.topP);
    setDouble(Field::MinP, m_minP, s.minP, def.minP);
    setDouble(Field::RepetitionPenalty, m_repetition, s.repetitionPenalty, def.repetitionPenalty);
    setDouble(Field::PresencePenalty, m_presence, s.presencePenalty, def.presencePenalty);
    setDouble(Field::FrequencyPenalty, m_frequency, s.frequencyPenalty, def.frequencyPenalty);
    setInt(Field::MaxTokens, m_maxTokens, s.maxTokens);
    m_fixedSeed->setChecked(s.fixedSeed);
    m_seed->setEnabled(s.fixedSeed);
    // A random-seed setting keeps an empty field rather than showing a meaningless 0.
    m_seed->setText(s.fixedSeed || s.seed != 0 ? QString::number(s.seed) : QString());
    m_think->setChecked(s.think);
    m_setting = false;
    updateMessages();
}

void SamplingEditor::resetToDefaults() {
    const SamplingDefaults before = sampling();
    const QString seedText = m_seed->text();
    SamplingDefaults defaults;
    setSampling(defaults);
    m_seed->setText(seedText);
    updateMessages();
    if (!(sampling() == before)) emit changed();
}

void SamplingEditor::onEdited() {
    if (m_setting) return;
    updateMessages();
    emit changed();
}

QStringList SamplingEditor::problems() const {
    QStringList list;
    const SamplingDefaults s = sampling();
    if (!(s.topP > 0.0))
        list << tr(
            "Top-p must be greater than 0 (1 turns it off); with 0 no token could be "
            "chosen.");
    if (!(s.repetitionPenalty > 0.0))
        list << tr("Repetition penalty must be greater than 0 (1 turns it off).");
    quint64 seed = 0;
    if (s.fixedSeed && !parseSeed(m_seed->text(), &seed)) {
        list << (m_seed->text().trimmed().isEmpty()
                     ? tr("Enter a seed, or uncheck \"Fixed seed\" to use a new random seed for "
                          "every answer.")
                     : tr("The seed must be a whole number from 0 to 18446744073709551615."));
    }
    // The engine's own check, for anything the form's ranges let through (its message names the
    // parameter as the APIs do and is not translated).
    if (list.isEmpty()) {
        const QString engine = s.toParams().validate();
        if (!engine.isEmpty()) list << tr("The engine refuses these settings: %1").arg(engine);
    }
    return list;
}

QStringList SamplingEditor::adjustments() const {
    QStringList list;
    for (const Adjustment &a : m_adjustments) {
        if (std::isnan(a.given)) {
            list << tr("%1 was not a number; it was set to %2.")
                        .arg(fieldName(a.field), formatValue(a.field, a.used));
        } else {
            list << tr("%1 %2 cannot be used; it was changed to %3.")
                        .arg(fieldName(a.field), formatValue(a.field, a.given),
                             formatValue(a.field, a.used));
        }
    }
    return list;
}

QStringList SamplingEditor::hints() const {
    QStringList list;
    const SamplingDefaults s = sampling();
    if (s.temperature == 0.0)
        list << tr(
            "Temperature 0 always takes the most likely token: top-k, top-p, min-p and "
            "the seed have no effect.");
    if (s.repetitionPenalty > 0.0 && s.repetitionPenalty < 1.0)
        list << tr("A repetition penalty below 1 makes repeats more likely.");
    return list;
}

void SamplingEditor::updateMessages() {
    const QStringList errors = problems() + adjustments();
    m_problems->setText(errors.join(u'\n'));
    m_problems->setAccessibleDescription(errors.join(u' '));
    m_problems->setVisible(!errors.isEmpty());
    const QStringList notes = hints();
    m_hints->setText(notes.join(u'\n'));
    m_hints->setAccessibleDescription(notes.join(u' '));
    m_hints->setVisible(!notes.isEmpty());
}

}  // namespace facet::app
