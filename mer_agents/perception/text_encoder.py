"""The words' emotion read by a fine-tuned encoder, blended into the text head's reading (#37).

The shipped text head is a linear layer over frozen MiniLM sentence embeddings; it read plain good news as
fear or sadness ("we closed on our first house today!!"), and published MELD readers fine-tune the encoder
itself. MiniLM-L6 fine-tuned end to end for the 7 emotions on `[CLS] utterance [SEP] previous turn [SEP]`
(MELD train, ESConv train seeker turns, and plain first-person statements written for it) gives P(emotion);
its weight in the blend with the head is stored in the file (`mix`), chosen on held-out train slices and a
held-out part of the plain statements: experiments/text_emotion_encoder/README.md holds the training, the
choice and the report. Runs in numpy (minilm.TunedScorer).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mer_agents.labels import EMOTIONS
from mer_agents.minilm import tuned

WEIGHTS = Path(__file__).resolve().parents[2] / "assets" / "text_encoder" / "emotion.npz"


def _scorer(path: Path):
    """(the scorer, its weight in the blend with the text head)."""
    return tuned(
        path, "mix", "text emotion encoder", "python experiments/text_emotion_encoder/train.py --ship MIX"
    )


def mix_weight(path: Path = WEIGHTS) -> float:
    return _scorer(path)[1]


def probs(texts: Sequence[str], previous: Sequence[str | None], path: Path = WEIGHTS) -> np.ndarray:
    """P(each of the 7 emotions, labels.EMOTIONS order) per text; previous[i]: the turn before texts[i]."""
    if not texts:
        return np.zeros((0, len(EMOTIONS)))
    return _scorer(path)[0].probs(list(texts), list(previous))
