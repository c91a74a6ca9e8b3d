"""Does the judge-trained scorer pick better *within a turn*? Five-fold cross-fitting over every graded turn.

    MER_TRAIN_DEVICE=cuda .venv/bin/python experiments/reply_judge_scorer/crossfit.py --fold K --out fK.json
    .venv/bin/python experiments/reply_judge_scorer/crossfit.py --score f?.json

Why: the 100 selection turns give intervals of ±0.10 on a pick's A rate, too wide to see a within-turn gain
of a few points. Here each of the ~780 graded training turns (train_grades/ and bank_grades/) is scored by
a scorer trained (same recipe as train.py: wheel init, `--epochs`) on the other four folds; folds are split
by dialogue, so no scorer saw the conversation it scores. `--score` compares rankings of the same graded
candidates (guard failures never kept) with paired bootstrap intervals over dialogues. Still ESConv *train*
only: a choice made here is reported on dev.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from experiments.reply_judge_scorer.train import FIRST_MAX, SECOND_MAX, TRAIN, VALUE, groups, train  # noqa: E402
from mer_agents import training  # noqa: E402
from mer_agents.agents.reply_judge import RANK_WEIGHT  # noqa: E402
from mer_agents.agents.responder import rank_key  # noqa: E402
from mer_agents.types import Candidate  # noqa: E402

BANK = HERE / "bank_grades"
FOLDS = 5
BOOT = 5000
SEED = 0


def shipped_key(r: dict) -> tuple:
    """responder.rank_key as shipped, on a graded candidate (its judge logit read out of fold)."""
    return rank_key(
        Candidate(source=r["source"], text=r["text"], score=r["score"], failed=r["failed"], judge=r["judge"])
    )


RANKINGS = {
    "shipped": lambda r: r["rank"],
    "judge": lambda r: -r["judge"],
    "checks, then judge": lambda r: (len(r["failed"]), -r["judge"]),
    "judge + shipped score": lambda r: -(r["judge"] + RANK_WEIGHT * r["score"]),
    # responder.rank_key as shipped: a failed check of the moment (responder.MOMENT_CHECKS) last
    "moment checks, then judge + shipped score": shipped_key,
    "oracle": lambda r: -VALUE[r["grade"]],
}


def candidates(group: dict) -> list[dict]:
    """The graded candidates a ranking may keep: not the gold reply, none failing the guard."""
    return [r for r in group["replies"] if r["source"] != "gold" and not r["guard"]]


def versus(held: list[dict], picks: dict[str, list[str]], base: str, label: str) -> dict:
    """Each list of kept grades' A/C share and its difference from `picks[base]` on A and C, with a 95 %
    bootstrap interval over dialogues (BOOT draws, SEED; the turns of a drawn dialogue count as often as
    it is drawn), under `A_vs_<label>` / `C_vs_<label>`."""
    dialogues = sorted({(g["set"], g["dialogue"]) for g in held})
    index = {d: i for i, d in enumerate(dialogues)}
    owner = np.array([index[(g["set"], g["dialogue"])] for g in held])
    rng = np.random.default_rng(SEED)
    draws = rng.integers(0, len(dialogues), size=(BOOT, len(dialogues)))
    weights = np.stack([np.bincount(d, minlength=len(dialogues))[owner] for d in draws])  # turns per draw
    out: dict = {"turns": len(held), "dialogues": len(dialogues)}
    base_a = np.array([x == "A" for x in picks[base]], float)
    base_c = np.array([x == "C" for x in picks[base]], float)
    for name, grades in picks.items():
        a = np.array([x == "A" for x in grades], float)
        c = np.array([x == "C" for x in grades], float)
        da = (weights @ (a - base_a)) / weights.sum(1)
        dc = (weights @ (c - base_c)) / weights.sum(1)
        out[name] = {
            "A": round(a.mean(), 3),
            "C": round(c.mean(), 3),
            f"A_vs_{label}": [round((a - base_a).mean(), 3), *np.round(np.percentile(da, [2.5, 97.5]), 3)],
            f"C_vs_{label}": [round((c - base_c).mean(), 3), *np.round(np.percentile(dc, [2.5, 97.5]), 3)],
        }
    return out


def every_group() -> list[dict]:
    """The graded turns of both sets, each with a set name and a fold: the dialogues shuffled (seed 0) and
    dealt round the folds, so each fold holds whole dialogues of both sets."""
    out = []
    for name, d in (("train_grades", TRAIN), ("bank_grades", BANK)):
        for g in groups(d):
            g["set"] = name
            out.append(g)
    dialogues = sorted({int(g["dialogue"]) for g in out})
    random.Random(SEED).shuffle(dialogues)
    fold_of = {d: i % FOLDS for i, d in enumerate(dialogues)}
    for g in out:
        g["fold"] = fold_of[int(g["dialogue"])]
    return out


def run_fold(fold: int, epochs: float, out: Path) -> None:
    gs = every_group()
    model = train([g for g in gs if g["fold"] != fold], "wheel", epochs)
    tok = training.tokenizer()
    held = [g for g in gs if g["fold"] == fold]
    for g in held:
        pairs = training.encode(tok, [(g["context"], r["text"]) for r in g["replies"]], FIRST_MAX, SECOND_MAX)
        for r, x in zip(g["replies"], training.predict(model, pairs)[:, 0]):
            r["judge"] = float(x)
    out.write_text(json.dumps(held) + "\n")
    print(f"fold {fold}: {len(held)} turns scored → {out}", flush=True)


def score(paths: list[Path]) -> dict:
    held = [g for p in paths for g in json.loads(p.read_text())]
    picks = {name: [min(candidates(g), key=key)["grade"] for g in held] for name, key in RANKINGS.items()}
    out = versus(held, picks, "shipped", "shipped")
    cands = [r for g in held for r in g["replies"] if r["source"] != "gold"]
    pos = np.array([r["judge"] for r in cands if r["grade"] == "A"])
    neg = np.array([r["judge"] for r in cands if r["grade"] == "C"])
    out["auc_A_vs_C"] = round(float(((pos[:, None] > neg[None, :]).mean())), 3)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fold", type=int)
    parser.add_argument("--epochs", type=float, default=4.0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--score", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.score:
        result = score(args.score)
        print(json.dumps(result, indent=1, default=float))
        (HERE / "crossfit" / "score.json").write_text(json.dumps(result, indent=1, default=float) + "\n")
        return 0
    run_fold(args.fold, args.epochs, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
