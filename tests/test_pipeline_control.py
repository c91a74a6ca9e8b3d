"""Control flow of the reflection loop (pipeline.run), on a SCRIPTED backend.

Every test here uses mer_agents/backends/scripted.ScriptedBackend (canned outputs per stage, no model),
injects retrieval and embeddings (tests/injected_tools.py: no neighbours, flat vectors) and stubs the
strategy classifier, so that only the loop's control flow is under test. The same loop on the real
embedded model is tested in test_pipeline.py.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np
import pytest

from mer_agents.agents import planner, responder, strategy_classifier
from mer_agents.agents.retrieval import Exemplar
from mer_agents.backends.scripted import ScriptedBackend
from mer_agents.config import Settings
from mer_agents.events import (
    AuditVerdictEvent,
    DraftReply,
    EvidenceReady,
    Progress,
    RegenerationRequested,
    RunFailed,
    RunFinished,
    RunStarted,
    StageFailed,
    StageFinished,
    StageStarted,
    TokenDelta,
    event_from_json,
    event_to_json,
)
from mer_agents.labels import STRATEGIES
from mer_agents.pipeline import RunRequest, run, stages_to_rerun
from mer_agents.types import Evidence
from tests import injected_tools
from tests.injected_tools import TOOLS, flat_embed, no_neighbours


@pytest.fixture(autouse=True)
def planned_by_code(monkeypatch):
    """Scripted control flow: the plan is the code ranking of the injected neighbours (injected_tools)."""
    injected_tools.code_planner(monkeypatch)


FIXTURES = Path(__file__).parent / "fixtures"
GOOD = "Losing your job is hard, and it makes sense that you feel empty right now."
CHEERFUL = "That's great! Losing your job means a fresh start."  # tone_mismatch
WORSE = "That's great! Awesome! At least you have your family."  # tone_mismatch + dismissive


@pytest.fixture
def evidence() -> Evidence:
    return Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())


@pytest.fixture(autouse=True)
def flat_classifier(monkeypatch):
    """Scripted tests: a strategy classifier that sees every strategy alike (control flow only); retrieval
    and embeddings are injected into each run (`collect`)."""

    def flat(replies, contexts=None, settings=None):
        return np.full((len(replies), len(STRATEGIES)), 1 / len(STRATEGIES))

    monkeypatch.setattr(strategy_classifier, "predict_proba", flat)


def settings(**kw) -> Settings:
    """Model drafts only (reply_candidates="model"): these tests script the drafts and follow the loop; the
    candidate ranking with exemplars and templates is tested in test_responder.py."""
    return Settings(**{"max_rounds": 2, "reply_candidates": "model", **kw})


def collect(backend, evidence, cancel=None, retrieve=no_neighbours, **kw):
    """The run's events, with injected retrieval (no neighbours unless given) and flat embeddings."""
    return list(
        run(
            RunRequest(evidence=evidence),
            backend,
            settings(**kw),
            cancel,
            retrieve=retrieve,
            embed=flat_embed,
        )
    )


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_all_pass_exits_after_one_audit(evidence):
    """Scripted backend: a clean first pass → one audit, four passes, no regeneration."""
    backend = ScriptedBackend()
    events = collect(backend, evidence)
    assert isinstance(events[0], RunStarted) and isinstance(events[-1], RunFinished)
    assert [e.stage for e in of(events, StageFinished)] == ["perception", "forecast", "strategy", "reply"]
    verdicts = of(events, AuditVerdictEvent)
    assert [v.verdict.stage for v in verdicts] == ["perception", "forecast", "strategy", "reply"]
    assert all(v.verdict.verdict == "pass" for v in verdicts)
    assert not of(events, RegenerationRequested)
    done = events[-1]
    assert done.all_passed and done.rounds == 0 and done.reply == GOOD and done.emotion == "sadness"
    assert backend.count("audit") == 0  # passing stages cost no critique call


