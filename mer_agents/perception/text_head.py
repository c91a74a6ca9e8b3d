"""The MELD text-emotion head: feature construction, a portable weights file and numpy inference.

One module shared by the training script (scripts/train_text_head.py) and the runtime
(perception/text.py), so the features the head was trained on are exactly the features it is served.

Embedding features for an utterance u with preceding turns c_1..c_K (most recent last):
    [ e(u) , ctx_weight * ctx(c) , has_context ]          (mode "concat")
    [ normalise(e(u) + ctx_weight * ctx(c)) ]             (mode "mix")
    [ e(u) ]                                              (K = 0)
where e() is the L2-normalised MiniLM-L6 embedding and ctx() a recency-weighted mean of the context
embeddings (weight decay**distance), re-normalised. Members of the head:
  - "emb":   softmax layer or one-hidden-layer ReLU MLP over those features;
  - "tfidf": softmax layer over word uni/bigram TF-IDF of the utterance (catches the exclamations and
             swear words a sentence embedding smooths away).
Their probabilities are averaged (weights per member), shifted by a per-class log-prior offset, then
sharpened or softened by a temperature (p ** (1 / T), renormalised; T picked by held-out log-loss, 1 = off).
Everything is stored as plain arrays in one .npz (no pickle) with a JSON metadata string.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from mer_agents.cache import unique_temp
from mer_agents.errors import ModelError
from mer_agents.labels import EMOTIONS

FORMAT_VERSION = 2
HEAD_FILE = "head.npz"
ASSET_DIR = Path(__file__).resolve().parents[2] / "assets" / "text_head"
TOKEN_PATTERN = r"(?u)\b\w+\b|[!?]"  # words plus ! and ?, which carry emotion in MELD
NGRAM_MAX = 2

_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "—": " - ", "–": "-", "…": "...",
                         "\u00a0": " "})
_SPACES = re.compile(r"\s+")
_TOKEN = re.compile(TOKEN_PATTERN)


def normalise_text(text: str) -> str:
    """Typographic quotes/dashes → ASCII, NFC, single spaces: train (MELD) and runtime (ASR) text alike."""
    text = unicodedata.normalize("NFC", str(text)).translate(_QUOTES)
    return _SPACES.sub(" ", text).strip()


def ngrams(text: str) -> list[str]:
    """Lower-cased word uni/bigrams, exactly as sklearn's TfidfVectorizer(token_pattern, ngram_range) makes them."""
    tokens = _TOKEN.findall(text.lower())
    out = list(tokens)
    for n in range(2, NGRAM_MAX + 1):
        out.extend(" ".join(tokens[i:i + n]) for i in range(len(tokens) - n + 1))
    return out


def context_vector(context_emb: np.ndarray, decay: float) -> np.ndarray:
    """Recency-weighted mean of context embeddings (rows oldest → newest), re-normalised."""
    weights = decay ** np.arange(len(context_emb) - 1, -1, -1, dtype=np.float64)
    vec = (weights[:, None] * context_emb).sum(axis=0)
    norm = np.linalg.norm(vec)
    return (vec / norm if norm > 0 else vec).astype(np.float32)


@dataclass(frozen=True)
class FeatureSpec:
    """How utterance and context embeddings become one feature row."""

    context_turns: int = 0  # K preceding turns of the same dialogue; 0 = utterance only
    mode: str = "concat"  # "concat" or "mix"
    ctx_weight: float = 1.0  # scale of the context part
    decay: float = 0.7  # weight of a turn one step further back

    def features(self, utt_emb: np.ndarray, ctx_embs: Sequence[np.ndarray]) -> np.ndarray:
        """Feature matrix for a batch: utt_emb (n, d); ctx_embs[i] (k_i, d) holds the turns before item i."""
        if self.context_turns == 0:
            return utt_emb.astype(np.float32)
        d = utt_emb.shape[1]
        ctx = np.zeros_like(utt_emb, dtype=np.float32)
        has = np.zeros((len(utt_emb), 1), dtype=np.float32)
        for i, rows in enumerate(ctx_embs):
            rows = np.asarray(rows, dtype=np.float32).reshape(-1, d)[-self.context_turns:]
            if len(rows):
                ctx[i] = context_vector(rows, self.decay)
                has[i] = 1.0
        if self.mode == "mix":
            mixed = utt_emb + self.ctx_weight * ctx
            return (mixed / np.linalg.norm(mixed, axis=1, keepdims=True).clip(1e-8)).astype(np.float32)
        return np.hstack([utt_emb, self.ctx_weight * ctx, has]).astype(np.float32)


