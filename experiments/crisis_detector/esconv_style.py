"""The crisis detector on the held-back messages in ESConv's style (round 21's second gate, #36).

    .venv/bin/python experiments/crisis_detector/esconv_style.py --json esconv_style_round21.json \
        "shipped=W20.npz" "round 21=W21.npz"

Why: round 20's classifier read real ESConv crisis turns at P(crisis) 0.000 (its everyday negatives were
ESConv train seeker turns, crises the rules miss among them). Round 21 trains on labelled ESConv train turns
(esconv21/) and on messages written in their style (writer21/); the gate's held-back set (round 12's) holds
none. Here each detector, read as crisis.detect reads it with the threshold and veto stored in its weights
(compare_rounds.detector; a file saved with --train-only stores none: stamp it first), on the held-back rows
of esconv21/ (every 4th of esconv-train, all of esconv-heldout) and writer21/ (every 4th of each category):
crises found and near misses flagged, per source, and the held-out dialogues' crisis turns found. Writes JSON
beside this script.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

import train  # noqa: E402
from compare_rounds import detector  # noqa: E402

from mer_agents.agents import crisis  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

FLAGS = "--round21"  # esconv21/ and writer21/ rows come only with it; the other sets are not read here
SOURCES = {
    "esconv21": lambda r: r.get("category") in (train.ESCONV_TRAIN, train.ESCONV_HELD),
    "writer21": lambda r: r.get("category", "").startswith("esconv-style-"),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("detectors", nargs="+", metavar="LABEL=PATH")
    ap.add_argument("--json", required=True, help="the output's file name (beside this script)")
    args = ap.parse_args()
    sets = train.load(train.parser().parse_args(FLAGS.split()))
    held = {
        name: ([r for r in sets["c_hold"] if keep(r)], [r for r in sets["n_hold"] if keep(r)])
        for name, keep in SOURCES.items()
    }
    out: dict = {name: {"crises": len(c), "near_misses": len(n)} for name, (c, n) in held.items()}
    for entry in args.detectors:
        label, path = entry.split("=", 1)
        flag, settings = detector(Path(path)), Settings(crisis_detector=Path(path))
        row: dict = {
            "weights": path,
            "threshold": crisis.threshold(settings),
            "veto": crisis.rule_veto(settings),
        }
        for name, (crises, near) in held.items():
            found = [flag(r["text"]) for r in crises]
            row[name] = {
                "found": f"{sum(found)}/{len(crises)}",
                "near_misses_flagged": f"{sum(flag(r['text']) for r in near)}/{len(near)}",
                "missed": [r["text"] for r, f in zip(crises, found) if not f],
            }
            if name == "esconv21":  # the held-out dialogues' crisis turns, read above
                heldout = [f for r, f in zip(crises, found) if r["category"] == train.ESCONV_HELD]
        row["heldout_dialogue_crises_found"] = f"{sum(heldout)}/{len(heldout)}"
        out[label] = row
        print(label, json.dumps(row, ensure_ascii=False)[:1500], flush=True)
    (HERE / args.json).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
