"""Timeline view-model: a pure reducer from pipeline events to entries (`apply`, `build_timeline`).

No gradio here, so the whole view logic is tested without a browser. The entries and the view they make are
in timeline_model.py; their escaped HTML (`render_html`, `TIMELINE_CSS`) is in timeline_html.py, and is
re-exported here, so `from mer_agents.ui.timeline import render_html` keeps working.

A replayed trace is untrusted input, so the reducer is linear in the number of events (entries are indexed
by id, stage and round; running entries sit on stacks) and entry ids are unique by construction. Rendering
nests revisions at most MAX_NESTING deep and never recurses further, so a crafted 500-deep revision chain
or colliding ids cannot raise RecursionError.

What a replay renders is capped too, at a cost linear in the trace: word diffs are computed for texts of at
most MAX_DIFF_WORDS words and within MAX_DIFF_WORK word pairs per view (difflib is quadratic), each entry's
lists and structured output are cut (MAX_LIST_ITEMS, MAX_ITEM_CHARS, MAX_DETAIL_CHARS), and the timeline's
HTML stops at MAX_HTML_BYTES with a line saying how many attempts it leaves out. Before these caps, a crafted
trace of a few MB of long revisions took seconds of CPU and more HTML than the trace itself; a real run
stays far inside every cap.
"""

from __future__ import annotations

import difflib
from typing import Any, Iterable

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
from mer_agents.stages import STAGE_SPECS
from mer_agents.types import EmotionForecast, Evidence, PerceptionReport, Reply, StrategyPlan
from mer_agents.ui.timeline_html import MAX_HTML_BYTES, MAX_NESTING, TIMELINE_CSS, render_html
from mer_agents.ui.timeline_model import (
    EVIDENCE_ENTRY,
    MAX_DIFF_WORK,
    MAX_LIVE_CHARS,
    DiffPiece,
    Entry,
    TimelineView,
    clip_line,
)

MAX_LOG_LINES = 12
MAX_DIFF_WORDS = 200  # longer texts get no word diff (a reply is max_reply_tokens, 80 by default)
# A draft the guard refused (gibberish, cut off, invented facts) is not drawn: only gated text on screen (#35)
HIDDEN_DRAFT = "(a model draft the guard refused: its text is not shown here, it is in the trace)"
STAGE_TITLES = {
    EVIDENCE_ENTRY: "Perception models",
    "media": "Media",
    **{s.name: s.title for s in STAGE_SPECS},  # the agent stages' titles are declared in stages.py
    "audit": "Reflection audit",
    "one_pass": "One-pass responder",
    "run": "Run",
}

# ------------------------------------------------------------------------------------------ reducer


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
            if c.judge is not None:
                scores += f"; reader {c.judge:+.2f}"
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


__all__ = [
    "EVIDENCE_ENTRY",
    "HIDDEN_DRAFT",
    "MAX_DIFF_WORK",
    "MAX_HTML_BYTES",
    "MAX_NESTING",
    "TIMELINE_CSS",
    "DiffPiece",
    "Entry",
    "TimelineView",
    "apply",
    "build_timeline",
    "clip_line",
    "evidence_cites",
    "render_html",
    "shown_output",
    "word_diff",
]
