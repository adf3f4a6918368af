// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "models_dock.h"

#include "app_settings.h"
#include "download/download_manager.h"
#include "download_row.h"

#include <QApplication>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace facet::app {

namespace {

const QString kUserFilesKey = QStringLiteral("models/userFiles");
constexpr int kIndexRole = Qt::UserRole;

enum LibraryColumn { ColName, ColSource, ColSize, ColQuant, ColTowers, ColMemory, ColCount };
enum CatalogueColumn { CatName, CatSource, CatSize, CatDescription, CatAction, CatCount };

// Canonical form for comparing paths (symlinks resolved where the file exists).
QString canonical(const QString &path) {
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QFileInfo(path).absoluteFilePath() : c;
}

}  // namespace

ModelsDock::ModelsDock(QWidget *parent)
    : QWidget(parent), m_paths(models::SearchPaths::defaults()) {
    setObjectName(QStringLiteral("modelsDock"));
    qRegisterMetaType<facet::app::LibraryScan>();
    connect(&m_scanner, &LibraryScanner::scanned, this, &ModelsDock::onScanned);
    connect(&m_scanner, &LibraryScanner::reestimated, this, &ModelsDock::onReestimated);

    const std::optional<QList<CatalogueEntry>> catalogue =
        Catalogue::load(Catalogue::defaultPath(), &m_catalogueError);
    if (catalogue) m_catalogue = *catalogue;

    buildUi();
    retranslate();
    fillCatalogue();
    updateActions();
}

ModelsDock::~ModelsDock() = default;

