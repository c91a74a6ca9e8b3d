"""Readers on the shared dev files: counts, labels, context order, dialogue ids, message/history split."""

import json
from collections import Counter
from pathlib import Path

import pytest

from mer_agents.errors import MerError
from mer_agents.evaluation.readers import (
    canonical_strategy,
    message_and_history,
    read_esconv,
    read_esconv_heldout_train,
    read_meld,
    spread_subset,
    supporter_followup,
)
from mer_agents.labels import EMOTIONS, STRATEGIES

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
MELD_DEV = DATA / "meld" / "dev_sent_emo.csv"
ESCONV_DEV = DATA / "esconv" / "devWithStrategy_short.tsv"
ESCONV_TRAIN = DATA / "esconv" / "ESConv_train.json"
needs_data = pytest.mark.skipif(
    not MELD_DEV.is_file() or not ESCONV_DEV.is_file(), reason="shared dev data absent"
)


@pytest.fixture(scope="module")
def meld():
    return read_meld(MELD_DEV)


@pytest.fixture(scope="module")
def esconv():
    return read_esconv(ESCONV_DEV)


@needs_data
def test_meld_counts_and_labels(meld):
    assert len(meld) == 1109
    assert len({item.dialogue_id for item in meld}) == 114
    counts = Counter(item.emotion for item in meld)
    assert set(counts) == set(EMOTIONS)
    assert counts["neutral"] == 470 and counts["disgust"] == 22
    assert len({item.id for item in meld}) == len(meld)


@needs_data
def test_meld_context_is_the_earlier_utterances_in_order(meld):
    first, second = meld[0], meld[1]
    assert first.id == "d0_u0" and first.context == ()
    assert second.id == "d0_u1" and second.text == "What?" and second.emotion == "surprise"
    assert second.context == ("Oh my God, he’s lost it. He’s totally lost it.",)
    third = meld[2]  # dialogue 1 starts: no context carried over from dialogue 0
    assert third.dialogue_id == 1 and third.context == ()
    later = next(item for item in meld if item.dialogue_id == 1 and item.utterance_id == 3)
    assert len(later.context) == 3 and later.context[0] == third.text


def test_meld_bad_file_is_one_clear_error(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    with pytest.raises(MerError, match="missing columns"):
        read_meld(bad)
    with pytest.raises(MerError, match="not found"):
        read_meld(tmp_path / "nope.csv")


@needs_data
def test_esconv_counts_labels_and_dialogues(esconv):
    assert len(esconv) == 2985
    assert len({item.id for item in esconv}) == 2985
    assert len({item.dialogue_id for item in esconv}) == 211
    counts = Counter(item.strategy for item in esconv)
    assert set(counts) == set(STRATEGIES)
    assert counts["Question"] == 595 and counts["Others"] == 510  # [Questions] / [Other] spellings mapped


@needs_data
def test_esconv_first_items_and_history(esconv):
    first = esconv[0]
    assert first.id == "esconv-dev-000_t1" and first.strategy == "Others" and first.reply == "Hello"
    assert first.message.startswith("Hello i was wondering") and first.history == []
    third = esconv[2]  # seeker 0, supporter 1 + 2, seeker 3 -> target 4
    assert third.strategy == "Self-disclosure"
    assert third.message.startswith("Well, right now my city")
    message, history = message_and_history(third)
    assert len(history) == 1 and history[0].user_text.startswith("Hello i was wondering")
    assert history[0].reply == "Hello How has the pandemic affected your mental health?"
    assert history[0].strategy == "Question"
    assert [t.index for t in third.context] == [0, 1, 2, 3]
    assert esconv[1].dialogue_id == esconv[0].dialogue_id


@needs_data
def test_esconv_followups_and_supporter_openings(esconv):
    assert supporter_followup(esconv[1])  # "[Other] Hello" then "[Questions] How has..."
    assert not supporter_followup(esconv[2])
    assert sum(1 for item in esconv if not item.message) == 10  # dialogues opened by the supporter


def test_canonical_strategy_spellings():
    assert canonical_strategy("[Questions]") == "Question"
    assert canonical_strategy("Other") == "Others"
    with pytest.raises(MerError):
        canonical_strategy("[Hugging]")


def test_spread_subset():
    assert spread_subset(10, 3) == [0, 3, 6]
    assert spread_subset(5, None) == [0, 1, 2, 3, 4]
    assert spread_subset(5, 50) == [0, 1, 2, 3, 4]
    picked = spread_subset(2975, 40)
    assert len(set(picked)) == 40 and picked[-1] < 2975


@needs_data
def test_a_window_that_starts_mid_dialogue_marks_earlier_conversation(esconv):
    """A window cut after the dialogue's first turn with no earlier exchange in it gets one marker turn
    without words (so the agents do not take the person's words for an opening); a true opening gets none."""
    cut = next(i for i in esconv if i.message.startswith("Yeah we don't have to shut down"))
    assert cut.context[0].index > 0
    assert len(cut.history) == 1 and cut.history[0].user_text == ""
    assert cut.history[0].reply.startswith(
        "you know, i am in construction"
    )  # the supporter turns it opens with
    assert esconv[0].history == []  # the dialogue's own first words
    openers = [i for i in esconv if i.message and not i.history]
    assert openers and all(i.context[0].index == 0 for i in openers)


@pytest.mark.skipif(not ESCONV_TRAIN.is_file(), reason="shared train data absent")
def test_heldout_train_items_are_dev_shaped_windows_of_the_heldout_dialogues():
    items = read_esconv_heldout_train(ESCONV_TRAIN)
    dialogues = {item.dialogue_id for item in items}
    assert len(dialogues) == 90  # 000, 010, ..., 890 of 897
    assert all(int(d.rsplit("-", 1)[1]) % 10 == 0 for d in dialogues)
    assert len({item.id for item in items}) == len(items)
    assert [item.line for item in items] == list(range(1, len(items) + 1))
    assert {item.strategy for item in items} <= set(STRATEGIES)
    for item in items:
        target = int(item.id.rsplit("_t", 1)[1])
        indices = [t.index for t in item.context]
        assert indices == list(range(target - len(indices), target))  # consecutive, ending before the target
        assert len(indices) <= 4 or not any(t.speaker == "seeker" for t in item.context[1:5])
    usable = [item for item in items if item.message]
    assert len(usable) > 0.9 * len(items)


def test_heldout_train_window_reaches_back_to_a_seeker_turn(tmp_path):
    turns = [{"speaker": "usr", "text": "I lost my job."}] + [
        {"speaker": "sys", "text": f"Reply {i}.", "strategy": "Question"} for i in range(6)
    ]
    path = tmp_path / "ESConv_train.json"
    path.write_text(json.dumps([{"dialog": turns}, {"dialog": turns}]))
    items = read_esconv_heldout_train(path)
    assert [item.dialogue_id for item in items] == ["esconv-train-000"] * 6  # 001 is not held out
    last = items[-1]
    assert last.id == "esconv-train-000_t6" and [t.index for t in last.context] == list(range(6))
    assert last.message == "I lost my job."
