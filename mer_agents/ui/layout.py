"""The Gradio Blocks: inputs, settings, live timeline, plots, reply, trace, conversation, the API endpoints.

Handlers live in `handlers.py` as methods of `UIHandlers`; this module only lays out components and wires
events. The Analyze button and the API share one concurrency group (one runs, the others wait in Gradio's
visible queue); runs.MODEL_SLOT makes the examples and the Live tab wait for the same single run. A run
submitted while MAX_WAITING_RUNS already wait is refused at once with a message that says how many; the count
is atomic (Admission), so a burst of submits cannot all pass the check before any of them is queued.

The Settings controls check nothing themselves (`unchecked`): Gradio's own range and
choice checks ran while the queue guard read the inputs and answered an API client with a bare HTTP 400.
The guard checks the settings instead (validation.settings_from_ui) and refuses in one readable line.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable

import gradio as gr

from mer_agents.config import Settings
from mer_agents.errors import MerError
from mer_agents.perception import MAX_MESSAGE_CHARS
from mer_agents.ui.handlers import EXAMPLE_OUTPUTS, UI_OUTPUTS, UIHandlers
from mer_agents.ui.live import build_live_tab
from mer_agents.ui.plots import forecast_figure, modality_figure, rounds_figure
from mer_agents.ui.timeline import TIMELINE_CSS, TimelineView, render_html
from mer_agents.ui.validation import (
    CLIP_TYPES,
    LAST_SPEAKER,
    SPEAKER_CHOICES,
    UI_LIMITS,
    VIDEO_TYPES,
    backend_choices,
    model_choices,
    settings_from_ui,
)

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "examples"
MODEL_CONCURRENCY = "model"
MAX_WAITING_RUNS = 8  # runs queued for the model besides the one running; one more is refused with a message
# A run the guard admitted is counted as waiting from then until Gradio queues it (milliseconds later); one
# that never reaches the queue (its request failed in between) stops counting after this long.
ADMITTED_S = 10.0
# /ui_run's inputs after (video, audio, message, session), as validation.settings_from_ui names them.
UI_RUN_SETTINGS = ("backend", "model", "max_rounds", "reflection", "consistency", "one_pass", "fps")
UI_RUN_TAIL = ("max_duration", "speaker")
ADMISSION_ATTR = "_mer_admission"  # the app's Admission, on its Blocks: every guard of one app shares it
TITLE = "mer_agents — multimodal empathetic responses with reflective refinement"
INTRO = (
    "Upload or record a short clip of someone talking (or type a message). Perception models read the words, "
    "voice and face; four agents (perception, emotion forecaster, strategy planner, responder) reason in "
    "turn, and a reflection agent audits each stage and sends the run back to the earliest faulty one. "
    "The timeline shows every attempt as it happens."
)


def example_clips(directory: Path = EXAMPLES_DIR) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir() if p.suffix.lower() in CLIP_TYPES and p.is_file())


def _example_rows(clips: list[Path]) -> list[list[Any]]:
    rows = []
    for clip in clips:
        is_video = clip.suffix.lower() in VIDEO_TYPES
        rows.append([str(clip), None, ""] if is_video else [None, str(clip), ""])
    return rows


def _model_group(demo: gr.Blocks) -> Any:
    groups = getattr(getattr(demo, "_queue", None), "event_queue_per_concurrency_id", None) or {}
    return groups.get(MODEL_CONCURRENCY)


def waiting_runs(demo: gr.Blocks) -> int:
    """Runs waiting in Gradio's queue for the model group (submitted, not started)."""
    group = _model_group(demo)
    return len(group.queue) if group is not None else 0


def busy_message(waiting: int) -> str:
    return (
        f"The server is busy: {waiting} runs are already waiting for the model (the queue holds "
        f"{MAX_WAITING_RUNS}). Please try again in a few minutes."
    )