void ModelsDock::buildUi() {
    auto *layout = new QVBoxLayout(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("modelsTabs"));
    layout->addWidget(m_tabs, 1);

    // ---- library page ----
    m_libraryPage = new QWidget(m_tabs);
    auto *lib = new QVBoxLayout(m_libraryPage);
    auto *top = new QHBoxLayout;
    m_contextLabel = new QLabel(m_libraryPage);
    m_context = new QComboBox(m_libraryPage);
    m_context->setObjectName(QStringLiteral("contextLength"));
    // The Settings dialog's choices and setting (AppSettings::contextLength()).
    const int stored = AppSettings().contextLength();
    for (int n : AppSettings::contextLengthChoices(stored))
        m_context->addItem(QLocale().toString(n), qint64(n));
    m_context->setCurrentIndex(m_context->findData(qint64(stored)));
    m_contextLabel->setBuddy(m_context);
    m_refresh = new QPushButton(m_libraryPage);
    m_refresh->setObjectName(QStringLiteral("refreshModels"));
    m_open = new QPushButton(m_libraryPage);
    m_open->setObjectName(QStringLiteral("openGguf"));
    top->addWidget(m_contextLabel);
    top->addWidget(m_context);
    top->addStretch(1);
    top->addWidget(m_refresh);
    top->addWidget(m_open);
    lib->addLayout(top);

    m_library = new QTreeWidget(m_libraryPage);
    m_library->setObjectName(QStringLiteral("modelLibrary"));
    m_library->setColumnCount(ColCount);
    m_library->setRootIsDecorated(false);
    m_library->setUniformRowHeights(true);
    m_library->setAllColumnsShowFocus(true);
    m_library->setSelectionMode(QAbstractItemView::SingleSelection);
    m_library->header()->setStretchLastSection(true);
    lib->addWidget(m_library, 1);

    auto *actions = new QHBoxLayout;
    m_load = new QPushButton(m_libraryPage);
    m_load->setObjectName(QStringLiteral("loadModel"));
    m_unload = new QPushButton(m_libraryPage);
    m_unload->setObjectName(QStringLiteral("unloadModel"));
    m_delete = new QPushButton(m_libraryPage);
    m_delete->setObjectName(QStringLiteral("deleteModel"));
    m_reveal = new QPushButton(m_libraryPage);
    m_reveal->setObjectName(QStringLiteral("revealModel"));
    m_forget = new QPushButton(m_libraryPage);
    m_forget->setObjectName(QStringLiteral("forgetModel"));
    for (QPushButton *b : {m_load, m_unload, m_delete, m_reveal, m_forget})
        actions->addWidget(b);
    actions->addStretch(1);
    lib->addLayout(actions);

    auto *statusRow = new QHBoxLayout;
    m_status = new QLabel(m_libraryPage);
    m_status->setObjectName(QStringLiteral("libraryStatus"));
    m_problemsButton = new QToolButton(m_libraryPage);
    m_problemsButton->setObjectName(QStringLiteral("scanProblems"));
    m_problemsButton->setAutoRaise(true);
    m_problemsButton->setCheckable(true);
    m_problemsButton->hide();
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_problemsButton);
    lib->addLayout(statusRow);
    m_problemsText = new QPlainTextEdit(m_libraryPage);
    m_problemsText->setObjectName(QStringLiteral("scanProblemsText"));
    m_problemsText->setReadOnly(true);
    m_problemsText->setMaximumHeight(120);
    m_problemsText->hide();
    lib->addWidget(m_problemsText);
    m_tabs->addTab(m_libraryPage, QString());

    // ---- catalogue page ----
    m_cataloguePage = new QWidget(m_tabs);
    auto *cat = new QVBoxLayout(m_cataloguePage);
    m_emptyBanner = new QLabel(m_cataloguePage);
    m_emptyBanner->setObjectName(QStringLiteral("noModelsBanner"));
    m_emptyBanner->setWordWrap(true);
    m_emptyBanner->setTextFormat(Qt::RichText);
    m_emptyBanner->hide();
    cat->addWidget(m_emptyBanner);
    m_catalogueView = new QTreeWidget(m_cataloguePage);
    m_catalogueView->setObjectName(QStringLiteral("catalogue"));
    m_catalogueView->setColumnCount(CatCount);
    m_catalogueView->setRootIsDecorated(false);
    m_catalogueView->setAllColumnsShowFocus(true);
    m_catalogueView->setWordWrap(true);
    cat->addWidget(m_catalogueView, 1);
    m_pullLabel = new QLabel(m_cataloguePage);
    cat->addWidget(m_pullLabel);
    auto *pullRow = new QHBoxLayout;
    m_pullEdit = new QLineEdit(m_cataloguePage);
    m_pullEdit->setObjectName(QStringLiteral("pullName"));
    m_pullEdit->setClearButtonEnabled(true);
    m_pullLabel->setBuddy(m_pullEdit);
    m_pullButton = new QPushButton(m_cataloguePage);
    m_pullButton->setObjectName(QStringLiteral("pullButton"));
    pullRow->addWidget(m_pullEdit, 1);
    pullRow->addWidget(m_pullButton);
    cat->addLayout(pullRow);
    m_pullMessage = new QLabel(m_cataloguePage);
    m_pullMessage->setObjectName(QStringLiteral("pullMessage"));
    m_pullMessage->setWordWrap(true);
    m_pullMessage->setTextFormat(Qt::PlainText);
    m_pullMessage->setTextInteractionFlags(Qt::TextSelectableByMouse |
                                           Qt::TextSelectableByKeyboard);
    m_pullMessage->hide();
    cat->addWidget(m_pullMessage);
    m_tabs->addTab(m_cataloguePage, QString());

    // ---- downloads ----
    m_downloadsBox = new QGroupBox(this);
    m_downloadsBox->setObjectName(QStringLiteral("downloads"));
    m_downloadsLayout = new QVBoxLayout(m_downloadsBox);
    m_downloadsBox->hide();
    layout->addWidget(m_downloadsBox);

    // ---- behaviour ----
    connect(m_refresh, &QPushButton::clicked, this, &ModelsDock::refresh);
    connect(m_open, &QPushButton::clicked, this, &ModelsDock::browseForFile);
    connect(m_context, &QComboBox::currentIndexChanged, this, &ModelsDock::onContextChanged);
    connect(m_library, &QTreeWidget::itemSelectionChanged, this, &ModelsDock::updateActions);
    connect(m_library, &QTreeWidget::itemActivated, this, [this] {
        if (m_load->isEnabled()) m_load->click();
    });
    connect(m_load, &QPushButton::clicked, this, [this] {
        if (const ModelDetails *d = selected()) emit loadRequested(d->entry.path);
    });
    connect(m_unload, &QPushButton::clicked, this, &ModelsDock::unloadRequested);
    connect(m_delete, &QPushButton::clicked, this, &ModelsDock::confirmAndDelete);
    connect(m_reveal, &QPushButton::clicked, this, &ModelsDock::revealSelected);
    connect(m_forget, &QPushButton::clicked, this, &ModelsDock::forgetSelected);
    connect(m_problemsButton, &QToolButton::toggled, m_problemsText, &QWidget::setVisible);
    connect(m_pullButton, &QPushButton::clicked, this, [this] { pull(m_pullEdit->text()); });
    connect(m_pullEdit, &QLineEdit::returnPressed, this, [this] { pull(m_pullEdit->text()); });
    connect(m_pullEdit, &QLineEdit::textEdited, this, [this] { showPullMessage({}); });
}

