"""The Live tab: talk to the demo through the webcam and microphone.

Gradio's own streaming inputs feed a per-browser-session `LiveSession` (mer_agents/live/): the microphone
stream handler appends the chunk and runs the VAD (a few ms), the webcam handler keeps a frame; neither
returns outputs, so the streams never wait on the UI. A turn that ends runs the ordinary pipeline in the
session's worker thread. A `gr.Timer`, active only while the person is streaming or a reply is on its way,
drains the new timeline events into the conversation, the turn's timeline, the spoken reply and the
emotion-trajectory plot, and refreshes the face/voice meters; the first four reach the page through a
State's change event, only when they changed (LiveHandlers.tick says why).

Sessions live in a registry keyed by Gradio's session hash (both streams and the timer of one tab reach the
same object without racing to create it); `demo.unload` closes a tab's session, and idle ones are reaped.
"""

from __future__ import annotations

import html
import itertools
import logging
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import gradio as gr
import numpy as np
import plotly.graph_objects as go
from gradio.context import Context

from mer_agents.config import Settings
from mer_agents.errors import MerError
from mer_agents.events import Event
from mer_agents.labels import EMOTIONS
from mer_agents.live import LiveSession, LiveSettings, LiveTurn
from mer_agents.perception.media import downscale
from mer_agents.runs import CANCELLED_MESSAGE, MODEL_SLOT
from mer_agents.types import Evidence
from mer_agents.ui import tts
from mer_agents.ui.handlers import DRAFT_MARK, ENDED_UNSEEN, chat_text, keyed, new_trace, write_trace
from mer_agents.ui.plots import EMOTION_COLOURS
from mer_agents.ui.timeline import TIMELINE_CSS, TimelineView, apply, render_html

log = logging.getLogger(__name__)

AUDIO_STREAM_EVERY_S = 0.5  # microphone chunk period: turn-end latency is pause_s plus at most this
# Gradio's Audio streams every 0.1 s whatever stream_every says; the page joins its chunks to the period above
# (mic_batch.js, in the page's head: app.launch). Idle Live tab, bench live: 22-25 % of a core at 0.1 s.
MIC_BATCH_JS = Path(__file__).with_name("mic_batch.js")
VIDEO_STREAM_EVERY_S = 0.5  # webcam frame period (LiveSettings.frame_fps keeps 2 per second)
TICK_S = 0.35  # UI refresh while someone speaks or a turn is answered: meters, events, replies
# ... and while nothing is said or answered: each refresh is a Gradio request (queue, pre/postprocess, HTTP),
# and at TICK_S they were a fifth of idle streaming's CPU (bench live, quiet: 29 % of a core at 0.35 s vs
# 23 % at 1 s). Speech brings TICK_S back within a second; the end of a turn is detected in on_audio.
TICK_IDLE_S = 1.0
MAX_LIVE_SESSIONS = 4  # browser tabs streaming at once (each stream holds a queue slot while it runs)
TICK_CONCURRENCY = 8
IDLE_CLOSE_S = 600.0  # a session with no stream and no run for this long is closed
GONE_KEEP_S = 3600.0  # how long a closed tab's key is remembered, so a late stream chunk does not reopen it
STALE_STREAM_S = 2.0  # no audio for this long while speech was in progress: the stream ended, close the turn
LEVEL_FLOOR_DB = -70.0
FACE_TOP = 3
# The face meter is a glance, not evidence (a turn's clip is read in full by perception): it reads the newest
# frame at most once a second while the person speaks, every two seconds while nothing happens (a py-spy
# profile of idle streaming: still the largest handler cost, 8 % of a core at once a second), and once every
# few seconds while a turn is being answered, so that on two
# cores it does not take the CPU the turn's models need (bench live: the meter was the largest part of idle
# streaming, and it ran at the camera's 2 frames per second through every answer).
FACE_METER_EVERY_S = 1.0  # while the person speaks
FACE_METER_IDLE_EVERY_S = 2.0  # nothing said or answered
FACE_METER_BUSY_EVERY_S = 5.0
FACE_PREVIEW_SIDE = 320  # the meter reads at most this size (Haar cost grows with pixels; 240 px missed some)
LOW_COVERAGE = 0.85  # below this share of streamed audio received, the meters warn
VIEW_VERSIONS = itertools.count(1)  # the numbers tick() gives the `view` State (LiveHandlers.tick)


