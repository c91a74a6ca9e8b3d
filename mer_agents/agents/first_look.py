"""The first look: a reply to read while the agents think (issue #14), from code alone.

The forecaster's model only explains the code's fusion and may nudge it within a clamp; the planner's model
only writes the reason for the strategy that code ranked first; and for a model whose drafts rank after the
human replies and the template, the kept reply is the best of those that passes the guard. So code alone — the
fusion (forecaster.code_forecast), the planner's ranking (planner.code_plan) and the responder's fixed
candidates — gives, a fraction of a second after the evidence, the reply a run most often keeps. The pipeline
shows it as a draft under audit (DraftReply, basis "code"), and the round's own draft and the kept reply
replace it in place. How often the kept reply is the first look:
experiments/first_look/first_look_agreement.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from mer_agents.agents import forecaster, planner, responder
from mer_agents.agents.base import AgentContext
from mer_agents.types import Candidate, EmotionForecast, StrategyPlan


@dataclass(frozen=True)
class FirstLook:
    """Code's forecast and plan, and the reply they lead to (None when no fixed candidate passes the guard
    or the settings offer only model drafts)."""

    forecast: EmotionForecast
    plan: StrategyPlan
    reply: Candidate | None


def look(ctx: AgentContext) -> FirstLook:
    """The whole first look; the evaluation scripts read its forecast and plan as well."""
    forecast = forecaster.code_forecast(ctx.evidence, consistency=ctx.settings.consistency)
    plan = planner.code_plan(ctx, forecast)
    candidates = responder.fixed_candidates(ctx, forecast, plan)
    best = responder.rank(ctx, candidates)[0] if candidates else None
    return FirstLook(forecast, plan, None if best is None or best.guard else best)


def run(ctx: AgentContext) -> Candidate | None:
    """The best fixed candidate (human reply or template) for code's forecast and plan; None when none
    passes the guard or the settings offer only model drafts (then nothing is computed)."""
    if ctx.settings.reply_candidates != "all":
        return None
    return look(ctx).reply
