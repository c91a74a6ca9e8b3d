"""Consistency-aware emotion forecaster: code fuses the modalities; the model explains, nudges within limits.

Fusion (documented here because the numbers in every trace come from it):
    w_m     = R_m · c_m                             reliability of the modality's reader (RELIABILITY)
                                                    × its confidence on this clip,
              × MASKING_DISCOUNT for a smiling face over negative words (a smile is also a social display:
                politeness, masking; the words carry what happened)
              × FLAT_FACE_DISCOUNT for a neutral face over words that state an emotion (a still face is
                the absence of a display, not a reading against the words: people tell of a loss
                composed)
    fused   = Σ_m w_m p_m / Σ_m w_m                 (uniform when no modality has weight)
    agree   = Σ_{i<j} w_i w_j (1 − JSD₂(p_i, p_j)) / Σ_{i<j} w_i w_j     (1 with fewer than two modalities)
    conf    = (Σ_m w_m c_m / Σ_m w_m) · (0.5 + 0.5 · agree)
    inten   = (fused[top] − 1/7) / (1 − 1/7)        how far the top label stands above uniform
JSD₂ is the Jensen–Shannon divergence in bits (0 = same distribution, 1 = disjoint). Conflicts are named
for every pair of confident modalities whose top labels differ (a smiling face over sad words: masking or
politeness?). The model may propose boosting one label by δ; code clamps δ to [0, MAX_BOOST] and mixes
p' = (1 − δ) fused + δ · onehot(label), so at most δ probability mass moves and p' stays normalised.
With settings.consistency False (the ablation, issue #11) every available modality is still fused, but by
plain confidence-weighted averaging: w_m = c_m (no reliability priors, no face discounts), no agreement
term (agree = 1, conf = mean confidence) and no conflicts named. Only the consistency machinery is removed.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from mer_agents.agents import text_gate
from mer_agents.agents.base import AgentContext, generate_json, load_prompt, sentence_pattern
from mer_agents.agents.perception import digest
from mer_agents.labels import EMOTIONS, MODALITIES, MODALITY_NOUN, NEGATIVE_EMOTIONS, VALENCE, top_emotion
from mer_agents.types import EmotionForecast, Evidence, uniform_probs

MAX_TOKENS = 88  # explanation (≤ 120 chars after its opening) + boost fields + JSON: no truncation
MAX_BOOST = 0.15
CONFLICT_CONFIDENCE = 0.3
MASKING_DISCOUNT = 0.5
# Chosen on the selection split of the synthetic fusion set (experiments/fusion_weights/fusion_selection.py;
# the report split, eval_sets/fusion/, chose nothing).
FLAT_FACE_DISCOUNT = 0.5
# How far each modality's reader is trusted, before its own per-clip confidence. The words come from a head
# trained on MELD + ESConv + GoEmotions (assets/text_head/README.md) and carry what happened ("I lost my
# job"): full weight. The face is a trained expression model (FER-2013 classes), reliable for what the face
# shows but a face also performs (politeness, masking): 0.6. The voice reading is rule-based prosody
# (pitch/energy/rate placed on a valence-arousal circumplex in perception/voice.py, no trained model), which
# separates calm from excited but barely tells sad from disgusted: 0.35. With these, a clear statement
# outweighs a contradicting voice even when the voice is the more confident reading (0.35 x 0.4 = 0.14
# against 1.0 x text confidence), while a confident face still counts for more than the voice.
RELIABILITY = {"text": 1.0, "video": 0.6, "audio": 0.35}
ADJ = {
    "neutral": "neutral",
    "joy": "happy",
    "sadness": "sad",
    "anger": "angry",
    "surprise": "surprised",
    "fear": "fearful",
    "disgust": "disgusted",
}
FACE_ADJ = {**ADJ, "joy": "smiling"}

BoostLabel = Literal["none", "neutral", "joy", "sadness", "anger", "surprise", "fear", "disgust"]


class ForecastOutput(BaseModel):
    """What the model writes for the forecast stage."""

    model_config = ConfigDict(title="ForecastOutput")
    explanation: str = Field(pattern=sentence_pattern("The (words|voice|face|readings)"))
    boost_label: BoostLabel = "none"
    boost: float = 0.0


def forecast_output_model(top: str) -> type[ForecastOutput]:
    """ForecastOutput whose explanation must open by naming the fused label ("The words show sadness ...")."""
    opening = f"The (words|voice|face|readings) (show|suggest|point to) {top}"
    return create_model(
        "ForecastOutput",
        __base__=ForecastOutput,
        explanation=(str, Field(pattern=sentence_pattern(opening, 4, 120))),
    )


def used_modalities(evidence: Evidence) -> list[str]:
    """The available modalities: what the forecaster fuses and the audit checks (in both fusion modes)."""
    return [n for n in MODALITIES if getattr(evidence.modalities, n).available]


def code_forecast(
    evidence: Evidence, modalities: list[str] | None = None, consistency: bool = True
) -> EmotionForecast:
    """The forecast code alone makes (no LLM): the fusion of `modalities` (default: the available ones), its
    top emotion, the conflicts it names; what `run` starts from, what the evaluation's baselines and the
    held-out scripts read the words with, and the pipeline's first look (agents/first_look.py)."""
    modalities = used_modalities(evidence) if modalities is None else modalities
    fused, agreement, confidence = fuse(evidence, modalities, consistency)
    return EmotionForecast(
        emotion=top_emotion(fused)[0],
        probs=fused,
        confidence=round(confidence, 4),
        agreement=round(agreement, 4),
        intensity=round(intensity(fused), 4),
        fused_probs=fused,
        conflicts=name_conflicts(evidence, modalities) if consistency else [],
    )


