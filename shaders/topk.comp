// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#version 450
#extension GL_GOOGLE_include_directive : require
// The k largest values of x[0..n) with their indices, sorted descending (ties: lower index first;
// NaNs are never selected), in one or two dispatches:
//   stage 0: workgroup g reduces x[g*chunk .. min((g+1)*chunk, n)) to its best RUN entries,
//     sorted, at partials[g*RUN ..]; when partials (the group count) is 1 it writes the result;
//   stage 1: one workgroup merges the `partials` sorted runs into the result.
// RUN = max(8, k rounded up to a power of two). Result: k (uint index, value bits) pairs. When x
// holds fewer than k non-NaN values, the slots past them get index 0xFFFFFFFF and value -inf.
//
// Entries are (key, index) with key a uint that orders like the float (NaN -> 0, below -inf;
// -0 -> +0 so that the two zeros tie like float comparison says), compared as key descending,
// then index ascending: a strict total order, so ties need no special treatment anywhere. The
// value returned is re-read from x at the index (so -0.0 keeps its sign).
//
// Algorithm: bitonic top-k in shared memory (2048 entries). Every run of RUN entries is sorted
// descending by a bitonic network; then pairs of runs A, B are reduced to one by
// C[i] = better(A[i], B[RUN-1-i]), which is a bitonic sequence holding exactly the best RUN of
// A and B, and sorted by a bitonic merge; log2(runs) such rounds leave the best RUN at sh[0..RUN).
// A chunk larger than shared memory streams through in tiles, the best run so far staying in slot
// 0 of the next tile. Stage 1 does the first reduction round while loading the (already sorted)
// runs from the partials.
//
// The networks run in passes of up to three stride levels: each invocation holds 8 entries whose
// positions differ in three bits b..b+2 in registers, applies every compare-exchange among them,
// and writes them back, so a barrier separates passes instead of single stages (a run of 64 is
// sorted in 7 passes and merged in 2).
layout(local_size_x = 256) in;

layout(std140, binding = 0) uniform Params {
    uint n;         // elements of x
    uint xOffset;   // float offset of x[0]
    uint k;         // results (1..256)
    uint chunk;     // elements per stage-0 workgroup
    uint stage;     // 0 or 1
    uint partials;  // stage-0 workgroups = sorted runs for stage 1 (1: stage 0 writes the result)
} p;

layout(std430, binding = 1) buffer Input { float xv[]; };
layout(std430, binding = 2) buffer Partials { uvec2 part[]; };  // (key, index)
layout(std430, binding = 3) buffer Result { uvec2 res[]; };     // (index, value bits)

const uint WG = 256u;
const uint S = 2048u;  // shared entries: 8 per invocation
const uint NO_INDEX = 0xFFFFFFFFu;
const uvec2 NONE = uvec2(0u, NO_INDEX);  // the entry of a NaN or of a position past the data

// Entry `pos` lives at sh[pos + pos/8]: one pad entry every 8, so that the access patterns of the
// passes (each invocation 8 entries 2^b apart, neighbouring invocations at neighbouring groups)
// spread over the shared-memory banks instead of hitting a few of them 8 times.
shared uvec2 sh[S + S / 8u];

uvec2 e[8];   // the invocation's group of entries
uint runLog;  // log2(RUN)
uint RUN;

uint padded(uint pos) {
    return pos + (pos >> 3u);
}

// a comes before b: larger key, or the same key and a lower index. (any/all instead of || and
// &&, whose short-circuit becomes branches in SPIR-V.)
bool better(uvec2 a, uvec2 b) {
    return any(bvec2(a.x > b.x, all(bvec2(a.x == b.x, a.y < b.y))));
}

uint keyOf(float v) {
    uint b = floatBitsToUint(v);
    if ((b & 0x7FFFFFFFu) > 0x7F800000u) return 0u;  // NaN (a bit test: no fast-math surprises)
    if (b == 0x80000000u) b = 0u;                     // -0 ties with +0
    return (b & 0x80000000u) != 0u ? ~b : (b | 0x80000000u);
}

uvec2 entryAt(uint i) {
    const uint key = keyOf(xv[p.xOffset + i]);
    return key == 0u ? NONE : uvec2(key, i);
}