# ----------------------------------------------------------------------------------------- registry


@dataclass
class LiveState:
    """One browser tab: the live session, its dialogue, and what the page last showed."""

    session: LiveSession
    views: dict[int, TimelineView] = field(default_factory=dict)
    recording: bool = False
    spoken: set[int] = field(default_factory=set)
    shown: dict[str, Any] = field(default_factory=dict)
    face_t: float | None = None
    face_read_at: float = float("-inf")  # monotonic time of the meter's last reading
    face: dict[str, float] | None = None
    face_note: str = "camera off"
    n_plotted: int = -1
    audio_note: str = ""  # why the last microphone chunk was refused ("" once one is accepted)
    tick_s: float = TICK_S  # the refresh period the page's timer was last given
    view: dict[str, Any] = field(default_factory=dict)  # chat/timeline/plot/audio updates not yet shown
    lock: threading.Lock = field(default_factory=threading.Lock)


def tick_period(speaking: bool, busy: bool) -> float:
    return TICK_S if speaking or busy else TICK_IDLE_S


def face_meter_period(speaking: bool, busy: bool) -> float:
    if busy:
        return FACE_METER_BUSY_EVERY_S
    return FACE_METER_EVERY_S if speaking else FACE_METER_IDLE_EVERY_S


class LiveRegistry:
    """Per-session live state keyed by Gradio's session hash; closes what a tab leaves behind."""

    def __init__(self) -> None:
        self._states: dict[str, LiveState] = {}
        self._gone: dict[str, float] = {}  # tabs that were closed (unload) -> when
        self._lock = threading.Lock()

    def get(self, key: str) -> LiveState | None:
        with self._lock:
            return self._states.get(key)

    def get_or_create(self, key: str, make) -> LiveState | None:
        """The tab's state, made on its first stream chunk; None for a tab that was closed.

        A chunk Gradio queued before the tab's unload can arrive after it: reopening would leak a session.
        """
        with self._lock:
            if key in self._gone:
                return None
            state = self._states.get(key)
            if state is None or state.session.closed:
                self._reap_locked()
                state = LiveState(session=make())
                self._states[key] = state
            return state

    def close(self, key: str, gone: bool = False) -> None:
        """Close the tab's session; `gone` (the tab itself closed) also refuses to make it again."""
        with self._lock:
            state = self._states.pop(key, None)
            if gone:
                now = time.monotonic()
                self._gone = {k: t for k, t in self._gone.items() if now - t < GONE_KEEP_S}
                self._gone[key] = now
        if state is not None:
            state.session.close()

    def states(self) -> list[LiveState]:
        with self._lock:
            return list(self._states.values())

    def close_all(self) -> None:
        with self._lock:
            states, self._states = list(self._states.values()), {}
        for state in states:
            state.session.close()

    def _reap_locked(self) -> None:
        now = time.monotonic()
        for key, state in list(self._states.items()):
            if not state.session.busy and now - state.session.last_active > IDLE_CLOSE_S:
                del self._states[key]
                state.session.close()

    def __len__(self) -> int:
        with self._lock:
            return len(self._states)


REGISTRY = LiveRegistry()


# ------------------------------------------------------------------------------------- pure views


def chat_messages(
    turns: list[LiveTurn], views: dict[int, TimelineView] | None = None
) -> list[dict[str, str]]:
    """The live conversation: what the person said (once transcribed) and the reply or what became of it;
    while a reply is on its way, the latest draft of its run (`views`: each turn's timeline), marked as one,
    so the person reads a reply before the audit ends (issue #14).

    Every text is escaped (handlers.chat_text): the Chatbot would otherwise render it as HTML.
    """
    views = views or {}
    messages: list[dict[str, str]] = []
    for turn in turns:
        said = turn.transcript.strip() or f"(turn {turn.id}: {turn.span.duration_s:.1f} s of speech)"
        messages.append({"role": "user", "content": chat_text(said)})
        if turn.status == "done":
            tag = " · ".join(x for x in (turn.emotion, turn.strategy) if x)
            reply = turn.reply + (f"\n\n[{tag}]" if tag else "")
        elif turn.status in ("failed", "cancelled"):
            reply = f"({turn.status}: {turn.error})"
        elif turn.status == "running" and turn.id in views and views[turn.id].draft:
            reply = f"{DRAFT_MARK} {views[turn.id].draft}"
        else:
            reply = "…" if turn.status == "running" else "(waiting)"
        messages.append({"role": "assistant", "content": chat_text(reply)})
    return messages


