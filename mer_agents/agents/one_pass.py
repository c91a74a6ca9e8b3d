"""Ablation (settings.one_pass): ONE prompt from the evidence to emotion, strategy and reply.

This is the conventional paradigm the method argues against: no separate perception, forecasting or
planning stages and no audit, so the evaluation can compare it with the structured, reflective pipeline.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from mer_agents.agents.base import AgentContext, generate_json, history_lines, load_prompt
from mer_agents.agents.perception import digest
from mer_agents.labels import Emotion, Strategy

MAX_TOKENS_EXTRA = 40


class OnePassOutput(BaseModel):
    model_config = ConfigDict(title="OnePassOutput")
    emotion: Emotion
    strategy: Strategy
    reply: str = Field(min_length=1, max_length=400)


def run(ctx: AgentContext) -> OnePassOutput:
    messages = load_prompt("one_pass").render(
        digest=digest(ctx.evidence),
        context=" / ".join(history_lines(ctx.history, limit=2)),
    )
    return generate_json(
        ctx, "one_pass", messages, OnePassOutput, ctx.settings.max_reply_tokens + MAX_TOKENS_EXTRA
    )
