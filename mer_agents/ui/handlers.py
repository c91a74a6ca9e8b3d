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
"""

from __future__ import annotations

import html
import logging
import os
import tempfile
import time
import uuid
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
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
from mer_agents.config import Settings, SettingsError
from mer_agents.errors import MerError
from mer_agents.events import (
    Event,
    RunFailed,
    RunFinished,
    StageFailed,
    TokenDelta,
    event_to_json,
    public_settings,
)
from mer_agents.perception import check_message
from mer_agents.perception.media import (
    AUDIO_EXTENSIONS,
    SUPPORTED_EXTENSIONS,
    TOO_LONG_HINT,
    VIDEO_EXTENSIONS,
)
from mer_agents.trace import UNFINISHED
from mer_agents.ui import tts
from mer_agents.ui.plots import forecast_figure, modality_figure, rounds_figure
from mer_agents.ui.timeline import TimelineView, apply, build_timeline, render_html

log = logging.getLogger(__name__)

POLL_S = 0.5  # how often an idle UI handler hands control back (so Stop/cancel can close it)
MIN_YIELD_GAP_S = 0.25  # token events are batched into UI updates at most this often
API_HEARTBEAT_S = 0.5  # /analyze yields gr.skip() this often while the run goes (so a cancel is seen)
LAST_SPEAKER = "last to speak"  # the Answer-speaker default (Settings.speaker None)
SPEAKER_CHOICES = [LAST_SPEAKER, "S1", "S2", "S3", "S4"]
WAITING_MESSAGE = "waiting for the model: another run is using it"
DRAFT_MARK = "[draft, under audit]"  # leads the reply box while the shown reply may still be revised
UNAUDITED_MARK = "[draft, not audited: the run stopped]"
FIRST_LOOK = "a first look (code's forecast and plan, before the agents')"
LIMIT_FLAGS = ("frames_capped", "truncated")  # evidence flags the status line repeats: a cap changed the run
TEMP_TRACE_DIR = "mer_agents_traces"  # in the temp dir: the download when Settings.trace_dir cannot serve it
TRACE_PREFIX = "trace"  # <trace_dir>/trace-<time to the µs>-<run id>.json (trace.trace_name)
ENDED_UNSEEN = "The run ended unexpectedly."  # the worker ended without a final event
# The Settings accordion's controls: their labels (a refusal names the control a visitor sees) and the ranges
# the server enforces itself (Gradio's own range check answered an API client with a bare HTTP 400).
UI_LABELS = {
    "backend": "Backend",
    "model": "Model",
    "max_rounds": "Max reflection rounds",
    "reflection": "Reflection",
    "consistency": "Consistency check",
    "one_pass": "One-pass",
    "fps": "Frame rate (frames/s)",
    "max_duration_s": "Max duration (s)",
    "speaker": "Answer speaker",
}
UI_LIMITS = {"max_rounds": (0, 6), "fps": (0.5, 10), "max_duration_s": (5, 600)}
DEFAULT_MODEL_LABEL = "default"  # the Model choice "" (the operator's model when MER_MODEL is unset)
SAFE_BACKENDS = ("scripted",)  # backends a visitor may pick besides the operator's: they load no model
# The decoder's own lists: the UI never accepts a file that perception/media.py would then refuse.
VIDEO_TYPES = tuple(sorted(VIDEO_EXTENSIONS))
AUDIO_TYPES = tuple(sorted(AUDIO_EXTENSIONS))
CLIP_TYPES = tuple(sorted(SUPPORTED_EXTENSIONS))

try:  # Hugging Face ZeroGPU: hold a GPU only while a run goes; a no-op everywhere else.
    import spaces  # type: ignore[import-not-found]

    gpu = spaces.GPU
except ImportError:  # pragma: no cover - depends on the host

    def gpu(fn=None, **_kwargs):
        return fn if fn is not None else (lambda f: f)


# ------------------------------------------------------------------------------------ runs and traces


def check_clip(path: str | None) -> str | None:
    """The clip path if its type is one we read; MerError with a clear message otherwise."""
    if not path:
        return None
    suffix = Path(path).suffix.lower()
    if suffix not in CLIP_TYPES:
        raise MerError(
            f"Unsupported file type {suffix or '(none)'}: upload a video "
            f"({', '.join(VIDEO_TYPES)}) or audio ({', '.join(AUDIO_TYPES)})."
        )
    return path


def require_input(clip: str | None, message: str | None) -> tuple[str | None, str | None]:
    """The clip and the typed text, or one readable MerError.

    The length cap is enforced here, on the server: the textbox's max_length only binds the browser, and
    the API endpoints take any string.
    """
    text = (message or "").strip() or None
    if clip is None and text is None:
        raise MerError("Nothing to analyse: upload or record a clip, or type a message.")
    if text is not None:
        check_message(text)  # the message box's max_length, enforced again server-side
    return clip, text


def prepare_session(session: Any, settings: Settings, backend: Any) -> Any:
    """The conversation to continue (a new one when there is none), running with this run's settings."""
    from mer_agents.session import Session

    if not isinstance(session, Session):
        return Session(backend, settings)
    session.backend, session.settings = backend, settings
    return session