def test_each_stage_streams_between_start_and_finish(evidence):
    """Scripted backend: StageStarted → TokenDelta* → StageFinished per stage, tokens counted."""
    events = collect(ScriptedBackend(), evidence)
    for stage in ("perception", "forecast", "strategy", "reply"):
        idx = [
            i
            for i, e in enumerate(events)
            if getattr(e, "stage", None) == stage and isinstance(e, (StageStarted, TokenDelta, StageFinished))
        ]
        kinds = [type(events[i]) for i in idx]
        assert kinds[0] is StageStarted and kinds[-1] is StageFinished and TokenDelta in kinds
        finished = events[idx[-1]]
        assert finished.completion_tokens > 0 and finished.summary


def test_reply_fault_reenters_at_reply_and_reuses_upstream(evidence):
    """Scripted backend: a cheerful reply to sadness → re-entry at the reply only; upstream not rerun."""
    backend = ScriptedBackend(reply=[CHEERFUL, GOOD])
    events = collect(backend, evidence)
    regen = of(events, RegenerationRequested)
    assert len(regen) == 1 and regen[0].target_stage == "reply" and regen[0].round == 1
    assert "cheerful" in regen[0].instruction.lower()
    round1 = [e.stage for e in of(events, StageStarted) if e.round == 1]
    assert round1 == ["reply", "audit"]
    assert backend.count("perception") == backend.count("forecast") == backend.count("strategy") == 1
    reply_started = [e for e in of(events, StageStarted) if e.stage == "reply" and e.round == 1][0]
    assert reply_started.instruction == regen[0].instruction
    # the instruction reached the responder's prompt
    reply_prompts = [m for s, m, _ in backend.calls if s == "reply"]
    assert "cheerful" in reply_prompts[-1][0].text().lower()
    done = events[-1]
    assert done.all_passed and done.rounds == 1 and done.reply == GOOD and done.best_round == 1


@pytest.fixture
def no_gate(monkeypatch):
    """The text gate (agents/text_gate.py, tested in test_text_gate.py) lets every text through, so that a
    scripted summary reaches the audit's own perception checks: the loop's re-entry is under test."""
    from mer_agents.agents import text_gate

    monkeypatch.setattr(text_gate, "issues", lambda *a, **k: [])


def test_a_summary_the_gate_refuses_is_written_again_then_by_code(evidence):
    """Scripted backend: a summary naming an emotion no reading holds never reaches the screen: the model
    tries again (the second script passes) — and when every try fails, code writes the summary and says so,
    and the audit's verdict carries how the text was written."""
    bad_summary = json.dumps({"summary": "The person seems furious and angry."})
    backend = ScriptedBackend(perception=[bad_summary, ScriptedBackend().scripts["perception"][0]])
    events = collect(backend, evidence)
    report = [e.output for e in of(events, StageFinished) if e.stage == "perception"][0]
    assert report.written_by.startswith("model (second try; try 1: names anger")
    assert (
        not of(events, RegenerationRequested)
        or of(events, RegenerationRequested)[0].target_stage != "perception"
    )
    backend = ScriptedBackend(perception=[bad_summary])
    events = collect(backend, evidence)
    report = [e.output for e in of(events, StageFinished) if e.stage == "perception"][0]
    assert report.written_by.startswith("code (") and report.summary.endswith("(written by code)")
    assert backend.count("perception") == 2
    audit = [v.verdict for v in of(events, AuditVerdictEvent) if v.verdict.stage == "perception"][0]
    assert audit.verdict == "pass" and any(e.startswith("text: code (") for e in audit.evidence)


def test_earliest_faulty_stage_wins(evidence, no_gate):
    """Scripted backend: perception AND reply faulty → re-entry at perception; the reply reruns (it failed
    too), forecast and strategy are reused (they passed, and read nothing perception wrote)."""
    bad_summary = json.dumps({"summary": "The person seems furious and angry."})  # no modality reads anger
    backend = ScriptedBackend(
        perception=[bad_summary, ScriptedBackend().scripts["perception"][0]], reply=[CHEERFUL, GOOD]
    )
    events = collect(backend, evidence)
    verdicts0 = {v.verdict.stage: v.verdict.verdict for v in of(events, AuditVerdictEvent) if v.round == 0}
    assert verdicts0["perception"] == "revise" and verdicts0["reply"] == "revise"
    regen = of(events, RegenerationRequested)[0]
    assert regen.target_stage == "perception"
    assert [e.stage for e in of(events, StageStarted) if e.round == 1] == ["perception", "reply", "audit"]
    assert backend.count("forecast") == backend.count("strategy") == 1
    assert "forecast, strategy reused" in " ".join(e.message for e in of(events, Progress))
    assert events[-1].all_passed and events[-1].rounds == 1