class _CountedQueue(list):
    """The model group's event list, telling Admission when Gradio appends an admitted run to it."""

    def __init__(self, items: list, admission: Admission):
        super().__init__(items)
        self.admission = admission

    def append(self, item: Any) -> None:
        with self.admission.lock:
            super().append(item)
            if self.admission.admitted:
                self.admission.admitted.pop(0)


class Admission:
    """Admits a run to the model queue while fewer than MAX_WAITING_RUNS wait, counting atomically.

    Gradio runs a validator, then (after a few awaits) appends the event to the queue: twenty submits at once
    all saw a short queue and all got in, past the cap. Here the count is the queue plus the runs
    admitted and not yet queued, read and raised under one lock; the queue's own append (_CountedQueue) hands
    an admitted run over to the queue's count.
    """

    def __init__(self, demo: gr.Blocks):
        self.demo = demo
        self.lock = threading.Lock()
        self.admitted: list[float] = []  # when each admitted, not yet queued run was admitted

    def admit(self) -> int | None:
        """None when the run may queue (it is counted from now), else how many wait (refuse it)."""
        with self.lock:
            group = _model_group(self.demo)
            if group is not None and not isinstance(group.queue, _CountedQueue):
                group.queue = _CountedQueue(group.queue, self)
            now = time.monotonic()
            self.admitted = [t for t in self.admitted if now - t < ADMITTED_S]
            waiting = (len(group.queue) if group is not None else 0) + len(self.admitted)
            if waiting >= MAX_WAITING_RUNS:
                return waiting
            self.admitted.append(now)
            return None


def _refuse(message: str, inputs: tuple) -> list[dict[str, Any]]:
    """One gr.validate per input (Gradio's contract); the refusal is shown on the first input."""
    return [gr.validate(False, message), *(gr.validate(True, "") for _ in inputs[1:])]


def _accept(inputs: tuple) -> list[dict[str, Any]]:
    return [gr.validate(True, "") for _ in inputs]


def queue_guard(demo: gr.Blocks, settings: Settings | None = None) -> Callable[..., list[dict[str, Any]]]:
    """A validator for the model-group events: refuses a run when the queue is full, saying how full, and
    (with `settings`: the Analyze button's /ui_run) a run whose Settings controls hold values the page
    would not offer, saying which.

    Gradio's own max_size refusal reaches the page as a generic "busy" notice and gradio_client as "Queue is
    full! Please try again."; a validator's message reaches both as it is. It runs before the run is queued.
    """
    admission = getattr(demo, ADMISSION_ATTR, None)
    if admission is None:  # one count per app, whichever event's guard asks
        admission = Admission(demo)
        setattr(demo, ADMISSION_ATTR, admission)

    def guard(*inputs: Any) -> list[dict[str, Any]]:
        if settings is not None:
            try:
                settings_from_ui(settings, **dict(zip(UI_RUN_SETTINGS + UI_RUN_TAIL, inputs[4:])))
            except MerError as exc:
                return _refuse(str(exc), inputs)
        waiting = admission.admit()
        return _accept(inputs) if waiting is None else _refuse(busy_message(waiting), inputs)

    return guard


def unchecked(component: Any) -> Any:
    """`component` with Gradio's own value check off (its preprocess passes the value on as sent): the server
    checks the Settings controls itself (validation.settings_from_ui), in one readable line. Set on the
    instance: a subclass would make Gradio write a .pyi stub beside this module."""
    component.preprocess = _as_sent
    return component


def _as_sent(payload: Any) -> Any:
    return payload


def _backend_choices() -> list[tuple[str, str]]:
    from mer_agents.backends import available_backends

    return available_backends()


