"""Strategy-guided responder: 1–3 sentences that carry out the planned strategy and speak to the person.

SmolLM2-135M loops, drifts and writes the other side of the dialogue, so: stop sequences at a new speaker
line, a repeat penalty, a short token budget (settings.max_reply_tokens), one or two retrieved replies of
the same strategy as examples. In a regeneration round it draws up to N_CANDIDATES drafts with different
seeds, scores each with the audit's reply checks and keeps the best (stopping early at a draft that passes);
only the first draft streams, the kept one is the stage output.
"""

from __future__ import annotations

import re

from mer_agents.agents import checks
from mer_agents.agents.base import AgentContext, generate_text, load_prompt
from mer_agents.agents.planner import HELP
from mer_agents.backends.base import Message
from mer_agents.embeddings import embed
from mer_agents.types import EmotionForecast, Reply, StrategyPlan

N_CANDIDATES = 3
REPEAT_PENALTY = 1.3
HISTORY_TURNS = 3
STOP = ("\n\n", "\nPerson", "\nUser", "\nSeeker", "\nYou:", "Person:", "User:", "Seeker:", "Supporter:")
PREFIX = re.compile(r"^\s*(supporter|assistant|you|listener)\s*:\s*", re.I)
EXAMPLE_CHARS = 160


def clean(text: str) -> str:
    """Strip a leading speaker label, quotes and whitespace; drop a trailing fragment cut off by max_tokens
    (the stop sequences did the rest; sentence count and content are left for the audit to judge)."""
    text = " ".join(PREFIX.sub("", text.strip()).split()).strip('"').strip()
    if text and text[-1] not in ".!?\"')":
        end = max(text.rfind(". "), text.rfind("! "), text.rfind("? "))
        if end > 0:
            text = text[: end + 1]
    return text


def similarity(a: str, b: str) -> float | None:
    """MiniLM cosine of two texts (None when either is empty)."""
    if not a.strip() or not b.strip():
        return None
    va, vb = embed([a, b])
    return float(va @ vb)


def score(ctx: AgentContext, text: str, forecast: EmotionForecast, plan: StrategyPlan) -> list[checks.CheckResult]:
    transcript = ctx.evidence.transcript
    return checks.check_reply(text, plan.strategy, forecast.emotion, transcript, ctx.history,
                              similarity(text, transcript))


def build_messages(ctx: AgentContext, forecast: EmotionForecast, plan: StrategyPlan) -> list[Message]:
    history: list[Message] = []
    for turn in ctx.history[-HISTORY_TURNS:]:
        history.append(Message(role="user", content=turn.user_text))
        if turn.reply:
            history.append(Message(role="assistant", content=turn.reply))
    return load_prompt("responder").render(
        chat=history, emotion=forecast.emotion, strategy=plan.strategy, strategy_help=HELP[plan.strategy],
        examples="\n".join(f"- {r[:EXAMPLE_CHARS]}" for r in plan.exemplars), instruction=ctx.instruction,
        transcript=ctx.evidence.transcript or "(no words)",
    )


def run(ctx: AgentContext, forecast: EmotionForecast, plan: StrategyPlan) -> Reply:
    messages = build_messages(ctx, forecast, plan)
    n = 1 if ctx.round == 0 else N_CANDIDATES
    drafts: list[tuple[int, str]] = []
    for i in range(n):
        params = ctx.params(ctx.settings.max_reply_tokens, offset=i, stop=STOP, repeat_penalty=REPEAT_PENALTY)
        text = clean(generate_text(ctx, "reply", messages, params, stream=(i == 0)))
        failed = checks.failed_count(score(ctx, text, forecast, plan)) if n > 1 else 0
        drafts.append((failed, text))
        if failed == 0:
            break
    best = min(range(len(drafts)), key=lambda i: (drafts[i][0], i))
    return Reply(text=drafts[best][1], candidates=[t for i, (_, t) in enumerate(drafts) if i != best])
