"""The timeline's HTML: every entry of a TimelineView drawn as nested <details>, within a byte budget.

No gradio here. Every string that came from a model, a transcript or the user passes through `html.escape`
on its way into HTML: the timeline never renders raw HTML from anywhere but this module's own templates.
Revisions nest at most MAX_NESTING deep and the drawing never recurses further, so a crafted 500-deep
revision chain or colliding ids cannot raise RecursionError. Each entry's lists and structured output are
cut (MAX_LIST_ITEMS, MAX_ITEM_CHARS, MAX_DETAIL_CHARS), and the HTML stops at MAX_HTML_BYTES with a line
saying how many attempts it leaves out.
"""

from __future__ import annotations

import html
import json
from typing import Any

from mer_agents.types import AuditVerdict
from mer_agents.ui.timeline_model import (
    EVIDENCE_ENTRY,
    MAX_LIVE_CHARS,
    DiffPiece,
    Entry,
    TimelineView,
    clip_line,
)

MAX_HTML_BYTES = 1_000_000  # the timeline's HTML stops here (a real run's is tens of KB)
MAX_LIST_ITEMS = 40  # items of one list (cites, issues, progress) drawn per entry
MAX_ITEM_CHARS = 1_000  # characters of one list item, an error or an instruction
MAX_DETAIL_CHARS = 8_000  # characters of an entry's structured output (JSON) drawn
NOTE_BYTES = 400  # kept free for the line that says how many attempts were left out
MAX_NESTING = 6  # revision levels drawn nested; deeper attempts are drawn beside their level-6 ancestor

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
