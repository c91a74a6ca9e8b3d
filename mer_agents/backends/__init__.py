"""Language-model backends behind one protocol (see base.py); `get_backend` picks one from Settings.

Backend modules are imported lazily: the embedded path must not pay for torch/transformers or openai.
"""

from __future__ import annotations

import importlib

from mer_agents.backends.base import Backend
from mer_agents.config import Settings
from mer_agents.errors import ModelError

BACKENDS: dict[str, tuple[str, str]] = {
    "embedded": ("mer_agents.backends.embedded", "EmbeddedBackend"),
    "transformers_omni": ("mer_agents.backends.transformers_omni", "TransformersOmniBackend"),
    "openai_http": ("mer_agents.backends.openai_http", "OpenAIHTTPBackend"),
    "scripted": ("mer_agents.backends.scripted", "ScriptedBackend"),
}
LABELS: dict[str, str] = {
    "auto": "auto (Qwen2.5-Omni on a GPU with local weights, else embedded)",
    "embedded": "embedded CPU model (SmolLM2-135M, llama.cpp)",
    "transformers_omni": "Qwen2.5-Omni 4-bit via transformers (GPU)",
    "openai_http": "OpenAI-compatible server (vLLM, llama.cpp server, ...)",
    "scripted": "scripted: canned replies, not a model (control-flow demo)",
}


def available_backends() -> list[tuple[str, str]]:
    """(label, name) pairs for a settings dropdown, "auto" first."""
    return [(LABELS[name], name) for name in ("auto", *BACKENDS)]


def resolve_backend_name(settings: Settings) -> str:
    """The concrete backend "auto" stands for: transformers_omni on CUDA with local weights, else embedded."""
    if settings.backend != "auto":
        return settings.backend
    from mer_agents.backends.transformers_omni import omni_ready

    return "transformers_omni" if omni_ready(settings) else "embedded"


def get_backend(settings: Settings) -> Backend:
    """Construct the backend settings ask for; its model loads lazily on the first generate."""
    name = resolve_backend_name(settings)
    if name not in BACKENDS:
        raise ModelError(f"unknown backend {name!r}; choose one of: auto, {', '.join(BACKENDS)}")
    module_name, class_name = BACKENDS[name]
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls(settings)


__all__ = ["Backend", "available_backends", "get_backend", "resolve_backend_name"]
