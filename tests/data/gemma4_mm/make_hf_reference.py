# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
"""Makes the tiny random Gemma 4 (text + vision + audio towers) in Hugging Face transformers and
its stage-by-stage reference outputs, the numerical reference for Facet's towers (issue 16).

Runs where torch, transformers 5.17, torchvision, safetensors, numpy and PIL are installed (the
GPU machine; everything here runs on the CPU in float32, deterministic). Writes into --out:
  model.safetensors, config.json      the model (save_pretrained, float32)
  img0.png, img1.jpg                  the input images (RGBA PNG 83x57; JPEG 120x45 with EXIF
                                      orientation 6, so 45x120 once transposed)
  aud0.wav, aud1.wav                  the input clips (16 kHz mono IEEE float32, 1.0 s and 2.3 s)
  reference.safetensors               every stage (see reference.json "tensors")
  reference.json                      manifest: shapes, token layout, budgets, versions, checks

Sizes are tiny; every value that is not a size is the real E2B one.
"""

import argparse
import copy
import json
import math
import os
import struct
import sys

import numpy as np
import PIL
import torch
import transformers
from PIL import Image
from safetensors.torch import save_file
from transformers import Gemma4Config, Gemma4ForConditionalGeneration
from transformers.image_utils import load_image
from transformers.models.gemma4.feature_extraction_gemma4 import Gemma4AudioFeatureExtractor
from transformers.models.gemma4.image_processing_gemma4 import Gemma4ImageProcessor

# Media token ids: tests/support/gemma4_fixture.cpp buildTokenizer(512) puts <|image>, <|audio>,
# <|image|>, <|audio|>, <image|>, <audio|> at the last six ids of a vocabulary below 258884.
BOI, BOA, IMAGE, AUDIO, EOI, EOA = 506, 507, 508, 509, 510, 511
BUDGET = 70  # max_soft_tokens of the image processor
LAYER_TYPES = ["sliding_attention", "sliding_attention", "full_attention",
               "sliding_attention", "sliding_attention", "full_attention"]


def make_config():
    text = dict(
        vocab_size=512, vocab_size_per_layer_input=512, hidden_size=64, intermediate_size=96,
        num_hidden_layers=6, num_attention_heads=2, num_key_value_heads=1, head_dim=32,
        global_head_dim=64, hidden_activation="gelu_pytorch_tanh", max_position_embeddings=8192,
        rms_norm_eps=1e-6, sliding_window=24, layer_types=list(LAYER_TYPES),
        final_logit_softcapping=30.0, use_bidirectional_attention=None,
        hidden_size_per_layer_input=16, num_kv_shared_layers=2, use_double_wide_mlp=True,
        attention_k_eq_v=False, enable_moe_block=False, tie_word_embeddings=True,
        pad_token_id=0, bos_token_id=2, eos_token_id=1,
        rope_parameters={
            "sliding_attention": {"rope_type": "default", "rope_theta": 10000.0},
            "full_attention": {"rope_type": "proportional", "partial_rotary_factor": 0.25,
                               "rope_theta": 1000000.0},
        })
    vision = dict(
        hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
        num_key_value_heads=2, head_dim=16, hidden_activation="gelu_pytorch_tanh",
        rms_norm_eps=1e-6, pooling_kernel_size=3, patch_size=16, position_embedding_size=128,
        use_clipped_linears=True, standardize=True)
    # subsampling_conv_channels[0] must stay 128 (= mel bins): HF sizes the SSCP projection input
    # as channels[0] // 4 * channels[1], which equals (mel bins / 4) * channels[1] only then.
    audio = dict(
        hidden_size=32, num_hidden_layers=2, num_attention_heads=2, hidden_act="silu",
        subsampling_conv_channels=[128, 8], conv_kernel_size=5, residual_weight=0.5,
        attention_chunk_size=12, attention_context_left=13, attention_context_right=0,
        attention_logit_cap=50.0, attention_invalid_logits_value=-1.0e9,
        use_clipped_linears=True, rms_norm_eps=1e-6, gradient_clipping=1.0e10,
        output_proj_dims=48)
    return Gemma4Config(text_config=text, vision_config=vision, audio_config=audio,
                        boi_token_id=BOI, boa_token_id=BOA, image_token_id=IMAGE,
                        audio_token_id=AUDIO, eoi_token_id=EOI, eoa_token_index=EOA,
                        tie_word_embeddings=True)


