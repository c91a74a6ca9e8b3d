"""Strategy-guided responder: several candidate replies, ranked by scorers that did not write them.

A sub-1B model cannot be the only source of the reply (it drifts, invents names and facts, writes code
debris), so each attempt gathers candidates from three sources:
  - model drafts: settings.best_of free-text drafts in the first round (1 by default; the first streams),
    N_CANDIDATES drafts decoded under a grammar in a refinement round (one line, no speaker tags, the
    strategy's surface form);
  - human exemplars: supporter replies of the planned strategy from the ESConv *train* bank that the reply
    selector (reply_selector.py, trained on ESConv train) finds fit this moment — the person's words and the
    turn they answered — and that transfer to this conversation (guard.transfers); goodbyes only when the
    person is thanking or saying goodbye;
  - one grounded template (templates.py) built from the person's own words: it cannot invent anything, so
    there is always a candidate that passes the guard. On the person's first words (`opening`) it leads
    the ranking; when they open with good news (`good_news`) it is the good-news reply.
Each candidate is scored by code independent of the generator: the guard (guard.py: debris, invented names
or facts, cut-off, greeting only, language, repeats) and the audit's other reply checks (checks.py, which
see the plain MiniLM relevance to the person's words), the reply selector's fit, strategy fit (the
ESConv-train strategy classifier's probability of the planned strategy) and fluency (known-word share). The
kept reply is the first by `rank_key`: (fails the guard, is a model draft, fails a check of the moment,
−(the reply judge's logit + RANK_WEIGHT · score)) with score = Σ WEIGHTS · scorer — the judge
(reply_judge.py) learnt blind readers' grades of such candidates; guard failures are never kept while a
guarded candidate exists, and the drafts of a sub-1B model only when nothing else passes the guard (a
judge graded them C far more often than the human replies). A model whose drafts a blind judge found
acceptable more often than the human exemplars (Qwen2.5-Coder-1.5B, the GPU and server models:
`trusts_drafts`) has its draft kept over them unless it fails a check beyond STYLE_CHECKS; the audit still
flags a strategy the draft did not carry out, and the reflection loop may replace it.
Every candidate and its scores is in the stage output (and the trace).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

from mer_agents.agents import checks, guard, leave, reply_judge, reply_selector, strategy_classifier
from mer_agents.agents.base import TEXT_CHARS, AgentContext, generate_text, load_prompt
from mer_agents.agents.planner import HELP
from mer_agents.agents.retrieval import bank_at, bank_location, default_bank
from mer_agents.agents.templates import good_news_reply, grounded_reply, leaving, small_talk, takes_leave
from mer_agents.backends.base import Message
from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.errors import ModelError
from mer_agents.labels import STRATEGIES
from mer_agents.types import Candidate, EmotionForecast, Reply, StrategyPlan, Turn

N_CANDIDATES = 2  # drafts per refinement round: more fixed replies vs. the refinement/rerun token aim (0.4)
N_EXEMPLARS = 6  # human replies of the planned strategy offered as candidates
K_EXEMPLAR_SEARCH = 40  # nearest exemplars of that strategy searched before the guard filters them
# Weights of the scorers in a candidate's score (each in [0, 1]); set by hand, looked at on held-out ESConv
# *train* turns (experiments/reply_policy/responder_preview.py), never tuned on dev.
# The strategy classifier already gates every candidate (the strategy_fit check); as a score it mostly
# separated verbatim human questions from the person's own words said back. "fit" is the reply selector's
# (it replaced the plain MiniLM relevance: recall@1 0.506 vs 0.415 on the held-out train slice).
WEIGHTS = {"fit": 0.60, "strategy": 0.20, "fluency": 0.20}
# Reply checks that say how well a reply carries out the plan (its strategy and length), not whether a person
# could accept it: on held-out ESConv train turns a blind judge graded half of the Qwen2.5-Coder-1.5B drafts
# failing only these "acceptable" (experiments/reply_policy/draft_policy_heldout.py).
STYLE_CHECKS = frozenset({"strategy_fit", "follows_strategy", "length"})
# Reply checks of the reply's feeling: a template failing one is not held in place on a first message
# (`holds`).
FEELING_CHECKS = frozenset({"tone_mismatch"})
# checks.check_moment's checks: a reply failing one is wrong for this moment whatever the reply judge reads
# (it learnt on pools with no goodbyes mid-conversation, and rates a bare "take care" well out of context)
MOMENT_CHECKS = frozenset({"copies_earlier", "wrong_moment", "invents_specifics", "role_reversal"})
# Reply checks that do not send back a reply the reply judge ranked first (stage_checks.audit_reply): on 780
# graded train turns, re-picking under every failed check (as the loop did) took A from 0.347 to 0.322 and C
# from 0.238 to 0.262; sparing these, A 0.345 / C 0.233 (experiments/reply_judge_scorer/loop_sim.py)
JUDGE_OVERRULES = STYLE_CHECKS | {"ignores_person"}
REPEAT_PENALTY = 1.3
HISTORY_TURNS = 3
STOP = ("\n\n", "\nPerson", "\nUser", "\nSeeker", "\nYou:", "Person:", "User:", "Seeker:", "Supporter:")
PREFIX = re.compile(r"^\s*(supporter|assistant|you|listener)\s*:\s*", re.IGNORECASE)
EXAMPLE_CHARS = 160
# The person's last words the model reads, in whole sentences where they fit: a reply answers what was said
# last, and the prompt stops growing with the clip (issue #14; a minute of speech is ~700 characters). The
# candidates code builds and checks read all the words.
TRANSCRIPT_CHARS = 320
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


def reply_checks(
    ctx: AgentContext,
    text: str,
    forecast: EmotionForecast,
    plan: StrategyPlan,
    relevance: float | None,
    strategy_probs: np.ndarray | None = None,
) -> list[checks.CheckResult]:
    """The audit's reply checks for one reply in this run (see `checks_with_classifier`)."""
    ev = ctx.evidence
    return checks_with_classifier(
        text,
        plan.strategy,
        checks.tone_emotion(forecast.emotion, ev),
        ev.words,
        ctx.history,
        relevance,
        language=ev.language,
        context=_context(ctx),
        strategy_probs=strategy_probs,
        settings=ctx.settings,
    )


