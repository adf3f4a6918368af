// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// GPU storage buffers (weights, activations, caches) owned through GpuContext.
#pragma once

#include <QString>
#include <QtGlobal>

#include <memory>

QT_BEGIN_NAMESPACE
class QRhiBuffer;
QT_END_NAMESPACE

namespace facet::gpu {

class GpuContext;

enum class BufferKind {
    // Model weights: device-local, filled once by GpuContext::upload (in bounded chunks), then
    // only read by kernels (QRhiBuffer::Immutable).
    Weights,
    // Activations, KV cache, scratch: device-local, written by kernels, uploadable and readable
    // (QRhiBuffer::Static).
    Storage,
};

// A storage buffer. Create with GpuContext::createBuffer; destroy it (and every Bindings that
// uses it) before its GpuContext, on the context's thread.
//
// The allocation is the requested size rounded up to 16 bytes plus 16 bytes of slack: the
// branch-free weight reader (shaders/quant.glsl, wqU32) always fetches the word after the bytes
// it decodes, and that word must exist.
class Buffer {
public:
    ~Buffer();
    Buffer(const Buffer &) = delete;
    Buffer &operator=(const Buffer &) = delete;

    BufferKind kind() const { return m_kind; }
    // Bytes requested at creation.
    qint64 size() const { return m_size; }
    // Bytes allocated (size() rounded up to 16, plus 16).
    qint64 allocatedSize() const { return m_allocated; }
    const QString &name() const { return m_name; }
    QRhiBuffer *rhiBuffer() const { return m_buffer.get(); }

private:
    friend class GpuContext;
    Buffer(GpuContext *context, BufferKind kind, qint64 size, qint64 allocated, QString name,
           QRhiBuffer *buffer);

    GpuContext *m_context;
    BufferKind m_kind;
    qint64 m_size;
    qint64 m_allocated;
    QString m_name;
    std::unique_ptr<QRhiBuffer> m_buffer;
};

// A range of a buffer bound to one storage binding of a kernel. size < 0: to the end of the
// allocation. The offset must be a multiple of GpuInfo::storageBufferOffsetAlignment and the
// range at most GpuInfo::maxStorageBufferRange (kernels take element offsets as parameters, so
// most bindings cover a whole buffer at offset 0).
struct BufferView {
    BufferView() = default;
    BufferView(const Buffer &b) : buffer(&b) {}  // NOLINT: implicit on purpose
    BufferView(const Buffer &b, qint64 off, qint64 bytes) : buffer(&b), offset(off), size(bytes) {}

    const Buffer *buffer = nullptr;
    qint64 offset = 0;
    qint64 size = -1;
};

}  // namespace facet::gpu
