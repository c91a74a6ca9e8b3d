"""GPU check for the transformers_omni backend, for a maintainer with a CUDA machine and local weights.

Loads Qwen2.5-Omni (3B by default) in 4-bit through the backend, runs it on an example clip (frames + the
clip's own sound), streams the reply, then a JSON-schema call, and prints load time, tokens/s and the VRAM
peak. Nothing is downloaded: fetch the weights once beforehand
(`huggingface-cli download Qwen/Qwen2.5-Omni-3B`).

    HF_HUB_OFFLINE=1 python scripts/gpu_check.py [--model Qwen/Qwen2.5-Omni-7B] [--clip examples/x.mp4]
        [--spoken]
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
from mer_agents.backends.transformers_omni import DEFAULT_MODEL, TransformersOmniBackend  # noqa: E402
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--model", default=DEFAULT_MODEL, help="hub id (already in the local cache) or a folder"
    )
    parser.add_argument("--clip", default=None, help="a video with sound (default: the first examples/*.mp4)")
    parser.add_argument("--quantize", choices=["4bit", "none"], default="4bit")
    parser.add_argument("--spoken", action="store_true", help="load the full model and write a spoken reply")
    parser.add_argument("--max-tokens", type=int, default=96)
    args = parser.parse_args()

    import torch

    if not torch.cuda.is_available():
        print("no CUDA device: this check needs a GPU", file=sys.stderr)
        return 2
    clip = args.clip or next(iter(sorted((ROOT / "examples").glob("*.mp4"))), None)
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
        loaded_gb = torch.cuda.max_memory_allocated() / 1e9
        first: list[float] = []
        t0 = time.perf_counter()
        gen = backend.generate(
            messages,
            GenerationParams(max_tokens=args.max_tokens, temperature=0.7, seed=0),
            on_token=lambda _: first.append(time.perf_counter() - t0) if not first else None,
        )
        timings = dict(backend.last_timings)
        spoken = backend.last_audio_path
        structured = backend.generate(
            messages, GenerationParams(max_tokens=96, temperature=0.2, json_schema=SCHEMA)
        )
    except MerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1

    tokens_per_s = gen.completion_tokens / max(timings["generate_s"], 1e-9)
    report = {
        "model": args.model,
        "quantize": args.quantize,
        "device": torch.cuda.get_device_name(0),
        "clip": str(clip),
        "load_s": round(load_s, 1),
        "vram_after_load_gb": round(loaded_gb, 2),
        "vram_peak_gb": round(torch.cuda.max_memory_allocated() / 1e9, 2),
        "prompt_tokens": gen.prompt_tokens,
        "completion_tokens": gen.completion_tokens,
        "first_token_s": round(first[0], 2) if first else None,
        "tokens_per_s": round(tokens_per_s, 1),
        "timings": {k: round(v, 2) for k, v in timings.items()},
        "reply": gen.text,
        "json_reply": structured.text,
        "spoken_reply_wav": spoken,
        "four_bit_linears": sum(type(m).__name__ == "Linear4bit" for m in engine.model.modules()),
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
