"""Timeline view-model: a pure reducer from pipeline events to entries, and their escaped HTML.

No gradio here, so the whole view logic is tested without a browser. Every string that came from a model,
a transcript or the user passes through `html.escape` on its way into HTML: the timeline never renders
raw HTML from anywhere but this module's own templates.

A replayed trace is untrusted input, so the reducer is linear in the number of events (entries are indexed
by id, stage and round; running entries sit on stacks) and entry ids are unique by construction. Rendering
nests revisions at most MAX_NESTING deep and never recurses further, so a crafted 500-deep revision chain
or colliding ids cannot raise RecursionError.

What a replay renders is capped too, at a cost linear in the trace: word diffs are computed for texts of at
most MAX_DIFF_WORDS words and within MAX_DIFF_WORK word pairs per view (difflib is quadratic), each entry's
lists and structured output are cut (MAX_LIST_ITEMS, MAX_ITEM_CHARS, MAX_DETAIL_CHARS), and the timeline's
HTML stops at MAX_HTML_BYTES with a line saying how many attempts it leaves out. A crafted 4.9 MB trace of
400-word revisions took 9.3 s of CPU and 14.6 MB of HTML before; a real run stays far inside every cap.
"""

from __future__ import annotations

import difflib
import html
import json
from typing import Any, Iterable, Literal

from pydantic import BaseModel, Field, PrivateAttr

from mer_agents.events import (
    AuditVerdictEvent,
    DraftReply,
    EvidenceReady,
    Progress,
    RegenerationRequested,
    RunFailed,
    RunFinished,
    RunStarted,
    StageFailed,
    StageFinished,
    StageStarted,
    TokenDelta,
)
from mer_agents.labels import MODALITIES
from mer_agents.types import AuditVerdict, EmotionForecast, Evidence, PerceptionReport, Reply, StrategyPlan

MAX_LIVE_CHARS = 600  # streamed tokens kept per running entry (the final output replaces them)
MAX_SUMMARY_CHARS = 160
MAX_LOG_LINES = 12
MAX_DIFF_WORDS = 200  # longer texts get no word diff (a reply is max_reply_tokens, 80 by default)
# Word pairs difflib may compare per view, summed over its diffs: a real run's seven 60-word replies use
# ~25,000; a crafted trace's thousands of revisions get diffs until this is spent, then none.
MAX_DIFF_WORK = 400_000
MAX_HTML_BYTES = 1_000_000  # the timeline's HTML stops here (a real run's is tens of KB)
MAX_LIST_ITEMS = 40  # items of one list (cites, issues, progress) drawn per entry
MAX_ITEM_CHARS = 1_000  # characters of one list item, an error or an instruction
MAX_DETAIL_CHARS = 8_000  # characters of an entry's structured output (JSON) drawn
NOTE_BYTES = 400  # kept free for the line that says how many attempts were left out
MAX_NESTING = 6  # revision levels drawn nested; deeper attempts are drawn beside their level-6 ancestor
# A draft the guard refused (gibberish, cut off, invented facts) is not drawn: only gated text on screen (#35)
HIDDEN_DRAFT = "(a model draft the guard refused: its text is not shown here, it is in the trace)"
EVIDENCE_ENTRY = "evidence"
STAGE_TITLES = {
    EVIDENCE_ENTRY: "Perception models",
    "media": "Media",
    "perception": "Perception agent",
    "forecast": "Emotion forecaster",
    "strategy": "Strategy planner",
    "reply": "Responder",
    "audit": "Reflection audit",
    "one_pass": "One-pass responder",
    "run": "Run",
}

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


# ------------------------------------------------------------------------------------------ reducer


def clip_line(text: str, limit: int = MAX_SUMMARY_CHARS) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def word_diff(old: str, new: str, view: TimelineView | None = None) -> list[DiffPiece]:
    """What changed between two replies, word by word (difflib); [] for texts over MAX_DIFF_WORDS words or,
    with `view`, once the view's MAX_DIFF_WORK is spent (difflib is quadratic; replies are short)."""
    a, b = old.split(), new.split()
    if len(a) > MAX_DIFF_WORDS or len(b) > MAX_DIFF_WORDS:
        return []
    if view is not None:
        if len(a) * len(b) > view._diff_work:
            return []
        view._diff_work -= len(a) * len(b)
    pieces: list[DiffPiece] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            pieces.append(DiffPiece(op="equal", text=" ".join(a[i1:i2])))
            continue
        if op in ("delete", "replace"):
            pieces.append(DiffPiece(op="delete", text=" ".join(a[i1:i2])))
        if op in ("insert", "replace"):
            pieces.append(DiffPiece(op="insert", text=" ".join(b[j1:j2])))
    return pieces


