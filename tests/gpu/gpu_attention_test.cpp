// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// qkv_prep and attention kernels against the CPU references (engine/model/reference_ops.h) on
// fresh random data, on every backend that is available.
//
// Error bounds (u = 2^-24, the f32 unit roundoff; the references work in double):
//   qkv_prep: the norm's relative error is e_n = (D/256 + 10) u: the sum of squares is per-thread
//     sums of D/128 terms then a 7-level tree ((D/128 + 8) u, all terms positive), sqrt halves
//     it, inversesqrt is within 2 ulp, the mean, eps and the two products add 4 u. Values that
//     are not rotated (beyond ropeDims, the v norm, and pairs whose factor is 1e30, whose angle
//     is ~1e-26) must be within e_n |ref| (+1e-30). Rotated outputs of a pair with normed values
//     (x0, x1) and exact angle theta: (|x0| + |x1|) (e_n + 128 u theta + 2^-11 + 8 u), the
//     rope.comp bound (angle error ~100 u relative, sin/cos 2^-11 absolute per the Vulkan
//     precision rules, two roundings) plus the norm's error. Everything else in the act buffer
//     and every cache slot not written must be untouched (bit-identical).
//   attention: per (row, head, dim), with w_j the exact softmax weights and s_j the exact scores
//     of the visible keys j:
//       |o - ref| <= (2.1 rho + (2 n + 2 splits + 16) u) * sum_j w_j |v_jd| + 1e-30,
//       rho = 2 E + (64 + 4 tiles + 4 min(s_max - s_min, 60)) u,
//       E = (D/32 + 16) u |scale| max_j sum_d |q_d k_jd|.
//     E bounds a score's error: the kernel sums each dot product as 8 parts of <= D/32 vec4 dot
//     products, then the 8 parts (depth <= D/32 + 14).
//     A relative error rho_j of every weight (scores: 2E after subtracting the running max;
//     exp: (3 + 2|x|) ulp, |x| <= the score range, above 60 the weights are < e^-60 and absorbed
//     by the same term; each tile's rescale exp(m_old - m_new): a few u) moves the normalised
//     weights by at most 2 rho / (1 - rho), and the f32 sums over the n keys (split partials and
//     their combine included) add the rest.
//     On well-conditioned data (scores of a few units) that is ~1e-4 relative; measured errors
//     are printed and are ~1e-7 .. 1e-6 relative.
#include "gpu/attention_ops.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu_test_env.h"
#include "model/reference_ops.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <QFloat16>

#include <algorithm>
#include <bit>
#include <chrono>
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

using test::randomFloats;

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

using GpuAttentionTest = test::GpuBackendTest;

// --- qkv_prep ------------------------------------------------------------------------------------

struct PrepCase {
    uint32_t rows, heads, kvHeads, headDim, ropeDims;
    float base;
    enum { None, Proportional, Random } factors;
    bool storeKv;
    uint32_t cacheRows, firstPos;
};

// f16 caches: values as stored (rounded to nearest f16) and read back.
std::vector<uint16_t> toHalves(const std::vector<float> &v) {
    std::vector<uint16_t> h(v.size());
    for (size_t i = 0; i < v.size(); ++i)
        h[i] = std::bit_cast<uint16_t>(qfloat16(v[i]));
    return h;
}

std::vector<float> fromHalves(const std::vector<uint16_t> &h) {
    std::vector<float> v(h.size());
    for (size_t i = 0; i < h.size(); ++i)
        v[i] = float(std::bit_cast<qfloat16>(h[i]));
    return v;
}

// The cache buffer of `values`, as f32 or as f16.
std::unique_ptr<Buffer> cacheBuffer(GpuContext &ctx, const std::vector<float> &values, bool f16) {
    return f16 ? test::makeBuffer(ctx, BufferKind::Storage, toHalves(values))
               : test::makeBuffer(ctx, BufferKind::Storage, values);
}

std::vector<float> readCache(GpuContext &ctx, const Buffer &b, size_t count, bool f16) {
    return f16 ? fromHalves(test::readVector<uint16_t>(ctx, b, count))
               : test::readVector<float>(ctx, b, count);
}

