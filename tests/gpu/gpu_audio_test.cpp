// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The audio tower's kernels (engine/gpu/audio_kernels.h) against the CPU reference ops
// (engine/audio/audio_ops.h, sums in double) on fresh random data, on every available backend.
//
// Error bounds (u = 2^-24, the f32 unit roundoff; Vulkan's precision rules: exp within 3 + 2|x|
// ulp, inversesqrt 2 ulp, division 2.5 ulp). Each is computed per output from the data:
//   conv2d: the convolution value c of each channel carries E_c <= (9 cin + 2) u S_c, S_c the sum
//     of |x w| over its taps. LayerNorm turns errors E = max E_c plus the sums' own rounding
//     (cout u max|c| for mean and variance) into |dy| <= |w| (1 + |yhat|) 2 (2E + 2 cout u
//     max|c|) / sigma + 8 u |y|, sigma = sqrt(var + eps), yhat the normalised value; ReLU is
//     1-Lipschitz.
//   GLU: |d| <= (10 + 2|gate|) u |ref| (exp's error grows with |gate|, then 1 + e, the division
//     and the product). Depthwise: |d| <= (k + 1) u sum_j |w x|, plus the GLU error carried
//     through |w| in the fused mode.
//   rows: the norm's sum of squares is sequential per invocation (n / 128 terms) then a tree of
//     7 levels, all terms positive, so 1/rms is within ((n/128 + 8)/2 + 3) u relative; with the
//     weight, SiLU ((10 + 2|s|) u), the scale and the residual add:
//     |d| <= (n/128 + 24 + 2|s|) u |branch| + u |out|. The last term is the residual add's own
//     rounding (correctly rounded in Vulkan), which dominates where the branch is small: the
//     measured worst is close to 1 there, and cannot pass it.
//   attention: a logit's error is at most (hd + 4) u S (S = sum_d |q'k'| + |q'r|) plus 64 u |l|
//     for the cap's tanh (its slope is at most 1); perturbing the logits by D changes the
//     softmax weights by a factor within e^{+-2D}, exp adds (3 + 2X) u (X the largest logit gap
//     of the row), the normalisation and the weighted sum ctx + 4 more; so
//     |d| <= (2.02 D + (2X + ctx + 10) u) max_j |v_j| over the row's context.
#include "audio/audio_ops.h"
#include "gpu/audio_kernels.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu_test_env.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <span>

