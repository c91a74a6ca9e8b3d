"""The process-wide backend instances: one per (backend, model, server, threads), so a model loads once.

The app's Clip tab, its API, the Live tab and anything else that serves many runs in one process ask here
instead of calling `get_backend` per run. Gradio-free: adapters call it, the core never needs it.
"""

from __future__ import annotations

import threading

from mer_agents.backends.base import Backend
from mer_agents.config import Settings

_BACKENDS: dict[tuple, Backend] = {}
_BACKENDS_LOCK = threading.Lock()


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
        return _BACKENDS[key]


def register_backend(settings: Settings, backend: Backend) -> None:
    """Use an already-built backend for runs whose settings resolve to the same key."""
    key = backend_key(settings)
    with _BACKENDS_LOCK:
        _BACKENDS[key] = backend