// qkv_prep and qkv_prep_f16 (the caches take f16 values: the bounds add the rounding, 2^-11
// relative, 2^-25 absolute below the f16 normal range).
TEST_P(GpuAttentionTest, QkvPrepMatchesReference) {
    auto rng = test::seededRng();
    for (const bool f16 : {false, true}) {
        SCOPED_TRACE(f16 ? "f16 caches" : "f32 caches");
        const Kernel &k = kernel(f16 ? KernelId::QkvPrepF16 : KernelId::QkvPrep);
        const PrepCase cases[] = {
            // sliding layer shape (small), ring slots 3..7
            {5, 4, 2, 64, 64, 10000.0f, PrepCase::None, true, 16, 3},
            // E2B global layer: proportional RoPE (64 rotated pairs, 192 factors of 1e30);
            // positions
            // 6..8 wrap around a ring of 8 slots
            {3, 8, 1, 512, 512, 1e6f, PrepCase::Proportional, true, 8, 6},
            // E2B sliding layer, a KV-sharing layer: q only, the caches stay untouched
            {2, 8, 1, 256, 256, 10000.0f, PrepCase::None, false, 4, 700},
            // partial rotation, odd sizes, random factors, far positions
            {4, 3, 3, 40, 16, 10000.0f, PrepCase::Random, true, 5, 1000},
            // decode
            {1, 2, 1, 32, 32, 10000.0f, PrepCase::None, true, 512, 9999},
        };
        double worstRot = 0.0, worstPlain = 0.0;
        for (const PrepCase &c : cases) {
            SCOPED_TRACE(::testing::Message()
                         << "rows=" << c.rows << " heads=" << c.heads << "/" << c.kvHeads
                         << " headDim=" << c.headDim << " ropeDims=" << c.ropeDims
                         << " storeKv=" << c.storeKv << " firstPos=" << c.firstPos);
            const uint32_t D = c.headDim, half = c.ropeDims / 2;
            const uint32_t qLen = c.heads * D, kvLen = c.kvHeads * D;
            // The fused projection layout [T][q | k | v] with gaps of one float, plus a row gap.
            const uint32_t qOffset = 5, kOffset = qOffset + qLen + 1, vOffset = kOffset + kvLen + 1;
            const uint32_t stride = qLen + 2 * kvLen + 4;
            std::vector<float> act = randomFloats(rng, qOffset + stride * c.rows + 3, -2.0f, 2.0f);
            // Norm weights and factors: [pad 2][q norm][k norm][factors].
            const uint32_t qNormOffset = 2, kNormOffset = qNormOffset + D,
                           fOffset = kNormOffset + D;
            std::vector<float> norms = randomFloats(rng, fOffset + half + 1, -1.5f, 1.5f);
            for (uint32_t j = 0; j < half; ++j) {
                float f = 1.0f;
                if (c.factors == PrepCase::Proportional) f = j < half / 4 ? 1.0f : 1e30f;
                if (c.factors == PrepCase::Random) f = 1.0f + float(rng() % 1000) / 125.0f;
                norms[fOffset + j] = f;
            }
            const float sentinel = 777.0f;
            const size_t cacheFloats = size_t(c.cacheRows) * kvLen;
            auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
            auto nb = test::makeBuffer(*ctx, BufferKind::Weights, norms);
            auto kb = cacheBuffer(*ctx, std::vector<float>(cacheFloats, sentinel), f16);
            auto vb = cacheBuffer(*ctx, std::vector<float>(cacheFloats, sentinel), f16);
            QString error;
            auto b = ctx->bind(k, {*ab, *nb, *kb, *vb}, &error);
            ASSERT_TRUE(b) << error.toStdString();
            QkvPrepParams p;
            p.rows = c.rows;
            p.heads = c.heads;
            p.kvHeads = c.kvHeads;
            p.headDim = D;
            p.ropeDims = c.ropeDims;
            p.qOffset = qOffset;
            p.qStride = stride;
            p.kOffset = kOffset;
            p.kStride = stride;
            p.vOffset = vOffset;
            p.vStride = stride;
            p.qNormOffset = qNormOffset;
            p.kNormOffset = kNormOffset;
            p.fOffset = fOffset;
            p.useFactors = c.factors == PrepCase::None ? 0 : 1;
            p.base = c.base;
            p.eps = 1e-6f;
            p.storeKv = c.storeKv ? 1 : 0;
            p.cacheRows = c.cacheRows;
            p.firstPos = c.firstPos;
            ComputeBatch batch;
            ASSERT_TRUE(recordQkvPrep(batch, *b, p, &error)) << error.toStdString();
            EXPECT_EQ(batch.dispatchCount(), 1);
            ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
            const auto gotAct = test::readVector<float>(*ctx, *ab, act.size());
            const auto gotK = readCache(*ctx, *kb, cacheFloats, f16);
            const auto gotV = readCache(*ctx, *vb, cacheFloats, f16);

            ref::RopeParams rp;
            rp.dims = int(c.ropeDims);
            rp.base = c.base;
            if (c.factors != PrepCase::None)
                rp.freqFactors = std::span(norms).subspan(fOffset, half);
            const double en = (D / 256.0 + 10.0) * kU;
            // Compares one head of output `got` with the normed (unrotated) reference `normed`;
            // `rotate`: whether RoPE applies.
            auto check = [&](std::span<const float> got, std::span<const float> normed, bool rotate,
                             int64_t pos, const char *what) {
                std::vector<float> want(normed.begin(), normed.end());
                if (rotate) ref::ropeNeox(normed, want, int(D), pos, rp);
                const bool cache = what[0] != 'q';
                for (uint32_t i = 0; i < D; ++i) {
                    const double rounding =
                        f16 && cache ? std::ldexp(std::abs(double(want[i])), -11) * 1.01 + 0x1p-25
                                     : 0.0;
                    const double err =
                        std::max(0.0, std::abs(double(got[i]) - double(want[i])) - rounding);
                    const uint32_t j = i % std::max<uint32_t>(half, 1);
                    const bool plain = !rotate || i >= c.ropeDims ||
                                       (c.factors != PrepCase::None && norms[fOffset + j] >= 1e30f);
                    if (plain) {
                        worstPlain =
                            std::max(worstPlain, err / std::max(1e-30, std::abs(double(want[i]))));
                        ASSERT_LE(err, en * std::abs(double(want[i])) + 1e-30)
                            << what << " pos " << pos << " element " << i << ": " << got[i]
                            << " vs " << want[i];
                        continue;
                    }
                    const double theta = std::abs(ref::ropeAngle(rp, int(j), pos));
                    const double mag =
                        std::abs(double(normed[j])) + std::abs(double(normed[j + half]));
                    const double bound =
                        mag * (en + 128.0 * kU * theta + std::ldexp(1.0, -11) + 8 * kU);
                    worstRot = std::max(worstRot, err / (mag * kU * (1.0 + theta)));
                    ASSERT_LE(err, bound) << what << " pos " << pos << " element " << i << ": "
                                          << got[i] << " vs " << want[i];
                }
            };

            std::vector<bool> actChecked(act.size(), false);
            std::vector<bool> slotWritten(c.cacheRows, false);
            for (uint32_t r = 0; r < c.rows; ++r) {
                const int64_t pos = int64_t(c.firstPos) + r;
                const size_t qAt = qOffset + size_t(r) * stride;
                std::vector<float> qn(qLen);
                ref::rmsNormRows(std::span(act).subspan(qAt, qLen), int(c.heads),
                                 std::span(norms).subspan(qNormOffset, D), qn, 1e-6f);
                for (uint32_t h = 0; h < c.heads; ++h) {
                    check(std::span(gotAct).subspan(qAt + h * D, D),
                          std::span(qn).subspan(h * D, D), true, pos, "q");
                }
                std::fill(actChecked.begin() + long(qAt), actChecked.begin() + long(qAt + qLen),
                          true);
                if (!c.storeKv) continue;
                const size_t slot = size_t(pos % c.cacheRows);
                slotWritten[slot] = true;
                std::vector<float> kn(kvLen), vn(kvLen);
                ref::rmsNormRows(std::span(act).subspan(kOffset + size_t(r) * stride, kvLen),
                                 int(c.kvHeads), std::span(norms).subspan(kNormOffset, D), kn,
                                 1e-6f);
                ref::rmsNormRows(std::span(act).subspan(vOffset + size_t(r) * stride, kvLen),
                                 int(c.kvHeads), {}, vn, 1e-6f);
                for (uint32_t h = 0; h < c.kvHeads; ++h) {
                    check(std::span(gotK).subspan(slot * kvLen + h * D, D),
                          std::span(kn).subspan(h * D, D), true, pos, "k");
                    check(std::span(gotV).subspan(slot * kvLen + h * D, D),
                          std::span(vn).subspan(h * D, D), false, pos, "v");
                }
            }
            // Everything else is untouched: k and v in the act buffer, the gaps, the other slots.
            for (size_t i = 0; i < act.size(); ++i) {
                if (!actChecked[i]) {
                    ASSERT_TRUE(sameBits(gotAct[i], act[i])) << "act element " << i;
                }
            }
            for (uint32_t s = 0; s < c.cacheRows; ++s) {
                if (slotWritten[s]) continue;
                for (uint32_t i = 0; i < kvLen; ++i) {
                    ASSERT_TRUE(sameBits(gotK[s * kvLen + i], sentinel)) << "K slot " << s;
                    ASSERT_TRUE(sameBits(gotV[s * kvLen + i], sentinel)) << "V slot " << s;
                }
            }
        }
        std::printf(
            "[ measured ] qkv_prep: unrotated values max relative error %.3g (bound (D/256 + 10) u "
            "= %.3g at D 512); rotated max |err| / ((|x0|+|x1|) u (1 + theta)) = %.3g (%s)\n",
            worstPlain, (512 / 256.0 + 10) * kU, worstRot, f16 ? "f16 caches" : "f32 caches");
    }
}

