"""The app on 127.0.0.1 driven with gradio_client, on the real path: perception models + embedded backend.

Runs are kept short with MER_MAX_ROUNDS=1. The README's API snippet (docs/api_snippet.py) runs as it is.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from mer_agents.benchmarks.live import free_port
from mer_agents.errors import MerError

ROOT = Path(__file__).resolve().parents[1]
STAGES = ("perception", "forecast", "strategy", "reply")
APP_ENV = {"MER_MAX_ROUNDS": "1", "HF_HUB_OFFLINE": "1", "GRADIO_ANALYTICS_ENABLED": "False"}
WORKER_END_TIMEOUT_S = 60
PREFERRED_EXAMPLE = "sad_loss.mp4"


def example_clip() -> Path:
    from mer_agents.ui.layout import example_clips

    clips = sorted(example_clips(), key=lambda c: (c.name != PREFERRED_EXAMPLE, c.suffix != ".mp4", c.name))
    if not clips:
        pytest.fail("examples/ has no clip")
    return clips[0]


@pytest.fixture(scope="session")
def app():
    """The app as app.py builds it (mer_agents.ui.app.build_app, settings from the environment), with
    short-run settings: `.settings` and `.demo`."""
    from mer_agents.config import Settings
    from mer_agents.ui.app import build_app

    saved = {k: os.environ.get(k) for k in APP_ENV}
    os.environ.update(APP_ENV)
    try:
        settings = Settings.from_env()
        demo = build_app(settings)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    assert settings.max_rounds == 1
    return SimpleNamespace(settings=settings, demo=demo)


@pytest.fixture(scope="session")
def app_url(app):
    from mer_agents.ui.app import launch

    _, url, _ = launch(app.demo, "127.0.0.1", free_port(), prevent_thread_lock=True, quiet=True)
    yield url
    app.demo.close()


@pytest.fixture(scope="session")
def client(app_url):
    from gradio_client import Client

    return Client(app_url, verbose=False)


def wait_for_workers_to_end(timeout: float = WORKER_END_TIMEOUT_S) -> float:
    from mer_agents.runs import worker_threads as live_workers

    start = time.monotonic()
    while live_workers() and time.monotonic() - start < timeout:
        time.sleep(0.2)
    assert not live_workers(), "the pipeline worker is still running"
    return time.monotonic() - start


@pytest.mark.slow
def test_api_snippet_streams_every_stage_and_ends_with_a_reply(app_url, monkeypatch, capsys):
    monkeypatch.setenv("MER_APP_URL", app_url)
    monkeypatch.setattr(sys, "argv", ["api_snippet.py", str(example_clip())])
    started = time.monotonic()
    ns = runpy.run_path(str(ROOT / "docs" / "api_snippet.py"), run_name="__main__")
    assert ns["reply"].strip()
    trace = json.loads(Path(ns["trace_path"]).read_text(encoding="utf-8"))
    assert trace["reply"] == ns["reply"] and trace["events"]
    events = ns["events"]
    kinds = [e["kind"] for e in events]
    assert kinds[-1] == "run_finished" and events[-1]["reply"].strip()
    for stage in STAGES:
        assert any(e["kind"] == "stage_finished" and e["stage"] == stage for e in events), stage
    assert any(e["kind"] == "audit_verdict" for e in events)
    assert "progress" in kinds and kinds.index("progress") < kinds.index("evidence")
    first = next(e["t"] for e in events if e["kind"] not in ("run_started",))
    print(
        f"api snippet: 2 runs in {time.monotonic() - started:.1f}s; first event at t={first:.2f}s",
        file=sys.__stderr__,
    )
    assert "reply:" in capsys.readouterr().out


@pytest.mark.slow
def test_cancelling_a_stream_stops_the_worker(client):
    from gradio_client import handle_file

    from mer_agents.runs import worker_threads as live_workers

    job = client.submit(clip=handle_file(str(example_clip())), message="", api_name="/analyze_stream")
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not job.done():  # cancel while an agent is generating
        if any(e["kind"] == "stage_started" for e in job.outputs()):
            break
        time.sleep(0.1)
    assert not job.done(), "the run ended before any agent started"
    assert live_workers(), "the run should be going"
    job.cancel()
    waited = wait_for_workers_to_end()
    print(f"worker ended {waited:.1f}s after cancel", file=sys.__stderr__)


@pytest.mark.slow
def test_cancelling_analyze_stops_the_worker(client):
    """/analyze (not streamed) on the real embedded model: cancelled while an agent generates, its worker
    ends within a few seconds (before, the run went on to its end whatever the client did)."""
    from mer_agents.runs import running as running_runs

    job = client.submit(
        clip=None, message="My sister stopped talking to me and I miss her.", api_name="/analyze"
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not job.done():
        if any(run.last_kind == "token" for run in running_runs()):
            break
        time.sleep(0.1)
    assert not job.done(), "the run ended before any agent generated"
    cancelled = time.monotonic()
    job.cancel()
    wait_for_workers_to_end()
    print(
        f"/analyze on the embedded model: worker ended {time.monotonic() - cancelled:.1f}s after cancel",
        file=sys.__stderr__,
    )
    assert time.monotonic() - cancelled < 10


@pytest.mark.slow
def test_corrupt_file_returns_a_readable_error(client, tmp_path):
    from gradio_client import handle_file
    from gradio_client.exceptions import AppError

    bad = tmp_path / "corrupt.mp4"
    bad.write_bytes(b"this is not a video at all" * 50)
    with pytest.raises(AppError) as info:
        client.predict(clip=handle_file(str(bad)), message="", api_name="/analyze")
    message = str(info.value)
    assert message and "Traceback" not in message and len(message.splitlines()) == 1
    assert "corrupt.mp4" in message or "decode" in message.lower() or "read" in message.lower()


def test_wrong_file_type_is_refused_with_a_message(client, tmp_path):
    from gradio_client import handle_file
    from gradio_client.exceptions import AppError

    from mer_agents.ui.validation import check_clip

    notes = tmp_path / "notes.txt"
    notes.write_text("hello")
    # ours (media.py's list), for the API as behind the webcam/mic inputs: one line naming the accepted types
    with pytest.raises(AppError, match=r"Unsupported file type \.txt: upload a video \(\.avi, .*\.wav"):
        client.predict(clip=handle_file(str(notes)), message="", api_name="/analyze")
    with pytest.raises(MerError, match="Unsupported file type .txt"):
        check_clip(str(notes))


@pytest.mark.slow
def test_ui_handler_keeps_the_trace_of_a_failed_run_and_replays_it(app, tmp_path):
    """The UI path on a corrupt clip: readable status, error in the timeline, a downloadable trace."""
    from mer_agents.ui.handlers import replay, ui_run

    bad = tmp_path / "broken.mp4"
    bad.write_bytes(b"\x00\x01garbage" * 100)
    updates = list(ui_run(app.settings, str(bad), None, "", None, {}, None))
    final = updates[-1]
    assert final["status"].startswith("**Stopped:**") and "Traceback" not in final["status"]
    assert 'class="mer-error"' in final["timeline"]
    trace = json.loads(Path(final["trace"]).read_text(encoding="utf-8"))
    assert trace["events"][-1]["kind"] == "run_failed"
    replayed = replay(final["trace"])
    timeline, status = replayed["timeline"], replayed["status"]
    assert "mer-error" in timeline and status.startswith("Replayed")


@pytest.mark.slow
def test_stop_button_ends_the_run_with_a_trace(app):
    """Stop (runs.stop) while an agent runs: the run ends 'cancelled', keeps its trace, the worker ends."""
    from mer_agents.runs import stop as stop_session_run
    from mer_agents.ui.handlers import stream_run

    stopped = False
    for snap in stream_run(app.settings, str(example_clip()), "", None, {}, "test-session"):
        if not stopped and any(e.stage in STAGES and e.status == "running" for e in snap.view.entries):
            stopped = stop_session_run("test-session")
        last = snap
    assert stopped and last.final and last.view.latest("run").status == "cancelled"
    trace = json.loads(Path(last.trace_path).read_text(encoding="utf-8"))
    assert trace["events"][-1]["kind"] == "run_failed"
    wait_for_workers_to_end()


@pytest.mark.slow
def test_typed_message_continues_the_conversation(app):
    """Two typed turns in one session: the chat view holds both and the second run sees the first."""
    from mer_agents.ui.handlers import ui_run

    session = None
    for text in ("I failed my driving test again.", "I don't know if I should even try again."):
        final = list(ui_run(app.settings, None, None, text, session, {}, None))[-1]
        assert final["reply"], final["status"]
        session = final["session"]
    assert len(session.turns) == 2
    assert [m["role"] for m in final["chat"]] == ["user", "assistant", "user", "assistant"]


def test_queue_and_upload_limits_are_explicit(app, app_url):
    from mer_agents.ui.app import QUEUE_MAX_SIZE

    assert app.demo._queue.max_size == QUEUE_MAX_SIZE
    assert app.demo.max_file_size == 100 * 1024 * 1024
    assert not app.demo.share


def test_flags_default_to_gradio_environment(app, monkeypatch):
    monkeypatch.setenv("GRADIO_SERVER_NAME", "0.0.0.0")
    monkeypatch.setenv("GRADIO_SERVER_PORT", "7999")
    from mer_agents.ui.app import parse_args

    args = parse_args([])
    assert (args.host, args.port, args.share) == ("0.0.0.0", 7999, False)
    assert parse_args(["--share", "--port", "8000"]).share is True