def turn_probs(view: TimelineView) -> dict[str, float] | None:
    """The turn's final emotion distribution: the last forecast, else the fused perception evidence."""
    if view.forecasts:
        return dict(view.forecasts[max(view.forecasts)].probs)
    return None


def trajectory_figure(points: list[tuple[int, dict[str, float]]]) -> go.Figure:
    """Emotion over the conversation: one point per finished turn, one line per emotion."""
    fig = go.Figure()
    title = "Emotion over the conversation"
    if not points:
        fig.update_layout(
            title=title,
            height=300,
            xaxis={"visible": False},
            yaxis={"visible": False},
            annotations=[
                {
                    "text": "a point appears for each answered turn",
                    "showarrow": False,
                    "xref": "paper",
                    "yref": "paper",
                    "x": 0.5,
                    "y": 0.5,
                }
            ],
        )
        return fig
    xs = [turn_id for turn_id, _ in points]
    for label in EMOTIONS:
        ys = [probs.get(label, 0.0) for _, probs in points]
        if max(ys) >= 0.05:
            fig.add_trace(
                go.Scatter(
                    x=xs, y=ys, name=label, mode="lines+markers", line={"color": EMOTION_COLOURS[label]}
                )
            )
    fig.update_layout(
        title=title,
        height=300,
        margin={"t": 50, "l": 40, "r": 10, "b": 40},
        xaxis={"title": "turn", "tickmode": "array", "tickvals": xs},
        yaxis={"title": "p", "range": [0, 1]},
    )
    return fig


def level_percent(db: float) -> int:
    return round(100 * min(1.0, max(0.0, (db - LEVEL_FLOOR_DB) / -LEVEL_FLOOR_DB)))


def preview_html(
    level_db: float,
    speaking: bool,
    status: str,
    face: dict[str, float] | None,
    face_note: str,
    coverage: float | None = None,
    audio_note: str = "",
) -> str:
    """The meters: voice energy, speech state, the current facial expression (our own labels and numbers)."""
    esc = html.escape
    rows = [
        (
            f'<div class="live-row"><span class="live-key">voice</span>'
            f'<span class="live-bar"><span style="width:{level_percent(level_db)}%"></span></span>'
            f'<span class="live-val">{level_db:.0f} dBFS</span></div>'
        ),
        (
            f'<div class="live-row"><span class="live-key">state</span><span class="live-state" '
            f'data-speaking="{str(speaking).lower()}">{esc(status)}</span></div>'
        ),
    ]
    if face:
        for label, p in sorted(face.items(), key=lambda kv: -kv[1])[:FACE_TOP]:
            rows.append(
                f'<div class="live-row"><span class="live-key">face: {esc(label)}</span>'
                f'<span class="live-bar face"><span style="width:{round(100 * p)}%"></span></span>'
                f'<span class="live-val">{p:.2f}</span></div>'
            )
    else:
        rows.append(
            f'<div class="live-row"><span class="live-key">face</span><span>{esc(face_note)}</span></div>'
        )
    if coverage is not None and coverage < LOW_COVERAGE:
        rows.append(
            f'<div class="live-warn">The server is busy and received only {100 * coverage:.0f}% of '
            "the microphone audio: turns may be cut short.</div>"
        )
    if audio_note:
        rows.append(f'<div class="live-warn">{esc(audio_note)}</div>')
    return f'<div class="live-preview">{"".join(rows)}</div>'


LIVE_CSS = """
.live-preview { font-size: 0.9em; display: grid; gap: 4px; }
.live-row { display: grid; grid-template-columns: 8.5em 1fr 5.5em; gap: 8px; align-items: center; }
.live-bar { height: 10px; background: #e5e7eb; border-radius: 5px; overflow: hidden; display: block; }
.live-bar > span { display: block; height: 100%; background: #10b981; }
.live-bar.face > span { background: #6366f1; }
.live-state[data-speaking="true"] { color: #b91c1c; font-weight: 600; }
.live-warn { color: #b45309; }
"""


