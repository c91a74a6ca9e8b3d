"""Do the shipped crisis classifier and the one trained with the second written round (`train.py --more`)
miss different messages? Read both, combine them, choose on the held-out select quarter and held-out ESConv
train turns by train.py's rule, then (--report) read the report half and ESConv dev once.

    .venv/bin/python experiments/crisis_detector/train.py --epochs 2 --more --out /tmp/crisis_v2.npz
    .venv/bin/python experiments/crisis_detector/more_data/ensemble.py --more-weights /tmp/crisis_v2.npz
    .venv/bin/python experiments/crisis_detector/more_data/ensemble.py --more-weights /tmp/crisis_v2.npz \
        --report

Combinations: each model at its own threshold; the mean of the two risks at one threshold; either model
flagging (OR) at a pair of thresholds. Each reads a message as crisis.detect does (the phrase rules, else the
highest risk over the message's windows). The choice: the highest recall on the held-out select quarter among
those whose false alarms on held-out ESConv train seeker turns stay ≤ train.ESCONV_FA_AIM (ties: fewer false
alarms). Writes ensemble.json here.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[2]))

import train  # noqa: E402  (experiments/crisis_detector/train.py)
from report import PHRASINGS, rate  # noqa: E402

from mer_agents.agents import crisis  # noqa: E402
from mer_agents.minilm import load_tuned  # noqa: E402

GRID = [round(x, 2) for x in np.arange(0.5, 0.995, 0.02)]


def risks(weights: Path, texts: list[str]) -> np.ndarray:
    """The highest P(crisis) over each text's windows; 1.0 where the phrase rules match."""
    scorer, _ = load_tuned(weights, "threshold", "crisis detector", "train.py", crisis.THRESHOLD)
    spans = [crisis.windows(t) for t in texts]
    flat = [w for s in spans for w in s]
    p = 1.0 - scorer.probs(flat)[:, 0]
    out, i = [], 0
    for t, s in zip(texts, spans):
        out.append(1.0 if crisis.rules(t) else float(p[i : i + len(s)].max()))
        i += len(s)
    return np.array(out)


def combos(old: float, new: float) -> dict:
    """name → flag(r_old, r_new) for every combination tried."""
    out = {"shipped": lambda a, b: a >= old, "more": lambda a, b: b >= new}
    for t in GRID:
        out[f"mean@{t}"] = lambda a, b, t=t: (a + b) / 2 >= t
    for t1, t2 in itertools.product(GRID, GRID):
        out[f"or@{t1}/{t2}"] = lambda a, b, t1=t1, t2=t2: (a >= t1) | (b >= t2)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--more-weights", type=Path, required=True)
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args()
    shipped = crisis.WEIGHTS
    t_old = float(np.load(shipped)["threshold"])
    t_new = float(np.load(args.more_weights)["threshold"])
    _, c_hold = train.split_select(train.read("crisis.jsonl"))
    _, n_hold = train.split_select(train.read("noncrisis.jsonl"))
    _, everyday = train.everyday(random.Random(train.SEED))
    sets = {"crisis": [r["text"] for r in c_hold], "distress": [r["text"] for r in n_hold]}
    sets["esconv"] = everyday
    read = {k: (risks(shipped, v), risks(args.more_weights, v)) for k, v in sets.items()}
    rows = []
    for name, flag in combos(t_old, t_new).items():
        fa = float(flag(*read["esconv"]).mean())
        rows.append(
            {
                "combination": name,
                "recall": round(float(flag(*read["crisis"]).mean()), 3),
                "false_alarm_distress": round(float(flag(*read["distress"]).mean()), 3),
                "false_alarm_esconv_heldout": round(fa, 4),
            }
        )
    eligible = [r for r in rows if r["false_alarm_esconv_heldout"] <= train.ESCONV_FA_AIM]
    chosen = max(eligible, key=lambda r: (r["recall"], -r["false_alarm_esconv_heldout"]))
    out = {
        "thresholds": {"shipped": t_old, "more": t_new},
        "held_crisis": len(sets["crisis"]),
        "held_esconv": len(everyday),
        "shipped": next(r for r in rows if r["combination"] == "shipped"),
        "more": next(r for r in rows if r["combination"] == "more"),
        "chosen": chosen,
    }
    print(json.dumps(out, indent=1))
    if args.report:
        flag = combos(t_old, t_new)[chosen["combination"]]
        crises = [r["text"] for r in train.read("crisis.jsonl") if r["split"] == "report"]
        distress = [r["text"] for r in train.read("noncrisis.jsonl") if r["split"] == "report"]
        dev = train.read("esconv_dev_labels.jsonl")
        report = {}
        for name, texts in (
            ("crisis_recall", crises),
            ("distress_false_alarm", distress),
            ("phrasings", PHRASINGS),
            ("esconv_dev_recall", [r["text"] for r in dev if r["crisis"]]),
            ("esconv_dev_false_alarm", [r["text"] for r in dev if not r["crisis"]]),
        ):
            flags = flag(risks(shipped, texts), risks(args.more_weights, texts))
            report[name] = rate([bool(f) for f in flags])
        out["report"] = report
        print(json.dumps(report, indent=1))
    (HERE / "ensemble.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
