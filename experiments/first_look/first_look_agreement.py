"""How often the first look (agents/first_look.py: code's forecast, plan and fixed candidates) is the reply
the full run keeps, on the turns of a committed `eval esconv` result.

    .venv/bin/python experiments/first_look/first_look_agreement.py \
        --items docs/results/esconv_dev_200_seed0_a795f1e.items.jsonl --variant full \
        --out experiments/first_look/first_look_agreement.json

For each turn of the items file (its message, history and dialogue, read back from the TSV named in the OUT
file beside it) the script builds the run's context as the pipeline does (perceive_text, the dialogue
excluded from retrieval), computes the first look, and compares it with the variant's kept reply and
strategy. It chooses nothing: it measures how often the person's first readable reply stays, and how long
the first look takes (code only, no language model). Intervals: 95 % bootstrap over turns (seed 0).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from mer_agents.agents import first_look  # noqa: E402
from mer_agents.agents.base import AgentContext  # noqa: E402
from mer_agents.benchmarks import write_report  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.metrics import bootstrap_ci  # noqa: E402
from mer_agents.evaluation.readers import read_esconv  # noqa: E402
from mer_agents.perception import perceive_text  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=Path, required=True, help="*.items.jsonl of eval esconv")
    parser.add_argument("--variant", default="full")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    out_file = Path(str(args.items).replace(".items.jsonl", ".json"))
    meta = json.loads(out_file.read_text())
    tsv = (ROOT / meta["data"]).resolve() if not Path(meta["data"]).is_absolute() else Path(meta["data"])
    by_id = {item.id: item for item in read_esconv(tsv)}
    rows = [json.loads(line) for line in args.items.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r["variant"] == args.variant]
    settings = Settings.from_env(backend="embedded")
    same_reply, same_strategy, seconds, changed = [], [], [], []
    for row in rows:
        item = by_id[row["id"]]
        evidence = perceive_text(item.message, settings, context=[t.user_text for t in item.history])
        perceived = time.perf_counter()
        ctx = AgentContext(
            backend=None,
            settings=settings,
            evidence=evidence,
            history=item.history,
            exclude_dialogues=frozenset({item.dialogue_id}),
        )
        found = first_look.look(ctx)
        seconds.append(time.perf_counter() - perceived)
        look, plan = found.reply, found.plan
        same_reply.append(float(look is not None and look.text == row["reply"]))
        same_strategy.append(float(plan.strategy == row["strategy"]))
        if not same_reply[-1] and len(changed) < 12:
            changed.append(
                {
                    "id": row["id"],
                    "first_look": look.text if look else None,
                    "kept": row["reply"],
                    "code_strategy": plan.strategy,
                    "kept_strategy": row["strategy"],
                }
            )
    seconds.sort()
    report = {
        "items": str(args.items),
        "variant": args.variant,
        "n": len(rows),
        "first_look_is_kept_reply": round(statistics.mean(same_reply), 3),
        "first_look_is_kept_reply_ci95": [round(x, 3) for x in bootstrap_ci(same_reply)],
        "code_strategy_is_kept_strategy": round(statistics.mean(same_strategy), 3),
        "first_look_seconds_median": round(statistics.median(seconds), 3),
        "first_look_seconds_p90": round(seconds[int(0.9 * (len(seconds) - 1))], 3),
        "changed_examples": changed,
        "note": "kept replies from the items file (their commit is in the OUT file); the first look at this "
        "commit; seconds on the machine that ran it (2 shared cores here), after perceive_text",
    }
    print(json.dumps({k: v for k, v in report.items() if k != "changed_examples"}, indent=1))
    write_report(args.out, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
