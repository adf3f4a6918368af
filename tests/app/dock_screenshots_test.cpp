// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The README's pictures of the docks and the Settings dialog, each taken from the real main window
// in a state a user reaches: attachments added and the microphone recording, a short fine-tuning
// run on the fixture model, the model library with a download under way, the Settings' Model and
// GPU pages. Each test checks that the picture is not blank and that what it documents is really
// there; with FACET_SCREENSHOT_DIR=dir it writes the picture as dir/<name>.png
// (screenshot_support.h). As in chat_e2e_test, the engine runs on Vulkan under xvfb-run (lavapipe
// on CI) and on the CPU reference without a display.
#include "app_settings.h"
#include "app_test_home.h"
#include "attachment_tray.h"
#include "attachments_dock.h"
#include "audio_recorder.h"
#include "chat/chat_panel.h"
#include "chat/engine_host.h"
#include "download/download_manager.h"
#include "fake_audio_input.h"
#include "finetune_dock.h"
#include "language_manager.h"
#include "mainwindow.h"
#include "models_dock.h"
#include "pending_attachments.h"
#include "recorder_panel.h"
#include "screenshot_support.h"
#include "settings_dialog.h"
#include "test_server.h"
#include "training_charts.h"

#include "support/gemma4_fixture.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadialGradient>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QtCharts/QLineSeries>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace facet {
namespace {

using app::MainWindow;

// How long QTest::qWaitFor waits for a load, an import or a run (lavapipe is slow; not a timing
// bound).
constexpr int kTimeoutMs = 120000;

// A picture worth attaching: an evening landscape (sky, sun, two mountain ranges, a lake with the
// sun's reflection), painted here so that no image file has to be committed.
QImage landscape(QSize size) {
    QImage image(size, QImage::Format_RGB32);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const qreal w = size.width(), h = size.height(), horizon = h * 0.62;
    QLinearGradient sky(0, 0, 0, horizon);
    sky.setColorAt(0, QColor(38, 56, 112));
    sky.setColorAt(0.55, QColor(226, 120, 96));
    sky.setColorAt(1, QColor(252, 204, 128));
    p.fillRect(QRectF(0, 0, w, horizon), sky);
    const QPointF sun(w * 0.66, horizon - h * 0.1);
    QRadialGradient glow(sun, h * 0.35);
    glow.setColorAt(0, QColor(255, 244, 200, 220));
    glow.setColorAt(1, QColor(255, 244, 200, 0));
    p.fillRect(QRectF(0, 0, w, horizon), glow);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(255, 236, 170));
    p.drawEllipse(sun, h * 0.07, h * 0.07);
    const auto range = [&](qreal base, qreal height, qreal phase, const QColor &colour) {
        QPainterPath path(QPointF(0, horizon));
        for (int i = 0; i <= 48; ++i) {
            const qreal x = w * i / 48.0;
            const qreal ridge = std::sin(x / w * 7.0 + phase) * 0.5 + std::sin(x / w * 17.0) * 0.2;
            path.lineTo(x, base - height * (0.6 + 0.4 * ridge));
        }
        path.lineTo(w, horizon);
        path.closeSubpath();
        p.fillPath(path, colour);
    };
    range(horizon, h * 0.3, 0.8, QColor(112, 84, 128));
    range(horizon, h * 0.16, 2.6, QColor(58, 52, 92));
    QLinearGradient lake(0, horizon, 0, h);
    lake.setColorAt(0, QColor(70, 84, 140));
    lake.setColorAt(1, QColor(24, 34, 70));
    p.fillRect(QRectF(0, horizon, w, h - horizon), lake);
    p.setBrush(QColor(255, 226, 160, 150));
    for (int i = 0; i < 7; ++i) {  // the sun's reflection, broken by ripples
        const qreal y = horizon + h * 0.03 + i * h * 0.045, half = w * (0.06 - i * 0.006);
        p.drawRoundedRect(QRectF(sun.x() - half, y, 2 * half, h * 0.014), 3, 3);
    }
    return image;
}

