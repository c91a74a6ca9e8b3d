"""Plotly figures from a run's view: emotions over the clip per modality, the fused forecast, the rounds.

Pure functions of the timeline view (no gradio), so they are tested on plain data.

A replayed trace may be crafted, so what a figure draws is capped: MAX_POINTS per modality series (evenly
thinned), MAX_SPEAKER_BANDS speaker turns (plotly's add_vrect on subplots costs more with every shape, so a
crafted trace's thousands of turns would take minutes) and MAX_VERDICT_POINTS audit verdicts. A real clip
keeps at most 300 frames and a real run at most 7 rounds of 4 verdicts, far inside these.
"""

from __future__ import annotations

import html

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from mer_agents.labels import EMOTIONS, MODALITIES, MODALITY_NOUN
from mer_agents.stages import STAGES
from mer_agents.types import Evidence, ModalityEvidence
from mer_agents.ui.timeline import TimelineView

EMOTION_COLOURS = {
    "neutral": "#9ca3af",
    "joy": "#f59e0b",
    "sadness": "#3b82f6",
    "anger": "#dc2626",
    "surprise": "#a855f7",
    "fear": "#0f766e",
    "disgust": "#65a30d",
}
STAGE_ORDER = STAGES  # the audit chart's rows (stages.py)
VERDICT_COLOURS = {"pass": "#15803d", "revise": "#c2410c"}
HEIGHT = 360
SPEAKER_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b")  # bands of S1, S2, … turns
MAX_POINTS = 400  # points drawn per modality series (a real clip's frames: at most 300)
MAX_SPEAKER_BANDS = 40  # speaker turns drawn as bands (the first ones)
MAX_VERDICT_POINTS = 200  # audit verdicts drawn (a real run: at most 28)


def thinned(items: list, limit: int) -> list:
    """At most `limit` of `items`, evenly spread, the last one kept."""
    if len(items) <= limit:
        return items
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit - 1)] + [items[-1]]


def _empty(title: str, note: str) -> go.Figure:
    fig = go.Figure()
    fig.update_layout(
        title=title,
        height=HEIGHT,
        xaxis={"visible": False},
        yaxis={"visible": False},
        annotations=[{"text": note, "showarrow": False, "font": {"size": 14}}],
    )
    return fig


def _series(m: ModalityEvidence, duration: float) -> list[tuple[float, dict[str, float]]]:
    """(time, probs) points: the modality's timeline, or its clip-level reading held over the clip."""
    if m.timeline:
        ordered = sorted(m.timeline, key=lambda p: p.start)
        return [((p.start + p.end) / 2, p.probs) for p in thinned(ordered, MAX_POINTS)]
    return [(0.0, m.probs), (max(duration, 0.01), m.probs)]


def modality_figure(evidence: Evidence | None) -> go.Figure:
    """Per-modality emotion probabilities over the clip's time, one row per modality."""
    title = "Emotion over the clip, per modality"
    if evidence is None:
        return _empty(title, "waiting for the perception models")
    fig = make_subplots(
        rows=3,
        cols=1,
        shared_xaxes=True,
        vertical_spacing=0.07,
        subplot_titles=[_row_title(getattr(evidence.modalities, m), m) for m in MODALITIES],
    )
    for row, name in enumerate(MODALITIES, start=1):
        m: ModalityEvidence = getattr(evidence.modalities, name)
        if not m.available:
            continue
        points = _series(m, evidence.analysed_s or evidence.duration_s)
        for label in EMOTIONS:
            fig.add_trace(
                go.Scatter(
                    x=[t for t, _ in points],
                    y=[probs.get(label, 0.0) for _, probs in points],
                    name=label,
                    legendgroup=label,
                    showlegend=row == 1,
                    mode="lines+markers" if len(points) < 40 else "lines",
                    line={"color": EMOTION_COLOURS[label], "shape": "hv" if not m.timeline else "linear"},
                ),
                row=row,
                col=1,
            )
        fig.update_yaxes(range=[0, 1], row=row, col=1)
    _speaker_bands(fig, evidence)
    fig.update_xaxes(title_text="seconds", row=3, col=1)
    fig.update_layout(title=title, height=HEIGHT + 120, margin={"t": 70, "l": 40, "r": 10, "b": 40})
    return fig


