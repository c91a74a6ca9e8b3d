"""The audit's code checks (agents/checks.py): pure functions, one behaviour per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from mer_agents.agents import checks, stage_checks, templates
from mer_agents.agents.perception import digest
from mer_agents.types import EmotionForecast, Evidence, StrategyPlan, Turn

FIXTURES = Path(__file__).parent / "fixtures"
TRANSCRIPT = "I lost my job last week and I just feel so empty. I don't know how to tell my family."


@pytest.fixture
def sad() -> Evidence:
    return Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())


def forecast(emotion="sadness", intensity=0.6) -> EmotionForecast:
    probs = {emotion: 0.7}
    return EmotionForecast(
        emotion=emotion, probs=probs, confidence=0.7, intensity=intensity, agreement=0.9, fused_probs=probs
    )


def failed(results) -> set[str]:
    return {r.name for r in results if not r.ok}


def reply_fails(
    text,
    strategy="Reflection of feelings",
    emotion="sadness",
    transcript=TRANSCRIPT,
    history=(),
    similarity=0.5,
) -> set[str]:
    return failed(checks.check_reply(text, strategy, emotion, transcript, list(history), similarity))


# --- perception ---------------------------------------------------------------------------------------------


def test_perception_passes_a_grounded_summary(sad):
    assert not failed(
        stage_checks.check_perception(
            "Words, voice and face all read sadness (0.71 in the words).", sad, digest(sad)
        )
    )


def test_perception_flags_unsupported_emotion_invented_numbers_and_absent_face(sad):
    assert "unsupported_emotion" in failed(stage_checks.check_perception("They are angry.", sad, digest(sad)))
    assert "invented_numbers" in failed(stage_checks.check_perception("Sadness at 0.93.", sad, digest(sad)))
    # 0.71 as a percentage
    assert not failed(stage_checks.check_perception("Sadness at 71%.", sad, digest(sad)))
    text_only = sad.model_copy(deep=True)
    text_only.modalities.video.available = False
    assert "absent_modality" in failed(
        stage_checks.check_perception("Her face looks sad.", text_only, digest(text_only))
    )
    assert "empty" in failed(stage_checks.check_perception(" ", sad, digest(sad)))


# --- forecast -----------------------------------------------------------------------------------------------


def test_forecast_must_follow_confident_agreeing_modalities(sad):
    res = stage_checks.check_forecast(forecast("joy"), sad, ["text", "audio", "video"])
    assert failed(res) == {"contradicts_agreeing_evidence"} and res[0].hint == {"label": "sadness"}
    assert any("text: sadness" in e for e in res[0].evidence)
    assert not failed(stage_checks.check_forecast(forecast("sadness"), sad, ["text", "audio", "video"]))
    # with the words alone there is no pair to agree
    assert not failed(stage_checks.check_forecast(forecast("joy"), sad, ["text"]))


# --- strategy -----------------------------------------------------------------------------------------------


def plan(strategy) -> StrategyPlan:
    return StrategyPlan(strategy=strategy, reason="because")


def test_no_suggestions_in_the_first_turn_of_acute_distress():
    assert "action_before_exploration" in failed(
        stage_checks.check_strategy(plan("Providing Suggestions"), forecast(), [])
    )
    later = [Turn(user_text="hi", reply="hello", strategy="Question")]
    assert not failed(stage_checks.check_strategy(plan("Providing Suggestions"), forecast(), later))
    assert not failed(stage_checks.check_strategy(plan("Providing Suggestions"), forecast(intensity=0.2), []))
    assert not failed(stage_checks.check_strategy(plan("Providing Suggestions"), forecast("joy"), []))


def test_no_third_question_in_a_row_and_no_small_talk_to_distress():
    qs = [
        Turn(user_text="a", reply="?", strategy="Question"),
        Turn(user_text="b", reply="?", strategy="Question"),
    ]
    res = stage_checks.check_strategy(plan("Question"), forecast(), qs)
    assert "question_streak" in failed(res)
    assert checks.merge_hints(res)["avoid"] == ["Question"]
    assert "generic_for_distress" in failed(
        stage_checks.check_strategy(plan("Others"), forecast(intensity=0.8), qs)
    )


# --- reply ---------------------------------------------------------------------------------------------


def test_a_good_reply_passes():
    assert not reply_fails("Losing your job is so hard, and feeling empty after it makes sense.")


def test_question_strategy_needs_a_question():
    assert "follows_strategy" in reply_fails("Losing a job hurts.", strategy="Question")
    assert not reply_fails("How are you coping since losing the job?", strategy="Question")
    assert "follows_strategy" in reply_fails("Losing a job hurts.", strategy="Providing Suggestions")
    assert "follows_strategy" in reply_fails("Losing a job hurts.", strategy="Self-disclosure")


def test_a_hard_sentence_makes_joy_or_neutral_news_hard(sad):
    """Pure code over the text reading's per-sentence scores: joy (or neutral) with one sentence that reads a
    negative emotion at >= HARD_PART_PROB is answered in that emotion's tone; below it, or without parts,
    the forecast stands; other forecasts are never overridden."""
    mixed = sad.model_copy(deep=True)
    mixed.modalities.text.probs = {"joy": 0.8, "sadness": 0.2}
    mixed.modalities.text.cues["parts"] = [
        {"text": "I love him", "scores": {"joy": 0.9, "sadness": 0.1}},
        {"text": "I am so worn out", "scores": {"sadness": 0.3, "fear": 0.55}},
    ]
    assert checks.hard_part(mixed) == ("fear", 0.55, "I am so worn out")
    assert checks.tone_emotion("joy", mixed) == checks.tone_emotion("neutral", mixed) == "fear"
    assert checks.tone_emotion("surprise", mixed) == "surprise"
    assert checks.hard_part(mixed, threshold=0.6) is None
    mixed.modalities.text.cues["parts"] = []
    assert checks.tone_emotion("joy", mixed) == "joy"


@pytest.mark.slow
def test_news_with_a_hard_part_is_not_read_as_good_news():
    """Real path (text head per sentence): a loving but worn-out carer is not told 'That is wonderful news';
    plain good news keeps its glad tone."""
    from mer_agents.config import Settings
    from mer_agents.perception import perceive_text

    settings = Settings()
    carer = perceive_text(
        "I love my dad and I want to look after him. But I haven't slept a full night in months and I cry in "
        "the car before I go in.",
        settings,
    )
    assert len(carer.modalities.text.cues["parts"]) >= 2
    assert checks.tone_emotion("joy", carer) in checks.NEGATIVE_EMOTIONS, carer.modalities.text.cues["parts"]
    news = perceive_text("I got the job! I start on Monday and I can't wait.", settings)
    assert checks.tone_emotion("joy", news) == "joy", news.modalities.text.cues["parts"]


@pytest.mark.parametrize(
    "text",
    [
        "That's great! A new job will come.",
        "Awesome, your family will help!",
        "Congrats on the free time after the job!",
    ],
)
def test_cheerful_words_to_sadness(text):
    assert "tone_mismatch" in reply_fails(text)
    assert "tone_mismatch" not in reply_fails(text, emotion="joy")


def test_a_reply_that_trails_off_is_unfinished():
    assert "unfinished" in reply_fails("Your job was precious to you, dear one,")
    assert "unfinished" not in reply_fails("Losing your job must feel so empty.")
    assert "unfinished" not in reply_fails('You said "I feel so empty."')


@pytest.mark.parametrize(
    "text",
    [
        "What got you depressed?",  # a negative feeling named to good news
        "What is making you upset tonight?",
        "What tests are you struggling with?",  # trouble presumed
        "Oh no, that must be so hard.",
    ],
)
def test_good_news_answered_as_trouble(text):
    said = "I finally passed my driving test on the fourth try!"
    assert "tone_mismatch" in reply_fails(text, emotion="joy", transcript=said)
    assert "tone_mismatch" not in reply_fails(text, emotion="sadness", transcript=said)


def test_good_news_may_name_a_worry_the_person_named_or_negate_one():
    said = "I was so worried, but after all the problems I passed!"

    def joy_fails(text: str) -> set[str]:
        return reply_fails(text, emotion="joy", transcript=said)

    assert "tone_mismatch" not in joy_fails("You must have been so worried. How does it feel?")
    assert "tone_mismatch" not in joy_fails("No more problems now! How does it feel?")
    assert "tone_mismatch" not in joy_fails("You won't be nervous about it again!")
    assert "tone_mismatch" in joy_fails("You must have been so nervous. How does it feel?")  # not theirs


def test_a_reply_that_starts_mid_sentence_or_leaves_a_bracket_open_is_unfinished():
    assert "unfinished" in reply_fails(", Have you been seeing any babies lately?")
    assert "unfinished" in reply_fails("It has been rewarding for others who can do as well (and in ?")
    assert "unfinished" not in reply_fails("Losing your job (after eight years) must feel so empty.")


def test_tone_guards_the_words_when_the_fusion_reads_neutral(sad):
    """A flat face over sad words fuses to neutral; cheerful replies must still fail against the words."""
    assert checks.tone_emotion("neutral", sad) == "sadness"
    assert checks.tone_emotion("joy", sad) == "joy"
    flat = sad.model_copy(deep=True)
    flat.modalities.text.probs = {"neutral": 0.8, "sadness": 0.2}
    assert checks.tone_emotion("neutral", flat) == "neutral"


@pytest.mark.parametrize(
    "text",
    [
        "Calm down, a job is not a big deal.",
        "At least you have your family.",
        "Just get over it and find a job.",
    ],
)
def test_dismissive_phrases(text):
    assert "dismissive" in reply_fails(text)


def test_ignoring_the_person_needs_no_shared_words_and_low_similarity():
    assert "ignores_person" in reply_fails("The weather is lovely in spring.", similarity=0.05)
    assert "ignores_person" not in reply_fails("The weather is lovely in spring.", similarity=0.6)
    assert "ignores_person" not in reply_fails("Your family will understand about the job.", similarity=0.05)
    follow_up = [Turn(user_text="I could call the help center", reply="Calling the center sounds wise.")]
    assert "ignores_person" not in reply_fails(
        "The center will help.", transcript="okay I will", similarity=0.1, history=follow_up
    )


def test_the_designed_answer_to_first_words_that_ask_to_be_heard_does_not_ignore_them():
    """A request to be heard that names a topic ("…if i can discuss the effects of the pandemic…") gets
    templates.REQUEST_REPLY, which shares no word with it: seen failing `ignores_person` in the third dev
    report. The designed answers to first words are spared; a reply that only shares no words is not, nor the
    same words later in a conversation."""
    asks = "Hello i was wondering if i can discuss the effects of the pandemic have on my mental health."
    assert "ignores_person" not in reply_fails(templates.REQUEST_REPLY, transcript=asks, similarity=0.16)
    assert "ignores_person" not in reply_fails(
        templates.PRESENCE_REPLY, transcript="hi is anyone there", similarity=0.1
    )
    assert "ignores_person" in reply_fails(
        "Sometimes it helps to just talk.", transcript=asks, similarity=0.16
    )
    later = [Turn(user_text="hi", reply="Hi, how are you?")]
    assert "ignores_person" in reply_fails(
        templates.REQUEST_REPLY, transcript=asks, similarity=0.16, history=later
    )


def test_repetition_length_and_continuation():
    assert "repetition" in reply_fails("I'm so sorry about your job. I'm so sorry about your job.")
    assert "repetition" in reply_fails(
        "Losing the job hurts.", history=[Turn(user_text="x", reply="Losing the job hurts.")]
    )
    assert "length" in reply_fails("Job. " * 5)
    assert "empty" in reply_fails("")
    assert "continuation" in reply_fails("Losing a job is hard. Seeker: yes it is")
    assert "continuation" in reply_fails("Losing a job is hard.\nYou: I know")
    assert "continuation" not in reply_fails("Thank you for telling me about your job.")


def test_verdict_joins_failed_checks():
    res = checks.check_reply(
        "That's great! At least you have a family.", "Question", "sadness", TRANSCRIPT, [], 0.5
    )
    v = checks.verdict("reply", res)
    assert v.verdict == "revise" and len(v.issues) == 3 and v.evidence and "?" in v.instruction
    assert (
        checks.verdict(
            "reply",
            checks.check_reply(
                "How is your family taking the job news?", "Question", "sadness", TRANSCRIPT, [], 0.5
            ),
        ).verdict
        == "pass"
    )


def test_neutral_face_and_voice_do_not_overrule_confident_words():
    """A composed face and an even voice over 'my dog died' is restraint: the sad forecast stands."""
    from pathlib import Path

    from mer_agents.types import EmotionForecast, Evidence

    ev = Evidence.model_validate_json((Path(__file__).parent / "fixtures" / "evidence_sad.json").read_text())
    neutral = {
        "neutral": 0.9,
        "joy": 0.02,
        "sadness": 0.02,
        "anger": 0.02,
        "surprise": 0.02,
        "fear": 0.01,
        "disgust": 0.01,
    }
    sad = {**neutral, "neutral": 0.05, "sadness": 0.87}
    mods = ev.modalities.model_copy(
        update={
            "text": ev.modalities.text.model_copy(
                update={"available": True, "probs": sad, "confidence": 0.8}
            ),
            "audio": ev.modalities.audio.model_copy(
                update={"available": True, "probs": neutral, "confidence": 0.6}
            ),
            "video": ev.modalities.video.model_copy(
                update={"available": True, "probs": neutral, "confidence": 0.9}
            ),
        }
    )
    ev = ev.model_copy(update={"modalities": mods})
    forecast = EmotionForecast(emotion="sadness", probs=sad, confidence=0.6, agreement=0.4, fused_probs=sad)
    assert stage_checks.check_forecast(forecast, ev, ["text", "audio", "video"])[0].ok
    weak = mods.model_copy(update={"text": mods.text.model_copy(update={"confidence": 0.2})})
    assert not stage_checks.check_forecast(
        forecast, ev.model_copy(update={"modalities": weak}), ["text", "audio", "video"]
    )[0].ok


# --- the reply against this moment (check_moment): what blind judges graded C and the guard passed ----------
EARLIER = [
    Turn(user_text="I just feel so lost lately.", reply="That sounds really hard. What has been going on?")
]


def moment_fails(text, transcript=TRANSCRIPT, history=EARLIER) -> set[str]:
    from mer_agents.agents.reflection import Audit

    results = checks.check_moment(text, transcript, list(history))
    drop = Audit(verdicts=[], results={"reply": results}).hints("reply")["drop"]
    assert drop == [r.name for r in results if not r.ok]  # the rerun drops what failed
    return failed(results)


def test_a_reply_that_fits_the_moment_passes_check_moment():
    assert moment_fails("Losing your job and not knowing how to tell your family sounds so heavy.") == set()


def test_a_near_copy_of_an_earlier_supporter_turn():
    assert moment_fails("That sounds really hard! What has been going on?") == {"copies_earlier"}
    assert moment_fails("That sounds really hard, what has been going on lately?") == {"copies_earlier"}


def test_a_question_an_earlier_supporter_turn_asked_is_asked_again():
    """Graded C on train turns: the person just answered it (experiments/reply_audit/README.md)."""
    asked = [
        Turn(user_text="He left me.", reply="That's terrible behavior. How long have you been together?")
    ]
    assert "copies_earlier" in moment_fails(
        "That's tough. How long have you been together?", "7 years", asked
    )
    assert "copies_earlier" in moment_fails("So how long have you two been together?", "7 years", asked)
    assert "copies_earlier" not in moment_fails("Do you still talk to him?", "7 years", asked)


@pytest.mark.parametrize(
    ("text", "transcript", "history"),
    [
        ("Hello, how are you today?", TRANSCRIPT, EARLIER),  # a greeting mid-conversation
        ("Take care, it was nice talking to you.", TRANSCRIPT, EARLIER),  # a goodbye while they go on
        ("Thank you for sharing that with me.", "hi there", []),  # thanks when nothing was told
    ],
)
def test_greetings_goodbyes_and_thanks_at_the_wrong_moment(text, transcript, history):
    assert "wrong_moment" in moment_fails(text, transcript, history)


def test_a_greeting_answers_a_greeting_and_thanks_follow_a_story():
    assert "wrong_moment" not in moment_fails("Hello! What brings you here today?", "hi, hello", EARLIER)
    assert "wrong_moment" not in moment_fails("Thank you for sharing that with me.")


@pytest.mark.parametrize(
    ("text", "transcript"),
    [  # replies blind judges graded C on fresh ESConv train turns (experiments/reply_audit/README.md)
        (
            "You're quite welcome! Best of luck with the job search!",
            "Job search sites seem to have so much garbage.",
        ),
        ("You are welcome, best wishes.", "Twitter seems to be where I have also found most of mine."),
        ("That sounds like a great idea.", "I also have two of my own young children. So, four in total."),
        ("I think that's a good decision.", "I feel video chatting takes more effort than being together."),
    ],
)
def test_welcome_without_thanks_and_praise_for_a_plan_nobody_gave(text, transcript):
    assert "wrong_moment" in moment_fails(text, transcript)


@pytest.mark.parametrize(
    ("text", "transcript"),
    [
        ("You're welcome. Good luck!", "Thank you, that's very encouraging"),
        ("My pleasure. I'm glad I was able to help you.", "really helpful! I needed to vent"),
        ("You are welcome. Hope it will go well.", "ok. its very good advice, i will follow these steps"),
        ("Sounds like a great plan!", "I think I'll go for a walk outdoors to clear my mind"),
        ("That is a great idea!", "Maybe I should call my sister tonight."),
    ],
)
def test_welcome_after_thanks_and_praise_for_a_plan_they_gave_pass(text, transcript):
    assert "wrong_moment" not in moment_fails(text, transcript)


def test_the_designed_goodbye_answers_first_words_that_take_leave_and_no_other_goodbye_does():
    """A sign-off with a reason ("Have to go") is no PERSON_CLOSING thanks or bye, but its designed answer
    (templates.closing_reply) is not a goodbye "while the person goes on"; another conversation's goodbye
    still is, and so is the designed one later in a conversation."""
    said = "Sorry, my toddler just woke up from her nap. Have to go."
    designed = templates.closing_reply(said)
    assert designed in templates.opening_answers(said)
    assert "wrong_moment" not in moment_fails(designed, said, [])
    assert "wrong_moment" in moment_fails("Take care, it was nice talking to you.", said, [])
    assert "wrong_moment" in moment_fails(designed, said, EARLIER)


@pytest.mark.parametrize(
    "text",
    [
        "It must be hard to go through this again.",  # "again": an earlier time nobody told
        "This is a terrible time of year for it.",
        "Have you tried talking to your co-workers?",  # the guard read "co" and "workers"
    ],
)
def test_specifics_nobody_said(text):
    said = "I'm a student and I'm scared to go home to my father after class."
    assert moment_fails(text, said, ()) == {"invents_specifics"}


def test_specifics_the_person_said_may_be_said_back():
    assert "invents_specifics" not in moment_fails(
        "Going through it again must be exhausting.", "It happened again this week.", ()
    )


def test_sympathy_for_being_left_to_the_person_who_left():
    said = "I broke up with him last month and I still feel guilty."
    assert moment_fails("It hurts so much to get dumped.", said, ()) == {"role_reversal"}
    assert "role_reversal" not in moment_fails("It hurts so much to get dumped.", "He dumped me.", ())