def new_trace() -> Any:
    from mer_agents.trace import Trace

    return Trace()


def write_trace(trace: Any, settings: Settings, run_id: str) -> str | None:
    """Write the run's JSON trace to Settings.trace_dir (also after a failure); the path is what the user
    downloads. The name is new (trace.trace_name: the time to the microsecond and the run id, created
    exclusively), so runs never share a file. When trace_dir cannot be written, or lies where Gradio hands out
    no files (outside the working directory and the temp dir), the download (only, or also) goes to the temp
    dir's TEMP_TRACE_DIR."""
    from mer_agents.trace import trace_name

    name = trace_name(run_id, TRACE_PREFIX)
    path = _write_trace_file(trace, Path(settings.trace_dir) / name)
    if path is not None and _downloadable(path):
        return str(path)
    fallback = _write_trace_file(trace, Path(tempfile.gettempdir()) / TEMP_TRACE_DIR / name)
    return str(fallback) if fallback is not None else None


def _write_trace_file(trace: Any, path: Path) -> Path | None:
    try:
        return trace.write(path, exclusive=True)
    except Exception:  # the run's result matters more than its trace file
        log.exception("writing the trace to %s failed", path)
        return None


def _downloadable(path: Path) -> bool:
    """Whether Gradio hands this file out: it takes files under the working directory or the temp dir."""
    resolved = path.resolve()
    return any(resolved.is_relative_to(Path(root).resolve()) for root in (os.getcwd(), tempfile.gettempdir()))


def load_trace_events(path: str) -> list[Event]:
    from mer_agents.trace import Trace

    try:
        return list(Trace.load(path).events)
    except MerError:
        raise
    except Exception as exc:
        raise MerError(f"Not a mer_agents trace: {Path(path).name} ({exc.__class__.__name__}).") from exc


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


def status_line(view: TimelineView, elapsed: float | None = None, waiting: bool = False) -> str:
    """The one-line state of the run (Markdown; every text from the run is escaped)."""
    if view.error:
        return f"**Stopped:** {_md_escape(view.error)}"
    if view.finished:
        notes = "".join(f" Note: {_md_escape(note)}." for note in limit_notes(view))
        return (
            f"**Done** — {view.rounds} refinement round(s), emotion *{_md_escape(view.emotion)}*, "
            f"strategy *{_md_escape(view.strategy)}*.{notes}"
        )
    running = [e for e in view.entries if e.status == "running"]
    current = f"{running[-1].title} (round {running[-1].round})…" if running else "starting…"
    doing = WAITING_MESSAGE if waiting else view.progress or current
    clock = f" · {elapsed:.0f}s" if elapsed is not None else ""
    draft = ""
    if view.draft:
        whose = FIRST_LOOK if view.draft_basis == "code" else f"round {view.draft_round}'s draft"
        draft = f" · the reply shown is {whose}, under audit"
    return f"⏳ {_md_escape(doing)}{clock}{draft}"


def reply_text(view: TimelineView) -> str:
    """The reply box: the kept reply once the run is done; before that the latest draft, marked as one (and
    still there, marked unaudited, when the run failed or was stopped after writing it)."""
    if view.reply or not view.draft:
        return view.reply
    return f"{UNAUDITED_MARK if view.finished else DRAFT_MARK} {view.draft}"


