"""Global reflection agent: audits perception → forecast → strategy → reply, in order, with code checks.

A stage's verdict is `revise` exactly when one of its checks (stage_checks.py, checks.py) fails; the model
cannot turn a failed check into a pass. For the earliest faulty stage (where the pipeline will re-enter) the
model writes a short critique and an instruction (one JSON call), which are added to the code's issues and
instruction unless they carry the very phrasing the checks forbid. Stages that pass cost no model call, and
neither does a failed stage when no round will follow (the caller says why: the last round is spent, or the
rerun could not change the reply); the critique only serves the next round's instruction.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field

from mer_agents.agents import checks, lexicon, text_gate
from mer_agents.agents.base import AgentContext, Usage, generate_json, load_prompt, sentence_pattern
from mer_agents.agents.perception import digest
from mer_agents.labels import STRATEGIES
from mer_agents.stages import STAGE_SPECS, STAGES
from mer_agents.types import AuditVerdict, EmotionForecast, PerceptionReport, Reply, StageName, StrategyPlan

MAX_TOKENS = 72
OUTPUT_CHARS = 300


class CritiqueOutput(BaseModel):
    """What the model writes for a failed stage."""

    model_config = ConfigDict(title="CritiqueOutput")
    critique: str = Field(pattern=sentence_pattern("The (summary|forecast|strategy|reply)", 8, 110))
    instruction: str = Field(
        pattern=sentence_pattern(
            "(Acknowledge|Ask|Avoid|Cite|Choose|Do not|Drop|Keep|Name|Say|Use|Write) ", 8, 110
        )
    )


@dataclass
class Audit:
    """One round's audit: a verdict per stage (in order), the checks behind them, tokens of the critique."""

    verdicts: list[AuditVerdict]
    results: dict[str, list[checks.CheckResult]]
    usage: dict[str, Usage] = field(default_factory=dict)

    @property
    def earliest_revise(self) -> StageName | None:
        return next((v.stage for v in self.verdicts if v.verdict == "revise"), None)

    @property
    def failed(self) -> int:
        return sum(checks.failed_count(r) for r in self.results.values())

    def hints(self, stage: str) -> dict[str, Any]:
        """The failed checks' hints; for the reply, also every failed check's name under `drop`: the rerun
        ranks the candidates that fail one of them last (responder.rank)."""
        hints = checks.merge_hints(self.results.get(stage, []))
        if stage == "reply":
            hints["drop"] = [r.name for r in self.results.get(stage, []) if not r.ok]
        return hints


def run_checks(
    ctx: AgentContext,
    perception: PerceptionReport,
    forecast: EmotionForecast,
    plan: StrategyPlan,
    reply: Reply,
) -> dict[str, list[checks.CheckResult]]:
    """All code checks, keyed by stage, in stage order (each stage's as stages.STAGE_SPECS declares)."""
    outputs = _outputs(perception, forecast, plan, reply)
    return {spec.name: spec.check(ctx, outputs) for spec in STAGE_SPECS}


def _outputs(*outputs: Any) -> dict[str, Any]:
    """The round's outputs, in stage order, keyed by stage."""
    return dict(zip(STAGES, outputs, strict=True))


def _safe(text: str) -> bool:
    return not (lexicon.CHEERFUL.search(text) or lexicon.DISMISSIVE.search(text))


def audit(
    ctx: AgentContext,
    perception: PerceptionReport,
    forecast: EmotionForecast,
    plan: StrategyPlan,
    reply: Reply,
    no_next_round: Callable[[StageName, set[str]], str] | None = None,
) -> Audit:
    """The round's verdicts; `no_next_round(target, failed stages)` says why no round will follow ("" when
    one will), and then the critique is not asked for."""
    results = run_checks(ctx, perception, forecast, plan, reply)
    verdicts = [checks.verdict(stage, results[stage]) for stage in STAGES]
    outputs = _outputs(perception, forecast, plan, reply)
    for i, spec in enumerate(STAGE_SPECS):  # what the text gate did (text_gate.py), where it gates the text
        if "written_by" in spec.output.model_fields:
            how = getattr(outputs[spec.name], "written_by", "model")
            verdicts[i] = verdicts[i].model_copy(update={"evidence": [*verdicts[i].evidence, f"text: {how}"]})
    result = Audit(verdicts=verdicts, results=results)
    target = result.earliest_revise
    if target is None:
        return result
    index = STAGES.index(target)
    v = verdicts[index]
    failed = {u.stage for u in verdicts if u.verdict == "revise"}
    why_not = no_next_round(target, failed) if no_next_round else ""
    if not why_not and not text_gate.model_writes(ctx.settings, ctx.backend):
        why_not = "the reasoning setting: code's issues and instruction stand for this model"
    if why_not:
        verdicts[index] = v.model_copy(update={"issues": [*v.issues, f"critic: (not asked: {why_not})"]})
        return result
    sub = dataclasses.replace(ctx, usage=Usage())
    # the digest opens the prompt as it opens the stages' (a cached prefix)
    messages = load_prompt("reflection").render(
        digest=digest(ctx.evidence),
        stage=target,
        output=outputs[target].one_line()[:OUTPUT_CHARS],
        issues="; ".join(v.issues),
    )
    critics: list[CritiqueOutput] = []

    def write(i: int) -> str:
        critics.append(generate_json(sub, "audit", messages, CritiqueOutput, MAX_TOKENS, offset=i))
        return f"{critics[-1].critique.strip()}\n{critics[-1].instruction.strip()}"

    # the verdicts rest on the code checks; a critique the model could not write, or one that fails the text
    # gate twice (text_gate.py: the critique and the instruction each), is left out and the code's issues
    # and instruction stand
    gate = text_gate.checker(messages, ctx.evidence, extra=f"{v.instruction} {' '.join(STRATEGIES)}")
    _, how = text_gate.written(write, lambda text: [i for part in text.split("\n") for i in gate(part)], str)
    if not how.startswith("model"):
        issues = [*v.issues, f"critic: (no critique: {how.removeprefix('code (').removesuffix(')')})"]
        verdicts[index] = v.model_copy(update={"issues": issues})
        result.usage[target] = sub.usage
        return result
    critic = critics[-1]
    issues = [*v.issues, f"critic: {critic.critique.strip()}"]
    instruction = v.instruction
    if _safe(critic.instruction):
        instruction = f"{instruction} {critic.instruction.strip()}"
    verdicts[index] = v.model_copy(update={"issues": issues, "instruction": instruction})
    result.usage[target] = sub.usage
    return result
