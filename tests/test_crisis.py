"""The crisis guard's patterns (agents/crisis.py): pure code, no model."""

from __future__ import annotations

import re

import pytest

from mer_agents.agents import crisis


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("People tell me to kill myself every day.", "self-harm"),
        ("Sometimes I think about ending my life.", "self-harm"),
        ("I don't want to live anymore.", "self-harm"),
        ("I have been cutting myself again.", "self-harm"),
        ("I have suicidal thoughts at night", "self-harm"),
        ("Everyone would be better off dead without me, I'd be better off dead.", "self-harm"),
        ("Ya no quiero vivir, quiero morir.", "self-harm"),
        ("My boyfriend hits me when he is angry.", "abuse"),
        ("I was abused as a child and it still haunts me.", "abuse"),
        ("I am not safe at home.", "abuse"),
        ("He threatened to kill me last night.", "abuse"),
    ],
)
def test_crisis_words_are_caught(words, kind):
    found = crisis.detect(words)
    assert found is not None and found.kind == kind
    assert found.words.lower() in words.lower()
    assert kind in found.note and found.words in found.note


@pytest.mark.parametrize(
    "words",
    [
        "I lost my job today and I don't know how I will pay the rent.",
        "I am so angry I could scream.",
        "My dog died yesterday and I can't stop crying.",
        "I finally passed my driving test!",
        "",
    ],
)
def test_ordinary_sorrow_is_not_a_crisis(words):
    assert crisis.detect(words) is None


def test_the_safety_messages_name_help_but_no_invented_number():
    for text in crisis.REPLIES.values():
        assert "emergency" in text and "crisis" in text
        assert not re.search(r"\d", text)  # the demo cannot know the person's country


# --- the trained classifier (the shipped weights, run in numpy): meaning, not keywords --------------------
@pytest.mark.parametrize(
    "words",
    [
        "kms honestly",
        "Everyone would be better off without me",
        "I want to disappear forever",
        "i dont want to be here anymore, whats the point",
        "I have the pills ready",
    ],
)
def test_plain_phrasings_no_keyword_list_held_are_caught(words):
    """Issue #36's five phrasings: the classifier reads them on its own (some also match the warning-sign
    rules written later), and the detector flags them as self-harm."""
    probs = crisis.classify(crisis.windows(words))
    assert float((1.0 - probs[:, 0]).max()) >= crisis.threshold()
    found = crisis.detect(words)
    assert found is not None and found.kind == "self-harm"


@pytest.mark.parametrize(
    "words",
    [
        "been stockpiling my meds for a while now",
        "I wrote a goodbye letter to my mum last night",
        "my family would honestly be better off without me",
        "I'd rather be dead than go through another year of this",
        "I go to bed hoping I never wake up",
        "started cutting my arms again",
        "life seems bleak and i have nothing left to live for",
    ],
)
def test_warning_signs_said_flatly_match_the_rules(words):
    """Plans, means, goodbyes and wishes to be dead said without the word suicide (crisis.WARNING_SIGNS)."""
    found = crisis.rules(words)
    assert found is not None and found.kind == "self-harm"


@pytest.mark.parametrize(
    "words",
    [
        "I will be saying goodbye to some long friendships when I move",
        "I've punished myself trying to stay in his life",
        "we picked a date for the wedding",
        "the only way out of this traffic is the ring road",
    ],
)
def test_everyday_words_near_the_warning_signs_do_not_match(words):
    assert crisis.rules(words) is None


@pytest.mark.parametrize(
    "words",
    [
        "this exam is literally killing me lol",
        "I could kill my brother for eating my fries",
        "I'm dead tired after this week, I just want to sleep all weekend.",
        "My grandma passed away last month and I miss her so much.",
    ],
)
def test_hyperbole_and_grief_are_not_a_crisis(words):
    assert crisis.detect(words) is None


def test_a_risk_said_in_the_middle_of_a_long_message_is_read():
    """A long message is also read in windows of sentences (crisis.windows)."""
    ramble = (
        "Work has been a mess and my manager keeps changing the deadlines on us. My roommate moved out so "
        "the rent is all on me now and I have no idea how I will cover it. Honestly I have been thinking "
        "everyone "
        "would be better off if I was gone for good. Anyway the car also broke down again on Monday and the "
        "repair will cost more than I make in a week, so that is great."
    )
    assert len(crisis.windows(ramble)) > 1
    assert crisis.detect(ramble) is not None


