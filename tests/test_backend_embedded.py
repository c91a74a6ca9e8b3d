"""The embedded backend on the real SmolLM2-135M GGUF (loaded once per process)."""

from __future__ import annotations

import json
import threading

import pytest

from mer_agents.backends import available_backends, get_backend
from mer_agents.backends.base import Backend, GenerationParams, Message, Part
from mer_agents.backends.embedded import EmbeddedBackend, default_gguf_path
from mer_agents.config import Settings
from mer_agents.errors import ModelError

pytestmark = pytest.mark.slow

SCHEMA = {
    "type": "object",
    "properties": {
        "emotion": {"type": "string", "enum": ["joy", "sadness", "anger", "neutral"]},
        "reason": {"type": "string", "maxLength": 80},
    },
    "required": ["emotion", "reason"],
    "additionalProperties": False,
}
CHAT = [
    Message(role="system", content="You are a kind listener."),
    Message(role="user", content="My dog died yesterday. I miss him."),
]


@pytest.fixture(scope="module")
def backend() -> EmbeddedBackend:
    return EmbeddedBackend(Settings(backend="embedded", n_threads=2))


def test_plain_chat_returns_text(backend):
    assert isinstance(backend, Backend)
    gen = backend.generate(CHAT, GenerationParams(max_tokens=24, seed=1))
    assert gen.text.strip()
    assert gen.prompt_tokens > 10 and 0 < gen.completion_tokens <= 24
    assert gen.seconds > 0 and gen.model.endswith(".gguf")


def test_json_schema_output_validates(backend):
    messages = [*CHAT[:1], Message(role="user", content="Name the emotion in: 'My dog died.' Reply in JSON.")]
    gen = backend.generate(messages, GenerationParams(max_tokens=60, seed=2, json_schema=SCHEMA))
    data = json.loads(gen.text)
    assert set(data) == {"emotion", "reason"}
    assert data["emotion"] in SCHEMA["properties"]["emotion"]["enum"]
    assert isinstance(data["reason"], str)


def test_streaming_deltas_join_to_text(backend):
    deltas: list[str] = []
    gen = backend.generate(CHAT, GenerationParams(max_tokens=20, seed=3), on_token=deltas.append)
    assert len(deltas) > 1
    assert "".join(deltas) == gen.text
    assert gen.completion_tokens > 0


def test_same_seed_same_output(backend):
    params = GenerationParams(max_tokens=16, seed=7, temperature=0.9)
    assert backend.generate(CHAT, params).text == backend.generate(CHAT, params).text


def test_media_parts_are_dropped(backend):
    message = Message(role="user", content=[Part(type="text", text="Say hello."), Part(type="image", path="x.png")])
    assert backend.generate([message], GenerationParams(max_tokens=8)).text.strip()


def test_concurrent_calls_are_serialised(backend):
    engine = backend.engine()
    inside = 0
    overlap = []
    results: list[str] = []
    original = engine.server.handle_chat_completions

    class Probe:
        """Counts callers inside llama.cpp at once (wraps the real server, generation stays real)."""

        def __getattr__(self, name):
            return getattr(original.__self__, name)

        def handle_chat_completions(self, request, callback=None):
            nonlocal inside
            inside += 1
            overlap.append(inside)
            try:
                return original(request, callback)
            finally:
                inside -= 1

    engine.server = Probe()
    try:
        def work(seed: int) -> None:
            results.append(backend.generate(CHAT, GenerationParams(max_tokens=10, seed=seed)).text)

        threads = [threading.Thread(target=work, args=(s,)) for s in (11, 12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
    finally:
        engine.server = original.__self__
    assert len(results) == 2 and all(r.strip() for r in results)
    assert max(overlap) == 1


def test_missing_gguf_is_a_model_error(tmp_path):
    backend = EmbeddedBackend(Settings(backend="embedded", model=str(tmp_path / "nope.gguf")))
    with pytest.raises(ModelError, match="not found"):
        backend.generate(CHAT, GenerationParams(max_tokens=4))
    assert "missing" in backend.describe()


def test_default_gguf_is_in_the_wheel():
    assert default_gguf_path().stat().st_size > 50_000_000


def test_get_backend_and_dropdown():
    assert isinstance(get_backend(Settings(backend="embedded")), EmbeddedBackend)
    names = [name for _, name in available_backends()]
    assert names[0] == "auto" and {"embedded", "transformers_omni", "openai_http"} <= set(names)
