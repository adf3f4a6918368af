// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// facet-cli pull / rm (called from app/cli/main.cpp).
#pragma once

#include <QStringList>

namespace facet::download {

// Usage lines for `pull` and `rm`, in the style of facet-cli's own usage text.
extern const char *const kCliUsage;

// facet-cli pull NAME|URL [--registry URL]: downloads into Facet's model folder with a progress
// bar on stderr. Exit codes: 0 verified and installed, 1 failed (message on stderr), 2 usage,
// 130 interrupted (Ctrl-C; the partial download is kept and the same command resumes it).
// Tuning (mainly for tests): FACET_DOWNLOAD_PARTS, FACET_DOWNLOAD_PART_SIZE (bytes),
// FACET_DOWNLOAD_RETRIES, FACET_DOWNLOAD_RETRY_MS, FACET_DOWNLOAD_STALL_MS,
// FACET_DOWNLOAD_STATE_MS (how often completed ranges are saved).
int cliPull(const QStringList &args);

// facet-cli rm NAME: deletes a model Facet downloaded (never Ollama's or LM Studio's files).
int cliRm(const QStringList &args);

}  // namespace facet::download