def test_a_perception_revise_reruns_perception_alone(evidence, no_gate):
    """Scripted backend: only the perception summary is faulty → round 1 reruns perception alone (no later
    stage reads it), the trace says the others were reused, and the reply is the first round's."""
    bad_summary = json.dumps({"summary": "The person seems furious and angry."})
    backend = ScriptedBackend(perception=[bad_summary, ScriptedBackend().scripts["perception"][0]])
    events = collect(backend, evidence)
    assert of(events, RegenerationRequested)[0].target_stage == "perception"
    assert [e.stage for e in of(events, StageStarted) if e.round == 1] == ["perception", "audit"]
    assert backend.count("forecast") == backend.count("strategy") == backend.count("reply") == 1
    reused = [e for e in of(events, Progress) if "reused" in e.message]
    assert [e.message for e in reused] == [
        "round 1: forecast, strategy, reply reused (passed; inputs unchanged)"
    ]
    assert events[-1].all_passed and events[-1].reply == GOOD


def test_stages_to_rerun_follows_what_each_stage_reads():
    """Pure code: the target, each later stage that failed, and each later stage reading a rerun output."""
    assert stages_to_rerun("perception", {"perception"}) == ["perception"]
    assert stages_to_rerun("perception", {"perception", "strategy"}) == ["perception", "strategy", "reply"]
    assert stages_to_rerun("forecast", {"forecast"}) == ["forecast", "strategy", "reply"]
    assert stages_to_rerun("reply", {"reply"}) == ["reply"]


def test_strategy_fault_reenters_at_strategy_and_avoids_it(evidence):
    """Scripted backend: retrieval votes 'Providing Suggestions' in a first turn of acute sadness → the audit
    sends the run back to the strategy stage, which drops that strategy; perception/forecast are reused."""
    found = [
        Exemplar(
            id=f"x/{i}",
            dialogue="x",
            turn=i,
            seeker="lost my job",
            reply="Maybe try a new field.",
            strategy="Providing Suggestions",
            score=0.9,
        )
        for i in range(6)
    ]
    backend = ScriptedBackend(reply=["Maybe you could talk to your family about your job."])
    events = collect(backend, evidence, retrieve=injected_tools.neighbours(found))
    plans = [e.output for e in of(events, StageFinished) if e.stage == "strategy"]
    assert plans[0].strategy == "Providing Suggestions"
    regen = of(events, RegenerationRequested)[0]
    assert regen.target_stage == "strategy"
    assert plans[1].strategy != "Providing Suggestions"
    assert (
        backend.count("perception") == 1 and backend.count("forecast") == 1 and backend.count("strategy") == 2
    )
    assert [e.stage for e in of(events, StageStarted) if e.round == 1] == ["strategy", "reply", "audit"]


def test_round_cap(evidence):
    """Scripted backend: a reply that always fails → exactly max_rounds refinement rounds, then stop."""
    for cap in (0, 1, 2):
        backend = ScriptedBackend(reply=[CHEERFUL])
        events = collect(backend, evidence, max_rounds=cap)
        assert len(of(events, RegenerationRequested)) == cap
        done = events[-1]
        assert isinstance(done, RunFinished) and done.rounds == cap and not done.all_passed
        assert backend.count("reply") == 1 + 2 * cap  # first pass: 1 draft; each refinement: 2 drafts
        # a critique serves the next round's instruction: the last audit asks for none, and says so
        assert backend.count("audit") == cap
        last = [v.verdict for v in of(events, AuditVerdictEvent) if v.verdict.stage == "reply"][-1]
        assert (
            last.issues[-1]
            == f"critic: (not asked: round {cap} was the last ({cap} refinement rounds allowed))"
        )


