"""The reply selector on its REAL weights (assets/reply_selector, trained on ESConv train) and MiniLM."""

from __future__ import annotations

import numpy as np
import pytest

from mer_agents.agents import reply_selector
from mer_agents.errors import ModelError


def best(words: str, previous: str, replies: list[str]) -> str:
    fits = reply_selector.fit(words, previous, replies)
    assert all(-1.0 <= f <= 1.0 for f in fits)
    return replies[int(np.argmax(fits))]


def test_weights_load_and_name_the_model():
    assert "reply-selector" in reply_selector.model_name()


def test_a_thank_you_is_answered_by_a_goodbye():
    replies = [
        "How long have you felt this way?",
        "You're welcome, take care of yourself!",
        "Maybe you could try yoga.",
    ]
    assert (
        best(
            "Ok thank you so much for listening, have a good night.",
            "Maybe you could talk to a counselor.",
            replies,
        )
        == replies[1]
    )


def test_a_loss_is_answered_by_sympathy_not_congratulations():
    replies = [
        "Congratulations, that is great news!",
        "You're welcome, take care!",
        "That sounds really stressful. How long did you work there?",
    ]
    assert best("I lost my job today and I don't know how I will pay the rent.", "", replies) == replies[2]


def test_a_question_to_the_supporter_is_answered_by_their_experience():
    replies = [
        "You're welcome!",
        "I talked to my friends a lot and kept busy.",
        "How long were you together?",
    ]
    assert (
        best("How did you get through it?", "I went through a breakup too last year.", replies) == replies[1]
    )


def test_the_previous_turn_changes_the_reading():
    """Same words, different moment: 'Yes.' after a question about a counselor vs. after a goodbye."""
    replies = ["Have you been able to book an appointment with them?", "Take care, bye!"]
    a = reply_selector.fit("Yes.", "Have you thought about seeing a counselor?", replies)
    b = reply_selector.fit("Yes.", "I hope this helped. Take care!", replies)
    assert a[0] - a[1] > b[0] - b[1]


def test_empty_inputs():
    assert reply_selector.fit("anything", "", []) == []
    vector = reply_selector.context_vector("", "")
    assert vector.shape == (384,) and not np.isnan(vector).any()


def test_missing_weights_get_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.setattr(reply_selector, "WEIGHTS", tmp_path / "none.npz")
    reply_selector._load.cache_clear()
    try:
        with pytest.raises(ModelError, match="train_reply_selector"):
            reply_selector.model_name()
    finally:
        reply_selector._load.cache_clear()
