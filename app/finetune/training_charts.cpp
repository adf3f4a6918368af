// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "training_charts.h"

#include <QEvent>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace facet::app {

namespace {

QChartView *viewOf(QChart *chart, QWidget *parent) {
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFocusPolicy(Qt::StrongFocus);
    return view;
}

}  // namespace

TrainingCharts::TrainingCharts(QWidget *parent) : QWidget(parent) {
    m_lossChart = new QChart;
    m_loss = new QLineSeries(this);
    m_validation = new QLineSeries(this);
    m_validationPoints = new QScatterSeries(this);
    m_validationPoints->setMarkerSize(7);
    m_lossX = new QValueAxis(this);
    m_lossY = new QValueAxis(this);
    m_lossX->setLabelFormat(QStringLiteral("%d"));
    m_lossChart->addAxis(m_lossX, Qt::AlignBottom);
    m_lossChart->addAxis(m_lossY, Qt::AlignLeft);
    for (QXYSeries *s : {static_cast<QXYSeries *>(m_loss), static_cast<QXYSeries *>(m_validation),
                         static_cast<QXYSeries *>(m_validationPoints)}) {
        m_lossChart->addSeries(s);
        s->attachAxis(m_lossX);
        s->attachAxis(m_lossY);
    }
    m_validationPoints->setColor(m_validation->color());
    m_lossChart->legend()->markers(m_validationPoints).first()->setVisible(false);

    m_rateChart = new QChart;
    m_lr = new QLineSeries(this);
    m_grad = new QLineSeries(this);
    m_rateX = new QValueAxis(this);
    m_lrY = new QValueAxis(this);
    m_gradY = new QValueAxis(this);
    m_rateX->setLabelFormat(QStringLiteral("%d"));
    m_lrY->setLabelFormat(QStringLiteral("%.1e"));
    m_rateChart->addAxis(m_rateX, Qt::AlignBottom);
    m_rateChart->addAxis(m_lrY, Qt::AlignLeft);
    m_rateChart->addAxis(m_gradY, Qt::AlignRight);
    m_rateChart->addSeries(m_lr);
    m_lr->attachAxis(m_rateX);
    m_lr->attachAxis(m_lrY);
    m_rateChart->addSeries(m_grad);
    m_grad->attachAxis(m_rateX);
    m_grad->attachAxis(m_gradY);

    m_lossView = viewOf(m_lossChart, this);
    m_lossView->setObjectName(QStringLiteral("lossChart"));
    m_lossView->setMinimumHeight(200);
    m_rateView = viewOf(m_rateChart, this);
    m_rateView->setObjectName(QStringLiteral("rateChart"));
    m_rateView->setMinimumHeight(130);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_lossView, 3);
    layout->addWidget(m_rateView, 2);
    retranslate();
    reset(1);
}

void TrainingCharts::retranslate() {
    m_loss->setName(tr("Training loss"));
    m_validation->setName(tr("Validation loss"));
    m_lr->setName(tr("Learning rate"));
    m_grad->setName(tr("Gradient norm"));
    m_lossX->setTitleText(tr("Step"));
    m_rateX->setTitleText(tr("Step"));
    m_lossView->setAccessibleName(tr("Loss chart"));
    m_lossView->setAccessibleDescription(
        tr("Training and validation loss over the optimizer steps"));
    m_rateView->setAccessibleName(tr("Learning rate and gradient norm chart"));
}

void TrainingCharts::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void TrainingCharts::reset(qint64 totalSteps) {
    m_totalSteps = std::max<qint64>(1, totalSteps);
    for (QXYSeries *s : {static_cast<QXYSeries *>(m_loss), static_cast<QXYSeries *>(m_validation),
                         static_cast<QXYSeries *>(m_validationPoints),
                         static_cast<QXYSeries *>(m_lr), static_cast<QXYSeries *>(m_grad)})
        s->clear();
    m_empty = true;
    m_lossMin = m_lossMax = m_lrMax = m_gradMax = 0;
    fitAxes();
}

void TrainingCharts::addProgress(const train::TrainProgress &p) {
    const double x = double(p.step);
    const auto seen = [this](double v) {
        if (!std::isfinite(v)) return;
        if (m_empty) {
            m_lossMin = m_lossMax = v;
            m_empty = false;
        }
        m_lossMin = std::min(m_lossMin, v);
        m_lossMax = std::max(m_lossMax, v);
    };
    if (std::isfinite(p.loss)) {
        m_loss->append(x, p.loss);
        seen(p.loss);
    }
    if (p.validationLoss && std::isfinite(*p.validationLoss)) {
        m_validation->append(x, *p.validationLoss);
        m_validationPoints->append(x, *p.validationLoss);
        seen(*p.validationLoss);
    }
    if (std::isfinite(p.lr)) {
        m_lr->append(x, p.lr);
        m_lrMax = std::max(m_lrMax, p.lr);
    }
    if (std::isfinite(p.gradNorm)) {
        m_grad->append(x, p.gradNorm);
        m_gradMax = std::max(m_gradMax, p.gradNorm);
    }
    m_totalSteps = std::max<qint64>(m_totalSteps, p.totalSteps);
    fitAxes();
}

void TrainingCharts::fitAxes() {
    m_lossX->setRange(0, double(m_totalSteps));
    m_rateX->setRange(0, double(m_totalSteps));
    // Whole steps at 1, 2 or 5 times a power of ten, about five ticks along the axis.
    const double raw = double(m_totalSteps) / 5.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(std::max(1.0, raw))));
    double interval = 10.0 * magnitude;
    for (const double m : {1.0, 2.0, 5.0}) {
        if (m * magnitude >= raw) {
            interval = m * magnitude;
            break;
        }
    }
    for (QValueAxis *axis : {m_lossX, m_rateX}) {
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setTickInterval(std::max(1.0, interval));
    }
    if (m_empty) {
        m_lossY->setRange(0, 1);
    } else {
        const double pad = std::max(1e-3, (m_lossMax - m_lossMin) * 0.08);
        m_lossY->setRange(std::max(0.0, m_lossMin - pad), m_lossMax + pad);
    }
    m_lrY->setRange(0, m_lrMax > 0 ? m_lrMax * 1.1 : 1e-3);
    m_gradY->setRange(0, m_gradMax > 0 ? m_gradMax * 1.1 : 1.0);
}

}  // namespace facet::app