namespace facet::gpu {
namespace {

using Rng = std::mt19937_64;
namespace aops = audio::ops;

constexpr double kU = 1.0 / 16777216.0;  // 2^-24

using test::randomFloats;

using GpuAudioTest = test::GpuBackendTest;

// --- conv2d (SSCP block) -------------------------------------------------------------------------

struct ConvCase {
    int frames, freq, cin, cout;
    uint32_t maskStride;  // 0: no mask
};

TEST_P(GpuAudioTest, Conv2dBlockMatchesReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AudioConv2d);
    const ConvCase cases[] = {
        {9, 14, 1, 8, 1},     // first block shape, odd frames, masked
        {7, 10, 20, 32, 2},   // second block: channel steps of 16 + 4, mask of the halved frames
        {6, 40, 3, 48, 0},    // two tiles per output frame, a partial last tile, no mask
        {5, 128, 1, 128, 1},  // the real first block's bins and channels
        {4, 9, 17, 200, 1}};  // few bins per tile (1024 / 200), odd frequency
    double worst = 0.0;
    for (const ConvCase &c : cases) {
        SCOPED_TRACE(::testing::Message() << c.frames << "x" << c.freq << "x" << c.cin << " -> "
                                          << c.cout << " mask stride " << c.maskStride);
        const int to = (c.frames + 1) / 2, fo = (c.freq + 1) / 2;
        const std::vector<float> x =
            randomFloats(rng, size_t(c.frames) * c.freq * c.cin, -2.0f, 2.0f);
        const std::vector<float> w = randomFloats(rng, size_t(c.cout) * c.cin * 9, -0.5f, 0.5f);
        const std::vector<float> norm = randomFloats(rng, size_t(c.cout), 0.5f, 1.5f);
        // The mask covers maskStride x frames entries; frame t reads entry t * stride. Every
        // frame from a third on is invalid, and one early frame too.
        const uint32_t stride = std::max<uint32_t>(c.maskStride, 1);
        std::vector<uint32_t> mask(size_t(c.frames) * stride + 3, 1);
        std::vector<uint8_t> valid(size_t(c.frames), 1);
        if (c.maskStride) {
            for (int t = 0; t < c.frames; ++t) {
                const bool on = t != 1 && t < c.frames * 2 / 3;
                mask[3 + size_t(t) * stride] = on ? 1 : 0;
                valid[size_t(t)] = on;
            }
        }

        // GPU: weights at an offset in one buffer (kernel, then the norm).
        const uint32_t wOffset = 5;
        std::vector<float> wbuf(wOffset, 0.0f);
        const std::vector<float> wg = audioConv2dWeightLayout(w, c.cin, c.cout);
        ASSERT_EQ(wg.size(), w.size());
        wbuf.insert(wbuf.end(), wg.begin(), wg.end());
        const uint32_t normOffset = uint32_t(wbuf.size()) + 2;
        wbuf.resize(normOffset, 0.0f);
        wbuf.insert(wbuf.end(), norm.begin(), norm.end());
        const uint32_t inOffset = 7, outOffset = 3;
        std::vector<float> xin(inOffset, 9.0f);
        xin.insert(xin.end(), x.begin(), x.end());
        const size_t outCount = size_t(to) * fo * c.cout;
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, xin);
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, wbuf);
        auto mb = test::makeBuffer(*ctx, BufferKind::Storage, mask);
        auto ob = test::makeBuffer(*ctx, BufferKind::Storage,
                                   std::vector<float>(outOffset + outCount + 4, -7.0f));
        QString error;
        auto b = ctx->bind(k, {*xb, *wb, *mb, *ob}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        AudioConv2dParams p;
        p.frames = uint32_t(c.frames);
        p.freq = uint32_t(c.freq);
        p.cin = uint32_t(c.cin);
        p.cout = uint32_t(c.cout);
        p.inOffset = inOffset;
        p.wOffset = wOffset;
        p.normOffset = normOffset;
        p.eps = 1e-6f;
        p.useMask = c.maskStride ? 1 : 0;
        p.maskOffset = 3;
        p.maskStride = stride;
        p.outOffset = outOffset;
        ComputeBatch batch;
        ASSERT_TRUE(recordAudioConv2d(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *ob, outOffset + outCount + 4);

        // Reference: HF's block, through the CPU ops.
        std::vector<float> masked = x;
        for (int t = 0; t < c.frames; ++t)
            if (!valid[size_t(t)])
                std::fill_n(masked.begin() + ptrdiff_t(t) * c.freq * c.cin, c.freq * c.cin, 0.0f);
        std::vector<float> conv(outCount);
        aops::conv2dStride2(masked, c.frames, c.freq, c.cin, w, c.cout, conv);
        std::vector<float> want(outCount);
        aops::channelLayerNorm(conv, to * fo, c.cout, norm, 1e-6f, want);
        for (float &v : want)
            v = std::max(v, 0.0f);

        for (int ot = 0; ot < to; ++ot) {
            for (int of = 0; of < fo; ++of) {
                // The bound's ingredients for this position.
                double e = 0.0, maxC = 0.0, mean = 0.0, var = 0.0;
                const size_t base = (size_t(ot) * fo + of) * c.cout;
                for (int co = 0; co < c.cout; ++co) {
                    double s = 0.0;
                    for (int kt = 0; kt < 3; ++kt)
                        for (int kf = 0; kf < 3; ++kf) {
                            const int it = 2 * ot - 1 + kt, jf = 2 * of - 1 + kf;
                            if (it < 0 || it >= c.frames || jf < 0 || jf >= c.freq) continue;
                            for (int ci = 0; ci < c.cin; ++ci)
                                s += std::abs(
                                         double(masked[(size_t(it) * c.freq + jf) * c.cin + ci])) *
                                     std::abs(
                                         double(w[(size_t(co) * c.cin + ci) * 9 + kt * 3 + kf]));
                        }
                    e = std::max(e, (9.0 * c.cin + 2.0) * kU * s);
                    maxC = std::max(maxC, std::abs(double(conv[base + co])));
                    mean += conv[base + co];
                }
                mean /= c.cout;
                for (int co = 0; co < c.cout; ++co)
                    var += (conv[base + co] - mean) * (conv[base + co] - mean);
                const double sigma = std::sqrt(var / c.cout + 1e-6);
                const double spread = 2.0 * (2.0 * e + 2.0 * c.cout * kU * maxC) / sigma;
                for (int co = 0; co < c.cout; ++co) {
                    const double yhat = (conv[base + co] - mean) / sigma;
                    const double ref = want[base + co];
                    const double bound =
                        std::abs(norm[size_t(co)]) * (1.0 + std::abs(yhat)) * spread +
                        8.0 * kU * std::abs(ref) + 1e-30;
                    const double err = std::abs(double(got[outOffset + base + co]) - ref);
                    worst = std::max(worst, err / bound);
                    ASSERT_LE(err, bound) << "at " << ot << "," << of << "," << co << ": "
                                          << got[outOffset + base + co] << " vs " << ref;
                }
            }
        }
        // Nothing outside the output range was written.
        for (uint32_t i = 0; i < outOffset; ++i)
            ASSERT_EQ(got[i], -7.0f);
        for (size_t i = outOffset + outCount; i < got.size(); ++i)
            ASSERT_EQ(got[i], -7.0f);
    }
    std::printf("[ measured ] conv2d block: worst error %.3g of its bound\n", worst);
}

// --- GLU and depthwise conv ---------------------------------------------------------------------

TEST_P(GpuAudioTest, Conv1dModesMatchReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AudioConv1d);
    struct Case {
        int rows, channels, kernel;
    };
    const Case cases[] = {{13, 24, 5}, {3, 7, 5}, {40, 130, 5}, {9, 16, 3}};
    double worst = 0.0;
    for (const Case &c : cases) {
        for (const auto mode :
             {AudioConv1dMode::Glu, AudioConv1dMode::Depthwise, AudioConv1dMode::GluDepthwise}) {
            SCOPED_TRACE(::testing::Message() << c.rows << "x" << c.channels << " k" << c.kernel
                                              << " mode " << uint32_t(mode));
            const bool glu = mode != AudioConv1dMode::Depthwise;
            const int inWidth = glu ? 2 * c.channels : c.channels;
            const uint32_t xStride = uint32_t(inWidth) + 3, xOffset = 2;
            const uint32_t outStride = uint32_t(c.channels) + 1, outOffset = 4;
            std::vector<float> xbuf =
                randomFloats(rng, xOffset + size_t(xStride) * c.rows, -6.0f, 6.0f);
            const std::vector<float> w =
                randomFloats(rng, size_t(c.channels) * c.kernel, -1.0f, 1.0f);
            std::vector<float> wbuf(3, 0.0f);
            wbuf.insert(wbuf.end(), w.begin(), w.end());
            auto xb = test::makeBuffer(*ctx, BufferKind::Storage, xbuf);
            auto wb = test::makeBuffer(*ctx, BufferKind::Weights, wbuf);
            const size_t outFloats = outOffset + size_t(outStride) * c.rows;
            auto ob =
                test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(outFloats, -7.0f));
            QString error;
            auto b = ctx->bind(k, {*xb, *wb, *ob}, &error);
            ASSERT_TRUE(b) << error.toStdString();
            AudioConv1dParams p;
            p.rows = uint32_t(c.rows);
            p.channels = uint32_t(c.channels);
            p.kernel = uint32_t(c.kernel);
            p.mode = uint32_t(mode);
            p.xOffset = xOffset;
            p.xStride = xStride;
            p.wOffset = 3;
            p.outOffset = outOffset;
            p.outStride = outStride;
            ComputeBatch batch;
            ASSERT_TRUE(recordAudioConv1d(batch, *b, p, &error)) << error.toStdString();
            ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
            const auto got = test::readVector<float>(*ctx, *ob, outFloats);

            // Dense input rows for the reference ops.
            std::vector<float> x(size_t(c.rows) * inWidth);
            for (int t = 0; t < c.rows; ++t)
                std::copy_n(xbuf.begin() + xOffset + ptrdiff_t(t) * xStride, inWidth,
                            x.begin() + ptrdiff_t(t) * inWidth);
            std::vector<float> g(size_t(c.rows) * c.channels);
            std::vector<double> gluErr(g.size(), 0.0);
            if (glu) {
                aops::glu(x, c.rows, c.channels, g);
                for (int t = 0; t < c.rows; ++t)
                    for (int ch = 0; ch < c.channels; ++ch) {
                        const size_t i = size_t(t) * c.channels + ch;
                        const double gate = x[size_t(t) * inWidth + c.channels + ch];
                        gluErr[i] = (10.0 + 2.0 * std::abs(gate)) * kU * std::abs(g[i]);
                    }
            } else {
                g = x;
            }
            std::vector<float> want = g;
            if (mode != AudioConv1dMode::Glu)
                aops::depthwiseCausalConv(g, c.rows, c.channels, w, c.kernel, want);
            for (int t = 0; t < c.rows; ++t) {
                for (int ch = 0; ch < c.channels; ++ch) {
                    const size_t i = size_t(t) * c.channels + ch;
                    double bound = gluErr[i];
                    if (mode != AudioConv1dMode::Glu) {
                        double s = 0.0, carried = 0.0;
                        for (int j = 0; j < c.kernel; ++j) {
                            const int src = t - (c.kernel - 1) + j;
                            if (src < 0) continue;
                            const size_t at = size_t(src) * c.channels + ch;
                            const double wj = std::abs(double(w[size_t(ch) * c.kernel + j]));
                            s += wj * std::abs(double(g[at]));
                            carried += wj * gluErr[at];
                        }
                        bound = (c.kernel + 1.0) * kU * s + carried;
                    }
                    bound += 1e-30;
                    const float gv = got[outOffset + size_t(t) * outStride + ch];
                    const double err = std::abs(double(gv) - double(want[i]));
                    worst = std::max(worst, err / bound);
                    ASSERT_LE(err, bound)
                        << "at " << t << "," << ch << ": " << gv << " vs " << want[i];
                }
                // The gap after each output row is untouched.
                ASSERT_EQ(got[outOffset + size_t(t) * outStride + c.channels], -7.0f);
            }
        }
    }
    std::printf("[ measured ] conv1d: worst error %.3g of its bound\n", worst);
}

