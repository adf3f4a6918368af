// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A list of GPU work submitted as one offscreen frame: small uploads, then many dispatches inside
// ONE compute pass, then readbacks.
//
// Recording is host-only and cheap (a vector push and a memcpy of the parameter block); nothing
// touches QRhi until GpuContext::submit. That ordering is what lets every dispatch's parameters
// reach the GPU in a single uniform-buffer update before the pass begins, each dispatch then
// selecting its block with a dynamic offset: no per-dispatch buffers, no per-token
// QRhiShaderResourceBindings.
//
// Dependencies between dispatches need no annotation: QRhi inserts a barrier before a dispatch
// that reads or writes a buffer an earlier dispatch of the same pass wrote (tracked per buffer
// through the bindings' Load/Store/LoadStore types), and so does direct Vulkan submission
// (vulkan_direct.h) from each kernel's declared binding access, write-after-read included.
#pragma once

#include "gpu/gpu_buffer.h"
#include "gpu/kernel_params.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace facet::gpu {

class Bindings;

// The batch keeps pointers to the Bindings and Buffers it names: they must outlive submit().
// Recording errors (wrong parameter struct, bad grid, out-of-range copy) are kept and reported
// by submit(), so call sites can record unconditionally.
class ComputeBatch {
public:
    // Copies `bytes` into `dst` at `offset` before the compute pass (token ids, positions, ...).
    // For large data (weights) use GpuContext::upload, which bounds host memory.
    void upload(Buffer &dst, qint64 offset, QByteArray bytes);
    // Uploads recorded so far; replaceUpload(i, bytes) swaps upload i's bytes for as many others
    // (false when there is no such upload or the size differs), so a batch recorded before its
    // data was known can be completed.
    int uploadCount() const { return static_cast<int>(m_uploads.size()); }
    bool replaceUpload(int index, QByteArray bytes);

    // Records one dispatch of b's kernel with `params` (the kernel's parameter struct) over
    // gx x gy x gz workgroups.
    template <typename P>
    void dispatch(const Bindings &b, const P &params, int gx, int gy = 1, int gz = 1) {
        static_assert(isParamBlock<P>(), "parameter blocks are declared in kernel_params.h");
        addDispatch(b, &params, static_cast<int>(sizeof(P)), gx, gy, gz);
    }

    // Copies `bytes` bytes of `src` at `offset` into *out after the compute pass. *out is filled
    // when GpuContext::submit returns true.
    void readBack(const Buffer &src, qint64 offset, qint64 bytes, QByteArray *out);

    int dispatchCount() const { return static_cast<int>(m_dispatches.size()); }
    bool isEmpty() const {
        return m_dispatches.empty() && m_uploads.empty() && m_readbacks.empty();
    }
    void clear();

private:
    friend class GpuContext;
    friend class VulkanDirect;
    void addDispatch(const Bindings &b, const void *params, int bytes, int gx, int gy, int gz);

    struct Dispatch {
        const Bindings *bindings;
        int paramOffset;  // into m_params
        int paramBytes;
        int gx, gy, gz;
    };
    struct Upload {
        Buffer *dst;
        qint64 offset;
        QByteArray bytes;
    };
    struct ReadBack {
        const Buffer *src;
        qint64 offset;
        qint64 bytes;
        QByteArray *out;
    };
    std::vector<Dispatch> m_dispatches;
    QByteArray m_params;  // parameter blocks, packed back to back
    std::vector<Upload> m_uploads;
    std::vector<ReadBack> m_readbacks;
    QString m_error;  // first recording error, reported by submit
};

}  // namespace facet::gpu