def status_text(state: LiveState) -> str:
    session = state.session
    running = [t for t in session.turns if t.status == "running"]
    waiting = [t for t in session.turns if t.status == "queued"]
    if session.detector.speaking:
        return "speaking…" + (" (a reply is on its way)" if running else "")
    if running and running[-1].waiting_for_model:
        return f"turn {running[-1].id} is waiting for the model (another run is using it)"
    if running:
        return f"thinking about turn {running[-1].id}…" + (f" ({len(waiting)} waiting)" if waiting else "")
    if waiting:
        return f"turn {waiting[0].id} is waiting"
    return "listening" if state.recording else "press record on the microphone to talk"


# ------------------------------------------------------------------------------------------ handlers


class LiveHandlers:
    """The Live tab's event handlers; one instance per app, state per browser session in REGISTRY."""

    TICK_OUTPUTS = ("preview", "timer", "view")  # what tick() may update, every TICK_S / TICK_IDLE_S ...
    VIEW_OUTPUTS = ("chat", "timeline", "reply_audio", "trajectory")  # ... and show_view(), when they change
    OUTPUTS = TICK_OUTPUTS + VIEW_OUTPUTS

    def __init__(
        self,
        settings: Settings,
        backend: Any = None,
        live_settings: LiveSettings | None = None,
        registry: LiveRegistry = REGISTRY,
    ):
        self.settings = settings
        self.backend = backend
        self.live_settings = live_settings or LiveSettings()
        self.registry = registry
        self.components: dict[str, Any] = {}  # OUTPUTS by name, once the tab is laid out (bind)

    def bind(self, components: dict[str, Any]) -> None:
        self.components = components

    # -- session
    def _backend(self) -> Any:
        if self.backend is None:
            from mer_agents.backends.shared import shared_backend

            self.backend = shared_backend(self.settings)
        return self.backend

    def _make_session(self) -> LiveSession:
        from mer_agents.session import Session

        conversation = Session(self._backend(), self.settings)

        def runner(clip: str, cancel: threading.Event, evidence: Evidence | None = None):
            return traced(conversation.run(clip=clip, evidence=evidence, cancel=cancel), self.settings)

        # The app's one model slot: a live turn waits while a clip run, an example or an API call runs.
        return LiveSession(
            runner,
            self.live_settings,
            run_slots=MODEL_SLOT,
            perceive=conversation.perceive if self.settings.live_read_ahead else None,
        )

    def _state(self, request: gr.Request | None) -> LiveState | None:
        """The tab's state; None once the tab was closed (a chunk that arrived after its unload)."""
        return self.registry.get_or_create(_key(request), self._make_session)

    # -- streams (cheap, no outputs)
    def on_audio(self, chunk: tuple[int, np.ndarray] | None, request: gr.Request) -> None:
        if chunk is None:
            return
        state = self._state(request)
        if state is None:
            return
        state.recording = True
        try:
            if not isinstance(chunk, tuple) or len(chunk) != 2:
                raise MerError("audio chunk is not a (sample rate, samples) pair")
            sample_rate, samples = chunk
            state.session.push_audio(sample_rate, samples)
        except MerError as exc:
            log.warning("live audio chunk refused: %s", exc)
            state.audio_note = f"Microphone audio refused: {exc}"
        else:
            state.audio_note = ""

    def on_frame(self, frame: np.ndarray | None, request: gr.Request) -> None:
        if frame is None:
            return
        state = self._state(request)
        if state is None:
            return
        try:
            state.session.push_frame(frame)
        except MerError as exc:
            log.warning("live frame refused: %s", exc)

    def on_start(self, pause_s: float, max_turn_s: float, barge_in: str, request: gr.Request) -> Any:
        state = self._state(request)
        if state is None:
            raise gr.Error("This page's live session was closed; reload the page.", print_exception=False)
        try:
            settings = self.live_settings.model_copy(update={})
            settings = LiveSettings.model_validate(
                {
                    **settings.model_dump(),
                    "pause_s": float(pause_s),
                    "max_turn_s": float(max_turn_s),
                    "barge_in": barge_in,
                }
            )
        except Exception as exc:  # noqa: BLE001 - pydantic explains what is out of range
            raise gr.Error(f"Invalid live settings: {exc}", print_exception=False) from None
        state.session.update_settings(settings)
        state.recording = True
        state.tick_s = TICK_S
        return gr.Timer(value=TICK_S, active=True)

    def on_stop(self, request: gr.Request) -> None:
        state = self.registry.get(_key(request))
        if state is not None:
            state.recording = False
            state.session.end_stream()

    def on_unload(self, request: gr.Request) -> None:
        self.registry.close(_key(request), gone=True)

    def on_reset(self, request: gr.Request) -> Any:
        self.registry.close(_key(request))
        return keyed(
            {
                "chat": [],
                "timeline": render_html(TimelineView()),
                "preview": preview_html(-100.0, False, "new conversation", None, "camera off"),
                "reply_audio": None,
                "trajectory": trajectory_figure([]),
            },
            self.components,
        )

    # -- the timer: everything the page shows
    def tick(self, request: gr.Request) -> Any:
        """What changed on the meters (keyed by TICK_OUTPUTS name; an output left out keeps its value), and
        a new `view` number when the conversation, timeline, plot or spoken reply changed: its State's change
        event then sends those (show_view).

        Why two events: Gradio handles an output a function leaves out (gr.skip()) by building that
        component again, with its configuration; for the chat, the timeline, the audio and the plot that cost
        14-15 ms a tick on this machine (every 0.35 s while someone speaks or a turn is answered), though
        they change only with a turn's events. A State's value costs nothing to leave out."""
        state = self.registry.get(_key(request))
        if state is None:
            return keyed({"timer": gr.Timer(active=False)}, self.components)
        with state.lock:
            out = self._refresh(state)
            view = {name: out.pop(name) for name in self.VIEW_OUTPUTS if name in out}
            if view:
                state.view.update(view)
                # unique in the process: after "New conversation" the page's State still holds the old number
                out["view"] = next(VIEW_VERSIONS)
            return keyed(out, self.components)

    def show_view(self, request: gr.Request) -> Any:
        """The conversation, timeline, plot and spoken reply that changed since the last call (keyed by
        VIEW_OUTPUTS name), gathered by tick()."""
        state = self.registry.get(_key(request))
        if state is None:
            return keyed({}, self.components)
        with state.lock:
            view, state.view = state.view, {}
            return keyed(view, self.components)

    def _refresh(self, state: LiveState) -> dict[str, Any]:
        out: dict[str, Any] = {}
        session = state.session
        now = time.monotonic()
        stale = session.last_audio is not None and now - session.last_audio > STALE_STREAM_S
        if session.detector.speaking and stale:
            session.end_stream()  # the microphone stream died mid-sentence: answer what was said
        for turn_id, event in session.poll():
            apply(state.views.setdefault(turn_id, TimelineView()), event)
        turns = list(session.turns)

        self._changed(state, out, "chat", chat_messages(turns, state.views))
        if turns:
            current = next((t for t in reversed(turns) if t.id in state.views), turns[-1])
            self._changed(state, out, "timeline", render_html(state.views.get(current.id, TimelineView())))

        finished = [t for t in turns if t.status == "done" and t.id not in state.spoken]
        if finished:
            state.spoken.update(t.id for t in finished)
            spoken = self._speak(finished[-1])
            if spoken is not None:
                out["reply_audio"] = spoken

        done = [
            (t.id, turn_probs(state.views[t.id])) for t in turns if t.status == "done" and t.id in state.views
        ]
        points = [(i, p) for i, p in done if p is not None]
        if len(points) != state.n_plotted:
            state.n_plotted = len(points)
            out["trajectory"] = trajectory_figure(points)

        preview = session.preview()
        self._read_face(
            state, preview.frame, preview.frame_t, face_meter_period(preview.speaking, preview.busy)
        )
        self._changed(
            state,
            out,
            "preview",
            preview_html(
                preview.level_db,
                preview.speaking,
                status_text(state),
                state.face,
                state.face_note,
                preview.coverage,
                state.audio_note,
            ),
        )

        if not state.recording and not preview.busy and not preview.speaking:
            out["timer"] = gr.Timer(active=False)
        elif (period := tick_period(preview.speaking, preview.busy)) != state.tick_s:
            state.tick_s = period
            out["timer"] = gr.Timer(value=period, active=True)
        return out

    @staticmethod
    def _changed(state: LiveState, out: dict[str, Any], name: str, value: Any) -> None:
        """Send `value` only when it differs from what the page last got."""
        if value != state.shown.get(name):
            out[name] = value
        state.shown[name] = value

    def _speak(self, turn: LiveTurn) -> str | None:
        if not turn.reply or not tts.tts_available():
            return None
        try:
            return str(tts.speak(turn.reply, turn.emotion or None, turn.strategy or None))
        except tts.TTSError as exc:
            log.warning("live reply not spoken: %s", exc)
            return None

    def _read_face(
        self,
        state: LiveState,
        frame: np.ndarray | None,
        frame_t: float | None,
        every: float = FACE_METER_EVERY_S,
    ) -> None:
        """Expression of the newest frame, once per new frame and at most every `every` seconds
        (face_meter_period)."""
        if frame is None:
            state.face, state.face_note = None, "camera off"
            return
        now = time.monotonic()
        if frame_t == state.face_t or now - state.face_read_at < every:
            return
        state.face_t, state.face_read_at = frame_t, now
        try:
            state.face, state.face_note = face_expression(frame)
        except MerError as exc:
            state.face, state.face_note = None, str(exc)


