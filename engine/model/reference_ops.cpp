// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/reference_ops.h"

#include "gguf/dequant.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace facet::model::ref {

namespace {

// Contract check: these functions are called with sizes the caller controls, so a mismatch is a
// programming error. Fail loudly in every build type rather than read out of bounds.
void require(bool ok, const char *what) {
    if (ok) return;
    std::fprintf(stderr, "facet reference op: contract violated: %s\n", what);
    std::abort();
}

template <typename A, typename B>
double dot(const A *a, const B *b, size_t n) {
    double s = 0.0;
    for (size_t i = 0; i < n; ++i)
        s += static_cast<double>(a[i]) * static_cast<double>(b[i]);
    return s;
}

}  // namespace

// ---- weights ----------------------------------------------------------------------------------

void WeightView::dequantizeRow(int64_t r, std::span<float> out) const {
    require(valid(), "dequantizeRow on an invalid weight view");
    require(r >= 0 && r < rows, "weight row out of range");
    require(out.size() == static_cast<size_t>(cols), "dequantizeRow output size");
    const uint8_t *src = data + static_cast<size_t>(r) * rowBytes;
    require(gguf::dequantizeRow(type, src, out.data(), cols), "unsupported weight type");
}

WeightView WeightView::fromF32(std::span<const float> values, int64_t cols, int64_t rows) {
    require(cols > 0 && rows > 0 && values.size() == static_cast<size_t>(cols * rows),
            "fromF32 size");
    WeightView w;
    w.type = gguf::TensorType::F32;
    w.data = reinterpret_cast<const uint8_t *>(values.data());
    w.cols = cols;
    w.rows = rows;
    w.rowBytes = static_cast<size_t>(cols) * sizeof(float);
    return w;
}

WeightView WeightView::fromTensor(const gguf::TensorInfo &t) {
    WeightView w;
    const auto traits = gguf::typeTraits(t.type);
    if (!traits || !gguf::canDequantize(t.type) || t.ne.empty() || t.ne[0] == 0 ||
        t.ne[0] % traits->blockSize != 0) {
        return w;  // invalid
    }
    w.type = t.type;
    w.data = t.data;
    w.cols = static_cast<int64_t>(t.ne[0]);
    w.rows = static_cast<int64_t>(t.rows());
    w.rowBytes = static_cast<size_t>(t.rowBytes());
    return w;
}

void matvec(const WeightView &w, std::span<const float> x, std::span<float> y) {
    matmul(w, x, 1, y);
}

namespace {

template <typename T>
void matmulT(const WeightView &w, std::span<const T> x, int t, std::span<T> y) {
    require(t >= 0, "matmul: negative row count");
    const size_t in = static_cast<size_t>(w.cols);
    const size_t out = static_cast<size_t>(w.rows);
    require(x.size() == in * static_cast<size_t>(t), "matmul input size");
    require(y.size() == out * static_cast<size_t>(t), "matmul output size");
    std::vector<float> row(in);
    for (size_t n = 0; n < out; ++n) {
        w.dequantizeRow(static_cast<int64_t>(n), row);
        for (size_t r = 0; r < static_cast<size_t>(t); ++r) {
            y[r * out + n] = static_cast<T>(dot(row.data(), x.data() + r * in, in));
        }
    }
}

}  // namespace

void matmul(const WeightView &w, std::span<const float> x, int t, std::span<float> y) {
    matmulT(w, x, t, y);
}

void matmul(const WeightView &w, std::span<const double> x, int t, std::span<double> y) {
    matmulT(w, x, t, y);
}

Q8A q8aQuantize(std::span<const float> x) {
    require(x.size() % 32 == 0, "q8aQuantize: length must be a multiple of 32");
    Q8A a;
    a.q.resize(x.size());
    a.d.resize(x.size() / 32);
    for (size_t b = 0; b < a.d.size(); ++b) {
        float amax = 0.0f;
        for (size_t i = 0; i < 32; ++i)
            amax = std::max(amax, std::fabs(x[32 * b + i]));
        const float d = amax / 127.0f;
        const float id = d > 0.0f ? 1.0f / d : 0.0f;
        a.d[b] = d;
        for (size_t i = 0; i < 32; ++i) {
            // std::nearbyint rounds half to even in the default rounding mode (roundEven).
            const float r = std::nearbyint(x[32 * b + i] * id);
            a.q[32 * b + i] = static_cast<int8_t>(std::clamp(r, -127.0f, 127.0f));
        }
    }
    return a;
}

