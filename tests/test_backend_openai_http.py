"""The openai_http backend against a REAL OpenAI-compatible server: llama.cpp's server (xllamacpp) serving
the embedded SmolLM2 GGUF over HTTP on 127.0.0.1, in this process."""

from __future__ import annotations

import importlib.util
import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from mer_agents.backends import get_backend
from mer_agents.backends.base import GenerationParams, Message, Part
from mer_agents.backends.embedded import default_gguf_path
from mer_agents.backends.json_output import extract_json
from mer_agents.backends.openai_http import OpenAIHTTPBackend
from mer_agents.config import Settings, default_llm_threads
from mer_agents.errors import BackendError

SCHEMA = {
    "type": "object",
    "properties": {
        "emotion": {"type": "string", "enum": ["joy", "sadness", "anger", "neutral"]},
        "reason": {"type": "string", "maxLength": 60},
    },
    "required": ["emotion", "reason"],
    "additionalProperties": False,
}
CHAT = [
    Message(role="system", content="You are a kind listener."),
    Message(role="user", content="My dog died yesterday. I miss him."),
]
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def server_url() -> str:
    """llama.cpp's own HTTP server, started in-process on a free loopback port, warmed with one token."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = str(default_gguf_path())
    params.n_ctx = 4096
    params.n_parallel = 2
    params.cpuparams.n_threads = default_llm_threads()
    params.cpuparams_batch.n_threads = default_llm_threads()
    params.verbosity = -1
    params.hostnames = ["127.0.0.1"]
    params.port = 0
    server = xllamacpp.Server(params)
    url = server.listening_address.rstrip("/") + "/v1"
    warm = httpx.post(
        f"{url}/chat/completions",
        json={"messages": [{"role": "user", "content": "hi"}], "max_tokens": 1},
        timeout=60,
    )
    warm.raise_for_status()
    yield url
    del server


class Shim:
    """A loopback proxy in front of the real server: counts requests in flight and, when asked, refuses
    `response_format` with HTTP 400 as a server without structured outputs does. Everything else is
    forwarded unchanged to llama.cpp, so completions stay real."""

    def __init__(self, target: str, refuse_schema: bool):
        self.target, self.refuse_schema = target, refuse_schema
        self.inflight = self.peak = 0
        self.bodies: list[dict] = []
        self.lock = threading.Lock()
        shim = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with shim.lock:
                    shim.bodies.append(body)
                    shim.inflight += 1
                    shim.peak = max(shim.peak, shim.inflight)
                try:
                    if shim.refuse_schema and "response_format" in body:
                        status, data = 400, b'{"error": {"message": "response_format is not supported"}}'
                    else:
                        answer = httpx.post(shim.target + self.path[len("/v1") :], json=body, timeout=120)
                        status, data = answer.status_code, answer.content
                finally:  # no longer in flight once answered: the client may send its next request at once
                    with shim.lock:
                        shim.inflight -= 1
                self._send(status, data)

            def _send(self, status, data):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self):
        self.httpd.shutdown()


def make(url: str, **options) -> OpenAIHTTPBackend:
    return OpenAIHTTPBackend(Settings(backend="openai_http", base_url=url, model="smollm2"), **options)


@pytest.mark.slow
def test_chat_over_http(server_url):
    backend = make(server_url)
    gen = backend.generate(CHAT, GenerationParams(max_tokens=20, seed=1))
    assert gen.text.strip()
    assert gen.prompt_tokens > 10 and 0 < gen.completion_tokens <= 20 and gen.seconds > 0
    assert "openai_http" in backend.describe()


@pytest.mark.slow
def test_model_name_discovered_from_server(server_url):
    backend = OpenAIHTTPBackend(Settings(backend="openai_http", base_url=server_url))
    assert backend.model().endswith(".gguf")


@pytest.mark.slow
def test_json_schema_over_http(server_url):
    messages = [*CHAT[:1], Message(role="user", content="Name the emotion in: 'My dog died.' Reply in JSON.")]
    gen = make(server_url).generate(messages, GenerationParams(max_tokens=50, seed=2, json_schema=SCHEMA))
    data = json.loads(gen.text)
    assert set(data) == {"emotion", "reason"} and data["emotion"] in SCHEMA["properties"]["emotion"]["enum"]


@pytest.mark.slow
def test_streaming_over_http(server_url):
    deltas: list[str] = []
    gen = make(server_url).generate(CHAT, GenerationParams(max_tokens=20, seed=3), on_token=deltas.append)
    assert len(deltas) > 1 and "".join(deltas) == gen.text
    assert gen.completion_tokens > 0


@pytest.mark.slow
def test_schema_fallback_when_server_refuses_response_format(server_url):
    """The shim refuses response_format like a server without structured outputs; the backend drops it,
    asks for JSON in the system prompt and extracts the object from the real model's reply."""
    shim = Shim(server_url, refuse_schema=True)
    try:
        backend = make(shim.url)
        schema = {"type": "object", "properties": {"emotion": {"type": "string"}}, "required": ["emotion"]}
        messages = [Message(role="user", content='Reply {"emotion": "sadness"} exactly.')]
        gen = backend.generate(messages, GenerationParams(max_tokens=16, seed=4, json_schema=schema))
        assert not backend.schema_supported and backend.extras_supported
        assert "response_format" in shim.bodies[0] and "response_format" not in shim.bodies[-1]
        assert "JSON schema" in shim.bodies[-1]["messages"][0]["content"]
        assert gen.text.strip()  # the caller validates and repairs; the tiny model may not comply
    finally:
        shim.close()


