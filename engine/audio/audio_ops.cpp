// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio/audio_ops.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace facet::audio::ops {

namespace {

// Shapes are the caller's: a mismatch is a programming error, so fail loudly rather than read
// out of bounds.
void require(bool ok, const char *what) {
    if (ok) return;
    std::fprintf(stderr, "facet audio op: contract violated: %s\n", what);
    std::abort();
}

size_t sz(int64_t v) {
    return static_cast<size_t>(v);
}

}  // namespace

void conv2dStride2(std::span<const float> in, int t, int f, int cin, std::span<const float> weight,
                   int cout, std::span<float> out) {
    const int to = (t + 1) / 2, fo = (f + 1) / 2;
    require(in.size() == sz(int64_t(t) * f * cin), "conv2d input size");
    require(weight.size() == sz(int64_t(cout) * cin * 9), "conv2d weight size");
    require(out.size() == sz(int64_t(to) * fo * cout), "conv2d output size");
    for (int ot = 0; ot < to; ++ot) {
        for (int of = 0; of < fo; ++of) {
            float *y = out.data() + sz((int64_t(ot) * fo + of) * cout);
            for (int co = 0; co < cout; ++co) {
                double acc = 0.0;
                for (int kt = 0; kt < 3; ++kt) {
                    const int it = 2 * ot - 1 + kt;
                    if (it < 0 || it >= t) continue;
                    for (int kf = 0; kf < 3; ++kf) {
                        const int jf = 2 * of - 1 + kf;
                        if (jf < 0 || jf >= f) continue;
                        const float *x = in.data() + sz((int64_t(it) * f + jf) * cin);
                        const float *w = weight.data() + sz(int64_t(co) * cin * 9 + kt * 3 + kf);
                        for (int ci = 0; ci < cin; ++ci)
                            acc += double(x[ci]) * double(w[sz(int64_t(ci) * 9)]);
                    }
                }
                y[co] = float(acc);
            }
        }
    }
}

void channelLayerNorm(std::span<const float> x, int rows, int c, std::span<const float> weight,
                      float eps, std::span<float> y) {
    require(x.size() == sz(int64_t(rows) * c) && y.size() == x.size(), "layer norm size");
    require(weight.size() == sz(c), "layer norm weight size");
    for (int r = 0; r < rows; ++r) {
        const float *in = x.data() + sz(int64_t(r) * c);
        float *o = y.data() + sz(int64_t(r) * c);
        double mean = 0.0;
        for (int i = 0; i < c; ++i)
            mean += in[i];
        mean /= c;
        double var = 0.0;
        for (int i = 0; i < c; ++i)
            var += (in[i] - mean) * (in[i] - mean);
        var /= c;
        const double inv = 1.0 / std::sqrt(var + double(eps));
        for (int i = 0; i < c; ++i)
            o[i] = float((in[i] - mean) * inv * weight[sz(i)]);
    }
}

void glu(std::span<const float> x, int rows, int c, std::span<float> y) {
    require(x.size() == sz(int64_t(rows) * 2 * c) && y.size() == sz(int64_t(rows) * c), "glu size");
    for (int r = 0; r < rows; ++r) {
        const float *in = x.data() + sz(int64_t(r) * 2 * c);
        for (int i = 0; i < c; ++i) {
            const double gate = 1.0 / (1.0 + std::exp(-double(in[c + i])));
            y[sz(int64_t(r) * c + i)] = float(double(in[i]) * gate);
        }
    }
}

void depthwiseCausalConv(std::span<const float> x, int t, int c, std::span<const float> weight,
                         int k, std::span<float> y) {
    require(x.size() == sz(int64_t(t) * c) && y.size() == x.size(), "depthwise conv size");
    require(weight.size() == sz(int64_t(c) * k), "depthwise conv weight size");
    for (int i = 0; i < t; ++i) {
        for (int ch = 0; ch < c; ++ch) {
            double acc = 0.0;
            for (int j = 0; j < k; ++j) {
                const int src = i - (k - 1) + j;
                if (src < 0) continue;
                acc +=
                    double(weight[sz(int64_t(ch) * k + j)]) * double(x[sz(int64_t(src) * c + ch)]);
            }
            y[sz(int64_t(i) * c + ch)] = float(acc);
        }
    }
}

