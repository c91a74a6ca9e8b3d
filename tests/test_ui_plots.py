"""Plotly figures built from a run's view (hand-built events; no model involved)."""

from __future__ import annotations

from mer_agents.ui.plots import forecast_figure, modality_figure, rounds_figure
from mer_agents.ui.timeline import TimelineView, build_timeline
from tests.test_ui_timeline import _evidence, _run_with_revision


def test_modality_figure_draws_each_available_modality_over_time():
    fig = modality_figure(_evidence())
    names = {(t.name, t.xaxis) for t in fig.data}
    assert ("sadness", "x") in names and ("sadness", "x2") in names  # words and voice rows
    assert not any(t.xaxis == "x3" for t in fig.data)  # the face is unavailable
    assert "unavailable" in fig.layout.annotations[2].text


def test_forecast_figure_has_modalities_fusion_and_forecast():
    view = build_timeline(_run_with_revision())
    names = [t.name for t in forecast_figure(view).data]
    assert names == ["words", "voice", "fused (weighted)", "forecast: sadness"]


def test_rounds_figure_shows_verdicts_per_round():
    fig = rounds_figure(build_timeline(_run_with_revision()))
    by_name = {t.name: t for t in fig.data}
    assert list(by_name["revise"].x) == [0] and list(by_name["revise"].y) == ["reply"]
    assert sorted(by_name["pass"].x) == [0, 1]


def test_empty_views_give_placeholder_figures():
    for fig in (modality_figure(None), forecast_figure(TimelineView()), rounds_figure(TimelineView())):
        assert fig.layout.annotations and not fig.data
