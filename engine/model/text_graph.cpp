// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/text_graph.h"

#include <cmath>

namespace facet::model {

bool recordTextDecoder(TextOps &op, const GpuPlan &plan, TextChunk chunk, TextChunkRecording *out) {
    using Rows = TextOps::Rows;
    const Gemma4Config &c = plan.config;
    const TextWeights &w = plan.weights;
    const ActivationLayout &ar = plan.act;
    const uint32_t H = uint32_t(c.hidden);
    const uint32_t P = uint32_t(c.pleDim);
    const uint32_t LP = ar.pleStride;

    // Token embeddings · sqrt(H), plus the soft tokens (image / audio embeddings) at their rows.
    out->embed = op.embed(std::move(chunk.uploads.ids), std::move(chunk.uploads.embRows));
    if (!chunk.softValues.empty()) op.addSoftTokens(chunk.softValues);
    const Rows x = op.rows(ar.x, H);

    // Per-layer inputs: ple = (rmsw(proj(x) / sqrt(H), proj_norm) + table rows · sqrt(P)) / √2.
    if (c.hasPle) {
        const Rows ple = op.rows(ar.ple, LP), table = op.rows(ar.z, LP);
        out->pleUpload = op.perLayerTableRows(std::move(chunk.uploads.pleRows),
                                              float(std::sqrt(double(P))), table);
        op.linear(w.pleProj, x, ple);
        op.scale(ple, LP, float(1.0 / std::sqrt(double(H))), ple);
        op.rmsNorm(op.rows(ar.ple, P), P, op.tokens() * uint32_t(c.layerCount), w.pleProjNorm,
                   op.rows(ar.ple, P));
        op.addScale(ple, table, LP, float(1.0 / std::sqrt(2.0)), ple);
    }

    // The residual stream starts as the embeddings x (TextOps::begin).
    for (const Gemma4LayerConfig &l : c.layers) {
        const LayerWeights &y = w.layers[size_t(l.index)];
        // Attention: norm → q|k|v → q/k norms, RoPE, KV cache, attention → output → post-norm.
        const Rows qkv = op.linear(y.qkv, op.norm(y.attnNorm), op.rows(ar.qkv, y.qkv.outWidth));
        const Rows o = op.attention(l, y, qkv, op.rows(ar.o, uint32_t(y.qWidth)));
        op.residualAdd(op.linear(y.attnOut, o, op.branch()), y.postAttnNorm, 1.0f);

        // Feed-forward: norm → down(gelu(gate) · up) → post-norm. Without PLE the layer's output
        // scale applies here.
        const Rows h = op.feedForward(y.gateUp, y.down, op.norm(y.ffnNorm));
        op.residualAdd(h, y.postFfwNorm, c.hasPle ? 1.0f : y.outputScale);
        if (!c.hasPle) continue;

        // Per-layer input block: proj(gelu(inp_gate(residual)) · ple[layer]) → post-norm → scale.
        const Rows g = op.linear(y.inpGate, op.residual(), op.rows(ar.g, P));
        const Rows pleLayer = op.rows(ar.ple + uint32_t(l.index) * P, LP);
        op.residualAdd(op.linearGeglu(y.proj, g, pleLayer, op.branch()), y.postNorm, y.outputScale);
    }

    // The output head on output_norm(residual): every row, or the last row only.
    const uint32_t V = uint32_t(c.vocabSize);
    out->logits = op.rows(ar.logits, V);
    if (chunk.head == TextChunk::Head::AllRows) {
        op.linear(w.output, op.norm(w.outputNorm), out->logits);
    } else if (chunk.head == TextChunk::Head::LastRow) {
        op.linear(w.output, op.norm(w.outputNorm).lastRow(), out->logits);
    }
    return op.ok();
}

}  // namespace facet::model
