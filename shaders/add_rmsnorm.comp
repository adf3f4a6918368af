#version 450
#extension GL_GOOGLE_include_directive : require
// The residual add of a normed branch, fused with the norm of the result, per row of n floats:
//   x = (x + rmsw(y, w1)) * scale;  if normOut: out = rmsw(x, w2)
// where rmsw(v, w) = v / sqrt(mean(v^2) + eps) * w (Gemma 4 multiplies by the stored weight
// directly). x, y and out live in the act binding, w1 and w2 in the norms binding. One
// workgroup per row (grid-stride over rows). The first PT*WG values of a row stay in registers,
// so y, x and the new x are each read from memory once; longer rows loop over the rest, re-reading
// from memory. Sums of squares are f32 per invocation, then a tree over the workgroup.
// y and out must not overlap x, nor out y (recordAddRmsNorm checks): a row of x is written while
// other invocations still read y.
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;          // values per row
    uint rows;       // number of rows
    uint xOffset;    // float offset of row 0 of x (act)
    uint xStride;    // floats between rows of x
    uint yOffset;    // float offset of row 0 of y (act)
    uint yStride;    // floats between rows of y
    uint w1Offset;   // float offset of the norm weight of y (norms)
    float scale;     // multiplies the sum
    uint normOut;    // 0: no out
    uint w2Offset;   // float offset of the norm weight of out (norms)
    uint outOffset;  // float offset of row 0 of out (act)
    uint outStride;  // floats between rows of out
    float eps;
    uint rowStep;    // workgroups along x (HLSL has no gl_NumWorkGroups)
} p;

layout(std430, binding = 1) buffer Act { float act[]; };
layout(std430, binding = 2) buffer Norms { float nw[]; };

const uint WG = 256u;
const uint PT = 16u;  // values per invocation kept in registers: rows up to 4096 are read once
// One array per sum of a row. A sum's result is read after its last barrier and used before the
// next one (never across it): Mesa's GL compiler was seen moving a shared load past a barrier()
// to its use, where a later sum had overwritten the slot. With two arrays, sum 1 of the next row
// writes its array only after the row-end barrier, which every use of the previous result
// precedes (they feed stores).
shared float partial1[WG];
shared float partial2[WG];

// The sum of v over the workgroup into partial[0] (a macro: GLSL cannot pass a shared array).
#define WORKGROUP_SUM(partial, v)                                  \
    {                                                              \
        partial[t] = (v);                                          \
        memoryBarrierShared();                                     \
        barrier();                                                 \
        for (uint s = WG / 2u; s > 0u; s >>= 1u) {                 \
            if (t < s) partial[t] += partial[t + s];               \
            memoryBarrierShared();                                 \
            barrier();                                             \
        }                                                          \
    }

void main() {
    const uint t = gl_LocalInvocationID.x;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint xb = p.xOffset + r * p.xStride;
        const uint yb = p.yOffset + r * p.yStride;
        // y, x and w1 of the cached part, all loads issued before the first reduction.
        float v[PT];
        float xs[PT];
        float w[PT];
        float ss = 0.0;
        for (uint j = 0u; j < PT; ++j) {
            const uint i = t + j * WG;
            v[j] = 0.0;
            xs[j] = 0.0;
            w[j] = 0.0;
            if (i < p.n) {
                v[j] = act[yb + i];
                xs[j] = act[xb + i];
                w[j] = nw[p.w1Offset + i];
            }
            ss += v[j] * v[j];
        }
        for (uint i = t + PT * WG; i < p.n; i += WG) {
            const float y = act[yb + i];
            ss += y * y;
        }
        WORKGROUP_SUM(partial1, ss)
        const float inv1 = inversesqrt(partial1[0] / float(p.n) + p.eps);

        ss = 0.0;
        for (uint j = 0u; j < PT; ++j) {
            const uint i = t + j * WG;
            if (i < p.n) {
                const float x = (xs[j] + v[j] * inv1 * w[j]) * p.scale;
                act[xb + i] = x;
                v[j] = x;
                ss += x * x;
            }
        }
        for (uint i = t + PT * WG; i < p.n; i += WG) {
            const float x = (act[xb + i] + act[yb + i] * inv1 * nw[p.w1Offset + i]) * p.scale;
            act[xb + i] = x;
            ss += x * x;
        }
        if (p.normOut != 0u) {
            const uint ob = p.outOffset + r * p.outStride;
            WORKGROUP_SUM(partial2, ss)
            const float inv2 = inversesqrt(partial2[0] / float(p.n) + p.eps);
            for (uint j = 0u; j < PT; ++j) {
                const uint i = t + j * WG;
                if (i < p.n) act[ob + i] = v[j] * inv2 * nw[p.w2Offset + i];
            }
            // This invocation wrote these x values itself above, so it reads them back.
            for (uint i = t + PT * WG; i < p.n; i += WG) {
                act[ob + i] = act[xb + i] * inv2 * nw[p.w2Offset + i];
            }
        }
        // partial1/2 are reused by the next row.
        barrier();
    }
}