@dataclass
class Member:
    """One classifier of the head. kind "emb": arrays mean, scale, W1, b1[, W2, b2]; kind "tfidf": idf, W1, b1
    and the vocabulary (n-gram → row of W1)."""

    kind: str
    arrays: dict[str, np.ndarray]
    weight: float = 1.0
    vocab: dict[str, int] = field(default_factory=dict)

    def logits_emb(self, features: np.ndarray) -> np.ndarray:
        a = self.arrays
        h = ((features - a["mean"]) / a["scale"]) @ a["W1"] + a["b1"]
        if "W2" in a:
            h = np.maximum(h, 0.0) @ a["W2"] + a["b2"]
        return h

    def logits_tfidf(self, texts: Sequence[str]) -> np.ndarray:
        a = self.arrays
        out = np.tile(a["b1"], (len(texts), 1)).astype(np.float64)
        for i, text in enumerate(texts):
            counts = Counter(g for g in ngrams(text) if g in self.vocab)
            if not counts:
                continue
            idx = np.array([self.vocab[g] for g in counts])
            val = np.array([1.0 + math.log(c) for c in counts.values()]) * a["idf"][idx]
            val /= np.linalg.norm(val)
            out[i] += val @ a["W1"][idx]
        return out


@dataclass
class TextHead:
    spec: FeatureSpec
    members: list[Member]
    labels: tuple[str, ...] = EMOTIONS
    log_prior_shift: np.ndarray = field(default_factory=lambda: np.zeros(len(EMOTIONS)))
    meta: dict[str, Any] = field(default_factory=dict)
    temperature: float = 1.0  # argmax-invariant; chosen by log-loss on held-out data (heads before it: 1)

    @property
    def uses_embeddings(self) -> bool:
        return any(m.kind == "emb" for m in self.members)

    def predict_proba(self, features: np.ndarray | None, texts: Sequence[str]) -> np.ndarray:
        """features: FeatureSpec rows (None when no member needs them); texts: the normalised utterances."""
        probs = np.zeros((len(texts), len(self.labels)))
        total = 0.0
        for m in self.members:
            logits = m.logits_emb(features) if m.kind == "emb" else m.logits_tfidf(texts)
            probs += m.weight * _softmax(logits)
            total += m.weight
        probs = probs / total * np.exp(self.log_prior_shift)
        probs = probs / probs.sum(axis=1, keepdims=True)
        if self.temperature != 1.0:
            logp = np.log(np.clip(probs, 1e-300, None)) / self.temperature
            probs = np.exp(logp - logp.max(axis=1, keepdims=True))
            probs = probs / probs.sum(axis=1, keepdims=True)
        return probs

    def save(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, np.ndarray] = {"log_prior_shift": np.asarray(self.log_prior_shift, dtype=np.float32)}
        members_meta = []
        for i, m in enumerate(self.members):
            for key, value in m.arrays.items():
                arrays[f"m{i}_{key}"] = np.asarray(value, dtype=np.float32)
            if m.vocab:
                ordered = sorted(m.vocab, key=m.vocab.__getitem__)
                arrays[f"m{i}_vocab_json"] = np.frombuffer(json.dumps(ordered).encode("utf-8"), dtype=np.uint8)
            members_meta.append({"kind": m.kind, "weight": m.weight, "arrays": sorted(m.arrays)})
        meta = dict(self.meta, format_version=FORMAT_VERSION, labels=list(self.labels), members=members_meta,
                    spec=self.spec.__dict__, token_pattern=TOKEN_PATTERN, ngram_max=NGRAM_MAX,
                    temperature=self.temperature)
        arrays["meta_json"] = np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)
        path = directory / HEAD_FILE
        tmp = unique_temp(path)  # two trainers saving at once never rename each other's half-written file
        try:
            with open(tmp, "wb") as handle:  # a file object: np.savez would append .npz to a bare name
                np.savez_compressed(handle, **arrays)
            tmp.replace(path)
        finally:
            tmp.unlink(missing_ok=True)
        return path

    @classmethod
    def load(cls, directory: Path = ASSET_DIR) -> "TextHead":
        path = Path(directory) / HEAD_FILE
        if not path.is_file():
            raise ModelError(f"text-emotion head not found at {path} (rebuild: python scripts/train_text_head.py)")
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(bytes(data["meta_json"]).decode("utf-8"))
                if meta.get("format_version") != FORMAT_VERSION or tuple(meta["labels"]) != EMOTIONS:
                    raise ModelError(f"text-emotion head at {path} has an incompatible format; rebuild it")
                members = []
                for i, info in enumerate(meta["members"]):
                    arrays = {k: data[f"m{i}_{k}"].astype(np.float64) for k in info["arrays"]}
                    vocab = {}
                    if f"m{i}_vocab_json" in data.files:
                        words = json.loads(bytes(data[f"m{i}_vocab_json"]).decode("utf-8"))
                        vocab = {w: j for j, w in enumerate(words)}
                    members.append(Member(info["kind"], arrays, info["weight"], vocab))
                shift = data["log_prior_shift"].astype(np.float64)
        except (OSError, ValueError, KeyError) as exc:
            raise ModelError(f"text-emotion head at {path} is unreadable: {exc}") from exc
        return cls(spec=FeatureSpec(**meta["spec"]), members=members, labels=tuple(meta["labels"]),
                   log_prior_shift=shift, meta=meta, temperature=float(meta.get("temperature", 1.0)))


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)