void ModelsDock::changeEvent(QEvent *event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        fillLibrary();
        fillCatalogue();
        for (DownloadRow *row : std::as_const(m_rows))
            row->retranslate();
    }
    QWidget::changeEvent(event);
}

void ModelsDock::retranslate() {
    setAccessibleName(tr("Models"));
    setAccessibleDescription(tr("Models on this computer, the Gemma 4 catalogue and downloads"));
    m_tabs->setTabText(m_tabs->indexOf(m_libraryPage), tr("&Installed"));
    m_tabs->setTabText(m_tabs->indexOf(m_cataloguePage), tr("Cata&logue"));
    m_tabs->setAccessibleName(tr("Model pages"));
    m_tabs->setAccessibleDescription(tr("Switch between installed models and the catalogue"));

    m_contextLabel->setText(tr("Conte&xt length:"));
    m_context->setAccessibleName(tr("Context length"));
    m_context->setAccessibleDescription(
        tr("Tokens a conversation can hold; the memory estimates are for this length"));
    m_context->setToolTip(tr("Longer contexts need more GPU memory for the KV cache."));
    m_refresh->setText(tr("&Refresh"));
    m_refresh->setAccessibleName(tr("Refresh model list"));
    m_refresh->setAccessibleDescription(
        tr("Looks again in Facet's folder, Ollama's store and LM Studio's folders"));
    m_open->setText(tr("&Open GGUF…"));
    m_open->setAccessibleName(tr("Open a GGUF file"));
    m_open->setAccessibleDescription(
        tr("Adds a Gemma 4 GGUF file from anywhere on this computer to the list"));

    m_library->setHeaderLabels({tr("Model"), tr("Source"), tr("Size"), tr("Quantisation"),
                                tr("Towers"), tr("Memory (GPU / host)")});
    m_library->setAccessibleName(tr("Installed models"));
    m_library->setAccessibleDescription(
        tr("Gemma 4 models found on this computer with size, quantisation, towers and the memory "
           "they need; press Enter to load the selected one"));

    m_load->setText(tr("&Load"));
    m_load->setAccessibleName(tr("Load model"));
    m_load->setAccessibleDescription(tr("Loads the selected model onto the GPU for chatting"));
    m_unload->setText(tr("&Unload"));
    m_unload->setAccessibleName(tr("Unload model"));
    m_unload->setAccessibleDescription(tr("Frees the GPU memory the loaded model uses"));
    m_delete->setText(tr("&Delete…"));
    m_delete->setAccessibleName(tr("Delete model"));
    m_delete->setAccessibleDescription(
        tr("Deletes the selected model's files; only for models Facet downloaded"));
    m_reveal->setText(tr("Show in &folder"));
    m_reveal->setAccessibleName(tr("Show in folder"));
    m_reveal->setAccessibleDescription(tr("Opens the folder that holds the model file"));
    m_forget->setText(tr("&Forget"));
    m_forget->setAccessibleName(tr("Forget opened file"));
    m_forget->setAccessibleDescription(
        tr("Takes a file opened with Open GGUF off the list; the file stays on disk"));
    m_status->setAccessibleName(tr("Library status"));
    m_problemsButton->setAccessibleName(tr("Scan problems"));
    m_problemsButton->setAccessibleDescription(
        tr("Shows the files that were skipped while looking for models, and why"));
    m_problemsText->setAccessibleName(tr("Scan problems"));
    m_problemsText->setAccessibleDescription(tr("Files that were skipped, and why"));

    m_emptyBanner->setText(
        QStringLiteral("<b>%1</b><br>%2")
            .arg(tr("No Gemma 4 model was found on this computer.").toHtmlEscaped(),
                 tr("Download one below: E2B is small and fast, E4B gives better answers. Models "
                    "you already have in Ollama or LM Studio appear automatically.")
                     .toHtmlEscaped()));
    m_emptyBanner->setAccessibleName(tr("No models installed"));
    m_catalogueView->setHeaderLabels(
        {tr("Model"), tr("From"), tr("Download size (approx.)"), tr("Description"), QString()});
    m_catalogueView->setAccessibleName(tr("Gemma 4 catalogue"));
    m_catalogueView->setAccessibleDescription(
        tr("Gemma 4 models that can be downloaded; sizes are approximate"));
    m_pullLabel->setText(tr("Download another &model (Ollama name or Hugging Face GGUF):"));
    m_pullEdit->setPlaceholderText(
        tr("gemma4:e2b, library/gemma4:e4b or huggingface.co/ORG/REPO/FILE.gguf"));
    m_pullEdit->setAccessibleName(tr("Model to download"));
    m_pullEdit->setAccessibleDescription(
        tr("An Ollama name such as gemma4:e2b, a Hugging Face file address, or "
           "ORG/REPO/FILE.gguf; press Enter to download"));
    m_pullButton->setText(tr("Do&wnload"));
    m_pullButton->setAccessibleName(tr("Download typed model"));
    m_pullButton->setAccessibleDescription(tr("Starts downloading the model named in the field"));
    m_pullMessage->setAccessibleName(tr("Download name problem"));

    m_downloadsBox->setTitle(tr("Downloads"));
    m_downloadsBox->setAccessibleName(tr("Downloads"));
    m_downloadsBox->setAccessibleDescription(tr("Running and finished downloads"));
    updateProblems();
}

