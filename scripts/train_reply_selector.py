"""Train the reply selector (mer_agents/agents/reply_selector.py) on ESConv train: which reply fits this \
moment.

    .venv/bin/python scripts/train_reply_selector.py [--source ESConv_train.json]
        [--out assets/reply_selector/esconv_train.npz] [--epochs 30]

A response-selection model over frozen MiniLM-L6 embeddings. Each supporter turn that follows seeker words is
one example: the seeker's most recent words `s`, the supporter's turn before them `p` (what the seeker was
answering; zero when the conversation opens), and the reply `r`. Context f = norm(A·s + B·p), reply
g = norm(C·r), fit = f·g. Trained with in-batch negatives (InfoNCE, every other reply in a batch of BATCH is a
negative, temperature TAU) on every train dialogue but the held-out slice (every 10th,
mer_agents.evaluation.esconv_data.heldout_train_dialogues()); A and C start at the identity (so the
untrained model is the
plain MiniLM cosine of s and r) and B at zero. The epoch count and weight decay are chosen on the held-out
slice by recall@1 of the true reply among N_CANDIDATES (itself + random held-out replies of *other*
dialogues), and compared with the plain cosine baseline; the chosen setting is refitted on all train
dialogues and saved as plain float16 arrays. Prints a JSON summary (a few minutes on 2 cores; the MiniLM
embeddings are cached in /tmp).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from mer_agents.embeddings import DIM, embed  # noqa: E402
from mer_agents.evaluation.esconv_data import (  # noqa: E402
    DEFAULT_TRAIN,
    is_heldout,
    previous_supporter,
    read_train,
    seeker_words,
)

DEFAULT_OUT = ROOT / "assets" / "reply_selector" / "esconv_train.npz"
CACHE = Path("/tmp/mer_selector_embeddings")
BATCH = 256
TAU = 0.05
LR = 1e-3
N_CANDIDATES = 20  # the true reply among 19 replies of other held-out dialogues
SEED = 0
GRID = [(epochs, decay) for epochs in (1, 2, 3, 5) for decay in (0.0, 3.0, 30.0)]


def examples(source: Path) -> list[dict]:
    out = []
    for dialogue in read_train(source):
        for turn in dialogue.turns:
            if turn.speaker != "supporter" or not turn.text.strip():
                continue
            words = seeker_words(dialogue.turns, turn.index)
            if not words:
                continue
            out.append(
                {
                    "dialogue": dialogue.id,
                    "s": words,
                    "p": previous_supporter(dialogue.turns, turn.index),
                    "r": turn.text,
                    "heldout": is_heldout(dialogue.id),
                }
            )
    return out


def cached_embed(texts: list[str]) -> np.ndarray:
    """MiniLM embeddings of `texts` (zeros for ""), cached in /tmp by a hash of the texts."""
    key = hashlib.sha1("\x00".join(texts).encode()).hexdigest()[:16]
    path = CACHE / f"{key}.npy"
    if path.is_file():
        return np.load(path)
    unique = sorted({t for t in texts if t})
    table = dict(zip(unique, embed(unique)))
    out = np.stack([table[t] if t else np.zeros(DIM, np.float32) for t in texts]).astype(np.float32)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.save(path, out)
    return out


class Selector(torch.nn.Module):
    def __init__(self):
        super().__init__()
        # residuals from the identity: weight decay pulls the model back to the plain cosine, not to zero
        self.da = torch.nn.Parameter(torch.zeros(DIM, DIM))
        self.b = torch.nn.Parameter(torch.zeros(DIM, DIM))
        self.dc = torch.nn.Parameter(torch.zeros(DIM, DIM))

    @property
    def a(self) -> torch.Tensor:
        return torch.eye(DIM) + self.da

    @property
    def c(self) -> torch.Tensor:
        return torch.eye(DIM) + self.dc

    def context(self, s: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.normalize(s @ self.a.T + p @ self.b.T, dim=-1)

    def reply(self, r: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.normalize(r @ self.c.T, dim=-1)


def train(s, p, r, epochs: int, decay: float, seed: int = SEED) -> Selector:
    torch.manual_seed(seed)
    model = Selector()
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=decay)
    s, p, r = map(torch.from_numpy, (s, p, r))
    n = len(s)
    for _ in range(epochs):
        order = torch.randperm(n)
        for start in range(0, n, BATCH):
            idx = order[start : start + BATCH]
            logits = model.context(s[idx], p[idx]) @ model.reply(r[idx]).T / TAU
            loss = torch.nn.functional.cross_entropy(logits, torch.arange(len(idx)))
            opt.zero_grad()
            loss.backward()
            opt.step()
    return model


def recall_at_1(scores: np.ndarray, dialogues: np.ndarray, rng: np.random.Generator) -> tuple[float, float]:
    """Recall@1 and MRR of the true reply (the diagonal of `scores`, contexts × replies) among itself and
    N_CANDIDATES-1 replies drawn at random from other dialogues."""
    n = len(scores)
    hits, rr = [], []
    for i in range(n):
        pool = np.flatnonzero(dialogues != dialogues[i])
        negatives = rng.choice(pool, N_CANDIDATES - 1, replace=False)
        rank = 1 + int((scores[i, negatives] >= scores[i, i]).sum())
        hits.append(rank == 1)
        rr.append(1 / rank)
    return float(np.mean(hits)), float(np.mean(rr))


def evaluate(model: Selector | None, s, p, r, dialogues) -> tuple[float, float]:
    if model is None:  # the plain MiniLM cosine of the seeker's words and the reply
        scores = s @ r.T
    else:
        with torch.no_grad():
            f = model.context(torch.from_numpy(s), torch.from_numpy(p))
            g = model.reply(torch.from_numpy(r))
            scores = (f @ g.T).numpy()
    return recall_at_1(scores, dialogues, np.random.default_rng(SEED))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_TRAIN)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    torch.set_num_threads(2)
    started = time.time()
    rows = examples(args.source)
    s = cached_embed([x["s"] for x in rows])
    p = cached_embed([x["p"] for x in rows])
    r = cached_embed([x["r"] for x in rows])
    held = np.array([x["heldout"] for x in rows])
    dialogues = np.array([x["dialogue"] for x in rows])
    tr, ho = ~held, held
    baseline = evaluate(None, s[ho], p[ho], r[ho], dialogues[ho])
    grid = {}
    for epochs, decay in GRID:
        model = train(s[tr], p[tr], r[tr], epochs, decay)
        grid[f"epochs={epochs} decay={decay}"] = evaluate(model, s[ho], p[ho], r[ho], dialogues[ho])
        print(
            f"  epochs={epochs:>3} decay={decay:<6} "
            f"heldout recall@1 {grid[f'epochs={epochs} decay={decay}'][0]:.3f}",
            file=sys.stderr,
        )
    best = max(grid, key=lambda k: grid[k][0])
    epochs, decay = (float(v.split("=")[1]) for v in best.split())
    final = train(s, p, r, int(epochs), decay)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        a=final.a.detach().numpy().astype(np.float16),
        b=final.b.detach().numpy().astype(np.float16),
        c=final.c.detach().numpy().astype(np.float16),
        name=np.array(f"reply-selector minilm-l6 linear {best} tau={TAU} batch={BATCH}"),
    )
    summary = {
        "examples": len(rows),
        "train": int(tr.sum()),
        "heldout": int(ho.sum()),
        "heldout_dialogues": len(set(dialogues[ho])),
        "candidates": N_CANDIDATES,
        "baseline_cosine": {"recall@1": round(baseline[0], 4), "mrr": round(baseline[1], 4)},
        "grid": {k: {"recall@1": round(v[0], 4), "mrr": round(v[1], 4)} for k, v in grid.items()},
        "chosen": best,
        "out": str(args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out),
        "seconds": round(time.time() - started, 1),
    }
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