def checks_with_classifier(
    text: str,
    strategy: str,
    emotion: str,
    transcript: str,
    history: list[Turn],
    relevance: float | None,
    *,
    language: str | None = None,
    context: str = "",
    strategy_probs: np.ndarray | None = None,
    settings: Settings | None = None,
) -> list[checks.CheckResult]:
    """checks.check_reply (the guard included), the strategy classifier's verdict and the checks against
    this moment of the conversation (checks.check_moment); `strategy_probs` is the classifier's row for this
    reply, computed when not given (with the weights `settings` name). The audit, the candidate ranking and
    the evaluation all judge a reply with this one function."""
    if strategy_probs is None:
        strategy_probs = strategy_classifier.predict_proba([text], [context], settings)[0]
    return [
        *checks.check_reply(text, strategy, emotion, transcript, history, relevance, language=language),
        checks.check_strategy_fit(strategy, dict(zip(STRATEGIES, map(float, strategy_probs)))),
        *checks.check_moment(text, transcript or context, history),
    ]


def _context(ctx: AgentContext) -> str:
    """What the person said: this turn's words, or the last turn's for a clip without words."""
    return ctx.evidence.words or (ctx.history[-1].user_text if ctx.history else "")


def score_candidates(
    ctx: AgentContext,
    found: list[tuple[str, str]],
    forecast: EmotionForecast,
    plan: StrategyPlan,
    moment: np.ndarray | None = None,
) -> list[Candidate]:
    """(source, text) pairs → Candidates with every scorer and check, best first (see the module docstring).
    The checks see each reply's plain MiniLM cosine to the person's words (the audit's relevance); the rank
    sees the reply selector's fit to the moment (`moment`: this attempt's `moment_vector`, computed when
    not given)."""
    return rank(ctx, scored(ctx, unique_found(found), forecast, plan, moment))


def unique_found(found: list[tuple[str, str]]) -> dict[str, str]:
    """text → source, first occurrence (an empty draft is kept: it fails) ..."""
    unique: dict[str, str] = {}
    for source, text in found:
        same = next((t for t in unique if t.lower() == text.strip().lower()), None)
        if same is not None and unique[same] == "model" and source != "model":
            del unique[same]  # ... except that a draft copying a human reply or the template is that reply
            same = None
        if same is None:
            unique[text.strip()] = source
    return unique


