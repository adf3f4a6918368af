// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
#ifdef MV_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
#ifdef MV_DOT_NATIVE
#extension GL_EXT_spirv_intrinsics : require
#endif
// y[m][n] (+)= sum_k W[k,n] * x[m][k]: a GGUF linear weight (ne = [K, N]: N rows of K values,
// quant blocks along K) times M input columns (gl_WorkGroupID.y = m). Baked once per weight type
// (QTYPE_* define), twice: the portable pack (SPIR-V 1.0, GLSL, HLSL, MSL; reductions through
// shared memory) and, for Vulkan devices with subgroup arithmetic, a pack whose SPIR-V is this
// source compiled with MV_SUBGROUP (SPIR-V 1.3; reductions with subgroupAdd). Both share the
// parameter block, the work split and the grid (recordMatVec), only the reductions differ.
//
// Work split (workSplit, chosen by recordMatVec from N). A workgroup of 128 invocations is cut
// into teams: the subgroups (MV_SUBGROUP) or groups of 32 (portable).
//  0 rows mode: each team owns MV_R consecutive weight rows at a time and walks along them in
//    units (a fixed piece of a quant block, quant.glsl's mvDot): lane i takes units i,
//    i + teamSize, ..., so a team's loads cover consecutive bytes, and it loads the x values of
//    a unit once for all its MV_R rows (x is read from global memory: it stays in the L1/L2
//    caches, every row reads it). The team's partial sums are then reduced (subgroupAdd, or
//    shared memory) and one lane writes the MV_R outputs.
//  1 split mode: for matrices with few rows, a workgroup's MV_R rows go to all 128 invocations,
//    which split the units, so that even a 1536-row matrix keeps more of the GPU busy; the
//    teams' sums are then combined in shared memory.
//  2 split mode, two units per step: each invocation takes units u and u + 128 of its MV_R rows
//    per step and issues the loads of both before using either. With few rows there are few
//    workgroups (N / MV_R: 384 for the 12288 x 1536 FFN down projection, about 3 per SM of an
//    H200, a quarter of the warps it could hold), so latency is hidden by loads in flight per
//    invocation rather than by more warps. GPU timestamps on an H200 (Vulkan, subgroup kernels,
//    per dispatch with its barrier and launch; WorkSplitGpuTimings in tests/gpu):
//      12288 x 1536 Q6_K 43 -> 36 us, 6144 x 1536 Q8_0 17.0 -> 14.5 us, Q4_K (12288 or 6144 x
//      1536) and short rows (K 1536-2048, any type) unchanged within +-2 %.
//    One row per workgroup with all 128 invocations along it (4x the workgroups) was measured
//    too and was slower for every shape but the smallest (e.g. 1536 x 2048 Q4_K 11.7 -> 16.3 us).
//  3 (the matvec_dot_geglu_<type> packs only): the FFN gate|up into the down projection's Q8A
//    input, see gegluQ8 below.
// The integer-dot kernels (MV_DOT, matvec_dot_<type>) share modes 0-2 with x in the Q8A layout
// (quant.glsl); their Q4_K / Q5_K builds use teams of 16 in rows mode (MV_HALF_TEAMS).
// The H200 timings above favoured mode 2 (with rows mode from N = 4096: 1536 x 6144 Q4_K rows
// 23.7 us, split 27.7 us); on an H100 the whole E2B decode step is faster with rows mode from
// N = 8192 and mode 1 below (5.49 against 5.96 ms of GPU time; ops.h has the numbers), so that is
// recordMatVec's default on GPUs (FACET_MATVEC_SPLIT=one); FACET_MATVEC_SPLIT=two|rows select
// the others for comparison. A mode 3 with four units per step was slower still on the H100
// (6.10 ms) and, present in the shader, made lavapipe's split modes twice as slow, so it is gone.
// On software devices (lavapipe, llvmpipe) every product runs in rows mode: their split modes
// are ~6x slower (every barrier suspends and resumes all 128 invocations), and the tests force
// the split modes where they check them.
// Rows per workgroup: MV_R * teams (0), MV_R (1, 2); workgroups loop over further row
// groups when the grid is smaller (rowStep; the dispatch limit is 65535 per axis), so any grid
// and any mode is correct for any N and recordMatVec only sizes them for speed.
//
// Input modes (inputMode): 0 x as is; 1 x[m][k] = gelu_tanh(x[m][k]) * x2[m][k] with x2 in the
// same binding (GeGLU fused into the projection that consumes it; gelu_tanh as geglu.comp);
// 2 (AddNorm, K <= 4096: kMatVecAddNormMaxK) the residual add and norms between two blocks (add_rmsnorm.comp's
// work) fused into the projection after them, so decode saves a dispatch (launch + barrier) per
// fused norm: with b = x[m] and res = x2[m],
//   r = (res + rmsw(b, n1)) * normScale,  input = n2Offset == ~0 ? r : rmsw(r, n2),
// rmsw(v, w) = v / sqrt(mean(v^2) + normEps) * w (the formulas and operation order of
// add_rmsnorm.comp). Every workgroup computes the two inverse RMS values itself first (a
// prologue: two passes over K <= 4096 floats from L2, two workgroup sums), and the unit loop then
// forms each x value from b, res, n1 and n2 as it loads it (loadX; all workgroups read the same
// few KiB, which stay in L1/L2). An earlier version kept the formed column in a 16 KiB shared
// array: declared in every mat-vec pipeline, it cut occupancy and made the plain mat-vecs of an
// E2B decode step 40-130 % slower on an H200, and it exceeded Vulkan's guaranteed 16 KiB. The
// model folds AddNorm only into the split work modes (GpuModel::canFoldAddNorm) and into mode 3
// (canFoldAddNormQ8; there the prologue quantises the formed input into shared memory once, see
// addNormQ8Prologue). The residual's range must not meet x, x2 or y (recordMatVec checks): other
// workgroups still read b and res.
//
// Measured on an H200 through QRhi/Vulkan (tests/gpu/gpu_matvec_fast_test.cpp, Timings; wall
// clock of batches, so +-30 %): the 1536 x 262144 Q6_K output head at ~1.05-1.1 TB/s (the
// previous kernel: 0.87), 1536 x 12288 Q4_K ~0.9-1.0 TB/s of streaming plus ~9 us of launch per
// dispatch (previous: 0.43). R = 2 or 8 rows per team, unrolling the unit loop, or one work split
// for every shape were measured and were no faster. What limits it is not known yet (no GPU
// counters through Vulkan here): per byte the K-quant decoders run ~10 ALU operations, near the
// issue rate at full clocks, so fewer operations per byte is the likely next step.
// MV_GEGLU (the matvec_dot_geglu_<type> packs): only mode 3 below, with workgroups of 256.
#ifdef MV_GEGLU
layout(local_size_x = 256) in;
#else
layout(local_size_x = 128) in;
#endif

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
    uint x2Offset;    // modes 1, 2: float offset of column 0 of x2
    uint x2Stride;    // modes 1, 2: floats between columns of x2
    uint n1Offset;    // mode 2: float offset of the norm weight of b (norms binding)
    uint n2Offset;    // mode 2: float offset of the norm weight of r, 0xFFFFFFFF: no second norm
    float normScale;  // mode 2: multiplies the new residual
    float normEps;    // mode 2: added to both mean squares
    uint rOutOffset;  // mode 2: float offset of column 0 of the new residual (output binding)
    uint rOutStride;  // mode 2: floats between its columns
    uint workSplit;   // 0 rows mode, 1 split mode, 2 split mode with two units per step, 3 (MV_DOT)
                      // GeGLU of the gate|up rows into Q8A (gegluQ8)
} p;

