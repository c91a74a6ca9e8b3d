"""The opt-in hub download of the GPU backend's weights, against a REAL loopback HTTP server that speaks the
part of the Hugging Face hub API `snapshot_download` uses (repo info, tree listing, resolve), serving a TINY
random Qwen2.5-Omni checkpoint built offline here. huggingface_hub itself does the download, in the child
process the backend starts; nothing reaches the internet.
"""

from __future__ import annotations

import hashlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytest.importorskip("transformers")

from test_backend_transformers_omni import TINY_PIXELS, build_tiny_checkpoint  # noqa: E402

from mer_agents.backends import download  # noqa: E402
from mer_agents.backends.transformers_omni import ensure_weights, local_weights  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.errors import ModelError  # noqa: E402

pytestmark = pytest.mark.slow

REPO = "tiny-org/tiny-omni"
COMMIT = "0123456789abcdef0123456789abcdef01234567"


class FakeHub(BaseHTTPRequestHandler):
    """GET /api/models/<repo>/revision/<rev> and .../tree/<rev>; HEAD/GET /<repo>/resolve/<rev>/<file>."""

    folder: Path
    requests: list[str]

    def log_message(self, *args):  # quiet
        pass

    def _files(self) -> list[Path]:
        return sorted(p for p in self.folder.rglob("*") if p.is_file())

    def _json(self, payload) -> None:
        body = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _file(self, send_body: bool) -> None:
        path = unquote(urlsplit(self.path).path)
        prefix = f"/{REPO}/resolve/"
        relative = path.removeprefix(prefix).split("/", 1)[-1] if path.startswith(prefix) else ""
        target = self.folder / relative
        if not relative or not target.is_file():
            self.send_response(404)
            self.send_header("X-Error-Code", "EntryNotFound")
            self.end_headers()
            return
        data = target.read_bytes()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("ETag", f'"{hashlib.sha1(data).hexdigest()}"')
        self.send_header("X-Repo-Commit", COMMIT)
        self.end_headers()
        if send_body:
            self.wfile.write(data)

    def do_HEAD(self):  # noqa: N802 - http.server's naming
        self.requests.append(f"HEAD {self.path}")
        self._file(send_body=False)

    def do_GET(self):  # noqa: N802
        self.requests.append(f"GET {self.path}")
        path = urlsplit(self.path).path
        files = self._files()
        if path.startswith(f"/api/models/{REPO}/revision/"):
            self._json(
                {
                    "id": REPO,
                    "modelId": REPO,
                    "sha": COMMIT,
                    "private": False,
                    "siblings": [{"rfilename": str(f.relative_to(self.folder))} for f in files],
                }
            )
        elif path.startswith(f"/api/models/{REPO}/tree/"):
            self._json(
                [
                    {
                        "type": "file",
                        "path": str(f.relative_to(self.folder)),
                        "size": f.stat().st_size,
                        "oid": hashlib.sha1(f.read_bytes()).hexdigest(),
                    }
                    for f in files
                ]
            )
        elif path.startswith(f"/{REPO}/resolve/"):
            self._file(send_body=True)
        else:
            self.send_response(404)
            self.end_headers()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A tiny checkpoint behind a loopback hub; yields (endpoint, request log)."""

    folder = build_tiny_checkpoint(tmp_path_factory.mktemp("tiny_omni"))
    handler = type("Hub", (FakeHub,), {"folder": folder, "requests": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", handler.requests
    server.shutdown()


@pytest.fixture
def hub_cache(tmp_path, monkeypatch, served):
    """An empty hub cache for this test, for the child (env) and for this process (huggingface_hub reads
    its cache folder from constants set at import)."""
    from huggingface_hub import constants

    cache = tmp_path / "hub"
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_ENDPOINT", served[0])
    monkeypatch.delenv("SPACE_ID", raising=False)
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    return cache


def test_missing_weights_without_opt_in_name_the_opt_in(hub_cache, served):
    """No opt-in: no request reaches the hub and the error names MER_ALLOW_DOWNLOAD in one line."""
    before = len(served[1])
    with pytest.raises(ModelError) as caught:
        ensure_weights(REPO, Settings(allow_download=False))
    message = str(caught.value)
    assert "MER_ALLOW_DOWNLOAD=1" in message and REPO in message and "\n" not in message
    assert len(served[1]) == before
    assert not download.downloads_allowed(Settings())  # default: off outside a Space


def test_space_default_and_explicit_opt_in(monkeypatch):
    monkeypatch.setenv("SPACE_ID", "someone/mer-demo")
    assert download.downloads_allowed(Settings())
    assert not download.downloads_allowed(Settings(allow_download=False))  # an explicit no wins
    monkeypatch.delenv("SPACE_ID")
    assert download.downloads_allowed(Settings.from_env().updated(allow_download=True))


def test_opt_in_downloads_once_into_the_cache_then_loads(hub_cache, served):
    """With the opt-in the child process downloads the checkpoint over HTTP; the backend then finds it in
    the cache offline, loads it and generates (tiny random weights: gibberish, the path is what counts)."""
    from mer_agents.backends.base import GenerationParams, Message
    from mer_agents.backends.transformers_omni import TransformersOmniBackend

    assert local_weights(REPO) is None
    path = ensure_weights(REPO, Settings(allow_download=True))
    assert (path / "config.json").is_file() and list(path.glob("*.safetensors"))
    assert str(path).startswith(str(hub_cache))
    assert any(r.startswith("GET /tiny-org/tiny-omni/resolve/") for r in served[1])
    fetched = len(served[1])
    assert ensure_weights(REPO, Settings(allow_download=True)) == path  # cached: no second download
    assert len(served[1]) == fetched

    settings = Settings(backend="transformers_omni", model=REPO, allow_download=True)
    backend = TransformersOmniBackend(
        settings, quantize="none", require_cuda=False, device_map="cpu", **TINY_PIXELS
    )
    out = backend.generate(
        [Message(role="user", content="How do they feel?")], GenerationParams(max_tokens=3)
    )
    assert isinstance(out.text, str)


def test_failed_download_is_one_line(hub_cache):
    """A repository the hub does not have: ModelError with the child's last message, no traceback."""
    with pytest.raises(ModelError) as caught:
        ensure_weights("tiny-org/absent", Settings(allow_download=True))
    message = str(caught.value)
    assert message.startswith("could not download tiny-org/absent") and "\n" not in message
