"""Cancel means stop: a cancelled or disconnected run ends its worker within about a second, and one run holds
the models at a time whoever started it (Analyze, /analyze, /analyze_stream, examples, Live turns).

CONTROL-FLOW tests: the app is real (build_demo on 127.0.0.1, Gradio's queue, gradio_client and raw HTTP),
the perception of the typed message is real, but the LLM is `SlowBackend`, a scripted backend
(mer_agents/backends/scripted.py) that streams a filler token every TOKEN_GAP_S for up to LONG_S before its
canned answer, so a run stays inside its first agent until it is stopped. It stands in for no feature: what
is tested is when the worker threads end.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from pathlib import Path

import pytest

pytest.importorskip("gradio")

from mer_agents import runs  # noqa: E402
from mer_agents.backends import shared  # noqa: E402
from mer_agents.backends.scripted import ScriptedBackend  # noqa: E402
from mer_agents.benchmarks.live import free_port  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.ui import handlers  # noqa: E402

TOKEN_GAP_S = 0.02
LONG_S = 120.0  # a run not stopped would hold its worker this long
# From job.cancel() (or the connection closing) until no worker thread is left. About a second is the target;
# Gradio's /cancel itself takes 0.2-1.5 s here and up to 5 s when the shared 2-core machine is loaded.
STOP_WITHIN_S = 6.0
START_TIMEOUT_S = 120.0  # first use loads the real text-emotion models
MESSAGE = "I lost my job today and I feel empty."


class SlowBackend(ScriptedBackend):
    """CONTROL-FLOW double, never a model: streams filler tokens until cancelled (or LONG_S), then answers
    as ScriptedBackend does. Counts the calls running at once."""

    name = "slow-scripted"

    def __init__(self) -> None:
        super().__init__()
        self.started = threading.Event()
        self.running = 0
        self.max_running = 0
        self.generations = 0
        self.completed = 0  # generations that ran to their end (a cancelled run's never does)
        self._count = threading.Lock()

    def generate(self, messages, params, on_token=None):
        with self._count:
            self.running += 1
            self.generations += 1
            self.max_running = max(self.max_running, self.running)
        self.started.set()
        try:
            deadline = time.monotonic() + LONG_S
            while on_token is not None and time.monotonic() < deadline:
                on_token(" …")  # the pipeline's sink raises here once the run is cancelled
                time.sleep(TOKEN_GAP_S)
            generation = super().generate(messages, params, on_token)
            with self._count:
                self.completed += 1
            return generation
        finally:
            with self._count:
                self.running -= 1

    def describe(self) -> str:
        return "slow scripted backend (control-flow tests only)"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """A real app on a free loopback port, serving runs with SlowBackend (registered under its own key)."""
    from mer_agents.ui.layout import build_demo

    saved = dict(shared._BACKENDS)
    # n_threads=3: a backend key of its own, so an app built elsewhere in this process keeps its backend.
    settings = Settings(trace_dir=tmp_path_factory.mktemp("traces"), n_threads=3, max_rounds=0)
    backend = SlowBackend()
    demo = build_demo(settings, backend).queue(default_concurrency_limit=1, max_size=32)
    _, url, _ = demo.launch(
        server_name="127.0.0.1", server_port=free_port(), prevent_thread_lock=True, quiet=True
    )
    yield demo, url, backend, settings
    demo.close()
    shared._BACKENDS.clear()
    shared._BACKENDS.update(saved)


@pytest.fixture
def backend(app):
    _, _, backend, _ = app
    wait_until_idle()
    backend.started.clear()
    backend.max_running = backend.generations = backend.completed = 0
    return backend


@pytest.fixture(scope="module")
def client(app):
    from gradio_client import Client

    return Client(app[1], verbose=False, httpx_kwargs={"timeout": 30})  # /cancel is slow on a loaded machine


def wait_until_idle(timeout: float = 30.0) -> float:
    """Seconds until no run's worker thread is left (fails after `timeout`)."""
    start = time.monotonic()
    while (runs.running() or runs.worker_threads()) and time.monotonic() - start < timeout:
        time.sleep(0.02)
    assert not runs.running() and not runs.worker_threads(), "a run's worker is still alive"
    return time.monotonic() - start


