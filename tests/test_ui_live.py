"""The Live tab's pure views and handlers (no browser): chat, trajectory, meters, per-session registry."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import gradio as gr
import numpy as np
import pytest

from mer_agents.config import Settings
from mer_agents.events import DraftReply, EvidenceReady, RunFinished, RunStarted, StageFinished
from mer_agents.live import LiveSession, LiveSettings, LiveTurn, TurnSpan
from mer_agents.types import EmotionForecast, Evidence, Modalities, ModalityEvidence
from mer_agents.ui.formatting import DRAFT_MARK
from mer_agents.ui.live import LiveHandlers, build_live_tab, face_expression
from mer_agents.ui.live_registry import LiveRegistry
from mer_agents.ui.live_views import level_percent, live_chat_messages, preview_html, trajectory_figure
from mer_agents.ui.timeline import TimelineView, apply

SPAN = TurnSpan(start_s=1.0, end_s=2.5, reason="pause", detected_s=3.3)


def _turn(i: int, **kw) -> LiveTurn:
    return LiveTurn(id=i, span=SPAN, **kw)


def test_chat_shows_each_turn_and_what_became_of_it():
    turns = [
        _turn(
            1,
            status="done",
            transcript="I got the job.",
            reply="That is wonderful!",
            emotion="joy",
            strategy="Affirmation and Reassurance",
        ),
        _turn(2, status="cancelled", error="you started speaking again, so this reply was cancelled"),
        _turn(3, status="running"),
        _turn(4, status="queued"),
    ]
    messages = live_chat_messages(turns)
    assert messages[0] == {"role": "user", "content": "I got the job."}
    assert (
        messages[1]["content"].startswith("That is wonderful!")
        and "[joy · Affirmation" in messages[1]["content"]
    )
    assert messages[2]["content"] == "(turn 2: 1.5 s of speech)"
    assert messages[3]["content"].startswith("(cancelled: you started speaking")
    assert messages[5]["content"] == "…" and messages[7]["content"] == "(waiting)"
    view = TimelineView()
    apply(view, DraftReply(t=1.0, text="That sounds hard.", basis="code"))
    drafted = live_chat_messages(turns, {3: view})  # the running turn's latest draft, marked as one
    assert drafted[5]["content"] == f"{DRAFT_MARK} That sounds hard."
    assert drafted[1] == messages[1] and drafted[7]["content"] == "(waiting)"


def test_trajectory_gains_a_point_per_turn():
    assert len(trajectory_figure([]).data) == 0
    fig = trajectory_figure(
        [(1, {"joy": 0.8, "neutral": 0.2}), (2, {"sadness": 0.6, "joy": 0.1, "neutral": 0.3})]
    )
    names = {trace.name for trace in fig.data}
    assert names == {"joy", "neutral", "sadness"}
    joy = next(t for t in fig.data if t.name == "joy")
    assert list(joy.x) == [1, 2] and list(joy.y) == [0.8, 0.1]


def test_meters_escape_and_scale():
    assert level_percent(-100) == 0 and level_percent(0) == 100 and level_percent(-35) == 50
    page = preview_html(-20.0, True, "speaking <now>", {"joy": 0.7, "neutral": 0.2, "fear": 0.1}, "")
    assert "&lt;now&gt;" in page and "<now>" not in page
    assert page.index("face: joy") < page.index("face: neutral")
    assert "no face in view" in preview_html(-80.0, False, "listening", None, "no face in view")
    assert "received only 52%" in preview_html(-80.0, False, "listening", None, "", coverage=0.52)
    assert "received only" not in preview_html(-80.0, False, "listening", None, "", coverage=0.97)


@pytest.mark.slow
def test_face_preview_reads_a_frame_with_the_perception_face_model():
    probs, note = face_expression(np.full((240, 320, 3), 90, np.uint8))  # no face in a flat frame
    assert probs is None and note == "no face in view"


def test_the_face_meter_reads_at_most_once_a_second_and_rarely_while_a_turn_is_answered(monkeypatch):
    """The meter runs the real face model (a flat frame: no face) on a new frame at most every `every`
    seconds: face_meter_period gives FACE_METER_EVERY_S while the person speaks, FACE_METER_IDLE_EVERY_S when
    nothing happens and FACE_METER_BUSY_EVERY_S while a turn is being answered; the calls are counted around
    the real face_expression."""
    from mer_agents.ui import live

    reads = []
    real = live.face_expression
    monkeypatch.setattr(live, "face_expression", lambda frame: reads.append(1) or real(frame))
    handlers = LiveHandlers(Settings(), backend=object(), registry=LiveRegistry())
    state = live.LiveState(session=None)  # the meter reads only the state's face fields
    frame = np.full((240, 320, 3), 90, np.uint8)
    handlers._read_face(state, frame, 0.0)
    handlers._read_face(state, frame, 0.5)  # a new frame within the second: skipped
    assert len(reads) == 1 and state.face_note == "no face in view"
    state.face_read_at -= live.FACE_METER_EVERY_S
    handlers._read_face(state, frame, 1.0)
    assert len(reads) == 2
    state.face_read_at -= live.FACE_METER_EVERY_S
    busy = live.face_meter_period(speaking=False, busy=True)
    handlers._read_face(state, frame, 1.5, busy)  # answering a turn: the busy period applies
    assert len(reads) == 2
    state.face_read_at -= live.FACE_METER_BUSY_EVERY_S
    handlers._read_face(state, frame, 2.0, busy)
    handlers._read_face(state, frame, 2.0)  # the same frame is never read twice
    assert len(reads) == 3
    assert busy == live.FACE_METER_BUSY_EVERY_S > live.FACE_METER_IDLE_EVERY_S > live.FACE_METER_EVERY_S
    assert live.face_meter_period(speaking=False, busy=False) == live.FACE_METER_IDLE_EVERY_S
    assert live.face_meter_period(speaking=True, busy=False) == live.FACE_METER_EVERY_S


def _evidence() -> Evidence:
    off = ModalityEvidence(available=False)
    return Evidence(
        source="turn",
        duration_s=1.0,
        transcript="hello there",
        modalities=Modalities(text=off, audio=off, video=off),
    )


def _forecast() -> EmotionForecast:
    probs = {"joy": 0.7, "neutral": 0.3}
    return EmotionForecast(emotion="joy", probs=probs, confidence=0.7, agreement=1.0, fused_probs=probs)


def scripted_runner(clip, cancel):
    """Stands in for the pipeline (control flow of the tick handler only)."""
    yield RunStarted(run_id="r1")
    yield EvidenceReady(evidence=_evidence())
    yield StageFinished(stage="forecast", output=_forecast(), summary="joy")
    yield RunFinished(reply="Good to hear.", emotion="joy", strategy="Question", rounds=0, all_passed=True)


def _answer_a_turn(session: LiveSession) -> None:
    """A detected turn queued as push_audio would queue it, run to its end by the session's worker."""
    with session._lock:
        session.buffer.add_audio(16000, np.zeros(48000, np.float32), now=0.0)
        session._enqueue(
            TurnSpan(start_s=0.5, end_s=2.0, reason="pause", detected_s=2.8), now=time.monotonic()
        )
    deadline = time.monotonic() + 10
    while session.busy and time.monotonic() < deadline:
        time.sleep(0.02)