// ---- paths, scanning --------------------------------------------------------------------------

void ModelsDock::setSearchPaths(const models::SearchPaths &paths) {
    m_paths = paths;
}

void ModelsDock::refresh() {
    // The loaded model is listed wherever it is (opened from the command line, or a file the
    // user has since forgotten): the dock never says there is no model while one runs.
    QStringList files = userFiles();
    if (!m_loadedPath.isEmpty() && !files.contains(QFileInfo(m_loadedPath).absoluteFilePath()))
        files << QFileInfo(m_loadedPath).absoluteFilePath();
    m_scanner.scan(m_paths, files, contextLength());
    m_status->setText(tr("Looking for models…"));
    m_refresh->setEnabled(false);
}

bool ModelsDock::isScanning() const {
    return m_scanner.busy();
}

void ModelsDock::onScanned(const LibraryScan &scan) {
    // Keep the selection across the refresh.
    const ModelDetails *sel = selected();
    const QString selectedPath = sel ? sel->entry.path : QString();
    const bool wasEmpty = m_models.isEmpty();
    m_models = scan.models;
    m_warnings = scan.warnings;
    m_scannedOnce = true;
    m_refresh->setEnabled(true);
    fillLibrary();
    for (int i = 0; i < m_library->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_library->topLevelItem(i);
        const int idx = item->data(ColName, kIndexRole).toInt();
        if (m_models[idx].entry.path == selectedPath) m_library->setCurrentItem(item);
    }
    if (!m_library->currentItem() && m_library->topLevelItemCount() > 0)
        m_library->setCurrentItem(m_library->topLevelItem(0));
    updateProblems();
    fillCatalogue();
    updateActions();
    if (m_models.isEmpty())
        showCatalogue();
    else if (wasEmpty && m_tabs->currentWidget() == m_cataloguePage)
        m_tabs->setCurrentWidget(m_libraryPage);  // shown only because nothing was installed
    emit scanFinished();
}

int64_t ModelsDock::contextLength() const {
    return m_context->currentData().toLongLong();
}

void ModelsDock::setContextLength(int64_t tokens) {
    tokens =
        std::clamp<int64_t>(tokens, AppSettings::kMinContextLength, AppSettings::kMaxContextLength);
    int i = m_context->findData(qint64(tokens));
    if (i < 0) {  // a length between the choices (a hand-edited setting): sorted in
        i = 0;
        while (i < m_context->count() && m_context->itemData(i).toLongLong() < tokens)
            ++i;
        m_context->insertItem(i, QLocale().toString(qint64(tokens)), qint64(tokens));
    }
    m_context->setCurrentIndex(i);
}

void ModelsDock::onContextChanged() {
    AppSettings().setContextLength(int(contextLength()));
    if (!m_scannedOnce || m_scanner.busy()) {
        // A scan in flight would hand back estimates for the old length: start over.
        if (m_scannedOnce || m_scanner.busy()) refresh();
        return;
    }
    m_status->setText(tr("Estimating memory…"));
    m_scanner.reestimate(m_models, contextLength());
}

void ModelsDock::onReestimated(const QList<ModelDetails> &models, qint64 contextLength) {
    if (contextLength != this->contextLength()) return;
    m_models = models;
    const ModelDetails *sel = selected();
    const QString selectedPath = sel ? sel->entry.path : QString();
    fillLibrary();
    for (int i = 0; i < m_library->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_library->topLevelItem(i);
        if (m_models[item->data(ColName, kIndexRole).toInt()].entry.path == selectedPath)
            m_library->setCurrentItem(item);
    }
    updateProblems();
    updateActions();
    emit reestimateFinished();
}

