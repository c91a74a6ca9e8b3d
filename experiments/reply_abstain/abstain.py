"""When the reply judge reads every candidate as poor, is the plain template (nothing said back) safer?

    .venv/bin/python experiments/reply_abstain/abstain.py --out experiments/reply_abstain/low
    # two blind judges (helpers that read only the rubric and their packet.md) → grades_A.json, _B.json
    .venv/bin/python experiments/reply_loop/paired.py --key experiments/reply_abstain/low/key.json \
        --grades experiments/reply_abstain/low/grades_A.json experiments/reply_abstain/low/grades_B.json \
        --pair template:shipped

Why (#34): across turns the reply judge's logit of the pick it keeps is well calibrated. On the 600 graded
turns of reply_judge_scorer/bank_grades2 (ranked by the shipped key), the fifth of turns whose pick read
lowest (logit < LOW, that set's 20th percentile) kept a reply graded A 0.12 / C 0.48, the top fifth A 0.73 /
C 0.06. Where nothing in the pool fits, a reply that presumes nothing may be the better answer.

Turns: the 200 train turns of reply_pool/wide (seed 41; no judge's grade trained on their dialogues).
Per turn the shipped pick and its logit (responder.score_candidates, as wide.py builds the turn); where the
logit is below LOW, the packet holds the pick, the plain template (templates.grounded_reply with nothing said
back, the tone and strategy of the turn) and the supporter's reply, each distinct text once, shuffled.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "experiments" / "reply_policy"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from reply_policy_heldout import grouped_entries, setup, turn_context, write_packet  # noqa: E402

from experiments.reply_pool.wide import sampled  # noqa: E402
from mer_agents.agents import checks, responder, templates  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

HERE = Path(__file__).resolve().parent
LOW = -0.11  # the 20th percentile of the shipped pick's logit on bank_grades2's 600 turns (chosen there)


def plain_template(ctx, forecast, plan) -> str:
    """The template as the responder builds it, with nothing of the person's words said back."""
    tone = checks.tone_emotion(forecast.emotion, ctx.evidence)
    return templates.grounded_reply(ctx.evidence.words, tone, plan.strategy, opening=False, say_back=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE / "low")
    ap.add_argument("--seed", type=int, default=43)
    args = ap.parse_args(argv)
    settings = Settings.from_env(backend="embedded")
    rows, entries = [], []
    for i, item in enumerate(sampled(200, 41)):
        ctx, forecast, plan = setup(item, settings)
        pick = responder.rank(ctx, responder.fixed_candidates(ctx, forecast, plan))[0]
        row = {"item": i, "message": item["message"], "pick": pick.text, "judge": pick.judge}
        row["template"] = plain_template(ctx, forecast, plan)
        rows.append(row)
        if pick.judge is not None and pick.judge < LOW:
            replies = {"shipped": pick.text, "template": row["template"]}
            entries += grouped_entries(i, turn_context(item), replies, item["gold"])
        print(i, pick.judge, row["template"][:60], file=sys.stderr)
    random.Random(args.seed).shuffle(entries)
    write_packet(args.out, entries)
    with open(args.out / "picks.jsonl", "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in rows)
    low = sum(r["judge"] is not None and r["judge"] < LOW for r in rows)
    print(f"{low} of {len(rows)} turns below {LOW}; {len(entries)} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