def _top(probs: dict[str, float], n: int = 2) -> str:
    ranked = sorted(probs.items(), key=lambda kv: -kv[1])[:n]
    return ", ".join(f"{label} {p:.2f}" for label, p in ranked)


def evidence_summary(ev: Evidence) -> str:
    parts = []
    for name in MODALITIES:
        m = getattr(ev.modalities, name)
        parts.append(f"{name}: {_top(m.probs, 1)} (conf {m.confidence:.2f})" if m.available else f"{name}: —")
    said = f' "{clip_line(ev.transcript, 60)}"' if ev.transcript else ""
    if ev.speaker:
        said = f" {len({t.speaker for t in ev.speakers})} speakers, answering {ev.speaker}:{said}"
    if ev.transcript and ev.language and ev.language != "en":
        said += f" [{ev.language}" + (f' → "{clip_line(ev.translation, 60)}"]' if ev.translation else "]")
    return f"{ev.duration_s:.1f}s{said} · " + " · ".join(parts)


def evidence_cites(ev: Evidence) -> list[str]:
    lines = [
        f"{'→ ' if t.speaker == ev.speaker else ''}{t.speaker} {t.start:.1f}–{t.end:.1f} s"
        f"{' (' + t.emotion + ')' if t.emotion else ''}: "
        f'"{clip_line(t.text, 80)}"'
        for t in ev.speakers
    ]
    if ev.language:
        prob = f" (p {ev.language_prob:.2f})" if ev.language_prob is not None else ""
        lines.append(
            f"language: {ev.language}{prob}"
            + (f' · English translation: "{ev.translation}"' if ev.translation else "")
        )
    for name in MODALITIES:
        m = getattr(ev.modalities, name)
        if m.available:
            lines.append(
                f"{name}: {_top(m.probs, 3)} · confidence {m.confidence:.2f} · {m.model}".rstrip(" ·")
                + (f" · {m.note}" if m.note else "")
            )
        else:
            lines.append(f"{name}: unavailable{' — ' + m.note if m.note else ''}")
    lines += [f"flag {f.code}: {f.message}" for f in ev.flags]
    return lines


def output_cites(output: Any, view: TimelineView) -> list[str]:
    """The evidence a stage output rests on, in short lines."""
    if isinstance(output, PerceptionReport):
        return evidence_cites(view.evidence) if view.evidence else []
    if isinstance(output, EmotionForecast):
        lines = [f"fused (code): {_top(output.fused_probs, 3)}", f"final: {_top(output.probs, 3)}"]
        return lines + [f"conflict: {c}" for c in output.conflicts]
    if isinstance(output, StrategyPlan):
        return [f"exemplar: {x}" for x in output.exemplars]
    if isinstance(output, Reply):
        lines = []
        forecast = max(view.forecasts.items())[1] if view.forecasts else None
        if forecast:
            lines.append(f"emotion: {forecast.emotion} ({forecast.confidence:.2f})")
        plan = view.latest("strategy")
        if plan and plan.detail.get("strategy"):
            lines.append(f"strategy: {plan.detail['strategy']}")
        if not output.ranked:
            return lines + [f"other draft: {c}" for c in output.candidates]
        for i, c in enumerate(output.ranked):
            why = (
                f"guard: {'; '.join(c.guard)}"
                if c.guard
                else (f"failed: {', '.join(c.failed)}" if c.failed else "all checks pass")
            )
            scores = " ".join(f"{k} {v:.2f}" for k, v in c.scores.items())
            text = HIDDEN_DRAFT if i and refused_draft(c) else c.text
            lines.append(
                f"{'kept' if i == 0 else 'candidate'} ({c.source}, score {c.score:.2f}: {scores}; "
                f"{why}): {text}"
            )
        return lines
    return []


def refused_draft(c) -> bool:
    """A model draft the guard refused, ranked below the kept reply: its text is not drawn (HIDDEN_DRAFT)."""
    return c.source == "model" and bool(c.guard)


