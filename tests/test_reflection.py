"""The reflection audit (agents/reflection.py) on its own: the code checks decide every verdict; the model
only words a critique and an instruction for the earliest failing stage, and stages that pass cost no call.

SCRIPTED backend (mer_agents/backends/scripted.py: the critique is canned), INJECTED retrieval and
embeddings (AgentContext.retrieve / .embed, tests/injected_tools.py) and a strategy classifier that sees
every strategy alike: the audit's control flow, not the quality of a critique.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mer_agents.agents import reflection, strategy_classifier
from mer_agents.agents.base import AgentContext
from mer_agents.backends.scripted import ScriptedBackend
from mer_agents.config import Settings
from mer_agents.events import StageFinished
from mer_agents.labels import STRATEGIES
from mer_agents.pipeline import RunRequest, run
from mer_agents.types import Evidence, Reply
from tests import injected_tools
from tests.injected_tools import TOOLS


@pytest.fixture(autouse=True)
def planned_by_code(monkeypatch):
    """Scripted control flow: the plan is the code ranking of the injected neighbours (injected_tools)."""
    injected_tools.code_planner(monkeypatch)


FIXTURES = Path(__file__).parent / "fixtures"
CHEERFUL = "That's great! Losing your job means a fresh start."  # tone_mismatch
CRITIQUE = "The reply missed the person's feeling."  # the scripted backend's default critique
INSTRUCTION = "Acknowledge the sadness first."


@pytest.fixture(autouse=True)
def flat_classifier(monkeypatch):
    def flat(replies, contexts=None, settings=None):
        return np.full((len(replies), len(STRATEGIES)), 1 / len(STRATEGIES))

    monkeypatch.setattr(strategy_classifier, "predict_proba", flat)


@pytest.fixture
def evidence() -> Evidence:
    return Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())


@pytest.fixture
def outputs(evidence) -> dict:
    """The four stage outputs of one unaudited scripted run: every check passes on them."""
    settings = Settings(reflection=False, reply_candidates="model")
    events = run(RunRequest(evidence=evidence), ScriptedBackend(), settings, **TOOLS)
    return {e.stage: e.output for e in events if isinstance(e, StageFinished)}


def audit(backend, evidence, outputs, **changed) -> reflection.Audit:
    ctx = AgentContext(backend=backend, settings=Settings(), evidence=evidence, **TOOLS)
    o = {**outputs, **changed}
    return reflection.audit(ctx, o["perception"], o["forecast"], o["strategy"], o["reply"])


def test_passing_stages_cost_no_critique(evidence, outputs):
    backend = ScriptedBackend()
    result = audit(backend, evidence, outputs)
    assert [v.stage for v in result.verdicts] == ["perception", "forecast", "strategy", "reply"]
    assert result.earliest_revise is None and result.failed == 0
    assert backend.count("audit") == 0 and result.usage == {}


def test_the_earliest_failing_stage_gets_the_critique(evidence, outputs):
    """A cheerful reply fails the code's tone check; the critic sees that reply's one line and the issues,
    and its critique and instruction are added to the code's."""
    backend = ScriptedBackend()
    result = audit(backend, evidence, outputs, reply=Reply(text=CHEERFUL))
    assert result.earliest_revise == "reply" and result.failed >= 1
    verdict = result.verdicts[-1]
    assert verdict.verdict == "revise" and verdict.issues[-1] == f"critic: {CRITIQUE}"
    assert verdict.instruction.endswith(INSTRUCTION) and verdict.instruction != INSTRUCTION
    prompt = [m for s, m, _ in backend.calls if s == "audit"][0][-1].text()
    assert CHEERFUL in prompt and "Step: reply" in prompt
    assert result.usage["reply"].calls == 1 and backend.count("audit") == 1


def test_an_instruction_with_forbidden_phrasing_is_dropped(evidence, outputs):
    """The critic's instruction joins the code's only when it carries none of the phrasing the checks
    forbid (it would steer the stage into the very fault); its critique is still recorded."""
    unsafe = json.dumps(
        {"critique": "The reply is too gloomy for this.", "instruction": "Say that it is great news."}
    )
    result = audit(ScriptedBackend(audit=[unsafe]), evidence, outputs, reply=Reply(text=CHEERFUL))
    verdict = result.verdicts[-1]
    assert verdict.issues[-1] == "critic: The reply is too gloomy for this."
    assert "great news" not in verdict.instruction and verdict.instruction


def test_a_critique_that_fails_validation_keeps_the_code_verdict(evidence, outputs):
    """Invalid JSON on both tries (text_gate.TRIES, each with its one repair) → no critique, but the verdict
    stands."""
    backend = ScriptedBackend(audit=["not json"])
    result = audit(backend, evidence, outputs, reply=Reply(text=CHEERFUL))
    verdict = result.verdicts[-1]
    assert verdict.verdict == "revise" and verdict.issues[-1].startswith("critic: (no critique:")
    assert backend.count("audit") == 4


def test_a_critique_cut_off_is_not_shown(evidence, outputs):
    """Scripted backend: a critique that stops mid-sentence fails the text gate on both tries → left out,
    and the code's issues and instruction stand (the reader's check found such critiques on unseen items)."""
    cut = json.dumps(
        {
            "critique": "The reply reads as Affirmation, not Reflection of feelings,",
            "instruction": "Acknowledge the sadness first.",
        }
    )
    result = audit(ScriptedBackend(audit=[cut]), evidence, outputs, reply=Reply(text=CHEERFUL))
    verdict = result.verdicts[-1]
    assert verdict.issues[-1].startswith("critic: (no critique: try 1: cut off")
