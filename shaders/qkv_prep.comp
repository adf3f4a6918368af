#version 450
#extension GL_GOOGLE_include_directive : require
// PLACEHOLDER: the interface only (parameter block and bindings, see engine/gpu/kernel_params.h).
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint rows;
    uint heads;
    uint kvHeads;
    uint headDim;
    uint ropeDims;
    uint qOffset;
    uint qStride;
    uint kOffset;
    uint kStride;
    uint vOffset;
    uint vStride;
    uint qNormOffset;
    uint kNormOffset;
    uint fOffset;
    uint useFactors;
    float base;
    float eps;
    uint storeKv;
    uint cacheRows;
    uint firstPos;
    uint rowStep;
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) buffer Norms { float nw[]; };
layout(std430, binding = 3) buffer KCache { float kc[]; };
layout(std430, binding = 4) buffer VCache { float vc[]; };

void main() {
    if (gl_GlobalInvocationID.x == 0xFFFFFFFFu) {
        kc[0] = act[0] + nw[0]; vc[0] = float(p.rows);
    }
}