std::vector<float> relativePositionTable(int maxPast, int width) {
    const int half = width / 2;
    std::vector<float> table(sz(int64_t(maxPast + 1) * width), 0.0f);
    const double increment = std::log(10000.0) / std::max(half - 1, 1);
    for (int p = 0; p <= maxPast; ++p) {
        const double distance = maxPast - p;
        float *row = table.data() + sz(int64_t(p) * width);
        for (int i = 0; i < half; ++i) {
            // HF keeps the timescales and their products in float32.
            const float inv = float(std::exp(-i * increment));
            const float angle = float(distance) * inv;
            row[i] = float(std::sin(double(angle)));
            row[half + i] = float(std::cos(double(angle)));
        }
    }
    return table;
}

void chunkedLocalAttention(std::span<const float> q, std::span<const float> k,
                           std::span<const float> v, std::span<const float> relK,
                           std::span<const uint8_t> valid, int t, const ChunkedAttentionParams &p,
                           std::span<float> out) {
    const int hd = p.headDim, heads = p.heads;
    const int64_t rowSize = int64_t(heads) * hd;
    require(q.size() == sz(t * rowSize) && k.size() == q.size() && v.size() == q.size() &&
                out.size() == q.size(),
            "attention q/k/v size");
    require(relK.size() == sz((p.maxPast + 1) * rowSize), "attention relative keys size");
    require(valid.size() == sz(t), "attention mask size");
    const int context = p.chunk + p.maxPast;
    std::vector<double> logits(sz(context));
    for (int qt = 0; qt < t; ++qt) {
        const int block = qt / p.chunk;
        const int first = block * p.chunk - p.maxPast;  // time of context slot 0
        for (int h = 0; h < heads; ++h) {
            const float *qv = q.data() + sz(qt * rowSize + h * hd);
            double maxLogit = -INFINITY;
            for (int j = 0; j < context; ++j) {
                const int kt = first + j;
                const int distance = qt - kt;
                const bool visible =
                    kt >= 0 && kt < t && valid[sz(kt)] && distance >= 0 && distance < p.window;
                double logit = double(p.invalidLogit);
                if (visible) {
                    const float *kv = k.data() + sz(kt * rowSize + h * hd);
                    double ac = 0.0, bd = 0.0;
                    for (int d = 0; d < hd; ++d)
                        ac += double(qv[d]) * double(kv[d]);
                    if (distance <= p.maxPast) {
                        const float *rv =
                            relK.data() + sz((p.maxPast - distance) * rowSize + h * hd);
                        for (int d = 0; d < hd; ++d)
                            bd += double(qv[d]) * double(rv[d]);
                    }
                    logit = std::tanh((ac + bd) / p.softcap) * p.softcap;
                }
                logits[sz(j)] = logit;
                maxLogit = std::max(maxLogit, logit);
            }
            double sum = 0.0;
            for (int j = 0; j < context; ++j) {
                logits[sz(j)] = std::exp(logits[sz(j)] - maxLogit);
                sum += logits[sz(j)];
            }
            float *o = out.data() + sz(qt * rowSize + h * hd);
            for (int d = 0; d < hd; ++d) {
                double acc = 0.0;
                for (int j = 0; j < context; ++j) {
                    const int kt = first + j;
                    // HF's padded context: keys and values outside the sequence are zeros.
                    if (kt < 0 || kt >= t) continue;
                    acc += logits[sz(j)] * double(v[sz(kt * rowSize + h * hd + d)]);
                }
                o[d] = float(acc / sum);
            }
        }
    }
}

}  // namespace facet::audio::ops
