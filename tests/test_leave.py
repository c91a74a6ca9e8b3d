"""agents/leave.py on the real text reader: a sign-off's apology is no hard feeling, hard news is."""

from __future__ import annotations

import pytest

from mer_agents.agents import forecaster, leave, templates
from mer_agents.config import Settings
from mer_agents.perception import perceive_text


def _hard(words: str) -> bool:
    evidence = perceive_text(words, Settings())
    return leave.hard_feeling(forecaster.code_forecast(evidence, ["text"]).emotion, evidence)


@pytest.mark.parametrize(
    ("words", "hard"),
    [
        ("Sorry, my toddler just woke up from her nap. Have to go.", False),  # read sad as a whole
        ("Sorry, wrong tab! I was doing homework. Bye 😅", False),
        ("Bit lonely since I retired last month. Anyway, my bus is here, goodbye.", True),
        ("My girlfriend and I broke up last night and I feel awful. Gotta go to work though, bye.", True),
        ("I lost my job today and I feel awful", True),  # no goodbye: the tone decides, as before
    ],
)
def test_the_reason_beside_a_goodbye_decides_whether_a_hard_feeling_is_read(words, hard):
    assert _hard(words) is hard
    assert templates.takes_leave(words, _hard(words)) is (not hard)


def test_the_reason_is_read_once_and_an_empty_reason_reads_no_feeling():
    assert leave.reason_strength("") == 0.0
    assert leave.reason_strength("my boyfriend dumped me") >= leave.LEAVE_HARD_PROB