// --- the row chain -------------------------------------------------------------------------------

TEST_P(GpuAudioTest, RowsChainMatchesDoubleReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AudioRows);
    constexpr float inf = std::numeric_limits<float>::infinity();
    struct Case {
        uint32_t n, rows, flags;
        float lo1, hi1, lo2, hi2, lo3, hi3, scale;
        bool inPlace;  // out aliases the residual (x += branch) or, without one, x
    };
    const uint32_t ffnEnd = kAudioRowsNorm | kAudioRowsNormWeight | kAudioRowsResidual;
    const Case cases[] = {
        // A pre-norm: gradient clip, weighted norm, the next linear's input bounds.
        {96, 5, kAudioRowsNorm | kAudioRowsNormWeight, -1e10f, 1e10f, -inf, inf, -0.8f, 0.9f, 1.0f,
         false},
        // An FFN's end: output bounds, clip, norm, x 0.5, residual, in place.
        {200, 7, ffnEnd, -1.5f, 2.0f, -1e10f, 1e10f, -inf, inf, 0.5f, true},
        // Between the FFN's products: output bounds, SiLU, the next input bounds; in place on x.
        {513, 3, kAudioRowsSilu, -2.5f, 3.0f, -inf, inf, -0.2f, 2.0f, 1.0f, true},
        // The conv module: clip, weighted norm, SiLU.
        {64, 4, kAudioRowsNorm | kAudioRowsNormWeight | kAudioRowsSilu, -1e10f, 1e10f, -inf, inf,
         -inf, inf, 1.0f, false},
        // The projector: bias, output bounds, weightless norm.
        {130, 6, kAudioRowsBias | kAudioRowsNorm, -inf, inf, -1.0f, 1.0f, -inf, inf, 1.0f, false},
        // Everything at once, one row longer than the workgroup several times over.
        {1000, 2, kAudioRowsBias | ffnEnd | kAudioRowsSilu, -3.0f, 2.5f, -2.0f, 2.8f, -1.0f, 0.7f,
         0.5f, false}};
    double worst = 0.0;
    for (const Case &c : cases) {
        SCOPED_TRACE(::testing::Message()
                     << "n=" << c.n << " rows=" << c.rows << " flags=" << c.flags);
        const bool res = c.flags & kAudioRowsResidual;
        const uint32_t xOffset = 3, xStride = c.n + 5;
        const uint32_t resOffset = 1 + xOffset + xStride * c.rows, resStride = c.n + 2;
        const uint32_t sepOut = resOffset + resStride * c.rows + 4, sepStride = c.n + 1;
        std::vector<float> act =
            randomFloats(rng, sepOut + size_t(sepStride) * c.rows, -4.0f, 4.0f);
        const std::vector<float> weights = randomFloats(rng, 2 * size_t(c.n) + 8, -1.5f, 1.5f);
        const uint32_t bOffset = 2, wOffset = 4 + c.n;
        auto ab = test::makeBuffer(*ctx, BufferKind::Storage, act);
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, weights);
        QString error;
        auto b = ctx->bind(k, {*ab, *wb, *ab, *ab}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        AudioRowsParams p;
        p.n = c.n;
        p.rows = c.rows;
        p.xOffset = xOffset;
        p.xStride = xStride;
        p.resOffset = resOffset;
        p.resStride = resStride;
        p.outOffset = c.inPlace ? (res ? resOffset : xOffset) : sepOut;
        p.outStride = c.inPlace ? (res ? resStride : xStride) : sepStride;
        p.bOffset = bOffset;
        p.wOffset = wOffset;
        p.flags = c.flags;
        p.lo1 = c.lo1, p.hi1 = c.hi1, p.lo2 = c.lo2, p.hi2 = c.hi2, p.lo3 = c.lo3, p.hi3 = c.hi3;
        p.eps = 1e-6f;
        p.scale = c.scale;
        ComputeBatch batch;
        ASSERT_TRUE(recordAudioRows(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *ab, act.size());

        for (uint32_t r = 0; r < c.rows; ++r) {
            std::vector<float> v(c.n);
            for (uint32_t i = 0; i < c.n; ++i) {
                float x = act[xOffset + r * xStride + i];
                if (c.flags & kAudioRowsBias) x += weights[bOffset + i];  // the kernel's f32 add
                v[i] = std::clamp(std::clamp(x, c.lo1, c.hi1), c.lo2, c.hi2);
            }
            double inv = 1.0;
            if (c.flags & kAudioRowsNorm) {
                double ss = 0.0;
                for (float x : v)
                    ss += double(x) * x;
                inv = 1.0 / std::sqrt(ss / c.n + 1e-6);
            }
            for (uint32_t i = 0; i < c.n; ++i) {
                double s = v[i] * inv;
                if (c.flags & kAudioRowsNormWeight) s *= weights[wOffset + i];
                double branch = s;
                if (c.flags & kAudioRowsSilu) branch = s / (1.0 + std::exp(-s));
                branch = std::clamp(branch, double(c.lo3), double(c.hi3)) * c.scale;
                const double want = res ? act[resOffset + r * resStride + i] + branch : branch;
                const double bound =
                    (c.n / 128.0 + 24.0 + 2.0 * std::abs(s)) * kU * std::abs(branch) +
                    kU * std::abs(want) + 1e-30;
                const float gv = got[p.outOffset + r * p.outStride + i];
                const double err = std::abs(double(gv) - want);
                worst = std::max(worst, err / bound);
                ASSERT_LE(err, bound)
                    << "row " << r << " element " << i << ": " << gv << " vs " << want;
            }
        }
    }
    std::printf("[ measured ] rows: worst error %.3g of its bound\n", worst);
}

