"""agents/asks.py: what a person's question asks the listener for, and whether a reply answers it."""

import pytest

from mer_agents.agents import asks, checks, planner, templates
from mer_agents.types import EmotionForecast, Turn


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("no my doctor prescribed me meds but it's not working. any more ideas?", "advice"),
        ("Even I am not able to understand my mother tongue. Do you have solutions for me?", "advice"),
        ("So do you suggest I seek professional help for her?", "advice"),
        ("Oh, those are a lot of choices to try Do you have one that you think works best?", "advice"),
        ("My wife works from home though. What about you?", "about_you"),
        ("How about you? Holding up to Covid-19 insanity?", "about_you"),
        ("How long was it before you felt normal again?", "about_you"),
        ("So, keep myself busy and try to ignore my nervousness?", "check"),
        ("Are you there?", "presence"),
        ("yes I'm just thinking about how i can get new job Are you there?", "presence"),
        ("My partner ran off with another woman. Why did he do this to me?", "other"),
        ("It really, really is. Things just pile up, you know?", None),
        ("I guess that I really don't need them though, huh?", None),
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
        ("I'm sorry to hear that. What's going on?", "How about you?", "says nothing of the listener"),
        ("That sounds hard.", "Are you there?", "does not say the listener is here"),
        ("You as well, keep up the great work!", "Is it a good idea to take her shopping?", "offers no idea"),
        ("Have you tried meditation before bed?", "Do you have solutions for me?", ""),
        ("Yes, a good idea, it pleases her.", "Is it a good idea to take her shopping?", ""),
        ("I work from home and also take a few online classes.", "What about you?", ""),
        ("Is there something that you think is causing this?", "Things just pile up, you know?", ""),
    ],
)
def test_evades(reply, words, why):
    assert asks.evades(reply, words).startswith(why)


def test_the_check_reads_later_turns_only():
    """First words are answered by the opening templates: the check is for later turns."""
    history = [Turn(user_text="I can't sleep.", reply="Have you tried reading before bed?")]
    later = {
        r.name: r for r in checks.check_moment("What else is bothering you?", "Any other ideas?", history)
    }
    first = {r.name: r for r in checks.check_moment("What else is bothering you?", "Any other ideas?", [])}
    assert not later["evades_question"].ok and "advice" in later["evades_question"].issue
    assert first["evades_question"].ok


def test_template_answers_and_passes_its_check():
    history = [Turn(user_text="I can't sleep.", reply="Have you tried reading before bed?")]
    for words in (
        "Any other ideas?",
        "How about you?",
        "Has this ever happened to you?",
        "Are you still there?",
        "Like reading a novel?",
    ):
        reply = templates.grounded_reply(words, "sadness", "Question")
        assert reply != templates.grounded_reply("I can't sleep.", "sadness", "Question")
        assert asks.evades(reply, words) == "", (words, reply)
        moment = {r.name: r for r in checks.check_moment(reply, words, history)}
        assert moment["evades_question"].ok


def test_planner_answers_first_and_asks_back_last():
    probs = {"sadness": 0.7, "neutral": 0.3}
    forecast = EmotionForecast(
        emotion="sadness", probs=probs, confidence=0.7, intensity=0.6, agreement=1.0, fused_probs=probs
    )
    history = [
        Turn(user_text="I can't sleep.", reply="Have you tried reading before bed?", strategy="Question")
    ]
    ranked = [s for s, _ in planner.rank(forecast, history, [], words="I did. Any other ideas?")]
    assert ranked[0] == "Providing Suggestions" and ranked[-1] == "Question"
    first_words = [s for s, _ in planner.rank(forecast, [], [], words="Any ideas how to sleep?")]
    assert first_words[-1] != "Question"  # first words: the opening's ranking, unchanged


def test_questions_about_the_listener_are_answered_honestly():
    """A program has no home or story: "where are you from?" is answered plainly, not with someone's
    self-disclosure from another conversation."""
    for words in ("Im from florida where are you from?", "Are you a professional support person?"):
        assert asks.kind(words) == "about_you"
        assert templates.grounded_reply(words, "neutral", "Self-disclosure") == templates.ABOUT_MY_PERSON


def test_are_you_there_after_news_answers_the_news_too():
    words = "I've only gotten to see her once in 3 months. She don't want to see me. you there?"
    assert asks.rest(words).startswith("I've only gotten")
    reply = templates.grounded_reply(words, "sadness", "Question")
    assert reply.startswith(templates.HERE_AND) and "3 months" in reply
    assert templates.grounded_reply("Are you there?", "sadness", "Question") == templates.STILL_HERE
