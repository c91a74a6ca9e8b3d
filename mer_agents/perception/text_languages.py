"""The words' emotion when they are not English: a probe on multilingual sentence embeddings.

The text head and the fine-tuned encoder (text_head.py, text_encoder.py) read English words; typed Spanish or
Turkish, or speech whose translation Whisper could not give, is read by them as if it were English. A logistic
regression on Universal Sentence Encoder multilingual v3 embeddings (mer_agents/multilingual.py), trained on
the English fit split the encoder learnt from, reads the meaning across languages; its probabilities are
mixed with the English reading at the weight chosen on a set written in 12 languages
(experiments/text_emotion_languages/).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.errors import ModelError
from mer_agents.multilingual import embed

PROBE = Path(__file__).resolve().parents[2] / "assets" / "text_encoder" / "languages_probe.npz"


@load_once
def probe(path: Path = PROBE) -> dict[str, np.ndarray]:
    """coef (7, 512), intercept (7,) in labels.EMOTIONS order, mix (): the probe's weight."""
    try:
        with np.load(path, allow_pickle=False) as data:
            return {k: data[k] for k in ("coef", "intercept", "mix")}
    except (OSError, KeyError, ValueError) as exc:
        raise ModelError(
            f"emotion probe weights unreadable at {path}: "
            "python experiments/text_emotion_languages/probe.py --ship"
        ) from exc


def probs(texts: list[str], path: Path = PROBE) -> np.ndarray:
    """P(emotion) per text (rows, labels.EMOTIONS order)."""
    weights = probe(path)
    logits = embed(texts) @ weights["coef"].T + weights["intercept"]
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


def mix_weight(path: Path = PROBE) -> float:
    return float(probe(path)["mix"])
