#version 450
#extension GL_GOOGLE_include_directive : require
// y[m][n] (+)= sum_k W[k,n] * x[m][k]: a GGUF linear weight (ne = [K, N]: N rows of K values,
// quant blocks along K) times M input columns. Baked once per weight type (QTYPE_* define).
//
// One workgroup per ROWS (4) output rows, looping over further row groups when the grid is
// smaller (rowStep; the dispatch limit is 65535 per axis), and one input column per workgroup row
// (gl_WorkGroupID.y = m), so decode (M = 1) and prefill (M = T) share the kernel. Each thread
// decodes its units of all ROWS rows, loads the matching x values once and accumulates in f32;
// the workgroup then sums the 64 partials of each row in shared memory (8 x 8, two barriers).
// The weights are read as raw words; see quant.glsl.
//
// Performance (first version, portable, no subgroups): on an H200 through QRhi/Vulkan it streams
// 100-500 GB/s depending on type and shape; on lavapipe 0.1-0.4 GB/s. Faster variants (subgroup
// reductions from SPIR-V 1.3, wider aligned loads after repacking blocks at upload) belong next to
// this one, which stays as the reference every backend can run.
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint K;           // values per weight row (a multiple of the type's block size)
    uint N;           // weight rows = outputs per column
    uint rowBytes;    // bytes between weight rows (normally K / block * block bytes)
    uint wOffset;     // byte offset of the tensor in the weight buffer (multiple of 4)
    uint xOffset;     // float offset of column 0 of x
    uint xStride;     // floats between columns of x
    uint yOffset;     // float offset of column 0 of y
    uint yStride;     // floats between columns of y
    uint accumulate;  // 0: y = W x; 1: y += W x (residual adds, gradient accumulation)
    uint rowStep;     // workgroups along x (HLSL has no gl_NumWorkGroups)
    uint inputMode;   // 0: x as is; 1: gelu_tanh(x) * x2 (GeGLU fused into the projection)
    uint x2Offset;    // mode 1: float offset of column 0 of x2
    uint x2Stride;    // mode 1: floats between columns of x2
} p;

layout(std430, binding = 1) buffer Weights { uint wq[]; };
layout(std430, binding = 2) buffer Input { float xv[]; };
layout(std430, binding = 3) buffer Output { float yv[]; };

#include "quant.glsl"

const uint WG = 64u;
const uint ROWS = 4u;  // weight rows per workgroup: x is loaded once for all of them
shared float partial[ROWS][WG];

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint col = gl_WorkGroupID.y;
    const uint units = (p.K / BLOCK_VALUES) * UNITS_PER_BLOCK;
    const uint xBase = p.xOffset + col * p.xStride;

    for (uint row0 = gl_WorkGroupID.x * ROWS; row0 < p.N; row0 += p.rowStep * ROWS) {
        const uint nRows = min(ROWS, p.N - row0);
        float acc[ROWS];
        for (uint r = 0u; r < ROWS; ++r) acc[r] = 0.0;
        // Rows past the end re-read the last row (always in bounds) and are not written: the
        // row loop then has a constant trip count, so the compiler unrolls it and issues the
        // loads of all ROWS rows together.
        uint rowBase[ROWS];
        for (uint r = 0u; r < ROWS; ++r)
            rowBase[r] = p.wOffset + min(row0 + r, p.N - 1u) * p.rowBytes;
        for (uint u = t; u < units; u += WG) {
            const uint blk = u / UNITS_PER_BLOCK;
            const uint j = u % UNITS_PER_BLOCK;
            const uint xo = xBase + blk * BLOCK_VALUES;
            vec4 xs[UNIT_GROUPS];
            uint pos[UNIT_GROUPS];
            vec4 v[ROWS][UNIT_GROUPS];
            for (uint r = 0u; r < ROWS; ++r)
                loadUnit(rowBase[r] + blk * BLOCK_BYTES, j, v[r], pos);
            for (int g = 0; g < UNIT_GROUPS; ++g) {
                const uint o = xo + pos[g];
                xs[g] = vec4(xv[o], xv[o + 1u], xv[o + 2u], xv[o + 3u]);
            }
            for (uint r = 0u; r < ROWS; ++r) {
                for (int g = 0; g < UNIT_GROUPS; ++g) acc[r] += dot(v[r][g], xs[g]);
            }
        }
        for (uint r = 0u; r < ROWS; ++r) partial[r][t] = acc[r];
        memoryBarrierShared();
        barrier();
        // Thread r*8+i sums 8 partials of row r; then one thread per row adds the 8 results.
        if (t < ROWS * 8u) {
            const uint r = t / 8u, i = t % 8u;
            float s8 = 0.0;
            for (uint k = 0u; k < 8u; ++k) s8 += partial[r][8u * i + k];
            partial[r][8u * i] = s8;
        }
        memoryBarrierShared();
        barrier();
        if (t < nRows) {
            float sum = 0.0;
            for (uint i = 0u; i < 8u; ++i) sum += partial[t][8u * i];
            const uint yo = p.yOffset + col * p.yStride + row0 + t;
            yv[yo] = p.accumulate != 0u ? yv[yo] + sum : sum;
        }
        // partial[] is reused by the next rows.
        barrier();
    }
}
