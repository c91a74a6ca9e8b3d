"""Does a pool drawn from the planner's first three strategies give the reply judge better replies to pick?

    .venv/bin/python experiments/reply_pool/wide.py --n 200 --seed 41 --out experiments/reply_pool/wide
    # two blind judges per half (helpers that read only the rubric and their half of packet.md)
    .venv/bin/python experiments/reply_pool/wide.py --out experiments/reply_pool/wide --merge
    .venv/bin/python experiments/reply_loop/paired.py --key experiments/reply_pool/wide/key.json \
        --grades experiments/reply_pool/wide/grades_A.json experiments/reply_pool/wide/grades_B.json \
        --pair wide:shipped

Why (#34): the responder offers only human replies of the *planned* strategy, and the planner names the
supporter's strategy about a third of the time. On the 1,480 graded ESConv train turns, the best candidate of
a turn's pool is acceptable in 0.70-0.78 of the turns whose planned strategy was the supporter's and in
0.51-0.57 of the others. A pool of the first three strategies lets the reply judge choose across them.

Turns: supporter turns of the ESConv train dialogues that the exemplar bank holds but that no judge's grade
came from (not in reply_judge_scorer/bank_grades or bank_grades2, whose grades trained the reply judge); each
turn's own dialogue is left out of its exemplar search, as for every held-out turn. Per turn, as
reply_policy_heldout.setup builds it (code forecast of the words, the planner's ranking):
  - shipped: the responder's pool (N_EXEMPLARS human replies of the first strategy and the template),
    ranked by responder.rank_key (the reply judge);
  - wide: the human replies of the planner's first three strategies (N_EXEMPLARS each) and the template,
    ranked by the same key, each reply scored and checked as if its own strategy had been planned.
Both picks and the supporter's own reply go into one packet, each distinct text once (grouped_entries),
shuffled; halves (packet_a.md, packet_b.md) keep the packet's numbers, so two helpers grade each judge's copy.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "experiments" / "reply_policy"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from candidate_grades_heldout import read_rows  # noqa: E402
from reply_policy_heldout import grouped_entries, setup, turn_context, write_packet  # noqa: E402
from responder_preview import SOURCE, turns  # noqa: E402

from mer_agents.agents import planner, responder  # noqa: E402
from mer_agents.agents.retrieval import retrieve  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

HERE = Path(__file__).resolve().parent
GRADED = tuple(ROOT / "experiments" / "reply_judge_scorer" / d for d in ("bank_grades", "bank_grades2"))
WIDE = 3  # strategies whose human replies the wide pool holds


def sampled(n: int, seed: int) -> list[dict]:
    """n turns of the bank dialogues no judge's grade came from."""
    taken = {row["dialogue"] for d in GRADED for row in read_rows(d)}
    pool = [t for t in turns(SOURCE, heldout=False) if t["dialogue"] not in taken]
    return random.Random(seed).sample(pool, n)


def picks(item: dict, settings: Settings) -> dict:
    """The shipped pick and the wide pick of one turn, with the strategies each pool drew from."""
    ctx, forecast, plan = setup(item, settings)
    exclude = set(ctx.exclude_dialogues)
    neighbours = retrieve(item["message"], k=planner.K_VOTE, exclude=exclude)
    order = [s for s, _ in planner.rank(forecast, item["history"], neighbours, words=item["message"])]
    assert order[0] == plan.strategy
    template = ("template", responder.template(ctx, forecast, plan))
    moment = responder.moment_vector(ctx)
    pool, seen = [], set()
    for strategy in order[:WIDE]:
        other = plan.model_copy(update={"strategy": strategy})
        texts = [t for t in responder.exemplar_replies(ctx, other, moment) if t.lower() not in seen]
        seen |= {t.lower() for t in texts}
        found = [("exemplar", t) for t in texts] + ([template] if strategy == plan.strategy else [])
        pool += responder.scored(ctx, responder.unique_found(found), forecast, other, moment)
        if strategy == plan.strategy:
            shipped = responder.rank(ctx, list(pool))[0]
    wide = responder.rank(ctx, pool)[0]
    return {
        "strategies": order[:WIDE],
        "shipped": shipped.text,
        "shipped_source": shipped.source,
        "wide": wide.text,
        "wide_source": wide.source,
        "wide_candidates": len(pool),
    }


def build(args) -> int:
    settings = Settings.from_env(backend="embedded")
    entries, rows = [], []
    started = time.time()
    for i, item in enumerate(sampled(args.n, args.seed)):
        row = {"item": i, "dialogue": item["dialogue"], "message": item["message"], "gold": item["gold"]}
        row |= {"gold_strategy": item["gold_strategy"], **picks(item, settings)}
        rows.append(row)
        replies = {"shipped": row["shipped"], "wide": row["wide"]}
        entries += grouped_entries(i, turn_context(item), replies, item["gold"])
        print(i, row["strategies"], row["shipped"] == row["wide"], row["wide"][:80], file=sys.stderr)
    seconds = round(time.time() - started)
    random.Random(args.seed).shuffle(entries)
    write_packet(args.out, entries)
    packet = (args.out / "packet.md").read_text(encoding="utf-8")
    head, *items = packet.split("\n## ")
    half = len(items) // 2
    for name, part in (("a", items[:half]), ("b", items[half:])):
        (args.out / f"packet_{name}.md").write_text("\n## ".join([head, *part]), encoding="utf-8")
    with open(args.out / "picks.jsonl", "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in rows)
    differ = sum(r["shipped"] != r["wide"] for r in rows)
    print(f"{len(rows)} turns, picks differ on {differ}, {len(entries)} entries, {seconds} s")
    return 0


def merge(args) -> int:
    """grades_<judge>.json from each judge's two halves (grades_<judge>_a.json, _b.json)."""
    for judge in ("A", "B"):
        grades: dict[str, str] = {}
        for half in "ab":
            grades |= json.loads((args.out / f"grades_{judge}_{half}.json").read_text())
        (args.out / f"grades_{judge}.json").write_text(json.dumps(grades, indent=0) + "\n")
        print(judge, len(grades), "grades")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--out", type=Path, default=HERE / "wide")
    ap.add_argument("--merge", action="store_true", help="join each judge's two halves")
    args = ap.parse_args(argv)
    return merge(args) if args.merge else build(args)


if __name__ == "__main__":
    sys.exit(main())