def shown_output(output) -> dict:
    """A stage's structured output as the timeline draws it: a Reply's refused drafts without their text."""
    detail = output.model_dump(mode="json")
    if isinstance(output, Reply) and output.ranked:
        hidden = {c.text for c in output.ranked[1:] if refused_draft(c)}
        detail["ranked"] = [
            {**d, "text": HIDDEN_DRAFT} if i and refused_draft(c) else d
            for i, (c, d) in enumerate(zip(output.ranked, detail["ranked"]))
        ]
        detail["candidates"] = [HIDDEN_DRAFT if t in hidden else t for t in detail["candidates"]]
    return detail


def _evidence_entry(view: TimelineView, t: float) -> Entry:
    entry = view.entry(EVIDENCE_ENTRY)
    if entry is None:
        entry = view.add(
            Entry(id=EVIDENCE_ENTRY, stage=EVIDENCE_ENTRY, title=STAGE_TITLES[EVIDENCE_ENTRY], started_t=t)
        )
    return entry


def _audit_entry(view: TimelineView, rnd: int, t: float) -> Entry:
    entry = view.entry(f"audit-r{rnd}")
    if entry is None:
        entry = view.add(
            Entry(id=f"audit-r{rnd}", stage="audit", round=rnd, title=STAGE_TITLES["audit"], started_t=t)
        )
    return entry


def _close_audits(view: TimelineView, t: float) -> None:
    """An audit round has no finished event of its own: it ends when something else begins."""
    for e in view.take_open_audits():
        if e.status == "running":
            e.status = "revise" if any(v.verdict == "revise" for v in e.verdicts) else "pass"
            if e.duration_s is None:
                e.duration_s = max(0.0, t - e.started_t)
            revised = [v.stage for v in e.verdicts if v.verdict == "revise"]
            e.summary = (f"revise: {', '.join(revised)}" if revised else "all stages pass") + (
                f" · {len(e.verdicts)} verdicts"
            )