def test_tick_drains_a_turn_into_chat_timeline_plot_and_then_sleeps(tmp_path):
    """Scripted runner: the timer handler's wiring from session events to the six outputs."""
    from mer_agents.ui import live

    registry = LiveRegistry()
    handlers = LiveHandlers(Settings(), backend=object(), registry=registry)
    request = SimpleNamespace(session_hash="abc")
    session = LiveSession(scripted_runner, LiveSettings(), workdir=tmp_path / "s")
    state = registry.get_or_create("abc", lambda: session)
    state.recording = True
    _answer_a_turn(session)
    out = handlers.tick(request)  # unbound handlers: the update keyed by output name
    assert out["view"] >= 1 and not set(LiveHandlers.VIEW_OUTPUTS) & out.keys()  # the meters' event: no view
    view = handlers.show_view(request)  # what the `view` State's change event sends
    chat, timeline, preview, plot = view["chat"], view["timeline"], out["preview"], view["trajectory"]
    assert chat[0]["content"] == "hello there" and chat[1]["content"].startswith("Good to hear.")
    assert "Emotion forecaster" in timeline
    assert isinstance(plot, type(trajectory_figure([]))) and len(plot.data) >= 1
    assert "listening" in preview
    # still recording, nothing said or answered: the timer stays on at the idle period, said once
    assert out["timer"].active is True and out["timer"].value == live.TICK_IDLE_S > live.TICK_S
    again = handlers.tick(request)
    assert not {"preview", "timer", "view"} & again.keys()  # nothing changed, nothing re-sent
    assert handlers.show_view(request) == {}
    # speech or a turn being answered brings the quick period back (on_start also starts at it)
    assert live.tick_period(speaking=True, busy=False) == live.tick_period(False, True) == live.TICK_S
    assert handlers.on_start(1.0, 20.0, "queue", request).value == live.TICK_S == state.tick_s
    handlers.on_stop(request)
    assert handlers.tick(request)["timer"].active is False  # not recording, nothing running: stop ticking
    handlers.on_unload(request)
    assert registry.get("abc") is None and session.closed and not (tmp_path / "s").exists()


