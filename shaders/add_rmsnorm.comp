#version 450
#extension GL_GOOGLE_include_directive : require
// PLACEHOLDER: the interface only (parameter block and bindings, see engine/gpu/kernel_params.h).
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint n;
    uint rows;
    uint xOffset;
    uint xStride;
    uint yOffset;
    uint yStride;
    uint w1Offset;
    float scale;
    uint normOut;
    uint w2Offset;
    uint outOffset;
    uint outStride;
    float eps;
    uint rowStep;
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) buffer Norms { float nw[]; };

void main() {
    if (gl_GlobalInvocationID.x == 0xFFFFFFFFu) {
        act[0] = nw[0] + float(p.n);
    }
}