def traced(events: Iterator[Event], settings: Settings) -> Iterator[Event]:
    """A live turn's events, passed through and written as its trace to Settings.trace_dir when the run ends,
    finished, failed or stopped (as a clip run's trace is: handlers.write_trace); a turn stopped or broken
    before its final event ends in RunFailed saying so."""
    trace, run_id = new_trace(), ""
    try:
        for event in events:
            trace.add(event)
            run_id = run_id or getattr(event, "run_id", "")
            yield event
        trace.end(ENDED_UNSEEN, "error")  # the turn's run ended without saying how
    except GeneratorExit:  # the turn was stopped (a barge-in, a closed conversation)
        trace.end(CANCELLED_MESSAGE, "cancelled")
        raise
    except Exception as exc:
        trace.end(f"Internal error ({exc.__class__.__name__}): {exc}", "error")
        raise
    finally:
        write_trace(trace, settings, run_id or f"live-{int(time.time() * 1000)}")


def page_head() -> str:
    """The <script> the page needs for the Live tab's microphone (launch(head=...))."""
    js = MIC_BATCH_JS.read_text().replace("__BATCH_MS__", str(round(AUDIO_STREAM_EVERY_S * 1000)))
    return f"<script>\n{js}</script>\n"


def face_expression(frame: np.ndarray) -> tuple[dict[str, float] | None, str]:
    """(probabilities over the 7 emotions of the largest face, note); (None, why) without a face."""
    from mer_agents.perception.face import face_evidence

    reading, _flags = face_evidence([downscale(frame, FACE_PREVIEW_SIDE)], [0.0], 1.0)
    if not reading.available:
        return None, "no face in view"
    return dict(reading.probs), ""