// A clip worth attaching: three seconds of birdsong-like chirps (rising, then falling sweeps
// between 2 and 4 kHz under a smooth envelope), 16 kHz mono, as the recorder stores audio.
QByteArray birdsongWav() {
    const int rate = app::kAudioSampleRate, samples = 3 * rate;
    QByteArray pcm(samples * 2, Qt::Uninitialized);
    auto *out = reinterpret_cast<qint16 *>(pcm.data());
    double phase = 0;
    for (int i = 0; i < samples; ++i) {
        const double t = double(i) / rate;
        const double inChirp = std::fmod(t, 0.375) / 0.22;  // 0.22 s chirp, 0.155 s pause
        double value = 0;
        if (inChirp < 1) {
            const bool rising = int(t / 0.375) % 3 != 2;
            const double frequency = rising ? 2000 + 2000 * inChirp : 4000 - 1600 * inChirp;
            phase += 2 * std::numbers::pi * frequency / rate;
            value = 0.6 * std::sin(std::numbers::pi * inChirp) * std::sin(phase);
        }
        out[i] = qint16(std::lround(value * 32767));
    }
    return app::AudioRecorder::toWav(pcm);
}

class DockScreenshots : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        facet::test::useTemporaryHome(QStringLiteral("FacetDockScreenshots"));
    }
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.filePath("settings"));
        app::AppSettings settings;
        settings.setContextLength(512);
        paths.facet = folder(QStringLiteral("models/facet"));
        paths.ollama = {folder(QStringLiteral("models/ollama"))};
        paths.lmStudio = {folder(QStringLiteral("models/lmstudio"))};
        modelPath = QDir(paths.facet).filePath(QStringLiteral("gemma4-tiny.gguf"));
        QString error;
        ASSERT_TRUE(test::writeGemma4Fixture(modelPath, test::Gemma4FixtureOptions{}, &error))
            << error.toStdString();
    }

    QString folder(const QString &name) const {
        const QString path = dir.filePath(name);
        QDir().mkpath(path);
        return path;
    }

    // The main window at the README's size, its models dock over this test's folders.
    std::unique_ptr<MainWindow> openWindow(QSize size = QSize(1280, 800)) {
        MainWindow::Options o;
        o.audioInputs = [] {
            auto *inputs = new test::GeneratedInputs;
            inputs->setPace(40, 40);  // real time, so the recorder's clock reads as it would
            return inputs;
        };
        o.databasePath = dir.filePath(QStringLiteral("conversations.sqlite"));
        o.loadLastModel = false;
        if (QGuiApplication::platformName() == QLatin1String("offscreen"))
            o.compute = QStringLiteral("cpu");
        auto w = std::make_unique<MainWindow>(o);
        w->resize(size);
        w->modelsDock()->setSearchPaths(paths);
        w->show();
        return w;
    }
    bool loadModel(MainWindow &w) {
        QSignalSpy loaded(w.engine(), &app::EngineHost::modelLoaded);
        w.loadModel(modelPath);
        return QTest::qWaitFor([&] { return loaded.count() > 0; }, kTimeoutMs);
    }
    // The right-hand docks `width` wide, `dock` in front; the Chat dock keeps the rest, and its
    // conversation (right of the list) stays readable, at least kChatWidth wide, beside the dock
    // the picture documents.
    static constexpr int kChatWidth = 480;
    static void showLarge(MainWindow &w, QDockWidget *dock, int width) {
        dock->show();
        dock->raise();
        w.resizeDocks({w.chatDockWidget(), dock}, {w.width() - width, width}, Qt::Horizontal);
        QTest::qWait(50);
        EXPECT_GE(dock->width(), width - 10);
        auto *splitter = w.chatDockWidget()->findChild<QSplitter *>(QStringLiteral("chatSplitter"));
        ASSERT_TRUE(splitter && splitter->count() == 2);
        EXPECT_GE(splitter->widget(1)->width(), kChatWidth) << "the chat is squeezed";
    }
    // Grabs `widget` after pending layouts and paints, checks that it is not blank and writes it
    // when the run asks for pictures.
    static QImage shoot(QWidget *widget, const QString &fileName) {
        QTest::qWait(300);
        const QImage shot = widget->grab().toImage();
        EXPECT_EQ(shot.size(), widget->size() * widget->devicePixelRatio());
        EXPECT_GT(test::sampledColours(shot), 20);
        const QString out = test::screenshotPath(fileName);
        QString error;
        if (!out.isEmpty()) {
            EXPECT_TRUE(test::writeScreenshot(shot, out, &error)) << error.toStdString();
        }
        return shot;
    }

    QTemporaryDir dir;
    QString modelPath;
    models::SearchPaths paths;
};

