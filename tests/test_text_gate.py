"""The gate agent texts pass before they are shown (agents/text_gate.py): pure code over the texts, the
evidence and the prompt; `written`'s retries are driven by plain functions (no model)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mer_agents.agents import text_gate
from mer_agents.agents.perception import digest
from mer_agents.backends.base import Message
from mer_agents.errors import StageError
from mer_agents.types import Evidence

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def sad() -> Evidence:
    return Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())


def check(evidence: Evidence, text: str) -> list[str]:
    prompt = [Message(role="user", content=digest(evidence) + "\nTask: say why Reflection of feelings fits.")]
    return text_gate.checker(prompt, evidence, extra="sadness Reflection of feelings")(text)


def test_a_sane_reason_passes(sad):
    assert (
        check(sad, "Because the person sounds sad about losing their job, reflecting the feeling helps.")
        == []
    )


@pytest.mark.parametrize(
    ("text", "issue"),
    [
        ("Because they belechos yo noo-kay, ajb vad leye dohne ee hoor I am mam-mak.", "words no reader"),
        ("Because theyt'mdutet yelbjenl',Sint'ad alto,Fiatiella.", "words no reader"),
        ("The voice show sadness over a child's", "cut off"),
        ("The person seems happy and angry about the job.", "which no reading holds"),
        (
            "The person feels sad that their life is at risk of being taken away by an unknown evil spirit "
            "that will be fulfilled when a certain part of themselves heals.",
            "the evidence does not",
        ),
    ],
)
def test_gibberish_cut_off_unheld_emotions_and_invention_fail(sad, text, issue):
    found = check(sad, text)
    assert any(issue in f for f in found), found


def test_written_retries_once_then_code_writes_it_and_says_so():
    tries: list[int] = []

    def write(i: int) -> str:
        tries.append(i)
        if i == 0:
            raise StageError("strategy", "no JSON")
        return "gibberish"

    text, how = text_gate.written(
        write, lambda t: ["bad"] if t == "gibberish" else [], lambda why: f"code: {why}"
    )
    assert (
        tries == [0, 1] and text == "code: try 1: strategy: no JSON; try 2: bad" and how.startswith("code (")
    )
    text, how = text_gate.written(
        lambda i: "fine." if i else "gibberish", lambda t: [] if t == "fine." else ["x"], str
    )
    assert (text, how) == ("fine.", "model (second try; try 1: x)")
    assert text_gate.written(lambda i: "fine.", lambda t: [], str) == ("fine.", "model")


def test_code_writes_the_reasoning_of_an_embedded_model():
    """Who writes the reasoning (Settings.reasoning): on "auto", code for every embedded model, trusted drafts
    or not (the blind reads in experiments/reasoning_check/), the model for the GPU and server backends;
    without a model call when code writes it."""
    from mer_agents.config import Settings

    class Embedded:
        name, trusted_drafts = "embedded", False

    class Trusted(Embedded):
        trusted_drafts = True

    class Server:
        name = "openai_http"

    auto = Settings()
    assert not text_gate.model_writes(auto, Embedded()) and not text_gate.model_writes(auto, Trusted())
    assert text_gate.model_writes(auto, Server())
    assert text_gate.model_writes(Settings(reasoning="model"), Embedded())
    assert not text_gate.model_writes(Settings(reasoning="code"), Server())

    def never(i: int) -> str:
        raise AssertionError("no model call")

    text, how = text_gate.written(never, lambda t: [], lambda why: "code's account.", model=False)
    assert text == "code's account." and how == text_gate.CODE_BY_SETTING
