"""agents/asks.py: what a person's question asks the listener for, and whether a reply leaves it unanswered;
the audit's evades_question check and the template's answers built on it."""

import pytest

from mer_agents.agents import asks, checks, templates
from mer_agents.types import Turn

HISTORY = [Turn(user_text="I can't sleep.", reply="Have you tried reading before bed?")]


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("no my doctor prescribed me meds but it's not working. any more ideas?", "advice"),
        ("Even I am not able to understand my mother tongue. Do you have solutions for me?", "advice"),
        ("So do you suggest I seek professional help for her?", "advice"),
        ("what else can i do", "advice"),
        ("My wife works from home though. What about you?", "about_you"),
        ("How about you? Holding up to Covid-19 insanity?", "about_you"),
        ("Im from florida where are you from?", "about_you"),
        ("So, keep myself busy and try to ignore my nervousness?", "check"),
        ("Are you there?", "presence"),
        ("yes I'm just thinking about how i can get new job Are you there?", "presence"),
        ("My partner ran off with another woman. Why did he do this to me?", "other"),
        ("It really, really is. Things just pile up, you know?", None),
        ("I guess that I really don't need them though, huh?", None),
        ("Have a great evening and thanks for suggestions :)", None),
        ("I lost my job today.", None),
    ],
)
def test_kind(words, kind):
    assert asks.kind(words) == kind


@pytest.mark.parametrize(
    ("reply", "words", "why"),
    [
        ("Do you have anything specific on your mind?", "Do you have solutions for me?", "only asks back"),
        ("You're welcome!", "Thanks. Any more ideas?", "only thanks or a goodbye"),
        ("That sounds hard.", "Are you there?", "does not say the listener is here"),
        ("Have you tried meditation before bed?", "Do you have solutions for me?", "only asks back"),
        ("Sometimes music helps. Have you tried it?", "Do you have solutions for me?", ""),
        ("I'm sorry to hear that. What's going on?", "How about you?", ""),
        ("Is there something that you think is causing this?", "Things just pile up, you know?", ""),
        ("Why do you think he did it?", "Why did he do this to me?", ""),
    ],
)
def test_evades(reply, words, why):
    assert asks.evades(reply, words) == why


def test_the_check_reads_later_turns_only():
    """First words are answered by the opening templates: the check is for later turns."""
    reply, words = "What else is bothering you?", "Any other ideas?"
    later = {r.name: r for r in checks.check_moment(reply, words, HISTORY)}
    first = {r.name: r for r in checks.check_moment(reply, words, [])}
    assert not later["evades_question"].ok and "advice" in later["evades_question"].issue
    assert first["evades_question"].ok


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("Are you still there?", templates.STILL_HERE),
        ("I'm hanging in there, how are you?", templates.HOW_I_AM),
        ("Are you a professional support person?", templates.ABOUT_MY_PERSON),
        ("Im from florida where are you from?", templates.ABOUT_MY_PERSON),
    ],
)
def test_the_template_answers_what_was_asked(words, expected):
    reply = templates.grounded_reply(words, "sadness", "Question")
    assert reply == expected
    assert {r.name: r for r in checks.check_moment(reply, words, HISTORY)}["evades_question"].ok


def test_a_question_after_news_answers_the_news_too():
    words = "I've only gotten to see her once in 3 months. She don't want to see me. you there?"
    assert asks.rest(words).startswith("I've only gotten")
    reply = templates.grounded_reply(words, "sadness", "Question")
    assert reply.startswith(templates.HERE_AND) and "3 months" in reply
    broke_up = "Not so good i just broke up with my girlfriend, she is packing her stuff. How are you doing?"
    reply = templates.grounded_reply(broke_up, "sadness", "Question")
    assert reply.startswith(templates.ASKED_BACK) and reply != templates.HOW_I_AM  # the news answered too


def test_other_questions_keep_the_usual_template():
    """A request for ideas, a question about the listener's experience or a check get no stock answer:
    round 1's ("I can't say I've been through exactly this…") made replies worse on new turns."""
    for words in ("Any other ideas?", "Has this ever happened to you?", "Like reading a novel?"):
        assert templates.answer_to_question(words, "sadness") is None


def test_the_pool_offers_answers_to_similar_questions_from_the_bank():
    """Real path (the ESConv-train bank, MiniLM search): a question later in a conversation brings the
    replies that answered similar questions; a statement, or the same question as first words, brings none."""
    from mer_agents.agents import responder
    from mer_agents.agents.base import AgentContext
    from mer_agents.backends.scripted import ScriptedBackend
    from mer_agents.config import Settings
    from mer_agents.perception import perceive_text

    settings = Settings()

    def ctx(words, history):
        evidence = perceive_text(words, settings)
        return AgentContext(backend=ScriptedBackend(), settings=settings, evidence=evidence, history=history)

    greeting = [Turn(user_text="Hi", reply="Hello, how are you today?")]
    found = responder.answers_to_similar_questions(ctx("I'm hanging in there, how are you doing?", greeting))
    assert 0 < len(found) <= responder.N_ANSWERS
    assert any(reply.lower().startswith(("i am", "i'm", "im ")) for reply in found), found
    assert responder.answers_to_similar_questions(ctx("I lost my job today.", greeting)) == []
    assert responder.answers_to_similar_questions(ctx("I'm hanging in there, how are you doing?", [])) == []
