"""Choose the forecaster's face discounts on the *selection* split of the synthetic fusion set.

The report split (eval_sets/fusion/) is evaluated by `eval fusion` and chooses nothing; this script perceives
the selection split (eval_sets/fusion_selection/: other sentences, other people), then fuses every clip's
evidence under each pair of (MASKING_DISCOUNT, FLAT_FACE_DISCOUNT) of a grid fixed before looking, and
prints the fused accuracy of each. The pick is the best accuracy; ties go to the smaller change from the
fusion as designed before this set existed (masking discount 0.5, no flat-face discount). Writes
experiments/fusion_weights/fusion_selection.json.

    .venv/bin/python experiments/fusion_weights/fusion_selection.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.agents import forecaster  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.cache import ResultCache  # noqa: E402
from mer_agents.evaluation.fusion import evaluate_fusion  # noqa: E402
from mer_agents.evaluation.provenance import provenance  # noqa: E402

LABELS = ROOT / "eval_sets" / "fusion_selection" / "labels.json"
OUT = Path(__file__).resolve().parent / "fusion_selection.json"
MASKING_GRID = (1.0, 0.5, 0.25)
FLAT_GRID = (1.0, 0.75, 0.5, 0.25, 0.1)
DESIGN = {"masking_discount": 0.5, "flat_face_discount": 1.0}  # the fusion before the set existed


def main() -> int:
    settings = Settings.from_env()
    cache = ResultCache(settings.cache_dir / "eval" / "fusion.jsonl")
    started = provenance()
    rows = []
    for masking_discount in MASKING_GRID:
        for flat_discount in FLAT_GRID:
            forecaster.MASKING_DISCOUNT, forecaster.FLAT_FACE_DISCOUNT = masking_discount, flat_discount
            out = evaluate_fusion(LABELS, settings, cache=cache, progress=not rows)
            full = out["variants"]["full"]
            rows.append(
                {
                    "masking_discount": masking_discount,
                    "flat_face_discount": flat_discount,
                    "accuracy": round(full["accuracy"], 4),
                    "macro_f1": round(full["macro_f1"], 4),
                    "by_condition": {c: b["full"] for c, b in out["by_condition"].items()},
                    "n": out["n"],
                }
            )
            print(json.dumps(rows[-1]), file=sys.stderr)
    best = max(rows, key=lambda r: (r["accuracy"], -sum(abs(r[k] - v) for k, v in DESIGN.items())))
    result = {
        "task": "fusion_selection",
        "data": str(LABELS.relative_to(ROOT)),
        "grid": {"masking_discount": MASKING_GRID, "flat_face_discount": FLAT_GRID},
        "rule": "best full fused accuracy; ties to the smallest change from the design",
        "design": DESIGN,
        "rows": rows,
        "pick": {k: best[k] for k in ("masking_discount", "flat_face_discount", "accuracy")},
        "command": "python experiments/fusion_weights/fusion_selection.py",
        "provenance": started,
    }
    OUT.write_text(json.dumps(result, indent=1) + "\n")
    print(f"pick: {result['pick']}; wrote {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
