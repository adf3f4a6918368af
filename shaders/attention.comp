#version 450
#extension GL_GOOGLE_include_directive : require
// PLACEHOLDER: the interface only (parameter block and bindings, see engine/gpu/kernel_params.h).
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint queries;
    uint heads;
    uint kvHeads;
    uint headDim;
    uint qOffset;
    uint qStride;
    uint oOffset;
    uint oStride;
    uint cacheRows;
    uint firstPos;
    uint window;
    float scale;
    uint splits;
    uint scratchOffset;
    uint stage;
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) buffer KCache { float kc[]; };
layout(std430, binding = 3) buffer VCache { float vc[]; };
layout(std430, binding = 4) buffer Scratch { float scratch[]; };

void main() {
    if (gl_GlobalInvocationID.x == 0xFFFFFFFFu) {
        act[0] = kc[0] + vc[0] + scratch[0] + float(p.queries);
    }
}
