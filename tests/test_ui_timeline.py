"""The timeline reducer and its HTML: statuses, nesting of revised attempts, reply diffs, escaping.

These tests feed hand-built event sequences (shaped like a pipeline run) into the pure reducer: they test
the view logic, not any model. The real-path test is tests/test_app_client.py.
"""

from __future__ import annotations

import re

from mer_agents.events import (
    AuditVerdictEvent,
    EvidenceReady,
    Progress,
    RegenerationRequested,
    RunFailed,
    RunFinished,
    RunStarted,
    StageFinished,
    StageStarted,
    TokenDelta,
    event_from_json,
    event_to_json,
)
from mer_agents.types import (
    AuditVerdict,
    EmotionForecast,
    Evidence,
    Modalities,
    ModalityEvidence,
    PerceptionReport,
    Reply,
    StrategyPlan,
    TimePoint,
)
from mer_agents.ui.timeline import TimelineView, apply, build_timeline, render_html, word_diff

EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def _evidence(transcript: str = "I lost my job today") -> Evidence:
    sad = {"sadness": 0.7, "neutral": 0.3}
    return Evidence(
        source="clip.mp4",
        duration_s=3.0,
        analysed_s=3.0,
        has_audio=True,
        has_video=True,
        transcript=transcript,
        modalities=Modalities(
            text=ModalityEvidence(
                available=True,
                probs=sad,
                confidence=0.8,
                timeline=[TimePoint(start=0, end=3, probs=sad)],
                model="text-head",
            ),
            audio=ModalityEvidence(available=True, probs={"neutral": 0.6, "sadness": 0.4}, confidence=0.4),
            video=ModalityEvidence(available=False, note="no face found"),
        ),
    )


def _forecast() -> EmotionForecast:
    return EmotionForecast(
        emotion="sadness",
        probs={"sadness": 0.7, "neutral": 0.3},
        confidence=0.7,
        agreement=0.6,
        fused_probs={"sadness": 0.6, "neutral": 0.4},
        conflicts=["voice calmer"],
    )


def _run_with_revision(
    reply0: str = "That sounds hard.", reply1: str = "That sounds really hard. What happened?"
):
    return [
        RunStarted(run_id="r1", source="clip.mp4", backend="embedded"),
        Progress(t=0.1, stage="media", message="decoding clip"),
        Progress(t=0.5, stage="perception", message="transcribing"),
        EvidenceReady(t=2.0, evidence=_evidence()),
        StageStarted(t=2.0, stage="perception"),
        StageFinished(
            t=2.5,
            stage="perception",
            output=PerceptionReport(words="sad words", voice="flat", face="none", summary="sounds sad"),
            duration_s=0.5,
        ),
        StageStarted(t=2.5, stage="forecast"),
        StageFinished(t=3.0, stage="forecast", output=_forecast(), duration_s=0.5),
        StageStarted(t=3.0, stage="strategy"),
        StageFinished(
            t=3.2,
            stage="strategy",
            output=StrategyPlan(
                strategy="Reflection of feelings", reason="they are sad", exemplars=["It sounds painful."]
            ),
            duration_s=0.2,
        ),
        StageStarted(t=3.2, stage="reply"),
        TokenDelta(t=3.3, stage="reply", text="That "),
        StageFinished(t=3.6, stage="reply", output=Reply(text=reply0), duration_s=0.4),
        StageStarted(t=3.6, stage="audit"),
        AuditVerdictEvent(t=3.7, verdict=AuditVerdict(stage="perception", verdict="pass"), duration_s=0.1),
        AuditVerdictEvent(
            t=3.8,
            verdict=AuditVerdict(
                stage="reply",
                verdict="revise",
                issues=["too short"],
                evidence=["3 words"],
                instruction="ask a question",
            ),
            duration_s=0.1,
        ),
        RegenerationRequested(t=3.8, round=1, target_stage="reply", instruction="ask a question"),
        StageStarted(t=3.8, stage="reply", round=1, instruction="ask a question"),
        StageFinished(t=4.2, stage="reply", round=1, output=Reply(text=reply1), duration_s=0.4),
        StageStarted(t=4.2, stage="audit", round=1),
        AuditVerdictEvent(
            t=4.3, round=1, verdict=AuditVerdict(stage="reply", verdict="pass"), duration_s=0.1
        ),
        RunFinished(
            t=4.3,
            reply=reply1,
            emotion="sadness",
            strategy="Reflection of feelings",
            rounds=1,
            all_passed=True,
            best_round=1,
        ),
    ]


