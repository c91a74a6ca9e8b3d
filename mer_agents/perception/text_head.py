"""The MELD text-emotion head: feature construction, a portable weights file and numpy inference.

One module shared by the training script (scripts/train_text_head.py) and the runtime
(perception/text.py), so the features the head was trained on are exactly the features it is served.

Embedding features for an utterance u with preceding turns c_1..c_K (most recent last):
    [ e(u) , ctx_weight * ctx(c) , has_context ]          (mode "concat")
    [ normalise(e(u) + ctx_weight * ctx(c)) ]             (mode "mix")
    [ e(u) ]                                              (K = 0)
where e() is the L2-normalised MiniLM-L6 embedding and ctx() a recency-weighted mean of the context
embeddings (weight decay**distance), re-normalised. With lexicon_weight > 0 the row also gets
lexicon_weight * lex(u): 18 counts of stated-emotion words ("angry", "terrified", "crying", "disgusting", ...;
see Lexicon): per emotion, the plain mentions, the negated ones ("not happy") and the ones said of oneself or
intensified ("I'm so angry", "I'm sick of it"). The head learns what they are worth from the data; they are
features, not rules. The word lists are stored in the head file, so a head reads the lexicon it was trained
with. Members of the head:
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

from mer_agents.cache import written_in_place
from mer_agents.errors import ModelError
from mer_agents.labels import EMOTIONS

FORMAT_VERSION = 2
HEAD_FILE = "head.npz"
ASSET_DIR = Path(__file__).resolve().parents[2] / "assets" / "text_head"
TOKEN_PATTERN = r"(?u)\b\w+\b|[!?]"  # words plus ! and ?, which carry emotion in MELD
NGRAM_MAX = 2

_QUOTES = str.maketrans(
    {"’": "'", "‘": "'", "“": '"', "”": '"', "—": " - ", "–": "-", "…": "...", "\u00a0": " "}
)
_SPACES = re.compile(r"\s+")
_TOKEN = re.compile(TOKEN_PATTERN)


def normalise_text(text: str) -> str:
    """Typographic quotes/dashes → ASCII, NFC, single spaces: train (MELD) and runtime (ASR) text alike."""
    text = unicodedata.normalize("NFC", str(text)).translate(_QUOTES)
    return _SPACES.sub(" ", text).strip()


def ngrams(text: str) -> list[str]:
    """Lower-cased word uni/bigrams, exactly as sklearn's TfidfVectorizer(token_pattern, ngram_range) makes
    them."""
    tokens = _TOKEN.findall(text.lower())
    out = list(tokens)
    for n in range(2, NGRAM_MAX + 1):
        out.extend(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return out


def context_vector(context_emb: np.ndarray, decay: float) -> np.ndarray:
    """Recency-weighted mean of context embeddings (rows oldest → newest), re-normalised."""
    weights = decay ** np.arange(len(context_emb) - 1, -1, -1, dtype=np.float64)
    vec = (weights[:, None] * context_emb).sum(axis=0)
    norm = np.linalg.norm(vec)
    return (vec / norm if norm > 0 else vec).astype(np.float32)


# Stated-emotion words (inflections listed; "a_b" is the two-word phrase "a b"). Plain everyday words a person
# uses to name a feeling or give an emotional verdict; written for this head, not taken from any data set.
LEXICON_WORDS: dict[str, tuple[str, ...]] = {
    "joy": tuple(
        """
        happy happier happiest happily happiness glad gladly thrilled delighted delightful overjoyed
        ecstatic excited exciting excitement excites joy joyful joyous cheerful elated proud pride grateful
        thankful relieved relief wonderful blessed yay hooray woohoo love loved loves loving enjoy enjoyed
        enjoys enjoying fun glee content satisfied pleased celebrate celebrating delights""".split()
    ),
    "sadness": tuple(
        """
        sad sadder saddest sadly sadness saddens unhappy depressed depressing depression depresses miserable
        heartbroken heartbreaking grief grieving grieve mourning lonely loneliness alone crying cry cried
        cries tears devastated hopeless hurt hurts hurting disappointed disappointing disappointment gloomy
        down upset sorrow empty worthless regret miss missed missing lost ashamed guilty""".split()
    ),
    "anger": tuple(
        """
        angry angrier angrily anger angers mad furious fury rage raging enraged enrages livid fuming
        outraged outrageous infuriating infuriated infuriates irritated irritating irritates annoyed
        annoying annoyance annoys pissed frustrated frustrating frustrates resent resentment hate hated
        hates hating sick_of fed_up""".split()
    ),
    "fear": tuple(
        """
        scared scares scary afraid fear fearful frightened frightening frightens terrified terrifying
        terrifies terror panic panicking panicked anxious anxiety nervous worried worry worrying worries
        dread dreading petrified horrified alarmed uneasy insecure threatened""".split()
    ),
    "surprise": tuple(
        """
        surprised surprise surprises surprising surprisingly shocked shocking shock shocks stunned stuns
        astonished astonishing amazed amazes unexpected unexpectedly speechless wow whoa omg
        unbelievable""".split()
    ),
    "disgust": tuple(
        """
        disgusted disgusting disgust disgusts gross grossed grosses gross_out revolting revolted revolts
        repulsive repulsed repulses nauseating nauseates nauseous sickening sickened sickens vile yuck ew
        eww ugh filthy nasty rotten gag gagged vomit vomiting puke""".split()
    ),
}
# VADER's negation words (Hutto & Gilbert 2014), in the spellings a transcript has; a negator up to 3 words
# before an emotion word negates it, except "can't stop / can't help (crying)" and comparatives ("couldn't
# be happier").
NEGATORS = tuple(
    """
    not no never nothing nobody none nor neither without hardly barely rarely seldom cannot dont don't
    didn't didnt doesn't doesnt isn't isnt aren't arent wasn't wasnt weren't werent can't cant couldn't
    couldnt won't wont wouldn't wouldnt shouldn't shouldnt haven't havent hasn't hasnt hadn't hadnt
    ain't aint n't""".split()
)
NOT_NEGATING_AFTER = ("stop", "help", "believe", "wait")
COMPARATIVES = ("happier", "happiest", "sadder", "angrier", "prouder", "better")
NEGATION_WINDOW = 3
# "I'm / I feel / makes me / so ..." right before the emotion word (a few intensifiers may sit between).
SELF_FRAME = (
    r"\b(?:i'm|i am|im|i feel|i felt|i was|i've been|i have been|i get|i got|makes me|made me|"
    r"make me|making me|so|really|very|totally|absolutely)\s+(?:(?:so|really|very|just|feeling|"
    r"getting|becoming)\s+)*([a-z]+)(?:(?=\s+([a-z]+)))?"
)
_LEX_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")


def lexicon_tokens(text: str) -> list[str]:
    """The words the Lexicon reads: normalised, lower-cased, apostrophes kept ("can't")."""
    return _LEX_TOKEN.findall(normalise_text(text).lower())


@dataclass
class Lexicon:
    """Counts of stated-emotion words: per emotion of `classes`, [plain, negated] mentions (log1p), then one
    flag per emotion for a mention in a first-person / intensifier frame ("I'm so angry"), not negated."""

    words: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(LEXICON_WORDS))
    negators: tuple[str, ...] = NEGATORS
    not_negating_after: tuple[str, ...] = NOT_NEGATING_AFTER
    comparatives: tuple[str, ...] = COMPARATIVES
    window: int = NEGATION_WINDOW
    frame: str = SELF_FRAME

    def __post_init__(self) -> None:
        self.classes = list(self.words)
        self._word = {w.replace("_", " "): c for c, ws in self.words.items() for w in ws}
        self._neg, self._keep = set(self.negators), set(self.not_negating_after)
        self._cmp = set(self.comparatives)
        self._frame = re.compile(self.frame)

    @property
    def width(self) -> int:
        return 3 * len(self.classes)

    def _negated(self, toks: list[str], i: int) -> bool:
        if toks[i] in self._cmp:
            return False
        return any(
            toks[j] in self._neg and not (j + 1 < len(toks) and toks[j + 1] in self._keep)
            for j in range(max(0, i - self.window), i)
        )

    def mentions(self, text: str) -> list[tuple[str, str, bool]]:
        """(word or two-word phrase, emotion, negated) for each stated-emotion word of `text`, in order."""
        return self._mentions(lexicon_tokens(text))

    def _mentions(self, toks: list[str]) -> list[tuple[str, str, bool]]:
        out = []
        for i, tok in enumerate(toks):
            found = [tok] if tok in self._word else []
            if i + 1 < len(toks) and f"{tok} {toks[i + 1]}" in self._word:
                found.append(f"{tok} {toks[i + 1]}")
            out += [(w, self._word[w], self._negated(toks, i)) for w in found]
        return out

    def counts(self, text: str) -> np.ndarray:
        low = normalise_text(text).lower()
        toks = _LEX_TOKEN.findall(low)
        n = len(self.classes)
        out = np.zeros(3 * n, dtype=np.float32)
        for _, c, negated in self._mentions(toks):
            out[2 * self.classes.index(c) + int(negated)] += 1
        out[: 2 * n] = np.log1p(out[: 2 * n])
        for m in self._frame.finditer(low):
            c = self._word.get(f"{m.group(1)} {m.group(2)}") or self._word.get(m.group(1))
            before = _LEX_TOKEN.findall(low[: m.start()])[-self.window :]
            if c is not None and not any(t in self._neg for t in before):
                out[2 * n + self.classes.index(c)] = 1.0
        return out

    def matrix(self, texts: Sequence[str]) -> np.ndarray:
        return (
            np.vstack([self.counts(t) for t in texts])
            if len(texts)
            else np.zeros((0, self.width), dtype=np.float32)
        )

    def to_meta(self) -> dict[str, Any]:
        return {
            "words": {c: list(ws) for c, ws in self.words.items()},
            "negators": list(self.negators),
            "not_negating_after": list(self.not_negating_after),
            "comparatives": list(self.comparatives),
            "window": self.window,
            "frame": self.frame,
        }

    @classmethod
    def from_meta(cls, meta: dict[str, Any]) -> "Lexicon":
        return cls(
            words={c: tuple(ws) for c, ws in meta["words"].items()},
            negators=tuple(meta["negators"]),
            not_negating_after=tuple(meta["not_negating_after"]),
            comparatives=tuple(meta["comparatives"]),
            window=int(meta["window"]),
            frame=meta["frame"],
        )


@dataclass(frozen=True)
class FeatureSpec:
    """How utterance and context embeddings become one feature row."""

    context_turns: int = 0  # K preceding turns of the same dialogue; 0 = utterance only
    mode: str = "concat"  # "concat" or "mix"
    ctx_weight: float = 1.0  # scale of the context part
    decay: float = 0.7  # weight of a turn one step further back
    lexicon_weight: float = 0.0  # scale of the stated-emotion-word block (0 = no block)

    def features(
        self,
        utt_emb: np.ndarray,
        ctx_embs: Sequence[np.ndarray],
        texts: Sequence[str] | None = None,
        lexicon: Lexicon | None = None,
    ) -> np.ndarray:
        """Feature matrix for a batch: utt_emb (n, d); ctx_embs[i] (k_i, d) holds the turns before item i;
        texts (the utterances) and the lexicon are needed when lexicon_weight > 0."""
        x = self._embedding_features(utt_emb, ctx_embs)
        if self.lexicon_weight:
            if texts is None or lexicon is None or len(texts) != len(x):
                raise ValueError("this feature spec has a lexicon block: pass the utterances and the lexicon")
            x = np.hstack([x, self.lexicon_weight * lexicon.matrix(texts)]).astype(np.float32)
        return x

    def _embedding_features(self, utt_emb: np.ndarray, ctx_embs: Sequence[np.ndarray]) -> np.ndarray:
        if self.context_turns == 0:
            return utt_emb.astype(np.float32)
        d = utt_emb.shape[1]
        ctx = np.zeros_like(utt_emb, dtype=np.float32)
        has = np.zeros((len(utt_emb), 1), dtype=np.float32)
        for i, rows in enumerate(ctx_embs):
            rows = np.asarray(rows, dtype=np.float32).reshape(-1, d)[-self.context_turns :]
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
    lexicon: Lexicon | None = None  # the stated-emotion words of spec.lexicon_weight's block

    @property
    def uses_embeddings(self) -> bool:
        return any(m.kind == "emb" for m in self.members)

    def features(
        self, utt_emb: np.ndarray, ctx_embs: Sequence[np.ndarray], texts: Sequence[str]
    ) -> np.ndarray:
        """The embedding members' input rows for these utterances (texts normalised, as for predict_proba)."""
        return self.spec.features(utt_emb, ctx_embs, texts, self.lexicon)

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
        arrays: dict[str, np.ndarray] = {
            "log_prior_shift": np.asarray(self.log_prior_shift, dtype=np.float32)
        }
        members_meta = []
        for i, m in enumerate(self.members):
            for key, value in m.arrays.items():
                arrays[f"m{i}_{key}"] = np.asarray(value, dtype=np.float32)
            if m.vocab:
                ordered = sorted(m.vocab, key=m.vocab.__getitem__)
                arrays[f"m{i}_vocab_json"] = np.frombuffer(
                    json.dumps(ordered).encode("utf-8"), dtype=np.uint8
                )
            members_meta.append({"kind": m.kind, "weight": m.weight, "arrays": sorted(m.arrays)})
        if self.spec.lexicon_weight and self.lexicon is None:
            raise ValueError("a head whose features have a lexicon block needs its lexicon")
        meta = dict(
            self.meta,
            format_version=FORMAT_VERSION,
            labels=list(self.labels),
            members=members_meta,
            spec=self.spec.__dict__,
            token_pattern=TOKEN_PATTERN,
            ngram_max=NGRAM_MAX,
            temperature=self.temperature,
        )
        if self.lexicon is not None:
            meta["lexicon"] = self.lexicon.to_meta()
        arrays["meta_json"] = np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)
        path = directory / HEAD_FILE
        # a unique temporary file: two trainers saving at once never rename each other's half-written file
        with written_in_place(path) as tmp, open(tmp, "wb") as handle:
            np.savez_compressed(handle, **arrays)  # a file object: np.savez would append .npz to a bare name
        return path

    @classmethod
    def load(cls, directory: Path = ASSET_DIR) -> "TextHead":
        path = Path(directory) / HEAD_FILE
        if not path.is_file():
            raise ModelError(
                f"text-emotion head not found at {path} (rebuild: python scripts/train_text_head.py)"
            )
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
            spec = FeatureSpec(**meta["spec"])
            lexicon = Lexicon.from_meta(meta["lexicon"]) if "lexicon" in meta else None
            if spec.lexicon_weight and lexicon is None:
                raise ValueError("its features have a lexicon block but the file holds no lexicon")
        except (OSError, ValueError, KeyError, TypeError, re.error) as exc:
            raise ModelError(f"text-emotion head at {path} is unreadable: {exc}") from exc
        return cls(
            spec=spec,
            members=members,
            labels=tuple(meta["labels"]),
            log_prior_shift=shift,
            meta=meta,
            temperature=float(meta.get("temperature", 1.0)),
            lexicon=lexicon,
        )


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)
