// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "download/cli_pull.h"

#include "download/download_manager.h"
#include "models/model_discovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLocale>
#include <QTimer>

#include <atomic>
#include <csignal>
#include <cstdio>

#include <unistd.h>

namespace facet::download {

const char *const kCliUsage =
    "  pull NAME|URL [--registry URL]       download a model into Facet's folder, verified:\n"
    "        an Ollama name (gemma4:e2b, library/gemma4:e2b, host/ns/model:tag), a Hugging\n"
    "        Face URL (https://huggingface.co/ORG/REPO/resolve/main/FILE.gguf) or\n"
    "        ORG/REPO/FILE.gguf; --registry (or FACET_REGISTRY) sets the Ollama registry;\n"
    "        Ctrl-C keeps the partial download and the same command resumes it\n"
    "  rm NAME                              delete a model Facet downloaded (never Ollama's\n"
    "                                       or LM Studio's files)\n";

namespace {

std::atomic<bool> g_interrupted{false};

void onSignal(int) {
    g_interrupted.store(true);
}

void err(const QString &s) {
    const QByteArray b = s.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<size_t>(b.size()), stderr);
    std::fflush(stderr);
}

int fail(const QString &message, int code = 1) {
    err(QStringLiteral("facet-cli: %1\n").arg(message));
    return code;
}

QString bytes(qint64 n) {
    return QLocale::c().formattedDataSize(n, 1, QLocale::DataSizeTraditionalFormat);
}

QString duration(qint64 s) {
    if (s < 0) return QStringLiteral("--:--");
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

int envInt(const char *name, int fallback) {
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v >= 0 ? v : fallback;
}

// The text progress bar: \r updates on a terminal, a line every 5 % otherwise (logs, CI).
class ProgressPrinter {
public:
    explicit ProgressPrinter(QString name) : m_name(std::move(name)), m_tty(::isatty(2) == 1) {}

    void update(const DownloadProgress &p) {
        if (p.bytesTotal <= 0) return;
        const double pct =
            100.0 * static_cast<double>(p.bytesDone) / static_cast<double>(p.bytesTotal);
        const QString speed = p.bytesPerSecond > 0
                                  ? bytes(qint64(p.bytesPerSecond)) + QStringLiteral("/s")
                                  : QStringLiteral("--");
        const QString stats =
            QStringLiteral("%1 / %2  %3  ETA %4")
                .arg(bytes(p.bytesDone), bytes(p.bytesTotal), speed, duration(p.etaSeconds));
        if (m_tty) {
            constexpr int width = 30;
            const int filled = std::clamp(int(pct * width / 100.0), 0, width);
            const QString bar =
                QString(filled, QLatin1Char('#')) + QString(width - filled, QLatin1Char('.'));
            err(QStringLiteral("\r%1 [%2] %3%  %4   ")
                    .arg(m_name, bar)
                    .arg(pct, 5, 'f', 1)
                    .arg(stats));
            m_dirty = true;
        } else {
            const int step = int(pct / 5.0);
            if (step <= m_lastStep) return;
            m_lastStep = step;
            err(QStringLiteral("pulling %1: %2%  %3\n").arg(m_name).arg(pct, 0, 'f', 0).arg(stats));
        }
    }

    void line(const QString &s) {
        if (m_dirty) err(QStringLiteral("\n"));
        m_dirty = false;
        err(s + QLatin1Char('\n'));
    }

private:
    QString m_name;
    bool m_tty;
    bool m_dirty = false;
    int m_lastStep = -1;
};

}  // namespace

int cliPull(const QStringList &args) {
    const char *usage = "usage: facet-cli pull NAME|URL [--registry URL]";
    QString name, registry;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QStringLiteral("--registry")) {
            if (i + 1 >= args.size())
                return fail(QStringLiteral("--registry needs a URL\n%1").arg(QLatin1String(usage)),
                            2);
            registry = args[++i];
        } else if (a.startsWith(QStringLiteral("--registry="))) {
            registry = a.mid(11);
        } else if (a.startsWith(QStringLiteral("--"))) {
            return fail(QStringLiteral("unknown option %1\n%2").arg(a, QLatin1String(usage)), 2);
        } else if (name.isEmpty()) {
            name = a;
        } else {
            return fail(QStringLiteral("pull takes one model\n%1").arg(QLatin1String(usage)), 2);
        }
    }
    if (name.isEmpty()) return fail(QLatin1String(usage), 2);

    DownloadManager manager;
    if (!registry.isEmpty()) {
        const QUrl url(registry, QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty() ||
            (url.scheme() != QStringLiteral("https") && url.scheme() != QStringLiteral("http")))
            return fail(QStringLiteral("--registry: '%1' is not an http(s) URL").arg(registry), 2);
        manager.setRegistry(url);
    }
    DownloadOptions o;
    o.parallelParts = std::max(1, envInt("FACET_DOWNLOAD_PARTS", o.parallelParts));
    o.partSize = std::max(1, envInt("FACET_DOWNLOAD_PART_SIZE", int(o.partSize)));
    o.maxRetries = envInt("FACET_DOWNLOAD_RETRIES", o.maxRetries);
    o.retryBaseDelayMs = envInt("FACET_DOWNLOAD_RETRY_MS", o.retryBaseDelayMs);
    o.retryMaxDelayMs =
        std::max(o.retryBaseDelayMs, std::min(o.retryMaxDelayMs, o.retryBaseDelayMs * 30));
    o.stallTimeoutMs = std::max(1, envInt("FACET_DOWNLOAD_STALL_MS", o.stallTimeoutMs));
    o.stateSaveIntervalMs = envInt("FACET_DOWNLOAD_STATE_MS", o.stateSaveIntervalMs);
    manager.setOptions(o);

    const std::optional<PullRequest> request = parsePullRequest(name, nullptr);
    ProgressPrinter printer(request ? request->display : name);
    QEventLoop loop;
    int code = 1;
    QObject::connect(&manager, &DownloadManager::progressChanged, &loop,
                     [&](const DownloadProgress &p) { printer.update(p); });
    QObject::connect(&manager, &DownloadManager::completed, &loop,
                     [&](const QString &, const QString &modelName, const QString &path) {
                         printer.line(QStringLiteral("%1: verified, saved as %2")
                                          .arg(modelName, QDir::toNativeSeparators(path)));
                         code = 0;
                         loop.quit();
                     });
    QObject::connect(
        &manager, &DownloadManager::failed, &loop, [&](const QString &, const QString &message) {
            printer.line(QStringLiteral("facet-cli: pull %1 failed: %2").arg(name, message));
            code = 1;
            loop.quit();
        });

    // Ctrl-C / SIGTERM: stop cleanly, keeping what was downloaded for the next run.
    g_interrupted.store(false);
    auto previousInt = std::signal(SIGINT, onSignal);
    auto previousTerm = std::signal(SIGTERM, onSignal);
    QTimer poll;
    poll.setInterval(100);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (!g_interrupted.load()) return;
        manager.pauseAll();
        printer.line(
            QStringLiteral("facet-cli: interrupted; the partial download is kept, run "
                           "the same command again to resume"));
        code = 130;
        loop.quit();
    });
    poll.start();

    QString error;
    if (manager.pull(name, &error).isEmpty()) return fail(error, 2);
    loop.exec();
    std::signal(SIGINT, previousInt);
    std::signal(SIGTERM, previousTerm);
    return code;
}

int cliRm(const QStringList &args) {
    if (args.size() != 1 || args.front().startsWith(QStringLiteral("--")))
        return fail(QStringLiteral("usage: facet-cli rm NAME"), 2);
    QString error;
    QStringList removed;
    if (!removeModel(args.front(), models::SearchPaths::defaults(), &error, &removed))
        return fail(error);
    for (const QString &f : removed)
        err(QStringLiteral("deleted %1\n").arg(QDir::toNativeSeparators(f)));
    return 0;
}

}  // namespace facet::download
