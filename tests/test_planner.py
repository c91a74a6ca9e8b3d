"""The planner's retrieval path honours `exclude_dialogues` (the leakage guard), on real MiniLM."""

from __future__ import annotations

from pathlib import Path

import pytest

from mer_agents.agents import planner, retrieval
from mer_agents.agents.base import AgentContext
from mer_agents.agents.retrieval import Bank, Exemplar
from mer_agents.config import Settings
from mer_agents.embeddings import embed
from mer_agents.labels import EMOTIONS
from mer_agents.types import EmotionForecast, Evidence
from tests.scripted_backend import ScriptedBackend

FIXTURES = Path(__file__).parent / "fixtures"


def _exemplar(dialogue: str, turn: int, seeker: str, reply: str, strategy: str) -> Exemplar:
    return Exemplar(id=f"{dialogue}/{turn}", dialogue=dialogue, turn=turn, seeker=seeker, reply=reply,
                    strategy=strategy)


@pytest.mark.slow
def test_planner_skips_the_excluded_dialogue(monkeypatch):
    evidence = Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())
    gold = "GOLD: maybe you could tell your family tonight over dinner."
    exemplars = [
        # the dialogue under test: its words are the query itself, so it would be the nearest neighbour
        _exemplar("esconv-train-000", 1, evidence.transcript, gold, "Providing Suggestions"),
        _exemplar("esconv-train-001", 1, "I lost my job and I feel lost.", "Maybe you could update your CV.",
                  "Providing Suggestions"),
        _exemplar("esconv-train-002", 1, "My job ended and I feel empty.", "Maybe you could ask about severance.",
                  "Providing Suggestions"),
    ]
    bank = Bank(exemplars, embed([e.seeker for e in exemplars]))
    monkeypatch.setitem(retrieval._banks, retrieval.bank_location(Settings()), bank)
    probs = {e: (0.7 if e == "sadness" else 0.05) for e in EMOTIONS}
    forecast = EmotionForecast(emotion="sadness", probs=probs, confidence=0.7, intensity=0.3, agreement=1.0,
                               fused_probs=probs)

    def plan(exclude: frozenset[str]):
        ctx = AgentContext(backend=ScriptedBackend(), settings=Settings(), evidence=evidence,
                           exclude_dialogues=exclude)
        return planner.run(ctx, forecast)

    assert gold in plan(frozenset()).exemplars  # without the guard the gold reply leaks
    guarded = plan(frozenset({"esconv-train-000"}))
    assert gold not in guarded.exemplars
    assert sorted(guarded.exemplars) == ["Maybe you could ask about severance.", "Maybe you could update your CV."]
