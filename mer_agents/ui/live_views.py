"""The Live tab's pure views: the conversation, the emotion trajectory, the voice and face meters, the status.

No state of their own: LiveHandlers (live.py) calls them with what a tab's session holds. Every text is
escaped (formatting.chat_text for the Chatbot, html.escape for the meters).
"""

from __future__ import annotations

import html

import plotly.graph_objects as go

from mer_agents.labels import EMOTIONS
from mer_agents.live import LiveTurn
from mer_agents.ui.formatting import DRAFT_MARK, chat_text, tagged_reply
from mer_agents.ui.live_registry import LiveState
from mer_agents.ui.plots import EMOTION_COLOURS
from mer_agents.ui.timeline import TimelineView

LEVEL_FLOOR_DB = -70.0
FACE_TOP = 3
LOW_COVERAGE = 0.85  # below this share of streamed audio received, the meters warn


def live_chat_messages(
    turns: list[LiveTurn], views: dict[int, TimelineView] | None = None
) -> list[dict[str, str]]:
    """The live conversation: what the person said (once transcribed) and the reply or what became of it;
    while a reply is on its way, the latest draft of its run (`views`: each turn's timeline), marked as one,
    so the person reads a reply before the audit ends (issue #14).

    Every text is escaped (formatting.chat_text): the Chatbot would otherwise render it as HTML.
    """
    views = views or {}
    messages: list[dict[str, str]] = []
    for turn in turns:
        said = turn.transcript.strip() or f"(turn {turn.id}: {turn.span.duration_s:.1f} s of speech)"
        messages.append({"role": "user", "content": chat_text(said)})
        if turn.status == "done":
            reply = tagged_reply(turn.reply, turn.emotion, turn.strategy)
        elif turn.status in ("failed", "cancelled"):
            reply = f"({turn.status}: {turn.error})"
        elif turn.status == "running" and turn.id in views and views[turn.id].draft:
            reply = f"{DRAFT_MARK} {views[turn.id].draft}"
        else:
            reply = "…" if turn.status == "running" else "(waiting)"
        messages.append({"role": "assistant", "content": chat_text(reply)})
    return messages


def turn_probs(view: TimelineView) -> dict[str, float] | None:
    """The turn's final emotion distribution: the last forecast, else the fused perception evidence."""
    if view.forecasts:
        return dict(view.forecasts[max(view.forecasts)].probs)
    return None


def trajectory_figure(points: list[tuple[int, dict[str, float]]]) -> go.Figure:
    """Emotion over the conversation: one point per finished turn, one line per emotion."""
    fig = go.Figure()
    title = "Emotion over the conversation"
    if not points:
        fig.update_layout(
            title=title,
            height=300,
            xaxis={"visible": False},
            yaxis={"visible": False},
            annotations=[
                {
                    "text": "a point appears for each answered turn",
                    "showarrow": False,
                    "xref": "paper",
                    "yref": "paper",
                    "x": 0.5,
                    "y": 0.5,
                }
            ],
        )
        return fig
    xs = [turn_id for turn_id, _ in points]
    for label in EMOTIONS:
        ys = [probs.get(label, 0.0) for _, probs in points]
        if max(ys) >= 0.05:
            fig.add_trace(
                go.Scatter(
                    x=xs, y=ys, name=label, mode="lines+markers", line={"color": EMOTION_COLOURS[label]}
                )
            )
    fig.update_layout(
        title=title,
        height=300,
        margin={"t": 50, "l": 40, "r": 10, "b": 40},
        xaxis={"title": "turn", "tickmode": "array", "tickvals": xs},
        yaxis={"title": "p", "range": [0, 1]},
    )
    return fig


def level_percent(db: float) -> int:
    return round(100 * min(1.0, max(0.0, (db - LEVEL_FLOOR_DB) / -LEVEL_FLOOR_DB)))


def preview_html(
    level_db: float,
    speaking: bool,
    status: str,
    face: dict[str, float] | None,
    face_note: str,
    coverage: float | None = None,
    audio_note: str = "",
) -> str:
    """The meters: voice energy, speech state, the current facial expression (our own labels and numbers)."""
    esc = html.escape
    rows = [
        (
            f'<div class="live-row"><span class="live-key">voice</span>'
            f'<span class="live-bar"><span style="width:{level_percent(level_db)}%"></span></span>'
            f'<span class="live-val">{level_db:.0f} dBFS</span></div>'
        ),
        (
            f'<div class="live-row"><span class="live-key">state</span><span class="live-state" '
            f'data-speaking="{str(speaking).lower()}">{esc(status)}</span></div>'
        ),
    ]
    if face:
        for label, p in sorted(face.items(), key=lambda kv: -kv[1])[:FACE_TOP]:
            rows.append(
                f'<div class="live-row"><span class="live-key">face: {esc(label)}</span>'
                f'<span class="live-bar face"><span style="width:{round(100 * p)}%"></span></span>'
                f'<span class="live-val">{p:.2f}</span></div>'
            )
    else:
        rows.append(
            f'<div class="live-row"><span class="live-key">face</span><span>{esc(face_note)}</span></div>'
        )
    if coverage is not None and coverage < LOW_COVERAGE:
        rows.append(
            f'<div class="live-warn">The server is busy and received only {100 * coverage:.0f}% of '
            "the microphone audio: turns may be cut short.</div>"
        )
    if audio_note:
        rows.append(f'<div class="live-warn">{esc(audio_note)}</div>')
    return f'<div class="live-preview">{"".join(rows)}</div>'


LIVE_CSS = """
.live-preview { font-size: 0.9em; display: grid; gap: 4px; }
.live-row { display: grid; grid-template-columns: 8.5em 1fr 5.5em; gap: 8px; align-items: center; }
.live-bar { height: 10px; background: #e5e7eb; border-radius: 5px; overflow: hidden; display: block; }
.live-bar > span { display: block; height: 100%; background: #10b981; }
.live-bar.face > span { background: #6366f1; }
.live-state[data-speaking="true"] { color: #b91c1c; font-weight: 600; }
.live-warn { color: #b45309; }
"""


def status_text(state: LiveState) -> str:
    session = state.session
    running = [t for t in session.turns if t.status == "running"]
    waiting = [t for t in session.turns if t.status == "queued"]
    if session.detector.speaking:
        return "speaking…" + (" (a reply is on its way)" if running else "")
    if running and running[-1].waiting_for_model:
        return f"turn {running[-1].id} is waiting for the model (another run is using it)"
    if running:
        return f"thinking about turn {running[-1].id}…" + (f" ({len(waiting)} waiting)" if waiting else "")
    if waiting:
        return f"turn {waiting[0].id} is waiting"
    return "listening" if state.recording else "press record on the microphone to talk"