TEST_P(GpuAttentionTest, QkvPrepRejectsBadParameters) {
    const Kernel &k = kernel(KernelId::QkvPrep);
    auto act = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(1024, 0.5f));
    auto norms = test::makeBuffer(*ctx, BufferKind::Weights, std::vector<float>(128, 1.0f));
    auto cache = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(256, 0.0f));
    QString error;
    auto b = ctx->bind(k, {*act, *norms, *cache, *cache}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    QkvPrepParams good;
    good.rows = 4;
    good.heads = 2;
    good.kvHeads = 1;
    good.headDim = 32;
    good.ropeDims = 32;
    good.qOffset = 0;
    good.qStride = 128;
    good.kOffset = 64;
    good.kStride = 128;
    good.vOffset = 96;
    good.vStride = 128;
    good.qNormOffset = 0;
    good.kNormOffset = 32;
    good.fOffset = 64;
    good.useFactors = 1;
    good.cacheRows = 8;
    good.firstPos = 100;
    ComputeBatch batch;
    EXPECT_TRUE(recordQkvPrep(batch, *b, good, &error)) << error.toStdString();
    auto rejects = [&](auto change, const char *why) {
        QkvPrepParams bad = good;
        change(bad);
        QString e;
        EXPECT_FALSE(recordQkvPrep(batch, *b, bad, &e)) << why;
        EXPECT_FALSE(e.isEmpty()) << why;
    };
    rejects([](QkvPrepParams &p) { p.ropeDims = 31; }, "odd rope dims");
    rejects([](QkvPrepParams &p) { p.ropeDims = 34; }, "rope dims > head dim");
    rejects([](QkvPrepParams &p) { p.headDim = 516; }, "head dim > 512");
    rejects([](QkvPrepParams &p) { p.headDim = 0; }, "head dim 0");
    rejects([](QkvPrepParams &p) { p.base = 0.0f; }, "base 0");
    rejects([](QkvPrepParams &p) { p.eps = -1.0f; }, "negative eps");
    rejects([](QkvPrepParams &p) { p.qOffset = 1000; }, "q past the buffer");
    rejects([](QkvPrepParams &p) { p.qStride = 63; }, "q rows overlap");
    rejects([](QkvPrepParams &p) { p.kOffset = 40; }, "k overlaps q");
    rejects([](QkvPrepParams &p) { p.vStride = 100; }, "v stride differs and spans overlap q");
    rejects([](QkvPrepParams &p) { p.kNormOffset = 110; }, "k norm past the buffer");
    rejects([](QkvPrepParams &p) { p.fOffset = 120; }, "factors past the buffer");
    rejects([](QkvPrepParams &p) { p.cacheRows = 3; }, "rows > cache rows");
    rejects([](QkvPrepParams &p) { p.cacheRows = 9; }, "cache past the buffer");
    rejects([](QkvPrepParams &p) { p.firstPos = 1u << 24; }, "positions >= 2^24");
    rejects([](QkvPrepParams &p) { p.kvHeads = 0; }, "no KV heads");
    // Without storeKv the k / v ranges and the caches are not looked at.
    QkvPrepParams qOnly = good;
    qOnly.storeKv = 0;
    qOnly.kOffset = 100000;
    qOnly.cacheRows = 0;
    EXPECT_TRUE(recordQkvPrep(batch, *b, qOnly, &error)) << error.toStdString();
    // A wrong kernel.
    auto wrong = ctx->bind(kernel(KernelId::Attention), {*act, *cache, *cache, *cache}, &error);
    ASSERT_TRUE(wrong) << error.toStdString();
    EXPECT_FALSE(recordQkvPrep(batch, *wrong, good, &error));
    EXPECT_EQ(batch.dispatchCount(), 2);
}

// --- attention -----------------------------------------------------------------------------------

struct AttnCase {
    const char *name;
    uint32_t queries, heads, kvHeads, headDim;
    uint32_t window, cacheRows, firstPos;
    float scale;
    float magnitude;  // q, k entries uniform in +-magnitude / D^(1/4): scores of a few units at 1
    int spikes;       // keys made parallel to a query (large scores: stability of the softmax)
    bool split;       // expected: keys split over workgroups (two dispatches)
};

