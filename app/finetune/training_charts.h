// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Fine-tune dock's live charts (Qt Charts): training and validation loss over optimizer
// steps, and below it a smaller chart of the learning rate (left axis) and the gradient norm
// before clipping (right axis). Axes follow the points as they come.
#pragma once

#include "train/trainer.h"

#include <QWidget>

class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace facet::app {

class TrainingCharts : public QWidget {
    Q_OBJECT
public:
    explicit TrainingCharts(QWidget *parent = nullptr);

    // Starts empty for a run of `totalSteps` (the step axis' range).
    void reset(qint64 totalSteps);
    void addProgress(const facet::train::TrainProgress &p);

    QLineSeries *lossSeries() const { return m_loss; }
    QLineSeries *validationSeries() const { return m_validation; }
    QLineSeries *learningRateSeries() const { return m_lr; }
    QLineSeries *gradNormSeries() const { return m_grad; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void fitAxes();

    QChart *m_lossChart = nullptr, *m_rateChart = nullptr;
    QChartView *m_lossView = nullptr, *m_rateView = nullptr;
    QLineSeries *m_loss = nullptr, *m_validation = nullptr, *m_lr = nullptr, *m_grad = nullptr;
    QScatterSeries *m_validationPoints = nullptr;
    QValueAxis *m_lossX = nullptr, *m_lossY = nullptr, *m_rateX = nullptr, *m_lrY = nullptr,
               *m_gradY = nullptr;
    qint64 m_totalSteps = 1;
    double m_lossMin = 0, m_lossMax = 0, m_lrMax = 0, m_gradMax = 0;
    bool m_empty = true;
};

}  // namespace facet::app
