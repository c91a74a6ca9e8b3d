"""Gradio event handlers: the pipeline runs in a runs.Run (worker thread, queue, model slot); a handler drains
its events, folds them into the timeline view and yields UI updates.

Whatever ends the handler (the run finishing, Stop, a client cancelling, the browser closing) closes the run's
event stream, which cancels the run, so the worker stops at its next step and the model is free.

Every handler that runs the pipeline is a generator that yields at least every POLL_S (an idle update, or
gr.skip() for /analyze): Gradio notices a cancel or a closed connection only between two yields, and then
closes the generator. A plain function would run to its end whatever the client did.

One run at a time (runs.MODEL_SLOT), whoever started it (the Analyze button, an example, /analyze,
/analyze_stream or a Live turn). Gradio's concurrency group orders the Clip tab and the API; the slot also
covers the examples and the Live tab, and a cancelled run that has not yet reached its next check point.

The Clip tab's handlers yield dicts keyed by output name (UI_OUTPUTS); UIHandlers turns the names into the
layout's components (Gradio updates the components a dict names and leaves the others as they are).

What a run accepts is checked in validation.py, its trace written in trace_io.py, and the status line, reply
box and conversation worded in formatting.py.
"""

from __future__ import annotations

import logging
import time
import uuid
from contextlib import closing
from dataclasses import dataclass
from typing import Any, Iterator

import gradio as gr

from mer_agents import runs
from mer_agents.backends.shared import (
    backend_key,
    extra_backend,
    hold,
    register_backend,
    shared_backend,
)
from mer_agents.config import Settings
from mer_agents.errors import MerError
from mer_agents.events import RunFailed, RunFinished, TokenDelta, event_to_json
from mer_agents.ui import tts
from mer_agents.ui.formatting import chat_messages, md_escape, reply_text, status_line
from mer_agents.ui.plots import forecast_figure, modality_figure, rounds_figure
from mer_agents.ui.timeline import TimelineView, apply, build_timeline, render_html
from mer_agents.ui.trace_io import end_trace, load_trace_events, new_trace, write_trace
from mer_agents.ui.validation import check_clip, for_web, require_input, settings_from_ui

log = logging.getLogger(__name__)

POLL_S = 0.5  # how often an idle UI handler hands control back (so Stop/cancel can close it)
MIN_YIELD_GAP_S = 0.25  # token events are batched into UI updates at most this often
API_HEARTBEAT_S = 0.5  # /analyze yields gr.skip() this often while the run goes (so a cancel is seen)

try:  # Hugging Face ZeroGPU: hold a GPU only while a run goes; a no-op everywhere else.
    import spaces  # type: ignore[import-not-found]

    gpu = spaces.GPU
except ImportError:  # pragma: no cover - depends on the host

    def gpu(fn=None, **_kwargs):
        return fn if fn is not None else (lambda f: f)


# ------------------------------------------------------------------------------------------------ runs


def prepare_session(session: Any, settings: Settings, backend: Any) -> Any:
    """The conversation to continue (a new one when there is none), running with this run's settings."""
    from mer_agents.session import Session

    if not isinstance(session, Session):
        return Session(backend, settings)
    session.backend, session.settings = backend, settings
    return session


def run_backend(base: Settings, settings: Settings) -> Any:
    """The backend of a run: the app's own, or an extra model the operator allowed, loaded only when memory
    allows and released when idle (backends/shared.extra_backend)."""
    if backend_key(settings) == backend_key(base):
        return shared_backend(settings)
    return extra_backend(settings, settings.model or settings.backend)


# --------------------------------------------------------------------------------------- UI outputs

UI_OUTPUTS = (
    "timeline",
    "status",
    "reply",
    "reply_audio",
    "tts_note",
    "trace",
    "modality_plot",
    "forecast_plot",
    "rounds_plot",
    "chat",
    "session",
)
EXAMPLE_OUTPUTS = UI_OUTPUTS[:-2]  # a cached example shows a run; the conversation (chat, session) stays