def randomize(model, seed):
    """Non-degenerate random weights (HF's init is std 0.02 with unit norms and infinite clamps)."""
    g = torch.Generator().manual_seed(seed)

    def randn(shape, std):
        return torch.randn(shape, generator=g, dtype=torch.float64).float() * std

    def unif(shape, lo, hi):
        return torch.rand(shape, generator=g, dtype=torch.float64).float() * (hi - lo) + lo

    with torch.no_grad():
        for name, p in sorted(model.named_parameters()):
            if p.ndim == 1 and ("q_norm" in name or "k_norm" in name):
                # Attention runs at scale 1: q/k norms near hd^-1/4 keep scores O(1).
                p.copy_(unif(p.shape, 0.8, 1.2) * p.shape[0] ** -0.25)
            elif p.ndim == 1 and "norm" in name:
                p.copy_(unif(p.shape, 0.8, 1.2))
            elif name.endswith("per_dim_scale"):
                p.copy_(randn(p.shape, 0.5))
            elif "position_embedding_table" in name:
                p.copy_(randn(p.shape, 0.3))
            elif "embed_tokens_per_layer" in name:
                p.copy_(randn(p.shape, 0.25))
            elif "embed_tokens" in name:
                p.copy_(randn(p.shape, 0.125))
            elif name.endswith(".bias"):
                p.copy_(randn(p.shape, 0.1))
            elif p.ndim >= 2:
                fan_in = p[0].numel()
                p.copy_(randn(p.shape, min(0.2, max(0.05, fan_in ** -0.5))))
            else:
                raise RuntimeError(f"no init rule for {name} {tuple(p.shape)}")
        for name, b in sorted(model.named_buffers()):
            if name.endswith("layer_scalar"):
                b.copy_(unif(b.shape, 0.6, 1.0))
            elif name.endswith("input_min"):
                b.fill_(-float(unif((), 1.5, 2.5)))
            elif name.endswith("input_max"):
                b.fill_(float(unif((), 1.5, 2.5)))
            elif name.endswith("output_min"):
                b.fill_(-float(unif((), 1.5, 3.0)))
            elif name.endswith("output_max"):
                b.fill_(float(unif((), 1.5, 3.0)))
            elif name.endswith("std_bias"):
                b.copy_(randn(b.shape, 1.0))
            elif name.endswith("std_scale"):
                b.copy_(unif(b.shape, 0.5, 1.5))


def write_wav_f32(path, x, rate=16000):
    """16 kHz mono WAVE_FORMAT_IEEE_FLOAT (3) with a fact chunk."""
    data = np.asarray(x, dtype="<f4").tobytes()
    fmt = struct.pack("<HHIIHH", 3, 1, rate, rate * 4, 4, 32)
    body = (b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"fact" +
            struct.pack("<II", 4, len(x)) + b"data" + struct.pack("<I", len(data)) + data)
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", len(body)) + body)


