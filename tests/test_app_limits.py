"""Server-side limits of the app's handlers: the message length cap and the checks on a replayed trace.

Real handlers (the functions behind the UI's Analyze button, /analyze, /analyze_stream and the trace
upload); the inputs are refused before any model is needed, so no backend is involved.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("gradio")

from mer_agents.backends import shared
from mer_agents.config import Settings
from mer_agents.errors import MerError
from mer_agents.events import event_to_json
from mer_agents.perception import MAX_MESSAGE_CHARS  # noqa: E402
from mer_agents.trace import MAX_TRACE_BYTES
from mer_agents.ui import handlers, validation

LONG = "I feel so alone. " * 600  # 10,199 characters once stripped


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(trace_dir=tmp_path)


def test_message_cap_is_enforced_by_the_server():
    assert len(LONG) > MAX_MESSAGE_CHARS
    with pytest.raises(MerError, match=r"10,199 characters long; the limit is 2,000"):
        validation.require_input(None, LONG)
    exact = "a" * MAX_MESSAGE_CHARS
    assert validation.require_input(None, exact) == (None, exact)


def test_api_stream_refuses_a_long_message_in_one_event(settings):
    events = list(handlers.api_analyze_stream(settings, None, LONG))
    assert len(events) == 1 and events[0]["kind"] == "run_failed"
    assert "the limit is 2,000" in events[0]["error"] and "\n" not in events[0]["error"]


def test_ui_run_refuses_a_long_message_with_a_trace(settings):
    snaps = list(handlers.stream_run(settings, None, LONG, None, {}, None))
    final = snaps[-1]
    assert final.final and "the limit is 2,000" in final.view.error
    assert "the limit is 2,000" in json.loads(Path(final.trace_path).read_text())["error"]


def test_api_analyze_raises_a_readable_error(settings):
    import gradio as gr

    with pytest.raises(gr.Error, match="the limit is 2,000"):
        handlers.api_analyze(settings, None, LONG)


def _chain_trace(path: Path, n: int) -> Path:
    from mer_agents.events import StageFinished, StageStarted
    from mer_agents.types import Reply

    events = []
    for i in range(n):
        events.append(StageStarted(t=i, stage="reply", round=min(i, 6)))
        events.append(
            StageFinished(
                t=i, stage="reply", round=min(i, 6), output=Reply(text=f"reply {i}"), duration_s=0.01
            )
        )
    path.write_text(json.dumps({"events": [event_to_json(e) for e in events]}))
    return path


def _timeline_and_status(update: dict) -> tuple[str, str]:
    return update["timeline"], update["status"]


def test_replay_of_a_deep_revision_chain_renders(tmp_path):
    html, status = _timeline_and_status(handlers.replay(str(_chain_trace(tmp_path / "chain.json", 500))))
    assert status.startswith("Replayed 1000 events") and html.count('class="mer-entry"') == 500


def _crafted_revisions(path: Path, budget: int = 4_900_000, words: int = 400) -> Path:
    """The probe's replay: 400-word reply revisions (each diffed against the one before) filling 4.9 MB."""
    import random

    from mer_agents.events import StageFinished, StageStarted
    from mer_agents.types import Reply

    rng = random.Random(0)
    vocab = [f"w{i}" for i in range(50)]
    events, size, i = [], 20, 0
    while True:
        text = " ".join(rng.choice(vocab) for _ in range(words))
        pair = [
            event_to_json(StageStarted(t=i, stage="reply", round=1)),
            event_to_json(StageFinished(t=i, stage="reply", round=1, output=Reply(text=text))),
        ]
        size += len(json.dumps(pair))
        if size > budget:
            break
        events += pair
        i += 1
    path.write_text(json.dumps({"events": events}))
    return path


