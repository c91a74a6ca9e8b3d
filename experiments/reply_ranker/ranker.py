"""How well a reply answers this moment: a cross-encoder fine-tuned on ESConv train (the reply ranker).

An experiment, not shipped (README.md beside it: on the judged held-out candidates its logit does not separate
acceptable from unacceptable replies). The reply selector (agents/reply_selector.py) compares a moment and a
reply as two separate vectors, so it cannot see that "a terrible time of year to get dumped" answers someone
who did the leaving, or that a reply copies the supporter's last turn. The ranker reads both at once:
MiniLM-L6 with all six layers fine-tuned end to end (experiments/reply_ranker/train.py) on `[CLS] moment [SEP]
reply [SEP]`, the moment being the supporter turn the person answered and the person's words (`moment_text`),
trained to put the true reply above the candidates the responder's pool would offer (same-strategy human
replies of other dialogues that the selector ranks highest, the grounded template, the supporter's previous
turn). Its logit is the score that was tried as the responder's `fit` and as an audit check (`off_moment`).
Runs in numpy (minilm.TunedScorer).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.errors import ModelError

WEIGHTS = Path(__file__).resolve().parent / "weights" / "esconv_train.npz"  # not shipped (git-ignored)
FIRST_MAX = 64  # tokens of the moment kept (its end: the person's last words)
SECOND_MAX = 40  # tokens of the reply kept (its start)
PREVIOUS_CHARS = 200  # the supporter turn before the person's words, its end


def moment_text(words: str, previous: str = "") -> str:
    """The moment as the ranker reads it: what the listener said last, then the person's words."""
    previous = " ".join(previous.split())[-PREVIOUS_CHARS:]
    words = " ".join(words.split())
    return f"Listener: {previous} Person: {words}" if previous else f"Person: {words}"


@load_once
def _scorer(path: Path):
    from mer_agents.embeddings import minilm_dir
    from mer_agents.minilm import TunedScorer

    try:
        return TunedScorer(minilm_dir(), path)
    except (OSError, KeyError, ValueError) as exc:
        raise ModelError(
            f"reply ranker weights missing or unreadable at {path} "
            "(rebuild: python experiments/reply_ranker/train.py)"
        ) from exc


def fit(words: str, previous: str, replies: Sequence[str], weights: Path | None = None) -> np.ndarray:
    """The ranker's logit for each reply at this moment (higher: fits better; comparable across moments
    only roughly, so thresholds are chosen on held-out train grades)."""
    if not replies:
        return np.zeros(0, dtype=np.float32)
    scorer = _scorer(weights or WEIGHTS)
    moment = moment_text(words, previous)
    return scorer.logits([moment] * len(replies), list(replies))[:, 0]
