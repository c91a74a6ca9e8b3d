"""GPU check for the transformers_omni backend, for a maintainer with a CUDA machine and local weights.

Loads Qwen2.5-Omni (3B by default) in 4-bit through the backend, runs it on an example clip (frames + the
clip's own sound), streams the reply, then a JSON-schema call, then one full pipeline run on the clip, and
prints load time, tokens/s and the VRAM peak beside the computed frame budget and VRAM estimate. With
--spoken the pipeline's final reply is spoken once in the model's own voice, as the app does. Nothing is
downloaded: fetch the weights once beforehand (`python -m mer_agents download Qwen/Qwen2.5-Omni-3B`);
without them the script says so in one line.

    HF_HUB_OFFLINE=1 python scripts/gpu_check.py [--model Qwen/Qwen2.5-Omni-7B] [--clip examples/x.mp4]
        [--spoken] [--no-pipeline]
    python scripts/gpu_check.py --budget   # the computed token and VRAM budget: no GPU or weights needed
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mer_agents.backends.base import GenerationParams, Message, Part  # noqa: E402
from mer_agents.backends.transformers_omni import (  # noqa: E402
    DEFAULT_MODEL,
    TransformersOmniBackend,
    frame_budget,
    local_weights,
)
from mer_agents.config import Settings  # noqa: E402
from mer_agents.errors import MerError  # noqa: E402

SYSTEM = "You are an empathetic listener. Look at the person's face, listen to their voice, read their words."
QUESTION = "How does this person feel, and what would you say to them? Answer in two sentences."
SCHEMA = {
    "type": "object",
    "properties": {
        "emotion": {
            "type": "string",
            "enum": ["neutral", "joy", "sadness", "anger", "surprise", "fear", "disgust"],
        },
        "confidence": {"type": "number"},
        "cues": {"type": "array", "items": {"type": "string"}, "maxItems": 4},
    },
    "required": ["emotion", "confidence", "cues"],
}
GB = 1e9
NF4_BYTES = (4 + 8 / 64 + 32 / (64 * 256)) / 8  # nf4 + double-quantized absmax per 64-weight block
BF16_BYTES = 2
HEAD_DIM = 128
# The thinkers' text dimensions as published in the checkpoints' config.json; the encoders are the same for
# both (transformers' defaults, vision width 1280), projecting to the text width.
THINKER_DIMS = {
    "Qwen/Qwen2.5-Omni-3B": dict(
        vocab_size=151936,
        hidden_size=2048,
        intermediate_size=11008,
        num_hidden_layers=36,
        num_attention_heads=16,
        num_key_value_heads=2,
    ),
    "Qwen/Qwen2.5-Omni-7B": dict(
        vocab_size=152064,
        hidden_size=3584,
        intermediate_size=18944,
        num_hidden_layers=28,
        num_attention_heads=28,
        num_key_value_heads=4,
    ),
}
BUDGET_SECONDS = (5.0, 10.0, 30.0)
# assumed, not counted by Qwen's tokenizer: an agent's instructions, evidence and JSON schema
TEXT_TOKENS = 1500
NEW_TOKENS = 256  # GenerationParams.max_tokens default


def thinker_config(model: str):
    """A thinker config with the published dimensions of `model` (3B or 7B)."""
    from transformers import Qwen2_5OmniThinkerConfig

    dims = THINKER_DIMS[model]
    width = dims["hidden_size"]
    return Qwen2_5OmniThinkerConfig(
        text_config=dims,
        vision_config={"hidden_size": 1280, "out_hidden_size": width},
        audio_config={"output_dim": width},
    )


def weight_bytes(config, quantize: str) -> float:
    """Weights in memory, counted on the meta device: the language model's linear weights in nf4 when
    quantized, everything else (embeddings, lm_head, encoders, biases, norms) in bf16."""
    import torch
    from transformers import Qwen2_5OmniThinkerForConditionalGeneration

    with torch.device("meta"):
        model = Qwen2_5OmniThinkerForConditionalGeneration(config)
    linear = {id(m.weight) for m in model.model.language_model.modules() if isinstance(m, torch.nn.Linear)}
    total = 0.0
    for param in model.parameters():
        four_bit = quantize == "4bit" and id(param) in linear
        total += param.numel() * (NF4_BYTES if four_bit else BF16_BYTES)
    return total


def vram_estimate(config, weights: float, prompt_tokens: int, new_tokens: int) -> dict[str, float]:
    """A computed lower bound on the peak, in GB: the weights (weight_bytes) + the KV cache + the prefill's
    logits (the thinker computes logits for every prompt position). Left out, so unmeasured: the CUDA
    context, the encoders' activations, allocator slack. gpu_check measures the real peak."""
    text = config.get_text_config()
    kv = 2 * text.num_hidden_layers * text.num_key_value_heads * HEAD_DIM * BF16_BYTES
    parts = {
        "weights_gb": weights / GB,
        "kv_cache_gb": kv * (prompt_tokens + new_tokens) / GB,
        "prefill_logits_gb": prompt_tokens * text.vocab_size * BF16_BYTES / GB,
    }
    parts = {name: round(value, 2) for name, value in parts.items()}
    return {**parts, "total_gb": round(sum(parts.values()), 2)}


