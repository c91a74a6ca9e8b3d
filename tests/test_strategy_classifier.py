"""The shipped ESConv strategy classifier (real weights in assets/strategy_classifier/, real MiniLM)."""

from __future__ import annotations

import numpy as np
import pytest

from mer_agents.agents import strategy_classifier as sc
from mer_agents.errors import ModelError
from mer_agents.labels import STRATEGIES


def top(reply: str, context: str = "") -> str:
    return STRATEGIES[int(sc.predict_proba([reply], [context])[0].argmax())]


def test_shape_order_and_normalisation():
    replies = ["What happened after that?", "Maybe you could talk to your manager about it.", ""]
    probs = sc.predict_proba(replies)
    assert probs.shape == (3, len(STRATEGIES)) and probs.dtype == np.float32
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5) and (probs >= 0).all()
    with_ctx = sc.predict_proba(replies, ["I fought with my boss.", "", "hello"])
    assert with_ctx.shape == (3, len(STRATEGIES))
    assert sc.predict_proba([]).shape == (0, len(STRATEGIES))
    # columns follow labels.STRATEGIES: strategy_prob reads the same cell
    p = sc.strategy_prob("What happened after that?", "Question")
    assert p == pytest.approx(float(probs[0, STRATEGIES.index("Question")]), abs=1e-5)
    with pytest.raises(ValueError):
        sc.strategy_prob("Hi", "Jokes")
    with pytest.raises(ValueError):
        sc.predict_proba(["a", "b"], ["only one"])


def test_clear_cases():
    assert top("What happened after that?") == "Question"
    assert top("What happened after that?", "My boss yelled at me in front of everyone.") == "Question"
    assert top("Maybe you could talk to your manager about it.") == "Providing Suggestions"
    assert top("That sounds really painful, I can hear how hurt you are.") in {
        "Reflection of feelings",
        "Affirmation and Reassurance",
    }
    assert sc.strategy_prob("What happened after that?", "Question") > 0.5


def test_model_name():
    name = sc.model_name()
    assert "ESConv-train" in name and "held-out acc" in name


def test_missing_weights_is_a_clear_model_error(tmp_path):
    with pytest.raises(ModelError, match="train_strategy_classifier"):
        sc._load(tmp_path / "nothing.npz")
