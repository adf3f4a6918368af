// The fused decode attention (attention_decode.comp, recordDecodeAttention) against the CPU
// reference composition qkv_prep + attention (engine/model/reference_ops.h: rmsNormRows,
// ropeNeox, attention) on fresh random data, on every backend that is available.
//
// Error bounds (u = 2^-24; the references work in double and round to f32):
//   the prologue (q, and the new token's k and v): the norm's relative error is
//     e_n = (D/32 + 12) u (per-thread sums of <= D/16 squares, a tree of <= 4 levels, sqrt halves
//     it, inversesqrt 2 ulp, the mean, eps and two products); an element that is not rotated
//     (beyond ropeDims, v, and pairs whose factor is 1e30, whose angle is ~1e-26) is within
//     e_n |ref|; a rotated one of a pair with normed values (x0, x1) and exact angle theta within
//     (|x0| + |x1|) (e_n + 128 u theta + 2^-11 + 8 u), qkv_prep's bound (angle error ~100 u
//     relative, sin/cos 2^-11 absolute per the Vulkan precision rules). The stored cache rows are
//     checked against exactly these bounds.
//   attention: with dq_i, dk_ji the bounds above for the query and the new key (0 for cached
//     keys, which the kernel reads as they are), every score is off by at most
//       delta_j = |scale| sum_i (dq_i |k_ji| + |q_i| dk_ji + dq_i dk_ji) + E_j,
//       E_j = (D/16 + 32) u |scale| sum_i |q_i k_ji|
//     (E: the kernel sums a dot product as <= 8 vec4 products per thread, then <= 16 parts).
//     A relative error rho of every softmax weight, rho = 2 max_j delta_j + (64 + 4 tiles +
//     4 min(s_max - s_min, 60)) u (scores after the max subtraction, exp, the tile rescales),
//     moves the normalised weights by at most 2 rho / (1 - rho) of sum_j w_j |v_jd|; the f32 sums
//     over the n keys, the splits' partials and their combine add (2 n + 2 splits + 16) u of it;
//     the new value's own error adds sum_j w_j dv_jd. So, per (head, dim):
//       |o - ref| <= (2.1 rho + (2 n + 2 splits + 16) u) sum_j w_j |v_jd|
//                    + 1.1 sum_j w_j dv_jd + 1e-30.
//     Cases without rotation (every factor 1e30) keep this near 1e-4 relative, so a key missing
//     or counted twice, a wrong slot or a wrong rescale shows; rotated cases are looser (the
//     2^-11 sin/cos allowance) but still far below what a wrong angle, head or key gives (~1).
//     Several cases make the new token's key dominate the softmax of KV head 0's query heads (its
//     weight is checked: >= 0.2 for head 0, >= 0.05 for the others), so the key the kernel forms
//     itself (or reads from the donor's row) must be right even under the looser bounds.
//   Everything the kernel must not write (q, k, v, the gaps, other cache slots) is bit-identical,
//   and the split counters are back to 0 after every dispatch.
#include "gpu/attention_decode_ops.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu_test_env.h"
#include "model/reference_ops.h"
#include "support/test_support.h"
#include "weight_test_data.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <span>