def limit_notes(view: TimelineView) -> list[str]:
    """What a server-side cap changed in this run (fewer frames, first seconds only), for the status line."""
    flags = view.evidence.flags if view.evidence is not None else []
    return [f.message for f in flags if f.code in LIMIT_FLAGS]


MD_SPECIALS = frozenset("\\`*_{}[]()#+-.!|~")  # backslash-escaped in Markdown text ("<", ">", "&": entities)


def _md_escape(text: str) -> str:
    """Text shown literally in a gr.Markdown (one line): no HTML, no markup.

    Markup characters are backslash-escaped first, then only &, < and > become entities. The other order
    turned "'" into &#x27; and then escaped its "#", so the status line showed "It&#x27;s".
    """
    flat = " ".join(str(text).split())
    return html.escape("".join("\\" + c if c in MD_SPECIALS else c for c in flat), quote=False)


def chat_text(text: str) -> str:
    """A chat message shown as the literal text it is.

    Gradio's Chatbot puts message text into the page as (sanitised) HTML even with render_markdown=False, so
    a typed or generated <img> became an image; escaped, it shows as typed. Line breaks become <br>.
    """
    return html.escape(str(text), quote=False).replace("\n", "<br>")


def chat_messages(session: Any) -> list[dict[str, str]]:
    """The conversation so far for the Chatbot, every text escaped (chat_text)."""
    messages = []
    for turn in getattr(session, "turns", None) or []:
        messages.append({"role": "user", "content": chat_text(turn.user_text or "(clip)")})
        if turn.reply:
            tag = " · ".join(x for x in (turn.emotion, turn.strategy) if x)
            messages.append(
                {"role": "assistant", "content": chat_text(turn.reply + (f"\n\n[{tag}]" if tag else ""))}
            )
    return messages


def spoken_reply(view: TimelineView) -> tuple[str | None, str]:
    if not view.reply:
        return None, ""
    try:
        path, note = tts.speak_with_note(view.reply, view.emotion, view.strategy)
    except tts.TTSError as exc:
        return None, str(exc)
    return str(path), note  # the model's own voice when it has one, else espeak-ng


def model_choices(base: Settings) -> list[tuple[str, str]]:
    """(label, value) pairs for the Model dropdown: the app's own model first (value "", labelled by its name,
    never its path on the server), then each model the operator allowed (Settings.allowed_models)."""
    own = (base.model or "").strip()
    choices = [(public_settings({"model": own})["model"] or DEFAULT_MODEL_LABEL, "")]
    for name in base.allowed_models:
        if name.lower() != own.lower() and name.lower() not in (c[1].lower() for c in choices):
            choices.append((public_settings({"model": name})["model"], name))
    return choices


