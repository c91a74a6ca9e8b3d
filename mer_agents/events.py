"""Timeline events: a run is a stream of these, keyed on `kind`, and round-trips through JSON.

The pipeline yields them; the CLI writes them to a trace, the app reduces them into a timeline.

Events reach whoever runs or replays them (the app streams them and hands out their traces), so they carry no
path of the machine that ran them: RunStarted's settings keep only the file name of a folder or model file,
the evidence only the clip's name, and error, detail and progress texts have any absolute path cut to its
last part (`without_paths`).
"""

from __future__ import annotations

import re
from pathlib import PurePath, PureWindowsPath
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator

from mer_agents.types import AuditVerdict, Evidence, StageName, StageOutput

AnyStage = Literal["media", StageName, "audit", "one_pass"]  # the agent stages: types.StageName
# Why a run failed: stopped on purpose (Stop, a closed tab, a barge-in), unusable input (a bad clip, message
# or setting: the person can fix it), or anything else. Readers branch on this, never on the message.
FailReason = Literal["cancelled", "bad_input", "error"]
# What runs cancelled before `reason` existed said (pipeline, ui); an old trace's RunFailed with one of these
# loads as "cancelled" (event_from_json), any other as "error".
LEGACY_CANCELLED_ERRORS = frozenset({"cancelled", "Run cancelled by the user."})
# Settings that name a file or folder of the machine: an event keeps only the last part of the path.
PATH_SETTINGS = frozenset(
    {
        "cache_dir",
        "trace_dir",
        "exemplar_bank",
        "strategy_classifier",
        "reply_selector",
        "crisis_detector",
        "model",
    }
)
# An absolute path (/a/b, ~/a/b, C:\a\b) with at least one folder, not inside a URL or a word ("and/or").
_POSIX_PATH = re.compile(r"(?<![\w.~/:-])~?/(?:[^\s/\\'\"()<>:,;]+/)+([^\s/\\'\"()<>:,;]+)")
_WINDOWS_PATH = re.compile(r"\b[A-Za-z]:\\(?:[^\s\\'\"()<>:,;]+\\)+([^\s\\'\"()<>:,;]+)")


def without_paths(text: str) -> str:
    """`text` with each absolute path cut to its last part: /root/.cache/mer_agents/x.gguf -> x.gguf."""
    return _WINDOWS_PATH.sub(r"\1", _POSIX_PATH.sub(r"\1", text))


def _path_name(value: str) -> str:
    """The last part of a path-like setting; a hub id (Qwen/Qwen2.5-Omni-3B) or a bundled name stays."""
    if value.startswith(("/", "~", ".")) or "\\" in value or re.match(r"^[A-Za-z]:", value):
        return PureWindowsPath(value).name if "\\" in value else PurePath(value).name
    return value


def public_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """A run's settings as an event carries them: paths of this machine cut to their last part."""
    return {k: _path_name(v) if k in PATH_SETTINGS and isinstance(v, str) else v for k, v in settings.items()}


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid")

    t: float = Field(0.0, description="seconds since the run started")


class RunStarted(_Event):
    kind: Literal["run_started"] = "run_started"
    run_id: str
    source: str = ""
    settings: dict[str, Any] = Field(default_factory=dict)
    backend: str = ""

    @field_validator("settings")
    @classmethod
    def _no_server_paths(cls, settings: dict[str, Any]) -> dict[str, Any]:
        return public_settings(settings)

    @field_validator("backend")
    @classmethod
    def _backend_without_paths(cls, text: str) -> str:
        return without_paths(text)


class Progress(_Event):
    """Long steps (decoding, transcribing, loading a model) report what they are doing."""

    kind: Literal["progress"] = "progress"
    stage: AnyStage
    message: str

    @field_validator("message")
    @classmethod
    def _no_server_paths(cls, text: str) -> str:
        return without_paths(text)


class EvidenceReady(_Event):
    kind: Literal["evidence"] = "evidence"
    evidence: Evidence

    @field_validator("evidence")
    @classmethod
    def _clip_name_only(cls, evidence: Evidence) -> Evidence:
        """The clip's name, not where the server keeps it (the run itself reads its own Evidence)."""
        if evidence.media_path and evidence.media_path != PurePath(evidence.media_path).name:
            return evidence.model_copy(update={"media_path": PurePath(evidence.media_path).name})
        return evidence


