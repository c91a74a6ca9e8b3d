"""Round 2 of the reply judge: does it keep improving with more grades? (#34, item 2)

    .venv/bin/python experiments/reply_judge_scorer/round2.py --train  # weights/judge_round2.npz
    .venv/bin/python experiments/reply_judge_scorer/round2.py --report weights/judge_round2.npz  # round2.json

Why: from 1,389 to 6,069 grades the judge's AUC of judged-A vs judged-C went from 0.60 to 0.83 and had not
levelled off. `bank_grades2/` holds 600 more turns (seed 8) of bank dialogues not in `bank_grades/`, every
candidate the shipped responder ranks first (7, with the shipped judge) plus the template and the gold reply,
graded by 20 more blind judges. Its dialogues are dealt into two parts (sorted, every third to the report
part): the judge trains on the other two thirds with every earlier grade, starting from the shipped judge
(one pass on 2 CPU cores; the shipped judge took four from the wheel on a lent GPU). The report part and
the 100 selection turns (`heldout_candidate_grades/`) were never trained on by either judge: there the
shipped rank (`responder.rank_key`) is compared with the judge's logit from the shipped weights, from round 2,
and with no judge at all (the rank before the judge), paired, bootstrapped over dialogues. ESConv *train*
only; the rule for what follows is in the README, written before the run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from experiments.reply_judge_scorer.crossfit import BANK, candidates, shipped_key, versus  # noqa: E402
from experiments.reply_judge_scorer.train import (  # noqa: E402
    FIRST_MAX,
    SECOND_MAX,
    SELECT,
    TRAIN,
    WEIGHTS,
    groups,
    scores_of,
    train,
)
from mer_agents import training  # noqa: E402
from mer_agents.agents import reply_judge  # noqa: E402

BANK2 = HERE / "bank_grades2"
REPORT_EVERY = 3  # every third dialogue of bank_grades2 (sorted) is kept out of training
SEED = 0


def bank2_parts() -> tuple[list[dict], list[dict]]:
    """(train part, report part) of bank_grades2's graded turns, split by dialogue."""
    gs = groups(BANK2)
    dialogues = sorted({int(g["dialogue"]) for g in gs})
    report = set(dialogues[::REPORT_EVERY])
    return [g for g in gs if int(g["dialogue"]) not in report], [
        g for g in gs if int(g["dialogue"]) in report
    ]


def key(judge: str | None):
    """The shipped key (crossfit.shipped_key, responder.rank_key) on a graded candidate, with its logit from
    the field `judge` (None: no judge, the rank before the judge shipped)."""
    return lambda r: shipped_key({**r, "judge": None if judge is None else r[judge]})


def auc(cands: list[dict], field: str) -> float:
    pos = np.array([r[field] for r in cands if r["grade"] == "A"])
    neg = np.array([r[field] for r in cands if r["grade"] == "C"])
    return round(float(((pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])).mean()), 3)


def held_turns() -> list[dict]:
    """The 287 turns neither judge trained on (bank_grades2's report part and the 100 selection turns), each
    with its set's name."""
    _, held_bank = bank2_parts()
    selection = groups(SELECT)
    return [dict(g, set="bank_grades2") for g in held_bank] + [dict(g, set="selection") for g in selection]


def report(weights: Path) -> dict:
    held = held_turns()
    for field, path in (("shipped_judge", reply_judge.WEIGHTS), ("round2_judge", weights)):
        scores_of(path, held)
        for g in held:
            for r in g["replies"]:
                r[field] = r.pop("judge")
    rankings = {"shipped": "shipped_judge", "round 2": "round2_judge", "no judge (before)": None}
    out: dict = {"weights": weights.name}
    for name, subset in (
        ("both", held),
        ("bank_grades2 report part", [g for g in held if g["set"] == "bank_grades2"]),
        ("selection turns", [g for g in held if g["set"] == "selection"]),
    ):
        picks = {n: [min(candidates(g), key=key(f))["grade"] for g in subset] for n, f in rankings.items()}
        part = versus(subset, picks, "shipped", "shipped")
        cands = [r for g in subset for r in g["replies"] if r["source"] != "gold"]
        part["auc_A_vs_C"] = {f: auc(cands, f) for f in ("shipped_judge", "round2_judge", "score")}
        gold = [r["grade"] for g in subset for r in g["replies"] if r["source"] == "gold"]
        part["gold"] = {x: round(gold.count(x) / len(gold), 3) for x in "AC"}
        out[name] = part
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", action="store_true")
    parser.add_argument("--epochs", type=float, default=1.0)
    parser.add_argument("--init", choices=("judge", "wheel"), default="judge", help="start from (train.py)")
    parser.add_argument("--seed", type=int, default=0, help="the order of the batches and dropout")
    parser.add_argument("--out", type=Path, default=WEIGHTS / "judge_round2.npz")
    parser.add_argument("--report", type=Path, help="compare these weights with the shipped judge")
    parser.add_argument("--json", default="round2.json", help="the report's file name (beside this script)")
    args = parser.parse_args(argv)
    if args.report:
        result = report(args.report)
        print(json.dumps(result, indent=1, default=float))
        (HERE / args.json).write_text(json.dumps(result, indent=1, default=float) + "\n")
        return 0
    train_part, held = bank2_parts()
    train_groups = groups(TRAIN) + groups(BANK) + train_part
    print(
        len(train_groups),
        "turns,",
        sum(len(g["replies"]) for g in train_groups),
        "grades;",
        len(held),
        "turns held out",
        flush=True,
    )
    started = time.time()
    model = train(train_groups, args.init, args.epochs, args.seed)
    WEIGHTS.mkdir(exist_ok=True)
    training.save(
        model,
        args.out,
        name=f"minilm-l6-reply-judge-round2-{args.init}",
        first_max=FIRST_MAX,
        second_max=SECOND_MAX,
    )
    print(f"trained in {time.time() - started:.0f} s → {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