namespace facet::gpu {
namespace {

using Rng = std::mt19937_64;
namespace ref = model::ref;

constexpr double kU = 1.0 / 16777216.0;  // 2^-24
const float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kSentinel = 4321.0f;
constexpr float kEps = 1e-6f;
// Words at the start of the scratch binding for the counters (zero), partials after them.
constexpr uint32_t kCounterWords = 64;

using test::randomFloats;

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

enum class Rope {
    Plain,         // every pair rotated, no factors
    Proportional,  // Gemma 4 global layers: a quarter of the pairs rotated, the rest factor 1e30
    Off,           // every factor 1e30: nothing rotates (tight bounds)
};

struct Shape {
    uint32_t heads, kvHeads, headDim, ropeDims;
    uint32_t window, cacheRows;
    float base;
    Rope rope;
};

// One layer's norm weights and RoPE factors at offsets in a shared norms vector.
struct LayerNorms {
    uint32_t qNorm = 0, kNorm = 0, factors = 0;
    bool useFactors = false;
};

LayerNorms addNorms(Rng &rng, const Shape &s, float qWeight, std::vector<float> &norms) {
    const uint32_t D = s.headDim, half = s.ropeDims / 2;
    std::uniform_real_distribution<float> mag(0.5f, 1.5f);
    LayerNorms n;
    n.qNorm = uint32_t(norms.size()) + 3;
    n.kNorm = n.qNorm + D;
    n.factors = n.kNorm + D;
    norms.resize(n.factors + half + 2, 0.0f);
    for (uint32_t i = 0; i < D; ++i) {
        norms[n.qNorm + i] = (rng() % 2 ? 1.0f : -1.0f) * mag(rng) * qWeight;
        norms[n.kNorm + i] = (rng() % 2 ? 1.0f : -1.0f) * mag(rng);
    }
    n.useFactors = s.rope != Rope::Plain;
    for (uint32_t j = 0; j < half; ++j) {
        norms[n.factors + j] = s.rope == Rope::Proportional && j < half / 4 ? 1.0f : 1e30f;
    }
    return n;
}

ref::RopeParams ropeParams(const Shape &s, const LayerNorms &n, const std::vector<float> &norms) {
    ref::RopeParams rp;
    rp.dims = int(s.ropeDims);
    rp.base = s.base;
    if (n.useFactors) rp.freqFactors = std::span(norms).subspan(n.factors, s.ropeDims / 2);
    return rp;
}

// q (or k) of `rows` heads: normed (unrotated) and rotated references, and per-element error
// bounds of the kernel's values (see the file comment).
struct Prepared {
    std::vector<float> normed, rotated;
    std::vector<double> err;
};

Prepared prepare(std::span<const float> raw, uint32_t rows, const Shape &s,
                 std::span<const float> weight, bool rotate, const ref::RopeParams &rp,
                 int64_t pos) {
    const uint32_t D = s.headDim, half = s.ropeDims / 2;
    const double en = (D / 32.0 + 12.0) * kU;
    Prepared p;
    p.normed.resize(raw.size());
    ref::rmsNormRows(raw, int(rows), weight, p.normed, kEps);
    p.rotated = p.normed;
    if (rotate) ref::ropeNeox(p.normed, p.rotated, int(D), pos, rp);
    p.err.resize(raw.size());
    for (uint32_t r = 0; r < rows; ++r) {
        for (uint32_t i = 0; i < D; ++i) {
            const size_t e = size_t(r) * D + i;
            const uint32_t j = i % std::max<uint32_t>(half, 1);
            const bool plain = !rotate || i >= s.ropeDims ||
                               (!rp.freqFactors.empty() && rp.freqFactors[j] >= 1e30f);
            if (plain) {
                p.err[e] = en * std::abs(double(p.rotated[e])) + 1e-30;
                continue;
            }
            const double theta = std::abs(ref::ropeAngle(rp, int(j), pos));
            const double mag = std::abs(double(p.normed[size_t(r) * D + j])) +
                               std::abs(double(p.normed[size_t(r) * D + j + half]));
            p.err[e] = mag * (en + 128.0 * kU * theta + std::ldexp(1.0, -11) + 8 * kU);
        }
    }
    return p;
}

// The keys a token sees, oldest first: rows of kvHeads * headDim floats with error bounds (0 for
// cached rows).
struct Keys {
    std::vector<int64_t> pos;
    std::vector<float> k, v;
    std::vector<double> dk, dv;
    void add(int64_t p, std::span<const float> kr, std::span<const float> vr,
             std::span<const double> dkr = {}, std::span<const double> dvr = {}) {
        pos.push_back(p);
        k.insert(k.end(), kr.begin(), kr.end());
        v.insert(v.end(), vr.begin(), vr.end());
        for (size_t i = 0; i < kr.size(); ++i) {
            dk.push_back(dkr.empty() ? 0.0 : dkr[i]);
            dv.push_back(dvr.empty() ? 0.0 : dvr[i]);
        }
    }
};

// Reference output and per-element bound of one token's attention (file comment).
struct Expected {
    std::vector<float> want;
    std::vector<double> bound, scaleRef;
    std::vector<float> probs;  // [heads][keys]
};

Expected expectAttention(const Shape &s, int64_t pos, float scale, const Prepared &q,
                         const Keys &keys, uint32_t splits) {
    const uint32_t D = s.headDim, kvLen = s.kvHeads * D, G = s.heads / s.kvHeads;
    const size_t n = keys.pos.size();
    Expected x;
    x.want.resize(size_t(s.heads) * D);
    x.probs.resize(size_t(s.heads) * n);
    ref::AttentionParams ap;
    ap.heads = int(s.heads);
    ap.kvHeads = int(s.kvHeads);
    ap.headDim = int(D);
    ap.window = int(s.window);
    ap.scale = scale;
    const int64_t qPos[] = {pos};
    ref::attention(q.rotated, qPos, keys.k, keys.v, keys.pos, ap, x.want, x.probs);
    x.bound.resize(x.want.size());
    x.scaleRef.resize(x.want.size());
    const uint32_t tileKeys = D / 4 > 64 ? 16 : 32;
    const double tiles = double(n) / tileKeys + 2.0;
    for (uint32_t h = 0; h < s.heads; ++h) {
        const uint32_t g = h / G;
        const float *qv = q.rotated.data() + size_t(h) * D;
        const double *dq = q.err.data() + size_t(h) * D;
        double delta = 0.0, sMax = -1e300, sMin = 1e300;
        for (size_t j = 0; j < n; ++j) {
            const size_t at = j * kvLen + g * D;
            double dot = 0.0, absDot = 0.0, err = 0.0;
            for (uint32_t i = 0; i < D; ++i) {
                const double qi = qv[i], ki = keys.k[at + i], dki = keys.dk[at + i];
                dot += qi * ki;
                absDot += std::abs(qi * ki);
                err += dq[i] * std::abs(ki) + std::abs(qi) * dki + dq[i] * dki;
            }
            const double a = std::abs(double(scale));
            delta = std::max(delta, a * err + (D / 16.0 + 32.0) * kU * a * absDot);
            sMax = std::max(sMax, dot * scale);
            sMin = std::min(sMin, dot * scale);
        }
        const double rho =
            2.0 * delta + (64.0 + 4.0 * tiles + 4.0 * std::min(sMax - sMin, 60.0)) * kU;
        const double factor = 2.1 * rho + (2.0 * double(n) + 2.0 * splits + 16.0) * kU;
        for (uint32_t d = 0; d < D; ++d) {
            double wAbs = 0.0, wDv = 0.0;
            for (size_t j = 0; j < n; ++j) {
                const double w = x.probs[size_t(h) * n + j];
                wAbs += w * std::abs(double(keys.v[j * kvLen + g * D + d]));
                wDv += w * keys.dv[j * kvLen + g * D + d];
            }
            x.scaleRef[size_t(h) * D + d] = wAbs;
            x.bound[size_t(h) * D + d] = factor * wAbs + 1.1 * wDv + 1e-30;
        }
    }
    return x;
}

// Checks o (read from `got` at oOffset) against `x`; tracks the worst error relative to
// sum_j w_j |v_jd| and to the bound.
void checkOutput(const std::vector<float> &got, uint32_t oOffset, const Expected &x,
                 double *worstRel, double *worstRatio) {
    for (size_t e = 0; e < x.want.size(); ++e) {
        const double g = got[oOffset + e];
        const double err = std::abs(g - double(x.want[e]));
        if (x.scaleRef[e] > 0) *worstRel = std::max(*worstRel, err / x.scaleRef[e]);
        *worstRatio = std::max(*worstRatio, err / x.bound[e]);
        ASSERT_LE(err, x.bound[e]) << "output element " << e << ": " << g << " vs " << x.want[e];
    }
}

// The act layout of one token: [q][gap][k][gap][v][gap][o][gap] from `base`.
struct TokenLayout {
    uint32_t q, k, v, o, end;
    TokenLayout(const Shape &s, uint32_t base) {
        const uint32_t qLen = s.heads * s.headDim, kvLen = s.kvHeads * s.headDim;
        q = base;
        k = q + qLen + 1;
        v = k + kvLen + 1;
        o = v + kvLen + 3;
        end = o + qLen + 2;
    }
};

// An act vector for `layouts`: random inputs, the o ranges filled with a sentinel.
void fillAct(Rng &rng, const Shape &s, const TokenLayout &t, std::vector<float> &act) {
    act.resize(std::max<size_t>(act.size(), t.end), 0.0f);
    const auto r = randomFloats(rng, t.o - t.q, -2.0f, 2.0f);
    std::copy(r.begin(), r.end(), act.begin() + t.q);
    std::fill_n(act.begin() + t.o, s.heads * s.headDim, kSentinel);
}

DecodeAttentionParams params(const Shape &s, const LayerNorms &n, const TokenLayout &t,
                             uint32_t pos, bool storeKv, float scale, uint32_t groupHeads = 0) {
    DecodeAttentionParams p;
    p.groupHeads = groupHeads;
    p.heads = s.heads;
    p.kvHeads = s.kvHeads;
    p.headDim = s.headDim;
    p.ropeDims = s.ropeDims;
    p.qOffset = t.q;
    p.kOffset = t.k;
    p.vOffset = t.v;
    p.oOffset = t.o;
    p.qNormOffset = n.qNorm;
    p.kNormOffset = n.kNorm;
    p.fOffset = n.factors;
    p.useFactors = n.useFactors ? 1 : 0;
    p.base = s.base;
    p.eps = kEps;
    p.scale = scale;
    p.storeKv = storeKv ? 1 : 0;
    p.cacheRows = s.cacheRows;
    p.pos = pos;
    p.window = s.window;
    p.scratchOffset = kCounterWords;
    p.counterOffset = 0;
    return p;
}

uint32_t firstVisible(const Shape &s, uint32_t pos) {
    return s.window > 0 && pos + 1 > s.window ? pos + 1 - s.window : 0;
}

struct DecodeCase {
    const char *name;
    Shape shape;
    uint32_t pos;
    bool storeKv;
    // The new token's key (or, storeKv 0, the donor's row at pos) made parallel to head 0's
    // query, the queries of KV head 0's other heads close to it, and the scale set so that head
    // 0's score of that key is log(keys) + 1: it dominates those heads' softmax.
    bool spike;
    float scale;          // without spike
    float qWeight;        // magnitude of the q norm weights (scores of a few units)
    uint32_t groupHeads;  // most query heads per workgroup (0: recordDecodeAttention's default)
    bool split;           // expected: keys split over workgroups
};

using GpuDecodeAttentionTest = test::GpuBackendTest;

void runCase(GpuContext &ctx, const Kernel &kernel, const DecodeCase &c, Rng &rng, double *worstRel,
             double *worstRatio) {
    SCOPED_TRACE(c.name);
    const Shape &s = c.shape;
    const uint32_t D = s.headDim, qLen = s.heads * D, kvLen = s.kvHeads * D;
    const uint32_t pos = c.pos, lo = firstVisible(s, pos);
    std::vector<float> norms;
    const LayerNorms ln = addNorms(rng, s, c.qWeight, norms);
    const ref::RopeParams rp = ropeParams(s, ln, norms);
    const TokenLayout tl(s, 5);
    std::vector<float> act;
    fillAct(rng, s, tl, act);
    const bool spike = c.spike;
    const uint32_t G = s.heads / s.kvHeads;
    if (spike) {
        std::uniform_real_distribution<float> noise(-0.8f, 0.8f);
        for (uint32_t h = 1; h < G; ++h) {
            for (uint32_t i = 0; i < D; ++i)
                act[tl.q + h * D + i] = act[tl.q + i] + noise(rng);
        }
    }
    const Prepared q = prepare(std::span(act).subspan(tl.q, qLen), s.heads, s,
                               std::span(norms).subspan(ln.qNorm, D), true, rp, pos);
    // The spiked key is head 0's normed query (before rotation: q and k turn by the same angles,
    // so their dot product is the unrotated one); raw k = q / w_k norms back to q's direction.
    if (spike && c.storeKv) {
        for (uint32_t i = 0; i < D; ++i)
            act[tl.k + i] = q.normed[i] / norms[ln.kNorm + i];
    }

    // Caches: NaN where nothing visible lives (a read there would poison the output), random
    // rows for the visible positions before pos; pos itself is the donor's row (storeKv 0) or
    // NaN until the kernel writes it.
    std::vector<float> kc(size_t(s.cacheRows) * kvLen, kNaN), vc(size_t(s.cacheRows) * kvLen, kNaN);
    const uint32_t last = c.storeKv ? pos : pos + 1;
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    for (uint32_t kp = lo; kp < last; ++kp) {
        const size_t slot = size_t(kp % s.cacheRows);
        for (uint32_t i = 0; i < kvLen; ++i) {
            kc[slot * kvLen + i] = unit(rng);
            vc[slot * kvLen + i] = unit(rng);
        }
    }
    if (spike && !c.storeKv) {
        for (uint32_t i = 0; i < D; ++i)
            kc[size_t(pos % s.cacheRows) * kvLen + i] = q.rotated[i];
    }

    // The new token's key and value (storeKv), and the reference key list.
    Prepared kNew, vNew;
    if (c.storeKv) {
        kNew = prepare(std::span(act).subspan(tl.k, kvLen), s.kvHeads, s,
                       std::span(norms).subspan(ln.kNorm, D), true, rp, pos);
        vNew = prepare(std::span(act).subspan(tl.v, kvLen), s.kvHeads, s, {}, false, rp, pos);
    }
    Keys keys;
    for (uint32_t kp = lo; kp < last; ++kp) {
        const size_t at = size_t(kp % s.cacheRows) * kvLen;
        keys.add(kp, std::span(kc).subspan(at, kvLen), std::span(vc).subspan(at, kvLen));
    }
    if (c.storeKv) keys.add(pos, kNew.rotated, vNew.rotated, kNew.err, vNew.err);

    float scale = c.scale;
    if (spike) {
        double dot = 0.0;
        for (uint32_t i = 0; i < D; ++i)
            dot += double(q.rotated[i]) * keys.k[(keys.pos.size() - 1) * kvLen + i];
        scale = float((std::log(double(keys.pos.size())) + 1.0) / dot);
    }
    const DecodeAttentionLayout layout =
        decodeAttentionLayout(s.heads, s.kvHeads, D, uint32_t(keys.pos.size()), c.groupHeads);
    EXPECT_EQ(layout.splits > 1, c.split) << layout.splits << " splits";

    const uint64_t scratchWords =
        kCounterWords + decodeAttentionScratchWords(s.heads, D, uint32_t(keys.pos.size())) + 1;
    std::vector<uint32_t> scratch(scratchWords, 0x7FC00000u);  // partials: NaN
    std::fill_n(scratch.begin(), kCounterWords, 0u);
    auto ab = test::makeBuffer(ctx, BufferKind::Storage, act);
    auto nb = test::makeBuffer(ctx, BufferKind::Weights, norms);
    auto kb = test::makeBuffer(ctx, BufferKind::Storage, kc);
    auto vb = test::makeBuffer(ctx, BufferKind::Storage, vc);
    auto sb = test::makeBuffer(ctx, BufferKind::Storage, scratch);
    QString error;
    auto b = ctx.bind(kernel, {*ab, *nb, *kb, *vb, *sb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    ComputeBatch batch;
    ASSERT_TRUE(recordDecodeAttention(
        batch, *b, params(s, ln, tl, pos, c.storeKv, scale, c.groupHeads), &error))
        << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 1);
    ASSERT_TRUE(ctx.submit(batch, &error)) << error.toStdString();
    const auto got = test::readVector<float>(ctx, *ab, act.size());
    const auto gotK = test::readVector<float>(ctx, *kb, kc.size());
    const auto gotV = test::readVector<float>(ctx, *vb, vc.size());
    const auto gotCounters = test::readVector<uint32_t>(ctx, *sb, kCounterWords);

    const Expected x = expectAttention(s, pos, scale, q, keys, layout.splits);
    if (spike) {
        // Test data: the newest key dominates head 0 and weighs on KV head 0's other heads.
        const size_t n = keys.pos.size();
        ASSERT_GE(x.probs[n - 1], 0.2f) << "head 0";
        for (uint32_t h = 1; h < G; ++h)
            ASSERT_GE(x.probs[h * n + n - 1], 0.05f) << "head " << h;
    }
    checkOutput(got, tl.o, x, worstRel, worstRatio);
    if (::testing::Test::HasFatalFailure()) return;
    for (size_t i = 0; i < act.size(); ++i) {
        if (i >= tl.o && i < tl.o + qLen) continue;
        ASSERT_TRUE(sameBits(got[i], act[i])) << "act element " << i;
    }
    const size_t newSlot = size_t(pos % s.cacheRows);
    for (size_t slot = 0; slot < s.cacheRows; ++slot) {
        for (uint32_t i = 0; i < kvLen; ++i) {
            const size_t e = slot * kvLen + i;
            if (c.storeKv && slot == newSlot) {
                ASSERT_LE(std::abs(double(gotK[e]) - kNew.rotated[i]), kNew.err[i])
                    << "stored k element " << i << ": " << gotK[e] << " vs " << kNew.rotated[i];
                ASSERT_LE(std::abs(double(gotV[e]) - vNew.rotated[i]), vNew.err[i])
                    << "stored v element " << i << ": " << gotV[e] << " vs " << vNew.rotated[i];
            } else {
                ASSERT_TRUE(sameBits(gotK[e], kc[e])) << "K slot " << slot;
                ASSERT_TRUE(sameBits(gotV[e], vc[e])) << "V slot " << slot;
            }
        }
    }
    for (uint32_t i = 0; i < kCounterWords; ++i)
        ASSERT_EQ(gotCounters[i], 0u) << "counter " << i << " not reset";
}

TEST_P(GpuDecodeAttentionTest, MatchesReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AttentionDecode);
    // E2B: 8 query heads, 1 KV head; sliding layers D256, window 512 (ring of window + chunk);
    // global layers D512 with proportional RoPE.
    const Shape e2bSliding{8, 1, 256, 256, 512, 1024, 10000.0f, Rope::Plain};
    const Shape e2bGlobal{8, 1, 512, 512, 0, 64, 1e6f, Rope::Proportional};
    const Shape gqaD256{4, 2, 256, 256, 0, 64, 10000.0f, Rope::Plain};
    const Shape gqaLong{4, 2, 64, 64, 0, 3000, 10000.0f, Rope::Off};
    const Shape globalLong{8, 1, 512, 512, 0, 3072, 1e6f, Rope::Off};
    const Shape ring{8, 1, 256, 256, 512, 700, 10000.0f, Rope::Plain};
    const Shape ringOff{8, 1, 256, 256, 512, 600, 10000.0f, Rope::Off};
    const Shape mqa16{16, 1, 64, 64, 0, 400, 10000.0f, Rope::Plain};
    const Shape partial{6, 2, 40, 16, 100, 100, 10000.0f, Rope::Plain};
    const Shape tiny{2, 1, 4, 4, 0, 80, 10000.0f, Rope::Plain};
    // name, shape, pos, storeKv, spike, scale, qWeight, groupHeads, split
    const DecodeCase cases[] = {
        {"E2B sliding, ring wrapped, 512 keys, dominant new key (4 groups of 2 heads)", e2bSliding,
         1500, true, true, 0.0f, 0.125f, 0, true},
        {"E2B sliding, ring wrapped, 512 keys, dominant new key, 8 heads per workgroup", e2bSliding,
         1500, true, true, 0.0f, 0.125f, 8, true},
        {"E2B global D512, proportional RoPE, 41 keys, dominant new key", e2bGlobal, 40, true, true,
         0.0f, 0.1f, 0, true},
        {"E2B global D512, 41 keys, 4 heads per workgroup (the most at D512)", e2bGlobal, 40, true,
         false, 1.0f, 0.1f, 8, true},
        {"E2B sliding, 11 keys (one tile)", e2bSliding, 10, true, false, 1.0f, 0.125f, 0, false},
        {"first token (only the new key), one head per workgroup", e2bSliding, 0, true, false, 1.0f,
         0.125f, 1, false},
        {"4:2 D256 global, 60 keys from a donor's cache (one split, two tiles)", gqaD256, 59, false,
         false, 0.0625f, 1.0f, 0, false},
        {"4:2 D64 global, 3000 keys from a donor's cache, no rotation", gqaLong, 2999, false, false,
         0.125f, 1.0f, 0, true},
        {"8:1 D512 global, 3000 keys, dominant new key, no rotation", globalLong, 2999, true, true,
         0.0f, 1.0f, 0, true},
        {"8:1 D512 global, 1200 keys, no rotation, 4 heads per workgroup", globalLong, 1199, true,
         false, 0.03f, 1.0f, 4, true},
        {"8:1 D256 sliding ring, donor's dominant key", ring, 5000, false, true, 0.0f, 1.0f, 0,
         true},
        {"8:1 D256 sliding ring, 512 keys, no rotation, groups of 3, 3, 2 heads", ringOff, 2000,
         true, false, 0.0625f, 1.0f, 3, true},
        {"16:1 D64 global, dominant new key, two groups of 8 heads", mqa16, 300, true, true, 0.0f,
         1.0f, 8, true},
        {"6:2 D40, partial rotation 16 of 40, ring, 3 heads per workgroup", partial, 250, true,
         false, 0.15f, 1.0f, 3, true},
        {"2:1 D4, 71 keys", tiny, 70, true, false, 0.5f, 1.0f, 0, true},
    };
    double worstRel = 0.0, worstRatio = 0.0;
    for (const DecodeCase &c : cases) {
        runCase(*ctx, k, c, rng, &worstRel, &worstRatio);
        if (HasFatalFailure()) return;
    }
    std::printf(
        "[ measured ] decode attention max |err| / sum_j w_j |v_jd| = %.3g; max error / "
        "bound = %.3g\n",
        worstRel, worstRatio);
}

// Consecutive decode steps in one batch, as a model records them: layer A stores its k and v,
// layer B shares A's cache (reads position pos that A stored earlier in the batch), layer C has
// another shape and its own cache; all three split their keys and use the same scratch and
// counters, so every dispatch relies on the one before it having reset the counters, and every
// step on the rows the earlier steps stored.
TEST_P(GpuDecodeAttentionTest, ConsecutiveStepsShareCountersAndCache) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AttentionDecode);
    // No rotation (tight bounds: a key missing or read from the wrong slot shows).
    const Shape sa{4, 2, 128, 128, 200, 230, 10000.0f, Rope::Off};
    const Shape sc{8, 1, 512, 512, 0, 1200, 1e6f, Rope::Off};
    const uint32_t steps = 4, pos0 = 1000;
    std::vector<float> norms;
    const LayerNorms na = addNorms(rng, sa, 0.3f, norms);
    const LayerNorms nb = addNorms(rng, sa, 0.3f, norms);
    const LayerNorms nc = addNorms(rng, sc, 0.1f, norms);
    // Act: per step, the three layers' tokens.
    std::vector<float> act;
    std::vector<TokenLayout> la, lb, lc;
    for (uint32_t t = 0; t < steps; ++t) {
        la.emplace_back(sa, uint32_t(act.size()) + 3);
        fillAct(rng, sa, la.back(), act);
        lb.emplace_back(sa, uint32_t(act.size()) + 3);
        fillAct(rng, sa, lb.back(), act);
        lc.emplace_back(sc, uint32_t(act.size()) + 3);
        fillAct(rng, sc, lc.back(), act);
    }
    // Caches with every position before pos0 visible to the first step.
    auto fillCache = [&](const Shape &s, std::vector<float> &kc, std::vector<float> &vc) {
        const uint32_t kvLen = s.kvHeads * s.headDim;
        kc.assign(size_t(s.cacheRows) * kvLen, kNaN);
        vc.assign(size_t(s.cacheRows) * kvLen, kNaN);
        for (uint32_t kp = firstVisible(s, pos0); kp < pos0; ++kp) {
            for (uint32_t i = 0; i < kvLen; ++i) {
                kc[size_t(kp % s.cacheRows) * kvLen + i] = randomFloats(rng, 1, -1, 1)[0];
                vc[size_t(kp % s.cacheRows) * kvLen + i] = randomFloats(rng, 1, -1, 1)[0];
            }
        }
    };
    std::vector<float> kcA, vcA, kcC, vcC;
    fillCache(sa, kcA, vcA);
    fillCache(sc, kcC, vcC);
    const uint64_t words =
        kCounterWords + std::max(decodeAttentionScratchWords(sa.heads, sa.headDim, sa.window),
                                 decodeAttentionScratchWords(sc.heads, sc.headDim, pos0 + steps));
    std::vector<uint32_t> scratch(words, 0x7FC00000u);
    std::fill_n(scratch.begin(), kCounterWords, 0u);
    auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
    auto normsB = test::makeBuffer(*ctx, BufferKind::Weights, norms);
    auto kaB = test::makeBuffer(*ctx, BufferKind::Storage, kcA);
    auto vaB = test::makeBuffer(*ctx, BufferKind::Storage, vcA);
    auto kcB = test::makeBuffer(*ctx, BufferKind::Storage, kcC);
    auto vcB = test::makeBuffer(*ctx, BufferKind::Storage, vcC);
    auto sB = test::makeBuffer(*ctx, BufferKind::Storage, scratch);
    QString error;
    auto bA = ctx->bind(k, {*ab, *normsB, *kaB, *vaB, *sB}, &error);
    ASSERT_TRUE(bA) << error.toStdString();
    auto bC = ctx->bind(k, {*ab, *normsB, *kcB, *vcB, *sB}, &error);
    ASSERT_TRUE(bC) << error.toStdString();