def spoken_reply(view: TimelineView) -> tuple[str | None, str]:
    if not view.reply:
        return None, ""
    try:
        path, note = tts.speak_with_note(view.reply, view.emotion, view.strategy)
    except tts.TTSError as exc:
        return None, str(exc)
    return str(path), note  # the model's own voice when it has one, else espeak-ng


def _figures(view: TimelineView) -> dict[str, Any]:
    return {
        "modality_plot": modality_figure(view.evidence),
        "forecast_plot": forecast_figure(view),
        "rounds_plot": rounds_figure(view),
    }


def keyed(update: dict[str, Any], components: dict[str, Any]) -> Any:
    """A name-keyed update as Gradio takes it: keyed by the bound components (the others keep their value),
    gr.skip() when empty. Unbound (no components: a direct call, a test), the names stay."""
    if not components:
        return update
    return {components[name]: value for name, value in update.items()} if update else gr.skip()


@dataclass
class Snapshot:
    """The run as the UI should show it now."""

    view: TimelineView
    plots_changed: bool = False
    idle: bool = False
    trace_path: str | None = None
    final: bool = False
    session: Any = None
    waiting: bool = False  # the run waits for the model slot


def stream_run(
    base: Settings,
    clip: str | None,
    message: str | None,
    session: Any,
    ui_settings: dict[str, Any],
    session_key: str | None,
) -> Iterator[Snapshot]:
    """The run as snapshots; the last one is final and has the trace written (after a failure too).

    Bad input and setup errors become a failed view (never an exception), so the UI shows them in place.
    The session (a new one when None) gets the turn when the run finishes. Closed before its end (a cancelled
    request, a closed tab), it still writes the trace, ending in RunFailed(cancelled).
    """
    view = TimelineView()
    trace = new_trace()
    settings = base
    try:
        settings = settings_from_ui(base, **ui_settings)
        clip, text = require_input(check_clip(clip), message)
        session = prepare_session(session, settings, run_backend(base, settings))
    except MerError as exc:
        event = RunFailed(error=str(exc), reason="bad_input")
        trace.add(event)
        apply(view, event)
        view.run_id = f"failed-{uuid.uuid4().hex[:12]}"
        yield Snapshot(view, True, trace_path=write_trace(trace, settings, view.run_id), final=True)
        return
    run = runs.start(lambda cancel: session.run(clip=clip, text=text, cancel=cancel), session_key)
    written = False
    try:
        with hold(settings):  # an extra model is not released under its run
            yield from _snapshots(run, view, trace, settings)
        end_trace(trace, view, run)
        written = True
        path = write_trace(trace, settings, view.run_id)
        yield Snapshot(view, True, trace_path=path, final=True, session=session)
    finally:
        if not written:  # closed from outside before the end: the trace still says how the run ended
            end_trace(trace, view, run)
            write_trace(trace, settings, view.run_id)


def _snapshots(run: runs.Run, view: TimelineView, trace: Any, settings: Settings) -> Iterator[Snapshot]:
    """The run's events folded into `view` and kept in `trace`, as snapshots (not the final one)."""
    last_yield = 0.0
    plots_dirty = True
    with closing(run.events(POLL_S)) as events:
        for event in events:
            if event is None:
                if run.cancel.is_set():  # Stop during a long step: finish now; the worker stops after it
                    break
                yield Snapshot(view, idle=True, waiting=run.waiting)
                continue
            event = for_web(event, settings)
            trace.add(event)
            apply(view, event)
            if event.kind in ("evidence", "stage_finished", "audit_verdict"):
                plots_dirty = True
            if isinstance(event, (RunFinished, RunFailed)):
                break
            now = time.monotonic()
            if isinstance(event, TokenDelta) and now - last_yield < MIN_YIELD_GAP_S:
                continue
            last_yield = now
            yield Snapshot(view, plots_dirty)
            plots_dirty = False