// Runs one attention case on the GPU and checks it against ref::attention.
// With `tensorCores` (attention_prefill's tensor-core build: one dispatch, f16 inputs) the bound
// adds the f16 roundings.
// With `f16Cache` the caches hold f16 values (the attention_f16 kernels): the test rounds them
// itself, so the reference sees exactly what the kernel reads and the bound is unchanged.
void runAttentionCase(GpuContext &ctx, const Kernel &k, const AttnCase &c, Rng &rng,
                      double *worstRel, double *worstRatio, bool tensorCores = false,
                      bool f16Cache = false) {
    SCOPED_TRACE(::testing::Message() << c.name);
    const uint32_t D = c.headDim, rowLen = c.heads * D, kvLen = c.kvHeads * D;
    const uint64_t endPos = uint64_t(c.firstPos) + c.queries;
    // Cached positions: the last cacheRows ones (all of them while they fit).
    const uint64_t firstCached = endPos > c.cacheRows ? endPos - c.cacheRows : 0;
    const float amp = c.magnitude / float(std::pow(double(D), 0.25));
    std::uniform_real_distribution<float> dist(-amp, amp);

    // act: [pad 7][queries rows of q, stride rowLen + 3][pad 5][queries rows of o, stride
    // rowLen + 1][pad 2]; o filled with a sentinel to see the gaps kept.
    const uint32_t qOffset = 7, qStride = rowLen + 3;
    const uint32_t oOffset = qOffset + qStride * c.queries + 5, oStride = rowLen + 1;
    const size_t actSize = oOffset + size_t(oStride) * c.queries + 2;
    std::vector<float> act(actSize, 4321.0f);
    std::vector<float> q(size_t(c.queries) * rowLen);
    for (auto &x : q)
        x = dist(rng);
    for (uint32_t r = 0; r < c.queries; ++r)
        std::copy_n(q.begin() + long(r) * rowLen, rowLen,
                    act.begin() + qOffset + long(r) * qStride);

    // The caches: never-written slots hold NaN (reading one would poison the output).
    std::vector<float> kc(size_t(c.cacheRows) * kvLen, kNaN), vc(size_t(c.cacheRows) * kvLen, kNaN);
    std::vector<int64_t> kPos;
    std::vector<float> kRef, vRef, vAbs;
    for (uint64_t pos = firstCached; pos < endPos; ++pos) {
        const size_t slot = size_t(pos % c.cacheRows);
        for (uint32_t i = 0; i < kvLen; ++i) {
            kc[slot * kvLen + i] = dist(rng);
            vc[slot * kvLen + i] = std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng);
        }
    }
    // Spikes: a few keys of visible positions become a multiple of a query of their KV head,
    // scores of ~100 (exp would overflow f32 without the max subtraction).
    for (int s = 0; s < c.spikes; ++s) {
        const uint32_t r = uint32_t(rng() % c.queries);
        const uint32_t h = uint32_t(rng() % c.heads);
        const uint32_t g = h / (c.heads / c.kvHeads);
        const uint64_t qp = c.firstPos + r;
        const uint64_t lo = c.window > 0 && qp + 1 > c.window ? qp + 1 - c.window : 0;
        const uint64_t pos =
            std::max(lo, firstCached) + rng() % (qp + 1 - std::max(lo, firstCached));
        const float *qv = q.data() + size_t(r) * rowLen + h * D;
        double n2 = 0.0;
        for (uint32_t i = 0; i < D; ++i)
            n2 += double(qv[i]) * qv[i];
        const double f = (90.0 + double(rng() % 20)) / (n2 * std::abs(c.scale));
        for (uint32_t i = 0; i < D; ++i)
            kc[size_t(pos % c.cacheRows) * kvLen + g * D + i] = float(qv[i] * f);
    }
    if (f16Cache) {
        kc = fromHalves(toHalves(kc));
        vc = fromHalves(toHalves(vc));
    }
    for (uint64_t pos = firstCached; pos < endPos; ++pos) {
        const size_t slot = size_t(pos % c.cacheRows);
        kPos.push_back(int64_t(pos));
        kRef.insert(kRef.end(), kc.begin() + long(slot * kvLen),
                    kc.begin() + long((slot + 1) * kvLen));
        vRef.insert(vRef.end(), vc.begin() + long(slot * kvLen),
                    vc.begin() + long((slot + 1) * kvLen));
    }
    vAbs.resize(vRef.size());
    for (size_t i = 0; i < vRef.size(); ++i)
        vAbs[i] = std::abs(vRef[i]);

    const uint64_t visible = c.window > 0 ? std::min<uint64_t>(c.window, endPos) : endPos;
    const uint64_t scratchFloats = attentionScratchFloats(c.queries, c.heads, D, uint32_t(visible));
    const uint32_t scratchOffset = 3;
    auto ab = test::makeBuffer(ctx, BufferKind::Storage, act);
    auto kb = cacheBuffer(ctx, kc, f16Cache);
    auto vb = cacheBuffer(ctx, vc, f16Cache);
    auto sb = test::makeBuffer(ctx, BufferKind::Storage,
                               std::vector<float>(scratchOffset + scratchFloats + 1, kNaN));
    QString error;
    auto b = ctx.bind(k, {*ab, *kb, *vb, *sb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    AttentionParams p;
    p.queries = c.queries;
    p.heads = c.heads;
    p.kvHeads = c.kvHeads;
    p.headDim = D;
    p.qOffset = qOffset;
    p.qStride = qStride;
    p.oOffset = oOffset;
    p.oStride = oStride;
    p.cacheRows = c.cacheRows;
    p.firstPos = c.firstPos;
    p.window = c.window;
    p.scale = c.scale;
    p.scratchOffset = scratchOffset;
    ComputeBatch batch;
    ASSERT_TRUE(recordAttention(batch, *b, p, &error)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), c.split && !tensorCores ? 2 : 1);
    ASSERT_TRUE(ctx.submit(batch, &error)) << error.toStdString();
    const auto got = test::readVector<float>(ctx, *ab, actSize);

    // Reference: outputs, sum_j w_j |v_jd| (the same attention over |v|), and the score
    // statistics the bound needs.
    std::vector<int64_t> qPos(c.queries);
    for (uint32_t r = 0; r < c.queries; ++r)
        qPos[r] = int64_t(c.firstPos) + r;
    ref::AttentionParams rp;
    rp.heads = int(c.heads);
    rp.kvHeads = int(c.kvHeads);
    rp.headDim = int(D);
    rp.window = int(c.window);
    rp.scale = c.scale;
    std::vector<float> want(q.size()), weightedAbs(q.size());
    ref::attention(q, qPos, kRef, vRef, kPos, rp, want);
    ref::attention(q, qPos, kRef, vAbs, kPos, rp, weightedAbs);

    const uint64_t splits = c.split ? 512 : 1;  // an upper bound is enough for the bound
    for (uint32_t r = 0; r < c.queries; ++r) {
        for (uint32_t h = 0; h < c.heads; ++h) {
            const uint32_t g = h / (c.heads / c.kvHeads);
            const float *qv = q.data() + size_t(r) * rowLen + h * D;
            double maxAbsDot = 0.0, sMax = -1e300, sMin = 1e300;
            uint64_t n = 0;
            for (size_t j = 0; j < kPos.size(); ++j) {
                if (!ref::attentionVisible(qPos[r], kPos[j], int(c.window))) continue;
                ++n;
                const float *kv = kRef.data() + j * kvLen + g * D;
                double absDot = 0.0, dot = 0.0;
                for (uint32_t i = 0; i < D; ++i) {
                    absDot += std::abs(double(qv[i]) * kv[i]);
                    dot += double(qv[i]) * kv[i];
                }
                maxAbsDot = std::max(maxAbsDot, absDot);
                sMax = std::max(sMax, dot * c.scale);
                sMin = std::min(sMin, dot * c.scale);
            }
            // Key tiles: 32 keys (the portable build), 16 at least (the tensor-core one).
            const double tiles = double(n) / (tensorCores ? 16.0 : 32.0) + 2.0;
            const double dotDepth = D / 32.0 + 16.0;
            const double e = dotDepth * kU * std::abs(double(c.scale)) * maxAbsDot;
            const double rho =
                2.0 * e + (64.0 + 4.0 * tiles + 4.0 * std::min(sMax - sMin, 60.0)) * kU;
            double factor = 2.1 * rho + (2.0 * double(n) + 2.0 * double(splits) + 16.0) * kU;
            if (tensorCores) {
                // q (scaled) and k rounded to f16 move a score by at most 2^-10 sum_i |q_i k_i|
                // |scale|; a weight's relative error is at most twice the largest score error
                // (numerator and sum); P and v rounded to f16 add 2^-11 each.
                const double scoreErr = std::ldexp(maxAbsDot * std::abs(double(c.scale)), -10);
                factor += 1.1 * (2.0 * scoreErr + std::ldexp(1.0, -10));
            }
            for (uint32_t d = 0; d < D; ++d) {
                const size_t e0 = size_t(r) * rowLen + h * D + d;
                const double g0 = got[oOffset + size_t(r) * oStride + h * D + d];
                const double err = std::abs(g0 - double(want[e0]));
                const double scaleRef = double(weightedAbs[e0]);
                const double bound = factor * scaleRef + 1e-30;
                if (scaleRef > 0) *worstRel = std::max(*worstRel, err / scaleRef);
                *worstRatio = std::max(*worstRatio, err / bound);
                ASSERT_LE(err, bound) << "row " << r << " head " << h << " dim " << d << ": " << g0
                                      << " vs " << want[e0] << " (" << n << " keys)";
            }
        }
    }
    // The queries and every gap are untouched.
    for (size_t i = 0; i < actSize; ++i) {
        const bool isOut =
            i >= oOffset && (i - oOffset) / oStride < c.queries && (i - oOffset) % oStride < rowLen;
        if (!isOut) {
            ASSERT_TRUE(sameBits(got[i], act[i])) << "act element " << i;
        }
    }
}