// Attachments: a picture and an audio clip added as files, and the microphone recording (its level
// meter and clock running).
TEST_F(DockScreenshots, AttachmentsDock) {
    const QString picture = dir.filePath(QStringLiteral("evening-lake.png"));
    ASSERT_TRUE(landscape(QSize(480, 320)).save(picture));
    const QString clip = dir.filePath(QStringLiteral("birdsong.wav"));
    {
        QFile f(clip);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(birdsongWav());
    }
    auto w = openWindow();
    ASSERT_TRUE(loadModel(*w));
    showLarge(*w, w->attachmentsDockWidget(), 560);
    app::AttachmentsDock *dock = w->attachmentsDock();
    dock->addFiles({picture, clip});
    ASSERT_TRUE(QTest::qWaitFor([&] { return w->pendingAttachments()->count() == 2; }, kTimeoutMs));
    EXPECT_EQ(w->pendingAttachments()->at(0).kind, app::Attachment::Kind::Image);
    EXPECT_EQ(w->pendingAttachments()->at(1).kind, app::Attachment::Kind::Audio);
    EXPECT_EQ(dock->tray()->itemCount(), 2);
    EXPECT_TRUE(dock->tray()->isVisible());

    // The question that goes with them, typed but not sent.
    w->chatPanel()->composer()->setPlainText(
        QStringLiteral("Which bird is singing here, and where could this photo have been taken?"));

    app::RecorderPanel *recorder = dock->recorderPanel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return recorder->recordButton()->isEnabled(); }, kTimeoutMs));
    recorder->recordButton()->click();
    ASSERT_TRUE(recorder->recorder()->isRecording());
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return recorder->recorder()->durationMs() >= 2300; }, kTimeoutMs));
    EXPECT_GT(recorder->levelMeter()->value(), 0);
    EXPECT_FALSE(recorder->timeLabel()->text().isEmpty());
    shoot(w.get(), QStringLiteral("attachments-dock.png"));
    recorder->recordButton()->click();
}

// Fine-tune: a short run on the fixture model from a small data file, on the Training page; the
// training loss falls from step to step and the validation loss is drawn at its evaluations.
TEST_F(DockScreenshots, FineTuneDock) {
    const QString data = dir.filePath(QStringLiteral("capitals.jsonl"));
    {
        QFile f(data);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        const char *pairs[][2] = {
            {"France", "Paris"},   {"Italy", "Rome"},  {"Spain", "Madrid"},  {"Portugal", "Lisbon"},
            {"Austria", "Vienna"}, {"Norway", "Oslo"}, {"Greece", "Athens"}, {"Poland", "Warsaw"}};
        for (const auto &[country, capital] : pairs)
            f.write(QStringLiteral("{\"prompt\":\"What is the capital of %1?\",\"completion\":"
                                   "\"The capital of %1 is %2.\"}\n")
                        .arg(QLatin1String(country), QLatin1String(capital))
                        .toUtf8());
    }
    // A two-layer fixture: lavapipe runs a training step of the six-layer one in about a second.
    test::Gemma4FixtureOptions small;
    small.layers = 2;
    small.sharedKvLayers = 0;
    QString error;
    ASSERT_TRUE(test::writeGemma4Fixture(modelPath, small, &error)) << error.toStdString();
    // Wider and taller: the chat beside the charts and the sample answers.
    auto w = openWindow(QSize(1440, 900));
    ASSERT_TRUE(loadModel(*w));
    showLarge(*w, w->fineTuneDockWidget(), 700);
    app::FineTuneDock *dock = w->fineTuneDock();
    QSignalSpy reported(dock, &app::FineTuneDock::reportChanged);
    dock->setDataFile(data);
    ASSERT_TRUE(QTest::qWaitFor([&] { return reported.count() > 0; }, kTimeoutMs));
    ASSERT_TRUE(dock->report().has_value() && dock->report()->usable);

    train::TrainConfig c = dock->trainConfig();
    c.lora.rank = 8;
    c.lora.alpha = 16;
    c.lora.targets = {train::LoraTarget::AttnQ, train::LoraTarget::AttnK, train::LoraTarget::AttnV,
                      train::LoraTarget::AttnOutput};
    c.learningRate = 5e-3;
    c.schedule = train::LrSchedule::Cosine;
    c.warmupFraction = 0.1;
    c.epochs = 2;
    c.batchTokens = 16;  // one example a step (at least one is taken): a point per example
    c.evalEvery = 7;
    c.checkpointEvery = 0;
    dock->setTrainConfig(c);
    dock->setMaxTokens(128);
    dock->setOutputFolder(dir.filePath(QStringLiteral("adapters/capitals")));
    ASSERT_TRUE(dock->startButton()->isEnabled());

    QSignalSpy finished(w->engine(), &app::EngineHost::trainingFinished);
    QSignalSpy failed(w->engine(), &app::EngineHost::trainingFailed);
    dock->startButton()->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() + failed.count() > 0; }, kTimeoutMs));
    ASSERT_EQ(failed.count(), 0) << failed.first().at(0).toString().toStdString();

    // The chart: a point per step, falling (the last quarter's mean well below the first's).
    const QList<QPointF> loss = dock->charts()->lossSeries()->points();
    ASSERT_GE(loss.size(), 12);
    const auto mean = [&](qsizetype from, qsizetype to) {
        double sum = 0;
        for (qsizetype i = from; i < to; ++i)
            sum += loss[i].y();
        return sum / double(to - from);
    };
    const qsizetype quarter = loss.size() / 4;
    EXPECT_LT(mean(loss.size() - quarter, loss.size()), 0.8 * mean(0, quarter));
    EXPECT_GE(dock->charts()->validationSeries()->count(), 2);
    auto *tabs = dock->findChild<QTabWidget *>(QStringLiteral("fineTuneTabs"));
    ASSERT_TRUE(tabs);
    EXPECT_EQ(tabs->currentIndex(), 2);  // the Training page, with the run's settings on top
    auto *run = dock->findChild<QLabel *>(QStringLiteral("fineTuneRun"));
    ASSERT_TRUE(run && run->isVisible());
    EXPECT_TRUE(run->text().contains(QLatin1String("rank 8, alpha 16")))
        << run->text().toStdString();
    shoot(w.get(), QStringLiteral("finetune-dock.png"));
}

