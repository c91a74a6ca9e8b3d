"""Which classifier reads crisis best on the held-back quarter of the select half (never the report half).

    .venv/bin/python experiments/crisis_detector/compare.py --tuned assets/crisis_detector/crisis.npz

Same split as train.py. Candidates: the fine-tuned MiniLM (train.py's weights), a class-balanced logistic
regression over the frozen MiniLM sentence embeddings (few positives: a linear read of a space trained for
paraphrase may generalise where fine-tuning overfits), and their maximum; each OR the phrase rules, as
crisis.detect combines them. Prints recall on held crisis messages and false alarms on held distress and
held-out ESConv train seeker turns at thresholds, and the recall at the threshold whose distress false
alarms stay ≤ FA_AIM.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from experiments.crisis_detector.train import SEED, everyday, read, split_select, variants  # noqa: E402
from mer_agents.agents import crisis  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.embeddings import embed  # noqa: E402

FA_AIM = 0.05


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tuned", type=Path, required=True)
    args = ap.parse_args()
    rng = random.Random(SEED)
    c_train, c_hold = split_select(read("crisis.jsonl"))
    n_train, n_hold = split_select(read("noncrisis.jsonl"))
    negatives, held_every = everyday(rng)
    texts = [v for r in c_train for v in variants(r["text"], rng)] + [r["text"] for r in n_train] + negatives
    y = [1] * (len(texts) - len(n_train) - len(negatives)) + [0] * (len(n_train) + len(negatives))
    lr = LogisticRegression(C=4.0, class_weight="balanced", max_iter=2000).fit(embed(texts), y)
    held = {
        "crisis": [r["text"] for r in c_hold],
        "distress": [r["text"] for r in n_hold],
        "esconv": held_every,
    }
    settings = Settings(crisis_detector=args.tuned)
    rules = {k: np.array([crisis.rules(t) is not None for t in v], float) for k, v in held.items()}
    tuned = {k: 1 - crisis.classify(v, settings)[:, 0] for k, v in held.items()}
    linear = {k: lr.predict_proba(embed(v))[:, 1] for k, v in held.items()}
    for name, score in (
        ("tuned", tuned),
        ("linear", linear),
        ("max", {k: np.maximum(tuned[k], linear[k]) for k in held}),
        ("mean", {k: (tuned[k] + linear[k]) / 2 for k in held}),
    ):
        best = None
        for t in np.linspace(0.02, 0.98, 49):
            flag = {k: np.maximum(score[k] >= t, rules[k]) for k in held}
            rec, fa, fe = flag["crisis"].mean(), flag["distress"].mean(), flag["esconv"].mean()
            if fa <= FA_AIM and (best is None or rec > best[1]):
                best = (round(t, 2), round(rec, 3), round(fa, 3), round(fe, 4))
        print(f"{name:7} best at distress FA ≤ {FA_AIM}: threshold, recall, FA distress, FA esconv = {best}")
    missed = [t for t, s, r in zip(held["crisis"], linear["crisis"], rules["crisis"]) if s < 0.5 and not r]
    print("linear misses:", missed[:10])


if __name__ == "__main__":
    main()
