"""Words that are not English read through the multilingual probe (perception/text_languages.py), on the real
encoder and the shipped probe. Messages written here, in no set."""

from __future__ import annotations

from pathlib import Path

import pytest

from mer_agents.config import Settings
from mer_agents.errors import ModelError
from mer_agents.perception import text_languages
from mer_agents.perception.text import text_evidence


@pytest.mark.parametrize(
    ("words", "emotion"),
    [
        ("hoy me dieron la beca para estudiar en berlin, no lo puedo creer!!", "joy"),
        ("mein opa ist letzte woche gestorben und ich vermisse ihn so sehr", "sadness"),
        ("o vizinho deixou o lixo na minha porta de novo, to furiosa", "anger"),
    ],
)
def test_typed_words_in_another_language_read_their_emotion(words, emotion):
    evidence = text_evidence(words, [], [], Settings())
    assert max(evidence.probs, key=evidence.probs.get) == emotion
    assert "do not read as English" in evidence.note and "multilingual probe" in evidence.note


def test_english_words_are_read_as_before():
    words = "i finally got the job i wanted, i am so happy"
    with_probe = text_evidence(words, [], [], Settings())
    without = text_evidence(words, [], [], Settings(text_languages=False))
    assert with_probe.probs == without.probs and "multilingual" not in with_probe.note


def test_the_probe_can_be_turned_off():
    words = "mein opa ist letzte woche gestorben und ich vermisse ihn so sehr"
    evidence = text_evidence(words, [], [], Settings(text_languages=False))
    assert "do not read as English" in evidence.note and "multilingual probe" not in evidence.note


def test_missing_probe_weights_fail_with_a_clear_message(tmp_path: Path):
    with pytest.raises(ModelError, match="round2.py --round 4 --ship"):
        text_languages.probe(tmp_path / "missing.npz")


def test_translated_speech_also_reads_the_words_as_spoken():
    """Whisper's translation of Spanish speech and the Spanish words: both are read (issue #37)."""
    english = "I lost my job today and I don't know how I will pay the rent"
    spanish = "perdí mi trabajo hoy y no sé cómo voy a pagar el alquiler"
    kwargs = {"language": "es", "translated": True}
    both = text_evidence(english, [], [], Settings(), original=spanish, **kwargs)
    alone = text_evidence(english, [], [], Settings(), **kwargs)
    off = text_evidence(english, [], [], Settings(text_languages=False), original=spanish, **kwargs)
    assert "as spoken" in both.note and "as spoken" not in alone.note
    assert both.probs != alone.probs and off.probs == alone.probs