def test_a_crafted_revision_replay_is_cheap_and_small(tmp_path):
    """4.9 MB of 400-word revisions cost 9.3 s of CPU and 14.6 MB of timeline HTML; now ≤ 1 MB, with a line
    saying what was left out (the CPU time is printed, not asserted: speed lives in benchmarks)."""
    import time

    from mer_agents.ui.timeline import MAX_HTML_BYTES

    path = _crafted_revisions(tmp_path / "revisions.json")
    assert 4_800_000 < path.stat().st_size < MAX_TRACE_BYTES
    started = time.thread_time()
    update = handlers.replay(str(path))
    cpu = time.thread_time() - started
    html = update["timeline"]
    print(f"4.9 MB revision replay: {cpu:.2f} s CPU, {len(html.encode()) / 1e6:.2f} MB of HTML")
    assert len(html.encode()) <= MAX_HTML_BYTES
    assert update["status"].startswith("Replayed") and "more attempt(s) not drawn" in html


def test_a_crafted_speaker_replay_draws_its_plot_quickly(tmp_path):
    """2,000 speaker turns in a 160 KB trace kept the replay busy for over ten minutes (plotly's add_vrect per
    turn); the plot draws at most plots.MAX_SPEAKER_BANDS of them."""
    import time

    from mer_agents.events import EvidenceReady, RunStarted
    from mer_agents.types import Evidence, Modalities, ModalityEvidence, SpeakerTurn
    from mer_agents.ui.plots import MAX_SPEAKER_BANDS

    off = ModalityEvidence(available=False)
    turns = [SpeakerTurn(speaker=f"S{1 + i % 3}", start=i, end=i + 1, text="hi") for i in range(2000)]
    evidence = Evidence(
        source="x.mp4", duration_s=2000, modalities=Modalities(text=off, audio=off, video=off), speakers=turns
    )
    path = tmp_path / "speakers.json"
    events = [RunStarted(run_id="r"), EvidenceReady(evidence=evidence)]
    path.write_text(json.dumps({"events": [event_to_json(e) for e in events]}))
    started = time.thread_time()
    update = handlers.replay(str(path))
    print(f"2,000-turn speaker replay: {time.thread_time() - started:.2f} s CPU")
    assert len(update["modality_plot"].layout.shapes) == 3 * MAX_SPEAKER_BANDS


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("x" * (MAX_TRACE_BYTES + 1), "a trace may be at most 5 MB"),
        ('{"events": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested too deeply"),
        ('{"events": [{"kind": "stage_started", "stage": "reply", "round": 40}]}', "round 40"),
        ("<html>not a trace</html>", "bad JSON"),
    ],
)
def test_replay_of_a_crafted_trace_is_one_line(tmp_path, content, why):
    path = tmp_path / "crafted.json"
    path.write_text(content)
    html, status = _timeline_and_status(handlers.replay(str(path)))
    assert status.startswith("**Cannot replay:**") and why in status and "Traceback" not in status
    assert "fills in" in html


def test_a_frame_cap_is_said_in_the_status_line_and_the_timeline():
    """media.py lowers the frame rate to stay within MAX_FRAMES and flags it; the UI repeats it."""
    from mer_agents.events import EvidenceReady, RunFinished, RunStarted
    from mer_agents.types import Evidence, Flag, Modalities, ModalityEvidence
    from mer_agents.ui.timeline import TimelineView, apply, render_html

    note = (
        "frames were sampled at 0.5 per second instead of 10, to keep at most 300 frames of the 600 s "
        "analysed"
    )
    off = ModalityEvidence(available=False)
    evidence = Evidence(
        source="long.mp4",
        duration_s=600.0,
        modalities=Modalities(text=off, audio=off, video=off),
        flags=[Flag(code="frames_capped", message=note)],
    )
    view = TimelineView()
    for event in (
        RunStarted(run_id="r"),
        EvidenceReady(evidence=evidence),
        RunFinished(
            reply="That sounds hard.", emotion="sadness", strategy="Question", rounds=0, all_passed=True
        ),
    ):
        apply(view, event)
    status = handlers.status_line(view)
    assert status.startswith("**Done**")
    assert "Note: frames were sampled at 0\\.5 per second instead of 10" in status
    assert "flag frames_capped: frames were sampled at 0.5 per second" in render_html(view)


OFFERED = "This server offers only these models"