def test_best_audited_reply_is_kept(evidence):
    """Scripted backend: round 1 audits best (1 failed check), round 2 worse (2) → round 1's reply is final;
    equal scores prefer the latest round."""
    backend = ScriptedBackend(reply=[WORSE, WORSE, CHEERFUL, WORSE])
    events = collect(backend, evidence, max_rounds=2)
    done = events[-1]
    assert done.rounds == 2 and not done.all_passed
    assert done.best_round == 1 and done.reply == CHEERFUL
    backend = ScriptedBackend(reply=[CHEERFUL])
    done = collect(backend, evidence, max_rounds=2)[-1]
    assert done.best_round == 2  # tie → latest


def test_regeneration_keeps_best_candidate(evidence):
    """Scripted backend: in a refinement round the responder stops at the first draft that passes."""
    backend = ScriptedBackend(reply=[CHEERFUL, WORSE, GOOD, CHEERFUL])
    events = collect(backend, evidence)
    final = [e.output for e in of(events, StageFinished) if e.stage == "reply"][-1]
    assert final.text == GOOD and final.candidates == [WORSE]
    assert backend.count("reply") == 3


def test_cancel_between_stages(evidence):
    """Scripted backend: cancel set after the first stage → RunFailed('cancelled'), no later stage."""
    cancel = threading.Event()
    events = []
    for e in run(RunRequest(evidence=evidence), ScriptedBackend(), settings(), cancel, **TOOLS):
        events.append(e)
        if isinstance(e, StageFinished):
            cancel.set()
    assert isinstance(events[-1], RunFailed) and events[-1].error == "cancelled"
    assert [e.stage for e in of(events, StageFinished)] == ["perception"]


def test_cancel_mid_tokens(evidence):
    """Scripted backend: cancel at the first streamed token stops the generation at the next token."""
    cancel = threading.Event()
    events = []
    for e in run(RunRequest(evidence=evidence), ScriptedBackend(), settings(), cancel, **TOOLS):
        events.append(e)
        if isinstance(e, TokenDelta):
            cancel.set()
    assert isinstance(events[-1], RunFailed) and events[-1].error == "cancelled"
    assert not of(events, StageFinished)


def test_malformed_json_is_repaired_once(evidence):
    """Scripted backend: invalid JSON then valid → the repair prompt carries the validation error."""
    backend = ScriptedBackend(perception=["{not json", ScriptedBackend().scripts["perception"][0]])
    events = collect(backend, evidence)
    assert isinstance(events[-1], RunFinished)
    assert backend.count("perception") == 2
    repair = [m for s, m, _ in backend.calls if s == "perception"][1]
    assert "did not validate" in repair[-1].text()


def test_malformed_json_twice_does_not_end_the_run_code_explains(evidence):
    """Scripted backend: the forecaster's JSON is invalid on every try (two tries, each with its repair) →
    the explanation is code's own, labelled, and the run goes on: the fusion's numbers are code's anyway."""
    backend = ScriptedBackend(forecast=['{"explanation": ""}'])
    events = collect(backend, evidence)
    assert not of(events, StageFailed) and isinstance(events[-1], RunFinished)
    forecast = [e.output for e in of(events, StageFinished) if e.stage == "forecast"][0]
    assert (
        forecast.explanation.endswith("(written by code)")
        and "failed validation after one repair" in forecast.written_by
    )
    assert backend.count("forecast") == 4


def test_a_critique_the_model_cannot_write_does_not_end_the_run(evidence):
    """Scripted backend: the critic's JSON is broken twice → the code verdicts still drive re-entry."""
    backend = ScriptedBackend(
        reply=[CHEERFUL, "Losing your job is hard; feeling empty makes sense."], audit=['{"critique": ']
    )
    events = collect(backend, evidence, max_rounds=1)
    assert not of(events, RunFailed) and isinstance(events[-1], RunFinished)
    revised = [e.verdict for e in of(events, AuditVerdictEvent) if e.verdict.verdict == "revise"]
    assert revised and any(i.startswith("critic: (no critique") for i in revised[0].issues)
    assert len(of(events, RegenerationRequested)) == 1


