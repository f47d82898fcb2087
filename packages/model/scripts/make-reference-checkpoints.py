"""Write the tiny reference checkpoints that `src/reference-checkpoints.test.ts` checks our loader against.

Each folder under `src/test/reference-checkpoints/<name>/` holds what a user's Hugging Face model folder
holds (config.json, model.safetensors, no tokenizer) and `reference.json`: a fixed token sequence and the
float32 logits that transformers computes for it after loading the folder back with `from_pretrained`
exactly as it is stored (so config.json fields removed to exercise a default are read the way HF reads
them). CI never runs this script; it needs Python only to regenerate the fixtures:

    python3 -m venv /tmp/refenv
    /tmp/refenv/bin/pip install torch transformers safetensors numpy
    /tmp/refenv/bin/python packages/model/scripts/make-reference-checkpoints.py

Generated with torch 2.13.0+cpu and transformers 5.18.0 (versions are recorded in each reference.json).
Weights are re-drawn at a larger scale than HF's 0.02 init so logits span several units and a 1e-3
tolerance is a real test; norm weights are drawn around 1 so a skipped norm shows.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import torch
import transformers
from transformers import (
    AutoModelForCausalLM,
    Gemma2Config,
    LlamaConfig,
    LlamaForCausalLM,
    Qwen2Config,
    Qwen2ForCausalLM,
    Qwen3Config,
    Qwen3ForCausalLM,
)

OUT = Path(__file__).resolve().parent.parent / "src" / "test" / "reference-checkpoints"
VOCAB = 96
TOKENS = 24

SHAPE = dict(
    vocab_size=VOCAB,
    hidden_size=32,
    intermediate_size=48,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    max_position_embeddings=64,
    rms_norm_eps=1e-6,
    bos_token_id=1,
    eos_token_id=2,
)


def randomize(model: torch.nn.Module, seed: int) -> None:
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, parameter in model.named_parameters():
            if name.endswith("norm.weight"):
                parameter.copy_(1 + 0.3 * torch.randn(parameter.shape, generator=generator))
            elif name.endswith(".bias"):
                parameter.copy_(0.3 * torch.randn(parameter.shape, generator=generator))
            else:
                parameter.copy_(0.35 * torch.randn(parameter.shape, generator=generator))


def write_case(
    name: str,
    model_class: type,
    config: transformers.PretrainedConfig,
    *,
    seed: int,
    drop_fields: tuple[str, ...] = (),
    set_fields: dict | None = None,
    dtype: torch.dtype = torch.float32,
    note: str,
) -> None:
    folder = OUT / name
    shutil.rmtree(folder, ignore_errors=True)
    torch.manual_seed(seed)
    model = model_class(config).eval()
    randomize(model, seed)
    model.to(dtype).save_pretrained(folder, safe_serialization=True)
    config_path = folder / "config.json"
    stored = json.loads(config_path.read_text())
    for field in drop_fields:
        stored.pop(field, None)
    stored.update(set_fields or {})
    config_path.write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
    (folder / "generation_config.json").unlink(missing_ok=True)

    # The reference: the folder as stored, loaded the way any HF user would load it, in float32.
    reloaded = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32).eval()
    original = {key: value.float() for key, value in model.state_dict().items()}
    for key, value in reloaded.state_dict().items():
        if key in original and not torch.equal(original[key], value):
            raise SystemExit(f"{name}: {key} changed on reload (did from_pretrained re-initialise it?)")
    generator = torch.Generator().manual_seed(1000 + seed)
    token_ids = torch.randint(0, VOCAB, (1, TOKENS), generator=generator)
    with torch.no_grad():
        logits = reloaded(input_ids=token_ids).logits[0].float()
    reference = {
        "note": note,
        "generator": {
            "script": "packages/model/scripts/make-reference-checkpoints.py",
            "torch": torch.__version__,
            "transformers": transformers.__version__,
        },
        "modelClass": model_class.__name__,
        "tiedEmbeddings": bool(reloaded.config.tie_word_embeddings),
        "droppedConfigFields": list(drop_fields),
        "setConfigFields": set_fields or {},
        "tokenIds": token_ids[0].tolist(),
        "logits": [[float(f"{value:.7g}") for value in row] for row in logits.tolist()],
    }
    (folder / "reference.json").write_text(json.dumps(reference) + "\n")
    size = sum(path.stat().st_size for path in folder.iterdir())
    print(f"{name}: {size / 1024:.0f} KiB, max |logit| {logits.abs().max():.2f}, tied {reference['tiedEmbeddings']}")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write_case(
        "llama-untied-defaults",
        LlamaForCausalLM,
        LlamaConfig(**SHAPE, tie_word_embeddings=False),
        seed=1,
        # LlamaConfig defaults: tie_word_embeddings false, rope_theta 10000, attention_bias false.
        drop_fields=("tie_word_embeddings", "rope_theta", "rope_parameters", "attention_bias", "head_dim"),
        note="Llama without tie_word_embeddings/rope/attention_bias/head_dim in config.json: HF defaults apply",
    )
    write_case(
        "llama-tied-bias",
        LlamaForCausalLM,
        LlamaConfig(**SHAPE, tie_word_embeddings=True, attention_bias=True),
        seed=2,
        note="Llama with tied embeddings and attention_bias (q, k, v and o biases)",
    )
    llama3_rope = {
        "factor": 8.0,
        "low_freq_factor": 1.0,
        "high_freq_factor": 4.0,
        "original_max_position_embeddings": 64,
    }
    # head_dim 16 (2 heads of hidden 32): with rope_theta 5e5 and original 64 positions the wavelengths are
    # 6.3 (kept), 32.5 (smoothed) and >= 168 (divided by factor), so all three branches of llama3 occur.
    llama3_shape = {**SHAPE, "num_attention_heads": 2, "num_key_value_heads": 1, "max_position_embeddings": 256}
    write_case(
        "llama3-rope-scaling",
        LlamaForCausalLM,
        LlamaConfig(
            **llama3_shape,
            tie_word_embeddings=False,
            rope_parameters={"rope_type": "llama3", "rope_theta": 500000.0, **llama3_rope},
        ),
        seed=3,
        note="Llama 3.1-style rope_parameters (transformers 5 spelling) of type llama3",
    )
    write_case(
        "llama3-legacy-rope-scaling",
        LlamaForCausalLM,
        LlamaConfig(
            **llama3_shape,
            tie_word_embeddings=False,
            rope_parameters={"rope_type": "llama3", "rope_theta": 500000.0, **llama3_rope},
        ),
        seed=6,
        drop_fields=("rope_parameters",),
        # How Llama-3.1/3.2 config.json files on the Hub spell it (transformers 4.x).
        set_fields={"rope_theta": 500000.0, "rope_scaling": {"rope_type": "llama3", **llama3_rope}},
        note="Llama 3.1 config.json in the transformers 4.x spelling: rope_theta plus rope_scaling",
    )
    write_case(
        "qwen2-bf16",
        Qwen2ForCausalLM,
        Qwen2Config(**SHAPE, tie_word_embeddings=True, rope_parameters={"rope_type": "default", "rope_theta": 1e6}),
        seed=4,
        dtype=torch.bfloat16,
        note="Qwen2 (q/k/v bias, tied, BF16 weights as Qwen2.5 ships them)",
    )
    write_case(
        "qwen3-head-dim",
        Qwen3ForCausalLM,
        Qwen3Config(**SHAPE, head_dim=16, tie_word_embeddings=True),
        seed=5,
        note="Qwen3 (q_norm/k_norm per head before RoPE; head_dim 16 != hidden/heads 8)",
    )
    # A model type the engine does not implement: only config.json (it must be refused before weights are read).
    gemma = OUT / "gemma2-refused"
    shutil.rmtree(gemma, ignore_errors=True)
    gemma.mkdir()
    Gemma2Config(**{**SHAPE, "head_dim": 8}).to_json_file(gemma / "config.json")
    print("gemma2-refused: config.json only")


if __name__ == "__main__":
    main()
