"""Frozen run settings. Every field can be set from the environment as MER_<FIELD> (upper case).

One object travels from the adapters (CLI, app) into the core, so a run is fully described by it and the
trace records it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

def default_llm_threads() -> int:
    """Leave one core free: a llama.cpp thread that has to share its core stalls the whole generation."""
    return max(1, (os.cpu_count() or 2) - 1)


DEFAULT_CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mer_agents"
BackendName = Literal["auto", "embedded", "transformers_omni", "openai_http"]


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # --- media / perception ---
    fps: float = Field(2.0, gt=0, le=30, description="frames sampled per second of video")
    max_duration_s: float = Field(120.0, gt=0, description="longer clips are refused unless first_seconds is set")
    first_seconds: float | None = Field(None, gt=0, description="analyse only the first N seconds of a long clip")
    max_frame_side: int = Field(640, ge=64, description="frames are downscaled so their longer side is at most this")
    sample_rate: int = Field(16000, description="audio is decoded to mono at this rate")
    text_context_turns: int = Field(2, ge=0, description="preceding dialogue turns the text-emotion head sees")

    # --- reasoning ---
    backend: BackendName = Field("auto", description="auto: transformers_omni on CUDA with weights, else embedded")
    model: str | None = Field(
        None, description="model id or local path for transformers_omni / openai_http; for embedded: unset "
        "(SmolLM2-135M), qwen2.5-coder-0.5b (needs scripts/install.sh --qwen) or a .gguf path")
    base_url: str | None = Field(None, description="OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1")
    api_key: str | None = Field(None, description="API key for the HTTP backend (else OPENAI_API_KEY)")
    max_rounds: int = Field(2, ge=0, le=6, description="refinement rounds the reflection agent may request")
    reflection: bool = Field(True, description="ablation: False runs the four agents once, unaudited")
    consistency: bool = Field(True, description="ablation: False forecasts from the words only")
    one_pass: bool = Field(False, description="ablation: one prompt from evidence to reply")
    seed: int = Field(0, description="sampling seed; regeneration rounds derive theirs from it")
    temperature: float = Field(0.7, ge=0, le=2)
    max_reply_tokens: int = Field(80, ge=8)
    reply_candidates: Literal["all", "model"] = Field(
        "all", description="all: model drafts + ESConv-train human exemplars + a grounded template, ranked "
        "by the guard and independent scorers; model: the model's drafts only (ablation)")
    n_threads: int = Field(2, ge=1, description="CPU threads for the embedded perception models")
    llm_threads: int | None = Field(
        None, ge=1, description="CPU threads for the embedded LLM; None = cores - 1 (llama.cpp's spinning "
        "threads slow down 20x and more when they share cores with other work)")
    spoken_reply: bool = Field(False, description="transformers_omni: ask the full model for speech too")

    # --- housekeeping ---
    cache_dir: Path = Field(DEFAULT_CACHE_DIR, description="assembled model files and eval caches live here")
    trace_dir: Path = Field(Path("traces"), description="every run writes its JSON trace here")

    @classmethod
    def from_env(cls, **overrides) -> "Settings":
        """Settings from MER_* environment variables, then explicit overrides (None means: keep)."""
        values: dict[str, object] = {}
        for name in cls.model_fields:
            raw = os.environ.get(f"MER_{name.upper()}")
            if raw is not None and raw != "":
                values[name] = raw
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls.model_validate(values)