def apply(view: TimelineView, event: Any) -> TimelineView:
    """Fold one event into the view (in place, for streaming speed) and return it."""
    view.n_events += 1
    t = float(getattr(event, "t", 0.0) or 0.0)
    view.last_t = max(view.last_t, t)

    if isinstance(event, RunStarted):
        view.run_id, view.source, view.backend, view.settings = (
            event.run_id,
            event.source,
            event.backend,
            dict(event.settings),
        )

    elif isinstance(event, Progress):
        view.progress = event.message
        target = None
        if view.evidence is None and event.stage in ("media", "perception"):
            target = _evidence_entry(view, t)
        else:
            target = view.running()
        if target is not None:
            target.log = (target.log + [event.message])[-MAX_LOG_LINES:]

    elif isinstance(event, EvidenceReady):
        view.evidence = event.evidence
        entry = _evidence_entry(view, t)
        entry.status = "done"
        entry.duration_s = sum(event.evidence.timings.values()) or max(0.0, t - entry.started_t)
        entry.summary = evidence_summary(event.evidence)
        entry.detail = event.evidence.model_dump(mode="json", exclude={"media_path"})
        entry.cites = evidence_cites(event.evidence)
        view.progress = ""

    elif isinstance(event, StageStarted):
        if event.stage == "audit":
            _close_audits(view, t)
            _audit_entry(view, event.round, t)
        else:
            _close_audits(view, t)
            parent = view.latest(event.stage) if event.round > 0 else None
            view.add(
                Entry(
                    id=f"{event.stage}-r{event.round}-{len(view._by_stage.get(event.stage, ()))}",
                    stage=event.stage,
                    round=event.round,
                    title=STAGE_TITLES.get(event.stage, event.stage),
                    started_t=t,
                    instruction=event.instruction,
                    parent_id=parent.id if parent else None,
                )
            )

    elif isinstance(event, TokenDelta):
        entry = view.running(event.stage, event.round)
        if entry is not None:
            entry.live = (entry.live + event.text)[-MAX_LIVE_CHARS:]

    elif isinstance(event, StageFinished):
        if event.stage == "forecast" and isinstance(event.output, EmotionForecast):
            view.forecasts[event.round] = event.output
        entry = view.running(event.stage, event.round)
        if entry is None:  # a finished event without a started one: still show it
            parent = view.latest(event.stage) if event.round > 0 else None
            entry = view.add(
                Entry(
                    id=f"{event.stage}-r{event.round}-{len(view.entries)}",
                    stage=event.stage,
                    round=event.round,
                    title=STAGE_TITLES.get(event.stage, event.stage),
                    started_t=max(0.0, t - event.duration_s),
                    parent_id=parent.id if parent else None,
                )
            )
        entry.status = "done"
        entry.duration_s = event.duration_s
        entry.summary = clip_line(event.summary or event.output.one_line())
        entry.detail = shown_output(event.output)
        entry.cites = output_cites(event.output, view)
        entry.live = ""
        if isinstance(event.output, Reply) and entry.parent_id:
            parent = view.entry(entry.parent_id)
            if parent is not None and parent.detail.get("text") is not None:
                entry.diff = word_diff(str(parent.detail["text"]), event.output.text, view)

    elif isinstance(event, StageFailed):
        entry = view.running(event.stage, event.round) if event.stage != "audit" else None
        if event.stage == "audit":
            entry = _audit_entry(view, event.round, t)
        if entry is None:
            entry = view.add(
                Entry(
                    id=f"{event.stage}-r{event.round}-{len(view.entries)}",
                    stage=event.stage,
                    round=event.round,
                    title=STAGE_TITLES.get(event.stage, event.stage),
                    started_t=t,
                )
            )
        entry.status, entry.error = "failed", event.error
        entry.summary = clip_line(event.error)
        if entry.duration_s is None:
            entry.duration_s = max(0.0, t - entry.started_t)

    elif isinstance(event, AuditVerdictEvent):
        audit = _audit_entry(view, event.round, max(0.0, t - event.duration_s))
        audit.verdicts.append(event.verdict)
        audit.duration_s = (
            (audit.duration_s or 0.0) + event.duration_s if event.duration_s else audit.duration_s
        )
        view.verdicts.setdefault(event.round, []).append(event.verdict)
        audited = view.latest(event.verdict.stage, max_round=event.round)
        if audited is not None and audited.status in ("done", "pass", "revise"):
            audited.status = event.verdict.verdict
            audited.verdicts.append(event.verdict)

    elif isinstance(event, RegenerationRequested):
        audit = _audit_entry(view, max(0, event.round - 1), t)
        audit.regenerate = f"round {event.round}: back to {event.target_stage} — {event.instruction}"
        _close_audits(view, t)

    elif isinstance(event, DraftReply):
        view.draft, view.draft_round, view.draft_basis = event.text, event.round, event.basis

    elif isinstance(event, RunFinished):
        _close_audits(view, t)
        view.finished = True
        view.draft = ""
        view.reply, view.emotion, view.strategy = event.reply, event.emotion, event.strategy
        view.rounds, view.all_passed = event.rounds, event.all_passed
        view.reply_note = event.note
        view.progress = ""

    elif isinstance(event, RunFailed):
        _close_audits(view, t)
        view.finished = True
        view.error, view.error_stage = event.error, event.stage
        cancelled = event.reason == "cancelled"
        for e in view.take_running():
            e.status = "cancelled" if cancelled else "failed"
            e.duration_s = max(0.0, t - e.started_t)
        view.add(
            Entry(
                id=f"run-failed-{len(view.entries)}",
                stage="run",
                title="Run stopped",
                status="cancelled" if cancelled else "failed",
                started_t=t,
                summary=clip_line(event.error),
                error=event.error,
            )
        )
        view.progress = ""
    return view


def build_timeline(events: Iterable[Any]) -> TimelineView:
    """Reduce a whole event list (a replayed trace) into its view."""
    view = TimelineView()
    for event in events:
        apply(view, event)
    return view


# ------------------------------------------------------------------------------------------- render

TIMELINE_CSS = """
.mer-tl { font-size: 0.92em; line-height: 1.35; }
.mer-tl .mer-empty { color: #777; padding: 0.6em; }
.mer-tl details { border: 1px solid #d6d6d6; border-radius: 6px; margin: 4px 0; padding: 2px 8px; \
background: rgba(127,127,127,0.04); }
.mer-tl details > summary { cursor: pointer; list-style-position: outside; padding: 3px 0; }
.mer-tl .mer-children { margin-left: 1.4em; border-left: 3px solid #c9c9ef; padding-left: 0.6em; }
.mer-tl .mer-badge { display: inline-block; border-radius: 4px; padding: 0 6px; font-size: 0.82em; \
font-weight: 600; color: #fff; margin-right: 4px; }
.mer-tl .st-running { background: #2f6fdb; } .mer-tl .st-done { background: #6b7280; }
.mer-tl .st-pass { background: #15803d; } .mer-tl .st-revise { background: #c2410c; }
.mer-tl .st-failed { background: #b91c1c; } .mer-tl .st-cancelled { background: #57534e; }
.mer-tl .mer-stage { font-weight: 600; } .mer-tl .mer-meta { color: #777; font-size: 0.85em; }
.mer-tl .mer-key { display: block; margin: 2px 0 2px 0.2em; }
.mer-tl pre { white-space: pre-wrap; word-break: break-word; font-size: 0.85em; max-height: 24em; \
overflow: auto; }
.mer-tl ins { background: #c8f7c5; color: #064e00; text-decoration: none; }
.mer-tl del { background: #fbd0d0; color: #7a0000; }
.mer-tl ul { margin: 2px 0 2px 1.2em; padding: 0; }
.mer-tl .mer-error { color: #b91c1c; font-weight: 600; }
.mer-tl .mer-progress { color: #2f6fdb; font-style: italic; }
"""


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def badge(status: str, label: str | None = None) -> str:
    return f'<span class="mer-badge st-{esc(status)}">{esc(label or status)}</span>'