def scored(
    ctx: AgentContext,
    unique: dict[str, str],
    forecast: EmotionForecast,
    plan: StrategyPlan,
    moment: np.ndarray | None = None,
) -> list[Candidate]:
    """Candidates (text → source) with every scorer and check, unranked: each is scored on its own."""
    texts = list(unique)
    if not texts:
        return []
    context = _context(ctx)
    if context.strip():
        vectors = ctx.embed([context, *texts])
        relevance = [float(v) for v in vectors[1:] @ vectors[0]]
        moment = moment_vector(ctx) if moment is None else moment
        fits = [float(v) for v in reply_selector.reply_vectors(vectors[1:], ctx.settings) @ moment]
    else:
        relevance = fits = [None] * len(texts)
    probs = strategy_classifier.predict_proba(texts, [context] * len(texts), ctx.settings)
    column = STRATEGIES.index(plan.strategy)
    judged = (
        [float(x) for x in reply_judge.logits(ctx.history, context, texts, ctx.settings)]
        if uses_judge(ctx)
        else [None] * len(texts)
    )
    out = []
    for text, rel, fit, row, judge in zip(texts, relevance, fits, probs, judged):
        results = reply_checks(ctx, text, forecast, plan, rel, row)
        scores = {
            "fit": round(max(fit or 0.0, 0.0), 4),
            "strategy": round(float(row[column]), 4),
            "fluency": guard.fluency(text),
        }
        out.append(
            Candidate(
                source=unique[text],
                text=text,
                scores=scores,
                score=round(sum(WEIGHTS[k] * v for k, v in scores.items()), 4),
                guard=[f"{r.name}: {r.issue}" for r in checks.guard_failures(results)],
                failed=[r.name for r in results if not r.ok],
                judge=None if judge is None else round(judge, 4),
            )
        )
    return out


def rank(ctx: AgentContext, candidates: list[Candidate]) -> list[Candidate]:
    """Best first, by the key for this context's model and moment (module docstring); in a refinement
    round, a candidate failing a check the audit failed (`dropped`) ranks after every one that does not."""
    if trusts_drafts(ctx):
        key = trusted_rank_key
    else:
        key = template_first_rank_key if opening(ctx) else rank_key
    drop = dropped(ctx)
    return sorted(
        candidates, key=lambda c: (bool(c.guard), bool(drop & set(c.failed)) and not holds(ctx, c), key(c))
    )


def keeps_template(ctx: AgentContext) -> bool:
    """On a person's first words (`opening`), for a model whose drafts are not trusted, the template stays
    the reply in refinement rounds unless it fails the guard or a check of its feeling (`holds`): a generic
    template does not go behind the human exemplars. On 135 unseen first messages
    (experiments/first_messages/plain_unseen/) the replies a refinement round picked instead of the template
    (an exemplar from another conversation, after the template failed `ignores_person`) were graded C in 86
    of 154 grades, the templates kept A 47 / C 5 of 104; judged on fresh first messages in
    experiments/first_messages/openings_fresh/."""
    return opening(ctx) and not trusts_drafts(ctx)


def holds(ctx: AgentContext, candidate: Candidate) -> bool:
    """A template `keeps_template` holds in place: it fails no check of FEELING_CHECKS (the wrong feeling is
    unacceptable to a reader; generic is only weak), so a refinement round may still replace a glad reply to
    sad news."""
    return (
        candidate.source == "template" and keeps_template(ctx) and not FEELING_CHECKS & set(candidate.failed)
    )


def dropped(ctx: AgentContext) -> set[str]:
    """The reply checks the audit failed in earlier rounds (hint `drop`): candidates failing them go last."""
    return set(ctx.hints.get("drop", []))


def opening(ctx: AgentContext) -> bool:
    """The person's first words (nothing said before), and more than a greeting: what a clip usually is.
    Here the grounded template leads the ranking (`template_first_rank_key`): on opening statements of
    held-out ESConv train dialogues (their `situation`) a blind judge graded it A 0.28 / C 0.07 against the
    shipped rank's pick A 0.10 / C 0.23 (40 statements, better in 17, worse in 5;
    experiments/reply_policy/heldout_opening_policy/). Later in a conversation the template grades poorly (A
    0.05, experiments/reply_policy/heldout_candidate_grades/) and the shipped rank stays. First words that
    only thank or say goodbye count too (templates.leaving): the template's answer (templates.closing_reply)
    takes the thanks and returns the wish, where the rank had kept another conversation's "HI, can I help
    today?" (experiments/first_messages/closing_only_fresh/)."""
    words = _context(ctx)
    # a leave-taking counts even where it is also greeting_only ("thank you, that's all")
    return not ctx.history and (leaving(words) or not guard.greeting_only(words, checks.content_words(words)))


