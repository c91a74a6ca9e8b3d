"""Fusion math, agreement, conflicts and the clamp of the LLM's adjustment (agents/forecaster.py)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from mer_agents.agents import forecaster as fc
from mer_agents.config import Settings
from mer_agents.labels import EMOTIONS
from mer_agents.types import Evidence, Modalities, ModalityEvidence

FIXTURES = Path(__file__).parent / "fixtures"


def load(name: str) -> Evidence:
    return Evidence.model_validate_json((FIXTURES / f"{name}.json").read_text())


def test_fusion_is_reliability_and_confidence_weighted_average():
    ev = load("evidence_sad")
    mods = ["text", "audio", "video"]
    fused, agreement, confidence = fc.fuse(ev, mods)
    w = {m: fc.RELIABILITY[m] * getattr(ev.modalities, m).confidence for m in mods}
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
    w = {m: fc.RELIABILITY[m] * getattr(ev.modalities, m).confidence for m in mods}
    w["video"] *= fc.MASKING_DISCOUNT
    for label in EMOTIONS:
        expected = sum(w[m] * getattr(ev.modalities, m).probs[label] for m in mods) / sum(w.values())
        assert fused[label] == pytest.approx(expected)
    assert max(fused, key=fused.get) == "sadness"
    assert agreement < 0.8  # the modalities still disagree


def test_a_still_face_over_stated_words_weighs_less():
    """A neutral face over words that state an emotion: the face's weight takes FLAT_FACE_DISCOUNT (the
    words' emotion is unchanged otherwise); not a flat face when the face shows an emotion."""
    ev = load("evidence_conflict")
    face = ev.modalities.video.model_copy(
        update={"probs": {k: (0.9 if k == "neutral" else 0.1 / 6) for k in EMOTIONS}, "confidence": 0.9}
    )
    flat = ev.model_copy(update={"modalities": ev.modalities.model_copy(update={"video": face})})
    mods = ["text", "audio", "video"]
    assert fc.flat_face(flat, mods) and not fc.masking(flat, mods) and not fc.flat_face(ev, mods)
    assert fc.face_discount(flat, mods) == fc.FLAT_FACE_DISCOUNT
    assert fc.face_discount(ev, mods) == fc.MASKING_DISCOUNT
    assert fc.face_discount(load("evidence_sad"), mods) == 1.0
    fused, _, _ = fc.fuse(flat, mods)
    w = {m: fc.RELIABILITY[m] * getattr(flat.modalities, m).confidence for m in mods}
    w["video"] *= fc.FLAT_FACE_DISCOUNT
    for label in EMOTIONS:
        expected = sum(w[m] * getattr(flat.modalities, m).probs[label] for m in mods) / sum(w.values())
        assert fused[label] == pytest.approx(expected)


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


def test_no_consistency_is_plain_confidence_weighted_averaging():
    """The ablation keeps every modality but drops the consistency machinery: weights are the readers'
    confidences alone (no reliability priors, no masking discount), agreement is not computed (1.0), the
    confidence is the weighted mean confidence."""
    ev = load("evidence_conflict")
    mods = fc.used_modalities(ev)
    assert mods == ["text", "audio", "video"]
    fused, agreement, confidence = fc.fuse(ev, mods, consistency=False)
    conf = {n: getattr(ev.modalities, n).confidence for n in mods}
    expected = {
        k: sum(conf[n] * getattr(ev.modalities, n).probs[k] for n in mods) / sum(conf.values())
        for k in ev.modalities.text.probs
    }
    assert fused == pytest.approx(expected) and agreement == 1.0
    assert confidence == pytest.approx(sum(c * c for c in conf.values()) / sum(conf.values()))
    assert fused != pytest.approx(fc.fuse(ev, mods)[0])  # the consistency-aware fusion differs here


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


# ------------------------------------------------------- fusion over the real text head (issue #10)

JOB = "I lost my job today. I worked there for eight years, and now I don't know how I will pay the rent."
FLIGHT = "This is the third time they cancelled my flight without telling me. I am so angry I could scream."


def reading(probs: dict[str, float], confidence: float) -> ModalityEvidence:
    return ModalityEvidence(available=True, probs=probs, confidence=confidence, model="hand-built")


