// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Fine-tune dock over a real engine thread (EngineHost) and the tiny generated fixture on the
// CPU reference: the presets fill the fields (and editing one makes the run "custom"); a data
// file is checked (counts, problems, histogram, estimate); a short run started from the dock
// fills the charts step by step and leaves an adapter that the dock offers to chat with and
// exports (GGUF LoRA, PEFT folder, merged model).
#include "finetune_dock.h"
#include "chat/engine_host.h"
#include "support/gemma4_fixture.h"
#include "train/train_presets.h"
#include "training_charts.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUrl>
#include <QtCharts/QLineSeries>

#include <gtest/gtest.h>

namespace facet::app {
namespace {

constexpr int kTimeoutMs = 120000;

bool waitFor(QSignalSpy &spy, int count = 1) {
    while (spy.count() < count)
        if (!spy.wait(kTimeoutMs)) return false;
    return true;
}

class FineTuneDockTest : public ::testing::Test {
protected:
    void SetUp() override {
        QStandardPaths::setTestModeEnabled(true);
        ASSERT_TRUE(dir.isValid());
        modelPath = dir.filePath(QStringLiteral("tiny.gguf"));
        QString error;
        ASSERT_TRUE(test::writeGemma4Fixture(modelPath, test::Gemma4FixtureOptions{}, &error))
            << error.toStdString();
    }
    QString writeData(const QByteArray &text) const {
        const QString path = dir.filePath(QStringLiteral("data.jsonl"));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
        return path;
    }
    bool load(EngineHost &host) const {
        QSignalSpy loaded(&host, &EngineHost::modelLoaded);
        session::LoadRequest r;
        r.path = modelPath;
        r.contextLength = 512;
        r.compute = QStringLiteral("cpu");  // no GPU needed: the loss comes from the CPU oracle
        emit host.loadModel(r);
        return waitFor(loaded);
    }
    static void choosePreset(FineTuneDock &dock, const char *name) {
        QComboBox *combo = dock.presetCombo();
        const int i = combo->findData(QString::fromLatin1(name));
        ASSERT_GE(i, 0);
        combo->setCurrentIndex(i);
        emit combo->activated(i);  // what a user's choice sends
    }

    QTemporaryDir dir;
    QString modelPath;
};

TEST_F(FineTuneDockTest, PresetsFillTheFields) {
    EngineHost host;
    FineTuneDock dock(&host);
    auto *rank = dock.findChild<QSpinBox *>(QStringLiteral("fineTuneRank"));
    auto *epochs = dock.findChild<QSpinBox *>(QStringLiteral("fineTuneEpochs"));
    ASSERT_TRUE(rank && epochs);
    // A new dock starts on the balanced preset.
    EXPECT_EQ(dock.presetCombo()->currentData().toString(), QStringLiteral("balanced"));
    EXPECT_EQ(rank->value(), 16);

    choosePreset(dock, "quick");
    EXPECT_EQ(rank->value(), 8);
    EXPECT_EQ(epochs->value(), 1);
    EXPECT_EQ(dock.trainConfig().lora.targets.size(), 4u);
    EXPECT_FALSE(
        dock.findChild<QCheckBox *>(QStringLiteral("fineTuneTarget_down_proj"))->isChecked());

    choosePreset(dock, "thorough");
    const train::TrainConfig c = dock.trainConfig();
    EXPECT_EQ(rank->value(), 32);
    EXPECT_EQ(c.lora.rank, 32);
    EXPECT_FLOAT_EQ(c.lora.alpha, 64.0f);
    EXPECT_EQ(c.epochs, 3);
    EXPECT_NEAR(c.learningRate, 1e-4, 1e-12);
    EXPECT_EQ(c.lora.targets.size(), 7u);
    EXPECT_EQ(train::matchingTrainPreset(c), train::TrainPreset::Thorough);

    // Any field changed by hand makes it a custom run; back to the preset's value, the preset.
    rank->setValue(12);
    EXPECT_EQ(dock.presetCombo()->currentData().toString(), QStringLiteral("custom"));
    rank->setValue(32);
    EXPECT_EQ(dock.presetCombo()->currentData().toString(), QStringLiteral("thorough"));

    // Without a model nothing can start, and the estimate says why it is missing.
    EXPECT_FALSE(dock.startButton()->isEnabled());
    EXPECT_FALSE(dock.estimate().has_value());
    EXPECT_TRUE(dock.estimateLabel()->text().contains(QLatin1String("Load a model")));
}

// A JSONL file dropped on the dock becomes the training data; other files are not taken. The
// default output folder is under the app's data folder, named after the model and the time.
TEST_F(FineTuneDockTest, DroppedFileBecomesTheDataAndFoldersHaveDefaults) {
    EngineHost host;
    FineTuneDock dock(&host);
    const QString data = writeData("{\"text\":\"hello\"}\n");
    const auto drop = [&](const QString &path) {
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&dock, &enter);
        if (!enter.isAccepted()) return false;
        QDropEvent dropped(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&dock, &dropped);
        return true;
    };
    EXPECT_FALSE(drop(modelPath));  // a .gguf is no data set
    ASSERT_TRUE(drop(data));
    EXPECT_EQ(dock.trainRequest().data.dataPath, data);
    // No model: nothing is checked, and Start stays off.
    EXPECT_FALSE(dock.report().has_value());
    EXPECT_FALSE(dock.startButton()->isEnabled());