// --- chunked local attention ---------------------------------------------------------------------

struct AttentionCase {
    int frames, heads, headDim, chunk, maxPast, window;
    float qRange;  // raw q values in [-qRange, qRange]: large values drive the soft cap
    enum { AllValid, Holes, ValidPrefix } mask;
    bool clamps;  // the projections' output bounds cut into the values
};

TEST_P(GpuAudioTest, ChunkedAttentionMatchesReference) {
    auto rng = test::seededRng();
    const Kernel &k = kernel(KernelId::AudioAttention);
    const AttentionCase cases[] = {
        // Gemma 4's geometry (chunk 12, 12 past keys, window 12), a short valid prefix: the later
        // blocks see no valid key at all and average their context.
        {37, 2, 24, 12, 12, 12, 1.0f, AttentionCase::ValidPrefix, false},
        {29, 3, 16, 12, 12, 12, 6.0f, AttentionCase::Holes, false},   // logits far past the cap
        {29, 2, 16, 12, 12, 12, 6.0f, AttentionCase::Holes, true},    // ... and clamped
        {5, 1, 40, 12, 12, 12, 1.5f, AttentionCase::AllValid, true},  // fewer frames than a block
        {30, 2, 8, 4, 6, 5, 2.0f, AttentionCase::Holes, false},  // a window shorter than the past
        {50, 2, 36, 16, 32, 20, 1.0f, AttentionCase::AllValid, false}};  // the largest context
    double worst = 0.0;
    for (const AttentionCase &c : cases) {
        SCOPED_TRACE(::testing::Message()
                     << "frames=" << c.frames << " heads=" << c.heads << " hd=" << c.headDim
                     << " chunk=" << c.chunk << " past=" << c.maxPast << " window=" << c.window);
        const int width = c.heads * c.headDim;
        // q, k, v interleaved in one buffer as the projections write them: [frames][3][width].
        const uint32_t rowStride = uint32_t(3 * width + 2), base = 5;
        std::vector<float> qkv =
            randomFloats(rng, base + size_t(rowStride) * c.frames, -1.0f, 1.0f);
        std::uniform_real_distribution<float> qd(-c.qRange, c.qRange);
        for (int t = 0; t < c.frames; ++t)
            for (int i = 0; i < width; ++i)
                qkv[base + size_t(t) * rowStride + i] = qd(rng);
        const std::vector<float> relK =
            randomFloats(rng, size_t(c.maxPast + 1) * width, -1.0f, 1.0f);
        const std::vector<float> perDim = randomFloats(rng, size_t(c.headDim), 0.3f, 1.6f);
        std::vector<float> wbuf(1, 0.0f);
        const uint32_t relOffset = 1;
        wbuf.insert(wbuf.end(), relK.begin(), relK.end());
        const uint32_t scaleOffset = uint32_t(wbuf.size());
        wbuf.insert(wbuf.end(), perDim.begin(), perDim.end());
        std::vector<uint32_t> mask(size_t(c.frames) + 2, 1);
        std::vector<uint8_t> valid(size_t(c.frames), 1);
        for (int t = 0; t < c.frames; ++t) {
            bool on = true;
            if (c.mask == AttentionCase::Holes) on = (t % 7) != 3 && (t % 11) != 5;
            if (c.mask == AttentionCase::ValidPrefix) on = t < 9;
            valid[size_t(t)] = on;
            mask[2 + size_t(t)] = on;
        }
        const float qScale = float(std::pow(double(c.headDim), -0.5) / std::log(2.0));
        const float kScale = float(std::log(1.0 + std::exp(1.0)) / std::log(2.0));

        const uint32_t outStride = uint32_t(width + 3), outOffset = 2;
        const size_t outFloats = outOffset + size_t(outStride) * c.frames;
        auto xb = test::makeBuffer(*ctx, BufferKind::Storage, qkv);
        auto wb = test::makeBuffer(*ctx, BufferKind::Weights, wbuf);
        auto mb = test::makeBuffer(*ctx, BufferKind::Storage, mask);
        auto ob = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(outFloats, -7.0f));
        QString error;
        auto b = ctx->bind(k, {*xb, *wb, *mb, *ob}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        AudioAttentionParams p;
        p.frames = uint32_t(c.frames);
        p.heads = uint32_t(c.heads);
        p.headDim = uint32_t(c.headDim);
        p.chunk = uint32_t(c.chunk);
        p.maxPast = uint32_t(c.maxPast);
        p.window = uint32_t(c.window);
        p.softcap = 50.0f;
        p.invalidLogit = -1.0e9f;
        p.qScale = qScale;
        p.kScale = kScale;
        p.qOffset = base;
        p.kOffset = base + uint32_t(width);
        p.vOffset = base + 2 * uint32_t(width);
        p.qStride = p.kStride = p.vStride = rowStride;
        p.relOffset = relOffset;
        p.scaleOffset = scaleOffset;
        p.useMask = c.mask == AttentionCase::AllValid ? 0 : 1;
        p.maskOffset = 2;
        p.outOffset = outOffset;
        p.outStride = outStride;
        if (c.clamps) {
            p.qMin = -0.6f * c.qRange, p.qMax = 0.8f * c.qRange;
            p.kMin = -0.7f, p.kMax = 0.5f;
            p.vMin = -0.4f, p.vMax = 0.9f;
        }
        ComputeBatch batch;
        ASSERT_TRUE(recordAudioAttention(batch, *b, p, &error)) << error.toStdString();
        ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
        const auto got = test::readVector<float>(*ctx, *ob, outFloats);

        // Reference inputs: q and k scaled as the kernel (and HF) do, in f32.
        std::vector<float> q(size_t(c.frames) * width), kk(q.size()), v(q.size());
        for (int t = 0; t < c.frames; ++t)
            for (int i = 0; i < width; ++i) {
                const size_t at = base + size_t(t) * rowStride + i, o = size_t(t) * width + i;
                q[o] =
                    (std::clamp(qkv[at], p.qMin, p.qMax) * qScale) * perDim[size_t(i % c.headDim)];
                kk[o] = std::clamp(qkv[at + width], p.kMin, p.kMax) * kScale;
                v[o] = std::clamp(qkv[at + 2 * width], p.vMin, p.vMax);
            }
        aops::ChunkedAttentionParams ap;
        ap.heads = c.heads;
        ap.headDim = c.headDim;
        ap.chunk = c.chunk;
        ap.maxPast = c.maxPast;
        ap.window = c.window;
        ap.softcap = 50.0f;
        ap.invalidLogit = -1.0e9f;
        std::vector<float> want(q.size());
        const std::vector<uint8_t> keyValid =
            c.mask == AttentionCase::AllValid ? std::vector<uint8_t>(size_t(c.frames), 1) : valid;
        aops::chunkedLocalAttention(q, kk, v, relK, keyValid, c.frames, ap, want);

        const int ctxLen = c.chunk + c.maxPast;
        for (int qt = 0; qt < c.frames; ++qt) {
            const int first = qt / c.chunk * c.chunk - c.maxPast;
            for (int h = 0; h < c.heads; ++h) {
                const float *qv = q.data() + size_t(qt) * width + size_t(h) * c.headDim;
                double dMax = 0.0, top = -INFINITY, bottom = INFINITY, vMax = 0.0;
                for (int j = 0; j < ctxLen; ++j) {
                    const int kt = first + j, distance = qt - kt;
                    if (kt < 0 || kt >= c.frames) continue;
                    for (int d = 0; d < c.headDim; ++d)
                        vMax = std::max(
                            vMax,
                            std::abs(double(v[size_t(kt) * width + size_t(h) * c.headDim + d])));
                    if (!keyValid[size_t(kt)] || distance < 0 || distance >= c.window) continue;
                    double s = 0.0, l = 0.0;
                    for (int d = 0; d < c.headDim; ++d) {
                        const double kv = kk[size_t(kt) * width + size_t(h) * c.headDim + d];
                        s += std::abs(qv[d] * kv);
                        l += qv[d] * kv;
                        if (distance <= c.maxPast) {
                            const double rv = relK[size_t(c.maxPast - distance) * width +
                                                   size_t(h) * c.headDim + d];
                            s += std::abs(qv[d] * rv);
                            l += qv[d] * rv;
                        }
                    }
                    l = std::tanh(l / 50.0) * 50.0;
                    dMax = std::max(dMax, (c.headDim + 4.0) * kU * s + 64.0 * kU * std::abs(l));
                    top = std::max(top, l);
                    bottom = std::min(bottom, l);
                }
                const double gap = top >= bottom ? top - bottom : 0.0;
                const double bound =
                    (2.02 * dMax + (2.0 * gap + ctxLen + 10.0) * kU) * vMax + 1e-30;
                for (int d = 0; d < c.headDim; ++d) {
                    const size_t o = size_t(qt) * width + size_t(h) * c.headDim + d;
                    const float gv =
                        got[outOffset + size_t(qt) * outStride + size_t(h) * c.headDim + d];
                    const double err = std::abs(double(gv) - double(want[o]));
                    worst = std::max(worst, err / bound);
                    ASSERT_LE(err, bound) << "frame " << qt << " head " << h << " dim " << d << ": "
                                          << gv << " vs " << want[o];
                }
            }
            ASSERT_EQ(got[outOffset + size_t(qt) * outStride + width], -7.0f);
        }
    }
    std::printf("[ measured ] attention: worst error %.3g of its bound\n", worst);
}