def jsd(p: dict[str, float], q: dict[str, float]) -> float:
    """Jensen–Shannon divergence in bits, in [0, 1]."""

    def kl(a: dict[str, float], b: dict[str, float]) -> float:
        return sum(a[k] * math.log2(a[k] / b[k]) for k in EMOTIONS if a[k] > 0 and b[k] > 0)

    m = {k: 0.5 * (p[k] + q[k]) for k in EMOTIONS}
    return max(0.0, min(1.0, 0.5 * kl(p, m) + 0.5 * kl(q, m)))


def _face_over_words(evidence: Evidence, modalities: list[str], face_label, words_label) -> bool:
    """A confident face whose top label passes `face_label` over confident words whose top passes
    `words_label`."""
    if not {"video", "text"} <= set(modalities):
        return False
    face, words = evidence.modalities.video, evidence.modalities.text
    return (
        min(face.confidence, words.confidence) >= CONFLICT_CONFIDENCE
        and face_label(top_emotion(face.probs)[0])
        and words_label(top_emotion(words.probs)[0])
    )


def masking(evidence: Evidence, modalities: list[str]) -> bool:
    """A confident smiling face over confident negative words."""
    return _face_over_words(evidence, modalities, lambda f: f == "joy", lambda w: w in NEGATIVE_EMOTIONS)


def flat_face(evidence: Evidence, modalities: list[str]) -> bool:
    """A neutral face over confident words that state an emotion."""
    return _face_over_words(evidence, modalities, lambda f: f == "neutral", lambda w: w != "neutral")


def face_discount(evidence: Evidence, modalities: list[str]) -> float:
    """The factor on the face's weight: MASKING_DISCOUNT, FLAT_FACE_DISCOUNT or 1."""
    if masking(evidence, modalities):
        return MASKING_DISCOUNT
    return FLAT_FACE_DISCOUNT if flat_face(evidence, modalities) else 1.0


def fuse(
    evidence: Evidence, modalities: list[str], consistency: bool = True
) -> tuple[dict[str, float], float, float]:
    """(fused probs, agreement, confidence) by the formulas of the module docstring; consistency False:
    plain confidence-weighted averaging (the ablation)."""
    mods = [getattr(evidence.modalities, n) for n in modalities]
    if consistency:
        discount = face_discount(evidence, modalities)
        weights = [
            RELIABILITY[n] * m.confidence * (discount if n == "video" else 1.0)
            for n, m in zip(modalities, mods)
        ]
    else:
        weights = [m.confidence for m in mods]
    total = sum(weights)
    if total <= 0:
        return uniform_probs(), 1.0, 0.0
    fused = {k: sum(w * m.probs[k] for w, m in zip(weights, mods)) / total for k in EMOTIONS}
    if not consistency:
        return fused, 1.0, sum(w * m.confidence for w, m in zip(weights, mods)) / total
    num = den = 0.0
    for i in range(len(mods)):
        for j in range(i + 1, len(mods)):
            w = weights[i] * weights[j]
            num += w * (1.0 - jsd(mods[i].probs, mods[j].probs))
            den += w
    agreement = num / den if den > 0 else 1.0
    mean_conf = sum(w * m.confidence for w, m in zip(weights, mods)) / total
    return fused, agreement, mean_conf * (0.5 + 0.5 * agreement)


