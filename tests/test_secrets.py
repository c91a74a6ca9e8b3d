"""Secrets never leave the process: the API key is in no trace, event, error line or settings dump.

The runs are real (pipeline, text perception models, HTTP backend, trace files, the app's stream handler and
the CLI). The server they talk to is a small loopback HTTP server that plays a hostile OpenAI-compatible
server: it refuses every completion with HTTP 400 and echoes the Authorization header it got into its error
text, which is how a key would otherwise reach the error line of a trace.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mer_agents.config import Settings
from mer_agents.events import RunFailed, RunStarted, event_to_json
from mer_agents.pipeline import RunRequest, run
from mer_agents.trace import Trace

KEY = "sk-test-7f3a9c1e5b2d48e6a0c4f1b9d8e7a6c5"
URL_PASSWORD = "pw-0b1c2d3e4f5a6978"
ROOT = Path(__file__).resolve().parents[1]


class EchoingServer:
    """Loopback server: /v1/models lists one model; /v1/chat/completions answers 400 quoting the key."""

    def __init__(self) -> None:
        self.authorizations: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def _answer(self, status: int, payload: dict) -> None:
                body = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                self._answer(200, {"data": [{"id": "echo-model"}]})

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                auth = self.headers.get("Authorization", "")
                server.authorizations.append(auth)
                self._answer(400, {"error": {"message": f"invalid request for credentials {auth}"}})

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def server():
    echo = EchoingServer()
    yield echo
    echo.close()


@pytest.fixture
def env_settings(server, monkeypatch, tmp_path) -> Settings:
    """Settings as an operator sets them: the key in MER_API_KEY, the server in MER_BASE_URL."""
    monkeypatch.setenv("MER_API_KEY", KEY)
    monkeypatch.setenv("MER_BASE_URL", server.url)
    monkeypatch.setenv("MER_BACKEND", "openai_http")
    monkeypatch.setenv("MER_TRACE_DIR", str(tmp_path / "traces"))
    return Settings.from_env(max_rounds=0)


def _assert_no_secret(text: str) -> None:
    assert KEY not in text and KEY[8:] not in text and URL_PASSWORD not in text


def test_settings_never_serialise_the_key(env_settings):
    assert env_settings.api_key is not None and env_settings.api_key.get_secret_value() == KEY
    for shown in (
        env_settings.model_dump_json(),
        json.dumps(env_settings.model_dump(mode="json")),
        repr(env_settings),
        str(env_settings),
        str(env_settings.model_dump()),
    ):
        _assert_no_secret(shown)
    copy = env_settings.updated(fps=3)
    assert copy.api_key is not None and copy.api_key.get_secret_value() == KEY and copy.fps == 3


def test_pipeline_trace_holds_no_key(server, env_settings, tmp_path):
    """A real run on the HTTP backend: the key was sent, the server echoed it, the trace does not hold it."""
    from mer_agents.backends import get_backend

    before = len(server.authorizations)
    trace = Trace(tmp_path / "run.json")
    events = list(
        trace.record(run(RunRequest(text="I lost my job today."), get_backend(env_settings), env_settings))
    )
    path = trace.write()
    sent = server.authorizations[before:]
    assert sent and all(a == f"Bearer {KEY}" for a in sent)  # the key did reach the server
    assert isinstance(events[0], RunStarted) and isinstance(events[-1], RunFailed)
    assert "***" in events[-1].error  # the echoed key, redacted
    _assert_no_secret(path.read_text(encoding="utf-8"))
    _assert_no_secret(path.with_suffix(".jsonl").read_text(encoding="utf-8"))
    _assert_no_secret(json.dumps([event_to_json(e) for e in events]))


def test_url_password_is_masked(server, monkeypatch, tmp_path):
    """A password written into the base URL is masked in the settings dump, the backend line and errors."""
    from mer_agents.backends import get_backend

    url = server.url.replace("http://", f"http://user:{URL_PASSWORD}@")
    settings = Settings(backend="openai_http", base_url=url, max_rounds=0)
    trace = Trace(tmp_path / "url.json")
    list(trace.record(run(RunRequest(text="Nobody listens to me."), get_backend(settings), settings)))
    text = trace.write().read_text(encoding="utf-8")
    _assert_no_secret(text)
    assert "user:***@127.0.0.1" in text


def test_app_stream_and_trace_hold_no_key(server, env_settings):
    """The app's /analyze_stream events (the first one carries the settings) and the UI's trace file."""
    pytest.importorskip("gradio")
    from mer_agents.ui.handlers import api_analyze_stream, stream_run

    events = list(api_analyze_stream(env_settings, None, "My friend stopped talking to me."))
    assert events[0]["kind"] == "run_started" and events[-1]["kind"] == "run_failed"
    assert "max_rounds" in events[0]["settings"] and "api_key" not in events[0]["settings"]
    _assert_no_secret(json.dumps(events))
    snaps = list(stream_run(env_settings, None, "My friend stopped talking to me.", None, {"fps": 3}, None))
    trace_path = snaps[-1].trace_path
    assert trace_path and snaps[-1].view.error
    _assert_no_secret(Path(trace_path).read_text(encoding="utf-8"))
    _assert_no_secret(snaps[-1].view.error)


def test_cli_analyze_prints_and_writes_no_key(server, tmp_path):
    """`analyze` with MER_API_KEY set: stdout, stderr and the trace file are free of the key."""
    env = {**os.environ, "MER_API_KEY": KEY, "MER_BACKEND": "openai_http", "MER_BASE_URL": server.url}
    trace = tmp_path / "cli.json"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mer_agents",
            "analyze",
            "--text",
            "I feel alone.",
            "--max-rounds",
            "0",
            "--trace",
            str(trace),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert trace.is_file()
    for text in (result.stdout, result.stderr, trace.read_text(encoding="utf-8")):
        _assert_no_secret(text)