// Compare-exchange of registers A < B: the better entry first when DESC, last otherwise. (Two
// distinct entries are never equal, so "swap unless B is better" is "swap if A is better"; equal
// ones are NONE twice, where swapping changes nothing.)
#define CX(A, B, DESC)                                 \
    {                                                  \
        const uvec2 a_ = e[A], b_ = e[B];              \
        const bool s_ = (DESC) == better(b_, a_);      \
        e[A] = s_ ? b_ : a_;                           \
        e[B] = s_ ? a_ : b_;                           \
    }

// One network stage among the 8 registers: stride bit b + d, size level L (descending where bit
// L of the position is 0, or everywhere when allDesc). Register c sits at position qbase + c<<b.
void networkStage(uint d, uint L, bool allDesc, uint qbase, uint b) {
#define DESC(C) any(bvec2(allDesc, (((qbase | (uint(C) << b)) >> L) & 1u) == 0u))
    if (d == 0u) {
        CX(0, 1, DESC(0)) CX(2, 3, DESC(2)) CX(4, 5, DESC(4)) CX(6, 7, DESC(6))
    } else if (d == 1u) {
        CX(0, 2, DESC(0)) CX(1, 3, DESC(1)) CX(4, 6, DESC(4)) CX(5, 7, DESC(5))
    } else {
        CX(0, 4, DESC(0)) CX(1, 5, DESC(1)) CX(2, 6, DESC(2)) CX(3, 7, DESC(3))
    }
#undef DESC
}

// Stages of level L with stride bits jTop down to b (all within the group bits b..b+2).
void networkStages(uint L, int jTop, uint b, bool allDesc, uint qbase) {
    for (int j = jTop; j >= int(b); --j) networkStage(uint(j) - b, L, allDesc, qbase, b);
}

// Virtual position of group register 0 for invocation t: t with three zero bits inserted at b.
uint groupBase(uint t, uint b) {
    return ((t >> b) << (b + 3u)) | (t & ((1u << b) - 1u));
}

// Where virtual position q lives in round r of a reduction: run q/RUN every RUN*2^r entries.
uint phys(uint q, uint r) {
    return ((q >> runLog) << (runLog + r)) | (q & (RUN - 1u));
}

// The group bits for a pass whose highest stride bit is jTop.
uint passBase(int jTop) {
    return uint(max(jTop - 2, 0));
}

void loadGroup(uint pb, uint b) {
    for (uint c = 0u; c < 8u; ++c) e[c] = sh[padded(pb + (c << b))];
}

void storeGroup(uint pb, uint b) {
    for (uint c = 0u; c < 8u; ++c) sh[padded(pb + (c << b))] = e[c];
}

void syncShared() {
    memoryBarrierShared();
    barrier();
}

// Bitonic merge passes (descending) of the runs of round r, from stride bit jTop down, for the
// first `groups` groups of 8.
void mergeFrom(int jTop, uint r, uint groups) {
    const uint t = gl_LocalInvocationID.x;
    for (int jt = jTop; jt >= 0;) {
        const uint b = passBase(jt);
        if (t < groups) {
            const uint q = groupBase(t, b);
            const uint pb = phys(q, r);
            loadGroup(pb, b);
            networkStages(0u, jt, b, true, q);
            storeGroup(pb, b);
        }
        syncShared();
        jt = int(b) - 1;
    }
}

// Reduces `runs` sorted runs (dense at sh[0..runs*RUN)) to one at sh[0..RUN).
void reduceRuns(uint runs) {
    const uint t = gl_LocalInvocationID.x;
    const int jTop = int(runLog) - 1;
    const uint b = passBase(jTop);
    for (uint r = 1u; runs > 1u; ++r) {
        const uint after = (runs + 1u) / 2u;
        const uint groups = after * RUN / 8u;
        // Pass 1: C[i] = better(A[i], B[RUN-1-i]) and the top three merge levels.
        if (t < groups) {
            const uint q = groupBase(t, b);
            const uint m = q >> runLog;
            if (2u * m + 1u < runs) {  // a run without a partner is already sorted
                const uint pa = phys(q, r);
                const uint pbB = (m << (runLog + r)) + (RUN << (r - 1u)) + RUN - 1u - (q & (RUN - 1u));
                for (uint c = 0u; c < 8u; ++c) {
                    const uvec2 a = sh[padded(pa + (c << b))], bb = sh[padded(pbB - (c << b))];
                    e[c] = better(a, bb) ? a : bb;
                }
                networkStages(0u, jTop, b, true, q);
                storeGroup(pa, b);
            }
        }
        syncShared();
        mergeFrom(int(b) - 1, r, groups);
        runs = after;
    }
}

