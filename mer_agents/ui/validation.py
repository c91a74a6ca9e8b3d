"""What the app accepts from a visitor: the clip and message of a run, and the Settings accordion's choices.

Every check runs on the server: the page's own limits (a file picker's types, a textbox's max_length, a
slider's range) bind only the browser, and the API endpoints take any value. A refusal is one readable
MerError line naming the control a visitor sees (UI_LABELS). `for_web` words a failure's CLI hint as the
page's own control.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mer_agents.config import Settings, SettingsError
from mer_agents.errors import MerError
from mer_agents.events import Event, RunFailed, StageFailed, public_settings
from mer_agents.perception import check_message
from mer_agents.perception.media import (
    AUDIO_EXTENSIONS,
    SUPPORTED_EXTENSIONS,
    TOO_LONG_HINT,
    VIDEO_EXTENSIONS,
)

LAST_SPEAKER = "last to speak"  # the Answer-speaker default (Settings.speaker None)
SPEAKER_CHOICES = [LAST_SPEAKER, "S1", "S2", "S3", "S4"]
# The Settings accordion's controls: their labels (a refusal names the control a visitor sees) and the ranges
# the server enforces itself (Gradio's own range check answered an API client with a bare HTTP 400).
UI_LABELS = {
    "backend": "Backend",
    "model": "Model",
    "max_rounds": "Max reflection rounds",
    "reflection": "Reflection",
    "consistency": "Consistency check",
    "one_pass": "One-pass",
    "fps": "Frame rate (frames/s)",
    "max_duration_s": "Max duration (s)",
    "speaker": "Answer speaker",
}
UI_LIMITS = {"max_rounds": (0, 6), "fps": (0.5, 10), "max_duration_s": (5, 600)}
DEFAULT_MODEL_LABEL = "default"  # the Model choice "" (the operator's model when MER_MODEL is unset)
SAFE_BACKENDS = ("scripted",)  # backends a visitor may pick besides the operator's: they load no model
# The decoder's own lists: the UI never accepts a file that perception/media.py would then refuse.
VIDEO_TYPES = tuple(sorted(VIDEO_EXTENSIONS))
AUDIO_TYPES = tuple(sorted(AUDIO_EXTENSIONS))
CLIP_TYPES = tuple(sorted(SUPPORTED_EXTENSIONS))


def check_clip(path: str | None) -> str | None:
    """The clip path if its type is one we read; MerError with a clear message otherwise."""
    if not path:
        return None
    suffix = Path(path).suffix.lower()
    if suffix not in CLIP_TYPES:
        raise MerError(
            f"Unsupported file type {suffix or '(none)'}: upload a video "
            f"({', '.join(VIDEO_TYPES)}) or audio ({', '.join(AUDIO_TYPES)})."
        )
    return path


def require_input(clip: str | None, message: str | None) -> tuple[str | None, str | None]:
    """The clip and the typed text, or one readable MerError.

    The length cap is enforced here, on the server: the textbox's max_length only binds the browser, and
    the API endpoints take any string.
    """
    text = (message or "").strip() or None
    if clip is None and text is None:
        raise MerError("Nothing to analyse: upload or record a clip, or type a message.")
    if text is not None:
        check_message(text)  # the message box's max_length, enforced again server-side
    return clip, text


def model_choices(base: Settings) -> list[tuple[str, str]]:
    """(label, value) pairs for the Model dropdown: the app's own model first (value "", labelled by its name,
    never its path on the server), then each model the operator allowed (Settings.allowed_models)."""
    own = (base.model or "").strip()
    choices = [(public_settings({"model": own})["model"] or DEFAULT_MODEL_LABEL, "")]
    for name in base.allowed_models:
        if name.lower() != own.lower() and name.lower() not in (c[1].lower() for c in choices):
            choices.append((public_settings({"model": name})["model"], name))
    return choices


def backend_choices(base: Settings, choices: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The Backend dropdown's (label, name) pairs a visitor may pick: the operator's backend and those that
    load no model (SAFE_BACKENDS); every one with the operator's MER_ALLOW_MODEL_PATHS=1."""
    if base.allow_model_paths:
        return choices
    return [c for c in choices if c[1] == base.backend or c[1] in SAFE_BACKENDS]


