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