def render_diff(pieces: list[DiffPiece]) -> str:
    out = []
    for p in pieces:
        tag = {"insert": "ins", "delete": "del"}.get(p.op)
        text = esc(cut(p.text))
        out.append(f"<{tag}>{text}</{tag}>" if tag else text)
    return " ".join(out)


def cut(text: Any, limit: int = MAX_ITEM_CHARS) -> str:
    """`text` within `limit` characters, saying how much was left out (the trace keeps all of it)."""
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit:,} more characters)"


def _list(title: str, items: list[str]) -> str:
    if not items:
        return ""
    shown = "".join(f"<li>{esc(cut(i))}</li>" for i in items[:MAX_LIST_ITEMS])
    more = f"<li>… {len(items) - MAX_LIST_ITEMS:,} more</li>" if len(items) > MAX_LIST_ITEMS else ""
    return f"<div><b>{esc(title)}</b><ul>{shown}{more}</ul></div>"


def render_verdict(v: AuditVerdict) -> str:
    body = _list("issues", v.issues) + _list("evidence", v.evidence)
    if v.instruction:
        body += f"<div><b>instruction</b>: {esc(cut(v.instruction))}</div>"
    return f'<div class="mer-verdict">{badge(v.verdict, f"{v.stage}: {v.verdict}")}{body}</div>'


class Budget:
    """Bytes of HTML the timeline may still draw. The first entry that does not fit ends the drawing, so
    what is drawn is the run's beginning, in order; `drawn` counts the entries drawn."""

    def __init__(self, total: int):
        self.left, self.drawn = total, 0

    def fits(self, *parts: str) -> bool:
        size = sum(len(p.encode("utf-8")) for p in parts)
        if size > self.left:
            self.left = 0
            return False
        self.left -= size
        self.drawn += 1
        return True


def render_entry(entry: Entry, children: dict[int, list[Entry]], budget: Budget | None = None) -> str:
    """One entry and its revisions, drawn while `budget` (None: no limit) holds; "" when it does not fit."""
    if budget is not None and budget.left <= 0:  # spent: the rest is not even built
        return ""
    meta = [f"round {entry.round}"] if entry.stage not in (EVIDENCE_ENTRY, "run") else []
    if entry.duration_s is not None:
        meta.append(f"{entry.duration_s:.2f}s")
    key = entry.summary or (entry.live and clip_line(entry.live)) or (entry.log and entry.log[-1]) or ""
    head = (
        f'<summary>{badge(entry.status)}<span class="mer-stage">{esc(entry.title)}</span> '
        f'<span class="mer-meta">{esc(" · ".join(meta))}</span>'
        f'<span class="mer-key">{esc(clip_line(key))}</span></summary>'
    )
    body = []
    if entry.instruction:
        body.append(f"<div><b>revising with</b>: {esc(cut(entry.instruction))}</div>")
    if entry.error:
        body.append(f'<div class="mer-error">{esc(cut(entry.error))}</div>')
    if entry.diff:
        body.append(f"<div><b>changed vs previous reply</b>: {render_diff(entry.diff)}</div>")
    if entry.detail and entry.detail.get("dropped"):
        forced = cut(", ".join(str(x) for x in entry.detail["dropped"][:MAX_LIST_ITEMS]))
        body.append(
            f"<div><b>forced by</b>: the audit failed {esc(forced)}; candidates failing it rank last</div>"
        )
    written = entry.detail.get("written_by") if entry.detail else None
    if written and written != "model":
        body.append(f"<div><b>text check</b>: written by {esc(cut(written))}</div>")
    if entry.live and entry.status == "running":
        body.append(f"<pre>{esc(cut(entry.live, MAX_LIVE_CHARS))}</pre>")
    if entry.verdicts:
        body.append("".join(render_verdict(v) for v in entry.verdicts[:MAX_LIST_ITEMS]))
    if entry.regenerate:
        body.append(f"<div><b>regenerate</b>: {esc(cut(entry.regenerate))}</div>")
    body.append(_list("evidence cited", entry.cites))
    if entry.log:
        body.append(_list("progress", entry.log))
    if entry.detail:
        shown = cut(json.dumps(entry.detail, indent=2, ensure_ascii=False), MAX_DETAIL_CHARS)
        body.append(f"<details><summary>structured output</summary><pre>{esc(shown)}</pre></details>")
    kids = children.get(id(entry), [])
    is_open = " open" if entry.status in ("running", "revise", "failed") or kids else ""
    opening = (
        f'<details class="mer-entry" data-stage="{esc(entry.stage)}" data-status="{esc(entry.status)}"'
        f"{is_open}>{head}{''.join(body)}"
    )
    wrapper = ('<div class="mer-children">', "</div>") if kids else ("", "")
    if budget is not None and not budget.fits(opening, "</details>", *wrapper):
        return ""
    drawn = ""
    if kids:  # nesting depth is capped by nest(), so this recursion is too
        drawn = "".join(render_entry(k, children, budget) for k in kids)
    inner = f"{wrapper[0]}{drawn}{wrapper[1]}" if drawn else ""
    return f"{opening}{inner}</details>"