def make_inputs(out, rng):
    # img0: RGBA PNG, odd size, transparent and half-transparent areas over coloured pixels (HF's
    # load_image converts with PIL's convert("RGB"), which drops alpha without compositing).
    h, w = 57, 83
    yy, xx = np.mgrid[0:h, 0:w]
    rgba = np.zeros((h, w, 4), np.uint8)
    rgba[..., 0] = (xx * 3 + rng.integers(0, 40, (h, w))) % 256
    rgba[..., 1] = (yy * 4 + rng.integers(0, 40, (h, w))) % 256
    rgba[..., 2] = ((xx + yy) * 2 + 60 * ((xx // 10 + yy // 10) % 2)) % 256
    alpha = np.full((h, w), 255, np.uint8)
    alpha[:, :20] = 0
    alpha[30:, 40:] = 128
    rgba[..., 3] = alpha
    Image.fromarray(rgba, "RGBA").save(os.path.join(out, "img0.png"))
    # img1: JPEG 120x45 stored, EXIF orientation 6 (displayed rotated 90° clockwise: 45x120).
    h, w = 45, 120
    yy, xx = np.mgrid[0:h, 0:w]
    rgb = np.zeros((h, w, 3), np.uint8)
    rgb[..., 0] = (np.sin(xx / 7.0) * 100 + 120).astype(np.uint8)
    rgb[..., 1] = (yy * 5) % 256
    rgb[..., 2] = np.where(xx < 30, 230, 40)
    rgb[:10, :10] = [255, 0, 0]  # a marker in the stored top-left corner
    exif = Image.Exif()
    exif[0x0112] = 6
    Image.fromarray(rgb, "RGB").save(os.path.join(out, "img1.jpg"), "JPEG", quality=95,
                                     subsampling=0, exif=exif.tobytes())
    with Image.open(os.path.join(out, "img1.jpg")) as im:
        assert im.getexif().get(0x0112) == 6, "PIL did not write the EXIF orientation"

    rate = 16000
    clips = []
    for k, (seconds, f0, f1) in enumerate([(1.0, 200.0, 3000.0), (2.3, 3000.0, 300.0)]):
        n = int(round(seconds * rate))
        t = np.arange(n) / rate
        phase = 2 * np.pi * (f0 * t + (f1 - f0) * t * t / (2 * seconds))
        x = 0.4 * np.sin(phase) + 0.05 * rng.standard_normal(n)
        if k == 1:
            x += 0.2 * np.sin(2 * np.pi * 440.0 * t)
            x[int(1.2 * rate):int(1.4 * rate)] *= 0.01  # a quiet stretch
        x = x.astype(np.float32)
        write_wav_f32(os.path.join(out, f"aud{k}.wav"), x, rate)
        clips.append(x)
    return clips


def patches_to_pixels(patches, positions, patch):
    """Inverse of HF's convert_image_to_patches for the valid patches: uint8 [3, H, W]."""
    valid = (positions != -1).all(-1)
    p = patches[valid]
    pos = positions[valid]
    pw = int(pos[:, 0].max()) + 1
    ph = int(pos[:, 1].max()) + 1
    img = p.reshape(ph, pw, patch, patch, 3).permute(4, 0, 2, 1, 3).reshape(3, ph * patch,
                                                                               pw * patch)
    scaled = img.double() * 255.0
    err = float((scaled - scaled.round()).abs().max())
    return scaled.round().clamp(0, 255).to(torch.uint8), err, int(valid.sum())


def stats(t):
    t = t.double()
    return {"rms": float(t.pow(2).mean().sqrt()), "maxabs": float(t.abs().max())}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=20260416)
    args = ap.parse_args()
    out = args.out
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)

    config = make_config()
    # The default attention implementation (sdpa), as a user gets it. Not "eager": under eager the
    # masks are additive floats, and Gemma4AudioAttention's attention_mask.logical_not() then
    # inverts the audio mask (it attends exactly where it should not).
    model = Gemma4ForConditionalGeneration(config).float().eval()
    attn_impl = str(getattr(model.config, "_attn_implementation", "default"))
    randomize(model, args.seed)

    ref = {}
    manifest = {
        "transformers": transformers.__version__, "torch": torch.__version__,
        "numpy": np.__version__, "pillow": PIL.__version__, "python": sys.version.split()[0],
        "seed": args.seed, "attn_implementation": attn_impl, "dtype": "float32", "device": "cpu",
        "media_token_ids": {"boi": BOI, "boa": BOA, "image": IMAGE, "audio": AUDIO, "eoi": EOI,
                            "eoa": EOA},
        "image_budget": BUDGET,
        "notes": [],
    }
    mm = model.model
    vt, at = mm.vision_tower, mm.audio_tower

    # ---- inputs ----
    clips = make_inputs(out, rng)
    # HF's own loader: PIL.Image.open, PIL.ImageOps.exif_transpose, convert("RGB").
    images = [load_image(os.path.join(out, "img0.png")), load_image(os.path.join(out, "img1.jpg"))]
    ip = Gemma4ImageProcessor(max_soft_tokens=BUDGET)
    fe = Gemma4AudioFeatureExtractor()
    manifest["image_processor"] = type(ip).__name__ + " (torchvision backend)"
    manifest["image_loading"] = ("transformers.image_utils.load_image(path): PIL.Image.open, "
                                 "PIL.ImageOps.exif_transpose, .convert('RGB') (alpha dropped, "
                                 "not composited)")

    # ---- vision, one image at a time ----
    cap = {}
    hooks = [vt.patch_embedder.register_forward_hook(
        lambda m, i, o: cap.__setitem__("patch", o))]
    for i, layer in enumerate(vt.encoder.layers):
        hooks.append(layer.register_forward_hook(
            lambda m, i_, o, i=i: cap.__setitem__(f"layer{i}", o[0] if isinstance(o, tuple) else o)))
    hooks.append(vt.pooler.register_forward_hook(lambda m, i, o: cap.__setitem__("pool", o)))
    pix_all, pos_all, n_img_tokens, img_info = [], [], [], []
    with torch.no_grad():
        for k, im in enumerate(images):
            proc = ip(im, return_tensors="pt")
            pv, pos = proc["pixel_values"], proc["image_position_ids"]
            pix_all.append(pv)
            pos_all.append(pos)
            pixels, frac, nvalid = patches_to_pixels(pv[0], pos[0], 16)
            cap.clear()
            res = mm.get_image_features(pv, pos, return_dict=True)
            valid = (pos[0] != -1).all(-1)
            pooled = res.last_hidden_state
            emb = res.pooler_output[0]
            n = emb.shape[0]
            n_img_tokens.append(n)
            p = f"img{k}."
            ref[p + "pixels"] = pixels.contiguous()
            ref[p + "positions"] = pos[0][valid].to(torch.int32).contiguous()
            ref[p + "patch_embed"] = cap["patch"][0][valid].contiguous()
            for i in range(len(vt.encoder.layers)):
                ref[p + f"layer{i}"] = cap[f"layer{i}"][0][valid].contiguous()
            pool_h, pool_mask = cap["pool"]
            ref[p + "pooled_before_standardize"] = pool_h[0][pool_mask[0]].float().contiguous()
            ref[p + "pooled"] = pooled.float().contiguous()
            ref[p + "embeddings"] = emb.float().contiguous()
            info = {"loaded_size_wh": list(im.size), "resized_hw": list(pixels.shape[1:]),
                    "patches_valid": nvalid, "patches_padded": int(pos.shape[1]),
                    "soft_tokens": n,
                    "processor_num_soft_tokens": int(proc["num_soft_tokens_per_image"][0]),
                    "pixels_max_rounding_error_x255": frac,
                    "patch_embed": stats(ref[p + "patch_embed"]),
                    "pooled": stats(pooled), "embeddings": stats(emb)}
            for i in range(len(vt.encoder.layers)):
                info[f"layer{i}"] = stats(ref[p + f"layer{i}"])
            img_info.append(info)
    for h in hooks:
        h.remove()
    manifest["images"] = img_info
    manifest["vision_rope_inv_freq"] = [float(x) for x in vt.encoder.rotary_emb.inv_freq]

    # ---- audio, one clip at a time ----
    cap = {}
    hooks = [at.subsample_conv_projection.register_forward_hook(
        lambda m, i, o: cap.__setitem__("sscp", o))]
    for i, layer in enumerate(at.layers):
        hooks.append(layer.register_forward_hook(
            lambda m, i_, o, i=i: cap.__setitem__(f"layer{i}", o[0] if isinstance(o, tuple) else o)))
    hooks.append(at.layers[0].register_forward_pre_hook(
        lambda m, a, kw: cap.__setitem__("mask5d", kw.get("attention_mask")), with_kwargs=True))
    aud_info, n_aud_tokens = [], []
    with torch.no_grad():
        for k, clip in enumerate(clips):
            feats = fe([clip], return_tensors="pt")  # unbatched input breaks in 5.17
            mel, melmask = feats["input_features"], feats["input_features_mask"]
            cap.clear()
            res = mm.get_audio_features(mel, melmask, return_dict=True)
            tok_mask = res.attention_mask[0].bool()
            output = res.last_hidden_state[0]
            emb = res.pooler_output[0][tok_mask]
            n_aud_tokens.append(int(tok_mask.sum()))
            p = f"aud{k}."
            ref[p + "mel"] = mel[0].float().contiguous()
            ref[p + "mel_mask"] = melmask[0].to(torch.uint8).contiguous()
            ref[p + "sscp"] = cap["sscp"][0][0].contiguous()
            ref[p + "token_mask"] = tok_mask.to(torch.uint8).contiguous()
            for i in range(len(at.layers)):
                ref[p + f"layer{i}"] = cap[f"layer{i}"][0].contiguous()
            ref[p + "output"] = output[tok_mask].contiguous()
            ref[p + "embeddings"] = emb.contiguous()
            m5 = cap.get("mask5d")
            if m5 is not None:
                if m5.dtype != torch.bool:
                    raise RuntimeError(f"audio attention mask is {m5.dtype}, expected bool")
                ref[p + "attention_mask"] = m5[0, 0].to(torch.uint8).contiguous()
            info = {"samples": int(len(clip)), "mel_frames": int(mel.shape[1]),
                    "mel_frames_valid": int(melmask.sum()), "tokens_total": int(tok_mask.numel()),
                    "tokens_valid": int(tok_mask.sum()),
                    "attention_mask_shape": None if m5 is None else list(m5.shape),
                    "attention_mask_dtype": None if m5 is None else str(m5.dtype),
                    "sscp": stats(ref[p + "sscp"]), "output": stats(ref[p + "output"]),
                    "embeddings": stats(emb)}
            for i in range(len(at.layers)):
                info[f"layer{i}"] = stats(ref[p + f"layer{i}"])
            aud_info.append(info)
    for h in hooks:
        h.remove()
    manifest["audio"] = aud_info

    # ---- multimodal prompt: both images, both clips, some text ----
    def text(n):
        return [int(x) for x in rng.integers(365, 500, n)]

    seq = [2, 105] + text(3) + [107] + text(4)
    spans = {}

    def splice(key, open_id, soft_id, close_id, n):
        nonlocal seq
        seq = seq + [open_id]
        spans[key] = [len(seq), n]
        seq = seq + [soft_id] * n + [close_id]

    splice("img0", BOI, IMAGE, EOI, n_img_tokens[0])
    seq += text(3)
    splice("img1", BOI, IMAGE, EOI, n_img_tokens[1])
    seq += text(2)
    splice("aud0", BOA, AUDIO, EOA, n_aud_tokens[0])
    seq += text(3)
    splice("aud1", BOA, AUDIO, EOA, n_aud_tokens[1])
    seq += text(5) + [106, 107, 105] + text(2) + [107]
    mm_ids = torch.tensor([seq], dtype=torch.long)
    pv_b, pos_b = torch.cat(pix_all), torch.cat(pos_all)
    feats_b = fe(clips, return_tensors="pt")
    cap = {}
    hooks = [mm.embed_vision.register_forward_hook(lambda m, i, o: cap.__setitem__("v", o)),
             mm.embed_audio.register_forward_hook(lambda m, i, o: cap.__setitem__("a", o)),
             mm.language_model.register_forward_pre_hook(
                 lambda m, a, kw: cap.__setitem__("embeds", kw.get("inputs_embeds")),
                 with_kwargs=True),
             at.subsample_conv_projection.register_forward_hook(
                 lambda m, i, o: cap.__setitem__("a_sscp", o[0]))]
    for i, layer in enumerate(at.layers):
        hooks.append(layer.register_forward_hook(
            lambda m, i_, o, i=i: cap.__setitem__(f"a_layer{i}", o[0] if isinstance(o, tuple) else o)))

    def run_mm(m, dtype):
        return m(input_ids=mm_ids, pixel_values=pv_b.to(dtype), image_position_ids=pos_b,
                 input_features=feats_b["input_features"].to(dtype),
                 input_features_mask=feats_b["input_features_mask"], use_cache=False).logits[0]

    with torch.no_grad():
        mm_logits = run_mm(model, torch.float32)
    for h in hooks:
        h.remove()
    ref["mm.tokens"] = torch.tensor(seq, dtype=torch.int32)
    ref["mm.inputs_embeds"] = cap["embeds"][0].float().contiguous()
    ref["mm.logits"] = mm_logits.float().contiguous()
    # The batched run (both images, both clips padded together) against the one-at-a-time runs.
    v_b = cap["v"].reshape(-1, cap["v"].shape[-1])
    v_single = torch.cat([ref["img0.embeddings"], ref["img1.embeddings"]])
    a_mask = fe(clips, return_tensors="pt")["input_features_mask"]
    a_b = cap["a"]
    checks = {"mm_batched_vs_single_image_embeddings_maxabs":
              float((v_b - v_single).abs().max()) if v_b.shape == v_single.shape else "shape",
              "mm_audio_batch_shape": list(a_b.shape), "mel_mask_batch_shape": list(a_mask.shape)}
    a_valid = []
    for k in range(len(clips)):
        nk = n_aud_tokens[k]
        a_valid.append(a_b[k, :nk])
    checks["mm_batched_vs_single_audio_embeddings_maxabs"] = [
        float((a_valid[k] - ref[f"aud{k}.embeddings"]).abs().max()) for k in range(len(clips))]
    for k in range(len(clips)):
        nk = n_aud_tokens[k]
        nf = ref[f"aud{k}.mel"].shape[0]
        checks[f"aud{k}_batched_vs_single"] = {
            "mel": float((feats_b["input_features"][k, :nf] - ref[f"aud{k}.mel"]).abs().max()),
            "sscp": float((cap["a_sscp"][k, :nk] - ref[f"aud{k}.sscp"][:nk]).abs().max()),
            **{f"layer{i}": float((cap[f"a_layer{i}"][k, :nk] - ref[f"aud{k}.layer{i}"][:nk])
                                  .abs().max()) for i in range(len(at.layers))}}

    # ---- text only ----
    t_seq = [2, 105] + text(6) + [107] + text(30) + [106, 107, 105] + text(4) + [107]
    t_ids = torch.tensor([t_seq], dtype=torch.long)
    with torch.no_grad():
        t_logits = model(input_ids=t_ids, use_cache=False).logits[0]
    ref["text.tokens"] = torch.tensor(t_seq, dtype=torch.int32)
    ref["text.logits"] = t_logits.float().contiguous()

    # ---- HF's own float32 error: the same runs in float64 ----
    # HF's RMSNorm computes in float32 whatever the model's dtype, so it is swapped for one that
    # keeps float64 here. The audio attention (.float()) and the vision pooler still run in
    # float32 inside, so this is "mostly float64": a bound on HF's float32 error, not an oracle.
    from transformers.models.gemma4 import modeling_gemma4 as mg

    def rms64(self, x):
        y = x * torch.pow(x.pow(2).mean(-1, keepdim=True) + self.eps, -0.5)
        return y * self.weight.to(x.dtype) if self.with_scale else y

    orig_rms = mg.Gemma4RMSNorm.forward
    try:
        mg.Gemma4RMSNorm.forward = rms64
        m64 = copy.deepcopy(model).double()
        with torch.no_grad():
            mm64 = run_mm(m64, torch.float64)
            t64 = m64(input_ids=t_ids, use_cache=False).logits[0]
        checks["mm_logits_f32_vs_f64_maxabs"] = float((mm64 - mm_logits.double()).abs().max())
        checks["text_logits_f32_vs_f64_maxabs"] = float((t64 - t_logits.double()).abs().max())
        checks["mm_argmax_f32_equals_f64"] = bool((mm64.argmax(-1) == mm_logits.argmax(-1)).all())
        ref["text.logits_f64"] = t64.float().contiguous()
        del m64
    except Exception:  # noqa: BLE001 - diagnostic only
        import traceback
        checks["f64_error"] = traceback.format_exc()[-1500:]
    finally:
        mg.Gemma4RMSNorm.forward = orig_rms

    manifest["mm"] = {"length": len(seq), "spans": spans,
                      "argmax": [int(x) for x in mm_logits.argmax(-1)],
                      "logits": stats(mm_logits)}
    manifest["text"] = {"length": len(t_seq), "argmax": [int(x) for x in t_logits.argmax(-1)],
                        "logits": stats(t_logits)}

    # ---- the model itself, and a reload check ----
    model.save_pretrained(out, safe_serialization=True)
    try:
        re = Gemma4ForConditionalGeneration.from_pretrained(out, dtype=torch.float32).eval()
        with torch.no_grad():
            t2 = re(input_ids=t_ids, use_cache=False).logits[0]
        checks["reloaded_text_logits_maxabs"] = float((t2 - t_logits).abs().max())
    except Exception as e:  # noqa: BLE001
        checks["reload_error"] = repr(e)
    manifest["checks"] = checks

    save_file({k: v.contiguous() for k, v in ref.items()}, os.path.join(out, "reference.safetensors"),
              metadata={"producer": "tests/data/gemma4_mm/make_hf_reference.py"})
    manifest["tensors"] = {k: {"dtype": str(v.dtype).replace("torch.", ""), "shape": list(v.shape)}
                           for k, v in ref.items()}
    tc = model.config.text_config
    manifest["text_config_resolved"] = {
        "layer_types": list(tc.layer_types),
        "head_dim": [mm.language_model.layers[i].self_attn.head_dim for i in range(6)],
        "kv_shared": [bool(mm.language_model.layers[i].self_attn.is_kv_shared_layer)
                      for i in range(6)],
        "ffn": [mm.language_model.layers[i].mlp.intermediate_size for i in range(6)],
        "use_bidirectional_attention": tc.use_bidirectional_attention,
        "sliding_window": tc.sliding_window,
    }
    with open(os.path.join(out, "reference.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    total = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
    print(json.dumps({"checks": checks, "images": img_info, "audio": aud_info,
                      "mm_len": len(seq), "bytes": total}, indent=1))


if __name__ == "__main__":
    main()
