// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Converts a Hugging Face Gemma 4 checkpoint (Gemma4ForConditionalGeneration: config.json +
// model.safetensors, float32/float16/bfloat16) into a GGUF laid out exactly as Ollama's converter
// (convert/convert_gemma4.go) lays it out, so that Facet's loader reads our own conversion of a
// transformers-made model the same way it reads an Ollama file. Used by the HF parity tests
// (tests/data/gemma4_mm) and by `facet-make-fixture --from-hf DIR OUT.gguf`.
//
// Metadata: Ollama's gemma4.* keys (text, gemma4.vision.*, gemma4.audio.*) from config.json, the
// test tokenizer of gemma4_fixture.h for the config's vocabulary (tokenizer.* keys exactly as
// gemma4FixtureBytes writes them), general.architecture/name/file_type/quantization_version.
//
// Tensors (HF name → GGUF name; GGUF ne is the PyTorch shape reversed, data unchanged, unless
// noted):
//   model.language_model.embed_tokens            token_embd
//   model.language_model.embed_tokens_per_layer  per_layer_token_embd
//   model.language_model.per_layer_model_projection  per_layer_model_proj
//   model.language_model.per_layer_projection_norm   per_layer_proj_norm
//   model.language_model.norm                    output_norm
//   model.language_model.layers.N.               blk.N.
//     input_layernorm attn_norm · self_attn.{q,k,v,o}_proj attn_{q,k,v,output} ·
//     self_attn.{q,k}_norm attn_{q,k}_norm · post_attention_layernorm post_attention_norm ·
//     pre_feedforward_layernorm ffn_norm · post_feedforward_layernorm post_ffw_norm ·
//     mlp.{gate,up,down}_proj ffn_{gate,up,down} · per_layer_input_gate inp_gate ·
//     per_layer_projection proj · post_per_layer_input_norm post_norm ·
//     layer_scalar layer_output_scale.weight (ne [1])
//   rope_freqs.weight (generated, F32 [global_head_dim/2]): 1 for the first
//     global_head_dim·partial_rotary_factor/2 pairs, 1e30 for the rest
//   model.vision_tower.patch_embedder.input_proj  v.patch_embd.weight: HF [W, ps·ps·C] with
//     column (py·ps + px)·C + c is repacked to PyTorch [W, C, ps, ps] (a conv kernel), ne
//     [ps, ps, C, W]
//   model.vision_tower.patch_embedder.position_embedding_table  v.position_embd.weight
//     (HF [2, positions, W] → ne [W, positions, 2]; [.., .., 0] is x, 1 is y)
//   model.vision_tower.std_bias / std_scale      v.std_bias / v.std_scale (no .weight suffix)
//   model.vision_tower.encoder.layers.N.         v.blk.N.
//     input_layernorm ln1 · post_attention_layernorm attn_post_norm ·
//     pre_feedforward_layernorm ln2 · post_feedforward_layernorm ffn_post_norm ·
//     self_attn.{q,k,v}_proj.linear attn_{q,k,v} · self_attn.o_proj.linear attn_out ·
//     self_attn.{q,k}_norm attn_{q,k}_norm · mlp.{gate,up,down}_proj.linear ffn_{gate,up,down}
//     and each clippable linear's input_min/input_max/output_min/output_max scalars as
//     v.blk.N.<linear>.input_min … (F32, ne [1])
//   v.clamp_data (generated, F32): per vision layer, 7 linears (attn_q, attn_k, attn_v,
//     attn_out, ffn_gate, ffn_up, ffn_down) × (inMin, inMax, outMin, outMax), then 4 values for
//     the projector (zeros: HF's embed_vision projection is not clippable)
//   model.embed_vision.embedding_projection      mm.input_projection.weight
//   model.audio_tower.subsample_conv_projection.layer{0,1}.conv   a.conv1d.{0,1}.weight
//     (HF [out, in, 3, 3] → ne [3, 3, in, out]); .layer{0,1}.norm  a.conv1d.{0,1}.norm.weight
//   model.audio_tower.subsample_conv_projection.input_proj_linear  a.pre_encode.out.weight
//   model.audio_tower.layers.N.                  a.blk.N.
//     feed_forward1.{pre,post}_layer_norm ffn_norm / ffn_post_norm ·
//     feed_forward1.ffw_layer_{1,2}.linear ffn_up / ffn_down ·
//     feed_forward2.… the same with a _1 suffix (ffn_norm_1, ffn_post_norm_1, ffn_up_1,
//     ffn_down_1) · self_attn.{q,k,v}_proj.linear attn_{q,k,v} · self_attn.post.linear attn_out ·
//     self_attn.relative_k_proj linear_pos · self_attn.per_dim_scale per_dim_scale.weight,
//     stored as softplus(per_dim_scale) · norm_pre_attn ln1 · norm_post_attn ln2 ·
//     norm_out layer_pre_norm · lconv1d.linear_start.linear conv_pw1 ·
//     lconv1d.linear_end.linear conv_pw2 · lconv1d.depthwise_conv1d conv_dw (HF [C, 1, K] →
//     ne [K, C]) · lconv1d.pre_layer_norm conv_norm · lconv1d.conv_norm norm_conv ·
//     clippable linears' clamp scalars as a.blk.N.<linear>.input_min … (F32, ne [1])
//   model.audio_tower.output_proj                mm.a.fc.weight / mm.a.fc.bias
//   model.embed_audio.embedding_projection       mm.a.input_projection.weight
//   lm_head.weight (tied to token_embd) is dropped; any other name is an error.
// Tensor order: Ollama's writer order (blk.N.* by layer number, then every other tensor; by name
// within each group).
#pragma once

#include "gguf/gguf.h"

#include <QByteArray>
#include <QString>

#include <string>

namespace facet::test {

struct HfGemma4ConvertOptions {
    // Storage of the towers' weights. F32: every tensor F32 (parity tests). Published: as the
    // published files store them: the vision linears, patch embedding and mm.input_projection
    // F16, the audio linears and mm.a.* weights BF16; norms, convolutions, clamps, biases, the
    // position table and the text decoder stay F32.
    enum class TowerStorage { F32, Published };
    TowerStorage towers = TowerStorage::F32;
    std::string name = "facet-hf-gemma4";
};

// Reads `dir`/config.json and `dir`/model.safetensors and returns the GGUF image; empty with
// *error set (what is wrong, in plain words) on a missing or malformed file, an unsupported
// configuration (mixture-of-experts, attention_k_eq_v) or an unknown tensor name.
QByteArray convertHfGemma4(const QString &dir, const HfGemma4ConvertOptions &o, QString *error);
// Converts and writes `out` atomically.
bool convertHfGemma4ToFile(const QString &dir, const QString &out, const HfGemma4ConvertOptions &o,
                           QString *error);

}  // namespace facet::test
