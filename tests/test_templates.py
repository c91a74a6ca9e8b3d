"""Grounded templates: the last-resort reply must pass the guard and the strategy's surface checks."""

from __future__ import annotations

import pytest

from mer_agents.agents import checks
from mer_agents.agents.templates import echo, grounded_reply
from mer_agents.labels import EMOTIONS, STRATEGIES

MESSAGES = [
    "I lost my job today. I worked there for eight years, and now I don't know how I will pay the rent.",
    "This is the third time they cancelled my flight without telling me. I am so angry I could scream.",
    "I finally passed my driving test on the fourth try!",
    "My sister never calls me back and I feel invisible.",
    "ok",
    "",
    "Estoy muy triste porque mi perro murió.",
    "You never listen to me!!! #angry",
]


def test_echo_flips_first_person_statements():
    assert echo("I lost my job today.") == "you lost your job today"
    assert echo("I was scared. It was late.") == "you were scared"
    assert echo("You never listen to me!") is None  # already addresses someone: not echoed
    assert echo("I paid $300 for it") is None  # digits and symbols are not said back


@pytest.mark.parametrize("message", MESSAGES)
def test_templates_pass_the_guard_for_every_strategy_and_emotion(message):
    for strategy in STRATEGIES:
        for emotion in EMOTIONS:
            reply = grounded_reply(message, emotion, strategy)
            results = checks.check_reply(reply, strategy, emotion, message, [], 0.5)
            assert not checks.guard_failures(results), (message, strategy, emotion, reply)
            assert not [r for r in results if r.name == "tone_mismatch" and not r.ok], reply