def test_statuses_and_nesting_follow_the_audit():
    view = build_timeline(_run_with_revision())
    assert view.finished and view.reply.endswith("What happened?")
    stages = [e.stage for e in view.entries]
    assert stages == ["evidence", "perception", "forecast", "strategy", "reply", "audit", "reply", "audit"]
    first_reply, second_reply = [e for e in view.entries if e.stage == "reply"]
    assert first_reply.status == "revise" and second_reply.status == "pass"
    assert second_reply.parent_id == first_reply.id and second_reply.instruction == "ask a question"
    assert [e.status for e in view.entries if e.stage == "audit"] == ["revise", "pass"]
    perception = view.latest("perception")
    assert perception.status == "pass"
    assert view.entry("evidence").status == "done" and "decoding clip" in view.entry("evidence").log
    assert "ask a question" in view.entry("audit-r0").regenerate
    assert 0 in view.forecasts and [v.stage for v in view.verdicts[0]] == ["perception", "reply"]


def test_reply_diff_marks_inserted_words():
    pieces = word_diff("That sounds hard.", "That sounds really hard. What happened?")
    inserted = " ".join(p.text for p in pieces if p.op == "insert")
    assert "really" in inserted and "happened?" in inserted
    html = render_html(build_timeline(_run_with_revision()))
    assert "<ins>" in html and "changed vs previous reply" in html


def test_running_entry_shows_streamed_tokens_then_output():
    events = _run_with_revision()
    view = TimelineView()
    for event in events[:12]:  # up to the first token of the reply
        apply(view, event)
    running = view.latest("reply")
    assert running.status == "running" and running.live == "That "
    assert 'data-status="running"' in render_html(view)


def test_model_and_user_text_is_escaped_everywhere():
    events = _run_with_revision(reply0=EVIL, reply1=EVIL + " ok")
    events[3] = EvidenceReady(t=2.0, evidence=_evidence(transcript=EVIL))
    events.append(RunFailed(t=5, error=EVIL))
    html = render_html(build_timeline(events))
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in html
    # Only this module's own tags remain.
    tags = set(re.findall(r"<([a-z]+)[\s>]", html))
    assert tags <= {"div", "details", "summary", "span", "ul", "li", "b", "pre", "ins", "del"}


def test_failed_run_marks_running_entries_and_shows_the_error():
    events = _run_with_revision()[:11] + [RunFailed(t=3.3, stage="reply", error="reply: backend timed out")]
    view = build_timeline(events)
    assert view.error == "reply: backend timed out"
    assert view.latest("reply").status == "failed"
    assert "backend timed out" in render_html(view)


def test_cancelled_run_is_shown_as_cancelled():
    view = build_timeline(
        _run_with_revision()[:11] + [RunFailed(t=3.3, error="Run cancelled by the user.", reason="cancelled")]
    )
    assert view.latest("reply").status == "cancelled"


def test_the_reason_not_the_message_says_cancelled():
    """A failure whose message mentions a cancel is a failure; a trace from before `reason` still shows its
    cancelled run as cancelled (event_from_json derives it from the two old messages)."""
    head = _run_with_revision()[:11]
    failed = build_timeline(head + [RunFailed(t=3.3, error="upstream cancelled the call")])
    assert failed.latest("reply").status == "failed"
    old = {k: v for k, v in event_to_json(RunFailed(t=3.3, error="cancelled")).items() if k != "reason"}
    assert event_from_json(old).reason == "cancelled"
    assert build_timeline(head + [event_from_json(old)]).latest("reply").status == "cancelled"
    other = {**old, "error": "backend timed out"}
    assert event_from_json(other).reason == "error"


def test_replay_from_json_gives_the_same_view():
    events = _run_with_revision()
    replayed = [event_from_json(event_to_json(e)) for e in events]

    def key(view):  # probabilities are re-normalised on load, so compare what the entries say
        return [(e.id, e.status, e.summary, e.parent_id, e.diff) for e in view.entries]

    assert key(build_timeline(replayed)) == key(build_timeline(events))


def test_empty_view_renders_a_hint():
    assert "fills in" in render_html(TimelineView())


# ------------------------------------------------------------------- crafted traces (replay is untrusted)


def _depth(html: str) -> int:
    """How deeply the rendered entries nest (an entry is a <details class="mer-entry">; its structured
    output is a plain <details> inside it)."""
    stack: list[bool] = []
    deepest = 0
    for tag in re.findall(r'<details class="mer-entry"|<details>|</details>', html):
        if tag == "</details>":
            stack.pop()
        else:
            stack.append(tag != "<details>")
            deepest = max(deepest, sum(stack))
    return deepest


def _revision_chain(n: int) -> list:
    events = [RunStarted(run_id="chain", source="clip.mp4")]
    for i in range(n):
        events.append(StageStarted(t=i, stage="reply", round=min(i, 6), instruction="again"))
        events.append(
            StageFinished(
                t=i, stage="reply", round=min(i, 6), output=Reply(text=f"reply {i}"), duration_s=0.01
            )
        )
    return events


