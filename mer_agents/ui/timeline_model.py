"""The timeline's view model: the entries one run's events make, indexed so the reducer stays linear.

No gradio here. A replayed trace is untrusted input, so the reducer (timeline.apply) is linear in the number
of events: entries are indexed by id, stage and round, running entries sit on stacks, and entry ids are unique
by construction (TimelineView.add). Each view also holds the word-pair budget its word diffs may spend
(MAX_DIFF_WORK; timeline.word_diff).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr

from mer_agents.types import AuditVerdict, EmotionForecast, Evidence

MAX_LIVE_CHARS = 600  # streamed tokens kept per running entry (the final output replaces them)
MAX_SUMMARY_CHARS = 160
# Word pairs difflib may compare per view, summed over its diffs: a real run's seven 60-word replies use
# ~25,000; a crafted trace's thousands of revisions get diffs until this is spent, then none.
MAX_DIFF_WORK = 400_000
EVIDENCE_ENTRY = "evidence"

Status = Literal["running", "done", "pass", "revise", "failed", "cancelled"]


class DiffPiece(BaseModel):
    op: Literal["equal", "insert", "delete"]
    text: str


class Entry(BaseModel):
    """One stage attempt (or the perception models, or an audit round) as the timeline shows it."""

    id: str
    stage: str
    round: int = 0
    status: Status = "running"
    title: str
    summary: str = ""
    started_t: float = 0.0
    duration_s: float | None = None
    instruction: str = Field("", description="the auditor's instruction this attempt follows")
    detail: dict[str, Any] = Field(default_factory=dict, description="the structured output")
    cites: list[str] = Field(default_factory=list, description="the evidence the output rests on")
    verdicts: list[AuditVerdict] = Field(default_factory=list)
    regenerate: str = Field("", description="audit entries: which stage is sent back, and why")
    parent_id: str | None = None
    diff: list[DiffPiece] = Field(default_factory=list, description="reply attempts: words changed vs parent")
    live: str = Field("", description="tokens streamed so far while running")
    log: list[str] = Field(default_factory=list, description="progress messages")
    error: str = ""


class TimelineView(BaseModel):
    """Everything the app draws from one run's events."""

    run_id: str = ""
    source: str = ""
    backend: str = ""
    settings: dict[str, Any] = Field(default_factory=dict)
    entries: list[Entry] = Field(default_factory=list)
    progress: str = ""
    evidence: Evidence | None = None
    forecasts: dict[int, EmotionForecast] = Field(default_factory=dict, description="by round")
    verdicts: dict[int, list[AuditVerdict]] = Field(default_factory=dict, description="by audit round")
    reply: str = ""
    draft: str = Field("", description="the latest round's reply while the audit runs ('' once finished)")
    draft_round: int = 0
    draft_basis: str = Field("round", description="round: a round's reply; code: the first look")
    emotion: str = ""
    strategy: str = ""
    rounds: int = 0
    all_passed: bool | None = None
    reply_note: str = ""
    finished: bool = False
    error: str = ""
    error_stage: str | None = None
    n_events: int = 0
    last_t: float = 0.0

    # Indexes over `entries`, kept by add(): each lookup the reducer makes is O(1) (amortised).
    _by_id: dict[str, int] = PrivateAttr(default_factory=dict)  # id → position in entries
    _by_stage: dict[str, list[Entry]] = PrivateAttr(default_factory=dict)
    _last_at: dict[str, dict[int, Entry]] = PrivateAttr(default_factory=dict)  # stage → round → latest
    _running: list[Entry] = PrivateAttr(default_factory=list)  # entries added running; pruned lazily
    _running_at: dict[tuple[str, int], list[Entry]] = PrivateAttr(default_factory=dict)
    _open_audits: list[Entry] = PrivateAttr(default_factory=list)
    _diff_work: int = PrivateAttr(default=MAX_DIFF_WORK)  # word pairs difflib may still compare

    def model_post_init(self, context: Any) -> None:
        entries, self.entries = list(self.entries), []
        for entry in entries:
            self.add(entry)

    def add(self, entry: Entry) -> Entry:
        """Append an entry (its id made unique if taken) and index it."""
        if entry.id in self._by_id:
            base, n = entry.id, len(self.entries)
            while f"{base}~{n}" in self._by_id:
                n += 1
            entry.id = f"{base}~{n}"
        self._by_id[entry.id] = len(self.entries)
        self.entries.append(entry)
        self._by_stage.setdefault(entry.stage, []).append(entry)
        self._last_at.setdefault(entry.stage, {})[entry.round] = entry
        if entry.status == "running":
            self._running.append(entry)
            self._running_at.setdefault((entry.stage, entry.round), []).append(entry)
            if entry.stage == "audit":
                self._open_audits.append(entry)
        return entry

    def entry(self, entry_id: str) -> Entry | None:
        index = self._by_id.get(entry_id)
        return None if index is None else self.entries[index]

    def latest(self, stage: str, max_round: int | None = None) -> Entry | None:
        """The most recent attempt of a stage (optionally no later than a round)."""
        attempts = self._by_stage.get(stage)
        if not attempts:
            return None
        if max_round is None:
            return attempts[-1]
        earlier = [e for rnd, e in self._last_at[stage].items() if rnd <= max_round]
        return max(earlier, key=lambda e: self._by_id[e.id], default=None)

    def running(self, stage: str | None = None, rnd: int = 0) -> Entry | None:
        """The most recent entry still running (of a stage and round, when given)."""
        stack = self._running if stage is None else self._running_at.get((stage, rnd), [])
        while stack and stack[-1].status != "running":
            stack.pop()  # finished entries never run again: each is popped once
        return stack[-1] if stack else None

    def take_running(self) -> list[Entry]:
        """Every entry still running, once (the caller ends them)."""
        running = [e for e in self._running if e.status == "running"]
        self._running.clear()
        return running

    def take_open_audits(self) -> list[Entry]:
        audits = [e for e in self._open_audits if e.status == "running"]
        self._open_audits.clear()
        return audits


def clip_line(text: str, limit: int = MAX_SUMMARY_CHARS) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"
