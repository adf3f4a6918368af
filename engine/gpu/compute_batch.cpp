// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// ComputeBatch recording and its submission as offscreen frames.
#include "gpu/compute_batch.h"

#include "gpu/gpu_context.h"
#include "gpu/kernels.h"
#include "gpu/rhi_compat.h"
#include "gpu/vulkan_direct.h"

#include <QElapsedTimer>

#include <deque>

namespace facet::gpu {

void ComputeBatch::upload(Buffer &dst, qint64 offset, QByteArray bytes) {
    if (offset < 0 || offset + bytes.size() > dst.allocatedSize()) {
        if (m_error.isEmpty()) {
            m_error = QStringLiteral("upload of %1 bytes at %2 does not fit GPU buffer '%3'")
                          .arg(bytes.size())
                          .arg(offset)
                          .arg(dst.name());
        }
        return;
    }
    m_uploads.push_back({&dst, offset, std::move(bytes)});
}

void ComputeBatch::readBack(const Buffer &src, qint64 offset, qint64 bytes, QByteArray *out) {
    if (offset < 0 || bytes <= 0 || offset + bytes > src.allocatedSize() || !out) {
        if (m_error.isEmpty()) {
            m_error = QStringLiteral("readback of %1 bytes at %2 is outside GPU buffer '%3'")
                          .arg(bytes)
                          .arg(offset)
                          .arg(src.name());
        }
        return;
    }
    m_readbacks.push_back({&src, offset, bytes, out});
}

void ComputeBatch::addDispatch(const Bindings &b, const void *params, int bytes, int gx, int gy,
                               int gz) {
    if (bytes != b.kernel().paramBytes()) {
        if (m_error.isEmpty()) {
            m_error = QStringLiteral(
                          "dispatch of '%1' with a %2-byte parameter block (the "
                          "kernel takes %3)")
                          .arg(b.kernel().name())
                          .arg(bytes)
                          .arg(b.kernel().paramBytes());
        }
        return;
    }
    const int limit = b.kernel().context().info().maxWorkgroupsPerDimension;
    if (gx < 1 || gy < 1 || gz < 1 || gx > limit || gy > limit || gz > limit) {
        if (m_error.isEmpty()) {
            m_error = QStringLiteral(
                          "dispatch of '%1' over %2 x %3 x %4 workgroups (each must be "
                          "1..%5)")
                          .arg(b.kernel().name())
                          .arg(gx)
                          .arg(gy)
                          .arg(gz)
                          .arg(limit);
        }
        return;
    }
    const int offset = int(m_params.size());
    m_params.append(static_cast<const char *>(params), bytes);
    m_dispatches.push_back({&b, offset, bytes, gx, gy, gz});
}

bool ComputeBatch::replaceUpload(int index, QByteArray bytes) {
    if (index < 0 || index >= uploadCount()) return false;
    Upload &u = m_uploads[size_t(index)];
    if (u.bytes.size() != bytes.size()) return false;
    u.bytes = std::move(bytes);
    return true;
}

void ComputeBatch::clear() {
    m_dispatches.clear();
    m_params.clear();
    m_uploads.clear();
    m_readbacks.clear();
    m_error.clear();
}

bool GpuContext::submit(ComputeBatch &batch, QString *error,
                        const std::function<void()> &whileRunning) {
    if (!checkThread(error)) return false;
    struct Clear {
        ComputeBatch &b;
        ~Clear() { b.clear(); }
    } clearOnExit{batch};

    if (!batch.m_error.isEmpty()) {
        if (error) *error = batch.m_error;
        return false;
    }
    if (m_deviceLost) {
        if (error) *error = QStringLiteral("the GPU device was lost; restart Facet");
        return false;
    }
    for (const auto &d : batch.m_dispatches) {
        if (&d.bindings->kernel().context() != this) {
            if (error) *error = QStringLiteral("internal error: bindings of another GPU context");
            return false;
        }
    }

    // Split the dispatches into frames whose parameter blocks fit the arena. Uploads go with the
    // first frame, readbacks with the last; frames run in order, so the result is the same as
    // one frame.
    const qint64 arena = m_paramArena->size();
    const int align = m_info.uniformBufferAlignment;
    const size_t count = batch.m_dispatches.size();
    size_t begin = 0;
    bool first = true;
    do {
        size_t end = begin;
        qint64 used = 0;
        while (end < count) {
            const qint64 slot = (batch.m_dispatches[end].paramBytes + align - 1) / align * align;
            if (used + slot > arena) break;
            used += slot;
            ++end;
        }
        if (end == begin && begin < count) {
            if (error) *error = QStringLiteral("internal error: parameter block exceeds the arena");
            return false;
        }
        if (!runFrame(batch, begin, end, first, end == count, error,
                      end == count ? whileRunning : std::function<void()>()))
            return false;
        first = false;
        begin = end;
    } while (begin < count);
    return true;
}

bool GpuContext::runFrame(ComputeBatch &batch, size_t firstDispatch, size_t endDispatch,
                          bool withUploads, bool withReadbacks, QString *error,
                          const std::function<void()> &whileRunning) {
#if FACET_HAVE_VULKAN
    if (m_direct) {
        VulkanDirect::FrameTimes times;
        bool lost = false;
        const quint64 pool =
            m_timing ? prepareTimingPool(uint32_t(endDispatch - firstDispatch) + 1) : 0;
        const bool ok = m_direct->run(batch, firstDispatch, endDispatch, withUploads, withReadbacks,
                                      pool, &times, &lost, error, whileRunning);
        m_stats.recordNs += times.recordNs;
        m_stats.endFrameNs += times.submitNs;
        m_stats.fencePollNs += times.pollNs;
        m_stats.recordedFrames += times.recorded;
        ++m_stats.frames;
        if (!ok) {
            m_deviceLost = lost;
            return false;
        }
        m_stats.dispatches += qint64(endDispatch - firstDispatch);
        if (m_timing) collectDispatchTimes(batch, firstDispatch, endDispatch);
        countTransfers(batch, withUploads, withReadbacks);
        return true;
    }
#endif
    QElapsedTimer prepareTimer;
    prepareTimer.start();
    QRhiResourceUpdateBatch *updates = m_rhi->nextResourceUpdateBatch();
    if (withUploads) {
        for (const auto &u : batch.m_uploads) {
            updates->uploadStaticBuffer(u.dst->rhiBuffer(), int(u.offset), int(u.bytes.size()),
                                        u.bytes.constData());
        }
    }

    // Lay the parameter blocks out at aligned offsets and upload them in one update.
    const int align = m_info.uniformBufferAlignment;
    std::vector<quint32> offsets;
    offsets.reserve(endDispatch - firstDispatch);
    QByteArray params;
    for (size_t i = firstDispatch; i < endDispatch; ++i) {
        const auto &d = batch.m_dispatches[i];
        const int at = int(params.size());
        offsets.push_back(quint32(at));
        params.append(batch.m_params.constData() + d.paramOffset, d.paramBytes);
        const int padded = (d.paramBytes + align - 1) / align * align;
        params.append(padded - d.paramBytes, '\0');
    }
    if (!params.isEmpty()) {
        updates->updateDynamicBuffer(m_paramArena.get(), 0, int(params.size()), params.constData());
    }

    // Readback results must stay at fixed addresses until the frame completes.
    std::deque<QRhiBufferReadbackResult> results;
    QRhiResourceUpdateBatch *readbacks = nullptr;
    if (withReadbacks && !batch.m_readbacks.empty()) {
        readbacks = m_rhi->nextResourceUpdateBatch();
        for (const auto &r : batch.m_readbacks) {
            results.emplace_back();
            readbacks->readBackBuffer(r.src->rhiBuffer(), int(r.offset), int(r.bytes),
                                      &results.back());
        }
    }

    QRhiCommandBuffer *cb = nullptr;
    m_stats.prepareNs += prepareTimer.nsecsElapsed();
    QElapsedTimer timer;
    timer.start();
    const QRhi::FrameOpResult begun = m_rhi->beginOffscreenFrame(&cb);
    if (begun != QRhi::FrameOpSuccess) {
        updates->release();
        if (readbacks) readbacks->release();
        m_deviceLost = begun == QRhi::FrameOpDeviceLost || m_rhi->isDeviceLost();
        if (error) {
            *error = m_deviceLost ? QStringLiteral(
                                        "the GPU device was lost (driver reset or GPU "
                                        "removed); restart Facet")
                                  : QStringLiteral("the GPU could not start a frame");
        }
        return false;
    }
    if (firstDispatch == endDispatch) {
        cb->resourceUpdate(updates);
        if (readbacks) cb->resourceUpdate(readbacks);
    } else if (m_timing) {
        cb->resourceUpdate(updates);
        recordTimedDispatches(cb, batch, firstDispatch, endDispatch, offsets);
        if (readbacks) cb->resourceUpdate(readbacks);
        m_stats.dispatches += qint64(endDispatch - firstDispatch);
    } else {
        cb->beginComputePass(updates);
        const QRhiComputePipeline *current = nullptr;
        for (size_t i = firstDispatch; i < endDispatch; ++i) {
            const auto &d = batch.m_dispatches[i];
            const Kernel &k = d.bindings->kernel();
            if (k.pipeline() != current) {
                cb->setComputePipeline(k.pipeline());
                current = k.pipeline();
            }
            const QRhiCommandBuffer::DynamicOffset dyn(0, offsets[i - firstDispatch]);
            cb->setShaderResources(d.bindings->srb(), 1, &dyn);
            cb->dispatch(d.gx, d.gy, d.gz);
        }
        cb->endComputePass(readbacks);
        m_stats.dispatches += qint64(endDispatch - firstDispatch);
    }
    const qint64 recorded = timer.nsecsElapsed();
    const QRhi::FrameOpResult ended = m_rhi->endOffscreenFrame();
    m_stats.recordNs += recorded;
    m_stats.endFrameNs += timer.nsecsElapsed() - recorded;
    ++m_stats.frames;
    if (ended != QRhi::FrameOpSuccess) {
        m_deviceLost = ended == QRhi::FrameOpDeviceLost || m_rhi->isDeviceLost();
        if (error) {
            *error = m_deviceLost ? QStringLiteral(
                                        "the GPU device was lost (driver reset or GPU "
                                        "removed); restart Facet")
                                  : QStringLiteral("the GPU frame failed");
        }
        return false;
    }
    if (m_timing) collectDispatchTimes(batch, firstDispatch, endDispatch);
    // Offscreen frames are synchronous: the readbacks have completed.
    if (readbacks) {
        size_t i = 0;
        for (const auto &r : batch.m_readbacks)
            *r.out = std::move(results[i++].data);
    }
    countTransfers(batch, withUploads, withReadbacks);
    // (QRhi's offscreen frames wait for the GPU: nothing to overlap with, so after it.)
    if (whileRunning) whileRunning();
    return true;
}

void GpuContext::countTransfers(const ComputeBatch &batch, bool uploads, bool readbacks) {
    if (uploads) {
        for (const auto &u : batch.m_uploads) {
            ++m_stats.uploadBatches;
            m_stats.uploadedBytes += u.bytes.size();
        }
    }
    if (readbacks) {
        for (const auto &r : batch.m_readbacks)
            m_stats.readBackBytes += r.bytes;
    }
}

}  // namespace facet::gpu
