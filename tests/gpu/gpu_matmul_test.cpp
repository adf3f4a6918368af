// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The tiled matmul (shaders/matmul.comp, engine/gpu/matmul_ops.h) against a double-precision
// product of the CPU-dequantised weights (engine/gguf/dequant.h), on fresh random data, for
// every weight type, on every backend that is available; both as one dispatch (the path
// FACET_MATMUL_SPLIT=old records) and split along K (partials summed by matmul_reduce).
//
// Error bound (u = 2^-24): per output, with mag = sum_k |w_k x_k| (+ |y0| when accumulating),
//   Plain:  |y_gpu - y_ref| <= (K + 2) u mag.
//     The kernel's weights equal the CPU dequantisation bit for bit (same float operations,
//     `precise`), so the only roundings are the K products and the sums, in any order and with
//     or without fma: the classical worst-case bound of a K-term dot product (each term passes
//     through at most K + 1 roundings), plus one for the accumulate add. It is normalised by
//     sum |w x| rather than |y| because y can cancel to ~0.
//   Geglu:  (K + 2) u mag + sum_k |w_k| (32 + 16 |z_k|) u |x_k|,
//           z_k = sqrt(2/pi) (g_k + 0.044715 g_k^3).
//     The kernel forms x_k = gelu_tanh(g_k) up_k in f32; the second term is geglu's bound
//     (tests/gpu/gpu_elementwise_test.cpp, 16 + 16|z| u) doubled for the product with up and
//     the reference's own double evaluation.
//   Tensor-core build (Kernel::tensorCores(): f16 factors, f32 sums): the f32 bound for the
//   rounded factors plus sum_k (|w_k| e(x_k) + |x_k| e(w_k) + e(w_k) e(x_k)), e(v) the f16
//   rounding error max(2^-11 |v|, 2^-25) (half an ulp, relative for normal and absolute for
//   subnormal halves; past 65504, where the kernel saturates, the distance to it).
// Measured errors are printed (lavapipe/llvmpipe: <= 4e-7 of sum |w x|, i.e. a few u, far below
// the bound, which is K u; H100 tensor cores: ~1e-4, f16 rounding).
#include "gguf/dequant.h"
#include "gpu/compute_batch.h"
#include "gpu/gpu_context.h"
#include "gpu/matmul_ops.h"
#include "gpu/ops.h"
#include "gpu_test_env.h"
#include "model/reference_ops.h"
#include "support/test_support.h"
#include "weight_test_data.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace facet::gpu {
namespace {

using gguf::TensorType;
using Rng = std::mt19937_64;

using test::kU;
using test::kWeightTypes;
using test::quantizedRows;
using test::randomFloats;
using test::randomHalf;
using test::typeName;

// Rows of random bytes (every quant bit pattern: scales, mins, high bits), with the f16 scale
// fields and the plain types' values replaced by finite normal numbers (NaN payloads and
// subnormal halves are not the kernel's business).
QByteArray randomRows(TensorType t, int K, int N, Rng &rng) {
    const auto traits = *gguf::typeTraits(t);
    QByteArray b(qsizetype(weightRowBytes(t, K)) * N, Qt::Uninitialized);
    for (qsizetype i = 0; i < b.size(); i += 8) {
        const uint64_t r = rng();
        std::memcpy(b.data() + i, &r, size_t(std::min<qsizetype>(8, b.size() - i)));
    }
    auto put16 = [&](qsizetype at, uint16_t v) { std::memcpy(b.data() + at, &v, 2); };
    const qsizetype step = qsizetype(traits.bytesPerBlock);
    for (qsizetype at = 0; at < b.size(); at += step) {
        switch (t) {
            case TensorType::F32: {
                const float v =
                    std::ldexp(float(int(rng() % 2001) - 1000) / 1000.0f, int(rng() % 20) - 10);
                std::memcpy(b.data() + at, &v, 4);
                break;
            }
            case TensorType::F16:
            case TensorType::Q4_0:
            case TensorType::Q5_0:
            case TensorType::Q8_0:
                put16(at, randomHalf(rng));
                break;
            case TensorType::BF16:
                put16(at,
                      uint16_t(((rng() & 1) << 15) | ((110 + rng() % 30) << 7) | (rng() & 0x7F)));
                break;
            case TensorType::Q4_1:
            case TensorType::Q5_1:
            case TensorType::Q4_K:
            case TensorType::Q5_K:
                put16(at, randomHalf(rng));
                put16(at + 2, randomHalf(rng));
                break;
            case TensorType::Q6_K:
                put16(at + 208, randomHalf(rng));
                break;
            default:
                ADD_FAILURE() << "unexpected type";
        }
    }
    return b;
}

using test::dequantRows;

struct Case {
    int blocks;  // K in units of the kernel's block
    uint32_t N, M;
    bool accumulate;
    bool geglu;
    // Split K: -1 records without a MatMulSplit (the single dispatch, as FACET_MATMUL_SPLIT=old
    // records every product); 0 gives a scratch area and lets recordMatMul choose; n > 0 forces
    // (at most) n slices.
    int splits = -1;
};

// Runs one matmul on `rows` (N rows of K values of `type`) and checks every output against the
// double reference, and that nothing between the output columns changed. *worst: the largest
// |err| / sum|w x| seen.
// Kernel `id` of context c (a test failure, thrown, when it does not load).
const Kernel &loadedKernel(GpuContext &c, KernelId id) {
    QString error;
    const Kernel *k = c.kernel(id, &error);
    if (!k) throw std::runtime_error("kernel failed to load: " + error.toStdString());
    return *k;
}

// `staged`: the same product as the staged path records it (dequant_f16 + convert_f16 +
// matmul_staged, matmul_ops.h recordMatMulStaged), `k` then the weight type's matmul kernel only
// for its type.
void checkMatMul(GpuContext &ctx, const Kernel &k, TensorType type, const QByteArray &rows,
                 const Case &c, Rng &rng, double *worst, bool staged = false) {
    const uint32_t K = uint32_t(c.blocks * kernelBlockValues(type));
    const uint32_t N = c.N, M = c.M;
    const qint64 rowBytes = weightRowBytes(type, K);
    ASSERT_EQ(rows.size(), rowBytes * N);
    // The tensor at a non-zero, 4-aligned offset in its buffer.
    const uint32_t wOffset = 4u * uint32_t(1 + rng() % 9);
    QByteArray wbytes(wOffset, '\x5A');
    wbytes += rows;
    const std::vector<float> wf = dequantRows(type, rows, int(K), int(N));

    // x and (Geglu) x2 interleaved per column in one buffer, both at offsets and strides > K.
    const uint32_t xOffset = 3, xStride = 2 * K + 5, x2Offset = xOffset + K + 2, x2Stride = xStride;
    const std::vector<float> xv = randomFloats(rng, xOffset + size_t(xStride) * M + K + 2,
                                               c.geglu ? -3.0f : -1.0f, c.geglu ? 3.0f : 1.0f);
    const uint32_t yOffset = 7, yStride = N + 3;
    const std::vector<float> y0 = randomFloats(rng, yOffset + size_t(yStride) * M, -4.0f, 4.0f);
    // Split K: the scratch area follows y in its buffer (filled with garbage: the kernel must
    // write every partial it sums), room for up to 64 slices.
    const uint32_t scratchOffset = uint32_t(y0.size()) + 5;
    const uint32_t scratchFloats = c.splits < 0 ? 0 : 64 * N * M;
    std::vector<float> yInit = y0;
    if (c.splits >= 0) {
        const auto junk = randomFloats(rng, size_t(scratchFloats) + 5, -1e3f, 1e3f);
        yInit.insert(yInit.end(), junk.begin(), junk.end());
    }

    auto wb = test::makeBuffer(ctx, BufferKind::Weights, wbytes.constData(), wbytes.size());
    auto xb = test::makeBuffer(ctx, BufferKind::Storage, xv);
    auto yb = test::makeBuffer(ctx, BufferKind::Storage, yInit);
    ASSERT_TRUE(wb && xb && yb);
    QString error;
    std::unique_ptr<Bindings> reduce;
    MatMulSplit split;
    if (c.splits >= 0) {
        const Kernel *rk = ctx.kernel(KernelId::MatMulReduce, &error);
        ASSERT_TRUE(rk) << error.toStdString();
        reduce = ctx.bind(*rk, {*yb, *yb}, &error);
        ASSERT_TRUE(reduce) << error.toStdString();
        split.reduce = reduce.get();
        split.scratchOffset = scratchOffset;
        split.scratchFloats = scratchFloats;
        split.splits = uint32_t(c.splits);
    }
    MatMulParams p;
    p.K = K;
    p.N = N;
    p.M = M;
    p.rowBytes = uint32_t(rowBytes);
    p.wOffset = wOffset;
    p.xOffset = xOffset;
    p.xStride = xStride;
    p.yOffset = yOffset;
    p.yStride = yStride;
    p.accumulate = c.accumulate ? 1 : 0;
    p.inputMode = uint32_t(c.geglu ? MatInputMode::Geglu : MatInputMode::Plain);
    p.x2Offset = x2Offset;
    p.x2Stride = x2Stride;
    ComputeBatch batch;
    std::unique_ptr<Buffer> sb;
    std::vector<std::unique_ptr<Bindings>> stagedBindings;
    int passes = 1;
    uint32_t expectSlices = 1;
    if (staged) {
        // The staging buffer: the weight rows at uvec4 3, the input columns after them, and
        // garbage everywhere (the passes must write every value the product reads, padding
        // included).
        const uint32_t Kp = matMulStagedPadK(K);
        const uint32_t wAt = 3, xAt = wAt + uint32_t(matMulStagedStagingUvec4s(N, K)) + 2;
        const size_t uv = xAt + matMulStagedStagingUvec4s(M, K) + 1;
        sb = test::makeBuffer(ctx, BufferKind::Storage, randomFloats(rng, uv * 4, -1e4f, 1e4f));
        ASSERT_TRUE(sb);
        const Kernel &mm = loadedKernel(ctx, KernelId::MatMulStaged);
        stagedBindings.push_back(
            ctx.bind(loadedKernel(ctx, *dequantF16Kernel(type)), {*wb, *sb}, &error));
        stagedBindings.push_back(
            ctx.bind(loadedKernel(ctx, KernelId::ConvertF16), {*xb, *sb}, &error));
        stagedBindings.push_back(ctx.bind(mm, {*sb, *yb}, &error));
        for (const auto &bb : stagedBindings)
            ASSERT_TRUE(bb) << error.toStdString();
        DequantF16Params d;
        d.K = K;
        d.N = N;
        d.rowBytes = uint32_t(rowBytes);
        d.wOffset = wOffset;
        d.kPad = Kp;
        d.rows = matMulStagedPadRows(N);
        d.yOffset = wAt;
        ASSERT_TRUE(recordDequantF16(batch, *stagedBindings[0], d, &error)) << error.toStdString();
        ConvertF16Params cv;
        cv.K = K;
        cv.M = M;
        cv.kPad = Kp;
        cv.cols = matMulStagedPadRows(M);
        cv.xOffset = xOffset;
        cv.xStride = xStride;
        cv.inputMode = p.inputMode;
        cv.x2Offset = x2Offset;
        cv.x2Stride = x2Stride;
        cv.yOffset = xAt;
        ASSERT_TRUE(recordConvertF16(batch, *stagedBindings[1], cv, &error)) << error.toStdString();
        MatMulParams q = p;
        q.K = Kp;
        q.wOffset = wAt;
        q.xOffset = xAt;
        ASSERT_TRUE(recordMatMulStaged(batch, *stagedBindings[2], q, &error,
                                       c.splits < 0 ? nullptr : &split))
            << error.toStdString();
        passes = 3;
        const MatMulTile tile = mm.tensorCores() ? MatMulTile{kMatMulStagedTile, kMatMulStagedTile}
                                                 : MatMulTile{kMatMulTile, kMatMulTile};
        if (c.splits > 0) expectSlices = std::min<uint32_t>(uint32_t(c.splits), Kp / 32);
        if (c.splits == 0)
            expectSlices = matMulSplitCount(Kp, N, M, kMatMulStagedSplitTarget, tile);
    } else {
        auto b = ctx.bind(k, {*wb, *xb, *yb}, &error);
        ASSERT_TRUE(b) << error.toStdString();
        ASSERT_TRUE(recordMatMul(batch, *b, p, &error, c.splits < 0 ? nullptr : &split))
            << error.toStdString();
        stagedBindings.push_back(std::move(b));
        if (c.splits > 1) expectSlices = K > 32 ? 2 : 1;
        if (c.splits == 0)
            expectSlices = matMulSplitCount(K, N, M, matMulSplitTarget(ctx), matMulTile(k));
    }
    // The split cases must take the split path (product + reduction): forced ones always (K
    // holds at least 2 steps), automatic ones whenever the choice for this shape splits.
    ASSERT_EQ(batch.dispatchCount(), passes + (expectSlices > 1 ? 1 : 0));
    const bool f16 = k.tensorCores() || staged;
    // f16 rounding error of v; past the f16 range the kernel saturates (random K-quant blocks
    // with the largest scales reach 2.6e5, far beyond any real weight).
    const auto e16 = [](double v) {
        const double a = std::abs(v);
        return a > 65504.0 ? a - 65504.0 + 16.0 : std::max(std::ldexp(a, -11), 0x1p-25);
    };
    QByteArray out;
    batch.readBack(*yb, 0, qint64(y0.size() * 4), &out);
    ASSERT_TRUE(ctx.submit(batch, &error)) << error.toStdString();
    ASSERT_EQ(out.size(), qint64(y0.size() * 4));
    std::vector<float> y(y0.size());
    std::memcpy(y.data(), out.constData(), size_t(out.size()));

    // The input columns in double (Geglu formed exactly), with each value's own error allowance.
    std::vector<double> x(K), xSlack(K, 0.0);
    for (uint32_t m = 0; m < M; ++m) {
        for (uint32_t kk = 0; kk < K; ++kk) {
            const double g = xv[xOffset + size_t(m) * xStride + kk];
            if (!c.geglu) {
                x[kk] = g;
                continue;
            }
            const double up = xv[x2Offset + size_t(m) * x2Stride + kk];
            const double z = 0.7978845608028654 * (g + 0.044715 * g * g * g);
            x[kk] = model::ref::geluTanh(g) * up;
            xSlack[kk] = (32.0 + 16.0 * std::abs(z)) * kU * std::abs(x[kk]);
        }
        for (uint32_t n = 0; n < N; ++n) {
            const float *w = wf.data() + size_t(n) * K;
            double ref = 0.0, mag = 0.0, slack = 0.0;
            for (uint32_t kk = 0; kk < K; ++kk) {
                const double t = double(w[kk]) * x[kk];
                ref += t;
                mag += std::abs(t);
                slack += std::abs(double(w[kk])) * xSlack[kk];
                if (f16) {
                    const double ew = e16(w[kk]), ex = e16(x[kk]);
                    slack += std::abs(double(w[kk])) * ex + std::abs(x[kk]) * ew + ew * ex;
                }
            }
            const size_t yi = yOffset + size_t(m) * yStride + n;
            if (c.accumulate) {
                ref += double(y0[yi]);
                mag += std::abs(double(y0[yi]));
            }
            const double err = std::abs(double(y[yi]) - ref);
            const double bound = (K + 2) * kU * mag + slack;
            if (mag > 0) *worst = std::max(*worst, err / mag);
            ASSERT_LE(err, bound) << "column " << m << " row " << n << ": " << y[yi] << " vs "
                                  << ref << " (sum|wx| " << mag << ")";
        }
        // The gap after each column's N outputs is untouched.
        for (uint32_t n = N; n < yStride; ++n) {
            const size_t yi = yOffset + size_t(m) * yStride + n;
            if (yi < y.size()) {
                ASSERT_EQ(y[yi], y0[yi]) << "gap overwritten at " << yi;
            }
        }
    }
    for (uint32_t i = 0; i < yOffset; ++i) {
        ASSERT_EQ(y[i], y0[i]) << "before the output at " << i;
    }
}

using GpuMatMulTest = test::GpuBackendTest;

TEST_P(GpuMatMulTest, MatMulMatchesDequantisedReferenceForEveryType) {
    for (GpuContext *gc : test::kernelTestContexts(ctx)) {
        const char *build = gc->info().cooperativeMatrixNV ? "tensor-core" : "f32";
        SCOPED_TRACE(build);
        auto rng = test::seededRng();
        for (TensorType type : kWeightTypes) {
            SCOPED_TRACE(typeName(type));
            const Kernel &k = loadedKernel(*gc, *matMulKernel(type));
            const int bv = kernelBlockValues(type);
            // K: several blocks and not a multiple of the kernel's 64-value step where the block
            // allows it (a partial last step: 32-value blocks leave half a step, plain types a
            // partial 16-value piece). N: not a multiple of the 64-row tile. M: 1 column, a few (a
            // tile with at most 32 columns takes the narrow path), 40 (the wide path with a partial
            // tile), 67 (a full tile and a 3-column one).
            const int blocks = bv == 256 ? 3 : bv == 32 ? 7 : 37;
            const Case cases[] = {{blocks, 67, 1, false, false},
                                  {blocks, 130, 5, true, false},
                                  {bv == 256 ? 2 : blocks + 1, 70, 40, false, true},
                                  {blocks, 131, 67, true, true}};
            double worst = 0.0;
            for (const Case &c : cases) {
                SCOPED_TRACE(::testing::Message()
                             << "K=" << c.blocks * bv << " N=" << c.N << " M=" << c.M
                             << " accumulate=" << c.accumulate << " geglu=" << c.geglu);
                checkMatMul(*gc, k, type, quantizedRows(type, c.blocks * bv, int(c.N), rng), c, rng,
                            &worst);
                if (HasFatalFailure()) return;
            }
            // Random blocks: every quant bit pattern.
            const Case raw{bv == 256 ? 2 : 5, 65, 9, false, false};
            checkMatMul(*gc, k, type, randomRows(type, raw.blocks * bv, int(raw.N), rng), raw, rng,
                        &worst);
            if (HasFatalFailure()) return;
            std::printf("[ measured ] %s matmul %-5s max |err| / sum|wx| = %.3g\n", build,
                        typeName(type).c_str(), worst);
        }
    }
}

// Split K (few output tiles: the product is cut along K, partial tiles summed by matmul_reduce)
// against the same reference and bound (the slices only reorder the sum), every type: long K
// (several slices, the last one shorter, for the plain types ending in a partial step), N and M
// not multiples of the tile, accumulate and Geglu, forced slice counts and the automatic choice.
TEST_P(GpuMatMulTest, SplitKMatchesDequantisedReferenceForEveryType) {
    for (GpuContext *gc : test::kernelTestContexts(ctx)) {
        const char *build = gc->info().cooperativeMatrixNV ? "tensor-core" : "f32";
        SCOPED_TRACE(build);
        auto rng = test::seededRng();
        for (TensorType type : kWeightTypes) {
            SCOPED_TRACE(typeName(type));
            const Kernel &k = loadedKernel(*gc, *matMulKernel(type));
            const int bv = kernelBlockValues(type);
            // K = 1024 (K-quants), 736 (32-value blocks: 23 steps), 804 (plain: 25 steps + 4
            // values).
            const int blocks = bv == 256 ? 4 : bv == 32 ? 23 : 201;
            const Case cases[] = {{blocks, 67, 67, true, false, 3},
                                  {blocks, 130, 5, false, true, 5},
                                  {blocks, 40, 70, true, true, 0},
                                  // One slice per K step (the last one 4 values for plain types).
                                  {bv == 256  ? 1
                                   : bv == 32 ? 2
                                              : 9,
                                   9, 33, false, false, 64}};
            double worst = 0.0;
            for (const Case &c : cases) {
                SCOPED_TRACE(::testing::Message()
                             << "K=" << c.blocks * bv << " N=" << c.N << " M=" << c.M
                             << " accumulate=" << c.accumulate << " geglu=" << c.geglu
                             << " splits=" << c.splits);
                checkMatMul(*gc, k, type, quantizedRows(type, c.blocks * bv, int(c.N), rng), c, rng,
                            &worst);
                if (HasFatalFailure()) return;
            }
            std::printf("[ measured ] %s split-K matmul %-5s max |err| / sum|wx| = %.3g\n", build,
                        typeName(type).c_str(), worst);
        }
    }
}

// The staged product (weights decoded to f16 rows once, inputs converted to f16 once, then
// matmul_staged; matmul_ops.h recordMatMulStaged) against the same reference with the f16 bound
// (both builds round both factors to f16), every type: K not a multiple of the 32-value step
// (padded with zeros), N and M not multiples of either tile, one column, accumulate and Geglu,
// split K forced and automatic. Both builds where the device has tensor cores, the portable one on
// lavapipe.
TEST_P(GpuMatMulTest, StagedMatMulMatchesDequantisedReferenceForEveryType) {
    for (GpuContext *gc : test::kernelTestContexts(ctx)) {
        const char *build = gc->info().cooperativeMatrixNV ? "tensor-core" : "f32";
        SCOPED_TRACE(build);
        auto rng = test::seededRng();
        for (TensorType type : kWeightTypes) {
            SCOPED_TRACE(typeName(type));
            const Kernel &k = loadedKernel(*gc, *matMulKernel(type));
            const int bv = kernelBlockValues(type);
            const int blocks = bv == 256 ? 3 : bv == 32 ? 7 : 37;
            const int longK = bv == 256 ? 4 : bv == 32 ? 23 : 201;
            const Case cases[] = {{blocks, 67, 1, false, false},
                                  {blocks, 130, 5, true, false},
                                  {bv == 256 ? 2 : blocks + 1, 70, 40, false, true},
                                  {blocks, 131, 140, true, true},
                                  {longK, 67, 67, true, false, 3},
                                  {longK, 40, 70, true, true, 0},
                                  {longK, 257, 129, false, false, 0}};
            double worst = 0.0;
            for (const Case &c : cases) {
                SCOPED_TRACE(::testing::Message()
                             << "K=" << c.blocks * bv << " N=" << c.N << " M=" << c.M
                             << " accumulate=" << c.accumulate << " geglu=" << c.geglu
                             << " splits=" << c.splits);
                checkMatMul(*gc, k, type, quantizedRows(type, c.blocks * bv, int(c.N), rng), c, rng,
                            &worst, true);
                if (HasFatalFailure()) return;
            }
            const Case raw{bv == 256 ? 2 : 5, 65, 9, false, false};
            checkMatMul(*gc, k, type, randomRows(type, raw.blocks * bv, int(raw.N), rng), raw, rng,
                        &worst, true);
            if (HasFatalFailure()) return;
            std::printf("[ measured ] %s staged matmul %-5s max |err| / sum|wx| = %.3g\n", build,
                        typeName(type).c_str(), worst);
        }
    }
}

// The transposed staging pass (dequant_f16 with transposed = 1, the weight side of training's
// input gradient dy·W): every output half is the f16 rounding of the weight value it transposes,
// exactly (the same decode and rounding as the untransposed pass), and every padding half (rows
// from K, columns from N) zero, over a buffer filled with garbage. Every type, N not a multiple
// of the 8-row groups, both passes' grids with several workgroups.
TEST_P(GpuMatMulTest, TransposedF16RowsAreTheWeightsColumns) {
    auto rng = test::seededRng();
    for (TensorType type : kWeightTypes) {
        SCOPED_TRACE(typeName(type));
        const int bv = kernelBlockValues(type);
        const uint32_t K = uint32_t(bv == 256 ? 512 : bv == 32 ? 96 : 36);
        for (const uint32_t N : {1u, 37u, 300u}) {
            SCOPED_TRACE(::testing::Message() << "K=" << K << " N=" << N);
            const QByteArray rows = quantizedRows(type, int(K), int(N), rng);
            const std::vector<float> wf = dequantRows(type, rows, int(K), int(N));
            const qint64 rowBytes = weightRowBytes(type, K);
            const uint32_t wOffset = 8;
            QByteArray wbytes(wOffset, '\x11');
            wbytes += rows;
            const uint32_t outRows = (K + 15) / 16 * 16 + 16, kPad = (N + 31) / 32 * 32 + 32;
            const uint32_t yOffset = 5;
            const size_t uvec4s = yOffset + size_t(outRows) * kPad / 8 + 3;
            auto wb =
                test::makeBuffer(*ctx, BufferKind::Weights, wbytes.constData(), wbytes.size());
            auto sb = test::makeBuffer(*ctx, BufferKind::Storage,
                                       randomFloats(rng, uvec4s * 4, -1e4f, 1e4f));
            ASSERT_TRUE(wb && sb);
            QString error;
            auto b = ctx->bind(loadedKernel(*ctx, *dequantF16Kernel(type)), {*wb, *sb}, &error);
            ASSERT_TRUE(b) << error.toStdString();
            DequantF16Params d;
            d.K = K;
            d.N = N;
            d.rowBytes = uint32_t(rowBytes);
            d.wOffset = wOffset;
            d.kPad = kPad;
            d.rows = outRows;
            d.yOffset = yOffset;
            d.transposed = 1;
            ComputeBatch batch;
            ASSERT_TRUE(recordDequantF16(batch, *b, d, &error)) << error.toStdString();
            QByteArray out;
            batch.readBack(*sb, qint64(yOffset) * 16, qint64(outRows) * kPad * 2, &out);
            ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
            const auto *h = reinterpret_cast<const uint16_t *>(out.constData());
            int bad = 0;
            for (uint32_t k = 0; k < outRows && bad < 5; ++k) {
                for (uint32_t n = 0; n < kPad && bad < 5; ++n) {
                    float want = 0.0f;
                    if (k < K && n < N)
                        want = std::clamp(wf[size_t(n) * K + k], -65504.0f, 65504.0f);
                    const uint16_t expect = gguf::floatToHalf(want);
                    const uint16_t got = h[size_t(k) * kPad + n];
                    // +0 and -0 are the same value.
                    if (got != expect && !((got | expect) == 0x8000 && (got & expect) == 0)) {
                        ADD_FAILURE() << "k=" << k << " n=" << n << " got "
                                      << gguf::halfToFloat(got) << " want " << want;
                        ++bad;
                    }
                }
            }
        }
    }
    // Refusals: rows not a multiple of 16, or too few for K; kPad below N.
    auto wb = test::makeBuffer(*ctx, BufferKind::Weights, std::vector<float>(64, 1.0f));
    auto sb = test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(4096, 0.0f));
    QString error;
    auto b = ctx->bind(loadedKernel(*ctx, *dequantF16Kernel(TensorType::F32)), {*wb, *sb}, &error);
    ASSERT_TRUE(b) << error.toStdString();
    DequantF16Params d;
    d.K = 8;
    d.N = 4;
    d.rowBytes = 32;
    d.kPad = 32;
    d.rows = 24;
    d.transposed = 1;
    ComputeBatch none;
    EXPECT_FALSE(recordDequantF16(none, *b, d, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("multiple of 16"))) << error.toStdString();
    d.rows = 16;
    d.N = 40;
    EXPECT_FALSE(recordDequantF16(none, *b, d, &error));
}

