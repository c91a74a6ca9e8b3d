"""The next support strategy read by a fine-tuned encoder, blended into the planner's code ranking (#37).

The planner's code ranking (a vote of the nearest ESConv train exemplars plus stated priors) planned the
gold strategy on 0.275 of held-out ESConv train turns. MiniLM-L6 fine-tuned end to end on ESConv train
(every dialogue but the held-out slice) reads `[CLS] Listener: <the turn the person answered> Person:
<their words> [SEP] so far: <the last strategies> [SEP]` and gives P(strategy); blended with the code's
scores at the weight stored in the file (`mix`, 0.75: chosen on the held-out slice, accuracy 0.348,
+0.073 [+0.047, +0.099] paired), then divided by each strategy's training share ** 0.5 (planner.PRIOR_POWER:
dev macro-F1 0.192 → 0.227 at the same accuracy). experiments/strategy_encoder/ holds the training, the
choice and the dev report; assets/strategy_encoder/README.md the sources and licenses. Runs in numpy
(minilm.TunedScorer).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mer_agents.labels import STRATEGIES
from mer_agents.minilm import tuned

WEIGHTS = Path(__file__).resolve().parents[2] / "assets" / "strategy_encoder" / "strategy.npz"
HISTORY = 4  # strategies so far the encoder was shown


def moment(previous: str, words: str) -> str:
    """What the encoder reads first: the supporter turn the person answered, then their words."""
    previous, words = " ".join(previous.split()), " ".join(words.split())
    return f"Listener: {previous} Person: {words}" if previous else f"Person: {words}"


def so_far(strategies: Sequence[str]) -> str:
    return "so far: " + (", ".join(list(strategies)[-HISTORY:]) if strategies else "nothing")


def _scorer(path: Path):
    """(the scorer, its weight in the blend with the code ranking)."""
    return tuned(path, "mix", "strategy encoder", "python experiments/strategy_encoder/train.py --ship 0.75")


def mix_weight(path: Path = WEIGHTS) -> float:
    return _scorer(path)[1]


def probs(previous: str, words: str, strategies: Sequence[str], path: Path = WEIGHTS) -> dict[str, float]:
    """P(each of the 8 strategies) for the next supporter turn."""
    row = _scorer(path)[0].probs([moment(previous, words)], [so_far(strategies)])[0]
    return {s: float(p) for s, p in zip(STRATEGIES, row)}