def good_news(ctx: AgentContext, forecast: EmotionForecast) -> bool:
    """The person opens with good news: an `opening` whose tone to answer is joy. The ESConv bank holds no
    replies to good news (its supporters answer distress: "What got you depressed?" to a new job), so the
    template is the good-news reply (templates.good_news_reply). Only the opening turn counts: later in a
    conversation a joy reading is mostly the person agreeing or thanking ("you are right, I was overthinking
    lol": 248 of the 1,304 seeker turns of 120 ESConv train dialogues would have counted). Measured blind in
    experiments/first_messages/good_news_unseen2/."""
    return (
        opening(ctx)
        and checks.tone_emotion(forecast.emotion, ctx.evidence) == "joy"
        and not small_talk(ctx.evidence.words)  # "I am doing ok today" is not news (templates.small_talk)
        # "thanks, good night" and "my Uber is here, bye" read as joy but are no news
        and not takes_leave(ctx.evidence.words, hard=False)
    )


def trusts_drafts(ctx: AgentContext) -> bool:
    """Settings.trust_drafts when set, else what the backend declares for its model."""
    if ctx.settings.trust_drafts is not None:
        return ctx.settings.trust_drafts
    return bool(getattr(ctx.backend, "trusted_drafts", False))


def why_it_stays(ctx: AgentContext, kept: Reply) -> str:
    """Why rerunning this stage on the same forecast and plan would keep `kept` again ("" when it could
    change). The rerun ranks every candidate that fails a check the kept reply failed (`dropped`) last: so
    it can change when another candidate passes the guard and fails none of those checks (a re-pick, no model
    call), and otherwise when the model has not yet rewritten under the audit's instruction (`Reply.rewrote`:
    drafts written in a refinement round). With trusted drafts, a drafts-only pool, or a kept draft, new
    drafts can always change it. On the person's first words the template is held in place (`holds`)."""
    if trusts_drafts(ctx) or ctx.settings.reply_candidates != "all" or kept.source == "model":
        return ""
    if not kept.ranked or kept.ranked[0].guard:
        return ""
    if holds(ctx, kept.ranked[0]):
        return (
            "the person's first words: the grounded template stays in place unless it names the wrong "
            "feeling (a human reply from another conversation reads worse there)"
        )
    drop = dropped(ctx) | set(kept.dropped) | set(kept.ranked[0].failed)
    if repick(kept.ranked[1:], drop) or not kept.rewrote:
        return ""
    return (
        f"no other candidate passes what the audit failed ({', '.join(sorted(drop))}), "
        "and the model already rewrote it under the audit's instruction"
    )


def repick(candidates: list[Candidate], drop: set[str]) -> list[Candidate]:
    """The candidates a refinement round may keep without a new draft: they pass the guard and fail none of
    the dropped checks."""
    return [c for c in candidates if not c.guard and not drop & set(c.failed)] if drop else []


def overruled(reply: Reply) -> frozenset[str]:
    """The checks the audit does not count against `reply`: JUDGE_OVERRULES when the reply judge ranked it
    first (stage_checks.audit_reply; the evaluation's loop record counts the same)."""
    first = reply.ranked[0] if reply.ranked else None
    judged = first is not None and first.text == reply.text and first.judge is not None
    return JUDGE_OVERRULES if judged else frozenset()


def uses_judge(ctx: AgentContext) -> bool:
    """Whether `rank_key` orders this attempt's candidates (the reply judge's logit is computed for them);
    settings.judge_ranks False is the ablation without it."""
    return ctx.settings.judge_ranks and not trusts_drafts(ctx) and not opening(ctx)