def test_a_500_deep_revision_chain_renders_with_capped_nesting():
    """500 attempts each revising the last used to raise RecursionError; now they nest MAX_NESTING deep."""
    from mer_agents.ui.timeline import MAX_NESTING

    view = build_timeline(_revision_chain(500))
    assert len(view.entries) == 500 and len({e.id for e in view.entries}) == 500
    html = render_html(view)
    assert html.count('<details class="mer-entry"') == 500
    assert "reply 499" in html and _depth(html) == MAX_NESTING + 1


def test_colliding_entry_ids_are_made_unique_and_render():
    """A finished-without-start entry and a later start used to get the same id: a self-parent, endless
    recursion. Ids are now unique and a child can only hang under an earlier entry."""
    events = [
        Progress(t=0, stage="media", message="decoding"),
        StageFinished(t=1, stage="reply", round=1, output=Reply(text="first"), duration_s=0.1),
        StageStarted(t=2, stage="reply", round=1),
        StageFinished(t=3, stage="reply", round=1, output=Reply(text="second"), duration_s=0.1),
        StageStarted(t=4, stage="reply", round=1),
        RunFailed(t=5, error="stopped"),
    ]
    view = build_timeline(events)
    ids = [e.id for e in view.entries]
    assert len(ids) == len(set(ids))
    assert all(e.parent_id != e.id for e in view.entries)
    html = render_html(view)
    assert "first" in html and "second" in html and html.count('<details class="mer-entry"') == len(ids)


def test_entries_given_directly_are_indexed_and_never_nest_in_a_cycle():
    """A view built from entries (not events) with duplicate ids and a forward parent still renders once
    each."""
    from mer_agents.ui.timeline import Entry

    entries = [
        Entry(id="a", stage="reply", title="A", parent_id="b"),
        Entry(id="b", stage="reply", title="B", parent_id="a"),
        Entry(id="b", stage="reply", title="B2", parent_id="b"),
    ]
    view = TimelineView(entries=entries)
    assert [e.id for e in view.entries] == ["a", "b", "b~2"] and view.entry("b~2").title == "B2"
    assert render_html(view).count('<details class="mer-entry"') == 3


def test_16000_events_reduce_and_render_in_linear_time():
    """16,000 stage starts took 164 s with the quadratic reducer (each one scanned every entry, several
    times); linear work takes a few seconds. The bound is generous (a loaded 2-core machine), yet far below
    what quadratic work needs at this size. The HTML stops at MAX_HTML_BYTES and says how many it left out;
    with no cap, every entry is drawn."""
    import time

    from mer_agents.ui.timeline import MAX_HTML_BYTES

    stages = ("perception", "forecast", "strategy", "reply")
    events = [StageStarted(t=i, stage=stages[i % 4], round=(i // 4) % 7) for i in range(16_000)]
    start = time.perf_counter()
    view = build_timeline(events)
    html = render_html(view)
    assert len(view.entries) == 16_000 and len({e.id for e in view.entries}) == 16_000
    drawn = html.count('<details class="mer-entry"')
    assert 0 < drawn < 16_000 and len(html.encode()) <= MAX_HTML_BYTES
    assert f"… {16_000 - drawn:,} more attempt(s) not drawn" in html and html.endswith("</div>")
    assert render_html(view, max_bytes=1 << 30).count('<details class="mer-entry"') == 16_000
    assert time.perf_counter() - start < 40


def test_a_draft_the_guard_refused_is_not_drawn_but_stays_in_the_trace():
    """#35: only gated text is on screen. A refused model draft (gibberish) ranked below the kept reply shows
    as a line saying it was refused; the event (and so the trace) keeps its text."""
    from mer_agents.types import Candidate
    from mer_agents.ui.timeline import HIDDEN_DRAFT

    gibberish = "Because theyt'mdutet yelbjenl',Sint'ad alto"
    reply = Reply(
        text="What happened at work?",
        source="exemplar",
        candidates=[gibberish, "A fine human line."],
        ranked=[
            Candidate(source="exemplar", text="What happened at work?", score=0.6),
            Candidate(source="model", text=gibberish, guard=["debris: not words"], failed=["debris"]),
            Candidate(source="exemplar", text="A fine human line.", failed=["length"]),
        ],
    )
    events = [RunStarted(run_id="r"), StageStarted(t=0, stage="reply", round=0)]
    events.append(StageFinished(t=1, stage="reply", round=0, output=reply))
    html = render_html(build_timeline(events))
    assert "yelbjenl" not in html and "fine human line" in html
    assert html.count(HIDDEN_DRAFT.split(":")[0]) >= 2  # in the candidate lines and the structured output
    assert gibberish in event_to_json(events[-1]).__str__()