// Stage 0, one tile: positions [base*RUN, used*RUN) of sh get x[from ..) (NONE past `end`),
// slot 0 keeps the best run so far when base is 1; then everything is reduced to sh[0..RUN).
void sortTile(uint base, uint used, uint from, uint end) {
    const uint t = gl_LocalInvocationID.x;
    const uint groups = used * RUN / 8u;
    // Pass 1: load 8 consecutive entries and sort levels 1..3 in registers.
    const uint q0 = t * 8u;
    const bool mine = t < groups && q0 >= base * RUN;
    if (mine) {
        for (uint c = 0u; c < 8u; ++c) {
            const uint i = from + q0 + c - base * RUN;
            e[c] = i < end ? entryAt(i) : NONE;
        }
        for (uint L = 1u; L <= min(3u, runLog); ++L) networkStages(L, int(L) - 1, 0u, L == runLog, q0);
        storeGroup(q0, 0u);
    }
    syncShared();
    // Levels 4..runLog through shared memory, up to three stride bits per pass.
    for (uint L = 4u; L <= runLog; ++L) {
        for (int jt = int(L) - 1; jt >= 0;) {
            const uint b = passBase(jt);
            const uint q = groupBase(t, b);
            if (t < groups && (q >> runLog) >= base) {
                loadGroup(q, b);
                networkStages(L, jt, b, L == runLog, q);
                storeGroup(q, b);
            }
            syncShared();
            jt = int(b) - 1;
        }
    }
    reduceRuns(used);
}

// Stage 1, one tile: slots base..used-1 get the best RUN of partial runs (run, run + 1), run =
// first + 2*(slot - base) (a missing second run counts as empty), merged into sorted runs; slot
// 0 keeps the best run so far when base is 1; then everything is reduced to sh[0..RUN).
void mergeTile(uint base, uint used, uint first) {
    const uint t = gl_LocalInvocationID.x;
    const uint groups = used * RUN / 8u;
    const int jTop = int(runLog) - 1;
    const uint b = passBase(jTop);
    if (t < groups) {
        const uint q = groupBase(t, b);
        const uint m = q >> runLog;
        if (m >= base) {
            const uint ra = first + 2u * (m - base);
            const uint i0 = q & (RUN - 1u);
            const bool hasB = ra + 1u < p.partials;
            for (uint c = 0u; c < 8u; ++c) {
                const uint i = i0 + (c << b);
                const uvec2 a = part[ra * RUN + i];
                const uvec2 bb = hasB ? part[(ra + 1u) * RUN + RUN - 1u - i] : NONE;
                e[c] = better(a, bb) ? a : bb;
            }
            networkStages(0u, jTop, b, true, q);
            storeGroup(q, b);
        }
    }
    syncShared();
    mergeFrom(int(b) - 1, 0u, groups);
    reduceRuns(used);
}

// The first k entries of sh as (index, value) pairs.
void writeResult() {
    const uint t = gl_LocalInvocationID.x;
    if (t < p.k) {
        const uvec2 x = sh[padded(t)];
        res[t] = x.x == 0u ? uvec2(NO_INDEX, 0xFF800000u)
                           : uvec2(x.y, floatBitsToUint(xv[p.xOffset + x.y]));
    }
}

void main() {
    const uint t = gl_LocalInvocationID.x;
    runLog = max(3u, p.k <= 1u ? 0u : uint(findMSB(p.k - 1u)) + 1u);
    RUN = 1u << runLog;
    const uint slots = S / RUN;
    if (p.stage == 0u) {
        const uint g = gl_WorkGroupID.x;
        if (g >= p.partials) return;  // uniform per workgroup
        const uint begin = min(g * p.chunk, p.n);
        const uint end = min(begin + p.chunk, p.n);
        uint from = begin;
        uint base = 0u;  // 1 once slot 0 holds the best run so far
        do {
            const uint count = min(S - base * RUN, end - from);
            const uint used = max(1u, base + (count + RUN - 1u) / RUN);
            sortTile(base, used, from, end);
            from += count;
            base = 1u;
        } while (from < end);
        if (p.partials == 1u) {
            writeResult();
        } else if (t < RUN) {
            part[g * RUN + t] = sh[padded(t)];
        }
    } else {
        uint next = 0u;
        uint base = 0u;
        do {
            const uint pairs = min(slots - base, (p.partials - next + 1u) / 2u);
            mergeTile(base, base + pairs, next);
            next += 2u * pairs;
            base = 1u;
        } while (next < p.partials);
        writeResult();
    }
}
