"""Strategy-guided responder: 1–3 sentences that carry out the planned strategy and speak to the person.

SmolLM2-135M loops, drifts and writes the other side of the dialogue, so: stop sequences at a new speaker
line, a repeat penalty, a short token budget (settings.max_reply_tokens), one or two retrieved replies of
the same strategy as examples. In a regeneration round it draws up to N_CANDIDATES drafts with different
seeds, scores each with the audit's reply checks and keeps the best (stopping early at a draft that passes);
only the first draft streams, the kept one is the stage output. Refinement drafts are decoded under a
grammar (a JSON schema whose one string field has a pattern): one line, no speaker tags, bounded length, and
the surface form of the strategy where it has one (a Question ends in '?', a suggestion opens with "Maybe
you could", self-disclosure with "I"). The first pass stays free text.
"""

from __future__ import annotations

import json
import re

from mer_agents.agents import checks
from mer_agents.agents.base import TEXT_CHARS, AgentContext, generate_text, load_prompt
from mer_agents.agents.planner import HELP
from mer_agents.backends.base import Message
from mer_agents.embeddings import embed
from mer_agents.types import EmotionForecast, Reply, StrategyPlan

N_CANDIDATES = 2  # drafts per refinement round: more fixed replies vs. the refinement/rerun token aim (0.4)
REPEAT_PENALTY = 1.3
HISTORY_TURNS = 3
STOP = ("\n\n", "\nPerson", "\nUser", "\nSeeker", "\nYou:", "Person:", "User:", "Seeker:", "Supporter:")
PREFIX = re.compile(r"^\s*(supporter|assistant|you|listener)\s*:\s*", re.I)
EXAMPLE_CHARS = 160
NO_QUESTION = TEXT_CHARS.replace("?", "")
FORM = {  # the strategy's surface form, as a pattern for refinement drafts
    "Question": rf"^{NO_QUESTION}{{10,200}}\?$",
    "Providing Suggestions": rf"^(Maybe you could|You could|It might help to) {TEXT_CHARS}{{10,200}}$",
    "Self-disclosure": rf"^I {TEXT_CHARS}{{10,200}}$",
}
ANY_FORM = rf"^{TEXT_CHARS}{{10,240}}$"
GRAMMAR_EXTRA_TOKENS = 12


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


def score(
    ctx: AgentContext, text: str, forecast: EmotionForecast, plan: StrategyPlan
) -> list[checks.CheckResult]:
    transcript = ctx.evidence.transcript
    return checks.check_reply(
        text, plan.strategy, checks.tone_emotion(forecast.emotion, ctx.evidence), transcript, ctx.history,
        similarity(text, transcript),
    )


def build_messages(ctx: AgentContext, forecast: EmotionForecast, plan: StrategyPlan) -> list[Message]:
    history: list[Message] = []
    for turn in ctx.history[-HISTORY_TURNS:]:
        history.append(Message(role="user", content=turn.user_text))
        if turn.reply:
            history.append(Message(role="assistant", content=turn.reply))
    return load_prompt("responder").render(
        chat=history,
        emotion=forecast.emotion,
        strategy=plan.strategy,
        strategy_help=HELP[plan.strategy],
        examples="\n".join(f"- {r[:EXAMPLE_CHARS]}" for r in plan.exemplars),
        instruction=ctx.instruction,
        transcript=ctx.evidence.transcript or "(no words)",
    )


def reply_schema(strategy: str) -> dict:
    pattern = FORM.get(strategy, ANY_FORM)
    return {
        "title": "ReplyOutput",
        "type": "object",
        "required": ["reply"],
        "properties": {"reply": {"type": "string", "pattern": pattern}},
    }


class FieldStream:
    """Forward only the characters of the first JSON string value of a streamed `{"reply": "..."}`."""

    def __init__(self, sink=None):
        self.sink, self.state, self.escape, self.text = sink, 0, False, []

    def __call__(self, chunk: str) -> None:
        out = []
        for ch in chunk:
            if self.state == 0 and ch == ":":
                self.state = 1
            elif self.state == 1 and ch == '"':
                self.state = 2
            elif self.state == 2:
                if self.escape:
                    out.append(ch)
                    self.escape = False
                elif ch == "\\":
                    self.escape = True
                elif ch == '"':
                    self.state = 3
                else:
                    out.append(ch)
        if out:
            self.text.extend(out)
            if self.sink:
                self.sink("".join(out))


def _draft(ctx: AgentContext, messages: list[Message], plan: StrategyPlan, i: int) -> str:
    if ctx.round == 0:
        params = ctx.params(ctx.settings.max_reply_tokens, offset=i, stop=STOP, repeat_penalty=REPEAT_PENALTY)
        return generate_text(ctx, "reply", messages, params, stream=True)
    params = ctx.params(
        ctx.settings.max_reply_tokens + GRAMMAR_EXTRA_TOKENS,
        offset=i,
        repeat_penalty=REPEAT_PENALTY,
        json_schema=reply_schema(plan.strategy),
    )
    stream = FieldStream(ctx.on_token if i == 0 else None)
    raw = generate_text(ctx, "reply", messages, params, on_token=stream)
    try:
        return str(json.loads(raw)["reply"])
    except (ValueError, KeyError, TypeError):  # cut off by max_tokens: keep what the stream saw
        return "".join(stream.text) if stream.text else raw


def run(ctx: AgentContext, forecast: EmotionForecast, plan: StrategyPlan) -> Reply:
    messages = build_messages(ctx, forecast, plan)
    n = 1 if ctx.round == 0 else N_CANDIDATES
    drafts: list[tuple[int, str]] = []
    for i in range(n):
        text = clean(_draft(ctx, messages, plan, i))
        failed = checks.failed_count(score(ctx, text, forecast, plan)) if n > 1 else 0
        drafts.append((failed, text))
        if failed == 0:
            break
    best = min(range(len(drafts)), key=lambda i: (drafts[i][0], i))
    return Reply(text=drafts[best][1], candidates=[t for i, (_, t) in enumerate(drafts) if i != best])
