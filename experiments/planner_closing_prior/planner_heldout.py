"""Planner top-1 strategy accuracy on the held-out ESConv train slice, for several closing priors.

    .venv/bin/python experiments/planner_closing_prior/planner_heldout.py 0 0.15 0.3 0.5 0.8

Every supporter turn with seeker words before it in the held-out dialogues (every 10th,
mer_agents.evaluation.esconv_data.is_heldout), the code ranking only (planner.rank: neighbours from the bank
with the
dialogue under test excluded, a neutral forecast, the dialogue so far as history). This chose
planner.CLOSING_PRIOR; dev is never read.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np

from mer_agents.agents import planner
from mer_agents.agents.retrieval import retrieve
from mer_agents.evaluation.esconv_data import is_heldout, read_train
from mer_agents.labels import EMOTIONS
from mer_agents.types import EmotionForecast, Turn

probs = {e: (1.0 if e == "neutral" else 0.0) for e in EMOTIONS}
fc = EmotionForecast(emotion="neutral", probs=probs, confidence=0.5, agreement=1.0, fused_probs=probs)
items = []
for d in read_train():
    if not is_heldout(d.id):
        continue
    history = []
    seeker = []
    for t in d.turns:
        if t.speaker == "seeker":
            seeker.append(t.text)
            continue
        if seeker:
            items.append((d.id, " ".join(seeker), list(history), t.strategy))
            history.append(Turn(user_text=" ".join(seeker), reply=t.text, strategy=t.strategy))
            seeker = []
neigh = [retrieve(w, k=planner.K_VOTE, exclude={i}) for i, w, h, s in items]
for cp in map(float, sys.argv[1:]):
    planner.CLOSING_PRIOR = cp
    hits = [planner.rank(fc, h, n, words=w)[0][0] == s for (i, w, h, s), n in zip(items, neigh)]
    print(cp, len(hits), round(float(np.mean(hits)), 4))