// ---- library view -----------------------------------------------------------------------------

namespace {

QString sourceText(models::Source s) {
    switch (s) {
        case models::Source::Facet:
            return ModelsDock::tr("Facet");
        case models::Source::Ollama:
            return ModelsDock::tr("Ollama");
        case models::Source::LmStudio:
            return ModelsDock::tr("LM Studio");
        case models::Source::UserFile:
            return ModelsDock::tr("Opened file");
    }
    return {};
}

}  // namespace

void ModelsDock::fillLibrary() {
    const ModelDetails *sel = selected();
    const QString selectedPath = sel ? sel->entry.path : QString();
    m_library->clear();
    const QString loaded = m_loadedPath.isEmpty() ? QString() : canonical(m_loadedPath);
    for (int i = 0; i < m_models.size(); ++i) {
        const ModelDetails &d = m_models[i];
        auto *item = new QTreeWidgetItem(m_library);
        item->setData(ColName, kIndexRole, i);
        QString name = d.entry.name;
        if (!loaded.isEmpty() && canonical(d.entry.path) == loaded)
            name = tr("%1 (loaded)").arg(name);
        item->setText(ColName, name);
        item->setToolTip(ColName, QDir::toNativeSeparators(d.entry.path));
        item->setText(ColSource, sourceText(d.entry.source));
        item->setText(ColSize, formatBytes(d.entry.sizeBytes));
        item->setData(ColSize, Qt::UserRole, d.entry.sizeBytes);
        if (!d.error.isEmpty()) {
            item->setText(ColQuant, QStringLiteral("—"));
            item->setText(ColTowers, QStringLiteral("—"));
            item->setText(ColMemory, tr("unreadable"));
            item->setToolTip(ColMemory, d.error);
            continue;
        }
        item->setText(ColQuant, d.quantLabel);
        item->setToolTip(ColQuant, tr("Share of the weights by type: %1").arg(d.quantMix));
        item->setText(ColTowers, d.towers());
        if (d.memory) {
            item->setText(ColMemory, tr("%1 / %2").arg(formatBytes(d.memory->gpuTotal()),
                                                       formatBytes(d.memory->hostBytes)));
            QString tip =
                tr("At %1 tokens: %2 of GPU memory (weights %3, KV cache %4, "
                   "activations %5) and %6 of host memory besides the mapped file.")
                    .arg(QLocale().toString(qint64(d.estimateContext)),
                         formatBytes(d.memory->gpuTotal()), formatBytes(d.memory->weightBytes),
                         formatBytes(d.memory->kvCacheBytes),
                         formatBytes(d.memory->activationBytes), formatBytes(d.memory->hostBytes));
            if (d.memory->visionBytes > 0 || d.memory->audioBytes > 0) {
                QStringList towers;
                if (d.memory->visionBytes > 0)
                    towers << tr("vision %1").arg(formatBytes(d.memory->visionBytes));
                if (d.memory->audioBytes > 0)
                    towers << tr("audio %1").arg(formatBytes(d.memory->audioBytes));
                tip += QLatin1Char('\n') + tr("Loaded when an image or recording is sent: %1.")
                                               .arg(towers.join(QStringLiteral(", ")));
            }
            if (d.estimateContext < contextLength()) {
                tip += QLatin1Char('\n') + tr("This model supports at most %1 tokens.")
                                               .arg(QLocale().toString(qint64(d.trainedContext)));
            }
            item->setToolTip(ColMemory, tip);
        } else {
            item->setText(ColMemory, tr("cannot run"));
            item->setToolTip(ColMemory, d.estimateError);
        }
    }
    for (int c = 0; c < ColMemory; ++c)
        m_library->resizeColumnToContents(c);
    for (int i = 0; i < m_library->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_library->topLevelItem(i);
        if (m_models[item->data(ColName, kIndexRole).toInt()].entry.path == selectedPath)
            m_library->setCurrentItem(item);
    }
    if (m_scannedOnce) {
        m_status->setText(m_models.isEmpty()     ? tr("No models found.")
                          : m_models.size() == 1 ? tr("1 model")
                                                 : tr("%n models", nullptr, int(m_models.size())));
    }
    m_emptyBanner->setVisible(m_scannedOnce && m_models.isEmpty() && m_loadedPath.isEmpty());
}

