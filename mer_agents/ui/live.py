"""The Live tab: talk to the demo through the webcam and microphone.

Gradio's own streaming inputs feed a per-browser-session `LiveSession` (mer_agents/live/): the microphone
stream handler appends the chunk and runs the VAD (a few ms), the webcam handler keeps a frame; neither
returns outputs, so the streams never wait on the UI. A turn that ends runs the ordinary pipeline in the
session's worker thread. A `gr.Timer`, active only while the person is streaming or a reply is on its way,
drains the new timeline events into the conversation, the turn's timeline, the spoken reply and the
emotion-trajectory plot, and refreshes the face/voice meters; the first four reach the page through a
State's change event, only when they changed (LiveHandlers.tick says why).

Sessions live in a registry keyed by Gradio's session hash (live_registry.py: both streams and the timer of
one tab reach the same object without racing to create it); `demo.unload` closes a tab's session, and idle
ones are reaped. The conversation, plot and meters are drawn by live_views.py; a turn's trace is written by
trace_io.traced.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from pathlib import Path
from typing import Any

import gradio as gr
import numpy as np
from gradio.context import Context

from mer_agents.config import Settings
from mer_agents.errors import MerError
from mer_agents.live import LiveSession, LiveSettings, LiveTurn
from mer_agents.perception.media import downscale
from mer_agents.runs import MODEL_SLOT
from mer_agents.types import Evidence
from mer_agents.ui import tts
from mer_agents.ui.handlers import keyed
from mer_agents.ui.live_registry import REGISTRY, TICK_S, LiveRegistry, LiveState
from mer_agents.ui.live_views import (
    LIVE_CSS,
    live_chat_messages,
    preview_html,
    status_text,
    trajectory_figure,
    turn_probs,
)
from mer_agents.ui.timeline import TIMELINE_CSS, TimelineView, apply, render_html
from mer_agents.ui.trace_io import traced

log = logging.getLogger(__name__)

AUDIO_STREAM_EVERY_S = 0.5  # microphone chunk period: turn-end latency is pause_s plus at most this
# Gradio's Audio streams every 0.1 s whatever stream_every says; the page joins its chunks to the period above
# (mic_batch.js, in the page's head: app.launch): a request every 0.1 s made an idle Live tab cost far more
# CPU in `bench live` (docs/RESULTS_LOG.md, "Streaming while idle").
MIC_BATCH_JS = Path(__file__).with_name("mic_batch.js")
VIDEO_STREAM_EVERY_S = 0.5  # webcam frame period (LiveSettings.frame_fps keeps 2 per second)
# The UI refresh while nothing is said or answered (TICK_S, live_registry.py: while someone speaks or a turn
# is answered). Each refresh is a Gradio request (queue, pre/postprocess, HTTP), and at TICK_S they were a
# large share of idle streaming's CPU in `bench live` (experiments/cpu_speed/live_read_ahead/README.md).
# Speech brings TICK_S back within a second; the end of a turn is detected in on_audio.
TICK_IDLE_S = 1.0
MAX_LIVE_SESSIONS = 4  # browser tabs streaming at once (each stream holds a queue slot while it runs)
TICK_CONCURRENCY = 8
STALE_STREAM_S = 2.0  # no audio for this long while speech was in progress: the stream ended, close the turn
# The face meter is a glance, not evidence (a turn's clip is read in full by perception): it reads the newest
# frame at most once a second while the person speaks, every two seconds while nothing happens (a profile of
# idle streaming still found it the largest handler cost at once a second), and once every few seconds while
# a turn is being answered, so that on two cores it does not take the CPU the turn's models need (bench live:
# the meter was the largest part of idle streaming, and it ran at the camera's 2 frames per second through
# every answer).
FACE_METER_EVERY_S = 1.0  # while the person speaks
FACE_METER_IDLE_EVERY_S = 2.0  # nothing said or answered
FACE_METER_BUSY_EVERY_S = 5.0
FACE_PREVIEW_SIDE = 320  # the meter reads at most this size (Haar cost grows with pixels; 240 px missed some)
VIEW_VERSIONS = itertools.count(1)  # the numbers tick() gives the `view` State (LiveHandlers.tick)


def tick_period(speaking: bool, busy: bool) -> float:
    return TICK_S if speaking or busy else TICK_IDLE_S


def face_meter_period(speaking: bool, busy: bool) -> float:
    if busy:
        return FACE_METER_BUSY_EVERY_S
    return FACE_METER_EVERY_S if speaking else FACE_METER_IDLE_EVERY_S


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
        real CPU on every tick (every 0.35 s while someone speaks or a turn is answered;
        experiments/cpu_speed/live_read_ahead/README.md), though they change only with a turn's events. A
        State's value costs nothing to leave out."""
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

        self._changed(state, out, "chat", live_chat_messages(turns, state.views))
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
