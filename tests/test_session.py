"""Session (session.py): turns accumulate and reach the next turn's agents. SCRIPTED backend (control)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mer_agents.agents import planner, reflection, responder
from mer_agents.config import Settings
from mer_agents.events import RunFinished
from mer_agents.session import Session
from mer_agents.types import Evidence
from tests.scripted_backend import ScriptedBackend

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(autouse=True)
def no_minilm(monkeypatch):
    monkeypatch.setattr(planner, "retrieve", lambda query, k=2, exclude=frozenset(), **kw: [])
    monkeypatch.setattr(responder, "similarity", lambda a, b: None)
    monkeypatch.setattr(reflection, "similarity", lambda a, b: None)


def test_turns_carry_over():
    """Scripted backend: the second turn's responder sees the first exchange as chat history."""
    backend = ScriptedBackend()
    session = Session(backend, Settings())
    ev = Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())
    assert isinstance(list(session.run(evidence=ev))[-1], RunFinished)
    assert len(session.turns) == 1 and session.turns[0].user_text == ev.transcript
    assert session.turns[0].summary.startswith("The person") and session.turns[0].emotion == "sadness"
    list(session.run(evidence=ev))
    assert len(session.turns) == 2
    reply_messages = [m for s, m, _ in backend.calls if s == "reply"][-1]
    roles = [m.role for m in reply_messages]
    assert roles == ["system", "user", "assistant", "user"]
    assert reply_messages[2].text() == session.turns[0].reply
    session.reset()
    assert session.turns == []