// Models: the models on this computer (one loaded) and a download under way. The local server
// sends part of the file and then stalls, so the row stays mid-download for the picture.
TEST_F(DockScreenshots, ModelsDock) {
    // Beside the loaded fixture: a Q4_K_M one, and a Q8_0 one with both towers in an LM Studio
    // folder (publisher/repository/file).
    test::Gemma4FixtureOptions q4, q8;
    test::applyGemma4Mix(q4, *test::gemma4MixByName("q4_k_m"));
    test::applyGemma4Mix(q8, *test::gemma4MixByName("q8_0"));
    q8.vision = q8.audio = true;
    const QString repo = QDir(paths.lmStudio.first()).filePath(QStringLiteral("facet/gemma4-mm"));
    ASSERT_TRUE(QDir().mkpath(repo));
    QString error;
    ASSERT_TRUE(test::writeGemma4Fixture(
        QDir(paths.facet).filePath(QStringLiteral("gemma4-tiny-q4_k_m.gguf")), q4, &error))
        << error.toStdString();
    ASSERT_TRUE(
        test::writeGemma4Fixture(QDir(repo).filePath(QStringLiteral("tiny-q8_0.gguf")), q8, &error))
        << error.toStdString();

    test::TestServer server;
    // 12 MiB of model data, sent in 64 KiB pieces a few milliseconds apart and stalled after
    // 4.5 MiB: progress, speed and time left are all on the row when the picture is taken.
    constexpr qint64 kStallAt = 9 << 19;
    QByteArray blob(12 << 20, Qt::Uninitialized);
    for (qsizetype i = 0; i < blob.size(); ++i)
        blob[i] = char((i * 2654435761u) >> 13);
    server.addModel(QStringLiteral("library"), QStringLiteral("gemma4"), QStringLiteral("e2b"),
                    blob);
    server.faults.stallCount = 100;
    server.faults.stallAfter = kStallAt;
    server.faults.throttleChunk = 64 << 10;
    download::DownloadManager manager;
    manager.setStoreDir(paths.facet);
    manager.setRegistry(QUrl(server.base()));
    download::DownloadOptions options = manager.options();
    options.partSize = blob.size();  // one request: one stall point
    options.checkFreeSpace = false;
    manager.setOptions(options);

    auto w = openWindow(QSize(1440, 800));  // wider: the chat beside every column of the list
    app::ModelsDock *dock = w->modelsDock();
    dock->setDownloadManager(&manager);
    ASSERT_TRUE(loadModel(*w));
    showLarge(*w, w->modelsDockWidget(), 700);
    auto *tabs = dock->findChild<QTabWidget *>(QStringLiteral("modelsTabs"));
    ASSERT_TRUE(tabs);
    tabs->setCurrentIndex(0);  // Installed
    auto *library = dock->findChild<QTreeWidget *>(QStringLiteral("modelLibrary"));
    ASSERT_TRUE(library);
    dock->refresh();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !dock->isScanning() && dock->models().size() == 3; },
                                kTimeoutMs))
        << dock->problems().join(u'\n').toStdString();
    EXPECT_EQ(library->topLevelItemCount(), 3);
    // Every column in full, the memory estimates (the last) included.
    const int last = library->columnCount() - 1;
    for (int i = 0; i < library->topLevelItemCount(); ++i) {
        const QString text = library->topLevelItem(i)->text(last);
        EXPECT_LE(library->header()->sectionPosition(last) +
                      library->fontMetrics().horizontalAdvance(text),
                  library->viewport()->width())
            << text.toStdString();
    }
    for (int i = 0; i < library->topLevelItemCount(); ++i) {  // the loaded one selected
        if (library->topLevelItem(i)->text(0).contains(QLatin1String("loaded")))
            library->setCurrentItem(library->topLevelItem(i));
    }

    ASSERT_TRUE(dock->pull(QStringLiteral("gemma4:e2b")));
    QProgressBar *bar = nullptr;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const auto rows = dock->findChildren<QWidget *>(QStringLiteral("downloadRow"));
            if (rows.size() != 1) return false;
            bar = rows.front()->findChild<QProgressBar *>();
            return bar && server.fileBytesSent >= kStallAt && bar->value() > bar->minimum();
        },
        kTimeoutMs));
    QTest::qWait(200);  // the manager's next progress report
    EXPECT_GT(bar->value(), bar->minimum());
    EXPECT_LT(bar->value(), bar->maximum());
    EXPECT_TRUE(dock->findChild<QGroupBox *>(QStringLiteral("downloads"))->isVisible());
    shoot(w.get(), QStringLiteral("models-dock.png"));
    dock->setDownloadManager(nullptr);
}