def intensity(probs: dict[str, float]) -> float:
    top = max(probs.values())
    return max(0.0, min(1.0, (top - 1 / len(EMOTIONS)) / (1 - 1 / len(EMOTIONS))))


def _phrase(modality: str, label: str) -> str:
    return f"{(FACE_ADJ if modality == 'video' else ADJ)[label]} {MODALITY_NOUN[modality]}"


def name_conflicts(evidence: Evidence, modalities: list[str]) -> list[str]:
    """One sentence per pair of confident modalities whose top labels differ."""
    tops = {}
    for n in modalities:
        mod = getattr(evidence.modalities, n)
        if mod.confidence >= CONFLICT_CONFIDENCE:
            tops[n] = top_emotion(mod.probs)[0]
    out = []
    order = [n for n in ("video", "audio", "text") if n in tops]
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            la, lb = tops[a], tops[b]
            if la == lb:
                continue
            if {la, lb} & {"joy"} and {la, lb} & NEGATIVE_EMOTIONS:
                question = "masking or politeness?"
            elif "neutral" in (la, lb):
                question = "restraint, or a flat reading?"
            elif VALENCE[la] * VALENCE[lb] < 0:
                question = "mixed feelings, or a misreading?"
            else:
                question = "which one leads?"
            out.append(f"{_phrase(a, la)} over {_phrase(b, lb)}: {question}")
    return out


def apply_boost(probs: dict[str, float], label: str, amount: float) -> tuple[dict[str, float], float]:
    """Mix in a one-hot of `label` with weight clamp(amount, 0, MAX_BOOST); returns (probs, δ used)."""
    if label not in EMOTIONS or not math.isfinite(amount):
        return dict(probs), 0.0
    delta = max(0.0, min(MAX_BOOST, amount))
    return {k: (1 - delta) * p + (delta if k == label else 0.0) for k, p in probs.items()}, delta


def run(ctx: AgentContext) -> EmotionForecast:
    evidence = ctx.evidence
    base = code_forecast(evidence, consistency=ctx.settings.consistency)
    fused, top_fused = base.fused_probs, base.emotion
    messages = load_prompt("forecaster").render(
        digest=digest(evidence),
        instruction=ctx.instruction,
        conflicts="; ".join(base.conflicts),
        fused=", ".join(f"{k} {v:.2f}" for k, v in sorted(fused.items(), key=lambda kv: -kv[1])[:3]),
        agreement=f"{base.agreement:.2f}",
        top=top_fused,
    )
    outs: list[ForecastOutput] = []

    def write(i: int) -> str:
        outs.append(
            generate_json(ctx, "forecast", messages, forecast_output_model(top_fused), MAX_TOKENS, offset=i)
        )
        return outs[-1].explanation

    explanation, how = text_gate.written(
        write,
        text_gate.checker(messages, evidence),
        lambda why: code_explanation(base, why),
        text_gate.model_writes(ctx.settings, ctx.backend),
    )
    out = outs[-1] if how.startswith("model") else None
    probs, delta = apply_boost(fused, out.boost_label, out.boost) if out else (dict(fused), 0.0)
    required = ctx.hints.get("label")
    top, _ = top_emotion(probs)
    if required and top != required:  # the audit named the label strong agreeing evidence supports
        probs, delta = dict(fused), 0.0
        top, _ = top_emotion(probs)
    if delta > 0 and out is not None:
        explanation += f" (boosted {out.boost_label} by {delta:.2f})"
    return base.model_copy(
        update={
            "emotion": top,
            "probs": probs,
            "intensity": round(intensity(probs), 4),
            "explanation": explanation,
            "written_by": how,
        }
    )


def code_explanation(base: EmotionForecast, why: str) -> str:
    """The explanation code can write for its own fusion (text_gate's fallback), labelled as code's."""
    conflicts = f"; conflicts: {'; '.join(base.conflicts)}" if base.conflicts else ""
    return (
        f"The readings fuse to {base.emotion} {base.probs[base.emotion]:.2f} with agreement "
        f"{base.agreement:.2f}{conflicts}. {text_gate.CODE_LABEL}"
    )