def budget_report(quantize: str) -> dict:
    """The computed token and VRAM budget per clip length, for both published sizes (no GPU, no weights)."""
    configs = {model: thinker_config(model) for model in THINKER_DIMS}
    weights = {model: weight_bytes(config, quantize) for model, config in configs.items()}
    rows = []
    for seconds in BUDGET_SECONDS:
        budget = frame_budget(seconds)
        prompt = budget.tokens + TEXT_TOKENS
        rows.append(
            {
                "seconds": seconds,
                "fps": budget.fps,
                "frames": budget.frames,
                "frame_720p": list(budget.frame_size),
                "video_tokens": budget.video_tokens,
                "audio_tokens": budget.audio_tokens,
                "prompt_tokens": prompt,
                "vram_gb": {
                    model: vram_estimate(config, weights[model], prompt, NEW_TOKENS)
                    for model, config in configs.items()
                },
            }
        )
    return {
        "computed": "token counts (frame_budget) and a VRAM lower bound from the published config dimensions",
        "assumed": f"{TEXT_TOKENS} text tokens per prompt, {NEW_TOKENS} new tokens",
        "quantize": quantize,
        "clips": rows,
    }


def clip_seconds(clip: Path) -> tuple[float, tuple[int, int]]:
    """The clip's video length and frame size (height, width), from its container."""
    import av

    with av.open(str(clip)) as container:
        stream = container.streams.video[0]
        seconds = float(stream.duration * stream.time_base) if stream.duration else container.duration / 1e6
        return seconds, (stream.height, stream.width)


def pipeline_run(clip: Path, backend: TransformersOmniBackend, settings: Settings, spoken: bool) -> dict:
    """One full pipeline run on the clip; with `spoken`, its final reply spoken once, as the app does."""
    from mer_agents.events import RunFailed, RunFinished
    from mer_agents.pipeline import RunRequest, run

    start = time.perf_counter()
    last = None
    for event in run(RunRequest(clip=str(clip)), backend, settings):
        last = event
    out: dict = {"seconds": round(time.perf_counter() - start, 1)}
    if isinstance(last, RunFinished):
        out.update(reply=last.reply, emotion=last.emotion, strategy=last.strategy, source=last.reply_source)
        if spoken:
            from mer_agents.ui.tts import speak_with_note

            path, note = speak_with_note(last.reply, last.emotion, last.strategy)
            out.update(spoken_wav=str(path), voice=note)
    elif isinstance(last, RunFailed):
        out["error"] = last.error
    return out


