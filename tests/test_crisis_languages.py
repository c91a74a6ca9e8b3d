"""The crisis guard's reader for typed text that is not English (agents/crisis_languages.py): the routing, and
the real multilingual encoder with the shipped probe. Messages written here, in no written set."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from sklearn.neural_network import MLPClassifier

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
        ("wszyscy mieliby lepiej beze mnie", "self-harm"),
    ],
)
def test_crisis_talk_no_rule_holds_is_read_in_other_languages(words, kind):
    """No phrase rule matches these; the probe reads them (round 10's English classifier alone missed all
    three; the mean of rounds 10 and 12, shipped since, finds the first itself). Written before the first
    probe was chosen; the fourth, written then, the first probe missed and round 13's finds."""
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
    with pytest.raises(ModelError, match="round13.py --mlp --ship"):
        crisis_languages.probe(tmp_path / "missing.npz")


def test_the_shipped_probe_has_a_hidden_layer_read_as_sklearn_reads_it():
    """multilingual.probe_softmax applies the stored ReLU layer, then the output layer: the probabilities of
    an sklearn MLPClassifier fitted here (on random embeddings), stored by multilingual.probe_arrays as
    round13.py stores its probe."""
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(60, 512)).astype(np.float32), rng.integers(0, 3, 60)
    model = MLPClassifier(hidden_layer_sizes=(8,), max_iter=50, random_state=0).fit(x, y)
    weights = multilingual.probe_arrays(model)
    assert set(weights) == {"hidden", "hidden_bias", "coef", "intercept"}
    assert np.allclose(multilingual.probe_softmax(weights, x), model.predict_proba(x), atol=1e-5)
    shipped = crisis_languages.probe()
    assert shipped["hidden"].shape == (256, 512) and shipped["coef"].shape == (3, 256)