// The staging passes and the staged product refuse what they cannot do, with messages.
TEST_P(GpuMatMulTest, StagedPassesRejectBadParameters) {
    QString error;
    auto buf = ctx->createBuffer(BufferKind::Storage, 4096, QStringLiteral("b"), &error);
    ASSERT_TRUE(buf) << error.toStdString();
    auto dq = ctx->bind(kernel(*dequantF16Kernel(TensorType::Q4_K)), {*buf, *buf}, &error);
    auto cv = ctx->bind(kernel(KernelId::ConvertF16), {*buf, *buf}, &error);
    auto mm = ctx->bind(kernel(KernelId::MatMulStaged), {*buf, *buf}, &error);
    auto wrong = ctx->bind(kernel(KernelId::MatMulReduce), {*buf, *buf}, &error);
    ASSERT_TRUE(dq && cv && mm && wrong) << error.toStdString();
    ComputeBatch batch;
    auto expectFailure = [](bool ok, const QString &e, const char *expect) {
        EXPECT_FALSE(ok) << expect;
        EXPECT_TRUE(e.contains(QLatin1String(expect))) << e.toStdString();
    };
    DequantF16Params d;
    d.K = 256;
    d.N = 2;
    d.rowBytes = 144;
    d.kPad = 256;
    d.rows = 2;
    d.yOffset = 20;  // bytes 320 .. 1344
    ASSERT_TRUE(recordDequantF16(batch, *dq, d, &error)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 1);
    QString e;
    DequantF16Params bd = d;
    bd.K = 100;
    expectFailure(recordDequantF16(batch, *dq, bd, &e), e, "multiple of 256");
    bd = d;
    bd.kPad = 240;
    expectFailure(recordDequantF16(batch, *dq, bd, &e), e, "cannot hold");
    bd = d;
    bd.rows = 1;
    expectFailure(recordDequantF16(batch, *dq, bd, &e), e, "cannot hold");
    bd = d;
    bd.rowBytes = 146;
    expectFailure(recordDequantF16(batch, *dq, bd, &e), e, "rowBytes 146");
    bd = d;
    bd.rows = 16;  // 16 rows of 512 bytes
    expectFailure(recordDequantF16(batch, *dq, bd, &e), e, "f16 rows");
    bd = d;
    bd.N = 40;
    bd.rows = 40;
    bd.yOffset = 0;
    expectFailure(recordDequantF16(batch, *dq, bd, &e), e, "weight rows");
    expectFailure(recordDequantF16(batch, *wrong, d, &e), e, "not a dequant_f16 kernel");

    ConvertF16Params c;
    c.K = 64;
    c.M = 3;
    c.kPad = 64;
    c.cols = 4;
    c.xStride = 64;
    c.yOffset = 40;
    ASSERT_TRUE(recordConvertF16(batch, *cv, c, &error)) << error.toStdString();
    ConvertF16Params bc = c;
    bc.K = 66;
    expectFailure(recordConvertF16(batch, *cv, bc, &e), e, "cannot hold");
    bc = c;
    bc.cols = 2;
    expectFailure(recordConvertF16(batch, *cv, bc, &e), e, "cannot hold");
    bc = c;
    bc.inputMode = 2;
    expectFailure(recordConvertF16(batch, *cv, bc, &e), e, "unknown input mode");
    bc = c;
    bc.xOffset = 900;
    expectFailure(recordConvertF16(batch, *cv, bc, &e), e, "x needs");
    bc = c;
    bc.inputMode = uint32_t(MatInputMode::Geglu);
    bc.x2Offset = 1000;
    bc.x2Stride = 64;
    expectFailure(recordConvertF16(batch, *cv, bc, &e), e, "x2 needs");
    bc = c;
    bc.yOffset = 250;
    expectFailure(recordConvertF16(batch, *cv, bc, &e), e, "f16 columns");
    expectFailure(recordConvertF16(batch, *wrong, c, &e), e, "not the convert_f16 kernel");

    MatMulParams m;
    m.K = 32;
    m.N = 2;
    m.M = 2;
    m.wOffset = 0;  // 128 rows x 4 uvec4 = 512 uvec4s: more than the buffer's 256
    m.yOffset = 900;
    m.yStride = 2;
    expectFailure(recordMatMulStaged(batch, *mm, m, &e), e, "f16 weight rows");
    auto big = ctx->createBuffer(BufferKind::Storage, 65536, QStringLiteral("big"), &error);
    ASSERT_TRUE(big) << error.toStdString();
    auto mmBig = ctx->bind(kernel(KernelId::MatMulStaged), {*big, *buf}, &error);
    ASSERT_TRUE(mmBig) << error.toStdString();
    m.xOffset = 512;
    ASSERT_TRUE(recordMatMulStaged(batch, *mmBig, m, &error)) << error.toStdString();
    MatMulParams bm = m;
    bm.K = 48;
    expectFailure(recordMatMulStaged(batch, *mmBig, bm, &e), e, "multiple of 32");
    bm = m;
    bm.xOffset = 3700;  // + 512 uvec4s > 4096
    expectFailure(recordMatMulStaged(batch, *mmBig, bm, &e), e, "f16 input columns");
    bm = m;
    bm.yOffset = 1100;
    expectFailure(recordMatMulStaged(batch, *mmBig, bm, &e), e, "y needs");
    bm = m;
    bm.yStride = 1;
    expectFailure(recordMatMulStaged(batch, *mmBig, bm, &e), e, "y stride 1");
    expectFailure(recordMatMulStaged(batch, *wrong, m, &e), e, "not the matmul_staged kernel");
    EXPECT_EQ(batch.dispatchCount(), 3);
}

