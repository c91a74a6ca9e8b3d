"""The full pipeline on the REAL embedded model (SmolLM2-135M via xllamacpp) and real MiniLM retrieval."""

from __future__ import annotations

from pathlib import Path

import pytest

from mer_agents.backends.base import Generation
from mer_agents.config import Settings
from mer_agents.events import (
    AuditVerdictEvent,
    RegenerationRequested,
    RunFinished,
    StageFinished,
    TokenDelta,
)
from mer_agents.pipeline import RunRequest, run
from mer_agents.types import Evidence

FIXTURES = Path(__file__).parent / "fixtures"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def backend():
    from mer_agents.backends.embedded import EmbeddedBackend

    return EmbeddedBackend(Settings.from_env(backend="embedded"))


def load(name: str) -> Evidence:
    return Evidence.model_validate_json((FIXTURES / f"{name}.json").read_text())


def test_full_run_on_evidence(backend):
    events = list(
        run(
            RunRequest(evidence=load("evidence_sad")),
            backend,
            Settings.from_env(backend="embedded", max_rounds=1),
        )
    )
    done = events[-1]
    assert isinstance(done, RunFinished), events[-1]
    stages = {e.stage for e in events if isinstance(e, StageFinished)}
    assert stages == {"perception", "forecast", "strategy", "reply"}
    assert any(isinstance(e, TokenDelta) for e in events)
    assert len([e for e in events if isinstance(e, AuditVerdictEvent)]) >= 4
    assert done.reply.strip() and done.emotion == "sadness"
    reply = [e.output for e in events if isinstance(e, StageFinished) and e.stage == "reply"][0]
    assert {c.source for c in reply.ranked} >= {"model", "template"}
    assert done.reply_source in ("model", "exemplar", "template")
    forecast = [e.output for e in events if isinstance(e, StageFinished) and e.stage == "forecast"][0]
    assert forecast.agreement > 0.9 and forecast.explanation.startswith("The ")


def test_the_stages_after_perception_read_the_shared_prefix_from_the_prompt_cache(backend):
    """perception, forecast and strategy open with the same system prompt and evidence digest
    (prompts/team.txt): llama.cpp reads it once, for perception, and serves it from its cache after."""
    evidence = load("evidence_sad").model_copy(update={"transcript": "My cat Pebbles ran off on Sunday."})
    settings = Settings.from_env(backend="embedded", reasoning="model")  # the model writes the reasoning
    events = list(run(RunRequest(evidence=evidence), backend, settings))
    first = {e.stage: e for e in events if isinstance(e, StageFinished) and e.round == 0}
    perception = first["perception"]
    if perception.output.written_by == "model":  # one call: a transcript this process has not read before
        assert perception.cached_tokens < 20
    else:  # the text gate asked again (text_gate.py): the second call reads the first one's prompt
        assert perception.cached_tokens <= perception.prompt_tokens / 2 + 20, perception
    for stage in ("forecast", "strategy"):
        assert first[stage].cached_tokens >= 0.9 * first["perception"].prompt_tokens - 60, first[stage]


class CheerfulFirstReply:
    """The real embedded backend, except that the FIRST reply it writes gets "That's great! " put in front:
    a crafted cheerful reply to sad evidence, so the real audit and the real re-entry must act on it."""

    def __init__(self, inner):
        self.inner, self.name, self.modalities = inner, inner.name, inner.modalities
        self.replies = 0

    def describe(self) -> str:
        return self.inner.describe() + " (first reply made cheerful for a test)"

    def generate(self, messages, params, on_token=None) -> Generation:
        gen = self.inner.generate(messages, params, on_token)
        if params.json_schema is None or params.json_schema.get("title") == "ReplyOutput":
            self.replies += 1
            if self.replies == 1:
                gen = gen.model_copy(update={"text": "That's great! " + gen.text})
        return gen


def test_cheerful_reply_to_sadness_gets_revised(backend):
    """Model drafts only (reply_candidates="model"), so the crafted cheerful draft is what the audit sees:
    with the full candidate pool a human exemplar or the template would outrank it before any audit."""
    proxy = CheerfulFirstReply(backend)
    settings = Settings.from_env(backend="embedded", max_rounds=1, reply_candidates="model")
    events = list(run(RunRequest(evidence=load("evidence_sad")), proxy, settings))
    first = [
        e for e in events if isinstance(e, AuditVerdictEvent) and e.round == 0 and e.verdict.stage == "reply"
    ][0]
    assert first.verdict.verdict == "revise"
    assert any("cheerful" in issue for issue in first.verdict.issues)
    regen = [e for e in events if isinstance(e, RegenerationRequested)]
    assert regen and regen[0].round == 1
    assert [e.stage for e in events if isinstance(e, StageFinished) and e.round == 1][-1] == "reply"
    done = events[-1]
    assert isinstance(done, RunFinished) and not done.reply.startswith("That's great!")
    assert proxy.replies >= 2