def wait_for_generation(backend: SlowBackend) -> None:
    assert backend.started.wait(START_TIMEOUT_S), "the run never reached its first agent"
    time.sleep(0.3)  # well inside the agent's token stream


def run_threads() -> list[str]:
    """The pipeline's own threads still alive: workers (mer-run-*) and stage threads (mer-<stage>)."""
    return [t.name for t in threading.enumerate() if t.name.startswith("mer-") and t.is_alive()]


def test_cancelled_analyze_stops_its_worker_within_a_second(client, backend):
    job = client.submit(clip=None, message=MESSAGE, api_name="/analyze")
    wait_for_generation(backend)
    cancelled = time.monotonic()
    job.cancel()
    wait_until_idle()
    stopped = time.monotonic() - cancelled
    print(f"/analyze: worker ended {stopped:.2f}s after job.cancel() was called", flush=True)
    assert stopped < STOP_WITHIN_S and backend.running == 0 and backend.completed == 0
    assert run_threads() == []


def test_queued_then_cancelled_jobs_all_stop(client, backend):
    """The probe's case: /analyze jobs queued, then cancelled one by one in order. A queued job may start in
    the moment between two cancels, but none runs on: all are idle within a few seconds of the last cancel,
    no generation ever finishes, one runs at a time, and nothing starts afterwards."""
    jobs = [client.submit(clip=None, message=MESSAGE, api_name="/analyze") for _ in range(6)]
    wait_for_generation(backend)
    took = []
    for job in jobs:
        t = time.monotonic()
        job.cancel()
        took.append(round(time.monotonic() - t, 2))
    stopped = wait_until_idle()
    print(f"6 cancels took {took}s", flush=True)
    started = backend.generations
    time.sleep(1.0)  # a queued job that survived its cancel would start now
    assert stopped < STOP_WITHIN_S and not runs.running() and run_threads() == []
    assert backend.generations == started and backend.completed == 0 and backend.max_running == 1
    print(
        f"6 /analyze jobs cancelled in order: {started} reached the model, idle {stopped:.2f}s after the "
        "last cancel",
        flush=True,
    )


def test_cancelled_stream_stops_its_worker(client, backend):
    job = client.submit(clip=None, message=MESSAGE, api_name="/analyze_stream")
    wait_for_generation(backend)
    cancelled = time.monotonic()
    job.cancel()
    wait_until_idle()
    stopped = time.monotonic() - cancelled
    print(f"/analyze_stream: worker ended {stopped:.2f}s after job.cancel() was called", flush=True)
    assert stopped < STOP_WITHIN_S


def test_a_client_that_disconnects_stops_the_run(app, backend):
    """Raw HTTP: join the queue, read the event stream until the run starts, then drop the connection."""
    import httpx

    demo, url, _, _ = app
    fn_index = next(i for i, fn in demo.fns.items() if fn.api_name == "analyze")
    session = uuid.uuid4().hex[:11]
    with httpx.Client(base_url=url, timeout=30) as http:
        joined = http.post(
            "gradio_api/queue/join",
            json={
                "data": [None, MESSAGE],
                "fn_index": fn_index,
                "session_hash": session,
                "event_data": None,
                "trigger_id": None,
            },
        )
        assert joined.status_code == 200, joined.text
        with http.stream("GET", "gradio_api/queue/data", params={"session_hash": session}) as stream:
            lines = stream.iter_lines()  # kept: a dropped line iterator would close the connection here
            for line in lines:
                if "process_starts" in line:
                    break
            wait_for_generation(backend)
        # leaving the block closes the connection, as a closed browser tab does
    dropped = time.monotonic()
    stopped = wait_until_idle()
    print(
        f"disconnect: worker ended {time.monotonic() - dropped:.2f}s after the connection closed", flush=True
    )
    assert stopped < STOP_WITHIN_S