// Tiles beyond the grid (N over 64 x 65535 rows, say) are covered by grid-stride loops: a
// 1 x 1 and a 2 x 1 grid must give the same bits as the full grid (each output's sum is formed
// in the same order whichever workgroup computes it).
TEST_P(GpuMatMulTest, MatMulLoopsWhenTheGridIsSmallerThanTheTiles) {
    auto rng = test::seededRng();
    const TensorType type = TensorType::Q8_0;
    const uint32_t K = 96, N = 200, M = 130;
    const QByteArray rows = quantizedRows(type, int(K), int(N), rng);
    auto wb = test::makeBuffer(*ctx, BufferKind::Weights, rows.constData(), rows.size());
    auto xb = test::makeBuffer(*ctx, BufferKind::Storage, randomFloats(rng, size_t(K) * M, -1, 1));
    std::vector<std::unique_ptr<Buffer>> ys;
    std::vector<std::unique_ptr<Bindings>> bs;
    QString error;
    for (int i = 0; i < 3; ++i) {
        ys.push_back(
            test::makeBuffer(*ctx, BufferKind::Storage, std::vector<float>(size_t(N) * M)));
        bs.push_back(ctx->bind(kernel(*matMulKernel(type)), {*wb, *xb, *ys.back()}, &error));
        ASSERT_TRUE(bs.back()) << error.toStdString();
    }
    MatMulParams p;
    p.K = K;
    p.N = N;
    p.M = M;
    p.rowBytes = uint32_t(weightRowBytes(type, K));
    p.xStride = K;
    p.yStride = N;
    ComputeBatch batch;
    ASSERT_TRUE(recordMatMul(batch, *bs[0], p, &error)) << error.toStdString();
    p.tilesN = 1;
    p.tilesM = 1;
    batch.dispatch(*bs[1], p, 1, 1);
    p.tilesN = 2;
    p.tilesM = 2;
    batch.dispatch(*bs[2], p, 2, 2);
    ASSERT_TRUE(ctx->submit(batch, &error)) << error.toStdString();
    const auto full = test::readVector<float>(*ctx, *ys[0], size_t(N) * M);
    for (int i = 1; i < 3; ++i) {
        const auto small = test::readVector<float>(*ctx, *ys[size_t(i)], size_t(N) * M);
        EXPECT_EQ(std::memcmp(full.data(), small.data(), full.size() * 4), 0) << "grid " << i;
    }
}