// Weights as 8-byte elements (one load for 8 aligned bytes); quant.glsl reads words of it.
layout(std430, binding = 1) buffer Weights { uvec2 wq2[]; };
#ifdef MV_DOT
// MV_DOT (the matvec_dot_<type> kernels): x in the Q8A layout (quant.glsl), 16-byte elements;
// xOffset and xStride count floats and are multiples of 4. Input mode 0 only, except mode 3's
// AddNorm (MV_GEGLU), whose b and res columns are floats read through this view.
layout(std430, binding = 2) buffer Input { uvec4 xq4[]; };
#else
// x as 16-byte elements (one load for 4 floats when the columns are 4-aligned).
layout(std430, binding = 2) buffer Input { vec4 xv4[]; };
#endif
// y as words (floatBitsToUint).
layout(std430, binding = 3) buffer Output { uint yw[]; };
// Norm weights (f32), read by mode 2 only.
layout(std430, binding = 4) buffer Norms { float nw[]; };

#define WQ_WORD(i) wq2[(i) >> 1u][(i) & 1u]
#define MV_KERNEL 1
#ifdef MV_GEGLU
// Mode 3 with input mode 2 (AddNorm): the Q8A input formed by the workgroup's prologue, 3
// records per block of 32 values, K <= 4096 (kMatVecAddNormMaxK). The index is clamped so that
// a compiler evaluating both sides of XQ4's select never reads past the array.
const uint XQS_LEN = 3u * (4096u / 32u);
shared uvec4 xqs[XQS_LEN];
bool xShared = false;
#define XQ4(i) (xShared ? xqs[min((i), XQS_LEN - 1u)] : xq4[(i)])
#endif
#include "quant.glsl"

