"""The turns where a person asks the listener a question that wants an answer (agents/asks.py), and the
pipeline's replies to them, for a blind before/after judgment (#34).

    # choose the turns (needs agents/asks.py, removed after round 4: run it at da633ad): bank train or dev
    .venv/bin/python experiments/person_asks/turns.py --select train --n 60 --seed 11 --out DIR \
        [--exclude EARLIER/train.ids.json]
    .venv/bin/python experiments/person_asks/turns.py --select dev --n 60 --seed 12 --out DIR \
        --exclude A.items.jsonl ...
    # replies to the chosen train turns (runs at any commit: copy this file into a worktree of the old one)
    .venv/bin/python experiments/person_asks/turns.py --run DIR/train.ids.json --variant after \
        --out DIR/after.items.jsonl
    # dev turns: eval esconv with --exclude-items DIR/dev.exclude.jsonl (every other dev turn) at each commit

Train turns come from the dialogues the exemplar bank holds (every 10th, the held-out slice, has only 77
such turns, most of them read while designing); each turn's own dialogue is left out of its exemplar search
(as in experiments/reply_judge_scorer/bank_grades/). The records have the fields `eval judge-packet` reads.
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

from experiments.reply_policy.responder_preview import SOURCE, turns  # noqa: E402

DEV = ROOT.parent / "shared" / "data" / "esconv" / "devWithStrategy_short.tsv"
KINDS = ("advice", "about_you", "check", "presence")  # planner.ANSWER_KINDS
HISTORY = 4  # earlier exchanges the pipeline reads (as responder_preview)


def train_turns() -> list[dict]:
    """Every turn of the bank's train dialogues, with an id (dialogue, position among its turns)."""
    out, seen = [], {}
    for t in turns(SOURCE, heldout=False):
        k = seen.get(t["dialogue"], 0)
        seen[t["dialogue"]] = k + 1
        out.append({**t, "id": f"train-{t['dialogue']:03d}-{k}"})
    return out


def select(source: str, n: int, seed: int, out: Path, exclude: list[Path]) -> None:
    from mer_agents.agents import asks

    out.mkdir(parents=True, exist_ok=True)
    if source == "train":
        read = {x for path in exclude for x in json.loads(path.read_text())}  # earlier train.ids.json
        pool = [t for t in train_turns() if t["history"] and t["id"] not in read]
        pool = [t for t in pool if asks.kind(t["message"]) in KINDS]
        chosen = sorted(random.Random(seed).sample(pool, min(n, len(pool))), key=lambda t: t["id"])
        (out / "train.ids.json").write_text(json.dumps([t["id"] for t in chosen]) + "\n")
        print(f"{len(chosen)} of {len(pool)} train turns that ask")
        return
    from mer_agents.evaluation.readers import item_ids, read_esconv

    items = [i for i in read_esconv(DEV) if i.message]
    before = item_ids(exclude) if exclude else frozenset()
    pool = [i for i in items if i.history and i.id not in before and asks.kind(i.message) in KINDS]
    chosen = {i.id for i in random.Random(seed).sample(pool, min(n, len(pool)))}
    rest = [i.id for i in items if i.id not in chosen]
    (out / "dev.exclude.jsonl").write_text("".join(json.dumps({"id": x}) + "\n" for x in rest))
    (out / "dev.ids.json").write_text(json.dumps(sorted(chosen)) + "\n")
    print(f"{len(chosen)} of {len(pool)} dev turns that ask ({len(before)} earlier report turns left out)")


def run(ids_path: Path, variant: str, out: Path) -> None:
    from mer_agents.backends import get_backend
    from mer_agents.config import Settings
    from mer_agents.events import RunFinished
    from mer_agents.pipeline import RunRequest
    from mer_agents.pipeline import run as run_pipeline

    wanted = set(json.loads(ids_path.read_text()))
    chosen = [t for t in train_turns() if t["id"] in wanted]
    settings = Settings.from_env()
    backend = get_backend(settings)
    with out.open("w", encoding="utf-8") as f:
        for t in chosen:
            request = RunRequest(
                text=t["message"],
                history=t["history"][-HISTORY:],
                exclude_dialogues=[f"esconv-train-{t['dialogue']:03d}"],
            )
            done = next(
                (e for e in run_pipeline(request, backend, settings) if isinstance(e, RunFinished)), None
            )
            record = {
                "id": t["id"],
                "variant": variant,
                "message": t["message"],
                "history": [h.model_dump(mode="json") for h in t["history"][-HISTORY:]],
                "gold_reply": t["gold"],
                "gold_strategy": t["gold_strategy"],
                "reply": done.reply if done else "",
                "strategy": done.strategy if done else None,
                "source": done.reply_source if done else None,
            }
            f.write(json.dumps(record) + "\n")
            print(f"{t['id']}: {t['message'][-80:]!r} -> {record['reply']!r}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--select", choices=("train", "dev"))
    parser.add_argument("--run", type=Path, help="train.ids.json of --select train")
    parser.add_argument("--variant", default="after")
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--exclude", type=Path, nargs="*", default=[], help="judged turns: dev items.jsonl, train.ids.json"
    )
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.select:
        select(args.select, args.n, args.seed, args.out, args.exclude)
    elif args.run:
        run(args.run, args.variant, args.out)
    else:
        parser.error("give --select or --run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
