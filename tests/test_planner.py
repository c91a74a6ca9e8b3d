"""The strategy planner (agents/planner.py): the code's ranking (neighbour vote + stated priors, the audit's
`avoid`), the plan it hands on, and its retrieval path honouring `exclude_dialogues` (the leakage guard).

The ranking and plan tests use a SCRIPTED backend (mer_agents/backends/scripted.py: the model only writes the
reason) and INJECTED retrieval (AgentContext.retrieve, tests/injected_tools.py); the last test runs real
MiniLM retrieval over a small bank.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mer_agents.agents import planner, retrieval
from mer_agents.agents.base import AgentContext
from mer_agents.agents.retrieval import Bank, Exemplar
from mer_agents.backends.scripted import ScriptedBackend
from mer_agents.config import Settings
from mer_agents.embeddings import embed
from mer_agents.labels import EMOTIONS, STRATEGIES
from mer_agents.types import EmotionForecast, Evidence, Turn
from tests import injected_tools

FIXTURES = Path(__file__).parent / "fixtures"
SAD = {e: (0.7 if e == "sadness" else 0.05) for e in EMOTIONS}
NEUTRAL = {e: (0.7 if e == "neutral" else 0.05) for e in EMOTIONS}


def _exemplar(dialogue: str, turn: int, seeker: str, reply: str, strategy: str) -> Exemplar:
    return Exemplar(
        id=f"{dialogue}/{turn}", dialogue=dialogue, turn=turn, seeker=seeker, reply=reply, strategy=strategy
    )


def forecast(emotion: str, probs: dict[str, float], intensity: float) -> EmotionForecast:
    return EmotionForecast(
        emotion=emotion, probs=probs, confidence=0.7, intensity=intensity, agreement=1.0, fused_probs=probs
    )


def evidence() -> Evidence:
    return Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())


def scored(strategy: str, score: float, i: int, reply: str = "A reply.") -> Exemplar:
    return _exemplar(f"d{i}", 1, "words", reply, strategy).model_copy(update={"score": score})


def test_rank_is_the_weighted_neighbour_vote_when_no_prior_applies():
    """Pure code: a neutral mid-conversation turn has no prior, so the scores are VOTE_WEIGHT x the
    similarity-weighted vote share; ties keep the ESConv label order."""
    history = [Turn(user_text="Hi.", reply="Hello, how are you?", strategy="Others")]
    found = [scored("Question", 0.6, 1), scored("Question", 0.6, 2), scored("Information", 0.3, 3)]
    ranked = planner.rank(forecast("neutral", NEUTRAL, 0.2), history, found)
    assert ranked[0] == ("Question", pytest.approx(planner.VOTE_WEIGHT * 0.8))
    assert ranked[1] == ("Information", pytest.approx(planner.VOTE_WEIGHT * 0.2))
    assert [s for s, _ in ranked[2:]] == [s for s in STRATEGIES if s not in {"Question", "Information"}]
    avoided = planner.rank(forecast("neutral", NEUTRAL, 0.2), history, found, avoid=["Question"])
    assert avoided[0][0] == "Information" and "Question" not in dict(avoided)


def test_acute_distress_in_an_opening_turn_ranks_comfort_first():
    """Pure code: no neighbours, an opening turn of strong sadness → the priors put Reflection of feelings
    above Question (explore) and keep Providing Suggestions low."""
    ranked = [s for s, _ in planner.rank(forecast("sadness", SAD, 0.7), [], [])]
    assert ranked[:2] == ["Reflection of feelings", "Question"]
    assert ranked.index("Providing Suggestions") > ranked.index("Others")


def test_first_words_that_only_thank_or_say_goodbye_plan_others():
    """The real encoder, injected neighbours that all say Question: the person is leaving, so Others leads
    (its answer returns the wish); with news, or later in a conversation, the scores rank."""
    found = [scored("Question", 0.9, i) for i in range(4)]
    joy = forecast("joy", {e: (0.7 if e == "joy" else 0.05) for e in EMOTIONS}, 0.6)
    assert planner.rank(joy, [], found, words="thank you so much, good night")[0][0] == "Others"
    leaving = planner.rank(joy, [], found, words="thank you so much, good night", encoder=False)
    assert leaving[0][0] == "Others" and leaving != sorted(leaving, key=lambda kv: -kv[1])
    news = planner.rank(joy, [], found, words="I got the job! thanks for listening")
    earlier = [Turn(user_text="Hi.", reply="Hello, how are you?", strategy="Question")]
    later = planner.rank(joy, earlier, found, words="thank you so much, good night", encoder=False)
    assert all(r == sorted(r, key=lambda kv: -kv[1]) for r in (news, later))  # by score alone


def test_hard_news_that_ends_by_taking_leave_plans_affirmation():
    """The real encoder, injected neighbours that all say Question: hard news whose last words take leave
    (templates.signs_off) puts Affirmation and Reassurance first (its answer, templates.going_reply, names
    the feeling without a question); a hard message without a goodbye ranks by score."""
    found = [scored("Question", 0.9, i) for i in range(4)]
    sad = forecast("sadness", SAD, 0.7)
    going = "my dog died yesterday. house feels so empty. sorry i have to go"
    assert planner.rank(sad, [], found, words=going, hard=True)[0][0] == "Affirmation and Reassurance"
    staying = planner.rank(sad, [], found, words="my dog died yesterday. house feels so empty.", hard=True)
    assert staying == sorted(staying, key=lambda kv: -kv[1])


def test_run_plans_the_top_ranked_strategy_from_the_injected_neighbours():
    """Scripted backend + injected retrieval: the plan is the ranking's top strategy (the model's schema
    allows only it), the runner-up is the secondary, the example replies are the chosen strategy's
    neighbours, and retrieval is asked with the person's words and the dialogues to exclude."""
    asked = []
    found = [scored("Question", 0.9, i, f"What happened {i}?") for i in range(3)] + [
        scored("Affirmation and Reassurance", 0.8, 9, "You are not alone.")
    ]

    def retrieve(query, k=2, exclude=frozenset(), strategy=None):
        asked.append((query, k, set(exclude)))
        return found[:k]

    backend = ScriptedBackend()
    history = [Turn(user_text="Hi.", reply="Hello.", strategy="Others")]
    ctx = AgentContext(
        backend=backend,
        settings=Settings(),
        evidence=evidence(),
        history=history,
        exclude_dialogues=frozenset({"esconv-dev-007"}),
        retrieve=retrieve,
    )
    plan = planner.run(ctx, forecast("neutral", NEUTRAL, 0.2))
    assert asked == [(evidence().transcript, planner.K_WIDE, {"esconv-dev-007"})]
    ranked = planner.rank(forecast("neutral", NEUTRAL, 0.2), history, found, words=ctx.evidence.words)
    assert plan.strategy == "Question" == ranked[0][0] and plan.secondary == ranked[1][0]
    assert plan.exemplars == ["What happened 0?", "What happened 1?"]
    allowed = [p for s, _, p in backend.calls if s == "strategy"][0].json_schema["properties"]["strategy"]
    assert allowed.get("enum", [allowed.get("const")]) == ["Question"]  # one value is written as a const