    const QString folder = FineTuneDock::defaultOutputFolder(QStringLiteral("Gemma 4/E2B"));
    EXPECT_TRUE(
        folder.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u'/'))
        << folder.toStdString();
    EXPECT_TRUE(QFileInfo(folder).fileName().startsWith(QLatin1String("Gemma-4-E2B-")))
        << folder.toStdString();
}

TEST_F(FineTuneDockTest, ChecksDataTrainsChartsAndExports) {
    EngineHost host;
    FineTuneDock dock(&host);
    dock.resize(700, 900);
    dock.show();
    ASSERT_TRUE(load(host));
    EXPECT_TRUE(dock.estimate().has_value());

    // Five good examples and one bad line.
    QByteArray text;
    for (int i = 0; i < 5; ++i)
        text += "{\"prompt\":\"What colour is the sky?\",\"completion\":\"Blue, always blue.\"}\n";
    text += "{\"prompt\": 3}\n";
    QSignalSpy reported(&dock, &FineTuneDock::reportChanged);
    dock.setDataFile(writeData(text));
    ASSERT_TRUE(waitFor(reported));
    ASSERT_TRUE(dock.report().has_value());
    const session::DatasetReport &r = *dock.report();
    EXPECT_EQ(r.examples, 5);
    EXPECT_EQ(r.errorCount, 1);
    EXPECT_FALSE(r.usable);
    auto *problems = dock.findChild<QPlainTextEdit *>(QStringLiteral("fineTuneReport"));
    ASSERT_TRUE(problems);
    EXPECT_TRUE(problems->toPlainText().contains(QLatin1String("line 6")))
        << problems->toPlainText().toStdString();
    EXPECT_TRUE(problems->toPlainText().contains(QLatin1String("|")));  // the histogram

    // Skipping the bad line makes the data usable; the estimate now has a time.
    dock.findChild<QCheckBox *>(QStringLiteral("fineTuneSkipBad"))->setChecked(true);
    dock.checkData();
    ASSERT_TRUE(waitFor(reported, 2));
    EXPECT_TRUE(dock.report()->usable);
    EXPECT_EQ(dock.report()->trainCount + dock.report()->validationCount, 5);
    ASSERT_TRUE(dock.estimate().has_value());
    EXPECT_GT(dock.estimate()->peakBytes(), 0);
    EXPECT_GE(dock.estimate()->seconds, 0);
    EXPECT_TRUE(dock.estimateLabel()->text().contains(QLatin1String("GPU memory")));
    // Before any run the speed is the device class's assumed one; a run with steps never
    // reads "About 0 s".
    EXPECT_FALSE(dock.estimate()->measuredSpeed);
    EXPECT_TRUE(dock.estimateLabel()->text().contains(QLatin1String("assumed")));
    EXPECT_FALSE(dock.estimateLabel()->text().contains(QLatin1String("About 0 s")))
        << dock.estimateLabel()->text().toStdString();

    train::TrainConfig c = dock.trainConfig();
    c.lora.rank = 4;
    c.lora.alpha = 8;
    c.lora.targets = {train::LoraTarget::AttnQ, train::LoraTarget::AttnV};
    c.learningRate = 1e-2;
    c.schedule = train::LrSchedule::Constant;
    c.warmupFraction = 0;
    c.batchTokens = 1;
    c.maxSteps = 4;
    c.evalEvery = 2;
    c.checkpointEvery = 100;
    dock.setTrainConfig(c);
    dock.setMaxTokens(128);
    const QString out = dir.filePath(QStringLiteral("run"));
    dock.setOutputFolder(out);
    EXPECT_EQ(dock.presetCombo()->currentData().toString(), QStringLiteral("custom"));
    ASSERT_TRUE(dock.startButton()->isEnabled());
    EXPECT_EQ(dock.startButton()->text(), QStringLiteral("Start"));

    QSignalSpy started(&host, &EngineHost::trainingStarted);
    QSignalSpy finished(&host, &EngineHost::trainingFinished);
    QSignalSpy failed(&host, &EngineHost::trainingFailed);
    dock.startButton()->click();
    EXPECT_EQ(dock.state(), FineTuneDock::State::Training);
    EXPECT_FALSE(dock.startButton()->isEnabled());
    EXPECT_TRUE(dock.pauseButton()->isEnabled());
    EXPECT_TRUE(dock.stopButton()->isEnabled());
    ASSERT_TRUE(waitFor(started));
    QElapsedTimer timer;
    timer.start();
    while (finished.count() + failed.count() == 0 && timer.elapsed() < kTimeoutMs)
        finished.wait(100);
    ASSERT_EQ(failed.count(), 0) << failed.first().at(0).toString().toStdString();
    ASSERT_EQ(finished.count(), 1);

    // One point per step on the loss, learning-rate and gradient charts; validation at 2 and 4.
    EXPECT_EQ(dock.charts()->lossSeries()->count(), 4);
    EXPECT_EQ(dock.charts()->learningRateSeries()->count(), 4);
    EXPECT_EQ(dock.charts()->gradNormSeries()->count(), 4);
    ASSERT_EQ(dock.charts()->validationSeries()->count(), 2);
    EXPECT_EQ(dock.charts()->validationSeries()->at(1).x(), 4.0);
    EXPECT_EQ(dock.findChild<QLabel *>(QStringLiteral("fineTuneStep"))->text(),
              QStringLiteral("Step 4 of 4"));
    // Above the charts, the settings of the run they show.
    EXPECT_EQ(dock.findChild<QLabel *>(QStringLiteral("fineTuneRun"))->text().toStdString(),
              std::string("This run: rank 4, alpha 8 on q_proj, v_proj · learning rate 0.01 "
                          "(Constant), 0 % warm-up · trained tokens per step: 1"));
    EXPECT_FALSE(dock.findChild<QLabel *>(QStringLiteral("fineTuneSpeed"))->text().isEmpty());
    // The next run's estimate uses the speed this run measured, and says so.
    ASSERT_TRUE(dock.estimate().has_value());
    EXPECT_TRUE(dock.estimate()->measuredSpeed);
    EXPECT_GT(dock.estimate()->tokensPerSecond, 0);
    EXPECT_GT(dock.estimate()->seconds, 0);
    const QString estimate = dock.estimateLabel()->text();
    EXPECT_TRUE(estimate.contains(QLatin1String("the last run on this model and device measured")))
        << estimate.toStdString();
    EXPECT_FALSE(estimate.contains(QLatin1String("assumed"))) << estimate.toStdString();
    EXPECT_FALSE(estimate.contains(QLatin1String("About 0 s"))) << estimate.toStdString();
    EXPECT_EQ(dock.state(), FineTuneDock::State::Idle);
    EXPECT_TRUE(dock.startButton()->isEnabled());
    EXPECT_FALSE(dock.pauseButton()->isEnabled());

    // The adapter: chat with it, and its exports.
    const QString adapter = dock.adapterPath();
    EXPECT_EQ(adapter, QDir(out).filePath(QStringLiteral("adapter.gguf")));
    QSignalSpy chatWith(&dock, &FineTuneDock::chatWithAdapterRequested);
    auto *chatButton = dock.findChild<QPushButton *>(QStringLiteral("fineTuneChatWithAdapter"));
    ASSERT_TRUE(chatButton && chatButton->isEnabled());
    chatButton->click();
    ASSERT_EQ(chatWith.count(), 1);
    EXPECT_EQ(chatWith.first().at(0).toString(), adapter);
    QString error;
    const QString gguf = dir.filePath(QStringLiteral("copy.gguf"));
    ASSERT_TRUE(dock.exportGgufTo(gguf, &error)) << error.toStdString();
    EXPECT_EQ(QFileInfo(gguf).size(), QFileInfo(adapter).size());
    const QString peft = dir.filePath(QStringLiteral("peft"));
    ASSERT_TRUE(dock.exportPeftTo(peft, &error)) << error.toStdString();
    EXPECT_TRUE(QFileInfo::exists(QDir(peft).filePath(QStringLiteral("adapter_config.json"))));
    EXPECT_TRUE(
        QFileInfo::exists(QDir(peft).filePath(QStringLiteral("adapter_model.safetensors"))));
    QSignalSpy merged(&host, &EngineHost::exportFinished);
    const QString mergedPath = dir.filePath(QStringLiteral("merged.gguf"));
    dock.exportMergedTo(mergedPath, QStringLiteral("f16"));
    EXPECT_EQ(dock.state(), FineTuneDock::State::Exporting);
    ASSERT_TRUE(waitFor(merged));
    EXPECT_EQ(merged.first().at(0).toString(), mergedPath);
    EXPECT_GT(QFileInfo(mergedPath).size(), 0);
    EXPECT_EQ(dock.state(), FineTuneDock::State::Idle);

    // A folder with a checkpoint and no finished adapter is resumed, not started.
    const QString paused = dir.filePath(QStringLiteral("paused"));
    ASSERT_TRUE(QDir().mkpath(paused + QStringLiteral("/checkpoint")));
    QFile state(paused + QStringLiteral("/checkpoint/state.json"));
    ASSERT_TRUE(state.open(QIODevice::WriteOnly));
    state.close();
    dock.setOutputFolder(paused);
    EXPECT_EQ(dock.startButton()->text(), QStringLiteral("Resume"));
    dock.setOutputFolder(out);
    EXPECT_EQ(dock.startButton()->text(), QStringLiteral("Start"));
}

}  // namespace
}  // namespace facet::app
