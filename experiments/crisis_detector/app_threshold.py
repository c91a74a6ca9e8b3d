"""Each detector's threshold chosen where it runs: on the app's numpy reading of its int8 weights (#36).

    .venv/bin/python experiments/crisis_detector/app_threshold.py --flags "--more --writers --coded --round5 \
        --round6 --round7" --json app_threshold_round7.json \
        "round 6=W6.npz" "round 7=W7.npz"     # W6: the asset at 21fbdc4

train.py chose the threshold on its float32 torch reading until round 7; the app reads the int8 weights in
numpy, which shifts P(crisis) near the threshold (round 7: held-out ESConv train false alarms 0.0149 → 0.0171
at 0.88). train.py now chooses on the app's reading too; this re-chooses for weights already saved.
Here every detector is read as crisis.detect reads it (train.reader) on the held-back set train.py's flags
name, and its threshold chosen by train.py's rule (train.choose). Writes JSON beside this script; with
--stamp LABEL, stores that detector's threshold in its weights file. At the chosen threshold it also gives
the held-back rows written in other languages apart (rows that name one, writer16/ on) and, with --everyday,
how many everyday first messages of those files would get the safety message (round 11's rule). PATH@VETO
reads the weights with the classifier overruling a phrase rule below VETO (crisis.rule_veto, round 19). With
--near-miss-cap X (round 15's second rule), also the lowest grid threshold at or above the chosen one whose
near-miss false alarms are ≤ X, and the same figures there; with --first-cap N too (round 14's third rule),
the lowest whose near-miss false alarms are ≤ X and whose everyday messages flagged are ≤ N.
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

import numpy as np  # noqa: E402
import train  # noqa: E402
from combine import at  # noqa: E402
from compare_rounds import texts_of  # noqa: E402

from mer_agents import training  # noqa: E402


def flagged(p_everyday: np.ndarray, threshold: float) -> str:
    """How many everyday first messages reach `threshold` (they would get the safety message), of how many."""
    return f"{int((p_everyday >= threshold).sum())}/{len(p_everyday)}"


def lowest(rows: list[dict], chosen: float, ok) -> float | None:
    """The lowest grid threshold at or above `chosen` whose row satisfies `ok`, else None."""
    return min((r["threshold"] for r in rows if r["threshold"] >= chosen and ok(r)), default=None)


def figures(rows: list[dict], threshold: float, p_everyday: np.ndarray | None) -> dict:
    """The grid row at `threshold`, with the everyday messages flagged there when they were read."""
    extra = {"everyday_flagged": flagged(p_everyday, threshold)} if p_everyday is not None else {}
    return {**at(rows, threshold), **extra}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("detectors", nargs="+", metavar="LABEL=PATH[@VETO]", help="VETO: crisis.rule_veto")
    ap.add_argument("--flags", required=True, help="train.py's flags naming the held-back set")
    ap.add_argument("--json", required=True, help="the output's file name (beside this script)")
    ap.add_argument("--stamp", help="store this detector's chosen threshold (and veto) in its weights file")
    ap.add_argument("--everyday", type=Path, nargs="*", default=[], help="first-message sets: flags")
    ap.add_argument("--near-miss-cap", type=float, help="also the threshold whose near-miss FA is ≤ this")
    ap.add_argument(
        "--first-cap",
        type=int,
        help="with --near-miss-cap and --everyday: and everyday messages flagged ≤ this",
    )
    args = ap.parse_args()
    sets = train.load(train.parser().parse_args(args.flags.split()))
    texts = {
        "recall": [r["text"] for r in sets["c_hold"]],
        "false_alarm_distress": [r["text"] for r in sets["n_hold"]],
        "false_alarm_esconv_heldout": sets["held_everyday"],
    }
    other = {  # held-back rows in another language than English
        "recall": [r["text"] for r in sets["c_hold"] if r.get("language", "en") != "en"],
        "false_alarm_distress": [r["text"] for r in sets["n_hold"] if r.get("language", "en") != "en"],
    }
    everyday = [t for p in args.everyday for t in texts_of(p)]
    out: dict = {"flags": args.flags, "held_back": {k: len(v) for k, v in texts.items()}}
    out["held_back_other_languages"] = {k: len(v) for k, v in other.items()}
    for entry in args.detectors:
        label, path = entry.rsplit("=", 1)
        path, _, veto = path.partition("@")
        read = train.reader([Path(path)], float(veto or 0))
        chosen, rows = train.choose(*(read(texts[k]) for k in texts))
        saved = np.load(path)
        stored = float(saved["threshold"]) if "threshold" in saved else None  # none in --train-only weights
        out[label] = {
            "weights": path,
            "rule_veto": float(veto or 0),
            "threshold": chosen,
            "at_threshold": at(rows, chosen),
            "stored_threshold": stored,
            "at_stored_threshold": at(rows, stored) if any(r["threshold"] == stored for r in rows) else None,
            "grid": rows,
        }
        out[label]["other_languages_at_threshold"] = {
            k: round(float(np.mean(read(v) >= chosen)), 4) for k, v in other.items() if v
        }
        p_everyday = read(everyday) if everyday else None
        if everyday:
            out[label]["everyday_flagged"] = flagged(p_everyday, chosen)
        if args.near_miss_cap is not None:
            capped = lowest(rows, chosen, lambda r: r["false_alarm_distress"] <= args.near_miss_cap)
            out[label]["near_miss_capped"] = capped and figures(rows, capped, p_everyday)
        if args.first_cap is not None and args.near_miss_cap is not None and everyday:
            both = lowest(
                rows,
                chosen,
                lambda r: (
                    r["false_alarm_distress"] <= args.near_miss_cap
                    and int((p_everyday >= r["threshold"]).sum()) <= args.first_cap
                ),
            )
            out[label]["both_capped"] = both and figures(rows, both, p_everyday)
        print(label, json.dumps({k: v for k, v in out[label].items() if k != "grid"}), flush=True)
        if label == args.stamp:
            vetoes = {"rule_veto": np.array(float(veto))} if veto else {}
            training.stamp(Path(path), Path(path), threshold=np.array(chosen), **vetoes)
    (HERE / args.json).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