@pytest.mark.parametrize(
    "model",
    [
        "/etc/passwd",
        "~/models/x.gguf",
        "../../weights",
        "Qwen/Qwen2.5-Omni-7B",
        "C:\\models\\m.gguf",
        "qwen2.5-coder-1.5b",  # bundled, but not allowed by this operator
        "qwen2.5-coder-0.5b",
    ],
)
def test_the_model_box_offers_only_the_operators_models(settings, model):
    """The probe's case: a visitor's model choice made the server load a 1.5B model (2.0 → 4.0 GB). With
    the default MER_ALLOWED_MODELS only the app's own model runs, and nothing is built for another."""
    built = dict(shared._BACKENDS)
    final = list(handlers.stream_run(settings, None, "I feel alone.", None, {"model": model}, None))[-1]
    assert final.final and final.view.error.startswith(f"{OFFERED}: default (its operator chooses them)")
    assert "\n" not in final.view.error and "MER_" not in final.view.error
    assert shared._BACKENDS == built and not shared.extras()  # refused before any backend was built for it
    data = json.loads(Path(final.trace_path).read_text())
    assert data["events"][-1]["kind"] == "run_failed" and data["ended"] == "bad_input"


def test_the_model_box_takes_what_the_operator_allows(settings):
    for model in ("", "  ", None):
        assert validation.check_ui_model(settings, None, model) == (None, None)
    operator = settings.updated(allowed_models="qwen2.5-coder-0.5b, qwen2.5-coder-1.5b")  # MER_ALLOWED_MODELS
    assert validation.model_choices(operator) == [
        ("default", ""),
        ("qwen2.5-coder-0.5b", "qwen2.5-coder-0.5b"),
        ("qwen2.5-coder-1.5b", "qwen2.5-coder-1.5b"),
    ]
    assert validation.settings_from_ui(operator, model="Qwen2.5-Coder-1.5B").model == "qwen2.5-coder-1.5b"
    with pytest.raises(MerError, match=f"{OFFERED}: default, qwen2.5-coder-0.5b, qwen2.5-coder-1.5b"):
        validation.settings_from_ui(operator, model="/srv/models/other.gguf")
    own = Settings(trace_dir=settings.trace_dir, model="/srv/models/chosen.gguf")
    assert validation.model_choices(own) == [("chosen.gguf", "")]  # the page shows no server path
    assert (
        validation.settings_from_ui(own, model="/srv/models/chosen.gguf").model == "/srv/models/chosen.gguf"
    )
    assert validation.settings_from_ui(own, model="").model == "/srv/models/chosen.gguf"
    with pytest.raises(MerError, match=OFFERED):
        validation.settings_from_ui(own, model="/srv/models/other.gguf")
    opened = settings.updated(allow_model_paths=True)  # MER_ALLOW_MODEL_PATHS=1: the operator opens it all
    assert (
        validation.settings_from_ui(opened, model="/srv/models/other.gguf").model == "/srv/models/other.gguf"
    )


def test_the_backend_box_offers_the_operators_backend_and_the_scripted_one(settings):
    """A backend that loads a model (transformers_omni, a server) is the operator's choice too; the scripted
    backend loads nothing and stays on offer."""
    from mer_agents.backends import available_backends

    assert [name for _, name in validation.backend_choices(settings, available_backends())] == [
        "auto",
        "scripted",
    ]
    assert validation.settings_from_ui(settings, backend="scripted").backend == "scripted"
    for backend in ("transformers_omni", "openai_http", "embedded"):
        with pytest.raises(MerError, match="This server runs the auto or scripted backend"):
            validation.settings_from_ui(settings, backend=backend)
    opened = settings.updated(allow_model_paths=True)
    assert validation.settings_from_ui(opened, backend="openai_http", model="served").model == "served"


