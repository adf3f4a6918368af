// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "naive_gemma4.h"

#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "model/gemma4_config.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <string>

namespace facet::test {

namespace {

// A weight as a dense double matrix: out rows of in values (GGUF ne = [in, out]).
struct Matrix {
    size_t in = 0, out = 0;
    std::vector<double> w;  // w[o·in + i]
};

std::vector<double> values(const gguf::File &f, const std::string &name) {
    const gguf::TensorInfo *t = f.tensor(name);
    EXPECT_TRUE(t) << "missing " << name;
    if (!t) return {};
    std::vector<float> tmp(t->nelements);
    EXPECT_TRUE(
        gguf::dequantizeRow(t->type, t->data, tmp.data(), static_cast<int64_t>(t->nelements)))
        << name;
    return std::vector<double>(tmp.begin(), tmp.end());
}

Matrix matrix(const gguf::File &f, const std::string &name) {
    Matrix m;
    const gguf::TensorInfo *t = f.tensor(name);
    EXPECT_TRUE(t) << "missing " << name;
    if (!t) return m;
    m.in = t->ne[0];
    m.out = t->nelements / t->ne[0];
    m.w = values(f, name);
    return m;
}

std::vector<double> matTimes(const Matrix &m, const std::vector<double> &x) {
    std::vector<double> y(m.out, 0.0);
    for (size_t o = 0; o < m.out; ++o) {
        for (size_t i = 0; i < m.in; ++i)
            y[o] += m.w[o * m.in + i] * x[i];
    }
    return y;
}

// x / sqrt(mean(x²) + eps) ⊙ w over x[from, from+n) (w empty: no weight).
void normInPlace(std::vector<double> &x, size_t from, size_t n, const std::vector<double> &w,
                 double eps) {
    double ss = 0.0;
    for (size_t i = 0; i < n; ++i)
        ss += x[from + i] * x[from + i];
    const double r = std::sqrt(ss / static_cast<double>(n) + eps);
    for (size_t i = 0; i < n; ++i)
        x[from + i] = x[from + i] / r * (w.empty() ? 1.0 : w[i]);
}

double gelu(double x) {
    const double pi = 3.14159265358979323846;
    return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / pi) * (x + 0.044715 * x * x * x)));
}

void rope(std::vector<double> &x, size_t heads, size_t hd, int dims, double base,
          const std::vector<double> &factors, int pos) {
    const size_t half = static_cast<size_t>(dims / 2);
    for (size_t h = 0; h < heads; ++h) {
        for (size_t j = 0; j < half; ++j) {
            const double f = factors.empty() ? 1.0 : factors[j];
            const double theta = pos / (std::pow(base, 2.0 * static_cast<double>(j) / dims) * f);
            const std::complex<double> z(x[h * hd + j], x[h * hd + j + half]);
            const std::complex<double> r = z * std::polar(1.0, theta);
            x[h * hd + j] = r.real();
            x[h * hd + j + half] = r.imag();
        }
    }
}

}  // namespace

