"""Classification and reply metrics, each a small pure function so the tests can check them by hand.

Scales: every score is a fraction in [0, 1] (BLEU-2 is sacrebleu's score / 100), so one table reads alike.
"""

from __future__ import annotations

import re
from typing import Sequence

from sacrebleu.metrics import BLEU

_TOKEN = re.compile(r"\w+|[^\w\s]")


# ----------------------------------------------------------------------------------- classification


def accuracy(gold: Sequence[str], pred: Sequence[str]) -> float:
    _same_length(gold, pred)
    return sum(g == p for g, p in zip(gold, pred)) / len(gold) if gold else 0.0


def confusion(gold: Sequence[str], pred: Sequence[str], labels: Sequence[str]) -> list[list[int]]:
    """matrix[i][j] = items whose gold is labels[i] and prediction labels[j] (others are ignored)."""
    _same_length(gold, pred)
    index = {label: i for i, label in enumerate(labels)}
    matrix = [[0] * len(labels) for _ in labels]
    for g, p in zip(gold, pred):
        if g in index and p in index:
            matrix[index[g]][index[p]] += 1
    return matrix


def per_class_f1(gold: Sequence[str], pred: Sequence[str], labels: Sequence[str]) -> dict[str, float]:
    """F1 per label; 0 for a label with no gold and no predicted item (scikit-learn's zero_division=0)."""
    _same_length(gold, pred)
    scores = {}
    for label in labels:
        tp = sum(g == label and p == label for g, p in zip(gold, pred))
        fp = sum(g != label and p == label for g, p in zip(gold, pred))
        fn = sum(g == label and p != label for g, p in zip(gold, pred))
        scores[label] = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
    return scores


def macro_f1(gold: Sequence[str], pred: Sequence[str], labels: Sequence[str]) -> float:
    """Unweighted mean of per-class F1 over labels that occur in gold or predictions (as scikit-learn)."""
    present = [label for label in labels if label in set(gold) | set(pred)]
    f1 = per_class_f1(gold, pred, labels)
    return sum(f1[label] for label in present) / len(present) if present else 0.0


def weighted_f1(gold: Sequence[str], pred: Sequence[str], labels: Sequence[str]) -> float:
    """Per-class F1 weighted by gold support: the usual headline metric on MELD."""
    f1 = per_class_f1(gold, pred, labels)
    support = {label: sum(g == label for g in gold) for label in labels}
    total = sum(support.values())
    return sum(f1[label] * support[label] for label in labels) / total if total else 0.0


def classification_report(gold: Sequence[str], pred: Sequence[str], labels: Sequence[str]) -> dict:
    """The block every OUT file carries for a classifier."""
    return {
        "n": len(gold),
        "accuracy": accuracy(gold, pred),
        "weighted_f1": weighted_f1(gold, pred, labels),
        "macro_f1": macro_f1(gold, pred, labels),
        "per_class_f1": per_class_f1(gold, pred, labels),
        "support": {label: sum(g == label for g in gold) for label in labels},
        "labels": list(labels),
        "confusion": confusion(gold, pred, labels),
    }


# ------------------------------------------------------------------------------------------ replies


def tokens(text: str) -> list[str]:
    """Lower-cased words and punctuation marks: the unit of dist-n."""
    return _TOKEN.findall(text.lower())


def dist_n(texts: Sequence[str], n: int) -> float:
    """Distinct-n over a corpus: distinct n-grams / all n-grams across the texts (0 when there are none)."""
    grams: list[tuple[str, ...]] = []
    for text in texts:
        toks = tokens(text)
        grams.extend(tuple(toks[i : i + n]) for i in range(len(toks) - n + 1))
    return len(set(grams)) / len(grams) if grams else 0.0


def bleu2(hypotheses: Sequence[str], references: Sequence[str]) -> float:
    """Corpus BLEU with n-grams up to 2 (sacrebleu, 13a tokenizer, lower-cased, no smoothing), in [0, 1]."""
    _same_length(hypotheses, references)
    if not hypotheses:
        return 0.0
    metric = BLEU(max_ngram_order=2, lowercase=True, smooth_method="none")
    return metric.corpus_score(list(hypotheses), [list(references)]).score / 100.0


def rouge_l(hypotheses: Sequence[str], references: Sequence[str]) -> float:
    """Mean ROUGE-L F-measure (rouge-score, no stemming) over the pairs, in [0, 1]."""
    from rouge_score import rouge_scorer

    _same_length(hypotheses, references)
    if not hypotheses:
        return 0.0
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    return sum(scorer.score(ref, hyp)["rougeL"].fmeasure for hyp, ref in zip(hypotheses, references)) / len(
        hypotheses
    )


def reply_report(hypotheses: Sequence[str], references: Sequence[str]) -> dict[str, float]:
    return {
        "bleu2": bleu2(hypotheses, references),
        "rougeL": rouge_l(hypotheses, references),
        "dist1": dist_n(hypotheses, 1),
        "dist2": dist_n(hypotheses, 2),
        "reference_dist1": dist_n(references, 1),
        "reference_dist2": dist_n(references, 2),
    }


def bootstrap_ci(values: Sequence[float], n_boot: int = 2000, seed: int = 0) -> list[float] | None:
    """95 % percentile bootstrap interval of the mean (None for no values)."""
    import numpy as np

    if not len(values):
        return None
    data = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, len(data), size=(n_boot, len(data)))].mean(axis=1)
    return [round(float(np.percentile(means, 2.5)), 4), round(float(np.percentile(means, 97.5)), 4)]


def paired_bootstrap_ci(
    a: Sequence[float], b: Sequence[float], n_boot: int = 2000, seed: int = 0
) -> list[float] | None:
    """95 % paired bootstrap interval of mean(a − b) over the same items."""
    _same_length(a, b)
    return bootstrap_ci([x - y for x, y in zip(a, b)], n_boot, seed)


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _same_length(a: Sequence, b: Sequence) -> None:
    if len(a) != len(b):
        raise ValueError(f"length mismatch: {len(a)} vs {len(b)}")


def word_edits(reference: str, hypothesis: str) -> tuple[int, int]:
    """(word-level Levenshtein edits, reference words) after lower-casing and dropping punctuation: summed
    over clips, their ratio is the corpus word error rate."""
    ref, hyp = (re.sub(r"[^a-z0-9' ]+", " ", s.lower()).split() for s in (reference, hypothesis))
    dist = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, dist[0] = dist[0], i
        for j, h in enumerate(hyp, 1):
            prev, dist[j] = dist[j], min(dist[j] + 1, dist[j - 1] + 1, prev + (r != h))
    return dist[-1], len(ref)


def wer(reference: str, hypothesis: str) -> float:
    """Word error rate of one hypothesis (see word_edits)."""
    edits, words = word_edits(reference, hypothesis)
    return edits / max(1, words)
