#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : enable
// y[m][n] (+)= sum_k W[n][k] * x[m][k] for m < M, n < N: a GGUF linear weight (N rows of K
// values, quant blocks along K) times M input columns at once (prefill). Baked once per weight
// type (QTYPE_* define). Semantics and limits: engine/gpu/matmul_ops.h.
//
// Tiling: a workgroup of 256 threads computes a 64 (n) x 64 (m) tile of y. Per K-step of 64 it
// dequantises the 64 x 64 weight tile into shared memory as f32 (each weight value is decoded
// once per tile, not once per product) and loads the matching 64 x 64 tile of x (forming the
// GeGLU there in Geglu mode); both are stored row-major along K: wS[n][k], xS[m][k].
// Loads are coalesced: x and plain weights one value per thread, 32 consecutive values of a row
// per warp; quant weights one 16-value piece per thread, 4 threads per row (matmul_decode.glsl).
// The threads then form 2 groups of 128; group g multiplies the K-slice [32g, 32g + 32) of the
// step, each thread accumulating an 8 x 4 register block (rows tn + 8i, columns tm + 16j) with
// 4 FMAs per (row, column) per vec4 of K: 12 vec4 reads from shared memory per 128 FMAs. After
// the last step group 1 hands its partial tile to group 0 through shared memory, which writes.
//   Why split K inside the workgroup: the 64 x 64 tile keeps the grid large enough to fill the
//   GPU for the N = 1536 projections (at M = 512: 24 x 8 tiles, where 128 x 128 tiles would leave
//   most SMs idle), while each thread still has a register block big enough for the FMAs to
//   outnumber the shared-memory reads ~10:1.
// Shared memory is 2 x 16 KiB (the OpenGL / D3D11 minimum, 32 KiB, exactly). Rows are stored
// with their 16 vec4 slots XOR-swizzled by (row & 7), so the stores of the load phase and the
// vec4 reads of the multiply phase spread over all bank groups without padding.
//
// Edges: rows n >= N and columns m >= M are read clamped (valid memory) and never written; values
// past K (plain types, whose K is only a multiple of 4) are zero in both tiles. Tiles beyond the
// grid (N over 64 x 65535, say) are covered by grid-stride loops (tilesN / tilesM are the
// workgroup counts along x / y). A tile with at most 32 valid columns skips the upper half of
// its register block (prefill chunks of 16..32 tokens do half the work).
//
// Only the multiply's inner loops are unrolled ([[unroll]]; the register block must have
// constant indices): unrolling more made lavapipe's compile 5x slower for no gain.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint K;           // values per weight row (a multiple of the type's block size)
    uint N;           // weight rows = outputs per column
    uint M;           // input / output columns (tokens)
    uint rowBytes;    // bytes between weight rows
    uint wOffset;     // byte offset of the tensor in the weight buffer (multiple of 4)
    uint xOffset;     // float offset of column 0 of x
    uint xStride;     // floats between columns of x
    uint yOffset;     // float offset of column 0 of y
    uint yStride;     // floats between columns of y
    uint accumulate;  // 0: y = W x; 1: y += W x
    uint inputMode;   // 0: x as is; 1: gelu_tanh(x) * x2
    uint x2Offset;    // mode 1: float offset of column 0 of x2 (same binding as x)
    uint x2Stride;    // mode 1: floats between columns of x2
    uint tilesN;      // workgroups along x (grid stride over n tiles)
    uint tilesM;      // workgroups along y (grid stride over m tiles)
} p;

layout(std430, binding = 1) buffer Weights { uint wq[]; };
layout(std430, binding = 2) buffer Input { float xv[]; };
layout(std430, binding = 3) buffer Output { float yv[]; };

#include "matmul_decode.glsl"

const uint TILE = 64u;   // n and m extent of a tile
const uint KSTEP = 64u;  // K values per shared-memory step
const uint SLOTS = KSTEP / 4u;

shared vec4 wS[TILE * SLOTS];  // [n][k / 4], swizzled
shared vec4 xS[TILE * SLOTS];  // [m][k / 4], swizzled

// The thread's 8 x 4 block: acc[4 i + j] is row tn + 8i, column tm + 16j of the tile.
float acc[32];

uint slotOf(uint row, uint k4) {
    return row * SLOTS + (k4 ^ (row & 7u));
}

// As shaders/geglu.comp: 0.5 x (1 + tanh z) = x / (1 + exp(-2z)), z = sqrt(2/pi)(x + 0.044715 x^3).
float geluTanh(float x) {
    const float z = 0.7978845608028654 * (x + 0.044715 * x * x * x);
    return x / (1.0 + exp(-2.0 * z));
}

// Input value k of column m (clamped to the last column; k < K).
float inputValue(uint m, uint k) {
    const uint c = min(m, p.M - 1u);
    const float x = xv[p.xOffset + c * p.xStride + k];
    if (p.inputMode != 1u) return x;
    return geluTanh(x) * xv[p.x2Offset + c * p.x2Stride + k];
}