// attention, and attention_f16 on the same cases over f16 caches.
TEST_P(GpuAttentionTest, AttentionMatchesReference) {
    auto rng = test::seededRng();
    const AttnCase cases[] = {
        // name, queries, heads, kvHeads, D, window, cacheRows, firstPos, scale, mag, spikes, split
        // (a block that sees more than 32 keys splits when the blocks are few)
        {"decode global 8:1 D256 (32 keys)", 1, 8, 1, 256, 0, 64, 31, 1.0f, 1.0f, 0, false},
        {"decode global 8:1 D256", 1, 8, 1, 256, 0, 64, 40, 1.0f, 1.0f, 0, true},
        {"decode global 8:1 D512", 1, 8, 1, 512, 0, 100, 70, 1.0f, 1.0f, 0, true},
        {"decode sliding ring 8:1 D256", 1, 8, 1, 256, 16, 16, 100, 1.0f, 1.0f, 0, false},
        {"prefill sliding ring 2:1 D64", 20, 4, 2, 64, 24, 43, 50, 1.0f, 1.0f, 0, false},
        {"prefill global 1:1 D32 from 0", 37, 2, 2, 32, 0, 64, 0, 1.0f, 1.0f, 0, true},
        {"prefill global 8:1 D256 continuing", 9, 8, 1, 256, 0, 48, 30, 1.0f, 1.0f, 0, true},
        {"prefill global 8:1 D512", 3, 8, 1, 512, 0, 8, 5, 1.0f, 1.0f, 0, false},
        {"prefill sliding 8:1 D256 window > keys", 6, 8, 1, 256, 512, 517, 3, 1.0f, 1.0f, 0, false},
        {"odd shapes 2:1 D36", 5, 6, 3, 36, 0, 32, 11, 0.125f, 1.0f, 0, false},
        {"16 heads 1 KV head D512 (two head groups)", 2, 16, 1, 512, 0, 16, 4, 1.0f, 1.0f, 0,
         false},
        {"12 heads 1 KV head D256", 3, 12, 1, 256, 0, 40, 20, 1.0f, 1.0f, 0, false},
        {"large scores (stability)", 7, 4, 2, 128, 0, 64, 40, 1.0f, 1.0f, 12, true},
        {"decode split global 2:1 D64 (2000 keys)", 1, 4, 2, 64, 0, 2000, 1999, 1.0f, 1.0f, 0,
         true},
        {"prefill split 8:1 D64 continuing", 12, 8, 1, 64, 0, 640, 600, 1.0f, 1.0f, 0, true},
        {"decode split sliding ring 8:1 D256 (E2B)", 1, 8, 1, 256, 512, 512, 700, 1.0f, 1.0f, 0,
         true},
        {"decode split large scores 1:1 D128", 1, 2, 2, 128, 0, 400, 350, 1.0f, 2.0f, 6, true},
        {"prefill split sliding ring 2:1 D32", 30, 2, 1, 32, 300, 329, 1000, 1.0f, 1.0f, 3, true},
    };
    for (const bool f16 : {false, true}) {
        const Kernel &k = kernel(f16 ? KernelId::AttentionF16 : KernelId::Attention);
        double worstRel = 0.0, worstRatio = 0.0;
        for (const AttnCase &c : cases) {
            runAttentionCase(*ctx, k, c, rng, &worstRel, &worstRatio, false, f16);
            if (HasFatalFailure()) return;
        }
        std::printf(
            "[ measured ] %s max |err| / sum_j w_j |v_jd| = %.3g; max error / bound = %.3g\n",
            qPrintable(k.name()), worstRel, worstRatio);
    }
}

