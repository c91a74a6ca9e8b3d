"""Metrics against values computed by hand on tiny examples (and, where it exists, scikit-learn)."""

import pytest
from sklearn.metrics import f1_score

from mer_agents.evaluation import metrics as m

GOLD = ["a", "a", "a", "b", "b", "c"]
PRED = ["a", "a", "b", "b", "c", "c"]
LABELS = ["a", "b", "c"]


def test_accuracy_and_confusion():
    assert m.accuracy(GOLD, PRED) == pytest.approx(4 / 6)
    assert m.confusion(GOLD, PRED, LABELS) == [[2, 1, 0], [0, 1, 1], [0, 0, 1]]


def test_f1_by_hand():
    # a: tp 2, fp 0, fn 1 -> 4/5; b: tp 1, fp 1, fn 1 -> 2/4; c: tp 1, fp 1, fn 0 -> 2/3
    f1 = m.per_class_f1(GOLD, PRED, LABELS)
    assert f1 == pytest.approx({"a": 0.8, "b": 0.5, "c": 2 / 3})
    assert m.macro_f1(GOLD, PRED, LABELS) == pytest.approx((0.8 + 0.5 + 2 / 3) / 3)
    assert m.weighted_f1(GOLD, PRED, LABELS) == pytest.approx((3 * 0.8 + 2 * 0.5 + 1 * 2 / 3) / 6)
    assert m.macro_f1(GOLD, PRED, LABELS) == pytest.approx(f1_score(GOLD, PRED, average="macro"))
    assert m.weighted_f1(GOLD, PRED, LABELS) == pytest.approx(f1_score(GOLD, PRED, average="weighted"))


def test_macro_f1_ignores_labels_absent_from_gold_and_predictions():
    labels = ["a", "b", "c", "unused"]
    assert m.macro_f1(GOLD, PRED, labels) == pytest.approx(m.macro_f1(GOLD, PRED, LABELS))
    assert m.per_class_f1(GOLD, PRED, labels)["unused"] == 0.0


def test_classification_report_block():
    report = m.classification_report(GOLD, PRED, LABELS)
    assert report["n"] == 6 and report["support"] == {"a": 3, "b": 2, "c": 1}
    assert set(report) >= {"accuracy", "weighted_f1", "macro_f1", "per_class_f1", "confusion", "labels"}


def test_length_mismatch_is_an_error():
    with pytest.raises(ValueError):
        m.accuracy(["a"], ["a", "b"])


def test_dist_n_by_hand():
    texts = ["I am sad.", "I am fine"]
    # tokens: i am sad . | i am fine -> 7 unigrams, 5 distinct (i, am, sad, ., fine)
    assert m.dist_n(texts, 1) == pytest.approx(5 / 7)
    # bigrams: (i am)(am sad)(sad .) | (i am)(am fine) -> 5, distinct 4
    assert m.dist_n(texts, 2) == pytest.approx(4 / 5)
    assert m.dist_n([""], 2) == 0.0


def test_bleu2_by_hand():
    hyp, ref = "the cat sat on the mat", "the cat is on the mat"
    # unigram precision 5/6 (sat unmatched), bigram 3/5 (the cat, on the, the mat), equal length: BP = 1
    assert m.bleu2([hyp], [ref]) == pytest.approx((5 / 6 * 3 / 5) ** 0.5, abs=1e-4)
    assert m.bleu2([ref], [ref]) == pytest.approx(1.0)
    # shorter hypothesis: "the cat" vs the 6-token ref -> p1 = p2 = 1, BP = exp(1 - 6/2)
    assert m.bleu2(["the cat"], [ref]) == pytest.approx(2.718281828 ** (1 - 3), abs=1e-4)


def test_rouge_l_by_hand():
    # LCS("the cat sat on the mat", "the cat is on the mat") = "the cat on the mat" = 5 -> P = R = F = 5/6
    assert m.rouge_l(["the cat sat on the mat"], ["the cat is on the mat"]) == pytest.approx(5 / 6)
    # mean over pairs: second pair shares nothing
    assert m.rouge_l(
        ["the cat sat on the mat", "hello"], ["the cat is on the mat", "goodbye"]
    ) == pytest.approx(5 / 12)


def test_reply_report_keys():
    report = m.reply_report(["hi there"], ["hi you"])
    assert set(report) >= {"bleu2", "rougeL", "dist1", "dist2"}
