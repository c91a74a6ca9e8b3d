"""Which reply checks should still send back a reply the reply judge ranked first? Simulated on train.

    .venv/bin/python experiments/reply_judge_scorer/loop_sim.py   # loop_sim.json

On the 780 cross-fitted graded train turns (crossfit/f?.json: each candidate's out-of-fold judge logit,
its failed checks and its grade), the kept reply is the first by responder.rank_key (a failed check of the
moment last, then the logit + 4 × score). The loop is simulated as the pipeline runs it for the reply: when
the kept reply fails checks of the set S, the candidates that fail none of those are ranked again the same
way and the first is kept (when there are none, the reply stays). A/C of the kept replies, per S, paired
against no loop with a bootstrap over dialogues (crossfit.score's draws). Still ESConv train only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from mer_agents.agents.responder import MOMENT_CHECKS, STYLE_CHECKS  # noqa: E402

BOOT = 5000
SEED = 0


def key(r: dict) -> tuple:
    return (bool(MOMENT_CHECKS & set(r["failed"])), -(r["judge"] + 4 * r["score"]))


def kept(group: dict, sent_back_for: frozenset) -> dict:
    pool = [r for r in group["replies"] if r["source"] != "gold" and not r["guard"]]
    first = min(pool, key=key)
    drop = set(first["failed"]) & sent_back_for
    others = [r for r in pool if not drop & set(r["failed"])] if drop else []
    return min(others, key=key) if others else first


def main() -> None:
    held = [g for p in sorted((HERE / "crossfit").glob("f?.json")) for g in json.loads(p.read_text())]
    every = frozenset(c for g in held for r in g["replies"] for c in r["failed"])
    sets = {
        "no loop": frozenset(),
        "every check (the loop before)": every,
        "every check but the style checks": every - STYLE_CHECKS,
        "every check but the style checks and ignores_person (shipped)": every
        - STYLE_CHECKS
        - {"ignores_person"},
        "every check but tone_mismatch": every - {"tone_mismatch"},
    }
    dialogues = sorted({(g["set"], g["dialogue"]) for g in held})
    owner = np.array([dialogues.index((g["set"], g["dialogue"])) for g in held])
    draws = np.random.default_rng(SEED).integers(0, len(dialogues), size=(BOOT, len(dialogues)))
    weights = np.stack([np.bincount(d, minlength=len(dialogues))[owner] for d in draws])
    base = None
    out = {"turns": len(held), "dialogues": len(dialogues)}
    for name, s in sets.items():
        grades = [kept(g, s)["grade"] for g in held]
        a = np.array([x == "A" for x in grades], float)
        c = np.array([x == "C" for x in grades], float)
        base = base or (a, c)
        da = (weights @ (a - base[0])) / weights.sum(1)
        dc = (weights @ (c - base[1])) / weights.sum(1)
        out[name] = {
            "A": round(a.mean(), 3),
            "C": round(c.mean(), 3),
            "A_vs_no_loop": [round((a - base[0]).mean(), 3), *np.round(np.percentile(da, [2.5, 97.5]), 3)],
            "C_vs_no_loop": [round((c - base[1]).mean(), 3), *np.round(np.percentile(dc, [2.5, 97.5]), 3)],
        }
    print(json.dumps(out, indent=1, default=float))
    (HERE / "loop_sim.json").write_text(json.dumps(out, indent=1, default=float) + "\n")


if __name__ == "__main__":
    main()
