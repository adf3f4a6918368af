// PLACEHOLDER until the kernels land.
#include "gpu/fused_ops.h"

#include "gpu/kernels.h"

namespace facet::gpu {

bool recordAddRmsNorm(ComputeBatch &, const Bindings &, AddRmsNormParams, QString *error) {
    if (error) *error = QStringLiteral("add_rmsnorm: not implemented yet");
    return false;
}

TopK::~TopK() = default;

std::unique_ptr<TopK> TopK::create(GpuContext &, const Buffer &, QString *error) {
    if (error) *error = QStringLiteral("topk: not implemented yet");
    return nullptr;
}

bool TopK::record(ComputeBatch &, uint32_t, uint32_t, uint32_t, QString *error) {
    if (error) *error = QStringLiteral("topk: not implemented yet");
    return false;
}

std::vector<TopK::Entry> TopK::decode(const QByteArray &) {
    return {};
}

}  // namespace facet::gpu
