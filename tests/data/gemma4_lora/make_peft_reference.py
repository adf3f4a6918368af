# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
"""Makes a PEFT LoRA adapter for the tiny Gemma 4 of ../gemma4_mm and the logits transformers +
PEFT give with it: the reference for Facet's PEFT loader and adapted forward (issue 18).

Runs where torch, transformers 5.17, peft and safetensors are installed (the GPU machine; on the
CPU in float32, deterministic). Writes into --out:
  adapter_model.safetensors, adapter_config.json   the adapter (PeftModel.save_pretrained)
  reference.safetensors   tokens (the text run of ../gemma4_mm), logits (adapted), base_logits
  reference.json          versions, the adapter's tensor names, checks

The adapter: rank 4, alpha 8, on q/k/v/o/gate/up/down of every text layer (the KV-shared layers
have no k_proj / v_proj), A and B both random (uniform, A in +-1/sqrt(in), B in +-0.2), so the
adapted logits differ clearly from the base model's.
"""

import argparse
import json
import math
import os

import peft
import torch
import transformers
from peft import LoraConfig, get_peft_model
from safetensors.torch import load_file, save_file
from transformers import Gemma4ForConditionalGeneration


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--model", default=os.path.join(here, "..", "gemma4_mm"))
    ap.add_argument("--out", default=here)
    args = ap.parse_args()
    torch.manual_seed(18)
    model = Gemma4ForConditionalGeneration.from_pretrained(
        args.model, dtype=torch.float32, attn_implementation="sdpa")
    model.eval()
    tokens = load_file(os.path.join(args.model, "reference.safetensors"))["text.tokens"]
    ids = tokens.to(torch.long).unsqueeze(0)

    cfg = LoraConfig(
        r=4, lora_alpha=8, lora_dropout=0.0, bias="none",
        target_modules=r".*language_model\.layers\.\d+\.(self_attn\.(q|k|v|o)_proj|"
                       r"mlp\.(gate|up|down)_proj)")
    pm = get_peft_model(model, cfg)
    g = torch.Generator().manual_seed(18)
    names = []
    with torch.no_grad():
        for n, p in pm.named_parameters():
            if "lora_A" in n:
                p.copy_((torch.rand(p.shape, generator=g) * 2 - 1) / math.sqrt(p.shape[1]))
                names.append(n)
            elif "lora_B" in n:
                p.copy_((torch.rand(p.shape, generator=g) * 2 - 1) * 0.2)
                names.append(n)
        logits = pm(input_ids=ids, use_cache=False).logits[0].float().contiguous()
        with pm.disable_adapter():
            base = pm(input_ids=ids, use_cache=False).logits[0].float().contiguous()
        ref_base = load_file(os.path.join(args.model, "reference.safetensors"))["text.logits"]
    pm.save_pretrained(args.out)
    readme = os.path.join(args.out, "README.md")
    if os.path.exists(readme):
        os.remove(readme)
    save_file({"tokens": tokens.to(torch.int32).contiguous(), "logits": logits,
               "base_logits": base}, os.path.join(args.out, "reference.safetensors"))
    manifest = {
        "transformers": transformers.__version__, "peft": peft.__version__,
        "torch": torch.__version__, "dtype": "float32", "device": "cpu",
        "adapter_tensors": sorted(n.replace(".default", "") for n in names),
        "checks": {
            "adapted_vs_base_maxabs": float((logits - base).abs().max()),
            "base_vs_gemma4_mm_reference_maxabs": float((base - ref_base).abs().max()),
        },
    }
    with open(os.path.join(args.out, "reference.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    print(json.dumps(manifest["checks"]))


if __name__ == "__main__":
    main()
