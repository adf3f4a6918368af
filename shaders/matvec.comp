#version 450
#extension GL_GOOGLE_include_directive : require
#ifdef MV_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
// y[m][n] (+)= sum_k W[k,n] * x[m][k]: a GGUF linear weight (ne = [K, N]: N rows of K values,
// quant blocks along K) times M input columns (gl_WorkGroupID.y = m). Baked once per weight type
// (QTYPE_* define), twice: the portable pack (SPIR-V 1.0, GLSL, HLSL, MSL; reductions through
// shared memory) and, for Vulkan devices with subgroup arithmetic, a pack whose SPIR-V is this
// source compiled with MV_SUBGROUP (SPIR-V 1.3; reductions with subgroupAdd). Both share the
// parameter block, the work split and the grid (recordMatVec), only the reductions differ.
//
// Work split. A workgroup of 128 invocations is cut into teams: the subgroups (MV_SUBGROUP) or
// groups of 32 (portable). Each team owns MV_R consecutive weight rows at a time and walks
// along them in units (a fixed piece of a quant block, quant.glsl's mvDot): lane i takes units
// i, i + teamSize, ..., so a team's loads cover consecutive bytes, and it loads the x values of
// a unit once for all its MV_R rows (x is read from global memory: it stays in the L1/L2 caches,
// every row reads it). The team's partial sums are then reduced (subgroupAdd, or shared memory)
// and one lane writes the MV_R outputs. When the matrix has few rows (N < MV_SPLIT_N), "split"
// mode instead gives a workgroup's MV_R rows to all 128 invocations, which split the units, so
// that even a 1536-row matrix with long rows keeps the whole GPU busy; the teams' sums are then
// combined in shared memory. Rows per workgroup: MV_R * teams (rows mode), MV_R (split mode);
// workgroups loop over further row groups when the grid is smaller (rowStep; the dispatch
// limit is 65535 per axis), so any grid is correct and recordMatVec only sizes it for speed.
//
// Input modes (inputMode): 0 x as is; 1 x[m][k] = gelu_tanh(x[m][k]) * x2[m][k] with x2 in the
// same binding (GeGLU fused into the projection that consumes it; gelu_tanh as geglu.comp).
//
// Measured on an H200 through QRhi/Vulkan (tests/gpu/gpu_matvec_fast_test.cpp, Timings; wall
// clock of batches, so +-30 %): the 1536 x 262144 Q6_K output head at ~1.05-1.1 TB/s (the
// previous kernel: 0.87), 1536 x 12288 Q4_K ~0.9-1.0 TB/s of streaming plus ~9 us of launch per
// dispatch (previous: 0.43). R = 2 or 8 rows per team, unrolling the unit loop, or one work split
// for every shape were measured and were no faster. What limits it is not known yet (no GPU
// counters through Vulkan here): per byte the K-quant decoders run ~10 ALU operations, near the
// issue rate at full clocks, so fewer operations per byte is the likely next step.
layout(local_size_x = 128) in;

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

// Weights as 8-byte elements (one load for 8 aligned bytes); quant.glsl reads words of it.
layout(std430, binding = 1) buffer Weights { uvec2 wq2[]; };
// x as 16-byte elements (one load for 4 floats when the columns are 4-aligned).
layout(std430, binding = 2) buffer Input { vec4 xv4[]; };
layout(std430, binding = 3) buffer Output { float yv[]; };

#define WQ_WORD(i) wq2[(i) >> 1u][(i) & 1u]
#define MV_KERNEL 1
#include "quant.glsl"

// Rows per team (and per workgroup in split mode); keep in sync with kMatVecRows in ops.cpp.
#ifndef MV_R
#define MV_R 4u
#endif
// Matrices with fewer rows than this use split mode (kMatVecSplitRows in ops.cpp).
#ifndef MV_SPLIT_N
#define MV_SPLIT_N 8192u
#endif
const uint WG = 128u;

// Per-team partial sums (split mode, and the portable reductions).
shared float red[MV_R][WG];
#ifndef MV_SUBGROUP
shared float red2[MV_R][16];
#endif

bool xAligned;  // x (and x2) columns start at multiples of 4 floats
uint xBase, x2Base;

float xAt(uint i) {
    return xv4[i >> 2u][i & 3u];
}

vec4 x4At(uint i) {
    if (xAligned) return xv4[i >> 2u];
    return vec4(xAt(i), xAt(i + 1u), xAt(i + 2u), xAt(i + 3u));
}

vec4 geluTanh(vec4 v) {
    const vec4 z = 0.7978845608028654 * (v + 0.044715 * v * v * v);
    return v / (1.0 + exp(-2.0 * z));
}