// Rows per team (and per workgroup in split mode); keep in sync with kMatVecRows in ops.cpp.
#ifndef MV_R
#define MV_R 4u
#endif
#ifdef MV_GEGLU
const uint WG = 256u;
#else
const uint WG = 128u;
#endif

// MV_HALF_TEAMS (the Q4_K / Q5_K integer-dot kernels, 8 units per block): teams of 16
// invocations in rows mode. A row of K = 1536 (E2B's hidden size) has 48 such units, which 32
// lanes walk in two rounds, the second half empty (75 % of the lanes busy); 16 lanes take three
// full rounds. Their sums are reduced through shared memory like the portable kernels' (the
// subgroup reduction would mix two teams); recordMatVec sizes the grid for 32 rows per
// workgroup (MV_R * 8 teams).
#if defined(MV_DOT) && (defined(QTYPE_Q4_K) || defined(QTYPE_Q5_K))
#define MV_HALF_TEAMS 1
#endif

// Per-team partial sums (split mode, and the portable reductions).
shared float red[MV_R][WG];
#if !defined(MV_SUBGROUP) || defined(MV_HALF_TEAMS)
shared float red2[MV_R][16];
#endif
// Mode 2: the inverse RMS of b and of r (1 when there is no second norm), from the prologue.
float inv1 = 1.0, inv2 = 1.0;

bool xAligned;  // x (and x2) columns start at multiples of 4 floats
uint xBase, x2Base;

#ifndef MV_DOT
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

vec4 n4At(uint i) {
    return vec4(nw[i], nw[i + 1u], nw[i + 2u], nw[i + 3u]);
}

// x[m][k .. k+3] of the current column as the kernel's input mode forms it.
vec4 loadX(uint k) {
    if (p.inputMode == 2u) {
        const vec4 r = (x4At(x2Base + k) + x4At(xBase + k) * inv1 * n4At(p.n1Offset + k)) *
                       p.normScale;
        return p.n2Offset != 0xFFFFFFFFu ? r * inv2 * n4At(p.n2Offset + k) : r;
    }
    if (p.inputMode == 1u) return geluTanh(x4At(xBase + k)) * x4At(x2Base + k);
    return x4At(xBase + k);
}

#endif  // !MV_DOT

// The sum of v over the workgroup (every invocation gets it), through red[slot]. Called in
// uniform control flow. Each sum of the prologue uses its own slot: a result is read after the
// sum's last barrier, and Mesa's GL compiler was seen moving such a shared load past a later
// barrier (add_rmsnorm.comp), so no later sum may overwrite the slot before the value is used.
float workgroupSum(float v, uint slot, uint t, uint team, uint teams) {
#ifdef MV_SUBGROUP
    v = subgroupAdd(v);
    if (subgroupElect()) red[slot][team] = v;
    memoryBarrierShared();
    barrier();
    float s = 0.0;
    for (uint i = 0u; i < teams; ++i) s += red[slot][i];
    return s;
#else
    red[slot][t] = v;
    memoryBarrierShared();
    barrier();
    for (uint s = WG / 2u; s > 0u; s >>= 1u) {
        if (t < s) red[slot][t] += red[slot][t + s];
        memoryBarrierShared();
        barrier();
    }
    return red[slot][0];
#endif
}

