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

// x = (x + rmsw(y, w1)) * scale, then optionally out = rmsw(x, w2) (AddRmsNormParams). `b`
// binds the add_rmsnorm kernel to (act, norms). out must not overlap x or y.
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

    // Records top-k of input[xOffset .. xOffset + n) for 1 <= k <= min(kMaxK, n). NaNs never
    // count; ties go to the lower index.
    bool record(ComputeBatch &batch, uint32_t n, uint32_t xOffset, uint32_t k, QString *error);

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
    std::unique_ptr<Buffer> m_partials;
    std::unique_ptr<Buffer> m_result;
    std::unique_ptr<Bindings> m_bindings;
};

}  // namespace facet::gpu
