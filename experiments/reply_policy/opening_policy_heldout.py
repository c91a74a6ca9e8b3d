"""Which reply should answer an *opening* statement: the shipped rank's pick, or the grounded template?

    .venv/bin/python experiments/reply_policy/opening_policy_heldout.py --n 40 --seed 4 --out DIR
    .venv/bin/python experiments/reply_policy/opening_policy_heldout.py --out DIR --score DIR/grades.json

Why: a clip is usually a person's first words, but every ESConv evaluation turn has a conversation behind it
(the first seeker turns are greetings), and on those the template grades poorly (A 0.05,
heldout_candidate_grades/ beside this script). The closest ESConv has to an opening statement is a dialogue's
`situation`, the seeker's own one-line account of the problem ("I'm in depression because i lost my job").
For situations of held-out *train* dialogues (every 10th; responder_preview.turns' split; never dev), with no
history, the forecast is the code fusion of the words and the strategy the planner's code ranking (no LLM,
as in reply_policy_heldout.py); the shipped rank's first candidate and the template (the person's statement
said back, then the strategy's question or reflection) go into one shuffled packet for a blind judge who
reads only ../shared/eval/judge_rubric.md and it (DIR/key.json is kept from them).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reply_policy_heldout import print_shares, setup, write_packet  # noqa: E402
from responder_preview import HELDOUT_EVERY, SOURCE  # noqa: E402

from mer_agents.agents import responder  # noqa: E402
from mer_agents.config import Settings  # noqa: E402


def openings(path: Path) -> list[dict]:
    """Each held-out train dialogue's situation, as an opening statement with no history."""
    dialogues = json.loads(path.read_text(encoding="utf-8"))
    return [
        {"dialogue": i, "message": d["situation"].strip(), "history": []}
        for i, d in enumerate(dialogues)
        if i % HELDOUT_EVERY == 0 and d.get("situation", "").strip()
    ]


def replies(item: dict, settings: Settings) -> dict[str, str]:
    """{"shipped": the shipped rank's first candidate, "template": the grounded template}."""
    ctx, forecast, plan = setup(item, settings)
    template = responder.template(ctx, forecast, plan)
    found = [("exemplar", t) for t in responder.exemplar_replies(ctx, plan)] + [("template", template)]
    ranked = responder.score_candidates(ctx, found, forecast, plan)
    return {"shipped": ranked[0].text, "template": template}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=40)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--score", type=Path, help="grades.json from the judge: print the shares per policy")
    args = parser.parse_args(argv)
    if args.score:
        print_shares(args.out, args.score)
        return 0
    settings = Settings.from_env(backend="embedded")
    items = random.Random(args.seed).sample(openings(SOURCE), args.n)
    entries = []
    for i, item in enumerate(items):
        found = replies(item, settings)
        sources: dict[str, list[str]] = {}
        for source, text in found.items():
            sources.setdefault(text, []).append(source)
        for text, names in sources.items():
            entries.append(
                {"context": f"> Person: {item['message']}\n", "reply": text, "sources": names, "item": i}
            )
        print(i, json.dumps(found)[:300], file=sys.stderr)
    random.Random(args.seed).shuffle(entries)
    write_packet(args.out, entries)
    print(f"wrote {args.out}/packet.md ({len(entries)} entries) and key.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