#ifndef MV_DOT
// Mode 2's prologue: inv1 and inv2 (see the header); workgroup x == 0 writes r. The row loop
// reuses red[] after it: the final barrier keeps it from overwriting a sum's slot while a slower
// invocation still reads it.
void addNormPrologue(uint t, uint team, uint teams, uint col) {
    const uint n4 = p.K / 4u;
    float ss = 0.0;
    for (uint i = t; i < n4; i += WG) {
        const vec4 b = x4At(xBase + 4u * i);
        ss += dot(b, b);
    }
    inv1 = inversesqrt(workgroupSum(ss, 0u, t, team, teams) / float(p.K) + p.normEps);
    const bool writeR = gl_WorkGroupID.x == 0u;
    const uint rBase = p.rOutOffset + col * p.rOutStride;
    ss = 0.0;
    for (uint i = t; i < n4; i += WG) {
        const vec4 r =
            (x4At(x2Base + 4u * i) + x4At(xBase + 4u * i) * inv1 * n4At(p.n1Offset + 4u * i)) *
            p.normScale;
        ss += dot(r, r);
        if (writeR) {
            const uint o = rBase + 4u * i;
            yw[o] = floatBitsToUint(r.x);
            yw[o + 1u] = floatBitsToUint(r.y);
            yw[o + 2u] = floatBitsToUint(r.z);
            yw[o + 3u] = floatBitsToUint(r.w);
        }
    }
    if (p.n2Offset != 0xFFFFFFFFu)
        inv2 = inversesqrt(workgroupSum(ss, 1u, t, team, teams) / float(p.K) + p.normEps);
    memoryBarrierShared();
    barrier();
}

// The x values of unit u (see quant.glsl: xs and the per-run sums xsum for mvDot) and the unit's
// block and index in it.
void loadUnitX(uint u, out vec4 xs[MV_XV], out float xsum[MV_RUNS], out uint blk, out uint j) {
    blk = u / MV_UPB;
    j = u % MV_UPB;
    const uint k0 = blk * BLOCK_VALUES;
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
}

#endif  // !MV_DOT

#ifdef MV_GEGLU
#include "q8a.glsl"

// Mode 3 (the matvec_dot_geglu_<type> packs, MV_GEGLU; recordMatVecGegluQ8): the fused FFN
// gate|up projection (N = 2F rows: gate rows 0 .. F-1, up rows F .. 2F-1) written as the Q8A
// input of the down projection, h = gelu_tanh(gate) * up quantised per block of 32, instead of
// 2F floats that a quantize_q8 dispatch would then read. Workgroup b (256 invocations) takes
// gate rows 32b .. 32b+31 and the same up rows: 16 teams of 16 invocations, teams 0-7 four gate
// rows each, teams 8-15 the up rows, every team's lanes walking the units of its rows as in rows
// mode (a 1536-value Q4_K row has 48: three full rounds). The 64 sums meet in shared memory, 32
// invocations form h, one quantises the block (q8a.glsl, as quantize_q8.comp) and writes its
// 48 bytes at yOffset + col * yStride + 12 b. (Measured on an H100 with 128 invocations and
// teams of 8: 24 us for the 1536 x 24576 gate|up against 17 us in rows mode, which ate the
// saved quantize_q8 dispatch; hence the separate pack with twice the invocations.)
shared float gh[96];

// (geluTanh1: common.glsl.)

// Mode 3's input mode 2 (AddNorm, what add_rmsnorm.comp with its Q8A output does, folded into
// the gate|up projection so that decode saves that dispatch): with b = x[col] (the branch
// output, floats) and res = x2[col],
//   r = (res + rmsw(b, n1)) * normScale,  v = n2Offset == ~0 ? r : rmsw(r, n2),
// the formulas and operation order of add_rmsnorm.comp, and v quantised into xqs[] by q8a.glsl's
// rounding (d = max|v| / 127 per block of 32, q = clamp(roundEven(v / d))), record by record as
// quantize_q8.comp writes them. Workgroup x == 0 writes r to rOut. Every workgroup repeats the
// prologue: it reads 4K floats from L2 (b, res and the two norm weights), held in registers
// (K <= 4096: at most 4 vec4 of each per invocation).
float wgSum(float v, uint slot, uint t) {
#ifdef MV_SUBGROUP
    return workgroupSum(v, slot, t, gl_SubgroupID, gl_NumSubgroups);
#else
    return workgroupSum(v, slot, t, 0u, 0u);
#endif
}

