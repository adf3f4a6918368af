#version 450
#extension GL_GOOGLE_include_directive : require
// PLACEHOLDER: the interface only (parameter block and bindings, see engine/gpu/kernel_params.h).
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint K;
    uint N;
    uint M;
    uint rowBytes;
    uint wOffset;
    uint xOffset;
    uint xStride;
    uint yOffset;
    uint yStride;
    uint accumulate;
    uint inputMode;
    uint x2Offset;
    uint x2Stride;
    uint tilesN;
    uint tilesM;
} p;

layout(std430, binding = 1) buffer Weights { uint wq[]; };
layout(std430, binding = 2) buffer Input { float xv[]; };
layout(std430, binding = 3) buffer Output { float yv[]; };

void main() {
    if (gl_GlobalInvocationID.x == 0xFFFFFFFFu) {
        yv[0] = xv[0] + float(wq[0]) + float(p.K);
    }
}
