"""Pool `eval esconv` OUT files that differ only in --seed: per-seed and pooled, full vs no-reflection.

    .venv/bin/python scripts/seed_summary.py docs/results/esconv_dev_seed{0,1,2}.json

For each seed: strategy accuracy of each variant (failed turns count as wrong, as in the OUT file), how many
kept replies the two variants share, seconds per turn. Pooled: the mean over seeds, and a paired bootstrap
95 % interval of full − no-reflection strategy accuracy over the turns both variants answered (each turn's
accuracy averaged over its seeds first, so a turn counts once).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mer_agents.evaluation.metrics import paired_bootstrap_ci  # noqa: E402
from mer_agents.evaluation.runner import items_path  # noqa: E402

VARIANTS = ("full", "no-reflection")


def main(paths: list[str]) -> int:
    per_turn: dict[str, dict[str, list[float]]] = {v: {} for v in VARIANTS}
    rows = []
    for path in paths:
        out = json.loads(Path(path).read_text())
        items = [json.loads(line) for line in items_path(path).read_text().splitlines()]
        by = {v: {r["id"]: r for r in items if r["variant"] == v and "error" not in r} for v in VARIANTS}
        both = set(by["full"]) & set(by["no-reflection"])
        same = sum(by["full"][i]["reply"] == by["no-reflection"][i]["reply"] for i in both)
        for v in VARIANTS:
            for i, r in by[v].items():
                per_turn[v].setdefault(i, []).append(float(r["strategy"] == r["gold_strategy"]))
        rows.append(
            {
                "seed": out["settings"]["seed"],
                "commit": out["provenance"]["commit"][:7],
                **{f"{v} acc": round(out["variants"][v]["strategy_accuracy"], 3) for v in VARIANTS},
                "failed": {v: out["variants"][v]["failed"] for v in VARIANTS},
                "same reply": f"{same}/{len(both)}",
                **{f"{v} s/turn": round(out["variants"][v]["seconds_per_turn"], 1) for v in VARIANTS},
            }
        )
    for row in rows:
        print(json.dumps(row))
    turns = sorted(set(per_turn["full"]) & set(per_turn["no-reflection"]))
    full = [sum(per_turn["full"][t]) / len(per_turn["full"][t]) for t in turns]
    plain = [sum(per_turn["no-reflection"][t]) / len(per_turn["no-reflection"][t]) for t in turns]
    print(
        json.dumps(
            {
                "seeds": len(rows),
                "turns": len(turns),
                "full acc": round(sum(full) / len(full), 3),
                "no-reflection acc": round(sum(plain) / len(plain), 3),
                "full - no-reflection ci95": paired_bootstrap_ci(full, plain),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
