"""Which of the 8 ESConv strategies a supporter reply uses: a softmax layer over TF-IDF n-grams + MiniLM.

Trained on ESConv train supporter turns (less the held-out selection slice,
mer_agents.evaluation.esconv_data), by scripts/train_strategy_classifier.py; the weights are plain numpy
arrays in assets/strategy_classifier/esconv_train.npz (no pickle; Settings.strategy_classifier names other
weights), read once per process. Features, each block L2-normalised and scaled by a weight stored in the file:

- word n-grams of the reply (`analyzer`: lower-cased words, `? ! . ,` kept as tokens, sentence start/end
  markers — a reply's surface, a closing '?', "maybe you could", "I" at the start, carries most of the
  signal), TF-IDF with the training idf and sublinear tf;
- optionally n-grams of the seeker's preceding words (`contexts`), with their own vocabulary;
- optionally the MiniLM-L6 embedding (mer_agents.embeddings.embed) of the reply and/or of the context.

Which blocks are on, and their weights, were chosen on the held-out train dialogues; see the README next
to the weights for the numbers. No gradio import; the only model loaded at run time is MiniLM (when used).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.errors import ModelError
from mer_agents.labels import STRATEGIES

WEIGHTS = Path(__file__).resolve().parents[2] / "assets" / "strategy_classifier" / "esconv_train.npz"
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[?!.,]")
BOS, EOS = "<s>", "</s>"


def analyzer(text: str, ngram_max: int = 2, prefix: str = "") -> list[str]:
    """Word/punctuation tokens with start/end markers, and their n-grams up to `ngram_max` (space-joined)."""
    tokens = [BOS, *_TOKEN.findall(text.lower().replace("’", "'")), EOS]
    grams = [prefix + t for t in tokens[1:-1]]
    for n in range(2, ngram_max + 1):
        grams += [prefix + " ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]
    return grams


@dataclass(frozen=True)
class _Block:
    """One TF-IDF block: vocabulary → column, idf per column, the analyzer's n-gram size and prefix."""

    vocab: dict[str, int]
    idf: np.ndarray
    ngram_max: int
    prefix: str

    def transform(self, texts: Sequence[str]) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per text, (columns, values) of the sublinear-tf · idf vector, L2-normalised (sklearn's Tfidf)."""
        out = []
        for text in texts:
            counts = Counter(
                self.vocab[g] for g in analyzer(text, self.ngram_max, self.prefix) if g in self.vocab
            )
            cols = np.fromiter(counts.keys(), dtype=np.int64, count=len(counts))
            vals = (
                1.0 + np.log(np.fromiter(counts.values(), dtype=np.float64, count=len(counts)))
            ) * self.idf[cols]
            norm = np.linalg.norm(vals)
            out.append((cols, vals / norm if norm > 0 else vals))
        return out


@dataclass(frozen=True)
class _Model:
    reply: _Block
    context: _Block | None
    coef_reply: np.ndarray  # (8, |reply vocab|)
    coef_context: np.ndarray | None  # (8, |context vocab|)
    coef_reply_emb: np.ndarray | None  # (8, 384)
    coef_context_emb: np.ndarray | None  # (8, 384)
    intercept: np.ndarray  # (8,)
    weights: dict[str, float]  # block scale factors used in training
    name: str


@load_once
def _load(path: Path) -> _Model:
    if not path.is_file():
        raise ModelError(
            f"strategy classifier weights missing: {path} (run: python scripts/train_strategy_classifier.py)"
        )
    with np.load(path, allow_pickle=False) as z:
        data = {k: z[k] for k in z.files}
    classes = tuple(str(c) for c in data["classes"])
    if classes != STRATEGIES:
        raise ModelError(f"{path.name}: classes {classes} are not labels.STRATEGIES in order")

    def block(key: str) -> _Block | None:
        if f"{key}_vocab" not in data:
            return None
        return _Block(
            vocab={str(t): i for i, t in enumerate(data[f"{key}_vocab"])},
            idf=data[f"{key}_idf"].astype(np.float64),
            ngram_max=int(data[f"{key}_ngram_max"]),
            prefix=str(data[f"{key}_prefix"]),
        )

    def opt(key: str) -> np.ndarray | None:
        return data[key].astype(np.float64) if key in data else None

    return _Model(
        reply=block("reply"),
        context=block("context"),
        coef_reply=data["coef_reply"].astype(np.float64),
        coef_context=opt("coef_context"),
        coef_reply_emb=opt("coef_reply_emb"),
        coef_context_emb=opt("coef_context_emb"),
        intercept=data["intercept"].astype(np.float64),
        weights={str(k): float(v) for k, v in zip(data["weight_names"], data["weight_values"])},
        name=str(data["name"]),
    )


def _sparse_logits(block: _Block, coef: np.ndarray, texts: Sequence[str], weight: float) -> np.ndarray:
    return np.stack([coef[:, cols] @ vals for cols, vals in block.transform(texts)]) * weight


def weights_path(settings: Settings | None = None) -> Path:
    """Settings.strategy_classifier, else the shipped weights."""
    return (settings.strategy_classifier if settings is not None else None) or WEIGHTS


def predict_proba(
    replies: Sequence[str], contexts: Sequence[str] | None = None, settings: Settings | None = None
) -> np.ndarray:
    """(n, 8) strategy probabilities, columns in labels.STRATEGIES order; `contexts`: the seeker's words
    before each reply ("" or None when unknown); `settings` name the weights (the shipped ones when None)."""
    replies = [str(r or "") for r in replies]
    if not replies:
        return np.zeros((0, len(STRATEGIES)), dtype=np.float32)
    contexts = [str(c or "") for c in contexts] if contexts is not None else [""] * len(replies)
    if len(contexts) != len(replies):
        raise ValueError("replies and contexts differ in length")
    m = _load(weights_path(settings))
    logits = np.tile(m.intercept, (len(replies), 1))
    logits += _sparse_logits(m.reply, m.coef_reply, replies, m.weights.get("reply", 1.0))
    if m.context is not None and m.coef_context is not None:
        logits += _sparse_logits(m.context, m.coef_context, contexts, m.weights.get("context", 1.0))
    if m.coef_reply_emb is not None or m.coef_context_emb is not None:
        from mer_agents.embeddings import embed

        if m.coef_reply_emb is not None:
            logits += embed(replies).astype(np.float64) @ m.coef_reply_emb.T * m.weights.get("reply_emb", 1.0)
        if m.coef_context_emb is not None:
            ctx = embed(contexts).astype(np.float64)
            ctx[[not c.strip() for c in contexts]] = 0.0  # no context: a zero vector, as in training
            logits += ctx @ m.coef_context_emb.T * m.weights.get("context_emb", 1.0)
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    return (probs / probs.sum(axis=1, keepdims=True)).astype(np.float32)


def strategy_prob(reply: str, strategy: str, context: str = "", settings: Settings | None = None) -> float:
    """P(strategy | reply, context) for one of labels.STRATEGIES."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; expected one of {STRATEGIES}")
    return float(predict_proba([reply], [context], settings)[0, STRATEGIES.index(strategy)])


def model_name(settings: Settings | None = None) -> str:
    """A human-readable name with the held-out accuracy, e.g. for traces and the results tables."""
    return _load(weights_path(settings)).name
