"""Fusion math, agreement, conflicts and the clamp of the LLM's adjustment (agents/forecaster.py)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from mer_agents.agents import forecaster as fc
from mer_agents.labels import EMOTIONS
from mer_agents.types import Evidence

FIXTURES = Path(__file__).parent / "fixtures"


def load(name: str) -> Evidence:
    return Evidence.model_validate_json((FIXTURES / f"{name}.json").read_text())


def test_fusion_is_confidence_weighted_average():
    ev = load("evidence_sad")
    mods = ["text", "audio", "video"]
    fused, agreement, confidence = fc.fuse(ev, mods)
    w = {m: getattr(ev.modalities, m).confidence for m in mods}
    for label in EMOTIONS:
        expected = sum(w[m] * getattr(ev.modalities, m).probs[label] for m in mods) / sum(w.values())
        assert fused[label] == pytest.approx(expected)
    assert sum(fused.values()) == pytest.approx(1.0)
    assert 0 < confidence < 1


def test_a_smile_over_sad_words_weighs_less():
    ev = load("evidence_conflict")
    mods = ["text", "audio", "video"]
    assert fc.masking(ev, mods) and not fc.masking(load("evidence_sad"), mods)
    fused, agreement, _ = fc.fuse(ev, mods)
    w = {m: getattr(ev.modalities, m).confidence for m in mods}
    w["video"] *= fc.MASKING_DISCOUNT
    for label in EMOTIONS:
        expected = sum(w[m] * getattr(ev.modalities, m).probs[label] for m in mods) / sum(w.values())
        assert fused[label] == pytest.approx(expected)
    assert max(fused, key=fused.get) == "sadness"
    assert agreement < 0.8  # the modalities still disagree


def test_agreement_is_high_when_modalities_agree_and_one_for_a_single_modality():
    _, agree_sad, _ = fc.fuse(load("evidence_sad"), ["text", "audio", "video"])
    _, agree_conflict, _ = fc.fuse(load("evidence_conflict"), ["text", "audio", "video"])
    assert agree_sad > 0.9 > agree_conflict
    _, single, _ = fc.fuse(load("evidence_sad"), ["text"])
    assert single == 1.0


def test_jsd_bounds():
    p = {k: (1.0 if k == "joy" else 0.0) for k in EMOTIONS}
    q = {k: (1.0 if k == "sadness" else 0.0) for k in EMOTIONS}
    assert fc.jsd(p, p) == pytest.approx(0.0)
    assert fc.jsd(p, q) == pytest.approx(1.0)


def test_conflicts_are_named():
    conflicts = fc.name_conflicts(load("evidence_conflict"), ["text", "audio", "video"])
    assert "smiling face over sad words: masking or politeness?" in conflicts
    assert fc.name_conflicts(load("evidence_sad"), ["text", "audio", "video"]) == []


def test_no_consistency_uses_the_words_only():
    ev = load("evidence_conflict")
    assert fc.used_modalities(ev, consistency=False) == ["text"]
    fused, _, _ = fc.fuse(ev, fc.used_modalities(ev, consistency=False))
    assert fused == pytest.approx(ev.modalities.text.probs)


@pytest.mark.parametrize("amount", [0.05, 0.15, 0.9, -0.3, math.inf])
def test_boost_is_clamped_and_normalised(amount):
    fused, _, _ = fc.fuse(load("evidence_sad"), ["text", "audio", "video"])
    boosted, delta = fc.apply_boost(fused, "joy", amount)
    assert 0 <= delta <= fc.MAX_BOOST
    assert sum(boosted.values()) == pytest.approx(1.0)
    moved = sum(abs(boosted[k] - fused[k]) for k in EMOTIONS) / 2
    assert moved <= fc.MAX_BOOST + 1e-9
    assert fc.apply_boost(fused, "none", 0.1)[1] == 0.0


def test_intensity_scale():
    uniform = {k: 1 / 7 for k in EMOTIONS}
    assert fc.intensity(uniform) == pytest.approx(0.0)
    assert fc.intensity({k: (1.0 if k == "fear" else 0.0) for k in EMOTIONS}) == pytest.approx(1.0)