def test_a_visitor_cannot_raise_the_servers_memory_by_choosing_a_model(settings, monkeypatch):
    """An allowed extra model is loaded only when the free memory holds it (its GGUF size × MEMORY_FACTOR,
    leaving FREE_RESERVE_BYTES): here the machine reports 1 GB free, so the 1.5B model (a 1.1 GB file) is
    refused in one line, before any backend is built; with 64 GB free the same choice gets its backend."""
    from mer_agents.backends.embedded import QWEN_CODER_15B

    operator = settings.updated(backend="embedded", allowed_models=("qwen2.5-coder-1.5b",))
    assert shared.model_bytes(operator.updated(model="qwen2.5-coder-1.5b")) == 2 * QWEN_CODER_15B.size
    built = dict(shared._BACKENDS)
    monkeypatch.setattr(shared, "available_bytes", lambda: 1 << 30)
    ui = {"model": "qwen2.5-coder-1.5b"}
    final = list(handlers.stream_run(operator, None, "I feel alone.", None, ui, None))[-1]
    assert "too little free memory for qwen2.5-coder-1.5b now (it needs about 2.2 GB, 1.1 GB are free)" in (
        final.view.error
    )
    assert shared._BACKENDS == built and not shared.extras()
    monkeypatch.setattr(shared, "available_bytes", lambda: 64 << 30)
    extra = handlers.run_backend(operator, validation.settings_from_ui(operator, **ui))
    try:
        assert extra.settings.model == "qwen2.5-coder-1.5b" and len(shared.extras()) == 1
        assert extra._path is None  # built, not loaded: the weights load in the run
    finally:
        shared.reap_idle(idle_s=0)
    assert not shared.extras() and shared._BACKENDS == built


def test_an_idle_extra_model_is_released_but_not_while_a_run_holds_the_model(settings):
    """reap_idle (the reaper thread calls it every REAP_EVERY_S) drops an extra no run has held for
    EXTRA_IDLE_S and calls its release(); not while a run holds the model slot (a generation may be on it),
    nor while a run holds that backend (shared.hold, around every Clip-tab and /analyze run)."""
    import threading

    # loads nothing (model_bytes 0); n_threads 7: a key no other test builds as an app's own backend
    chosen = settings.updated(backend="scripted", n_threads=7)
    extra = shared.extra_backend(chosen)
    released = []
    extra.release = lambda: released.append(True)
    slot = threading.Semaphore(1)
    assert shared.reap_idle(slot, idle_s=3600) == [] and shared.extras()  # used just now
    assert slot.acquire(blocking=False)  # a run holds the model
    assert shared.reap_idle(slot, idle_s=0) == [] and shared.extras() and not released
    slot.release()
    with shared.hold(chosen):  # a run on this very model, waiting for the slot or between two generations
        assert shared.reap_idle(slot, idle_s=0) == [] and shared.extras() and not released
    (key,) = shared.reap_idle(slot, idle_s=0)
    assert key[0] == "scripted" and released == [True] and key not in shared._BACKENDS
    assert not shared.extras()