void ModelsDock::updateProblems() {
    const int n = int(m_warnings.size());
    m_problemsButton->setVisible(n > 0);
    m_problemsButton->setText(n == 1 ? tr("1 problem") : tr("%n problems", nullptr, n));
    m_problemsButton->setToolTip(tr("Some files were skipped; click for details."));
    m_problemsText->setPlainText(m_warnings.join(QLatin1Char('\n')));
    if (n == 0) m_problemsButton->setChecked(false);
}

const ModelDetails *ModelsDock::selected() const {
    const QTreeWidgetItem *item = m_library->currentItem();
    if (!item || !item->isSelected()) return nullptr;
    const int idx = item->data(ColName, kIndexRole).toInt();
    return idx >= 0 && idx < m_models.size() ? &m_models[idx] : nullptr;
}

void ModelsDock::updateActions() {
    const ModelDetails *d = selected();
    const bool isLoaded =
        d && !m_loadedPath.isEmpty() && canonical(d->entry.path) == canonical(m_loadedPath);
    m_load->setEnabled(d && d->error.isEmpty() && d->memory && !isLoaded);
    m_load->setToolTip(d && !d->estimateError.isEmpty() ? d->estimateError : QString());
    m_unload->setEnabled(!m_loadedPath.isEmpty());
    m_reveal->setEnabled(d != nullptr);
    m_forget->setEnabled(d && d->entry.source == models::Source::UserFile);

    QString why;
    bool canDelete = d && facetOwns(d->entry, &why);
    if (canDelete && isLoaded) {
        canDelete = false;
        why = tr("This model is loaded. Unload it first.");
    }
    m_delete->setEnabled(canDelete);
    m_delete->setToolTip(d ? why : QString());
    // The reason also goes to screen readers (disabled buttons' tooltips are not always read).
    m_delete->setAccessibleDescription(
        why.isEmpty() ? tr("Deletes the selected model's files; only for models Facet downloaded")
                      : why);
}

void ModelsDock::setLoadedModel(const QString &path) {
    m_loadedPath = path;
    fillLibrary();
    updateActions();
    if (path.isEmpty()) return;
    // A model from outside the scanned folders and the opened files: scan again to list it.
    const QString loaded = canonical(path);
    const bool listed = std::any_of(m_models.cbegin(), m_models.cend(), [&](const ModelDetails &d) {
        return canonical(d.entry.path) == loaded;
    });
    if (!listed) refresh();
}

// ---- actions ----------------------------------------------------------------------------------

QStringList ModelsDock::userFiles() const {
    return QSettings().value(kUserFilesKey).toStringList();
}

void ModelsDock::setUserFiles(const QStringList &files) {
    QSettings().setValue(kUserFilesKey, files);
}

bool ModelsDock::openFile(const QString &path, QString *error) {
    const std::optional<models::ModelEntry> e = models::fromPath(path, error);
    if (!e) return false;
    QStringList files = userFiles();
    const QString abs = QFileInfo(path).absoluteFilePath();
    if (!files.contains(abs)) {
        files << abs;
        setUserFiles(files);
    }
    refresh();
    return true;
}

void ModelsDock::browseForFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a Gemma 4 GGUF file"), QString(), tr("GGUF models (*.gguf);;All files (*)"));
    if (path.isEmpty()) return;
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = openFile(path, &error);
    QApplication::restoreOverrideCursor();
    if (!ok) {
        QMessageBox::warning(this, tr("Cannot use this file"),
                             tr("%1 cannot be used as a model:\n%2\n\nChoose a Gemma 4 GGUF file "
                                "(general.architecture \"gemma4\").")
                                 .arg(QDir::toNativeSeparators(path), error));
    }
}

void ModelsDock::forgetSelected() {
    const ModelDetails *d = selected();
    if (!d || d->entry.source != models::Source::UserFile) return;
    const QString target = canonical(d->entry.path);
    QStringList files = userFiles();
    files.erase(std::remove_if(files.begin(), files.end(),
                               [&](const QString &f) { return canonical(f) == target; }),
                files.end());
    setUserFiles(files);
    refresh();
}

void ModelsDock::revealSelected() {
    const ModelDetails *d = selected();
    if (!d) return;
    QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(d->entry.path).absolutePath()));
}

