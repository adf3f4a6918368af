// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The KV caches of one sequence on the GPU: per layer that owns one, K and V buffers of
// [rows][kvHeads·headDim] f32, position p in slot p % rows (sliding layers keep a ring of
// window + maxChunk slots, global layers the whole context). Rewinding, and saving the sequence
// to a file that a later session restores without recomputing anything.
//
// A state file is tied to an identity: the model file's fingerprint plus, once adapters exist,
// the adapter's (the same tokens through another adapter give other keys and values).
#pragma once

#include "model/gpu_plan.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace facet::gguf {
class File;
}

namespace facet::gpu {
class Buffer;
class GpuContext;
}  // namespace facet::gpu

namespace facet::model {

// A hash over the file's size, tensor table and samples of each tensor's bytes: files that
// differ in weights differ here.
QByteArray modelFingerprint(const gguf::File &file);

class KvCache {
public:
    struct Layer {
        std::unique_ptr<gpu::Buffer> k, v;
        uint32_t rows = 0;
        int width = 0;
    };

    // Allocates the caches `shapes` describes, of f16 or f32 values. nullptr and *error (the
    // GPU's reason) on failure.
    static std::unique_ptr<KvCache> create(gpu::GpuContext &ctx,
                                           const std::vector<KvCacheShape> &shapes, int ringSlack,
                                           bool f16, QString *error);
    ~KvCache();

    const Layer &layer(int i) const { return m_layers[size_t(i)]; }
    int layerCount() const { return int(m_layers.size()); }

    // Whether a sequence at `from` may be taken back to `to` (≤ from): global caches hold every
    // position; a sliding layer's ring has ringSlack slots beyond its window, so a rewind of up to
    // ringSlack positions always works and a longer one fails once the ring has wrapped over keys
    // the next token would need.
    bool canRewind(int64_t from, int64_t to) const;

    bool f16() const { return m_f16; }

    // Writes `position` and the cached rows to `path` atomically, under `identity`. The file
    // holds f32 values whatever the caches hold, so a state restores into either kind.
    bool save(const QString &path, int64_t position, const QByteArray &identity,
              QString *error) const;
    // Reads a file written by save() with the same identity into the caches; *position receives
    // its sequence length. Refused, caches untouched, when it belongs to another identity or
    // holds more than `contextLength` positions.
    bool restore(const QString &path, const QByteArray &identity, int64_t contextLength,
                 int64_t *position, QString *error);

private:
    KvCache() = default;
    gpu::GpuContext *m_ctx = nullptr;
    std::vector<Layer> m_layers;
    int m_ringSlack = 0;
    bool m_f16 = false;
};

}  // namespace facet::model
