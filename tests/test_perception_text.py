"""Text emotion on the shipped head (real MiniLM embeddings, real head file)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mer_agents.config import Settings
from mer_agents.errors import ModelError
from mer_agents.labels import EMOTIONS, top_emotion
from mer_agents.perception import text as text_mod
from mer_agents.perception.text_head import ASSET_DIR, HEAD_FILE, TextHead, ngrams, normalise_text
from mer_agents.types import ModalityEvidence, Segment

EXPLICIT = Path(__file__).parent / "fixtures" / "explicit_emotions.jsonl"
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
    for needle in (
        "MELD",
        "declare-lab/MELD",
        "GPL-3.0",
        "Friends",
        "scripts/train_text_head.py",
        "weighted-F1",
        "all-MiniLM-L6-v2",
        "ESConv",
        "CC BY-NC 4.0",
        "GoEmotions",
        "CC BY 4.0",
        "google-research/google-research",
        "held out",
        "report only",
    ):
        assert needle in readme, needle
    assert (ASSET_DIR / HEAD_FILE).stat().st_size < 3_000_000  # the head ships in the repository


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
    assert top_emotion(sad.probs)[0] == "sadness", sad.probs
    assert top_emotion(happy.probs)[0] == "joy", happy.probs
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
    after_bad = text_mod.text_evidence(
        utterance, [], ["They fired me today.", "I have no idea how to pay rent."], settings
    )
    after_good = text_mod.text_evidence(
        utterance, [], ["We won the lottery!", "A million dollars!"], settings
    )
    assert after_bad.cues["context_used"] and not alone.cues["context_used"]
    assert after_bad.probs != alone.probs and after_bad.probs != after_good.probs
    # the difference goes the sensible way: a negative context raises the negative emotions
    negative = ("sadness", "anger", "fear", "disgust")
    assert sum(after_bad.probs[e] for e in negative) > sum(after_good.probs[e] for e in negative)
    no_context = text_mod.text_evidence(
        utterance, [], ["They fired me today."], settings.model_copy(update={"text_context_turns": 0})
    )
    assert no_context.cues["context_used"] == [] and no_context.probs == pytest.approx(alone.probs)


@pytest.mark.slow
def test_timeline_follows_segments_and_round_trips(settings):
    segments = [
        Segment(start=0.0, end=2.1, text="This is the best day of my life!"),
        Segment(start=2.4, end=5.0, text="But then my dog died and I cried all night."),
    ]
    ev = text_mod.text_evidence(" ".join(s.text for s in segments), segments, [], settings, language="en")
    assert [(p.start, p.end) for p in ev.timeline] == [(0.0, 2.1), (2.4, 5.0)]
    assert top_emotion(ev.timeline[0].probs)[0] == "joy"
    assert top_emotion(ev.timeline[1].probs)[0] == "sadness"
    again = ModalityEvidence.model_validate_json(ev.model_dump_json())
    assert again == ev
    assert json.loads(json.dumps(ev.model_dump(mode="json")))["available"] is True


@pytest.mark.slow
def test_non_english_lowers_confidence(settings):
    """Named by Whisper, or found by the routing in typed words, words that are not English are trusted less,
    once, and the note says why."""
    typed = text_mod.text_evidence("Estoy muy triste hoy", [], [], settings)
    es = text_mod.text_evidence("Estoy muy triste hoy", [], [], settings, language="es")
    plain = text_mod._confidence(np.array([typed.probs[e] for e in EMOTIONS]))
    assert typed.confidence == pytest.approx(plain * text_mod.NON_ENGLISH_CONFIDENCE, abs=1e-3)
    assert es.confidence == pytest.approx(typed.confidence, abs=1e-3)
    assert "'es'" in es.note and "do not read as English" in typed.note


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


def _explicit_set() -> list[dict]:
    return [json.loads(line) for line in EXPLICIT.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_explicit_set_is_balanced_and_separate_from_the_selection_set():
    rows = _explicit_set()
    assert len(rows) >= 60
    counts = {label: sum(r["label"] == label for r in rows) for label in EMOTIONS}
    assert min(counts.values()) >= 8, counts
    select = EXPLICIT.with_name("explicit_emotions_select.jsonl").read_text(encoding="utf-8")
    chosen_on = {json.loads(line)["text"] for line in select.splitlines() if line.strip()}
    assert not chosen_on & {r["text"] for r in rows}


def _explicit_readings() -> tuple[list[dict], np.ndarray, list[tuple]]:
    rows = _explicit_set()
    probs = text_mod.classify_texts([r["text"] for r in rows])
    pred = [EMOTIONS[i] for i in probs.argmax(axis=1)]
    wrong = [(r["text"], r["label"], p) for r, p in zip(rows, pred) if p != r["label"]]
    return rows, probs, wrong


# The text reading (the head blended with the fine-tuned encoder) reads 69/70 of the explicit set, the head
# alone 66/70 (experiments/text_emotion_encoder/README.md); issue #37's aim is 0.95.
EXPLICIT_AIM = 0.95


@pytest.mark.slow
def test_explicit_statements_read_right_and_confidently():
    """The explicit-emotion set (written before training, never used for a choice): at the issue's aim, and a
    right reading is a confident one (median top probability well above one half)."""
    rows, probs, wrong = _explicit_readings()
    assert 1 - len(wrong) / len(rows) >= EXPLICIT_AIM, wrong
    assert float(np.median(probs.max(axis=1))) > 0.6, np.median(probs.max(axis=1))


@pytest.mark.slow
def test_a_lost_job_reads_as_a_confident_negative_emotion(settings):
    short = text_mod.text_evidence("I lost my job today", [], [], settings, language="en")
    assert top_emotion(short.probs)[0] == "sadness", short.probs  # the previous head read joy 0.31 here
    # the worry about the rent reads as fear (ESConv's anxiety dialogues, often about jobs), sadness second
    long = text_mod.text_evidence(
        "I lost my job today. I worked there for eight years, and now I don't know how I will pay the rent.",
        [],
        [],
        settings,
        language="en",
    )
    assert top_emotion(long.probs)[0] in {"sadness", "fear"}, long.probs
    for ev in (short, long):
        assert ev.probs["joy"] < 0.1 and ev.confidence >= 0.3, (ev.probs, ev.confidence)
        assert ev.probs["sadness"] + ev.probs["fear"] > 0.8, ev.probs


def test_temperature_round_trips_and_keeps_the_argmax(tmp_path):
    from mer_agents.perception.text_head import FeatureSpec, Member

    rng = np.random.default_rng(0)
    member = Member(
        "emb",
        {
            "mean": np.zeros(4),
            "scale": np.ones(4),
            "W1": rng.normal(size=(4, len(EMOTIONS))),
            "b1": np.zeros(len(EMOTIONS)),
        },
    )
    feats = rng.normal(size=(5, 4))
    plain = TextHead(FeatureSpec(0), [member]).predict_proba(feats, ["x"] * 5)
    sharp = TextHead(FeatureSpec(0), [member], temperature=0.5)
    again = TextHead.load(sharp.save(tmp_path).parent)
    assert again.temperature == 0.5
    probs = again.predict_proba(feats, ["x"] * 5)
    assert np.allclose(probs.sum(axis=1), 1) and (probs.argmax(1) == plain.argmax(1)).all()
    assert (probs.max(1) >= plain.max(1) - 1e-12).all()


def test_lexicon_counts_stated_negated_and_self_stated_emotions():
    from mer_agents.perception.text_head import Lexicon

    lex = Lexicon()
    n = len(lex.classes)

    def plain(text: str) -> set[str]:
        return {c for i, c in enumerate(lex.classes) if lex.counts(text)[2 * i] > 0}

    def negated(text: str) -> set[str]:
        return {c for i, c in enumerate(lex.classes) if lex.counts(text)[2 * i + 1] > 0}

    def stated(text: str) -> set[str]:
        return {c for i, c in enumerate(lex.classes) if lex.counts(text)[2 * n + i] > 0}

    assert lex.width == 3 * n == 18 and lex.matrix([]).shape == (0, 18)
    assert plain("I am so angry") == {"anger"} == stated("I am so angry")
    assert negated("I'm not happy at all") == {"joy"} and not plain("I'm not happy at all")
    assert not stated("I'm not so happy")
    # neither "can't stop crying" nor "couldn't be happier" is a negation
    assert plain("I can't stop crying") == {"sadness"} and not negated("I can't stop crying")
    assert plain("I couldn't be happier") == {"joy"}
    assert stated("I\u2019m so sick of it") == {"anger"}  # a two-word phrase, typographic apostrophe
    assert not lex.counts("The meeting is at three o'clock.").any()


def test_a_head_with_a_lexicon_block_round_trips(tmp_path):
    from mer_agents.perception.text_head import FeatureSpec, Lexicon, Member

    rng = np.random.default_rng(0)
    spec = FeatureSpec(0, lexicon_weight=2.0)
    lex = Lexicon(words={"joy": ("glad",), "sadness": ("sad",)})
    texts = ["I am so glad", "so sad", "a chair"]
    emb = rng.normal(size=(3, 4)).astype(np.float32)
    with pytest.raises(ValueError):
        spec.features(emb, [np.zeros((0, 4))] * 3)  # the lexicon block needs the texts
    feats = spec.features(emb, [np.zeros((0, 4))] * 3, texts, lex)
    assert feats.shape == (3, 4 + lex.width) and feats[2, 4:].sum() == 0 and feats[0, 4] > 0
    width = feats.shape[1]
    member = Member(
        "emb",
        {
            "mean": np.zeros(width),
            "scale": np.ones(width),
            "W1": rng.normal(size=(width, len(EMOTIONS))),
            "b1": np.zeros(len(EMOTIONS)),
        },
    )
    with pytest.raises(ValueError):
        TextHead(spec, [member]).save(tmp_path)  # a lexicon block without its lexicon
    head = TextHead(spec, [member], lexicon=lex)
    again = TextHead.load(head.save(tmp_path).parent)
    assert again.lexicon is not None and again.lexicon.words == lex.words
    assert np.allclose(
        again.predict_proba(again.features(emb, [np.zeros((0, 4))] * 3, texts), texts),
        head.predict_proba(feats, texts),
        atol=1e-5,
    )


@pytest.mark.slow
def test_good_news_without_an_emotion_word_reads_as_joy(settings):
    """Good news said flatly: the head alone reads it neutral, the blend with the fine-tuned encoder joy (the
    issue's example, which the head read as fear, reads joy too); the cues still explain the head's reading
    (leave-one-word-out on the head alone)."""
    flat = ["we paid off the last of the mortgage this morning", "passed my bar exam on the second try"]

    def tops(probs):
        return [EMOTIONS[int(p.argmax())] for p in probs]

    assert tops(text_mod.classify_texts(flat, encoder=False)) == ["neutral", "neutral"]
    assert tops(text_mod.classify_texts(flat)) == ["joy", "joy"]
    said = "I got the scholarship! I can't believe it. I am going to study abroad next year!"
    read = text_mod.text_evidence(said, [], [], settings, language="en")
    assert top_emotion(read.probs)[0] == "joy" and top_emotion(read.probs)[1] > 0.5, read.probs
    assert "fine-tuned MiniLM-L6 emotion encoder" in read.model


def test_the_encoder_blend_is_the_head_mixed_with_the_encoder_at_its_stored_weight():
    """The real weights (assets/text_encoder/): classify_texts = w · encoder + (1 − w) · head, w from the
    file;
    encoder=False is the head alone."""
    from mer_agents.perception import text_encoder

    texts, contexts = ["we finally got the keys to our first flat", "ok"], [[], ["are you coming tonight?"]]
    head = text_mod.classify_texts(texts, contexts, encoder=False)
    enc = text_encoder.probs(texts, [None, "are you coming tonight?"])
    w = text_encoder.mix_weight()
    assert w == pytest.approx(0.75)
    assert np.allclose(text_mod.classify_texts(texts, contexts), w * enc + (1 - w) * head, atol=1e-6)
    assert np.allclose(enc.sum(axis=1), 1.0, atol=1e-5) and enc.shape == (2, len(EMOTIONS))


def test_missing_encoder_weights_name_the_rebuild(tmp_path):
    from mer_agents.perception import text_encoder

    with pytest.raises(ModelError, match="text emotion encoder weights missing.*--ship"):
        text_encoder.mix_weight(tmp_path / "none.npz")