def backend_choices(base: Settings, choices: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The Backend dropdown's (label, name) pairs a visitor may pick: the operator's backend and those that
    load no model (SAFE_BACKENDS); every one with the operator's MER_ALLOW_MODEL_PATHS=1."""
    if base.allow_model_paths:
        return choices
    return [c for c in choices if c[1] == base.backend or c[1] in SAFE_BACKENDS]


def check_ui_model(base: Settings, backend: Any, model: Any) -> tuple[str | None, str | None]:
    """The backend and model a visitor chose, as the operator allows them: (backend or None, model or None:
    the app's own). A model must be the app's own or one of Settings.allowed_models (case aside, written as
    the operator wrote it); a backend the operator's or one that loads nothing. MerError (one line, in the
    visitor's words) otherwise. MER_ALLOW_MODEL_PATHS=1 lets the operator open both to any value.
    """
    name = "" if model is None else str(model).strip()
    chosen = None if backend in (None, "") else str(backend)
    if base.allow_model_paths:
        return chosen, name or base.model
    if chosen is not None and chosen != base.backend and chosen not in SAFE_BACKENDS:
        offered = " or ".join(dict.fromkeys((base.backend, *SAFE_BACKENDS)))
        raise MerError(f"This server runs the {offered} backend (its operator chooses); got {chosen!r}.")
    choices = model_choices(base)
    if not name or name.lower() == (base.model or "").strip().lower():
        return chosen, base.model
    for _, allowed in choices[1:]:
        if allowed.lower() == name.lower():
            return chosen, allowed
    offered = ", ".join(label for label, _ in choices)
    raise MerError(f"This server offers only these models: {offered} (its operator chooses them).")


def _check_ui_range(field: str, value: Any) -> None:
    """A numeric control's value within what the page's control allows (UI_LIMITS), else one line naming the
    control: the API takes any value, and the server must not run a 10,000-round audit because one came."""
    low, high = UI_LIMITS[field]
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = float("nan")
    if not low <= number <= high:  # NaN fails both
        label = UI_LABELS[field]
        raise MerError(f"Invalid settings: {label} must be from {low:g} to {high:g} (got {value!r})")


def settings_from_ui(
    base: Settings,
    backend: str | None = None,
    model: str | None = None,
    max_rounds: float | None = None,
    reflection: bool | None = None,
    consistency: bool | None = None,
    one_pass: bool | None = None,
    fps: float | None = None,
    max_duration: float | None = None,
    speaker: str | None = None,
) -> Settings:
    """The app's settings with the accordion's choices on top (None keeps the app's value).

    The backend and model are checked first (check_ui_model): a visitor picks only what the operator allows.
    The numbers must lie in the page controls' ranges (UI_LIMITS); `updated` keeps the operator's API key (a
    dump leaves it out) and names any other bad value in one line, by the control's label.
    """
    backend, model = check_ui_model(base, backend, model)
    overrides = {
        "backend": backend,
        "model": model,
        "max_rounds": max_rounds,
        "reflection": reflection,
        "consistency": consistency,
        "one_pass": one_pass,
        "fps": fps,
        "max_duration_s": max_duration,
    }
    for field in UI_LIMITS:
        if overrides[field] is not None:
            _check_ui_range(field, overrides[field])
    if speaker:  # "last to speak" is the default (None), which `updated` cannot set over a chosen one
        overrides["speaker"] = None if speaker == LAST_SPEAKER else speaker
    try:
        kept = {k: v for k, v in overrides.items() if v is not None or k in ("speaker", "model")}
        return base.updated(**kept)
    except SettingsError as exc:
        raise MerError(f"Invalid settings: {exc.describe(UI_LABELS.get(exc.field, exc.field))}") from None


def run_backend(base: Settings, settings: Settings) -> Any:
    """The backend of a run: the app's own, or an extra model the operator allowed, loaded only when memory
    allows and released when idle (backends/shared.extra_backend)."""
    if backend_key(settings) == backend_key(base):
        return shared_backend(settings)
    return extra_backend(settings, settings.model or settings.backend)


def for_web(event: Event, settings: Settings) -> Event:
    """A failure's message as a web visitor can act on it: the CLI flag a too-long clip's refusal suggests
    becomes the page's own control (the trace and the stream carry the same words)."""
    if not isinstance(event, (RunFailed, StageFailed)):
        return event
    cli = TOO_LONG_HINT.format(limit=settings.max_duration_s)
    if cli not in event.error:
        return event
    most = UI_LIMITS["max_duration_s"][1]
    web = (
        f"upload a shorter clip, or raise {UI_LABELS['max_duration_s']} in Settings (up to {most:g} s)"
        if settings.max_duration_s < most
        else "upload a shorter clip"
    )
    return event.model_copy(update={"error": event.error.replace(cli, web)})


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
        _end_trace(trace, view, run)
        written = True
        path = write_trace(trace, settings, view.run_id)
        yield Snapshot(view, True, trace_path=path, final=True, session=session)
    finally:
        if not written:  # closed from outside before the end: the trace still says how the run ended
            _end_trace(trace, view, run)
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


def _end_trace(trace: Any, view: TimelineView | None, run: runs.Run) -> None:
    """The worker ended (or was left) without a final event: record why, in the trace (and the view)."""
    if trace.ended() != UNFINISHED:
        return
    cancelled = run.cancel.is_set()
    trace.end(runs.CANCELLED_MESSAGE if cancelled else ENDED_UNSEEN, "cancelled" if cancelled else "error")
    if view is not None:
        apply(view, trace.events[-1])


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
            "status": f"**Cannot replay:** {_md_escape(str(exc))}",
        }
    return {
        "timeline": render_html(view),
        "status": f"Replayed {view.n_events} events of run {_md_escape(view.run_id)}.",
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
        _end_trace(trace, None, run)
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