def ui_run(
    base: Settings,
    video: str | None,
    audio: str | None,
    message: str | None,
    session: Any,
    ui_settings: dict[str, Any],
    session_key: str | None,
) -> Iterator[dict[str, Any]]:
    """Updates of the UI outputs, keyed by name (UI_OUTPUTS); an output left out keeps its value.

    The first update comes before the run starts: Gradio keeps (and so can close) a generator only once its
    first step has returned, so a run cancelled during that step would otherwise go on unseen.
    """
    started = time.monotonic()
    yield {"status": status_line(TimelineView(), 0.0)}
    snaps = stream_run(base, video or audio, message, session, ui_settings, session_key)
    for snap in snaps:  # closing ui_run closes this generator too (CPython refcounting): the worker stops
        view = snap.view
        if snap.idle:
            yield {"status": status_line(view, time.monotonic() - started, snap.waiting)}
            continue
        update = {"timeline": render_html(view), **(_figures(view) if snap.plots_changed else {})}
        if not snap.final:
            reply = reply_text(view)
            yield {
                **update,
                "status": status_line(view, time.monotonic() - started),
                **({"reply": reply} if reply else {}),
            }
            continue
        audio_path, tts_note = spoken_reply(view)
        session = snap.session or session
        yield {
            **update,
            "status": status_line(view),
            "reply": reply_text(view),
            "reply_audio": audio_path,
            "tts_note": tts_note,
            "trace": snap.trace_path,
            "chat": chat_messages(session),
            "session": session,
        }


def replay(path: str | None) -> dict[str, Any]:
    """A downloaded trace back in the timeline, status, reply and plots (keyed by name), without any model."""
    if not path:
        return {}
    try:
        view = build_timeline(load_trace_events(path))
    except MerError as exc:
        return {
            "timeline": render_html(TimelineView()),
            "status": f"**Cannot replay:** {md_escape(str(exc))}",
        }
    return {
        "timeline": render_html(view),
        "status": f"Replayed {view.n_events} events of run {md_escape(view.run_id)}.",
        "reply": reply_text(view),
        **_figures(view),
    }


def reset_outputs() -> dict[str, Any]:
    """Every output back to empty: a new conversation."""
    empty = TimelineView()
    return {
        "timeline": render_html(empty),
        "status": "New conversation.",
        "reply": "",
        "reply_audio": None,
        "tts_note": "",
        "trace": None,
        **_figures(empty),
        "chat": [],
        "session": None,
    }


# -------------------------------------------------------------------------------------------- API


def api_analyze_updates(
    base: Settings, clip: str | None, message: str, heartbeat_s: float = API_HEARTBEAT_S
) -> Iterator[tuple[str, str] | None]:
    """None at least every `heartbeat_s` while the run goes, then (reply, trace path); gr.Error on failure.

    The heartbeats are what let /analyze stop: Gradio checks for a cancel or a lost client between yields.
    The first one comes before the run starts (see ui_run).
    """
    yield None
    view, trace_path = TimelineView(), None
    last = time.monotonic()
    with closing(stream_run(base, clip, message, None, {}, None)) as snaps:
        for snap in snaps:
            view, trace_path = snap.view, snap.trace_path or trace_path
            if not snap.final and time.monotonic() - last >= heartbeat_s:
                last = time.monotonic()
                yield None
    if view.error or not view.reply:
        raise gr.Error(view.error or "The run produced no reply.", print_exception=False)
    yield view.reply, trace_path


def api_analyze(base: Settings, clip: str | None, message: str) -> tuple[str, str]:
    """Run to the end; the final reply and the JSON trace, or a readable gr.Error (for Python callers)."""
    result = None
    for update in api_analyze_updates(base, clip, message):
        result = update or result
    assert result is not None  # noqa: S101 - api_analyze_updates ends with a result or raises
    return result


