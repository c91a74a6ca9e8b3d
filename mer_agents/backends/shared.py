"""The process-wide backend instances: one per (backend, model, server, threads), so a model loads once.

The app's Clip tab, its API, the Live tab and anything else that serves many runs in one process ask here
instead of calling `get_backend` per run. Gradio-free: adapters call it, the core never needs it.

An app serves the operator's model (`shared_backend`); a model the operator also allowed a visitor to pick
(Settings.allowed_models) is an *extra* (`extra_backend`): built only when the machine's free memory holds
it (`model_bytes` × MEMORY_FACTOR, leaving FREE_RESERVE_BYTES), and released (its weights freed) once no run
has used it for EXTRA_IDLE_S, so one visitor's choice does not keep the server's memory raised.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from mer_agents.backends.base import Backend
from mer_agents.config import Settings
from mer_agents.errors import MerError

log = logging.getLogger(__name__)

# An embedded model's resident size is about twice its GGUF file: the weights, the KV cache at N_CTX, the
# prompt cache (CACHE_RAM_MIB) and llama.cpp's compute buffers (seen with Qwen2.5-Coder-1.5B:
# experiments/model_choice/README.md).
MEMORY_FACTOR = 2.0
FREE_RESERVE_BYTES = 512 << 20  # memory left free after an extra model loads (perception, the OS, a burst)
EXTRA_IDLE_S = 300.0  # an extra model no run has used for this long is released
REAP_EVERY_S = 30.0  # how often the idle extras are looked at
REAP_WAIT_S = 5.0  # how long the reaper waits for the model slot (a gap between two runs)

_BACKENDS: dict[tuple, Backend] = {}
_BACKENDS_LOCK = threading.Lock()
_EXTRAS: dict[tuple, float] = {}  # extra backends' keys → when a run last asked for (or held) them
_USERS: dict[tuple, int] = {}  # backend keys → runs holding them now (hold)
_reaper: threading.Thread | None = None


class NotEnoughMemory(MerError):
    """An extra model that the machine's free memory cannot hold now: one line for the visitor."""


def backend_key(settings: Settings) -> tuple:
    """What makes two runs' backends the same instance (what `auto` resolves to, the model, the server)."""
    from mer_agents.backends import resolve_backend_name

    return resolve_backend_name(settings), settings.model, settings.base_url, settings.n_threads


def shared_backend(settings: Settings) -> Backend:
    """The backend `settings` name, built on first use and shared by every later run with the same key."""
    from mer_agents.backends import get_backend

    key = backend_key(settings)
    with _BACKENDS_LOCK:
        if key not in _BACKENDS:
            _BACKENDS[key] = get_backend(settings)
        if key in _EXTRAS:
            _EXTRAS[key] = time.monotonic()
        return _BACKENDS[key]


def register_backend(settings: Settings, backend: Backend) -> None:
    """Use an already-built backend for runs whose settings resolve to the same key."""
    key = backend_key(settings)
    with _BACKENDS_LOCK:
        _BACKENDS[key] = backend
        _EXTRAS.pop(key, None)


# ------------------------------------------------------------------------------------- extra models


def available_bytes() -> int:
    """Memory the machine can give a new model now (MemAvailable: free plus reclaimable cache)."""
    import psutil

    return int(psutil.virtual_memory().available)


def model_bytes(settings: Settings) -> int | None:
    """The bytes `settings`' model takes once loaded in this process: 0 when nothing loads here (a server's
    model, the scripted backend), None when it cannot be told (then it is not loaded as an extra)."""
    from mer_agents.backends import resolve_backend_name

    name = resolve_backend_name(settings)
    if name in ("openai_http", "scripted"):
        return 0
    if name != "embedded":
        return None
    return int(_gguf_bytes(settings) * MEMORY_FACTOR)


def _gguf_bytes(settings: Settings) -> int:
    """The GGUF file's size, without assembling or widening it (a missing model fails later, in its run)."""
    from mer_agents.backends import embedded

    model = embedded.split_model(settings)
    if model is not None:
        return model.size
    if settings.model and settings.model.lower().endswith(".gguf"):
        path = Path(settings.model).expanduser()
        return path.stat().st_size if path.is_file() else 0
    try:
        return embedded.default_gguf_path().stat().st_size
    except MerError:
        return 0