def test_a_full_queue_is_refused_with_its_length(app, client, backend):
    from gradio_client.exceptions import ValidationError

    from mer_agents.ui.layout import MAX_WAITING_RUNS, waiting_runs

    demo = app[0]
    first = client.submit(clip=None, message=MESSAGE, api_name="/analyze")
    wait_for_generation(backend)
    jobs = [first] + [
        client.submit(clip=None, message=MESSAGE, api_name="/analyze") for _ in range(MAX_WAITING_RUNS)
    ]
    deadline = time.monotonic() + 30
    while waiting_runs(demo) < MAX_WAITING_RUNS and time.monotonic() < deadline:  # submits are asynchronous
        time.sleep(0.05)
    assert waiting_runs(demo) == MAX_WAITING_RUNS
    extra = client.submit(clip=None, message=MESSAGE, api_name="/analyze_stream")
    with pytest.raises(ValidationError) as refused:
        extra.result(timeout=30)
    for job in reversed(jobs):  # the queued ones first, so none starts in between
        job.cancel()
    wait_until_idle()
    message = str(refused.value)
    assert f"{MAX_WAITING_RUNS} runs are already waiting for the model" in message and "try again" in message
    assert waiting_runs(demo) == 0
    print(f"queue full: {message.splitlines()[-1]}", flush=True)


def test_stop_while_waiting_for_the_model_ends_at_once(app, backend):
    """A run that waits for the model slot (held here as a Live turn would hold it) says so and stops at
    once."""
    _, _, _, settings = app
    assert runs.MODEL_SLOT.acquire(timeout=10)
    try:
        snaps = handlers.stream_run(settings, None, MESSAGE, None, {}, "waiting-session")
        first = next(snaps)
        assert first.idle and first.waiting
        assert handlers.status_line(first.view, 0.0, first.waiting).startswith("⏳ waiting for the model")
        runs.stop("waiting-session")
        stopped = time.monotonic()
        last = list(snaps)[-1]
        assert last.final and last.view.error == runs.CANCELLED_MESSAGE
        assert wait_until_idle() < 1.0 and time.monotonic() - stopped < 2.0
        assert json.loads(Path(last.trace_path).read_text())["events"][-1]["kind"] == "run_failed"
    finally:
        runs.MODEL_SLOT.release()
    assert not backend.started.is_set()


