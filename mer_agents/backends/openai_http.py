"""Any OpenAI-compatible `/v1/chat/completions` server (vLLM, llama.cpp server, SGLang, TGI, OpenAI).

Built on httpx rather than the `openai` SDK: the wire format is small, and owning it lets the backend
count its own attempts (the SDK retries on its own and hides them), send the sampling extras that vLLM and
llama.cpp accept (`repetition_penalty` / `repeat_penalty`) and drop them when a strict server refuses them,
and read the server's 400 to fall back from `response_format` json_schema to a plain "reply with JSON"
instruction plus extraction. The caller still validates the JSON (and repairs once) as with every backend.

Scale: one semaphore per server URL bounds the requests in flight (the eval harness sends many at once);
transient failures (connection, connect timeout, 429, 5xx) are retried with exponential backoff, a bounded
number of times, then surface as one readable BackendError. A read timeout is not retried (the server is still
working on that request; a copy would queue behind it); Settings.http_timeout (MER_HTTP_TIMEOUT) sets it.
"""

from __future__ import annotations

import base64
import json
import mimetypes
import os
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from mer_agents.backends.base import Generation, GenerationParams, Message, Part, TokenCallback, cached_tokens
from mer_agents.backends.json_output import JSON_INSTRUCTION, extract_json
from mer_agents.config import Settings, redact_url
from mer_agents.errors import BackendError, MediaError

CONNECT_TIMEOUT_S = 10.0
MAX_RETRIES = 3  # attempts after the first one
BACKOFF_S = 0.5  # waits 0.5, 1, 2 s ...
MAX_BACKOFF_S = 8.0
RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
ENV_KEYS = ("MER_API_KEY", "OPENAI_API_KEY")
MODALITIES = frozenset({"text", "image", "audio", "video"})
AUDIO_FORMATS = {
    ".wav": "wav",
    ".mp3": "mp3",
    ".flac": "flac",
    ".ogg": "ogg",
    ".opus": "ogg",
    ".m4a": "m4a",
    ".aac": "aac",
}

_semaphores: dict[tuple[str, int], threading.BoundedSemaphore] = {}
_semaphores_lock = threading.Lock()


def _semaphore(url: str, limit: int) -> threading.BoundedSemaphore:
    """One limit per server, shared by every backend instance that talks to it."""
    with _semaphores_lock:
        return _semaphores.setdefault((url, limit), threading.BoundedSemaphore(limit))


class _Retryable(Exception):
    """A transient failure worth another attempt."""