void addNormQ8Prologue(uint t, uint col) {
    const uint n4 = p.K / 4u;
    const uint bBase = (p.xOffset + col * p.xStride) >> 2u;
    const uint rBase = (p.x2Offset + col * p.x2Stride) >> 2u;
    const bool second = p.n2Offset != 0xFFFFFFFFu;
    vec4 v[4], res[4], w1[4], w2[4];
    float ss = 0.0;
    for (uint j = 0u; j < 4u; ++j) {
        const uint i = t + WG * j;
        v[j] = vec4(0.0);
        res[j] = vec4(0.0);
        w1[j] = vec4(0.0);
        w2[j] = vec4(1.0);
        if (i < n4) {
            v[j] = uintBitsToFloat(xq4[bBase + i]);
            res[j] = uintBitsToFloat(xq4[rBase + i]);
            const uint k = p.n1Offset + 4u * i;
            w1[j] = vec4(nw[k], nw[k + 1u], nw[k + 2u], nw[k + 3u]);
            if (second) {
                const uint k2 = p.n2Offset + 4u * i;
                w2[j] = vec4(nw[k2], nw[k2 + 1u], nw[k2 + 2u], nw[k2 + 3u]);
            }
            ss += dot(v[j], v[j]);
        }
    }
    const float inv1 = inversesqrt(wgSum(ss, 0u, t) / float(p.K) + p.normEps);
    const bool writeR = gl_WorkGroupID.x == 0u;
    const uint rOut = p.rOutOffset + col * p.rOutStride;
    ss = 0.0;
    for (uint j = 0u; j < 4u; ++j) {
        const uint i = t + WG * j;
        if (i < n4) {
            const vec4 r = (res[j] + v[j] * inv1 * w1[j]) * p.normScale;
            v[j] = r;
            ss += dot(r, r);
            if (writeR) {
                const uint o = rOut + 4u * i;
                yw[o] = floatBitsToUint(r.x);
                yw[o + 1u] = floatBitsToUint(r.y);
                yw[o + 2u] = floatBitsToUint(r.z);
                yw[o + 3u] = floatBitsToUint(r.w);
            }
        }
    }
    const float inv2 = second ? inversesqrt(wgSum(ss, 1u, t) / float(p.K) + p.normEps) : 1.0;
    // red[] (the sums' slots) is reused below: every invocation has read its sums first.
    barrier();
    // Block b of the input is vec4s 8b .. 8b+7: invocations 8b .. 8b+7 (mod WG) of round j.
    // Its maximum through red[j][], then each invocation's 4 bytes as one word of the record.
    for (uint j = 0u; j < 4u; ++j) {
        const uint i = t + WG * j;
        if (i < n4) {
            if (second) v[j] = v[j] * inv2 * w2[j];
            const vec4 a = abs(v[j]);
            red[j][t] = max(max(a.x, a.y), max(a.z, a.w));
        }
    }
    memoryBarrierShared();
    barrier();
    const uint g0 = t & ~7u, w = t & 7u;
    float dj[4];
    for (uint j = 0u; j < 4u; ++j) {
        const uint i = t + WG * j;
        dj[j] = 0.0;
        if (i < n4) {
            float amax = red[j][g0];
            for (uint k = 1u; k < 8u; ++k) amax = max(amax, red[j][g0 + k]);
            float id;
            dj[j] = q8aScale(amax, id);
            int sum;  // (the half sums are taken from the packed words below)
            xqs[3u * (i >> 3u) + (w >> 2u)][w & 3u] = q8aPack4(v[j], id, sum);
        }
    }
    memoryBarrierShared();
    barrier();
    // The record's scales: the integer sums of its two halves (16 values each), from its words.
    if (w == 0u) {
        for (uint j = 0u; j < 4u; ++j) {
            const uint i = t + WG * j;
            if (i < n4) {
                const uint blk = i >> 3u;
                int s0 = 0, s1 = 0;
                for (uint k = 0u; k < 4u; ++k) {
                    s0 += sdot4(xqs[3u * blk][k], 0x01010101u);
                    s1 += sdot4(xqs[3u * blk + 1u][k], 0x01010101u);
                }
                xqs[3u * blk + 2u] = uvec4(floatBitsToUint(dj[j]), floatBitsToUint(dj[j] * float(s0)),
                                           floatBitsToUint(dj[j] * float(s1)), 0u);
            }
        }
    }
    memoryBarrierShared();
    barrier();
    xShared = true;
}

