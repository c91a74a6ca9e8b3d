"""Look at what the pipeline replies on held-out ESConv *train* turns (the selection slice, never dev).

    .venv/bin/python experiments/reply_policy/responder_preview.py [--n 12] [--seed 0] [--out preview.jsonl]

Every 10th train dialogue is held out of the bank, the classifier and the guard vocabulary; this samples
supporter turns from those dialogues, runs the full pipeline on the seeker's words (with the earlier
exchanges as history) and prints the kept reply, its source, the other candidates and the gold reply, so the
responder's weights can be looked at on data that is neither the bank nor the evaluation set.
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
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from mer_agents.config import Settings  # noqa: E402
from mer_agents.events import RunFinished, StageFinished  # noqa: E402
from mer_agents.pipeline import RunRequest, run  # noqa: E402
from mer_agents.types import Turn  # noqa: E402

SOURCE = ROOT.parent / "shared" / "data" / "esconv" / "ESConv_train.json"
HELDOUT_EVERY = 10


def turns(path: Path, heldout: bool = True) -> list[dict]:
    """(message, history, gold) for each supporter turn that follows seeker words, held-out dialogues only
    (`heldout` False: the other train dialogues only, the ones the exemplar bank and the encoders learnt
    from; a turn's own dialogue is left out of its exemplar search either way)."""
    out = []
    for i, dialogue in enumerate(json.loads(path.read_text(encoding="utf-8"))):
        if bool(i % HELDOUT_EVERY) == heldout:
            continue
        history: list[Turn] = []
        seeker: list[str] = []
        for t in dialogue["dialog"]:
            if t["speaker"] == "usr":
                seeker.append(t["text"].strip())
                continue
            if seeker:
                out.append(
                    {
                        "dialogue": i,
                        "message": " ".join(seeker),
                        "history": list(history),
                        "gold": t["text"].strip(),
                        "gold_strategy": t.get("strategy"),
                    }
                )
                history.append(Turn(user_text=" ".join(seeker), reply=t["text"].strip()))
                seeker = []
            elif history:
                history[-1] = history[-1].model_copy(
                    update={"reply": f"{history[-1].reply} {t['text'].strip()}"}
                )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-rounds", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    from mer_agents.backends import get_backend

    settings = Settings.from_env(max_rounds=args.max_rounds, seed=args.seed)
    backend = get_backend(settings)
    items = random.Random(args.seed).sample(turns(SOURCE), args.n)
    records = []
    for item in items:
        replies, done = [], None
        request = RunRequest(
            text=item["message"],
            history=item["history"][-4:],
            exclude_dialogues=[f"esconv-train-{item['dialogue']:03d}"],
        )
        for event in run(request, backend, settings):
            if isinstance(event, StageFinished) and event.stage == "reply":
                replies.append(event.output)
            elif isinstance(event, RunFinished):
                done = event
        kept = next((r for r in reversed(replies) if done and r.text == done.reply), None)
        record = {
            "message": item["message"],
            "gold": item["gold"],
            "gold_strategy": item["gold_strategy"],
            "reply": done.reply if done else None,
            "strategy": done.strategy if done else None,
            "emotion": done.emotion if done else None,
            "source": done.reply_source if done else None,
            "candidates": [c.model_dump() for c in (kept.ranked if kept else [])],
        }
        records.append(record)
        print(
            f"\nPERSON: {item['message'][:200]}\n  [{record['emotion']} / {record['strategy']}] "
            f"({record['source']}) {record['reply']}\n  GOLD [{item['gold_strategy']}]: {item['gold']}"
        )
        for c in record["candidates"][1:4]:
            print(f"    - {c['source']} {c['score']:.2f} {c['guard'] or c['failed']}: {c['text'][:120]}")
    if args.out:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