def test_live_turn_waits_for_the_shared_slot_and_a_close_frees_it(app, backend, tmp_path):
    """A Live turn takes the same slot as the Clip tab; closing the conversation while it waits ends it."""
    import numpy as np

    from mer_agents.live import VAD_WINDOW, LiveSession, LiveSettings

    ran = threading.Event()

    def runner(clip: str, cancel: threading.Event):
        ran.set()
        return iter(())

    def loud_is_speech(audio: np.ndarray) -> np.ndarray:  # a scripted VAD: the turn cut is not under test
        return np.full(audio.size // VAD_WINDOW, 1.0 if audio.size and np.abs(audio).max() > 0.1 else 0.0)

    session = LiveSession(
        runner, LiveSettings(), vad=loud_is_speech, run_slots=runs.MODEL_SLOT, workdir=tmp_path
    )
    assert runs.MODEL_SLOT.acquire(timeout=10)
    try:
        session.push_audio(16000, np.full(16000, 0.5, np.float32))
        (turn,) = session.push_audio(16000, np.zeros(16000, np.float32))
        deadline = time.monotonic() + 10
        while not turn.waiting_for_model and time.monotonic() < deadline:
            time.sleep(0.02)
        assert turn.waiting_for_model and turn.status == "running" and not ran.is_set()
        closed = time.monotonic()
        session.close()
        assert time.monotonic() - closed < 1.0
        assert turn.status == "cancelled" and not ran.is_set()
    finally:
        runs.MODEL_SLOT.release()


def test_a_run_nobody_consumes_cancels_itself(monkeypatch):
    """The handler generator can be dropped without being closed (Gradio cancelling it during its first step);
    the worker notices nobody takes its events and stops instead of running to the end."""
    from mer_agents.events import Progress

    monkeypatch.setattr(runs, "ORPHAN_S", 0.5)
    produced = []

    def produce(cancel: threading.Event):
        while not cancel.is_set() and len(produced) < 1000:
            produced.append(Progress(t=0.0, stage="media", message="working"))
            yield produced[-1]
            time.sleep(0.01)

    handle = runs.start(produce)
    events = handle.events(handlers.POLL_S)
    next(events)  # the consumer takes one event, then goes away without closing anything
    started = time.monotonic()
    handle.thread.join(timeout=10)
    assert not handle.thread.is_alive() and handle.cancel.is_set()
    assert time.monotonic() - started < 2.0 and len(produced) < 1000
    assert handle not in runs.running()


def test_a_burst_of_20_submits_leaves_at_most_8_waiting(app, client):
    """The probe's case: submits in a burst all passed the queue guard before any was queued (14, then 11
    waited while the refusal said "the queue holds 8"). The count is now atomic (layout.Admission): 20 submits
    at once leave one run holding the handler and at most MAX_WAITING_RUNS waiting; the rest are refused
    with the message. The model slot is held here, so no run reaches the pipeline."""
    from gradio_client.exceptions import ValidationError

    from mer_agents.ui.layout import MAX_WAITING_RUNS, waiting_runs

    demo = app[0]
    wait_until_idle()
    assert runs.MODEL_SLOT.acquire(timeout=10)
    jobs = []
    try:
        jobs = [client.submit(clip=None, message=MESSAGE, api_name="/analyze") for _ in range(20)]
        peak, deadline = 0, time.monotonic() + 60
        while time.monotonic() < deadline:  # until every submit is either refused, queued or running
            peak = max(peak, waiting_runs(demo))
            refused = [j for j in jobs if j.done() and isinstance(j.exception(), ValidationError)]
            if len(refused) + waiting_runs(demo) + len(runs.running()) >= 20:
                break
            time.sleep(0.01)
        time.sleep(0.5)  # a late join would show now
        waiting = waiting_runs(demo)
        peak = max(peak, waiting)
        print(f"burst of 20: {len(refused)} refused, {waiting} waiting (peak {peak}), 1 running", flush=True)
        assert peak <= MAX_WAITING_RUNS and len(refused) >= 20 - MAX_WAITING_RUNS - 1
        assert "runs are already waiting for the model" in str(refused[0].exception())
    finally:
        for job in reversed(jobs):  # the queued ones first, so none starts in between
            job.cancel()
        runs.MODEL_SLOT.release()
    wait_until_idle()


def test_out_of_range_settings_sent_to_ui_run_get_a_message(client):
    """/ui_run (the Analyze button's endpoint) with a value no control on the page offers: gradio_client gets
    a ValidationError with one readable line (it got a bare HTTP 400 while Gradio's slider checked it)."""
    from gradio_client.exceptions import ValidationError

    for position, value, expected in (
        (5, 99, "Max reflection rounds must be from 0 to 6 (got 99)"),
        (9, 1000, "Frame rate (frames/s) must be from 0.5 to 10 (got 1000)"),
        (4, "qwen2.5-coder-1.5b", "This server offers only these models: default"),
        (3, "transformers_omni", "This server runs the auto or scripted backend"),
    ):
        inputs = [None, None, MESSAGE, "auto", "", 0, True, True, False, 2, 120, "last to speak"]
        inputs[position] = value
        job = client.submit(*inputs, api_name="/ui_run")
        with pytest.raises(ValidationError) as refused:
            job.result(timeout=30)
        assert expected in str(refused.value), str(refused.value)


def test_cancelled_api_runs_leave_their_traces(app, client, backend):
    """The probe's case: cancelled /analyze runs wrote no trace (3 of 3), and /analyze_stream runs none at
    all. Each cancelled run now leaves one trace on the server, ending in RunFailed(cancelled)."""
    trace_dir = Path(app[3].trace_dir)
    before = set(trace_dir.glob("*.json"))
    for api in ("/analyze", "/analyze_stream"):
        backend.started.clear()
        job = client.submit(clip=None, message=MESSAGE, api_name=api)
        wait_for_generation(backend)
        job.cancel()
        wait_until_idle()
    deadline = time.monotonic() + 10
    while len(set(trace_dir.glob("*.json")) - before) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)  # the handler writes it as Gradio closes it
    new = sorted(set(trace_dir.glob("*.json")) - before)
    ended = [json.loads(p.read_text())["ended"] for p in new]
    assert ended == ["cancelled", "cancelled"], ended