def api_analyze_stream(base: Settings, clip: str | None, message: str) -> Iterator[dict[str, Any]]:
    """Each event's JSON as it happens (the last one is run_finished or run_failed); the run's trace is
    written to Settings.trace_dir as a clip run's is, also when the client goes away before the end.

    Every item must be an event, so there is no early heartbeat as in ui_run: a cancel during the first
    step (before the first event) leaves the run orphaned, and the run stops itself after runs.ORPHAN_S.
    """
    trace = new_trace()
    try:
        clip, text = require_input(check_clip(clip), message)
        session = prepare_session(None, base, shared_backend(base))
    except MerError as exc:
        event = trace.add(RunFailed(error=str(exc), reason="bad_input"))
        write_trace(trace, base, "")
        yield event_to_json(event)
        return
    run = runs.start(lambda cancel: session.run(clip=clip, text=text, cancel=cancel))
    try:
        with closing(run.events()) as events:
            for event in events:
                event = trace.add(for_web(event, base))
                yield event_to_json(event)
                if isinstance(event, (RunFinished, RunFailed)):
                    return
    finally:  # finished, failed, or closed by a cancel or a lost client: the trace says which
        end_trace(trace, None, run)
        write_trace(trace, base, getattr(trace.events[0], "run_id", "") if trace.events else "")


__all__ = [
    "UI_OUTPUTS",
    "api_analyze",
    "api_analyze_stream",
    "api_analyze_updates",
    "gpu",
    "keyed",
    "replay",
    "stream_run",
    "ui_run",
]


# --------------------------------------------------------------------------------- bound to the app


class UIHandlers:
    """The app's event handlers, bound to its base settings (and an optional ready backend) and, once the
    layout has built them, to its output components by name (`bind`)."""

    def __init__(self, settings: Settings, backend: Any = None):
        self.settings = settings
        self.components: dict[str, Any] = {}
        if backend is not None:
            register_backend(settings, backend)

    def bind(self, components: dict[str, Any]) -> None:
        self.components = components

    @gpu
    def run(
        self,
        video: str | None,
        audio: str | None,
        message: str | None,
        session: Any,
        backend: str | None,
        model: str | None,
        max_rounds: float | None,
        reflection: bool | None,
        consistency: bool | None,
        one_pass: bool | None,
        fps: float | None,
        max_duration: float | None,
        speaker: str | None = None,
        request: gr.Request = None,
    ) -> Iterator[Any]:
        ui_settings = {
            "backend": backend,
            "model": model,
            "max_rounds": max_rounds,
            "reflection": reflection,
            "consistency": consistency,
            "one_pass": one_pass,
            "fps": fps,
            "max_duration": max_duration,
            "speaker": speaker,
        }
        key = getattr(request, "session_hash", None)
        with closing(ui_run(self.settings, video, audio, message, session, ui_settings, key)) as updates:
            for update in updates:
                yield keyed(update, self.components)

    @gpu
    def example(self, video: str | None, audio: str | None, message: str | None) -> Iterator[Any]:
        """A cached example run: every output but the conversation (the chat and session are the user's)."""
        with closing(ui_run(self.settings, video, audio, message, None, {}, None)) as updates:
            for update in updates:
                yield keyed({k: v for k, v in update.items() if k in EXAMPLE_OUTPUTS}, self.components)

    def stop(self, request: gr.Request = None) -> str:
        stopped = runs.stop(getattr(request, "session_hash", None))
        return "Stopping the run…" if stopped else "Nothing is running."

    def reset(self) -> Any:
        return keyed(reset_outputs(), self.components)

    def replay(self, path: str | None) -> Any:
        return keyed(replay(path), self.components)

    @gpu
    def analyze(self, clip: str | None, message: str | None) -> Iterator[tuple[Any, Any]]:
        """Analyse a clip (and/or a message): the final reply and the run's JSON trace.

        A generator on purpose: it yields gr.skip() while the run goes, so a cancelled or disconnected
        request closes it (and stops the run); clients still get the reply and trace as the result.
        """
        skip = gr.skip()
        with closing(api_analyze_updates(self.settings, clip, message or "")) as updates:
            for update in updates:
                yield (skip, skip) if update is None else update

    @gpu
    def analyze_stream(self, clip: str | None, message: str | None) -> Iterator[dict[str, Any]]:
        """Analyse a clip (and/or a message), yielding each timeline event's JSON as it happens."""
        with closing(api_analyze_stream(self.settings, clip, message or "")) as events:
            yield from events