// x[m][k .. k+3] of the current column as the kernel's input mode forms it.
vec4 loadX(uint k) {
    if (p.inputMode == 1u) return geluTanh(x4At(xBase + k)) * x4At(x2Base + k);
    return x4At(xBase + k);
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint col = gl_WorkGroupID.y;
    const uint units = (p.K / BLOCK_VALUES) * MV_UPB;
    xBase = p.xOffset + col * p.xStride;
    x2Base = p.x2Offset + col * p.x2Stride;
    xAligned = (xBase & 3u) == 0u && (p.inputMode != 1u || (x2Base & 3u) == 0u);
    mvFast8 = (p.wOffset & 7u) == 0u && (p.rowBytes & 7u) == 0u && (BLOCK_BYTES & 7u) == 0u;

#ifdef MV_SUBGROUP
    // Lanes numbered among the invocations the subgroup really has (no assumption that
    // subgroups are full or laid out in any order).
    const uint team = gl_SubgroupID;
    const uint teams = gl_NumSubgroups;
    const uint lane = subgroupExclusiveAdd(1u);
    const uint teamSize = subgroupAdd(1u);
#else
    const uint team = t >> 5u;
    const uint teams = WG / 32u;
    const uint lane = t & 31u;
    const uint teamSize = 32u;
#endif
    const bool split = p.N < MV_SPLIT_N;
    const uint rowsPerGroup = split ? MV_R : MV_R * teams;
    const uint first = split ? t : lane;
    const uint stride = split ? WG : teamSize;

    for (uint group = gl_WorkGroupID.x; group * rowsPerGroup < p.N; group += p.rowStep) {
        const uint row0 = group * rowsPerGroup + (split ? 0u : team * MV_R);
        float acc[MV_R];
        for (uint r = 0u; r < MV_R; ++r) acc[r] = 0.0;
        if (row0 < p.N) {
            // Rows past the end re-read the last row (in bounds) and are not written, so the
            // row loops have a constant trip count and the loads of all rows issue together.
            uint rowBase[MV_R];
            for (uint r = 0u; r < MV_R; ++r)
                rowBase[r] = p.wOffset + min(row0 + r, p.N - 1u) * p.rowBytes;
            for (uint u = first; u < units; u += stride) {
                const uint blk = u / MV_UPB;
                const uint j = u % MV_UPB;
                const uint k0 = blk * BLOCK_VALUES;
                vec4 xs[MV_XV];
                float xsum[MV_RUNS];
                for (int k = 0; k < MV_RUNS; ++k) {
                    const uint start = k0 + mvRunStart(j, k);
                    float s = 0.0;
                    for (int i = 0; i < int(MV_RUNLEN / 4u); ++i) {
                        const vec4 v = loadX(start + 4u * uint(i));
                        xs[k * int(MV_RUNLEN / 4u) + i] = v;
                        s += (v.x + v.y) + (v.z + v.w);
                    }
                    xsum[k] = s;
                }
                const uint bo = blk * BLOCK_BYTES;
                for (uint r = 0u; r < MV_R; ++r) acc[r] += mvDot(rowBase[r] + bo, j, xs, xsum);
            }
        }

        const uint yBase = p.yOffset + col * p.yStride;
#ifdef MV_SUBGROUP
        for (uint r = 0u; r < MV_R; ++r) acc[r] = subgroupAdd(acc[r]);
        if (split) {
            if (subgroupElect()) {
                for (uint r = 0u; r < MV_R; ++r) red[r][team] = acc[r];
            }
            barrier();
            if (t < MV_R && row0 + t < p.N) {
                float s = 0.0;
                for (uint i = 0u; i < teams; ++i) s += red[t][i];
                const uint yo = yBase + row0 + t;
                yv[yo] = p.accumulate != 0u ? yv[yo] + s : s;
            }
            // red[] is reused by the next row group.
            barrier();
        } else if (lane == 0u) {
            for (uint r = 0u; r < MV_R; ++r) {
                if (row0 + r < p.N) {
                    const uint yo = yBase + row0 + r;
                    yv[yo] = p.accumulate != 0u ? yv[yo] + acc[r] : acc[r];
                }
            }
        }
#else
        // Every invocation's partial sums to shared memory; 16 groups of 8 per row (the groups
        // 4i..4i+3 form team i), then one invocation per output row adds its groups.
        for (uint r = 0u; r < MV_R; ++r) red[r][t] = acc[r];
        barrier();
        if (t < MV_R * 16u) {
            const uint r = t / 16u, q = t % 16u;
            float s = 0.0;
            for (uint i = 0u; i < 8u; ++i) s += red[r][8u * q + i];
            red2[r][q] = s;
        }
        barrier();
        const uint outputs = split ? MV_R : MV_R * teams;
        if (t < outputs) {
            const uint tm = t / MV_R, r = t % MV_R;
            const uint groups = split ? 16u : 4u;
            float s = 0.0;
            for (uint i = 0u; i < groups; ++i) s += red2[r][tm * 4u + i];
            const uint row = group * rowsPerGroup + t;
            if (row < p.N) {
                const uint yo = yBase + row;
                yv[yo] = p.accumulate != 0u ? yv[yo] + s : s;
            }
        }
        barrier();
#endif
    }
}