def _key(request: gr.Request | None) -> str:
    return getattr(request, "session_hash", None) or "local"


# --------------------------------------------------------------------------------------------- layout


def build_live_tab(
    settings: Settings | None = None,
    backend: Any = None,
    live_settings: LiveSettings | None = None,
    demo: gr.Blocks | None = None,
) -> dict[str, Any]:
    """Mount the Live tab inside the current `gr.Blocks` (call it within `with gr.Blocks() as demo:`).

    Returns the tab's components by name (for tests and for wiring elsewhere).
    """
    settings = settings or Settings.from_env()
    live_settings = live_settings or LiveSettings()
    handlers = LiveHandlers(settings, backend, live_settings)
    with gr.Tab("Live", id="live", elem_id="live-tab"):
        gr.Markdown(
            "Talk to the demo: turn on the camera, press **Record** on the microphone and speak. A "
            f"pause of {live_settings.pause_s:g} s ends your turn; the reply appears below with its "
            "timeline."
        )
        with gr.Row(equal_height=False):
            with gr.Column(scale=4, min_width=320):
                camera = gr.Image(
                    sources=["webcam"],
                    streaming=True,
                    type="numpy",
                    label="Camera",
                    elem_id="live-camera",
                    height=240,
                )
                mic = gr.Audio(
                    sources=["microphone"],
                    streaming=True,
                    type="numpy",
                    label="Microphone",
                    elem_id="live-mic",
                )
                preview = gr.HTML(
                    preview_html(-100.0, False, "press record on the microphone to talk", None, "camera off"),
                    css_template=LIVE_CSS,
                    elem_id="live-preview",
                )
                with gr.Accordion("Live settings", open=False):
                    pause = gr.Slider(
                        0.3, 3.0, value=live_settings.pause_s, step=0.1, label="Pause that ends a turn (s)"
                    )
                    max_turn = gr.Slider(
                        3, 60, value=live_settings.max_turn_s, step=1, label="Longest turn (s)"
                    )
                    barge_in = gr.Radio(
                        ["queue", "cancel"],
                        value=live_settings.barge_in,
                        label="Speaking during a reply",
                        info="queue: keep it for the next turn; cancel: stop the reply",
                    )
                new_chat = gr.Button("New live conversation", elem_id="live-reset")
            with gr.Column(scale=6, min_width=420):
                # Texts arrive escaped (chat_text): shown as said, never as HTML or math.
                chat = gr.Chatbot(
                    label="Live conversation",
                    height=300,
                    render_markdown=False,
                    latex_delimiters=[],
                    elem_id="live-chat",
                )
                reply_audio = gr.Audio(
                    label="Spoken reply",
                    type="filepath",
                    interactive=False,
                    autoplay=True,
                    elem_id="live-reply-audio",
                )
                timeline = gr.HTML(
                    render_html(TimelineView()),
                    css_template=TIMELINE_CSS,
                    elem_id="live-timeline",
                    label="Timeline of the latest turn",
                )
        trajectory = gr.Plot(trajectory_figure([]), elem_id="live-trajectory")
        timer = gr.Timer(TICK_S, active=False)
        view = gr.State(0)  # tick() bumps it when the chat, timeline, plot or audio changed
    handlers.bind(
        {
            "chat": chat,
            "timeline": timeline,
            "preview": preview,
            "reply_audio": reply_audio,
            "trajectory": trajectory,
            "timer": timer,
            "view": view,
        }
    )

    stream_args = {
        "concurrency_limit": MAX_LIVE_SESSIONS,
        "show_progress": "hidden",
        "api_visibility": "private",
    }
    mic.stream(handlers.on_audio, [mic], None, stream_every=AUDIO_STREAM_EVERY_S, **stream_args)
    camera.stream(handlers.on_frame, [camera], None, stream_every=VIDEO_STREAM_EVERY_S, **stream_args)
    mic.start_recording(
        handlers.on_start, [pause, max_turn, barge_in], [timer], queue=False, api_visibility="private"
    )
    mic.stop_recording(handlers.on_stop, None, None, queue=False, api_visibility="private")
    refresh_args = {
        "concurrency_limit": TICK_CONCURRENCY,
        "show_progress": "hidden",
        "api_visibility": "private",
    }
    outputs = handlers.components
    timer.tick(handlers.tick, None, [outputs[name] for name in LiveHandlers.TICK_OUTPUTS], **refresh_args)
    view.change(
        handlers.show_view, None, [outputs[name] for name in LiveHandlers.VIEW_OUTPUTS], **refresh_args
    )
    new_chat.click(
        handlers.on_reset,
        None,
        [chat, timeline, preview, reply_audio, trajectory],
        queue=False,
        api_visibility="private",
    )
    root = demo or Context.root_block
    if root is not None:
        root.unload(handlers.on_unload)
    return {
        "camera": camera,
        "mic": mic,
        "preview": preview,
        "chat": chat,
        "reply_audio": reply_audio,
        "timeline": timeline,
        "trajectory": trajectory,
        "timer": timer,
        "handlers": handlers,
        "pause": pause,
        "max_turn": max_turn,
        "barge_in": barge_in,
    }