def nest(entries: list[Entry], max_depth: int = MAX_NESTING) -> tuple[list[Entry], dict[int, list[Entry]]]:
    """Roots and children (keyed by id() of the parent entry) for drawing revisions nested.

    An entry hangs under an EARLIER entry only (so ids that collide or point forward make no cycle), and
    never deeper than max_depth: a deeper attempt is drawn beside its ancestor at that depth.
    """
    roots: list[Entry] = []
    children: dict[int, list[Entry]] = {}
    placed: dict[str, tuple[Entry, int, Entry | None]] = {}  # id → (entry, depth, drawn under)
    for e in entries:
        parent = placed.get(e.parent_id) if e.parent_id else None
        if parent is None:
            roots.append(e)
            placed.setdefault(e.id, (e, 0, None))
            continue
        under, depth, grand = parent
        if depth >= max_depth and grand is not None:
            under, depth = grand, depth - 1
        children.setdefault(id(under), []).append(e)
        placed.setdefault(e.id, (e, depth + 1, under))
    return roots, children


def render_html(view: TimelineView, max_bytes: int = MAX_HTML_BYTES) -> str:
    """The timeline as HTML, at most `max_bytes` (then a line says how many attempts are left out); every
    dynamic string is escaped."""
    if not view.entries and not view.progress and not view.error:
        return (
            '<div class="mer-tl"><div class="mer-empty">The timeline fills in here while a run goes.</div>'
            "</div>"
        )
    roots, children = nest(view.entries)
    parts = ['<div class="mer-tl">']
    if view.backend or view.source:
        parts.append(f'<div class="mer-meta">{esc(cut(view.source))} · {esc(cut(view.backend))}</div>')
    tail = _tail(view)
    budget = Budget(max_bytes - sum(len(p.encode("utf-8")) for p in (*parts, tail)) - NOTE_BYTES)
    parts += [render_entry(e, children, budget) for e in roots]
    left_out = len(view.entries) - budget.drawn
    if left_out:
        parts.append(
            f'<div class="mer-meta">… {left_out:,} more attempt(s) not drawn: the timeline shows at most '
            f"{max_bytes / 1e6:g} MB (the trace holds every event)</div>"
        )
    parts.append(tail)
    return "".join(parts)


def _tail(view: TimelineView) -> str:
    """The lines under the entries: progress, the error, or how the run finished; then the closing tag."""
    parts = []
    if view.progress and not view.finished:
        parts.append(f'<div class="mer-progress">{esc(cut(view.progress))}</div>')
    if view.error:
        parts.append(f'<div class="mer-error">{esc(cut(view.error))}</div>')
    elif view.finished:
        verdict = "all stages passed the audit" if view.all_passed else "kept the best audited reply"
        if view.reply_note:
            verdict += f" · {cut(view.reply_note)}"
        parts.append(
            f'<div class="mer-meta">finished · {view.rounds} refinement round(s) · {esc(verdict)}</div>'
        )
    parts.append("</div>")
    return "".join(parts)