TEST_P(GpuMatMulTest, MatMulRejectsBadParameters) {
    QString error;
    auto buf = ctx->createBuffer(BufferKind::Storage, 4096, QStringLiteral("b"), &error);
    ASSERT_TRUE(buf) << error.toStdString();
    auto b = ctx->bind(kernel(KernelId::MatMulQ4_K), {*buf, *buf, *buf}, &error);
    auto mv = ctx->bind(kernel(KernelId::MatVecQ4_K), {*buf, *buf, *buf, *buf}, &error);
    auto f32 = ctx->bind(kernel(KernelId::MatMulF32), {*buf, *buf, *buf}, &error);
    ASSERT_TRUE(b && mv && f32) << error.toStdString();
    ComputeBatch batch;
    MatMulParams good;
    good.K = 256;
    good.N = 4;
    good.M = 2;
    good.rowBytes = 144;
    good.xStride = 256;
    good.yOffset = 600;
    good.yStride = 4;
    ASSERT_TRUE(recordMatMul(batch, *b, good, &error)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 1);

    auto rejected = [&](const MatMulParams &p, const Bindings &bindings, const char *expect) {
        QString e;
        EXPECT_FALSE(recordMatMul(batch, bindings, p, &e)) << expect;
        EXPECT_TRUE(e.contains(QLatin1String(expect))) << e.toStdString();
    };
    rejected(good, *mv, "not a matmul kernel");
    MatMulParams p = good;
    p.K = 100;
    rejected(p, *b, "multiple of 256");
    p = good;
    p.K = 0;
    rejected(p, *b, "multiple of 256");
    p = good;
    p.rowBytes = 140;
    rejected(p, *b, "rowBytes 140");
    p = good;
    p.rowBytes = 146;  // not a multiple of 4 (Q4_K blocks are)
    rejected(p, *b, "rowBytes 146");
    p = good;
    p.wOffset = 2;
    rejected(p, *b, "offset 2");
    p = good;
    p.inputMode = 2;
    rejected(p, *b, "unknown input mode");
    // Index ranges against the bound buffer (4096 bytes = 1024 floats).
    p = good;
    p.N = 29;  // 29 rows of 144 bytes
    p.yStride = 29;
    rejected(p, *b, "weight rows");
    p = good;
    p.xOffset = 600;  // 600 + 256 + 256 floats > 1024
    rejected(p, *b, "x needs bytes up to 4448");
    p = good;
    p.inputMode = uint32_t(MatInputMode::Geglu);
    p.x2Offset = 700;
    p.x2Stride = 256;
    rejected(p, *b, "x2 needs");
    p = good;
    p.yOffset = 1100;
    rejected(p, *b, "y needs");
    p = good;
    p.yStride = 3;  // columns would overlap
    rejected(p, *b, "y stride 3");
    // F32 rows must be 4-byte aligned.
    p = good;
    p.K = 8;
    p.rowBytes = 34;
    p.xStride = 8;
    rejected(p, *f32, "rowBytes 34");
    // Nothing to do is not an error.
    p = good;
    p.M = 0;
    EXPECT_TRUE(recordMatMul(batch, *b, p, &error)) << error.toStdString();
    p = good;
    p.N = 0;
    EXPECT_TRUE(recordMatMul(batch, *b, p, &error)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 1);

    // Split K: the reduction must see the matmul's y range, the scratch must fit it and stay
    // clear of x and y.
    auto other = ctx->createBuffer(BufferKind::Storage, 4096, QStringLiteral("o"), &error);
    ASSERT_TRUE(other) << error.toStdString();
    auto reduce = ctx->bind(kernel(KernelId::MatMulReduce), {*buf, *buf}, &error);
    auto reduceElsewhere = ctx->bind(kernel(KernelId::MatMulReduce), {*buf, *other}, &error);
    auto partialsElsewhere = ctx->bind(kernel(KernelId::MatMulReduce), {*other, *buf}, &error);
    ASSERT_TRUE(reduce && reduceElsewhere && partialsElsewhere) << error.toStdString();
    MatMulSplit split;
    split.reduce = reduce.get();
    split.scratchOffset = 700;
    split.scratchFloats = 64;
    split.splits = 2;
    EXPECT_TRUE(recordMatMul(batch, *b, good, &error, &split)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 3);  // product + reduction
    // A scratch area too small for 2 slices (2 M N floats) leaves the product whole.
    MatMulSplit small = split;
    small.scratchFloats = 2 * good.M * good.N - 1;
    EXPECT_TRUE(recordMatMul(batch, *b, good, &error, &small)) << error.toStdString();
    EXPECT_EQ(batch.dispatchCount(), 4);
    auto rejectedSplit = [&](const MatMulSplit &s, const char *expect) {
        QString e;
        EXPECT_FALSE(recordMatMul(batch, *b, good, &e, &s)) << expect;
        EXPECT_TRUE(e.contains(QLatin1String(expect))) << e.toStdString();
    };
    MatMulSplit bad = split;
    bad.reduce = nullptr;
    rejectedSplit(bad, "split-K reduction");
    bad.reduce = reduceElsewhere.get();
    rejectedSplit(bad, "split-K reduction");
    bad.reduce = partialsElsewhere.get();
    rejectedSplit(bad, "split-K reduction");
    bad.reduce = b.get();  // a matmul, not the reduction
    rejectedSplit(bad, "split-K reduction");
    bad = split;
    bad.scratchOffset = 1000;  // 1000 + 64 floats > 1024
    rejectedSplit(bad, "split-K scratch needs");
    bad = split;
    bad.scratchOffset = 604;  // y is floats 600..607
    rejectedSplit(bad, "scratch overlaps y");
    bad = split;
    bad.scratchOffset = 500;  // x is floats 0..511
    rejectedSplit(bad, "scratch overlaps x");
    EXPECT_EQ(batch.dispatchCount(), 4);
}

