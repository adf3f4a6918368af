// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Models dock: the models on this computer (library), the Gemma 4 catalogue and the pull
// field, and the running downloads.
//
// The library lists what facet::models::scanAll finds (Facet's folder, Ollama's store read-only,
// LM Studio's folders) plus GGUF files the user opened ("Open GGUF…", remembered in QSettings
// under models/userFiles), with source, size, quantisation, towers and the memory estimate at the
// chosen context length. Scans and estimates run on a worker thread (LibraryScanner); the UI
// thread only builds rows. Deleting is offered only for files Facet owns.
#pragma once

#include "catalogue.h"
#include "model_library.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QWidget>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;
class QVBoxLayout;

namespace facet::download {
class DownloadManager;
struct DownloadInfo;
struct DownloadProgress;
enum class DownloadState;
}  // namespace facet::download

namespace facet::app {

class DownloadRow;

class ModelsDock : public QWidget {
    Q_OBJECT
public:
    explicit ModelsDock(QWidget *parent = nullptr);
    ~ModelsDock() override;

    // Where to look (default: SearchPaths::defaults()). Call refresh() afterwards.
    void setSearchPaths(const models::SearchPaths &paths);
    models::SearchPaths searchPaths() const { return m_paths; }

    // Downloads go through `manager` (not owned; may be null: then pulling says it is
    // unavailable). Completed downloads trigger a rescan.
    void setDownloadManager(download::DownloadManager *manager);
    // Creates a download manager with the default settings (registry, Facet's folder), owned by
    // the dock, when this build has one. The main window calls it; tests pass their own.
    void useDefaultDownloadManager();

    // Rescans in the background; scanFinished() follows.
    void refresh();
    bool isScanning() const;

    const QList<ModelDetails> &models() const { return m_models; }
    QStringList problems() const { return m_warnings; }

    // The context length the estimates are for: the setting AppSettings::contextLength(), chosen
    // from AppSettings::kContextLengthChoices here or in the Settings dialog.
    int64_t contextLength() const;
    // Selects `tokens` (clamped to AppSettings' range; sorted in when it is none of the choices),
    // stores it and re-estimates.
    void setContextLength(int64_t tokens);

    // The model the engine has loaded (empty: none). Load/Unload follow it.
    void setLoadedModel(const QString &path);
    QString loadedModel() const { return m_loadedPath; }

    // Adds a GGUF to the list of opened files (checked first; *error says why not).
    bool openFile(const QString &path, QString *error);
    // Deletes a model Facet owns after the user confirmed (the UI asks first). Refuses others.
    bool deleteModel(const QString &path, QString *error);

    // Starts a pull of what the user typed; false and a message shown under the field when the
    // text is not a valid name or address.
    bool pull(const QString &text);

    // Brings the catalogue page to the front (first start without any model).
    void showCatalogue();

signals:
    void loadRequested(const QString &path);
    void unloadRequested();
    void scanFinished();
    void reestimateFinished();

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildUi();
    void retranslate();
    void fillLibrary();
    void fillCatalogue();
    void updateActions();
    void updateProblems();
    void onScanned(const LibraryScan &scan);
    void onReestimated(const QList<ModelDetails> &models, qint64 contextLength);
    void onContextChanged();
    const ModelDetails *selected() const;
    void confirmAndDelete();
    void forgetSelected();
    void revealSelected();
    void browseForFile();
    QStringList userFiles() const;
    void setUserFiles(const QStringList &files);
    void showPullMessage(const QString &message);
    // Downloads.
    void onDownloadAdded(const download::DownloadInfo &info);
    void onDownloadState(const QString &id, download::DownloadState state);
    void onDownloadProgress(const download::DownloadProgress &progress);
    void onDownloadCompleted(const QString &id);
    void onDownloadFailed(const QString &id, const QString &message);
    DownloadRow *rowFor(const QString &id);
    void updateDownloadsVisibility();

    models::SearchPaths m_paths;
    LibraryScanner m_scanner;
    QList<ModelDetails> m_models;
    QStringList m_warnings;
    QString m_loadedPath;
    QList<CatalogueEntry> m_catalogue;
    QString m_catalogueError;
    bool m_scannedOnce = false;

    QPointer<download::DownloadManager> m_downloads;
    QHash<QString, DownloadRow *> m_rows;

    QTabWidget *m_tabs = nullptr;
    QWidget *m_libraryPage = nullptr;
    QWidget *m_cataloguePage = nullptr;
    QLabel *m_contextLabel = nullptr;
    QComboBox *m_context = nullptr;
    QPushButton *m_refresh = nullptr;
    QPushButton *m_open = nullptr;
    QTreeWidget *m_library = nullptr;
    QPushButton *m_load = nullptr;
    QPushButton *m_unload = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_reveal = nullptr;
    QPushButton *m_forget = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_problemsButton = nullptr;
    QPlainTextEdit *m_problemsText = nullptr;
    QLabel *m_emptyBanner = nullptr;
    QTreeWidget *m_catalogueView = nullptr;
    QLabel *m_pullLabel = nullptr;
    QLineEdit *m_pullEdit = nullptr;
    QPushButton *m_pullButton = nullptr;
    QLabel *m_pullMessage = nullptr;
    QGroupBox *m_downloadsBox = nullptr;
    QVBoxLayout *m_downloadsLayout = nullptr;
};

}  // namespace facet::app