// Settings: the Model page with the API server switched on, and the GPU page.
TEST_F(DockScreenshots, SettingsDialog) {
    app::AppSettings settings;
    settings.setServerEnabled(true);
    settings.setContextLength(app::AppSettings::kDefaultContextLength);
    auto w = openWindow();
    app::SettingsDialog dialog(settings, w->languages(), w.get());
    dialog.resize(640, 380);
    dialog.show();
    QTabWidget *pages = dialog.pages();
    auto *model = dialog.findChild<QWidget *>(QStringLiteral("modelPage"));
    ASSERT_TRUE(model);
    pages->setCurrentWidget(model);
    auto *server = dialog.findChild<QCheckBox *>(QStringLiteral("serverEnabled"));
    ASSERT_TRUE(server && server->isVisible());
    EXPECT_TRUE(server->isChecked());
    EXPECT_FALSE(server->text().isEmpty());
    auto *note = dialog.findChild<QLabel *>(QStringLiteral("serverNote"));  // the real address
    ASSERT_TRUE(note && note->isVisible());
    EXPECT_TRUE(note->text().contains(
        QStringLiteral("http://127.0.0.1:%1/v1").arg(app::AppSettings::kDefaultServerPort)))
        << note->text().toStdString();
    shoot(&dialog, QStringLiteral("settings-model.png"));

    auto *gpu = dialog.findChild<QWidget *>(QStringLiteral("gpuPage"));
    ASSERT_TRUE(gpu);
    pages->setCurrentWidget(gpu);
    auto *backend = dialog.findChild<QComboBox *>(QStringLiteral("gpuBackend"));
    ASSERT_TRUE(backend && backend->isVisible());
    EXPECT_GE(backend->count(), 2);
    shoot(&dialog, QStringLiteral("settings-gpu.png"));
}

}  // namespace
}  // namespace facet
