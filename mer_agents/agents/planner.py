"""Pragmatic strategy planner: code ranks the 8 ESConv strategies; the model picks among the top ones.

SmolLM2-135M cannot classify strategies reliably, so the ranking is code:
    code(s) = VOTE_WEIGHT · vote(s) + PRIOR_WEIGHT · prior(s),
    score(s) = (w · P_enc(s) + (1 − w) · code(s)) / share(s) ** PRIOR_POWER
where vote is the similarity-weighted share of the K nearest ESConv *train* exemplars (retrieval.py, MiniLM;
the bank assets/exemplars/esconv_train.*, so ESConv dev — the evaluation set — is never a neighbour) using
strategy s, and prior sums small, stated rules from the emotion, its intensity and the turn position
(ESConv's exploration → comforting → action order), and P_enc the fine-tuned strategy encoder's
probability (strategy_encoder.py; w = 0.75, the blend that planned best on the held-out ESConv train
slice, better than the code ranking or the encoder alone: experiments/strategy_encoder/README.md), and
share(s) the strategy's share of ESConv train supporter turns (STRATEGY_PRIOR: both favour the frequent
strategies; dividing by the share's square root raised dev macro-F1 0.192 → 0.227 at the same accuracy).
Strategies the audit told the planner to avoid are dropped. The top-ranked strategy is the plan and the
model writes the reason for it (a one-value schema enum); the runner-up becomes the secondary strategy.
Letting SmolLM2 choose among the top 3 planned far worse on ESConv dev than the code's top-1, so it no
longer chooses (experiments/strategy_encoder/README.md, "Before the encoder").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from mer_agents.agents import guard, leave, strategy_encoder, templates, text_gate
from mer_agents.agents.base import AgentContext, generate_json, history_lines, load_prompt, sentence_pattern
from mer_agents.agents.perception import digest
from mer_agents.agents.retrieval import Exemplar
from mer_agents.labels import NEGATIVE_EMOTIONS, STRATEGIES
from mer_agents.types import EmotionForecast, StrategyPlan, Turn

# room for the enum, the reason (≤ 120 chars) and the JSON around them; 80 cut off the rare reason written in
# one-character tokens on ESConv dev, so the cap leaves slack: unused tokens cost nothing
MAX_TOKENS = 128
K_VOTE = 12
K_WIDE = 80  # neighbours searched for example replies of the chosen strategy
N_PROMPT_EXAMPLES = 2
TOP_CANDIDATES = 3
VOTE_WEIGHT, PRIOR_WEIGHT = 0.6, 0.4
# Chosen on the held-out train slice (planner top-1, neutral forecast): the smallest prior that reaches the
# sweep's best accuracy; larger ones gain nothing (experiments/planner_closing_prior/README.md).
CLOSING_PRIOR = 0.3
# Each strategy's share of the ESConv train supporter turns the strategy encoder learned from; the blended
# ranking is divided by it ** PRIOR_POWER (both the encoder and the code favour the frequent strategies):
# chosen on the held-out train slice (experiments/strategy_encoder/README.md, "Prior correction").
STRATEGY_PRIOR = {
    "Question": 0.1739,
    "Restatement or Paraphrasing": 0.0663,
    "Reflection of feelings": 0.0861,
    "Self-disclosure": 0.095,
    "Affirmation and Reassurance": 0.1634,
    "Providing Suggestions": 0.1658,
    "Information": 0.0692,
    "Others": 0.1803,
}
PRIOR_POWER = 0.5
EXAMPLE_CHARS = 140
HELP = {  # also the responder's instruction for each strategy: short and imperative for a small model
    "Question": "ask one short open question about what they said, ending with '?'",
    "Restatement or Paraphrasing": "say back in your own words what they told you",
    "Reflection of feelings": "name the feeling you hear and say it makes sense",
    "Self-disclosure": "share in one sentence a similar experience of your own, starting with 'I'",
    "Affirmation and Reassurance": "tell them their feelings are valid and that they are not alone",
    "Providing Suggestions": "offer one gentle, concrete suggestion, starting with 'Maybe you could'",
    "Information": "give one useful fact that helps with their situation",
    "Others": "say something friendly and natural",
}


def priors(forecast: EmotionForecast, history: list[Turn], words: str = "") -> dict[str, float]:
    """Rule-based prior per strategy (each rule is one line, see the module docstring); `words`: what the
    person just said."""
    prior = {s: 0.0 for s in STRATEGIES}
    if guard.closes(
        words
    ):  # thanks / goodbye: answered with Others far more often in ESConv (experiments/planner_closing_prior/)
        prior["Others"] += CLOSING_PRIOR
    negative = forecast.emotion in NEGATIVE_EMOTIONS
    if not history:  # opening: explore before acting
        prior["Question"] += 0.3
        prior["Reflection of feelings"] += 0.2
        prior["Providing Suggestions"] -= 0.3
        prior["Information"] -= 0.2
    elif len(history) >= 3:  # later: action becomes appropriate
        prior["Providing Suggestions"] += 0.15
        prior["Affirmation and Reassurance"] += 0.05
    if negative and forecast.intensity >= 0.5:  # acute distress: comfort first
        prior["Reflection of feelings"] += 0.2
        prior["Affirmation and Reassurance"] += 0.15
        prior["Others"] -= 0.2
    if forecast.emotion == "joy":
        prior["Affirmation and Reassurance"] += 0.1
        prior["Question"] += 0.1
    recent = [t.strategy for t in history[-2:]]
    if recent and recent[-1] == "Question":  # do not interrogate
        prior["Question"] -= 0.15 * recent.count("Question")
    return prior


def rank(
    forecast: EmotionForecast,
    history: list[Turn],
    exemplars: list[Exemplar],
    avoid: list[str] = (),
    words: str = "",
    encoder: bool = True,
    hard: bool | None = None,
) -> list[tuple[str, float]]:
    """Strategies by score, best first, without those to avoid. With the person's `words` (and `encoder`),
    the code's score is blended with the fine-tuned strategy encoder's probability (strategy_encoder.py).
    First words that take leave put Others first (templates.takes_leave; `hard`: leave.hard_feeling, by
    default any negative forecast): their answer takes the thanks
    and returns the wish (templates.closing_reply); the ranking, which learnt first turns that open, says
    Question. Hard news that ends by taking leave (templates.signs_off) puts Affirmation and Reassurance
    first: its answer (templates.going_reply) names the feeling and leaves the door open."""
    vote = {s: 0.0 for s in STRATEGIES}
    total = sum(max(e.score, 0.0) for e in exemplars)
    for e in exemplars:
        vote[e.strategy] += max(e.score, 0.0) / total if total > 0 else 1.0 / len(exemplars)
    prior = priors(forecast, history, words)
    scores = {s: VOTE_WEIGHT * vote[s] + PRIOR_WEIGHT * prior[s] for s in STRATEGIES if s not in avoid}
    if encoder and words.strip():
        previous = (history[-1].reply or "") if history else ""
        read = strategy_encoder.probs(previous, words, [t.strategy for t in history if t.strategy])
        w = strategy_encoder.mix_weight()
        scores = {
            s: (w * read[s] + (1 - w) * v) / STRATEGY_PRIOR[s] ** PRIOR_POWER for s, v in scores.items()
        }
    hard = forecast.emotion in NEGATIVE_EMOTIONS if hard is None else hard  # leave.hard_feeling
    leaves = not history and templates.takes_leave(words, hard)
    going = not history and not leaves and hard and templates.signs_off(words)  # templates.going_reply
    first = "Others" if leaves else "Affirmation and Reassurance" if going else None
    return sorted(scores.items(), key=lambda kv: (kv[0] != first, -kv[1]))


def query_text(ctx: AgentContext) -> str:
    return ctx.evidence.words or (ctx.history[-1].user_text if ctx.history else "")


def plan_output_model(candidates: list[str]) -> type[BaseModel]:
    """The LLM output model whose `strategy` is an enum of the candidates only."""
    return create_model(
        "PlanOutput",
        __config__=ConfigDict(title="PlanOutput"),
        strategy=(Literal[tuple(candidates)], ...),
        reason=(str, Field(pattern=sentence_pattern("Because (they|the person)", 8, 120))),
    )


def matching_replies(wide: list[Exemplar], strategy: str) -> list[str]:
    """Example replies for the responder: the nearest that use the strategy, looking further if need be."""
    return [e.reply for e in wide if e.strategy == strategy][:N_PROMPT_EXAMPLES]


def code_choice(
    ctx: AgentContext, forecast: EmotionForecast
) -> tuple[list[str], list[Exemplar], list[Exemplar]]:
    """What code decides before the model writes its reason: (the top candidates, best first, the K_VOTE
    neighbours, the K_WIDE search)."""
    query = query_text(ctx)
    exclude = set(ctx.exclude_dialogues)
    wide = ctx.retrieve(query, k=K_WIDE, exclude=exclude) if query else []
    neighbours = wide[:K_VOTE]
    hard = None if ctx.history else leave.hard_feeling(forecast.emotion, ctx.evidence)  # first words only
    ranked = rank(forecast, ctx.history, neighbours, avoid=ctx.hints.get("avoid", []), words=query, hard=hard)
    return [s for s, _ in ranked[:TOP_CANDIDATES]], neighbours, wide


def code_plan(ctx: AgentContext, forecast: EmotionForecast) -> StrategyPlan:
    """The plan with no model call (its reason says so): the strategy `run` would plan for this forecast,
    for the pipeline's first look (agents/first_look.py)."""
    candidates, _, wide = code_choice(ctx, forecast)
    return StrategyPlan(
        strategy=candidates[0],
        secondary=candidates[1] if len(candidates) > 1 else None,
        reason="(code's ranking; the planner's reason is not written yet)",
        exemplars=matching_replies(wide, candidates[0]),
    )