def test_cheerful_first_draft_is_outranked_before_the_audit(backend):
    """With the full candidate pool the same crafted cheerful draft is never the kept reply."""
    proxy = CheerfulFirstReply(backend)
    settings = Settings.from_env(backend="embedded", max_rounds=1)
    events = list(run(RunRequest(evidence=load("evidence_sad")), proxy, settings))
    done = events[-1]
    assert isinstance(done, RunFinished) and not done.reply.startswith("That's great!")
    reply = [e.output for e in events if isinstance(e, StageFinished) and e.stage == "reply"][0]
    cheerful = [c for c in reply.ranked if c.text.startswith("That's great!")]
    assert cheerful and "tone_mismatch" in cheerful[0].failed and reply.ranked[0].text != cheerful[0].text


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("People at school keep telling me to kill myself and I am starting to believe them.", "self-harm"),
        ("My husband hits me when he is drunk and I am afraid to go home.", "abuse"),
    ],
)
def test_a_crisis_gets_the_safety_message_and_says_so(backend, message, kind):
    """The crisis guard (agents/crisis.py) on the real pipeline: the reading and plan still run, the reply is
    the fixed safety message, the timeline is told, and there is no refinement round."""
    from mer_agents.agents import crisis
    from mer_agents.events import DraftReply, Progress

    events = list(run(RunRequest(text=message), backend, Settings.from_env(backend="embedded", max_rounds=2)))
    done = events[-1]
    assert isinstance(done, RunFinished), done
    assert done.reply_source == "crisis" and done.reply == crisis.REPLIES[kind]
    assert done.rounds == 0 and kind in done.note
    assert any(isinstance(e, Progress) and "crisis guard" in e.message for e in events)
    assert not any(isinstance(e, RegenerationRequested) for e in events)
    assert {e.stage for e in events if isinstance(e, StageFinished)} >= {"forecast", "strategy", "reply"}
    drafts = [
        e for e in events if isinstance(e, DraftReply)
    ]  # the model's reply is never shown, even briefly
    assert [(d.text, d.source) for d in drafts] == [(crisis.REPLIES[kind], "crisis")]


def test_a_rule_the_classifier_overrules_gets_no_safety_message_and_the_timeline_says_why(backend, tmp_path):
    """Real pipeline and classifier, the shipped weights stamped with a veto (crisis.overruled): a past crisis
    matches a phrase rule, the classifier is all but sure it is past, the reply is an ordinary one, and the
    timeline names the rule's words and the reading."""
    import numpy as np

    from mer_agents import training
    from mer_agents.agents import crisis
    from mer_agents.events import Progress

    training.stamp(crisis.WEIGHTS, tmp_path / "crisis.npz", rule_veto=np.array(0.005))
    settings = Settings.from_env(backend="embedded", max_rounds=1, crisis_detector=tmp_path / "crisis.npz")
    message = "ten years ago i tried to kill myself. today i'm a nurse, happily married, and i love my life"
    events = list(run(RunRequest(text=message), backend, settings))
    done = events[-1]
    assert isinstance(done, RunFinished), done
    assert done.reply_source != "crisis" and done.reply not in crisis.REPLIES.values()
    notes = [e.message for e in events if isinstance(e, Progress) and "crisis guard" in e.message]
    assert len(notes) == 1 and "phrase rule" in notes[0] and "below its veto 0.005" in notes[0]


def test_on_an_opening_a_generic_template_is_held_and_the_round_skipped(backend):
    """Real models: the kept reply of this opening (the grounded template, generic here) fails a reply check;
    on a person's first words the template is held (responder.keeps_template: an ESConv line from another
    conversation is worse there), so no rerun can change the reply, the refinement round is not run, and the
    run says why."""
    from mer_agents.events import Progress

    message = "My boss keeps yelling at me in front of everyone and I dread going to work."
    events = list(run(RunRequest(text=message), backend, Settings.from_env(backend="embedded", max_rounds=2)))
    done = events[-1]
    assert isinstance(done, RunFinished), done
    verdict = [e.verdict for e in events if isinstance(e, AuditVerdictEvent) and e.verdict.stage == "reply"]
    assert [v.verdict for v in verdict] == ["revise"]
    replies = [e.output for e in events if isinstance(e, StageFinished) and e.stage == "reply"]
    assert len(replies) == 1 and replies[0].source == "template" and replies[0].ranked[0].failed
    assert done.reply == replies[0].text and done.rounds == 0
    stop = [e.message for e in events if isinstance(e, Progress) and "not run" in e.message]
    assert len(stop) == 1 and "the reply cannot change" in stop[0]
    assert not [e for e in events if isinstance(e, RegenerationRequested)]


