"""The reply judge (agents/reply_judge.py): the shipped weights, read as the responder reads them."""

from __future__ import annotations

import pytest

from mer_agents.agents import reply_judge
from mer_agents.cache import Recent
from mer_agents.config import Settings
from mer_agents.errors import ModelError
from mer_agents.types import Turn

HISTORY = [
    Turn(user_text="hi", reply="Hello, how are you today?"),
    Turn(user_text="not great, I lost my job last week", reply="I'm so sorry. That must be a shock."),
]


def test_the_conversation_is_read_as_the_judges_read_it():
    """Two exchanges, then the person's words, on one line: what the judges' packets showed and what the
    weights were trained on (experiments/reply_judge_scorer/train.py imports this function)."""
    older = [Turn(user_text="first", reply="one"), *HISTORY]
    text = reply_judge.conversation(older, "my wife  is\nupset too")
    assert text.startswith("Person: hi Listener: Hello, how are you today?")
    assert "first" not in text
    assert text.endswith("Person: my wife is upset too")


def test_the_shipped_judge_gives_one_logit_per_reply():
    replies = ["That sounds really hard. How are you two managing?", "I like turtles."]
    out = reply_judge.logits(HISTORY, "my wife is upset with me too", replies)
    assert out.shape == (2,)
    assert out[0] > out[1]  # a reply to what was said over a non sequitur
    assert reply_judge.logits(HISTORY, "anything", []).shape == (0,)


def test_missing_weights_say_what_is_missing_and_how_to_rebuild(tmp_path):
    settings = Settings(reply_judge=tmp_path / "nowhere.npz")
    with pytest.raises(ModelError, match="reply judge weights missing.*rebuild"):
        reply_judge.logits(HISTORY, "hello", ["hi"], settings)


def test_a_pair_asked_again_is_read_from_the_cache(monkeypatch):
    """The first look and each round rank much the same candidates: the real judge reads each (conversation,
    reply) once, and a kept logit is the one it gave (a counter wraps the real scorer)."""
    real, read = reply_judge.tuned, []

    class Counting:
        def __init__(self, scorer):
            self.scorer = scorer

        def logits(self, firsts, seconds):
            read.extend(seconds)
            return self.scorer.logits(firsts, seconds)

    def counting(*args, **kwargs):
        scorer, value = real(*args, **kwargs)
        return Counting(scorer), value

    monkeypatch.setattr(reply_judge, "tuned", counting)
    monkeypatch.setattr(reply_judge, "_logits", Recent(reply_judge.CACHE_PAIRS))
    words = "my wife is upset with me too"
    first = reply_judge.logits(HISTORY, words, ["I am sorry.", "How are you two managing?"])
    replies = ["How are you two managing?", "I like turtles.", "I am sorry."]
    again = reply_judge.logits(HISTORY, words, replies)
    assert read == ["I am sorry.", "How are you two managing?", "I like turtles."]
    assert again[0] == first[1] and again[2] == first[0]
    monkeypatch.setattr(reply_judge, "_logits", Recent(reply_judge.CACHE_PAIRS))
    alone = reply_judge.logits(HISTORY, words, ["I like turtles."])
    assert alone[0] == pytest.approx(again[1], abs=1e-4)
    other = reply_judge.logits(HISTORY, "my dog died", ["I am sorry."])  # another moment: read again
    assert read[-1] == "I am sorry." and other.shape == (1,)
