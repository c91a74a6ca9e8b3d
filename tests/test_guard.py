"""The reply guard on the real vocabulary: the garbage seen in issue #10 fails, plain good replies pass."""

from __future__ import annotations

import pytest

from mer_agents.agents import checks, guard
from mer_agents.types import Turn

JOB = "I lost my job today. I worked there for eight years, and now I don't know how I will pay the rent."


def guard_fails(reply: str, transcript: str = JOB, history=(), language=None) -> set[str]:
    results = checks.check_reply(
        reply, "Reflection of feelings", "sadness", transcript, list(history), 0.5, language=language
    )
    return {r.name for r in checks.guard_failures(results)}


@pytest.mark.parametrize(
    "reply, expected",
    [
        ("Dear Mr/Ms. Smith... May not find a full refund at your local post office.", "invented"),
        ("Hey there!", "greeting_only"),
        ("Hello, how are you?", "greeting_only"),
        ("''', context: 'A car is not able'; actionId:'1953047826'", "debris"),
        ("Good luck with your upcoming trip to India!", "invented"),
        ("That sounds hard. How is your husband taking it?", "invented"),
        ("It must be hard after 12 years.", "invented"),
        ("Lo siento mucho, debe ser muy difícil para ti.", "language"),
        ("That sounds so hard. That sounds so hard.", "repetition"),
        ("I am so sorry you lost your job, it must be", "unfinished"),
        ("Seeker: I lost my job. Supporter: oh no.", "continuation"),
        ("Just get over it, it is not a big deal.", "dismissive"),
        ("", "empty"),
    ],
)
def test_garbage_fails_the_guard(reply, expected):
    assert expected in guard_fails(reply)


@pytest.mark.parametrize(
    "reply",
    [
        "I'm so sorry you lost your job after eight years. That must be really frightening.",
        "It sounds like losing your job has left you worried about the rent.",
        "That sounds really stressful. What worries you most right now?",
        "I understand how scary it is to not know how you will pay the rent.",
    ],
)
def test_plain_good_replies_pass(reply):
    assert guard_fails(reply) == set()


def test_words_of_earlier_turns_are_not_invented():
    history = [Turn(user_text="My husband left last week.", reply="That sounds so painful.")]
    assert "invented" not in guard_fails("How is your husband doing now?", "I feel alone.", history)


def test_a_non_english_speaker_may_get_english_as_the_stated_fallback():
    assert guard.person_language("Estoy muy triste porque mi perro murió ayer.", None) == "other"
    assert guard_fails("I'm so sorry, that sounds very sad.", "Estoy muy triste hoy.", language="es") == set()


def test_fluency_is_lower_for_debris_and_cut_endings():
    good = guard.fluency("That sounds really hard, I am sorry.")
    assert good > guard.fluency("actionId = {x}") and good > guard.fluency("That sounds really hard and")


@pytest.mark.parametrize(
    "reply, said",
    [
        ("What have you been doing since losing your job?", "Guess what? I got a job. I start next month."),
        (
            "What ways are you trying to cope with losing your friend?",
            "My grandmother passed away last week.",
        ),
        ("Were you living with family, or with friends?", "My dog died last night."),
    ],
)
def test_events_and_people_the_person_never_told_are_invented(reply, said):
    """Seen on the example clips: a loss brought to good news, a friend to a grandmother's death."""
    assert guard.invented(reply, [said])


def test_the_persons_own_loss_may_be_named_in_another_form():
    assert not guard.invented("What have you been doing since losing your job?", ["I lost my job today."])


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        # held-out ESConv train drafts of Qwen2.5-Coder-1.5B that the corpus vocabulary called invented
        ("Good job on working so diligently towards it.", "I just worked hard all semester."),
        ("I'm sorry for any inconvenience that may have caused.", "now it is layoff"),
        ("That sounds tough! How do you feel about the test so far?", "I have a final exam tomorrow."),
        ("It sounds like your family has found a way.", "My mom is high-risk so I stay home."),
        ("If it's not working out, maybe try again.", "i will try to call them"),
        ("Meditation might help without resorting to drugs.", "I am afraid of the medication."),
    ],
)
def test_plain_english_and_the_persons_facts_in_other_words_are_not_invented(reply, said):
    """Webster's word list knows plain English; a situation word is licensed by the person's own synonym."""
    assert guard.invented(reply, [said]) == []


def test_a_synonym_licenses_only_its_own_group():
    """'my mom' licenses 'your family', not 'your husband'; 'exam' licenses 'test', not 'your job'."""
    assert guard.invented("How is your husband taking it?", ["My mom is sick."]) == ["husband"]
    assert guard.invented("Is your job stressful too?", ["I have an exam tomorrow."]) == ["job"]
    assert guard.invented("Yo siento mucho tu problema.", ["I lost my job."])  # still not English


def test_a_crowd_workers_talk_about_the_task_never_transfers():
    """Two of the 53 picks judges graded C on 180 held-out train turns were "press quit and take the survey"
    lines (experiments/reply_judge_scorer/): 84 bank replies talk about the crowd task; none may transfer."""
    conversation = ["Thanks, this helped a lot. Have a good one!"]
    for line in (
        "Please hit the quit button and take the survey. I can not end the chat from my side. Thank you!",
        "you too! (can you quit first, I can't from this end :P)",
        "Neither of us will be paid if you don't press the quit and take survey button.",
        "No problem at all :) can you just wait for the fifteen minute mark before pressing quit",
    ):
        assert not guard.transfers(line, conversation, closing=True), line
    for line in ("You're welcome, take care of yourself!", "I hope you never quit trying. You matter."):
        assert guard.transfers(line, conversation, closing=True), line
