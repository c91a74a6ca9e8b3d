"""The first look: a reply to read while the agents think (issue #14), from code alone.

The forecaster's model only explains the code's fusion and may nudge it within a clamp; the planner's model
only writes the reason for the strategy that code ranked first; and for a model whose drafts rank after the
human replies and the template, the kept reply is the best of those that passes the guard. So code alone —
the fusion (forecaster.code_forecast), the planner's ranking (planner.code_plan) and the responder's fixed
candidates — gives, a fraction of a second after the evidence, the reply a run most often keeps. The
pipeline shows it as a draft under audit (DraftReply, basis "code"), and the round's own draft and the kept
reply replace it in place. How often the kept reply is the first look: scripts/first_look_agreement.py.
"""

from __future__ import annotations

from mer_agents.agents import forecaster, planner, responder
from mer_agents.agents.base import AgentContext
from mer_agents.types import Candidate


def run(ctx: AgentContext) -> Candidate | None:
    """The best fixed candidate (human reply or template) for code's forecast and plan; None when none
    passes the guard or the settings offer only model drafts."""
    if ctx.settings.reply_candidates != "all":
        return None
    forecast = forecaster.code_forecast(ctx.evidence, consistency=ctx.settings.consistency)
    plan = planner.code_plan(ctx, forecast)
    candidates = responder.fixed_candidates(ctx, forecast, plan)
    if not candidates:
        return None
    best = responder.rank(ctx, candidates)[0]
    return None if best.guard else best