class _Refused(Exception):
    """The server answered 400/422: maybe a feature it does not support."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class OpenAIHTTPBackend:
    """Chat completions over HTTP; modalities are what the served model takes (default: text only)."""

    name = "openai_http"
    trusted_drafts = True  # a served model (vLLM, 7B and up); MER_TRUST_DRAFTS=0 ranks it like the small ones

    def __init__(
        self,
        settings: Settings,
        *,
        modalities: frozenset[str] | set[str] | None = None,
        timeout_s: float | None = None,
        max_retries: int = MAX_RETRIES,
        backoff_s: float = BACKOFF_S,
        max_concurrency: int | None = None,
    ):
        if not settings.base_url:
            raise BackendError(
                "the openai_http backend needs a server URL: set MER_BASE_URL (e.g. http://127.0.0.1:8000/v1)"
            )
        self.settings = settings
        self.base_url = settings.base_url.rstrip("/")
        secret = settings.api_key.get_secret_value() if settings.api_key else None
        self._api_key = secret or next((os.environ[k] for k in ENV_KEYS if os.environ.get(k)), None)
        # what must never appear in an error message: the key, and a password written into the URL
        self._secrets = tuple(s for s in (self._api_key, urlsplit(self.base_url).password) if s)
        self.shown_url = redact_url(self.base_url) or ""
        self.modalities = frozenset(modalities or served_modalities(settings.http_modalities)) | {"text"}
        timeout_s = timeout_s or settings.http_timeout
        self.timeout = httpx.Timeout(timeout_s, connect=min(CONNECT_TIMEOUT_S, timeout_s))
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        limit = max_concurrency or settings.http_concurrency
        self.semaphore = _semaphore(self.base_url, limit)
        self._model = settings.model
        self._model_lock = threading.Lock()
        self.schema_supported = True  # flips to False after the server refuses response_format
        self.extras_supported = True  # flips to False after the server refuses repeat/repetition_penalty
        self._client = httpx.Client(timeout=self.timeout, headers=self._headers())

    # --- protocol -------------------------------------------------------------------------------------
    def describe(self) -> str:
        return f"openai_http: {self._model or '(server default model)'} at {self.shown_url}"

    def generate(
        self, messages: list[Message], params: GenerationParams, on_token: TokenCallback | None = None
    ) -> Generation:
        """One completion; retries transient failures; falls back when the server refuses a feature.

        Errors never carry the key: a server may echo it back in its error text, and they go into traces.
        """
        try:
            return self._generate(messages, params, on_token)
        except BackendError as exc:
            raise BackendError(self.redact(str(exc))) from None

    def redact(self, text: str) -> str:
        """`text` with the API key and any URL password replaced by ***."""
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    def _generate(
        self, messages: list[Message], params: GenerationParams, on_token: TokenCallback | None
    ) -> Generation:
        model = self.model()
        start = time.perf_counter()
        while True:
            use_schema = params.json_schema is not None and self.schema_supported
            body = self.build_body(messages, params, model, use_schema, stream=on_token is not None)
            try:
                text, usage, served = self._with_retries(body, on_token)
            except _Refused as refusal:
                if not self._downgrade(refusal, use_schema):
                    raise BackendError(
                        f"{self.base_url} refused the request ({refusal.status}): {refusal}"
                    ) from None
                continue
            break
        if params.json_schema is not None and not use_schema:
            text = extract_json(text)
        return Generation(
            text=text,
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            cached_tokens=cached_tokens(usage),
            seconds=time.perf_counter() - start,
            model=served or model,
        )

    # --- request building -----------------------------------------------------------------------------
    def model(self) -> str:
        """settings.model, else the first model the server lists (vLLM needs the name it serves)."""
        if self._model:
            return self._model
        with self._model_lock:
            if not self._model:
                try:
                    self._model = self._discover_model()
                except BackendError as exc:
                    raise BackendError(self.redact(str(exc))) from None
        return self._model

    def build_body(
        self, messages: list[Message], params: GenerationParams, model: str, use_schema: bool, stream: bool
    ) -> dict[str, Any]:
        wire = [self._wire_message(m) for m in messages]
        body: dict[str, Any] = {
            "model": model,
            "messages": wire,
            "max_tokens": params.max_tokens,
            "temperature": params.temperature,
            "top_p": params.top_p,
            "seed": params.seed,
            "stream": stream,
        }
        if params.stop:
            body["stop"] = list(params.stop)
        if self.extras_supported:
            body["repetition_penalty"] = params.repeat_penalty  # vLLM, SGLang, TGI
            body["repeat_penalty"] = params.repeat_penalty  # llama.cpp server
        if stream:
            body["stream_options"] = {"include_usage": True}
        if params.json_schema is not None:
            if use_schema:
                body["response_format"] = {
                    "type": "json_schema",
                    "json_schema": {"name": "output", "schema": params.json_schema, "strict": True},
                }
            else:
                _add_instruction(wire, JSON_INSTRUCTION.format(schema=json.dumps(params.json_schema)))
        return body

    def _wire_message(self, message: Message) -> dict[str, Any]:
        media = [p for p in message.media_parts() if p.type in self.modalities]
        if not media:
            return {"role": message.role, "content": message.text()}
        content: list[dict[str, Any]] = []
        for part in message.content:  # type: ignore[union-attr] - media implies a list of parts
            if part.type == "text":
                if part.text:
                    content.append({"type": "text", "text": part.text})
            elif part.type in self.modalities:
                content.append(media_content(part))
        return {"role": message.role, "content": content}

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    # --- transport ------------------------------------------------------------------------------------
    def _with_retries(
        self, body: dict[str, Any], on_token: TokenCallback | None
    ) -> tuple[str, dict[str, Any], str]:
        last = ""
        attempts = self.max_retries + 1
        for attempt in range(attempts):
            if attempt:
                time.sleep(min(self.backoff_s * 2 ** (attempt - 1), MAX_BACKOFF_S))
            emitted: list[str] = []
            try:
                with self.semaphore:
                    if body["stream"]:
                        return self._stream(body, on_token, emitted)
                    return self._post(body)
            except _Retryable as exc:
                last = str(exc)
                if emitted:  # tokens already reached the caller: a retry would duplicate them
                    raise BackendError(f"{self.base_url}: stream broke after {len(emitted)} tokens: {last}")
        raise BackendError(f"cannot get a completion from {self.base_url} after {attempts} attempts: {last}")

    def _post(self, body: dict[str, Any]) -> tuple[str, dict[str, Any], str]:
        try:
            response = self._client.post(f"{self.base_url}/chat/completions", json=body)
        except httpx.TransportError as exc:
            raise _transport_failure(exc, self.base_url) from exc
        _check_status(response.status_code, lambda: response.text)
        try:
            data = response.json()
            text = data["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise BackendError(
                f"{self.base_url} answered without a completion: {response.text[:200]}"
            ) from exc
        return text, data.get("usage") or {}, data.get("model") or ""

    def _stream(
        self, body: dict[str, Any], on_token: TokenCallback | None, emitted: list[str]
    ) -> tuple[str, dict[str, Any], str]:
        usage: dict[str, Any] = {}
        served = ""
        try:
            with self._client.stream("POST", f"{self.base_url}/chat/completions", json=body) as response:
                if response.status_code >= 400:
                    response.read()
                _check_status(response.status_code, lambda: response.text)
                for line in response.iter_lines():
                    if not line.startswith("data:"):
                        continue
                    payload = line[5:].strip()
                    if payload == "[DONE]":
                        break
                    try:
                        chunk = json.loads(payload)
                    except ValueError:
                        continue
                    if "error" in chunk:
                        raise BackendError(f"{self.base_url} failed mid-stream: {_error_message(chunk)}")
                    served = chunk.get("model") or served
                    if chunk.get("usage"):
                        usage = chunk["usage"]
                    for choice in chunk.get("choices") or []:
                        delta = (choice.get("delta") or {}).get("content")
                        if delta:
                            emitted.append(delta)
                            if on_token is not None:
                                on_token(delta)
        except httpx.TransportError as exc:
            raise _transport_failure(exc, self.base_url) from exc
        return "".join(emitted), usage, served

    def _discover_model(self) -> str:
        for attempt in range(self.max_retries + 1):
            if attempt:
                time.sleep(min(self.backoff_s * 2 ** (attempt - 1), MAX_BACKOFF_S))
            try:
                response = self._client.get(f"{self.base_url}/models")
            except httpx.TransportError as exc:
                last = _describe_transport(exc)
                continue
            if response.status_code in RETRY_STATUS:
                last = f"HTTP {response.status_code}"
                continue
            try:
                models = response.json().get("data") or []
                return str(models[0]["id"])
            except (ValueError, AttributeError, KeyError, IndexError, TypeError):
                raise BackendError(
                    f"{self.base_url}/models lists no model: set MER_MODEL to the name the server serves"
                ) from None
        raise BackendError(f"cannot reach {self.base_url} after {self.max_retries + 1} attempts: {last}")

    def _downgrade(self, refusal: _Refused, used_schema: bool) -> bool:
        """Turn off the feature the server most likely refused; False when nothing is left to drop."""
        message = str(refusal).lower()
        about_schema = any(
            word in message for word in ("response_format", "json_schema", "schema", "grammar")
        )
        if used_schema and (about_schema or not self.extras_supported):
            self.schema_supported = False
            return True
        if self.extras_supported:
            self.extras_supported = False
            return True
        return False

    def close(self) -> None:
        self._client.close()


def media_content(part: Part) -> dict[str, Any]:
    """A media part as an OpenAI content part: image_url / input_audio / video_url (vLLM) with base64 data."""
    if not part.path:
        raise MediaError(f"{part.type} part has no file path")
    path = Path(part.path)
    try:
        data = base64.b64encode(path.read_bytes()).decode("ascii")
    except OSError as exc:
        raise MediaError(f"cannot read {part.type} file {path}: {exc.strerror}") from None
    mime = mimetypes.guess_type(path.name)[0] or {"image": "image/png", "video": "video/mp4"}.get(
        part.type, ""
    )
    if part.type == "image":
        return {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}}
    if part.type == "video":
        return {"type": "video_url", "video_url": {"url": f"data:{mime};base64,{data}"}}
    fmt = AUDIO_FORMATS.get(path.suffix.lower(), "wav")
    return {"type": "input_audio", "input_audio": {"data": data, "format": fmt}}


def _add_instruction(wire: list[dict[str, Any]], instruction: str) -> None:
    """Append the JSON instruction to the system message (or add one)."""
    for message in wire:
        if message["role"] == "system":
            if isinstance(message["content"], str):
                message["content"] = f"{message['content']}\n\n{instruction}"
            else:
                message["content"].append({"type": "text", "text": instruction})
            return
    wire.insert(0, {"role": "system", "content": instruction})


def _check_status(status: int, text) -> None:
    if status < 400:
        return
    if status in RETRY_STATUS:
        raise _Retryable(f"HTTP {status}: {_short(text())}")
    if status in (400, 422):
        raise _Refused(status, _short(text()))
    if status in (401, 403):
        raise BackendError(
            f"the server refused the API key (HTTP {status}): set MER_API_KEY or OPENAI_API_KEY"
        )
    if status == 404:
        raise BackendError(
            f"no chat completions endpoint there (HTTP 404): is the base URL right? {_short(text())}"
        )
    raise BackendError(f"the server answered HTTP {status}: {_short(text())}")


def _error_message(payload: dict[str, Any]) -> str:
    error = payload.get("error")
    return _short(error.get("message", error) if isinstance(error, dict) else error)


def _transport_failure(exc: httpx.TransportError, url: str) -> Exception:
    """Connection trouble is retried; a read timeout is not: the server is still busy with that request,
    and sending it again would only queue a second copy behind it."""
    if isinstance(exc, httpx.ReadTimeout):
        return BackendError(
            f"{url} accepted the request but sent nothing for too long (raise MER_HTTP_TIMEOUT)"
        )
    return _Retryable(_describe_transport(exc))


def _describe_transport(exc: httpx.TransportError) -> str:
    kind = "timed out" if isinstance(exc, httpx.TimeoutException) else "connection failed"
    return f"{kind} ({type(exc).__name__}: {_short(exc) or 'no detail'})"


def _short(value: Any) -> str:
    return " ".join(str(value).split())[:300]


def served_modalities(names: str) -> frozenset[str]:
    """Settings.http_modalities ("image,audio", ...) as a set; unknown names are ignored."""
    return frozenset(m.strip() for m in names.split(",") if m.strip() in MODALITIES)