def _speaker_bands(fig: go.Figure, evidence: Evidence) -> None:
    """Several speakers: each turn a shaded band in its speaker's colour, labelled with the speaker and the
    text head's reading of their words (the answered speaker marked →). The shapes are laid out in one
    update: plotly's add_vrect(row="all") re-reads every shape so far on each call (quadratic in turns)."""
    turns = evidence.speakers[:MAX_SPEAKER_BANDS]
    names = list(dict.fromkeys(t.speaker for t in turns))
    shapes, labels = [], []
    for turn in turns:
        colour = SPEAKER_COLOURS[names.index(turn.speaker) % len(SPEAKER_COLOURS)]
        for row in range(1, len(MODALITIES) + 1):
            axis = "" if row == 1 else str(row)
            shapes.append(
                {
                    "type": "rect",
                    "xref": f"x{axis}",
                    "yref": f"y{axis} domain",
                    "x0": turn.start,
                    "x1": turn.end,
                    "y0": 0,
                    "y1": 1,
                    "fillcolor": colour,
                    "opacity": 0.15,
                    "layer": "below",
                    "line": {"width": 0},
                }
            )
        mark = "→" if turn.speaker == evidence.speaker else ""
        labels.append(
            {
                "x": (turn.start + turn.end) / 2,
                "y": 1.0,
                "xref": "x",
                "yref": "paper",
                "text": f"{mark}{turn.speaker} {turn.emotion or ''}".strip(),
                "showarrow": False,
                "font": {"size": 10},
                "yanchor": "bottom",
            }
        )
    if turns:
        fig.update_layout(shapes=shapes, annotations=[*fig.layout.annotations, *labels])


def _row_title(m: ModalityEvidence, name: str) -> str:
    label = MODALITY_NOUN[name]
    return f"{label} (confidence {m.confidence:.2f})" if m.available else f"{label}: unavailable"


def forecast_figure(view: TimelineView) -> go.Figure:
    """Grouped bars over the 7 emotions: each modality, the code's fusion, and the final forecast."""
    title = "Fused forecast"
    if view.evidence is None and not view.forecasts:
        return _empty(title, "waiting for evidence")
    fig = go.Figure()
    if view.evidence is not None:
        for name in MODALITIES:
            m = getattr(view.evidence.modalities, name)
            if m.available:
                fig.add_trace(
                    go.Bar(
                        x=list(EMOTIONS),
                        y=[m.probs.get(e, 0) for e in EMOTIONS],
                        name=MODALITY_NOUN[name],
                        opacity=0.55,
                    )
                )
    if view.forecasts:
        last = view.forecasts[max(view.forecasts)]
        fig.add_trace(
            go.Bar(
                x=list(EMOTIONS),
                y=[last.fused_probs.get(e, 0) for e in EMOTIONS],
                name="fused (weighted)",
                marker_color="#6b7280",
            )
        )
        fig.add_trace(
            go.Bar(
                x=list(EMOTIONS),
                y=[last.probs.get(e, 0) for e in EMOTIONS],
                name=f"forecast: {last.emotion}",
                marker_color="#111827",
            )
        )
    fig.update_layout(
        title=title,
        barmode="group",
        height=HEIGHT,
        yaxis={"range": [0, 1], "title": "p"},
        margin={"t": 50, "l": 40, "r": 10, "b": 40},
    )
    return fig


def rounds_figure(view: TimelineView) -> go.Figure:
    """How the forecast and the audit verdicts change across refinement rounds."""
    title = "Across rounds: forecast and audit verdicts"
    if not view.forecasts and not view.verdicts:
        return _empty(title, "no forecast or audit yet")
    fig = make_subplots(
        rows=1,
        cols=2,
        column_widths=[0.5, 0.5],
        subplot_titles=["forecast probability per round", "audit verdict per stage"],
    )
    rounds = sorted(view.forecasts)
    for label in EMOTIONS:
        ys = [view.forecasts[r].probs.get(label, 0.0) for r in rounds]
        if rounds and max(ys) >= 0.05:
            fig.add_trace(
                go.Scatter(
                    x=rounds, y=ys, name=label, mode="lines+markers", line={"color": EMOTION_COLOURS[label]}
                ),
                row=1,
                col=1,
            )
    if rounds:
        fig.add_trace(
            go.Scatter(
                x=rounds,
                y=[view.forecasts[r].confidence for r in rounds],
                name="confidence",
                mode="lines+markers",
                line={"dash": "dot", "color": "#111827"},
            ),
            row=1,
            col=1,
        )
    for verdict, colour in VERDICT_COLOURS.items():
        xs, ys, texts = [], [], []
        for r, verdicts in sorted(view.verdicts.items()):
            for v in verdicts:
                if v.verdict == verdict and len(xs) < MAX_VERDICT_POINTS:
                    xs.append(r)
                    ys.append(v.stage)
                    texts.append(html.escape("; ".join(v.issues)[:200] or verdict))
        if xs:
            fig.add_trace(
                go.Scatter(
                    x=xs,
                    y=ys,
                    mode="markers",
                    name=verdict,
                    text=texts,
                    hovertemplate="round %{x} · %{y}: %{text}<extra></extra>",
                    marker={"color": colour, "size": 16, "symbol": "square"},
                ),
                row=1,
                col=2,
            )
    all_rounds = sorted(set(rounds) | set(view.verdicts)) or [0]
    fig.update_xaxes(title_text="round", tickvals=all_rounds, row=1, col=1)
    fig.update_xaxes(title_text="round", tickvals=all_rounds, row=1, col=2)
    fig.update_yaxes(range=[0, 1], row=1, col=1)
    fig.update_yaxes(categoryorder="array", categoryarray=list(STAGE_ORDER), row=1, col=2)
    fig.update_layout(title=title, height=HEIGHT, margin={"t": 70, "l": 40, "r": 10, "b": 40})
    return fig
