// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The checks every record function makes before it dispatches (engine/gpu/*_ops.cpp): failures
// come back as messages, never as a fault on the GPU.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/kernels.h"

#include <QString>

namespace facet::gpu::detail {

inline bool fail(QString *error, const QString &message) {
    if (error) *error = message;
    return false;
}

// Whether `b` binds kernel `id` (`what` names it in the message).
inline bool isKernel(const Bindings &b, KernelId id, const char *what, QString *error) {
    if (b.kernel().id() == id) return true;
    return fail(
        error,
        QStringLiteral("%1 is not the %2 kernel").arg(b.kernel().name(), QLatin1String(what)));
}

}  // namespace facet::gpu::detail