    const float scaleA = 0.1f, scaleC = 1.0f;
    ComputeBatch batch;
    for (uint32_t t = 0; t < steps; ++t) {
        const uint32_t pos = pos0 + t;
        EXPECT_GT(decodeAttentionLayout(sa.heads, sa.kvHeads, sa.headDim, sa.window).splits, 1u);
        EXPECT_GT(decodeAttentionLayout(sc.heads, sc.kvHeads, sc.headDim, pos + 1).splits, 1u);
        ASSERT_TRUE(
            recordDecodeAttention(batch, *bA, params(sa, na, la[t], pos, true, scaleA), &error))
            << error.toStdString();
        ASSERT_TRUE(
            recordDecodeAttention(batch, *bA, params(sa, nb, lb[t], pos, false, scaleA), &error))
            << error.toStdString();
        ASSERT_TRUE(
            recordDecodeAttention(batch, *bC, params(sc, nc, lc[t], pos, true, scaleC), &error))
            << error.toStdString();
    }
    EXPECT_EQ(batch.dispatchCount(), int(3 * steps));
    ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
    const auto got = test::readVector<float>(*ctx, *ab, act.size());
    const auto gotKa = test::readVector<float>(*ctx, *kaB, kcA.size());
    const auto gotVa = test::readVector<float>(*ctx, *vaB, vcA.size());
    const auto gotKc = test::readVector<float>(*ctx, *kcB, kcC.size());
    const auto gotVc = test::readVector<float>(*ctx, *vcB, vcC.size());
    const auto counters = test::readVector<uint32_t>(*ctx, *sB, kCounterWords);
    for (uint32_t i = 0; i < kCounterWords; ++i)
        ASSERT_EQ(counters[i], 0u) << "counter " << i;

