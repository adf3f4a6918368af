// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// GPU timestamps after every dispatch, for facet-cli bench --profile.
//
// QRhi has no timestamp queries in Qt 6.4, so this records them natively: between compute passes
// QRhi lets a caller write into the frame's Vulkan command buffer (beginExternal/endExternal).
// Each dispatch therefore gets its own pass; QRhi's pass-to-pass resource tracking still places
// the barrier a dependent dispatch needs, so the work and its ordering are what an ordinary frame
// runs, only cut at dispatch boundaries. A timestamp at the bottom of the pipe is written when
// everything before it has finished, so consecutive timestamps bracket one dispatch with its
// barrier and launch: the cost the GPU actually pays per dispatch in a chain of dependent work.
// With direct submission (vulkan_direct.h) the same timestamps are written between the
// dispatches of its command buffer instead, so the profile times the path decode really takes.
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/rhi_compat.h"
#include "gpu/vulkan_direct.h"

#include <cstring>

#if FACET_HAVE_VULKAN
#include <QtGui/QVulkanFunctions>
#endif

namespace facet::gpu {

struct GpuContext::Timing {
#if FACET_HAVE_VULKAN
    QVulkanDeviceFunctions *df = nullptr;
    VkDevice dev = VK_NULL_HANDLE;
    VkQueryPool pool = VK_NULL_HANDLE;
    uint32_t capacity = 0;
    double nsPerTick = 1.0;
    uint32_t used = 0;  // queries written in the current frame

    ~Timing() {
        destroyPool();
    }
    // Not in use by the GPU when called: frames are synchronous.
    void destroyPool() {
        if (pool != VK_NULL_HANDLE) df->vkDestroyQueryPool(dev, pool, nullptr);
        pool = VK_NULL_HANDLE;
        capacity = 0;
    }
#endif
    std::vector<DispatchTime> times;
};

void GpuContext::TimingDeleter::operator()(Timing *t) const {
    delete t;
}

bool GpuContext::setDispatchTiming(bool on, QString *why) {
    if (!on) {
#if FACET_HAVE_VULKAN
        // Recorded direct frames may name its pool.
        if (m_timing && m_timing->pool != VK_NULL_HANDLE && m_direct)
            m_direct->forgetRecordedFrames();
#endif
        m_timing.reset();
        return true;
    }
    if (m_timing) return true;
#if FACET_HAVE_VULKAN
    if (m_rhi && m_rhi->backend() == QRhi::Vulkan && m_vulkan) {
        const auto *native = static_cast<const QRhiVulkanNativeHandles *>(m_rhi->nativeHandles());
        VkPhysicalDeviceProperties props{};
        m_vulkan->functions()->vkGetPhysicalDeviceProperties(native->physDev, &props);
        if (!props.limits.timestampComputeAndGraphics) {
            if (why) *why = QStringLiteral("this GPU has no timestamps on compute queues");
            return false;
        }
        std::unique_ptr<Timing, TimingDeleter> t(new Timing);
        t->df = m_vulkan->deviceFunctions(native->dev);
        t->dev = native->dev;
        t->nsPerTick = double(props.limits.timestampPeriod);
        m_timing = std::move(t);
        return true;
    }
#endif
    if (why) *why = QStringLiteral("dispatch timing needs the Vulkan backend");
    return false;
}

std::vector<GpuContext::DispatchTime> GpuContext::takeDispatchTimes() {
    if (!m_timing) return {};
    return std::exchange(m_timing->times, {});
}

quint64 GpuContext::prepareTimingPool(uint32_t needed) {
#if FACET_HAVE_VULKAN
    Timing &t = *m_timing;
    if (needed > t.capacity) {
        // Recorded direct frames may name the old pool.
        t.destroyPool();
        if (m_direct) m_direct->forgetRecordedFrames();
        VkQueryPoolCreateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
        info.queryType = VK_QUERY_TYPE_TIMESTAMP;
        info.queryCount = std::max<uint32_t>(needed, 1024);
        if (t.df->vkCreateQueryPool(t.dev, &info, nullptr, &t.pool) != VK_SUCCESS) {
            t.pool = VK_NULL_HANDLE;
            t.capacity = 0;
        } else {
            t.capacity = info.queryCount;
        }
    }
    t.used = t.pool != VK_NULL_HANDLE ? needed : 0;
    quint64 handle = 0;
    if (t.pool != VK_NULL_HANDLE) std::memcpy(&handle, &t.pool, sizeof t.pool);
    return handle;
#else
    Q_UNUSED(needed);
    return 0;
#endif
}

void GpuContext::recordTimedDispatches(QRhiCommandBuffer *cb, ComputeBatch &batch, size_t begin,
                                       size_t end, const std::vector<quint32> &offsets) {
#if FACET_HAVE_VULKAN
    Timing &t = *m_timing;
    const uint32_t needed = uint32_t(end - begin) + 1;
    prepareTimingPool(needed);
    const auto native = [&] {
        return static_cast<const QRhiVulkanCommandBufferNativeHandles *>(cb->nativeHandles())
            ->commandBuffer;
    };
    if (t.used) {
        cb->beginExternal();
        t.df->vkCmdResetQueryPool(native(), t.pool, 0, needed);
        t.df->vkCmdWriteTimestamp(native(), VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, t.pool, 0);
        cb->endExternal();
    }
    for (size_t i = begin; i < end; ++i) {
        const auto &d = batch.m_dispatches[i];
        cb->beginComputePass();
        cb->setComputePipeline(d.bindings->kernel().pipeline());
        const QRhiCommandBuffer::DynamicOffset dyn(0, offsets[i - begin]);
        cb->setShaderResources(d.bindings->srb(), 1, &dyn);
        cb->dispatch(d.gx, d.gy, d.gz);
        cb->endComputePass();
        if (t.used) {
            cb->beginExternal();
            t.df->vkCmdWriteTimestamp(native(), VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, t.pool,
                                      uint32_t(i - begin + 1));
            cb->endExternal();
        }
    }
#else
    Q_UNUSED(cb);
    Q_UNUSED(batch);
    Q_UNUSED(begin);
    Q_UNUSED(end);
    Q_UNUSED(offsets);
#endif
}

void GpuContext::collectDispatchTimes(ComputeBatch &batch, size_t begin, size_t end) {
#if FACET_HAVE_VULKAN
    Timing &t = *m_timing;
    if (!t.used) return;
    std::vector<uint64_t> ticks(t.used);
    const VkResult r = t.df->vkGetQueryPoolResults(
        t.dev, t.pool, 0, t.used, ticks.size() * sizeof(uint64_t), ticks.data(), sizeof(uint64_t),
        VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    if (r != VK_SUCCESS) return;
    for (size_t i = begin; i < end; ++i) {
        const auto &d = batch.m_dispatches[i];
        DispatchTime dt;
        dt.kernel = d.bindings->kernel().name();
        dt.params = QByteArray(batch.m_params.constData() + d.paramOffset, d.paramBytes);
        const size_t q = i - begin + 1;
        dt.ns = double(ticks[q] - ticks[q - 1]) * t.nsPerTick;
        t.times.push_back(std::move(dt));
    }
#else
    Q_UNUSED(batch);
    Q_UNUSED(begin);
    Q_UNUSED(end);
#endif
}

}  // namespace facet::gpu
