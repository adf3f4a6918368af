// PLACEHOLDER until the tiled kernel lands.
#include "gpu/matmul_ops.h"

namespace facet::gpu {

bool recordMatMul(ComputeBatch &, const Bindings &, MatMulParams, QString *error) {
    if (error) *error = QStringLiteral("matmul: not implemented yet");
    return false;
}

}  // namespace facet::gpu