    // Reference, step by step. Keys stored by earlier steps are read back as the GPU stored them
    // (checked against their own reference first); the step's own new key carries its bound.
    double worstRel = 0.0, worstRatio = 0.0;
    auto check = [&](const Shape &s, const LayerNorms &n, const TokenLayout &tl, uint32_t pos,
                     bool storeKv, float scale, const std::vector<float> &gk,
                     const std::vector<float> &gv) {
        const uint32_t D = s.headDim, qLen = s.heads * D, kvLen = s.kvHeads * D;
        const ref::RopeParams rp = ropeParams(s, n, norms);
        const Prepared q = prepare(std::span(act).subspan(tl.q, qLen), s.heads, s,
                                   std::span(norms).subspan(n.qNorm, D), true, rp, pos);
        Keys keys;
        for (uint32_t kp = firstVisible(s, pos); kp < (storeKv ? pos : pos + 1); ++kp) {
            const size_t at = size_t(kp % s.cacheRows) * kvLen;
            keys.add(kp, std::span(gk).subspan(at, kvLen), std::span(gv).subspan(at, kvLen));
        }
        if (storeKv) {
            const Prepared kn = prepare(std::span(act).subspan(tl.k, kvLen), s.kvHeads, s,
                                        std::span(norms).subspan(n.kNorm, D), true, rp, pos);
            const Prepared vn =
                prepare(std::span(act).subspan(tl.v, kvLen), s.kvHeads, s, {}, false, rp, pos);
            const size_t at = size_t(pos % s.cacheRows) * kvLen;
            for (uint32_t i = 0; i < kvLen; ++i) {
                ASSERT_LE(std::abs(double(gk[at + i]) - kn.rotated[i]), kn.err[i]) << "k " << i;
                ASSERT_LE(std::abs(double(gv[at + i]) - vn.rotated[i]), vn.err[i]) << "v " << i;
            }
            keys.add(pos, kn.rotated, vn.rotated, kn.err, vn.err);
        }
        const DecodeAttentionLayout l =
            decodeAttentionLayout(s.heads, s.kvHeads, D, uint32_t(keys.pos.size()));
        const Expected x = expectAttention(s, pos, scale, q, keys, l.splits);
        checkOutput(got, tl.o, x, &worstRel, &worstRatio);
    };
    for (uint32_t t = 0; t < steps; ++t) {
        SCOPED_TRACE(::testing::Message() << "step " << t);
        const uint32_t pos = pos0 + t;
        check(sa, na, la[t], pos, true, scaleA, gotKa, gotVa);
        if (HasFatalFailure()) return;
        check(sa, nb, lb[t], pos, false, scaleA, gotKa, gotVa);
        if (HasFatalFailure()) return;
        check(sc, nc, lc[t], pos, true, scaleC, gotKc, gotVc);
        if (HasFatalFailure()) return;
    }
    // Only the o ranges of the act buffer changed.
    std::vector<bool> isOut(act.size(), false);
    for (uint32_t t = 0; t < steps; ++t) {
        for (const auto &[tl, s] :
             {std::pair(la[t], sa), std::pair(lb[t], sa), std::pair(lc[t], sc)})
            std::fill_n(isOut.begin() + tl.o, s.heads * s.headDim, true);
    }
    for (size_t i = 0; i < act.size(); ++i) {
        if (isOut[i]) continue;
        ASSERT_TRUE(sameBits(got[i], act[i])) << "act element " << i;
    }
    std::printf(
        "[ measured ] consecutive decode steps: max |err| / sum_j w_j |v_jd| = %.3g; "
        "max error / bound = %.3g\n",
        worstRel, worstRatio);
}

