// PLACEHOLDER until the kernels land.
#include "gpu/attention_ops.h"

namespace facet::gpu {

uint64_t attentionScratchFloats(uint32_t, uint32_t, uint32_t, uint32_t) {
    return 16;
}

bool recordAttention(ComputeBatch &, const Bindings &, AttentionParams, QString *error) {
    if (error) *error = QStringLiteral("attention: not implemented yet");
    return false;
}

bool recordQkvPrep(ComputeBatch &, const Bindings &, QkvPrepParams, QString *error) {
    if (error) *error = QStringLiteral("qkv_prep: not implemented yet");
    return false;
}

}  // namespace facet::gpu
