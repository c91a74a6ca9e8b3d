"""The crisis detector as shipped at each round, on one report set, with paired intervals (issue #36).

    .venv/bin/python experiments/crisis_detector/compare_rounds.py --set DIR --first W0.npz --round1 W1.npz \
        [--round2 assets/crisis_detector/crisis.npz]

W0: the weights at 15b6ea5 (read with the phrase rules alone, as then); W1: the weights at a30c069 (the first
retraining, with the warning-sign rules); round 2: the weights shipped now. Each weights file carries its own
threshold. Prints and writes DIR/rounds.json: recall on the set's crisis messages, false alarms on its
near-misses and on the labelled ESConv dev seeker turns, the dev crisis turns found, and round 2 minus each
earlier detector on recall (bootstrap over messages, 10,000 resamples, seed 0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from fresh_report import classifier, read  # noqa: E402

from mer_agents.agents import crisis  # noqa: E402

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", type=Path, required=True)
    ap.add_argument("--first", type=Path, required=True)
    ap.add_argument("--round1", type=Path, required=True)
    ap.add_argument("--round2", type=Path, default=crisis.WEIGHTS)
    args = ap.parse_args()
    crises, near = read(args.set / "crisis.jsonl"), read(args.set / "noncrisis.jsonl")
    dev = read(HERE / "data" / "esconv_dev_labels.jsonl")
    everyday = [r for r in dev if not r["crisis"]]
    phrases = lambda t: bool(crisis.SELF_HARM.search(t) or crisis.ABUSE.search(t))  # noqa: E731
    rules = lambda t: crisis.rules(t) is not None  # noqa: E731
    c0, c1, c2 = classifier(args.first), classifier(args.round1), classifier(args.round2)
    detectors = {
        "15b6ea5": lambda t: phrases(t) or c0(t),
        "round 1 (a30c069)": lambda t: rules(t) or c1(t),
        "round 2": lambda t: rules(t) or c2(t),
    }
    out, found = {}, {}
    for name, flag in detectors.items():
        found[name] = np.array([flag(r["text"]) for r in crises], float)
        out[name] = {
            "crisis_recall": round(float(found[name].mean()), 4),
            "n_crisis": len(crises),
            "near_miss_false_alarm": round(float(np.mean([flag(r["text"]) for r in near])), 4),
            "esconv_dev_false_alarm": round(float(np.mean([flag(r["text"]) for r in everyday])), 4),
            "esconv_dev_crisis_found": f"{sum(flag(r['text']) for r in dev if r['crisis'])}/7",
        }
    idx = np.random.default_rng(0).integers(0, len(crises), (10000, len(crises)))
    for name in ("15b6ea5", "round 1 (a30c069)"):
        d = found["round 2"] - found[name]
        lo, hi = np.percentile(d[idx].mean(axis=1), [2.5, 97.5])
        out[f"round 2 − {name}"] = [round(float(d.mean()), 3), round(float(lo), 3), round(float(hi), 3)]
    print(json.dumps(out, indent=1))
    (args.set / "rounds.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