def extra_backend(settings: Settings, label: str = "") -> Backend:
    """The backend of a model besides the app's own: shared once built; before that, built only when memory
    allows (NotEnoughMemory otherwise). It is released after EXTRA_IDLE_S without a run (reap_idle)."""
    key = backend_key(settings)
    with _BACKENDS_LOCK:
        built = key in _BACKENDS
    if not built:
        _check_memory(settings, label or settings.model or "this model")
        with _BACKENDS_LOCK:
            _EXTRAS.setdefault(key, time.monotonic())
        _start_reaper()
    return shared_backend(settings)


def _check_memory(settings: Settings, label: str) -> None:
    """NotEnoughMemory unless the free memory, less what extras not yet loaded will take, holds this one."""
    need = model_bytes(settings)
    if need is None:
        raise NotEnoughMemory(f"{label} cannot be loaded besides this server's own model (size unknown).")
    if need == 0:
        return
    free = available_bytes() - _pending_bytes()
    if free - need < FREE_RESERVE_BYTES:
        raise NotEnoughMemory(
            f"The server has too little free memory for {label} now (it needs about {need / 1e9:.1f} GB, "
            f"{max(free, 0) / 1e9:.1f} GB are free): choose the default model or try again later."
        )


def _pending_bytes() -> int:
    """What the extras handed out but not loaded yet will take (an embedded backend names its file when it
    starts loading): two visitors choosing at once must not both count the same free memory."""
    with _BACKENDS_LOCK:
        waiting = [b for key, b in _BACKENDS.items() if key in _EXTRAS and getattr(b, "_path", "") is None]
    return sum(model_bytes(b.settings) or 0 for b in waiting)


@contextmanager
def hold(settings: Settings) -> Iterator[None]:
    """A run uses `settings`' backend while inside: an extra is never released under it, and its idle time
    starts when the last run leaves."""
    key = backend_key(settings)
    with _BACKENDS_LOCK:
        _USERS[key] = _USERS.get(key, 0) + 1
    try:
        yield
    finally:
        with _BACKENDS_LOCK:
            _USERS[key] -= 1
            if not _USERS[key]:
                del _USERS[key]
            if key in _EXTRAS:
                _EXTRAS[key] = time.monotonic()


def reap_idle(
    slot: threading.Semaphore | None = None, idle_s: float | None = None, wait_s: float = 0.0
) -> list[tuple]:
    """Release the extra backends no run has held (`hold`) for `idle_s` (EXTRA_IDLE_S); returns their keys.

    Only while this holds the model `slot` (runs.MODEL_SLOT, waited for up to `wait_s`): no generation runs
    on a model while it is freed.
    """
    from mer_agents import runs

    slot = slot if slot is not None else runs.MODEL_SLOT
    idle_s = EXTRA_IDLE_S if idle_s is None else idle_s
    if not slot.acquire(timeout=wait_s) if wait_s > 0 else not slot.acquire(blocking=False):
        return []
    try:
        with _BACKENDS_LOCK:
            now = time.monotonic()
            idle = [k for k, used in _EXTRAS.items() if now - used >= idle_s and not _USERS.get(k)]
            released = [(key, _BACKENDS.pop(key, None)) for key in idle]
            for key in idle:
                del _EXTRAS[key]
            kept_files = {getattr(b, "_path", None) for b in _BACKENDS.values()} - {None}
        for key, backend in released:  # a model file another backend still serves stays loaded
            if backend is not None and getattr(backend, "_path", None) not in kept_files:
                _release(backend)
            log.info("released the idle extra model %s", key[1])
        return idle
    finally:
        slot.release()


def _release(backend: Backend) -> None:
    release = getattr(backend, "release", None)
    if release is not None:
        try:
            release()
        except Exception:  # noqa: BLE001 - freeing memory must not break the app
            log.exception("releasing a backend failed")


def extras() -> list[tuple]:
    """Keys of the extra backends held now (tests, the bench)."""
    with _BACKENDS_LOCK:
        return list(_EXTRAS)


def _start_reaper() -> None:
    global _reaper
    with _BACKENDS_LOCK:
        if _reaper is not None and _reaper.is_alive():
            return
        _reaper = threading.Thread(target=_reap_forever, name="idle-model-reaper", daemon=True)
        _reaper.start()


def _reap_forever() -> None:
    while True:
        time.sleep(REAP_EVERY_S)
        try:
            reap_idle(wait_s=REAP_WAIT_S)
        except Exception:  # noqa: BLE001 - the reaper must outlive a bad round
            log.exception("releasing idle models failed")