def test_internal_error_is_one_line(evidence, monkeypatch):
    """Scripted backend: an unexpected exception → RunFailed with one line; traceback only in `detail`."""

    def boom(*a, **k):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(planner, "rank", boom)
    last = collect(ScriptedBackend(), evidence)[-1]
    assert isinstance(last, RunFailed) and last.stage == "strategy"
    assert "\n" not in last.error and "ZeroDivisionError" in last.error and "Traceback" in last.detail


def test_no_reflection_and_one_pass(evidence):
    """Scripted backend: --no-reflection runs the four stages once unaudited; --one-pass is one call."""
    events = collect(ScriptedBackend(reply=[CHEERFUL]), evidence, reflection=False)
    assert not of(events, AuditVerdictEvent) and events[-1].reply == CHEERFUL and events[-1].rounds == 0
    backend = ScriptedBackend()
    events = collect(backend, evidence, one_pass=True)
    assert [c[0] for c in backend.calls] == ["one_pass"]
    assert [e.stage for e in of(events, StageFinished)] == ["reply"]
    assert events[-1].emotion == "sadness" and events[-1].strategy == "Reflection of feelings"


def test_nothing_to_analyse_fails_cleanly():
    """Scripted backend: an empty request → RunFailed with a readable message."""
    events = list(run(RunRequest(), ScriptedBackend(), settings(), **TOOLS))
    assert isinstance(events[-1], RunFailed) and "nothing to analyse" in events[-1].error


def test_events_round_trip(evidence):
    """Scripted backend: every event of a run survives JSON."""
    events = collect(ScriptedBackend(reply=[CHEERFUL, GOOD]), evidence)
    for e in events:
        back = event_from_json(json.loads(json.dumps(event_to_json(e))))
        assert type(back) is type(e)
        assert close(event_to_json(back), event_to_json(e))


