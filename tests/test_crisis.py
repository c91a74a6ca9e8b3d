"""The crisis guard's patterns (agents/crisis.py): pure code, no model."""

from __future__ import annotations

import re

import pytest

from mer_agents.agents import crisis


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("People tell me to kill myself every day.", "self-harm"),
        ("Sometimes I think about ending my life.", "self-harm"),
        ("I don't want to live anymore.", "self-harm"),
        ("I have been cutting myself again.", "self-harm"),
        ("I have suicidal thoughts at night", "self-harm"),
        ("Everyone would be better off dead without me, I'd be better off dead.", "self-harm"),
        ("Ya no quiero vivir, quiero morir.", "self-harm"),
        ("My boyfriend hits me when he is angry.", "abuse"),
        ("I was abused as a child and it still haunts me.", "abuse"),
        ("I am not safe at home.", "abuse"),
        ("He threatened to kill me last night.", "abuse"),
    ],
)
def test_crisis_words_are_caught(words, kind):
    found = crisis.detect(words)
    assert found is not None and found.kind == kind
    assert found.words.lower() in words.lower()
    assert kind in found.note and found.words in found.note


@pytest.mark.parametrize(
    "words",
    [
        "I lost my job today and I don't know how I will pay the rent.",
        "I am so angry I could scream.",
        "My dog died yesterday and I can't stop crying.",
        "I finally passed my driving test!",
        "",
    ],
)
def test_ordinary_sorrow_is_not_a_crisis(words):
    assert crisis.detect(words) is None


def test_the_safety_messages_name_help_but_no_invented_number():
    for text in crisis.REPLIES.values():
        assert "emergency" in text and "crisis" in text
        assert not re.search(r"\d", text)  # the demo cannot know the person's country
