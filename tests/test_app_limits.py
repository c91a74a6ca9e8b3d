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
from mer_agents.ui import handlers

LONG = "I feel so alone. " * 600  # 10,199 characters once stripped


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(trace_dir=tmp_path)


def test_message_cap_is_enforced_by_the_server():
    assert len(LONG) > MAX_MESSAGE_CHARS
    with pytest.raises(MerError, match=r"10,199 characters long; the limit is 2,000"):
        handlers.require_input(None, LONG)
    exact = "a" * MAX_MESSAGE_CHARS
    assert handlers.require_input(None, exact) == (None, exact)


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


@pytest.mark.parametrize(
    "model", ["/etc/passwd", "~/models/x.gguf", "../../weights", "Qwen/Qwen2.5-Omni-7B", "C:\\models\\m.gguf"]
)
def test_the_model_box_cannot_load_server_paths_by_default(settings, model):
    built = dict(shared._BACKENDS)
    final = list(handlers.stream_run(settings, None, "I feel alone.", None, {"model": model}, None))[-1]
    assert final.final and "loading other models or files from this server is off" in final.view.error
    assert "MER_ALLOW_MODEL_PATHS=1" in final.view.error and "\n" not in final.view.error
    assert shared._BACKENDS == built  # refused before any backend was built for it
    assert json.loads(Path(final.trace_path).read_text())["events"][-1]["kind"] == "run_failed"


def test_the_model_box_takes_bundled_names_and_what_the_operator_allows(settings):
    for model in ("", "  ", "qwen2.5-coder-0.5b", "SmolLM2-135M"):
        handlers.check_ui_model(settings, None, model)
    assert (
        handlers.settings_from_ui(settings, backend="openai_http", model="any/served-name").model
        == "any/served-name"
    )  # a name sent to the HTTP server: nothing is loaded here
    own = Settings(trace_dir=settings.trace_dir, model="/srv/models/chosen.gguf")
    assert handlers.settings_from_ui(own, model="/srv/models/chosen.gguf").model == "/srv/models/chosen.gguf"
    with pytest.raises(MerError, match="MER_ALLOW_MODEL_PATHS=1"):
        handlers.settings_from_ui(own, model="/srv/models/other.gguf")
    operator = settings.updated(allow_model_paths=True)  # MER_ALLOW_MODEL_PATHS=1
    allowed = handlers.settings_from_ui(operator, model="/srv/models/other.gguf")
    assert allowed.model == "/srv/models/other.gguf"


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