class StageStarted(_Event):
    kind: Literal["stage_started"] = "stage_started"
    stage: AnyStage
    round: int = Field(0, description="0 = first pass, 1.. = refinement rounds")
    instruction: str = Field("", description="the auditor's instruction this attempt follows")


class TokenDelta(_Event):
    kind: Literal["token"] = "token"
    stage: AnyStage
    round: int = 0
    text: str


class StageFinished(_Event):
    kind: Literal["stage_finished"] = "stage_finished"
    stage: StageName
    round: int = 0
    output: StageOutput
    summary: str = Field("", description="the key output in one line")
    duration_s: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = Field(0, description="prompt tokens the backend served from its prompt cache")

    @model_validator(mode="before")
    @classmethod
    def _drop_reused(cls, data: Any) -> Any:
        """Traces written before `reused` was dropped carry it (never set: always false); they still load."""
        if isinstance(data, dict) and "reused" in data:
            data = {k: v for k, v in data.items() if k != "reused"}
        return data


class StageFailed(_Event):
    kind: Literal["stage_failed"] = "stage_failed"
    stage: AnyStage
    round: int = 0
    error: str

    @field_validator("error")
    @classmethod
    def _no_server_paths(cls, text: str) -> str:
        return without_paths(text)


class AuditVerdictEvent(_Event):
    kind: Literal["audit_verdict"] = "audit_verdict"
    round: int = 0
    verdict: AuditVerdict
    duration_s: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0


class RegenerationRequested(_Event):
    kind: Literal["regeneration_requested"] = "regeneration_requested"
    round: int = Field(description="the refinement round about to start")
    target_stage: StageName
    instruction: str


class DraftReply(_Event):
    """A round's reply the moment it is known, before the audit: shown as a draft and replaced in place by
    the next round's or the kept reply (issue #14: the first readable reply does not wait for the audit).
    The first of a run is the first look (basis "code"), right after the evidence.
    For a model whose drafts rank after the human replies and the template, that is before the model's
    drafts are written (mid-stage, responder.run); otherwise when the reply stage ends. Under the crisis
    guard the only draft is the safety message."""

    kind: Literal["draft_reply"] = "draft_reply"
    round: int = Field(0, ge=0)
    text: str
    source: Literal["model", "exemplar", "template", "crisis"] = "model"
    basis: Literal["round", "code"] = Field(
        "round",
        description="round: the round's reply; code: the first look, from code's forecast and plan before "
        "the agents run (agents/first_look.py)",
    )


class RunFinished(_Event):
    kind: Literal["run_finished"] = "run_finished"
    reply: str
    emotion: str
    strategy: str
    rounds: int = Field(description="refinement rounds used")
    all_passed: bool
    best_round: int = Field(0, description="the round whose reply was kept (best audited)")
    reply_source: Literal["model", "exemplar", "template", "crisis"] = Field(
        "model", description="where the kept reply came from (responder.py; 'crisis': crisis.py)"
    )
    note: str = Field("", description="why the kept reply is not a model draft, when it is not")


class RunFailed(_Event):
    kind: Literal["run_failed"] = "run_failed"
    stage: AnyStage | None = None
    error: str
    reason: FailReason = "error"
    detail: str = Field("", description="technical detail (a traceback) for the trace, not shown to users")

    @field_validator("error", "detail")
    @classmethod
    def _no_server_paths(cls, text: str) -> str:
        return without_paths(text)


Event = Annotated[
    RunStarted
    | Progress
    | EvidenceReady
    | StageStarted
    | TokenDelta
    | StageFinished
    | StageFailed
    | AuditVerdictEvent
    | RegenerationRequested
    | DraftReply
    | RunFinished
    | RunFailed,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


def event_to_json(event: _Event) -> dict[str, Any]:
    return event.model_dump(mode="json")


def event_from_json(data: dict[str, Any]) -> Event:
    if (
        isinstance(data, dict)
        and data.get("kind") == "run_failed"
        and "reason" not in data
        and data.get("error") in LEGACY_CANCELLED_ERRORS
    ):
        data = {**data, "reason": "cancelled"}  # a trace written before RunFailed.reason
    return EVENT_ADAPTER.validate_python(data)
