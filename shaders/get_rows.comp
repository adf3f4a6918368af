// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// y[r][k] = scale * W[k, ids[r]]: gathers and dequantises whole weight rows (token embedding
// lookup; with ids 0..N-1 a plain dequantisation). Baked once per weight type. An id outside
// the tensor (>= wRows) yields a row of zeros instead of reading out of bounds.
layout(local_size_x = 64) in;

layout(std140, binding = 0) uniform Params {
    uint K;          // values per weight row
    uint rows;       // number of ids = output rows
    uint rowBytes;   // bytes between weight rows
    uint wOffset;    // byte offset of the tensor in the weight buffer (multiple of 4)
    uint wRows;      // rows in the tensor (ids are checked against it)
    uint idsOffset;  // uint offset of the first id
    uint yOffset;    // float offset of output row 0
    uint yStride;    // floats between output rows
    float scale;     // multiplies every value (1.0: exact dequantisation)
    uint rowStep;    // workgroups along x (HLSL has no gl_NumWorkGroups)
} p;

layout(std430, binding = 1) buffer Weights { uint wq[]; };
layout(std430, binding = 2) buffer Ids { uint ids[]; };
layout(std430, binding = 3) buffer Output { float yv[]; };

#include "quant.glsl"

const uint WG = 64u;

void main() {
    const uint t = gl_LocalInvocationID.x;
    const uint units = (p.K / BLOCK_VALUES) * UNITS_PER_BLOCK;
    for (uint r = gl_WorkGroupID.x; r < p.rows; r += p.rowStep) {
        const uint id = ids[p.idsOffset + r];
        const uint yBase = p.yOffset + r * p.yStride;
        if (id >= p.wRows) {
            for (uint k = t; k < p.K; k += WG) yv[yBase + k] = 0.0;
            continue;
        }
        const uint rowBase = p.wOffset + id * p.rowBytes;
        for (uint u = t; u < units; u += WG) {
            const uint blk = u / UNITS_PER_BLOCK;
            vec4 v[UNIT_GROUPS];
            uint pos[UNIT_GROUPS];
            loadUnit(rowBase + blk * BLOCK_BYTES, u % UNITS_PER_BLOCK, v, pos);
            const uint yo = yBase + blk * BLOCK_VALUES;
            for (int g = 0; g < UNIT_GROUPS; ++g) {
                precise vec4 s = v[g] * p.scale;
                const uint o = yo + pos[g];
                yv[o] = s.x;
                yv[o + 1u] = s.y;
                yv[o + 2u] = s.z;
                yv[o + 3u] = s.w;
            }
        }
    }
}
