"""Round 7 without training: the shipped round 6 combined with round 4, chosen on the held-back set (#36).

    git show 497a049:assets/crisis_detector/crisis.npz > W4.npz
    git show 21fbdc4:assets/crisis_detector/crisis.npz > W6.npz
    .venv/bin/python experiments/crisis_detector/combine.py --r4 W4.npz --r6 W6.npz \
        --soup-out experiments/crisis_detector/weights/crisis_soup_r4_r6.npz

Round 4 and round 6 were fine-tuned from the same MiniLM-L6 by the same recipe on different writers' sets
(round 6 on more). Two ways to read them as one detector, both declared before scoring:
- **soup**: their weights averaged (int8 layers dequantized, averaged, quantized again): one model, the
  shipped cost;
- **ensemble**: their P(none, self-harm, abuse) averaged per window: twice the classifier's cost.
Each is read as crisis.detect reads (the rules, else the highest P(crisis) over crisis.windows), on the
round-6 held-back set (train.py's flags below), and its threshold chosen by train.py's rule (train.choose).
Rule (README): eligible when its near-miss false alarms at its threshold are ≤ round 6's (as read here) +
0.01; of those the highest held-back recall; shipped only if that recall is above round 6's at round 6's own
threshold (the app's reading) and tests/test_crisis.py passes. Writes combine.json beside this script.
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

from mer_agents import training  # noqa: E402

FLAGS = ["--more", "--writers", "--coded", "--round5", "--round6"]  # round 6's held-back set
NEAR_MISS_MARGIN = 0.01
META = ("name", "first_max", "second_max", "trained_from", "threshold")


def soup(paths: list[Path], out: Path) -> Path:
    """The weights of `paths` averaged, in training.save's format (int8 rows with a scale, the rest as
    stored); every file must have trained the same tensors (same `trained_from`)."""
    files = [np.load(p, allow_pickle=False) for p in paths]
    if len({int(f["trained_from"]) for f in files}) != 1:
        raise ValueError("the weights trained different layers; they cannot be averaged")
    first = files[0]
    out_arrays: dict[str, np.ndarray] = {}
    for key in first.files:
        if key in META or key.endswith(".scale"):
            continue
        if key.endswith(".q"):
            base = key.removesuffix(".q")
            mean = np.mean([f[key].astype(np.float32) * f[base + ".scale"][:, None] for f in files], axis=0)
            scale = np.maximum(np.abs(mean).max(axis=1), 1e-8) / 127.0
            out_arrays[key] = np.round(mean / scale[:, None]).astype(np.int8)
            out_arrays[base + ".scale"] = scale.astype(np.float32)
        else:
            mean = np.mean([f[key].astype(np.float32) for f in files], axis=0)
            out_arrays[key] = mean.astype(first[key].dtype)
    names = " + ".join(str(f["name"]) for f in files)
    out_arrays["name"] = np.array(f"weight average of: {names}")
    for key in ("first_max", "second_max", "trained_from"):
        out_arrays[key] = first[key]
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, **out_arrays)
    return out


def at(rows: list[dict], threshold: float) -> dict:
    return next(r for r in rows if r["threshold"] == threshold)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--r4", type=Path, required=True)
    ap.add_argument("--r6", type=Path, required=True)
    ap.add_argument("--soup-out", type=Path, required=True)
    args = ap.parse_args()
    sets = train.load(train.parser().parse_args(FLAGS))
    texts = {
        "recall": [r["text"] for r in sets["c_hold"]],
        "false_alarm_distress": [r["text"] for r in sets["n_hold"]],
        "false_alarm_esconv_heldout": sets["held_everyday"],
    }
    soup_path = soup([args.r4, args.r6], args.soup_out)
    candidates = {"round 6": [args.r6], "soup": [soup_path], "ensemble": [args.r4, args.r6]}
    out: dict = {"held_back": {k: len(v) for k, v in texts.items()}, "flags": FLAGS}
    for name, paths in candidates.items():
        read = train.reader(paths)
        r_crisis, r_non, r_every = (read(texts[k]) for k in texts)
        chosen, rows = train.choose(r_crisis, r_non, r_every)
        out[name] = {
            "weights": [str(p) for p in paths],
            "threshold": chosen,
            "at_threshold": at(rows, chosen),
        }
        if name == "round 6":
            own = float(np.load(args.r6)["threshold"])
            out[name] |= {"own_threshold": own, "at_own_threshold": at(rows, own)}
        out[name]["grid"] = rows
        print(name, json.dumps({k: v for k, v in out[name].items() if k != "grid"}), flush=True)
    base = out["round 6"]["at_own_threshold"]
    budget = base["false_alarm_distress"] + NEAR_MISS_MARGIN
    eligible = [n for n in ("soup", "ensemble") if out[n]["at_threshold"]["false_alarm_distress"] <= budget]
    best = max(eligible, key=lambda n: out[n]["at_threshold"]["recall"], default=None)
    ships = best is not None and out[best]["at_threshold"]["recall"] > base["recall"]
    out["decision"] = {
        "near_miss_budget": round(budget, 3),
        "eligible": eligible,
        "chosen": best,
        "ships": ships,
    }
    if best == "soup":
        training.stamp(soup_path, soup_path, threshold=np.array(out["soup"]["threshold"]))
    print(json.dumps(out["decision"]))
    (HERE / "combine.json").write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