TEST_P(GpuDecodeAttentionTest, ScratchCoversEveryLayout) {
    // One allocation for (heads, largest head dim, most keys) holds the partials of every call
    // within those bounds: any KV head count, smaller head dims, fewer keys. Recording checks the
    // scratch range, so every record must succeed with exactly that many words bound.
    EXPECT_EQ(decodeAttentionScratchWords(8, 256, 16), 0u);
    EXPECT_EQ(decodeAttentionScratchWords(8, 516, 8192), 0u);
    EXPECT_EQ(decodeAttentionScratchWords(0, 256, 8192), 0u);
    const uint32_t heads = 8, maxDim = 512, maxKeys = 20000;
    const uint64_t words = decodeAttentionScratchWords(heads, maxDim, maxKeys);
    ASSERT_GT(words, 0u);
    const uint32_t counterWords = uint32_t(decodeAttentionCounterWords(heads));
    const uint32_t cacheRows = maxKeys;
    auto act =
        test::makeBuffer(*ctx, BufferKind::Storage, nullptr, 0, qint64(4) * heads * maxDim * 4);
    auto norms = test::makeBuffer(*ctx, BufferKind::Weights, nullptr, 0, qint64(4) * maxDim * 4);
    auto cache =
        test::makeBuffer(*ctx, BufferKind::Storage, nullptr, 0, qint64(cacheRows) * heads * 64 * 4);
    auto scratch =
        test::makeBuffer(*ctx, BufferKind::Storage, nullptr, 0, qint64(counterWords + words) * 4);
    QString error;
    auto b = ctx->bind(
        kernel(KernelId::AttentionDecode),
        {*act, *norms, *cache, *cache, BufferView(*scratch, 0, qint64(counterWords + words) * 4)},
        &error);
    ASSERT_TRUE(b) << error.toStdString();
    ComputeBatch batch;
    int split = 0, most = 0;
    for (uint32_t d : {4u, 64u, 128u, 256u, 260u, 384u, 512u}) {
        for (uint32_t kv : {1u, 2u, 4u, 8u}) {
            if (uint64_t(cacheRows) * kv * d > uint64_t(cacheRows) * heads * 64) continue;
            for (uint32_t pos : {0u, 31u, 100u, 511u, 1000u, 4095u, 8191u, 12345u, maxKeys - 1}) {
                DecodeAttentionParams p;
                p.heads = heads;
                p.kvHeads = kv;
                p.headDim = d;
                p.ropeDims = d;
                p.qOffset = 0;
                p.kOffset = heads * d;
                p.vOffset = heads * d + kv * d;
                p.oOffset = 3 * heads * d;
                p.kNormOffset = d;
                p.cacheRows = cacheRows;
                p.pos = pos;
                p.counterOffset = 0;
                p.scratchOffset = counterWords;
                ASSERT_TRUE(recordDecodeAttention(batch, *b, p, &error))
                    << "d " << d << " kv " << kv << " pos " << pos << ": " << error.toStdString();
                const auto l = decodeAttentionLayout(heads, kv, d, pos + 1);
                split += l.splits > 1;
                most = std::max(most, int(l.splits));
            }
        }
    }
    EXPECT_GT(split, 20);
    EXPECT_LE(most, 256);
}