void gegluQ8(uint t, uint col) {
    mvFast8 = (p.wOffset & 7u) == 0u && (p.rowBytes & 7u) == 0u && (BLOCK_BYTES & 7u) == 0u;
    uint xq0 = (p.xOffset + col * p.xStride) >> 2u;
    // Uniform over the workgroup (a parameter), so every invocation reaches its barriers.
    if (p.inputMode == 2u) {
        addNormQ8Prologue(t, col);
        xq0 = 0u;
    }
    const uint units = (p.K / BLOCK_VALUES) * MVQ_UPB;
    const uint F = p.N / 2u;
    const uint team = t >> 4u, lane = t & 15u;
    const uint upHalf = team >> 3u, tq = team & 7u;
    for (uint blk = gl_WorkGroupID.x; 32u * blk < F; blk += p.rowStep) {
        const uint row0 = upHalf * F + 32u * blk + 4u * tq;
        float acc[MV_R];
        uint rowBase[MV_R];
        for (uint r = 0u; r < MV_R; ++r) {
            acc[r] = 0.0;
            rowBase[r] = p.wOffset + (row0 + r) * p.rowBytes;
        }
        for (uint u = lane; u < units; u += 16u) {
            MvqX xa;
            uint b, j;
            mvqLoadX(xq0, u, xa, b, j);
            const uint bo = b * BLOCK_BYTES;
            for (uint r = 0u; r < MV_R; ++r) acc[r] += mvqDot(rowBase[r] + bo, j, xa);
        }
        for (uint r = 0u; r < MV_R; ++r) red[r][t] = acc[r];
        memoryBarrierShared();
        barrier();
        if (t < 16u * MV_R) {
            // Output (team tm, row r): gh[tm * 4 + r] = gh[upHalf * 32 + tq * 4 + r].
            const uint tm = t / MV_R, r = t % MV_R;
            float sum = 0.0;
            for (uint i = 0u; i < 16u; ++i) sum += red[r][16u * tm + i];
            gh[tm * MV_R + r] = sum;
        }
        memoryBarrierShared();
        barrier();
        if (t < 32u) gh[64u + t] = geluTanh1(gh[t]) * gh[32u + t];
        memoryBarrierShared();
        barrier();
        if (t == 0u) {
            vec4 v[8];
            for (uint k = 0u; k < 8u; ++k) {
                v[k] = vec4(gh[64u + 4u * k], gh[65u + 4u * k], gh[66u + 4u * k],
                            gh[67u + 4u * k]);
            }
            uvec4 lo, hi, scales;
            q8aBlock(v, lo, hi, scales);
            const uint o = p.yOffset + col * p.yStride + 12u * blk;
            for (uint k = 0u; k < 4u; ++k) {
                yw[o + k] = lo[k];
                yw[o + 4u + k] = hi[k];
                yw[o + 8u + k] = scales[k];
            }
        }
        // red and gh are reused by the next block.
        barrier();
    }
}
#endif

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint col = gl_WorkGroupID.y;
#ifdef MV_GEGLU
    gegluQ8(t, col);
    return;
#endif
#ifdef MV_DOT
    const uint units = (p.K / BLOCK_VALUES) * MVQ_UPB;
    const uint xq0 = (p.xOffset + col * p.xStride) >> 2u;
#else
    const uint units = (p.K / BLOCK_VALUES) * MV_UPB;
#endif
    xBase = p.xOffset + col * p.xStride;
    x2Base = p.x2Offset + col * p.x2Stride;
    xAligned = (xBase & 3u) == 0u && (p.inputMode == 0u || (x2Base & 3u) == 0u);
    mvFast8 = (p.wOffset & 7u) == 0u && (p.rowBytes & 7u) == 0u && (BLOCK_BYTES & 7u) == 0u;

#if defined(MV_HALF_TEAMS)
    // (Split mode ignores the teams' numbering except for its reductions, see below.)
    const uint team = t >> 4u;
    const uint teams = WG / 16u;
    const uint lane = t & 15u;
    const uint teamSize = 16u;
