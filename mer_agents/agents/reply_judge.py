"""The reply judge: how a blind reader would grade a candidate reply at this moment (a logit; higher: A).

The reply selector and the strategy classifier learnt from ESConv what a supporter *said*; judges grade
something else (details this person never said, a question just answered, the wrong moment), and a scorer
trained to spot the true reply did not separate the replies they accept from those they reject (AUC 0.52,
experiments/reply_ranker/). This one learnt the verdict itself: MiniLM-L6 fine-tuned end to end on 6,069
blind grades (A/B/C) of the responder's candidates on 780 ESConv *train* turns (pairwise within a turn plus
pointwise), reading the conversation as the judges read it. Cross-fitted over those turns (five folds by
dialogue), ranking the candidates by its logit plus RANK_WEIGHT × the shipped score kept a judged-A reply
4.6 points more often and a judged-C one 5.4 points less often than the shipped rank
(experiments/reply_judge_scorer/, second attempt). The weights now shipped are round 4's: the same recipe
from the wheel on 9,306 grades of 1,193 turns, each context holding the turn the person answered; on 287
held train turns they keep A 0.422 / C 0.146 against round 3's 0.397 / 0.181. The responder uses it to rank
(responder.rank_key).

A turn asks about the same candidates more than once (the first look, then round 0 and each refinement
round rank the human replies and much the same template), so each (weights, conversation, reply) logit is
kept (CACHE_PAIRS most recent), as embeddings.embed keeps vectors.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from mer_agents.cache import Recent
from mer_agents.config import Settings
from mer_agents.minilm import tuned
from mer_agents.types import Turn

WEIGHTS = Path(__file__).resolve().parents[2] / "assets" / "reply_judge" / "judge.npz"
EXCHANGES = 2  # the supporter/person exchanges before the person's words that the judges read
RANK_WEIGHT = 4.0  # the shipped score's weight beside the judge's logit in the ranking (chosen on train)
CACHE_PAIRS = 4096  # logits kept: a few hundred bytes each with their key

_logits: Recent[tuple[str, str, str], float] = Recent(CACHE_PAIRS)


def conversation(history: Sequence[Turn], words: str) -> str:
    """The end of the conversation as the judges read it: two exchanges, then the person's words."""
    said = " ".join(f"Person: {t.user_text} Listener: {t.reply}" for t in history[-EXCHANGES:])
    return " ".join(f"{said} Person: {words}".split())


def weights_path(settings: Settings | None = None) -> Path:
    return (settings.reply_judge if settings is not None else None) or WEIGHTS


def logits(
    history: Sequence[Turn], words: str, replies: Sequence[str], settings: Settings | None = None
) -> np.ndarray:
    """The judge's logit for each reply to `words` after `history` (one row per reply)."""
    if not replies:
        return np.zeros(0, dtype=np.float32)
    scorer, _ = tuned(  # the file stores no value beside the weights: the default comes back, unused
        weights_path(settings),
        "rank_weight",
        "reply judge",
        "python experiments/reply_judge_scorer/train.py (see its README)",
        RANK_WEIGHT,
    )
    context = conversation(history, words)
    keys = [(str(weights_path(settings)), context, r) for r in replies]
    read = _logits.values(
        keys, lambda missing: scorer.logits([context] * len(missing), [k[2] for k in missing])[:, 0]
    )
    return np.array(read, dtype=np.float32)
