"""Does the round-4 judge want a different weight for the shipped score beside its logit? (#34)

    .venv/bin/python experiments/reply_judge_scorer/rank_weight.py   # rank_weight.json

Why: responder.rank_key ranks by the judge's logit + reply_judge.RANK_WEIGHT × the shipped score (4.0,
chosen cross-fitted for the first judge). Round 4 separates judged-A from judged-C replies better (AUC 0.842
on the 287 held train turns against 0.713 for the score alone), so it may deserve more of the say.

Rule, stated before it ran: on the 287 held train turns (round2.held_turns, read as round 4 was), rank with
the shipped key at each weight of WEIGHTS; a weight other than 4 replaces it only if it keeps a judged-A reply
more often than 4 does and a judged-C one no more often (point estimates), the best A first (then the lower
C). If one does, 60 ESConv dev turns no report has read are judged blind once, that weight against 4, and
reported whichever way they go. ESConv *train* only here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from experiments.reply_judge_scorer.crossfit import candidates, versus  # noqa: E402
from experiments.reply_judge_scorer.round2 import held_turns  # noqa: E402
from experiments.reply_judge_scorer.train import scores_of  # noqa: E402
from mer_agents.agents import reply_judge  # noqa: E402
from mer_agents.agents.responder import MOMENT_CHECKS  # noqa: E402

WEIGHTS = (0.0, 0.5, 1.0, 2.0, 4.0, 8.0)


def key(weight: float):
    """responder.rank_key on a graded candidate with RANK_WEIGHT `weight` (guard failures are never
    candidates here, crossfit.candidates)."""
    return lambda r: (
        r["source"] == "model",
        bool(MOMENT_CHECKS & set(r["failed"])),
        -(r["judge"] + weight * r["score"]),
    )


def main() -> int:
    held = held_turns()
    scores_of(reply_judge.WEIGHTS, held)
    picks = {f"w={w:g}": [min(candidates(g), key=key(w))["grade"] for g in held] for w in WEIGHTS}
    out = versus(held, picks, f"w={reply_judge.RANK_WEIGHT:g}", "shipped_weight")
    base = out[f"w={reply_judge.RANK_WEIGHT:g}"]
    better = [
        (out[n]["A"], -out[n]["C"], n) for n in picks if out[n]["A"] > base["A"] and out[n]["C"] <= base["C"]
    ]
    out["rule"] = max(better)[2] if better else "keep 4"
    print(json.dumps(out, indent=1))
    (HERE / "rank_weight.json").write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
