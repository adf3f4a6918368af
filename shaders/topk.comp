#version 450
#extension GL_GOOGLE_include_directive : require
// PLACEHOLDER: the interface only (parameter block and bindings, see engine/gpu/kernel_params.h).
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint n;
    uint xOffset;
    uint k;
    uint chunk;
    uint stage;
    uint partials;
} p;

layout(std430, binding = 1) buffer Input { float xv[]; };
layout(std430, binding = 2) buffer Partials { uvec2 part[]; };
layout(std430, binding = 3) buffer Result { uvec2 res[]; };

void main() {
    if (gl_GlobalInvocationID.x == 0xFFFFFFFFu) {
        part[0] = uvec2(floatBitsToUint(xv[0]), p.n); res[0] = part[1];
    }
}
