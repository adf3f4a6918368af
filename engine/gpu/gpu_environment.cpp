// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/gpu_environment.h"

#include "gpu/matmul_ops.h"
#include "gpu/ops.h"

#include <QByteArray>
#include <QString>

namespace facet::gpu {

namespace {

struct Reader {
    const QProcessEnvironment &env;
    QStringList *problems;

    // The variable's value, trimmed; nullopt when it is not set or empty.
    std::optional<QString> variable(const char *name) const {
        const QString v = env.value(QLatin1String(name)).trimmed();
        if (v.isEmpty()) return std::nullopt;
        return v;
    }

    void problem(const char *name, const QString &value, const QString &accepted) {
        const QString message = QStringLiteral("%1=%2 is not understood (%3); ignored")
                                    .arg(QLatin1String(name), value, accepted);
        if (problems)
            problems->append(message);
        else
            qWarning("facet::gpu: %s", qPrintable(message));
    }

    // A non-negative integer.
    std::optional<int> count(const char *name) {
        const auto v = variable(name);
        if (!v) return std::nullopt;
        bool ok = false;
        const int n = v->toInt(&ok);
        if (ok && n >= 0) return n;
        problem(name, *v, QStringLiteral("a number, 0 or more"));
        return std::nullopt;
    }

    // 0 or 1.
    std::optional<bool> flag(const char *name) {
        const auto v = variable(name);
        if (!v) return std::nullopt;
        if (*v == QLatin1String("0")) return false;
        if (*v == QLatin1String("1")) return true;
        problem(name, *v, QStringLiteral("0 or 1"));
        return std::nullopt;
    }
};

}  // namespace

GpuOptions gpuOptionsFromEnvironment(GpuOptions base, QStringList *problems) {
    return gpuOptionsFromEnvironment(QProcessEnvironment::systemEnvironment(), std::move(base),
                                     problems);
}

GpuOptions gpuOptionsFromEnvironment(const QProcessEnvironment &env, GpuOptions base,
                                     QStringList *problems) {
    Reader r{env, problems};
    GpuOptions o = std::move(base);
    if (const auto v = r.variable("FACET_RHI_BACKEND")) {
        if (const auto backend = parseBackend(*v))
            o.backend = backend;
        else
            r.problem("FACET_RHI_BACKEND", *v, QStringLiteral("vulkan, opengl, metal or d3d11"));
    }
    if (const auto device = r.count("FACET_GPU_DEVICE")) {
        o.deviceIndex = *device;
    } else if (!r.variable("FACET_GPU_DEVICE")) {
        if (const auto qtDevice = r.count("QT_VK_PHYSICAL_DEVICE_INDEX")) o.deviceIndex = *qtDevice;
    }
    if (const auto portable = r.flag("FACET_GPU_PORTABLE")) o.portableKernels = *portable;
    if (const auto direct = r.flag("FACET_VK_DIRECT")) o.directVulkan = *direct;
    if (const auto coop = r.flag("FACET_VK_COOPMAT")) o.cooperativeMatrix = *coop;
    if (const auto own = r.flag("FACET_VK_OWN_DEVICE")) o.ownVulkanDevice = *own;
    if (const auto spinUs = r.count("FACET_VK_SPIN_US")) {
        o.fenceSpin = *spinUs == 0 ? FenceSpin::Off : FenceSpin::Fixed;
        if (*spinUs > 0) o.fenceSpinUs = *spinUs;
    }
    if (const auto v = r.variable("QT_VULKAN_DEVICE_EXTENSIONS")) {
        o.vulkanDeviceExtensions.clear();
        for (const QString &name : v->split(QLatin1Char(';'), Qt::SkipEmptyParts))
            o.vulkanDeviceExtensions.append(name.trimmed().toLatin1());
    }
    if (const auto v = r.variable("FACET_MATVEC_SPLIT")) {
        if (const auto policy = parseMatVecSplitPolicy(*v))
            o.matVecSplit = *policy;
        else
            r.problem("FACET_MATVEC_SPLIT", *v, QStringLiteral("auto, one, two or rows"));
    }
    if (const auto v = r.variable("FACET_MATMUL_SPLIT")) {
        if (const auto target = parseMatMulSplitTarget(*v))
            o.matMulSplitTarget = *target;
        else
            r.problem("FACET_MATMUL_SPLIT", *v, QStringLiteral("auto, old or a workgroup count"));
    }
    return o;
}

}  // namespace facet::gpu