std::vector<float> q8aRound(std::span<const float> x) {
    const Q8A a = q8aQuantize(x);
    std::vector<float> y(x.size());
    for (size_t i = 0; i < y.size(); ++i)
        y[i] = a.d[i / 32] * static_cast<float>(a.q[i]);
    return y;
}

std::vector<uint32_t> q8aPack(const Q8A &a) {
    std::vector<uint32_t> out(a.d.size() * 12, 0u);
    for (size_t b = 0; b < a.d.size(); ++b) {
        int sums[2] = {0, 0};
        for (size_t i = 0; i < 32; ++i) {
            const int8_t q = a.q[32 * b + i];
            sums[i / 16] += q;
            out[12 * b + i / 4] |= uint32_t(uint8_t(q)) << (8 * (i % 4));
        }
        const float halves[3] = {a.d[b], a.d[b] * static_cast<float>(sums[0]),
                                 a.d[b] * static_cast<float>(sums[1])};
        for (int k = 0; k < 3; ++k)
            std::memcpy(&out[12 * b + 8 + size_t(k)], &halves[k], 4);
    }
    return out;
}

bool q8aDotType(gguf::TensorType type) {
    using gguf::TensorType;
    return type == TensorType::Q8_0 || type == TensorType::Q4_K || type == TensorType::Q5_K ||
           type == TensorType::Q6_K;
}

void matmulQ8Inputs(const WeightView &w, std::span<const float> x, int t, std::span<float> y,
                    int64_t minWeights) {
    if (minWeights < 0 || !q8aDotType(w.type) || w.cols % 32 != 0 || w.cols * w.rows < minWeights) {
        matmul(w, x, t, y);
        return;
    }
    require(x.size() == static_cast<size_t>(w.cols) * static_cast<size_t>(t), "matmul input size");
    std::vector<float> rounded(x.size());
    const size_t in = static_cast<size_t>(w.cols);
    for (size_t r = 0; r < static_cast<size_t>(t); ++r) {
        const std::vector<float> row = q8aRound(x.subspan(r * in, in));
        std::copy(row.begin(), row.end(), rounded.begin() + static_cast<ptrdiff_t>(r * in));
    }
    matmul(w, rounded, t, y);
}

void embeddingRow(const WeightView &table, int64_t id, float scale, std::span<float> out) {
    table.dequantizeRow(id, out);
    for (float &v : out)
        v = v * scale;
}