// The automatic split choice (matmul_ops.h) on Gemma 4 E2B's prefill shapes at 512 tokens, and
// the FACET_MATMUL_SPLIT spellings.
TEST(MatMulSplitChoice, SplitsGridsOfFewTiles) {
    const uint32_t t = kMatMulSplitTarget;
    EXPECT_EQ(matMulSplitCount(12288, 1536, 512, t), 4u);  // 192 tiles
    EXPECT_EQ(matMulSplitCount(6144, 1536, 512, t), 4u);
    EXPECT_EQ(matMulSplitCount(2048, 1536, 512, t), 4u);
    EXPECT_EQ(matMulSplitCount(1536, 256, 512, t), 12u);  // 32 tiles, slices of 128
    EXPECT_EQ(matMulSplitCount(256, 1536, 512, t), 2u);   // K allows 2 slices of 128
    EXPECT_EQ(matMulSplitCount(1536, 2048, 512, t), 3u);
    EXPECT_EQ(matMulSplitCount(1536, 2560, 512, t), 2u);
    EXPECT_EQ(matMulSplitCount(1536, 4096, 512, t), 1u);   // 512 tiles: enough
    EXPECT_EQ(matMulSplitCount(1536, 24576, 512, t), 1u);  // 3072 tiles
    EXPECT_EQ(matMulSplitCount(128, 256, 512, t), 1u);     // K of one slice
    EXPECT_EQ(matMulSplitCount(12288, 1536, 512, 1), 1u);  // FACET_MATMUL_SPLIT=old
    EXPECT_EQ(matMulSplitCount(6144, 1536, 40, t), 32u);   // 24 tiles of a short chunk
    // The scratch a caller reserves holds every automatic split.
    for (uint32_t M : {1u, 9u, 40u, 64u, 100u, 512u}) {
        for (uint32_t N : {1u, 100u, 256u, 1536u, 2560u}) {
            const uint64_t s = matMulSplitCount(12288, N, M, t);
            EXPECT_LE(s * M * N, matMulSplitScratchFloats(M, t)) << "M=" << M << " N=" << N;
            const uint64_t st = matMulSplitCount(
                12288, N, M, t, MatMulTile{kMatMulTensorTileN, kMatMulTensorTileM});
            EXPECT_LE(st * M * N, matMulSplitScratchFloats(M, t))
                << "tensor tiles M=" << M << " N=" << N;
        }
    }

    EXPECT_EQ(parseMatMulSplitTarget(QString()), kMatMulSplitTarget);
    EXPECT_EQ(parseMatMulSplitTarget(QStringLiteral("auto")), kMatMulSplitTarget);
    EXPECT_EQ(parseMatMulSplitTarget(QStringLiteral("old")), 1u);
    EXPECT_EQ(parseMatMulSplitTarget(QStringLiteral(" OFF ")), 1u);
    EXPECT_EQ(parseMatMulSplitTarget(QStringLiteral("1")), 1u);
    EXPECT_EQ(parseMatMulSplitTarget(QStringLiteral("2048")), 2048u);
    EXPECT_EQ(parseMatMulSplitTarget(QStringLiteral("0")), std::nullopt);
    EXPECT_EQ(parseMatMulSplitTarget(QStringLiteral("many")), std::nullopt);
}

