"""Qwen2.5-Omni through transformers, 4-bit on a GPU (the design card's main path).

(Work in progress: weight discovery first, the backend class follows.)
"""

from __future__ import annotations

import os
from pathlib import Path

from mer_agents.config import Settings

DEFAULT_MODEL = "Qwen/Qwen2.5-Omni-3B"


def model_ref(settings: Settings) -> str:
    """settings.model unless it names a GGUF (that one is for the embedded backend)."""
    if settings.model and not settings.model.lower().endswith(".gguf"):
        return settings.model
    return DEFAULT_MODEL


def local_weights(ref: str) -> Path | None:
    """A directory holding config + safetensors for ref: a local path or a complete HF-cache snapshot.

    Never downloads (local_files_only): the offline rule holds at run time.
    """
    path = Path(ref).expanduser()
    if path.is_dir():
        return path if _complete(path) else None
    if ref.count("/") != 1 or os.path.isabs(ref):
        return None
    try:
        from huggingface_hub import snapshot_download

        snapshot = Path(snapshot_download(ref, local_files_only=True))
    except Exception:  # noqa: BLE001 - any failure means: not available locally
        return None
    return snapshot if _complete(snapshot) else None


def _complete(path: Path) -> bool:
    return (path / "config.json").is_file() and any(path.glob("*.safetensors"))


def cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def omni_ready(settings: Settings) -> bool:
    """True when "auto" should pick this backend: local weights (checked first: cheap) and CUDA."""
    return local_weights(model_ref(settings)) is not None and cuda_available()