// attention_prefill: where the device has tensor cores, its tensor-core build (head dims 64 ..
// 512, f16 bound) against the reference, and its refusal of other head dims;
// elsewhere its portable build, which is the attention kernel, on the same cases as above.
TEST_P(GpuAttentionTest, PrefillKernelMatchesReference) {
    auto rng = test::seededRng();
    const AttnCase cases[] = {
        // name, queries, heads, kvHeads, D, window, cacheRows, firstPos, scale, mag, spikes, split
        {"E2B sliding 8:1 D256 from 0", 70, 8, 1, 256, 32, 101, 0, 1.0f, 1.0f, 0, false},
        {"E2B global 8:1 D512 continuing", 37, 8, 1, 512, 0, 120, 50, 1.0f, 1.0f, 0, true},
        {"E4B sliding ring 4:2 D256 continuing", 45, 8, 2, 256, 40, 84, 300, 1.0f, 1.0f, 0, true},
        {"one row 8:1 D256", 1, 8, 1, 256, 0, 40, 35, 1.0f, 1.0f, 0, true},
        {"long context global 8:1 D512", 20, 8, 1, 512, 0, 420, 400, 1.0f, 1.0f, 2, true},
        {"3:1 D64 odd rows", 23, 3, 1, 64, 0, 64, 9, 0.125f, 1.0f, 0, false},
        {"16 heads 1 KV head D128 (one row a block)", 5, 16, 1, 128, 0, 48, 30, 1.0f, 1.0f, 0,
         true},
        {"20 heads 1 KV head D64 (two head groups)", 4, 20, 1, 64, 0, 16, 3, 1.0f, 1.0f, 0, false},
        {"large scores (stability, maxima that move)", 40, 4, 2, 128, 0, 128, 60, 1.0f, 2.0f, 40,
         true},
        {"window smaller than a tile", 50, 8, 1, 256, 5, 54, 0, 1.0f, 1.0f, 3, false},
    };
    for (GpuContext *gc : test::kernelTestContexts(ctx)) {
        for (const bool f16 : {false, true}) {
            QString error;
            const Kernel *k = gc->kernel(
                f16 ? KernelId::AttentionPrefillF16 : KernelId::AttentionPrefill, &error);
            ASSERT_TRUE(k) << error.toStdString();
            const bool tensorCores = k->tensorCores();
            SCOPED_TRACE(tensorCores ? "tensor-core build" : "portable build");
            SCOPED_TRACE(f16 ? "f16 caches" : "f32 caches");
            EXPECT_EQ(tensorCores, gc->info().cooperativeMatrixNV &&
                                       gc->info().subgroupSize == 32 &&
                                       gc->info().kernelVariant == KernelVariant::Subgroup);
            double worstRel = 0.0, worstRatio = 0.0;
            for (const AttnCase &c : cases) {
                runAttentionCase(*gc, *k, c, rng, &worstRel, &worstRatio, tensorCores, f16);
                if (HasFatalFailure()) return;
            }
            std::printf(
                "[ measured ] %s (%s) max |err| / sum_j w_j |v_jd| = %.3g; max error / bound "
                "= %.3g\n",
                qPrintable(k->name()), tensorCores ? "tensor cores" : "portable", worstRel,
                worstRatio);
            EXPECT_TRUE(tensorCoreAttentionFits(256));
            EXPECT_TRUE(tensorCoreAttentionFits(512));
            EXPECT_FALSE(tensorCoreAttentionFits(96));
            EXPECT_FALSE(tensorCoreAttentionFits(192));
            EXPECT_FALSE(tensorCoreAttentionFits(32));
            EXPECT_FALSE(tensorCoreAttentionFits(576));
            if (tensorCores) {
                // Head dims the tensor-core build cannot take are refused, not run.
                auto act =
                    test::makeBuffer(*gc, BufferKind::Storage, std::vector<float>(4096, 0.0f));
                auto cache =
                    test::makeBuffer(*gc, BufferKind::Storage, std::vector<float>(4096, 0.0f));
                auto b = gc->bind(*k, {*act, *cache, *cache, *cache}, &error);
                ASSERT_TRUE(b) << error.toStdString();
                AttentionParams p;
                p.queries = 4;
                p.heads = 2;
                p.kvHeads = 1;
                p.headDim = 96;
                p.qStride = p.oStride = 192;
                p.oOffset = 1024;
                p.cacheRows = 8;
                p.scale = 1.0f;
                ComputeBatch batch;
                EXPECT_FALSE(recordAttention(batch, *b, p, &error));
                EXPECT_TRUE(error.contains(QStringLiteral("head dims 64, 128, 256 and 512")))
                    << error.toStdString();
                EXPECT_EQ(batch.dispatchCount(), 0);
            }
        }
    }
}

// Opt-in timing report (FACET_GPU_BENCH=1; not run by ctest): E2B's prefill attention shapes
// (8 query heads on 1 KV head, head dim 256 with a 512 window, 512 global), wall clock of a
// batch of dispatches per call, best of a few batches.
TEST_P(GpuAttentionTest, PrefillAttentionTimings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    using Clock = std::chrono::steady_clock;
    auto rng = test::seededRng();
    QString error;
    for (GpuContext *gc : test::kernelTestContexts(ctx)) {
        for (const bool f16 : {false, true}) {
            // The tensor-core context times attention_prefill's tensor-core build.
            const Kernel *kernelInUse =
                gc == ctx
                    ? &kernel(f16 ? KernelId::AttentionF16 : KernelId::Attention)
                    : gc->kernel(f16 ? KernelId::AttentionPrefillF16 : KernelId::AttentionPrefill,
                                 &error);
            ASSERT_TRUE(kernelInUse) << error.toStdString();
            const char *build = kernelInUse->tensorCores()
                                    ? (f16 ? "tensor cores, f16 cache" : "tensor cores")
                                    : (f16 ? "f32, f16 cache" : "f32");
            std::printf("[ timing   ] device: %s (%s)\n", qPrintable(gc->info().summary()), build);
            struct Shape {
                uint32_t queries, headDim, window, firstPos;
            };
            const bool software = gc->info().softwareDevice;
            const Shape shapes[] = {{512, 256, 512, 0},  {512, 512, 0, 0},    {512, 256, 512, 1536},
                                    {512, 512, 0, 1536}, {128, 512, 0, 4000}, {16, 256, 512, 4000}};
            const uint32_t heads = 8, kvHeads = 1;
            for (const Shape &s : shapes) {
                if (software && s.queries > 16) continue;  // minutes on a CPU rasteriser
                const uint32_t D = s.headDim, rowLen = heads * D;
                const uint32_t cacheRows =
                    s.window ? s.window + s.queries - 1 : s.firstPos + s.queries;
                auto act = test::makeBuffer(
                    *gc, BufferKind::Storage,
                    randomFloats(rng, size_t(2) * s.queries * rowLen, -0.2f, 0.2f));
                auto kb = cacheBuffer(
                    *gc, randomFloats(rng, size_t(cacheRows) * kvHeads * D, -0.2f, 0.2f), f16);
                auto vb = cacheBuffer(
                    *gc, randomFloats(rng, size_t(cacheRows) * kvHeads * D, -1, 1), f16);
                const uint64_t scratchFloats =
                    std::max<uint64_t>(16, attentionScratchFloats(s.queries, heads, D, 8192));
                auto sb = test::makeBuffer(*gc, BufferKind::Storage, nullptr, 0,
                                           qint64(scratchFloats) * 4);
                auto b = gc->bind(*kernelInUse, {*act, *kb, *vb, *sb}, &error);
                ASSERT_TRUE(b) << error.toStdString();
                AttentionParams p;
                p.queries = s.queries;
                p.heads = heads;
                p.kvHeads = kvHeads;
                p.headDim = D;
                p.qStride = p.oStride = rowLen;
                p.oOffset = s.queries * rowLen;
                p.cacheRows = cacheRows;
                p.firstPos = s.firstPos;
                p.window = s.window;
                // Multiply-adds of the visible (query, key) pairs: 2 products of D per pair and
                // head.
                double pairs = 0;
                for (uint32_t r = 0; r < s.queries; ++r) {
                    const uint64_t qp = uint64_t(s.firstPos) + r;
                    pairs += double(s.window ? std::min<uint64_t>(s.window, qp + 1) : qp + 1);
                }
                const double flops = 4.0 * D * heads * pairs;
                const int reps = software ? 1 : 20, batches = software ? 1 : 5;
                const auto record = [&](ComputeBatch &batch) {
                    for (int i = 0; i < reps; ++i)
                        ASSERT_TRUE(recordAttention(batch, *b, p, &error)) << error.toStdString();
                };
                ComputeBatch warm;
                record(warm);
                ASSERT_TRUE(gc->submit(warm, &error)) << error.toStdString();
                double sec = 1e30;
                for (int r = 0; r < batches; ++r) {
                    ComputeBatch batch;
                    record(batch);
                    const auto t0 = Clock::now();
                    ASSERT_TRUE(gc->submit(batch, &error)) << error.toStdString();
                    sec = std::min(sec,
                                   std::chrono::duration<double>(Clock::now() - t0).count() / reps);
                }
                std::printf(
                    "[ timing   ] attention (%s) T=%-4u D=%-3u window=%-3u from %-4u %8.1f us  "
                    "%6.2f "
                    "TFLOPS\n",
                    build, s.queries, D, s.window, s.firstPos, sec * 1e6, flops / sec * 1e-12);
            }
        }
    }
}

