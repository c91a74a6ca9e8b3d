"""The words' emotion when they are not English: a probe on multilingual sentence embeddings.

The text head and the fine-tuned encoder (text_head.py, text_encoder.py) read English words; typed Spanish or
Turkish, or speech whose translation Whisper could not give, is read by them as if it were English. A logistic
regression on Universal Sentence Encoder multilingual v3 embeddings (mer_agents/multilingual.py), trained on
the English fit split the encoder learnt from and on messages written in 12 languages (since round 4), reads
the meaning across languages; its probabilities are
mixed with the English reading at the weight chosen on a set written in 12 languages
(experiments/text_emotion_languages/).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.multilingual import probe_probs, read_probe

PROBE = Path(__file__).resolve().parents[2] / "assets" / "text_encoder" / "languages_probe.npz"
REBUILD = "experiments/text_emotion_languages/round2.py --round 4 --ship"
# the probe's weight on the original words of translated speech, beside the translation's reading: chosen on
# espeak-ng speech of the select set (experiments/text_emotion_languages/speech.py, speech_choice.json)
SPEECH_MIX = 0.75


@load_once
def probe(path: Path = PROBE) -> dict[str, np.ndarray]:
    """coef (7, 512), intercept (7,) in labels.EMOTIONS order, mix (): the probe's weight."""
    return read_probe(path, ("mix",), "emotion probe", REBUILD)


def probs(texts: list[str], path: Path = PROBE) -> np.ndarray:
    """P(emotion) per text (rows, labels.EMOTIONS order)."""
    return probe_probs(probe(path), texts)


def mix_weight(path: Path = PROBE) -> float:
    return float(probe(path)["mix"])