@pytest.mark.parametrize("chosen", [True, False])
def test_the_first_event_imports_pyplot_only_without_headless_plots(chosen):
    """Gradio enters every event through MatplotlibBackendMananger (real gradio, fresh interpreter): with
    build_app's headless_plots() the first event imports no pyplot (0.8 s on 2 busy cores); without it, it
    does (the control)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from gradio import utils\n"
        "from mer_agents.ui.app import headless_plots\n"
        f"{'headless_plots()' if chosen else 'pass'}\n"
        "with utils.MatplotlibBackendMananger():\n"
        "    pass\n"
        "print('matplotlib.pyplot' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == str(not chosen)


def test_the_apps_queue_polls_every_queue_poll_s():
    """Gradio looks for new events every 1 ms while its queue is empty (an idle app took ~9 % of a core; bench
    live reports it as idle_no_browser); the app's queue looks every QUEUE_POLL_S. The attributes are Gradio's
    private ones: if a Gradio release renames them, this fails instead of the cost coming back unseen."""
    import gradio as gr

    from mer_agents.ui.app import QUEUE_POLL_S, queued

    with gr.Blocks() as demo:
        gr.Textbox()
    queue = queued(demo)._queue
    assert queue.sleep_when_free == QUEUE_POLL_S and queue.progress_update_sleep_when_free == QUEUE_POLL_S
    assert queue.max_size is not None


def test_a_streamed_run_leaves_its_trace_and_no_server_path(tmp_path):
    """/analyze_stream wrote no trace on the server (219 events streamed, 0 files), and traces carried the
    server's cache_dir. A streamed run now leaves one trace saying how it ended, and neither the stream nor
    the trace holds a path of the server.

    SCRIPTED backend (mer_agents/backends/scripted.py: control flow only, not a model); the perception of the
    typed message is real."""
    settings = Settings(
        trace_dir=tmp_path / "traces",
        cache_dir=tmp_path / "server" / "cache",
        backend="scripted",
        max_rounds=0,
    )
    events = list(handlers.api_analyze_stream(settings, None, "I lost my job and I feel empty."))
    assert events[0]["kind"] == "run_started" and events[-1]["kind"] == "run_finished"
    (trace,) = (tmp_path / "traces").glob("*.json")
    data = json.loads(trace.read_text())
    assert trace.name.endswith(f"-{events[0]['run_id']}.json") and data["ended"] == "finished"
    assert len(data["events"]) == len(events)
    assert str(tmp_path) not in json.dumps(events) and str(tmp_path) not in trace.read_text()
    assert data["settings"]["cache_dir"] == "cache"


@pytest.mark.parametrize(
    ("ui", "expected"),
    [
        ({"max_rounds": 99}, "Max reflection rounds must be from 0 to 6 (got 99)"),
        ({"max_rounds": "many"}, "Max reflection rounds must be from 0 to 6 (got 'many')"),
        ({"fps": float("nan")}, "Frame rate (frames/s) must be from 0.5 to 10 (got nan)"),
        ({"max_duration": 10**9}, "Max duration (s) must be from 5 to 600 (got 1000000000)"),
        ({"max_rounds": 2.5}, "Max reflection rounds: input should be a valid integer"),
        ({"speaker": "S0"}, "Answer speaker: must be S1, S2, … (speakers in order of first speech)"),
        ({"reflection": "maybe"}, "Reflection: input should be a valid boolean"),
    ],
)
def test_out_of_range_settings_get_a_message_naming_the_control(settings, ui, expected):
    """What /ui_run's API accepts besides the page's controls: the run is refused in one line naming the
    control a visitor sees (the app's queue guard refuses with the same line: tests/test_app_cancel.py)."""
    final = list(handlers.stream_run(settings, None, "I feel alone.", None, ui, None))[-1]
    assert final.view.error.startswith("Invalid settings: ") and expected in final.view.error
    assert "\n" not in final.view.error


def test_admission_counts_a_burst_atomically():
    """Gradio runs the queue guard, then (a few awaits later) appends the event: 20 guards at once all saw an
    empty queue. Admission counts the admitted runs until Gradio's append hands them to the queue, under one
    lock: of 20 concurrent admits, MAX_WAITING_RUNS get in; once queued (and one taken to run), one more."""
    import threading
    from types import SimpleNamespace

    from mer_agents.ui.layout import MAX_WAITING_RUNS, MODEL_CONCURRENCY, Admission, waiting_runs

    group = SimpleNamespace(queue=[])
    demo = SimpleNamespace(_queue=SimpleNamespace(event_queue_per_concurrency_id={MODEL_CONCURRENCY: group}))
    admission = Admission(demo)
    start = threading.Barrier(20)
    results = []

    def submit():
        start.wait()
        results.append(admission.admit())

    threads = [threading.Thread(target=submit) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(None) == MAX_WAITING_RUNS and all(r == MAX_WAITING_RUNS for r in results if r)
    for i in range(MAX_WAITING_RUNS):  # Gradio queues the admitted runs
        group.queue.append(f"event {i}")
    assert waiting_runs(demo) == MAX_WAITING_RUNS and not admission.admitted
    assert admission.admit() == MAX_WAITING_RUNS
    group.queue.remove("event 0")  # one starts
    assert admission.admit() is None and admission.admit() == MAX_WAITING_RUNS