#elif defined(MV_SUBGROUP)
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
#ifndef MV_DOT
    // Uniform over the workgroup (a parameter), so every invocation reaches its barriers.
    if (p.inputMode == 2u) addNormPrologue(t, team, teams, col);
#endif

    const bool split = p.workSplit != 0u;
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
            uint u = first;
#ifdef MV_DOT
            if (p.workSplit == 2u) {
                for (; u + stride < units; u += 2u * stride) {
                    MvqX xa, xb;
                    uint blk, j, blk2, j2;
                    mvqLoadX(xq0, u, xa, blk, j);
                    mvqLoadX(xq0, u + stride, xb, blk2, j2);
                    float d[MV_R], d2[MV_R];
                    for (uint r = 0u; r < MV_R; ++r) {
                        d[r] = mvqDot(rowBase[r] + blk * BLOCK_BYTES, j, xa);
                        d2[r] = mvqDot(rowBase[r] + blk2 * BLOCK_BYTES, j2, xb);
                    }
                    for (uint r = 0u; r < MV_R; ++r) acc[r] += d[r] + d2[r];
                }
            }
            for (; u < units; u += stride) {
                MvqX xa;
                uint blk, j;
                mvqLoadX(xq0, u, xa, blk, j);
                const uint bo = blk * BLOCK_BYTES;
                for (uint r = 0u; r < MV_R; ++r) acc[r] += mvqDot(rowBase[r] + bo, j, xa);
            }
#else
            if (p.workSplit == 2u) {
                // Two units per step, the loads of both issued before either is used.
                for (; u + stride < units; u += 2u * stride) {
                    vec4 xs[MV_XV], xs2[MV_XV];
                    float xsum[MV_RUNS], xsum2[MV_RUNS];
                    uint blk, j, blk2, j2;
                    loadUnitX(u, xs, xsum, blk, j);
                    loadUnitX(u + stride, xs2, xsum2, blk2, j2);
                    float d[MV_R], d2[MV_R];
                    for (uint r = 0u; r < MV_R; ++r) {
                        d[r] = mvDot(rowBase[r] + blk * BLOCK_BYTES, j, xs, xsum);
                        d2[r] = mvDot(rowBase[r] + blk2 * BLOCK_BYTES, j2, xs2, xsum2);
                    }
                    for (uint r = 0u; r < MV_R; ++r) acc[r] += d[r] + d2[r];
                }
            }
            for (; u < units; u += stride) {
                vec4 xs[MV_XV];
                float xsum[MV_RUNS];
                uint blk, j;
                loadUnitX(u, xs, xsum, blk, j);
                const uint bo = blk * BLOCK_BYTES;
                for (uint r = 0u; r < MV_R; ++r) acc[r] += mvDot(rowBase[r] + bo, j, xs, xsum);
            }
#endif
        }

        const uint yBase = p.yOffset + col * p.yStride;
#if defined(MV_SUBGROUP) && !defined(MV_HALF_TEAMS)
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
                yw[yo] = floatBitsToUint(p.accumulate != 0u ? uintBitsToFloat(yw[yo]) + s : s);
            }
            // red[] is reused by the next row group.
            barrier();
        } else if (lane == 0u) {
            for (uint r = 0u; r < MV_R; ++r) {
                if (row0 + r < p.N) {
                    const uint yo = yBase + row0 + r;
                    yw[yo] = floatBitsToUint(p.accumulate != 0u ? uintBitsToFloat(yw[yo]) + acc[r]
                                                                : acc[r]);
                }
            }
        }
#else
        // Every invocation's partial sums to shared memory; 16 groups of 8 per row (the groups
        // g*i..g*i+g-1 form team i, g = teamSize / 8), then one invocation per output row adds
        // its groups.
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
            const uint groups = split ? 16u : teamSize / 8u;
            float s = 0.0;
            for (uint i = 0u; i < groups; ++i) s += red2[r][tm * groups + i];
            const uint row = group * rowsPerGroup + t;
            if (row < p.N) {
                const uint yo = yBase + row;
                yw[yo] = floatBitsToUint(p.accumulate != 0u ? uintBitsToFloat(yw[yo]) + s : s);
            }
        }
        barrier();
#endif
    }
}