TEST(DecodeAttentionLayout, HeadsPerWorkgroup) {
    // Asked for, capped by what the kernel holds (8 heads, 2048 / headDim), the KV head's heads
    // spread evenly over the fewest groups.
    auto layout = [](uint32_t heads, uint32_t kv, uint32_t d, uint32_t asked) {
        const DecodeAttentionLayout l = decodeAttentionLayout(heads, kv, d, 300, asked);
        return std::pair(l.groupHeads, l.headGroups);
    };
    EXPECT_EQ(layout(8, 1, 256, 8), std::pair(8u, 1u));
    EXPECT_EQ(layout(8, 1, 512, 8), std::pair(4u, 2u));
    EXPECT_EQ(layout(8, 1, 256, 3), std::pair(3u, 3u));
    EXPECT_EQ(layout(8, 1, 256, 1), std::pair(1u, 8u));
    EXPECT_EQ(layout(16, 1, 64, 8), std::pair(8u, 2u));
    EXPECT_EQ(layout(16, 1, 64, 100), std::pair(8u, 2u));
    EXPECT_EQ(layout(6, 2, 40, 8), std::pair(3u, 1u));
    EXPECT_EQ(layout(2, 1, 4, 8), std::pair(2u, 1u));
    // The default (FACET_DECODE_GROUP_HEADS unset): two heads per workgroup.
    if (!qEnvironmentVariableIsSet("FACET_DECODE_GROUP_HEADS")) {
        EXPECT_EQ(layout(8, 1, 256, 0), std::pair(2u, 4u));
        EXPECT_EQ(layout(8, 1, 512, 0), std::pair(2u, 4u));
        EXPECT_EQ(layout(4, 4, 256, 0), std::pair(1u, 1u));
    }
    // Splits depend on the keys only through the tile count: one tile, one split; many tiles,
    // several splits of whole tiles covering every key.
    for (uint32_t keys : {1u, 32u, 33u, 64u, 65u, 300u, 512u, 3000u, 8192u, 100000u}) {
        for (uint32_t d : {64u, 256u, 512u}) {
            const DecodeAttentionLayout l = decodeAttentionLayout(8, 1, d, keys, 8);
            const uint32_t tiles = (keys + l.tileKeys - 1) / l.tileKeys;
            EXPECT_EQ(l.keysPerSplit % l.tileKeys, 0u);
            EXPECT_GE(uint64_t(l.splits) * l.keysPerSplit, keys) << keys << " keys, D" << d;
            EXPECT_LT(uint64_t(l.splits - 1) * l.keysPerSplit, keys) << keys << " keys, D" << d;
            EXPECT_LE(l.splits, 256u);
            EXPECT_EQ(l.splits > 1, tiles >= 3) << keys << " keys, D" << d;
        }
    }
}