// Throughput for the report (opt-in: FACET_GPU_BENCH=1; lavapipe numbers are CPU numbers): the
// Gemma 4 E2B prefill shapes K=1536 N=12288 (FFN gate+up), K=6144 N=1536 (FFN down) and
// K=1536 N=256 (per-layer input gate) at M=512 tokens, plus M=64, every type; the small grids
// both as one dispatch ("whole", FACET_MATMUL_SPLIT=old) and with the automatic split K.
// Weights are random blocks (only their size matters).
TEST_P(GpuMatMulTest, MatMulTimings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    for (GpuContext *gc : test::kernelTestContexts(ctx)) {
        auto rng = test::seededRng();
        using Clock = std::chrono::steady_clock;
        QString error;
        std::printf("[ timing   ] device: %s\n", qPrintable(gc->info().summary()));
        struct Shape {
            uint32_t K, N, M;
        };
        const Shape shapes[] = {
            {1536, 12288, 512}, {6144, 1536, 512}, {1536, 256, 512}, {1536, 12288, 64}};
        const bool software = gc->info().softwareDevice;
        for (TensorType type : kWeightTypes) {
            for (const Shape &s : shapes) {
                if (software && s.M > 64) continue;  // minutes on a CPU rasteriser
                const QByteArray rows = randomRows(type, int(s.K), int(s.N), rng);
                auto wb = test::makeBuffer(*gc, BufferKind::Weights, rows.constData(), rows.size());
                auto xb = test::makeBuffer(*gc, BufferKind::Storage,
                                           randomFloats(rng, size_t(s.K) * s.M, -1, 1));
                // y, then the split-K scratch.
                const uint32_t scratch =
                    uint32_t(matMulSplitScratchFloats(s.M, matMulSplitTarget(*gc)));
                auto yb = test::makeBuffer(*gc, BufferKind::Storage,
                                           std::vector<float>(size_t(s.N) * s.M + scratch));
                auto b = gc->bind(loadedKernel(*gc, *matMulKernel(type)), {*wb, *xb, *yb}, &error);
                ASSERT_TRUE(b) << error.toStdString();
                auto reduce =
                    gc->bind(loadedKernel(*gc, KernelId::MatMulReduce), {*yb, *yb}, &error);
                ASSERT_TRUE(reduce) << error.toStdString();
                MatMulSplit split;
                split.reduce = reduce.get();
                split.scratchOffset = s.N * s.M;
                split.scratchFloats = scratch;
                MatMulParams p;
                p.K = s.K;
                p.N = s.N;
                p.M = s.M;
                p.rowBytes = uint32_t(weightRowBytes(type, s.K));
                p.xStride = s.K;
                p.yStride = s.N;
                const int reps = software ? 1 : 10, batches = software ? 1 : 5;
                const uint32_t slices =
                    matMulSplitCount(s.K, s.N, s.M, matMulSplitTarget(*gc),
                                     matMulTile(loadedKernel(*gc, *matMulKernel(type))));
                for (const bool splitK : {false, true}) {
                    if (splitK && slices < 2) continue;
                    const MatMulSplit *sp = splitK ? &split : nullptr;
                    // Warm-up (pipeline, caches, clocks after the host-side data generation), then
                    // the best of a few batches: the wall clock of a submit includes the frame's
                    // overhead and whatever else the GPU runs at the time.
                    ComputeBatch warm;
                    for (int i = 0; i < reps; ++i)
                        ASSERT_TRUE(recordMatMul(warm, *b, p, &error, sp)) << error.toStdString();
                    ASSERT_TRUE(gc->submit(warm, &error)) << error.toStdString();
                    double sec = 1e30;
                    for (int r = 0; r < batches; ++r) {
                        ComputeBatch batch;
                        for (int i = 0; i < reps; ++i)
                            ASSERT_TRUE(recordMatMul(batch, *b, p, &error, sp));
                        const auto t0 = Clock::now();
                        ASSERT_TRUE(gc->submit(batch, &error)) << error.toStdString();
                        sec = std::min(
                            sec, std::chrono::duration<double>(Clock::now() - t0).count() / reps);
                    }
                    const double flops = 2.0 * s.K * double(s.N) * s.M;
                    std::printf(
                        "[ timing   ] matmul %-5s K=%-5u N=%-6u M=%-4u %-9s %8.3f ms  %7.0f "
                        "GFLOPS\n",
                        typeName(type).c_str(), s.K, s.N, s.M,
                        splitK ? qPrintable(QStringLiteral("%1 slices").arg(slices)) : "whole",
                        sec * 1e3, flops / sec * 1e-9);
                }
            }
        }
    }
}