def no_weights_line(model: str) -> str:
    """The one line said when the weights are not on this machine (nothing is downloaded here)."""
    path = Path(model).expanduser()
    if path.exists() or path.is_absolute() or model.count("/") != 1:  # a folder, not a hub id
        return f"no Qwen2.5-Omni weights in {model} (config.json + *.safetensors), so nothing to check"
    return (
        f"no Qwen2.5-Omni weights for {model} on this machine, so nothing to check (nothing is downloaded "
        f"here): fetch them once with `python -m mer_agents download {model}` or pass --model FOLDER"
    )


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--model", default=DEFAULT_MODEL, help="hub id (already in the local cache) or a folder"
    )
    parser.add_argument("--clip", default=None, help="a video with sound (default: the first examples/*.mp4)")
    parser.add_argument("--quantize", choices=["4bit", "none"], default="4bit")
    parser.add_argument("--spoken", action="store_true", help="load the full model and speak the final reply")
    parser.add_argument("--max-tokens", type=int, default=96)
    parser.add_argument("--no-pipeline", action="store_true", help="skip the full pipeline run")
    parser.add_argument("--budget", action="store_true", help="print the computed budget and exit")
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    if args.budget:
        print(json.dumps(budget_report(args.quantize), indent=2))
        return 0
    if local_weights(args.model) is None:
        print(no_weights_line(args.model), file=sys.stderr)
        return 2

    import torch

    if not torch.cuda.is_available():
        print("no CUDA device: this check needs a GPU", file=sys.stderr)
        return 2
    clip = Path(args.clip) if args.clip else next(iter(sorted((ROOT / "examples").glob("*.mp4"))), None)
    if clip is None:
        print("no clip: pass --clip PATH", file=sys.stderr)
        return 2

    settings = Settings(backend="transformers_omni", model=args.model, spoken_reply=args.spoken)
    backend = TransformersOmniBackend(settings, quantize=args.quantize)
    messages = [
        Message(role="system", content=SYSTEM),
        Message(role="user", content=[Part(type="video", path=str(clip)), Part(type="text", text=QUESTION)]),
    ]
    torch.cuda.reset_peak_memory_stats()
    try:
        start = time.perf_counter()
        engine = backend.engine()
        load_s = time.perf_counter() - start
        loaded_gb = torch.cuda.max_memory_allocated() / GB
        first: list[float] = []
        t0 = time.perf_counter()
        gen = backend.generate(
            messages,
            GenerationParams(max_tokens=args.max_tokens, temperature=0.7, seed=0),
            on_token=lambda _: first.append(time.perf_counter() - t0) if not first else None,
        )
        timings = dict(backend.last_timings)
        peak_gb = torch.cuda.max_memory_allocated() / GB
        structured = backend.generate(
            messages, GenerationParams(max_tokens=96, temperature=0.2, json_schema=SCHEMA)
        )
        pipeline = None if args.no_pipeline else pipeline_run(clip, backend, settings, args.spoken)
    except MerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1

    seconds, frame = clip_seconds(clip)
    budget = frame_budget(seconds, backend.video, frame)
    config = getattr(engine.model.config, "thinker_config", engine.model.config)
    report = {
        "model": args.model,
        "quantize": args.quantize,
        "device": torch.cuda.get_device_name(0),
        "clip": str(clip),
        "frame_budget": {**budget.__dict__, "tokens": budget.tokens},
        "load_s": round(load_s, 1),
        "vram_after_load_gb": round(loaded_gb, 2),
        "vram_peak_gb": round(peak_gb, 2),
        "vram_peak_all_calls_gb": round(torch.cuda.max_memory_allocated() / GB, 2),
        "vram_estimate_computed": vram_estimate(
            config, weight_bytes(config, args.quantize), gen.prompt_tokens, args.max_tokens
        ),
        "prompt_tokens": gen.prompt_tokens,
        "completion_tokens": gen.completion_tokens,
        "first_token_s": round(first[0], 2) if first else None,
        "tokens_per_s": round(gen.completion_tokens / max(timings["generate_s"], 1e-9), 1),
        "timings": {k: round(v, 2) for k, v in timings.items()},
        "reply": gen.text,
        "json_reply": structured.text,
        "pipeline": pipeline,
        "four_bit_linears": sum(type(m).__name__ == "Linear4bit" for m in engine.model.modules()),
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
