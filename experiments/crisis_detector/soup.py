"""Round 10 and round 12 averaged in weight space: a detector between the two? (#36, session 34)

    .venv/bin/python experiments/crisis_detector/soup.py W10.npz W12.npz --out W10_12.npz
    .venv/bin/python experiments/crisis_detector/app_threshold.py --flags "--more --writers --coded --round5 \
        --round6 --round7 --round8 --round9 --round10 --round11 --round12" --json app_threshold_soup.json \
        "round 10=W10.npz" "soup=W10_12.npz" --stamp soup    # + --everyday FILES (the README)

The stamped W10_12.npz is the shipped assets/crisis_detector/crisis.npz (threshold 0.92).

Why: round 12 (one epoch from round 10) found fewer near misses but grew surer on everyday ESConv turns, so
its threshold rose to 0.985 and its held-back recall fell (0.896 against 0.911). Averaging the weights of a
fine-tuned model with the one it started from often keeps part of what the epoch learnt and less of its
overconfidence. One setting, the plain mean (no grid). Rule, stated before it ran: round 12's rule on round
12's held-back set (README, "Twelfth round"): the soup ships only if its held-back recall is above round 10's,
its near-miss false alarms are ≤ round 10's + 0.01, the everyday first messages flagged are ≤ round 10's, and
tests/test_crisis.py passes; then fresh_report12/ is read once, round 10 against the soup.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from train import FIRST_MAX  # noqa: E402

from mer_agents import training  # noqa: E402
from mer_agents.agents import crisis  # noqa: E402

NAME = "MiniLM-L6 fine-tuned crisis classifier (none/self-harm/abuse), rounds 10 and 12 averaged"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weights", type=Path, nargs="+")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--name", default=NAME, help="the name stored in the file (round 14: its own)")
    args = ap.parse_args()
    model = training.soup(args.weights)
    training.save(model, args.out, name=args.name, first_max=FIRST_MAX, second_max=0)
    # app_threshold.py reads a stored threshold and replaces it with --stamp (the shipped file: 0.92)
    training.stamp(args.out, args.out, threshold=np.array(crisis.THRESHOLD))
    print("wrote", args.out)


if __name__ == "__main__":
    main()