def check_ui_model(base: Settings, backend: Any, model: Any) -> tuple[str | None, str | None]:
    """The backend and model a visitor chose, as the operator allows them: (backend or None, model or None:
    the app's own). A model must be the app's own or one of Settings.allowed_models (case aside, written as
    the operator wrote it); a backend the operator's or one that loads nothing. MerError (one line, in the
    visitor's words) otherwise. MER_ALLOW_MODEL_PATHS=1 lets the operator open both to any value.
    """
    name = "" if model is None else str(model).strip()
    chosen = None if backend in (None, "") else str(backend)
    if base.allow_model_paths:
        return chosen, name or base.model
    if chosen is not None and chosen != base.backend and chosen not in SAFE_BACKENDS:
        offered = " or ".join(dict.fromkeys((base.backend, *SAFE_BACKENDS)))
        raise MerError(f"This server runs the {offered} backend (its operator chooses); got {chosen!r}.")
    choices = model_choices(base)
    if not name or name.lower() == (base.model or "").strip().lower():
        return chosen, base.model
    for _, allowed in choices[1:]:
        if allowed.lower() == name.lower():
            return chosen, allowed
    offered = ", ".join(label for label, _ in choices)
    raise MerError(f"This server offers only these models: {offered} (its operator chooses them).")


def _check_ui_range(field: str, value: Any) -> None:
    """A numeric control's value within what the page's control allows (UI_LIMITS), else one line naming the
    control: the API takes any value, and the server must not run a 10,000-round audit because one came."""
    low, high = UI_LIMITS[field]
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = float("nan")
    if not low <= number <= high:  # NaN fails both
        label = UI_LABELS[field]
        raise MerError(f"Invalid settings: {label} must be from {low:g} to {high:g} (got {value!r})")


def settings_from_ui(
    base: Settings,
    backend: str | None = None,
    model: str | None = None,
    max_rounds: float | None = None,
    reflection: bool | None = None,
    consistency: bool | None = None,
    one_pass: bool | None = None,
    fps: float | None = None,
    max_duration: float | None = None,
    speaker: str | None = None,
) -> Settings:
    """The app's settings with the accordion's choices on top (None keeps the app's value).

    The backend and model are checked first (check_ui_model): a visitor picks only what the operator allows.
    The numbers must lie in the page controls' ranges (UI_LIMITS); `updated` keeps the operator's API key (a
    dump leaves it out) and names any other bad value in one line, by the control's label.
    """
    backend, model = check_ui_model(base, backend, model)
    overrides = {
        "backend": backend,
        "model": model,
        "max_rounds": max_rounds,
        "reflection": reflection,
        "consistency": consistency,
        "one_pass": one_pass,
        "fps": fps,
        "max_duration_s": max_duration,
    }
    for field in UI_LIMITS:
        if overrides[field] is not None:
            _check_ui_range(field, overrides[field])
    if speaker:  # "last to speak" is the default (None), which `updated` cannot set over a chosen one
        overrides["speaker"] = None if speaker == LAST_SPEAKER else speaker
    try:
        kept = {k: v for k, v in overrides.items() if v is not None or k in ("speaker", "model")}
        return base.updated(**kept)
    except SettingsError as exc:
        raise MerError(f"Invalid settings: {exc.describe(UI_LABELS.get(exc.field, exc.field))}") from None


def for_web(event: Event, settings: Settings) -> Event:
    """A failure's message as a web visitor can act on it: the CLI flag a too-long clip's refusal suggests
    becomes the page's own control (the trace and the stream carry the same words)."""
    if not isinstance(event, (RunFailed, StageFailed)):
        return event
    cli = TOO_LONG_HINT.format(limit=settings.max_duration_s)
    if cli not in event.error:
        return event
    most = UI_LIMITS["max_duration_s"][1]
    web = (
        f"upload a shorter clip, or raise {UI_LABELS['max_duration_s']} in Settings (up to {most:g} s)"
        if settings.max_duration_s < most
        else "upload a shorter clip"
    )
    return event.model_copy(update={"error": event.error.replace(cli, web)})
