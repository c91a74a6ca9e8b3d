"""The same evaluation turns at two commits (or settings): what changed, with paired intervals.

`eval report` compares variants within one commit's OUT files; this compares one variant's per-item outputs
(`*.items.jsonl`) across two runs on the turns both answered: strategy accuracy of each and the paired
bootstrap 95 % interval of the difference, how many turns kept the same reply and the same strategy, where
the kept replies came from, rounds and tokens per turn.

    .venv/bin/python experiments/run_comparisons/compare_items.py \
        --a docs/results/esconv_dev_200_seed0_121bc44.items.jsonl \
        --b docs/results/esconv_dev_200_seed0_b84be41.items.jsonl --variant full \
        --out experiments/run_comparisons/compare_seed0_121bc44_b84be41.json
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.evaluation.metrics import bootstrap_ci, mean, paired_bootstrap_ci  # noqa: E402


def read_items(path: Path, variant: str) -> dict[str, dict]:
    """The variant's items by turn id (failed turns, without a reply, left out)."""
    items = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if row.get("variant") == variant and row.get("reply"):
            items[row["id"]] = row
    return items


def hits(rows: list[dict]) -> list[float]:
    """1.0 where the planned strategy is the gold one, per turn."""
    return [float(r["strategy"] == r["gold_strategy"]) for r in rows]


def side(rows: list[dict], hit: list[float]) -> dict:
    """One run's figures over the shared turns (`hit`: hits(rows))."""
    return {
        "strategy_accuracy": round(mean(hit), 4),
        "strategy_accuracy_ci": bootstrap_ci(hit),
        "kept_from": dict(collections.Counter(r.get("reply_source") or "?" for r in rows)),
        "rounds_per_turn": round(mean([r.get("rounds") or 0 for r in rows]), 3),
        "tokens_per_turn": round(
            mean([(r.get("prompt_tokens") or 0) + (r.get("completion_tokens") or 0) for r in rows])
        ),
    }


def compare(a: dict[str, dict], b: dict[str, dict]) -> dict:
    shared = sorted(set(a) & set(b))
    ra, rb = [a[i] for i in shared], [b[i] for i in shared]
    hits_a, hits_b = hits(ra), hits(rb)
    changed = [
        {
            "id": i,
            "a": a[i]["reply"],
            "b": b[i]["reply"],
            "a_source": a[i].get("reply_source"),
            "b_source": b[i].get("reply_source"),
        }
        for i in shared
        if a[i]["reply"] != b[i]["reply"]
    ]
    return {
        "turns": {"a": len(a), "b": len(b), "shared": len(shared)},
        "a": side(ra, hits_a),
        "b": side(rb, hits_b),
        "b_minus_a_strategy_accuracy_ci": paired_bootstrap_ci(hits_b, hits_a),
        "same_reply": len(shared) - len(changed),
        "same_strategy": sum(x["strategy"] == y["strategy"] for x, y in zip(ra, rb)),
        "changed_replies": changed,
    }


def _shown(path: Path) -> str:
    """The path from the repository root where it lies inside it (no machine's absolute path)."""
    full = path.resolve()
    return str(full.relative_to(ROOT) if full.is_relative_to(ROOT) else path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", type=Path, required=True, help="items JSONL of the earlier run")
    parser.add_argument("--b", type=Path, required=True, help="items JSONL of the later run")
    parser.add_argument("--variant", default="full")
    parser.add_argument("--out", type=Path, default=None, help="write the comparison here (JSON)")
    args = parser.parse_args()
    result = {
        "a_items": _shown(args.a),
        "b_items": _shown(args.b),
        "variant": args.variant,
        **compare(read_items(args.a, args.variant), read_items(args.b, args.variant)),
    }
    summary = {k: v for k, v in result.items() if k != "changed_replies"}
    print(json.dumps(summary, indent=2))
    for row in result["changed_replies"][:10]:
        print(f"{row['id']}: [{row['a_source']}] {row['a']!r}\n  -> [{row['b_source']}] {row['b']!r}")
    if args.out:
        from mer_agents.benchmarks import write_report

        write_report(args.out, result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