TEST_P(GpuAttentionTest, AttentionRejectsBadParameters) {
    const Kernel &k = kernel(KernelId::Attention);
    auto act = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(2048, 0.0f));
    auto cache = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(64 * 64, 0.0f));
    auto scratch = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(64, 0.0f));
    QString error;
    auto b = ctx->bind(k, {*act, *cache, *cache, *scratch}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    AttentionParams good;
    good.queries = 4;
    good.heads = 4;
    good.kvHeads = 2;
    good.headDim = 32;
    good.qOffset = 0;
    good.qStride = 128;
    good.oOffset = 512;
    good.oStride = 128;
    good.cacheRows = 32;
    good.firstPos = 10;
    ComputeBatch batch;
    EXPECT_TRUE(recordAttention(batch, *b, good, &error)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 1);
    auto rejects = [&](auto change, const char *why) {
        AttentionParams bad = good;
        change(bad);
        QString e;
        EXPECT_FALSE(recordAttention(batch, *b, bad, &e)) << why;
        EXPECT_FALSE(e.isEmpty()) << why;
    };
    rejects([](AttentionParams &p) { p.kvHeads = 3; }, "heads not a multiple of kvHeads");
    rejects([](AttentionParams &p) { p.kvHeads = 0; }, "no KV heads");
    rejects([](AttentionParams &p) { p.headDim = 30; }, "head dim not a multiple of 4");
    rejects([](AttentionParams &p) { p.headDim = 516; }, "head dim > 512");
    rejects([](AttentionParams &p) { p.headDim = 0; }, "head dim 0");
    rejects([](AttentionParams &p) { p.scale = std::numeric_limits<float>::infinity(); },
            "infinite scale");
    rejects([](AttentionParams &p) { p.cacheRows = 13; }, "global cache too short");
    rejects([](AttentionParams &p) { p.cacheRows = 0; }, "no cache");
    rejects(
        [](AttentionParams &p) {
            p.window = 8;
            p.cacheRows = 10;  // needs window + queries - 1 = 11
        },
        "ring too short for the window");
    rejects([](AttentionParams &p) { p.cacheRows = 65; }, "cache past the K/V buffers");
    rejects([](AttentionParams &p) { p.qOffset = 1600; }, "q past the buffer");
    rejects([](AttentionParams &p) { p.oOffset = 1600; }, "o past the buffer");
    rejects([](AttentionParams &p) { p.oOffset = 200; }, "o overlaps q");
    rejects([](AttentionParams &p) { p.qStride = 100; }, "q rows overlap each other");
    rejects(
        [](AttentionParams &p) {
            p.queries = 1;
            p.firstPos = 500;
            p.cacheRows = 501;  // 501 keys: 8 splits, 256 floats of partials
            p.headDim = 4;
        },
        "split without enough scratch");
    rejects([](AttentionParams &p) { p.firstPos = 0x7FFFFFFF; }, "positions past 2^31");
    // Interleaved q and o rows (same stride, disjoint columns) are fine.
    AttentionParams interleaved = good;
    interleaved.qStride = interleaved.oStride = 256;
    interleaved.oOffset = 128;
    EXPECT_TRUE(recordAttention(batch, *b, interleaved, &error)) << error.toStdString();
    // No queries: nothing recorded.
    AttentionParams none = good;
    none.queries = 0;
    EXPECT_TRUE(recordAttention(batch, *b, none, &error)) << error.toStdString();
    auto wrong = ctx->bind(kernel(KernelId::QkvPrep), {*act, *cache, *cache, *cache}, &error);
    ASSERT_TRUE(wrong) << error.toStdString();
    EXPECT_FALSE(recordAttention(batch, *wrong, good, &error));
    EXPECT_EQ(batch.dispatchCount(), 2);
}

