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


def test_modality_figure_bands_each_speakers_turns_with_their_reading():
    """Hand-built evidence with two speakers: one band per turn and row, labelled speaker + emotion, the
    answered speaker marked; the timeline cites list the turns."""
    from mer_agents.types import SpeakerTurn
    from mer_agents.ui.timeline import evidence_cites

    turns = [
        SpeakerTurn(speaker="S1", start=0.5, end=3.0, text="I am so angry.", emotion="anger"),
        SpeakerTurn(speaker="S2", start=3.5, end=6.0, text="I am sorry.", emotion="sadness"),
    ]
    ev = _evidence().model_copy(update={"speakers": turns, "speaker": "S2"})
    fig = modality_figure(ev)
    labels = [a.text for a in fig.layout.annotations]
    assert "S1 anger" in labels and "→S2 sadness" in labels
    assert {(s.x0, s.x1) for s in fig.layout.shapes} == {(0.5, 3.0), (3.5, 6.0)}
    cites = evidence_cites(ev)
    assert cites[0].startswith("S1 0.5–3.0 s (anger)") and cites[1].startswith("→ S2 3.5–6.0 s (sadness)")