@pytest.mark.parametrize(
    "words",
    [
        "im waiting for my sister outside the cinema",
        "typing this from the train lol",
        "ugh the microwave at work smells like burnt popcorn again",
        "something keeps tapping on my window at night, pretty sure its a branch but still creepy",
        "my coworker sneezed on the printer and just walked off",
    ],
)
def test_everyday_messages_typed_as_people_type_are_not_a_crisis(words):
    """The first detectors flagged 42 of 1,386 plain emotion statements ("i'm waiting for the bus"): only
    crisis messages had been typed lower case without punctuation in training. Written here, in no set."""
    assert crisis.detect(words) is None


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("ya no quiero vivir, estoy cansada de todo", "self-harm"),
        ("ich will nicht mehr leben", "self-harm"),
        ("aku capek banget, pengen mati aja", "self-harm"),
        ("gusto ko nang mamatay", "self-harm"),
        ("non voglio più vivere così", "self-harm"),
        ("mio marito mi picchia ogni sera", "abuse"),
    ],
)
def test_crisis_talk_typed_in_other_languages_matches_the_rules(words, kind):
    """Typed text is read untranslated (crisis.OTHER_LANGUAGES, ABUSE_OTHER_LANGUAGES)."""
    found = crisis.rules(words)
    assert found is not None and found.kind == kind


@pytest.mark.parametrize(
    "words",
    ["me muero de risa con este video", "vou me matar de rir", "ich lach mich tot", "voy a cortarme el pelo"],
)
def test_figures_of_speech_in_other_languages_do_not_match(words):
    assert crisis.rules(words) is None


# --- the classifier overruling a phrase rule (crisis.overruled, round 19) ---------------------------------
PAST_STORIES = [  # written here, in no set: a crisis that is over, or someone else's
    "ten years ago i tried to kill myself. today i'm a nurse, happily married, and i honestly love my life",
    "I self harmed as a teenager. I'm 30 now, the scars have faded and I haven't felt that urge in years.",
    "my grandfather died by suicide before I was born, and my mum finally told me about him today",
]


def _weights(tmp_path, veto: float | None):
    """The shipped weights (real, read in numpy; they store no veto) with `veto` stored beside them."""
    import numpy as np

    from mer_agents import training
    from mer_agents.config import Settings

    path = tmp_path / f"crisis_{veto}.npz"
    training.stamp(crisis.WEIGHTS, path, **({} if veto is None else {"rule_veto": np.array(veto)}))
    return Settings(crisis_detector=path)


@pytest.mark.parametrize("words", PAST_STORIES)
def test_the_shipped_detector_lets_every_rule_stand(words):
    """No veto ships: rounds 20 and 21's classifiers read a real ESConv dev crisis turn ("…there is nothing
    to live for…") at P(crisis) below 0.001, so a veto would have overruled its rule
    (experiments/crisis_detector/)."""
    assert crisis.rule_veto() == 0.0 and crisis.detect(words) is not None


@pytest.mark.parametrize("words", PAST_STORIES)
def test_a_rule_stands_where_the_weights_store_no_veto(words, tmp_path):
    settings = _weights(tmp_path, None)
    assert crisis.rule_veto(settings) == 0.0
    assert crisis.rules(words) is not None and crisis.detect(words, settings) is not None


@pytest.mark.parametrize("words", PAST_STORIES)
def test_the_classifier_overrules_a_rule_on_a_past_story_it_is_sure_of(words, tmp_path):
    settings = _weights(tmp_path, 0.005)
    assert crisis.rules(words) is not None
    assert crisis.overruled(words, settings) and crisis.detect(words, settings) is None


@pytest.mark.parametrize(
    "words",
    [
        "I have suicidal thoughts at night",  # the shipped classifier alone reads it low (0.03)
        "i used to cut myself but i started again last night and i cant stop",
    ],
)
def test_a_crisis_now_keeps_its_rule_under_the_veto(words, tmp_path):
    settings = _weights(tmp_path, 0.005)
    assert not crisis.overruled(words, settings)
    found = crisis.detect(words, settings)
    assert found is not None and found.kind == "self-harm"


def test_the_veto_never_reads_a_long_message_or_another_language():
    """In a long message a risk said once dilutes every window, and the English classifier cannot read other
    languages: there a rule always stands, however low the classifier reads it."""
    long = "work was fine and the bus was late again. " * 6 + "i think i will kill myself after the holidays."
    assert len(long.split()) > crisis.WINDOW_WORDS and not crisis.vetoed(long, 0.0, 0.5)
    assert not crisis.vetoed("aku capek banget, pengen mati aja", 0.0, 0.5)
    assert not crisis.vetoed(PAST_STORIES[0], 0.0, 0.0)  # no veto stored
    assert crisis.vetoed(PAST_STORIES[0], 0.001, 0.005) and not crisis.vetoed(PAST_STORIES[0], 0.005, 0.005)
