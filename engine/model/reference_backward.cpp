// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/reference_backward.h"

#include <QFloat16>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <vector>

namespace facet::model::ref {

namespace {

// Contract check, as in reference_ops.cpp: a size mismatch is a programming error.
void require(bool ok, const char *what) {
    if (ok) return;
    std::fprintf(stderr, "facet reference backward: contract violated: %s\n", what);
    std::abort();
}

// dst += g, the sum rounded once to dst's type.
template <typename T>
void addTo(T &dst, double g) {
    dst = static_cast<T>(static_cast<double>(dst) + g);
}

// sech²(z) = 1 / cosh²(z): the derivative of tanh, without the cancellation of 1 − tanh² (cosh
// overflows to infinity for |z| > 710, giving the correct limit 0).
double sech2(double z) {
    const double c = std::cosh(z);
    return 1.0 / (c * c);
}

// One RMS norm row's backward into double accumulators: dx[i] += …, dw[i] += … (w, dw may be
// null: the weightless norm / no weight gradient).
template <typename X>
void rmsRowBackward(const X *x, const float *w, const float *dy, size_t n, double eps, double *dx,
                    double *dw) {
    double sumSq = 0.0, dotXwDy = 0.0;
    for (size_t i = 0; i < n; ++i) {
        const double xi = static_cast<double>(x[i]);
        const double wi = w ? static_cast<double>(w[i]) : 1.0;
        sumSq += xi * xi;
        dotXwDy += xi * wi * static_cast<double>(dy[i]);
    }
    const double inv = 1.0 / std::sqrt(sumSq / static_cast<double>(n) + eps);
    const double coef = inv * inv * inv * dotXwDy / static_cast<double>(n);
    for (size_t i = 0; i < n; ++i) {
        const double xi = static_cast<double>(x[i]);
        const double wi = w ? static_cast<double>(w[i]) : 1.0;
        if (dx) dx[i] += inv * wi * static_cast<double>(dy[i]) - coef * xi;
        if (dw) dw[i] += inv * xi * static_cast<double>(dy[i]);
    }
}

}  // namespace

// ---- projections ------------------------------------------------------------------------------

namespace {

void matmulBackwardImpl(const WeightView &w, std::span<const float> dy, int t, std::span<float> dx,
                        bool f16Weights) {
    require(t >= 0, "matmulBackward: negative row count");
    const size_t in = static_cast<size_t>(w.cols);
    const size_t out = static_cast<size_t>(w.rows);
    const size_t rows = static_cast<size_t>(t);
    require(dy.size() == out * rows, "matmulBackward dy size");
    require(dx.size() == in * rows, "matmulBackward dx size");
    std::vector<double> acc(in * rows, 0.0);
    std::vector<float> row(in);
    for (size_t n = 0; n < out; ++n) {
        w.dequantizeRow(static_cast<int64_t>(n), row);
        if (f16Weights) {
            for (float &v : row)
                v = float(qfloat16(v));
        }
        for (size_t r = 0; r < rows; ++r) {
            const double g = dy[r * out + n];
            if (g == 0.0) continue;
            double *a = acc.data() + r * in;
            for (size_t k = 0; k < in; ++k)
                a[k] += static_cast<double>(row[k]) * g;
        }
    }
    for (size_t i = 0; i < acc.size(); ++i)
        addTo(dx[i], acc[i]);
}

}  // namespace

void matmulBackwardF16(const WeightView &w, std::span<const float> dy, int t, std::span<float> dx,
                       double dyScale) {
    require(dyScale > 0.0, "matmulBackwardF16: the scale must be positive");
    // convert_f16 saturates at f16's largest finite value rather than overflowing to infinity.
    constexpr float kHalfMax = 65504.0f;
    std::vector<float> rounded(dy.size());
    for (size_t i = 0; i < dy.size(); ++i) {
        const float scaled = std::clamp(float(double(dy[i]) * dyScale), -kHalfMax, kHalfMax);
        rounded[i] = float(double(float(qfloat16(scaled))) / dyScale);
    }
    matmulBackwardImpl(w, rounded, t, dx, true);
}

void matmulBackward(const WeightView &w, std::span<const float> dy, int t, std::span<float> dx) {
    matmulBackwardImpl(w, dy, t, dx, false);
}

void loraAddBackward(std::span<const float> a, std::span<const float> b, int rank, float s,
                     std::span<const float> x, int t, std::span<const float> dy,
                     std::span<float> dx, std::span<float> dA, std::span<float> dB) {
    require(rank > 0 && t >= 0, "loraAddBackward rank and row count");
    const size_t r = static_cast<size_t>(rank);
    require(a.size() % r == 0 && b.size() % r == 0, "loraAddBackward factor sizes");
    const size_t in = a.size() / r;
    const size_t out = b.size() / r;
    const size_t rows = static_cast<size_t>(t);
    require(in > 0 && out > 0, "loraAddBackward empty factor");
    require(x.size() == in * rows && dy.size() == out * rows, "loraAddBackward x / dy size");
    require(dx.empty() || dx.size() == x.size(), "loraAddBackward dx size");
    require(dA.empty() || dA.size() == a.size(), "loraAddBackward dA size");
    require(dB.empty() || dB.size() == b.size(), "loraAddBackward dB size");
    const double sd = s;
    std::vector<double> accA(dA.empty() ? 0 : a.size(), 0.0);
    std::vector<double> accB(dB.empty() ? 0 : b.size(), 0.0);
    std::vector<double> ax(r), bdy(r);
    for (size_t row = 0; row < rows; ++row) {
        const float *xr = x.data() + row * in;
        const float *gr = dy.data() + row * out;
        for (size_t j = 0; j < r; ++j) {
            double sumX = 0.0;
            for (size_t k = 0; k < in; ++k)
                sumX += static_cast<double>(a[j * in + k]) * static_cast<double>(xr[k]);
            ax[j] = sumX;
            double sumG = 0.0;
            for (size_t n = 0; n < out; ++n)
                sumG += static_cast<double>(b[n * r + j]) * static_cast<double>(gr[n]);
            bdy[j] = sumG;
        }
        if (!dx.empty()) {
            for (size_t k = 0; k < in; ++k) {
                double sum = 0.0;
                for (size_t j = 0; j < r; ++j)
                    sum += static_cast<double>(a[j * in + k]) * bdy[j];
                addTo(dx[row * in + k], sd * sum);
            }
        }
        if (!dA.empty()) {
            for (size_t j = 0; j < r; ++j)
                for (size_t k = 0; k < in; ++k)
                    accA[j * in + k] += sd * bdy[j] * static_cast<double>(xr[k]);
        }
        if (!dB.empty()) {
            for (size_t n = 0; n < out; ++n)
                for (size_t j = 0; j < r; ++j)
                    accB[n * r + j] += sd * static_cast<double>(gr[n]) * ax[j];
        }
    }
    for (size_t i = 0; i < accA.size(); ++i)
        addTo(dA[i], accA[i]);
    for (size_t i = 0; i < accB.size(); ++i)
        addTo(dB[i], accB[i]);
}

void embeddingBackward(std::span<const int32_t> ids, float scale, std::span<const float> dOut,
                       std::span<float> dTable) {
    require(!ids.empty() && dOut.size() % ids.size() == 0, "embeddingBackward dOut size");
    const size_t cols = dOut.size() / ids.size();
    require(cols > 0 && dTable.size() % cols == 0, "embeddingBackward table size");
    const size_t tableRows = dTable.size() / cols;
    std::map<int32_t, std::vector<double>> sums;
    for (size_t i = 0; i < ids.size(); ++i) {
        require(ids[i] >= 0 && static_cast<size_t>(ids[i]) < tableRows,
                "embeddingBackward id out of range");
        std::vector<double> &sum = sums[ids[i]];
        sum.resize(cols, 0.0);
        for (size_t c = 0; c < cols; ++c)
            sum[c] += static_cast<double>(scale) * static_cast<double>(dOut[i * cols + c]);
    }
    for (const auto &[id, sum] : sums) {
        for (size_t c = 0; c < cols; ++c)
            addTo(dTable[static_cast<size_t>(id) * cols + c], sum[c]);
    }
}

// ---- normalisation ----------------------------------------------------------------------------

void rmsNormRowsBackward(std::span<const float> x, int rows, std::span<const float> weight,
                         std::span<const float> dy, float eps, std::span<float> dx,
                         std::span<float> dw) {
    require(rows > 0 && x.size() % static_cast<size_t>(rows) == 0, "rmsNormRowsBackward rows");
    const size_t dim = x.size() / static_cast<size_t>(rows);
    require(dim > 0, "rmsNormRowsBackward empty row");
    require(dy.size() == x.size(), "rmsNormRowsBackward dy size");
    require(dx.empty() || dx.size() == x.size(), "rmsNormRowsBackward dx size");
    require(weight.empty() || weight.size() == dim, "rmsNormRowsBackward weight size");
    require(dw.empty() || (!weight.empty() && dw.size() == dim), "rmsNormRowsBackward dw size");
    std::vector<double> accX(dim), accW(dw.empty() ? 0 : dim, 0.0);
    for (size_t r = 0; r < static_cast<size_t>(rows); ++r) {
        std::fill(accX.begin(), accX.end(), 0.0);
        rmsRowBackward(x.data() + r * dim, weight.empty() ? nullptr : weight.data(),
                       dy.data() + r * dim, dim, static_cast<double>(eps), accX.data(),
                       accW.empty() ? nullptr : accW.data());
        if (dx.empty()) continue;
        for (size_t i = 0; i < dim; ++i)
            addTo(dx[r * dim + i], accX[i]);
    }
    for (size_t i = 0; i < accW.size(); ++i)
        addTo(dw[i], accW[i]);
}

void rmsNormWeightedBackward(std::span<const float> x, std::span<const float> weight,
                             std::span<const float> dy, float eps, std::span<float> dx,
                             std::span<float> dw) {
    require(weight.size() == x.size(), "rmsNormWeightedBackward weight size");
    rmsNormRowsBackward(x, 1, weight, dy, eps, dx, dw);
}

void rmsNormBackward(std::span<const float> x, std::span<const float> dy, float eps,
                     std::span<float> dx) {
    rmsNormRowsBackward(x, 1, {}, dy, eps, dx, {});
}

// ---- activations ------------------------------------------------------------------------------

double geluTanhDerivative(double x) {
    const double k = 0.7978845608028654;  // sqrt(2/pi)
    const double z = k * (x + 0.044715 * x * x * x);
    return 0.5 * (1.0 + std::tanh(z)) + 0.5 * x * sech2(z) * k * (1.0 + 3.0 * 0.044715 * x * x);
}

void gegluBackward(std::span<const float> gate, std::span<const float> up,
                   std::span<const float> dOut, std::span<float> dGate, std::span<float> dUp) {
    require(up.size() == gate.size() && dOut.size() == gate.size(), "gegluBackward sizes");
    require(dGate.empty() || dGate.size() == gate.size(), "gegluBackward dGate size");
    require(dUp.empty() || dUp.size() == gate.size(), "gegluBackward dUp size");
    for (size_t i = 0; i < gate.size(); ++i) {
        const double g = gate[i];
        const double d = dOut[i];
        if (!dGate.empty()) addTo(dGate[i], geluTanhDerivative(g) * static_cast<double>(up[i]) * d);
        if (!dUp.empty()) addTo(dUp[i], geluTanh(g) * d);
    }
}

void softcapBackward(std::span<const float> x, float cap, std::span<const float> dy,
                     std::span<float> dx) {
    require(dy.size() == x.size() && dx.size() == x.size(), "softcapBackward sizes");
    for (size_t i = 0; i < x.size(); ++i) {
        const double d = cap > 0.0f ? sech2(static_cast<double>(x[i]) / cap) : 1.0;
        addTo(dx[i], d * static_cast<double>(dy[i]));
    }
}

// ---- rotary position embedding ----------------------------------------------------------------

void ropeNeoxBackward(std::span<const float> dy, int headDim, int64_t position, const RopeParams &p,
                      std::span<float> dx) {
    require(headDim > 0 && dy.size() % static_cast<size_t>(headDim) == 0,
            "ropeNeoxBackward head dim");
    require(dx.size() == dy.size(), "ropeNeoxBackward dx size");
    require(p.dims > 0 && p.dims % 2 == 0 && p.dims <= headDim, "ropeNeoxBackward dims");
    require(p.freqFactors.empty() || p.freqFactors.size() == static_cast<size_t>(p.dims / 2),
            "ropeNeoxBackward freq factor count");
    const size_t hd = static_cast<size_t>(headDim);
    const size_t half = static_cast<size_t>(p.dims / 2);
    for (size_t base = 0; base < dy.size(); base += hd) {
        for (size_t j = 0; j < half; ++j) {
            const double angle = ropeAngle(p, static_cast<int>(j), position);
            const double c = std::cos(angle);
            const double s = std::sin(angle);
            const double g0 = dy[base + j];
            const double g1 = dy[base + j + half];
            // The transpose of [[c, −s], [s, c]].
            addTo(dx[base + j], g0 * c + g1 * s);
            addTo(dx[base + j + half], g1 * c - g0 * s);
        }
        for (size_t j = 2 * half; j < hd; ++j)
            addTo(dx[base + j], static_cast<double>(dy[base + j]));
    }
}

// ---- attention --------------------------------------------------------------------------------

void attentionBackward(std::span<const float> q, std::span<const int64_t> qPos,
                       std::span<const float> k, std::span<const float> v,
                       std::span<const int64_t> kPos, const AttentionParams &p,
                       std::span<const float> dOut, std::span<float> dq, std::span<float> dk,
                       std::span<float> dv) {
    require(p.heads > 0 && p.kvHeads > 0 && p.heads % p.kvHeads == 0 && p.headDim > 0,
            "attentionBackward head counts");
    const size_t hd = static_cast<size_t>(p.headDim);
    const size_t qWidth = static_cast<size_t>(p.heads) * hd;
    const size_t kvWidth = static_cast<size_t>(p.kvHeads) * hd;
    const size_t tq = qPos.size();
    const size_t tk = kPos.size();
    require(q.size() == tq * qWidth && dOut.size() == tq * qWidth, "attentionBackward q size");
    require(k.size() == tk * kvWidth && v.size() == tk * kvWidth, "attentionBackward k/v size");
    require(dq.empty() || dq.size() == q.size(), "attentionBackward dq size");
    require(dk.empty() || dk.size() == k.size(), "attentionBackward dk size");
    require(dv.empty() || dv.size() == v.size(), "attentionBackward dv size");

    const double scale = p.scale;
    const double cap = p.logitCap;
    std::vector<double> accK(dk.empty() ? 0 : k.size(), 0.0);
    std::vector<double> accV(dv.empty() ? 0 : v.size(), 0.0);
    std::vector<double> raw(tk), probs(tk), dProbs(tk), accQ(hd);
    for (size_t i = 0; i < tq; ++i) {
        for (size_t h = 0; h < static_cast<size_t>(p.heads); ++h) {
            const size_t g = h * static_cast<size_t>(p.kvHeads) / static_cast<size_t>(p.heads);
            const float *qi = q.data() + i * qWidth + h * hd;
            const float *dOi = dOut.data() + i * qWidth + h * hd;
            // The forward's softmax, recomputed: raw scores, capped scores, weights.
            double maxScore = -std::numeric_limits<double>::infinity();
            for (size_t j = 0; j < tk; ++j) {
                if (!attentionVisible(qPos[i], kPos[j], p.window)) continue;
                const float *kj = k.data() + j * kvWidth + g * hd;
                double s = 0.0;
                for (size_t d = 0; d < hd; ++d)
                    s += static_cast<double>(qi[d]) * static_cast<double>(kj[d]);
                raw[j] = s * scale;
                probs[j] = cap > 0.0 ? cap * std::tanh(raw[j] / cap) : raw[j];
                maxScore = std::max(maxScore, probs[j]);
            }
            if (maxScore == -std::numeric_limits<double>::infinity()) continue;  // nothing visible
            double sum = 0.0;
            for (size_t j = 0; j < tk; ++j) {
                if (!attentionVisible(qPos[i], kPos[j], p.window)) continue;
                probs[j] = std::exp(probs[j] - maxScore);
                sum += probs[j];
            }
            // dP_j = dO·v_j and Σ_j P_j·dP_j (= dO·O).
            double pdp = 0.0;
            for (size_t j = 0; j < tk; ++j) {
                if (!attentionVisible(qPos[i], kPos[j], p.window)) continue;
                probs[j] /= sum;
                const float *vj = v.data() + j * kvWidth + g * hd;
                double dp = 0.0;
                for (size_t d = 0; d < hd; ++d)
                    dp += static_cast<double>(dOi[d]) * static_cast<double>(vj[d]);
                dProbs[j] = dp;
                pdp += probs[j] * dp;
            }
            std::fill(accQ.begin(), accQ.end(), 0.0);
            for (size_t j = 0; j < tk; ++j) {
                if (!attentionVisible(qPos[i], kPos[j], p.window)) continue;
                if (!accV.empty()) {
                    double *dvj = accV.data() + j * kvWidth + g * hd;
                    for (size_t d = 0; d < hd; ++d)
                        dvj[d] += probs[j] * static_cast<double>(dOi[d]);
                }
                // Through the softmax, the cap and the scale: dL/d(q·k_j).
                double dScore = probs[j] * (dProbs[j] - pdp);
                if (cap > 0.0) dScore *= sech2(raw[j] / cap);
                dScore *= scale;
                const float *kj = k.data() + j * kvWidth + g * hd;
                for (size_t d = 0; d < hd; ++d)
                    accQ[d] += dScore * static_cast<double>(kj[d]);
                if (!accK.empty()) {
                    double *dkj = accK.data() + j * kvWidth + g * hd;
                    for (size_t d = 0; d < hd; ++d)
                        dkj[d] += dScore * static_cast<double>(qi[d]);
                }
            }
            if (!dq.empty()) {
                for (size_t d = 0; d < hd; ++d)
                    addTo(dq[i * qWidth + h * hd + d], accQ[d]);
            }
        }
    }
    for (size_t i = 0; i < accK.size(); ++i)
        addTo(dk[i], accK[i]);
    for (size_t i = 0; i < accV.size(); ++i)
        addTo(dv[i], accV[i]);
}

// ---- small helpers ----------------------------------------------------------------------------

void addInto(std::span<float> dst, std::span<const float> g) {
    require(g.size() == dst.size(), "addInto sizes");
    for (size_t i = 0; i < dst.size(); ++i)
        addTo(dst[i], static_cast<double>(g[i]));
}

double scaleBackward(std::span<const float> x, float s, std::span<const float> dy,
                     std::span<float> dx) {
    require(dy.size() == x.size() && (dx.empty() || dx.size() == x.size()), "scaleBackward sizes");
    double ds = 0.0;
    for (size_t i = 0; i < x.size(); ++i) {
        ds += static_cast<double>(x[i]) * static_cast<double>(dy[i]);
        if (!dx.empty()) addTo(dx[i], static_cast<double>(s) * static_cast<double>(dy[i]));
    }
    return ds;
}

// ---- per-layer inputs -------------------------------------------------------------------------

void pleCombineBackward(std::span<const float> proj, std::span<const float> norm, float projScale,
                        float eps, std::span<const float> dOut, std::span<float> dProj,
                        std::span<float> dZ, std::span<float> dNorm) {
    require(!norm.empty() && proj.size() % norm.size() == 0, "pleCombineBackward row width");
    require(dOut.size() == proj.size(), "pleCombineBackward dOut size");
    require(dProj.empty() || dProj.size() == proj.size(), "pleCombineBackward dProj size");
    require(dZ.empty() || dZ.size() == proj.size(), "pleCombineBackward dZ size");
    require(dNorm.empty() || dNorm.size() == norm.size(), "pleCombineBackward dNorm size");
    const double half = 1.0 / std::sqrt(2.0);
    const double ps = projScale;
    const size_t dim = norm.size();
    const size_t rows = proj.size() / dim;
    if (!dZ.empty()) {
        for (size_t i = 0; i < proj.size(); ++i)
            addTo(dZ[i], half * static_cast<double>(dOut[i]));
    }
    if (dProj.empty() && dNorm.empty()) return;
    // The norm's input is proj·projScale (kept in double); its output gradient is 2^-½·dOut, and
    // as the backward is linear in it, the 2^-½ is applied to the results.
    std::vector<double> scaled(dim), accX(dim), accW(dNorm.empty() ? 0 : dim, 0.0);
    for (size_t r = 0; r < rows; ++r) {
        for (size_t i = 0; i < dim; ++i)
            scaled[i] = static_cast<double>(proj[r * dim + i]) * ps;
        std::fill(accX.begin(), accX.end(), 0.0);
        rmsRowBackward(scaled.data(), norm.data(), dOut.data() + r * dim, dim,
                       static_cast<double>(eps), accX.data(), accW.empty() ? nullptr : accW.data());
        if (dProj.empty()) continue;
        for (size_t i = 0; i < dim; ++i)
            addTo(dProj[r * dim + i], ps * half * accX[i]);
    }
    for (size_t i = 0; i < accW.size(); ++i)
        addTo(dNorm[i], half * accW[i]);
}

// ---- loss -------------------------------------------------------------------------------------

namespace {

template <typename T>
double crossEntropyT(std::span<const T> logits, std::span<const int32_t> targets,
                     std::span<T> dLogits) {
    require(!targets.empty() && logits.size() % targets.size() == 0, "crossEntropy logits size");
    const size_t vocab = logits.size() / targets.size();
    require(vocab > 0, "crossEntropy empty vocabulary");
    require(dLogits.empty() || dLogits.size() == logits.size(), "crossEntropy dLogits size");
    size_t count = 0;
    for (int32_t t : targets) {
        require(t < 0 || static_cast<size_t>(t) < vocab, "crossEntropy target out of range");
        if (t >= 0) ++count;
    }
    if (count == 0) return 0.0;
    double loss = 0.0;
    for (size_t r = 0; r < targets.size(); ++r) {
        if (targets[r] < 0) continue;
        const T *row = logits.data() + r * vocab;
        double maxLogit = -std::numeric_limits<double>::infinity();
        for (size_t j = 0; j < vocab; ++j)
            maxLogit = std::max(maxLogit, static_cast<double>(row[j]));
        double sumExp = 0.0;
        for (size_t j = 0; j < vocab; ++j)
            sumExp += std::exp(static_cast<double>(row[j]) - maxLogit);
        const double logSumExp = maxLogit + std::log(sumExp);
        const size_t target = static_cast<size_t>(targets[r]);
        loss += logSumExp - static_cast<double>(row[target]);
        if (dLogits.empty()) continue;
        for (size_t j = 0; j < vocab; ++j) {
            const double prob = std::exp(static_cast<double>(row[j]) - logSumExp);
            const double onehot = j == target ? 1.0 : 0.0;
            addTo(dLogits[r * vocab + j], (prob - onehot) / static_cast<double>(count));
        }
    }
    return loss / static_cast<double>(count);
}

}  // namespace

double crossEntropy(std::span<const float> logits, std::span<const int32_t> targets,
                    std::span<float> dLogits) {
    return crossEntropyT(logits, targets, dLogits);
}

double crossEntropy(std::span<const double> logits, std::span<const int32_t> targets,
                    std::span<double> dLogits) {
    return crossEntropyT(logits, targets, dLogits);
}

}  // namespace facet::model::ref