def build(
    words: ModalityEvidence, voice: ModalityEvidence, face: ModalityEvidence, transcript: str
) -> Evidence:
    return Evidence(
        source="hand-built",
        duration_s=8.0,
        analysed_s=8.0,
        has_audio=True,
        has_video=face.available,
        transcript=transcript,
        language="en",
        modalities=Modalities(text=words, audio=voice, video=face),
    )


def words(text: str) -> ModalityEvidence:
    from mer_agents.perception.text import text_evidence

    return text_evidence(text, [], [], Settings.from_env(), language="en")


SAD_VOICE = reading(
    {
        "sadness": 0.42,
        "neutral": 0.25,
        "fear": 0.12,
        "anger": 0.06,
        "joy": 0.06,
        "surprise": 0.05,
        "disgust": 0.04,
    },
    0.3,
)
DISGUST_VOICE = reading(
    {
        "disgust": 0.58,
        "anger": 0.14,
        "sadness": 0.1,
        "neutral": 0.08,
        "fear": 0.05,
        "joy": 0.03,
        "surprise": 0.02,
    },
    0.4,
)
SMILING_FACE = reading(
    {
        "joy": 0.9,
        "neutral": 0.05,
        "surprise": 0.02,
        "sadness": 0.01,
        "anger": 0.01,
        "fear": 0.005,
        "disgust": 0.005,
    },
    0.9,
)
NO_FACE = ModalityEvidence(available=False, note="no face in view")
ALL = ["text", "audio", "video"]


def test_reliability_constants_rank_words_over_face_over_voice():
    assert set(fc.RELIABILITY) == set(fc.MODALITIES)
    assert fc.RELIABILITY["text"] > fc.RELIABILITY["video"] > fc.RELIABILITY["audio"] > 0


@pytest.mark.slow
def test_distressed_words_beat_a_smiling_face_and_the_conflict_is_named():
    text = words(JOB)
    # The words read fear (the rent worry) over sadness; both are the distress the words state, and either
    # must beat the smile (with the sad voice, sadness may lead the fused reading).
    said = max(text.probs, key=text.probs.get)
    assert said in {"sadness", "fear"} and text.probs["sadness"] + text.probs["fear"] > 0.8, text.probs
    ev = build(text, SAD_VOICE, SMILING_FACE, JOB)
    mods = fc.used_modalities(ev)
    assert mods == ALL and fc.masking(ev, mods)
    fused, agreement, confidence = fc.fuse(ev, mods)
    assert max(fused, key=fused.get) in {"sadness", "fear"}, fused
    assert fused["sadness"] + fused["fear"] > 2 * fused["joy"] and fused["joy"] > 0.1, fused  # smile kept
    assert agreement < 0.8 and 0 < confidence < 1
    assert f"smiling face over {fc.ADJ[said]} words: masking or politeness?" in fc.name_conflicts(ev, mods)
    # the ablation (plain confidence-weighted averaging) has no masking discount: the smile weighs more
    assert fc.fuse(ev, mods, consistency=False)[0]["joy"] > fused["joy"]


@pytest.mark.slow
def test_angry_words_outweigh_a_disgusted_voice():
    text = words(FLIGHT)
    assert max(text.probs, key=text.probs.get) == "anger", text.probs
    ev = build(text, DISGUST_VOICE, NO_FACE, FLIGHT)
    mods = fc.used_modalities(ev)
    assert mods == ["text", "audio"]
    fused, _, _ = fc.fuse(ev, mods)
    assert max(fused, key=fused.get) == "anger", fused
    assert fused["disgust"] > text.probs["disgust"]  # the voice still moved the reading


def test_reliability_is_a_weight_not_an_outcome():
    """Words that say little (near-uniform, low confidence) do not override a clear voice."""
    vague = reading(
        {
            "neutral": 0.2,
            "joy": 0.14,
            "sadness": 0.14,
            "anger": 0.16,
            "surprise": 0.12,
            "fear": 0.12,
            "disgust": 0.12,
        },
        0.02,
    )
    ev = build(vague, DISGUST_VOICE, NO_FACE, "Well.")
    fused, _, _ = fc.fuse(ev, ["text", "audio"])
    assert max(fused, key=fused.get) == "disgust", fused