TEST_P(GpuDecodeAttentionTest, RejectsBadParameters) {
    const Kernel &k = kernel(KernelId::AttentionDecode);
    auto act = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1024, 0.5f));
    auto norms = test::makeBuffer(*ctx, BufferKind::Weights, std::vector<float>(128, 1.0f));
    auto cache = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(64 * 32, 0.0f));
    auto scratch = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<uint32_t>(160, 0u));
    QString error;
    // Exactly 160 words bound (buffers may be allocated larger).
    auto b = ctx->bind(k, {*act, *norms, *cache, *cache, BufferView(*scratch, 0, 160 * 4)}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    DecodeAttentionParams good;
    good.heads = 4;
    good.kvHeads = 2;
    good.headDim = 16;
    good.ropeDims = 16;
    good.qOffset = 0;
    good.kOffset = 64;
    good.vOffset = 96;
    good.oOffset = 128;
    good.qNormOffset = 0;
    good.kNormOffset = 16;
    good.fOffset = 32;
    good.useFactors = 1;
    good.cacheRows = 64;
    good.pos = 20;  // 21 keys: one split, no scratch needed
    ComputeBatch batch;
    EXPECT_TRUE(recordDecodeAttention(batch, *b, good, &error)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 1);
    auto rejects = [&](auto change, const char *why) {
        DecodeAttentionParams bad = good;
        change(bad);
        QString e;
        EXPECT_FALSE(recordDecodeAttention(batch, *b, bad, &e)) << why;
        EXPECT_FALSE(e.isEmpty()) << why;
    };
    rejects([](DecodeAttentionParams &p) { p.kvHeads = 3; }, "heads not a multiple of kvHeads");
    rejects([](DecodeAttentionParams &p) { p.kvHeads = 0; }, "no KV heads");
    rejects([](DecodeAttentionParams &p) { p.headDim = 18; }, "head dim not a multiple of 4");
    rejects([](DecodeAttentionParams &p) { p.headDim = 516; }, "head dim > 512");
    rejects([](DecodeAttentionParams &p) { p.ropeDims = 15; }, "odd rope dims");
    rejects([](DecodeAttentionParams &p) { p.ropeDims = 20; }, "rope dims > head dim");
    rejects([](DecodeAttentionParams &p) { p.base = 0.0f; }, "base 0");
    rejects([](DecodeAttentionParams &p) { p.eps = -1.0f; }, "negative eps");
    rejects([](DecodeAttentionParams &p) { p.scale = std::numeric_limits<float>::infinity(); },
            "infinite scale");
    rejects([](DecodeAttentionParams &p) { p.pos = 1u << 24; }, "position >= 2^24");
    rejects([](DecodeAttentionParams &p) { p.pos = 64; }, "global cache too short");
    rejects([](DecodeAttentionParams &p) { p.cacheRows = 0; }, "no cache");
    rejects(
        [](DecodeAttentionParams &p) {
            p.window = 40;
            p.cacheRows = 39;
            p.pos = 50;
        },
        "ring shorter than the window");
    rejects([](DecodeAttentionParams &p) { p.cacheRows = 65; }, "cache past the K/V buffers");
    rejects([](DecodeAttentionParams &p) { p.qOffset = 1000; }, "q past the buffer");
    rejects([](DecodeAttentionParams &p) { p.oOffset = 1000; }, "o past the buffer");
    rejects([](DecodeAttentionParams &p) { p.oOffset = 40; }, "o overlaps q");
    rejects([](DecodeAttentionParams &p) { p.oOffset = 90; }, "o overlaps k / v");
    rejects([](DecodeAttentionParams &p) { p.vOffset = 1020; }, "v past the buffer");
    rejects([](DecodeAttentionParams &p) { p.kNormOffset = 120; }, "k norm past the buffer");
    rejects([](DecodeAttentionParams &p) { p.fOffset = 125; }, "factors past the buffer");
    // Head dim 4, 101 keys: 4 tiles, 4 splits, 4 heads x 4 splits x 8 words of partials (of 160).
    DecodeAttentionParams split = good;
    split.headDim = 4;
    split.ropeDims = 4;
    split.kOffset = 16;
    split.vOffset = 24;
    split.oOffset = 32;
    split.kNormOffset = 4;
    split.cacheRows = 128;
    split.pos = 100;
    split.counterOffset = 0;
    split.scratchOffset = 2;
    ASSERT_GT(decodeAttentionLayout(4, 2, 4, 101).splits, 1u);
    EXPECT_TRUE(recordDecodeAttention(batch, *b, split, &error)) << error.toStdString();
    rejects(
        [&](DecodeAttentionParams &p) {
            p = split;
            p.scratchOffset = 1;
        },
        "counters overlap the partials");
    rejects(
        [&](DecodeAttentionParams &p) {
            p = split;
            p.scratchOffset = 40;
        },
        "partials past the scratch");
    rejects(
        [&](DecodeAttentionParams &p) {
            p = split;
            p.counterOffset = 159;
        },
        "counters past the scratch");
    // Without storeKv the k / v ranges are not looked at.
    DecodeAttentionParams shared = good;
    shared.storeKv = 0;
    shared.kOffset = 100000;
    shared.vOffset = 100000;
    EXPECT_TRUE(recordDecodeAttention(batch, *b, shared, &error)) << error.toStdString();
    auto wrong = ctx->bind(kernel(KernelId::Attention), {*act, *cache, *cache, *scratch}, &error);
    ASSERT_TRUE(wrong) << error.toStdString();
    EXPECT_FALSE(recordDecodeAttention(batch, *wrong, good, &error));
    EXPECT_EQ(batch.dispatchCount(), 3);
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuDecodeAttentionTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
