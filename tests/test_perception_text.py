"""Text emotion on the shipped MELD head (real MiniLM embeddings, real head file)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mer_agents.config import Settings
from mer_agents.errors import ModelError
from mer_agents.labels import EMOTIONS
from mer_agents.perception import text as text_mod
from mer_agents.perception.text_head import ASSET_DIR, HEAD_FILE, TextHead, ngrams, normalise_text
from mer_agents.types import ModalityEvidence, Segment, top_emotion

SAD = "I just lost my dad and I can't stop crying"
HAPPY = "This is the best day of my life!"


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings.from_env()


def test_head_file_is_portable_and_documented():
    head = TextHead.load(ASSET_DIR)  # np.load(allow_pickle=False) inside: no pickled objects
    assert head.labels == EMOTIONS and head.members
    assert "dev_scores" in head.meta and 0 < head.meta["dev_scores"]["weighted_f1"] < 1
    readme = (ASSET_DIR / "README.md").read_text(encoding="utf-8")
    for needle in ("MELD", "declare-lab/MELD", "GPL-3.0", "Friends", "scripts/train_text_head.py",
                   "weighted-F1", "all-MiniLM-L6-v2"):
        assert needle in readme, needle


def test_missing_head_is_a_clear_error(tmp_path):
    with pytest.raises(ModelError, match="train_text_head.py"):
        TextHead.load(tmp_path)
    (tmp_path / HEAD_FILE).write_bytes(b"not an npz")
    with pytest.raises(ModelError, match="unreadable"):
        TextHead.load(tmp_path)


def test_normalisation_and_ngrams():
    assert normalise_text("You must’ve  had “fun”…") == 'You must\'ve had "fun"...'
    assert ngrams("Oh my God!") == ["oh", "my", "god", "!", "oh my", "my god", "god !"]


@pytest.mark.slow
def test_obvious_sentences(settings):
    sad = text_mod.text_evidence(SAD, [], [], settings)
    happy = text_mod.text_evidence(HAPPY, [], [], settings)
    assert top_emotion(sad.probs) == "sadness", sad.probs
    assert top_emotion(happy.probs) == "joy", happy.probs
    for ev in (sad, happy):
        assert ev.available and 0 < ev.confidence <= 1
        assert set(ev.cues["scores"]) == set(EMOTIONS)
        assert "MELD" in ev.model and "MiniLM" in ev.model
    assert any(w["word"] in {"crying", "lost", "dad"} for w in sad.cues["salient_words"]), sad.cues


@pytest.mark.slow
def test_empty_transcript_is_unavailable(settings):
    for blank in ("", "   "):
        ev = text_mod.text_evidence(blank, [], ["earlier turn"], settings)
        assert not ev.available and ev.confidence == 0 and ev.note and ev.timeline == []


@pytest.mark.slow
def test_context_changes_the_reading(settings):
    head = text_mod.load_head()
    if head.spec.context_turns == 0:
        pytest.skip("the shipped head was selected without context (utterance-only won on dev)")
    utterance = "Oh my God, really?"
    alone = text_mod.text_evidence(utterance, [], [], settings)
    after_bad = text_mod.text_evidence(utterance, [], ["They fired me today.", "I have no idea how to pay rent."],
                                       settings)
    after_good = text_mod.text_evidence(utterance, [], ["We won the lottery!", "A million dollars!"], settings)
    assert after_bad.cues["context_used"] and not alone.cues["context_used"]
    assert after_bad.probs != alone.probs and after_bad.probs != after_good.probs
    # the difference goes the sensible way: a negative context raises the negative emotions
    negative = ("sadness", "anger", "fear", "disgust")
    assert sum(after_bad.probs[e] for e in negative) > sum(after_good.probs[e] for e in negative)
    no_context = text_mod.text_evidence(utterance, [], ["They fired me today."], settings.model_copy(
        update={"text_context_turns": 0}))
    assert no_context.cues["context_used"] == [] and no_context.probs == pytest.approx(alone.probs)


@pytest.mark.slow
def test_timeline_follows_segments_and_round_trips(settings):
    segments = [Segment(start=0.0, end=2.1, text="This is the best day of my life!"),
                Segment(start=2.4, end=5.0, text="But then my dog died and I cried all night.")]
    ev = text_mod.text_evidence(" ".join(s.text for s in segments), segments, [], settings, language="en")
    assert [(p.start, p.end) for p in ev.timeline] == [(0.0, 2.1), (2.4, 5.0)]
    assert top_emotion(ev.timeline[0].probs) == "joy"
    assert top_emotion(ev.timeline[1].probs) == "sadness"
    again = ModalityEvidence.model_validate_json(ev.model_dump_json())
    assert again == ev
    assert json.loads(json.dumps(ev.model_dump(mode="json")))["available"] is True


@pytest.mark.slow
def test_non_english_lowers_confidence(settings):
    en = text_mod.text_evidence("Estoy muy triste hoy", [], [], settings)
    es = text_mod.text_evidence("Estoy muy triste hoy", [], [], settings, language="es")
    assert es.confidence == pytest.approx(en.confidence * text_mod.NON_ENGLISH_CONFIDENCE, abs=1e-3)
    assert "es" in es.note


@pytest.mark.slow
def test_classify_texts_batch_matches_single():
    texts = [HAPPY, SAD, "Okay."]
    contexts = [[], ["My dad was sick for a long time."], ["Pass the salt."]]
    batch = text_mod.classify_texts(texts, contexts)
    assert batch.shape == (3, len(EMOTIONS)) and np.allclose(batch.sum(axis=1), 1)
    single = np.vstack([text_mod.classify_texts([t], [c]) for t, c in zip(texts, contexts)])
    assert np.allclose(batch, single, atol=1e-5)
    assert text_mod.classify_texts([]).shape == (0, len(EMOTIONS))
    with pytest.raises(ValueError):
        text_mod.classify_texts(["a", "b"], [[]])