def test_registry_creates_once_per_session_under_concurrency(tmp_path):
    registry = LiveRegistry()
    made = []

    def make():
        made.append(1)
        time.sleep(0.01)
        return LiveSession(scripted_runner, workdir=tmp_path / f"s{len(made)}")

    threads = [threading.Thread(target=registry.get_or_create, args=("k", make)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 1 and len(registry) == 1
    registry.close("k")
    assert len(registry) == 0


def test_the_tab_mounts_streams_timer_and_unload_in_a_blocks():
    with gr.Blocks() as demo:
        parts = build_live_tab(Settings(), backend=object())
    assert parts["camera"].streaming and parts["mic"].streaming
    fns = list(demo.fns.values())
    streams = [f for f in fns if any(t[1] == "stream" for t in f.targets)]
    assert len(streams) == 2 and all(f.concurrency_limit >= 1 for f in streams)
    assert {f.stream_every for f in streams} == {0.5}
    assert any(t[1] == "unload" for f in fns for t in f.targets)
    assert any(t[1] == "tick" for f in fns for t in f.targets)


def test_a_refused_microphone_chunk_is_said_in_the_meters(tmp_path):
    """A chunk with an implausible sample rate never reaches the buffer; the page says why."""
    registry = LiveRegistry()
    handlers = LiveHandlers(Settings(), backend=object(), registry=registry)
    request = SimpleNamespace(session_hash="mic")
    session = LiveSession(
        scripted_runner,
        LiveSettings(),
        vad=lambda a: np.zeros(a.size // 512, np.float32),
        workdir=tmp_path / "s",
    )
    state = registry.get_or_create("mic", lambda: session)
    handlers.on_audio((1, np.zeros(4096, np.int16)), request)
    assert session.buffer.audio_end_s == 0
    preview = handlers.tick(request)["preview"]
    assert "Microphone audio refused: audio chunk has an invalid sample rate (1 Hz)" in preview
    handlers.on_audio((16000, np.zeros(8000, np.int16)), request)
    assert state.audio_note == "" and session.buffer.audio_end_s == 0.5
    assert "refused" not in handlers.tick(request).get("preview", "")
    registry.close("mic")


def test_a_chunk_after_the_tab_closed_does_not_reopen_its_session(tmp_path):
    """Gradio can deliver a stream chunk queued before the tab's unload after it (CI's browser test kept one
    session): the registry refuses to make the closed tab's session again; a reset tab streams on."""
    registry = LiveRegistry()
    handlers = LiveHandlers(Settings(), backend=object(), registry=registry)
    made = []

    def make():
        made.append(LiveSession(scripted_runner, workdir=tmp_path / f"s{len(made)}"))
        return made[-1]

    handlers._make_session = make
    request = SimpleNamespace(session_hash="tab")
    handlers.on_frame(np.zeros((8, 8, 3), np.uint8), request)
    assert len(registry) == 1
    handlers.on_reset(request)  # a new conversation in the same tab: the next chunk starts a session
    handlers.on_frame(np.zeros((8, 8, 3), np.uint8), request)
    assert len(registry) == 1 and len(made) == 2
    handlers.on_unload(request)
    handlers.on_audio((16000, np.zeros(8000, np.int16)), request)
    handlers.on_frame(np.zeros((8, 8, 3), np.uint8), request)
    assert len(registry) == 0 and len(made) == 2 and all(s.closed for s in made)
    with pytest.raises(gr.Error, match="reload the page"):
        handlers.on_start(0.8, 20.0, "off", request)


def test_a_live_turn_writes_its_trace_also_when_it_fails(tmp_path):
    """Scripted runner (control flow only; the live browser test runs the real pipeline through the same
    wrapper): the turn's events pass through unchanged and are written as trace-<time>-<run id>.json; a run
    that breaks half way still leaves its trace."""
    import json

    from mer_agents.ui.trace_io import traced

    settings = Settings(trace_dir=tmp_path)
    events = list(traced(scripted_runner(None, None), settings))
    assert [e.kind for e in events] == ["run_started", "evidence", "stage_finished", "run_finished"]
    (first,) = tmp_path.glob("trace-*-r1.json")
    written = json.loads(first.read_text())
    assert [e["kind"] for e in written["events"]] == [e.kind for e in events]

    def breaks(clip, cancel):
        yield RunStarted(run_id="r2")
        raise RuntimeError("the worker died")

    with pytest.raises(RuntimeError):
        list(traced(breaks(None, None), settings))
    (second,) = tmp_path.glob("trace-*-r2.json")
    broken = json.loads(second.read_text())
    assert [e["kind"] for e in broken["events"]] == ["run_started", "run_failed"]
    assert broken["ended"] == "error" and "the worker died" in broken["error"]


def test_the_page_head_joins_microphone_chunks_to_the_stream_period():
    """The <script> app.launch puts in the page (ui/mic_batch.js) with the period of AUDIO_STREAM_EVERY_S;
    the browser test checks what it does (about 2 chunks a second reach the server, not 10)."""
    from mer_agents.ui import live

    head = live.page_head()
    assert head.startswith("<script>") and head.rstrip().endswith("</script>")
    assert "__BATCH_MS__" not in head
    assert f"const BATCH_MS = {round(live.AUDIO_STREAM_EVERY_S * 1000)};" in head
    assert 'type !== "dataavailable"' in head  # only the recorder's data events are wrapped


def test_a_new_conversation_never_reuses_a_view_number(tmp_path):
    """Scripted runner: after "New conversation" the page's `view` State still holds the last number it got;
    the new conversation's first number must differ from it, or its chat would never reach the page."""
    registry = LiveRegistry()
    handlers = LiveHandlers(Settings(), backend=object(), registry=registry)
    request = SimpleNamespace(session_hash="new")
    numbers = []
    for conversation in range(2):
        session = LiveSession(scripted_runner, LiveSettings(), workdir=tmp_path / f"s{conversation}")
        registry.get_or_create("new", lambda session=session: session).recording = True
        _answer_a_turn(session)
        numbers.append(handlers.tick(request)["view"])
        assert handlers.show_view(request)["chat"][1]["content"].startswith("Good to hear.")
        handlers.on_reset(request)  # "New live conversation": the session and its state are closed
    assert numbers[1] != numbers[0]