// --- what the recorders refuse -------------------------------------------------------------------

TEST_P(GpuAudioTest, RecordersRefuseBadShapesAndOverlaps) {
    QString error;
    auto act = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(4096, 0.0f));
    auto w = test::makeBuffer(*ctx, BufferKind::Weights, std::vector<float>(4096, 0.0f));
    ComputeBatch batch;

    auto attn = ctx->bind(kernel(KernelId::AudioAttention), {*act, *w, *act, *act}, &error);
    ASSERT_TRUE(attn) << error.toStdString();
    AudioAttentionParams a;
    a.frames = 20;
    a.heads = 2;
    a.headDim = 8;
    a.chunk = 12;
    a.maxPast = 12;
    a.window = 12;
    a.qStride = a.kStride = a.vStride = 48;
    a.kOffset = 16;
    a.vOffset = 32;
    a.outOffset = 2000;
    a.outStride = 16;
    EXPECT_TRUE(recordAudioAttention(batch, *attn, a, &error)) << error.toStdString();
    AudioAttentionParams bad = a;
    bad.outOffset = 100;  // inside q/k/v
    EXPECT_FALSE(recordAudioAttention(batch, *attn, bad, &error));
    EXPECT_TRUE(error.contains(QLatin1String("overlaps"))) << error.toStdString();
    bad = a;
    bad.chunk = kAudioAttentionMaxChunk + 1;
    EXPECT_FALSE(recordAudioAttention(batch, *attn, bad, &error));
    bad = a;
    bad.maxPast = kAudioAttentionMaxContext;
    EXPECT_FALSE(recordAudioAttention(batch, *attn, bad, &error));
    bad = a;
    bad.outOffset = 4090;  // past the end
    EXPECT_FALSE(recordAudioAttention(batch, *attn, bad, &error));

    auto conv = ctx->bind(kernel(KernelId::AudioConv1d), {*act, *w, *act}, &error);
    ASSERT_TRUE(conv) << error.toStdString();
    AudioConv1dParams c;
    c.rows = 10;
    c.channels = 8;
    c.kernel = 5;
    c.mode = uint32_t(AudioConv1dMode::Glu);
    c.xStride = 16;
    c.outStride = 16;
    EXPECT_TRUE(recordAudioConv1d(batch, *conv, c, &error)) << error.toStdString();  // in place
    c.mode = uint32_t(AudioConv1dMode::GluDepthwise);
    EXPECT_FALSE(recordAudioConv1d(batch, *conv, c, &error));
    c.mode = 7;
    EXPECT_FALSE(recordAudioConv1d(batch, *conv, c, &error));

    auto rows = ctx->bind(kernel(KernelId::AudioRows), {*act, *w, *act, *act}, &error);
    ASSERT_TRUE(rows) << error.toStdString();
    AudioRowsParams r;
    r.n = 16;
    r.rows = 4;
    r.xStride = r.outStride = 16;
    r.flags = kAudioRowsNorm;
    EXPECT_TRUE(recordAudioRows(batch, *rows, r, &error)) << error.toStdString();
    r.outOffset = 8;  // half a row off x
    EXPECT_FALSE(recordAudioRows(batch, *rows, r, &error));
    r.outOffset = 0;
    r.lo2 = 2.0f;
    r.hi2 = 1.0f;
    EXPECT_FALSE(recordAudioRows(batch, *rows, r, &error));
    r.lo2 = -1.0f;
    r.flags = kAudioRowsNormWeight;  // a weight without the norm
    EXPECT_FALSE(recordAudioRows(batch, *rows, r, &error));

    auto conv2 = ctx->bind(kernel(KernelId::AudioConv2d), {*act, *w, *act, *act}, &error);
    ASSERT_TRUE(conv2) << error.toStdString();
    AudioConv2dParams s;
    s.frames = 8;
    s.freq = 8;
    s.cin = 1;
    s.cout = 8;
    s.outOffset = 1000;
    EXPECT_TRUE(recordAudioConv2d(batch, *conv2, s, &error)) << error.toStdString();
    s.outOffset = 10;  // inside the input
    EXPECT_FALSE(recordAudioConv2d(batch, *conv2, s, &error));
    s.outOffset = 1000;
    s.cout = kAudioConv2dMaxCout + 1;
    EXPECT_FALSE(recordAudioConv2d(batch, *conv2, s, &error));
    EXPECT_TRUE(audioConv2dWeightLayout(std::vector<float>(10), 1, 1).empty());
    ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuAudioTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