def test_run_drops_the_strategy_the_audit_said_to_avoid():
    """Scripted backend + injected retrieval: hints["avoid"] (from the strategy check) removes the
    neighbours' favourite; the next one is planned."""
    found = [scored("Providing Suggestions", 0.9, i) for i in range(4)]
    ctx = AgentContext(
        backend=ScriptedBackend(),
        settings=Settings(),
        evidence=evidence(),
        hints={"avoid": ["Providing Suggestions"]},
        retrieve=injected_tools.neighbours(found),
    )
    plan = planner.run(ctx, forecast("sadness", SAD, 0.7))
    assert "Providing Suggestions" not in (plan.strategy, plan.secondary)
    words = ctx.evidence.words
    fc = forecast("sadness", SAD, 0.7)
    expected = planner.rank(fc, [], found, avoid=["Providing Suggestions"], words=words)
    assert plan.strategy == expected[0][0]  # the blend of the code ranking and the strategy encoder


def test_a_reason_the_model_cannot_write_is_code_s_and_the_plan_stands():
    """Scripted backend (its reason cut off, as SmolLM2's once was in 400 ESConv dev turns; the repair
    too, on both tries) + injected retrieval: the plan is code's choice with code's stated reason (the error
    in its written_by), not a failed run."""
    found = [scored("Question", 0.9, i, f"What happened {i}?") for i in range(3)]
    backend = ScriptedBackend(strategy=['{"strategy": "Question", "reason": "Because the person'])
    ctx = AgentContext(
        backend=backend, settings=Settings(), evidence=evidence(), retrieve=injected_tools.neighbours(found)
    )
    plan = planner.run(ctx, forecast("sadness", SAD, 0.7))
    assert backend.count("strategy") == 4  # two tries (text_gate.TRIES), each a call and its one repair
    assert plan.strategy == "Question" and plan.exemplars == ["What happened 0?", "What happened 1?"]
    assert plan.reason.startswith("Because the person's emotion reads as sadness and 3 of the 3 most similar")
    assert plan.reason.endswith("(written by code)") and "failed validation" in plan.written_by


