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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from experiments.reply_judge_scorer.crossfit import candidates, shipped_key, versus  # noqa: E402
from mer_agents.agents.responder import STYLE_CHECKS  # noqa: E402


def kept(group: dict, sent_back_for: frozenset) -> dict:
    pool = candidates(group)
    first = min(pool, key=shipped_key)
    drop = set(first["failed"]) & sent_back_for
    others = [r for r in pool if not drop & set(r["failed"])] if drop else []
    return min(others, key=shipped_key) if others else first


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
    picks = {name: [kept(g, s)["grade"] for g in held] for name, s in sets.items()}
    out = versus(held, picks, "no loop", "no_loop")
    print(json.dumps(out, indent=1, default=float))
    (HERE / "loop_sim.json").write_text(json.dumps(out, indent=1, default=float) + "\n")


if __name__ == "__main__":
    main()