def rank_key(c: Candidate) -> tuple:
    """For a model whose drafts are not trusted: guard failures last, the model's drafts after every human
    reply and the template; then, when the reply judge read the candidates (`uses_judge`), a failed check of
    the moment (MOMENT_CHECKS) last, and the judge's logit plus reply_judge.RANK_WEIGHT × the score, best
    first. Cross-fitted over 780 graded ESConv train turns this kept a judged-A reply 0.347 of the time
    against 0.300 and a judged-C one 0.238 against 0.294 (experiments/reply_judge_scorer/). The other failed
    checks are not counted (all of them first kept A 0.328 on the same turns); the audit still fails them,
    and a refinement round ranks every candidate that fails what it failed last (`rank`).

    Without the judge's logit: more failed checks last; among equals the template only when nothing else is
    there: it is the fallback that always passes the guard, and saying the person's words back inflates
    both relevance and fit (the scorers reward copying), so it would otherwise outrank human replies.

    Drafts last: on 45 held-out ESConv *train* turns a blind judge graded SmolLM2-135M's drafts C 0.91 and
    Qwen2.5-Coder-0.5B's C 0.67; even the drafts that failed no check (0.5B: 11 of 45) graded C in 3 of 11,
    where the exemplar/template choice on the same turns graded C in none
    (experiments/reply_policy/heldout_draft_policy2/). They stay candidates, shown with their checks in the
    timeline."""
    if c.judge is not None:
        read = c.judge + reply_judge.RANK_WEIGHT * c.score
        return (bool(c.guard), c.source == "model", bool(MOMENT_CHECKS & set(c.failed)), -read)
    return (bool(c.guard), c.source == "model", len(c.failed), c.source == "template", -c.score)


def template_first_rank_key(c: Candidate) -> tuple:
    """As rank_key, but the template first among replies that pass the guard (see `opening`)."""
    return (bool(c.guard), c.source != "template", c.source == "model", len(c.failed), -c.score)


def trusted_rank_key(c: Candidate) -> tuple:
    """As rank_key, but the model's draft first among replies that fail no check beyond STYLE_CHECKS."""
    style = sum(name in STYLE_CHECKS for name in c.failed)
    first = c.source != "model"
    return (bool(c.guard), len(c.failed) - style, first, style, c.source == "template", -c.score)


def _previous(ctx: AgentContext) -> str:
    """The supporter turn the person was answering ("" when the conversation opens)."""
    return (ctx.history[-1].reply or "") if ctx.history else ""


def moment_vector(ctx: AgentContext) -> np.ndarray:
    """The reply selector's vector for this moment (the person's words and the turn they answered): computed
    once per attempt and shared by the exemplar search and the candidate ranking."""
    return reply_selector.context_vector(_context(ctx), _previous(ctx), ctx.settings, ctx.embed)


def _bank_reply_vectors(settings: Settings) -> np.ndarray:
    """The bank's replies in the reply selector's space (the bank and weights `settings` name)."""
    return _projected_replies(*bank_location(settings), reply_selector.weights_path(settings))


@load_once
def _projected_replies(bank_dir: Path, bank_name: str, selector: Path) -> np.ndarray:
    """Projected once per process for each (bank, selector weights)."""
    bank = bank_at(bank_dir, bank_name)
    if bank.reply_vectors is None:
        raise ModelError(
            "the exemplar bank has no reply vectors (rebuild: python scripts/build_exemplar_bank.py)"
        )
    return reply_selector.reply_vectors(bank.reply_vectors, Settings(reply_selector=selector))


def exemplar_replies(
    ctx: AgentContext, plan: StrategyPlan, moment: np.ndarray | None = None
) -> dict[str, float]:
    """Human supporter replies of the planned strategy that the reply selector finds fit this moment (the
    person's words and the turn they answered), and that transfer to this conversation: reply → fit, best
    first. Goodbyes are offered only when the person is thanking or saying goodbye. `moment`: as in
    score_candidates."""
    words = _context(ctx)
    if not words.strip():
        return {text: 0.0 for text in plan.exemplars[:N_EXEMPLARS]}
    closing = guard.closes(words)
    fit = _bank_reply_vectors(ctx.settings) @ (moment_vector(ctx) if moment is None else moment)
    found = default_bank(ctx.settings).rank_replies(
        fit, k=K_EXEMPLAR_SEARCH, exclude=set(ctx.exclude_dialogues), strategy=plan.strategy, closing=closing
    )
    conversation = [words, *(t.user_text for t in ctx.history), *(t.reply or "" for t in ctx.history)]
    kept = {
        e.reply.strip(): e.score for e in found if guard.transfers(e.reply, conversation, closing=closing)
    }
    return dict(list(kept.items())[:N_EXEMPLARS])