std::vector<double> naiveGemma4Logits(const gguf::File &f, const std::vector<int32_t> &tokens,
                                      const std::map<int, std::vector<float>> &soft) {
    QString error;
    const auto cfg = model::Gemma4Config::fromGguf(f, &error);
    EXPECT_TRUE(cfg) << error.toStdString();
    if (!cfg) return {};
    const model::Gemma4Config &c = *cfg;
    const size_t T = tokens.size();
    const size_t H = static_cast<size_t>(c.hidden);
    const size_t L = static_cast<size_t>(c.layerCount);
    const size_t P = static_cast<size_t>(c.pleDim);
    const size_t nH = static_cast<size_t>(c.heads);
    const double eps = c.rmsEps;

    // Embeddings.
    const Matrix embd = matrix(f, "token_embd.weight");
    std::vector<std::vector<double>> x(T, std::vector<double>(H));
    const double embedScale = static_cast<float>(std::sqrt(static_cast<double>(H)));
    for (size_t t = 0; t < T; ++t) {
        auto it = soft.find(static_cast<int>(t));
        for (size_t i = 0; i < H; ++i) {
            if (it != soft.end()) {
                x[t][i] = it->second[i];
            } else {
                // The product rounded to float, as the model's f32 embedding lookup does.
                x[t][i] = static_cast<float>(
                    static_cast<float>(embd.w[static_cast<size_t>(tokens[t]) * H + i]) *
                    static_cast<float>(embedScale));
            }
        }
    }

    // Per-layer inputs ple[t][l·P + p].
    std::vector<std::vector<double>> ple(T);
    if (c.hasPle) {
        const Matrix table = matrix(f, "per_layer_token_embd.weight");
        const Matrix proj = matrix(f, "per_layer_model_proj.weight");
        const std::vector<double> norm = values(f, "per_layer_proj_norm.weight");
        for (size_t t = 0; t < T; ++t) {
            const size_t id = soft.count(static_cast<int>(t)) ? 0 : static_cast<size_t>(tokens[t]);
            std::vector<double> pj = matTimes(proj, x[t]);
            for (double &v : pj)
                v /= std::sqrt(static_cast<double>(H));
            for (size_t l = 0; l < L; ++l)
                normInPlace(pj, l * P, P, norm, eps);
            ple[t].resize(L * P);
            for (size_t i = 0; i < L * P; ++i) {
                const double z = table.w[id * L * P + i] * std::sqrt(static_cast<double>(P));
                ple[t][i] = (pj[i] + z) / std::sqrt(2.0);
            }
        }
    }

    std::vector<double> ropeFactors;
    if (f.tensor("rope_freqs.weight")) ropeFactors = values(f, "rope_freqs.weight");

    // Keys/values of the layers that own them: kv[layer] = {K[t], V[t]}.
    std::map<int, std::pair<std::vector<std::vector<double>>, std::vector<std::vector<double>>>> kv;

    for (size_t li = 0; li < L; ++li) {
        const model::Gemma4LayerConfig &lc = c.layer(static_cast<int>(li));
        const std::string p = "blk." + std::to_string(li) + ".";
        const size_t hd = static_cast<size_t>(lc.headDim);
        const size_t nKV = static_cast<size_t>(lc.kvHeads);
        const std::vector<double> factors = lc.isSliding() ? std::vector<double>{} : ropeFactors;

        // Attention.
        const std::vector<double> attnNorm = values(f, p + "attn_norm.weight");
        const std::vector<double> qNorm = values(f, p + "attn_q_norm.weight");
        const Matrix wq = matrix(f, p + "attn_q.weight");
        const Matrix wo = matrix(f, p + "attn_output.weight");
        std::vector<std::vector<double>> a(T), q(T);
        for (size_t t = 0; t < T; ++t) {
            a[t] = x[t];
            normInPlace(a[t], 0, H, attnNorm, eps);
            q[t] = matTimes(wq, a[t]);
            for (size_t h = 0; h < nH; ++h)
                normInPlace(q[t], h * hd, hd, qNorm, eps);
            rope(q[t], nH, hd, lc.ropeDims, lc.ropeBase, factors, static_cast<int>(t));
        }
        if (!lc.sharesKv()) {
            const Matrix wk = matrix(f, p + "attn_k.weight");
            const Matrix wv = matrix(f, p + "attn_v.weight");
            const std::vector<double> kNorm = values(f, p + "attn_k_norm.weight");
            auto &[K, V] = kv[static_cast<int>(li)];
            for (size_t t = 0; t < T; ++t) {
                std::vector<double> k = matTimes(wk, a[t]);
                std::vector<double> v = matTimes(wv, a[t]);
                for (size_t h = 0; h < nKV; ++h) {
                    normInPlace(k, h * hd, hd, kNorm, eps);
                    normInPlace(v, h * hd, hd, {}, eps);
                }
                rope(k, nKV, hd, lc.ropeDims, lc.ropeBase, factors, static_cast<int>(t));
                K.push_back(k);
                V.push_back(v);
            }
        }
        const auto &[K, V] = kv.at(lc.sharesKv() ? lc.kvDonor : static_cast<int>(li));

        // Explicit mask: M[i][j] = key j visible to query i.
        std::vector<std::vector<bool>> mask(T, std::vector<bool>(T, false));
        for (size_t i = 0; i < T; ++i) {
            for (size_t j = 0; j <= i; ++j) {
                const size_t distance = i - j;
                mask[i][j] = !lc.isSliding() || distance < static_cast<size_t>(c.slidingWindow);
            }
        }
        const std::vector<double> postAttnNorm = values(f, p + "post_attention_norm.weight");
        const size_t group = nH / nKV;  // query heads per KV head (repeat_kv)
        for (size_t i = 0; i < T; ++i) {
            std::vector<double> o(nH * hd, 0.0);
            for (size_t h = 0; h < nH; ++h) {
                const size_t g = h / group;
                std::vector<double> w(T, 0.0);
                double sum = 0.0;
                for (size_t j = 0; j < T; ++j) {
                    if (!mask[i][j]) continue;
                    double s = 0.0;
                    for (size_t d = 0; d < hd; ++d)
                        s += q[i][h * hd + d] * K[j][g * hd + d];
                    w[j] = std::exp(s);  // scale 1.0
                    sum += w[j];
                }
                for (size_t j = 0; j < T; ++j) {
                    for (size_t d = 0; d < hd; ++d)
                        o[h * hd + d] += w[j] / sum * V[j][g * hd + d];
                }
            }
            std::vector<double> out = matTimes(wo, o);
            normInPlace(out, 0, H, postAttnNorm, eps);
            for (size_t d = 0; d < H; ++d)
                x[i][d] += out[d];
        }

        // Feed-forward.
        const std::vector<double> ffnNorm = values(f, p + "ffn_norm.weight");
        const std::vector<double> postFfw = values(f, p + "post_ffw_norm.weight");
        const Matrix gate = matrix(f, p + "ffn_gate.weight");
        const Matrix up = matrix(f, p + "ffn_up.weight");
        const Matrix down = matrix(f, p + "ffn_down.weight");
        for (size_t t = 0; t < T; ++t) {
            std::vector<double> h = x[t];
            normInPlace(h, 0, H, ffnNorm, eps);
            const std::vector<double> g = matTimes(gate, h);
            const std::vector<double> u = matTimes(up, h);
            std::vector<double> act(g.size());
            for (size_t i = 0; i < g.size(); ++i)
                act[i] = gelu(g[i]) * u[i];
            std::vector<double> d = matTimes(down, act);
            normInPlace(d, 0, H, postFfw, eps);
            for (size_t i = 0; i < H; ++i)
                x[t][i] += d[i];
        }

        // Per-layer input.
        if (c.hasPle) {
            const Matrix inpGate = matrix(f, p + "inp_gate.weight");
            const Matrix proj = matrix(f, p + "proj.weight");
            const std::vector<double> postNorm = values(f, p + "post_norm.weight");
            for (size_t t = 0; t < T; ++t) {
                const std::vector<double> g = matTimes(inpGate, x[t]);
                std::vector<double> act(P);
                for (size_t i = 0; i < P; ++i)
                    act[i] = gelu(g[i]) * ple[t][li * P + i];
                std::vector<double> d = matTimes(proj, act);
                normInPlace(d, 0, H, postNorm, eps);
                for (size_t i = 0; i < H; ++i)
                    x[t][i] += d[i];
            }
        }

        if (lc.hasOutputScale()) {
            const double s = values(f, lc.outputScaleTensor).at(0);
            for (auto &row : x) {
                for (double &v : row)
                    v *= s;
            }
        }
    }

    // Output.
    const std::vector<double> outNorm = values(f, "output_norm.weight");
    const Matrix out = c.hasSeparateOutput ? matrix(f, "output.weight") : embd;
    const double cap = c.finalLogitSoftcap;
    std::vector<double> logits;
    for (size_t t = 0; t < T; ++t) {
        std::vector<double> h = x[t];
        normInPlace(h, 0, H, outNorm, eps);
        for (double v : matTimes(out, h))
            logits.push_back(cap > 0 ? cap * std::tanh(v / cap) : v);
    }
    return logits;
}

}  // namespace facet::test
