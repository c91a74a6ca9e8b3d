"""ESConv readers (dev TSV, train JSON), the exemplar bank's filter and build, and retrieval on real
MiniLM."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from mer_agents.agents.retrieval import Bank, Exemplar, default_bank, retrieve
from mer_agents.errors import MerError
from mer_agents.evaluation.esconv_data import (
    HELDOUT_EVERY,
    heldout_train_dialogues,
    is_heldout,
    read_lines,
    read_train,
    seeker_words,
)
from mer_agents.labels import STRATEGIES

ROOT = Path(__file__).resolve().parents[1]
TSV = (
    "1.0 0 0 My dog died yesterday and I can't stop crying.  EOS 1.0 1 1 [Reflection of feelings] "
    "You must be heartbroken, losing a dog hurts so much.\n"
    "0.0 0 0 My dog died yesterday and I can't stop crying.  EOS 0.0 1 1 [Reflection of feelings] "
    "You must be heartbroken.  EOS 1.0 0 2 Yes. I keep looking for him.  EOS 1.0 1 3 [Questions] "
    "How long did you have him?\n"
    "1.0 0 0 I failed my exam and my parents will be furious.  EOS 1.0 1 1 [Providing Suggestions] "
    "Maybe talk to your teacher about a retake.\n"
)


def _dialogue(emotion, problem, turns):
    return {
        "experience_type": "Previous Experience",
        "emotion_type": emotion,
        "problem_type": problem,
        "situation": "...",
        "survey_score": {},
        "dialog": [
            {"speaker": sp, "text": text, **({"strategy": st} if sp == "sys" else {})}
            for sp, text, st in turns
        ],
    }


TRAIN = [
    _dialogue(
        "sadness",
        "ongoing depression",
        [
            ("sys", "Hello, how are you today?", "Question"),
            ("usr", "My dog died yesterday", None),
            ("usr", "and I can't stop crying.", None),
            ("sys", "You must be heartbroken, losing a dog hurts so much.", "Reflection of feelings"),
            ("sys", "How long did you have him before he passed?", "Question"),
            ("usr", "Twelve years. I keep looking for him.", None),
            (
                "sys",
                "That makes sense, you were together for a very long time.",
                "Affirmation and Reassurance",
            ),
        ],
    ),
    _dialogue(
        "anxiety",
        "academic pressure",
        [
            ("usr", "I failed my exam and my parents will be furious.", None),
            ("sys", "Maybe you could talk to your teacher about a retake.", "Providing Suggestions"),
            ("usr", "I will try that.", None),
            ("sys", "Talk to Mrs Smith at Oakwood tomorrow.", "Providing Suggestions"),
            ("usr", "ok", None),
            ("sys", "You're welcome, take care!", "Others"),
        ],
    ),
]


@pytest.fixture
def train_json(tmp_path) -> Path:
    path = tmp_path / "ESConv_train.json"
    path.write_text(json.dumps(TRAIN))
    return path


def _builder():
    spec = importlib.util.spec_from_file_location(
        "build_exemplar_bank", ROOT / "scripts" / "build_exemplar_bank.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dev_reader_assigns_dialogue_ids_and_canonical_strategies(tmp_path):
    path = tmp_path / "dev.tsv"
    path.write_text(TSV)
    lines = read_lines(path)
    assert [line.dialogue for line in lines] == ["esconv-dev-000", "esconv-dev-000", "esconv-dev-001"]
    assert lines[1].target.strategy == "Question" and lines[0].target.strategy == "Reflection of feelings"


def test_train_reader(train_json):
    dialogues = read_train(train_json)
    assert [d.id for d in dialogues] == ["esconv-train-000", "esconv-train-001"]
    first = dialogues[0]
    assert first.emotion_type == "sadness" and first.problem_type == "ongoing depression"
    assert [t.index for t in first.turns] == list(range(7))
    assert [t.speaker for t in first.turns[:3]] == ["supporter", "seeker", "seeker"]
    assert first.turns[4].strategy == "Question" and first.turns[1].strategy is None
    # the seeker's most recent words: their last block of consecutive turns, joined; supporter turns skipped
    assert seeker_words(first.turns, 0) == ""
    assert seeker_words(first.turns, 3) == "My dog died yesterday and I can't stop crying."
    assert seeker_words(first.turns, 4) == "My dog died yesterday and I can't stop crying."
    assert seeker_words(first.turns, 6) == "Twelve years. I keep looking for him."


def test_train_reader_on_the_real_file_and_heldout_slice():
    dialogues = read_train()
    assert len(dialogues) == 897 and dialogues[-1].id == "esconv-train-896"
    assert {t.strategy for d in dialogues for t in d.turns if t.speaker == "supporter"} == set(STRATEGIES)
    held = heldout_train_dialogues()
    assert len(held) == 90 and "esconv-train-000" in held and "esconv-train-010" in held
    assert all(is_heldout(d.id) == (d.id in held) for d in dialogues)
    assert not is_heldout("esconv-dev-000") and HELDOUT_EVERY == 10


def test_train_reader_errors(tmp_path):
    with pytest.raises(MerError, match="not found"):
        read_train(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([_dialogue("x", "y", [("sys", "Hi there friend.", "Jokes")])]))
    with pytest.raises(MerError, match="unknown strategy"):
        read_train(bad)


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        ("Maybe you could talk to your teacher about a retake.", None),
        ("I'm sorry, I know how hard that is. I've been there too.", None),
        ("Talk to Mrs Smith at Oakwood tomorrow.", "capitalised word mid-sentence"),
        ("I have been out of work since March as well.", "capitalised word mid-sentence"),
        ("It took me 3 years to get over it.", "digits"),
        ("Have a look at www.calm.com for some help.", "url or @"),
        ("Is that so?", "under 4 words"),
        (" ".join(["word"] * 41), "over 40 words"),
        ("Hello, how are you doing today?", "greeting only"),
        ("You're welcome, take care!", None),  # a closing: kept, offered only to a person saying goodbye
        ("Thank you so much, bye bye and good luck!", None),
        ("Bye!", "under 4 words"),
    ],
)
def test_bank_filter(reply, reason):
    assert _builder().reject_reason(reply) == reason


@pytest.mark.parametrize(
    ("reply", "closing"),
    [
        ("You're welcome, take care!", True),
        ("I hope things go well for you. Good luck with the interview!", True),
        ("Hello, how are you doing today?", False),  # a greeting is never a closing
        ("Hi there, I hope you have a good day.", False),
        ("Maybe you could talk to your teacher about a retake.", False),
    ],
)
def test_closing_replies_are_flagged(reply, closing):
    assert _builder().is_closing(reply) is closing


def test_old_bank_rows_still_parse():
    row = (
        '{"id": "esconv-dev-000/1", "dialogue": "esconv-dev-000", "turn": 1, "seeker": "s", "reply": "r", '
        '"strategy": "Question"}'
    )
    ex = Exemplar.model_validate_json(row)
    assert ex.emotion_type == "" and ex.problem_type == "" and not ex.followup


@pytest.mark.slow
def test_build_search_exclusion_and_strategy_filter(train_json, tmp_path):
    builder = _builder()
    assert builder.main(["--source", str(train_json), "--out", str(tmp_path / "bank")]) == 0
    bank = Bank.load(tmp_path / "bank", "esconv_train")
    # the opening greeting (no seeker words) and the name/place reply are filtered out; the closing is kept
    assert [e.id for e in bank.exemplars] == [
        "esconv-train-000/3",
        "esconv-train-000/4",
        "esconv-train-000/6",
        "esconv-train-001/1",
        "esconv-train-001/5",
    ]
    assert [e.closing for e in bank.exemplars] == [False, False, False, False, True]
    second = bank.exemplars[1]
    assert second.followup and second.seeker == "My dog died yesterday and I can't stop crying."
    assert (
        bank.exemplars[2].previous == "You must be heartbroken, losing a dog hurts so much. "
        "How long did you have him before he passed?"
    )
    assert bank.reply_vectors is not None and bank.reply_vectors.shape == bank.vectors.shape
    # ranking by reply scores: goodbyes only when the person is closing
    scores = np.array([0.1, 0.2, 0.3, 0.4, 0.9])
    assert [e.id for e in bank.rank_replies(scores, k=2)] == ["esconv-train-001/1", "esconv-train-000/6"]
    assert bank.rank_replies(scores, k=1, closing=True)[0].id == "esconv-train-001/5"
    assert bank.rank_replies(scores, k=5, strategy="Question") == [
        bank.exemplars[1].model_copy(update={"score": pytest.approx(0.2)})
    ]
    assert (
        bank.exemplars[3].emotion_type == "anxiety" and bank.exemplars[3].problem_type == "academic pressure"
    )
    assert np.allclose(np.linalg.norm(bank.vectors, axis=1), 1.0, atol=1e-2)
    query = "my cat passed away and I am crying"
    assert bank.search(query, k=1)[0].dialogue == "esconv-train-000"
    # leakage guard: the dialogue under evaluation is skipped
    assert [e.dialogue for e in bank.search(query, k=4, exclude={"esconv-train-000"})] == ["esconv-train-001"]
    # strategy filter: the nearest exemplars of that strategy only, best first
    hits = bank.search(query, k=3, strategy="Question")
    assert [e.id for e in hits] == ["esconv-train-000/4"]
    assert bank.search(query, k=3, strategy="Information") == []
    assert bank.search(query, k=3, strategy="Question", exclude={"esconv-train-000"}) == []
    # the held-out slice can be left out of a bank
    builder.main(["--source", str(train_json), "--out", str(tmp_path / "b2"), "--exclude-heldout"])
    assert {e.dialogue for e in Bank.load(tmp_path / "b2", "esconv_train").exemplars} == {"esconv-train-001"}


@pytest.mark.slow
def test_shipped_bank():
    bank = default_bank()
    assert len(bank.exemplars) > 8000 and {e.strategy for e in bank.exemplars} == set(STRATEGIES)
    assert all(e.dialogue.startswith("esconv-train-") for e in bank.exemplars)
    builder = _builder()
    assert all(builder.transferable(e.reply) for e in bank.exemplars[::50])
    hits = retrieve("I lost my job and feel empty", k=4)
    assert len(hits) == 4 and hits[0].score >= hits[-1].score
    assert all(
        e.dialogue != hits[0].dialogue
        for e in retrieve("I lost my job and feel empty", k=8, exclude={hits[0].dialogue})
    )
    for strategy in STRATEGIES:
        found = retrieve("I lost my job and feel empty", k=5, strategy=strategy)
        assert len(found) == 5 and {e.strategy for e in found} == {strategy}
        assert [e.score for e in found] == sorted((e.score for e in found), reverse=True)