def build_messages(ctx: AgentContext, forecast: EmotionForecast, plan: StrategyPlan) -> list[Message]:
    history: list[Message] = []
    for turn in ctx.history[-HISTORY_TURNS:]:
        if turn.user_text:  # a turn without words marks earlier conversation that is not shown
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
        transcript=last_words(ctx.evidence.words) or "(no words)",
    )


def last_words(text: str, limit: int = TRANSCRIPT_CHARS) -> str:
    """The end of `text` within `limit` characters: the last whole sentences that fit, else the last words of
    the last sentence; "..." marks a cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for sentence in reversed(checks.sentences(text)):
        if len(" ".join([sentence, *kept])) > limit - 4:
            break
        kept.insert(0, sentence)
    if not kept:
        tail = text[-(limit - 4) :]
        kept = [tail.split(" ", 1)[-1] if " " in tail else tail]
    return "... " + " ".join(kept)


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
        return generate_text(ctx, "reply", messages, params, stream=i == 0)
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


def template(ctx: AgentContext, forecast: EmotionForecast, plan: StrategyPlan) -> str:
    """The grounded template from the person's own words, in the tone the forecast and evidence call for
    (the good-news reply when the person shares good news). Words from an unsure translation are read but
    not said back: they may not be what the person said."""
    say_back = not ctx.evidence.translation_unsure
    if good_news(ctx, forecast):
        return good_news_reply(ctx.evidence.words, plan.strategy, say_back=say_back)
    first = opening(ctx)
    return grounded_reply(
        ctx.evidence.words,
        checks.tone_emotion(forecast.emotion, ctx.evidence),
        plan.strategy,
        opening=first,
        say_back=say_back,
        hard=leave.hard_feeling(forecast.emotion, ctx.evidence)
        if first
        else None,  # read for first words only
    )


def fixed_candidates(
    ctx: AgentContext, forecast: EmotionForecast, plan: StrategyPlan, moment: np.ndarray | None = None
) -> list[Candidate]:
    """The candidates no model writes (the human replies of the plan's strategy and the template), scored;
    none when settings.reply_candidates is "model". `moment`: as in score_candidates."""
    if ctx.settings.reply_candidates != "all":
        return []
    moment = moment_vector(ctx) if moment is None else moment
    found = [("exemplar", text) for text in exemplar_replies(ctx, plan, moment)]
    found.append(("template", template(ctx, forecast, plan)))
    return scored(ctx, unique_found(found), forecast, plan, moment)


def run(ctx: AgentContext, forecast: EmotionForecast, plan: StrategyPlan) -> Reply:
    """The attempt's candidates, ranked; the first is the reply. The human replies and the template are
    gathered and scored first: for a model whose drafts rank after them (not `trusts_drafts`), the best of
    them is the reply unless it fails the guard, so it is reported (`ctx.on_draft`) before the model's
    drafts are written, and the person reads a reply sooner (issue #14)."""
    moment = moment_vector(ctx)
    others = fixed_candidates(ctx, forecast, plan, moment)
    first = rank(ctx, others)[0] if others else None
    if first is not None and not first.guard and not trusts_drafts(ctx) and ctx.on_draft is not None:
        ctx.on_draft(first.text, first.source)
    messages = build_messages(ctx, forecast, plan)
    n = ctx.settings.best_of if ctx.round == 0 else N_CANDIDATES
    rewrite = ctx.round > 0
    if rewrite and not trusts_drafts(ctx) and repick(others, dropped(ctx)):
        n, rewrite = 0, False  # a human reply or the template passes what the audit failed: re-pick only
    drafts = [("model", clean(_draft(ctx, messages, plan, i))) for i in range(n)]
    known = {c.text.lower() for c in others}  # a draft copying one of them counts as that reply
    new = {t: s for t, s in unique_found(drafts).items() if t.lower() not in known}
    ranked = rank(ctx, scored(ctx, new, forecast, plan, moment) + others)
    best = ranked[0]
    return Reply(
        text=best.text,
        source=best.source,
        ranked=ranked,
        candidates=[c.text for c in ranked[1:]],
        dropped=sorted(dropped(ctx)),
        rewrote=rewrite,
    )
