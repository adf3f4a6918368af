// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Fused element-wise kernels and the on-GPU top-k.
#pragma once

#include "gpu/compute_batch.h"
#include "gpu/gpu_buffer.h"
#include "gpu/kernel_params.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace facet::gpu {

class Bindings;
class GpuContext;

// x = (x + rmsw(y, w1)) * scale, then optionally out = rmsw(x, w2) (AddRmsNormParams), per row
// of p.n values, rmsw(v, w) = v / sqrt(mean(v^2) + eps) * w. `b` binds the add_rmsnorm kernel to
// (act, norms): x, y and out in act, w1 and w2 in norms. Rows of x (and of out) must not overlap
// each other, y must not overlap x, out must not overlap x or y (checked row by row, so
// interleaved layouts are fine); y rows may repeat (yStride 0). w2/out are only checked and
// touched when p.normOut != 0. p.rowStep is filled in. One workgroup per row; rows up to 4096
// values are read from memory once.
bool recordAddRmsNorm(ComputeBatch &batch, const Bindings &b, AddRmsNormParams p, QString *error);

// The k largest values of a float vector in a GPU buffer with their indices, so sampling reads
// back k pairs instead of the whole vocabulary.
class TopK {
public:
    // The largest k supported.
    static constexpr uint32_t kMaxK = 256;

    // Prepares top-k over `input` (bound whole; offset and length per record).
    static std::unique_ptr<TopK> create(GpuContext &ctx, const Buffer &input, QString *error);
    ~TopK();

    // The most stage-0 workgroups (the partials buffer holds kMaxGroups runs of kMaxK entries).
    static constexpr uint32_t kMaxGroups = 256;

    // Records top-k of input[xOffset .. xOffset + n) for 1 <= k <= min(kMaxK, n): one dispatch
    // when one workgroup covers n, otherwise two (stage 0 over chunks, stage 1 merging them).
    // NaNs never count (with fewer than k non-NaN values the remaining slots hold index
    // 0xFFFFFFFF, value -inf); ties go to the lower index; -0 and +0 tie. The value returned is
    // the input's own bits. The result buffer is rewritten by every record.
    bool record(ComputeBatch &batch, uint32_t n, uint32_t xOffset, uint32_t k, QString *error);

    // Stage-0 workgroups record() uses for (n, k): from a cost model of the kernel's barrier
    // passes (see fused_ops.cpp), or the forced count (clamped to 1..min(kMaxGroups, n)).
    uint32_t groupsFor(uint32_t n, uint32_t k) const;
    // Forces the stage-0 workgroup count (tests cover every tiling path this way, tuning can
    // compare); 0 restores the automatic choice.
    void setGroups(uint32_t groups) { m_forcedGroups = groups; }

    // After the batch ran: resultBytes(k) bytes from offset 0 of result() hold k (uint32 index,
    // float value) pairs, sorted by value descending (ties: lower index first).
    const Buffer &result() const { return *m_result; }
    static qint64 resultBytes(uint32_t k) { return qint64(k) * 8; }
    struct Entry {
        uint32_t index = 0;
        float value = 0.0f;
    };
    static std::vector<Entry> decode(const QByteArray &bytes);

private:
    TopK() = default;
    // The bindings after the buffers they reference, so they are destroyed first.
    std::unique_ptr<Buffer> m_partials;
    std::unique_ptr<Buffer> m_result;
    std::unique_ptr<Bindings> m_bindings;
    uint32_t m_forcedGroups = 0;
};

}  // namespace facet::gpu
