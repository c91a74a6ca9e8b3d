"""The crisis guard's reader for typed text that is not English (agents/crisis_languages.py): the routing, and
the real multilingual encoder with the shipped probe. Messages written here, in no written set."""

from __future__ import annotations

from pathlib import Path

import pytest

from mer_agents import multilingual
from mer_agents.agents import crisis, crisis_languages
from mer_agents.errors import ModelError


@pytest.mark.parametrize(
    "words",
    [
        "mañana me mudo a valencia, voy a extrañar a todos",
        "bugün çok yorgunum ama güzel bir gündü",
        "мне очень грустно сегодня",
        "ich habe heute keine lust auf arbeit",
    ],
)
def test_text_in_another_language_is_routed_to_the_multilingual_reader(words):
    assert multilingual.other_language(words)


@pytest.mark.parametrize(
    "words",
    [
        "i am so tired of everything today",
        "lol same tbh idk what to do",
        "ok",
        "hola",
        "my boss yelled at me again",
    ],
)
def test_english_and_very_short_text_stay_with_the_english_reader(words):
    assert not multilingual.other_language(words)


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("ya regalé mis cosas y escribí las cartas. el viernes me despido de todo", "self-harm"),
        ("hab heute wieder geritzt, tiefer als sonst", "self-harm"),
        ("o namorado me empurrou na parede e disse que me mata se eu contar", "abuse"),
    ],
)
def test_crisis_talk_no_rule_holds_is_read_in_other_languages(words, kind):
    """No phrase rule matches these; the probe reads them (round 10's English classifier alone missed all
    three; the mean of rounds 10 and 12, shipped since, finds the first itself). Written before the probe was
    chosen; one more written then, "wszyscy mieliby lepiej beze mnie", it misses."""
    assert crisis.rules(words) is None
    risk = 1.0 - crisis_languages.probs(crisis.windows(words))[:, 0]
    assert risk.max() >= crisis_languages.threshold()
    found = crisis.detect(words)
    assert found is not None and found.kind == kind


@pytest.mark.parametrize(
    "words",
    [
        "estoy muerto de cansancio después del gimnasio",
        "ich sterbe vor hunger, wann gibts essen?",
        "je suis mort de rire 😂",
        "buonanotte a tutti, vado a dormire",
        "mañana me mudo a valencia, voy a extrañar a todos",
    ],
)
def test_figures_of_speech_and_goodbyes_in_other_languages_are_not_a_crisis(words):
    assert crisis.detect(words) is None


def test_missing_probe_weights_fail_with_a_clear_message(tmp_path: Path):
    with pytest.raises(ModelError, match="probe.py --ship"):
        crisis_languages.probe(tmp_path / "missing.npz")