TEST_P(GpuAttentionTest, ScratchCoversEverySplit) {
    // The decode of one query over a long context splits the most (512 splits); a prefill chunk
    // of many queries fills the GPU without splitting; few keys never split.
    EXPECT_EQ(attentionScratchFloats(1, 8, 256, 32), 0u);
    EXPECT_GT(attentionScratchFloats(1, 8, 256, 33), 0u);
    EXPECT_EQ(attentionScratchFloats(1, 8, 512, 131072), 512u * 8 * (512 + 4));
    EXPECT_GE(attentionScratchFloats(512, 8, 512, 131072),
              attentionScratchFloats(1, 8, 512, 131072));
    EXPECT_EQ(attentionScratchFloats(0, 8, 512, 131072), 0u);
    EXPECT_EQ(attentionScratchFloats(4, 8, 514, 131072), 0u);

    // One allocation for (most queries, heads, largest head dim, most keys) must hold the
    // partials of every call within those bounds: any KV head count, fewer queries, smaller
    // head dims (which put more pairs in a workgroup, so fewer workgroups and more splits),
    // global or sliding. Recording checks the scratch range, so every record must succeed with
    // exactly that many floats bound.
    // A shape where sizing by the largest head dim alone would be 28% short (head dim 384 puts
    // 8 pairs in a workgroup, 256 puts 16); cacheRows covers the global calls and the rings.
    const uint32_t heads = 8, maxQueries = 64, maxDim = 384, maxKeys = 1024;
    const uint32_t cacheRows = maxKeys + maxQueries;
    const uint64_t floats = attentionScratchFloats(maxQueries, heads, maxDim, maxKeys);
    ASSERT_GT(floats, 0u);
    // (Allocated, not filled: nothing is submitted.)
    auto act = test::makeBuffer(*ctx, BufferKind::Storage, nullptr, 0,
                                qint64(2) * maxQueries * heads * maxDim * 4);
    auto cache = test::makeBuffer(*ctx, BufferKind::Storage, nullptr, 0,
                                  qint64(cacheRows) * heads * maxDim * 4);
    auto scratch = test::makeBuffer(*ctx, BufferKind::Storage, nullptr, 0, qint64(floats) * 4);
    QString error;
    auto b = ctx->bind(kernel(KernelId::Attention),
                       {*act, *cache, *cache, BufferView(*scratch, 0, qint64(floats) * 4)}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    int splitCalls = 0;
    ComputeBatch batch;
    for (uint32_t d : {4u, 32u, 64u, 128u, 256u, 260u, 344u, 384u}) {
        for (uint32_t kv : {1u, 2u, 4u, 8u}) {
            for (uint32_t q = 1; q <= maxQueries; ++q) {
                for (uint32_t window : {0u, 600u, maxKeys}) {
                    AttentionParams p;
                    p.queries = q;
                    p.heads = heads;
                    p.kvHeads = kv;
                    p.headDim = d;
                    p.qStride = p.oStride = heads * d;
                    p.oOffset = q * heads * d;
                    p.cacheRows = cacheRows;
                    p.firstPos = window == 0 ? maxKeys - q : 5000;  // rings wrap
                    p.window = window;
                    const int before = batch.dispatchCount();
                    ASSERT_TRUE(recordAttention(batch, *b, p, &error))
                        << "d " << d << " kv " << kv << " q " << q << " window " << window << ": "
                        << error.toStdString();
                    if (batch.dispatchCount() - before == 2) ++splitCalls;
                }
            }
        }
    }
    EXPECT_GT(splitCalls, 100);
}

// qkv_prep writes the cache that attention reads: a prefill chunk then decode steps through a
// sliding ring (wrapping) must equal the reference attention over the whole sequence.
TEST_P(GpuAttentionTest, PrepThenAttendOverASequence) {
    auto rng = test::seededRng();
    const uint32_t heads = 4, kvHeads = 2, D = 64, window = 6, chunk = 5;
    const uint32_t cacheRows = window + chunk - 1, total = chunk + 9;
    const uint32_t qLen = heads * D, kvLen = kvHeads * D, width = qLen + 2 * kvLen;
    // act: [T][q | k | v] projections of all tokens, then [T][o].
    const uint32_t oOffset = width * total;
    std::vector<float> act = randomFloats(rng, oOffset + qLen * total, -1.0f, 1.0f);
    std::vector<float> norms = randomFloats(rng, 2 * D, 0.5f, 1.5f);
    auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
    auto nb = test::makeBuffer(*ctx, BufferKind::Weights, norms);
    auto kb =
        test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(cacheRows * kvLen, kNaN));
    auto vb =
        test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(cacheRows * kvLen, kNaN));
    auto sb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(16, 0.0f));
    QString error;
    auto prep = ctx->bind(kernel(KernelId::QkvPrep), {*ab, *nb, *kb, *vb}, &error);
    ASSERT_TRUE(prep) << error.toStdString();
    auto attn = ctx->bind(kernel(KernelId::Attention), {*ab, *kb, *vb, *sb}, &error);
    ASSERT_TRUE(attn) << error.toStdString();

    ComputeBatch batch;
    for (uint32_t first = 0; first < total;) {
        const uint32_t n = first == 0 ? chunk : 1;
        QkvPrepParams pp;
        pp.rows = n;
        pp.heads = heads;
        pp.kvHeads = kvHeads;
        pp.headDim = D;
        pp.ropeDims = D;
        pp.qOffset = first * width;
        pp.qStride = width;
        pp.kOffset = first * width + qLen;
        pp.kStride = width;
        pp.vOffset = first * width + qLen + kvLen;
        pp.vStride = width;
        pp.qNormOffset = 0;
        pp.kNormOffset = D;
        pp.base = 10000.0f;
        pp.cacheRows = cacheRows;
        pp.firstPos = first;
        ASSERT_TRUE(recordQkvPrep(batch, *prep, pp, &error)) << error.toStdString();
        AttentionParams ap;
        ap.queries = n;
        ap.heads = heads;
        ap.kvHeads = kvHeads;
        ap.headDim = D;
        ap.qOffset = first * width;
        ap.qStride = width;
        ap.oOffset = oOffset + first * qLen;
        ap.oStride = qLen;
        ap.cacheRows = cacheRows;
        ap.firstPos = first;
        ap.window = window;
        ASSERT_TRUE(recordAttention(batch, *attn, ap, &error)) << error.toStdString();
        first += n;
    }
    ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
    const auto got = test::readVector<float>(*ctx, *ab, act.size());

    // Reference: the same maths on the CPU for the whole sequence at once.
    std::vector<float> qs(size_t(total) * qLen), ks(size_t(total) * kvLen),
        vs(size_t(total) * kvLen);
    std::vector<int64_t> pos(total);
    ref::RopeParams rp;
    rp.dims = int(D);
    rp.base = 10000.0f;
    for (uint32_t t = 0; t < total; ++t) {
        pos[t] = t;
        const auto row = std::span(act).subspan(size_t(t) * width, width);
        auto qt = std::span(qs).subspan(size_t(t) * qLen, qLen);
        auto kt = std::span(ks).subspan(size_t(t) * kvLen, kvLen);
        auto vt = std::span(vs).subspan(size_t(t) * kvLen, kvLen);
        ref::rmsNormRows(row.subspan(0, qLen), int(heads), std::span(norms).subspan(0, D), qt,
                         1e-6f);
        ref::ropeNeox(qt, qt, int(D), t, rp);
        ref::rmsNormRows(row.subspan(qLen, kvLen), int(kvHeads), std::span(norms).subspan(D, D), kt,
                         1e-6f);
        ref::ropeNeox(kt, kt, int(D), t, rp);
        ref::rmsNormRows(row.subspan(qLen + kvLen, kvLen), int(kvHeads), {}, vt, 1e-6f);
    }
    ref::AttentionParams ap;
    ap.heads = int(heads);
    ap.kvHeads = int(kvHeads);
    ap.headDim = int(D);
    ap.window = int(window);
    std::vector<float> want(qs.size());
    ref::attention(qs, pos, ks, vs, pos, ap, want);
    // Normed, rotated inputs carry a few u of error each (and sin/cos up to 2^-11 per the Vulkan
    // rules, ~1e-7 in practice); scores are sums of D products of values ~1, so this is loose
    // but still far below what a wrong slot, mask or position would give (errors ~0.1 .. 1).
    double worst = 0.0;
    for (size_t i = 0; i < want.size(); ++i) {
        const double err = std::abs(double(got[oOffset + i]) - double(want[i]));
        worst = std::max(worst, err);
        ASSERT_LE(err, 2e-3) << "output " << i << " (token " << i / qLen << ")";
    }
    std::printf("[ measured ] qkv_prep + attention over a sequence: max |err| %.3g\n", worst);
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuAttentionTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
