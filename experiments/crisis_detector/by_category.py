"""Where two detectors differ on the held-back set, by category (issue #36, a diagnosis, not a gate).

    .venv/bin/python experiments/crisis_detector/by_category.py --json by_category_round18.json \
        "shipped=W14_soup.npz@0.76" "round 18=W18.npz@0.68"

Why: rounds 14, 15, 17 and 18 found more held-back crises at the bound ESConv's turns set and lost them under
the near-miss and first-message caps. Which crises a round gains and which near misses it raises, each
detector at its own threshold on the gate's held-back set (round 12's flags, as app_threshold.py reads it),
says what the next round's writers should write. Prints and writes (beside this script) per category: crises
found and near misses flagged, of how many, for each detector.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import train  # noqa: E402

HERE = Path(__file__).resolve().parent
FLAGS = "--more --writers --coded --round5 --round6 --round7 --round8 --round9 --round10 --round11 --round12"


def counts(rows: list[dict], hits) -> dict[str, list[int]]:
    """{category: [hits, rows]} sorted by category."""
    total, hit = Counter(r.get("category", "?") for r in rows), Counter()
    for r, h in zip(rows, hits):
        hit[r.get("category", "?")] += int(h)
    return {c: [hit[c], total[c]] for c in sorted(total)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("detectors", nargs="+", help="label=weights.npz@threshold")
    ap.add_argument("--json", required=True, help="the output's file name (beside this script)")
    args = ap.parse_args()
    sets = train.load(train.parser().parse_args(FLAGS.split()))
    out = {"flags": FLAGS}
    for entry in args.detectors:
        label, rest = entry.rsplit("=", 1)
        path, at = rest.rsplit("@", 1)
        threshold = float(at)
        read = train.reader([Path(path)])
        p_crisis, p_near = (read([r["text"] for r in sets[k]]) for k in ("c_hold", "n_hold"))
        out[label] = {
            "weights": path,
            "threshold": threshold,
            "crises_found": counts(sets["c_hold"], p_crisis >= threshold),
            "near_misses_flagged": counts(sets["n_hold"], p_near >= threshold),
        }
        print(label, json.dumps(out[label]), flush=True)
    (HERE / args.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