def close(a, b, tol=1e-9) -> bool:
    """Structural equality with float tolerance (probabilities are renormalised on load)."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return abs(a - b) <= tol
    return a == b


def test_refinement_drafts_are_grammar_constrained_and_stream_plain_text(evidence):
    """Scripted backend: round-0 reply is free text; refinement drafts carry the strategy's pattern, and only
    the reply text (not the JSON around it) streams."""
    backend = ScriptedBackend(reply=[CHEERFUL, GOOD])
    events = collect(backend, evidence)
    params = [p for s, _, p in backend.calls if s == "reply"]
    assert params[0].json_schema is None
    assert params[1].json_schema["properties"]["reply"]["pattern"].startswith("^")
    streamed = "".join(e.text for e in of(events, TokenDelta) if e.stage == "reply" and e.round == 1)
    assert streamed == GOOD


def test_field_stream_extracts_the_string():
    """Pure: the JSON field extractor used for streaming grammar-constrained drafts."""
    got = []
    stream = responder.FieldStream(got.append)
    for chunk in ['{"re', 'ply": "How', ' are \\"you', '\\"?"', "}"]:
        stream(chunk)
    assert "".join(got) == 'How are "you"?'


def test_closing_the_generator_stops_the_worker(evidence):
    """Scripted backend: a consumer that stops iterating mid-stage leaves no generation running on."""
    backend = ScriptedBackend()
    gen = run(RunRequest(evidence=evidence), backend, settings(), **TOOLS)
    for e in gen:
        if isinstance(e, TokenDelta):
            break
    gen.close()
    assert backend.count("perception") == 1 and backend.count("forecast") == 0


def test_each_rounds_reply_is_shown_as_a_draft_before_its_audit(evidence):
    """Scripted backend: a DraftReply follows each reply stage, before that round's audit, so the first
    readable reply does not wait for the reflection rounds; the final reply still comes from RunFinished."""
    backend = ScriptedBackend(reply=[CHEERFUL, GOOD])
    events = collect(backend, evidence)
    drafts = of(events, DraftReply)
    assert [(d.round, d.text) for d in drafts] == [(0, CHEERFUL), (1, GOOD)]
    first_draft = events.index(drafts[0])
    first_audit = next(i for i, e in enumerate(events) if isinstance(e, StageStarted) and e.stage == "audit")
    reply_done = next(i for i, e in enumerate(events) if isinstance(e, StageFinished) and e.stage == "reply")
    assert reply_done < first_draft < first_audit
    assert events[-1].reply == GOOD
    no_audit = collect(ScriptedBackend(), evidence, reflection=False)
    assert [d.text for d in of(no_audit, DraftReply)] == [GOOD] and no_audit[-1].reply == GOOD


def test_a_person_who_spoke_another_language_is_told_the_reply_is_english(evidence):
    """Scripted backend: Spanish speech (with Whisper's English translation) → the kept reply is English and
    RunFinished.note says so, naming the language; English speech gets no such note."""
    spanish = evidence.model_copy(
        update={
            "language": "es",
            "transcript": "Perdí mi trabajo hoy.",
            "translation": "I lost my job today.",
        }
    )
    done = collect(ScriptedBackend(), spanish)[-1]
    assert done.reply == GOOD and "spoke Spanish; the reply is in English" in done.note
    assert "English" not in collect(ScriptedBackend(), evidence)[-1].note


def test_a_crisis_read_from_the_translation_keeps_the_language_note(evidence):
    """Scripted backend: French speech whose English translation mentions self-harm → the safety message,
    its note saying the translation carried the words, and still that the reply is in English (the CI run
    of the French clip lost the language note under the guard)."""
    french = evidence.model_copy(
        update={
            "language": "fr",
            "transcript": "Je ne veux plus vivre.",
            "translation": "I want to kill myself.",
        }
    )
    done = collect(ScriptedBackend(), french)[-1]
    assert done.reply_source == "crisis" and "the English translation's words mention self-harm" in done.note
    assert "spoke French; the reply is in English" in done.note


def test_a_reader_whose_inputs_came_back_unchanged_is_reused(evidence, no_gate):
    """Scripted backend: perception (bad summary) and strategy (suggestions in a first turn of acute sadness)
    fail → round 1 reruns perception, then the strategy (it failed itself; only the target gets the audit's
    hints, so it plans the same strategy with the same examples). The reply, which passed and reads only the
    forecast and the plan, is then reused: what it reads came back unchanged."""
    found = [
        Exemplar(
            id=f"x/{i}",
            dialogue="x",
            turn=i,
            seeker="lost my job",
            reply="Maybe try a new field.",
            strategy="Providing Suggestions",
            score=0.9,
        )
        for i in range(6)
    ]
    bad_summary = json.dumps({"summary": "The person seems furious and angry."})
    backend = ScriptedBackend(
        perception=[bad_summary, ScriptedBackend().scripts["perception"][0]],
        reply=["Maybe you could talk to your family about your job."],
    )
    events = collect(backend, evidence, retrieve=injected_tools.neighbours(found), max_rounds=1)
    verdicts0 = {v.verdict.stage: v.verdict.verdict for v in of(events, AuditVerdictEvent) if v.round == 0}
    assert verdicts0 == {"perception": "revise", "forecast": "pass", "strategy": "revise", "reply": "pass"}
    assert [e.stage for e in of(events, StageStarted) if e.round == 1] == ["perception", "strategy", "audit"]
    plans = [e.output for e in of(events, StageFinished) if e.stage == "strategy"]
    assert plans[0].strategy == plans[1].strategy and plans[0].exemplars == plans[1].exemplars
    assert "round 1: reply reused (what it reads came back unchanged)" in [
        e.message for e in of(events, Progress)
    ]
    assert backend.count("reply") == 1


def _template_pool(monkeypatch, template_text: str) -> None:
    """The full candidate pool with no human replies (the exemplar ranking is tested in test_responder.py)
    and a fixed template text, so that the kept reply's audit is known in advance."""
    monkeypatch.setattr(responder, "exemplar_replies", lambda ctx, plan, moment=None: {})
    monkeypatch.setattr(responder, "template", lambda ctx, forecast, plan: template_text)


def test_a_reply_the_audit_fails_is_repaired_by_the_rewrite(evidence, monkeypatch):
    """Scripted backend, full pool (template only, fixed to a cheerful text that fails the tone check but
    passes the guard; the untrusted model's draft passes): round 0 keeps the template (drafts rank after
    it), the audit fails its tone, and round 1 drops every candidate failing that check: no fixed candidate
    is left, so the model rewrites, and the draft that passes is kept — the loop changes the reply and says
    what forced it."""
    _template_pool(monkeypatch, CHEERFUL)
    backend = ScriptedBackend(reply=[GOOD])
    events = collect(backend, evidence, reply_candidates="all")
    replies = [e.output for e in of(events, StageFinished) if e.stage == "reply"]
    assert [(r.source, r.text) for r in replies] == [("template", CHEERFUL), ("model", GOOD)]
    assert "tone_mismatch" in replies[1].dropped and replies[1].rewrote
    assert [e.target_stage for e in of(events, RegenerationRequested)] == ["reply"]
    done = events[-1]
    assert isinstance(done, RunFinished) and done.rounds == 1 and done.all_passed and done.reply == GOOD


def test_a_reply_no_rerun_can_change_ends_the_loop(evidence, monkeypatch):
    """Scripted backend, full pool as above, but every draft fails the tone check too: round 1's rewrite
    cannot pass it, the template stays, and no round 2 is run: the run says why (nothing passes what the
    audit failed, and the rewrite was tried)."""
    _template_pool(monkeypatch, CHEERFUL)
    backend = ScriptedBackend(reply=[WORSE])
    events = collect(backend, evidence, reply_candidates="all")
    replies = [e.output for e in of(events, StageFinished) if e.stage == "reply"]
    assert [r.text for r in replies] == [CHEERFUL, CHEERFUL] and replies[1].rewrote
    assert len(of(events, RegenerationRequested)) == 1
    audit = [v.verdict for v in of(events, AuditVerdictEvent) if v.verdict.stage == "reply"]
    assert [v.verdict for v in audit] == ["revise", "revise"]
    assert audit[1].issues[-1].startswith("critic: (not asked: the reply cannot change (same forecast")
    stop = [e.message for e in of(events, Progress) if "not run" in e.message]
    assert len(stop) == 1 and stop[0].startswith(
        "round 2 not run: the reply cannot change (same forecast and plan: no other candidate passes "
        "what the audit failed ("
    )
    assert "tone_mismatch" in stop[0] and "the model already rewrote it" in stop[0]
    done = events[-1]
    assert isinstance(done, RunFinished) and done.rounds == 1 and not done.all_passed
    assert done.reply == CHEERFUL


def test_trusted_drafts_are_regenerated_and_can_replace_the_kept_reply(evidence, monkeypatch):
    """Scripted backend, same pool as above but a model whose drafts are trusted: the reply reruns and the
    passing draft is kept (a rerun can change the reply, so the loop goes on)."""
    _template_pool(monkeypatch, CHEERFUL)
    backend = ScriptedBackend(reply=[WORSE, GOOD])
    events = collect(backend, evidence, reply_candidates="all", trust_drafts=True)
    assert [e.target_stage for e in of(events, RegenerationRequested)] == ["reply"]
    assert not [e for e in of(events, Progress) if "not run" in e.message]
    done = events[-1]
    assert done.rounds == 1 and done.all_passed and done.reply == GOOD and done.reply_source == "model"


def test_the_timeline_shows_why_no_round_was_run(evidence, monkeypatch):
    """Scripted backend (as in test_a_reply_no_rerun_can_change_ends_the_loop): the stop is logged under the
    audit that asked for the revision, and the page shows it."""
    from mer_agents.ui.timeline import build_timeline, render_html

    _template_pool(monkeypatch, CHEERFUL)
    events = collect(ScriptedBackend(reply=[WORSE]), evidence, reply_candidates="all")
    view = build_timeline(events)
    audits = [e for e in view.entries if e.stage == "audit"]
    assert len(audits) == 2 and any("the reply cannot change" in line for line in audits[1].log)
    assert "the reply cannot change" in render_html(view)


def test_a_kept_reply_no_draft_can_change_is_shown_before_the_drafts_are_written(evidence, monkeypatch):
    """Scripted backend, full pool (template only, a passing text) and an untrusted model: the template will
    be kept whatever the model writes, so it is shown as the round's draft before the model's draft streams,
    and not shown again when the stage ends."""
    _template_pool(monkeypatch, GOOD)
    events = collect(ScriptedBackend(reply=[WORSE]), evidence, reply_candidates="all")
    reply_stage = [
        i for i, e in enumerate(events) if isinstance(e, (StageStarted, StageFinished)) and e.stage == "reply"
    ]
    drafts = [i for i, e in enumerate(events) if isinstance(e, DraftReply) and e.basis == "round"]
    tokens = [i for i, e in enumerate(events) if isinstance(e, TokenDelta) and e.stage == "reply"]
    assert len(drafts) == 1 and reply_stage[0] < drafts[0] < reply_stage[1]  # inside the reply stage
    assert tokens and drafts[0] < tokens[0]  # before the model's draft streams
    assert events[drafts[0]].text == GOOD and events[drafts[0]].source == "template"
    assert events[-1].reply == GOOD and events[-1].reply_source == "template"


def test_the_first_look_is_shown_before_the_agents_run(evidence, monkeypatch):
    """Scripted backend, full pool (template only): the reply code alone would keep is shown as a draft
    (basis "code") right after the evidence, before any agent starts and without a model call; the round's
    own draft and the kept reply follow as before."""
    _template_pool(monkeypatch, GOOD)
    backend = ScriptedBackend(reply=[WORSE])
    events = collect(backend, evidence, reply_candidates="all")
    drafts = of(events, DraftReply)
    assert [(d.basis, d.source, d.text) for d in drafts] == [
        ("code", "template", GOOD),
        ("round", "template", GOOD),
    ]
    first_look = events.index(drafts[0])
    evidence_at = next(i for i, e in enumerate(events) if isinstance(e, EvidenceReady))
    first_stage = next(i for i, e in enumerate(events) if isinstance(e, StageStarted))
    assert evidence_at < first_look < first_stage
    assert events[-1].reply == GOOD


def test_no_first_look_without_fixed_candidates_or_under_the_crisis_guard(evidence, monkeypatch):
    """Scripted backend: with model drafts only there is nothing code alone could keep, and when the only
    fixed candidate fails the guard, nothing is shown early; the round's draft is the first."""
    events = collect(ScriptedBackend(), evidence)  # reply_candidates="model"
    assert [d.basis for d in of(events, DraftReply)] == ["round"]
    _template_pool(monkeypatch, "")  # an empty template fails the guard
    events = collect(ScriptedBackend(reply=[GOOD]), evidence, reply_candidates="all")
    assert [d.basis for d in of(events, DraftReply)] == ["round"]


def test_trusted_drafts_are_shown_when_the_reply_stage_ends(evidence, monkeypatch):
    """Scripted backend, same pool but trusted drafts: the model's draft may win, so the round's draft is
    shown only once the stage has ranked it (the first look, from code, comes before the agents)."""
    _template_pool(monkeypatch, CHEERFUL)
    events = collect(ScriptedBackend(reply=[GOOD]), evidence, reply_candidates="all", trust_drafts=True)
    finished = next(i for i, e in enumerate(events) if isinstance(e, StageFinished) and e.stage == "reply")
    drafts = [i for i, e in enumerate(events) if isinstance(e, DraftReply) and e.basis == "round"]
    assert drafts[0] > finished and events[drafts[0]].text == GOOD and events[drafts[0]].source == "model"