@pytest.mark.slow
def test_concurrency_limit_holds_under_load(server_url):
    shim = Shim(server_url, refuse_schema=False)
    try:
        backend = OpenAIHTTPBackend(
            Settings(backend="openai_http", base_url=shim.url, model="smollm2"), max_concurrency=2
        )
        results: list[str] = []
        threads = [
            threading.Thread(
                target=lambda s=s: results.append(
                    backend.generate(CHAT, GenerationParams(max_tokens=2, seed=s)).text
                )
            )
            for s in range(5)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert len(results) == 5 and shim.peak <= 2
    finally:
        shim.close()


def test_server_down_is_a_clear_error_after_bounded_retries():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again: nothing listens there
    backend = make(f"http://127.0.0.1:{port}/v1", max_retries=2, backoff_s=0.01, timeout_s=2)
    start = time.perf_counter()
    with pytest.raises(BackendError, match="after 3 attempts") as info:
        backend.generate(CHAT, GenerationParams(max_tokens=4))
    assert "\n" not in str(info.value) and time.perf_counter() - start < 5


def test_read_timeout_is_not_retried():
    """A loopback server that accepts and never answers: one request, then a clear BackendError."""
    seen: list[bytes] = []
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]

        def accept():
            for _ in range(2):
                try:
                    conn, _ = listener.accept()
                except OSError:
                    return
                seen.append(conn.recv(65536))

        threading.Thread(target=accept, daemon=True).start()
        backend = make(f"http://127.0.0.1:{port}/v1", max_retries=2, backoff_s=0.01, timeout_s=0.5)
        with pytest.raises(BackendError, match="MER_HTTP_TIMEOUT"):
            backend.generate(CHAT, GenerationParams(max_tokens=4))
    assert len(seen) == 1


def test_missing_base_url_is_a_clear_error():
    with pytest.raises(BackendError, match="MER_BASE_URL"):
        get_backend(Settings(backend="openai_http"))


def test_media_parts_become_content_parts(tmp_path):
    image = tmp_path / "face.png"
    image.write_bytes(b"\x89PNG fake bytes for the wire format only")
    audio = tmp_path / "voice.wav"
    audio.write_bytes(b"RIFF....WAVE")
    message = Message(
        role="user",
        content=[
            Part(type="text", text="How do they feel?"),
            Part(type="image", path=str(image)),
            Part(type="audio", path=str(audio)),
            Part(type="video", path=str(tmp_path / "x.mp4")),
        ],
    )
    params = GenerationParams()
    text_only = make("http://127.0.0.1:9/v1").build_body([message], params, "m", False, False)
    assert text_only["messages"][0]["content"] == "How do they feel?"
    omni = make("http://127.0.0.1:9/v1", modalities={"image", "audio"}).build_body(
        [message], params, "m", False, False
    )
    kinds = [p["type"] for p in omni["messages"][0]["content"]]
    assert kinds == ["text", "image_url", "input_audio"]
    assert omni["messages"][0]["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")
    assert omni["messages"][0]["content"][2]["input_audio"]["format"] == "wav"


def test_extract_json():
    assert json.loads(extract_json('Sure! ```json\n{"a": {"b": 1}}\n``` done')) == {"a": {"b": 1}}
    assert extract_json("no json here") == "no json here"


@pytest.mark.slow
def test_full_pipeline_through_http(server_url):
    """The whole audited run (agents, reflection, reply) with every model call going over HTTP."""
    if importlib.util.find_spec("mer_agents.pipeline") is None:
        pytest.skip("mer_agents/pipeline.py is not there yet")
    from mer_agents.events import RunFailed, RunFinished, StageFinished, TokenDelta
    from mer_agents.pipeline import RunRequest, run

    settings = Settings(
        backend="openai_http", base_url=server_url, model="smollm2", max_rounds=0, http_timeout=1800
    )  # two shared cores under load: no read timeout here
    backend = get_backend(settings)
    assert isinstance(backend, OpenAIHTTPBackend)
    fixture = Path(__file__).parent / "fixtures" / "evidence_sad.json"
    if fixture.is_file():  # evidence in hand: the run exercises the agents, not perception
        from mer_agents.types import Evidence

        request = RunRequest(evidence=Evidence.model_validate_json(fixture.read_text()))
    else:
        request = RunRequest(text="I failed my exam and I feel awful.")
    events = list(run(request, backend, settings))
    failures = [e for e in events if isinstance(e, RunFailed)]
    assert not failures, failures
    assert isinstance(events[-1], RunFinished) and events[-1].reply.strip()
    assert any(isinstance(e, TokenDelta) for e in events)  # streamed over SSE
    assert sum(isinstance(e, StageFinished) for e in events) >= 4