void ModelsDock::confirmAndDelete() {
    const ModelDetails *d = selected();
    if (!d) return;
    QString why;
    if (!facetOwns(d->entry, &why)) {
        QMessageBox::information(this, tr("Cannot delete"), why);
        return;
    }
    const QString path = d->entry.path;
    const auto answer =
        QMessageBox::question(this, tr("Delete model"),
                              tr("Delete %1 (%2) from Facet's model folder? This cannot be undone.")
                                  .arg(d->entry.name, formatBytes(d->entry.sizeBytes)),
                              QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Yes) return;
    QString error;
    if (!deleteModel(path, &error)) QMessageBox::warning(this, tr("Cannot delete"), error);
}

bool ModelsDock::deleteModel(const QString &path, QString *error) {
    const ModelDetails *found = nullptr;
    for (const ModelDetails &d : m_models) {
        if (canonical(d.entry.path) == canonical(path)) found = &d;
    }
    if (!found) {
        *error = tr("%1 is not in the model list.").arg(QDir::toNativeSeparators(path));
        return false;
    }
    if (!facetOwns(found->entry, error)) return false;
    if (!m_loadedPath.isEmpty() && canonical(m_loadedPath) == canonical(path)) {
        *error = tr("This model is loaded. Unload it first.");
        return false;
    }
#ifdef FACET_HAVE_DOWNLOADS
    // The download manager knows Facet's store: plain GGUF files and models pulled from an Ollama
    // registry (manifest plus the blobs no other manifest uses). It refuses anything outside it.
    if (!download::removeModel(found->entry.name, m_paths, error)) return false;
#else
    // Only a file directly inside Facet's folder is removed, whatever the scan said.
    const QString folder = canonical(m_paths.facet);
    if (folder.isEmpty() || QFileInfo(canonical(path)).absolutePath() != folder) {
        *error = tr("%1 is not inside Facet's model folder %2; it was not deleted.")
                     .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(m_paths.facet));
        return false;
    }
    QFile file(path);
    if (!file.remove()) {
        *error =
            tr("Could not delete %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
#endif
    refresh();
    return true;
}

// ---- catalogue and pull -----------------------------------------------------------------------

void ModelsDock::showCatalogue() {
    m_tabs->setCurrentWidget(m_cataloguePage);
}

void ModelsDock::fillCatalogue() {
    m_catalogueView->clear();
    if (m_catalogue.isEmpty()) {
        auto *item = new QTreeWidgetItem(m_catalogueView);
        item->setText(CatName, tr("The catalogue cannot be shown: %1").arg(m_catalogueError));
        return;
    }
    // Installed: an Ollama name found in a store, or a Hugging Face file in Facet's folder.
    auto installed = [this](const CatalogueEntry &c) {
        QString why;
        const std::optional<PullTarget> t = parsePullTarget(c.pull, &why);
        if (!t) return false;
        for (const ModelDetails &d : m_models) {
            if (t->kind == PullTarget::Kind::Ollama &&
                d.entry.name.compare(t->ollama.display(), Qt::CaseInsensitive) == 0)
                return true;
            if (t->kind == PullTarget::Kind::HuggingFace &&
                d.entry.source == models::Source::Facet &&
                QFileInfo(d.entry.path).fileName() == t->fileName)
                return true;
        }
        return false;
    };
    for (const CatalogueEntry &c : m_catalogue) {
        auto *item = new QTreeWidgetItem(m_catalogueView);
        QString title = c.title();
        if (c.recommended) title = tr("%1 (recommended)").arg(title);
        item->setText(CatName, title);
        item->setToolTip(CatName, c.pull);
        item->setText(CatSource, c.sourceLabel());
        item->setText(CatSize, tr("≈ %1").arg(formatBytes(c.approxBytes)));
        item->setText(CatDescription, c.description());
        item->setToolTip(CatDescription, c.description());
        item->setData(CatName, Qt::UserRole, c.pull);
        auto *button = new QPushButton(m_catalogueView);
        button->setObjectName(QStringLiteral("catalogueDownload"));
        const bool have = installed(c);
        button->setText(have ? tr("Installed") : tr("Download"));
        button->setEnabled(!have);
        button->setAccessibleName(have ? tr("%1 is installed").arg(c.title())
                                       : tr("Download %1 from %2").arg(c.title(), c.sourceLabel()));
        button->setAccessibleDescription(
            tr("About %1; %2").arg(formatBytes(c.approxBytes), c.description()));
        const QString pullText = c.pull;
        connect(button, &QPushButton::clicked, this, [this, pullText] { pull(pullText); });
        m_catalogueView->setItemWidget(item, CatAction, button);
    }
    for (int col : {CatName, CatSource, CatSize})
        m_catalogueView->resizeColumnToContents(col);
}

void ModelsDock::showPullMessage(const QString &message) {
    m_pullMessage->setText(message);
    m_pullMessage->setAccessibleDescription(message);
    m_pullMessage->setVisible(!message.isEmpty());
}

bool ModelsDock::pull(const QString &text) {
    QString error;
    const std::optional<PullTarget> target = parsePullTarget(text, &error);
    if (!target) {
        showPullMessage(error);
        m_pullEdit->setFocus();
        return false;
    }
#ifdef FACET_HAVE_DOWNLOADS
    if (!m_downloads) {
        showPullMessage(tr("Downloads are not available in this build."));
        return false;
    }
    const QString id = m_downloads->pull(text.trimmed(), &error);
    if (id.isEmpty()) {
        showPullMessage(error);
        return false;
    }
    showPullMessage({});
    m_pullEdit->clear();
    return true;
#else
    showPullMessage(tr("Downloads are not available in this build."));
    return false;
#endif
}

// ---- downloads --------------------------------------------------------------------------------

void ModelsDock::setDownloadManager(download::DownloadManager *manager) {
#ifdef FACET_HAVE_DOWNLOADS
    if (m_downloads) disconnect(m_downloads, nullptr, this, nullptr);
    m_downloads = manager;
    if (!manager) return;
    connect(manager, &download::DownloadManager::downloadAdded, this, &ModelsDock::onDownloadAdded);
    connect(manager, &download::DownloadManager::stateChanged, this, &ModelsDock::onDownloadState);
    connect(manager, &download::DownloadManager::progressChanged, this,
            &ModelsDock::onDownloadProgress);
    connect(
        manager, &download::DownloadManager::completed, this,
        [this](const QString &id, const QString &, const QString &) { onDownloadCompleted(id); });
    connect(manager, &download::DownloadManager::failed, this, &ModelsDock::onDownloadFailed);
    for (const download::DownloadInfo &info : manager->downloads())
        onDownloadAdded(info);
#else
    Q_UNUSED(manager);
#endif
}

void ModelsDock::useDefaultDownloadManager() {
#ifdef FACET_HAVE_DOWNLOADS
    setDownloadManager(new download::DownloadManager(this));
#endif
}

DownloadRow *ModelsDock::rowFor(const QString &id) {
    return m_rows.value(id, nullptr);
}

void ModelsDock::onDownloadAdded(const download::DownloadInfo &info) {
    if (DownloadRow *existing = rowFor(info.id)) {
        existing->setState(info.state);
        existing->setProgress(info.progress);
        return;
    }
    auto *row = new DownloadRow(info, m_downloadsBox);
    m_rows.insert(info.id, row);
    m_downloadsLayout->addWidget(row);
#ifdef FACET_HAVE_DOWNLOADS
    connect(row, &DownloadRow::pauseRequested, this, [this](const QString &id) {
        if (m_downloads) m_downloads->pause(id);
    });
    connect(row, &DownloadRow::resumeRequested, this, [this](const QString &id) {
        if (m_downloads) m_downloads->resume(id);
    });
    connect(row, &DownloadRow::cancelRequested, this, [this](const QString &id) {
        if (m_downloads) m_downloads->cancel(id);
    });
    connect(row, &DownloadRow::dismissRequested, this, [this](const QString &id) {
        if (m_downloads) m_downloads->remove(id);
        if (DownloadRow *r = m_rows.take(id)) r->deleteLater();
        updateDownloadsVisibility();
    });
#endif
    updateDownloadsVisibility();
}

void ModelsDock::onDownloadState(const QString &id, download::DownloadState state) {
    if (DownloadRow *row = rowFor(id)) row->setState(state);
}

void ModelsDock::onDownloadProgress(const download::DownloadProgress &progress) {
    if (DownloadRow *row = rowFor(progress.id)) row->setProgress(progress);
}

void ModelsDock::onDownloadCompleted(const QString &id) {
    if (DownloadRow *row = rowFor(id)) row->setState(download::DownloadState::Completed);
    refresh();  // the verified file is in place: list it
}

void ModelsDock::onDownloadFailed(const QString &id, const QString &message) {
    if (DownloadRow *row = rowFor(id)) row->setError(message);
}

void ModelsDock::updateDownloadsVisibility() {
    m_downloadsBox->setVisible(!m_rows.isEmpty());
}

}  // namespace facet::app
