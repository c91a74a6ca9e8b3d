"""The crisis guard's reader for typed text that is not English.

The fine-tuned MiniLM-L6 (crisis.py) learnt English: its tokenizer and pre-training are English, and a round
of training on 18 other languages barely moved it (experiments/crisis_detector/README.md, round 11). A
probe on multilingual sentence embeddings (mer_agents/multilingual.py; one hidden layer since round 13),
trained on the English and other-language crisis sets, reads "ich will einfach nicht mehr leben" as it reads
"I don't want to live anymore". It reads only what multilingual.other_language routes to it
(experiments/crisis_detector/multilingual/).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.multilingual import probe_probs, read_probe

PROBE = Path(__file__).resolve().parents[2] / "assets" / "crisis_detector" / "languages_probe.npz"
REBUILD = "experiments/crisis_detector/multilingual/round13.py --mlp --ship"


@load_once
def probe(path: Path = PROBE) -> dict[str, np.ndarray]:
    """The probe's arrays: hidden (256, 512) and hidden_bias, coef (3, 256), intercept (3,) in crisis.LABELS'
    order, threshold (), mode (): "instead" (text routed to the probe is not read by the English classifier)
    or "either"."""
    return read_probe(path, ("threshold", "mode"), "crisis probe", REBUILD)


def probs(texts: list[str], path: Path = PROBE) -> np.ndarray:
    """P(none, self-harm, abuse) per text (rows), from the probe on the multilingual embeddings."""
    return probe_probs(probe(path), texts)


def threshold(path: Path = PROBE) -> float:
    return float(probe(path)["threshold"])


def mode(path: Path = PROBE) -> str:
    return str(probe(path)["mode"])