void embeddingRow(const WeightView &table, int64_t id, double scale, std::span<double> out) {
    require(out.size() == static_cast<size_t>(table.cols), "embeddingRow output size");
    std::vector<float> row(out.size());
    table.dequantizeRow(id, row);
    for (size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<double>(row[i]) * scale;
}

// ---- LoRA adapters ----------------------------------------------------------------------------

namespace {

template <typename T>
void loraAddT(std::span<const T> a, std::span<const T> b, int rank, T s, std::span<const T> x,
              int t, std::span<T> y) {
    require(rank > 0 && t >= 0, "loraAdd rank and row count");
    require(a.size() % static_cast<size_t>(rank) == 0 && b.size() % static_cast<size_t>(rank) == 0,
            "loraAdd factor sizes");
    const size_t r = static_cast<size_t>(rank);
    const size_t in = a.size() / r;
    const size_t out = b.size() / r;
    require(in > 0 && out > 0, "loraAdd empty factor");
    require(x.size() == in * static_cast<size_t>(t), "loraAdd input size");
    require(y.size() == out * static_cast<size_t>(t), "loraAdd output size");
    std::vector<double> ax(r);
    for (size_t row = 0; row < static_cast<size_t>(t); ++row) {
        for (size_t j = 0; j < r; ++j)
            ax[j] = dot(a.data() + j * in, x.data() + row * in, in);
        for (size_t n = 0; n < out; ++n) {
            double sum = 0.0;
            for (size_t j = 0; j < r; ++j)
                sum += static_cast<double>(b[n * r + j]) * ax[j];
            T &yv = y[row * out + n];
            yv = static_cast<T>(static_cast<double>(yv) + static_cast<double>(s) * sum);
        }
    }
}

}  // namespace

void loraAdd(std::span<const float> a, std::span<const float> b, int rank, float s,
             std::span<const float> x, int t, std::span<float> y) {
    loraAddT(a, b, rank, s, x, t, y);
}

void loraAdd(std::span<const double> a, std::span<const double> b, int rank, double s,
             std::span<const double> x, int t, std::span<double> y) {
    loraAddT(a, b, rank, s, x, t, y);
}

// ---- normalisation ----------------------------------------------------------------------------

namespace {

template <typename T>
double rmsInverseT(std::span<const T> x, double eps) {
    require(!x.empty(), "rms of an empty vector");
    double sumSq = 0.0;
    for (T v : x)
        sumSq += static_cast<double>(v) * static_cast<double>(v);
    const double meanSq = sumSq / static_cast<double>(x.size());
    return 1.0 / std::sqrt(meanSq + eps);
}

template <typename T>
void rmsNormT(std::span<const T> x, std::span<T> y, double eps) {
    require(y.size() == x.size(), "rmsNorm output size");
    const double inv = rmsInverseT(x, eps);
    for (size_t i = 0; i < x.size(); ++i)
        y[i] = static_cast<T>(static_cast<double>(x[i]) * inv);
}

template <typename T>
void rmsNormWeightedT(std::span<const T> x, std::span<const T> weight, std::span<T> y, double eps) {
    require(y.size() == x.size() && weight.size() == x.size(), "rmsNormWeighted sizes");
    const double inv = rmsInverseT(x, eps);
    for (size_t i = 0; i < x.size(); ++i)
        y[i] = static_cast<T>(static_cast<double>(x[i]) * inv * static_cast<double>(weight[i]));
}

template <typename T>
void rmsNormRowsT(std::span<const T> x, int rows, std::span<const T> weight, std::span<T> y,
                  double eps) {
    require(rows > 0 && x.size() % static_cast<size_t>(rows) == 0, "rmsNormRows row count");
    require(y.size() == x.size(), "rmsNormRows output size");
    const size_t dim = x.size() / static_cast<size_t>(rows);
    require(weight.empty() || weight.size() == dim, "rmsNormRows weight size");
    for (size_t r = 0; r < static_cast<size_t>(rows); ++r) {
        const auto in = x.subspan(r * dim, dim);
        const auto out = y.subspan(r * dim, dim);
        if (weight.empty()) {
            rmsNormT(in, out, eps);
        } else {
            rmsNormWeightedT(in, weight, out, eps);
        }
    }
}

}  // namespace

double rmsInverse(std::span<const float> x, float eps) {
    return rmsInverseT(x, eps);
}

double rmsInverse(std::span<const double> x, double eps) {
    return rmsInverseT(x, eps);
}

void rmsNorm(std::span<const float> x, std::span<float> y, float eps) {
    rmsNormT(x, y, eps);
}

void rmsNorm(std::span<const double> x, std::span<double> y, double eps) {
    rmsNormT(x, y, eps);
}

void rmsNormWeighted(std::span<const float> x, std::span<const float> weight, std::span<float> y,
                     float eps) {
    rmsNormWeightedT(x, weight, y, eps);
}

void rmsNormWeighted(std::span<const double> x, std::span<const double> weight, std::span<double> y,
                     double eps) {
    rmsNormWeightedT(x, weight, y, eps);
}

void rmsNormRows(std::span<const float> x, int rows, std::span<const float> weight,
                 std::span<float> y, float eps) {
    rmsNormRowsT(x, rows, weight, y, eps);
}

void rmsNormRows(std::span<const double> x, int rows, std::span<const double> weight,
                 std::span<double> y, double eps) {
    rmsNormRowsT(x, rows, weight, y, eps);
}

// ---- activations ------------------------------------------------------------------------------

namespace {

template <typename T>
T geluTanhT(T x) {
    const double v = x;
    const double k = 0.7978845608028654;  // sqrt(2/pi)
    return static_cast<T>(0.5 * v * (1.0 + std::tanh(k * (v + 0.044715 * v * v * v))));
}

template <typename T>
void gegluT(std::span<const T> gate, std::span<const T> up, std::span<T> out) {
    require(up.size() == gate.size() && out.size() == gate.size(), "geglu sizes");
    for (size_t i = 0; i < gate.size(); ++i) {
        out[i] =
            static_cast<T>(static_cast<double>(geluTanhT(gate[i])) * static_cast<double>(up[i]));
    }
}

template <typename T>
T softcapT(T x, T cap) {
    if (cap <= T(0)) return x;
    const double c = cap;
    return static_cast<T>(c * std::tanh(static_cast<double>(x) / c));
}

template <typename T>
void softcapSpanT(std::span<const T> x, T cap, std::span<T> y) {
    require(y.size() == x.size(), "softcap output size");
    for (size_t i = 0; i < x.size(); ++i)
        y[i] = softcapT(x[i], cap);
}

}  // namespace

float geluTanh(float x) {
    return geluTanhT(x);
}

double geluTanh(double x) {
    return geluTanhT(x);
}

void geglu(std::span<const float> gate, std::span<const float> up, std::span<float> out) {
    gegluT(gate, up, out);
}

void geglu(std::span<const double> gate, std::span<const double> up, std::span<double> out) {
    gegluT(gate, up, out);
}

float softcap(float x, float cap) {
    return softcapT(x, cap);
}

double softcap(double x, double cap) {
    return softcapT(x, cap);
}

void softcap(std::span<const float> x, float cap, std::span<float> y) {
    softcapSpanT(x, cap, y);
}

void softcap(std::span<const double> x, double cap, std::span<double> y) {
    softcapSpanT(x, cap, y);
}

// ---- rotary position embedding ----------------------------------------------------------------

double ropeAngle(const RopeParams &p, int pair, int64_t position) {
    require(p.dims > 0 && p.dims % 2 == 0 && pair >= 0 && pair < p.dims / 2, "ropeAngle pair");
    double freq = std::pow(static_cast<double>(p.base),
                           -2.0 * static_cast<double>(pair) / static_cast<double>(p.dims));
    if (!p.freqFactors.empty())
        freq /= static_cast<double>(p.freqFactors[static_cast<size_t>(pair)]);
    return static_cast<double>(position) * freq;
}

namespace {

template <typename T>
void ropeNeoxT(std::span<const T> x, std::span<T> y, int headDim, int64_t position,
               const RopeParams &p) {
    require(headDim > 0 && x.size() % static_cast<size_t>(headDim) == 0, "rope head dim");
    require(y.size() == x.size(), "rope output size");
    require(p.dims > 0 && p.dims % 2 == 0 && p.dims <= headDim, "rope dims");
    require(p.freqFactors.empty() || p.freqFactors.size() == static_cast<size_t>(p.dims / 2),
            "rope freq factor count");
    const size_t hd = static_cast<size_t>(headDim);
    const size_t half = static_cast<size_t>(p.dims / 2);
    const size_t heads = x.size() / hd;
    for (size_t h = 0; h < heads; ++h) {
        const size_t base = h * hd;
        for (size_t j = 0; j < half; ++j) {
            const double angle = ropeAngle(p, static_cast<int>(j), position);
            const double c = std::cos(angle);
            const double s = std::sin(angle);
            const double x0 = x[base + j];
            const double x1 = x[base + j + half];
            y[base + j] = static_cast<T>(x0 * c - x1 * s);
            y[base + j + half] = static_cast<T>(x1 * c + x0 * s);
        }
        for (size_t j = 2 * half; j < hd; ++j)
            y[base + j] = x[base + j];
    }
}

}  // namespace

void ropeNeox(std::span<const float> x, std::span<float> y, int headDim, int64_t position,
              const RopeParams &p) {
    ropeNeoxT(x, y, headDim, position, p);
}

void ropeNeox(std::span<const double> x, std::span<double> y, int headDim, int64_t position,
              const RopeParams &p) {
    ropeNeoxT(x, y, headDim, position, p);
}

// ---- attention --------------------------------------------------------------------------------

bool attentionVisible(int64_t qPos, int64_t kPos, int window) {
    if (kPos > qPos) return false;
    return window <= 0 || kPos > qPos - window;
}

namespace {

template <typename T>
void attentionT(std::span<const T> q, std::span<const int64_t> qPos, std::span<const T> k,
                std::span<const T> v, std::span<const int64_t> kPos, const AttentionParams &p,
                std::span<T> out, std::span<T> probs) {
    require(p.heads > 0 && p.kvHeads > 0 && p.heads % p.kvHeads == 0 && p.headDim > 0,
            "attention head counts");
    const size_t hd = static_cast<size_t>(p.headDim);
    const size_t qWidth = static_cast<size_t>(p.heads) * hd;
    const size_t kvWidth = static_cast<size_t>(p.kvHeads) * hd;
    const size_t tq = qPos.size();
    const size_t tk = kPos.size();
    require(q.size() == tq * qWidth && out.size() == tq * qWidth, "attention query size");
    require(k.size() == tk * kvWidth && v.size() == tk * kvWidth, "attention key/value size");
    require(probs.empty() || probs.size() == tq * static_cast<size_t>(p.heads) * tk,
            "attention probs size");

    std::vector<double> scores(tk);
    std::vector<double> acc(hd);
    for (size_t i = 0; i < tq; ++i) {
        for (size_t h = 0; h < static_cast<size_t>(p.heads); ++h) {
            const size_t g = h * static_cast<size_t>(p.kvHeads) / static_cast<size_t>(p.heads);
            const T *qi = q.data() + i * qWidth + h * hd;
            // Scores of the visible keys; the maximum is subtracted before exp for stability.
            double maxScore = -std::numeric_limits<double>::infinity();
            for (size_t j = 0; j < tk; ++j) {
                if (!attentionVisible(qPos[i], kPos[j], p.window)) continue;
                double s = dot(qi, k.data() + j * kvWidth + g * hd, hd) * p.scale;
                if (p.logitCap > 0.0f) s = p.logitCap * std::tanh(s / p.logitCap);
                scores[j] = s;
                maxScore = std::max(maxScore, s);
            }
            double sum = 0.0;
            for (size_t j = 0; j < tk; ++j) {
                if (!attentionVisible(qPos[i], kPos[j], p.window)) continue;
                scores[j] = std::exp(scores[j] - maxScore);
                sum += scores[j];
            }
            std::fill(acc.begin(), acc.end(), 0.0);
            for (size_t j = 0; j < tk; ++j) {
                const bool visible = attentionVisible(qPos[i], kPos[j], p.window);
                const double w = visible ? scores[j] / sum : 0.0;
                if (!probs.empty()) {
                    probs[(i * static_cast<size_t>(p.heads) + h) * tk + j] = static_cast<T>(w);
                }
                if (!visible) continue;
                const T *vj = v.data() + j * kvWidth + g * hd;
                for (size_t d = 0; d < hd; ++d)
                    acc[d] += w * static_cast<double>(vj[d]);
            }
            T *o = out.data() + i * qWidth + h * hd;
            for (size_t d = 0; d < hd; ++d)
                o[d] = static_cast<T>(acc[d]);
        }
    }
}

}  // namespace

void attention(std::span<const float> q, std::span<const int64_t> qPos, std::span<const float> k,
               std::span<const float> v, std::span<const int64_t> kPos, const AttentionParams &p,
               std::span<float> out, std::span<float> probs) {
    attentionT(q, qPos, k, v, kPos, p, out, probs);
}

void attention(std::span<const double> q, std::span<const int64_t> qPos, std::span<const double> k,
               std::span<const double> v, std::span<const int64_t> kPos, const AttentionParams &p,
               std::span<double> out, std::span<double> probs) {
    attentionT(q, qPos, k, v, kPos, p, out, probs);
}

// ---- small helpers ----------------------------------------------------------------------------

namespace {

template <typename T>
void addT(std::span<const T> a, std::span<const T> b, std::span<T> y) {
    require(b.size() == a.size() && y.size() == a.size(), "add sizes");
    for (size_t i = 0; i < a.size(); ++i)
        y[i] = a[i] + b[i];
}

template <typename T>
void scaleT(std::span<const T> x, T s, std::span<T> y) {
    require(y.size() == x.size(), "scale sizes");
    for (size_t i = 0; i < x.size(); ++i)
        y[i] = x[i] * s;
}

template <typename T>
void pleCombineT(std::span<const T> proj, std::span<const T> z, std::span<const T> norm,
                 T projScale, double eps, std::span<T> out) {
    require(!norm.empty() && proj.size() % norm.size() == 0, "pleCombine row width");
    require(z.size() == proj.size() && out.size() == proj.size(), "pleCombine sizes");
    std::vector<T> scaled(proj.size()), normed(proj.size());
    scaleT<T>(proj, projScale, scaled);
    rmsNormRowsT<T>(scaled, static_cast<int>(proj.size() / norm.size()), norm, normed, eps);
    addT<T>(normed, z, out);
    scaleT<T>(out, static_cast<T>(1.0 / std::sqrt(2.0)), out);
}

}  // namespace

void add(std::span<const float> a, std::span<const float> b, std::span<float> y) {
    addT(a, b, y);
}

void add(std::span<const double> a, std::span<const double> b, std::span<double> y) {
    addT(a, b, y);
}

void scale(std::span<const float> x, float s, std::span<float> y) {
    scaleT(x, s, y);
}

void scale(std::span<const double> x, double s, std::span<double> y) {
    scaleT(x, s, y);
}

// ---- per-layer inputs -------------------------------------------------------------------------

void pleCombine(std::span<const float> proj, std::span<const float> z, std::span<const float> norm,
                float projScale, float eps, std::span<float> out) {
    pleCombineT(proj, z, norm, projScale, eps, out);
}

void pleCombine(std::span<const double> proj, std::span<const double> z,
                std::span<const double> norm, double projScale, double eps, std::span<double> out) {
    pleCombineT(proj, z, norm, projScale, eps, out);
}

}  // namespace facet::model::ref
