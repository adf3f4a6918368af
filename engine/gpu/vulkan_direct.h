// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Direct Vulkan submission of ComputeBatches: the same kernels, buffers and bindings as the QRhi
// path, recorded straight into a Vulkan command buffer of our own.
//
// Why: a decode step is ~360 small dependent dispatches. Through QRhi each one costs host time
// three times over: our recording calls (setShaderResources re-walks every binding to track
// resources), QRhi's deferred command list, and its translation into a VkCommandBuffer at
// endOffscreenFrame. On an H100 that was 0.5-0.6 ms of host time per token before the GPU started
// (record_ms_per_token + the translation inside end_frame_ms_per_token of `facet-cli bench`),
// with the GPU idle meanwhile. Here a dispatch is four Vulkan calls.
//
// What it shares with QRhi: the VkDevice, the queue and the buffers (QRhiBuffer::nativeBuffer)
// QRhi created, and the SPIR-V of each kernel's pack. What it owns: per kernel a descriptor set
// layout, pipeline layout and pipeline; per Bindings one descriptor set (allocated at bind time,
// freed with the Bindings); a host-visible parameter arena (binding 0, dynamic offsets), staging
// memory for the batch's uploads and readbacks; one command buffer and fence.
//
// Ordering: every submission waits for completion (like QRhi's offscreen frames), and begins and
// ends with full memory barriers, so QRhi frames (weight uploads, the profiler's timed frames)
// and direct ones can follow each other in any order. Between dispatches it inserts a barrier
// when a dispatch touches a buffer that an earlier dispatch since the last barrier wrote, or
// writes a buffer an earlier one read (from each kernel's declared binding access, kernels.cpp).
//
// Waiting: run() polls the fence for about as long as recent frames took before it blocks (a
// blocking wait wakes the thread tens of microseconds late), as GpuOptions::fenceSpin says
// (fence_spin.h).
//
// Vulkan only; GpuContext uses it unless GpuOptions::directVulkan is off.
#pragma once

#include "gpu/rhi_compat.h"

#if FACET_HAVE_VULKAN

#include "gpu/fence_spin.h"
#include "gpu/kernels.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace facet::gpu {

class Buffer;
class ComputeBatch;

class VulkanDirect {
public:
    // nullptr with *why when the QRhi has no usable native handles. `spin`: how run() waits.
    static std::unique_ptr<VulkanDirect> create(QRhi *rhi, QVulkanInstance *instance,
                                                qint64 paramArenaBytes, int uniformAlignment,
                                                const FenceSpinBudget &spin, QString *why);
    ~VulkanDirect();
    VulkanDirect(const VulkanDirect &) = delete;
    VulkanDirect &operator=(const VulkanDirect &) = delete;

    // Creates kernel k's pipeline from SPIR-V (binding 0: the parameter block with a dynamic
    // offset; 1..n: storage buffers).
    bool addKernel(const Kernel &k, const QByteArray &spirv, QString *error);
    // A descriptor set for b (its kernel must have been added). Returns an opaque handle, 0 on
    // failure.
    quint64 createSet(const Bindings &b, QString *error);
    void destroySet(quint64 set);
    // Something a recorded frame may refer to is going away (a buffer): record anew next time.
    void forgetRecordedFrames();

    struct FrameTimes {
        qint64 recordNs = 0;  // building the command buffer
        qint64 submitNs = 0;  // submission and the wait for the GPU
        qint64 pollNs = 0;    // the part of the wait spent polling the fence
        int recorded = 0;     // 1 when the command buffer was recorded anew, 0 when replayed
    };
    // Runs dispatches [first, end) of the batch (with its uploads when withUploads, its readbacks
    // when withReadbacks) and waits. The parameter blocks of the range must fit the arena.
    // timestampPool (a VkQueryPool with end - first + 1 queries, or 0): query 0 is written before
    // the first dispatch and query i + 1 after dispatch first + i (bench --profile).
    // False with *error on failure; *deviceLost is set when the device was lost.
    // whileRunning (when set) is called after the submission, before the wait (see
    // GpuContext::submit); its time counts in neither of FrameTimes' parts.
    bool run(const ComputeBatch &batch, size_t first, size_t end, bool withUploads,
             bool withReadbacks, quint64 timestampPool, FrameTimes *times, bool *deviceLost,
             QString *error, const std::function<void()> &whileRunning = {});

private:
    // Records dispatches [first, end) into cmd.
    VkResult record(VkCommandBuffer cmd, const ComputeBatch &batch, size_t first, size_t end,
                    bool withUploads, bool withReadbacks, VkQueryPool timestamps);
    struct Impl;
    explicit VulkanDirect(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d;
};

}  // namespace facet::gpu

#endif  // FACET_HAVE_VULKAN