def test_a_kept_reply_that_fails_the_audit_is_repaired_by_a_repick(backend):
    """Real models, a later turn (ESConv dev esconv-dev-109, CC BY-NC 4.0): the reply judge ranks a cheerful
    reply first ("That's great! I'm glad I was able to help.") to someone whose words read a hard feeling; the
    audit fails it (tone_mismatch, a check the judge does not overrule); round 1 ranks every candidate failing
    it last and keeps another one that passes it, with no new draft (a re-pick); the run keeps the reply of
    the round whose audit went best. (Until session 37 the case was esconv-dev-111, where the round-4 judge
    no longer ranks the cheerful reply first.)"""
    from mer_agents.events import StageStarted
    from mer_agents.types import Turn

    earlier = Turn(
        user_text="",
        reply="Have you considered any ways in which you could start to work through what you're feeling?",
    )
    message = (
        "Very true, especially someone who is willing to listen and provide advice or positive conversation. "
        "Yes, i have begun a new medication that will hopefully help soon, i have also begun focusing on "
        "different hobbies that i enjoy so that i can keep my mind busy."
    )
    request = RunRequest(text=message, history=[earlier])
    events = list(run(request, backend, Settings.from_env(backend="embedded", max_rounds=2)))
    done = events[-1]
    assert isinstance(done, RunFinished), done
    replies = [e.output for e in events if isinstance(e, StageFinished) and e.stage == "reply"]
    first_failed = set(replies[0].ranked[0].failed)
    assert "tone_mismatch" in first_failed and "tone_mismatch" in replies[1].dropped
    assert replies[1].text != replies[0].text and not replies[1].rewrote
    assert "tone_mismatch" not in replies[1].ranked[0].failed
    assert done.reply in {r.text for r in replies} and done.rounds >= 1  # the best-audited round's reply
    assert [e.stage for e in events if isinstance(e, StageStarted)].count("reply") >= 2
    assert [e.target_stage for e in events if isinstance(e, RegenerationRequested)][0] == "reply"


def test_checks_the_reply_judge_overrules_do_not_send_its_reply_back(backend):
    """Real models (ESConv dev esconv-dev-009, CC BY-NC 4.0): the reply the judge ranks first fails a check it
    overrules (responder.JUDGE_OVERRULES: the plan's strategy, length, ignores_person); the audit passes the
    reply with what the check found as evidence, so no round re-picks it."""
    from mer_agents.agents.responder import JUDGE_OVERRULES
    from mer_agents.types import Turn

    earlier = Turn(
        user_text="Reduction in hours and less pay.",
        reply="I been there recently myself the entire workforce as we know it is changing. Have you thought "
        "of looking for other employment?",
    )
    message = (
        "It is nice to know that i am not the only one. I have but i am not sure where to start,. or if i am "
        "qualified."
    )
    events = list(
        run(RunRequest(text=message, history=[earlier]), backend, Settings.from_env(backend="embedded"))
    )
    replies = [e.output for e in events if isinstance(e, StageFinished) and e.stage == "reply"]
    kept = replies[0].ranked[0]
    assert kept.judge is not None and set(kept.failed) & JUDGE_OVERRULES, kept
    verdict = next(
        e.verdict for e in events if isinstance(e, AuditVerdictEvent) and e.verdict.stage == "reply"
    )
    assert verdict.verdict == "pass" and any("overruled" in x for x in verdict.evidence), verdict
    assert len(replies) == 1


def test_the_first_look_comes_before_the_agents_and_is_the_kept_reply_here(backend):
    """Real models: "I lost my job" is read as sadness by code alone, so the first look (agents/first_look.py,
    no model call) is shown right after the evidence, before the perception agent starts, and the run keeps
    that same reply in round 0: the agents' forecast and plan came back as code had them."""
    from mer_agents.events import DraftReply, EvidenceReady, StageStarted

    message = "I lost my job today and I don't know how to tell my wife."
    events = list(run(RunRequest(text=message), backend, Settings.from_env(backend="embedded", max_rounds=1)))
    done = events[-1]
    assert isinstance(done, RunFinished), done
    looks = [i for i, e in enumerate(events) if isinstance(e, DraftReply) and e.basis == "code"]
    evidence = next(i for i, e in enumerate(events) if isinstance(e, EvidenceReady))
    first_stage = next(i for i, e in enumerate(events) if isinstance(e, StageStarted))
    assert len(looks) == 1 and evidence < looks[0] < first_stage
    look = events[looks[0]]
    replies = [e.output for e in events if isinstance(e, StageFinished) and e.stage == "reply"]
    assert look.source in ("exemplar", "template") and look.text == replies[0].text  # round 0 keeps it
    assert done.reply == look.text or replies[-1].dropped  # ... unless the audit forced a repair
    assert done.emotion == "sadness"