// The staged product against recordMatMul for the report (opt-in: FACET_GPU_BENCH=1; devices
// with tensor cores only): Gemma 4 E2B and E4B prefill shapes (gate|up, down, q|k|v) at 512
// and 2048 tokens, Q4_K and Q6_K; the passes timed apart (weight staging, input staging, the
// product) and together, next to the single-kernel product.
TEST_P(GpuMatMulTest, StagedMatMulTimings) {
    if (!qEnvironmentVariableIsSet("FACET_GPU_BENCH")) GTEST_SKIP() << "set FACET_GPU_BENCH=1";
    for (GpuContext *gc : test::kernelTestContexts(ctx)) {
        if (!gc->info().cooperativeMatrixNV) continue;
        auto rng = test::seededRng();
        using Clock = std::chrono::steady_clock;
        QString error;
        std::printf("[ timing   ] device: %s\n", qPrintable(gc->info().summary()));
        struct Shape {
            uint32_t K, N, M;
        };
        const Shape shapes[] = {{1536, 12288, 512},  {1536, 12288, 2048}, {6144, 1536, 2048},
                                {1536, 2560, 2048},  {2560, 20480, 512},  {2560, 20480, 2048},
                                {10240, 2560, 2048}, {2560, 3072, 2048}};
        for (TensorType type : {TensorType::Q4_K, TensorType::Q6_K}) {
            for (const Shape &s : shapes) {
                const QByteArray rows = randomRows(type, int(s.K), int(s.N), rng);
                auto wb = test::makeBuffer(*gc, BufferKind::Weights, rows.constData(), rows.size());
                auto xb = test::makeBuffer(*gc, BufferKind::Storage,
                                           randomFloats(rng, size_t(s.K) * s.M, -1, 1));
                const uint32_t scratch =
                    uint32_t(matMulSplitScratchFloats(s.M, matMulSplitTarget(*gc)));
                auto yb = test::makeBuffer(*gc, BufferKind::Storage,
                                           std::vector<float>(size_t(s.N) * s.M + scratch));
                const uint32_t xAt = uint32_t(matMulStagedStagingUvec4s(s.N, s.K));
                const size_t uv = xAt + matMulStagedStagingUvec4s(s.M, s.K);
                auto sb = test::makeBuffer(*gc, BufferKind::Storage, std::vector<float>(uv * 4));
                ASSERT_TRUE(wb && xb && yb && sb);
                auto b = gc->bind(loadedKernel(*gc, *matMulKernel(type)), {*wb, *xb, *yb}, &error);
                auto dq = gc->bind(loadedKernel(*gc, *dequantF16Kernel(type)), {*wb, *sb}, &error);
                auto cv = gc->bind(loadedKernel(*gc, KernelId::ConvertF16), {*xb, *sb}, &error);
                auto mm = gc->bind(loadedKernel(*gc, KernelId::MatMulStaged), {*sb, *yb}, &error);
                auto reduce =
                    gc->bind(loadedKernel(*gc, KernelId::MatMulReduce), {*yb, *yb}, &error);
                ASSERT_TRUE(b && dq && cv && mm && reduce) << error.toStdString();
                MatMulSplit split;
                split.reduce = reduce.get();
                split.scratchOffset = s.N * s.M;
                split.scratchFloats = scratch;
                MatMulParams p;
                p.K = s.K;
                p.N = s.N;
                p.M = s.M;
                p.rowBytes = uint32_t(weightRowBytes(type, s.K));
                p.xStride = s.K;
                p.yStride = s.N;
                DequantF16Params d;
                d.K = s.K;
                d.N = s.N;
                d.rowBytes = p.rowBytes;
                d.kPad = matMulStagedPadK(s.K);
                d.rows = matMulStagedPadRows(s.N);
                ConvertF16Params c;
                c.K = s.K;
                c.M = s.M;
                c.kPad = d.kPad;
                c.cols = matMulStagedPadRows(s.M);
                c.xStride = s.K;
                c.yOffset = xAt;
                MatMulParams q = p;
                q.K = d.kPad;
                q.xOffset = xAt;
                enum Part { Old, Weights, Inputs, Product, All };
                const char *names[] = {"matmul", "dequant_f16", "convert_f16", "staged product",
                                       "staged total"};
                for (const Part part : {Old, Weights, Inputs, Product, All}) {
                    auto record = [&](ComputeBatch &batch) {
                        bool ok = true;
                        if (part == Old) ok = recordMatMul(batch, *b, p, &error, &split);
                        if (part == Weights || part == All)
                            ok = ok && recordDequantF16(batch, *dq, d, &error);
                        if (part == Inputs || part == All)
                            ok = ok && recordConvertF16(batch, *cv, c, &error);
                        if (part == Product || part == All)
                            ok = ok && recordMatMulStaged(batch, *mm, q, &error, &split);
                        return ok;
                    };
                    const int reps = 10;
                    ComputeBatch warm;
                    for (int i = 0; i < reps; ++i)
                        ASSERT_TRUE(record(warm)) << error.toStdString();
                    ASSERT_TRUE(gc->submit(warm, &error)) << error.toStdString();
                    double sec = 1e30;
                    for (int r = 0; r < 5; ++r) {
                        ComputeBatch batch;
                        for (int i = 0; i < reps; ++i)
                            ASSERT_TRUE(record(batch));
                        const auto t0 = Clock::now();
                        ASSERT_TRUE(gc->submit(batch, &error)) << error.toStdString();
                        sec = std::min(
                            sec, std::chrono::duration<double>(Clock::now() - t0).count() / reps);
                    }
                    const double flops = 2.0 * s.K * double(s.N) * s.M;
                    std::printf(
                        "[ timing   ] %-5s K=%-5u N=%-6u M=%-4u %-15s %8.3f ms  %7.0f "
                        "GFLOPS\n",
                        typeName(type).c_str(), s.K, s.N, s.M, names[part], sec * 1e3,
                        flops / sec * 1e-9);
                }
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuMatMulTest,
                         ::testing::Values(Backend::Vulkan, Backend::OpenGL),
                         [](const auto &p) { return test::backendTestName(p.param); });

}  // namespace
}  // namespace facet::gpu
