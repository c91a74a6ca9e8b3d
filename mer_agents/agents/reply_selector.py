"""Which reply fits this moment of the conversation: a response-selection model trained on ESConv train.

The person's most recent words `s` and the supporter turn they were answering `p` (empty when the conversation
opens) are embedded with MiniLM-L6, as is each candidate reply `r`; the fit is the cosine of
norm(A·s + B·p) and norm(C·r), with A, B, C trained on ESConv train (scripts/train_reply_selector.py: in-batch
negatives, chosen on the held-out train slice by recall@1; numbers in assets/reply_selector/README.md).
Unlike the plain cosine of the reply to the person's words, it learned from human conversations which
replies answer which moments: a thank-you is answered by a goodbye, a question about the supporter by a
self-disclosure, a long story by a reflection. The generator never sees it, so it can rank the model's drafts,
human exemplars and templates alike. Pure numpy at run time (float16 weights read once, no pickle).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.embeddings import DIM, embed
from mer_agents.errors import ModelError

WEIGHTS = Path(__file__).resolve().parents[2] / "assets" / "reply_selector" / "esconv_train.npz"


def weights_path(settings: Settings | None = None) -> Path:
    """Settings.reply_selector, else the shipped weights."""
    return (settings.reply_selector if settings is not None else None) or WEIGHTS


def _weights(settings: Settings | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, str]:
    return _load(weights_path(settings))


@load_once
def _load(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, str]:
    """(A, B, C, name) from the weights file, as float32."""
    try:
        with np.load(path, allow_pickle=False) as data:
            a, b, c = (data[k].astype(np.float32) for k in "abc")
            name = str(data["name"])
    except (OSError, KeyError, ValueError) as exc:
        raise ModelError(
            f"reply selector weights missing or unreadable at {path} "
            "(rebuild: python scripts/train_reply_selector.py)"
        ) from exc
    if a.shape != (DIM, DIM) or b.shape != (DIM, DIM) or c.shape != (DIM, DIM):
        raise ModelError(f"reply selector weights at {path} do not match the {DIM}-d embeddings")
    return a, b, c, name


def model_name(settings: Settings | None = None) -> str:
    return _weights(settings)[3]


def _unit(x: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(x, axis=-1, keepdims=True)
    return x / np.maximum(norms, 1e-8)


def context_vector(
    words: str,
    previous: str = "",
    settings: Settings | None = None,
    embed_fn: Callable[[Sequence[str]], np.ndarray] = embed,
) -> np.ndarray:
    """The selector's vector for this moment: the person's words and the supporter turn before them
    (`settings` name the weights, the shipped ones when None; `embed_fn`: MiniLM unless the agent context
    injects another)."""
    a, b, _, _ = _weights(settings)
    texts = [t for t in (words, previous) if t.strip()]
    vectors = dict(zip(texts, embed_fn(texts)))
    s = vectors.get(words, np.zeros(DIM, np.float32))
    p = vectors.get(previous, np.zeros(DIM, np.float32))
    return _unit(a @ s + b @ p)


def reply_vectors(embeddings: np.ndarray, settings: Settings | None = None) -> np.ndarray:
    """The selector's vectors for replies, from their MiniLM embeddings (rows)."""
    _, _, c, _ = _weights(settings)
    return _unit(np.asarray(embeddings, dtype=np.float32) @ c.T)


def fit(words: str, previous: str, replies: Sequence[str], settings: Settings | None = None) -> list[float]:
    """How well each reply fits this moment (cosine in the selector's space, in [-1, 1])."""
    if not replies:
        return []
    moment = context_vector(words, previous, settings)
    return [float(v) for v in reply_vectors(embed(list(replies)), settings) @ moment]