def build_demo(settings: Settings | None = None, backend: Any = None) -> gr.Blocks:
    """The whole app; `backend`, when given, serves runs whose settings resolve to it."""
    settings = settings or Settings.from_env()
    handlers = UIHandlers(settings, backend)
    with gr.Blocks(title="mer_agents", fill_width=True) as demo:
        gr.Markdown(f"## {TITLE}\n{INTRO}")
        session = gr.State(None)
        with gr.Tabs():
            with gr.Tab("Clip", id="clip", elem_id="clip-tab"):
                with gr.Row(equal_height=False):
                    with gr.Column(scale=4, min_width=340) as inputs_column:
                        with gr.Tab("Video"):
                            video = gr.Video(
                                label="Video clip (upload or webcam)",
                                sources=["upload", "webcam"],
                                include_audio=True,
                                elem_id="clip-video",
                                height=260,
                            )
                        with gr.Tab("Audio"):
                            audio = gr.Audio(
                                label="Audio clip (upload or microphone)",
                                type="filepath",
                                sources=["upload", "microphone"],
                                elem_id="clip-audio",
                            )
                        message = gr.Textbox(
                            label="Message or context (optional)",
                            lines=2,
                            max_length=MAX_MESSAGE_CHARS,
                            placeholder="Type what you want to say (used when there is no clip)",
                            elem_id="message",
                        )
                        with gr.Row():
                            analyze = gr.Button("Analyze", variant="primary", elem_id="analyze")
                            stop = gr.Button("Stop", variant="stop", elem_id="stop")
                            reset = gr.Button("New conversation", elem_id="new-conversation")
                        with gr.Accordion("Settings", open=False):
                            backend_dd = unchecked(
                                gr.Dropdown(
                                    backend_choices(settings, _backend_choices()),
                                    value=settings.backend,
                                    label="Backend",
                                )
                            )
                            model = unchecked(
                                gr.Dropdown(
                                    model_choices(settings),
                                    value="",  # the app's own model (by name, never its server path)
                                    label="Model",
                                    info="the models this server offers (its operator chooses them)",
                                )
                            )
                            max_rounds = unchecked(
                                gr.Slider(
                                    *UI_LIMITS["max_rounds"],
                                    value=settings.max_rounds,
                                    step=1,
                                    label="Max reflection rounds",
                                )
                            )
                            with gr.Row():
                                reflection = gr.Checkbox(value=settings.reflection, label="Reflection")
                                consistency = gr.Checkbox(
                                    value=settings.consistency, label="Consistency check"
                                )
                                one_pass = gr.Checkbox(value=settings.one_pass, label="One-pass")
                            fps = unchecked(
                                gr.Slider(
                                    *UI_LIMITS["fps"],
                                    value=settings.fps,
                                    step=0.5,
                                    label="Frame rate (frames/s)",
                                )
                            )
                            max_duration = unchecked(
                                gr.Slider(
                                    *UI_LIMITS["max_duration_s"],
                                    value=settings.max_duration_s,
                                    step=5,
                                    label="Max duration (s)",
                                )
                            )
                            speaker = unchecked(
                                gr.Dropdown(
                                    SPEAKER_CHOICES,
                                    value=settings.speaker or LAST_SPEAKER,
                                    label="Answer speaker",
                                    info="in a clip with several speakers (S1 spoke first); the timeline "
                                    "lists their turns",
                                )
                            )
                        # Texts arrive escaped (formatting.chat_text): shown as typed, never as HTML or math.
                        chat = gr.Chatbot(
                            label="Conversation",
                            height=260,
                            render_markdown=False,
                            latex_delimiters=[],
                            elem_id="chat",
                        )
                        with gr.Accordion("Replay a trace", open=False):
                            replay_file = gr.File(
                                label="Upload a trace (.json)",
                                file_types=[".json"],
                                type="filepath",
                                elem_id="replay-file",
                            )
                    with gr.Column(scale=6, min_width=420):
                        status = gr.Markdown("Ready.", elem_id="status")
                        reply = gr.Textbox(label="Reply", lines=3, interactive=False, elem_id="reply")
                        with gr.Row():
                            reply_audio = gr.Audio(
                                label="Spoken reply",
                                type="filepath",
                                interactive=False,
                                scale=3,
                                elem_id="reply-audio",
                            )
                            tts_note = gr.Markdown("", elem_id="tts-note")
                        timeline = gr.HTML(
                            render_html(TimelineView()),
                            css_template=TIMELINE_CSS,
                            elem_id="timeline",
                            label="Timeline",
                        )
                        trace = gr.File(label="Run trace (JSON)", interactive=False, elem_id="trace")
                with gr.Tabs():
                    with gr.Tab("Emotion over the clip"):
                        modality_plot = gr.Plot(modality_figure(None), elem_id="modality-plot")
                    with gr.Tab("Fused forecast"):
                        forecast_plot = gr.Plot(forecast_figure(TimelineView()), elem_id="forecast-plot")
                    with gr.Tab("Across rounds"):
                        rounds_plot = gr.Plot(rounds_figure(TimelineView()), elem_id="rounds-plot")
            build_live_tab(settings, backend, demo=demo)

        outputs = [
            timeline,
            status,
            reply,
            reply_audio,
            tts_note,
            trace,
            modality_plot,
            forecast_plot,
            rounds_plot,
            chat,
            session,
        ]
        components = dict(zip(UI_OUTPUTS, outputs, strict=True))
        handlers.bind(components)  # the handlers' updates name these outputs
        settings_inputs = [
            backend_dd,
            model,
            max_rounds,
            reflection,
            consistency,
            one_pass,
            fps,
            max_duration,
            speaker,
        ]
        guard = queue_guard(demo)
        ui_run_guard = queue_guard(demo, settings)
        analyze.click(
            handlers.run,
            [video, audio, message, session, *settings_inputs],
            outputs,
            concurrency_id=MODEL_CONCURRENCY,
            concurrency_limit=1,
            show_progress="minimal",
            api_visibility="undocumented",
            api_name="ui_run",
            validator=ui_run_guard,
        )
        stop.click(handlers.stop, None, [status], queue=False, api_visibility="private")
        reset.click(handlers.reset, None, outputs, queue=False, api_visibility="private")
        replay_file.upload(
            handlers.replay,
            [replay_file],
            [timeline, status, reply, modality_plot, forecast_plot, rounds_plot],
            api_visibility="undocumented",
            api_name="replay",
        )

        rows = _example_rows(example_clips())
        if rows:
            with inputs_column:  # cached on first use; a click shows the cached run
                gr.Examples(
                    rows,
                    inputs=[video, audio, message],
                    outputs=[components[name] for name in EXAMPLE_OUTPUTS],
                    fn=handlers.example,
                    cache_examples=True,
                    cache_mode="lazy",
                    label="Example clips",
                    run_on_click=True,
                )

        # API endpoints (also what the README snippet calls); hidden from the page.
        with gr.Group(visible=False):
            # No file_types here: Gradio would check them while preprocessing for the queue guard (a
            # validator), where a refusal reaches gradio_client as a bare HTTP 400. validation.check_clip
            # refuses the same types (media.py's list) in one readable line inside the run instead.
            api_clip = gr.File(label="clip", type="filepath")
            api_message = gr.Textbox(label="message")
            api_reply = gr.Textbox(label="reply")
            api_trace = gr.File(label="trace")
            api_event = gr.JSON(label="event")
            api_button = gr.Button("analyze")
            api_stream_button = gr.Button("analyze_stream")
        api_button.click(
            handlers.analyze,
            [api_clip, api_message],
            [api_reply, api_trace],
            api_name="analyze",
            concurrency_id=MODEL_CONCURRENCY,
            concurrency_limit=1,
            validator=guard,
        )
        api_stream_button.click(
            handlers.analyze_stream,
            [api_clip, api_message],
            [api_event],
            api_name="analyze_stream",
            concurrency_id=MODEL_CONCURRENCY,
            concurrency_limit=1,
            validator=guard,
        )
    return demo