// The group's K-slice of the step (vec4 slots 8g .. 8g+7 of every row) into the 8 x J block
// (J = 4, or 2 when the tile has at most 32 columns).
void multiplySlice(uint g, uint tn, uint tm, const uint J) {
    [[dont_unroll]] for (uint kk = 0u; kk < 8u; ++kk) {
        const uint k4 = 8u * g + kk;
        // slotOf(tm + 16j, k4) and slotOf(tn + 8i, k4) spelled out: one base address each, the
        // other rows are constant offsets from it.
        const uint xBase = tm * SLOTS + (k4 ^ (tm & 7u));
        const uint wBase = tn * SLOTS + (k4 ^ tn);
        vec4 b[4];
        [[unroll]] for (uint j = 0u; j < J; ++j) b[j] = xS[xBase + 16u * SLOTS * j];
        [[unroll]] for (uint i = 0u; i < 8u; ++i) {
            const vec4 a = wS[wBase + 8u * SLOTS * i];
            [[unroll]] for (uint j = 0u; j < J; ++j) {
                float s = acc[4u * i + j];
                s += a.x * b[j].x;
                s += a.y * b[j].y;
                s += a.z * b[j].z;
                s += a.w * b[j].w;
                acc[4u * i + j] = s;
            }
        }
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    // Load phase. Input (and plain weights): value kl of the step for rows r0 + 4i, i < 16, so a
    // warp reads 32 consecutive floats of one row per load. Quant weights: the 16-value piece
    // `piece` of row `wr`, so a warp reads 8 rows' neighbouring bytes.
    const uint kl = t & 63u;
    const uint r0 = t >> 6u;
    const uint wr = t >> 2u;
    const uint piece = t & 3u;
    // Multiply phase: group g takes the K-slice [32g, 32g + 32) of the step; the thread's block
    // is rows tn + 8i, columns tm + 16j.
    const uint g = t >> 7u;
    const uint tn = t & 7u;
    const uint tm = (t >> 3u) & 15u;
    const uint nTiles = (p.N + TILE - 1u) / TILE;
    const uint mTiles = (p.M + TILE - 1u) / TILE;

    for (uint mt = gl_WorkGroupID.y; mt < mTiles; mt += p.tilesM) {
        for (uint nt = gl_WorkGroupID.x; nt < nTiles; nt += p.tilesN) {
            const uint n0 = nt * TILE;
            const uint m0 = mt * TILE;
            const bool wide = p.M - m0 > 32u;
#if !defined(MM_PLAIN)
            const uint wRow = p.wOffset + min(n0 + wr, p.N - 1u) * p.rowBytes;
#endif
            [[unroll]] for (uint i = 0u; i < 32u; ++i) acc[i] = 0.0;

            for (uint kb = 0u; kb < p.K; kb += KSTEP) {
                // Global loads first: they are in flight while the other group finishes the
                // previous step's products. Values past K are zero in both tiles.
                const uint k = kb + kl;
                float xs[16];
                for (uint i = 0u; i < 16u; ++i)
                    xs[i] = k < p.K ? inputValue(m0 + r0 + 4u * i, k) : 0.0;
#if defined(MM_PLAIN)
                float ws[16];
                for (uint i = 0u; i < 16u; ++i) {
                    const uint row = p.wOffset + min(n0 + r0 + 4u * i, p.N - 1u) * p.rowBytes;
                    ws[i] = k < p.K ? plainValue(row, k) : 0.0;
                }
#else
                const uint k0 = kb + 16u * piece;
                vec4 w[4];
                if (k0 < p.K) {
                    decodePiece(wRow, k0, w);
                } else {
                    for (uint i = 0u; i < 4u; ++i) w[i] = vec4(0.0);
                }
#endif
                memoryBarrierShared();
                barrier();
                for (uint i = 0u; i < 16u; ++i) xS[slotOf(r0 + 4u * i, kl >> 2u)][kl & 3u] = xs[i];
#if defined(MM_PLAIN)
                for (uint i = 0u; i < 16u; ++i) wS[slotOf(r0 + 4u * i, kl >> 2u)][kl & 3u] = ws[i];
#else
                for (uint i = 0u; i < 4u; ++i) wS[slotOf(wr, 4u * piece + i)] = w[i];
#endif
                memoryBarrierShared();
                barrier();
                if (wide) {
                    multiplySlice(g, tn, tm, 4u);
                } else {
                    multiplySlice(g, tn, tm, 2u);
                }
            }

            // Group 1 hands its block to group 0 through shared memory (slot q * 128 + its
            // thread index: consecutive threads, consecutive slots).
            const uint gt = t & 127u;
            memoryBarrierShared();
            barrier();
            if (g == 1u) {
                [[unroll]] for (uint q = 0u; q < 8u; ++q)
                    wS[q * 128u + gt] = vec4(acc[4u * q], acc[4u * q + 1u], acc[4u * q + 2u],
                                             acc[4u * q + 3u]);
            }
            memoryBarrierShared();
            barrier();
            if (g == 0u) {
                [[unroll]] for (uint q = 0u; q < 8u; ++q) {
                    const vec4 v = wS[q * 128u + gt];
                    acc[4u * q] += v.x;
                    acc[4u * q + 1u] += v.y;
                    acc[4u * q + 2u] += v.z;
                    acc[4u * q + 3u] += v.w;
                }
                // Constant trip counts (no break): acc must stay in registers, which needs
                // every index of it known at compile time.
                [[unroll]] for (uint i = 0u; i < 8u; ++i) {
                    const uint n = n0 + tn + 8u * i;
                    [[unroll]] for (uint j = 0u; j < 4u; ++j) {
                        const uint m = m0 + tm + 16u * j;
                        if (n < p.N && m < p.M) {
                            const uint yo = p.yOffset + m * p.yStride + n;
                            const float v = acc[4u * i + j];
                            yv[yo] = p.accumulate != 0u ? yv[yo] + v : v;
                        }
                    }
                }
            }
        }
    }
}