def run(ctx: AgentContext, forecast: EmotionForecast) -> StrategyPlan:
    candidates, neighbours, wide = code_choice(ctx, forecast)
    chosen = candidates[:1]  # the code decides; the model explains (see the module docstring)
    shown = [e for e in neighbours if e.strategy in candidates][:N_PROMPT_EXAMPLES]
    # the digest opens the prompt as it opens perception's and the forecaster's (a cached prefix)
    messages = load_prompt("planner").render(
        digest=digest(ctx.evidence),
        emotion=forecast.emotion,
        intensity=f"{forecast.intensity:.2f}",
        history="\n".join(history_lines(ctx.history)),
        instruction=ctx.instruction,
        examples="\n".join(
            f'- "{e.seeker[:EXAMPLE_CHARS]}" -> {e.strategy}: "{e.reply[:EXAMPLE_CHARS]}"' for e in shown
        ),
        candidates="; ".join(f"{s} ({HELP[s]})" for s in chosen),
    )
    # the model only explains code's choice: a reason it could not write (or that fails the gate) must not
    # end the run; code states its own reason instead
    strategy = chosen[0]
    reason, how = text_gate.written(
        lambda i: (
            generate_json(ctx, "strategy", messages, plan_output_model(chosen), MAX_TOKENS, offset=i).reason
        ),
        text_gate.checker(messages, ctx.evidence, extra=f"{forecast.emotion} {strategy}"),
        lambda why: code_reason(forecast, strategy, neighbours),
        text_gate.model_writes(ctx.settings, ctx.backend),
    )
    return StrategyPlan(
        strategy=strategy,
        secondary=next((s for s in candidates if s != strategy), None),
        reason=reason,
        exemplars=matching_replies(wide, strategy),
        written_by=how,
    )


def code_reason(forecast: EmotionForecast, strategy: str, neighbours: list[Exemplar]) -> str:
    """The reason code can state for its own choice (the vote and the forecast), marked as code's (why the
    model's reason is missing is the plan's `written_by`)."""
    votes = sum(e.strategy == strategy for e in neighbours)
    return (
        f"Because the person's emotion reads as {forecast.emotion} and {votes} of the {len(neighbours)} "
        f"most similar ESConv train turns went on with {strategy}. {text_gate.CODE_LABEL}"
    )