@pytest.mark.slow
def test_planner_skips_the_excluded_dialogue(monkeypatch):
    """What is tested is the retrieval's exclusion: the plan is the code ranking alone (the strategy
    encoder's blend weight set to 0), so the bank's strategy is planned and its replies offered."""
    from mer_agents.agents import strategy_encoder

    monkeypatch.setattr(strategy_encoder, "mix_weight", lambda path=None: 0.0)
    evidence = Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())
    gold = "GOLD: maybe you could tell your family tonight over dinner."
    exemplars = [
        # the dialogue under test: its words are the query itself, so it would be the nearest neighbour
        _exemplar("esconv-train-000", 1, evidence.transcript, gold, "Providing Suggestions"),
        _exemplar(
            "esconv-train-001",
            1,
            "I lost my job and I feel lost.",
            "Maybe you could update your CV.",
            "Providing Suggestions",
        ),
        _exemplar(
            "esconv-train-002",
            1,
            "My job ended and I feel empty.",
            "Maybe you could ask about severance.",
            "Providing Suggestions",
        ),
    ]
    bank = Bank(exemplars, embed([e.seeker for e in exemplars]))
    monkeypatch.setitem(retrieval._banks, retrieval.bank_location(Settings()), bank)
    probs = {e: (0.7 if e == "sadness" else 0.05) for e in EMOTIONS}
    forecast = EmotionForecast(
        emotion="sadness", probs=probs, confidence=0.7, intensity=0.3, agreement=1.0, fused_probs=probs
    )

    def plan(exclude: frozenset[str]):
        ctx = AgentContext(
            backend=ScriptedBackend(), settings=Settings(), evidence=evidence, exclude_dialogues=exclude
        )
        return planner.run(ctx, forecast)

    assert gold in plan(frozenset()).exemplars  # without the guard the gold reply leaks
    guarded = plan(frozenset({"esconv-train-000"}))
    assert gold not in guarded.exemplars
    assert sorted(guarded.exemplars) == [
        "Maybe you could ask about severance.",
        "Maybe you could update your CV.",
    ]


def test_the_plan_blends_the_code_ranking_with_the_strategy_encoder():
    """The real encoder (assets/strategy_encoder/), no model call, injected neighbours: every score the
    planner ranks by is the blend w · P_enc + (1 − w) · code, at the weight chosen on held-out train, divided
    by the strategy's training share ** PRIOR_POWER (a rarer strategy gains against a frequent one)."""
    from mer_agents.agents import strategy_encoder
    from mer_agents.types import Turn

    asked = "Hi! What would you like to talk about today?"
    history = [Turn(user_text="hi", reply=asked, strategy="Question")]
    words = "I lost my job last week and I keep thinking I will never find another one."
    fc = forecast("sadness", SAD, 0.7)
    found = [scored("Question", 0.9, i) for i in range(4)]
    code = dict(planner.rank(fc, history, found, words=words, encoder=False))
    blended = dict(planner.rank(fc, history, found, words=words))
    read = strategy_encoder.probs(history[-1].reply, words, ["Question"])
    w = strategy_encoder.mix_weight()
    assert w == pytest.approx(0.75)
    lift = {s: planner.STRATEGY_PRIOR[s] ** -planner.PRIOR_POWER for s in code}
    assert all(blended[s] == pytest.approx((w * read[s] + (1 - w) * code[s]) * lift[s]) for s in code)
    assert lift["Restatement or Paraphrasing"] > lift["Question"] > 1.0
    assert sum(planner.STRATEGY_PRIOR.values()) == pytest.approx(1.0, abs=1e-3)
    assert sum(read.values()) == pytest.approx(1.0, abs=1e-5)
