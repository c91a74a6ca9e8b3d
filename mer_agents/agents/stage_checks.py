"""The audit's code checks of the stages before the reply: the perception summary, the emotion forecast and
the strategy plan. Pure functions over stage outputs and evidence, each failure naming its evidence (the
reply's own checks, CheckResult and the verdicts are in checks.py).

The audit runs each stage's checks through one entry per stage, `audit_<stage>(ctx, outputs)`, which
stages.STAGE_SPECS names: it gathers what that stage's checks read (the reply's are responder.reply_checks).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from mer_agents.agents.base import AgentContext
from mer_agents.agents.checks import CheckResult, fail, ok
from mer_agents.agents.forecaster import used_modalities
from mer_agents.agents.lexicon import (
    MENTION_FLOOR,
    NUMBER,
    describes,
    emotions_named,
    readable_emotions,
    strong_labels,
    unobserved,
)
from mer_agents.agents.perception import digest
from mer_agents.agents.responder import overruled, reply_checks
from mer_agents.labels import NEGATIVE_EMOTIONS
from mer_agents.types import EmotionForecast, Evidence, StageName, StrategyPlan, Turn

ACUTE_INTENSITY = 0.5  # negative emotion at least this intense = acute distress


# --- perception ---------------------------------------------------------------------------------------


def check_perception(summary: str, evidence: Evidence, digest: str) -> list[CheckResult]:
    stage: StageName = "perception"
    results: list[CheckResult] = []
    if not summary.strip():
        return [fail(stage, "empty", "the summary is empty", [], "Write one sentence over all modalities.")]
    readable = readable_emotions(evidence)
    unsupported = emotions_named(summary) - readable - {"neutral"}
    results.append(
        fail(
            stage,
            "unsupported_emotion",
            f"the summary names {', '.join(sorted(unsupported))}, which no modality reads",
            [f"labels read at ≥{MENTION_FLOOR}: {', '.join(sorted(readable)) or 'none'}"],
            f"Name only emotions the evidence shows: {', '.join(sorted(readable)) or 'neutral'}.",
        )
        if unsupported
        else ok(stage, "unsupported_emotion")
    )
    known = {float(x) for x in NUMBER.findall(digest)}
    known |= {round(x * 100) for x in list(known) if x <= 1}
    invented = [x for x in NUMBER.findall(summary) if float(x) not in known]
    results.append(
        fail(
            stage,
            "invented_numbers",
            f"the summary cites numbers not in the evidence: {', '.join(invented[:4])}",
            [f"evidence numbers: {', '.join(sorted({x for x in NUMBER.findall(digest)})[:12])}"],
            "Cite only numbers that appear in the evidence, or none.",
        )
        if invented
        else ok(stage, "invented_numbers")
    )
    absent = describes(summary, unobserved(evidence))
    results.append(
        fail(
            stage,
            "absent_modality",
            f"the summary describes the {' and '.join(absent)}, which is unavailable",
            [f"{m}: unavailable" for m in absent],
            f"Do not describe the {' or '.join(absent)}: it was not observed.",
        )
        if absent
        else ok(stage, "absent_modality")
    )
    return results


# --- forecast -------------------------------------------------------------------------------------------


def check_forecast(
    forecast: EmotionForecast, evidence: Evidence, modalities: Iterable[str]
) -> list[CheckResult]:
    """The forecast may not contradict two or more confident modalities that agree on one label — except
    that a neutral face and voice never overrule words that confidently name an emotion."""
    stage: StageName = "forecast"
    strong = strong_labels(evidence, modalities)
    counts: dict[str, list[str]] = {}
    for mod, label in strong.items():
        counts.setdefault(label, []).append(mod)
    agreeing = {label: mods for label, mods in counts.items() if len(mods) >= 2}
    words = strong_labels(evidence, ["text"]).get("text") if "text" in modalities else None
    if words and words != "neutral":  # a composed face and an even voice are restraint, not counter-evidence
        agreeing.pop("neutral", None)
    for label, mods in agreeing.items():
        if forecast.emotion != label:
            ev = [
                f"{m}: {label} {getattr(evidence.modalities, m).probs[label]:.2f} "
                f"(confidence {getattr(evidence.modalities, m).confidence:.2f})"
                for m in mods
            ]
            return [
                fail(
                    stage,
                    "contradicts_agreeing_evidence",
                    f"forecast says {forecast.emotion} but {' and '.join(mods)} agree on {label}",
                    [*ev, f"forecast: {forecast.emotion} {forecast.probs[forecast.emotion]:.2f}"],
                    f"The confident modalities agree on {label}; do not move the forecast away from it.",
                    label=label,
                )
            ]
    return [ok(stage, "contradicts_agreeing_evidence")]


# --- strategy -------------------------------------------------------------------------------------------


def check_strategy(plan: StrategyPlan, forecast: EmotionForecast, history: list[Turn]) -> list[CheckResult]:
    stage: StageName = "strategy"
    acute = forecast.emotion in NEGATIVE_EMOTIONS and forecast.intensity >= ACUTE_INTENSITY
    results: list[CheckResult] = []
    early_action = not history and acute and plan.strategy in ("Providing Suggestions", "Information")
    results.append(
        fail(
            stage,
            "action_before_exploration",
            f"{plan.strategy} in the first turn to a person in acute {forecast.emotion}",
            [f"first turn; {forecast.emotion} intensity {forecast.intensity:.2f}"],
            "Acknowledge and explore the feelings first (reflection, affirmation or a question).",
            avoid=[plan.strategy],
        )
        if early_action
        else ok(stage, "action_before_exploration")
    )
    recent = [t.strategy for t in history[-2:]]
    interrogation = plan.strategy == "Question" and len(recent) == 2 and all(s == "Question" for s in recent)
    results.append(
        fail(
            stage,
            "question_streak",
            "a third question in a row: the person is being interrogated",
            ["previous two strategies: Question, Question"],
            "Do not ask again; reflect or affirm what they said.",
            avoid=["Question"],
        )
        if interrogation
        else ok(stage, "question_streak")
    )
    offtopic = (
        plan.strategy == "Others" and forecast.emotion in NEGATIVE_EMOTIONS and forecast.intensity >= 0.6
    )
    results.append(
        fail(
            stage,
            "generic_for_distress",
            f"'Others' (small talk) to a person in strong {forecast.emotion}",
            [f"{forecast.emotion} intensity {forecast.intensity:.2f}"],
            "Choose a strategy that engages the feeling.",
            avoid=["Others"],
        )
        if offtopic
        else ok(stage, "generic_for_distress")
    )
    return results


# --- the audit's entry per stage (stages.STAGE_SPECS): the stage's checks on the round's outputs -------


def audit_perception(ctx: AgentContext, outputs: Mapping[str, Any]) -> list[CheckResult]:
    ev = ctx.evidence
    return check_perception(outputs["perception"].summary, ev, digest(ev))


def audit_forecast(ctx: AgentContext, outputs: Mapping[str, Any]) -> list[CheckResult]:
    return check_forecast(outputs["forecast"], ctx.evidence, used_modalities(ctx.evidence))


def audit_strategy(ctx: AgentContext, outputs: Mapping[str, Any]) -> list[CheckResult]:
    return check_strategy(outputs["strategy"], outputs["forecast"], ctx.history)


def audit_reply(ctx: AgentContext, outputs: Mapping[str, Any]) -> list[CheckResult]:
    """The reply's checks; a reply the reply judge ranked first is not sent back for the checks it overrules
    (responder.overruled): they pass, with what they found as evidence."""
    reply, ev = outputs["reply"], ctx.evidence
    results = reply_checks(
        ctx, reply.text, outputs["forecast"], outputs["strategy"], ctx.similarity(reply.text, ev.words)
    )
    overrules = overruled(reply)
    if not overrules:
        return results
    why = f"overruled: the reply judge ranked it first (reader {reply.ranked[0].judge:+.2f})"
    return [
        r.model_copy(update={"ok": True, "evidence": [f"{r.name} ({r.issue}) {why}"]})
        if not r.ok and r.name in overrules
        else r
        for r in results
    ]
